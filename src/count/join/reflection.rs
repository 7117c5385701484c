//! The join's fourth symmetry (feature `std`): the reflection in the main diagonal,
//! which with the mirror and the upside-down image that the batches use gives all
//! eight symmetries of the square on an even board.
//!
//! A placement has two sets of `n/2`: `S`, the columns of its top half's queens (what
//! a batch fixes), and `R`, the rows of its left half's queens. The mirror turns
//! `(S, R)` into `(S reversed, R's complement)`, upside down gives `(S's complement,
//! R reversed)`, and the reflection in the main diagonal swaps them: `(R, S)`.
//!
//! So take a class, a *shade*, of a set that neither reversal nor complement changes,
//! the same function for columns and for rows. The mirror and upside down keep
//! `shade(S)` and `shade(R)`; the reflection swaps them. Hence the placements with
//! `(shade(S), shade(R)) = (a, b)` are as many as those with `(b, a)`, and
//! `total = Σ_a [2·#(shade(R) > a) + #(shade(R) = a)]` over the placements with
//! `shade(S) = a`. A batch fixes `shade(S)`, so its pairs of halves are weighted 2
//! where `shade(R)` is larger, 1 where equal and 0 where smaller: about half of the
//! pairs weigh 0, and the pair count skips them a block at a time.
//!
//! The shade reads only the key positions (the first `k` and the last `k`, where the
//! batches' key columns are), so that every column set of a batch has the same one.
//! It is the unordered pair of the two ends' classes under complement, ordered by
//! its larger member, then its smaller one. A top half knows `R`'s first `k` rows (its
//! left part's rows), a bottom half `R`'s last `k`: each half carries its end's class
//! in the high bits of its word ([`tag`]), and [`Rule`] turns the pair into a weight.
//!
//! An odd board (`n = 2h + 1`) uses the reflection differently: by the queens of its
//! middle row and middle column, which the reflection swaps (`cross.rs`). Its
//! pairs all weigh 1 here ([`Rule::NONE`]).

use super::batches::{Batch, free, mirror};

/// Where a half's class starts in its word: past the `2n <= 54` bits of diagonals, with
/// room for the 10 bits of a class (n <= 27).
pub(crate) const TAG_SHIFT: u32 = 54;
/// The diagonal bits of a tagged word.
pub(crate) const UNTAGGED: u64 = (1 << TAG_SHIFT) - 1;

/// The key positions at each end of an `n`-board: those outside the free block.
pub(crate) fn ends(n: u32) -> u32 {
    (n - free(n).count_ones()) / 2
}

/// The class under complement of the `k`-bit set `end`: the smaller of it and its
/// complement.
pub(crate) fn end_class(k: u32, end: u32) -> u32 {
    let mask = (1u32 << k) - 1;
    (end & mask).min(!end & mask)
}

/// `word` with the class of its half's end rows `rows` (the rows, counted from the
/// half's own edge, whose queen stands in the left half) in its high bits.
pub(crate) fn tag(word: u64, k: u32, rows: u32) -> u64 {
    word | u64::from(end_class(k, rows)) << TAG_SHIFT
}

/// A half's end class from its tagged word, or its run once [`Rule::retag`] has
/// replaced the one by the other.
pub(crate) fn tag_of(word: u64) -> u32 {
    (word >> TAG_SHIFT) as u32
}

/// The shade of a set of columns (or rows) `set` of an even `n`-board: its two ends'
/// classes, larger first. (Reversal swaps the ends, complement keeps each class.)
fn shade(n: u32, set: u32) -> [u32; 2] {
    let k = ends(n);
    // The first k positions, and the last k reversed so that the mirror maps them onto
    // the first k (`end_class` reads the low k bits only).
    let taken = (1 << k) - 1;
    let [a, b] = [
        end_class(k, set & taken),
        end_class(k, mirror(n, set) & taken),
    ];
    [a.max(b), a.min(b)]
}

/// Ranks of an end class against a batch's shade `[p1, p2]` (`p1 >= p2`): 0 below
/// `p2`, 1 equal to `p2` (and below `p1`), 2 between them, 3 equal to `p1`, 4 above.
pub(crate) const RANKS: usize = 5;

/// Tags are below this: end classes are below `2^(k-1)` for `k <= 11` end positions
/// (n <= 27).
const CLASSES: usize = 1024;

/// How a batch weighs a pair of halves, from their tags (an even board's end classes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Rule {
    /// The batch's shade, larger first; `None` when the reflection is not used.
    shade: Option<[u32; 2]>,
    /// Each tag's run (see [`run`](Rule::run)), looked up rather than compared: the
    /// tags of a list come in no order, so comparisons would mispredict.
    runs: [u8; CLASSES],
}

impl Rule {
    /// Every fitting pair weighs 1.
    pub(crate) const NONE: Rule = Rule {
        shade: None,
        runs: [(RANKS - 1) as u8; CLASSES],
    };

    /// The rule of `batch`: by its shade on an even board, [`NONE`](Rule::NONE) on an
    /// odd one, which uses the reflection by its middle cross instead.
    pub(crate) fn of(batch: Batch) -> Rule {
        let n = u32::from(batch.n);
        if n % 2 == 1 {
            return Rule::NONE;
        }
        let mut rule = Rule {
            shade: Some(shade(n, batch.pattern)),
            runs: [0; CLASSES],
        };
        for class in 0..CLASSES {
            rule.runs[class] = (RANKS - 1 - rule.rank(class as u32)) as u8;
        }
        rule
    }

    /// The batch's shade, larger first (`None` without the reflection): with the board
    /// size, all a rule's runs depend on.
    pub(crate) fn shade(&self) -> Option<[u32; 2]> {
        self.shade
    }

