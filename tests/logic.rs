//! The technique engine: every step of every path is sound (a placement puts the
//! solution's digit, an elimination never removes it), checked against the test kit's
//! reference solver; every technique is found on a known position; bad input never panics.

use proptest::prelude::*;
use sudoku81::{
    Board, Candidate, Digits, Explain, Hint, Level, LogicError, Marks, RateProgress, Rater, Rating,
    Step, Technique,
};
use sudoku81_testkit::data::puzzles;
use sudoku81_testkit::reference::is_valid_solution;
use sudoku81_testkit::{cells_of, Isomorph, Rng};

/// The unique solution: the library's, checked by the test kit's validity oracle (the
/// library's solver is tested against the reference solvers in tests/properties.rs).
/// An easy puzzle (singles only).
const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn reference_solution(cells: &[u8; 81]) -> [u8; 81] {
    let board = Board::from_cells(*cells).unwrap();
    assert_eq!(board.count_solutions(2), 1, "not unique");
    let solution = *board.solve().unwrap().cells();
    assert!(is_valid_solution(cells, &solution));
    solution
}

fn check_step(step: &Step, solution: &[u8; 81], at: &str) {
    if let Some(p) = step.placement() {
        assert_eq!(
            solution[usize::from(p.cell)],
            p.digit,
            "{at}: wrong placement {step}"
        );
    }
    for e in step.eliminations() {
        assert_ne!(
            solution[usize::from(e.cell)],
            e.digit,
            "{at}: eliminates the solution: {step}"
        );
    }
}

/// Whether two cells see each other (share a row, a column or a box).
fn sees(a: usize, b: usize) -> bool {
    a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27, a % 9 / 3) == (b / 27, b % 9 / 3))
}

/// A strong link in `marks`: if `a` is false, `b` is true (the two candidates of a
/// bivalue cell, or a digit's only two places in a unit).
fn strong(marks: &Marks, a: Candidate, b: Candidate) -> bool {
    let (ca, cb) = (usize::from(a.cell), usize::from(b.cell));
    if ca == cb {
        let set = marks.candidates(ca);
        return a.digit != b.digit
            && set.len() == 2
            && set.contains(a.digit)
            && set.contains(b.digit);
    }
    let places = |unit: &dyn Fn(usize) -> bool| {
        (0..81)
            .filter(|&c| unit(c) && marks.candidates(c).contains(a.digit))
            .count()
    };
    a.digit == b.digit
        && marks.candidates(ca).contains(a.digit)
        && marks.candidates(cb).contains(a.digit)
        && [
            (
                ca / 9 == cb / 9,
                &(|c: usize| c / 9 == ca / 9) as &dyn Fn(usize) -> bool,
            ),
            (ca % 9 == cb % 9, &|c: usize| c % 9 == ca % 9),
            (
                (ca / 27, ca % 9 / 3) == (cb / 27, cb % 9 / 3),
                &|c: usize| (c / 27, c % 9 / 3) == (ca / 27, ca % 9 / 3),
            ),
        ]
        .iter()
        .any(|(shared, unit)| *shared && places(*unit) == 2)
}

/// A weak link in `marks`: `a` and `b` are not both true (two candidates of a cell, or
/// one digit in two cells that see each other).
fn weak(marks: &Marks, a: Candidate, b: Candidate) -> bool {
    let (ca, cb) = (usize::from(a.cell), usize::from(b.cell));
    marks.candidates(ca).contains(a.digit)
        && marks.candidates(cb).contains(b.digit)
        && ((ca == cb && a.digit != b.digit) || (a.digit == b.digit && sees(ca, cb)))
}

