//! Hints and ratings through the C ABI, called as C would: each hint is sound against the
//! unique solution, a hint path through `sudoku_hint` solves the puzzle, ratings match the
//! library's, wrong entries are named, and every error leaves the output untouched.
#![allow(unsafe_code)]

mod support;

use std::ffi::{c_char, c_int, CStr};

use sudoku81::{Board, Level, Technique};
use sudoku81_ffi::*;
use support::{c_buf, puzzles, solve, Out};

const EASY: &[u8] =
    b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const HARD: &[u8] =
    b"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

fn hint_raw(grid: &[u8]) -> (c_int, Out<sudoku_step_t>) {
    let buf = c_buf(grid);
    let mut step = Out::new();
    // SAFETY: a live NUL-terminated buffer and a writable struct.
    let code = unsafe { sudoku_hint(buf.as_ptr().cast(), step.ptr()) };
    (code, step)
}

fn hint(grid: &[u8]) -> (c_int, sudoku_step_t) {
    let (code, step) = hint_raw(grid);
    (code, step.get(code))
}

fn hint_entries_raw(givens: &[u8], entries: &[u8]) -> (c_int, Out<sudoku_step_t>) {
    let (givens, entries) = (c_buf(givens), c_buf(entries));
    let mut step = Out::new();
    // SAFETY: live NUL-terminated buffers and a writable struct.
    let code =
        unsafe { sudoku_hint_entries(givens.as_ptr().cast(), entries.as_ptr().cast(), step.ptr()) };
    (code, step)
}

fn hint_entries(givens: &[u8], entries: &[u8]) -> (c_int, sudoku_step_t) {
    let (code, step) = hint_entries_raw(givens, entries);
    (code, step.get(code))
}

fn rate_raw(grid: &[u8]) -> (c_int, Out<sudoku_rating_t>) {
    let buf = c_buf(grid);
    let mut rating = Out::new();
    // SAFETY: a live NUL-terminated buffer and a writable struct.
    let code = unsafe { sudoku_rate(buf.as_ptr().cast(), rating.ptr()) };
    (code, rating)
}

fn rate(grid: &[u8]) -> (c_int, sudoku_rating_t) {
    let (code, rating) = rate_raw(grid);
    (code, rating.get(code))
}

