//! `nqueens count`: exact totals on every core.

use std::num::NonZeroUsize;
use std::time::Instant;

use nqueens::{count_with, CountOptions, Counts};
use serde::Serialize;

use crate::cli::CountArgs;
use crate::failure::Failure;
use crate::{input, output};

/// The `--json` record.
#[derive(Serialize)]
struct Report {
    n: u32,
    total: u128,
    #[serde(skip_serializing_if = "Option::is_none")]
    unique: Option<u128>,
    threads: usize,
    elapsed_seconds: f64,
    nodes: u128,
    subtasks: u64,
}

/// Counts and prints the total (or the distinct count), or the JSON record.
pub fn run(args: &CountArgs) -> Result<(), Failure> {
    if let Some(extra) = args.extra.first() {
        return Err(input::one_size_only(extra));
    }
    let n = input::board_size(args.n.as_deref())?;
    let threads = args
        .threads
        .and_then(|k| NonZeroUsize::new(k.into()))
        .unwrap_or_else(all_cores);
    let started = Instant::now();
    let counts = total(n, threads)?;
    let elapsed = started.elapsed().as_secs_f64();
    let text = if args.json {
        let report = Report {
            n,
            total: counts.total,
            unique: args.unique.then_some(counts.unique),
            threads: threads.get(),
            elapsed_seconds: elapsed,
            nodes: counts.nodes,
            subtasks: counts.subtasks,
        };
        let json = serde_json::to_string(&report)
            .map_err(|e| Failure::Io(format!("cannot encode JSON: {e}")))?;
        format!("{json}\n")
    } else if args.unique {
        format!("{}\n", counts.unique)
    } else {
        format!("{}\n", counts.total)
    };
    output::print(&text)
}

/// Runs the counting engine on `threads` threads; its refusals (overflow, an
/// inconsistent sum, no thread pool) are reported, never turned into a number.
pub fn total(n: u32, threads: NonZeroUsize) -> Result<Counts, Failure> {
    let options = CountOptions {
        threads: Some(threads),
        ..CountOptions::default()
    };
    count_with(n, &options).map_err(|e| Failure::Found(format!("count of n={n} failed: {e}")))
}

/// One thread per core, as the OS reports them.
pub fn all_cores() -> NonZeroUsize {
    std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN)
}
