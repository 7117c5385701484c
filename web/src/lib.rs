//! The browser page's WebAssembly module: [`nqueens::Trace`] exported as plain numbers.
//!
//! The page (web/static/app.js) draws; every event, count, mask and flag it shows comes
//! from here, and here from the library's own searches. The interface is `extern "C"`
//! functions that take and return numbers, so the page needs no generated glue:
//!
//! - two *lanes* (0 and 1), each a running [`Trace`], so two algorithms can run side by
//!   side: [`nq_start`], [`nq_run`], then the readers [`nq_event`], [`nq_queen`],
//!   [`nq_attacked`], [`nq_nodes`], [`nq_found`], [`nq_state`], [`nq_choice`];
//! - the Checker Challenge answer of a size: [`nq_answer`] and its readers;
//! - the algorithms' names, read from memory as UTF-8 ([`nq_algorithm_name`]).
//!
//! Numbers out of range give 0 (or -1 where 0 means something) rather than panicking,
//! since the page, not this module, checks what the user typed.
//!
//! # Unsafe
//! None in the code. The only `unsafe` is the `#[unsafe(no_mangle)]` attribute on each
//! export, which keeps its name in the module. Its hazard is a clash with another
//! symbol of the same name; every export is prefixed `nq_` to avoid one.

use std::cell::{Cell, RefCell};

use nqueens::{Algorithm, Answer, Event, Item, Trace, Why};

/// The smallest board size the page accepts.
pub const MIN_N: u32 = 1;

/// The largest board size the page accepts: the build-time table's last size (so the
/// Checker Challenge answer is a table lookup for every size from 6 up), and small
/// enough for a board on a phone. The library itself takes up to 32.
pub const MAX_N: u32 = nqueens::TABLE_MAX;

// Flag arrays reach JavaScript as u32: a size's 2n - 1 diagonals must fit in one.
const _: () = assert!(2 * MAX_N - 1 <= 32);

/// How many lanes run side by side.
const LANES: usize = 2;

/// A trace and what the page shows of it.
struct Lane {
    trace: Trace,
    /// The last event, `None` before the first.
    last: Option<Event>,
    /// The trace returned `None`: the search is over.
    ended: bool,
    /// Dancing links: the item chosen at each depth (queens on the board when it was
    /// chosen) and its options then.
    choices: [Option<(Item, u8)>; nqueens::MAX_N as usize + 1],
    /// Queens on the board now.
    depth: usize,
    /// The depth whose choice the last event belongs to.
    focus: usize,
}

impl Lane {
    /// Keeps track of which choice the search is working on: a `Choose` is made with
    /// `depth` queens on the board; a `Place` or `Remove` tries an option of the choice
    /// made one queen lower.
    fn follow(&mut self, event: Event) {
        match event {
            Event::Choose { item, options } => {
                self.choices[self.depth] = Some((item, options));
                self.focus = self.depth;
            }
            Event::Place { .. } => {
                self.focus = self.depth;
                self.depth += 1;
            }
            Event::Remove { .. } => {
                self.depth = self.depth.saturating_sub(1);
                self.focus = self.depth;
            }
            _ => {}
        }
    }
}

thread_local! {
    // A wasm32-unknown-unknown module has one thread; thread_local! with RefCell gives
    // it mutable state without `static mut`. Boxed: an unboxed `None` is a 26 KB value
    // with a few bytes set, which the module would carry as 52 KB of initial data.
    static LANE: [RefCell<Option<Box<Lane>>>; LANES] = const { [RefCell::new(None), RefCell::new(None)] };
    static ANSWER: Cell<Option<(Answer, bool)>> = const { Cell::new(None) };
}

/// Runs `f` on lane `slot`, or returns `default` if there is no such lane or it was
/// never started.
fn with_lane<T>(slot: u32, default: T, f: impl FnOnce(&mut Lane) -> T) -> T {
    LANE.with(|lanes| match lanes.get(slot as usize) {
        Some(cell) => cell.borrow_mut().as_deref_mut().map_or(default, f),
        None => default,
    })
}

/// How many algorithms there are, in [`Algorithm::ALL`]'s order.
#[unsafe(no_mangle)]
pub extern "C" fn nq_algorithm_count() -> u32 {
    Algorithm::ALL.len() as u32
}

