//! The last resort, so that every uniquely solvable grid gets a path: a forcing net (a
//! candidate whose assumption leads, by singles alone, to a contradiction, is removed),
//! and when even that fails, brute force (the solution's digit of one cell, labelled as
//! such).

#[cfg(any(test, feature = "fast"))]
use super::bits::Cells;
use super::bits::{self, Keep, Kept};
use super::marks::Marks;
use super::step::Step;
use super::technique::Technique;
use crate::board::CELLS;
use crate::candidates::Digits;

/// Every unit, as a set of unit indices (bit `u` for unit `u`).
const ALL_UNITS: u32 = (1 << 27) - 1;

/// What a propagation must look at again: the cells and units where a single may have
/// appeared, or a digit lost its last place, since they were last looked at.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Watch {
    /// Cells whose candidates changed since they were last seen not to be single.
    cells: Kept,
    /// Per digit, the units whose places of the digit changed since they were last seen
    /// not to be a hidden single or without a place for the digit. In the `fast` build,
    /// only those left with at most one place: a unit with two or more has neither.
    singles: [u32; 9],
    /// The `fast` build's count of each digit's places in each unit (in units that do not
    /// hold it), in four bit planes (bit `u` of plane `k` is bit `k` of unit `u`'s count),
    /// to flag a unit only when it is down to one place or none: most of the units a
    /// placement touches keep several, and a round would read each of them for nothing.
    #[cfg(feature = "fast")]
    counts: [[u32; 4]; 9],
}

impl Watch {
    /// What a propagation from `marks` must look at: everything, or, if `marks` are quiet
    /// (see [`is_quiet`], which the watch of everything answers), only what its
    /// placements change. (The compact build's forcing net keeps only whether they are
    /// quiet: [`Start`].)
    #[cfg(any(feature = "fast", test))]
    fn new(marks: &Marks) -> Watch {
        #[cfg(feature = "fast")]
        let mut counts = [[0u32; 4]; 9];
        #[cfg(feature = "fast")]
        for (digit, planes) in (1..=9u8).zip(&mut counts) {
            for cell in bits::iter(marks.positions(digit)) {
                // One addition per unit of the cell, all at once: the carry runs up.
                let mut carry = bits::unit_bits(cell);
                for plane in planes.iter_mut() {
                    let old = *plane;
                    *plane = old ^ carry;
                    carry &= old;
                }
            }
        }
        let mut watch = Watch {
            cells: bits::kept(bits::ALL_CELLS),
            singles: [ALL_UNITS; 9],
            #[cfg(feature = "fast")]
            counts,
        };
        if is_quiet(marks, watch) {
            watch.cells = bits::kept(0);
            watch.singles = [0; 9];
        }
        watch
    }

    /// Places `digit` in `cell` of `marks`, noting the units it changes: those of the
    /// cell for its other candidates, and for `digit` those of the peers losing it (the
    /// cell's own units now hold `digit`: they can neither lack it nor get it as a single).
    ///
    /// In the compact build the noting is out of line and the placement follows it, so
    /// that the two frames are never on the stack at once: nested, they were at the bottom
    /// of the forcing net's deepest path. Both are called from one out-of-line copy of
    /// this function there, not from each caller (12 bytes less of a Cortex-M0's flash,
    /// the same stack).
    #[cfg_attr(not(feature = "fast"), inline(never))]
    fn place(&mut self, marks: &mut Marks, cell: usize, digit: u8) {
        self.note(marks, cell, digit);
        marks.place(cell, digit);
    }

