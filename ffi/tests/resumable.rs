//! The resumable solver through the C ABI: `sudoku_solver_init` / `_step` /
//! `_write` / `_stats` on a caller-owned `sudoku_solver_t`, compared with `sudoku_solve`.
#![allow(unsafe_code)]

mod support;

use std::ffi::{c_char, c_int};

use sudoku81_ffi::*;
use support::{c_buf, puzzles, solve};

const HARD: &[u8] =
    b"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const DEAD_END: &[u8] =
    b"12345678.........9...............................................................";

/// A zero-filled solver on the heap (it is about 10 KiB with the fast engine).
fn zeroed() -> Box<sudoku_solver_t> {
    Box::new(sudoku_solver_t {
        opaque: [0; SUDOKU_SOLVER_WORDS],
    })
}

fn init(solver: &mut sudoku_solver_t, text: &[u8]) -> c_int {
    let buf = c_buf(text);
    // SAFETY: a live solver and a live NUL-terminated buffer.
    unsafe { sudoku_solver_init(solver, buf.as_ptr().cast::<c_char>()) }
}

fn step(solver: &mut sudoku_solver_t, budget: u32) -> c_int {
    // SAFETY: a live solver, initialised or not (both are allowed).
    unsafe { sudoku_solver_step(solver, budget) }
}

fn write(solver: &sudoku_solver_t, text: &[u8]) -> (c_int, Vec<u8>) {
    let mut buf = c_buf(text);
    // SAFETY: a live solver and a live, writable NUL-terminated buffer.
    let code = unsafe { sudoku_solver_write(solver, buf.as_mut_ptr().cast::<c_char>()) };
    assert_eq!(buf.pop(), Some(0));
    (code, buf)
}

fn stats(solver: &sudoku_solver_t) -> sudoku_stats_t {
    let mut out = sudoku_stats_t::default();
    // SAFETY: live solver and stats struct.
    assert_eq!(unsafe { sudoku_solver_stats(solver, &mut out) }, SUDOKU_OK);
    out
}

/// Runs to the end with `budget` steps per call; returns the final code and the number of
/// calls that returned SUDOKU_ERR_BUDGET.
fn run(solver: &mut sudoku_solver_t, budget: u32) -> (c_int, u32) {
    let mut pending = 0;
    loop {
        match step(solver, budget) {
            SUDOKU_ERR_BUDGET => pending += 1,
            code => return (code, pending),
        }
    }
}

#[test]
fn the_struct_fits_and_its_size_is_reported() {
    assert_eq!(sudoku_solver_size(), std::mem::size_of::<sudoku_solver_t>());
    assert_eq!(sudoku_solver_size(), 8 * SUDOKU_SOLVER_WORDS);
    assert!(std::mem::size_of::<sudoku81::Solver>() < sudoku_solver_size());
}

#[test]
fn slices_reach_the_same_answer_as_sudoku_solve() {
    let (code, expected) = solve(HARD);
    assert_eq!(code, SUDOKU_OK);
    for budget in [1, 2, 3, 10, 1000, u32::MAX] {
        let mut solver = zeroed();
        assert_eq!(init(&mut solver, HARD), SUDOKU_OK);
        let (code, pending) = run(&mut solver, budget);
        assert_eq!(code, SUDOKU_OK, "budget {budget}");
        if budget == 1 {
            assert!(pending > 10, "a hard puzzle takes many one-step slices");
        }
        if budget == u32::MAX {
            assert_eq!(pending, 0);
        }
        let (code, out) = write(&solver, HARD);
        assert_eq!((code, &out), (SUDOKU_OK, &expected), "budget {budget}");
        assert_eq!(stats(&solver).steps, stats_of_solve(HARD).steps);
    }
}

fn stats_of_solve(text: &[u8]) -> sudoku_stats_t {
    let mut buf = c_buf(text);
    let mut stats = sudoku_stats_t::default();
    // SAFETY: live buffer and struct.
    unsafe { sudoku_solve_stats(buf.as_mut_ptr().cast::<c_char>(), &mut stats) };
    stats
}

