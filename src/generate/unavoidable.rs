//! Small unavoidable sets of the generator's solution grid: sets of cells of which every
//! unique puzzle on that grid keeps a given, because their digits can be rearranged among
//! them into a second valid grid. When removing an orbit would leave one of them without a
//! given, the puzzle becomes ambiguous for certain, and the generator keeps the orbit
//! without searching.
//!
//! The sets found are the cycles between two rows of a band (or two columns of a stack):
//! the digits of row `a` in some columns are those of row `b` in the same columns, shifted
//! round a cycle. Swapping the two rows' digits in those columns keeps every row, column
//! and box whole (each column keeps its two digits, and both cells of a column are in the
//! same box). Cycles of 2, 3 and 4 columns give sets of 4, 6 and 8 cells, which account
//! for nearly all the orbits a minimal puzzle keeps this way.
//!
//! Only an answer that a search would also give is taken from these sets (an empty set is
//! ambiguous, a set with a given says nothing), so the generated puzzles do not depend on
//! them: with the compact engine, built for size, [`Unavoidable`] holds nothing and finds
//! nothing.

use crate::board::CELLS;

/// How many sets are kept: the most cycles of at most 4 columns in 300 generated grids
/// (21 on average). A grid with more keeps the first ones.
#[cfg(feature = "fast")]
const SETS: usize = 34;

/// The longest cycle kept, in columns (or rows).
#[cfg(feature = "fast")]
const LONGEST: u8 = 4;

/// The cells of a band (rows `3k..3k + 3`, block `k`) or a stack (columns `3k..3k + 3`,
/// block `3 + k`) as 27 bits: bit `9 * (row % 3) + column` of a band, `9 * (column % 3) +
/// row` of a stack. A set lies in one block.
#[cfg(feature = "fast")]
const BLOCK_CELLS: u32 = (1 << 27) - 1;

/// The small unavoidable sets of a grid, and which of their cells are still givens.
#[derive(Clone, Copy, Debug)]
pub(super) struct Unavoidable {
    /// Each set's cells in its block (see [`BLOCK_CELLS`]).
    #[cfg(feature = "fast")]
    sets: [u32; SETS],
    #[cfg(feature = "fast")]
    len: u8,
    /// Where the sets of each block end in `sets` (they are in block order).
    #[cfg(feature = "fast")]
    ends: [u8; 6],
    /// The givens, by block.
    #[cfg(feature = "fast")]
    given: [u32; 6],
}

#[cfg(feature = "fast")]
impl Unavoidable {
    /// None: nothing is known to be ambiguous.
    pub(super) const EMPTY: Unavoidable = Unavoidable {
        sets: [0; SETS],
        len: 0,
        ends: [0; 6],
        given: [0; 6],
    };

    /// The sets of the complete `grid`, every cell a given.
    pub(super) fn of(grid: &[u8; CELLS]) -> Unavoidable {
        let mut found = Unavoidable {
            given: [BLOCK_CELLS; 6],
            ..Unavoidable::EMPTY
        };
        for block in 0..6 {
            let k = block % 3;
            for (i, j) in [(0, 1), (0, 2), (1, 2)] {
                // The digits of rows (or columns) 3k + i and 3k + j.
                let mut lines = [[0u8; 9]; 2];
                for (line, &offset) in lines.iter_mut().zip(&[i, j]) {
                    let index = 3 * k + offset;
                    for (at, digit) in line.iter_mut().enumerate() {
                        let cell = if block < 3 {
                            9 * index + at
                        } else {
                            9 * at + index
                        };
                        *digit = grid.get(cell).copied().unwrap_or(0) & 15;
                    }
                }
                found.add_cycles(&lines, 1 << (9 * i) | 1 << (9 * j));
            }
            found.ends[block] = found.len;
        }
        found
    }

