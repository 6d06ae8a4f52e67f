//! The cost of the generator in steps (see `Generator::run`), over a range of seeds:
//! the mean and the most steps per puzzle, and the seed that took the most.
//!
//! ```sh
//! cargo run --release -p sudoku81-tools --bin gen_steps -- 20000 rot180
//! ```
//!
//! Arguments: the number of seeds (from 0; default 20 000) and the symmetry (as the
//! command names it; default `none`).

use sudoku81::{GenProgress, Generator, Options, SplitMix64, Symmetry};

fn main() {
    let mut args = std::env::args().skip(1);
    let seeds: u64 = args
        .next()
        .map_or(20_000, |n| n.parse().expect("a number of seeds"));
    let name = args.next().unwrap_or_else(|| "none".into());
    let symmetry = Symmetry::ALL
        .into_iter()
        .find(|s| s.name() == name)
        .expect("a symmetry: none, rot180, rot90, mirror-lr, mirror-tb, diagonals");
    let options = Options::new().with_symmetry(symmetry);
    let (mut total, mut most) = (0u64, (0u64, 0u64));
    for seed in 0..seeds {
        let mut generator = Generator::new(SplitMix64::new(seed), options).expect("options");
        while let GenProgress::Pending = generator.run(u32::MAX) {}
        total += generator.steps();
        most = most.max((generator.steps(), seed));
    }
    println!(
        "{name}: {seeds} seeds, mean {:.0} steps per puzzle, most {} (seed {})",
        total as f64 / seeds as f64,
        most.0,
        most.1
    );
}
