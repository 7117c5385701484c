//! How a run fails: one line on stderr and an exit code that says whose fault it was.

use std::process::ExitCode;

/// A failed run. Nothing has been written to stdout when one is returned, except for
/// `Silent`, and for a mismatch found after passing entries were reported.
#[derive(Debug)]
pub enum Failure {
    /// Bad arguments or input: exit code 2, like clap, coreutils and ripgrep.
    Usage(String),
    /// The work was done and found something wrong (a verification mismatch): exit 1.
    Found(String),
    /// Output could not be written (but not a closed pipe, which ends quietly): exit 1.
    Io(String),
    /// The command already reported on stdout and only sets the exit code (an invalid
    /// placement for `check`).
    Silent(u8),
}

impl Failure {
    /// The message alone, on one line: control characters that came from the input
    /// (a file name, a field of a damaged file) are escaped, and very long messages cut.
    pub fn message(&self) -> String {
        match self {
            Failure::Usage(m) | Failure::Found(m) | Failure::Io(m) => shorten(m, 400),
            Failure::Silent(code) => format!("exit code {code}"),
        }
    }

    /// Prints the one-line message and picks the exit code.
    pub fn report(self) -> ExitCode {
        let code = match self {
            Failure::Usage(_) => 2,
            Failure::Found(_) | Failure::Io(_) => 1,
            Failure::Silent(code) => return ExitCode::from(code),
        };
        let message = self.message();
        say(&format!("error: {message}"));
        ExitCode::from(code)
    }
}

/// Writes `line` to stderr. Not `eprintln!`, which panics where stderr cannot be
/// written (`2>/dev/full`, a closed terminal): the exit code then says what the line
/// would have.
pub fn say(line: &str) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// Shortens a value for an error message, so a megabyte-long argument stays one line.
/// Control characters are escaped so the message cannot break the line.
pub fn quote(value: &str) -> String {
    format!("'{}'", shorten(value, 40))
}

/// At most `limit` characters of `text`, control characters escaped, `...` when cut.
pub fn shorten(text: &str, limit: usize) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(limit).collect();
    let head: String = head
        .chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect();
    if chars.next().is_some() {
        format!("{head}...")
    } else {
        head
    }
}
