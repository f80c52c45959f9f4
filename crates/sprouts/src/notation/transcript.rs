//! The parts of a game transcript that every move notation shares: the
//! header (`5+`, `17-`, optional `(Left - Right*, provenance)`) and the
//! result (`I`: the first player won, `II`: the second).
//!
//! ```
//! use sprouts::notation::transcript::{Header, Winner};
//! use sprouts::model::Variant;
//! let (h, rest) = Header::read("8+ (AuntBeast* - Peltier) 1(9)2").unwrap();
//! assert_eq!((h.spots, h.variant), (8, Variant::Normal));
//! assert_eq!(h.players.as_deref(), Some("AuntBeast* - Peltier"));
//! assert_eq!(rest.trim(), "1(9)2");
//! assert_eq!(Winner::split_off("1(9)2 II"), ("1(9)2 ", Some(Winner::Second)));
//! ```

use std::fmt;
use std::str::FromStr;

use super::error::SyntaxError;
use super::notation_kind::Notation;
use crate::model::{MAX_SPOT, Variant};

/// The header of a transcript.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// Number of spots at the start.
    pub spots: u32,
    /// `+` normal play, `-` misère; a bare number means normal play.
    pub variant: Variant,
    /// Whether the header wrote its sign: a bare number (`22`) says normal
    /// play only by default, so a program may let its user choose misère.
    pub signed: bool,
    /// What stood between the parentheses, if anything (players, the server
    /// marked with `*`, provenance after a comma), without the parentheses.
    pub players: Option<String>,
}

impl Header {
    /// Reads a header at the start of `text` (after optional white space) and
    /// returns it with the rest of the text.
    ///
    /// ```
    /// use sprouts::notation::transcript::Header;
    /// let (h, rest) = Header::read("  17- 1(18)1").unwrap();
    /// assert_eq!(h.to_string(), "17-");
    /// assert_eq!(rest, " 1(18)1");
    /// assert_eq!(Header::read("x").unwrap_err().to_string(), "at byte 0: expected the number of spots, found 'x'");
    /// ```
    pub fn read(text: &str) -> Result<(Header, &str), SyntaxError> {
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        let digits_start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        if i == digits_start {
            return Err(SyntaxError::new(
                i,
                "the number of spots",
                text[i..].chars().next(),
            ));
        }
        let spots: u32 = text[digits_start..i]
            .parse()
            .ok()
            .filter(|&n: &u32| n < MAX_SPOT / 4)
            .ok_or_else(|| {
                SyntaxError::new(
                    digits_start,
                    "a number of spots below 262144",
                    text[digits_start..].chars().next(),
                )
            })?;
        let (variant, signed) = match bytes.get(i) {
            Some(b'+') => {
                i += 1;
                (Variant::Normal, true)
            }
            Some(b'-') => {
                i += 1;
                (Variant::Misere, true)
            }
            _ => (Variant::Normal, false),
        };
        // The sign must end the header token: "5+1-6-2" is not a header.
        let mut j = i;
        while j < bytes.len() && bytes[j].is_ascii_whitespace() {
            j += 1;
        }
        let mut players = None;
        if bytes.get(j) == Some(&b'(') {
            let close = text[j..]
                .find(')')
                .map(|k| j + k)
                .ok_or_else(|| SyntaxError::new(text.len(), "')' closing the players", None))?;
            players = Some(text[j + 1..close].trim().to_string());
            i = close + 1;
        } else if i < bytes.len() && !bytes[i].is_ascii_whitespace() {
            return Err(SyntaxError::new(
                i,
                "white space after the header",
                text[i..].chars().next(),
            ));
        }
        Ok((
            Header {
                spots,
                variant,
                signed,
                players,
            },
            &text[i..],
        ))
    }
}

impl fmt::Display for Header {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.spots, self.variant.sign())?;
        if let Some(p) = &self.players {
            write!(f, " ({p})")?;
        }
        Ok(())
    }
}

/// Who won, as a transcript records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Winner {
    /// `I`: the player who moved first.
    First,
    /// `II`: the player who moved second.
    Second,
}

impl Winner {
    /// Splits a trailing `I` or `II` (a whole word) off the end of a transcript.
    ///
    /// ```
    /// use sprouts::notation::transcript::Winner;
    /// assert_eq!(Winner::split_off("1-3-2; I\n"), ("1-3-2; ", Some(Winner::First)));
    /// assert_eq!(Winner::split_off("1-3-2"), ("1-3-2", None));
    /// ```
    pub fn split_off(text: &str) -> (&str, Option<Winner>) {
        let trimmed = text.trim_end();
        for (word, w) in [("II", Winner::Second), ("I", Winner::First)] {
            if let Some(rest) = trimmed.strip_suffix(word) {
                let boundary = rest
                    .chars()
                    .next_back()
                    .is_none_or(|c| c.is_whitespace() || c == ';');
                if boundary {
                    return (rest, Some(w));
                }
            }
        }
        (text, None)
    }
}

