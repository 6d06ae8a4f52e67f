/// xorshift64*: a small seeded PRNG, enough to pick permutations and test inputs
/// reproducibly. Not for anything that needs real randomness.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed`; every seed (0 included) gives a usable, distinct stream.
    pub fn new(seed: u64) -> Rng {
        // xorshift has a fixed point at zero; the one seed that would give it gets another.
        let state = seed ^ 0x9e37_79b9_7f4a_7c15;
        Rng(if state == 0 { 1 } else { state })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// The next random byte.
    pub fn byte(&mut self) -> u8 {
        (self.next_u64() >> 56) as u8
    }

    /// A number in `0..bound` (`bound > 0`), nearly uniform for small bounds.
    pub fn below(&mut self, bound: usize) -> usize {
        (self.next_u64() >> 32) as usize % bound
    }

    /// Digits (bit `d - 1` for digit `d`) to take out of a cell's pencil marks, for
    /// pencil-mark test grids that range from whole to broken: none in round 0, about one
    /// in eight in round 1, more than half from round 2 on.
    pub fn lost_candidates(&mut self, round: u32) -> u16 {
        let sparse = self.next_u64() & self.next_u64() & self.next_u64();
        match round {
            0 => 0,
            1 => sparse as u16,
            _ => (sparse | self.next_u64()) as u16,
        }
    }

    /// Shuffles `items` in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn the_same_seed_gives_the_same_stream_and_zero_is_usable() {
        let (mut a, mut b) = (Rng::new(0), Rng::new(0));
        let first: Vec<u64> = (0..8).map(|_| a.next_u64()).collect();
        assert_eq!(first, (0..8).map(|_| b.next_u64()).collect::<Vec<_>>());
        assert!(first.iter().any(|&x| x != 0));
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
    }

    #[test]
    fn below_stays_in_range_and_shuffle_permutes() {
        let mut rng = Rng::new(7);
        assert!((0..10_000).all(|_| rng.below(9) < 9));
        let mut items: Vec<u32> = (0..50).collect();
        rng.shuffle(&mut items);
        let mut sorted = items.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..50).collect::<Vec<_>>());
        assert_ne!(items, sorted);
    }
}