    /// What [`Watch::place`] notes of placing `digit` in `cell`, before `marks` changes.
    #[cfg_attr(feature = "fast", inline(always))]
    #[cfg_attr(not(feature = "fast"), inline(never))]
    fn note(&mut self, marks: &Marks, cell: usize, digit: u8) {
        let own = bits::unit_bits(cell);
        for other in marks.candidates(cell).without(digit).iter_inline() {
            let lost = self.lose(other, own);
            if let Some(singles) = self.singles.get_mut(usize::from(other) - 1) {
                *singles |= lost;
            }
        }
        let hit = marks.positions(digit) & bits::peers(cell);
        let mut units = 0;
        for peer in bits::iter(hit) {
            units |= self.lose(digit, bits::unit_bits(peer));
        }
        units &= !own;
        if let Some(singles) = self.singles.get_mut(usize::from(digit).wrapping_sub(1)) {
            *singles |= units;
        }
        let changed = hit | bits::bit(cell);
        self.cells.set(self.cells.get() | changed);
    }

    /// Notes that `digit` lost a place in each of `units` (as bits): those left with at
    /// most one place for it. The counts of units that hold the digit mean nothing (they
    /// may wrap); callers leave those units out of what they note.
    #[cfg(feature = "fast")]
    fn lose(&mut self, digit: u8, units: u32) -> u32 {
        let Some([b0, b1, b2, b3]) = self.counts.get_mut(usize::from(digit).wrapping_sub(1)) else {
            return 0;
        };
        // One subtraction per unit, all at once: the borrow runs up the bit planes.
        let mut borrow = units;
        for plane in [b0, b1, b2, b3] {
            let old = *plane;
            *plane = old ^ borrow;
            borrow &= !old;
        }
        units & !(*b1 | *b2 | *b3)
    }

    /// As the `fast` build's, without the counts: all of `units`.
    #[cfg(not(feature = "fast"))]
    fn lose(&mut self, _digit: u8, units: u32) -> u32 {
        units
    }

    /// [`Marks::is_broken`] after a round that found no unit without a place for a digit
    /// it lacks (see [`round`]), looking only at the units still to look at: a unit that
    /// lost its last place of a digit was either looked at by the round, after the loss,
    /// or is among them.
    fn is_broken(&self, marks: &Marks) -> bool {
        if marks.dead() != 0 {
            return true;
        }
        for (digit, &units) in (1..=9u8).zip(&self.singles) {
            let places = marks.positions(digit);
            let mut units = units;
            while units != 0 {
                let unit = bits::lowest_bit(units);
                units &= units - 1;
                if places & bits::mask(unit) == 0 && !marks.holds(unit, digit) {
                    return true;
                }
            }
        }
        false
    }
}

/// True if `marks` has no single and is not broken: each round of a propagation from it
/// then has only the changes of the placements to look at. `all` is the watch of
/// everything in `marks`, which the look changes.
fn is_quiet(marks: &Marks, mut all: Watch) -> bool {
    !all.is_broken(marks) && round(&mut marks.clone(), &mut all) == (0, false)
}

/// What every propagation of a forcing net starts watching ([`Watch::new`]). The `fast`
/// build keeps the watch, whose counts take time to build; the compact build only whether
/// the marks are quiet, since its watch is then nothing, and else everything: a flag where
/// the watch takes 52 bytes, on the deepest stack of the technique engine.
#[derive(Clone, Copy)]
struct Start {
    #[cfg(feature = "fast")]
    watch: Watch,
    #[cfg(not(feature = "fast"))]
    quiet: bool,
}

impl Start {
    /// What a propagation from `marks` must look at.
    #[cfg_attr(not(feature = "fast"), inline(never))]
    fn new(marks: &Marks) -> Start {
        Start {
            #[cfg(feature = "fast")]
            watch: Watch::new(marks),
            #[cfg(not(feature = "fast"))]
            quiet: is_quiet(marks, Start { quiet: false }.watch()),
        }
    }

    /// The watch a propagation starts with.
    #[cfg(feature = "fast")]
    fn watch(&self) -> Watch {
        self.watch
    }

