//! The join's hot loop (feature `std`): the number of pairs of half boards whose words
//! share no bit (the words are described in `join.rs`), counted bit-sliced over blocks
//! of 256 words, with a copy for AVX2 and POPCNT picked at run time. The join spends
//! most of its time here: two thirds of `count 18`'s, with quarters.

use std::vec::Vec;

/// Bottoms per block: four 64-bit lanes, which the compiler keeps in vector registers.
const LANES: usize = 4;
type Lanes = [u64; LANES];
pub(crate) const BLOCK: usize = 64 * LANES;

/// Mask bits per OR table: 256 entries per table.
const CHUNK: usize = 8;

/// The number of (top, bottom) pairs whose words share no bit; words have `bits` bits.
/// `tables` is room for the OR tables, kept by the caller across calls, so that they
/// are allocated once per subtask rather than once per class of every column set.
///
/// Long lists are first split on the few bits that both lists use most (the diagonals
/// through the middle of the cut): a top and a bottom that both have one of those bits
/// never fit, so only the compatible classes are paired. Both lists are sorted by
/// class once, so a class's partners are whole groups to copy, not a filter per class.
/// Measured while writing, with throwaway instrumentation: at n = 18 the split leaves
/// a third of the pairs to compare (1.7e11 of 5.1e11); pairing every 31st column set
/// of n = 18 took 150 ms instead of 200 ms with the groups copied, 134 ms with the hot
/// bits dropped from the words; 5 hot bits measured the same, 6 slower.
pub(crate) fn pairs(tops: &[u64], bottoms: &[u64], bits: u32, tables: &mut Vec<Table>) -> u64 {
    if tops.is_empty() || bottoms.is_empty() {
        return 0;
    }
    if tops.len().min(bottoms.len()) < SPLIT_FROM {
        return pairs_blocked(tops, bottoms, bits, tables);
    }
    let low = hot_window(tops, bottoms, bits);
    let class_of = |word: u64| ((word >> low) & ((1 << HOT) - 1)) as usize;
    // Within a pair of classes the hot bits are settled, so they leave the words: n = 18's
    // 36 bits become 32, one OR table fewer.
    let without_hot = |word: u64| (word & ((1 << low) - 1)) | ((word >> (low + HOT as u32)) << low);
    let (bottoms, bottom_starts) = by_class(bottoms, class_of, without_hot);
    let (tops, top_starts) = by_class(tops, class_of, without_hot);
    let mut count = 0;
    let mut fitting = Vec::with_capacity(tops.len());
    for class in 0..1 << HOT {
        let members = &bottoms[bottom_starts[class]..bottom_starts[class + 1]];
        if members.is_empty() {
            continue;
        }
        // The tops without any of this class's hot bits: whole groups, copied.
        fitting.clear();
        for other in (0..1 << HOT).filter(|other| other & class == 0) {
            fitting.extend_from_slice(&tops[top_starts[other]..top_starts[other + 1]]);
        }
        count += pairs_blocked(&fitting, members, bits - HOT as u32, tables);
    }
    count
}

/// `list` sorted by class (a counting sort, stable) and each word rewritten by `map`,
/// and where each class starts.
fn by_class(
    list: &[u64],
    class_of: impl Fn(u64) -> usize,
    map: impl Fn(u64) -> u64,
) -> (Vec<u64>, [usize; (1 << HOT) + 1]) {
    let mut starts = [0; (1 << HOT) + 1];
    for &word in list {
        starts[class_of(word) + 1] += 1;
    }
    for class in 0..1 << HOT {
        starts[class + 1] += starts[class];
    }
    let mut next = starts;
    let mut sorted = std::vec![0; list.len()];
    for &word in list {
        let class = class_of(word);
        sorted[next[class]] = map(word);
        next[class] += 1;
    }
    (sorted, starts)
}

