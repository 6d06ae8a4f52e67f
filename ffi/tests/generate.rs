//! Puzzle generation through the C ABI: `sudoku_generate`, the resumable
//! `sudoku_generator_*` on a caller-owned `sudoku_generator_t`, and `sudoku_generate_level`,
//! against the Rust API and the test kit's reference solver; bad options give their code
//! and leave `out` untouched.
#![allow(unsafe_code)]

mod support;

use std::ffi::{c_char, c_int};
use std::ptr;

use sudoku81::{Board, Level, Options, Symmetry};
use sudoku81_ffi::*;
use sudoku81_testkit::cells_of;
use sudoku81_testkit::reference::reference_count;
use support::Out;

/// The golden puzzle of seed 7 with 180° symmetry (tests/generate.rs has the same).
const GOLDEN_7_ROT180: &str =
    "39.56.........4.5..5...97..1....82...7.3.5.4...94....3..16...9..2.8.........41.27";

/// What `out` holds before a call: a call that fails must leave it so.
const UNTOUCHED: [u8; 82] = [0xAA; 82];

fn options(symmetry: u32, givens: u32) -> sudoku_generate_options_t {
    sudoku_generate_options_t {
        symmetry,
        givens,
        attempts: 0,
        solution: ptr::null(),
    }
}

/// `sudoku_generate` into a fresh buffer: the code and the buffer.
fn generate(seed: u64, opts: Option<&sudoku_generate_options_t>) -> (c_int, [u8; 82]) {
    let mut out = UNTOUCHED;
    let opts = opts.map_or(ptr::null(), |o| o as *const _);
    // SAFETY: 82 writable bytes; `opts` is NULL or a live struct whose `solution` is NULL
    // or a live NUL-terminated buffer.
    let code = unsafe { sudoku_generate(out.as_mut_ptr().cast::<c_char>(), seed, opts) };
    (code, out)
}

fn line(out: &[u8; 82]) -> &str {
    assert_eq!(out[81], 0, "no NUL after the 81 cells");
    std::str::from_utf8(&out[..81]).expect("ASCII")
}

/// A zero-filled generator on the heap (it is about 11 KiB with the fast engine).
fn zeroed() -> Box<sudoku_generator_t> {
    Box::new(sudoku_generator_t {
        opaque: [0; SUDOKU_GENERATOR_WORDS],
    })
}

fn init(generator: &mut sudoku_generator_t, seed: u64, opts: &sudoku_generate_options_t) -> c_int {
    // SAFETY: a live generator of the right size and live options.
    unsafe { sudoku_generator_init_checked(generator, size_of::<sudoku_generator_t>(), seed, opts) }
}

fn step(generator: &mut sudoku_generator_t, budget: u32) -> c_int {
    // SAFETY: a live generator, initialised or not (both are allowed).
    unsafe { sudoku_generator_step(generator, budget) }
}

fn write(generator: &sudoku_generator_t) -> (c_int, [u8; 82]) {
    let mut out = UNTOUCHED;
    // SAFETY: a live generator and 82 writable bytes.
    let code = unsafe { sudoku_generator_write(generator, out.as_mut_ptr().cast::<c_char>()) };
    (code, out)
}

#[test]
#[cfg_attr(miri, ignore = "generates whole puzzles: hours under Miri")]
fn null_options_are_the_defaults_and_match_the_rust_api() {
    for seed in [0u64, 1, 7, u64::MAX] {
        let (code, out) = generate(seed, None);
        assert_eq!(code, SUDOKU_OK);
        let expected = Board::generate(seed, &Options::new()).unwrap().to_string();
        assert_eq!(line(&out), expected);
        assert_eq!(reference_count(&cells_of(line(&out)), 2), 1);
        // A zero-filled options struct is the same as NULL.
        let (code, zero) = generate(seed, Some(&options(0, 0)));
        assert_eq!((code, zero), (SUDOKU_OK, out));
    }
}

