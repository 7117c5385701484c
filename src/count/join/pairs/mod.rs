//! The join's hot loop: the number of pairs of half boards whose words share no bit
//! (see `halves/words.rs`), each pair weighed by the reflection's rule
//! (`reflection.rs`). The join spends most of its time here.
//!
//! Three steps, one file each, and a helper:
//! - this file takes two lists and decides whether to split them first;
//! - `classes.rs` splits long lists on the few bits both use most, so that only
//!   compatible classes are paired. Where that saves an OR table, it also narrows the
//!   words to the bits both lists use (`squeeze.rs`);
//! - `kernel.rs` counts the pairs of two lists bit-sliced, 256 words at a time. It is
//!   compiled twice, as baseline code and for AVX2 and POPCNT, and `dispatch.rs`
//!   picks the copy the CPU can run, with `unsafe`.

use std::vec::Vec;

use super::reflection::{RANKS, Rule, tag_of};
use classes::{by_class, split_pairs};
use dispatch::pairs_blocked;
use kernel::Table;
use squeeze::shared_bits;
pub(super) use squeeze::{Squeeze, any_bits};

mod classes;
mod dispatch;
mod kernel;
mod squeeze;

#[cfg(test)]
pub(crate) use kernel::pairs_by_definition;

/// Bottoms per block: four 64-bit lanes, which the compiler keeps in vector registers.
pub(super) const LANES: usize = 4;

pub(super) type Lanes = [u64; LANES];

pub(crate) const BLOCK: usize = 64 * LANES;

/// Mask bits per OR table: 256 entries per table.
pub(super) const CHUNK: usize = 8;

/// Room a thread's pair counts keep from call to call, so that they are allocated once
/// per subtask rather than once per column set: the OR tables, both lists sorted by
/// class and rank, and the tops that fit one class.
#[derive(Default)]
pub(crate) struct Work {
    tables: Vec<Table>,
    tops: Vec<u64>,
    bottoms: Vec<u64>,
    fitting: Vec<u64>,
}

/// A list of halves in runs of one rank each (`reflection.rs`), highest rank first: run
/// `r` is `words[runs[r]..runs[r + 1]]`, holds the rank `RANKS - 1 - r`, and its words
/// are tagged with `r`.
#[derive(Clone, Copy)]
pub(crate) struct Ranked<'a> {
    pub(crate) words: &'a [u64],
    pub(crate) runs: [usize; RANKS + 1],
}

