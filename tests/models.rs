//! The public API against independent models: parsing against a model written here, both
//! engines' solving, counting and resumable search against the test kit's reference, and
//! the technique engine's steps against every solution of the grid it was given.

use proptest::prelude::*;
use sudoku81::parse::CellReader;
use sudoku81::{
    Board, Digits, Hint, LogicError, Marks, Options, ParseError, Progress, SolveError, Solver,
    Symmetry, Unit,
};
use sudoku81_testkit::data::puzzles;
use sudoku81_testkit::reference::{is_valid_solution, reference_count};
use sudoku81_testkit::{cells_of, Isomorph};

/// The documented format, read by a model: whitespace skipped, the first problem wins,
/// then the conflict check (rows, then columns, then boxes, first pair in unit order).
fn model_parse(text: &[u8]) -> Result<Board, ParseError> {
    let mut cells = Vec::new();
    for (offset, &b) in text.iter().enumerate() {
        match b {
            b' ' | b'\t' | b'\r' | b'\n' => {}
            b'.' | b'0' | b'1'..=b'9' => {
                if cells.len() == 81 {
                    return Err(ParseError::TooManyCells { offset });
                }
                cells.push(if b == b'.' { 0 } else { b - b'0' });
            }
            byte => return Err(ParseError::InvalidByte { offset, byte }),
        }
    }
    if cells.len() < 81 {
        return Err(ParseError::TooFewCells { cells: cells.len() });
    }
    let cells: [u8; 81] = cells.try_into().unwrap();
    for unit in 0..27 {
        let members: Vec<usize> = (0..81)
            .filter(|&c| match unit {
                0..9 => c / 9 == unit,
                9..18 => c % 9 == unit - 9,
                _ => (c / 27) * 3 + (c % 9) / 3 == unit - 18,
            })
            .collect();
        let mut seen = [None::<usize>; 10];
        for &c in &members {
            let d = cells[c] as usize;
            if d == 0 {
                continue;
            }
            if let Some(first) = seen[d] {
                let unit = match unit {
                    0..9 => Unit::Row(unit as u8),
                    9..18 => Unit::Col(unit as u8 - 9),
                    _ => Unit::Box(unit as u8 - 18),
                };
                return Err(ParseError::Conflict(sudoku81::Conflict {
                    digit: d as u8,
                    unit,
                    cells: [first as u8, c as u8],
                }));
            }
            seen[d] = Some(c);
        }
    }
    Ok(Board::from_cells(cells).unwrap())
}

/// Bytes mostly from the format's alphabet, now and then any byte.
fn text() -> impl Strategy<Value = Vec<u8>> {
    let byte = prop_oneof![
        8 => prop::sample::select(b"..........0123456789".to_vec()),
        2 => prop::sample::select(b" \t\r\n".to_vec()),
        1 => any::<u8>(),
    ];
    prop::collection::vec(byte, 0..120)
}

/// Puzzles of every kind (unique, several solutions, none, conflicting givens), read once.
fn corpus() -> &'static [[u8; 81]] {
    static CORPUS: std::sync::OnceLock<Vec<[u8; 81]>> = std::sync::OnceLock::new();
    CORPUS.get_or_init(|| {
        let mut all = Vec::new();
        for (name, take) in [
            ("top1465.txt", 100),
            ("17clue.txt", 100),
            ("multi_solution.txt", 100),
            ("tdoku_test.txt", 43),
            ("no_solution.txt", 17),
        ] {
            let (_, lines) = puzzles(name);
            all.extend(lines.iter().take(take).map(|l| cells_of(l)));
        }
        all
    })
}

