//! Writing results to stdout, quietly when the reader is gone.
//!
//! A closed pipe (`nqueens solutions 12 | head`) is not an error: the reader got what it
//! wanted, so the command stops and exits 0. Any other failure, such as a full disk,
//! is reported.

use std::io::{BufWriter, ErrorKind, StdoutLock, Write};

use crate::failure::Failure;

/// Writes `text` to stdout and flushes it.
pub fn print(text: &str) -> Result<(), Failure> {
    let mut out = Stream::new();
    out.write(text.as_bytes())?;
    out.finish()
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
    pub fn finish(mut self) -> Result<(), Failure> {
        if self.closed {
            return Ok(());
        }
        let result = self.out.flush();
        self.settle(result).map(|_| ())
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
