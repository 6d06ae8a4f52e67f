//! [`Step`]: one deduction of the ladder — what it places or removes, and the pattern that
//! justifies it — and [`Candidate`], a digit in a cell.

use core::fmt;

use heapless::Vec;

use super::bits::{self, Cells};
#[cfg(not(feature = "fast"))]
use super::bits::{Keep, Kept};
use super::technique::Technique;
use crate::candidates::Digits;
use crate::error::Unit;

/// The most eliminations a step records. A pattern that removes more keeps the first
/// ones, which stay true; the ladder finds the others in later steps.
pub const STEP_ELIMINATIONS: usize = 40;
/// The most candidates a step records as its pattern (a chain longer than this is never
/// searched).
pub const STEP_PATTERN: usize = 24;
/// The most units a step names.
pub const STEP_UNITS: usize = 4;

/// A digit in a cell: a placement, an elimination, or a node of a pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Candidate {
    /// The cell, `0..81`, row-major.
    pub cell: u8,
    /// The digit, `1..=9`.
    pub digit: u8,
}

impl fmt::Display for Candidate {
    /// `5r1c2`: digit 5 in row 1, column 2.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::format::padded(
            f,
            format_args!("{}r{}c{}", self.digit, self.cell / 9 + 1, self.cell % 9 + 1),
        )
    }
}

/// One step of a solving path: a technique, what it concludes (one placement, or
/// eliminations), and what justifies it (the candidates of the pattern, its units, its
/// digits). A step never allocates: its lists have the fixed capacities
/// [`STEP_ELIMINATIONS`], [`STEP_PATTERN`] and [`STEP_UNITS`].
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Step {
    technique: Technique,
    se: u8,
    placement: Option<Candidate>,
    eliminations: Vec<Candidate, STEP_ELIMINATIONS, u8>,
    pattern: Vec<Candidate, STEP_PATTERN, u8>,
    units: Vec<Unit, STEP_UNITS, u8>,
    digits: Digits,
}

impl Step {
    /// A step with nothing in it, to be written by [`Step::reset`] and what follows.
    pub(crate) const EMPTY: Step = Step::empty();

    /// [`Step::EMPTY`]; called at run time, it is built where it is written and its
    /// lists' unused room stays unwritten, where a copy of the constant clears it (on a
    /// Cortex-M0, a 1-byte-aligned `memclr` of 146 bytes that nothing else links).
    #[inline(always)]
    pub(crate) const fn empty() -> Step {
        Step {
            technique: Technique::FullHouse,
            se: 0,
            placement: None,
            eliminations: Vec::new(),
            pattern: Vec::new(),
            units: Vec::new(),
            digits: Digits::NONE,
        }
    }

    /// Empties the step for `technique`, in place.
    #[cfg_attr(not(feature = "fast"), inline(never))]
    pub(crate) fn reset(&mut self, technique: Technique) {
        self.technique = technique;
        self.se = technique.se_rating();
        self.placement = None;
        self.eliminations.clear();
        self.pattern.clear();
        self.units.clear();
        self.digits = Digits::NONE;
    }

    /// Empties the step for `technique`, in place, and names it after `digit`: as
    /// [`Step::reset`] then [`Step::digit`], in one call (a call less at each caller).
    #[cfg_attr(not(feature = "fast"), inline(never))]
    pub(crate) fn reset_on(&mut self, technique: Technique, digit: u8) {
        self.reset(technique);
        self.digit(digit);
    }

    /// The technique.
    pub fn technique(&self) -> Technique {
        self.technique
    }

    /// The digit this step puts in a cell, if it is a placement.
    pub fn placement(&self) -> Option<Candidate> {
        self.placement
    }

    /// The candidates this step removes (empty for a placement).
    pub fn eliminations(&self) -> &[Candidate] {
        &self.eliminations
    }

    /// The candidates that make up the pattern, in the order a reader follows them (for a
    /// chain: from one end to the other, alternating strong and weak links).
    pub fn pattern(&self) -> &[Candidate] {
        &self.pattern
    }

