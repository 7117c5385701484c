//! Exact totals for large boards: the single-threaded counting engine.
//!
//! `count` splits the board into one subtask per symmetry class of border
//! constellations (see the `constellation` module), completes each with the bitmask
//! kernel, and sums the weighted results in checked `u128`. The same pass gives the
//! number of placements distinct up to rotation and reflection.

use core::fmt;

use crate::algorithms::flags as reference;
use crate::constellation::{self, MIN_N};
use crate::kernel;
use crate::solver::{solve, MAX_N};
use crate::tally::Tally;

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
/// # Example
/// ```
/// let c = nqueens::counts(10).unwrap();
/// assert_eq!((c.total, c.unique), (724, 92));
/// ```
pub fn counts(n: u32) -> Result<Counts, CountError> {
    if n == 0 || n > MAX_N {
        return Err(CountError::OutOfRange { n });
    }
    if n < MIN_N {
        return small(n);
    }
    let mut tally = Tally::default();
    for task in constellation::subtasks(n) {
        tally.add(&task, &kernel::search(&task))?;
    }
    tally.finish(n)
}

/// Boards below [`MIN_N`]: the plain solver's total and nodes, and the distinct count by
/// testing each placement for being the smallest of its eight images.
fn small(n: u32) -> Result<Counts, CountError> {
    let answer = solve(n).ok_or(CountError::OutOfRange { n })?;
    let mut unique = 0u128;
    reference::for_each(n, |cols| {
        unique += u128::from(is_canonical(cols));
        true
    });
    Ok(Counts {
        n,
        total: answer.total(),
        unique,
        nodes: answer.nodes(),
        subtasks: 1,
    })
}

/// Whether `cols` (0-based column per row) is the lexicographically smallest of its
/// eight images under the symmetries of the square.
fn is_canonical(cols: &[u8]) -> bool {
    let n = cols.len();
    let m = n - 1;
    let mut image = [0u8; 32];
    for g in 1..8 {
        for (r, &c) in cols.iter().enumerate() {
            let (mut r, mut c) = (r, usize::from(c));
            if g >= 4 {
                c = m - c;
            }
            for _ in 0..g % 4 {
                (r, c) = (c, m - r);
            }
            image[r] = c as u8;
        }
        if image[..n] < *cols {
            return false;
        }
    }
    true
}

/// The number of subtasks a count of `n` is split into (1 for the small boards that are
/// searched directly), or `None` outside 1..=32.
///
/// # Example
/// ```
/// assert!(nqueens::subtask_count(16).unwrap() > 1000);
/// ```
pub fn subtask_count(n: u32) -> Option<u64> {
    match n {
        0 => None,
        n if n > MAX_N => None,
        n if n < MIN_N => Some(1),
        n => Some(constellation::subtasks(n).count() as u64),
    }
}
