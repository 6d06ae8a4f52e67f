//! The compact engine: derived candidates, naked and hidden singles, one small frame per guess.
//!
//! Used when the `fast` feature is off (firmware builds). State, all inline, about 730 bytes:
//!
//! ```text
//! cells  [u8; 81]    0 = open, 1..=9 = placed digit
//! used   [u16; 32]   digits placed in each unit (rows 0..9, columns 9..18, boxes 18..27;
//!                    the rest unused), bit d-1 for digit d; a cell's candidates are
//!                    !(row | col | box) & 0x1FF
//! open   [u8; 81]    open[..n_open] = the open cells; open[n_open..] = the cells the search
//!                    placed, most recent first (so undoing to a mark is a walk up the array)
//! pos    [u8; 81]    where each cell sits in `open`
//! frames [Frame; 81] one per guess still having untried digits: the cell, the untried
//!                    digits, and n_open before the guess (the mark to undo to); in the
//!                    strong mode also placement frames: a unit, a digit, its untried places
//! weights [u16; 32]  contradictions met in each unit, for the strong mode (below)
//! ```
//!
//! Each node propagates to a fixed point (naked singles: a cell with one candidate; hidden
//! singles: a digit with one place in a unit), failing fast on a cell with no candidate or
//! a digit with no place. If cells remain open it guesses on the open cell with the fewest
//! candidates, lowest digit first. A guess fills at least one cell, so there are never more
//! than 81 frames, and the last untried digit of a frame is placed without keeping the
//! frame. Placements are undone from a trail, so there is no copy of the board per guess.
//!
//! After a guess fails, the next guess goes back to the cell that failed while it is open,
//! until a guess there no longer fails at once ("reasoning from the last conflict", as in
//! the fast engine: a guess above it that has nothing to do with the contradiction is then
//! left after one try, not searched below each of its digits). Measured, guesses per puzzle
//! on the shared sets: hardest1106 303 -> 201 to the first solution and 556 -> 379 to count
//! 2 (29% and 20% less time), top1465 37 -> 34 and 73 -> 58; the most any published puzzle
//! takes, 3,053 -> 1,020; the hostile inputs of `tests/adversarial.rs`, up to 2.1 million ->
//! at most 1,589.
//!
//! A search that has made [`STRONG_AFTER`] guesses without a solution turns strong: it
//! starts again from the last branch without an open guess, and at each node, once the
//! singles are done, it also takes out locked candidates (a digit that a row or column has
//! in one box only leaves the rest of the box; one that a box has in one row or column
//! only leaves the rest of that line) and places the singles they make (a cell with one
//! candidate left, a digit with one place left in a unit), to a fixed point; and it checks
//! that each row, column and box can still give every digit a cell of its own (a
//! matching: three digits confined to two cells of a box fail there, where no single
//! fails until the search has guessed in that box). What it takes out lives in a 162-byte
//! array on the stack for that node only: nothing to undo, and the state does not grow.
//! Each guess goes to the open cell of the last failed guess while there is one (as in
//! normal mode; a restart forgets it); else, on the first restart and every other one
//! after it, to the open cell with the fewest candidates per contradiction met so far in
//! its row, column and box (a unit counts the cells of it left without a candidate, the
//! digits left without a place in it and its failed matchings: "dom/wdeg", Boussemart et
//! al. 2004); on the other restarts, to a digit's places in a unit instead when it has
//! fewer places left than that cell has candidates (a placement frame: one branch per
//! place, Tdoku's way of branching). Each restart doubles the budget, until a solution is
//! found or the tree is exhausted. A small unsolvable core hidden among givens that draw
//! the search elsewhere fails the matching or collects the weights, so the guesses go
//! there. A node's scan places every cell with one candidate it meets and, once it has
//! placed one, looks for nothing else until the next round (what it read may be out of
//! date): fewer rounds, and 23-43% less for the costliest step on a Cortex-M0. No
//! published puzzle gets that far (the most is 1,020). Measured (docs/robustness.md):
//! every input that searches had found against the strong mode without the matching, up
//! to 32,980 guesses, takes at most 1,272, most of them 1,024 (refuted at the first strong
//! node); over 36,400 random symmetric copies of the hostile inputs of
//! `tests/adversarial.rs`, at most 2,175 (3,861 before the matching); 75 minutes of search
//! against the engine with the matching found nothing above 5,613 (that input 2,208 now,
//! the costliest of them 3,974), where the same searches had reached 32,980 before;
//! against the engine as it is, 30 minutes of search and copies of what it found reached
//! 7,226.
//! The bound we state is the default engine's, 20,000 guesses for any input our searches
//! find: measured, not proved, so firmware that solves what it is sent still caps its
//! steps.
//! The generator's checks never restart: their first frame holds the excluded digit, which
//! a restart would drop.
//!
//! No index can panic: unit indices are masked to the 32 entries of `used`, and cells are
//! looked up with `get`, whose `None` (never met: every cell the engine holds is below 81)
//! is handled. So a C library built on this engine links with no panic path.

