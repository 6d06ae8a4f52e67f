//! The C ABI of sudoku81: every `extern "C"` function of `include/sudoku.h`, and the only
//! `unsafe` code of the project.
//!
//! A plain `no_std` rlib. The C libraries (`libsudoku.a`, `libsudoku.so`) are built by the
//! `sudoku81-capi` package, which re-exports these functions and adds the panic handler;
//! tests, fuzz targets and tools link this crate directly and call the functions as C would.
//!
//! Each entry point checks its pointers for NULL, converts each raw pointer once (a text
//! into a slice bounded by its NUL or its 82nd cell, a `sudoku_solver_t` into a reference
//! after its magic number is checked), then calls safe code. Errors become C codes in one
//! place, the `status` module. Nothing here keeps global state, so every function is
//! reentrant and may run on several threads at once (on different buffers).
//!
//! Release builds abort on panic, and the C libraries' panic handler never returns, so no
//! panic can unwind into C.

#![no_std]
#![allow(unsafe_code)]

mod explainer;
mod generator;
mod grid;
mod logic;
mod rater;
mod resumable;
mod stats;
mod status;
mod tagged;

use core::ffi::{c_char, c_int, c_uint, CStr};
use core::slice;

use sudoku81::parse::{cell_value, CellReader};
use sudoku81::{
    Board, GenProgress, GenerateError, Generator, Options, ParseError, SplitMix64, CELLS,
};

pub use explainer::{sudoku_explainer_t, SUDOKU_EXPLAINER_WORDS};
pub use generator::{
    sudoku_generate_options_t, sudoku_generator_t, SUDOKU_GENERATOR_WORDS,
    SUDOKU_LEVEL_SEED_STRIDE, SUDOKU_SYMMETRY_DIAGONALS, SUDOKU_SYMMETRY_MIRROR_LR,
    SUDOKU_SYMMETRY_MIRROR_TB, SUDOKU_SYMMETRY_NONE, SUDOKU_SYMMETRY_ROT180, SUDOKU_SYMMETRY_ROT90,
};
pub use logic::{
    sudoku_candidate_t, sudoku_explainer_grid, sudoku_explainer_init,
    sudoku_explainer_init_checked, sudoku_explainer_init_marks,
    sudoku_explainer_init_marks_checked, sudoku_explainer_next, sudoku_explainer_size, sudoku_hint,
    sudoku_hint_entries, sudoku_hint_marks, sudoku_level_name, sudoku_rate, sudoku_rate_marks,
    sudoku_rater_init, sudoku_rater_init_checked, sudoku_rater_init_marks,
    sudoku_rater_init_marks_checked, sudoku_rater_size, sudoku_rater_step, sudoku_rater_write,
    sudoku_rating_t, sudoku_step_format, sudoku_step_t, sudoku_technique_name, sudoku_unit_t,
    SUDOKU_HINT_MISSING_CANDIDATE, SUDOKU_HINT_SOLVED, SUDOKU_HINT_STEP, SUDOKU_HINT_WRONG_ENTRY,
    SUDOKU_LEVEL_EASY, SUDOKU_LEVEL_EXTREME, SUDOKU_LEVEL_HARD, SUDOKU_LEVEL_MEDIUM,
    SUDOKU_LEVEL_UNFAIR, SUDOKU_STEP_ELIMINATIONS, SUDOKU_STEP_PATTERN, SUDOKU_STEP_UNITS,
    SUDOKU_TECHNIQUES, SUDOKU_UNIT_BOX, SUDOKU_UNIT_COL, SUDOKU_UNIT_ROW,
};
pub use rater::{sudoku_rater_t, SUDOKU_RATER_WORDS};
pub use resumable::{sudoku_solver_t, SUDOKU_SOLVER_WORDS};
pub use stats::sudoku_stats_t;
pub use status::{
    SUDOKU_ERR_BUDGET, SUDOKU_ERR_CHAR, SUDOKU_ERR_CONFLICT, SUDOKU_ERR_GIVENS,
    SUDOKU_ERR_GIVEN_CHANGED, SUDOKU_ERR_LENGTH, SUDOKU_ERR_LEVEL, SUDOKU_ERR_LIMIT,
    SUDOKU_ERR_MULTIPLE, SUDOKU_ERR_NULL, SUDOKU_ERR_SIZE, SUDOKU_ERR_SOLUTION, SUDOKU_ERR_STATE,
    SUDOKU_ERR_STEP, SUDOKU_ERR_SYMMETRY, SUDOKU_ERR_UNREACHED, SUDOKU_ERR_UNSOLVABLE, SUDOKU_OK,
};

use generator::{Attempt, GenSlot};
use resumable::Slot;
use status::{status, Failure};
use tagged::{checked_mut, checked_place, checked_ref};

