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

use super::bits::{self, Cells};
use super::marks::Marks;
use super::step::{Step, STEP_PATTERN};
use super::technique::Technique;
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
/// node is true) and the queue index of its parent; and the nodes seen in each state, one
/// bit per node. 1 KiB in all. With it, the same for every start: each digit's units
/// where it has exactly two places (its conjugate pairs).
struct Queue {
    nodes: [u16; QUEUE],
    parents: [u8; QUEUE],
    len: usize,
    seen_on: [u32; 23],
    seen_off: [u32; 23],
    pairs: [u32; 9],
}

const ON: u16 = 1 << 10;

impl Queue {
    const EMPTY: Queue = Queue {
        nodes: [0; QUEUE],
        parents: [0; QUEUE],
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

    fn node(&self, at: usize) -> usize {
        usize::from(self.nodes.get(at).copied().unwrap_or(0) & !ON)
    }

    fn is_on(&self, at: usize) -> bool {
        self.nodes.get(at).is_some_and(|n| n & ON != 0)
    }

    fn parent(&self, at: usize) -> usize {
        usize::from(self.parents.get(at).copied().unwrap_or(0))
    }

    /// Queues a node unless it was seen in that state or the queue is full; true if
    /// queued.
    fn push(&mut self, node: usize, on: bool, parent: usize) -> bool {
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
        if let (Some(n), Some(p)) = (self.nodes.get_mut(self.len), self.parents.get_mut(self.len)) {
            *n = node as u16 | if on { ON } else { 0 };
            *p = parent as u8;
            self.len += 1;
        }
        true
    }
}

/// True if `cells` holds exactly two cells (without counting them, which is slow where
/// there is no popcount instruction). Out of line: inlined, it grew the search's frame.
#[inline(never)]
fn is_pair(cells: Cells) -> bool {
    let rest = cells & cells.wrapping_sub(1);
    rest != 0 && rest & (rest - 1) == 0
}

fn cell_of(node: usize) -> usize {
    node / 9
}

fn digit_of(node: usize) -> u8 {
    (node % 9) as u8 + 1
}

/// The candidates to eliminate when `start` or `end` is true: those weakly linked to both.
fn targets(marks: &Marks, start: usize, end: usize) -> [(Cells, u8); 2] {
    let (cs, ds) = (cell_of(start), digit_of(start));
    let (ce, de) = (cell_of(end), digit_of(end));
    if ds == de {
        let t = marks.positions(ds) & bits::peers(cs) & bits::peers(ce);
        return [(t, ds), (0, 0)];
    }
    if cs == ce {
        // Every other digit of the cell; reported one digit at a time by the caller.
        return [(0, 0), (0, 0)];
    }
    if bits::peers(cs) & bits::bit(ce) != 0 {
        let a = marks.positions(de) & bits::bit(cs);
        let b = marks.positions(ds) & bits::bit(ce);
        return [(a, de), (b, ds)];
    }
    [(0, 0), (0, 0)]
}

/// The best chain of one kind: fewest links, then first start in cell order. Starts on the
/// digits of `skip` (candidate bits) are not tried: for the one-digit kinds (X-chains,
/// turbot fish) a digit's chains depend on its candidates alone (see `ladder::Seen`).
/// Its step is written into `out`: true if there is one.
#[inline(never)]
pub(crate) fn chain(marks: &Marks, kind: Kind, skip: u16, out: &mut Step) -> bool {
    let bivalue = marks.bivalue();
    // Here rather than in `search`, so that the step is built after the search's frame
    // is gone: the deepest stack of the whole technique engine runs through here.
    let mut queue = Queue::EMPTY;
    for (pairs, digit) in queue.pairs.iter_mut().zip(1..=9u8) {
        if kind == Kind::Xy || skip & Digits::single(digit).bits() != 0 {
            continue;
        }
        for unit in 0..27 {
            if is_pair(marks.positions(digit) & bits::unit_mask(unit)) {
                *pairs |= 1 << unit;
            }
        }
    }
    let mut best = None;
    let mut best_links = if kind == Kind::Turbot {
        4
    } else {
        MAX_LINKS + 1
    };
    for cell in bits::iter(marks.unsolved()) {
        if kind == Kind::Xy && bivalue & bits::bit(cell) == 0 {
            continue;
        }
        for digit in Digits::from_bits(marks.bits(cell) & !skip) {
            let start = 9 * cell + usize::from(digit) - 1;
            if let Some((_, links)) = search(&mut queue, marks, kind, start, best_links, bivalue) {
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
    let Some((end, _)) = search(&mut queue, marks, kind, start, best_links + 1, bivalue) else {
        return false;
    };
    conclude(marks, kind, &queue, end, start, out);
    true
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
    bivalue: Cells,
) -> Option<(usize, usize)> {
    queue.clear();
    queue.push(start, false, 0);
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
        // The cells reached by a same-digit link, and the digits by a same-cell link.
        let mut peers: Cells = 0;
        let mut same_cell = 0u16;
        if was_on {
            // Weak links: the cell's other digits, the digit's peers.
            if kind == Kind::Aic {
                same_cell = marks.bits(cell) & !Digits::single(digit).bits();
            }
            peers = marks.positions(digit) & bits::peers(cell);
            if kind == Kind::Xy {
                peers &= bivalue;
            }
        } else {
            // Strong links: the other candidate of a bivalue cell, the other place of the
            // digit in a unit.
            if !matches!(kind, Kind::X | Kind::Turbot) && bivalue & bits::bit(cell) != 0 {
                same_cell = marks.bits(cell) & !Digits::single(digit).bits();
            }
            if kind != Kind::Xy {
                let pairs = queue
                    .pairs
                    .get(usize::from(digit).wrapping_sub(1))
                    .copied()
                    .unwrap_or(0);
                for unit in bits::units_of(cell) {
                    if pairs & 1 << unit != 0 {
                        peers |= marks.positions(digit) & bits::unit_mask(unit);
                    }
                }
                peers &= !bits::bit(cell);
            }
        }
        // The cell's other digits first, then the digit's other cells.
        let on = !was_on;
        for d in Digits::from_bits(same_cell) {
            if let Some(end) = reach(queue, marks, 9 * cell + usize::from(d) - 1, on, here, start) {
                return Some((end, links));
            }
        }
        for c in bits::iter(peers) {
            if let Some(end) = reach(
                queue,
                marks,
                9 * c + usize::from(digit) - 1,
                on,
                here,
                start,
            ) {
                return Some((end, links));
            }
        }
    }
    None
}

/// Queues `next` (true if `on`) as a child of entry `parent`: its queue index if it is a
/// true node whose chain from `start` [`eliminates`] something (only a true node ends a
/// chain).
#[inline(always)]
fn reach(
    queue: &mut Queue,
    marks: &Marks,
    next: usize,
    on: bool,
    parent: usize,
    start: usize,
) -> Option<usize> {
    if !queue.push(next, on, parent) || !on {
        return None;
    }
    let end = queue.len - 1;
    eliminates(marks, queue, end, start).then_some(end)
}

/// Whether the queued entry `at` is a true node whose chain from `start` eliminates
/// something.
fn eliminates(marks: &Marks, queue: &Queue, at: usize, start: usize) -> bool {
    let end = queue.node(at);
    if !queue.is_on(at) || end == start {
        return false;
    }
    let (cs, ds) = (cell_of(start), digit_of(start));
    let (ce, de) = (cell_of(end), digit_of(end));
    if cs == ce {
        return marks.bits(cs) & !(Digits::single(ds).bits() | Digits::single(de).bits()) != 0;
    }
    // Whether `targets` has any, without building them: this runs for every true node
    // of every search, on the engine's deepest stack.
    let any = if ds == de {
        marks.positions(ds) & bits::peers(cs) & bits::peers(ce) != 0
    } else {
        bits::peers(cs) & bits::bit(ce) != 0
            && (marks.bits(cs) & Digits::single(de).bits() != 0
                || marks.bits(ce) & Digits::single(ds).bits() != 0)
    };
    debug_assert_eq!(
        any,
        targets(marks, start, end)
            .iter()
            .any(|&(cells, _)| cells != 0)
    );
    any
}

/// Writes into `step` the step of the chain from `start` to the queued entry `at`, which
/// [`eliminates`] something.
#[inline(never)]
fn conclude(marks: &Marks, kind: Kind, queue: &Queue, at: usize, start: usize, step: &mut Step) {
    let end = queue.node(at);
    let (cs, ds) = (cell_of(start), digit_of(start));
    let (ce, de) = (cell_of(end), digit_of(end));
    let technique = match kind {
        Kind::X => Technique::XChain,
        Kind::Turbot => Technique::TurbotFish,
        Kind::Xy => Technique::XyChain,
        Kind::Aic => Technique::Aic,
    };
    step.reset(technique);
    if cs == ce {
        for d in marks.candidates(cs) {
            if d != ds && d != de {
                step.eliminate(cs, d);
            }
        }
    } else {
        for (cells, d) in targets(marks, start, end) {
            step.eliminate_all(cells, d);
        }
    }
    // The chain, from the start to the end.
    let mut nodes = [0u16; STEP_PATTERN];
    let mut n = 0;
    let mut i = at;
    loop {
        if n < STEP_PATTERN {
            nodes[n] = queue.node(i) as u16;
            n += 1;
        }
        if i == 0 {
            break;
        }
        i = queue.parent(i);
    }
    for &node in nodes.get(..n).unwrap_or_default().iter().rev() {
        let node = usize::from(node);
        step.node(cell_of(node), digit_of(node));
    }
    let eliminated = step
        .eliminations()
        .iter()
        .fold(Digits::NONE, |set, e| set.with(e.digit));
    for d in eliminated {
        step.digit(d);
    }
    step.length(n);
}
