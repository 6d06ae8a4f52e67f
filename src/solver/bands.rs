//! The fast engine: one 27-bit mask per digit and band, locked candidates by table lookup,
//! and a copy of the state per guess. Used with the `fast` feature (the default).
//!
//! ```text
//!            band 0                band 1                band 2
//!  rows 0-2 of the board  rows 3-5              rows 6-8
//!
//!  bit of a band mask:    col 0 1 2   3 4 5   6 7 8
//!                  row 0 ( 0  1  2 |  3  4  5 |  6  7  8)   <- 9 bits per row: a row field
//!                  row 1 ( 9 10 11 | 12 13 14 | 15 16 17)   <- 3 bits per box: a minirow
//!                  row 2 (18 19 20 | 21 22 23 | 24 25 26)
//!
//! poss[3 * digit + band]  u32  cells of the band where digit (0..9) can still go; a placed
//!                              digit keeps its own cell, so a solved grid is 9 x 3 masks
//!                              holding each cell exactly once
//! unsolved[band]          u32  cells of the band with no digit placed yet
//! prev[27]                u32  poss as of the last update of that mask (a changed mask
//!                              is pending)
//! frames[..81]                 one per open guess: the grid (poss + unsolved, 120 bytes) at
//!                              the branch, the cell, the digits still to try
//! ```
//!
//! Propagation (after JCZSolve, as in the `sudoku` crate): for each changed mask, a lookup
//! keeps only the minirows that fit a permutation of the band's boxes (locked candidates in
//! rows and boxes), a box confined to one column clears that column in the other two bands,
//! and a row left with one cell places the digit there (the cell leaves `unsolved` and the
//! other digits' masks). Between rounds a bit-sliced count over the 9 digits of a band finds
//! cells with no candidate (contradiction), one (naked single) and two (where to guess).
//!
//! The search guesses on a cell with two candidates, and of its two digits tries first the
//! one with more places among the cell's row and box peers: the guess that takes more
//! candidates away, so that a wrong one is refuted sooner ("fail first", from constraint
//! programming). Measured, guesses to the first solution on randomly transformed copies of
//! the shared sets (three seeds) against the lowest digit first: hardest1905_msolve1000
//! 22-26% fewer, plb_hard20 12-18%, the ambiguous set 10-11%, hardest1106 5-8%, top1465 4-7%,
//! hardest1905_11plus 6%; the other digit first (fewer places) took 5-28% more. As written,
//! hardest1905_msolve1000 takes 8% more (its puzzles were collected with solvers that try
//! the lowest digit first, which that order then favours); on cells with three candidates
//! (after a failed guess) fail first took more guesses, so they keep the lowest digit
//! first. The costs in time are in docs/performance.md. Until a guess first fails, it takes
//! the first such cell in the band with the most of them: cheap, and all that a search
//! which never fails needs. After that, it scores the first three such cells of each band
//! and takes the one whose two digits are candidates in the most of its peers
//! (two-candidate peers count three times), since either guess there removes the most
//! candidates. Measured on the shared sets, as they are and randomly transformed: 22-25%
//! fewer guesses on the 17-clue set and top1465, 31-52% fewer on the hardest sets, for
//! about 1 000 more instructions per scored node; the ambiguous set, whose searches rarely
//! fail, keeps its cost. Without a two-candidate cell (at the root of most hard puzzles,
//! and of sparse inputs) it guesses on a digit's placement in a band or stack instead, the
//! second choice of the strong mode below (Tdoku's way of branching): nearly always a
//! choice between two permutations of the digit's minirows or minicolumns, where any cell
//! would offer three digits or more. Measured against the first open cell of a band with
//! the fewest candidates, which it replaced: counting to 2 (the whole tree, whatever the
//! order of its branches), 0-11% fewer instructions on the hard samples; to the first
//! solution on randomly transformed copies, 1-7% fewer guesses on hardest1106 and 1-3% on
//! hardest1905_11plus; on the 85 inputs of `tests/adversarial.rs`, 30 728 guesses in all
//! instead of 80 145, the costliest 1 818 instead of 7 915. As written, the hardest sets
//! take more guesses to the first solution (hardest1106 90 a puzzle instead of 71): the
//! first open cell of a band was a lucky pick for the order they were written in. Every
//! cell frame's cell is placed on the current path, and a placement frame (which fills no
//! cell) is pushed only while the frames plus the open cells stay within 81, so there are
//! at most 81 frames: about 10 KiB in all.
//!
//! From the same point (a guess has failed), each fixed point is also checked for columns
//! and triads, the first of the strong checks below, which then refute a wrong guess
//! sooner: 22-28% fewer guesses on the hardest sets and top1465, for 7-15% less time per
//! puzzle there (to the first solution and to count 2), while a search that never fails
//! pays nothing (the ambiguous set, whose searches often fail once, pays 1-3%). Only the
//! minicolumns' triads at first: the minirows' add little to what the band tables already
//! see (rows and boxes inside a band) and took a third of the triads' time, so they join
//! only after [`ROW_TRIADS_AFTER`] guesses, where a long search is worth refuting sooner
//! (measured: 6-11% less time on the hardest sets to the first solution and to count 2;
//! the sparse hostile inputs, which they refute at once, then cost a few hundred guesses
//! instead of a few dozen, and the costliest of them fewer). The other strong checks cost
//! more than they save at that point (measured: the stacks' locked candidates save no
//! guess for 12-20% more time, hidden pairs save 1-2% of the guesses for 40-75% more time).
//!
//! A guess that fails marks its cell as the last conflict, and the next guess goes back to
//! that cell while it is open ("reasoning from the last conflict", from constraint
//! programming: Lecoutre, Saïs, Tabary and Vidal, 2009), ahead of any other choice, until a
//! guess there no longer fails at once. When every digit of the cell has failed, the search
//! backtracks to the guess before it, and the next digit there is followed by the failed
//! cell again: a guess that had nothing to do with the contradiction is tried once more and
//! left, instead of the whole refutation being repeated below each of its digits. This is
//! a backjump that needs no record of why a candidate went. Outside the strong mode the
//! cell is taken only while it has at most [`LAST_CONFLICT_DIGITS`] candidates. Measured on
//! the committed samples (callgrind, instructions per puzzle): 1-11% fewer to the first
//! solution and 8-24% fewer to count 2 on the hard sets (hardest1905_msolve1000 the most),
//! the easy and ambiguous sets unchanged; and it is what bounds the hostile inputs below.
//!
//! That propagation sees rows and boxes only inside a band, and columns only through a box
//! confined to one column; and a fixed choice of guess has blind spots. Hostile inputs
//! (10-17 random consistent givens, no solution or several) exploit both: a contradiction
//! that only a column, a triad or a set of digits shows stays hidden while the search
//! guesses elsewhere, and the engine needed up to tens of millions of guesses for them. So
//! a search that has made [`STRONG_AFTER`] guesses without reaching a solution starts again
//! from its last branch without an open guess (`root`: everything left to search lies below
//! it, and nothing has been reported yet) in a strong mode that, before each guess, also
//! applies to a fixed point:
//!
//! - columns and triads (Tdoku's idea, our own code): each digit has a place in every
//!   column; a column that has a digit in one band only has it in that band's box; each
//!   minirow and each minicolumn (3 cells of a column in a box) holds exactly 3 digits, so
//!   one with 3 candidate digits holds all of them, one with 3 sure digits (alone in their
//!   row, column or box there) holds no other, and fewer candidates or more sure digits is a
//!   contradiction. One bit-sliced count over the 9 digits, 27 triads at a time.
//! - locked candidates between the bands of a stack: a digit's minicolumns in a stack
//!   must pair its 3 columns with the 3 bands (the bands' table, turned a quarter).
//! - hidden pairs in rows and boxes (two digits with the same two places take both cells).
//! - a matching in every row, column and box: k digits with fewer than k places between
//!   them (3 digits confined to 2 cells, 4 to 3) fail at once instead of at the bottom of
//!   a search that never guesses there.
//!
//! The strong search's choice of guess changes with each restart (the first strong search
//! gets 3 072 guesses, and the budget doubles at each restart), in turn:
//!
//! 1. the scored two-candidate cell as above, and without one, a digit's placement in a
//!    band or stack (Tdoku's way of guessing: of the 6 bands and stacks, the one with the
//!    fewest placements of all its digits left, and in it the digit with the fewest, at
//!    least 2; each branch restricts the digit to one permutation of minirows or
//!    minicolumns);
//! 2. the cell with the fewest candidates for the weight of its row, column and box
//!    ("dom/wdeg", from constraint programming): each contradiction adds one to the
//!    weight of the units where it shows (a digit with no place left, a cell with no
//!    candidate), over every strong search so far. A hostile input hides a small
//!    contradiction (a dozen givens that are refuted in a few dozen guesses) among givens
//!    that draw a fixed choice of guess elsewhere, so that the small refutation is repeated
//!    under every combination of guesses in the wrong place; the weights steer the search
//!    to where the contradictions are, and the first strong search has weighed them;
//! 3. always a digit's placement.
//!
//! Each choice has inputs it is blind on, which a hill-climbing search finds within
//! minutes, but rarely ones that defeat all three; and the guesses from the last conflict
//! (above) come first in every one. A strong node costs about 3x a normal one, and
//! published puzzles never pay it: none of the 116 000 in the shared sets needs more than
//! 750 guesses.
//! Measured (`tools/src/bin/worst.rs` and `tests/adversarial.rs`): the worst inputs found went
//! from 1-59 million guesses (seconds each) to a few thousand (milliseconds); longer
//! searches then found inputs of up to about 230 000 guesses (0.14 s) against every
//! schedule of restarts tried, until the guesses from the last conflict: since, four
//! 30-minute searches found nothing above 3 585 guesses (2 ms; 2 281 since the minirows'
//! triads wait for long searches), and two against that engine nothing above 2 400; since
//! the fail-first order of digits, the costliest input known takes 2 475 and two searches
//! against it found nothing above 2 413; a genetic search (crossover of costly inputs)
//! then bred inputs on which the first two strong choices are blind for thousands of
//! guesses, the costliest 7 915; since the placements where no cell has two candidates
//! (above), those take at most 1 818, and 85 minutes of searches against this engine
//! found nothing above 3 425 (1.0 ms); later searches, 5 633 (3.2 ms), and an independent
//! review's climb over symmetric copies of the known inputs 8 634 (5.8 ms), which the
//! weighted guesses, the first strong search's then, did not refute. Since they come
//! second, it takes 4 521 (2.5 ms); a 40-minute genetic search against this order that
//! turns its inputs found nothing above 4 753 (1.9 ms), and random symmetric copies of
//! the inputs known nothing above 5 853. Since the strong mode starts after 1 024 guesses
//! rather than 1 536, those take 4 240 and 1 323 (0.36 ms), and the same search against
//! it found nothing above 4 245 (docs/robustness.md).
//!
//! Written for the branch predictor as much as for instruction count: the mask updates are
//! unrolled with constant indices, the unpredictable tests (which digit is left in a naked
//! single, the candidates of a cell) are branch-free, and loading a puzzle visits only its
//! givens (found 8 cells at a time), not all 81 cells.

