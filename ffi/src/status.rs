//! The return codes and their messages: the one place where a Rust error becomes a C code.

use core::ffi::{c_char, c_int, CStr};

use sudoku81::{Conflict, LogicError, ParseError, SolveError};

/// Success: the grid was solved (or, for the resumable solver, the search is done and found
/// a solution).
pub const SUDOKU_OK: c_int = 0;
/// A pointer argument is NULL.
pub const SUDOKU_ERR_NULL: c_int = -1;
/// A byte other than `1`-`9`, `.`, `0`, space, tab, CR or LF was met before the NUL (also
/// when it comes after the 81st cell).
pub const SUDOKU_ERR_CHAR: c_int = -2;
/// Not exactly 81 cells: fewer before the NUL (or the end of the buffer), or an 82nd cell
/// was met (reading stopped there).
pub const SUDOKU_ERR_LENGTH: c_int = -3;
/// Two givens share a digit in a row, column or box.
pub const SUDOKU_ERR_CONFLICT: c_int = -4;
/// The givens are consistent, but the puzzle has no solution.
pub const SUDOKU_ERR_UNSOLVABLE: c_int = -5;
/// Resumable solver only: the step budget ran out before the search finished. Not a
/// failure: call `sudoku_solver_step` again to go on.
pub const SUDOKU_ERR_BUDGET: c_int = -6;
/// Resumable solver or generator: the `sudoku_solver_t` (`sudoku_generator_t`) was never
/// set up by `sudoku_solver_init` (`sudoku_generator_init`), or is not aligned for its type.
pub const SUDOKU_ERR_STATE: c_int = -7;
/// Resumable solver or generator: the caller's `sudoku_solver_t` (`sudoku_generator_t`)
/// is smaller than this library needs (a program compiled with `SUDOKU_COMPACT` linked against the default library);
/// nothing was written.
pub const SUDOKU_ERR_SIZE: c_int = -8;
/// Generator only: the options' `symmetry` is not one of `SUDOKU_SYMMETRY_*`.
pub const SUDOKU_ERR_SYMMETRY: c_int = -9;
/// Generator only: the options' `givens` is impossible: below 17, above 81, or not a
/// number of givens the symmetry allows (with `SUDOKU_SYMMETRY_ROT90`, 4k or 4k+1).
pub const SUDOKU_ERR_GIVENS: c_int = -10;
/// Generator only: the options' `solution` is not a complete, valid grid (a bad character,
/// not 81 cells, a blank, or a digit repeated in a row, column or box).
pub const SUDOKU_ERR_SOLUTION: c_int = -11;
/// Generator only: every attempt ended with a minimal puzzle above the options' `givens`
/// (ask for more givens or more attempts), or, for `sudoku_generate_level`, no attempt gave
/// a puzzle of the level asked for (ask for more attempts).
pub const SUDOKU_ERR_UNREACHED: c_int = -12;
/// Hints and ratings only: the puzzle has several solutions. A rating needs a unique
/// solution; a hint is refused only when no technique that works without uniqueness applies.
pub const SUDOKU_ERR_MULTIPLE: c_int = -13;
/// `sudoku_hint_entries` and `sudoku_hint_marks` only: the player's grid changes (or
/// clears) a given.
pub const SUDOKU_ERR_GIVEN_CHANGED: c_int = -14;
/// `sudoku_step_format` only: the `sudoku_step_t` is not one this library filled (an
/// unknown kind or technique, a count above its array, a cell, digit or unit out of range).
pub const SUDOKU_ERR_STEP: c_int = -15;
/// `sudoku_generate_level` only: the level is not one of `SUDOKU_LEVEL_*` (1 to 5).
pub const SUDOKU_ERR_LEVEL: c_int = -16;
/// Pencil-mark grids only (`sudoku_rate_marks`, `sudoku_explainer_init_marks`), with a
/// library built without the `fast` engine: counting the grid's solutions gave up after
/// about a million branches (the default library's search always finishes).
pub const SUDOKU_ERR_LIMIT: c_int = -17;