#[test]
#[cfg_attr(
    miri,
    ignore = "slow under Miri; covered by the normal run and fuzzing"
)]
fn same_answers_on_the_corpus() {
    for file in [
        "top95.txt",
        "hardest1106.txt",
        "no_solution.txt",
        "multi_solution.txt",
    ] {
        for line in puzzles(file).iter().take(60) {
            let text = line.as_bytes();
            let (expected_code, expected) = solve(text);
            let mut solver = zeroed();
            let code = init(&mut solver, text);
            let code = if code == SUDOKU_OK {
                run(&mut solver, 7).0
            } else {
                code
            };
            assert_eq!(code, expected_code, "{file}: {line}");
            let (code, out) = write(&solver, text);
            assert_eq!(code, expected_code, "{file}: {line}");
            assert_eq!(out, expected, "{file}: {line}");
        }
    }
}

#[test]
fn done_is_final() {
    let mut solver = zeroed();
    assert_eq!(init(&mut solver, HARD), SUDOKU_OK);
    assert_eq!(run(&mut solver, 50).0, SUDOKU_OK);
    let done = stats(&solver);
    for budget in [0, 1, 100] {
        assert_eq!(step(&mut solver, budget), SUDOKU_OK);
    }
    assert_eq!(stats(&solver), done, "no work after the solution");

    assert_eq!(init(&mut solver, DEAD_END), SUDOKU_OK);
    assert_eq!(run(&mut solver, 1).0, SUDOKU_ERR_UNSOLVABLE);
    assert_eq!(step(&mut solver, 10), SUDOKU_ERR_UNSOLVABLE);
    let (code, out) = write(&solver, DEAD_END);
    assert_eq!((code, out.as_slice()), (SUDOKU_ERR_UNSOLVABLE, DEAD_END));
}

#[test]
fn budget_zero_and_write_before_done() {
    let mut solver = zeroed();
    assert_eq!(init(&mut solver, HARD), SUDOKU_OK);
    assert_eq!(step(&mut solver, 0), SUDOKU_ERR_BUDGET);
    assert_eq!(stats(&solver).steps, 0);
    assert_eq!(step(&mut solver, 1), SUDOKU_ERR_BUDGET);
    let (code, out) = write(&solver, HARD);
    assert_eq!((code, out.as_slice()), (SUDOKU_ERR_BUDGET, HARD));
}

/// Stepping one step at a time, an unsolvable search runs out of candidates as a call's
/// budget runs out: that call says SUDOKU_ERR_BUDGET, and a budget of 0 then reports
/// SUDOKU_ERR_UNSOLVABLE without a step. Before that, a budget of 0 changes nothing.
#[test]
fn budget_zero_takes_no_step_but_reports_the_end() {
    let mut solver = zeroed();
    assert_eq!(init(&mut solver, DEAD_END), SUDOKU_OK);
    let mut calls = 0;
    loop {
        let before = stats(&solver);
        let zero = step(&mut solver, 0);
        assert_eq!(stats(&solver), before, "a budget of 0 took a step");
        if zero == SUDOKU_ERR_UNSOLVABLE {
            break;
        }
        assert_eq!(zero, SUDOKU_ERR_BUDGET);
        assert_eq!(step(&mut solver, 1), SUDOKU_ERR_BUDGET, "call {calls}");
        calls += 1;
        assert!(calls < 10_000, "no end");
    }
    let end = stats(&solver);
    for budget in [0, 1, 100] {
        assert_eq!(step(&mut solver, budget), SUDOKU_ERR_UNSOLVABLE);
    }
    assert_eq!(stats(&solver), end, "work after the end");
}