use heapless::Vec;

use super::matching::has_matching;
use super::{restart_limit, Expand, Stats};
use crate::board::{Board, BOX, CELLS, COL, ROW, UNIT_CELLS};

const ALL: u16 = 0x1FF;

/// Entries of `used`: the 27 units, and spare ones up to a power of two, so that a unit
/// index masked with `UNITS - 1` is in range.
const UNITS: usize = 32;

/// The units of each cell: its row, 9 + its column, 18 + its box.
const CELL_UNITS: [[u8; 3]; CELLS] = {
    let mut table = [[0u8; 3]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        table[cell] = [ROW[cell], 9 + COL[cell], 18 + BOX[cell]];
        cell += 1;
    }
    table
};

/// The units of `cell` (spare ones for a cell out of range).
#[inline(always)]
fn units(cell: usize) -> [usize; 3] {
    match CELL_UNITS.get(cell) {
        Some(&[row, col, square]) => [row.into(), col.into(), square.into()],
        None => [UNITS - 3, UNITS - 2, UNITS - 1],
    }
}

/// `unit` as an index of `used`: in range by its mask, which the compiler can see.
#[inline(always)]
const fn slot(unit: usize) -> usize {
    unit & (UNITS - 1)
}

/// `[0, 1, ..., 80]`: every cell open, each at its own index.
const fn identity() -> [u8; CELLS] {
    let mut table = [0u8; CELLS];
    let mut i = 0;
    while i < CELLS {
        table[i] = i as u8;
        i += 1;
    }
    table
}

/// Candidates taken out beyond what the placed digits exclude, per cell: the strong mode's
/// locked candidates, found anew at each node (so there is nothing to undo).
type Gone = [u16; CELLS];

/// The candidates of `cell` in `gone`.
#[inline(always)]
fn gone_at(gone: &Gone, cell: usize) -> u16 {
    gone.get(cell).copied().unwrap_or(0)
}

#[derive(Clone, Copy, Debug)]
struct Frame {
    cell: u8,
    mark: u8,
    untried: u16,
}

/// What a node is once propagated: a contradiction, a solution, or a branch on `cell`'s
/// `candidates`, which in the strong mode may be a placement frame's code and places
/// instead (see [`PLACEMENT`]).
enum Node {
    Contradiction,
    Solved,
    Branch { cell: u8, candidates: u16 },
}

/// The compact search state (see the module docs). In declaration order (`repr(C)`), with
/// the small fields first: a Cortex-M0 loads a byte field in one instruction only within
/// 32 bytes of the state's start (measured: 6% fewer instructions than the compiler's
/// order, which put them after the arrays).
#[derive(Clone, Debug)]
#[repr(C)]
pub(crate) struct Engine {
    n_open: u8,
    /// The cell of the last guess.
    last_guess: u8,
    /// The cell of the last guess that failed and has not been guessed on with success
    /// since: the next guess goes there while it is open (see the module docs). [`NO_CELL`]
    /// for none.
    conflict: u8,
    /// Whether the search is strong: it guesses where the weights point and restarts.
    strong: bool,
    /// Whether a solution has been reached since the reset (restarts stop then).
    solved: bool,
    /// Restarts so far.
    restarts: u8,
    /// `n_open` at the last branch without an open guess: what is left to search.
    root: u8,
    /// The guess count at which the search restarts if it has found no solution; `u32::MAX`
    /// for never (the generator's checks, and the phase after the 20th restart).
    limit: u32,
    stats: Stats,
    used: [u16; UNITS],
    /// Contradictions met in each unit (rows, columns, boxes; spare entries as in `used`):
    /// where the search keeps failing.
    weights: [u16; UNITS],
    cells: [u8; CELLS],
    open: [u8; CELLS],
    pos: [u8; CELLS],
    frames: Vec<Frame, CELLS>,
}

