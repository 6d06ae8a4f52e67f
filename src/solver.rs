//! The search: an iterative, allocation-free backtracker with constraint propagation.
//!
//! Two engines sit behind one API; a build uses exactly one, so [`Solver`], [`Board::solve`]
//! and [`Board::count_solutions`] always agree:
//!
//! - `bands` (feature `fast`, on by default): per-digit band bitboards with locked
//!   candidates by table lookup and a 120-byte state copy per guess. About 10 KiB of state
//!   and 8.8 KiB of tables; 8-12x fewer instructions on hard puzzles.
//! - `compact` (`default-features = false`, for microcontrollers): candidates derived from
//!   row/column/box masks, naked and hidden singles, undo by trail. About 730 bytes of
//!   state and no tables.
//!
//! Both propagate to a fixed point, fail fast on a contradiction, and keep their guesses on
//! an explicit stack of at most 81 frames: no recursion, no allocation, no globals, and the
//! search can stop after any number of steps and resume later ([`Solver::run`]). The step
//! loop (budget, step count, whether to propagate or backtrack next) lives here, once, in a
//! driver generic over the engine; an engine only propagates and branches (`expand`) and
//! moves to its next guess (`next_guess`). The tests compile both engines and check that
//! they agree on every committed sample puzzle.
//!
//! [`Board::solve`]: crate::Board::solve
//! [`Board::count_solutions`]: crate::Board::count_solutions

#[cfg(feature = "fast")]
mod band_tables;
#[cfg(feature = "fast")]
mod bands;
// Also in the tests of a `fast` build, which check that the two engines agree.
#[cfg(any(test, not(feature = "fast")))]
mod compact;
mod matching;

#[cfg(feature = "fast")]
use bands::Engine;
#[cfg(not(feature = "fast"))]
pub(crate) use compact::Engine;

/// The guess count at which an engine's strong search restarts next, after `restarts`
/// restarts and `guesses` guesses: the budget doubles from `first`, and the 20th restart's
/// phase runs to the end (`u32::MAX`: never restart again), so that a search always ends.
fn restart_limit(restarts: u8, guesses: u32, first: u32) -> u32 {
    match restarts {
        20.. => u32::MAX,
        _ => guesses.saturating_add(first << restarts),
    }
}

/// What the step loop asks of an engine (see the module docs).
pub(crate) trait Propagate {
    /// Restarts on the board of `grid`'s cells (0..=9 in the low 4 bits) with those that
    /// have a bit of `blank` set emptied; true if two givens may share a digit in a unit.
    /// A board's cells with `blank` = 0, or a generator's grid, which keeps its solution
    /// and its puzzle in one (so a check starts without a board on the stack).
    fn reset_grid(&mut self, grid: &[u8; CELLS], blank: u8) -> bool;
    /// Propagates to a fixed point and, at a branch, places a first guess.
    fn expand(&mut self) -> Expand;
    /// Moves to the next untried guess; false when none is left.
    fn next_guess(&mut self) -> bool;
    /// The givens plus every digit placed so far.
    fn board(&self) -> Board;
    /// The engine's counters (its `steps` are the step loop's).
    fn stats(&self) -> Stats;
    /// Takes `digit` (1..=9) from the candidates of the open `cell`, right after a reset:
    /// the search then looks only for solutions without it there. False if that leaves
    /// nothing to search.
    fn exclude(&mut self, cell: usize, digit: u8) -> bool;
}

/// Implements [`Propagate`] by the engine's own methods of the same names.
macro_rules! propagate_by_inherent_methods {
    ($engine:ty) => {
        impl Propagate for $engine {
            #[inline(always)]
            fn reset_grid(&mut self, grid: &[u8; CELLS], blank: u8) -> bool {
                <$engine>::reset_grid(self, grid, blank)
            }
            #[inline(always)]
            fn expand(&mut self) -> Expand {
                <$engine>::expand(self)
            }
            #[inline(always)]
            fn next_guess(&mut self) -> bool {
                <$engine>::next_guess(self)
            }
            #[inline(always)]
            fn board(&self) -> Board {
                <$engine>::board(self)
            }
            #[inline(always)]
            fn stats(&self) -> Stats {
                <$engine>::stats(self)
            }
            #[inline(always)]
            fn exclude(&mut self, cell: usize, digit: u8) -> bool {
                <$engine>::exclude(self, cell, digit)
            }
        }
    };
}

