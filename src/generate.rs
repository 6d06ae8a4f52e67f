//! Puzzle generation: a random complete grid, then givens removed while the puzzle keeps
//! exactly one solution. No allocation, no globals, resumable in bounded slices.
//!
//! The procedure, which fixes the output for given random numbers, is in [`Generator`]'s
//! docs.

use core::ops::{Deref, DerefMut};

use rand_core::Rng;

use crate::board::{Board, CELLS};
use crate::logic::{Level, LogicError, Rating};
#[cfg(not(feature = "fast"))]
use crate::solver::Engine;
use crate::solver::{Search, Solver};

mod options;
mod random;
mod symmetry;
mod unavoidable;

pub use options::{GenProgress, GenerateError, Options, DEFAULT_ATTEMPTS, MIN_GIVENS};
use random::below;
pub use random::SplitMix64;
pub use symmetry::{Orbit, Symmetry};
use unavoidable::Unavoidable;

/// The distance between the seeds of two attempts of [`Board::generate_at_level`]:
/// attempt `n` of seed `s` is [`Board::generate`] of `s + n * LEVEL_SEED_STRIDE`
/// (wrapping), so that a program that must not block (a firmware with a watchdog) can
/// make the same attempts in slices with a [`Generator`] and a [`Rater`](crate::Rater).
/// The 64-bit golden ratio: odd, so every attempt of 2^64 gets its own seed.
pub const LEVEL_SEED_STRIDE: u64 = 0x9E37_79B9_7F4A_7C15;

/// The row, column and box (each `0..9`) of `cell`, `None` out of the grid. (The compact
/// build keeps no digits per unit: its fill runs on its solver's, see [`Work`].)
#[cfg(feature = "fast")]
const fn units_of(cell: usize) -> Option<[usize; 3]> {
    use crate::board::{BOX, COL, ROW};
    if cell >= CELLS {
        return None;
    }
    Some([ROW[cell] as usize, COL[cell] as usize, BOX[cell] as usize])
}

/// The digits (bits 1..=9) in the row, column and box of `cell`, by `used` (the digits
/// of each row, column and box); all of them for a cell out of range.
#[cfg(feature = "fast")]
fn in_units(used: &[[u16; 9]; 3], cell: usize) -> u16 {
    let Some(units) = units_of(cell) else {
        return 0x3FE;
    };
    let mut taken = 0;
    for (masks, unit) in used.iter().zip(units) {
        taken |= masks.get(unit).copied().unwrap_or(0x3FE);
    }
    taken
}

/// Adds (`on`) or takes away `digit` (1..=9; 0 changes nothing that is read) from the
/// row, column and box of `cell` in `used`.
#[cfg(feature = "fast")]
fn mark(used: &mut [[u16; 9]; 3], cell: usize, digit: u8, on: bool) {
    let bit = 1u16 << (digit & 15);
    let Some(units) = units_of(cell) else {
        return;
    };
    for (masks, unit) in used.iter_mut().zip(units) {
        if let Some(m) = masks.get_mut(unit) {
            *m = if on { *m | bit } else { *m & !bit };
        }
    }
}

/// Whether the givens of `grid` (the cells without [`BLANK`]), whose digits per unit are
/// `used`, force `digit` into the open `cell` (a naked or a hidden single): then no
/// solution has another digit there, and the generator's check needs no search.
#[cfg(feature = "fast")]
fn forced(used: &[[u16; 9]; 3], grid: &[u8; CELLS], cell: usize, digit: u8) -> bool {
    let bit = 1u16 << (digit & 15);
    if (in_units(used, cell) | bit | 1) == 0x3FF {
        return true;
    }
    if cell >= CELLS {
        return false;
    }
    let (row, col) = (cell / 9, cell % 9);
    let (top, left) = (row - row % 3, col - col % 3);
    // The rows, columns and boxes (bits 0..9) that hold the digit, and the open cells of
    // the cell's row, column and box (bits by place): bit operations, without branches on
    // the cells, which a predictor cannot guess.
    let [rows, cols, boxes] = used.each_ref().map(|masks| holding(masks, bit));
    let open = |p: usize| u16::from(is_blank(grid, p));
    let (mut in_row, mut in_col, mut in_box) = (0u16, 0u16, 0u16);
    for i in 0..9 {
        in_row |= open(9 * row + i) << i;
        in_col |= open(9 * i + col) << i;
        in_box |= open(9 * (top + i / 3) + left + i % 3) << i;
    }
    // Where the digit can go besides `cell`: open, and not held by the other two units.
    // (`spread` widens 3 bits to 3 groups of 3.)
    let spread =
        |three: u16| ((three & 1) * 7) | ((three >> 1 & 1) * 0o70) | ((three >> 2 & 1) * 0o700);
    let boxes_of_row = spread(boxes >> top);
    let boxes_of_col = spread(
        (boxes >> (left / 3)) & 1
            | (boxes >> (3 + left / 3) & 1) << 1
            | (boxes >> (6 + left / 3) & 1) << 2,
    );
    let rows_of_box = spread(rows >> top);
    let cols_of_box = (cols >> left & 7) * 0o111;
    let row_places = in_row & !cols & !boxes_of_row & !(1 << col);
    let col_places = in_col & !rows & !boxes_of_col & !(1 << row);
    let box_places = in_box & !rows_of_box & !cols_of_box & !(1 << (3 * (row % 3) + col % 3));
    row_places == 0 || col_places == 0 || box_places == 0
}

/// The number of bits set in `bits`. The compact build, where the fill counts candidates
/// in two places and a Cortex-M0 has no instruction for it, clears them one by one, out
/// of line: a loop of at most 9 rounds here, in 22 bytes less flash than `count_ones`.
/// (The technique engine's `count9`, with its 64-byte table, would add 40 bytes to a
/// firmware that generates but does not rate.)
#[cfg_attr(not(feature = "fast"), inline(never))]
fn ones(bits: u32) -> u32 {
    #[cfg(feature = "fast")]
    {
        bits.count_ones()
    }
    #[cfg(not(feature = "fast"))]
    {
        let (mut bits, mut n) = (bits, 0);
        while bits != 0 {
            bits &= bits - 1;
            n += 1;
        }
        n
    }
}

