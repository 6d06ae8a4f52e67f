//! [`Explain`]: the whole solving path, one [`Step`] at a time.

use super::bits;
use super::error::LogicError;
use super::ladder::{self, Seen};
use super::last_resort;
use super::marks::Marks;
use super::search::{self, Solutions};
use super::singles::Scan;
use super::step::Step;
use super::technique::Technique;
use crate::board::{Board, CELLS};
use crate::candidates::Digits;
use crate::solver::Solver;

/// The solving path of a grid: an iterator of [`Step`]s, each the simplest step of the
/// ladder on the marks the previous ones left, ending when the grid is solved.
///
/// For a grid with a unique solution the path always ends solved: when no technique
/// applies, a forcing net or, failing that, brute force steps in. For a grid with several
/// solutions, the techniques that assume uniqueness are left out and the path stops where
/// the ladder gets stuck (see [`Explain::is_solved`]).
///
/// It holds about 560 bytes (the marks and the solution; 416 in the compact build) and
/// allocates nothing. A path has at most 729 steps (the number of candidates), since every
/// step removes at least one.
#[derive(Clone, Debug)]
pub struct Explain {
    marks: Marks,
    solution: Option<[u8; CELLS]>,
    unique: bool,
    /// True while the solutions are not counted yet (see [`Explain::unsettled`]).
    pending: bool,
}

impl Explain {
    /// The path from `marks`, given what is known of its solutions.
    pub(crate) const fn new(marks: Marks, solution: Option<[u8; CELLS]>, unique: bool) -> Explain {
        Explain {
            marks,
            solution,
            unique,
            pending: false,
        }
    }

    /// [`Explain::blank`] as a constant, for a state built in place ([`Rater::empty`]).
    ///
    /// [`Rater::empty`]: super::Rater::empty
    pub(crate) const BLANK: Explain = Explain::new(Marks::empty(), None, false);

    /// A path with no marks and no solution, to be made a board's or a player's in place
    /// ([`Explain::reset`], [`Explain::set_player`]). Out of line: one copy of the
    /// code that clears it, written straight into the caller's slot.
    #[inline(never)]
    pub(crate) fn blank() -> Explain {
        Explain::new(Marks::empty(), None, false)
    }

    /// A path with nothing to explain (every cell open, no candidate, so no step): the
    /// starting value for [`Explain::reset`], which makes it a puzzle's path in place. A
    /// `const fn`, so it can initialise a `static`.
    pub const fn empty() -> Explain {
        Explain::BLANK
    }

    /// Makes this [`Marks::explain`]`(marks)`'s path, in place, as [`Explain::reset`] does
    /// for a board.
    ///
    /// # Errors
    /// As [`Marks::explain`]; the path is then unspecified (but any use of it is safe).
    pub fn reset_marks(&mut self, marks: &Marks) -> Result<(), LogicError> {
        self.marks = *marks;
        self.count_marks()
    }

    /// Makes this the path of the pencil-mark puzzle `candidates` (cell `i` may hold the
    /// digits of `candidates[i]`), in place: [`Marks::from_candidates`] then
    /// [`Explain::reset_marks`], without a copy of the marks on the caller's stack (on a
    /// microcontroller, where the marks are 336 bytes).
    ///
    /// # Errors
    /// As [`Marks::from_candidates`] and [`Marks::explain`]; the path is then unspecified
    /// (but any use of it is safe).
    pub fn reset_candidates(&mut self, candidates: &[Digits; CELLS]) -> Result<(), LogicError> {
        self.marks.set_all_candidates(candidates);
        self.count_marks()
    }

    /// Checks the path's marks and counts their solutions, as [`Marks::explain`] does.
    fn count_marks(&mut self) -> Result<(), LogicError> {
        self.marks.check()?;
        (self.solution, self.unique) = match search::solutions(&self.marks) {
            Solutions::None => return Err(LogicError::NoSolution),
            Solutions::Unique(s) => (Some(s), true),
            Solutions::Several(_) => (None, false),
            Solutions::Unknown => return Err(LogicError::SearchLimit),
        };
        self.pending = false;
        Ok(())
    }

