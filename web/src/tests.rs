//! The exports, called natively the way app.js calls them.

// Counts cross to JavaScript as f64; the ones here are small integers, exact in f64.
#![allow(clippy::float_cmp)]

use super::*;

fn index(algorithm: Algorithm) -> u32 {
    Algorithm::ALL.iter().position(|&a| a == algorithm).unwrap() as u32
}

/// Runs lane `slot` to its end and returns (found, nodes).
fn run_out(slot: u32) -> (f64, f64) {
    while nq_run(slot, 1000, 0) > 0 {}
    assert_eq!(nq_done(slot), 1);
    (nq_found(slot), nq_nodes(slot))
}

#[test]
fn first_bitmask_placement_of_four_is_read_off_the_board() {
    assert_eq!(nq_start(0, index(Algorithm::Bitmask), 4), 1);
    nq_run(0, u32::MAX, 1);
    assert_eq!(nq_event(0, 0), 6, "stopped on the Found event");
    let cols: Vec<i32> = (0..4).map(|r| nq_queen(0, r) + 1).collect();
    assert_eq!(cols, [2, 4, 1, 3]);
    assert_eq!(nq_found(0), 1.0);
}

#[test]
fn every_algorithm_ends_with_the_library_counts() {
    for algorithm in Algorithm::ALL {
        assert_eq!(nq_start(1, index(algorithm), 6), 1);
        let run = algorithm.count(6).unwrap();
        assert_eq!(
            run_out(1),
            (run.total as f64, run.nodes as f64),
            "{algorithm}"
        );
        for row in 0..6 {
            assert_eq!(nq_queen(1, row), -1, "{algorithm}: the board ends empty");
        }
    }
}

#[test]
fn sizes_algorithms_and_lanes_out_of_range_are_refused() {
    assert_eq!(nq_start(0, 0, 0), 0);
    assert_eq!(nq_start(0, 0, MAX_N + 1), 0);
    assert_eq!(nq_start(0, nq_algorithm_count(), 4), 0);
    assert_eq!(nq_start(LANES as u32, 0, 4), 0);
    assert_eq!(nq_done(LANES as u32), 1);
    assert_eq!(nq_answer(MAX_N + 1), 0);
    assert_eq!(nq_answer_total(), 0.0);
}

#[test]
fn attacked_squares_follow_rows_columns_and_diagonals() {
    // Bitmask's first event on 5×5: a queen on (0, 0).
    assert_eq!(nq_start(0, index(Algorithm::Bitmask), 5), 1);
    nq_run(0, 1, 0);
    assert_eq!(nq_attacked(0, 0), 0b11111, "its row");
    assert_eq!(nq_attacked(0, 1), 0b00011, "column and ↘ diagonal");
    assert_eq!(nq_attacked(0, 4), 0b10001);
}

#[test]
fn bitmask_state_shows_the_masks_handed_down() {
    assert_eq!(nq_start(0, index(Algorithm::Bitmask), 4), 1);
    nq_run(0, 1, 0); // a queen on (0, 0)
    assert_eq!(nq_state_kind(0), 1);
    assert_eq!(nq_state_row(0), 1);
    assert_eq!(
        (0..4).map(|w| nq_state(0, w)).collect::<Vec<_>>(),
        [0b0001, 0b0010, 0, 0b1100]
    );
}

#[test]
fn naive_refusals_name_the_attacking_queen() {
    assert_eq!(nq_start(0, index(Algorithm::Naive), 4), 1);
    nq_run(0, 3, 0); // Place (0, 0), Refuse (1, 0) column, Refuse (1, 1) falling
    let fields: Vec<u32> = (0..9).map(|f| nq_event(0, f)).collect();
    assert_eq!(fields, [2, 2, 2, 2, 0, 0, 0, 1, 1]);
}

#[test]
fn dancing_links_keeps_its_last_choice() {
    assert_eq!(nq_start(0, index(Algorithm::DancingLinks), 4), 1);
    assert_eq!(nq_choice(0, 0), 0);
    nq_run(0, 1, 0);
    assert_eq!(nq_event(0, 0), 5);
    assert_eq!(
        (0..4).map(|f| nq_choice(0, f)).collect::<Vec<_>>(),
        [1, 0, 1, 4]
    );
}

#[test]
fn challenge_answers_come_from_the_table_where_it_has_the_size() {
    assert_eq!(nq_answer(6), 1);
    assert_eq!(nq_answer_from_table(), 1);
    assert_eq!(nq_answer_total(), 4.0);
    let first: Vec<u32> = (0..6).map(|r| nq_answer_column(0, r)).collect();
    assert_eq!(first, [2, 4, 6, 1, 3, 5]);
    assert_eq!(nq_answer(4), 1);
    assert_eq!((nq_answer_from_table(), nq_answer_count()), (0, 2));
}

#[test]
fn names_are_the_command_line_names() {
    for (i, algorithm) in Algorithm::ALL.iter().enumerate() {
        let len = nq_algorithm_name_len(i as u32) as usize;
        assert_eq!(len, algorithm.name().len());
        assert_eq!(
            nq_algorithm_name(i as u32),
            algorithm.name().as_ptr() as usize
        );
    }
}

#[test]
fn dancing_links_shows_the_choice_an_option_belongs_to() {
    // n = 6: Choose row 1 (6), Place, Choose row 2 (4), Place, Choose row 3 (2), Place,
    // Choose column 6 (0), Remove (3, 5), Place (3, 6): the last two belong to row 3.
    let choice = || (0..4).map(|f| nq_choice(0, f)).collect::<Vec<_>>();
    assert_eq!(nq_start(0, index(Algorithm::DancingLinks), 6), 1);
    nq_run(0, 7, 0);
    assert_eq!(choice(), [1, 1, 6, 0]);
    for _ in 0..2 {
        nq_run(0, 1, 0);
        assert_eq!(choice(), [1, 0, 3, 2]);
    }
    assert_eq!(
        (nq_event(0, 0), nq_event(0, 2)),
        (1, 6),
        "Place on column 6"
    );
}
