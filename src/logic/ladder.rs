//! The ladder: the techniques in order, and the driver that finds the simplest step.

use super::bits;
use super::fish;
use super::marks::Marks;
use super::step::Step;
use super::technique::Technique;
use super::{als, chains};
use super::{
    coloring, intersections, last_resort, single_digit, singles, subsets, uniqueness, wings,
};
use crate::board::CELLS;
use crate::candidates::Digits;

/// For the techniques that look at one digit at a time, each digit's candidates alone
/// (basic and finned fish, skyscraper, two-string kite, turbot fish, empty rectangle,
/// colouring, X-chains): the digits each was seen to find nothing for since those digits'
/// candidates last changed. A later search skips them: it would find nothing there again,
/// so the first step it finds is the one a whole search finds. For the naked and hidden
/// subsets, which look at one unit at a time, each unit's cells alone: the units each
/// found nothing in since a cell of the unit last changed, skipped in the same way. For
/// the two ALS techniques, which look at all digits, the cells changed since they last
/// found nothing ([`als::Quiet`]). A rating's path keeps one through all its steps: it
/// relies on the path only ever removing candidates.
///
/// Measured (callgrind, instructions per rating): 22% fewer on the first 100 puzzles of
/// top1465, 21% on the first 100 of hardest1106; the ALS record, with the forcing net's
/// skip of the solution's candidates, 19% fewer again on hard puzzles.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Seen {
    /// Per technique (see [`Seen::slot`]), candidate bits of the digits it found nothing
    /// for, unless they are in `changed`.
    nothing: [u16; Seen::SLOTS],
    /// The digits whose candidates changed since `nothing` was last brought up to date.
    changed: u16,
    /// For the naked and hidden subsets, which look at one unit at a time (see
    /// [`Seen::unit_slot`]): unit bits of the units each found nothing in, unless they are
    /// in `changed_units`.
    quiet: [u32; 6],
    /// The units whose cells' candidates changed since `quiet` was last brought up to
    /// date.
    changed_units: u32,
    /// What the ALS techniques found nothing for.
    als: als::Quiet,
}

impl Seen {
    const SLOTS: usize = 13;

    /// Nothing known: zeros, then every cell taken as changed for the ALS techniques
    /// (written so, not copied from a constant: 136 bytes of a Cortex-M0's flash).
    #[inline(always)]
    pub(crate) fn none() -> Seen {
        let mut seen = Seen::zero();
        seen.forget();
        seen
    }

    /// Zeros: [`Seen::none`] once [`Seen::forget`] has taken every cell as changed. A
    /// caller that builds its record in place calls the two itself: the record built in
    /// [`Seen::none`] was copied into a rating's frame (136 bytes of a Cortex-M0's
    /// stack, and the copy's code).
    #[inline(always)]
    pub(crate) const fn zero() -> Seen {
        Seen {
            nothing: [0; Seen::SLOTS],
            changed: 0,
            quiet: [0; 6],
            changed_units: 0,
            als: als::Quiet::ZERO,
        }
    }

    /// Takes every cell as changed for the ALS techniques (see [`als::Quiet::forget`]).
    pub(crate) fn forget(&mut self) {
        self.als.forget();
    }

    /// Forgets what was seen for `digits` (candidate bits), whose candidates changed, and
    /// in `units` (unit bits), whose cells' candidates changed.
    pub(crate) fn changed(&mut self, digits: u16, units: u32) {
        self.changed |= digits;
        self.changed_units |= units;
    }

    /// Forgets what was seen for the digits whose candidates `step`, about to be applied
    /// to `marks`, changes, and in the units whose cells it changes: a placement's cell
    /// loses all its candidates (and its digit leaves the peers), an elimination takes its
    /// digit from its cell.
    pub(crate) fn applying(&mut self, marks: &Marks, step: &Step) {
        let eliminations = step.eliminations().iter();
        // A placement here is rare (BUG+1, brute force): every unit is taken as changed.
        let (digits, units) = match step.placement() {
            Some(p) => (marks.bits(usize::from(p.cell)), u32::MAX),
            None => eliminations.fold((0, 0), |(d, u), e| {
                let cell = usize::from(e.cell);
                let units = bits::unit_bits(cell);
                (d | Digits::single(e.digit).bits(), u | units)
            }),
        };
        self.changed(digits, units);
    }