#[cfg(feature = "fast")]
propagate_by_inherent_methods!(bands::Engine);
#[cfg(any(test, not(feature = "fast")))]
propagate_by_inherent_methods!(compact::Engine);

use crate::board::{Board, CELLS};
use crate::error::{Conflict, SolveError};

impl Board {
    /// Solves the puzzle, returning the first solution the (deterministic) search finds.
    ///
    /// # Errors
    /// [`SolveError::Conflict`] if two givens repeat a digit in a unit,
    /// [`SolveError::NoSolution`] if the givens are consistent but cannot be completed.
    pub fn solve(&self) -> Result<Board, SolveError> {
        self.solve_with_stats().0
    }

    /// Like [`Board::solve`], and also reports how much search it took.
    pub fn solve_with_stats(&self) -> (Result<Board, SolveError>, Stats) {
        let mut solver = Solver::empty();
        if let Err(conflict) = solver.reset(self) {
            return (Err(SolveError::Conflict(conflict)), Stats::EMPTY);
        }
        let result = solver.solve();
        (result, solver.stats())
    }

    /// Counts the solutions, stopping at `limit`: the result is in `0..=limit`. With
    /// `limit = 2`, 0 / 1 / 2 means unsolvable / unique / ambiguous. Conflicting givens count
    /// as 0 solutions. Beware that a grid with few givens has astronomically many
    /// solutions: the time grows with `limit`, about 3 steps per solution (counting the
    /// empty grid's to `u32::MAX` would take hours); to bound the time, count with
    /// [`Solver::run`] and a budget of steps.
    pub fn count_solutions(&self, limit: u32) -> u32 {
        let mut solver = Solver::empty();
        match solver.reset(self) {
            Ok(()) => solver.count(limit),
            Err(_) => 0,
        }
    }

    /// True if the puzzle has exactly one solution.
    pub fn has_unique_solution(&self) -> bool {
        self.count_solutions(2) == 1
    }
}

/// Counters that describe how hard a search was.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Digits tried on a cell that had more than one candidate (saturates at `u32::MAX`).
    pub guesses: u32,
    /// Search steps taken: one per propagation to a fixed point and one per backtrack
    /// (saturates at `u32::MAX`). This is the unit of the budget given to [`Solver::run`].
    pub steps: u32,
    /// The deepest the guess stack went (at most 81).
    pub max_depth: u8,
}

impl Stats {
    /// All counters zero.
    pub const EMPTY: Stats = Stats {
        guesses: 0,
        steps: 0,
        max_depth: 0,
    };
}

/// What [`Solver::run`] reached within its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// A solution; calling [`Solver::run`] again continues to the next one.
    Solved(Board),
    /// The search space is exhausted: no (further) solution exists.
    NoSolution,
    /// The budget ran out first; call [`Solver::run`] again to go on.
    Pending,
}

/// How a call of [`Solver::search`] ended.
pub(crate) enum Search {
    Found,
    Exhausted,
    Paused,
}

/// What an engine's propagation step found (the engine pushes the branch itself).
pub(crate) enum Expand {
    /// A cell with no candidate or a digit with no place: backtrack.
    Contradiction,
    /// Every cell is filled.
    Solved,
    /// A guess was pushed and its first digit placed.
    Branched,
    /// The guess stack is full (unreachable: each frame fills one of the 81 cells).
    Exhausted,
}

/// Where the search stands between two steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Propagate,
    Backtrack,
    Exhausted,
}

