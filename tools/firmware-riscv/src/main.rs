//! The measuring RISC-V firmware: solves the built-in puzzles with `sudoku81` on QEMU's
//! RV32 virt machine and reports over the UART what a firmware author needs to know: the
//! answers, the stack each solve entry point used (stack painting), the instructions per
//! puzzle and the worst single step of [`Solver::run`]. Exits 0 when every answer is right,
//! 1 otherwise. `tools/budgets.sh` reads its last line.
//!
//! Run it with `cargo run --release` here. The `size-probe` and `size-baseline` features
//! build the two images whose difference is the library's flash (see `probe`).

#![no_std]
#![no_main]
// In the size builds the measuring code below is not called.
#![cfg_attr(
    any(feature = "size-probe", feature = "size-baseline"),
    allow(dead_code, unused_imports)
)]

// `unsafe` is denied crate-wide and allowed only in the modules that touch the hardware.
#[allow(unsafe_code)]
mod clock;
mod probe;
mod puzzles;
#[allow(unsafe_code)]
mod rt;
#[allow(unsafe_code)]
mod stack;
#[allow(unsafe_code)]
mod uart;

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

/// Called by the start-up code in `rt` once RAM is ready.
fn main() -> ! {
    let ok = if cfg!(any(feature = "size-probe", feature = "size-baseline")) {
        probe::run()
    } else {
        run_all(&Clock)
    };
    rt::exit(if ok { 0 } else { 1 })
}

/// The firmware's own panic handler: say what happened, exit non-zero. (The solver itself
/// has no reachable panic; this catches the firmware's own bugs.) The size builds only
/// exit, so that no formatting code is counted as the library's.
#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    if !cfg!(any(feature = "size-probe", feature = "size-baseline")) {
        println!("firmware panicked: {}", info);
    }
    rt::exit(2)
}

/// Solves every built-in puzzle three ways, prints a line per puzzle and a summary, and
/// says whether every answer was right.
fn run_all(clock: &Clock) -> bool {
    let target = env!("FIRMWARE_TARGET");
    let calibration = clock.calibrate();
    println!(
        "sudoku firmware on {}: Solver {} bytes, {} built-in puzzles, slices of {} steps, {} minstret counts per 1000 instructions",
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
                println!(
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
            Err(why) => println!("FAIL {:<30} {}", puzzle.name, why),
        }
    }
    if let Ok(board) = Board::parse(PUZZLES[0].line) {
        if let Ok(solution) = board.solve() {
            println!("{} solved:\n{:#}", PUZZLES[0].name, solution);
        }
    }
    println!(
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

/// Whether `answer` is right for `puzzle`: a complete valid grid that keeps the givens
/// where a solution is expected, `NoSolution` where none is.
fn is_right(puzzle: &Puzzle, board: &Board, answer: &Option<Board>) -> bool {
    match (answer, puzzle.expect) {
        (Some(solution), Expect::Solved) => solution.is_solved() && board.is_contained_in(solution),
        (None, Expect::NoSolution) => true,
        _ => false,
    }
}

/// Solves `puzzle` in one call, in slices between other work, and one step per call, and
/// checks all three answers.
fn check(puzzle: &Puzzle, clock: &Clock, calibration: &Calibration) -> Result<Cost, &'static str> {
    let board = Board::parse(puzzle.line).map_err(|_| "does not parse")?;

    let ((answer, ticks), solve_stack) = stack::measure(|| call(|| clock.time(|| board.solve())));
    let answer = match answer {
        Ok(solution) => Some(solution),
        Err(SolveError::NoSolution) => None,
        Err(_) => return Err("Board::solve failed"),
    };
    if !is_right(puzzle, &board, &answer) {
        return Err("Board::solve gave a wrong answer");
    }

    let (sliced, run_stack) = stack::measure(|| call(|| solve_in_slices(&board)));
    let (sliced, slices) = sliced?;
    if !is_right(puzzle, &board, &sliced) || sliced != answer {
        return Err("Solver::run in slices gave a wrong answer");
    }

    let (stepped, steps, guesses, max_step_ticks) = solve_step_by_step(&board, clock)?;
    if !is_right(puzzle, &board, &stepped) || stepped != answer {
        return Err("Solver::run(1) gave a wrong answer");
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
/// and guesses, and the counts of the slowest call.
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