/// Guesses before the first restart: just past the most any published puzzle takes
/// (1,020), which a restart would only delay. Measured on 608 random symmetric copies of
/// the costliest inputs of the first searches against this engine (before and with a first
/// version of its strong mode): with the first restart at 1,024,
/// at most 17,587 guesses (at 1,536, 2,048 and 3,072, with ties between cells broken the
/// other way: 17,003, 49,360 and 26,169; without restarts, 482,246); 1,024 also kept the
/// hostile inputs of `tests/adversarial.rs` under their bound of 2,000.
const STRONG_AFTER: u32 = 1024;

/// A frame's `cell` at or above this is a placement frame: `cell - PLACEMENT` is a unit,
/// and `untried` holds the places in it (bits 0..9) that are left to try for a digit
/// (bits 12..16: the digit less 1).
const PLACEMENT: u8 = 0x80;

/// The cell and digit bit of a placement frame's guess: `code` and `untried` as in the frame
/// (see [`PLACEMENT`]), `place` the bit of the place tried.
#[cold]
#[inline(never)]
fn placement(code: u8, untried: u16, place: u16) -> (u8, u16) {
    let cells = UNIT_CELLS
        .get(usize::from(code & !PLACEMENT))
        .unwrap_or(&[0; 9]);
    let cell = cells
        .get(place.trailing_zeros() as usize)
        .copied()
        .unwrap_or(0);
    (cell, (1u16 << ((untried >> 12) & 15)) & ALL)
}

/// The digits of exactly one of three sets.
#[inline(always)]
const fn alone([a, b, c]: [u16; 3]) -> u16 {
    (a | b | c) & !((a & b) | (a & c) | (b & c))
}

/// No cell: a value of [`Engine::conflict`] that never matches an open cell.
const NO_CELL: u8 = u8::MAX;

impl Engine {
    /// A search over the empty board: a valid starting value for [`Engine::reset`].
    const EMPTY: Engine = Engine {
        cells: [0; CELLS],
        used: [0; UNITS],
        open: identity(),
        pos: identity(),
        n_open: CELLS as u8,
        last_guess: NO_CELL,
        conflict: NO_CELL,
        frames: Vec::new(),
        stats: Stats::EMPTY,
        weights: [0; UNITS],
        strong: false,
        solved: false,
        restarts: 0,
        limit: STRONG_AFTER,
        root: CELLS as u8,
    };

    /// [`Engine::EMPTY`]. A copy of the constant, which is the cheapest start for this small
    /// state (building it field by field costs 170 more bytes of stack on a Cortex-M0).
    #[inline(always)]
    pub(crate) const fn empty() -> Engine {
        Engine::EMPTY
    }

    /// Restarts the search, in place, over `grid` with the cells that have a bit of `blank`
    /// emptied (see [`Propagate::reset_grid`](super::Propagate::reset_grid)). Returns
    /// whether two givens may share a digit in a unit (then the caller must not search;
    /// [`Board::conflict`] says where).
    pub(crate) fn reset_grid(&mut self, grid: &[u8; CELLS], blank: u8) -> bool {
        let mut conflict = false;
        for (cell, &value) in self.cells.iter_mut().zip(grid) {
            *cell = if value & blank != 0 { 0 } else { value };
        }
        self.used = [0; UNITS];
        self.n_open = 0;
        self.last_guess = NO_CELL;
        self.conflict = NO_CELL;
        self.frames.clear();
        self.stats = Stats::EMPTY;
        self.strong = false;
        self.solved = false;
        self.restarts = 0;
        self.limit = STRONG_AFTER;
        for (cell, &digit) in self.cells.iter().enumerate() {
            if digit == 0 {
                if let Some(slot) = self.open.get_mut(usize::from(self.n_open)) {
                    *slot = cell as u8;
                }
                self.pos[cell] = self.n_open;
                self.n_open += 1;
            } else {
                let bit = (1u16 << (digit & 15)) >> 1;
                for unit in units(cell) {
                    conflict |= self.used[slot(unit)] & bit != 0;
                    self.used[slot(unit)] |= bit;
                }
            }
        }
        self.root = self.n_open;
        conflict
    }

