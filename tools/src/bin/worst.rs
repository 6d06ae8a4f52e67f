//! Searches for the inputs that cost the default engine the most guesses, by kind: no
//! solution, several solutions, or a unique one.
//!
//! ```sh
//! cargo run --release -p sudoku81-tools --bin worst -- --kind none --seconds 600 --seed 7
//! KIND=multi SECONDS=60 cargo run --release -p sudoku81-tools --bin worst
//! ```
//!
//! Options (each also an environment variable, upper case): `--kind none|multi|unique|all`
//! (default `all`: the kinds take turns), `--seconds S` (default 60), `--seed N` (default
//! 1), `--cap G` (guesses at most per evaluation, default 2 000 000; a capped input is
//! reported as such), `--top K` (inputs printed per kind, default 10), `--cost first|count`
//! (default `first`; see below), and `--data DIR` (the shared sets; default
//! `$SUDOKU_DATA`, else `../shared/data`, else `tests/data`).
//!
//! Each climb starts from random sparse givens (12-22, consistent with each other) or from
//! a hard published puzzle with a few givens changed, then hill-climbs: it edits a given or
//! two (remove, add, change the digit, move) and keeps the edit when the input stays of the
//! wanted kind and costs at least as many guesses. The cost is the guesses of the first
//! answer (`solve`: a solution or the proof that there is none), or with `--cost count`
//! of counting to 2 (`count_solutions(2)`, which the generator, the ratings and
//! `sudoku_count_solutions` run: for a unique puzzle, the proof that no second solution
//! exists); the kind comes from counting to 2. Improvements are logged to stderr as they are found; the worst inputs
//! of each kind are printed at the end, one per line: kind, guesses, steps, milliseconds,
//! givens, puzzle.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use sudoku81::{Board, Progress, Solver};
use sudoku81_testkit::{data, Rng};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    None,
    Multi,
    Unique,
}

impl Kind {
    const ALL: [Kind; 3] = [Kind::None, Kind::Multi, Kind::Unique];

    fn name(self) -> &'static str {
        match self {
            Kind::None => "none",
            Kind::Multi => "multi",
            Kind::Unique => "unique",
        }
    }
}

/// One evaluated input.
#[derive(Clone)]
struct Found {
    cells: [u8; 81],
    /// `None` when the cap was reached before the kind was known.
    kind: Option<Kind>,
    guesses: u32,
    steps: u32,
    time: Duration,
}

/// Solves `cells` to its first answer within the cap, then (for a solution) looks for a
/// second one within the cap. `None` for conflicting givens.
fn evaluate(cells: &[u8; 81], cap_steps: u32, want: Option<Kind>, count: bool) -> Option<Found> {
    let board = Board::from_cells(*cells).ok()?;
    let start = Instant::now();
    let mut solver = Solver::new(&board).ok()?;
    let first = solver.run(cap_steps);
    let (mut stats, mut time) = (solver.stats(), start.elapsed());
    let kind = match first {
        Progress::Pending => None,
        Progress::NoSolution => Some(Kind::None),
        // The kind "none" is all a search for unsolvable inputs needs to know.
        Progress::Solved(_) if want == Some(Kind::None) => Some(Kind::Unique),
        Progress::Solved(_) => {
            let second = solver.run(cap_steps);
            if count {
                (stats, time) = (solver.stats(), start.elapsed());
            }
            match second {
                Progress::Pending => None,
                Progress::NoSolution => Some(Kind::Unique),
                Progress::Solved(_) => Some(Kind::Multi),
            }
        }
    };
    Some(Found {
        cells: *cells,
        kind,
        guesses: stats.guesses,
        steps: stats.steps,
        time,
    })
}

fn consistent(cells: &[u8; 81], cell: usize, digit: u8) -> bool {
    let (row, col) = (cell / 9, cell % 9);
    let corner = 27 * (row / 3) + 3 * (col / 3);
    (0..9).all(|i| {
        let peers = [9 * row + i, 9 * i + col, corner + 9 * (i / 3) + i % 3];
        peers.iter().all(|&p| p == cell || cells[p] != digit)
    })
}

