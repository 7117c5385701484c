//! Every algorithm's trace replayed on a board of its own and checked step by step: each
//! queen placed is legal, each refusal's reason is true, each removal takes back the
//! last queen placed, the state the trace exposes (board, masks, flags, counters)
//! matches the board, the placements found are `for_each`'s, in its order, and the
//! `Place` events (with `Skip`, for cell by cell) number the nodes `count` reports.

use nqueens::{Algorithm, Event, FlagState, Item, Masks, Trace, Why};

/// The board as the events left it, and what the events added up to.
struct Replay {
    n: usize,
    board: Vec<Option<usize>>,
    /// Rows of the queens on the board, in the order they were placed.
    placed: Vec<usize>,
    nodes: u128,
    found: Vec<Vec<u8>>,
    events: usize,
}

impl Replay {
    fn new(n: u32) -> Replay {
        let n = n as usize;
        Replay {
            n,
            board: vec![None; n],
            placed: Vec::new(),
            nodes: 0,
            found: Vec::new(),
            events: 0,
        }
    }

    fn queens(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.board
            .iter()
            .enumerate()
            .filter_map(|(r, c)| c.map(|c| (r, c)))
    }

    /// Every way the queens on the board attack (row, col), in the flags' order.
    fn reasons(&self, row: usize, col: usize) -> Vec<Why> {
        let mut why = Vec::new();
        if self.board[row].is_some() {
            why.push(Why::Row);
        }
        let queens: Vec<_> = self.queens().collect();
        if queens.iter().any(|&(_, c)| c == col) {
            why.push(Why::Column);
        }
        if queens.iter().any(|&(r, c)| r + c == row + col) {
            why.push(Why::Rising);
        }
        if queens.iter().any(|&(r, c)| r + col == row + c) {
            why.push(Why::Falling);
        }
        why
    }

    /// Checks one event against the board, then plays it.
    fn play(&mut self, algorithm: Algorithm, event: Event) {
        let at = format!("{algorithm} n={} event {} {event:?}", self.n, self.events);
        self.events += 1;
        let row_by_row = matches!(
            algorithm,
            Algorithm::Naive | Algorithm::Flags | Algorithm::Bitmask
        );
        match event {
            Event::Place { row, col } => {
                let (row, col) = (usize::from(row), usize::from(col));
                assert!(row < self.n && col < self.n, "{at}");
                assert_eq!(self.reasons(row, col), [], "{at}: square attacked");
                if row_by_row {
                    assert_eq!(self.placed.len(), row, "{at}: rows above are filled");
                }
                self.board[row] = Some(col);
                self.placed.push(row);
                self.nodes += 1;
            }
            Event::Refuse { row, col, why, by } => {
                let (row, col) = (usize::from(row), usize::from(col));
                assert_ne!(algorithm, Algorithm::Bitmask, "{at}");
                assert_ne!(algorithm, Algorithm::DancingLinks, "{at}");
                let reasons = self.reasons(row, col);
                if algorithm == Algorithm::Naive {
                    // The first queen from the top that attacks, and how it does.
                    let first = self
                        .queens()
                        .find(|&(r, c)| c == col || r + c == row + col || r + col == row + c);
                    let (r, c) = first.expect("an attacker");
                    assert_eq!(by, Some(r as u8), "{at}");
                    let how = if c == col {
                        Why::Column
                    } else if r + c == row + col {
                        Why::Rising
                    } else {
                        Why::Falling
                    };
                    assert_eq!(why, how, "{at}");
                } else {
                    // Flags are checked in `Why`'s order: the first true one is named.
                    assert_eq!(by, None, "{at}");
                    assert_eq!(reasons.first(), Some(&why), "{at}");
                }
                if row_by_row {
                    assert_eq!(self.placed.len(), row, "{at}");
                }
            }
            Event::Remove { row, col } => {
                let (row, col) = (usize::from(row), usize::from(col));
                assert_eq!(self.placed.pop(), Some(row), "{at}: not the last queen");
                assert_eq!(self.board[row].take(), Some(col), "{at}");
            }
            Event::Skip { row, col } => {
                assert_eq!(algorithm, Algorithm::CellByCell, "{at}");
                assert!(
                    usize::from(row) < self.n && usize::from(col) < self.n,
                    "{at}"
                );
                self.nodes += 1;
            }
            Event::Choose { item, options } => {
                assert_eq!(algorithm, Algorithm::DancingLinks, "{at}");
                // Knuth's MRV: the uncovered item with fewest options, rows first on ties.
                let free = |row: usize, col: usize| self.reasons(row, col).is_empty();
                let open = (0..self.n).filter(|&r| self.board[r].is_none());
                let mut items: Vec<(Item, usize)> = open
                    .map(|r| {
                        (
                            Item::Row(r as u8),
                            (0..self.n).filter(|&c| free(r, c)).count(),
                        )
                    })
                    .collect();
                for c in 0..self.n {
                    if self.queens().all(|(_, qc)| qc != c) {
                        let options = (0..self.n).filter(|&r| free(r, c)).count();
                        items.push((Item::Column(c as u8), options));
                    }
                }
                let fewest = items.iter().min_by_key(|(_, o)| *o).expect("an item");
                assert_eq!((item, usize::from(options)), *fewest, "{at}");
            }
            Event::Found => {
                let cols: Option<Vec<u8>> = self.board.iter().map(|c| c.map(|c| c as u8)).collect();
                self.found.push(cols.expect("a full board"));
            }
            other => panic!("{at}: unexpected {other:?}"),
        }
    }

