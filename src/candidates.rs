//! [`Digits`]: a set of Sudoku digits `1..=9` packed in the low 9 bits of a `u16`.
//!
//! Bit `d - 1` stands for digit `d`. The solver keeps one such set per row, column and box
//! (the digits already placed there), and derives a cell's candidates from them.

/// A set of digits `1..=9`, one bit per digit (bit `d - 1` for digit `d`).
///
/// ```
/// use sudoku81::Digits;
/// let set = Digits::ALL.without(5).without(7);
/// assert_eq!(set.len(), 7);
/// assert!(!set.contains(5));
/// assert_eq!(set.iter().next(), Some(1));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct Digits(u16);

/// The number of bits among the low 12 of `set` (a set of digits, of positions in a unit,
/// or of lines): two lookups in a 64-byte table. The portable build and a Cortex-M0 have
/// no population-count instruction; counting 16 bits takes them about a dozen, and on a
/// Cortex-M0 each inlined count is long code.
#[cfg_attr(feature = "fast", inline)]
#[cfg_attr(not(feature = "fast"), inline(never))]
pub(crate) const fn count9(set: u16) -> u32 {
    count12(set)
}

/// [`count9`], inline in the fast build: for [`Digits::lowest`], which each step over a
/// set of digits runs. Out of line in the compact build: its inline copies (in
/// [`count9`], and in [`Digits::lowest`]'s in the technique engine) took 86 bytes more of
/// a Cortex-M0's flash.
#[cfg_attr(feature = "fast", inline(always))]
#[cfg_attr(not(feature = "fast"), inline(never))]
const fn count12(set: u16) -> u32 {
    const COUNTS: [u8; 64] = {
        let mut counts = [0u8; 64];
        let mut i = 0;
        while i < 64 {
            counts[i] = (i as u32).count_ones() as u8;
            i += 1;
        }
        counts
    };
    (COUNTS[(set & 63) as usize] + COUNTS[((set >> 6) & 63) as usize]) as u32
}

/// The index of the lowest bit of a non-zero set of digits.
#[cfg(feature = "fast")]
#[inline]
const fn lowest_index(set: u16) -> u32 {
    set.trailing_zeros()
}

/// The index of the lowest bit of a non-zero set of digits, as the count of the bits below
/// it: a Cortex-M0 has no trailing-zero count, and its own takes a multiplication and a
/// 32-byte table.
#[cfg(not(feature = "fast"))]
#[inline]
const fn lowest_index(set: u16) -> u32 {
    count12((set & set.wrapping_neg()).wrapping_sub(1))
}

impl Digits {
    /// The empty set.
    pub const NONE: Digits = Digits(0);
    /// All nine digits.
    pub const ALL: Digits = Digits(0x1FF);

    /// The set whose bits are `bits & 0x1FF` (higher bits are dropped).
    #[inline]
    pub const fn from_bits(bits: u16) -> Digits {
        Digits(bits & 0x1FF)
    }

    /// The set holding only `digit`; empty if `digit` is not in `1..=9`. Out of line in the
    /// compact build: the technique engine has twenty copies of its range test otherwise.
    #[cfg_attr(feature = "fast", inline)]
    #[cfg_attr(not(feature = "fast"), inline(never))]
    pub const fn single(digit: u8) -> Digits {
        if digit >= 1 && digit <= 9 {
            Digits(1 << (digit - 1))
        } else {
            Digits(0)
        }
    }

    /// The raw bits (bit `d - 1` for digit `d`).
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Number of digits in the set.
    #[inline]
    pub const fn len(self) -> u32 {
        count9(self.0)
    }

    /// True if the set holds no digit.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True if `digit` is in the set. Out of line in the compact build: its copies took 30
    /// bytes more of a Cortex-M0's flash.
    #[cfg_attr(feature = "fast", inline)]
    #[cfg_attr(not(feature = "fast"), inline(never))]
    pub const fn contains(self, digit: u8) -> bool {
        self.0 & Digits::single(digit).0 != 0
    }

    /// The set with `digit` added.
    #[inline]
    pub const fn with(self, digit: u8) -> Digits {
        Digits(self.0 | Digits::single(digit).0)
    }

    /// The set with `digit` removed.
    #[inline]
    pub const fn without(self, digit: u8) -> Digits {
        Digits(self.0 & !Digits::single(digit).0)
    }

