//! Almost locked sets: ALS-XZ.
//!
//! An almost locked set (ALS) is `n` empty cells of one unit holding `n + 1` digits
//! between them: remove any one digit and the rest is locked. Two ALSs with no cell in
//! common share a restricted common digit `x` when every `x` of one sees every `x` of the
//! other: `x` is then in at most one of them, so the other is locked and holds all its
//! other digits. For another common digit `z`, one of the two sets holds `z`, so a cell
//! seeing every `z` of both loses `z`.

use heapless::Vec;

use super::bits::{self, kept, Cells, Keep, Kept};
use super::marks::Marks;
use super::step::Step;
use super::technique::Technique;
use crate::board::{CELLS, UNIT_CELLS};
use crate::candidates::Digits;

/// The most ALSs one search considers (sets of one to four cells).
const MAX_SETS: usize = 128;

/// An ALS: its unit, its cells (which the pair searches ask for thousands of times), its
/// digits, and whether it has a cell whose candidates changed (see [`Quiet`]).
#[cfg(feature = "fast")]
#[derive(Clone, Copy)]
struct Als {
    cells: Cells,
    unit: u8,
    changed: bool,
    digits: u16,
}

/// An ALS, as in the `fast` build, in two bytes: places in bits `0..9`, the unit in
/// `9..14`, the change in bit 14; its digits are read again from the marks (the union of
/// its cells' candidates). A search lists up to [`MAX_SETS`] of them, the largest part of
/// the engine's deepest frame (512 bytes less stack than six-byte sets on a Cortex-M0).
#[cfg(not(feature = "fast"))]
#[derive(Clone, Copy)]
struct Als(u16);

#[cfg(feature = "fast")]
impl Als {
    fn new(unit: u8, places: u16, digits: u16, changed: bool) -> Als {
        Als {
            cells: cells_of(unit, places),
            unit,
            changed,
            digits,
        }
    }

    fn digits(self, _marks: &Marks) -> u16 {
        self.digits
    }

    fn unit(self) -> u8 {
        self.unit
    }

    fn changed(self) -> bool {
        self.changed
    }

    fn set_changed(&mut self, changed: bool) {
        self.changed = changed;
    }
}

#[cfg(not(feature = "fast"))]
impl Als {
    fn new(unit: u8, places: u16, _digits: u16, changed: bool) -> Als {
        Als(places & 0x1FF | u16::from(unit & 0x1F) << 9 | u16::from(changed) << 14)
    }

    fn places(self) -> u16 {
        self.0 & 0x1FF
    }

    /// The set's digits: its cells' candidates, which the search does not change.
    #[inline(never)]
    fn digits(self, marks: &Marks) -> u16 {
        let mut digits = 0;
        let places = self.places();
        if let Some(unit) = UNIT_CELLS.get(usize::from(self.unit())) {
            for (k, &cell) in unit.iter().enumerate() {
                if places & 1 << k != 0 {
                    digits |= marks.bits_inline(usize::from(cell));
                }
            }
        }
        digits
    }

    fn unit(self) -> u8 {
        (self.0 >> 9 & 0x1F) as u8
    }

    fn changed(self) -> bool {
        self.0 & 1 << 14 != 0
    }

    fn set_changed(&mut self, changed: bool) {
        self.0 = self.0 & !(1 << 14) | u16::from(changed) << 14;
    }
}

/// The cells at `places` (positions `0..9`) of `unit`, without a loop.
#[cfg(feature = "fast")]
fn cells_of(unit: u8, places: u16) -> Cells {
    let places = u64::from(places & 0x1FF);
    match unit {
        // Place k of row r is cell 9r + k.
        unit @ 0..=8 => Cells::from(places) << (9 * unit),
        // Place k of column c is cell 9k + c: the low eight places spread nine apart (the
        // product's bits k + 8j never meet, so nothing carries), then place 8.
        unit @ 9..=17 => {
            let spread =
                (places & 0xFF).wrapping_mul(0x0101_0101_0101_0101) & 0x8040_2010_0804_0201;
            (Cells::from(spread) | Cells::from(places >> 8) << 72) << (unit - 9)
        }
        // Places 3i..3i + 3 of a box are its row i.
        unit @ 18..=26 => {
            let b = unit - 18;
            let rows = (places & 0x7) | (places & 0x38) << 6 | (places & 0x1C0) << 12;
            Cells::from(rows) << (27 * (b / 3) + 3 * (b % 3))
        }
        _ => 0,
    }
}

