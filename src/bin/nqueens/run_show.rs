//! `nqueens show`: one placement drawn as a chessboard.

use std::fmt::Write as _;
use std::io::IsTerminal as _;

use nqueens::{Placement, Solutions};

use crate::cli::ShowArgs;
use crate::failure::Failure;
use crate::{input, output};

/// Draws the K-th placement (1-based, lexicographic order).
pub fn run(args: &ShowArgs) -> Result<(), Failure> {
    input::no_extra(&args.size.extra)?;
    let n = input::board_size(args.size.n.as_deref())?;
    let k = args.index;
    let mut search = Solutions::new(n).ok_or_else(|| input::out_of_range(n))?;
    let mut found = 0u64;
    let placement = loop {
        match search.next() {
            Some(p) => {
                found += 1;
                if found == k {
                    break p;
                }
            }
            None if found == 0 => {
                return Err(Failure::Usage(format!(
                    "{}, so there is nothing to show",
                    input::no_placements(n)
                )));
            }
            None => {
                return Err(Failure::Usage(format!(
                    "placement {k} does not exist: n={n} has {found} placements; \
                     expected an index from 1 to {found}"
                )));
            }
        }
    };
    let colour = std::io::stdout().is_terminal() && !no_colour_requested();
    output::print(&draw(&placement, k, colour))
}

/// `NO_COLOR` set to anything but the empty string turns colour off (no-color.org).
fn no_colour_requested() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
}

/// The board with rank numbers on the left and file letters below; rank 1 (the
/// placement's first row) at the bottom, as on a chess diagram. In colour, light and
/// dark squares are backgrounds; without, they are `.` and `:` so the pattern survives.
pub fn draw(p: &Placement, index: u64, colour: bool) -> String {
    let n = p.n() as usize;
    let mut out = format!("n={n}, placement {index}: {p}\n");
    let width = n.to_string().len();
    for row in (0..n).rev() {
        let queen = p.column(row).map_or(0, |c| c as usize - 1);
        let _ = write!(out, "{:>width$} ", row + 1);
        for col in 0..n {
            let light = (row + col) % 2 == 1;
            out.push_str(&square(col == queen, light, colour));
        }
        if colour {
            out.push_str("\x1b[0m");
        }
        out.push('\n');
    }
    let _ = write!(out, "{:>width$} ", "");
    for col in 0..n {
        let _ = write!(out, " {}", file(col));
    }
    out.push('\n');
    out
}

/// One square, two characters wide.
fn square(queen: bool, light: bool, colour: bool) -> String {
    let piece = if queen {
        "♛"
    } else if colour {
        " "
    } else if light {
        "."
    } else {
        ":"
    };
    if colour {
        let background = if light { "48;5;180" } else { "48;5;137" };
        format!("\x1b[{background};38;5;16m {piece}")
    } else {
        format!(" {piece}")
    }
}

/// File letters a..z, then A..F for the six files past z (n goes up to 32).
fn file(col: usize) -> char {
    let letters = b"abcdefghijklmnopqrstuvwxyzABCDEF";
    char::from(letters[col])
}