/// Solves the puzzle in `grid` in place.
///
/// `grid` is a NUL-terminated string of 81 cells in row-major order: `1`-`9` for a given,
/// `.` or `0` for a blank. Spaces, tabs, CRs and LFs may appear anywhere and are kept as
/// they are, so one 81-character line and the classic 9 rows of 9 both work.
///
/// On success every blank byte is overwritten with its digit, every other byte is left
/// untouched, and `SUDOKU_OK` is returned. A puzzle with several solutions gets one of them
/// (always the same one). On any error the buffer is left byte-for-byte unchanged and the
/// code says why: `SUDOKU_ERR_NULL`, `SUDOKU_ERR_CHAR`, `SUDOKU_ERR_LENGTH`,
/// `SUDOKU_ERR_CONFLICT` or `SUDOKU_ERR_UNSOLVABLE`.
///
/// Reading stops at the NUL or at an 82nd cell, whichever comes first (an 82nd cell is
/// `SUDOKU_ERR_LENGTH`; nothing after it is read). Only cell bytes are ever written. No
/// global state: safe to call on several threads at once with different buffers.
///
/// # Safety
/// `grid` must be NULL or point to bytes that are readable and writable up to its first
/// NUL (or up to its 82nd cell, if that comes first), and no other thread may access those
/// bytes during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_solve(grid: *mut c_char) -> c_int {
    // SAFETY: the caller's contract above is `solve_in_place`'s for `max = SIZE_MAX`.
    status(unsafe { solve_in_place(grid, usize::MAX) }.0)
}

/// Like `sudoku_solve`, for a buffer that need not be NUL-terminated: at most `len` bytes
/// are read (a NUL before them still ends the text).
///
/// # Safety
/// `grid` must be NULL or point to `len` bytes (or fewer, if a NUL or an 82nd cell comes
/// first) that are readable and writable, with no other thread accessing them during the
/// call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_solve_n(grid: *mut c_char, len: usize) -> c_int {
    // SAFETY: the caller's contract above is `solve_in_place`'s for `max = len`.
    status(unsafe { solve_in_place(grid, len) }.0)
}

/// Like `sudoku_solve`, and also reports how much search it took in `*stats`.
///
/// `stats` may be NULL (then this is `sudoku_solve`). When not NULL it is always written:
/// with the counters for `SUDOKU_OK` and `SUDOKU_ERR_UNSOLVABLE`, with zeros for the other
/// errors.
///
/// # Safety
/// As for `sudoku_solve`; `stats` must be NULL or point to a writable `sudoku_stats_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_solve_stats(
    grid: *mut c_char,
    stats: *mut sudoku_stats_t,
) -> c_int {
    // SAFETY: the caller's contract for `grid` is `solve_in_place`'s for `max = SIZE_MAX`.
    let (result, counters) = unsafe { solve_in_place(grid, usize::MAX) };
    if !stats.is_null() {
        // SAFETY: not NULL, and the caller guarantees it points to a writable sudoku_stats_t.
        unsafe { stats.write(counters) };
    }
    status(result)
}

/// Counts the solutions of the puzzle in `grid` (same text rules as `sudoku_solve`),
/// stopping at `limit`: the result is from 0 to `limit`. With `limit` 2, the answers 0, 1
/// and 2 mean no solution, a unique solution and several solutions.
///
/// Conflicting givens count as 0 solutions. Since the result is an `int`, a `limit` above
/// `INT_MAX` counts up to `INT_MAX` only (so the result always fits, and never exceeds
/// `limit`). Negative results are errors: `SUDOKU_ERR_NULL`, `SUDOKU_ERR_CHAR`,
/// `SUDOKU_ERR_LENGTH`. Never writes to `grid`. Beware that a grid with few givens has
/// astronomically many solutions: the time taken grows with `limit`.
///
/// # Safety
/// `grid` must be NULL or point to bytes readable up to its first NUL (or its 82nd cell,
/// if that comes first).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_count_solutions(grid: *const c_char, limit: c_uint) -> c_int {
    // SAFETY: the caller's contract above is `count_in`'s for `max = SIZE_MAX`.
    unsafe { count_in(grid, usize::MAX, limit) }
}

/// Like `sudoku_count_solutions`, for a buffer that need not be NUL-terminated: at most
/// `len` bytes are read (a NUL before them still ends the text).
///
/// # Safety
/// `grid` must be NULL or point to `len` readable bytes (or fewer, if a NUL or an 82nd cell
/// comes first).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_count_solutions_n(
    grid: *const c_char,
    len: usize,
    limit: c_uint,
) -> c_int {
    // SAFETY: the caller's contract above is `count_in`'s for `max = len`.
    unsafe { count_in(grid, len, limit) }
}

/// A static, human-readable English message for a return code, such as "the puzzle has
/// no solution". Never NULL: unknown codes get "unknown sudoku error code". The string
/// must not be freed or modified.
///
/// # Safety
/// Always safe to call.
#[unsafe(no_mangle)]
pub extern "C" fn sudoku_strerror(code: c_int) -> *const c_char {
    status::message_ptr(code)
}

