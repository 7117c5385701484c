//! The filter of odd boards' lists for one middle queen: the halves that attack it
//! drop out, and the rest are rewritten for the pair count ([`Fold`]).
//!
//! It runs once per list and middle column, over lists that the pair count then
//! often passes through only a few times, so its cost shows. Where the CPU has AVX2,
//! four words are filtered at once. The kept ones are moved together by a shuffle
//! that a table picks from the four keep bits. That needs `unsafe` (the loads and
//! stores through pointers, and the call of code compiled for AVX2). The CPU is
//! asked first, and a test runs both copies.
#![allow(unsafe_code)]

use std::vec::Vec;

use super::halves::Numbering;
use super::pairs::{Ranked, Squeeze, splits, tables_for};
use super::reflection::{RANKS, UNTAGGED};

/// How a kept word is rewritten: the cross's marks dropped (`cross.rs`), and, where
/// that takes one OR table fewer, its diagonals narrowed to the bits that both lists
/// may share.
///
/// A bit that every kept top or every kept bottom lacks meets nothing, so it may go.
/// No kept half has the middle queen's two diagonals, and the diagonals at the
/// board's edges are often unused too. At n = 19, about two thirds of the pairs then
/// have words of 30 to 32 bits instead of 38: four OR tables instead of five. The
/// bits from the lowest up to the end of their first run stay in place, and the next
/// two runs move down to follow it (see [`Squeeze`]). So two words fit after the move
/// iff they fitted before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Fold {
    /// The bits a word keeps where they are: the tag and the first run.
    keep: u64,
    /// Each moved run's shift down, and where it lands (0 for no run).
    shifts: [u32; 2],
    moved: [u64; 2],
    /// The diagonal bits a rewritten word may have, for the pair count.
    pub(super) bits: u32,
}

impl Fold {
    /// The rewrite that only drops `marks`, for words of `bits` bits.
    pub(super) const fn strip(marks: u64, bits: u32) -> Fold {
        Fold {
            keep: !marks,
            shifts: [0; 2],
            moved: [0; 2],
            bits,
        }
    }

    /// The rewrite of an `n`-board's words (numbered by `numbering`) kept for a middle
    /// queen in `column`, for two lists whose shorter has at most `shorter` words and
    /// whose words have no diagonals outside `shared` but for the queen's:
    /// [`Fold::strip`] of `marks`, and the diagonals narrowed to `shared` where that
    /// saves an OR table.
    ///
    /// Not where the pair count would split such lists into classes of hot bits: it
    /// splits lists of a few thousand words only where that saves a table, and it
    /// narrows the words of the lists it splits itself.
    pub(super) fn of(
        numbering: Numbering,
        n: u32,
        column: u32,
        marks: u64,
        shorter: usize,
        shared: u64,
    ) -> Fold {
        let plain = Fold::strip(marks, 2 * n);
        let diagonals = ((1u64 << (2 * n)) - 1) & !numbering.through(n, column);
        let shared = shared & diagonals;
        // The bits below the lowest stay, so that the first run needs no shift.
        let below = (shared & shared.wrapping_neg()).saturating_sub(1);
        let squeeze = Squeeze::keeping(shared | below);
        if !squeeze.saves_a_table(2 * n) || splits(shorter, 2 * n) {
            return plain;
        }
        let [first, second, third] = squeeze.runs();
        debug_assert_eq!(first.0, 0, "the first run stays in place");
        Fold {
            keep: !UNTAGGED | first.1,
            shifts: [second.0, third.0],
            moved: [second.1, third.1],
            bits: squeeze.bits(),
        }
    }

    /// `word` rewritten.
    #[allow(clippy::inline_always)] // in the filter's loops, compiled for AVX2 too
    #[inline(always)]
    pub(super) fn apply(self, word: u64) -> u64 {
        (word & self.keep)
            | ((word >> self.shifts[0]) & self.moved[0])
            | ((word >> self.shifts[1]) & self.moved[1])
    }

    /// Whether [`Fold::apply`] moves any bit.
    fn moves(self) -> bool {
        self.moved != [0; 2]
    }
}

