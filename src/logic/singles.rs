//! Full house, hidden singles (box first, then rows and columns) and naked singles.
//!
//! [`Scan`] finds them for the rating loop, which applies them without building a
//! [`Step`]; the step forms, for hints and explanations, look at a new scan.

use super::bits;
use super::marks::Marks;
use super::step::Step;
use super::technique::Technique;
use crate::board::UNIT_CELLS;

/// A single found: its unit (none for a naked single), cell and digit.
#[cfg(feature = "fast")]
#[derive(Clone, Copy)]
pub(crate) struct Single {
    unit: Option<usize>,
    cell: usize,
    digit: u8,
}

/// A single found, as the fast build's, in three bytes (the unit `u8::MAX` for none): a
/// Cortex-M0 then returns and passes it in a register.
#[cfg(not(feature = "fast"))]
#[derive(Clone, Copy)]
pub(crate) struct Single {
    unit: u8,
    cell: u8,
    digit: u8,
}

#[cfg(feature = "fast")]
impl Single {
    #[inline(always)]
    fn new(unit: Option<usize>, cell: usize, digit: u8) -> Single {
        Single { unit, cell, digit }
    }

    /// Its unit, none for a naked single.
    #[inline(always)]
    pub(crate) fn unit(self) -> Option<usize> {
        self.unit
    }

    /// Its cell.
    #[inline(always)]
    pub(crate) fn cell(self) -> usize {
        self.cell
    }
}

#[cfg(not(feature = "fast"))]
impl Single {
    #[inline(always)]
    fn new(unit: Option<usize>, cell: usize, digit: u8) -> Single {
        Single {
            unit: unit.map_or(u8::MAX, |u| u as u8),
            cell: cell as u8,
            digit,
        }
    }

    /// Its unit, none for a naked single.
    #[inline(always)]
    pub(crate) fn unit(self) -> Option<usize> {
        (self.unit != u8::MAX).then_some(usize::from(self.unit))
    }

    /// Its cell.
    #[inline(always)]
    pub(crate) fn cell(self) -> usize {
        usize::from(self.cell)
    }
}

impl Single {
    /// Its digit.
    #[inline(always)]
    pub(crate) fn digit(self) -> u8 {
        self.digit
    }
}

/// Writes the step of `single` into `out`.
fn step(technique: Technique, single: Single, out: &mut Step) {
    out.reset(technique);
    out.place(single.cell(), single.digit());
    if let Some(unit) = single.unit() {
        out.unit(unit);
    }
    out.digit(single.digit());
}

/// The step of single technique `technique` (full house, hidden single in a box or a
/// line, naked single) that the ladder would take, if any, into `out`: true if found.
#[inline(never)]
pub(crate) fn single(marks: &Marks, technique: Technique, out: &mut Step) -> bool {
    let found = match technique {
        Technique::FullHouse => Scan::new(marks).full_house(marks),
        Technique::HiddenSingleBox => hidden_single(marks, BOXES, &mut 0),
        Technique::HiddenSingleLine => hidden_single(marks, LINES, &mut 0),
        Technique::NakedSingle => naked_single(marks),
        _ => None,
    };
    found.map(|s| step(technique, s, out)).is_some()
}

/// The ladder's first single as a step, into `out` (true if there is one): the four
/// single techniques from one scan. Out of line, so that the scan is not part of the
/// ladder's frame.
#[inline(never)]
pub(crate) fn first_step(marks: &Marks, out: &mut Step) -> bool {
    let mut scan = Scan::new(marks);
    scan.first(marks).map(|(t, s)| step(t, s, out)).is_some()
}

/// Finds the singles of a grid's marks while a cascade of singles is placed.
///
/// Only the full houses are kept: invariant, for the marks it was built from and placed
/// into, `empty[u]` is the number of empty cells of unit `u` and `full` has bit `u` where
/// that is 1. Any other placement needs a new scan. Hidden singles are read off the
/// candidates of each unit's nine cells when they are looked for, in the ladder's order of
/// units, until the first: cheaper than keeping an index of them current through every
/// placement, which the search of an easy puzzle's cascade mostly does not look at
/// (measured with callgrind: 25% fewer instructions per rating of a Kaggle puzzle, 10% per
/// 17-clue puzzle). What is kept is which units were seen to hold none, until a placement
/// changes their cells' candidates (the placed cell's units, and those of the peers that
/// lose its digit), so a cascade does not read those units again (7% fewer
/// instructions per rating of a Kaggle puzzle); an elimination forgets it for the units
/// of its cell ([`Scan::eliminated`]). Naked singles come from [`Marks::naked`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Scan {
    full: u32,
    empty: [u8; 27],
    /// The digits (candidate bits) whose candidates its placements changed, and the units
    /// (unit bits) whose cells' candidates they changed, for the rating's
    /// [`Seen`](super::ladder::Seen) (see [`Scan::take_changed`]).
    changed: u16,
    changed_units: u32,
    /// Bit `u`: unit `u` was seen to hold no hidden single, and no placement since has
    /// changed the candidates of its cells.
    quiet: u32,
}