/// A chain step (X-chain, turbot fish, XY-chain, AIC) shows a chain of `marks`: its
/// nodes alternately joined by strong and weak links, from a start assumed false to an
/// end then true; one digit for the X-chains, bivalue cells for the XY-chains; and every
/// candidate it eliminates is weakly linked to both ends.
fn check_chain(marks: &Marks, step: &Step, at: &str) {
    let t = step.technique();
    if ![
        Technique::XChain,
        Technique::TurbotFish,
        Technique::XyChain,
        Technique::Aic,
    ]
    .contains(&t)
    {
        return;
    }
    let nodes = step.pattern();
    assert!(
        nodes.len() >= 2 && nodes.len().is_multiple_of(2),
        "{at}: {step}"
    );
    for (i, pair) in nodes.windows(2).enumerate() {
        let (a, b) = (pair[0], pair[1]);
        if i % 2 == 0 {
            assert!(strong(marks, a, b), "{at}: link {i} not strong: {step}");
            if t == Technique::XyChain {
                assert_eq!(a.cell, b.cell, "{at}: {step}");
            }
        } else {
            assert!(weak(marks, a, b), "{at}: link {i} not weak: {step}");
            if t == Technique::XyChain {
                assert_eq!(a.digit, b.digit, "{at}: {step}");
            }
        }
        if matches!(t, Technique::XChain | Technique::TurbotFish) {
            assert_eq!(a.digit, b.digit, "{at}: {step}");
        }
    }
    // Its digits, as documented, are those it eliminates.
    let eliminated = step
        .eliminations()
        .iter()
        .fold(0u16, |set, e| set | 1 << (e.digit - 1));
    assert_eq!(step.digits().bits(), eliminated, "{at}: {step}");
    let (start, end) = (nodes[0], nodes[nodes.len() - 1]);
    for &e in step.eliminations() {
        assert!(
            !nodes.contains(&e) && weak(marks, e, start) && weak(marks, e, end),
            "{at}: {e:?} is not weakly linked to both ends: {step}"
        );
    }
}

/// Walks the whole path of `cells`, checking each step; returns the techniques used.
fn check_path(cells: &[u8; 81], at: &str) -> [u16; Technique::COUNT] {
    let board = Board::from_cells(*cells).unwrap();
    let solution = reference_solution(cells);
    let mut counts = [0u16; Technique::COUNT];
    let mut path = board.explain().unwrap();
    loop {
        let before = *path.marks();
        let Some(step) = path.next() else {
            break;
        };
        check_step(&step, &solution, at);
        check_chain(&before, &step, at);
        counts[step.technique().index()] += 1;
    }
    assert!(path.is_solved(), "{at}: path ended unsolved");
    assert_eq!(path.marks().board().cells(), &solution, "{at}");
    counts
}

fn check_file(name: &str, limit: usize) {
    let (path, lines) = puzzles(name);
    let mut totals = [0u32; Technique::COUNT];
    for (i, line) in lines.iter().take(limit).enumerate() {
        let at = format!("{path}:{}", i + 1);
        let counts = check_path(&cells_of(line), &at);
        if i % 10 == 0 {
            let rating = Board::parse(line.as_bytes()).unwrap().rate().unwrap();
            for t in Technique::ALL {
                assert_eq!(rating.count(t), counts[t.index()], "{at}: {t}");
            }
        }
        for (t, n) in totals.iter_mut().zip(counts) {
            *t += u32::from(n);
        }
    }
    eprintln!("{name}: {} puzzles", lines.len().min(limit));
    for t in Technique::ALL {
        if totals[t.index()] > 0 {
            eprintln!("  {:>6} {}", totals[t.index()], t.name());
        }
    }
}

#[test]
fn sound_on_top95() {
    check_file("top95.txt", 95);
}

#[test]
fn sound_on_samples() {
    for name in [
        "top1465.txt",
        "17clue.txt",
        "hardest1106.txt",
        "kaggle_sample.txt",
        "norvig_hardest.txt",
        "plb_hard20.txt",
    ] {
        check_file(name, 60);
    }
}

#[test]
fn sound_under_isomorphs() {
    let (_, lines) = puzzles("top1465.txt");
    let mut rng = Rng::new(14);
    for line in lines.iter().take(40) {
        let cells = Isomorph::random(&mut rng).apply(&cells_of(line));
        check_path(&cells, line);
    }
}

