//! Helpers shared by the fuzz targets: turning fuzzer bytes into boards and parameters, and
//! the property checks every target applies to an answer.
//!
//! The decoding is lenient on purpose, so that the seed corpus (one 81-character puzzle per
//! file, made by `fuzz/seed_corpus.sh` from the shared puzzle sets) decodes to exactly those
//! puzzles, and libFuzzer's byte mutations of them become *near-valid* puzzles: a given
//! added, removed or changed here and there.

#![forbid(unsafe_code)]

use sudoku81::{Board, Conflict, Unit};

/// The independent reference solvers of the test kit (plain backtrackers sharing no code
/// with the library).
pub use sudoku81_testkit::reference;

/// Number of bytes a board takes from the fuzzer input.
pub const BOARD_BYTES: usize = 81;

/// Decodes a board from the first 81 bytes of `data` and returns it with the bytes left over
/// (the target's parameters). Bytes `'1'..='9'` are givens; every other byte, and every cell
/// past the end of a short input, is blank. The board may hold conflicting givens.
pub fn split_board(data: &[u8]) -> (Board, &[u8]) {
    let (head, rest) = data.split_at(data.len().min(BOARD_BYTES));
    let mut cells = [0u8; 81];
    for (cell, &byte) in cells.iter_mut().zip(head) {
        if let b'1'..=b'9' = byte {
            *cell = byte - b'0';
        }
    }
    let board = Board::from_cells(cells).expect("cells are 0..=9 by construction");
    (board, rest)
}

/// Reads parameter `index` (a byte) from `params`, cycling through them; `default` when
/// there are none.
pub fn param(params: &[u8], index: usize, default: u8) -> u8 {
    if params.is_empty() {
        default
    } else {
        params[index % params.len()]
    }
}

/// Asserts that `solution` is a complete valid grid that keeps every given of `givens`,
/// checked both by the library and by the independent reference checker.
pub fn assert_solution(givens: &Board, solution: &Board) {
    assert!(solution.is_solved(), "not a solution: {solution}");
    assert!(
        givens.is_contained_in(solution),
        "givens lost: {givens} -> {solution}"
    );
    assert!(
        reference::is_valid_solution(givens.cells(), solution.cells()),
        "the reference checker rejects {solution} for {givens}"
    );
}

/// Asserts that `conflict` is real: both cells hold its digit and lie in its unit, and the
/// library reports it as the board's first conflict.
pub fn assert_real_conflict(board: &Board, conflict: &Conflict) {
    let [a, b] = conflict.cells.map(usize::from);
    assert!(a < b && b < 81, "bad cells in {conflict:?}");
    assert_eq!(board.get(a), Some(conflict.digit));
    assert_eq!(board.get(b), Some(conflict.digit));
    let in_unit = |c: usize| match conflict.unit {
        Unit::Row(i) => c / 9 == usize::from(i),
        Unit::Col(i) => c % 9 == usize::from(i),
        Unit::Box(i) => c / 27 * 3 + c % 9 / 3 == usize::from(i),
    };
    assert!(
        in_unit(a) && in_unit(b),
        "cells outside the unit: {conflict:?}"
    );
    assert_eq!(board.conflict(), Some(*conflict));
}

/// True if two givens of `board` repeat a digit in a unit, by a scan that shares no code
/// with the library.
pub fn has_conflict(board: &Board) -> bool {
    let cells = board.cells();
    (0..81).any(|a| {
        (a + 1..81).any(|b| {
            let same_unit =
                a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3);
            cells[a] != 0 && cells[a] == cells[b] && same_unit
        })
    })
}

/// Reads bytes one at a time, giving 0 once the input is used up.
struct Bytes<'a>(core::slice::Iter<'a, u8>);

impl Bytes<'_> {
    fn next(&mut self) -> u8 {
        self.0.next().copied().unwrap_or(0)
    }

    /// A uniform-enough choice in `0..n` (`n <= 256`).
    fn below(&mut self, n: usize) -> usize {
        usize::from(self.next()) % n
    }

    /// A permutation of `0..N` (Fisher-Yates driven by the input).
    fn permutation<const N: usize>(&mut self) -> [usize; N] {
        let mut p = core::array::from_fn(|i| i);
        for i in (1..N).rev() {
            p.swap(i, self.below(i + 1));
        }
        p
    }
}

/// Fewest givens `near_valid_board` keeps from its solution grid before editing it.
pub const MIN_GIVENS: usize = 32;