    /// Takes `digit` from the candidates of the open `cell`, right after a reset, by making
    /// the cell's other candidates the search's first guess (so the hot path pays nothing
    /// for it). False if no other candidate is left: there is nothing to search.
    pub(crate) fn exclude(&mut self, cell: usize, digit: u8) -> bool {
        let candidates = self.open_candidates_at(cell).unwrap_or(0);
        let others = candidates & !((1u16 << (digit & 15)) >> 1);
        if others == 0 || !self.push_frame(cell, others) {
            return false;
        }
        // A restart would drop this frame, and with it the exclusion: these short searches
        // never restart.
        self.limit = u32::MAX;
        self.next_guess()
    }

    /// The candidates of `cell` (bit d-1 for digit d), if it is open. Out of line on
    /// bare-metal targets, where the generator's fill and checks share it.
    #[cfg_attr(target_os = "none", inline(never))]
    pub(crate) fn open_candidates_at(&self, cell: usize) -> Option<u16> {
        match self.cells.get(cell) {
            Some(0) => Some(self.candidates(cell)),
            _ => None,
        }
    }

    /// Pushes a frame on `cell` with the guesses `untried` left, to be undone to the
    /// current mark; false if the stack is full. Out of line on bare-metal targets, as
    /// [`Engine::open_candidates_at`].
    #[cfg_attr(target_os = "none", inline(never))]
    fn push_frame(&mut self, cell: usize, untried: u16) -> bool {
        let frame = Frame {
            cell: cell as u8,
            mark: self.n_open,
            untried,
        };
        self.frames.push(frame).is_ok()
    }

    /// Makes the search strong from the start and for good (no restart), with the choice
    /// of guess of restart `restarts` (see [`Engine::choose`]): for tests of the strong
    /// mode, which only inputs built to be hard reach otherwise.
    #[cfg(test)]
    pub(crate) fn force_strong(&mut self, restarts: u8) {
        self.strong = true;
        self.restarts = restarts;
        self.limit = u32::MAX;
    }

    /// The givens plus every digit placed so far.
    pub(crate) fn board(&self) -> Board {
        // Every cell holds 0..=9 by construction, so this cannot fail.
        Board::from_cells(self.cells).unwrap_or(Board::EMPTY)
    }

    pub(crate) fn stats(&self) -> Stats {
        self.stats
    }

    /// Propagates to a fixed point; at a branch, pushes a frame for the chosen cell and
    /// places its lowest digit.
    pub(crate) fn expand(&mut self) -> Expand {
        match self.propagate() {
            Node::Contradiction => {
                self.conflict = self.last_guess;
                Expand::Contradiction
            }
            Node::Solved => {
                self.solved = true;
                Expand::Solved
            }
            Node::Branch { cell, candidates } => {
                if self.frames.is_empty() {
                    self.root = self.n_open;
                }
                let frame = Frame {
                    cell,
                    mark: self.n_open,
                    untried: candidates,
                };
                if self.frames.push(frame).is_err() {
                    // Unreachable: every frame fills at least one of the 81 cells.
                    return Expand::Exhausted;
                }
                self.stats.max_depth = self.stats.max_depth.max(self.frames.len() as u8);
                self.next_guess();
                Expand::Branched
            }
        }
    }

    /// The cell to guess on: the last conflict's while it is open (see the module docs),
    /// else `cell`, with its candidates (less `gone`'s).
    #[inline(never)]
    fn last_conflict_first(&mut self, cell: u8, candidates: u16, gone: Option<&Gone>) -> Node {
        if self.last_guess == self.conflict {
            self.conflict = NO_CELL;
        }
        let conflict = usize::from(self.conflict);
        let (cell, candidates) = match self.cells.get(conflict) {
            Some(0) => {
                let gone = gone.map_or(0, |gone| gone_at(gone, conflict));
                (self.conflict, self.candidates(conflict) & !gone)
            }
            _ => (cell, candidates),
        };
        Node::Branch { cell, candidates }
    }

