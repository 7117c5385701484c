//! Command-line definition (clap derive) and the handling of clap's own errors.

use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{Args, Parser, Subcommand};

/// Exact N-Queens answers: instant for the Checker Challenge sizes, computed otherwise.
///
/// With no subcommand, prints the Checker Challenge answer for board size N: the first
/// three placements in lexicographic order (one 1-based column per row), then the total.
/// Sizes 6 to 13 come from a table built at compile time by the same solver.
#[derive(Parser, Debug)]
#[command(
    name = "nqueens",
    version,
    args_conflicts_with_subcommands = true,
    after_help = "Examples:\n  nqueens 8\n  echo 8 | nqueens\n  nqueens 13 --verify\n  nqueens verify"
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
    /// Compute the answer at run time instead of reading the build-time table.
    #[arg(long)]
    pub solve: bool,
}

#[derive(Subcommand, Debug)]
pub enum Command {
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