/// Whether an `n`-board's lists note the bits their words use, for [`Fold::of`]. Where
/// the middle queen's two bits alone save an OR table (n = 17, 21 and 25), narrowing
/// to the bits used seldom saves another, and noting them costs a pass over every
/// list: 1% of the instructions of `count 17`. Only the speed depends on this.
pub(super) fn notes_bits(n: u32) -> bool {
    tables_for(2 * n - 2) == tables_for(2 * n)
}

/// The words of `list` that have none of the bits of `avoid`, each rewritten by
/// `fold`, in order, in `out` (the one run of an odd board's rule). No kept word may
/// have the middle queen's diagonals, which the fold reuses: `avoid` has them, or the
/// list was made without them.
pub(super) fn fitting<'a>(
    list: &[u64],
    avoid: u64,
    fold: Fold,
    out: &'a mut Vec<u64>,
) -> Ranked<'a> {
    // Every word is written, kept or not, at or before its own place in the list.
    // `out` only grows, so it is zeroed only where it does.
    if out.len() < list.len() {
        out.resize(list.len(), 0);
    }
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: `avx2` needs the CPU feature AVX2, which the line above checked.
        let end = unsafe { avx2(list, avoid, fold, out) };
        return one_run(&out[..end]);
    }
    let end = portable(list, avoid, fold, out);
    one_run(&out[..end])
}

/// [`fitting`] a word at a time, for any CPU; returns the number kept.
fn portable(list: &[u64], avoid: u64, fold: Fold, out: &mut [u64]) -> usize {
    if fold.moves() {
        filter_map(list, avoid, |word| fold.apply(word), out)
    } else {
        filter_map(list, avoid, |word| word & fold.keep, out)
    }
}

/// The words of `list` without `avoid`'s bits, mapped by `map`, at the start of `out`
/// (at least as long as `list`); returns how many.
// Not inlined: inlined where it is called, its loop kept bounds checks.
#[inline(never)]
fn filter_map(list: &[u64], avoid: u64, map: impl Fn(u64) -> u64, out: &mut [u64]) -> usize {
    // Branch-free: every word is written, and the end moves on past the fitting ones.
    // About half fit, in no order, so a branch would mispredict often.
    let mut end = 0;
    // Eight words at a time into a window of eight from `end` (which never passes
    // the words read): one bounds check per eight words instead of one per word, and
    // the index within the window is masked, so it needs none.
    let mut eights = list.chunks_exact(WINDOW);
    for eight in &mut eights {
        // Never fails: the window is a slice of exactly `WINDOW` words.
        let window: &mut [u64; WINDOW] = (&mut out[end..end + WINDOW]).try_into().unwrap();
        let mut at = 0;
        for &word in eight {
            window[at % WINDOW] = map(word);
            at += usize::from(word & avoid == 0);
        }
        end += at;
    }
    for &word in eights.remainder() {
        out[end] = map(word);
        end += usize::from(word & avoid == 0);
    }
    end
}

/// The words [`filter_map`] filters at a time.
const WINDOW: usize = 8;

