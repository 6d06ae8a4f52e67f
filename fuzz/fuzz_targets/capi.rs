//! The C ABI fed arbitrary bytes: NULs anywhere, no NUL at all, long strings, any `len` and
//! `limit`. Every call's return code must be the one the safe library predicts, an error
//! must leave the caller's buffer byte-for-byte unchanged, a success may only turn blank
//! cell bytes into the solution's digits, counts never exceed the limit, and the resumable
//! solver must end where `sudoku_solve` does, and `sudoku_hint` / `sudoku_rate` must give
//! the safe library's answer (a hint sound against a unique solution) or write nothing, as
//! must every step of `sudoku_explainer_next` (the safe path's, one by one), and
//! `sudoku_rate_marks` on the input's first 162 bytes read as 81 candidate sets (and the
//! same rating in slices, `sudoku_rater_init_marks`). The buffers are exactly as long as
//! the text (no spare byte after the NUL, or none at all), so AddressSanitizer, which
//! `cargo fuzz` enables by default, reports any read or write past the end.
//!
//! The functions come from `sudoku81-ffi`, the crate that `libsudoku.a` re-exports. Inputs
//! whose search needs more than `fuzz_support::MAX_STEPS` steps are skipped (see there).

#![no_main]
// Calling `extern "C"` functions with raw pointers is the point of this target; every call
// says why its pointers are valid.
#![allow(unsafe_code)]

use core::ffi::{c_char, c_int, c_uint, CStr};

use libfuzzer_sys::fuzz_target;
use sudoku81::parse::{cell_value, parse_cells};
use sudoku81::{Board, Hint, LogicError, ParseError, SolveError};
use sudoku81_ffi::*;

/// What the C ABI should answer for `text` (already cut at its NUL / `len`), by the safe
/// library: the code, and the solution when there is one.
fn expected(text: &[u8]) -> (c_int, Option<Board>) {
    let board = match parse_cells(text) {
        Ok(board) => board,
        Err(ParseError::InvalidByte { .. }) => return (SUDOKU_ERR_CHAR, None),
        Err(_) => return (SUDOKU_ERR_LENGTH, None),
    };
    match board.solve() {
        Ok(solution) => (SUDOKU_OK, Some(solution)),
        Err(SolveError::Conflict(_)) => (SUDOKU_ERR_CONFLICT, None),
        Err(SolveError::NoSolution) => (SUDOKU_ERR_UNSOLVABLE, None),
    }
}

/// Asserts that `after` is `before` with, if `solution` is given, the blank cell bytes of
/// its first `text_len` bytes replaced by the solution's digits, and nothing else changed.
fn assert_written(before: &[u8], after: &[u8], text_len: usize, solution: Option<&Board>) {
    let Some(solution) = solution else {
        assert_eq!(before, after, "an error changed the buffer");
        return;
    };
    let mut digits = solution.cells().iter();
    for (i, (&old, &new)) in before.iter().zip(after).enumerate() {
        let cell = if i < text_len { cell_value(old) } else { None };
        match cell {
            Some(value) => {
                let digit = b'0' + digits.next().expect("81 cells");
                assert_eq!(new, if value == 0 { digit } else { old }, "byte {i}");
            }
            None => assert_eq!(old, new, "byte {i} is not a cell but changed"),
        }
    }
}

/// The C code of a technique-engine error.
fn logic_code(error: LogicError) -> c_int {
    match error {
        LogicError::Conflict(_) => SUDOKU_ERR_CONFLICT,
        LogicError::NoCandidates { .. }
        | LogicError::DigitMissing { .. }
        | LogicError::NoSolution => SUDOKU_ERR_UNSOLVABLE,
        LogicError::GivenChanged { .. } => SUDOKU_ERR_GIVEN_CHANGED,
        LogicError::SearchLimit => SUDOKU_ERR_LIMIT,
        _ => SUDOKU_ERR_MULTIPLE,
    }
}

