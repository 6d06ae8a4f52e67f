//! `Board::solve` and friends on near-valid puzzles: a solution is valid and keeps the
//! givens, failures are the right kind, and solve agrees with count (solve succeeds iff
//! count >= 1).

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku81::{SolveError, Solver};

fuzz_target!(|data: &[u8]| {
    let (board, _) = fuzz_support::split_board(data);
    if !fuzz_support::tractable(&board, 2) {
        return;
    }
    let (result, stats) = board.solve_with_stats();
    let count = board.count_solutions(2);
    assert!(count <= 2);
    assert!(stats.max_depth <= 81);
    assert_eq!(board.solve(), result, "solve is deterministic");
    match result {
        Ok(solution) => {
            fuzz_support::assert_solution(&board, &solution);
            assert!(count >= 1, "solved but count_solutions(2) = 0");
            assert_eq!(solution.solve(), Ok(solution));
            assert_eq!(solution.count_solutions(2), 1);
            assert_eq!(count == 1, board.has_unique_solution());
        }
        Err(SolveError::Conflict(conflict)) => {
            fuzz_support::assert_real_conflict(&board, &conflict);
            assert_eq!(Solver::new(&board).err(), Some(conflict));
            assert_eq!(count, 0);
        }
        Err(SolveError::NoSolution) => {
            assert!(!fuzz_support::has_conflict(&board));
            assert_eq!(count, 0, "no solution but count_solutions(2) = {count}");
        }
    }
});
