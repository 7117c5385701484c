//! Words narrowed to the bits that both lists use. A bit that one list never has
//! cannot make a pair meet, so it can leave every word of both lists. The diagonals
//! at the board's edges, and some near them, are often such bits. Narrower words can
//! take one OR table fewer in the pair count (`kernel.rs`).

use super::tables_for;
use crate::count::join::reflection::UNTAGGED;

/// The most runs of adjacent bits a [`Squeeze`] moves: each costs three instructions
/// per word.
const RUNS: usize = 3;

/// A way to narrow words: [`RUNS`] runs of bits, each shifted down to sit just above
/// the one before. Words keep what the kept bits say about their pairs: two words
/// share a kept bit iff their narrowed words share a bit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::count::join) struct Squeeze {
    /// How far each run moves down.
    shifts: [u32; RUNS],
    /// Where each run lands (zero for a run not used).
    masks: [u64; RUNS],
    /// The width of the narrowed words.
    bits: u32,
}

impl Squeeze {
    /// Keeps every bit of `keep` (which holds no tag bits), and a few more where its
    /// bits make more than [`RUNS`] runs: then the shortest gaps between runs stay.
    /// At least one bit is kept, so that the narrowed words still take a table.
    pub(in crate::count::join) fn keeping(keep: u64) -> Squeeze {
        debug_assert_eq!(keep & !UNTAGGED, 0, "a tag is no diagonal");
        let mut keep = keep.max(1);
        while runs(keep) > RUNS {
            keep = with_shortest_gap_filled(keep);
        }
        let (mut shifts, mut masks, mut bits) = ([0; RUNS], [0; RUNS], 0);
        for j in 0..RUNS {
            if keep == 0 {
                break;
            }
            let start = keep.trailing_zeros();
            let len = (keep >> start).trailing_ones();
            shifts[j] = start - bits;
            masks[j] = ((1 << len) - 1) << bits;
            bits += len;
            keep &= !(((1 << len) - 1) << start);
        }
        Squeeze {
            shifts,
            masks,
            bits,
        }
    }

    /// The narrowed diagonals of `word`. Its other bits, its tag included, land
    /// outside every run's place, so they are left out.
    #[inline]
    pub(super) fn diagonals(&self, word: u64) -> u64 {
        let mut out = 0;
        for j in 0..RUNS {
            out |= (word >> self.shifts[j]) & self.masks[j];
        }
        out
    }

    /// Each run's shift down and the place it lands on, lowest first (a shift of 0
    /// and no place for a run not used).
    pub(in crate::count::join) fn runs(&self) -> [(u32, u64); RUNS] {
        core::array::from_fn(|j| (self.shifts[j], self.masks[j]))
    }

    /// The width of the narrowed words.
    pub(in crate::count::join) fn bits(&self) -> u32 {
        self.bits
    }

    /// Whether narrowed words take fewer OR tables than words of `bits` bits.
    pub(in crate::count::join) fn saves_a_table(&self, bits: u32) -> bool {
        tables_for(self.bits) < tables_for(bits)
    }
}

/// `bits` with its shortest gap between two runs of set bits (the lowest of the
/// shortest) filled. `bits` has at least two runs.
fn with_shortest_gap_filled(bits: u64) -> u64 {
    // Bit `i` of `gaps` is a clear bit of `bits` with set bits above and below it.
    let above = !((bits & bits.wrapping_neg()) - 1) & !(bits & bits.wrapping_neg());
    let below = u64::MAX >> bits.leading_zeros();
    let gaps = !bits & above & below;
    let (mut shortest, mut at, mut rest) = (u32::MAX, 0, gaps);
    while rest != 0 {
        let start = rest.trailing_zeros();
        let len = (rest >> start).trailing_ones();
        if len < shortest {
            (shortest, at) = (len, start);
        }
        rest &= !(((1 << len) - 1) << start);
    }
    bits | ((1 << shortest) - 1) << at
}

/// How many runs of adjacent set bits `bits` has.
fn runs(bits: u64) -> usize {
    // A run starts at each set bit whose lower neighbour is clear.
    (bits & !(bits << 1)).count_ones() as usize
}

/// The diagonal bits, of the first `bits`, that some word of each list has: every other
/// bit is one that no pair of the lists shares.
pub(super) fn shared_bits(tops: &[u64], bottoms: &[u64], bits: u32) -> u64 {
    let width = if bits >= 64 { !0 } else { (1u64 << bits) - 1 };
    any_bits(tops) & any_bits(bottoms) & width
}

