//! The default command: the Checker Challenge answer for one board size.

use std::time::Instant;

use nqueens::{lookup, solve, verify, write_challenge, Answer, MAX_N};

use crate::cli::AnswerArgs;
use crate::failure::Failure;
use crate::{input, output, run_verify};

/// Prints the answer for the requested size, after verifying it when asked.
pub fn run(args: &AnswerArgs) -> Result<(), Failure> {
    if let Some(extra) = args.extra.first() {
        return Err(input::one_size_only(extra));
    }
    let n = input::board_size(args.n.as_deref())?;
    let from_table = if args.solve { None } else { lookup(n) };
    let answer = match from_table {
        Some(entry) => *entry,
        None => computed(n)?,
    };
    if args.verify {
        let started = Instant::now();
        let checked = verify(&answer).map_err(|m| Failure::Found(m.to_string()))?;
        let source = if from_table.is_some() {
            "table"
        } else {
            "run-time answer"
        };
        eprintln!(
            "{}",
            run_verify::describe(source, &checked, started.elapsed())
        );
    }
    let mut text = String::new();
    // Writing into a String cannot fail.
    let _ = write_challenge(&mut text, answer.placements(), answer.total());
    output::print(&text)
}

/// An answer computed at run time by the same solver that built the table.
fn computed(n: u32) -> Result<Answer, Failure> {
    solve(n).ok_or_else(|| Failure::Usage(format!("board size {n} is outside 1..={MAX_N}")))
}
