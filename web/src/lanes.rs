//! The view's exports: start one or two searches, step them forward and back, and read
//! what each lane shows (its last event, board, state and search tree).

use std::cell::RefCell;

use nqueens::{Event, Item, Trace, Why};

use crate::tree::Branch;
use crate::view::{Lane, Stop, View};
use crate::{MAX_N, MIN_N, algorithm};

thread_local! {
    static VIEW: RefCell<Option<View>> = const { RefCell::new(None) };
}

/// "No second algorithm" for [`nq_begin`].
pub const NO_ALGORITHM: u32 = u32::MAX;

/// Runs `f` on the view, or returns `default` if none was begun.
fn with_view<T>(default: T, f: impl FnOnce(&mut View) -> T) -> T {
    VIEW.with(|view| view.borrow_mut().as_mut().map_or(default, f))
}

/// Runs `f` on lane `slot`, or returns `default` if there is no such lane.
fn with_lane<T>(slot: u32, default: T, f: impl FnOnce(&Lane) -> T) -> T {
    VIEW.with(|view| {
        let view = view.borrow();
        match view.as_ref().and_then(|v| v.lanes.get(slot as usize)) {
            Some(lane) => f(lane),
            None => default,
        }
    })
}

/// Starts algorithm `first` (an index into [`nqueens::Algorithm::ALL`]) on an `n`×`n`
/// board, with algorithm `second` beside it unless that is [`NO_ALGORITHM`], at step 0.
/// 1 if started, 0 if a number is out of range (the view shown before stays).
#[unsafe(no_mangle)]
pub extern "C" fn nq_begin(n: u32, first: u32, second: u32) -> u32 {
    if !(MIN_N..=MAX_N).contains(&n) {
        return 0;
    }
    let mut chosen = vec![first];
    if second != NO_ALGORITHM {
        chosen.push(second);
    }
    let Some(algorithms) = chosen
        .into_iter()
        .map(algorithm)
        .collect::<Option<Vec<_>>>()
    else {
        return 0;
    };
    match View::new(n, &algorithms) {
        Some(view) => {
            VIEW.with(|v| *v.borrow_mut() = Some(view));
            1
        }
        None => 0,
    }
}

/// How many lanes the view has (0 before [`nq_begin`]).
#[unsafe(no_mangle)]
pub extern "C" fn nq_lanes() -> u32 {
    with_view(0, |view| view.lanes.len() as u32)
}

/// Runs up to `budget` ticks (each gives every search not over one event) and returns
/// how many ran: fewer when every search is over or `stop` says so. `stop`: 0 never,
/// 1 after the tick in which any search finds a placement, 2 once the first search has
/// found `goal` placements, 3 once the clock reads step `goal`.
#[unsafe(no_mangle)]
pub extern "C" fn nq_run(budget: u32, stop: u32, goal: f64) -> u32 {
    let goal = crate::whole(goal);
    let stop = match stop {
        1 => Stop::NextFound,
        2 => Stop::Found(u128::from(goal)),
        3 => Stop::Clock(goal),
        _ => Stop::Never,
    };
    with_view(0, |view| view.run(u64::from(budget), stop) as u32)
}

/// Shows step `step` (back or forward; forward stops where every search ends) and
/// returns the step reached.
#[unsafe(no_mangle)]
pub extern "C" fn nq_seek(step: f64) -> f64 {
    let step = crate::whole(step);
    with_view(0.0, |view| view.seek(step) as f64)
}

/// The step shown: ticks since the start.
#[unsafe(no_mangle)]
pub extern "C" fn nq_clock() -> f64 {
    with_view(0.0, |view| view.clock as f64)
}

/// The furthest step reached so far (the slider's end).
#[unsafe(no_mangle)]
pub extern "C" fn nq_furthest() -> f64 {
    with_view(0.0, |view| view.furthest as f64)
}

/// 1 once every search of the view is over (or there is no view), else 0.
#[unsafe(no_mangle)]
pub extern "C" fn nq_all_done() -> u32 {
    with_view(1, |view| u32::from(view.done()))
}

/// 1 once lane `slot`'s search is over (or there is no such lane), else 0.
#[unsafe(no_mangle)]
pub extern "C" fn nq_done(slot: u32) -> u32 {
    with_lane(slot, 1, |lane| u32::from(lane.ended))
}

/// Events lane `slot` has had (at most the clock: a search that is over stops).
#[unsafe(no_mangle)]
pub extern "C" fn nq_steps(slot: u32) -> f64 {
    with_lane(slot, 0.0, |lane| lane.steps as f64)
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
        // The diagonals fit in u32 for every size the page accepts (checked in lib.rs).
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
/// is one (1 or 0), 1 its kind (0 row, 1 column), 2 its 1-based index, 3 its options
/// left then.
#[unsafe(no_mangle)]
pub extern "C" fn nq_choice(slot: u32, field: u32) -> u32 {
    with_lane(slot, 0, |lane| match (lane.choice(), field) {
        (Some(_), 0) => 1,
        (Some((item, _)), 1) => u32::from(matches!(item, Item::Column(_))),
        (Some((item, _)), 2) => item_index(item) + 1,
        (Some((_, options)), 3) => u32::from(options),
        _ => 0,
    })
}

/// Runs `f` on the tree of lane `slot`, or returns `default`.
fn with_tree<T>(slot: u32, default: T, f: impl FnOnce(&crate::tree::Tree) -> T) -> T {
    VIEW.with(|view| {
        let view = view.borrow();
        match view.as_ref().and_then(|v| v.trees.get(slot as usize)) {
            Some(tree) => f(tree),
            None => default,
        }
    })
}

/// The largest board whose search tree is kept ([`crate::tree::TREE_MAX_N`]).
#[unsafe(no_mangle)]
pub extern "C" fn nq_tree_max_n() -> u32 {
    crate::tree::TREE_MAX_N
}

/// 1 if lane `slot`'s search tree is kept (boards up to [`crate::tree::TREE_MAX_N`]).
#[unsafe(no_mangle)]
pub extern "C" fn nq_tree_on(slot: u32) -> u32 {
    with_tree(slot, 0, |tree| u32::from(tree.on))
}

/// Branches in lane `slot`'s tree so far, over every step reached (the page keeps those
/// created up to the step it shows).
#[unsafe(no_mangle)]
pub extern "C" fn nq_tree_len(slot: u32) -> u32 {
    with_tree(slot, 0, |tree| tree.branches.len() as u32)
}

/// Where lane `slot`'s branches start in memory: [`Branch`]es of five `u32`s each. Read
/// it again after any call that may grow memory.
#[unsafe(no_mangle)]
pub extern "C" fn nq_tree_branches(slot: u32) -> usize {
    with_tree(slot, 0, |tree| tree.branches.as_ptr() as usize)
}

/// Columns used by lane `slot`'s tree layout.
#[unsafe(no_mangle)]
pub extern "C" fn nq_tree_width(slot: u32) -> u32 {
    with_tree(slot, 0, |tree| tree.width)
}

/// The step after which lane `slot`'s tree stopped growing (it reached
/// [`crate::tree::TREE_CAP`] branches), or -1 if it has not.
#[unsafe(no_mangle)]
pub extern "C" fn nq_tree_stopped(slot: u32) -> f64 {
    with_tree(slot, -1.0, |tree| tree.stopped.map_or(-1.0, |s| s as f64))
}

// The page reads branches as five u32s each.
const _: () = assert!(size_of::<Branch>() == 20);
