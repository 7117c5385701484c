//! The second engine (feature `std`): totals by joining half boards, for the sizes in
//! [`SIZES`].
//!
//! Every placement splits at the middle row into a top half (rows `0..h`, `h = n/2`
//! rounded down) and a bottom half (the other rows, one more on an odd board). The top half's queens stand in some set `S` of `h` columns and the
//! bottom half's in the other columns. So the placements whose top half uses `S` are the
//! pairs (top half on `S`, bottom half on the complement) whose diagonals do not meet;
//! they are counted without completing a single board.
//!
//! Each half is one `u64`: a diagonal that a top queen casts and a bottom queen stands
//! on crosses the middle row inside the board, so a half is described by the diagonals
//! it has across row `h`: `n` bits for those running down and right, `n` for those
//! running down and left. Two halves fit iff their words share no bit. Bottom halves
//! are top halves of the upside-down board, so one generator serves both.
//!
//! Subtasks: the columns are cut into key columns and a block of free columns in the
//! middle ([`free`]). One subtask, a [`Batch`], takes every `S` with the same key
//! columns. Where the quarter table fits the memory budget ([`Room`]), each `S`'s tops
//! and bottoms are built from quarter boards (`quarters.rs`) and joined; otherwise one
//! search generates all the batch's tops, sorted by free columns as it goes, and one
//! more all the bottoms on the complementary key columns; then each `S` is joined with
//! its complement. (The two ways number a word's bits differently; a top is only ever
//! paired with bottoms made the same way.)
//!
//! Symmetry: a placement's mirror image has the mirrored columns and its upside-down
//! image the complementary ones; both keep the key columns key (the free block is
//! centred), so the four key patterns of a class have equal counts, and one is
//! computed and weighted by the class size. The join counts totals only: the distinct
//! count needs the placements that a rotation fixes, which `rotations.rs` counts.
//!
//! Where the time goes: counting the pairs, 256 bottoms at a time with bit-sliced OR
//! tables (`pairs`: two thirds of `count 18` with quarters), then making the halves.

use std::vec::Vec;

use super::kernel::Found;
use super::quarters::{Half, Quarters};

/// The board sizes this engine counts: where it beats the constellation search,
/// measured at 16 to 19 (the README's "Against the previous engines": 6x to 19x) and
/// assumed at 14, 15 and past 19, since it grows more slowly. At 13 it gains too little
/// to change that size's subtask list for: `count 13 --threads 1 --json` took
/// 4.45-4.51 ms with 13 added here against 4.68-4.71 ms (median `elapsed_seconds` of
/// 25 runs, two rounds each, with halves built from quarters; with searched halves it
/// had lost, 9.9 ms against 6.4 ms). It stops at 24 because a column set's lists grow
/// about 5.5x per two rows (1,190 halves on average at n = 16, 6,558 at 18), which
/// extrapolates to about 1.3 million, some 10 MB, per list at n = 24, and to ten times
/// that beyond; batches that outgrow the memory budget fall back to one column set at
/// a time.
pub(crate) const SIZES: [u32; 11] = [14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24];

/// Whether `n` is counted by joining halves.
pub(crate) fn applies(n: u32) -> bool {
    SIZES.contains(&n)
}

/// One subtask: every top-half column set `S` whose key columns are `pattern`
/// (`S ∩ key = pattern`, see [`free`]), canonical in its symmetry class, and the class
/// size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Batch {
    pub(crate) n: u8,
    pub(crate) pattern: u32,
    pub(crate) weight: u8,
}

/// The free columns of an `n`×`n` board: a block of `f` columns in the middle; the other
/// columns are the key. A subtask fixes which key columns the top half uses and leaves
/// the free ones open, so one search generates the tops of up to `C(f, f/2)` column
/// sets at once, sorted by their free columns as it goes. The more free columns, the
/// fewer dead ends per half but the more memory per subtask and the fewer subtasks.
/// (A throwaway timing test that searched every top half of n = 18, while this was
/// written: 44 ns per half one set at a time, 27 ns with 6 free columns, 19 ns with 8,
/// 15 ns with 10. The README's benchmark measures the whole engine.)
pub(crate) fn free(n: u32) -> u32 {
    // `n - f` even, so that the block is centred and the mirror keeps it.
    let f = match n {
        ..=8 => n,
        9 | 11 | 13 | 15 | 17 | 19 => 9,
        10 | 12 | 14 | 20 => 8,
        16 | 18 => 10,
        21 => 7,
        22 => 6,
        23 => 5,
        _ => 4,
    };
    ((1 << f) - 1) << ((n - f) / 2)
}

