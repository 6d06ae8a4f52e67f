//! Locked candidates: pointing (a box's digit confined to one line) and claiming (a line's
//! digit confined to one box).

use super::bits;
use super::marks::Marks;
use super::step::Step;
use super::technique::Technique;

/// The row or column (unit index) holding every cell of `cells`, if one does (rows first).
fn common_line(cells: bits::Cells) -> Option<usize> {
    let cell = bits::first(cells);
    bits::units_of(cell)[..2]
        .iter()
        .copied()
        .find(|&line| cells & !bits::unit_mask(line) == 0)
}

/// Pointing: the digit's places in a box all lie in one line; the rest of the line loses it.
#[inline(never)]
pub(crate) fn pointing(marks: &Marks, out: &mut Step) -> bool {
    for b in 18..27 {
        let boxed = bits::unit_mask(b);
        for digit in 1..=9u8 {
            let places = marks.positions(digit) & boxed;
            if !bits::at_least(places, 2) {
                continue;
            }
            let Some(line) = common_line(places) else {
                continue;
            };
            let targets = marks.places_in(digit, line) & !boxed;
            if targets != 0 {
                step(
                    Technique::LockedPointing,
                    places,
                    targets,
                    digit,
                    (b, line),
                    out,
                );
                return true;
            }
        }
    }
    false
}

/// Claiming: the digit's places in a line all lie in one box; the rest of the box loses it.
#[inline(never)]
pub(crate) fn claiming(marks: &Marks, out: &mut Step) -> bool {
    for line in 0..18 {
        let mask = bits::unit_mask(line);
        for digit in 1..=9u8 {
            let places = marks.positions(digit) & mask;
            if !bits::at_least(places, 2) {
                continue;
            }
            let b = bits::units_of(bits::first(places))[2];
            let boxed = bits::unit_mask(b);
            if places & !boxed != 0 {
                continue;
            }
            let targets = marks.positions(digit) & boxed & !mask;
            if targets != 0 {
                step(
                    Technique::LockedClaiming,
                    places,
                    targets,
                    digit,
                    (line, b),
                    out,
                );
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
    for cell in bits::iter(places) {
        out.node(cell, digit);
    }
    out.eliminate_all(targets, digit);
}