impl<'a> Ranked<'a> {
    /// `list` (tagged with end classes) sorted into runs by the ranks `rule` gives
    /// them, and tagged with its runs instead (see [`Rule::retag`]), in `out`.
    pub(crate) fn sort(list: &[u64], rule: &Rule, out: &'a mut Vec<u64>) -> Ranked<'a> {
        let run = |word| rule.run(tag_of(word));
        let starts = by_class::<{ RANKS + 1 }>(list, RANKS, run, |word| rule.retag(word), out);
        Ranked {
            words: &out[..list.len()],
            runs: core::array::from_fn(|r| starts[r]),
        }
    }
}

/// The weighted number of (top, bottom) pairs whose words share no bit: each weighs
/// what `rule` gives their end classes (`reflection.rs`; tagged in the words' high
/// bits), 1 each under [`Rule::NONE`]. The words' diagonals have `bits` bits.
///
/// Long lists are first split on the few bits that both lists use most (`classes.rs`):
/// at n = 18 that leaves a third of the pairs to compare (docs/benchmarks.md,
/// "Splitting long lists"). Longer lists take more bits ([`hot_bits`]). Their words
/// also lose the bits that one list never has, where that saves an OR table: at n = 20
/// to 22, most split lists then take four tables instead of five (docs/benchmarks.md,
/// "Words narrowed to the bits both lists use").
///
/// Within a class, both lists stay in runs of rank, so that the partners a half may
/// weigh with are a prefix of the other list (see [`pairs_blocked`]).
pub(crate) fn pairs(
    tops: Ranked<'_>,
    bottoms: Ranked<'_>,
    bits: u32,
    rule: &Rule,
    work: &mut Work,
) -> u64 {
    let (top_words, bottom_words) = (tops.words, bottoms.words);
    if top_words.is_empty() || bottom_words.is_empty() {
        return 0;
    }
    let len = top_words.len().min(bottom_words.len());
    // The bits both lists use, looked for only in lists long enough to split: the
    // split rewrites every word anyway, so narrowing them costs little more there.
    let split = (len >= SPLIT_FROM)
        .then(|| shared_bits(top_words, bottom_words, bits))
        .and_then(|shared| {
            Some((
                split_on(len, bits, Squeeze::keeping(shared).bits())?,
                shared,
            ))
        });
    let Some((hot, shared)) = split else {
        // Short lists are one class: theirs would be nearly empty. (The tags are
        // above the bits that the tables read.)
        let lists = [(top_words, &tops.runs), (bottom_words, &bottoms.runs)];
        return pairs_blocked(lists, bits, rule, &mut work.tables);
    };
    split_pairs([tops, bottoms], bits, shared, hot, rule, work)
}

/// How many hot bits lists are split on when the shorter has `len` words of `bits` bits
/// ([`hot_bits`]), or `None` for lists not worth splitting. Only the speed depends on
/// it: a test pins it, so that a retuning is a deliberate one.
///
/// Lists shorter than [`SPLIT_FROM`] are never split. Those shorter than [`SHORT`]
/// are split only where the bits left take one OR table fewer than `bits` do (at n =
/// 18, 36 bits leave 32: four tables instead of five). The bits left are the `width`
/// bits that both lists use, less the hot ones. Otherwise the classes' own tables cost
/// more than the pairs they rule out (docs/benchmarks.md, "Splitting long lists").
fn split_on(len: usize, bits: u32, width: u32) -> Option<u32> {
    let hot = hot_bits(len);
    let drops_a_table = tables_for(width.saturating_sub(hot)) < tables_for(bits);
    (len >= SPLIT_FROM && (len >= SHORT || drops_a_table)).then_some(hot)
}

/// Whether [`pairs`] splits lists into classes when the shorter has `len` words of
/// `bits` bits.
pub(in crate::count::join) fn splits(len: usize, bits: u32) -> bool {
    split_on(len, bits, bits).is_some()
}

/// The OR tables that words of `bits` bits take: one per [`CHUNK`] bits.
#[allow(clippy::inline_always)] // see `pairs_blocked`
#[inline(always)]
pub(in crate::count::join) fn tables_for(bits: u32) -> usize {
    (bits as usize).div_ceil(CHUNK)
}

/// Lists at least this long are split whatever their width ([`split_on`]).
const SHORT: usize = 8_192;

/// Lists shorter than this are paired whole: their classes would be nearly empty.
const SPLIT_FROM: usize = 2048;

/// The most bits long lists are split on.
pub(super) const HOT_MAX: u32 = 10;

/// The bits to split lists on when the shorter has `len` words: 4 for a few thousand
/// halves, then more as lists grow, so that a class keeps enough halves to pay for
/// its OR tables. Lists past 65,536 words (n = 22 and larger) take 8 to [`HOT_MAX`]
/// bits. More than 10 gained nothing clear, so the class sort's arrays, on the
/// stack, stay at 10 bits' size (docs/benchmarks.md, "Hot bits"). The thresholds
/// follow one machine's caches: another may want other lengths, which only moves
/// time, never a count.
fn hot_bits(len: usize) -> u32 {
    match len {
        ..SHORT => 4,
        SHORT..32_768 => 5,
        32_768..65_536 => 6,
        65_536..131_072 => 8,
        131_072..262_144 => 9,
        _ => HOT_MAX,
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::classes::hot_window;
    use super::kernel::{direct, transpose};
    use super::*;
    use crate::count::join::reflection::TAG_SHIFT;

    /// A xorshift64 generator started at `state`: the tests' pseudo-random words.
    pub(in crate::count::join) fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
        move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        }
    }

