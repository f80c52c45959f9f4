//! WGOSA game transcripts: `14+ (AuntBeast* - Khorkov) 1(15)2 1(16)1[3-10] ... II`.

use std::fmt;
use std::str::FromStr;

use super::WgosaMove;
use crate::notation::error::{GameError, SyntaxError};
use crate::notation::replay::{self, Replay};
use crate::notation::transcript::{Header, Winner};

/// A WGOSA transcript as written: header, moves separated by white space,
/// optional result.
///
/// ```
/// use sprouts::notation::wgosa::WgosaGame;
/// let g: WgosaGame = "3+ (Steinitz - Morphy *) 1(4)1[2] I".parse().unwrap();
/// assert_eq!(g.moves, vec!["1(4)1[2]".to_string()]);
/// let r = g.replay().unwrap();
/// assert_eq!(r.position().to_hoey(), "1,4;2/1,4;3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WgosaGame {
    /// Spots, play convention and players.
    pub header: Header,
    /// The move texts, as written.
    pub moves: Vec<String>,
    /// The recorded result, if any.
    pub winner: Option<Winner>,
}

/// A replayed WGOSA game (the same type as every replayed game).
pub type WgosaReplay = Replay;

impl FromStr for WgosaGame {
    type Err = SyntaxError;

    fn from_str(s: &str) -> Result<WgosaGame, SyntaxError> {
        let (header, rest) = Header::read(s)?;
        let (body, winner) = Winner::split_off(rest);
        Ok(WgosaGame {
            header,
            moves: body.split_whitespace().map(String::from).collect(),
            winner,
        })
    }
}

impl fmt::Display for WgosaGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.header)?;
        for m in &self.moves {
            write!(f, " {m}")?;
        }
        if let Some(w) = self.winner {
            write!(f, " {w}")?;
        }
        Ok(())
    }
}

impl WgosaGame {
    /// Replays the game, resolving every move by NOTES.md section 4.
    pub fn replay(&self) -> Result<Replay, GameError> {
        replay::replay(&self.header, self.winner, &self.moves, |text, pos| {
            let m: WgosaMove = text.parse().map_err(|e: SyntaxError| e.to_string())?;
            m.to_move(pos).map_err(|e| e.to_string())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The published games of ../shared/testdata/wgosa-games.txt.
    const GAMES: &str = include_str!("../../../tests/data/wgosa-games.txt");

    #[test]
    fn published_games_replay() {
        let mut n = 0;
        for line in GAMES
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let g: WgosaGame = line.parse().unwrap();
            let r = g.replay().unwrap_or_else(|e| panic!("{}: {e}", g.header));
            assert_eq!(r.moves().len(), g.moves.len());
            // Every move's canonical WGOSA text reads back to it and writes
            // back byte for byte.
            let mut pos = r.start().clone();
            for m in r.moves() {
                let w = WgosaMove::from_move(&pos, &m.resolved).unwrap().to_string();
                let back = w.parse::<WgosaMove>().unwrap().to_move(&pos).unwrap();
                assert!(pos.same_move(&back, &m.resolved), "{w}");
                assert_eq!(WgosaMove::from_move(&pos, &back).unwrap().to_string(), w);
                pos.play_in_place(&m.resolved).unwrap();
            }
            n += 1;
        }
        assert_eq!(n, 5);
    }
}
