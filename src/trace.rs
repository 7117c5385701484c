//! Watch a search work: every step of an [`Algorithm`]'s search as an [`Event`].
//!
//! [`Algorithm::trace`] returns a [`Trace`], an iterator that runs the algorithm's own
//! search one event at a time: the code that counts is the code that is traced. Each
//! search is an explicit-stack loop that reports its steps to an observer; counting
//! passes an observer that ignores all but placements and is inlined away, the trace
//! passes one that keeps the event and pauses the loop. The bitmask trace stops the
//! const solver's own loop ([`Solutions`]) after every turn.
//!
//! No allocation: a `Trace` holds the whole search state, sized for n = 32. That is
//! about 27 KB (27,232 bytes on x86-64, checked by `tests/suite/trace.rs`), almost all of it
//! dancing links' node arrays: every algorithm's trace has the size of the largest.
//!
//! ```
//! use nqueens::{Algorithm, Event};
//! let mut trace = Algorithm::Bitmask.trace(4).unwrap();
//! assert_eq!(trace.next(), Some(Event::Place { row: 0, col: 0 }));
//! // Run on to the first placement and read it off the board.
//! trace.find(|e| *e == Event::Found).unwrap();
//! let cols: Vec<u32> = (0..4).map(|r| trace.queen(r).unwrap() + 1).collect();
//! assert_eq!(cols, [2, 4, 1, 3]);
//! ```

use crate::algorithms::{Algorithm, cell_by_cell, dancing_links, flags, naive};
use crate::event::Observer;
pub use crate::event::{Event, FlagState, Item, Why};
use crate::solver::{MAX_N, Solutions, Turn};

/// The bitmask search's three masks for one row: bit c stands for column c, set if a
/// queen above attacks that column of the row.
///
/// # Example
/// ```
/// use nqueens::{Algorithm, Masks};
/// let mut trace = Algorithm::Bitmask.trace(4).unwrap();
/// trace.next(); // a queen on (0, 0)
/// let masks = trace.masks().unwrap();
/// assert_eq!(masks, Masks { row: 1, columns: 0b0001, left: 0b0010, right: 0 });
/// assert_eq!(masks.attacked(), 0b0011);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Masks {
    /// The row these masks are for.
    pub row: u32,
    /// Columns that hold a queen.
    pub columns: u32,
    /// Diagonals shifted left (`<< 1`) at each row: bit c moves to c + 1, so these are
    /// the falling (↘) diagonals of the queens above.
    pub left: u32,
    /// Diagonals shifted right (`>> 1`) at each row: the rising (↗) diagonals.
    pub right: u32,
}

impl Masks {
    /// Columns of the row under attack: the union of the three masks. The others are
    /// the row's free squares.
    ///
    /// # Example
    /// ```
    /// let masks = nqueens::Masks { row: 2, columns: 0b0100, left: 0b1000, right: 0b0001 };
    /// assert_eq!(masks.attacked(), 0b1101);
    /// ```
    pub const fn attacked(&self) -> u32 {
        self.columns | self.left | self.right
    }
}

/// Tracing: keeps the event and pauses.
struct Pause(Option<Event>);

impl Observer for Pause {
    fn event(&mut self, event: Event, _queens: &[u8]) -> bool {
        self.0 = Some(event);
        false
    }
}

/// The search being traced.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)] // no allocation: dancing links' arrays live inline
enum Search {
    Naive(naive::Search),
    Flags(flags::Search),
    Bitmask(Solutions),
    DancingLinks(dancing_links::Search),
    CellByCell(cell_by_cell::Search),
}

/// An algorithm's search, stepped one [`Event`] at a time (see [the module](self)).
///
/// Iterating to the end runs the whole search: the `Place` events then number exactly
/// the nodes that [`Algorithm::count`] reports (for cell by cell, `Place` and `Skip`
/// together), and the `Found` events come in [`Algorithm::for_each`]'s order. Every
/// `Place` is undone by a `Remove` before the end, so the board ends empty.
///
/// Size: about 27 KB whatever the algorithm (see the module docs).
///
/// # Example
/// ```
/// use nqueens::{Algorithm, Event};
/// let trace = Algorithm::Flags.trace(6).unwrap();
/// let places = trace.filter(|e| matches!(e, Event::Place { .. })).count();
/// assert_eq!(places as u128, Algorithm::Flags.count(6).unwrap().nodes); // 152
/// ```
#[derive(Clone, Debug)]
pub struct Trace {
    algorithm: Algorithm,
    n: u8,
    search: Search,
    /// The board as the events so far left it: bit r of `on` set if row r has a queen,
    /// in column `board[r]`.
    board: [u8; 32],
    on: u32,
    found: u128,
    /// Bitmask: one turn of the solver can make up to three events; they wait here,
    /// each with the masks to show after it.
    queue: [Option<(Event, Masks)>; 3],
    /// Bitmask: the masks shown with the last event.
    masks: Masks,
}

