//! Cell sets as 81-bit masks in a `u128` (bit `cell` for cell `0..81`), and the masks of
//! units and (in the fast build; the compact one computes them) peers, built by `const fn`.
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

/// A set of cells as a record keeps it (the marks' places of each digit, an ALS's reach,
/// what the ALS techniques found nothing for), read and written through [`Keep`]. In the
/// compact build, the three 32-bit words that hold its 81 bits: 12 bytes where a `Cells`
/// takes 16, aligned to 4 bytes where a `Cells` is aligned to 8 on Cortex-M. The compiler
/// then copies and clears such records with the 4-byte routines that solving links
/// anyway (rather than 8-byte ones of their own: 276 bytes of a Cortex-M0's flash), and
/// drops the work on a fourth word it knows is zero. A `Cells` in the fast build.
///
/// The compact build's out-of-line helpers (`kept_first`, `Step::kept_nodes`, ...) take
/// a set as its three words, each an argument: a `Kept` by value is 12 bytes, which
/// Rust passes through memory (the caller stores the words and passes their address),
/// where three words go in registers. A set the marks or a table hold is returned as a
/// reference to it, in a register, rather than as a copy written through memory (the
/// two: 380 bytes less of a Cortex-M0's flash).
#[cfg(not(feature = "fast"))]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Kept(pub(crate) [u32; 3]);

/// A set of cells as a record keeps it: see the compact build's.
#[cfg(feature = "fast")]
pub(crate) type Kept = Cells;

/// `cells`, as a record keeps them.
#[inline(always)]
pub(crate) const fn kept(cells: Cells) -> Kept {
    #[cfg(not(feature = "fast"))]
    let cells = Kept([cells as u32, (cells >> 32) as u32, (cells >> 64) as u32]);
    cells
}

/// Reads and writes a [`Kept`] set by value, and takes a cell out of it in place.
pub(crate) trait Keep {
    /// The set.
    fn get(&self) -> Cells;
    /// Makes the set `cells`.
    fn set(&mut self, cells: Cells);
    /// Takes `cell` out, as [`remove`]: in the compact build, out of the cell's word
    /// alone, with no set for its bit.
    fn remove(&mut self, cell: usize);
}

impl Keep for Kept {
    #[inline(always)]
    fn get(&self) -> Cells {
        #[cfg(not(feature = "fast"))]
        let cells = {
            let [low, middle, high] = self.0;
            Cells::from(low) | Cells::from(middle) << 32 | Cells::from(high) << 64
        };
        #[cfg(feature = "fast")]
        let cells = *self;
        cells
    }

    #[inline(always)]
    fn set(&mut self, cells: Cells) {
        *self = kept(cells);
    }

    #[cfg(feature = "fast")]
    #[inline(always)]
    fn remove(&mut self, cell: usize) {
        remove(self, cell);
    }

    #[cfg(not(feature = "fast"))]
    #[inline(always)]
    fn remove(&mut self, cell: usize) {
        if let Some(word) = self.0.get_mut(cell / 32) {
            *word &= !(1 << (cell % 32));
        }
    }
}

/// The cells of each unit (rows `0..9`, columns `9..18`, boxes `18..27`).
pub(crate) const UNIT_MASK: [Cells; 27] = unit_masks();

/// The 20 peers of each cell (the cells sharing a unit with it, not itself).
#[cfg(feature = "fast")]
const PEERS: [Cells; 81] = peer_masks();

/// The three units of each cell: its row, 9 + its column, 18 + its box. The compact
/// solver has the same table, which a firmware then holds once (in place of the row,
/// column and box tables, 243 bytes).
#[cfg(not(feature = "fast"))]
pub(crate) const CELL_UNITS: [[u8; 3]; 81] = {
    let mut table = [[0u8; 3]; 81];
    let mut c = 0;
    while c < 81 {
        table[c] = [ROW[c], 9 + COL[c], 18 + BOX[c]];
        c += 1;
    }
    table
};