/// The library's version as a static string, such as "0.1.0" (never NULL, never freed).
///
/// # Safety
/// Always safe to call.
#[unsafe(no_mangle)]
pub extern "C" fn sudoku_version() -> *const c_char {
    VERSION.as_ptr()
}

/// The size in bytes of `sudoku_solver_t` as this library was built. A program compiled
/// with a matching header sees the same `sizeof(sudoku_solver_t)`; a program compiled with
/// `SUDOKU_COMPACT` must check `sudoku_solver_size() <= sizeof(sudoku_solver_t)` once (a
/// library built with the `fast` engine needs the larger struct).
///
/// # Safety
/// Always safe to call.
#[unsafe(no_mangle)]
pub extern "C" fn sudoku_solver_size() -> usize {
    core::mem::size_of::<sudoku_solver_t>()
}

const VERSION: &CStr =
    match CStr::from_bytes_with_nul(concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes()) {
        Ok(version) => version,
        Err(_) => c"unknown",
    };

/// Starts a resumable solve of `grid` (same text rules as `sudoku_solve`) in the
/// caller-owned `*solver`. The grid is copied, so it may change or go away afterwards.
///
/// C code calls this through the `sudoku_solver_init(solver, grid)` macro, which passes
/// `sizeof(sudoku_solver_t)` as `size`: a `sudoku_solver_t` smaller than this library needs (a
/// program compiled with `SUDOKU_COMPACT` and linked against the default library) gets
/// `SUDOKU_ERR_SIZE` and is not written, instead of being overrun.
///
/// Returns `SUDOKU_OK` when the search is ready for `sudoku_solver_step`. On
/// `SUDOKU_ERR_CHAR`, `_LENGTH`, `_CONFLICT` or a NULL `grid` (`SUDOKU_ERR_NULL`), the
/// solver is still initialised and every later step returns the same code. A NULL
/// `solver` gives `SUDOKU_ERR_NULL`; one not aligned for `sudoku_solver_t` gives
/// `SUDOKU_ERR_STATE`; neither is written.
///
/// # Safety
/// `solver` must be NULL or point to `size` writable bytes aligned for `sudoku_solver_t`
/// (any contents). `grid` must be NULL or readable up to its first NUL (or its 82nd cell,
/// if that comes first).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_solver_init_checked(
    solver: *mut sudoku_solver_t,
    size: usize,
    grid: *const c_char,
) -> c_int {
    if !solver.is_null() && size < size_of::<sudoku_solver_t>() {
        return SUDOKU_ERR_SIZE;
    }
    // SAFETY: the caller's contract, with `size` bytes at `solver`, which are at least the
    // `sizeof(sudoku_solver_t)` that `sudoku_solver_init` needs.
    unsafe { sudoku_solver_init(solver, grid) }
}

/// `sudoku_solver_init_checked` without the size check, for programs compiled against an
/// older header. The header's `sudoku_solver_init` macro calls the checked form.
///
/// # Safety
/// As for `sudoku_solver_init_checked`, with `sizeof(sudoku_solver_t)` writable bytes at
/// `solver` as this library counts them (see `sudoku_solver_size`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_solver_init(
    solver: *mut sudoku_solver_t,
    grid: *const c_char,
) -> c_int {
    let slot = match checked_place(solver.cast::<Slot>()) {
        Ok(slot) => slot,
        Err(failure) => return failure.code(),
    };
    let board = if grid.is_null() {
        Err(Failure::Null)
    } else {
        // SAFETY: `grid` is not NULL and the caller guarantees it is readable up to its NUL
        // or its 82nd cell, which is where `read_text` stops.
        unsafe { read_text(grid, usize::MAX) }
            .map(|(_, board)| board)
            .map_err(Failure::from)
    };
    // SAFETY: `slot` is not NULL, is aligned (checked above), and the caller guarantees
    // `sizeof(sudoku_solver_t)` writable bytes, which hold a `Slot` (asserted at compile
    // time in `resumable`). `write` does not read or drop the old contents; afterwards the
    // bytes hold a valid `Slot`, so the exclusive reference is sound for this call.
    let slot = unsafe {
        slot.write(Slot::failed(Failure::Null));
        &mut *slot
    };
    status(slot.start(board))
}

