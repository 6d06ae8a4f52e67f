//! Hall's condition in one unit: whether its digits can each have a cell of their own.
//!
//! Both engines' strong modes check it: k digits with fewer than k places between them
//! (3 digits confined to 2 cells) are a contradiction that no rule about one digit or one
//! cell sees, and a search that never guesses in that unit would find it only at the
//! bottom of every branch.

/// Whether each of 9 digits can have its own cell among its places (cells as the low `N`
/// bits of a `u32`, `N` a power of two: 32 for a band's 27 cells, 16 for a unit's 9):
/// augmenting paths over at most 9 digits. Indices are masked to their arrays rather than
/// checked or divided: a Cortex-M0 has no divide instruction, and the masks let the
/// compiler drop every bounds check.
#[inline(never)]
pub(super) fn has_matching<const N: usize>(places: &[u32; 9]) -> bool {
    // owner[cell]: the digit matched to a taken cell; cell_of[digit]: the cell of a matched
    // digit; parent[cell]: the digit that reached the cell in a search. Only entries
    // written before (in the same search, for `parent`) are read, so they start as zeros,
    // once.
    let (mut owner, mut parent, mut cell_of) = ([0u8; N], [0u8; N], [0u8; 16]);
    let mut taken = 0u32;
    for digit in 0..9 {
        // A free place of the digit's own, taken without the search below (which would
        // find one too): half the matching's instructions in the band engine's strong
        // mode. The compact build, where 88 bytes of Cortex-M0 flash weigh more, goes
        // without it.
        let free = places[digit] & !taken;
        if cfg!(feature = "fast") && free != 0 {
            let cell = free.trailing_zeros() as usize & (N - 1);
            owner[cell] = digit as u8;
            cell_of[digit] = cell as u8;
            taken |= 1 << cell;
            continue;
        }
        // Search from `digit` through the digits that own the cells it reaches (each
        // once: distinct cells have distinct owners), until one reaches a free cell.
        let mut pending = 1u16 << digit;
        let mut seen = 0u32;
        let mut end = None;
        while pending != 0 && end.is_none() {
            let from = pending.trailing_zeros() as usize;
            pending &= pending - 1;
            let mut next = places.get(from).copied().unwrap_or(0) & !seen;
            seen |= next;
            while next != 0 {
                let cell = next.trailing_zeros() as usize & (N - 1);
                next &= next - 1;
                parent[cell] = from as u8;
                if taken >> cell & 1 == 0 {
                    end = Some(cell);
                    break;
                }
                pending |= 1 << (owner[cell] & 15);
            }
        }
        let Some(mut cell) = end else {
            return false;
        };
        taken |= 1 << cell;
        // Shift the matching along the path back to `digit`.
        loop {
            let by = usize::from(parent[cell & (N - 1)]);
            let previous = usize::from(cell_of[by & 15]);
            owner[cell & (N - 1)] = by as u8;
            cell_of[by & 15] = cell as u8;
            if by == digit {
                break;
            }
            cell = previous;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::has_matching;
    use proptest::prelude::*;

    /// Hall's condition checked directly: every set of digits has at least as many places
    /// between them as it has digits.
    fn hall(places: &[u32; 9]) -> bool {
        (1u32..512).all(|set| {
            let union = (0..9)
                .filter(|d| set >> d & 1 != 0)
                .fold(0, |union, d| union | places[d]);
            union.count_ones() >= set.count_ones()
        })
    }

    /// Places for 9 digits among `cells` cells, drawn from `seed` so that both answers are
    /// common: a matching (each digit a cell of its own) plus a few more places each, then,
    /// for odd seeds, k digits crowded into k - 1 of their cells or fewer.
    fn places(seed: u64, cells: u32) -> [u32; 9] {
        let mut state = seed;
        let mut next = move || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let mut order: [u32; 32] = core::array::from_fn(|i| i as u32);
        for i in (1..cells as usize).rev() {
            order.swap(i, next() as usize % (i + 1));
        }
        let mask = if cells == 32 {
            u32::MAX
        } else {
            (1 << cells) - 1
        };
        let mut places: [u32; 9] = core::array::from_fn(|d| {
            let extra = next() as u32 & next() as u32 & mask;
            1 << order[d] | extra
        });
        if seed & 1 == 1 {
            let digits = next() as u32 | 1 << (next() % 9);
            let k = (0..9).filter(|d| digits >> d & 1 != 0).count() as u32;
            let mut keep = next() as u32 & mask;
            while keep.count_ones() >= k {
                keep &= keep - 1;
            }
            for (d, set) in places.iter_mut().enumerate() {
                if digits >> d & 1 != 0 {
                    *set &= keep;
                }
            }
        }
        places
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(5000))]

        #[test]
        fn a_unit_matches_when_hall_says_so(seed in any::<u64>()) {
            let places = places(seed, 9);
            prop_assert_eq!(has_matching::<16>(&places), hall(&places), "{:x?}", places);
        }

        #[test]
        fn a_band_matches_when_hall_says_so(seed in any::<u64>()) {
            let places = places(seed, 27);
            prop_assert_eq!(has_matching::<32>(&places), hall(&places), "{:x?}", places);
        }
    }

    #[test]
    fn the_drawn_places_give_both_answers() {
        for cells in [9, 27] {
            let matched = (0..2000).filter(|&seed| hall(&places(seed, cells))).count();
            assert!(
                (600..1400).contains(&matched),
                "{cells} cells: {matched} of 2000"
            );
        }
    }

    #[test]
    fn three_digits_in_two_cells_do_not_match() {
        let mut places = [
            1u32 << 8,
            1 << 7,
            1 << 6,
            1 << 5,
            1 << 4,
            1 << 3,
            0b11,
            0b11,
            0b11,
        ];
        assert!(!has_matching::<16>(&places));
        places[8] = 0b111;
        assert!(has_matching::<16>(&places));
    }
}