    /// The watch a propagation starts with: nothing if the marks are quiet, else
    /// everything (as [`Watch::new`] makes it). Out of line: 28 bytes less of a
    /// Cortex-M0's flash than its inline copy.
    #[cfg(not(feature = "fast"))]
    #[inline(never)]
    fn watch(&self) -> Watch {
        let units = if self.quiet { 0 } else { ALL_UNITS };
        Watch {
            cells: bits::kept(if self.quiet { 0 } else { bits::ALL_CELLS }),
            singles: [units; 9],
        }
    }
}

/// Candidates that never break the grid ([`forcing_net`]), as each cell's digits
/// (candidate bits). The `fast` build keeps a set per cell, read in one load; the compact
/// build a bit per candidate (bit `9 * cell + digit - 1`), 92 bytes where the sets take
/// 162, on the deepest stack of the technique engine.
struct Settled {
    #[cfg(feature = "fast")]
    digits: [u16; CELLS],
    #[cfg(not(feature = "fast"))]
    bits: [u32; CELLS * 9 / 32 + 1],
}

impl Settled {
    /// None.
    const NONE: Settled = Settled {
        #[cfg(feature = "fast")]
        digits: [0; CELLS],
        #[cfg(not(feature = "fast"))]
        bits: [0; CELLS * 9 / 32 + 1],
    };

    /// The digits of `cell` (below 81), as candidate bits.
    #[cfg(feature = "fast")]
    fn get(&self, cell: usize) -> u16 {
        self.digits.get(cell).copied().unwrap_or(0x1FF)
    }

    /// Adds `digits` (candidate bits) to those of `cell` (below 81).
    #[cfg(feature = "fast")]
    fn add(&mut self, cell: usize, digits: u16) {
        if let Some(d) = self.digits.get_mut(cell) {
            *d |= digits;
        }
    }

    /// The digits of `cell` (below 81), as candidate bits.
    #[cfg(not(feature = "fast"))]
    fn get(&self, cell: usize) -> u16 {
        let (word, shift) = (9 * cell / 32, 9 * cell % 32);
        let low = self.bits.get(word).copied().unwrap_or(0) >> shift;
        // A cell's nine bits cross into the next word when they start above bit 23.
        let high = match shift {
            24.. => self.bits.get(word + 1).copied().unwrap_or(0) << (32 - shift),
            _ => 0,
        };
        (low | high) as u16 & 0x1FF
    }

    /// Adds `digits` (candidate bits) to those of `cell` (below 81).
    #[cfg(not(feature = "fast"))]
    fn add(&mut self, cell: usize, digits: u16) {
        let (word, shift) = (9 * cell / 32, 9 * cell % 32);
        let digits = u32::from(digits & 0x1FF);
        if let Some(w) = self.bits.get_mut(word) {
            *w |= digits << shift;
        }
        if let (24.., Some(w)) = (shift, self.bits.get_mut(word + 1)) {
            *w |= digits >> (32 - shift);
        }
    }
}

/// Places `digit` in `cell` of a copy of `start`, then naked and hidden singles until none
/// is left, the grid breaks, or about `limit` placements were made. Each round places
/// every single it sees, so the count is of placements, several per round. Returns the
/// number of placements (not counting the first) and how it ended. `watch` is what a
/// propagation from `start` must look at ([`Start::new`]).
///
/// When the propagation settles, the `fast` build adds every placement it made to `safe`
/// (the digits of each cell, as candidate bits): assumed alone, such a placement leads by
/// singles to part of what this one led to, which holds no contradiction, so it never
/// breaks the grid either.
#[cfg_attr(not(feature = "fast"), inline(never))]
fn propagate(
    start: &Marks,
    watch: &Start,
    (cell, digit): (usize, u8),
    limit: usize,
    safe: &mut Settled,
) -> (usize, End) {
    let mut marks = *start;
    let mut watch = watch.watch();
    watch.place(&mut marks, cell, digit);
    let mut placed = 0;
    let mut broken = false;
    loop {
        broken = broken || watch.is_broken(&marks);
        debug_assert_eq!(broken, marks.is_broken());
        if broken {
            return (placed, End::Broken);
        }
        if placed >= limit {
            return (placed, End::Limit);
        }
        let (n, lost) = round(&mut marks, &mut watch);
        broken = lost;
        match n {
            0 => {
                // Not in the compact build, whose caller notes the candidate tried alone
                // (96 bytes less code on a Cortex-M0).
                if cfg!(feature = "fast") {
                    for placed in bits::iter(start.unsolved() & !marks.unsolved()) {
                        safe.add(placed, Digits::single(marks.value(placed)).bits());
                    }
                }
                return (placed, End::Settled);
            }
            n => placed += n,
        }
    }
}