/// Advances the search by at most `budget` steps, then returns where it stands:
/// `SUDOKU_OK` once solved (a solution is ready for `sudoku_solver_write`),
/// `SUDOKU_ERR_UNSOLVABLE` once it has proved there is no solution, or `SUDOKU_ERR_BUDGET`
/// if it needs more steps (call again). After `SUDOKU_OK` or `SUDOKU_ERR_UNSOLVABLE` it
/// does no more work and returns the same code. Also `SUDOKU_ERR_NULL`, `SUDOKU_ERR_STATE`
/// (not initialised), or the error `sudoku_solver_init` returned.
///
/// A step is one propagation of forced digits to a fixed point (at most 81 placements) or
/// one backtrack, so the time a call takes is bounded by `budget`, which lets a firmware
/// main loop or an RTOS task solve between other work. A budget of 0 takes no step (it
/// can still report `SUDOKU_ERR_UNSOLVABLE` for a search that ran out of candidates as the
/// last call's budget ran out). The final answer is the same as `sudoku_solve`'s, whatever
/// the budgets.
///
/// # Safety
/// `solver` must be NULL or point to a `sudoku_solver_t` that is readable and writable and
/// not used by another thread during the call. It must have been set up by
/// `sudoku_solver_init` (a zero-filled one, such as a `static`, is detected and refused with
/// `SUDOKU_ERR_STATE`; arbitrary garbage is detected with high probability only).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_solver_step(solver: *mut sudoku_solver_t, budget: c_uint) -> c_int {
    // SAFETY: the caller's contract above is `checked_mut`'s.
    match unsafe { checked_mut(solver.cast::<Slot>()) } {
        Ok(slot) => status(slot.step(budget)),
        Err(failure) => failure.code(),
    }
}

/// Writes the solution found by `sudoku_solver_step` into `grid`, in place, exactly as
/// `sudoku_solve` would: `grid` is a puzzle text (same rules) whose givens agree with the
/// solution, typically the one given to `sudoku_solver_init`; its blank bytes get their
/// digits and nothing else changes.
///
/// Returns `SUDOKU_OK`, or leaves `grid` unchanged and returns: the solver's status if it
/// has no solution yet (`SUDOKU_ERR_BUDGET`, `SUDOKU_ERR_UNSOLVABLE`, the init error),
/// `SUDOKU_ERR_NULL`, `SUDOKU_ERR_STATE`, `SUDOKU_ERR_CHAR` / `SUDOKU_ERR_LENGTH` for the
/// text, or `SUDOKU_ERR_CONFLICT` if a given of `grid` differs from the solution.
///
/// # Safety
/// `solver` as for `sudoku_solver_step` (read only); `grid` as for `sudoku_solve`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_solver_write(
    solver: *const sudoku_solver_t,
    grid: *mut c_char,
) -> c_int {
    if grid.is_null() {
        return SUDOKU_ERR_NULL;
    }
    // SAFETY: the caller's contract for `solver` is `checked_ref`'s.
    let solution = match unsafe { checked_ref(solver.cast::<Slot>()) }.and_then(Slot::solution) {
        Ok(solution) => solution,
        Err(failure) => return failure.code(),
    };
    // SAFETY: `grid` is not NULL and the caller guarantees it is readable and writable up
    // to its NUL or 82nd cell, which is where `read_text` stops.
    let (len, board) = match unsafe { read_text(grid, usize::MAX) } {
        Ok(read) => read,
        Err(error) => return Failure::from(error).code(),
    };
    if !board.is_contained_in(&solution) {
        return SUDOKU_ERR_CONFLICT;
    }
    // SAFETY: `read_text` just read these `len` bytes, and the caller guarantees they are
    // writable and not accessed by anyone else during the call.
    let text = unsafe { slice::from_raw_parts_mut(grid.cast::<u8>(), len) };
    grid::fill_blanks(text, &solution);
    SUDOKU_OK
}

/// Copies the search counters of `*solver` so far into `*stats` (zeros if init failed).
/// Returns `SUDOKU_OK`, `SUDOKU_ERR_NULL` or `SUDOKU_ERR_STATE`.
///
/// # Safety
/// `solver` as for `sudoku_solver_step` (read only); `stats` must be NULL or point to a
/// writable `sudoku_stats_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_solver_stats(
    solver: *const sudoku_solver_t,
    stats: *mut sudoku_stats_t,
) -> c_int {
    if stats.is_null() {
        return SUDOKU_ERR_NULL;
    }
    // SAFETY: the caller's contract for `solver` is `checked_ref`'s.
    match unsafe { checked_ref(solver.cast::<Slot>()) } {
        Ok(slot) => {
            // SAFETY: not NULL, and the caller guarantees a writable sudoku_stats_t.
            unsafe { stats.write(slot.stats().into()) };
            SUDOKU_OK
        }
        Err(failure) => failure.code(),
    }
}