/// The diagonal bits that some word of `list` has.
pub(in crate::count::join) fn any_bits(list: &[u64]) -> u64 {
    // Eight words at a time, so that the ORs are not one chain.
    let mut lanes = [0u64; 8];
    let (chunks, rest) = list.as_chunks::<8>();
    for chunk in chunks {
        for (lane, word) in lanes.iter_mut().zip(chunk) {
            *lane |= word;
        }
    }
    lanes.iter().chain(rest).fold(0, |all, word| all | word) & UNTAGGED
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::join::pairs::tests::xorshift;
    use crate::count::join::reflection::TAG_SHIFT;
    use std::vec::Vec;

    /// The bits a squeeze keeps, read back through its runs.
    fn kept(squeeze: &Squeeze) -> u64 {
        squeeze
            .runs()
            .iter()
            .fold(0, |all, &(shift, place)| all | place << shift)
    }

    #[test]
    fn a_squeeze_keeps_exactly_its_bits_where_they_make_few_runs() {
        for (keep, bits) in [
            (0b1, 1),
            (0b1011_0110, 5),
            (0xff << 40 | 0xf, 12),
            (UNTAGGED, TAG_SHIFT),
            ((1 << 53) | 1, 2),
        ] {
            let squeeze = Squeeze::keeping(keep);
            assert_eq!(kept(&squeeze), keep, "{keep:#x}");
            assert_eq!(squeeze.bits(), bits, "{keep:#x}");
            assert_eq!(squeeze.diagonals(keep), (1 << bits) - 1, "{keep:#x}");
        }
        // Nothing to keep: one bit all the same, so that the words take one table.
        assert_eq!(Squeeze::keeping(0), Squeeze::keeping(1));
        assert_eq!(Squeeze::keeping(0).bits(), 1);
    }

    #[test]
    fn more_runs_than_a_squeeze_moves_fill_their_shortest_gaps() {
        // Runs at 0-1, 4, 6-7, 11: gaps of 2, 1 and 3 bits. The gap of one (bit 5)
        // fills first, then the gap of two (bits 2-3).
        let keep = 0b1000_1101_0011;
        assert_eq!(runs(keep), 4);
        assert_eq!(with_shortest_gap_filled(keep), keep | 1 << 5);
        // The clear bits below the lowest run, one here, are no gap, nor are those
        // above the highest.
        let high = keep << 1;
        assert_eq!(with_shortest_gap_filled(high), high | 1 << 6);
        let squeeze = Squeeze::keeping(keep);
        assert_eq!(kept(&squeeze), keep | 1 << 5);
        assert_eq!(squeeze.bits(), 7);
        // A gap of several bits is filled whole: runs at 0, 3, 7 and 12.
        assert_eq!(
            with_shortest_gap_filled(0b1_0000_1000_1001),
            0b1_0000_1000_1111
        );
        // Ties go to the lowest gap: runs at 0, 2, 4, 6, each one bit apart.
        assert_eq!(with_shortest_gap_filled(0b101_0101), 0b101_0111);
        let many = Squeeze::keeping(0b101_0101);
        assert_eq!(kept(&many), 0b101_0111);
        assert_eq!(runs(0), 0);
        assert_eq!(runs(0b1011_0110), 3);
    }

    #[test]
    fn narrowed_words_share_a_bit_exactly_when_they_shared_a_kept_one() {
        // Random masks of every density, random tagged words: a pair of narrowed
        // words meets iff the words met on a kept bit, the tag never lands in the
        // narrowed word, and no narrowed word passes the squeeze's width.
        let mut random = xorshift(0x3c6e_f372_fe94_f82b);
        let tag = !UNTAGGED;
        for round in 0..200 {
            let keep = match round % 4 {
                0 => random() & random(),
                1 => random(),
                2 => random() | random(),
                _ => random() & (random() | random()),
            } & UNTAGGED;
            let squeeze = Squeeze::keeping(keep);
            let kept = kept(&squeeze);
            assert_eq!(kept & keep, keep, "{keep:#x}: every bit kept");
            assert_eq!(runs(kept), runs(kept).min(RUNS), "{keep:#x}");
            assert_eq!(u64::from(squeeze.bits()), u64::from(kept.count_ones()));
            let words: Vec<u64> = (0..24).map(|_| random() & random()).collect();
            for &a in &words {
                let narrow = squeeze.diagonals(a);
                assert!(narrow < 1 << squeeze.bits(), "{keep:#x}");
                assert_eq!(narrow.count_ones(), (a & kept).count_ones(), "{keep:#x}");
                assert_eq!(squeeze.diagonals(a | tag), narrow, "the tag is left out");
                for &b in &words {
                    let met = a & b & kept != 0;
                    assert_eq!(narrow & squeeze.diagonals(b) != 0, met, "{keep:#x}");
                }
            }
        }
    }

    #[test]
    fn shared_bits_are_those_some_word_of_each_list_has() {
        // Lengths around the eight words taken at once, tags that are no diagonal,
        // and the width cut off.
        let mut random = xorshift(0xa54f_f53a_5f1d_36f1);
        for (t, b) in [(0, 3), (1, 1), (7, 9), (8, 16), (17, 5), (100, 63)] {
            let mut list = |len| -> Vec<u64> { (0..len).map(|_| random() & random()).collect() };
            let (tops, bottoms) = (list(t), list(b));
            let or = |l: &[u64]| l.iter().fold(0, |a, w| a | w) & UNTAGGED;
            assert_eq!(any_bits(&tops), or(&tops), "{t} words");
            for bits in [1, 20, 40, TAG_SHIFT] {
                let wanted = or(&tops) & or(&bottoms) & ((1 << bits) - 1);
                assert_eq!(shared_bits(&tops, &bottoms, bits), wanted, "{t} x {b}");
            }
        }
        assert_eq!(shared_bits(&[!0], &[!0], 64), UNTAGGED);
    }

    #[test]
    fn a_squeeze_saves_a_table_only_where_its_width_takes_fewer() {
        let of_width = |bits: u32| Squeeze::keeping((1 << bits) - 1);
        assert!(of_width(32).saves_a_table(33));
        assert!(!of_width(32).saves_a_table(32));
        assert!(!of_width(33).saves_a_table(40));
        assert!(of_width(24).saves_a_table(25));
        assert!(!of_width(25).saves_a_table(25));
    }
}
