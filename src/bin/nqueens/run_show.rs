//! `nqueens show`: one placement drawn as a chessboard.

use std::fmt::Write as _;
use std::io::IsTerminal as _;
use std::time::{Duration, Instant};

use nqueens::{Placement, Solutions};

use crate::cli::ShowArgs;
use crate::failure::Failure;
use crate::numbers::{grouped, human};
use crate::{input, output};

/// Draws the K-th placement (1-based, lexicographic order).
pub fn run(args: &ShowArgs) -> Result<(), Failure> {
    input::no_extra(&args.size.extra)?;
    let n = input::board_size(args.size.n.as_deref())?;
    let k = args.index;
    let mut search = Solutions::new(n).ok_or_else(|| input::out_of_range(n))?;
    let mut found = 0u64;
    let mut slow = SlowNote::new(n, k);
    let placement = loop {
        match search.next() {
            Some(p) => {
                found += 1;
                if found == k {
                    break p;
                }
                slow.check(found);
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

/// A far placement of a large board is reached only past every one before it, which
/// can take hours: a search still running after [`SlowNote::AFTER`] says so once on
/// stderr, with how long the rest would take at the rate it has found them so far.
struct SlowNote {
    n: u32,
    k: u64,
    start: Instant,
    said: bool,
}

impl SlowNote {
    const AFTER: Duration = Duration::from_secs(1);
    /// Placements found between looks at the clock: they come by the million each
    /// second on small boards, but only a few thousand at n = 28.
    const EVERY: u64 = 64;

    fn new(n: u32, k: u64) -> SlowNote {
        SlowNote {
            n,
            k,
            start: Instant::now(),
            said: false,
        }
    }

    fn check(&mut self, found: u64) {
        if self.said || !found.is_multiple_of(Self::EVERY) {
            return;
        }
        let elapsed = self.start.elapsed();
        if elapsed < Self::AFTER {
            return;
        }
        self.said = true;
        let rate = found as f64 / elapsed.as_secs_f64();
        let rest = (self.k - found) as f64 / rate;
        crate::failure::say(&format!(
            "nqueens: looking for placement {} of n={} by listing every one before it in \
             lexicographic order: {} found in {:.1} s, so {} more at that rate \
             (Ctrl-C stops)",
            self.k,
            self.n,
            grouped(found),
            elapsed.as_secs_f64(),
            human(rest)
        ));
    }
}

/// `NO_COLOR` set to anything but the empty string turns colour off (no-color.org).
fn no_colour_requested() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
}

/// The board with rank numbers on the left and file letters below; rank 1 (the
/// placement's first row) at the bottom, as on a chess diagram. The first line says
/// so, since `solutions --format boards` and most listings put row 1 at the top. In
/// colour, light and dark squares are backgrounds; without, they are `.` and `:` so
/// the pattern survives.
pub fn draw(p: &Placement, index: u64, colour: bool) -> String {
    let n = p.n() as usize;
    let mut out = format!("n={n}, placement {index}: {p} (row 1 at the bottom, column 1 = a)\n");
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