/// A search in progress over one puzzle. Its whole state lives inside the value (no heap,
/// no globals), so it can sit in a `static`, on a task's stack, or be moved between calls.
///
/// ```
/// use sudoku81::{Board, Progress, Solver};
/// let board = Board::parse(
///     b"..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
/// )?;
/// let mut solver = Solver::new(&board)?;
/// let solution = loop {
///     match solver.run(10) {            // at most 10 steps per call
///         Progress::Solved(s) => break s,
///         Progress::NoSolution => unreachable!(),
///         Progress::Pending => { /* do other work */ }
///     }
/// };
/// assert!(solution.is_solved() && board.is_contained_in(&solution));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    driver: Driver<Engine>,
}

/// The step loop over any engine: [`Solver`] is this over the build's engine.
#[derive(Clone, Debug)]
struct Driver<E> {
    engine: E,
    phase: Phase,
    steps: u32,
}

impl Solver {
    /// Starts a search over `board`.
    ///
    /// # Errors
    /// The [`Conflict`] if two givens repeat a digit in a unit.
    pub fn new(board: &Board) -> Result<Solver, Conflict> {
        let mut solver = Solver::empty();
        solver.reset(board)?;
        Ok(solver)
    }

    /// A search over the empty board, ready to run: the starting value for
    /// [`Solver::reset`], which restarts it in place on a puzzle. A `const fn`, so it can
    /// initialise a `static`; called at run time it writes only the fields in use, not the
    /// engine's unused frame storage (10 KiB with the `fast` engine).
    #[inline(always)]
    pub const fn empty() -> Solver {
        Solver {
            driver: Driver::new(Engine::empty()),
        }
    }

    /// Restarts this solver, in place, on `board`: the same as `*self = Solver::new(board)?`
    /// without building a second solver state on the stack (it is about 10 KiB with the
    /// `fast` engine, 730 bytes without).
    ///
    /// # Errors
    /// The [`Conflict`] if two givens repeat a digit in a unit; the solver is then left
    /// exhausted (`run` says [`Progress::NoSolution`]) until the next successful reset.
    #[inline(always)]
    pub fn reset(&mut self, board: &Board) -> Result<(), Conflict> {
        self.driver.reset(board)
    }

    /// Runs to the first solution.
    ///
    /// # Errors
    /// [`SolveError::NoSolution`] if there is none (left).
    pub fn solve(&mut self) -> Result<Board, SolveError> {
        self.driver.solve()
    }

    /// Counts the solutions (from where the search stands), stopping at `limit`. The time
    /// grows with `limit`, as for [`Board::count_solutions`].
    pub fn count(&mut self, limit: u32) -> u32 {
        self.driver.count(limit)
    }

    /// Advances the search by at most `budget` steps (see [`Stats::steps`]). One step
    /// costs at most one propagation to a fixed point (at most 81 placements). Once it has
    /// returned [`Progress::NoSolution`] (or [`Solver::reset`] found conflicting givens),
    /// it returns that again for any budget, 0 included, without taking a step.
    pub fn run(&mut self, budget: u32) -> Progress {
        self.driver.run(budget)
    }

    /// The compact engine, on which the generator fills its grid (see the engine's
    /// `open_candidates_at` and the fill's methods after it).
    #[cfg(not(feature = "fast"))]
    pub(crate) fn engine(&mut self) -> &mut Engine {
        &mut self.driver.engine
    }

    /// As [`Solver::run`], without building the board of a solution it reaches: for a
    /// caller that only needs to know whether there is one.
    pub(crate) fn search(&mut self, budget: u32) -> Search {
        self.driver.search(budget)
    }

    /// Restarts on the puzzle of `grid` (see [`Propagate::reset_grid`]) and searches only
    /// for solutions without `digit` in `cell` (an open cell; 1..=9): what a generator's
    /// uniqueness check needs, as a puzzle that was unique before `cell` was blanked is
    /// still unique if and only if nothing is found. False, with nothing to search, if two
    /// givens share a digit in a unit.
    pub(crate) fn reset_excluding(
        &mut self,
        grid: &[u8; CELLS],
        blank: u8,
        cell: usize,
        digit: u8,
    ) -> bool {
        self.driver.reset_excluding(grid, blank, cell, digit)
    }