    /// Applies the changes noted to what was seen.
    fn update(&mut self) {
        for nothing in &mut self.nothing {
            *nothing &= !self.changed;
        }
        for quiet in &mut self.quiet {
            *quiet &= !self.changed_units;
        }
        self.changed = 0;
        self.changed_units = 0;
    }

    /// The records of `technique`: the digits it found nothing for if it looks at one
    /// digit at a time, the units it found nothing in if it looks at one unit at a time.
    fn records(&mut self, technique: Technique) -> (Option<&mut u16>, Option<&mut u32>) {
        // A slot of `nothing`, or 16 + a slot of `quiet`: the other index is out of range.
        let record = Seen::RECORDS
            .get(technique.index())
            .copied()
            .unwrap_or(u8::MAX);
        let nothing = self.nothing.get_mut(usize::from(record));
        let quiet = self.quiet.get_mut(usize::from(record.wrapping_sub(16)));
        (nothing, quiet)
    }

    /// Each technique's record, in discriminant order: its [`Seen::slot`], or 16 + its
    /// [`Seen::unit_slot`], or none (`u8::MAX`). A table of bytes: the compiler made the
    /// matches tables of words (96 bytes of a firmware's flash).
    const RECORDS: [u8; Technique::COUNT] = {
        let mut records = [u8::MAX; Technique::COUNT];
        let mut i = 0;
        while i < Technique::COUNT {
            let t = Technique::ALL[i];
            if let Some(slot) = Seen::slot(t) {
                records[i] = slot as u8;
            } else if let Some(slot) = Seen::unit_slot(t) {
                records[i] = 16 + slot as u8;
            }
            i += 1;
        }
        records
    };

    /// The slot of a technique that looks at one unit at a time.
    const fn unit_slot(technique: Technique) -> Option<usize> {
        use Technique::*;
        Some(match technique {
            NakedPair => 0,
            NakedTriple => 1,
            HiddenPair => 2,
            HiddenTriple => 3,
            NakedQuad => 4,
            HiddenQuad => 5,
            _ => return None,
        })
    }

    /// The slot of a technique that looks at one digit at a time.
    const fn slot(technique: Technique) -> Option<usize> {
        use Technique::*;
        Some(match technique {
            XWing => 0,
            Swordfish => 1,
            Jellyfish => 2,
            Skyscraper => 3,
            TwoStringKite => 4,
            EmptyRectangle => 5,
            FinnedXWing => 6,
            FinnedSwordfish => 7,
            FinnedJellyfish => 8,
            SimpleColors => 9,
            MultiColors => 10,
            TurbotFish => 11,
            XChain => 12,
            _ => return None,
        })
    }
}

/// The searches [`find_into`] calls, each for one or more techniques.
#[derive(Clone, Copy)]
enum Search {
    Singles,
    Locked,
    LockedCandidates,
    Subsets,
    Fish,
    RemotePair,
    SingleDigit,
    Turbot,
    WWing,
    Wing,
    BugPlus1,
    UniqueRectangle,
    Colors,
    XChain,
    XyChain,
    Aic,
    /// ALS-XZ and ALS-XY-wing, one call site for the two.
    Als,
    ForcingNet,
    /// Brute force, which needs the solution.
    None,
}

impl Search {
    /// Each technique's search, in discriminant order. A table of bytes: the compiler
    /// made a match on the technique a table of 44 words (176 bytes of a Cortex-M0's
    /// flash), where the match on the search has 19.
    const OF: [Search; Technique::COUNT] = {
        let mut searches = [Search::None; Technique::COUNT];
        let mut i = 0;
        while i < Technique::COUNT {
            searches[i] = Search::of(Technique::ALL[i]);
            i += 1;
        }
        searches
    };