/// Generates a puzzle with exactly one solution into `out`: 81 cells in row-major order,
/// `1`-`9` for a given and `.` for a blank, then a NUL (82 bytes), ready for
/// `sudoku_solve`. The same `seed` and options give the same puzzle with every build of
/// this library on every platform (for as long as its major version stays), and the
/// same as `sudoku generate --seed SEED` prints on its first line.
///
/// `opts` may be NULL for the defaults: no symmetry, a minimal puzzle (no given can be
/// removed without losing uniqueness; with a symmetry, no orbit of givens), a random grid. Returns `SUDOKU_OK`, or leaves `out`
/// untouched and returns `SUDOKU_ERR_NULL` (`out` is NULL), `SUDOKU_ERR_SYMMETRY`,
/// `SUDOKU_ERR_GIVENS`, `SUDOKU_ERR_SOLUTION` (bad options) or `SUDOKU_ERR_UNREACHED`.
///
/// It runs to the end in one call (typically well under a millisecond on a PC); a
/// firmware that must not block uses `sudoku_generator_init` and `sudoku_generator_step`.
/// No global state: safe to call on several threads at once with different buffers.
///
/// # Safety
/// `out` must be NULL or point to 82 writable bytes not accessed by another thread during
/// the call. `opts` must be NULL or point to a readable `sudoku_generate_options_t`
/// (aligned for its type, as every C pointer to one is) whose `solution` is NULL or
/// readable up to its first NUL (or its 82nd cell).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_generate(
    out: *mut c_char,
    seed: u64,
    opts: *const sudoku_generate_options_t,
) -> c_int {
    if out.is_null() {
        return SUDOKU_ERR_NULL;
    }
    // The options are read before the generator is built, so that reading a solution text
    // does not add to the stack under the generator.
    // SAFETY: the caller's contract for `opts` is `read_options`'.
    match unsafe { read_options(opts) } {
        // SAFETY: not NULL, and the caller guarantees 82 writable bytes with no other
        // access.
        Ok(options) => unsafe { generate_into(seed, options, out) },
        Err(failure) => failure.code(),
    }
}

/// `sudoku_generate` once its options are read.
///
/// # Safety
/// `out` is not NULL and points to 82 writable bytes with no other access.
#[inline(never)]
unsafe fn generate_into(seed: u64, options: Options, out: *mut c_char) -> c_int {
    // Built and run in place: every move of a generator (a `Result` from
    // `Generator::new`, say) would cost its size, 1 KiB with the compact engine, in stack.
    // The puzzle is written from a frame of its own, gone while the generation runs.
    let mut generator = Generator::with_defaults(SplitMix64::new(seed));
    // One conversion of an error to its code, for both places it can come from.
    let run = |generator: &mut Generator<SplitMix64>| -> Result<(), GenerateError> {
        generator.reset(options)?;
        while !generator.advance(u32::MAX)? {}
        Ok(())
    };
    match run(&mut generator) {
        // SAFETY: the caller's contract.
        Ok(()) => unsafe { write_puzzle(&generator, out) },
        Err(error) => Failure::from(error).code(),
    }
}

/// Writes the finished puzzle of `generator` into `out` as `sudoku_generate` does and
/// returns `SUDOKU_OK`, or returns why there is none.
///
/// # Safety
/// `out` is not NULL and points to 82 writable bytes with no other access.
#[inline(never)]
unsafe fn write_puzzle(generator: &Generator<SplitMix64>, out: *mut c_char) -> c_int {
    match &generator.progress() {
        GenProgress::Done(puzzle) => {
            // SAFETY: the caller's contract.
            let out = unsafe { &mut *out.cast::<[u8; 82]>() };
            generator::write_line(out, puzzle);
            SUDOKU_OK
        }
        // Not met: the caller has run the generation to its end without an error.
        _ => Failure::Budget.code(),
    }
}

/// Generates a puzzle of HoDoKu's level `level` (1 easy to 5 extreme, as `sudoku_rate`
/// reports it; `SUDOKU_LEVEL_*`) into `out`, as `sudoku_generate` writes one: the first of
/// at most `attempts` puzzles that `sudoku_rate` puts at that level (0 means the default,
/// 100). Attempt `n` (from 0) is `sudoku_generate(out, seed + n * SUDOKU_LEVEL_SEED_STRIDE,
/// opts)`, wrapping, so attempt 0 is `sudoku_generate`'s puzzle, and the puzzle is the one
/// `sudoku generate --level NAME --attempts N --seed SEED` prints with the same options.
/// If `rating` is not NULL it gets the puzzle's rating, as `sudoku_rate` writes it.
///
/// Returns `SUDOKU_OK`, or leaves `out` and `*rating` untouched and returns
/// `SUDOKU_ERR_NULL` (`out` is NULL), `SUDOKU_ERR_LEVEL` (`level` is not 1 to 5),
/// `sudoku_generate`'s codes for bad options, or `SUDOKU_ERR_UNREACHED` (no attempt gave
/// the level; with a target number of givens, also when no attempt reached it).
///
/// Of minimal puzzles with the default options, 43% are easy, 16% medium, 18% hard, 9%
/// unfair and 14% extreme (3,000 seeds), so a level takes about 2 to 11 attempts on
/// average, each a generation and a rating. It runs to the end in one call; a firmware
/// that must not block makes the same attempts with `sudoku_generator_*` and
/// `sudoku_rater_*`, a bounded number of steps at a time. No global state.
///
/// # Safety
/// `out` and `opts` as for `sudoku_generate`; `rating` must be NULL or point to a writable
/// `sudoku_rating_t`; none accessed by another thread during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_generate_level(
    out: *mut c_char,
    seed: u64,
    opts: *const sudoku_generate_options_t,
    level: c_int,
    attempts: u32,
    rating: *mut sudoku_rating_t,
) -> c_int {
    if out.is_null() {
        return SUDOKU_ERR_NULL;
    }
    let Some(level) = logic::level_of(level) else {
        return SUDOKU_ERR_LEVEL;
    };
    let attempts = if attempts == 0 {
        sudoku81::DEFAULT_ATTEMPTS
    } else {
        attempts
    };
    // `Board::generate_at_level`'s attempts, with the options read again for each: kept
    // through the ratings, they took 88 bytes more of the stack above the deepest rating
    // (a Cortex-M0's 2 KiB). The puzzle and its rating share a slot, the puzzle kept
    // packed. The tests check that the puzzle is the Rust API's.
    let mut attempt = Attempt::Puzzle(Board::EMPTY);
    let mut packed = [0; 41];
    let (mut seed, mut left) = (seed, attempts);
    while left > 0 {
        // SAFETY: the caller's contract for `opts` is `read_options`'.
        let made = unsafe { generate_board(seed, opts, &mut attempt) };
        (seed, left) = (seed.wrapping_add(SUDOKU_LEVEL_SEED_STRIDE), left - 1);
        match made {
            Ok(()) => attempt.rate(&mut packed),
            Err(Failure::Unreached) => continue,
            Err(failure) => return failure.code(),
        }
        let Attempt::Rated(Ok(rated)) = &attempt else {
            continue;
        };
        if rated.level() != level {
            continue;
        }
        // SAFETY: not NULL, and the caller guarantees 82 writable bytes with no other
        // access.
        let out = unsafe { &mut *out.cast::<[u8; 82]>() };
        generator::write_packed(out, &packed);
        if !rating.is_null() {
            // SAFETY: not NULL, and the caller guarantees a writable sudoku_rating_t.
            unsafe { logic::write_rating(rating, rated) };
        }
        return SUDOKU_OK;
    }
    SUDOKU_ERR_UNREACHED
}