#[test]
#[cfg_attr(miri, ignore = "generates whole puzzles: hours under Miri")]
fn every_symmetry_value_maps_to_its_symmetry() {
    let values = [
        (SUDOKU_SYMMETRY_NONE, Symmetry::None),
        (SUDOKU_SYMMETRY_ROT180, Symmetry::Rot180),
        (SUDOKU_SYMMETRY_ROT90, Symmetry::Rot90),
        (SUDOKU_SYMMETRY_MIRROR_LR, Symmetry::MirrorLeftRight),
        (SUDOKU_SYMMETRY_MIRROR_TB, Symmetry::MirrorTopBottom),
        (SUDOKU_SYMMETRY_DIAGONALS, Symmetry::Diagonals),
    ];
    for (value, symmetry) in values {
        let (code, out) = generate(3, Some(&options(value, 0)));
        assert_eq!(code, SUDOKU_OK, "{symmetry}");
        let puzzle = Board::generate(3, &Options::new().with_symmetry(symmetry)).unwrap();
        assert_eq!(line(&out), puzzle.to_string(), "{symmetry}");
        assert!(symmetry.holds_for(&puzzle));
    }
    let (code, out) = generate(7, Some(&options(SUDOKU_SYMMETRY_ROT180, 0)));
    assert_eq!((code, line(&out)), (SUDOKU_OK, GOLDEN_7_ROT180));
    // A target number of givens.
    let (code, out) = generate(5, Some(&options(SUDOKU_SYMMETRY_ROT90, 33)));
    assert_eq!(code, SUDOKU_OK);
    assert_eq!(line(&out).bytes().filter(|&b| b != b'.').count(), 33);
}

#[test]
#[cfg_attr(miri, ignore = "generates whole puzzles: hours under Miri")]
fn the_callers_solution_is_kept_and_copied() {
    let grid = Board::generate(99, &Options::new().with_givens(Some(81))).unwrap();
    let mut text = grid.to_string().into_bytes();
    text.push(0);
    let mut opts = options(SUDOKU_SYMMETRY_ROT180, 0);
    opts.solution = text.as_ptr().cast::<c_char>();
    let (code, out) = generate(4, Some(&opts));
    assert_eq!(code, SUDOKU_OK);
    let puzzle = Board::parse(line(&out).as_bytes()).unwrap();
    assert!(puzzle.is_contained_in(&grid));
    assert_eq!(puzzle.solve(), Ok(grid));
    let rust = Options::new()
        .with_symmetry(Symmetry::Rot180)
        .with_solution(grid);
    assert_eq!(puzzle, Board::generate(4, &rust).unwrap());
    // The resumable form copies it: changing it after init changes nothing.
    let mut generator = zeroed();
    assert_eq!(init(&mut generator, 4, &opts), SUDOKU_OK);
    text.fill(b'x');
    while step(&mut generator, 50) == SUDOKU_ERR_BUDGET {}
    assert_eq!(write(&generator), (SUDOKU_OK, out));
}

/// A target number of givens on the caller's solution that the first attempt misses: the
/// second starts from the whole solution again, and the puzzle has exactly the givens asked
/// for, through both C forms as through the Rust API.
#[test]
#[cfg_attr(miri, ignore = "generates whole puzzles: hours under Miri")]
fn a_target_on_the_callers_solution_is_met_after_a_failed_attempt() {
    let text =
        b"417369825632158947958724316825437169791586432346912758289643571573291684164875293\0";
    let grid = Board::parse(&text[..81]).unwrap();
    let mut opts = options(SUDOKU_SYMMETRY_ROT180, 55);
    opts.solution = text.as_ptr().cast::<c_char>();
    let (code, out) = generate(2, Some(&opts));
    assert_eq!(code, SUDOKU_OK);
    let puzzle = Board::parse(line(&out).as_bytes()).unwrap();
    assert_eq!(puzzle.filled(), 55);
    assert!(puzzle.is_contained_in(&grid));
    assert_eq!(puzzle.count_solutions(2), 1);
    let rust = Options::new()
        .with_symmetry(Symmetry::Rot180)
        .with_givens(Some(55))
        .with_solution(grid);
    assert_eq!(puzzle, Board::generate(2, &rust).unwrap());
    assert!(Board::generate(2, &rust.with_attempts(1)).is_err());
    let mut generator = zeroed();
    assert_eq!(init(&mut generator, 2, &opts), SUDOKU_OK);
    while step(&mut generator, 50) == SUDOKU_ERR_BUDGET {}
    assert_eq!(write(&generator), (SUDOKU_OK, out));
}

