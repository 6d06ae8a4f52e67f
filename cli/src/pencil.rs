//! Pencil marks as text: 81 cells of 9 places each (729 in all), as Tdoku and other
//! pencil-mark ("Sukaku") collections write them. Place `d` of a cell holds the digit `d`
//! while it is a candidate, and `.` or `0` once it is not; whitespace is ignored, so one
//! line of 729 and nine lines of 81 both read (where the text is read whole: an argument,
//! a `--marks` file; in a file of puzzles, a pencil-mark puzzle is one line).

use sudoku81::parse::{cell_value, is_space};
use sudoku81::Digits;

/// The number of places in a pencil-mark grid: 9 per cell.
pub const PLACES: usize = 81 * 9;

/// The fewest tokens (bytes other than whitespace) of a text meant as pencil marks: far
/// more than a puzzle's 81 cells, or several puzzles on a line.
const FEWEST_TOKENS: usize = 600;

/// True if a text of `tokens` tokens, `places` of them places (digits, `.`), is meant as
/// pencil marks, right or not ([`parse_marks`] says): at least [`FEWEST_TOKENS`] tokens,
/// three quarters of them places, as the command tells a flawed puzzle argument from a
/// file's name. (The reader has the counts already.)
pub fn counts_look_like_marks(tokens: usize, places: usize) -> bool {
    tokens >= FEWEST_TOKENS && 4 * places >= 3 * tokens
}

/// [`counts_look_like_marks`] for `text`.
pub fn looks_like_marks(text: &[u8]) -> bool {
    let (tokens, places) = text
        .iter()
        .filter(|&&b| !is_space(b))
        .fold((0, 0), |(t, p), &b| (t + 1, p + usize::from(is_place(b))));
    counts_look_like_marks(tokens, places)
}

/// True if `text`, an argument that names no file, has as many tokens as pencil marks
/// ([`FEWEST_TOKENS`] or more), whatever they are: no file name is that long, so it was
/// meant as marks, and [`parse_marks`] names what is wrong with it.
pub fn long_as_marks(text: &[u8]) -> bool {
    text.iter().filter(|&&b| !is_space(b)).count() >= FEWEST_TOKENS
}

/// A byte that may stand in a place: a digit, or `.` (a puzzle's cell bytes).
fn is_place(byte: u8) -> bool {
    cell_value(byte).is_some()
}

/// The 81 candidate sets of a pencil-mark text, or what is wrong with it, naming the cell
/// and the place.
pub fn parse_marks(text: &[u8]) -> Result<[Digits; 81], String> {
    // A byte that is no place first, wherever it is: the count would hide it.
    let tokens = || text.iter().copied().filter(|&b| !is_space(b));
    if let Some((place, byte)) = tokens().enumerate().find(|&(_, b)| !is_place(b)) {
        return Err(format!(
            "pencil marks: {}: {} where a digit or '.' should stand",
            where_is(place),
            shown(byte)
        ));
    }
    let count = tokens().count();
    if count != PLACES {
        return Err(format!(
            "pencil marks: expected {PLACES} places (9 for each of 81 cells), found {count}"
        ));
    }
    let mut sets = [Digits::NONE; 81];
    for (place, byte) in tokens().enumerate() {
        let (cell, digit) = (place / 9, (place % 9) as u8 + 1);
        match cell_value(byte) {
            Some(0) => {}
            Some(d) if d == digit => {
                if let Some(set) = sets.get_mut(cell) {
                    *set = set.with(digit);
                }
            }
            _ => {
                return Err(format!(
                    "pencil marks: {}: {} where only {digit}, '.' or '0' may stand (place d \
                     of a cell holds digit d)",
                    where_is(place),
                    shown(byte)
                ))
            }
        }
    }
    Ok(sets)
}

/// Where place `place` (from 0) is: `r4c7, place 4`, or past the 729 places.
fn where_is(place: usize) -> String {
    if place >= PLACES {
        return format!("place {} (past the 729 of 81 cells)", place + 1);
    }
    let cell = place / 9;
    format!(
        "r{}c{}, place {}",
        cell / 9 + 1,
        cell % 9 + 1,
        place % 9 + 1
    )
}

/// A byte as a message shows it: a printable character quoted, anything else in hex.
fn shown(byte: u8) -> String {
    if byte.is_ascii_graphic() {
        format!("'{}'", byte as char)
    } else {
        format!("byte 0x{byte:02x}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every candidate everywhere, as text.
    fn all() -> String {
        "123456789".repeat(81)
    }

    #[test]
    fn every_place_reads_as_its_digit() {
        let sets = parse_marks(all().as_bytes()).unwrap();
        assert!(sets.iter().all(|&set| set == Digits::ALL));
        let mut text = all().into_bytes();
        text[9 * 40 + 4] = b'.';
        text[9 * 80 + 8] = b'0';
        let sets = parse_marks(&text).unwrap();
        assert!(!sets[40].contains(5) && sets[40].len() == 8);
        assert!(!sets[80].contains(9) && sets[80].len() == 8);
        assert!(looks_like_marks(&text));
    }

    #[test]
    fn whitespace_is_ignored_and_rows_may_be_lines() {
        let rows: Vec<String> = (0..9).map(|_| "123456789 ".repeat(9)).collect();
        let text = rows.join("\n");
        assert!(looks_like_marks(text.as_bytes()));
        assert_eq!(parse_marks(text.as_bytes()).unwrap(), [Digits::ALL; 81]);
    }

    #[test]
    fn a_digit_out_of_its_place_and_a_wrong_count_are_named() {
        let mut text = all().into_bytes();
        text[9 * 10 + 2] = b'4';
        let error = parse_marks(&text).unwrap_err();
        assert!(error.contains("r2c2, place 3: '4'"), "{error}");
        let error = parse_marks(&all().as_bytes()[1..]).unwrap_err();
        assert!(error.contains("found 728"), "{error}");
        assert!(looks_like_marks(&all().as_bytes()[1..]));
        // A foreign byte is named where it is, before a count it throws off.
        let mut text = all().into_bytes();
        text[100] = b'x';
        text.push(b'1');
        assert!(looks_like_marks(&text));
        let error = parse_marks(&text).unwrap_err();
        assert!(error.contains("r2c3, place 2: 'x'"), "{error}");
        text[100] = 0xff;
        assert!(parse_marks(&text).unwrap_err().contains("byte 0xff"));
        // A puzzle of 81 cells is not pencil marks, nor a few on a line, nor a text.
        assert!(!looks_like_marks(&[b'.'; 81]));
        assert!(!looks_like_marks(&[b'.'; FEWEST_TOKENS - 1]));
        assert!(looks_like_marks(&[b'.'; FEWEST_TOKENS]));
        assert!(!looks_like_marks(&[b'x'; 729]));
    }
}