/// One round of a propagation: the naked singles of the empty cells, in order, then the
/// hidden singles, digit by digit and unit by unit, each placed as soon as it is seen.
/// Cells and units that did not change since they were last seen not to be single are
/// skipped, with the same outcome. Returns the number of placements, and whether a unit
/// looked at had no place left for a digit it lacks (the grid is then broken: places are
/// only ever lost).
///
/// The compact build looks for both kinds inline, in one frame (two frames of their own
/// took 30 bytes more of a Cortex-M0's flash): since its naked singles are tested 32
/// cells at a time, the frame no longer takes the engine's deepest stack further (with
/// the naked singles' cell sets, one frame took 136 bytes of a Cortex-M0's stack more).
fn round(marks: &mut Marks, watch: &mut Watch) -> (usize, bool) {
    let placed = naked_singles(marks, watch);
    let (hidden, broken) = hidden_singles(marks, watch);
    (placed + hidden, broken)
}

/// The naked singles of [`round`], placed: their number. The compact build tests the
/// cells to look at one by one, in order, 32 at a time, rather than through
/// [`Marks::naked`]: the same singles in the same order (a placement here places only the
/// cell looked at), and the same cells left to watch.
#[cfg(not(feature = "fast"))]
fn naked_singles(marks: &mut Marks, watch: &mut Watch) -> usize {
    let mut placed = 0;
    for (k, base) in [0, 32, 64].into_iter().enumerate() {
        // The cells of this word looked at: those a placement flags again stay flagged.
        let mut done = 0u32;
        loop {
            let word = watch.cells.0.get(k).copied().unwrap_or(0) & !done;
            if word == 0 {
                break;
            }
            let at = bits::lowest_bit(word);
            done |= (2u32 << at).wrapping_sub(1);
            let cell = base + at;
            if marks.value(cell) != 0 {
                continue;
            }
            if let Some(word) = watch.cells.0.get_mut(k) {
                *word &= !(1 << at);
            }
            if let Some(digit) = marks.candidates(cell).as_single() {
                watch.place(marks, cell, digit);
                placed += 1;
            }
        }
    }
    placed
}

/// The naked singles of [`round`], placed: their number.
#[cfg(feature = "fast")]
fn naked_singles(marks: &mut Marks, watch: &mut Watch) -> usize {
    let mut placed = 0;
    let empty = marks.unsolved();
    let mut seen: Cells = 0;
    loop {
        // The cells to look at in order, up to the first naked single: they are seen.
        let todo = empty & watch.cells.get() & !seen;
        let singles = todo & marks.naked();
        if singles == 0 {
            watch.cells.set(watch.cells.get() & !todo);
            break;
        }
        let cell = bits::first(singles);
        seen = (bits::bit(cell) << 1).wrapping_sub(1);
        watch.cells.set(watch.cells.get() & !(todo & seen));
        if let Some(digit) = marks.candidates(cell).as_single() {
            watch.place(marks, cell, digit);
            placed += 1;
        }
    }
    placed
}

