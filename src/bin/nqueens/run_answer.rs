//! The default command: the Checker Challenge answer for one board size.

use std::fmt::Write as _;
use std::time::Instant;

use nqueens::{Answer, Placements, first_placements, lookup, solve, verify, write_challenge};
use serde::Serialize;

use crate::cli::AnswerArgs;
use crate::count::run::{all_cores, total, whole};
use crate::failure::Failure;
use crate::{input, output, published_check, verified};

/// The `--json` form of the answer.
#[derive(Serialize)]
struct Report {
    n: u32,
    total: u128,
    /// The first placements, each as 1-based columns.
    placements: Vec<Vec<u32>>,
    /// "table" (built at compile time), "solver" (the plain const solver at run time)
    /// or "engine" (first placements from the solver, total from the counting engine).
    source: &'static str,
    /// "match" or "unknown": the comparison with the published (OEIS) total.
    published: published_check::Status,
}

/// Prints the answer for the requested size, after verifying it when asked.
///
/// Table sizes come from the table. Other sizes take their first placements from the
/// const solver (which stops after three) and their total from the counting engine.
/// `--solve` runs the plain const solver for everything; `--verify` re-derives the
/// answer with the solver and the reference search, and checks the engine against it.
pub fn run(args: &AnswerArgs) -> Result<(), Failure> {
    if let Some(word) = args.size.n.as_deref().and_then(|n| n.to_str()) {
        crate::cli::not_a_command(word)?;
    }
    input::no_extra(&args.size.extra)?;
    let n = input::board_size(args.size.n.as_deref())?;
    let (placements, total, source) = if args.solve || args.verify {
        let answer = solved(n)?;
        if args.verify {
            check(&answer)?;
        }
        (answer.first_placements(), answer.total(), "solver")
    } else if let Some(entry) = lookup(n) {
        (entry.first_placements(), entry.total(), "table")
    } else {
        return counted(n, args);
    };
    let status = published_check::check(n, total, None)?;
    let text = if args.json {
        json(n, &placements, total, source, status)?
    } else {
        let mut text = String::new();
        // Writing into a String cannot fail.
        let _ = write_challenge(&mut text, placements.as_slice(), total);
        text
    };
    output::deliver(&text)
}

/// Sizes past the table: the first placements at once (the solver stops after the
/// third), then the total from the counting engine, announced and with progress like
/// `count`.
fn counted(n: u32, args: &AnswerArgs) -> Result<(), Failure> {
    let first = first_placements(n).ok_or_else(|| input::out_of_range(n))?;
    if !args.json {
        let mut lines = String::new();
        for placement in first.as_slice() {
            // Writing into a String cannot fail.
            let _ = writeln!(lines, "{placement}");
        }
        output::deliver(&lines)?;
    }
    let counts = whole(n, all_cores(), args.quiet)?;
    let status = published_check::check(n, counts.total, Some(counts.unique))?;
    if args.json {
        output::deliver(&json(n, &first, counts.total, "engine", status)?)
    } else {
        output::deliver(&format!("{}\n", counts.total))
    }
}

fn json(
    n: u32,
    placements: &Placements,
    total: u128,
    source: &'static str,
    published: published_check::Status,
) -> Result<String, Failure> {
    let report = Report {
        n,
        total,
        placements: placements
            .as_slice()
            .iter()
            .map(|p| p.columns().collect())
            .collect(),
        source,
        published,
    };
    crate::output::json_line(&report)
}

/// The `--verify` check: the table entry (when there is one) must equal the fresh
/// answer, which must pass `nqueens::verify`, and the counting engine must agree on
/// the total. Reports on stderr so stdout stays the answer alone.
fn check(answer: &Answer) -> Result<(), Failure> {
    let n = answer.n();
    let started = Instant::now();
    if lookup(n).is_some_and(|entry| entry != answer) {
        return Err(Failure::Found(format!(
            "n={n}: table entry differs from the solver"
        )));
    }
    let checked = verify(answer).map_err(|m| Failure::Found(m.to_string()))?;
    let engine = total(n, all_cores())?.total;
    if engine != answer.total() {
        return Err(Failure::Found(format!(
            "n={n}: counting engine total {engine} disagrees with the solver ({})",
            answer.total()
        )));
    }
    crate::failure::say(&format!(
        "{}; counting engine agrees",
        verified::describe(lookup(n).is_some(), &checked, started.elapsed())
    ));
    Ok(())
}

/// The whole answer from the plain const solver, run natively.
fn solved(n: u32) -> Result<Answer, Failure> {
    solve(n).ok_or_else(|| input::out_of_range(n))
}
