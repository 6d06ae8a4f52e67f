//! The ladder: the techniques in order, and the driver that finds the simplest step.

use super::fish::{self, Kind};
use super::marks::Marks;
use super::step::Step;
use super::technique::Technique;
use super::{als, chains};
use super::{
    coloring, intersections, last_resort, single_digit, singles, subsets, uniqueness, wings,
};

/// The first productive step of `technique` in `marks`, if it applies. Techniques that
/// assume a unique solution are skipped unless `unique`; brute force needs the solution
/// and is never found here.
pub(crate) fn find(marks: &Marks, technique: Technique, unique: bool) -> Option<Step> {
    use Technique::*;
    if technique.needs_uniqueness() && !unique {
        return None;
    }
    let step = match technique {
        FullHouse | HiddenSingleBox | HiddenSingleLine | NakedSingle => {
            singles::single(marks, technique)
        }
        LockedPair => subsets::locked(marks, 2),
        LockedTriple => subsets::locked(marks, 3),
        LockedPointing => intersections::pointing(marks),
        LockedClaiming => intersections::claiming(marks),
        NakedPair => subsets::naked(marks, 2),
        NakedTriple => subsets::naked(marks, 3),
        HiddenPair => subsets::hidden(marks, 2),
        HiddenTriple => subsets::hidden(marks, 3),
        NakedQuad => subsets::naked(marks, 4),
        HiddenQuad => subsets::hidden(marks, 4),
        XWing => fish::fish(marks, 2, Kind::Basic),
        Swordfish => fish::fish(marks, 3, Kind::Basic),
        Jellyfish => fish::fish(marks, 4, Kind::Basic),
        RemotePair => wings::remote_pair(marks),
        Skyscraper => single_digit::skyscraper(marks),
        TwoStringKite => single_digit::two_string_kite(marks),
        TurbotFish => chains::chain(marks, chains::Kind::Turbot),
        EmptyRectangle => single_digit::empty_rectangle(marks),
        WWing => wings::w_wing(marks),
        XyWing => wings::xy_wing(marks),
        XyzWing => wings::xyz_wing(marks),
        BugPlus1 => uniqueness::bug_plus_one(marks),
        UniqueRectangle1 => uniqueness::unique_rectangle(marks, 1),
        UniqueRectangle2 => uniqueness::unique_rectangle(marks, 2),
        UniqueRectangle4 => uniqueness::unique_rectangle(marks, 4),
        FinnedXWing => fish::fish(marks, 2, Kind::Finned),
        SashimiXWing => fish::fish(marks, 2, Kind::Sashimi),
        FinnedSwordfish => fish::fish(marks, 3, Kind::Finned),
        SashimiSwordfish => fish::fish(marks, 3, Kind::Sashimi),
        FinnedJellyfish => fish::fish(marks, 4, Kind::Finned),
        SashimiJellyfish => fish::fish(marks, 4, Kind::Sashimi),
        SimpleColors => coloring::simple_colors(marks),
        MultiColors => coloring::multi_colors(marks),
        XChain => chains::chain(marks, chains::Kind::X),
        XyChain => chains::chain(marks, chains::Kind::Xy),
        Aic => chains::chain(marks, chains::Kind::Aic),
        AlsXz => als::als_xz(marks),
        AlsXyWing => als::als_xy_wing(marks),
        ForcingNet => last_resort::forcing_net(marks),
        _ => None,
    };
    step.filter(Step::is_productive)
}

/// The simplest step: the first technique of the ladder (below brute force) that applies.
/// A finned fish and the sashimi fish of the same size, neighbours on the ladder, are
/// looked for in one search.
pub(crate) fn next_step(marks: &Marks, unique: bool) -> Option<Step> {
    next_step_from(marks, unique, Technique::FullHouse)
}

/// As [`next_step`], from technique `first` of the ladder on, for a caller that knows
/// the techniques before it find nothing.
pub(crate) fn next_step_from(marks: &Marks, unique: bool, first: Technique) -> Option<Step> {
    use Technique::*;
    let mut first = first;
    if first <= NakedSingle {
        // The four singles from one scan of the grid, in the ladder's order.
        if let Some(step) = singles::first_step(marks) {
            return Some(step);
        }
        first = LockedPair;
    }
    let rest = Technique::ALL.get(first.index()..).unwrap_or(&[]);
    rest.iter().find_map(|&t| match t {
        FinnedXWing => fish::finned_or_sashimi(marks, 2),
        FinnedSwordfish => fish::finned_or_sashimi(marks, 3),
        FinnedJellyfish => fish::finned_or_sashimi(marks, 4),
        SashimiXWing | SashimiSwordfish | SashimiJellyfish | BruteForce => None,
        _ => find(marks, t, unique),
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
        next_step(self, unique)
    }

    /// The first step of one technique, if it applies (for teaching a technique, and for
    /// tests).
    pub fn find(&self, technique: Technique, unique: bool) -> Option<Step> {
        find(self, technique, unique)
    }
}