/// The hidden singles of [`round`], placed: their number, and whether a unit lacked a
/// place for a digit.
fn hidden_singles(marks: &mut Marks, watch: &mut Watch) -> (usize, bool) {
    let mut broken = false;
    let mut placed = 0;
    for i in 0..9 {
        // The digit's units to look at, taken; a placement below flags units again, and
        // those after the one it was found in join this pass.
        let Some(mut todo) = watch.singles.get_mut(i).map(core::mem::take) else {
            continue;
        };
        let digit = i as u8 + 1;
        let mut positions = marks.positions(digit);
        while todo != 0 {
            let unit = bits::lowest_bit(todo);
            todo &= todo - 1;
            let places = positions & bits::mask(unit);
            if places & places.wrapping_sub(1) != 0 {
                continue;
            }
            if places == 0 {
                broken = broken || !marks.holds(unit, digit);
                continue;
            }
            watch.place(marks, bits::first(places), digit);
            placed += 1;
            positions = marks.positions(digit);
            if let Some(units) = watch.singles.get_mut(i) {
                let ahead = *units & !((2 << unit) - 1);
                todo |= ahead;
                *units &= !ahead;
            }
        }
    }
    (placed, broken)
}

/// How a propagation ended.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum End {
    /// The grid broke: the assumption was false.
    Broken,
    /// No single was left: the assumption leads to no contradiction by singles.
    Settled,
    /// The placement limit was reached first.
    Limit,
}

/// `solution`, if `marks` admit it (each filled cell holds its digit, each empty cell has
/// it as a candidate).
///
/// Assuming the solution's digit never breaks such marks by singles: every naked or
/// hidden single it leads to is the solution's digit again, and no placement removes a
/// candidate of the solution (no candidate sees a placed copy of its digit, an invariant
/// of [`Marks`]). So the forcing net need not try these candidates. Inline, at its one
/// caller (out of line, 14 bytes more of a Cortex-M0's flash).
fn admitted<'a>(marks: &Marks, solution: Option<&'a [u8; CELLS]>) -> Option<&'a [u8; CELLS]> {
    let solution = solution?;
    for (cell, &digit) in solution.iter().enumerate() {
        if marks.value(cell) != digit && !marks.candidates(cell).contains(digit) {
            return None;
        }
    }
    Some(solution)
}

/// The candidate whose assumption breaks the grid soonest (by singles alone), removed.
/// Contradictions within 4, then 12, then any number of placements are looked for in turn;
/// placements are counted in whole rounds, so "soonest" is up to a round. A `solution`
/// the marks admit spares the search its candidates, which never break the grid: the
/// same step, found sooner.
#[inline(never)]
pub(crate) fn forcing_net(marks: &Marks, solution: Option<&[u8; CELLS]>, out: &mut Step) -> bool {
    let mut best: Option<(usize, u8, usize)> = None;
    // Candidates that never break the grid, however long the leash (the digits of each
    // cell): the solution's, those whose propagation settled without a contradiction,
    // and (`fast` build) the placements it made. They are not tried (again).
    let mut settled = Settled::NONE;
    if let Some(solution) = admitted(marks, solution) {
        for (cell, &digit) in solution.iter().enumerate() {
            settled.add(cell, Digits::single(digit).bits());
        }
    }
    let watch = Start::new(marks);
    // Short contradictions are common: look for them first, with a short leash.
    for depth in [4, 12, 81] {
        for cell in marks.open_cells() {
            // Read once: a propagation from this cell places nothing else in it.
            let todo = marks.bits(cell) & !settled.get(cell);
            for digit in Digits::from_bits(todo).iter_inline() {
                let limit = best.map_or(depth, |(_, _, n)| n.saturating_sub(1).min(depth));
                let (placed, end) = propagate(marks, &watch, (cell, digit), limit, &mut settled);
                if end == End::Broken && best.is_none_or(|(_, _, n)| placed < n) {
                    best = Some((cell, digit, placed));
                } else if end == End::Settled {
                    settled.add(cell, Digits::single(digit).bits());
                }
            }
        }
        if best.is_some() {
            break;
        }
    }
    let Some((cell, digit, placed)) = best else {
        return false;
    };
    out.reset(Technique::ForcingNet);
    out.eliminate(cell, digit);
    out.node(cell, digit);
    out.digit(digit);
    out.length(placed + 1);
    true
}

