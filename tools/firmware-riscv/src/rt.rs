//! Start-up, traps and exit on QEMU's virt machine, without a runtime crate.
//!
//! `_start` (the ELF entry, first in `.text` at 0x8000_0000) sets the stack pointer to the
//! top of RAM, points `mtvec` at a handler that reports and fails, copies `.data` from
//! flash, zeroes `.bss` and calls the firmware's `main`. [`exit`] stops QEMU through the
//! SiFive test device, with status 0 for a pass and the given code for a failure.

use core::ptr::write_volatile;

// The symbols come from link.x; `main` and `trap` are this module's Rust functions below.
core::arch::global_asm!(
    ".section .text.start, \"ax\"",
    ".globl _start",
    "_start:",
    "    la sp, _stack_top",
    "    la t0, 4f",
    "    csrw mtvec, t0",
    // .data: copy word by word from its load address in flash.
    "    la t0, _sidata",
    "    la t1, _sdata",
    "    la t2, _edata",
    "1:  bgeu t1, t2, 2f",
    "    lw t3, 0(t0)",
    "    sw t3, 0(t1)",
    "    addi t0, t0, 4",
    "    addi t1, t1, 4",
    "    j 1b",
    // .bss: zero word by word (link.x aligns both ends to 4 bytes).
    "2:  la t0, _sbss",
    "    la t1, _ebss",
    "3:  bgeu t0, t1, 5f",
    "    sw zero, 0(t0)",
    "    addi t0, t0, 4",
    "    j 3b",
    "5:  tail {main}",
    // The trap handler: mtvec needs a 4-byte aligned address. A trap is a firmware bug
    // (or a stack overflow), so start a fresh stack and report.
    ".balign 4",
    "4:  la sp, _stack_top",
    "    csrr a0, mcause",
    "    csrr a1, mepc",
    "    csrr a2, mtval",
    "    tail {trap}",
    main = sym start,
    trap = sym trap,
);

/// Where `_start` goes once RAM is ready.
extern "C" fn start() -> ! {
    crate::main()
}

/// An exception (there are no interrupts enabled): say which and where, then fail. The
/// size builds only fail, so that no formatting code is in their images.
extern "C" fn trap(mcause: usize, mepc: usize, mtval: usize) -> ! {
    if !cfg!(any(feature = "size-probe", feature = "size-baseline")) {
        crate::println!("firmware trapped: mcause={mcause:#x} mepc={mepc:#x} mtval={mtval:#x}");
    }
    exit(3)
}

/// The SiFive test device ("finisher") of the virt machine.
const TEST_DEVICE: usize = 0x10_0000;
const FINISHER_PASS: u32 = 0x5555;
const FINISHER_FAIL: u32 = 0x3333;

/// Stops QEMU: exit status 0 for `code` 0, else `code` (at most 0xFFFF).
pub fn exit(code: u16) -> ! {
    let value = if code == 0 {
        FINISHER_PASS
    } else {
        (u32::from(code) << 16) | FINISHER_FAIL
    };
    // SAFETY: the test device's register at 0x10_0000 is a write-only MMIO word on the virt
    // machine; writing it stops the emulator, and nothing else maps that address.
    unsafe { write_volatile(TEST_DEVICE as *mut u32, value) };
    // Not reached under QEMU; on any other machine, stop here.
    loop {
        core::hint::spin_loop();
    }
}