    #[test]
    fn the_class_sort_is_a_stable_sort_by_key_of_the_mapped_words() {
        // Lengths around multiples of the four parts, so that the words left over
        // after them are sorted too; a key of the low bits, a map that marks each word.
        let mut random = xorshift(0x9e37_79b9_7f4a_7c15);
        for len in (0..=9).chain(1000..=1003) {
            let list: Vec<u64> = (0..len).map(|_| random() >> 8).collect();
            let keys = 7;
            let key = |word: u64| (word % keys as u64) as usize;
            let mut out = Vec::new();
            let starts = by_class::<8>(&list, keys, key, |word| word | 1 << 63, &mut out);
            let mut expected: Vec<u64> = list.clone();
            expected.sort_by_key(|&word| key(word)); // stable
            let marked: Vec<u64> = expected.iter().map(|&word| word | 1 << 63).collect();
            assert_eq!(&out[..len], &marked[..], "len={len}");
            for (k, &start) in starts.iter().enumerate().take(keys + 1) {
                let before = list.iter().filter(|&&word| key(word) < k).count();
                assert_eq!(start, before, "len={len} key={k}");
            }
        }
    }

    #[test]
    fn lists_are_split_on_the_documented_number_of_hot_bits() {
        // A speed setting, not a count's (see `hot_bits`), pinned so that it changes
        // only on purpose.
        let lengths = [
            (0, None),
            (SPLIT_FROM - 1, None),
            (SPLIT_FROM, Some(4)),
            (8_191, Some(4)),
            (8_192, Some(5)),
            (32_767, Some(5)),
            (32_768, Some(6)),
            (65_535, Some(6)),
            (65_536, Some(8)),
            (131_071, Some(8)),
            (131_072, Some(9)),
            (262_143, Some(9)),
            (262_144, Some(HOT_MAX)),
            (usize::MAX, Some(HOT_MAX)),
        ];
        for (len, hot) in lengths {
            // 36 bits: every split drops an OR table (4 hot bits leave 32).
            assert_eq!(split_on(len, 36, 36), hot, "{len} words of 36 bits");
        }
        // 38 bits: 4 hot bits leave 34, five tables as before, so short lists are
        // paired whole; 5 leave 33, no fewer either, but lists of 8,192 are split.
        for (len, hot) in [(SPLIT_FROM, None), (8_191, None), (8_192, Some(5))] {
            assert_eq!(split_on(len, 38, 38), hot, "{len} words of 38 bits");
        }
        // 42 bits: 4 leave 38, five tables instead of six. 40 bits: 4 leave 36, five.
        assert_eq!(split_on(SPLIT_FROM, 42, 42), Some(4));
        assert_eq!(split_on(SPLIT_FROM, 40, 40), None);
        assert_eq!(split_on(SPLIT_FROM - 1, 42, 42), None);
        // But where the lists share only 36 of the 40 bits, 4 hot bits leave 32: four
        // tables. Lists too short to split stay whole however narrow.
        assert_eq!(split_on(SPLIT_FROM, 40, 36), Some(4));
        assert_eq!(split_on(SPLIT_FROM, 40, 37), None);
        assert_eq!(split_on(SPLIT_FROM - 1, 40, 20), None);
        assert!(splits(SPLIT_FROM, 42) && !splits(SPLIT_FROM, 40));
        assert_eq!((SPLIT_FROM, SHORT, HOT_MAX), (2048, 8192, 10));
    }