/// A struct filled with a byte pattern the library never writes, to see whether a call
/// wrote it.
fn patterned<T>() -> core::mem::MaybeUninit<T> {
    let mut value = core::mem::MaybeUninit::<T>::uninit();
    // SAFETY: fills the value's own bytes.
    unsafe {
        value
            .as_mut_ptr()
            .cast::<u8>()
            .write_bytes(0xA5, size_of::<T>())
    };
    value
}

/// True if no byte of a [`patterned`] value changed.
fn untouched<T>(value: &core::mem::MaybeUninit<T>) -> bool {
    // SAFETY: every byte was initialised by `patterned`.
    let bytes = unsafe { core::slice::from_raw_parts(value.as_ptr().cast::<u8>(), size_of::<T>()) };
    bytes.iter().all(|&b| b == 0xA5)
}

/// `sudoku_hint` and `sudoku_rate` on `text` (NUL-terminated in `before`) give the safe
/// library's answer; a hint is sound against the unique solution; errors write nothing.
fn check_logic(before: &[u8], seen: &[u8], code: c_int, solution: Option<&Board>) {
    let board = parse_cells(seen).ok();
    let mut step = patterned::<sudoku_step_t>();
    // SAFETY: `before` is readable up to its NUL; `step` is writable.
    let got = unsafe { sudoku_hint(before.as_ptr().cast(), step.as_mut_ptr()) };
    let want = match board.map(|b| b.hint()) {
        None => code,
        Some(Ok(_)) => SUDOKU_OK,
        Some(Err(e)) => logic_code(e),
    };
    assert_eq!(got, want, "sudoku_hint");
    if got != SUDOKU_OK {
        assert!(untouched(&step), "sudoku_hint wrote on error");
    } else {
        // SAFETY: written by the successful call.
        let step = unsafe { step.assume_init() };
        if let (Some(solution), true) = (solution, board.is_some_and(|b| b.count_solutions(2) == 1))
        {
            let cells = solution.cells();
            if step.cell >= 0 {
                assert_eq!(
                    cells[step.cell as usize], step.digit as u8,
                    "wrong placement"
                );
            }
            for e in &step.eliminations[..usize::from(step.n_eliminations)] {
                assert_ne!(
                    cells[usize::from(e.cell)],
                    e.digit,
                    "eliminated the solution"
                );
            }
        }
        let mut text = [0u8; 1024];
        // SAFETY: `step` was filled by sudoku_hint; `text` is writable for its length.
        let n = unsafe { sudoku_step_format(&step, text.as_mut_ptr().cast(), text.len()) };
        assert!(n > 0 && (n as usize) < text.len(), "sudoku_step_format {n}");
        if let Some(Ok(Hint::Step(expected))) = board.map(|b| b.hint()) {
            assert_eq!(&text[..n as usize], expected.to_string().as_bytes());
        }
    }

    check_explainer(before, board.as_ref(), code);

    let mut rating = patterned::<sudoku_rating_t>();
    // SAFETY: `before` is readable up to its NUL; `rating` is writable.
    let got = unsafe { sudoku_rate(before.as_ptr().cast(), rating.as_mut_ptr()) };
    let want = match board.map(|b| b.rate()) {
        None => code,
        Some(Ok(_)) => SUDOKU_OK,
        Some(Err(e)) => logic_code(e),
    };
    assert_eq!(got, want, "sudoku_rate");
    if got != SUDOKU_OK {
        assert!(untouched(&rating), "sudoku_rate wrote on error");
    }
}

