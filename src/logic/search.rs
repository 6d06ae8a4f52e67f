//! Counting the solutions of a pencil-mark grid, up to two. With the `fast` feature (the
//! default), by the library's band search, which takes a digit's places per band as they
//! are ([`Solver::reset_places`]): its propagation, its strong mode and its bounds on hostile
//! input (docs/robustness.md), a few microseconds for most grids. The compact engine
//! derives candidates from its givens and cannot take pencil marks, so without `fast` a
//! small counter of its own does it: iterative backtracking with a fixed stack of at most
//! 81 frames, each branching on whichever is narrower, the empty cell with the fewest
//! options or the digit with the fewest places in a unit, within a budget of about a
//! million branches. (The `fast` build's tests compile both and compare them.)
//!
//! [`Solver::reset_places`]: crate::Solver

#[cfg(any(test, not(feature = "fast")))]
use heapless::Vec;

#[cfg(any(test, not(feature = "fast")))]
use super::bits;
use super::marks::Marks;
use crate::board::CELLS;
#[cfg(any(test, not(feature = "fast")))]
use crate::board::UNIT_CELLS;
#[cfg(feature = "fast")]
use crate::Solver;

/// How many solutions the marks allow, with the first one found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Solutions {
    /// None.
    None,
    /// Exactly one.
    Unique([u8; CELLS]),
    /// Two or more; the first found.
    Several([u8; CELLS]),
    /// The budget ran out first (the compact build's counter only).
    #[cfg_attr(feature = "fast", allow(dead_code))]
    Unknown,
}

#[cfg(any(test, not(feature = "fast")))]
/// The most branches tried before giving up.
const BUDGET: u32 = 1 << 20;

#[cfg(any(test, not(feature = "fast")))]
#[derive(Clone, Copy, Debug)]
struct Frame {
    /// The cell branched on, or the unit when `digit` is not 0.
    target: u8,
    /// 0 for a cell branch, else the digit of a unit branch.
    digit: u8,
    /// Options not tried yet: digits (bit d-1) or positions in the unit (bit k).
    rest: u16,
    /// The cell and digit currently assumed (digit 0: none).
    cell: u8,
    value: u8,
}

/// The compact build's count of a pencil-mark grid's solutions, resumable: the cells
/// placed so far, each unit's digits, and the branches open (see the module docs). It
/// borrows nothing, so that a resumable rating ([`Rater`]) keeps it between calls; each
/// call is given the marks again.
///
/// [`Rater`]: super::Rater
#[cfg(any(test, not(feature = "fast")))]
#[derive(Clone, Debug)]
pub(crate) struct Backtrack {
    values: [u8; CELLS],
    used: [u16; 27],
    stack: Vec<Frame, CELLS>,
    /// Solutions found so far (at most 2).
    found: u8,
    /// Branches left before it gives up ([`Solutions::Unknown`]).
    budget: u32,
    /// Whether the placed digits are in.
    started: bool,
    /// The end, once reached.
    end: Option<Count>,
}

/// How a [`Backtrack`] ended; the first solution is in the caller's slot.
#[cfg(any(test, not(feature = "fast")))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Count {
    None,
    One,
    Several,
    Unknown,
}

#[cfg(any(test, not(feature = "fast")))]
impl Backtrack {
    /// A count of `marks`' solutions, not started: the first [`Backtrack::run`] takes its
    /// placed digits in (and finds no solution if two of them share a unit).
    pub(crate) const fn new() -> Backtrack {
        Backtrack {
            values: [0; CELLS],
            used: [0; 27],
            stack: Vec::new(),
            found: 0,
            budget: BUDGET,
            started: false,
            end: None,
        }
    }

    /// The digits unit `unit` holds (all of them for a unit out of range, which the
    /// callers never pass: read with `get`, so that no panic path is linked).
    fn used(&self, unit: usize) -> u16 {
        self.used.get(unit).copied().unwrap_or(u16::MAX)
    }

    /// Whether `cell` is empty (false out of range).
    fn is_open(&self, cell: usize) -> bool {
        self.values.get(cell) == Some(&0)
    }

    fn options(&self, marks: &Marks, cell: usize) -> u16 {
        let [r, c, b] = super::bits::units_of(cell);
        marks.bits(cell) & !(self.used(r) | self.used(c) | self.used(b))
    }