impl fmt::Display for Winner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Winner::First => "I",
            Winner::Second => "II",
        })
    }
}

/// A game transcript in any move notation: header, move texts, result.
///
/// Read one with [`Transcript::read_all`] (any number of games in a text)
/// and check it with [`Transcript::replay`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transcript {
    /// Spots, play convention and players.
    pub header: Header,
    /// The move notation the moves are written in.
    pub notation: Notation,
    /// The move texts, as written.
    pub moves: Vec<String>,
    /// The recorded result, if any.
    pub winner: Option<Winner>,
}

/// A transcript text that cannot be read: which game (from 1), and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TranscriptError {
    game: usize,
    line: usize,
    cause: GameTextError,
}

/// Why one game's text cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
enum GameTextError {
    /// The header (`14+`, players) does not read.
    Header(SyntaxError),
    /// No move notation fits the moves, and none was given.
    UnknownNotation,
    /// One game was asked for, and the text holds none.
    NoGame,
    /// One game was asked for, and this is a second.
    Several,
}

impl fmt::Display for TranscriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {} (line {}): ", self.game, self.line)?;
        match &self.cause {
            GameTextError::Header(e) => e.fmt(f),
            GameTextError::UnknownNotation => {
                f.write_str("cannot tell the notation of the moves (use --notation)")
            }
            GameTextError::NoGame => f.write_str("no game: expected a header such as 5+"),
            GameTextError::Several => f.write_str("one game was expected, not several"),
        }
    }
}

impl std::error::Error for TranscriptError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.cause {
            GameTextError::Header(e) => Some(e),
            _ => None,
        }
    }
}

/// Whether a line starts a game: `N`, `N+` or `N-` followed by white space,
/// `(` after white space, or the end of the line.
pub(crate) fn starts_game(line: &str) -> bool {
    let t = line.trim_start().as_bytes();
    let digits = t.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return false;
    }
    let mut i = digits;
    if matches!(t.get(i), Some(b'+' | b'-')) {
        i += 1;
    }
    t.get(i).is_none_or(|b| b.is_ascii_whitespace())
}

impl Transcript {
    /// Reads every game of a text. A game starts on a line that begins with
    /// its header (`14+`, `17-`, or a bare number for normal play); moves
    /// may run over any number of lines; blank lines and lines starting with
    /// `#` are skipped. Each game's notation is detected from its moves
    /// ([`Notation::detect`]) unless `notation` forces one.
    ///
    /// ```
    /// use sprouts::notation::{transcript::Transcript, Notation};
    /// let text = "# two games\n3+ (Steinitz - Morphy *) 1(4)1[2] I\n\n5+ 1-6-2; 3-7-4;\n 1-8-2>\n";
    /// let games = Transcript::read_all(text, None).unwrap();
    /// assert_eq!(games.len(), 2);
    /// assert_eq!(games[0].notation, Notation::Wgosa);
    /// assert_eq!(games[1].moves, vec!["1-6-2", "3-7-4", "1-8-2>"]);
    /// ```
    pub fn read_all(
        text: &str,
        notation: Option<Notation>,
    ) -> Result<Vec<Transcript>, TranscriptError> {
        Transcript::read_each(text, notation).collect()
    }

    /// Reads the games of a text one by one, as [`Transcript::read_all`]
    /// does, but a game that cannot be read does not stop the others: a
    /// program reading a file of games can report each bad one and go on.
    ///
    /// ```
    /// use sprouts::notation::transcript::Transcript;
    /// // Text before the first header is a game without one.
    /// let games: Vec<_> = Transcript::read_each("x\n3+ 1(4)1[2]", None).collect();
    /// assert_eq!(games.len(), 2);
    /// assert_eq!(games[0].as_ref().unwrap_err().to_string(), "game 1 (line 1): at byte 0: expected the number of spots, found 'x'");
    /// assert_eq!(games[1].as_ref().unwrap().moves, vec!["1(4)1[2]"]);
    /// ```
    pub fn read_each(
        text: &str,
        notation: Option<Notation>,
    ) -> impl Iterator<Item = Result<Transcript, TranscriptError>> {
        let mut chunks: Vec<(usize, String)> = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            if starts_game(line) || chunks.is_empty() {
                chunks.push((n + 1, String::new()));
            }
            let chunk = &mut chunks.last_mut().expect("pushed").1;
            chunk.push_str(line);
            chunk.push('\n');
        }
        chunks
            .into_iter()
            .enumerate()
            .map(move |(k, (line, chunk))| {
                Transcript::read_one(&chunk, notation).map_err(|cause| TranscriptError {
                    game: k + 1,
                    line,
                    cause,
                })
            })
    }

    fn read_one(text: &str, notation: Option<Notation>) -> Result<Transcript, GameTextError> {
        let (header, rest) = Header::read(text).map_err(GameTextError::Header)?;
        let (body, winner) = Winner::split_off(rest);
        let notation = match notation.or_else(|| Notation::detect(body)) {
            Some(n) => n,
            None if body.trim().is_empty() => Notation::Wgosa,
            None => return Err(GameTextError::UnknownNotation),
        };
        let moves = match notation {
            Notation::Hoey => body
                .split(';')
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(String::from)
                .collect(),
            _ => body.split_whitespace().map(String::from).collect(),
        };
        Ok(Transcript {
            header,
            notation,
            moves,
            winner,
        })
    }
}