/// The rows of the top half and of the bottom half: the bottom takes the middle row of
/// an odd board.
fn rows(n: u32) -> [u32; 2] {
    [n / 2, n - n / 2]
}

/// The subtasks of an `n`×`n` board (`n` at most 24): the canonical key patterns that
/// some top half's column set has (with a bottom half possible on the other columns),
/// largest batches first (so that threads finish together), then by pattern.
pub(crate) fn batches(n: u32) -> impl Iterator<Item = Batch> {
    let [h, low] = rows(n);
    let board = (1u32 << n) - 1;
    let free = free(n);
    let (key, f) = (board ^ free, free.count_ones());
    // Every subset of the key columns, by the subset-enumeration trick.
    let patterns = core::iter::successors(Some(0u32), move |&p| {
        let next = p.wrapping_sub(key) & key;
        (next != 0).then_some(next)
    });
    let mut list: Vec<Batch> = patterns
        .filter(|p| fits(p.count_ones(), h, f) && fits((key ^ p).count_ones(), low, f))
        .filter_map(|p| canonical(n, key, p))
        .collect();
    let sets = |b: &Batch| binomial(f, h - b.pattern.count_ones());
    list.sort_by(|a, b| sets(b).cmp(&sets(a)).then(a.pattern.cmp(&b.pattern)));
    list.into_iter()
}

/// The class of `pattern` under mirror and complement (within the key columns, which
/// the mirror maps to themselves), if `pattern` is its smallest member. A placement's
/// mirror image has the mirrored pattern and, on an even board, its upside-down image
/// the complementary one, so every member of a class has the same count. (On an odd
/// board the halves differ in height, so upside down is no symmetry of the split.)
fn canonical(n: u32, key: u32, pattern: u32) -> Option<Batch> {
    let mirror = |s: u32| s.reverse_bits() >> (32 - n);
    let flip = |s: u32| if n.is_multiple_of(2) { key ^ s } else { s };
    let class = [
        pattern,
        mirror(pattern),
        flip(pattern),
        flip(mirror(pattern)),
    ];
    if class.iter().any(|&other| other < pattern) {
        return None;
    }
    let distinct = (0..4).filter(|&i| !class[..i].contains(&class[i])).count();
    Some(Batch {
        n: n as u8,
        pattern,
        weight: distinct as u8,
    })
}

/// Whether `rows` queens can stand on `keyed` key columns and the rest on free ones.
fn fits(keyed: u32, rows: u32, free: u32) -> bool {
    keyed <= rows && rows - keyed <= free
}

fn binomial(n: u32, k: u32) -> u64 {
    (0..u64::from(k)).fold(1, |c, i| c * (u64::from(n) - i) / (i + 1))
}

/// Bytes a thread's join needs besides its lists: the OR tables (at most eight of 256
/// entries of 32 bytes), the list headers of two sorted batches (at most 1,024 each),
/// the bit index of a block, and slack.
const FIXED_BYTES: usize = 128 << 10;
/// Bytes per word of list capacity: the tops, the buffer of bottoms, the split's copy
/// of the bottoms and the tops that fit a class, each with room for `Vec`'s doubling.
const BYTES_PER_WORD: usize = 4 * 2 * 8;
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
    /// Whether halves are built from the shared quarter table (`quarters.rs`), rather
    /// than searched.
    pub(crate) quarters: bool,
}

/// The room of each of `threads` threads of an `n`×`n` count sharing `bytes`: the
/// quarter table if it takes at most half of them and leaves every thread
/// [`THREAD_MEMORY_MIN`], and an equal share of the rest.
pub(crate) fn room(n: u32, bytes: usize, threads: usize) -> Room {
    let threads = threads.max(1);
    let table = Quarters::bytes(n)
        .filter(|&table| table <= bytes / 2 && (bytes - table) / threads >= THREAD_MEMORY_MIN);
    Room {
        words: capacity((bytes - table.unwrap_or(0)) / threads),
        quarters: table.is_some(),
    }
}

