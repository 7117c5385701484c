//! The join's memory plan (feature `std`): how many words each list of a thread may
//! hold, and whether the quarter table (`halves/table.rs`) fits the budget beside them.

use super::halves::{Quarters, may_keep};
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
    /// Whether that table keeps its parts' words too. Only the speed depends on it.
    pub(crate) kept: bool,
}

/// The room of each of `threads` threads of an `n`×`n` count sharing `bytes`: the
/// quarter table if the budget holds it ([`table_budget`]), with its parts' words if
/// the budget holds them too, and an equal share of the rest.
pub(crate) fn room(n: u32, bytes: usize, threads: usize) -> Room {
    let threads = threads.max(1);
    let fits = |kept| least_budget(n, kept, threads).is_some_and(|least| bytes >= least);
    let kept = may_keep(n) && fits(true);
    let quarters = kept || fits(false);
    let table = match Quarters::bytes(n, kept) {
        Some(table) if quarters => table,
        _ => 0,
    };
    Room {
        words: capacity((bytes - table) / threads),
        quarters,
        kept,
    }
}

/// The least budget in which `threads` threads of an `n`×`n` count build their halves
/// from the quarter table (without its parts' words), or `None` past the quarter sizes
/// listed, where the halves are always searched. The table may take at most three
/// quarters of the budget, and must leave every thread [`THREAD_MEMORY_MIN`]. Three
/// quarters, so that the default 1 GiB holds the 568 MB table of n = 21 and 22:
/// searched halves take about three times as long, and the lists rarely need much
/// (docs/benchmarks.md, "Memory").
pub(crate) fn table_budget(n: u32, threads: usize) -> Option<usize> {
    least_budget(n, false, threads)
}

/// [`table_budget`] for the table with its parts' words if `kept`.
fn least_budget(n: u32, kept: bool, threads: usize) -> Option<usize> {
    let table = Quarters::bytes(n, kept)?;
    Some((table.div_ceil(3) * 4).max(table + threads.max(1) * THREAD_MEMORY_MIN))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quarter_table_is_used_where_it_takes_at_most_three_quarters_of_the_budget() {
        let table = Quarters::bytes(18, false).unwrap();
        // Its entries and its index (twice over while it is built); up to n = 20, the
        // left parts' words where kept, and an odd board's right parts' words too.
        assert_eq!(table, 915_442 * 8 + (8 << 18));
        assert_eq!(Quarters::bytes(18, true), Some(table + 915_442 * 24));
        assert_eq!(Quarters::bytes(17, true), Some(table + 915_442 * (24 + 16)));
        let m10 = 7_535_369;
        assert_eq!(Quarters::bytes(20, true), Some(m10 * (8 + 24) + (8 << 20)));
        assert_eq!(Quarters::bytes(19, true), Some(m10 * (8 + 40) + (8 << 20)));
        assert_eq!(Quarters::bytes(21, true), Quarters::bytes(21, false));
        // A budget of which the table is three quarters (rounded to a multiple of 4),
        // with its words or without.
        for (kept, table) in [(false, table), (true, Quarters::bytes(18, true).unwrap())] {
            let budget = (table / 3 + 1) * 4;
            let room = room(18, budget, 1);
            let words = capacity(budget - table);
            let quarters = true;
            assert_eq!(
                room,
                Room {
                    words,
                    quarters,
                    kept
                },
                "{kept}"
            );
            assert!(!super::room(18, table / 3 * 4 - 4, 1).kept);
        }
        assert!(!super::room(18, table / 3 * 4 - 4, 1).quarters);
        // The default budget keeps the words up to n = 20.
        for n in 16..=22 {
            let room = super::room(n, crate::count::MEMORY_DEFAULT, 2);
            assert_eq!(room.kept, n <= 20, "n={n}");
        }
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
            assert_eq!(Quarters::bytes(n, true), Some(633_443_407 * 8 + (8 << 24)));
            assert!(super::room(n, 8 << 30, 2).quarters, "n={n}");
            assert!(!super::room(n, 6 << 30, 2).quarters, "n={n}");
        }
        assert!(!super::room(25, usize::MAX, 1).quarters);
        // The table leaves every thread its least room, or it is not used: a thread
        // below that would run on more than the budget.
        let table16 = Quarters::bytes(16, false).unwrap();
        let crowded = 2 * table16 / THREAD_MEMORY_MIN;
        assert!(super::room(16, 2 * table16, crowded / 2).quarters);
        assert!(!super::room(16, 2 * table16, crowded).quarters);
        // Threads share what the table leaves.
        assert_eq!(
            super::room(16, 1 << 30, 4).words,
            capacity(((1 << 30) - Quarters::bytes(16, true).unwrap()) / 4)
        );
    }

    #[test]
    fn the_table_budget_is_the_least_that_builds_halves_from_the_table() {
        for n in [14, 18, 19, 20, 21, 22, 23, 24] {
            for threads in [1, 2, 64, 4096] {
                let least = table_budget(n, threads).unwrap();
                assert!(room(n, least, threads).quarters, "n={n} threads={threads}");
                assert!(
                    !room(n, least - 1, threads).quarters,
                    "n={n} threads={threads}"
                );
                // The words kept from their own least budget on, where they may be.
                let kept = least_budget(n, true, threads).unwrap();
                assert_eq!(room(n, kept, threads).kept, may_keep(n), "n={n}");
                assert!(!room(n, kept - 1, threads).kept, "n={n}");
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
