//! Puzzle generation through the C ABI: the options struct, the symmetry values, and the
//! resumable generator's state in a caller-owned, fixed-size C struct (the same pattern as
//! `sudoku_solver_t`, with its own magic number).

use core::ffi::c_char;
use core::mem::{align_of, size_of};

use sudoku81::{
    Board, Explain, GenProgress, GenerateError, Generator, LogicError, Options, Rating, SplitMix64,
    Symmetry, CELLS,
};

use super::status::Failure;
use super::tagged::Tagged;

/// No symmetry (the default: a zero-filled `sudoku_generate_options_t`).
pub const SUDOKU_SYMMETRY_NONE: u32 = 0;
/// Half-turn rotation: cell (r, c) is a given exactly when (8-r, 8-c) is.
pub const SUDOKU_SYMMETRY_ROT180: u32 = 1;
/// Quarter-turn rotation: (r, c), (c, 8-r), (8-r, 8-c), (8-c, r) are given together.
pub const SUDOKU_SYMMETRY_ROT90: u32 = 2;
/// Mirror left-right: (r, c) with (r, 8-c).
pub const SUDOKU_SYMMETRY_MIRROR_LR: u32 = 3;
/// Mirror top-bottom: (r, c) with (8-r, c).
pub const SUDOKU_SYMMETRY_MIRROR_TB: u32 = 4;
/// Both diagonals: (r, c), (c, r), (8-c, 8-r), (8-r, 8-c) together.
pub const SUDOKU_SYMMETRY_DIAGONALS: u32 = 5;

/// What `sudoku_generate` and `sudoku_generator_init` make. A zero-filled struct (or a
/// NULL pointer) asks for the defaults: no symmetry, a minimal puzzle, a random grid.
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug)]
pub struct sudoku_generate_options_t {
    /// One of `SUDOKU_SYMMETRY_*`; any other value is `SUDOKU_ERR_SYMMETRY`.
    pub symmetry: u32,
    /// 0: a minimal puzzle (no given, or with a symmetry no orbit of givens the symmetry
    /// ties together, can be removed without losing uniqueness; a single given of an
    /// orbit may still go). Otherwise
    /// the number of givens to stop at, from 17 to 81 and possible with the symmetry (with
    /// `SUDOKU_SYMMETRY_ROT90`, 4k or 4k+1), or `SUDOKU_ERR_GIVENS`.
    pub givens: u32,
    /// With `givens`: attempts (each on a new grid) before `SUDOKU_ERR_UNREACHED`; 0 means
    /// the default, 100.
    pub attempts: u32,
    /// NULL: a random grid. Otherwise the solution the puzzle must have: a complete, valid
    /// grid as a NUL-terminated text (same rules as `sudoku_solve`'s input), or
    /// `SUDOKU_ERR_SOLUTION`. It is copied: it may change or go away after the call.
    pub solution: *const c_char,
}

/// The distance between the seeds of two attempts of `sudoku_generate_level`: attempt `n`
/// (from 0) of seed `s` is `sudoku_generate` of `s + n * SUDOKU_LEVEL_SEED_STRIDE`
/// (wrapping), which a firmware that generates in slices repeats to get the same puzzle.
pub const SUDOKU_LEVEL_SEED_STRIDE: u64 = 0x9E37_79B9_7F4A_7C15;

const _: () = assert!(SUDOKU_LEVEL_SEED_STRIDE == sudoku81::LEVEL_SEED_STRIDE);

/// Size of `sudoku_generator_t` in 64-bit words: 11 KiB for the default library.
/// `sudoku_generator_size()` says which size the linked library needs.
#[cfg(not(sudoku_compact))]
pub const SUDOKU_GENERATOR_WORDS: usize = 1408;

/// Size of `sudoku_generator_t` in 64-bit words for a library built without the `fast`
/// feature (define `SUDOKU_COMPACT`, as for `sudoku_solver_t`): 1 KiB.
#[cfg(sudoku_compact)]
pub const SUDOKU_GENERATOR_WORDS: usize = 128;

