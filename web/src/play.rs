//! Play: the student's own board, one queen per row, judged by the library.
//!
//! A full board is checked by [`Placement::conflicts`], the check `nqueens check` runs.
//! A board with empty rows is not a [`Placement`], so its pairs are found here with the
//! same rule and reported in the same order (by the first row, then the second); a test
//! holds the two to agreement on every full board of the small sizes. The hint, the
//! placement's number and its symmetry class come from the library's searches.

use nqueens::{Attack, Conflict, MAX_N, Placement, Solutions};

/// The student's board.
#[derive(Clone, Debug)]
pub struct Board {
    /// The board size.
    pub n: u32,
    /// The 0-based column of each row's queen.
    queens: [Option<u8>; MAX_N as usize],
}

/// The eight symmetries of the square, in the order the page names them: how each takes
/// the square (row, column) of an `n`×`n` board (0-based) to its image.
pub const SYMMETRIES: usize = 8;

/// The image of (row, col) under symmetry `g` (see [`SYMMETRIES`]): 0 itself, 1 a
/// quarter turn clockwise, 2 a half turn, 3 a quarter turn anticlockwise, 4 mirrored
/// left to right, 5 mirrored top to bottom, 6 mirrored in the diagonal from the top
/// left corner, 7 mirrored in the other diagonal.
pub fn image(g: usize, n: u32, row: u32, col: u32) -> (u32, u32) {
    let last = n - 1;
    match g {
        1 => (col, last - row),
        2 => (last - row, last - col),
        3 => (last - col, row),
        4 => (row, last - col),
        5 => (last - row, col),
        6 => (col, row),
        7 => (last - col, last - row),
        _ => (row, col),
    }
}

/// Whether queens on (ra, ca) and (rb, cb), on two rows, attack each other, and how.
fn attack(ra: u32, ca: u32, rb: u32, cb: u32) -> Option<Attack> {
    if ca == cb {
        Some(Attack::Column)
    } else if ca.abs_diff(cb) == ra.abs_diff(rb) {
        Some(Attack::Diagonal)
    } else {
        None
    }
}

impl Board {
    /// An empty `n`×`n` board; `None` outside 1..=32.
    pub fn new(n: u32) -> Option<Board> {
        (1..=MAX_N).contains(&n).then_some(Board {
            n,
            queens: [None; MAX_N as usize],
        })
    }

    /// Puts the queen of `row` on `col`, or takes it off with `None`. `false` if the
    /// square is off the board.
    pub fn set(&mut self, row: u32, col: Option<u32>) -> bool {
        if row >= self.n || col.is_some_and(|c| c >= self.n) {
            return false;
        }
        self.queens[row as usize] = col.map(|c| c as u8);
        true
    }

    /// The 0-based column of the queen on `row`.
    pub fn queen(&self, row: u32) -> Option<u32> {
        self.queens
            .get(row as usize)
            .copied()
            .flatten()
            .map(u32::from)
    }

    /// The queens as (row, column), top row first.
    fn placed(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (0..self.n).filter_map(|r| self.queen(r).map(|c| (r, c)))
    }

    /// The board as a placement, when every row has its queen.
    pub fn placement(&self) -> Option<Placement> {
        let columns: Vec<u32> = (0..self.n)
            .map(|r| self.queen(r).map(|c| c + 1))
            .collect::<Option<_>>()?;
        Placement::new(&columns).ok()
    }

    /// The squares of `row` that a queen on another row attacks, along its column or a
    /// diagonal: bit c for column c.
    pub fn attacked(&self, row: u32) -> u32 {
        let mut set = 0;
        for (r, c) in self.placed().filter(|&(r, _)| r != row) {
            for col in 0..self.n {
                if attack(r, c, row, col).is_some() {
                    set |= 1 << col;
                }
            }
        }
        set
    }