#[test]
fn init_errors_stick() {
    let mut conflict = HARD.to_vec();
    conflict[1] = b'8';
    let cases: [(&[u8], c_int); 4] = [
        (b"12x", SUDOKU_ERR_CHAR),
        (&HARD[..80], SUDOKU_ERR_LENGTH),
        (&conflict, SUDOKU_ERR_CONFLICT),
        (&[HARD, b"1"].concat(), SUDOKU_ERR_LENGTH),
    ];
    for (text, expected) in cases {
        let mut solver = zeroed();
        assert_eq!(init(&mut solver, text), expected);
        assert_eq!(step(&mut solver, 100), expected);
        assert_eq!(step(&mut solver, 100), expected);
        assert_eq!(stats(&solver), sudoku_stats_t::default());
        let (code, out) = write(&solver, HARD);
        assert_eq!((code, out.as_slice()), (expected, HARD));
    }
    let mut solver = zeroed();
    // SAFETY: a live solver; a NULL grid is allowed.
    let code = unsafe { sudoku_solver_init(&mut *solver, std::ptr::null()) };
    assert_eq!(code, SUDOKU_ERR_NULL);
    assert_eq!(step(&mut solver, 1), SUDOKU_ERR_NULL);
}

#[test]
fn uninitialised_null_and_misaligned_solvers_are_refused() {
    let mut solver = zeroed();
    assert_eq!(step(&mut solver, 10), SUDOKU_ERR_STATE);
    let (code, out) = write(&solver, HARD);
    assert_eq!((code, out.as_slice()), (SUDOKU_ERR_STATE, HARD));
    let mut out = sudoku_stats_t::default();
    // SAFETY: live solver and struct; NULLs are allowed.
    unsafe {
        assert_eq!(sudoku_solver_stats(&*solver, &mut out), SUDOKU_ERR_STATE);
        assert_eq!(
            sudoku_solver_stats(&*solver, std::ptr::null_mut()),
            SUDOKU_ERR_NULL
        );
        assert_eq!(
            sudoku_solver_stats(std::ptr::null(), &mut out),
            SUDOKU_ERR_NULL
        );
        assert_eq!(sudoku_solver_step(std::ptr::null_mut(), 1), SUDOKU_ERR_NULL);
        let grid = c_buf(HARD);
        let g = grid.as_ptr().cast::<c_char>();
        assert_eq!(sudoku_solver_init(std::ptr::null_mut(), g), SUDOKU_ERR_NULL);
        let mut buf = c_buf(HARD);
        let b = buf.as_mut_ptr().cast::<c_char>();
        assert_eq!(sudoku_solver_write(std::ptr::null(), b), SUDOKU_ERR_NULL);
        assert_eq!(
            sudoku_solver_write(&*solver, std::ptr::null_mut()),
            SUDOKU_ERR_NULL
        );
    }
    // Garbage that is not the magic number is refused too.
    solver.opaque.fill(0xA5A5_A5A5_A5A5_A5A5);
    assert_eq!(step(&mut solver, 10), SUDOKU_ERR_STATE);
    // A pointer one byte into a buffer is misaligned: refused, and nothing is written.
    let mut bytes = vec![0u64; SUDOKU_SOLVER_WORDS + 1];
    let before = bytes.clone();
    let odd = bytes
        .as_mut_ptr()
        .cast::<u8>()
        .wrapping_add(1)
        .cast::<sudoku_solver_t>();
    let grid = c_buf(HARD);
    // SAFETY: `odd` points into a live buffer with room for a sudoku_solver_t; misalignment
    // is detected before any access.
    let code = unsafe { sudoku_solver_init(odd, grid.as_ptr().cast::<c_char>()) };
    assert_eq!(code, SUDOKU_ERR_STATE);
    // SAFETY: as above.
    assert_eq!(unsafe { sudoku_solver_step(odd, 1) }, SUDOKU_ERR_STATE);
    assert_eq!(bytes, before);
}

