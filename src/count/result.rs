//! What a count returns: [`Counts`], or a [`CountError`] instead of a wrong number.
//! The leaf of the counting modules: it imports none of them.

use core::fmt;

use crate::solver::MAX_N;

/// The result of a count.
///
/// # Example
/// ```
/// let c = nqueens::counts(8).unwrap();
/// assert_eq!((c.total, c.unique), (92, 12));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Counts {
    /// Board size.
    pub n: u32,
    /// All placements (OEIS A000170).
    pub total: u128,
    /// Placements distinct up to rotation and reflection (OEIS A002562).
    pub unique: u128,
    /// The work done: queens placed by the searches that ran, and where the join builds
    /// its halves from quarter boards, the pairs of quarter placements it tested.
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
#[non_exhaustive]
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

// `core::error::Error`, so that `no_std` users get it too (std re-exports it).
impl core::error::Error for CountError {}