#[test]
fn bad_options_give_their_code_and_leave_out_untouched() {
    let mut cases = vec![
        (options(6, 0), SUDOKU_ERR_SYMMETRY),
        (options(u32::MAX, 0), SUDOKU_ERR_SYMMETRY),
        (options(0, 16), SUDOKU_ERR_GIVENS),
        (options(0, 1), SUDOKU_ERR_GIVENS),
        (options(0, 82), SUDOKU_ERR_GIVENS),
        (options(0, 256 + 30), SUDOKU_ERR_GIVENS),
        (options(SUDOKU_SYMMETRY_ROT90, 26), SUDOKU_ERR_GIVENS),
    ];
    let grid = Board::generate(99, &Options::new().with_givens(Some(81)))
        .unwrap()
        .to_string();
    let mut incomplete = grid.clone().into_bytes();
    incomplete[40] = b'.';
    let mut clash = grid.clone().into_bytes();
    clash.swap(0, 1);
    let mut bad_char = grid.clone().into_bytes();
    bad_char[3] = b'x';
    let short = grid.as_bytes()[..80].to_vec();
    let texts: Vec<Vec<u8>> = [incomplete, clash, bad_char, short]
        .into_iter()
        .map(|mut t| {
            t.push(0);
            t
        })
        .collect();
    for text in &texts {
        let mut opts = options(0, 0);
        opts.solution = text.as_ptr().cast::<c_char>();
        cases.push((opts, SUDOKU_ERR_SOLUTION));
    }
    let mut unreachable = options(0, 17);
    unreachable.attempts = 1;
    cases.push((unreachable, SUDOKU_ERR_UNREACHED));

    for (opts, expected) in cases {
        let (code, out) = generate(1, Some(&opts));
        assert_eq!(code, expected, "{opts:?}");
        assert_eq!(out, UNTOUCHED, "{opts:?}");
        // The resumable form: init fails with the same code (UNREACHED comes from a step),
        // the error sticks, and `write` leaves `out` untouched.
        let mut generator = zeroed();
        let code = init(&mut generator, 1, &opts);
        if expected == SUDOKU_ERR_UNREACHED {
            assert_eq!(code, SUDOKU_OK);
            while step(&mut generator, 1000) == SUDOKU_ERR_BUDGET {}
        } else {
            assert_eq!(code, expected);
        }
        assert_eq!(step(&mut generator, 10), expected);
        assert_eq!(write(&generator), (expected, UNTOUCHED));
    }
    // SAFETY: NULL `out` is refused before anything is read.
    let code = unsafe { sudoku_generate(ptr::null_mut(), 0, ptr::null()) };
    assert_eq!(code, SUDOKU_ERR_NULL);
}

