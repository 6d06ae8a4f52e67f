//! What the technique engine costs on the firmware: the instructions of one `Board::rate`
//! and one `Board::hint` call per puzzle, from a puzzle of singles to the costliest
//! ratings known for the compact build (measured on x86-64 over the shared hard sets:
//! forcing nets and brute force after every technique of the ladder has run out, again
//! and again). A rating is one call that runs to the end, so its cost is what a firmware
//! must allow between two feeds of its watchdog, unless it rates in slices with a
//! [`Rater`]: then the costliest `Rater::run(1)` call is; a hint is one step of the path.

use core::fmt::Write;

use sudoku81::{Board, Hint, LogicError, RateProgress, Rater, Rating};

use crate::{Calibration, Counter};

/// One puzzle to rate: where it comes from, its 81 cells, whether it has one solution.
pub struct Rated {
    /// The data set and what the rating needs.
    pub name: &'static str,
    /// 81 cells, `.` for a blank.
    pub line: &'static [u8; 81],
    /// Whether it has exactly one solution (else several: the rating is an error).
    pub unique: bool,
}

/// The puzzles rated: the C firmware's (tools/firmware-c/budget.c) and the two costliest
/// ratings of the compact build found among 3 009 puzzles of the shared hard sets
/// (hardest1106, msolve1000, plb_hard20, tdoku_test, top1465, top95, Norvig's hardest):
/// 306 and 279 million instructions on x86-64.
pub const RATED: [Rated; 8] = [
    Rated {
        name: "easy (singles)",
        line: b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        unique: true,
    },
    Rated {
        name: "hard (W-wing)",
        line: b"......897..31....48........6..8.2..3..2..5..61.5.3....957.....2.....3.4..4.....5.",
        unique: true,
    },
    Rated {
        name: "unfair (XY-chain)",
        line: b"...5.41.......7..87..21....2..4..8........2..34.....59..6........4..861..5..2..9.",
        unique: true,
    },
    Rated {
        name: "extreme (nets)",
        line: b"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        unique: true,
    },
    Rated {
        name: "17 givens",
        line: b"........1........2..3.45..........4....67.1....5...........2.3..6.......17..8.9..",
        unique: true,
    },
    Rated {
        name: "several solutions",
        line: b"8.........95.......76.........426798...571243...893165......916....3.487....1.532",
        unique: false,
    },
    Rated {
        name: "costliest: brute force",
        line: b".2......9..6.8.1..7......5...46.8....6.3..8......4...1.9.....2......5..7..1.6.3..",
        unique: true,
    },
    Rated {
        name: "costliest: forcing nets",
        line: b".5.4....8..6....9..4...3..........39..5...8.6..985.....2...4.1.6..1.......8.....2",
        unique: true,
    },
];

/// The most instructions one call took, over [`RATED`].
#[derive(Default)]
pub struct Worst {
    /// Of one `Board::rate`.
    pub rate: u64,
    /// Of one `Board::hint`.
    pub hint: u64,
    /// Of one `Rater::run(1)`.
    pub slice: u64,
}

/// Rates and hints every puzzle of [`RATED`], writes a line for each to `out`, and returns
/// whether every answer was right (a rating for a unique puzzle, whose first hint places
/// the solution's digit or removes others; for the other, `MultipleSolutions` and a hint
/// or that error again) with the costliest calls.
pub fn rate_all(
    counter: &impl Counter,
    calibration: &Calibration,
    out: &mut impl Write,
) -> Result<(bool, Worst), core::fmt::Error> {
    let mut all_right = true;
    let mut worst = Worst::default();
    for puzzle in RATED.iter() {
        let Ok(board) = Board::parse(puzzle.line) else {
            writeln!(out, "FAIL {:<30} does not parse", puzzle.name)?;
            all_right = false;
            continue;
        };
        let (rating, rate_ticks) = counter.time(|| board.rate());
        let (hint, hint_ticks) = counter.time(|| board.hint());
        let (rate, hint_cost) = (
            calibration.instructions(rate_ticks),
            calibration.instructions(hint_ticks),
        );
        let (sliced, slice) = rate_in_slices(&board, counter, calibration);
        worst.rate = worst.rate.max(rate);
        worst.hint = worst.hint.max(hint_cost);
        worst.slice = worst.slice.max(slice);
        let right = match (&rating, &hint) {
            (Ok(_), Ok(Hint::Step(step))) if puzzle.unique => {
                sound(&board, step.placement(), step.eliminations())
            }
            // Several solutions: no rating; a hint only from techniques that hold
            // whatever the solutions, if one applies.
            (Err(LogicError::MultipleSolutions), Ok(Hint::Step(_)))
            | (Err(LogicError::MultipleSolutions), Err(LogicError::MultipleSolutions)) => {
                !puzzle.unique
            }
            _ => false,
        };
        all_right &= right && sliced == rating;
        let verdict: &dyn core::fmt::Display = match &rating {
            Ok(rating) => rating,
            Err(e) => e,
        };
        writeln!(
            out,
            "{} {:<30} {} rate {:>10} instructions, hint {:>9}, slice of 1 step {:>9}",
            if right && sliced == rating {
                "ok  "
            } else {
                "FAIL"
            },
            puzzle.name,
            verdict,
            rate,
            hint_cost,
            slice
        )?;
    }
    Ok((all_right, worst))
}

/// The rating of `board` taken one step per `Rater::run` call, and the instructions of
/// the costliest call.
fn rate_in_slices(
    board: &Board,
    counter: &impl Counter,
    calibration: &Calibration,
) -> (Result<Rating, LogicError>, u64) {
    let mut rater = Rater::new(board);
    let mut costliest = 0;
    loop {
        let (progress, ticks) = counter.time(|| rater.run(1));
        costliest = costliest.max(calibration.instructions(ticks));
        match progress {
            RateProgress::Pending => {}
            RateProgress::Rated(rating) => return (Ok(rating), costliest),
            RateProgress::Failed(e) => return (Err(e), costliest),
        }
    }
}

/// Whether a step agrees with the puzzle's solution: a placement puts its digit, an
/// elimination never removes it.
fn sound(
    board: &Board,
    placement: Option<sudoku81::Candidate>,
    eliminations: &[sudoku81::Candidate],
) -> bool {
    let Ok(solution) = board.solve() else {
        return false;
    };
    let digit = |cell: u8| solution.cells().get(usize::from(cell)).copied();
    placement.is_none_or(|p| digit(p.cell) == Some(p.digit))
        && eliminations.iter().all(|e| digit(e.cell) != Some(e.digit))
}
