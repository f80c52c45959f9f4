//! The move notations, as a value: choose one at run time, detect one.

use std::fmt;
use std::str::FromStr;

use crate::model::{AnyMove, Move, MoveError, Position};
use crate::notation::MoveTextError;
use crate::notation::hoey::HoeyMove;
use crate::notation::lhp::LhpMove;
use crate::notation::wgosa::WgosaMove;

/// What [`Notation::write_listed`] shows for a move a notation cannot
/// write.
pub const UNWRITTEN: &str = "?";

/// A move notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Dan Hoey's `A-C-B` notation, moves separated by `;`.
    Hoey,
    /// The WGOSA's `f(g)h[L]` notation, moves separated by white space.
    Wgosa,
    /// Josh Purinton's left-hand-path `e.f<g>h.i[a]` notation.
    Lhp,
}

impl Notation {
    /// Every notation, in a fixed order.
    pub const ALL: [Notation; 3] = [Notation::Wgosa, Notation::Lhp, Notation::Hoey];

    /// The lower-case name: `hoey`, `wgosa` or `lhp`.
    ///
    /// ```
    /// use sprouts::notation::Notation;
    /// assert_eq!(Notation::Lhp.name(), "lhp");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Notation::Hoey => "hoey",
            Notation::Wgosa => "wgosa",
            Notation::Lhp => "lhp",
        }
    }

    /// Resolves a move text written in this notation against a position.
    ///
    /// ```
    /// use sprouts::model::Position;
    /// use sprouts::notation::Notation;
    /// let p = Position::start(2, Default::default());
    /// let m = Notation::Wgosa.resolve("1(3)2", &p).unwrap();
    /// assert_eq!(Notation::Lhp.write(&p, &m).unwrap(), "1<3>2");
    /// assert_eq!(Notation::Hoey.write(&p, &m).unwrap(), "1-3-2");
    /// ```
    pub fn resolve(self, text: &str, pos: &Position) -> Result<Move, MoveTextError> {
        Ok(match self {
            Notation::Hoey => text.parse::<HoeyMove>()?.to_move(pos)?,
            Notation::Wgosa => text.parse::<WgosaMove>()?.to_move(pos)?,
            Notation::Lhp => text.parse::<LhpMove>()?.to_move(pos)?,
        })
    }

    /// The canonical text of a legal move in this notation.
    pub fn write(self, pos: &Position, m: &Move) -> Result<String, MoveError> {
        Ok(match self {
            Notation::Hoey => HoeyMove::from_move(pos, m)?.to_string(),
            Notation::Wgosa => WgosaMove::from_move(pos, m)?.to_string(),
            Notation::Lhp => LhpMove::from_move(pos, m)?.to_string(),
        })
    }

    /// The text a list of moves shows for a move of [`Position::moves`]:
    /// on the plane its canonical text, or [`UNWRITTEN`] (`?`) when this
    /// notation cannot write it (only a move that is not legal in `pos`:
    /// the list keeps its place rather than hide it); off the plane, where
    /// moves have no text, the position it leaves in neo-GLOP. The command,
    /// the web page and the Python package write winning moves and lists of
    /// moves with it.
    ///
    /// ```
    /// use sprouts::model::{AnyMove, Move, Position, SiteRef, Topology};
    /// use sprouts::notation::{Notation, UNWRITTEN};
    /// let p = Position::start(2, Default::default());
    /// let m = p.legal_moves().next().unwrap();
    /// assert_eq!(Notation::Wgosa.write_listed(&p, &AnyMove::Plane(m)), "1(3)2");
    /// // A move of another position cannot be written here.
    /// let stray = Move::new(0, SiteRef::new(0, 5), SiteRef::new(0, 6), vec![]);
    /// assert_eq!(Notation::Wgosa.write_listed(&p, &AnyMove::Plane(stray)), UNWRITTEN);
    /// // Off the plane: the position left.
    /// let t = Position::start_on(1, Topology::Torus(1), Default::default());
    /// let first = t.moves().unwrap().next().unwrap();
    /// assert_eq!(Notation::Hoey.write_listed(&t, &first), "AB/ABT1");
    /// ```
    pub fn write_listed(self, pos: &Position, m: &AnyMove) -> String {
        match m {
            AnyMove::Plane(m) => self.write(pos, m).unwrap_or_else(|_| UNWRITTEN.to_string()),
            AnyMove::Surface(after) => after.to_neoglop(),
        }
    }

    /// What goes between two moves of a transcript.
    pub fn separator(self) -> &'static str {
        match self {
            Notation::Hoey => "; ",
            _ => " ",
        }
    }

    /// Guesses the notation of a transcript body (the moves): `(` means
    /// WGOSA, `A-C-B` or `;` Hoey, `<` LHP; failing those, any `-` Hoey, `<`
    /// or `>` LHP, anything else WGOSA. `None` only for an empty body.
    ///
    /// ```
    /// use sprouts::notation::Notation;
    /// assert_eq!(Notation::detect("1(15)2 1(16)1[3-10]"), Some(Notation::Wgosa));
    /// assert_eq!(Notation::detect("1<4>1[2]"), Some(Notation::Lhp));
    /// assert_eq!(Notation::detect("1-6-2; 3-7-4"), Some(Notation::Hoey));
    /// assert_eq!(Notation::detect(""), None);
    /// ```
    pub fn detect(body: &str) -> Option<Notation> {
        let b = body.as_bytes();
        let hoey_move = b
            .windows(3)
            .any(|w| w[0].is_ascii_digit() && w[1] == b'-' && w[2].is_ascii_digit())
            && b.iter().filter(|&&c| c == b'-').count() >= 2;
        if body.contains('(') {
            Some(Notation::Wgosa)
        } else if body.contains(';') || (hoey_move && !body.contains('[')) {
            Some(Notation::Hoey)
        } else if body.contains('<') && (body.contains('[') || !hoey_move) {
            Some(Notation::Lhp)
        } else if hoey_move || body.contains('-') {
            // Weak hints last, so that a mistyped move is reported by the
            // reader of the notation it was meant in.
            Some(Notation::Hoey)
        } else if body.contains('<') || body.contains('>') {
            Some(Notation::Lhp)
        } else if body.trim().is_empty() {
            None
        } else {
            Some(Notation::Wgosa)
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Notation {
    type Err = String;

    fn from_str(s: &str) -> Result<Notation, String> {
        match s.to_ascii_lowercase().as_str() {
            "hoey" => Ok(Notation::Hoey),
            "wgosa" => Ok(Notation::Wgosa),
            "lhp" => Ok(Notation::Lhp),
            other => Err(format!("unknown notation '{other}' (hoey, wgosa or lhp)")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Variant;
    use proptest::prelude::*;

    /// Every legal move (up to `cap` per position) of a random game, written
    /// canonically in every notation, reads back to the same move and writes
    /// back byte for byte.
    fn check_game(spots: u32, picks: &[usize], cap: usize) -> Result<(), TestCaseError> {
        let mut pos = Position::start(spots, Variant::Normal);
        for &k in picks {
            let moves: Vec<Move> = pos.legal_moves().take(cap).collect();
            if moves.is_empty() {
                break;
            }
            for m in &moves {
                for n in Notation::ALL {
                    let text = n.write(&pos, m).unwrap();
                    let back = n.resolve(&text, &pos);
                    let place = || format!("{n} {text} in {}", pos.to_hoey_full());
                    prop_assert!(back.is_ok(), "{}: {:?}", place(), back);
                    let back = back.unwrap();
                    prop_assert!(pos.same_move(&back, m), "{}", place());
                    prop_assert_eq!(n.write(&pos, &back).unwrap(), text);
                }
            }
            pos.play_in_place(&moves[k % moves.len()]).unwrap();
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        #[test]
        fn canonical_texts_round_trip(spots in 1u32..12, picks in proptest::collection::vec(0usize..1000, 0..24)) {
            check_game(spots, &picks, 40)?;
        }
    }

    #[test]
    fn detection_and_names() {
        for n in Notation::ALL {
            assert_eq!(n.name().parse::<Notation>().unwrap(), n);
        }
        assert_eq!(
            "pgn".parse::<Notation>().unwrap_err(),
            "unknown notation 'pgn' (hoey, wgosa or lhp)"
        );
        assert_eq!(Notation::detect("1-x-2"), Some(Notation::Hoey));
        assert_eq!(Notation::detect("3<4>"), Some(Notation::Lhp));
        assert_eq!(
            Notation::detect("1<9>1[2-4] 3<10>5[6-8]"),
            Some(Notation::Lhp)
        );
    }
}
