//! The join's hot loop (feature `std`): the number of pairs of half boards whose words
//! share no bit (the words are described in `join.rs`), counted bit-sliced over blocks
//! of 256 words, with a copy for AVX2 and POPCNT picked at run time. The join spends
//! most of its time here: two thirds of `count 18`'s, with quarters.

use std::vec::Vec;

#[cfg(test)]
use super::transpose::TAG_SHIFT;
use super::transpose::{RANKS, Rule, UNTAGGED, tag_of};

/// Bottoms per block: four 64-bit lanes, which the compiler keeps in vector registers.
const LANES: usize = 4;
type Lanes = [u64; LANES];
pub(crate) const BLOCK: usize = 64 * LANES;

/// Mask bits per OR table: 256 entries per table.
const CHUNK: usize = 8;

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

/// A list of halves in runs of one rank each (`transpose.rs`), highest rank first: run
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
/// what `rule` gives their end classes (`transpose.rs`; tagged in the words' high
/// bits), 1 each under [`Rule::NONE`]. The words' diagonals have `bits` bits.
///
/// Long lists are first split on the few bits that both lists use most (the diagonals
/// through the middle of the cut): a top and a bottom that both have one of those bits
/// never fit, so only the compatible classes are paired. Both lists are sorted by
/// class once, so a class's partners are whole groups to copy, not a filter per class.
/// Measured while writing, with throwaway instrumentation: at n = 18 the split leaves
/// a third of the pairs to compare (1.7e11 of 5.1e11); pairing every 31st column set
/// of n = 18 took 150 ms instead of 200 ms with the groups copied, 134 ms with the hot
/// bits dropped from the words; 5 hot bits measured the same, 6 slower. Longer lists,
/// from n = 19 on, take more bits ([`hot_bits`]).
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
    let Some(hot) = split_on(top_words.len().min(bottom_words.len()), bits) else {
        // Short lists are one class: theirs would be nearly empty. (The tags are
        // above the bits that the tables read.)
        let lists = [(top_words, &tops.runs), (bottom_words, &bottoms.runs)];
        return pairs_blocked(lists, bits, rule, &mut work.tables);
    };
    split_pairs([tops, bottoms], bits, hot, rule, work)
}

/// How many hot bits lists are split on when the shorter has `len` words of `bits` bits
/// ([`hot_bits`]), or `None` for lists not worth splitting. Only the speed depends on
/// it: a test pins it, so that a retuning is a deliberate one.
///
/// Lists shorter than [`SPLIT_FROM`] are never split, and those shorter than
/// [`SHORT`] (split on 4 bits) only where the split drops an OR table, the bits left
/// taking fewer bytes: at n = 18, 36 bits leave 32, four tables instead of five; at
/// n = 19 (38 bits, after the middle queen's filter took the busiest bits) 34 still
/// take five, and the classes' own tables then cost more than the pairs they rule
/// out. On the AMD EPYC, single runs alternated, one thread: `count 19 --shard 5/8`
/// 2.62-2.64 s split so, 2.33-2.39 s not (and 2.46-2.51 s split on 3 bits); `count
/// 20 --shard 1/40` 2.24-2.27 s either way, `count 21 --shard 5/400` (42 bits, whose
/// short lists still drop a table) 3.44-3.69 s either way; `count 16` 60.3 ± 0.9 ms
/// split, 59.5 ± 0.3 ms not (hyperfine); at ef02bbe and the commit that made this,
/// e3e73d4. Past 22, where the halves are searched: `count 23 --shard 2900/5800` (46
/// bits, whose short lists drop no table) 20.65-21.05 s split, 20.60-21.21 s not (four
/// runs each, alternated), `count 24 --shard 9679/19358` 62.95 s against 63.07 s.
/// The rule was measured on the AMD EPYC alone (the thresholds of [`hot_bits`] on the
/// Xeon, before it); it only moves time, never a count.
fn split_on(len: usize, bits: u32) -> Option<u32> {
    let hot = hot_bits(len);
    let drops_a_table = tables_for(bits.saturating_sub(hot)) < tables_for(bits);
    (len >= SPLIT_FROM && (len >= SHORT || drops_a_table)).then_some(hot)
}

