//! Full house, hidden singles (box first, then rows and columns) and naked singles.
//!
//! [`Scan`] finds them all and keeps them current while singles are placed, for the rating
//! loop, which applies them without building a [`Step`]; the step forms, for hints and
//! explanations, look at a new scan.

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

fn step(technique: Technique, single: Single) -> Step {
    let mut step = Step::new(technique).place(single.cell, single.digit);
    if let Some(unit) = single.unit {
        step.unit(unit);
    }
    step.digit(single.digit);
    step
}

/// The step of single technique `technique` (full house, hidden single in a box or a
/// line, naked single) that the ladder would take, if any.
#[inline(never)]
pub(crate) fn single(marks: &Marks, technique: Technique) -> Option<Step> {
    let scan = Scan::new(marks);
    let found = match technique {
        Technique::FullHouse => scan.full_house(marks),
        Technique::HiddenSingleBox => scan.hidden_single(marks, 18..27),
        Technique::HiddenSingleLine => scan.hidden_single(marks, 0..18),
        Technique::NakedSingle => scan.naked_single(marks),
        _ => None,
    };
    found.map(|s| step(technique, s))
}

/// The ladder's first single as a step: the four single techniques from one scan.
/// Out of line, so that the scan is not part of the ladder's frame.
#[inline(never)]
pub(crate) fn first_step(marks: &Marks) -> Option<Step> {
    let scan = Scan::new(marks);
    scan.first(marks, Order::Ladder).map(|(t, s)| step(t, s))
}

/// Which single a cascade takes first when several apply.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Order {
    /// The ladder's: full house, hidden single in a box, in a line, naked single.
    Ladder,
    /// HoDoKu's: full house, naked single, hidden single in a box, in a line.
    Hodoku,
}

/// Every single a grid's marks hold, kept current while singles are placed, so that a
/// cascade of singles finds each next one without scanning the whole grid again.
///
/// Invariants, for the marks it was built from and placed into: `full` has bit `u` for
/// each unit with exactly one empty cell; `hidden[u]` has bit `d - 1` for each digit with
/// exactly one place in unit `u`; `naked` is the set of empty cells with exactly one
/// candidate. Any other change to the marks needs a new scan.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Scan {
    full: u32,
    hidden: [u16; 27],
    naked: bits::Cells,
}

impl Scan {
    /// The singles of `marks`.
    pub(crate) fn new(marks: &Marks) -> Scan {
        let mut scan = Scan {
            full: 0,
            hidden: [0; 27],
            naked: 0,
        };
        for unit in 0..27 {
            scan.unit(marks, unit);
        }
        for cell in bits::iter(marks.unsolved()) {
            scan.naked_at(marks, cell);
        }
        scan
    }

    /// Recomputes unit `unit` for every digit, and whether it has one empty cell.
    fn unit(&mut self, marks: &Marks, unit: usize) {
        let mask = bits::unit_mask(unit);
        let mut once = 0u16;
        for digit in 1..=9u8 {
            if bits::is_one(marks.positions(digit) & mask) {
                once |= Digits::single(digit).bits();
            }
        }
        if let Some(slot) = self.hidden.get_mut(unit) {
            *slot = once;
        }
        self.full_in(marks, unit);
    }

    /// Whether the digit of bit `d`, at `positions`, has one place in unit `unit`.
    fn hidden_in(&mut self, unit: usize, positions: bits::Cells, d: u16) {
        if let Some(slot) = self.hidden.get_mut(unit) {
            if bits::is_one(positions & bits::unit_mask(unit)) {
                *slot |= d;
            } else {
                *slot &= !d;
            }
        }
    }

    /// Whether unit `unit` has one empty cell.
    fn full_in(&mut self, marks: &Marks, unit: usize) {
        let one_empty = u32::from(bits::is_one(marks.unsolved() & bits::unit_mask(unit)));
        self.full = (self.full & !(1 << unit)) | (one_empty << unit);
    }

    /// Whether `cell` is a naked single.
    fn naked_at(&mut self, marks: &Marks, cell: usize) {
        if marks.bits(cell).is_power_of_two() {
            self.naked |= bits::bit(cell);
        } else {
            self.naked &= !bits::bit(cell);
        }
    }

    /// Puts `digit` in `cell`, as [`Marks::place`] does, and updates the scan.
    pub(crate) fn place(&mut self, marks: &mut Marks, cell: usize, digit: u8) {
        let d = Digits::single(digit).bits();
        if d == 0 || cell >= bits::PEERS.len() {
            return;
        }
        let hit = marks.positions(digit) & bits::peers(cell);
        let own = marks.bits(cell) & !d;
        marks.place(cell, digit);
        self.naked &= !bits::bit(cell);
        // `digit` is placed in the cell's units and left the peers it had there: the
        // peers' other units changed for it. The cell's other digits left only its units.
        let home = bits::UNIT_SETS.get(cell).copied().unwrap_or(0);
        let mut units = 0;
        for peer in bits::iter(hit) {
            self.naked_at(marks, peer);
            units |= bits::UNIT_SETS.get(peer).copied().unwrap_or(0);
        }
        let positions = marks.positions(digit);
        units &= !home;
        while units != 0 {
            let unit = units.trailing_zeros() as usize;
            units &= units - 1;
            self.hidden_in(unit, positions, d);
        }
        for unit in bits::units_of(cell) {
            if let Some(slot) = self.hidden.get_mut(unit) {
                *slot &= !d;
            }
            for other in Digits::from_bits(own) {
                let o = Digits::single(other).bits();
                self.hidden_in(unit, marks.positions(other), o);
            }
            self.full_in(marks, unit);
        }
    }