/// `sudoku_explainer_*` on `text` (NUL-terminated in `before`): the init's code is the
/// safe path's (`Board::explain`), and each step, in the C form, is the safe path's next
/// step, until both end; a failed call writes nothing.
fn check_explainer(before: &[u8], board: Option<&Board>, code: c_int) {
    let mut explainer = Box::new(sudoku_explainer_t {
        opaque: [0; SUDOKU_EXPLAINER_WORDS],
    });
    // SAFETY: a zero-filled, aligned, writable sudoku_explainer_t of the size given;
    // `before` is readable up to its NUL.
    let got = unsafe {
        sudoku_explainer_init_checked(
            &mut *explainer,
            size_of::<sudoku_explainer_t>(),
            before.as_ptr().cast(),
        )
    };
    let mut path = match board.map(Board::explain) {
        None => {
            assert_eq!(got, code, "sudoku_explainer_init");
            return;
        }
        Some(Err(e)) => {
            assert_eq!(got, logic_code(e), "sudoku_explainer_init");
            return;
        }
        Some(Ok(path)) => path,
    };
    assert_eq!(got, SUDOKU_OK, "sudoku_explainer_init");
    loop {
        let mut step = patterned::<sudoku_step_t>();
        // SAFETY: an initialised explainer of ours and a writable step.
        let got = unsafe { sudoku_explainer_next(&mut *explainer, step.as_mut_ptr()) };
        let expected = path.next();
        if got != SUDOKU_OK {
            assert_eq!(got, SUDOKU_ERR_MULTIPLE, "sudoku_explainer_next");
            assert!(expected.is_none() && !path.is_solved());
            assert!(untouched(&step), "sudoku_explainer_next wrote on error");
            return;
        }
        // SAFETY: written by the successful call.
        let step = unsafe { step.assume_init() };
        let Some(expected) = expected else {
            assert_eq!(step.kind, SUDOKU_HINT_SOLVED);
            assert!(path.is_solved());
            return;
        };
        let mut text = [0u8; 1024];
        // SAFETY: `step` was filled by the library; `text` is writable for its length.
        let n = unsafe { sudoku_step_format(&step, text.as_mut_ptr().cast(), text.len()) };
        assert!(n > 0 && (n as usize) < text.len(), "sudoku_step_format {n}");
        assert_eq!(&text[..n as usize], expected.to_string().as_bytes());
    }
}

/// `sudoku_rate_marks` on the first 162 bytes of `bytes` read as 81 candidate sets (any
/// bits): the safe library's code and rating (`Marks::from_candidates` + `rate`), and
/// nothing written on an error.
fn check_marks(bytes: &[u8]) {
    let Some(raw) = bytes.get(..162) else {
        return;
    };
    let sets: [u16; 81] =
        core::array::from_fn(|i| u16::from_le_bytes([raw[2 * i], raw[2 * i + 1]]));
    let mut rating = patterned::<sudoku_rating_t>();
    // SAFETY: 81 readable `uint16_t` and a writable rating.
    let got = unsafe { sudoku_rate_marks(sets.as_ptr(), rating.as_mut_ptr()) };
    let digits = sets.map(sudoku81::Digits::from_bits);
    match sudoku81::Marks::from_candidates(&digits).and_then(|marks| marks.rate()) {
        Ok(expected) => {
            assert_eq!(got, SUDOKU_OK, "sudoku_rate_marks");
            // SAFETY: written by the successful call.
            let rating = unsafe { rating.assume_init() };
            assert_eq!(rating.steps, c_int::from(expected.steps()));
            assert_eq!(rating.score, expected.score());
            assert_eq!(rating.level, expected.level() as c_int);
        }
        Err(e) => {
            assert_eq!(got, logic_code(e), "sudoku_rate_marks");
            assert!(untouched(&rating), "sudoku_rate_marks wrote on error");
        }
    }
    // The same rating in slices of a budget the input picks.
    let budget = 1 + u32::from(bytes.get(162).copied().unwrap_or(0) % 16);
    let mut rater = Box::new(sudoku_rater_t {
        opaque: [0; SUDOKU_RATER_WORDS],
    });
    // SAFETY: a live, aligned rater of the size given and 81 readable `uint16_t`.
    let mut code = unsafe {
        sudoku_rater_init_marks_checked(&mut *rater, size_of::<sudoku_rater_t>(), sets.as_ptr())
    };
    if code == SUDOKU_OK {
        loop {
            // SAFETY: the rater set up above.
            code = unsafe { sudoku_rater_step(&mut *rater, budget) };
            if code != SUDOKU_ERR_BUDGET {
                break;
            }
        }
    }
    assert_eq!(code, got, "sudoku_rater_init_marks + _step");
    let mut sliced = patterned::<sudoku_rating_t>();
    // SAFETY: the rater above and a writable rating.
    assert_eq!(
        unsafe { sudoku_rater_write(&*rater, sliced.as_mut_ptr()) },
        got
    );
    if got == SUDOKU_OK {
        // SAFETY: both written by successful calls.
        let (a, b) = unsafe { (rating.assume_init(), sliced.assume_init()) };
        assert_eq!((a.steps, a.score, a.level), (b.steps, b.score, b.level));
    } else {
        assert!(untouched(&sliced), "sudoku_rater_write wrote on error");
    }
}

