//! Full house, hidden singles (box first, then rows and columns) and naked singles.
//!
//! Each finder has a bare form, returning the unit, cell and digit, which the rating loop
//! applies without building a [`Step`], and a step form for hints and explanations.

use super::bits;
use super::marks::Marks;
use super::step::Step;
use super::technique::Technique;
use crate::candidates::Digits;

/// A single found: its unit (none for a naked single), cell and digit.
#[derive(Clone, Copy)]
pub(crate) struct Single {
    pub(crate) unit: Option<usize>,
    pub(crate) cell: usize,
    pub(crate) digit: u8,
}

/// The last empty cell of a unit, if its missing digit is still a candidate there.
pub(crate) fn find_full_house(marks: &Marks) -> Option<Single> {
    for unit in 0..27 {
        let empty = marks.unsolved() & bits::unit_mask(unit);
        if bits::count(empty) != 1 {
            continue;
        }
        let cell = bits::first(empty);
        let missing = Digits::from_bits(!marks.placed_in(unit));
        if let Some(digit) = missing.as_single() {
            if marks.candidates(cell).contains(digit) {
                return Some(Single {
                    unit: Some(unit),
                    cell,
                    digit,
                });
            }
        }
    }
    None
}

/// A digit with one place left in a unit: boxes when `boxes`, else rows and columns.
pub(crate) fn find_hidden_single(marks: &Marks, boxes: bool) -> Option<Single> {
    let units = if boxes { 18..27 } else { 0..18 };
    for unit in units {
        let mask = bits::unit_mask(unit);
        for digit in 1..=9u8 {
            let places = marks.positions(digit) & mask;
            if bits::count(places) == 1 {
                return Some(Single {
                    unit: Some(unit),
                    cell: bits::first(places),
                    digit,
                });
            }
        }
    }
    None
}

/// A cell with one candidate left.
pub(crate) fn find_naked_single(marks: &Marks) -> Option<Single> {
    for cell in bits::iter(marks.unsolved()) {
        if let Some(digit) = marks.candidates(cell).as_single() {
            return Some(Single {
                unit: None,
                cell,
                digit,
            });
        }
    }
    None
}

/// The first single in ladder order, with its technique.
pub(crate) fn find_any(marks: &Marks) -> Option<(Technique, Single)> {
    if let Some(s) = find_full_house(marks) {
        return Some((Technique::FullHouse, s));
    }
    if let Some(s) = find_hidden_single(marks, true) {
        return Some((Technique::HiddenSingleBox, s));
    }
    if let Some(s) = find_hidden_single(marks, false) {
        return Some((Technique::HiddenSingleLine, s));
    }
    find_naked_single(marks).map(|s| (Technique::NakedSingle, s))
}

fn step(technique: Technique, single: Single) -> Step {
    let mut step = Step::new(technique).place(single.cell, single.digit);
    if let Some(unit) = single.unit {
        step.unit(unit);
    }
    step.digit(single.digit);
    step
}

#[inline(never)]
pub(crate) fn full_house(marks: &Marks) -> Option<Step> {
    find_full_house(marks).map(|s| step(Technique::FullHouse, s))
}

#[inline(never)]
pub(crate) fn hidden_single(marks: &Marks, boxes: bool) -> Option<Step> {
    let technique = if boxes {
        Technique::HiddenSingleBox
    } else {
        Technique::HiddenSingleLine
    };
    find_hidden_single(marks, boxes).map(|s| step(technique, s))
}

#[inline(never)]
pub(crate) fn naked_single(marks: &Marks) -> Option<Step> {
    find_naked_single(marks).map(|s| step(Technique::NakedSingle, s))
}
