//! Hints and ratings for C: `sudoku_hint`, `sudoku_hint_entries`, `sudoku_rate`, the names of
//! techniques and levels, and a step as text.
//!
//! A step and a rating are copied into fixed-size `#[repr(C)]` structs, written once, after
//! everything has succeeded, so that an error leaves the caller's struct untouched.

use core::ffi::{c_char, c_int, c_uint};
use core::fmt::{self, Write as _};
use core::mem::size_of;

use sudoku81::{
    Board, Candidate, Digits, Explain, Hint, Level, LogicError, Marks, Rating, Step, Technique,
    Unit, CELLS, STEP_ELIMINATIONS, STEP_PATTERN, STEP_UNITS,
};

use crate::explainer::{sudoku_explainer_t, ExplainerSlot};
use crate::rater::{sudoku_rater_t, RaterSlot};
use crate::read_text;
use crate::status::{status, Failure, SUDOKU_OK};
use crate::tagged::{checked_mut, checked_place, checked_ref};

/// The number of techniques: `sudoku_technique_name` names `0 .. SUDOKU_TECHNIQUES - 1`,
/// and `sudoku_rating_t` counts the steps of each.
pub const SUDOKU_TECHNIQUES: usize = 44;
/// The most eliminations a `sudoku_step_t` holds (a pattern that removes more reports the
/// first ones; the next hints find the others).
pub const SUDOKU_STEP_ELIMINATIONS: usize = 40;
/// The most candidates a `sudoku_step_t` holds as its pattern.
pub const SUDOKU_STEP_PATTERN: usize = 24;
/// The most units a `sudoku_step_t` names.
pub const SUDOKU_STEP_UNITS: usize = 4;

const _: () = assert!(SUDOKU_TECHNIQUES == Technique::COUNT);
const _: () = assert!(SUDOKU_STEP_ELIMINATIONS == STEP_ELIMINATIONS);
const _: () = assert!(SUDOKU_STEP_PATTERN == STEP_PATTERN);
const _: () = assert!(SUDOKU_STEP_UNITS == STEP_UNITS);

/// `sudoku_step_t.kind`: a step of the ladder (`technique`, placement, eliminations).
pub const SUDOKU_HINT_STEP: c_int = 0;
/// `sudoku_step_t.kind`: an entry of the player is wrong: `cell` holds `digit`, and the
/// solution has `solution` there (0 if the givens have several solutions and the entry
/// breaks a rule).
pub const SUDOKU_HINT_WRONG_ENTRY: c_int = 1;
/// `sudoku_step_t.kind`: the grid is complete and right; nothing to hint.
pub const SUDOKU_HINT_SOLVED: c_int = 2;
/// `sudoku_step_t.kind` (`sudoku_hint_marks` only): the player's pencil marks of `cell`
/// leave out the solution's digit, `digit`.
pub const SUDOKU_HINT_MISSING_CANDIDATE: c_int = 3;

/// A level (`sudoku_rating_t.level`, `sudoku_generate_level`): singles only.
pub const SUDOKU_LEVEL_EASY: c_int = 1;
/// A level: locked candidates, pairs and triples.
pub const SUDOKU_LEVEL_MEDIUM: c_int = 2;
/// A level: quads, basic fish, single-digit patterns, wings, uniqueness.
pub const SUDOKU_LEVEL_HARD: c_int = 3;
/// A level: finned fish, chains, almost locked sets.
pub const SUDOKU_LEVEL_UNFAIR: c_int = 4;
/// A level: forcing nets and brute force.
pub const SUDOKU_LEVEL_EXTREME: c_int = 5;

const _: () = assert!(SUDOKU_LEVEL_EASY == Level::Easy as c_int);
const _: () = assert!(SUDOKU_LEVEL_EXTREME == Level::Extreme as c_int);

/// The level numbered `level` (`SUDOKU_LEVEL_*`), if any.
pub(crate) fn level_of(level: c_int) -> Option<Level> {
    Level::ALL.into_iter().find(|&l| l as c_int == level)
}

/// `sudoku_unit_t.kind`: a row (index 0 at the top).
pub const SUDOKU_UNIT_ROW: u8 = 0;
/// `sudoku_unit_t.kind`: a column (index 0 at the left).
pub const SUDOKU_UNIT_COL: u8 = 1;
/// `sudoku_unit_t.kind`: a box (index 0 at the top left, row-major).
pub const SUDOKU_UNIT_BOX: u8 = 2;

/// A digit in a cell.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct sudoku_candidate_t {
    /// The cell, 0 to 80, row-major (row `cell / 9`, column `cell % 9`).
    pub cell: u8,
    /// The digit, 1 to 9.
    pub digit: u8,
}

/// A row, column or box.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct sudoku_unit_t {
    /// `SUDOKU_UNIT_ROW`, `SUDOKU_UNIT_COL` or `SUDOKU_UNIT_BOX`.
    pub kind: u8,
    /// 0 to 8 (people count from 1: show `index + 1`).
    pub index: u8,
}

/// A hint: what `sudoku_hint`, `sudoku_hint_entries` and `sudoku_hint_marks` found, in a
/// fixed-size struct the caller owns (no pointer inside; copy it freely).
/// `sudoku_step_format` turns it into a line such as `r4c7=5 hidden single in box 6`.
///
/// Fields that do not apply to the `kind` are -1 (ints) or 0 (counts, `digits`); array
/// entries past their count are zero.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct sudoku_step_t {
    /// `SUDOKU_HINT_STEP`, `SUDOKU_HINT_WRONG_ENTRY`, `SUDOKU_HINT_SOLVED` or
    /// `SUDOKU_HINT_MISSING_CANDIDATE`.
    pub kind: c_int,
    /// The technique, 0 to `SUDOKU_TECHNIQUES - 1` (see `sudoku_technique_name`); -1
    /// unless `kind` is `SUDOKU_HINT_STEP`.
    pub technique: c_int,
    /// The step's value on Sudoku Explainer's scale, in tenths (23 means 2.3); -1 unless
    /// `kind` is `SUDOKU_HINT_STEP`.
    pub se_rating: c_int,
    /// The cell the step fills, the wrong entry's cell or the cell whose pencil marks miss
    /// a digit; -1 for eliminations.
    pub cell: c_int,
    /// The digit the step puts in `cell`, the wrong entry's digit or the missing pencil
    /// mark; -1 for eliminations.
    pub digit: c_int,
    /// For `SUDOKU_HINT_WRONG_ENTRY`: the solution's digit in `cell` (0 if the givens have
    /// several solutions); -1 otherwise.
    pub solution: c_int,
    /// The digits the step is named after (bit `d - 1` for digit `d`), which its text lists
    /// after "on" (a single's: its digit). For a chain, these are the digits it
    /// eliminates; the digits of its other nodes are in `pattern`.
    pub digits: u16,
    /// How many entries of `eliminations` are used (0 for a placement).
    pub n_eliminations: u8,
    /// How many entries of `pattern` are used.
    pub n_pattern: u8,
    /// How many entries of `units` are used.
    pub n_units: u8,
    /// The candidates the step removes.
    pub eliminations: [sudoku_candidate_t; SUDOKU_STEP_ELIMINATIONS],
    /// The candidates that justify the step, in reading order (for a chain, from one end
    /// to the other).
    pub pattern: [sudoku_candidate_t; SUDOKU_STEP_PATTERN],
    /// The units the pattern lives in (e.g. the box of a hidden single).
    pub units: [sudoku_unit_t; SUDOKU_STEP_UNITS],
}