    /// Undoes the top frame's last guess and places its next untried digit, dropping the
    /// frame once its last digit is placed (that placement is then undone with the parent).
    /// False if no frame is left: the search is over.
    pub(crate) fn next_guess(&mut self) -> bool {
        if !self.solved
            && self.stats.guesses >= self.limit
            && !self.frames.is_empty()
            && self.restart()
        {
            return true;
        }
        let Some(frame) = self.frames.last_mut() else {
            return false;
        };
        let Frame {
            cell,
            mark,
            untried,
        } = *frame;
        let bit = untried & untried.wrapping_neg();
        frame.untried = untried & !bit;
        if frame.untried & ALL == 0 {
            self.frames.pop();
        }
        self.undo_to(mark);
        self.stats.guesses = self.stats.guesses.saturating_add(1);
        let (cell, bit) = if cell < PLACEMENT {
            (cell, bit)
        } else {
            placement(cell, untried, bit)
        };
        self.last_guess = cell;
        self.place(cell as usize, bit);
        true
    }

    /// Starts again, strong, from the last branch without an open guess, with twice the
    /// budget of guesses and no last conflict (it belongs to the order of the search that
    /// ends: kept, it drew the next one back there, and a search bred an input on that,
    /// 5,508 guesses against 1,582); false (nothing done) when restarts are over: the 20th
    /// restart's phase runs to the end (`limit` is then `u32::MAX`), so that the search
    /// always ends.
    #[cold]
    #[inline(never)]
    fn restart(&mut self) -> bool {
        if self.limit == u32::MAX {
            return false;
        }
        if !self.strong {
            self.weights = [0; UNITS];
        }
        self.strong = true;
        self.restarts = self.restarts.saturating_add(1);
        self.limit = restart_limit(self.restarts, self.stats.guesses, STRONG_AFTER);
        self.conflict = NO_CELL;
        self.frames.clear();
        self.undo_to(self.root);
        true
    }

    /// Counts a contradiction in each unit of `units`.
    #[inline(never)]
    fn blame(&mut self, units: &[usize]) {
        for &unit in units {
            let weight = &mut self.weights[slot(unit)];
            *weight = weight.saturating_add(1);
        }
    }

    #[inline(always)]
    fn candidates(&self, cell: usize) -> u16 {
        let [row, col, square] = units(cell);
        !(self.used[slot(row)] | self.used[slot(col)] | self.used[slot(square)]) & ALL
    }

    /// Places the digit `bit` (a single bit) in the open `cell` and moves the cell to the
    /// front of the placed part of `open`.
    #[inline(always)]
    fn place(&mut self, cell: usize, bit: u16) {
        let last = self.n_open.wrapping_sub(1);
        let (Some(value), Some(&here), Some(&moved)) = (
            self.cells.get_mut(cell),
            self.pos.get(cell),
            self.open.get(usize::from(last)),
        ) else {
            return;
        };
        *value = bit.trailing_zeros() as u8 + 1;
        for unit in units(cell) {
            self.used[slot(unit)] |= bit;
        }
        if let Some(slot) = self.open.get_mut(usize::from(here)) {
            *slot = moved;
        }
        if let Some(slot) = self.pos.get_mut(usize::from(moved)) {
            *slot = here;
        }
        if let Some(slot) = self.open.get_mut(usize::from(last)) {
            *slot = cell as u8;
        }
        if let Some(slot) = self.pos.get_mut(cell) {
            *slot = last;
        }
        self.n_open = last;
    }

    /// [`Engine::place`] out of line, for the strong mode, so that its hot copies stay in
    /// the normal mode's loops only.
    #[inline(never)]
    fn place_strong(&mut self, cell: usize, bit: u16) {
        self.place(cell, bit);
    }

    /// Reopens every cell placed since `n_open` was `mark`.
    fn undo_to(&mut self, mark: u8) {
        let placed = self.open.get(usize::from(self.n_open)..usize::from(mark));
        for &cell in placed.unwrap_or_default() {
            let cell = usize::from(cell);
            let Some(value) = self.cells.get_mut(cell) else {
                continue;
            };
            let keep = !((1u16 << (*value & 15)) >> 1);
            *value = 0;
            for unit in units(cell) {
                self.used[slot(unit)] &= keep;
            }
        }
        self.n_open = mark;
    }

    /// Propagates to a fixed point and says what the node is: singles, and in the strong
    /// mode locked candidates too.
    fn propagate(&mut self) -> Node {
        if self.strong {
            return self.propagate_strong();
        }
        match self.singles() {
            Ok((cell, candidates)) => self.last_conflict_first(cell, candidates, None),
            Err(node) => node,
        }
    }

