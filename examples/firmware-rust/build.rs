//! Puts `memory.x` where the linker (via cortex-m-rt's `link.x`) finds it, and tells the
//! firmware which target it was built for.

use std::{env, fs, path::PathBuf};

fn main() {
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    fs::copy("memory.x", out.join("memory.x")).expect("memory.x is readable");
    println!("cargo:rustc-link-search={}", out.display());
    let target = env::var("TARGET").unwrap_or_default();
    println!("cargo:rustc-env=FIRMWARE_TARGET={target}");
    println!("cargo:rerun-if-changed=memory.x");
    println!("cargo:rerun-if-changed=build.rs");
}
