//! Our solver against the independent reference backtracker of the tests: on random
//! near-valid puzzles (see `fuzz_support::near_valid_board`), the counts up to 2 must agree,
//! and a unique solution must be the one the port of the original program finds.
//!
//! The puzzles are generated rather than mutated from the puzzle sets because the reference
//! counter has no propagation: on a hard 17-to-25-given puzzle it can take seconds (17 s for
//! one top95 puzzle in an instrumented build), which would stall the fuzzer.

#![no_main]

use fuzz_support::reference;
use libfuzzer_sys::fuzz_target;

/// Placements the port of the original program may try before giving up (it is exponential
/// on some inputs; giving up skips only the solution comparison).
const ORIGINAL_TRIES: u64 = 200_000;

fuzz_target!(|data: &[u8]| {
    let board = fuzz_support::near_valid_board(data);
    let ours = board.count_solutions(2);
    let theirs = reference::reference_count(board.cells(), 2);
    assert_eq!(
        u64::from(ours),
        theirs,
        "count_solutions(2) disagrees for {board}"
    );
    if ours == 1 {
        let solution = board.solve().expect("count 1 but solve failed");
        fuzz_support::assert_solution(&board, &solution);
        if let Some((original, _)) = reference::original_solve(board.cells(), ORIGINAL_TRIES) {
            assert_eq!(&original, solution.cells(), "different unique solutions");
        }
    }
});