impl Algorithm {
    /// A trace of this algorithm's search of the `n`×`n` board; `None` for `n == 0` and
    /// `n > 32`.
    ///
    /// # Example
    /// ```
    /// use nqueens::{Algorithm, Event};
    /// let events: Vec<Event> = Algorithm::Bitmask.trace(1).unwrap().collect();
    /// let queen = (Event::Place { row: 0, col: 0 }, Event::Remove { row: 0, col: 0 });
    /// assert_eq!(events, [queen.0, Event::Found, queen.1]);
    /// assert!(Algorithm::Naive.trace(33).is_none());
    /// ```
    pub fn trace(self, n: u32) -> Option<Trace> {
        if n == 0 || n > MAX_N {
            return None;
        }
        let search = match self {
            Algorithm::Naive => Search::Naive(naive::Search::new(n)?),
            Algorithm::Flags => Search::Flags(flags::Search::new(n)?),
            Algorithm::Bitmask => Search::Bitmask(Solutions::new(n)?),
            Algorithm::DancingLinks => Search::DancingLinks(dancing_links::Search::new(n)?),
            Algorithm::CellByCell => Search::CellByCell(cell_by_cell::Search::new(n)?),
        };
        Some(Trace {
            algorithm: self,
            n: n as u8,
            search,
            board: [0; 32],
            on: 0,
            found: 0,
            queue: [None; 3],
            masks: Masks {
                row: 0,
                columns: 0,
                left: 0,
                right: 0,
            },
        })
    }
}

impl Trace {
    /// The board size.
    ///
    /// # Example
    /// ```
    /// assert_eq!(nqueens::Algorithm::Naive.trace(5).unwrap().n(), 5);
    /// ```
    pub fn n(&self) -> u32 {
        u32::from(self.n)
    }

    /// The algorithm traced.
    ///
    /// # Example
    /// ```
    /// use nqueens::Algorithm;
    /// assert_eq!(Algorithm::Flags.trace(5).unwrap().algorithm(), Algorithm::Flags);
    /// ```
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// The column of the queen on `row` after the events so far, if it has one.
    ///
    /// # Example
    /// ```
    /// let mut trace = nqueens::Algorithm::Naive.trace(5).unwrap();
    /// assert_eq!(trace.queen(0), None);
    /// trace.next(); // a queen on (0, 0)
    /// assert_eq!(trace.queen(0), Some(0));
    /// ```
    pub fn queen(&self, row: u32) -> Option<u32> {
        let on = row < u32::from(self.n) && self.on & (1 << row) != 0;
        on.then(|| u32::from(self.board[row as usize]))
    }

    /// Search nodes so far: `Place` events (for cell by cell, `Place` and `Skip`).
    ///
    /// # Example
    /// ```
    /// use nqueens::Algorithm;
    /// let mut trace = Algorithm::DancingLinks.trace(6).unwrap();
    /// trace.by_ref().for_each(drop);
    /// assert_eq!(trace.nodes(), Algorithm::DancingLinks.count(6).unwrap().nodes);
    /// ```
    pub fn nodes(&self) -> u128 {
        match &self.search {
            Search::Naive(s) => s.nodes(),
            Search::Flags(s) => s.nodes(),
            // The solver counted the queen of a turn whose events are still queued.
            Search::Bitmask(s) => s.nodes() - self.queued_places(),
            Search::DancingLinks(s) => s.nodes(),
            Search::CellByCell(s) => s.nodes(),
        }
    }

    /// Placements found so far: `Found` events.
    ///
    /// # Example
    /// ```
    /// let mut trace = nqueens::Algorithm::CellByCell.trace(4).unwrap();
    /// trace.by_ref().for_each(drop);
    /// assert_eq!(trace.found(), 2);
    /// ```
    pub fn found(&self) -> u128 {
        self.found
    }

