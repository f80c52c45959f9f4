//! Errors shared by the notations: a move text that does not resolve, and a
//! game whose move fails.

use std::borrow::Cow;
use std::fmt;

use crate::model::Spot;

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
    Illegal(Illegal),
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
            kind: ResolveKind::Illegal(Illegal::Other(reason.into())),
        }
    }

    /// No move fits, for a reason of the library's own readers.
    pub(crate) fn illegal_because(reason: Illegal) -> ResolveError {
        ResolveError {
            kind: ResolveKind::Illegal(reason),
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

/// Why no legal move fits a move text (the cause inside an illegal
/// [`ResolveError`]); each says what is wrong and with which spot or region
/// (regions numbered from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Illegal {
    /// The new spot is not the next one.
    NewSpot { next: Spot, new: Spot },
    /// An end names no spot of the position.
    NoSpot(Spot),
    /// An end has no lives left.
    Dead(Spot),
    /// A loop on a spot with one life.
    LoopOnOneLife(Spot),
    /// The two ends share no region.
    NoSharedRegion(Spot, Spot),
    /// Nothing fits, for no more particular reason.
    NoMoveFits,
    /// WGOSA marks that no candidate satisfies.
    NoMoveFitsMarks,
    /// Hoey: no site of `spot` is followed by `next`.
    NotFollowedBy { spot: Spot, next: Spot },
    /// Hoey: a join written with a separation; `plain` is the text to write.
    JoinSeparates { plain: String },
    /// Hoey: a split of a region with other boundaries, without `<`, `>` or `=`.
    SplitUnsaid { region: usize },
    /// Hoey: `=` but the region has other boundaries.
    EqualsButOthers { region: usize },
    /// Hoey: an end of the move in the list.
    ListedEnd(Spot),
    /// A listed spot that is no live spot.
    ListedDead(Spot),
    /// WGOSA: a listed spot beyond the position's spots.
    ListedMissing(Spot),
    /// A listed spot outside the region of the move.
    ListedNotInRegion { spot: Spot, region: usize },
    /// Hoey: a listed spot of the move's boundary on the other side.
    ListedWrongSide { spot: Spot, right: bool },
    /// A list for a move that splits nothing.
    ListWithoutSplit,
    /// LHP: a listed spot on the boundary being joined.
    ListedOnJoined(Spot),
    /// WGOSA: a listed spot that this move cannot separate from the rest.
    ListedInseparable(Spot),
    /// WGOSA: `@i` names a live spot no region of the move holds.
    NoRegionHolds(Spot),
    /// LHP: the spot before the start is not the one written.
    SpotBefore { from: Spot, want: Spot },
    /// LHP: the spot after the end is not the one written.
    SpotAfter { to: Spot, want: Spot },
    /// LHP: `@x` is no live spot of L that the other region lacks.
    NotInL(Spot),
    /// A reason given by a caller of [`ResolveError::illegal`].
    Other(String),
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::NewSpot { next, new } => write!(f, "the new spot must be {next}, not {new}"),
            Illegal::NoSpot(s) => write!(f, "there is no spot {s}"),
            Illegal::Dead(s) => write!(f, "spot {s} has no lives left"),
            Illegal::LoopOnOneLife(s) => {
                write!(f, "spot {s} has only one life left, a loop needs two")
            }
            Illegal::NoSharedRegion(a, b) => write!(f, "spots {a} and {b} share no region"),
            Illegal::NoMoveFits => f.write_str("no move fits"),
            Illegal::NoMoveFitsMarks => f.write_str("no move fits the marks"),
            Illegal::NotFollowedBy { spot, next } => {
                write!(f, "no site of spot {spot} is followed by spot {next}")
            }
            Illegal::JoinSeparates { plain } => write!(
                f,
                "a move joining two boundaries separates nothing: write {plain}"
            ),
            Illegal::SplitUnsaid { region } => write!(
                f,
                "the move splits region {region} and must say which boundaries go where (<, > or =)"
            ),
            Illegal::EqualsButOthers { region } => {
                write!(
                    f,
                    "'=' but region {region} has other boundaries to separate"
                )
            }
            Illegal::ListedEnd(x) => {
                write!(f, "spot {x} is an end of the move and cannot be listed")
            }
            Illegal::ListedDead(x) => write!(f, "listed spot {x} is not a live spot"),
            Illegal::ListedMissing(x) => write!(f, "listed spot {x} does not exist"),
            Illegal::ListedNotInRegion { spot, region } => {
                write!(f, "listed spot {spot} is not in region {region}")
            }
            Illegal::ListedWrongSide { spot, right } => write!(
                f,
                "listed spot {spot} is not on the {} side",
                if *right { "right" } else { "left" }
            ),
            Illegal::ListWithoutSplit => f.write_str("a move that splits nothing takes no list"),
            Illegal::ListedOnJoined(x) => {
                write!(f, "listed spot {x} is on the boundary being joined")
            }
            Illegal::ListedInseparable(x) => write!(
                f,
                "listed spot {x} cannot be separated from the rest by this move"
            ),
            Illegal::NoRegionHolds(i) => write!(f, "no region of the move holds live spot {i}"),
            Illegal::SpotBefore { from, want } => write!(f, "the spot before {from} is not {want}"),
            Illegal::SpotAfter { to, want } => write!(f, "the spot after {to} is not {want}"),
            Illegal::NotInL(x) => write!(
                f,
                "spot {x} is not a live spot of L that the other region lacks"
            ),
            Illegal::Other(reason) => f.write_str(reason),
        }
    }
}

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
    /// The text is a recorded result that the rules contradict (the cause
    /// of a [`GameError`] on a game's result, not on a move).
    #[error(transparent)]
    Result(#[from] WrongResult),
}

