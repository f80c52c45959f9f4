//! Games in Hoey move notation: a transcript header, moves separated by `;`,
//! and an optional result.

use std::fmt;
use std::str::FromStr;

use super::movetext::HoeyMove;
use crate::notation::error::{GameError, SyntaxError};
use crate::notation::replay::{self, Replay};
use crate::notation::transcript::{Header, Winner};

/// A game as written: header, move texts, result. Reading a game only splits
/// it; [`Game::replay`] checks every move.
///
/// ```
/// use sprouts::notation::hoey::Game;
/// let g: Game = "5+ (Ann - Bob*) 1-6-2; 3-7-4; 1-8-2>; 3-9-4>1 II".parse().unwrap();
/// assert_eq!(g.header.spots, 5);
/// assert_eq!(g.moves.len(), 4);
/// assert_eq!(g.to_string(), "5+ (Ann - Bob*) 1-6-2; 3-7-4; 1-8-2>; 3-9-4>1 II");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// Spots, play convention and players.
    pub header: Header,
    /// The move texts, as written (trimmed).
    pub moves: Vec<String>,
    /// The recorded result, if any.
    pub winner: Option<Winner>,
}

impl FromStr for Game {
    type Err = SyntaxError;

    fn from_str(s: &str) -> Result<Game, SyntaxError> {
        let (header, rest) = Header::read(s)?;
        let (body, winner) = Winner::split_off(rest);
        let moves = body
            .split(';')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(String::from)
            .collect();
        Ok(Game {
            header,
            moves,
            winner,
        })
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.header)?;
        for (i, m) in self.moves.iter().enumerate() {
            f.write_str(if i == 0 { " " } else { "; " })?;
            f.write_str(m)?;
        }
        if let Some(w) = self.winner {
            write!(f, " {w}")?;
        }
        Ok(())
    }
}

impl Game {
    /// Replays the game from its start, checking every move.
    ///
    /// ```
    /// use sprouts::notation::hoey::Game;
    /// let g: Game = "5+ 1-6-2; 3-7-4; 1-8-2>; 3-9-4>1".parse().unwrap();
    /// let r = g.replay().unwrap();
    /// // No spot is dead yet: the abbreviated form only rotates boundaries.
    /// assert_eq!(r.position().to_hoey(), "1,8,2,6/3,9,4,7;1,6,2,8/3,7,4,9;5");
    /// ```
    pub fn replay(&self) -> Result<Replay, GameError> {
        replay::replay(&self.header, self.winner, &self.moves, |text, pos| {
            let hm: HoeyMove = text.parse().map_err(|e: SyntaxError| e.to_string())?;
            hm.to_move(pos).map_err(|e| e.to_string())
        })
    }
}
