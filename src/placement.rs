//! Building, printing, drawing and checking a [`Placement`].

use core::fmt;

use crate::solver::{MAX_N, Placement, Placements};

/// Why a list of columns is not a placement.
///
/// # Example
/// ```
/// use nqueens::{Placement, PlacementError};
/// assert_eq!(Placement::new(&[]), Err(PlacementError::Empty));
/// assert_eq!(
///     Placement::new(&[1, 5]),
///     Err(PlacementError::ColumnOutOfRange { row: 2, column: 5, n: 2 })
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PlacementError {
    /// No columns at all.
    Empty,
    /// More rows than the largest board, [`MAX_N`].
    TooLong {
        /// How many columns were given.
        len: usize,
    },
    /// A column outside `1..=n`, where n is the number of columns given.
    ColumnOutOfRange {
        /// 1-based row of the bad column.
        row: usize,
        /// The column as given (1-based).
        column: u32,
        /// The board size, and so the largest column accepted.
        n: usize,
    },
}

impl fmt::Display for PlacementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Empty => f.write_str("a placement needs at least one column"),
            Self::TooLong { len } => {
                write!(f, "{len} columns given; boards go up to {MAX_N}")
            }
            Self::ColumnOutOfRange { row, column, n } => {
                write!(f, "column {column} in row {row} is outside 1..={n}")
            }
        }
    }
}

// `core::error::Error`, so that `no_std` users get it too (std re-exports it).
impl core::error::Error for PlacementError {}

impl Placement {
    /// Builds a placement from 1-based columns, one per row, as they are printed.
    ///
    /// The board size is the number of columns. Attacking queens are allowed here (see
    /// [`Placement::is_valid`]); only the shape is checked.
    ///
    /// # Errors
    /// [`PlacementError`] for no columns, more than 32, or a column outside `1..=n`.
    ///
    /// # Example
    /// ```
    /// let p = nqueens::Placement::new(&[2, 4, 1, 3]).unwrap();
    /// assert_eq!(p.n(), 4);
    /// assert_eq!(p.column(0), Some(2));
    /// ```
    pub const fn new(columns: &[u32]) -> Result<Placement, PlacementError> {
        let n = columns.len();
        if n == 0 {
            return Err(PlacementError::Empty);
        }
        if n > MAX_N as usize {
            return Err(PlacementError::TooLong { len: n });
        }
        let mut p = Placement {
            len: n as u8,
            cols: [0; 32],
        };
        let mut row = 0;
        while row < n {
            let column = columns[row];
            if column == 0 || column as usize > n {
                return Err(PlacementError::ColumnOutOfRange {
                    row: row + 1,
                    column,
                    n,
                });
            }
            p.cols[row] = (column - 1) as u8;
            row += 1;
        }
        Ok(p)
    }

    /// The board size (and number of queens).
    ///
    /// # Example
    /// ```
    /// assert_eq!(nqueens::Placement::new(&[1]).unwrap().n(), 1);
    /// ```
    pub const fn n(&self) -> u32 {
        self.len as u32
    }

    /// The 1-based column of the queen in 0-based `row`, or `None` past the last row.
    ///
    /// # Example
    /// ```
    /// let p = nqueens::Placement::new(&[3, 1, 4, 2]).unwrap();
    /// assert_eq!(p.column(2), Some(4));
    /// assert_eq!(p.column(4), None);
    /// ```
    pub const fn column(&self, row: usize) -> Option<u32> {
        if row < self.len as usize {
            Some(self.cols[row] as u32 + 1)
        } else {
            None
        }
    }

    /// The 1-based columns, row by row.
    ///
    /// # Example
    /// ```
    /// let p = nqueens::Placement::new(&[2, 4, 1, 3]).unwrap();
    /// assert!(p.columns().eq([2, 4, 1, 3]));
    /// ```
    pub fn columns(&self) -> impl Iterator<Item = u32> + '_ {
        self.cols[..self.len as usize]
            .iter()
            .map(|&c| u32::from(c) + 1)
    }

    /// Whether no two queens share a column or a diagonal (rows are distinct by
    /// construction).
    ///
    /// # Example
    /// ```
    /// use nqueens::Placement;
    /// assert!(Placement::new(&[2, 4, 1, 3]).unwrap().is_valid());
    /// assert!(!Placement::new(&[1, 2, 3, 4]).unwrap().is_valid()); // one diagonal
    /// assert!(!Placement::new(&[1, 3, 1]).unwrap().is_valid()); // one column
    /// ```
    pub const fn is_valid(&self) -> bool {
        let n = self.len as usize;
        let mut a = 0;
        while a < n {
            let mut b = a + 1;
            while b < n {
                if attacks(a, self.cols[a] as usize, b, self.cols[b] as usize) {
                    return false;
                }
                b += 1;
            }
            a += 1;
        }
        true
    }

    /// The board as `n` lines of `.` and `Q` (the classic listing format), each line
    /// ending in a newline.
    ///
    /// # Example
    /// ```
    /// let p = nqueens::Placement::new(&[2, 4, 1, 3]).unwrap();
    /// assert_eq!(p.board().to_string(), ".Q..\n...Q\nQ...\n..Q.\n");
    /// ```
    pub const fn board(&self) -> Board<'_> {
        Board(self)
    }
}

