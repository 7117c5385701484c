//! The `nqueens` command line: the Checker Challenge answer, the table check and exact
//! counts.

mod checksum;
mod cli;
mod count;
mod failure;
mod input;
mod numbers;
mod output;
mod published_check;
mod run_answer;
mod run_check;
mod run_compare;
mod run_docs;
mod run_show;
mod run_solutions;
mod run_trace;
mod run_verify;
mod verified;

use std::process::ExitCode;

use clap::Parser as _;

use crate::cli::{Cli, Command};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return cli::exit_for_parse_error(&err),
    };
    let result = match cli.command {
        Some(Command::Verify) => run_verify::all(),
        Some(Command::Count(args)) => count::command::run(&args),
        Some(Command::Merge(args)) => count::merge::run(&args),
        Some(Command::Compare(args)) => run_compare::run(&args),
        Some(Command::Solutions(args)) => run_solutions::run(&args),
        Some(Command::Trace(args)) => run_trace::run(&args),
        Some(Command::Show(args)) => run_show::run(&args),
        Some(Command::Check(args)) => run_check::run(&args),
        Some(Command::Completions(args)) => run_docs::completions(&args),
        Some(Command::Manpage) => run_docs::manpage(),
        None => run_answer::run(&cli.answer),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => failure.report(),
    }
}
