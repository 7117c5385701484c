//! A half board as one word, and how a quarter placement becomes a share of it.
//!
//! A half is described by the diagonals it has across the row where it meets the
//! other half: `n` bits for the diagonals running down and right, `n` for those running
//! down and left. Two halves fit iff their words share no bit. Built and searched
//! halves number these bits differently ([`Numbering`]); a top is only ever paired with
//! bottoms numbered the same way. Above the diagonals, from bit 54, a word carries a tag
//! (see `reflection.rs`).

use crate::count::join::reflection::UNTAGGED;

/// How a word numbers its diagonals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Numbering {
    /// Halves built from quarters: bit `i` is the down-right diagonal through column
    /// `n - 1 - i` of the row below the half, bit `n + i` the down-left one through
    /// column `i`. This is the quarters' own numbering, so a part's share of a word
    /// needs no reversal.
    Built,
    /// Searched halves: bit `i` is the down-right diagonal through column `i`, bit
    /// `n + i` the down-left one through column `i`, as the search's masks hold them.
    Searched,
}

impl Numbering {
    /// The bits of a top half's word that a queen in the row below it, in column
    /// `column`, stands on: the diagonals it must not share with the half.
    pub(crate) fn through(self, n: u32, column: u32) -> u64 {
        match self {
            Numbering::Built => 1 << (n - 1 - column) | 1 << (n + column),
            Numbering::Searched => 1 << column | 1 << (n + column),
        }
    }

    /// A top half's word turned upside down about the row below it, as the bottom half
    /// it becomes: each family of diagonals becomes the other, through the same
    /// columns. Built words then read in reverse order, searched ones swap their two
    /// families. The tag stays.
    pub(crate) fn turned(self, n: u32, word: u64) -> u64 {
        match self {
            Numbering::Built => {
                ((word & UNTAGGED).reverse_bits() >> (64 - 2 * n)) | (word & !UNTAGGED)
            }
            Numbering::Searched => {
                let board = (1u64 << n) - 1;
                (word & !UNTAGGED) | (word >> n & board) | (word & board) << n
            }
        }
    }
}

/// Renumbers the built word of a bottom half made upside down.
///
/// Upside down, its down-right diagonal numbered `i` (through column `n - 1 - i` of the
/// row above the cut) runs down-left, and one row further down it crosses column
/// `n - 2 - i`: the down-left bit `n - 2 - i`. Likewise its down-left diagonal `i`
/// becomes the down-right one numbered `n - 2 - i`. That is the word's `2n` bits in
/// reverse order, moved down one place, without the diagonal that leaves the board
/// (the one reversal moves to bit `n - 1`).
fn upside_down(n: u32, word: u64) -> u64 {
    (word.reverse_bits() >> (64 - 2 * n + 1)) & !(1 << (n - 1))
}

/// Which half of the board a list of built halves holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Half {
    Top,
    Bottom,
    /// Top halves turned over about the row below them ([`Numbering::turned`]): the
    /// bottom halves of an odd board, whose middle row lies between (`odd.rs`). Each
    /// part's share of the word is turned, rather than every half's word, so a bit
    /// reversal is made once per part instead of once per half.
    Turned,
}

impl Half {
    /// The kind of half besides tops that the joins of an `n`×`n` board make.
    pub(crate) fn other(n: u32) -> Half {
        if n.is_multiple_of(2) {
            Half::Bottom
        } else {
            Half::Turned
        }
    }
}

/// How a quarter's coordinates sit on the board, for halves of `k` rows, and which half
/// they build: a bottom half is made upside down, a turned top half turned over.
#[derive(Clone, Copy)]
pub(crate) struct Frame {
    n: u32,
    /// The rows of the half as it is made.
    pub(crate) k: u32,
    half: Half,
    /// `n - m`: the left quarter's down-right diagonals and the right quarter's
    /// down-left ones are this far along the board's numbering.
    shift: u32,
    /// The `2m - 1` diagonals of one family of a quarter.
    family: u64,
}

/// A bit that no quarter placement has (its diagonals take the low 21 bits of each
/// 32-bit half) and every left part's clash has: a right part with it fits nothing.
pub(crate) const SENTINEL: u64 = 1 << 63;

impl Frame {
    /// How the quarters of an `n`×`n` board sit for `half`, cut below row `n/2`.
    pub(crate) fn of(n: u32, half: Half) -> Frame {
        let (m, k) = (n.div_ceil(2), n / 2);
        let k = match half {
            Half::Top | Half::Turned => k,
            Half::Bottom => n - k,
        };
        Frame {
            n,
            k,
            half,
            shift: n - m,
            family: (1 << (2 * m - 1)) - 1,
        }
    }

    /// The board's diagonals (down-right numbered `r - c + n - 1`, down-left `r + c`)
    /// as a word: those crossing row `k`.
    fn word(&self, down_right: u64, down_left: u64) -> u64 {
        let board = (1u64 << self.n) - 1;
        let word = ((down_right >> self.k) & board) | ((down_left >> self.k) & board) << self.n;
        match self.half {
            Half::Top => word,
            Half::Bottom => upside_down(self.n, word),
            Half::Turned => Numbering::Built.turned(self.n, word),
        }
    }

    /// A right-quarter placement's share of the word. Read from the right edge, the
    /// quarter's down-left diagonals are the board's down-right ones, numbered alike,
    /// and its down-right ones are the board's down-left ones, `shift` further on.
    pub(crate) fn right_word(&self, quarter: u64) -> u64 {
        let (own_right, own_left) = (quarter & self.family, quarter >> 32);
        self.word(own_left, own_right << self.shift)
    }

    /// A left-quarter placement's share of the word.
    pub(crate) fn left_word(&self, quarter: u64) -> u64 {
        let (own_right, own_left) = (quarter & self.family, quarter >> 32);
        // On the board, the left quarter's down-right diagonals are `shift` further on.
        self.word(own_right << self.shift, own_left)
    }

    /// The diagonals a right placement joined with the left one `quarter` must not
    /// have, in the right quarter's own coordinates (with [`SENTINEL`], which the
    /// padding has). The same for every kind of half.
    pub(crate) fn clash(&self, quarter: u64) -> u64 {
        let (own_right, own_left) = (quarter & self.family, quarter >> 32);
        let (down_right, down_left) = (own_right << self.shift, own_left);
        (down_left >> self.shift) | (down_right & self.family) << 32 | SENTINEL
    }
}
