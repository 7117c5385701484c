//! Property tests: the checker against the definition of an attack, every placement the
//! solvers produce against the checker, and `solutions --limit K` against the stream.

use std::process::Command;

use nqueens::{Algorithm, Attack, Placement, Solutions};
use proptest::prelude::*;

/// Any list of 1 to 32 columns, each within the board.
fn any_columns() -> impl Strategy<Value = Vec<u32>> {
    (1usize..=32).prop_flat_map(|n| proptest::collection::vec(1..=n as u32, n))
}

/// Mostly near-valid placements too: permutations, where only diagonals can clash.
fn any_permutation() -> impl Strategy<Value = Vec<u32>> {
    (1u32..=16).prop_flat_map(|n| Just((1..=n).collect::<Vec<u32>>()).prop_shuffle())
}

/// A board size from 1 to 12 with placements, and where in its stream of placements to
/// start: anywhere from the first to the last, so that no case checks nothing.
fn size_and_start() -> impl Strategy<Value = (u32, usize)> {
    (1u32..=12)
        .prop_filter("has placements", |&n| n != 2 && n != 3)
        .prop_flat_map(|n| {
            let total = nqueens::count(n).expect("1 to 12 are counted") as usize;
            (Just(n), 0..total)
        })
}

/// The definition: a column shared, or |row difference| = |column difference|.
fn attacking_pairs(columns: &[u32]) -> Vec<(u32, u32, Attack)> {
    let mut pairs = Vec::new();
    for a in 0..columns.len() {
        for b in a + 1..columns.len() {
            if columns[a] == columns[b] {
                pairs.push((a as u32 + 1, b as u32 + 1, Attack::Column));
            } else if columns[a].abs_diff(columns[b]) as usize == b - a {
                pairs.push((a as u32 + 1, b as u32 + 1, Attack::Diagonal));
            }
        }
    }
    pairs
}

fn check_against_definition(columns: &[u32]) -> Result<(), TestCaseError> {
    let p = Placement::new(columns).unwrap();
    let expected = attacking_pairs(columns);
    let found: Vec<_> = p
        .conflicts()
        .map(|c| (c.first.0, c.second.0, c.attack))
        .collect();
    prop_assert_eq!(&found, &expected);
    prop_assert_eq!(p.is_valid(), expected.is_empty());
    prop_assert_eq!(p.columns().collect::<Vec<_>>(), columns.to_vec());
    Ok(())
}

proptest! {
    #[test]
    fn the_checker_agrees_with_the_definition(columns in any_columns()) {
        check_against_definition(&columns)?;
    }

    #[test]
    fn the_checker_agrees_on_permutations(columns in any_permutation()) {
        check_against_definition(&columns)?;
    }

    #[test]
    fn every_placement_an_algorithm_produces_passes_the_checker(
        n in 1u32..=9,
        which in 0usize..5,
        stop_after in 1u64..100,
    ) {
        let algorithm = Algorithm::ALL[which];
        let mut seen = 0u64;
        let mut bad = None;
        algorithm.for_each(n, &mut |p| {
            seen += 1;
            if !p.is_valid() || p.n() != n || p.conflicts().next().is_some() {
                bad = Some(p.to_string());
            }
            seen < stop_after
        });
        prop_assert_eq!(bad, None);
    }

    #[test]
    fn every_streamed_placement_passes_the_checker((n, skip) in size_and_start()) {
        let window: Vec<Placement> = Solutions::new(n).unwrap().skip(skip).take(50).collect();
        // The start is drawn within the stream, so every case checks at least one.
        prop_assert!(!window.is_empty(), "n={} skip={}", n, skip);
        for p in window {
            prop_assert!(p.is_valid(), "n={} {}", n, p);
        }
    }
}

proptest! {
    // Each case starts processes: fewer cases.
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn solutions_limit_is_a_prefix_of_the_stream(
        n in 1u32..=9,
        k in 0u64..400,
        format in prop::sample::select(vec!["rows", "boards", "json"]),
    ) {
        let run = |extra: &[&str]| {
            let out = Command::new(env!("CARGO_BIN_EXE_nqueens"))
                .args(["solutions", &n.to_string(), "--format", format])
                .args(extra)
                .output()
                .unwrap();
            assert!(out.status.success());
            String::from_utf8(out.stdout).unwrap()
        };
        let all = run(&[]);
        let some = run(&["--limit", &k.to_string()]);
        prop_assert!(all.starts_with(&some));
        // Each record ends in a newline (boards: an empty line); count them.
        let records = |s: &str| match format {
            "boards" => s.matches("\n\n").count(),
            _ => s.lines().count(),
        };
        prop_assert_eq!(records(&some) as u64, k.min(records(&all) as u64));
    }
}
