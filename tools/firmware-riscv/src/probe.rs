//! The two size builds, whose difference is the flash and static RAM the library adds to a
//! firmware (`tools/budgets.sh`): `size-probe` is the smallest real use of the library
//! (parse a puzzle, solve it, write the solution out as a line, which is what C's
//! `sudoku_solve` does), `size-baseline` the same firmware without that use. Both print
//! nothing, so that formatting code is counted only if the library pulls it in.

use core::hint::black_box;

use sudoku81::Board;

/// The puzzle (the first built-in one, once the hardest), in both images.
static GRID: [u8; 81] =
    *b"........1.......2...1.345...1..456..4.......76..8......3.92.....5.......1...563..";

/// Runs the probe of this build; true when it worked.
pub fn run() -> bool {
    let grid = black_box(&GRID);
    if !cfg!(feature = "size-probe") {
        return true;
    }
    match Board::parse(grid).ok().and_then(|board| board.solve().ok()) {
        Some(solution) => {
            black_box(solution.to_line());
            true
        }
        None => false,
    }
}
