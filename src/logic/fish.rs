//! Basic fish (X-wing, swordfish, jellyfish) and their finned and sashimi forms.
//!
//! A fish of size `n` on a digit: `n` base lines (rows, or columns) whose candidates lie
//! in `n` cover lines (columns, or rows). Each base line needs the digit once, in a
//! different cover line, so the cover lines get it from the base lines only and lose it
//! elsewhere. A finned fish has extra candidates (fins) in one box: either a fin is true,
//! or the fish holds; cells of the cover lines in the fin's box lose the digit either way.

use super::bits::{self, Cells};
use super::marks::Marks;
use super::step::Step;
use super::technique::Technique;
use crate::candidates::Digits;

/// Which fish to look for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Basic,
    Finned,
    Sashimi,
}

/// The fish of `technique` (a basic, finned or sashimi X-wing, swordfish or jellyfish),
/// rows as base first, then columns, on the digits not in `skip` (candidate bits).
#[inline(never)]
pub(crate) fn fish(marks: &Marks, technique: Technique, skip: u16, out: &mut Step) -> bool {
    fish_or_sashimi(marks, technique, skip)
        .0
        .map(|found| found.step(out))
        .is_some()
}

/// The finned fish of `technique` (a finned X-wing, swordfish or jellyfish) if there is
/// one; else the sashimi fish of its size, if any, in the second place: the two
/// techniques are neighbours on the ladder and share one search. The digits of `nothing`
/// (candidate bits) are skipped, and all are noted there when neither is found (see
/// `ladder::Seen`).
#[inline(never)]
pub(crate) fn finned_or_sashimi(
    marks: &Marks,
    technique: Technique,
    nothing: &mut u16,
    out: &mut Step,
) -> bool {
    let (finned, sashimi) = fish_or_sashimi(marks, technique, *nothing);
    let found = finned.or(sashimi);
    if found.is_none() {
        *nothing = 0x1FF;
    }
    found.map(|found| found.step(out)).is_some()
}

/// The size and kind of a fish technique, from its place on the ladder: the basic fish of
/// sizes 2, 3 and 4, then the finned and the sashimi fish of each size in turn.
fn shape(technique: Technique) -> (u32, Kind) {
    let index = technique as u32;
    if technique <= Technique::Jellyfish {
        return (
            index.saturating_sub(Technique::XWing as u32) + 2,
            Kind::Basic,
        );
    }
    let k = index.saturating_sub(Technique::FinnedXWing as u32);
    let kind = if k & 1 == 0 {
        Kind::Finned
    } else {
        Kind::Sashimi
    };
    (k / 2 + 2, kind)
}

/// The first fish of `technique`, and for a finned search the first sashimi fish met on
/// the way, as what it takes to write their steps: the callers write them into the
/// ladder's step, once the search's frames are gone.
fn fish_or_sashimi(
    marks: &Marks,
    technique: Technique,
    skip: u16,
) -> (Option<Located>, Option<Located>) {
    let (n, kind) = shape(technique);
    // A finned fish's sashimi form is next on the ladder.
    let sashimi_technique = Technique::from_index(technique as u8 + 1).unwrap_or(technique);
    // The first sashimi fish met while looking for a finned one.
    let mut sashimi: Option<Located> = None;
    for digit in Digits::from_bits(!skip) {
        for base_offset in [0usize, 9] {
            let cover_offset = 9 - base_offset;
            let mut aside = None;
            let want_aside = kind == Kind::Finned && sashimi.is_none();
            let found = search(
                marks,
                digit,
                n,
                kind,
                base_offset,
                cover_offset,
                want_aside.then_some(&mut aside),
            );
            if let Some(found) = found {
                return (
                    Some(Located::new(found, technique, digit, base_offset)),
                    None,
                );
            }
            if let Some(found) = aside {
                sashimi = Some(Located::new(found, sashimi_technique, digit, base_offset));
            }
        }
    }
    (None, sashimi)
}