    /// Bitmask only: the masks the search holds after the last event. After a `Place`
    /// on any row but the last, those it hands down to the next row (all columns
    /// attacked there means a dead end). After a `Place` on the last row, a `Remove` or
    /// a `Found`, those of the event's row: the last row has no next row, and
    /// [`Masks::row`] says which row the masks are for.
    ///
    /// # Example
    /// ```
    /// let mut trace = nqueens::Algorithm::Bitmask.trace(4).unwrap();
    /// trace.next(); // a queen on (0, 0)
    /// trace.next(); // a queen on (1, 2)
    /// let masks = trace.masks().unwrap();
    /// assert_eq!(masks.row, 2);
    /// assert_eq!(masks.attacked() & 0b1111, 0b1111); // row 2 is a dead end
    /// assert!(nqueens::Algorithm::Flags.trace(4).unwrap().masks().is_none());
    /// ```
    pub fn masks(&self) -> Option<Masks> {
        matches!(self.search, Search::Bitmask(_)).then_some(self.masks)
    }

    /// Flags and cell by cell only: their flag arrays now.
    ///
    /// # Example
    /// ```
    /// let mut trace = nqueens::Algorithm::CellByCell.trace(4).unwrap();
    /// trace.next(); // a queen on (0, 0)
    /// assert_eq!(trace.flags().unwrap().rows, 0b1);
    /// assert!(nqueens::Algorithm::Naive.trace(4).unwrap().flags().is_none());
    /// ```
    pub fn flags(&self) -> Option<FlagState> {
        match &self.search {
            Search::Flags(s) => Some(s.flags()),
            Search::CellByCell(s) => Some(s.flags()),
            _ => None,
        }
    }

    /// One turn of the bitmask solver, turned into events with the masks to show after
    /// each: the queen it replaces on its row (or the one it gives up on), the queen it
    /// places, and a placement.
    fn bitmask_turn(&mut self) {
        let Search::Bitmask(solutions) = &mut self.search else {
            return;
        };
        let row = solutions.row();
        let turn = solutions.turn();
        let masks = |row: u32, [columns, left, right]: [u32; 3]| Masks {
            row,
            columns,
            left,
            right,
        };
        let own = masks(row, solutions.masks(row));
        let mut queued = 0;
        let mut queue = |slot: &mut [Option<(Event, Masks)>; 3], event, masks| {
            slot[queued] = Some((event, masks));
            queued += 1;
        };
        // The loop only ever places a queen on, or gives up, the row it stands on; a
        // queen already there goes.
        if self.on & (1 << row) != 0 {
            let col = self.board[row as usize];
            queue(
                &mut self.queue,
                Event::Remove {
                    row: row as u8,
                    col,
                },
                own,
            );
        }
        let place = Event::Place {
            row: row as u8,
            col: solutions.column(row) as u8,
        };
        match turn {
            Turn::Placed { masks: handed } => {
                queue(&mut self.queue, place, masks(row + 1, handed));
            }
            Turn::Found => {
                queue(&mut self.queue, place, own);
                queue(&mut self.queue, Event::Found, own);
            }
            Turn::Exhausted | Turn::Done => {}
        }
    }

    /// Bitmask: `Place` events computed but not yet returned.
    fn queued_places(&self) -> u128 {
        let queued = self.queue.iter().flatten();
        queued
            .filter(|(event, _)| matches!(event, Event::Place { .. }))
            .count() as u128
    }

    /// Updates the board and the placement count for `event`.
    fn apply(&mut self, event: Event) {
        match event {
            Event::Place { row, col } => {
                self.board[usize::from(row)] = col;
                self.on |= 1 << row;
            }
            Event::Remove { row, .. } => self.on &= !(1 << row),
            Event::Found => self.found += 1,
            _ => {}
        }
    }
}

impl Iterator for Trace {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        let event = match &mut self.search {
            Search::Bitmask(_) => {
                if self.queue.iter().all(Option::is_none) {
                    self.bitmask_turn();
                }
                let first = self.queue.iter().position(Option::is_some)?;
                let (event, masks) = self.queue[first].take()?;
                self.masks = masks;
                Some(event)
            }
            Search::Naive(s) => run(|o| s.run(o)),
            Search::Flags(s) => run(|o| s.run(o)),
            Search::DancingLinks(s) => run(|o| s.run(o)),
            Search::CellByCell(s) => run(|o| s.run(o)),
        }?;
        self.apply(event);
        Some(event)
    }
}

/// Runs a search until its next event.
fn run(search: impl FnOnce(&mut Pause) -> bool) -> Option<Event> {
    let mut pause = Pause(None);
    search(&mut pause);
    pause.0
}
