//! A game replayed move by move, whatever notation it was written in.

use crate::model::{Move, Position};
use crate::notation::Notation;
use crate::notation::error::{GameError, MoveTextError, WrongResult};
use crate::notation::hoey::HoeyMove;
use crate::notation::transcript::{Header, Transcript, Winner};

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

impl Transcript {
    /// Replays the game, checking every move.
    ///
    /// ```
    /// use sprouts::notation::transcript::Transcript;
    /// let g = &Transcript::read_all("3+ 1<4>1[2] I", None).unwrap()[0];
    /// assert_eq!(g.replay().unwrap().position().to_hoey(), "1,4;2/1,4;3");
    /// ```
    pub fn replay(&self) -> Result<Replay, GameError> {
        let n = self.notation;
        replay(&self.header, self.winner, &self.moves, |text, pos| {
            n.resolve(text, pos)
        })
    }
}

/// Replays `moves` from the start `header` describes, resolving each text
/// with `resolve` (which says why a text fails).
pub(crate) fn replay(
    header: &Header,
    winner: Option<Winner>,
    moves: &[String],
    resolve: impl Fn(&str, &Position) -> Result<Move, MoveTextError>,
) -> Result<Replay, GameError> {
    let start = Position::start(header.spots, header.variant);
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        let fail = |cause: MoveTextError| GameError::new(i + 1, text.clone(), cause);
        let m = resolve(text, &pos).map_err(fail)?;
        let canonical = HoeyMove::from_move(&pos, &m)
            .map_err(|e| fail(e.into()))?
            .to_string();
        pos.play_in_place(&m).map_err(|e| fail(e.into()))?;
        out.push(ReplayedMove {
            text: text.clone(),
            canonical,
            resolved: m,
        });
    }
    // A result recorded before the end (a resignation) says nothing the
    // rules can check; at the end the rules decide who won.
    if let Some(w) = winner
        && pos.is_over()
        && let Some(e) = WrongResult::check(out.len(), header.variant, w)
    {
        return Err(GameError::new(out.len() + 1, w.to_string(), e));
    }
    Ok(Replay {
        header: header.clone(),
        winner,
        start,
        moves: out,
        end: pos,
    })
}

impl Replay {
    /// The header of the game.
    ///
    /// ```
    /// use sprouts::notation::transcript::Transcript;
    /// let r = "3- 1-4-2".parse::<Transcript>().unwrap().replay().unwrap();
    /// assert_eq!(r.header().spots, 3);
    /// ```
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The recorded result.
    ///
    /// ```
    /// use sprouts::notation::transcript::{Transcript, Winner};
    /// let r = "3+ 1-4-2 II".parse::<Transcript>().unwrap().replay().unwrap();
    /// assert_eq!(r.winner(), Some(Winner::Second));
    /// ```
    pub fn winner(&self) -> Option<Winner> {
        self.winner
    }

    /// The starting position.
    ///
    /// ```
    /// use sprouts::notation::transcript::Transcript;
    /// let r = "3+ 1-4-2".parse::<Transcript>().unwrap().replay().unwrap();
    /// assert_eq!(r.start().next_spot(), 4);
    /// ```
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves, checked, with their canonical texts.
    ///
    /// ```
    /// use sprouts::notation::transcript::Transcript;
    /// let r = "3+ 2-4-1".parse::<Transcript>().unwrap().replay().unwrap();
    /// assert_eq!(r.moves()[0].canonical, "1-4-2");
    /// ```
    pub fn moves(&self) -> &[ReplayedMove] {
        &self.moves
    }

    /// The position after the last move.
    ///
    /// ```
    /// use sprouts::notation::transcript::Transcript;
    /// let r = "3+ 1-4-2".parse::<Transcript>().unwrap().replay().unwrap();
    /// assert_eq!(r.position().to_hoey_full(), "1,4,2,4;3");
    /// ```
    pub fn position(&self) -> &Position {
        &self.end
    }

    /// The position after each move, in order (computed as it goes).
    ///
    /// ```
    /// use sprouts::notation::transcript::Transcript;
    /// let r = "3+ 1-4-2; 1-5-3".parse::<Transcript>().unwrap().replay().unwrap();
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

    /// The canonical text of every move in a notation.
    ///
    /// ```
    /// use sprouts::notation::{transcript::Transcript, Notation};
    /// let g = &Transcript::read_all("4+ 1(5)1[2,3] 2(6)3", None).unwrap()[0];
    /// let r = g.replay().unwrap();
    /// // A loop on a lone spot: 2 and 3 on one side is 4 on the other.
    /// assert_eq!(r.texts(Notation::Wgosa), vec!["1(5)1[4]", "2(6)3"]);
    /// assert_eq!(r.texts(Notation::Hoey), vec!["1-5-1>4", "2-6-3"]);
    /// ```
    pub fn texts(&self, notation: Notation) -> Vec<String> {
        let mut pos = self.start.clone();
        self.moves
            .iter()
            .map(|m| {
                let t = notation
                    .write(&pos, &m.resolved)
                    .expect("replayed moves are legal");
                pos.play_in_place(&m.resolved)
                    .expect("replayed moves are legal");
                t
            })
            .collect()
    }

    /// The game written canonically in a notation, header and result kept.
    ///
    /// ```
    /// use sprouts::notation::{transcript::Transcript, Notation};
    /// let g = &Transcript::read_all("3+ (Steinitz - Morphy *) 1(4)1[2] I", None).unwrap()[0];
    /// let r = g.replay().unwrap();
    /// assert_eq!(r.to_notation(Notation::Lhp), "3+ (Steinitz - Morphy *) 1<4>1[2] I");
    /// assert_eq!(r.to_notation(Notation::Hoey), "3+ (Steinitz - Morphy *) 1-4-1>2 I");
    /// ```
    pub fn to_notation(&self, notation: Notation) -> String {
        Transcript {
            header: self.header.clone(),
            notation,
            moves: self.texts(notation),
            winner: self.winner,
        }
        .to_string()
    }

    /// The game written canonically in Hoey notation.
    ///
    /// ```
    /// use sprouts::notation::transcript::Transcript;
    /// let r = "3+ (A - B*) 2-4-1 ; 3-5-1 I".parse::<Transcript>().unwrap().replay().unwrap();
    /// assert_eq!(r.to_hoey(), "3+ (A - B*) 1-4-2; 1-5-3 I");
    /// ```
    pub fn to_hoey(&self) -> String {
        Transcript {
            header: self.header.clone(),
            notation: Notation::Hoey,
            moves: self.moves.iter().map(|m| m.canonical.clone()).collect(),
            winner: self.winner,
        }
        .to_string()
    }
}