fn format(step: &sudoku_step_t) -> String {
    let mut buf = [0u8; 1024];
    // SAFETY: a readable struct and a writable buffer of the length given.
    let n = unsafe { sudoku_step_format(step, buf.as_mut_ptr().cast(), buf.len()) };
    assert!(n >= 0 && (n as usize) < buf.len(), "format failed: {n}");
    CStr::from_bytes_until_nul(&buf)
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

/// Plays `grid` to the end with `sudoku_hint`: applies each step (placements only change the
/// text, so eliminations are checked and skipped) and checks it against the solution.
fn play(grid: &[u8]) -> usize {
    let (code, solved) = solve(grid);
    assert_eq!(code, SUDOKU_OK);
    let mut text = grid.to_vec();
    let mut placements = 0;
    for _ in 0..81 * 9 {
        let (code, step) = hint(&text);
        assert_eq!(code, SUDOKU_OK, "{}", String::from_utf8_lossy(&text));
        if step.kind == SUDOKU_HINT_SOLVED {
            assert_eq!(text, solved);
            return placements;
        }
        assert_eq!(step.kind, SUDOKU_HINT_STEP);
        assert!((0..SUDOKU_TECHNIQUES as c_int).contains(&step.technique));
        for e in &step.eliminations[..usize::from(step.n_eliminations)] {
            assert_ne!(
                solved[usize::from(e.cell)],
                b'0' + e.digit,
                "{}",
                format(&step)
            );
        }
        if step.cell >= 0 {
            let cell = step.cell as usize;
            assert_eq!(solved[cell], b'0' + step.digit as u8, "{}", format(&step));
            assert_eq!(text[cell], b'.');
            text[cell] = solved[cell];
            placements += 1;
        } else {
            // `sudoku_hint` starts from the digits alone, so an elimination cannot be kept
            // between calls: place the solution's digit of one cell it touched instead.
            assert!(step.n_eliminations > 0);
            let cell = usize::from(step.eliminations[0].cell);
            text[cell] = solved[cell];
        }
    }
    panic!("no end");
}

#[test]
#[cfg_attr(miri, ignore = "rates or plays whole puzzles: hours under Miri")]
fn hints_are_sound_and_lead_to_the_solution() {
    assert!(play(EASY) > 0);
    for line in puzzles("top95.txt").iter().take(10) {
        play(line.as_bytes());
    }
}

#[test]
fn first_hint_names_a_hidden_single() {
    let (code, step) = hint(EASY);
    assert_eq!(code, SUDOKU_OK);
    let Ok(sudoku81::Hint::Step(expected)) = Board::parse(EASY).unwrap().hint() else {
        panic!()
    };
    assert_eq!(step.technique, expected.technique() as c_int);
    assert_eq!(format(&step), expected.to_string());
    assert_eq!(step.n_units, 1);
    assert_eq!(step.n_eliminations, 0);
    assert_eq!(step.solution, -1);
}

#[test]
#[cfg_attr(miri, ignore = "rates or plays whole puzzles: hours under Miri")]
fn ratings_match_the_library() {
    for line in puzzles("top95.txt")
        .iter()
        .take(8)
        .chain([&String::from_utf8(EASY.to_vec()).unwrap()])
    {
        let (code, rating) = rate(line.as_bytes());
        assert_eq!(code, SUDOKU_OK);
        let expected = Board::parse(line.as_bytes()).unwrap().rate().unwrap();
        assert_same_rating(&rating, &expected);
    }
}

/// Asserts that `rating` is the C form of `expected`.
fn assert_same_rating(rating: &sudoku_rating_t, expected: &sudoku81::Rating) {
    assert_eq!(rating.level, expected.level() as c_int);
    assert_eq!(rating.se_rating, c_int::from(expected.se_rating()));
    assert_eq!(rating.hardest, expected.hardest() as c_int);
    assert_eq!(rating.steps, c_int::from(expected.steps()));
    assert_eq!(rating.score, expected.score());
    assert_eq!(rating.needs_last_resort, expected.needs_last_resort());
    for t in Technique::ALL {
        assert_eq!(rating.counts[t.index()], expected.count(t));
    }
    let total: c_int = rating.counts.iter().map(|&n| c_int::from(n)).sum();
    assert_eq!(total, rating.steps);
}

#[test]
#[cfg_attr(miri, ignore = "rates or plays whole puzzles: hours under Miri")]
fn rate_accepts_nine_rows() {
    let mut rows = Vec::new();
    for row in EASY.chunks(9) {
        rows.extend(row.iter().map(|&b| if b == b'.' { b'0' } else { b }));
        rows.push(b'\n');
    }
    assert_eq!(rate(&rows), rate(EASY));
}

#[test]
#[cfg_attr(miri, ignore = "rates or plays whole puzzles: hours under Miri")]
fn wrong_entry_is_named() {
    let (_, solved) = solve(HARD);
    let mut entries = HARD.to_vec();
    // Right entries in the first three blanks, then a wrong one.
    let blanks: Vec<usize> = (0..81).filter(|&c| HARD[c] == b'.').collect();
    for &c in &blanks[..3] {
        entries[c] = solved[c];
    }
    let wrong = blanks[3];
    entries[wrong] = if solved[wrong] == b'9' {
        b'1'
    } else {
        solved[wrong] + 1
    };
    let (code, step) = hint_entries(HARD, &entries);
    assert_eq!(code, SUDOKU_OK);
    assert_eq!(step.kind, SUDOKU_HINT_WRONG_ENTRY);
    assert_eq!(step.cell, wrong as c_int);
    assert_eq!(step.digit, c_int::from(entries[wrong] - b'0'));
    assert_eq!(step.solution, c_int::from(solved[wrong] - b'0'));
    assert_eq!(step.technique, -1);
    assert!(format(&step).ends_with("is wrong"));

    // Right entries only: a step, sound.
    entries[wrong] = solved[wrong];
    let (code, step) = hint_entries(HARD, &entries);
    assert_eq!((code, step.kind), (SUDOKU_OK, SUDOKU_HINT_STEP));
    if step.cell >= 0 {
        assert_eq!(solved[step.cell as usize], b'0' + step.digit as u8);
    }
    let (code, step) = hint_entries(HARD, &solved);
    assert_eq!((code, step.kind), (SUDOKU_OK, SUDOKU_HINT_SOLVED));
    assert_eq!(format(&step), "solved");

    // Givens with several solutions: of the entries that repeat a digit in a unit, the
    // first in cell order is named (r1c2=5 repeats the given 5 of r2c3 in box 1; r7c4=1,
    // later, repeats the given 1 of r7c8 in row 7).
    let givens =
        b"8.........95.......76.........426798...571243...893165......916....3.487....1.532";
    let entries =
        b"85........95.......76.........426798...571243...893165...1..916....3.487....1.532";
    let (code, step) = hint_entries(givens, entries);
    assert_eq!((code, step.kind), (SUDOKU_OK, SUDOKU_HINT_WRONG_ENTRY));
    assert_eq!((step.cell, step.digit, step.solution), (1, 5, 0));
    // Entries that repeat nothing but leave no solution of such givens get no hint.
    let givens =
        b"8.........59.......76.........754286...912743...836195....9.467...6.3918......532";
    let mut entries = givens.to_vec();
    entries[55] = b'2';
    let (code, step) = hint_entries_raw(givens, &entries);
    assert_eq!(code, SUDOKU_ERR_UNSOLVABLE);
    assert!(step.untouched());

    // A cleared given.
    let mut cleared = solved.clone();
    cleared[0] = b'.';
    let (code, step) = hint_entries_raw(HARD, &cleared);
    assert_eq!(code, SUDOKU_ERR_GIVEN_CHANGED);
    assert!(step.untouched());
}

#[test]
fn errors_write_nothing() {
    let (no_solution, several) = (puzzles("no_solution.txt"), puzzles("multi_solution.txt"));
    let conflict = [b"11".as_slice(), &[b'.'; 79]].concat();
    let cases: [(&[u8], c_int); 6] = [
        (b"12x", SUDOKU_ERR_CHAR),
        (&EASY[..80], SUDOKU_ERR_LENGTH),
        (&conflict, SUDOKU_ERR_CONFLICT),
        (no_solution[0].as_bytes(), SUDOKU_ERR_UNSOLVABLE),
        (&[b'.'; 81], SUDOKU_ERR_MULTIPLE),
        (several[0].as_bytes(), SUDOKU_ERR_MULTIPLE),
    ];
    for (text, expected) in cases {
        // Under Miri only the text errors: the others search for solutions.
        if cfg!(miri) && (expected == SUDOKU_ERR_UNSOLVABLE || expected == SUDOKU_ERR_MULTIPLE) {
            continue;
        }
        let (code, rating) = rate_raw(text);
        assert_eq!(code, expected, "{}", String::from_utf8_lossy(text));
        assert!(rating.untouched());
        if expected != SUDOKU_ERR_MULTIPLE {
            let (code, step) = hint_entries_raw(text, text);
            assert_eq!(code, expected);
            assert!(step.untouched());
            let (code, step) = hint_raw(text);
            assert_eq!(code, expected);
            assert!(step.untouched());
        }
    }
    // An empty grid has many solutions, but singles-free techniques still find nothing:
    // either a step (sound for every solution) or SUDOKU_ERR_MULTIPLE, never anything else.
    if !cfg!(miri) {
        let (code, _) = hint_raw(&[b'.'; 81]);
        assert!(code == SUDOKU_OK || code == SUDOKU_ERR_MULTIPLE);
    }
    // Every error of the givens comes before any of the entries: their conflicts and
    // their solutions before the entries' text errors and before a changed given.
    let mut cleared = conflict.clone();
    cleared[0] = b'.';
    let unsolvable = no_solution[0].as_bytes();
    let first_given = unsolvable.iter().position(|&b| b != b'.').unwrap();
    let mut unsolvable_cleared = unsolvable.to_vec();
    unsolvable_cleared[first_given] = b'.';
    let cases: [(&[u8], &[u8], c_int); 7] = [
        (&conflict, b"x", SUDOKU_ERR_CONFLICT),
        (&conflict, &EASY[..80], SUDOKU_ERR_CONFLICT),
        (&conflict, &cleared, SUDOKU_ERR_CONFLICT),
        (unsolvable, &unsolvable_cleared, SUDOKU_ERR_UNSOLVABLE),
        (unsolvable, b"x", SUDOKU_ERR_UNSOLVABLE),
        (unsolvable, &EASY[..80], SUDOKU_ERR_UNSOLVABLE),
        (EASY, b"x", SUDOKU_ERR_CHAR),
    ];
    for (givens, entries, expected) in cases {
        // Under Miri only the givens' conflicts: the other cases count their solutions.
        if cfg!(miri) && expected != SUDOKU_ERR_CONFLICT {
            continue;
        }
        let (code, step) = hint_entries_raw(givens, entries);
        assert_eq!(code, expected, "{}", String::from_utf8_lossy(entries));
        assert!(step.untouched());
        let (givens, entries) = (c_buf(givens), c_buf(entries));
        let marks = [0x1FFu16; 81];
        let mut step = Out::<sudoku_step_t>::new();
        // SAFETY: live NUL-terminated buffers, 81 sets and a writable struct.
        let code = unsafe {
            sudoku_hint_marks(
                givens.as_ptr().cast(),
                entries.as_ptr().cast(),
                marks.as_ptr(),
                step.ptr(),
            )
        };
        assert_eq!(code, expected, "{}", String::from_utf8_lossy(&entries));
        assert!(step.untouched());
    }
    // A NULL entries pointer is an error of the entries, so the givens' come first.
    if !cfg!(miri) {
        let givens = c_buf(unsolvable);
        let mut step = Out::<sudoku_step_t>::new();
        // SAFETY: a live NUL-terminated buffer, NULL entries and a writable struct.
        let code =
            unsafe { sudoku_hint_entries(givens.as_ptr().cast(), std::ptr::null(), step.ptr()) };
        assert_eq!(code, SUDOKU_ERR_UNSOLVABLE);
        assert!(step.untouched());
    }
    for (name, code) in [
        (SUDOKU_ERR_MULTIPLE, -13),
        (SUDOKU_ERR_GIVEN_CHANGED, -14),
        (SUDOKU_ERR_STEP, -15),
    ] {
        assert_eq!(name, code);
        assert_ne!(support::message(code), support::message(-18));
    }
}

#[test]
fn null_pointers_are_refused() {
    let buf = c_buf(EASY);
    let grid = buf.as_ptr().cast::<c_char>();
    let mut step = Out::<sudoku_step_t>::new();
    let mut rating = Out::<sudoku_rating_t>::new();
    let (_, good) = hint(EASY);
    // SAFETY: NULL or live pointers, as each function allows.
    unsafe {
        assert_eq!(sudoku_hint(std::ptr::null(), step.ptr()), SUDOKU_ERR_NULL);
        assert_eq!(sudoku_hint(grid, std::ptr::null_mut()), SUDOKU_ERR_NULL);
        assert_eq!(
            sudoku_hint_entries(grid, std::ptr::null(), step.ptr()),
            SUDOKU_ERR_NULL
        );
        assert_eq!(
            sudoku_hint_entries(std::ptr::null(), grid, step.ptr()),
            SUDOKU_ERR_NULL
        );
        assert_eq!(
            sudoku_hint_entries(grid, grid, std::ptr::null_mut()),
            SUDOKU_ERR_NULL
        );
        assert_eq!(sudoku_rate(std::ptr::null(), rating.ptr()), SUDOKU_ERR_NULL);
        assert_eq!(sudoku_rate(grid, std::ptr::null_mut()), SUDOKU_ERR_NULL);
        assert_eq!(
            sudoku_step_format(std::ptr::null(), std::ptr::null_mut(), 0),
            SUDOKU_ERR_NULL
        );
        assert_eq!(
            sudoku_step_format(&good, std::ptr::null_mut(), 8),
            SUDOKU_ERR_NULL
        );
    }
    assert!(step.untouched());
    assert!(rating.untouched());
}

#[test]
fn format_truncates_like_snprintf() {
    let (_, step) = hint(EASY);
    let full = format(&step);
    // SAFETY: a readable struct; NULL with length 0 is allowed.
    let n = unsafe { sudoku_step_format(&step, std::ptr::null_mut(), 0) };
    assert_eq!(n as usize, full.len());
    for len in 1..full.len() + 3 {
        let mut buf = vec![0xEEu8; len + 1];
        // SAFETY: `len` writable bytes (one more kept to see that it is not touched).
        let n = unsafe { sudoku_step_format(&step, buf.as_mut_ptr().cast(), len) };
        assert_eq!(n as usize, full.len());
        let kept = (len - 1).min(full.len());
        assert_eq!(&buf[..kept], &full.as_bytes()[..kept]);
        assert_eq!(buf[kept], 0);
        assert_eq!(buf[len], 0xEE, "wrote past len");
    }
}

#[test]
fn format_refuses_a_garbled_step() {
    let (_, good) = hint(EASY);
    let mut cases = Vec::new();
    let mut s = good;
    s.kind = 7;
    cases.push(s);
    let mut s = good;
    s.technique = SUDOKU_TECHNIQUES as c_int;
    cases.push(s);
    let mut s = good;
    s.n_eliminations = SUDOKU_STEP_ELIMINATIONS as u8 + 1;
    cases.push(s);
    let mut s = good;
    s.units[0].index = 9;
    cases.push(s);
    let mut s = good;
    s.cell = 81;
    cases.push(s);
    let mut garbage = Out::<sudoku_step_t>::new();
    // SAFETY: every field of sudoku_step_t is an integer: any bytes are a valid value.
    cases.push(unsafe { garbage.ptr().read() });
    for step in cases {
        let mut buf = [0x5Au8; 16];
        // SAFETY: a readable struct and a writable buffer of the length given.
        let n = unsafe { sudoku_step_format(&step, buf.as_mut_ptr().cast(), buf.len()) };
        assert_eq!(n, SUDOKU_ERR_STEP);
        assert_eq!(buf, [0x5A; 16]);
    }
}

#[test]
fn every_technique_and_level_is_named() {
    for t in 0..SUDOKU_TECHNIQUES as c_int {
        let name = sudoku_technique_name(t);
        assert!(!name.is_null());
        // SAFETY: a static NUL-terminated string.
        assert!(!unsafe { CStr::from_ptr(name) }.to_bytes().is_empty());
    }
    for bad in [-1, SUDOKU_TECHNIQUES as c_int, c_int::MAX, c_int::MIN] {
        assert!(sudoku_technique_name(bad).is_null());
    }
    for level in 1..=5 {
        assert!(!sudoku_level_name(level).is_null());
    }
    for bad in [0, 6, -1] {
        assert!(sudoku_level_name(bad).is_null());
    }
}

#[test]
#[cfg_attr(
    miri,
    ignore = "counts solutions and searches the ladder: minutes under Miri"
)]
fn pencil_marks_are_checked_then_used() {
    let (_, solved) = solve(HARD);
    let board = Board::parse(HARD).unwrap();
    // Every candidate the givens allow: the same hint as without marks.
    let mut marks = [0u16; 81];
    for (cell, m) in marks.iter_mut().enumerate() {
        *m = board.candidates(cell).bits();
    }
    let hint_with = |marks: Option<&[u16; 81]>| {
        let (givens, entries) = (c_buf(HARD), c_buf(HARD));
        let mut step = Out::<sudoku_step_t>::new();
        let ptr = marks.map_or(std::ptr::null(), |m| m.as_ptr());
        // SAFETY: live NUL-terminated buffers, 81 readable u16 or NULL, a writable struct.
        let code = unsafe {
            sudoku_hint_marks(
                givens.as_ptr().cast(),
                entries.as_ptr().cast(),
                ptr,
                step.ptr(),
            )
        };
        (code, step)
    };
    let (code, step) = hint_with(Some(&marks));
    let (_, plain) = hint_entries(HARD, HARD);
    assert_eq!(step.get(code), plain);
    let (code, step) = hint_with(None);
    assert_eq!(step.get(code), plain);

    // Leave the solution's digit out of one blank cell's marks: that is what is reported.
    let cell = (0..81).find(|&c| HARD[c] == b'.').unwrap();
    let digit = solved[cell] - b'0';
    marks[cell] &= !(1 << (digit - 1));
    let (code, step) = hint_with(Some(&marks));
    let step = step.get(code);
    assert_eq!(step.kind, SUDOKU_HINT_MISSING_CANDIDATE);
    assert_eq!((step.cell, step.digit), (cell as c_int, c_int::from(digit)));
    assert_eq!(
        format(&step),
        format!("r{}c{} can still be {digit}", cell / 9 + 1, cell % 9 + 1)
    );
}