/// How hard a puzzle is, as `sudoku_rate` found it by solving it step by step.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct sudoku_rating_t {
    /// HoDoKu's level, 1 (easy) to 5 (extreme), one of `SUDOKU_LEVEL_*`; see
    /// `sudoku_level_name`.
    pub level: c_int,
    /// The score on Sudoku Explainer's scale, in tenths (72 means 7.2): the hardest step.
    pub se_rating: c_int,
    /// The hardest technique of the path (see `sudoku_technique_name`); for a solved grid,
    /// whose path has no step (`steps` is 0), the simplest, Full House.
    pub hardest: c_int,
    /// The number of steps.
    pub steps: c_int,
    /// HoDoKu's score: the sum of its per-step scores.
    pub score: u32,
    /// True if the path needed the last resort (a forcing net or brute force).
    pub needs_last_resort: bool,
    /// Steps of each technique, indexed by technique.
    pub counts: [u16; SUDOKU_TECHNIQUES],
}

/// The next step for the puzzle in `grid` (same text rules and codes as `sudoku_solve`),
/// every digit of it taken as a given: the simplest technique of the ladder that places a
/// digit or removes candidates, or, when none applies to a puzzle with one solution, a
/// forcing net or the solution's digit of one cell ("Brute Force").
///
/// Returns `SUDOKU_OK` and fills `*step` (`kind` is `SUDOKU_HINT_STEP`, or
/// `SUDOKU_HINT_SOLVED` for a full grid). On any error `*step` is not written:
/// `SUDOKU_ERR_NULL`, `SUDOKU_ERR_CHAR`, `SUDOKU_ERR_LENGTH`, `SUDOKU_ERR_CONFLICT`,
/// `SUDOKU_ERR_UNSOLVABLE`, or `SUDOKU_ERR_MULTIPLE` (several solutions, and no technique
/// that works without uniqueness applies). `grid` is only read.
///
/// It counts the puzzle's solutions first, then searches the ladder: well under a
/// millisecond on a PC for most puzzles. At most 2 KiB of stack on a Cortex-M0 (2 040
/// bytes for `sudoku_hint_marks`); no global state.
///
/// # Safety
/// `grid` must be NULL or readable up to its first NUL (or its 82nd cell, if that comes
/// first); `step` must be NULL or point to a writable `sudoku_step_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_hint(grid: *const c_char, step: *mut sudoku_step_t) -> c_int {
    if step.is_null() {
        return Failure::Null.code();
    }
    // Read, then matched by reference, as in the other entry points: a board moved out
    // of its `Result` is a second copy on the stack.
    // SAFETY: the caller's contract for `grid` is `read_board`'s.
    let read = unsafe { read_board(grid) };
    let board = match &read {
        Ok(board) => board,
        Err(failure) => return failure.code(),
    };
    // Built where it is read: a hint returned is one more copy of a step on the stack.
    let mut hint = Ok(Hint::Solved);
    board.hint_into(&mut hint);
    // SAFETY: not NULL, and the caller guarantees a writable sudoku_step_t.
    unsafe { write_hint(step, &hint) }
}

/// The next step for a player: `givens` is the puzzle, `entries` the player's grid (the
/// givens and the digits the player entered; both texts follow `sudoku_solve`'s rules). An
/// entry that differs from the solution (or, when the givens have several solutions,
/// repeats a digit in a unit) is reported instead of a step: `kind` is
/// `SUDOKU_HINT_WRONG_ENTRY`, and `cell`, `digit` and `solution` say which (the first in
/// row-major order). A complete, right grid gives `SUDOKU_HINT_SOLVED`.
///
/// Returns `SUDOKU_OK`, or leaves `*step` unwritten and returns the codes of `sudoku_hint`
/// (for either text; every error of the givens, their solutions included, comes before
/// any of the entries; `SUDOKU_ERR_UNSOLVABLE` too when the givens have several solutions
/// and the entries, none wrong alone, leave none), or `SUDOKU_ERR_GIVEN_CHANGED` when
/// `entries` changes or clears a given.
///
/// # Safety
/// `givens` and `entries` must each be NULL or readable up to their first NUL (or their
/// 82nd cell); `step` must be NULL or point to a writable `sudoku_step_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_hint_entries(
    givens: *const c_char,
    entries: *const c_char,
    step: *mut sudoku_step_t,
) -> c_int {
    if step.is_null() {
        return Failure::Null.code();
    }
    // SAFETY: the caller's contract for `givens` and `entries` is `read_board`'s.
    let read = unsafe { read_boards(givens, entries) };
    let (givens, player) = match &read {
        Ok((givens, player)) => (givens, player),
        Err(failure) => return failure.code(),
    };
    let mut hint = Ok(Hint::Solved);
    givens.hint_from_into(player, None, &mut hint);
    // SAFETY: not NULL, and the caller guarantees a writable sudoku_step_t.
    unsafe { write_hint(step, &hint) }
}

/// `sudoku_hint_entries` from the player's pencil marks too: `marks` holds 81 candidate
/// sets in row-major order, bit `d - 1` for digit `d` (bits above the ninth are ignored;
/// the sets of filled cells are ignored). The hint starts from those marks, so it may be
/// a step the player can take with them; a set that leaves out the solution's digit is
/// reported first, as `SUDOKU_HINT_MISSING_CANDIDATE` with its `cell` and `digit` (wrong
/// entries come before it, in cell order). `marks` NULL is `sudoku_hint_entries`.
///
/// Returns `SUDOKU_OK`, or leaves `*step` unwritten and returns the codes of
/// `sudoku_hint_entries`; with marks that leave an empty cell without a candidate (or a
/// digit without a place in a unit), `SUDOKU_ERR_UNSOLVABLE` when the givens have several
/// solutions (with one solution, the missing mark is reported instead; with several, the
/// marks are not otherwise checked against them).
///
/// # Safety
/// As for `sudoku_hint_entries`; `marks` must be NULL or point to 81 readable `uint16_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_hint_marks(
    givens: *const c_char,
    entries: *const c_char,
    marks: *const u16,
    step: *mut sudoku_step_t,
) -> c_int {
    if step.is_null() {
        return Failure::Null.code();
    }
    // Read set by set, into the one array the hint reads: a copy of the raw array, or of
    // the sets moved into an `Option`, would stay on the deepest stack.
    let mut sets = None;
    if !marks.is_null() {
        // SAFETY: not NULL, and the caller guarantees 81 readable `uint16_t`.
        unsafe { read_sets(marks, sets.insert([Digits::NONE; CELLS])) };
    }
    // SAFETY: the caller's contract for `givens` and `entries` is `read_board`'s.
    let read = unsafe { read_boards(givens, entries) };
    let (givens, player) = match &read {
        Ok((givens, player)) => (givens, player),
        Err(failure) => return failure.code(),
    };
    let mut hint = Ok(Hint::Solved);
    givens.hint_from_into(player, sets.as_ref(), &mut hint);
    // SAFETY: not NULL, and the caller guarantees a writable sudoku_step_t.
    unsafe { write_hint(step, &hint) }
}

