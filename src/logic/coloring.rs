//! Simple colours: the conjugate pairs of one digit, coloured in two alternating colours.
//! One colour is true. A colour with two cells that see each other is false (wrap); a
//! cell that sees both colours cannot hold the digit (trap).

use super::bits::{self, Cells};
use super::marks::Marks;
use super::step::Step;
use super::technique::Technique;

#[inline(never)]
pub(crate) fn simple_colors(marks: &Marks) -> Option<Step> {
    for digit in 1..=9u8 {
        let places = marks.positions(digit);
        let mut pairs = [0 as Cells; 27];
        let mut linked: Cells = 0;
        for (unit, pair) in pairs.iter_mut().enumerate() {
            let at = places & bits::unit_mask(unit);
            if bits::count(at) == 2 {
                *pair = at;
                linked |= at;
            }
        }
        let mut done: Cells = 0;
        for start in bits::iter(linked) {
            if done & bits::bit(start) != 0 {
                continue;
            }
            let (mut on, mut off) = (bits::bit(start), 0 as Cells);
            let mut frontier = on;
            let mut to_off = true;
            while frontier != 0 {
                let mut next = 0;
                for cell in bits::iter(frontier) {
                    for unit in bits::units_of(cell) {
                        let pair = pairs.get(unit).copied().unwrap_or(0);
                        if pair & bits::bit(cell) != 0 {
                            next |= pair;
                        }
                    }
                }
                next &= !(on | off);
                if to_off {
                    off |= next;
                } else {
                    on |= next;
                }
                to_off = !to_off;
                frontier = next;
            }
            done |= on | off;
            if bits::count(on | off) < 4 {
                continue;
            }
            for (colour, other) in [(on, off), (off, on)] {
                if bits::iter(colour).any(|c| bits::peers(c) & colour != 0) {
                    return Some(step(digit, colour, other, colour));
                }
            }
            let mut targets = 0;
            for cell in bits::iter(places & !(on | off)) {
                let seen = bits::peers(cell);
                if seen & on != 0 && seen & off != 0 {
                    targets |= bits::bit(cell);
                }
            }
            if targets != 0 {
                return Some(step(digit, on, off, targets));
            }
        }
    }
    None
}

fn step(digit: u8, a: Cells, b: Cells, targets: Cells) -> Step {
    let mut step = Step::new(Technique::SimpleColors);
    step.digit(digit);
    for cell in bits::iter(a) {
        step.node(cell, digit);
    }
    for cell in bits::iter(b) {
        step.node(cell, digit);
    }
    step.eliminate_all(targets, digit);
    step
}
