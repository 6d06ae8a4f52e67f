//! The C ABI contract, checked by calling the `extern "C"` functions as C would: every
//! return code, the buffer left unchanged on every error, in-place layouts, reading bounds,
//! solution counts and messages.
#![allow(unsafe_code)]

mod support;

use std::ffi::{c_char, c_int, c_uint};

use sudoku81_ffi::*;
use support::{assert_solved_in_place, c_buf, count, message, puzzles, solve, solve_n};

/// One of the hardest known puzzles (the README's example), one line, `.` blanks.
const HARD: &[u8] =
    b"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
/// Its solution.
const HARD_SOLVED: &[u8] =
    b"812753649943682175675491283154237896369845721287169534521974368438526917796318452";
/// Consistent givens, but r1c9 has no candidate (1..8 in its row, 9 in its column).
const DEAD_END: &[u8] =
    b"12345678.........9...............................................................";

fn nine_rows(line: &[u8], blank: u8, sep: &[u8], eol: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for (i, &b) in line.iter().enumerate() {
        out.push(if b == b'.' { blank } else { b });
        out.extend_from_slice(if i % 9 == 8 { eol } else { sep });
    }
    out
}

/// Every status code of the header, in value order.
const ALL_CODES: [c_int; 18] = [
    SUDOKU_OK,
    SUDOKU_ERR_NULL,
    SUDOKU_ERR_CHAR,
    SUDOKU_ERR_LENGTH,
    SUDOKU_ERR_CONFLICT,
    SUDOKU_ERR_UNSOLVABLE,
    SUDOKU_ERR_BUDGET,
    SUDOKU_ERR_STATE,
    SUDOKU_ERR_SIZE,
    SUDOKU_ERR_SYMMETRY,
    SUDOKU_ERR_GIVENS,
    SUDOKU_ERR_SOLUTION,
    SUDOKU_ERR_UNREACHED,
    SUDOKU_ERR_MULTIPLE,
    SUDOKU_ERR_GIVEN_CHANGED,
    SUDOKU_ERR_STEP,
    SUDOKU_ERR_LEVEL,
    SUDOKU_ERR_LIMIT,
];

#[test]
fn codes_have_the_contract_values() {
    assert_eq!(
        ALL_CODES,
        [0, -1, -2, -3, -4, -5, -6, -7, -8, -9, -10, -11, -12, -13, -14, -15, -16, -17]
    );
}

#[test]
fn solves_one_line_in_place() {
    let (code, out) = solve(HARD);
    assert_eq!(code, SUDOKU_OK);
    assert_eq!(out, HARD_SOLVED);
    assert_solved_in_place(HARD, &out);
}

#[test]
fn keeps_every_layout() {
    let layouts = [
        nine_rows(HARD, b'.', b" ", b"\n"), // the original program's layout
        nine_rows(HARD, b'0', b" ", b"\r\n"), // CRLF, 0 blanks
        nine_rows(HARD, b'0', b"\t", b"\n"), // tabs
        nine_rows(HARD, b'.', b"", b"\n"),  // 9 lines of 9
        [b"\n\n  \t".as_slice(), HARD, b"\r\n\n   "].concat(), // leading/trailing space
    ];
    for text in layouts {
        let (code, out) = solve(&text);
        assert_eq!(code, SUDOKU_OK, "{}", String::from_utf8_lossy(&text));
        assert_solved_in_place(&text, &out);
        assert_eq!(support::cells(&out), support::cells(HARD_SOLVED));
    }
}

#[test]
fn a_complete_grid_is_left_as_it_is() {
    let rows = nine_rows(HARD_SOLVED, b'.', b" ", b"\n");
    let (code, out) = solve(&rows);
    assert_eq!(code, SUDOKU_OK);
    assert_eq!(out, rows);
    assert_eq!(count(&rows, 10), 1);
}

#[test]
fn null_pointers_are_refused() {
    // SAFETY: NULL is allowed by the contract of each of these functions.
    unsafe {
        assert_eq!(sudoku_solve(std::ptr::null_mut()), SUDOKU_ERR_NULL);
        assert_eq!(sudoku_solve_n(std::ptr::null_mut(), 81), SUDOKU_ERR_NULL);
        assert_eq!(sudoku_count_solutions(std::ptr::null(), 2), SUDOKU_ERR_NULL);
        assert_eq!(
            sudoku_count_solutions_n(std::ptr::null(), 0, 2),
            SUDOKU_ERR_NULL
        );
        assert_eq!(
            sudoku_solve_stats(std::ptr::null_mut(), std::ptr::null_mut()),
            SUDOKU_ERR_NULL
        );
    }
}

