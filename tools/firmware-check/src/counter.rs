/// A free-running counter of work: retired instructions, cycles or timer ticks.
pub trait Counter {
    /// Counts since start.
    fn now(&self) -> u64;

    /// Runs a loop of exactly `2 * iterations` instructions (written in assembly, so that
    /// the compiler cannot change it).
    fn count_down(&self, iterations: u32);

    /// Counts taken by `f`, and its result.
    fn time<R>(&self, f: impl FnOnce() -> R) -> (R, u64) {
        let start = self.now();
        let result = f();
        (result, self.now().saturating_sub(start))
    }

    /// Measures how many counts a loop of a known number of instructions takes.
    fn calibrate(&self) -> Calibration {
        const ITERATIONS: u32 = 100_000;
        let ((), overhead) = self.time(|| ());
        let ((), ticks) = self.time(|| self.count_down(ITERATIONS));
        Calibration {
            ticks: ticks.saturating_sub(overhead).max(1),
            instructions: 2 * u64::from(ITERATIONS),
            overhead,
        }
    }
}

/// Counts per instruction, as measured by [`Counter::calibrate`].
#[derive(Clone, Copy)]
pub struct Calibration {
    ticks: u64,
    instructions: u64,
    /// Counts that [`Counter::time`] itself adds to any measurement.
    overhead: u64,
}

impl Calibration {
    /// The instructions executed in `ticks` (exact when the counter counts instructions, as
    /// under QEMU `-icount`; on silicon, where a tick may be a cycle, "cycles at the
    /// calibration loop's cycles per instruction"). The timing overhead is taken off first.
    pub fn instructions(&self, ticks: u64) -> u64 {
        ticks
            .saturating_sub(self.overhead)
            .saturating_mul(self.instructions)
            / self.ticks
    }

    /// Counts per 1000 instructions.
    pub fn ticks_per_1000(&self) -> u64 {
        self.ticks * 1000 / self.instructions
    }
}