    #[test]
    fn the_hot_window_is_where_both_lists_use_the_same_bits_most() {
        // Tops always have bits 5-8, bottoms always 20-23, and each has 12-15 in
        // every other word: by the product of the two lists' uses only 12-15 counts
        // (a sum would tie the three windows, and take the lowest). Tagged words, so
        // that the tag is no diagonal.
        let tag = 3 << TAG_SHIFT;
        let list = |always: u64| -> Vec<u64> {
            (0..100u64)
                .map(|i| tag | always << 5 | if i % 2 == 0 { 0xf << 12 } else { 0 })
                .collect()
        };
        let (tops, bottoms) = (list(0xf), list(0xf << 15));
        assert_eq!(hot_window(&tops, &bottoms, 36, 4), 12);
        // Wider, and over more bits than the window's start of 12 would allow if only
        // every hot-th window were looked at.
        assert_eq!(hot_window(&tops, &bottoms, 36, 6), 10);
        // Where every window scores alike, the lowest.
        assert_eq!(hot_window(&[tag], &[tag], 36, 4), 0);
        // A sample of a long list still finds it: 40 bits always in both, one window.
        let long: Vec<u64> = (0..10_000u64).map(|i| 0xf << 30 | (i & 0xff)).collect();
        assert_eq!(hot_window(&long, &long, 40, 4), 30);
    }

