//! Single-digit patterns: skyscraper, 2-string kite, empty rectangle. Each joins two
//! conjugate pairs (a digit with exactly two places in a unit) or a pair and a box, so
//! that one of two end cells must hold the digit; cells that see both ends lose it.

use super::bits::{self, Cells};
use super::marks::Marks;
use super::step::Step;
use super::technique::Technique;
use crate::candidates::Digits;

/// The units among `units` where `digit` has exactly two places (a conjugate pair).
fn pairs(marks: &Marks, digit: u8, units: core::ops::Range<usize>) -> heapless::Vec<u8, 27> {
    let mut out = heapless::Vec::new();
    for unit in units {
        if bits::exactly(marks.places_in(digit, unit), 2) {
            let _ = out.push(unit as u8);
        }
    }
    out
}

/// The two places of `digit` in `unit`, and the unit's index.
#[cfg_attr(not(feature = "fast"), inline(never))]
fn pair(marks: &Marks, digit: u8, unit: u8) -> (usize, Cells) {
    let unit = usize::from(unit);
    (unit, marks.places_in(digit, unit))
}

fn ends(pair: Cells) -> (usize, usize) {
    let a = bits::first(pair);
    (a, bits::first(pair & !bits::bit(a)))
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
    out.reset(technique);
    out.digit(digit);
    for cell in cells {
        out.node(cell, digit);
    }
    for unit in units {
        out.unit(unit);
    }
    out.eliminate_all(targets, digit);
}

/// Two parallel conjugate pairs sharing one cross line: their other ends see the targets.
#[inline(never)]
pub(crate) fn skyscraper(marks: &Marks, skip: u16, out: &mut Step) -> bool {
    for digit in Digits::from_bits(!skip) {
        let places = marks.positions(digit);
        for lines in [0..9, 9..18] {
            let cross = if lines.start == 0 { 1 } else { 0 };
            let found = pairs(marks, digit, lines);
            for (i, &first) in found.iter().enumerate() {
                let (u1, p1) = pair(marks, digit, first);
                for &second in found.iter().skip(i + 1) {
                    let (u2, p2) = pair(marks, digit, second);
                    let (a1, b1) = ends(p1);
                    let (a2, b2) = ends(p2);
                    // The ends on a common cross line form the base; the others are free.
                    let line = |c: usize| bits::units_of(c)[cross];
                    let (base1, free1, base2, free2) = if line(a1) == line(a2) {
                        (a1, b1, a2, b2)
                    } else if line(b1) == line(b2) {
                        (b1, a1, b2, a2)
                    } else {
                        continue;
                    };
                    if line(free1) == line(free2) {
                        continue; // an X-wing
                    }
                    let targets = places & bits::seen_by(free1, free2) & !p1 & !p2;
                    if targets != 0 {
                        chain_step(
                            Technique::Skyscraper,
                            digit,
                            [free1, base1, base2, free2],
                            [u1, u2],
                            targets,
                            out,
                        );
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// A row pair and a column pair with one end each in a common box: the other ends see the
/// targets.
#[inline(never)]
pub(crate) fn two_string_kite(marks: &Marks, skip: u16, out: &mut Step) -> bool {
    for digit in Digits::from_bits(!skip) {
        let places = marks.positions(digit);
        let rows = pairs(marks, digit, 0..9);
        let cols = pairs(marks, digit, 9..18);
        for &row in &rows {
            let (ru, rp) = pair(marks, digit, row);
            for &col in &cols {
                let (cu, cp) = pair(marks, digit, col);
                if rp & cp != 0 {
                    continue;
                }
                let (r1, r2) = ends(rp);
                let (c1, c2) = ends(cp);
                for (row_in, row_out) in [(r1, r2), (r2, r1)] {
                    for (col_in, col_out) in [(c1, c2), (c2, c1)] {
                        let b = bits::units_of(row_in)[2];
                        if bits::units_of(col_in)[2] != b
                            || bits::units_of(row_out)[2] == b
                            || bits::units_of(col_out)[2] == b
                        {
                            continue;
                        }
                        let targets = places & bits::seen_by(row_out, col_out) & !rp & !cp;
                        if targets != 0 {
                            chain_step(
                                Technique::TwoStringKite,
                                digit,
                                [row_out, row_in, col_in, col_out],
                                [ru, cu],
                                targets,
                                out,
                            );
                            return true;
                        }
                    }
                }
            }
        }
    }
    false
}

/// A box whose digit lies in one row and one column of it, and a conjugate pair with one
/// end on that row (or column): the cell crossing the pair's other end and the box's
/// column (or row) loses the digit.
#[inline(never)]
pub(crate) fn empty_rectangle(marks: &Marks, skip: u16, out: &mut Step) -> bool {
    for digit in Digits::from_bits(!skip) {
        let places = marks.positions(digit);
        let row_pairs = pairs(marks, digit, 0..9);
        let col_pairs = pairs(marks, digit, 9..18);
        for b in 18..27 {
            let boxed = places & bits::unit_mask(b);
            if !bits::at_least(boxed, 2) {
                continue;
            }
            for hinge in bits::iter(bits::unit_mask(b)) {
                let [r, c, _] = bits::units_of(hinge);
                let (row, col) = (bits::unit_mask(r), bits::unit_mask(c));
                if boxed & !(row | col) != 0 || boxed & !row == 0 || boxed & !col == 0 {
                    continue;
                }
                // A pair in a column outside the box, one end in row r: the target is
                // where the other end's row meets column c. Then the same with rows and
                // columns swapped: `k` is the line kind (0 row, 1 column) the ends are on.
                let lines = [(&col_pairs, 0, r, col), (&row_pairs, 1, c, row)];
                for (line_pairs, k, hinge_line, cross) in lines {
                    for &unit in line_pairs {
                        let (unit, pair) = pair(marks, digit, unit);
                        if pair & bits::unit_mask(b) != 0 {
                            continue;
                        }
                        let (p, q) = ends(pair);
                        for (on, off) in [(p, q), (q, p)] {
                            if bits::units_of(on).get(k) != Some(&hinge_line) {
                                continue;
                            }
                            let line = bits::units_of(off).get(k).copied().unwrap_or(hinge_line);
                            let target = bits::unit_mask(line) & cross & places;
                            if target != 0 && target & bits::unit_mask(b) == 0 {
                                let cells = bits::iter(boxed).chain([on, off]);
                                let units = [b, unit];
                                let t = Technique::EmptyRectangle;
                                chain_step(t, digit, cells, units, target, out);
                                return true;
                            }
                        }
                    }
                }
            }
        }
    }
    false
}
