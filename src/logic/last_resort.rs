//! The last resort, so that every uniquely solvable grid gets a path: a forcing net (a
//! candidate whose assumption leads, by singles alone, to a contradiction, is removed),
//! and when even that fails, brute force (the solution's digit of one cell, labelled as
//! such).

use super::bits;
use super::marks::Marks;
use super::step::Step;
use super::technique::Technique;

/// Places naked and hidden singles in `marks` until none is left, the grid breaks, or
/// about `limit` placements were made. Each round places every single it sees, so the
/// count is of placements, several per round. Returns the number of placements and
/// how it ended.
pub(crate) fn propagate(marks: &mut Marks, limit: usize) -> (usize, End) {
    let mut placed = 0;
    loop {
        if marks.is_broken() {
            return (placed, End::Broken);
        }
        if placed >= limit {
            return (placed, End::Limit);
        }
        let before = placed;
        for cell in bits::iter(marks.unsolved()) {
            if let Some(digit) = marks.candidates(cell).as_single() {
                marks.place(cell, digit);
                placed += 1;
            }
        }
        for digit in 1..=9u8 {
            for unit in 0..27 {
                let places = marks.positions(digit) & bits::unit_mask(unit);
                if bits::count(places) == 1 {
                    marks.place(bits::first(places), digit);
                    placed += 1;
                }
            }
        }
        if placed == before {
            return (placed, End::Settled);
        }
    }
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

/// The candidate whose assumption breaks the grid soonest (by singles alone), removed.
/// Contradictions within 4, then 12, then any number of placements are looked for in turn;
/// placements are counted in whole rounds, so "soonest" is up to a round.
#[inline(never)]
pub(crate) fn forcing_net(marks: &Marks) -> Option<Step> {
    let mut best: Option<(usize, u8, usize)> = None;
    // Candidates whose propagation settled without a contradiction: they never break the
    // grid, however long the leash, and are not tried again.
    let mut settled = [0 as bits::Cells; 9];
    // Short contradictions are common: look for them first, with a short leash.
    for depth in [4, 12, 81] {
        for cell in bits::iter(marks.unsolved()) {
            for digit in marks.candidates(cell) {
                let Some(done) = settled.get_mut(usize::from(digit) - 1) else {
                    continue;
                };
                if *done & bits::bit(cell) != 0 {
                    continue;
                }
                let limit = best.map_or(depth, |(_, _, n)| n.saturating_sub(1).min(depth));
                let mut trial = *marks;
                trial.place(cell, digit);
                match propagate(&mut trial, limit) {
                    (placed, End::Broken) if best.is_none_or(|(_, _, n)| placed < n) => {
                        best = Some((cell, digit, placed));
                    }
                    (_, End::Settled) => *done |= bits::bit(cell),
                    _ => {}
                }
            }
        }
        if best.is_some() {
            break;
        }
    }
    let (cell, digit, placed) = best?;
    let mut step = Step::new(Technique::ForcingNet);
    step.eliminate(cell, digit);
    step.node(cell, digit);
    step.digit(digit);
    step.length(placed + 1);
    Some(step)
}

/// The solution's digit of the empty cell with the fewest candidates (the first such).
#[inline(never)]
pub(crate) fn brute_force(marks: &Marks, solution: &[u8; 81]) -> Option<Step> {
    let mut best: Option<usize> = None;
    for cell in bits::iter(marks.unsolved()) {
        if best.is_none_or(|b| marks.bits(cell).count_ones() < marks.bits(b).count_ones()) {
            best = Some(cell);
        }
    }
    let cell = best?;
    let digit = solution.get(cell).copied()?;
    if !marks.candidates(cell).contains(digit) {
        return None;
    }
    let mut step = Step::new(Technique::BruteForce).place(cell, digit);
    step.digit(digit);
    Some(step)
}
