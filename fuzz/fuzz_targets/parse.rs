//! The parser on arbitrary bytes: `parse_cells`, `Board::parse` and the byte-at-a-time
//! `CellReader` must agree with each other and with a model parser written here, errors must
//! say exactly what and where, and a parsed board must print and re-parse to itself.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku81::parse::{parse_cells, CellReader};
use sudoku81::{Board, ParseError};

/// The format, restated independently: `1`-`9` a given, `.`/`0` a blank, space, tab, CR,
/// LF skipped, anything else an error; exactly 81 cells; the first problem wins.
fn model(data: &[u8]) -> Result<[u8; 81], ParseError> {
    let mut cells = [0u8; 81];
    let mut n = 0;
    for (offset, &byte) in data.iter().enumerate() {
        let value = match byte {
            b'1'..=b'9' => byte - b'0',
            b'.' | b'0' => 0,
            b' ' | b'\t' | b'\r' | b'\n' => continue,
            _ => return Err(ParseError::InvalidByte { offset, byte }),
        };
        if n == 81 {
            return Err(ParseError::TooManyCells { offset });
        }
        cells[n] = value;
        n += 1;
    }
    if n < 81 {
        return Err(ParseError::TooFewCells { cells: n });
    }
    Ok(cells)
}

fuzz_target!(|data: &[u8]| {
    let syntax = parse_cells(data);
    assert_eq!(
        syntax.map(|b| *b.cells()),
        model(data),
        "parse_cells vs model"
    );

    // Byte at a time, stopping at the first error, as the C ABI and UART readers do.
    let mut reader = CellReader::new();
    let mut streamed = None;
    for &byte in data {
        if let Err(e) = reader.push(byte) {
            streamed = Some(Err(e));
            break;
        }
    }
    let streamed = streamed.unwrap_or_else(|| reader.finish());
    assert_eq!(streamed, syntax, "CellReader vs parse_cells");

    let checked = Board::parse(data);
    match (&syntax, &checked) {
        (Ok(board), Ok(same)) => {
            assert_eq!(board, same);
            assert!(board.conflict().is_none());
            assert!(!fuzz_support::has_conflict(board));
        }
        (Ok(board), Err(ParseError::Conflict(c))) => {
            fuzz_support::assert_real_conflict(board, c);
            assert!(fuzz_support::has_conflict(board));
        }
        (Err(e), Err(same)) => assert_eq!(e, same),
        _ => panic!("Board::parse {checked:?} vs parse_cells {syntax:?}"),
    }

    if let Ok(board) = syntax {
        // Every value in range, and both printed layouts read back to the same board.
        assert!(board.cells().iter().all(|&v| v <= 9));
        assert_eq!(parse_cells(&board.to_line()), Ok(board));
        assert_eq!(parse_cells(&board.to_rows()), Ok(board));
        assert_eq!(parse_cells(format!("{board:#}").as_bytes()), Ok(board));
        assert_eq!(format!("{board}").as_bytes(), board.to_line());
    }
    if let Err(e) = checked {
        // Messages never panic and never come out empty.
        assert!(!format!("{e}").is_empty());
    }
});