/// `sudoku_generate(out, seed, opts)`'s puzzle into `attempt`, in a frame of its own (the
/// generator's state is gone when its caller rates the puzzle).
///
/// # Safety
/// As `read_options`.
#[inline(never)]
unsafe fn generate_board(
    seed: u64,
    opts: *const sudoku_generate_options_t,
    attempt: &mut Attempt,
) -> Result<(), Failure> {
    // SAFETY: the caller's contract.
    let options = unsafe { read_options(opts) }?;
    let mut generator = Generator::with_defaults(SplitMix64::new(seed));
    generator.reset(options)?;
    *attempt = Attempt::Puzzle(generator.finish()?);
    Ok(())
}

/// The size in bytes of `sudoku_generator_t` as this library was built (see
/// `sudoku_solver_size`: the same `SUDOKU_COMPACT` rule applies).
///
/// # Safety
/// Always safe to call.
#[unsafe(no_mangle)]
pub extern "C" fn sudoku_generator_size() -> usize {
    core::mem::size_of::<sudoku_generator_t>()
}

/// Starts a resumable generation of the puzzle that `sudoku_generate(out, seed, opts)`
/// would make, in the caller-owned `*generator`. The options (and their `solution` text)
/// are copied, so they may change or go away afterwards.
///
/// C code calls this through the `sudoku_generator_init(generator, seed, opts)` macro,
/// which passes `sizeof(sudoku_generator_t)` as `size`: a struct smaller than this library
/// needs gets `SUDOKU_ERR_SIZE` and is not written.
///
/// Returns `SUDOKU_OK` when ready for `sudoku_generator_step`. On bad options
/// (`SUDOKU_ERR_SYMMETRY`, `_GIVENS`, `_SOLUTION`) the generator is still initialised and
/// every later step returns the same code. A NULL `generator` gives `SUDOKU_ERR_NULL`; one
/// not aligned for `sudoku_generator_t` gives `SUDOKU_ERR_STATE`; neither is written.
///
/// # Safety
/// `generator` must be NULL or point to `size` writable bytes aligned for
/// `sudoku_generator_t` (any contents); `opts` as for `sudoku_generate`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_generator_init_checked(
    generator: *mut sudoku_generator_t,
    size: usize,
    seed: u64,
    opts: *const sudoku_generate_options_t,
) -> c_int {
    if !generator.is_null() && size < size_of::<sudoku_generator_t>() {
        return SUDOKU_ERR_SIZE;
    }
    // SAFETY: the caller's contract, with `size` bytes at `generator`, which are at least
    // the `sizeof(sudoku_generator_t)` that `sudoku_generator_init` needs.
    unsafe { sudoku_generator_init(generator, seed, opts) }
}