/// A zero-filled rater on the heap (it is about 11 KiB with the fast engine).
fn zeroed_rater() -> Box<sudoku_rater_t> {
    Box::new(sudoku_rater_t {
        opaque: [0; SUDOKU_RATER_WORDS],
    })
}

fn rater_init(rater: &mut sudoku_rater_t, text: &[u8]) -> c_int {
    let buf = c_buf(text);
    // SAFETY: a live rater and a live NUL-terminated buffer.
    unsafe { sudoku_rater_init(rater, buf.as_ptr().cast::<c_char>()) }
}

fn rater_step(rater: &mut sudoku_rater_t, budget: u32) -> c_int {
    // SAFETY: a live rater, initialised or not (both are allowed).
    unsafe { sudoku_rater_step(rater, budget) }
}

fn rater_write(rater: &sudoku_rater_t) -> (c_int, Out<sudoku_rating_t>) {
    let mut out = Out::new();
    // SAFETY: a live rater and a writable struct.
    let code = unsafe { sudoku_rater_write(rater, out.ptr()) };
    (code, out)
}

/// Rates `text` in slices of `budget` steps: the final code, the rating written if it is
/// `SUDOKU_OK` (else the struct is checked untouched), and how many calls said
/// `SUDOKU_ERR_BUDGET`.
fn rate_in_slices(text: &[u8], budget: u32) -> (c_int, Option<sudoku_rating_t>, u32) {
    run_in_slices(|rater| rater_init(rater, text), budget)
}

