//! Reading an [`Answer`] and printing it in the Checker Challenge format.

use core::fmt;

use crate::solver::{Answer, Placement, Placements};

impl Answer {
    /// The board size.
    ///
    /// # Example
    /// ```
    /// assert_eq!(nqueens::solve(5).unwrap().n(), 5);
    /// ```
    pub const fn n(&self) -> u32 {
        self.n as u32
    }

    /// The number of placements. `u128`, so it cannot overflow for any accepted n.
    ///
    /// # Example
    /// ```
    /// assert_eq!(nqueens::solve(10).unwrap().total(), 724);
    /// ```
    pub const fn total(&self) -> u128 {
        self.total
    }

    /// The first placements in lexicographic order: three, or all of them when there are
    /// fewer.
    ///
    /// # Example
    /// ```
    /// let answer = nqueens::solve(4).unwrap();
    /// assert_eq!(answer.placements().len(), 2);
    /// assert_eq!(answer.placements()[1].to_string(), "3 1 4 2");
    /// ```
    pub const fn placements(&self) -> &[Placement] {
        self.first.as_slice()
    }

    /// The same placements as [`Answer::placements`], as an owned [`Placements`].
    ///
    /// # Example
    /// ```
    /// let answer = nqueens::solve(6).unwrap();
    /// assert_eq!(answer.first_placements(), nqueens::first_placements(6).unwrap());
    /// ```
    pub const fn first_placements(&self) -> Placements {
        self.first
    }

    /// Search nodes visited: every queen the depth-first search placed, solutions
    /// included.
    ///
    /// # Example
    /// ```
    /// assert_eq!(nqueens::solve(8).unwrap().nodes(), 2056);
    /// ```
    pub const fn nodes(&self) -> u128 {
        self.nodes
    }
}

/// Writes the Checker Challenge answer: each placement on its own line, then the total.
///
/// # Errors
/// Whatever `out` returns when a write fails.
///
/// Shared by [`Answer`]'s `Display` and by callers whose total comes from elsewhere
/// (e.g. a faster counter for boards past the table).
///
/// # Example
/// ```
/// let first = nqueens::first_placements(6).unwrap();
/// let mut out = String::new();
/// nqueens::write_challenge(&mut out, first.as_slice(), 4).unwrap();
/// assert_eq!(out, "2 4 6 1 3 5\n3 6 2 5 1 4\n4 1 5 2 6 3\n4\n");
/// ```
pub fn write_challenge(
    out: &mut impl fmt::Write,
    placements: &[Placement],
    total: u128,
) -> fmt::Result {
    for placement in placements {
        writeln!(out, "{placement}")?;
    }
    writeln!(out, "{total}")
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_challenge(f, self.placements(), self.total)
    }
}
