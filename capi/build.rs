//! Build settings that cargo features cannot express directly.
//!
//! - A SONAME for the shared library on ELF platforms (`libsudoku.so.<major>`), so programs
//!   linked against an installed `libsudoku.so` keep working across compatible upgrades.
//! - `cfg(sudoku_compact)` when the core's `fast` engine is off. The header maps it to the
//!   C macro `SUDOKU_COMPACT` (see `cbindgen.toml`), which selects the smaller
//!   `sudoku_solver_t`: the safe default for C code is the larger size, which fits both.

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let major = std::env::var("CARGO_PKG_VERSION_MAJOR").unwrap_or_default();
    if matches!(
        os.as_str(),
        "linux" | "android" | "freebsd" | "netbsd" | "openbsd"
    ) {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libsudoku.so.{major}");
    }
    println!("cargo::rustc-check-cfg=cfg(sudoku_compact)");
    if std::env::var_os("CARGO_FEATURE_FAST").is_none() {
        println!("cargo:rustc-cfg=sudoku_compact");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