/// The units (bits 0..9) of `masks` (the digits of one kind of unit) that hold `bit`.
/// Out of line: inlined into [`forced`], it took about a quarter more instructions there.
#[cfg(feature = "fast")]
#[inline(never)]
fn holding(masks: &[u16; 9], bit: u16) -> u16 {
    (0..9).fold(0u16, |found, i| found | u16::from(masks[i] & bit != 0) << i)
}

/// The `k`-th smallest digit (from 0) of `digits` (bits 1..=9), where `k` is below their
/// number.
#[cfg(feature = "fast")]
fn nth_digit(digits: u16, k: u32) -> u8 {
    let mut bits = digits;
    for _ in 0..k {
        bits &= bits.wrapping_sub(1);
    }
    bits.trailing_zeros() as u8
}

/// The `k`-th lowest (from 0) of the bits set in `bits`, as a bit, where `k` is below
/// their number (0 if it is not). The compact build's `nth_digit`, by a loop: smaller
/// code than clearing `k` bits and counting trailing zeros, which takes a table on a
/// Cortex-M0.
#[cfg(not(feature = "fast"))]
fn nth_bit(bits: u16, k: u32) -> u16 {
    let (mut k, mut bit) = (k, 1u16);
    while bit != 0 {
        if bits & bit != 0 {
            if k == 0 {
                break;
            }
            k -= 1;
        }
        bit <<= 1;
    }
    bit
}

/// Where a generation stands between two steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Filling the grid: place a digit in the cell with the fewest candidates.
    Fill,
    /// Filling the grid: undo the latest placement and try another digit there.
    Backtrack,
    /// Shuffle the orbits.
    Shuffle,
    /// Pick the next orbit to try and start its uniqueness check.
    Pick,
    /// Search the current check's puzzle for a solution.
    Check,
    /// The check found none: start the orbit's next check, or blank the orbit.
    Refuted,
    /// Finished: the puzzle is the grid's cells without [`BLANK`].
    Done,
    /// Gave up: the target number of givens was not reached (see
    /// [`Generator::failure`]).
    Failed,
}

/// The candidate count of a filled cell in [`Generator`]'s fill: above any real count.
const FILLED: u8 = u8::MAX;

/// The flag of a cell of [`Generator`]'s solution grid that is blank in the puzzle (its
/// digit is in the low 4 bits).
const BLANK: u8 = 0x10;

/// Whether `cell` of the generator's solution `grid` is blank in the puzzle.
#[cfg(feature = "fast")]
fn is_blank(grid: &[u8; CELLS], cell: usize) -> bool {
    grid.get(cell).is_some_and(|&g| g & BLANK != 0)
}

/// One placement of the fill: the cell (bits 0..7) and the digits tried there (digit `d`
/// at bit `6 + d`), in two bytes. (The compact build's fill keeps its frames in its
/// solver, see [`Work`].)
#[cfg(feature = "fast")]
#[derive(Clone, Copy, Debug, Default)]
struct Frame(u16);

#[cfg(feature = "fast")]
impl Frame {
    /// `cell`, with nothing tried yet.
    const fn new(cell: u8) -> Frame {
        Frame(cell as u16 & 0x7F)
    }

    const fn cell(self) -> usize {
        (self.0 & 0x7F) as usize
    }

    /// The digits tried (bits 1..=9).
    const fn tried(self) -> u16 {
        self.0 >> 6 & 0x3FE
    }

    /// Records that `digit` (1..=9) was tried.
    fn try_digit(&mut self, digit: u8) {
        self.0 |= 1 << ((6 + digit) & 15);
    }
}

/// A value at a 4-byte-aligned address. The generator's byte arrays are kept so, because
/// zeroing them then takes the 4-byte `memset` that solving links anyway: an unaligned one
/// costs 192 more bytes of flash on a Cortex-M0.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(4))]
struct Aligned<T>(T);

impl<T> Deref for Aligned<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> DerefMut for Aligned<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

/// The orbit being checked: whole in the `fast` build, by its smallest cell in the compact
/// one, which computes it again for each check (7 bytes less state).
#[cfg(feature = "fast")]
type Current = Orbit;
#[cfg(not(feature = "fast"))]
type Current = u8;

/// The [`Current`] before the first pick.
#[cfg(feature = "fast")]
const NO_CURRENT: Current = Orbit {
    cells: [0; 4],
    len: 0,
};
#[cfg(not(feature = "fast"))]
const NO_CURRENT: Current = 0;

/// What the phase in progress works with (`fast` build): the fill's placements, or the
/// solver of the uniqueness checks. A fill never checks and a check never fills, so the two
/// share their memory.
#[cfg(feature = "fast")]
#[derive(Clone, Debug)]
// The solver is the state's point; the fill's frames are smaller.
#[allow(clippy::large_enum_variant)]
enum Work {
    /// One frame per placement of the fill.
    Fill([Frame; CELLS]),
    /// The solver of the checks.
    Check(Solver),
}

#[cfg(feature = "fast")]
impl Work {
    /// The fill's frames; none while checking.
    fn frames(&mut self) -> &mut [Frame] {
        match self {
            Work::Fill(frames) => frames,
            Work::Check(_) => &mut [],
        }
    }

    /// The checks' solver; none while filling.
    fn solver(&mut self) -> Option<&mut Solver> {
        match self {
            Work::Fill(_) => None,
            Work::Check(solver) => Some(solver),
        }
    }
}

/// What the phase in progress works with (compact build): one solver, whose engine also
/// holds the grid being filled, its digits per unit and the fill's frames (see
/// [`Generator::fill`]), so that the fill places and undoes digits with the solver's code.
/// None at the start of an attempt, where the first use makes one over the empty grid: a
/// new generator is then written in place, where a solver in it went through a copy on the
/// stack (732 bytes) when the C API built one in its caller's state.
#[cfg(not(feature = "fast"))]
#[derive(Clone, Debug)]
struct Work(Option<Solver>);

#[cfg(not(feature = "fast"))]
impl Work {
    /// The solver, made if there is none.
    fn solver(&mut self) -> Option<&mut Solver> {
        Some(self.made())
    }

    /// The solver, made over the empty grid if there is none. Out of line: one copy of the
    /// making for the fill's and the checks' uses.
    #[inline(never)]
    fn made(&mut self) -> &mut Solver {
        self.0.get_or_insert_with(Solver::empty)
    }
}

