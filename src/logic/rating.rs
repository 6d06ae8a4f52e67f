//! [`Rating`]: how hard a puzzle is, from the techniques its solving path needs.

use core::fmt;

use super::error::LogicError;
use super::explain::Explain;
use super::ladder::{Seen, NEEDS_SOLUTIONS};
use super::marks::Marks;
use super::singles::{hodoku_score, Scan};
use super::technique::{Level, Technique};
use crate::board::Board;

/// How hard a puzzle is: the hardest technique its path needs, a score on Sudoku
/// Explainer's scale, a level in HoDoKu's five bands, and how many steps of each
/// technique the path took. Deterministic: the same grid always gives the same rating.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rating {
    // The counts and the score are plain sums: a path has at most 729 steps (each removes
    // a candidate), worth at most 10,000 points each, far below their types' limits (sums
    // that saturated took 4 to 8 bytes more of a Cortex-M0's flash each).
    hardest: Technique,
    se: u8,
    level: Level,
    score: u32,
    steps: u16,
    counts: [u16; Technique::COUNT],
}

impl Rating {
    /// The rating of a path before its first step (a solved grid's). A function rather
    /// than a constant: a copy of the constant took 100 bytes of read-only data on a
    /// Cortex-M0, where this writes it field by field.
    #[inline(always)]
    pub(super) const fn unrated() -> Rating {
        Rating {
            hardest: Technique::FullHouse,
            se: 0,
            level: Level::Easy,
            score: 0,
            steps: 0,
            counts: [0; Technique::COUNT],
        }
    }

    /// The rating of a path: the steps of `explain` until it ends.
    ///
    /// A path whose solutions are not counted yet ([`Explain::unsettled`]) counts them
    /// when its deductions run out: a path they complete needs no count, since a grid
    /// that deductions alone fill has one solution.
    ///
    /// # Errors
    /// [`LogicError::MultipleSolutions`] if the grid is not known to be unique,
    /// [`LogicError::NoSolution`] if counting finds no solution,
    /// [`LogicError::Stuck`] if the path ends unsolved (which a unique grid never does).
    #[cfg(all(test, feature = "fast"))]
    pub(crate) fn of(explain: &mut Explain) -> Result<Rating, LogicError> {
        let mut rating = Err(LogicError::Stuck);
        Rating::of_into(explain, &mut rating);
        rating
    }

    /// As [`Rating::of`], written into `out`: a rating returned is a copy on the stack. Out of
    /// line in the compact build, so that its records are not on the stack of the count of
    /// solutions before it ([`Board::rate_into`]).
    #[cfg_attr(not(feature = "fast"), inline(never))]
    fn of_into(explain: &mut Explain, out: &mut Result<Rating, LogicError>) {
        if !explain.is_unique() && !explain.is_pending() {
            *out = Err(LogicError::MultipleSolutions);
            return;
        }
        *out = Ok(Rating::unrated());
        let Ok(rating) = out else {
            return;
        };
        let mut scan = Scan::new(explain.marks());
        let mut seen = Seen::zero();
        seen.forget();
        loop {
            match rating.advance(explain, &mut scan, &mut seen) {
                Ok(true) => {}
                Ok(false) => break,
                Err(e) => {
                    *out = Err(e);
                    return;
                }
            }
        }
        if let Err(e) = rating.finish(explain) {
            *out = Err(e);
        }
    }

    /// Takes the next step of the path and records it: the singles that follow (at the
    /// start or after another step), then the simplest other step. `Ok(false)` once the
    /// ladder has no step left; [`Rating::finish`] then says whether the path got there.
    ///
    /// Singles are scored as HoDoKu's path would use them (see `hodoku_score`): at the
    /// start and after each other step, the singles that follow are scored at once (when
    /// there are any: else HoDoKu's order finds none either).
    #[inline(always)]
    pub(super) fn advance(
        &mut self,
        explain: &mut Explain,
        scan: &mut Scan,
        seen: &mut Seen,
    ) -> Result<bool, LogicError> {
        self.place_singles(explain, scan);
        // Never a single: they were all placed above.
        let found = match explain.next_counted(scan, seen, Technique::LockedPair) {
            None if explain.is_pending() && !explain.is_solved() => {
                explain.settle()?;
                if !explain.is_unique() {
                    return Err(LogicError::MultipleSolutions);
                }
                explain.next_counted(scan, seen, NEEDS_SOLUTIONS)
            }
            found => found,
        };
        let Some((t, se)) = found else {
            return Ok(false);
        };
        self.score += t.score();
        self.record(t, se);
        Ok(true)
    }