/// Every error case, each with the buffer checked byte for byte afterwards.
#[test]
fn every_error_leaves_the_buffer_unchanged() {
    let mut bad_char = HARD.to_vec();
    bad_char[40] = b'x';
    let mut char_after_81 = HARD.to_vec();
    char_after_81.extend_from_slice(b" \n#");
    let mut high_byte = nine_rows(HARD, b'.', b" ", b"\n");
    high_byte[100] = 0xC3;
    let mut conflict = HARD.to_vec();
    conflict[1] = b'8'; // a second 8 in row 1
    let mut conflict_in_box = HARD.to_vec();
    conflict_in_box[10] = b'8'; // a second 8 in box 1 (r2c2)
    let cases: Vec<(Vec<u8>, c_int)> = vec![
        (bad_char, SUDOKU_ERR_CHAR),
        (char_after_81, SUDOKU_ERR_CHAR),
        (high_byte, SUDOKU_ERR_CHAR),
        (b"".to_vec(), SUDOKU_ERR_LENGTH),
        (b"   \n".to_vec(), SUDOKU_ERR_LENGTH),
        (HARD[..80].to_vec(), SUDOKU_ERR_LENGTH),
        ([HARD, b"."].concat(), SUDOKU_ERR_LENGTH),
        ([HARD, b"\n5"].concat(), SUDOKU_ERR_LENGTH),
        ([HARD, HARD].concat(), SUDOKU_ERR_LENGTH),
        (conflict, SUDOKU_ERR_CONFLICT),
        (conflict_in_box, SUDOKU_ERR_CONFLICT),
        (DEAD_END.to_vec(), SUDOKU_ERR_UNSOLVABLE),
        (
            nine_rows(DEAD_END, b'0', b" ", b"\r\n"),
            SUDOKU_ERR_UNSOLVABLE,
        ),
    ];
    for (text, expected) in cases {
        let shown = String::from_utf8_lossy(&text).into_owned();
        let (code, out) = solve(&text);
        assert_eq!(code, expected, "sudoku_solve({shown:?})");
        assert_eq!(out, text, "buffer changed by sudoku_solve({shown:?})");
        let (code, out) = solve_n(&text);
        assert_eq!(code, expected, "sudoku_solve_n({shown:?})");
        assert_eq!(out, text, "buffer changed by sudoku_solve_n({shown:?})");
        let mut stats = sudoku_stats_t {
            guesses: 7,
            steps: 7,
            max_depth: 7,
        };
        let mut buf = c_buf(&text);
        // SAFETY: a live NUL-terminated buffer and a live stats struct.
        let code = unsafe { sudoku_solve_stats(buf.as_mut_ptr().cast::<c_char>(), &mut stats) };
        assert_eq!(code, expected);
        assert_eq!(&buf[..text.len()], &text[..]);
        if expected == SUDOKU_ERR_UNSOLVABLE {
            assert!(stats.steps > 0);
        } else {
            assert_eq!(stats, sudoku_stats_t::default());
        }
    }
}

/// Text after the NUL is never looked at, whatever it holds.
#[test]
fn reading_stops_at_the_nul() {
    let mut buf = c_buf(HARD);
    buf.extend_from_slice(b"x1234567");
    // SAFETY: a live buffer; the NUL comes after the 81 cells.
    let code = unsafe { sudoku_solve(buf.as_mut_ptr().cast::<c_char>()) };
    assert_eq!(code, SUDOKU_OK);
    assert_eq!(&buf[..81], HARD_SOLVED);
    assert_eq!(&buf[81..], b"\0x1234567");
    let mut short = c_buf(&HARD[..40]);
    short.extend_from_slice(&HARD[40..]);
    // SAFETY: a live buffer with a NUL after 40 cells.
    let code = unsafe { sudoku_solve(short.as_mut_ptr().cast::<c_char>()) };
    assert_eq!(code, SUDOKU_ERR_LENGTH);
}

