//! Almost locked sets: ALS-XZ.
//!
//! An almost locked set (ALS) is `n` empty cells of one unit holding `n + 1` digits
//! between them: remove any one digit and the rest is locked. Two ALSs with no cell in
//! common share a restricted common digit `x` when every `x` of one sees every `x` of the
//! other: `x` is then in at most one of them, so the other is locked and holds all its
//! other digits. For another common digit `z`, one of the two sets holds `z`, so a cell
//! seeing every `z` of both loses `z`.

use heapless::Vec;

use super::bits::{self, kept, Cells, Choices, Keep, Kept};
use super::marks::Marks;
use super::step::Step;
use super::technique::Technique;
use crate::board::{CELLS, UNIT_CELLS};
use crate::candidates::Digits;

/// The most ALSs (sets of one to four cells) a search holds at once. A search with more
/// lists them again, a slice at a time, and finds the same step as one holding them all:
/// the first in the sets' order. The compact build's 128 are 256 bytes of the engine's
/// deepest frame on a Cortex-M0; the `fast` build's 512 (16 KiB) are [`LIMIT`], so it holds
/// every set of a position it searches and lists them again only in the tests' small
/// slices (the paths of the first 200 puzzles of the shared hard sets hold 449 at most).
#[cfg(feature = "fast")]
const SLICE: usize = 512;
#[cfg(not(feature = "fast"))]
const SLICE: usize = 128;

/// The most ALSs a position may hold for the searches to be made. A position with more
/// (a pencil-mark grid can hold some 1 100; the paths of the shared sets at most about 450)
/// gets no ALS step: searching it would cost a hint a hundred times more. The count is
/// the same in every orientation, so a position's steps still are.
const LIMIT: usize = 512;

/// The units a search lists sets in: all of them.
const ALL_UNITS: u32 = (1 << 27) - 1;

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
/// its cells' candidates). A search holds up to [`SLICE`] of them, the largest part of
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
    /// True if the two are the same set: the same cells of the same unit.
    #[cfg(feature = "fast")]
    fn is(self, other: Als) -> bool {
        self.unit == other.unit && self.cells == other.cells
    }

    /// True if the two are the same set: the same places of the same unit.
    #[cfg(not(feature = "fast"))]
    fn is(self, other: Als) -> bool {
        (self.0 ^ other.0) & 0x3FFF == 0
    }

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
/// whose candidates changed since a search last found nothing.
///
/// A path only removes candidates. An ALS-XZ or ALS-XY-wing whose sets all kept their
/// candidates since then was there already, with at least the eliminations it has now,
/// and the search would have found it; so the next search need only look at
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

    /// Takes every cell as changed for both techniques. Out of line in the fast build:
    /// inline, the compiler folds it and the zeros before it into one constant to copy.
    /// Inline in the compact build, 12 bytes less of a Cortex-M0's flash, constant
    /// included.
    #[cfg_attr(feature = "fast", inline(never))]
    pub(crate) fn forget(&mut self) {
        self.since = [kept(bits::ALL_CELLS); 2];
    }

    /// The step of `technique` (ALS-XZ or ALS-XY-wing) in `marks`, which must hold no
    /// candidate that the marks of the last search did not: the step a whole search finds,
    /// looking only where candidates changed since a search last found nothing.
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

    /// True if `technique` has a record: a search of it found nothing at some
    /// earlier state of the path.
    #[cfg(test)]
    pub(crate) fn knows(&self, technique: Technique) -> bool {
        let i = usize::from(technique == Technique::AlsXyWing);
        self.since
            .get(i)
            .is_some_and(|since| since.get() != bits::ALL_CELLS)
    }
}

/// A walk over the ALSs of the marks, in the sets' order: unit by unit, then by size, then
/// by places. A set is flagged as changed if it has a cell in `changed`. A bivalue cell is
/// a set of its row only, and a box's set inside one line one of that line only: the same
/// set listed twice would be paired twice. A search that lists the sets again pulls them
/// one at a time, with no frame of the walk's below its own, and takes the slice of the
/// list it holds from memory, walking only the units outside it.
struct Lister<'a> {
    walk: Choices,
    items: [u16; 9],
    changed: &'a Kept,
    /// The slice of the list the search holds, all of it with `whole`.
    held: &'a [Als],
    whole: bool,
    /// Where the walk is: before the held slice, in it (at `index`), walking to its last
    /// set, or after it.
    phase: Phase,
    index: usize,
    /// The units to walk, bit `u` for unit `u`, and those still to walk.
    filter: u32,
    units: u32,
    unit: u8,
    size: u8,
}

/// Where a [`Lister`] is with respect to the slice its search holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    Before,
    Held,
    ToEnd,
    After,
}

