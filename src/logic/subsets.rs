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
/// hidden one; `n` items whose union has `n` bits are the subset.
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
                let i = bits::lowest_bit(u32::from(candidates));
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
                out.add_digits(digits);
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

/// True if `set` (candidate bits) has at most `n` bits: dropping the lowest `n` leaves none.
fn at_most(set: u16, n: u32) -> bool {
    let mut rest = set;
    for _ in 0..n {
        rest &= rest.wrapping_sub(1);
    }
    rest == 0
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
    // Only empty cells with at most n candidates can be part of one: the fast build marks
    // them first, the compact build tests each cell of a crossing (less code).
    #[cfg(feature = "fast")]
    let few = {
        let mut few = 0;
        for cell in bits::iter(marks.unsolved()) {
            if at_most(marks.bits(cell), n) {
                few |= bits::bit(cell);
            }
        }
        few
    };
    #[cfg(feature = "fast")]
    let fits = |cell: usize| few >> cell & 1 != 0;
    #[cfg(not(feature = "fast"))]
    let fits = |cell: usize| at_most(marks.bits(cell), n) && marks.value(cell) == 0;
    for line in 0..18 {
        // The line's first cell and the step to its next.
        let (start, step) = if line < 9 {
            (9 * line, 1)
        } else {
            (line - 9, 9)
        };
        // The three boxes the line crosses, in increasing order, and the crossing's cells.
        for j in 0..3 {
            let first = start + 3 * j * step;
            let cells = [first, first + step, first + 2 * step];
            let mut usable = 0u16;
            for (k, &cell) in cells.iter().enumerate() {
                if fits(cell) {
                    usable |= 1 << k;
                }
            }
            if bits::count9(usable) < n {
                continue;
            }
            let line_cells = bits::unit_mask(line);
            let b = bits::units_of(cells[0])[2];
            let box_cells = bits::unit_mask(b);
            for &chosen in choices {
                if chosen & !usable != 0 {
                    continue;
                }
                let (mut union, mut pattern) = (0, 0);
                for (k, &cell) in cells.iter().enumerate() {
                    if chosen & (1 << k) != 0 {
                        union |= marks.bits(cell);
                        bits::insert(&mut pattern, cell);
                    }
                }
                if bits::count9(union) != n {
                    continue;
                }
                out.reset(technique);
                out.add_digits(union);
                for d in Digits::from_bits(union) {
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
