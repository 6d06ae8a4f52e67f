//! Searches for the inputs that cost the default engine the most guesses, by kind: no
//! solution, several solutions, or a unique one.
//!
//! ```sh
//! cargo run --release -p sudoku81-tools --bin worst -- --kind none --seconds 600 --seed 7
//! KIND=multi SECONDS=60 cargo run --release -p sudoku81-tools --bin worst
//! cargo run --release -p sudoku81-tools --bin worst -- --method breed --kind none \
//!     --seconds 1800 --from earlier.txt > bred.txt
//! ```
//!
//! Options (each also an environment variable, upper case): `--kind none|multi|unique|all`
//! (default `all`: the kinds take turns), `--seconds S` (default 60), `--seed N` (default
//! 1), `--cap G` (guesses at most per evaluation, default 2 000 000; a capped input is
//! reported as such), `--top K` (inputs printed per kind, default 10), `--cost first|count`
//! (default `first`; see below), `--method climb|breed` (default `climb`), `--from FILE`
//! (inputs to breed from: puzzles, or this tool's output), `--population N` (default 60),
//! `--turn P` (percent of mutations that also move the input to a random symmetric copy:
//! digits relabelled, rows, columns, bands and stacks permuted, maybe transposed; default
//! 10), and `--data DIR` (the shared sets; default `$SUDOKU_DATA`, else `../shared/data`,
//! else `tests/data`).
//!
//! A copy is the same puzzle to every rule but not to a search, which meets it in another
//! order: the costliest inputs known were copies of inputs found in one orientation
//! (`docs/robustness.md`), so both methods turn their inputs now and then.
//!
//! `climb`: each climb starts from random sparse givens (12-22, consistent with each other)
//! or from a hard published puzzle with a few givens changed, then hill-climbs: it edits a
//! given or two (remove, add, change the digit, move) and keeps the edit when the input
//! stays of the wanted kind and costs at least as many guesses.
//!
//! `breed`: a genetic search, which found costlier inputs than climbing did
//! (`docs/robustness.md`). A population of costly inputs of the wanted kind (those of
//! `--from` that are of that kind, then the ends of climbs) breeds children that take
//! whole rows, columns or boxes from two parents, plus an edit or two; a child that costs
//! more than the population's cheapest replaces it. With several kinds, each breeds for its
//! share of the time. A long search is best run as a chain: each run bred `--from` the last
//! one's output.
//!
//! The cost is the guesses of the first answer (`solve`: a solution or the proof that there
//! is none), or with `--cost count` of counting to 2 (`count_solutions(2)`, which the
//! generator, the ratings and `sudoku_count_solutions` run: for a unique puzzle, the proof
//! that no second solution exists); the kind comes from counting to 2. Improvements are
//! logged to stderr as they are found; the worst inputs of each kind are printed at the
//! end, one per line: kind, guesses, steps, milliseconds, givens, puzzle.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use sudoku81::{Board, Progress, Solver};
use sudoku81_testkit::{data, Isomorph, Rng};

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