/// As [`rate_in_slices`], for a rater that `init` sets up.
fn run_in_slices(
    init: impl FnOnce(&mut sudoku_rater_t) -> c_int,
    budget: u32,
) -> (c_int, Option<sudoku_rating_t>, u32) {
    let mut rater = zeroed_rater();
    let mut code = init(&mut rater);
    let mut pending = 0;
    if code == SUDOKU_OK {
        loop {
            code = rater_step(&mut rater, budget);
            if code != SUDOKU_ERR_BUDGET {
                break;
            }
            pending += 1;
            let (early, out) = rater_write(&rater);
            assert!(early == SUDOKU_ERR_BUDGET && out.untouched());
        }
    }
    assert_eq!(rater_step(&mut rater, 0), code, "the end is final");
    let (written, out) = rater_write(&rater);
    assert_eq!(written, code);
    if code != SUDOKU_OK {
        assert!(out.untouched());
        return (code, None, pending);
    }
    (code, Some(out.get(code)), pending)
}

/// `sudoku_rater_*` in slices of any budget gives what `sudoku_rate` gives, code and
/// rating, on unique puzzles, puzzles with several solutions or none, and bad text.
#[test]
#[cfg_attr(
    miri,
    ignore = "slow under Miri; covered by the normal run and fuzzing"
)]
fn a_rating_in_slices_is_sudoku_rate() {
    assert_eq!(sudoku_rater_size(), size_of::<sudoku_rater_t>());
    assert_eq!(sudoku_rater_size(), 8 * SUDOKU_RATER_WORDS);
    assert!(size_of::<sudoku81::Rater>() < sudoku_rater_size());
    let mut texts: Vec<Vec<u8>> = Vec::new();
    for (file, limit) in [
        ("top95.txt", 25),
        ("hardest1106.txt", 8),
        ("kaggle_sample.txt", 20),
        ("multi_solution.txt", 15),
        ("no_solution.txt", 17),
        ("tdoku_test.txt", 43),
    ] {
        texts.extend(
            puzzles(file)
                .iter()
                .take(limit)
                .map(|l| l.as_bytes().to_vec()),
        );
    }
    let mut conflict = HARD.to_vec();
    conflict[1] = b'8';
    texts.extend([
        b"12x".to_vec(),
        HARD[..80].to_vec(),
        conflict,
        EASY.to_vec(),
    ]);
    for text in &texts {
        let at = String::from_utf8_lossy(text);
        let (code, whole) = rate_raw(text);
        for budget in [1, 9, u32::MAX] {
            let (sliced, rating, pending) = rate_in_slices(text, budget);
            assert_eq!(sliced, code, "{at}, budget {budget}");
            if code == SUDOKU_OK {
                assert_eq!(rating, Some(whole.get(code)), "{at}, budget {budget}");
            }
            if budget == u32::MAX {
                assert_eq!(pending, 0, "{at}");
            }
        }
    }
}