    /// The strong mode's propagation: singles, then locked candidates (a digit confined to
    /// one line in a box, or to one box in a line, leaves the rest of the other unit) and
    /// the singles they make, to a fixed point, with a matching in every unit; then a
    /// guess (see [`Engine::choose`], which places those singles and checks the
    /// matchings). The eliminations live on the stack for this node only, so there is
    /// nothing to undo, and the normal mode does not pay for them.
    #[inline(never)]
    fn propagate_strong(&mut self) -> Node {
        // What goes stays gone as digits are placed: placements only add to what is known.
        let mut gone = [0u16; CELLS];
        loop {
            if let Err(node) = self.singles() {
                return node;
            }
            while self.locked(&mut gone) {}
            match self.choose(&gone) {
                Some(Node::Branch { cell, candidates }) => {
                    return self.last_conflict_first(cell, candidates, Some(&gone));
                }
                Some(node) => return node,
                None => {}
            }
        }
    }

    /// The strong mode's choice of guess, with the candidates in `gone` taken out: on the
    /// first restart and every other one after it, the open cell with the fewest candidates
    /// per weight of its units (one more than the contradictions met in them; "dom/wdeg");
    /// on the others, the digit and unit with the fewest places left instead (as a
    /// placement frame's `cell` and `untried`, see [`PLACEMENT`]) if it has fewer places
    /// than that cell has candidates. Ties go to the first found. `None` after placing
    /// singles: the first one met (a cell with one candidate, or a digit with one place in
    /// a unit), then every cell left with one candidate that the rest of the rows hold,
    /// and nothing else. The contradiction, if the scan meets one first: a cell without
    /// candidate (also after placing singles), a digit without place or a unit without a
    /// matching (see [`has_matching`]).
    #[inline(never)]
    fn choose(&mut self, gone: &Gone) -> Option<Node> {
        // Above any count of candidates (at most 9), and small enough that the products
        // cannot overflow.
        let (mut best_count, mut best_weight) = (10u32, 1u32);
        let mut cell_choice = (0u8, 0u16);
        let (mut fewest, mut place_choice) = (u32::MAX, (0u8, 0u16));
        let mut placed = false;
        for (unit, cells) in UNIT_CELLS.iter().enumerate() {
            // Once a single is placed, only rows are left to scan (see below).
            if placed && unit >= 9 {
                break;
            }
            let mut sets = [0u16; 9];
            // Each digit's places in the unit, for the matching: a placed digit's is its cell.
            let mut all = [0u32; 9];
            for (k, (set, &cell)) in sets.iter_mut().zip(cells).enumerate() {
                let cell = usize::from(cell);
                match self.cells.get(cell) {
                    Some(0) => {}
                    Some(&digit) => {
                        if let Some(places) = all.get_mut(usize::from(digit).wrapping_sub(1)) {
                            *places = 1 << k;
                        }
                        continue;
                    }
                    None => continue,
                }
                let candidates = self.candidates(cell) & !gone_at(gone, cell);
                *set = candidates;
                // Each open cell once, in its row.
                if unit >= 9 {
                    continue;
                }
                if candidates & candidates.wrapping_sub(1) == 0 {
                    if candidates == 0 {
                        self.blame(&units(cell));
                        return Some(Node::Contradiction);
                    }
                    self.place_strong(cell, candidates);
                    placed = true;
                    continue;
                }
                let count = candidates.count_ones();
                let weight = units(cell)
                    .iter()
                    .fold(1, |sum, &unit| sum + u32::from(self.weights[slot(unit)]));
                if count * best_weight < best_count * weight {
                    (best_count, best_weight) = (count, weight);
                    cell_choice = (cell as u8, candidates);
                }
            }
            // Once a single is placed, what was read before may be out of date: the rest
            // of the scan only places the cells left with one candidate, each open cell
            // being read in its row. (The rows' cells still update the choice of guess
            // above, which is then dropped: skipping that cost 16 bytes of Cortex-M0
            // flash for a few instructions a cell.)
            if placed {
                continue;
            }
            let mut missing = !self.used[slot(unit)] & ALL;
            while missing != 0 {
                let digit = missing & missing.wrapping_neg();
                missing &= !digit;
                let mut places = 0u16;
                for (k, set) in sets.iter().enumerate() {
                    if set & digit != 0 {
                        places |= 1 << k;
                    }
                }
                if let Some(slot) = all.get_mut(digit.trailing_zeros() as usize) {
                    *slot = places.into();
                }
                match places.count_ones() {
                    0 => {
                        self.blame(&[unit]);
                        return Some(Node::Contradiction);
                    }
                    1 => {
                        let cell = cells.get(places.trailing_zeros() as usize);
                        self.place_strong(usize::from(cell.copied().unwrap_or(0)), digit);
                        placed = true;
                        break;
                    }
                    count if count < fewest => {
                        fewest = count;
                        let digit = (digit.trailing_zeros() as u16) << 12;
                        place_choice = (PLACEMENT | unit as u8, places | digit);
                    }
                    _ => {}
                }
            }
            if !placed && !has_matching::<16>(&all) {
                self.blame(&[unit]);
                return Some(Node::Contradiction);
            }
        }
        if placed {
            return None;
        }
        let (cell, candidates) = if self.restarts & 1 == 0 && fewest < best_count {
            place_choice
        } else {
            cell_choice
        };
        Some(Node::Branch { cell, candidates })
    }

