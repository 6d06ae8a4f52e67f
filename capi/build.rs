//! A SONAME for the shared library on ELF platforms (`libsudoku.so.<major>`), so programs
//! linked against an installed `libsudoku.so` keep working across compatible upgrades.

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let major = std::env::var("CARGO_PKG_VERSION_MAJOR").unwrap_or_default();
    if matches!(
        os.as_str(),
        "linux" | "android" | "freebsd" | "netbsd" | "openbsd"
    ) {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libsudoku.so.{major}");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