use heapless::Vec;

use super::band_tables::{
    minirow_cells, minirow_key, occupied, BAND, BY_COLUMNS, BY_MINIROWS, COLUMN, FITTING,
    KEEP_IN_BAND, PERMUTATIONS, PERMUTATION_CELLS,
};
use super::matching::has_matching;
use super::{restart_limit, Expand, Stats};
use crate::board::{Board, CELLS};

/// The candidate masks and the open cells: everything a guess must save.
#[derive(Clone, Copy, Debug)]
struct Grid {
    poss: [u32; 27],
    unsolved: [u32; 3],
}

#[derive(Clone, Copy, Debug)]
struct Frame {
    grid: Grid,
    band: u8,
    /// The guessed cell's bit in its band mask.
    bit: u8,
    /// Digits (bit `d` for digit `d + 1`) not yet tried on the cell.
    untried: u16,
}

enum Node {
    Contradiction,
    Solved,
    Branch { band: u8, bit: u8, digits: u16 },
}

/// The band search state (see the module docs). In declaration order (`repr(C)`), so the
/// hot fields share the first few cache lines and the 10 KiB of frames come last.
#[derive(Clone, Debug)]
#[repr(C)]
pub(crate) struct Engine {
    grid: Grid,
    /// `poss` as of each mask's last update: a mask that differs is pending.
    prev: [u32; 27],
    pairs: [u32; 3],
    stats: Stats,
    /// Whether a guess has failed since the reset: it turns on the triads and the scored
    /// choice of guess (see the module docs), except in the generator's checks (`short`).
    failed: bool,
    /// Whether a solution has been reached since the reset.
    solved: bool,
    /// Whether the search is strong: it checks triads, pairs and matchings (see the
    /// module docs).
    strong: bool,
    /// Restarts so far, which pick the choice of guess (see [`Engine::branch`]).
    restarts: u8,
    /// The guess count at which the search restarts if it has found no solution; `u32::MAX`
    /// for never.
    limit: u32,
    /// The grid at the last branch without an open guess: what is left to search.
    root: Grid,
    /// How often each unit (rows, columns, boxes) was found empty of a digit or holding a
    /// cell with no candidate, in strong mode (from its start): where the contradictions
    /// are.
    weights: [u16; 27],
    /// Whether the search is one of the generator's checks ([`Engine::exclude`]): short
    /// searches, which repay neither the triads nor the scored choice of guess that a
    /// failed guess turns on (measured: 7% more instructions, 2-3% more time per generated
    /// puzzle with both). The guesses from the last conflict do apply to them (0.3% more
    /// instructions per generated puzzle, the same puzzles). (Here, it fills padding.)
    short: bool,
    /// The cell (band, bit) of the last guess on a cell; `(NONE, NONE)` after a guess on a
    /// digit's placement.
    last_guess: (u8, u8),
    /// The cell of the last guess that failed and has not been guessed on with success
    /// since: the next guess goes there while it is open (see the module docs), also
    /// across a restart. `(NONE, NONE)` for none.
    conflict: (u8, u8),
    frames: Vec<Frame, CELLS>,
}

impl Engine {
    /// A search over the empty board: a valid starting value for [`Engine::reset_grid`]. Called
    /// at run time it writes only the fields, not the 10 KiB of unused frame storage that a
    /// copy of a constant would also copy.
    #[inline(always)]
    pub(crate) const fn empty() -> Engine {
        Engine {
            grid: Grid {
                poss: [BAND; 27],
                unsolved: [BAND; 3],
            },
            prev: [0; 27],
            pairs: [0; 3],
            frames: Vec::new(),
            stats: Stats::EMPTY,
            failed: false,
            solved: false,
            strong: false,
            short: false,
            last_guess: (NONE, NONE),
            conflict: (NONE, NONE),
            restarts: 0,
            limit: STRONG_AFTER,
            root: Grid {
                poss: [BAND; 27],
                unsolved: [BAND; 3],
            },
            weights: [0; 27],
        }
    }