    /// Updates the scan after `digit` was removed from `cell`'s candidates (by a step
    /// other than a single).
    pub(crate) fn eliminated(&mut self, marks: &Marks, cell: usize, digit: u8) {
        self.naked_at(marks, cell);
        let positions = marks.positions(digit);
        for unit in bits::units_of(cell) {
            self.hidden_in(unit, positions, Digits::single(digit).bits());
        }
    }

    /// The first single of `marks` in `order`, with its technique.
    pub(crate) fn first(&self, marks: &Marks, order: Order) -> Option<(Technique, Single)> {
        if let Some(s) = self.full_house(marks) {
            return Some((Technique::FullHouse, s));
        }
        if order == Order::Hodoku {
            if let Some(s) = self.naked_single(marks) {
                return Some((Technique::NakedSingle, s));
            }
        }
        if let Some(s) = self.hidden_single(marks, 18..27) {
            return Some((Technique::HiddenSingleBox, s));
        }
        if let Some(s) = self.hidden_single(marks, 0..18) {
            return Some((Technique::HiddenSingleLine, s));
        }
        match order {
            Order::Ladder => self
                .naked_single(marks)
                .map(|s| (Technique::NakedSingle, s)),
            Order::Hodoku => None,
        }
    }

    fn full_house(&self, marks: &Marks) -> Option<Single> {
        let mut units = self.full;
        while units != 0 {
            let unit = units.trailing_zeros() as usize;
            units &= units - 1;
            // The unit's eight digits are placed, so the empty cell keeps at most the
            // missing one (the marks never place a digit twice in a unit).
            let cell = bits::first(marks.unsolved() & bits::unit_mask(unit));
            if let Some(digit) = marks.candidates(cell).as_single() {
                return Some(Single {
                    unit: Some(unit),
                    cell,
                    digit,
                });
            }
        }
        None
    }

    fn hidden_single(&self, marks: &Marks, units: core::ops::Range<usize>) -> Option<Single> {
        for unit in units {
            let digits = self.hidden.get(unit).copied().unwrap_or(0);
            if digits != 0 {
                let digit = digits.trailing_zeros() as u8 + 1;
                return Some(Single {
                    unit: Some(unit),
                    cell: bits::first(marks.positions(digit) & bits::unit_mask(unit)),
                    digit,
                });
            }
        }
        None
    }

    fn naked_single(&self, marks: &Marks) -> Option<Single> {
        let cell = bits::first(self.naked);
        let digit = marks.candidates(cell).as_single()?;
        Some(Single {
            unit: None,
            cell,
            digit,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::generate::Options;
    use crate::logic::ladder;

    /// The last empty cell of a unit, if its missing digit is still a candidate there.
    fn find_full_house(marks: &Marks) -> Option<Single> {
        for unit in 0..27 {
            let empty = marks.unsolved() & bits::unit_mask(unit);
            if !bits::is_one(empty) {
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
    fn find_hidden_single(marks: &Marks, boxes: bool) -> Option<Single> {
        let units = if boxes { 18..27 } else { 0..18 };
        for unit in units {
            let mask = bits::unit_mask(unit);
            for digit in 1..=9u8 {
                let places = marks.positions(digit) & mask;
                if bits::is_one(places) {
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
    fn find_naked_single(marks: &Marks) -> Option<Single> {
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

    /// The first single in ladder order by the scanning finders.
    fn scanned(marks: &Marks) -> Option<(Technique, usize, u8)> {
        let found = find_full_house(marks)
            .map(|s| (Technique::FullHouse, s))
            .or_else(|| find_hidden_single(marks, true).map(|s| (Technique::HiddenSingleBox, s)))
            .or_else(|| find_hidden_single(marks, false).map(|s| (Technique::HiddenSingleLine, s)))
            .or_else(|| find_naked_single(marks).map(|s| (Technique::NakedSingle, s)));
        found.map(|(t, s)| (t, s.cell, s.digit))
    }

    /// Along whole paths of generated puzzles, the kept scan equals a new one after every
    /// placement and elimination, and finds the single the scanning finders find.
    #[test]
    fn a_kept_scan_matches_a_new_one() {
        let mut eliminated = 0;
        for seed in 0..40 {
            let board = Board::generate(seed, &Options::new()).unwrap();
            let mut marks = Marks::from_board(&board).unwrap();
            let mut scan = Scan::new(&marks);
            while !marks.is_solved() {
                assert_eq!(scan, Scan::new(&marks), "seed {seed}");
                let first = scan.first(&marks, Order::Ladder);
                assert_eq!(first.map(|(t, s)| (t, s.cell, s.digit)), scanned(&marks));
                if let Some((_, single)) = first {
                    scan.place(&mut marks, single.cell, single.digit);
                    continue;
                }
                let step = ladder::next_step(&marks, true).unwrap();
                assert!(marks.apply(&step));
                if step.placement().is_some() {
                    scan = Scan::new(&marks);
                }
                for e in step.eliminations() {
                    scan.eliminated(&marks, usize::from(e.cell), e.digit);
                    eliminated += 1;
                }
            }
        }
        assert!(
            eliminated > 100,
            "the paths used other steps too: {eliminated}"
        );
    }

    #[test]
    fn hodoku_order_takes_naked_singles_before_hidden_ones() {
        let board = Board::parse(
            b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        )
        .unwrap();
        let marks = Marks::from_board(&board).unwrap();
        let scan = Scan::new(&marks);
        let (t, s) = scan.first(&marks, Order::Hodoku).unwrap();
        let naked = find_naked_single(&marks).unwrap();
        assert_eq!(
            (t, s.cell, s.digit),
            (Technique::NakedSingle, naked.cell, naked.digit)
        );
        assert_eq!(
            scan.first(&marks, Order::Ladder).unwrap().0,
            Technique::HiddenSingleBox
        );
    }
}
