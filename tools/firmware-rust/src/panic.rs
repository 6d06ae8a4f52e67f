//! The firmware's own panic handler: say what happened over semihosting, exit non-zero.
//! (The solver itself has no reachable panic; this catches the firmware's own bugs.)

use core::panic::PanicInfo;

use cortex_m_semihosting::{debug, hprintln};

#[panic_handler]
fn panic(info: &PanicInfo) -> ! {
    hprintln!("firmware panicked: {}", info);
    debug::exit(debug::EXIT_FAILURE);
    loop {
        cortex_m::asm::wfi();
    }
}