    /// Restarts the search, in place, over `cells` with those that have a bit of `blank`
    /// emptied (see [`Propagate::reset_grid`](super::Propagate::reset_grid); with `blank`
    /// = 0, as for a board, the masking folds away). Returns whether two givens may share
    /// a digit in a unit (then the caller must not search; [`Board::conflict`] says where).
    #[inline(always)]
    pub(crate) fn reset_grid(&mut self, cells: &[u8; CELLS], blank: u8) -> bool {
        // Only the givens are visited: their cells come from a bit per nonzero byte, 8
        // bytes at a time (a 17-given puzzle takes 17 trips round the loop, not 81).
        let last = cells[CELLS - 1];
        let mut nonzero = u128::from(last != 0 && last & blank == 0) << (CELLS - 1);
        // The top bit of each nonzero byte of a word.
        let low = 0x7f7f_7f7f_7f7f_7f7f;
        let tops = |word: u64| ((word & low).wrapping_add(low) | word) & !low;
        let blanks = u64::from(blank) * 0x0101_0101_0101_0101;
        for (chunk, bytes) in cells.chunks_exact(8).enumerate() {
            let mut word = [0u8; 8];
            word.copy_from_slice(bytes);
            let word = u64::from_le_bytes(word);
            // Those 8 bits gathered into one byte, less the blanked bytes'.
            let high = tops(word) & !tops(word & blanks);
            let bits = (high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
            nonzero |= u128::from(bits) << (8 * chunk);
        }
        // `given`: each digit's givens per band; `keep`: what those givens leave possible
        // for their digit in the band (their row and box peers go). Values above 9, which
        // a board never holds, would go to the spare slots 27... (32 of them, so that an
        // index masked to 5 bits is in range).
        let mut given = [0u32; 32];
        let mut keep = [BAND; 32];
        let mut filled = [0u32; 3];
        for (band, row_cells) in cells.chunks_exact(27).enumerate() {
            let mut rest = (nonzero >> (27 * band)) as u32 & BAND;
            filled[band % 3] = rest;
            while rest != 0 {
                let bit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let value = row_cells.get(bit).copied().unwrap_or(0);
                let slot = (SLOT[value as usize & 15] + band % 3) & 31;
                given[slot] |= 1 << bit;
                keep[slot] &= KEEP_IN_BAND[bit & 31];
            }
        }
        let unsolved = [BAND & !filled[0], BAND & !filled[1], BAND & !filled[2]];
        // Written in place: building a grid to copy in would load its masks right after
        // storing them, 16 bytes at a time over 4-byte stores, which stalls.
        self.grid.unsolved = unsolved;
        // Bits of givens that another given of their digit takes away: a conflict.
        let mut lost = 0;
        let rows = self.grid.poss.chunks_exact_mut(3);
        for ((poss, given), keep) in rows.zip(given.chunks_exact(3)).zip(keep.chunks_exact(3)) {
            // Open cells and the digit's own givens, less their row and box peers and, in
            // the other bands, their columns (cleared now rather than by the first updates:
            // fewer rounds of propagation). A given that loses its own cell shares a unit
            // with another given of its digit.
            let (a, b, c) = (fold(given[0]), fold(given[1]), fold(given[2]));
            poss[0] = (unsolved[0] | given[0]) & keep[0] & !column_cells(b | c);
            poss[1] = (unsolved[1] | given[1]) & keep[1] & !column_cells(a | c);
            poss[2] = (unsolved[2] | given[2]) & keep[2] & !column_cells(a | b);
            lost |= (given[0] & !poss[0]) | (given[1] & !poss[1]) | (given[2] & !poss[2]);
        }
        let conflict = lost != 0;
        // All masks pending: the first update visits each one.
        self.prev = [0; 27];
        self.pairs = [0; 3];
        self.frames.clear();
        self.stats = Stats::EMPTY;
        self.failed = false;
        self.solved = false;
        self.strong = false;
        self.short = false;
        self.restarts = 0;
        self.limit = STRONG_AFTER;
        self.last_guess = (NONE, NONE);
        self.conflict = (NONE, NONE);
        conflict
    }

    /// Restarts the search, in place, on a grid whose every cell is open, where digit `d`
    /// (0..9) may go only in the cells of `places[3 * d + band]` (band masks, as `poss`): a
    /// pencil-mark grid. Every mask is pending, an empty one too, so that the first update
    /// finds a digit without a place in a band.
    pub(crate) fn reset_places(&mut self, places: &[u32; 27]) {
        self.reset_grid(&[0; CELLS], 0);
        for (mask, &allowed) in self.grid.poss.iter_mut().zip(places) {
            *mask &= allowed;
        }
        self.prev = [u32::MAX; 27];
    }

    /// Takes `digit` from the candidates of the open `cell`, before the first expansion
    /// (every mask is still pending then). Always true: propagation finds a cell left with
    /// no candidate.
    pub(crate) fn exclude(&mut self, cell: usize, digit: u8) -> bool {
        self.short = true;
        let band = cell / 27;
        let index = 3 * usize::from(digit.wrapping_sub(1)) + band;
        let unsolved = self.grid.unsolved.get(band).copied().unwrap_or(0);
        if let Some(mask) = self.grid.poss.get_mut(index) {
            *mask &= !(unsolved & (1 << (cell % 27)));
        }
        true
    }

    /// The givens plus every digit placed so far.
    pub(crate) fn board(&self) -> Board {
        // A digit is placed at most once per row, so at most 3 times per band mask: three
        // unrolled steps, without a loop's branches. A step past the last placed cell
        // writes slot 32 (the trailing zeros of 0), which is not copied out.
        let mut bands = [[0u8; 33]; 3];
        for (digit, masks) in self.grid.poss.chunks_exact(3).enumerate() {
            for ((cells, &mask), &open) in bands.iter_mut().zip(masks).zip(&self.grid.unsolved) {
                let value = digit as u8 + 1;
                let mut placed = mask & !open;
                for _ in 0..3 {
                    if let Some(cell) = cells.get_mut(placed.trailing_zeros() as usize) {
                        *cell = value;
                    }
                    placed &= placed.wrapping_sub(1);
                }
            }
        }
        let mut cells = [0u8; CELLS];
        for (cells, band) in cells.chunks_exact_mut(27).zip(&bands) {
            cells.copy_from_slice(&band[..27]);
        }
        // Every value is 0..=9, so this cannot fail.
        Board::from_cells(cells).unwrap_or(Board::EMPTY)
    }

    pub(crate) fn stats(&self) -> Stats {
        self.stats
    }

    /// Propagates to a fixed point; at a branch, saves the grid on the stack and tries the
    /// chosen cell's first digit ([`Engine::first_digit`]). Inlined into the step loop, its
    /// one caller, which the compiler had stopped doing (0.1-0.8% more instructions).
    #[inline(always)]
    pub(crate) fn expand(&mut self) -> Expand {
        match self.propagate() {
            Node::Contradiction => {
                self.failed = true;
                if self.last_guess.0 < 3 {
                    self.conflict = self.last_guess;
                }
                if self.strong {
                    self.blame();
                }
                Expand::Contradiction
            }
            Node::Solved => {
                self.solved = true;
                Expand::Solved
            }
            Node::Branch { band, bit, digits } => {
                if self.last_guess == self.conflict {
                    self.conflict = (NONE, NONE);
                }
                if self.frames.is_empty() {
                    self.root = self.grid;
                }
                // Try one digit now, keep the others for later.
                let first = self.first_digit(band, bit, digits);
                let frame = Frame {
                    grid: self.grid,
                    band,
                    bit,
                    untried: digits & !first,
                };
                if self.frames.push(frame).is_err() {
                    // Unreachable: each frame's cell is placed on the current path.
                    return Expand::Exhausted;
                }
                self.stats.max_depth = self.stats.max_depth.max(self.frames.len() as u8);
                self.guess(band, bit, first);
                Expand::Branched
            }
        }
    }

    /// Restores the top frame's grid and tries its next digit, dropping the frame when
    /// that digit is its last. False if no frame is left: the search is over.
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
        let (band, bit, untried) = (frame.band, frame.bit, frame.untried);
        let digit = untried & untried.wrapping_neg();
        frame.untried = untried & !digit;
        self.grid = frame.grid;
        // The saved grid was at a fixed point: nothing is pending. (Copied from the frame,
        // not from the grid just written: a load that spans two fresh stores would stall.)
        self.prev = frame.grid.poss;
        if frame.untried == 0 {
            self.frames.pop();
        }
        self.guess(band, bit, digit);
        true
    }