    /// Makes this the path of `marks`, in place, with their solutions not counted yet:
    /// a resumable rating counts them ([`Explain::marks_and_solution`]) before the path
    /// starts, then calls [`Explain::set_unique`].
    pub(crate) fn load_marks(&mut self, marks: &Marks) {
        self.marks = *marks;
        self.solution = None;
        self.unique = false;
        self.pending = false;
    }

    /// Records that the marks have exactly one solution, the one in
    /// [`Explain::solution_slot`].
    pub(crate) fn set_unique(&mut self) {
        self.unique = true;
        self.pending = false;
    }

    /// The marks, to count their solutions, and the slot where the first one goes.
    #[cfg(not(feature = "fast"))]
    pub(crate) fn marks_and_solution(&mut self) -> (&Marks, &mut Option<[u8; CELLS]>) {
        (&self.marks, &mut self.solution)
    }

    /// The path of a pencil-mark grid, after counting its solutions.
    pub(crate) fn of_marks(marks: &Marks) -> Result<Explain, LogicError> {
        let mut explain = Explain::blank();
        explain.reset_marks(marks)?;
        Ok(explain)
    }

    /// The path of a board, after counting its solutions with the library's solver.
    pub(crate) fn of_board(board: &Board) -> Result<Explain, LogicError> {
        let mut explain = Explain::blank();
        explain.reset(board)?;
        Ok(explain)
    }

    /// Makes this [`Board::explain`]`(board)`'s path, in place, after counting its
    /// solutions with the library's solver: on a small stack (a microcontroller), a path
    /// returned by `Board::explain` is one more copy (400 to 600 bytes), and no copy of the
    /// solution stays on the stack below the path or the count.
    ///
    /// # Errors
    /// As [`Board::explain`]; the path is then unspecified (but any use of it is safe).
    // Inline in the compact build, where its callers are few: with `Queue::is_on` out of
    // line, 58 bytes less of a Cortex-M0's flash, the deepest stack unchanged.
    #[cfg_attr(not(feature = "fast"), inline)]
    pub fn reset(&mut self, board: &Board) -> Result<(), LogicError> {
        // The solutions first, and the marks last, so that the marks are never built
        // for nothing; a board with a solution gives marks that need no check.
        let unique = solution_into(board, &mut self.solution)?;
        self.set_counted(board, unique);
        Ok(())
    }

    /// Makes this the path of a board whose solutions are counted: at least one, and the
    /// solution in [`Explain::solution_slot`] if `unique` (else `None` there).
    #[inline(always)]
    pub(crate) fn set_counted(&mut self, board: &Board, unique: bool) {
        self.pending = false;
        self.unique = unique;
        self.marks.fill(board, &mut false);
        debug_assert!(
            self.marks.check().is_ok(),
            "a solvable board's marks are whole"
        );
    }

    /// The path of a board for a rating, with its solutions not counted yet (`fast`
    /// feature only, see [`Explain::is_pending`]): a rating counts them only when its
    /// path first needs them ([`Explain::settle`]), and an easy puzzle's path, which its
    /// deductions alone complete, never does.
    ///
    /// # Errors
    /// As [`Explain::of_board`].
    #[cfg_attr(not(feature = "fast"), allow(dead_code))]
    pub(crate) fn unsettled(board: &Board) -> Result<Explain, LogicError> {
        let mut repeats = false;
        let explain = Explain {
            marks: Marks::of_board_noting_repeats(board, &mut repeats),
            solution: None,
            unique: false,
            pending: true,
        };
        // Repeated givens have no solution, though deductions could fill the grid, and an
        // empty cell where nothing fits is named: the path that counts first names the
        // error. A unit with no place for a digit is left to the count
        // (`LogicError::NoSolution`, as counting first says): deductions never fill it.
        if repeats || explain.marks.dead() != 0 {
            return Explain::of_board(board);
        }
        Ok(explain)
    }