/// The length-taking variant reads at most `len` bytes and also stops at a NUL.
#[test]
fn solve_n_respects_len_and_nul() {
    let (code, out) = solve_n(HARD);
    assert_eq!((code, out.as_slice()), (SUDOKU_OK, HARD_SOLVED));
    let mut buf = [HARD, b"garbage that is never read: x"].concat();
    // SAFETY: `buf` holds more than 81 readable and writable bytes.
    let code = unsafe { sudoku_solve_n(buf.as_mut_ptr().cast::<c_char>(), 81) };
    assert_eq!(code, SUDOKU_OK);
    assert_eq!(&buf[..81], HARD_SOLVED);
    // SAFETY: as above; only 80 bytes may be read.
    let code = unsafe { sudoku_solve_n(buf.as_mut_ptr().cast::<c_char>(), 80) };
    assert_eq!(code, SUDOKU_ERR_LENGTH);
    let mut with_nul = c_buf(&HARD[..50]);
    with_nul.extend_from_slice(&HARD[50..]);
    let before = with_nul.clone();
    // SAFETY: 82 readable and writable bytes, a NUL at offset 50.
    let code = unsafe { sudoku_solve_n(with_nul.as_mut_ptr().cast::<c_char>(), 82) };
    assert_eq!(code, SUDOKU_ERR_LENGTH);
    assert_eq!(with_nul, before);
    // SAFETY: a zero-length buffer is never read.
    let code = unsafe { sudoku_count_solutions_n(buf.as_ptr().cast::<c_char>(), 0, 5) };
    assert_eq!(code, SUDOKU_ERR_LENGTH);
    // SAFETY: 81 readable bytes.
    let code = unsafe { sudoku_count_solutions_n(HARD.as_ptr().cast::<c_char>(), 81, 5) };
    assert_eq!(code, 1);
}

#[test]
#[cfg_attr(
    miri,
    ignore = "slow under Miri; covered by the normal run and fuzzing"
)]
fn counts_zero_one_two_and_many() {
    assert_eq!(count(DEAD_END, 5), 0);
    assert_eq!(count(HARD, 5), 1);
    let multi = puzzles("multi_solution.txt");
    let first = multi[0].as_bytes();
    let n = support::reference::reference_count(&support::cells(first), 100);
    assert!(n >= 2);
    assert_eq!(count(first, 100) as u64, n);
    assert_eq!(count(first, 2), 2);
    let empty = [b'.'; 81];
    assert_eq!(count(&empty, 1000), 1000);
    assert_eq!(count(&nine_rows(&empty, b'0', b" ", b"\n"), 3), 3);
}

#[test]
fn count_limits_at_the_edges() {
    assert_eq!(count(HARD, 0), 0);
    assert_eq!(count(&[b'.'; 81], 0), 0);
    assert_eq!(count(HARD, 1), 1);
    assert_eq!(count(HARD, c_uint::MAX), 1);
    assert_eq!(count(HARD, c_int::MAX as c_uint), 1);
    assert_eq!(count(HARD, c_int::MAX as c_uint + 1), 1);
    assert_eq!(count(DEAD_END, c_uint::MAX), 0);
}

#[test]
fn count_errors_and_conflicts() {
    let mut conflict = HARD.to_vec();
    conflict[1] = b'8';
    assert_eq!(count(&conflict, 10), 0);
    assert_eq!(count(&conflict, 0), 0);
    assert_eq!(count(b"", 10), SUDOKU_ERR_LENGTH);
    assert_eq!(count(&[HARD, b"1"].concat(), 10), SUDOKU_ERR_LENGTH);
    assert_eq!(count(&[HARD, b"?"].concat(), 10), SUDOKU_ERR_CHAR);
    assert_eq!(count(b"12?", 10), SUDOKU_ERR_CHAR);
}

#[test]
fn count_never_writes() {
    let text = nine_rows(HARD, b'0', b" ", b"\n");
    let buf = c_buf(&text);
    let before = buf.clone();
    // SAFETY: a live NUL-terminated buffer.
    let n = unsafe { sudoku_count_solutions(buf.as_ptr().cast::<c_char>(), 3) };
    assert_eq!(n, 1);
    assert_eq!(buf, before);
}

#[test]
fn every_code_has_its_own_message() {
    let messages: Vec<String> = ALL_CODES.iter().map(|&c| message(c)).collect();
    for (i, m) in messages.iter().enumerate() {
        assert!(!m.is_empty());
        assert!(!messages[..i].contains(m), "duplicate message {m}");
    }
    assert!(message(SUDOKU_ERR_UNSOLVABLE).contains("no solution"));
    // Hints return it too, not only ratings.
    let multiple = message(SUDOKU_ERR_MULTIPLE);
    assert!(multiple.contains("rated") && multiple.contains("hint"));
    let unknown = message(-18);
    assert!(unknown.contains("unknown"));
    for code in [1, 42, -100, c_int::MIN, c_int::MAX] {
        assert_eq!(message(code), unknown);
        assert!(!messages.contains(&message(code)));
    }
    // The same static string every time.
    assert_eq!(sudoku_strerror(-3), sudoku_strerror(-3));
}

