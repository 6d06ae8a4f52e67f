//! A puzzle's solving path, one step per call, in a caller-owned, fixed-size C struct (the
//! same pattern as `sudoku_rater_t`, with its own magic number).

use core::mem::{align_of, size_of};

use sudoku81::{Board, Digits, Explain, Hint, LogicError, Marks, CELLS};

use super::status::Failure;
use super::tagged::Tagged;

/// Size of `sudoku_explainer_t` in 64-bit words: 640 bytes for the default library.
/// `sudoku_explainer_size()` says which size the linked library needs.
#[cfg(not(sudoku_compact))]
pub const SUDOKU_EXPLAINER_WORDS: usize = 80;

/// Size of `sudoku_explainer_t` in 64-bit words for a library built without the `fast`
/// feature (define `SUDOKU_COMPACT`, as for `sudoku_solver_t`): 512 bytes.
#[cfg(sudoku_compact)]
pub const SUDOKU_EXPLAINER_WORDS: usize = 64;

/// A puzzle's solving path, owned by the caller: the grid and candidates as the steps so
/// far left them. Treat the contents as opaque: set it up with `sudoku_explainer_init`,
/// take its steps with `sudoku_explainer_next`, read the grid with
/// `sudoku_explainer_grid`. It holds no pointers, needs no cleanup, and may be copied with
/// `memcpy` or by assignment between calls. Aligned to 16 bytes (the library's candidate
/// sets are 128-bit words).
#[repr(C, align(16))]
#[allow(non_camel_case_types)]
pub struct sudoku_explainer_t {
    /// Storage for the library's use only.
    pub opaque: [u64; SUDOKU_EXPLAINER_WORDS],
}

/// Written first by `sudoku_explainer_init`, checked before anything else is read. ASCII
/// "SDX" and a layout version.
pub(crate) const EXPLAINER_MAGIC: u32 = 0x5344_5801;

/// What lives inside a [`sudoku_explainer_t`].
#[repr(C)]
pub(crate) struct ExplainerSlot {
    /// [`EXPLAINER_MAGIC`] once initialised.
    magic: u32,
    /// The path, or why there is none.
    state: ExplainerState,
    /// The alignment of a 128-bit word, which the state had while the library kept its
    /// cell sets in them: the entry points refuse a pointer not aligned so, as they did,
    /// on every target (the compact build's sets are now 32-bit words).
    _align: [u128; 0],
}

// SAFETY: `repr(C)` with `magic: u32` first; only `ExplainerSlot::failed`, which builds a
// whole valid `ExplainerSlot`, writes `EXPLAINER_MAGIC`.
unsafe impl Tagged for ExplainerSlot {
    const MAGIC: u32 = EXPLAINER_MAGIC;
}

const _: () = assert!(size_of::<ExplainerSlot>() <= size_of::<sudoku_explainer_t>());
const _: () = assert!(align_of::<ExplainerSlot>() <= align_of::<sudoku_explainer_t>());

/// Where a path stands.
// The big variant is the point: the path lives in the caller's struct, without a heap.
#[allow(clippy::large_enum_variant)]
enum ExplainerState {
    /// `sudoku_explainer_init` could not start the path; every later call reports the
    /// same failure.
    Failed(Failure),
    /// A path, at the step it has reached.
    Explaining(Explain),
}

impl ExplainerSlot {
    /// A slot that holds no path yet, only a failure (small: cheap to write over the
    /// caller's uninitialised bytes before [`ExplainerSlot::start`] builds the path in
    /// place).
    pub(crate) const fn failed(failure: Failure) -> ExplainerSlot {
        ExplainerSlot {
            magic: EXPLAINER_MAGIC,
            state: ExplainerState::Failed(failure),
            _align: [],
        }
    }

    /// Starts the path of `board`, in place, after counting its solutions, or keeps why it
    /// cannot: a grid that could not be read, or one without a solution.
    pub(crate) fn start(&mut self, board: Result<Board, Failure>) -> Result<(), Failure> {
        match board {
            Ok(board) => self.start_with(|explain| explain.reset(&board)),
            Err(failure) => self.fail(failure),
        }
    }

    /// Starts the path of the pencil-mark grid `sets` (81 candidate sets), in place, after
    /// counting its solutions, or keeps why it cannot: the marks are built in the path
    /// ([`Explain::reset_candidates`]), with no copy of them on the stack.
    pub(crate) fn start_marks(&mut self, sets: &[Digits; CELLS]) -> Result<(), Failure> {
        self.start_with(|explain| explain.reset_candidates(sets))
    }

    /// Builds the path in the slot with `reset`, or keeps why it failed.
    fn start_with(
        &mut self,
        reset: impl FnOnce(&mut Explain) -> Result<(), LogicError>,
    ) -> Result<(), Failure> {
        self.state = ExplainerState::Explaining(Explain::empty());
        let ExplainerState::Explaining(explain) = &mut self.state else {
            return Err(Failure::State);
        };
        match reset(explain) {
            Ok(()) => Ok(()),
            Err(e) => self.fail(e.into()),
        }
    }

    /// Keeps `failure` as the answer to every later call.
    fn fail(&mut self, failure: Failure) -> Result<(), Failure> {
        self.state = ExplainerState::Failed(failure);
        Err(failure)
    }

    /// Takes the next step of the path and passes it to `out` as a hint
    /// ([`Hint::Solved`] once the grid is full), or says why there is none: the ladder is
    /// stuck on a puzzle with several solutions ([`Failure::Multiple`]), or the path never
    /// started.
    pub(crate) fn next(&mut self, out: impl FnOnce(&Hint)) -> Result<(), Failure> {
        let explain = match &mut self.state {
            ExplainerState::Failed(failure) => return Err(*failure),
            ExplainerState::Explaining(explain) => explain,
        };
        if explain.is_solved() {
            out(&Hint::Solved);
            return Ok(());
        }
        match explain.next() {
            Some(step) => {
                out(&Hint::Step(step));
                Ok(())
            }
            None => Err(Failure::Multiple),
        }
    }

    /// The marks of the path as its steps left them.
    pub(crate) fn marks(&self) -> Result<&Marks, Failure> {
        match &self.state {
            ExplainerState::Failed(failure) => Err(*failure),
            ExplainerState::Explaining(explain) => Ok(explain.marks()),
        }
    }
}