/// A random near-valid puzzle built from the input bytes: a valid solution grid (a pattern
/// grid relabelled, with its bands, stacks, rows within bands and columns within stacks
/// shuffled, maybe transposed), with 3/8 to 5/8 of its cells (at least [`MIN_GIVENS`]) kept
/// as givens, then up to 3 givens changed, added or removed (consistently with the others,
/// but for one edit in eight). The edits give 0, 1 and 2+ solutions and some conflicts.
///
/// The floor on givens keeps plain backtrackers fast: the reference counter has no
/// propagation, and on 20 to 22 givens bunched in a few bands it can take from 0.6 s to
/// 90 s in a release build (about 50 times more in an instrumented fuzz build).
pub fn near_valid_board(data: &[u8]) -> Board {
    let mut bytes = Bytes(data.iter());
    let digits: [usize; 9] = bytes.permutation();
    let (bands, stacks): ([usize; 3], [usize; 3]) = (bytes.permutation(), bytes.permutation());
    let rows: [[usize; 3]; 3] = core::array::from_fn(|_| bytes.permutation());
    let cols: [[usize; 3]; 3] = core::array::from_fn(|_| bytes.permutation());
    let transpose = bytes.next() & 1 == 1;
    let keep_below = 96 + usize::from(bytes.next()) / 4;
    let solution: [u8; 81] = core::array::from_fn(|cell| {
        let (r, c) = (cell / 9, cell % 9);
        let (r, c) = (
            3 * bands[r / 3] + rows[r / 3][r % 3],
            3 * stacks[c / 3] + cols[c / 3][c % 3],
        );
        let (r, c) = if transpose { (c, r) } else { (r, c) };
        digits[(r * 3 + r / 3 + c) % 9] as u8 + 1
    });
    let mut cells = [0u8; 81];
    for (cell, value) in cells.iter_mut().enumerate() {
        if usize::from(bytes.next()) < keep_below {
            *value = solution[cell];
        }
    }
    // Top up to the floor from a point the input picks, walking with a stride coprime to 81.
    let mut cell = bytes.below(81);
    while cells.iter().filter(|&&v| v != 0).count() < MIN_GIVENS {
        cells[cell] = solution[cell];
        cell = (cell + 29) % 81;
    }
    for _ in 0..bytes.below(4) {
        let cell = bytes.below(81);
        let digit = bytes.below(10) as u8;
        // One edit in eight may clash with the givens; the others keep them consistent.
        cells[cell] = if digit == 0 || bytes.below(8) == 0 {
            digit
        } else {
            (0..9)
                .map(|k| (digit - 1 + k) % 9 + 1)
                .find(|&d| fits(&cells, cell, d))
                .unwrap_or(0)
        };
    }
    Board::from_cells(cells).expect("cells are 0..=9 by construction")
}

/// True if `digit` can go in `cell`: no other cell of its row, column or box holds it.
fn fits(cells: &[u8; 81], cell: usize, digit: u8) -> bool {
    (0..81).all(|other| {
        let peer = other / 9 == cell / 9
            || other % 9 == cell % 9
            || (other / 27 == cell / 27 && other % 9 / 3 == cell % 9 / 3);
        other == cell || !peer || cells[other] != digit
    })
}

/// Search steps a target lets one input take (about 10 s in an instrumented build, far
/// below libFuzzer's 30 s timeout). Hostile inputs can need more: the `solve` target found
/// an unsolvable 17-given puzzle that needed 306,674 steps (134,885 since the default engine
/// scores its guesses; `tests/adversarial.rs` keeps it).
/// Such inputs are performance findings, not crashes, so the targets skip them rather than
/// let libFuzzer report a timeout.
pub const MAX_STEPS: u32 = 200_000;

/// True if a search over `board` finds `solutions` solutions (or proves there are fewer)
/// within [`MAX_STEPS`] steps; true for conflicting givens (no search at all).
pub fn tractable(board: &Board, solutions: u32) -> bool {
    let Ok(mut solver) = sudoku81::Solver::new(board) else {
        return true;
    };
    let mut found = 0;
    while found < solutions {
        let left = MAX_STEPS.saturating_sub(solver.stats().steps);
        if left == 0 {
            return false;
        }
        match solver.run(left) {
            sudoku81::Progress::Solved(_) => found += 1,
            sudoku81::Progress::NoSolution => return true,
            sudoku81::Progress::Pending => return false,
        }
    }
    true
}