    /// True while the solutions of an [`Explain::unsettled`] path are not counted.
    pub(crate) fn is_pending(&self) -> bool {
        // Never in the compact build ([`Board::rate`] counts first there), which so
        // leaves the counting out of the rating's loop.
        cfg!(feature = "fast") && self.pending
    }

    /// Counts the solutions of an [`Explain::unsettled`] path, from the filled cells its
    /// steps have reached: every step so far was a deduction (no technique that assumes
    /// uniqueness, no last resort), so they have the same solutions as the board.
    ///
    /// # Errors
    /// [`LogicError::NoSolution`] if there is none.
    #[inline(never)]
    pub(crate) fn settle(&mut self) -> Result<(), LogicError> {
        if core::mem::take(&mut self.pending) {
            // A cell that the deductions left without a candidate is not the board's.
            self.unique =
                solution_into(&self.marks.board(), &mut self.solution).map_err(|e| match e {
                    LogicError::NoCandidates { .. } => LogicError::NoSolution,
                    e => e,
                })?;
        }
        Ok(())
    }

    /// The solution, when it is unique.
    pub fn solution(&self) -> Option<&[u8; CELLS]> {
        self.solution.as_ref()
    }

    /// Where the solution of the path goes: a player's path gets the solution of the
    /// givens here, counted before the path is built (so that the count does not run
    /// below the path), before [`Explain::set_player`].
    pub(crate) fn solution_slot(&mut self) -> &mut Option<[u8; CELLS]> {
        &mut self.solution
    }

    /// Makes this the path of a player's grid (givens and entries), for givens whose
    /// solution, when unique, is already in [`Explain::solution_slot`] (and known to be
    /// unique if `unique`): a path built where the caller keeps it, so that no copy of it
    /// stays on the stack below the path.
    ///
    /// # Errors
    /// As [`Marks::from_board`]; the path is then unspecified.
    pub(crate) fn set_player(&mut self, player: &Board, unique: bool) -> Result<(), LogicError> {
        self.unique = unique;
        self.pending = false;
        self.marks.set_board(player)
    }

    /// Keeps only the candidates in `allowed` (e.g. a player's pencil marks).
    ///
    /// # Errors
    /// As [`Marks::check`], when that leaves the marks inconsistent.
    pub(crate) fn restrict(&mut self, allowed: &[Digits; CELLS]) -> Result<(), LogicError> {
        self.marks.restrict(allowed);
        self.marks.check()
    }

    /// The marks as the steps so far left them.
    pub fn marks(&self) -> &Marks {
        &self.marks
    }

    /// True once every cell is filled.
    pub fn is_solved(&self) -> bool {
        self.marks.is_solved()
    }

    /// True if the grid is known to have a unique solution (the uniqueness techniques are
    /// then part of the ladder).
    pub fn is_unique(&self) -> bool {
        self.unique
    }

    /// Applies the first single in ladder order, if any, without building a step (for the
    /// rating loop, which keeps `scan` current with the marks); returns its technique.
    /// Calls `before` with the marks when there is one, before it is placed.
    pub(crate) fn next_single(
        &mut self,
        scan: &mut Scan,
        before: impl FnOnce(&Marks),
    ) -> Option<Technique> {
        let (technique, single) = scan.first(&self.marks)?;
        before(&self.marks);
        scan.place(&mut self.marks, single.cell(), single.digit());
        Some(technique)
    }

    /// The next step without applying it, if there is one.
    pub fn peek(&self) -> Option<Step> {
        if self.marks.is_solved() {
            return None;
        }
        ladder::next_step(&self.marks, self.unique, self.solution.as_ref()).or_else(|| {
            let mut step = Step::EMPTY;
            let solution = self.solution.as_ref()?;
            last_resort::brute_force(&self.marks, solution, &mut step).then_some(step)
        })
    }
}