    /// The search that finds `technique`'s steps.
    const fn of(technique: Technique) -> Search {
        use Technique::*;
        match technique {
            FullHouse | HiddenSingleBox | HiddenSingleLine | NakedSingle => Search::Singles,
            LockedPair | LockedTriple => Search::Locked,
            LockedPointing | LockedClaiming => Search::LockedCandidates,
            NakedPair | NakedTriple | HiddenPair | HiddenTriple | NakedQuad | HiddenQuad => {
                Search::Subsets
            }
            XWing | Swordfish | Jellyfish | FinnedXWing | SashimiXWing | FinnedSwordfish
            | SashimiSwordfish | FinnedJellyfish | SashimiJellyfish => Search::Fish,
            RemotePair => Search::RemotePair,
            Skyscraper | TwoStringKite | EmptyRectangle => Search::SingleDigit,
            TurbotFish => Search::Turbot,
            WWing => Search::WWing,
            XyWing | XyzWing => Search::Wing,
            BugPlus1 => Search::BugPlus1,
            UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle4 => Search::UniqueRectangle,
            SimpleColors | MultiColors => Search::Colors,
            XChain => Search::XChain,
            XyChain => Search::XyChain,
            Aic => Search::Aic,
            AlsXz | AlsXyWing => Search::Als,
            ForcingNet => Search::ForcingNet,
            _ => Search::None,
        }
    }
}

/// The first technique of the ladder that needs to know the solutions: the first that
/// assumes a unique solution. Every technique before it is a deduction, sound whatever
/// the grid's solutions (the forcing net and brute force, further up, use the unique
/// solution).
pub(crate) const NEEDS_SOLUTIONS: Technique = Technique::BugPlus1;

/// The first productive step of `technique` in `marks`, if it applies. Techniques that
/// assume a unique solution are skipped unless `unique`; brute force needs the solution
/// and is never found here.
pub(crate) fn find(marks: &Marks, technique: Technique, unique: bool) -> Option<Step> {
    let mut step = Step::EMPTY;
    let found = if technique <= Technique::NakedSingle {
        singles::single(marks, technique, &mut step)
    } else {
        find_into(marks, technique, unique, None, (&mut 0, &mut 0), &mut step)
    };
    found.then_some(step)
}

/// As [`find`], into `out` (true if found), without looking at the digits of `nothing`
/// (candidate bits) or the units of `quiet` (unit bits) in the techniques that [`Seen`]
/// covers, and noting there where there is none. The forcing net uses the `solution`,
/// when known, to skip what cannot break the grid.
fn find_into(
    marks: &Marks,
    technique: Technique,
    unique: bool,
    solution: Option<&[u8; CELLS]>,
    (nothing, quiet): (&mut u16, &mut u32),
    out: &mut Step,
) -> bool {
    let skip = *nothing;
    if technique.needs_uniqueness() && !unique {
        return false;
    }
    let search = Search::OF
        .get(technique.index())
        .copied()
        .unwrap_or(Search::None);
    let found = match search {
        // Never asked here: `find` takes a single's search itself, and
        // `next_step_into` the four singles from one scan (so a firmware that only
        // walks the ladder links no search for one single: 128 bytes of a Cortex-M0's
        // flash).
        Search::Singles => false,
        Search::Locked => subsets::locked(marks, technique, out),
        Search::LockedCandidates => intersections::locked_candidates(marks, technique, out),
        Search::Subsets => subsets::subsets(marks, technique, quiet, out),
        Search::Fish => fish::fish(marks, technique, nothing, false, out),
        Search::RemotePair => wings::remote_pair(marks, out),
        Search::SingleDigit => single_digit::patterns(marks, technique, skip, out),
        Search::Turbot => chains::chain(marks, chains::Kind::Turbot, skip, out),
        Search::WWing => wings::w_wing(marks, out),
        Search::Wing => wings::wing(marks, technique, out),
        Search::BugPlus1 => uniqueness::bug_plus_one(marks, out),
        Search::UniqueRectangle => uniqueness::unique_rectangle(marks, technique, out),
        Search::Colors => coloring::colors(marks, technique, skip, out),
        Search::XChain => chains::chain(marks, chains::Kind::X, skip, out),
        Search::XyChain => chains::chain(marks, chains::Kind::Xy, 0, out),
        Search::Aic => chains::chain(marks, chains::Kind::Aic, 0, out),
        Search::Als => {
            // Every cell changed: a whole search. One set for both, stored once.
            let changed = &mut bits::kept(bits::ALL_CELLS);
            if technique == Technique::AlsXyWing {
                als::als_xy_wing(marks, changed, out)
            } else {
                als::als_xz(marks, changed, None, out)
            }
        }
        Search::ForcingNet => last_resort::forcing_net(marks, solution, out),
        Search::None => false,
    };
    // What `Seen` notes is exact only for techniques that report no step without a
    // conclusion (one would hide the digits after its own): the fish and the one-digit
    // patterns report only steps that eliminate.
    debug_assert!(Seen::slot(technique).is_none() || !found || out.is_productive());
    if !found {
        *nothing = 0x1FF;
    }
    found && out.is_productive()
}