impl Scan {
    /// The singles of `marks`.
    pub(crate) fn new(marks: &Marks) -> Scan {
        let mut scan = Scan {
            full: 0,
            empty: [0; 27],
            changed: 0,
            changed_units: 0,
            quiet: 0,
        };
        scan.reset(marks);
        scan
    }

    /// Becomes [`Scan::new`]`(marks)`, in place: a new scan assigned over an old one is a
    /// second scan in the caller's frame.
    pub(crate) fn reset(&mut self, marks: &Marks) {
        (self.full, self.changed, self.changed_units, self.quiet) = (0, 0, 0, 0);
        for (unit, empty) in self.empty.iter_mut().enumerate() {
            #[cfg(feature = "fast")]
            let n = bits::count(marks.unsolved() & bits::unit_mask(unit));
            // The compact build reads the cells' values: a 128-bit population count is
            // long code on a Cortex-M0.
            #[cfg(not(feature = "fast"))]
            let n = UNIT_CELLS.get(unit).map_or(0, |cells| {
                cells
                    .iter()
                    .filter(|&&c| marks.value(usize::from(c)) == 0)
                    .count()
            });
            *empty = n as u8;
            self.full |= u32::from(n == 1) << unit;
        }
    }

    /// The digits (candidate bits) whose candidates changed by [`Scan::place`] since the
    /// last call, and the units (unit bits) whose cells' candidates changed.
    pub(crate) fn take_changed(&mut self) -> (u16, u32) {
        (
            core::mem::take(&mut self.changed),
            core::mem::take(&mut self.changed_units),
        )
    }

    /// Puts `digit` in `cell`, as [`Marks::place`] does, and updates the scan.
    pub(crate) fn place(&mut self, marks: &mut Marks, cell: usize, digit: u8) {
        // The callers place singles they found, always a digit `1..=9` in an empty cell.
        debug_assert!((1..=9).contains(&digit));
        if !bits::has(marks.unsolved(), cell) {
            return;
        }
        self.changed |= marks.bits(cell);
        let touched = touched(marks, cell, digit);
        self.quiet &= !touched;
        self.changed_units |= touched;
        marks.place(cell, digit);
        for unit in bits::units_of(cell) {
            if let Some(empty) = self.empty.get_mut(unit) {
                *empty = empty.saturating_sub(1);
                self.full = (self.full & !(1 << unit)) | u32::from(*empty == 1) << unit;
            }
        }
    }

    /// The first single of `marks` in the ladder's order (full house, hidden single in a
    /// box, in a line, naked single), with its technique.
    pub(crate) fn first(&mut self, marks: &Marks) -> Option<(Technique, Single)> {
        if let Some(s) = self.full_house(marks) {
            return Some((Technique::FullHouse, s));
        }
        if let Some(s) = hidden_single(marks, BOXES & !self.quiet, &mut self.quiet) {
            return Some((Technique::HiddenSingleBox, s));
        }
        if let Some(s) = hidden_single(marks, LINES & !self.quiet, &mut self.quiet) {
            return Some((Technique::HiddenSingleLine, s));
        }
        naked_single(marks).map(|s| (Technique::NakedSingle, s))
    }

    /// Forgets that the units of `cell` hold no hidden single, after a candidate of
    /// `cell` was eliminated (other than by [`Scan::place`]).
    pub(crate) fn eliminated(&mut self, cell: usize) {
        self.quiet &= !bits::unit_bits(cell);
    }

    fn full_house(&self, marks: &Marks) -> Option<Single> {
        let mut units = self.full;
        while units != 0 {
            let unit = bits::lowest_bit(units);
            units &= units - 1;
            // The unit's eight digits are placed, so the empty cell keeps at most the
            // missing one (the marks never place a digit twice in a unit).
            let cell = bits::first(marks.unsolved() & bits::unit_mask(unit));
            if let Some(digit) = marks.candidates(cell).as_single() {
                return Some(Single::new(Some(unit), cell, digit));
            }
        }
        None
    }
}