/// `count` random givens, each consistent with those before it.
fn random_sparse(rng: &mut Rng, count: usize) -> [u8; 81] {
    let mut cells = [0u8; 81];
    let mut placed = 0;
    while placed < count {
        let (cell, digit) = (rng.below(81), 1 + rng.below(9) as u8);
        if cells[cell] == 0 && consistent(&cells, cell, digit) {
            cells[cell] = digit;
            placed += 1;
        }
    }
    cells
}

/// One random edit of the givens that keeps them consistent: remove one, add one, change
/// one's digit, or move one to an empty cell. Keeps between 10 and 35 givens.
fn edit(rng: &mut Rng, cells: &mut [u8; 81]) {
    let givens: Vec<usize> = (0..81).filter(|&c| cells[c] != 0).collect();
    let blanks: Vec<usize> = (0..81).filter(|&c| cells[c] == 0).collect();
    for _ in 0..100 {
        let op = rng.below(4);
        if givens.len() <= 10 && op == 0 || givens.len() >= 35 && op == 1 {
            continue;
        }
        let given = givens.get(rng.below(givens.len().max(1))).copied();
        let blank = blanks[rng.below(blanks.len())];
        let digit = 1 + rng.below(9) as u8;
        match (op, given) {
            (0, Some(g)) => cells[g] = 0,
            (1, _) if consistent(cells, blank, digit) => cells[blank] = digit,
            (2, Some(g)) if digit != cells[g] && consistent(cells, g, digit) => cells[g] = digit,
            (3, Some(g)) => {
                let old = cells[g];
                cells[g] = 0;
                if consistent(cells, blank, old) {
                    cells[blank] = old;
                } else {
                    cells[g] = old;
                    continue;
                }
            }
            _ => continue,
        }
        return;
    }
}

/// The hard published puzzles to start from (the hardest sets, and a slice of 17clue).
fn load_seeds(dir: Option<PathBuf>) -> Vec<[u8; 81]> {
    let mut seeds = Vec::new();
    let Some(dir) = dir else {
        return seeds;
    };
    for (name, take) in [
        ("hardest1106.txt", usize::MAX),
        ("hardest1905_msolve1000.txt", usize::MAX),
        ("top1465.txt", usize::MAX),
        ("17clue.txt", 5000),
        ("no_solution.txt", usize::MAX),
        ("tdoku_test.txt", usize::MAX),
    ] {
        let Ok(text) = std::fs::read_to_string(dir.join(name)) else {
            continue;
        };
        for line in text.lines().take(take) {
            if let Ok(board) = Board::parse(line.as_bytes()) {
                if board.conflict().is_none() {
                    seeds.push(*board.cells());
                }
            }
        }
    }
    seeds
}

/// `--data DIR` or `$SUDOKU_DATA` if given, else the full shared sets, else the samples.
fn data_dir(arg: Option<String>) -> Option<PathBuf> {
    match arg {
        Some(dir) => Some(PathBuf::from(dir)),
        None => data::full_data_dir().or_else(|| Some(data::sample_dir())),
    }
}

/// `--name value`, else the environment variable `NAME`.
fn option(args: &[String], name: &str) -> Option<String> {
    let flag = format!("--{name}");
    args.iter()
        .position(|a| *a == flag)
        .and_then(|i| args.get(i + 1).cloned())
        .or_else(|| std::env::var(name.to_uppercase()).ok())
}

fn number(args: &[String], name: &str, default: u64) -> u64 {
    option(args, name).map_or(default, |v| {
        v.parse().unwrap_or_else(|_| {
            eprintln!("worst: --{name} takes a number, not {v:?}");
            std::process::exit(2)
        })
    })
}

fn line(cells: &[u8; 81]) -> String {
    cells
        .iter()
        .map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) })
        .collect()
}

fn report(prefix: &str, f: &Found) {
    let kind = f.kind.map_or("capped", Kind::name);
    let givens = f.cells.iter().filter(|&&v| v != 0).count();
    println!(
        "{prefix}{kind} {} guesses {} steps {:.2} ms {givens} givens {}",
        f.guesses,
        f.steps,
        f.time.as_secs_f64() * 1e3,
        line(&f.cells)
    );
}