    /// Every pair of queens that attack each other, as `nqueens check` lists them.
    pub fn conflicts(&self) -> Vec<Conflict> {
        if let Some(placement) = self.placement() {
            return placement.conflicts().collect();
        }
        let queens: Vec<(u32, u32)> = self.placed().collect();
        let mut found = Vec::new();
        for (i, &(ra, ca)) in queens.iter().enumerate() {
            for &(rb, cb) in &queens[i + 1..] {
                if let Some(attack) = attack(ra, ca, rb, cb) {
                    found.push(Conflict {
                        first: (ra + 1, ca + 1),
                        second: (rb + 1, cb + 1),
                        attack,
                    });
                }
            }
        }
        found
    }

    /// A square that still leads to a placement: the first empty row's square in the
    /// first placement (in lexicographic order) that keeps every queen on the board.
    /// `None` if no placement keeps them, or if the board is full.
    pub fn hint(&self) -> Option<(u32, u32)> {
        let row = (0..self.n).find(|&r| self.queen(r).is_none())?;
        let keeps = |p: &Placement| {
            self.placed()
                .all(|(r, c)| p.column(r as usize) == Some(c + 1))
        };
        let placement = Solutions::new(self.n)?.find(keeps)?;
        Some((row, placement.column(row as usize)? - 1))
    }

    /// The board's number among all placements in lexicographic order (from 1), if it
    /// is a placement.
    pub fn number(&self) -> Option<u64> {
        let board = self.placement().filter(Placement::is_valid)?;
        let position = Solutions::new(self.n)?.position(|p| p == board)?;
        Some(position as u64 + 1)
    }

    /// If the board is a placement: its symmetry class as (the class's number among the
    /// classes in lexicographic order of their smallest member, as `nqueens solutions
    /// N --unique` lists them, from 1; that smallest member; how many classes there
    /// are).
    pub fn class(&self) -> Option<(u64, Placement, u64)> {
        let board = self.placement().filter(Placement::is_valid)?;
        let smallest = board.canonical()?;
        let mut number = None;
        let mut classes = 0;
        for p in Solutions::new(self.n)?.filter(|p| p.canonical() == Some(*p)) {
            classes += 1;
            if p == smallest {
                number = Some(classes);
            }
        }
        Some((number?, smallest, classes))
    }

    /// The first symmetry (see [`image`]) that takes `from` to this board.
    pub fn symmetry_from(&self, from: &Placement) -> Option<usize> {
        let board = self.placement()?;
        (0..SYMMETRIES).find(|&g| {
            let mut columns = [0u32; MAX_N as usize];
            for (row, col) in from.columns().enumerate() {
                let (r, c) = image(g, self.n, row as u32, col - 1);
                columns[r as usize] = c + 1;
            }
            Placement::new(&columns[..self.n as usize]).is_ok_and(|p| p == board)
        })
    }
}