    /// The units the pattern lives in (e.g. the box of a hidden single, the base rows of a
    /// fish).
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// The digits the step is named after, which its text lists after "on" (a single's:
    /// its digit). For a chain, these are the digits it eliminates; the digits of its
    /// other nodes are in [`Step::pattern`].
    pub fn digits(&self) -> Digits {
        self.digits
    }

    /// The step's value on Sudoku Explainer's scale, in tenths: the technique's
    /// [`Technique::se_rating`], plus for chains and forcing nets SE's length bonus (0.1 for
    /// each of the lengths 4, 6, 8, 12, 16, 24, ... that the chain exceeds).
    pub fn se_rating(&self) -> u8 {
        self.se
    }

    /// Makes the step a placement of `digit` in `cell`.
    pub(crate) fn place(&mut self, cell: usize, digit: u8) {
        self.placement = Some(Candidate {
            cell: cell as u8,
            digit,
        });
    }

    /// Records an elimination; false (and nothing recorded) when the list is full.
    #[cfg_attr(not(feature = "fast"), inline(never))]
    pub(crate) fn eliminate(&mut self, cell: usize, digit: u8) -> bool {
        self.eliminations
            .push(Candidate {
                cell: cell as u8,
                digit,
            })
            .is_ok()
    }

    /// Records every cell of `cells` as eliminating `digit`.
    #[cfg(feature = "fast")]
    pub(crate) fn eliminate_all(&mut self, cells: Cells, digit: u8) {
        for cell in bits::iter(cells) {
            if !self.eliminate(cell, digit) {
                break;
            }
        }
    }

    /// Records `digit` in every cell of `cells` as nodes of the pattern, in cell order.
    #[cfg(feature = "fast")]
    pub(crate) fn nodes(&mut self, cells: Cells, digit: u8) {
        for cell in bits::iter(cells) {
            self.node(cell, digit);
        }
    }

    /// Records every candidate of every cell of `cells` in `marks` as nodes of the
    /// pattern, in cell order, then digit order.
    #[cfg(feature = "fast")]
    pub(crate) fn cell_nodes(&mut self, marks: &super::marks::Marks, cells: Cells) {
        for cell in bits::iter(cells) {
            for d in marks.candidates(cell) {
                self.node(cell, d);
            }
        }
    }

    /// Records every cell of `cells` as eliminating `digit`, by [`Step::kept_eliminate_all`]:
    /// passed as kept, the set is three words, not four.
    #[cfg(not(feature = "fast"))]
    #[inline(always)]
    pub(crate) fn eliminate_all(&mut self, cells: Cells, digit: u8) {
        let Kept([low, middle, high]) = bits::kept(cells);
        self.kept_eliminate_all(low, middle, high, digit);
    }

    /// The compact build's [`Step::eliminate_all`]. Out of line.
    #[cfg(not(feature = "fast"))]
    #[inline(never)]
    fn kept_eliminate_all(&mut self, low: u32, middle: u32, high: u32, digit: u8) {
        for cell in bits::iter(Kept([low, middle, high]).get()) {
            if !self.eliminate(cell, digit) {
                break;
            }
        }
    }

    /// Records `digit` in every cell of `cells` as nodes of the pattern, in cell order, by
    /// [`Step::kept_nodes`].
    #[cfg(not(feature = "fast"))]
    #[inline(always)]
    pub(crate) fn nodes(&mut self, cells: Cells, digit: u8) {
        let Kept([low, middle, high]) = bits::kept(cells);
        self.kept_nodes(low, middle, high, digit);
    }

    /// The compact build's [`Step::nodes`]. Out of line.
    #[cfg(not(feature = "fast"))]
    #[inline(never)]
    fn kept_nodes(&mut self, low: u32, middle: u32, high: u32, digit: u8) {
        for cell in bits::iter(Kept([low, middle, high]).get()) {
            self.node(cell, digit);
        }
    }

