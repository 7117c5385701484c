//! Exact totals for large boards: the single-threaded counting engine.
//!
//! `count` splits the board into one subtask per symmetry class of border
//! constellations (see the `constellation` module), completes each with the bitmask
//! kernel, and sums the weighted results in checked `u128`. The same pass gives the
//! number of placements distinct up to rotation and reflection.

use core::fmt;

use crate::constellation::{self, Subtask, MIN_N};
use crate::kernel::{self, Found};
use crate::partial::Partial;
use crate::solver::{Solutions, MAX_N};

/// The result of a count.
///
/// # Example
/// ```
/// let c = nqueens::counts(8).unwrap();
/// assert_eq!((c.total, c.unique), (92, 12));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counts {
    /// Board size.
    pub n: u32,
    /// All placements (OEIS A000170).
    pub total: u128,
    /// Placements distinct up to rotation and reflection (OEIS A002562).
    pub unique: u128,
    /// Search nodes visited: queens placed by the searches that ran.
    pub nodes: u128,
    /// Subtasks searched.
    pub subtasks: u64,
}

/// Why a count gave no answer.
///
/// # Example
/// ```
/// assert_eq!(nqueens::counts(0), Err(nqueens::CountError::OutOfRange { n: 0 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountError {
    /// The board size is outside 1..=32.
    OutOfRange {
        /// The size given.
        n: u32,
    },
    /// A sum would have passed `u128::MAX`; no total is better than a wrong one.
    Overflow,
    /// The symmetry classes did not add up (a bug, reported instead of a wrong number).
    Inconsistent {
        /// The board size counted.
        n: u32,
    },
    /// The thread pool could not be started.
    Threads,
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::OutOfRange { n } => write!(f, "board size {n} is outside 1..={MAX_N}"),
            Self::Overflow => f.write_str("a sum overflowed u128; no total was produced"),
            Self::Inconsistent { n } => {
                write!(
                    f,
                    "n={n}: symmetry classes do not add up; refusing to answer"
                )
            }
            Self::Threads => f.write_str("the thread pool could not be started"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for CountError {}

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
        sum = sum.merge(job.run()?)?;
    }
    sum.finish(n)
}

/// The number of subtasks a count of `n` is split into (1 for the small boards that are
/// searched directly), or `None` outside 1..=32.
///
/// # Example
/// ```
/// assert!(nqueens::subtask_count(16).unwrap() > 1000);
/// ```
pub fn subtask_count(n: u32) -> Option<u64> {
    (1..=MAX_N).contains(&n).then(|| jobs(n).count() as u64)
}

/// One unit of work of a count: a constellation class, or a whole small board.
// A count has at most one `Small` job, and boxing the large variant would need `alloc`.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Job {
    /// A board below [`MIN_N`], enumerated directly.
    Small(u32),
    /// One canonical constellation.
    Class(Subtask),
}

impl Job {
    /// Searches the job and weights its result.
    pub(crate) fn run(&self) -> Result<Partial, CountError> {
        let mut partial = Partial::default();
        match self {
            Job::Small(n) => partial.add_raw(1, &small(*n)?)?,
            Job::Class(task) => partial.add_raw(task.weight, &kernel::search(task))?,
        }
        Ok(partial)
    }

    /// The data that identifies the job, for split fingerprints: the border queens and
    /// the weight, or the board size of a small board.
    #[cfg_attr(not(feature = "std"), allow(dead_code))] // fingerprints are a std feature
    pub(crate) fn identity(&self) -> [u8; 5] {
        match self {
            Job::Small(n) => [0, 0, 0, 0, *n as u8],
            Job::Class(task) => {
                let [a, b, k, l] = task.border;
                [a, b, k, l, task.weight]
            }
        }
    }
}

/// The jobs of an `n`×`n` count (1 <= n <= 32), in a fixed order.
pub(crate) fn jobs(n: u32) -> impl Iterator<Item = Job> {
    let small = (n < MIN_N).then_some(Job::Small(n));
    small
        .into_iter()
        .chain(constellation::subtasks(n).map(Job::Class))
}

/// Boards below [`MIN_N`]: every placement of the plain search, each tested for
/// rotational symmetry, as one job of weight 1. One pass gives placements and nodes.
fn small(n: u32) -> Result<Found, CountError> {
    let mut search = Solutions::new(n).ok_or(CountError::OutOfRange { n })?;
    let mut found = Found::default();
    while search.advance() {
        let placement = search.current();
        kernel::record(&placement.cols[..placement.len as usize], &mut found);
    }
    found.nodes = search.nodes() as u64;
    Ok(found)
}