/// The boxes, as unit bits (bit `u` for unit `u` of [`bits::units_of`]).
const BOXES: u32 = 0x1FF << 18;
/// The rows and columns, as unit bits.
const LINES: u32 = 0x3FFFF;

/// The units (as unit bits) whose candidates placing `digit` in `cell` changes: the
/// cell's own, and those of the peers that lose `digit`.
fn touched(marks: &Marks, cell: usize, digit: u8) -> u32 {
    let mut units = bits::unit_bits(cell);
    for peer in bits::iter(marks.positions(digit) & bits::peers(cell)) {
        units |= bits::unit_bits(peer);
    }
    units
}

/// The first hidden single of the units in `units` (bit `u` for unit `u`), in unit
/// order, read off the candidates of each unit's nine cells (lowest digit first); adds
/// to `quiet` each unit looked at that holds none.
fn hidden_single(marks: &Marks, units: u32, quiet: &mut u32) -> Option<Single> {
    let mut units = units;
    while units != 0 {
        let unit = bits::lowest_bit(units);
        units &= units - 1;
        let cells = UNIT_CELLS.get(unit)?;
        let (mut one, mut two) = (0u16, 0u16);
        for &cell in cells {
            let c = marks.bits(usize::from(cell));
            two |= one & c;
            one |= c;
        }
        let digits = one & !two;
        if digits != 0 {
            let d = digits & digits.wrapping_neg();
            let cell = cells
                .iter()
                .find(|&&cell| marks.bits(usize::from(cell)) & d != 0)?;
            return Some(Single::new(
                Some(unit),
                usize::from(*cell),
                bits::lowest_bit(u32::from(d)) as u8 + 1,
            ));
        }
        *quiet |= 1 << unit;
    }
    None
}

/// HoDoKu's score of the singles that follow from `marks`: 4 points for each full house
/// or naked single, 14 for each hidden single, in HoDoKu's order (full houses and naked
/// singles while there are any, then the first hidden single in a box, then in a line).
///
/// Which cells singles fill does not depend on their order, but what each is called does,
/// and our path prefers hidden singles, as Sudoku Explainer does: so a rating scores them
/// again in HoDoKu's order, on a copy. Naked singles are placed a batch at a time: on marks
/// that admit a solution, as a rating's always do (it needs a unique one), each places the
/// solution's digit and a naked cell stays naked, so placing them in any order reaches the
/// same marks (a full house is a naked single too); only the hidden singles, where HoDoKu's
/// choice decides what follows, are taken one at a time, and, as in [`Scan`], the units
/// seen to hold none are not read again until a placement changes them. The same score as
/// taking every single in that order, for less work. On marks without a solution the
/// score may differ, but the loop still ends (each pass fills a cell or stops), and the
/// score, at most 14 points for each of 81 cells, stays a plain sum. Out of
/// line in the fast build: the copy of the marks is not part of the rating's frame. The
/// compact build's is inline in `Rating::place_singles`, its one caller, itself out of
/// line (16 bytes less of a Cortex-M0's flash, the deepest stack unchanged).
#[cfg_attr(feature = "fast", inline(never))]
pub(crate) fn hodoku_score(marks: &Marks) -> u32 {
    let mut marks = *marks;
    let mut score = 0u32;
    let mut quiet = 0u32;
    while !marks.is_solved() {
        let mut placed = false;
        for cell in bits::iter(marks.naked()) {
            // Still the cell's one candidate unless the marks contradict themselves.
            if let Some(digit) = marks.candidates(cell).as_single() {
                marks.place(cell, digit);
                score += 4;
                placed = true;
            }
        }
        if placed {
            // Cheaper to read the units again than to follow what a batch touched.
            quiet = 0;
            continue;
        }
        // As `Scan::first`'s hidden singles, without telling a box's from a line's: this
        // one is scored alike (a shared helper returning the technique cost the path 2%).
        let single = match hidden_single(&marks, BOXES & !quiet, &mut quiet) {
            Some(single) => single,
            None => match hidden_single(&marks, LINES & !quiet, &mut quiet) {
                Some(single) => single,
                None => return score,
            },
        };
        quiet &= !touched(&marks, single.cell(), single.digit());
        marks.place(single.cell(), single.digit());
        score += 14;
    }
    score
}

