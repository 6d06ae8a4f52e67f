//! Chains: X-chains (one digit), XY-chains (bivalue cells) and alternating inference chains
//! (AICs, both), found by one breadth-first search over candidates.
//!
//! A node is a candidate `(cell, digit)`. A strong link says "if this one is false, that
//! one is true" (the two candidates of a bivalue cell, the two places of a digit in a
//! unit); a weak link says "if this one is true, that one is false" (two candidates of one
//! cell, one digit in two cells that see each other). Starting from a candidate assumed
//! false, the chain alternates strong and weak links; every candidate reached by a strong
//! link is then true. So the start or the end is true, and any candidate weakly linked to
//! both is false. The search is breadth first, so the shortest chain for each start is
//! found first, and the shortest over all starts is reported.

use core::num::NonZeroU32;

use super::bits::{self, Cells};
use super::marks::Marks;
use super::step::{Step, STEP_PATTERN};
use super::technique::Technique;
#[cfg(not(feature = "fast"))]
use crate::board::CELLS;
use crate::candidates::Digits;

/// Which links a chain may use.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// One digit: conjugate pairs and peers.
    X,
    /// An X-chain of three links (two conjugate pairs joined by a weak link).
    Turbot,
    /// Bivalue cells: their two candidates, and one digit in two bivalue cells.
    Xy,
    /// Everything.
    Aic,
}

/// The most queue entries one search keeps (a node is queued at most twice, on and off).
const QUEUE: usize = 256;
/// The most links a chain may have (its nodes must fit in a step's pattern).
const MAX_LINKS: usize = STEP_PATTERN - 1;

/// The breadth-first queue: each entry a node (`9 * cell + digit - 1`, bit 10 set when the
/// node is true); and the nodes seen in each state, one bit per node. 740 bytes in all
/// (580 in the compact build, whose entries take 11 bits: see [`Entries`]). With it, the
/// same for every start: each digit's units where it has exactly two places (its
/// conjugate pairs). An entry's parent is not kept: it is the first entry that links to it
/// (see [`parent`]), found again for the one chain reported.
struct Queue {
    nodes: Entries,
    len: usize,
    seen_on: [u32; 23],
    seen_off: [u32; 23],
    pairs: [u32; 9],
}

const ON: u16 = 1 << 10;

/// The queue's entries, one `u16` each.
#[cfg(feature = "fast")]
struct Entries([u16; QUEUE]);

/// The queue's entries, 11 bits each, little-endian across bytes (and one byte more, so
/// that every entry is read as three bytes): 352 bytes where `u16`s take 512, on the
/// deepest stack of the technique engine. Reading one takes a few more instructions.
#[cfg(not(feature = "fast"))]
struct Entries([u8; ENTRY_BYTES]);

/// The bits of one entry: a node and [`ON`].
#[cfg(not(feature = "fast"))]
const ENTRY_BITS: usize = 11;
#[cfg(not(feature = "fast"))]
const ENTRY_BYTES: usize = (QUEUE * ENTRY_BITS).div_ceil(8) + 1;

impl Entries {
    #[cfg(feature = "fast")]
    const EMPTY: Entries = Entries([0; QUEUE]);
    #[cfg(not(feature = "fast"))]
    const EMPTY: Entries = Entries([0; ENTRY_BYTES]);

    /// Entry `at`, 0 past the end.
    #[cfg(feature = "fast")]
    fn get(&self, at: usize) -> u16 {
        self.0.get(at).copied().unwrap_or(0)
    }

    /// Writes entry `at` (below [`QUEUE`]) as `entry`.
    #[cfg(feature = "fast")]
    fn set(&mut self, at: usize, entry: u16) {
        if let Some(e) = self.0.get_mut(at) {
            *e = entry;
        }
    }

    /// Entry `at`, 0 past the end. Out of line: the queue's readers each had a copy.
    #[cfg(not(feature = "fast"))]
    #[inline(never)]
    fn get(&self, at: usize) -> u16 {
        let (byte, shift) = (at * ENTRY_BITS / 8, at * ENTRY_BITS % 8);
        let Some(&[b0, b1, b2]) = self.0.get(byte..byte + 3) else {
            return 0;
        };
        let word = u32::from_le_bytes([b0, b1, b2, 0]);
        (word >> shift) as u16 & ((1 << ENTRY_BITS) - 1)
    }

