//! Stepping one or two lanes through the exports, as app.js does.

use super::index;
use crate::lanes::*;
use crate::*;
use nqueens::Algorithm;

/// Begins `first` alone (or beside `second`) on n.
fn begin(n: u32, first: Algorithm, second: Option<Algorithm>) {
    let second = second.map_or(NO_ALGORITHM, index);
    assert_eq!(nq_begin(n, index(first), second), 1);
}

/// Runs the view to its end and returns (found, nodes) of `slot`.
fn run_out(slot: u32) -> (f64, f64) {
    while nq_run(1000, 0, 0.0) > 0 {}
    assert_eq!(nq_all_done(), 1);
    assert_eq!(nq_done(slot), 1);
    (nq_found(slot), nq_nodes(slot))
}

#[test]
fn first_bitmask_placement_of_four_is_read_off_the_board() {
    begin(4, Algorithm::Bitmask, None);
    nq_run(u32::MAX, 1, 0.0);
    assert_eq!(nq_event(0, 0), 6, "stopped on the Found event");
    let cols: Vec<i32> = (0..4).map(|r| nq_queen(0, r) + 1).collect();
    assert_eq!(cols, [2, 4, 1, 3]);
    assert_eq!(nq_found(0), 1.0);
}

#[test]
fn every_algorithm_ends_with_the_library_counts() {
    for algorithm in Algorithm::ALL {
        begin(6, algorithm, None);
        let run = algorithm.count(6).unwrap();
        assert_eq!(
            run_out(0),
            (run.total as f64, run.nodes as f64),
            "{algorithm}"
        );
        for row in 0..6 {
            assert_eq!(nq_queen(0, row), -1, "{algorithm}: the board ends empty");
        }
    }
}

#[test]
fn two_lanes_share_the_clock_until_one_ends() {
    // Dancing links has fewer events than flags at n = 6; each lane stops at its own
    // end while the clock goes on for the other.
    begin(6, Algorithm::Flags, Some(Algorithm::DancingLinks));
    assert_eq!(nq_lanes(), 2);
    assert_eq!(nq_run(10, 0, 0.0), 10);
    assert_eq!((nq_steps(0), nq_steps(1), nq_clock()), (10.0, 10.0, 10.0));
    run_out(0);
    let flags = Algorithm::Flags.trace(6).unwrap().count() as f64;
    let dlx = Algorithm::DancingLinks.trace(6).unwrap().count() as f64;
    assert!(dlx < flags);
    assert_eq!((nq_steps(0), nq_steps(1)), (flags, dlx));
    assert_eq!(nq_clock(), flags);
    assert_eq!(nq_furthest(), flags);
}

#[test]
fn next_placement_stops_at_either_lane_and_a_goal_at_the_first() {
    begin(8, Algorithm::Bitmask, Some(Algorithm::DancingLinks));
    nq_run(u32::MAX, 1, 0.0);
    let found = (nq_found(0), nq_found(1));
    assert_eq!(
        found.0 + found.1,
        1.0,
        "one placement between them: {found:?}"
    );
    begin(8, Algorithm::Bitmask, Some(Algorithm::DancingLinks));
    nq_run(u32::MAX, 2, 92.0);
    assert_eq!(nq_found(0), 92.0);
    assert_eq!(nq_event(0, 0), 6, "stopped on placement 92");
    assert_eq!(nq_run(u32::MAX, 3, 25.0), 0, "the clock is past 25 already");
}

#[test]
fn sizes_algorithms_and_lanes_out_of_range_are_refused() {
    assert_eq!(nq_begin(0, 0, NO_ALGORITHM), 0);
    assert_eq!(nq_begin(MAX_N + 1, 0, NO_ALGORITHM), 0);
    assert_eq!(nq_begin(4, nq_algorithm_count(), NO_ALGORITHM), 0);
    assert_eq!(nq_begin(4, 0, nq_algorithm_count()), 0);
    assert_eq!(nq_begin(4, 0, NO_ALGORITHM), 1);
    assert_eq!(nq_done(2), 1);
    assert_eq!(nq_queen(2, 0), -1);
    assert_eq!(nq_answer(MAX_N + 1), 0);
    assert_eq!(nq_answer_total(), 0.0);
    assert_eq!(nq_count(0, MAX_N + 1), 0);
    assert_eq!(nq_count(nq_algorithm_count(), 4), 0);
}

