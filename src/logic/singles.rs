//! Full house, hidden singles (box first, then rows and columns) and naked singles.

use super::bits;
use super::marks::Marks;
use super::step::Step;
use super::technique::Technique;
use crate::candidates::Digits;

/// The last empty cell of a unit, if its missing digit is still a candidate there.
#[inline(never)]
pub(crate) fn full_house(marks: &Marks) -> Option<Step> {
    for unit in 0..27 {
        let empty = marks.unsolved() & bits::unit_mask(unit);
        if bits::count(empty) != 1 {
            continue;
        }
        let cell = bits::first(empty);
        let missing = Digits::from_bits(!marks.placed_in(unit));
        if let Some(digit) = missing.as_single() {
            if marks.candidates(cell).contains(digit) {
                let mut step = Step::new(Technique::FullHouse).place(cell, digit);
                step.unit(unit);
                step.digit(digit);
                return Some(step);
            }
        }
    }
    None
}

/// A digit with one place left in a unit: boxes when `boxes`, else rows and columns.
#[inline(never)]
pub(crate) fn hidden_single(marks: &Marks, boxes: bool) -> Option<Step> {
    let units = if boxes { 18..27 } else { 0..18 };
    let technique = if boxes {
        Technique::HiddenSingleBox
    } else {
        Technique::HiddenSingleLine
    };
    for unit in units {
        let mask = bits::unit_mask(unit);
        for digit in 1..=9u8 {
            let places = marks.positions(digit) & mask;
            if bits::count(places) == 1 {
                let cell = bits::first(places);
                let mut step = Step::new(technique).place(cell, digit);
                step.unit(unit);
                step.digit(digit);
                return Some(step);
            }
        }
    }
    None
}

/// A cell with one candidate left.
#[inline(never)]
pub(crate) fn naked_single(marks: &Marks) -> Option<Step> {
    for cell in bits::iter(marks.unsolved()) {
        if let Some(digit) = marks.candidates(cell).as_single() {
            let mut step = Step::new(Technique::NakedSingle).place(cell, digit);
            step.digit(digit);
            return Some(step);
        }
    }
    None
}