/// The marks `marks` seen through `iso`: each cell's candidates moved and relabelled as
/// `iso` moves and relabels a grid's digits.
fn transformed_marks(marks: &Marks, iso: &Isomorph) -> Marks {
    let mut moved = [Digits::NONE; 81];
    for cell in 0..81 {
        let mut one = [0u8; 81];
        one[cell] = 1;
        let to = iso.apply(&one).iter().position(|&d| d != 0).unwrap();
        moved[to] = marks
            .candidates(cell)
            .iter()
            .fold(Digits::NONE, |set, d| set.with(iso.digits[usize::from(d)]));
    }
    let board = Board::from_cells(iso.apply(marks.board().cells())).unwrap();
    Marks::with_candidates(&board, &moved).unwrap()
}

/// Checks that every state along the paths of the first `take` puzzles of `name` has the
/// same simplest technique under a random symmetry; returns the states and the ALS steps
/// among them.
fn check_orientation(name: &str, take: usize, rng: &mut Rng) -> (usize, usize) {
    let (mut states, mut als) = (0, 0);
    let (_, lines) = puzzles(name);
    for line in lines.iter().take(take) {
        let board = Board::parse(line.as_bytes()).unwrap();
        let mut path = board.explain().unwrap();
        let iso = Isomorph::random(rng);
        loop {
            let marks = *path.marks();
            if marks.is_solved() {
                break;
            }
            let here = marks.next_step(true).map(|step| step.technique());
            let there = transformed_marks(&marks, &iso)
                .next_step(true)
                .map(|step| step.technique());
            assert_eq!(here, there, "{line}: a state of its path under {iso:?}");
            states += 1;
            als += usize::from(matches!(
                here,
                Some(Technique::AlsXz | Technique::AlsXyWing)
            ));
            if path.next().is_none() {
                break;
            }
        }
    }
    (states, als)
}

/// Every state along the paths of hard puzzles has the same simplest technique in any
/// orientation: each search of the ladder is complete (none stops at a count of sets or
/// partners that an orientation reaches and another does not).
#[test]
fn the_simplest_technique_does_not_depend_on_the_orientation() {
    let mut rng = Rng::new(12);
    let (mut states, mut als) = (0, 0);
    for name in ["top1465.txt", "hardest1106.txt"] {
        let (s, a) = check_orientation(name, 12, &mut rng);
        states += s;
        als += a;
    }
    assert!(states > 500 && als > 5, "{states} states, {als} ALS steps");
}

/// The same on 300 puzzles of each hard set: run with `--release -- --ignored`.
#[test]
#[ignore]
fn the_simplest_technique_does_not_depend_on_the_orientation_on_full_sets() {
    let mut rng = Rng::new(13);
    for name in [
        "top1465.txt",
        "hardest1106.txt",
        "hardest1905_msolve1000.txt",
    ] {
        check_orientation(name, 300, &mut rng);
    }
}

#[test]
fn sound_on_generated_puzzles() {
    for seed in 0..40 {
        let board = Board::generate(seed, &sudoku81::Options::default()).unwrap();
        check_path(board.cells(), &format!("generated seed {seed}"));
    }
}

/// The full shared sets, when present, top1465 under random isomorphs and 300 more
/// generated puzzles: run with `--release -- --ignored`.
#[test]
#[ignore]
fn sound_on_full_sets() {
    for name in [
        "top1465.txt",
        "hardest1106.txt",
        "hardest1905_msolve1000.txt",
        "kaggle_sample.txt",
    ] {
        check_file(name, usize::MAX);
    }
    // Every puzzle of top1465 again, each under its own random symmetry.
    let set = sudoku81_testkit::data::load("top1465")
        .unwrap()
        .transformed(14);
    for (i, cells) in set.cells.iter().enumerate() {
        check_path(cells, &format!("top1465 isomorph {}", i + 1));
    }
    for seed in 100..400 {
        let board = Board::generate(seed, &sudoku81::Options::default()).unwrap();
        check_path(board.cells(), &format!("generated seed {seed}"));
    }
}

