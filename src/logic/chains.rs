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
    /// Bivalue cells: their two candidates, and one digit in two bivalue cells.
    Xy,
    /// Everything.
    Aic,
}

/// The most queue entries one search keeps (a node is queued at most twice, on and off).
const QUEUE: usize = 192;
/// The most links a chain may have (its nodes must fit in a step's pattern).
const MAX_LINKS: usize = STEP_PATTERN - 1;

/// A queued node: bits 0..10 the node (`9 * cell + digit - 1`), bit 10 set when the node
/// is true, bits 11..20 the parent's queue index, bits 20..25 the number of links.
#[derive(Clone, Copy)]
struct Entry(u32);

impl Entry {
    fn new(node: usize, on: bool, parent: usize, links: usize) -> Entry {
        Entry(
            (node as u32 & 0x3FF)
                | (u32::from(on) << 10)
                | ((parent as u32 & 0x1FF) << 11)
                | ((links as u32 & 0x1F) << 20),
        )
    }
    fn node(self) -> usize {
        (self.0 & 0x3FF) as usize
    }
    fn on(self) -> bool {
        self.0 & (1 << 10) != 0
    }
    fn parent(self) -> usize {
        ((self.0 >> 11) & 0x1FF) as usize
    }
    fn links(self) -> usize {
        ((self.0 >> 20) & 0x1F) as usize
    }
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

/// The best chain of one kind: fewest links, then first start in cell order.
#[inline(never)]
pub(crate) fn chain(marks: &Marks, kind: Kind) -> Option<Step> {
    let bivalue = marks.bivalue();
    let mut best: Option<Step> = None;
    let mut best_links = MAX_LINKS + 1;
    for cell in bits::iter(marks.unsolved()) {
        if kind == Kind::Xy && bivalue & bits::bit(cell) == 0 {
            continue;
        }
        for digit in marks.candidates(cell) {
            let start = 9 * cell + usize::from(digit) - 1;
            if let Some((step, links)) = search(marks, kind, start, best_links, bivalue) {
                if links < best_links {
                    best_links = links;
                    best = Some(step);
                }
            }
        }
    }
    best
}

#[inline(never)]
/// Breadth-first search from `start` (assumed false) for a chain of fewer than `limit`
/// links that eliminates something.
fn search(
    marks: &Marks,
    kind: Kind,
    start: usize,
    limit: usize,
    bivalue: Cells,
) -> Option<(Step, usize)> {
    let mut queue = [Entry(0); QUEUE];
    let mut len = 0;
    // Visited nodes, per digit, in each state.
    let mut seen_on = [0 as Cells; 9];
    let mut seen_off = [0 as Cells; 9];
    queue[0] = Entry::new(start, false, 0, 0);
    len += 1;
    mark(&mut seen_off, start);
    let mut head = 0;
    while head < len {
        let entry = queue[head];
        let here = head;
        head += 1;
        let links = entry.links() + 1;
        if links >= limit || links > MAX_LINKS {
            break;
        }
        let node = entry.node();
        let (cell, digit) = (cell_of(node), digit_of(node));
        // The digit and cells reached by a same-digit link.
        let mut next: (usize, Cells) = (0, 0);
        let mut same_cell = 0u16;
        if entry.on() {
            // Weak links: the cell's other digits, the digit's peers.
            if kind == Kind::Aic {
                same_cell = marks.bits(cell) & !Digits::single(digit).bits();
            }
            let mut peers = marks.positions(digit) & bits::peers(cell);
            if kind == Kind::Xy {
                peers &= bivalue;
            }
            next = (usize::from(digit), peers);
        } else {
            // Strong links: the other candidate of a bivalue cell, the other place of the
            // digit in a unit.
            if kind != Kind::X && bivalue & bits::bit(cell) != 0 {
                same_cell = marks.bits(cell) & !Digits::single(digit).bits();
            }
            if kind != Kind::Xy {
                let mut others = 0;
                for unit in bits::units_of(cell) {
                    let at = marks.positions(digit) & bits::unit_mask(unit);
                    if bits::count(at) == 2 {
                        others |= at & !bits::bit(cell);
                    }
                }
                next = (usize::from(digit), others);
            }
        }
        let on = !entry.on();
        for d in Digits::from_bits(same_cell) {
            // At most one digit when strong (bivalue); all of them when weak.
            if !push(
                &mut queue,
                &mut len,
                &mut seen_on,
                &mut seen_off,
                9 * cell + usize::from(d) - 1,
                on,
                here,
                links,
            ) {
                continue;
            }
            if let Some(step) = conclude(marks, kind, &queue, len - 1, start) {
                return Some((step, links));
            }
        }
        let (d, cells) = next;
        if d == 0 {
            continue;
        }
        for other in bits::iter(cells) {
            if !push(
                &mut queue,
                &mut len,
                &mut seen_on,
                &mut seen_off,
                9 * other + d - 1,
                on,
                here,
                links,
            ) {
                continue;
            }
            if let Some(step) = conclude(marks, kind, &queue, len - 1, start) {
                return Some((step, links));
            }
        }
    }
    None
}

fn mark(seen: &mut [Cells; 9], node: usize) {
    if let Some(s) = seen.get_mut(node % 9) {
        *s |= bits::bit(cell_of(node));
    }
}

fn is_marked(seen: &[Cells; 9], node: usize) -> bool {
    seen.get(node % 9)
        .is_some_and(|s| s & bits::bit(cell_of(node)) != 0)
}

/// Queues a node unless seen in that state or the queue is full; true if queued.
#[allow(clippy::too_many_arguments)]
fn push(
    queue: &mut [Entry; QUEUE],
    len: &mut usize,
    seen_on: &mut [Cells; 9],
    seen_off: &mut [Cells; 9],
    node: usize,
    on: bool,
    parent: usize,
    links: usize,
) -> bool {
    let seen = if on { seen_on } else { seen_off };
    if is_marked(seen, node) || *len >= QUEUE {
        return false;
    }
    mark(seen, node);
    queue[*len] = Entry::new(node, on, parent, links);
    *len += 1;
    true
}

/// If the queued entry `at` is a true node whose chain from `start` eliminates something,
/// the step.
fn conclude(
    marks: &Marks,
    kind: Kind,
    queue: &[Entry; QUEUE],
    at: usize,
    start: usize,
) -> Option<Step> {
    let end = queue.get(at)?;
    if !end.on() || end.node() == start {
        return None;
    }
    let (cs, ds) = (cell_of(start), digit_of(start));
    let (ce, de) = (cell_of(end.node()), digit_of(end.node()));
    let technique = match kind {
        Kind::X => Technique::XChain,
        Kind::Xy => Technique::XyChain,
        Kind::Aic => Technique::Aic,
    };
    let mut step = Step::new(technique);
    if cs == ce {
        for d in marks.candidates(cs) {
            if d != ds && d != de {
                step.eliminate(cs, d);
            }
        }
    } else {
        for (cells, d) in targets(marks, start, end.node()) {
            step.eliminate_all(cells, d);
        }
    }
    if !step.is_productive() {
        return None;
    }
    // The chain, from the start to the end.
    let mut nodes = [0u16; STEP_PATTERN];
    let mut n = 0;
    let mut i = at;
    loop {
        let e = queue.get(i)?;
        if n < STEP_PATTERN {
            nodes[n] = e.node() as u16;
            n += 1;
        }
        if i == 0 {
            break;
        }
        i = e.parent();
    }
    for &node in nodes[..n].iter().rev() {
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
    Some(step)
}