/// The three units of each cell as a set of units (bit `u` for unit `u`).
#[cfg(feature = "fast")]
const UNIT_SETS: [u32; 81] = unit_sets();

/// The units of `cell`, as unit bits (none for a cell not below 81).
#[cfg(feature = "fast")]
#[inline]
pub(crate) fn unit_bits(cell: usize) -> u32 {
    UNIT_SETS.get(cell).copied().unwrap_or(0)
}

/// The units of `cell`, as unit bits (none for a cell not below 81), from the compact
/// solver's table of a cell's units rather than a table of their bits (324 bytes). Out
/// of line: the three shifts are longer code than a call. (Inline in the chain search's
/// end test, where a call adds to the deepest frames, it took 8 to 16 bytes more of the
/// deepest stack, not less.)
#[cfg(not(feature = "fast"))]
#[inline(never)]
pub(crate) fn unit_bits(cell: usize) -> u32 {
    match CELL_UNITS.get(cell) {
        Some(&[r, c, b]) => 1 << r | 1 << c | 1 << b,
        None => 0,
    }
}

#[cfg(feature = "fast")]
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

#[cfg(feature = "fast")]
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
#[cfg(feature = "fast")]
#[inline]
pub(crate) const fn bit(cell: usize) -> Cells {
    if cell < 81 {
        1 << cell
    } else {
        0
    }
}

/// The set holding only `cell`; empty when `cell` is not below 81. From [`kept_bit`]: a
/// caller then knows that the fourth word is zero.
#[cfg(not(feature = "fast"))]
#[inline(always)]
pub(crate) fn bit(cell: usize) -> Cells {
    kept_bit(cell).get()
}

/// The compact build's [`bit`], as kept: its word, by a shift by a constant number of
/// whole words (on a Cortex-M0 a 128-bit shift by a variable takes a 64-byte frame, at
/// the bottom of the engine's deepest paths). Out of line.
#[cfg(not(feature = "fast"))]
#[inline(never)]
fn kept_bit(cell: usize) -> Kept {
    let low = 1u32 << (cell % 32);
    Kept(match cell {
        0..=31 => [low, 0, 0],
        32..=63 => [0, low, 0],
        64..=80 => [0, 0, low],
        _ => [0; 3],
    })
}

/// Adds `cell` to `cells` (nothing for a cell not below 81). Out of line in the compact
/// build: a 128-bit set in and out of a call to [`bit`] is long code on a Cortex-M0.
#[cfg_attr(feature = "fast", inline)]
#[cfg_attr(not(feature = "fast"), inline(never))]
pub(crate) fn insert(cells: &mut Cells, cell: usize) {
    *cells |= bit(cell);
}

/// True if `cell` is in `cells`.
#[cfg(feature = "fast")]
#[inline]
pub(crate) fn has(cells: Cells, cell: usize) -> bool {
    cells & bit(cell) != 0
}

/// True if `cell` is in `cells`, by [`kept_has`]: passed as kept, the set is three
/// words, not four.
#[cfg(not(feature = "fast"))]
#[inline(always)]
pub(crate) fn has(cells: Cells, cell: usize) -> bool {
    let Kept([low, middle, high]) = kept(cells);
    kept_has(low, middle, high, cell)
}

/// The compact build's [`has`], out of line as [`insert`], read from the cell's 32-bit
/// word: no 128-bit set for its bit.
#[cfg(not(feature = "fast"))]
#[inline(never)]
fn kept_has(low: u32, middle: u32, high: u32, cell: usize) -> bool {
    let cells = Kept([low, middle, high]);
    let word = match cell {
        0..=80 => cells.0.get(cell / 32).copied().unwrap_or(0),
        _ => 0,
    };
    word >> (cell % 32) & 1 != 0
}

/// Takes `cell` out of `cells`, as [`insert`] puts it in. Inline: with the cell's bit
/// kept in three words, the compact build's callers take it out in less code than a
/// call (30 bytes less on a Cortex-M0).
#[cfg_attr(feature = "fast", inline)]
#[cfg_attr(not(feature = "fast"), inline(always))]
pub(crate) fn remove(cells: &mut Cells, cell: usize) {
    *cells &= !bit(cell);
}

