//! "What is this text?": a game or a position, and in which notation.
//!
//! Every program that takes a game or a position from a user (the command
//! line, the web page) reads it with [`read_input`], so that they all accept
//! the same texts and read them the same way:
//!
//! - a text whose first line starts with a header (`14+`, `5-`, or a bare
//!   number such as `22`) is a game: the header, then moves in WGOSA, LHP or
//!   Hoey notation; a bare number alone is the start of a game with that many
//!   spots;
//! - anything else is a position, in the notation [`PositionNotation::detect`]
//!   finds;
//! - with a notation given, the text is always a position in that notation
//!   (so `22` with GLOP 2 is the position `22`, two 1-life spots).
//!
//! ```
//! use sprouts::notation::{read_input, Input, PositionNotation};
//! let Input::Game(game) = read_input("3+ 1(4)1[2]", None).unwrap() else { panic!() };
//! assert_eq!(game.moves, vec!["1(4)1[2]"]);
//! let Input::Position { position, notation, .. } = read_input("0.AB|AB", None).unwrap() else { panic!() };
//! assert_eq!((notation, position.to_hoey().as_str()), (PositionNotation::Glop2, "1;2,3/2,3"));
//! let Input::Position { position, .. } = read_input("22", Some(PositionNotation::Glop2)).unwrap() else { panic!() };
//! assert_eq!(position.live_spots().count(), 2);
//! ```

use std::fmt;
use std::str::FromStr;

use crate::model::{MAX_SPOT, Position, Variant};
use crate::notation::error::PositionTextError;
use crate::notation::neoglop::{Label, NeoGlop};
use crate::notation::transcript::{Transcript, TranscriptError, starts_game};
use crate::notation::{glop1, glop2, hoey, neoglop};

/// A position notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionNotation {
    /// Hoey's notation (`1,6,2,6;3,7,4,7;5`, abbreviated `1,2;5`).
    Hoey,
    /// GLOP 1.0 (`0.0.AB.}AB.}]!`).
    Glop1,
    /// GLOP 2 (`12.AB|AB+0*3`).
    Glop2,
    /// neo-GLOP (`0.0.AB/AB`, with the whole 2009 grammar).
    Neoglop,
}

impl PositionNotation {
    /// Every position notation, in a fixed order.
    pub const ALL: [PositionNotation; 4] = [
        PositionNotation::Hoey,
        PositionNotation::Glop1,
        PositionNotation::Glop2,
        PositionNotation::Neoglop,
    ];