/// `sudoku_solver_init_checked` (what the header's `sudoku_solver_init` macro calls) refuses
/// a struct smaller than the library's, writing nothing into it, and takes one of the
/// right size or larger.
#[test]
fn init_refuses_a_struct_too_small_and_writes_nothing() {
    let grid = c_buf(HARD);
    let g = grid.as_ptr().cast::<c_char>();
    let needed = sudoku_solver_size();
    for size in [0, 1, needed / 2, needed - 8, needed - 1] {
        let mut words = vec![0xA5A5_A5A5_A5A5_A5A5u64; SUDOKU_SOLVER_WORDS];
        let solver = words.as_mut_ptr().cast::<sudoku_solver_t>();
        // SAFETY: `solver` points to a whole, aligned sudoku_solver_t; the call is told it is
        // smaller and must not write at all.
        let code = unsafe { sudoku_solver_init_checked(solver, size, g) };
        assert_eq!(code, SUDOKU_ERR_SIZE, "size {size}");
        assert!(
            words.iter().all(|&w| w == 0xA5A5_A5A5_A5A5_A5A5),
            "size {size}"
        );
    }
    for size in [needed, needed + 1, usize::MAX] {
        let mut solver = Box::new(sudoku_solver_t {
            opaque: [0; SUDOKU_SOLVER_WORDS],
        });
        // SAFETY: a whole, aligned, writable sudoku_solver_t.
        let code = unsafe { sudoku_solver_init_checked(&mut *solver, size, g) };
        assert_eq!(code, SUDOKU_OK, "size {size}");
        assert_eq!(step(&mut solver, u32::MAX), SUDOKU_OK);
    }
    // SAFETY: NULL is refused before the size matters.
    let code = unsafe { sudoku_solver_init_checked(std::ptr::null_mut(), 0, g) };
    assert_eq!(code, SUDOKU_ERR_NULL);
}

#[test]
fn write_keeps_the_layout_and_checks_the_givens() {
    let mut solver = zeroed();
    assert_eq!(init(&mut solver, HARD), SUDOKU_OK);
    assert_eq!(run(&mut solver, 25).0, SUDOKU_OK);
    let rows: Vec<u8> = HARD
        .chunks(9)
        .flat_map(|row| {
            let mut r: Vec<u8> = row
                .iter()
                .flat_map(|&b| [if b == b'.' { b'0' } else { b }, b' '])
                .collect();
            r.pop();
            r.extend_from_slice(b"\r\n");
            r
        })
        .collect();
    let (code, out) = write(&solver, &rows);
    assert_eq!(code, SUDOKU_OK);
    support::assert_solved_in_place(&rows, &out);
    assert_eq!(support::cells(&out), support::cells(&solve(HARD).1));
    // A given that disagrees with the solution: refused, buffer unchanged.
    let mut other = HARD.to_vec();
    other[1] = b'2'; // r1c2 is 1 in the solution
    let (code, out) = write(&solver, &other);
    assert_eq!(
        (code, out.as_slice()),
        (SUDOKU_ERR_CONFLICT, other.as_slice())
    );
    // Fewer givens than the puzzle had is fine: the solution fills every blank.
    let (code, out) = write(&solver, &[b'.'; 81]);
    assert_eq!((code, out), (SUDOKU_OK, solve(HARD).1));
    let (code, _) = write(&solver, b"..");
    assert_eq!(code, SUDOKU_ERR_LENGTH);
}

/// The state holds no pointers: a copy made mid-search resumes to the same answer.
#[test]
fn a_copied_solver_resumes() {
    let mut solver = zeroed();
    assert_eq!(init(&mut solver, HARD), SUDOKU_OK);
    assert_eq!(step(&mut solver, 5), SUDOKU_ERR_BUDGET);
    let mut copy = zeroed();
    // SAFETY: both are valid, distinct `sudoku_solver_t`s. The copy is untyped, as C's
    // `memcpy` or struct assignment is: the state's padding bytes are uninitialised, so a
    // typed copy of the `u64` words would read them as integers.
    unsafe { core::ptr::copy_nonoverlapping(&*solver, &mut *copy, 1) };
    drop(solver);
    assert_eq!(run(&mut copy, 3).0, SUDOKU_OK);
    assert_eq!(write(&copy, HARD).1, solve(HARD).1);
}
