//! The classic N-Queens algorithms side by side, behind one interface.
//!
//! Every algorithm streams placements to a callback (or just counts them) and reports
//! its search nodes, and [`Algorithm::trace`] steps through the same search one event
//! at a time. They exist to be compared and to teach; for speed use
//! [`count`](crate::count) or [`Solutions`](crate::Solutions).

use core::fmt;

use crate::solver::Placement;

mod bitmask;
pub(crate) mod cell_by_cell;
pub(crate) mod dancing_links;
pub mod flags;
pub(crate) mod naive;

/// What a run found.
///
/// # Example
/// ```
/// let run = nqueens::Algorithm::Flags.count(6).unwrap();
/// assert_eq!((run.total, run.nodes), (4, 152));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Run {
    /// Placements found (all of them, unless the visitor stopped the run early).
    pub total: u128,
    /// Search nodes: queens placed, or for cell by cell, squares decided.
    pub nodes: u128,
}

/// One of the classic algorithms.
///
/// # Example
/// ```
/// use nqueens::Algorithm;
/// for algorithm in Algorithm::ALL {
///     assert_eq!(algorithm.count(6).unwrap().total, 4, "{algorithm}");
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Algorithm {
    /// Row by row; each candidate is checked against every earlier queen.
    Naive,
    /// Row by row, with "column used" and "diagonal used" flag arrays.
    Flags,
    /// Row by row, with column and diagonal bitmasks (the crate's const solver).
    Bitmask,
    /// Knuth's Algorithm X with dancing links over the exact-cover matrix.
    DancingLinks,
    /// Each square in turn takes a queen or is skipped.
    CellByCell,
}

impl Algorithm {
    /// All five, in the order tutorials usually present them.
    ///
    /// # Example
    /// ```
    /// let names: Vec<&str> = nqueens::Algorithm::ALL.iter().map(|a| a.name()).collect();
    /// assert_eq!(names, ["naive", "flags", "bitmask", "dancing-links", "cell-by-cell"]);
    /// ```
    pub const ALL: [Algorithm; 5] = [
        Algorithm::Naive,
        Algorithm::Flags,
        Algorithm::Bitmask,
        Algorithm::DancingLinks,
        Algorithm::CellByCell,
    ];

    /// The name used on the command line.
    ///
    /// # Example
    /// ```
    /// assert_eq!(nqueens::Algorithm::DancingLinks.name(), "dancing-links");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::Naive => "naive",
            Algorithm::Flags => "flags",
            Algorithm::Bitmask => "bitmask",
            Algorithm::DancingLinks => "dancing-links",
            Algorithm::CellByCell => "cell-by-cell",
        }
    }

    /// The algorithm with this command-line name.
    ///
    /// # Example
    /// ```
    /// assert_eq!(nqueens::Algorithm::from_name("flags"), Some(nqueens::Algorithm::Flags));
    /// assert_eq!(nqueens::Algorithm::from_name("magic"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|a| a.name() == name)
    }

    /// The largest board this algorithm counted in about a second on one core of the
    /// project's 2-core machines (release build, measured once by hand; a setting, not
    /// a benchmark). Every size up to 32 is accepted; `compare` skips sizes past it.
    ///
    /// # Example
    /// ```
    /// assert!(nqueens::Algorithm::CellByCell.practical_limit() < 12);
    /// ```
    pub const fn practical_limit(self) -> u32 {
        match self {
            Algorithm::Naive => 13,
            Algorithm::Flags | Algorithm::DancingLinks => 14,
            Algorithm::Bitmask => 15,
            Algorithm::CellByCell => 10,
        }
    }

    /// Why it slows down past its practical limit, for people choosing one.
    ///
    /// # Example
    /// ```
    /// assert!(nqueens::Algorithm::CellByCell.cost().contains("squares"));
    /// ```
    pub const fn cost(self) -> &'static str {
        match self {
            Algorithm::Naive => "checks each square against every earlier queen",
            Algorithm::Flags => "does one array lookup per square tried",
            Algorithm::Bitmask => "visits the whole search tree, a few instructions per node",
            Algorithm::DancingLinks => "relinks four lists per queen placed",
            Algorithm::CellByCell => "branches on all n² squares, not one queen per row",
        }
    }

    /// Whether placements come out in lexicographic order (all but dancing links,
    /// whose fewest-options-first choice jumps between rows and columns).
    ///
    /// # Example
    /// ```
    /// assert!(!nqueens::Algorithm::DancingLinks.is_lexicographic());
    /// ```
    pub const fn is_lexicographic(self) -> bool {
        !matches!(self, Algorithm::DancingLinks)
    }

    /// Calls `visit` with each placement until it returns `false`; `None` for `n == 0`
    /// and `n > 32`.
    ///
    /// # Example
    /// ```
    /// let mut first = None;
    /// nqueens::Algorithm::Naive.for_each(8, &mut |p| {
    ///     first = Some(p.to_string());
    ///     false // stop after one
    /// });
    /// assert_eq!(first.as_deref(), Some("1 5 8 6 3 7 2 4"));
    /// ```
    pub fn for_each(self, n: u32, visit: &mut dyn FnMut(&Placement) -> bool) -> Option<Run> {
        let mut columns = |zero_based: &[u8]| visit(&Placement::from_zero_based(zero_based));
        match self {
            Algorithm::Naive => naive::search(n, &mut columns),
            Algorithm::Flags => flags::search(n, &mut columns),
            Algorithm::Bitmask => bitmask::search(n, &mut columns),
            Algorithm::DancingLinks => dancing_links::search(n, &mut columns),
            Algorithm::CellByCell => cell_by_cell::search(n, &mut columns),
        }
    }

    /// Counts without storing anything; `None` for `n == 0` and `n > 32`.
    ///
    /// # Example
    /// ```
    /// assert_eq!(nqueens::Algorithm::DancingLinks.count(8).unwrap().total, 92);
    /// ```
    pub fn count(self, n: u32) -> Option<Run> {
        self.for_each(n, &mut |_| true)
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