/// The peers of `cell` (empty when `cell` is not below 81).
#[cfg(feature = "fast")]
#[inline]
pub(crate) fn peers(cell: usize) -> Cells {
    PEERS.get(cell).copied().unwrap_or(0)
}

/// The peers of `cell`, as the fast build's, from [`kept_peers`]: a caller then knows
/// that the fourth word is zero.
#[cfg(not(feature = "fast"))]
#[inline(always)]
pub(crate) fn peers(cell: usize) -> Cells {
    kept_peers(cell).get()
}

/// The compact build's [`peers`], as kept, from the masks of its three units rather than
/// a table of 81 (1.3 KB of flash). Out of line.
#[cfg(not(feature = "fast"))]
#[inline(never)]
fn kept_peers(cell: usize) -> Kept {
    kept(match CELL_UNITS.get(cell) {
        Some(&[r, c, b]) => {
            let (row, col) = (inline_mask(usize::from(r)), inline_mask(usize::from(c)));
            // A row and a column meet in one cell: no 128-bit shift for its bit.
            (row | col | inline_mask(usize::from(b))) & !(row & col)
        }
        None => 0,
    })
}

/// True if cells `a` and `b` see each other: two cells of one unit (false for a cell
/// and itself, or a cell not below 81). From the sets of their units, without a 128-bit
/// set.
#[cfg_attr(feature = "fast", inline)]
#[cfg_attr(not(feature = "fast"), inline(never))]
pub(crate) fn sees(a: usize, b: usize) -> bool {
    a != b && unit_bits(a) & unit_bits(b) != 0
}

/// The two cells of a set of two, lowest first (for another set: its lowest cell and the
/// lowest of the others).
#[cfg(feature = "fast")]
#[inline]
pub(crate) fn two(pair: Cells) -> (usize, usize) {
    let a = first(pair);
    (a, first(pair & !bit(a)))
}

/// The two cells of a set of two, as the fast build's: the second the lowest of the set
/// without its lowest bit, cleared by arithmetic rather than through that cell's set.
#[cfg(not(feature = "fast"))]
#[inline]
pub(crate) fn two(pair: Cells) -> (usize, usize) {
    (first(pair), first(pair & pair.wrapping_sub(1)))
}

/// The cells that see both `a` and `b` (their common peers). The fast build's only: the
/// compact one asks cell by cell (`Marks::seeing_both`).
#[cfg(feature = "fast")]
#[inline]
pub(crate) fn seen_by(a: usize, b: usize) -> Cells {
    peers(a) & peers(b)
}

/// The cells of unit `unit` (empty when `unit` is not below 27).
#[cfg(feature = "fast")]
#[inline]
pub(crate) fn unit_mask(unit: usize) -> Cells {
    mask(unit)
}

/// The cells of unit `unit` (empty when `unit` is not below 27), from
/// [`kept_unit_mask`]: a caller then knows that the fourth word is zero.
#[cfg(not(feature = "fast"))]
#[inline(always)]
pub(crate) fn unit_mask(unit: usize) -> Cells {
    Kept(*kept_unit_mask(unit)).get()
}

/// The compact build's [`unit_mask`], as its words in [`UNIT_WORDS`]. Out of line: a
/// Cortex-M0 loads the words of a mask in code each caller would copy.
#[cfg(not(feature = "fast"))]
#[inline(never)]
fn kept_unit_mask(unit: usize) -> &'static [u32; 3] {
    UNIT_WORDS.get(unit).unwrap_or(&[0; 3])
}

/// [`unit_mask`], inline: for [`peers`], the chain search and the forcing net's
/// propagation, at the bottom of the engine's deepest paths, where a call would add to
/// their frames, and in their loops, which run most.
#[cfg(feature = "fast")]
#[inline(always)]
pub(crate) fn mask(unit: usize) -> Cells {
    UNIT_MASK.get(unit).copied().unwrap_or(0)
}