#[test]
fn rater_refusals_write_nothing() {
    let mut rater = zeroed_rater();
    assert_eq!(rater_step(&mut rater, 10), SUDOKU_ERR_STATE);
    let (code, out) = rater_write(&rater);
    assert!(code == SUDOKU_ERR_STATE && out.untouched());
    rater.opaque.fill(0xA5A5_A5A5_A5A5_A5A5);
    assert_eq!(rater_step(&mut rater, 10), SUDOKU_ERR_STATE);
    let grid = c_buf(HARD);
    let g = grid.as_ptr().cast::<c_char>();
    let mut out = Out::<sudoku_rating_t>::new();
    // SAFETY: live rater and struct; NULLs are allowed.
    unsafe {
        assert_eq!(sudoku_rater_init(std::ptr::null_mut(), g), SUDOKU_ERR_NULL);
        assert_eq!(sudoku_rater_step(std::ptr::null_mut(), 1), SUDOKU_ERR_NULL);
        assert_eq!(
            sudoku_rater_write(std::ptr::null(), out.ptr()),
            SUDOKU_ERR_NULL
        );
        assert_eq!(
            sudoku_rater_init(&mut *rater, std::ptr::null()),
            SUDOKU_ERR_NULL
        );
        assert_eq!(
            sudoku_rater_step(&mut *rater, 1),
            SUDOKU_ERR_NULL,
            "it sticks"
        );
        assert_eq!(
            sudoku_rater_write(&*rater, std::ptr::null_mut()),
            SUDOKU_ERR_NULL
        );
    }
    assert!(out.untouched());
    // Eight bytes into a 16-byte aligned buffer: misaligned, refused, nothing written.
    let mut words = vec![0u64; 2 * SUDOKU_RATER_WORDS + 2];
    let base = words.as_mut_ptr();
    let skip = usize::from(base as usize & 15 == 0);
    let before = words.clone();
    let odd = words
        .as_mut_ptr()
        .wrapping_add(skip)
        .cast::<sudoku_rater_t>();
    // SAFETY: `odd` points into a live buffer with room for a sudoku_rater_t; misalignment
    // is detected before any access.
    unsafe {
        assert_eq!(sudoku_rater_init(odd, g), SUDOKU_ERR_STATE);
        assert_eq!(sudoku_rater_step(odd, 1), SUDOKU_ERR_STATE);
    }
    assert_eq!(words, before);
    // Smaller than the library's struct: refused, nothing written.
    let needed = sudoku_rater_size();
    for size in [0, 1, needed / 2, needed - 8, needed - 1] {
        let mut rater = zeroed_rater();
        rater.opaque.fill(0xA5A5_A5A5_A5A5_A5A5);
        // SAFETY: a whole, aligned sudoku_rater_t; the call is told it is smaller and must
        // not write at all.
        let code = unsafe { sudoku_rater_init_checked(&mut *rater, size, g) };
        assert_eq!(code, SUDOKU_ERR_SIZE, "size {size}");
        assert!(rater.opaque.iter().all(|&w| w == 0xA5A5_A5A5_A5A5_A5A5));
    }
    // SAFETY: a whole, aligned, writable sudoku_rater_t.
    let code = unsafe { sudoku_rater_init_checked(&mut *rater, needed, g) };
    assert_eq!(code, SUDOKU_OK);
    assert_eq!(
        rater_step(&mut rater, 0),
        SUDOKU_ERR_BUDGET,
        "no step taken"
    );
}

