//! The search: an iterative, allocation-free backtracker with constraint propagation.
//!
//! State (all inline in [`Solver`], no heap, about 650 bytes):
//!
//! ```text
//! cells  [u8; 81]    0 = open, 1..=9 = placed digit
//! used   [u16; 27]   digits placed in each unit (rows 0..9, columns 9..18, boxes 18..27),
//!                    bit d-1 for digit d; a cell's candidates = !(row | col | box) & 0x1FF
//! open   [u8; 81]    open[..n_open] = the open cells; open[n_open..] = the cells the search
//!                    placed, most recent first (so undoing to a mark is a walk up the array)
//! frames [Frame; 81] one per guess still having untried digits: the cell, the untried
//!                    digits, and n_open before the guess (the mark to undo to)
//! ```
//!
//! Each node propagates to a fixed point (naked singles: a cell with one candidate; hidden
//! singles: a digit with one place in a unit), failing fast on a cell with no candidate or
//! a digit with no place. If cells remain open it guesses on the open cell with the fewest
//! candidates, lowest digit first. A guess fills at least one cell, so there are never more
//! than 81 frames, and the last untried digit of a frame is placed without keeping the
//! frame. The search is a loop over explicit state, so it can stop after any number of
//! steps and resume later ([`Solver::run`]).

use heapless::Vec;

use crate::board::{Board, BOX, CELLS, COL, ROW, UNIT_CELLS};
use crate::error::{Conflict, SolveError};

const ALL: u16 = 0x1FF;

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

#[derive(Clone, Copy, Debug)]
struct Frame {
    cell: u8,
    mark: u8,
    untried: u16,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Propagate,
    Backtrack,
    Exhausted,
}

enum Node {
    Contradiction,
    Solved,
    Branch { cell: u8, candidates: u16 },
}

enum Search {
    Found,
    Exhausted,
    Paused,
}

/// A search in progress over one puzzle. Its whole state lives inside the value (no heap,
/// no globals), so it can sit in a `static`, on a task's stack, or be moved between calls.
///
/// ```
/// use sudoku::{Board, Progress, Solver};
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
    cells: [u8; CELLS],
    used: [u16; 27],
    open: [u8; CELLS],
    pos: [u8; CELLS],
    n_open: u8,
    phase: Phase,
    frames: Vec<Frame, CELLS>,
    stats: Stats,
}

impl Solver {
    /// Starts a search over `board`.
    ///
    /// # Errors
    /// The [`Conflict`] if two givens repeat a digit in a unit.
    pub fn new(board: &Board) -> Result<Solver, Conflict> {
        if let Some(conflict) = board.conflict() {
            return Err(conflict);
        }
        let mut solver = Solver {
            cells: *board.cells(),
            used: [0; 27],
            open: [0; CELLS],
            pos: [0; CELLS],
            n_open: 0,
            phase: Phase::Propagate,
            frames: Vec::new(),
            stats: Stats::default(),
        };
        for cell in 0..CELLS {
            let digit = solver.cells[cell];
            if digit == 0 {
                solver.open[solver.n_open as usize] = cell as u8;
                solver.pos[cell] = solver.n_open;
                solver.n_open += 1;
            } else {
                let bit = 1 << (digit - 1);
                solver.used[ROW[cell] as usize] |= bit;
                solver.used[9 + COL[cell] as usize] |= bit;
                solver.used[18 + BOX[cell] as usize] |= bit;
            }
        }
        Ok(solver)
    }

    /// Runs to the first solution.
    ///
    /// # Errors
    /// [`SolveError::NoSolution`] if there is none (left).
    pub fn solve(&mut self) -> Result<Board, SolveError> {
        loop {
            match self.search(u32::MAX) {
                Search::Found => return Ok(self.board()),
                Search::Exhausted => return Err(SolveError::NoSolution),
                Search::Paused => {}
            }
        }
    }

    /// Counts the solutions (from where the search stands), stopping at `limit`.
    pub fn count(&mut self, limit: u32) -> u32 {
        let mut found = 0;
        while found < limit {
            match self.search(u32::MAX) {
                Search::Found => found += 1,
                Search::Exhausted => break,
                Search::Paused => {}
            }
        }
        found
    }

    /// Advances the search by at most `budget` steps (see [`Stats::steps`]). One step
    /// costs at most one propagation to a fixed point (at most 81 placements).
    pub fn run(&mut self, budget: u32) -> Progress {
        match self.search(budget) {
            Search::Found => Progress::Solved(self.board()),
            Search::Exhausted => Progress::NoSolution,
            Search::Paused => Progress::Pending,
        }
    }

    /// The board as the search has it now: the givens plus every digit placed so far.
    pub fn board(&self) -> Board {
        // Every cell holds 0..=9 by construction, so this cannot fail.
        Board::from_cells(self.cells).unwrap_or(Board::EMPTY)
    }

