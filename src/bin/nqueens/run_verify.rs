//! `nqueens verify`: re-derive the whole build-time table at run time.

use std::fmt::Write as _;
use std::time::Instant;

use nqueens::{TABLE_MAX, TABLE_MIN, table, verify};

use crate::failure::Failure;
use crate::output;
use crate::verified::{describe, millis};

/// Checks every table entry; prints one line per entry and a summary, or fails on the
/// first mismatch (after printing the entries that passed).
pub fn all() -> Result<(), Failure> {
    let started = Instant::now();
    let mut report = String::new();
    for entry in table() {
        let one = Instant::now();
        match verify(entry) {
            Ok(checked) => {
                let _ = writeln!(report, "{}", describe(true, &checked, one.elapsed()));
            }
            Err(mismatch) => {
                output::deliver(&report)?;
                return Err(Failure::Found(format!("table entry {mismatch}")));
            }
        }
    }
    let _ = writeln!(
        report,
        "verified {} table entries (n={TABLE_MIN}..={TABLE_MAX}) in {}",
        table().len(),
        millis(started.elapsed())
    );
    output::deliver(&report)
}