impl Als {
    /// The set's cells.
    #[cfg(feature = "fast")]
    fn cells(self) -> Cells {
        self.cells
    }

    /// The set's cells, place by place, in three 32-bit words: on a Cortex-M0 the shifts
    /// of the form above, or a 128-bit set per place, take long code and a deep frame on
    /// the engine's deepest path.
    #[cfg(not(feature = "fast"))]
    #[inline(always)]
    fn cells(self) -> Cells {
        self.kept_cells().get()
    }

    /// The compact build's [`Als::cells`], as kept: a caller then knows that the fourth
    /// word is zero.
    #[cfg(not(feature = "fast"))]
    #[inline(never)]
    fn kept_cells(self) -> Kept {
        let mut words = [0u32; 3];
        let places = self.places();
        if let Some(unit) = UNIT_CELLS.get(usize::from(self.unit())) {
            for (k, &cell) in unit.iter().enumerate() {
                if let Some(word) = words.get_mut(usize::from(cell / 32)) {
                    *word |= u32::from(places >> k & 1) << (cell % 32);
                }
            }
        }
        Kept(words)
    }
}

/// The cells that see every cell of `cells`. Inline in the compact build, where
/// [`Reach::set`] is its only caller: a frame less on the engine's deepest path.
#[cfg_attr(feature = "fast", inline(never))]
#[cfg_attr(not(feature = "fast"), inline(always))]
fn common_peers(cells: Cells) -> Cells {
    let mut seen = bits::ALL_CELLS;
    for cell in bits::iter(cells) {
        seen &= bits::peers(cell);
    }
    seen & !cells
}

/// What the ALS techniques found nothing for along a path: for each of them, the cells
/// whose candidates changed since a complete search (one that kept every set and every
/// partner) last found nothing.
///
/// A path only removes candidates. An ALS-XZ or ALS-XY-wing whose sets all kept their
/// candidates since then was there already, with at least the eliminations it has now,
/// and the complete search would have found it; so the next search need only look at
/// combinations with a changed cell, and the first of those it finds, in its usual order,
/// is the step a whole search finds. A rating keeps one in its
/// [`Seen`](super::ladder::Seen).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Quiet {
    /// Each cell's number of candidates at the last search, two cells a byte: as
    /// candidates are only removed, a cell changed if and only if its number did.
    counts: [u8; 41],
    /// ALS-XZ's and ALS-XY-wing's changed cells since they last found nothing (all when
    /// not known).
    since: [Kept; 2],
}

impl Quiet {
    /// No cell counted and none changed: nothing known once [`Quiet::forget`] takes every
    /// cell as changed.
    pub(crate) const ZERO: Quiet = Quiet {
        counts: [0; 41],
        since: [kept(0); 2],
    };

    /// Takes every cell as changed for both techniques. Out of line: inline, the compiler
    /// folds it and the zeros before it into one constant to copy.
    #[inline(never)]
    pub(crate) fn forget(&mut self) {
        self.since = [kept(bits::ALL_CELLS); 2];
    }

    /// The step of `technique` (ALS-XZ or ALS-XY-wing) in `marks`, which must hold no
    /// candidate that the marks of the last search did not: the step a whole search finds,
    /// looking only where candidates changed since a complete search last found nothing.
    /// With `then_wing`, an ALS-XZ search that finds nothing goes on to ALS-XY-wing's
    /// search on the same marks and sets (the ladder's next technique), and the step may
    /// be either's. Out of line: the ladder's frame is on the engine's deepest path.
    #[inline(never)]
    pub(crate) fn find(
        &mut self,
        marks: &Marks,
        technique: Technique,
        then_wing: bool,
        out: &mut Step,
    ) -> bool {
        self.note_changes(marks);
        let [xz, xy_wing] = &mut self.since;
        match technique {
            Technique::AlsXyWing => als_xy_wing(marks, xy_wing, out),
            _ => als_xz(marks, xz, then_wing.then_some(xy_wing), out),
        }
    }