    /// Adds the short cycles between two lines of digits (`lines[0]` and `lines[1]`, in
    /// the same block), whose cells at place 0 are `first` (see [`BLOCK_CELLS`]).
    fn add_cycles(&mut self, lines: &[[u8; 9]; 2], first: u32) {
        // Where each digit is in the first line, then where the second line's digit at
        // each place is in the first: the cycles of that permutation are the sets.
        // (Indices masked to the tables' 16 entries: no bounds check, no panic path.)
        let mut place = [0u8; 16];
        for (at, &digit) in lines[0].iter().enumerate() {
            place[usize::from(digit & 15)] = at as u8;
        }
        let mut next = [0u8; 16];
        for (slot, &digit) in next.iter_mut().zip(&lines[1]) {
            *slot = place[usize::from(digit & 15)] % 9;
        }
        for start in 0..9u8 {
            let (mut at, mut length, mut lowest, mut set) = (start, 0, start, 0);
            loop {
                set |= first << at;
                at = next[usize::from(at & 15)];
                length += 1;
                lowest = lowest.min(at);
                if at == start || length > LONGEST {
                    break;
                }
            }
            // Each cycle once, from its lowest place.
            if at == start && lowest == start && (2..=LONGEST).contains(&length) {
                if let Some(slot) = self.sets.get_mut(usize::from(self.len)) {
                    *slot = set;
                    self.len += 1;
                }
            }
        }
    }

    /// Whether blanking `cells` would leave some set without a given.
    pub(super) fn emptied_by(&self, cells: &[u8]) -> bool {
        let mut left = self.given;
        clear(&mut left, cells);
        // Only a set with one of `cells` can lose its last given: one in their blocks.
        cells.iter().any(|&cell| {
            let (row, column) = (usize::from(cell) / 9, usize::from(cell) % 9);
            [row / 3 % 3, 3 + column / 3 % 3].iter().any(|&block| {
                let start = block.checked_sub(1).and_then(|b| self.ends.get(b)).copied();
                let end = self.ends.get(block).copied().unwrap_or(0);
                let sets = self
                    .sets
                    .get(usize::from(start.unwrap_or(0))..usize::from(end));
                let left = left.get(block).copied().unwrap_or(0);
                sets.unwrap_or(&[]).iter().any(|&set| set & left == 0)
            })
        })
    }

    /// Records that `cells` are blanked.
    pub(super) fn blank(&mut self, cells: &[u8]) {
        clear(&mut self.given, cells);
    }
}

/// Takes `cells` out of the cells by block `blocks`.
#[cfg(feature = "fast")]
fn clear(blocks: &mut [u32; 6], cells: &[u8]) {
    for &cell in cells {
        let (row, column) = (u32::from(cell) / 9, u32::from(cell) % 9);
        blocks[(row / 3) as usize % 3] &= !(1 << (9 * (row % 3) + column));
        blocks[3 + (column / 3) as usize % 3] &= !(1 << (9 * (column % 3) + row));
    }
}

#[cfg(not(feature = "fast"))]
impl Unavoidable {
    /// None: nothing is known to be ambiguous.
    pub(super) const EMPTY: Unavoidable = Unavoidable {};

    /// Nothing: the compact build leaves every answer to the search.
    pub(super) fn of(_grid: &[u8; CELLS]) -> Unavoidable {
        Unavoidable::EMPTY
    }

    /// Never: the compact build leaves every answer to the search.
    pub(super) fn emptied_by(&self, _cells: &[u8]) -> bool {
        false
    }

    /// Nothing to record.
    pub(super) fn blank(&mut self, _cells: &[u8]) {}
}

#[cfg(all(test, feature = "fast"))]
mod tests {
    extern crate std;
    use std::vec::Vec;

    use super::*;
    use crate::generate::Options;
    use crate::Board;

    /// Complete grids: the solutions of generated puzzles.
    fn grids() -> impl Iterator<Item = [u8; CELLS]> {
        (0..200).map(|seed| {
            let puzzle = Board::generate(seed, &Options::new()).unwrap();
            *puzzle.solve().unwrap().cells()
        })
    }

