//! The random numbers of generation: the built-in seedable source and the bounded draw,
//! both fixed (see [`Generator`](super::Generator)'s docs) so that a seed gives the same
//! puzzle everywhere.

use core::convert::Infallible;

use rand_core::{Rng, TryRng};

/// SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit state advanced by adding
/// `0x9E3779B97F4A7C15`, each output a fixed mix of the new state. It is the built-in
/// seedable source, fixed for as long as the major version stays, so that
/// `SplitMix64::new(seed)` gives the same puzzle on every target and build.
///
/// `next_u64` returns the mix of the advanced state; `next_u32` returns the high 32 bits of
/// `next_u64`; `fill_bytes` writes successive `next_u64` values little-endian (the last one
/// cut short). Every seed, 0 included, is usable, and seeds `s` and `s + 1` give unrelated
/// streams.
///
/// # Drawing bounded numbers
///
/// The generator draws a number in `0..n` (`n <= 81`) from any [`Rng`] by rejection,
/// as [`Generator`](super::Generator#the-procedure-fixed-the-same-random-numbers-give-the-same-puzzle-everywhere)
/// describes.
///
/// ```
/// use sudoku81::rand_core::Rng;
/// use sudoku81::SplitMix64;
/// let mut rng = SplitMix64::new(0);
/// assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// The generator for `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }
}

impl SplitMix64 {
    /// The next 64 bits: the mix of the advanced state.
    fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Infallible, so it is an [`Rng`] (and the deprecated `RngCore`) by rand_core's blanket
/// impl.
impl TryRng for SplitMix64 {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok((self.next() >> 32) as u32)
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        Ok(self.next())
    }

    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), Infallible> {
        for chunk in dest.chunks_mut(8) {
            for (byte, random) in chunk.iter_mut().zip(self.next().to_le_bytes()) {
                *byte = random;
            }
        }
        Ok(())
    }
}

/// A number in `0..n`, drawn as [`Generator`](super::Generator)'s docs describe.
pub(super) fn below<R: Rng>(rng: &mut R, n: u32) -> u32 {
    if n <= 1 {
        return 0;
    }
    let mut x = 0;
    for _ in 0..64 {
        x = rng.next_u32();
        // Kept if x < 2^32 - (2^32 mod n) (every x when the remainder is 0). The remainder
        // is below n, so every x < 2^32 - n is kept without computing it: a division less
        // per draw. (In 32 bits, 2^32 - n has the same remainder; a 64-bit one would pull a
        // 900-byte division routine into a Cortex-M0 image.)
        if x < n.wrapping_neg() {
            break;
        }
        let rest = remainder(n.wrapping_neg(), n);
        if rest == 0 || x < rest.wrapping_neg() {
            break;
        }
    }
    remainder(x, n)
}

/// `x % n` (0 for `n` = 0). On bare-metal targets by shifts and subtractions: a Cortex-M0
/// has no divide instruction, and `%` would pull a 440-byte library routine into its image
/// for the few draws a puzzle takes.
fn remainder(x: u32, n: u32) -> u32 {
    if cfg!(target_os = "none") {
        shifted_remainder(x, n)
    } else {
        x.checked_rem(n).unwrap_or(0)
    }
}

/// `x % n` (0 for `n` = 0) by long division in binary. Out of line: [`below`] takes two
/// remainders.
#[inline(never)]
fn shifted_remainder(x: u32, n: u32) -> u32 {
    if n == 0 {
        return 0;
    }
    let mut rest = 0u32;
    for bit in (0..32).rev() {
        // `rest < n` before the shift, so a bit shifted out means `rest + 2^32 >= n`, and
        // the difference fits again.
        let carry = rest >> 31;
        rest = (rest << 1) | ((x >> bit) & 1);
        if carry != 0 || rest >= n {
            rest = rest.wrapping_sub(n);
        }
    }
    rest
}

#[cfg(test)]
mod tests {
    use super::shifted_remainder as remainder;

    #[test]
    fn remainder_agrees_with_the_division() {
        let edges = [
            0,
            1,
            2,
            3,
            8,
            9,
            80,
            81,
            1 << 31,
            (1 << 31) + 1,
            u32::MAX - 1,
            u32::MAX,
        ];
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            (state >> 32) as u32
        };
        for _ in 0..20_000 {
            let (x, n) = (next(), next() >> (next() % 32));
            for (x, n) in [(x, n), (x, n % 100), (edges[x as usize % 12], n)] {
                assert_eq!(remainder(x, n), x.checked_rem(n).unwrap_or(0), "{x} % {n}");
            }
        }
        for x in edges {
            for n in edges {
                assert_eq!(remainder(x, n), x.checked_rem(n).unwrap_or(0), "{x} % {n}");
            }
        }
    }
}