/// Counts the placements of one batch: those whose top half's key columns are
/// `batch.pattern` (unweighted), within `room`. With the quarter table, see
/// [`by_quarters`]. Without it, one search per side sorts the batch's tops, and the
/// bottoms on the complementary key pattern, by their free columns; then each column
/// set's tops are paired with its complement's bottoms. If either side passes
/// `room.words`, the batch is counted one column set at a time instead
/// ([`count_set`], which takes its lists in pieces).
pub(crate) fn count(batch: Batch, room: Room) -> Found {
    // Built halves need no search and no sorting: `count 18 --threads 1` took 4.34 s
    // with them against 7.51 s searched (before the pair count's later speed-ups).
    if room.quarters {
        return by_quarters(batch, room.words);
    }
    let capacity = room.words;
    let n = u32::from(batch.n);
    let free = free(n);
    let key = ((1u32 << n) - 1) ^ free;
    let shift = free.trailing_zeros();
    let all_free = free >> shift;
    let lists = || -> Vec<Vec<u64>> { (0..=all_free).map(|_| Vec::new()).collect() };
    let (mut tops, mut bottoms) = (lists(), lists());
    let mut found = Found::default();
    for (side, pattern, role) in [
        (&mut tops, batch.pattern, Role::Top),
        (&mut bottoms, key ^ batch.pattern, Role::Bottom),
    ] {
        match sort(n, pattern, role, side, capacity) {
            Some(nodes) => found.nodes += nodes,
            None => return by_sets(n, batch.pattern, capacity),
        }
    }
    let mut tables = Vec::new();
    for (x, top) in tops.iter().enumerate() {
        found.solutions += pairs(top, &bottoms[x ^ all_free as usize], 2 * n, &mut tables);
    }
    found
}

/// [`count`] with every column set's halves built from quarters (`quarters.rs`), one
/// set at a time; a set whose halves would pass `capacity` words is counted by
/// [`count_set`]. `nodes` is the pairs of quarter placements tested (and a searched
/// set's queens placed).
fn by_quarters(batch: Batch, capacity: usize) -> Found {
    let n = u32::from(batch.n);
    let quarters = Quarters::of(n);
    let (h, board) = (rows(n)[0], (1u32 << n) - 1);
    let (mut tops, mut bottoms, mut scratch, mut tables) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let one_set = |set: u32| {
        // The bottoms are built only once the tops fit.
        let built = quarters
            .halves(Half::Top, [n, h, set], &mut tops, &mut scratch, capacity)
            .and_then(|top_nodes| {
                let cols = [n, h, board ^ set];
                let bottom_nodes =
                    quarters.halves(Half::Bottom, cols, &mut bottoms, &mut scratch, capacity)?;
                Some(top_nodes + bottom_nodes)
            });
        match built {
            Some(nodes) => Found {
                solutions: pairs(&tops, &bottoms, 2 * n, &mut tables),
                nodes,
                ..Found::default()
            },
            None => count_set(n, set, capacity),
        }
    };
    sum(sets(n, batch.pattern).map(one_set))
}

/// [`count`] one column set at a time: every set with key columns `pattern`.
fn by_sets(n: u32, pattern: u32, capacity: usize) -> Found {
    sum(sets(n, pattern).map(|set| count_set(n, set, capacity)))
}

/// The column sets of the batch with key columns `pattern`: the pattern with every
/// choice of free columns that gives it a top half's `n/2` columns.
fn sets(n: u32, pattern: u32) -> impl Iterator<Item = u32> {
    let free = free(n);
    let shift = free.trailing_zeros();
    let wanted = rows(n)[0] - pattern.count_ones();
    (0..=free >> shift)
        .filter(move |x| x.count_ones() == wanted)
        .map(move |x| pattern | x << shift)
}

/// The solutions and nodes of column sets' counts, added up.
fn sum(counts: impl Iterator<Item = Found>) -> Found {
    counts.fold(Found::default(), |all, one| Found {
        solutions: all.solutions + one.solutions,
        nodes: all.nodes + one.nodes,
        ..all
    })
}

/// Generates the halves (`role`) whose key columns are `pattern`, each into the list
/// of its free columns (shifted down); the queens placed, or `None` past `capacity`
/// words in all.
fn sort(n: u32, pattern: u32, role: Role, lists: &mut [Vec<u64>], capacity: usize) -> Option<u64> {
    let free = free(n);
    let (shift, last) = (free.trailing_zeros(), lists.len() - 1);
    let mut room = capacity;
    let rows = rows(n)[usize::from(role == Role::Bottom)];
    let mut store = |cols: u32, word: u64| {
        if room == 0 {
            return false;
        }
        room -= 1;
        lists[(cols >> shift) as usize & last].push(word);
        true
    };
    let (nodes, done) = generate(n, rows, [pattern, free], role, &mut store);
    done.then_some(nodes)
}