/// [`unit_mask`], for the callers that the fast build gives it inline: a call, but for
/// [`peers`], which reads [`UNIT_WORDS`] inline.
#[cfg(not(feature = "fast"))]
#[inline(always)]
pub(crate) fn mask(unit: usize) -> Cells {
    unit_mask(unit)
}

/// [`unit_mask`], inline, from [`UNIT_WORDS`].
#[cfg(not(feature = "fast"))]
#[inline(always)]
fn inline_mask(unit: usize) -> Cells {
    UNIT_WORDS.get(unit).map_or(0, |&[low, middle, high]| {
        Cells::from(low) | Cells::from(middle) << 32 | Cells::from(high) << 64
    })
}

/// The compact build's unit masks, as the three 32-bit words that hold a set's 81 bits:
/// 324 bytes where [`UNIT_MASK`] takes 432 on a Cortex-M0 (a fourth word of zeros). A
/// `static`, which [`kept_unit_mask`] returns references into.
#[cfg(not(feature = "fast"))]
static UNIT_WORDS: [[u32; 3]; 27] = {
    let mut words = [[0; 3]; 27];
    let mut u = 0;
    while u < 27 {
        let mask = UNIT_MASK[u];
        words[u] = [mask as u32, (mask >> 32) as u32, (mask >> 64) as u32];
        u += 1;
    }
    words
};

/// The three units of `cell`: its row, column and box (`[0, 9, 18]` for an out-of-range
/// cell, which callers never pass).
#[cfg(feature = "fast")]
#[inline]
pub(crate) fn units_of(cell: usize) -> [usize; 3] {
    match (ROW.get(cell), COL.get(cell), BOX.get(cell)) {
        (Some(&r), Some(&c), Some(&b)) => [r as usize, 9 + c as usize, 18 + b as usize],
        _ => [0, 9, 18],
    }
}

/// The three units of `cell`, as the fast build's, from the compact solver's table.
#[cfg(not(feature = "fast"))]
#[inline(never)]
pub(crate) fn units_of(cell: usize) -> [usize; 3] {
    match CELL_UNITS.get(cell) {
        Some(&[r, c, b]) => [usize::from(r), usize::from(c), usize::from(b)],
        None => [0, 9, 18],
    }
}

/// The lowest cell of a non-empty set (128 for an empty one).
#[cfg(feature = "fast")]
#[inline]
pub(crate) const fn first(cells: Cells) -> usize {
    cells.trailing_zeros() as usize
}

/// The lowest cell of a non-empty set (128 for an empty one), word by word: a Cortex-M0
/// has no instruction for it (see [`lowest_bit`]).
#[cfg(not(feature = "fast"))]
#[inline(always)]
pub(crate) fn first(cells: Cells) -> usize {
    let Kept([low, middle, high]) = kept(cells);
    kept_first(low, middle, high)
}

/// The compact build's [`first`], of a set passed as kept (three words). Out of line.
#[cfg(not(feature = "fast"))]
#[inline(never)]
fn kept_first(low: u32, middle: u32, high: u32) -> usize {
    lowest(Kept([low, middle, high]).get(), lowest_bit)
}

/// [`first`], inline, with `count` the trailing-zero count of a 32-bit word: one count
/// serves the words, where a 128-bit count has a copy (and a 32-byte table) for each.
#[cfg(not(feature = "fast"))]
#[inline(always)]
fn lowest(cells: Cells, count: impl Fn(u32) -> usize) -> usize {
    let (mut rest, mut base) = (cells, 0);
    while base < 128 {
        let word = rest as u32;
        if word != 0 {
            return base + count(word);
        }
        rest >>= 32;
        base += 32;
    }
    128
}