/// The simplest step: the first technique of the ladder (below brute force) that applies.
/// A finned fish and the sashimi fish of the same size, neighbours on the ladder, are
/// looked for in one search. `solution`, when known, only makes the search faster.
pub(crate) fn next_step(
    marks: &Marks,
    unique: bool,
    solution: Option<&[u8; CELLS]>,
) -> Option<Step> {
    let mut step = Step::EMPTY;
    next_step_into(
        marks,
        unique,
        solution,
        Technique::FullHouse..Technique::BruteForce,
        None,
        &mut step,
    )
    .then_some(step)
}

/// As [`next_step`], into `out` (true if found: else `out` holds nothing of use), over the
/// techniques of `range` only (in ladder order), for a caller that knows the techniques
/// before it find nothing or looks no further than its end, skipping what `seen` knows
/// finds nothing and adding to it what this search finds nothing for. Every technique
/// writes its step into `out` directly: a step returned would be copied at least once on
/// the engine's deepest stack.
pub(crate) fn next_step_into(
    marks: &Marks,
    unique: bool,
    solution: Option<&[u8; CELLS]>,
    range: core::ops::Range<Technique>,
    mut seen: Option<&mut Seen>,
    out: &mut Step,
) -> bool {
    use Technique::*;
    let mut first = range.start;
    if first <= NakedSingle {
        // The four singles from one scan of the grid, in the ladder's order.
        if singles::first_step(marks, out) {
            return true;
        }
        first = LockedPair;
    }
    if let Some(seen) = seen.as_deref_mut() {
        seen.update();
    }
    // By index: `Technique::ALL` is a 44-byte table.
    let mut rest = (first as u8..range.end as u8).filter_map(Technique::from_index);
    // ALS-XZ's search goes on to ALS-XY-wing's, the next technique, on the same sets
    // (`fast` build: see `als::als_xz`).
    let then_wing = cfg!(feature = "fast") && range.end > AlsXyWing;
    rest.any(|t| {
        if let (AlsXz | AlsXyWing, Some(seen)) = (t, seen.as_deref_mut()) {
            if t == AlsXyWing && then_wing && first <= AlsXz {
                return false;
            }
            return seen.als.find(marks, t, then_wing, out);
        }
        let (mut unused, mut no_units) = (0, 0);
        let (nothing, quiet) = match seen.as_deref_mut() {
            Some(seen) => seen.records(t),
            None => (None, None),
        };
        let nothing = nothing.unwrap_or(&mut unused);
        let quiet = quiet.unwrap_or(&mut no_units);
        match t {
            FinnedXWing | FinnedSwordfish | FinnedJellyfish => {
                fish::fish(marks, t, nothing, true, out)
            }
            SashimiXWing | SashimiSwordfish | SashimiJellyfish | BruteForce => false,
            _ => find_into(marks, t, unique, solution, (nothing, quiet), out),
        }
    })
}