/// Lists shorter than this are paired whole: their classes would be nearly empty.
const SPLIT_FROM: usize = 2048;
/// Bits the long lists are split on.
const HOT: usize = 4;

/// The lowest of the `HOT` adjacent bits with the largest sum, over the bits, of the
/// product of how many tops and how many bottoms have them (ties to the lower bits, so
/// the choice is deterministic). Adjacent, so that a shift and a mask take the class
/// and drop it from the word: the hot bits are neighbouring diagonals through the
/// middle of the cut anyway. About `HOT_SAMPLE` words spread over each list stand for
/// it: the choice only steers the speed, so a sample is enough.
fn hot_window(tops: &[u64], bottoms: &[u64], bits: u32) -> u32 {
    let usage = |list: &[u64]| {
        let mut uses = [0usize; 64];
        for &word in list.iter().step_by(list.len().div_ceil(HOT_SAMPLE)) {
            let mut rest = word;
            while rest != 0 {
                uses[rest.trailing_zeros() as usize] += 1;
                rest &= rest - 1;
            }
        }
        uses
    };
    let (top, bottom) = (usage(tops), usage(bottoms));
    let score = |low: u32| -> usize {
        (low..low + HOT as u32)
            .map(|bit| top[bit as usize] * bottom[bit as usize])
            .sum()
    };
    // The first window with the largest score.
    (0..=bits - HOT as u32)
        .rev()
        .max_by_key(|&low| score(low))
        .unwrap_or(0)
}

/// Words per list that [`hot_window`] looks at.
const HOT_SAMPLE: usize = 512;

/// [`pairs`] without the split: bit-sliced over blocks of the shorter list.
///
/// For a block of 256 words, one 256-bit vector per mask bit says which words have it;
/// tables hold the OR of those vectors for every value of 8 mask bits. A word of the
/// other list then ORs one table entry per 8 bits, and the slots left at zero fit it.
/// Blocking the shorter list builds fewer tables (n = 18: 13.8 s against 15.8 s with
/// the longer one).
// The copy for AVX2 and POPCNT gets them only in the code compiled into it, so the
// functions it calls are `inline(always)`: with plain `inline`, `count 18 --threads 1`
// took 3.39-3.47 s against 2.65-2.72 s.
#[multiversion::multiversion(targets("x86_64+avx2+popcnt"))]
fn pairs_blocked(tops: &[u64], bottoms: &[u64], bits: u32, tables: &mut Vec<Table>) -> u64 {
    let (rows, blocked) = if tops.len() <= bottoms.len() {
        (bottoms, tops)
    } else {
        (tops, bottoms)
    };
    if rows.is_empty() {
        return 0;
    }
    let chunks = (bits as usize).div_ceil(CHUNK);
    // Every entry is written by `fill_tables` before it is read.
    tables.resize(chunks, [[0; LANES]; 1 << CHUNK]);
    let tables = &mut tables[..chunks];
    let mut count = 0;
    for block in blocked.chunks(BLOCK) {
        fill_tables(block, tables);
        // The number of tables as a constant, so that the loop over them unrolls with
        // constant shifts and no bounds checks (count 18 --threads 1: 8.85 s -> 8.69 s).
        count += match chunks {
            1 => count_block::<1>(rows, block.len(), tables),
            2 => count_block::<2>(rows, block.len(), tables),
            3 => count_block::<3>(rows, block.len(), tables),
            4 => count_block::<4>(rows, block.len(), tables),
            5 => count_block::<5>(rows, block.len(), tables),
            6 => count_block::<6>(rows, block.len(), tables),
            7 => count_block::<7>(rows, block.len(), tables),
            _ => count_block::<8>(rows, block.len(), tables),
        };
    }
    count
}

/// One OR table: the OR of the slot vectors of every subset of 8 mask bits.
pub(crate) type Table = [Lanes; 1 << CHUNK];