/// The state holds no pointers: a copy made mid-rating resumes to the same rating (an
/// easy puzzle: a short rating, for Miri).
#[test]
fn a_copied_rater_resumes() {
    let mut rater = zeroed_rater();
    assert_eq!(rater_init(&mut rater, EASY), SUDOKU_OK);
    for _ in 0..2 {
        assert_eq!(rater_step(&mut rater, 1), SUDOKU_ERR_BUDGET);
    }
    let mut copy = zeroed_rater();
    // SAFETY: both are valid, distinct `sudoku_rater_t`s; an untyped copy, as C's `memcpy`.
    unsafe { core::ptr::copy_nonoverlapping(&*rater, &mut *copy, 1) };
    drop(rater);
    let code = loop {
        match rater_step(&mut copy, 1) {
            SUDOKU_ERR_BUDGET => {}
            code => break code,
        }
    };
    assert_eq!(code, SUDOKU_OK);
    let (code, out) = rater_write(&copy);
    assert_eq!(out.get(code), rate(EASY).1);
}

fn zeroed_explainer() -> Box<sudoku_explainer_t> {
    Box::new(sudoku_explainer_t {
        opaque: [0; SUDOKU_EXPLAINER_WORDS],
    })
}

fn explainer_init(explainer: &mut sudoku_explainer_t, text: &[u8]) -> c_int {
    let buf = c_buf(text);
    // SAFETY: a live explainer of the size given and a live NUL-terminated buffer.
    unsafe {
        sudoku_explainer_init_checked(
            explainer,
            size_of::<sudoku_explainer_t>(),
            buf.as_ptr().cast(),
        )
    }
}

fn explainer_next(explainer: &mut sudoku_explainer_t) -> (c_int, Out<sudoku_step_t>) {
    let mut step = Out::new();
    // SAFETY: a live explainer (initialised or not: both are allowed) and a writable step.
    let code = unsafe { sudoku_explainer_next(explainer, step.ptr()) };
    (code, step)
}

/// The grid text (without the NUL) and the candidate sets of an explainer.
fn explainer_grid(explainer: &sudoku_explainer_t) -> (c_int, Vec<u8>, [u16; 81]) {
    let mut out = [0xA5u8; 82];
    let mut sets = [0xA5A5u16; 81];
    // SAFETY: a live explainer, 82 writable bytes and 81 writable `uint16_t`.
    let code =
        unsafe { sudoku_explainer_grid(explainer, out.as_mut_ptr().cast(), sets.as_mut_ptr()) };
    if code == SUDOKU_OK {
        assert_eq!(out[81], 0, "the NUL");
    }
    (code, out[..81].to_vec(), sets)
}

/// Walks the whole path of `text` through `sudoku_explainer_next`, checking each step and
/// the grid and candidates after it against the Rust path (`Board::explain`); returns the
/// number of steps.
fn explain_in_c(text: &[u8]) -> usize {
    let board = Board::parse(text).expect("a valid puzzle");
    let mut rust = board.explain().expect("a solvable puzzle");
    let mut explainer = zeroed_explainer();
    assert_eq!(explainer_init(&mut explainer, text), SUDOKU_OK);
    let mut steps = 0;
    loop {
        let (code, step) = explainer_next(&mut explainer);
        let expected = rust.next();
        if code == SUDOKU_ERR_MULTIPLE {
            assert!(expected.is_none() && !rust.is_solved());
            assert!(step.untouched());
            return steps;
        }
        let step = step.get(code);
        let Some(expected) = expected else {
            assert_eq!(step.kind, SUDOKU_HINT_SOLVED);
            assert!(rust.is_solved());
            // Solved is final.
            assert_eq!(
                explainer_next(&mut explainer).1.get(SUDOKU_OK).kind,
                SUDOKU_HINT_SOLVED
            );
            return steps;
        };
        assert_eq!(step.kind, SUDOKU_HINT_STEP);
        assert_eq!(format(&step), expected.to_string());
        steps += 1;
        let (code, grid, sets) = explainer_grid(&explainer);
        assert_eq!(code, SUDOKU_OK);
        assert_eq!(
            grid,
            rust.marks()
                .board()
                .to_string()
                .replace('\n', "")
                .into_bytes()
        );
        for (cell, &set) in sets.iter().enumerate() {
            assert_eq!(set, rust.marks().candidates(cell).bits(), "cell {cell}");
        }
    }
}

/// `sudoku_explainer_*` walks `Board::explain`'s path step by step, with the grid and
/// candidates after each step, on unique puzzles and on puzzles with several solutions.
#[test]
#[cfg_attr(
    miri,
    ignore = "slow under Miri; covered by the normal run and fuzzing"
)]
fn an_explainer_walks_the_rust_path() {
    assert_eq!(sudoku_explainer_size(), size_of::<sudoku_explainer_t>());
    assert_eq!(sudoku_explainer_size(), 8 * SUDOKU_EXPLAINER_WORDS);
    assert!(size_of::<sudoku81::Explain>() < sudoku_explainer_size());
    assert_eq!(explain_in_c(EASY), 51);
    assert!(explain_in_c(HARD) > 0);
    for (file, limit) in [
        ("top95.txt", 10),
        ("kaggle_sample.txt", 10),
        ("17clue.txt", 5),
        ("multi_solution.txt", 10),
    ] {
        for line in puzzles(file).iter().take(limit) {
            explain_in_c(line.as_bytes());
        }
    }
}