/// Rates the puzzle in `grid` (same text rules as `sudoku_solve`): solves it step by step
/// with the ladder, always the simplest technique first, and reports the level, the SE
/// score, the hardest technique and the steps of each technique. The same puzzle always
/// gets the same rating.
///
/// Returns `SUDOKU_OK` and fills `*out`, or leaves it unwritten and returns
/// `SUDOKU_ERR_NULL`, `SUDOKU_ERR_CHAR`, `SUDOKU_ERR_LENGTH`, `SUDOKU_ERR_CONFLICT`,
/// `SUDOKU_ERR_UNSOLVABLE` or `SUDOKU_ERR_MULTIPLE` (a rating needs a unique solution).
///
/// Typically a millisecond or less on a PC, more for the hardest puzzles (each forcing net
/// is a search); at most 2 KiB of stack on a Cortex-M0 (2 032 bytes); no global state.
/// `sudoku_rater_init` and `sudoku_rater_step` give the same rating in slices of bounded
/// work.
///
/// # Safety
/// `grid` must be NULL or readable up to its first NUL (or its 82nd cell, if that comes
/// first); `out` must be NULL or point to a writable `sudoku_rating_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_rate(grid: *const c_char, out: *mut sudoku_rating_t) -> c_int {
    if out.is_null() {
        return Failure::Null.code();
    }
    // SAFETY: the caller's contract for `grid` is `read_board`'s.
    let read = unsafe { read_board(grid) };
    let board = match &read {
        Ok(board) => board,
        Err(failure) => return failure.code(),
    };
    // Built where it is read: a rating returned, or moved out of its `Result`, is a
    // second copy.
    let mut rating = Err(LogicError::Stuck);
    board.rate_into(&mut rating);
    match &rating {
        // SAFETY: not NULL, and the caller guarantees a writable sudoku_rating_t.
        Ok(rating) => unsafe { write_rating(out, rating) },
        Err(e) => return Failure::from(*e).code(),
    }
    SUDOKU_OK
}

/// The size in bytes of `sudoku_rater_t` as this library was built (see
/// `sudoku_solver_size`: the same `SUDOKU_COMPACT` rule applies).
///
/// # Safety
/// Always safe to call.
#[unsafe(no_mangle)]
pub extern "C" fn sudoku_rater_size() -> usize {
    size_of::<sudoku_rater_t>()
}

/// Starts a resumable rating of `grid` (same text rules as `sudoku_rate`) in the
/// caller-owned `*rater`: the rating `sudoku_rate` gives, taken a bounded number of steps
/// at a time by `sudoku_rater_step`, for a program that cannot wait for a whole one (a
/// firmware's main loop or watchdog). The grid is copied, so it may change or go away
/// afterwards.
///
/// C code calls this through the `sudoku_rater_init(rater, grid)` macro, which passes
/// `sizeof(sudoku_rater_t)` as `size`: a struct smaller than this library needs gets
/// `SUDOKU_ERR_SIZE` and is not written.
///
/// Returns `SUDOKU_OK` when the rating is ready for `sudoku_rater_step`. On
/// `SUDOKU_ERR_CHAR`, `_LENGTH`, `_CONFLICT` or a NULL `grid` (`SUDOKU_ERR_NULL`), the
/// rater is still initialised and every later step returns the same code. A NULL `rater`
/// gives `SUDOKU_ERR_NULL`; one not aligned for `sudoku_rater_t` (16 bytes) gives
/// `SUDOKU_ERR_STATE`; neither is written.
///
/// # Safety
/// `rater` must be NULL or point to `size` writable bytes aligned for `sudoku_rater_t`
/// (any contents). `grid` must be NULL or readable up to its first NUL (or its 82nd cell,
/// if that comes first).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_rater_init_checked(
    rater: *mut sudoku_rater_t,
    size: usize,
    grid: *const c_char,
) -> c_int {
    if !rater.is_null() && size < size_of::<sudoku_rater_t>() {
        return Failure::Size.code();
    }
    // SAFETY: the caller's contract, with `size` bytes at `rater`, which are at least the
    // `sizeof(sudoku_rater_t)` that `sudoku_rater_init` needs.
    unsafe { sudoku_rater_init(rater, grid) }
}

/// `sudoku_rater_init_checked` without the size check. The header's `sudoku_rater_init`
/// macro calls the checked form.
///
/// # Safety
/// As for `sudoku_rater_init_checked`, with `sizeof(sudoku_rater_t)` writable bytes at
/// `rater` as this library counts them (see `sudoku_rater_size`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_rater_init(
    rater: *mut sudoku_rater_t,
    grid: *const c_char,
) -> c_int {
    let slot = match checked_place(rater.cast::<RaterSlot>()) {
        Ok(slot) => slot,
        Err(failure) => return failure.code(),
    };
    // SAFETY: the caller's contract for `grid` is `read_board`'s.
    let board = unsafe { read_board(grid) };
    // SAFETY: `slot` is not NULL, is aligned (checked above), and the caller guarantees
    // `sizeof(sudoku_rater_t)` writable bytes, which hold a `RaterSlot` (asserted at
    // compile time in `rater`). `write` does not read or drop the old contents; afterwards
    // the bytes hold a valid `RaterSlot`, so the exclusive reference is sound.
    let slot = unsafe {
        slot.write(RaterSlot::failed(Failure::Null));
        &mut *slot
    };
    status(slot.start(board))
}

/// Starts a resumable rating of the pencil-mark ("Sukaku") puzzle `marks` (81 candidate
/// sets, as `sudoku_rate_marks` reads them) in the caller-owned `*rater`, as
/// `sudoku_rater_init` does for a grid: `sudoku_rater_step` then gives, in slices of
/// bounded work, the rating `sudoku_rate_marks` gives, and `sudoku_rater_write` writes it.
/// The sets are copied. C code calls this through the `sudoku_rater_init_marks(rater,
/// marks)` macro, which passes `sizeof(sudoku_rater_t)` as `size`.
///
/// Returns `SUDOKU_OK` when the rating is ready for `sudoku_rater_step`. On
/// `SUDOKU_ERR_UNSOLVABLE` (an empty set, or a unit where a digit has no place) or a NULL
/// `marks` (`SUDOKU_ERR_NULL`), the rater is still initialised and every later step
/// returns the same code. A NULL `rater`, one too small (`SUDOKU_ERR_SIZE`) or misaligned
/// (`SUDOKU_ERR_STATE`) is not written. The steps end as `sudoku_rate_marks` does:
/// `SUDOKU_OK`, `SUDOKU_ERR_UNSOLVABLE`, `SUDOKU_ERR_MULTIPLE` or, in the compact library,
/// `SUDOKU_ERR_LIMIT`; the compact library's count of solutions takes steps too (one a
/// node), so no call runs long. The marks live in `*rater`, not on the stack, while it
/// rates: at most 1,944 bytes of stack on a Cortex-M0.
///
/// # Safety
/// `rater` as for `sudoku_rater_init_checked`; `marks` must be NULL or point to 81
/// readable `uint16_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_rater_init_marks_checked(
    rater: *mut sudoku_rater_t,
    size: usize,
    marks: *const u16,
) -> c_int {
    if !rater.is_null() && size < size_of::<sudoku_rater_t>() {
        return Failure::Size.code();
    }
    // SAFETY: the caller's contract, with `size` bytes at `rater`, which are at least the
    // `sizeof(sudoku_rater_t)` that `sudoku_rater_init_marks` needs.
    unsafe { sudoku_rater_init_marks(rater, marks) }
}

