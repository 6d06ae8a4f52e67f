//! Basic fish (X-wing, swordfish, jellyfish) and their finned and sashimi forms.
//!
//! A fish of size `n` on a digit: `n` base lines (rows, or columns) whose candidates lie
//! in `n` cover lines (columns, or rows). Each base line needs the digit once, in a
//! different cover line, so the cover lines get it from the base lines only and lose it
//! elsewhere. A finned fish has extra candidates (fins) in one box: either a fin is true,
//! or the fish holds; cells of the cover lines in the fin's box lose the digit either way.

use super::bits::{self, Cells, Combinations};
use super::marks::Marks;
use super::step::Step;
use super::technique::Technique;

/// Which fish to look for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Basic,
    Finned,
    Sashimi,
}

/// The fish of size `n` (2, 3 or 4) and `kind`, rows as base first, then columns.
pub(crate) fn fish(marks: &Marks, n: u32, kind: Kind) -> Option<Step> {
    let technique = match (kind, n) {
        (Kind::Basic, 2) => Technique::XWing,
        (Kind::Basic, 3) => Technique::Swordfish,
        (Kind::Basic, _) => Technique::Jellyfish,
        (Kind::Finned, 2) => Technique::FinnedXWing,
        (Kind::Finned, 3) => Technique::FinnedSwordfish,
        (Kind::Finned, _) => Technique::FinnedJellyfish,
        (Kind::Sashimi, 2) => Technique::SashimiXWing,
        (Kind::Sashimi, 3) => Technique::SashimiSwordfish,
        (Kind::Sashimi, _) => Technique::SashimiJellyfish,
    };
    for digit in 1..=9u8 {
        for base_offset in [0usize, 9] {
            let cover_offset = 9 - base_offset;
            let found = search(marks, digit, n, kind, base_offset, cover_offset);
            if let Some(build) = found {
                let mut step = Step::new(technique);
                step.digit(digit);
                for cell in bits::iter(build.pattern) {
                    step.node(cell, digit);
                }
                step.eliminate_all(build.targets, digit);
                for i in 0..9 {
                    if build.base & (1 << i) != 0 {
                        step.unit(base_offset + i);
                    }
                }
                return Some(step);
            }
        }
    }
    None
}

/// Base lines are units `base_offset..+9`, cover lines `cover_offset..+9`.
fn search(
    marks: &Marks,
    digit: u8,
    n: u32,
    kind: Kind,
    base_offset: usize,
    cover_offset: usize,
) -> Option<Found> {
    let places = marks.positions(digit);
    // For each base line, the cover lines (bit j = cover line j) holding the digit.
    let mut lines = [0u16; 9];
    let mut eligible = 0u16;
    for (i, line) in lines.iter_mut().enumerate() {
        let at = places & bits::unit_mask(base_offset + i);
        for j in 0..9 {
            if at & bits::unit_mask(cover_offset + j) != 0 {
                *line |= 1 << j;
            }
        }
        let k = line.count_ones();
        let ok = match kind {
            Kind::Basic => k >= 2 && k <= n,
            Kind::Finned | Kind::Sashimi => k >= 1,
        };
        if ok {
            eligible |= 1 << i;
        }
    }
    for base in Combinations::new(n) {
        if base & !eligible != 0 {
            continue;
        }
        let mut union = 0u16;
        let mut base_cells: Cells = 0;
        for (i, line) in lines.iter().enumerate() {
            if base & (1 << i) != 0 {
                union |= line;
                base_cells |= bits::unit_mask(base_offset + i);
            }
        }
        let width = union.count_ones();
        if kind == Kind::Basic {
            if width != n {
                continue;
            }
            let cover_cells = lines_mask(union, cover_offset);
            let targets = places & cover_cells & !base_cells;
            if targets != 0 {
                return Some(Found {
                    pattern: places & base_cells,
                    targets,
                    base,
                });
            }
            continue;
        }
        if width <= n || width > n + 3 {
            continue;
        }
        for cover in Combinations::new(n) {
            if cover & !union != 0 {
                continue;
            }
            let cover_cells = lines_mask(cover, cover_offset);
            let fins = places & base_cells & !cover_cells;
            let fin_box = bits::units_of(bits::first(fins))[2];
            let box_cells = bits::unit_mask(fin_box);
            if fins & !box_cells != 0 {
                continue;
            }
            // Every base line must meet the cover lines, or it is no fish at all.
            let mut sashimi = false;
            let mut hollow = false;
            for (i, line) in lines.iter().enumerate() {
                if base & (1 << i) != 0 {
                    match (line & cover).count_ones() {
                        0 => hollow = true,
                        1 => sashimi = true,
                        _ => {}
                    }
                }
            }
            if hollow || sashimi != (kind == Kind::Sashimi) {
                continue;
            }
            let targets = places & cover_cells & box_cells & !base_cells;
            if targets != 0 {
                return Some(Found {
                    pattern: places & base_cells,
                    targets,
                    base,
                });
            }
        }
    }
    None
}

fn lines_mask(lines: u16, offset: usize) -> Cells {
    let mut mask = 0;
    for j in 0..9 {
        if lines & (1 << j) != 0 {
            mask |= bits::unit_mask(offset + j);
        }
    }
    mask
}

/// A fish found: its base cells holding the digit, the cells that lose it, the base lines.
struct Found {
    pattern: Cells,
    targets: Cells,
    base: u16,
}
