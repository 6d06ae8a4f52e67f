//! Almost locked sets: ALS-XZ.
//!
//! An almost locked set (ALS) is `n` empty cells of one unit holding `n + 1` digits
//! between them: remove any one digit and the rest is locked. Two ALSs with no cell in
//! common share a restricted common digit `x` when every `x` of one sees every `x` of the
//! other: `x` is then in at most one of them, so the other is locked and holds all its
//! other digits. For another common digit `z`, one of the two sets holds `z`, so a cell
//! seeing every `z` of both loses `z`.

use heapless::Vec;

use super::bits::{self, Cells};
use super::marks::Marks;
use super::step::Step;
use super::technique::Technique;
use crate::board::UNIT_CELLS;
use crate::candidates::Digits;

/// The most ALSs one search considers (sets of one to four cells).
const MAX_SETS: usize = 128;

/// An ALS: its unit, its cells as positions `0..9` in the unit, its digits.
#[derive(Clone, Copy)]
struct Als {
    unit: u8,
    places: u16,
    digits: u16,
}

impl Als {
    fn cells(self) -> Cells {
        let mut cells = 0;
        if let Some(unit) = UNIT_CELLS.get(usize::from(self.unit)) {
            let mut rest = self.places & 0x1FF;
            while rest != 0 {
                let k = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                cells |= unit.get(k).map_or(0, |&c| bits::bit(usize::from(c)));
            }
        }
        cells
    }
}

fn common_peers(cells: Cells) -> Cells {
    let mut seen = bits::ALL_CELLS;
    for cell in bits::iter(cells) {
        seen &= bits::peers(cell);
    }
    seen & !cells
}

fn collect(marks: &Marks, sets: &mut Vec<Als, MAX_SETS>) {
    for (unit, cells) in UNIT_CELLS.iter().enumerate() {
        let mut items = [0u16; 9];
        let mut usable = 0u16;
        for (k, &cell) in cells.iter().enumerate() {
            items[k] = marks.bits(usize::from(cell));
            if items[k] != 0 {
                usable |= 1 << k;
            }
        }
        for n in 1..=4usize {
            let full: Option<()> =
                bits::choose(&items, usable, n, n as u32 + 1, |places, union| {
                    if union.count_ones() != n as u32 + 1 {
                        return None;
                    }
                    let als = Als {
                        unit: unit as u8,
                        places,
                        digits: union,
                    };
                    // A box's set inside one line was found in that line already.
                    if unit >= 18 && n > 1 {
                        let cells = als.cells();
                        let first = bits::units_of(bits::first(cells));
                        if first[..2]
                            .iter()
                            .any(|&line| cells & !bits::unit_mask(line) == 0)
                        {
                            return None;
                        }
                    }
                    sets.push(als).err().map(|_| ())
                });
            if full.is_some() {
                return;
            }
        }
    }
}

#[inline(never)]
pub(crate) fn als_xz(marks: &Marks) -> Option<Step> {
    let mut sets = Vec::new();
    collect(marks, &mut sets);
    for (i, a) in sets.iter().enumerate() {
        let cells_a = a.cells();
        for b in sets.iter().skip(i + 1) {
            let common = a.digits & b.digits;
            if common.count_ones() < 2 {
                continue;
            }
            let cells_b = b.cells();
            if cells_a & cells_b != 0 {
                continue;
            }
            for x in Digits::from_bits(common) {
                let xa = cells_a & marks.positions(x);
                let xb = cells_b & marks.positions(x);
                if xa == 0 || xb == 0 || xb & !common_peers(xa) != 0 {
                    continue;
                }
                let mut step = Step::new(Technique::AlsXz);
                for z in Digits::from_bits(common).iter().filter(|&z| z != x) {
                    let zs = (cells_a | cells_b) & marks.positions(z);
                    let targets = marks.positions(z) & common_peers(zs) & !(cells_a | cells_b);
                    step.eliminate_all(targets, z);
                    if targets != 0 {
                        step.digit(z);
                    }
                }
                if step.is_productive() {
                    step.digit(x);
                    step.unit(usize::from(a.unit));
                    step.unit(usize::from(b.unit));
                    for cell in bits::iter(cells_a | cells_b) {
                        for d in marks.candidates(cell) {
                            step.node(cell, d);
                        }
                    }
                    return Some(step);
                }
            }
        }
    }
    None
}
