//! The puzzle generator: every option over many seeds, checked by the test kit's
//! independent reference solver and symmetry maps written here, not by the library's own;
//! golden puzzles for fixed seeds (the same with either engine: CI runs this file with
//! `--no-default-features` too); slices against one go; bad options.

use sudoku81::rand_core::Rng;
use sudoku81::{
    Board, GenProgress, GenerateError, Generator, Level, Options, SplitMix64, Symmetry,
    DEFAULT_ATTEMPTS, MIN_GIVENS,
};
use sudoku81_testkit::cells_of;
use sudoku81_testkit::reference::{is_valid_solution, reference_count};

/// The images of cell (r, c) under each symmetry's transformations, written independently
/// of the library.
fn images(symmetry: Symmetry, cell: usize) -> Vec<usize> {
    let (r, c) = (cell / 9, cell % 9);
    let maps: Vec<(usize, usize)> = match symmetry {
        Symmetry::None => vec![],
        Symmetry::Rot180 => vec![(8 - r, 8 - c)],
        Symmetry::Rot90 => vec![(c, 8 - r), (8 - r, 8 - c), (8 - c, r)],
        Symmetry::MirrorLeftRight => vec![(r, 8 - c)],
        Symmetry::MirrorTopBottom => vec![(8 - r, c)],
        Symmetry::Diagonals => vec![(c, r), (8 - c, 8 - r), (8 - r, 8 - c)],
    };
    let mut cells: Vec<usize> = std::iter::once(cell)
        .chain(maps.into_iter().map(|(r, c)| 9 * r + c))
        .collect();
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// Checks everything a generated puzzle promises; returns its number of givens.
fn check_puzzle(puzzle: &Board, symmetry: Symmetry, minimal: bool, what: &str) -> usize {
    let line = puzzle.to_string();
    let parsed = Board::parse(line.as_bytes()).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(&parsed, puzzle, "{what}");
    let cells = cells_of(&line);
    assert_eq!(reference_count(&cells, 2), 1, "{what}: not unique: {line}");
    for cell in 0..81 {
        for image in images(symmetry, cell) {
            assert_eq!(
                cells[cell] == 0,
                cells[image] == 0,
                "{what}: {symmetry} broken at cells {cell} and {image}: {line}"
            );
        }
    }
    if minimal {
        for cell in (0..81).filter(|&c| cells[c] != 0) {
            let orbit = images(symmetry, cell);
            if orbit[0] != cell {
                continue;
            }
            let mut fewer = cells;
            for &c in &orbit {
                fewer[c] = 0;
            }
            assert_eq!(
                reference_count(&fewer, 2),
                2,
                "{what}: not minimal, orbit {orbit:?} can go: {line}"
            );
        }
    }
    puzzle.filled()
}

#[test]
fn minimal_unique_symmetric_puzzles_for_every_symmetry() {
    for symmetry in Symmetry::ALL {
        let options = Options::new().with_symmetry(symmetry);
        let mut total = 0;
        for seed in 0..40u64 {
            let puzzle = Board::generate(seed, &options).unwrap();
            total += check_puzzle(&puzzle, symmetry, true, &format!("{symmetry} seed {seed}"));
        }
        // A sanity bound on the mean: minimal puzzles have about 22 to 35 givens.
        let mean = total / 40;
        assert!((20..=40).contains(&mean), "{symmetry}: mean {mean} givens");
    }
}

#[test]
fn a_target_number_of_givens_is_met_exactly() {
    let cases = [
        (Symmetry::None, 30),
        (Symmetry::None, 45),
        (Symmetry::Rot180, 31),
        (Symmetry::Rot90, 33),
        (Symmetry::MirrorLeftRight, 36),
        (Symmetry::MirrorTopBottom, 29),
        (Symmetry::Diagonals, 34),
        (Symmetry::None, 81),
    ];
    for (symmetry, givens) in cases {
        let options = Options::new()
            .with_symmetry(symmetry)
            .with_givens(Some(givens));
        for seed in 0..8u64 {
            let what = format!("{symmetry} {givens} givens, seed {seed}");
            let puzzle = Board::generate(seed, &options).unwrap_or_else(|e| panic!("{what}: {e}"));
            assert_eq!(
                check_puzzle(&puzzle, symmetry, false, &what),
                usize::from(givens),
                "{what}"
            );
        }
    }
}

#[test]
fn the_callers_grid_is_the_solution() {
    let grid = Board::generate(99, &Options::new().with_givens(Some(81))).unwrap();
    assert!(grid.is_solved());
    for symmetry in Symmetry::ALL {
        let options = Options::new().with_symmetry(symmetry).with_solution(grid);
        for seed in 0..5u64 {
            let what = format!("caller grid, {symmetry}, seed {seed}");
            let puzzle = Board::generate(seed, &options).unwrap();
            check_puzzle(&puzzle, symmetry, true, &what);
            assert!(puzzle.is_contained_in(&grid), "{what}");
            assert!(
                is_valid_solution(&cells_of(&puzzle.to_string()), grid.cells()),
                "{what}"
            );
        }
    }
    // Different seeds on one grid give different puzzles.
    let options = Options::new().with_solution(grid);
    assert_ne!(
        Board::generate(1, &options).unwrap(),
        Board::generate(2, &options).unwrap()
    );
}

/// A target number of givens on the caller's grid, where an attempt that ends above the
/// target is followed by one on the whole grid again (not on what the last one left): met
/// exactly, with a unique puzzle of that grid, or a typed failure after every attempt.
#[test]
fn a_target_on_the_callers_grid_is_met_exactly_over_several_attempts() {
    let grid = Board::parse(SOLUTION.as_bytes()).unwrap();
    let (mut met, mut failed) = (0, 0);
    for symmetry in Symmetry::ALL {
        for givens in [25, 30, 40, 55] {
            if !symmetry.allows(givens) {
                continue;
            }
            let options = Options::new()
                .with_symmetry(symmetry)
                .with_givens(Some(givens))
                .with_solution(grid);
            for seed in 0..12u64 {
                let what = format!("caller grid, {symmetry}, {givens} givens, seed {seed}");
                match Board::generate(seed, &options) {
                    Ok(puzzle) => {
                        let n = check_puzzle(&puzzle, symmetry, false, &what);
                        assert_eq!(n, usize::from(givens), "{what}: {puzzle}");
                        assert!(puzzle.is_contained_in(&grid), "{what}");
                        met += 1;
                    }
                    Err(GenerateError::GivensNotReached {
                        givens: asked,
                        fewest,
                        attempts,
                    }) => {
                        assert_eq!((asked, attempts), (givens, DEFAULT_ATTEMPTS), "{what}");
                        assert!(fewest > givens, "{what}: fewest {fewest}");
                        failed += 1;
                    }
                    Err(e) => panic!("{what}: {e}"),
                }
            }
        }
    }
    assert!(met > 10 * failed, "{met} met, {failed} not reached");
    // This one is reached at its second attempt.
    let options = Options::new()
        .with_symmetry(Symmetry::Rot180)
        .with_givens(Some(55))
        .with_solution(grid);
    assert!(matches!(
        Board::generate(2, &options.with_attempts(1)),
        Err(GenerateError::GivensNotReached { .. })
    ));
    assert_eq!(
        Board::generate(2, &options).unwrap().to_string(),
        "417..98.5.3215.9.795872.316.2.4371.9...586...3.6912.5.289.435715.3.9168.1.48..293"
    );
}

/// A solution grid for the tests with a caller's grid.
const SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

/// Golden puzzles: the determinism guarantee. Any change here breaks reproducibility for
/// users' seeds, which the major version promises not to do.
const GOLDEN: [(u64, Symmetry, Option<u8>, &str); 4] = [
    (
        0,
        Symmetry::None,
        None,
        "........72.5.1.4867...9..124.7...8..6....3.4...1..5......9........24..718........",
    ),
    (
        7,
        Symmetry::Rot180,
        None,
        "39.56.........4.5..5...97..1....82...7.3.5.4...94....3..16...9..2.8.........41.27",
    ),
    (
        42,
        Symmetry::Rot90,
        None,
        ".49..5....5..2.941.6..9...54...6.....251.873.....7...95...8..6.376.5..9....7..15.",
    ),
    (
        2024,
        Symmetry::Diagonals,
        Some(36),
        "3...26.....6.5.4...4.9.7.8...574.8.343.5.8.978.7.932...8.3.9.2...9.7.3.....28...5",
    ),
];

#[test]
fn golden_puzzles_for_fixed_seeds() {
    for (seed, symmetry, givens, expected) in GOLDEN {
        let options = Options::new().with_symmetry(symmetry).with_givens(givens);
        let puzzle = Board::generate(seed, &options).unwrap();
        assert_eq!(
            puzzle.to_string(),
            expected,
            "seed {seed}, {symmetry}, {givens:?}"
        );
    }
}

#[test]
fn the_built_in_source_is_splitmix64() {
    // The first outputs for seed 0 and 1 of SplitMix64 as its authors define it.
    let mut rng = SplitMix64::new(0);
    assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
    assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    let mut rng = SplitMix64::new(1);
    assert_eq!(rng.next_u64(), 0x910A_2DEC_8902_5CC1);
    assert_eq!(
        SplitMix64::new(5).next_u32(),
        (SplitMix64::new(5).next_u64() >> 32) as u32
    );
    let mut bytes = [0u8; 11];
    SplitMix64::new(0).fill_bytes(&mut bytes);
    assert_eq!(bytes[..8], 0xE220_A839_7B1D_CDAFu64.to_le_bytes());
    assert_eq!(bytes[8..], 0x6E78_9E6A_A1B9_65F4u64.to_le_bytes()[..3]);
}

#[test]
fn slices_give_the_same_puzzle_as_one_go() {
    for (seed, symmetry) in [
        (3u64, Symmetry::None),
        (11, Symmetry::Rot180),
        (5, Symmetry::Rot90),
    ] {
        let options = Options::new().with_symmetry(symmetry);
        let whole = Board::generate(seed, &options).unwrap();
        for budget in [1u32, 2, 7, 100, 5000] {
            let mut generator = Generator::new(SplitMix64::new(seed), options).unwrap();
            let mut calls = 0u64;
            let puzzle = loop {
                calls += 1;
                match generator.run(budget) {
                    GenProgress::Done(puzzle) => break puzzle,
                    GenProgress::Pending => {}
                    GenProgress::Failed(e) => panic!("{e}"),
                }
            };
            assert_eq!(puzzle, whole, "seed {seed}, budget {budget}");
            // Each call but the last used its whole budget.
            assert!(generator.steps() >= (calls - 1) * u64::from(budget));
            assert!(generator.steps() <= calls * u64::from(budget));
            if budget == 1 {
                assert!(calls > 100, "{calls} one-step calls");
            }
            // Done stays done.
            assert_eq!(generator.run(10), GenProgress::Done(whole));
        }
        // A budget of 0 does nothing.
        let mut generator = Generator::new(SplitMix64::new(seed), options).unwrap();
        assert_eq!(generator.run(0), GenProgress::Pending);
        assert_eq!(generator.steps(), 0);
    }
}

/// `advance` takes the same steps as `run` and says what `progress` says, without the
/// board: done, pending, or the error of a target out of reach.
#[test]
fn advance_steps_as_run_does() {
    let targets = [None, Some(40), Some(MIN_GIVENS)];
    for (seed, symmetry, givens) in [
        (4u64, Symmetry::None, targets[0]),
        (9, Symmetry::Diagonals, targets[1]),
        (2, Symmetry::Rot180, targets[2]),
    ] {
        let options = Options::new()
            .with_symmetry(symmetry)
            .with_givens(givens)
            .with_attempts(2);
        let mut by_run = Generator::new(SplitMix64::new(seed), options).unwrap();
        let mut by_advance = Generator::new(SplitMix64::new(seed), options).unwrap();
        assert_eq!(by_advance.advance(0), Ok(false));
        loop {
            let progress = by_run.run(3);
            let advanced = by_advance.advance(3);
            assert_eq!(by_advance.steps(), by_run.steps(), "seed {seed}");
            assert_eq!(by_advance.progress(), progress, "seed {seed}");
            match progress {
                GenProgress::Pending => assert_eq!(advanced, Ok(false)),
                GenProgress::Done(puzzle) => {
                    assert_eq!(advanced, Ok(true));
                    assert_eq!(Board::generate(seed, &options), Ok(puzzle));
                    break;
                }
                GenProgress::Failed(error) => {
                    assert_eq!(advanced, Err(error));
                    assert!(matches!(error, GenerateError::GivensNotReached { .. }));
                    break;
                }
            }
        }
        // The end is kept.
        assert_ne!(by_advance.advance(5), Ok(false));
        assert_eq!(by_advance.progress(), by_run.run(5));
    }
}

#[test]
fn any_rng_works_and_a_borrowed_one_advances() {
    let mut rng = SplitMix64::new(8);
    let puzzle = Generator::new(&mut rng, Options::new())
        .unwrap()
        .finish()
        .unwrap();
    assert_eq!(puzzle, Board::generate(8, &Options::new()).unwrap());
    assert_ne!(rng, SplitMix64::new(8));
    check_puzzle(&puzzle, Symmetry::None, true, "borrowed source");
}

#[test]
fn bad_options_are_typed_errors() {
    let error = |options: Options| Generator::new(SplitMix64::new(0), options).err();
    for givens in [0, 1, 16, 82, 255] {
        assert_eq!(
            error(Options::new().with_givens(Some(givens))),
            Some(GenerateError::GivensOutOfRange { givens })
        );
    }
    for (symmetry, givens) in [
        (Symmetry::Rot90, 18),
        (Symmetry::Rot90, 26),
        (Symmetry::Rot90, 80 - 1),
    ] {
        assert_eq!(
            error(
                Options::new()
                    .with_symmetry(symmetry)
                    .with_givens(Some(givens))
            ),
            Some(GenerateError::GivensBreakSymmetry { givens, symmetry })
        );
    }
    let grid = Board::generate(4, &Options::new().with_givens(Some(81))).unwrap();
    let mut incomplete = *grid.cells();
    incomplete[40] = 0;
    let mut clash = *grid.cells();
    clash.swap(0, 1); // complete, rows still fine, but two columns now repeat a digit
    for bad in [incomplete, clash, [0; 81]] {
        let bad = Board::from_cells(bad).unwrap();
        assert_eq!(
            error(Options::new().with_solution(bad)),
            Some(GenerateError::InvalidSolution)
        );
    }
    // 17 givens is allowed but out of reach in two attempts: an error at the end, not a
    // panic and not a wrong puzzle.
    let options = Options::new()
        .with_givens(Some(MIN_GIVENS))
        .with_attempts(2);
    match Board::generate(0, &options) {
        Err(GenerateError::GivensNotReached {
            givens: 17,
            fewest,
            attempts: 2,
        }) => assert!(fewest > 17),
        other => panic!("{other:?}"),
    }
    for e in [
        GenerateError::GivensOutOfRange { givens: 16 },
        GenerateError::GivensBreakSymmetry {
            givens: 26,
            symmetry: Symmetry::Rot90,
        },
        GenerateError::InvalidSolution,
        GenerateError::GivensNotReached {
            givens: 17,
            fewest: 22,
            attempts: 2,
        },
    ] {
        let message = e.to_string();
        assert!(!message.is_empty());
        let _: &dyn core::error::Error = &e;
    }
    assert_eq!(
        GenerateError::GivensBreakSymmetry {
            givens: 26,
            symmetry: Symmetry::Rot90
        }
        .to_string(),
        "26 givens cannot be laid out with rot90 symmetry"
    );
}

#[test]
fn symmetry_names_round_trip() {
    for symmetry in Symmetry::ALL {
        assert_eq!(Symmetry::from_name(symmetry.name()), Some(symmetry));
        assert_eq!(symmetry.to_string(), symmetry.name());
    }
    assert_eq!(Symmetry::from_name("rot45"), None);
}

/// Building in place (`with_defaults` + `reset`) gives the same puzzles as `new`, and a
/// refused `reset` leaves the generator as it was.
#[test]
fn with_defaults_and_reset_match_new() {
    for seed in 0..20u64 {
        let mut generator = Generator::with_defaults(SplitMix64::new(seed));
        assert_eq!(generator.finish(), Board::generate(seed, &Options::new()));
        for symmetry in Symmetry::ALL {
            let options = Options::new().with_symmetry(symmetry);
            let mut generator = Generator::with_defaults(SplitMix64::new(seed));
            let bad = options.with_givens(Some(16));
            assert_eq!(
                generator.reset(bad),
                Err(GenerateError::GivensOutOfRange { givens: 16 })
            );
            generator.reset(options).unwrap();
            assert_eq!(generator.finish(), Board::generate(seed, &options));
        }
    }
}

/// A puzzle at a level: the first attempt is the seed's own puzzle, rated at that level;
/// no attempt at all is refused by making one (0 counts as 1, as for a target of givens).
#[test]
fn a_level_is_looked_for_from_the_seeds_own_puzzle() {
    let options = Options::new();
    for seed in 0..6u64 {
        let puzzle = Board::generate(seed, &options).unwrap();
        let rating = puzzle.rate().unwrap();
        for attempts in [0, 1, 5] {
            assert_eq!(
                Board::generate_at_level(seed, &options, rating.level(), attempts),
                Ok((puzzle, rating)),
                "seed {seed}, {attempts} attempts"
            );
        }
    }
    let level = Board::generate(0, &options)
        .unwrap()
        .rate()
        .unwrap()
        .level();
    let other = if level == Level::Extreme {
        Level::Easy
    } else {
        Level::Extreme
    };
    assert_eq!(
        Board::generate_at_level(0, &options, other, 0),
        Err(GenerateError::LevelNotReached {
            level: other,
            attempts: 1
        })
    );
}

/// With a target number of givens, a level search reports the level not reached as soon
/// as one attempt reached the givens, and the givens not reached only when none did, with
/// the fewest over every attempt and the generations made in all.
#[test]
fn a_level_search_with_a_givens_target_names_what_it_missed() {
    const STRIDE: u64 = 0x9E37_79B9_7F4A_7C15;
    let options = Options::new().with_givens(Some(22)).with_attempts(1);
    let seed_of = |seed: u64, attempt: u64| seed.wrapping_add(attempt.wrapping_mul(STRIDE));
    let (mut level_missed, mut givens_missed) = (0, 0);
    for seed in 40..60u64 {
        let tries: Vec<_> = (0..3)
            .map(|k| Board::generate(seed_of(seed, k), &options))
            .collect();
        let found = Board::generate_at_level(seed, &options, Level::Extreme, 3);
        let first_extreme = tries
            .iter()
            .flatten()
            .find(|p| p.rate().unwrap().level() == Level::Extreme);
        match (found, first_extreme) {
            (Ok((puzzle, _)), Some(&expected)) => assert_eq!(puzzle, expected, "seed {seed}"),
            (Err(GenerateError::LevelNotReached { level, attempts }), None)
                if tries.iter().any(Result::is_ok) =>
            {
                assert_eq!((level, attempts), (Level::Extreme, 3), "seed {seed}");
                level_missed += 1;
            }
            (
                Err(GenerateError::GivensNotReached {
                    givens,
                    fewest,
                    attempts,
                }),
                None,
            ) if tries.iter().all(Result::is_err) => {
                let least = tries
                    .iter()
                    .map(|t| match t {
                        Err(GenerateError::GivensNotReached { fewest, .. }) => *fewest,
                        other => panic!("seed {seed}: {other:?}"),
                    })
                    .min();
                assert_eq!(
                    (givens, Some(fewest), attempts),
                    (22, least, 3),
                    "seed {seed}"
                );
                givens_missed += 1;
            }
            (found, _) => panic!("seed {seed}: {found:?} from {tries:?}"),
        }
    }
    assert!(
        level_missed > 0 && givens_missed > 0,
        "{level_missed} and {givens_missed}"
    );
    // Found by a review: attempt 1 of seed 44 reaches 22 givens at another level.
    assert_eq!(
        Board::generate_at_level(44, &options, Level::Extreme, 3),
        Err(GenerateError::LevelNotReached {
            level: Level::Extreme,
            attempts: 3
        })
    );
}
