//! [`Hint`]: what to tell a player next — a step, or that an entry or a pencil mark is
//! wrong.

use super::bits;
use super::error::LogicError;
use super::explain::{self, Explain};
use super::ladder;
use super::last_resort;
use super::marks::Marks;
use super::step::Step;
use super::technique::Technique;
use crate::board::{Board, CELLS, UNIT_CELLS};
use crate::candidates::Digits;

/// What a player should know next.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Hint {
    /// The simplest step of the ladder from the player's grid.
    Step(Step),
    /// An entry of the player differs from the (unique) solution, or breaks a rule.
    WrongEntry {
        /// The cell, `0..81`.
        cell: u8,
        /// The player's digit there.
        digit: u8,
        /// The solution's digit there, or 0 if the solution is not unique.
        solution: u8,
    },
    /// The player's pencil marks of a cell leave out the solution's digit.
    MissingCandidate {
        /// The cell, `0..81`.
        cell: u8,
        /// The solution's digit that the marks leave out.
        digit: u8,
    },
    /// The grid is complete and correct.
    Solved,
}

impl core::fmt::Display for Hint {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Hint::Step(step) => write!(f, "{step}"),
            Hint::WrongEntry { cell, digit, .. } => {
                write!(f, "r{}c{}={} is wrong", cell / 9 + 1, cell % 9 + 1, digit)
            }
            Hint::MissingCandidate { cell, digit } => write!(
                f,
                "r{}c{} can still be {}",
                cell / 9 + 1,
                cell % 9 + 1,
                digit
            ),
            Hint::Solved => f.write_str("solved"),
        }
    }
}

impl Board {
    /// The next step for this grid, taking every digit on it as a given.
    ///
    /// # Errors
    /// As [`Board::explain`]; for a grid with several solutions,
    /// [`LogicError::MultipleSolutions`] when no technique that works without uniqueness
    /// applies.
    ///
    /// # Examples
    /// ```
    /// use sudoku81::{Board, Hint, Technique};
    /// let board = Board::parse(
    ///     b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    /// )?;
    /// let Hint::Step(step) = board.hint()? else { panic!() };
    /// assert_eq!(step.technique(), Technique::HiddenSingleBox);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn hint(&self) -> Result<Hint, LogicError> {
        let mut hint = Ok(Hint::Solved);
        self.hint_into(&mut hint);
        hint
    }

    /// As [`Board::hint`], written into `out` instead of returned: on a small stack (a
    /// microcontroller), the hint is then built where the caller keeps it, without a copy
    /// of its step (about 150 bytes) on the way.
    pub fn hint_into(&self, out: &mut Result<Hint, LogicError>) {
        // Built in place: a path returned, or moved out of a `Result`, is a second copy
        // (416 to 560 bytes) that stays below the whole search.
        let mut explain = Explain::blank();
        match explain.reset(self) {
            Ok(()) => hint_of(&explain, out),
            Err(e) => *out = Err(e),
        }
    }

    /// The next step for a player: `self` holds the givens, `player` the givens and the
    /// player's entries, and `marks`, if any, the player's pencil marks (a candidate set
    /// per cell; sets of filled cells are ignored). A wrong entry or a pencil mark that
    /// leaves out the solution is reported instead of a step, so that no hint is built on
    /// a mistake. Entries are checked in cell order, before the marks.
    ///
    /// # Errors
    /// The errors of [`Board::hint`] for the givens, first; then
    /// [`LogicError::GivenChanged`] when `player` changes a given; and, when the givens
    /// have several solutions, [`LogicError::NoSolution`] when the entries leave none (no
    /// one of them being wrong alone) and the errors of [`Marks::check`] for the player's
    /// grid (pencil marks are not checked against those solutions).
    pub fn hint_from(
        &self,
        player: &Board,
        marks: Option<&[Digits; CELLS]>,
    ) -> Result<Hint, LogicError> {
        let mut hint = Ok(Hint::Solved);
        self.hint_from_into(player, marks, &mut hint);
        hint
    }

    /// As [`Board::hint_from`], written into `out` instead of returned (see
    /// [`Board::hint_into`]).
    pub fn hint_from_into(
        &self,
        player: &Board,
        marks: Option<&[Digits; CELLS]>,
        out: &mut Result<Hint, LogicError>,
    ) {
        // The checks first, with the solution of the givens their only record: the count
        // of solutions runs below this frame alone, and the path (its marks) is built in
        // a frame of its own once the count is gone. The solution waits packed, in the
        // one frame that stays above the whole ladder.
        let mut solution = Packed::NONE;
        let Some(unique) = check_player(self, player, marks, &mut solution, out) else {
            return;
        };
        hint_on_path(&solution, player, marks, unique, out);
    }
}