    /// Restarts on a pencil-mark grid: every cell open, digit `d` (0..9) allowed only in
    /// the cells of `places[3 * d + band]` (bit `9 * row + column` of the band's rows), so
    /// that the logic engine counts a pencil-mark grid's solutions with this search, its
    /// propagation and its bounds, rather than a search of its own.
    #[cfg(feature = "fast")]
    pub(crate) fn reset_places(&mut self, places: &[u32; 27]) {
        self.driver.phase = Phase::Propagate;
        self.driver.steps = 0;
        self.driver.engine.reset_places(places);
    }

    /// The board as the search has it now: the givens plus every digit placed so far.
    pub fn board(&self) -> Board {
        self.driver.board()
    }

    /// How much work the search has done so far.
    pub fn stats(&self) -> Stats {
        self.driver.stats()
    }
}

impl<E: Propagate> Driver<E> {
    /// A driver that will propagate `engine` first.
    #[inline(always)]
    const fn new(engine: E) -> Driver<E> {
        Driver {
            engine,
            phase: Phase::Propagate,
            steps: 0,
        }
    }

    /// As [`Solver::reset`].
    #[inline(always)]
    fn reset(&mut self, board: &Board) -> Result<(), Conflict> {
        self.phase = Phase::Propagate;
        self.steps = 0;
        if self.engine.reset_grid(board.cells(), 0) {
            // The engine's screen is exact, so this always finds the pair.
            if let Some(conflict) = board.conflict() {
                self.phase = Phase::Exhausted;
                return Err(conflict);
            }
        }
        Ok(())
    }

    /// As [`Solver::reset_excluding`].
    #[inline(always)]
    fn reset_excluding(&mut self, grid: &[u8; CELLS], blank: u8, cell: usize, digit: u8) -> bool {
        self.steps = 0;
        // The engine's screen for conflicts is exact.
        let consistent = !self.engine.reset_grid(grid, blank);
        self.phase = if consistent && self.engine.exclude(cell, digit) {
            Phase::Propagate
        } else {
            Phase::Exhausted
        };
        consistent
    }

    /// As [`Solver::solve`].
    fn solve(&mut self) -> Result<Board, SolveError> {
        loop {
            match self.search(u32::MAX) {
                Search::Found => return Ok(self.board()),
                Search::Exhausted => return Err(SolveError::NoSolution),
                Search::Paused => {}
            }
        }
    }

    /// As [`Solver::count`].
    fn count(&mut self, limit: u32) -> u32 {
        let mut found = 0;
        while found < limit && self.phase != Phase::Exhausted {
            match self.search(u32::MAX) {
                Search::Found => found += 1,
                Search::Exhausted => break,
                Search::Paused => {}
            }
        }
        found
    }

    /// As [`Solver::run`].
    fn run(&mut self, budget: u32) -> Progress {
        // Once exhausted, it stays so at no step's cost, whatever the budget.
        if self.phase == Phase::Exhausted {
            return Progress::NoSolution;
        }
        match self.search(budget) {
            Search::Found => Progress::Solved(self.board()),
            Search::Exhausted => Progress::NoSolution,
            Search::Paused => Progress::Pending,
        }
    }

    /// As [`Solver::board`].
    fn board(&self) -> Board {
        self.engine.board()
    }

    /// As [`Solver::stats`].
    fn stats(&self) -> Stats {
        Stats {
            steps: self.steps,
            ..self.engine.stats()
        }
    }

