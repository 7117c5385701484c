//! Run-time agreement: table = native solver = independent reference search, every
//! placement valid, and totals equal to OEIS A000170.

use nqueens::{
    Placement, TABLE_MAX, TABLE_MIN, first_placements, lookup, published, reference, solve, table,
};

/// The first three placements of the reference search, as 1-based `Placement`s.
fn reference_first(n: u32) -> Vec<Placement> {
    let mut first = Vec::new();
    reference::for_each(n, |cols| {
        let one_based: Vec<u32> = cols.iter().map(|&c| u32::from(c) + 1).collect();
        first.push(Placement::new(&one_based).expect("reference placements are well formed"));
        first.len() < 3
    });
    first
}

#[test]
fn table_equals_native_solver_equals_reference() {
    assert_eq!(table().len(), (TABLE_MAX - TABLE_MIN + 1) as usize);
    for n in TABLE_MIN..=TABLE_MAX {
        let entry = lookup(n).expect("n is in the table");
        assert_eq!(entry, &solve(n).unwrap(), "n={n}: table vs native solver");
        assert_eq!(
            entry.total(),
            reference::count(n).unwrap(),
            "n={n}: total vs reference"
        );
        assert_eq!(
            entry.placements(),
            reference_first(n),
            "n={n}: placements vs reference"
        );
        assert_eq!(entry.n(), n);
    }
}

#[test]
fn solver_matches_reference_off_the_table_too() {
    for n in (1..TABLE_MIN).chain(TABLE_MAX + 1..=14) {
        let answer = solve(n).unwrap();
        assert_eq!(answer.total(), reference::count(n).unwrap(), "n={n}");
        assert_eq!(answer.placements(), reference_first(n), "n={n}");
        assert_eq!(
            first_placements(n).unwrap().as_slice(),
            answer.placements(),
            "n={n}"
        );
    }
}

#[test]
fn every_listed_placement_is_valid_distinct_and_ordered() {
    for n in 1..=32 {
        let list = first_placements(n).unwrap();
        let list = list.as_slice();
        // Sizes past the known totals all have far more than three placements.
        let expected = published::total(n).map_or(3, |t| t.min(3) as usize);
        assert_eq!(list.len(), expected, "n={n}");
        for (i, p) in list.iter().enumerate() {
            assert!(p.is_valid(), "n={n}: {p}");
            assert_eq!(p.n(), n);
            if i > 0 {
                assert!(p.columns().gt(list[i - 1].columns()), "n={n}: order at {i}");
            }
        }
    }
}

#[test]
fn totals_match_a000170() {
    // The full search up to 16 takes seconds in release builds and minutes in debug ones.
    let last = if cfg!(debug_assertions) { 12 } else { 16 };
    for n in 1..=last {
        assert_eq!(
            Some(solve(n).unwrap().total()),
            published::total(n),
            "n={n}"
        );
    }
}

#[test]
fn out_of_range_sizes_are_refused() {
    for n in [0, 33, 64, u32::MAX] {
        assert!(solve(n).is_none() && first_placements(n).is_none(), "n={n}");
        assert!(
            reference::count(n).is_none() && lookup(n).is_none(),
            "n={n}"
        );
    }
}

#[test]
fn the_validity_checker_accepts_valid_and_rejects_attacks() {
    let valid: &[&[u32]] = &[&[1], &[2, 4, 1, 3], &[3, 1, 4, 2], &[2, 4, 6, 1, 3, 5]];
    for cols in valid {
        assert!(Placement::new(cols).unwrap().is_valid(), "{cols:?}");
    }
    let invalid: &[&[u32]] = &[
        &[1, 1],             // same column
        &[1, 2],             // falling diagonal
        &[2, 1],             // rising diagonal
        &[2, 4, 1, 4],       // column, far apart
        &[1, 3, 5, 2, 4, 6], // diagonal between rows 1 and 6
        &[3, 1, 2],          // adjacent diagonal at the end
    ];
    for cols in invalid {
        assert!(!Placement::new(cols).unwrap().is_valid(), "{cols:?}");
    }
}

#[test]
fn the_validity_checker_agrees_with_brute_force_on_every_6_board() {
    // All 6^6 boards with one queen per row: is_valid must agree with the reference.
    let mut valid = 0;
    for code in 0..6u32.pow(6) {
        let cols: Vec<u32> = (0..6).map(|r| code / 6u32.pow(r) % 6 + 1).collect();
        if Placement::new(&cols).unwrap().is_valid() {
            valid += 1;
        }
    }
    assert_eq!(valid, reference::count(6).unwrap());
}

#[test]
fn placements_print_and_draw() {
    let p = Placement::new(&[2, 4, 1, 3]).unwrap();
    assert_eq!(p.to_string(), "2 4 1 3");
    assert_eq!(p.board().to_string(), ".Q..\n...Q\nQ...\n..Q.\n");
    assert!(Placement::new(&[0]).is_err());
    assert!(Placement::new(&[1; 33]).is_err());
}