/// The index of the lowest bit of a 32-bit word (32 for none). Out of line in the
/// compact build: a Cortex-M0 has no instruction for it, and each inline copy took a
/// multiplication and a 32-byte table.
#[cfg_attr(feature = "fast", inline)]
#[cfg_attr(not(feature = "fast"), inline(never))]
pub(crate) const fn lowest_bit(word: u32) -> usize {
    word.trailing_zeros() as usize
}

/// The number of cells in the set. Out of line: without a population-count instruction
/// (the portable build) it is long code, which each caller would copy. (The compact
/// build counts a unit's cells one by one: on a Cortex-M0 this is 152 bytes.)
#[cfg(any(test, feature = "fast"))]
#[inline(never)]
pub(crate) const fn count(cells: Cells) -> u32 {
    cells.count_ones()
}

/// True if the set holds at least `n` cells (`n` small), by [`kept_at_least`].
#[cfg(not(feature = "fast"))]
#[inline(always)]
pub(crate) fn at_least(cells: Cells, n: u32) -> bool {
    let Kept([low, middle, high]) = kept(cells);
    kept_at_least(low, middle, high, n)
}

/// True if the set holds exactly `n` cells (`n` small), by [`kept_exactly`].
#[cfg(not(feature = "fast"))]
#[inline(always)]
pub(crate) fn exactly(cells: Cells, n: u32) -> bool {
    let Kept([low, middle, high]) = kept(cells);
    kept_exactly(low, middle, high, n)
}

/// The compact build's [`at_least`], of a set passed as kept (three words). Out of line.
#[cfg(not(feature = "fast"))]
#[inline(never)]
fn kept_at_least(low: u32, middle: u32, high: u32, n: u32) -> bool {
    at_least_of(Kept([low, middle, high]).get(), n)
}

/// The compact build's [`exactly`], of a set passed as kept. Out of line.
#[cfg(not(feature = "fast"))]
#[inline(never)]
fn kept_exactly(low: u32, middle: u32, high: u32, n: u32) -> bool {
    kept_at_least(low, middle, high, n) && !kept_at_least(low, middle, high, n + 1)
}

/// True if the set holds at least `n` cells (`n` small: it drops the lowest cell `n - 1`
/// times).
#[cfg(feature = "fast")]
#[inline]
pub(crate) const fn at_least(cells: Cells, n: u32) -> bool {
    at_least_of(cells, n)
}

/// [`at_least`]'s count.
#[inline(always)]
const fn at_least_of(cells: Cells, n: u32) -> bool {
    let mut rest = cells;
    let mut k = 1;
    while k < n {
        rest &= rest.wrapping_sub(1);
        k += 1;
    }
    n == 0 || rest != 0
}

/// True if the set holds exactly `n` cells (`n` small).
#[cfg(feature = "fast")]
#[inline]
pub(crate) const fn exactly(cells: Cells, n: u32) -> bool {
    at_least(cells, n) && !at_least(cells, n + 1)
}

/// True if the set holds exactly one cell. Cheaper than `count(cells) == 1` on targets
/// without a population-count instruction (the portable x86-64 build, Cortex-M0).
#[cfg(test)]
#[inline]
pub(crate) const fn is_one(cells: Cells) -> bool {
    cells != 0 && cells & (cells - 1) == 0
}

/// The cells of a set, lowest first: the set still to walk, in the compact build as
/// kept (a fourth word of zeros is no work, nor stack, in its steps and its callers).
#[derive(Clone, Copy)]
pub(crate) struct Iter(Kept);

