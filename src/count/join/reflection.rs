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
//! An odd board (`n = 2h + 1`) has a middle row, whose queen stands in some column `c`,
//! and a middle column, whose queen stands in some row `r`. `S` is then a set of `h`
//! columns without `c`, and `R` a set of `h` rows without `r`. The mirror gives
//! `(S reversed, c mirrored)` and `(R's complement without r, r)`, upside down `(S's
//! complement without c, c)` and `(R reversed, r mirrored)`, and the reflection swaps
//! `(S, c)` with `(R, r)`. So the same holds with `(S, c)` for `S` and `(R, r)` for `R`,
//! if the class reads an end as its positions without the middle queen's (complement
//! is then complement again) and says where that queen stands when it stands in an
//! end: [`class`] of an end *descriptor*. Odd boards' halves are tagged with their
//! end's descriptor (the rows of its left queens, and the row of its queen in the
//! middle column if that is an end row), and an odd board's rule depends on the middle
//! row's queen as well as on the batch ([`Rule::odd`]). The upside-down weight of
//! `odd.rs` and this one multiply: upside down keeps both shades, so over each pair
//! of a placement and its upside-down image the reflection's weights are equal, and the
//! upside-down weights add up to 2.
//!
//! The descriptor has `k` bits of rows and 3 bits for the middle queen's row, so it
//! fits the tag's 10 bits up to `k = 7` (n = 21, [`describable`]); past that an odd
//! board's pairs weigh 1 each ([`Rule::NONE`]). Below 19 the reflection costs an odd
//! board more than it saves, so its counts do without ([`reflects_odd`]).

use std::vec::Vec;

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

/// A half's end class (an odd board's: its end descriptor) from its tagged word, or
/// its run once [`Rule::retag`] has replaced the one by the other.
pub(crate) fn tag_of(word: u64) -> u32 {
    (word >> TAG_SHIFT) as u32
}

/// The most end positions at which an odd board can use the reflection: its end
/// descriptors (`k` bits and 3) then fit a tag.
const ODD_ENDS_UP_TO: u32 = 7;

/// Whether an odd `n`-board's halves can carry end descriptors, and so its pairs be
/// weighed by the reflection: up to n = 21.
pub(crate) fn describable(n: u32) -> bool {
    n % 2 == 1 && ends(n) <= ODD_ENDS_UP_TO
}

/// The smallest odd board whose count uses the reflection. It saves a share of the
/// pair count, but its lists cost more to make and filter (sorted by class, tagged
/// for each middle queen), and below 19 the pair count is too small a part for that
/// (docs/benchmarks.md, "The reflection on odd boards"). Where memory is slower
/// against the cores, the break-even may sit elsewhere.
const ODD_REFLECTS_FROM: u32 = 19;

/// Whether an odd `n`-board's count uses the reflection: n = 19 and 21.
pub(crate) fn reflects_odd(n: u32) -> bool {
    describable(n) && n >= ODD_REFLECTS_FROM
}

/// The class of an end descriptor `end` of `k` positions: its low `k` bits are the
/// positions taken (rows with a left queen, or columns of the set), and the bits above
/// are `p + 1` where the middle queen stands at position `p` of the end, 0 where it
/// does not stand in this end. Without the middle queen, the class under complement
/// ([`end_class`]); with it, its position and the class of the other `k - 1` positions,
/// numbered above every class without it. The shades' order decides which pairs
/// weigh 0, and numbered below them, more pairs were counted.
pub(crate) fn class(k: u32, end: u32) -> u32 {
    let mark = end >> k;
    if mark == 0 {
        return end_class(k, end);
    }
    // The middle queen's position is no position taken: close the gap it leaves.
    let (p, taken) = (mark - 1, end & ((1 << k) - 1));
    let rest = (taken & ((1 << p) - 1)) | (taken >> (p + 1)) << p;
    (mark << (k - 1)) + end_class(k - 1, rest)
}

/// The class of `tag` if it is an end descriptor of `k` positions (its mark at most
/// `k`, see [`class`]).
fn described_class(k: u32, tag: u32) -> Option<u32> {
    (tag >> k <= k).then(|| class(k, tag))
}

/// The end descriptors' mark (see [`class`]) of a middle queen at position `p` of an
/// end of `k` positions, or 0 if `p` is not in that end.
pub(crate) fn mark(k: u32, p: u32) -> u32 {
    if p < k { (p + 1) << k } else { 0 }
}