    /// Starts again, strong, from the last branch without an open guess: everything left to
    /// search is below it, and no solution has been reported yet. Each restart switches the
    /// choice of guess and doubles the budget; the 20th restart's phase runs to the end
    /// (`limit` is then `u32::MAX`, and this returns false), so that the search always ends.
    #[cold]
    #[inline(never)]
    fn restart(&mut self) -> bool {
        if self.limit == u32::MAX {
            return false;
        }
        if !self.strong {
            self.weights = [0; 27];
        }
        self.strong = true;
        self.restarts = self.restarts.saturating_add(1);
        self.limit = restart_limit(self.restarts, self.stats.guesses, STRONG_BUDGET);
        self.frames.clear();
        self.grid = self.root;
        self.prev = self.root.poss;
        true
    }

    /// Places `digit` (a single bit) on the cell `bit` of `band`; propagation does the rest.
    ///
    /// A strong search also branches on the placement of one digit in a band or a stack
    /// ([`Engine::placements`]): then `band` is [`IN_BAND`] or [`IN_STACK`] plus the band or
    /// stack, `bit` the digit, and `digit` the permutation (one bit).
    fn guess(&mut self, band: u8, bit: u8, digit: u16) {
        self.stats.guesses = self.stats.guesses.saturating_add(1);
        let choice = digit.trailing_zeros() as usize;
        if band < IN_BAND {
            self.last_guess = (band, bit);
            // `choice` is a digit (a frame's digits are 9 bits), so the mask exists.
            if let Some(mask) = self.grid.poss.get_mut(3 * choice + band as usize % 3) {
                *mask &= KEEP_IN_BAND[bit as usize & 31];
            }
            return;
        }
        self.last_guess = (NONE, NONE);
        let (which, digit, p) = (band as usize & 3, bit as usize % 9, choice % 6);
        if band < IN_STACK {
            self.grid.poss[3 * digit + which % 3] &= PERMUTATION_CELLS[p];
        } else {
            // Column `c` of the stack goes to band `PERMUTATIONS[p][c]`.
            for (column, &to) in PERMUTATIONS[p].iter().enumerate() {
                for band in 0..3 {
                    if band != to as usize {
                        let cells = column_cells(1 << (3 * (which % 3) + column));
                        self.grid.poss[3 * digit + band] &= !cells;
                    }
                }
            }
        }
    }

    /// Whether a guess on a digit's placement may be pushed: such a frame fills no cell, so
    /// it is taken only while the frames plus the open cells stay within 81, the frames'
    /// capacity.
    fn room_for_placement(&self) -> bool {
        let open = self
            .grid
            .unsolved
            .iter()
            .map(|u| u.count_ones())
            .sum::<u32>();
        self.frames.len() as u32 + 1 + open <= CELLS as u32
    }

    /// The digit of a band or stack with the fewest placements left (at least 2), in the
    /// band or stack with the fewest placements in all: Tdoku's choice of guess, whose
    /// branches split the search along a whole band. `None` if every digit is placed.
    #[inline(never)]
    fn placements(&self) -> Option<Node> {
        let poss = &self.grid.poss;
        // (total, digit count, kind | which, digit, permutations)
        let mut best: Option<(u32, u32, u8, u8, u16)> = None;
        for which in 0..6usize {
            let (mut total, mut pick) = (0u32, (u32::MAX, 0u8, 0u16));
            for digit in 0..9 {
                let fits = if which < 3 {
                    FITTING[occupied(poss[3 * digit + which])]
                } else {
                    let shift = 3 * (which - 3);
                    let cols = |band: usize| fold(poss[3 * digit + band]) >> shift & 7;
                    FITTING[(cols(0) | cols(1) << 3 | cols(2) << 6) as usize]
                };
                let count = fits.count_ones();
                total += count;
                if count >= 2 && count < pick.0 {
                    pick = (count, digit as u8, u16::from(fits));
                }
            }
            if pick.0 == u32::MAX {
                continue;
            }
            if best.is_none_or(|b| total < b.0) {
                let kind = if which < 3 { IN_BAND } else { IN_STACK };
                best = Some((total, pick.0, kind | (which % 3) as u8, pick.1, pick.2));
            }
        }
        best.map(|(_, _, band, digit, perms)| Node::Branch {
            band,
            bit: digit,
            digits: perms,
        })
    }

    /// Propagates to a fixed point and says what the node is (once a guess has failed,
    /// with columns and triads; in strong mode, with all the strong checks of the module
    /// docs).
    #[inline(always)]
    fn propagate(&mut self) -> Node {
        loop {
            if !self.update() {
                return Node::Contradiction;
            }
            if self.grid.unsolved == [0; 3] {
                return Node::Solved;
            }
            match self.naked_singles() {
                None => return Node::Contradiction,
                Some(true) => continue,
                Some(false) if !(self.strong || self.failed && !self.short) => break,
                Some(false) => {}
            }
            let triads = if self.strong || self.stats.guesses >= ROW_TRIADS_AFTER {
                self.triads::<true>()
            } else {
                self.triads::<false>()
            };
            match triads {
                None => return Node::Contradiction,
                Some(true) => continue,
                Some(false) if !self.strong => break,
                Some(false) => {}
            }
            match self.stacks() {
                None => return Node::Contradiction,
                Some(true) => continue,
                Some(false) => {}
            }
            match self.hidden_pairs() {
                None => return Node::Contradiction,
                Some(true) => continue,
                Some(false) => {}
            }
            if !self.units_match() {
                return Node::Contradiction;
            }
            break;
        }
        self.branch()
    }

    /// Applies [`Engine::update_mask`] to every changed mask until none changes. False on
    /// a contradiction.
    fn update(&mut self) -> bool {
        loop {
            let mut changed = false;
            // Unrolled, so that each mask's index and neighbours are constants. An update
            // writes its digit's masks in the other bands (columns) and the other digits'
            // masks in its band (solved cells), late in a chain of dependent steps; so no
            // three masks in a row here share a digit or a band, and the next updates need
            // not wait for those writes (measured: 2-7% less time than digit by digit).
            // After an update, the state is passed to `black_box`, which the compiler must
            // assume reads and writes it: without that, it kept every mask loaded by a
            // comparison in a register (or a stack slot) through the rest of the unrolled
            // scan, for the later updates to use instead of their own loads, at the cost of
            // a copy on every comparison and of read-modify-writes split in two (measured:
            // 10-18% more instructions on every sample, though in time only up to 3.5% on
            // easy puzzles and nothing on hard ones: the copies were cheap).
            macro_rules! visit {
                ($($index:literal)*) => {$(
                    if self.grid.poss[$index] != self.prev[$index] {
                        changed = true;
                        if !self.update_mask($index) {
                            return false;
                        }
                        core::hint::black_box(&mut *self);
                    }
                )*};
            }
            visit!(0 10 20 3 13 23 6 16 26 9 19 2 12 22 5 15 25 8 18 1 11 21 4 14 24 7 17);
            if !changed {
                return true;
            }
        }
    }

