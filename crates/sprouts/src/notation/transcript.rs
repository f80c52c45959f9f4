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

use super::error::SyntaxError;
use crate::model::{Variant, MAX_SPOT};

/// The header of a transcript.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// Number of spots at the start.
    pub spots: u32,
    /// `+` normal play, `-` misère; a bare number means normal play.
    pub variant: Variant,
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
        let variant = match bytes.get(i) {
            Some(b'+') => {
                i += 1;
                Variant::Normal
            }
            Some(b'-') => {
                i += 1;
                Variant::Misere
            }
            _ => Variant::Normal,
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