/// Rates `board` in slices of `budget` steps: the result, and how many calls returned
/// `Pending` before it. Every call with no budget takes no step and says the same.
fn rate_in_slices(board: &Board, budget: u32) -> (Result<Rating, LogicError>, u32) {
    run_in_slices(Rater::new(board), budget)
}

/// As [`rate_in_slices`], for any rater.
fn run_in_slices(mut rater: Rater, budget: u32) -> (Result<Rating, LogicError>, u32) {
    let mut pending = 0;
    loop {
        let idle = rater.run(0);
        let progress = rater.run(budget);
        match progress {
            RateProgress::Pending => {
                assert_eq!(idle, RateProgress::Pending);
                pending += 1;
            }
            RateProgress::Rated(rating) => {
                assert_eq!(rater.run(0), progress, "the rating stays");
                assert_eq!(rater.run(5), progress, "at no cost");
                return (Ok(rating), pending);
            }
            RateProgress::Failed(e) => {
                assert_eq!(rater.run(5), progress, "the failure stays");
                return (Err(e), pending);
            }
        }
    }
}

/// A rating taken in slices is the rating, whatever the budget of each slice, on every
/// kind of input (unique, several solutions, none, conflicting givens); and a slice of one
/// step takes at most one step of the path, so that there are more slices than steps other
/// than singles (the count of solutions takes slices too).
#[test]
fn a_rating_in_slices_is_the_rating() {
    for (name, limit) in [
        ("top1465.txt", 40),
        ("17clue.txt", 30),
        ("hardest1106.txt", 15),
        ("kaggle_sample.txt", 30),
        ("multi_solution.txt", 30),
        ("no_solution.txt", 30),
        ("tdoku_test.txt", 43),
    ] {
        let (path, lines) = puzzles(name);
        for (i, line) in lines.iter().take(limit).enumerate() {
            let at = format!("{path}:{}", i + 1);
            let board = Board::from_cells(cells_of(line)).unwrap();
            let whole = board.rate();
            for budget in [1, 7, u32::MAX] {
                let (sliced, pending) = rate_in_slices(&board, budget);
                assert_eq!(sliced, whole, "{at}, budget {budget}");
                if let (Ok(rating), 1) = (whole, budget) {
                    let others: u16 = Technique::ALL[4..].iter().map(|&t| rating.count(t)).sum();
                    assert!(pending > u32::from(others), "{at}: {pending} slices");
                }
            }
        }
    }
    let mut clash = [0u8; 81];
    clash[0] = 5;
    clash[80] = 5;
    clash[8] = 5;
    let board = Board::from_cells(clash).unwrap();
    let (sliced, pending) = rate_in_slices(&board, 1);
    assert_eq!((sliced, pending), (board.rate(), 0));
    assert!(matches!(sliced, Err(LogicError::Conflict(_))));
}

