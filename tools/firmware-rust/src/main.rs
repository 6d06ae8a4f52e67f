//! The measuring Cortex-M firmware: solves the built-in puzzles with `sudoku81` and
//! reports, over semihosting, what a firmware author needs to know: the answers, the stack
//! each solve entry point used (stack painting), the instructions per puzzle and the worst
//! single step of [`Solver::run`]. Exits 0 when every answer is right, 1 otherwise.
//! `tools/budgets.sh` reads its last line.
//!
//! Run it with `cargo run --release` here (Cortex-M3 on QEMU's lm3s6965evb), or with
//! `cargo run --release --target thumbv6m-none-eabi` (Cortex-M0 on QEMU's microbit).

#![no_std]
#![no_main]

// `unsafe` is denied crate-wide and allowed only in the two modules that need it.
#[allow(unsafe_code)]
mod clock;
mod panic;
mod puzzles;
#[allow(unsafe_code)]
mod stack;

use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hprintln};
use sudoku81::{Board, Progress, SolveError, Solver};

use clock::{Calibration, Clock};
use puzzles::{Expect, Puzzle, PUZZLES};

/// Steps per call of [`Solver::run`] when solving in slices between other work.
const SLICE_STEPS: u32 = 32;

/// What one puzzle cost.
#[derive(Default)]
struct Cost {
    steps: u32,
    guesses: u32,
    /// Instructions of one `Board::solve` call.
    instructions: u64,
    /// Stack used by `Board::solve`.
    solve_stack: usize,
    /// Stack used by `Solver::reset` plus the sliced `Solver::run` loop.
    run_stack: usize,
    /// The most instructions one `Solver::run(1)` call took.
    max_step_instructions: u64,
    /// Calls of `Solver::run(SLICE_STEPS)` and of the other work in between.
    slices: u32,
}

#[entry]
fn main() -> ! {
    let ok = match cortex_m::Peripherals::take() {
        Some(peripherals) => run_all(&Clock::start(peripherals.SYST)),
        None => false,
    };
    debug::exit(if ok {
        debug::EXIT_SUCCESS
    } else {
        debug::EXIT_FAILURE
    });
    loop {
        cortex_m::asm::wfi();
    }
}

/// Solves every built-in puzzle three ways, prints a line per puzzle and a summary, and
/// says whether every answer was right.
fn run_all(clock: &Clock) -> bool {
    let target = env!("FIRMWARE_TARGET");
    let calibration = clock.calibrate();
    hprintln!(
        "sudoku firmware on {}: Solver {} bytes, {} built-in puzzles, slices of {} steps, {} SysTick ticks per 1000 instructions",
        target,
        core::mem::size_of::<Solver>(),
        PUZZLES.len(),
        SLICE_STEPS,
        calibration.ticks_per_1000()
    );
    let mut passed = 0;
    let mut worst = Cost::default();
    for (index, puzzle) in PUZZLES.iter().enumerate() {
        match check(puzzle, clock, &calibration) {
            Ok(cost) => {
                passed += 1;
                hprintln!(
                    "ok   {:<30} steps {:>5} guesses {:>5} instructions {:>9} stack solve {} B run {} B  worst step {} instructions  {} slices",
                    puzzle.name,
                    cost.steps,
                    cost.guesses,
                    cost.instructions,
                    cost.solve_stack,
                    cost.run_stack,
                    cost.max_step_instructions,
                    cost.slices
                );
                worst.solve_stack = worst.solve_stack.max(cost.solve_stack);
                worst.run_stack = worst.run_stack.max(cost.run_stack);
                worst.max_step_instructions =
                    worst.max_step_instructions.max(cost.max_step_instructions);
                if index == 0 {
                    worst.instructions = cost.instructions;
                    worst.steps = cost.steps;
                }
            }
            Err(why) => hprintln!("FAIL {:<30} {}", puzzle.name, why),
        }
    }
    if let Ok(board) = Board::parse(PUZZLES[0].line) {
        if let Ok(solution) = board.solve() {
            hprintln!("{} solved:\n{:#}", PUZZLES[0].name, solution);
        }
    }
    hprintln!(
        "FIRMWARE target={} passed={}/{} solve_stack={} run_stack={} max_step_instructions={} hardest_instructions={} hardest_steps={}",
        target,
        passed,
        PUZZLES.len(),
        worst.solve_stack,
        worst.run_stack,
        worst.max_step_instructions,
        worst.instructions,
        worst.steps
    );
    passed == PUZZLES.len()
}