thread_local! {
    static BOARD: std::cell::RefCell<Option<Board>> = const { std::cell::RefCell::new(None) };
    static CONFLICTS: std::cell::RefCell<Vec<Conflict>> = const { std::cell::RefCell::new(Vec::new()) };
    static CLASS: std::cell::Cell<Option<(u64, Placement, u64)>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` on the board, or returns `default` if none was made.
fn with_board<T>(default: T, f: impl FnOnce(&mut Board) -> T) -> T {
    BOARD.with(|board| board.borrow_mut().as_mut().map_or(default, f))
}

/// Makes an empty `n`×`n` board for play. 1 if made, 0 if `n` is outside the page's
/// sizes.
#[unsafe(no_mangle)]
pub extern "C" fn nq_play_new(n: u32) -> u32 {
    let board = Board::new(n).filter(|_| (crate::MIN_N..=crate::MAX_N).contains(&n));
    let made = board.is_some();
    BOARD.with(|b| *b.borrow_mut() = board);
    u32::from(made)
}

/// Puts the queen of 0-based `row` on 0-based `col`, moving it if the row had one, or
/// takes it off if `col` is -1. 1 if done, 0 if the square is off the board.
#[unsafe(no_mangle)]
pub extern "C" fn nq_play_set(row: u32, col: i32) -> u32 {
    let col = u32::try_from(col).ok();
    with_board(0, |board| u32::from(board.set(row, col)))
}

/// The 0-based column of the queen on `row`, or -1.
#[unsafe(no_mangle)]
pub extern "C" fn nq_play_queen(row: u32) -> i32 {
    with_board(-1, |board| {
        board
            .queen(row)
            .and_then(|c| i32::try_from(c).ok())
            .unwrap_or(-1)
    })
}

/// The squares of `row` that a queen on another row attacks: bit c for column c.
#[unsafe(no_mangle)]
pub extern "C" fn nq_play_attacked(row: u32) -> u32 {
    with_board(0, |board| board.attacked(row))
}

/// Finds the pairs of queens that attack each other and returns how many there are;
/// [`nq_play_conflict`] reads them.
#[unsafe(no_mangle)]
pub extern "C" fn nq_play_conflicts() -> u32 {
    let found = with_board(Vec::new(), |board| board.conflicts());
    let count = found.len() as u32;
    CONFLICTS.with(|c| *c.borrow_mut() = found);
    count
}

/// Pair `index` found by [`nq_play_conflicts`], 1-based: `field` 0 the first queen's
/// row, 1 its column, 2 the second's row, 3 its column, 4 what they share (0 a column,
/// 1 a diagonal). 0 if there is no such pair.
#[unsafe(no_mangle)]
pub extern "C" fn nq_play_conflict(index: u32, field: u32) -> u32 {
    CONFLICTS.with(|c| {
        c.borrow()
            .get(index as usize)
            .map_or(0, |pair| match field {
                0 => pair.first.0,
                1 => pair.first.1,
                2 => pair.second.0,
                3 => pair.second.1,
                4 => u32::from(pair.attack == Attack::Diagonal),
                _ => 0,
            })
    })
}

/// A square that still leads to a placement, as `row * 32 + col` (0-based); -1 if no
/// placement keeps the queens on the board (or the board is full).
#[unsafe(no_mangle)]
pub extern "C" fn nq_play_hint() -> i32 {
    let hint = with_board(None, |board| board.hint());
    hint.and_then(|(row, col)| i32::try_from(row * 32 + col).ok())
        .unwrap_or(-1)
}

/// The board's number among all placements in lexicographic order (from 1), or 0 if
/// it is not a placement.
#[unsafe(no_mangle)]
pub extern "C" fn nq_play_number() -> f64 {
    with_board(None, |board| board.number()).map_or(0.0, |k| k as f64)
}

/// Finds the board's symmetry class and returns its number (from 1, in the order of
/// `nqueens solutions N --unique`), or 0 if the board is not a placement. Then
/// [`nq_play_classes`], [`nq_play_class_column`] and [`nq_play_symmetry`] read it.
#[unsafe(no_mangle)]
pub extern "C" fn nq_play_class() -> f64 {
    let class = with_board(None, |board| board.class());
    CLASS.set(class);
    class.map_or(0.0, |(number, _, _)| number as f64)
}

/// How many symmetry classes the board's size has (after [`nq_play_class`]).
#[unsafe(no_mangle)]
pub extern "C" fn nq_play_classes() -> f64 {
    CLASS.get().map_or(0.0, |(_, _, classes)| classes as f64)
}

/// The 1-based column of `row` in the smallest placement of the class (after
/// [`nq_play_class`]), 0 if none.
#[unsafe(no_mangle)]
pub extern "C" fn nq_play_class_column(row: u32) -> u32 {
    CLASS
        .get()
        .and_then(|(_, smallest, _)| smallest.column(row as usize))
        .unwrap_or(0)
}

/// Which symmetry (see [`image`]) takes the class's smallest placement to the board,
/// or -1 (after [`nq_play_class`]).
#[unsafe(no_mangle)]
pub extern "C" fn nq_play_symmetry() -> i32 {
    let Some((_, smallest, _)) = CLASS.get() else {
        return -1;
    };
    let symmetry = with_board(None, |board| board.symmetry_from(&smallest));
    symmetry.and_then(|g| i32::try_from(g).ok()).unwrap_or(-1)
}