/// `sudoku_generator_init_checked` without the size check. The header's
/// `sudoku_generator_init` macro calls the checked form.
///
/// # Safety
/// As for `sudoku_generator_init_checked`, with `sizeof(sudoku_generator_t)` writable bytes
/// at `generator` as this library counts them (see `sudoku_generator_size`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_generator_init(
    generator: *mut sudoku_generator_t,
    seed: u64,
    opts: *const sudoku_generate_options_t,
) -> c_int {
    let slot = match checked_place(generator.cast::<GenSlot>()) {
        Ok(slot) => slot,
        Err(failure) => return failure.code(),
    };
    // SAFETY: the caller's contract for `opts` is `read_options`'.
    let options = unsafe { read_options(opts) };
    // SAFETY: `slot` is not NULL, is aligned (checked above), and the caller guarantees
    // `sizeof(sudoku_generator_t)` writable bytes, which hold a `GenSlot` (asserted at
    // compile time in `generator`). `write` does not read or drop the old contents;
    // afterwards the bytes hold a valid `GenSlot`, so the exclusive reference is sound.
    let slot = unsafe {
        slot.write(GenSlot::running(seed));
        &mut *slot
    };
    status(slot.start(options))
}

/// Advances the generation by at most `budget` steps: `SUDOKU_OK` once the puzzle is ready
/// for `sudoku_generator_write`, `SUDOKU_ERR_BUDGET` if it needs more steps (call again),
/// `SUDOKU_ERR_UNREACHED` if the options' `givens` could not be reached. After `SUDOKU_OK`
/// or an error it does no more work and returns the same code. Also `SUDOKU_ERR_NULL`,
/// `SUDOKU_ERR_STATE` (not initialised), or the error `sudoku_generator_init` returned.
///
/// A step is one placement or undo of the random grid's fill, the shuffle of the removal
/// order, the start of one uniqueness check, or one step of that check's solver (as in
/// `sudoku_solver_step`): a call's time is bounded by `budget`. The puzzle is the same as
/// `sudoku_generate`'s, whatever the budgets.
///
/// # Safety
/// `generator` must be NULL or point to a `sudoku_generator_t` that is readable and
/// writable and not used by another thread during the call, set up by
/// `sudoku_generator_init` (a zero-filled one is refused with `SUDOKU_ERR_STATE`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_generator_step(
    generator: *mut sudoku_generator_t,
    budget: c_uint,
) -> c_int {
    // SAFETY: the caller's contract above is `checked_mut`'s.
    match unsafe { checked_mut(generator.cast::<GenSlot>()) } {
        Ok(slot) => status(slot.step(budget)),
        Err(failure) => failure.code(),
    }
}

/// Writes the finished puzzle into `out` exactly as `sudoku_generate` would (81 cells and
/// a NUL). Returns `SUDOKU_OK`, or leaves `out` untouched and returns what
/// `sudoku_generator_step` would (`SUDOKU_ERR_BUDGET` while not finished), or
/// `SUDOKU_ERR_NULL`.
///
/// # Safety
/// `generator` as for `sudoku_generator_step` (read only); `out` as for `sudoku_generate`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_generator_write(
    generator: *const sudoku_generator_t,
    out: *mut c_char,
) -> c_int {
    if out.is_null() {
        return SUDOKU_ERR_NULL;
    }
    // SAFETY: the caller's contract for `generator` is `checked_ref`'s.
    let puzzle = match unsafe { checked_ref(generator.cast::<GenSlot>()) }.and_then(GenSlot::puzzle)
    {
        Ok(puzzle) => puzzle,
        Err(failure) => return failure.code(),
    };
    // SAFETY: not NULL, and the caller guarantees 82 writable bytes with no other access.
    let out = unsafe { &mut *out.cast::<[u8; 82]>() };
    generator::write_line(out, &puzzle);
    SUDOKU_OK
}

/// Reads the text at `text` one byte at a time into a [`CellReader`], stopping at the
/// first NUL, after `max` bytes, or at the first error (a bad byte, an 82nd cell), so no
/// byte past those is ever read. Returns the number of bytes before the end and the board
/// (givens not yet checked for conflicts).
///
/// # Safety
/// `text` is not NULL, and every byte up to where reading stops (as just described) is
/// readable.
unsafe fn read_text(text: *const c_char, max: usize) -> Result<(usize, Board), ParseError> {
    let bytes = text.cast::<u8>();
    // The one-pass path costs flash and stack that a firmware (no `fast`) would rather keep.
    if cfg!(feature = "fast") {
        // SAFETY: the caller's contract is `read_plain_line`'s.
        if let Some(board) = unsafe { read_plain_line(bytes, max) } {
            return Ok((CELLS, board));
        }
    }
    let mut reader = CellReader::new();
    let mut len = 0;
    while len < max {
        // SAFETY: byte `len` comes before the NUL, the `max` bound and any stopping error
        // (all checked on earlier bytes), so the caller guarantees it is readable.
        let byte = unsafe { bytes.add(len).read() };
        if byte == 0 {
            break;
        }
        reader.push(byte)?;
        len += 1;
    }
    Ok((len, reader.finish()?))
}

