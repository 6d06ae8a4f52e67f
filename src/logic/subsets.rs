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
    let technique = match n {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    };
    for (unit, cells) in UNIT_CELLS.iter().enumerate() {
        if *quiet & 1 << unit != 0 {
            continue;
        }
        // Positions (0..9 within the unit) of empty cells with 1..=n candidates.
        let mut eligible = 0u16;
        let mut empty = 0u16;
        for (i, &cell) in cells.iter().enumerate() {
            let k = bits::count9(marks.bits(usize::from(cell)));
            if k > 0 {
                empty |= 1 << i;
                if k <= n {
                    eligible |= 1 << i;
                }
            }
        }
        if bits::count9(eligible) < n || bits::count9(empty) <= n {
            *quiet |= 1 << unit;
            continue;
        }
        let mut sets = [0u16; 9];
        for (set, &cell) in sets.iter_mut().zip(cells) {
            *set = marks.bits(usize::from(cell));
        }
        let found = bits::choose(&sets, eligible, n as usize, n, |combo, union| {
            if bits::count9(union) != n {
                return None;
            }
            out.reset(technique);
            for (i, &cell) in cells.iter().enumerate() {
                let cell = usize::from(cell);
                if combo & (1 << i) != 0 {
                    for d in marks.candidates(cell) {
                        out.node(cell, d);
                    }
                } else {
                    for d in Digits::from_bits(marks.bits(cell) & union) {
                        out.eliminate(cell, d);
                    }
                }
            }
            if out.is_productive() {
                out.unit(unit);
                for d in Digits::from_bits(union) {
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

/// `n` digits of a unit confined to `n` cells: those cells lose their other candidates.
/// Units in `quiet` are passed over and added to as by [`naked`].
#[inline(never)]
pub(crate) fn hidden(marks: &Marks, n: u32, quiet: &mut u32, out: &mut Step) -> bool {
    let technique = match n {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    };
    for (unit, cells) in UNIT_CELLS.iter().enumerate() {
        if *quiet & 1 << unit != 0 {
            continue;
        }
        // For each digit (bit d-1), its positions 0..9 within the unit.
        let mut places = [0u16; 9];
        for (k, &cell) in cells.iter().enumerate() {
            let mut candidates = marks.bits(usize::from(cell));
            while candidates != 0 {
                let i = candidates.trailing_zeros() as usize;
                candidates &= candidates - 1;
                if let Some(p) = places.get_mut(i) {
                    *p |= 1 << k;
                }
            }
        }
        let mut eligible = 0u16;
        let mut open = 0u16;
        for (i, p) in places.iter().enumerate() {
            if *p != 0 {
                open |= 1 << i;
                if bits::count9(*p) <= n {
                    eligible |= 1 << i;
                }
            }
        }
        if bits::count9(eligible) < n || bits::count9(open) <= n {
            *quiet |= 1 << unit;
            continue;
        }
        let found = bits::choose(&places, eligible, n as usize, n, |combo, union| {
            if bits::count9(union) != n {
                return None;
            }
            out.reset(technique);
            for (k, &cell) in cells.iter().enumerate() {
                if union & (1 << k) == 0 {
                    continue;
                }
                let cell = usize::from(cell);
                for d in marks.candidates(cell) {
                    if combo & (1 << (d - 1)) != 0 {
                        out.node(cell, d);
                    } else {
                        out.eliminate(cell, d);
                    }
                }
            }
            if out.is_productive() {
                out.unit(unit);
                for d in Digits::from_bits(combo) {
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
