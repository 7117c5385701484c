//! Long lists split into classes by the few bits that both lists use most (the
//! diagonals through the middle of the cut): a top and a bottom that both have one of
//! those bits never fit, so only compatible classes are paired.

use std::vec::Vec;

use super::dispatch::pairs_blocked;
use super::kernel::transpose;
use super::squeeze::Squeeze;
use super::{HOT_MAX, Ranked, Work};
use crate::count::join::reflection::{RANKS, Rule, UNTAGGED, tag_of};

/// [`pairs`](super::pairs) of lists split on `hot` bits (at most [`HOT_MAX`]), whose
/// words of `bits` bits share no bit outside `shared` ([`shared_bits`]).
///
/// [`shared_bits`]: super::squeeze::shared_bits
pub(super) fn split_pairs(
    lists: [Ranked<'_>; 2],
    bits: u32,
    shared: u64,
    hot: u32,
    rule: &Rule,
    work: &mut Work,
) -> u64 {
    // The class sort's counters are arrays of one slot per key, zeroed on each call:
    // sized for this many hot bits rather than the most, so that the short lists of
    // n = 16 to 21 do not zero the 5,121 slots that 10 hot bits take.
    match hot {
        ..=4 => split_pairs_in::<{ slots(4) }>(lists, bits, shared, hot, rule, work),
        5 => split_pairs_in::<{ slots(5) }>(lists, bits, shared, hot, rule, work),
        6 => split_pairs_in::<{ slots(6) }>(lists, bits, shared, hot, rule, work),
        7 => split_pairs_in::<{ slots(7) }>(lists, bits, shared, hot, rule, work),
        8 => split_pairs_in::<{ slots(8) }>(lists, bits, shared, hot, rule, work),
        9 => split_pairs_in::<{ slots(9) }>(lists, bits, shared, hot, rule, work),
        _ => {
            split_pairs_in::<{ slots(HOT_MAX) }>(lists, bits, shared, hot.min(HOT_MAX), rule, work)
        }
    }
}

/// The slots of the class sort for lists split on `hot` bits: one per class and rank,
/// and one for the end.
const fn slots(hot: u32) -> usize {
    (1 << hot) * RANKS + 1
}

/// [`split_pairs`] with the class sort's arrays of `SLOTS` slots, at least
/// [`slots`]`(hot)`.
fn split_pairs_in<const SLOTS: usize>(
    [tops, bottoms]: [Ranked<'_>; 2],
    bits: u32,
    shared: u64,
    hot: u32,
    rule: &Rule,
    work: &mut Work,
) -> u64 {
    let (top_words, bottom_words) = (tops.words, bottoms.words);
    let low = hot_window(top_words, bottom_words, bits, hot);
    // A class's runs: its ranks, highest first.
    let key = |word: u64| {
        let class = ((word >> low) & ((1 << hot) - 1)) as usize;
        class * RANKS + tag_of(word) as usize
    };
    // Within a pair of classes the hot bits are settled, so they leave the words (n =
    // 18's 36 bits become 32, one OR table fewer), and so does the tag. One shift and
    // two masks: on baseline x86-64 each shift by a variable amount costs extra moves.
    let below = (1 << low) - 1;
    let strip = |word: u64| {
        let diagonals = word & UNTAGGED;
        (diagonals & below) | ((diagonals >> hot) & !below)
    };
    // Where it saves an OR table, the bits that one list never has leave the words
    // too (`squeeze.rs`). That takes three shifts per word instead of one.
    let squeeze = Squeeze::keeping(shared & !(((1 << hot) - 1) << low));
    let narrow = squeeze.saves_a_table(bits - hot);
    let Work {
        tables,
        tops: sorted_tops,
        bottoms: sorted_bottoms,
        fitting,
    } = work;
    // Exactly the slots the keys need: more would only zero more (see `split_pairs`).
    debug_assert_eq!(SLOTS, slots(hot));
    let keys = slots(hot) - 1;
    let width = if narrow { squeeze.bits() } else { bits - hot };
    let [bottom_starts, top_starts] = if narrow {
        let narrowed = |word: u64| squeeze.diagonals(word);
        [
            (bottom_words, &mut *sorted_bottoms),
            (top_words, &mut *sorted_tops),
        ]
        .map(|(list, out)| by_class::<SLOTS>(list, keys, key, narrowed, out))
    } else {
        [
            (bottom_words, &mut *sorted_bottoms),
            (top_words, &mut *sorted_tops),
        ]
        .map(|(list, out)| by_class::<SLOTS>(list, keys, key, strip, out))
    };
    let mut count = 0;
    for class in 0..1usize << hot {
        let runs = &bottom_starts[class * RANKS..=(class + 1) * RANKS];
        if runs[0] == runs[RANKS] {
            continue;
        }
        let members = &sorted_bottoms[runs[0]..runs[RANKS]];
        let member_runs: [usize; RANKS + 1] = core::array::from_fn(|r| runs[r] - runs[0]);
        // The tops without any of this class's hot bits: whole groups, copied, by rank.
        fitting.clear();
        // At most every top: reserved exactly, as in `by_class`.
        fitting.reserve_exact(top_words.len());
        let mut fitting_runs = [0; RANKS + 1];
        for run in 0..RANKS {
            for other in compatible(class, hot) {
                let at = other * RANKS + run;
                fitting.extend_from_slice(&sorted_tops[top_starts[at]..top_starts[at + 1]]);
            }
            fitting_runs[run + 1] = fitting.len();
        }
        count += pairs_blocked(
            [(fitting, &fitting_runs), (members, &member_runs)],
            width,
            rule,
            tables,
        );
    }
    count
}

/// The classes of `hot` bits that share none with `class`, in increasing order: the
/// subsets of the bits it leaves. Walked directly: testing every class would take
/// `2^hot` turns for each class, a million per rank and pair of lists at 10 bits.
fn compatible(class: usize, hot: u32) -> impl Iterator<Item = usize> {
    let free = !class & ((1 << hot) - 1);
    // `(sub - free) & free` is the next subset of `free` after `sub`: it carries
    // through the bits outside `free`. After the last, it comes back to 0.
    core::iter::successors(Some(0), move |&sub: &usize| {
        let next = sub.wrapping_sub(free) & free;
        (next != 0).then_some(next)
    })
}

/// `list` sorted by `key` into `out` (a counting sort, stable), each word rewritten by
/// `map`; returns where each key's run starts (one more entry marks the end). Keys are
/// below `keys`, which is below `SLOTS`, the length of the counters' arrays (zeroed on
/// each call, so no longer than the keys need).
///
/// The list is taken as [`WAYS`] consecutive parts, each counted and placed with its
/// own counters, a word of each part in turn: neighbouring halves often share a key,
/// and one counter bumped word after word waits each time for its own store (with
/// one part, `by_class` was a fifth of `count 18 --threads 1`).
pub(super) fn by_class<const SLOTS: usize>(
    list: &[u64],
    keys: usize,
    key: impl Fn(u64) -> usize,
    map: impl Fn(u64) -> u64,
    out: &mut Vec<u64>,
) -> [usize; SLOTS] {
    debug_assert!(keys < SLOTS && SLOTS <= KEYS + 1);
    // Parts of equal length, the last one taking the few words left over: the four
    // are walked together with no test per word of whether a part has run out
    // (docs/benchmarks.md, "The class sort").
    let part = list.len() / WAYS;
    let parts: [&[u64]; WAYS] = core::array::from_fn(|w| &list[w * part..(w + 1) * part]);
    let rest = &list[WAYS * part..];
    // Grown when needed and otherwise only written, rather than zeroed per call: its
    // length may pass the list's. Past the list's length it keeps the keys of the
    // counting pass for the placing pass, the four parts' keys of one index packed in
    // one word, so that each key is computed once.
    // Reserved exactly, not doubled as `resize` alone would: so the buffer holds at
    // most 1.25 words per word of the longest list (see `room.rs`).
    if out.len() < list.len() + part {
        out.reserve_exact(list.len() + part - out.len());
        out.resize(list.len() + part, 0);
    }
    let (sorted, packed) = out.split_at_mut(list.len());
    let packed = &mut packed[..part];
    let mut counts = [[0u32; SLOTS]; WAYS];
    for (i, slot) in packed.iter_mut().enumerate() {
        let mut keys_here = 0;
        for (w, words) in parts.iter().enumerate() {
            let k = key(words[i]);
            counts[w][k] += 1;
            keys_here |= (k as u64) << (KEY_BITS * w);
        }
        *slot = keys_here;
    }
    for &word in rest {
        counts[WAYS - 1][key(word)] += 1;
    }
    // Each key's run holds its words of the first part, then the second's, and so on.
    let (mut starts, mut next) = ([list.len(); SLOTS], [[0u32; SLOTS]; WAYS]);
    let mut at = 0;
    for k in 0..keys {
        starts[k] = at;
        for w in 0..WAYS {
            next[w][k] = at as u32;
            at += counts[w][k] as usize;
        }
    }
    for (i, &keys_here) in packed.iter().enumerate() {
        // Every part's word and place are read before any word is written, so that
        // no read waits to learn that an earlier write's address is not its own.
        // Below `SLOTS`: the counting pass indexed `counts` with them.
        let k: [usize; WAYS] =
            core::array::from_fn(|w| ((keys_here >> (KEY_BITS * w)) & KEY_MASK) as usize);
        let words: [u64; WAYS] = core::array::from_fn(|w| map(parts[w][i]));
        let at: [u32; WAYS] = core::array::from_fn(|w| next[w][k[w]]);
        for w in 0..WAYS {
            sorted[at[w] as usize] = words[w];
            next[w][k[w]] = at[w] + 1;
        }
    }
    for &word in rest {
        let k = key(word);
        sorted[next[WAYS - 1][k] as usize] = map(word);
        next[WAYS - 1][k] += 1;
    }
    starts
}

/// The parts [`by_class`] sorts side by side.
const WAYS: usize = 4;

/// Sort keys: a class and a rank.
const KEYS: usize = (1 << HOT_MAX) * RANKS;

/// The bits [`by_class`] packs a key in: [`WAYS`] keys to a word.
const KEY_BITS: usize = 64 / WAYS;

const KEY_MASK: u64 = (1 << KEY_BITS) - 1;

const _: () = assert!(KEYS <= 1 << KEY_BITS);

/// The lowest of the `hot` adjacent bits with the largest sum, over the bits, of the
/// product of how many tops and how many bottoms have them (ties to the lower bits, so
/// the choice is deterministic). Adjacent, so that a shift and a mask take the class
/// and drop it from the word: the hot bits are neighbouring diagonals through the
/// middle of the cut anyway. About `HOT_SAMPLE` words spread over each list stand for
/// it: the choice only steers the speed, so a sample is enough.
pub(super) fn hot_window(tops: &[u64], bottoms: &[u64], bits: u32, hot: u32) -> u32 {
    // Counted 64 words at a time by the bit matrix's transpose: row `i` then has bit
    // `i` of each word. (Bit by bit, each count waited for the last one's store:
    // 4% of `count 18`.)
    let usage = |list: &[u64]| {
        let mut uses = [0usize; 64];
        let sample: Vec<u64> = list
            .iter()
            .step_by(list.len().div_ceil(HOT_SAMPLE))
            .map(|&word| word & UNTAGGED)
            .collect();
        for words in sample.chunks(64) {
            let mut matrix = [0u64; 64];
            matrix[..words.len()].copy_from_slice(words);
            transpose(&mut matrix);
            for (used, row) in uses.iter_mut().zip(matrix) {
                *used += row.count_ones() as usize;
            }
        }
        uses
    };
    let (top, bottom) = (usage(tops), usage(bottoms));
    let score = |low: u32| -> usize {
        (low..low + hot)
            .map(|bit| top[bit as usize] * bottom[bit as usize])
            .sum()
    };
    // The first window with the largest score.
    (0..=bits - hot)
        .rev()
        .max_by_key(|&low| score(low))
        .unwrap_or(0)
}

/// Words per list that [`hot_window`] looks at.
const HOT_SAMPLE: usize = 512;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_compatible_classes_are_those_sharing_no_hot_bit_each_once_in_order() {
        for hot in 0..=HOT_MAX {
            for class in 0..1usize << hot {
                let walked: Vec<usize> = compatible(class, hot).collect();
                let tested: Vec<usize> = (0..1usize << hot).filter(|o| o & class == 0).collect();
                assert_eq!(walked, tested, "hot={hot} class={class:b}");
            }
        }
    }
}