    /// Writes entry `at` (below [`QUEUE`]) as `entry` (below `1 << ENTRY_BITS`).
    #[cfg(not(feature = "fast"))]
    fn set(&mut self, at: usize, entry: u16) {
        let (byte, shift) = (at * ENTRY_BITS / 8, at * ENTRY_BITS % 8);
        let Some([b0, b1, b2]) = self.0.get_mut(byte..byte + 3) else {
            return;
        };
        let mask = ((1u32 << ENTRY_BITS) - 1) << shift;
        let word = u32::from_le_bytes([*b0, *b1, *b2, 0]);
        let word = word & !mask | u32::from(entry) << shift & mask;
        let [w0, w1, w2, _] = word.to_le_bytes();
        (*b0, *b1, *b2) = (w0, w1, w2);
    }
}

impl Queue {
    const EMPTY: Queue = Queue {
        nodes: Entries::EMPTY,
        len: 0,
        seen_on: [0; 23],
        seen_off: [0; 23],
        pairs: [0; 9],
    };

    /// Empties the queue for a new start: only what is read before it is written.
    fn clear(&mut self) {
        self.len = 0;
        self.seen_on = [0; 23];
        self.seen_off = [0; 23];
    }

    /// The node of entry `at`. The compact build unpacks the entry out of line
    /// ([`Entries::get`]), for the search, the chain's conclusion and the test of its
    /// links, which each had a copy.
    fn node(&self, at: usize) -> usize {
        usize::from(self.nodes.get(at) & !ON)
    }

    /// Whether entry `at` is a true node. Out of line in the compact build, where the
    /// search, the conclusion and the links each unpacked the entry inline.
    #[cfg_attr(not(feature = "fast"), inline(never))]
    fn is_on(&self, at: usize) -> bool {
        self.nodes.get(at) & ON != 0
    }

    /// Queues a node unless it was seen in that state or the queue is full; true if
    /// queued.
    fn push(&mut self, node: usize, on: bool) -> bool {
        let seen = if on {
            &mut self.seen_on
        } else {
            &mut self.seen_off
        };
        let (word, bit) = (node / 32, 1u32 << (node % 32));
        let Some(w) = seen.get_mut(word) else {
            return false;
        };
        if *w & bit != 0 || self.len >= QUEUE {
            return false;
        }
        *w |= bit;
        self.nodes
            .set(self.len, node as u16 | if on { ON } else { 0 });
        self.len += 1;
        true
    }
}

/// `node / 9` by a multiplication and a shift, exact for every node (below 729, and up
/// to 32,767): a Cortex-M0 would call a library routine for the division.
fn cell_of(node: usize) -> usize {
    ((node & 0x7FFF) * 7282) >> 16
}

fn digit_of(node: usize) -> u8 {
    (node - 9 * cell_of(node)) as u8 + 1
}

/// The best chain of one kind: fewest links, then first start in cell order. Starts on the
/// digits of `skip` (candidate bits) are not tried: for the one-digit kinds (X-chains,
/// turbot fish) a digit's chains depend on its candidates alone (see `ladder::Seen`).
/// Its step is written into `out`: true if there is one.
#[inline(never)]
pub(crate) fn chain(marks: &Marks, kind: Kind, skip: u16, out: &mut Step) -> bool {
    let bivalue = Bivalue::of(marks);
    // Here rather than in `search`, so that the step is built after the search's frame
    // is gone: the deepest stack of the whole technique engine runs through here.
    let mut queue = Queue::EMPTY;
    conjugate_pairs(marks, kind, skip, &mut queue.pairs);
    let mut best = None;
    let mut best_links = if kind == Kind::Turbot {
        4
    } else {
        MAX_LINKS + 1
    };
    for cell in marks.open_cells() {
        if kind == Kind::Xy && !bivalue.has(marks, cell) {
            continue;
        }
        // A start needs a strong link: its cell bivalue (but for one-digit chains), or its
        // digit's other place in a unit of the cell (but for XY-chains). Without one, the
        // search stops at once: the compact build leaves it to the search (116 bytes less
        // code on a Cortex-M0).
        let in_pair = !matches!(kind, Kind::X | Kind::Turbot) && bivalue.has(marks, cell);
        let units = bits::unit_bits(cell);
        for digit in Digits::from_bits(marks.bits(cell) & !skip) {
            let pairs = queue
                .pairs
                .get(usize::from(digit) - 1)
                .copied()
                .unwrap_or(0);
            if cfg!(feature = "fast") && !in_pair && (kind == Kind::Xy || pairs & units == 0) {
                continue;
            }
            let start = 9 * cell + usize::from(digit) - 1;
            if let Some(found) = search(&mut queue, marks, kind, start, best_links, bivalue) {
                let links = links_of(found);
                if links < best_links {
                    best_links = links;
                    best = Some(start);
                }
            }
        }
    }
    // The best chain's queue again (the same search, stopped after its length), then its
    // step, into `out`.
    let Some(start) = best else {
        return false;
    };
    let Some(found) = search(&mut queue, marks, kind, start, best_links + 1, bivalue) else {
        return false;
    };
    let end = end_of(found);
    conclude(marks, kind, &queue, end, start, bivalue, out);
    true
}

