//! Large counts side by side: the counting engine on one thread and on every core,
//! against the plain C bitmask DFS at n = 16, all in one process run.
//!
//! ```sh
//! cargo bench --bench count              # n = 14..=17
//! cargo bench --bench count -- 16 17     # chosen sizes
//! NQ_BENCH_RUNS=5 cargo bench --bench count -- 16
//! ```
//!
//! The baseline is `benches/baseline/plain.c` (plain bitmask depth-first search, no
//! symmetry), built here with `cc -O3` and run for n = 16, the median of three runs; each
//! row gives the engine's one-thread time as a fraction of it (the issue's speed targets
//! are such fractions). The column is `-` without a C compiler. Each row also gives the
//! peak resident memory of the counts (Linux `VmHWM`, reset before each count), the
//! growth of the one-thread time since n - 2, and the work rate (search nodes, or for
//! the join the pairs of quarter placements tested while building halves, per second).
//!
//! Every figure is the median of the runs (three up to n = 16, one above, or
//! `NQ_BENCH_RUNS`); totals are checked against the published values (OEIS A000170).
//!
//! Figures for the README: `cargo bench --bench count -- 14 15 16 17 18`, then
//! `-- 19 20` (each run measures its own baseline).

use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use nqueens::{CountOptions, count_with, solve};

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
    let baseline = build_c_baseline().map(|program| c_baseline(&program));
    if let Some(b) = baseline {
        println!(
            "C plain, n = {BASELINE_N}: {:.3} s (median of {BASELINE_RUNS})",
            secs(b)
        );
    }
    println!(
        "| n | engine | 1 thread | / C plain at {BASELINE_N} | peak | {cores} threads | {cores} vs 1 | peak | 1 thread vs n-2 | Mnodes/s |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let mut earlier: Vec<(u32, Duration)> = Vec::new();
    for n in sizes {
        let one = row(n, cores, baseline, &earlier);
        earlier.push((n, one));
    }
}

/// The baseline every row is compared with: plain C DFS at n = 16, in this run.
const BASELINE_N: u32 = 16;
const BASELINE_RUNS: usize = 3;

fn c_baseline(program: &PathBuf) -> Duration {
    let expected = solve(BASELINE_N).expect("n is in range").total();
    let times: Vec<Duration> = (0..BASELINE_RUNS)
        .map(|_| {
            let (total, t) = time(|| run_c(program, BASELINE_N));
            assert_eq!(total, expected, "C plain, n={BASELINE_N}");
            t
        })
        .collect();
    median(&times).expect("runs were made")
}

/// One table row: the engine on one thread and on every core (`runs` times each,
/// interleaved, medians), with the peak memory of each count. Returns the one-thread time.
fn row(n: u32, cores: usize, baseline: Option<Duration>, earlier: &[(u32, Duration)]) -> Duration {
    let runs: usize = std::env::var("NQ_BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(if n <= 16 { 3 } else { 1 });
    let expected = nqueens::published::total(n);
    let (mut one, mut all) = (vec![], vec![]);
    let (mut peak_one, mut peak_all, mut nodes) = (0, 0, 0);
    for _ in 0..runs {
        for (threads, times, peak) in [
            (1, &mut one, &mut peak_one),
            (cores, &mut all, &mut peak_all),
        ] {
            let options = CountOptions::new().threads(NonZeroUsize::new(threads));
            reset_peak_memory();
            let (counts, t) = time(|| count_with(n, &options).expect("count succeeds"));
            *peak = (*peak).max(peak_memory_kb());
            times.push(t);
            nodes = counts.nodes;
            if let Some(expected) = expected {
                assert_eq!(
                    counts.total, expected,
                    "{threads} threads, n={n} (OEIS A000170)"
                );
            }
        }
    }
    let (one, all) = (median(&one).unwrap(), median(&all).unwrap());
    let growth = earlier
        .iter()
        .find(|(m, _)| *m + 2 == n)
        .map_or("-".into(), |(_, t)| format!("{:.1}x", secs(one) / secs(*t)));
    let engine = nqueens::engine(n).map_or("-".into(), |e| e.to_string());
    println!(
        "| {n} | {engine} | {} | {} | {} | {} | {:.2}x | {} | {growth} | {:.0} |",
        shown(one),
        baseline.map_or("-".into(), |b| format!("{:.3}", secs(one) / secs(b))),
        megabytes(peak_one),
        shown(all),
        secs(one) / secs(all),
        megabytes(peak_all),
        nodes as f64 / secs(one) / 1e6,
    );
    one
}

fn shown(d: Duration) -> String {
    format!("{:.3} s", secs(d))
}

fn megabytes(kb: u64) -> String {
    format!("{:.1} MB", kb as f64 / 1024.0)
}

/// Resets the process's peak resident size (Linux: `5` into `/proc/self/clear_refs`), so
/// the next reading is the peak of what runs in between.
fn reset_peak_memory() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The process's peak resident size since the last reset, in KB (`VmHWM`).
fn peak_memory_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
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
