//! The pair count of two lists, bit-sliced: for a block of 256 words of one list, one
//! 256-bit vector per diagonal bit says which words have it, and tables hold the OR of
//! those vectors for every value of 8 bits. A word of the other list then ORs one
//! table entry per 8 bits, and the slots left at zero fit it.

use std::vec::Vec;

use super::{BLOCK, CHUNK, LANES, Lanes, tables_for};
#[cfg(test)]
use crate::count::join::reflection::tag_of;
use crate::count::join::reflection::{RANKS, Rule, UNTAGGED};

/// [`pairs`](super::pairs) within one class: bit-sliced over blocks of the shorter list. Each list
/// comes with its runs of ranks, highest first (`runs[r]..runs[r + 1]`).
///
/// For a block of 256 words, one 256-bit vector per mask bit says which words have it;
/// tables hold the OR of those vectors for every value of 8 mask bits. A word of the
/// other list then ORs one table entry per 8 bits, and the slots left at zero fit it.
/// Blocking the shorter list builds fewer tables.
///
/// The partners a row may weigh with are those of at least some rank: a prefix of the
/// blocked list, so a block is counted for a run of rows up to that prefix's end (the
/// slots past it count as taken), and not at all past it. That skip is what the
/// reflection in the diagonal saves.
///
/// Compiled twice, as plain code and for AVX2 and POPCNT (`dispatch.rs` picks one).
/// The AVX2 copy gets those instructions only in code compiled into it, so this and
/// every function it calls are `inline(always)`: with plain `inline` the calls stay
/// baseline code, and the whole count is about a quarter slower.
#[allow(clippy::inline_always)]
#[inline(always)]
pub(super) fn pairs_blocked(
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
/// filtered for their middle queen, are often that short.
#[allow(clippy::inline_always)] // see `pairs_blocked`
#[inline(always)]
pub(super) fn direct(rows: usize, blocked: usize) -> bool {
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
/// unrolls with constant shifts and no bounds checks.
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
pub(super) type Table = [Lanes; 1 << CHUNK];

/// Builds the OR tables of one block (see [`pairs_blocked`]).
#[allow(clippy::inline_always)] // see `pairs_blocked`
#[inline(always)]
fn fill_tables(block: &[u64], tables: &mut [Table]) {
    // Which words have each bit: the block's bit matrix transposed, 64 words at a
    // time. (Setting one bit per set bit of every word took a third of the pair
    // count's instructions at n = 18: each block is filled for a few thousand rows.)
    let mut has = [[0u64; LANES]; 64];
    // Words of at most 32 bits (n = 16, and 18's once split) are transposed as two
    // 32×32 matrices side by side, half the work of one 64×64.
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
pub(super) fn transpose<const R: usize>(a: &mut [u64; R]) {
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
/// rows), and the fits are the pairs less the meetings.
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
    // was half of this loop's instructions.
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
/// words are tagged with: what the tests check [`pairs`](super::pairs) against.
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