#[test]
#[cfg_attr(miri, ignore = "generates whole puzzles: hours under Miri")]
fn slices_give_the_same_puzzle_as_sudoku_generate() {
    assert_eq!(sudoku_generator_size(), size_of::<sudoku_generator_t>());
    assert_eq!(sudoku_generator_size(), 8 * SUDOKU_GENERATOR_WORDS);
    let opts = options(SUDOKU_SYMMETRY_ROT180, 0);
    let (_, expected) = generate(7, Some(&opts));
    for budget in [1u32, 3, 64, u32::MAX] {
        let mut generator = zeroed();
        assert_eq!(init(&mut generator, 7, &opts), SUDOKU_OK);
        assert_eq!(write(&generator), (SUDOKU_ERR_BUDGET, UNTOUCHED));
        let mut pending = 0;
        let code = loop {
            match step(&mut generator, budget) {
                SUDOKU_ERR_BUDGET => pending += 1,
                code => break code,
            }
        };
        assert_eq!(code, SUDOKU_OK, "budget {budget}");
        if budget == 1 {
            assert!(pending > 100, "{pending} one-step slices");
        }
        assert_eq!(step(&mut generator, budget), SUDOKU_OK); // done is final
        assert_eq!(write(&generator), (SUDOKU_OK, expected), "budget {budget}");
    }
    // A budget of 0 does nothing.
    let mut generator = zeroed();
    assert_eq!(init(&mut generator, 7, &opts), SUDOKU_OK);
    assert_eq!(step(&mut generator, 0), SUDOKU_ERR_BUDGET);
}

#[test]
fn uninitialised_null_and_small_generators_are_refused() {
    let mut generator = zeroed();
    assert_eq!(step(&mut generator, 10), SUDOKU_ERR_STATE);
    assert_eq!(write(&generator), (SUDOKU_ERR_STATE, UNTOUCHED));
    // SAFETY: NULL generators are refused before anything is read or written.
    unsafe {
        assert_eq!(sudoku_generator_step(ptr::null_mut(), 1), SUDOKU_ERR_NULL);
        assert_eq!(
            sudoku_generator_init(ptr::null_mut(), 0, ptr::null()),
            SUDOKU_ERR_NULL
        );
        assert_eq!(
            sudoku_generator_init_checked(ptr::null_mut(), 0, 0, ptr::null()),
            SUDOKU_ERR_NULL
        );
    }
    // A struct smaller than the library needs is not written at all.
    for size in [0, 8, size_of::<sudoku_generator_t>() - 8] {
        let mut generator = zeroed();
        generator.opaque.fill(0x5555_5555_5555_5555);
        // SAFETY: the call must refuse the size before writing anything.
        let code = unsafe { sudoku_generator_init_checked(&mut *generator, size, 0, ptr::null()) };
        assert_eq!(code, SUDOKU_ERR_SIZE, "size {size}");
        assert!(generator.opaque.iter().all(|&w| w == 0x5555_5555_5555_5555));
    }
    // NULL options are the defaults here too, and NULL `out` is refused by write.
    let mut generator = zeroed();
    // SAFETY: a live generator of the library's size; NULL options.
    let code = unsafe { sudoku_generator_init(&mut *generator, 2, ptr::null()) };
    assert_eq!(code, SUDOKU_OK);
    while step(&mut generator, 100) == SUDOKU_ERR_BUDGET {}
    let (code, out) = write(&generator);
    assert_eq!((code, out), generate(2, None));
    // SAFETY: NULL `out` is refused before anything is written.
    let code = unsafe { sudoku_generator_write(&*generator, ptr::null_mut()) };
    assert_eq!(code, SUDOKU_ERR_NULL);
}

/// `sudoku_generate_level` into a fresh buffer and rating: the code, the buffer and the
/// rating struct (check with `Out::untouched` before reading it).
fn generate_level(
    seed: u64,
    opts: Option<&sudoku_generate_options_t>,
    level: c_int,
    attempts: u32,
) -> (c_int, [u8; 82], Out<sudoku_rating_t>) {
    let mut out = UNTOUCHED;
    let mut rating = Out::new();
    let opts = opts.map_or(ptr::null(), |o| o as *const _);
    // SAFETY: 82 writable bytes, a writable rating, and NULL or live options.
    let code = unsafe {
        sudoku_generate_level(
            out.as_mut_ptr().cast::<c_char>(),
            seed,
            opts,
            level,
            attempts,
            rating.ptr(),
        )
    };
    (code, out, rating)
}

/// `sudoku_rate` of a puzzle `sudoku_generate` wrote.
fn rate(out: &[u8; 82]) -> sudoku_rating_t {
    let mut rating = Out::new();
    // SAFETY: a NUL-terminated buffer and a writable rating.
    let code = unsafe { sudoku_rate(out.as_ptr().cast::<c_char>(), rating.ptr()) };
    rating.get(code)
}