    /// The lower-case name: `hoey`, `glop1`, `glop2` or `neoglop`.
    pub fn name(self) -> &'static str {
        match self {
            PositionNotation::Hoey => "hoey",
            PositionNotation::Glop1 => "glop1",
            PositionNotation::Glop2 => "glop2",
            PositionNotation::Neoglop => "neoglop",
        }
    }

    /// The notation a position text is in: with `,` or `;` (other than the
    /// `;` ending an extended letter `&word;` of the GLOP notations), or
    /// spot numbers and `/` only with a digit from 3 to 9 (no GLOP site),
    /// Hoey; with `}`, or `]` but no `[`, GLOP 1.0; with `|`, `*` or `@`,
    /// GLOP 2; anything else neo-GLOP (which reads every GLOP 2 text
    /// without those marks the same way).
    ///
    /// Two kinds of text are read as neo-GLOP although a writer of another
    /// notation may give them: GLOP 2 without `|`, `*` or `@` (one region
    /// per land), which means the same in neo-GLOP, and a Hoey text of lone
    /// spots numbered with the digits 0, 1 and 2 only (`1`, `2/10`), which
    /// is a neo-GLOP text too: name the notation to read it as Hoey.
    /// One site with its Hoey mark (`1t`, `2o`: what the Hoey writer gives
    /// for a position whose one live spot is listed once) is Hoey too: it
    /// is no neo-GLOP text (a letter there occurs twice).
    ///
    /// ```
    /// use sprouts::notation::PositionNotation as P;
    /// assert_eq!(P::detect("1,2;5"), P::Hoey);
    /// assert_eq!(P::detect("3/5"), P::Hoey);
    /// assert_eq!(P::detect("7o"), P::Hoey);
    /// assert_eq!(P::detect("1t"), P::Hoey);
    /// assert_eq!(P::detect("0.0.AB.}AB.}]!"), P::Glop1);
    /// assert_eq!(P::detect("&AA;&AB;.}&AA;&AB;.}]!"), P::Glop1);
    /// assert_eq!(P::detect("0*3"), P::Glop2);
    /// assert_eq!(P::detect("0.0.AB/AB"), P::Neoglop);
    /// assert_eq!(P::detect("^rs^&Xa;&Xb;:rs:rs.&Xa;&Xb;"), P::Neoglop);
    /// ```
    pub fn detect(text: &str) -> PositionNotation {
        let marked_site = |t: &str| {
            t.strip_suffix(['t', 'o'])
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        };
        if has_hoey_marks(text) || marked_site(text.trim()) {
            PositionNotation::Hoey
        } else if text.contains('}') || (text.contains(']') && !text.contains('[')) {
            PositionNotation::Glop1
        } else if text.contains(['|', '*', '@']) {
            PositionNotation::Glop2
        } else {
            PositionNotation::Neoglop
        }
    }

    /// Reads a position written in this notation (normal play, unless a
    /// neo-GLOP label says misère).
    pub fn parse(self, text: &str) -> Result<Position, PositionTextError> {
        match self {
            PositionNotation::Hoey => hoey::parse_position(text),
            PositionNotation::Glop1 => glop1::parse_position(text),
            PositionNotation::Glop2 => glop2::parse_position(text),
            PositionNotation::Neoglop => neoglop::parse_position(text),
        }
    }

    /// The position written in this notation (Hoey abbreviated).
    pub fn write(self, pos: &Position) -> String {
        match self {
            PositionNotation::Hoey => pos.to_hoey(),
            PositionNotation::Glop1 => pos.to_glop1(),
            PositionNotation::Glop2 => pos.to_glop2(),
            PositionNotation::Neoglop => pos.to_neoglop(),
        }
    }
}

/// Whether a text has a mark only Hoey's notation uses: `,`, a `;` that
/// does not end an extended letter `&word;`, or a digit from 3 to 9 in a
/// text of spot numbers, `/` and white space only (`t` and `o` marks
/// allowed after a number). One pass over the bytes.
fn has_hoey_marks(text: &str) -> bool {
    let b = text.as_bytes();
    let mut numbers_only = true;
    let mut big_digit = false;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b',' | b';' => return true,
            b'&' => {
                // An extended letter `&word;`: its `;` is not a separator.
                numbers_only = false;
                let mut j = i + 1;
                while j < b.len() && b[j].is_ascii_alphabetic() {
                    j += 1;
                }
                i = if j > i + 1 && b.get(j) == Some(&b';') {
                    j + 1
                } else {
                    j
                };
                continue;
            }
            b'3'..=b'9' => big_digit = true,
            b'0'..=b'2' | b'/' => {}
            b't' | b'o' if i > 0 && b[i - 1].is_ascii_digit() => {}
            c if c.is_ascii_whitespace() => {}
            _ => numbers_only = false,
        }
        i += 1;
    }
    numbers_only && big_digit
}

impl fmt::Display for PositionNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for PositionNotation {
    type Err = String;

    fn from_str(s: &str) -> Result<PositionNotation, String> {
        PositionNotation::ALL
            .into_iter()
            .find(|n| n.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                format!(
                    "unknown position notation '{}' (hoey, glop1, glop2 or neoglop)",
                    super::error::quote(s)
                )
            })
    }
}

/// A game or a position, as [`read_input`] found it.
#[derive(Clone, Debug)]
pub enum Input {
    /// A game, not yet replayed ([`Transcript::replay`] checks its moves).
    Game(Transcript),
    /// A position.
    Position {
        /// The position (misère when a neo-GLOP label says `-`).
        position: Position,
        /// The notation it was read in.
        notation: PositionNotation,
        /// The neo-GLOP label (`14+:`), when the text had one.
        label: Option<Label>,
    },
}

impl Input {
    /// The variant the text itself states: a game's header with its sign,
    /// or a position's label; `None` for a bare number (`22`) or a position
    /// without a label.
    pub fn stated_variant(&self) -> Option<Variant> {
        match self {
            Input::Game(g) => g.header.signed.then_some(g.header.variant),
            Input::Position { label, .. } => label.and_then(|l| l.variant),
        }
    }
}

