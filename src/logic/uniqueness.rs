//! Techniques that assume the puzzle has a unique solution: unique rectangles (types 1, 2
//! and 4) and BUG+1. The ladder uses them only when the caller knows it is unique.
//!
//! A unique rectangle is four empty cells in two rows, two columns and two boxes that all
//! hold the pair `{a,b}`. If they held only `a` and `b`, the two digits could be swapped
//! in them and the puzzle would have two solutions; so some extra candidate must be true.

use super::bits;
use super::marks::Marks;
use super::step::Step;
use super::technique::Technique;
use crate::board::{third, COL, ROW, UNIT_CELLS};
use crate::candidates::Digits;

/// The unique rectangles of `technique` (of type 1, 2 or 4).
#[inline(never)]
pub(crate) fn unique_rectangle(marks: &Marks, technique: Technique, out: &mut Step) -> bool {
    // A rectangle of type 1 has three corners holding only the pair, of types 2 and 4
    // two: the columns of each row's two-candidate cells rule out most rectangles at once.
    // Not in the compact build, where the test costs 272 bytes of flash on a Cortex-M0.
    let need = if technique == Technique::UniqueRectangle1 {
        3
    } else {
        2
    };
    let pairs = if cfg!(feature = "fast") {
        let mut rows = [0u16; 9];
        for cell in bits::iter(marks.bivalue()) {
            if let (Some(&row), Some(&col)) = (ROW.get(cell), COL.get(cell)) {
                if let Some(row) = rows.get_mut(usize::from(row)) {
                    *row |= 1 << col;
                }
            }
        }
        rows
    } else {
        [0x1FF; 9]
    };
    for r1 in 0..9usize {
        for r2 in r1 + 1..9 {
            let (p1, p2) = (pairs[r1], pairs[r2]);
            if p1.count_ones() + p2.count_ones() < need {
                continue;
            }
            for c1 in 0..9usize {
                for c2 in c1 + 1..9 {
                    if (third(r1) == third(r2)) == (third(c1) == third(c2)) {
                        continue; // not exactly two boxes
                    }
                    let two = |p: u16| u32::from(p >> c1 & 1) + u32::from(p >> c2 & 1);
                    if two(p1) + two(p2) < need {
                        continue;
                    }
                    let corners = [9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2];
                    let mut common = 0x1FF;
                    for &c in &corners {
                        common &= marks.bits(c);
                    }
                    if bits::count9(common) < 2 {
                        continue;
                    }
                    for a in Digits::from_bits(common) {
                        for b in Digits::from_bits(common) {
                            if b <= a {
                                continue;
                            }
                            // The corners beyond the pair, read once for the three types.
                            let (n, e1, e2) = split(marks, corners, a, b);
                            let found = match technique {
                                Technique::UniqueRectangle1 => n == 1 && type1(e1, a, b, out),
                                Technique::UniqueRectangle2 => {
                                    n == 2 && type2(marks, (e1, e2), a, b, out)
                                }
                                _ => n == 2 && type4(marks, (e1, e2), a, b, out),
                            };
                            if found {
                                for &c in &corners {
                                    out.node(c, a);
                                    out.node(c, b);
                                }
                                out.digit(a);
                                out.digit(b);
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

/// The corners that hold more than `{a,b}` (the others hold exactly the pair): how many,
/// and the first two, in order.
fn split(marks: &Marks, corners: [usize; 4], a: u8, b: u8) -> (u32, usize, usize) {
    let pair = Digits::NONE.with(a).with(b).bits();
    let (mut n, mut first, mut second) = (0, 0, 0);
    for c in corners {
        if marks.bits(c) != pair {
            n += 1;
            (first, second) = if n == 1 { (c, 0) } else { (first, c) };
        }
    }
    (n, first, second)
}

/// Type 1: three corners hold only the pair; the fourth, `cell`, loses both digits.
fn type1(cell: usize, a: u8, b: u8, out: &mut Step) -> bool {
    out.reset(Technique::UniqueRectangle1);
    out.eliminate(cell, a);
    out.eliminate(cell, b);
    true
}

/// Type 2: two corners hold only the pair, the other two (`e1`, `e2`) the pair and one
/// same extra digit `x`; one of them is `x`, so cells seeing both lose `x`.
fn type2(marks: &Marks, (e1, e2): (usize, usize), a: u8, b: u8, out: &mut Step) -> bool {
    let pair = Digits::NONE.with(a).with(b).bits();
    let more = marks.bits(e1) & !pair;
    if marks.bits(e2) != marks.bits(e1) {
        return false;
    }
    let Some(x) = Digits::from_bits(more).as_single() else {
        return false;
    };
    let targets = marks.seeing_both(x, e1, e2);
    if targets == 0 {
        return false;
    }
    out.reset(Technique::UniqueRectangle2);
    out.eliminate_all(targets, x);
    true
}

/// Type 4: two corners hold only the pair; in a unit holding the other two (`e1`, `e2`),
/// `a` has no other place, so those two cannot both avoid `a`... and cannot hold `b`
/// (that would leave the deadly pattern).
fn type4(marks: &Marks, (e1, e2): (usize, usize), a: u8, b: u8, out: &mut Step) -> bool {
    let [r1, c1, b1] = bits::units_of(e1);
    let [r2, c2, b2] = bits::units_of(e2);
    for (u1, u2) in [(r1, r2), (c1, c2), (b1, b2)] {
        if u1 != u2 {
            continue;
        }
        for (locked, other) in [(a, b), (b, a)] {
            if marks.pair_in(locked, u1) == Some((e1, e2)) {
                out.reset(Technique::UniqueRectangle4);
                for e in [e1, e2] {
                    if marks.candidates(e).contains(other) {
                        out.eliminate(e, other);
                    }
                }
                out.unit(u1);
                if out.is_productive() {
                    return true;
                }
            }
        }
    }
    false
}

/// BUG+1: every empty cell has two candidates but one, which has three, and every digit
/// has two places in each unit but the extra one: that extra digit is the cell's value
/// (otherwise the two-candidate grid would have two solutions).
#[inline(never)]
pub(crate) fn bug_plus_one(marks: &Marks, out: &mut Step) -> bool {
    let mut triple = None;
    for cell in bits::iter(marks.unsolved()) {
        match bits::count9(marks.bits(cell)) {
            2 => {}
            3 if triple.is_none() => triple = Some(cell),
            _ => return false,
        }
    }
    let Some(cell) = triple else {
        return false;
    };
    let own = bits::units_of(cell);
    let mut extra = None;
    for digit in marks.candidates(cell) {
        if own
            .iter()
            .all(|&u| bits::exactly(marks.places_in(digit, u), 3))
        {
            extra = Some(digit);
        }
    }
    let Some(x) = extra else {
        return false;
    };
    for unit in 0..27 {
        for digit in 1..=9u8 {
            let n = UNIT_CELLS.get(unit).map_or(0, |cells| {
                cells
                    .iter()
                    .filter(|&&c| marks.candidates(usize::from(c)).contains(digit))
                    .count()
            });
            let expected_three = digit == x && own.contains(&unit);
            if !(n == 0 || n == 2 || (expected_three && n == 3)) {
                return false;
            }
        }
    }
    out.reset(Technique::BugPlus1);
    out.place(cell, x);
    out.digit(x);
    out.node(cell, x);
    true
}
