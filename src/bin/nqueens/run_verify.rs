//! `nqueens verify`: re-derive the whole build-time table at run time.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use nqueens::{TABLE_MAX, TABLE_MIN, Verified, table, verify};

use crate::failure::Failure;
use crate::output;

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
                output::print(&report)?;
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
    output::print(&report)
}

/// One line saying what was checked for one size and how long it took.
pub fn describe(table: bool, checked: &Verified, took: Duration) -> String {
    let nodes = match checked.nodes {
        1 => "1 node".to_owned(),
        k => format!("{k} nodes"),
    };
    let placements = match checked.placements {
        0 => "no placements to check".to_owned(),
        1 => "1 placement valid".to_owned(),
        k => format!("{k} placements valid, distinct and in order"),
    };
    let table = if table { " = table" } else { "" };
    format!(
        "n={}: ok: total {} = native solver ({nodes}) = reference search{table}; \
         {placements}; {}",
        checked.n,
        checked.total,
        millis(took)
    )
}

fn millis(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}