    /// Records every candidate of every cell of `cells` in `marks` as nodes of the
    /// pattern, in cell order, then digit order, by [`Step::kept_cell_nodes`].
    #[cfg(not(feature = "fast"))]
    #[inline(always)]
    pub(crate) fn cell_nodes(&mut self, marks: &super::marks::Marks, cells: Cells) {
        let Kept([low, middle, high]) = bits::kept(cells);
        self.kept_cell_nodes(marks, low, middle, high);
    }

    /// The compact build's [`Step::cell_nodes`]. Out of line.
    #[cfg(not(feature = "fast"))]
    #[inline(never)]
    fn kept_cell_nodes(&mut self, marks: &super::marks::Marks, low: u32, middle: u32, high: u32) {
        for cell in bits::iter(Kept([low, middle, high]).get()) {
            for d in marks.candidates(cell) {
                self.node(cell, d);
            }
        }
    }

    #[cfg_attr(not(feature = "fast"), inline(never))]
    pub(crate) fn node(&mut self, cell: usize, digit: u8) {
        // A full pattern only shortens what is shown, never what is concluded.
        let _ = self.pattern.push(Candidate {
            cell: cell as u8,
            digit,
        });
    }

    /// Turns the pattern round: for a chain whose nodes were found from its end.
    pub(crate) fn reverse_pattern(&mut self) {
        self.pattern.reverse();
    }

    #[cfg_attr(not(feature = "fast"), inline(never))]
    pub(crate) fn unit(&mut self, unit: usize) {
        let _ = self.units.push(crate::board::unit(unit));
    }

    #[cfg_attr(not(feature = "fast"), inline(never))]
    pub(crate) fn digit(&mut self, digit: u8) {
        self.digits = self.digits.with(digit);
    }

    /// Adds the digits of `digits` (candidate bits) to those the step is named after: as
    /// [`Step::digit`] for each, at once. Out of line in the compact build, as
    /// [`Step::digit`] (6 bytes less of a Cortex-M0's flash).
    #[cfg_attr(not(feature = "fast"), inline(never))]
    pub(crate) fn add_digits(&mut self, digits: u16) {
        self.digits = Digits::from_bits(self.digits.bits() | digits);
    }

    /// Adds SE's length bonus for a chain or net of `length` links or nodes.
    pub(crate) fn length(&mut self, length: usize) {
        // The ceilings 4, 6, 8, 12, 16, 24, ...: each times 3/2, then 4/3, kept as powers
        // of two and halves of them (a division by 3 would be a library call on a
        // Cortex-M0).
        let mut bonus = 0u8;
        let mut power = 4usize;
        let mut ceiling = power;
        while length > ceiling && bonus < 30 {
            bonus += 1;
            ceiling = if bonus % 2 == 1 {
                power + power / 2
            } else {
                power *= 2;
                power
            };
        }
        self.se = self.technique.se_rating().saturating_add(bonus);
    }

    /// True if the step concludes something (a placement or at least one elimination).
    /// Out of line in the compact build: shorter than its copies.
    #[cfg_attr(not(feature = "fast"), inline(never))]
    pub(crate) fn is_productive(&self) -> bool {
        self.placement.is_some() || !self.eliminations.is_empty()
    }
}

/// Writes `r1c2` for a cell.
fn write_cell(f: &mut fmt::Formatter<'_>, cell: u8) -> fmt::Result {
    write!(f, "r{}c{}", cell / 9 + 1, cell % 9 + 1)
}

/// Writes a technique's name for a sentence: words with at most one capital (e.g.
/// "Hidden", "2-String") in lower case, acronyms and "X-Wing"-like names as they are.
fn write_phrase(f: &mut fmt::Formatter<'_>, name: &str) -> fmt::Result {
    for (i, word) in name.split(' ').enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        let capitals = word.bytes().filter(u8::is_ascii_uppercase).count();
        if capitals >= 2 {
            f.write_str(word)?;
        } else {
            for c in word.chars() {
                write!(f, "{}", c.to_ascii_lowercase())?;
            }
        }
    }
    Ok(())
}

