//! Naked and hidden subsets (pairs, triples, quads) in one unit.

use super::bits;
use super::marks::Marks;
use super::step::Step;
use super::technique::Technique;
use crate::board::UNIT_CELLS;
use crate::candidates::Digits;

/// `n` empty cells of a unit whose candidates together are `n` digits: the other cells of
/// the unit lose those digits. Units in `quiet` (unit bits) are known to hold none and
/// are not looked at; each unit looked at that holds none is added to it. Whether a unit
/// holds one depends on its cells' candidates alone.
#[inline(never)]
pub(crate) fn naked(marks: &Marks, n: u32, quiet: &mut u32, out: &mut Step) -> bool {
    subset(marks, n, false, quiet, out)
}

/// `n` digits of a unit confined to `n` cells: those cells lose their other candidates.
/// Units in `quiet` are passed over and added to as by [`naked`].
#[inline(never)]
pub(crate) fn hidden(marks: &Marks, n: u32, quiet: &mut u32, out: &mut Step) -> bool {
    subset(marks, n, true, quiet, out)
}

/// The naked subsets of size `n`, or the hidden ones if `hidden`: one search, as each is
/// the other with cells and digits swapped. Its items are a unit's cells (the digits of
/// each) for a naked subset, its digits (the places of each, `0..9` within the unit) for a
/// hidden one; `n` items whose union has `n` bits are the subset. Out of line in the
/// compact build, where the two share its code.
#[cfg_attr(not(feature = "fast"), inline(never))]
fn subset(marks: &Marks, n: u32, hidden: bool, quiet: &mut u32, out: &mut Step) -> bool {
    let technique = match (hidden, n) {
        (false, 2) => Technique::NakedPair,
        (false, 3) => Technique::NakedTriple,
        (false, _) => Technique::NakedQuad,
        (true, 2) => Technique::HiddenPair,
        (true, 3) => Technique::HiddenTriple,
        (true, _) => Technique::HiddenQuad,
    };
    for (unit, cells) in UNIT_CELLS.iter().enumerate() {
        if *quiet & 1 << unit != 0 {
            continue;
        }
        let mut items = [0u16; 9];
        for (k, &cell) in cells.iter().enumerate() {
            let mut candidates = marks.bits(usize::from(cell));
            if !hidden {
                if let Some(item) = items.get_mut(k) {
                    *item = candidates;
                }
                continue;
            }
            while candidates != 0 {
                let i = candidates.trailing_zeros() as usize;
                candidates &= candidates - 1;
                if let Some(p) = items.get_mut(i) {
                    *p |= 1 << k;
                }
            }
        }
        // The items with 1..=n bits, and those with any.
        let mut eligible = 0u16;
        let mut open = 0u16;
        for (i, item) in items.iter().enumerate() {
            if *item != 0 {
                open |= 1 << i;
                if bits::count9(*item) <= n {
                    eligible |= 1 << i;
                }
            }
        }
        if bits::count9(eligible) < n || bits::count9(open) <= n {
            *quiet |= 1 << unit;
            continue;
        }
        let found = bits::choose(&items, eligible, n as usize, n, |combo, union| {
            if bits::count9(union) != n {
                return None;
            }
            // The subset's places in the unit and its digits.
            let (places, digits) = if hidden {
                (union, combo)
            } else {
                (combo, union)
            };
            out.reset(technique);
            for (k, &cell) in cells.iter().enumerate() {
                let cell = usize::from(cell);
                let inside = places & (1 << k) != 0;
                for d in marks.candidates(cell) {
                    let of_subset = digits & (1 << (d - 1)) != 0;
                    if inside && of_subset {
                        out.node(cell, d);
                    } else if inside || of_subset {
                        out.eliminate(cell, d);
                    }
                }
            }
            if out.is_productive() {
                out.unit(unit);
                for d in Digits::from_bits(digits) {
                    out.digit(d);
                }
                return Some(());
            }
            None
        });
        if found.is_some() {
            return true;
        }
        *quiet |= 1 << unit;
    }
    false
}

/// A locked pair or triple: `n` empty cells where a line crosses a box, whose candidates
/// are `n` digits between them; the rest of the line and the rest of the box lose them.
/// `n` is 2 or 3.
#[inline(never)]
pub(crate) fn locked(marks: &Marks, n: u32, out: &mut Step) -> bool {
    let technique = if n == 2 {
        Technique::LockedPair
    } else {
        Technique::LockedTriple
    };
    // Only cells with at most n candidates can be part of one.
    let mut few = 0;
    for cell in bits::iter(marks.unsolved()) {
        let mut rest = marks.bits(cell);
        for _ in 0..n {
            rest &= rest.wrapping_sub(1);
        }
        if rest == 0 {
            few |= bits::bit(cell);
        }
    }
    for line in 0..18 {
        let line_cells = bits::unit_mask(line);
        // The three boxes the line crosses, in increasing order.
        let boxes = if line < 9 {
            let first = 18 + line / 3 * 3;
            [first, first + 1, first + 2]
        } else {
            let first = 18 + (line - 9) / 3;
            [first, first + 3, first + 6]
        };
        for b in boxes {
            let box_cells = bits::unit_mask(b);
            let cross = line_cells & box_cells & few;
            // Fewer than n cells: dropping the lowest n - 1 leaves none.
            let rest = if n == 2 {
                cross & cross.wrapping_sub(1)
            } else {
                let x = cross & cross.wrapping_sub(1);
                x & x.wrapping_sub(1)
            };
            if rest == 0 {
                continue;
            }
            // The cells of the crossing, as positions 0..3, and their candidates.
            let mut sets = [0u16; 3];
            let mut cells = [0usize; 3];
            let mut usable = 0u16;
            for (k, ((slot, set), cell)) in cells
                .iter_mut()
                .zip(sets.iter_mut())
                .zip(bits::iter(cross))
                .enumerate()
            {
                *slot = cell;
                *set = marks.bits(cell);
                usable |= 1 << k;
            }
            // The choices of n of the (at most three) cells, in increasing order.
            let choices: &[u16] = if n == 2 {
                &[0b011, 0b101, 0b110]
            } else {
                &[0b111]
            };
            let found = choices.iter().find_map(|&chosen| {
                if chosen & !usable != 0 {
                    return None;
                }
                let union = sets
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| chosen & (1 << k) != 0)
                    .fold(0, |u, (_, &set)| u | set);
                if bits::count9(union) != n {
                    return None;
                }
                let mut pattern = 0;
                for (k, &cell) in cells.iter().enumerate() {
                    if chosen & (1 << k) != 0 {
                        pattern |= bits::bit(cell);
                    }
                }
                out.reset(technique);
                for d in Digits::from_bits(union) {
                    out.digit(d);
                    out.eliminate_all(marks.positions(d) & (line_cells | box_cells) & !pattern, d);
                }
                if !out.is_productive() {
                    return None;
                }
                for cell in bits::iter(pattern) {
                    for d in marks.candidates(cell) {
                        out.node(cell, d);
                    }
                }
                out.unit(line);
                out.unit(b);
                Some(())
            });
            if found.is_some() {
                return true;
            }
        }
    }
    false
}
