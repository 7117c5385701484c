//! The events a search reports, one per step: the types beneath both the searches
//! (`algorithms/`), which report them to an [`Observer`], and the trace (`trace.rs`),
//! which hands them out one at a time. Public as `nqueens::Event` and
//! `nqueens::trace::Event`.

/// One step of a search. Rows and columns are 0-based.
///
/// Which events an algorithm emits follows how it searches:
/// - naive and flags try every column of a row in turn: [`Event::Refuse`] or
///   [`Event::Place`] for each;
/// - bitmask never looks at an attacked square (the masks give a row's free squares at
///   once), so it has no `Refuse`: [`Trace::masks`](crate::Trace::masks) shows what it knows;
/// - dancing links chooses an item ([`Event::Choose`]) and tries its options; squares
///   on a covered diagonal are not in the lists at all, so it has no `Refuse` either;
/// - cell by cell decides every square: a queen ([`Event::Place`]), or none
///   ([`Event::Skip`], after a `Refuse` if a queen was not allowed there).
///
/// # Example
/// ```
/// use nqueens::{Algorithm, Event, Why};
/// let mut trace = Algorithm::Flags.trace(4).unwrap();
/// assert_eq!(trace.next(), Some(Event::Place { row: 0, col: 0 }));
/// let refused = Event::Refuse { row: 1, col: 0, why: Why::Column, by: None };
/// assert_eq!(trace.next(), Some(refused));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Event {
    /// A queen goes on (`row`, `col`): one search node.
    Place {
        /// Its row.
        row: u8,
        /// Its column.
        col: u8,
    },
    /// A queen may not go on (`row`, `col`).
    Refuse {
        /// The row tried.
        row: u8,
        /// The column tried.
        col: u8,
        /// The first reason the algorithm found (it checks in the order of [`Why`]).
        why: Why,
        /// Naive only: the row of the queen that attacks the square (the first one, from
        /// the top, that the algorithm checked). The others only look at flags.
        by: Option<u8>,
    },
    /// The queen on (`row`, `col`) is taken off again: the search backtracks.
    Remove {
        /// Its row.
        row: u8,
        /// Its column.
        col: u8,
    },
    /// Cell by cell only: (`row`, `col`) stays empty. Also one of its search nodes.
    Skip {
        /// The row of the square.
        row: u8,
        /// The column of the square.
        col: u8,
    },
    /// Dancing links only: the item (a row or a column still without a queen) with the
    /// fewest options left is chosen next; `options` is how many squares it has left.
    /// With none left, the search backtracks at once.
    Choose {
        /// The row or column chosen.
        item: Item,
        /// Its squares still open.
        options: u8,
    },
    /// Every row has its queen: a placement. [`Trace::queen`](crate::Trace::queen) reads it off the board.
    Found,
}

/// Why a square was refused.
///
/// # Example
/// ```
/// use nqueens::{Algorithm, Event, Why};
/// // Naive: (1, 1) is on the falling diagonal of the queen on (0, 0).
/// let mut trace = Algorithm::Naive.trace(4).unwrap();
/// trace.next(); // Place (0, 0)
/// trace.next(); // Refuse (1, 0): column
/// let refused = Event::Refuse { row: 1, col: 1, why: Why::Falling, by: Some(0) };
/// assert_eq!(trace.next(), Some(refused));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Why {
    /// Cell by cell only: the row already has a queen.
    Row,
    /// The column already has a queen.
    Column,
    /// A queen is on the same rising diagonal (↗, `row + col` constant).
    Rising,
    /// A queen is on the same falling diagonal (↘, `row - col` constant).
    Falling,
}

/// A primary item of dancing links' exact-cover matrix: a row or a column that needs a
/// queen.
///
/// # Example
/// ```
/// use nqueens::{Algorithm, Event, Item};
/// let first = Algorithm::DancingLinks.trace(4).unwrap().next();
/// assert_eq!(first, Some(Event::Choose { item: Item::Row(0), options: 4 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Item {
    /// A row (0-based).
    Row(u8),
    /// A column (0-based).
    Column(u8),
}

/// The flag arrays of the flags and cell-by-cell searches, as bit sets.
///
/// # Example
/// ```
/// let mut trace = nqueens::Algorithm::Flags.trace(4).unwrap();
/// trace.next(); // a queen on (0, 0)
/// let flags = trace.flags().unwrap();
/// assert_eq!((flags.columns, flags.rising, flags.falling), (0b1, 0b1, 1 << 3));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FlagState {
    /// Cell by cell only (0 for flags, which fills one row at a time): bit r set if row
    /// r holds a queen.
    pub rows: u32,
    /// Bit c set if column c holds a queen.
    pub columns: u32,
    /// Bit `row + col` set if that rising (↗) diagonal holds a queen.
    pub rising: u64,
    /// Bit `row - col + n - 1` set if that falling (↘) diagonal holds a queen.
    pub falling: u64,
}

/// Told of each event by a search; returning `false` pauses the search after it.
pub(crate) trait Observer {
    /// `queens` holds each row's column; only rows that hold a queen mean anything.
    fn event(&mut self, event: Event, queens: &[u8]) -> bool;
}

/// Counting: hands each placement to a visitor and ignores every other event. Inlined,
/// the other events are never even built.
pub(crate) struct Visit<'a>(pub &'a mut dyn FnMut(&[u8]) -> bool);

impl Observer for Visit<'_> {
    #[allow(clippy::inline_always)] // the point: counting must not pay for events
    #[inline(always)]
    fn event(&mut self, event: Event, queens: &[u8]) -> bool {
        match event {
            Event::Found => (self.0)(queens),
            _ => true,
        }
    }
}