#[test]
fn stats_report_the_search() {
    let mut buf = c_buf(HARD);
    let mut stats = sudoku_stats_t::default();
    // SAFETY: live buffer and struct.
    let code = unsafe { sudoku_solve_stats(buf.as_mut_ptr().cast::<c_char>(), &mut stats) };
    assert_eq!(code, SUDOKU_OK);
    assert_eq!(&buf[..81], HARD_SOLVED);
    assert!(stats.guesses > 0 && stats.steps > stats.guesses / 2);
    assert!(stats.max_depth >= 1 && stats.max_depth <= 81);
    let mut again = c_buf(HARD);
    // SAFETY: live buffer; NULL stats is allowed.
    let code =
        unsafe { sudoku_solve_stats(again.as_mut_ptr().cast::<c_char>(), std::ptr::null_mut()) };
    assert_eq!((code, &again[..81]), (SUDOKU_OK, HARD_SOLVED));
}

#[test]
fn version_is_the_crates() {
    // SAFETY: a static NUL-terminated string.
    let version = unsafe { std::ffi::CStr::from_ptr(sudoku_version()) };
    assert_eq!(version.to_str(), Ok(env!("CARGO_PKG_VERSION")));
    // The one place the version is stated: [workspace.package] in the root manifest.
    let root = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../Cargo.toml"))
        .unwrap_or_default();
    let line = format!("version = \"{}\"", env!("CARGO_PKG_VERSION"));
    assert!(
        root.lines().any(|l| l.trim() == line),
        "the workspace's version is not the C library's"
    );
}

/// The C ABI answers exactly what the Rust API answers, and answers are valid, on the
/// sampled corpus: one solution each, none, several.
#[test]
#[cfg_attr(
    miri,
    ignore = "slow under Miri; covered by the normal run and fuzzing"
)]
fn agrees_with_the_rust_api_on_the_corpus() {
    for file in [
        "top95.txt",
        "norvig_hardest.txt",
        "plb_hard20.txt",
        "hardest1106.txt",
        "17clue.txt",
        "kaggle_sample.txt",
        "no_solution.txt",
        "multi_solution.txt",
        "tdoku_test.txt",
    ] {
        for line in puzzles(file) {
            let text = line.as_bytes();
            let rust = match sudoku81::Board::parse(text) {
                Err(sudoku81::ParseError::Conflict(_)) => Err(SUDOKU_ERR_CONFLICT),
                Err(error) => panic!("{file}: {line}: {error}"),
                Ok(board) => board.solve().map_err(|_| SUDOKU_ERR_UNSOLVABLE),
            };
            let (code, out) = solve(text);
            match rust {
                Ok(solution) => {
                    assert_eq!(code, SUDOKU_OK, "{file}: {line}");
                    assert_eq!(support::cells(&out), *solution.cells(), "{file}: {line}");
                    assert_solved_in_place(text, &out);
                }
                Err(expected) => {
                    assert_eq!(code, expected, "{file}: {line}");
                    assert_eq!(out, text, "{file}: {line}");
                    assert_eq!(count(text, 10), 0, "{file}: {line}");
                }
            }
        }
    }
    for line in puzzles("multi_solution.txt").iter().take(20) {
        assert_eq!(count(line.as_bytes(), 2), 2, "{line}");
    }
}

/// Several threads solving at once get the same answers as one thread (no shared state).
#[test]
#[cfg_attr(
    miri,
    ignore = "slow under Miri; covered by the normal run and fuzzing"
)]
fn reentrant_across_threads() {
    let lines = puzzles("top95.txt");
    let expected: Vec<Vec<u8>> = lines.iter().map(|l| solve(l.as_bytes()).1).collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..4)
            .map(|t| {
                let lines = &lines;
                scope.spawn(move || {
                    lines
                        .iter()
                        .cycle()
                        .skip(t * 7)
                        .take(lines.len())
                        .map(|l| (l.clone(), solve(l.as_bytes())))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for handle in handles {
            for (line, (code, out)) in handle.join().expect("a solving thread panicked") {
                let i = lines.iter().position(|l| *l == line).unwrap_or(0);
                assert_eq!(code, SUDOKU_OK);
                assert_eq!(out, expected[i]);
            }
        }
    });
}
