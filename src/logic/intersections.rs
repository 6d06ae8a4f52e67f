//! Locked candidates: pointing (a box's digit confined to one line) and claiming (a line's
//! digit confined to one box).

use super::bits;
use super::marks::Marks;
use super::step::Step;
use super::technique::Technique;

/// Pointing: the digit's places in a box all lie in one line; the rest of the line loses it.
#[inline(never)]
pub(crate) fn pointing(marks: &Marks, out: &mut Step) -> bool {
    locked_candidates(marks, false, out)
}

/// Claiming: the digit's places in a line all lie in one box; the rest of the box loses it.
#[inline(never)]
pub(crate) fn claiming(marks: &Marks, out: &mut Step) -> bool {
    locked_candidates(marks, true, out)
}

/// Pointing, or claiming if `claiming`: one search, as each is the other with boxes and
/// lines swapped. For each unit (boxes, or lines) and digit, the digit's places there all
/// lie in one other unit (a row, then a column, of the first place; or its box), whose
/// other cells lose it. Out of line in the compact build, where the two share its code.
#[cfg_attr(not(feature = "fast"), inline(never))]
fn locked_candidates(marks: &Marks, claiming: bool, out: &mut Step) -> bool {
    let (units, others, technique) = if claiming {
        (0..18, 2..3, Technique::LockedClaiming)
    } else {
        (18..27, 0..2, Technique::LockedPointing)
    };
    for unit in units {
        let mask = bits::unit_mask(unit);
        for digit in 1..=9u8 {
            let places = marks.positions(digit) & mask;
            if !bits::at_least(places, 2) {
                continue;
            }
            let units_of = bits::units_of(bits::first(places));
            let Some(other) = units_of
                .get(others.clone())
                .unwrap_or(&[])
                .iter()
                .copied()
                .find(|&other| places & !bits::unit_mask(other) == 0)
            else {
                continue;
            };
            let targets = marks.places_in(digit, other) & !mask;
            if targets != 0 {
                step(technique, places, targets, digit, (unit, other), out);
                return true;
            }
        }
    }
    false
}

/// Writes the step into `out`: the digit's `places` in unit `from`, which take it from
/// the `targets` in unit `to`.
fn step(
    technique: Technique,
    places: bits::Cells,
    targets: bits::Cells,
    digit: u8,
    (from, to): (usize, usize),
    out: &mut Step,
) {
    out.reset(technique);
    out.digit(digit);
    out.unit(from);
    out.unit(to);
    out.nodes(places, digit);
    out.eliminate_all(targets, digit);
}
