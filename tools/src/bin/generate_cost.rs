//! The cost of generating puzzles, ours against the `sudoku` crate's.
//!
//! ```sh
//! cargo build --release -p sudoku81-tools --bin generate_cost
//! target/release/generate_cost steps 20000 rot180    # steps per puzzle, seeds 0..20000
//! valgrind --tool=callgrind target/release/generate_cost ours 200 none
//! valgrind --tool=callgrind target/release/generate_cost theirs 200 none
//! valgrind --tool=callgrind target/release/generate_cost idle 200 none
//! ```
//!
//! Arguments: what to run, the number of puzzles (from seed 0 for ours) and the symmetry
//! (`none` or `rot180`, the two the `sudoku` crate also has). `steps` prints the mean and
//! the most steps per puzzle (see `Generator::run`) and the seed that took the most;
//! `ours` and `theirs` only generate, for callgrind: instructions per puzzle = (total -
//! total of `idle`) / puzzles. (A binary of its own, so that the solving workloads of
//! `instructions` keep their code layout.)

use std::hint::black_box;

use sudoku81::{Board, GenProgress, Generator, Options, SplitMix64, Symmetry};
use sudoku_crate::{Sudoku, Symmetry as TheirSymmetry};

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(mode), Some(count), Some(name)) = (args.next(), args.next(), args.next()) else {
        eprintln!("usage: generate_cost steps|ours|theirs|idle PUZZLES none|rot180");
        std::process::exit(2);
    };
    let count: u64 = count.parse().expect("a number of puzzles");
    let (symmetry, theirs) = match name.as_str() {
        "none" => (Symmetry::None, TheirSymmetry::None),
        "rot180" => (Symmetry::Rot180, TheirSymmetry::HalfRotation),
        _ => panic!("a symmetry: none or rot180"),
    };
    let options = Options::new().with_symmetry(symmetry);
    let (mut total, mut most) = (0u64, (0u64, 0u64));
    for seed in 0..count {
        match mode.as_str() {
            "steps" => {
                let mut generator =
                    Generator::new(SplitMix64::new(seed), options).expect("options");
                while let GenProgress::Pending = generator.run(u32::MAX) {}
                total += generator.steps();
                most = most.max((generator.steps(), seed));
            }
            "ours" => {
                black_box(Board::generate(black_box(seed), &options).expect("a puzzle"));
            }
            "theirs" => {
                black_box(Sudoku::generate_with_symmetry(theirs));
            }
            _ => {
                black_box(seed);
            }
        }
    }
    if mode == "steps" {
        println!(
            "{name}: {count} seeds, mean {:.0} steps per puzzle, most {} (seed {})",
            total as f64 / count as f64,
            most.0,
            most.1
        );
    }
}