    /// Each set found and its block.
    fn sets(found: &Unavoidable) -> Vec<(usize, u32)> {
        let sets = &found.sets[..usize::from(found.len)];
        let block = |i: usize| {
            found
                .ends
                .iter()
                .filter(|&&end| usize::from(end) <= i)
                .count()
        };
        sets.iter()
            .enumerate()
            .map(|(i, &set)| (block(i), set))
            .collect()
    }

    /// The cells of a set of `block`, read back from its bits.
    fn cells_of(block: usize, set: u32) -> Vec<usize> {
        (0..27)
            .filter(|bit| set >> bit & 1 == 1)
            .map(|bit| {
                let (line, at) = (bit / 9, bit % 9);
                if block < 3 {
                    9 * (3 * block + line) + at
                } else {
                    9 * at + 3 * (block - 3) + line
                }
            })
            .collect()
    }

    /// Each set found can be rearranged into another valid grid; and every minimal set of
    /// at most 4 places between two lines of a block whose digits the two lines share is
    /// found (by brute force over the subsets of places), each once.
    #[test]
    fn the_sets_are_the_short_cycles_and_each_is_unavoidable() {
        for grid in grids() {
            let found = Unavoidable::of(&grid);
            let sets = sets(&found);
            let mut expected = Vec::new();
            for block in 0..6usize {
                for (i, j) in [(0, 1), (0, 2), (1, 2)] {
                    let cell = |line: usize, at: usize| {
                        let index = 3 * (block % 3) + line;
                        if block < 3 {
                            9 * index + at
                        } else {
                            9 * at + index
                        }
                    };
                    let shared = |places: u32| {
                        let digits = |line| {
                            (0..9)
                                .filter(|at| places >> at & 1 == 1)
                                .fold(0u16, |d, at| d | 1 << grid[cell(line, at)])
                        };
                        digits(i) == digits(j)
                    };
                    for places in 1u32..512 {
                        let minimal = (1..places)
                            .filter(|sub| sub & places == *sub)
                            .all(|sub| !shared(sub));
                        if places.count_ones() <= 4 && shared(places) && minimal {
                            let mut cells: Vec<usize> = (0..9)
                                .filter(|at| places >> at & 1 == 1)
                                .flat_map(|at| [cell(i, at), cell(j, at)])
                                .collect();
                            cells.sort_unstable();
                            expected.push(cells);
                        }
                    }
                }
            }
            let mut got: Vec<Vec<usize>> = sets
                .iter()
                .map(|&(block, set)| cells_of(block, set))
                .collect();
            for cells in &got {
                // Swap the digits of the two lines in each place: a different valid grid.
                // (The cells come line by line: the first half in one, the rest in the other.)
                let mut other = grid;
                let (first, second) = cells.split_at(cells.len() / 2);
                for (&a, &b) in first.iter().zip(second) {
                    other.swap(a, b);
                }
                assert_ne!(other, grid);
                assert!(Board::from_cells(other).unwrap().is_solved());
            }
            got.iter_mut().for_each(|cells| cells.sort_unstable());
            got.sort();
            expected.sort();
            assert_eq!(got, expected);
        }
    }

    /// `emptied_by` is true exactly when some set has no given left once `cells` go too.
    #[test]
    fn emptied_by_is_a_set_left_without_givens() {
        let mut seen = [0; 2];
        for (round, grid) in grids().enumerate() {
            let mut found = Unavoidable::of(&grid);
            let mut blank = [false; CELLS];
            let mut state = round as u64 + 1;
            for _ in 0..60 {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                let cell = ((state >> 33) % 81) as u8;
                let orbit = [cell, 80 - cell];
                let empty = sets(&found).iter().any(|&(block, set)| {
                    cells_of(block, set)
                        .iter()
                        .all(|&c| blank[c] || orbit.contains(&(c as u8)))
                });
                assert_eq!(found.emptied_by(&orbit), empty);
                seen[usize::from(empty)] += 1;
                if !empty {
                    found.blank(&orbit);
                    orbit.iter().for_each(|&c| blank[usize::from(c)] = true);
                }
            }
        }
        assert!(seen[0] > 100 && seen[1] > 100, "{seen:?}");
    }
}