/// A pencil-mark grid's rating in slices is [`Marks::rate`]'s, whatever the budget: on
/// the marks of puzzles of every kind, with wrong candidates taken out (now and then the
/// solution's digit too, which leaves another solution or none; and so is a path made from
/// the sets in place, then rated), on a player's marks reset in place over an earlier rating, and on dense random marks (mostly several
/// solutions).
#[test]
fn a_pencil_mark_rating_in_slices_is_the_rating() {
    let mut rng = Rng::new(41);
    let mut kinds = [0u32; 3];
    let mut check = |marks: &Marks, at: &str| {
        let whole = marks.rate();
        kinds[match whole {
            Ok(_) => 0,
            Err(LogicError::MultipleSolutions) => 1,
            Err(_) => 2,
        }] += 1;
        for budget in [1, 7, u32::MAX] {
            let (sliced, _) = run_in_slices(Rater::from_marks(marks), budget);
            assert_eq!(sliced, whole, "{at}, budget {budget}");
        }
        // Reset in place over a finished rating of another grid.
        let mut rater = Rater::new(&Board::parse(EASY.as_bytes()).unwrap());
        assert!(matches!(rater.run(u32::MAX), RateProgress::Rated(_)));
        rater.reset_marks(marks);
        assert_eq!(run_in_slices(rater.clone(), 5).0, whole, "{at}, reset");
        // And back to a board: its own error, not a pencil-mark grid's.
        let mut cells = [0u8; 81];
        cells[1..9].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
        cells[9] = 9;
        let dead = Board::from_cells(cells).unwrap();
        rater.reset(&dead);
        let named = Err(LogicError::NoCandidates { cell: 0 });
        assert_eq!((run_in_slices(rater, 3).0, dead.rate()), (named, named));
    };
    for (name, limit) in [
        ("top1465.txt", 12),
        ("17clue.txt", 12),
        ("hardest1106.txt", 6),
        ("multi_solution.txt", 12),
        ("no_solution.txt", 12),
        ("tdoku_test.txt", 12),
    ] {
        let (path, lines) = puzzles(name);
        for (i, line) in lines.iter().take(limit).enumerate() {
            let board = Board::from_cells(cells_of(line)).unwrap();
            for round in 0..3u32 {
                let at = format!("{path}:{}, round {round}", i + 1);
                let mut sets = [Digits::NONE; 81];
                for (cell, set) in sets.iter_mut().enumerate() {
                    *set = match board.cells()[cell] {
                        0 => {
                            let lost = rng.lost_candidates(round);
                            board.candidates(cell) & Digits::from_bits(!lost)
                        }
                        given => Digits::single(given),
                    };
                }
                // A path made in place from the sets, then rated, is the same rating.
                let mut path = Explain::empty();
                let mut in_place = Err(LogicError::Stuck);
                match path.reset_candidates(&sets) {
                    Ok(()) => path.rate_into(&mut in_place),
                    Err(e) => in_place = Err(e),
                }
                let whole = Marks::from_candidates(&sets).and_then(|marks| marks.rate());
                assert_eq!(in_place, whole, "{at}, in place");
                match Marks::from_candidates(&sets) {
                    Ok(marks) => check(&marks, &at),
                    Err(e) => assert!(board.rate().is_err() || round > 0, "{at}: {e}"),
                }
            }
        }
    }
    for i in 0..40 {
        let mut sets = [Digits::ALL; 81];
        for set in &mut sets {
            let lost = rng.next_u64() & rng.next_u64();
            *set = Digits::from_bits(!(lost as u16) & 0x1FF);
        }
        if let Ok(marks) = Marks::from_candidates(&sets) {
            check(&marks, &format!("random marks {i}"));
        }
    }
    assert!(kinds.iter().all(|&n| n >= 5), "{kinds:?}");
}

/// Puzzles with several solutions: no rating; the path uses neither a uniqueness technique
/// nor brute force, every placement leaves a grid that still has a solution, and the path
/// ends unsolved (no sound step can choose between two solutions).
#[test]
fn several_solutions_are_explained_without_uniqueness() {
    let (path, lines) = puzzles("multi_solution.txt");
    for (i, line) in lines.iter().take(100).enumerate() {
        let board = Board::parse(line.as_bytes()).unwrap();
        assert!(matches!(board.rate(), Err(LogicError::MultipleSolutions)));
        let mut explain = board.explain().unwrap();
        assert!(!explain.is_unique());
        let mut last = explain.marks().board();
        for step in explain.by_ref() {
            assert!(!step.technique().needs_uniqueness(), "{path}:{}", i + 1);
            assert_ne!(step.technique(), Technique::BruteForce);
            // Every completion of the grid so far still has a solution after a placement.
            if let Some(p) = step.placement() {
                let mut cells = *last.cells();
                cells[usize::from(p.cell)] = p.digit;
                let next = Board::from_cells(cells).unwrap();
                assert!(next.count_solutions(1) == 1, "{path}:{}: {step}", i + 1);
                last = next;
            }
        }
        assert!(!explain.is_solved());
        assert!(matches!(
            board.hint(),
            Ok(Hint::Step(_)) | Err(LogicError::MultipleSolutions)
        ));
    }
}

