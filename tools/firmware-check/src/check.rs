use core::fmt::Write;

use sudoku81::{Board, Progress, SolveError, Solver};

use crate::puzzles::{Expect, Puzzle, PUZZLES};
#[cfg(feature = "rate")]
use crate::rate::rate_all;
use crate::Counter;

/// Steps per call of [`Solver::run`] when solving in slices between other work.
const SLICE_STEPS: u32 = 32;

/// What a measuring firmware provides besides its [`Counter`].
pub trait Firmware: Counter {
    /// Runs `f` on a painted stack (see [`crate::stack::measure`]) and returns its result
    /// and the stack bytes it used.
    fn measure_stack<R>(&self, f: impl FnOnce() -> R) -> (R, usize);
}

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

/// Solves every built-in puzzle three ways (with the `rate` feature, also rates and hints
/// the puzzles of `rate::RATED`), writes a line per puzzle and the summary line
/// `FIRMWARE target=... passed=N/M ...` to `out`, and says whether every answer was right.
/// `counts` names what the counter counts (e.g. "SysTick ticks").
pub fn run_all(
    firmware: &impl Firmware,
    out: &mut impl Write,
    target: &str,
    counts: &str,
) -> Result<bool, core::fmt::Error> {
    let calibration = firmware.calibrate();
    writeln!(
        out,
        "sudoku firmware on {}: Solver {} bytes, {} built-in puzzles, slices of {} steps, {} {} per 1000 instructions",
        target,
        core::mem::size_of::<Solver>(),
        PUZZLES.len(),
        SLICE_STEPS,
        calibration.ticks_per_1000(),
        counts
    )?;
    let mut passed = 0;
    let mut worst = Cost::default();
    for puzzle in PUZZLES.iter() {
        match check(puzzle, firmware) {
            Ok(cost) => {
                let cost = Cost {
                    instructions: calibration.instructions(cost.instructions),
                    max_step_instructions: calibration.instructions(cost.max_step_instructions),
                    ..cost
                };
                passed += 1;
                writeln!(
                    out,
                    "ok   {:<30} steps {:>5} guesses {:>5} instructions {:>9} stack solve {} B run {} B  worst step {} instructions  {} slices",
                    puzzle.name,
                    cost.steps,
                    cost.guesses,
                    cost.instructions,
                    cost.solve_stack,
                    cost.run_stack,
                    cost.max_step_instructions,
                    cost.slices
                )?;
                worst.solve_stack = worst.solve_stack.max(cost.solve_stack);
                worst.run_stack = worst.run_stack.max(cost.run_stack);
                worst.max_step_instructions =
                    worst.max_step_instructions.max(cost.max_step_instructions);
                if cost.instructions > worst.instructions {
                    worst.instructions = cost.instructions;
                    worst.steps = cost.steps;
                }
            }
            Err(why) => writeln!(out, "FAIL {:<30} {}", puzzle.name, why)?,
        }
    }
    #[cfg(feature = "rate")]
    let rated_right = {
        let (right, worst) = rate_all(firmware, &calibration, out)?;
        writeln!(
            out,
            "RATED target={} rated={} rate_instructions={} hint_instructions={} \
             rater_step_instructions={}",
            target,
            if right { "ok" } else { "FAIL" },
            worst.rate,
            worst.hint,
            worst.slice
        )?;
        right
    };
    #[cfg(not(feature = "rate"))]
    let rated_right = true;
    if let Ok(Ok(solution)) = Board::parse(PUZZLES[0].line).map(|board| board.solve()) {
        writeln!(out, "{} solved:\n{:#}", PUZZLES[0].name, solution)?;
    }
    writeln!(
        out,
        "FIRMWARE target={} passed={}/{} solve_stack={} run_stack={} max_step_instructions={} hardest_instructions={} hardest_steps={}",
        target,
        passed,
        PUZZLES.len(),
        worst.solve_stack,
        worst.run_stack,
        worst.max_step_instructions,
        worst.instructions,
        worst.steps
    )?;
    Ok(passed == PUZZLES.len() && rated_right)
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
/// checks all three answers. The instructions in the cost are still counter ticks.
fn check(puzzle: &Puzzle, firmware: &impl Firmware) -> Result<Cost, &'static str> {
    let board = Board::parse(puzzle.line).map_err(|_| "does not parse")?;

    let ((answer, ticks), solve_stack) =
        firmware.measure_stack(|| call(|| firmware.time(|| board.solve())));
    let answer = match answer {
        Ok(solution) => Some(solution),
        Err(SolveError::NoSolution) => None,
        Err(_) => return Err("Board::solve failed"),
    };
    if !is_right(puzzle, &board, &answer) {
        return Err("Board::solve gave a wrong answer");
    }

    let (sliced, run_stack) = firmware.measure_stack(|| call(|| solve_in_slices(&board)));
    let (sliced, slices) = sliced?;
    if !is_right(puzzle, &board, &sliced) || sliced != answer {
        return Err("Solver::run in slices gave a wrong answer");
    }

    let (stepped, steps, guesses, max_step_ticks) = solve_step_by_step(&board, firmware)?;
    if !is_right(puzzle, &board, &stepped) || stepped != answer {
        return Err("Solver::run(1) gave a wrong answer");
    }

    Ok(Cost {
        steps,
        guesses,
        instructions: ticks,
        solve_stack,
        run_stack,
        max_step_instructions: max_step_ticks,
        slices,
    })
}

/// Calls `f` one frame down, so that everything `f` puts on the stack is below the stack
/// pointer the stack measurement read, even what the optimiser inlines.
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
    counter: &impl Counter,
) -> Result<(Option<Board>, u32, u32, u64), &'static str> {
    // Reset in place rather than `Solver::new`, which returns the state by value (a copy).
    let mut solver = Solver::empty();
    solver.reset(board).map_err(|_| "conflicting givens")?;
    let mut slowest = 0;
    loop {
        let (progress, ticks) = counter.time(|| solver.run(1));
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