/// A puzzle being generated from the random source `R`. Its whole state lives inside the
/// value (no heap, no globals), like a [`Solver`]'s, which it contains: about 11 KiB with
/// the `fast` engine, under 1 KiB with the compact one.
///
/// [`Generator::run`] advances it by a step budget. A step is one of: one placement or
/// undo of the grid fill (a scan of the 81 cells), the shuffle of the orbits (at most 80
/// draws; with the `fast` engine, also a search of the grid's small unavoidable sets), the
/// start of one uniqueness check (the checked cells blanked in place, with the `fast`
/// engine a test for singles, and a [`Solver::reset`]), or one step of that check's
/// [`Solver`] (at most one propagation to a fixed point). So a call costs
/// at most `budget` times the largest of these; docs/generate.md gives measured figures.
///
/// # The procedure (fixed: the same random numbers give the same puzzle everywhere)
///
/// Random numbers are drawn only through bounded draws, each made from
/// `next_u32` calls of the caller's [`Rng`]. A draw of a number in `0..n`:
/// nothing is drawn when `n <= 1` (the answer is 0); otherwise `x = next_u32()` is drawn
/// until `x < 2^32 - (2^32 mod n)` and the answer is `x mod n` (unbiased; after 64
/// rejections in a row, which a working source never gives for `n <= 81`, the 64th `x mod
/// n` is taken, so a broken source cannot hang the generator).
///
/// One attempt:
///
/// 1. **The complete grid** (skipped when the options give one): a backtracking fill from
///    the empty grid. At each step the empty cell with the fewest candidates (lowest cell
///    number on a tie) gets a digit drawn uniformly from its candidates not yet tried there
///    (the `k`-th smallest, `k` drawn in `0..count`); a cell with no candidate undoes the
///    latest placement, which then draws another of its untried digits, or is undone too.
/// 2. **The order of removal**: the cells are grouped into orbits of the symmetry (a cell
///    and its images); the orbits, listed by their smallest cell in increasing order, are
///    shuffled by Fisher-Yates (for `i` from the last index down to 1, swap `i` with a
///    draw in `0..=i`).
/// 3. **Removal**: each orbit in that order is blanked if the puzzle stays unique (decided
///    exactly by the [`Solver`], which looks for a solution with another digit in one of
///    the orbit's cells, or, with the `fast` engine, without a search when blanking the
///    orbit would leave one of the grid's small unavoidable sets without a given: the
///    answer, and hence the puzzle, does not depend on the engine); with a target number
///    of givens, an orbit that would take
///    the count below the target is skipped, and the puzzle is done as soon as the count
///    equals the target. Without a target, once every orbit has been tried the puzzle is
///    **minimal**: blanking any remaining orbit makes it ambiguous (an orbit that could not
///    be blanked earlier cannot be later, as fewer givens only allow more solutions).
///
/// With a target not reached at the end of step 3, a new attempt starts from step 1 (or
/// from step 2 on the caller's grid), up to the options' number of attempts.
///
/// # Example
///
/// ```
/// use sudoku81::{GenProgress, Generator, Options, SplitMix64, Symmetry};
/// let options = Options::new().with_symmetry(Symmetry::Rot180);
/// let mut generator = Generator::new(SplitMix64::new(7), options)?;
/// let puzzle = loop {
///     match generator.run(100) {
///         GenProgress::Done(puzzle) => break puzzle,
///         GenProgress::Pending => { /* draw a frame, feed the watchdog */ }
///         GenProgress::Failed(error) => return Err(error.into()),
///     }
/// };
/// assert_eq!(puzzle.count_solutions(2), 1);
/// assert!(Symmetry::Rot180.holds_for(&puzzle));
/// // The same seed gives the same puzzle, in slices or in one go, on every target.
/// assert_eq!(sudoku81::Board::generate(7, &options)?, puzzle);
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
// In the compact build, in this order, so that the two byte arrays and the solver sit 4
// bytes past a multiple of 8 after the 8-byte source and count: zeroing the arrays and
// copying a new solver in then take the 4-byte `memset` and `memcpy` that solving links
// anyway, where 8-aligned ones pull in second routines (158 and 118 bytes of Cortex-M0
// flash). The `fast` build leaves the order to the compiler.
#[cfg_attr(not(feature = "fast"), repr(C))]
pub struct Generator<R> {
    rng: R,
    steps: u64,
    attempts: u32,
    /// The grid being filled, then the solution, with [`BLANK`] on the cells that the
    /// puzzle has not (or not at the moment: a check blanks its cells for a while).
    grid: Aligned<[u8; CELLS]>,
    attempt: u32,
    /// The orbits, by their smallest cell: `order[..orbits]`, shuffled; `next` is the
    /// next one to try, `current` the one being checked ([`Current`]). Before the shuffle
    /// draws them, while the grid is filled, the `fast` build keeps in it the number of
    /// candidates of each empty cell of `grid` instead ([`FILLED`] for a filled one), so
    /// that a fill step need not count the candidates of 81 cells.
    order: Aligned<[u8; CELLS]>,
    phase: Phase,
    /// The puzzle's number of givens.
    givens: u8,
    /// The target number of givens, 0 for a minimal puzzle.
    target: u8,
    next: u8,
    /// The index in the current orbit of the cell the next check varies (see
    /// [`Generator::next_check`]).
    varied: u8,
    orbits: u8,
    symmetry: Symmetry,
    /// The fill's frames or the checks' solver (see [`Work`]).
    work: Work,
    /// Digits used in each row, column and box (bits 1..=9): of the grid being filled,
    /// then of the puzzle. (The compact build's solver keeps those of the grid being
    /// filled, see [`Work`], and none are kept of the puzzle: 54 bytes less state, a
    /// little more time.)
    #[cfg(feature = "fast")]
    used: [[u16; 9]; 3],
    /// Small unavoidable sets of the solution, for orbits that must stay.
    unavoidable: Unavoidable,
    /// The fill's number of frames (the compact build's solver counts its own).
    #[cfg(feature = "fast")]
    depth: u8,
    current: Current,
    /// Whether the grid is the caller's (kept for every attempt).
    given_grid: bool,
    fewest: u8,
}

impl<R: Rng> Generator<R> {
    /// A generator drawing from `rng` what `options` ask for.
    ///
    /// # Errors
    /// [`GenerateError::GivensOutOfRange`] or [`GenerateError::GivensBreakSymmetry`] for a
    /// target the symmetry cannot have, [`GenerateError::InvalidSolution`] for a caller
    /// grid that is not a complete, valid grid.
    pub fn new(rng: R, options: Options) -> Result<Generator<R>, GenerateError> {
        let mut generator = Generator::with_defaults(rng);
        generator.reset(options)?;
        Ok(generator)
    }