    /// Locked candidates, column clearing and row singles for one digit in one band.
    #[inline(always)]
    fn update_mask(&mut self, index: usize) -> bool {
        let old = self.grid.poss[index];
        let by_minirows = BY_MINIROWS[minirow_key(old)];
        let poss = old & by_minirows as u32;
        if poss == 0 {
            return false;
        }
        self.grid.poss[index] = poss;
        self.prev[index] = poss;

        let cols = fold(poss);
        let by_columns = BY_COLUMNS[cols as usize];
        let keep = by_columns as u32;
        let (band, first) = (index % 3, index - index % 3);
        // For bands 0 and 2 the other two masks are neighbours, and the compiler merged
        // their updates into one 8-byte load and store. That load, over masks just written
        // 4 bytes at a time, must wait for those stores to reach the cache (measured: 2-5%
        // slower overall). `old >> 31` is always 0: it only makes the two updates differ.
        // (Band 2's were left apart once, and merged again by rustc 1.95, with five vector
        // instructions for two updates: checked in the generated code, where no 8-byte
        // access of masks is left.)
        self.grid.poss[first + (band + 1) % 3] &= keep;
        let apart = if band != 1 { old >> 31 } else { 0 };
        self.grid.poss[first + (band + 2) % 3] &= keep | apart;

        // A minirow in every fitting permutation, in a box confined to one column: the
        // digit's cell in that row. The cell is solved and leaves the other digits; cells
        // solved before are cleared again, which is cheaper than a branch.
        let solved = ((by_minirows & by_columns) >> 32) as u32 & poss;
        self.grid.unsolved[band] &= !solved;
        macro_rules! clear {
            ($($digit:literal)*) => {$(
                if 3 * $digit + band != index {
                    self.grid.poss[3 * $digit + band] &= !solved;
                }
            )*};
        }
        clear!(0 1 2 3 4 5 6 7 8);
        true
    }

    /// Places every naked single (a cell with one candidate) and records the cells with two
    /// candidates. `Some(placed_any)`, or `None` on a cell with no candidate left.
    fn naked_singles(&mut self) -> Option<bool> {
        let mut placed = false;
        for band in 0..3 {
            // The candidates of each cell counted by carry-save adders: `odd`, `twos` and
            // `fours` are the bits of the count (`fours` for 4 or more).
            let mask = |digit: usize| self.grid.poss[3 * digit + band];
            let (a, carry_a) = full_add(mask(0), mask(1), mask(2));
            let (b, carry_b) = full_add(mask(3), mask(4), mask(5));
            let (c, carry_c) = full_add(mask(6), mask(7), mask(8));
            let (odd, carry) = full_add(a, b, c);
            let (even, carry_even) = full_add(carry_a, carry_b, carry_c);
            let twos = carry ^ even;
            let fours = carry_even | carry & even;
            if odd | twos | fours != BAND {
                return None;
            }
            self.pairs[band] = twos & !(odd | fours);
            let mut singles = odd & !(twos | fours) & self.grid.unsolved[band];
            while singles != 0 {
                let cell = singles & singles.wrapping_neg();
                singles &= singles - 1;
                let bit = cell.trailing_zeros() as usize;
                // Branch-free search for the one digit left in the cell.
                let mut index = band;
                for other in (band..27).step_by(3) {
                    if self.grid.poss[other] & cell != 0 {
                        index = other;
                    }
                }
                if self.grid.poss[index] & cell == 0 {
                    // An earlier single of this pass took the cell's last digit.
                    return None;
                }
                self.grid.poss[index] &= KEEP_IN_BAND[bit];
                placed = true;
            }
        }
        Some(placed)
    }

    /// Columns and triads, which the band updates do not see (see the module docs); the
    /// minirows' triads only with `ROWS`. `Some(changed)`, or `None` on a contradiction.
    #[inline(never)]
    fn triads<const ROWS: bool>(&mut self) -> Option<bool> {
        let poss = &mut self.grid.poss;
        // Per digit, 27 bits each: the minirows (bit `9 * row + 3 * box + band`) and the
        // minicolumns (bit `9 * band + column`) where it may be. Bit-sliced counts over the
        // digits, two sets of 27 triads to a word: `may[k]` / `sure[k]`, the triads that may
        // hold / surely hold at least k + 1 digits, minirows and minicolumns in each (without
        // `ROWS`, `may` alone holds both counts of the minicolumns: may, then sure); once
        // unpaired, `[k][0]` the minirows and `[k][1]` the minicolumns.
        let mut words = [[0u32; 2]; 9];
        let mut may = [0u64; 4];
        let mut sure = [0u64; 4];
        let (mut covered, mut news) = (BAND, 0);
        for (digit, masks) in poss.chunks_exact(3).enumerate() {
            let flags = |mask: u32| (mask | mask >> 1 | mask >> 2) & 0o111_111_111;
            let rows = if ROWS {
                flags(masks[0]) | flags(masks[1]) << 1 | flags(masks[2]) << 2
            } else {
                0
            };
            let cols = fold(masks[0]) | fold(masks[1]) << 9 | fold(masks[2]) << 18;
            words[digit] = [rows, cols];
            // Alone in its row or its box: the digit is in that minirow. Alone in its
            // column (the other bands) or its box: in that minicolumn.
            let elsewhere = other_bands(cols);
            let sure_rows = rows & !(row_others(rows) & other_bands(rows));
            let sure_cols = cols & !(elsewhere & box_others(cols));
            if ROWS {
                count(&mut may, pair(rows, cols));
                count(&mut sure, pair(sure_rows, sure_cols));
            } else {
                count(&mut may, pair(cols, sure_cols));
            }
            covered &= cols | elsewhere;
            news |= cols & !elsewhere & box_others(cols);
        }
        // Minirows unchecked: as if each could hold 4 digits (neither short nor full).
        let (may, sure) = if ROWS {
            (may.map(unpair), sure.map(unpair))
        } else {
            (
                may.map(|word| [BAND, word as u32]),
                may.map(|word| [0, (word >> 32) as u32]),
            )
        };
        // A column without the digit, a triad with fewer than 3 candidate digits or more
        // than 3 sure ones: no placement.
        if covered & may[2][0] & may[2][1] != BAND || sure[3][0] | sure[3][1] != 0 {
            return None;
        }
        // Triads whose 3 candidates are not all sure yet (they are), and those whose 3 sure
        // digits leave out other candidates.
        let full = [0, 1].map(|t| may[2][t] & !may[3][t] & !sure[2][t]);
        let closed = [0, 1].map(|t| sure[2][t] & may[3][t]);
        if full[0] | full[1] | closed[0] | closed[1] | news == 0 {
            return Some(false);
        }
        let mut changed = false;
        for (digit, &[rows, cols]) in words.iter().enumerate() {
            // Minirows and minicolumns the digit must hold; it leaves their row and box
            // peers, and the closed triads where it is not sure. Two in one row or box: no
            // place.
            let row_peers = row_others(rows) & other_bands(rows);
            let must = rows & full[0];
            let (in_row, in_box) = (row_others(must), other_bands(must));
            if must & (in_row | in_box) != 0 {
                return None;
            }
            let out_rows = rows & (in_row | in_box | closed[0] & row_peers);
            let elsewhere = other_bands(cols);
            let col_peers = elsewhere & box_others(cols);
            let must = cols & (full[1] | !elsewhere);
            let in_box = box_others(must);
            if must & in_box != 0 {
                return None;
            }
            let out_cols = cols & (in_box | closed[1] & col_peers);
            for band in 0..3 {
                let index = 3 * digit + band;
                let old = poss[index];
                let minirows = (out_rows >> band & 0o111_111_111) * 7;
                let new = old & !minirows & !column_cells(out_cols >> (9 * band) & 0o777);
                poss[index] = new;
                changed |= new != old;
            }
        }
        Some(changed)
    }