/// Where the command-line name of algorithm `index` starts in memory (0 if no such).
#[unsafe(no_mangle)]
pub extern "C" fn nq_algorithm_name(index: u32) -> usize {
    Algorithm::ALL
        .get(index as usize)
        .map_or(0, |a| a.name().as_ptr() as usize)
}

/// The length in bytes of algorithm `index`'s name (0 if no such).
#[unsafe(no_mangle)]
pub extern "C" fn nq_algorithm_name_len(index: u32) -> u32 {
    Algorithm::ALL
        .get(index as usize)
        .map_or(0, |a| a.name().len() as u32)
}

/// The smallest board size the page accepts.
#[unsafe(no_mangle)]
pub extern "C" fn nq_min_n() -> u32 {
    MIN_N
}

/// The largest board size the page accepts.
#[unsafe(no_mangle)]
pub extern "C" fn nq_max_n() -> u32 {
    MAX_N
}

/// The build-time table's smallest size.
#[unsafe(no_mangle)]
pub extern "C" fn nq_table_min() -> u32 {
    nqueens::TABLE_MIN
}

/// The build-time table's largest size.
#[unsafe(no_mangle)]
pub extern "C" fn nq_table_max() -> u32 {
    nqueens::TABLE_MAX
}

/// Starts algorithm `algorithm` (an index into [`Algorithm::ALL`]) on an `n`×`n` board in
/// lane `slot`, dropping what ran there. 1 if started, 0 if a number is out of range.
#[unsafe(no_mangle)]
pub extern "C" fn nq_start(slot: u32, algorithm: u32, n: u32) -> u32 {
    let Some(&algorithm) = Algorithm::ALL.get(algorithm as usize) else {
        return 0;
    };
    if !(MIN_N..=MAX_N).contains(&n) {
        return 0;
    }
    let Some(trace) = algorithm.trace(n) else {
        return 0;
    };
    LANE.with(|lanes| match lanes.get(slot as usize) {
        Some(cell) => {
            *cell.borrow_mut() = Some(Box::new(Lane {
                trace,
                last: None,
                ended: false,
                choices: [None; nqueens::MAX_N as usize + 1],
                depth: 0,
                focus: 0,
            }));
            1
        }
        None => 0,
    })
}

/// Runs up to `budget` events of lane `slot`. If `stop_found` is not 0, stops after the
/// event that brings the placements found to `stop_found` (and runs nothing if they are
/// there already). Returns the events run: fewer than `budget` when the search ended or
/// reached `stop_found`.
#[unsafe(no_mangle)]
pub extern "C" fn nq_run(slot: u32, budget: u32, stop_found: u32) -> u32 {
    with_lane(slot, 0, |lane| {
        let goal = u128::from(stop_found);
        let mut ran = 0;
        while ran < budget && !lane.ended && (goal == 0 || lane.trace.found() < goal) {
            match lane.trace.next() {
                Some(event) => {
                    lane.follow(event);
                    lane.last = Some(event);
                    ran += 1;
                }
                None => lane.ended = true,
            }
        }
        ran
    })
}

/// 1 once lane `slot`'s search has ended (or was never started), else 0.
#[unsafe(no_mangle)]
pub extern "C" fn nq_done(slot: u32) -> u32 {
    with_lane(slot, 1, |lane| u32::from(lane.ended))
}

/// The last event of lane `slot`, one field at a time; rows and columns 1-based, 0 where
/// the event has none:
/// 0 kind (0 none yet, 1 place, 2 refuse, 3 remove, 4 skip, 5 choose, 6 found,
/// 7 another kind), 1 row, 2 column, 3 why refused (1 column, 2 falling ↘ diagonal,
/// 3 rising ↗ diagonal, 4 row, 5 another reason), 4 item chosen (0 row, 1 column),
/// 5 its index, 6 its options, 7 the attacking queen's row (naive), 8 its column.
#[unsafe(no_mangle)]
pub extern "C" fn nq_event(slot: u32, field: u32) -> u32 {
    with_lane(slot, 0, |lane| match lane.last {
        None => 0,
        Some(event) => event_field(&lane.trace, event, field),
    })
}

