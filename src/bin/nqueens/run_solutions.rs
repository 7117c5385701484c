//! `nqueens solutions`: every placement, streamed in lexicographic order.

use std::io::Write as _;

use nqueens::{Placement, Solutions};

use crate::cli::{Format, SolutionsArgs};
use crate::failure::Failure;
use crate::input;
use crate::output::Stream;

/// Streams placements until the last one, the limit, or a closed pipe. Constant memory:
/// the search keeps one stack of 32 rows, the output one 64 KiB buffer.
pub fn run(args: &SolutionsArgs) -> Result<(), Failure> {
    input::no_extra(&args.size.extra)?;
    let n = input::board_size(args.size.n.as_deref())?;
    let mut out = Stream::new();
    let mut line = Vec::with_capacity(256);
    let search = Solutions::new(n).ok_or_else(|| input::out_of_range(n))?;
    if search.clone().next().is_none() {
        // Nothing to print, which stdout shows as nothing; a person is told why.
        crate::failure::say(&format!("nqueens: {}", input::no_placements(n)));
        return Ok(());
    }
    // The search runs in lexicographic order, so each class's smallest placement is
    // met (and kept) once; every other placement of the class is skipped.
    let unique = args.unique;
    let kept = search.filter(|p| !unique || p.canonical() == Some(*p));
    let limit = args.limit.unwrap_or(u64::MAX);
    let format = if args.json { Format::Json } else { args.format };
    for (index, placement) in (1..=limit).zip(kept) {
        line.clear();
        match format {
            Format::Rows => rows(&mut line, &placement),
            Format::Boards => boards(&mut line, &placement),
            Format::Json => json(&mut line, n, index, &placement),
        }
        if !out.write(&line)? {
            return Ok(());
        }
    }
    out.finish()
}

/// `2 4 6 1 3 5`: 1-based columns separated by single spaces.
fn rows(line: &mut Vec<u8>, p: &Placement) {
    columns(line, p, b' ');
    line.push(b'\n');
}

/// The classic listing: n lines of `.` and `Q`, then an empty line.
fn boards(line: &mut Vec<u8>, p: &Placement) {
    let n = p.n() as usize;
    for column in p.columns() {
        let queen = column as usize - 1;
        line.extend((0..n).map(|c| if c == queen { b'Q' } else { b'.' }));
        line.push(b'\n');
    }
    line.push(b'\n');
}

/// One JSON object per line: `{"n":6,"index":1,"columns":[2,4,6,1,3,5]}`.
fn json(line: &mut Vec<u8>, n: u32, index: u64, p: &Placement) {
    // Writing into a Vec cannot fail; no String is built per line.
    let _ = write!(line, "{{\"n\":{n},\"index\":{index},\"columns\":[");
    columns(line, p, b',');
    line.extend_from_slice(b"]}\n");
}

/// The 1-based columns with `separator` between them, without the formatting machinery:
/// this loop is the throughput of `solutions`.
fn columns(line: &mut Vec<u8>, p: &Placement, separator: u8) {
    for (row, column) in p.columns().enumerate() {
        if row > 0 {
            line.push(separator);
        }
        // Columns are 1..=32: one or two digits.
        if column >= 10 {
            line.push(b'0' + (column / 10) as u8);
        }
        line.push(b'0' + (column % 10) as u8);
    }
}
