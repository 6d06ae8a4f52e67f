//! [`Technique`]: the ladder of solving techniques, with their names, Sudoku Explainer
//! values and HoDoKu levels; [`Level`]: HoDoKu's five difficulty bands.

use core::fmt;

/// HoDoKu's five difficulty bands, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Level {
    /// Singles only.
    Easy = 1,
    /// Locked candidates, pairs and triples.
    Medium = 2,
    /// Quads, basic fish, single-digit patterns, wings, uniqueness.
    Hard = 3,
    /// Finned fish, chains, almost locked sets.
    Unfair = 4,
    /// Forcing nets and brute force.
    Extreme = 5,
}

impl Level {
    /// The five levels, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Unfair,
        Level::Extreme,
    ];

    /// The name HoDoKu gives the level: "Easy", "Medium", "Hard", "Unfair", "Extreme".
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Unfair => "Unfair",
            Level::Extreme => "Extreme",
        }
    }

    /// The highest total score (sum of [`Technique::score`] over the steps) that a puzzle of
    /// this level may have; above it, a puzzle moves up one level, as in HoDoKu.
    pub const fn max_score(self) -> u32 {
        match self {
            Level::Easy => 800,
            Level::Medium => 1000,
            Level::Hard => 1600,
            Level::Unfair => 1800,
            Level::Extreme => u32::MAX,
        }
    }

    /// The next level up (`Extreme` stays `Extreme`).
    pub const fn next(self) -> Level {
        match self {
            Level::Easy => Level::Medium,
            Level::Medium => Level::Hard,
            Level::Hard => Level::Unfair,
            Level::Unfair | Level::Extreme => Level::Extreme,
        }
    }

    /// The level whose [`Level::name`] is `name`, ignoring ASCII case.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|level| level.name().eq_ignore_ascii_case(name))
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// A solving technique. The discriminants are the ladder order: the engine always applies
/// the applicable technique with the smallest discriminant. They are part of the API (a C
/// caller sees them as numbers) and change only in a new major version.
///
/// The order follows HoDoKu's default solver order, except that hidden singles come before
/// naked singles, as in Sudoku Explainer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Technique {
    /// The last empty cell of a row, column or box.
    FullHouse = 0,
    /// The only cell of a box where a digit can go.
    HiddenSingleBox = 1,
    /// The only cell of a row or column where a digit can go.
    HiddenSingleLine = 2,
    /// A cell with one candidate left.
    NakedSingle = 3,
    /// Two cells of a line and a box with the same two candidates: both units lose them.
    LockedPair = 4,
    /// Three cells of a line and a box with three candidates: both units lose them.
    LockedTriple = 5,
    /// A digit of a box confined to one row or column: it leaves the rest of that line.
    LockedPointing = 6,
    /// A digit of a row or column confined to one box: it leaves the rest of that box.
    LockedClaiming = 7,
    /// Two cells of a unit with the same two candidates.
    NakedPair = 8,
    /// Three cells of a unit with three candidates between them.
    NakedTriple = 9,
    /// Two digits confined to the same two cells of a unit.
    HiddenPair = 10,
    /// Three digits confined to three cells of a unit.
    HiddenTriple = 11,
    /// Four cells of a unit with four candidates between them.
    NakedQuad = 12,
    /// Four digits confined to four cells of a unit.
    HiddenQuad = 13,
    /// A digit confined to the same two columns in two rows (or the transpose).
    XWing = 14,
    /// The three-line fish.
    Swordfish = 15,
    /// The four-line fish.
    Jellyfish = 16,
    /// A chain of cells with the same two candidates, each seeing the next.
    RemotePair = 17,
    /// Every unsolved cell has two candidates but one: the extra digit of that cell is
    /// true (uniqueness).
    BugPlus1 = 18,
    /// Two conjugate pairs of a digit in parallel lines sharing one end line.
    Skyscraper = 19,
    /// A conjugate pair in a row and one in a column, linked in a box.
    TwoStringKite = 20,
    /// Two conjugate pairs of a digit joined by a weak link (skyscraper and kite are two
    /// shapes of it).
    TurbotFish = 21,
    /// A digit in a box confined to a row and a column of it, with a conjugate pair.
    EmptyRectangle = 22,
    /// Two equal bivalue cells linked by a conjugate pair of one of their digits.
    WWing = 23,
    /// A bivalue pivot and two bivalue pincers.
    XyWing = 24,
    /// A trivalue pivot and two bivalue pincers.
    XyzWing = 25,
    /// Unique rectangle type 1: three corners hold only the pair (uniqueness).
    UniqueRectangle1 = 26,
    /// Unique rectangle type 2: two extra corners share one extra digit (uniqueness).
    UniqueRectangle2 = 27,
    /// Unique rectangle type 4: one digit of the pair is locked in the extra corners
    /// (uniqueness).
    UniqueRectangle4 = 28,
    /// X-wing with fins in one box.
    FinnedXWing = 29,
    /// Finned X-wing that would be degenerate without its fins.
    SashimiXWing = 30,
    /// Swordfish with fins in one box.
    FinnedSwordfish = 31,
    /// Finned swordfish that would be degenerate without its fins.
    SashimiSwordfish = 32,
    /// Jellyfish with fins in one box.
    FinnedJellyfish = 33,
    /// Finned jellyfish that would be degenerate without its fins.
    SashimiJellyfish = 34,
    /// Two colours of a digit's conjugate pairs: a colour that sees itself is false
    /// (wrap), and a cell that sees both colours loses the digit (trap).
    SimpleColors = 35,
    /// Two colour clusters of a digit: a colour that sees both colours of the other is
    /// false, and two colours that see each other leave one of their partners true.
    MultiColors = 36,
    /// An alternating chain of strong and weak links on one digit.
    XChain = 37,
    /// A chain of bivalue cells.
    XyChain = 38,
    /// An alternating inference chain mixing digits and cells.
    Aic = 39,
    /// Two almost locked sets linked by a restricted common digit.
    AlsXz = 40,
    /// Three almost locked sets: a pivot linked to two others by two restricted commons.
    AlsXyWing = 41,
    /// A candidate whose assumption leads, by singles, to a contradiction.
    ForcingNet = 42,
    /// The solution's digit of a cell, when no technique of the ladder applies.
    BruteForce = 43,
}