/// Counts the placements whose top half uses the columns of `set` (unweighted),
/// holding at most `capacity` words of either list at a time. `nodes` is the queens
/// placed while generating both lists once, whatever the capacity.
///
/// When the tops do not fit, they are taken in pieces of `capacity`, in generation
/// order, and the bottoms are generated again for each piece; bottoms always stream
/// through a buffer of `capacity`. So a small budget costs time, never memory, and
/// never changes the count.
fn count_set(n: u32, set: u32, capacity: usize) -> Found {
    let low = rows(n)[1];
    let board = (1u32 << n) - 1;
    let capacity = capacity.max(BLOCK);
    let (mut tops, mut buffer, mut tables) = (Vec::new(), Vec::new(), Vec::new());
    let mut found = Found::default();
    for piece in 0.. {
        let (top_nodes, last) = tops_piece(n, set, piece * capacity, capacity, &mut tops);
        let mut solutions = 0;
        let (bottom_nodes, _) = generate(n, low, [board ^ set, 0], Role::Bottom, |_, word| {
            buffer.push(word);
            if buffer.len() == capacity {
                solutions += pairs(&tops, &buffer, 2 * n, &mut tables);
                buffer.clear();
            }
            true
        });
        solutions += pairs(&tops, &buffer, 2 * n, &mut tables);
        buffer.clear();
        found.solutions += solutions;
        if piece == 0 {
            found.nodes += bottom_nodes;
        }
        if last {
            // The last piece's search ran to the end: all of the tops' nodes.
            found.nodes += top_nodes;
            break;
        }
    }
    found
}

/// Fills `tops` with the tops on `set` numbered `skip..skip + capacity` in generation
/// order. Returns the queens placed and whether these are the last ones.
fn tops_piece(n: u32, set: u32, skip: usize, capacity: usize, tops: &mut Vec<u64>) -> (u64, bool) {
    tops.clear();
    let mut seen = 0;
    generate(n, n / 2, [set, 0], Role::Top, |_, word| {
        seen += 1;
        if seen <= skip {
            return true;
        }
        if tops.len() == capacity {
            return false; // a top past the piece: the search stops, and there are more
        }
        tops.push(word);
        true
    })
}

/// Which half a generated list describes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    /// Rows `0..h`, diagonals as they cross row `h`.
    Top,
    /// Rows `h..n`, generated upside down (as a top half) and read at its last row.
    Bottom,
}

/// Calls `emit` with the columns and the word of each placement of `rows` queens in
/// the first `rows` rows that uses every column of `pattern` and the rest from
/// `extra`, until `emit` returns false. Returns the queens placed and whether the
/// search ran to the end.
fn generate(
    n: u32,
    rows: u32,
    [pattern, extra]: [u32; 2],
    role: Role,
    emit: impl FnMut(u32, u64) -> bool,
) -> (u64, bool) {
    let mut search = Search {
        n,
        pattern,
        open: pattern | extra,
        role,
        emit,
        nodes: 0,
    };
    let needed = pattern.count_ones();
    let done = if rows > 1 {
        search.place(rows, needed, [0, 0, 0])
    } else {
        search.last_row(needed, [0, 0, 0])
    };
    (search.nodes, done)
}

/// The state of [`generate`]'s search that does not change from row to row.
struct Search<F> {
    n: u32,
    pattern: u32,
    /// The columns a half may use: the pattern and the extra columns.
    open: u32,
    role: Role,
    emit: F,
    nodes: u64,
}

impl<F: FnMut(u32, u64) -> bool> Search<F> {
    /// One row per call, down to the second-to-last; `needed` columns of the pattern are
    /// still unused, and once as many rows are left, only they may be taken. False once
    /// `emit` asked to stop.
    fn place(
        &mut self,
        rows_left: u32,
        needed: u32,
        [cols, down_right, down_left]: [u32; 3],
    ) -> bool {
        let mut open = self.allowed(rows_left, needed, cols) & !(down_right | down_left);
        while open != 0 {
            let bit = open & open.wrapping_neg();
            open ^= bit;
            self.nodes += 1;
            let needed = needed - u32::from(bit & self.pattern != 0);
            let next = [cols | bit, (down_right | bit) << 1, (down_left | bit) >> 1];
            let going = if rows_left > 2 {
                self.place(rows_left - 1, needed, next)
            } else {
                self.last_row(needed, next)
            };
            if !going {
                return false;
            }
        }
        true
    }