    /// A generator drawing from `rng` a minimal puzzle without symmetry: the same as
    /// `Generator::new(rng, Options::new())`, which cannot fail. With
    /// [`Generator::reset`], it builds a generator in place (in a `static`, or in memory
    /// the caller owns, as the C API does) without the copies of its whole state (1 KiB
    /// with the compact engine, 11 KiB with `fast`) that returning it in a `Result` costs
    /// on the stack, as [`Solver::empty`] and [`Solver::reset`] do for a solver.
    #[inline(always)]
    pub const fn with_defaults(rng: R) -> Generator<R> {
        Generator {
            rng,
            symmetry: Symmetry::None,
            target: 0,
            given_grid: false,
            attempts: DEFAULT_ATTEMPTS,
            attempt: 1,
            fewest: CELLS as u8,
            phase: Phase::Fill,
            grid: Aligned([0; CELLS]),
            #[cfg(feature = "fast")]
            used: [[0; 9]; 3],
            #[cfg(feature = "fast")]
            work: Work::Fill([Frame::new(0); CELLS]),
            #[cfg(not(feature = "fast"))]
            work: Work(None),
            #[cfg(feature = "fast")]
            depth: 0,
            givens: CELLS as u8,
            order: Aligned([0; CELLS]),
            orbits: CELLS as u8,
            next: 0,
            current: NO_CURRENT,
            varied: 0,
            unavoidable: Unavoidable::EMPTY,
            steps: 0,
        }
    }

    /// Restarts this generator, in place, on `options`, drawing from where its random
    /// source stands: the same as `*self = Generator::new(rng, options)?` with the source
    /// in its current state. The step count starts again from 0.
    ///
    /// # Errors
    /// As [`Generator::new`]; the generator is then left unchanged.
    pub fn reset(&mut self, options: Options) -> Result<(), GenerateError> {
        let symmetry = options.symmetry;
        let target = match options.givens {
            None => 0,
            Some(givens) if !(MIN_GIVENS..=CELLS as u8).contains(&givens) => {
                return Err(GenerateError::GivensOutOfRange { givens })
            }
            Some(givens) if !symmetry.allows(givens) => {
                return Err(GenerateError::GivensBreakSymmetry { givens, symmetry })
            }
            Some(givens) => givens,
        };
        if let Some(solution) = &options.solution {
            if !solution.is_solved() {
                return Err(GenerateError::InvalidSolution);
            }
        }
        self.symmetry = symmetry;
        self.target = target;
        self.given_grid = options.solution.is_some();
        self.attempts = options.attempts.max(1);
        self.attempt = 0;
        self.fewest = CELLS as u8;
        // Without a grid, the attempt starts from the empty one.
        if let Some(solution) = &options.solution {
            *self.grid = *solution.cells();
        }
        self.givens = CELLS as u8;
        self.next = 0;
        self.current = NO_CURRENT;
        self.varied = 0;
        self.steps = 0;
        self.start_attempt();
        Ok(())
    }

    /// Advances the generation by at most `budget` steps (see the type's docs). A budget
    /// of 0 does nothing.
    pub fn run(&mut self, budget: u32) -> GenProgress {
        // The result is read from the state: whatever `advance` says, `progress` says too.
        let _ = self.advance(budget);
        self.progress()
    }

    /// As [`Generator::run`], without copying out the puzzle: `Ok(true)` once it is done
    /// (read it with [`Generator::progress`]), `Ok(false)` while there is more to do, the
    /// error once the generation has failed. For a firmware short of stack: `run`'s
    /// result holds a whole board, which its caller's frame keeps while the generation
    /// runs.
    ///
    /// # Errors
    /// [`GenerateError::GivensNotReached`] if every attempt ended above the target.
    pub fn advance(&mut self, budget: u32) -> Result<bool, GenerateError> {
        let mut left = budget;
        while left > 0 {
            let used = match self.phase {
                Phase::Done | Phase::Failed => break,
                Phase::Check => {
                    let Some(solver) = self.work.solver() else {
                        // Cannot happen (a check starts only with a solver): keep the orbit.
                        self.phase = Phase::Pick;
                        continue;
                    };
                    let before = solver.stats().steps;
                    let progress = solver.search(left);
                    let used = solver.stats().steps.wrapping_sub(before).clamp(1, left);
                    self.check(progress);
                    used
                }
                _ => {
                    self.step();
                    1
                }
            };
            left -= used;
            self.steps = self.steps.wrapping_add(u64::from(used));
        }
        match self.phase {
            Phase::Done => Ok(true),
            Phase::Failed => Err(self.failure()),
            _ => Ok(false),
        }
    }

    /// Where the generation stands, without advancing it: what the last call of
    /// [`Generator::run`] returned ([`GenProgress::Pending`] before the first).
    pub fn progress(&self) -> GenProgress {
        match self.phase {
            Phase::Done => GenProgress::Done(self.puzzle()),
            Phase::Failed => GenProgress::Failed(self.failure()),
            _ => GenProgress::Pending,
        }
    }

    /// Runs to the end.
    ///
    /// # Errors
    /// [`GenerateError::GivensNotReached`] if every attempt ended above the target.
    pub fn finish(&mut self) -> Result<Board, GenerateError> {
        while !self.advance(u32::MAX)? {}
        Ok(self.puzzle())
    }

    /// Why the generation failed, in [`Phase::Failed`]: the only way it fails, read off the
    /// state (which keeps no copy of the error).
    fn failure(&self) -> GenerateError {
        GenerateError::GivensNotReached {
            givens: self.target,
            fewest: self.fewest,
            attempts: self.attempt,
        }
    }

    /// The orbit being checked.
    #[cfg(feature = "fast")]
    fn current(&self) -> Orbit {
        self.current
    }

    /// The orbit being checked, from its smallest cell.
    #[cfg(not(feature = "fast"))]
    fn current(&self) -> Orbit {
        self.symmetry.orbit(usize::from(self.current))
    }

