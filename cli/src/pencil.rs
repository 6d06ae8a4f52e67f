//! Pencil marks as text: 81 cells of 9 places each (729 in all), as Tdoku and other
//! pencil-mark ("Sukaku") collections write them. Place `d` of a cell holds the digit `d`
//! while it is a candidate, and `.` or `0` once it is not; whitespace is ignored, so one
//! line of 729 and nine lines of 81 both read.

use sudoku81::parse::is_space;
use sudoku81::Digits;

/// The number of places in a pencil-mark grid: 9 per cell.
pub const PLACES: usize = 81 * 9;

/// True if `text` holds only places (digits, `.`) and whitespace, more than two puzzles'
/// worth of cells: it is meant as pencil marks (a puzzle has 81 cells), right or not
/// ([`parse_marks`] says).
pub fn looks_like_marks(text: &[u8]) -> bool {
    let mut places = 0;
    for &byte in text {
        if is_space(byte) {
            continue;
        }
        if !(byte == b'.' || byte.is_ascii_digit()) {
            return false;
        }
        places += 1;
    }
    places > 2 * 81
}

/// The 81 candidate sets of a pencil-mark text, or what is wrong with it, naming the cell
/// and the place.
pub fn parse_marks(text: &[u8]) -> Result<[Digits; 81], String> {
    let count = text.iter().filter(|&&b| !is_space(b)).count();
    if count != PLACES {
        return Err(format!(
            "pencil marks: expected {PLACES} places (9 for each of 81 cells), found {count}"
        ));
    }
    let mut sets = [Digits::NONE; 81];
    let mut place = 0usize;
    for &byte in text {
        if is_space(byte) {
            continue;
        }
        let (cell, digit) = (place / 9, (place % 9) as u8 + 1);
        match byte {
            b'.' | b'0' => {}
            _ if byte == b'0' + digit => {
                if let Some(set) = sets.get_mut(cell) {
                    *set = set.with(digit);
                }
            }
            _ => {
                return Err(format!(
                    "pencil marks: r{}c{}, place {digit}: {} where only {digit}, '.' or '0' may \
                     stand (place d of a cell holds digit d)",
                    cell / 9 + 1,
                    cell % 9 + 1,
                    shown(byte)
                ))
            }
        }
        place += 1;
    }
    Ok(sets)
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
        let mut text = all().into_bytes();
        text[0] = b'x';
        assert!(!looks_like_marks(&text));
        assert!(parse_marks(&text).unwrap_err().contains("'x'"));
        // A puzzle of 81 cells is not pencil marks, nor two on a line.
        assert!(!looks_like_marks(&[b'.'; 81]));
        assert!(!looks_like_marks(&[b'.'; 162]));
        assert!(looks_like_marks(&[b'.'; 163]));
    }
}
