//! Puts the firmware example's `memory.x` where the linker (via cortex-m-rt's `link.x`) finds
//! it, and tells the firmware which target it was built for.

use std::{env, fs, path::PathBuf};

/// The same memory layout as the example, so both run on the same QEMU machines.
const MEMORY: &str = "../../examples/firmware-rust/memory.x";

fn main() {
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    fs::copy(MEMORY, out.join("memory.x")).expect("memory.x is readable");
    println!("cargo:rustc-link-search={}", out.display());
    let target = env::var("TARGET").unwrap_or_default();
    println!("cargo:rustc-env=FIRMWARE_TARGET={target}");
    println!("cargo:rerun-if-changed={MEMORY}");
    println!("cargo:rerun-if-changed=build.rs");
}
