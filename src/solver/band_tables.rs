//! Lookup tables of the band engine, built by `const fn` at compile time (6.8 KiB).
//!
//! A band mask is 27 bits: bit `9 * row + col` for the band's row `0..3` and column `0..9`.
//! A "minirow" is the 3 cells of one row inside one box; a band has 9 of them, numbered
//! `3 * row + box` in a 9-bit "shrink" mask.

/// All 27 cells of a band.
pub(super) const BAND: u32 = 0o777_777_777;

/// Row field (9 bits, one per column) -> which of its 3 minirows hold a bit (3 bits).
pub(super) static SHRINK: [u8; 512] = shrink();

/// Shrink mask -> the cells of every minirow that takes part in a placement of one digit
/// consistent with the band: each row and each box of the band holds the digit exactly once,
/// so the occupied minirows form a permutation of the 3 boxes. Minirows in no such
/// permutation are locked out (pointing and claiming locked candidates, to a fixed point in
/// one lookup); 0 when no permutation fits, which is a contradiction.
pub(super) static LOCKED: [u32; 512] = locked();

/// Columns (9 bits) where a digit can still be in one band -> the cells that stay possible
/// for that digit in the other two bands: a box where the digit is confined to a single
/// column takes that column away from the other bands (this is also how a placed digit
/// clears its column).
pub(super) static OTHER_BANDS: [u32; 512] = other_bands();

/// Shrink mask -> the minirows in every permutation that fits (see [`LOCKED`]): where
/// the digit surely is, up to the column inside the minirow.
pub(super) static LOCKED_MINIROWS: [u16; 512] = locked_minirows();

/// Columns (9 bits) where a digit can still be in one band -> the minirows (in shrink
/// layout) of the boxes where it is confined to a single column. With
/// [`LOCKED_MINIROWS`]: the minirows whose cell is known, that is the rows solved.
pub(super) static ONE_COLUMN: [u16; 512] = one_column();

/// Cell of a band (`0..27`) -> the band without the cell's row and box peers (the cell
/// itself stays): what a digit placed there leaves possible for itself in the band.
/// Entries 27.. (no cell) keep everything; there are 32, so that any `trailing_zeros` of a
/// nonzero `u32` is a valid index.
pub(super) static KEEP_IN_BAND: [u32; 32] = keep_in_band();

/// Cell (bit of a band mask) -> the cells of its column in a band (none for bits 27..32).
pub(super) static COLUMN: [u32; 32] = column();

const fn shrink() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut row = 0;
    while row < 512 {
        let mut minirows = 0u8;
        let mut b = 0;
        while b < 3 {
            if (row >> (3 * b)) & 7 != 0 {
                minirows |= 1 << b;
            }
            b += 1;
        }
        table[row] = minirows;
        row += 1;
    }
    table
}

/// The 6 ways to give each of the 3 rows its own box.
const PERMUTATIONS: [[u32; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

const fn locked() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut shrink = 0;
    while shrink < 512 {
        let mut cells = 0u32;
        let mut p = 0;
        while p < 6 {
            let perm = PERMUTATIONS[p];
            let mut fits = true;
            let mut mask = 0u32;
            let mut row = 0;
            while row < 3 {
                let minirow = 3 * row + perm[row as usize];
                if shrink & (1 << minirow) == 0 {
                    fits = false;
                }
                mask |= 0o7 << (9 * row + 3 * perm[row as usize]);
                row += 1;
            }
            if fits {
                cells |= mask;
            }
            p += 1;
        }
        table[shrink] = cells;
        shrink += 1;
    }
    table
}

const fn other_bands() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut cols = 0u32;
    while cols < 512 {
        let mut keep = BAND;
        let mut b = 0;
        while b < 3 {
            let in_box = (cols >> (3 * b)) & 7;
            if in_box != 0 && in_box & (in_box - 1) == 0 {
                let col = 3 * b + in_box.trailing_zeros();
                keep &= !(0o001_001_001 << col);
            }
            b += 1;
        }
        table[cols as usize] = keep;
        cols += 1;
    }
    table
}

const fn locked_minirows() -> [u16; 512] {
    let mut table = [0u16; 512];
    let mut shrink = 0;
    while shrink < 512 {
        let mut all = 0x1FFu16;
        let mut any = false;
        let mut p = 0;
        while p < 6 {
            let perm = PERMUTATIONS[p];
            let mut fits = true;
            let mut minirows = 0u16;
            let mut row = 0;
            while row < 3 {
                let minirow = 3 * row + perm[row as usize];
                if shrink & (1 << minirow) == 0 {
                    fits = false;
                }
                minirows |= 1 << minirow;
                row += 1;
            }
            if fits {
                all &= minirows;
                any = true;
            }
            p += 1;
        }
        table[shrink] = if any { all } else { 0 };
        shrink += 1;
    }
    table
}

const fn one_column() -> [u16; 512] {
    let mut table = [0u16; 512];
    let mut cols = 0u32;
    while cols < 512 {
        let mut minirows = 0u16;
        let mut b = 0;
        while b < 3 {
            let in_box = (cols >> (3 * b)) & 7;
            if in_box != 0 && in_box & (in_box - 1) == 0 {
                minirows |= 0b001_001_001 << b;
            }
            b += 1;
        }
        table[cols as usize] = minirows;
        cols += 1;
    }
    table
}

const fn column() -> [u32; 32] {
    let mut table = [0u32; 32];
    let mut cell = 0;
    while cell < 27 {
        table[cell] = 0o001_001_001 << (cell % 9);
        cell += 1;
    }
    table
}

const fn keep_in_band() -> [u32; 32] {
    let mut table = [BAND; 32];
    let mut cell = 0;
    while cell < 27 {
        let (row, col) = (cell / 9, cell % 9);
        let mut keep = BAND;
        let mut other = 0;
        while other < 27 {
            let (r, c) = (other / 9, other % 9);
            if other != cell && (r == row || c / 3 == col / 3) {
                keep &= !(1 << other);
            }
            other += 1;
        }
        table[cell] = keep;
        cell += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shrink_and_locked() {
        assert_eq!(SHRINK[0o000], 0);
        assert_eq!(SHRINK[0o070], 0b010);
        assert_eq!(SHRINK[0o701], 0b101);
        // Every minirow possible: nothing is locked out.
        assert_eq!(LOCKED[0o777], BAND);
        // Row 0 only in box 0: rows 1 and 2 lose box 0.
        let shrink = 0b110_110_001;
        assert_eq!(LOCKED[shrink], 0o770_770_007);
        // Row 0 and row 1 both confined to box 0: no placement.
        assert_eq!(LOCKED[0b111_001_001], 0);
    }

    #[test]
    fn other_bands_and_keep_in_band() {
        assert_eq!(OTHER_BANDS[0o777], BAND);
        // Box 1 confined to column 4.
        assert_eq!(OTHER_BANDS[0o727], BAND & !(0o001_001_001 << 4));
        assert_eq!(KEEP_IN_BAND[0], 0o770_770_001);
        assert_eq!(KEEP_IN_BAND[13] & (1 << 13), 1 << 13);
        assert_eq!(KEEP_IN_BAND[13].count_ones(), 27 - 14);
    }
}
