//! Cell sets as 81-bit masks in a `u128` (bit `cell` for cell `0..81`), and the masks of
//! units and peers, built by `const fn`.
//!
//! ```text
//! bit:   80 ........................................ 9 8 ... 1 0
//! cell:  r9c9                                      r2c1 r1c9 r1c1
//! ```

use crate::board::{BOX, COL, ROW, UNIT_CELLS};
pub(crate) use crate::candidates::count9;

/// A set of cells: bit `cell` for each cell `0..81`; bits 81..128 are always clear.
pub(crate) type Cells = u128;

/// Every cell.
pub(crate) const ALL_CELLS: Cells = (1 << 81) - 1;

/// The cells of each unit (rows `0..9`, columns `9..18`, boxes `18..27`).
pub(crate) const UNIT_MASK: [Cells; 27] = unit_masks();

/// The 20 peers of each cell (the cells sharing a unit with it, not itself).
pub(crate) const PEERS: [Cells; 81] = peer_masks();

/// The three units of each cell as a set of units (bit `u` for unit `u`).
pub(crate) const UNIT_SETS: [u32; 81] = unit_sets();

const fn unit_sets() -> [u32; 81] {
    let mut sets = [0; 81];
    let mut c = 0;
    while c < 81 {
        sets[c] = 1 << ROW[c] | 1 << (9 + COL[c]) | 1 << (18 + BOX[c]);
        c += 1;
    }
    sets
}

const fn unit_masks() -> [Cells; 27] {
    let mut masks = [0; 27];
    let mut u = 0;
    while u < 27 {
        let mut i = 0;
        while i < 9 {
            masks[u] |= 1 << UNIT_CELLS[u][i];
            i += 1;
        }
        u += 1;
    }
    masks
}

const fn peer_masks() -> [Cells; 81] {
    let mut masks = [0; 81];
    let mut c = 0;
    while c < 81 {
        masks[c] = (UNIT_MASK[ROW[c] as usize]
            | UNIT_MASK[9 + COL[c] as usize]
            | UNIT_MASK[18 + BOX[c] as usize])
            & !(1 << c);
        c += 1;
    }
    masks
}

/// The set holding only `cell`; empty when `cell` is not below 81.
#[inline]
pub(crate) const fn bit(cell: usize) -> Cells {
    if cell < 81 {
        1 << cell
    } else {
        0
    }
}

/// The peers of `cell` (empty when `cell` is not below 81).
#[inline]
pub(crate) fn peers(cell: usize) -> Cells {
    PEERS.get(cell).copied().unwrap_or(0)
}

/// The cells of unit `unit` (empty when `unit` is not below 27).
#[inline]
pub(crate) fn unit_mask(unit: usize) -> Cells {
    UNIT_MASK.get(unit).copied().unwrap_or(0)
}

/// The three units of `cell`: its row, column and box (`[0, 9, 18]` for an out-of-range
/// cell, which callers never pass).
#[inline]
pub(crate) fn units_of(cell: usize) -> [usize; 3] {
    match (ROW.get(cell), COL.get(cell), BOX.get(cell)) {
        (Some(&r), Some(&c), Some(&b)) => [r as usize, 9 + c as usize, 18 + b as usize],
        _ => [0, 9, 18],
    }
}

/// The lowest cell of a non-empty set (81 or more for an empty one).
#[inline]
pub(crate) const fn first(cells: Cells) -> usize {
    cells.trailing_zeros() as usize
}

/// The number of cells in the set. Out of line: without a population-count instruction
/// (the portable build, a Cortex-M0) it is long code, which each caller would copy.
#[inline(never)]
pub(crate) const fn count(cells: Cells) -> u32 {
    cells.count_ones()
}

/// True if the set holds at least `n` cells (`n` small: it drops the lowest cell `n - 1`
/// times).
#[inline]
pub(crate) const fn at_least(cells: Cells, n: u32) -> bool {
    let mut rest = cells;
    let mut k = 1;
    while k < n {
        rest &= rest.wrapping_sub(1);
        k += 1;
    }
    n == 0 || rest != 0
}