impl Technique {
    /// Number of techniques.
    pub const COUNT: usize = 44;

    /// Every technique, in ladder order.
    pub const ALL: [Technique; Technique::COUNT] = {
        let mut all = [Technique::FullHouse; Technique::COUNT];
        let mut i = 0;
        while i < Technique::COUNT {
            all[i] = match Technique::from_index(i as u8) {
                Some(t) => t,
                None => Technique::BruteForce,
            };
            i += 1;
        }
        all
    };

    /// The technique with discriminant `index`, if any.
    pub const fn from_index(index: u8) -> Option<Technique> {
        use Technique::*;
        Some(match index {
            0 => FullHouse,
            1 => HiddenSingleBox,
            2 => HiddenSingleLine,
            3 => NakedSingle,
            4 => LockedPair,
            5 => LockedTriple,
            6 => LockedPointing,
            7 => LockedClaiming,
            8 => NakedPair,
            9 => NakedTriple,
            10 => HiddenPair,
            11 => HiddenTriple,
            12 => NakedQuad,
            13 => HiddenQuad,
            14 => XWing,
            15 => Swordfish,
            16 => Jellyfish,
            17 => RemotePair,
            18 => BugPlus1,
            19 => Skyscraper,
            20 => TwoStringKite,
            21 => TurbotFish,
            22 => EmptyRectangle,
            23 => WWing,
            24 => XyWing,
            25 => XyzWing,
            26 => UniqueRectangle1,
            27 => UniqueRectangle2,
            28 => UniqueRectangle4,
            29 => FinnedXWing,
            30 => SashimiXWing,
            31 => FinnedSwordfish,
            32 => SashimiSwordfish,
            33 => FinnedJellyfish,
            34 => SashimiJellyfish,
            35 => SimpleColors,
            36 => MultiColors,
            37 => XChain,
            38 => XyChain,
            39 => Aic,
            40 => AlsXz,
            41 => AlsXyWing,
            42 => ForcingNet,
            43 => BruteForce,
            _ => return None,
        })
    }