impl fmt::Display for Step {
    /// One line a player can read, e.g. `r4c7=5 hidden single in box 6` or
    /// `r1c2<>3,5 naked pair in row 1 (r1c5,r1c8)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(p) = self.placement {
            write_cell(f, p.cell)?;
            write!(f, "={}", p.digit)?;
        } else {
            // Eliminations grouped by cell, cells in increasing order.
            let mut first = true;
            for cell in 0..81u8 {
                let mut digits = Digits::NONE;
                for e in self.eliminations.iter().filter(|e| e.cell == cell) {
                    digits = digits.with(e.digit);
                }
                if digits.is_empty() {
                    continue;
                }
                if !first {
                    f.write_str(" ")?;
                }
                first = false;
                write_cell(f, cell)?;
                f.write_str("<>")?;
                for (i, d) in digits.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{d}")?;
                }
            }
        }
        f.write_str(" ")?;
        write_phrase(f, self.technique.name())?;
        let single = matches!(
            self.technique,
            Technique::FullHouse
                | Technique::HiddenSingleBox
                | Technique::HiddenSingleLine
                | Technique::NakedSingle
        );
        if !single && !self.digits.is_empty() {
            f.write_str(" on ")?;
            for (i, d) in self.digits.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{d}")?;
            }
        }
        for (i, unit) in self.units.iter().enumerate() {
            f.write_str(if i == 0 { " in " } else { ", " })?;
            unit.write_plain(f)?;
        }
        if !single && !self.pattern.is_empty() {
            f.write_str(" (")?;
            let mut last = u8::MAX;
            let mut first = true;
            for c in &self.pattern {
                if c.cell == last {
                    continue;
                }
                if !first {
                    f.write_str(",")?;
                }
                first = false;
                write_cell(f, c.cell)?;
                last = c.cell;
            }
            f.write_str(")")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Step({self})")
    }
}