    /// The last row: every open column finishes a half, in a loop rather than a call
    /// per half (`count 18 --threads 1` took 8.85 s instead of 9.85 s).
    fn last_row(&mut self, needed: u32, [cols, down_right, down_left]: [u32; 3]) -> bool {
        let mut open = self.allowed(1, needed, cols) & !(down_right | down_left);
        while open != 0 {
            let bit = open & open.wrapping_neg();
            open ^= bit;
            self.nodes += 1;
            let word = finish(self.n, self.role, down_right | bit, down_left | bit);
            if !(self.emit)(cols | bit, word) {
                return false;
            }
        }
        true
    }

    /// The columns a queen may take with `rows_left` rows to go (this one included).
    fn allowed(&self, rows_left: u32, needed: u32, cols: u32) -> u32 {
        if needed == rows_left {
            self.pattern & !cols
        } else {
            self.open & !cols
        }
    }
}

/// The word of a finished half whose last row's diagonals (queen included) are
/// `right` and `left`.
fn finish(n: u32, role: Role, right: u32, left: u32) -> u64 {
    let board = (1u32 << n) - 1;
    match role {
        // One row further down: the middle row.
        Role::Top => word(n, (right << 1) & board, (left >> 1) & board),
        // Upside down, "down and right" is "up and right": the other family. The last
        // row placed is the middle row itself.
        Role::Bottom => word(n, left & board, right & board),
    }
}

/// The diagonals crossing the middle row, down-right family first.
fn word(n: u32, down_right: u32, down_left: u32) -> u64 {
    u64::from(down_right) | u64::from(down_left) << n
}