/// The OR tables that words of `bits` bits take: one per [`CHUNK`] bits.
#[allow(clippy::inline_always)] // see `pairs_blocked`
#[inline(always)]
fn tables_for(bits: u32) -> usize {
    (bits as usize).div_ceil(CHUNK)
}

/// Lists at least this long are split whatever their width ([`split_on`]).
const SHORT: usize = 8_192;

/// [`pairs`] of lists split on `hot` bits (at most [`HOT_MAX`]).
fn split_pairs(lists: [Ranked<'_>; 2], bits: u32, hot: u32, rule: &Rule, work: &mut Work) -> u64 {
    // The class sort's counters are arrays of one slot per key, zeroed on each call:
    // sized for this many hot bits rather than the most, so that the short lists of
    // n = 16 to 21 do not zero the 5,121 slots that 10 hot bits take.
    match hot {
        ..=4 => split_pairs_in::<{ slots(4) }>(lists, bits, hot, rule, work),
        5 => split_pairs_in::<{ slots(5) }>(lists, bits, hot, rule, work),
        6 => split_pairs_in::<{ slots(6) }>(lists, bits, hot, rule, work),
        7 => split_pairs_in::<{ slots(7) }>(lists, bits, hot, rule, work),
        8 => split_pairs_in::<{ slots(8) }>(lists, bits, hot, rule, work),
        9 => split_pairs_in::<{ slots(9) }>(lists, bits, hot, rule, work),
        _ => split_pairs_in::<{ slots(HOT_MAX) }>(lists, bits, hot.min(HOT_MAX), rule, work),
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
    // 18's 36 bits become 32, one OR table fewer), and so does the tag.
    // (One shift, by `hot`, and two masks: each shift by a variable amount costs
    // moves into `cl` on baseline x86-64.)
    let below = (1 << low) - 1;
    let strip = |word: u64| {
        let diagonals = word & UNTAGGED;
        (diagonals & below) | ((diagonals >> hot) & !below)
    };
    let Work {
        tables,
        tops: sorted_tops,
        bottoms: sorted_bottoms,
        fitting,
    } = work;
    // Exactly the slots the keys need: more would only zero more (see `split_pairs`).
    debug_assert_eq!(SLOTS, slots(hot));
    let keys = slots(hot) - 1;
    let bottom_starts = by_class::<SLOTS>(bottom_words, keys, key, strip, sorted_bottoms);
    let top_starts = by_class::<SLOTS>(top_words, keys, key, strip, sorted_tops);
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
            for other in (0..1usize << hot).filter(|other| other & class == 0) {
                let at = other * RANKS + run;
                fitting.extend_from_slice(&sorted_tops[top_starts[at]..top_starts[at + 1]]);
            }
            fitting_runs[run + 1] = fitting.len();
        }
        count += pairs_blocked(
            [(fitting, &fitting_runs), (members, &member_runs)],
            bits - hot,
            rule,
            tables,
        );
    }
    count
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
fn by_class<const SLOTS: usize>(
    list: &[u64],
    keys: usize,
    key: impl Fn(u64) -> usize,
    map: impl Fn(u64) -> u64,
    out: &mut Vec<u64>,
) -> [usize; SLOTS] {
    debug_assert!(keys < SLOTS && SLOTS <= KEYS + 1);
    // Parts of equal length, the last one taking the few words left over: the four
    // are walked together with no test per word of whether a part has run out (with
    // one, `count 18 --shard 1/8` took 838 M instructions in this sort under
    // callgrind, 742 M so, at a3fc6ec; the strip's one shift below then made it 723 M).
    let part = list.len() / WAYS;
    let parts: [&[u64]; WAYS] = core::array::from_fn(|w| &list[w * part..(w + 1) * part]);
    let rest = &list[WAYS * part..];
    // Grown when needed and otherwise only written, rather than zeroed per call: its
    // length may pass the list's. Past the list's length it keeps the keys of the
    // counting pass for the placing pass, the four parts' keys of one index packed in
    // one word, so that each key is computed once (`count 18 --shard 1/8` under
    // callgrind: 723 M -> 637 M instructions in this sort, at cdbf802).
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
        // no read waits to learn that an earlier write's address is not its own
        // (`count 18 --threads 1` 1.931 s -> 1.876 s, `count 19 --shard 1/4` 5.776 s
        // -> 5.687 s, hyperfine of both builds in one run on the AMD EPYC, 11aecdf and
        // the commit that made this, bca60c5, though callgrind counts 2% more
        // instructions).
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

/// Lists shorter than this are paired whole: their classes would be nearly empty.
const SPLIT_FROM: usize = 2048;
/// The most bits long lists are split on.
const HOT_MAX: u32 = 10;

/// The bits to split lists on when the shorter has `len` words: 4 (measured best at
/// n = 18, whose lists hold a few thousand halves), 5 from 8,192 and 6 from 32,768, so
/// that a class keeps enough halves to pay for its OR tables; then 8 from 65,536 and
/// one more for each doubling up to [`HOT_MAX`].
///
/// Against 4 bits throughout, on the Xeon while writing commit d5e50ec (single runs,
/// one thread): `count 19 --shard
/// 0/20` 3.75 s -> 3.02 s, `count 20 --shard 0/40` 4.41-4.79 s -> 3.95-4.13 s, `count
/// 21 --shard 5/400` 17.3-19.4 s -> 13.2-16.8 s (7.5 s of it building the quarter
/// table); the same with at most 6 bits from 16,384 on: 14.6-18.7 s.
///
/// Past 65,536 words, lists that only n = 22 and larger have (the shorter list of a
/// pair at n = 20 and 21 stays below it; at 22 most hold 65,536 to 262,143 halves, at
/// 24 up to 4 million), the bits were 7 at most, and 6 up to 131,071. Against that,
/// side by side on the two cores of the AMD EPYC (swapped between two rounds, one
/// thread each, at 9cf1ecb and the commit that made this): `count 22 --shard 7/500`
/// 15.85-16.20 s -> 14.15-14.31 s with up to 9 bits (7 from 65,536), 14.21-14.30 s ->
/// 12.07-12.38 s with these; `count 23 --shard 2900/5800` 27.4-28.7 s -> 24.6-25.4 s
/// with up to 9, and these a further 1.11-1.23x; `count 24 --shard 9679/19358`
/// 74.1-75.3 s -> 40.3-42.1 s with up to 9, these 1.00-1.17x faster again (against
/// the old directly: 23 25.6-29.5 s -> 19.7-22.9 s, 24 68.7-71.7 s -> 36.4-37.8 s).
/// Up to 12 bits (11 from 524,288) were no clear gain over these at 24 (1.01-1.17x
/// faster on that shard, 0.94-1.00x on `--shard 0/19358`), so the class sort's
/// arrays, on the stack, stay at 10 bits' size (5,121 slots, about 200 KB). Like the
/// thresholds below 65,536, these follow one machine's caches: another may want other
/// lengths, which only moves time, never a count.
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

/// The lowest of the `hot` adjacent bits with the largest sum, over the bits, of the
/// product of how many tops and how many bottoms have them (ties to the lower bits, so
/// the choice is deterministic). Adjacent, so that a shift and a mask take the class
/// and drop it from the word: the hot bits are neighbouring diagonals through the
/// middle of the cut anyway. About `HOT_SAMPLE` words spread over each list stand for
/// it: the choice only steers the speed, so a sample is enough.
fn hot_window(tops: &[u64], bottoms: &[u64], bits: u32, hot: u32) -> u32 {
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

/// [`pairs`] within one class: bit-sliced over blocks of the shorter list. Each list
/// comes with its runs of ranks, highest first (`runs[r]..runs[r + 1]`).
///
/// For a block of 256 words, one 256-bit vector per mask bit says which words have it;
/// tables hold the OR of those vectors for every value of 8 mask bits. A word of the
/// other list then ORs one table entry per 8 bits, and the slots left at zero fit it.
/// Blocking the shorter list builds fewer tables (n = 18: 13.8 s against 15.8 s with
/// the longer one).
///
/// The partners a row may weigh with are those of at least some rank: a prefix of the
/// blocked list, so a block is counted for a run of rows up to that prefix's end (the
/// slots past it count as taken), and not at all past it. That skip is what the
/// reflection in the diagonal saves.
// The copy for AVX2 and POPCNT gets them only in the code compiled into it, so the
// functions it calls are `inline(always)`: with plain `inline`, `count 18 --threads 1`
// took 3.39-3.47 s against 2.65-2.72 s.
#[multiversion::multiversion(targets("x86_64+avx2+popcnt"))]
fn pairs_blocked(
    lists: [(&[u64], &[usize; RANKS + 1]); 2],
    bits: u32,
    rule: &Rule,
    tables: &mut Vec<Table>,
) -> u64 {
    let [(rows, row_runs), (blocked, blocked_runs)] = if lists[0].0.len() >= lists[1].0.len() {
        lists
    } else {
        [lists[1], lists[0]]
    };
    if rows.is_empty() || blocked.is_empty() {
        return 0;
    }
    if direct(rows.len(), blocked.len()) {
        return pairs_direct([(rows, row_runs), (blocked, blocked_runs)], rule);
    }
    let chunks = tables_for(bits);
    // Every entry is written by `fill_tables` before it is read.
    tables.resize(chunks, [[0; LANES]; 1 << CHUNK]);
    let tables = &mut tables[..chunks];
    let mut count = 0;
    for (index, block) in blocked.chunks(BLOCK).enumerate() {
        fill_tables(block, tables);
        let start = index * BLOCK;
        // The slots of this block with at least rank `need`.
        let fitting = |need: usize| {
            blocked_runs[RANKS - need]
                .saturating_sub(start)
                .min(block.len())
        };
        for run in 0..RANKS {
            let group = &rows[row_runs[run]..row_runs[run + 1]];
            let [once, twice] = rule.needs(RANKS - 1 - run).map(fitting);
            if group.is_empty() || once == 0 {
                continue;
            }
            count += count_chunks(chunks, group, [once, twice], tables);
        }
    }
    count
}

/// Whether [`pairs_direct`] counts `rows` rows against `blocked` words faster than the
/// tables would. A block's tables cost some 6,000 instructions to fill, whatever its
/// length, and then about 30 per row; one AND per pair, vectorized, costs less than
/// one. So a short block is cheaper tested pair by pair. The lists of odd boards,
/// filtered for their middle queen, are often that short: under callgrind, the pair
/// count of `count 15 --threads 1` took 264 M instructions with this against 322 M
/// without (the whole count 810 M against 870 M), at commit 1735b98.
#[allow(clippy::inline_always)] // see `pairs_blocked`
#[inline(always)]
fn direct(rows: usize, blocked: usize) -> bool {
    blocked <= BLOCK && rows * blocked < 6_000 + 30 * rows
}

/// [`pairs_blocked`] one pair at a time, each row's group against the prefix of the
/// blocked list that its rank may weigh with, counted once for weight 1 and again for
/// weight 2.
#[allow(clippy::inline_always)] // see `pairs_blocked`
#[inline(always)]
fn pairs_direct(
    [(rows, row_runs), (blocked, blocked_runs)]: [(&[u64], &[usize; RANKS + 1]); 2],
    rule: &Rule,
) -> u64 {
    let prefix = |need: usize| blocked_runs[RANKS - need].min(blocked.len());
    let mut count = 0;
    for run in 0..RANKS {
        let group = &rows[row_runs[run]..row_runs[run + 1]];
        for need in rule.needs(RANKS - 1 - run) {
            let partners = &blocked[..prefix(need)];
            for &row in group {
                // Without its tag, the row meets a partner's tag nowhere.
                let row = row & UNTAGGED;
                count += partners
                    .iter()
                    .map(|&b| u64::from(row & b == 0))
                    .sum::<u64>();
            }
        }
    }
    count
}

/// [`count_block`] with the number of tables as a constant, so that the loop over them
/// unrolls with constant shifts and no bounds checks (count 18 --threads 1: 8.85 s ->
/// 8.69 s).
#[allow(clippy::inline_always)] // see `pairs_blocked`
#[inline(always)]
fn count_chunks(chunks: usize, rows: &[u64], lens: [usize; 2], tables: &[Table]) -> u64 {
    match chunks {
        1 => count_block::<1>(rows, lens, tables),
        2 => count_block::<2>(rows, lens, tables),
        3 => count_block::<3>(rows, lens, tables),
        4 => count_block::<4>(rows, lens, tables),
        5 => count_block::<5>(rows, lens, tables),
        6 => count_block::<6>(rows, lens, tables),
        7 => count_block::<7>(rows, lens, tables),
        _ => count_block::<8>(rows, lens, tables),
    }
}

/// One OR table: the OR of the slot vectors of every subset of 8 mask bits.
pub(crate) type Table = [Lanes; 1 << CHUNK];

/// Builds the OR tables of one block (see [`pairs`]).
#[allow(clippy::inline_always)] // see `pairs_blocked`
#[inline(always)]
fn fill_tables(block: &[u64], tables: &mut [Table]) {
    // Which words have each bit: the block's bit matrix transposed, 64 words at a
    // time. (Setting one bit per set bit of every word took a third of the pair
    // count's instructions at n = 18: each block is filled for a few thousand rows.)
    let mut has = [[0u64; LANES]; 64];
    // Words of at most 32 bits (n = 16, and 18's once split) are transposed as two
    // 32×32 matrices side by side, half the work of one 64×64: under callgrind,
    // `count 16 --threads 1` 677.8 M -> 656.2 M instructions, `count 18 --shard 1/8`
    // 3.295 G -> 3.229 G (c49d8e8 -> the commit that made this).
    let narrow = tables.len() * CHUNK <= 32;
    for (lane, words) in block.chunks(64).enumerate() {
        if narrow {
            // Word `i` in the low half of row `i`, word `32 + i` in its high half;
            // their bits past 32 are zero but for the tag, which is no diagonal.
            let mut matrix = [0u64; 32];
            for (i, slot) in matrix.iter_mut().enumerate() {
                let [low, high] = [i, 32 + i].map(|at| words.get(at).map_or(0, |&w| w & LOW));
                *slot = low | high << 32;
            }
            transpose(&mut matrix);
            for (bit, row) in matrix.iter().enumerate() {
                has[bit][lane] = *row;
            }
            continue;
        }
        let mut matrix = [0u64; 64];
        // Without their tags: past n = 24 the diagonals reach the byte that holds the
        // tag's first bits, and a tag is no diagonal. (A row's tag bits then meet only
        // empty vectors.)
        for (slot, &word) in matrix.iter_mut().zip(words) {
            *slot = word & UNTAGGED;
        }
        transpose(&mut matrix);
        for (bit, row) in matrix.iter().enumerate() {
            has[bit][lane] = *row;
        }
    }
    for (c, table) in tables.iter_mut().enumerate() {
        // The ORs over the low four bits and over the high four, then every entry as
        // one of each ORed: no entry waits for another to be stored. (Built entry by
        // entry from the one without its lowest bit, each read back a store after it
        // was written: that chain was a third of the pair count's time at n = 18.)
        let [low, high] = [0, HALF].map(|from| subsets_or(&has[c * CHUNK + from..]));
        for (row, h) in table.chunks_exact_mut(1 << HALF).zip(high) {
            for (entry, l) in row.iter_mut().zip(low) {
                *entry = core::array::from_fn(|k| h[k] | l[k]);
            }
        }
    }
}

/// Half of [`CHUNK`]'s bits.
const HALF: usize = CHUNK / 2;

/// The OR of the vectors of every subset of the first [`HALF`] of `has`, by subset.
#[allow(clippy::inline_always)] // see `pairs_blocked`
#[inline(always)]
fn subsets_or(has: &[Lanes]) -> [Lanes; 1 << HALF] {
    let mut ors = [[0; LANES]; 1 << HALF];
    // Each entry adds its lowest bit's vector to the entry without that bit.
    for i in 1..1usize << HALF {
        let (without, lowest) = (ors[i & (i - 1)], has[i.trailing_zeros() as usize]);
        ors[i] = core::array::from_fn(|k| without[k] | lowest[k]);
    }
    ors
}

/// The low 32 bits of a word.
const LOW: u64 = 0xffff_ffff;

/// Transposes a 64×64 bit matrix (`R = 64`): afterwards bit `j` of `a[i]` is what bit
/// `i` of `a[j]` was. The off-diagonal blocks of each size trade places, halving the
/// size from 32 down to 1 (the recursive transpose, done level by level). With `R =
/// 32`, the levels from 16 down transpose the words' low halves as one 32×32 matrix
/// and their high halves as another: bit `j` of `a[i]` and bit `32 + j` of it are
/// what bits `i` and `32 + i` of `a[j]` were.
#[allow(clippy::inline_always)] // see `pairs_blocked`
#[inline(always)]
fn transpose<const R: usize>(a: &mut [u64; R]) {
    let (mut width, mut mask) = if R == 64 {
        (32, LOW)
    } else {
        (16, 0x0000_ffff_0000_ffff_u64)
    };
    while width != 0 {
        for start in (0..R).step_by(2 * width) {
            for i in start..start + width {
                let swap = ((a[i] >> width) ^ a[i + width]) & mask;
                a[i] ^= swap << width;
                a[i + width] ^= swap;
            }
        }
        width /= 2;
        mask ^= mask << width;
    }
}

/// The pairs of `rows` with the first `lens[0]` words of the block whose tables are the
/// first `C` of `tables`, plus those with its first `lens[1]` words (words have at
/// most `8 * C` bits): a pair of weight 2 counts in both.
///
/// What is summed, slot by slot, is the rows that meet the slot's word, not those that
/// fit it: a fit is a slot left at zero, and the slots past a length would have to be
/// made to meet every row, an OR per row for each length. Summed this way, one pass
/// serves both lengths, each masked off where the sums are popcounted (once per eight
/// rows), and the fits are the pairs less the meetings. (The weight-1 band of the
/// reflection in the diagonal took a second pass before: 8.5% more row steps at n =
/// 18.)
#[allow(clippy::inline_always)] // see `pairs_blocked`
#[inline(always)]
fn count_block<const C: usize>(rows: &[u64], lens: [usize; 2], tables: &[Table]) -> u64 {
    let tables = &tables[..C];
    // The slots below each length.
    let masks = lens.map(|len| -> Lanes {
        core::array::from_fn(|k| {
            let used = len.saturating_sub(64 * k).min(64);
            if used == 64 { !0 } else { !(!0u64 << used) }
        })
    });
    let met = |word: u64| -> Lanes {
        let mut taken = tables[0][(word & 0xff) as usize];
        for (c, table) in tables.iter().enumerate().skip(1) {
            let entry = &table[((word >> (c * CHUNK)) & 0xff) as usize];
            for k in 0..LANES {
                taken[k] |= entry[k];
            }
        }
        taken
    };
    // The meetings within each length (the second only where it is a length).
    let within = |lanes: Lanes| -> [u64; 2] {
        let [first, second] =
            masks.map(|mask| popcount(core::array::from_fn(|k| lanes[k] & mask[k])));
        [first, if lens[1] == 0 { 0 } else { second }]
    };
    let add = |a: [u64; 2], b: [u64; 2], times: u64| [a[0] + times * b[0], a[1] + times * b[1]];
    // Harley-Seal: carry-save adders fold eight rows' vectors into the bit-sliced
    // counters `ones`, `twos`, `fours`; only the carries out, the eights, are
    // popcounted. Baseline x86-64 has no popcount instruction, and its SSE2 substitute
    // was half of this loop's instructions (count 18 --threads 1: 8.69 s -> 7.96 s).
    let (mut ones, mut twos, mut fours) = ([0; LANES], [0; LANES], [0; LANES]);
    let mut meetings = [0; 2];
    let mut groups = rows.chunks_exact(8);
    for g in &mut groups {
        let (two_a, one) = csa(ones, met(g[0]), met(g[1]));
        let (two_b, one) = csa(one, met(g[2]), met(g[3]));
        let (four_a, two) = csa(twos, two_a, two_b);
        let (two_a, one) = csa(one, met(g[4]), met(g[5]));
        let (two_b, one) = csa(one, met(g[6]), met(g[7]));
        let (four_b, two) = csa(two, two_a, two_b);
        let (eight, four) = csa(fours, four_a, four_b);
        (ones, twos, fours) = (one, two, four);
        meetings = add(meetings, within(eight), 8);
    }
    for &word in groups.remainder() {
        meetings = add(meetings, within(met(word)), 1);
    }
    for (sum, times) in [(fours, 4), (twos, 2), (ones, 1)] {
        meetings = add(meetings, within(sum), times);
    }
    let pairs = lens.map(|len| (rows.len() * len) as u64);
    pairs[0] - meetings[0] + pairs[1] - meetings[1]
}

/// Carry-save adder, bitwise: the carries and the sums of `a + b + c`.
#[allow(clippy::inline_always)] // see `pairs_blocked`
#[inline(always)]
fn csa(a: Lanes, b: Lanes, c: Lanes) -> (Lanes, Lanes) {
    let mut carry = [0; LANES];
    let mut sum = [0; LANES];
    for k in 0..LANES {
        let u = a[k] ^ b[k];
        carry[k] = (a[k] & b[k]) | (u & c[k]);
        sum[k] = u ^ c[k];
    }
    (carry, sum)
}

#[allow(clippy::inline_always)] // see `pairs_blocked`
#[inline(always)]
fn popcount(lanes: Lanes) -> u64 {
    lanes.iter().map(|l| u64::from(l.count_ones())).sum()
}

/// Pairs by definition, one AND per pair and each weighed by `rule` from the runs the
/// words are tagged with: what the tests check [`pairs`] against.
#[cfg(test)]
pub(crate) fn pairs_by_definition(tops: &[u64], bottoms: &[u64], rule: &Rule) -> u64 {
    let weight = |top: u64, bottom: u64| {
        let rank = |word| RANKS - 1 - tag_of(word) as usize;
        let [once, twice] = rule.needs(rank(top));
        u64::from(rank(bottom) >= once) + u64::from(rank(bottom) >= twice)
    };
    tops.iter()
        .flat_map(|&t| bottoms.iter().map(move |&b| (t, b)))
        .filter(|(t, b)| t & b & UNTAGGED == 0)
        .map(|(t, b)| weight(t, b))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A xorshift64 generator started at `state`: the tests' pseudo-random words.
    fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
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
        // A speed setting, not a count's: measured on the Xeon and, past 65,536 words,
        // the AMD EPYC (see `hot_bits`), and pinned so that it changes only on purpose.
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
            assert_eq!(split_on(len, 36), hot, "{len} words of 36 bits");
        }
        // 38 bits: 4 hot bits leave 34, five tables as before, so short lists are
        // paired whole; 5 leave 33, no fewer either, but lists of 8,192 are split.
        for (len, hot) in [(SPLIT_FROM, None), (8_191, None), (8_192, Some(5))] {
            assert_eq!(split_on(len, 38), hot, "{len} words of 38 bits");
        }
        // 42 bits: 4 leave 38, five tables instead of six. 40 bits: 4 leave 36, five.
        assert_eq!(split_on(SPLIT_FROM, 42), Some(4));
        assert_eq!(split_on(SPLIT_FROM, 40), None);
        assert_eq!(split_on(SPLIT_FROM - 1, 42), None);
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
            for batch in crate::count::batches::batches(n).step_by(step) {
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
        for hot in 4..=HOT_MAX {
            let split = split_pairs([tops, bottoms], bits, hot, rule, &mut Work::default());
            assert_eq!(split, wanted, "{rule:?}, {hot} hot bits");
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
                    let split = split_pairs(lists, 40, hot, &Rule::NONE, &mut Work::default());
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
