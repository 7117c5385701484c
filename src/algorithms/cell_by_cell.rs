//! Cell by cell: each of the n² squares in turn either takes a queen or is skipped; a
//! board with n queens is a solution. The only pruning is that a queen may not be
//! attacked and that enough squares must remain for the queens still missing, so the
//! search wanders through every partial arrangement of non-attacking queens: hopeless
//! past about n = 8. It shows why choosing one queen per row matters.
//!
//! Deciding a square is a node whichever way it goes; skipping is a tail call, so the
//! only stack the search needs is the squares of the queens on the board.

use super::Run;
use crate::event::{Event, FlagState, Observer, Visit, Why};
use crate::solver::MAX_N;

#[derive(Clone, Debug)]
pub(crate) struct Search {
    n: usize,
    row_used: [bool; 32],
    column: [bool; 32],
    rising: [bool; 63],
    falling: [bool; 63],
    queens: [u8; 32],
    /// The squares (row-major) of the queens on the board, in the order placed.
    stack: [u16; 32],
    placed: usize,
    /// The square being decided.
    cell: usize,
    phase: Phase,
    run: Run,
}

/// Where the search loop resumes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Try a queen on `cell` (or report a placement if n are on the board).
    Try,
    /// Leave `cell` empty and go on to the next square.
    Skip,
    /// Take the last queen off, then skip its square.
    Back,
    /// The search is over.
    Done,
}

/// See [`Algorithm::CellByCell`](super::Algorithm::CellByCell).
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
            row_used: [false; 32],
            column: [false; 32],
            rising: [false; 63],
            falling: [false; 63],
            queens: [0; 32],
            stack: [0; 32],
            placed: 0,
            cell: 0,
            phase: Phase::Try,
            run: Run::default(),
        })
    }

    /// Squares decided so far.
    pub(crate) fn nodes(&self) -> u128 {
        self.run.nodes
    }

    /// The flag arrays as bit sets.
    pub(crate) fn flags(&self) -> FlagState {
        FlagState {
            rows: super::flags::bits(&self.row_used) as u32,
            columns: super::flags::bits(&self.column) as u32,
            rising: super::flags::bits(&self.rising),
            falling: super::flags::bits(&self.falling),
        }
    }

    /// Decides square after square, first with a queen, then without (so placements
    /// come out in lexicographic order), telling `observer` of every step, until it
    /// pauses the search (then `true`; calling again resumes) or the search is over
    /// (`false`). A refused square is skipped, and a removed queen's square too, in the
    /// same turn unless the observer pauses in between: counting goes straight on.
    pub(crate) fn run<O: Observer>(&mut self, observer: &mut O) -> bool {
        let n = self.n;
        let mut cell = self.cell;
        let mut phase = self.phase;
        loop {
            if phase == Phase::Back {
                if self.placed == 0 {
                    self.phase = Phase::Done;
                    return false;
                }
                self.placed -= 1;
                cell = usize::from(self.stack[self.placed]);
                let (row, col) = (cell / n, cell % n);
                self.set(row, col, false);
                phase = Phase::Skip;
                let removed = Event::Remove {
                    row: row as u8,
                    col: col as u8,
                };
                if !observer.event(removed, &self.queens[..n]) {
                    (self.cell, self.phase) = (cell, phase);
                    return true;
                }
            }
            let event = match phase {
                Phase::Try if self.placed == n => {
                    self.run.total += 1;
                    phase = Phase::Back;
                    Event::Found
                }
                Phase::Try if n * n - cell < n - self.placed => {
                    phase = Phase::Back; // not enough squares left
                    continue;
                }
                Phase::Try => {
                    let (row, col) = (cell / n, cell % n);
                    if let Some(why) = self.attacked(row, col) {
                        phase = Phase::Skip;
                        let (row, col) = (row as u8, col as u8);
                        let refused = Event::Refuse {
                            row,
                            col,
                            why,
                            by: None,
                        };
                        if !observer.event(refused, &self.queens[..n]) {
                            (self.cell, self.phase) = (cell, phase);
                            return true;
                        }
                        continue;
                    }
                    self.run.nodes += 1;
                    self.set(row, col, true);
                    self.queens[row] = col as u8;
                    self.stack[self.placed] = cell as u16;
                    self.placed += 1;
                    cell += 1;
                    Event::Place {
                        row: row as u8,
                        col: col as u8,
                    }
                }
                Phase::Skip => {
                    self.run.nodes += 1;
                    let (row, col) = (cell / n, cell % n);
                    cell += 1;
                    phase = Phase::Try;
                    Event::Skip {
                        row: row as u8,
                        col: col as u8,
                    }
                }
                Phase::Back | Phase::Done => return false,
            };
            if !observer.event(event, &self.queens[..n]) {
                (self.cell, self.phase) = (cell, phase);
                return true;
            }
        }
    }

    /// Why (row, col) may not take a queen, if it may not.
    fn attacked(&self, row: usize, col: usize) -> Option<Why> {
        if self.row_used[row] {
            Some(Why::Row)
        } else if self.column[col] {
            Some(Why::Column)
        } else if self.rising[row + col] {
            Some(Why::Rising)
        } else if self.falling[row + self.n - 1 - col] {
            Some(Why::Falling)
        } else {
            None
        }
    }

    /// Raises or lowers the flags of (row, col).
    fn set(&mut self, row: usize, col: usize, used: bool) {
        self.row_used[row] = used;
        self.column[col] = used;
        self.rising[row + col] = used;
        self.falling[row + self.n - 1 - col] = used;
    }
}