impl Step {
    /// Rebuilds a step from its parts, as an interface that copied a step out (such as
    /// the C ABI's `sudoku_step_t`) hands it back, to show it with [`Display`](fmt::Display).
    /// `se` is the step's [`Step::se_rating`]. `None` if a list is longer than its
    /// capacity ([`STEP_ELIMINATIONS`], [`STEP_PATTERN`], [`STEP_UNITS`]), or if a part
    /// is out of range: a cell not below 81, a digit not in `1..=9`, a unit not below 9.
    pub fn from_parts(
        technique: Technique,
        se: u8,
        placement: Option<Candidate>,
        eliminations: &[Candidate],
        pattern: &[Candidate],
        units: &[Unit],
        digits: Digits,
    ) -> Option<Step> {
        let in_range = |c: &Candidate| c.cell < 81 && (1..=9).contains(&c.digit);
        let candidates_ok = placement
            .iter()
            .chain(eliminations)
            .chain(pattern)
            .all(in_range);
        let units_ok = units
            .iter()
            .all(|u| matches!(*u, Unit::Row(i) | Unit::Col(i) | Unit::Box(i) if i < 9));
        if !candidates_ok || !units_ok {
            return None;
        }
        Some(Step {
            technique,
            se,
            placement,
            eliminations: Vec::from_slice(eliminations).ok()?,
            pattern: Vec::from_slice(pattern).ok()?,
            units: Vec::from_slice(units).ok()?,
            digits,
        })
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::string::ToString;

    /// The length bonus is Sudoku Explainer's: one point per ceiling passed, the ceilings
    /// growing from 4 by 3/2 and 4/3 in turn, at most 30.
    #[test]
    fn the_length_bonus_follows_the_ceilings() {
        for length in 0..100_000usize {
            let (mut bonus, mut ceiling, mut odd) = (0u8, 4usize, false);
            while length > ceiling && bonus < 30 {
                bonus += 1;
                ceiling = if odd {
                    ceiling * 4 / 3
                } else {
                    ceiling * 3 / 2
                };
                odd = !odd;
            }
            let mut step = Step::EMPTY;
            step.reset(Technique::Aic);
            step.length(length);
            assert_eq!(
                step.se_rating(),
                Technique::Aic.se_rating() + bonus,
                "{length}"
            );
        }
    }

    /// A step's parts rebuild the same step; a part out of range, or a list too long,
    /// rebuilds none.
    #[test]
    fn a_step_is_rebuilt_from_its_parts_only_when_they_are_in_range() {
        let mut pair = Step::EMPTY;
        pair.reset(Technique::NakedPair);
        pair.eliminate(2, 3);
        pair.node(1, 3);
        pair.unit(0);
        pair.digit(3);
        let rebuild =
            |placement, eliminations: &[Candidate], pattern: &[Candidate], units: &[Unit]| {
                Step::from_parts(
                    pair.technique(),
                    pair.se_rating(),
                    placement,
                    eliminations,
                    pattern,
                    units,
                    pair.digits(),
                )
            };
        let (eliminations, pattern) = (pair.eliminations(), pair.pattern());
        let same = rebuild(None, eliminations, pattern, pair.units()).unwrap();
        assert_eq!(same.to_string(), pair.to_string());
        let bad = [
            Candidate { cell: 81, digit: 3 },
            Candidate { cell: 0, digit: 0 },
            Candidate { cell: 0, digit: 10 },
        ];
        for c in bad {
            assert!(rebuild(Some(c), eliminations, pattern, pair.units()).is_none());
            assert!(rebuild(None, &[c], pattern, pair.units()).is_none());
            assert!(rebuild(None, eliminations, &[c], pair.units()).is_none());
        }
        for unit in [Unit::Row(9), Unit::Col(200), Unit::Box(9)] {
            assert!(rebuild(None, eliminations, pattern, &[unit]).is_none());
        }
        let many = [Candidate { cell: 0, digit: 1 }; STEP_ELIMINATIONS + 1];
        assert!(rebuild(None, &many, pattern, pair.units()).is_none());
    }

    #[test]
    fn a_step_reads_as_a_sentence() {
        let mut single = Step::EMPTY;
        single.reset(Technique::HiddenSingleBox);
        single.place(33, 5);
        single.unit(18 + 5);
        single.digit(5);
        assert_eq!(single.to_string(), "r4c7=5 hidden single in box 6");

        let mut pair = Step::EMPTY;
        pair.reset(Technique::NakedPair);
        for (cell, digit) in [(2, 3), (2, 5), (3, 3)] {
            assert!(pair.eliminate(cell, digit));
        }
        pair.node(1, 3);
        pair.node(1, 5);
        pair.node(6, 3);
        pair.node(6, 5);
        pair.digit(3);
        pair.digit(5);
        pair.unit(0);
        assert_eq!(
            pair.to_string(),
            "r1c3<>3,5 r1c4<>3 naked pair on 3,5 in row 1 (r1c2,r1c7)"
        );
        assert_eq!(pair.se_rating(), 30);
    }

    #[test]
    fn length_bonus_follows_se() {
        let mut chain = Step::EMPTY;
        chain.reset(Technique::XChain);
        chain.length(4);
        assert_eq!(chain.se_rating(), 66);
        chain.length(5);
        assert_eq!(chain.se_rating(), 67);
        chain.length(9);
        assert_eq!(chain.se_rating(), 69);
    }

    #[test]
    fn eliminations_stop_at_capacity() {
        let mut step = Step::EMPTY;
        step.reset(Technique::AlsXz);
        for cell in 0..STEP_ELIMINATIONS {
            assert!(step.eliminate(cell, 1));
        }
        assert!(!step.eliminate(80, 1));
        assert_eq!(step.eliminations().len(), STEP_ELIMINATIONS);
    }
}
