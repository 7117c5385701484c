//! The clock, going back, and the search tree.

use nqueens::{Algorithm, Event};

use crate::tree::{Kind, NONE, TREE_CAP, Tree};
use crate::view::{SNAPSHOTS, Stop, View};

/// What a lane shows at a step: its last event, board, nodes and placements found.
type Shown = (Option<Event>, Vec<Option<u32>>, u128, u128, bool);

fn shown(view: &View, slot: usize) -> Shown {
    let lane = &view.lanes[slot];
    let n = lane.trace.n();
    let board = (0..n).map(|r| lane.trace.queen(r)).collect();
    (
        lane.last,
        board,
        lane.trace.nodes(),
        lane.trace.found(),
        lane.ended,
    )
}

/// A small deterministic generator (no dependency for it).
fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

#[test]
fn going_back_to_any_step_shows_what_going_forward_showed() {
    for (first, second) in [
        (Algorithm::Naive, Some(Algorithm::DancingLinks)),
        (Algorithm::CellByCell, Some(Algorithm::Bitmask)),
        (Algorithm::Flags, None),
    ] {
        let algorithms: Vec<Algorithm> = [Some(first), second].into_iter().flatten().collect();
        let mut view = View::new(6, &algorithms).unwrap();
        let mut seen = vec![
            (0..algorithms.len())
                .map(|s| shown(&view, s))
                .collect::<Vec<_>>(),
        ];
        while view.tick() {
            seen.push((0..algorithms.len()).map(|s| shown(&view, s)).collect());
        }
        let end = view.clock;
        assert_eq!(end as usize + 1, seen.len());
        assert!(view.copies() <= SNAPSHOTS + 1, "{} copies", view.copies());
        let mut state = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..300 {
            let step = next(&mut state) % (end + 1);
            assert_eq!(view.seek(step), step);
            let now: Vec<Shown> = (0..algorithms.len()).map(|s| shown(&view, s)).collect();
            assert_eq!(now, seen[step as usize], "{first} step {step}");
        }
        // Past the end, the view stops at the end, and shows every search over.
        assert_eq!(view.seek(end + 100), end);
        assert!(view.done());
        assert_eq!(view.furthest, end);
    }
}

#[test]
fn copies_thin_out_as_the_search_goes_on() {
    // n = 8 with flags: 17,868 steps.
    let mut view = View::new(8, &[Algorithm::Flags]).unwrap();
    view.run(u64::MAX, Stop::Never);
    assert!(view.copies() <= SNAPSHOTS && view.copies() > SNAPSHOTS / 2);
    assert_eq!(view.seek(12_345), 12_345);
    let mut fresh = View::new(8, &[Algorithm::Flags]).unwrap();
    fresh.run(12_345, Stop::Never);
    assert_eq!(shown(&view, 0), shown(&fresh, 0));
    // Forward from the start to a step reached before: from the copy nearest it, not
    // from step 0, and to the same place.
    assert_eq!(view.seek(0), 0);
    assert_eq!(view.seek(12_345), 12_345);
    assert_eq!(shown(&view, 0), shown(&fresh, 0));
}

/// The tree of a whole search.
fn whole_tree(algorithm: Algorithm, n: u32) -> Tree {
    let mut view = View::new(n, &[algorithm]).unwrap();
    view.run(u64::MAX, Stop::Never);
    view.trees[0].clone()
}

fn count(tree: &Tree, kind: Kind) -> usize {
    let kind = kind as u32;
    tree.branches.iter().filter(|b| b.kind() == kind).count()
}

#[test]
fn the_tree_holds_every_queen_refusal_dead_end_and_placement() {
    for algorithm in Algorithm::ALL {
        for n in 1..=6 {
            let events: Vec<Event> = algorithm.trace(n).unwrap().collect();
            let of = |f: fn(&Event) -> bool| events.iter().filter(|e| f(e)).count();
            let tree = whole_tree(algorithm, n);
            assert!(tree.stopped.is_none());
            let place = of(|e| matches!(e, Event::Place { .. }));
            assert_eq!(count(&tree, Kind::Queen), place, "{algorithm} {n}");
            assert_eq!(
                count(&tree, Kind::Refused),
                of(|e| matches!(e, Event::Refuse { .. })),
            );
            assert_eq!(
                count(&tree, Kind::DeadEnd),
                of(|e| matches!(e, Event::Choose { options: 0, .. })),
            );
            let found = algorithm.count(n).unwrap().total as usize;
            assert_eq!(count(&tree, Kind::Found), found, "{algorithm} {n}");
            // Every queen is taken off again, after it was placed.
            for b in &tree.branches {
                assert!(b.closed != NONE && b.closed >= b.created, "{algorithm} {n}");
            }
        }
    }
}

#[test]
fn the_tree_layout_never_crosses() {
    for algorithm in [Algorithm::Naive, Algorithm::DancingLinks] {
        let tree = whole_tree(algorithm, 6);
        let mut last_child_x = std::collections::HashMap::new();
        for (i, b) in tree.branches.iter().enumerate() {
            if b.kind() == Kind::Found as u32 {
                assert_eq!(b.x, tree.branches[b.parent as usize].x);
                continue;
            }
            let parent_x = if b.parent == NONE {
                0
            } else {
                let parent = tree.branches[b.parent as usize];
                assert_eq!(b.depth(), parent.depth() + 1);
                assert!(parent.created < b.created && b.created <= parent.closed);
                parent.x
            };
            // Children go left to right, the first in the parent's own column.
            match last_child_x.insert(b.parent, b.x) {
                None => assert_eq!(b.x, parent_x, "branch {i}"),
                Some(before) => assert!(b.x > before, "branch {i}"),
            }
            assert!(b.x < tree.width);
        }
    }
}

#[test]
fn a_tree_stops_at_its_cap_and_boards_past_eight_keep_none() {
    let tree = whole_tree(Algorithm::CellByCell, 7);
    assert_eq!(tree.branches.len(), TREE_CAP);
    let stopped = tree.stopped.expect("cell by cell at n = 7 passes the cap");
    assert!(
        tree.branches
            .iter()
            .all(|b| u64::from(b.created) <= stopped)
    );
    let big = whole_tree(Algorithm::Bitmask, 9);
    assert!(!big.on && big.branches.is_empty());
    // Naive at n = 8, the most a row-by-row tree needs, fits.
    assert!(whole_tree(Algorithm::Naive, 8).stopped.is_none());
}
