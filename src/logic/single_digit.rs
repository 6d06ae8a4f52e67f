//! Single-digit patterns: skyscraper, 2-string kite, empty rectangle. Each joins two
//! conjugate pairs (a digit with exactly two places in a unit) or a pair and a box, so
//! that one of two end cells must hold the digit; cells that see both ends lose it.

use super::bits::{self, Cells};
use super::marks::Marks;
use super::step::Step;
use super::technique::Technique;
use crate::board::{third, UNIT_CELLS};
use crate::candidates::Digits;

/// The rows and columns where `digit` has exactly two places (a conjugate pair), as unit
/// bits: rows in bits `0..9`, columns in `9..18`.
fn pairs(marks: &Marks, digit: u8) -> u32 {
    let mut out = 0;
    for unit in 0..18 {
        if marks.pair_in(digit, unit).is_some() {
            out |= 1 << unit;
        }
    }
    out
}

/// The lowest unit of `units` (unit bits, not empty), taken out of them, and the two
/// places of `digit` there, lowest first.
#[cfg_attr(not(feature = "fast"), inline(never))]
fn take_pair(marks: &Marks, digit: u8, units: &mut u32) -> (usize, usize, usize) {
    let unit = bits::lowest_bit(*units);
    *units &= units.wrapping_sub(1);
    let (a, b) = marks.pair_in(digit, unit).unwrap_or_default();
    (unit, a, b)
}

/// The rows of a set of unit bits.
const ROWS: u32 = 0x1FF;
/// The columns of a set of unit bits.
const COLUMNS: u32 = 0x1FF << 9;

/// The unit of kind `kind` (0 row, 1 column, 2 box) of `cell`.
#[cfg_attr(not(feature = "fast"), inline(never))]
fn unit_of(cell: usize, kind: usize) -> usize {
    bits::units_of(cell).get(kind).copied().unwrap_or(0)
}

/// Writes into `out` the step of a pattern of `digit`: its cells in reading order, its two
/// units, and the `targets` that lose the digit.
fn chain_step(
    technique: Technique,
    digit: u8,
    cells: impl IntoIterator<Item = usize>,
    units: [usize; 2],
    targets: Cells,
    out: &mut Step,
) {
    out.reset_on(technique, digit);
    for cell in cells {
        out.node(cell, digit);
    }
    for unit in units {
        out.unit(unit);
    }
    out.eliminate_all(targets, digit);
}

/// The skyscrapers, two-string kites or empty rectangles (`technique`) on the digits not
/// in `skip` (candidate bits): one walk of the digits and their conjugate pairs for the
/// three.
#[inline(never)]
pub(crate) fn patterns(marks: &Marks, technique: Technique, skip: u16, out: &mut Step) -> bool {
    for digit in Digits::from_bits(!skip) {
        let found = pairs(marks, digit);
        let hit = if technique == Technique::EmptyRectangle {
            empty_rectangle(marks, digit, found, out)
        } else {
            two_pairs(marks, technique, digit, found, out)
        };
        if hit {
            return true;
        }
    }
    false
}

