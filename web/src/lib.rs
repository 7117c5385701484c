//! The browser page's WebAssembly module: the nqueens library's searches, exported as
//! plain numbers.
//!
//! The page (web/static/) draws; every event, count, mask, flag, tree branch, verdict
//! and hint it shows comes from here, and here from the library's own searches. The
//! interface is `extern "C"` functions that take and return numbers, so the page needs
//! no generated glue:
//!
//! - the *view* ([`lanes`]): one or two algorithms side by side on one clock, stepped
//!   forward ([`lanes::nq_run`]) and back ([`lanes::nq_seek`]), with readers for each
//!   lane's last event, board, state and search tree;
//! - the student's own board in play mode ([`play`]): conflicts, hints, and which
//!   placement a finished board is;
//! - counts for the chart: [`nq_count`] runs an algorithm's whole search;
//! - the Checker Challenge answer of a size: [`nq_answer`] and its readers;
//! - the algorithms' names, read from memory as UTF-8 ([`nq_algorithm_name`]).
//!
//! Numbers out of range give 0 (or -1 where 0 means something) rather than panicking,
//! since the page, not this module, checks what the user typed.
//!
//! # Unsafe
//! None in the code. The only `unsafe` is the `#[unsafe(no_mangle)]` attribute on each
//! export, which keeps its name in the module. Its hazard is a clash with another
//! symbol of the same name; every export is prefixed `nq_` to avoid one.

use std::cell::Cell;

use nqueens::{Algorithm, Answer, Run};

pub mod lanes;
pub mod play;
pub mod tree;
pub mod view;

/// The smallest board size the page accepts.
pub const MIN_N: u32 = 1;

/// The largest board size the page accepts: the build-time table's last size (so the
/// Checker Challenge answer is a table lookup for every size from 6 up), and small
/// enough for a board on a phone. The library itself takes up to 32.
pub const MAX_N: u32 = nqueens::TABLE_MAX;

// Flag arrays reach JavaScript as u32: a size's 2n - 1 diagonals must fit in one.
const _: () = assert!(2 * MAX_N - 1 <= 32);

thread_local! {
    // A wasm32-unknown-unknown module has one thread; thread_local! with Cell gives it
    // mutable state without `static mut`.
    static ANSWER: Cell<Option<(Answer, bool)>> = const { Cell::new(None) };
    static COUNTED: Cell<Option<Run>> = const { Cell::new(None) };
}

/// The algorithm at `index` in [`Algorithm::ALL`].
fn algorithm(index: u32) -> Option<Algorithm> {
    Algorithm::ALL.get(index as usize).copied()
}

/// A count or step that came from JavaScript as f64, as a whole number: 0 for
/// anything not finite or below 1, and the largest `u64` for anything past it.
#[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)] // both ruled out here
fn whole(value: f64) -> u64 {
    if value.is_finite() && value >= 1.0 {
        value as u64 // saturates past u64::MAX
    } else {
        0
    }
}

/// How many algorithms there are, in [`Algorithm::ALL`]'s order.
#[unsafe(no_mangle)]
pub extern "C" fn nq_algorithm_count() -> u32 {
    Algorithm::ALL.len() as u32
}

/// Where the command-line name of algorithm `index` starts in memory (0 if no such).
#[unsafe(no_mangle)]
pub extern "C" fn nq_algorithm_name(index: u32) -> usize {
    algorithm(index).map_or(0, |a| a.name().as_ptr() as usize)
}

/// The length in bytes of algorithm `index`'s name (0 if no such).
#[unsafe(no_mangle)]
pub extern "C" fn nq_algorithm_name_len(index: u32) -> u32 {
    algorithm(index).map_or(0, |a| a.name().len() as u32)
}

/// The largest size algorithm `index` counts in about a second, the limit `nqueens
/// compare` keeps to (0 if no such algorithm).
#[unsafe(no_mangle)]
pub extern "C" fn nq_practical_limit(index: u32) -> u32 {
    algorithm(index).map_or(0, Algorithm::practical_limit)
}

/// The smallest board size the page accepts.
#[unsafe(no_mangle)]
pub extern "C" fn nq_min_n() -> u32 {
    MIN_N
}

/// The largest board size the page accepts.
#[unsafe(no_mangle)]
pub extern "C" fn nq_max_n() -> u32 {
    MAX_N
}

/// The build-time table's smallest size.
#[unsafe(no_mangle)]
pub extern "C" fn nq_table_min() -> u32 {
    nqueens::TABLE_MIN
}

/// The build-time table's largest size.
#[unsafe(no_mangle)]
pub extern "C" fn nq_table_max() -> u32 {
    nqueens::TABLE_MAX
}

/// Runs algorithm `index`'s whole search of the `n`×`n` board ([`Algorithm::count`],
/// what `nqueens compare` runs), for the chart. 1 if it ran, 0 if a number is out of
/// range; [`nq_count_nodes`] and [`nq_count_total`] read the result.
#[unsafe(no_mangle)]
pub extern "C" fn nq_count(index: u32, n: u32) -> u32 {
    let run = algorithm(index)
        .filter(|_| (MIN_N..=MAX_N).contains(&n))
        .and_then(|a| a.count(n));
    COUNTED.set(run);
    u32::from(run.is_some())
}

/// Search nodes of the last [`nq_count`] (exact below 2^53, far past the page's sizes).
#[unsafe(no_mangle)]
pub extern "C" fn nq_count_nodes() -> f64 {
    COUNTED.get().map_or(0.0, |run| run.nodes as f64)
}

/// Placements found by the last [`nq_count`].
#[unsafe(no_mangle)]
pub extern "C" fn nq_count_total() -> f64 {
    COUNTED.get().map_or(0.0, |run| run.total as f64)
}

/// Loads the Checker Challenge answer for an `n`×`n` board: from the build-time table
/// where it has the size, else counted by [`nqueens::solve`] (only sizes below the
/// table's, which take microseconds). 1 if loaded, 0 if `n` is outside the page's sizes.
#[unsafe(no_mangle)]
pub extern "C" fn nq_answer(n: u32) -> u32 {
    let loaded = if (MIN_N..=MAX_N).contains(&n) {
        match nqueens::lookup(n) {
            Some(answer) => Some((*answer, true)),
            None => nqueens::solve(n).map(|answer| (answer, false)),
        }
    } else {
        None
    };
    ANSWER.set(loaded);
    u32::from(loaded.is_some())
}

/// The total of the answer loaded by [`nq_answer`] (0 if none).
#[unsafe(no_mangle)]
pub extern "C" fn nq_answer_total() -> f64 {
    ANSWER
        .get()
        .map_or(0.0, |(answer, _)| answer.total() as f64)
}

/// How many placements the loaded answer lists (at most three).
#[unsafe(no_mangle)]
pub extern "C" fn nq_answer_count() -> u32 {
    ANSWER
        .get()
        .map_or(0, |(answer, _)| answer.placements().len() as u32)
}

/// The 1-based column of `row` in the loaded answer's placement `index` (0 if none).
#[unsafe(no_mangle)]
pub extern "C" fn nq_answer_column(index: u32, row: u32) -> u32 {
    ANSWER.get().map_or(0, |(answer, _)| {
        answer
            .placements()
            .get(index as usize)
            .and_then(|p| p.column(row as usize))
            .unwrap_or(0)
    })
}

/// 1 if the loaded answer came from the build-time table, 0 if it was counted.
#[unsafe(no_mangle)]
pub extern "C" fn nq_answer_from_table() -> u32 {
    ANSWER.get().map_or(0, |(_, table)| u32::from(table))
}

#[cfg(test)]
mod tests;