    /// The steps taken so far, over every call of [`Generator::run`].
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// Starts an attempt: a new fill, or a new order on the caller's grid. Out of line in
    /// the compact build: [`Generator::reset`] and [`Generator::pick`] call it (74 bytes
    /// less flash on a Cortex-M0 than a copy in each).
    #[cfg_attr(not(feature = "fast"), inline(never))]
    fn start_attempt(&mut self) {
        self.attempt += 1;
        #[cfg(not(feature = "fast"))]
        {
            self.work = Work(None);
        }
        if self.given_grid {
            self.phase = Phase::Shuffle;
        } else {
            *self.grid = [0; CELLS];
            #[cfg(feature = "fast")]
            {
                self.used = [[0; 9]; 3];
                *self.order = [9; CELLS];
                self.depth = 0;
                self.work = Work::Fill([Frame::new(0); CELLS]);
            }
            self.phase = Phase::Fill;
        }
    }

    /// One step of any phase but [`Phase::Check`]. Out of line in the compact build, as are
    /// the fill, the shuffle and the pick, so that their locals are not on the stack under
    /// a check's search.
    #[cfg_attr(not(feature = "fast"), inline(never))]
    fn step(&mut self) {
        match self.phase {
            Phase::Fill => self.fill(),
            Phase::Backtrack => self.backtrack(),
            Phase::Shuffle => self.shuffle(),
            Phase::Pick => {
                if self.pick() {
                    self.next_check_or_blank();
                }
            }
            Phase::Refuted => self.next_check_or_blank(),
            Phase::Check | Phase::Done | Phase::Failed => {}
        }
    }

    /// The digits (bits 1..=9) that `cell` can take in the grid being filled.
    #[cfg(feature = "fast")]
    fn candidates(&self, cell: usize) -> u16 {
        !in_units(&self.used, cell) & 0x3FE
    }

    /// Sets (`digit` > 0) or clears (`digit` = 0, removing `old`) a cell of the fill.
    #[cfg(feature = "fast")]
    fn set(&mut self, cell: usize, digit: u8) {
        let Some(slot) = self.grid.get_mut(cell) else {
            return;
        };
        let old = core::mem::replace(slot, digit);
        if digit == 0 {
            mark(&mut self.used, cell, old, false);
            self.recount(cell, old, 1);
        } else {
            self.recount(cell, digit, u8::MAX);
            mark(&mut self.used, cell, digit, true);
        }
    }

    /// The empty cell of the fill with the fewest candidates (the first such) and their
    /// number; [`FILLED`] if the grid is full.
    #[cfg(feature = "fast")]
    fn fewest_candidates(&self) -> (usize, u8) {
        // One pass over keys that order by count, then by cell: vector minimums of 16-bit
        // lanes. (A count is at most 255, so a key is at most 255 * 128 + 80 < 2^15.)
        let key = self
            .order
            .iter()
            .enumerate()
            .map(|(cell, &count)| i16::from(count) << 7 | cell as i16)
            .min()
            .unwrap_or(i16::MAX);
        ((key & 0x7F) as usize, (key >> 7) as u8)
    }

    /// As the `fast` build's, by counting the candidates of every cell of the solver's
    /// grid (its `engine`): smaller code.
    #[cfg(not(feature = "fast"))]
    fn fewest_candidates(engine: &Engine) -> (usize, u8) {
        let (mut cell, mut count) = (CELLS, FILLED);
        for i in 0..CELLS {
            let Some(candidates) = engine.open_candidates_at(i) else {
                continue;
            };
            let n = ones(candidates.into()) as u8;
            if n < count {
                (cell, count) = (i, n);
                if n == 0 {
                    break;
                }
            }
        }
        (cell, count)
    }

    /// Keeps the fill's counts of candidates (in `order`, `fast` build) up to date when
    /// `digit` is about to be placed in `cell` (`delta` = -1 as `u8::MAX`), or has just
    /// been taken out of it (`delta` = 1).
    #[cfg(feature = "fast")]
    fn recount(&mut self, cell: usize, digit: u8, delta: u8) {
        self.count_peers(cell, digit, delta);
        let count = if delta == 1 {
            self.candidates(cell).count_ones() as u8
        } else {
            FILLED
        };
        if let Some(slot) = self.order.get_mut(cell) {
            *slot = count;
        }
    }

    /// Adds `delta` (1, or `u8::MAX` for -1) to the count of each empty peer of `cell`
    /// (each once) that `digit` is not yet taken from by its row, column or box: called
    /// before `digit` is placed in `cell`, or after it is taken out.
    #[cfg(feature = "fast")]
    fn count_peers(&mut self, cell: usize, digit: u8, delta: u8) {
        let bit = 1u16 << (digit & 15);
        let [rows, cols, boxes] = &self.used;
        let taken = |masks: &[u16; 9], i: usize| masks.get(i).map_or(bit, |m| m & bit);
        let (row, col) = (cell / 9, cell % 9);
        let (top, left) = (row - row % 3, col - col % 3);
        // Without branches on the peers, which a predictor cannot guess.
        let mut bump = |peer: usize, units: u16| {
            let open = self.grid.get(peer) == Some(&0);
            if let Some(count) = self.order.get_mut(peer) {
                let gains = open & (units == 0);
                *count = count.wrapping_add(delta & 0u8.wrapping_sub(u8::from(gains)));
            }
        };
        // The digit is in no unit of `cell` (it is not placed yet, or taken out), so a
        // peer's other two units say whether it is a candidate there. (`cell` itself may
        // be counted: its count is set after.)
        for i in 0..9 {
            bump(9 * row + i, taken(cols, i) | taken(boxes, top + i / 3));
            bump(
                9 * i + col,
                taken(rows, i) | taken(boxes, i - i % 3 + col / 3),
            );
        }
        for r in top..top + 3 {
            for c in left..left + 3 {
                if r != row && c != col {
                    bump(9 * r + c, taken(rows, r) | taken(cols, c));
                }
            }
        }
    }

    /// Places a random untried candidate on the top frame's cell; false if none is left.
    #[cfg(feature = "fast")]
    fn place(&mut self) -> bool {
        let top = usize::from(self.depth).wrapping_sub(1);
        let Some(frame) = self.work.frames().get(top).copied() else {
            return false;
        };
        let cell = frame.cell();
        let free = self.candidates(cell) & !frame.tried();
        if free == 0 {
            return false;
        }
        let digit = nth_digit(free, below(&mut self.rng, ones(free.into())));
        if let Some(frame) = self.work.frames().get_mut(top) {
            frame.try_digit(digit);
        }
        self.set(cell, digit);
        true
    }