    /// Ends the rating of a path that has no step left: its level, or
    /// [`LogicError::Stuck`] if the path did not fill the grid.
    #[inline(always)]
    pub(super) fn finish(&mut self, explain: &Explain) -> Result<(), LogicError> {
        if !explain.is_solved() {
            return Err(LogicError::Stuck);
        }
        while self.score > self.level.max_score() {
            self.level = self.level.next();
        }
        Ok(())
    }

    /// Places the singles that follow, at the start or after another step, and records
    /// them. Out of line in the compact build, by the compiler's choice (the attribute
    /// that asked for it took 44 bytes more of a Cortex-M0's flash): their records and
    /// scoring took room in the rating loop's frame, above the whole ladder.
    fn place_singles(&mut self, explain: &mut Explain, scan: &mut Scan) {
        let mut first = true;
        // The singles placed, per technique (the first four), recorded together after
        // them: the same record, for less work.
        let mut singles = [0u16; 4];
        // Singles without building a step: the same choice the ladder makes first.
        while let Some(t) = explain.next_single(scan, |marks| {
            if first {
                self.score += hodoku_score(marks);
            }
        }) {
            if let Some(n) = singles.get_mut(t.index()) {
                *n += 1;
            }
            first = false;
        }
        self.record_singles(&mut singles);
    }

    /// Records the singles counted in `singles` (per technique, the first four of the
    /// ladder) and clears them. The order does not matter: each single technique has its
    /// own level and SE value, and the hardest is the greatest of them.
    fn record_singles(&mut self, singles: &mut [u16; 4]) {
        for (i, n) in (0..).zip(singles.iter_mut()) {
            if let (Some(t), 1..) = (Technique::from_index(i), *n) {
                self.record_n(t, t.se_rating(), core::mem::take(n));
            }
        }
    }

    /// Counts one step of `t` worth `se`.
    fn record(&mut self, t: Technique, se: u8) {
        self.record_n(t, se, 1);
    }

    /// Counts `n` steps of `t` worth `se` each.
    fn record_n(&mut self, t: Technique, se: u8, n: u16) {
        if let Some(count) = self.counts.get_mut(t.index()) {
            *count += n;
        }
        self.steps += n;
        self.se = self.se.max(se);
        if (t.level(), t.se_rating()) > (self.hardest.level(), self.hardest.se_rating()) {
            self.hardest = t;
        }
        self.level = self.level.max(t.level());
    }

    /// The hardest technique of the path: the highest level, then the highest SE value.
    /// A solved grid's path has no step ([`Rating::steps`] is 0), and this is then
    /// [`Technique::FullHouse`], the simplest.
    pub fn hardest(&self) -> Technique {
        self.hardest
    }

    /// The score on Sudoku Explainer's scale, in tenths: the highest
    /// [`Step::se_rating`](crate::Step::se_rating) of the path (0 for a solved grid).
    pub fn se_rating(&self) -> u8 {
        self.se
    }

    /// The level, as HoDoKu computes it: the highest level of the techniques used, moved
    /// up while the total score exceeds the level's [`Level::max_score`].
    pub fn level(&self) -> Level {
        self.level
    }

    /// The total of HoDoKu's per-step scores ([`Technique::score`]), with the singles
    /// counted as HoDoKu's order names them (naked singles before hidden singles), so that
    /// the total, like the level it moves up, follows HoDoKu's.
    pub fn score(&self) -> u32 {
        self.score
    }

    /// The number of steps of the path.
    pub fn steps(&self) -> u16 {
        self.steps
    }

    /// The number of steps of `technique` in the path.
    pub fn count(&self, technique: Technique) -> u16 {
        self.counts.get(technique.index()).copied().unwrap_or(0)
    }

    /// True if the path needed the last resort (a forcing net or brute force).
    pub fn needs_last_resort(&self) -> bool {
        self.count(Technique::ForcingNet) + self.count(Technique::BruteForce) > 0
    }
}