impl<'a> Lister<'a> {
    /// A walk over the sets of the marks flagged with `changed`, of which a search holds
    /// `held` (all of them with `whole`); [`Lister::start`] starts it. Out of line in the
    /// compact build, as [`Lister::start`], [`Lister::walk_from`] and [`Lister::walked`]:
    /// together 84 bytes less of a Cortex-M0's flash than inline, and 16 of the engine's
    /// deepest stack (the ALS-XY-wing's).
    #[cfg_attr(not(feature = "fast"), inline(never))]
    fn new(changed: &'a Kept, held: &'a [Als], whole: bool) -> Lister<'a> {
        Lister {
            walk: Choices::new(0, 4, 0),
            items: [0; 9],
            changed,
            held,
            whole,
            phase: Phase::After,
            index: 0,
            filter: ALL_UNITS,
            units: 0,
            unit: 0,
            size: 4,
        }
    }

    /// Starts the walk again from the first set, over the units of `units` (all of them,
    /// for a list in order; a walk over fewer may give some held sets twice).
    #[cfg_attr(not(feature = "fast"), inline(never))]
    fn start(&mut self, units: u32) {
        self.index = 0;
        self.filter = units;
        self.phase = if self.whole {
            Phase::Held
        } else if self.held.is_empty() {
            Phase::After
        } else {
            Phase::Before
        };
        self.walk_from(units);
    }

    /// Starts the walk again from the held set at `index`, over all the units.
    fn start_at(&mut self, index: usize) {
        self.index = index;
        self.filter = ALL_UNITS;
        self.phase = Phase::Held;
    }

    /// Starts the walk again from the set after the held slice.
    fn start_after(&mut self) {
        self.phase = Phase::ToEnd;
        let last = self.held.last().map_or(0, |set| set.unit());
        // The last held set's unit, walked to that set, even if the filter leaves it out.
        self.walk_from((self.filter | 1 << last) >> last << last);
    }

    #[cfg_attr(not(feature = "fast"), inline(never))]
    fn walk_from(&mut self, units: u32) {
        self.units = units;
        self.size = 4;
        self.walk.restart(0, 4, 0);
    }

    /// The next set of `marks` (the same at each call). Inline in the `fast` build, where
    /// a search holding the whole list takes every partner of every pivot this way (7% of
    /// a hard rating's instructions out of line). The compact build leaves it to the
    /// compiler (52 bytes less of a Cortex-M0's flash than out of line).
    #[cfg_attr(feature = "fast", inline(always))]
    fn next(&mut self, marks: &Marks) -> Option<Als> {
        if self.phase == Phase::Held {
            if let Some(&set) = self.held.get(self.index) {
                self.index += 1;
                return Some(set);
            }
        }
        self.next_walked(marks)
    }

    /// [`Lister::next`] past the held sets.
    #[cfg_attr(feature = "fast", inline(never))]
    #[cfg_attr(not(feature = "fast"), inline(always))]
    fn next_walked(&mut self, marks: &Marks) -> Option<Als> {
        loop {
            if self.phase == Phase::Held {
                if let Some(&set) = self.held.get(self.index) {
                    self.index += 1;
                    return Some(set);
                }
                if self.whole {
                    return None;
                }
                self.start_after();
            }
            let set = self.walked(marks)?;
            match self.phase {
                Phase::Before if self.held.first().is_some_and(|&first| first.is(set)) => {
                    self.phase = Phase::Held;
                }
                Phase::ToEnd => {
                    if self.held.last().is_some_and(|&last| last.is(set)) {
                        self.phase = Phase::After;
                    }
                }
                _ => return Some(set),
            }
        }
    }

    /// The next set the walk over the units finds.
    #[cfg_attr(not(feature = "fast"), inline(never))]
    fn walked(&mut self, marks: &Marks) -> Option<Als> {
        loop {
            let size = u32::from(self.size);
            if let Some((places, union)) = self.walk.next(&self.items) {
                if bits::count9(union) == size + 1 {
                    if let Some(set) = listed(self.unit, places, union, self.changed.get()) {
                        return Some(set);
                    }
                }
                continue;
            }
            if self.size < 4 {
                self.size += 1;
            } else {
                if self.units == 0 {
                    return None;
                }
                self.unit = self.units.trailing_zeros() as u8;
                self.units &= self.units - 1;
                let cells = UNIT_CELLS.get(usize::from(self.unit)).unwrap_or(&[0; 9]);
                for (item, &cell) in self.items.iter_mut().zip(cells) {
                    *item = marks.bits(usize::from(cell));
                }
                // A bivalue cell is listed in its row.
                self.size = if self.unit < 9 { 1 } else { 2 };
            }
            let usable = (0..9)
                .filter(|&k| self.items[k] != 0)
                .fold(0, |u, k| u | 1 << k);
            let size = usize::from(self.size);
            self.walk.restart(usable, size, size as u32 + 1);
        }
    }
}