    /// Adds the cells whose number of candidates changed since the last search to both
    /// records' changed cells. Out of line: its locals are not on the stack below the
    /// searches.
    #[inline(never)]
    fn note_changes(&mut self, marks: &Marks) {
        let mut delta = 0;
        for cell in 0..CELLS {
            let n = bits::count9(marks.bits(cell)) as u8;
            let shift = 4 * (cell % 2);
            if let Some(pair) = self.counts.get_mut(cell / 2) {
                if (*pair >> shift) & 0xF != n {
                    bits::insert(&mut delta, cell);
                    *pair = (*pair & !(0xF << shift)) | n << shift;
                }
            }
        }
        for since in &mut self.since {
            since.set(since.get() | delta);
        }
    }

    /// True if `technique` has a record: a complete search of it found nothing at some
    /// earlier state of the path.
    #[cfg(test)]
    pub(crate) fn knows(&self, technique: Technique) -> bool {
        let i = usize::from(technique == Technique::AlsXyWing);
        self.since
            .get(i)
            .is_some_and(|since| since.get() != bits::ALL_CELLS)
    }
}

/// Lists the ALSs of `marks` in `sets`, unit by unit, noting those with a cell in
/// `changed` (as kept, in the compact build three words); returns false if there were
/// more than it holds.
fn collect(marks: &Marks, changed: Kept, sets: &mut Vec<Als, MAX_SETS>) -> bool {
    let changed = changed.get();
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
                    if bits::count9(union) != n as u32 + 1 {
                        return None;
                    }
                    let cells = Als::new(unit as u8, places, 0, false).cells();
                    let als = Als::new(unit as u8, places, union, cells & changed != 0);
                    // A box's set inside one line was found in that line already.
                    if unit >= 18 && n > 1 {
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
                return false;
            }
        }
    }
    true
}

/// The first ALS-XZ of `marks` with a cell in `since` (all cells for a whole search; see
/// [`Quiet`]), which is emptied when a complete search finds nothing. If there is none
/// and `wing` is given, the first ALS-XY-wing with a cell in `wing` (as
/// [`als_xy_wing`]), from the same sets: listing them is a good part of either search.
/// The `fast` build only: on a Cortex-M0 the two searches on one list take 88 bytes more
/// stack, on the engine's deepest path, and 212 bytes more flash.
#[inline(never)]
pub(crate) fn als_xz(
    marks: &Marks,
    since: &mut Kept,
    wing: Option<&mut Kept>,
    out: &mut Step,
) -> bool {
    let mut sets = Vec::new();
    let complete = collect(marks, *since, &mut sets);
    if als_xz_in(marks, &sets, out) {
        return true;
    }
    // A search that left something out makes no new record; the old one still holds.
    if complete {
        since.set(0);
    }
    let Some(since) = wing.filter(|_| cfg!(feature = "fast")) else {
        return false;
    };
    for set in sets.iter_mut() {
        set.set_changed(set.cells() & since.get() != 0);
    }
    xy_wing_of(marks, &sets, complete, since, out)
}

/// The first ALS-XZ of two of the `sets` with a changed cell between them. Out of line:
/// its locals and the list of sets' collection are never on the stack together.
#[inline(never)]
fn als_xz_in(marks: &Marks, sets: &[Als], out: &mut Step) -> bool {
    // An unchanged set needs a changed partner after it.
    let last_changed = sets.iter().rposition(|set| set.changed());
    for (i, a) in sets.iter().enumerate() {
        if !a.changed() && last_changed.is_none_or(|last| last <= i) {
            break;
        }
        let mut reach = Reach::NONE;
        reach.set(marks, *a);
        for b in sets.iter().skip(i + 1) {
            if !a.changed() && !b.changed() {
                continue;
            }
            // Two common digits at least: `x` and some `z`.
            let rcc = reach.commons(marks, *b, true);
            if rcc == 0 {
                continue;
            }
            let common = reach.digits & b.digits(marks);
            for x in Digits::from_bits(rcc) {
                out.reset(Technique::AlsXz);
                for z in Digits::from_bits(common).iter().filter(|&z| z != x) {
                    // The cells that see every z of both sets, as for an ALS-XY-wing.
                    let targets = xy_wing_targets(marks, &[*a, *b, *a], z);
                    out.eliminate_all(targets, z);
                    if targets != 0 {
                        out.digit(z);
                    }
                }
                if out.is_productive() {
                    out.digit(x);
                    out.unit(usize::from(a.unit()));
                    out.unit(usize::from(b.unit()));
                    out.cell_nodes(marks, reach.cells.get() | b.cells());
                    return true;
                }
            }
        }
    }
    false
}