/// `sudoku_rater_init_marks_checked` without the size check. The header's
/// `sudoku_rater_init_marks` macro calls the checked form.
///
/// # Safety
/// As for `sudoku_rater_init_marks_checked`, with `sizeof(sudoku_rater_t)` writable bytes
/// at `rater` as this library counts them (see `sudoku_rater_size`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_rater_init_marks(
    rater: *mut sudoku_rater_t,
    marks: *const u16,
) -> c_int {
    let slot = match checked_place(rater.cast::<RaterSlot>()) {
        Ok(slot) => slot,
        Err(failure) => return failure.code(),
    };
    // Read before the rater is written, in case the caller's sets lie in it.
    // SAFETY: not NULL, and the caller guarantees 81 readable `uint16_t`.
    let read = (!marks.is_null()).then(|| unsafe { read_marks(marks) });
    // SAFETY: as in `sudoku_rater_init`: not NULL, aligned (checked above), with the
    // `sizeof(sudoku_rater_t)` writable bytes the caller guarantees, which hold a
    // `RaterSlot`; afterwards they hold a valid one.
    let slot = unsafe {
        slot.write(RaterSlot::failed(Failure::Null));
        &mut *slot
    };
    match &read {
        Some(marks) => status(slot.start_marks(marks)),
        None => Failure::Null.code(),
    }
}

/// Advances the rating by at most `budget` steps, then returns where it stands:
/// `SUDOKU_OK` once rated (the rating is ready for `sudoku_rater_write`),
/// `SUDOKU_ERR_BUDGET` if it needs more steps (call again), or why the grid cannot be
/// rated, as `sudoku_rate` says it (`SUDOKU_ERR_UNSOLVABLE`, `SUDOKU_ERR_MULTIPLE`, ...).
/// After `SUDOKU_OK` or an error it does no more work and returns the same code. Also
/// `SUDOKU_ERR_NULL`, or `SUDOKU_ERR_STATE` (not initialised).
///
/// A step is one step of the count of solutions (as in `sudoku_solver_step`) or one step
/// of the path (the singles that follow and the next technique). The costliest step
/// measured, an ALS-XY-wing search, takes 63.7 million instructions on a Cortex-M0 (1.33 s
/// at 48 MHz), where a whole rating takes up to 714 million (14.9 s). A budget of 0
/// takes no step. The rating is the same as `sudoku_rate`'s, whatever the budgets. At
/// most 1.5 KiB of stack on a Cortex-M0 (the state is in `*rater`).
///
/// # Safety
/// `rater` must be NULL or point to a `sudoku_rater_t` that is readable and writable and
/// not used by another thread during the call, set up by `sudoku_rater_init` (a
/// zero-filled one is refused with `SUDOKU_ERR_STATE`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_rater_step(rater: *mut sudoku_rater_t, budget: c_uint) -> c_int {
    // SAFETY: the caller's contract above is `checked_mut`'s.
    match unsafe { checked_mut(rater.cast::<RaterSlot>()) } {
        Ok(slot) => status(slot.step(budget)),
        Err(failure) => failure.code(),
    }
}

/// Copies the finished rating into `*out`, as `sudoku_rate` would write it. Returns
/// `SUDOKU_OK`, or leaves `*out` untouched and returns what `sudoku_rater_step` would
/// (`SUDOKU_ERR_BUDGET` while not finished), or `SUDOKU_ERR_NULL`.
///
/// # Safety
/// `rater` as for `sudoku_rater_step` (read only); `out` must be NULL or point to a
/// writable `sudoku_rating_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_rater_write(
    rater: *const sudoku_rater_t,
    out: *mut sudoku_rating_t,
) -> c_int {
    if out.is_null() {
        return Failure::Null.code();
    }
    // SAFETY: the caller's contract for `rater` is `checked_ref`'s.
    match unsafe { checked_ref(rater.cast::<RaterSlot>()) }.and_then(RaterSlot::rating_done) {
        // SAFETY: not NULL, and the caller guarantees a writable sudoku_rating_t.
        Ok(rating) => unsafe { write_rating(out, &rating) },
        Err(failure) => return failure.code(),
    }
    SUDOKU_OK
}

/// The size in bytes of `sudoku_explainer_t` as this library was built (see
/// `sudoku_solver_size`: the same `SUDOKU_COMPACT` rule applies).
///
/// # Safety
/// Always safe to call.
#[unsafe(no_mangle)]
pub extern "C" fn sudoku_explainer_size() -> usize {
    size_of::<sudoku_explainer_t>()
}

/// Starts the solving path of `grid` (same text rules as `sudoku_hint`) in the
/// caller-owned `*explainer`: `sudoku_explainer_next` then gives its steps one per call,
/// the whole path that `sudoku explain` prints, for a game's "show me how" or a tutorial.
/// It counts the puzzle's solutions first (as `sudoku_hint` does). The grid is copied, so
/// it may change or go away afterwards.
///
/// C code calls this through the `sudoku_explainer_init(explainer, grid)` macro, which
/// passes `sizeof(sudoku_explainer_t)` as `size`: a struct smaller than this library needs
/// gets `SUDOKU_ERR_SIZE` and is not written.
///
/// Returns `SUDOKU_OK` when the path is ready. On `SUDOKU_ERR_CHAR`, `_LENGTH`,
/// `_CONFLICT`, `_UNSOLVABLE` or a NULL `grid` (`SUDOKU_ERR_NULL`), the explainer is still
/// initialised and every later call returns the same code. A puzzle with several solutions
/// is explained without the techniques that assume uniqueness, until none applies. A NULL
/// `explainer` gives `SUDOKU_ERR_NULL`; one not aligned for `sudoku_explainer_t` (16 bytes)
/// gives `SUDOKU_ERR_STATE`; neither is written.
///
/// # Safety
/// `explainer` must be NULL or point to `size` writable bytes aligned for
/// `sudoku_explainer_t` (any contents). `grid` must be NULL or readable up to its first
/// NUL (or its 82nd cell, if that comes first).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_explainer_init_checked(
    explainer: *mut sudoku_explainer_t,
    size: usize,
    grid: *const c_char,
) -> c_int {
    if !explainer.is_null() && size < size_of::<sudoku_explainer_t>() {
        return Failure::Size.code();
    }
    // SAFETY: the caller's contract, with `size` bytes at `explainer`, which are at least
    // the `sizeof(sudoku_explainer_t)` that `sudoku_explainer_init` needs.
    unsafe { sudoku_explainer_init(explainer, grid) }
}

