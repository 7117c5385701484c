//! Writing to stdout, and what a closed pipe means.
//!
//! - A listing or a document (`solutions`, `trace`, `show`, `compare`, help, completions,
//!   the man page) cut short by its reader (`nqueens solutions 12 | head`) is not an
//!   error: the reader got what it wanted, so the command stops and exits 0 ([`print`],
//!   [`Stream`]).
//! - A result (a count's total, `merge`, `nqueens N`, `check`, `verify`, a shard on
//!   `--output -`) that does not reach its reader is lost, so the run fails: one line on
//!   stderr and exit code 1 ([`deliver`]). A count that took hours must not look like a
//!   success to a script.
//!
//! Any other failure to write, such as a full disk, is reported either way.

use std::io::{BufWriter, ErrorKind, StdoutLock, Write};

use crate::failure::Failure;

/// `seconds` rounded to the millisecond, as the records give times: `7.9`, not
/// `7.8998229879999995`.
pub fn millis(seconds: f64) -> f64 {
    (seconds * 1000.0).round() / 1000.0
}

/// `value` as one line of JSON, as every command's `--json` prints it.
pub fn json_line(value: &impl serde::Serialize) -> Result<String, Failure> {
    serde_json::to_string(value)
        .map(|json| format!("{json}\n"))
        .map_err(|e| Failure::Io(format!("cannot encode JSON: {e}")))
}

/// Writes a listing or a document to stdout and flushes it; quietly nothing once the
/// reader is gone.
pub fn print(text: &str) -> Result<(), Failure> {
    let mut out = Stream::new();
    out.write(text.as_bytes())?;
    out.finish()
}

/// Writes a result to stdout and flushes it; a failure if the reader is gone before
/// all of it is written.
pub fn deliver(text: &str) -> Result<(), Failure> {
    deliver_noting(text, "")
}

/// [`deliver`], with `note` (from `; `) ending the message if the result is lost: where
/// it was saved, for a count that checkpoints.
pub fn deliver_noting(text: &str, note: &str) -> Result<(), Failure> {
    let mut out = Stream::new();
    let written = out.write(text.as_bytes())?;
    if written && !out.closed_at_finish()? {
        return Ok(());
    }
    Err(Failure::Io(format!(
        "the result was not delivered: standard output was closed (broken pipe){note}"
    )))
}

/// Buffered stdout for commands that write a lot. Each call says whether the reader is
/// still there; once it is gone, further writes do nothing.
pub struct Stream {
    out: BufWriter<StdoutLock<'static>>,
    closed: bool,
}

impl Stream {
    pub fn new() -> Self {
        Stream {
            out: BufWriter::with_capacity(1 << 16, std::io::stdout().lock()),
            closed: false,
        }
    }

    /// Writes `bytes`; `Ok(false)` once the reader has closed the pipe.
    pub fn write(&mut self, bytes: &[u8]) -> Result<bool, Failure> {
        if self.closed {
            return Ok(false);
        }
        let result = self.out.write_all(bytes);
        self.settle(result)
    }

    /// Flushes what is buffered.
    pub fn finish(self) -> Result<(), Failure> {
        self.closed_at_finish().map(|_| ())
    }

    /// Flushes what is buffered; `Ok(true)` if the reader was gone before all of it
    /// was written.
    fn closed_at_finish(mut self) -> Result<bool, Failure> {
        if self.closed {
            return Ok(true);
        }
        let result = self.out.flush();
        self.settle(result).map(|written| !written)
    }

    fn settle(&mut self, result: std::io::Result<()>) -> Result<bool, Failure> {
        match result {
            Ok(()) => Ok(true),
            Err(e) if e.kind() == ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(false)
            }
            Err(e) => Err(Failure::Io(format!("cannot write to stdout: {e}"))),
        }
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        // Whatever is left was either flushed by `finish` or belongs to a failed run;
        // a write error here has nowhere to go.
        if !self.closed {
            let _ = self.out.flush();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_given_to_the_millisecond() {
        let times = [
            7.899_822_987_999_999_5,
            0.000_4,
            15.897_015_454_000_002,
            1e12 + 0.123_4,
        ];
        let json = json_line(&times.map(millis)).unwrap();
        assert_eq!(json, "[7.9,0.0,15.897,1000000000000.123]\n");
    }
}