    /// The state the trace exposes equals the replayed board's.
    fn check_state(&self, trace: &Trace, last: Option<Event>) {
        let at = format!("{} n={} after {last:?}", trace.algorithm(), self.n);
        for row in 0..self.n {
            let queen = self.board[row].map(|c| c as u32);
            assert_eq!(trace.queen(row as u32), queen, "{at}");
        }
        assert_eq!(trace.queen(self.n as u32), None, "{at}");
        assert_eq!(trace.nodes(), self.nodes, "{at}");
        assert_eq!(trace.found(), self.found.len() as u128, "{at}");
        match trace.algorithm() {
            Algorithm::Bitmask => {
                let row = match last {
                    None => 0,
                    Some(Event::Place { row, .. }) => (usize::from(row) + 1).min(self.n - 1),
                    Some(Event::Remove { row, .. }) => usize::from(row),
                    Some(_) => self.n - 1,
                };
                assert_eq!(trace.masks(), Some(self.masks(row)), "{at}");
                assert_eq!(trace.flags(), None, "{at}");
            }
            Algorithm::Flags | Algorithm::CellByCell => {
                let rows = trace.algorithm() == Algorithm::CellByCell;
                assert_eq!(trace.flags(), Some(self.flags(rows)), "{at}");
                assert_eq!(trace.masks(), None, "{at}");
            }
            _ => assert!(trace.masks().is_none() && trace.flags().is_none(), "{at}"),
        }
    }

    /// The masks of `row` as the tutorials define them, from the queens above it.
    fn masks(&self, row: usize) -> Masks {
        let mut masks = Masks {
            row: row as u32,
            columns: 0,
            left: 0,
            right: 0,
        };
        for (r, c) in self.queens().filter(|&(r, _)| r < row) {
            let down = row - r;
            masks.columns |= 1 << c;
            if c + down < self.n {
                masks.left |= 1 << (c + down);
            }
            if let Some(c) = c.checked_sub(down) {
                masks.right |= 1 << c;
            }
        }
        masks
    }

    fn flags(&self, rows: bool) -> FlagState {
        let mut flags = FlagState {
            rows: 0,
            columns: 0,
            rising: 0,
            falling: 0,
        };
        for (r, c) in self.queens() {
            flags.rows |= u32::from(rows) << r;
            flags.columns |= 1 << c;
            flags.rising |= 1 << (r + c);
            flags.falling |= 1 << (r + self.n - 1 - c);
        }
        flags
    }
}

/// Replays at most `limit` events of the trace, checking each.
fn replay(algorithm: Algorithm, n: u32, limit: usize) -> Replay {
    let mut trace = algorithm.trace(n).unwrap();
    assert_eq!((trace.algorithm(), trace.n()), (algorithm, n));
    let mut replay = Replay::new(n);
    replay.check_state(&trace, None);
    while replay.events < limit {
        let Some(event) = trace.next() else { break };
        replay.play(algorithm, event);
        replay.check_state(&trace, Some(event));
    }
    replay
}

