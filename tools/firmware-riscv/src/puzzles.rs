//! The puzzles baked into the firmware: the same list as the Cortex-M firmware's (the
//! hardest ones this solver knows, one with no solution, and the costliest first step),
//! taken from its file so that the two cannot drift apart.

include!("../../firmware-rust/src/builtin_puzzles.rs");
