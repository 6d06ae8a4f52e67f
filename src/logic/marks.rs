//! [`Marks`]: the pencil-mark grid the techniques work on: a value or a candidate set per
//! cell, and, kept in step with them, the cells where each digit is still a candidate.

use super::bits::{self, kept, Cells, Keep, Kept, ALL_CELLS};
use super::error::LogicError;
#[cfg(feature = "fast")]
use crate::board::third;
use crate::board::{Board, CELLS};
use crate::candidates::Digits;

/// A pencil-mark grid: for each cell either its digit or its candidates.
///
/// Invariants: a filled cell has no candidates; `positions(d)` is exactly the set of cells
/// whose candidates hold `d`; no candidate `d` sees a cell where `d` is placed. Built from
/// a [`Board`] (each empty cell gets the digits its row, column and box allow) or from 81
/// candidate sets (a pencil-mark "Sukaku" puzzle).
///
/// The compact build keeps each filled cell's digit in the high bits of its candidate
/// word rather than the cells of each digit as 81-bit sets: 144 bytes less in every copy
/// (a path holds one, and the forcing net's propagation a second).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Marks {
    candidates: [u16; CELLS],
    positions: [Kept; 9],
    #[cfg(feature = "fast")]
    placed: [Cells; 9],
    unsolved: Kept,
}

/// Where the compact build keeps a filled cell's digit in its candidate word.
#[cfg(not(feature = "fast"))]
const VALUE_SHIFT: u32 = 12;
/// The candidate bits of a candidate word.
const CANDIDATE_BITS: u16 = 0x1FF;

impl Marks {
    /// The marks of a board: its digits, and for each empty cell the digits that its row,
    /// column and box do not hold yet.
    ///
    /// # Errors
    /// [`LogicError::Conflict`] if two digits of the board repeat in a unit;
    /// [`LogicError::NoCandidates`] for an empty cell where no digit fits.
    pub fn from_board(board: &Board) -> Result<Marks, LogicError> {
        let mut marks = Marks::empty();
        marks.set_board(board)?;
        Ok(marks)
    }

    /// As [`Marks::from_board`], in place: on a small stack (the hint's path on a
    /// microcontroller), a returned copy of the marks would stay in the callers' frames.
    ///
    /// # Errors
    /// As [`Marks::from_board`]; the marks are then unspecified.
    pub(crate) fn set_board(&mut self, board: &Board) -> Result<(), LogicError> {
        if let Some(conflict) = board.conflict() {
            return Err(LogicError::Conflict(conflict));
        }
        self.fill(board, &mut false);
        self.check()
    }

    /// The marks of `board`, unchecked; sets `repeats` if a digit of the board repeats in
    /// a unit (found on the way, for less than [`Marks::repeats_a_digit`] takes after).
    /// Out of line: its callers build their paths with the marks in place.
    #[inline(never)]
    pub(crate) fn of_board_noting_repeats(board: &Board, repeats: &mut bool) -> Marks {
        let mut marks = Marks::empty();
        marks.fill(board, repeats);
        marks
    }