/// The set at `places` of `unit`, whose cells hold the digits `union`, one more than its
/// cells, flagged as changed if it has a cell in `changed`; none if it is a box's set
/// inside one line (listed in that line).
#[inline(always)]
fn listed(unit: u8, places: u16, union: u16, changed: Cells) -> Option<Als> {
    let cells = Als::new(unit, places, 0, false).cells();
    if unit >= 18 {
        let first = bits::units_of(bits::first(cells));
        if first[..2]
            .iter()
            .any(|&line| cells & !bits::unit_mask(line) == 0)
        {
            return None;
        }
    }
    Some(Als::new(unit, places, union, cells & changed != 0))
}

/// Lists in `sets` the slice of the ALSs of `marks` that starts at index `from` (see
/// [`Lister`]); returns whether more sets follow it, or, for the first slice, none if there
/// are more than [`LIMIT`] sets. Out of line: the walk is not on the stack below the
/// searches.
#[cfg(not(feature = "fast"))]
#[inline(never)]
fn collect<const S: usize>(
    marks: &Marks,
    changed: &Kept,
    from: usize,
    sets: &mut Vec<Als, S>,
) -> Option<bool> {
    sets.clear();
    let mut lister = Lister::new(changed, &[], false);
    lister.start(ALL_UNITS);
    for _ in 0..from {
        lister.next(marks);
    }
    let mut count = from;
    while let Some(set) = lister.next(marks) {
        count += 1;
        // A full first slice goes on counting, up to the limit.
        if sets.push(set).is_err() && (from > 0 || count > LIMIT) {
            return (from > 0).then_some(true);
        }
    }
    Some(count > from + sets.len())
}

/// The `fast` build's [`collect`]: the same sets in the same order, from [`bits::choose`]'s
/// loops: a third fewer instructions than a [`Lister`]'s walk.
#[cfg(feature = "fast")]
fn collect<const S: usize>(
    marks: &Marks,
    changed: &Kept,
    from: usize,
    sets: &mut Vec<Als, S>,
) -> Option<bool> {
    sets.clear();
    let mut index = 0;
    for (unit, cells) in UNIT_CELLS.iter().enumerate() {
        let mut items = [0u16; 9];
        let mut usable = 0u16;
        for (k, &cell) in cells.iter().enumerate() {
            items[k] = marks.bits(usize::from(cell));
            if items[k] != 0 {
                usable |= 1 << k;
            }
        }
        // A bivalue cell is listed in its row.
        for n in if unit < 9 { 1 } else { 2 }..=4usize {
            let full: Option<()> =
                bits::choose(&items, usable, n, n as u32 + 1, |places, union| {
                    if bits::count9(union) != n as u32 + 1 {
                        return None;
                    }
                    let set = listed(unit as u8, places, union, changed.get())?;
                    index += 1;
                    // A full first slice goes on counting, up to the limit.
                    let stop =
                        index > from && sets.push(set).is_err() && (from > 0 || index > LIMIT);
                    stop.then_some(())
                });
            if full.is_some() {
                return (from > 0).then_some(true);
            }
        }
    }
    Some(index > from + sets.len())
}

/// The first ALS-XZ of `marks` with a cell in `since` (all cells for a whole search; see
/// [`Quiet`]), which is emptied when it finds nothing (a position with more than [`LIMIT`]
/// sets is not searched, and keeps it). If there is none and `wing` is
/// given, the first ALS-XY-wing with a cell in `wing` (as [`als_xy_wing`]), from the same
/// sets: listing them is a good part of either search. The `fast` build only: on a
/// Cortex-M0 the two searches on one list take 88 bytes more stack, on the engine's
/// deepest path, and 212 bytes more flash.
#[inline(never)]
pub(crate) fn als_xz(
    marks: &Marks,
    since: &mut Kept,
    wing: Option<&mut Kept>,
    out: &mut Step,
) -> bool {
    let mut sets = Vec::new();
    als_xz_with::<SLICE, PARTNERS>(marks, since, wing, &mut sets, out)
}

/// [`als_xz`] holding at most `S` sets and `P` partners at once, in `sets`.
fn als_xz_with<const S: usize, const P: usize>(
    marks: &Marks,
    since: &mut Kept,
    wing: Option<&mut Kept>,
    sets: &mut Vec<Als, S>,
    out: &mut Step,
) -> bool {
    let mut from = 0;
    loop {
        // Too many sets for a search: no step, and no record.
        let Some(more) = collect(marks, since, from, sets) else {
            return false;
        };
        if als_xz_in(marks, (sets, more), since, out) {
            return true;
        }
        if !more {
            break;
        }
        from += sets.len();
    }
    since.set(0);
    let Some(since) = wing.filter(|_| cfg!(feature = "fast")) else {
        return false;
    };
    if from > 0 {
        return als_xy_wing_with::<S, P>(marks, since, sets, out);
    }
    for set in sets.iter_mut() {
        set.set_changed(set.cells() & since.get() != 0);
    }
    xy_wing_of::<P>(marks, sets, since, out)
}

