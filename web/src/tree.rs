//! The search tree as a search explores it, kept as a list the page draws.
//!
//! Every queen placed is a branch, one level below the queen it was placed under (the
//! empty board is the root). A refused square and a dancing links dead end are short
//! branches that end at once; a placement is a mark on the queen that completed it. A
//! branch records the step it appeared at and, for a queen, the step it was taken off
//! again (the search backtracked), so the page can draw the tree as it stood at any
//! step without asking the search again.
//!
//! Layout: each branch gets a column `x`. A first child stands in its parent's column;
//! every later child opens a new column to the right of all earlier ones. The search is
//! depth first, so no two branches cross.

use nqueens::Event;

/// The largest board whose tree is kept (the page draws it for these sizes).
pub const TREE_MAX_N: u32 = 8;

/// The most branches kept per tree. Naive and flag arrays at n = 8 make 15,868 (queens
/// and refusals); cell by cell past n = 6 makes far more, and its tree stops there.
pub const TREE_CAP: usize = 20_000;

/// No step yet: a queen still on the board, or no parent (the root).
pub const NONE: u32 = u32::MAX;

/// What a branch is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum Kind {
    /// A queen placed.
    Queen = 0,
    /// A square refused.
    Refused = 1,
    /// Dancing links: a row or column with no square left.
    DeadEnd = 2,
    /// A placement: every row has its queen (marks the last queen).
    Found = 3,
}

/// One branch, laid out as five `u32`s that the page reads straight from memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct Branch {
    /// The step (the lane's own event count) at which it appeared.
    pub created: u32,
    /// The step at which its queen was taken off again; [`NONE`] while it is on.
    pub closed: u32,
    /// The index of the queen it hangs from; [`NONE`] under the root.
    pub parent: u32,
    /// Its column in the layout.
    pub x: u32,
    /// [`Kind`] in bits 0-3, depth (1 under the root) in bits 4-11, 0-based row in
    /// bits 12-19 and column in bits 20-27.
    pub info: u32,
}

impl Branch {
    /// Its kind.
    pub fn kind(&self) -> u32 {
        self.info & 0xf
    }

    /// Its depth: queens on the board with it (the root is 0).
    pub fn depth(&self) -> u32 {
        (self.info >> 4) & 0xff
    }
}

/// A search tree as far as the search has gone.
#[derive(Clone, Debug)]
pub struct Tree {
    /// The branches, in the order they appeared.
    pub branches: Vec<Branch>,
    /// Events seen so far: later events are new, earlier ones are a replay after going
    /// back, and the tree already has them.
    recorded: u64,
    /// The queens on the board: indices into `branches`, root first.
    path: Vec<u32>,
    /// Per level of `path` (and one for the root): whether that queen has a child yet.
    has_child: Vec<bool>,
    /// Columns used by the layout.
    pub width: u32,
    /// Whether the tree is kept at all (boards up to [`TREE_MAX_N`]).
    pub on: bool,
    /// The step after which the tree stopped growing, at [`TREE_CAP`] branches.
    pub stopped: Option<u64>,
}

impl Tree {
    /// The empty tree of an `n`×`n` board's search.
    pub fn new(n: u32) -> Tree {
        Tree {
            branches: Vec::new(),
            recorded: 0,
            path: Vec::new(),
            has_child: vec![false],
            width: 1,
            on: n <= TREE_MAX_N,
            stopped: None,
        }
    }

    /// Adds what event number `step` does to the tree, unless the tree has it already.
    pub fn record(&mut self, event: Event, step: u64) {
        if step <= self.recorded {
            return;
        }
        self.recorded = step;
        if !self.on || self.stopped.is_some() {
            return;
        }
        if self.branches.len() >= TREE_CAP {
            self.stopped = Some(step - 1);
            return;
        }
        let at = step as u32;
        match event {
            Event::Place { row, col } => {
                let index = self.add(Kind::Queen, at, NONE, row, col);
                self.path.push(index);
                self.has_child.push(false);
            }
            Event::Refuse { row, col, .. } => {
                self.add(Kind::Refused, at, at, row, col);
            }
            // A choice with no option left: the search backs up at once.
            Event::Choose { options: 0, .. } => {
                self.add(Kind::DeadEnd, at, at, 0, 0);
            }
            Event::Found => {
                if let Some(&last) = self.path.last() {
                    let queen = self.branches[last as usize];
                    self.branches.push(Branch {
                        created: at,
                        closed: at,
                        parent: last,
                        x: queen.x,
                        info: Kind::Found as u32 | (queen.info & !0xf),
                    });
                }
            }
            Event::Remove { .. } => {
                if let Some(index) = self.path.pop() {
                    self.has_child.pop();
                    self.branches[index as usize].closed = at;
                }
            }
            _ => {}
        }
    }

    /// Appends a branch under the queen at the end of the path and returns its index.
    fn add(&mut self, kind: Kind, created: u32, closed: u32, row: u8, col: u8) -> u32 {
        let parent = self.path.last().copied().unwrap_or(NONE);
        let level = self.path.len();
        let x = if self.has_child[level] {
            self.width += 1;
            self.width - 1
        } else {
            self.has_child[level] = true;
            self.path.last().map_or(0, |&p| self.branches[p as usize].x)
        };
        let depth = level as u32 + 1;
        self.branches.push(Branch {
            created,
            closed,
            parent,
            x,
            info: kind as u32 | depth << 4 | u32::from(row) << 12 | u32::from(col) << 20,
        });
        self.branches.len() as u32 - 1
    }
}
