//! The resumable rating's state in a caller-owned, fixed-size C struct (the same pattern as
//! `sudoku_solver_t`, with its own magic number).

use core::mem::{align_of, size_of};

use sudoku81::{Board, LogicError, Marks, RateProgress, Rater, Rating};

use super::status::Failure;
use super::tagged::Tagged;

/// Size of `sudoku_rater_t` in 64-bit words: 11.25 KiB for the default library.
/// `sudoku_rater_size()` says which size the linked library needs.
#[cfg(not(sudoku_compact))]
pub const SUDOKU_RATER_WORDS: usize = 1440;

/// Size of `sudoku_rater_t` in 64-bit words for a library built without the `fast` feature
/// (define `SUDOKU_COMPACT`, as for `sudoku_solver_t`): 1.5 KiB.
#[cfg(sudoku_compact)]
pub const SUDOKU_RATER_WORDS: usize = 192;

/// The whole state of a resumable rating, owned by the caller. Treat the contents as
/// opaque: set it up with `sudoku_rater_init`, advance it with `sudoku_rater_step`, read
/// the rating with `sudoku_rater_write`. It holds no pointers, needs no cleanup, and may
/// be copied with `memcpy` or by assignment between calls. Aligned to 16 bytes (the
/// library's candidate sets are 128-bit words).
#[repr(C, align(16))]
#[allow(non_camel_case_types)]
pub struct sudoku_rater_t {
    /// Storage for the library's use only.
    pub opaque: [u64; SUDOKU_RATER_WORDS],
}

/// Written first by `sudoku_rater_init`, checked before anything else is read. ASCII
/// "SDR" and a layout version.
pub(crate) const RATER_MAGIC: u32 = 0x5344_5201;

/// What lives inside a [`sudoku_rater_t`].
#[repr(C)]
pub(crate) struct RaterSlot {
    /// [`RATER_MAGIC`] once initialised.
    magic: u32,
    /// The rating, or why there is none.
    state: RaterState,
    /// The alignment of a 128-bit word, which the state had while the library kept its
    /// cell sets in them: the entry points refuse a pointer not aligned so, as they did,
    /// on every target (the compact build's sets are now 32-bit words).
    _align: [u128; 0],
}

// SAFETY: `repr(C)` with `magic: u32` first; only `RaterSlot::rating`, which builds a whole
// valid `RaterSlot`, writes `RATER_MAGIC`.
unsafe impl Tagged for RaterSlot {
    const MAGIC: u32 = RATER_MAGIC;
}

const _: () = assert!(size_of::<RaterSlot>() <= size_of::<sudoku_rater_t>());
const _: () = assert!(align_of::<RaterSlot>() <= align_of::<sudoku_rater_t>());

/// Where a resumable rating stands.
// The big variant is the point: the state lives in the caller's struct, without a heap.
#[allow(clippy::large_enum_variant)]
enum RaterState {
    /// `sudoku_rater_init` could not read the grid; every later call reports the same
    /// failure.
    Failed(Failure),
    /// A rating in progress (or finished: it keeps its answer).
    Rating(Rater),
}

impl RaterSlot {
    /// A slot that holds no rating yet, only a failure (small: cheap to write over the
    /// caller's uninitialised bytes before [`RaterSlot::start`] fills in the rating in place).
    pub(crate) const fn failed(failure: Failure) -> RaterSlot {
        RaterSlot {
            magic: RATER_MAGIC,
            state: RaterState::Failed(failure),
            _align: [],
        }
    }

    /// Restarts the slot's rating, in place, on `board`, or keeps why it cannot: a grid
    /// that could not be read, or conflicting givens (which the rating reports from then
    /// on).
    pub(crate) fn start(&mut self, board: Result<Board, Failure>) -> Result<(), Failure> {
        match board {
            Ok(board) => self.start_with(|rater| rater.reset(&board)),
            Err(failure) => self.fail(failure),
        }
    }

    /// Restarts the slot's rating, in place, on pencil marks, or keeps why it cannot:
    /// candidate sets that are no puzzle (an empty set, a unit where a digit has no
    /// place), which the rating reports from then on.
    pub(crate) fn start_marks(&mut self, marks: &Result<Marks, LogicError>) -> Result<(), Failure> {
        match marks {
            Ok(marks) => self.start_with(|rater| rater.reset_marks(marks)),
            Err(e) => self.fail((*e).into()),
        }
    }

    /// Starts the rating in the slot with `reset`, and says whether it failed at once.
    fn start_with(&mut self, reset: impl FnOnce(&mut Rater)) -> Result<(), Failure> {
        self.state = RaterState::Rating(Rater::empty());
        let RaterState::Rating(rater) = &mut self.state else {
            return Err(Failure::State);
        };
        reset(rater);
        match rater.progress() {
            RateProgress::Failed(e) => Err(e.into()),
            _ => Ok(()),
        }
    }

    /// Keeps `failure` as the answer to every later call.
    fn fail(&mut self, failure: Failure) -> Result<(), Failure> {
        self.state = RaterState::Failed(failure);
        Err(failure)
    }

    /// Runs at most `budget` steps: `Ok` once rated, [`Failure::Budget`] while going on,
    /// or why the grid cannot be rated.
    pub(crate) fn step(&mut self, budget: u32) -> Result<(), Failure> {
        match &mut self.state {
            RaterState::Failed(failure) => Err(*failure),
            RaterState::Rating(rater) => outcome(rater.run(budget)).map(|_| ()),
        }
    }

    /// The rating, once done; otherwise what [`RaterSlot::step`] would say.
    pub(crate) fn rating_done(&self) -> Result<Rating, Failure> {
        match &self.state {
            RaterState::Failed(failure) => Err(*failure),
            RaterState::Rating(rater) => outcome(rater.progress()),
        }
    }
}

/// A rater's progress as a result.
fn outcome(progress: RateProgress) -> Result<Rating, Failure> {
    match progress {
        RateProgress::Rated(rating) => Ok(rating),
        RateProgress::Failed(e) => Err(e.into()),
        RateProgress::Pending => Err(Failure::Budget),
    }
}