/// Every way an entry point can fail. Each variant maps to exactly one code in
/// [`Failure::code`], and every Rust error converts into it with `?`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    /// [`SUDOKU_ERR_NULL`].
    Null,
    /// [`SUDOKU_ERR_CHAR`].
    Char,
    /// [`SUDOKU_ERR_LENGTH`].
    Length,
    /// [`SUDOKU_ERR_CONFLICT`].
    Conflict,
    /// [`SUDOKU_ERR_UNSOLVABLE`].
    Unsolvable,
    /// [`SUDOKU_ERR_BUDGET`].
    Budget,
    /// [`SUDOKU_ERR_STATE`].
    State,
    /// [`SUDOKU_ERR_SIZE`].
    Size,
    /// [`SUDOKU_ERR_SYMMETRY`].
    Symmetry,
    /// [`SUDOKU_ERR_GIVENS`].
    Givens,
    /// [`SUDOKU_ERR_SOLUTION`].
    Solution,
    /// [`SUDOKU_ERR_UNREACHED`].
    Unreached,
    /// [`SUDOKU_ERR_MULTIPLE`].
    Multiple,
    /// [`SUDOKU_ERR_GIVEN_CHANGED`].
    GivenChanged,
    /// [`SUDOKU_ERR_STEP`].
    Step,
    /// [`SUDOKU_ERR_LEVEL`].
    Level,
    /// [`SUDOKU_ERR_LIMIT`].
    Limit,
}

impl Failure {
    /// The C return code.
    pub(crate) const fn code(self) -> c_int {
        match self {
            Failure::Null => SUDOKU_ERR_NULL,
            Failure::Char => SUDOKU_ERR_CHAR,
            Failure::Length => SUDOKU_ERR_LENGTH,
            Failure::Conflict => SUDOKU_ERR_CONFLICT,
            Failure::Unsolvable => SUDOKU_ERR_UNSOLVABLE,
            Failure::Budget => SUDOKU_ERR_BUDGET,
            Failure::State => SUDOKU_ERR_STATE,
            Failure::Size => SUDOKU_ERR_SIZE,
            Failure::Symmetry => SUDOKU_ERR_SYMMETRY,
            Failure::Givens => SUDOKU_ERR_GIVENS,
            Failure::Solution => SUDOKU_ERR_SOLUTION,
            Failure::Unreached => SUDOKU_ERR_UNREACHED,
            Failure::Multiple => SUDOKU_ERR_MULTIPLE,
            Failure::GivenChanged => SUDOKU_ERR_GIVEN_CHANGED,
            Failure::Step => SUDOKU_ERR_STEP,
            Failure::Level => SUDOKU_ERR_LEVEL,
            Failure::Limit => SUDOKU_ERR_LIMIT,
        }
    }

    /// The failure a (negative) code stands for; `None` for `SUDOKU_OK` and unknown codes.
    pub(crate) const fn from_code(code: c_int) -> Option<Failure> {
        Some(match code {
            SUDOKU_ERR_NULL => Failure::Null,
            SUDOKU_ERR_CHAR => Failure::Char,
            SUDOKU_ERR_LENGTH => Failure::Length,
            SUDOKU_ERR_CONFLICT => Failure::Conflict,
            SUDOKU_ERR_UNSOLVABLE => Failure::Unsolvable,
            SUDOKU_ERR_BUDGET => Failure::Budget,
            SUDOKU_ERR_STATE => Failure::State,
            SUDOKU_ERR_SIZE => Failure::Size,
            SUDOKU_ERR_SYMMETRY => Failure::Symmetry,
            SUDOKU_ERR_GIVENS => Failure::Givens,
            SUDOKU_ERR_SOLUTION => Failure::Solution,
            SUDOKU_ERR_UNREACHED => Failure::Unreached,
            SUDOKU_ERR_MULTIPLE => Failure::Multiple,
            SUDOKU_ERR_GIVEN_CHANGED => Failure::GivenChanged,
            SUDOKU_ERR_STEP => Failure::Step,
            SUDOKU_ERR_LEVEL => Failure::Level,
            SUDOKU_ERR_LIMIT => Failure::Limit,
            _ => return None,
        })
    }
}