/// A path built in place, over any earlier path, is `Board::explain`'s: the same steps,
/// the same errors.
#[test]
fn a_path_reset_in_place_is_board_explain() {
    let mut inputs: Vec<String> = Vec::new();
    for (file, limit) in [
        ("top95.txt", 8),
        ("multi_solution.txt", 8),
        ("no_solution.txt", 8),
    ] {
        inputs.extend(puzzles(file).1.into_iter().take(limit));
    }
    let mut conflict = EASY.as_bytes().to_vec();
    conflict[2] = b'5';
    inputs.push(String::from_utf8(conflict).unwrap());
    let mut path = sudoku81::Explain::empty();
    assert!(path.next().is_none());
    for line in &inputs {
        let board = Board::from_cells(cells_of(line)).unwrap();
        let fresh = board.explain();
        match (path.reset(&board), fresh) {
            (Ok(()), Ok(fresh)) => {
                assert_eq!(path.is_unique(), fresh.is_unique(), "{line}");
                let steps: Vec<Step> = fresh.collect();
                let again: Vec<Step> = path.by_ref().collect();
                assert_eq!(again, steps, "{line}");
            }
            (Err(e), Err(f)) => assert_eq!(e, f, "{line}"),
            (reset, fresh) => panic!("{line}: {reset:?} against {:?}", fresh.map(|_| ())),
        }
    }
}