#[test]
#[cfg_attr(miri, ignore = "generates and rates whole puzzles: hours under Miri")]
fn a_level_puzzle_is_the_first_attempt_at_its_level() {
    let rot180 = options(SUDOKU_SYMMETRY_ROT180, 0);
    let givens = options(SUDOKU_SYMMETRY_NONE, 30);
    let cases: [(Option<&sudoku_generate_options_t>, Options); 3] = [
        (None, Options::new()),
        (
            Some(&rot180),
            Options::new().with_symmetry(Symmetry::Rot180),
        ),
        (Some(&givens), Options::new().with_givens(Some(30))),
    ];
    for (opts, rust) in cases {
        for (seed, level) in [(1u64, 1), (2, 2), (3, 3), (4, 4), (5, 5), (u64::MAX, 3)] {
            let (code, out, rating) = generate_level(seed, opts, level, 0);
            if code == SUDOKU_ERR_UNREACHED {
                // Givens 30 leave few puzzles above easy: then no attempt of 100 may do.
                assert!(
                    opts.is_some_and(|o| o.givens == 30) && level >= 4,
                    "seed {seed} level {level}"
                );
                assert_eq!(out, UNTOUCHED);
                assert!(rating.untouched());
                continue;
            }
            let rating = rating.get(code);
            assert_eq!(rating.level, level);
            assert_eq!(rating, rate(&out), "the rating is sudoku_rate's");
            let (puzzle, _) =
                Board::generate_at_level(seed, &rust, Level::ALL[level as usize - 1], 100)
                    .expect("the Rust API reaches it too");
            assert_eq!(line(&out), puzzle.to_string().replace('\n', ""));
            // The attempts before it are sudoku_generate's puzzles of the strided seeds,
            // none of them at the level.
            let mut attempt = 0u64;
            loop {
                let seed = seed.wrapping_add(attempt.wrapping_mul(SUDOKU_LEVEL_SEED_STRIDE));
                let (code, earlier) = generate(seed, opts);
                assert_eq!(code, SUDOKU_OK);
                if earlier == out {
                    break;
                }
                assert_ne!(rate(&earlier).level, level, "seed {seed}");
                attempt += 1;
                assert!(attempt < 100);
            }
        }
    }
}

#[test]
fn bad_levels_and_options_leave_out_and_the_rating_untouched() {
    for level in [0, 6, -1, 100, c_int::MIN, c_int::MAX] {
        let (code, out, rating) = generate_level(1, None, level, 0);
        assert_eq!(code, SUDOKU_ERR_LEVEL, "level {level}");
        assert_eq!(out, UNTOUCHED);
        assert!(rating.untouched());
    }
    let cases = [
        (options(6, 0), SUDOKU_ERR_SYMMETRY),
        (options(SUDOKU_SYMMETRY_NONE, 16), SUDOKU_ERR_GIVENS),
        (options(SUDOKU_SYMMETRY_ROT90, 30), SUDOKU_ERR_GIVENS),
    ];
    for (opts, expected) in cases {
        let (code, out, rating) = generate_level(1, Some(&opts), SUDOKU_LEVEL_EASY, 0);
        assert_eq!(code, expected);
        assert_eq!(out, UNTOUCHED);
        assert!(rating.untouched());
    }
    let mut rating = Out::<sudoku_rating_t>::new();
    // SAFETY: NULL `out` is refused before anything is read or written.
    let code =
        unsafe { sudoku_generate_level(ptr::null_mut(), 1, ptr::null(), 1, 0, rating.ptr()) };
    assert_eq!(code, SUDOKU_ERR_NULL);
    assert!(rating.untouched());
}