/// Why a text is neither a game nor a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    kind: InputErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum InputErrorKind {
    Empty,
    /// A bare number (the whole text) too large to be a number of spots.
    TooManySpots(String),
    SeveralGames(usize),
    Game(TranscriptError),
    Position(PositionNotation, PositionTextError),
}

impl InputError {
    /// Whether the text was empty (or only white space and comments).
    pub fn is_empty_input(&self) -> bool {
        self.kind == InputErrorKind::Empty
    }

    /// How many games the text held, when it held more than one (a program
    /// that can pick one of them, such as `sprouts draw --game K`, asks).
    ///
    /// ```
    /// use sprouts::notation::read_input;
    /// assert_eq!(read_input("2+\n3+", None).unwrap_err().games_given(), Some(2));
    /// assert_eq!(read_input("", None).unwrap_err().games_given(), None);
    /// ```
    pub fn games_given(&self) -> Option<usize> {
        match self.kind {
            InputErrorKind::SeveralGames(n) => Some(n),
            _ => None,
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            InputErrorKind::Empty => f.write_str("empty input: give a game or a position"),
            InputErrorKind::TooManySpots(n) => write!(
                f,
                "{n}: a bare number is the start of a game with that many spots, and a game has fewer than {}; to read it as a position, say its notation",
                MAX_SPOT / 4
            ),
            InputErrorKind::SeveralGames(n) => write!(f, "{n} games given; give one at a time"),
            InputErrorKind::Game(e) => e.fmt(f),
            // The words Hoey position errors always had.
            InputErrorKind::Position(PositionNotation::Hoey, PositionTextError::Syntax(e)) => {
                write!(f, "position text {e}")
            }
            InputErrorKind::Position(PositionNotation::Hoey, e) => e.fmt(f),
            InputErrorKind::Position(n, e) => write!(f, "{n} position: {e}"),
        }
    }
}

impl std::error::Error for InputError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            InputErrorKind::Game(e) => Some(e),
            InputErrorKind::Position(_, e) => Some(e),
            _ => None,
        }
    }
}

/// How programs show a position whose text is empty (no region where a move
/// is left); [`read_input`] reads it back as that position.
pub const NO_LIVE_REGION: &str = "(no live region)";

/// The play convention of a text read for a user who asked for one
/// (`requested`: `--misere`, `misere=True`, the web page's variant) or not:
/// the text's own when it states one (`stated`: a signed game header, a
/// neo-GLOP label), else the user's, else normal play. `None` when both are
/// given and differ. [`Input::settle`] applies it.
///
/// ```
/// use sprouts::model::Variant::{Misere, Normal};
/// use sprouts::notation::play_convention;
/// assert_eq!(play_convention(None, Some(Misere)), Some(Misere));
/// assert_eq!(play_convention(Some(Misere), None), Some(Misere));
/// assert_eq!(play_convention(None, None), Some(Normal));
/// assert_eq!(play_convention(Some(Normal), Some(Misere)), None);
/// assert_eq!(play_convention(Some(Misere), Some(Normal)), None);
/// ```
pub fn play_convention(stated: Option<Variant>, requested: Option<Variant>) -> Option<Variant> {
    match (stated, requested) {
        (Some(s), Some(r)) if s != r => None,
        (Some(v), _) | (None, Some(v)) => Some(v),
        (None, None) => Some(Variant::Normal),
    }
}

/// A text that states one play convention where the user asked for the
/// other ([`Input::settle`]). Its message says what the text states
/// (`the game's header 5+ says normal play`); a front end puts its own
/// option's name before it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{by} says {} play", stated.name())]
pub struct ConventionError {
    /// What states it: `the game's header 5+`, `the label 5+:`.
    by: String,
    stated: Variant,
}

impl ConventionError {
    /// The play convention the text states.
    pub fn stated(&self) -> Variant {
        self.stated
    }
}