    #[test]
    fn the_transpose_moves_each_bit_across_the_diagonal() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        let matrix: [u64; 64] = core::array::from_fn(|_| next());
        let mut turned = matrix;
        transpose(&mut turned);
        for (i, row) in turned.iter().enumerate() {
            for (j, column) in matrix.iter().enumerate() {
                assert_eq!((row >> j) & 1, (column >> i) & 1, "({i}, {j})");
            }
        }
    }

    #[test]
    fn the_half_transpose_moves_each_bit_across_the_diagonal_of_its_half() {
        let mut next = xorshift(0x6a09_e667_f3bc_c908);
        let matrix: [u64; 32] = core::array::from_fn(|_| next());
        let mut turned = matrix;
        transpose(&mut turned);
        for (i, row) in turned.iter().enumerate() {
            for (j, column) in matrix.iter().enumerate() {
                for half in [0, 32] {
                    let (got, was) = ((row >> (half + j)) & 1, (column >> (half + i)) & 1);
                    assert_eq!(got, was, "({i}, {j}) of the half from bit {half}");
                }
            }
        }
    }

    /// `list` as one run of rank 0: the rank of every half under [`Rule::NONE`] (its
    /// words tagged as that rule tags them).
    fn lowest(list: &[u64]) -> Ranked<'_> {
        Ranked {
            words: list,
            runs: [0, 0, 0, 0, 0, list.len()],
        }
    }

    /// `words`, sorted by run tag, with its runs.
    fn short_runs(words: &[u64]) -> Ranked<'_> {
        Ranked {
            words,
            runs: core::array::from_fn(|r| {
                words
                    .iter()
                    .take_while(|&&w| (tag_of(w) as usize) < r)
                    .count()
            }),
        }
    }

    #[test]
    fn weighted_counts_equal_the_definition_split_or_not() {
        // Words tagged with every end class (8 at n = 18, 1,024 at 26), weighed by the
        // rules of some of n = 18's batches (36 bits of diagonals) and of n = 26's (52
        // bits: the OR tables' last byte then holds tag bits too), in lists long
        // enough to split and short ones.
        for (n, bits, classes, step) in [(18, 36, 3, 9), (26, 52, 10, 50_000)] {
            let mut next = xorshift(0x1234_5678_9abc_def1);
            let mut word = || {
                let random = next();
                let class = random >> (64 - classes);
                (random & (random >> 1) & ((1 << bits) - 1)) | class << TAG_SHIFT
            };
            let tops: Vec<u64> = (0..2100).map(|_| word()).collect();
            let bottoms: Vec<u64> = (0..2300).map(|_| word()).collect();
            for batch in crate::count::join::batches::batches(n).step_by(step) {
                weighted_case(&tops, &bottoms, bits, &Rule::of(batch));
            }
        }
        assert!(!direct(300, 200) && direct(100, 30));
        // The rule's edges: a block of at most 256, and fewer pairs than the 6,000
        // instructions of its tables and 30 per row (100 rows: fewer than 90 words).
        assert!(direct(100, 89) && !direct(100, 90));
        assert!(direct(1, 256) && !direct(1, 257));
    }

    /// [`weighted_counts_equal_the_definition_split_or_not`] for one rule.
    fn weighted_case(tops: &[u64], bottoms: &[u64], bits: u32, rule: &Rule) {
        let (mut t, mut b) = (Vec::new(), Vec::new());
        let tops = Ranked::sort(tops, rule, &mut t);
        let bottoms = Ranked::sort(bottoms, rule, &mut b);
        let wanted = pairs_by_definition(tops.words, bottoms.words, rule);
        // With the bits both lists use, and with every bit (no narrowing).
        let shared = shared_bits(tops.words, bottoms.words, bits);
        for hot in 4..=HOT_MAX {
            for keep in [shared, (1 << bits) - 1] {
                let split =
                    split_pairs([tops, bottoms], bits, keep, hot, rule, &mut Work::default());
                assert_eq!(split, wanted, "{rule:?}, {hot} hot bits, {keep:#x}");
            }
        }
        // Short lists: one block with tables, and pair by pair. Their words are tagged
        // with runs directly, every run as often (classes equal to the shade's are rare
        // in the long lists), so that each run meets each other one.
        let mut next = xorshift(u64::from(bits) ^ tops.words[0]);
        for (t, b) in [(300, 200), (100, 30)] {
            let mut short = [t, b].map(|len| -> Vec<u64> {
                (0..len)
                    .map(|_| {
                        let random = next();
                        (random & (random >> 1) & ((1 << bits) - 1))
                            | ((random >> 32) % (RANKS as u64)) << TAG_SHIFT
                    })
                    .collect()
            });
            for list in &mut short {
                list.sort_unstable_by_key(|&word| tag_of(word));
            }
            let lists = [short_runs(&short[0]), short_runs(&short[1])];
            let whole = pairs(lists[0], lists[1], bits, rule, &mut Work::default());
            let wanted = pairs_by_definition(&short[0], &short[1], rule);
            assert_eq!(whole, wanted, "{bits} bits, {t} x {b}");
        }
    }

    #[test]
    fn split_lists_narrowed_in_every_way_count_what_the_definition_counts() {
        // Words of several widths, each list leaving a random third of the bits and
        // some edge bits unused, split on 4 to 6 hot bits, with the bits they share
        // and with every bit: counted against the definition. Most of the cases
        // narrow the words (checked), so every run of the squeeze is met.
        let mut random = xorshift(0x6c62_272e_07bb_0142);
        let mut narrowed = 0;
        for bits in [30u32, 36, 40, 44] {
            let width = (1u64 << bits) - 1;
            for round in 0..3 {
                let mut unused = || {
                    let r = random();
                    (r & r >> 1 & width) | (0b111 << (bits - 3)) >> round
                };
                let never = [unused(), unused() << 1 & width];
                let [tops, bottoms] = [(600, never[0]), (700, never[1])].map(|(len, never)| {
                    (0..len)
                        .map(|_| random() & random() & width & !never)
                        .collect::<Vec<u64>>()
                });
                let wanted = pairs_by_definition(&tops, &bottoms, &Rule::NONE);
                let shared = shared_bits(&tops, &bottoms, bits);
                for hot in 4..=6 {
                    let window = ((1 << hot) - 1) << hot_window(&tops, &bottoms, bits, hot);
                    let squeeze = Squeeze::keeping(shared & !window);
                    narrowed += usize::from(squeeze.saves_a_table(bits - hot));
                    for keep in [shared, width] {
                        let lists = [lowest(&tops), lowest(&bottoms)];
                        let work = &mut Work::default();
                        let split = split_pairs(lists, bits, keep, hot, &Rule::NONE, work);
                        assert_eq!(split, wanted, "{bits} bits, {hot} hot, {keep:#x}");
                    }
                }
            }
        }
        assert!(narrowed >= 18, "only {narrowed} of 36 cases narrowed");
    }

    #[test]
    fn lists_that_leave_bits_unused_are_narrowed_and_counted_alike() {
        // 40-bit words, five tables, but the tops never have bits 0-3, 20-22 or 36-39
        // and the bottoms never bits 30-31: the lists share 27 bits. Split on 4 hot
        // bits they take three tables, narrowed, instead of five. Not narrowed, the
        // split would leave 36 bits, five tables, so it is made only because they
        // are. Counted against the definition, and against the same lists with every
        // bit used (a bit that no top has, added to every bottom, changes no pair).
        let bits = 40;
        let mut random = xorshift(0x1f83_d9ab_fb41_bd6b);
        let mut list = |len: usize, never: u64| -> Vec<u64> {
            let mask = ((1u64 << bits) - 1) & !never;
            (0..len).map(|_| random() & random() & mask).collect()
        };
        let never_top = 0xf | 0b111 << 20 | 0xf << 36;
        let (tops, bottoms) = (list(2_100, never_top), list(2_200, 0b11 << 30));
        let shared = shared_bits(&tops, &bottoms, bits);
        assert_eq!(shared.count_ones(), 27);
        assert!(Squeeze::keeping(shared).saves_a_table(bits));
        assert_eq!(split_on(2_100, bits, 27), Some(4));
        assert_eq!(split_on(2_100, bits, bits), None);
        let wanted = pairs_by_definition(&tops, &bottoms, &Rule::NONE);
        // Split: the class sort has filled its room for the sorted tops.
        let mut work = Work::default();
        let counted = pairs(
            lowest(&tops),
            lowest(&bottoms),
            bits,
            &Rule::NONE,
            &mut work,
        );
        assert_eq!(counted, wanted);
        assert!(
            work.tops.len() >= tops.len(),
            "the narrowed lists were split"
        );
        // The same split for bottoms with the bits that no top has: no pair changes.
        let filled: Vec<u64> = bottoms.iter().map(|&w| w | never_top).collect();
        let whole = pairs(
            lowest(&tops),
            lowest(&filled),
            bits,
            &Rule::NONE,
            &mut Work::default(),
        );
        assert_eq!(whole, wanted);
        // Not split: lists that share 38 of the 40 bits take five tables either way.
        let dense = list(2_100, 0);
        let mut work = Work::default();
        let whole = pairs(
            lowest(&dense),
            lowest(&bottoms),
            bits,
            &Rule::NONE,
            &mut work,
        );
        assert_eq!(whole, pairs_by_definition(&dense, &bottoms, &Rule::NONE));
        assert!(
            work.tops.is_empty(),
            "lists that share all but two bits were split"
        );
    }

    #[test]
    fn both_copies_of_the_kernel_count_what_the_definition_counts() {
        // The portable copy runs only on CPUs without AVX2, so it is called here by
        // name: the same random lists, every width of word, lengths around the block
        // size (and below it, where pairs are tested one by one), each run weighed by
        // the rules of some of n = 18's batches.
        use super::dispatch::Kernel;
        let mut random = xorshift(0x5851_f42d_4c95_7f2d);
        let kernels = [Kernel::Portable, Kernel::best()];
        assert!(
            Kernel::best() == Kernel::Portable || kernels[1].runs_here(),
            "the best copy must run here"
        );
        let mut checked = 0;
        for bits in [8, 24, 36, 52] {
            let mask = (1u64 << bits) - 1;
            let mut word = || {
                let r = random();
                (r & (r >> 1) & (r >> 2) & mask) | ((r >> 59) % RANKS as u64) << TAG_SHIFT
            };
            for (t, b) in [(40, 30), (300, 257), (700, 513)] {
                let mut lists = [t, b].map(|len| (0..len).map(|_| word()).collect::<Vec<_>>());
                for list in &mut lists {
                    list.sort_unstable_by_key(|&w| tag_of(w));
                }
                let [tops, bottoms] = [short_runs(&lists[0]), short_runs(&lists[1])];
                for batch in crate::count::join::batches::batches(18).step_by(11) {
                    let rule = Rule::of(batch);
                    let wanted = pairs_by_definition(tops.words, bottoms.words, &rule);
                    for kernel in kernels {
                        let runs = [(tops.words, &tops.runs), (bottoms.words, &bottoms.runs)];
                        let counted = kernel.pairs(runs, bits, &rule, &mut Vec::new());
                        assert_eq!(counted, wanted, "{kernel:?}, {bits} bits, {t} x {b}");
                    }
                    checked += usize::from(wanted > 0);
                }
            }
        }
        assert!(checked > 20, "only {checked} cases had fitting pairs");
    }

    #[test]
    fn every_width_of_word_is_counted_with_its_own_number_of_tables() {
        // One OR table per 8 bits, 1 to 7 of them: words of each width, in lists too
        // long to be counted pair by pair, sparse enough that some pairs fit.
        let mut random = xorshift(0x0bad_cafe_f00d_1234);
        for bits in [8, 16, 24, 32, 40, 48, 56] {
            let mask = (1u64 << bits) - 1;
            let mut next = || {
                let r = random();
                r & (r >> 1) & (r >> 2) & (r >> 3) & mask
            };
            let tops: Vec<u64> = (0..600).map(|_| next()).collect();
            let bottoms: Vec<u64> = (0..300).map(|_| next()).collect();
            // (Past bit 54 a word's bits are its tag, which neither count reads.)
            let wanted = pairs_by_definition(&tops, &bottoms, &Rule::NONE);
            let lists = [
                (&tops[..], &[0, 0, 0, 0, 0, 600]),
                (&bottoms[..], &[0, 0, 0, 0, 0, 300]),
            ];
            let counted = pairs_blocked(lists, bits, &Rule::NONE, &mut Vec::new());
            assert!(wanted > 0, "{bits} bits: no pair fits");
            assert_eq!(counted, wanted, "{bits} bits");
        }
    }

    #[test]
    fn the_bit_sliced_count_equals_the_definition() {
        // Pseudo-random words with about a third of 40 bits set, lists of sizes around
        // and across the block size.
        let mut random = xorshift(0x2545_f491_4f6c_dd1d);
        let mut next = || {
            let bits = random();
            bits & (bits >> 1) & 0xff_ffff_ffff
        };
        for (t, b) in [
            (0, 5),
            (1, 1),
            (3, 255),
            (300, 256),
            (70, 257),
            (513, 40),
            (900, 1000),
            (2500, 3000),
        ] {
            let tops: Vec<u64> = (0..t).map(|_| next()).collect();
            let bottoms: Vec<u64> = (0..b).map(|_| next()).collect();
            let wanted = pairs_by_definition(&tops, &bottoms, &Rule::NONE);
            if t > 0 && b > 0 {
                // Split on every number of hot bits the long lists may get.
                for hot in 4..=HOT_MAX {
                    let lists = [lowest(&tops), lowest(&bottoms)];
                    let shared = shared_bits(&tops, &bottoms, 40);
                    let split =
                        split_pairs(lists, 40, shared, hot, &Rule::NONE, &mut Work::default());
                    assert_eq!(split, wanted, "{t} x {b}, {hot} hot bits");
                }
            }
            assert_eq!(
                pairs(
                    lowest(&tops),
                    lowest(&bottoms),
                    40,
                    &Rule::NONE,
                    &mut Work::default()
                ),
                wanted,
                "{t} x {b}"
            );
        }
    }
}