/// The text a C reader sees in `bytes`: up to the first NUL, at most `max` bytes.
fn c_text(bytes: &[u8], max: usize) -> &[u8] {
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    &bytes[..end.min(max)]
}

fuzz_target!(|data: &[u8]| {
    let (params, text) = data.split_at(data.len().min(4));
    let param = |i: usize| fuzz_support::param(params, i, 0);
    check_marks(text);

    // sudoku_solve / sudoku_solve_stats: NUL-terminated, the NUL being the last byte.
    let before: Box<[u8]> = [text, &[0]].concat().into();
    let seen = c_text(&before, usize::MAX);
    let raw: Box<[u8]> = text.into();
    let len = usize::from(param(0)) * 4 % (raw.len() + 1);
    let len = if param(1) & 1 == 0 { raw.len() } else { len };
    let seen_n = c_text(&raw, len);
    let slow = |t: &[u8]| parse_cells(t).is_ok_and(|b| !fuzz_support::tractable(&b, 40));
    if slow(seen) || slow(seen_n) {
        return;
    }
    let (code, solution) = expected(seen);
    let mut buf = before.clone();
    // SAFETY: `buf` is writable, NUL-terminated and ours alone for the call.
    let got = unsafe { sudoku_solve(buf.as_mut_ptr().cast::<c_char>()) };
    assert_eq!(got, code, "sudoku_solve");
    assert_written(&before, &buf, seen.len(), solution.as_ref());

    let mut buf = before.clone();
    let mut stats = sudoku_stats_t {
        guesses: 7,
        steps: 7,
        max_depth: 7,
    };
    // SAFETY: as above; `stats` is a writable sudoku_stats_t.
    let got = unsafe { sudoku_solve_stats(buf.as_mut_ptr().cast::<c_char>(), &mut stats) };
    assert_eq!(got, code, "sudoku_solve_stats");
    assert_written(&before, &buf, seen.len(), solution.as_ref());
    if code != SUDOKU_OK && code != SUDOKU_ERR_UNSOLVABLE {
        assert_eq!(stats, sudoku_stats_t::default());
    } else {
        let board = parse_cells(seen).expect("parsed above");
        assert_eq!(stats, board.solve_with_stats().1.into());
    }

    // sudoku_solve_n: no NUL appended, any length up to the whole buffer.
    let (code_n, solution_n) = expected(seen_n);
    let mut buf = raw.clone();
    // SAFETY: `buf` has `buf.len() >= len` writable bytes, ours alone for the call.
    let got = unsafe { sudoku_solve_n(buf.as_mut_ptr().cast::<c_char>(), len) };
    assert_eq!(got, code_n, "sudoku_solve_n");
    assert_written(&raw, &buf, seen_n.len(), solution_n.as_ref());

    // sudoku_count_solutions[_n]: never writes, never exceeds the limit (or INT_MAX).
    let limit = c_uint::from(param(2)) % 40;
    let want = parse_cells(seen).map(|b| b.count_solutions(limit));
    // SAFETY: `before` is readable up to its NUL.
    let got = unsafe { sudoku_count_solutions(before.as_ptr().cast::<c_char>(), limit) };
    match want {
        Ok(n) => assert_eq!(got, n as c_int, "sudoku_count_solutions"),
        Err(_) => assert_eq!(got, code, "sudoku_count_solutions error"),
    }
    assert!(got <= limit as c_int);
    if let Ok(n) = want {
        if n < limit {
            // Every solution was counted, so an unbounded limit gives the same.
            // SAFETY: as above.
            let all = unsafe { sudoku_count_solutions(before.as_ptr().cast(), c_uint::MAX) };
            assert_eq!(all, n as c_int, "limit UINT_MAX");
        }
    }
    // SAFETY: `raw` has `len` readable bytes.
    let got = unsafe { sudoku_count_solutions_n(raw.as_ptr().cast::<c_char>(), len, limit) };
    match parse_cells(seen_n) {
        Ok(board) => assert_eq!(got, board.count_solutions(limit) as c_int),
        Err(_) => assert_eq!(got, code_n),
    }

    // The resumable solver ends where sudoku_solve does, whatever the budgets.
    let mut solver = Box::new(sudoku_solver_t {
        opaque: [0; SUDOKU_SOLVER_WORDS],
    });
    // SAFETY: a zero-filled, aligned, writable sudoku_solver_t (refused as uninitialised).
    let zeroed = unsafe { sudoku_solver_step(&mut *solver, 1) };
    assert_eq!(zeroed, SUDOKU_ERR_STATE);
    // SAFETY: `solver` is ours and aligned; `before` is readable up to its NUL.
    let init = unsafe { sudoku_solver_init(&mut *solver, before.as_ptr().cast()) };
    let mut step = init;
    let mut calls = 0;
    while step == SUDOKU_OK || step == SUDOKU_ERR_BUDGET {
        let budget = c_uint::from(param(3 + calls)) + 1;
        calls += 1;
        // SAFETY: `solver` was set up by sudoku_solver_init and is ours alone.
        step = unsafe { sudoku_solver_step(&mut *solver, budget) };
        if step == SUDOKU_OK {
            break;
        }
    }
    assert_eq!(step, code, "resumable solver vs sudoku_solve");
    let mut buf = before.clone();
    // SAFETY: `solver` is initialised; `buf` is writable up to its NUL and ours alone.
    let wrote = unsafe { sudoku_solver_write(&*solver, buf.as_mut_ptr().cast()) };
    assert_eq!(wrote, code, "sudoku_solver_write");
    assert_written(&before, &buf, seen.len(), solution.as_ref());

    check_logic(&before, seen, code, solution.as_ref());

    // Messages exist for every code, known or not; NULL pointers are refused.
    let any_code = c_int::from_le_bytes([param(0), param(1), param(2), param(3)]);
    for c in [code, code_n, any_code] {
        // SAFETY: sudoku_strerror returns a static NUL-terminated string, never NULL.
        let message = unsafe { CStr::from_ptr(sudoku_strerror(c)) };
        assert!(!message.to_bytes().is_empty());
    }
    // SAFETY: NULL is allowed for every pointer argument below.
    unsafe {
        assert_eq!(sudoku_solve(core::ptr::null_mut()), SUDOKU_ERR_NULL);
        assert_eq!(sudoku_solve_n(core::ptr::null_mut(), len), SUDOKU_ERR_NULL);
        assert_eq!(
            sudoku_count_solutions(core::ptr::null(), limit),
            SUDOKU_ERR_NULL
        );
        assert_eq!(
            sudoku_solver_step(core::ptr::null_mut(), 1),
            SUDOKU_ERR_NULL
        );
    }
});