/// True if the set holds exactly `n` cells (`n` small).
#[inline]
pub(crate) const fn exactly(cells: Cells, n: u32) -> bool {
    at_least(cells, n) && !at_least(cells, n + 1)
}

/// True if the set holds exactly one cell. Cheaper than `count(cells) == 1` on targets
/// without a population-count instruction (the portable x86-64 build, Cortex-M0).
#[inline]
pub(crate) const fn is_one(cells: Cells) -> bool {
    cells != 0 && cells & (cells - 1) == 0
}

/// The cells of a set, lowest first.
#[derive(Clone, Copy)]
pub(crate) struct Iter(Cells);

impl Iterator for Iter {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let cell = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(cell)
    }
}

/// Iterates the cells of `cells` (bits above 80 are dropped).
#[inline]
pub(crate) const fn iter(cells: Cells) -> Iter {
    Iter(cells & ALL_CELLS)
}

/// Calls `visit(chosen, union)` for each choice of `n` (1 to 4) of the `items` (each a
/// 9-bit set), in increasing order of indices, where `chosen` has bit `i` for item `i` and
/// `union` is the union of the chosen sets; a partial choice whose union already has more
/// than `max` bits is not extended. Stops at the first `Some`.
pub(crate) fn choose<T>(
    items: &[u16; 9],
    usable: u16,
    n: usize,
    max: u32,
    mut visit: impl FnMut(u16, u16) -> Option<T>,
) -> Option<T> {
    let idx = |i: usize| items.get(i).copied().unwrap_or(0);
    let ok = |i: usize| usable & (1 << i) != 0;
    for a in (0..9).filter(|&a| ok(a)) {
        let ua = idx(a);
        if count9(ua) > max {
            continue;
        }
        if n == 1 {
            if let Some(t) = visit(1 << a, ua) {
                return Some(t);
            }
            continue;
        }
        for b in (a + 1..9).filter(|&b| ok(b)) {
            let ub = ua | idx(b);
            if count9(ub) > max {
                continue;
            }
            if n == 2 {
                if let Some(t) = visit((1 << a) | (1 << b), ub) {
                    return Some(t);
                }
                continue;
            }
            for c in (b + 1..9).filter(|&c| ok(c)) {
                let uc = ub | idx(c);
                if count9(uc) > max {
                    continue;
                }
                if n == 3 {
                    if let Some(t) = visit((1 << a) | (1 << b) | (1 << c), uc) {
                        return Some(t);
                    }
                    continue;
                }
                for d in (c + 1..9).filter(|&d| ok(d)) {
                    let ud = uc | idx(d);
                    if count9(ud) > max {
                        continue;
                    }
                    if let Some(t) = visit((1 << a) | (1 << b) | (1 << c) | (1 << d), ud) {
                        return Some(t);
                    }
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_least_and_exactly_agree_with_the_count() {
        for unit in UNIT_MASK {
            let cells: [usize; 9] = core::array::from_fn(|k| iter(unit).nth(k).unwrap_or(0));
            for places in 0u16..512 {
                let set = cells
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| places & (1 << k) != 0)
                    .fold(0, |set, (_, &c)| set | bit(c));
                for n in 0..=10 {
                    assert_eq!(at_least(set, n), count(set) >= n, "{set:#x} {n}");
                    assert_eq!(exactly(set, n), count(set) == n, "{set:#x} {n}");
                }
            }
        }
    }

    #[test]
    fn masks() {
        assert_eq!(count(PEERS[40]), 20);
        assert_eq!(count(UNIT_MASK[18]), 9);
        let items = [1, 2, 4, 8, 16, 32, 64, 128, 256];
        let mut n = 0;
        let none: Option<()> = choose(&items, 0x1FF, 3, 9, |_, u| {
            assert_eq!(u.count_ones(), 3);
            n += 1;
            None
        });
        assert!(none.is_none());
        assert_eq!(n, 84);
    }
}
