//! Play mode: verdicts, hints and which placement a board is.

use nqueens::{Placement, Solutions};

use crate::play::{Board, SYMMETRIES, image};

/// A board with these 1-based columns (0 for an empty row).
fn board(columns: &[u32]) -> Board {
    let mut board = Board::new(columns.len() as u32).unwrap();
    for (row, &col) in columns.iter().enumerate() {
        assert!(board.set(row as u32, col.checked_sub(1)));
    }
    board
}

/// Every list of n columns from 1 to n (n^n of them).
fn every_full_board(n: u32) -> impl Iterator<Item = Vec<u32>> {
    (0..n.pow(n)).map(move |mut k| {
        (0..n)
            .map(|_| {
                let c = k % n + 1;
                k /= n;
                c
            })
            .collect()
    })
}

#[test]
fn full_boards_get_the_check_commands_pairs_and_partial_boards_the_same_rule() {
    for n in 1..=6 {
        for columns in every_full_board(n) {
            let full = board(&columns);
            let library: Vec<_> = Placement::new(&columns).unwrap().conflicts().collect();
            assert_eq!(full.conflicts(), library, "{columns:?}");
            // The same board with its last row emptied: the pairs without that row.
            let mut partial = columns.clone();
            partial[n as usize - 1] = 0;
            let expected: Vec<_> = library.iter().filter(|c| c.second.0 < n).copied().collect();
            assert_eq!(board(&partial).conflicts(), expected, "{partial:?}");
        }
    }
}

#[test]
fn attacked_squares_are_those_a_queen_on_another_row_reaches() {
    let b = board(&[2, 0, 0, 0, 0]);
    assert_eq!(b.attacked(0), 0, "its own row is not counted");
    assert_eq!(b.attacked(1), 0b00111);
    assert_eq!(b.attacked(3), 0b10010);
    let b = board(&[1, 0, 1]);
    assert_eq!(b.attacked(0), 0b101, "the queen on row 3 attacks row 1");
}

#[test]
fn a_hint_leads_to_a_placement_and_none_is_given_where_none_does() {
    for n in 1..=6 {
        let all: Vec<Placement> = Solutions::new(n).unwrap().collect();
        for columns in every_full_board(n) {
            // Keep the first rows only: every partial board of rows placed top down,
            // and the same with a hole in the middle.
            for keep in 0..n as usize {
                let mut partial = columns.clone();
                partial[keep..].iter_mut().for_each(|c| *c = 0);
                if keep >= 2 {
                    partial[keep / 2] = 0;
                }
                let b = board(&partial);
                let fits = |p: &Placement, cols: &[u32]| {
                    cols.iter()
                        .enumerate()
                        .all(|(r, &c)| c == 0 || p.column(r) == Some(c))
                };
                match b.hint() {
                    Some((row, col)) => {
                        assert_eq!(partial[row as usize], 0, "{partial:?}: a filled row");
                        let mut with = partial.clone();
                        with[row as usize] = col + 1;
                        assert!(all.iter().any(|p| fits(p, &with)), "{partial:?}: {with:?}");
                    }
                    None => assert!(!all.iter().any(|p| fits(p, &partial)), "{partial:?}"),
                }
            }
        }
    }
    assert_eq!(board(&[2, 4, 1, 3]).hint(), None, "a full board needs none");
}

#[test]
fn a_finished_board_knows_its_number_and_class() {
    for n in 1..=8 {
        let all: Vec<Placement> = Solutions::new(n).unwrap().collect();
        let smallest: Vec<Placement> = all
            .iter()
            .filter(|p| p.canonical() == Some(**p))
            .copied()
            .collect();
        for (k, p) in all.iter().enumerate() {
            let b = board(&p.columns().collect::<Vec<_>>());
            assert_eq!(b.number(), Some(k as u64 + 1));
            let (number, class, classes) = b.class().unwrap();
            assert_eq!(classes as usize, smallest.len());
            assert_eq!(smallest[number as usize - 1], class);
            // The symmetry named takes the class's smallest member to this board.
            let g = b.symmetry_from(&class).unwrap();
            let mut image_columns = vec![0; n as usize];
            for (row, col) in class.columns().enumerate() {
                let (r, c) = image(g, n, row as u32, col - 1);
                image_columns[r as usize] = c + 1;
            }
            assert_eq!(image_columns, p.columns().collect::<Vec<_>>());
        }
    }
    assert_eq!(board(&[1, 2, 3, 4]).number(), None, "not a placement");
    assert_eq!(board(&[2, 4, 1, 0]).class(), None, "not full");
}

#[test]
fn the_eight_symmetries_are_distinct_and_keep_the_board() {
    // The image of the corner square (0, 1) of a 4×4 board under each: all different.
    let images: Vec<(u32, u32)> = (0..SYMMETRIES).map(|g| image(g, 4, 0, 1)).collect();
    let mut distinct = images.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), SYMMETRIES, "{images:?}");
    assert_eq!(image(1, 4, 0, 1), (1, 3), "a quarter turn clockwise");
}

#[test]
fn squares_off_the_board_are_refused() {
    let mut b = Board::new(4).unwrap();
    assert!(!b.set(4, Some(0)));
    assert!(!b.set(0, Some(4)));
    assert!(b.set(0, Some(3)) && b.set(0, None));
    assert_eq!(b.queen(0), None);
    assert!(Board::new(0).is_none() && Board::new(33).is_none());
}