/// Each byte's cell value (`.` and `0` are 0), or 255 for a byte that is not a cell: one
/// lookup and one branch that always goes the same way per byte, where telling blanks
/// from digits with comparisons cost a mispredicted branch on every few bytes (the C call
/// on an easy puzzle took half as long again).
static CELL_VALUES: [u8; 256] = {
    let mut values = [255u8; 256];
    let mut byte = 0;
    while byte < 256 {
        if let Some(value) = cell_value(byte as u8) {
            values[byte] = value;
        }
        byte += 1;
    }
    values
};

/// The board of a text that is one plain 81-cell line (81 cell bytes, then a NUL or the
/// `max` bound), or `None` for any other text, which [`read_text`] then reads the general
/// way. Stops at the first byte that is not a cell byte, so it never reads further than
/// the general way does.
///
/// # Safety
/// As for [`read_text`].
unsafe fn read_plain_line(bytes: *const u8, max: usize) -> Option<Board> {
    if max < CELLS {
        return None;
    }
    let mut cells = [0u8; CELLS];
    // Row by row: the compiler unrolls each row's nine bytes (one flat loop of 81 is not
    // unrolled, and costs about 55 more instructions per call).
    for (row, values) in cells.chunks_exact_mut(9).enumerate() {
        for (column, cell) in values.iter_mut().enumerate() {
            let at = 9 * row + column;
            // SAFETY: `at < 81 <= max`, and bytes `0..at` were cell bytes (not NUL, not an
            // error, at most 81 cells), so the caller guarantees byte `at` is readable.
            let byte = unsafe { bytes.add(at).read() };
            let value = CELL_VALUES[usize::from(byte)];
            if value > 9 {
                return None;
            }
            *cell = value;
        }
    }
    // SAFETY: `81 < max`, and the 81 bytes before were cells: byte 81 is the NUL, a byte
    // before it, or an 82nd cell, all readable by the caller's contract.
    if max > CELLS && unsafe { bytes.add(CELLS).read() } != 0 {
        return None;
    }
    Board::from_cells(cells).ok()
}

/// `sudoku_solve[_n]`: solves the text at `grid` (at most `max` bytes) in place. Also
/// returns the search counters (zeros when no search ran).
///
/// # Safety
/// `grid` is NULL or readable and writable up to where `read_text` stops, with no other
/// access during the call.
unsafe fn solve_in_place(grid: *mut c_char, max: usize) -> (Result<(), Failure>, sudoku_stats_t) {
    if grid.is_null() {
        return (Err(Failure::Null), sudoku_stats_t::default());
    }
    // SAFETY: not NULL; readable up to where `read_text` stops, by the caller's contract.
    let (len, board) = match unsafe { read_text(grid, max) } {
        Ok(read) => read,
        Err(error) => return (Err(error.into()), sudoku_stats_t::default()),
    };
    let (result, counters) = board.solve_with_stats();
    let solution = match result {
        Ok(solution) => solution,
        Err(error) => return (Err(error.into()), counters.into()),
    };
    // SAFETY: `read_text` just read these `len` bytes; the caller guarantees they are
    // writable and not accessed by anyone else during the call.
    let text = unsafe { slice::from_raw_parts_mut(grid.cast::<u8>(), len) };
    grid::fill_blanks(text, &solution);
    (Ok(()), counters.into())
}

/// `sudoku_count_solutions[_n]`.
///
/// # Safety
/// `grid` is NULL or readable up to where `read_text` stops.
unsafe fn count_in(grid: *const c_char, max: usize, limit: c_uint) -> c_int {
    if grid.is_null() {
        return SUDOKU_ERR_NULL;
    }
    // SAFETY: not NULL; readable up to where `read_text` stops, by the caller's contract.
    match unsafe { read_text(grid, max) } {
        Ok((_, board)) => {
            let cap = u32::try_from(c_int::MAX).unwrap_or(u32::MAX);
            let count = board.count_solutions(limit.min(cap));
            c_int::try_from(count).unwrap_or(c_int::MAX)
        }
        Err(error) => Failure::from(error).code(),
    }
}

/// The library's options for `opts` (the defaults for NULL), reading its `solution` text.
///
/// # Safety
/// `opts` is NULL or points to a readable `sudoku_generate_options_t` (aligned, as C's
/// pointers to it are) whose `solution` is NULL or readable up to where `read_text` stops.
unsafe fn read_options(opts: *const sudoku_generate_options_t) -> Result<Options, Failure> {
    if opts.is_null() {
        return Ok(Options::new());
    }
    // SAFETY: not NULL, aligned and readable by the caller's contract; every field is
    // valid for any bit pattern. (An aligned read: reading it byte by byte took 48 more
    // bytes of Cortex-M0 flash.)
    let raw = unsafe { opts.read() };
    let solution = if raw.solution.is_null() {
        None
    } else {
        // SAFETY: not NULL, and the caller guarantees it is readable up to where
        // `read_text` stops.
        match unsafe { read_text(raw.solution, usize::MAX) } {
            Ok((_, board)) => Some(board),
            Err(_) => return Err(Failure::Solution),
        }
    };
    generator::options_of(&raw, solution)
}
