//! Colouring: the conjugate pairs of one digit, coloured in two alternating colours, so
//! that in each connected cluster one colour is true and the other false. Simple colours
//! work in one cluster, multi colours across two.

#[cfg(not(feature = "fast"))]
use super::bits::Kept;
use super::bits::{self, kept, Cells, Keep};
use super::marks::Marks;
use super::step::Step;
use super::technique::Technique;
use crate::candidates::Digits;
use heapless::Vec;

/// The most clusters of one digit considered.
const CLUSTERS: usize = 16;

/// The two cells of `places` in `unit` if there are exactly two, else none.
#[cfg(feature = "fast")]
fn conjugate_pair(places: Cells, unit: usize) -> Cells {
    let at = places & bits::unit_mask(unit);
    if bits::exactly(at, 2) {
        at
    } else {
        0
    }
}

/// The two cells of `places` in `unit` if there are exactly two, else none, by
/// [`kept_conjugate_pair`]: passed and returned as kept, a set is three words, not four.
#[cfg(not(feature = "fast"))]
#[inline(always)]
fn conjugate_pair(places: Cells, unit: usize) -> Cells {
    let Kept([low, middle, high]) = kept(places);
    kept_conjugate_pair(low, middle, high, unit).get()
}

/// The compact build's [`conjugate_pair`]. Out of line.
#[cfg(not(feature = "fast"))]
#[inline(never)]
fn kept_conjugate_pair(low: u32, middle: u32, high: u32, unit: usize) -> Kept {
    let at = Kept([low, middle, high]).get() & bits::unit_mask(unit);
    kept(if bits::exactly(at, 2) { at } else { 0 })
}

#[cfg(feature = "fast")]
pub(crate) use cluster_of as cluster;

/// [`cluster`], by [`kept_cluster`]: passed and returned as kept, a set is three words,
/// not four.
#[cfg(not(feature = "fast"))]
#[inline(always)]
pub(crate) fn cluster(places: Cells, start: usize, seeing: bool) -> (Cells, Cells) {
    let Kept([low, middle, high]) = kept(places);
    let (on, off) = kept_cluster(low, middle, high, start, seeing);
    (on.get(), off.get())
}

/// The compact build's [`cluster`]. Out of line.
#[cfg(not(feature = "fast"))]
#[inline(never)]
fn kept_cluster(low: u32, middle: u32, high: u32, start: usize, seeing: bool) -> (Kept, Kept) {
    let (on, off) = cluster_of(Kept([low, middle, high]).get(), start, seeing);
    (kept(on), kept(off))
}

/// The cluster of `digit`'s conjugate pairs that holds the cell `start`, split in its two
/// colours (one of which is true, the other false): `start`'s colour first. With
/// `seeing`, the cluster of `start` among the cells of `places` linked when they see each
/// other instead (a remote pair's). The fast build's `cluster`; the compact build's
/// passes the sets as kept.
#[cfg_attr(feature = "fast", inline(never))]
#[cfg_attr(not(feature = "fast"), inline(always))]
pub(crate) fn cluster_of(places: Cells, start: usize, seeing: bool) -> (Cells, Cells) {
    // A unit's conjugate pair is read off the places when needed rather than kept: 27
    // cell masks would be 432 bytes of stack on one of the engine's deepest paths.
    // The colours and the frontier are kept across the walk's rounds: as `Cells`, the
    // compact build carried a fourth word of zeros from one round to the next (10 bytes
    // more of a Cortex-M0's flash).
    let (mut on, mut off) = (kept(bits::bit(start)), kept(0));
    let mut frontier = on;
    let mut to_off = true;
    while frontier.get() != 0 {
        let mut next = 0;
        for cell in bits::iter(frontier.get()) {
            if seeing {
                next |= bits::peers(cell) & places;
                continue;
            }
            // Every cell reached holds the digit, so a unit's pair holds the cell.
            for unit in bits::units_of(cell) {
                next |= conjugate_pair(places, unit);
            }
        }
        next &= !(on.get() | off.get());
        if to_off {
            off.set(off.get() | next);
        } else {
            on.set(on.get() | next);
        }
        to_off = !to_off;
        frontier.set(next);
    }
    (on.get(), off.get())
}

/// The clusters of `digit`: the connected groups of its conjugate pairs, each by its first
/// cell, in cell order. [`cluster`] gives a cluster's colours again from its first cell:
/// 16 clusters' colours would be 512 bytes of stack on one of the engine's deepest paths.
#[cfg_attr(feature = "fast", inline(never))]
fn clusters(marks: &Marks, digit: u8, out: &mut Vec<u8, CLUSTERS>) {
    let places = marks.positions(digit);
    let linked = (0..27).fold(0 as Cells, |linked, unit| {
        linked | conjugate_pair(places, unit)
    });
    let mut done: Cells = 0;
    for start in bits::iter(linked) {
        if bits::has(done, start) {
            continue;
        }
        let (on, off) = cluster(places, start, false);
        done |= on | off;
        if out.push(start as u8).is_err() {
            return;
        }
    }
}

/// The cells outside `a` and `b` that see a cell of each: a pattern's targets when one
/// of its two sets holds the digit.
#[cfg(feature = "fast")]
pub(crate) fn seeing_both(a: Cells, b: Cells) -> Cells {
    seen(a) & seen(b) & !(a | b)
}

/// The cells that see at least one cell of `cells`.
#[cfg(feature = "fast")]
pub(crate) fn seen(cells: Cells) -> Cells {
    bits::iter(cells).fold(0, |seen, c| seen | bits::peers(c))
}

