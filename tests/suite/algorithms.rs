//! The five classic algorithms against the bitmask solver: same placements, same totals,
//! same order where the algorithm's natural order is lexicographic.

use nqueens::{Algorithm, Placement, Solutions};

/// Every placement, in the bitmask solver's (lexicographic) order.
fn all_placements(n: u32) -> Vec<Placement> {
    Solutions::new(n).unwrap().collect()
}

/// How far each algorithm is checked: its practical limit in release builds, three
/// sizes less in debug builds (each size costs five to ten times the one before).
fn checked_up_to(algorithm: Algorithm) -> u32 {
    let limit = algorithm.practical_limit();
    if cfg!(debug_assertions) {
        limit - 3
    } else {
        limit
    }
}

#[test]
fn every_algorithm_finds_the_same_placements_as_the_bitmask_solver() {
    for algorithm in Algorithm::ALL {
        for n in 1..=checked_up_to(algorithm) {
            let expected = all_placements(n);
            let mut found = Vec::new();
            let run = algorithm
                .for_each(n, &mut |p| {
                    found.push(*p);
                    true
                })
                .unwrap();
            assert_eq!(run.total, expected.len() as u128, "{algorithm} n={n}");
            assert!(
                found.iter().all(|p| p.is_valid() && p.n() == n),
                "{algorithm} n={n}"
            );
            if !algorithm.is_lexicographic() {
                found.sort_unstable();
            }
            assert_eq!(found, expected, "{algorithm} n={n}");
        }
    }
}

#[test]
fn counting_gives_the_same_totals_and_nodes_as_streaming() {
    for algorithm in Algorithm::ALL {
        for n in [1, 4, 6, 8] {
            let counted = algorithm.count(n).unwrap();
            let streamed = algorithm.for_each(n, &mut |_| true).unwrap();
            assert_eq!(counted, streamed, "{algorithm} n={n}");
            assert!(counted.nodes >= counted.total, "{algorithm} n={n}");
        }
    }
}

#[test]
fn node_counts_reflect_how_each_algorithm_searches() {
    let nodes = |a: Algorithm| a.count(8).unwrap().nodes;
    // The three row-by-row searches place exactly the same queens.
    assert_eq!(nodes(Algorithm::Naive), 2056);
    assert_eq!(nodes(Algorithm::Flags), 2056);
    assert_eq!(nodes(Algorithm::Bitmask), 2056);
    // Choosing the most constrained item first places fewer queens...
    assert!(nodes(Algorithm::DancingLinks) < 2056);
    // ...and deciding square by square decides far more.
    assert!(nodes(Algorithm::CellByCell) > 10 * 2056);
}

#[test]
fn a_visitor_can_stop_every_algorithm_early() {
    for algorithm in Algorithm::ALL {
        let mut seen = 0;
        let run = algorithm
            .for_each(8, &mut |_| {
                seen += 1;
                seen < 5
            })
            .unwrap();
        assert_eq!((seen, run.total), (5, 5), "{algorithm}");
    }
}

#[test]
fn sizes_outside_the_range_are_refused_and_names_round_trip() {
    for algorithm in Algorithm::ALL {
        assert!(algorithm.count(0).is_none() && algorithm.count(33).is_none());
        assert_eq!(Algorithm::from_name(algorithm.name()), Some(algorithm));
        assert_eq!(algorithm.to_string(), algorithm.name());
        assert!(!algorithm.cost().is_empty());
    }
    assert_eq!(Algorithm::from_name("Naive"), None);
}

#[test]
fn every_algorithm_works_far_past_its_practical_limit_when_stopped_early() {
    // Finding the first placement needs far fewer nodes than counting them all:
    // 199,635 queens placed at n = 20 for the row-by-row searches.
    for algorithm in Algorithm::ALL {
        let n = if algorithm == Algorithm::CellByCell {
            14
        } else {
            20
        };
        let mut first = None;
        algorithm.for_each(n, &mut |p| {
            first = Some(*p);
            false
        });
        let first = first.expect("a placement");
        assert!(first.is_valid() && first.n() == n, "{algorithm}");
        if algorithm.is_lexicographic() {
            assert_eq!(
                Some(first),
                Solutions::new(n).unwrap().next(),
                "{algorithm}"
            );
        }
    }
}