/// Keeps the `top` costliest distinct inputs.
fn record(best: &mut Vec<Found>, found: &Found, top: usize) {
    if best.iter().any(|b| b.cells == found.cells) {
        return;
    }
    best.push(found.clone());
    best.sort_by_key(|b| core::cmp::Reverse(b.guesses));
    best.truncate(top);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let kinds: Vec<Kind> = match option(&args, "kind").as_deref().unwrap_or("all") {
        "all" => Kind::ALL.to_vec(),
        "none" => vec![Kind::None],
        "multi" => vec![Kind::Multi],
        "unique" => vec![Kind::Unique],
        other => {
            eprintln!("worst: --kind is none, multi, unique or all, not {other:?}");
            std::process::exit(2)
        }
    };
    let seconds = number(&args, "seconds", 60);
    let mut rng = Rng::new(number(&args, "seed", 1));
    let cap = number(&args, "cap", 2_000_000).min(u64::from(u32::MAX / 2)) as u32;
    // A step is a propagation or a backtrack, about 1.5 per guess in deep searches.
    let cap_steps = cap.saturating_mul(2);
    let top = number(&args, "top", 10) as usize;
    let count = match option(&args, "cost").as_deref().unwrap_or("first") {
        "first" => false,
        "count" => true,
        other => {
            eprintln!("worst: --cost is first or count, not {other:?}");
            std::process::exit(2)
        }
    };
    let seeds = load_seeds(data_dir(option(&args, "data")));
    eprintln!("worst: {} seed puzzles, {seconds} s", seeds.len());

    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut best: Vec<Vec<Found>> = vec![Vec::new(); 3];
    let mut capped: Vec<Found> = Vec::new();
    let (mut climbs, mut evaluations) = (0u64, 0u64);
    while Instant::now() < deadline {
        let want = kinds[climbs as usize % kinds.len()];
        climbs += 1;
        // A start of the wanted kind: random sparse givens (few for several solutions,
        // more for none), or a hard puzzle with 1-3 edits (unique: none or a removal).
        let mut current = None;
        for _ in 0..200 {
            let cells = if want != Kind::Unique && (seeds.is_empty() || rng.below(2) == 0) {
                let count = match want {
                    Kind::Multi => 12 + rng.below(6),
                    _ => 14 + rng.below(9),
                };
                random_sparse(&mut rng, count)
            } else if seeds.is_empty() {
                break;
            } else {
                let mut cells = seeds[rng.below(seeds.len())];
                let edits = if want == Kind::Unique {
                    rng.below(2)
                } else {
                    1 + rng.below(3)
                };
                for _ in 0..edits {
                    edit(&mut rng, &mut cells);
                }
                cells
            };
            evaluations += 1;
            if let Some(found) = evaluate(&cells, cap_steps, Some(want), count) {
                if found.kind.is_none() {
                    report("capped: ", &found);
                    record(&mut capped, &found, top);
                } else if found.kind == Some(want) {
                    current = Some(found);
                    break;
                }
            }
        }
        let Some(mut current) = current else {
            continue;
        };
        let slot = want as usize;
        // Climb until 300 edits in a row bring nothing better, or time runs out.
        let mut stale = 0;
        while stale < 300 && Instant::now() < deadline {
            let mut cells = current.cells;
            for _ in 0..1 + rng.below(2) {
                edit(&mut rng, &mut cells);
            }
            evaluations += 1;
            stale += 1;
            let Some(found) = evaluate(&cells, cap_steps, Some(want), count) else {
                continue;
            };
            if found.kind.is_none() {
                report("capped: ", &found);
                record(&mut capped, &found, top);
                continue;
            }
            if found.kind != Some(want) || found.guesses < current.guesses {
                continue;
            }
            if found.guesses > current.guesses {
                stale = 0;
            }
            let worst_so_far = best[slot].first().map_or(0, |b| b.guesses);
            if found.guesses > worst_so_far {
                eprintln!(
                    "worst: {} {} guesses after {evaluations} evaluations: {}",
                    want.name(),
                    found.guesses,
                    line(&found.cells)
                );
            }
            current = found;
            record(&mut best[slot], &current, top);
        }
        record(&mut best[slot], &current, top);
    }
    println!("# {climbs} climbs, {evaluations} evaluations, cap {cap} guesses");
    for kind in &kinds {
        for found in &best[*kind as usize] {
            report("", found);
        }
    }
    for found in &capped {
        report("", found);
    }
}
