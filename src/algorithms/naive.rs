//! Naive backtracking: row by row, each candidate square checked against every queen
//! already placed. Quadratic work per placement; the first algorithm most people write.

use super::Run;
use crate::event::{Event, Observer, Visit, Why};
use crate::solver::MAX_N;

/// Search state: the columns chosen so far and where the scan of the current row is
/// (enough to pause after any step and resume).
#[derive(Clone, Debug)]
pub(crate) struct Search {
    n: usize,
    queens: [u8; 32],
    /// The row being filled (rows above it hold queens) and its next column to try; the
    /// rows above resume after their queen's column, so this is all the stack there is.
    /// At row n, column 0 means the placement is still to be reported.
    row: usize,
    col: usize,
    run: Run,
}

/// See [`Algorithm::Naive`](super::Algorithm::Naive).
pub(crate) fn search(n: u32, visit: &mut dyn FnMut(&[u8]) -> bool) -> Option<Run> {
    let mut search = Search::new(n)?;
    search.run(&mut Visit(visit));
    Some(search.run)
}

/// The first queen in rows `0..row` that attacks (`row`, `col`): its row and how. The
/// search itself only needs to know whether there is one; how is for the trace (and
/// costs counting nothing, since its observer never looks).
fn attacker(queens: &[u8], row: usize, col: usize) -> Option<(usize, Why)> {
    let r = queens[..row].iter().enumerate().position(|(r, &c)| {
        let c = usize::from(c);
        c == col || c.abs_diff(col) == row - r
    })?;
    let c = usize::from(queens[r]);
    // Up and to the right of the square: the same row + col, a rising diagonal.
    let why = match c.cmp(&col) {
        core::cmp::Ordering::Equal => Why::Column,
        core::cmp::Ordering::Greater => Why::Rising,
        core::cmp::Ordering::Less => Why::Falling,
    };
    Some((r, why))
}

impl Search {
    /// The empty `n`×`n` board, or `None` for `n == 0` and `n > 32`.
    pub(crate) fn new(n: u32) -> Option<Search> {
        (1..=MAX_N).contains(&n).then_some(Search {
            n: n as usize,
            queens: [0; 32],
            row: 0,
            col: 0,
            run: Run::default(),
        })
    }

    /// Queens placed so far.
    pub(crate) fn nodes(&self) -> u128 {
        self.run.nodes
    }

    /// Searches on, telling `observer` of every step, until it pauses the search (then
    /// `true`; calling again resumes) or the search is over (`false`). The column scan
    /// of a row is a tight inner loop, as in the recursive form: for counting, the
    /// observer ignores refusals and the scan stores nothing until a column is safe.
    pub(crate) fn run<O: Observer>(&mut self, observer: &mut O) -> bool {
        let n = self.n;
        // The position lives in locals (registers) and is stored only on a pause.
        let (mut row, mut col) = (self.row, self.col);
        loop {
            if row == n && col == 0 {
                // All rows hold a queen. Marked as reported, row n then backs up below
                // as if its columns were all tried.
                col = n;
                self.run.total += 1;
                if !observer.event(Event::Found, &self.queens[..n]) {
                    (self.row, self.col) = (row, col);
                    return true;
                }
                continue;
            }
            while col < n {
                let Some((by, why)) = attacker(&self.queens, row, col) else {
                    break;
                };
                col += 1;
                let (row, col) = (row as u8, col as u8 - 1);
                let refused = Event::Refuse {
                    row,
                    col,
                    why,
                    by: Some(by as u8),
                };
                if !observer.event(refused, &self.queens[..n]) {
                    (self.row, self.col) = (usize::from(row), usize::from(col) + 1);
                    return true;
                }
            }
            let event = if col < n {
                self.run.nodes += 1;
                self.queens[row] = col as u8;
                let placed = Event::Place {
                    row: row as u8,
                    col: col as u8,
                };
                (row, col) = (row + 1, 0);
                placed
            } else {
                // Every column of this row tried: take the queen above off again.
                if row == 0 {
                    (self.row, self.col) = (0, n);
                    return false;
                }
                row -= 1;
                col = usize::from(self.queens[row]);
                let removed = Event::Remove {
                    row: row as u8,
                    col: col as u8,
                };
                col += 1;
                removed
            };
            if !observer.event(event, &self.queens[..n]) {
                (self.row, self.col) = (row, col);
                return true;
            }
        }
    }
}