impl Iterator for Iter {
    type Item = usize;
    #[cfg(feature = "fast")]
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let cell = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(cell)
    }

    // Out of line in the compact build: the 128-bit steps are long code on a Cortex-M0.
    // A lowest cell not below 81 ends the walk: 128 for an empty set (a test of the set
    // first took 4 bytes more of the engine's deepest stack), or a bit above 80, which
    // [`iter`] leaves in (each of its callers clearing them took 202 bytes of a
    // Cortex-M0's flash). The word's count is `lowest_bit`'s:
    // inline, it was 50 bytes more on a Cortex-M0 (whose deepest stack it once took
    // further, no longer since the sets are kept in three words). Without an attribute:
    // the compiler keeps it out of line but takes some callers' steps inline, 284 bytes
    // less of a Cortex-M0's flash than `inline(never)`, the deepest stack unchanged.
    #[cfg(not(feature = "fast"))]
    fn next(&mut self) -> Option<usize> {
        let rest = self.0.get();
        let cell = lowest(rest, lowest_bit);
        if cell >= 81 {
            return None;
        }
        self.0.set(rest & rest.wrapping_sub(1));
        Some(cell)
    }
}

/// Iterates the cells of `cells` (bits above 80 are dropped).
#[cfg(feature = "fast")]
#[inline]
pub(crate) const fn iter(cells: Cells) -> Iter {
    Iter(kept(cells & ALL_CELLS))
}

/// Iterates the cells of `cells` (bits above 80 are dropped: the walk ends at the first
/// of them, which are the highest, rather than each caller clearing them).
#[cfg(not(feature = "fast"))]
#[inline]
pub(crate) const fn iter(cells: Cells) -> Iter {
    Iter(kept(cells))
}

/// Calls `visit(chosen, union)` for each choice of `n` (1 to 4) of the `items` (each a
/// 9-bit set), in increasing order of indices, where `chosen` has bit `i` for item `i` and
/// `union` is the union of the chosen sets; a partial choice whose union already has more
/// than `max` bits is not extended. Stops at the first `Some`.
#[cfg(feature = "fast")]
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

/// The same choices in the same order as the fast build's `choose`, from a walk out of
/// line that all callers share: each caller's copy is only the loop that calls `visit`.
#[cfg(not(feature = "fast"))]
pub(crate) fn choose<T>(
    items: &[u16; 9],
    usable: u16,
    n: usize,
    max: u32,
    mut visit: impl FnMut(u16, u16) -> Option<T>,
) -> Option<T> {
    let mut walk = Choices::new(usable, n, max);
    while let Some((chosen, union)) = walk.next(items) {
        if let Some(t) = visit(chosen, union) {
            return Some(t);
        }
    }
    None
}

/// The walk of [`choose`]'s choices, depth first: `picked[k]` is the item chosen at depth
/// k, `chosen[k]` and `unions[k]` the items chosen above depth k and the union of their
/// sets. The compact build's [`choose`], and in both builds a walk a caller can hold and
/// resume.
pub(crate) struct Choices {
    picked: [u8; 4],
    chosen: [u16; 4],
    unions: [u16; 4],
    depth: usize,
    next: usize,
    size: usize,
    usable: u16,
    max: u32,
}

impl Choices {
    /// The walk's start. Out of line: its callers each had a copy.
    #[inline(never)]
    pub(crate) fn new(usable: u16, n: usize, max: u32) -> Choices {
        Choices {
            picked: [0; 4],
            chosen: [0; 4],
            unions: [0; 4],
            depth: 0,
            next: 0,
            size: if (1..=3).contains(&n) { n } else { 4 },
            usable,
            max,
        }
    }

    /// Starts this walk again, as [`Choices::new`], in place: a walk held in a caller's
    /// frame is not copied through a temporary.
    #[inline(never)]
    pub(crate) fn restart(&mut self, usable: u16, n: usize, max: u32) {
        self.chosen[0] = 0;
        self.unions[0] = 0;
        self.depth = 0;
        self.next = 0;
        self.size = if (1..=3).contains(&n) { n } else { 4 };
        self.usable = usable;
        self.max = max;
    }