    /// Takes at most `budget` steps: a propagation (with the guess that may follow) or a
    /// backtrack to the next untried digit.
    fn search(&mut self, mut budget: u32) -> Search {
        loop {
            if budget == 0 {
                return Search::Paused;
            }
            budget -= 1;
            self.steps = self.steps.saturating_add(1);
            match self.phase {
                Phase::Exhausted => return Search::Exhausted,
                Phase::Propagate => match self.engine.expand() {
                    Expand::Contradiction => self.phase = Phase::Backtrack,
                    Expand::Solved => {
                        self.phase = Phase::Backtrack;
                        return Search::Found;
                    }
                    Expand::Branched => {}
                    Expand::Exhausted => {
                        self.phase = Phase::Exhausted;
                        return Search::Exhausted;
                    }
                },
                Phase::Backtrack => {
                    self.phase = if self.engine.next_guess() {
                        Phase::Propagate
                    } else {
                        Phase::Exhausted
                    };
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both engines, driven by the same step loop, agree on every puzzle of the committed
    /// samples: the same count (up to 2), and each finds a valid solution that keeps the
    /// givens whenever there is one. (A build uses one engine; the tests compile both.)
    #[cfg(feature = "fast")]
    #[test]
    fn the_two_engines_agree() {
        extern crate std;
        use sudoku81_testkit::reference::is_valid_solution;
        let dir = sudoku81_testkit::data::sample_dir();
        let mut files: std::vec::Vec<_> = std::fs::read_dir(&dir)
            .expect("tests/data")
            .map(|entry| entry.expect("a directory entry").path())
            .filter(|path| path.extension().is_some_and(|e| e == "txt"))
            .collect();
        files.sort();
        let (mut puzzles, mut counted) = (0, [0u32; 3]);
        for path in files {
            let text = std::fs::read_to_string(&path).expect("a sample file");
            for line in text.lines().filter(|l| !l.trim().is_empty()) {
                let Ok(board) = crate::parse::parse_cells(line.as_bytes()) else {
                    panic!("{}: not a puzzle: {line}", path.display());
                };
                let mut fast = Driver::new(bands::Engine::empty());
                let mut compact = Driver::new(compact::Engine::empty());
                let fast_ok = fast.reset(&board);
                assert_eq!(fast_ok, compact.reset(&board), "{line}");
                if fast_ok.is_err() {
                    continue;
                }
                let (fast_first, compact_first) = (fast.solve(), compact.solve());
                for solution in [fast_first, compact_first].into_iter().flatten() {
                    assert!(is_valid_solution(board.cells(), solution.cells()), "{line}");
                }
                let found = u32::from(fast_first.is_ok());
                let count = found + fast.count(2 - found);
                let found = u32::from(compact_first.is_ok());
                assert_eq!(count, found + compact.count(2 - found), "{line}");
                counted[count as usize] += 1;
                puzzles += 1;
            }
        }
        assert!(puzzles > 1000, "{puzzles} puzzles");
        assert!(
            counted.iter().all(|&n| n > 10),
            "{counted:?} with 0, 1, 2 solutions"
        );
    }

    /// A puzzle with one given blanked and its solution's digit excluded there has no
    /// solution exactly when the puzzle without that given is still unique, in both engines
    /// (the generator's uniqueness check).
    #[cfg(feature = "fast")]
    #[test]
    fn excluding_a_digit_decides_uniqueness_in_both_engines() {
        let (_, kaggle) = sudoku81_testkit::data::puzzles("kaggle_sample");
        let (_, hard) = sudoku81_testkit::data::puzzles("top1465");
        let lines = kaggle.iter().take(40).chain(hard.iter().take(20));
        let (mut unique, mut ambiguous) = (0, 0);
        for (n, line) in lines.enumerate() {
            let puzzle = board(line);
            let solution = puzzle.solve().unwrap();
            for cell in (0..CELLS)
                .filter(|&c| puzzle.cells()[c] != 0)
                .skip(n % 3)
                .step_by(3)
            {
                let mut cells = *puzzle.cells();
                cells[cell] = 0;
                let without = Board::from_cells(cells).unwrap();
                let expected = sudoku81_testkit::reference::reference_count(&cells, 2) == 1;
                let digit = solution.cells()[cell];
                // The cell blanked by the flag that the generator uses.
                let mut grid = *puzzle.cells();
                grid[cell] |= 0x10;
                let mut fast = Driver::new(bands::Engine::empty());
                let mut compact = Driver::new(compact::Engine::empty());
                assert!(fast.reset_excluding(&grid, 0x10, cell, digit));
                assert!(compact.reset_excluding(&grid, 0x10, cell, digit));
                for other in [fast.solve(), compact.solve()] {
                    assert_eq!(other.is_err(), expected, "{line}, cell {cell}");
                    if let Ok(other) = other {
                        assert!(without.is_contained_in(&other) && other.is_solved());
                        assert_ne!(other.cells()[cell], digit);
                    }
                }
                if expected {
                    unique += 1;
                } else {
                    ambiguous += 1;
                }
            }
        }
        assert!(
            unique > 50 && ambiguous > 50,
            "{unique} unique, {ambiguous} ambiguous"
        );
    }

    fn board(text: &str) -> Board {
        Board::parse(text.as_bytes()).unwrap()
    }

    /// The compact engine's strong mode, with either choice of guess (cells by weight, or a
    /// digit's places in a unit), counts what the reference counts, up to 30, on hard
    /// puzzles and puzzles without solution, as they are, with givens taken away (several
    /// solutions, or one) and with a given changed (often none); every solution it reports
    /// is valid.
    #[test]
    fn the_compact_strong_mode_counts_what_the_reference_counts() {
        extern crate std;
        let (_, hard) = sudoku81_testkit::data::puzzles("top1465");
        let (_, none) = sudoku81_testkit::data::puzzles("no_solution");
        let mut seen = [0u32; 3];
        for (n, line) in hard.iter().take(60).chain(none.iter()).enumerate() {
            let Ok(parsed) = crate::parse::parse_cells(line.as_bytes()) else {
                panic!("not a puzzle: {line}");
            };
            let mut cells = *parsed.cells();
            let givens: std::vec::Vec<usize> = (0..CELLS).filter(|&c| cells[c] != 0).collect();
            let cell = givens[n % givens.len()];
            match n % 4 {
                0 => {}
                1 => cells[cell] = 0,
                2 => {
                    for &cell in givens.iter().skip(n % 4).step_by(4) {
                        cells[cell] = 0;
                    }
                }
                _ => {
                    // Another digit that no peer holds, if there is one.
                    let given = cells[cell];
                    for digit in (1..=9).filter(|&d| d != given) {
                        cells[cell] = digit;
                        if Board::from_cells(cells).is_ok_and(|b| b.conflict().is_none()) {
                            break;
                        }
                    }
                }
            }
            let Ok(puzzle) = Board::from_cells(cells) else {
                continue;
            };
            if puzzle.conflict().is_some() {
                continue;
            }
            let expected = sudoku81_testkit::reference::reference_count(&cells, 30) as u32;
            seen[expected.min(2) as usize] += 1;
            for restarts in [1, 2] {
                let mut compact = Driver::new(compact::Engine::empty());
                assert!(compact.reset(&puzzle).is_ok());
                compact.engine.force_strong(restarts);
                let first = compact.solve();
                if let Ok(solution) = first {
                    let valid = sudoku81_testkit::reference::is_valid_solution(
                        puzzle.cells(),
                        solution.cells(),
                    );
                    assert!(valid, "{line}");
                }
                let found = u32::from(first.is_ok());
                let count = found + compact.count(30 - found);
                assert_eq!(count, expected, "{line}, choice {restarts}");
            }
        }
        assert!(
            seen.iter().all(|&n| n >= 5),
            "{seen:?} with 0, 1, 2+ solutions"
        );
    }

    #[test]
    fn solves_and_keeps_givens() {
        let b = board(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        );
        let s = b.solve().unwrap();
        assert!(s.is_solved());
        assert!(b.is_contained_in(&s));
        assert_eq!(b.count_solutions(u32::MAX), 1);
    }

    #[test]
    fn empty_board_counts_to_the_limit() {
        assert_eq!(Board::EMPTY.count_solutions(0), 0);
        assert_eq!(Board::EMPTY.count_solutions(1), 1);
        assert_eq!(Board::EMPTY.count_solutions(1000), 1000);
        assert!(Board::EMPTY.solve().unwrap().is_solved());
    }

    #[test]
    fn full_board_is_its_own_solution() {
        let s = Board::EMPTY.solve().unwrap();
        assert_eq!(s.solve(), Ok(s));
        assert_eq!(s.count_solutions(10), 1);
    }

    #[test]
    fn no_solution_is_reported() {
        // Consistent givens, but r1c9 has no candidate (1..8 in its row, 9 in its column).
        let b = board(
            "12345678.........9...............................................................",
        );
        assert_eq!(b.solve(), Err(SolveError::NoSolution));
        assert_eq!(b.count_solutions(3), 0);
    }

    #[test]
    fn resumable_run_matches_solve() {
        let b = board(
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        );
        let expected = b.solve().unwrap();
        let mut solver = Solver::new(&b).unwrap();
        let mut calls = 0;
        let got = loop {
            calls += 1;
            match solver.run(1) {
                Progress::Solved(s) => break s,
                Progress::NoSolution => panic!("no solution"),
                Progress::Pending => {}
            }
        };
        assert_eq!(got, expected);
        assert!(calls > 1);
        assert_eq!(solver.run(u32::MAX), Progress::NoSolution);
        assert!(solver.stats().guesses > 0);
    }

    #[test]
    fn every_kind_of_conflict_is_reported() {
        // Pairs of cells sharing a row, a column (in one band and across bands) or a box.
        let pairs = [
            (0, 8),
            (3, 5),
            (0, 9),
            (4, 76),
            (30, 48),
            (80, 60),
            (40, 41),
            (2, 20),
        ];
        for (a, b) in pairs {
            let mut cells = [0u8; 81];
            cells[a] = 7;
            cells[b] = 7;
            cells[(a + 40) % 81] = if (a + 40) % 81 == b { 7 } else { 3 };
            let board = Board::from_cells(cells).unwrap();
            let expected = board.conflict().expect("a conflict");
            assert_eq!(
                Solver::new(&board).err(),
                Some(expected),
                "cells {a} and {b}"
            );
            assert_eq!(board.count_solutions(5), 0);
        }
        // Same digit in different rows, columns and boxes: no conflict.
        let mut cells = [0u8; 81];
        cells[0] = 7;
        cells[40] = 7;
        cells[80] = 7;
        assert!(Solver::new(&Board::from_cells(cells).unwrap()).is_ok());
    }

    #[test]
    fn reset_reuses_a_solver() {
        let hard = board(
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        );
        let mut solver = Solver::empty();
        assert!(matches!(solver.run(u32::MAX), Progress::Solved(s) if s.is_solved()));
        solver.reset(&hard).unwrap();
        assert_eq!(solver.stats(), Stats::EMPTY);
        assert_eq!(solver.solve(), hard.solve());
        let mut cells = *hard.cells();
        cells[0] = 8;
        let clash = Board::from_cells(cells).unwrap();
        assert_eq!(solver.reset(&clash), Err(clash.conflict().unwrap()));
        assert_eq!(solver.run(0), Progress::NoSolution);
        assert_eq!(solver.run(u32::MAX), Progress::NoSolution);
        solver.reset(&hard).unwrap();
        assert_eq!(solver.count(5), 1);
    }

    /// A finished search says so for any budget, 0 included, and takes no more steps: a
    /// loop that runs while the answer is `Pending` ends whatever budget it passes.
    #[test]
    fn an_exhausted_search_stays_exhausted_at_no_cost() {
        for line in [
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
            "...4.......2..9............59..7.............6.........5732.8...6..............9.",
        ] {
            let mut solver = Solver::new(&board(line)).unwrap();
            while solver.run(1) != Progress::NoSolution {}
            let stats = solver.stats();
            for budget in [0, 1, u32::MAX] {
                assert_eq!(solver.run(budget), Progress::NoSolution, "{line}");
                assert_eq!(solver.count(3), 0, "{line}");
            }
            assert_eq!(solver.stats(), stats, "{line}");
        }
    }

    #[test]
    fn state_size_is_bounded() {
        // The compact engine: 744 bytes on x86-64 (732 on 32-bit targets), of which 72 are
        // the strong mode's (a weight per unit, the restart budget).
        let limit = if cfg!(feature = "fast") {
            11 * 1024
        } else {
            768
        };
        let size = core::mem::size_of::<Solver>();
        assert!(size <= limit, "{size}");
    }
}