/// Each tag's place in the order of end classes, highest first, on an odd board that
/// uses the reflection: a list sorted by place is in runs of rank under every rule,
/// since a rule's rank grows with the class (`odd.rs` filters such lists for each
/// middle queen). Elsewhere one place for all.
pub(crate) struct Places {
    places: Vec<u16>,
    /// How many places there are.
    count: usize,
}

/// More than every class: below `(k + 1)·2^(k-1)` for `k` up to 7.
pub(crate) const PLACES: usize = 512;

impl Places {
    pub(crate) fn of(n: u32) -> Places {
        let all = 1u32 << (64 - TAG_SHIFT);
        if !describable(n) {
            return Places {
                places: std::vec![0; all as usize],
                count: 1,
            };
        }
        let k = ends(n);
        let class = |tag: u32| described_class(k, tag);
        let mut classes: Vec<u32> = (0..all).filter_map(class).collect();
        classes.sort_unstable_by(|a, b| b.cmp(a));
        classes.dedup();
        let place = |tag| {
            let found = class(tag).and_then(|c| classes.iter().position(|&d| d == c));
            found.unwrap_or(0) as u16
        };
        Places {
            places: (0..all).map(place).collect(),
            count: classes.len(),
        }
    }

    /// The place of a tagged word's class.
    pub(crate) fn place(&self, word: u64) -> usize {
        usize::from(self.places[tag_of(word) as usize])
    }

    /// Writes `list` to `out` (as long) sorted by place, that is by class, highest
    /// first: a counting sort, stable.
    pub(crate) fn sort(&self, list: &[u64], out: &mut [u64]) {
        let mut starts = [0u32; PLACES + 1];
        for &word in list {
            starts[self.place(word) + 1] += 1;
        }
        for i in 1..=self.count {
            starts[i] += starts[i - 1];
        }
        for &word in list {
            let at = &mut starts[self.place(word)];
            out[*at as usize] = word;
            *at += 1;
        }
    }
}

/// The shade of a set of columns (or rows) `set` of an `n`-board, on an odd board with
/// the middle queen's position `middle` (not in `set`): its two ends' classes, larger
/// first. (Reversal swaps the ends, complement keeps each class.)
fn shade(n: u32, set: u32, middle: Option<u32>) -> [u32; 2] {
    let k = ends(n);
    // The first k positions, and the last k reversed so that the mirror maps them onto
    // the first k (`class` reads the low k bits and the mark only).
    let taken = (1 << k) - 1;
    let mark = |p: Option<u32>| p.map_or(0, |p| mark(k, p));
    let [a, b] = [
        class(k, set & taken | mark(middle)),
        class(k, mirror(n, set) & taken | mark(middle.map(|c| n - 1 - c))),
    ];
    [a.max(b), a.min(b)]
}

/// Ranks of an end class against a batch's shade `[p1, p2]` (`p1 >= p2`): 0 below
/// `p2`, 1 equal to `p2` (and below `p1`), 2 between them, 3 equal to `p1`, 4 above.
pub(crate) const RANKS: usize = 5;

/// Tags are below this: end classes are below `2^(k-1)` for `k <= 11` end positions
/// (n <= 27), end descriptors below `2^(k+3)` for `k <= 7`.
const CLASSES: usize = 1024;

/// How a batch weighs a pair of halves, from their tags: an even board's end classes,
/// an odd board's end descriptors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Rule {
    /// The batch's shade, larger first; `None` when the reflection is not used.
    shade: Option<[u32; 2]>,
    /// Each tag's run (see [`run`](Rule::run)), looked up rather than compared: the
    /// tags of a list come in no order, so comparisons would mispredict.
    runs: [u8; CLASSES],
    /// Whether the halves are tagged with their end descriptors, unweighed and
    /// unsorted ([`Rule::ENDS`]).
    describes: bool,
}

impl Rule {
    /// Every fitting pair weighs 1.
    pub(crate) const NONE: Rule = Rule {
        shade: None,
        runs: [(RANKS - 1) as u8; CLASSES],
        describes: false,
    };

    /// No weight yet: halves built under this rule are tagged with their end
    /// descriptors (see [`class`]) in one run, for an odd board's lists that serve
    /// several middle queens and so several rules (`odd.rs`).
    pub(crate) const ENDS: Rule = Rule {
        describes: true,
        ..Rule::NONE
    };