/// Builds the OR tables of one block (see [`pairs`]).
#[allow(clippy::inline_always)] // see `pairs_blocked`
#[inline(always)]
fn fill_tables(block: &[u64], tables: &mut [Table]) {
    let mut has = [[0u64; LANES]; 64];
    for (j, &word) in block.iter().enumerate() {
        let mut rest = word;
        while rest != 0 {
            has[rest.trailing_zeros() as usize][j / 64] |= 1 << (j % 64);
            rest &= rest - 1;
        }
    }
    for (c, table) in tables.iter_mut().enumerate() {
        table[0] = [0; LANES];
        // Each entry adds its lowest bit's vector to the entry without that bit.
        for i in 1..1usize << CHUNK {
            let (without, lowest) = (
                table[i & (i - 1)],
                has[c * CHUNK + i.trailing_zeros() as usize],
            );
            table[i] = core::array::from_fn(|k| without[k] | lowest[k]);
        }
    }
}

/// The pairs of `rows` with the `len` words whose tables are the first `C` of `tables`
/// (words have at most `8 * C` bits).
#[allow(clippy::inline_always)] // see `pairs_blocked`
#[inline(always)]
fn count_block<const C: usize>(rows: &[u64], len: usize, tables: &[Table]) -> u64 {
    let tables = &tables[..C];
    // Slots past the block's end count as taken.
    let padding: Lanes = core::array::from_fn(|k| {
        let used = len.saturating_sub(64 * k).min(64);
        if used == 64 { 0 } else { !0u64 << used }
    });
    let free = |word: u64| -> Lanes {
        let mut taken = padding;
        for (c, table) in tables.iter().enumerate() {
            let entry = &table[((word >> (c * CHUNK)) & 0xff) as usize];
            for k in 0..LANES {
                taken[k] |= entry[k];
            }
        }
        taken.map(|t| !t)
    };
    // Harley-Seal: carry-save adders fold eight rows' vectors into the bit-sliced
    // counters `ones`, `twos`, `fours`; only the carries out, the eights, are
    // popcounted. Baseline x86-64 has no popcount instruction, and its SSE2 substitute
    // was half of this loop's instructions (count 18 --threads 1: 8.69 s -> 7.96 s).
    let (mut ones, mut twos, mut fours) = ([0; LANES], [0; LANES], [0; LANES]);
    let mut eights = 0;
    let mut groups = rows.chunks_exact(8);
    for g in &mut groups {
        let (two_a, one) = csa(ones, free(g[0]), free(g[1]));
        let (two_b, one) = csa(one, free(g[2]), free(g[3]));
        let (four_a, two) = csa(twos, two_a, two_b);
        let (two_a, one) = csa(one, free(g[4]), free(g[5]));
        let (two_b, one) = csa(one, free(g[6]), free(g[7]));
        let (four_b, two) = csa(two, two_a, two_b);
        let (eight, four) = csa(fours, four_a, four_b);
        (ones, twos, fours) = (one, two, four);
        eights += popcount(eight);
    }
    let rest: u64 = groups.remainder().iter().map(|&w| popcount(free(w))).sum();
    8 * eights + 4 * popcount(fours) + 2 * popcount(twos) + popcount(ones) + rest
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

/// Pairs by definition, one AND per pair: what the tests check [`pairs`] against.
#[cfg(test)]
pub(crate) fn pairs_by_definition(tops: &[u64], bottoms: &[u64]) -> u64 {
    tops.iter()
        .map(|t| bottoms.iter().filter(|&&b| t & b == 0).count() as u64)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bit_sliced_count_equals_the_definition() {
        // Pseudo-random words with about a third of 40 bits set, lists of sizes around
        // and across the block size.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state & (state >> 1) & 0xff_ffff_ffff
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
            assert_eq!(
                pairs(&tops, &bottoms, 40, &mut Vec::new()),
                pairs_by_definition(&tops, &bottoms),
                "{t} x {b}"
            );
        }
    }
}
