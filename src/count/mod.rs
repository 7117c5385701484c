//! Exact totals for large boards, by two engines (see [`Engine`]).
//!
//! - `constellation/`: one search per symmetry class of border constellations. It needs
//!   no memory and no `std`.
//! - `join/` (feature `std`): pairs of half boards whose diagonals do not meet, for
//!   n = 14 to 27.
//!
//! Both engines report what a subtask found as a `Found` (`found.rs`). The plumbing
//! they share sits here: `jobs.rs` lists a count's subtasks and runs one, `partial.rs`
//! sums their results in checked `u128`, `split.rs` numbers the list for checkpoints
//! and shards, and `parallel.rs` runs it on threads. `result.rs` holds what a count
//! returns.

mod constellation;
mod found;
mod jobs;
#[cfg(feature = "std")]
mod join;
#[cfg(feature = "std")]
mod parallel;
mod partial;
mod result;
#[cfg(feature = "std")]
mod split;

pub use jobs::MEMORY_DEFAULT;
#[cfg(feature = "std")]
pub use jobs::MEMORY_MIN;
use jobs::jobs;
#[cfg(feature = "std")]
pub use parallel::{CountOptions, Progress, count_with};
pub use partial::Partial;
pub use result::{CountError, Counts};
#[cfg(feature = "std")]
pub use split::Split;

use core::fmt;

use crate::solver::MAX_N;

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

/// Total, unique count, nodes and subtasks for an `n`×`n` board, on this thread.
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
#[non_exhaustive]
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
