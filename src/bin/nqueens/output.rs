//! Writing results to stdout: everything at once, and quietly when the reader is gone.

use std::io::{ErrorKind, Write as _};

use crate::failure::Failure;

/// Writes `text` to stdout and flushes it.
///
/// A closed pipe (`nqueens 8 | head -1`) is not an error: the reader got what it wanted.
/// Any other failure, such as a full disk, is reported.
pub fn print(text: &str) -> Result<(), Failure> {
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(Failure::Io(format!("cannot write to stdout: {e}"))),
    }
}