#[test]
fn explainer_refusals_write_nothing() {
    // Never initialised: refused, nothing written.
    let mut explainer = zeroed_explainer();
    let (code, step) = explainer_next(&mut explainer);
    assert_eq!(code, SUDOKU_ERR_STATE);
    assert!(step.untouched());
    let (code, grid, sets) = explainer_grid(&explainer);
    assert_eq!(
        (code, grid, sets),
        (SUDOKU_ERR_STATE, vec![0xA5; 81], [0xA5A5; 81])
    );
    // A grid that cannot be explained: init and every later call give its code.
    let mut conflict = EASY.to_vec();
    conflict[2] = b'5';
    let unsolvable =
        b"12345678.........9...............................................................";
    let cases: [(&[u8], c_int); 4] = [
        (b"12x", SUDOKU_ERR_CHAR),
        (&EASY[..80], SUDOKU_ERR_LENGTH),
        (&conflict, SUDOKU_ERR_CONFLICT),
        (unsolvable, SUDOKU_ERR_UNSOLVABLE),
    ];
    for (text, expected) in cases {
        assert_eq!(explainer_init(&mut explainer, text), expected);
        let (code, step) = explainer_next(&mut explainer);
        assert_eq!(code, expected);
        assert!(step.untouched());
        let (code, grid, _) = explainer_grid(&explainer);
        assert_eq!((code, grid), (expected, vec![0xA5; 81]));
    }
    // NULL pointers and a struct too small.
    let buf = c_buf(EASY);
    let mut step = Out::<sudoku_step_t>::new();
    // SAFETY: NULLs are refused before anything is read or written; the sizes say what
    // the pointers hold.
    unsafe {
        assert_eq!(
            sudoku_explainer_init(core::ptr::null_mut(), buf.as_ptr().cast()),
            SUDOKU_ERR_NULL
        );
        assert_eq!(
            sudoku_explainer_init(&mut *explainer, core::ptr::null()),
            SUDOKU_ERR_NULL
        );
        assert_eq!(
            sudoku_explainer_next(&mut *explainer, step.ptr()),
            SUDOKU_ERR_NULL
        );
        assert_eq!(
            sudoku_explainer_next(core::ptr::null_mut(), step.ptr()),
            SUDOKU_ERR_NULL
        );
        assert!(step.untouched());
        assert_eq!(
            sudoku_explainer_next(&mut *explainer, core::ptr::null_mut()),
            SUDOKU_ERR_NULL
        );
        assert_eq!(
            sudoku_explainer_grid(&*explainer, core::ptr::null_mut(), core::ptr::null_mut()),
            SUDOKU_ERR_NULL
        );
        let mut small = zeroed_explainer();
        small.opaque.fill(0xA5A5_A5A5_A5A5_A5A5);
        let size = size_of::<sudoku_explainer_t>() - 8;
        assert_eq!(
            sudoku_explainer_init_checked(&mut *small, size, buf.as_ptr().cast()),
            SUDOKU_ERR_SIZE
        );
        assert!(small.opaque.iter().all(|&w| w == 0xA5A5_A5A5_A5A5_A5A5));
    }
}

/// A copied explainer goes on from where the original was, as C's `memcpy` copies it; the
/// candidates written for a NULL-free call match the grid.
#[test]
fn a_copied_explainer_resumes() {
    let mut explainer = zeroed_explainer();
    assert_eq!(explainer_init(&mut explainer, EASY), SUDOKU_OK);
    let (_, first) = explainer_next(&mut explainer);
    let first = first.get(SUDOKU_OK);
    let mut copy = zeroed_explainer();
    // SAFETY: both are valid, distinct `sudoku_explainer_t`s; an untyped copy, as C's
    // `memcpy`.
    unsafe { core::ptr::copy_nonoverlapping(&*explainer, &mut *copy, 1) };
    let (_, second) = explainer_next(&mut explainer);
    drop(explainer);
    let (_, again) = explainer_next(&mut copy);
    assert_eq!(
        format(&again.get(SUDOKU_OK)),
        format(&second.get(SUDOKU_OK))
    );
    let (code, grid, sets) = explainer_grid(&copy);
    assert_eq!(code, SUDOKU_OK);
    // Two placements made: the first is filled, and a filled cell has no candidates.
    let cell = first.cell as usize;
    assert_eq!(grid[cell], b'0' + first.digit as u8);
    assert_eq!(sets[cell], 0);
    assert_eq!(grid.iter().filter(|&&b| b == b'.').count(), 49);
}

/// The pencil-mark ("Sukaku") form of `text`: each given a one-digit set, each open cell
/// the digits its row, column and box allow.
fn sukaku_of(text: &[u8]) -> [u16; 81] {
    let board = Board::parse(text).expect("a valid puzzle");
    let marks = sudoku81::Marks::from_board(&board).expect("consistent");
    core::array::from_fn(|cell| match marks.value(cell) {
        0 => marks.candidates(cell).bits(),
        digit => 1 << (digit - 1),
    })
}

fn explainer_init_marks(explainer: &mut sudoku_explainer_t, sets: &[u16; 81]) -> c_int {
    // SAFETY: a live explainer of the size given and 81 readable `uint16_t`.
    unsafe {
        sudoku_explainer_init_marks_checked(
            explainer,
            size_of::<sudoku_explainer_t>(),
            sets.as_ptr(),
        )
    }
}

fn rater_init_marks(rater: &mut sudoku_rater_t, sets: &[u16; 81]) -> c_int {
    // SAFETY: a live rater of the size given and 81 readable `uint16_t`.
    unsafe { sudoku_rater_init_marks_checked(rater, size_of::<sudoku_rater_t>(), sets.as_ptr()) }
}

fn rate_marks_raw(sets: &[u16; 81]) -> (c_int, Out<sudoku_rating_t>) {
    let mut rating = Out::new();
    // SAFETY: 81 readable `uint16_t` and a writable struct.
    let code = unsafe { sudoku_rate_marks(sets.as_ptr(), rating.ptr()) };
    (code, rating)
}