/// Writes the unique solution of a board into `solution` (`None` if it has several) and
/// returns whether it is unique; or, for a board without solution, which error to name (a
/// board with repeated givens has none). In place: a returned solution is a copy on the
/// stack below the count.
pub(crate) fn solution_into(
    board: &Board,
    solution: &mut Option<[u8; CELLS]>,
) -> Result<bool, LogicError> {
    // Any 81 digits do, as the count overwrites them: a copy of the board's takes the
    // `memcpy` that solving links, where zeros took a `memclr` of their own on a Cortex-M0.
    let found = solutions(board, solution.insert(*board.cells()));
    if found != 1 {
        *solution = None;
    }
    match found {
        0 => Err(unsolvable(board)),
        1 => Ok(true),
        _ => Ok(false),
    }
}

/// Why a board has no solution, as precisely as it can be named: repeated givens, else an
/// empty cell where nothing fits, else only that the search found none.
pub(crate) fn unsolvable(board: &Board) -> LogicError {
    match board.conflict() {
        Some(conflict) => LogicError::Conflict(conflict),
        None => match dead_cell(board) {
            Some(cell) => LogicError::NoCandidates { cell: cell as u8 },
            None => LogicError::NoSolution,
        },
    }
}

/// The first empty cell of `board` where no digit fits. Out of line, and only when a
/// board has no solution: its marks are not part of the callers' frames. The compact
/// build leaves it to the compiler, which puts it in `unsolvable` (28 bytes less of a
/// Cortex-M0's flash, the deepest stack unchanged).
#[cfg_attr(feature = "fast", inline(never))]
fn dead_cell(board: &Board) -> Option<usize> {
    let mut marks = Marks::empty();
    marks.fill(board, &mut false);
    let dead = marks.dead();
    (dead != 0).then(|| bits::first(dead))
}

/// How many solutions a board has, up to 2, by the library's solver (one search to the
/// first solution, continued to look for a second); the first is written into `first`.
/// Out of line, so that the solver's state (10 KiB with the `fast` engine, 730 bytes
/// without) is not part of the callers' frames. The compact build leaves it to the
/// compiler, which puts it in `solution_into` (34 bytes less of a Cortex-M0's flash, and
/// 16 of `sudoku_hint`'s stack).
#[cfg_attr(feature = "fast", inline(never))]
fn solutions(board: &Board, first: &mut [u8; CELLS]) -> u8 {
    let mut solver = Solver::empty();
    if solver.reset(board).is_err() {
        return 0;
    }
    match solver.solve() {
        Ok(solution) => first.copy_from_slice(solution.cells()),
        Err(_) => return 0,
    }
    if solver.solve().is_ok() {
        2
    } else {
        1
    }
}

impl Iterator for Explain {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        let step = self.peek()?;
        if self.marks.apply(&step) {
            return Some(step);
        }
        // A step that changes nothing would repeat forever; brute force always progresses.
        let mut forced = Step::EMPTY;
        let solution = self.solution.as_ref()?;
        if !last_resort::brute_force(&self.marks, solution, &mut forced) {
            return None;
        }
        self.marks.apply(&forced).then_some(forced)
    }
}

