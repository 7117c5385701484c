//! Flag arrays: row by row, with "column used" and "diagonal used" flags indexed by
//! `row + col` and `row - col + n - 1`.
//!
//! This is also the crate's independent reference search (`nqueens::reference`): it
//! shares nothing with the bitmask solver (no masks, no shifts, its own loop and stack),
//! so agreement between the two means something.
//!
//! ```
//! assert_eq!(nqueens::reference::count(10), nqueens::solve(10).map(|a| a.total()));
//! ```

use super::Run;
use crate::event::{Event, FlagState, Observer, Visit, Why};
use crate::solver::MAX_N;

/// Search state: one flag per column and per diagonal, the columns chosen so far, and
/// per row the next column to try (the explicit stack that makes the search resumable).
#[derive(Clone, Debug)]
pub(crate) struct Search {
    n: usize,
    column: [bool; 32],
    /// Indexed by `row + col`.
    rising: [bool; 63],
    /// Indexed by `row - col + n - 1`.
    falling: [bool; 63],
    queens: [u8; 32],
    /// Per row, the next column to try; `next[n]` is 0 until the placement that reached
    /// row n has been reported.
    next: [u8; 33],
    /// The row being filled: rows above it hold queens.
    row: usize,
    run: Run,
}

/// Calls `visit` with every placement of an `n`×`n` board in lexicographic order, as
/// 0-based columns per row, until it returns `false`. Returns how many placements were
/// visited, or `None` for `n == 0` and `n > 32`.
///
/// # Example
/// ```
/// let mut first = Vec::new();
/// let seen = nqueens::reference::for_each(6, |cols| {
///     first.push(cols.to_vec());
///     true
/// });
/// assert_eq!(seen, Some(4));
/// assert_eq!(first[0], [1, 3, 5, 0, 2, 4]);
/// ```
pub fn for_each(n: u32, mut visit: impl FnMut(&[u8]) -> bool) -> Option<u128> {
    search(n, &mut visit).map(|run| run.total)
}

/// Counts the placements of an `n`×`n` board. `None` for `n == 0` and `n > 32`.
///
/// # Example
/// ```
/// assert_eq!(nqueens::reference::count(8), Some(92));
/// ```
pub fn count(n: u32) -> Option<u128> {
    for_each(n, |_| true)
}

/// The search behind [`for_each`], also reporting nodes (queens placed).
pub(crate) fn search(n: u32, visit: &mut dyn FnMut(&[u8]) -> bool) -> Option<Run> {
    let mut search = Search::new(n)?;
    search.run(&mut Visit(visit));
    Some(search.run)
}

impl Search {
    /// The empty `n`×`n` board, or `None` for `n == 0` and `n > 32`.
    pub(crate) fn new(n: u32) -> Option<Search> {
        (1..=MAX_N).contains(&n).then_some(Search {
            n: n as usize,
            column: [false; 32],
            rising: [false; 63],
            falling: [false; 63],
            queens: [0; 32],
            next: [0; 33],
            row: 0,
            run: Run::default(),
        })
    }

    /// Queens placed so far.
    pub(crate) fn nodes(&self) -> u128 {
        self.run.nodes
    }

    /// The flag arrays as bit sets.
    pub(crate) fn flags(&self) -> FlagState {
        FlagState {
            rows: 0,
            columns: bits(&self.column) as u32,
            rising: bits(&self.rising),
            falling: bits(&self.falling),
        }
    }

    /// Searches on, telling `observer` of every step, until it pauses the search (then
    /// `true`; calling again resumes) or the search is over (`false`). The column scan
    /// of a row is a tight inner loop, as in the recursive form: for counting, the
    /// observer ignores refusals and the scan stores nothing until a column is free.
    pub(crate) fn run<O: Observer>(&mut self, observer: &mut O) -> bool {
        let n = self.n;
        let mut row = self.row;
        loop {
            let mut col = usize::from(self.next[row]);
            if row == n && col == 0 {
                // All rows hold a queen. Marked as reported, row n then backs up below
                // as if its columns were all tried.
                self.next[n] = n as u8;
                self.run.total += 1;
                if !observer.event(Event::Found, &self.queens[..n]) {
                    self.row = row;
                    return true;
                }
                continue;
            }
            while col < n && self.attacked(row, col) {
                let refused = Event::Refuse {
                    row: row as u8,
                    col: col as u8,
                    why: self.why(row, col),
                    by: None,
                };
                col += 1;
                if !observer.event(refused, &self.queens[..n]) {
                    self.next[row] = col as u8;
                    self.row = row;
                    return true;
                }
            }
            let event = if col < n {
                self.next[row] = col as u8 + 1;
                self.run.nodes += 1;
                self.set(row, col, true);
                self.queens[row] = col as u8;
                row += 1;
                self.next[row] = 0;
                Event::Place {
                    row: row as u8 - 1,
                    col: col as u8,
                }
            } else {
                // Every column of this row tried: take the queen above off again.
                if row == 0 {
                    self.next[0] = n as u8;
                    self.row = 0;
                    return false;
                }
                row -= 1;
                let col = usize::from(self.queens[row]);
                self.set(row, col, false);
                Event::Remove {
                    row: row as u8,
                    col: col as u8,
                }
            };
            if !observer.event(event, &self.queens[..n]) {
                self.row = row;
                return true;
            }
        }
    }

    /// Whether a flag of (row, col) is up.
    fn attacked(&self, row: usize, col: usize) -> bool {
        self.column[col] || self.rising[row + col] || self.falling[row + self.n - 1 - col]
    }

    /// Which flag of an attacked (row, col) is up, the first in the order checked. For
    /// the trace only: counting never asks, so this is never computed there.
    fn why(&self, row: usize, col: usize) -> Why {
        if self.column[col] {
            Why::Column
        } else if self.rising[row + col] {
            Why::Rising
        } else {
            Why::Falling
        }
    }

    /// Raises or lowers the flags of (row, col).
    fn set(&mut self, row: usize, col: usize, used: bool) {
        self.column[col] = used;
        self.rising[row + col] = used;
        self.falling[row + self.n - 1 - col] = used;
    }
}

/// Bit i set where `flags[i]` is.
pub(super) fn bits(flags: &[bool]) -> u64 {
    flags
        .iter()
        .enumerate()
        .fold(0, |acc, (i, &f)| acc | (u64::from(f) << i))
}