/// A result recorded for a finished game that names the wrong winner: with
/// no move left, the player who made the last move wins in normal play and
/// loses in misère play.
///
/// ```
/// use sprouts::notation::transcript::Transcript;
/// // One spot: a loop, then a line across it, and no move is left.
/// let g: Transcript = "1+ 1-2-1; 1-3-2 I".parse().unwrap();
/// let e = g.replay().unwrap_err();
/// assert_eq!(
///     e.to_string(),
///     "result (I): the game is over after 2 moves; the second player made the last move and wins in normal play: the result is II"
/// );
/// assert_eq!((e.number(), e.text()), (3, "I"));
/// assert!("1- 1-2-1; 1-3-2 I".parse::<Transcript>().unwrap().replay().is_ok());
/// // Before the end a result is a resignation: either is accepted.
/// assert!("1+ 1-2-1 I".parse::<Transcript>().unwrap().replay().is_ok());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the game is over after {moves} moves; the {} player made the last move and {} in {} play: the result is {}",
    if moves % 2 == 1 { "first" } else { "second" },
    if *misere { "loses" } else { "wins" },
    if *misere { "misère" } else { "normal" },
    rules
)]
pub struct WrongResult {
    moves: usize,
    misere: bool,
    rules: crate::notation::transcript::Winner,
}

impl WrongResult {
    /// The result the rules give a game over after `moves` moves, or `None`
    /// when `recorded` is that result.
    pub(crate) fn check(
        moves: usize,
        variant: crate::model::Variant,
        recorded: crate::notation::transcript::Winner,
    ) -> Option<WrongResult> {
        use crate::notation::transcript::Winner;
        let misere = variant == crate::model::Variant::Misere;
        let last_moved_first = moves % 2 == 1;
        let rules = if last_moved_first != misere {
            Winner::First
        } else {
            Winner::Second
        };
        (rules != recorded).then_some(WrongResult {
            moves,
            misere,
            rules,
        })
    }
}

/// A game that cannot be replayed: which move (numbered from 1), its text,
/// and why (the [`MoveTextError`], also its `source`). A recorded result
/// that the rules contradict counts as the entry after the last move: its
/// number is one more than the moves, its text the result (`I`, `II`), its
/// cause [`MoveTextError::Result`].
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
        if let MoveTextError::Result(e) = &self.cause {
            return write!(f, "result ({}): {e}", self.text);
        }
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
    Invalid(InvalidPosition),
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
            PositionTextError::Invalid(e) => Some(e),
        }
    }
}

