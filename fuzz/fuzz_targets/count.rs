//! `count_solutions(limit)` on near-valid puzzles, with the limit taken from the input:
//! the count never exceeds the limit, a larger limit never gives fewer, the solutions the
//! resumable solver enumerates are valid, distinct and as many as counted, and solve
//! succeeds iff the count is at least 1.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku81::{Board, Progress, Solver};

/// Largest limit tried: near-empty boards have astronomically many solutions, and each one
/// counted costs a few search steps.
const MAX_LIMIT: u32 = 200;

fuzz_target!(|data: &[u8]| {
    let (board, params) = fuzz_support::split_board(data);
    let limit = u32::from(fuzz_support::param(params, 0, 3)) % (MAX_LIMIT + 1);
    if !fuzz_support::tractable(&board, limit + 1) {
        return;
    }
    let count = board.count_solutions(limit);
    assert!(count <= limit, "count {count} > limit {limit}");

    let more = board.count_solutions(limit + 1);
    assert!(more == count || (count == limit && more == limit + 1));
    assert_eq!(board.solve().is_ok(), more >= 1, "solve vs count");

    let mut solutions: Vec<Board> = Vec::new();
    if let Ok(mut solver) = Solver::new(&board) {
        assert_eq!(solver.clone().count(limit), count);
        while solutions.len() < limit as usize {
            match solver.run(u32::MAX) {
                Progress::Solved(s) => {
                    fuzz_support::assert_solution(&board, &s);
                    assert!(!solutions.contains(&s), "solution repeated: {s}");
                    solutions.push(s);
                }
                Progress::NoSolution => break,
                Progress::Pending => {}
            }
        }
    } else {
        assert!(fuzz_support::has_conflict(&board));
        assert_eq!(count, 0);
        assert_eq!(more, 0);
    }
    assert_eq!(solutions.len(), count as usize);
    if let Some(first) = solutions.first() {
        assert_eq!(board.solve().as_ref(), Ok(first));
    }
});