#[test]
#[cfg_attr(miri, ignore = "generates and rates whole puzzles: hours under Miri")]
fn an_unreached_level_or_givens_target_is_unreached() {
    // One attempt: the first puzzle of seed 1 is at one level only, so one of the others
    // is not reached.
    let (code, first, rating) = generate_level(1, None, SUDOKU_LEVEL_EASY, 1);
    let level = if code == SUDOKU_OK {
        assert_eq!(rating.get(code).level, SUDOKU_LEVEL_EASY);
        SUDOKU_LEVEL_MEDIUM
    } else {
        assert_eq!(code, SUDOKU_ERR_UNREACHED);
        assert_eq!(first, UNTOUCHED);
        SUDOKU_LEVEL_EASY
    };
    let (code, out, rating) = generate_level(1, None, level, 1);
    assert_eq!(code, SUDOKU_ERR_UNREACHED);
    assert_eq!(out, UNTOUCHED);
    assert!(rating.untouched());
    // 17 givens in one attempt of one grid: not reached, whatever the level.
    let mut opts = options(SUDOKU_SYMMETRY_NONE, 17);
    opts.attempts = 1;
    let (code, out, rating) = generate_level(1, Some(&opts), SUDOKU_LEVEL_EASY, 2);
    assert_eq!(code, SUDOKU_ERR_UNREACHED);
    assert_eq!(out, UNTOUCHED);
    assert!(rating.untouched());
    assert!(support::message(SUDOKU_ERR_UNREACHED).contains("level"));
}

#[test]
#[cfg_attr(miri, ignore = "generates and rates whole puzzles: hours under Miri")]
fn a_null_rating_is_allowed_and_slices_make_the_same_puzzle() {
    let opts = options(SUDOKU_SYMMETRY_MIRROR_LR, 0);
    let mut out = UNTOUCHED;
    // SAFETY: 82 writable bytes, live options, and NULL for the rating (allowed).
    let code = unsafe {
        sudoku_generate_level(
            out.as_mut_ptr().cast::<c_char>(),
            9,
            &opts,
            SUDOKU_LEVEL_HARD,
            0,
            ptr::null_mut(),
        )
    };
    assert_eq!(code, SUDOKU_OK);
    let (_, same, rating) = generate_level(9, Some(&opts), SUDOKU_LEVEL_HARD, 0);
    assert_eq!(same, out);
    let rating = rating.get(SUDOKU_OK);
    // What a firmware does to stay responsive: the same attempts in slices of a few steps,
    // a generator then a rater at a time.
    let mut generator = zeroed();
    let mut rater = Box::new(sudoku_rater_t {
        opaque: [0; SUDOKU_RATER_WORDS],
    });
    let mut attempt = 0u64;
    let (sliced, sliced_rating) = loop {
        let seed = 9u64.wrapping_add(attempt.wrapping_mul(SUDOKU_LEVEL_SEED_STRIDE));
        assert_eq!(init(&mut generator, seed, &opts), SUDOKU_OK);
        while step(&mut generator, 50) == SUDOKU_ERR_BUDGET {}
        let (code, puzzle) = write(&generator);
        assert_eq!(code, SUDOKU_OK);
        let mut found = Out::<sudoku_rating_t>::new();
        // SAFETY: a live rater of the size given and a NUL-terminated puzzle.
        let code = unsafe {
            sudoku_rater_init_checked(
                &mut *rater,
                size_of::<sudoku_rater_t>(),
                puzzle.as_ptr().cast::<c_char>(),
            )
        };
        assert_eq!(code, SUDOKU_OK);
        // SAFETY: an initialised rater.
        while unsafe { sudoku_rater_step(&mut *rater, 5) } == SUDOKU_ERR_BUDGET {}
        // SAFETY: a finished rater and a writable rating.
        let code = unsafe { sudoku_rater_write(&*rater, found.ptr()) };
        let found = found.get(code);
        if found.level == SUDOKU_LEVEL_HARD {
            break (puzzle, found);
        }
        attempt += 1;
        assert!(attempt < 100);
    };
    assert_eq!(sliced, out);
    assert_eq!(sliced_rating, rating);
}