impl From<SyntaxError> for PositionTextError {
    fn from(e: SyntaxError) -> Self {
        PositionTextError::Syntax(e)
    }
}

/// Why a position text that reads is not a position: what is wrong and
/// where (byte offsets from the start of the text, spots and letters as
/// written). The cause inside [`PositionTextError::Invalid`].
///
/// ```
/// use sprouts::notation::{PositionTextError, hoey};
/// let e = hoey::parse_position("1,1,1,1").unwrap_err();
/// assert!(matches!(e, PositionTextError::Invalid(_)));
/// assert_eq!(e.to_string(), "invalid position: spot 1 is listed 4 times (a spot has at most 3 sites)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidPosition {
    kind: Invalid,
}

/// Why a letter is listed exactly twice, for the messages.
const TWICE: &str = "a letter names a spot with 1 life listed exactly twice: twice in one region, or once in each of two regions";

/// What makes a position text invalid (see [`InvalidPosition`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Invalid {
    /// Hoey: a spot marked `o` that is not alone on its boundary.
    MarkedNotAlone(Spot),
    /// Hoey: a marked spot listed more than once.
    MarkedListed { spot: Spot, times: usize },
    /// Hoey: a spot listed more than 3 times.
    ListedTimes { spot: Spot, times: usize },
    /// GLOP texts: more sites than the readers take.
    TooManySites { max: usize, at: usize },
    /// A letter a third time in one region of `place`.
    LetterThird {
        letter: String,
        at: usize,
        region: usize,
        place: String,
    },
    /// A letter on two boundaries of one region of the plane.
    LetterTwoBoundaries {
        letter: String,
        first: usize,
        at: usize,
    },
    /// A letter in a third region of `place`.
    LetterThirdRegion {
        letter: String,
        at: usize,
        place: String,
        first: usize,
    },
    /// A letter listed once in `place`; `pier`: a region where it names
    /// another spot, listed twice there.
    LetterOnce {
        letter: String,
        at: usize,
        place: String,
        pier: Option<usize>,
    },
    /// SPOTS: a lower-case letter (local to its boundary) listed another
    /// number of times than twice on its boundary.
    SpotsPier {
        letter: String,
        at: usize,
        times: usize,
    },
    /// neo-GLOP: repetitions expand past the limit.
    TooLongExpanded { max: usize, at: usize },
    /// neo-GLOP: a partial position no position uses.
    UnusedPartial { name: String, at: usize },
    /// neo-GLOP: partial positions and no position after them.
    EndsAfterPartials { at: usize },
    /// neo-GLOP: a parameter declared twice.
    ParameterTwice { name: String, at: usize },
    /// neo-GLOP: a parameter set of another size than the first.
    SetSize { at: usize, len: usize, first: usize },
    /// neo-GLOP: a parameter its partial position never uses.
    ParameterUnused { name: String, at: usize },
    /// neo-GLOP: a bracket not opened and closed by parameters.
    Bracket { at: usize },
    /// neo-GLOP: a parameter of another set of its own partial position.
    OwnCopy { name: String, at: usize },
    /// neo-GLOP: a parameter twice in its own partial position.
    OwnTwice {
        name: String,
        first: usize,
        at: usize,
    },
    /// neo-GLOP: a letter of a join that is no parameter.
    JoinNotParameter { name: String, at: usize },
    /// neo-GLOP: the sides of a join with different numbers of parameters.
    JoinSides {
        at: usize,
        left: usize,
        right: usize,
    },
    /// neo-GLOP: a parameter twice in one place of a copy of `set`.
    CopyTwice {
        name: String,
        place: String,
        first: usize,
        at: usize,
        set: String,
    },
    /// neo-GLOP: a copy of `set` without its parameter `name`.
    CopyMissing {
        name: String,
        set: String,
        place: String,
        other: String,
        at: usize,
    },
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Invalid::MarkedNotAlone(s) => {
                write!(f, "spot {s} is marked o but is not alone on its boundary")
            }
            Invalid::MarkedListed { spot, times } => {
                write!(f, "spot {spot} is marked but listed {times} times")
            }
            Invalid::ListedTimes { spot, times } => write!(
                f,
                "spot {spot} is listed {times} times (a spot has at most 3 sites)"
            ),
            Invalid::TooManySites { max, at } => {
                write!(f, "the position has more than {max} sites (at byte {at})")
            }
            Invalid::LetterThird {
                letter,
                at,
                region,
                place,
            } => write!(
                f,
                "letter {letter} occurs a third time at byte {at} in region {region} of {place} ({TWICE})"
            ),
            Invalid::LetterTwoBoundaries { letter, first, at } => write!(
                f,
                "letter {letter} (bytes {first} and {at}) lies on two boundaries of one region, which only a region off the plane allows (mark its surface: Tn or Cn in neo-GLOP, @g in GLOP 2)"
            ),
            Invalid::LetterThirdRegion {
                letter,
                at,
                place,
                first,
            } => write!(
                f,
                "letter {letter} at byte {at} is in a third region of {place} (first at byte {first}; {TWICE})"
            ),
            Invalid::LetterOnce {
                letter,
                at,
                place,
                pier,
            } => {
                write!(
                    f,
                    "letter {letter} at byte {at} occurs only once in {place} ({TWICE}; write 2 for one listed once"
                )?;
                if let Some(r) = pier {
                    write!(
                        f,
                        "; in region {r} it names another spot, listed twice there"
                    )?;
                }
                f.write_str(")")
            }
            Invalid::SpotsPier { letter, at, times } => write!(
                f,
                "letter {letter} at byte {at} is listed {times} time{} on its boundary (a lower-case letter names a spot listed twice on one boundary)",
                if *times == 1 { "" } else { "s" }
            ),
            Invalid::TooLongExpanded { max, at } => write!(
                f,
                "the repetitions make the text longer than {max} bytes (at byte {at})"
            ),
            Invalid::UnusedPartial { name, at } => write!(
                f,
                "the partial position ^{name} at byte {at} is never used (a partial position alone is not a position)"
            ),
            Invalid::EndsAfterPartials { at } => write!(
                f,
                "the text ends (byte {at}) after its partial positions: a position is expected after them, introduced by ':' or '%', or joins '=...=...'"
            ),
            Invalid::ParameterTwice { name, at } => write!(
                f,
                "parameter {name} at byte {at} is declared twice (a parameter belongs to one partial position)"
            ),
            Invalid::SetSize { at, len, first } => write!(
                f,
                "the parameter set at byte {at} has {len} letters, the first set of its partial position {first}"
            ),
            Invalid::ParameterUnused { name, at } => write!(
                f,
                "parameter {name} of the partial position at byte {at} is never used in it"
            ),
            Invalid::Bracket { at } => write!(
                f,
                "the bracket at byte {at} must start and end with a parameter of a partial position ([x...y])"
            ),
            Invalid::OwnCopy { name, at } => write!(
                f,
                "parameter {name} at byte {at} names a copy of its own partial position; inside it, use the first parameter set"
            ),
            Invalid::OwnTwice { name, first, at } => write!(
                f,
                "parameter {name} occurs twice in its partial position (bytes {first} and {at})"
            ),
            Invalid::JoinNotParameter { name, at } => write!(
                f,
                "{name} at byte {at} in a join is not a parameter of a partial position"
            ),
            Invalid::JoinSides { at, left, right } => write!(
                f,
                "the two sides of the join at byte {at} have {left} and {right} parameters"
            ),
            Invalid::CopyTwice {
                name,
                place,
                first,
                at,
                set,
            } => write!(
                f,
                "parameter {name} occurs twice in one {place} (bytes {first} and {at}): a copy of ^{set} takes each parameter once"
            ),
            Invalid::CopyMissing {
                name,
                set,
                place,
                other,
                at,
            } => write!(
                f,
                "parameter {name} of ^{set} is missing{place}: {other} at byte {at} needs a whole set"
            ),
        }
    }
}

impl fmt::Display for InvalidPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.kind.fmt(f)
    }
}

impl std::error::Error for InvalidPosition {}

impl From<Invalid> for PositionTextError {
    fn from(kind: Invalid) -> Self {
        PositionTextError::Invalid(InvalidPosition { kind })
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