    /// The digits of `ALL` that are not in this set.
    #[inline]
    pub const fn complement(self) -> Digits {
        Digits(!self.0 & 0x1FF)
    }

    /// The smallest digit in the set, or `None` if it is empty.
    #[cfg_attr(feature = "fast", inline)]
    #[cfg_attr(not(feature = "fast"), inline(never))]
    pub const fn lowest(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(lowest_index(self.0) as u8 + 1)
        }
    }

    /// The digit, if the set holds exactly one.
    #[cfg_attr(feature = "fast", inline)]
    #[cfg_attr(not(feature = "fast"), inline(never))]
    pub const fn as_single(self) -> Option<u8> {
        if self.0 != 0 && self.0 & (self.0 - 1) == 0 {
            self.lowest()
        } else {
            None
        }
    }

    /// The digits in increasing order.
    #[inline]
    pub fn iter(self) -> DigitsIter {
        DigitsIter(self.0)
    }

    /// The digits in increasing order, stepped inline ([`InlineDigits`]).
    #[inline]
    pub(crate) fn iter_inline(self) -> InlineDigits {
        InlineDigits(self.0)
    }
}

impl core::ops::BitOr for Digits {
    type Output = Digits;
    #[inline]
    fn bitor(self, rhs: Digits) -> Digits {
        Digits(self.0 | rhs.0)
    }
}

impl core::ops::BitAnd for Digits {
    type Output = Digits;
    #[inline]
    fn bitand(self, rhs: Digits) -> Digits {
        Digits(self.0 & rhs.0)
    }
}

impl core::fmt::Debug for Digits {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("{")?;
        for d in self.iter() {
            write!(f, "{d}")?;
        }
        f.write_str("}")
    }
}

impl IntoIterator for Digits {
    type Item = u8;
    type IntoIter = DigitsIter;
    fn into_iter(self) -> DigitsIter {
        self.iter()
    }
}

/// Iterator over the digits of a [`Digits`] set, smallest first.
#[derive(Clone, Debug)]
pub struct DigitsIter(u16);

impl Iterator for DigitsIter {
    type Item = u8;
    // Out of line in the compact build: each inline step, with its test for the end, is
    // longer code on a Cortex-M0 than a call, and the technique engine has 22 of them.
    #[cfg_attr(feature = "fast", inline)]
    #[cfg_attr(not(feature = "fast"), inline(never))]
    fn next(&mut self) -> Option<u8> {
        let digit = Digits(self.0).lowest()?;
        self.0 &= self.0 - 1;
        Some(digit)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = count9(self.0) as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for DigitsIter {}

/// [`DigitsIter`], stepped inline in every build: for the technique engine's deepest
/// frames, which a call to the compact build's step took 8 bytes further on a Cortex-M0,
/// and for the loops it runs most (an ALS's restricted commons, a placement's noting in
/// the forcing net: 3.6% of the compact build's instructions on hard ratings).
#[derive(Clone)]
pub(crate) struct InlineDigits(u16);

impl Iterator for InlineDigits {
    type Item = u8;
    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let digit = lowest_index(self.0) as u8 + 1;
        self.0 &= self.0 - 1;
        Some(digit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count9_counts_the_low_twelve_bits() {
        for set in 0..=u16::MAX {
            assert_eq!(count9(set), (set & 0xFFF).count_ones(), "{set:#x}");
        }
    }

    #[test]
    fn set_operations() {
        let s = Digits::NONE.with(1).with(9).with(9);
        assert_eq!(s.len(), 2);
        assert_eq!(s.lowest(), Some(1));
        assert_eq!(s.as_single(), None);
        assert_eq!(s.without(1).as_single(), Some(9));
        assert_eq!(s.complement().len(), 7);
        assert_eq!(Digits::single(0), Digits::NONE);
        assert_eq!(Digits::single(10), Digits::NONE);
        assert!(!Digits::ALL.contains(0));
        assert_eq!(
            Digits::ALL.iter().collect::<heapless::Vec<u8, 9>>(),
            [1, 2, 3, 4, 5, 6, 7, 8, 9]
        );
        assert_eq!(Digits::from_bits(0xFFFF), Digits::ALL);
    }
}