/// Each digit's units where it has exactly two places (but for XY-chains, which use none,
/// and the digits of `skip`), as unit bits. Out of line in the fast build: its locals are
/// not part of the frame that holds the queue. Inline in the compact build, at its one
/// caller: 44 bytes less of a Cortex-M0's flash, and the deepest stack unchanged.
#[cfg_attr(feature = "fast", inline(never))]
fn conjugate_pairs(marks: &Marks, kind: Kind, skip: u16, pairs: &mut [u32; 9]) {
    for (pairs, digit) in pairs.iter_mut().zip(1..=9u8) {
        if kind == Kind::Xy || skip & Digits::single(digit).bits() != 0 {
            continue;
        }
        for unit in 0..27 {
            if bits::exactly(marks.places_in(digit, unit), 2) {
                *pairs |= 1 << unit;
            }
        }
    }
}

/// A chain [`search`] found: its end's queue index above 8 bits, its links (at least
/// one, at most [`MAX_LINKS`]) below. One word, returned in a register: a pair is
/// returned through the caller's frame, the chain search's, above the search.
type Found = NonZeroU32;

/// The queue index of the end of a chain found.
fn end_of(found: Found) -> usize {
    (found.get() >> 8) as usize
}

/// The links of a chain found.
fn links_of(found: Found) -> usize {
    (found.get() & 0xFF) as usize
}