/// The whole state of a resumable generation, owned by the caller. Treat the contents as
/// opaque: set it up with `sudoku_generator_init`, advance it with `sudoku_generator_step`,
/// read the puzzle with `sudoku_generator_write`. It holds no pointers, needs no cleanup,
/// and may be copied with `memcpy` or by assignment between calls.
#[repr(C)]
#[allow(non_camel_case_types)]
pub struct sudoku_generator_t {
    /// Storage for the library's use only.
    pub opaque: [u64; SUDOKU_GENERATOR_WORDS],
}

/// Written first by `sudoku_generator_init`, checked before anything else is read.
/// ASCII "SDG" and a layout version.
pub(crate) const GEN_MAGIC: u32 = 0x5344_4701;

/// What lives inside a [`sudoku_generator_t`].
#[repr(C)]
pub(crate) struct GenSlot {
    /// [`GEN_MAGIC`] once initialised.
    pub(crate) magic: u32,
    /// The generation, or why there is none.
    pub(crate) state: GenState,
}

// SAFETY: `repr(C)` with `magic: u32` first; only `GenSlot::running`, which builds a whole
// valid `GenSlot`, writes `GEN_MAGIC`.
unsafe impl Tagged for GenSlot {
    const MAGIC: u32 = GEN_MAGIC;
}

const _: () = assert!(size_of::<GenSlot>() <= size_of::<sudoku_generator_t>());
const _: () = assert!(align_of::<GenSlot>() <= align_of::<sudoku_generator_t>());

/// Where a resumable generation stands.
// The big variant is the point: the state lives in the caller's struct, without a heap.
#[allow(clippy::large_enum_variant)]
pub(crate) enum GenState {
    /// `sudoku_generator_init` failed; every later call reports the same failure.
    Failed(Failure),
    /// A generation in progress (or finished: it keeps its answer).
    Running(Generator<SplitMix64>),
}

impl GenSlot {
    /// A slot holding a generation of the puzzle of `seed` with the default options, built
    /// in place by `write` (a generator moved through a `Result` would cost its whole size
    /// in stack, once per move).
    #[inline(always)]
    pub(crate) const fn running(seed: u64) -> GenSlot {
        GenSlot {
            magic: GEN_MAGIC,
            state: GenState::Running(Generator::with_defaults(SplitMix64::new(seed))),
        }
    }

    /// Restarts the slot's generation, in place, with `options`, or keeps the failure.
    pub(crate) fn start(&mut self, options: Result<Options, Failure>) -> Result<(), Failure> {
        let started = match (&mut self.state, options) {
            (GenState::Running(generator), Ok(options)) => {
                generator.reset(options).map_err(Failure::from)
            }
            (GenState::Failed(failure), _) => Err(*failure),
            (_, Err(failure)) => Err(failure),
        };
        if let Err(failure) = started {
            self.state = GenState::Failed(failure);
        }
        started
    }

    /// Runs at most `budget` steps: `Ok` once done, [`Failure::Budget`] while going on,
    /// [`Failure::Unreached`] if the target number of givens was not reached.
    pub(crate) fn step(&mut self, budget: u32) -> Result<(), Failure> {
        match &mut self.state {
            GenState::Failed(failure) => Err(*failure),
            GenState::Running(generator) => match generator.advance(budget) {
                Ok(true) => Ok(()),
                Ok(false) => Err(Failure::Budget),
                Err(error) => Err(error.into()),
            },
        }
    }

    /// The puzzle, once done; otherwise what [`GenSlot::step`] would say.
    pub(crate) fn puzzle(&self) -> Result<Board, Failure> {
        match &self.state {
            GenState::Failed(failure) => Err(*failure),
            GenState::Running(generator) => progress(generator.progress()),
        }
    }
}

/// A generator's progress as a result.
fn progress(progress: GenProgress) -> Result<Board, Failure> {
    match progress {
        GenProgress::Done(puzzle) => Ok(puzzle),
        GenProgress::Pending => Err(Failure::Budget),
        GenProgress::Failed(error) => Err(error.into()),
    }
}

