//! Errors shared by the notations: a move text that does not resolve, and a
//! game whose move fails.

use std::borrow::Cow;
use std::fmt;

/// The most characters of a user's text that a message quotes.
pub(crate) const QUOTED_CHARS: usize = 60;

/// A user's text as an error message quotes it: at most 60
/// characters, then `...` and how long the whole text was, so that a huge
/// input never makes a huge message. Programs that quote what a user typed
/// in their own messages use it too.
///
/// ```
/// use sprouts::notation::quote;
/// assert_eq!(quote("1(4)2"), "1(4)2");
/// let long = "x".repeat(100);
/// assert_eq!(quote(&long), format!("{}... (100 bytes in all)", "x".repeat(60)));
/// ```
pub fn quote(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(QUOTED_CHARS) {
        None => Cow::Borrowed(text),
        Some((cut, _)) => Cow::Owned(format!("{}... ({} bytes in all)", &text[..cut], text.len())),
    }
}

/// Why a move text does not name exactly one legal move of a position.
///
/// ```
/// use sprouts::model::{Position, Variant};
/// use sprouts::notation::hoey::HoeyMove;
/// let p = Position::start(2, Variant::Normal);
/// let m: HoeyMove = "1-4-2".parse().unwrap();
/// assert_eq!(m.to_move(&p).unwrap_err().to_string(), "illegal: the new spot must be 3, not 4");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResolveError {
    kind: ResolveKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum ResolveKind {
    Illegal(String),
    Ambiguous(Vec<String>, String),
}

impl ResolveError {
    /// No move fits; `reason` says why (for example "spot 7 has no lives left").
    ///
    /// ```
    /// use sprouts::notation::ResolveError;
    /// assert_eq!(ResolveError::illegal("spot 7 has no lives left").to_string(), "illegal: spot 7 has no lives left");
    /// ```
    pub fn illegal(reason: impl Into<String>) -> ResolveError {
        ResolveError {
            kind: ResolveKind::Illegal(reason.into()),
        }
    }

    /// Several moves fit; `candidates` are their canonical texts.
    ///
    /// ```
    /// use sprouts::notation::ResolveError;
    /// let e = ResolveError::ambiguous(vec!["5.1-7-6.3".into(), "5.2-7-6.3".into()]);
    /// assert_eq!(e.to_string(), "ambiguous: 2 moves fit: 5.1-7-6.3, 5.2-7-6.3");
    /// ```
    pub fn ambiguous(candidates: Vec<String>) -> ResolveError {
        ResolveError {
            kind: ResolveKind::Ambiguous(candidates, String::new()),
        }
    }

    /// The same error with what the text should add to choose between the
    /// candidates of an ambiguous move (nothing for an empty hint or an
    /// illegal move).
    ///
    /// ```
    /// use sprouts::notation::ResolveError;
    /// let e = ResolveError::ambiguous(vec!["1(5@2)1".into(), "1(5@3)1".into()]).with_hint("say which region with @");
    /// assert_eq!(e.to_string(), "ambiguous (say which region with @): 2 moves fit: 1(5@2)1, 1(5@3)1");
    /// ```
    pub fn with_hint(mut self, hint: impl Into<String>) -> ResolveError {
        if let ResolveKind::Ambiguous(_, h) = &mut self.kind {
            *h = hint.into();
        }
        self
    }

    /// Whether the text fits more than one move.
    ///
    /// ```
    /// use sprouts::notation::ResolveError;
    /// assert!(!ResolveError::illegal("x").is_ambiguous());
    /// ```
    pub fn is_ambiguous(&self) -> bool {
        matches!(self.kind, ResolveKind::Ambiguous(..))
    }