impl Input {
    /// The game or position with its play convention settled
    /// ([`play_convention`]): the game's header or the position takes the
    /// text's own convention, else `requested`, else normal play. Every
    /// front end (the command, the web page, the Python package) settles
    /// what it read with this.
    ///
    /// ```
    /// use sprouts::model::Variant;
    /// use sprouts::notation::{read_input, Input};
    /// // A bare number states nothing: the request decides.
    /// let Input::Game(g) = read_input("22", None).unwrap().settle(Some(Variant::Misere)).unwrap() else { panic!() };
    /// assert_eq!(g.header.variant, Variant::Misere);
    /// let e = read_input("5+ 1(6)2", None).unwrap().settle(Some(Variant::Misere)).unwrap_err();
    /// assert_eq!(e.to_string(), "the game's header 5+ says normal play");
    /// let e = read_input("2-:0.0", None).unwrap().settle(Some(Variant::Normal)).unwrap_err();
    /// assert_eq!(e.to_string(), "the label 2-: says misere play");
    /// ```
    pub fn settle(self, requested: Option<Variant>) -> Result<Input, ConventionError> {
        let stated = self.stated_variant();
        let variant = play_convention(stated, requested).ok_or_else(|| ConventionError {
            by: match &self {
                Input::Game(t) => format!(
                    "the game's header {}{}",
                    t.header.spots,
                    t.header.variant.sign()
                ),
                Input::Position { label, .. } => {
                    format!(
                        "the label {}",
                        label.map(|l| l.to_string()).unwrap_or_default()
                    )
                }
            },
            stated: stated.unwrap_or_default(),
        })?;
        Ok(match self {
            Input::Game(mut t) => {
                t.header.variant = variant;
                Input::Game(t)
            }
            Input::Position {
                position,
                notation,
                label,
            } => Input::Position {
                position: position.with_variant(variant),
                notation,
                label,
            },
        })
    }
}

/// Reads a game or a position: a text whose first line starts with a
/// header (`14+`, `5-`, or a bare number such as `22`, the start of a game
/// with that many spots) is a game; anything else is a position in the
/// notation [`PositionNotation::detect`] finds. With `notation` given, the
/// text is always a position in that notation. A byte-order mark and
/// surrounding white space are ignored; an empty text, or several games,
/// are errors.
///
/// ```
/// use sprouts::notation::read_input;
/// assert_eq!(read_input("  ", None).unwrap_err().to_string(), "empty input: give a game or a position");
/// assert_eq!(read_input("2+\n3+", None).unwrap_err().to_string(), "2 games given; give one at a time");
/// ```
pub fn read_input(text: &str, notation: Option<PositionNotation>) -> Result<Input, InputError> {
    let text = text.trim_start_matches('\u{feff}').trim();
    let error = |kind| InputError { kind };
    let first_line = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'));
    let Some(first_line) = first_line else {
        return Err(error(InputErrorKind::Empty));
    };
    if text == NO_LIVE_REGION {
        let notation = notation.unwrap_or(PositionNotation::Hoey);
        return Ok(Input::Position {
            position: hoey::parse_position("").expect("the empty position"),
            notation,
            label: None,
        });
    }
    if notation.is_none() && starts_game(first_line) {
        let bare = text.trim_end_matches(['+', '-']);
        if !bare.is_empty()
            && bare.bytes().all(|b| b.is_ascii_digit())
            && bare.parse::<u32>().map_or(true, |n| n >= MAX_SPOT / 4)
        {
            let shown = super::error::quote(bare).into_owned();
            return Err(error(InputErrorKind::TooManySpots(shown)));
        }
        let mut games =
            Transcript::read_all(text, None).map_err(|e| error(InputErrorKind::Game(e)))?;
        if games.len() > 1 {
            return Err(error(InputErrorKind::SeveralGames(games.len())));
        }
        return Ok(Input::Game(games.pop().expect("a first line")));
    }
    let notation = notation.unwrap_or_else(|| PositionNotation::detect(text));
    let position_error = |e| error(InputErrorKind::Position(notation, e));
    if notation == PositionNotation::Neoglop {
        let read: NeoGlop = text.parse().map_err(position_error)?;
        let label = read.label();
        let position = read.into_position();
        return Ok(Input::Position {
            position,
            notation,
            label,
        });
    }
    Ok(Input::Position {
        position: notation.parse(text).map_err(position_error)?,
        notation,
        label: None,
    })
}