/// `sudoku_explainer_init_checked` without the size check. The header's
/// `sudoku_explainer_init` macro calls the checked form.
///
/// # Safety
/// As for `sudoku_explainer_init_checked`, with `sizeof(sudoku_explainer_t)` writable
/// bytes at `explainer` as this library counts them (see `sudoku_explainer_size`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_explainer_init(
    explainer: *mut sudoku_explainer_t,
    grid: *const c_char,
) -> c_int {
    let slot = match checked_place(explainer.cast::<ExplainerSlot>()) {
        Ok(slot) => slot,
        Err(failure) => return failure.code(),
    };
    // SAFETY: the caller's contract for `grid` is `read_board`'s.
    let board = unsafe { read_board(grid) };
    // SAFETY: `slot` is not NULL, is aligned (checked above), and the caller guarantees
    // `sizeof(sudoku_explainer_t)` writable bytes, which hold an `ExplainerSlot` (asserted
    // at compile time in `explainer`). `write` does not read or drop the old contents;
    // afterwards the bytes hold a valid `ExplainerSlot`, so the exclusive reference is
    // sound.
    let slot = unsafe {
        slot.write(ExplainerSlot::failed(Failure::Null));
        &mut *slot
    };
    status(slot.start(board))
}

/// Takes the next step of the path, writes it to `*step` as `sudoku_hint` writes a hint,
/// and applies it: `SUDOKU_OK` with `kind` `SUDOKU_HINT_STEP`, or `SUDOKU_HINT_SOLVED`
/// once the grid is full (and on every call after). The steps are those of `sudoku
/// explain` for the same puzzle, in the same order. On an error `*step` is not written:
/// `SUDOKU_ERR_MULTIPLE` (several solutions, and no technique that works without
/// uniqueness applies), `SUDOKU_ERR_NULL`, `SUDOKU_ERR_STATE` (not initialised), or the
/// error `sudoku_explainer_init` returned.
///
/// One call is one step: up to one technique's search (the costliest measured in a
/// rating, an ALS-XY-wing search, takes 63.7 million instructions on a Cortex-M0; most
/// steps take far less).
///
/// # Safety
/// `explainer` must be NULL or point to a `sudoku_explainer_t` that is readable and
/// writable and not used by another thread during the call, set up by
/// `sudoku_explainer_init` (a zero-filled one is refused with `SUDOKU_ERR_STATE`); `step`
/// must be NULL or point to a writable `sudoku_step_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_explainer_next(
    explainer: *mut sudoku_explainer_t,
    step: *mut sudoku_step_t,
) -> c_int {
    if step.is_null() {
        return Failure::Null.code();
    }
    // SAFETY: the caller's contract for `explainer` is `checked_mut`'s.
    let slot = match unsafe { checked_mut(explainer.cast::<ExplainerSlot>()) } {
        Ok(slot) => slot,
        Err(failure) => return failure.code(),
    };
    // SAFETY: not NULL, and the caller guarantees a writable sudoku_step_t.
    status(slot.next(|hint| unsafe { write_step(step, hint) }))
}

/// Writes the grid as the path's steps so far left it into `out` (81 cells, `.` for an
/// open one, then a NUL, as `sudoku_generate` writes a puzzle) and, if `candidates` is not
/// NULL, each cell's candidates into `candidates[0..81]` (bit `d - 1` for digit `d`; 0 for
/// a filled cell), as the steps left them: what a game shows after each step. Returns
/// `SUDOKU_OK`, or leaves both untouched and returns `SUDOKU_ERR_NULL` (`out` is NULL),
/// `SUDOKU_ERR_STATE`, or the error `sudoku_explainer_init` returned.
///
/// # Safety
/// `explainer` as for `sudoku_explainer_next` (read only); `out` must be NULL or point to
/// 82 writable bytes; `candidates` must be NULL or point to 81 writable `uint16_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_explainer_grid(
    explainer: *const sudoku_explainer_t,
    out: *mut c_char,
    candidates: *mut u16,
) -> c_int {
    if out.is_null() {
        return Failure::Null.code();
    }
    // SAFETY: the caller's contract for `explainer` is `checked_ref`'s.
    let marks = match unsafe { checked_ref(explainer.cast::<ExplainerSlot>()) }
        .and_then(ExplainerSlot::marks)
    {
        Ok(marks) => marks,
        Err(failure) => return failure.code(),
    };
    // SAFETY: not NULL, and the caller guarantees 82 writable bytes.
    crate::generator::write_line(unsafe { &mut *out.cast::<[u8; 82]>() }, &marks.board());
    if !candidates.is_null() {
        for cell in 0..CELLS {
            // SAFETY: not NULL, and the caller guarantees 81 writable `uint16_t`, so
            // `candidates + cell` for `cell < 81` is in them; `write_unaligned` needs no
            // alignment.
            unsafe {
                candidates
                    .add(cell)
                    .write_unaligned(marks.candidates(cell).bits())
            };
        }
    }
    SUDOKU_OK
}

/// Reads 81 candidate sets (bit `d - 1` for digit `d`; higher bits ignored) into `sets`.
///
/// # Safety
/// `marks` is not NULL and points to 81 readable `uint16_t` (any alignment, any bits).
unsafe fn read_sets(marks: *const u16, sets: &mut [Digits; CELLS]) {
    for (i, set) in sets.iter_mut().enumerate() {
        // SAFETY: the caller guarantees 81 readable `uint16_t`, so `marks + i` for `i < 81`
        // is in them; `read_unaligned` needs no alignment.
        *set = Digits::from_bits(unsafe { marks.add(i).read_unaligned() });
    }
}

/// Rates the pencil-mark ("Sukaku") puzzle `marks`: 81 candidate sets, `marks[i]` the
/// digits cell `i` may hold (bit `d - 1` for digit `d`; higher bits ignored), every cell
/// open (a cell with one candidate is a naked single to find). Writes the rating as
/// `sudoku_rate` does.
///
/// Returns `SUDOKU_OK`, or leaves `*out` untouched and returns `SUDOKU_ERR_NULL`,
/// `SUDOKU_ERR_UNSOLVABLE` (an empty set, a unit where a digit has no place, or no
/// solution), `SUDOKU_ERR_MULTIPLE` (several solutions) or `SUDOKU_ERR_LIMIT` (the compact
/// library's count of solutions gave up).
///
/// # Safety
/// `marks` must be NULL or point to 81 readable `uint16_t`; `out` must be NULL or point to
/// a writable `sudoku_rating_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_rate_marks(marks: *const u16, out: *mut sudoku_rating_t) -> c_int {
    if marks.is_null() || out.is_null() {
        return Failure::Null.code();
    }
    // The path in this frame, its marks read and counted in frames that are gone by the
    // time it is rated: no copy of the marks stays on the stack below the rating.
    let mut path = Explain::empty();
    // SAFETY: not NULL, and the caller guarantees 81 readable `uint16_t`.
    if let Err(e) = unsafe { start_marks_path(&mut path, marks) } {
        return Failure::from(e).code();
    }
    // Built where it is read, as in `sudoku_rate`.
    let mut rating = Err(LogicError::Stuck);
    path.rate_into(&mut rating);
    match &rating {
        // SAFETY: not NULL, and the caller guarantees a writable sudoku_rating_t.
        Ok(rating) => unsafe { write_rating(out, rating) },
        Err(e) => return Failure::from(*e).code(),
    }
    SUDOKU_OK
}