/// How far the whole trace is replayed: cell by cell's grows fastest.
fn replayed_up_to(algorithm: Algorithm) -> u32 {
    match (algorithm, cfg!(debug_assertions)) {
        (Algorithm::CellByCell, true) => 6,
        (Algorithm::CellByCell, false) => 7,
        _ => 8,
    }
}

#[test]
fn every_trace_replays_legally_and_agrees_with_the_counting_search() {
    for algorithm in Algorithm::ALL {
        for n in 1..=replayed_up_to(algorithm) {
            let replay = replay(algorithm, n, usize::MAX);
            let at = format!("{algorithm} n={n}");
            assert!(replay.placed.is_empty(), "{at}: the board ends empty");
            let run = algorithm.count(n).unwrap();
            assert_eq!(replay.nodes, run.nodes, "{at}: nodes");
            assert_eq!(replay.found.len() as u128, run.total, "{at}: total");
            let mut expected = Vec::new();
            algorithm.for_each(n, &mut |p| {
                expected.push(p.columns().map(|c| (c - 1) as u8).collect::<Vec<u8>>());
                true
            });
            assert_eq!(replay.found, expected, "{at}: placements and their order");
        }
    }
}

#[test]
fn traces_of_the_largest_board_start_legally() {
    for algorithm in Algorithm::ALL {
        let replay = replay(algorithm, 32, 20_000);
        assert_eq!(replay.events, 20_000, "{algorithm}");
    }
}

#[test]
fn a_trace_is_refused_outside_1_to_32_and_ends_for_good() {
    for algorithm in Algorithm::ALL {
        assert!(algorithm.trace(0).is_none() && algorithm.trace(33).is_none());
        let mut trace = algorithm.trace(2).unwrap(); // no placement
        let events: Vec<Event> = trace.by_ref().collect();
        assert!(
            !events.is_empty() && !events.contains(&Event::Found),
            "{algorithm}"
        );
        assert_eq!(trace.next(), None, "{algorithm}");
        assert_eq!((trace.found(), trace.queen(0)), (0, None), "{algorithm}");
    }
}

#[test]
fn the_bitmask_trace_of_four_reaches_2_4_1_3_as_the_tutorials_draw_it() {
    use Event::{Found, Place, Remove};
    let events: Vec<Event> = Algorithm::Bitmask.trace(4).unwrap().take(12).collect();
    let place = |row, col| Place { row, col };
    let remove = |row, col| Remove { row, col };
    #[rustfmt::skip]
    let expected = [
        place(0, 0), place(1, 2),                 // row 2 fully attacked: dead end
        remove(1, 2), place(1, 3), place(2, 1),   // row 3 fully attacked
        remove(2, 1), remove(1, 3), remove(0, 0), // rows 2, 1 and 0 exhausted
        place(0, 1), place(1, 3), place(2, 0), place(3, 2),
    ];
    assert_eq!(events, expected);
    let mut trace = Algorithm::Bitmask.trace(4).unwrap();
    assert_eq!(trace.nth(12), Some(Found));
}

#[test]
fn a_trace_can_be_paused_cloned_and_resumed() {
    for algorithm in Algorithm::ALL {
        let whole: Vec<Event> = algorithm.trace(6).unwrap().collect();
        let mut trace = algorithm.trace(6).unwrap();
        let head: Vec<Event> = trace.by_ref().take(100).collect();
        let copy = trace.clone();
        let tail: Vec<Event> = trace.collect();
        assert_eq!([head, tail.clone()].concat(), whole, "{algorithm}");
        assert_eq!(copy.collect::<Vec<_>>(), tail, "{algorithm}");
    }
}

#[test]
fn a_trace_is_about_27_kb_as_documented() {
    // src/trace.rs gives this size; dancing links' node arrays are nearly all of it.
    let size = std::mem::size_of::<Trace>();
    assert!((26_000..28_000).contains(&size), "{size} bytes");
}