    /// The candidates of an ambiguous move, in canonical text (empty otherwise).
    ///
    /// ```
    /// use sprouts::notation::ResolveError;
    /// assert_eq!(ResolveError::ambiguous(vec!["a".into()]).candidates(), &["a".to_string()]);
    /// ```
    pub fn candidates(&self) -> &[String] {
        match &self.kind {
            ResolveKind::Ambiguous(c, _) => c,
            ResolveKind::Illegal(_) => &[],
        }
    }
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ResolveKind::Illegal(reason) => write!(f, "illegal: {reason}"),
            ResolveKind::Ambiguous(c, hint) => {
                f.write_str("ambiguous")?;
                if !hint.is_empty() {
                    write!(f, " ({hint})")?;
                }
                write!(f, ": {} moves fit: {}", c.len(), c.join(", "))
            }
        }
    }
}

impl std::error::Error for ResolveError {}

/// Why a move text does not name a move: it does not follow its
/// notation's grammar, or it does not name exactly one legal move.
///
/// ```
/// use sprouts::model::{Position, Variant};
/// use sprouts::notation::{MoveTextError, Notation};
/// let p = Position::start(2, Variant::Normal);
/// let e = Notation::Hoey.resolve("1-x-2", &p).unwrap_err();
/// assert!(matches!(e, MoveTextError::Syntax(_)));
/// assert_eq!(e.to_string(), "at byte 2: expected a spot number, found 'x'");
/// let e = Notation::Hoey.resolve("1-4-2", &p).unwrap_err();
/// assert!(matches!(e, MoveTextError::Resolve(_)));
/// assert_eq!(e.to_string(), "illegal: the new spot must be 3, not 4");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveTextError {
    /// The text does not follow the notation's grammar.
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    /// The text reads, but names no legal move or several.
    #[error(transparent)]
    Resolve(#[from] ResolveError),
    /// The move the text names could not be played or written (not reached
    /// for moves the readers resolve; kept rather than lost).
    #[error(transparent)]
    Move(#[from] crate::model::MoveError),
}

/// A game that cannot be replayed: which move (numbered from 1), its text,
/// and why (the [`MoveTextError`], also its `source`).
///
/// ```
/// use sprouts::notation::transcript::Transcript;
/// let g: Transcript = "2+ 1-3-2; 1-4-1=; 1-5-2".parse().unwrap();
/// let e = g.replay().unwrap_err();
/// assert_eq!(e.to_string(), "move 3 (1-5-2): illegal: spot 1 has no lives left");
/// assert_eq!(e.number(), 3);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameError {
    number: usize,
    text: String,
    cause: MoveTextError,
}

impl GameError {
    /// An error at move `number` (from 1) with text `text`.
    ///
    /// ```
    /// use sprouts::notation::{GameError, ResolveError};
    /// let e = GameError::new(3, "1-8-7", ResolveError::illegal("spot 7 has no lives left"));
    /// assert_eq!(e.to_string(), "move 3 (1-8-7): illegal: spot 7 has no lives left");
    /// ```
    pub fn new(
        number: usize,
        text: impl Into<String>,
        cause: impl Into<MoveTextError>,
    ) -> GameError {
        GameError {
            number,
            text: text.into(),
            cause: cause.into(),
        }
    }

    /// The number of the move, from 1.
    ///
    /// ```
    /// use sprouts::notation::{GameError, ResolveError};
    /// assert_eq!(GameError::new(3, "x", ResolveError::illegal("y")).number(), 3);
    /// ```
    pub fn number(&self) -> usize {
        self.number
    }

    /// The move's text as written.
    ///
    /// ```
    /// use sprouts::notation::{GameError, ResolveError};
    /// assert_eq!(GameError::new(3, "x", ResolveError::illegal("y")).text(), "x");
    /// ```
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Why the move fails.
    ///
    /// ```
    /// use sprouts::notation::{GameError, MoveTextError, ResolveError};
    /// let e = GameError::new(3, "x", ResolveError::illegal("y"));
    /// assert!(matches!(e.cause(), MoveTextError::Resolve(_)));
    /// assert_eq!(e.cause().to_string(), "illegal: y");
    /// ```
    pub fn cause(&self) -> &MoveTextError {
        &self.cause
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} ({}): {}",
            self.number,
            quote(&self.text),
            self.cause
        )
    }
}

impl std::error::Error for GameError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.cause)
    }
}

