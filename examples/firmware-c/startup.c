/*
 * Start-up code for the C firmware: the vector table, the reset handler that sets up
 * .data and .bss and enables the FPU where there is one, and the fault handlers.
 * No vendor SDK: the addresses come from link.ld, the rest is the Armv6-M/Armv7-M
 * architecture.
 */
#include <stdint.h>
#include <stdlib.h>

extern uint32_t _sidata, _sdata, _edata, _sbss, _ebss, _stack_top;

extern int main(void);
extern void initialise_monitor_handles(void);

/* Status QEMU exits with when the firmware faults. */
#define FAULT_EXIT_STATUS 70

void reset_handler(void);

/* Any exception the firmware does not expect: report it as a failure and stop. */
static void fault_handler(void)
{
    _Exit(FAULT_EXIT_STATUS);
}

/* newlib's exit() runs _fini and the constructors' _init; -nostartfiles leaves them out. */
void _init(void) {}
void _fini(void) {}

typedef void (*vector_t)(void);

/* The 16 architectural entries: initial stack pointer, then the system exceptions. */
__attribute__((section(".vectors"), used))
static const vector_t vectors[16] = {
    (vector_t)(uintptr_t)&_stack_top, /* initial SP */
    reset_handler,                     /* Reset */
    fault_handler,                     /* NMI */
    fault_handler,                     /* HardFault */
    fault_handler,                     /* MemManage (Armv7-M) */
    fault_handler,                     /* BusFault (Armv7-M) */
    fault_handler,                     /* UsageFault (Armv7-M) */
    0, 0, 0, 0,                        /* reserved */
    fault_handler,                     /* SVCall */
    fault_handler,                     /* DebugMonitor (Armv7-M) */
    0,                                 /* reserved */
    fault_handler,                     /* PendSV */
    fault_handler,                     /* SysTick */
};

void reset_handler(void)
{
    /* Copy the initial values of .data from flash, zero .bss. */
    const uint32_t *from = &_sidata;
    for (uint32_t *to = &_sdata; to < &_edata;) {
        *to++ = *from++;
    }
    for (uint32_t *to = &_sbss; to < &_ebss;) {
        *to++ = 0;
    }
#if defined(__ARM_FP)
    /* Full access to CP10 and CP11 (the FPU) before any floating-point instruction. */
    volatile uint32_t *const cpacr = (volatile uint32_t *)0xE000ED88u;
    *cpacr |= 0xFu << 20;
    __asm volatile("dsb\n\tisb" ::: "memory");
#endif
    initialise_monitor_handles();
    exit(main());
}
