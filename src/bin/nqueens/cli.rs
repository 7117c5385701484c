//! Command-line definition (clap derive) and the handling of clap's own errors.

use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{Args, Parser, Subcommand};

/// Exact N-Queens answers: instant for the Checker Challenge sizes, computed otherwise.
///
/// With no subcommand, prints the Checker Challenge answer for board size N: the first
/// three placements in lexicographic order (one 1-based column per row), then the total.
/// Sizes 6 to 13 come from a table built at compile time by the same solver; the totals
/// of other sizes come from the counting engine (`nqueens count`).
#[derive(Parser, Debug)]
#[command(
    name = "nqueens",
    version,
    args_conflicts_with_subcommands = true,
    after_help = "Examples:\n  nqueens 8\n  echo 8 | nqueens\n  nqueens 13 --verify\n  nqueens verify\n  nqueens count 16\n  nqueens count 16 --unique --threads 2 --json"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub answer: AnswerArgs,
}

/// Options of the default command (the Checker Challenge answer).
#[derive(Args, Debug)]
pub struct AnswerArgs {
    /// Board size, 1 to 32. Read from stdin when omitted.
    // Negative numbers reach our parser, which names them in its error, instead of
    // being reported as unknown flags.
    #[arg(value_name = "N", allow_negative_numbers = true)]
    pub n: Option<String>,
    /// Anything after N: collected only to name it in a clear error.
    #[arg(hide = true, allow_negative_numbers = true)]
    pub extra: Vec<String>,
    /// Re-derive the answer at run time (native solver and an independent reference
    /// search) and report the check on stderr; exit 1 on any mismatch.
    #[arg(long)]
    pub verify: bool,
    /// Compute the whole answer with the plain const solver at run time, instead of the
    /// table and the counting engine (slow past n = 16).
    #[arg(long)]
    pub solve: bool,
}

/// Options of `nqueens count`.
#[derive(Args, Debug)]
pub struct CountArgs {
    /// Board size, 1 to 32. Read from stdin when omitted.
    #[arg(value_name = "N", allow_negative_numbers = true)]
    pub n: Option<String>,
    /// Anything after N: collected only to name it in a clear error.
    #[arg(hide = true, allow_negative_numbers = true)]
    pub extra: Vec<String>,
    /// Print the number of placements distinct up to rotation and reflection (OEIS
    /// A002562) instead of the total.
    #[arg(long)]
    pub unique: bool,
    /// Worker threads [default: one per core].
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// Print n, total, unique (with --unique), threads, elapsed seconds, nodes and
    /// subtasks as one JSON object.
    #[arg(long)]
    pub json: bool,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the placements of an N×N board exactly, on every core: one search per
    /// symmetry class of border constellations, weighted by the class size.
    Count(CountArgs),
    /// Re-derive every table entry (n = 6..=13) at run time, two independent ways, and
    /// check every listed placement; exit 1 on any mismatch.
    Verify,
}

/// Help and version go to stdout with exit 0; every real error becomes one line on
/// stderr with exit 2 (clap's own rendering adds usage and tips on further lines).
pub fn exit_for_parse_error(err: &clap::Error) -> ExitCode {
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            // A closed stdout is not worth a second error.
            let _ = err.print();
            ExitCode::SUCCESS
        }
        _ => {
            let rendered = err.render().to_string();
            let first = rendered
                .lines()
                .next()
                .unwrap_or("error: invalid arguments");
            let first = first.strip_prefix("error: ").unwrap_or(first);
            eprintln!(
                "error: {}; see 'nqueens --help'",
                crate::failure::shorten(first, 200)
            );
            ExitCode::from(2)
        }
    }
}
