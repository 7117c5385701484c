//! The view the page steps through: one or two searches on one clock, with a way back.
//!
//! Each tick of the clock gives every search that has not ended one more event, so two
//! algorithms side by side have always taken the same number of steps (until one ends).
//! Going back restores the nearest saved copy of the searches at or before the step
//! wanted and runs forward from there: a [`Trace`] is a plain value, so a copy is the
//! whole search state. Copies are kept at regular steps, at most [`SNAPSHOTS`] of them;
//! when there would be more, every other one goes and the spacing doubles, so going back
//! never replays more than about 1/32 of the steps taken.

use nqueens::{Algorithm, Event, Item, Trace};

use crate::tree::Tree;

/// How many searches can run side by side.
pub const LANES: usize = 2;

/// The most copies of the searches kept for going back.
pub const SNAPSHOTS: usize = 64;

/// Steps between copies at first; it doubles as the search goes on.
const FIRST_SPACING: u64 = 64;

/// One search and what the page shows of it.
#[derive(Clone, Debug)]
pub struct Lane {
    /// The search.
    pub trace: Trace,
    /// The last event, `None` before the first.
    pub last: Option<Event>,
    /// The trace returned `None`: the search is over.
    pub ended: bool,
    /// Events so far.
    pub steps: u64,
    /// Dancing links: the item chosen at each depth (queens on the board when it was
    /// chosen) and its options then.
    choices: [Option<(Item, u8)>; nqueens::MAX_N as usize + 1],
    /// Queens on the board now.
    depth: usize,
    /// The depth whose choice the last event belongs to.
    focus: usize,
}

impl Lane {
    /// A search of `algorithm` on the `n`×`n` board, before its first event.
    pub fn new(algorithm: Algorithm, n: u32) -> Option<Lane> {
        Some(Lane {
            trace: algorithm.trace(n)?,
            last: None,
            ended: false,
            steps: 0,
            choices: [None; nqueens::MAX_N as usize + 1],
            depth: 0,
            focus: 0,
        })
    }

    /// The next event, or `None` once the search is over.
    pub fn step(&mut self) -> Option<Event> {
        if self.ended {
            return None;
        }
        let Some(event) = self.trace.next() else {
            self.ended = true;
            return None;
        };
        self.follow(event);
        self.last = Some(event);
        self.steps += 1;
        Some(event)
    }

    /// Dancing links: the choice the last event belongs to (the item whose option was
    /// placed or taken back, or the item just chosen).
    pub fn choice(&self) -> Option<(Item, u8)> {
        self.choices[self.focus]
    }

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

/// When [`View::run`] stops before its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Only at the end of every search.
    Never,
    /// After the tick in which any search finds a placement.
    NextFound,
    /// Once the first search has found this many placements.
    Found(u128),
    /// Once the clock reads this step.
    Clock(u64),
}

/// The searches on screen, their clock, and the copies kept for going back.
#[derive(Debug)]
pub struct View {
    /// One search per algorithm shown (one or two).
    pub lanes: Vec<Lane>,
    /// The search tree of each lane, as far as it has been explored.
    pub trees: Vec<Tree>,
    /// Ticks so far: the step the view shows.
    pub clock: u64,
    /// The furthest step reached, which the page's slider can go back over.
    pub furthest: u64,
    /// Copies of the lanes and the step each was taken at, oldest first; the first is
    /// step 0.
    snapshots: Vec<(u64, Vec<Lane>)>,
    spacing: u64,
}

impl View {
    /// `algorithms` side by side on the `n`×`n` board, at step 0; `None` if there are
    /// none or more than [`LANES`], or `n` is not a board size.
    pub fn new(n: u32, algorithms: &[Algorithm]) -> Option<View> {
        if algorithms.is_empty() || algorithms.len() > LANES {
            return None;
        }
        let lanes = algorithms
            .iter()
            .map(|&a| Lane::new(a, n))
            .collect::<Option<Vec<_>>>()?;
        Some(View {
            trees: algorithms.iter().map(|_| Tree::new(n)).collect(),
            snapshots: vec![(0, lanes.clone())],
            lanes,
            clock: 0,
            furthest: 0,
            spacing: FIRST_SPACING,
        })
    }

    /// Whether every search is over.
    pub fn done(&self) -> bool {
        self.lanes.iter().all(|lane| lane.ended)
    }

    /// One tick: every search not over takes one step. `false` (and the clock stays)
    /// if none had a step left.
    pub fn tick(&mut self) -> bool {
        let mut any = false;
        for (i, lane) in self.lanes.iter_mut().enumerate() {
            if let Some(event) = lane.step() {
                any = true;
                self.trees[i].record(event, lane.steps);
            }
        }
        if any {
            self.clock += 1;
            if self.clock > self.furthest {
                self.furthest = self.clock;
                self.keep_copy();
            }
        }
        any
    }

    /// Ticks until `budget` ticks have run, every search is over, or `stop` says to.
    /// Returns the ticks run.
    pub fn run(&mut self, budget: u64, stop: Stop) -> u64 {
        let mut ran = 0;
        while ran < budget {
            match stop {
                Stop::Found(goal) if self.lanes[0].trace.found() >= goal => break,
                Stop::Clock(goal) if self.clock >= goal => break,
                _ => {}
            }
            let before = self.found();
            if !self.tick() {
                break;
            }
            ran += 1;
            if stop == Stop::NextFound && self.found() > before {
                break;
            }
        }
        ran
    }

    /// Placements found so far, all searches together.
    fn found(&self) -> u128 {
        self.lanes.iter().map(|lane| lane.trace.found()).sum()
    }

    /// Shows step `step`: from the nearest copy at or before it (when that is behind
    /// the step shown, or ahead of it), or forward from here. Stops early where every
    /// search ends; returns the step reached.
    pub fn seek(&mut self, step: u64) -> u64 {
        let (at, lanes) = self
            .snapshots
            .iter()
            .rev()
            .find(|(at, _)| *at <= step)
            .unwrap_or(&self.snapshots[0]);
        if step < self.clock || *at > self.clock {
            self.clock = *at;
            self.lanes.clone_from(lanes);
        }
        self.run(step - self.clock.min(step), Stop::Clock(step));
        self.clock
    }

    /// Keeps a copy of the searches at every `spacing` steps, thinning the copies out
    /// when there are too many.
    fn keep_copy(&mut self) {
        if !self.clock.is_multiple_of(self.spacing) {
            return;
        }
        self.snapshots.push((self.clock, self.lanes.clone()));
        if self.snapshots.len() > SNAPSHOTS {
            self.spacing *= 2;
            let spacing = self.spacing;
            self.snapshots.retain(|(at, _)| at.is_multiple_of(spacing));
        }
    }

    /// How many copies are kept now (for tests).
    pub fn copies(&self) -> usize {
        self.snapshots.len()
    }
}