    /// Makes these the marks of `board`, unchecked; sets `repeats` if a digit of the board
    /// repeats in a unit (found on the way, for less than [`Marks::repeats_a_digit`] takes
    /// after). In place, and the flag is not returned with the marks: each returned copy
    /// of the marks stays in the callers' frames on a microcontroller's hint path.
    #[cfg(feature = "fast")]
    #[inline(never)]
    pub(crate) fn fill(&mut self, board: &Board, repeats: &mut bool) {
        *self = Marks::empty();
        let marks = self;
        // The digits each row, column and box holds (bits), then each empty cell's
        // complement of its three, row by row without a branch on a cell's value.
        let (mut rows, mut cols, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
        let mut repeated = 0u16;
        let digit_bit = |value: u8| (1u16 << value) >> 1;
        for (r, line) in board.cells().chunks_exact(9).enumerate() {
            for (c, &value) in line.iter().enumerate() {
                let bit = digit_bit(value);
                let b = third(r) * 3 + third(c);
                repeated |= (rows[r] | cols[c] | boxes[b]) & bit;
                rows[r] |= bit;
                cols[c] |= bit;
                boxes[b] |= bit;
            }
        }
        for (r, (line, slots)) in board
            .cells()
            .chunks_exact(9)
            .zip(marks.candidates.chunks_exact_mut(9))
            .enumerate()
        {
            for (c, (&value, slot)) in line.iter().zip(slots).enumerate() {
                let empty = u16::from(value == 0).wrapping_neg();
                let used = rows[r] | cols[c] | boxes[third(r) * 3 + third(c)];
                *slot = !used & Digits::ALL.bits() & empty;
            }
        }
        for (cell, &value) in board.cells().iter().enumerate() {
            if let Some(p) = usize::from(value)
                .checked_sub(1)
                .and_then(|i| marks.placed.get_mut(i))
            {
                *p |= bits::bit(cell);
                marks.unsolved.remove(cell);
            }
        }
        // A digit's candidates are the empty cells that see none of its placements.
        for (positions, &placed) in marks.positions.iter_mut().zip(&marks.placed) {
            let mut seen = placed;
            for cell in bits::iter(placed) {
                seen |= bits::peers(cell);
            }
            positions.set(marks.unsolved.get() & !seen);
        }
        *repeats = repeated != 0;
    }

    /// The compact build's [`Marks::fill`]: every candidate everywhere, then each digit of
    /// the board placed ([`Marks::place`]), which leaves the same marks for less code. A
    /// digit repeats when its cell has already lost it to a peer's.
    #[cfg(not(feature = "fast"))]
    #[inline(never)]
    pub(crate) fn fill(&mut self, board: &Board, repeats: &mut bool) {
        for slot in &mut self.candidates {
            *slot = CANDIDATE_BITS;
        }
        for p in &mut self.positions {
            p.set(ALL_CELLS);
        }
        self.unsolved = kept(ALL_CELLS);
        let mut repeated = false;
        for (cell, &value) in board.cells().iter().enumerate() {
            if value != 0 {
                repeated |= self.bits(cell) & Digits::single(value).bits() == 0;
                self.place(cell, value);
            }
        }
        *repeats = repeated;
    }

    /// The marks of a pencil-mark puzzle: cell `i` may hold the digits of `candidates[i]`.
    /// No cell is filled, even one with a single candidate (that is a naked single to find).
    ///
    /// # Errors
    /// [`LogicError::NoCandidates`] for a cell with an empty set;
    /// [`LogicError::DigitMissing`] when a unit has no place left for some digit.
    pub fn from_candidates(candidates: &[Digits; CELLS]) -> Result<Marks, LogicError> {
        let mut marks = Marks::empty();
        marks.set_all_candidates(candidates);
        marks.check()?;
        Ok(marks)
    }

    /// Makes these the marks of `candidates`, as [`Marks::from_candidates`] builds them,
    /// in place and unchecked.
    pub(crate) fn set_all_candidates(&mut self, candidates: &[Digits; CELLS]) {
        *self = Marks::empty();
        for (cell, &set) in candidates.iter().enumerate() {
            self.set_candidates(cell, set);
        }
    }

    /// The marks of a player's grid: the digits of `board`, and for each empty cell the
    /// digits of `candidates` that its row, column and box still allow (the player's pencil
    /// marks; the sets of filled cells are ignored).
    ///
    /// # Errors
    /// As [`Marks::from_board`], and [`LogicError::NoCandidates`] or
    /// [`LogicError::DigitMissing`] when the pencil marks leave a cell or a unit no place.
    pub fn with_candidates(
        board: &Board,
        candidates: &[Digits; CELLS],
    ) -> Result<Marks, LogicError> {
        let mut marks = Marks::from_board(board)?;
        marks.restrict(candidates);
        marks.check()?;
        Ok(marks)
    }

    /// Marks with every cell empty and no candidate anywhere (not a valid puzzle; the
    /// starting point of the constructors).
    pub(crate) const fn empty() -> Marks {
        Marks {
            candidates: [0; CELLS],
            positions: [kept(0); 9],
            #[cfg(feature = "fast")]
            placed: [0; 9],
            unsolved: kept(ALL_CELLS),
        }
    }

    fn set_candidates(&mut self, cell: usize, set: Digits) {
        if let Some(slot) = self.candidates.get_mut(cell) {
            *slot = set.bits();
        }
        for digit in set {
            if let Some(p) = self.positions.get_mut(usize::from(digit) - 1) {
                let bit = bits::bit(cell);
                p.set(p.get() | bit);
            }
        }
    }

    /// The digit of `cell` (`1..=9`), or 0 if it is empty or out of range.
    #[cfg(feature = "fast")]
    #[inline]
    pub fn value(&self, cell: usize) -> u8 {
        let bit = bits::bit(cell);
        if self.unsolved.get() & bit != 0 {
            return 0;
        }
        match self.placed.iter().position(|p| p & bit != 0) {
            Some(i) => i as u8 + 1,
            None => 0,
        }
    }

    /// The digit of `cell` (`1..=9`), or 0 if it is empty or out of range.
    #[cfg(not(feature = "fast"))]
    pub fn value(&self, cell: usize) -> u8 {
        (self.candidates.get(cell).copied().unwrap_or(0) >> VALUE_SHIFT) as u8
    }

    /// The candidates of `cell` (empty for a filled or out-of-range cell).
    #[cfg_attr(feature = "fast", inline)]
    pub fn candidates(&self, cell: usize) -> Digits {
        Digits::from_bits(self.bits(cell))
    }

    /// The filled cells as a board (empty cells are 0).
    pub fn board(&self) -> Board {
        let mut cells = [0u8; CELLS];
        for (cell, v) in cells.iter_mut().enumerate() {
            *v = self.value(cell);
        }
        // Values are only ever digits 1..=9, so this cannot fail; an empty board is the
        // harmless answer if it ever did.
        Board::from_cells(cells).unwrap_or(Board::EMPTY)
    }

    /// True when every cell is filled.
    pub fn is_solved(&self) -> bool {
        self.unsolved.get() == 0
    }

    /// The number of candidates left in empty cells.
    pub fn candidate_count(&self) -> u32 {
        self.positions.iter().map(|p| p.get().count_ones()).sum()
    }

    /// The raw candidate bits of `cell` (bit `d - 1` for digit `d`). Out of line in the
    /// compact build: on a Cortex-M0 each inlined copy, with its range check, is longer
    /// than a call.
    #[cfg_attr(feature = "fast", inline)]
    #[cfg_attr(not(feature = "fast"), inline(never))]
    pub(crate) fn bits(&self, cell: usize) -> u16 {
        self.bits_inline(cell)
    }

    /// [`Marks::bits`], inline: for the chain search's test of a chain's ends, at the
    /// bottom of the engine's deepest paths, where a call would add its frame, and for
    /// an ALS's digits, read most of all.
    #[inline(always)]
    pub(crate) fn bits_inline(&self, cell: usize) -> u16 {
        self.candidates.get(cell).copied().unwrap_or(0) & CANDIDATE_BITS
    }

    /// The cells where `digit` is a candidate (empty for a digit outside `1..=9`).
    #[cfg(feature = "fast")]
    #[inline]
    pub(crate) fn positions(&self, digit: u8) -> Cells {
        match usize::from(digit).checked_sub(1) {
            Some(i) => self.positions.get(i).copied().unwrap_or(0),
            None => 0,
        }
    }

    /// The cells where `digit` is a candidate (empty for a digit outside `1..=9`), from
    /// [`Marks::kept_positions`]: a caller then knows that the fourth word is zero.
    #[cfg(not(feature = "fast"))]
    #[inline(always)]
    pub(crate) fn positions(&self, digit: u8) -> Cells {
        self.kept_positions(digit).get()
    }

    /// The compact build's [`Marks::positions`], as the set the marks keep. Out of line.
    #[cfg(not(feature = "fast"))]
    #[inline(never)]
    fn kept_positions(&self, digit: u8) -> &Kept {
        usize::from(digit)
            .checked_sub(1)
            .and_then(|i| self.positions.get(i))
            .unwrap_or(&Kept([0; 3]))
    }

    /// The cells of `unit` where `digit` is a candidate.
    #[cfg(feature = "fast")]
    #[inline]
    pub(crate) fn places_in(&self, digit: u8, unit: usize) -> Cells {
        self.positions(digit) & bits::unit_mask(unit)
    }

    /// The cells of `unit` where `digit` is a candidate, from [`Marks::kept_places_in`]:
    /// a caller then knows that the fourth word is zero.
    #[cfg(not(feature = "fast"))]
    #[inline(always)]
    pub(crate) fn places_in(&self, digit: u8, unit: usize) -> Cells {
        self.kept_places_in(digit, unit).get()
    }

    /// The compact build's [`Marks::places_in`], as kept. Out of line: the two sets and
    /// their intersection are long code on a Cortex-M0.
    #[cfg(not(feature = "fast"))]
    #[inline(never)]
    fn kept_places_in(&self, digit: u8, unit: usize) -> Kept {
        kept(self.positions(digit) & bits::unit_mask(unit))
    }

    /// The cells where `digit` is a candidate that see both `a` and `b` (two cells): those
    /// that lose it when `a` or `b` holds it.
    #[cfg(feature = "fast")]
    #[inline]
    pub(crate) fn seeing_both(&self, digit: u8, a: usize, b: usize) -> Cells {
        self.positions(digit) & bits::seen_by(a, b)
    }

    /// The compact build's [`Marks::seeing_both`], cell by cell by the cells' units: the
    /// digit's places and two peer sets are long code on a Cortex-M0, at each caller.
    #[cfg(not(feature = "fast"))]
    #[inline(always)]
    pub(crate) fn seeing_both(&self, digit: u8, a: usize, b: usize) -> Cells {
        self.kept_seeing_both(digit, a, b).get()
    }

    /// The compact build's [`Marks::seeing_both`], as kept. Out of line.
    #[cfg(not(feature = "fast"))]
    #[inline(never)]
    fn kept_seeing_both(&self, digit: u8, a: usize, b: usize) -> Kept {
        let d = Digits::single(digit).bits();
        let mut cells = 0;
        for cell in 0..CELLS {
            if self.bits(cell) & d != 0 && bits::sees(cell, a) && bits::sees(cell, b) {
                bits::insert(&mut cells, cell);
            }
        }
        kept(cells)
    }

    /// The two places of `digit` in `unit`, lowest first, if it has exactly two (a
    /// conjugate pair). Out of line in the compact build: the sets are long code on a
    /// Cortex-M0.
    #[cfg_attr(feature = "fast", inline)]
    #[cfg_attr(not(feature = "fast"), inline(never))]
    pub(crate) fn pair_in(&self, digit: u8, unit: usize) -> Option<(usize, usize)> {
        let places = self.places_in(digit, unit);
        bits::exactly(places, 2).then(|| bits::two(places))
    }

    /// The empty cells with exactly one candidate.
    #[cfg(not(feature = "fast"))]
    pub(crate) fn naked(&self) -> Cells {
        self.counting(1)
    }

    /// The cells with exactly two candidates.
    #[cfg(not(feature = "fast"))]
    pub(crate) fn bivalue(&self) -> Cells {
        self.counting(2)
    }

    /// The cells with exactly `n` candidates (`n` above 0), cell by cell: the fast
    /// build's bit-sliced counts over the digits' 128-bit sets are long code on a
    /// Cortex-M0.
    #[cfg(not(feature = "fast"))]
    #[inline(always)]
    fn counting(&self, n: u32) -> Cells {
        self.kept_counting(n).get()
    }

    /// The compact build's [`Marks::counting`], as kept: a caller then knows that the
    /// fourth word is zero. Out of line.
    #[cfg(not(feature = "fast"))]
    #[inline(never)]
    fn kept_counting(&self, n: u32) -> Kept {
        let mut cells = 0;
        for cell in 0..CELLS {
            // The candidates without their lowest `n - 1`: exactly one left.
            let mut rest = self.bits_inline(cell);
            for _ in 1..n {
                rest &= rest.wrapping_sub(1);
            }
            if rest != 0 && rest & (rest - 1) == 0 {
                bits::insert(&mut cells, cell);
            }
        }
        kept(cells)
    }

    /// The empty cells with exactly one candidate.
    #[cfg(feature = "fast")]
    #[inline]
    pub(crate) fn naked(&self) -> Cells {
        let (mut one, mut two) = (0, 0);
        for p in &self.positions {
            two |= one & p.get();
            one |= p.get();
        }
        one & !two & self.unsolved.get()
    }

    /// The empty cells without a candidate.
    #[cfg(feature = "fast")]
    pub(crate) fn dead(&self) -> Cells {
        self.unsolved.get() & !self.positions.iter().fold(0, |any, p| any | p.get())
    }

    /// The empty cells without a candidate, from [`Marks::kept_dead`]: a caller then
    /// knows that the fourth word is zero.
    #[cfg(not(feature = "fast"))]
    #[inline(always)]
    pub(crate) fn dead(&self) -> Cells {
        self.kept_dead().get()
    }

    /// The compact build's [`Marks::dead`], as kept. Out of line: the nine 128-bit sets
    /// are long code, which each caller had a copy of.
    #[cfg(not(feature = "fast"))]
    #[inline(never)]
    fn kept_dead(&self) -> Kept {
        kept(self.unsolved.get() & !self.positions.iter().fold(0, |any, p| any | p.get()))
    }

    /// The empty cells.
    #[inline]
    pub(crate) fn unsolved(&self) -> Cells {
        self.unsolved.get()
    }

    /// The empty cells, in order. The compact build reads each cell's value rather than
    /// iterating [`Marks::unsolved`], whose 128-bit state a Cortex-M0 keeps on the stack:
    /// for the forcing net and the chain search, on the deepest stack of the technique
    /// engine.
    #[cfg(feature = "fast")]
    pub(crate) fn open_cells(&self) -> bits::Iter {
        bits::iter(self.unsolved.get())
    }

    /// The empty cells, in order.
    #[cfg(not(feature = "fast"))]
    pub(crate) fn open_cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..CELLS).filter(|&cell| self.value(cell) == 0)
    }

    /// The cells with exactly two candidates.
    #[cfg(feature = "fast")]
    pub(crate) fn bivalue(&self) -> Cells {
        let (mut one, mut two, mut more) = (0, 0, 0);
        for p in &self.positions {
            more |= two & p.get();
            two |= one & p.get();
            one |= p.get();
        }
        two & !more
    }

    /// The cells where `digit` is placed (empty for a digit outside `1..=9`).
    #[cfg(feature = "fast")]
    #[inline]
    pub(crate) fn placed(&self, digit: u8) -> Cells {
        match usize::from(digit).checked_sub(1) {
            Some(i) => self.placed.get(i).copied().unwrap_or(0),
            None => 0,
        }
    }

    /// The cells where `digit` is placed (empty for a digit outside `1..=9`), from the
    /// filled cells' digits: for the checks, not for a search.
    #[cfg(not(feature = "fast"))]
    fn placed(&self, digit: u8) -> Cells {
        let mut placed = 0;
        for cell in bits::iter(ALL_CELLS & !self.unsolved.get()) {
            if self.value(cell) == digit {
                bits::insert(&mut placed, cell);
            }
        }
        placed
    }

    /// True if `digit` is placed in unit `unit` (`0..27`: rows, columns, boxes).
    #[cfg(feature = "fast")]
    #[inline]
    pub(crate) fn holds(&self, unit: usize, digit: u8) -> bool {
        self.placed(digit) & bits::unit_mask(unit) != 0
    }

    /// True if `digit` is placed in unit `unit` (`0..27`: rows, columns, boxes). Out of
    /// line: its copies took 36 bytes more of a Cortex-M0's flash.
    #[cfg(not(feature = "fast"))]
    #[inline(never)]
    pub(crate) fn holds(&self, unit: usize, digit: u8) -> bool {
        crate::board::UNIT_CELLS
            .get(unit)
            .is_some_and(|cells| cells.iter().any(|&c| self.value(usize::from(c)) == digit))
    }

    /// The digits placed in unit `unit`.
    #[cfg(test)]
    pub(crate) fn placed_in(&self, unit: usize) -> u16 {
        let mut placed = 0u16;
        for digit in 1..=9u8 {
            if self.holds(unit, digit) {
                placed |= Digits::single(digit).bits();
            }
        }
        placed
    }

    /// Puts `digit` in `cell` and removes it from the candidates of the cell's peers.
    /// Does nothing for an out-of-range cell or digit.
    pub(crate) fn place(&mut self, cell: usize, digit: u8) {
        let d = Digits::single(digit).bits();
        if d == 0 || cell >= CELLS {
            return;
        }
        #[cfg(feature = "fast")]
        let own = bits::bit(cell);
        // The cell is in the positions of its own candidates only (the invariant): a
        // single's cell has one or two, where clearing all nine took a fifth of a
        // placement. (The compact build clears all nine: less code.)
        #[cfg(feature = "fast")]
        for digit in self.candidates(cell) {
            if let Some(p) = self.positions.get_mut(usize::from(digit) - 1) {
                p.set(p.get() & !own);
            }
        }
        #[cfg(not(feature = "fast"))]
        for p in self.positions.iter_mut() {
            p.remove(cell);
        }
        #[cfg(feature = "fast")]
        {
            self.candidates[cell] = 0;
            if let Some(p) = self.placed.get_mut(usize::from(digit) - 1) {
                *p |= own;
            }
        }
        #[cfg(not(feature = "fast"))]
        {
            self.candidates[cell] = u16::from(digit) << VALUE_SHIFT;
        }
        #[cfg(feature = "fast")]
        self.unsolved.set(self.unsolved.get() & !own);
        #[cfg(not(feature = "fast"))]
        self.unsolved.remove(cell);
        let index = usize::from(digit) - 1;
        if let Some(positions) = self.positions.get_mut(index) {
            let hit = positions.get() & bits::peers(cell);
            positions.set(positions.get() & !hit);
            for peer in bits::iter(hit) {
                if let Some(candidates) = self.candidates.get_mut(peer) {
                    *candidates &= !d;
                }
            }
        }
    }

    /// Removes `digit` from the candidates of `cell`; true if it was there.
    pub(crate) fn eliminate(&mut self, cell: usize, digit: u8) -> bool {
        let d = Digits::single(digit).bits();
        let Some(slot) = self.candidates.get_mut(cell) else {
            return false;
        };
        if *slot & d == 0 {
            return false;
        }
        *slot &= !d;
        if let Some(p) = self.positions.get_mut(usize::from(digit).wrapping_sub(1)) {
            p.remove(cell);
        }
        true
    }

    /// Checks that the marks can still lead to a solution as far as one look tells: no
    /// empty cell without candidates, no digit twice in a unit, no digit without a place
    /// in a unit.
    ///
    /// # Errors
    /// The first problem found, as a [`LogicError`].
    pub fn check(&self) -> Result<(), LogicError> {
        // The quick tests find whether there is a problem; the search below, which one
        // comes first.
        if !self.is_broken() && !self.repeats_a_digit() {
            return Ok(());
        }
        for cell in bits::iter(self.unsolved.get()) {
            if self.bits(cell) == 0 {
                return Err(LogicError::NoCandidates { cell: cell as u8 });
            }
        }
        for unit in 0..27 {
            let mask = bits::unit_mask(unit);
            for (positions, digit) in self.positions.iter().zip(1..) {
                let positions = positions.get();
                let here = self.placed(digit) & mask;
                let second = here & here.wrapping_sub(1);
                if second != 0 {
                    return Err(LogicError::Conflict(crate::error::Conflict {
                        digit,
                        unit: crate::board::unit(unit),
                        cells: [bits::first(here) as u8, bits::first(second) as u8],
                    }));
                }
                if here == 0 && positions & mask == 0 {
                    return Err(LogicError::DigitMissing {
                        digit,
                        unit: crate::board::unit(unit),
                    });
                }
            }
        }
        Ok(())
    }

    /// Cheaper than [`Marks::check`], for propagation: true if some empty cell has no
    /// candidate or some unit has no place left for a digit it lacks.
    pub(crate) fn is_broken(&self) -> bool {
        let mut any = 0;
        for p in &self.positions {
            any |= p.get();
        }
        if self.unsolved.get() & !any != 0 {
            return true;
        }
        for (p, digit) in self.positions.iter().zip(1..) {
            let covered = p.get() | self.placed(digit);
            if bits::UNIT_MASK.iter().any(|&u| covered & u == 0) {
                return true;
            }
        }
        false
    }

    /// True if some placed digit sees the same digit placed in one of its units.
    fn repeats_a_digit(&self) -> bool {
        (1..=9).any(|digit| {
            let p = self.placed(digit);
            bits::iter(p).any(|cell| bits::peers(cell) & p != 0)
        })
    }

    /// The marks with the candidates outside `allowed` removed, cell by cell (the player's
    /// own pencil marks applied over the grid's).
    pub(crate) fn restrict(&mut self, allowed: &[Digits; CELLS]) {
        for (cell, set) in allowed.iter().enumerate() {
            for digit in self.candidates(cell) {
                if !set.contains(digit) {
                    self.eliminate(cell, digit);
                }
            }
        }
    }
}