/// The marks of 81 candidate sets read as `read_sets` reads them. Out of line: the sets
/// are gone from the stack by the time the marks are used.
///
/// # Safety
/// As for `read_sets`.
#[inline(never)]
unsafe fn read_marks(marks: *const u16) -> Result<Marks, LogicError> {
    let mut sets = [Digits::NONE; CELLS];
    // SAFETY: the caller's contract.
    unsafe { read_sets(marks, &mut sets) };
    Marks::from_candidates(&sets)
}

/// Makes `path` the path of the candidate sets at `marks`, read as `read_sets` reads them,
/// after counting their solutions ([`Explain::reset_candidates`]). Out of line: the sets
/// and the count's state are gone from the stack when it returns.
///
/// # Safety
/// As for `read_sets`.
#[inline(never)]
unsafe fn start_marks_path(path: &mut Explain, marks: *const u16) -> Result<(), LogicError> {
    let mut sets = [Digits::NONE; CELLS];
    // SAFETY: the caller's contract.
    unsafe { read_sets(marks, &mut sets) };
    path.reset_candidates(&sets)
}

/// Starts the solving path of the pencil-mark ("Sukaku") puzzle `marks` (81 candidate
/// sets, as `sudoku_rate_marks` reads them) in the caller-owned `*explainer`, as
/// `sudoku_explainer_init` does for a grid; its first step is the puzzle's hint. The sets
/// are copied. C code calls this through the `sudoku_explainer_init_marks(explainer,
/// marks)` macro, which passes `sizeof(sudoku_explainer_t)` as `size`.
///
/// Returns `SUDOKU_OK` when the path is ready. On `SUDOKU_ERR_UNSOLVABLE`,
/// `SUDOKU_ERR_LIMIT` or a NULL `marks` (`SUDOKU_ERR_NULL`), the explainer is still
/// initialised and every later call returns the same code. A NULL `explainer`, one too
/// small (`SUDOKU_ERR_SIZE`) or misaligned (`SUDOKU_ERR_STATE`) is not written.
///
/// # Safety
/// `explainer` as for `sudoku_explainer_init_checked`; `marks` must be NULL or point to 81
/// readable `uint16_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_explainer_init_marks_checked(
    explainer: *mut sudoku_explainer_t,
    size: usize,
    marks: *const u16,
) -> c_int {
    if !explainer.is_null() && size < size_of::<sudoku_explainer_t>() {
        return Failure::Size.code();
    }
    // SAFETY: the caller's contract, with `size` bytes at `explainer`, which are at least
    // the `sizeof(sudoku_explainer_t)` that `sudoku_explainer_init_marks` needs.
    unsafe { sudoku_explainer_init_marks(explainer, marks) }
}

/// `sudoku_explainer_init_marks_checked` without the size check. The header's
/// `sudoku_explainer_init_marks` macro calls the checked form.
///
/// # Safety
/// As for `sudoku_explainer_init_marks_checked`, with `sizeof(sudoku_explainer_t)`
/// writable bytes at `explainer` as this library counts them.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_explainer_init_marks(
    explainer: *mut sudoku_explainer_t,
    marks: *const u16,
) -> c_int {
    let slot = match checked_place(explainer.cast::<ExplainerSlot>()) {
        Ok(slot) => slot,
        Err(failure) => return failure.code(),
    };
    // Read before the explainer is written, in case the caller's sets lie in it.
    let mut sets = [Digits::NONE; CELLS];
    if !marks.is_null() {
        // SAFETY: not NULL, and the caller guarantees 81 readable `uint16_t`.
        unsafe { read_sets(marks, &mut sets) };
    }
    // SAFETY: as in `sudoku_explainer_init`: not NULL, aligned (checked above), with the
    // `sizeof(sudoku_explainer_t)` writable bytes the caller guarantees, which hold an
    // `ExplainerSlot`; afterwards they hold a valid one.
    let slot = unsafe {
        slot.write(ExplainerSlot::failed(Failure::Null));
        &mut *slot
    };
    if marks.is_null() {
        return Failure::Null.code();
    }
    status(slot.start_marks(&sets))
}

/// Writes the C form of `rating` to `*out`, in place: zeros, then its fields. Out of
/// line: a `sudoku_rating_t` built on the stack and copied out (112 bytes) would otherwise
/// be in `sudoku_rate`'s frame, above the whole rating, and copying it took 52 bytes more
/// of a Cortex-M0's flash.
///
/// # Safety
/// `out` is not NULL and points to a writable `sudoku_rating_t`.
#[inline(never)]
pub(crate) unsafe fn write_rating(out: *mut sudoku_rating_t, rating: &Rating) {
    // SAFETY: the caller's contract; a `sudoku_rating_t` is integers and a `bool`, for
    // which zeros are valid, and `write_bytes` does not read the old contents.
    unsafe { out.write_bytes(0, 1) };
    // SAFETY: initialised just above, and the caller guarantees exclusive access.
    fill_rating(unsafe { &mut *out }, rating);
}

/// The name of technique `technique` (0 to `SUDOKU_TECHNIQUES - 1`), as HoDoKu names it,
/// such as "Hidden Single" or "XY-Wing": a static string, never freed. NULL for any other
/// number. The two hidden singles (in a box, in a line) share one name.
///
/// # Safety
/// Always safe to call.
#[unsafe(no_mangle)]
pub extern "C" fn sudoku_technique_name(technique: c_int) -> *const c_char {
    let Some(&start) = usize::try_from(technique)
        .ok()
        .and_then(|index| NAME_STARTS.get(index))
    else {
        return core::ptr::null();
    };
    NAMES
        .get(usize::from(start)..)
        .map_or(core::ptr::null(), |name| name.as_ptr().cast())
}

/// The name of level `level` (1 to 5), as HoDoKu names it: "Easy", "Medium", "Hard",
/// "Unfair", "Extreme". A static string, never freed; NULL for any other number.
///
/// # Safety
/// Always safe to call.
#[unsafe(no_mangle)]
pub extern "C" fn sudoku_level_name(level: c_int) -> *const c_char {
    let name = match level {
        1 => c"Easy",
        2 => c"Medium",
        3 => c"Hard",
        4 => c"Unfair",
        5 => c"Extreme",
        _ => return core::ptr::null(),
    };
    name.as_ptr()
}

/// Writes `*step` as one line of text into `buf`, as `snprintf` would: at most `len - 1`
/// bytes and a NUL (when `len` > 0), and returns the length of the whole text (without
/// the NUL), so a result >= `len` means it was cut short. With `len` 0, `buf` may be NULL
/// and nothing is written: the result is the size to allocate, minus one.
///
/// The text reads `r4c7=5 hidden single in box 6`, `r1c2<>3,5 naked pair on 3,5 in row 1
/// (r1c5,r1c8)`, `r2c3=4 is wrong` or `solved`; it never exceeds 1 KiB.
///
/// Returns `SUDOKU_ERR_NULL` (`step` NULL, or `buf` NULL with `len` > 0) or
/// `SUDOKU_ERR_STEP` (a struct not filled by `sudoku_hint`) without writing to `buf`.
///
/// # Safety
/// `step` must be NULL or point to a readable `sudoku_step_t`; `buf` must be NULL or point
/// to `len` writable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_step_format(
    step: *const sudoku_step_t,
    buf: *mut c_char,
    len: usize,
) -> c_int {
    if step.is_null() || (buf.is_null() && len > 0) {
        return Failure::Null.code();
    }
    // SAFETY: not NULL, and the caller guarantees a readable sudoku_step_t (any bit pattern
    // of its fields is a valid value).
    let step = unsafe { step.read_unaligned() };
    let Some(hint) = hint_of(&step) else {
        return Failure::Step.code();
    };
    let out: &mut [u8] = if len == 0 {
        &mut []
    } else {
        // SAFETY: not NULL (checked above for `len` > 0), and the caller guarantees `len`
        // writable bytes with no other access during the call.
        unsafe { core::slice::from_raw_parts_mut(buf.cast::<u8>(), len) }
    };
    let mut writer = Truncating { out, len: 0 };
    let _ = write!(writer, "{hint}");
    let end = writer.len.min(writer.out.len().saturating_sub(1));
    if let Some(nul) = writer.out.get_mut(end) {
        *nul = 0;
    }
    c_int::try_from(writer.len).unwrap_or(c_int::MAX)
}

