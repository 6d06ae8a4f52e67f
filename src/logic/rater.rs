//! [`Rater`]: a rating in slices of bounded work, for a program that cannot wait for a
//! whole one (a firmware's main loop, a watchdog, a game's frame).

use super::error::LogicError;
use super::explain::{unsolvable, Explain};
use super::ladder::Seen;
use super::marks::Marks;
use super::rating::Rating;
#[cfg(not(feature = "fast"))]
use super::search::{Backtrack, Count};
use super::singles::Scan;
use crate::board::Board;
use crate::solver::{Progress, Solver};

/// A resumable [`Board::rate`]: each call of [`Rater::run`] takes at most a given number of
/// steps, and the rating it ends with is the one `Board::rate` gives, whatever the budgets.
///
/// A step is one step of the count of solutions (a propagation or a backtrack of
/// [`Solver::run`]; for pencil marks in the compact build, one node of its own search), or
/// one step of the path: the singles that follow and the next other technique. The
/// costliest step measured, an ALS-XY-wing search, takes 63.7 million instructions on a
/// Cortex-M0 (1.33 s at 48 MHz), where a whole rating takes up to 714 million (14.9 s).
///
/// It holds the solver's state while it counts and the path's after, and allocates
/// nothing: about 11 KiB with the `fast` feature (the default), 1.4 KiB without.
/// [`Rater::from_marks`] rates a pencil-mark grid (a Sukaku puzzle) the same way, as
/// [`Marks::rate`] does.
///
/// # Examples
/// ```
/// use sudoku81::{Board, RateProgress, Rater};
/// let board = Board::parse(
///     b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
/// )?;
/// let mut rater = Rater::new(&board);
/// let rating = loop {
///     match rater.run(10) {
///         RateProgress::Pending => continue, // other work between the slices
///         RateProgress::Rated(rating) => break rating,
///         RateProgress::Failed(e) => return Err(e.into()),
///     }
/// };
/// assert_eq!(rating, board.rate()?);
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Rater {
    board: Board,
    explain: Explain,
    rating: Rating,
    stage: Stage,
    /// Whether it rates the pencil marks in the path's marks rather than `board`.
    marks: bool,
}

/// What [`Rater::run`] reached within its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RateProgress {
    /// The rating, as [`Board::rate`] gives it ([`Marks::rate`] for
    /// [`Rater::from_marks`]). Later calls return it again at no cost.
    Rated(Rating),
    /// The puzzle cannot be rated, for the reason [`Board::rate`] (or [`Marks::rate`])
    /// gives. Later calls return it again at no cost.
    Failed(LogicError),
    /// The budget ran out first; call [`Rater::run`] again to go on.
    Pending,
}

/// Where a rating stands.
// The solver is the point: its state lives in the rater, not on a stack.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
enum Stage {
    /// Counting the solutions, `found` of them so far (the first is in the path's
    /// solution slot).
    Count { solver: Solver, found: u8 },
    /// Counting a pencil-mark grid's solutions, in the compact build (whose solver
    /// cannot take pencil marks); the first is in the path's solution slot.
    #[cfg(not(feature = "fast"))]
    CountMarks { count: Backtrack },
    /// Taking the path's steps.
    Path { scan: Scan, seen: Seen },
    /// Rated, or failed.
    Done(Result<(), LogicError>),
}

impl Rater {
    /// A rating of `board`, ready to [`run`](Rater::run). Takes no step: a conflict
    /// between the givens is found here, and reported by the first `run`.
    pub fn new(board: &Board) -> Rater {
        let mut rater = Rater::empty();
        rater.reset(board);
        rater
    }

    /// A rating of the empty board, ready to run (it ends in
    /// [`LogicError::MultipleSolutions`]): the starting value for [`Rater::reset`], which
    /// restarts it in place on a puzzle. A `const fn`, so it can initialise a `static`.
    #[inline(always)]
    pub const fn empty() -> Rater {
        Rater {
            board: Board::EMPTY,
            explain: Explain::BLANK,
            rating: Rating::unrated(),
            stage: Stage::Count {
                solver: Solver::empty(),
                found: 0,
            },
            marks: false,
        }
    }

