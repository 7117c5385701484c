//! The build-time answer table for n = 6..=13.
//!
//! # Maintenance
//! `build.rs` compiles `src/solver.rs` into itself, runs [`solve`](crate::solve) for each
//! size and writes the entries to `$OUT_DIR/table.rs`, which is included below. The
//! table and the solver therefore cannot drift apart without a rebuild, and
//! `tests/suite/const_agreement.rs` re-checks them against const evaluation at compile time.

// The generated table writes numbers as the solver printed them.
#![allow(clippy::unreadable_literal)]

use crate::solver::{Answer, Placement, Placements};

include!(concat!(env!("OUT_DIR"), "/table.rs"));

/// The smallest board size in the table.
///
/// # Example
/// ```
/// assert!(nqueens::lookup(nqueens::TABLE_MIN).is_some());
/// assert!(nqueens::lookup(nqueens::TABLE_MIN - 1).is_none());
/// ```
pub const TABLE_MIN: u32 = MIN;

/// The largest board size in the table.
///
/// # Example
/// ```
/// assert!(nqueens::lookup(nqueens::TABLE_MAX).is_some());
/// assert!(nqueens::lookup(nqueens::TABLE_MAX + 1).is_none());
/// ```
pub const TABLE_MAX: u32 = MAX;

// The message in `answer` below spells the range out, because const panics cannot
// format numbers; this keeps the two from drifting apart.
const _: () = assert!(
    TABLE_MIN == 6 && TABLE_MAX == 13,
    "update answer::<N>()'s message"
);

/// A table placement from 0-based columns (the generated file's short name for it).
const fn p(zero_based: &[u8]) -> Placement {
    Placement::from_zero_based(zero_based)
}

/// The table entry for board size `n`, or `None` outside
/// [`TABLE_MIN`]`..=`[`TABLE_MAX`]. No search happens.
///
/// # Example
/// ```
/// let eight = nqueens::lookup(8).unwrap();
/// assert_eq!(eight.total(), 92);
/// assert!(nqueens::lookup(14).is_none());
/// ```
pub const fn lookup(n: u32) -> Option<&'static Answer> {
    if n < TABLE_MIN || n > TABLE_MAX {
        return None;
    }
    Some(&ENTRIES[(n - TABLE_MIN) as usize])
}

/// The table entry for a board size fixed at compile time. Sizes outside 6..=13 do not
/// compile.
///
/// # Example
/// ```
/// const QUEENS_8: &nqueens::Answer = nqueens::answer::<8>();
/// assert_eq!(QUEENS_8.total(), 92);
/// ```
///
/// ```compile_fail
/// const NOPE: &nqueens::Answer = nqueens::answer::<14>(); // outside the table
/// ```
pub const fn answer<const N: u32>() -> &'static Answer {
    const {
        assert!(
            N >= TABLE_MIN && N <= TABLE_MAX,
            "nqueens::answer::<N>() needs 6 <= N <= 13 (the build-time table); use nqueens::solve(n) for other sizes"
        );
    }
    &ENTRIES[(N - TABLE_MIN) as usize]
}

/// Every table entry, smallest board first.
///
/// # Example
/// ```
/// let sizes: Vec<u32> = nqueens::table().iter().map(|a| a.n()).collect();
/// assert_eq!(sizes, (6..=13).collect::<Vec<_>>());
/// ```
pub const fn table() -> &'static [Answer] {
    &ENTRIES
}