    /// The rule of `batch`: by its shade on an even board, [`NONE`](Rule::NONE) on an
    /// odd one, whose rule depends on the middle queen too ([`Rule::odd`]).
    pub(crate) fn of(batch: Batch) -> Rule {
        let n = u32::from(batch.n);
        if n % 2 == 1 {
            return Rule::NONE;
        }
        Rule::with_shade(shade(n, batch.pattern, None), |class| class)
    }

    /// The rule of an odd board's batch with top key columns `pattern` and its middle
    /// row's queen in the key column `middle`, or in any free column (`None`): by the
    /// shade of (`S`, the middle queen's column), looked up by end descriptor.
    /// [`NONE`](Rule::NONE) past [`describable`].
    pub(crate) fn odd(n: u32, pattern: u32, middle: Option<u32>) -> Rule {
        if !describable(n) {
            return Rule::NONE;
        }
        let k = ends(n);
        let describe = |tag: u32| described_class(k, tag).unwrap_or(0);
        Rule::with_shade(shade(n, pattern, middle), describe)
    }

    /// The rule weighing by `shade`, where a half tagged `t` has the class `class(t)`.
    fn with_shade(shade: [u32; 2], class: impl Fn(u32) -> u32) -> Rule {
        let mut rule = Rule {
            shade: Some(shade),
            runs: [0; CLASSES],
            describes: false,
        };
        for tag in 0..CLASSES {
            rule.runs[tag] = (RANKS - 1 - rule.rank(class(tag as u32))) as u8;
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

    /// Whether halves are tagged with their end descriptors ([`Rule::ENDS`]).
    pub(crate) fn describes(&self) -> bool {
        self.describes
    }

    /// The tag of a half whose end rows are `rows` (see [`tag`]) as the pair count
    /// reads it: its run rather than its class, so that sorting needs no lookup; under
    /// [`Rule::ENDS`], the rows of its end descriptor (to which its right part adds
    /// the middle column's queen). `run` is the run of the half's end class
    /// ([`Rule::run`]), which the caller has already: it takes the choices of rows
    /// in that order (unused under [`Rule::ENDS`]).
    pub(crate) fn run_tag(&self, k: u32, rows: u32, run: usize) -> u64 {
        if self.describes {
            return u64::from(rows & ((1 << k) - 1)) << TAG_SHIFT;
        }
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
    use crate::count::join::batches::{batches, middles};

    #[test]
    fn the_sort_by_place_is_a_stable_sort_at_every_length() {
        // Tags spread over the places in a scrambled order, each word numbered in its
        // low bits, so that a stable sort keeps the numbers of one place in order;
        // every length up to 40.
        let places = Places::of(19);
        let tags = 1u64 << (64 - TAG_SHIFT);
        let list: Vec<u64> = (0..40u64)
            .map(|i| ((i * 37 + 11) % tags) << TAG_SHIFT | i)
            .collect();
        for len in 0..=list.len() {
            let list = &list[..len];
            let mut wanted = list.to_vec();
            wanted.sort_by_key(|&w| places.place(w));
            let mut out = std::vec![0; len];
            places.sort(list, &mut out);
            assert_eq!(out, wanted, "length {len}");
        }
    }

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
                let shade = |set| shade(n, set, None);
                assert_eq!(shade(set), shade(reversed), "n={n} {set:#x}");
                assert_eq!(shade(set), shade(board ^ set), "n={n} {set:#x}");
            }
        }
    }

    /// Classes without the middle queen in the end are below this.
    fn unmarked_classes(k: u32) -> u32 {
        1 << k >> 1
    }

    #[test]
    fn an_odd_board_s_shade_is_kept_by_the_mirror_and_upside_down() {
        // (S, c) against (S reversed, c mirrored) and (S's complement without c, c),
        // for every middle queen's column; on a free column the shade is the batch's
        // alone, as `Rule::odd` takes it.
        for n in (5u32..=21).step_by(2) {
            let board = (1u32 << n) - 1;
            let free = free(n);
            let mut marked = 0;
            for set in (0..1u32 << n)
                .filter(|s| s.count_ones() == n / 2)
                .step_by(31)
            {
                for c in (0..n).filter(|c| set >> c & 1 == 0) {
                    let own = shade(n, set, Some(c));
                    let mirrored = shade(n, mirror(n, set), Some(n - 1 - c));
                    assert_eq!(own, mirrored, "n={n} {set:#x} c={c}");
                    let upside_down = shade(n, board ^ set ^ 1 << c, Some(c));
                    assert_eq!(own, upside_down, "n={n} {set:#x} c={c}");
                    if free >> c & 1 == 1 {
                        assert_eq!(own, shade(n, set, None), "n={n} {set:#x} c={c}");
                    }
                    marked += usize::from(own[0] >= unmarked_classes(ends(n)));
                }
            }
            if n >= 11 {
                assert!(
                    marked > 0,
                    "n={n}: no shade with the middle queen in an end"
                );
            }
        }
    }

