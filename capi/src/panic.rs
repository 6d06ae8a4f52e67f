//! What a panic does inside the C libraries: stop the process, never unwind into C.
//!
//! Every profile is `panic = "abort"` and no input should reach a panic, so this is a
//! backstop. On a hosted target it calls the C library's `abort()` (the program ends with
//! SIGABRT, as for a failed `assert` in C); on bare metal it spins, so a watchdog resets
//! the device.
//!
//! With the `panic-check` feature the handler instead calls a function that exists
//! nowhere, so linking a C program against a release build fails if the optimiser left
//! any panic path in the library (`undefined reference to
//! sudoku_panic_path_is_reachable`).

#[panic_handler]
fn panic(_info: &core::panic::PanicInfo<'_>) -> ! {
    #[cfg(feature = "panic-check")]
    {
        #[allow(unsafe_code)]
        extern "C" {
            fn sudoku_panic_path_is_reachable() -> !;
        }
        #[allow(unsafe_code)]
        // SAFETY: never runs: the symbol is undefined, so a reachable call fails the link.
        unsafe {
            sudoku_panic_path_is_reachable()
        }
    }
    #[cfg(all(not(feature = "panic-check"), not(target_os = "none")))]
    {
        #[allow(unsafe_code)]
        extern "C" {
            fn abort() -> !;
        }
        #[allow(unsafe_code)]
        // SAFETY: `abort` is the C library's; it takes no arguments and never returns.
        unsafe {
            abort()
        }
    }
    #[cfg(all(not(feature = "panic-check"), target_os = "none"))]
    loop {
        core::hint::spin_loop();
    }
}

/// Never called. A `no_std` static library built without LTO for a hosted target (the
/// debug profile) still references the unwinder's personality routine, because the
/// precompiled `core` is built with `panic = "unwind"`; this definition lets such builds
/// link. The release profiles build with LTO, which drops the reference, so they leave
/// the stub out and `libsudoku.so` exports the header's functions alone (a release build
/// without `lto = true` fails to link for want of it). Excluded from `sudoku.h` (see
/// `cbindgen.toml`).
#[cfg(all(not(target_os = "none"), debug_assertions))]
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
extern "C" fn rust_eh_personality() {}
