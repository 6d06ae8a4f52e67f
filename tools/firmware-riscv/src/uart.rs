//! Output over the virt machine's NS16550 UART at 0x1000_0000, which QEMU's `-nographic`
//! connects to standard output. No set-up is needed under QEMU: the transmitter is ready
//! at reset, and the line settings do not matter to an emulated port.

use core::fmt::{self, Write};
use core::ptr::{read_volatile, write_volatile};

const UART: usize = 0x1000_0000;
/// Transmit holding register (write) at offset 0, line status register at offset 5.
const THR: usize = UART;
const LSR: usize = UART + 5;
/// Line status: the transmit holding register is empty.
const LSR_THRE: u8 = 1 << 5;

/// The UART as a `core::fmt` sink.
pub struct Uart;

impl Uart {
    fn put(byte: u8) {
        // SAFETY: LSR and THR are byte-wide MMIO registers of the virt machine's UART; this
        // firmware is single-threaded with no interrupts, so nothing else touches them.
        unsafe {
            while read_volatile(LSR as *const u8) & LSR_THRE == 0 {}
            write_volatile(THR as *mut u8, byte);
        }
    }
}

impl Write for Uart {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        text.bytes().for_each(Uart::put);
        Ok(())
    }
}

/// Writes `args` and a newline to the UART (used by [`println!`](crate::println)).
pub fn print_line(args: fmt::Arguments<'_>) {
    // Writing to the UART cannot fail; a formatting error has nowhere else to go.
    let _ = Uart.write_fmt(args);
    Uart::put(b'\n');
}

/// `println!` over the UART.
#[macro_export]
macro_rules! println {
    ($($arg:tt)*) => {
        $crate::uart::print_line(format_args!($($arg)*))
    };
}