/// An ALS as the first of an ALS-XZ's two sets or an ALS-XY-wing's pivot, with what its
/// partners are tested against: its cells and digits and, for each digit, lowest first,
/// the cells that see every place of the digit in the set (none if it has no place
/// there), and the cells that see some digit's.
struct Reach {
    by_digit: [Kept; 5],
    cells: Kept,
    near: Kept,
    digits: u16,
}

impl Reach {
    /// Nothing: no cells, no digits.
    const NONE: Reach = Reach {
        by_digit: [kept(0); 5],
        cells: kept(0),
        near: kept(0),
        digits: 0,
    };

    /// Makes this what `set`'s partners are tested against. Out of line in the compact
    /// build, and in place: a value returned took a frame of its size below the
    /// searches' frames, on the engine's deepest stack. Inline in the fast build, and
    /// `near` summed in a local: out of line, or summed in the struct, a hard rating took
    /// 1% more instructions.
    #[cfg_attr(feature = "fast", inline(always))]
    #[cfg_attr(not(feature = "fast"), inline(never))]
    fn set(&mut self, marks: &Marks, set: Als) {
        self.cells = kept(set.cells());
        self.digits = set.digits(marks);
        let mut near = 0;
        self.by_digit = [kept(0); 5];
        for (cells_x, x) in self.by_digit.iter_mut().zip(Digits::from_bits(self.digits)) {
            let places = self.cells.get() & marks.positions(x);
            if places != 0 {
                cells_x.set(common_peers(places));
                near |= cells_x.get();
            }
        }
        self.near = kept(near);
    }

    /// The restricted common digits of this set and `other`: the digits of both whose
    /// every place in one sees every place in the other. None if the two have a cell in
    /// common, or no common digit (with `two`, fewer than two: an ALS-XZ needs another
    /// common digit to eliminate). Out of line in the compact build, where ALS-XZ and
    /// ALS-XY-wing share it; inline in the fast build, where its calls were 4% of a hard
    /// rating's instructions.
    #[cfg_attr(feature = "fast", inline(always))]
    #[cfg_attr(not(feature = "fast"), inline(never))]
    fn commons(&self, marks: &Marks, other: Als, two: bool) -> u16 {
        let b_digits = other.digits(marks);
        let common = self.digits & b_digits;
        if (if two {
            common & common.wrapping_sub(1)
        } else {
            common
        }) == 0
        {
            return 0;
        }
        let b = other.cells();
        // A set with a restricted common digit has a cell in the other's reach.
        if self.cells.get() & b != 0 || b & self.near.get() == 0 {
            return 0;
        }
        let mut rcc = 0;
        for (x, cells_x) in Digits::from_bits(self.digits)
            .iter_inline()
            .zip(&self.by_digit)
        {
            let cells_x = cells_x.get();
            let xb = b & marks.positions(x);
            if b_digits & Digits::single(x).bits() != 0 && xb != 0 && xb & !cells_x == 0 {
                rcc |= Digits::single(x).bits();
            }
        }
        rcc
    }
}

/// The most ALSs linked to one pivot that an ALS-XY-wing search considers.
const PARTNERS: usize = 24;