/// Reads exactly one game, its notation detected from its moves (see
/// [`Transcript::read_all`]).
///
/// ```
/// use sprouts::notation::{transcript::Transcript, Notation};
/// let g: Transcript = "5+ (Ann - Bob*) 1-6-2; 3-7-4; 1-8-2>; 3-9-4>1 II".parse().unwrap();
/// assert_eq!((g.header.spots, g.notation, g.moves.len()), (5, Notation::Hoey, 4));
/// assert_eq!(g.to_string(), "5+ (Ann - Bob*) 1-6-2; 3-7-4; 1-8-2>; 3-9-4>1 II");
/// let e = "3+ 1(4)2\n3+ 1(4)2".parse::<Transcript>().unwrap_err();
/// assert_eq!(e.to_string(), "game 2 (line 2): one game was expected, not several");
/// ```
impl FromStr for Transcript {
    type Err = TranscriptError;

    fn from_str(s: &str) -> Result<Transcript, TranscriptError> {
        let mut games = Transcript::read_all(s, None)?;
        match games.len() {
            1 => Ok(games.pop().expect("one")),
            0 => Err(TranscriptError {
                game: 1,
                line: 1,
                cause: GameTextError::NoGame,
            }),
            _ => Err(TranscriptError {
                game: 2,
                line: s
                    .lines()
                    .enumerate()
                    .filter(|(_, l)| starts_game(l))
                    .nth(1)
                    .map_or(1, |(n, _)| n + 1),
                cause: GameTextError::Several,
            }),
        }
    }
}

impl fmt::Display for Transcript {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.header)?;
        for (i, m) in self.moves.iter().enumerate() {
            f.write_str(if i == 0 {
                " "
            } else {
                self.notation.separator()
            })?;
            f.write_str(m)?;
        }
        if let Some(w) = self.winner {
            write!(f, " {w}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAMES: &str = include_str!("../../tests/data/wgosa-games.txt");

    /// The five published games read as one file, replay, and survive
    /// WGOSA -> LHP -> Hoey -> WGOSA as their canonical WGOSA text.
    #[test]
    fn published_games_convert_round_trip() {
        let games = Transcript::read_all(GAMES, None).unwrap();
        assert_eq!(games.len(), 5);
        let spots: Vec<u32> = games.iter().map(|g| g.header.spots).collect();
        assert_eq!(spots, vec![14, 8, 16, 17, 22]);
        for g in &games {
            assert_eq!(g.notation, Notation::Wgosa);
            let r = g.replay().unwrap();
            let wgosa = r.to_notation(Notation::Wgosa);
            let mut text = wgosa.clone();
            let mut written = Notation::Wgosa;
            for n in [Notation::Lhp, Notation::Hoey, Notation::Wgosa] {
                let t = &Transcript::read_all(&text, None).unwrap()[0];
                assert_eq!(t.notation, written, "detected from {text}");
                text = t.replay().unwrap().to_notation(n);
                written = n;
            }
            assert_eq!(text, wgosa);
            // Canonical text read and written again is the same, byte for byte.
            let again = Transcript::read_all(&wgosa, None).unwrap()[0]
                .replay()
                .unwrap();
            assert_eq!(again.to_notation(Notation::Wgosa), wgosa);
            assert_eq!(again.position(), r.position());
            // Every move's canonical text, in every notation, reads back to
            // it and writes back byte for byte.
            let mut pos = r.start().clone();
            for m in r.moves() {
                for n in Notation::ALL {
                    let text = n.write(&pos, &m.resolved).unwrap();
                    let back = n.resolve(&text, &pos).unwrap();
                    assert!(pos.same_move(&back, &m.resolved), "{text}");
                    assert_eq!(n.write(&pos, &back).unwrap(), text);
                }
                pos.play_in_place(&m.resolved).unwrap();
            }
        }
    }

    #[test]
    fn header_and_games_split() {
        let text = "8+ (A* - B) 1(9)2\n  1(10)1[3,4]\n3+ 1<4>1[2]\n  II\n";
        let g = Transcript::read_all(text, None).unwrap();
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].moves, vec!["1(9)2", "1(10)1[3,4]"]);
        assert_eq!(g[1].notation, Notation::Lhp);
        assert_eq!(g[1].winner, Some(Winner::Second));
        let e = Transcript::read_all("x 1(2)3", None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "game 1 (line 1): at byte 0: expected the number of spots, found 'x'"
        );
    }
}
