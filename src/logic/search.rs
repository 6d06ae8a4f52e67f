//! A small solution counter over pencil marks, for grids the library's solver cannot take
//! (pencil-mark puzzles): iterative backtracking with a fixed stack of at most 81 frames.
//! Each frame branches on whichever is narrower: the empty cell with the fewest options,
//! or the digit with the fewest places in a unit. A budget of nodes bounds the time.

use heapless::Vec;

use super::marks::Marks;
use crate::board::{CELLS, UNIT_CELLS};

/// How many solutions the marks allow, with the first one found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Solutions {
    /// None.
    None,
    /// Exactly one.
    Unique([u8; CELLS]),
    /// Two or more; the first found.
    Several([u8; CELLS]),
    /// The budget ran out first.
    Unknown,
}

/// The most branches tried before giving up.
const BUDGET: u32 = 1 << 20;

#[derive(Clone, Copy)]
struct Frame {
    /// The cell branched on, or the unit when `digit` is not 0.
    target: u8,
    /// 0 for a cell branch, else the digit of a unit branch.
    digit: u8,
    /// Options not tried yet: digits (bit d-1) or positions in the unit (bit k).
    rest: u16,
    /// The cell and digit currently assumed (digit 0: none).
    cell: u8,
    value: u8,
}

struct Grid<'a> {
    marks: &'a Marks,
    values: [u8; CELLS],
    used: [u16; 27],
}

impl Grid<'_> {
    fn options(&self, cell: usize) -> u16 {
        let [r, c, b] = super::bits::units_of(cell);
        self.marks.bits(cell) & !(self.used[r] | self.used[c] | self.used[b])
    }

    fn set(&mut self, cell: usize, digit: u8) {
        let bit = 1u16 << (digit - 1);
        for u in super::bits::units_of(cell) {
            self.used[u] |= bit;
        }
        if let Some(v) = self.values.get_mut(cell) {
            *v = digit;
        }
    }

    fn clear(&mut self, cell: usize, digit: u8) {
        let bit = 1u16 << (digit - 1);
        for u in super::bits::units_of(cell) {
            self.used[u] &= !bit;
        }
        if let Some(v) = self.values.get_mut(cell) {
            *v = 0;
        }
    }
}

/// Counts the solutions of `marks` up to two: every empty cell takes one of its candidates,
/// every unit holds each digit once.
pub(crate) fn solutions(marks: &Marks) -> Solutions {
    let mut grid = Grid {
        marks,
        values: [0; CELLS],
        used: [0; 27],
    };
    for cell in 0..CELLS {
        let digit = marks.value(cell);
        if digit == 0 {
            continue;
        }
        let bit = 1u16 << (digit - 1);
        if super::bits::units_of(cell)
            .iter()
            .any(|&u| grid.used[u] & bit != 0)
        {
            return Solutions::None;
        }
        grid.set(cell, digit);
    }
    let mut stack: Vec<Frame, CELLS> = Vec::new();
    let mut found = 0u32;
    let mut first = [0u8; CELLS];
    let mut budget = BUDGET;
    loop {
        match choose(&grid) {
            Choice::Dead => {}
            Choice::Solved => {
                found += 1;
                if found == 1 {
                    first = grid.values;
                } else {
                    return Solutions::Several(first);
                }
            }
            Choice::Branch(frame) => {
                if stack.push(frame).is_err() {
                    return Solutions::Unknown;
                }
            }
        }
        // Advance the top frame to its next option, popping exhausted frames.
        let mut advanced = false;
        while let Some(top) = stack.last_mut() {
            if top.value != 0 {
                grid.clear(usize::from(top.cell), top.value);
                top.value = 0;
            }
            if top.rest == 0 {
                stack.pop();
                continue;
            }
            budget -= 1;
            if budget == 0 {
                return Solutions::Unknown;
            }
            let bit = top.rest & top.rest.wrapping_neg();
            top.rest &= !bit;
            let k = bit.trailing_zeros() as usize;
            let (cell, digit) = if top.digit == 0 {
                (usize::from(top.target), k as u8 + 1)
            } else {
                let unit = UNIT_CELLS.get(usize::from(top.target));
                (
                    unit.and_then(|u| u.get(k)).map_or(0, |&c| usize::from(c)),
                    top.digit,
                )
            };
            top.cell = cell as u8;
            top.value = digit;
            grid.set(cell, digit);
            advanced = true;
            break;
        }
        if !advanced {
            break;
        }
    }
    if found == 1 {
        Solutions::Unique(first)
    } else {
        Solutions::None
    }
}

enum Choice {
    Dead,
    Solved,
    Branch(Frame),
}

fn choose(grid: &Grid<'_>) -> Choice {
    let mut best = Frame {
        target: 0,
        digit: 0,
        rest: 0,
        cell: 0,
        value: 0,
    };
    let mut width = 10;
    let mut any = false;
    for cell in 0..CELLS {
        if grid.values[cell] != 0 {
            continue;
        }
        any = true;
        let options = grid.options(cell);
        let n = crate::candidates::count9(options);
        if n == 0 {
            return Choice::Dead;
        }
        if n < width {
            width = n;
            best.target = cell as u8;
            best.digit = 0;
            best.rest = options;
        }
    }
    if !any {
        return Choice::Solved;
    }
    if width > 1 {
        for (unit, cells) in UNIT_CELLS.iter().enumerate() {
            for digit in 1..=9u8 {
                let bit = 1u16 << (digit - 1);
                if grid.used[unit] & bit != 0 {
                    continue;
                }
                let mut places = 0u16;
                for (k, &cell) in cells.iter().enumerate() {
                    let cell = usize::from(cell);
                    if grid.values[cell] == 0 && grid.options(cell) & bit != 0 {
                        places |= 1 << k;
                    }
                }
                let n = crate::candidates::count9(places);
                if n == 0 {
                    return Choice::Dead;
                }
                if n < width {
                    width = n;
                    best.target = unit as u8;
                    best.digit = digit;
                    best.rest = places;
                }
            }
        }
    }
    Choice::Branch(best)
}
