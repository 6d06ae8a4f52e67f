//! The puzzles baked into the firmware: the hardest ones this solver knows (most search
//! steps in `hardest1905_msolve1000`, `hardest1106`, `plb_hard20`, `17clue` and Norvig's
//! hardest), one with consistent givens but no solution that takes the longest to refute,
//! and the one whose first step (a propagation of singles) costs the most.

include!("builtin_puzzles.rs");