/// Bottoms per block: four 64-bit lanes, which the compiler keeps in vector registers.
const LANES: usize = 4;
type Lanes = [u64; LANES];
const BLOCK: usize = 64 * LANES;

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
fn pairs(tops: &[u64], bottoms: &[u64], bits: u32, tables: &mut Vec<Table>) -> u64 {
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
type Table = [Lanes; 1 << CHUNK];

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
        if used == 64 {
            0
        } else {
            !0u64 << used
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Pairs by definition, one AND per pair.
    fn pairs_by_definition(tops: &[u64], bottoms: &[u64]) -> u64 {
        tops.iter()
            .map(|t| bottoms.iter().filter(|&&b| t & b == 0).count() as u64)
            .sum()
    }

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

    /// The column sets of `n/2` columns of an `n`×`n` board.
    fn column_sets(n: u32) -> impl Iterator<Item = u32> {
        (0u32..1 << n).filter(move |s| s.count_ones() == n / 2)
    }

    #[test]
    fn halves_built_from_quarters_pair_like_the_searched_ones() {
        for n in 2..=13u32 {
            let quarters = Quarters::build(n.div_ceil(2));
            let (h, board) = (n / 2, (1u32 << n) - 1);
            let (mut tops, mut bottoms, mut scratch) = (Vec::new(), Vec::new(), Vec::new());
            for set in column_sets(n) {
                let lists = [
                    (Half::Top, set, &mut tops),
                    (Half::Bottom, board ^ set, &mut bottoms),
                ];
                for (half, cols, list) in lists {
                    quarters.halves(half, [n, h, cols], list, &mut scratch, usize::MAX);
                }
                let searched = count_set(n, set, usize::MAX).solutions;
                assert_eq!(
                    pairs_by_definition(&tops, &bottoms),
                    searched,
                    "n={n} set={set:#x}"
                );
                // The same halves as the search finds, no more.
                let mut listed = 0;
                generate(n, h, [set, 0], Role::Top, |_, _| {
                    listed += 1;
                    true
                });
                assert_eq!(tops.len(), listed, "n={n} set={set:#x}");
            }
        }
    }

    #[test]
    fn lists_taken_in_pieces_give_the_same_counts_and_nodes() {
        // Many of n = 14's lists are longer than a block, so the smallest capacity cuts
        // them into pieces (checked below); 300 leaves a ragged last piece.
        let n = 14;
        let mut pieced = 0;
        for set in column_sets(n).step_by(3) {
            let whole = count_set(n, set, usize::MAX);
            for capacity in [BLOCK, 300] {
                let small = count_set(n, set, capacity);
                assert_eq!(
                    (small.solutions, small.nodes),
                    (whole.solutions, whole.nodes),
                    "set {set:#x}, capacity {capacity}"
                );
            }
            let mut listed = 0;
            generate(n, n / 2, [set, 0], Role::Top, |_, _| {
                listed += 1;
                true
            });
            pieced += usize::from(listed > BLOCK);
        }
        assert!(
            pieced > 100,
            "only {pieced} sets had tops in several pieces"
        );
    }

    #[test]
    fn a_batch_equals_its_sets_and_falls_back_to_them_when_out_of_room() {
        let n = 14;
        let (mut fell_back, mut built_fell_back) = (0, 0);
        for batch in batches(n) {
            let sorted = count(batch, searched(usize::MAX));
            let one_by_one = by_sets(n, batch.pattern, usize::MAX);
            assert_eq!(sorted.solutions, one_by_one.solutions, "{batch:?}");
            let tight = count(batch, searched(BLOCK));
            assert_eq!(tight.solutions, sorted.solutions, "{batch:?}");
            fell_back += usize::from(tight.nodes != sorted.nodes);
            // Built from quarters, with room for every set's halves and for one block.
            let built = count(
                batch,
                Room {
                    words: usize::MAX,
                    quarters: true,
                },
            );
            assert_eq!(built.solutions, sorted.solutions, "{batch:?}");
            let tight = count(
                batch,
                Room {
                    words: BLOCK,
                    quarters: true,
                },
            );
            assert_eq!(tight.solutions, sorted.solutions, "{batch:?}");
            built_fell_back += usize::from(tight.nodes != built.nodes);
        }
        assert!(fell_back > 5, "only {fell_back} batches were out of room");
        assert!(
            built_fell_back > 5,
            "only {built_fell_back} built batches were out of room"
        );
    }

    /// Room for `words` words per list, with halves searched.
    fn searched(words: usize) -> Room {
        Room {
            words,
            quarters: false,
        }
    }

    #[test]
    fn the_quarter_table_is_used_where_it_takes_at_most_half_the_budget() {
        let table = Quarters::bytes(18).unwrap();
        assert_eq!(table, 915_442 * 8 + (4 << 18));
        let room = room(18, 2 * table, 1);
        assert_eq!(
            room,
            Room {
                words: capacity(table),
                quarters: true
            }
        );
        assert!(!super::room(18, 2 * table - 1, 1).quarters);
        // Past the listed quarter sizes the halves are always searched.
        assert!(!super::room(21, usize::MAX, 1).quarters);
        // The table leaves every thread its least room, or it is not used: a thread
        // below that would run on more than the budget.
        let table16 = Quarters::bytes(16).unwrap();
        let crowded = 2 * table16 / THREAD_MEMORY_MIN;
        assert!(super::room(16, 2 * table16, crowded / 2).quarters);
        assert!(!super::room(16, 2 * table16, crowded).quarters);
        // Threads share what the table leaves.
        assert_eq!(
            super::room(16, 1 << 30, 4).words,
            capacity(((1 << 30) - Quarters::bytes(16).unwrap()) / 4)
        );
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
    fn the_batches_cover_every_column_set_once_with_their_weights() {
        for n in 4..=24 {
            let f = free(n).count_ones();
            let covered: u64 = batches(n)
                .map(|b| u64::from(b.weight) * binomial(f, n / 2 - b.pattern.count_ones()))
                .sum();
            assert_eq!(covered, binomial(n, n / 2), "n={n}");
            // Deterministic and largest first.
            let sizes: Vec<u64> = batches(n)
                .map(|b| binomial(f, n / 2 - b.pattern.count_ones()))
                .collect();
            assert!(sizes.windows(2).all(|w| w[0] >= w[1]), "n={n}");
        }
    }

    #[test]
    fn the_weighted_joins_give_the_totals() {
        // The engine's logic at sizes small enough to check against the plain solver;
        // odd sizes have a bottom half one row taller than the top.
        for n in 4..=14 {
            for quarters in [false, true] {
                let room = Room {
                    words: usize::MAX,
                    quarters,
                };
                let joined: u64 = batches(n)
                    .map(|b| count(b, room).solutions * u64::from(b.weight))
                    .sum();
                assert_eq!(
                    u128::from(joined),
                    crate::solve(n).unwrap().total(),
                    "n={n}, {room:?}"
                );
            }
        }
    }
}