/// [`fitting`] four words at a time with AVX2; returns the number kept. `out` must
/// be at least as long as `list`. Only a CPU with AVX2 may call it.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[allow(clippy::cast_ptr_alignment)] // the loads and stores used take unaligned pointers
fn avx2(list: &[u64], avoid: u64, fold: Fold, out: &mut [u64]) -> usize {
    use core::arch::x86_64::{
        __m256i, _mm_cvtsi64_si128, _mm256_and_si256, _mm256_castsi256_pd, _mm256_cmpeq_epi64,
        _mm256_loadu_si256, _mm256_movemask_pd, _mm256_or_si256, _mm256_permutevar8x32_epi32,
        _mm256_set1_epi64x, _mm256_setzero_si256, _mm256_srl_epi64, _mm256_storeu_si256,
    };
    // The stores below rely on this: checked here, once per list, so that no caller
    // can make them write past `out`.
    assert!(out.len() >= list.len(), "the filter's output is too short");
    // The casts to `i64` keep every bit: the intrinsics take signed lanes.
    let each = |word: u64| _mm256_set1_epi64x(word.cast_signed());
    let [avoid_v, keep] = [avoid, fold.keep].map(each);
    let moved = fold.moved.map(each);
    let shifts = fold.shifts.map(|s| _mm_cvtsi64_si128(i64::from(s)));
    let mut end = 0;
    let mut fours = list.chunks_exact(4);
    for four in &mut fours {
        // SAFETY: `four` is four words, read unaligned. Which of them are kept is a
        // number below 16, so its shuffle is in the table. The store writes
        // `out[end..end + 4]`, unaligned: `end` counts words kept among those read
        // before these four, so `end + 4` is at most `list.len()`, and `out` is at
        // least that long (asserted above).
        unsafe {
            let words = _mm256_loadu_si256(four.as_ptr().cast::<__m256i>());
            let clear = _mm256_and_si256(words, avoid_v);
            let kept = _mm256_cmpeq_epi64(clear, _mm256_setzero_si256());
            let mask = _mm256_movemask_pd(_mm256_castsi256_pd(kept)).cast_unsigned() as usize;
            let rewritten = _mm256_or_si256(
                _mm256_and_si256(words, keep),
                _mm256_or_si256(
                    _mm256_and_si256(_mm256_srl_epi64(words, shifts[0]), moved[0]),
                    _mm256_and_si256(_mm256_srl_epi64(words, shifts[1]), moved[1]),
                ),
            );
            let order = GATHER.get_unchecked(mask).as_ptr().cast::<__m256i>();
            let packed = _mm256_permutevar8x32_epi32(rewritten, _mm256_loadu_si256(order));
            _mm256_storeu_si256(out.as_mut_ptr().add(end).cast::<__m256i>(), packed);
            end += mask.count_ones() as usize;
        }
    }
    end + filter_map(
        fours.remainder(),
        avoid,
        |word| fold.apply(word),
        &mut out[end..],
    )
}

/// For each set of four keep bits, the shuffle of 32-bit lanes that moves the kept
/// words, in order, to the front.
#[cfg(target_arch = "x86_64")]
static GATHER: [[i32; 8]; 16] = gather();

#[cfg(target_arch = "x86_64")]
const fn gather() -> [[i32; 8]; 16] {
    let mut table = [[0; 8]; 16];
    let mut mask = 0;
    while mask < 16 {
        let (mut at, mut word) = (0, 0_i32);
        while word < 4 {
            if mask >> word & 1 == 1 {
                // A word is two 32-bit lanes.
                table[mask][2 * at] = 2 * word;
                table[mask][2 * at + 1] = 2 * word + 1;
                at += 1;
            }
            word += 1;
        }
        mask += 1;
    }
    table
}