/// The first ALS-XZ, in the sets' order, whose first set is in `sets` (a slice of the
/// list, with `more` sets after it) and with a changed set between the two. Each second
/// set, in order, is paired with the first sets before it and before the best found yet
/// (restricted commons are symmetric): so the second sets can be walked after the slice.
/// Out of line in the fast build: its locals and the list's collection are never on the
/// stack together. The compact build leaves it to the compiler (36 bytes less of a
/// Cortex-M0's flash, the deepest stack unchanged).
#[cfg_attr(feature = "fast", inline(never))]
fn als_xz_in(marks: &Marks, (sets, more): (&[Als], bool), changed: &Kept, out: &mut Step) -> bool {
    let first_changed = sets.iter().position(|set| set.changed());
    let mut best = None;
    let mut limit = sets.len();
    let mut lister = Lister::new(changed, sets, !more);
    lister.start_at(1);
    let mut reach = Reach::NONE;
    let mut j = 1;
    while let Some(b) = lister.next(marks).filter(|_| limit > 0) {
        let before = j.min(limit);
        j += 1;
        // An unchanged set needs a changed partner.
        if !b.changed() && first_changed.is_none_or(|first| first >= before) {
            continue;
        }
        reach.set(marks, b);
        for (i, a) in sets.iter().enumerate().take(before) {
            if !a.changed() && !b.changed() {
                continue;
            }
            // Two common digits at least: `x` and some `z`.
            let rcc = reach.commons(marks, *a, true);
            if rcc != 0 && xz_step(marks, *a, b, rcc, out) {
                best = Some((i, b, rcc));
                limit = i;
                break;
            }
        }
    }
    match best {
        Some((i, b, rcc)) => sets.get(i).is_some_and(|&a| xz_step(marks, a, b, rcc, out)),
        None => false,
    }
}

/// Writes into `out` the ALS-XZ of `a` and `b` (in that order) with restricted common
/// digits `rcc`, by the first of them that eliminates something; false if none does.
fn xz_step(marks: &Marks, a: Als, b: Als, rcc: u16, out: &mut Step) -> bool {
    let common = a.digits(marks) & b.digits(marks);
    for x in Digits::from_bits(rcc) {
        out.reset(Technique::AlsXz);
        for z in Digits::from_bits(common).iter().filter(|&z| z != x) {
            // The cells that see every z of both sets, as for an ALS-XY-wing.
            let targets = xy_wing_targets(marks, &[a, b, a], z);
            out.eliminate_all(targets, z);
            if targets != 0 {
                out.digit(z);
            }
        }
        if out.is_productive() {
            out.digit(x);
            out.unit(usize::from(a.unit()));
            out.unit(usize::from(b.unit()));
            out.cell_nodes(marks, a.cells() | b.cells());
            return true;
        }
    }
    false
}