    /// The discriminant, `0..COUNT`.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The name HoDoKu gives the technique (hidden singles in a box and in a line share
    /// "Hidden Single").
    pub const fn name(self) -> &'static str {
        use Technique::*;
        match self {
            FullHouse => "Full House",
            HiddenSingleBox | HiddenSingleLine => "Hidden Single",
            NakedSingle => "Naked Single",
            LockedPair => "Locked Pair",
            LockedTriple => "Locked Triple",
            LockedPointing => "Locked Candidates Type 1 (Pointing)",
            LockedClaiming => "Locked Candidates Type 2 (Claiming)",
            NakedPair => "Naked Pair",
            NakedTriple => "Naked Triple",
            HiddenPair => "Hidden Pair",
            HiddenTriple => "Hidden Triple",
            NakedQuad => "Naked Quadruple",
            HiddenQuad => "Hidden Quadruple",
            XWing => "X-Wing",
            Swordfish => "Swordfish",
            Jellyfish => "Jellyfish",
            RemotePair => "Remote Pair",
            BugPlus1 => "Bivalue Universal Grave + 1",
            Skyscraper => "Skyscraper",
            TwoStringKite => "2-String Kite",
            TurbotFish => "Turbot Fish",
            EmptyRectangle => "Empty Rectangle",
            WWing => "W-Wing",
            XyWing => "XY-Wing",
            XyzWing => "XYZ-Wing",
            UniqueRectangle1 => "Uniqueness Test 1",
            UniqueRectangle2 => "Uniqueness Test 2",
            UniqueRectangle4 => "Uniqueness Test 4",
            FinnedXWing => "Finned X-Wing",
            SashimiXWing => "Sashimi X-Wing",
            FinnedSwordfish => "Finned Swordfish",
            SashimiSwordfish => "Sashimi Swordfish",
            FinnedJellyfish => "Finned Jellyfish",
            SashimiJellyfish => "Sashimi Jellyfish",
            SimpleColors => "Simple Colors",
            MultiColors => "Multi Colors",
            XChain => "X-Chain",
            XyChain => "XY-Chain",
            Aic => "AIC",
            AlsXz => "ALS-XZ",
            AlsXyWing => "ALS-XY-Wing",
            ForcingNet => "Forcing Net Contradiction",
            BruteForce => "Brute Force",
        }
    }

    /// The technique's base value on Sudoku Explainer's scale, in tenths (23 = 2.3).
    ///
    /// Published SE 1.2.1 values where SE has the technique (singles, intersections,
    /// subsets, basic fish, XY- and XYZ-wing, unique rectangles, BUG). Techniques SE does
    /// not name get the value SE gives the chain it finds instead: turbot-fish-like
    /// patterns (skyscraper, kite, empty rectangle, colouring, finned X-wing) 6.5-6.6,
    /// X-chains 6.6, XY-chains 6.6, AICs 7.0, ALS-XZ 7.1 and ALS-XY-wing 7.3 (forcing
    /// chains), forcing nets 8.5, brute force 10.0. Chains and nets add SE's length bonus, see
    /// [`Step::se_rating`](crate::Step::se_rating).
    pub const fn se_rating(self) -> u8 {
        use Technique::*;
        match self {
            FullHouse => 10,
            HiddenSingleBox => 12,
            HiddenSingleLine => 15,
            NakedSingle => 23,
            LockedPointing => 26,
            LockedClaiming => 28,
            NakedPair | LockedPair => 30,
            XWing => 32,
            HiddenPair => 34,
            NakedTriple | LockedTriple => 36,
            Swordfish => 38,
            HiddenTriple => 40,
            XyWing => 42,
            XyzWing => 44,
            UniqueRectangle1 | UniqueRectangle4 => 45,
            UniqueRectangle2 => 46,
            NakedQuad => 50,
            Jellyfish => 52,
            HiddenQuad => 54,
            BugPlus1 => 56,
            Skyscraper | TwoStringKite | EmptyRectangle | FinnedXWing => 65,
            SashimiXWing | SimpleColors | RemotePair | WWing | TurbotFish => 66,
            FinnedSwordfish | SashimiSwordfish | MultiColors => 67,
            FinnedJellyfish | SashimiJellyfish => 68,
            XChain | XyChain => 66,
            Aic => 70,
            AlsXz => 71,
            AlsXyWing => 73,
            ForcingNet => 85,
            BruteForce => 100,
        }
    }

    /// The technique's level, as HoDoKu assigns it by default.
    pub const fn level(self) -> Level {
        use Technique::*;
        match self {
            FullHouse | HiddenSingleBox | HiddenSingleLine | NakedSingle => Level::Easy,
            LockedPair | LockedTriple | LockedPointing | LockedClaiming | NakedPair
            | NakedTriple | HiddenPair | HiddenTriple => Level::Medium,
            NakedQuad | HiddenQuad | XWing | Swordfish | Jellyfish | RemotePair | BugPlus1
            | Skyscraper | TwoStringKite | TurbotFish | EmptyRectangle | WWing | XyWing
            | XyzWing | UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle4 | FinnedXWing
            | SashimiXWing | SimpleColors | MultiColors => Level::Hard,
            FinnedSwordfish | SashimiSwordfish | FinnedJellyfish | SashimiJellyfish | XChain
            | XyChain | Aic | AlsXz | AlsXyWing => Level::Unfair,
            ForcingNet | BruteForce => Level::Extreme,
        }
    }

    /// HoDoKu's default score for one step of the technique; a puzzle's score is the sum
    /// over its steps (see [`Level::max_score`]).
    pub const fn score(self) -> u32 {
        match self {
            Technique::ForcingNet | Technique::BruteForce => self.score_u16() as u32,
            _ => 2 * Technique::HALF_SCORES[self as usize] as u32,
        }
    }

    /// Half of each technique's [`Technique::score`] (every score is even), in a byte, in
    /// discriminant order, but for the forcing net's and brute force's (700 and 10 000),
    /// which [`Technique::score`] gives itself: 44 bytes of a firmware's flash, where a
    /// table of 16-bit scores took 88 (and the compiler made the match one of 32-bit
    /// words).
    const HALF_SCORES: [u8; Technique::COUNT] = {
        let mut scores = [0; Technique::COUNT];
        let mut i = 0;
        while i < Technique::COUNT {
            let score = Technique::ALL[i].score_u16();
            assert!(score & 1 == 0);
            scores[i] = if score <= 510 { (score / 2) as u8 } else { 0 };
            i += 1;
        }
        scores
    };

    const fn score_u16(self) -> u16 {
        use Technique::*;
        match self {
            FullHouse | NakedSingle => 4,
            HiddenSingleBox | HiddenSingleLine => 14,
            LockedPair => 40,
            LockedTriple => 60,
            LockedPointing | LockedClaiming => 50,
            NakedPair => 60,
            NakedTriple => 80,
            HiddenPair => 70,
            HiddenTriple => 100,
            NakedQuad => 120,
            HiddenQuad => 150,
            XWing => 140,
            Swordfish => 150,
            Jellyfish => 160,
            RemotePair => 110,
            BugPlus1 => 100,
            Skyscraper => 130,
            TwoStringKite => 150,
            TurbotFish | EmptyRectangle => 120,
            WWing => 150,
            XyWing => 160,
            XyzWing => 180,
            UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle4 => 100,
            FinnedXWing => 130,
            SashimiXWing => 150,
            FinnedSwordfish => 200,
            SashimiSwordfish => 240,
            FinnedJellyfish => 250,
            SashimiJellyfish => 260,
            SimpleColors => 150,
            MultiColors => 200,
            XChain | XyChain => 260,
            Aic => 280,
            AlsXz => 300,
            AlsXyWing => 320,
            ForcingNet => 700,
            BruteForce => 10000,
        }
    }

    /// True if the technique is only valid when the puzzle has a unique solution.
    pub const fn needs_uniqueness(self) -> bool {
        matches!(
            self,
            Technique::BugPlus1
                | Technique::UniqueRectangle1
                | Technique::UniqueRectangle2
                | Technique::UniqueRectangle4
        )
    }

    /// True for the last resort (forcing nets and brute force), which a human solver
    /// would call trial and error.
    pub const fn is_last_resort(self) -> bool {
        matches!(self, Technique::ForcingNet | Technique::BruteForce)
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_halved_and_given_back() {
        for t in Technique::ALL {
            assert_eq!(t.score(), u32::from(t.score_u16()), "{t:?}");
        }
        assert_eq!(Technique::ForcingNet.score(), 700);
        assert_eq!(Technique::BruteForce.score(), 10_000);
    }

    #[test]
    fn discriminants_are_the_ladder() {
        for (i, t) in Technique::ALL.iter().enumerate() {
            assert_eq!(t.index(), i);
            assert_eq!(Technique::from_index(i as u8), Some(*t));
        }
        assert_eq!(Technique::from_index(Technique::COUNT as u8), None);
    }

    #[test]
    fn published_values() {
        assert_eq!(Technique::HiddenSingleBox.se_rating(), 12);
        assert_eq!(Technique::NakedSingle.se_rating(), 23);
        assert_eq!(Technique::XWing.se_rating(), 32);
        assert_eq!(Technique::Jellyfish.level(), Level::Hard);
        assert_eq!(Technique::FinnedSwordfish.level(), Level::Unfair);
        assert_eq!(Level::from_name("unfair"), Some(Level::Unfair));
    }
}
