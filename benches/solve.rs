//! Criterion benchmarks: puzzles per second of our solver, the `sudoku` crate (0.8.0, a
//! dev-dependency only: it is AGPL) and the original naive algorithm, on the shared puzzle
//! sets (`$SUDOKU_DATA`, `../shared/data`, else the samples in `tests/data/`).
//!
//! ```sh
//! cargo bench --bench solve                 # all groups
//! cargo bench --bench solve -- top1465      # one data set
//! ```
//!
//! Each group times one pass over (at most the first `MAX_PUZZLES` of) a set and reports
//! throughput in puzzles (`Throughput::Elements`). For the table of docs/performance.md in
//! one run, see `cargo run --release -p sudoku81-tools --bin compare`.

// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use sudoku81::Board;
use sudoku81_testkit::{data, reference};

/// The puzzles of a set as our boards.
fn boards(set: &data::Set) -> Vec<Board> {
    let board = |cells: &[u8; 81]| Board::from_cells(*cells).expect("digits 0..=9");
    set.cells.iter().map(board).collect()
}

/// Puzzles per pass: enough to average over a set, few enough for a short pass.
const MAX_PUZZLES: usize = 2000;

fn solve_sets(c: &mut Criterion) {
    let sets = [
        ("17clue", None),
        ("top1465", None),
        ("hardest1106", None),
        ("kaggle_sample", None),
        ("multi_solution", Some(2u32)),
    ];
    for (name, limit) in sets {
        let Some(set) = data::load(name) else {
            eprintln!("bench: no {name}.txt, skipped");
            continue;
        };
        let n = set.cells.len().min(MAX_PUZZLES);
        let ours = &boards(&set)[..n];
        let theirs: Vec<sudoku_crate::Sudoku> = set.cells[..n]
            .iter()
            .map(|cells| sudoku_crate::Sudoku::from_bytes(*cells).expect("valid puzzle"))
            .collect();
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(n as u64));
        group.sample_size(10);
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(2));
        let what = limit.map_or("solve".to_string(), |l| format!("count{l}"));
        group.bench_function(BenchmarkId::new("sudoku81", &what), |b| {
            b.iter(|| match limit {
                Some(l) => ours.iter().for_each(|p| {
                    black_box(black_box(p).count_solutions(l));
                }),
                None => ours.iter().for_each(|p| {
                    let _ = black_box(black_box(p).solve());
                }),
            })
        });
        group.bench_function(BenchmarkId::new("sudoku-crate-0.8.0", &what), |b| {
            b.iter(|| match limit {
                Some(l) => theirs.iter().for_each(|s| {
                    black_box(black_box(*s).solutions_count_up_to(l as usize));
                }),
                None => theirs.iter().for_each(|s| {
                    black_box(black_box(*s).some_solution());
                }),
            })
        });
        group.finish();
    }
}

/// The original algorithm, where it finishes in reasonable time: the first 100 Kaggle
/// puzzles and the first 5 top1465 puzzles it solves within 200 000 placements.
fn original(c: &mut Criterion) {
    for (name, take, max_tries) in [("kaggle_sample", 100, u64::MAX), ("top1465", 5, 200_000)] {
        let Some(set) = data::load(name) else {
            continue;
        };
        let chosen: Vec<([u8; 81], Board)> = set
            .cells
            .iter()
            .zip(&boards(&set))
            .filter(|(cells, _)| reference::original_solve(cells, max_tries).is_some())
            .take(take)
            .map(|(cells, board)| (*cells, *board))
            .collect();
        let mut group = c.benchmark_group(format!("{name}-original-sample"));
        group.throughput(Throughput::Elements(chosen.len() as u64));
        group.sample_size(10);
        group.warm_up_time(Duration::from_millis(500));
        group.measurement_time(Duration::from_secs(2));
        group.bench_function("original-algorithm", |b| {
            b.iter(|| {
                for (cells, _) in &chosen {
                    black_box(reference::original_solve(black_box(cells), u64::MAX));
                }
            })
        });
        group.bench_function("sudoku81", |b| {
            b.iter(|| {
                for (_, board) in &chosen {
                    let _ = black_box(black_box(board).solve());
                }
            })
        });
        group.finish();
    }
}

criterion_group!(benches, solve_sets, original);
criterion_main!(benches);
