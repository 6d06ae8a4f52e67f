use crate::Rng;

/// A symmetry of the Sudoku grid: digits relabelled, bands and stacks permuted, rows within
/// bands and columns within stacks permuted, and maybe a transposition. It maps valid grids
/// to valid grids and puzzles to equally hard puzzles (for a solver without a fixed order),
/// with the same number of solutions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Isomorph {
    /// `digits[d]` is the new label of digit `d` (`digits[0] == 0`: a blank stays blank).
    pub digits: [u8; 10],
    /// Row `r` of the result comes from row `rows[r]` of the source.
    pub rows: [usize; 9],
    /// Column `c` of the result comes from column `cols[c]` of the source.
    pub cols: [usize; 9],
    /// Whether the source is read transposed.
    pub transpose: bool,
}

impl Isomorph {
    /// The identity.
    pub const IDENTITY: Isomorph = Isomorph {
        digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        rows: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        transpose: false,
    };

    /// A random symmetry drawn from `rng`.
    pub fn random(rng: &mut Rng) -> Isomorph {
        let mut iso = Isomorph::IDENTITY;
        rng.shuffle(&mut iso.digits[1..]);
        for lines in [&mut iso.rows, &mut iso.cols] {
            let mut groups = [0, 1, 2];
            rng.shuffle(&mut groups);
            for (g, &group) in groups.iter().enumerate() {
                let mut within = [0, 1, 2];
                rng.shuffle(&mut within);
                for (w, &offset) in within.iter().enumerate() {
                    lines[3 * g + w] = 3 * group + offset;
                }
            }
        }
        iso.transpose = rng.below(2) == 1;
        iso
    }

    /// A symmetry chosen by 32 bytes (e.g. from proptest): every byte string gives one.
    pub fn from_seed(seed: &[u8; 32]) -> Isomorph {
        let mut rng = Rng::new(seed.chunks_exact(8).fold(0, |acc, chunk| {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            acc ^ u64::from_le_bytes(word).rotate_left(17)
        }));
        Isomorph::random(&mut rng)
    }

    /// The image of `grid`.
    pub fn apply(&self, grid: &[u8; 81]) -> [u8; 81] {
        let mut out = [0u8; 81];
        for row in 0..9 {
            for col in 0..9 {
                let (r, c) = (self.rows[row], self.cols[col]);
                let from = if self.transpose { 9 * c + r } else { 9 * r + c };
                out[9 * row + col] = self.digits[usize::from(grid[from])];
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::{reference, Isomorph, Rng};

    #[test]
    fn an_isomorph_maps_a_solved_grid_to_a_solved_grid() {
        let text =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let grid = crate::cells_of(text);
        let mut rng = Rng::new(3);
        for _ in 0..200 {
            let iso = Isomorph::random(&mut rng);
            let image = iso.apply(&grid);
            assert!(reference::is_valid_solution(&[0; 81], &image));
        }
        assert_eq!(Isomorph::IDENTITY.apply(&grid), grid);
    }
}