/// Base lines are units `base_offset..+9`, cover lines `cover_offset..+9`.
fn search(
    marks: &Marks,
    digit: u8,
    n: u32,
    kind: Kind,
    base_offset: usize,
    cover_offset: usize,
    mut sashimi: Option<&mut Option<Found>>,
) -> Option<Found> {
    let places = marks.positions(digit);
    // For each base line, the cover lines (bit j = cover line j) holding the digit.
    let mut lines = [0u16; 9];
    for (r, chunk) in (0..9).map(|r| (r, (places >> (9 * r)) as u16 & 0x1FF)) {
        if base_offset == 0 {
            lines[r] = chunk;
        } else {
            for (c, line) in lines.iter_mut().enumerate() {
                *line |= ((chunk >> c) & 1) << r;
            }
        }
    }
    let mut eligible = 0u16;
    for (i, line) in lines.iter().enumerate() {
        let k = bits::count9(*line);
        let ok = match kind {
            Kind::Basic => k >= 2 && k <= n,
            Kind::Finned | Kind::Sashimi => k >= 1 && k <= n + 3,
        };
        if ok {
            eligible |= 1 << i;
        }
    }
    if bits::count9(eligible) < n {
        return None;
    }
    let widest = if kind == Kind::Basic { n } else { n + 3 };
    bits::choose(&lines, eligible, n as usize, widest, |base, union| {
        let width = bits::count9(union);
        let base_cells = lines_mask(base, base_offset);
        if kind == Kind::Basic {
            let targets = places & lines_mask(union, cover_offset) & !base_cells;
            return (width == n && targets != 0).then_some(Found {
                pattern: places & base_cells,
                targets,
                base,
            });
        }
        if width <= n {
            return None;
        }
        // The fins lie in one box, so the base candidates outside the cover lines are
        // within one group of three cover lines (a stack for rows, a band for columns).
        for group in [0b000_000_111u16, 0b000_111_000, 0b111_000_000] {
            let required = union & !group;
            let Some(free) = n.checked_sub(bits::count9(required)) else {
                continue;
            };
            let optional = union & group;
            // Every subset of `optional` (at most three lines) of `free` lines.
            let mut extra = optional;
            loop {
                if bits::count9(extra) == free {
                    let cover = required | extra;
                    let found = finned(places, &lines, base, base_cells, cover, cover_offset);
                    match found {
                        Some((found, is_sashimi)) if is_sashimi == (kind == Kind::Sashimi) => {
                            return Some(found);
                        }
                        Some((found, _)) => {
                            if let Some(slot) = sashimi.as_deref_mut() {
                                if slot.is_none() {
                                    *slot = Some(found);
                                }
                            }
                        }
                        None => {}
                    }
                }
                if extra == 0 {
                    break;
                }
                extra = (extra - 1) & optional;
            }
        }
        None
    })
}

/// The finned fish with base lines `base` and cover lines `cover`, if its fins lie in one
/// box and it eliminates something.
fn finned(
    places: Cells,
    lines: &[u16; 9],
    base: u16,
    base_cells: Cells,
    cover: u16,
    cover_offset: usize,
) -> Option<(Found, bool)> {
    let cover_cells = lines_mask(cover, cover_offset);
    let fins = places & base_cells & !cover_cells;
    if fins == 0 {
        return None;
    }
    let box_cells = bits::unit_mask(bits::units_of(bits::first(fins))[2]);
    if fins & !box_cells != 0 {
        return None;
    }
    // Every base line must meet the cover lines, or it is no fish at all; a line that
    // meets them once makes the fish sashimi.
    let mut sashimi = false;
    for (i, line) in lines.iter().enumerate() {
        if base & (1 << i) != 0 {
            match bits::count9(line & cover) {
                0 => return None,
                1 => sashimi = true,
                _ => {}
            }
        }
    }
    let targets = places & cover_cells & box_cells & !base_cells;
    (targets != 0).then_some((
        Found {
            pattern: places & base_cells,
            targets,
            base,
        },
        sashimi,
    ))
}

/// The cells of the lines `offset + j` for each bit `j` of `lines`.
#[cfg_attr(not(feature = "fast"), inline(never))]
fn lines_mask(lines: u16, offset: usize) -> Cells {
    let mut mask = 0;
    let mut rest = lines & 0x1FF;
    while rest != 0 {
        mask |= bits::unit_mask(offset + rest.trailing_zeros() as usize);
        rest &= rest - 1;
    }
    mask
}

/// A fish found: its base cells holding the digit, the cells that lose it, the base lines.
#[derive(Clone, Copy)]
struct Found {
    pattern: Cells,
    targets: Cells,
    base: u16,
}

/// A fish found, with its technique, digit and base lines (units `base_offset..+9`).
#[derive(Clone, Copy)]
struct Located {
    found: Found,
    technique: Technique,
    digit: u8,
    base_offset: usize,
}

impl Located {
    fn new(found: Found, technique: Technique, digit: u8, base_offset: usize) -> Located {
        Located {
            found,
            technique,
            digit,
            base_offset,
        }
    }

    fn step(&self, out: &mut Step) {
        self.found
            .step(self.technique, self.digit, self.base_offset, out);
    }
}

impl Found {
    fn step(&self, technique: Technique, digit: u8, base_offset: usize, out: &mut Step) {
        out.reset(technique);
        out.digit(digit);
        out.nodes(self.pattern, digit);
        out.eliminate_all(self.targets, digit);
        for i in 0..9 {
            if self.base & (1 << i) != 0 {
                out.unit(base_offset + i);
            }
        }
    }
}
