//! Independent reference solvers, for tests, benchmarks and fuzzing only (never linked into
//! the library or the CLI). They share no code with the crate: they work on plain
//! `[u8; 81]` arrays and check rows, columns and boxes by scanning.

/// True if `digit` can go in `cell` of `grid`: it is not in the cell's row, column or box.
fn fits(grid: &[u8; 81], cell: usize, digit: u8) -> bool {
    let (row, col) = (cell / 9, cell % 9);
    let (top, left) = (row / 3 * 3, col / 3 * 3);
    for i in 0..9 {
        if grid[row * 9 + i] == digit
            || grid[i * 9 + col] == digit
            || grid[(top + i / 3) * 9 + left + i % 3] == digit
        {
            return false;
        }
    }
    true
}

/// A faithful port of the original C++ program's algorithm: take the first empty cell, try
/// 1..=9 in order, check the row, column and box, recurse, backtrack. Returns the solution
/// and the number of digit placements tried, or `None` when there is no solution or when
/// more than `max_tries` placements were tried (the original can take seconds or hours).
pub fn original_solve(grid: &[u8; 81], max_tries: u64) -> Option<([u8; 81], u64)> {
    fn go(grid: &mut [u8; 81], tries: &mut u64, max: u64) -> Option<bool> {
        let Some(cell) = grid.iter().position(|&v| v == 0) else {
            return Some(true);
        };
        for digit in 1..=9 {
            if fits(grid, cell, digit) {
                *tries += 1;
                if *tries > max {
                    return None;
                }
                grid[cell] = digit;
                if go(grid, tries, max)? {
                    return Some(true);
                }
                grid[cell] = 0;
            }
        }
        Some(false)
    }
    let mut work = *grid;
    // The original assumes consistent givens; check them as it would have needed to.
    for cell in 0..81 {
        let digit = work[cell];
        if digit != 0 {
            work[cell] = 0;
            let ok = fits(&work, cell, digit);
            work[cell] = digit;
            if !ok {
                return None;
            }
        }
    }
    let mut tries = 0;
    match go(&mut work, &mut tries, max_tries) {
        Some(true) => Some((work, tries)),
        _ => None,
    }
}

/// Counts solutions up to `limit` with a plain backtracker that branches on the empty cell
/// with the fewest fitting digits (no other propagation). Conflicting givens give 0.
pub fn reference_count(grid: &[u8; 81], limit: u64) -> u64 {
    fn go(grid: &mut [u8; 81], count: &mut u64, limit: u64) {
        let mut best: Option<(usize, [bool; 10], usize)> = None;
        for cell in 0..81 {
            if grid[cell] != 0 {
                continue;
            }
            let mut ok = [false; 10];
            let mut n = 0;
            for digit in 1..=9u8 {
                if fits(grid, cell, digit) {
                    ok[digit as usize] = true;
                    n += 1;
                }
            }
            if best.as_ref().is_none_or(|b| n < b.2) {
                best = Some((cell, ok, n));
                if n == 0 {
                    return;
                }
            }
        }
        let Some((cell, ok, _)) = best else {
            *count += 1;
            return;
        };
        for digit in 1..=9u8 {
            if ok[digit as usize] {
                grid[cell] = digit;
                go(grid, count, limit);
                grid[cell] = 0;
                if *count >= limit {
                    return;
                }
            }
        }
    }
    for cell in 0..81 {
        let digit = grid[cell];
        if digit > 9 {
            return 0;
        }
        if digit != 0 {
            let mut work = *grid;
            work[cell] = 0;
            if !fits(&work, cell, digit) {
                return 0;
            }
        }
    }
    if limit == 0 {
        return 0;
    }
    let mut work = *grid;
    let mut count = 0;
    go(&mut work, &mut count, limit);
    count
}

/// True if `grid` is complete, every row, column and box holds 1..=9 once, and every
/// non-zero cell of `givens` is kept.
pub fn is_valid_solution(givens: &[u8; 81], grid: &[u8; 81]) -> bool {
    for unit in 0..27 {
        let mut seen = [false; 10];
        for i in 0..9 {
            let cell = match unit / 9 {
                0 => (unit % 9) * 9 + i,
                1 => i * 9 + unit % 9,
                _ => ((unit % 9) / 3 * 3 + i / 3) * 9 + (unit % 9) % 3 * 3 + i % 3,
            };
            let digit = grid[cell] as usize;
            if digit == 0 || digit > 9 || seen[digit] {
                return false;
            }
            seen[digit] = true;
        }
    }
    givens.iter().zip(grid).all(|(&g, &s)| g == 0 || g == s)
}