    /// Locked candidates between the bands of a stack: the minicolumns a digit occupies in
    /// a stack must pair its 3 columns with its 3 bands (the bands' rule for rows and boxes,
    /// turned a quarter: the same table). `Some(changed)`, or `None` on a contradiction.
    #[inline(never)]
    fn stacks(&mut self) -> Option<bool> {
        let mut changed = false;
        for digit in 0..9 {
            let folds = [0, 1, 2].map(|band| fold(self.grid.poss[3 * digit + band]));
            for stack in 0..3 {
                // Bit `3 * band + column` (column 0..3 inside the stack), as rows and boxes
                // in a minirow mask.
                let shift = 3 * stack;
                let index = (folds[0] >> shift & 7)
                    | (folds[1] >> shift & 7) << 3
                    | (folds[2] >> shift & 7) << 6;
                let cells = BY_MINIROWS[minirow_key(minirow_cells(index))] as u32;
                if cells == 0 {
                    return None;
                }
                for band in 0..3 {
                    // Cell bit `9 * column + 3 * band` of the table: column kept in band.
                    let kept = cells >> (3 * band) & 0o1_001_001;
                    let kept = (kept | kept >> 8 | kept >> 16) & 7;
                    let gone = column_cells((!kept & 7) << shift);
                    let index = 3 * digit + band;
                    if self.grid.poss[index] & gone != 0 {
                        self.grid.poss[index] &= !gone;
                        changed = true;
                    }
                }
            }
        }
        Some(changed)
    }

    /// Hidden pairs in the rows and boxes: two digits with the same two places in a unit
    /// leave those cells no other digit; three with the same two: no placement. (What a
    /// guess elsewhere never finds: such a contradiction lets a search thrash on the rest
    /// of the grid.) `Some(changed)`, or `None` on a contradiction.
    #[inline(never)]
    fn hidden_pairs(&mut self) -> Option<bool> {
        let mut changed = false;
        for band in 0..3 {
            for unit in UNITS {
                // The distinct two-cell place sets in the unit, and their digits.
                let mut sets = [(0u32, 0u16); 9];
                let mut found = 0;
                for digit in 0..9 {
                    let places = self.grid.poss[3 * digit + band] & unit;
                    let rest = places & places.wrapping_sub(1);
                    if rest == 0 || rest & rest.wrapping_sub(1) != 0 {
                        continue;
                    }
                    match sets.iter_mut().take(found).find(|(set, _)| *set == places) {
                        Some((_, digits)) => *digits |= 1 << digit,
                        // At most 9 sets, one per digit: there is always a free one.
                        None => {
                            if let Some(free) = sets.get_mut(found) {
                                *free = (places, 1 << digit);
                                found += 1;
                            }
                        }
                    }
                }
                for &(set, digits) in sets.iter().take(found) {
                    if digits & digits.wrapping_sub(1) == 0 {
                        continue;
                    }
                    if digits.count_ones() > 2 {
                        return None;
                    }
                    for digit in 0..9 {
                        let index = 3 * digit + band;
                        if digits >> digit & 1 == 0 && self.grid.poss[index] & set != 0 {
                            self.grid.poss[index] &= !set;
                            changed = true;
                        }
                    }
                }
            }
        }
        Some(changed)
    }

    /// Whether every row, column and box can still give each digit its own cell (a
    /// matching): k digits with fewer than k places between them in a unit are a
    /// contradiction that no single-digit rule sees.
    #[inline(never)]
    fn units_match(&self) -> bool {
        let poss = &self.grid.poss;
        for band in 0..3 {
            for unit in UNITS {
                let places: [u32; 9] = core::array::from_fn(|d| poss[3 * d + band] & unit);
                if !has_matching::<32>(&places) {
                    return false;
                }
            }
        }
        for column in 0..9 {
            // Column `column`'s cells of the three bands, at bits 0o1001001 << band.
            let places: [u32; 9] = core::array::from_fn(|d| {
                let cells = |band: usize| poss[3 * d + band] >> column & 0o1_001_001;
                cells(0) | cells(1) << 1 | cells(2) << 2
            });
            if !has_matching::<32>(&places) {
                return false;
            }
        }
        true
    }

    /// Picks the cell to guess on (see the module docs): scored once a guess has failed,
    /// else the first two-candidate cell of the band with the most of them.
    fn branch(&self) -> Node {
        let (band, bit) = self.conflict;
        if band < 3 {
            let cell = 1 << (bit & 31);
            if self.grid.unsolved[band as usize] & cell != 0 {
                let digits = self.digits_at(band as usize, cell);
                if self.strong || digits.count_ones() <= LAST_CONFLICT_DIGITS {
                    return Node::Branch { band, bit, digits };
                }
            }
        }
        if self.strong {
            // The restarts take turns (see the module docs): the first, fourth, ... guess
            // as below, on a placement where no cell has two candidates; the second, fifth,
            // ... where the weights point; the third, sixth, ... on a placement.
            let placement = match self.restarts % 3 {
                1 => self.pairs == [0; 3] && self.room_for_placement(),
                2 => return self.weighted(),
                _ => self.room_for_placement(),
            };
            if placement {
                if let Some(node) = self.placements() {
                    return node;
                }
            }
        }
        if self.failed && !self.short && self.pairs != [0; 3] {
            let mut best = Scored {
                score: 0,
                band: 0,
                bit: NONE,
                digits: 0,
            };
            self.score_band::<0>(&mut best);
            self.score_band::<1>(&mut best);
            self.score_band::<2>(&mut best);
            return Node::Branch {
                band: best.band,
                bit: best.bit,
                digits: best.digits,
            };
        }
        if self.pairs == [0; 3] {
            if self.strong {
                return self.fewest_candidates();
            }
            if self.room_for_placement() {
                if let Some(node) = self.placements() {
                    return node;
                }
            }
            // No room for a placement frame: the first open cell of a band, the one with the
            // fewest candidates.
            let mut best = (u32::MAX, 0usize, 0u32);
            for band in 0..3 {
                let open = self.grid.unsolved[band];
                let cell = open & open.wrapping_neg();
                let count = self.digits_at(band, cell).count_ones();
                if open != 0 && count < best.0 {
                    best = (count, band, cell);
                }
            }
            let (_, band, cell) = best;
            return Node::Branch {
                band: band as u8,
                bit: cell.trailing_zeros() as u8,
                digits: self.digits_at(band, cell),
            };
        }
        // The band with the most two-candidate cells (the count is never 0: a band with none
        // scores 27).
        let mut best = (u32::MAX, 0usize);
        for band in 0..3 {
            let count = 27 - self.pairs[band].count_ones();
            if count < best.0 {
                best = (count, band);
            }
        }
        let (_, band) = best;
        let cell = self.pairs[band] & self.pairs[band].wrapping_neg();
        Node::Branch {
            band: band as u8,
            bit: cell.trailing_zeros() as u8,
            digits: self.digits_at(band, cell),
        }
    }