    /// How much work the search has done so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    fn search(&mut self, mut budget: u32) -> Search {
        loop {
            if budget == 0 {
                return Search::Paused;
            }
            budget -= 1;
            self.stats.steps = self.stats.steps.saturating_add(1);
            match self.phase {
                Phase::Exhausted => return Search::Exhausted,
                Phase::Propagate => match self.propagate() {
                    Node::Contradiction => self.phase = Phase::Backtrack,
                    Node::Solved => {
                        self.phase = Phase::Backtrack;
                        return Search::Found;
                    }
                    Node::Branch { cell, candidates } => {
                        let frame = Frame {
                            cell,
                            mark: self.n_open,
                            untried: candidates,
                        };
                        if self.frames.push(frame).is_err() {
                            // Unreachable: every frame fills at least one of the 81 cells.
                            self.phase = Phase::Exhausted;
                            return Search::Exhausted;
                        }
                        self.stats.max_depth = self.stats.max_depth.max(self.frames.len() as u8);
                        self.next_guess();
                    }
                },
                Phase::Backtrack => self.next_guess(),
            }
        }
    }

    /// Undoes the top frame's last guess and places its next untried digit, dropping the
    /// frame once its last digit is placed (that placement is then undone with the parent).
    fn next_guess(&mut self) {
        let Some(frame) = self.frames.last_mut() else {
            self.phase = Phase::Exhausted;
            return;
        };
        let Frame {
            cell,
            mark,
            untried,
            ..
        } = *frame;
        let bit = untried & untried.wrapping_neg();
        frame.untried = untried & !bit;
        if frame.untried == 0 {
            self.frames.pop();
        }
        self.undo_to(mark);
        self.stats.guesses = self.stats.guesses.saturating_add(1);
        self.place(cell as usize, bit);
        self.phase = Phase::Propagate;
    }

    #[inline(always)]
    fn candidates(&self, cell: usize) -> u16 {
        !(self.used[ROW[cell] as usize]
            | self.used[9 + COL[cell] as usize]
            | self.used[18 + BOX[cell] as usize])
            & ALL
    }

    /// Places the digit `bit` (a single bit) in the open `cell` and moves the cell to the
    /// front of the placed part of `open`.
    #[inline(always)]
    fn place(&mut self, cell: usize, bit: u16) {
        self.cells[cell] = bit.trailing_zeros() as u8 + 1;
        self.used[ROW[cell] as usize] |= bit;
        self.used[9 + COL[cell] as usize] |= bit;
        self.used[18 + BOX[cell] as usize] |= bit;
        let last = self.n_open as usize - 1;
        let here = self.pos[cell] as usize;
        let moved = self.open[last];
        self.open[here] = moved;
        self.pos[moved as usize] = here as u8;
        self.open[last] = cell as u8;
        self.pos[cell] = last as u8;
        self.n_open -= 1;
    }

    /// Reopens every cell placed since `n_open` was `mark`.
    fn undo_to(&mut self, mark: u8) {
        for i in self.n_open as usize..mark as usize {
            let cell = self.open[i] as usize;
            let bit = !(1u16 << (self.cells[cell] - 1));
            self.used[ROW[cell] as usize] &= bit;
            self.used[9 + COL[cell] as usize] &= bit;
            self.used[18 + BOX[cell] as usize] &= bit;
            self.cells[cell] = 0;
        }
        self.n_open = mark;
    }

    /// Propagates singles to a fixed point and says what the node is.
    fn propagate(&mut self) -> Node {
        loop {
            let mut placed = false;
            let mut best_count = u32::MAX;
            let mut best = (0u8, 0u16);
            // Walk down so that `place` (which swaps the last open cell into this slot)
            // never skips a cell.
            let mut i = self.n_open as usize;
            while i > 0 {
                i -= 1;
                let cell = self.open[i] as usize;
                let candidates = self.candidates(cell);
                if candidates & candidates.wrapping_sub(1) == 0 {
                    if candidates == 0 {
                        return Node::Contradiction;
                    }
                    self.place(cell, candidates);
                    placed = true;
                } else if !placed {
                    let count = candidates.count_ones();
                    if count < best_count {
                        best_count = count;
                        best = (cell as u8, candidates);
                    }
                }
            }
            if self.n_open == 0 {
                return Node::Solved;
            }
            if placed {
                continue;
            }
            match self.hidden_singles() {
                None => return Node::Contradiction,
                Some(true) => continue,
                Some(false) => {
                    return Node::Branch {
                        cell: best.0,
                        candidates: best.1,
                    }
                }
            }
        }
    }

    /// Places every digit that has exactly one open cell left in some unit. Returns
    /// `Some(placed_any)`, or `None` on a contradiction (a digit with no place in a unit,
    /// or one cell that is the only place for two digits).
    fn hidden_singles(&mut self) -> Option<bool> {
        let mut placed = false;
        for (unit, cells) in UNIT_CELLS.iter().enumerate() {
            let used = self.used[unit];
            if used == ALL {
                continue;
            }
            let (mut once, mut twice) = (0u16, 0u16);
            for &cell in cells {
                if self.cells[cell as usize] == 0 {
                    let candidates = self.candidates(cell as usize);
                    twice |= once & candidates;
                    once |= candidates;
                }
            }
            if once | used != ALL {
                return None;
            }
            let mut hidden = once & !twice;
            for &cell in cells {
                if hidden == 0 {
                    break;
                }
                let cell = cell as usize;
                if self.cells[cell] != 0 {
                    continue;
                }
                let here = self.candidates(cell) & hidden;
                if here != 0 {
                    if here & (here - 1) != 0 {
                        return None;
                    }
                    self.place(cell, here);
                    hidden &= !here;
                    placed = true;
                }
            }
            if hidden != 0 {
                return None;
            }
        }
        Some(placed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        Board::parse(text.as_bytes()).unwrap()
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
    fn state_size_is_bounded() {
        assert!(core::mem::size_of::<Solver>() <= 700);
    }
}
