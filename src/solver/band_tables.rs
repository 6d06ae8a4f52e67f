//! Lookup tables of the band engine, built by `const fn` at compile time (8.8 KiB).
//!
//! A band mask is 27 bits: bit `9 * row + col` for the band's row `0..3` and column `0..9`.
//! A "minirow" is the 3 cells of one row inside one box; a band has 9 of them, numbered
//! `3 * box + row` in a 9-bit "minirow mask" (the order in which [`occupied`] finds them).

/// All 27 cells of a band.
pub(super) const BAND: u32 = 0o777_777_777;

/// The minirows of a band mask that hold a cell (a minirow mask): a few shifts, where one
/// table lookup per row would take three loads.
#[inline(always)]
pub(super) const fn occupied(mask: u32) -> usize {
    // A flag at the first bit of each occupied minirow (bit `9 * row + 3 * box`), then
    // row `r`'s flags shifted down by `8 * r`: bit `3 * box + row`.
    let flags = (mask | mask >> 1 | mask >> 2) & 0o111_111_111;
    ((flags | flags >> 8 | flags >> 16) & 0o777) as usize
}

/// A key of the minirows of a band mask that hold a cell, `0..512`, one per minirow mask:
/// what [`BY_MINIROWS`] is indexed by. Cheaper than [`occupied`] on the hottest path of
/// the engine: a flag per occupied minirow by one addition, then a multiplication that
/// gathers the 9 flags into the top bits of the product, in an order of its own (checked
/// for all 512 minirow masks when the table is built, at compile time).
#[inline(always)]
pub(super) const fn minirow_key(mask: u32) -> usize {
    // Bit 2 of each 3-bit minirow is set when the minirow holds a cell: bits 0 and 1 add
    // up to at most 3 + 3, which never carries into the next minirow.
    let flags = (((mask & 0o333_333_333) + 0o333_333_333) | mask) & 0o444_444_444;
    (flags.wrapping_mul(KEY_FACTOR) >> 23) as usize
}

/// Found by a search: it maps the 512 combinations of the flags at bits `3 * k + 2` to 512
/// different values of the product's top 9 bits.
const KEY_FACTOR: u32 = 0x2a01_1020;

/// A band mask with one cell (the first) in each minirow of a minirow mask: a
/// representative of the masks whose [`occupied`] minirows are `minirows`.
pub(super) const fn minirow_cells(minirows: u32) -> u32 {
    let mut cells = 0;
    let mut row = 0;
    while row < 3 {
        let mut box_ = 0;
        while box_ < 3 {
            if minirows & minirow(row, box_) != 0 {
                cells |= 1 << (9 * row + 3 * box_);
            }
            box_ += 1;
        }
        row += 1;
    }
    cells
}

/// The bit of a minirow in a minirow mask.
const fn minirow(row: u32, box_: u32) -> u32 {
    1 << (3 * box_ + row)
}

/// [`minirow_key`] of a band mask -> in the low half, the cells of every minirow that takes part in a
/// placement of one digit consistent with the band: each row and each box of the band holds
/// the digit exactly once, so the occupied minirows form a permutation of the 3 boxes.
/// Minirows in no such permutation are locked out (pointing and claiming locked candidates,
/// to a fixed point in one lookup); 0 when no permutation fits, which is a contradiction.
/// In the high half, the cells of the minirows in every permutation that fits: where the
/// digit surely is, up to the column inside the minirow. (One table for both halves: one
/// load.)
pub(super) static BY_MINIROWS: [u64; 512] = by_minirows();

/// Columns (9 bits) where a digit can still be in one band -> in the low half, the cells
/// that stay possible for that digit in the other two bands: a box where the digit is
/// confined to a single column takes that column away from the other bands (this is also
/// how a placed digit clears its column). In the high half, the cells of those columns
/// in those boxes: with the high half of [`BY_MINIROWS`], the cells where the digit is
/// known to be, without a third lookup.
pub(super) static BY_COLUMNS: [u64; 512] = by_columns();

/// Cell of a band (`0..27`) -> the band without the cell's row and box peers (the cell
/// itself stays): what a digit placed there leaves possible for itself in the band.
/// Entries 27.. (no cell) keep everything; there are 32, so that any `trailing_zeros` of a
/// nonzero `u32` is a valid index.
pub(super) static KEEP_IN_BAND: [u32; 32] = keep_in_band();

