//! Naked and hidden subsets (pairs, triples, quads) in one unit.

use super::bits;
use super::marks::Marks;
use super::step::Step;
use super::technique::Technique;
use crate::board::UNIT_CELLS;
use crate::candidates::Digits;

/// `n` empty cells of a unit whose candidates together are `n` digits: the other cells of
/// the unit lose those digits.
#[inline(never)]
pub(crate) fn naked(marks: &Marks, n: u32) -> Option<Step> {
    let technique = match n {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    };
    for (unit, cells) in UNIT_CELLS.iter().enumerate() {
        // Positions (0..9 within the unit) of empty cells with 1..=n candidates.
        let mut eligible = 0u16;
        let mut empty = 0u16;
        for (i, &cell) in cells.iter().enumerate() {
            let k = marks.bits(usize::from(cell)).count_ones();
            if k > 0 {
                empty |= 1 << i;
                if k <= n {
                    eligible |= 1 << i;
                }
            }
        }
        if eligible.count_ones() < n || empty.count_ones() <= n {
            continue;
        }
        let mut sets = [0u16; 9];
        for (set, &cell) in sets.iter_mut().zip(cells) {
            *set = marks.bits(usize::from(cell));
        }
        let found = bits::choose(&sets, eligible, n as usize, n, |combo, union| {
            if union.count_ones() != n {
                return None;
            }
            let mut step = Step::new(technique);
            for (i, &cell) in cells.iter().enumerate() {
                let cell = usize::from(cell);
                if combo & (1 << i) != 0 {
                    for d in marks.candidates(cell) {
                        step.node(cell, d);
                    }
                } else {
                    for d in Digits::from_bits(marks.bits(cell) & union) {
                        step.eliminate(cell, d);
                    }
                }
            }
            if step.is_productive() {
                step.unit(unit);
                for d in Digits::from_bits(union) {
                    step.digit(d);
                }
                return Some(step);
            }
            None
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// `n` digits of a unit confined to `n` cells: those cells lose their other candidates.
#[inline(never)]
pub(crate) fn hidden(marks: &Marks, n: u32) -> Option<Step> {
    let technique = match n {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    };
    for (unit, cells) in UNIT_CELLS.iter().enumerate() {
        let mask = bits::unit_mask(unit);
        // For each digit (bit d-1), its positions 0..9 within the unit.
        let mut places = [0u16; 9];
        let mut eligible = 0u16;
        let mut open = 0u16;
        for digit in 1..=9u8 {
            let at = marks.positions(digit) & mask;
            if at == 0 {
                continue;
            }
            let i = usize::from(digit - 1);
            open |= 1 << i;
            for (k, &cell) in cells.iter().enumerate() {
                if at & bits::bit(usize::from(cell)) != 0 {
                    places[i] |= 1 << k;
                }
            }
            if places[i].count_ones() <= n {
                eligible |= 1 << i;
            }
        }
        if eligible.count_ones() < n || open.count_ones() <= n {
            continue;
        }
        let found = bits::choose(&places, eligible, n as usize, n, |combo, union| {
            if union.count_ones() != n {
                return None;
            }
            let mut step = Step::new(technique);
            for (k, &cell) in cells.iter().enumerate() {
                if union & (1 << k) == 0 {
                    continue;
                }
                let cell = usize::from(cell);
                for d in marks.candidates(cell) {
                    if combo & (1 << (d - 1)) != 0 {
                        step.node(cell, d);
                    } else {
                        step.eliminate(cell, d);
                    }
                }
            }
            if step.is_productive() {
                step.unit(unit);
                for d in Digits::from_bits(combo) {
                    step.digit(d);
                }
                return Some(step);
            }
            None
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// A locked pair or triple: `n` empty cells where a line crosses a box, whose candidates
/// are `n` digits between them; the rest of the line and the rest of the box lose them.
#[inline(never)]
pub(crate) fn locked(marks: &Marks, n: u32) -> Option<Step> {
    let technique = if n == 2 {
        Technique::LockedPair
    } else {
        Technique::LockedTriple
    };
    for line in 0..18 {
        let line_cells = bits::unit_mask(line);
        // The three boxes the line crosses, in increasing order.
        let (first, stride) = if line < 9 {
            (18 + line / 3 * 3, 1)
        } else {
            (18 + (line - 9) / 3, 3)
        };
        for b in (first..27).step_by(stride).take(3) {
            let box_cells = bits::unit_mask(b);
            let cross = line_cells & box_cells & marks.unsolved();
            if bits::count(cross) < n {
                continue;
            }
            // The cells of the crossing, as positions 0..3, and their candidates.
            let mut sets = [0u16; 9];
            let mut cells = [0usize; 3];
            let mut usable = 0u16;
            for (k, cell) in bits::iter(cross).enumerate().take(3) {
                cells[k] = cell;
                sets[k] = marks.bits(cell);
                usable |= 1 << k;
            }
            let found = bits::choose(&sets, usable, n as usize, n, |chosen, union| {
                if union.count_ones() != n {
                    return None;
                }
                let mut pattern = 0;
                for (k, &cell) in cells.iter().enumerate() {
                    if chosen & (1 << k) != 0 {
                        pattern |= bits::bit(cell);
                    }
                }
                let mut step = Step::new(technique);
                for d in Digits::from_bits(union) {
                    step.digit(d);
                    step.eliminate_all(marks.positions(d) & (line_cells | box_cells) & !pattern, d);
                }
                if !step.is_productive() {
                    return None;
                }
                for cell in bits::iter(pattern) {
                    for d in marks.candidates(cell) {
                        step.node(cell, d);
                    }
                }
                step.unit(line);
                step.unit(b);
                Some(step)
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}