/// A text that does not follow a notation's grammar: where (byte offset from
/// the start of the text), what was expected, and what was found.
///
/// ```
/// use sprouts::notation::hoey::HoeyMove;
/// let e = "1-x-2".parse::<HoeyMove>().unwrap_err();
/// assert_eq!(e.to_string(), "at byte 2: expected a spot number, found 'x'");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    at: usize,
    expected: String,
    found: Option<char>,
}

impl SyntaxError {
    /// An error at byte `at`: `expected` was expected, `found` was found
    /// (`None` at the end of the text).
    ///
    /// ```
    /// use sprouts::notation::SyntaxError;
    /// let e = SyntaxError::new(0, "a digit", None);
    /// assert_eq!(e.to_string(), "at byte 0: expected a digit, found the end of the text");
    /// ```
    pub fn new(at: usize, expected: impl Into<String>, found: Option<char>) -> SyntaxError {
        SyntaxError {
            at,
            expected: expected.into(),
            found,
        }
    }

    /// The same error moved `offset` bytes further (for a piece read out of a longer text).
    ///
    /// ```
    /// use sprouts::notation::SyntaxError;
    /// assert_eq!(SyntaxError::new(1, "x", None).shifted(10).at(), 11);
    /// ```
    pub fn shifted(mut self, offset: usize) -> SyntaxError {
        self.at += offset;
        self
    }

    /// The byte offset of the error.
    ///
    /// ```
    /// use sprouts::notation::SyntaxError;
    /// assert_eq!(SyntaxError::new(4, "x", None).at(), 4);
    /// ```
    pub fn at(&self) -> usize {
        self.at
    }
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}: expected {}, found ", self.at, self.expected)?;
        match self.found {
            Some(c) if c.is_control() || c.is_whitespace() => write!(f, "{:?}", c),
            Some(c) => write!(f, "'{c}'"),
            None => f.write_str("the end of the text"),
        }
    }
}

impl std::error::Error for SyntaxError {}

/// Why a position text cannot be read: bad syntax, or a position that
/// breaks the model's invariants.
///
/// ```
/// use sprouts::notation::hoey;
/// let e = hoey::parse_position("1,2,").unwrap_err();
/// assert_eq!(e.to_string(), "at byte 4: expected a spot number, found the end of the text");
/// let e = hoey::parse_position("1,1,1,1").unwrap_err();
/// assert_eq!(e.to_string(), "invalid position: spot 1 is listed 4 times (a spot has at most 3 sites)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionTextError {
    /// The text does not follow the grammar.
    Syntax(SyntaxError),
    /// The text reads, but the position is not valid (why, in the
    /// notation's own terms).
    Invalid(String),
    /// The text reads, but the model refuses the position it describes.
    Model(crate::model::PositionError),
}

impl fmt::Display for PositionTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionTextError::Syntax(e) => e.fmt(f),
            PositionTextError::Invalid(e) => write!(f, "invalid position: {e}"),
            PositionTextError::Model(e) => write!(f, "invalid position: {e}"),
        }
    }
}

impl std::error::Error for PositionTextError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PositionTextError::Syntax(e) => Some(e),
            PositionTextError::Model(e) => Some(e),
            PositionTextError::Invalid(_) => None,
        }
    }
}

impl From<SyntaxError> for PositionTextError {
    fn from(e: SyntaxError) -> Self {
        PositionTextError::Syntax(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_are_bounded() {
        assert_eq!(quote("1(3)2"), "1(3)2");
        let long = "1".repeat(60_000);
        let q = quote(&long);
        assert_eq!(q, format!("{}... (60000 bytes in all)", "1".repeat(60)));
        // Cut on a character boundary.
        let wide = "é".repeat(100);
        assert_eq!(
            quote(&wide),
            format!("{}... (200 bytes in all)", "é".repeat(60))
        );
        let e = GameError::new(2, long, ResolveError::illegal("there is no spot 1111"));
        assert!(e.to_string().len() < 200, "{e}");
    }
}