    fn set(&mut self, cell: usize, digit: u8) {
        let bit = 1u16 << (digit - 1);
        for u in super::bits::units_of(cell) {
            if let Some(used) = self.used.get_mut(u) {
                *used |= bit;
            }
        }
        if let Some(v) = self.values.get_mut(cell) {
            *v = digit;
        }
    }

    fn clear(&mut self, cell: usize, digit: u8) {
        let bit = 1u16 << (digit - 1);
        for u in super::bits::units_of(cell) {
            if let Some(used) = self.used.get_mut(u) {
                *used &= !bit;
            }
        }
        if let Some(v) = self.values.get_mut(cell) {
            *v = 0;
        }
    }

    /// Takes the placed digits of `marks` in: false if two share a unit.
    fn place_givens(&mut self, marks: &Marks) -> bool {
        for cell in 0..CELLS {
            let digit = marks.value(cell);
            if digit == 0 {
                continue;
            }
            let bit = 1u16 << (digit - 1);
            if super::bits::units_of(cell)
                .iter()
                .any(|&u| self.used(u) & bit != 0)
            {
                return false;
            }
            self.set(cell, digit);
        }
        true
    }

    /// Goes on counting `marks`' solutions (the same marks at every call) for at most
    /// `*steps` steps (a step is one node: a choice of branch and the next option), and
    /// takes the steps it took off `*steps`. The first solution goes into `first`.
    /// `Some` once the count has ended; later calls return the same at no cost.
    pub(crate) fn run(
        &mut self,
        marks: &Marks,
        first: &mut [u8; CELLS],
        steps: &mut u32,
    ) -> Option<Count> {
        if !self.started {
            self.started = true;
            if !self.place_givens(marks) {
                self.end = Some(Count::None);
            }
        }
        while self.end.is_none() && *steps > 0 {
            *steps -= 1;
            self.end = self.node(marks, first);
        }
        self.end
    }

    /// One node of the search: the state's branch, then the next option to try.
    fn node(&mut self, marks: &Marks, first: &mut [u8; CELLS]) -> Option<Count> {
        match self.choose(marks) {
            Choice::Dead => {}
            Choice::Solved => {
                self.found += 1;
                if self.found == 1 {
                    *first = self.values;
                } else {
                    return Some(Count::Several);
                }
            }
            Choice::Branch(frame) => {
                if self.stack.push(frame).is_err() {
                    return Some(Count::Unknown);
                }
            }
        }
        // Advance the top frame to its next option, popping exhausted frames.
        while let Some(top) = self.stack.last_mut() {
            if top.value != 0 {
                let (cell, value) = (usize::from(top.cell), top.value);
                top.value = 0;
                self.clear(cell, value);
                continue;
            }
            if top.rest == 0 {
                self.stack.pop();
                continue;
            }
            self.budget -= 1;
            if self.budget == 0 {
                return Some(Count::Unknown);
            }
            let bit = top.rest & top.rest.wrapping_neg();
            top.rest &= !bit;
            let k = bits::lowest_bit(u32::from(bit));
            let (cell, digit) = if top.digit == 0 {
                (usize::from(top.target), k as u8 + 1)
            } else {
                let unit = UNIT_CELLS.get(usize::from(top.target));
                (
                    unit.and_then(|u| u.get(k)).map_or(0, |&c| usize::from(c)),
                    top.digit,
                )
            };
            top.cell = cell as u8;
            top.value = digit;
            self.set(cell, digit);
            return None;
        }
        Some(if self.found == 1 {
            Count::One
        } else {
            Count::None
        })
    }

