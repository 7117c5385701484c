//! `nqueens trace`: an algorithm's search, one step per line (text or JSON Lines).

use nqueens::{Algorithm, Event, FlagState, Item, Masks, Trace, Why};
use serde_json::{Map, Value, json};

use crate::cli::{Limit, TraceArgs};
use crate::failure::Failure;
use crate::input;
use crate::output::Stream;

/// Prints the steps up to the limit, then a last line that says whether the search
/// ended or was stopped, with its counters.
pub fn run(args: &TraceArgs) -> Result<(), Failure> {
    input::no_extra(&args.size.extra)?;
    let n = input::board_size(args.size.n.as_deref())?;
    let mut trace = args
        .algorithm
        .trace(n)
        .ok_or_else(|| input::out_of_range(n))?;
    let limit = match args.limit {
        Limit::Steps(k) => k,
        Limit::All => u64::MAX,
    };
    let mut out = Stream::new();
    let mut steps = 0;
    while steps < limit {
        let Some(event) = trace.next() else { break };
        steps += 1;
        let line = if args.json {
            json_line(&trace, steps, event)
        } else {
            text_line(&trace, steps, event)
        };
        if !out.write(line.as_bytes())? {
            return Ok(());
        }
    }
    // Whether the search is over, asked of a copy so that the counters stay those of
    // the last step printed.
    let ended = steps < limit || trace.clone().next().is_none();
    let last = if args.json {
        json_end(&trace, steps, ended)
    } else {
        text_end(&trace, steps, ended)
    };
    out.write(last.as_bytes())?;
    out.finish()
}

/// Queens on the board after `event`, not counting a queen it just placed (nor, for a
/// placement, the last one): how deep the search is.
fn depth(trace: &Trace, event: Event) -> usize {
    let on = (0..trace.n()).filter(|&r| trace.queen(r).is_some()).count();
    on - usize::from(matches!(event, Event::Place { .. } | Event::Found))
}

/// `  12  place 2,3` with the state the algorithm holds (bitmask masks, flag arrays)
/// aligned after it.
fn text_line(trace: &Trace, step: u64, event: Event) -> String {
    let n = trace.n() as usize;
    let what = describe(trace, event);
    let indent = "  ".repeat(depth(trace, event));
    let step_event = format!("{step:>5}  {indent}{what}");
    // The state after the event, aligned after room for the deepest indent and the
    // longest event ("remove 32,32"; with flags, "refuse 32,32: falling diagonal"). A
    // placement changes no state, and its line is long: it goes without.
    let (state, longest) = match (trace.masks(), trace.flags()) {
        _ if event == Event::Found => return format!("{step_event}\n"),
        (Some(_), _) if board_full(trace) => (NO_NEXT_ROW.to_owned(), 12),
        (Some(masks), _) => (masks_text(n, &masks), 12),
        (_, Some(flags)) => (flags_text(trace.algorithm(), n, &flags), 30),
        _ => return format!("{step_event}\n"),
    };
    let width = 7 + 2 * (n - 1) + longest;
    format!("{step_event:<width$}  {state}\n")
}

/// What a bitmask line shows once a queen is placed on the last row: there is no row
/// to hand masks down to, and the masks the library still holds are that row's own,
/// from before the queen (its column would read as free).
const NO_NEXT_ROW: &str = "no next row: every row has a queen";

/// Whether every row holds a queen: after a queen placed on the last row, and the
/// placement found with it.
fn board_full(trace: &Trace) -> bool {
    (0..trace.n()).all(|row| trace.queen(row).is_some())
}

/// The event in words, rows and columns from 1.
fn describe(trace: &Trace, event: Event) -> String {
    let at = |row: u8, col: u8| format!("{},{}", row + 1, col + 1);
    match event {
        Event::Place { row, col } => format!("place {}", at(row, col)),
        Event::Remove { row, col } => format!("remove {}", at(row, col)),
        Event::Skip { row, col } => format!("skip {}", at(row, col)),
        Event::Refuse { row, col, why, by } => {
            let attacker = by
                .and_then(|r| Some((r, trace.queen(u32::from(r))?)))
                .map(|(r, c)| format!(" of queen {}", at(r, c as u8)))
                .unwrap_or_default();
            format!("refuse {}: {}{attacker}", at(row, col), why_text(why))
        }
        Event::Choose { item, options } => {
            let (kind, index) = item_parts(item);
            let ending = if options == 0 { ": dead end" } else { "" };
            let options = plural(options.into(), "option");
            format!("choose {kind} {index}: {options}{ending}")
        }
        Event::Found => {
            let cols: Vec<String> = (0..trace.n())
                .filter_map(|r| trace.queen(r))
                .map(|c| (c + 1).to_string())
                .collect();
            format!("found {} (placement {})", cols.join(" "), trace.found())
        }
        _ => format!("{event:?}"),
    }
}

fn why_text(why: Why) -> &'static str {
    match why {
        Why::Row => "row",
        Why::Column => "column",
        Why::Rising => "rising diagonal",
        Why::Falling => "falling diagonal",
        _ => "attacked",
    }
}

/// A row or column item: its kind and its 1-based number.
fn item_parts(item: Item) -> (&'static str, u32) {
    match item {
        Item::Row(r) => ("row", u32::from(r) + 1),
        Item::Column(c) => ("column", u32::from(c) + 1),
    }
}