/// Every solution of `board` (at most `cap`), by the library's resumable search with
/// `budget` steps per call, each checked against the givens.
fn enumerate(board: &Board, budget: u32, cap: usize) -> (Vec<Board>, bool) {
    let mut solver = Solver::new(board).unwrap();
    let mut found = Vec::new();
    let mut calls = 0u64;
    loop {
        calls += 1;
        assert!(calls < 10_000_000, "no end in sight");
        match solver.run(budget) {
            Progress::Solved(s) => {
                assert!(
                    is_valid_solution(board.cells(), s.cells()),
                    "{board} -> {s}"
                );
                assert!(!found.contains(&s), "{s} found twice for {board}");
                found.push(s);
                if found.len() == cap {
                    return (found, false);
                }
            }
            Progress::NoSolution => {
                let stats = solver.stats();
                for b in [0, 1, u32::MAX] {
                    assert_eq!(solver.run(b), Progress::NoSolution);
                }
                assert_eq!(solver.stats(), stats);
                assert_eq!(solver.count(5), 0);
                return (found, true);
            }
            Progress::Pending => {}
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn parse_is_the_model(bytes in text()) {
        let got = Board::parse(&bytes);
        prop_assert_eq!(got, model_parse(&bytes));
        if let Err(e) = got {
            let _ = e.to_string();
        }
        if let Ok(s) = core::str::from_utf8(&bytes) {
            prop_assert_eq!(s.parse::<Board>(), got);
        }
        // The incremental reader agrees up to its first error.
        let mut reader = CellReader::new();
        let mut early = None;
        for &b in &bytes {
            if let Err(e) = reader.push(b) {
                early = Some(e);
                break;
            }
        }
        match early {
            Some(e) => prop_assert_eq!(Err(e), got),
            None => {
                prop_assert_eq!(reader.bytes_read(), bytes.len());
                let read = reader.finish();
                match got {
                    Err(ParseError::Conflict(c)) => {
                        prop_assert_eq!(read.unwrap().conflict(), Some(c))
                    }
                    other => prop_assert_eq!(read, other),
                }
            }
        }
    }

    #[test]
    fn lines_of_81_are_the_model(
        line in prop::collection::vec(prop::sample::select(b"........0123456789".to_vec()), 81),
        wild in prop::option::of((0usize..81, any::<u8>())),
    ) {
        let mut line = line;
        if let Some((at, b)) = wild {
            line[at] = b;
        }
        prop_assert_eq!(Board::parse(&line), model_parse(&line));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn solving_counting_and_slices_agree_with_the_reference(
        index in 0usize..460,
        seed in any::<[u8; 32]>(),
        blanks in prop::collection::vec(0usize..81, 0..6),
        extra in prop::option::of((0usize..81, 1u8..=9)),
        budget in prop_oneof![Just(1u32), 1u32..8, Just(1000u32), Just(u32::MAX)],
        limit in 0u32..6,
    ) {
        let corpus = corpus();
        let mut cells = Isomorph::from_seed(&seed).apply(&corpus[index % corpus.len()]);
        for &cell in &blanks {
            cells[cell] = 0;
        }
        if let Some((cell, digit)) = extra {
            cells[cell] = digit;
        }
        let board = Board::from_cells(cells).unwrap();
        let reference = reference_count(&cells, 6);
        prop_assert_eq!(u64::from(board.count_solutions(limit)), reference.min(u64::from(limit)));
        prop_assert_eq!(board.has_unique_solution(), reference == 1);
        match board.solve() {
            Ok(solution) => {
                prop_assert!(reference > 0);
                prop_assert!(is_valid_solution(&cells, solution.cells()));
                prop_assert!(solution.is_solved() && board.is_contained_in(&solution));
            }
            Err(SolveError::Conflict(c)) => {
                prop_assert_eq!(board.conflict(), Some(c));
                prop_assert_eq!(reference, 0);
                prop_assert!(Solver::new(&board).is_err());
                let mut solver = Solver::empty();
                prop_assert_eq!(solver.reset(&board), Err(c));
                prop_assert_eq!(solver.run(0), Progress::NoSolution);
                prop_assert_eq!(solver.run(5), Progress::NoSolution);
            }
            Err(SolveError::NoSolution) => {
                prop_assert!(board.conflict().is_none());
                prop_assert_eq!(reference, 0);
            }
        }
        if board.conflict().is_none() {
            let (found, ended) = enumerate(&board, budget, 6);
            prop_assert_eq!(found.len() as u64, reference);
            prop_assert_eq!(ended, reference < 6);
            if let Some(first) = found.first() {
                prop_assert_eq!(Ok(*first), board.solve());
            }
            // A solver reused on another puzzle answers as a new one.
            let mut solver = Solver::new(&Board::EMPTY).unwrap();
            let _ = solver.run(3);
            solver.reset(&board).unwrap();
            prop_assert_eq!(u64::from(solver.count(6)), reference);
            // Counting from where a search stands: the solutions after the first.
            let mut solver = Solver::new(&board).unwrap();
            if let Ok(first) = solver.solve() {
                prop_assert_eq!(Some(&first), found.first());
                let more = reference_count(&cells, 7) - 1;
                prop_assert_eq!(u64::from(solver.count(6)), more.min(6));
            }
        }
    }
}

/// Every solution of `board` (at most `cap`), as cells.
fn solutions(board: &Board, cap: usize) -> Vec<[u8; 81]> {
    enumerate(board, u32::MAX, cap)
        .0
        .iter()
        .map(|b| *b.cells())
        .collect()
}

/// A step is sound for a set of solutions when its placement is in each of them and no
/// elimination removes a digit of any of them.
fn sound_for_all(step: &sudoku81::Step, all: &[[u8; 81]]) -> Result<(), String> {
    for s in all {
        if let Some(p) = step.placement() {
            if s[p.cell as usize] != p.digit {
                return Err(format!(
                    "{step}: a solution has {} there",
                    s[p.cell as usize]
                ));
            }
        }
        for e in step.eliminations() {
            if s[e.cell as usize] == e.digit {
                return Err(format!(
                    "{step}: removes r{}c{}={} of a solution",
                    e.cell / 9 + 1,
                    e.cell % 9 + 1,
                    e.digit
                ));
            }
        }
    }
    Ok(())
}

/// Walks a path from `marks`: before each step some solution of `all` is left inside the
/// marks; a step that is not a last resort keeps every one of them (a last resort on a
/// grid of several solutions may choose one, but a solution's); each step changes the
/// marks. The marks at the end; `what` names the puzzle in a failure.
fn walk_path(
    mut marks: Marks,
    path: sudoku81::Explain,
    all: &[[u8; 81]],
    what: &dyn std::fmt::Display,
) -> Result<Marks, TestCaseError> {
    for step in path {
        let left: Vec<[u8; 81]> = all
            .iter()
            .filter(|s| {
                (0..81).all(|c| marks.candidates(c).contains(s[c]) || marks.value(c) == s[c])
            })
            .copied()
            .collect();
        prop_assert!(!left.is_empty(), "{what}: no solution left before {step}");
        if step.technique().is_last_resort() {
            if let Some(p) = step.placement() {
                prop_assert!(
                    left.iter().any(|s| s[p.cell as usize] == p.digit),
                    "{what}: {step}"
                );
            }
        } else if let Err(e) = sound_for_all(&step, &left) {
            prop_assert!(false, "{}: {}", what, e);
        }
        prop_assert!(marks.apply(&step), "{what}: {step} changes nothing");
    }
    Ok(marks)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// On grids with several solutions, a hint, and each step of the path that is not a
    /// last resort, never excludes a solution that the marks before it still allow (the
    /// uniqueness techniques must not be used); with one solution, every step is sound
    /// and the path ends solved.
    #[test]
    fn steps_keep_every_solution(
        index in 0usize..460,
        seed in any::<[u8; 32]>(),
        blanks in prop::collection::vec(0usize..81, 0..4),
    ) {
        let corpus = corpus();
        let mut cells = Isomorph::from_seed(&seed).apply(&corpus[index % corpus.len()]);
        for &cell in &blanks {
            cells[cell] = 0;
        }
        let board = Board::from_cells(cells).unwrap();
        let reference = reference_count(&cells, 2);
        if board.conflict().is_some() {
            prop_assert!(matches!(board.hint(), Err(LogicError::Conflict(_))));
            prop_assert!(matches!(board.rate(), Err(LogicError::Conflict(_))));
            return Ok(());
        }
        let all = solutions(&board, 200);
        if all.len() == 200 {
            return Ok(());
        }
        match board.hint() {
            Ok(Hint::Step(step)) => {
                if let Err(e) = sound_for_all(&step, &all) {
                    prop_assert!(false, "{}: {}", board, e);
                }
            }
            Ok(other) => prop_assert!(false, "{board}: {other:?}"),
            Err(LogicError::NoSolution) => prop_assert_eq!(reference, 0),
            Err(LogicError::MultipleSolutions) | Err(LogicError::Stuck) => prop_assert!(reference > 1),
            Err(LogicError::NoCandidates { .. }) | Err(LogicError::DigitMissing { .. }) => prop_assert_eq!(reference, 0),
            Err(e) => prop_assert!(false, "{board}: {e}"),
        }
        match board.rate() {
            Ok(r) => {
                prop_assert_eq!(reference, 1);
                prop_assert_eq!(board.rate(), Ok(r));
            }
            Err(LogicError::MultipleSolutions) => prop_assert!(reference > 1),
            Err(_) => prop_assert_eq!(reference, 0),
        }
        let Ok(explain) = board.explain() else { return Ok(()) };
        // Along the whole path, each step keeps every solution that the marks before it
        // still allow (a last resort on a grid of several solutions may choose one), and
        // some solution is always left.
        let marks = walk_path(Marks::from_board(&board).unwrap(), explain, &all, &board)?;
        if reference == 1 {
            prop_assert!(marks.is_solved(), "{board}: the path ends unsolved");
        }
        if marks.is_solved() {
            prop_assert!(all.contains(marks.board().cells()));
        }
    }

    /// Pencil-mark puzzles: a board's candidates with some dropped at random (the
    /// solution's kept or not): each step of the path that is not a last resort keeps
    /// every solution the marks before it allow; with one solution the path ends on it.
    #[test]
    fn pencil_mark_steps_keep_every_solution(
        index in 0usize..460,
        seed in any::<[u8; 32]>(),
        drops in prop::collection::vec(0u16..512, 81),
        keep_solution in any::<bool>(),
    ) {
        let corpus = corpus();
        let cells = Isomorph::from_seed(&seed).apply(&corpus[index % corpus.len()]);
        let board = Board::from_cells(cells).unwrap();
        let Ok(solution) = board.solve() else { return Ok(()) };
        let mut sets = [Digits::NONE; 81];
        for cell in 0..81 {
            let base = if cells[cell] != 0 {
                Digits::single(cells[cell])
            } else {
                Digits::from_bits(!drops[cell])
            };
            sets[cell] = if keep_solution {
                base.with(solution.cells()[cell])
            } else {
                base
            };
        }
        // The marks' solutions, by brute force over the library's solver on the givens
        // with each set as an extra restriction: enumerate the board's solutions and keep
        // those inside the marks (cheap on sets of few solutions only).
        let all: Vec<[u8; 81]> = solutions(&board, 200)
            .into_iter()
            .filter(|s| (0..81).all(|c| sets[c].contains(s[c])))
            .collect();
        let Ok(marks) = Marks::from_candidates(&sets) else { return Ok(()) };
        if all.is_empty() || solutions(&board, 200).len() == 200 {
            return Ok(());
        }
        // A given is a single candidate, so every solution of the marks is one of the
        // board's: `all` is every solution of the marks.
        match marks.hint() {
            Ok(Hint::Step(step)) => {
                if let Err(e) = sound_for_all(&step, &all) {
                    prop_assert!(false, "{:?}: {}", marks, e);
                }
            }
            Ok(other) => prop_assert!(false, "{marks:?}: {other:?}"),
            Err(_) => {}
        }
        let Ok(explain) = marks.explain() else { return Ok(()) };
        let start = marks;
        let marks = walk_path(marks, explain, &all, &format_args!("{start:?}"))?;
        if all.len() == 1 {
            prop_assert!(marks.is_solved(), "{start:?}: the path ends unsolved");
            prop_assert_eq!(*marks.board().cells(), all[0]);
        }
    }
}

/// The same seed gives the same puzzle, unique (by the reference) and symmetric, for
/// extreme seeds and every symmetry.
#[test]
fn generation_is_deterministic_and_unique() {
    for seed in [0u64, 1, u64::MAX, 0x8000_0000_0000_0000] {
        for symmetry in Symmetry::ALL {
            let options = Options::new().with_symmetry(symmetry);
            let a = Board::generate(seed, &options).unwrap();
            assert_eq!(Board::generate(seed, &options), Ok(a));
            assert_eq!(reference_count(a.cells(), 2), 1, "{seed} {symmetry}: {a}");
            assert!(symmetry.holds_for(&a));
        }
    }
}

fn rate_in_slices(mut rater: sudoku81::Rater, budget: u32) -> Result<sudoku81::Rating, LogicError> {
    use sudoku81::RateProgress;
    for _ in 0..10_000_000 {
        match rater.run(budget) {
            RateProgress::Pending => {}
            RateProgress::Rated(r) => {
                assert_eq!(rater.run(0), RateProgress::Rated(r));
                assert_eq!(rater.run(7), RateProgress::Rated(r));
                return Ok(r);
            }
            RateProgress::Failed(e) => {
                assert_eq!(rater.run(u32::MAX), RateProgress::Failed(e));
                return Err(e);
            }
        }
    }
    panic!("the rater never ends");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// A rater in slices, new or reused, gives what `rate` gives, on any board; a hint
    /// from a player's grid that is the givens is the board's hint.
    #[test]
    fn raters_and_hints_agree_with_the_one_call_forms(
        index in 0usize..460,
        seed in any::<[u8; 32]>(),
        blanks in prop::collection::vec(0usize..81, 0..4),
        extra in prop::option::of((0usize..81, 1u8..=9)),
        budget in prop_oneof![Just(1u32), 1u32..20, Just(u32::MAX)],
        drops in prop::collection::vec(0u16..512, 81),
    ) {
        let corpus = corpus();
        let mut cells = Isomorph::from_seed(&seed).apply(&corpus[index % corpus.len()]);
        for &cell in &blanks {
            cells[cell] = 0;
        }
        if let Some((cell, digit)) = extra {
            cells[cell] = digit;
        }
        let board = Board::from_cells(cells).unwrap();
        let rating = board.rate();
        prop_assert_eq!(rate_in_slices(sudoku81::Rater::new(&board), budget), rating);
        let mut reused = sudoku81::Rater::new(&Board::EMPTY);
        let _ = reused.run(3);
        reused.reset(&board);
        prop_assert_eq!(rate_in_slices(reused, budget), rating);
        let hint = board.hint();
        let from = board.hint_from(&board, None);
        match (&hint, &from) {
            (Err(LogicError::MultipleSolutions), Err(LogicError::MultipleSolutions)) => {}
            _ => prop_assert_eq!(&from, &hint),
        }
        if let Ok(marks) = Marks::from_board(&board) {
            prop_assert_eq!(marks.rate(), rating);
            let sets: [Digits; 81] = core::array::from_fn(|c| {
                if cells[c] != 0 { Digits::single(cells[c]) } else { marks.candidates(c) & Digits::from_bits(!drops[c]) }
            });
            if let Ok(pencil) = Marks::from_candidates(&sets) {
                let r = pencil.rate();
                prop_assert_eq!(rate_in_slices(sudoku81::Rater::from_marks(&pencil), budget), r);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Each technique on its own (`Marks::find`), on marks where simpler ones may apply
    /// too: a step it gives changes the marks, places a candidate, removes only candidates,
    /// and keeps every solution of the marks (all techniques when the marks have exactly
    /// one solution, those that do not assume uniqueness otherwise).
    #[test]
    fn each_technique_alone_is_sound(
        index in 0usize..460,
        seed in any::<[u8; 32]>(),
        blanks in prop::collection::vec(0usize..81, 0..3),
        drops in prop::collection::vec(0u16..512, 81),
        drop_share in 0u16..100,
        keep_solution in any::<bool>(),
    ) {
        let corpus = corpus();
        let mut cells = Isomorph::from_seed(&seed).apply(&corpus[index % corpus.len()]);
        for &cell in &blanks {
            cells[cell] = 0;
        }
        let board = Board::from_cells(cells).unwrap();
        let Ok(base) = Marks::from_board(&board) else { return Ok(()) };
        let board_solutions = solutions(&board, 200);
        if board_solutions.len() == 200 {
            return Ok(());
        }
        let first = board_solutions.first().copied();
        let sets: [Digits; 81] = core::array::from_fn(|c| {
            let mut set = base.candidates(c);
            if (drops[c] % 100) < drop_share {
                set = set & Digits::from_bits(!drops[c]);
            }
            if let (true, Some(s)) = (keep_solution, first) {
                if base.value(c) == 0 { set = set.with(s[c]); }
            }
            set
        });
        let Ok(marks) = Marks::with_candidates(&board, &sets) else { return Ok(()) };
        let all: Vec<[u8; 81]> = board_solutions
            .into_iter()
            .filter(|s| (0..81).all(|c| marks.value(c) == s[c] || marks.candidates(c).contains(s[c])))
            .collect();
        for technique in sudoku81::Technique::ALL {
            for unique in [false, true] {
                let Some(step) = marks.find(technique, unique) else { continue };
                prop_assert_eq!(step.technique(), technique);
                if let Some(p) = step.placement() {
                    prop_assert!(marks.candidates(p.cell as usize).contains(p.digit), "{board} {technique:?}: {step}");
                }
                for e in step.eliminations() {
                    prop_assert!(marks.candidates(e.cell as usize).contains(e.digit), "{board} {technique:?}: {step}");
                }
                let mut after = marks;
                prop_assert!(after.apply(&step), "{board} {technique:?}: {step} changes nothing");
                let assumes = technique.needs_uniqueness();
                if (!assumes || (unique && all.len() == 1)) && !technique.is_last_resort() {
                    if let Err(e) = sound_for_all(&step, &all) {
                        prop_assert!(false, "{:?} {:?} unique={}: {}", marks, technique, unique, e);
                    }
                }
            }
        }
        if let Some(step) = marks.next_step(all.len() == 1) {
            prop_assert!(!step.technique().is_last_resort() || all.len() <= 1);
        }
    }
}

/// Counts the solutions of pencil marks up to `limit` by plain backtracking on the cell
/// with the fewest fitting candidates; `None` past `nodes` nodes.
fn reference_marks_count(sets: &[u16; 81], limit: u32, nodes: &mut u32) -> Option<u32> {
    fn peers(a: usize, b: usize) -> bool {
        a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3))
    }
    fn peers_of(cell: usize) -> &'static [usize] {
        static PEERS: std::sync::OnceLock<Vec<Vec<usize>>> = std::sync::OnceLock::new();
        &PEERS.get_or_init(|| {
            (0..81)
                .map(|a| (0..81).filter(|&b| peers(a, b)).collect())
                .collect()
        })[cell]
    }
    fn go(
        values: &mut [u8; 81],
        sets: &[u16; 81],
        limit: u32,
        found: &mut u32,
        nodes: &mut u32,
    ) -> bool {
        if *nodes == 0 {
            return false;
        }
        *nodes -= 1;
        let mut best: Option<(usize, u16)> = None;
        for cell in 0..81 {
            if values[cell] != 0 {
                continue;
            }
            let mut options = sets[cell];
            for &other in peers_of(cell) {
                if values[other] != 0 {
                    options &= !(1 << (values[other] - 1));
                }
            }
            if best.is_none_or(|(_, b)| options.count_ones() < b.count_ones()) {
                best = Some((cell, options));
            }
        }
        let Some((cell, options)) = best else {
            *found += 1;
            return true;
        };
        for d in 1..=9u8 {
            if options & (1 << (d - 1)) != 0 {
                values[cell] = d;
                if !go(values, sets, limit, found, nodes) {
                    return false;
                }
                values[cell] = 0;
                if *found >= limit {
                    return true;
                }
            }
        }
        true
    }
    let mut values = [0u8; 81];
    let mut found = 0;
    go(&mut values, sets, limit, &mut found, nodes).then_some(found.min(limit))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Sukaku puzzles (no givens: every cell a set of candidates) are counted as the
    /// reference counts them: rated only when unique, and every step is sound.
    #[test]
    fn sukaku_puzzles_are_counted_right(
        index in 0usize..460,
        seed in any::<[u8; 32]>(),
        noise in prop::collection::vec(any::<u16>(), 81),
        density in 0u16..60,
        lose in prop::option::of(0usize..81),
    ) {
        let corpus = corpus();
        let cells = Isomorph::from_seed(&seed).apply(&corpus[index % corpus.len()]);
        let Ok(solution) = Board::from_cells(cells).unwrap().solve() else { return Ok(()) };
        let mut sets = [0u16; 81];
        for cell in 0..81 {
            let mut set = 1u16 << (solution.cells()[cell] - 1);
            for d in 0..9 {
                if (noise[cell].rotate_left(d * 7) ^ (d as u16 * 0x2F5)) % 100 < density {
                    set |= 1 << d;
                }
            }
            sets[cell] = set;
        }
        if let Some(cell) = lose {
            sets[cell] &= !(1u16 << (solution.cells()[cell] - 1));
        }
        let mut nodes = 50_000;
        let Some(count) = reference_marks_count(&sets, 2, &mut nodes) else { return Ok(()) };
        let digits: [Digits; 81] = core::array::from_fn(|c| Digits::from_bits(sets[c]));
        let marks = match Marks::from_candidates(&digits) {
            Ok(marks) => marks,
            Err(LogicError::NoCandidates { .. }) | Err(LogicError::DigitMissing { .. }) => {
                prop_assert_eq!(count, 0);
                return Ok(());
            }
            Err(e) => { prop_assert!(false, "{e}"); unreachable!() }
        };
        let rating = marks.rate();
        match (count, rating) {
            (1, Ok(_)) | (0, Err(LogicError::NoSolution)) | (2, Err(LogicError::MultipleSolutions)) => {}
            (_, Err(LogicError::SearchLimit)) if cfg!(not(feature = "fast")) => {}
            (0, Err(LogicError::NoCandidates { .. } | LogicError::DigitMissing { .. })) => {}
            (count, rating) => prop_assert!(false, "{} solutions, rated {:?}: {:?}", count, rating, marks),
        }
        if count == 1 {
            // The one solution (not the board's when `lose` removed one of its digits):
            // any valid grid inside the marks, as the reference found only one.
            let path = marks.explain().unwrap();
            let unique = *path.solution().unwrap();
            prop_assert!(Board::from_cells(unique).unwrap().is_solved());
            prop_assert!((0..81).all(|c| sets[c] & (1 << (unique[c] - 1)) != 0));
            let mut current = marks;
            for step in path {
                if let Err(e) = sound_for_all(&step, &[unique]) {
                    prop_assert!(false, "{:?}: {}", marks, e);
                }
                prop_assert!(current.apply(&step));
            }
            prop_assert_eq!(*current.board().cells(), unique);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// A player's grid on hard puzzles: few right entries, pencil marks that keep the
    /// solution and drop a few wrong candidates; the hint is sound, and a wrong entry
    /// or a missing mark is named in cell order.
    #[test]
    fn player_hints_on_hard_puzzles_are_sound(
        index in 0usize..460,
        seed in any::<[u8; 32]>(),
        entries in prop::collection::vec(0u8..100, 81),
        entry_share in 0u8..30,
        drops in prop::collection::vec(any::<u16>(), 81),
        wrong in prop::option::of((0usize..81, 1u8..=9)),
        missing in prop::option::of(0usize..81),
        with_marks in any::<bool>(),
    ) {
        let corpus = corpus();
        let cells = Isomorph::from_seed(&seed).apply(&corpus[index % corpus.len()]);
        let givens = Board::from_cells(cells).unwrap();
        if reference_count(&cells, 2) != 1 {
            return Ok(());
        }
        let solution = *givens.solve().unwrap().cells();
        let mut player = cells;
        for cell in 0..81 {
            if player[cell] == 0 && entries[cell] < entry_share {
                player[cell] = solution[cell];
            }
        }
        let mut first_wrong = None;
        if let Some((cell, digit)) = wrong {
            if cells[cell] == 0 && digit != solution[cell] {
                player[cell] = digit;
                first_wrong = Some(cell);
            }
        }
        let player_board = Board::from_cells(player).unwrap();
        let mut marks = [Digits::NONE; 81];
        for cell in 0..81 {
            let lost = drops[cell] & (drops[cell] >> 3) & (drops[cell] >> 7);
            marks[cell] = player_board.candidates(cell) & Digits::from_bits(!lost);
            marks[cell] = marks[cell].with(solution[cell]);
        }
        let mut first_missing = None;
        if let Some(cell) = missing {
            if player[cell] == 0 {
                marks[cell] = marks[cell].without(solution[cell]);
                first_missing = Some(cell);
            }
        }
        let hint = givens.hint_from(&player_board, with_marks.then_some(&marks));
        match hint {
            Ok(Hint::WrongEntry { cell, digit, solution: right }) => {
                prop_assert_eq!(Some(usize::from(cell)), first_wrong);
                prop_assert_eq!(digit, player[usize::from(cell)]);
                prop_assert_eq!(right, solution[usize::from(cell)]);
            }
            Ok(Hint::MissingCandidate { cell, digit }) => {
                prop_assert!(first_wrong.is_none() && with_marks);
                prop_assert_eq!(Some(usize::from(cell)), first_missing);
                prop_assert_eq!(digit, solution[usize::from(cell)]);
            }
            Ok(Hint::Step(step)) => {
                prop_assert!(first_wrong.is_none());
                prop_assert!(!with_marks || first_missing.is_none());
                if let Err(e) = sound_for_all(&step, &[solution]) {
                    prop_assert!(false, "{} / {}: {}", givens, player_board, e);
                }
                if let Some(p) = step.placement() {
                    prop_assert_eq!(player[p.cell as usize], 0);
                }
                for e in step.eliminations() {
                    prop_assert_eq!(player[e.cell as usize], 0);
                    if with_marks {
                        prop_assert!(marks[e.cell as usize].contains(e.digit), "{step} removes a mark the player has not");
                    }
                }
            }
            Ok(Hint::Solved) => prop_assert!(player_board.is_solved()),
            Err(e) => prop_assert!(false, "{} / {}: {}", givens, player_board, e),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Marks changed by arbitrary steps (rebuilt from parts, right or wrong): applying
    /// them and then hinting, explaining, rating or searching never panics, and what the
    /// engine concludes keeps every solution the marks still allow.
    #[test]
    fn marks_after_arbitrary_steps(
        index in 0usize..460,
        seed in any::<[u8; 32]>(),
        moves in prop::collection::vec((any::<bool>(), 0u8..81, 1u8..=9), 0..12),
    ) {
        use sudoku81::{Candidate, Step, Technique};
        let corpus = corpus();
        let cells = Isomorph::from_seed(&seed).apply(&corpus[index % corpus.len()]);
        let board = Board::from_cells(cells).unwrap();
        let Ok(mut marks) = Marks::from_board(&board) else { return Ok(()) };
        let all = solutions(&board, 200);
        if all.len() == 200 {
            return Ok(());
        }
        for &(place, cell, digit) in &moves {
            let c = Candidate { cell, digit };
            let step = if place {
                Step::from_parts(Technique::NakedSingle, 23, Some(c), &[], &[], &[], Digits::single(digit))
            } else {
                Step::from_parts(Technique::XWing, 32, None, &[c], &[], &[], Digits::single(digit))
            }
            .unwrap();
            let _ = step.to_string();
            let _ = marks.apply(&step);
        }
        let left: Vec<[u8; 81]> = all
            .iter()
            .filter(|s| (0..81).all(|c| marks.value(c) == s[c] || marks.candidates(c).contains(s[c])))
            .copied()
            .collect();
        let checked = marks.check();
        if checked.is_ok() {
            for technique in Technique::ALL {
                if let Some(step) = marks.find(technique, false) {
                    if !technique.needs_uniqueness() && !technique.is_last_resort() {
                        if let Err(e) = sound_for_all(&step, &left) {
                            prop_assert!(false, "{:?}: {}", marks, e);
                        }
                    }
                }
            }
        }
        match marks.hint() {
            Ok(Hint::Step(step)) => {
                prop_assert!(checked.is_ok());
                if let Err(e) = sound_for_all(&step, &left) {
                    prop_assert!(false, "{:?}: {}", marks, e);
                }
            }
            Ok(Hint::Solved) => prop_assert!(marks.is_solved()),
            Ok(other) => prop_assert!(false, "{other:?}"),
            Err(LogicError::NoSolution) => prop_assert!(left.is_empty()),
            Err(LogicError::MultipleSolutions | LogicError::Stuck) => prop_assert!(left.len() > 1),
            Err(LogicError::SearchLimit) => prop_assert!(cfg!(not(feature = "fast"))),
            Err(_) => prop_assert!(checked.is_err() || left.is_empty()),
        }
        match marks.rate() {
            Ok(_) => prop_assert_eq!(left.len(), 1),
            Err(LogicError::MultipleSolutions) => prop_assert!(left.len() > 1),
            Err(LogicError::SearchLimit) => prop_assert!(cfg!(not(feature = "fast"))),
            Err(_) => prop_assert!(left.is_empty()),
        }
    }
}