    /// A fill step: a digit in the empty cell with the fewest candidates.
    #[cfg_attr(not(feature = "fast"), inline(never))]
    fn fill(&mut self) {
        #[cfg(feature = "fast")]
        let (cell, count) = self.fewest_candidates();
        #[cfg(not(feature = "fast"))]
        let engine = self.work.made().engine();
        #[cfg(not(feature = "fast"))]
        let (cell, count) = Self::fewest_candidates(engine);
        if count == FILLED {
            // Complete: the solution (the shuffle starts the puzzle from it).
            #[cfg(not(feature = "fast"))]
            engine.copy_cells(&mut self.grid);
            self.phase = Phase::Shuffle;
            return;
        }
        if count == 0 {
            self.phase = Phase::Backtrack;
            return;
        }
        #[cfg(feature = "fast")]
        if let Some(frame) = self.work.frames().get_mut(usize::from(self.depth)) {
            *frame = Frame::new(cell as u8);
            self.depth += 1;
            self.place();
        }
        #[cfg(not(feature = "fast"))]
        {
            engine.push_fill(cell);
            Self::place(engine, &mut self.rng);
        }
    }

    /// As the `fast` build's, on the solver's `engine` (see [`Work`]), which also drops the
    /// frame when no digit is left.
    #[cfg(not(feature = "fast"))]
    fn place(engine: &mut Engine, rng: &mut R) -> bool {
        engine.place_fill(|free| nth_bit(free, below(rng, ones(free.into()))))
    }

    /// A fill step: undo the latest placement and place another digit there, or pop it.
    #[cfg(feature = "fast")]
    fn backtrack(&mut self) {
        let top = usize::from(self.depth).wrapping_sub(1);
        let Some(frame) = self.work.frames().get(top).copied() else {
            // Cannot happen from the empty grid, which has solutions: start over.
            self.start_attempt();
            return;
        };
        self.set(frame.cell(), 0);
        if self.place() {
            self.phase = Phase::Fill;
        } else {
            self.depth -= 1;
        }
    }

    /// As the `fast` build's, on the solver's engine.
    #[cfg(not(feature = "fast"))]
    fn backtrack(&mut self) {
        let engine = self.work.made().engine();
        if !engine.undo_fill() {
            // Cannot happen from the empty grid, which has solutions: start over.
            self.start_attempt();
            return;
        }
        // Without a digit left, the frame is dropped.
        if Self::place(engine, &mut self.rng) {
            self.phase = Phase::Fill;
        }
    }

    /// Shuffles the orbits (Fisher-Yates) and starts the removal pass.
    #[cfg_attr(not(feature = "fast"), inline(never))]
    fn shuffle(&mut self) {
        // The whole solution: on the caller's grid, an attempt that ended above the target
        // left its puzzle's blanks in it.
        for g in self.grid.iter_mut() {
            *g &= !BLANK;
        }
        #[cfg(feature = "fast")]
        {
            self.work = Work::Check(Solver::empty());
        }
        self.givens = CELLS as u8;
        #[cfg(feature = "fast")]
        {
            self.used = [[0; 9]; 3];
            for (cell, &digit) in self.grid.iter().enumerate() {
                mark(&mut self.used, cell, digit, true);
            }
        }
        let n = self.symmetry.list_firsts(&mut self.order);
        self.orbits = n as u8;
        for i in (1..n).rev() {
            let j = below(&mut self.rng, i as u32 + 1) as usize;
            if i < CELLS && j <= i {
                self.order.swap(i, j);
            }
        }
        self.next = 0;
        self.unavoidable = Unavoidable::of(&self.grid);
        self.phase = Phase::Pick;
    }

    /// Picks the next orbit that may go, or ends the pass. True if an orbit was picked:
    /// the caller then starts its check, from a frame without this one's locals (in the
    /// compact build, where this is out of line).
    #[cfg_attr(not(feature = "fast"), inline(never))]
    fn pick(&mut self) -> bool {
        // Without a target (0) this runs to the end of the pass: the puzzle keeps more
        // givens than the largest orbit, as a unique puzzle gives at least 8 digits (two
        // digits it lacks could be swapped in any solution).
        while self.givens > self.target && self.next < self.orbits {
            let Some(&cell) = self.order.get(usize::from(self.next)) else {
                break;
            };
            self.next += 1;
            let orbit = self.symmetry.orbit(usize::from(cell));
            if self.givens < self.target.saturating_add(orbit.len) {
                continue;
            }
            if self.unavoidable.emptied_by(orbit.cells()) {
                // Ambiguous without it: no search needed.
                continue;
            }
            #[cfg(feature = "fast")]
            {
                self.current = orbit;
            }
            #[cfg(not(feature = "fast"))]
            {
                self.current = cell;
            }
            self.varied = 0;
            return true;
        }
        // The pass is over (or the target is reached).
        if self.target == 0 || self.givens == self.target {
            self.phase = Phase::Done;
            return false;
        }
        self.fewest = self.fewest.min(self.givens);
        if self.attempt >= self.attempts {
            self.phase = Phase::Failed;
        } else {
            self.start_attempt();
        }
        false
    }

    /// Starts the current orbit's next check, if one is left.
    ///
    /// The puzzle is unique, so any other solution of it without the orbit differs from
    /// the solution in some cell of the orbit: at a first one, the `varied`-th, with the
    /// cells before it as in the solution. So the orbit may go if and only if, for each
    /// cell of the orbit in turn, the puzzle without that cell and the ones after it has no
    /// solution with another digit than the solution's there. Each such search stops at its
    /// first solution, and most end in a contradiction at once (a cell whose only candidate
    /// is the solution's digit needs none): several times cheaper than counting solutions up
    /// to 2, which must find the known solution again and then exhaust the rest. The answer,
    /// and so the puzzle, is the same.
    fn next_check(&mut self) -> bool {
        let orbit = self.current();
        let cells = orbit.cells();
        while let Some(&cell) = cells.get(usize::from(self.varied)) {
            // The puzzle without `cell` and the orbit's cells after it, made in place (no
            // copies on the stack) and put back after the check has started.
            let blanked = cells.get(usize::from(self.varied)..).unwrap_or(&[]);
            self.varied += 1;
            self.keep_givens(blanked, false);
            let cell = usize::from(cell);
            let solution = self.grid.get(cell).map_or(0, |&g| g & !BLANK);
            // The compact build, which keeps no `used`, leaves singles to the check's
            // solver, which sees them at its first step (a test for a naked single cost 276
            // bytes of flash on a Cortex-M0 and saved 2-5% of the instructions).
            #[cfg(feature = "fast")]
            let forced = forced(&self.used, &self.grid, cell, solution);
            #[cfg(not(feature = "fast"))]
            let forced = false;
            // The givens are part of a solution, so the reset finds no conflict. (Without
            // a solver, which cannot happen, the check keeps the orbit: see `advance`.)
            if !forced {
                if let Some(solver) = self.work.solver() {
                    solver.reset_excluding(&self.grid, BLANK, cell, solution);
                }
            }
            self.keep_givens(blanked, true);
            if !forced {
                return true;
            }
        }
        false
    }

