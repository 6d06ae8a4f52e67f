//! The technique engine on fuzzed grids: every step of every path is sound, and the
//! rating, the hints and the pencil-mark path agree with it.
//!
//! The input is a puzzle (`fuzz_support::split_board`: the seed corpus holds puzzles of
//! every shared set, from easy to the hardest, and mutations give 0, 1 and 2+ solutions),
//! then parameters. For any input the rating, the path and a hint must not panic and must
//! agree on whether the puzzle has a unique solution, and the rating taken in slices of a
//! budget the input chooses must be the rating. For a unique puzzle:
//!
//! - the solution is a complete valid grid keeping the givens (checked by the test kit's
//!   reference checker), and the reference counter agrees that it is the only one (on
//!   puzzles with enough givens for a plain backtracker);
//! - every step places the solution's digit or removes candidates that are not it, and the
//!   path ends solved, in as many steps as the rating counts;
//! - a player's grid with some of the solution's digits and one wrong entry (chosen by the
//!   input) gets that entry named as wrong;
//! - pencil marks with some wrong candidates removed (chosen by the input) give a path that
//!   is sound too (the engine on a "Sukaku" puzzle).

#![no_main]

use fuzz_support::{param, reference};
use libfuzzer_sys::fuzz_target;
use sudoku81::{Board, Digits, Hint, LogicError, Marks, RateProgress, Rater, Step};

/// Asserts that `step` keeps the solution: a placement puts its digit, an elimination never
/// removes it.
fn assert_sound(step: &Step, solution: &[u8; 81], context: &str) {
    if let Some(p) = step.placement() {
        assert_eq!(
            solution[usize::from(p.cell)],
            p.digit,
            "{context}: wrong placement in {step}"
        );
    }
    for e in step.eliminations() {
        assert_ne!(
            solution[usize::from(e.cell)],
            e.digit,
            "{context}: removes the solution's digit in {step}"
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let (board, params) = fuzz_support::split_board(data);
    // The reference counter has no propagation: fast enough only with many givens.
    let referable = board.cells().iter().filter(|&&v| v != 0).count() >= fuzz_support::MIN_GIVENS
        && fuzz_support::tractable(&board, 2);
    let rating = board.rate();
    // The same rating in slices of a budget the input chooses (1 to 16 steps).
    let budget = u32::from(param(params, 200, 0) % 16) + 1;
    let mut rater = Rater::new(&board);
    let sliced = loop {
        match rater.run(budget) {
            RateProgress::Pending => {}
            RateProgress::Rated(r) => break Ok(r),
            RateProgress::Failed(e) => break Err(e),
        }
    };
    assert_eq!(sliced, rating, "rating in slices of {budget} of {board}");
    let hint = board.hint();
    let Ok(mut path) = board.explain() else {
        assert!(
            rating.is_err() && hint.is_err(),
            "explain failed alone on {board}"
        );
        return;
    };
    let Some(&solution) = path.solution() else {
        // Several solutions: no rating, and a path without the uniqueness techniques.
        assert_eq!(rating, Err(LogicError::MultipleSolutions), "{board}");
        assert!(!path.is_unique());
        if referable {
            assert!(reference::reference_count(board.cells(), 2) >= 2, "{board}");
        }
        for _ in path.by_ref() {}
        return;
    };
    let solved = Board::from_cells(solution).expect("a solution holds digits");
    fuzz_support::assert_solution(&board, &solved);
    if referable {
        assert_eq!(reference::reference_count(board.cells(), 2), 1, "{board}");
    }

    let rating = rating.expect("a unique puzzle has a rating");
    let mut steps = 0u32;
    for step in path.by_ref() {
        assert_sound(&step, &solution, "path");
        steps += 1;
    }
    assert!(
        path.is_solved(),
        "the path of a unique puzzle ends solved: {board}"
    );
    assert_eq!(
        u32::from(rating.steps()),
        steps,
        "rating and path disagree on {board}"
    );
    match hint {
        Ok(Hint::Step(step)) => assert_sound(&step, &solution, "hint"),
        Ok(Hint::Solved) => assert!(board.is_solved()),
        other => panic!("hint on {board}: {other:?}"),
    }

    // A player's grid: some of the solution's digits, and maybe one wrong entry.
    let mut player = *board.cells();
    for (cell, value) in player.iter_mut().enumerate() {
        if *value == 0 && param(params, cell, 0).is_multiple_of(4) {
            *value = solution[cell];
        }
    }
    let wrong = usize::from(param(params, 81, 0)) % 81;
    let wrong_digit = solution[wrong] % 9 + 1;
    let place_wrong = board.cells()[wrong] == 0 && param(params, 82, 0).is_multiple_of(2);
    if place_wrong {
        player[wrong] = wrong_digit;
    }
    let player = Board::from_cells(player).expect("digits");
    match board.hint_from(&player, None) {
        Ok(Hint::WrongEntry {
            cell,
            digit,
            solution: right,
        }) => {
            assert!(place_wrong, "no wrong entry, but {cell}={digit} named");
            assert_eq!((usize::from(cell), digit), (wrong, wrong_digit));
            assert_eq!(right, solution[wrong]);
        }
        Ok(Hint::Step(step)) => {
            assert!(!place_wrong, "a wrong entry went unnoticed on {player}");
            assert_sound(&step, &solution, "player hint");
        }
        Ok(Hint::Solved) => assert!(!place_wrong && player.is_solved()),
        other => panic!("hint_from on {player}: {other:?}"),
    }

    // Pencil marks with some wrong candidates removed: a sound path to the same solution.
    let marks: [Digits; 81] = core::array::from_fn(|cell| {
        // Bit d - 1 keeps digit d (the lowest bit serves digits 1 and 9).
        let byte = param(params, 83 + cell, 0xFF);
        let keep = u16::from(byte) | u16::from(byte & 1) << 8;
        let mut set = Digits::ALL;
        for digit in 1..=9u8 {
            if digit != solution[cell] && keep & (1 << (digit - 1)) == 0 {
                set = set.without(digit);
            }
        }
        set
    });
    let marks = Marks::with_candidates(&board, &marks).expect("the solution's digits stay");
    let mut path = marks.explain().expect("the marks keep the solution");
    assert_eq!(
        path.solution(),
        Some(&solution),
        "the marks keep the same solution"
    );
    for step in path.by_ref() {
        assert_sound(&step, &solution, "pencil-mark path");
    }
    assert!(path.is_solved());
});
