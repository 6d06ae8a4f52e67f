//! [`Board`]: the 9x9 grid as a fixed `[u8; 81]`, and the geometry of rows, columns and boxes.
//!
//! Cells are numbered `0..81` in row-major order: cell `9 * row + col`. Boxes are numbered
//! `0..9` row-major from the top-left. Units `0..9` are rows, `9..18` columns, `18..27` boxes.

use crate::candidates::Digits;
use crate::error::{Conflict, ParseError, Unit};

/// Number of cells on the board.
pub const CELLS: usize = 81;

/// The row (`0..9`) of each cell.
pub const ROW: [u8; CELLS] = geometry(0);
/// The column (`0..9`) of each cell.
pub const COL: [u8; CELLS] = geometry(1);
/// The box (`0..9`) of each cell.
pub const BOX: [u8; CELLS] = geometry(2);

/// The nine cells of each unit: rows `0..9`, then columns `9..18`, then boxes `18..27`.
pub const UNIT_CELLS: [[u8; 9]; 27] = unit_cells();

const fn geometry(kind: u8) -> [u8; CELLS] {
    let mut table = [0u8; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let (r, c) = ((cell / 9) as u8, (cell % 9) as u8);
        table[cell] = match kind {
            0 => r,
            1 => c,
            _ => (r / 3) * 3 + c / 3,
        };
        cell += 1;
    }
    table
}

const fn unit_cells() -> [[u8; 9]; 27] {
    let mut units = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            units[i][j] = (9 * i + j) as u8;
            units[9 + i][j] = (9 * j + i) as u8;
            units[18 + i][j] = (27 * (i / 3) + 3 * (i % 3) + 9 * (j / 3) + j % 3) as u8;
            j += 1;
        }
        i += 1;
    }
    units
}

/// `x / 3` for `x` below 9 (a row's band, a column's stack), by a multiplication and a
/// shift: a Cortex-M0 would call a library routine for the division.
#[inline(always)]
pub(crate) const fn third(x: usize) -> usize {
    (x * 11) >> 5
}

/// The [`Unit`] with index `0..27` (rows, then columns, then boxes). Without a division,
/// which a Cortex-M0 would call a 400-byte library routine for.
pub(crate) const fn unit(index: usize) -> Unit {
    match index {
        0..9 => Unit::Row(index as u8),
        9..18 => Unit::Col((index - 9) as u8),
        _ => Unit::Box((index - 18) as u8),
    }
}

/// A 9x9 Sudoku grid: 81 cells in row-major order, `0` for an empty cell, `1..=9` for a digit.
///
/// Every value in the grid is in `0..=9`; constructors enforce it. A board may hold givens
/// that conflict (the same digit twice in a unit): [`Board::parse`] rejects them, while
/// [`Board::from_cells`] keeps them so that [`Board::solve`] can report the conflict and
/// [`Board::count_solutions`] can answer 0.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [u8; CELLS],
}

impl Default for Board {
    fn default() -> Self {
        Board::EMPTY
    }
}

impl Board {
    /// The board with every cell empty.
    pub const EMPTY: Board = Board { cells: [0; CELLS] };

    /// Builds a board from raw cells (`0` = empty, `1..=9` = digit).
    ///
    /// Conflicting givens are accepted here; see [`Board::conflict`].
    ///
    /// # Errors
    /// [`ParseError::InvalidByte`] naming the first cell (as `offset`) whose value is above 9.
    pub fn from_cells(cells: [u8; CELLS]) -> Result<Board, ParseError> {
        // The largest value first, with no early exit (the compiler checks 16 cells at a
        // time); the search for the culprit runs only when there is one.
        if cells.iter().fold(0, |max, &v| max.max(v)) <= 9 {
            return Ok(Board { cells });
        }
        match cells.iter().position(|&v| v > 9) {
            Some(cell) => Err(ParseError::InvalidByte {
                offset: cell,
                byte: cells[cell],
            }),
            None => Ok(Board { cells }),
        }
    }

