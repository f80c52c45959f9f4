//! Danny Purvis's figures for a position: lives, moves made and left, and the
//! parity of "cannibals" (Purvis, December 2000; docs/notations.md#sources).

use super::position::{Position, Variant};

/// Counting facts about a position.
///
/// Every move takes one life (two ends use two, the new spot brings one), so a
/// game from N spots that has made k moves has `3N - k` lives, and it ends
/// with at least one live spot: at most `3N - 1` moves. Each survivor of the
/// end has two lines, and there are at most N of them, so the game lasts at
/// least `2N` moves.
///
/// A move changes the number of cannibals (live spots of degree 0 or 2) by an
/// odd number, and at the end the cannibals are the survivors. So the player
/// to move now is the one to move at the end exactly when the number of
/// survivors has the parity of today's cannibals.
///
/// ```
/// use sprouts::model::{Position, Variant};
/// let f = Position::start(5, Variant::Normal).purvis();
/// assert_eq!((f.lives, f.moves_made, f.moves_left_min, f.moves_left_max), (15, Some(0), 10, 14));
/// assert_eq!(f.cannibals, 5);
/// // With an even number of survivors the first player wins normal play.
/// assert!(f.mover_wins_with_survivors(4));
/// assert!(!f.mover_wins_with_survivors(3));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Purvis {
    /// Lives left: `3 - degree` summed over every spot.
    pub lives: u32,
    /// Moves made since the start, when the start is known.
    pub moves_made: Option<u32>,
    /// Fewest moves that can still be made.
    pub moves_left_min: u32,
    /// Most moves that can still be made.
    pub moves_left_max: u32,
    /// Live spots of degree 0 or 2.
    pub cannibals: u32,
    /// Normal or misère play.
    pub variant: Variant,
}

impl Purvis {
    /// Whether the player to move wins if the game ends with `survivors` live
    /// spots (Purvis's argument, for this position's play convention).
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// let f = Position::start(5, Variant::Misere).purvis();
    /// assert!(f.mover_wins_with_survivors(3));
    /// ```
    pub fn mover_wins_with_survivors(&self, survivors: u32) -> bool {
        // The mover faces the end position iff parities agree; facing it
        // loses in normal play and wins in misère play.
        let mover_faces_end = survivors % 2 == self.cannibals % 2;
        match self.variant {
            Variant::Normal => !mover_faces_end,
            Variant::Misere => mover_faces_end,
        }
    }
}

impl Position {
    /// Purvis's figures for this position (see [`Purvis`]).
    ///
    /// ```
    /// use sprouts::model::Position;
    /// assert_eq!(Position::start(2, Default::default()).purvis().moves_left_max, 5);
    /// ```
    pub fn purvis(&self) -> Purvis {
        let lives = self.lives();
        let moves_made = self
            .start
            .map(|n| self.next_spot().saturating_sub(1).saturating_sub(n));
        let cannibals = self
            .live_spots()
            .filter(|&s| self.degree(s) % 2 == 0)
            .count() as u32;
        let over = self.is_over();
        let moves_left_max = if over { 0 } else { lives.saturating_sub(1) };
        let moves_left_min = if over {
            0
        } else {
            let by_start = match (self.start, moves_made) {
                (Some(n), Some(k)) => (2 * n).saturating_sub(k),
                _ => 0,
            };
            by_start.max(1).min(moves_left_max)
        };
        Purvis {
            lives,
            moves_made,
            moves_left_min,
            moves_left_max,
            cannibals,
            variant: self.variant,
        }
    }
}