#[test]
fn attacked_squares_follow_rows_columns_and_diagonals() {
    // Bitmask's first event on 5×5: a queen on (0, 0).
    begin(5, Algorithm::Bitmask, None);
    nq_run(1, 0, 0.0);
    assert_eq!(nq_attacked(0, 0), 0b11111, "its row");
    assert_eq!(nq_attacked(0, 1), 0b00011, "column and ↘ diagonal");
    assert_eq!(nq_attacked(0, 4), 0b10001);
}

#[test]
fn bitmask_state_shows_the_masks_handed_down() {
    begin(4, Algorithm::Bitmask, None);
    nq_run(1, 0, 0.0); // a queen on (0, 0)
    assert_eq!(nq_state_kind(0), 1);
    assert_eq!(nq_state_row(0), 1);
    assert_eq!(
        (0..4).map(|w| nq_state(0, w)).collect::<Vec<_>>(),
        [0b0001, 0b0010, 0, 0b1100]
    );
}

#[test]
fn naive_refusals_name_the_attacking_queen() {
    begin(4, Algorithm::Naive, None);
    nq_run(3, 0, 0.0); // Place (0, 0), Refuse (1, 0) column, Refuse (1, 1) falling
    let fields: Vec<u32> = (0..9).map(|f| nq_event(0, f)).collect();
    assert_eq!(fields, [2, 2, 2, 2, 0, 0, 0, 1, 1]);
}

#[test]
fn dancing_links_shows_the_choice_an_option_belongs_to() {
    // n = 6: Choose row 1 (6), Place, Choose row 2 (4), Place, Choose row 3 (2), Place,
    // Choose column 6 (0), Remove (3, 5), Place (3, 6): the last two belong to row 3.
    let choice = || (0..4).map(|f| nq_choice(0, f)).collect::<Vec<_>>();
    begin(6, Algorithm::DancingLinks, None);
    assert_eq!(nq_choice(0, 0), 0);
    nq_run(1, 0, 0.0);
    assert_eq!(choice(), [1, 0, 1, 6]);
    nq_run(6, 0, 0.0);
    assert_eq!(choice(), [1, 1, 6, 0]);
    for _ in 0..2 {
        nq_run(1, 0, 0.0);
        assert_eq!(choice(), [1, 0, 3, 2]);
    }
    assert_eq!(
        (nq_event(0, 0), nq_event(0, 2)),
        (1, 6),
        "Place on column 6"
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
fn names_are_the_command_line_names_and_limits_compares() {
    for (i, algorithm) in Algorithm::ALL.iter().enumerate() {
        let len = nq_algorithm_name_len(i as u32) as usize;
        assert_eq!(len, algorithm.name().len());
        assert_eq!(
            nq_algorithm_name(i as u32),
            algorithm.name().as_ptr() as usize
        );
        assert_eq!(nq_practical_limit(i as u32), algorithm.practical_limit());
    }
}

#[test]
fn chart_counts_are_the_library_counts() {
    for algorithm in Algorithm::ALL {
        for n in [1, 4, 7] {
            assert_eq!(nq_count(index(algorithm), n), 1);
            let run = algorithm.count(n).unwrap();
            assert_eq!(nq_count_nodes(), run.nodes as f64, "{algorithm} {n}");
            assert_eq!(nq_count_total(), run.total as f64, "{algorithm} {n}");
        }
    }
}

#[test]
fn tree_exports_read_the_lanes_trees() {
    begin(nq_tree_max_n() + 1, Algorithm::Bitmask, None);
    assert_eq!(nq_tree_on(0), 0);
    begin(nq_tree_max_n(), Algorithm::Naive, Some(Algorithm::Bitmask));
    assert_eq!((nq_tree_on(0), nq_tree_on(1), nq_tree_on(2)), (1, 1, 0));
    nq_run(3, 0, 0.0); // naive: place, refuse, refuse; bitmask: three places
    assert_eq!((nq_tree_len(0), nq_tree_len(1)), (3, 3));
    assert_eq!(nq_tree_width(0), 2, "the second refusal opens a column");
    assert_eq!(nq_tree_width(1), 1, "a straight line down");
    assert_ne!(nq_tree_branches(0), 0);
    assert_eq!(nq_tree_stopped(0), -1.0);
    // Going back keeps the branches: the page shows those made up to the step shown.
    assert_eq!(nq_seek(1.0), 1.0);
    assert_eq!(nq_tree_len(0), 3);
}
