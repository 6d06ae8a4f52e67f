//! Helpers shared by the tests, benchmarks, tools and fuzz targets of sudoku81, one copy of
//! each: an independent reference solver ([`mod@reference`]), grid symmetries ([`Isomorph`]),
//! the puzzle sets ([`data`]) and a seeded PRNG ([`Rng`]).
//!
//! Nothing here depends on the library: grids are plain `[u8; 81]` arrays (0 = blank), so a
//! bug in the library cannot hide in the code that checks it.

pub mod data;
mod isomorph;
pub mod reference;
mod rng;

pub use isomorph::Isomorph;
pub use rng::Rng;

/// The exact solution counts of Tdoku's test cases (`tdoku_test.txt`), by line, from the
/// shared data README.
pub const TDOKU_TEST_COUNTS: [u32; 43] = [
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 125, 601,
    113, 122, 91, 132, 13, 9, 3, 102, 633, 787, 838, 826, 847,
];

/// Parses an 81-character puzzle line into cells (`.` and `0` as 0).
///
/// # Panics
/// On a line that is not 81 characters of `1`-`9`, `.` and `0`: test data is trusted.
pub fn cells_of(line: &str) -> [u8; 81] {
    let bytes = line.as_bytes();
    assert_eq!(bytes.len(), 81, "not an 81-character puzzle: {line}");
    let mut cells = [0u8; 81];
    for (cell, &b) in cells.iter_mut().zip(bytes) {
        *cell = match b {
            b'1'..=b'9' => b - b'0',
            b'.' | b'0' => 0,
            _ => panic!("bad byte {b} in {line}"),
        };
    }
    cells
}

/// The 81-character line of `cells` (`.` for a blank).
pub fn line_of(cells: &[u8; 81]) -> String {
    cells
        .iter()
        .map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) })
        .collect()
}