    /// Takes locked candidates out of `gone`: for each line (row or column) and each of its
    /// three segments (its cells in one box), a digit that the line has in that segment
    /// only leaves the rest of the box, and a digit that the box has in that segment only
    /// leaves the rest of the line. Returns whether a candidate went.
    #[inline(never)]
    fn locked(&self, gone: &mut Gone) -> bool {
        let mut changed = false;
        // Three lines at a time (a band's rows, a stack's columns: units 0..9 and 9..18),
        // as a 3 x 3 grid of segments: lines by boxes.
        for lines in UNIT_CELLS.get(..18).unwrap_or_default().chunks_exact(3) {
            let mut segments = [[0u16; 3]; 3];
            for (line, segment) in lines.iter().zip(segments.iter_mut()) {
                for (slot, cells) in segment.iter_mut().zip(line.chunks_exact(3)) {
                    for &cell in cells {
                        *slot |= self.open_candidates(usize::from(cell), gone);
                    }
                }
            }
            // A digit that line i has in segment j only is claimed there (it leaves the
            // box's other lines); one that box j has in line i only points there (it
            // leaves the line's other boxes).
            let (mut claimed, mut pointed) = ([[0u16; 3]; 3], [[0u16; 3]; 3]);
            let (mut claims, mut points) = ([0u16; 3], [0u16; 3]);
            for i in 0..3 {
                let in_line = alone(segments[i]);
                for j in 0..3 {
                    let in_box = alone([segments[0][j], segments[1][j], segments[2][j]]);
                    claimed[i][j] = segments[i][j] & in_line;
                    pointed[i][j] = segments[i][j] & in_box;
                    claims[j] |= claimed[i][j];
                    points[i] |= pointed[i][j];
                }
            }
            for (i, line) in lines.iter().enumerate() {
                for (j, cells) in line.chunks_exact(3).enumerate() {
                    let out = (claims[j] & !claimed[i][j]) | (points[i] & !pointed[i][j]);
                    changed |= out & segments[i][j] != 0;
                    for &cell in cells {
                        if let Some(slot) = gone.get_mut(usize::from(cell)) {
                            *slot |= out;
                        }
                    }
                }
            }
        }
        changed
    }

    /// The candidates of `cell` less those in `gone` if it is open, none if it is not.
    #[inline(always)]
    fn open_candidates(&self, cell: usize, gone: &Gone) -> u16 {
        match self.cells.get(cell) {
            Some(0) => self.candidates(cell) & !gone_at(gone, cell),
            _ => 0,
        }
    }