impl From<ParseError> for Failure {
    fn from(error: ParseError) -> Failure {
        match error {
            ParseError::InvalidByte { .. } => Failure::Char,
            ParseError::TooFewCells { .. } | ParseError::TooManyCells { .. } => Failure::Length,
            ParseError::Conflict(_) => Failure::Conflict,
        }
    }
}

impl From<SolveError> for Failure {
    fn from(error: SolveError) -> Failure {
        match error {
            SolveError::Conflict(_) => Failure::Conflict,
            SolveError::NoSolution => Failure::Unsolvable,
        }
    }
}

impl From<Conflict> for Failure {
    fn from(_: Conflict) -> Failure {
        Failure::Conflict
    }
}

impl From<LogicError> for Failure {
    fn from(error: LogicError) -> Failure {
        match error {
            LogicError::Conflict(_) => Failure::Conflict,
            LogicError::NoCandidates { .. }
            | LogicError::DigitMissing { .. }
            | LogicError::NoSolution => Failure::Unsolvable,
            // Stuck: no technique applies and no unique solution gives a last resort.
            LogicError::MultipleSolutions | LogicError::Stuck => Failure::Multiple,
            LogicError::SearchLimit => Failure::Limit,
            LogicError::GivenChanged { .. } => Failure::GivenChanged,
        }
    }
}

/// `SUDOKU_OK` for `Ok`, the failure's code otherwise.
pub(crate) fn status(result: Result<(), Failure>) -> c_int {
    match result {
        Ok(()) => SUDOKU_OK,
        Err(failure) => failure.code(),
    }
}

/// The message for `code`, as a static NUL-terminated string.
pub(crate) const fn message(code: c_int) -> &'static CStr {
    if code == SUDOKU_OK {
        return c"solved";
    }
    match Failure::from_code(code) {
        Some(Failure::Null) => c"a pointer argument is NULL",
        Some(Failure::Char) => {
            c"invalid character: only 1-9, '.', '0', space, tab, CR and LF are allowed"
        }
        Some(Failure::Length) => c"wrong number of cells: a puzzle has exactly 81",
        Some(Failure::Conflict) => c"conflicting givens: a digit repeats in a row, column or box",
        Some(Failure::Unsolvable) => c"the puzzle has no solution",
        Some(Failure::Budget) => {
            c"step budget used up: call sudoku_solver_step (or sudoku_generator_step) again"
        }
        Some(Failure::State) => c"the solver or generator state was not initialised by its _init function",
        Some(Failure::Size) => {
            c"the solver or generator state is too small for this library: compiled with SUDOKU_COMPACT?"
        }
        Some(Failure::Symmetry) => c"invalid symmetry: use one of the SUDOKU_SYMMETRY_* values",
        Some(Failure::Givens) => {
            c"impossible number of givens: from 17 to 81, and allowed by the symmetry"
        }
        Some(Failure::Solution) => c"the solution grid given is not a complete, valid grid",
        Some(Failure::Unreached) => {
            c"the number of givens or the level asked for was not reached: ask for more attempts (or givens)"
        }
        Some(Failure::Multiple) => {
            c"the puzzle has several solutions: it cannot be rated, and no hint applies"
        }
        Some(Failure::GivenChanged) => c"the player's grid changes a given",
        Some(Failure::Step) => {
            c"the step was not filled by sudoku_hint, sudoku_hint_entries or sudoku_hint_marks"
        }
        Some(Failure::Level) => c"invalid level: use one of the SUDOKU_LEVEL_* values, 1 to 5",
        Some(Failure::Limit) => {
            c"counting the pencil-mark grid's solutions gave up: too open for the compact library"
        }
        None => c"unknown sudoku error code",
    }
}

/// [`message`] as a C pointer.
pub(crate) const fn message_ptr(code: c_int) -> *const c_char {
    message(code).as_ptr()
}