/// Solves `puzzle` in one call, in slices between other work, and one step per call, and
/// checks that all three give the right answer.
fn check(puzzle: &Puzzle, clock: &Clock, calibration: &Calibration) -> Result<Cost, &'static str> {
    let board = Board::parse(puzzle.line).map_err(|_| "does not parse")?;

    let ((answer, ticks), solve_stack) = stack::measure(|| call(|| clock.time(|| board.solve())));
    let expected = match (answer, puzzle.expect) {
        (Ok(solution), Expect::Solved)
            if solution.is_solved() && board.is_contained_in(&solution) =>
        {
            Some(solution)
        }
        (Err(SolveError::NoSolution), Expect::NoSolution) => None,
        _ => return Err("Board::solve gave a wrong answer"),
    };

    let (sliced, run_stack) = stack::measure(|| call(|| solve_in_slices(&board)));
    let (sliced, slices) = sliced?;
    if sliced != expected {
        return Err("Solver::run in slices disagrees with Board::solve");
    }

    let (stepped, steps, guesses, max_step_ticks) = solve_step_by_step(&board, clock)?;
    if stepped != expected {
        return Err("Solver::run(1) disagrees with Board::solve");
    }

    Ok(Cost {
        steps,
        guesses,
        instructions: calibration.instructions(ticks),
        solve_stack,
        run_stack,
        max_step_instructions: calibration.instructions(max_step_ticks),
        slices,
    })
}

/// Calls `f` one frame down, so that everything `f` puts on the stack is below the stack
/// pointer [`stack::measure`] read, even what the optimiser inlines.
#[inline(never)]
fn call<R>(f: impl FnOnce() -> R) -> R {
    f()
}

/// The firmware main-loop pattern: a slice of the search, then the rest of the loop's work
/// (here a stand-in for feeding a watchdog or polling a peripheral), until the search ends.
fn solve_in_slices(board: &Board) -> Result<(Option<Board>, u32), &'static str> {
    // Reset in place rather than `Solver::new`, which returns the state by value (a copy).
    let mut solver = Solver::empty();
    solver.reset(board).map_err(|_| "conflicting givens")?;
    let mut slices = 0u32;
    let mut heartbeat = 0u32;
    loop {
        slices += 1;
        let progress = solver.run(SLICE_STEPS);
        heartbeat = core::hint::black_box(heartbeat.wrapping_add(1));
        match progress {
            Progress::Solved(solution) => return Ok((Some(solution), slices)),
            Progress::NoSolution => return Ok((None, slices)),
            Progress::Pending => {}
        }
    }
}

/// Runs the search one step per call and times every call; returns the answer, the steps
/// and guesses, and the ticks of the slowest call.
fn solve_step_by_step(
    board: &Board,
    clock: &Clock,
) -> Result<(Option<Board>, u32, u32, u64), &'static str> {
    // Reset in place rather than `Solver::new`, which returns the state by value (a copy).
    let mut solver = Solver::empty();
    solver.reset(board).map_err(|_| "conflicting givens")?;
    let mut slowest = 0;
    loop {
        let (progress, ticks) = clock.time(|| solver.run(1));
        slowest = slowest.max(ticks);
        let answer = match progress {
            Progress::Solved(solution) => Some(solution),
            Progress::NoSolution => None,
            Progress::Pending => continue,
        };
        let stats = solver.stats();
        return Ok((answer, stats.steps, stats.guesses, slowest));
    }
}
