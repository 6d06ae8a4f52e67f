//! Links with this package's `link.x` and tells the firmware which target it was built for.

use std::{env, path::PathBuf};

fn main() {
    let dir = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    println!(
        "cargo:rustc-link-arg-bins=-T{}",
        dir.join("link.x").display()
    );
    let target = env::var("TARGET").unwrap_or_default();
    println!("cargo:rustc-env=FIRMWARE_TARGET={target}");
    println!("cargo:rerun-if-changed=link.x");
    println!("cargo:rerun-if-changed=build.rs");
}