    /// The narrowest branch of the state: the empty cell with the fewest options, or a
    /// digit with fewer places in a unit; or that it is dead or solved.
    fn choose(&self, marks: &Marks) -> Choice {
        let mut best = Frame {
            target: 0,
            digit: 0,
            rest: 0,
            cell: 0,
            value: 0,
        };
        let mut width = 10;
        let mut any = false;
        for cell in 0..CELLS {
            if !self.is_open(cell) {
                continue;
            }
            any = true;
            let options = self.options(marks, cell);
            let n = crate::candidates::count9(options);
            if n == 0 {
                return Choice::Dead;
            }
            if n < width {
                width = n;
                best.target = cell as u8;
                best.digit = 0;
                best.rest = options;
            }
        }
        if !any {
            return Choice::Solved;
        }
        if width > 1 {
            for (unit, cells) in UNIT_CELLS.iter().enumerate() {
                for digit in 1..=9u8 {
                    let bit = 1u16 << (digit - 1);
                    if self.used(unit) & bit != 0 {
                        continue;
                    }
                    let mut places = 0u16;
                    for (k, &cell) in cells.iter().enumerate() {
                        let cell = usize::from(cell);
                        if self.is_open(cell) && self.options(marks, cell) & bit != 0 {
                            places |= 1 << k;
                        }
                    }
                    let n = crate::candidates::count9(places);
                    if n == 0 {
                        return Choice::Dead;
                    }
                    if n < width {
                        width = n;
                        best.target = unit as u8;
                        best.digit = digit;
                        best.rest = places;
                    }
                }
            }
        }
        Choice::Branch(best)
    }
}

/// Digit `d`'s cells in `marks` (its candidates and its placed cells), a band's 27 bits at
/// a time, as [`Solver::reset_places`] takes them.
#[cfg(feature = "fast")]
pub(crate) fn places(marks: &Marks) -> [u32; 27] {
    core::array::from_fn(|index| {
        let digit = (index / 3) as u8 + 1;
        let cells = marks.positions(digit) | marks.placed(digit);
        (cells >> (27 * (index % 3))) as u32 & 0x7FF_FFFF
    })
}

/// Counts the solutions of `marks` up to two: every empty cell takes one of its candidates,
/// every unit holds each digit once. Out of line: the solver's state (10 KiB) is not part
/// of the callers' frames.
#[cfg(feature = "fast")]
#[inline(never)]
pub(crate) fn solutions(marks: &Marks) -> Solutions {
    let mut solver = Solver::empty();
    solver.reset_places(&places(marks));
    let first = match solver.solve() {
        Ok(solution) => *solution.cells(),
        Err(_) => return Solutions::None,
    };
    match solver.solve() {
        Ok(_) => Solutions::Several(first),
        Err(_) => Solutions::Unique(first),
    }
}

/// As [`solutions`], by the compact build's own backtracking (see the module docs).
#[cfg(not(feature = "fast"))]
pub(crate) fn solutions(marks: &Marks) -> Solutions {
    backtrack(marks)
}

/// The compact build's counter (see the module docs), in one call.
#[cfg(any(test, not(feature = "fast")))]
fn backtrack(marks: &Marks) -> Solutions {
    let mut count = Backtrack::new();
    let mut first = [0u8; CELLS];
    match count.run(marks, &mut first, &mut { u32::MAX }) {
        Some(Count::One) => Solutions::Unique(first),
        Some(Count::Several) => Solutions::Several(first),
        Some(Count::Unknown) => Solutions::Unknown,
        Some(Count::None) | None => Solutions::None,
    }
}
#[cfg(any(test, not(feature = "fast")))]
enum Choice {
    Dead,
    Solved,
    Branch(Frame),
}

#[cfg(all(test, feature = "fast"))]
mod tests {
    use super::*;
    use crate::candidates::Digits;
    use crate::Board;
    use sudoku81_testkit::{reference::is_valid_solution, Rng};

    /// Whether `grid` is a solution of `marks`: a valid full grid whose every cell holds
    /// one of its candidates (or its value).
    fn solves(marks: &Marks, grid: &[u8; CELLS]) -> bool {
        is_valid_solution(&[0; CELLS], grid)
            && (0..CELLS).all(|cell| match marks.value(cell) {
                0 => marks.candidates(cell).contains(grid[cell]),
                value => value == grid[cell],
            })
    }