impl fmt::Display for Rating {
    /// `Hard 4.2 XY-Wing`: level, SE score, hardest technique.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::format::padded(
            f,
            format_args!(
                "{} {}.{} {}",
                self.level,
                self.se / 10,
                self.se % 10,
                self.hardest
            ),
        )
    }
}

impl fmt::Debug for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Rating({self}, score {}, {} steps)",
            self.score, self.steps
        )
    }
}

impl Board {
    /// Rates the puzzle: solves it step by step with the ladder and reports the hardest
    /// technique, the SE score, the level and the steps per technique. With the `fast`
    /// feature (the default), the solutions are counted only if the path needs them (a
    /// path that deductions complete does not).
    ///
    /// # Errors
    /// [`LogicError::Conflict`], [`LogicError::NoCandidates`] or [`LogicError::NoSolution`]
    /// for a puzzle without solution; [`LogicError::MultipleSolutions`] for one with
    /// several (a rating assumes a unique solution).
    ///
    /// # Examples
    /// ```
    /// use sudoku81::{Board, Level};
    /// let board = Board::parse(
    ///     b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    /// )?;
    /// let rating = board.rate()?;
    /// assert_eq!(rating.level(), Level::Easy);
    /// assert_eq!(rating.steps(), 51);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn rate(&self) -> Result<Rating, LogicError> {
        let mut rating = Err(LogicError::Stuck);
        self.rate_into(&mut rating);
        rating
    }

    /// As [`Board::rate`], written into `out` instead of returned: on a small stack (a
    /// microcontroller), the rating is then built where the caller keeps it.
    pub fn rate_into(&self, out: &mut Result<Rating, LogicError>) {
        // Matched in place, as `Board::hint` does: a moved path is a second copy on the
        // stack. The compact build counts first: a count inside the rating's loop would
        // put the solver's state on top of the rating's (900 bytes more stack on a
        // Cortex-M0), for time a microcontroller's rating does not need to save.
        #[cfg(feature = "fast")]
        match Explain::unsettled(self) {
            Ok(ref mut explain) => Rating::of_into(explain, out),
            Err(e) => *out = Err(e),
        }
        #[cfg(not(feature = "fast"))]
        rate_counted_first(self, out);
    }
}

/// [`Board::rate_into`] in the compact build: the solutions counted first, in place in the
/// path. Inline (in `sudoku_rate`, the path in the C entry point's frame): 16 bytes less
/// of a Cortex-M0's flash, and 16 of `sudoku_rate`'s stack, than out of line (which had
/// been so that the entry point's frame held only the board and the rating).
#[cfg(not(feature = "fast"))]
fn rate_counted_first(board: &Board, out: &mut Result<Rating, LogicError>) {
    let mut explain = Explain::blank();
    match explain.reset(board) {
        Ok(()) => Rating::of_into(&mut explain, out),
        Err(e) => *out = Err(e),
    }
}

impl Marks {
    /// Rates a pencil-mark grid (e.g. a Sukaku puzzle), as [`Board::rate`] does a board.
    ///
    /// # Errors
    /// As [`Board::rate`].
    pub fn rate(&self) -> Result<Rating, LogicError> {
        let mut rating = Err(LogicError::Stuck);
        self.rate_into(&mut rating);
        rating
    }

    /// As [`Marks::rate`], written into `out` instead of returned, as [`Board::rate_into`]
    /// does: on a small stack, the rating is built where the caller keeps it.
    pub fn rate_into(&self, out: &mut Result<Rating, LogicError>) {
        rate_marks_in_place(self, out);
    }
}

impl Explain {
    /// Rates the rest of this path into `out`: on a path just made a puzzle's
    /// ([`Explain::reset`], [`Explain::reset_marks`]), the puzzle's rating, the one
    /// [`Board::rate`] or [`Marks::rate`] gives, built where the path already is (on a small
    /// stack, with no second copy of the marks); after some steps, the rating of the steps
    /// left. The path is walked to its end.
    ///
    /// # Examples
    /// ```
    /// use sudoku81::{Board, Explain, LogicError};
    /// let board = Board::parse(
    ///     b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    /// )?;
    /// let mut path = Explain::empty();
    /// path.reset(&board)?;
    /// let mut rating = Err(LogicError::Stuck);
    /// path.rate_into(&mut rating);
    /// assert_eq!(rating, board.rate());
    /// assert!(path.is_solved());
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn rate_into(&mut self, out: &mut Result<Rating, LogicError>) {
        Rating::of_into(self, out);
    }
}

