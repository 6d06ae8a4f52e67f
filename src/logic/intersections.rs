//! Locked candidates: pointing (a box's digit confined to one line) and claiming (a line's
//! digit confined to one box).

use super::bits;
use super::marks::Marks;
use super::step::Step;
use super::technique::Technique;

/// Locked candidates of `technique`. Pointing: the digit's places in a box all lie in one
/// line; the rest of the line loses it. Claiming: the digit's places in a line all lie in
/// one box; the rest of the box loses it. One search, as each is the other with boxes and
/// lines swapped: for each unit (boxes, or lines) and digit, the digit's places there all
/// lie in one other unit (a row, then a column, of the first place; or its box), whose
/// other cells lose it.
#[inline(never)]
pub(crate) fn locked_candidates(marks: &Marks, technique: Technique, out: &mut Step) -> bool {
    let claiming = technique == Technique::LockedClaiming;
    let units = if claiming { 0..18 } else { 18..27 };
    for unit in units {
        let mask = bits::unit_mask(unit);
        for digit in 1..=9u8 {
            let places = marks.places_in(digit, unit);
            if !bits::at_least(places, 2) {
                continue;
            }
            let [row, col, bx] = bits::units_of(bits::first(places));
            let within = |other: usize| places & !bits::unit_mask(other) == 0;
            let other = if claiming {
                bx
            } else if within(row) {
                row
            } else {
                col
            };
            if !within(other) {
                continue;
            }
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
    out.reset_on(technique, digit);
    out.unit(from);
    out.unit(to);
    out.nodes(places, digit);
    out.eliminate_all(targets, digit);
}