    /// Where a half tagged `tag` goes when a list is sorted by rank, highest first:
    /// `RANKS - 1 - rank`.
    pub(crate) fn run(&self, tag: u32) -> usize {
        usize::from(self.runs[tag as usize])
    }

    /// The tag of a half whose end rows are `rows` (see [`tag`]) as the pair count
    /// reads it: its run rather than its class, so that sorting needs no lookup. `run`
    /// is the run of the half's end class ([`Rule::run`]), which the caller has
    /// already: it takes the choices of rows in that order.
    pub(crate) fn run_tag(&self, k: u32, rows: u32, run: usize) -> u64 {
        debug_assert_eq!(run, self.run(end_class(k, rows)));
        (run as u64) << TAG_SHIFT
    }

    /// `word`, tagged with its end class, tagged with its run instead.
    pub(crate) fn retag(&self, word: u64) -> u64 {
        (word & UNTAGGED) | (self.run(tag_of(word)) as u64) << TAG_SHIFT
    }

    /// The rank of a half whose end class is `class` (see [`RANKS`]); 0 for all
    /// without a shade.
    pub(crate) fn rank(&self, class: u32) -> usize {
        let Some([p1, p2]) = self.shade else {
            return 0;
        };
        match class {
            c if c > p1 => 4,
            c if c == p1 => 3,
            c if c > p2 => 2,
            c if c == p2 => 1,
            _ => 0,
        }
    }

    /// Whether a half of rank `rank` weighs more than 0 with any half at all, on a
    /// board with `k` end positions: not when it needs a partner above every end
    /// class there is (where the batch's larger class is the largest, no half ranks
    /// above it, and the halves below its smaller class pair with none).
    pub(crate) fn weighs(&self, rank: usize, k: u32) -> bool {
        self.needs(rank)[0] <= self.rank((1 << k.saturating_sub(1)) - 1)
    }

    /// For a half of rank `rank`, the least rank a partner needs to weigh at least 1
    /// (`[0]`) and to weigh 2 (`[1]`); [`RANKS`] means none. The relation is symmetric,
    /// so either list's halves may ask.
    pub(crate) fn needs(&self, rank: usize) -> [usize; 2] {
        let Some([p1, p2]) = self.shade else {
            return [0, RANKS];
        };
        // Shade (max, min) of the pair against (p1, p2), per rank of the asking half:
        // above p1, anything is above; equal to p1, a partner from p2 up is at least
        // equal and one above p2 is above (unless p1 = p2, where only above p1 is);
        // below p1, the partner must reach p1, and only a partner above p1 is above
        // unless the asking half itself is above p2.
        match rank {
            4 => [0, 0],
            3 => [1, if p1 > p2 { 2 } else { 4 }],
            2 => [3, 3],
            1 => [3, 4],
            _ => [4, 4],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::join::batches::batches;

    #[test]
    fn the_shade_is_kept_by_reversal_and_complement() {
        for n in [12u32, 14, 16, 18, 20, 22, 24] {
            let board = (1u32 << n) - 1;
            // Every 97th set of n/2 positions.
            for set in (0..1u32 << n)
                .filter(|s| s.count_ones() == n / 2)
                .step_by(97)
            {
                let reversed = mirror(n, set);
                let shade = |set| shade(n, set);
                assert_eq!(shade(set), shade(reversed), "n={n} {set:#x}");
                assert_eq!(shade(set), shade(board ^ set), "n={n} {set:#x}");
            }
        }
    }

    #[test]
    fn the_weights_follow_the_shades_by_definition() {
        // Against the definition: 2 if shade(R) > shade(S), 1 if equal, 0 if smaller,
        // for every pair of end classes and every batch's shade.
        for n in [12u32, 14, 16, 18, 20] {
            let k = ends(n);
            let classes = 1u32 << k.saturating_sub(1);
            for batch in batches(n) {
                let rule = Rule::of(batch);
                let s = shade(n, batch.pattern);
                for a in 0..classes {
                    for b in 0..classes {
                        let r = [a.max(b), a.min(b)];
                        let wanted = match r.cmp(&s) {
                            core::cmp::Ordering::Greater => 2,
                            core::cmp::Ordering::Equal => 1,
                            core::cmp::Ordering::Less => 0,
                        };
                        let (ra, rb) = (rule.rank(a), rule.rank(b));
                        assert_eq!(rule.run(a), RANKS - 1 - ra);
                        let [one, two] = rule.needs(ra);
                        let weight = usize::from(rb >= one) + usize::from(rb >= two);
                        assert_eq!(weight, wanted, "n={n} {s:?} classes {a} {b}");
                        // Asked from the other side, the same.
                        let [one, two] = rule.needs(rb);
                        assert_eq!(usize::from(ra >= one) + usize::from(ra >= two), wanted);
                    }
                    // A half weighs more than 0 with some half iff some class pairs
                    // with it above the batch's shade or at it (the quarter join
                    // makes no other halves).
                    let some = (0..classes).any(|b| [a.max(b), a.min(b)] >= s);
                    assert_eq!(rule.weighs(rule.rank(a), k), some, "n={n} {s:?} class {a}");
                }
            }
        }
    }

    #[test]
    fn without_a_shade_every_pair_weighs_one() {
        let rule = Rule::NONE;
        for class in 0..64 {
            let [one, two] = rule.needs(rule.rank(class));
            assert_eq!((one, two), (0, RANKS));
            assert_eq!(rule.run(class), RANKS - 1);
        }
        // An odd board's batches have no shade (`odd.rs` weighs its pairs by upside
        // down and by the middle cross instead).
        for n in [5u32, 13, 15, 17, 19] {
            for batch in batches(n) {
                let rule = Rule::of(batch);
                assert!(rule == Rule::NONE, "{batch:?}");
            }
        }
    }
}