/// The cells with two candidates, as the chain search asks about them. The fast build
/// keeps them as a set; the compact build keeps nothing and counts a cell's candidates
/// when asked: the set, its copies and the arguments that passed it on took 16 bytes each
/// of the chain search's frames on a Cortex-M0, the deepest of the technique engine.
#[derive(Clone, Copy)]
struct Bivalue(#[cfg(feature = "fast")] Cells);

impl Bivalue {
    /// The bivalue cells of `marks`.
    #[cfg(feature = "fast")]
    fn of(marks: &Marks) -> Bivalue {
        Bivalue(marks.bivalue())
    }

    /// The bivalue cells of `marks`, asked of them cell by cell.
    #[cfg(not(feature = "fast"))]
    fn of(_: &Marks) -> Bivalue {
        Bivalue()
    }

    /// Whether `cell` of `marks` has two candidates.
    #[cfg(feature = "fast")]
    fn has(self, _: &Marks, cell: usize) -> bool {
        bits::has(self.0, cell)
    }

    /// Whether `cell` of `marks` has two candidates.
    #[cfg(not(feature = "fast"))]
    fn has(self, marks: &Marks, cell: usize) -> bool {
        bits::count9(marks.bits(cell)) == 2
    }

    /// `cells` without those that are not bivalue; the compact build keeps them all, and
    /// its search passes over them one at a time ([`search`]).
    #[cfg(feature = "fast")]
    fn narrow(self, cells: Cells) -> Cells {
        cells & self.0
    }

    /// `cells` without those that are not bivalue; the compact build keeps them all, and
    /// its search passes over them one at a time ([`search`]).
    #[cfg(not(feature = "fast"))]
    fn narrow(self, cells: Cells) -> Cells {
        cells
    }
}

/// Breadth-first search from `start` (assumed false) for a chain of fewer than `limit`
/// links that eliminates something: the queue index of its end, and its links.
#[inline(never)]
fn search(
    queue: &mut Queue,
    marks: &Marks,
    kind: Kind,
    start: usize,
    limit: usize,
    bivalue: Bivalue,
) -> Option<Found> {
    queue.clear();
    queue.push(start, false);
    let from = (cell_of(start), digit_of(start));
    // Children of the entries before `layer_end` have `links` links.
    let mut links = 1;
    let mut layer_end = 1;
    let mut head = 0;
    while head < queue.len {
        if head == layer_end {
            links += 1;
            layer_end = queue.len;
        }
        if links >= limit || links > MAX_LINKS {
            break;
        }
        let here = head;
        head += 1;
        let node = queue.node(here);
        let was_on = queue.is_on(here);
        let (cell, digit) = (cell_of(node), digit_of(node));
        let (same_cell, peers) = neighbours(&queue.pairs, marks, kind, bivalue, node, was_on);
        // The cell's other digits first, then the digit's other cells.
        let on = !was_on;
        for d in Digits::from_bits(same_cell) {
            if let Some(end) = reach(queue, marks, (cell, d), on, from) {
                return NonZeroU32::new((end as u32) << 8 | links as u32);
            }
        }
        for c in bits::iter(peers) {
            // The compact build's XY-chains link only bivalue cells (see `Bivalue`).
            if !cfg!(feature = "fast") && kind == Kind::Xy && !bivalue.has(marks, c) {
                continue;
            }
            if let Some(end) = reach(queue, marks, (c, digit), on, from) {
                return NonZeroU32::new((end as u32) << 8 | links as u32);
            }
        }
    }
    None
}

/// The nodes one link away from `node` (true if `was_on`), as the digits of its cell and
/// the cells of its digit: weak links from a true node, strong links from a false one.
#[inline(always)]
fn neighbours(
    pairs: &[u32; 9],
    marks: &Marks,
    kind: Kind,
    bivalue: Bivalue,
    node: usize,
    was_on: bool,
) -> (u16, Cells) {
    let (cell, digit) = (cell_of(node), digit_of(node));
    let mut peers: Cells = 0;
    let mut same_cell = 0u16;
    if was_on {
        // Weak links: the cell's other digits, the digit's peers.
        if kind == Kind::Aic {
            same_cell = marks.bits(cell) & !Digits::single(digit).bits();
        }
        peers = marks.positions(digit) & bits::peers(cell);
        if kind == Kind::Xy {
            peers = bivalue.narrow(peers);
        }
    } else {
        // Strong links: the other candidate of a bivalue cell, the other place of the
        // digit in a unit.
        if !matches!(kind, Kind::X | Kind::Turbot) && bivalue.has(marks, cell) {
            same_cell = marks.bits(cell) & !Digits::single(digit).bits();
        }
        if kind != Kind::Xy {
            let pairs = pairs
                .get(usize::from(digit).wrapping_sub(1))
                .copied()
                .unwrap_or(0);
            for unit in bits::units_of(cell) {
                if pairs & 1 << unit != 0 {
                    peers |= marks.positions(digit) & bits::mask(unit);
                }
            }
            peers &= !bits::bit(cell);
        }
    }
    (same_cell, peers)
}

/// The queue index of entry `at`'s parent: the first entry one link away from it. The
/// search queues a node from the first entry that reaches it, so this is the entry that
/// did (an earlier one reaching it would have queued it first).
fn parent(queue: &Queue, marks: &Marks, kind: Kind, bivalue: Bivalue, at: usize) -> usize {
    let (node, on) = (queue.node(at), queue.is_on(at));
    (0..at)
        .find(|&j| {
            let linked = links_to(queue, marks, kind, j, node, on);
            debug_assert_eq!(linked, {
                let from = queue.node(j);
                let (same_cell, peers) = neighbours(&queue.pairs, marks, kind, bivalue, from, !on);
                queue.is_on(j) != on
                    && ((cell_of(from) == cell_of(node)
                        && same_cell & Digits::single(digit_of(node)).bits() != 0)
                        || (digit_of(from) == digit_of(node)
                            && peers & bits::bit(cell_of(node)) != 0
                            && (kind != Kind::Xy || bivalue.has(marks, cell_of(node)))))
            });
            linked
        })
        .unwrap_or(0)
}

/// Whether the queued entry `j` links to `node` (true if `on`): the test of
/// [`neighbours`] for one node, by the units the two cells share rather than by cell
/// masks, which a Cortex-M0 keeps on its stack. Out of line in the fast build; inline in
/// the compact build, at its one caller (72 bytes less of a Cortex-M0's flash, the
/// deepest stack unchanged).
#[cfg_attr(feature = "fast", inline(never))]
fn links_to(queue: &Queue, marks: &Marks, kind: Kind, j: usize, node: usize, on: bool) -> bool {
    let from = queue.node(j);
    if queue.is_on(j) == on || from == node {
        return false;
    }
    let (cj, dj) = (cell_of(from), digit_of(from));
    let (ci, di) = (cell_of(node), digit_of(node));
    // Both cells hold candidates, so they are bivalue if they hold two.
    let is_bivalue = |cell: usize| bits::count9(marks.bits(cell)) == 2;
    if marks.bits(ci) & Digits::single(di).bits() == 0 {
        false
    } else if cj == ci {
        // A strong link from a false node needs a bivalue cell; a weak one, an AIC.
        if on {
            !matches!(kind, Kind::X | Kind::Turbot) && is_bivalue(cj)
        } else {
            kind == Kind::Aic
        }
    } else if dj != di || kind == Kind::Xy && (on || !is_bivalue(ci)) {
        false
    } else {
        // A strong link is a conjugate pair; a weak one, any two places that see each
        // other.
        let pairs = queue
            .pairs
            .get(usize::from(dj).wrapping_sub(1))
            .copied()
            .unwrap_or(0);
        bits::units_of(cj)
            .iter()
            .zip(&bits::units_of(ci))
            .any(|(&a, &b)| a == b && (!on || pairs & 1 << a != 0))
    }
}

/// Queues `next` (a cell and a digit; true if `on`): its queue index if it is a true node
/// whose chain from `start` (a cell and a digit) [`eliminates`] something (only a true
/// node ends a chain).
#[inline(always)]
fn reach(
    queue: &mut Queue,
    marks: &Marks,
    next: (usize, u8),
    on: bool,
    start: (usize, u8),
) -> Option<usize> {
    if !queue.push(9 * next.0 + usize::from(next.1) - 1, on) || !on {
        return None;
    }
    eliminates(marks, start, next).then_some(queue.len - 1)
}

/// Whether the chain from `start` to a true node `end` (each a cell and a digit)
/// eliminates something. Given cells and digits, not nodes: dividing a node by 9 is a
/// call on a Cortex-M0, at the bottom of the engine's deepest stack.
fn eliminates(marks: &Marks, (cs, ds): (usize, u8), (ce, de): (usize, u8)) -> bool {
    // Whether [`eliminate`] finds any, without writing them: this runs for every true
    // node of every search, on the engine's deepest stack.
    #[cfg(feature = "fast")]
    let any = (cs, ds) != (ce, de)
        && if cs == ce {
            marks.bits_inline(cs) & !(Digits::single(ds).bits() | Digits::single(de).bits()) != 0
        } else {
            sees_both_by_peers(marks, (cs, ds), (ce, de))
        };
    // The compact build asks the routine that writes them, which stops at the first.
    #[cfg(not(feature = "fast"))]
    let any = targets(
        marks,
        cs << 4 | usize::from(ds),
        ce << 4 | usize::from(de),
        None,
    );
    debug_assert_eq!(any, {
        let mut step = Step::EMPTY;
        if (cs, ds) != (ce, de) {
            eliminate(
                marks,
                9 * cs + usize::from(ds) - 1,
                9 * ce + usize::from(de) - 1,
                &mut step,
            );
        }
        step.is_productive()
    });
    any
}

/// What [`eliminates`] asks for two different nodes in different cells, by 128-bit peer
/// sets: whether a candidate sees both ends (the `fast` build's way).
#[cfg(feature = "fast")]
#[inline(always)]
fn sees_both_by_peers(marks: &Marks, (cs, ds): (usize, u8), (ce, de): (usize, u8)) -> bool {
    if ds == de {
        marks.positions(ds) & bits::peers(cs) & bits::peers(ce) != 0
    } else {
        bits::peers(cs) & bits::bit(ce) != 0
            && (marks.bits_inline(cs) & Digits::single(de).bits() != 0
                || marks.bits_inline(ce) & Digits::single(ds).bits() != 0)
    }
}

/// Writes into `step` the eliminations of a chain from `start` to `end` (one of which is
/// true): the candidates weakly linked to both. Out of line: its locals and the search
/// for the chain's nodes are never on the stack together.
#[inline(never)]
#[cfg(feature = "fast")]
fn eliminate(marks: &Marks, start: usize, end: usize, step: &mut Step) {
    let (cs, ds) = (cell_of(start), digit_of(start));
    let (ce, de) = (cell_of(end), digit_of(end));
    if ds == de {
        step.eliminate_all(marks.positions(ds) & bits::peers(cs) & bits::peers(ce), ds);
    } else if cs == ce {
        for d in marks.candidates(cs) {
            if d != ds && d != de {
                step.eliminate(cs, d);
            }
        }
    } else if bits::peers(cs) & bits::bit(ce) != 0 {
        step.eliminate_all(marks.positions(de) & bits::bit(cs), de);
        step.eliminate_all(marks.positions(ds) & bits::bit(ce), ds);
    }
}

/// The compact build's [`eliminate`]: the same eliminations in the same order (by cell).
#[cfg(not(feature = "fast"))]
fn eliminate(marks: &Marks, start: usize, end: usize, step: &mut Step) {
    let pack = |node: usize| cell_of(node) << 4 | usize::from(digit_of(node));
    targets(marks, pack(start), pack(end), Some(step));
}

/// The eliminations of a chain from `start` to `end` (each a cell above 4 bits and a
/// digit below, one of which is true: four arguments in registers), by cell, found by
/// units and cells rather than 128-bit sets (which took 160 bytes of stack below the
/// chain search's queue on a Cortex-M0): written into `step` if given (the answer is
/// then of no use), else whether there is one (for the search, which asks for every
/// true node, on the engine's deepest stack). Out of line: one copy for the two.
#[cfg(not(feature = "fast"))]
#[inline(never)]
fn targets(marks: &Marks, start: usize, end: usize, mut step: Option<&mut Step>) -> bool {
    let (cs, ds) = (start >> 4, (start & 0xF) as u8);
    let (ce, de) = (end >> 4, (end & 0xF) as u8);
    let sees = |a: usize, b: usize| a != b && bits::unit_bits(a) & bits::unit_bits(b) != 0;
    let holds = |cell: usize, digit: u8| marks.bits(cell) & Digits::single(digit).bits() != 0;
    // Notes an elimination: true when the search may stop (the step is full, or there is
    // no step to write, and then the answer is yes).
    let mut stop = |cell: usize, digit: u8| {
        step.as_deref_mut()
            .is_none_or(|step| !step.eliminate(cell, digit))
    };
    if (cs, ds) == (ce, de) {
        false
    } else if ds == de {
        let (d, us, ue) = (
            Digits::single(ds).bits(),
            bits::unit_bits(cs),
            bits::unit_bits(ce),
        );
        (0..CELLS).any(|cell| {
            marks.bits_inline(cell) & d != 0
                && cell != cs
                && cell != ce
                && bits::unit_bits(cell) & us != 0
                && bits::unit_bits(cell) & ue != 0
                && stop(cell, ds)
        })
    } else if cs == ce {
        Digits::from_bits(marks.bits(cs))
            .iter_inline()
            .any(|d| d != ds && d != de && stop(cs, d))
    } else {
        sees(cs, ce) && (holds(cs, de) && stop(cs, de)) | (holds(ce, ds) && stop(ce, ds))
    }
}

/// Writes into `step` the step of the chain from `start` to the queued entry `at`, which
/// [`eliminates`] something.
#[inline(never)]
fn conclude(
    marks: &Marks,
    kind: Kind,
    queue: &Queue,
    at: usize,
    start: usize,
    bivalue: Bivalue,
    step: &mut Step,
) {
    let end = queue.node(at);
    let technique = match kind {
        Kind::X => Technique::XChain,
        Kind::Turbot => Technique::TurbotFish,
        Kind::Xy => Technique::XyChain,
        Kind::Aic => Technique::Aic,
    };
    step.reset(technique);
    eliminate(marks, start, end, step);
    // The chain, from the end back to the start, then turned round.
    let mut n = 0;
    let mut i = at;
    loop {
        let node = queue.node(i);
        step.node(cell_of(node), digit_of(node));
        n += 1;
        if i == 0 {
            break;
        }
        i = parent(queue, marks, kind, bivalue, i);
    }
    step.reverse_pattern();
    let eliminated = step
        .eliminations()
        .iter()
        .fold(Digits::NONE, |set, e| set.with(e.digit));
    step.add_digits(eliminated.bits());
    step.length(n.min(STEP_PATTERN));
}
