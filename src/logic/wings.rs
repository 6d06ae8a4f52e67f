//! Wings: XY-wing, XYZ-wing and W-wing, small patterns of bivalue (and one trivalue) cells
//! that force one of two cells to hold a digit.

use super::bits::{self, Cells};
use super::coloring;
use super::marks::Marks;
use super::step::Step;
use super::technique::Technique;
use crate::candidates::Digits;

fn wing_step(
    technique: Technique,
    marks: &Marks,
    cells: &[usize],
    z: u8,
    targets: Cells,
    out: &mut Step,
) {
    out.reset_on(technique, z);
    for &cell in cells {
        out.cell_nodes(marks, bits::bit(cell));
    }
    out.eliminate_all(targets, z);
}

/// The XY-wings, or the XYZ-wings (`technique`). XY: a bivalue pivot `{x,y}` seeing
/// pincers `{x,z}` and `{y,z}`: one pincer is `z`, so cells seeing both pincers lose `z`.
/// XYZ: a trivalue pivot `{x,y,z}` seeing pincers `{x,z}` and `{y,z}`: one of the three
/// is `z`, so cells seeing all three lose `z`. One search, as both are a pivot and two
/// bivalue pincers among its peers, whose common digit `z` is the one eliminated.
#[inline(never)]
pub(crate) fn wing(marks: &Marks, technique: Technique, out: &mut Step) -> bool {
    let xyz = technique == Technique::XyzWing;
    let bivalue = marks.bivalue();
    let pivots = if xyz { marks.unsolved() } else { bivalue };
    for pivot in bits::iter(pivots) {
        let p = marks.bits(pivot);
        if xyz && bits::count9(p) != 3 {
            continue;
        }
        let wings = bivalue & bits::peers(pivot);
        for a in bits::iter(wings) {
            let pa = marks.bits(a);
            let a_fits = if xyz {
                pa & !p == 0
            } else {
                bits::count9(pa & p) == 1
            };
            if !a_fits {
                continue;
            }
            for b in bits::iter(wings) {
                let pb = marks.bits(b);
                // XY: b holds z (a's digit outside the pivot) and the pivot digit that a
                // lacks; XYZ: b is another pair of the pivot's digits, taken once. Neither
                // fits a itself.
                let b_fits = if xyz {
                    pb & !p == 0 && pb != pa && b > a
                } else {
                    pb == (pa & !p) | (p & !pa)
                };
                if !b_fits {
                    continue;
                }
                let Some(digit) = Digits::from_bits(pa & pb).as_single() else {
                    continue;
                };
                // An XY-wing's pivot lacks z; an XYZ-wing's targets also see the pivot.
                let mut targets = marks.seeing_both(digit, a, b);
                if xyz {
                    targets &= bits::peers(pivot);
                }
                if targets != 0 {
                    wing_step(technique, marks, &[pivot, a, b], digit, targets, out);
                    return true;
                }
            }
        }
    }
    false
}

/// Two bivalue cells `{x,y}` that do not see each other, joined by a conjugate pair of `x`
/// (one end seeing each cell): one of them is `y`, so cells seeing both lose `y`.
#[inline(never)]
pub(crate) fn w_wing(marks: &Marks, out: &mut Step) -> bool {
    let bivalue = marks.bivalue();
    for a in bits::iter(bivalue) {
        let pa = marks.bits(a);
        for b in bits::iter(bivalue) {
            if b <= a || bits::sees(a, b) || marks.bits(b) != pa {
                continue;
            }
            // The units of a and b: a unit's places of x hold a or b if it is one of them.
            let units = bits::unit_bits(a) | bits::unit_bits(b);
            for x in Digits::from_bits(pa) {
                let Some(y) = Digits::from_bits(pa).without(x).as_single() else {
                    continue;
                };
                let targets = marks.seeing_both(y, a, b);
                if targets == 0 {
                    continue;
                }
                for unit in 0..27 {
                    if units & 1 << unit != 0 {
                        continue;
                    }
                    let Some((c1, c2)) = marks.pair_in(x, unit) else {
                        continue;
                    };
                    let linked = |p: usize, q: usize| bits::sees(a, p) && bits::sees(b, q);
                    let (ea, eb) = if linked(c1, c2) {
                        (c1, c2)
                    } else if linked(c2, c1) {
                        (c2, c1)
                    } else {
                        continue;
                    };
                    out.reset_on(Technique::WWing, x);
                    out.digit(y);
                    out.node(a, y);
                    out.node(a, x);
                    out.node(ea, x);
                    out.node(eb, x);
                    out.node(b, x);
                    out.node(b, y);
                    out.unit(unit);
                    out.eliminate_all(targets, y);
                    return true;
                }
            }
        }
    }
    false
}

/// Chains of bivalue cells with the same two digits, each seeing the next: cells of
/// opposite parity hold different digits, so a cell seeing two of them loses both digits.
#[inline(never)]
pub(crate) fn remote_pair(marks: &Marks, out: &mut Step) -> bool {
    let bivalue = marks.bivalue();
    let mut done: Cells = 0;
    for start in bits::iter(bivalue) {
        if bits::has(done, start) {
            continue;
        }
        let pair = marks.bits(start);
        let same = same_pair(marks, bivalue, pair);
        // Two-colour the component of `start`.
        let (even, odd) = coloring::cluster(same, start, true);
        done |= even | odd;
        if !bits::at_least(even | odd, 4) {
            continue;
        }
        out.reset(Technique::RemotePair);
        let targets = coloring::seeing_both(even, odd);
        out.add_digits(pair);
        for d in Digits::from_bits(pair) {
            out.eliminate_all(marks.positions(d) & targets, d);
        }
        if out.is_productive() {
            let first = Digits::from_bits(pair).lowest().unwrap_or(1);
            out.nodes(even | odd, first);
            return true;
        }
    }
    false
}

/// The cells of `bivalue` (cells with two candidates) holding both digits of `pair`.
#[cfg(feature = "fast")]
fn same_pair(marks: &Marks, bivalue: Cells, pair: u16) -> Cells {
    Digits::from_bits(pair)
        .iter()
        .fold(bivalue, |s, d| s & marks.positions(d))
}

/// The cells with two candidates holding both digits of `pair` (two digits), cell by cell:
/// the digits' 128-bit sets are long code on a Cortex-M0.
#[cfg(not(feature = "fast"))]
fn same_pair(marks: &Marks, _bivalue: Cells, pair: u16) -> Cells {
    let mut same = 0;
    for cell in 0..crate::board::CELLS {
        if marks.bits(cell) == pair {
            bits::insert(&mut same, cell);
        }
    }
    same
}