/// Minirow mask -> the permutations (bit `p` for [`PERMUTATIONS`]`[p]`) whose 3 minirows
/// are all in it: the placements of one digit that the band still allows.
pub(super) static FITTING: [u8; 512] = fitting();

/// Permutation -> the cells of its 3 minirows (row `r` in box `PERMUTATIONS[p][r]`).
pub(super) static PERMUTATION_CELLS: [u32; 6] = permutation_cells();

/// Cell (bit of a band mask) -> the cells of its column in a band (none for bits 27..32).
pub(super) static COLUMN: [u32; 32] = column();

/// The 6 ways to give each of the 3 rows its own box.
pub(super) const PERMUTATIONS: [[u32; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

const fn by_minirows() -> [u64; 512] {
    let mut table = [0u64; 512];
    let mut taken = [false; 512];
    let mut occupied = 0;
    while occupied < 512 {
        // Over the permutations that fit: the union of their cells (low half) and the
        // intersection of their minirows (high half; none when nothing fits).
        let mut cells = 0u32;
        let mut sure = 0x1FFu32;
        let mut p = 0;
        while p < 6 {
            let perm = PERMUTATIONS[p];
            let mut fits = true;
            let (mut mask, mut minirows) = (0u32, 0u32);
            let mut row = 0;
            while row < 3 {
                let bit = minirow(row, perm[row as usize]);
                if occupied & bit == 0 {
                    fits = false;
                }
                minirows |= bit;
                mask |= 0o7 << (9 * row + 3 * perm[row as usize]);
                row += 1;
            }
            if fits {
                cells |= mask;
                sure &= minirows;
            }
            p += 1;
        }
        if cells == 0 {
            sure = 0;
        }
        // Each key is taken once: the build fails otherwise.
        let key = minirow_key(minirow_cells(occupied));
        assert!(!taken[key], "two minirow masks share a key");
        taken[key] = true;
        // The cells of the sure minirows: 3 bits from each one's first cell.
        let sure = minirow_cells(sure) * 0b111;
        table[key] = cells as u64 | (sure as u64) << 32;
        occupied += 1;
    }
    table
}

const fn by_columns() -> [u64; 512] {
    let mut table = [0u64; 512];
    let mut cols = 0u32;
    while cols < 512 {
        // Boxes where the digit has a single column: that column leaves the other bands
        // (low half), and its cells in the box go into the high half.
        let mut keep = BAND;
        let mut one_column = 0u32;
        let mut b = 0;
        while b < 3 {
            let in_box = (cols >> (3 * b)) & 7;
            if in_box != 0 && in_box & (in_box - 1) == 0 {
                let col = 3 * b + in_box.trailing_zeros();
                keep &= !(0o001_001_001 << col);
                one_column |= 0o001_001_001 << col;
            }
            b += 1;
        }
        table[cols as usize] = keep as u64 | (one_column as u64) << 32;
        cols += 1;
    }
    table
}

const fn fitting() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut occupied = 0;
    while occupied < 512 {
        let mut p = 0;
        while p < 6 {
            let perm = PERMUTATIONS[p];
            let mut fits = true;
            let mut row = 0;
            while row < 3 {
                if occupied & minirow(row, perm[row as usize]) == 0 {
                    fits = false;
                }
                row += 1;
            }
            if fits {
                table[occupied as usize] |= 1 << p;
            }
            p += 1;
        }
        occupied += 1;
    }
    table
}

const fn permutation_cells() -> [u32; 6] {
    let mut table = [0u32; 6];
    let mut p = 0;
    while p < 6 {
        let mut row = 0;
        while row < 3 {
            table[p] |= 0o7 << (9 * row + 3 * PERMUTATIONS[p][row as usize]);
            row += 1;
        }
        p += 1;
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

    /// The minirow mask of some (row, box) pairs.
    fn minirows(pairs: &[(u32, u32)]) -> usize {
        pairs.iter().fold(0, |m, &(row, b)| m | minirow(row, b)) as usize
    }

    /// `count` pseudo-random band masks from `seed` (xorshift), sparse ones too (few cells,
    /// as late in a search), each with at least one cell.
    fn random_masks(seed: u32, count: u32) -> impl Iterator<Item = u32> {
        let mut state = seed;
        (0..count).map(move |i| {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            (state & state.rotate_left(i % 32) & BAND) | (1 << (i % 27))
        })
    }

    #[test]
    fn occupied_finds_every_minirow_with_a_cell() {
        for mask in random_masks(0x9e37_79b9, 200_000) {
            let mut expected = 0;
            for row in 0..3 {
                for b in 0..3 {
                    if mask & (0o7 << (9 * row + 3 * b)) != 0 {
                        expected |= minirow(row, b) as usize;
                    }
                }
            }
            assert_eq!(occupied(mask), expected, "{mask:#o}");
            // The key depends on the occupied minirows alone.
            let key = minirow_key(minirow_cells(expected as u32));
            assert_eq!(minirow_key(mask), key, "{mask:#o}");
        }
        assert_eq!(occupied(0), 0);
        assert_eq!(occupied(BAND), 0o777);
    }

    #[test]
    fn locked_and_sure_minirows() {
        let key = |m: usize| minirow_key(minirow_cells(m as u32));
        let locked = |m: usize| BY_MINIROWS[key(m)] as u32;
        let sure = |m: usize| (BY_MINIROWS[key(m)] >> 32) as usize;
        // Every minirow possible: nothing is locked out, and nothing is sure.
        assert_eq!(locked(0o777), BAND);
        assert_eq!(sure(0o777), 0);
        let cells = |m: usize| (minirow_cells(m as u32) * 0b111) as usize;
        // Row 0 only in box 0: rows 1 and 2 lose box 0, and only row 0's minirow is sure.
        let m = minirows(&[(0, 0), (1, 1), (1, 2), (2, 1), (2, 2)]);
        assert_eq!(locked(m), 0o770_770_007);
        assert_eq!(sure(m), cells(minirows(&[(0, 0)])));
        // One minirow per row, a permutation: all three are sure.
        let m = minirows(&[(0, 1), (1, 2), (2, 0)]);
        assert_eq!(sure(m), cells(m));
        // Row 0 and row 1 both confined to box 0: no placement.
        let m = minirows(&[(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]);
        assert_eq!(locked(m), 0);
        assert_eq!(sure(m), 0);
    }

    /// The cells that an update solves from the two tables' high halves are those whose
    /// row is confined to them: a digit's only place in its row, found by brute force over
    /// the permutations of the band's rows to its boxes.
    #[test]
    fn solved_cells_are_rows_with_one_place() {
        for mask in random_masks(0x2545_f491, 100_000) {
            let by_minirows = BY_MINIROWS[minirow_key(mask)];
            let poss = mask & by_minirows as u32;
            if poss == 0 {
                continue;
            }
            let cols = (poss | poss >> 9 | poss >> 18) & 0o777;
            let solved = ((by_minirows & BY_COLUMNS[cols as usize]) >> 32) as u32 & poss;
            // The permutations that fit the mask; a row is solved where every one of them
            // puts it in the same box and the box holds one column of the digit's places.
            let fits = |perm: &[u32; 3]| {
                (0..3).all(|row| mask & (0o7 << (9 * row + 3 * perm[row as usize])) != 0)
            };
            let mut expected = 0;
            for row in 0..3 {
                // The boxes the fitting permutations put the row in, a bit per box.
                let boxes = PERMUTATIONS
                    .iter()
                    .filter(|perm| fits(perm))
                    .fold(0u32, |boxes, perm| boxes | 1 << perm[row as usize]);
                let b = boxes.trailing_zeros();
                let in_box = (cols >> (3 * b)) & 7;
                if boxes.count_ones() == 1 && in_box.count_ones() == 1 {
                    expected |= poss & (0o7 << (9 * row + 3 * b));
                }
            }
            assert_eq!(solved, expected, "{mask:#o}");
        }
    }

    #[test]
    fn other_bands_one_column_and_keep_in_band() {
        let keep = |cols: usize| BY_COLUMNS[cols] as u32;
        let one_column = |cols: usize| (BY_COLUMNS[cols] >> 32) as usize;
        assert_eq!(keep(0o777), BAND);
        assert_eq!(one_column(0o777), 0);
        // Box 1 confined to column 4.
        assert_eq!(keep(0o727), BAND & !(0o001_001_001 << 4));
        assert_eq!(one_column(0o727), 0o001_001_001 << 4);
        // Every box confined to one column.
        assert_eq!(
            one_column(0o124),
            0o001_001_001 * (1 << 2 | 1 << 4 | 1 << 6)
        );
        assert_eq!(KEEP_IN_BAND[0], 0o770_770_001);
        assert_eq!(KEEP_IN_BAND[13] & (1 << 13), 1 << 13);
        assert_eq!(KEEP_IN_BAND[13].count_ones(), 27 - 14);
    }
}