/// A solution (or none) two cells to a byte, from the checks of a player's grid to its
/// path: 41 bytes where an `Option<[u8; 81]>` takes 82, in a frame that stays on the stack
/// while the ladder runs. A solution's digits are never 0, so a first byte of 0 is none.
struct Packed([u8; CELLS.div_ceil(2)]);

impl Packed {
    const NONE: Packed = Packed([0; CELLS.div_ceil(2)]);

    /// Keeps `solution`, if any.
    fn set(&mut self, solution: Option<&[u8; CELLS]>) {
        let Some(solution) = solution else {
            *self = Packed::NONE;
            return;
        };
        for (byte, pair) in self.0.iter_mut().zip(solution.chunks(2)) {
            *byte = pair.iter().rev().fold(0, |byte, &digit| byte << 4 | digit);
        }
    }

    /// Writes the solution kept, if any, into `slot`. Out of line: inlined, its work
    /// took room in the path's frame.
    #[inline(never)]
    fn get_into(&self, slot: &mut Option<[u8; CELLS]>) {
        if self.0.first() == Some(&0) {
            *slot = None;
            return;
        }
        let solution = slot.insert([0; CELLS]);
        for (pair, &byte) in solution.chunks_mut(2).zip(&self.0) {
            for (k, digit) in pair.iter_mut().enumerate() {
                *digit = byte >> (4 * k) & 0xF;
            }
        }
    }
}

/// The hint of a player's grid whose entries (and pencil marks, if given) are right, for
/// givens whose solution is `solution` when unique. Out of line, so that the path is not
/// on the stack while the givens' solutions are counted; the solution is copied into it.
#[inline(never)]
fn hint_on_path(
    solution: &Packed,
    player: &Board,
    marks: Option<&[Digits; CELLS]>,
    unique: bool,
    out: &mut Result<Hint, LogicError>,
) {
    let mut path = Explain::blank();
    solution.get_into(path.solution_slot());
    if let Err(e) = player_path(&mut path, player, marks, unique) {
        *out = Err(e);
        return;
    }
    next_hint(&path, out);
}

/// Makes `path` the path of a player's grid whose entries (and pencil marks, if given)
/// are right, for givens whose solution is already in the path when unique. Out of line:
/// inlined, its results took room in the path's frame, above the whole ladder.
#[inline(never)]
fn player_path(
    path: &mut Explain,
    player: &Board,
    marks: Option<&[Digits; CELLS]>,
    unique: bool,
) -> Result<(), LogicError> {
    path.set_player(player, unique)?;
    match marks {
        Some(marks) => path.restrict(marks),
        None => Ok(()),
    }
}

/// Checks a player's grid against the givens `givens`: whether they have a unique
/// solution, written into `solution`, when the entries (and the pencil marks, if any,
/// which must keep the solution's digits) are right; else `None`, with the answer in
/// `out` (a changed given, a wrong entry, a missing mark, a solved grid, or an error).
/// Out of line, so that the checks leave nothing on the stack while the ladder runs.
#[inline(never)]
fn check_player(
    givens: &Board,
    player: &Board,
    marks: Option<&[Digits; CELLS]>,
    packed: &mut Packed,
    out: &mut Result<Hint, LogicError>,
) -> Option<bool> {
    let mut solution = None;
    let unique = check_entries(givens, player, marks, &mut solution, out)?;
    packed.set(solution.as_ref());
    Some(unique)
}