#[test]
fn rating_is_deterministic_and_explained() {
    let board = Board::parse(
        b"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    )
    .unwrap();
    let a = board.rate().unwrap();
    let b = board.rate().unwrap();
    assert_eq!(a, b);
    // Written into a slot that held another rating, or an error: the same rating.
    let easy = Board::parse(EASY.as_bytes()).unwrap();
    for mut out in [easy.rate(), Err(LogicError::Stuck)] {
        board.rate_into(&mut out);
        assert_eq!(out, Ok(a));
    }
    assert_eq!(a.level(), Level::Extreme.max(a.level()));
    eprintln!("{a:?}");
}

#[test]
fn bad_input_is_an_error() {
    let mut cells = cells_of(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    );
    let good = Board::from_cells(cells).unwrap();
    cells[2] = 5;
    let clash = Board::from_cells(cells).unwrap();
    assert!(matches!(clash.rate(), Err(LogicError::Conflict(_))));
    assert!(matches!(clash.hint(), Err(LogicError::Conflict(_))));
    assert!(matches!(
        Board::EMPTY.rate(),
        Err(LogicError::MultipleSolutions)
    ));
    assert!(matches!(
        Board::EMPTY.hint(),
        Ok(Hint::Step(_)) | Err(LogicError::MultipleSolutions)
    ));
    // A player's wrong entry is named.
    let mut player = *good.cells();
    player[2] = 1; // r1c3 is 4 in the solution
    let hint = good
        .hint_from(&Board::from_cells(player).unwrap(), None)
        .unwrap();
    assert_eq!(
        hint,
        Hint::WrongEntry {
            cell: 2,
            digit: 1,
            solution: 4
        }
    );
    // Pencil marks that leave out the solution are named.
    let mut marks = [Digits::ALL; 81];
    marks[2] = Digits::ALL.without(4);
    assert_eq!(
        good.hint_from(&good, Some(&marks)).unwrap(),
        Hint::MissingCandidate { cell: 2, digit: 4 }
    );
    // Impossible pencil marks.
    let mut sukaku = [Digits::ALL; 81];
    sukaku[0] = Digits::NONE;
    assert_eq!(
        Marks::from_candidates(&sukaku),
        Err(LogicError::NoCandidates { cell: 0 })
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A player's grid: correct entries and pencil marks that keep the solution give a
    /// sound step; a wrong entry is named (the first in cell order) instead.
    #[test]
    fn player_grids_get_sound_hints(
        pick in 0usize..95,
        entries in proptest::collection::vec(any::<bool>(), 81),
        extra in proptest::collection::vec(0u16..512, 81),
        wrong in proptest::option::of((0usize..81, 1u8..=9)),
    ) {
        let (_, lines) = puzzles("top95.txt");
        let givens = Board::parse(lines[pick % lines.len()].as_bytes()).unwrap();
        let solution = *givens.solve().unwrap().cells();
        let mut player = *givens.cells();
        for cell in 0..81 {
            if player[cell] == 0 && entries[cell] {
                player[cell] = solution[cell];
            }
        }
        let mut first_wrong = None;
        if let Some((cell, digit)) = wrong {
            if givens.cells()[cell] == 0 && digit != solution[cell] {
                player[cell] = digit;
                first_wrong = Some((cell, digit));
            }
        }
        let mut marks = [Digits::NONE; 81];
        for cell in 0..81 {
            marks[cell] = Digits::from_bits(extra[cell]).with(solution[cell]);
        }
        let player = Board::from_cells(player).unwrap();
        let hint = givens.hint_from(&player, Some(&marks));
        // Written into the caller's slot, whatever it held, the hint is the same.
        let other = Board::parse(lines[(pick + 1) % lines.len()].as_bytes()).unwrap();
        for stale in [Err(LogicError::Stuck), Ok(Hint::Solved), other.hint()] {
            let mut out = stale;
            givens.hint_from_into(&player, Some(&marks), &mut out);
            prop_assert_eq!(&out, &hint);
        }
        match hint {
            Ok(Hint::WrongEntry { cell, digit, solution: right }) => {
                prop_assert_eq!(Some((usize::from(cell), digit)), first_wrong);
                prop_assert_eq!(right, solution[usize::from(cell)]);
            }
            Ok(Hint::Step(step)) => {
                prop_assert!(first_wrong.is_none());
                check_step(&step, &solution, "player grid");
            }
            Ok(Hint::Solved) => prop_assert!(player.is_solved()),
            other => prop_assert!(false, "unexpected {:?}", other),
        }
    }

    /// Givens with several solutions and random entries: a grid where an entry repeats a
    /// digit in a unit names the first such entry in cell order (found here by scanning
    /// each entry's row, column and box), never a given; any other grid gets no such name,
    /// and no hint at all if its entries leave no solution.
    #[test]
    fn with_several_solutions_the_first_repeated_entry_is_named(
        pick in 0usize..1000,
        entries in proptest::collection::vec((0usize..81, 1u8..=9), 1..6),
    ) {
        let (_, lines) = puzzles("multi_solution.txt");
        let givens = Board::parse(lines[pick % lines.len()].as_bytes()).unwrap();
        let mut player = *givens.cells();
        for &(cell, digit) in &entries {
            if givens.cells()[cell] == 0 {
                player[cell] = digit;
            }
        }
        let peers = |a: usize, b: usize| {
            a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3))
        };
        let expected = (0..81).find(|&cell| {
            givens.cells()[cell] == 0
                && player[cell] != 0
                && (0..81).any(|other| peers(cell, other) && player[other] == player[cell])
        });
        let hint = givens.hint_from(&Board::from_cells(player).unwrap(), None);
        match (hint, expected) {
            (Ok(Hint::WrongEntry { cell, digit, solution: 0 }), Some(expected)) => {
                prop_assert_eq!(usize::from(cell), expected);
                prop_assert_eq!(digit, player[expected]);
            }
            (Ok(Hint::WrongEntry { .. }), None) => prop_assert!(false, "named a fitting entry"),
            (other, Some(_)) => prop_assert!(false, "no entry named: {:?}", other),
            // Entries that fit, together leaving no solution: no hint built on them.
            (hint, None) => {
                let left = Board::from_cells(player).unwrap().count_solutions(1);
                prop_assert_eq!(left == 0, hint == Err(LogicError::NoSolution), "{:?}", hint);
            }
        }
    }

    /// Pencil-mark puzzles (Sukaku): a puzzle's givens as single candidates and its empty
    /// cells' candidates, some of the wrong ones removed at random, stay unique; every
    /// step of their path is sound and the path ends solved.
    #[test]
    fn pencil_mark_puzzles_are_solved_soundly(
        pick in 0usize..95,
        drops in proptest::collection::vec(0u16..512, 81),
    ) {
        let (_, lines) = puzzles("top95.txt");
        let board = Board::parse(lines[pick % lines.len()].as_bytes()).unwrap();
        let solution = *board.solve().unwrap().cells();
        let mut sets = [Digits::NONE; 81];
        for cell in 0..81 {
            sets[cell] = match board.cells()[cell] {
                0 => {
                    // About one wrong candidate in eight goes, so that some stay hard.
                    let lost = drops[cell] & (drops[cell] >> 1) & (drops[cell] >> 2);
                    let keep = Digits::from_bits(!lost).with(solution[cell]);
                    board.candidates(cell) & keep
                }
                given => Digits::single(given),
            };
        }
        let marks = Marks::from_candidates(&sets).unwrap();
        let mut path = marks.explain().unwrap();
        prop_assert!(path.is_unique());
        for step in path.by_ref() {
            check_step(&step, &solution, "pencil-mark puzzle");
        }
        prop_assert!(path.is_solved());
        prop_assert!(marks.rate().is_ok());
    }

    /// Random grids (mostly invalid or ambiguous) never panic, and a rating is only given
    /// to a unique puzzle.
    #[test]
    fn random_grids_never_panic(cells in proptest::collection::vec(0u8..=9, 81)) {
        let mut grid = [0u8; 81];
        for (g, c) in grid.iter_mut().zip(&cells) {
            // Mostly blanks, so that some grids are consistent.
            *g = if *c > 6 { *c } else { 0 };
        }
        let board = Board::from_cells(grid).unwrap();
        let hint = board.hint();
        let mut out = Ok(Hint::MissingCandidate { cell: 0, digit: 1 });
        board.hint_into(&mut out);
        prop_assert_eq!(out, hint);
        // Written into the caller's slot, whatever it held, the rating is the same.
        let stale = Board::parse(EASY.as_bytes()).unwrap().rate();
        for mut out in [stale, Err(LogicError::Stuck)] {
            board.rate_into(&mut out);
            prop_assert_eq!(out, board.rate());
        }
        prop_assert_eq!(rate_in_slices(&board, 3).0, board.rate());
        if let Ok(rating) = board.rate() {
            prop_assert_eq!(board.count_solutions(2), 1);
            prop_assert!(rating.steps() > 0);
        }
    }

    /// Random pencil marks never panic.
    #[test]
    fn random_marks_never_panic(sets in proptest::collection::vec(0u16..512, 81)) {
        let mut marks = [Digits::NONE; 81];
        for (m, s) in marks.iter_mut().zip(&sets) {
            *m = Digits::from_bits(*s | 0x1F0);
        }
        if let Ok(grid) = Marks::from_candidates(&marks) {
            let _ = grid.hint();
        }
    }
}

/// An empty cell where no digit fits is named, by every entry point and in both builds
/// (the rating's late count included), rather than reported as a puzzle without a
/// solution; and a unit of any index displays without overflow.
#[test]
fn an_empty_cell_where_nothing_fits_is_named() {
    let mut cells = [0u8; 81];
    cells[1..9].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
    cells[9] = 9;
    let board = Board::from_cells(cells).unwrap();
    let named = LogicError::NoCandidates { cell: 0 };
    assert_eq!(board.explain().err(), Some(named));
    assert_eq!(board.hint().err(), Some(named));
    assert_eq!(board.rate().err(), Some(named));
    assert_eq!(board.hint_from(&board, None).err(), Some(named));
    assert_eq!(Marks::from_board(&board).err(), Some(named));
    for unit in [
        sudoku81::Unit::Row(255),
        sudoku81::Unit::Col(255),
        sudoku81::Unit::Box(255),
    ] {
        assert!(unit.to_string().ends_with(" 256"), "{unit}");
    }
}
