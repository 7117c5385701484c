//! Naive backtracking: row by row, each candidate square checked against every queen
//! already placed. Quadratic work per placement; the first algorithm most people write.

use super::Run;
use crate::solver::MAX_N;
use crate::trace::{Event, Observer, Visit, Why};

/// Search state: the columns chosen so far, and per row the next column to try (the
/// explicit stack that makes the search resumable).
#[derive(Clone, Debug)]
pub(crate) struct Search {
    n: usize,
    queens: [u8; 32],
    /// Per row, the next column to try; `next[n]` is 0 until the placement that reached
    /// row n has been reported.
    next: [u8; 33],
    /// The row being filled: rows above it hold queens.
    row: usize,
    run: Run,
}

/// See [`Algorithm::Naive`](super::Algorithm::Naive).
pub(crate) fn search(n: u32, visit: &mut dyn FnMut(&[u8]) -> bool) -> Option<Run> {
    let mut search = Search::new(n)?;
    search.run(&mut Visit(visit));
    Some(search.run)
}

/// The first queen in rows `0..row` that attacks (`row`, `col`): its row and how.
fn attacker(queens: &[u8], row: usize, col: usize) -> Option<(usize, Why)> {
    queens[..row].iter().enumerate().find_map(|(r, &c)| {
        let c = usize::from(c);
        if c == col {
            Some((r, Why::Column))
        } else if c.abs_diff(col) == row - r {
            // Up and to the right of the square: same row + col, a rising diagonal.
            Some((r, if c > col { Why::Rising } else { Why::Falling }))
        } else {
            None
        }
    })
}

impl Search {
    /// The empty `n`×`n` board, or `None` for `n == 0` and `n > 32`.
    pub(crate) fn new(n: u32) -> Option<Search> {
        (1..=MAX_N).contains(&n).then_some(Search {
            n: n as usize,
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

    /// Searches on, telling `observer` of every step, until it pauses the search (then
    /// `true`; calling again resumes) or the search is over (`false`). Each turn of the
    /// loop makes exactly one event, so it can stop after any of them.
    pub(crate) fn run<O: Observer>(&mut self, observer: &mut O) -> bool {
        let n = self.n;
        let mut row = self.row;
        loop {
            let col = usize::from(self.next[row]);
            let event = if row == n && col == 0 {
                // All rows hold a queen; mark it reported, then back up as if the row
                // past the last were exhausted.
                self.next[n] = n as u8;
                self.run.total += 1;
                Event::Found
            } else if col == n {
                // Every column of this row tried: take the queen above off again.
                if row == 0 {
                    self.row = row;
                    return false;
                }
                row -= 1;
                Event::Remove {
                    row: row as u8,
                    col: self.queens[row],
                }
            } else {
                self.next[row] = col as u8 + 1;
                let (row8, col8) = (row as u8, col as u8);
                if let Some((by, why)) = attacker(&self.queens, row, col) {
                    Event::Refuse {
                        row: row8,
                        col: col8,
                        why,
                        by: Some(by as u8),
                    }
                } else {
                    self.run.nodes += 1;
                    self.queens[row] = col8;
                    row += 1;
                    self.next[row] = 0;
                    Event::Place {
                        row: row8,
                        col: col8,
                    }
                }
            };
            if !observer.event(event, &self.queens[..n]) {
                self.row = row;
                return true;
            }
        }
    }
}
