//! The resumable solver's state in a caller-owned, fixed-size C struct.
//!
//! C sees `sudoku_solver_t`, an array of 64-bit words it can place in a static, on a stack
//! or in a task's memory. Inside it lives a [`Slot`]: a magic number written by
//! `sudoku_solver_init` (so a zeroed or never-initialised struct is refused instead of
//! being read as a search) and the search state itself. Compile-time assertions below
//! check that a `Slot` fits in the C struct with the right alignment on every target.

use core::mem::{align_of, size_of};

use sudoku81::{Board, Progress, Solver, Stats};

use super::status::Failure;
use super::tagged::Tagged;

/// Size of `sudoku_solver_t` in 64-bit words (so `sizeof(sudoku_solver_t)` is 8 times this):
/// 10.5 KiB for the default library, which uses the core's faster engine.
/// `sudoku_solver_size()` says which size the linked library needs.
#[cfg(not(sudoku_compact))]
pub const SUDOKU_SOLVER_WORDS: usize = 1344;

/// Size of `sudoku_solver_t` in 64-bit words for a library built without the `fast` feature
/// (the compact engine, for microcontrollers): 768 bytes. Define `SUDOKU_COMPACT` before
/// including this header only when linking such a library, and check
/// `sudoku_solver_size() <= sizeof(sudoku_solver_t)` once at start-up.
#[cfg(sudoku_compact)]
pub const SUDOKU_SOLVER_WORDS: usize = 96;

/// The whole state of a resumable solve, owned by the caller. Treat the contents as opaque:
/// set it up with `sudoku_solver_init`, advance it with `sudoku_solver_step`, read it with
/// `sudoku_solver_write` and `sudoku_solver_stats`. It holds no pointers, needs no cleanup,
/// and may be copied with `memcpy` or by assignment between calls.
#[repr(C)]
#[allow(non_camel_case_types)]
pub struct sudoku_solver_t {
    /// Storage for the library's use only.
    pub opaque: [u64; SUDOKU_SOLVER_WORDS],
}

/// Written first by `sudoku_solver_init`, checked before anything else is read.
/// ASCII "SDK" and a layout version.
pub(crate) const MAGIC: u32 = 0x5344_4B01;

/// What lives inside a [`sudoku_solver_t`].
#[repr(C)]
pub(crate) struct Slot {
    /// [`MAGIC`] once initialised.
    pub(crate) magic: u32,
    /// The search, or why there is none.
    pub(crate) state: State,
}

// SAFETY: `repr(C)` with `magic: u32` first; only `Slot::failed`, which builds a whole
// valid `Slot`, writes `MAGIC`.
unsafe impl Tagged for Slot {
    const MAGIC: u32 = MAGIC;
}

const _: () = assert!(size_of::<Slot>() <= size_of::<sudoku_solver_t>());
const _: () = assert!(align_of::<Slot>() <= align_of::<sudoku_solver_t>());

/// Where a resumable solve stands.
// The big variant is the point: the state lives in the caller's struct, without a heap.
#[allow(clippy::large_enum_variant)]
pub(crate) enum State {
    /// `sudoku_solver_init` failed; every later call reports the same failure.
    Failed(Failure),
    /// A search, with how far it got.
    Search {
        /// The core's resumable search. After a solution it is not run again, so its board
        /// stays the solution.
        solver: Solver,
        /// `Ok(true)`: solved; `Ok(false)`: still going; `Err(Unsolvable)`: exhausted.
        outcome: Result<bool, Failure>,
    },
}

impl Slot {
    /// A slot that holds no search yet, only a failure (small: cheap to write over the
    /// caller's uninitialised bytes before [`Slot::start`] fills in the search in place).
    pub(crate) const fn failed(failure: Failure) -> Slot {
        Slot {
            magic: MAGIC,
            state: State::Failed(failure),
        }
    }

    /// Sets the slot up, in place, for `board`: a search ready to run, or the failure that
    /// prevents one. The search state is reset where it lies rather than built and moved,
    /// which keeps the stack small on microcontrollers.
    pub(crate) fn start(&mut self, board: Result<Board, Failure>) -> Result<(), Failure> {
        let board = match board {
            Ok(board) => board,
            Err(failure) => {
                self.state = State::Failed(failure);
                return Err(failure);
            }
        };
        self.state = State::Search {
            solver: Solver::empty(),
            outcome: Ok(false),
        };
        if let State::Search { solver, .. } = &mut self.state {
            if let Err(conflict) = solver.reset(&board) {
                let failure = Failure::from(conflict);
                self.state = State::Failed(failure);
                return Err(failure);
            }
        }
        Ok(())
    }

    /// Runs at most `budget` steps. `Ok` once solved, [`Failure::Budget`] while going on,
    /// [`Failure::Unsolvable`] once exhausted. Stops for good at the first solution.
    pub(crate) fn step(&mut self, budget: u32) -> Result<(), Failure> {
        match &mut self.state {
            State::Failed(failure) => Err(*failure),
            State::Search { solver, outcome } => {
                if *outcome == Ok(false) {
                    *outcome = match solver.run(budget) {
                        Progress::Solved(_) => Ok(true),
                        Progress::NoSolution => Err(Failure::Unsolvable),
                        Progress::Pending => Ok(false),
                    };
                }
                match *outcome {
                    Ok(true) => Ok(()),
                    Ok(false) => Err(Failure::Budget),
                    Err(failure) => Err(failure),
                }
            }
        }
    }

    /// The solution, once [`Slot::step`] has found it; otherwise what `step` would say.
    pub(crate) fn solution(&self) -> Result<Board, Failure> {
        match &self.state {
            State::Failed(failure) => Err(*failure),
            State::Search { solver, outcome } => match *outcome {
                Ok(true) => Ok(solver.board()),
                Ok(false) => Err(Failure::Budget),
                Err(failure) => Err(failure),
            },
        }
    }

    /// The search counters so far (zero if initialisation failed).
    pub(crate) fn stats(&self) -> Stats {
        match &self.state {
            State::Failed(_) => Stats::default(),
            State::Search { solver, .. } => solver.stats(),
        }
    }
}