/// ALS-XY-wing: a pivot ALS `C` shares a restricted common digit `x` with an ALS `A` and
/// another, `y`, with an ALS `B`. If `A` and `B` both lacked a digit `z` they share, both
/// would be locked and hold `x` and `y`, leaving `C` without either: one digit short. So
/// `z` is in `A` or `B`, and a cell seeing every `z` of both loses it.
///
/// The first with a cell in `since` (all cells for a whole search; see [`Quiet`]), which
/// is emptied when a complete search finds nothing.
#[inline(never)]
pub(crate) fn als_xy_wing(marks: &Marks, since: &mut Kept, out: &mut Step) -> bool {
    let mut sets = Vec::new();
    let complete = collect(marks, *since, &mut sets);
    xy_wing_of(marks, &sets, complete, since, out)
}

/// The ALS-XY-wing search of [`als_xy_wing`] on `sets`, flagged with `since`, and
/// `complete` if they are all the sets of `marks`.
fn xy_wing_of(
    marks: &Marks,
    sets: &[Als],
    mut complete: bool,
    since: &mut Kept,
    out: &mut Step,
) -> bool {
    if let Some((wing, x, y, zs)) = als_xy_wing_in(marks, sets, &mut complete) {
        xy_wing_step(marks, &wing, x, y, zs, out);
        return true;
    }
    // A search that left something out makes no new record; the old one still holds.
    if complete {
        since.set(0);
    }
    false
}

/// The first ALS-XY-wing of three of the `sets` with a changed cell among them: the sets
/// (the pivot last), the restricted commons `x` and `y`, and the digits it may eliminate.
/// Clears `complete` if a pivot had more partners than the search keeps. Out of line: its
/// locals, the list of sets' collection and the step's writing are never on the stack
/// together.
#[inline(never)]
fn als_xy_wing_in(
    marks: &Marks,
    sets: &[Als],
    complete: &mut bool,
) -> Option<([Als; 3], u8, u8, u16)> {
    for c in sets.iter() {
        let mut reach = Reach::NONE;
        reach.set(marks, *c);
        // The sets linked to the pivot: their index (below `MAX_SETS`, 128) and restricted
        // common digits (nine bits), in one word each. An unchanged pivot needs a changed
        // partner: until one is found, the loop looks at the changed sets only, and then
        // starts again from the first set (one copy of the test's code for both walks).
        let mut partners: Vec<u16, PARTNERS> = Vec::new();
        let mut linked = c.changed();
        let mut j = 0;
        while let Some(other) = sets.get(j) {
            let index = j as u16;
            j += 1;
            if !linked && !other.changed() {
                continue;
            }
            let rcc = reach.commons(marks, *other, false);
            if rcc == 0 {
                continue;
            }
            if !linked {
                linked = true;
                j = 0;
            } else if partners.push(index << 9 | rcc).is_err() {
                *complete = false;
                break;
            }
        }
        if !linked {
            continue;
        }
        let split = |partner: u16| (usize::from(partner >> 9), partner & 0x1FF);
        for (i, (ia, rcc_a)) in partners.iter().map(|&p| split(p)).enumerate() {
            let Some(a) = sets.get(ia) else {
                continue;
            };
            let cells_a = a.cells();
            for (ib, rcc_b) in partners.iter().skip(i + 1).map(|&p| split(p)) {
                let Some(b) = sets.get(ib) else {
                    continue;
                };
                let cells_b = b.cells();
                if cells_a & cells_b != 0 {
                    continue;
                }
                if !(c.changed() || a.changed() || b.changed()) {
                    continue;
                }
                // x from A and y from B must be two different digits.
                for x in Digits::from_bits(rcc_a) {
                    for y in Digits::from_bits(rcc_b).without(x) {
                        let zs = a.digits(marks)
                            & b.digits(marks)
                            & !Digits::single(x).bits()
                            & !Digits::single(y).bits();
                        let wing = [*a, *b, *c];
                        if Digits::from_bits(zs)
                            .iter()
                            .any(|z| xy_wing_targets(marks, &wing, z) != 0)
                        {
                            return Some((wing, x, y, zs));
                        }
                    }
                }
            }
        }
    }
    None
}