/// The solution's digit of the empty cell with the fewest candidates (the first such),
/// into `out`: true if the marks still admit it.
#[inline(never)]
pub(crate) fn brute_force(marks: &Marks, solution: &[u8; 81], out: &mut Step) -> bool {
    let mut best: Option<usize> = None;
    for cell in bits::iter(marks.unsolved()) {
        if best.is_none_or(|b| bits::count9(marks.bits(cell)) < bits::count9(marks.bits(b))) {
            best = Some(cell);
        }
    }
    let Some(cell) = best else {
        return false;
    };
    let Some(&digit) = solution.get(cell) else {
        return false;
    };
    if !marks.candidates(cell).contains(digit) {
        return false;
    }
    out.reset(Technique::BruteForce);
    out.place(cell, digit);
    out.digit(digit);
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use sudoku81_testkit::data;

    /// The forcing net's step, if any.
    fn net(marks: &Marks, solution: Option<&[u8; CELLS]>) -> Option<Step> {
        let mut step = Step::EMPTY;
        forcing_net(marks, solution, &mut step).then_some(step)
    }

    /// The forcing net as it was first written: every candidate tried in every pass, none
    /// skipped (the reference for the skips of [`forcing_net`]).
    fn net_trying_all(marks: &Marks) -> Option<Step> {
        let watch = Start::new(marks);
        let mut best: Option<(usize, u8, usize)> = None;
        for depth in [4, 12, 81] {
            for cell in bits::iter(marks.unsolved()) {
                for digit in marks.candidates(cell) {
                    let limit = best.map_or(depth, |(_, _, n)| n.saturating_sub(1).min(depth));
                    let mut unused = Settled::NONE;
                    let (placed, end) = propagate(marks, &watch, (cell, digit), limit, &mut unused);
                    if end == End::Broken && best.is_none_or(|(_, _, n)| placed < n) {
                        best = Some((cell, digit, placed));
                    }
                }
            }
            if best.is_some() {
                break;
            }
        }
        let (cell, digit, placed) = best?;
        let mut step = Step::EMPTY;
        step.reset(Technique::ForcingNet);
        step.eliminate(cell, digit);
        step.node(cell, digit);
        step.digit(digit);
        step.length(placed + 1);
        Some(step)
    }

    /// Along whole paths of hard puzzles, as written and transformed, the forcing net that
    /// skips the solution's candidates, and those that settled or that a settled
    /// propagation placed, finds the step of the one that tries them all, and skips none of
    /// the solution's when the marks leave out a digit of the solution; and every
    /// candidate's propagation goes round by round as with the cell-by-cell reference.
    #[test]
    fn the_forcing_net_shortcuts_find_the_same_steps() {
        let mut nets = 0;
        for (name, take) in [("top95", 12), ("hardest1106", 6)] {
            let set = data::load(name).expect("the samples are in the repository");
            let set = set.transformed(3).cells.into_iter().zip(set.cells);
            for (transformed, written) in set.take(take) {
                for cells in [written, transformed] {
                    let board = Board::from_cells(cells).expect("a puzzle");
                    let mut path = board.explain().expect("a puzzle");
                    let solution = *path.solution().expect("unique");
                    while let Some(step) = path.peek() {
                        let marks = *path.marks();
                        if step.technique() == Technique::ForcingNet {
                            nets += 1;
                            let found = net(&marks, Some(&solution));
                            assert_eq!(found, net(&marks, None), "{name}");
                            assert_eq!(found, net_trying_all(&marks), "{name}");
                            assert!(admitted(&marks, Some(&solution)).is_some());
                            // Without one of the solution's candidates nothing is skipped.
                            let mut wrong = marks;
                            let cell = bits::first(marks.unsolved());
                            let digit = solution[cell];
                            wrong.eliminate(cell, digit);
                            assert!(admitted(&wrong, Some(&solution)).is_none());
                            let found = net(&wrong, Some(&solution));
                            assert_eq!(found, net(&wrong, None), "{name}");
                            assert_eq!(found, net_trying_all(&wrong), "{name}");
                            rounds_agree(&marks);
                        }
                        path.next();
                    }
                }
            }
        }
        assert!(nets > 20, "only {nets} forcing nets");
    }

    /// A round as it was first written: every watched empty cell in order, each asked
    /// whether it has one candidate left; then the hidden singles as [`round`] finds them
    /// (the reference for its naked singles).
    fn round_by_cells(marks: &mut Marks, watch: &mut Watch) -> (usize, bool) {
        let mut placed = 0;
        let empty = marks.unsolved();
        let mut seen: Cells = 0;
        loop {
            let todo = empty & watch.cells.get() & !seen;
            if todo == 0 {
                break;
            }
            let cell = bits::first(todo);
            seen = (bits::bit(cell) << 1).wrapping_sub(1);
            let gone = bits::bit(cell);
            watch.cells.set(watch.cells.get() & !gone);
            if let Some(digit) = marks.candidates(cell).as_single() {
                watch.place(marks, cell, digit);
                placed += 1;
            }
        }
        let naked = watch.cells.get();
        watch.cells = bits::kept(0);
        let (hidden, broken) = round(marks, watch);
        watch.cells.set(watch.cells.get() | naked);
        (placed + hidden, broken)
    }

    /// After a round that left `marks` unbroken: each unit with at most one place left
    /// for a digit it lacks is among the units `watch` still has to look at for the digit
    /// (a round that looked at it would have placed the digit there), and, in the `fast`
    /// build, the counts are those of the marks.
    fn units_down_to_one_are_watched(marks: &Marks, watch: &Watch, at: (usize, usize, u8)) {
        for digit in 1..=9u8 {
            let flagged = watch.singles[usize::from(digit) - 1];
            for unit in 0..27 {
                if marks.holds(unit, digit) {
                    continue;
                }
                let places = bits::count(marks.positions(digit) & bits::unit_mask(unit));
                if places <= 1 {
                    assert_ne!(flagged & 1 << unit, 0, "{at:?}: digit {digit}, unit {unit}");
                }
                #[cfg(feature = "fast")]
                {
                    let planes = watch.counts[usize::from(digit) - 1];
                    let count = (0..4).fold(0, |n, k| n | (planes[k] >> unit & 1) << k);
                    assert_eq!(count, places, "{at:?}: digit {digit}, unit {unit}");
                }
            }
        }
    }

    /// Every candidate's propagation from `marks`, round by round, places the same cells
    /// and leaves the same watch with [`round`] as with the cell-by-cell reference; and
    /// after each round, what the round saw and the units still to look at tell whether
    /// the grid is broken as a look at the whole grid does.
    fn rounds_agree(marks: &Marks) {
        let start = Watch::new(marks);
        for cell in bits::iter(marks.unsolved()) {
            for digit in marks.candidates(cell) {
                let mut fast = *marks;
                let mut watch = start;
                watch.place(&mut fast, cell, digit);
                let (mut slow, mut reference) = (fast, watch);
                let (row, col) = (cell / 9 + 1, cell % 9 + 1);
                let mut broken = watch.is_broken(&fast);
                assert_eq!(broken, fast.is_broken(), "r{row}c{col}={digit}");
                while !broken {
                    let n = round(&mut fast, &mut watch);
                    let m = round_by_cells(&mut slow, &mut reference);
                    assert_eq!(n, m, "r{row}c{col}={digit}");
                    assert!(fast == slow && watch == reference, "r{row}c{col}={digit}");
                    broken = n.1 || watch.is_broken(&fast);
                    assert_eq!(broken, fast.is_broken(), "r{row}c{col}={digit}");
                    if !broken {
                        units_down_to_one_are_watched(&fast, &watch, (row, col, digit));
                    }
                    if n.0 == 0 {
                        break;
                    }
                }
            }
        }
    }
}
