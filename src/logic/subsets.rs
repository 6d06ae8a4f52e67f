//! Naked and hidden subsets (pairs, triples, quads) in one unit.

use super::bits;
use super::marks::Marks;
use super::step::Step;
use super::technique::Technique;
use crate::board::UNIT_CELLS;
use crate::candidates::Digits;

/// The subsets of `technique`, a naked or hidden pair, triple or quad. Naked: `n` empty
/// cells of a unit whose candidates together are `n` digits; the other cells of the unit
/// lose those digits. Hidden: `n` digits of a unit confined to `n` cells; those cells lose
/// their other candidates. Units in `quiet` (unit bits) are known to hold none and are
/// not looked at; each unit looked at that holds none is added to it. Whether a unit
/// holds one depends on its cells' candidates alone.
#[inline(never)]
pub(crate) fn subsets(
    marks: &Marks,
    technique: Technique,
    quiet: &mut u32,
    out: &mut Step,
) -> bool {
    let (n, hidden) = match technique {
        Technique::NakedPair => (2, false),
        Technique::NakedTriple => (3, false),
        Technique::NakedQuad => (4, false),
        Technique::HiddenPair => (2, true),
        Technique::HiddenTriple => (3, true),
        _ => (4, true),
    };
    subset(marks, technique, n, hidden, quiet, out)
}

/// The naked subsets of size `n`, or the hidden ones if `hidden`: one search, as each is
/// the other with cells and digits swapped. Its items are a unit's cells (the digits of
/// each) for a naked subset, its digits (the places of each, `0..9` within the unit) for a
/// hidden one; `n` items whose union has `n` bits are the subset. Out of line in the
/// compact build, where the two share its code.
#[cfg_attr(not(feature = "fast"), inline(never))]
fn subset(
    marks: &Marks,
    technique: Technique,
    n: u32,
    hidden: bool,
    quiet: &mut u32,
    out: &mut Step,
) -> bool {
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

/// A locked pair or triple (`technique`): `n` (2 or 3) empty cells where a line crosses a
/// box, whose candidates are `n` digits between them; the rest of the line and the rest
/// of the box lose them.
#[inline(never)]
pub(crate) fn locked(marks: &Marks, technique: Technique, out: &mut Step) -> bool {
    let n = if technique == Technique::LockedPair {
        2
    } else {
        3
    };
    // The choices of n of the three cells where a line crosses a box, in increasing order.
    let choices: &[u16] = if n == 2 {
        &[0b011, 0b101, 0b110]
    } else {
        &[0b111]
    };
    for line in 0..18 {
        let line_cells = bits::unit_mask(line);
        // The three boxes the line crosses, in increasing order, and the crossing's cells.
        for j in 0..3 {
            let cells: [usize; 3] = core::array::from_fn(|i| {
                if line < 9 {
                    9 * line + 3 * j + i
                } else {
                    9 * (3 * j + i) + line - 9
                }
            });
            let b = bits::units_of(cells[0])[2];
            let box_cells = bits::unit_mask(b);
            // Only empty cells with at most n candidates can be part of one.
            let mut sets = [0u16; 3];
            let mut usable = 0u16;
            for (k, (set, &cell)) in sets.iter_mut().zip(&cells).enumerate() {
                *set = marks.bits(cell);
                let mut rest = *set;
                for _ in 0..n {
                    rest &= rest.wrapping_sub(1);
                }
                if rest == 0 && marks.unsolved() & bits::bit(cell) != 0 {
                    usable |= 1 << k;
                }
            }
            for &chosen in choices {
                if chosen & !usable != 0 {
                    continue;
                }
                let (mut union, mut pattern) = (0, 0);
                for (k, (&set, &cell)) in sets.iter().zip(&cells).enumerate() {
                    if chosen & (1 << k) != 0 {
                        union |= set;
                        pattern |= bits::bit(cell);
                    }
                }
                if bits::count9(union) != n {
                    continue;
                }
                out.reset(technique);
                for d in Digits::from_bits(union) {
                    out.digit(d);
                    out.eliminate_all(marks.positions(d) & (line_cells | box_cells) & !pattern, d);
                }
                if !out.is_productive() {
                    continue;
                }
                out.cell_nodes(marks, pattern);
                out.unit(line);
                out.unit(b);
                return true;
            }
        }
    }
    false
}