impl core::fmt::Debug for Marks {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        for row in 0..9 {
            for col in 0..9 {
                let cell = row * 9 + col;
                if self.value(cell) != 0 {
                    write!(f, "{:>9} ", self.value(cell))?;
                } else {
                    let mut text = [b' '; 9];
                    for (i, d) in self.candidates(cell).iter().enumerate() {
                        text[9 - self.candidates(cell).len() as usize + i] = b'0' + d;
                    }
                    f.write_str(core::str::from_utf8(&text).unwrap_or("?"))?;
                    f.write_str(" ")?;
                }
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::search::{solutions, Solutions};

    const PUZZLE: &[u8] =
        b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn marks_of_a_board() {
        let board = Board::parse(PUZZLE).unwrap();
        let mut marks = Marks::from_board(&board).unwrap();
        assert_eq!(marks.value(0), 5);
        assert_eq!(marks.candidates(2), Digits::NONE.with(1).with(2).with(4));
        assert_eq!(marks.board(), board);
        assert!(marks.check().is_ok());
        // Placing a digit removes it from the peers, and their positions.
        marks.place(2, 4);
        assert_eq!(marks.value(2), 4);
        assert!(!marks.candidates(3).contains(4));
        assert_eq!(marks.positions(4) & bits::peers(2), 0);
        assert!(marks.eliminate(3, 2));
        assert!(!marks.eliminate(3, 2));
        assert!(!marks.eliminate(81, 2));
    }

    /// The repeats noted while building the marks are the board's conflicts, on boards
    /// from empty to full of random digits.
    #[test]
    fn repeats_noted_on_the_way_are_the_conflicts() {
        let mut rng = sudoku81_testkit::Rng::new(9);
        let (mut with, mut without) = (0, 0);
        for round in 0..2000 {
            let mut cells = [0u8; CELLS];
            for cell in cells.iter_mut() {
                if rng.below(81) < round % 40 {
                    *cell = rng.below(10) as u8;
                }
            }
            let board = Board::from_cells(cells).unwrap();
            let mut repeats = false;
            let marks = Marks::of_board_noting_repeats(&board, &mut repeats);
            assert_eq!(repeats, board.conflict().is_some(), "{board:?}");
            assert_eq!(repeats, marks.repeats_a_digit());
            if repeats {
                with += 1;
            } else {
                without += 1;
            }
        }
        assert!(with > 100 && without > 100, "{with} {without}");
    }

    /// Along whole paths of hard puzzles, a unit holds a digit exactly when one of its
    /// cells has that value, and the marks give back the board of their filled cells.
    #[test]
    fn units_hold_the_digits_of_their_cells() {
        let set = sudoku81_testkit::data::load("top95").expect("the samples are in the repository");
        for cells in set.cells.into_iter().take(10) {
            let board = Board::from_cells(cells).unwrap();
            let mut path = board.explain().unwrap();
            loop {
                let marks = *path.marks();
                let mut filled = [0u8; CELLS];
                for (cell, value) in filled.iter_mut().enumerate() {
                    *value = marks.value(cell);
                }
                assert_eq!(*marks.board().cells(), filled);
                for (unit, unit_cells) in crate::board::UNIT_CELLS.iter().enumerate() {
                    for digit in 1..=9 {
                        let here = unit_cells.iter().any(|&c| filled[usize::from(c)] == digit);
                        assert_eq!(marks.holds(unit, digit), here, "unit {unit} digit {digit}");
                    }
                }
                if path.next().is_none() {
                    break;
                }
            }
            assert!(path.is_solved());
        }
    }

    #[test]
    fn broken_marks_are_errors() {
        let mut sets = [Digits::ALL; CELLS];
        for set in sets.iter_mut().take(9) {
            *set = Digits::ALL.without(7);
        }
        assert_eq!(
            Marks::from_candidates(&sets),
            Err(LogicError::DigitMissing {
                digit: 7,
                unit: crate::error::Unit::Row(0)
            })
        );
    }

    #[test]
    fn pencil_mark_solutions_are_counted() {
        let board = Board::parse(PUZZLE).unwrap();
        let solution = board.solve().unwrap();
        let marks = Marks::from_board(&board).unwrap();
        assert_eq!(solutions(&marks), Solutions::Unique(*solution.cells()));
        let open = Marks::from_candidates(&[Digits::ALL; CELLS]).unwrap();
        assert!(matches!(solutions(&open), Solutions::Several(_)));
        let mut sets = [Digits::ALL; CELLS];
        sets[0] = Digits::single(1);
        sets[1] = Digits::single(1);
        let clash = Marks::from_candidates(&sets).unwrap();
        assert_eq!(solutions(&clash), Solutions::None);
    }
}
