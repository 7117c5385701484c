//! `nqueens check`: is this placement valid, and if not, which queens attack.

use std::fmt::Write as _;

use crate::cli::CheckArgs;
use crate::failure::Failure;
use crate::{input, output};

/// Checks the columns given as arguments, or read from stdin when there are none.
/// Valid: exit 0. Attacking queens: every pair listed, exit 1. Malformed: exit 2.
pub fn run(args: &CheckArgs) -> Result<(), Failure> {
    // The arguments are read as one text, so that `check 1, 5, 8` (a comma ending an
    // argument) reads as `1, 5, 8` does.
    let text = if args.columns.is_empty() {
        input::stdin_text("a placement")?
    } else {
        let mut words = Vec::new();
        for arg in &args.columns {
            words.push(input::utf8(arg, "column", input::PLACEMENT_ACCEPTED)?);
        }
        words.join(" ")
    };
    let placement = input::placement(&input::column_words(&text)?)?;
    let mut report = String::new();
    let conflicts: Vec<_> = placement.conflicts().collect();
    if conflicts.is_empty() {
        let queens = if placement.n() == 1 {
            "queen"
        } else {
            "queens"
        };
        let _ = writeln!(
            report,
            "valid: {placement} ({} {queens}, none attacked)",
            placement.n()
        );
        return output::deliver(&report);
    }
    let pairs = if conflicts.len() == 1 {
        "pair"
    } else {
        "pairs"
    };
    let _ = writeln!(
        report,
        "invalid: {placement} has {} attacking {pairs}",
        conflicts.len()
    );
    for conflict in &conflicts {
        let _ = writeln!(report, "{conflict}");
    }
    output::deliver(&report)?;
    Err(Failure::Silent(1))
}
