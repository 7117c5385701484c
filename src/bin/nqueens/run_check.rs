//! `nqueens check`: is this placement valid, and if not, which queens attack.

use std::fmt::Write as _;

use nqueens::{Placement, MAX_N};

use crate::cli::CheckArgs;
use crate::failure::{quote, Failure};
use crate::{input, output};

/// Checks the columns given as arguments, or read from stdin when there are none.
/// Valid: exit 0. Attacking queens: every pair listed, exit 1. Malformed: exit 2.
pub fn run(args: &CheckArgs) -> Result<(), Failure> {
    let words: Vec<String> = if args.columns.is_empty() {
        input::stdin_text("a placement")?
            .split_ascii_whitespace()
            .map(str::to_owned)
            .collect()
    } else {
        args.columns
            .iter()
            .flat_map(|a| {
                a.split_ascii_whitespace()
                    .map(str::to_owned)
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    let placement = parse(&words)?;
    let mut report = String::new();
    let conflicts: Vec<_> = placement.conflicts().collect();
    if conflicts.is_empty() {
        let _ = writeln!(
            report,
            "valid: {placement} ({} queens, none attacked)",
            placement.n()
        );
        return output::print(&report);
    }
    let _ = writeln!(
        report,
        "invalid: {placement} has {} attacking pairs",
        conflicts.len()
    );
    for conflict in &conflicts {
        let _ = writeln!(report, "{conflict}");
    }
    output::print(&report)?;
    Err(Failure::Silent(1))
}

const ACCEPTED: &str =
    "expected 1 to 32 columns, each a whole number from 1 to the number of columns";

/// The columns as a placement; every malformed input is a usage error naming it.
fn parse(words: &[String]) -> Result<Placement, Failure> {
    if words.is_empty() {
        return Err(Failure::Usage(format!("empty placement; {ACCEPTED}")));
    }
    if words.len() > MAX_N as usize {
        return Err(Failure::Usage(format!(
            "{} columns given; {ACCEPTED}",
            words.len()
        )));
    }
    let n = words.len();
    let mut columns = Vec::with_capacity(n);
    for (row, word) in words.iter().enumerate() {
        let column = word
            .bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| word.parse::<u32>().ok())
            .flatten()
            .filter(|c| (1..=n as u32).contains(c))
            .ok_or_else(|| {
                Failure::Usage(format!(
                    "column {} in row {} is not a whole number from 1 to {n}; {ACCEPTED}",
                    quote(word),
                    row + 1
                ))
            })?;
        columns.push(column);
    }
    Placement::new(&columns).map_err(|e| Failure::Usage(e.to_string()))
}