    /// Propagates singles to a fixed point. Returns the open cell with the fewest candidates
    /// and its candidates, or the node if it is a contradiction or solved.
    ///
    /// Out of line on bare-metal targets, where the normal and the strong propagation share
    /// one copy (a copy each cost 520 more bytes of Cortex-M0 flash and 150 of stack); in
    /// line elsewhere, where the call cost 5% more instructions (x86-64, callgrind).
    #[cfg_attr(target_os = "none", inline(never))]
    #[cfg_attr(not(target_os = "none"), inline(always))]
    fn singles(&mut self) -> Result<(u8, u16), Node> {
        loop {
            let mut placed = false;
            let mut best_count = u32::MAX;
            let mut best = (0u8, 0u16);
            // Walk down so that `place` (which swaps the last open cell into this slot)
            // never skips a cell.
            let mut i = self.n_open as usize;
            while i > 0 {
                i -= 1;
                let Some(&cell) = self.open.get(i) else {
                    break;
                };
                let cell = usize::from(cell);
                let candidates = self.candidates(cell);
                if candidates & candidates.wrapping_sub(1) == 0 {
                    if candidates == 0 {
                        if self.strong {
                            self.blame(&units(cell));
                        }
                        return Err(Node::Contradiction);
                    }
                    self.place(cell, candidates);
                    placed = true;
                } else if !placed {
                    let count = candidates.count_ones();
                    if count < best_count {
                        best_count = count;
                        best = (cell as u8, candidates);
                    }
                }
            }
            if self.n_open == 0 {
                return Err(Node::Solved);
            }
            if placed {
                continue;
            }
            match self.hidden_singles() {
                None => return Err(Node::Contradiction),
                Some(true) => continue,
                Some(false) => return Ok(best),
            }
        }
    }

    /// Places every digit that has exactly one open cell left in some unit. Returns
    /// `Some(placed_any)`, or `None` on a contradiction (a digit with no place in a unit,
    /// or one cell that is the only place for two digits).
    fn hidden_singles(&mut self) -> Option<bool> {
        let mut placed = false;
        for (unit, cells) in UNIT_CELLS.iter().enumerate() {
            let used = self.used[slot(unit)];
            if used == ALL {
                continue;
            }
            let (mut once, mut twice) = (0u16, 0u16);
            for &cell in cells {
                if self.cells.get(usize::from(cell)) == Some(&0) {
                    let candidates = self.candidates(usize::from(cell));
                    twice |= once & candidates;
                    once |= candidates;
                }
            }
            if once | used != ALL {
                if self.strong {
                    self.blame(&[unit]);
                }
                return None;
            }
            let mut hidden = once & !twice;
            for &cell in cells {
                if hidden == 0 {
                    break;
                }
                let cell = usize::from(cell);
                if self.cells.get(cell) != Some(&0) {
                    continue;
                }
                let here = self.candidates(cell) & hidden;
                if here != 0 {
                    if here & (here - 1) != 0 {
                        return None;
                    }
                    self.place(cell, here);
                    hidden &= !here;
                    placed = true;
                }
            }
            if hidden != 0 {
                return None;
            }
        }
        Some(placed)
    }
}

/// The generator's fill of a random complete grid (compact build) runs on this engine: its
/// placements are the engine's, undone by the engine's code, and its frames are guess
/// frames whose `untried` holds the digits tried. Solving links that code anyway, so the
/// fill adds little flash.
#[cfg(not(feature = "fast"))]
impl Engine {
    /// Copies the cells (0 for an open one) into `grid`.
    pub(crate) fn copy_cells(&self, grid: &mut [u8; CELLS]) {
        *grid = self.cells;
    }

    /// Opens a fill frame on the open `cell`, nothing tried there yet.
    pub(crate) fn push_fill(&mut self, cell: usize) {
        // Never full: each frame holds one of the 81 cells.
        self.push_frame(cell, 0);
    }

    /// Places on the top fill frame's cell the digit that `choose` picks (as a bit) from
    /// its candidates not tried there yet, and records it as tried; with none left, drops
    /// the frame (whose placement is taken back) and returns false.
    pub(crate) fn place_fill(&mut self, choose: impl FnOnce(u16) -> u16) -> bool {
        let Some(&Frame { cell, untried, .. }) = self.frames.last() else {
            return false;
        };
        let cell = usize::from(cell);
        let free = self.open_candidates_at(cell).unwrap_or(0) & !untried;
        if free == 0 {
            self.frames.pop();
            return false;
        }
        let bit = choose(free);
        if let Some(frame) = self.frames.last_mut() {
            frame.untried |= bit;
        }
        self.place_strong(cell, bit);
        true
    }

    /// Takes back the top fill frame's placement (its cell is open again). False if there
    /// is no frame.
    pub(crate) fn undo_fill(&mut self) -> bool {
        let Some(&Frame { mark, .. }) = self.frames.last() else {
            return false;
        };
        self.undo_to(mark);
        true
    }
}