/// An ALS as the second of an ALS-XZ's two sets or an ALS-XY-wing's pivot, with what its
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

    /// The units with a cell in this set's reach (bit `u` for unit `u`), where every set
    /// with a restricted common digit with it has a cell. Out of line in the fast build:
    /// its loop is not on the stack below the searches' frames. Inline in the compact
    /// build (20 bytes less of a Cortex-M0's flash, the deepest stack unchanged).
    #[cfg_attr(feature = "fast", inline(never))]
    fn units(&self) -> u32 {
        let near = self.near.get();
        (0..27)
            .filter(|&unit| bits::unit_mask(unit) & near != 0)
            .fold(0, |units, unit| units | 1 << unit)
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

/// The most partners of one pivot an ALS-XY-wing search holds at once. A pivot with more
/// takes them a slice at a time, and finds the same wing as with all of them.
#[cfg(feature = "fast")]
const PARTNERS: usize = 128;
#[cfg(not(feature = "fast"))]
const PARTNERS: usize = 16;

/// ALS-XY-wing: a pivot ALS `C` shares a restricted common digit `x` with an ALS `A` and
/// another, `y`, with an ALS `B`. If `A` and `B` both lacked a digit `z` they share, both
/// would be locked and hold `x` and `y`, leaving `C` without either: one digit short. So
/// `z` is in `A` or `B`, and a cell seeing every `z` of both loses it.
///
/// The first with a cell in `since` (all cells for a whole search; see [`Quiet`]), which
/// is emptied when it finds nothing (as in [`als_xz`], a position with more than [`LIMIT`]
/// sets is not searched).
#[inline(never)]
pub(crate) fn als_xy_wing(marks: &Marks, since: &mut Kept, out: &mut Step) -> bool {
    let mut sets = Vec::new();
    als_xy_wing_with::<SLICE, PARTNERS>(marks, since, &mut sets, out)
}

/// [`als_xy_wing`] holding at most `S` sets and `P` partners at once, in `sets`.
fn als_xy_wing_with<const S: usize, const P: usize>(
    marks: &Marks,
    since: &mut Kept,
    sets: &mut Vec<Als, S>,
    out: &mut Step,
) -> bool {
    let mut from = 0;
    loop {
        let Some(more) = collect(marks, since, from, sets) else {
            return false;
        };
        let list = (sets.as_slice(), from == 0 && !more);
        if let Some((wing, x, y, zs)) = als_xy_wing_in::<P>(marks, list, since) {
            xy_wing_step(marks, &wing, x, y, zs, out);
            return true;
        }
        if !more {
            break;
        }
        from += sets.len();
    }
    since.set(0);
    false
}

/// The ALS-XY-wing search of [`als_xy_wing`] on `sets`, which hold them all, flagged with
/// `since`.
fn xy_wing_of<const P: usize>(
    marks: &Marks,
    sets: &[Als],
    since: &mut Kept,
    out: &mut Step,
) -> bool {
    if let Some((wing, x, y, zs)) = als_xy_wing_in::<P>(marks, (sets, true), since) {
        xy_wing_step(marks, &wing, x, y, zs, out);
        return true;
    }
    since.set(0);
    false
}

/// An ALS-XY-wing: its sets (the pivot last), the restricted commons `x` and `y`, and the
/// digits it may eliminate.
type Wing = ([Als; 3], u8, u8, u16);

/// The first ALS-XY-wing, in the sets' order, whose pivot is one of `pivots` (a slice of
/// the list, or all of it with `all_held`) and with a cell in `changed` among its sets,
/// its partners taken from the list as in [`Lister`], `P` of them at a time. Out of line:
/// its locals, the list's collection and the step's writing are never on the stack
/// together.
#[inline(never)]
fn als_xy_wing_in<const P: usize>(
    marks: &Marks,
    (pivots, all_held): (&[Als], bool),
    changed: &Kept,
) -> Option<Wing> {
    // The units where a changed set can be.
    let mut units = 0u32;
    for cell in bits::iter(changed.get()) {
        for unit in bits::units_of(cell) {
            units |= 1 << unit;
        }
    }
    let mut reach = Reach::NONE;
    let mut source = Lister::new(changed, pivots, all_held);
    for &c in pivots {
        reach.set(marks, c);
        // A partner has a cell that sees every place of a digit of the pivot: the walk
        // need only go over the units of those cells.
        let near = if all_held { ALL_UNITS } else { reach.units() };
        // An unchanged pivot needs a changed partner.
        source.start(units & near);
        let mut linked = c.changed();
        while let Some(other) = source.next(marks).filter(|_| !linked) {
            linked = other.changed() && reach.commons(marks, other, false) != 0;
        }
        if !linked {
            continue;
        }
        let mut skip = 0;
        loop {
            // The partners from the `skip`-th, with their restricted commons, and the
            // first after them.
            let mut partners: Vec<(Als, u16), P> = Vec::new();
            source.start(near);
            let mut seen = 0;
            let mut after = None;
            while let Some(other) = source.next(marks) {
                let rcc = reach.commons(marks, other, false);
                if rcc == 0 {
                    continue;
                }
                seen += 1;
                if seen > skip {
                    if let Err(first) = partners.push((other, rcc)) {
                        after = Some(first);
                        break;
                    }
                }
            }
            // Each second partner, in order, with the partners before it and before the
            // best first partner yet.
            let more = after.is_some();
            let mut best = None;
            let mut limit = partners.len();
            let mut j = 1;
            while limit > 0 {
                let Some(b) = partners.get(j).copied().or(after) else {
                    break;
                };
                for (i, &a) in partners.iter().enumerate().take(j.min(limit)) {
                    if let Some(found) = wing_of(marks, c, a, b) {
                        best = Some((i, b.0, found));
                        limit = i;
                        break;
                    }
                }
                if j >= partners.len() {
                    after = None;
                    while let Some(other) = source.next(marks) {
                        let rcc = reach.commons(marks, other, false);
                        if rcc != 0 {
                            after = Some((other, rcc));
                            break;
                        }
                    }
                }
                j += 1;
            }
            if let Some((i, b, (x, y, zs))) = best {
                let a = partners.get(i).map_or(c, |&(a, _)| a);
                return Some(([a, b, c], x, y, zs));
            }
            if !more {
                break;
            }
            skip += partners.len();
        }
    }
    None
}

/// The restricted commons `x` and `y` and the digits `zs` of the ALS-XY-wing of pivot `c`
/// with partners `a` and `b` (each with its restricted commons with `c`), if it
/// eliminates something and has a changed set.
fn wing_of(
    marks: &Marks,
    c: Als,
    (a, rcc_a): (Als, u16),
    (b, rcc_b): (Als, u16),
) -> Option<(u8, u8, u16)> {
    if a.cells() & b.cells() != 0 || !(c.changed() || a.changed() || b.changed()) {
        return None;
    }
    // x from A and y from B must be two different digits.
    for x in Digits::from_bits(rcc_a) {
        for y in Digits::from_bits(rcc_b).without(x) {
            let zs = a.digits(marks)
                & b.digits(marks)
                & !Digits::single(x).bits()
                & !Digits::single(y).bits();
            let wing = [a, b, c];
            if Digits::from_bits(zs)
                .iter()
                .any(|z| xy_wing_targets(marks, &wing, z) != 0)
            {
                return Some((x, y, zs));
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

    extern crate std;
    use std::vec::Vec as List;

    /// The ALSs of `marks` in the sets' order, found without the search's code: one to
    /// four empty cells of a unit with one digit more than cells, unit by unit, by size,
    /// then by places (lowest first); a bivalue cell in its row only, a box's set of two
    /// or more cells only when they are not all in one row or column. Each as its unit,
    /// cells and digits.
    fn all_sets(marks: &Marks) -> List<(u8, Cells, u16)> {
        let mut sets = List::new();
        for (unit, cells) in UNIT_CELLS.iter().enumerate() {
            let mut by_size: List<List<usize>> = List::new();
            for places in 1u16..512 {
                let members: List<usize> = (0..9)
                    .filter(|k| places & 1 << k != 0)
                    .map(|k| usize::from(cells[k]))
                    .collect();
                by_size.push(members);
            }
            by_size.sort_by_key(|members| (members.len(), members.clone()));
            for members in by_size {
                let size = members.len();
                let union = members.iter().fold(0, |u, &c| u | marks.bits(c));
                if size > 4
                    || members.iter().any(|&c| marks.bits(c) == 0)
                    || union.count_ones() as usize != size + 1
                    || (size == 1 && unit >= 9)
                {
                    continue;
                }
                let in_line = members.iter().all(|&c| c / 9 == members[0] / 9)
                    || members.iter().all(|&c| c % 9 == members[0] % 9);
                if unit >= 18 && size > 1 && in_line {
                    continue;
                }
                let cells = members.iter().fold(0, |u, &c| u | bits::bit(c));
                sets.push((unit as u8, cells, union));
            }
        }
        sets
    }

    /// The cells of `cells` that hold `digit`.
    fn with(marks: &Marks, cells: Cells, digit: u8) -> List<usize> {
        bits::iter(cells)
            .filter(|&c| marks.candidates(c).contains(digit))
            .collect()
    }

    /// The restricted common digits of two sets: digits of both whose every place in one
    /// sees every place in the other, sets with no cell in common.
    fn rcc(marks: &Marks, a: (u8, Cells, u16), b: (u8, Cells, u16)) -> u16 {
        if a.1 & b.1 != 0 {
            return 0;
        }
        let mut rcc = 0;
        for x in Digits::from_bits(a.2 & b.2) {
            let sees = with(marks, a.1, x).iter().all(|&p| {
                with(marks, b.1, x)
                    .iter()
                    .all(|&q| bits::peers(p) & bits::bit(q) != 0)
            });
            if sees {
                rcc |= Digits::single(x).bits();
            }
        }
        rcc
    }

    /// The cells outside `outside` that hold `z` and see every `z` of `sets`.
    fn targets(marks: &Marks, sets: Cells, outside: Cells, z: u8) -> Cells {
        let places = with(marks, sets, z);
        (0..CELLS)
            .filter(|&t| outside & bits::bit(t) == 0 && marks.candidates(t).contains(z))
            .filter(|&t| places.iter().all(|&p| bits::peers(p) & bits::bit(t) != 0))
            .fold(0, |u, t| u | bits::bit(t))
    }

    fn als((unit, cells, digits): (u8, Cells, u16)) -> Als {
        let places = (0..9)
            .filter(|&k| cells & bits::bit(usize::from(UNIT_CELLS[usize::from(unit)][k])) != 0)
            .fold(0, |p, k| p | 1 << k);
        Als::new(unit, places, digits, true)
    }

    /// The first ALS-XZ in the sets' order, found by brute force, as its step.
    fn first_xz(marks: &Marks) -> Option<Step> {
        let sets = all_sets(marks);
        if sets.len() > LIMIT {
            return None;
        }
        for (i, &a) in sets.iter().enumerate() {
            for &b in &sets[i + 1..] {
                let rcc = rcc(marks, a, b);
                let common = a.2 & b.2;
                for x in Digits::from_bits(rcc) {
                    let zs = Digits::from_bits(common).without(x);
                    if zs
                        .iter()
                        .any(|z| targets(marks, a.1 | b.1, a.1 | b.1, z) != 0)
                    {
                        let mut step = Step::EMPTY;
                        assert!(xz_step(marks, als(a), als(b), rcc, &mut step));
                        for z in zs {
                            let t = targets(marks, a.1 | b.1, a.1 | b.1, z);
                            let eliminated = step
                                .eliminations()
                                .iter()
                                .filter(|e| e.digit == z)
                                .fold(0, |u, e| u | bits::bit(usize::from(e.cell)));
                            assert_eq!(eliminated, t);
                        }
                        return Some(step);
                    }
                }
            }
        }
        None
    }

    /// The first ALS-XY-wing in the sets' order (by pivot, then its partners), found by
    /// brute force, as its step.
    fn first_xy_wing(marks: &Marks) -> Option<Step> {
        let sets = all_sets(marks);
        if sets.len() > LIMIT {
            return None;
        }
        for &c in &sets {
            let partners: List<_> = sets
                .iter()
                .map(|&s| (s, rcc(marks, c, s)))
                .filter(|&(_, rcc)| rcc != 0)
                .collect();
            for (i, &(a, rcc_a)) in partners.iter().enumerate() {
                for &(b, rcc_b) in &partners[i + 1..] {
                    if a.1 & b.1 != 0 {
                        continue;
                    }
                    for x in Digits::from_bits(rcc_a) {
                        for y in Digits::from_bits(rcc_b).without(x) {
                            let zs = a.2 & b.2 & !(1 << (x - 1)) & !(1 << (y - 1));
                            let all = a.1 | b.1 | c.1;
                            if Digits::from_bits(zs)
                                .iter()
                                .any(|z| targets(marks, a.1 | b.1, all, z) != 0)
                            {
                                let mut step = Step::EMPTY;
                                xy_wing_step(marks, &[als(a), als(b), als(c)], x, y, zs, &mut step);
                                return Some(step);
                            }
                        }
                    }
                }
            }
        }
        None
    }

    /// The marks along the whole paths of hard puzzles, each with the cells whose
    /// candidates changed in its last step.
    fn hard_states() -> List<(Marks, Cells)> {
        let mut states = List::new();
        for (name, take) in [("top95", 8), ("hardest1106", 4)] {
            let set = data::load(name).expect("the samples are in the repository");
            for cells in set.cells.into_iter().take(take) {
                let board = Board::from_cells(cells).expect("a puzzle");
                let mut path = board.explain().expect("a puzzle");
                let mut last = *path.marks();
                loop {
                    let marks = *path.marks();
                    let changed = (0..CELLS)
                        .filter(|&c| marks.bits(c) != last.bits(c))
                        .fold(0, |u, c| u | bits::bit(c));
                    states.push((marks, changed));
                    last = marks;
                    if path.next().is_none() {
                        break;
                    }
                }
            }
        }
        states
    }

    /// A whole search of each ALS technique finds the first step in the sets' order, as
    /// brute force over every set does, however many sets there are.
    #[test]
    fn searches_find_the_first_step_of_all_sets() {
        let (mut over, mut xz_found, mut wing_found) = (0, 0, 0);
        for (marks, _) in hard_states() {
            let sets = all_sets(&marks);
            let all = bits::kept(bits::ALL_CELLS);
            let walk = |held: &[Als], after: bool| {
                let mut lister = Lister::new(&all, held, false);
                if after {
                    lister.start_after();
                } else {
                    lister.start(ALL_UNITS);
                }
                let mut listed = List::new();
                while let Some(set) = lister.next(&marks) {
                    listed.push(set);
                }
                listed
            };
            let listed = walk(&[], false);
            let seen = |list: &[Als]| -> List<_> {
                list.iter()
                    .map(|set| (set.unit(), set.cells(), set.digits(&marks)))
                    .collect()
            };
            assert_eq!(seen(&listed), sets);
            let mut slice: Vec<Als, 64> = Vec::new();
            for from in [0, 30, 64, 100, 200] {
                let more = collect(&marks, &all, from, &mut slice);
                assert_eq!(more, Some(from + 64 < sets.len()));
                let end = sets.len().min(from + 64).max(from.min(sets.len()));
                assert_eq!(seen(&slice), sets[from.min(sets.len())..end]);
            }
            // Holding a slice of the list, the walk takes it from memory, in order.
            let n = listed.len();
            for (from, len) in [
                (0, 1),
                (0, n / 3),
                (n / 4, n / 2),
                (n / 2, n - n / 2),
                (n.saturating_sub(1), 1),
            ] {
                let Some(held) = listed.get(from..from + len).filter(|h| !h.is_empty()) else {
                    continue;
                };
                assert_eq!(seen(&walk(held, false)), sets);
                assert_eq!(seen(&walk(held, true)), sets[from + len..]);
            }
            over += usize::from(sets.len() > SLICE);
            let mut step = Step::EMPTY;
            let mut since = bits::kept(bits::ALL_CELLS);
            let found = als_xz(&marks, &mut since, None, &mut step).then_some(step);
            assert_eq!(found, first_xz(&marks));
            assert_eq!(since.get() == 0, found.is_none());
            xz_found += usize::from(found.is_some());
            let mut since = bits::kept(bits::ALL_CELLS);
            let mut step = Step::EMPTY;
            let found = als_xy_wing(&marks, &mut since, &mut step).then_some(step);
            assert_eq!(found, first_xy_wing(&marks));
            assert_eq!(since.get() == 0, found.is_none());
            wing_found += usize::from(found.is_some());
        }
        // The compact build's slice is smaller than many states' lists.
        assert!(SLICE > 449 || over > 0, "{over}");
        assert!(xz_found > 0 && wing_found > 0, "{xz_found} {wing_found}");
    }

    /// Held in small slices, with few partners at a time, the searches find what they find
    /// holding every set, from any record of changed cells, and make the same records;
    /// ALS-XZ's search going on to ALS-XY-wing's (`fast` build) finds what the two find
    /// one after the other.
    #[test]
    fn slices_find_what_the_whole_list_finds() {
        fn xz<const S: usize, const P: usize>(
            marks: &Marks,
            since: Cells,
            wing: Option<Cells>,
        ) -> (bool, Step, Cells, Option<Cells>) {
            let (mut since, mut wing) = (bits::kept(since), wing.map(bits::kept));
            let mut step = Step::EMPTY;
            let found =
                als_xz_with::<S, P>(marks, &mut since, wing.as_mut(), &mut Vec::new(), &mut step);
            let step = if found { step } else { Step::EMPTY };
            (found, step, since.get(), wing.map(|w| w.get()))
        }
        fn xy<const S: usize, const P: usize>(marks: &Marks, since: Cells) -> (bool, Step, Cells) {
            let mut since = bits::kept(since);
            let mut step = Step::EMPTY;
            let found = als_xy_wing_with::<S, P>(marks, &mut since, &mut Vec::new(), &mut step);
            let step = if found { step } else { Step::EMPTY };
            (found, step, since.get())
        }
        for (marks, changed) in hard_states() {
            for since in [bits::ALL_CELLS, changed] {
                let whole = xz::<1024, 256>(&marks, since, None);
                assert_eq!(xz::<SLICE, PARTNERS>(&marks, since, None), whole);
                assert_eq!(xz::<16, 3>(&marks, since, None), whole);
                assert_eq!(xz::<1, 1>(&marks, since, None), whole);
                let wing = xy::<1024, 256>(&marks, since);
                assert_eq!(xy::<SLICE, PARTNERS>(&marks, since), wing);
                assert_eq!(xy::<16, 3>(&marks, since), wing);
                assert_eq!(xy::<16, 256>(&marks, since), wing);
                assert_eq!(xy::<5, 1>(&marks, since), wing);
                let both = xz::<SLICE, PARTNERS>(&marks, since, Some(since));
                let both_small = xz::<16, 3>(&marks, since, Some(since));
                assert_eq!(both, both_small);
                if !cfg!(feature = "fast") {
                    assert_eq!(both, (whole.0, whole.1, whole.2, Some(since)));
                } else if whole.0 {
                    assert_eq!((both.0, both.1), (true, whole.1));
                } else {
                    assert_eq!(both, (wing.0, wing.1, 0, Some(wing.2)));
                }
            }
        }
    }

    /// A position with more than [`LIMIT`] sets gets no ALS step and no record, in slices
    /// of any size: a pencil-mark grid whose every cell holds the digits of two solutions
    /// (an acceptance review's costliest hint, some 1 100 sets), and its first few sets'
    /// worth of candidates taken out, until it holds no more than the limit.
    #[test]
    fn a_crowded_position_is_not_searched() {
        let first =
            *b"812753649943682175675491283154237896369845721287169534521974368438526917796318452";
        let mut cands = [Digits::NONE; CELLS];
        for (cell, set) in cands.iter_mut().enumerate() {
            let (r, c) = (cell / 9, cell % 9);
            // The same grid, its rows shifted by a band and its digits relabelled.
            let other = first[((r + 3) % 9) * 9 + c] - b'0';
            *set = Digits::single(first[cell] - b'0').with(other % 9 + 1);
        }
        let mut marks = Marks::empty();
        marks.set_all_candidates(&cands);
        let mut checked = 0;
        for cell in 0..CELLS {
            let n = all_sets(&marks).len();
            let all = bits::ALL_CELLS;
            let (xz, wing) = (first_xz(&marks), first_xy_wing(&marks));
            for (s, p) in [(SLICE, PARTNERS), (16, 3)] {
                let mut since = bits::kept(all);
                let mut step = Step::EMPTY;
                let found = if s == SLICE {
                    als_xz(&marks, &mut since, None, &mut step)
                } else {
                    als_xz_with::<16, 3>(&marks, &mut since, None, &mut Vec::new(), &mut step)
                };
                assert_eq!(found.then_some(step), xz, "{n} sets, slices of {s}, {p}");
                assert_eq!(since.get() == 0, xz.is_none() && n <= LIMIT, "{n} sets");
                let (mut since, mut step) = (bits::kept(all), Step::EMPTY);
                let found = if s == SLICE {
                    als_xy_wing(&marks, &mut since, &mut step)
                } else {
                    als_xy_wing_with::<16, 3>(&marks, &mut since, &mut Vec::new(), &mut step)
                };
                assert_eq!(found.then_some(step), wing, "{n} sets, slices of {s}, {p}");
                assert_eq!(since.get() == 0, wing.is_none() && n <= LIMIT, "{n} sets");
            }
            checked += 1;
            if n <= LIMIT {
                break;
            }
            // One candidate fewer: the digit that is not the first grid's.
            cands[cell] = Digits::single(first[cell] - b'0');
            marks.set_all_candidates(&cands);
        }
        assert!(checked > 1, "the first position holds few sets");
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