impl Explain {
    /// As [`Iterator::next`], for the rating loop once it has placed every single, from
    /// technique `first` of the ladder on: keeps `scan` and `seen` current and returns the
    /// step's technique and SE rating. While the solutions are not counted
    /// ([`Explain::is_pending`]), only the deductions before [`ladder::NEEDS_SOLUTIONS`]
    /// are looked for. On the deepest path of a rating, with room for one step only: out of
    /// line in the `fast` build, where the rating's loop is part of a larger frame; in the
    /// compact build's, whose frame holds only the loop's records ([`Rating`]'s
    /// `of_into`), where two frames would spill more than one (and so inlined there
    /// even though the resumable [`Rater`] calls it too).
    ///
    /// [`Rating`]: super::rating::Rating
    /// [`Rater`]: super::Rater
    #[cfg_attr(feature = "fast", inline(never))]
    #[cfg_attr(not(feature = "fast"), inline(always))]
    pub(crate) fn next_counted(
        &mut self,
        scan: &mut Scan,
        seen: &mut Seen,
        first: Technique,
    ) -> Option<(Technique, u8)> {
        if self.marks.is_solved() {
            return None;
        }
        let (digits, units) = scan.take_changed();
        seen.changed(digits, units);
        let end = if self.is_pending() {
            ladder::NEEDS_SOLUTIONS
        } else {
            Technique::BruteForce
        };
        let mut step = Step::EMPTY;
        let found = ladder::next_step_into(
            &self.marks,
            self.unique,
            self.solution.as_ref(),
            first..end,
            Some(&mut *seen),
            &mut step,
        );
        if found {
            if let Some(applied) = self.apply_counted(scan, seen, &step) {
                return Some(applied);
            }
        }
        self.brute_force_counted(scan, seen)
    }

    /// Applies `step`, the ladder's, for [`Explain::next_counted`]: its technique and SE
    /// rating, or `None` if it changed nothing. Out of line in the compact build, where
    /// the rating's loop holds the step: inlined, its work took room in that frame, above
    /// the whole ladder.
    #[cfg_attr(not(feature = "fast"), inline(never))]
    fn apply_counted(
        &mut self,
        scan: &mut Scan,
        seen: &mut Seen,
        step: &Step,
    ) -> Option<(Technique, u8)> {
        seen.applying(&self.marks, step);
        if !self.marks.apply(step) {
            return None;
        }
        // Eliminations leave the scan's full houses current; a placement does not.
        if step.placement().is_some() {
            scan.reset(&self.marks);
        } else {
            for e in step.eliminations() {
                scan.eliminated(usize::from(e.cell));
            }
        }
        Some((step.technique(), step.se_rating()))
    }

    /// Brute force's step for [`Explain::next_counted`], when the ladder has none or its
    /// step changes nothing, applied as the ladder's are ([`Explain::apply_counted`]: a
    /// copy of its work here took 46 bytes more of a Cortex-M0's flash).
    #[inline(never)]
    fn brute_force_counted(&mut self, scan: &mut Scan, seen: &mut Seen) -> Option<(Technique, u8)> {
        let mut step = Step::EMPTY;
        if !last_resort::brute_force(&self.marks, self.solution.as_ref()?, &mut step) {
            return None;
        }
        self.apply_counted(scan, seen, &step)
    }
}

impl Board {
    /// The solving path of the puzzle, step by step.
    ///
    /// # Errors
    /// [`LogicError::Conflict`] for repeated givens, [`LogicError::NoCandidates`] for an
    /// empty cell where nothing fits, [`LogicError::NoSolution`] when no solution exists.
    /// A puzzle with several solutions is explained without the uniqueness techniques,
    /// until the ladder gets stuck.
    ///
    /// # Examples
    /// ```
    /// use sudoku81::{Board, Technique};
    /// let board = Board::parse(
    ///     b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    /// )?;
    /// let mut path = board.explain()?;
    /// let first = path.next().unwrap();
    /// assert!(first.placement().is_some());
    /// assert_eq!(path.count() + 1, 51); // one placement per empty cell
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn explain(&self) -> Result<Explain, LogicError> {
        Explain::of_board(self)
    }
}

impl Marks {
    /// The solving path of a pencil-mark grid (e.g. a Sukaku puzzle), after counting its
    /// solutions (with the library's solver; without the `fast` feature, with a small
    /// backtracking search of the engine's own).
    ///
    /// # Errors
    /// As [`Board::explain`].
    pub fn explain(&self) -> Result<Explain, LogicError> {
        Explain::of_marks(self)
    }
}
