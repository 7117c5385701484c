//! The eight symmetries of the square acting on a [`Placement`], and the smallest image
//! that stands for its class.

use crate::solver::Placement;

/// How many symmetries the square has: four rotations, each with or without a mirror.
const SYMMETRIES: u8 = 8;

impl Placement {
    /// The lexicographically smallest of the placement's images under the eight
    /// rotations and reflections of the board, or `None` when two queens share a column
    /// (then the images turned a quarter are not placements).
    ///
    /// Every placement of one symmetry class has the same canonical form, so a placement
    /// is the representative of its class exactly when `p.canonical() == Some(p)`:
    /// filtering [`Solutions`](crate::Solutions) that way yields one placement per class
    /// (OEIS A002562: 12 for n = 8), in lexicographic order. No allocation; `const`.
    ///
    /// # Example
    /// ```
    /// use nqueens::Placement;
    /// let first = Placement::new(&[2, 4, 1, 3]).unwrap();
    /// let mirror = Placement::new(&[3, 1, 4, 2]).unwrap();
    /// assert_eq!(first.canonical(), Some(first));
    /// assert_eq!(mirror.canonical(), Some(first)); // one class: n = 4 has one
    /// let classes = nqueens::Solutions::new(8)
    ///     .unwrap()
    ///     .filter(|p| p.canonical() == Some(*p))
    ///     .count();
    /// assert_eq!(classes, 12);
    /// assert_eq!(Placement::new(&[1, 1]).unwrap().canonical(), None);
    /// ```
    pub const fn canonical(&self) -> Option<Placement> {
        if !self.is_permutation() {
            return None;
        }
        let mut best = *self;
        let mut g = 1;
        while g < SYMMETRIES {
            let image = self.image(g);
            if image.precedes(&best) {
                best = image;
            }
            g += 1;
        }
        Some(best)
    }

    /// Whether every column holds exactly one queen.
    const fn is_permutation(&self) -> bool {
        let mut seen = 0u32;
        let mut row = 0;
        while row < self.len as usize {
            seen |= 1 << self.cols[row];
            row += 1;
        }
        seen.count_ones() == self.len as u32
    }

    /// The image under symmetry `g` (0..8): bit 0 mirrors the columns, bit 1 mirrors
    /// the rows, bit 2 swaps rows and columns. The eight combinations are the eight
    /// symmetries of the square. Needs a permutation (for the swap).
    const fn image(&self, g: u8) -> Placement {
        let n = self.len as usize;
        let mut image = Placement {
            len: self.len,
            cols: [0; 32],
        };
        let mut row = 0;
        while row < n {
            let mut r = row;
            let mut c = self.cols[row] as usize;
            if g & 1 != 0 {
                c = n - 1 - c;
            }
            if g & 2 != 0 {
                r = n - 1 - r;
            }
            if g & 4 != 0 {
                (r, c) = (c, r);
            }
            image.cols[r] = c as u8;
            row += 1;
        }
        image
    }

    /// Lexicographic order of two placements of one size, as `Ord` (which is not const).
    const fn precedes(&self, other: &Placement) -> bool {
        let mut row = 0;
        while row < self.len as usize {
            if self.cols[row] != other.cols[row] {
                return self.cols[row] < other.cols[row];
            }
            row += 1;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use crate::{Placement, Solutions, published};

    /// The size of each placement's class, from its distinct images.
    fn class_size(p: &Placement) -> usize {
        let mut images: std::vec::Vec<Placement> = (0..8).map(|g| p.image(g)).collect();
        images.sort();
        images.dedup();
        images.len()
    }

    #[test]
    fn one_representative_per_class_matches_the_published_unique_counts() {
        for n in 1..=10 {
            let mut classes = 0u128;
            let mut covered = 0usize;
            for p in Solutions::new(n).unwrap() {
                let canonical = p.canonical().unwrap();
                assert!(canonical <= p && canonical.is_valid(), "n={n}: {p}");
                if canonical == p {
                    classes += 1;
                    covered += class_size(&p);
                }
            }
            assert_eq!(Some(classes), published::unique(n), "n={n}");
            // The classes of the representatives hold every placement exactly once.
            assert_eq!(Some(covered as u128), published::total(n), "n={n}");
        }
    }

    #[test]
    fn the_eight_images_are_the_rotations_and_reflections() {
        // 1 5 8 6 3 7 2 4 turned a quarter (row r, column c to row c, column n-1-r) is
        // among its images, as is its mirror; applying a symmetry twice where it is its
        // own inverse gives the placement back.
        let p = Placement::new(&[1, 5, 8, 6, 3, 7, 2, 4]).unwrap();
        let mut quarter = [0u32; 8];
        for (r, c) in p.columns().enumerate() {
            quarter[c as usize - 1] = 8 - r as u32;
        }
        let quarter = Placement::new(&quarter).unwrap();
        let mirror = Placement::new(&[8, 4, 1, 3, 6, 2, 7, 5]).unwrap();
        let images: std::vec::Vec<Placement> = (0..8).map(|g| p.image(g)).collect();
        assert!(images.contains(&quarter) && images.contains(&mirror));
        for g in [1, 2, 3, 4, 7] {
            assert_eq!(p.image(g).image(g), p, "symmetry {g}");
        }
        assert!(images.iter().all(Placement::is_valid));
        assert_eq!(class_size(&p), 8);
    }
}