    /// The 81 cells, row-major, `0` for empty.
    #[inline]
    pub const fn cells(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// The value of `cell` (`0..81`): `Some(0)` if empty, `Some(1..=9)` if filled, `None` if
    /// `cell` is out of range.
    #[inline]
    pub fn get(&self, cell: usize) -> Option<u8> {
        self.cells.get(cell).copied()
    }

    /// Sets `cell` (`0..81`) to `value` (`0` = empty, `1..=9`); does nothing for a cell out
    /// of range or a value above 9.
    #[inline]
    pub(crate) fn set(&mut self, cell: usize, value: u8) {
        if let Some(slot) = self.cells.get_mut(cell).filter(|_| value <= 9) {
            *slot = value;
        }
    }

    /// Number of filled cells.
    pub fn filled(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// True if every cell holds a digit.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// True if the board is complete and every row, column and box holds each digit once.
    pub fn is_solved(&self) -> bool {
        self.is_complete() && self.conflict().is_none()
    }

    /// True if every digit of `self` is also in `other` at the same cell (the givens are kept).
    pub fn is_contained_in(&self, other: &Board) -> bool {
        self.cells
            .iter()
            .zip(other.cells.iter())
            .all(|(&a, &b)| a == 0 || a == b)
    }

    /// The first pair of givens that repeat a digit in a unit (rows first, then columns,
    /// then boxes), or `None` if the givens are consistent.
    pub fn conflict(&self) -> Option<Conflict> {
        if cfg!(feature = "fast") && !self.repeats_a_digit() {
            return None;
        }
        for (index, cells) in UNIT_CELLS.iter().enumerate() {
            let mut first_at = [u8::MAX; 10];
            for &cell in cells {
                // Both lookups always succeed (cells are below 81, values at most 9); `get`
                // keeps the code free of panic paths all the same.
                let digit = self.cells.get(usize::from(cell)).copied().unwrap_or(0);
                let Some(first) = first_at.get_mut(usize::from(digit)) else {
                    continue;
                };
                if digit == 0 {
                    continue;
                }
                if *first != u8::MAX {
                    return Some(Conflict {
                        digit,
                        unit: unit(index),
                        cells: [(*first).min(cell), (*first).max(cell)],
                    });
                }
                *first = cell;
            }
        }
        None
    }

    /// Whether some row, column or box holds a digit twice, in one branch-free pass, so
    /// that the common case (no conflict) costs little and [`Board::conflict`] searches
    /// for the pair only when there is one. A unit's digits, as single bits, are distinct
    /// exactly when their sum equals their union (a repeated bit carries). Used by the
    /// `fast` build only: its 192 bytes of sums are too much stack for a small firmware.
    fn repeats_a_digit(&self) -> bool {
        // 16 entries per kind of unit (rows, columns, boxes), so that an index masked to 4
        // bits is in range.
        let (mut sum, mut union) = ([[0u16; 16]; 3], [[0u16; 16]; 3]);
        for (row, cells) in self.cells.chunks_exact(9).enumerate() {
            for (col, &digit) in cells.iter().enumerate() {
                // Bit `digit - 1` for a digit, no bit for a blank.
                let bit = (1u16 << (digit & 15)) >> 1;
                let square = row / 3 * 3 + col / 3;
                for ((sum, union), index) in sum.iter_mut().zip(&mut union).zip([row, col, square])
                {
                    sum[index & 15] += bit;
                    union[index & 15] |= bit;
                }
            }
        }
        sum != union
    }

    /// The digits that can go in `cell` without repeating one in its row, column or box
    /// (empty for a filled or out-of-range cell).
    pub fn candidates(&self, cell: usize) -> Digits {
        if self.get(cell) != Some(0) {
            return Digits::NONE;
        }
        let mut used = Digits::NONE;
        for unit in [
            ROW[cell] as usize,
            9 + COL[cell] as usize,
            18 + BOX[cell] as usize,
        ] {
            for &peer in &UNIT_CELLS[unit] {
                used = used.with(self.cells[peer as usize]);
            }
        }
        used.complement()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry_tables() {
        assert_eq!(BOX[0], 0);
        assert_eq!(BOX[80], 8);
        assert_eq!(BOX[30], 4);
        assert_eq!(UNIT_CELLS[9], [0, 9, 18, 27, 36, 45, 54, 63, 72]);
        assert_eq!(UNIT_CELLS[18 + 4], [30, 31, 32, 39, 40, 41, 48, 49, 50]);
        for (u, cells) in UNIT_CELLS.iter().enumerate() {
            for &c in cells {
                let c = c as usize;
                let own = [ROW[c] as usize, 9 + COL[c] as usize, 18 + BOX[c] as usize];
                assert!(own.contains(&u));
            }
        }
    }

    #[test]
    fn from_cells_rejects_values_above_nine() {
        let mut cells = [0u8; CELLS];
        cells[40] = 10;
        assert_eq!(
            Board::from_cells(cells),
            Err(ParseError::InvalidByte {
                offset: 40,
                byte: 10
            })
        );
    }

    #[test]
    fn conflict_names_unit_and_cells() {
        let mut cells = [0u8; CELLS];
        cells[3] = 7;
        cells[75] = 7;
        let board = Board::from_cells(cells).unwrap();
        let conflict = board.conflict().unwrap();
        assert_eq!(conflict.unit, Unit::Col(3));
        assert_eq!(conflict.cells, [3, 75]);
    }

    #[test]
    fn candidates_of_a_cell() {
        let mut cells = [0u8; CELLS];
        cells[1] = 1; // same row as cell 0
        cells[9] = 2; // same column
        cells[10] = 3; // same box
        cells[80] = 4; // unrelated
        let board = Board::from_cells(cells).unwrap();
        assert_eq!(
            board.candidates(0),
            Digits::ALL.without(1).without(2).without(3)
        );
        assert_eq!(board.candidates(1), Digits::NONE);
        assert_eq!(board.candidates(81), Digits::NONE);
    }
}