/// `sudoku_rate_marks` and `sudoku_explainer_init_marks` give `Marks::rate` and
/// `Marks::explain` on pencil-mark puzzles; bad sets write nothing.
#[test]
#[cfg_attr(
    miri,
    ignore = "slow under Miri; covered by the normal run and fuzzing"
)]
fn pencil_mark_puzzles_are_rated_and_explained() {
    let mut texts: Vec<Vec<u8>> = vec![EASY.to_vec(), HARD.to_vec()];
    for (file, limit) in [
        ("top95.txt", 8),
        ("kaggle_sample.txt", 8),
        ("multi_solution.txt", 4),
    ] {
        texts.extend(
            puzzles(file)
                .iter()
                .take(limit)
                .map(|l| l.as_bytes().to_vec()),
        );
    }
    for text in &texts {
        let sets = sukaku_of(text);
        let digits = sets.map(sudoku81::Digits::from_bits);
        let marks = sudoku81::Marks::from_candidates(&digits).expect("consistent");
        let (code, rating) = rate_marks_raw(&sets);
        match marks.rate() {
            Ok(expected) => assert_same_rating(&rating.get(code), &expected),
            Err(e) => {
                assert_ne!(code, SUDOKU_OK, "{}: {e}", String::from_utf8_lossy(text));
                assert!(rating.untouched());
            }
        }
        for budget in [1, 9, u32::MAX] {
            let (sliced, written, _) = run_in_slices(|r| rater_init_marks(r, &sets), budget);
            assert_eq!(sliced, code, "{}", String::from_utf8_lossy(text));
            if code == SUDOKU_OK {
                assert_eq!(written, Some(rating.get(code)));
            }
        }
        let mut explainer = zeroed_explainer();
        assert_eq!(explainer_init_marks(&mut explainer, &sets), SUDOKU_OK);
        let mut path = marks.explain().expect("a solvable grid");
        loop {
            let (code, step) = explainer_next(&mut explainer);
            match path.next() {
                Some(expected) => assert_eq!(format(&step.get(code)), expected.to_string()),
                None if path.is_solved() => {
                    assert_eq!(step.get(code).kind, SUDOKU_HINT_SOLVED);
                    break;
                }
                None => {
                    assert_eq!(code, SUDOKU_ERR_MULTIPLE);
                    break;
                }
            }
        }
    }
}

#[test]
fn bad_pencil_marks_write_nothing() {
    let mut sets = sukaku_of(EASY);
    let (code, rating) = rate_marks_raw(&sets);
    assert_eq!(rating.get(code).level, Level::Easy as c_int);
    // An empty set; a row where 5 has no place; every digit everywhere (several
    // solutions).
    sets[10] = 0;
    let no_five: [u16; 81] = core::array::from_fn(|cell| if cell < 9 { 0x1EF } else { 0x1FF });
    let cases = [
        (sets, SUDOKU_ERR_UNSOLVABLE),
        (no_five, SUDOKU_ERR_UNSOLVABLE),
        ([0x1FF; 81], SUDOKU_ERR_MULTIPLE),
    ];
    for (sets, expected) in cases {
        let (code, rating) = rate_marks_raw(&sets);
        assert_eq!(code, expected);
        assert!(rating.untouched());
        // Refused at once when the sets are no puzzle, else by the steps.
        let mut rater = zeroed_rater();
        let code = rater_init_marks(&mut rater, &sets);
        assert_eq!(
            code,
            if expected == SUDOKU_ERR_MULTIPLE {
                SUDOKU_OK
            } else {
                expected
            }
        );
        assert_eq!(run_in_slices(|r| rater_init_marks(r, &sets), 3).0, expected);
        let mut explainer = zeroed_explainer();
        let code = explainer_init_marks(&mut explainer, &sets);
        if expected == SUDOKU_ERR_MULTIPLE {
            assert_eq!(code, SUDOKU_OK); // several solutions are explained until stuck
        } else {
            assert_eq!(code, expected);
            let (code, step) = explainer_next(&mut explainer);
            assert_eq!(code, expected);
            assert!(step.untouched());
        }
    }
    let mut rating = Out::<sudoku_rating_t>::new();
    let mut explainer = zeroed_explainer();
    // SAFETY: NULL pointers are refused before anything is read; the explainer is live.
    unsafe {
        assert_eq!(
            sudoku_rate_marks(core::ptr::null(), rating.ptr()),
            SUDOKU_ERR_NULL
        );
        assert_eq!(
            sudoku_rate_marks(sets.as_ptr(), core::ptr::null_mut()),
            SUDOKU_ERR_NULL
        );
        assert_eq!(
            sudoku_explainer_init_marks_checked(
                &mut *explainer,
                size_of::<sudoku_explainer_t>(),
                core::ptr::null()
            ),
            SUDOKU_ERR_NULL
        );
        assert_eq!(
            sudoku_explainer_init_marks_checked(&mut *explainer, 8, sets.as_ptr()),
            SUDOKU_ERR_SIZE
        );
        let mut rater = zeroed_rater();
        assert_eq!(
            sudoku_rater_init_marks(std::ptr::null_mut(), sets.as_ptr()),
            SUDOKU_ERR_NULL
        );
        assert_eq!(
            sudoku_rater_init_marks_checked(&mut *rater, 8, sets.as_ptr()),
            SUDOKU_ERR_SIZE
        );
        assert!(
            rater.opaque.iter().all(|&w| w == 0),
            "too small: not written"
        );
        assert_eq!(
            sudoku_rater_init_marks(&mut *rater, core::ptr::null()),
            SUDOKU_ERR_NULL
        );
        assert_eq!(
            sudoku_rater_step(&mut *rater, 1),
            SUDOKU_ERR_NULL,
            "it sticks"
        );
    }
    assert!(rating.untouched());
    assert_eq!(explainer_next(&mut explainer).0, SUDOKU_ERR_NULL);
}