/// [`Marks::rate_into`]: the path built in place, in a frame of its own (a path returned
/// by value is one more copy of the marks below the rating).
#[inline(never)]
fn rate_marks_in_place(marks: &Marks, out: &mut Result<Rating, LogicError>) {
    let mut explain = Explain::blank();
    match explain.reset_marks(marks) {
        Ok(()) => Rating::of_into(&mut explain, out),
        Err(e) => *out = Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The singles recorded together: each of the first four techniques of the ladder is
    /// a single with a level and SE value of its own, so the order of their records does
    /// not change the hardest.
    #[test]
    fn the_singles_are_the_first_four_and_rank_apart() {
        let singles = &Technique::ALL[..4];
        assert_eq!(
            singles,
            [
                Technique::FullHouse,
                Technique::HiddenSingleBox,
                Technique::HiddenSingleLine,
                Technique::NakedSingle
            ]
        );
        for (i, a) in singles.iter().enumerate() {
            for b in &singles[i + 1..] {
                assert_ne!((a.level(), a.se_rating()), (b.level(), b.se_rating()));
            }
        }
    }

    /// The rating with the solutions counted before the path starts, as every rating was
    /// before [`Explain::unsettled`] (the compact build still does).
    #[cfg(feature = "fast")]
    fn counted_first(board: &Board) -> Result<Rating, LogicError> {
        match Explain::of_board(board) {
            Ok(ref mut explain) => Rating::of(explain),
            Err(e) => Err(e),
        }
    }

    /// Counting the solutions only when the path first needs them gives every puzzle the
    /// rating, or the error, that counting them first gives: on easy to extreme puzzles,
    /// with none and with several solutions, as written and transformed. And each way of
    /// ending is taken: paths that never count, counts that find one, none and several
    /// solutions, and boards whose marks fail their check.
    #[test]
    #[cfg(feature = "fast")]
    fn counting_late_rates_as_counting_first() {
        use sudoku81_testkit::data;
        // [never counted, one, none, several, marks rejected]
        let mut ends = [0u32; 5];
        let sets = [
            ("kaggle_sample", 100),
            ("17clue", 100),
            ("top1465", 30),
            ("hardest1106", 6),
            ("multi_solution", 100),
            ("no_solution", 100),
        ];
        for (name, take) in sets {
            let set = data::load(name).expect("the samples are in the repository");
            for written_or_not in [set.clone(), set.transformed(5)] {
                for (i, cells) in written_or_not.cells.iter().take(take).enumerate() {
                    let board = Board::from_cells(*cells).expect("a puzzle");
                    let late = match Explain::unsettled(&board) {
                        Ok(ref mut explain) => {
                            let rating = Rating::of(explain);
                            let end = match (explain.is_pending(), &rating) {
                                (true, _) => 0,
                                (false, Ok(_)) => 1,
                                (false, Err(LogicError::NoSolution)) => 2,
                                (false, _) => 3,
                            };
                            ends[end] += 1;
                            rating
                        }
                        Err(e) => {
                            ends[4] += 1;
                            Err(e)
                        }
                    };
                    assert_eq!(late, counted_first(&board), "{name} {i}");
                    assert_eq!(late, board.rate(), "{name} {i}");
                }
            }
        }
        // Repeated givens, and an empty cell where nothing fits.
        let mut cells = [0u8; 81];
        cells[0] = 5;
        cells[8] = 5;
        let conflict = Board::from_cells(cells).expect("digits");
        let mut cells = [0u8; 81];
        cells[1..9].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
        cells[9] = 9;
        let no_candidates = Board::from_cells(cells).expect("digits");
        for board in [conflict, no_candidates] {
            assert!(board.rate().is_err());
            assert_eq!(board.rate(), counted_first(&board));
            ends[4] += u32::from(Explain::unsettled(&board).is_err());
        }
        assert!(ends.iter().all(|&n| n > 0), "ends: {ends:?}");
    }
}