    /// Adds one to the weight of each unit that holds a cell with no candidate or has no
    /// place left for a digit, after a contradiction.
    #[inline(never)]
    fn blame(&mut self) {
        let mut units = 0u32;
        for band in 0..3 {
            let mut any = 0;
            for digit in 0..9 {
                let mask = self.grid.poss[3 * digit + band];
                any |= mask;
                for row in 0..3 {
                    if mask & (0x1FF << (9 * row)) == 0 {
                        units |= 1 << (3 * band + row);
                    }
                }
                for stack in 0..3 {
                    if mask & (0x1C0E07 << (3 * stack)) == 0 {
                        units |= 1 << (18 + 3 * band + stack);
                    }
                }
            }
            let mut empty = self.grid.unsolved[band] & !any;
            while empty != 0 {
                let bit = empty.trailing_zeros() as usize;
                empty &= empty - 1;
                let (row, col) = (3 * band + bit / 9, bit % 9);
                units |= 1 << row | 1 << (9 + col) | 1 << (18 + 3 * band + col / 3);
            }
        }
        for digit in 0..9 {
            let all = self.grid.poss[3 * digit]
                | self.grid.poss[3 * digit + 1]
                | self.grid.poss[3 * digit + 2];
            let cols = fold(all);
            units |= (!cols & 0x1FF) << 9;
        }
        for (unit, weight) in self.weights.iter_mut().enumerate() {
            if units & (1 << unit) != 0 {
                *weight = weight.saturating_add(1);
            }
        }
    }

    /// The open cell with the most weight (see [`Engine::blame`]) in its units for its
    /// number of candidates (dom/wdeg: the failures steer the search to where the
    /// contradiction lies, ahead of the cells that only multiply the work).
    #[inline(never)]
    fn weighted(&self) -> Node {
        let mut best = (0u32, 1u32, 0usize, 0u32);
        for band in 0..3 {
            let mut open = self.grid.unsolved[band];
            while open != 0 {
                let cell = open & open.wrapping_neg();
                open &= open - 1;
                let bit = cell.trailing_zeros() as usize;
                let (row, col) = (3 * band + bit / 9, bit % 9);
                let weight = 1
                    + u32::from(self.weights[row])
                    + u32::from(self.weights[9 + col])
                    + u32::from(self.weights[18 + 3 * band + col / 3]);
                let dom = u32::from(self.digits_at(band, cell)).count_ones().max(1);
                if weight * best.1 > best.0 * dom {
                    best = (weight, dom, band, cell);
                }
            }
        }
        let (_, _, band, cell) = best;
        Node::Branch {
            band: band as u8,
            bit: cell.trailing_zeros() as u8,
            digits: self.digits_at(band, cell),
        }
    }

    /// The first open cell with the fewest candidates, for a node without a two-candidate
    /// cell (sparse inputs near the root; taking any open cell there can multiply the
    /// search by its 6-8 candidates at each level). Bit-sliced counts to 9, per band.
    #[inline(never)]
    fn fewest_candidates(&self) -> Node {
        let mut best = (u32::MAX, 0usize, 0u32);
        for band in 0..3 {
            let open = self.grid.unsolved[band];
            // at_least[k]: the cells with more than k candidates.
            let mut at_least = [0u32; 10];
            for digit in 0..9 {
                let mask = self.grid.poss[3 * digit + band];
                for k in (1..10).rev() {
                    at_least[k] |= at_least[k - 1] & mask;
                }
                at_least[0] |= mask;
            }
            for k in 1..10 {
                let cells = open & at_least[k - 1] & !at_least[k];
                if cells != 0 {
                    if (k as u32) < best.0 {
                        best = (k as u32, band, cells & cells.wrapping_neg());
                    }
                    break;
                }
            }
        }
        let (_, band, cell) = best;
        Node::Branch {
            band: band as u8,
            bit: cell.trailing_zeros() as u8,
            digits: self.digits_at(band, cell),
        }
    }

    /// Scores the first [`SCORED_PER_BAND`] two-candidate cells of band `BAND` into `best`
    /// (the first of the highest scores wins). A cell's score counts, among its peers (row,
    /// column, box), the open cells where either of its two digits is a candidate, and
    /// counts those with two candidates three times: the eliminations, and the naked singles,
    /// that guessing either digit sets off.
    #[inline(always)]
    fn score_band<const BAND: usize>(&self, best: &mut Scored) {
        let (next, after) = ((BAND + 1) % 3, (BAND + 2) % 3);
        let poss = &self.grid.poss;
        let open = &self.grid.unsolved;
        let pairs = &self.pairs;
        let mut rest = pairs[BAND];
        for _ in 0..SCORED_PER_BAND {
            if rest == 0 {
                break;
            }
            let bit = rest.trailing_zeros() as usize & 31;
            rest &= rest - 1;
            // A cell's peers as one word: row and box in the low half, the column's cells
            // in the two other bands in the high half (the second band one bit up).
            let (rowbox, column) = (!KEEP_IN_BAND[bit], COLUMN[bit]);
            let peers = |own: u32, next: u32, after: u32| {
                u64::from(own & rowbox) | u64::from((next & column) | (after & column) << 1) << 32
            };
            let cell_digits = self.digits_at(BAND, 1 << bit);
            let digits = u32::from(cell_digits);
            let x = 3 * (digits.trailing_zeros() as usize).min(8);
            let y = 3 * ((digits & digits.wrapping_sub(1)).trailing_zeros() as usize).min(8);
            let either = peers(
                poss[x + BAND] | poss[y + BAND],
                poss[x + next] | poss[y + next],
                poss[x + after] | poss[y + after],
            );
            let score = weighted_count(
                either & peers(open[BAND], open[next], open[after]),
                either & peers(pairs[BAND], pairs[next], pairs[after]),
            );
            if score > best.score || best.bit == NONE {
                *best = Scored {
                    score,
                    band: BAND as u8,
                    bit: bit as u8,
                    digits: cell_digits,
                };
            }
        }
    }

    /// The digit to try first at a branch: on a two-candidate cell, the one with more
    /// places among the cell's row and box peers (the guess that takes more candidates
    /// away, so that a wrong one is refuted sooner: fail first; see the module docs),
    /// else the lowest.
    #[inline(always)]
    fn first_digit(&self, band: u8, bit: u8, digits: u16) -> u16 {
        let lowest = digits & digits.wrapping_neg();
        let other = digits & !lowest;
        if band >= 3 || other == 0 || other & other.wrapping_sub(1) != 0 {
            return lowest;
        }
        let band = usize::from(band % 3);
        let peers = !KEEP_IN_BAND[usize::from(bit) & 31] & self.grid.unsolved[band];
        let places = |digit: u16| {
            let index = 3 * (digit.trailing_zeros() as usize % 9) + band;
            self.grid.poss.get(index).map_or(0, |&mask| mask & peers)
        };
        let [low, high] = bit_counts(u64::from(places(lowest)) | u64::from(places(other)) << 32);
        if high > low {
            other
        } else {
            lowest
        }
    }

    /// The candidates of one cell (`cell` is a single bit of `band`'s mask).
    fn digits_at(&self, band: usize, cell: u32) -> u16 {
        let mut digits = 0u16;
        for digit in 0..9 {
            digits |= ((self.grid.poss[3 * digit + band] & cell != 0) as u16) << digit;
        }
        digits
    }
}

/// How many two-candidate cells of each band [`Engine::score_band`] scores: the first 3
/// (7.6 a node on average) keep nearly all of the fewer guesses that scoring every one (about
/// 11 a node) gives.
const SCORED_PER_BAND: usize = 3;