    /// The band search and the compact build's backtracking agree on the pencil marks of
    /// puzzles from easy to hostile, with random candidates taken out (now and then the
    /// solution's digit, which leaves none or another), and on dense random marks: the
    /// same answer, the same unique solution, a solution of the marks as the first of
    /// several. Where the backtracking runs out of budget, the band search still answers.
    #[test]
    fn the_band_search_counts_pencil_marks_as_backtracking_does() {
        let mut rng = Rng::new(17);
        let mut seen = [0u32; 4];
        let mut check = |marks: &Marks| {
            let (ours, theirs) = (solutions(marks), backtrack(marks));
            match (ours, theirs) {
                (Solutions::Several(first), Solutions::Several(_)) => {
                    assert!(solves(marks, &first), "{marks:?}");
                    seen[2] += 1;
                }
                (Solutions::Unique(first), _) if theirs == ours => {
                    assert!(solves(marks, &first));
                    seen[1] += 1;
                }
                (Solutions::None, Solutions::None) => seen[0] += 1,
                (ours, Solutions::Unknown) => {
                    assert_ne!(ours, Solutions::Unknown);
                    seen[3] += 1;
                }
                (ours, theirs) => panic!("{ours:?} against {theirs:?} on {marks:?}"),
            }
        };
        let sets = [
            "top95",
            "multi_solution",
            "no_solution",
            "hardest1106",
            "17clue",
        ];
        for name in sets {
            let set = sudoku81_testkit::data::load(name).expect("a committed sample");
            for cells in set.cells.iter().take(60) {
                let board = Board::from_cells(*cells).unwrap();
                for round in 0..3 {
                    let mut sets = [Digits::NONE; CELLS];
                    for (cell, set) in sets.iter_mut().enumerate() {
                        *set = match cells[cell] {
                            0 => {
                                let lost = rng.lost_candidates(round);
                                board.candidates(cell) & Digits::from_bits(!lost)
                            }
                            given => Digits::single(given),
                        };
                    }
                    if let Ok(marks) = Marks::from_candidates(&sets) {
                        check(&marks);
                    }
                }
            }
        }
        for _ in 0..300 {
            let mut sets = [Digits::ALL; CELLS];
            for set in &mut sets {
                let lost = rng.next_u64() & rng.next_u64();
                *set = Digits::from_bits(!(lost as u16) & 0x1FF);
            }
            if let Ok(marks) = Marks::from_candidates(&sets) {
                check(&marks);
            }
        }
        assert!(seen[..3].iter().all(|&n| n > 20), "{seen:?}");
    }

    /// The compact build's counter taken a few steps at a time (as a resumable rating
    /// takes it) ends as it does in one call, with the same first solution: each call takes
    /// exactly its steps until the end, and a count of more than one node takes more than
    /// one call of one step.
    #[test]
    fn the_backtracking_in_slices_is_the_backtracking() {
        let mut rng = Rng::new(23);
        let mut sliced_calls = 0;
        for name in ["top95", "multi_solution", "no_solution", "17clue"] {
            let set = sudoku81_testkit::data::load(name).expect("a committed sample");
            for (i, cells) in set.cells.iter().take(24).enumerate() {
                let board = Board::from_cells(*cells).unwrap();
                let sets: [Digits; CELLS] = core::array::from_fn(|cell| match cells[cell] {
                    0 => board.candidates(cell) & Digits::from_bits(!rng.lost_candidates(1)),
                    given => Digits::single(given),
                });
                let Ok(marks) = Marks::from_candidates(&sets) else {
                    continue;
                };
                let whole = backtrack(&marks);
                for steps in [1, 2, 13] {
                    let mut count = Backtrack::new();
                    let mut first = [0u8; CELLS];
                    let mut calls = 0;
                    let end = loop {
                        let mut left = steps;
                        let end = count.run(&marks, &mut first, &mut left);
                        calls += 1;
                        match end {
                            Some(end) => break end,
                            None => assert_eq!(left, 0, "{name} {i}: a call stopped early"),
                        }
                    };
                    let sliced = match end {
                        Count::None => Solutions::None,
                        Count::One => Solutions::Unique(first),
                        Count::Several => Solutions::Several(first),
                        Count::Unknown => Solutions::Unknown,
                    };
                    assert_eq!(sliced, whole, "{name} {i}, {steps} steps a call");
                    assert_eq!(count.run(&marks, &mut first, &mut 5), Some(end), "it stays");
                    sliced_calls += usize::from(steps == 1 && calls > 1);
                }
            }
        }
        assert!(
            sliced_calls >= 30,
            "{sliced_calls} counts took several calls"
        );
    }
}