/// Whether queens at (row a, column ca) and (row b, column cb), a != b, attack each other.
const fn attacks(a: usize, ca: usize, b: usize, cb: usize) -> bool {
    let dr = b.abs_diff(a);
    let dc = ca.abs_diff(cb);
    dc == 0 || dc == dr
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (row, column) in self.columns().enumerate() {
            if row > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{column}")?;
        }
        Ok(())
    }
}

/// A placement drawn as rows of `.` and `Q`; made by [`Placement::board`].
///
/// # Example
/// ```
/// let p = nqueens::Placement::new(&[1]).unwrap();
/// assert_eq!(format!("{}", p.board()), "Q\n");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Board<'a>(&'a Placement);

impl fmt::Display for Board<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.0.len as usize;
        for &queen in &self.0.cols[..n] {
            for column in 0..n {
                f.write_str(if column == queen as usize { "Q" } else { "." })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl Placements {
    /// How many placements are held (three, or fewer when the board has fewer).
    ///
    /// # Example
    /// ```
    /// assert_eq!(nqueens::first_placements(3).unwrap().len(), 0);
    /// ```
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no placement is held (boards of size 2 and 3).
    ///
    /// # Example
    /// ```
    /// assert!(nqueens::first_placements(2).unwrap().is_empty());
    /// ```
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The placements, first in lexicographic order first.
    ///
    /// # Example
    /// ```
    /// let first = nqueens::first_placements(1).unwrap();
    /// assert_eq!(first.as_slice()[0].to_string(), "1");
    /// ```
    pub const fn as_slice(&self) -> &[Placement] {
        self.list.split_at(self.len as usize).0
    }
}

/// How two queens attack each other.
///
/// # Example
/// ```
/// use nqueens::{Attack, Placement};
/// let p = Placement::new(&[1, 1]).unwrap();
/// assert_eq!(p.conflicts().next().unwrap().attack, Attack::Column);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attack {
    /// Same column.
    Column,
    /// Same diagonal.
    Diagonal,
}

/// Two queens that attack each other: 1-based (row, column) of each, first row first.
///
/// # Example
/// ```
/// let p = nqueens::Placement::new(&[1, 2]).unwrap();
/// let c = p.conflicts().next().unwrap();
/// assert_eq!((c.first, c.second), ((1, 1), (2, 2)));
/// assert_eq!(c.to_string(), "rows 1 and 2 (columns 1 and 2) share a diagonal");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The queen in the lower-numbered row, as (row, column).
    pub first: (u32, u32),
    /// The other queen, as (row, column).
    pub second: (u32, u32),
    /// What they share.
    pub attack: Attack,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.attack {
            Attack::Column => "a column",
            Attack::Diagonal => "a diagonal",
        };
        write!(
            f,
            "rows {} and {} (columns {} and {}) share {what}",
            self.first.0, self.second.0, self.first.1, self.second.1
        )
    }
}

/// Every attacking pair of a placement, row pairs in order; made by
/// [`Placement::conflicts`].
///
/// # Example
/// ```
/// let p = nqueens::Placement::new(&[1, 2, 3]).unwrap();
/// assert_eq!(p.conflicts().count(), 3); // one long diagonal
/// ```
#[derive(Clone, Debug)]
pub struct Conflicts<'a> {
    placement: &'a Placement,
    a: usize,
    b: usize,
}

impl Iterator for Conflicts<'_> {
    type Item = Conflict;

    fn next(&mut self) -> Option<Conflict> {
        let n = self.placement.len as usize;
        let cols = &self.placement.cols;
        while self.a < n {
            while self.b < n {
                let (a, b) = (self.a, self.b);
                self.b += 1;
                let (ca, cb) = (cols[a] as usize, cols[b] as usize);
                if attacks(a, ca, b, cb) {
                    let attack = if ca == cb {
                        Attack::Column
                    } else {
                        Attack::Diagonal
                    };
                    let cell = |row: usize, col: usize| (row as u32 + 1, col as u32 + 1);
                    return Some(Conflict {
                        first: cell(a, ca),
                        second: cell(b, cb),
                        attack,
                    });
                }
            }
            self.a += 1;
            self.b = self.a + 1;
        }
        None
    }
}

impl Placement {
    /// Every pair of queens that attack each other (none for a valid placement).
    ///
    /// # Example
    /// ```
    /// let p = nqueens::Placement::new(&[1, 3, 1, 2]).unwrap();
    /// let all: Vec<String> = p.conflicts().map(|c| c.to_string()).collect();
    /// assert_eq!(all, [
    ///     "rows 1 and 3 (columns 1 and 1) share a column",
    ///     "rows 3 and 4 (columns 1 and 2) share a diagonal",
    /// ]);
    /// ```
    pub fn conflicts(&self) -> Conflicts<'_> {
        Conflicts {
            placement: self,
            a: 0,
            b: 1,
        }
    }
}