/// The skyscrapers, or the two-string kites (`technique`), of `digit`, whose conjugate
/// pairs in rows and columns are `found` (unit bits): two conjugate pairs with one end
/// each in a common line (skyscraper: the cross line of two parallel pairs) or box
/// (kite: of a row pair and a column pair), whose other ends are not; those ends see the
/// targets. One search for both.
fn two_pairs(marks: &Marks, technique: Technique, digit: u8, found: u32, out: &mut Step) -> bool {
    let kite = technique == Technique::TwoStringKite;
    // Skyscrapers: two rows, then two columns; kites: a row and a column.
    for pass in 0..if kite { 1 } else { 2 } {
        // The unit kind (0 row, 1 column, 2 box) where the ends meet.
        let meet = if kite { 2 } else { 1 - pass };
        let mut firsts = found & if pass == 0 { ROWS } else { COLUMNS };
        while firsts != 0 {
            let (u1, a1, b1) = take_pair(marks, digit, &mut firsts);
            // A skyscraper's second pair is of the same kind, after the first.
            let mut seconds = if kite { found & COLUMNS } else { firsts };
            while seconds != 0 {
                let (u2, a2, b2) = take_pair(marks, digit, &mut seconds);
                if a1 == a2 || a1 == b2 || b1 == a2 || b1 == b2 {
                    continue;
                }
                let unit = |c: usize| unit_of(c, meet);
                // Which end of each pair meets the other's: a kite tries all four
                // choices; a skyscraper's ends meet in order (the first two, or the
                // last two) or not at all.
                for choice in (0..4).step_by(if kite { 1 } else { 3 }) {
                    let (in1, out1) = if choice & 2 == 0 { (a1, b1) } else { (b1, a1) };
                    let (in2, out2) = if choice & 1 == 0 { (a2, b2) } else { (b2, a2) };
                    let at = unit(in1);
                    if unit(in2) != at
                        || unit(out1) == at
                        || unit(out2) == at
                        || unit(out1) == unit(out2)
                    {
                        continue;
                    }
                    // The two ends see neither themselves nor each other.
                    let mut targets = marks.seeing_both(digit, out1, out2);
                    bits::remove(&mut targets, in1);
                    bits::remove(&mut targets, in2);
                    if targets != 0 {
                        let cells = [out1, in1, in2, out2];
                        chain_step(technique, digit, cells, [u1, u2], targets, out);
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// A box whose digit lies in one row and one column of it, and a conjugate pair with one
/// end on that row (or column): the cell crossing the pair's other end and the box's
/// column (or row) loses the digit. For `digit`, whose conjugate pairs in rows and
/// columns are `found` (unit bits).
fn empty_rectangle(marks: &Marks, digit: u8, found: u32, out: &mut Step) -> bool {
    for b in 18..27 {
        // The box's places of the digit, bit 3i + j for its cell in row i, column j.
        let Some(cells) = UNIT_CELLS.get(b) else {
            continue;
        };
        let mut local = 0u16;
        for (k, &cell) in cells.iter().enumerate() {
            local |= u16::from(marks.candidates(usize::from(cell)).contains(digit)) << k;
        }
        if bits::count9(local) < 2 {
            continue;
        }
        for (k, &hinge) in cells.iter().enumerate() {
            let hinge = usize::from(hinge);
            // The hinge's row and column of the box (`k / 3` and `k % 3`).
            let i = third(k);
            let (row, col) = (0b111 << (3 * i), 0b001_001_001 << (k - 3 * i));
            if local & !(row | col) != 0 || local & !row == 0 || local & !col == 0 {
                continue;
            }
            // A pair in a column outside the box, one end in the hinge's row: the
            // target is where the other end's row meets the hinge's column. Then the
            // same with rows and columns swapped: `k` is the line kind (0 row, 1
            // column) the ends are on.
            for k in 0..2 {
                let mut line_pairs = found & if k == 0 { COLUMNS } else { ROWS };
                let hinge_line = unit_of(hinge, k);
                while line_pairs != 0 {
                    let (unit, p, q) = take_pair(marks, digit, &mut line_pairs);
                    if unit_of(p, 2) == b || unit_of(q, 2) == b {
                        continue;
                    }
                    for (on, off) in [(p, q), (q, p)] {
                        if unit_of(on, k) != hinge_line {
                            continue;
                        }
                        // Where the other end's line meets the hinge's cross line.
                        let (row, col) = if k == 0 {
                            (unit_of(off, 0), unit_of(hinge, 1))
                        } else {
                            (unit_of(hinge, 0), unit_of(off, 1))
                        };
                        let cell = (9 * row + col).wrapping_sub(9);
                        if marks.candidates(cell).contains(digit) && unit_of(cell, 2) != b {
                            out.reset_on(Technique::EmptyRectangle, digit);
                            for (k, &c) in cells.iter().enumerate() {
                                if local & 1 << k != 0 {
                                    out.node(usize::from(c), digit);
                                }
                            }
                            out.node(on, digit);
                            out.node(off, digit);
                            out.unit(b);
                            out.unit(unit);
                            out.eliminate(cell, digit);
                            return true;
                        }
                    }
                }
            }
        }
    }
    false
}