/// The guesses after which the triads of the minirows join those of the minicolumns (see
/// the module docs): they refute wrong guesses a little sooner, but cost more than they
/// save on all but the longest searches. A quarter of [`STRONG_AFTER`] when that was
/// 1 536: kept when the strong mode moved to 1 024 guesses, so that no published puzzle's
/// search changed.
const ROW_TRIADS_AFTER: u32 = 384;

/// The most candidates a cell whose guess failed may have for the next guess outside the
/// strong mode to go there (see the module docs). Measured, guesses per puzzle on the
/// shared sets: 2 keeps only a third of the gain on counting to 2; 4 or more (any) gives
/// back part of the gain on hardest1905_11plus and hardest1905_msolve1000.
const LAST_CONFLICT_DIGITS: u32 = 3;

/// Guesses after which a search with no solution yet restarts in strong mode (see the
/// module docs). Above the most any published puzzle takes (750 of the 116 000 in the
/// shared sets, 1 310 before the triads after a failed guess; 838 over 157 000 random
/// symmetric copies of the hardest sets), so that none pays for the restart. Lower costs
/// the hardest published puzzles more than it saves them (strong from the start: 3.3x the
/// instructions on the hardest1106 sample, for 10-30% fewer guesses); higher only delays
/// the rescue of hostile inputs, by as many guesses as it is higher: at 1 536 (until late
/// on 2026-12-06), each hostile input that reached the strong mode took 512 more.
const STRONG_AFTER: u32 = 1024;

/// The unit of the strong searches' budgets: the first gets twice this, and each restart
/// doubles it (see the module docs). Shorter budgets rotate the three choices of guess
/// sooner, and a search against them finds inputs that every choice leaves undone until a
/// later, longer budget (with 256: 7 220 guesses within minutes).
const STRONG_BUDGET: u32 = 1536;

/// Added to a frame's band when it branches on a digit's placement in a band (see
/// [`Engine::guess`]).
const IN_BAND: u8 = 0x10;
/// The same for a stack.
const IN_STACK: u8 = 0x20;

/// The rows and boxes of a band.
const UNITS: [u32; 6] = [
    0o000_000_777,
    0o000_777_000,
    0o777_000_000,
    0o007_007_007,
    0o070_070_070,
    0o700_700_700,
];

/// No cell scored yet.
const NONE: u8 = u8::MAX;

/// The best-scoring cell so far.
struct Scored {
    score: u32,
    band: u8,
    bit: u8,
    /// The cell's two candidates.
    digits: u16,
}

/// `ones.count_ones() + 2 * twos.count_ones()` with one shared final step (the baseline
/// x86-64 has no popcount instruction): per-byte counts (at most 8 each) are combined as
/// `ones + 2 * twos` (at most 24 a byte) and then summed (at most 192), so nothing carries.
#[inline(always)]
fn weighted_count(ones: u64, twos: u64) -> u32 {
    let sum = byte_counts(ones) + 2 * byte_counts(twos);
    (sum.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// Each byte of `word` replaced by the number of its bits set (at most 8): the first steps
/// of a population count, shared by [`weighted_count`] and [`bit_counts`] (the portable
/// x86-64 build has no `popcnt` instruction).
#[inline(always)]
fn byte_counts(word: u64) -> u64 {
    let word = word - ((word >> 1) & 0x5555_5555_5555_5555);
    let word = (word & 0x3333_3333_3333_3333) + ((word >> 2) & 0x3333_3333_3333_3333);
    (word + (word >> 4)) & 0x0f0f_0f0f_0f0f_0f0f
}

/// The sum and the carry of three bit-sliced one-bit numbers.
#[inline(always)]
fn full_add(a: u32, b: u32, c: u32) -> (u32, u32) {
    let half = a ^ b;
    (half ^ c, a & b | half & c)
}

/// The cells of a band in the given columns (9 bits).
#[inline(always)]
fn column_cells(cols: u32) -> u32 {
    cols | cols << 9 | cols << 18
}

/// Adds `word` to bit-sliced counters: `counts[k]` has the bits seen at least k + 1 times.
#[inline(always)]
fn count(counts: &mut [u64; 4], word: u64) {
    counts[3] |= counts[2] & word;
    counts[2] |= counts[1] & word;
    counts[1] |= counts[0] & word;
    counts[0] |= word;
}

/// Two sets of 27 triads in one word, for counting both at once.
#[inline(always)]
fn pair(low: u32, high: u32) -> u64 {
    u64::from(low) | u64::from(high) << 32
}

/// The two sets of a [`pair`].
#[inline(always)]
fn unpair(word: u64) -> [u32; 2] {
    [word as u32, (word >> 32) as u32]
}

/// In a 27-bit word of 3 fields of 9 bits, each bit's partners in the other two fields: for
/// minirows, the other rows of the box; for minicolumns, the other bands of the column.
#[inline(always)]
fn other_bands(word: u32) -> u32 {
    (word << 9 | word >> 18 | word << 18 | word >> 9) & BAND
}

/// Each minirow bit's partners in the same row of the same band (3 apart in its field).
#[inline(always)]
fn row_others(rows: u32) -> u32 {
    (rows >> 3 & 0o077_077_077)
        | (rows << 6 & 0o700_700_700)
        | (rows >> 6 & 0o007_007_007)
        | (rows << 3 & 0o770_770_770)
}

/// Each minicolumn bit's partners in the same box (the same group of 3 bits).
#[inline(always)]
fn box_others(cols: u32) -> u32 {
    (cols >> 1 & 0o333_333_333)
        | (cols << 2 & 0o444_444_444)
        | (cols >> 2 & 0o111_111_111)
        | (cols << 1 & 0o666_666_666)
}

/// The number of bits set in the low and in the high half of `word`, both from one
/// [`byte_counts`].
fn bit_counts(word: u64) -> [u32; 2] {
    // Each half's four byte counts summed into its top byte.
    let sums = byte_counts(word).wrapping_mul(0x0101_0101);
    [(sums >> 24) as u32 & 0xFF, (sums >> 56) as u32]
}

/// The columns (9 bits) where a band mask has a cell.
#[inline(always)]
fn fold(mask: u32) -> u32 {
    (mask | mask >> 9 | mask >> 18) & 0o777
}

/// Cell value (`& 15`) -> its digit's band-0 index in `given`; blanks (and the values
/// above 9 that a board never holds) -> the spare slot 27.
const SLOT: [usize; 16] = [27, 0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 27, 27, 27, 27, 27];

#[cfg(test)]
mod tests {
    use super::{bit_counts, weighted_count};

    #[test]
    fn weighted_count_is_ones_plus_twice_twos_for_any_words() {
        let mut state = 0x1234_5678_9abc_def0u64;
        let mut words = [0u64, u64::MAX, 1, 1 << 63, 0x0f0f_0f0f_0f0f_0f0f].to_vec();
        for _ in 0..1000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            words.push(state);
        }
        for &ones in &words {
            for &twos in words.iter().take(50) {
                let expected = ones.count_ones() + 2 * twos.count_ones();
                assert_eq!(weighted_count(ones, twos), expected, "{ones:#x} {twos:#x}");
            }
        }
    }

    #[test]
    fn bit_counts_count_each_half_for_any_word() {
        let mut state = 0x0fed_cba9_8765_4321u64;
        let mut words = [0u64, u64::MAX, 1, 1 << 31, 1 << 32, 1 << 63, 0xffff_ffff].to_vec();
        for _ in 0..10_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            words.push(state);
        }
        for word in words {
            let expected = [
                (word as u32).count_ones(),
                ((word >> 32) as u32).count_ones(),
            ];
            assert_eq!(bit_counts(word), expected, "{word:#x}");
        }
    }
}