/// `n` bits in binary, the highest first: column 1 is the rightmost digit.
fn binary(n: usize, bits: u32) -> String {
    format!("{bits:0n$b}")
}

fn masks_text(n: usize, m: &Masks) -> String {
    let all = if n == 32 { u32::MAX } else { (1 << n) - 1 };
    format!(
        "row {:>2}: columns {}  left {}  right {}  free {}",
        m.row + 1,
        binary(n, m.columns),
        binary(n, m.left),
        binary(n, m.right),
        binary(n, all & !m.attacked()),
    )
}

/// A flag array as `1` (raised) and `.`, index 0 first.
fn flag_array(len: usize, bits: u64) -> String {
    (0..len)
        .map(|i| if bits >> i & 1 == 1 { '1' } else { '.' })
        .collect()
}

fn flags_text(algorithm: Algorithm, n: usize, f: &FlagState) -> String {
    let rows = if algorithm == Algorithm::CellByCell {
        format!("rows {}  ", flag_array(n, u64::from(f.rows)))
    } else {
        String::new()
    };
    format!(
        "{rows}columns {}  rising {}  falling {}",
        flag_array(n, u64::from(f.columns)),
        flag_array(2 * n - 1, f.rising),
        flag_array(2 * n - 1, f.falling),
    )
}

fn text_end(trace: &Trace, steps: u64, ended: bool) -> String {
    let counts = format!(
        "{}, {}",
        plural(trace.nodes(), "node"),
        plural(trace.found(), "placement")
    );
    if ended {
        format!("done after {}: {counts}\n", plural(steps.into(), "step"))
    } else {
        format!(
            "stopped after {}: {counts} so far; --limit K shows more, --limit all the whole search\n",
            plural(steps.into(), "step")
        )
    }
}

/// One JSON object: the step, the event, the counters and the algorithm's state.
fn json_line(trace: &Trace, step: u64, event: Event) -> String {
    let mut object = Map::new();
    object.insert("step".into(), json!(step));
    let (name, fields) = event_json(trace, event);
    object.insert("event".into(), json!(name));
    object.extend(fields);
    object.insert("nodes".into(), json!(wide(trace.nodes())));
    object.insert("found".into(), json!(wide(trace.found())));
    // None while every row holds a queen (see [`NO_NEXT_ROW`]).
    if let Some(m) = trace.masks().filter(|_| !board_full(trace)) {
        let masks =
            json!({"row": m.row + 1, "columns": m.columns, "left": m.left, "right": m.right});
        object.insert("masks".into(), masks);
    }
    if let Some(f) = trace.flags() {
        let n = trace.n() as usize;
        let mut flags = Map::new();
        if trace.algorithm() == Algorithm::CellByCell {
            flags.insert("rows".into(), json!(flag_array(n, u64::from(f.rows))));
        }
        flags.insert("columns".into(), json!(flag_array(n, u64::from(f.columns))));
        flags.insert("rising".into(), json!(flag_array(2 * n - 1, f.rising)));
        flags.insert("falling".into(), json!(flag_array(2 * n - 1, f.falling)));
        object.insert("flags".into(), Value::Object(flags));
    }
    format!("{}\n", Value::Object(object))
}

/// The event's name and its own fields (1-based rows and columns).
fn event_json(trace: &Trace, event: Event) -> (&'static str, Map<String, Value>) {
    let square = |row: u8, col: u8| {
        let mut m = Map::new();
        m.insert("row".into(), json!(row + 1));
        m.insert("col".into(), json!(col + 1));
        m
    };
    match event {
        Event::Place { row, col } => ("place", square(row, col)),
        Event::Remove { row, col } => ("remove", square(row, col)),
        Event::Skip { row, col } => ("skip", square(row, col)),
        Event::Refuse { row, col, why, by } => {
            let mut m = square(row, col);
            let why = why_text(why).split(' ').next().unwrap_or_default();
            m.insert("why".into(), json!(why));
            if let Some(by) = by {
                m.insert("by".into(), json!(by + 1));
            }
            ("refuse", m)
        }
        Event::Choose { item, options } => {
            let (kind, index) = item_parts(item);
            let mut m = Map::new();
            m.insert("item".into(), json!(kind));
            m.insert("index".into(), json!(index));
            m.insert("options".into(), json!(options));
            ("choose", m)
        }
        Event::Found => {
            let cols: Vec<u32> = (0..trace.n())
                .filter_map(|r| trace.queen(r))
                .map(|c| c + 1)
                .collect();
            let mut m = Map::new();
            m.insert("placement".into(), json!(cols));
            ("found", m)
        }
        _ => ("other", Map::new()),
    }
}

fn json_end(trace: &Trace, steps: u64, ended: bool) -> String {
    let name = if ended { "done" } else { "stopped" };
    let (nodes, found) = (wide(trace.nodes()), wide(trace.found()));
    let end = json!({"event": name, "steps": steps, "nodes": nodes, "found": found});
    format!("{end}\n")
}

/// A counter for JSON, whose numbers stop at 64 bits. A trace makes one event per step,
/// so its counters cannot get anywhere near 2^64; saturating is never reached.
fn wide(count: u128) -> u64 {
    u64::try_from(count).unwrap_or(u64::MAX)
}

/// `1 node`, `2 nodes`.
fn plural(count: u128, noun: &str) -> String {
    let s = if count == 1 { "" } else { "s" };
    format!("{count} {noun}{s}")
}