/// The board of a text, read by the reader `sudoku_solve` uses.
///
/// # Safety
/// `text` is NULL or readable up to where `read_text` stops.
unsafe fn read_board(text: *const c_char) -> Result<Board, Failure> {
    if text.is_null() {
        return Err(Failure::Null);
    }
    // SAFETY: not NULL; readable up to where `read_text` stops, by the caller's contract.
    Ok(unsafe { read_text(text, usize::MAX) }?.1)
}

/// The boards of two texts, the first read first and checked for conflicting digits
/// before the second is read. Every error of the first comes first: when the second
/// cannot be read, a first without a solution is [`Failure::Unsolvable`].
///
/// # Safety
/// Each text is NULL or readable up to where `read_text` stops.
unsafe fn read_boards(
    first: *const c_char,
    second: *const c_char,
) -> Result<(Board, Board), Failure> {
    // SAFETY: the caller's contract.
    let first = unsafe { read_board(first) }?;
    if first.conflict().is_some() {
        return Err(Failure::Conflict);
    }
    // SAFETY: the caller's contract.
    match unsafe { read_board(second) } {
        Ok(second) => Ok((first, second)),
        Err(failure) => Err(unsolvable_or(&first, failure)),
    }
}

/// [`Failure::Unsolvable`] if `givens` (free of conflicts) have no solution, else
/// `failure`. Out of line: the count's solver is on the stack only on this error path,
/// never under a hint.
#[inline(never)]
fn unsolvable_or(givens: &Board, failure: Failure) -> Failure {
    if givens.count_solutions(1) == 0 {
        Failure::Unsolvable
    } else {
        failure
    }
}

/// Writes `hint` to `*step` and returns `SUDOKU_OK`, or returns the code of its error
/// and writes nothing. The hint is read where it lies: a `Result` converted to another
/// error type would be a second copy of the step on the deepest stack.
///
/// # Safety
/// As for [`write_step`].
unsafe fn write_hint(step: *mut sudoku_step_t, hint: &Result<Hint, LogicError>) -> c_int {
    match hint {
        // SAFETY: the caller's contract.
        Ok(hint) => unsafe { write_step(step, hint) },
        Err(e) => return Failure::from(*e).code(),
    }
    SUDOKU_OK
}

const EMPTY_STEP: sudoku_step_t = sudoku_step_t {
    kind: SUDOKU_HINT_SOLVED,
    technique: -1,
    se_rating: -1,
    cell: -1,
    digit: -1,
    solution: -1,
    digits: 0,
    n_eliminations: 0,
    n_pattern: 0,
    n_units: 0,
    eliminations: [sudoku_candidate_t { cell: 0, digit: 0 }; SUDOKU_STEP_ELIMINATIONS],
    pattern: [sudoku_candidate_t { cell: 0, digit: 0 }; SUDOKU_STEP_PATTERN],
    units: [sudoku_unit_t { kind: 0, index: 0 }; SUDOKU_STEP_UNITS],
};

/// Writes the C form of `hint` to `*step`, in place: a `sudoku_step_t` built on the stack
/// and copied out would add its 168 bytes to the frame of every hint entry point. In the
/// compact build [`EMPTY_STEP`] is written as zeros and then [`not_zero`]: copied, it is
/// 168 bytes of a Cortex-M0's flash, where the zeros are a call to the `memclr` that
/// solving links anyway (144 bytes less).
///
/// # Safety
/// `step` is not NULL and points to a writable `sudoku_step_t` that nothing else accesses
/// during the call.
unsafe fn write_step(step: *mut sudoku_step_t, hint: &Hint) {
    // SAFETY: the caller's contract; `write` does not read the old contents.
    #[cfg(feature = "fast")]
    unsafe {
        step.write(EMPTY_STEP)
    };
    // SAFETY: the caller's contract; a `sudoku_step_t` is integers, for which zeros are
    // valid.
    #[cfg(not(feature = "fast"))]
    unsafe {
        step.write_bytes(0, 1)
    };
    // SAFETY: initialised just above, and the caller guarantees exclusive access.
    let out = unsafe { &mut *step };
    #[cfg(not(feature = "fast"))]
    not_zero(out);
    fill_step(out, hint);
}

/// Gives `out`, all zeros, the fields of [`EMPTY_STEP`] that are not zero. The -1s are
/// one value the compiler cannot see: as constants, their five stores became a call to a
/// `memset` of their own (160 bytes of a Cortex-M0's flash).
#[cfg(not(feature = "fast"))]
fn not_zero(out: &mut sudoku_step_t) {
    let none = core::hint::black_box(EMPTY_STEP.cell);
    out.kind = EMPTY_STEP.kind;
    (out.technique, out.se_rating) = (none, none);
    (out.cell, out.digit, out.solution) = (none, none, none);
}

/// Fills `out`, which holds [`EMPTY_STEP`], with the C form of `hint`.
fn fill_step(out: &mut sudoku_step_t, hint: &Hint) {
    match hint {
        Hint::Step(step) => {
            out.kind = SUDOKU_HINT_STEP;
            out.technique = step.technique() as c_int;
            out.se_rating = c_int::from(step.se_rating());
            if let Some(p) = step.placement() {
                out.cell = c_int::from(p.cell);
                out.digit = c_int::from(p.digit);
            }
            out.digits = step.digits().bits();
            out.n_eliminations = copy(step.eliminations(), &mut out.eliminations);
            out.n_pattern = copy(step.pattern(), &mut out.pattern);
            for (slot, unit) in out.units.iter_mut().zip(step.units()) {
                *slot = match *unit {
                    Unit::Row(index) => sudoku_unit_t {
                        kind: SUDOKU_UNIT_ROW,
                        index,
                    },
                    Unit::Col(index) => sudoku_unit_t {
                        kind: SUDOKU_UNIT_COL,
                        index,
                    },
                    Unit::Box(index) => sudoku_unit_t {
                        kind: SUDOKU_UNIT_BOX,
                        index,
                    },
                };
                out.n_units += 1;
            }
        }
        Hint::WrongEntry {
            cell,
            digit,
            solution,
        } => {
            out.kind = SUDOKU_HINT_WRONG_ENTRY;
            out.cell = c_int::from(*cell);
            out.digit = c_int::from(*digit);
            out.solution = c_int::from(*solution);
        }
        Hint::MissingCandidate { cell, digit } => {
            out.kind = SUDOKU_HINT_MISSING_CANDIDATE;
            out.cell = c_int::from(*cell);
            out.digit = c_int::from(*digit);
        }
        Hint::Solved => {}
    }
}