/// The first naked single, in cell order.
fn naked_single(marks: &Marks) -> Option<Single> {
    let cell = bits::first(marks.naked());
    let digit = marks.candidates(cell).as_single()?;
    Some(Single::new(None, cell, digit))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::candidates::Digits;
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
                    return Some(Single::new(Some(unit), cell, digit));
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
                    return Some(Single::new(Some(unit), bits::first(places), digit));
                }
            }
        }
        None
    }

    /// A cell with one candidate left.
    fn find_naked_single(marks: &Marks) -> Option<Single> {
        for cell in bits::iter(marks.unsolved()) {
            if let Some(digit) = marks.candidates(cell).as_single() {
                return Some(Single::new(None, cell, digit));
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
        found.map(|(t, s)| (t, s.cell(), s.digit()))
    }

    /// The first single in HoDoKu's order by the scanning finders.
    fn scanned_hodoku(marks: &Marks) -> Option<(Technique, usize, u8)> {
        let found = find_full_house(marks)
            .map(|s| (Technique::FullHouse, s))
            .or_else(|| find_naked_single(marks).map(|s| (Technique::NakedSingle, s)))
            .or_else(|| find_hidden_single(marks, true).map(|s| (Technique::HiddenSingleBox, s)))
            .or_else(|| find_hidden_single(marks, false).map(|s| (Technique::HiddenSingleLine, s)));
        found.map(|(t, s)| (t, s.cell(), s.digit()))
    }

    /// The score of the singles that follow from `marks`, one at a time, each the first
    /// that `first` finds: 4 points for a full house or naked single, 14 for a hidden one.
    fn one_at_a_time(
        marks: &Marks,
        first: impl Fn(&Marks) -> Option<(Technique, usize, u8)>,
    ) -> u32 {
        let mut marks = *marks;
        let mut score = 0;
        while let Some((t, cell, digit)) = first(&marks) {
            marks.place(cell, digit);
            score += match t {
                Technique::FullHouse | Technique::NakedSingle => 4,
                _ => 14,
            };
        }
        score
    }

    /// Along whole paths of generated puzzles, the kept scan equals a new one after every
    /// placement and elimination and finds the single the scanning finders find, and the
    /// batched HoDoKu score equals the score of HoDoKu's singles taken one at a time.
    #[test]
    fn a_kept_scan_matches_a_new_one() {
        let mut eliminated = 0;
        let mut known_quiet = 0;
        for seed in 0..40 {
            let board = Board::generate(seed, &Options::new()).unwrap();
            let mut marks = Marks::from_board(&board).unwrap();
            let mut scan = Scan::new(&marks);
            while !marks.is_solved() {
                scan.take_changed();
                let mut new = Scan::new(&marks);
                new.quiet = scan.quiet;
                assert_eq!(scan, new, "seed {seed}");
                // A unit it knows to be quiet holds no hidden single.
                for unit in 0..27 {
                    if scan.quiet & 1 << unit != 0 {
                        assert!(hidden_single(&marks, 1 << unit, &mut 0).is_none());
                        known_quiet += 1;
                    }
                }
                let first = scan.first(&marks);
                assert_eq!(
                    first.map(|(t, s)| (t, s.cell(), s.digit())),
                    scanned(&marks)
                );
                assert_eq!(
                    hodoku_score(&marks),
                    one_at_a_time(&marks, scanned_hodoku),
                    "seed {seed}"
                );
                if let Some((_, single)) = first {
                    scan.place(&mut marks, single.cell(), single.digit());
                    continue;
                }
                let step = ladder::next_step(&marks, true, None).unwrap();
                assert!(marks.apply(&step));
                if step.placement().is_some() {
                    scan = Scan::new(&marks);
                } else {
                    for e in step.eliminations() {
                        scan.eliminated(usize::from(e.cell));
                    }
                }
                eliminated += step.eliminations().len();
            }
        }
        assert!(
            eliminated > 100,
            "the paths used other steps too: {eliminated}"
        );
        assert!(known_quiet > 1000, "units known quiet: {known_quiet}");
    }

    /// HoDoKu's order takes naked singles before hidden ones, the ladder's the other way
    /// round: the same cells, scored differently.
    #[test]
    fn hodoku_order_takes_naked_singles_before_hidden_ones() {
        let board = Board::parse(
            b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        )
        .unwrap();
        let marks = Marks::from_board(&board).unwrap();
        let mut scan = Scan::new(&marks);
        assert_eq!(scan.first(&marks).unwrap().0, Technique::HiddenSingleBox);
        let hodoku = hodoku_score(&marks);
        assert_eq!(hodoku, one_at_a_time(&marks, scanned_hodoku));
        assert!(hodoku < one_at_a_time(&marks, scanned), "{hodoku}");
    }
}
