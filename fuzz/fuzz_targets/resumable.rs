//! The resumable `Solver::run(budget)` with budgets taken from the input: whatever the
//! budgets, it yields the same solutions in the same order as an unbounded run, never takes
//! more steps than it was given, stays exhausted once exhausted (at no cost, whatever the
//! budget), and a clone taken mid-way carries on exactly like the original.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku81::{Board, Progress, Solver};

/// Solutions collected per run.
const SOLUTIONS: usize = 4;

/// Every solution (up to [`SOLUTIONS`]) found with unlimited budgets.
fn unbounded(board: &Board) -> Vec<Board> {
    let mut solver = Solver::new(board).expect("checked by the caller");
    let mut found = Vec::new();
    while found.len() < SOLUTIONS {
        match solver.run(u32::MAX) {
            Progress::Solved(s) => found.push(s),
            Progress::NoSolution => break,
            Progress::Pending => panic!("Pending with an unlimited budget"),
        }
    }
    found
}

fuzz_target!(|data: &[u8]| {
    let (board, params) = fuzz_support::split_board(data);
    if !fuzz_support::tractable(&board, SOLUTIONS as u32) {
        return;
    }
    let Ok(mut solver) = Solver::new(&board) else {
        assert!(fuzz_support::has_conflict(&board));
        return;
    };
    let expected = unbounded(&board);
    let clone_at = usize::from(fuzz_support::param(params, 0, 0));
    let mut clone: Option<Solver> = None;
    let mut clone_from = 0;
    let mut found = Vec::new();
    let mut calls = 0usize;
    let mut exhausted = false;
    while found.len() < SOLUTIONS && !exhausted {
        // Budgets cycle through the input's bytes; a zero budget must make no progress (a
        // search that ran out of candidates as its budget ran out says so only then).
        let mut budget = u32::from(fuzz_support::param(params, calls + 1, 1));
        if budget == 0 {
            let before = solver.stats();
            let progress = solver.run(0);
            assert_eq!(solver.stats(), before, "run(0) made progress");
            if progress == Progress::NoSolution {
                exhausted = true;
                break;
            }
            assert_eq!(progress, Progress::Pending);
            budget = 1;
        }
        if calls == clone_at {
            clone = Some(solver.clone());
            clone_from = found.len();
        }
        calls += 1;
        let before = solver.stats();
        let progress = solver.run(budget);
        let after = solver.stats();
        assert!(after.steps >= before.steps && after.steps - before.steps <= budget);
        assert!(after.guesses >= before.guesses && after.max_depth >= before.max_depth);
        match progress {
            Progress::Solved(s) => {
                fuzz_support::assert_solution(&board, &s);
                found.push(s);
            }
            Progress::NoSolution => exhausted = true,
            Progress::Pending => assert!(after.steps > before.steps, "no progress"),
        }
    }
    assert_eq!(found, expected, "bounded runs differ from an unbounded run");
    if exhausted {
        let before = solver.stats();
        for budget in [u32::MAX, 0, 1] {
            assert_eq!(solver.run(budget), Progress::NoSolution);
        }
        assert_eq!(solver.stats(), before, "an exhausted search took steps");
    }
    if let Some(mut clone) = clone {
        for want in &expected[clone_from..] {
            assert_eq!(
                clone.run(u32::MAX),
                Progress::Solved(*want),
                "clone diverged"
            );
        }
    }
});