/// The cells that lose `z` to the ALS-XY-wing `[a, b, c]` (`c` the pivot): those that see
/// every `z` of `a` and `b`, outside the three sets. With `c` as `a`, those that lose `z`
/// to the ALS-XZ of `a` and `b`.
#[cfg(feature = "fast")]
fn xy_wing_targets(marks: &Marks, [a, b, c]: &[Als; 3], z: u8) -> Cells {
    let (cells_a, cells_b) = (a.cells(), b.cells());
    let places = (cells_a | cells_b) & marks.positions(z);
    marks.positions(z) & common_peers(places) & !(cells_a | cells_b | c.cells())
}

/// The compact build's [`xy_wing_targets`]: the same cells, narrowed place by place
/// (the places are in the sets, which the targets are not) rather than through the
/// places' common peers: 176 bytes of a Cortex-M0's stack with those, at the bottom of
/// the ALS-XY-wing's path.
#[cfg(not(feature = "fast"))]
#[inline(always)]
fn xy_wing_targets(marks: &Marks, wing: &[Als; 3], z: u8) -> Cells {
    kept_xy_wing_targets(marks, wing, z).get()
}

/// The compact build's [`xy_wing_targets`], as kept. Out of line.
#[cfg(not(feature = "fast"))]
#[inline(never)]
fn kept_xy_wing_targets(marks: &Marks, [a, b, c]: &[Als; 3], z: u8) -> Kept {
    let sets = a.cells() | b.cells();
    let z_places = marks.positions(z);
    let mut targets = z_places & !(sets | c.cells());
    for place in bits::iter(sets & z_places) {
        targets &= bits::peers(place);
    }
    kept(targets)
}