/// One field of `event` (see [`nq_event`]).
fn event_field(trace: &Trace, event: Event, field: u32) -> u32 {
    if field == 0 {
        return event_kind(event);
    }
    let square = |row: u8, col: u8| match field {
        1 => u32::from(row) + 1,
        2 => u32::from(col) + 1,
        _ => 0,
    };
    match event {
        Event::Place { row, col } | Event::Remove { row, col } | Event::Skip { row, col } => {
            square(row, col)
        }
        Event::Refuse { row, col, why, by } => match field {
            3 => why_code(why),
            7 => by.map_or(0, |r| u32::from(r) + 1),
            8 => by
                .and_then(|r| trace.queen(u32::from(r)))
                .map_or(0, |c| c + 1),
            _ => square(row, col),
        },
        Event::Choose { item, options } => match field {
            4 => u32::from(matches!(item, Item::Column(_))),
            5 => item_index(item) + 1,
            6 => u32::from(options),
            _ => 0,
        },
        _ => 0,
    }
}

/// The page's number for an event's kind (see [`nq_event`]).
fn event_kind(event: Event) -> u32 {
    match event {
        Event::Place { .. } => 1,
        Event::Refuse { .. } => 2,
        Event::Remove { .. } => 3,
        Event::Skip { .. } => 4,
        Event::Choose { .. } => 5,
        Event::Found => 6,
        _ => 7,
    }
}

/// The page's number for a reason.
fn why_code(why: Why) -> u32 {
    match why {
        Why::Column => 1,
        Why::Falling => 2,
        Why::Rising => 3,
        Why::Row => 4,
        _ => 5,
    }
}

/// The 0-based row or column of an item.
fn item_index(item: Item) -> u32 {
    match item {
        Item::Row(i) | Item::Column(i) => u32::from(i),
    }
}

/// The 0-based column of the queen on `row` in lane `slot`, or -1 if the row has none.
#[unsafe(no_mangle)]
pub extern "C" fn nq_queen(slot: u32, row: u32) -> i32 {
    with_lane(slot, -1, |lane| {
        let column = lane.trace.queen(row).and_then(|c| i32::try_from(c).ok());
        column.unwrap_or(-1)
    })
}

/// The squares of `row` that a queen on the board attacks (on its row, column or a
/// diagonal), as a bit set: bit c for column c. A queen's own square is included.
#[unsafe(no_mangle)]
pub extern "C" fn nq_attacked(slot: u32, row: u32) -> u32 {
    with_lane(slot, 0, |lane| attacked(&lane.trace, row))
}

/// See [`nq_attacked`].
fn attacked(trace: &Trace, row: u32) -> u32 {
    let n = trace.n();
    let all = if n >= 32 { u32::MAX } else { (1 << n) - 1 };
    let mut set = 0u32;
    for r in 0..n {
        let Some(c) = trace.queen(r) else { continue };
        if r == row {
            return all;
        }
        set |= 1 << c;
        let distance = r.abs_diff(row);
        if let Some(left) = c.checked_sub(distance) {
            set |= 1 << left;
        }
        if c + distance < n {
            set |= 1 << (c + distance);
        }
    }
    set & all
}

/// Search nodes so far in lane `slot` (exact below 2^53, far past the page's sizes).
#[unsafe(no_mangle)]
pub extern "C" fn nq_nodes(slot: u32) -> f64 {
    with_lane(slot, 0.0, |lane| lane.trace.nodes() as f64)
}

/// Placements found so far in lane `slot`.
#[unsafe(no_mangle)]
pub extern "C" fn nq_found(slot: u32) -> f64 {
    with_lane(slot, 0.0, |lane| lane.trace.found() as f64)
}

/// What [`nq_state`] holds for lane `slot`: 0 nothing, 1 bitmasks, 2 flag arrays.
#[unsafe(no_mangle)]
pub extern "C" fn nq_state_kind(slot: u32) -> u32 {
    with_lane(slot, 0, |lane| {
        if lane.trace.masks().is_some() {
            1
        } else if lane.trace.flags().is_some() {
            2
        } else {
            0
        }
    })
}