/// `list`, every word in the one run of an odd board's rule (and tagged so).
pub(super) fn one_run(list: &[u64]) -> Ranked<'_> {
    Ranked {
        words: list,
        runs: core::array::from_fn(|run| if run == RANKS { list.len() } else { 0 }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::join::cross;
    use crate::count::join::pairs::any_bits;
    use crate::count::join::pairs::tests::xorshift;
    use crate::count::join::reflection::Rule;

    /// Both copies of the filter on `list`: what [`fitting`] gives (the AVX2 copy
    /// where the CPU has it), checked equal to the portable copy's.
    fn both(list: &[u64], avoid: u64, fold: Fold) -> Vec<u64> {
        let mut out = Vec::new();
        let kept = fitting(list, avoid, fold, &mut out).words.to_vec();
        let mut plain = std::vec![0; list.len()];
        let end = portable(list, avoid, fold, &mut plain);
        assert_eq!(kept, plain[..end], "the two copies differ");
        kept
    }

    #[test]
    fn the_filter_drops_halves_whose_cross_queen_is_too_near_and_strips_marks() {
        // Words of a half of 8 rows with every distance of the middle-column queen (0
        // for none), a few each; for every middle queen's distance from the middle
        // column, the kept words are those with the queen further off (or none),
        // without their marks, in order, in the one run.
        let k = 8;
        let list: Vec<u64> = (0..=k)
            .flat_map(|d| (0..3u64).map(move |i| cross::mark(d, k) | u64::from(d) << 4 | i))
            .map(|word| Rule::NONE.retag(word))
            .collect();
        let mut out = Vec::new();
        for near in 0..=k {
            let (avoid, fold) = (cross::too_near(near), Fold::strip(cross::MARKS, 34));
            let ranked = fitting(&list, avoid, fold, &mut out);
            let wanted: Vec<u64> = list
                .iter()
                .filter(|&&word| {
                    let d = (word >> 4 & 0xf) as u32;
                    d == 0 || d > near
                })
                .map(|&word| word & !cross::MARKS)
                .collect();
            assert_eq!(ranked.words, &wanted[..], "near={near}");
            assert!(ranked.words.iter().all(|&w| w & cross::MARKS == 0));
            assert_eq!(ranked.runs, one_run(&wanted).runs);
            assert_eq!(ranked.runs[RANKS], wanted.len());
            assert_eq!(ranked.runs[RANKS - 1], 0, "all in the last run");
            assert_eq!(both(&list, avoid, fold), wanted, "near={near}");
        }
    }

    #[test]
    fn the_filter_keeps_exactly_the_fitting_words_in_order_at_every_length() {
        // Every length from empty to past several windows of eight, each word kept
        // or dropped by its own bits; a buffer that starts long, then short. Both
        // copies, so that the four-at-a-time one is checked on every remainder.
        let words: Vec<u64> = (0u64..40).map(|i| (i * 0x9e37_79b9) & 0xff_ffff).collect();
        for (len, avoid) in (0..=words.len()).flat_map(|l| [(l, 0), (l, 1 << 3 | 1 << 9), (l, !0)])
        {
            let mut out = if len % 2 == 0 {
                Vec::new()
            } else {
                std::vec![7; 64]
            };
            let list = &words[..len];
            let wanted: Vec<u64> = list.iter().copied().filter(|w| w & avoid == 0).collect();
            let ranked = fitting(list, avoid, Fold::strip(0, 24), &mut out);
            assert_eq!(
                ranked.words,
                &wanted[..],
                "{len} words, avoiding {avoid:#x}"
            );
            assert_eq!(both(list, avoid, Fold::strip(0, 24)), wanted);
        }
    }

    #[test]
    fn folded_words_fit_exactly_when_the_words_did() {
        // Every odd size the join counts, both numberings, every middle column, and
        // tops and bottoms that each leave some diagonals unused (the edges more
        // often): the fold narrows the words only where that saves an OR table and
        // the pair count would not split the lists. Each top and bottom fit after it
        // iff they did before, the tags stay, and no word passes the fold's width.
        let mut random = xorshift(0x0123_4567_89ab_cdef);
        let mut narrowed = Vec::new();
        for n in (5..=27).step_by(2) {
            for numbering in [Numbering::Built, Numbering::Searched] {
                for column in 0..n {
                    let (marks, queen) = (cross::marks(n), numbering.through(n, column));
                    let diagonals = (1u64 << (2 * n)) - 1;
                    let edges = 0b11 | 0b11 << (n - 2) | 0b11 << n | 0b11 << (2 * n - 2);
                    let mut unused = || {
                        let r = random();
                        (r & r >> 1 & r >> 2 & diagonals) | (edges & random())
                    };
                    let uses = [!unused(), !unused()];
                    let mut word = |mask: u64| {
                        // About one diagonal in eight, so that some pairs fit.
                        let r = random();
                        let sparse = r & r >> 1 & r >> 2;
                        (sparse & diagonals & mask & !queen) | (r & !UNTAGGED) | (r & marks)
                    };
                    let [tops, bottoms] =
                        uses.map(|m| (0..48).map(|_| word(m)).collect::<Vec<_>>());
                    let shared = any_bits(&tops) & any_bits(&bottoms);
                    let fold = Fold::of(numbering, n, column, marks, 0, shared);
                    let plain = Fold::strip(marks, 2 * n);
                    if fold == plain {
                        assert!(!fold.moves(), "n={n} column={column}");
                    } else {
                        assert!(tables_for(fold.bits) < tables_for(2 * n), "n={n}");
                        narrowed.push(n);
                    }
                    // Lists the pair count splits keep their width.
                    for len in [2_048, 8_192, 100_000] {
                        let long = Fold::of(numbering, n, column, marks, len, shared);
                        assert!(!splits(len, 2 * n) || long == plain, "n={n} {len} words");
                    }
                    let [top, bottom] = [&tops, &bottoms].map(|list| both(list, queen, fold));
                    assert_eq!(
                        [top.len(), bottom.len()],
                        [48; 2],
                        "none has the queen's bits"
                    );
                    let fit = |p: u64, q: u64| p & q & diagonals == 0;
                    let mut fits = 0;
                    for (&a, &x) in tops.iter().zip(&top).chain(bottoms.iter().zip(&bottom)) {
                        assert_eq!(x & !UNTAGGED, a & !UNTAGGED, "the tag stays");
                        assert!(x & UNTAGGED < 1 << fold.bits, "n={n} column={column}");
                    }
                    for (&a, &x) in tops.iter().zip(&top) {
                        for (&b, &y) in bottoms.iter().zip(&bottom) {
                            assert_eq!(fit(x, y), fit(a, b), "n={n} column={column}");
                            fits += usize::from(fit(a, b));
                        }
                    }
                    assert!(fits > 48, "n={n}: too few pairs fit to test");
                }
            }
        }
        // Every size narrows for some columns, with the edges and more left unused.
        narrowed.dedup();
        assert_eq!(narrowed, (5..=27).step_by(2).collect::<Vec<u32>>());
        // Lists the pair count splits (a few thousand words of 34 or 42 bits, where
        // four hot bits save a table) keep their width; shorter ones narrow.
        let fold = |n: u32, len| Fold::of(Numbering::Built, n, 0, 0, len, 0xffff).bits;
        assert_eq!([fold(17, 2_047), fold(17, 2_048)], [16, 34]);
        assert_eq!([fold(21, 2_047), fold(21, 5_000)], [16, 42]);
    }

    #[test]
    fn lists_note_their_bits_only_where_the_queen_alone_saves_no_table() {
        // A speed setting, pinned so that it changes only on purpose.
        let noted: Vec<u32> = (13..=27).step_by(2).filter(|&n| notes_bits(n)).collect();
        assert_eq!(noted, [15, 19, 23, 27]);
        // Lists that share no bit: narrowed to one, which no word has.
        let none = Fold::of(Numbering::Built, 19, 4, 0, 0, 0);
        assert_eq!(none.bits, 1);
        assert_eq!(none.apply(0b1110 | 1 << 37) & UNTAGGED, 0);
        // Every bit said to be shared: only the queen's two go. At 17 that leaves 32
        // bits, one table fewer; at 19, 36, no fewer, so the words stay.
        assert_eq!(Fold::of(Numbering::Built, 17, 4, 0, 0, !0).bits, 32);
        assert_eq!(
            Fold::of(Numbering::Built, 19, 4, 0, 0, !0),
            Fold::strip(0, 38)
        );
    }

    #[test]
    fn both_copies_filter_random_lists_alike() {
        // Random words, 9 in 16 kept, every length to 70, with the folds of n = 17's
        // middle columns: the shuffles of all 16 sets of four keep bits are met.
        let mut random = xorshift(0x5555_aaaa_1234_5678);
        let mut met = [false; 16];
        for len in 0..=70 {
            let list: Vec<u64> = (0..len)
                .map(|_| random() & random() & !(0b11 << 60))
                .collect();
            // Every diagonal, and 24 of the 34 in three runs.
            let shared = [!0, 0xf_fff0 | 0x3ff << 22];
            for (column, shared) in [0, 3, 15, 16].into_iter().zip(shared.iter().cycle()) {
                let fold = Fold::of(Numbering::Built, 17, column, cross::MARKS, 0, *shared);
                let avoid = Numbering::Built.through(17, column);
                let wanted: Vec<u64> = list
                    .iter()
                    .filter(|&&w| w & avoid == 0)
                    .map(|&w| fold.apply(w))
                    .collect();
                assert_eq!(both(&list, avoid, fold), wanted, "{len} words");
                for four in list.chunks_exact(4) {
                    let kept = four
                        .iter()
                        .enumerate()
                        .map(|(i, &w)| usize::from(w & avoid == 0) << i);
                    met[kept.sum::<usize>()] = true;
                }
            }
        }
        assert_eq!(met, [true; 16]);
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn the_avx2_copy_refuses_a_short_output() {
        // Without AVX2 the copy may not run, and there is nothing to check.
        if std::is_x86_feature_detected!("avx2") {
            let mut out = [0u64; 3];
            let run = std::panic::AssertUnwindSafe(|| {
                // SAFETY: the CPU has AVX2, checked above.
                unsafe { avx2(&[0; 8], 0, Fold::strip(0, 8), &mut out) }
            });
            assert!(std::panic::catch_unwind(run).is_err());
        }
    }
}
