//! The symmetries of the givens and their orbits.

use core::fmt;

use super::MIN_GIVENS;
use crate::board::{Board, CELLS};

/// The symmetry of the givens: the pattern of given cells is unchanged by the named
/// transformation(s) of the grid (the digits need not be).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No symmetry: cells are removed one at a time.
    #[default]
    None,
    /// Half-turn rotation about the centre: cell (r, c) goes with (8-r, 8-c).
    Rot180,
    /// Quarter-turn rotation: (r, c), (c, 8-r), (8-r, 8-c) and (8-c, r) go together.
    Rot90,
    /// Mirror across the vertical middle line: (r, c) goes with (r, 8-c).
    MirrorLeftRight,
    /// Mirror across the horizontal middle line: (r, c) goes with (8-r, c).
    MirrorTopBottom,
    /// Mirror across both diagonals: (r, c), (c, r), (8-c, 8-r) and (8-r, 8-c) go
    /// together.
    Diagonals,
}

impl Symmetry {
    /// Every symmetry, in the order of their C values (`SUDOKU_SYMMETRY_*`, 0 to 5).
    pub const ALL: [Symmetry; 6] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::MirrorLeftRight,
        Symmetry::MirrorTopBottom,
        Symmetry::Diagonals,
    ];

    /// The short name used by the command line: `none`, `rot180`, `rot90`, `mirror-lr`,
    /// `mirror-tb`, `diagonals`.
    pub const fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::MirrorLeftRight => "mirror-lr",
            Symmetry::MirrorTopBottom => "mirror-tb",
            Symmetry::Diagonals => "diagonals",
        }
    }

    /// The symmetry whose [`Symmetry::name`] is `name`, ignoring ASCII case (as
    /// [`Level::from_name`](crate::Level::from_name)).
    ///
    /// ```
    /// use sudoku81::Symmetry;
    /// assert_eq!(Symmetry::from_name("ROT180"), Some(Symmetry::Rot180));
    /// assert_eq!(Symmetry::from_name("rot 180"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Symmetry> {
        Symmetry::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(name))
    }

    /// The orbit of `cell` (`0..81`): the cell and its images, each once, in increasing
    /// order (1, 2 or 4 cells; empty for a cell out of range).
    ///
    /// ```
    /// use sudoku81::Symmetry;
    /// assert_eq!(Symmetry::Rot180.orbit(0).cells(), &[0, 80]);
    /// assert_eq!(Symmetry::Rot90.orbit(40).cells(), &[40]);
    /// assert_eq!(Symmetry::Diagonals.orbit(1).cells(), &[1, 9, 71, 79]);
    /// ```
    pub fn orbit(self, cell: usize) -> Orbit {
        #[cfg(feature = "fast")]
        {
            const EMPTY: Orbit = Orbit {
                cells: [0; 4],
                len: 0,
            };
            const fn orbits(symmetry: Symmetry) -> [Orbit; CELLS] {
                let mut orbits = [EMPTY; CELLS];
                let mut cell = 0;
                while cell < CELLS {
                    orbits[cell] = symmetry.compute_orbit(cell);
                    cell += 1;
                }
                orbits
            }
            const ORBITS: [[Orbit; CELLS]; 6] = [
                orbits(Symmetry::ALL[0]),
                orbits(Symmetry::ALL[1]),
                orbits(Symmetry::ALL[2]),
                orbits(Symmetry::ALL[3]),
                orbits(Symmetry::ALL[4]),
                orbits(Symmetry::ALL[5]),
            ];
            ORBITS[self as usize].get(cell).copied().unwrap_or(EMPTY)
        }
        #[cfg(not(feature = "fast"))]
        {
            self.compute_orbit(cell)
        }
    }

    /// [`Symmetry::orbit`], computed: the compact build's way, and how the `fast` build's
    /// table of every orbit (2.4 KiB) is made at compile time.
    const fn compute_orbit(self, cell: usize) -> Orbit {
        let (mut cells, mut len) = ([0; 4], 0);
        if cell < CELLS {
            let images = self.images(cell);
            // The images in increasing order, each once: the smallest not yet taken, in
            // turn.
            let mut floor = 0;
            while len < cells.len() {
                let mut next = u8::MAX;
                let mut k = 0;
                while k < images.len() {
                    if images[k] >= floor && images[k] < next {
                        next = images[k];
                    }
                    k += 1;
                }
                if next == u8::MAX {
                    break;
                }
                cells[len] = next;
                len += 1;
                floor = next + 1;
            }
        }
        Orbit {
            cells,
            len: len as u8,
        }
    }

    /// The transformations of the grid that make this symmetry, four 4-bit codes from
    /// the lowest (bit 0: swap row and column; then bit 1: row `r` to `8 - r`; bit 2:
    /// column `c` to `8 - c`), the identity first and repeated where there are fewer.
    const fn codes(self) -> u16 {
        match self {
            Symmetry::None => 0,
            Symmetry::Rot180 => 0x0060,
            Symmetry::Rot90 => 0x3650,
            Symmetry::MirrorLeftRight => 0x0040,
            Symmetry::MirrorTopBottom => 0x0020,
            Symmetry::Diagonals => 0x6710,
        }
    }

    /// The cells that the symmetry ties to `cell` (`0..81`), `cell` first, repeated when
    /// there are fewer than 4.
    const fn images(self, cell: usize) -> [u8; 4] {
        let mut images = [0; 4];
        let mut k = 0;
        while k < 4 {
            let code = self.codes() >> (4 * k);
            let (mut r, mut c) = (cell / 9, cell % 9);
            if code & 1 != 0 {
                (r, c) = (c, r);
            }
            if code & 2 != 0 {
                r = 8 - r;
            }
            if code & 4 != 0 {
                c = 8 - c;
            }
            images[k] = (9 * r + c) as u8;
            k += 1;
        }
        images
    }

    /// Whether `cell` is the smallest of its orbit: where the generator's orbits start.
    fn is_first(self, cell: usize) -> bool {
        self.orbit(cell).cells().first() == Some(&(cell as u8))
    }

    /// Writes the smallest cell of each orbit, in increasing order, to the start of
    /// `cells`; returns their number.
    pub(super) fn list_firsts(self, cells: &mut [u8; CELLS]) -> usize {
        let mut n = 0;
        for cell in 0..CELLS {
            if self.is_first(cell) {
                if let Some(slot) = cells.get_mut(n) {
                    *slot = cell as u8;
                    n += 1;
                }
            }
        }
        n
    }

    /// True if the pattern of filled cells of `board` is unchanged by this symmetry.
    pub fn holds_for(self, board: &Board) -> bool {
        (0..CELLS).all(|cell| {
            let filled = board.get(cell) != Some(0);
            self.orbit(cell)
                .cells()
                .iter()
                .all(|&image| (board.get(usize::from(image)) != Some(0)) == filled)
        })
    }

    /// How many orbits of 1, 2 and 4 cells this symmetry has: from a table of 18 bytes that
    /// [`Symmetry::count_orbits`] fills at compile time (counting them took 50 bytes more
    /// of Cortex-M0 flash).
    pub(super) fn orbit_sizes(self) -> [u8; 3] {
        const SIZES: [[u8; 3]; 6] = {
            let mut sizes = [[0; 3]; 6];
            let mut i = 0;
            while i < sizes.len() {
                sizes[i] = Symmetry::ALL[i].count_orbits();
                i += 1;
            }
            sizes
        };
        SIZES[self as usize]
    }

    /// How many orbits of 1, 2 and 4 cells this symmetry has, counted.
    const fn count_orbits(self) -> [u8; 3] {
        let mut sizes = [0u8; 3];
        let mut cell = 0;
        while cell < CELLS {
            let orbit = self.compute_orbit(cell);
            if orbit.len > 0 && orbit.cells[0] as usize == cell {
                sizes[orbit.len as usize / 2] += 1;
            }
            cell += 1;
        }
        sizes
    }

    /// True if a puzzle with this symmetry can have exactly `givens` givens (from
    /// [`MIN_GIVENS`] to 81, and a sum of orbit sizes: with [`Symmetry::Rot90`], for
    /// example, only counts of the form 4k or 4k+1).
    ///
    /// ```
    /// use sudoku81::Symmetry;
    /// assert!(Symmetry::Rot90.allows(25) && !Symmetry::Rot90.allows(26));
    /// assert!(Symmetry::None.allows(17) && !Symmetry::None.allows(16));
    /// ```
    pub fn allows(self, givens: u8) -> bool {
        if !(MIN_GIVENS..=CELLS as u8).contains(&givens) {
            return false;
        }
        // A union of at most `fours` orbits of 4 cells, `twos` of 2 and `ones` of 1. As
        // each size divides the next, there is one if and only if taking as many orbits of
        // 4 as fit, then of 2, leaves at most `ones` cells.
        let [ones, twos, fours] = self.orbit_sizes();
        let rest = givens - 4 * (givens / 4).min(fours);
        let rest = rest - 2 * (rest / 2).min(twos);
        rest <= ones
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// The cells of one orbit of a [`Symmetry`] (see [`Symmetry::orbit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
// 4-byte aligned in the compact build, so that its cells move as one word (a Cortex-M0
// stored them byte by byte).
#[cfg_attr(not(feature = "fast"), repr(align(4)))]
pub struct Orbit {
    pub(super) cells: [u8; 4],
    pub(super) len: u8,
}

impl Orbit {
    /// The cells, in increasing order.
    pub fn cells(&self) -> &[u8] {
        self.cells.get(..usize::from(self.len)).unwrap_or(&[])
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;

    #[test]
    fn orbit_sizes_and_counts() {
        for symmetry in Symmetry::ALL {
            let mut covered = [0u8; CELLS];
            for cell in 0..CELLS {
                let orbit = symmetry.orbit(cell);
                assert!(orbit.cells().contains(&(cell as u8)));
                for &c in orbit.cells() {
                    assert_eq!(symmetry.orbit(usize::from(c)), orbit, "{symmetry}");
                }
                if orbit.cells()[0] == cell as u8 {
                    for &c in orbit.cells() {
                        covered[usize::from(c)] += 1;
                    }
                }
            }
            assert!(covered.iter().all(|&n| n == 1), "{symmetry}");
            // The orbits' first cells, as the generator lists them.
            let expected: std::vec::Vec<usize> = (0..CELLS)
                .filter(|&cell| symmetry.orbit(cell).cells()[0] == cell as u8)
                .collect();
            let mut firsts = [0; CELLS];
            let n = symmetry.list_firsts(&mut firsts);
            let firsts: std::vec::Vec<usize> =
                firsts[..n].iter().map(|&c| usize::from(c)).collect();
            assert_eq!(firsts, expected, "{symmetry}");
            let [ones, twos, fours] = symmetry.orbit_sizes();
            assert_eq!(
                usize::from(ones + twos + fours),
                expected.len(),
                "{symmetry}"
            );
        }
        assert!(Symmetry::Rot90.orbit(81).cells().is_empty());
        assert_eq!(Symmetry::MirrorLeftRight.orbit(4).cells(), &[4]);
        assert_eq!(Symmetry::MirrorTopBottom.orbit(0).cells(), &[0, 72]);
        assert_eq!(Symmetry::Rot90.orbit(0).cells(), &[0, 8, 72, 80]);
        assert_eq!(Symmetry::Diagonals.orbit(0).cells(), &[0, 80]);
        for n in 17..=81u8 {
            assert!(Symmetry::None.allows(n) && Symmetry::Rot180.allows(n));
            assert_eq!(Symmetry::Rot90.allows(n), n % 4 <= 1, "{n}");
        }
        assert!(!Symmetry::Diagonals.allows(16));
        // `allows` against the sums of orbit sizes, built up orbit by orbit.
        for symmetry in Symmetry::ALL {
            let mut sums = 1u128;
            for cell in 0..CELLS {
                let orbit = symmetry.orbit(cell);
                if orbit.cells()[0] == cell as u8 {
                    sums |= sums << orbit.cells().len();
                }
            }
            for n in 0..=90u8 {
                let expected = (17..=81).contains(&n) && sums >> n & 1 == 1;
                assert_eq!(symmetry.allows(n), expected, "{symmetry} {n}");
            }
        }
    }
}
