//! Large counts side by side: the counting engine against plain bitmask DFS baselines.
//!
//! ```sh
//! cargo bench --bench count              # n = 14..=17
//! cargo bench --bench count -- 16 17     # chosen sizes
//! NQ_BENCH_RUNS=5 cargo bench --bench count -- 16
//! ```
//!
//! Baselines, both plain bitmask depth-first search with no symmetry:
//! - `C plain`: `benches/baseline/plain.c`, built here with `cc -O3` (skipped when no C
//!   compiler is installed);
//! - `crate plain`: this crate's const solver `nqueens::solve`, run natively in release
//!   mode (it also records the first placements and counts nodes, so it is a little
//!   slower than the C program).
//!
//! Every figure is the median of the runs, all measured in this one process run, and the
//! ratios are taken between figures of the same run. The totals of every method are
//! checked against each other before anything is printed.
//!
//! Figures for the README: `cargo bench --bench count -- 14 15 16 17` on a quiet machine.

use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use nqueens::{count_with, solve, CountOptions};

fn main() {
    let sizes: Vec<u32> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .filter_map(|a| a.parse().ok())
        .collect();
    let sizes = if sizes.is_empty() {
        (14..=17).collect()
    } else {
        sizes
    };
    let cores = std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
    let c_plain = build_c_baseline();
    println!(
        "| n | C plain | crate plain | engine, 1 thread | vs C plain | vs crate plain | engine, {cores} threads | vs C plain | {cores} vs 1 thread | engine Mnodes/s | plain Mnodes/s |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for n in sizes {
        row(n, cores, c_plain.as_ref());
    }
}

/// One table row: every method `runs` times, interleaved, medians compared.
fn row(n: u32, cores: usize, c_plain: Option<&PathBuf>) {
    let runs: usize = std::env::var("NQ_BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(if n <= 16 { 3 } else { 1 });
    let (mut c, mut plain, mut one, mut all) = (vec![], vec![], vec![], vec![]);
    let (mut plain_nodes, mut engine_nodes) = (0, 0);
    // The crate's plain solver sets the total every other method must match.
    let expected = solve(n).expect("n is in range").total();
    for _ in 0..runs {
        if let Some(program) = c_plain {
            let (total, t) = time(|| run_c(program, n));
            c.push(t);
            assert_eq!(total, expected, "C plain, n={n}");
        }
        let (answer, t) = time(|| solve(n).expect("n is in range"));
        plain.push(t);
        plain_nodes = answer.nodes();
        assert_eq!(answer.total(), expected, "crate plain, n={n}");
        for (threads, times) in [(1, &mut one), (cores, &mut all)] {
            let options = CountOptions {
                threads: NonZeroUsize::new(threads),
                ..CountOptions::default()
            };
            let (counts, t) = time(|| count_with(n, &options).expect("count succeeds"));
            times.push(t);
            engine_nodes = counts.nodes;
            assert_eq!(counts.total, expected, "engine, {threads} threads, n={n}");
        }
    }
    let (c, plain, one, all) = (median(&c), median(&plain), median(&one), median(&all));
    let ratio = |a: Option<Duration>, b: Duration| {
        a.map_or("-".into(), |a| format!("{:.2}x", secs(a) / secs(b)))
    };
    let shown = |d: Option<Duration>| d.map_or("-".into(), |d| format!("{:.3} s", secs(d)));
    let (plain, one, all) = (plain.unwrap(), one.unwrap(), all.unwrap());
    println!(
        "| {n} | {} | {} | {} | {} | {} | {} | {} | {} | {:.0} | {:.0} |",
        shown(c),
        shown(Some(plain)),
        shown(Some(one)),
        ratio(c, one),
        ratio(Some(plain), one),
        shown(Some(all)),
        ratio(c, all),
        ratio(Some(one), all),
        engine_nodes as f64 / secs(one) / 1e6,
        plain_nodes as f64 / secs(plain) / 1e6,
    );
}

fn time<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let started = Instant::now();
    let value = f();
    (value, started.elapsed())
}

fn median(times: &[Duration]) -> Option<Duration> {
    let mut sorted = times.to_vec();
    sorted.sort();
    sorted.get(sorted.len() / 2).copied()
}

fn secs(d: Duration) -> f64 {
    d.as_secs_f64()
}

/// Compiles the C baseline with `cc -O3`; `None` (and a note) without a C compiler.
fn build_c_baseline() -> Option<PathBuf> {
    let source = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/baseline/plain.c");
    let program = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("nqueens-plain-c");
    let built = Command::new("cc")
        .args(["-O3", "-o"])
        .arg(&program)
        .arg(source)
        .status();
    match built {
        Ok(status) if status.success() => Some(program),
        _ => {
            eprintln!("note: no working `cc`; the C plain column is skipped");
            None
        }
    }
}

fn run_c(program: &PathBuf, n: u32) -> u128 {
    let out = Command::new(program)
        .arg(n.to_string())
        .output()
        .expect("C baseline runs");
    assert!(out.status.success(), "C baseline failed for n={n}");
    String::from_utf8_lossy(&out.stdout)
        .trim()
        .parse()
        .expect("C baseline prints a number")
}