impl Marks {
    /// Applies a step: its placement, or its eliminations. Returns true if the marks
    /// changed.
    pub fn apply(&mut self, step: &Step) -> bool {
        if let Some(p) = step.placement() {
            let cell = usize::from(p.cell);
            if self.value(cell) == 0 && self.candidates(cell).contains(p.digit) {
                self.place(cell, p.digit);
                return true;
            }
            return false;
        }
        let mut changed = false;
        for e in step.eliminations() {
            changed |= self.eliminate(usize::from(e.cell), e.digit);
        }
        changed
    }

    /// The simplest step the ladder finds, below brute force. `unique` says whether the
    /// caller knows the grid has exactly one solution, which the uniqueness techniques
    /// (unique rectangles, BUG+1) assume; pass `false` when unsure.
    pub fn next_step(&self, unique: bool) -> Option<Step> {
        next_step(self, unique, None)
    }

    /// The first step of one technique, if it applies (for teaching a technique, and for
    /// tests).
    pub fn find(&self, technique: Technique, unique: bool) -> Option<Step> {
        find(self, technique, unique)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use sudoku81_testkit::data;

    /// Along whole paths of hard puzzles, as written and transformed, a search that
    /// skips what a kept [`Seen`] says finds nothing finds the step a search without it
    /// finds, and the kept record does skip digits or units for each technique it covers
    /// (else this would prove nothing).
    #[test]
    fn a_kept_record_finds_the_steps_a_new_search_finds() {
        let mut skipped = [0u32; Seen::SLOTS];
        let mut quiet_units = [0u32; 6];
        // States where each ALS technique had a record to search from.
        let mut recorded = [0u32; 2];
        for (name, take) in [("top95", 40), ("hardest1106", 12), ("top1465", 25)] {
            let set = data::load(name).expect("the samples are in the repository");
            let set = set.transformed(7).cells.into_iter().zip(set.cells);
            for (i, (transformed, written)) in set.take(take).enumerate() {
                for cells in [written, transformed] {
                    let board = Board::from_cells(cells).expect("a puzzle");
                    let mut marks = Marks::from_board(&board).expect("consistent");
                    let mut seen = Seen::none();
                    while let Some(step) = next_step(&marks, true, None) {
                        let mut before = seen;
                        before.update();
                        for (n, t) in recorded
                            .iter_mut()
                            .zip([Technique::AlsXz, Technique::AlsXyWing])
                        {
                            *n += u32::from(seen.als.knows(t));
                        }
                        let mut kept = Step::EMPTY;
                        assert!(next_step_into(
                            &marks,
                            true,
                            None,
                            Technique::FullHouse..Technique::BruteForce,
                            Some(&mut seen),
                            &mut kept,
                        ));
                        assert_eq!(kept, step, "{name} {i}");
                        for (n, nothing) in skipped.iter_mut().zip(before.nothing) {
                            *n += nothing.count_ones();
                        }
                        for (n, quiet) in quiet_units.iter_mut().zip(before.quiet) {
                            *n += quiet.count_ones();
                        }
                        seen.applying(&marks, &step);
                        assert!(marks.apply(&step), "{name} {i}");
                    }
                }
            }
        }
        // Each technique noted has skipped digits.
        assert!(
            skipped.iter().all(|&n| n > 0),
            "digits skipped: {skipped:?}"
        );
        assert!(recorded.iter().all(|&n| n > 0), "ALS records: {recorded:?}");
        assert!(
            quiet_units.iter().all(|&n| n > 0),
            "units skipped: {quiet_units:?}"
        );
    }
}