    /// A rating of the pencil-mark grid `marks` (a Sukaku puzzle, or a grid with a
    /// player's marks), ready to [`run`](Rater::run): the rating [`Marks::rate`] gives, in
    /// slices. Takes no step: marks that [`Marks::rate`] refuses before counting
    /// (a cell without candidate, a digit placed twice in a unit or with no place in
    /// one) are found here, and reported by the first `run`. As with [`Marks::rate`], the
    /// compact build's count of solutions may give up on a grid too open for it
    /// ([`LogicError::SearchLimit`]).
    ///
    /// # Examples
    /// ```
    /// use sudoku81::{Board, Digits, Marks, RateProgress, Rater};
    /// let board = Board::parse(
    ///     b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    /// )?;
    /// // The puzzle as pencil marks: a given is its one digit, an open cell all nine.
    /// let sets: [Digits; 81] = core::array::from_fn(|cell| match board.cells()[cell] {
    ///     0 => Digits::ALL,
    ///     given => Digits::single(given),
    /// });
    /// let marks = Marks::from_candidates(&sets)?;
    /// let mut rater = Rater::from_marks(&marks);
    /// let rating = loop {
    ///     match rater.run(4) {
    ///         RateProgress::Pending => continue, // other work between the slices
    ///         RateProgress::Rated(rating) => break rating,
    ///         RateProgress::Failed(e) => return Err(e.into()),
    ///     }
    /// };
    /// assert_eq!(rating, marks.rate()?);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn from_marks(marks: &Marks) -> Rater {
        let mut rater = Rater::empty();
        rater.reset_marks(marks);
        rater
    }

    /// Starts over with the pencil marks `marks`, in place, as [`Rater::reset`] does
    /// with a board.
    pub fn reset_marks(&mut self, marks: &Marks) {
        self.board = Board::EMPTY;
        self.rating = Rating::unrated();
        self.marks = true;
        if let Err(e) = marks.check() {
            self.stage = Stage::Done(Err(e));
            return;
        }
        self.explain.load_marks(marks);
        #[cfg(feature = "fast")]
        {
            self.stage = Stage::Count {
                solver: Solver::empty(),
                found: 0,
            };
            if let Stage::Count { solver, .. } = &mut self.stage {
                solver.reset_places(&super::search::places(marks));
            }
        }
        #[cfg(not(feature = "fast"))]
        {
            self.stage = Stage::CountMarks {
                count: Backtrack::new(),
            };
        }
    }

    /// Starts over with `board`, in place: on a small stack (a microcontroller), a new
    /// rater returned by [`Rater::new`] would be a second copy.
    pub fn reset(&mut self, board: &Board) {
        self.board = *board;
        self.rating = Rating::unrated();
        self.marks = false;
        self.stage = Stage::Count {
            solver: Solver::empty(),
            found: 0,
        };
        if let Stage::Count { solver, .. } = &mut self.stage {
            if let Err(conflict) = solver.reset(board) {
                self.stage = Stage::Done(Err(LogicError::Conflict(conflict)));
            }
        }
    }

    /// Where the rating stands, without taking a step.
    pub fn progress(&self) -> RateProgress {
        match self.stage {
            Stage::Done(Ok(())) => RateProgress::Rated(self.rating),
            Stage::Done(Err(e)) => RateProgress::Failed(e),
            _ => RateProgress::Pending,
        }
    }

    /// Takes at most `budget` steps (see [`Rater`]), then says where the rating stands. A
    /// budget of 0 takes none and reports the state.
    pub fn run(&mut self, mut budget: u32) -> RateProgress {
        while budget > 0 {
            let end = match self.stage {
                Stage::Done(_) => break,
                Stage::Count { .. } => self.count(&mut budget),
                #[cfg(not(feature = "fast"))]
                Stage::CountMarks { .. } => self.count_marks(&mut budget),
                Stage::Path { .. } => {
                    budget -= 1;
                    self.take_step()
                }
            };
            if let Some(end) = end {
                self.stage = Stage::Done(end);
            }
        }
        self.progress()
    }

    /// Counts solutions for at most `budget` steps of the solver, and takes them off the
    /// budget; once counted, sets the path up. `Some` once the rating has ended. Out of
    /// line in the compact build, as [`Rater::take_step`] is: the solver's frames and the
    /// ladder's are then not stacked in one.
    #[cfg_attr(not(feature = "fast"), inline(never))]
    fn count(&mut self, budget: &mut u32) -> Option<Result<(), LogicError>> {
        let Stage::Count { solver, found } = &mut self.stage else {
            return None;
        };
        let before = solver.stats().steps;
        let progress = solver.run(*budget);
        let taken = solver.stats().steps.wrapping_sub(before);
        *budget = budget.saturating_sub(taken);
        match progress {
            Progress::Pending => {
                *budget = 0;
                None
            }
            Progress::Solved(_) if *found > 0 => Some(Err(LogicError::MultipleSolutions)),
            Progress::Solved(solution) => {
                *found = 1;
                *self.explain.solution_slot() = Some(*solution.cells());
                None
            }
            Progress::NoSolution if *found == 0 && self.marks => Some(Err(LogicError::NoSolution)),
            Progress::NoSolution if *found == 0 => Some(Err(unsolvable(&self.board))),
            Progress::NoSolution => {
                if self.marks {
                    self.explain.set_unique();
                } else {
                    self.explain.set_counted(&self.board, true);
                }
                self.start_path();
                None
            }
        }
    }

    /// As [`Rater::count`], for pencil marks in the compact build.
    #[cfg(not(feature = "fast"))]
    #[inline(never)]
    fn count_marks(&mut self, budget: &mut u32) -> Option<Result<(), LogicError>> {
        let Stage::CountMarks { count } = &mut self.stage else {
            return None;
        };
        let (marks, first) = self.explain.marks_and_solution();
        let first = first.get_or_insert([0; crate::board::CELLS]);
        match count.run(marks, first, budget)? {
            Count::None => Some(Err(LogicError::NoSolution)),
            Count::Several => Some(Err(LogicError::MultipleSolutions)),
            Count::Unknown => Some(Err(LogicError::SearchLimit)),
            Count::One => {
                self.explain.set_unique();
                self.start_path();
                None
            }
        }
    }

    /// Sets the path up once the solutions are counted.
    fn start_path(&mut self) {
        self.stage = Stage::Path {
            scan: Scan::new(self.explain.marks()),
            seen: Seen::none(),
        };
    }

    /// Takes the path's next step. `Some` once the rating has ended.
    #[cfg_attr(not(feature = "fast"), inline(never))]
    fn take_step(&mut self) -> Option<Result<(), LogicError>> {
        let Stage::Path { scan, seen } = &mut self.stage else {
            return None;
        };
        match self.rating.advance(&mut self.explain, scan, seen) {
            Ok(true) => None,
            Ok(false) => Some(self.rating.finish(&self.explain)),
            Err(e) => Some(Err(e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The starting value rates the empty board, which has many solutions; a reset makes it
    /// another board's rating.
    #[test]
    fn the_empty_rater_is_the_empty_boards() {
        let mut rater = Rater::empty();
        assert_eq!(rater.progress(), RateProgress::Pending);
        assert_eq!(
            rater.run(u32::MAX),
            RateProgress::Failed(LogicError::MultipleSolutions)
        );
        assert_eq!(Board::EMPTY.rate(), Err(LogicError::MultipleSolutions));
        let mut cells = [0u8; 81];
        cells[..8].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
        cells[17] = 9;
        let dead = Board::from_cells(cells).unwrap_or(Board::EMPTY);
        rater.reset(&dead);
        let expected = dead.rate().err().map(RateProgress::Failed);
        assert_eq!(Some(rater.run(u32::MAX)), expected);
        assert_eq!(
            expected,
            Some(RateProgress::Failed(LogicError::NoCandidates { cell: 8 }))
        );
    }

    /// The state is the solver's and the path's, and little more.
    #[test]
    fn state_size_is_bounded() {
        let parts = core::mem::size_of::<Solver>() + core::mem::size_of::<Explain>();
        assert!(core::mem::size_of::<Rater>() <= parts + 300);
    }
}
