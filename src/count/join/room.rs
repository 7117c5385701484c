//! The join's memory plan (feature `std`): how many words each list of a thread may
//! hold, and whether the quarter table (`halves/table.rs`) fits the budget beside them.

use super::halves::Quarters;
use super::pairs::BLOCK;

/// Bytes a thread's join needs besides its lists: the OR tables (at most eight of 256
/// entries of 32 bytes), the list headers of two sorted batches (at most 1,024 each),
/// the bit index of a block, and slack.
const FIXED_BYTES: usize = 128 << 10;
/// Bytes per word of list capacity: eight words. A column set counted in pieces
/// (`count_set`) holds, per word of room:
/// - its tops and its buffer of bottoms, one word each (grown only up to their room);
/// - both lists sorted into runs of rank, and both split into classes: four copies of
///   1.25 words, since each keeps its sort keys, a quarter word per word;
/// - the tops that fit a class, one word.
///
/// The copies are reserved exactly, not doubled (see `pairs/classes.rs`).
pub(crate) const BYTES_PER_WORD: usize = 8 * 8;
/// The least memory a thread's join runs in: its fixed tables and one block per list.
pub(crate) const THREAD_MEMORY_MIN: usize = FIXED_BYTES + BYTES_PER_WORD * BLOCK;

/// How many words each list may hold when a thread has `bytes` for its join (never
/// fewer than one block).
pub(crate) fn capacity(bytes: usize) -> usize {
    (bytes.saturating_sub(FIXED_BYTES) / BYTES_PER_WORD).max(BLOCK)
}

/// What one thread's join may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Room {
    /// Words per list (see [`capacity`]).
    pub(crate) words: usize,
    /// Whether halves are built from the shared quarter table (`halves/table.rs`), rather
    /// than searched.
    pub(crate) quarters: bool,
}

/// The room of each of `threads` threads of an `n`×`n` count sharing `bytes`: the
/// quarter table if the budget holds it ([`table_budget`]), and an equal share of the
/// rest.
pub(crate) fn room(n: u32, bytes: usize, threads: usize) -> Room {
    let threads = threads.max(1);
    let quarters = table_budget(n, threads).is_some_and(|least| bytes >= least);
    let table = match Quarters::bytes(n) {
        Some(table) if quarters => table,
        _ => 0,
    };
    Room {
        words: capacity((bytes - table) / threads),
        quarters,
    }
}

/// The least budget in which `threads` threads of an `n`×`n` count build their halves
/// from the quarter table, or `None` past the quarter sizes listed, where the halves
/// are always searched. The table may take at most three quarters of the budget, and
/// must leave every thread [`THREAD_MEMORY_MIN`]. Three quarters, so that the default
/// 1 GiB holds the 568 MB table of n = 21 and 22: searched halves take about three
/// times as long, and the lists rarely need much (docs/benchmarks.md, "Memory").
pub(crate) fn table_budget(n: u32, threads: usize) -> Option<usize> {
    let table = Quarters::bytes(n)?;
    Some((table.div_ceil(3) * 4).max(table + threads.max(1) * THREAD_MEMORY_MIN))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quarter_table_is_used_where_it_takes_at_most_three_quarters_of_the_budget() {
        let table = Quarters::bytes(18).unwrap();
        // Its entries, with their left parts' words, and its index (twice over while
        // it is built); from n = 19 on, without the left parts' words.
        assert_eq!(table, 915_442 * (8 + 24) + (8 << 18));
        assert_eq!(Quarters::bytes(20), Some(7_535_369 * 8 + (8 << 20)));
        // An odd board's table up to 17 keeps its right parts' words as well.
        assert_eq!(Quarters::bytes(17), Some(table + 915_442 * 16));
        // A budget of which the table is three quarters (rounded to a multiple of 4).
        let budget = (table / 3 + 1) * 4;
        let room = room(18, budget, 1);
        assert_eq!(
            room,
            Room {
                words: capacity(budget - table),
                quarters: true
            }
        );
        assert!(!super::room(18, table / 3 * 4 - 4, 1).quarters);
        // n = 21 and 22 fit the default budget; past the listed quarter sizes (from
        // n = 25) the halves are always searched.
        for n in [21, 22] {
            assert!(
                super::room(n, crate::count::MEMORY_DEFAULT, 2).quarters,
                "n={n}"
            );
        }
        assert!(!super::room(23, crate::count::MEMORY_DEFAULT, 1).quarters);
        // 23 and 24 use the table of 12 × 12 quarters (5.2 GB) when given room for it.
        for n in [23, 24] {
            assert_eq!(Quarters::bytes(n), Some(633_443_407 * 8 + (8 << 24)));
            assert!(super::room(n, 8 << 30, 2).quarters, "n={n}");
            assert!(!super::room(n, 6 << 30, 2).quarters, "n={n}");
        }
        assert!(!super::room(25, usize::MAX, 1).quarters);
        // The table leaves every thread its least room, or it is not used: a thread
        // below that would run on more than the budget.
        let table16 = Quarters::bytes(16).unwrap();
        let crowded = 2 * table16 / THREAD_MEMORY_MIN;
        assert!(super::room(16, 2 * table16, crowded / 2).quarters);
        assert!(!super::room(16, 2 * table16, crowded).quarters);
        // Threads share what the table leaves.
        assert_eq!(
            super::room(16, 1 << 30, 4).words,
            capacity(((1 << 30) - Quarters::bytes(16).unwrap()) / 4)
        );
    }

    #[test]
    fn the_table_budget_is_the_least_that_builds_halves_from_the_table() {
        for n in [14, 18, 21, 22, 23, 24] {
            for threads in [1, 2, 64, 4096] {
                let least = table_budget(n, threads).unwrap();
                assert!(room(n, least, threads).quarters, "n={n} threads={threads}");
                assert!(
                    !room(n, least - 1, threads).quarters,
                    "n={n} threads={threads}"
                );
            }
        }
        // 23 and 24 on two threads need about 7 GB; past 24 no budget is enough.
        let two = table_budget(23, 2).unwrap();
        assert!(two > 6 << 30 && two <= 7 << 30, "{two}");
        assert_eq!(table_budget(25, 2), None);
    }

    #[test]
    fn capacity_follows_the_budget_with_a_floor_of_one_block() {
        assert_eq!(capacity(0), BLOCK);
        assert_eq!(capacity(THREAD_MEMORY_MIN), BLOCK);
        assert_eq!(capacity(FIXED_BYTES + BYTES_PER_WORD * 1000), 1000);
        assert_eq!(
            capacity(1 << 30),
            ((1 << 30) - FIXED_BYTES) / BYTES_PER_WORD
        );
    }

    #[test]
    fn the_accounting_is_the_documented_one() {
        // `--memory` promises 144 KiB per thread as the least (its help and
        // docs/engines.md): 128 KiB of fixed tables and one block per list.
        assert_eq!(THREAD_MEMORY_MIN, 144 << 10);
        assert_eq!(FIXED_BYTES, 128 << 10);
        // Each word of capacity is held eight times: the tops and the buffer of
        // bottoms, both sorted by rank and both split into classes (1.25 words each
        // with their keys), and the tops that fit a class.
        assert_eq!(BYTES_PER_WORD, (1 + 1 + 4 * 5 / 4 + 1) * size_of::<u64>());
        // So one more block of room is one more block per list.
        assert_eq!(capacity((144 << 10) + 64 * BLOCK), 2 * BLOCK);
    }
}
