//! The line that says what a verification checked for one size, and how long it took:
//! printed by `nqueens verify` for each table entry, and by `nqueens N --verify`.

use std::time::Duration;

use nqueens::Verified;

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

pub fn millis(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}