/// Copies `from` into `to` (as much as fits), returning the count. Out of line in the
/// compact build: one copy for a step's eliminations and its pattern (34 bytes less of a
/// Cortex-M0's flash).
#[cfg_attr(not(feature = "fast"), inline(never))]
fn copy(from: &[Candidate], to: &mut [sudoku_candidate_t]) -> u8 {
    let mut n = 0;
    for (slot, c) in to.iter_mut().zip(from) {
        *slot = sudoku_candidate_t {
            cell: c.cell,
            digit: c.digit,
        };
        n += 1;
    }
    n
}

/// The hint a C struct stands for, or `None` if no hint gives that struct.
fn hint_of(step: &sudoku_step_t) -> Option<Hint> {
    let cell = |value: c_int| u8::try_from(value).ok().filter(|&c| c < 81);
    match step.kind {
        SUDOKU_HINT_SOLVED => Some(Hint::Solved),
        SUDOKU_HINT_MISSING_CANDIDATE => Some(Hint::MissingCandidate {
            cell: cell(step.cell)?,
            digit: u8::try_from(step.digit)
                .ok()
                .filter(|d| (1..=9).contains(d))?,
        }),
        SUDOKU_HINT_WRONG_ENTRY => Some(Hint::WrongEntry {
            cell: cell(step.cell)?,
            digit: u8::try_from(step.digit)
                .ok()
                .filter(|d| (1..=9).contains(d))?,
            solution: u8::try_from(step.solution).ok().filter(|&d| d <= 9)?,
        }),
        SUDOKU_HINT_STEP => {
            let technique = Technique::from_index(u8::try_from(step.technique).ok()?)?;
            let placement = match (step.cell, step.digit) {
                (-1, -1) => None,
                (c, d) => Some(Candidate {
                    cell: u8::try_from(c).ok()?,
                    digit: u8::try_from(d).ok()?,
                }),
            };
            let mut eliminations = [Candidate { cell: 0, digit: 1 }; SUDOKU_STEP_ELIMINATIONS];
            let eliminations = candidates(
                step.eliminations.get(..usize::from(step.n_eliminations))?,
                &mut eliminations,
            )?;
            let mut pattern = [Candidate { cell: 0, digit: 1 }; SUDOKU_STEP_PATTERN];
            let pattern = candidates(
                step.pattern.get(..usize::from(step.n_pattern))?,
                &mut pattern,
            )?;
            let mut units = [Unit::Row(0); SUDOKU_STEP_UNITS];
            for (slot, unit) in units
                .iter_mut()
                .zip(step.units.get(..usize::from(step.n_units))?)
            {
                *slot = match unit.kind {
                    SUDOKU_UNIT_ROW => Unit::Row(unit.index),
                    SUDOKU_UNIT_COL => Unit::Col(unit.index),
                    SUDOKU_UNIT_BOX => Unit::Box(unit.index),
                    _ => return None,
                };
            }
            let units = units.get(..usize::from(step.n_units))?;
            let se = u8::try_from(step.se_rating).ok()?;
            let digits = Digits::from_bits(step.digits);
            Step::from_parts(
                technique,
                se,
                placement,
                eliminations,
                pattern,
                units,
                digits,
            )
            .map(Hint::Step)
        }
        _ => None,
    }
}

/// Converts `from` into the front of `to`, returning that part (`Step::from_parts` checks
/// the ranges).
fn candidates<'a>(from: &[sudoku_candidate_t], to: &'a mut [Candidate]) -> Option<&'a [Candidate]> {
    for (slot, c) in to.iter_mut().zip(from) {
        *slot = Candidate {
            cell: c.cell,
            digit: c.digit,
        };
    }
    to.get(..from.len())
}

/// Fills `out`, all zeros, with the C form of `rating`.
fn fill_rating(out: &mut sudoku_rating_t, rating: &Rating) {
    for (count, i) in out.counts.iter_mut().zip(0..) {
        *count = Technique::from_index(i).map_or(0, |t| rating.count(t));
    }
    out.level = rating.level() as c_int;
    out.se_rating = c_int::from(rating.se_rating());
    out.hardest = rating.hardest() as c_int;
    out.steps = c_int::from(rating.steps());
    out.score = rating.score();
    out.needs_last_resort = rating.needs_last_resort();
}

/// A `fmt::Write` into a byte buffer that keeps the first `out.len() - 1` bytes (room for
/// the NUL) and counts them all.
struct Truncating<'a> {
    out: &'a mut [u8],
    len: usize,
}

impl fmt::Write for Truncating<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let room = self.out.len().saturating_sub(1);
        for &byte in s.as_bytes() {
            if self.len < room {
                if let Some(slot) = self.out.get_mut(self.len) {
                    *slot = byte;
                }
            }
            self.len += 1;
        }
        Ok(())
    }
}

/// The technique names, each followed by a NUL, in technique order.
const NAMES: [u8; NAMES_LEN] = names();
const NAMES_LEN: usize = {
    let mut len = 0;
    let mut i = 0;
    while i < Technique::COUNT {
        len += Technique::ALL[i].name().len() + 1;
        i += 1;
    }
    len
};
/// Where each technique's name starts in [`NAMES`].
const NAME_STARTS: [u16; SUDOKU_TECHNIQUES] = {
    let mut starts = [0; SUDOKU_TECHNIQUES];
    let mut at = 0;
    let mut i = 0;
    while i < Technique::COUNT {
        starts[i] = at as u16;
        at += Technique::ALL[i].name().len() + 1;
        i += 1;
    }
    starts
};
const _: () = assert!(NAMES_LEN <= u16::MAX as usize);

const fn names() -> [u8; NAMES_LEN] {
    let mut out = [0; NAMES_LEN];
    let mut at = 0;
    let mut i = 0;
    while i < Technique::COUNT {
        let name = Technique::ALL[i].name().as_bytes();
        let mut j = 0;
        while j < name.len() {
            out[at] = name[j];
            at += 1;
            j += 1;
        }
        at += 1;
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku81::Level;

    #[test]
    fn names_match_the_library() {
        for technique in Technique::ALL {
            let name = sudoku_technique_name(technique as c_int);
            assert!(!name.is_null());
            // SAFETY: a static NUL-terminated string.
            let name = unsafe { core::ffi::CStr::from_ptr(name) };
            assert_eq!(name.to_bytes(), technique.name().as_bytes());
        }
        assert!(sudoku_technique_name(-1).is_null());
        assert!(sudoku_technique_name(SUDOKU_TECHNIQUES as c_int).is_null());
        for level in Level::ALL {
            let name = sudoku_level_name(level as c_int);
            // SAFETY: a static NUL-terminated string.
            let name = unsafe { core::ffi::CStr::from_ptr(name) };
            assert_eq!(name.to_bytes(), level.name().as_bytes());
        }
        assert!(sudoku_level_name(0).is_null());
        assert!(sudoku_level_name(6).is_null());
    }
}