impl From<GenerateError> for Failure {
    fn from(error: GenerateError) -> Failure {
        match error {
            GenerateError::GivensOutOfRange { .. } | GenerateError::GivensBreakSymmetry { .. } => {
                Failure::Givens
            }
            GenerateError::InvalidSolution => Failure::Solution,
            GenerateError::GivensNotReached { .. } | GenerateError::LevelNotReached { .. } => {
                Failure::Unreached
            }
        }
    }
}

/// The library's options for the C options' plain fields (`solution` is read by the
/// caller of this, which owns the unsafe code), or the failure they make.
pub(crate) fn options_of(
    raw: &sudoku_generate_options_t,
    solution: Option<Board>,
) -> Result<Options, Failure> {
    let symmetry = usize::try_from(raw.symmetry)
        .ok()
        .and_then(|index| Symmetry::ALL.get(index).copied())
        .ok_or(Failure::Symmetry)?;
    let givens = match raw.givens {
        0 => None,
        n => Some(u8::try_from(n).map_err(|_| Failure::Givens)?),
    };
    let mut options = Options::new().with_symmetry(symmetry).with_givens(givens);
    if raw.attempts > 0 {
        options = options.with_attempts(raw.attempts);
    }
    if let Some(solution) = solution {
        options = options.with_solution(solution);
    }
    Ok(options)
}

/// One attempt of `sudoku_generate_level`: its puzzle until the rating starts, then its
/// rating, in one slot, so that a Cortex-M0's stack holds one of the two below the
/// rating's path, not both. The puzzle itself is kept by [`Attempt::rate`] in a
/// [`Packed`] form.
// Board-sized or rating-sized: the point is that the two share their bytes.
#[allow(clippy::large_enum_variant)]
pub(crate) enum Attempt {
    /// A puzzle not rated yet.
    Puzzle(Board),
    /// The rating of the puzzle the slot held, or why there is none.
    Rated(Result<Rating, LogicError>),
}

/// A puzzle's cells, two to a byte (the low nibble first): 41 bytes where a [`Board`] is 81.
pub(crate) type Packed = [u8; 41];

impl Attempt {
    /// Rates the slot's puzzle in place, [`Board::rate`]'s rating or error, after packing
    /// the puzzle into `packed`. Out of line: the path lives in this frame alone. A slot
    /// that holds a rating already keeps it.
    #[inline(never)]
    pub(crate) fn rate(&mut self, packed: &mut Packed) {
        let Attempt::Puzzle(puzzle) = self else {
            return;
        };
        *packed = [0; 41];
        for (i, &cell) in puzzle.cells().iter().enumerate() {
            packed[i / 2] |= cell << (4 * (i % 2));
        }
        // `Explain::reset` counts first, as the compact build's `Board::rate` does, and
        // needs the board until its marks are built: only then is the slot the rating's.
        let mut path = Explain::empty();
        let reset = path.reset(puzzle);
        let rated = match reset {
            Ok(()) => LogicError::Stuck,
            Err(e) => e,
        };
        *self = Attempt::Rated(Err(rated));
        if let (Ok(()), Attempt::Rated(rated)) = (reset, self) {
            path.rate_into(rated);
        }
    }
}

/// Writes a [`Packed`] puzzle as `sudoku_generate` writes one: 81 cells, `.` for a blank,
/// and a NUL.
pub(crate) fn write_packed(out: &mut [u8; 82], packed: &Packed) {
    for (i, byte) in out.iter_mut().take(CELLS).enumerate() {
        let cell = (packed[i / 2] >> (4 * (i % 2))) & 0xF;
        *byte = if cell == 0 { b'.' } else { b'0' | cell };
    }
    out[CELLS] = 0;
}

/// Writes `puzzle` as 81 cell bytes (`.` for blanks) and a NUL into `out`.
pub(crate) fn write_line(out: &mut [u8; 82], puzzle: &Board) {
    // In one pass: `Board::to_line` and a copy took two.
    for (byte, &cell) in out.iter_mut().zip(puzzle.cells()) {
        // A board's cells are 0..=9, so `|` adds the digit to '0'.
        *byte = if cell == 0 { b'.' } else { b'0' | cell };
    }
    out[81] = 0;
}
