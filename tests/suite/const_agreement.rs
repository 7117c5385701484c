//! Compile-time agreement: this file does not compile unless the build-time table
//! equals const evaluation of the solver, and matches the known totals (OEIS A000170).
//!
//! Everything here is checked by rustc while it builds the test; the runtime tests at
//! the bottom only make sure the file is part of the test run.
//!
//! Cost: const evaluation is about 700x slower than native code, so n = 6..=11 adds
//! roughly 1.5 s to building this test. n = 12 (about 5 s) and n = 13 (20-30 s, past
//! the `long_running_const_eval` limit) are left to `nqueens verify` and the runtime
//! tests in `tests/suite/agreement.rs`.

use nqueens::{TABLE_MIN, lookup, solve};
use static_assertions::{const_assert, const_assert_eq};

/// Whether the table entry for `n` equals a fresh const evaluation of `solve(n)`:
/// total, node count and all three placements.
const fn table_matches_solver(n: u32) -> bool {
    match (lookup(n), solve(n)) {
        (Some(table), Some(live)) => table.const_eq(&live),
        _ => false,
    }
}

/// The table's total for `n` (0 outside the table, which no known total equals).
const fn table_total(n: u32) -> u128 {
    match lookup(n) {
        Some(entry) => entry.total(),
        None => 0,
    }
}

// Table = const evaluation of the solver. `assert!` with a message, because
// `const_assert!` reports a failure as an opaque overflow error.
const _: () = assert!(table_matches_solver(6), "table entry n=6 != const solve(6)");
const _: () = assert!(table_matches_solver(7), "table entry n=7 != const solve(7)");
const _: () = assert!(table_matches_solver(8), "table entry n=8 != const solve(8)");
const _: () = assert!(table_matches_solver(9), "table entry n=9 != const solve(9)");
const _: () = assert!(
    table_matches_solver(10),
    "table entry n=10 != const solve(10)"
);
const _: () = assert!(
    table_matches_solver(11),
    "table entry n=11 != const solve(11)"
);

// Table = OEIS A000170, for every size in it.
const_assert_eq!(TABLE_MIN, 6);
const_assert!(table_total(6) == 4);
const_assert!(table_total(7) == 40);
const_assert!(table_total(8) == 92);
const_assert!(table_total(9) == 352);
const_assert!(table_total(10) == 724);
const_assert!(table_total(11) == 2680);
const_assert!(table_total(12) == 14200);
const_assert!(table_total(13) == 73712);

/// The helpers above must be able to say "no", or the assertions prove nothing.
#[test]
fn the_compile_time_checks_can_fail() {
    assert!(
        !table_matches_solver(5),
        "outside the table there is nothing to match"
    );
    assert!(!table_matches_solver(14));
    assert_eq!(table_total(14), 0);
    // A doctored entry must not match.
    let mut doctored = *lookup(8).unwrap();
    assert!(doctored.const_eq(&solve(8).unwrap()));
    doctored = solve(9).unwrap();
    assert!(!doctored.const_eq(&solve(8).unwrap()));
}
