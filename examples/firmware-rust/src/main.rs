//! A Cortex-M firmware that solves Sudoku with `sudoku81`: one puzzle in a single call, one
//! in slices of the main loop (as a device does between frames or watchdog kicks), and one
//! without a solution; then it generates a new puzzle, in slices too, and prints it as one
//! line (`sudoku generate -n 1 --seed 7 --symmetry rot180` prints the same line on a PC);
//! then it rates a puzzle and hints its first step with the technique engine, as
//! `sudoku rate` and `sudoku hint` print them on a PC; last it generates a hard puzzle
//! (`sudoku generate -n 1 --seed 7 --level hard` prints the same line). It prints over semihosting and exits 0
//! when every answer is right.
//!
//! `cargo run --release` runs it on QEMU's Cortex-M3 (lm3s6965evb);
//! `cargo run --release --target thumbv6m-none-eabi` on its Cortex-M0 (microbit).

#![no_std]
#![no_main]

use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hprintln};
use panic_semihosting as _;
use sudoku81::{
    Board, GenProgress, Generator, Hint, Level, Options, Progress, SolveError, Solver, SplitMix64,
    Symmetry,
};

/// Arto Inkala's 2012 puzzle.
const HARD: &[u8] =
    b"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
/// A 17-given puzzle, laid out as 9 rows as a user would type it.
const SPARSE: &[u8] = b"
    . . . . . . . . 1
    . . . . . . . . 2
    . . 3 . 4 5 . . .
    . . . . . . . 4 .
    . . . 6 7 . 1 . .
    . . 5 . . . . . .
    . . . . . 2 . 3 .
    . 6 . . . . . . .
    1 7 . . 8 . 9 . .";
/// Consistent givens that cannot be completed.
const UNSOLVABLE: &[u8] =
    b"1....6.8....7......9..5.......56..3.3.............38.15....1.6.....2.4..8.2..5.1.";

/// A puzzle whose path needs an XY-chain (an "unfair" one, in HoDoKu's words), for the
/// technique engine.
const CHAINS: &[u8] =
    b"...5.41.......7..87..21....2..4..8........2..34.....59..6........4..861..5..2..9.";

/// Search steps per slice of the main loop: a bounded amount of work per call.
const SLICE_STEPS: u32 = 32;

/// The seed of the generated puzzle: the same seed gives the same puzzle on every device.
const SEED: u64 = 7;

#[entry]
fn main() -> ! {
    let ok = solve_at_once()
        & solve_in_slices()
        & refute()
        & generate_in_slices()
        & rate_and_hint()
        & generate_at_level();
    hprintln!(
        "{}",
        if ok {
            "all answers right"
        } else {
            "WRONG ANSWER"
        }
    );
    debug::exit(if ok {
        debug::EXIT_SUCCESS
    } else {
        debug::EXIT_FAILURE
    });
    loop {
        cortex_m::asm::wfi();
    }
}

/// `Board::parse` then `Board::solve`: the simplest use.
fn solve_at_once() -> bool {
    let Ok(board) = Board::parse(HARD) else {
        return false;
    };
    match board.solve() {
        Ok(solution) => {
            hprintln!("solved in one call:\n{:#}", solution);
            solution.is_solved() && board.is_contained_in(&solution)
        }
        Err(e) => {
            hprintln!("error: {}", e);
            false
        }
    }
}

/// A [`Solver`] advanced a few steps per pass of the main loop.
fn solve_in_slices() -> bool {
    let Ok(board) = Board::parse(SPARSE) else {
        return false;
    };
    // `reset` fills the solver in place; `Solver::new` would return it by value (a copy).
    let mut solver = Solver::empty();
    if solver.reset(&board).is_err() {
        return false;
    }
    let mut slices = 0u32;
    loop {
        slices += 1;
        match solver.run(SLICE_STEPS) {
            Progress::Solved(solution) => {
                hprintln!("solved in {} slices:\n{:#}", slices, solution);
                return solution.is_solved() && board.is_contained_in(&solution);
            }
            Progress::NoSolution => return false,
            // Here a device would kick its watchdog, poll its buttons, draw a frame.
            Progress::Pending => {}
        }
    }
}

/// A puzzle without a solution gets an error, not a hang or a panic.
fn refute() -> bool {
    match Board::parse(UNSOLVABLE).map(|board| board.solve()) {
        Ok(Err(e @ SolveError::NoSolution)) => {
            hprintln!("unsolvable puzzle: {}", e);
            true
        }
        _ => false,
    }
}

/// A [`Generator`] advanced a few steps per pass of the main loop: a minimal puzzle with
/// exactly one solution and givens symmetric under a half turn.
fn generate_in_slices() -> bool {
    let options = Options::new().with_symmetry(Symmetry::Rot180);
    // The built-in SplitMix64 makes the output reproducible; a device that wants a new
    // puzzle each time can pass its hardware random number generator instead.
    let Ok(mut generator) = Generator::new(SplitMix64::new(SEED), options) else {
        return false;
    };
    let mut slices = 0u32;
    loop {
        slices += 1;
        match generator.run(SLICE_STEPS) {
            GenProgress::Done(puzzle) => {
                hprintln!("generated in {} slices (seed {}, rot180):", slices, SEED);
                hprintln!("{}", puzzle);
                return puzzle.count_solutions(2) == 1;
            }
            GenProgress::Failed(_) => return false,
            // As above: the device's other work goes here.
            GenProgress::Pending => {}
        }
    }
}

/// The technique engine: the puzzle's rating (level, score on Sudoku Explainer's scale,
/// hardest technique) and the first step a player should look for, each printed as the
/// host command prints it.
fn rate_and_hint() -> bool {
    let Ok(board) = Board::parse(CHAINS) else {
        return false;
    };
    let rating = match board.rate() {
        Ok(rating) => rating,
        Err(e) => {
            hprintln!("error: {}", e);
            return false;
        }
    };
    let se = rating.se_rating();
    hprintln!("rated {}:", board);
    let level = rating.level().name();
    // `sudoku rate` prints the level in lower case; the names are ASCII.
    let mut lower = [0u8; 8];
    let lower = match lower.get_mut(..level.len()) {
        Some(out) => {
            for (o, c) in out.iter_mut().zip(level.bytes()) {
                *o = c.to_ascii_lowercase();
            }
            core::str::from_utf8(out).unwrap_or(level)
        }
        None => level,
    };
    hprintln!("{}\t{}.{}\t{}", lower, se / 10, se % 10, rating.hardest());
    match board.hint() {
        Ok(Hint::Step(step)) => {
            hprintln!("hint:\n{}", step);
            // The engine's first step is sound: a placement is the solution's digit.
            match (step.placement(), board.solve()) {
                (Some(p), Ok(solution)) => solution.get(usize::from(p.cell)) == Some(p.digit),
                (None, Ok(_)) => true,
                _ => false,
            }
        }
        _ => false,
    }
}

/// A new puzzle at a chosen level (a game's "new hard puzzle" button): generations and
/// ratings until one is hard. A [`Generator`] and a [`Rater`](sudoku81::Rater) make the
/// same attempts in slices, with the seeds of [`sudoku81::LEVEL_SEED_STRIDE`].
fn generate_at_level() -> bool {
    match Board::generate_at_level(SEED, &Options::new(), Level::Hard, 100) {
        Ok((puzzle, rating)) => {
            hprintln!("generated at level hard (seed {}):", SEED);
            hprintln!("{}", puzzle);
            rating.level() == Level::Hard
        }
        Err(e) => {
            hprintln!("error: {}", e);
            false
        }
    }
}
