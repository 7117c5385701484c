//! `nqueens compare`: the classic algorithms on one board, side by side.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use nqueens::{Algorithm, Run};
use serde::Serialize;

use crate::cli::CompareArgs;
use crate::failure::Failure;
use crate::{input, output};

/// One algorithm's line of the table (or JSON array).
#[derive(Serialize)]
struct Row {
    algorithm: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    total: Option<u128>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nodes: Option<u128>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seconds: Option<f64>,
    /// Time relative to the fastest algorithm that ran.
    #[serde(skip_serializing_if = "Option::is_none")]
    relative: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    skipped: Option<String>,
}

#[derive(Serialize)]
struct Report {
    n: u32,
    algorithms: Vec<Row>,
}

/// Runs the chosen algorithms (all by default), skipping those past their practical
/// limit, and fails with exit 1 if the ones that ran disagree on the total.
pub fn run(args: &CompareArgs) -> Result<(), Failure> {
    input::no_extra(&args.size.extra)?;
    let n = input::board_size(args.size.n.as_deref())?;
    let chosen = chosen(args, n)?;
    let mut rows: Vec<Row> = chosen.iter().map(|&a| measure(a, n)).collect();
    let fastest = rows
        .iter()
        .filter_map(|r| r.seconds)
        .fold(f64::INFINITY, f64::min);
    for row in &mut rows {
        row.relative = row.seconds.map(|s| s / fastest);
    }
    let totals: Vec<u128> = rows.iter().filter_map(|r| r.total).collect();
    let text = if args.json {
        let report = Report {
            n,
            algorithms: rows,
        };
        crate::output::json_line(&report)?
    } else {
        table(n, &rows)
    };
    output::print(&text)?;
    if totals.windows(2).any(|w| w[0] != w[1]) {
        return Err(Failure::Found(format!(
            "n={n}: the algorithms disagree on the total"
        )));
    }
    Ok(())
}

/// The algorithms asked for (all by default), in the order of [`Algorithm::ALL`].
/// Asked for by name and all past their limits, nothing would be compared: an error,
/// not an exit 0 with a table of reasons.
fn chosen(args: &CompareArgs, n: u32) -> Result<Vec<Algorithm>, Failure> {
    if args.algorithm.is_empty() {
        return Ok(Algorithm::ALL.to_vec());
    }
    let chosen: Vec<Algorithm> = Algorithm::ALL
        .into_iter()
        .filter(|a| args.algorithm.contains(a))
        .collect();
    if chosen.iter().all(|a| n > a.practical_limit()) {
        let limits: Vec<String> = chosen
            .iter()
            .map(|a| format!("{} up to {}", a.name(), a.practical_limit()))
            .collect();
        return Err(Failure::Usage(format!(
            "n={n} is past the practical limit of every algorithm asked for ({}); \
             ask for a smaller n or another algorithm (`nqueens count {n}` counts any size)",
            limits.join(", ")
        )));
    }
    Ok(chosen)
}

/// Runs one algorithm, repeating fast runs so the time means something (at least 20 ms
/// of work in all, the average reported), or says why it was skipped.
fn measure(algorithm: Algorithm, n: u32) -> Row {
    let mut row = Row {
        algorithm: algorithm.name(),
        total: None,
        nodes: None,
        seconds: None,
        relative: None,
        skipped: None,
    };
    let limit = algorithm.practical_limit();
    if n > limit {
        row.skipped = Some(format!(
            "n={n} is past its practical limit of {limit}: it {}",
            algorithm.cost()
        ));
        return row;
    }
    let started = Instant::now();
    let mut runs = 0u32;
    let mut last = Run::default();
    while runs == 0 || started.elapsed() < Duration::from_millis(20) {
        last = algorithm.count(n).unwrap_or_default();
        runs += 1;
    }
    row.total = Some(last.total);
    row.nodes = Some(last.nodes);
    row.seconds = Some(started.elapsed().as_secs_f64() / f64::from(runs));
    row
}

/// The human-readable table.
fn table(n: u32, rows: &[Row]) -> String {
    let mut out = format!("n={n}\n");
    let _ = writeln!(
        out,
        "{:<14} {:>12} {:>14} {:>12} {:>9}",
        "algorithm", "total", "nodes", "time", "relative"
    );
    for row in rows {
        match (
            &row.skipped,
            row.total,
            row.nodes,
            row.seconds,
            row.relative,
        ) {
            (None, Some(total), Some(nodes), Some(seconds), Some(relative)) => {
                let _ = writeln!(
                    out,
                    "{:<14} {total:>12} {nodes:>14} {:>12} {relative:>8.2}x",
                    row.algorithm,
                    human(seconds)
                );
            }
            (reason, ..) => {
                let reason = reason.as_deref().unwrap_or("not run");
                let _ = writeln!(out, "{:<14} skipped: {reason}", row.algorithm);
            }
        }
    }
    out
}

/// Seconds with a unit that keeps three significant-ish digits.
fn human(seconds: f64) -> String {
    if seconds >= 1.0 {
        format!("{seconds:.2} s")
    } else if seconds >= 1e-3 {
        format!("{:.2} ms", seconds * 1e3)
    } else {
        format!("{:.2} µs", seconds * 1e6)
    }
}
