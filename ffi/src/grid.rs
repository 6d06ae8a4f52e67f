//! Writing a solution back into the caller's text, in whatever layout the text has.

use sudoku81::parse::cell_value;
use sudoku81::{Board, CELLS};

/// Overwrites every blank cell byte (`.` or `0`) of `text` with its digit from `solution`,
/// leaving givens, whitespace and everything after the 81st cell untouched.
///
/// `text` is a puzzle that parsed to 81 cells, so its cell bytes and `solution`'s cells
/// correspond one to one in order.
pub(crate) fn fill_blanks(text: &mut [u8], solution: &Board) {
    // 81 bytes holding 81 cells are all cell bytes: write every one, without branches
    // (a given gets its own digit back). Not in firmware builds, which keep the flash.
    if let (true, Ok(line)) = (
        cfg!(feature = "fast"),
        <&mut [u8; CELLS]>::try_from(&mut *text),
    ) {
        for (byte, &digit) in line.iter_mut().zip(solution.cells()) {
            *byte = b'0' + digit;
        }
        return;
    }
    let mut digits = solution.cells().iter();
    for byte in text.iter_mut() {
        if let Some(value) = cell_value(*byte) {
            let Some(&digit) = digits.next() else {
                return;
            };
            if value == 0 {
                *byte = b'0' + digit;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_blank_bytes_change() {
        let solution = Board::EMPTY.solve().unwrap_or(Board::EMPTY);
        let mut text = [b' '; 200];
        let mut at = 0;
        for (cell, &digit) in solution.cells().iter().enumerate() {
            text[at] = match cell % 3 {
                0 => b'.',
                1 => b'0',
                _ => b'0' + digit,
            };
            at += 2;
        }
        let before = text;
        fill_blanks(&mut text, &solution);
        let mut cells = solution.cells().iter();
        for (old, new) in before.iter().zip(text.iter()) {
            if cell_value(*old).is_some() {
                assert_eq!(*new, b'0' + cells.next().copied().unwrap_or(0));
            } else {
                assert_eq!(old, new);
            }
        }
    }
}