    /// Puts the solution's digits back in `cells` of the puzzle (`keep`), or blanks them,
    /// with `used` kept in step. Out of line in the compact build, for its three calls.
    #[cfg_attr(not(feature = "fast"), inline(never))]
    fn keep_givens(&mut self, cells: &[u8], keep: bool) {
        for &c in cells {
            let c = usize::from(c);
            if let Some(g) = self.grid.get_mut(c) {
                *g = if keep { *g & !BLANK } else { *g | BLANK };
                #[cfg(feature = "fast")]
                mark(&mut self.used, c, *g & !BLANK, keep);
            }
        }
    }

    /// The puzzle: the solution grid without its blanked cells.
    fn puzzle(&self) -> Board {
        let mut puzzle = Board::EMPTY;
        for (cell, &g) in self.grid.iter().enumerate() {
            if g & BLANK == 0 {
                puzzle.set(cell, g);
            }
        }
        puzzle
    }

    /// Starts the current orbit's next check, or, with none left (every check found no
    /// solution), blanks the orbit: the first step for an orbit, and the step after each
    /// check that found no solution.
    fn next_check_or_blank(&mut self) {
        if self.next_check() {
            self.phase = Phase::Check;
        } else {
            self.blank_current();
        }
    }

    /// Blanks the current orbit, which every check has shown can go, and moves on.
    fn blank_current(&mut self) {
        let orbit = self.current();
        self.unavoidable.blank(orbit.cells());
        self.keep_givens(orbit.cells(), false);
        self.givens = self.givens.saturating_sub(orbit.cells().len() as u8);
        self.phase = Phase::Pick;
    }

    /// Takes in what the current check's solver reached: a solution keeps the orbit.
    fn check(&mut self, progress: Search) {
        match progress {
            Search::Paused => {}
            Search::Found => self.phase = Phase::Pick,
            Search::Exhausted => self.phase = Phase::Refuted,
        }
    }
}

impl Board {
    /// Generates the puzzle of `seed` with the built-in [`SplitMix64`] source: the same
    /// seed and options give the same puzzle on every target and build (for as long as
    /// the major version stays).
    ///
    /// ```
    /// use sudoku81::{Board, Options};
    /// let puzzle = Board::generate(1, &Options::new())?;
    /// assert_eq!(puzzle.count_solutions(2), 1);
    /// # Ok::<(), sudoku81::GenerateError>(())
    /// ```
    ///
    /// # Errors
    /// As [`Generator::new`] and [`Generator::finish`].
    pub fn generate(seed: u64, options: &Options) -> Result<Board, GenerateError> {
        // Built in place: `Generator::new` would move the whole state out of a `Result`.
        let mut generator = Generator::with_defaults(SplitMix64::new(seed));
        generator.reset(*options)?;
        generator.finish()
    }

    /// A puzzle of `level`, with its rating: the first of at most `attempts` puzzles
    /// ([`Board::generate`] of the seeds `seed`, `seed + S`, `seed + 2S`, ..., with `S`
    /// [`LEVEL_SEED_STRIDE`], a large odd constant, so that the attempts of consecutive
    /// seeds never meet) that
    /// [`Board::rate`] puts at `level`. Attempt 0 is `Board::generate(seed, options)`.
    /// At least one attempt is made (0 counts as 1, as in [`Options::with_attempts`]).
    ///
    /// Of minimal puzzles with the default options, 43% are easy, 16% medium, 18% hard, 9%
    /// unfair and 14% extreme (3,000 seeds; `sudoku generate -n 3000 | sudoku rate`), so a
    /// level takes about 2 to 11 attempts on average, each a generation and a rating.
    ///
    /// ```
    /// use sudoku81::{Board, Level, Options};
    /// let (puzzle, rating) = Board::generate_at_level(1, &Options::new(), Level::Easy, 100)?;
    /// assert_eq!(rating.level(), Level::Easy);
    /// assert_eq!(puzzle.rate().ok(), Some(rating));
    /// # Ok::<(), sudoku81::GenerateError>(())
    /// ```
    ///
    /// # Errors
    /// [`GenerateError::LevelNotReached`] when no attempt gave the level; the errors of
    /// [`Generator::new`] for bad options. With a target number of givens, each attempt
    /// makes up to the options' attempts at it: [`GenerateError::GivensNotReached`] if
    /// none of them reached it in any attempt (with the fewest givens over all of them,
    /// and the number of generations made in all); `LevelNotReached` as soon as one did.
    pub fn generate_at_level(
        seed: u64,
        options: &Options,
        level: Level,
        attempts: u32,
    ) -> Result<(Board, Rating), GenerateError> {
        let attempts = attempts.max(1);
        // The givens target's misses over every attempt, while no attempt gave a puzzle.
        let mut missed: Option<(u8, u8, u32)> = None;
        let mut generated = false;
        for attempt in 0..attempts {
            let seed = seed.wrapping_add(u64::from(attempt).wrapping_mul(LEVEL_SEED_STRIDE));
            let puzzle = match generate_apart(seed, options) {
                Ok(puzzle) => puzzle,
                Err(GenerateError::GivensNotReached {
                    givens,
                    fewest,
                    attempts: tries,
                }) => {
                    let (_, least, all) = missed.unwrap_or((givens, fewest, 0));
                    missed = Some((givens, least.min(fewest), all.saturating_add(tries)));
                    continue;
                }
                Err(error) => return Err(error),
            };
            generated = true;
            // A generated puzzle has one solution, so it always has a rating.
            let mut rating = Err(LogicError::Stuck);
            puzzle.rate_into(&mut rating);
            if let Ok(rating) = rating {
                if rating.level() == level {
                    return Ok((puzzle, rating));
                }
            }
        }
        Err(match missed {
            Some((givens, fewest, attempts)) if !generated => GenerateError::GivensNotReached {
                givens,
                fewest,
                attempts,
            },
            _ => GenerateError::LevelNotReached { level, attempts },
        })
    }
}

