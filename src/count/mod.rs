//! Exact totals for large boards, by two engines (see [`Engine`]).
//!
//! The constellation engine splits the board into one subtask per symmetry class of
//! border constellations (`constellation.rs`) and completes each with the bitmask
//! kernel (`kernel.rs`). The join engine (`join.rs`, feature `std`) takes one subtask
//! per class of batches of top-half column sets (`batches.rs`) and counts the fitting
//! pairs of half boards (`pairs.rs`), built from quarter boards (`quarters.rs`) or
//! searched (`halves.rs`) as the memory budget allows (`room.rs`); one more subtask
//! counts the rotation-fixed placements (`rotations.rs`). Results are summed in checked
//! `u128` (`partial.rs`), which also gives the number of placements distinct up to
//! rotation and reflection.
//!
//! Data flows one way through the files, and each imports only those before it:
//! `result` (what a count returns) and `constellation` (the subtasks) -> `kernel` (the
//! search of one constellation, and `Found`, what a subtask found) -> `quarters` (half
//! boards built from quarter boards), `batches` (the join's subtasks) and `pairs` (the
//! join's hot loop: fitting pairs counted) -> `room` (the join's memory plan) ->
//! `halves` (half boards searched) -> `middle` (an odd board's batch counted, its
//! middle row's queen fixed) -> `join` (the other engine: one batch counted) and
//! `rotations` (the rotation-fixed placements) -> `partial` (exact sums) ->
//! `jobs` (the subtask list and how each is run) -> this file (the single-threaded API)
//! and, with `std`, `split` (the numbered list for checkpoints and shards) ->
//! `parallel` (threads and progress).

#[cfg(feature = "std")]
mod batches;
mod constellation;
#[cfg(feature = "std")]
mod halves;
mod jobs;
#[cfg(feature = "std")]
mod join;
mod kernel;
#[cfg(feature = "std")]
mod middle;
#[cfg(feature = "std")]
mod pairs;
#[cfg(feature = "std")]
mod parallel;
mod partial;
#[cfg(feature = "std")]
mod quarters;
mod result;
#[cfg(feature = "std")]
mod room;
#[cfg(feature = "std")]
mod rotations;
#[cfg(feature = "std")]
mod split;
#[cfg(feature = "std")]
mod transpose;

use jobs::jobs;
#[cfg(feature = "std")]
pub use parallel::{CountOptions, Progress, count_with};
pub use partial::Partial;
pub use result::{CountError, Counts};
#[cfg(feature = "std")]
pub use split::Split;

use core::fmt;

use crate::solver::MAX_N;

/// The memory a count's join engine may use for its quarter table and lists of half
/// boards, over all threads, unless told otherwise (`CountOptions::memory`,
/// `Split::with_memory`, `nqueens count --memory`): 1 GiB. Up to n = 20 the
/// measurements peaked at 74 MB; n = 21 and 22 hold a quarter table of 568 MB. Where
/// the budget is too small for the table, the join searches its halves instead of
/// building them, and takes its lists in pieces, which costs time but never changes a
/// count. The constellation search needs neither.
pub const MEMORY_DEFAULT: usize = 1 << 30;

/// The smallest memory budget one thread of the join runs in: 144 KiB (its OR tables and
/// one block per list). Smaller budgets run one thread at this size.
///
/// # Example
/// ```
/// assert_eq!(nqueens::MEMORY_MIN, 144 << 10);
/// ```
#[cfg(feature = "std")]
#[cfg_attr(docsrs, doc(cfg(feature = "std")))]
pub const MEMORY_MIN: usize = room::THREAD_MEMORY_MIN;

/// The number of placements on an `n`×`n` board, or `None` outside 1..=32.
///
/// Single-threaded and `no_std`; see `count_with` (feature `std`) for threads and
/// progress.
///
/// # Example
/// ```
/// assert_eq!(nqueens::count(12), Some(14200));
/// assert_eq!(nqueens::count(33), None);
/// ```
pub fn count(n: u32) -> Option<u128> {
    counts(n).ok().map(|c| c.total)
}

/// Total, distinct count, nodes and subtasks for an `n`×`n` board, on this thread.
///
/// # Errors
/// `OutOfRange` for `n` outside 1..=32; `Overflow` or `Inconsistent` instead of a
/// wrong number (neither happens for any n the engine can finish).
///
/// # Example
/// ```
/// let c = nqueens::counts(10).unwrap();
/// assert_eq!((c.total, c.unique), (724, 92));
/// ```
pub fn counts(n: u32) -> Result<Counts, CountError> {
    if n == 0 || n > MAX_N {
        return Err(CountError::OutOfRange { n });
    }
    let mut sum = Partial::default();
    for job in jobs(n) {
        sum = sum.merge(job.run(jobs::room(n, MEMORY_DEFAULT, 1))?)?;
    }
    sum.finish(n)
}

/// The engine that counts an `n`×`n` board, or `None` outside 1..=32.
///
/// # Example
/// ```
/// use nqueens::Engine;
/// assert_eq!(nqueens::engine(13), Some(Engine::Constellations));
/// // The join needs the `std` feature (on by default).
/// assert_eq!(nqueens::engine(16), Some(Engine::Join));
/// ```
pub fn engine(n: u32) -> Option<Engine> {
    (1..=MAX_N).contains(&n).then(|| {
        if jobs::joins(n) {
            Engine::Join
        } else {
            Engine::Constellations
        }
    })
}

/// The two counting engines (see [`engine`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// One search per symmetry class of border constellations: every size without
    /// `std`, and the sizes the join does not cover.
    Constellations,
    /// The join of half boards (feature `std`): sizes from 14 to 27.
    Join,
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Engine::Constellations => "constellations",
            Engine::Join => "join",
        })
    }
}

/// The number of subtasks a count of `n` is split into (1 for the small boards that are
/// searched directly), or `None` outside 1..=32.
///
/// # Example
/// ```
/// assert!(nqueens::subtask_count(13).unwrap() > 1000);
/// ```
pub fn subtask_count(n: u32) -> Option<u64> {
    (1..=MAX_N).contains(&n).then(|| jobs(n).count() as u64)
}