/// The index in `choices` of `--name`'s value (the first choice when it is not given).
fn choice(args: &[String], name: &str, choices: &[&str]) -> usize {
    let value = option(args, name);
    let value = value.as_deref().unwrap_or(choices[0]);
    choices.iter().position(|c| *c == value).unwrap_or_else(|| {
        eprintln!(
            "worst: --{name} is one of {}, not {value:?}",
            choices.join(", ")
        );
        std::process::exit(2)
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

/// What every search method shares: the budget, the cost, and the record of the worst.
struct Hunt {
    rng: Rng,
    /// Percent of mutations that first turn the input (see [`Hunt::mutate`]).
    turn: u64,
    cap_steps: u32,
    count: bool,
    top: usize,
    deadline: Instant,
    evaluations: u64,
    best: Vec<Vec<Found>>,
    capped: Vec<Found>,
}

impl Hunt {
    /// Evaluates `cells` for the kind `want`, records a capped input, and returns the
    /// result when it is of that kind.
    fn try_input(&mut self, cells: &[u8; 81], want: Kind) -> Option<Found> {
        self.evaluations += 1;
        let found = evaluate(cells, self.cap_steps, Some(want), self.count)?;
        if found.kind.is_none() {
            report("capped: ", &found);
            record(&mut self.capped, &found, self.top);
            return None;
        }
        (found.kind == Some(want)).then_some(found)
    }

    /// Records `found` among the worst of its kind, logging it when it beats them all.
    fn keep(&mut self, found: &Found, want: Kind) {
        let slot = want as usize;
        let worst_so_far = self.best[slot].first().map_or(0, |b| b.guesses);
        if found.guesses > worst_so_far {
            eprintln!(
                "worst: {} {} guesses after {} evaluations: {}",
                want.name(),
                found.guesses,
                self.evaluations,
                line(&found.cells)
            );
        }
        record(&mut self.best[slot], found, self.top);
    }

    /// Mutates `cells` by `edits` edits, after a move to a random symmetric copy in
    /// `turn` percent of the calls.
    fn mutate(&mut self, cells: &mut [u8; 81], edits: usize) {
        if (self.rng.below(100) as u64) < self.turn {
            *cells = Isomorph::random(&mut self.rng).apply(cells);
        }
        for _ in 0..edits {
            edit(&mut self.rng, cells);
        }
    }

    fn running(&self) -> bool {
        Instant::now() < self.deadline
    }

    /// A start of the wanted kind: random sparse givens (few for several solutions, more
    /// for none), or a hard puzzle with 1-3 edits (unique: none or a removal).
    fn start(&mut self, want: Kind, seeds: &[[u8; 81]]) -> Option<Found> {
        for _ in 0..200 {
            let cells = if want != Kind::Unique && (seeds.is_empty() || self.rng.below(2) == 0) {
                let count = match want {
                    Kind::Multi => 12 + self.rng.below(6),
                    _ => 14 + self.rng.below(9),
                };
                random_sparse(&mut self.rng, count)
            } else if seeds.is_empty() {
                return None;
            } else {
                let mut cells = seeds[self.rng.below(seeds.len())];
                let edits = if want == Kind::Unique {
                    self.rng.below(2)
                } else {
                    1 + self.rng.below(3)
                };
                for _ in 0..edits {
                    edit(&mut self.rng, &mut cells);
                }
                cells
            };
            if let Some(found) = self.try_input(&cells, want) {
                return Some(found);
            }
        }
        None
    }

    /// One climb from a fresh start, until 300 edits in a row bring nothing better; its
    /// last input.
    fn climb(&mut self, want: Kind, seeds: &[[u8; 81]]) -> Option<Found> {
        let mut current = self.start(want, seeds)?;
        let mut stale = 0;
        while stale < 300 && self.running() {
            let mut cells = current.cells;
            let edits = 1 + self.rng.below(2);
            self.mutate(&mut cells, edits);
            stale += 1;
            let Some(found) = self.try_input(&cells, want) else {
                continue;
            };
            if found.guesses < current.guesses {
                continue;
            }
            if found.guesses > current.guesses {
                stale = 0;
            }
            self.keep(&found, want);
            current = found;
        }
        self.keep(&current, want);
        Some(current)
    }
}

/// A child of two inputs: each of the nine rows, columns or boxes (one kind, drawn at
/// random) comes whole from one parent or the other, and a given that repeats a digit
/// of an earlier one in its row, column or box is dropped.
fn cross(rng: &mut Rng, a: &[u8; 81], b: &[u8; 81]) -> [u8; 81] {
    let shape = rng.below(3);
    let from_a: Vec<bool> = (0..9).map(|_| rng.below(2) == 0).collect();
    let mut child = [0u8; 81];
    let mut order: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut order);
    for cell in order {
        let (row, col) = (cell / 9, cell % 9);
        let unit = match shape {
            0 => row,
            1 => col,
            _ => row / 3 * 3 + col / 3,
        };
        let digit = if from_a[unit] { a[cell] } else { b[cell] };
        if digit != 0 && consistent(&child, cell, digit) {
            child[cell] = digit;
        }
    }
    child
}

/// A steady-state genetic search for one kind: a population of the costliest inputs
/// found, from which two parents (each the better of two drawn at random) breed a child
/// by [`cross`], mutated by 0-2 edits (and maybe turned); a child of the wanted kind that
/// costs more than the population's cheapest takes its place. The population starts from
/// `from` (inputs of earlier searches, of any kind: those of the wanted one are kept) and
/// is filled up by short climbs. It breeds until the deadline or, with several kinds, for
/// its share.
fn breed(
    hunt: &mut Hunt,
    want: Kind,
    seeds: &[[u8; 81]],
    from: &[[u8; 81]],
    size: usize,
    until: Instant,
) {
    let mut population: Vec<Found> = Vec::new();
    for cells in from {
        if let Some(found) = hunt.try_input(cells, want) {
            if !population.iter().any(|p| p.cells == found.cells) {
                hunt.keep(&found, want);
                population.push(found);
            }
        }
    }
    while population.len() < size && Instant::now() < until {
        if let Some(found) = hunt.climb(want, seeds) {
            if !population.iter().any(|p| p.cells == found.cells) {
                population.push(found);
            }
        }
    }
    if population.len() < 2 {
        return;
    }
    while Instant::now() < until {
        let pick = |rng: &mut Rng| {
            let (i, j) = (rng.below(population.len()), rng.below(population.len()));
            if population[i].guesses >= population[j].guesses {
                i
            } else {
                j
            }
        };
        let (a, b) = (pick(&mut hunt.rng), pick(&mut hunt.rng));
        let mut child = cross(&mut hunt.rng, &population[a].cells, &population[b].cells);
        let edits = hunt.rng.below(3);
        hunt.mutate(&mut child, edits);
        if population.iter().any(|p| p.cells == child) {
            continue;
        }
        let Some(found) = hunt.try_input(&child, want) else {
            continue;
        };
        let cheapest = (0..population.len())
            .min_by_key(|&i| population[i].guesses)
            .unwrap_or(0);
        if found.guesses > population[cheapest].guesses {
            hunt.keep(&found, want);
            population[cheapest] = found;
        }
    }
}

/// The inputs in `path` that parse as consistent givens: the last word of each line, so
/// that a file of puzzles and this tool's own output both serve.
fn read_inputs(path: &str) -> Vec<[u8; 81]> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("worst: cannot read {path}: {e}");
        std::process::exit(2)
    });
    text.lines()
        .filter_map(|l| Board::parse(l.split_whitespace().last()?.as_bytes()).ok())
        .filter(|b| b.conflict().is_none())
        .map(|b| *b.cells())
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let kinds = match choice(&args, "kind", &["all", "none", "multi", "unique"]) {
        0 => Kind::ALL.to_vec(),
        i => vec![Kind::ALL[i - 1]],
    };
    let seconds = number(&args, "seconds", 60);
    let cap = number(&args, "cap", 2_000_000).min(u64::from(u32::MAX / 2)) as u32;
    let count = choice(&args, "cost", &["first", "count"]) == 1;
    let breeding = choice(&args, "method", &["climb", "breed"]) == 1;
    let from = option(&args, "from").map_or_else(Vec::new, |path| read_inputs(&path));
    let population = number(&args, "population", 60).max(2) as usize;
    let seeds = load_seeds(data_dir(option(&args, "data")));
    eprintln!(
        "worst: {} seed puzzles, {} inputs to breed from, {seconds} s",
        seeds.len(),
        from.len()
    );

    let start = Instant::now();
    let mut hunt = Hunt {
        rng: Rng::new(number(&args, "seed", 1)),
        turn: number(&args, "turn", 10).min(100),
        // A step is a propagation or a backtrack, about 1.5 per guess in deep searches.
        cap_steps: cap.saturating_mul(2),
        count,
        top: number(&args, "top", 10) as usize,
        deadline: start + Duration::from_secs(seconds),
        evaluations: 0,
        best: vec![Vec::new(); 3],
        capped: Vec::new(),
    };
    let mut climbs = 0u64;
    if breeding {
        let share = Duration::from_secs(seconds) / kinds.len() as u32;
        for (i, &want) in kinds.iter().enumerate() {
            breed(
                &mut hunt,
                want,
                &seeds,
                &from,
                population,
                start + share * (i as u32 + 1),
            );
        }
    } else {
        while hunt.running() {
            let want = kinds[climbs as usize % kinds.len()];
            climbs += 1;
            let _ = hunt.climb(want, &seeds);
        }
    }
    println!(
        "# {climbs} climbs, {} evaluations, cap {cap} guesses",
        hunt.evaluations
    );
    for kind in &kinds {
        for found in &hunt.best[*kind as usize] {
            report("", found);
        }
    }
    for found in &hunt.capped {
        report("", found);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No given repeats a digit in its row, column or box.
    fn is_consistent(cells: &[u8; 81]) -> bool {
        (0..81).all(|c| {
            let mut without = *cells;
            without[c] = 0;
            cells[c] == 0 || consistent(&without, c, cells[c])
        })
    }

    /// A child keeps only consistent givens, each from the same cell of one parent, and
    /// the child of an input with itself is that input.
    #[test]
    fn children_are_consistent_mixtures_of_their_parents() {
        let mut rng = Rng::new(3);
        for _ in 0..2000 {
            let (n, m) = (10 + rng.below(20), 10 + rng.below(20));
            let (a, b) = (random_sparse(&mut rng, n), random_sparse(&mut rng, m));
            let child = cross(&mut rng, &a, &b);
            assert!(is_consistent(&child), "{}", line(&child));
            assert!((0..81).all(|c| child[c] == 0 || child[c] == a[c] || child[c] == b[c]));
            assert_eq!(cross(&mut rng, &a, &a), a);
            let mut edited = a;
            edit(&mut rng, &mut edited);
            assert!(is_consistent(&edited), "{}", line(&edited));
        }
    }
}