/// The 0-based row the bitmasks of lane `slot` are for (0 for other algorithms).
#[unsafe(no_mangle)]
pub extern "C" fn nq_state_row(slot: u32) -> u32 {
    with_lane(slot, 0, |lane| lane.trace.masks().map_or(0, |m| m.row))
}

/// The algorithm's state in lane `slot`, as bit sets. Bitmask: `which` 0 columns,
/// 1 the mask shifted left (falling ↘ diagonals), 2 the mask shifted right (rising ↗),
/// 3 the free squares (none of the three). Flags and cell by cell: 0 columns,
/// 1 rising diagonals (bit row + col), 2 falling (bit row - col + n - 1), 3 rows.
#[unsafe(no_mangle)]
pub extern "C" fn nq_state(slot: u32, which: u32) -> u32 {
    with_lane(slot, 0, |lane| {
        let n = lane.trace.n();
        if let Some(m) = lane.trace.masks() {
            let all = if n >= 32 { u32::MAX } else { (1 << n) - 1 };
            return match which {
                0 => m.columns,
                1 => m.left & all,
                2 => m.right & all,
                3 => !m.attacked() & all,
                _ => 0,
            };
        }
        // The diagonals fit in u32 for every size the page accepts (checked above).
        lane.trace.flags().map_or(0, |f| match which {
            0 => f.columns,
            1 => f.rising as u32,
            2 => f.falling as u32,
            3 => f.rows,
            _ => 0,
        })
    })
}

/// The dancing links choice the last event of lane `slot` belongs to (the item whose
/// option was placed or taken back, or the item just chosen): `field` 0 whether there
/// is one (1 or 0),
/// 1 its kind (0 row, 1 column), 2 its 1-based index, 3 its options left then.
#[unsafe(no_mangle)]
pub extern "C" fn nq_choice(slot: u32, field: u32) -> u32 {
    with_lane(slot, 0, |lane| match (lane.choices[lane.focus], field) {
        (Some(_), 0) => 1,
        (Some((item, _)), 1) => u32::from(matches!(item, Item::Column(_))),
        (Some((item, _)), 2) => item_index(item) + 1,
        (Some((_, options)), 3) => u32::from(options),
        _ => 0,
    })
}

/// Loads the Checker Challenge answer for an `n`×`n` board: from the build-time table
/// where it has the size, else counted by [`nqueens::solve`] (only sizes below the
/// table's, which take microseconds). 1 if loaded, 0 if `n` is outside the page's sizes.
#[unsafe(no_mangle)]
pub extern "C" fn nq_answer(n: u32) -> u32 {
    let loaded = if (MIN_N..=MAX_N).contains(&n) {
        match nqueens::lookup(n) {
            Some(answer) => Some((*answer, true)),
            None => nqueens::solve(n).map(|answer| (answer, false)),
        }
    } else {
        None
    };
    ANSWER.set(loaded);
    u32::from(loaded.is_some())
}

/// The total of the answer loaded by [`nq_answer`] (0 if none).
#[unsafe(no_mangle)]
pub extern "C" fn nq_answer_total() -> f64 {
    ANSWER
        .get()
        .map_or(0.0, |(answer, _)| answer.total() as f64)
}

/// How many placements the loaded answer lists (at most three).
#[unsafe(no_mangle)]
pub extern "C" fn nq_answer_count() -> u32 {
    ANSWER
        .get()
        .map_or(0, |(answer, _)| answer.placements().len() as u32)
}

/// The 1-based column of `row` in the loaded answer's placement `index` (0 if none).
#[unsafe(no_mangle)]
pub extern "C" fn nq_answer_column(index: u32, row: u32) -> u32 {
    ANSWER.get().map_or(0, |(answer, _)| {
        answer
            .placements()
            .get(index as usize)
            .and_then(|p| p.column(row as usize))
            .unwrap_or(0)
    })
}

/// 1 if the loaded answer came from the build-time table, 0 if it was counted.
#[unsafe(no_mangle)]
pub extern "C" fn nq_answer_from_table() -> u32 {
    ANSWER.get().map_or(0, |(_, table)| u32::from(table))
}

#[cfg(test)]
mod tests;
