//! Games in Hoey move notation: a transcript header, moves separated by `;`,
//! and an optional result.

use std::fmt;
use std::str::FromStr;

use super::movetext::HoeyMove;
use crate::model::{Move, Position};
use crate::notation::error::{GameError, SyntaxError};
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

/// One move of a replayed game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayedMove {
    /// The text as written.
    pub text: String,
    /// The canonical Hoey text of the move.
    pub canonical: String,
    /// The resolved move, in the position before it.
    pub resolved: Move,
}

/// A game whose every move was checked.
#[derive(Clone, Debug)]
pub struct Replay {
    header: Header,
    winner: Option<Winner>,
    start: Position,
    moves: Vec<ReplayedMove>,
    end: Position,
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
        let start = Position::start(self.header.spots, self.header.variant);
        let mut pos = start.clone();
        let mut moves = Vec::with_capacity(self.moves.len());
        for (i, text) in self.moves.iter().enumerate() {
            let fail = |reason: &dyn fmt::Display| GameError::new(i + 1, text.clone(), reason);
            let hm: HoeyMove = text.parse().map_err(|e: SyntaxError| fail(&e))?;
            let m = hm.to_move(&pos).map_err(|e| fail(&e))?;
            let canonical = HoeyMove::from_move(&pos, &m)
                .map_err(|e| fail(&e))?
                .to_string();
            pos.play_in_place(&m).map_err(|e| fail(&e))?;
            moves.push(ReplayedMove {
                text: text.clone(),
                canonical,
                resolved: m,
            });
        }
        Ok(Replay {
            header: self.header.clone(),
            winner: self.winner,
            start,
            moves,
            end: pos,
        })
    }
}

impl Replay {
    /// The header of the game.
    ///
    /// ```
    /// use sprouts::notation::hoey::Game;
    /// let r = "3- 1-4-2".parse::<Game>().unwrap().replay().unwrap();
    /// assert_eq!(r.header().spots, 3);
    /// ```
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The recorded result.
    ///
    /// ```
    /// use sprouts::notation::{hoey::Game, transcript::Winner};
    /// let r = "3+ 1-4-2 II".parse::<Game>().unwrap().replay().unwrap();
    /// assert_eq!(r.winner(), Some(Winner::Second));
    /// ```
    pub fn winner(&self) -> Option<Winner> {
        self.winner
    }

    /// The starting position.
    ///
    /// ```
    /// use sprouts::notation::hoey::Game;
    /// let r = "3+ 1-4-2".parse::<Game>().unwrap().replay().unwrap();
    /// assert_eq!(r.start().next_spot(), 4);
    /// ```
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves, checked, with their canonical texts.
    ///
    /// ```
    /// use sprouts::notation::hoey::Game;
    /// let r = "3+ 2-4-1".parse::<Game>().unwrap().replay().unwrap();
    /// assert_eq!(r.moves()[0].canonical, "1-4-2");
    /// ```
    pub fn moves(&self) -> &[ReplayedMove] {
        &self.moves
    }

    /// The position after the last move.
    ///
    /// ```
    /// use sprouts::notation::hoey::Game;
    /// let r = "3+ 1-4-2".parse::<Game>().unwrap().replay().unwrap();
    /// assert_eq!(r.position().to_hoey_full(), "1,4,2,4;3");
    /// ```
    pub fn position(&self) -> &Position {
        &self.end
    }

    /// The position after each move, in order (computed as it goes).
    ///
    /// ```
    /// use sprouts::notation::hoey::Game;
    /// let r = "3+ 1-4-2; 1-5-3".parse::<Game>().unwrap().replay().unwrap();
    /// let all: Vec<String> = r.positions().map(|p| p.to_hoey_full()).collect();
    /// assert_eq!(all, vec!["1,4,2,4;3", "1,5,3,5,1,4,2,4"]);
    /// ```
    pub fn positions(&self) -> impl Iterator<Item = Position> + '_ {
        let mut pos = self.start.clone();
        self.moves.iter().map(move |m| {
            pos.play_in_place(&m.resolved)
                .expect("replayed moves are legal");
            pos.clone()
        })
    }

    /// The game written canonically in Hoey notation.
    ///
    /// ```
    /// use sprouts::notation::hoey::Game;
    /// let r = "3+ (A - B*) 2-4-1 ; 3-5-1 I".parse::<Game>().unwrap().replay().unwrap();
    /// assert_eq!(r.to_hoey(), "3+ (A - B*) 1-4-2; 1-5-3 I");
    /// ```
    pub fn to_hoey(&self) -> String {
        Game {
            header: self.header.clone(),
            moves: self.moves.iter().map(|m| m.canonical.clone()).collect(),
            winner: self.winner,
        }
        .to_string()
    }
}