/// [`check_player`]'s checks, with the solution unpacked.
fn check_entries(
    givens: &Board,
    player: &Board,
    marks: Option<&[Digits; CELLS]>,
    solution: &mut Option<[u8; CELLS]>,
    out: &mut Result<Hint, LogicError>,
) -> Option<bool> {
    // The givens' own errors first.
    let unique = match explain::solution_into(givens, solution) {
        Ok(unique) => unique,
        Err(e) => {
            *out = Err(e);
            return None;
        }
    };
    for (cell, (&given, &entry)) in givens.cells().iter().zip(player.cells()).enumerate() {
        if given != 0 && entry != given {
            *out = Err(LogicError::GivenChanged { cell: cell as u8 });
            return None;
        }
    }
    if let Some(solution) = solution.as_ref() {
        for (cell, (&entry, &right)) in player.cells().iter().zip(solution).enumerate() {
            if entry != 0 && entry != right {
                *out = Ok(Hint::WrongEntry {
                    cell: cell as u8,
                    digit: entry,
                    solution: right,
                });
                return None;
            }
        }
    } else if let Some((cell, digit)) = first_repeated_entry(givens, player) {
        *out = Ok(Hint::WrongEntry {
            cell,
            digit,
            solution: 0,
        });
        return None;
    } else if player.count_solutions(1) == 0 {
        // No entry is wrong alone, but together they leave no solution: a step from them
        // would be built on a mistake.
        *out = Err(LogicError::NoSolution);
        return None;
    }
    if player.is_solved() {
        *out = Ok(Hint::Solved);
        return None;
    }
    // The player's sets are checked against the solution before they are used.
    if let (Some(marks), Some(solution)) = (marks, solution.as_ref()) {
        for (cell, (set, &right)) in marks.iter().zip(solution.iter()).enumerate() {
            if player.get(cell) == Some(0) && !set.contains(right) {
                *out = Ok(Hint::MissingCandidate {
                    cell: cell as u8,
                    digit: right,
                });
                return None;
            }
        }
    }
    Some(unique)
}

/// The first entry of `player` in cell order (a cell that is empty in `givens`) whose digit
/// is in another cell of one of its units, and that digit: of two entries that repeat a
/// digit, the first is named, and an entry that repeats a given is named, not the given.
fn first_repeated_entry(givens: &Board, player: &Board) -> Option<(u8, u8)> {
    player.conflict()?;
    let cells = player.cells();
    (0..CELLS).find_map(|cell| {
        let digit = cells.get(cell).copied().filter(|&d| d != 0)?;
        let repeated = givens.get(cell) == Some(0)
            && bits::units_of(cell).iter().any(|&unit| {
                UNIT_CELLS.get(unit).is_some_and(|unit| {
                    unit.iter().any(|&o| {
                        usize::from(o) != cell && cells.get(usize::from(o)) == Some(&digit)
                    })
                })
            });
        repeated.then_some((cell as u8, digit))
    })
}

impl Marks {
    /// The next step for a pencil-mark grid (e.g. a Sukaku puzzle).
    ///
    /// # Errors
    /// As [`Marks::explain`], and [`LogicError::MultipleSolutions`] as [`Board::hint`].
    pub fn hint(&self) -> Result<Hint, LogicError> {
        let mut hint = Ok(Hint::Solved);
        // Matched in place, as `Board::hint` does.
        match Explain::of_marks(self) {
            Ok(ref explain) => hint_of(explain, &mut hint),
            Err(e) => hint = Err(e),
        }
        hint
    }
}

/// The next step of `explain`'s path, into `out`. The ladder writes its step in `out`
/// directly: a step of its own here would be a copy on the deepest stack.
#[cfg_attr(not(feature = "fast"), inline(never))]
fn hint_of(explain: &Explain, out: &mut Result<Hint, LogicError>) {
    next_hint(explain, out);
}

/// [`hint_of`], inlined where the path is built (a player's hint, the deepest): out of
/// line, its frame was one more on the stack below the path's.
#[cfg_attr(not(feature = "fast"), inline(always))]
fn next_hint(explain: &Explain, out: &mut Result<Hint, LogicError>) {
    let marks = explain.marks();
    if marks.is_solved() {
        *out = Ok(Hint::Solved);
        return;
    }
    *out = Ok(Hint::Step(Step::empty()));
    let Ok(Hint::Step(step)) = out else {
        return;
    };
    let range = Technique::FullHouse..Technique::BruteForce;
    let (unique, solution) = (explain.is_unique(), explain.solution());
    if ladder::next_step_into(marks, unique, solution, range, None, step) {
        return;
    }
    *out = match solution {
        Some(solution) if last_resort::brute_force(marks, solution, step) => return,
        Some(_) => Err(LogicError::Stuck),
        None => Err(LogicError::MultipleSolutions),
    };
}