    /// The next choice of `items` (the same at each call), as `(chosen, union)`. Out of
    /// line in the fast build; left to the compiler in the compact one (20 bytes less of
    /// a Cortex-M0's flash).
    #[cfg_attr(feature = "fast", inline(never))]
    pub(crate) fn next(&mut self, items: &[u16; 9]) -> Option<(u16, u16)> {
        loop {
            let next = self.next;
            let Some(&item) = items.get(next) else {
                if self.depth == 0 {
                    return None;
                }
                self.depth -= 1;
                self.next = usize::from(self.picked[self.depth & 3]) + 1;
                continue;
            };
            self.next = next + 1;
            let depth = self.depth & 3;
            let union = self.unions[depth] | item;
            if self.usable & (1 << next) == 0 || count9(union) > self.max {
                continue;
            }
            self.picked[depth] = next as u8;
            if self.depth + 1 == self.size {
                return Some((self.chosen[depth] | 1 << next, union));
            }
            self.depth += 1;
            self.chosen[self.depth & 3] = self.chosen[depth] | 1 << next;
            self.unions[self.depth & 3] = union;
        }
    }
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
    fn unit_masks_are_the_table() {
        for (unit, &cells) in UNIT_MASK.iter().enumerate() {
            assert_eq!(unit_mask(unit), cells, "{unit}");
            assert_eq!(mask(unit), cells, "{unit}");
        }
        assert_eq!(mask(27), 0);
        assert_eq!(mask(usize::MAX), 0);
    }

    #[test]
    fn masks() {
        for cell in 0..81 {
            let shares = |other: usize| {
                ROW[other] == ROW[cell] || COL[other] == COL[cell] || BOX[other] == BOX[cell]
            };
            let expected = (0..81)
                .filter(|&other| other != cell && shares(other))
                .fold(0, |set, other| set | bit(other));
            assert_eq!(peers(cell), expected, "{cell}");
        }
        assert_eq!(peers(81), 0);
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

    /// Every choice `choose` visits, in order, against all index tuples in lexicographic
    /// order whose items are usable and whose every prefix keeps its union within `max`;
    /// and it stops at the first `Some`.
    #[test]
    fn choose_visits_the_pruned_choices_in_order() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut draw = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..400 {
            let mut items = [0u16; 9];
            for item in &mut items {
                *item = (draw() & 0x3FE) as u16 & (draw() & 0x3FE) as u16;
            }
            let usable = (draw() & 0x1FF) as u16;
            let n = (draw() % 4 + 1) as usize;
            let max = (draw() % 8 + 1) as u32;
            // Every n-subset of 0..9 as its increasing index tuple, in lexicographic order,
            // kept when each item is usable and no prefix's union exceeds `max`.
            let mut tuples = heapless::Vec::<[usize; 4], 128>::new();
            for set in 0u16..1 << 9 {
                if set.count_ones() as usize == n {
                    let mut tuple = [9usize; 4];
                    for (slot, i) in tuple.iter_mut().zip((0..9).filter(|i| set >> i & 1 != 0)) {
                        *slot = i;
                    }
                    assert!(tuples.push(tuple).is_ok());
                }
            }
            tuples.sort_unstable();
            let mut expected = heapless::Vec::<(u16, u16), 128>::new();
            for tuple in &tuples {
                let mut union = 0u16;
                let kept = tuple[..n].iter().all(|&i| {
                    union |= items[i];
                    usable & (1 << i) != 0 && union.count_ones() <= max
                });
                if kept {
                    let chosen = tuple[..n].iter().fold(0u16, |set, &i| set | 1 << i);
                    assert!(expected.push((chosen, union)).is_ok());
                }
            }
            let mut seen = heapless::Vec::<(u16, u16), 128>::new();
            let none: Option<()> = choose(&items, usable, n, max, |chosen, union| {
                assert!(seen.push((chosen, union)).is_ok());
                None
            });
            assert!(none.is_none());
            assert_eq!(seen, expected, "{items:?} {usable:#x} {n} {max}");
            if let Some(&stop) = expected.get(expected.len() / 2) {
                let mut calls = 0;
                let found = choose(&items, usable, n, max, |chosen, union| {
                    calls += 1;
                    ((chosen, union) == stop).then_some(calls)
                });
                assert_eq!(found, Some(expected.len() / 2 + 1));
            }
        }
    }
}