/// Writes into `out` the step of the ALS-XY-wing `[a, b, c]` with restricted commons `x`
/// and `y` and the digits `zs` it may eliminate. Out of line, and only once the wing is
/// known to eliminate something: its locals would sit on the engine's deepest stack.
#[inline(never)]
fn xy_wing_step(marks: &Marks, wing: &[Als; 3], x: u8, y: u8, zs: u16, out: &mut Step) {
    out.reset(Technique::AlsXyWing);
    for z in Digits::from_bits(zs) {
        let targets = xy_wing_targets(marks, wing, z);
        if targets != 0 {
            out.eliminate_all(targets, z);
            out.digit(z);
        }
    }
    out.digit(x);
    out.digit(y);
    let mut all = 0;
    for set in wing {
        out.unit(usize::from(set.unit()));
        all |= set.cells();
    }
    for cell in bits::iter(all) {
        out.node(cell, marks.candidates(cell).lowest().unwrap_or(1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use sudoku81_testkit::data;

    /// The ALSs of `marks` as `collect` defines them, counted without a cap: one to four
    /// empty cells of a unit with one digit more than cells, a box's set of two or more
    /// cells only when they are not all in one row or column.
    fn count_sets(marks: &Marks) -> usize {
        let mut n = 0;
        for (unit, cells) in UNIT_CELLS.iter().enumerate() {
            for places in 1u16..512 {
                let size = places.count_ones();
                let members: Vec<usize, 9> = (0..9)
                    .filter(|k| places & 1 << k != 0)
                    .map(|k| usize::from(cells[k]))
                    .collect();
                let union = members.iter().fold(0, |u, &c| u | marks.bits(c));
                if size > 4
                    || members.iter().any(|&c| marks.bits(c) == 0)
                    || union.count_ones() != size + 1
                {
                    continue;
                }
                let in_line = members.iter().all(|&c| c / 9 == members[0] / 9)
                    || members.iter().all(|&c| c % 9 == members[0] % 9);
                if unit >= 18 && size > 1 && in_line {
                    continue;
                }
                n += 1;
            }
        }
        n
    }

    /// Along whole paths of hard puzzles, `collect` says whether it kept every set, and a
    /// search that finds nothing makes a record (empties its changed cells) only then.
    #[test]
    fn only_a_complete_search_makes_a_record() {
        let (mut capped, mut kept) = (0, 0);
        for (name, take) in [("top95", 10), ("hardest1106", 5)] {
            let set = data::load(name).expect("the samples are in the repository");
            for cells in set.cells.into_iter().take(take) {
                let board = Board::from_cells(cells).expect("a puzzle");
                let mut path = board.explain().expect("a puzzle");
                loop {
                    let marks = *path.marks();
                    let mut sets = Vec::new();
                    let complete = collect(&marks, bits::kept(bits::ALL_CELLS), &mut sets);
                    let count = count_sets(&marks);
                    assert_eq!(complete, count <= MAX_SETS, "{name}: {count} sets");
                    assert_eq!(sets.len(), count.min(MAX_SETS), "{name}");
                    if complete {
                        kept += 1;
                    } else {
                        capped += 1;
                    }
                    let (mut since, mut step) = (bits::kept(bits::ALL_CELLS), Step::EMPTY);
                    let xz = als_xz(&marks, &mut since, None, &mut step);
                    if !xz {
                        assert_eq!(since.get() == 0, complete, "{name}");
                    }
                    let mut wing_since = bits::kept(bits::ALL_CELLS);
                    let mut wing = Step::EMPTY;
                    let found = als_xy_wing(&marks, &mut wing_since, &mut wing);
                    if !found && wing_since.get() == 0 {
                        assert!(complete, "{name}");
                    }
                    // ALS-XZ's search going on to ALS-XY-wing's (`fast` build) finds what
                    // the two find one after the other, and makes the same records.
                    let (mut both_since, mut both_wing) =
                        (bits::kept(bits::ALL_CELLS), bits::kept(bits::ALL_CELLS));
                    let mut both = Step::EMPTY;
                    let either = als_xz(&marks, &mut both_since, Some(&mut both_wing), &mut both);
                    if cfg!(feature = "fast") {
                        assert_eq!(either, xz || found, "{name}");
                        if xz {
                            assert_eq!(both, step, "{name}");
                        } else if found {
                            assert_eq!((both, both_since), (wing, since), "{name}");
                        } else {
                            assert_eq!((both_since, both_wing), (since, wing_since), "{name}");
                        }
                    } else {
                        assert_eq!(
                            (either, both_wing),
                            (xz, bits::kept(bits::ALL_CELLS)),
                            "{name}"
                        );
                    }
                    if path.next().is_none() {
                        break;
                    }
                }
            }
        }
        assert!(capped > 0 && kept > 0, "capped {capped}, kept {kept}");
    }

    fn cells_by_loop(unit: u8, places: u16) -> Cells {
        let unit = UNIT_CELLS[usize::from(unit)];
        (0..9)
            .filter(|k| places & 1 << k != 0)
            .fold(0, |cells, k| cells | bits::bit(usize::from(unit[k])))
    }

    #[test]
    fn cells_are_the_places_of_the_unit() {
        for unit in 0..27u8 {
            for places in 0..512u16 {
                let als = Als::new(unit, places, 0, false);
                assert_eq!(
                    als.cells(),
                    cells_by_loop(unit, places),
                    "unit {unit} places {places:b}"
                );
            }
        }
    }

    /// A set gives back what it was made of, whatever its packing (its cells in the fast
    /// build, two bytes in the compact one, which reads its digits from the marks: the
    /// union of its cells' candidates).
    #[test]
    fn a_set_keeps_its_unit_places_digits_and_change() {
        let board = Board::parse(
            b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        )
        .expect("a puzzle");
        let marks = Marks::from_board(&board).expect("consistent");
        for unit in 0..27u8 {
            for places in (1..512u16).step_by(7) {
                let union = cells_by_loop_digits(&marks, unit, places);
                for digits in [0x001, 0x0F0, 0x1FF, 0x155, 0x100] {
                    // The fast build keeps the digits it is given; the compact one has
                    // only the marks'.
                    let digits = if cfg!(feature = "fast") {
                        digits
                    } else {
                        union
                    };
                    for changed in [false, true] {
                        let als = Als::new(unit, places, digits, changed);
                        assert_eq!(
                            (als.unit(), als.cells(), als.digits(&marks), als.changed()),
                            (unit, cells_by_loop(unit, places), digits, changed)
                        );
                    }
                }
            }
        }
    }

    fn cells_by_loop_digits(marks: &Marks, unit: u8, places: u16) -> u16 {
        bits::iter(cells_by_loop(unit, places)).fold(0, |d, cell| d | marks.bits(cell))
    }
}