/// [`Board::generate`] in a frame of its own: while [`Board::generate_at_level`] rates
/// the puzzle, the generator's state (1 KiB with the compact engine) is no longer on the
/// stack.
#[inline(never)]
fn generate_apart(seed: u64, options: &Options) -> Result<Board, GenerateError> {
    Board::generate(seed, options)
}

#[cfg(test)]
mod tests {
    extern crate std;

    use core::convert::Infallible;

    use rand_core::TryRng;

    use super::*;

    /// The units read from the tables are the board's, for every cell; none out of the
    /// grid.
    #[cfg(feature = "fast")]
    #[test]
    fn units_of_every_cell_are_the_boards() {
        use crate::board::{BOX, COL, ROW};
        for cell in 0..CELLS {
            let expected = [ROW[cell], COL[cell], BOX[cell]].map(usize::from);
            assert_eq!(units_of(cell), Some(expected), "cell {cell}");
        }
        for cell in [CELLS, CELLS + 1, 255, usize::MAX] {
            assert_eq!(units_of(cell), None);
            assert_eq!(in_units(&[[0; 9]; 3], cell), 0x3FE);
        }
    }

    /// A source that always returns the same word: draws must still end.
    struct Stuck;
    impl TryRng for Stuck {
        type Error = Infallible;
        fn try_next_u32(&mut self) -> Result<u32, Infallible> {
            Ok(u32::MAX)
        }
        fn try_next_u64(&mut self) -> Result<u64, Infallible> {
            Ok(u64::MAX)
        }
        fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), Infallible> {
            dest.fill(0xFF);
            Ok(())
        }
    }

    #[test]
    fn bounded_draws_stay_in_range_and_end_on_a_stuck_source() {
        let mut rng = SplitMix64::new(3);
        for n in 0..=81 {
            for _ in 0..100 {
                assert!(below(&mut rng, n) < n.max(1));
            }
        }
        assert_eq!(below(&mut Stuck, 7), (u32::MAX % 7));
        let puzzle = Generator::new(Stuck, Options::new())
            .unwrap()
            .finish()
            .unwrap();
        assert_eq!(puzzle.count_solutions(2), 1);
    }

    /// `forced` says a naked or hidden single exactly when counting each unit's places for
    /// the digit one cell at a time does, on the puzzles of many generations' checks.
    #[cfg(feature = "fast")]
    #[test]
    fn forced_is_a_naked_or_hidden_single() {
        use crate::board::UNIT_CELLS;
        let reference = |used: &[[u16; 9]; 3], puzzle: &[u8; CELLS], cell: usize, digit: u8| {
            let bit = 1u16 << digit;
            let naked = (in_units(used, cell) | bit | 1) == 0x3FF;
            let hidden = [
                crate::ROW[cell],
                9 + crate::COL[cell],
                18 + crate::BOX[cell],
            ]
            .iter()
            .any(|&unit| {
                UNIT_CELLS[usize::from(unit)].iter().all(|&p| {
                    let p = usize::from(p);
                    p == cell || puzzle[p] != 0 || in_units(used, p) & bit != 0
                })
            });
            naked || hidden
        };
        let mut seen = [0u32; 2];
        for seed in 0..60 {
            let options = Options::new().with_symmetry(Symmetry::ALL[seed as usize % 6]);
            let mut generator = Generator::new(SplitMix64::new(seed), options).unwrap();
            while generator.progress() == GenProgress::Pending {
                generator.run(1);
                // From the shuffle on, `used` holds the digits of `puzzle`.
                if matches!(
                    generator.phase,
                    Phase::Fill | Phase::Backtrack | Phase::Shuffle
                ) {
                    continue;
                }
                // The puzzle is part of the grid, and the checks, which blank cells in it,
                // put every one back.
                let mut digits = [[0u16; 9]; 3];
                let puzzle = generator.puzzle();
                for (cell, &digit) in puzzle.cells().iter().enumerate() {
                    assert!(digit == 0 || digit == generator.grid[cell], "seed {seed}");
                    assert_eq!(digit == 0, is_blank(&generator.grid, cell), "seed {seed}");
                    if digit != 0 {
                        mark(&mut digits, cell, digit, true);
                    }
                }
                assert_eq!(digits, generator.used, "seed {seed}");
                let givens = usize::from(generator.givens);
                assert_eq!(puzzle.filled(), givens, "seed {seed}");
                for cell in 0..CELLS {
                    if puzzle.cells()[cell] != 0 {
                        continue;
                    }
                    let digit = generator.grid[cell] & !BLANK;
                    let used = &generator.used;
                    let expected = reference(used, puzzle.cells(), cell, digit);
                    let forced = forced(used, &generator.grid, cell, digit);
                    assert_eq!(forced, expected, "seed {seed}");
                    seen[usize::from(expected)] += 1;
                }
            }
        }
        assert!(seen[0] > 1000 && seen[1] > 1000, "{seen:?}");
    }

    /// The fill's candidate counts, kept up to date placement by placement, are the counts
    /// of candidates at every step, backtracks included.
    #[cfg(feature = "fast")]
    #[test]
    fn the_fill_keeps_its_candidate_counts() {
        let mut backtracks = 0;
        for seed in 0..300 {
            let mut generator = Generator::new(SplitMix64::new(seed), Options::new()).unwrap();
            while matches!(generator.phase, Phase::Fill | Phase::Backtrack) {
                backtracks += usize::from(generator.phase == Phase::Backtrack);
                generator.run(1);
                if !matches!(generator.phase, Phase::Fill | Phase::Backtrack) {
                    break;
                }
                for cell in 0..CELLS {
                    let expected = if generator.grid[cell] == 0 {
                        generator.candidates(cell).count_ones() as u8
                    } else {
                        FILLED
                    };
                    assert_eq!(generator.order[cell], expected, "seed {seed}, cell {cell}");
                }
                // The first cell of the fewest candidates, as a plain scan finds it.
                let fewest = *generator.order.iter().min().unwrap();
                let first = generator.order.iter().position(|&n| n == fewest).unwrap();
                assert_eq!(
                    generator.fewest_candidates(),
                    (first, fewest),
                    "seed {seed}"
                );
            }
        }
        assert!(backtracks > 0, "no backtrack exercised");
    }
}