    #[test]
    fn descriptors_without_the_middle_queen_are_classes_and_with_it_stand_apart() {
        for k in 1..=ODD_ENDS_UP_TO {
            let taken = (1u32 << k) - 1;
            for end in 0..=taken {
                assert_eq!(class(k, end), end_class(k, end));
                assert_eq!(class(k, end), class(k, taken ^ end), "complement");
                for p in (0..k).filter(|p| end >> p & 1 == 0) {
                    let marked = class(k, end | mark(k, p));
                    assert!(marked >= unmarked_classes(k), "k={k} {end:#b} p={p}");
                    assert!((marked as usize) < PLACES, "k={k} {end:#b} p={p}");
                    // Complement within the other positions keeps it; another position
                    // of the middle queen changes it.
                    let other = taken ^ end ^ 1 << p;
                    assert_eq!(marked, class(k, other | mark(k, p)), "k={k} {end:#b} p={p}");
                    for q in (0..k).filter(|&q| q != p && end >> q & 1 == 0) {
                        assert_ne!(marked, class(k, end | mark(k, q)));
                    }
                }
            }
        }
        assert_eq!(mark(4, 4), 0, "past the end");
        // With the middle queen at p, the other k - 1 positions keep all their
        // classes under complement: 2^(k-2) of them.
        for k in 1..=ODD_ENDS_UP_TO {
            for p in 0..k {
                let mut classes: Vec<u32> = (0..1u32 << k)
                    .filter(|end| end >> p & 1 == 0)
                    .map(|end| class(k, end | mark(k, p)))
                    .collect();
                classes.sort_unstable();
                classes.dedup();
                assert_eq!(classes.len(), (1 << k >> 2).max(1), "k={k} p={p}");
            }
        }
    }

    #[test]
    fn an_odd_board_s_weights_follow_the_shades_by_definition() {
        // As for even boards, over every pair of end descriptors, for each batch and
        // middle queen (n = 17: 4 end positions, n = 21: 7).
        for n in [11u32, 17, 21] {
            let k = ends(n);
            let descriptors: Vec<u32> = (0..1u32 << k)
                .flat_map(|rows| {
                    let marks = (0..k)
                        .filter(move |p| rows >> p & 1 == 0)
                        .map(move |p| mark(k, p));
                    core::iter::once(rows).chain(marks.map(move |m| rows | m))
                })
                .collect();
            for batch in batches(n).step_by(7) {
                for (middle, _, _) in middles(n, batch.pattern) {
                    let rule = Rule::odd(n, batch.pattern, middle);
                    let s = shade(n, batch.pattern, middle);
                    for &a in &descriptors {
                        for &b in descriptors.iter().step_by(3) {
                            let [ca, cb] = [class(k, a), class(k, b)];
                            let r = [ca.max(cb), ca.min(cb)];
                            let wanted = match r.cmp(&s) {
                                core::cmp::Ordering::Greater => 2,
                                core::cmp::Ordering::Equal => 1,
                                core::cmp::Ordering::Less => 0,
                            };
                            let rank = |d| RANKS - 1 - rule.run(d);
                            let [one, two] = rule.needs(rank(a));
                            let weight = usize::from(rank(b) >= one) + usize::from(rank(b) >= two);
                            assert_eq!(weight, wanted, "n={n} {s:?} {a:#x} {b:#x}");
                        }
                    }
                }
            }
        }
        // Past 21 the descriptors would not fit a tag: no reflection.
        assert!(describable(21) && !describable(23) && !describable(22));
        assert!(reflects_odd(19) && reflects_odd(21) && !reflects_odd(17));
        assert!(Rule::odd(23, 0, None) == Rule::NONE);
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
                let s = shade(n, batch.pattern, None);
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
        // An odd board's batches have no shade (its halves are paired by `odd.rs`,
        // which weighs them by upside down instead).
        for n in [5u32, 13, 15, 17, 19] {
            for batch in batches(n) {
                let rule = Rule::of(batch);
                assert!(rule == Rule::NONE, "{batch:?}");
            }
        }
    }
}