/// The cells outside `a` and `b` that see a cell of each, from [`kept_seeing_both`]: a
/// caller then knows that the fourth word is zero.
#[cfg(not(feature = "fast"))]
#[inline(always)]
pub(crate) fn seeing_both(a: Cells, b: Cells) -> Cells {
    let (Kept(a), Kept(b)) = (kept(a), kept(b));
    kept_seeing_both(a[0], a[1], a[2], b[0], b[1], b[2]).get()
}

/// The compact build's [`seeing_both`], as kept. Out of line.
#[cfg(not(feature = "fast"))]
#[inline(never)]
fn kept_seeing_both(a0: u32, a1: u32, a2: u32, b0: u32, b1: u32, b2: u32) -> Kept {
    let (a, b) = (Kept([a0, a1, a2]).get(), Kept([b0, b1, b2]).get());
    kept(seen(a) & seen(b) & !(a | b))
}

/// The cells that see at least one cell of `cells`, from [`kept_seen`].
#[cfg(not(feature = "fast"))]
#[inline(always)]
pub(crate) fn seen(cells: Cells) -> Cells {
    let Kept([low, middle, high]) = kept(cells);
    kept_seen(low, middle, high).get()
}

/// The compact build's [`seen`], as kept. Out of line.
#[cfg(not(feature = "fast"))]
#[inline(never)]
fn kept_seen(low: u32, middle: u32, high: u32) -> Kept {
    kept(bits::iter(Kept([low, middle, high]).get()).fold(0, |seen, c| seen | bits::peers(c)))
}

/// Simple colours (`technique`) on one cluster of at least four cells: a colour that
/// sees itself is false (wrap); a cell that sees both colours loses the digit (trap).
/// Or multi colours, two clusters of one digit: a colour that sees both colours of the
/// other cluster is false; and when colour `a1` sees colour `b1`, one of `a2`, `b2` is
/// true, so a cell seeing both loses the digit. One walk of the digits and their
/// clusters for both.
#[inline(never)]
pub(crate) fn colors(marks: &Marks, technique: Technique, skip: u16, out: &mut Step) -> bool {
    for digit in Digits::from_bits(!skip) {
        let mut found = Vec::new();
        clusters(marks, digit, &mut found);
        let found = if technique == Technique::SimpleColors {
            simple_colors_of(marks, digit, &found, out)
        } else {
            multi_colors_of(marks, digit, &found, out)
        };
        if found {
            return true;
        }
    }
    false
}

/// Simple colours for one digit whose clusters start at the cells `found`. Inline in
/// [`colors`], its one caller, as [`multi_colors_of`] (out of line, 52 bytes more of a
/// Cortex-M0's flash).
fn simple_colors_of(marks: &Marks, digit: u8, found: &[u8], out: &mut Step) -> bool {
    let places = marks.positions(digit);
    for &first in found {
        let (on, off) = cluster(places, usize::from(first), false);
        if !bits::at_least(on | off, 4) {
            continue;
        }
        // A colour that sees itself (first `on`, then `off`), the other colour, and the
        // cells that lose the digit: the false colour itself, else those that see both
        // colours. One call writes the step, whichever it is.
        let (colour, other, targets) = if seen(on) & on != 0 {
            (on, off, on)
        } else if seen(off) & off != 0 {
            (off, on, off)
        } else {
            (on, off, places & seeing_both(on, off))
        };
        if targets != 0 {
            step(Technique::SimpleColors, digit, colour, other, targets, out);
            return true;
        }
    }
    false
}

/// Multi colours for one digit whose clusters start at the cells `found`. Inline in
/// [`colors`], its one caller: out of line (52 bytes more of a Cortex-M0's flash) its
/// frame was apart from the clusters' search, but neither is on the engine's deepest
/// stack (its colours and their seen cells once took 520 bytes of a Cortex-M0's stack).
fn multi_colors_of(marks: &Marks, digit: u8, found: &[u8], out: &mut Step) -> bool {
    let places = marks.positions(digit);
    for &a in found {
        let (a_on, a_off) = cluster(places, usize::from(a), false);
        for &b in found {
            if a == b {
                continue;
            }
            let (b_on, b_off) = cluster(places, usize::from(b), false);
            // Each cluster's colours are disjoint: a colour is its cluster without the other.
            let (a_all, b_all) = (a_on | a_off, b_on | b_off);
            for a2 in [a_off, a_on] {
                let a1 = a_all & !a2;
                let near = seen(a1);
                // A colour that sees both of the other cluster's loses the digit, else the
                // cells that see both of two colours that cannot both be false.
                let mut targets = if near & b_on != 0 && near & b_off != 0 {
                    a1
                } else {
                    0
                };
                for b2 in [b_off, b_on] {
                    if targets == 0 && near & b_all & !b2 != 0 {
                        targets = places & !(a_all | b_all) & seeing_both(a2, b2);
                    }
                }
                if targets != 0 {
                    step(Technique::MultiColors, digit, a_all, b_all, targets, out);
                    return true;
                }
            }
        }
    }
    false
}

/// Writes the step into `out`: the digit's cells `a` and `b`, and the `targets` that lose it.
/// Inline in the compact build: its three sets passed by value went through memory, and
/// each of its calls stored them (28 bytes more of a Cortex-M0's flash).
#[cfg_attr(not(feature = "fast"), inline(always))]
fn step(technique: Technique, digit: u8, a: Cells, b: Cells, targets: Cells, out: &mut Step) {
    out.reset_on(technique, digit);
    out.nodes(a, digit);
    out.nodes(b, digit);
    out.eliminate_all(targets, digit);
}
