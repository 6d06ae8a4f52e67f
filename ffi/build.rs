//! `cfg(sudoku_compact)` when the library's `fast` engine is off. The header maps it to the
//! C macro `SUDOKU_COMPACT` (see `cbindgen.toml`), which selects the smaller
//! `sudoku_solver_t`: the safe default for C code is the larger size, which fits both.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(sudoku_compact)");
    if std::env::var_os("CARGO_FEATURE_FAST").is_none() {
        println!("cargo:rustc-cfg=sudoku_compact");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
