//! Basic fish (X-wing, swordfish, jellyfish) and their finned and sashimi forms.
//!
//! A fish of size `n` on a digit: `n` base lines (rows, or columns) whose candidates lie
//! in `n` cover lines (columns, or rows). Each base line needs the digit once, in a
//! different cover line, so the cover lines get it from the base lines only and lose it
//! elsewhere. A finned fish has extra candidates (fins) in one box: either a fin is true,
//! or the fish holds; cells of the cover lines in the fin's box lose the digit either way.

use super::bits;
use super::marks::Marks;
use super::step::Step;
use super::technique::Technique;
use crate::board::third;
use crate::candidates::Digits;

/// Which fish to look for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Basic,
    Finned,
    Sashimi,
}

/// The fish of `technique` (a basic, finned or sashimi X-wing, swordfish or jellyfish),
/// rows as base first, then columns, on the digits not in `nothing` (candidate bits),
/// all of which are noted there when none is found (see `ladder::Seen`). With
/// `then_sashimi`, a finned search that finds no finned fish gives the sashimi fish of
/// its size, if any: the two techniques are neighbours on the ladder and share one
/// search. One entry point for the ladder's two calls.
#[inline(never)]
pub(crate) fn fish(
    marks: &Marks,
    technique: Technique,
    nothing: &mut u16,
    then_sashimi: bool,
    out: &mut Step,
) -> bool {
    let (fish, sashimi) = fish_or_sashimi(marks, technique, *nothing);
    let found = if then_sashimi { fish.or(sashimi) } else { fish };
    if found.is_none() {
        *nothing = 0x1FF;
    }
    found.map(|found| found.step(marks, out)).is_some()
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
            let mut aside = None;
            let want_aside = kind == Kind::Finned && sashimi.is_none();
            let found = search(
                marks,
                digit,
                n,
                kind,
                base_offset,
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

/// Base lines are units `base_offset..+9`, cover lines the others of rows and columns.
/// The search works on each base line's cover lines (9-bit sets) alone: the cells come
/// in only when the step is written.
fn search(
    marks: &Marks,
    digit: u8,
    n: u32,
    kind: Kind,
    base_offset: usize,
    mut sashimi: Option<&mut Option<Found>>,
) -> Option<Found> {
    let lines = lines(marks, digit, base_offset);
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
        if kind == Kind::Basic {
            // The cover lines hold the digit outside the base lines.
            return (width == n && either(&lines, !base, union) != 0).then_some(Found {
                base,
                cover: union,
                fin_box: 0,
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
                    let found = finned(&lines, base, cover, base_offset);
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

/// For each base line (units `base_offset..+9`, rows or columns), the cover lines (bit
/// `j` for the other kind's line `j`) where `digit` is a candidate.
#[cfg(feature = "fast")]
fn lines(marks: &Marks, digit: u8, base_offset: usize) -> [u16; 9] {
    let places = marks.positions(digit);
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
    lines
}

/// As the fast build's, cell by cell: the digit's places are an 81-bit set, long code on
/// a Cortex-M0.
#[cfg(not(feature = "fast"))]
fn lines(marks: &Marks, digit: u8, base_offset: usize) -> [u16; 9] {
    let d = Digits::single(digit).bits();
    let mut lines = [0u16; 9];
    let mut cell = 0;
    for r in 0..9 {
        for c in 0..9 {
            let (line, across) = if base_offset == 0 { (r, c) } else { (c, r) };
            if let Some(line) = lines.get_mut(line) {
                *line |= u16::from(marks.bits(cell) & d != 0) << across;
            }
            cell += 1;
        }
    }
    lines
}

/// The union of the lines `i` with bit `i` in `which`, each within `within`. Left to
/// the compiler in both builds: out of line in the compact build it took 14 bytes more
/// of a Cortex-M0's flash.
fn either(lines: &[u16; 9], which: u16, within: u16) -> u16 {
    let mut union = 0;
    for (i, line) in lines.iter().enumerate() {
        if which & (1 << i) != 0 {
            union |= line & within;
        }
    }
    union
}

/// The group of three (0, 1 or 2) that holds every bit of a non-empty 9-bit set, if one
/// does.
fn group_of(set: u16) -> Option<usize> {
    [0b000_000_111u16, 0b000_111_000, 0b111_000_000]
        .iter()
        .position(|&group| set & !group == 0)
}

/// The finned fish with base lines `base` and cover lines `cover`, if its fins lie in one
/// box and it eliminates something, and whether it is sashimi.
fn finned(lines: &[u16; 9], base: u16, cover: u16, base_offset: usize) -> Option<(Found, bool)> {
    // The fins: the base lines' candidates outside the cover lines, in one box (one
    // group of three base lines and one of three cover lines).
    let (mut fin_lines, mut fin_places) = (0u16, 0u16);
    for (i, &line) in lines.iter().enumerate() {
        let fins = line & !cover;
        if base & (1 << i) != 0 && fins != 0 {
            fin_lines |= 1 << i;
            fin_places |= fins;
        }
    }
    if fin_lines == 0 {
        return None;
    }
    let across = group_of(fin_lines)?;
    let along = group_of(fin_places)?;
    // Every base line must meet the cover lines, or it is no fish at all; a line that
    // meets them once makes the fish sashimi.
    let mut sashimi = false;
    for (i, &line) in lines.iter().enumerate() {
        if base & (1 << i) != 0 {
            match bits::count9(line & cover) {
                0 => return None,
                1 => sashimi = true,
                _ => {}
            }
        }
    }
    // The box's other lines lose the digit in the cover lines.
    let group = 0b111u16 << (3 * across);
    let group_cover = cover & (0b111 << (3 * along));
    if either(lines, group & !base, group_cover) == 0 {
        return None;
    }
    let fin_box = if base_offset == 0 {
        3 * across + along
    } else {
        3 * along + across
    };
    Some((
        Found {
            base,
            cover,
            fin_box: 18 + fin_box as u8,
        },
        sashimi,
    ))
}

/// A fish found: its base lines, its cover lines and, for a finned fish, the box of its
/// fins (a unit `18..27`; 0 for a basic fish).
#[derive(Clone, Copy)]
struct Found {
    base: u16,
    cover: u16,
    fin_box: u8,
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

    /// Writes the step: the base cells holding the digit as its pattern; the cover lines'
    /// other cells holding it (those in the fins' box, for a finned fish) lose it. Cell by
    /// cell, in order: no 81-bit sets.
    fn step(&self, marks: &Marks, out: &mut Step) {
        let Located {
            found,
            technique,
            digit,
            base_offset,
        } = *self;
        out.reset_on(technique, digit);
        let d = Digits::single(digit).bits();
        let mut cell = 0;
        for r in 0..9 {
            for c in 0..9 {
                let (line, across) = if base_offset == 0 { (r, c) } else { (c, r) };
                let in_box = found.fin_box == 0
                    || usize::from(found.fin_box) == 18 + 3 * third(r) + third(c);
                if marks.bits(cell) & d == 0 {
                } else if found.base & (1 << line) != 0 {
                    out.node(cell, digit);
                } else if found.cover & (1 << across) != 0 && in_box {
                    out.eliminate(cell, digit);
                }
                cell += 1;
            }
        }
        for i in 0..9 {
            if found.base & (1 << i) != 0 {
                out.unit(base_offset + i);
            }
        }
    }
}
