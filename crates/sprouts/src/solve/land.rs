//! A land as the solver stores it ([`Land`]: its key bytes), the lands a
//! position simplifies to ([`decompose`]), and lands back to labelled
//! positions ([`lands_position`]), so that they can be written in any
//! position notation (GLOP 2 for the database's export).
//!
//! A land is read from its key bytes (sites `0`, `1`, `2` and letters,
//! boundaries and regions ended by markers, see the `bytes` module).

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use crate::model::{Position, PositionError, Spot, Topology, Variant};

use super::bytes;
use super::canon::{LandCanon, PseudoCanon};
use super::compact;
use super::error::SolveError;

/// One land of a position in the solver's compact form: its key bytes.
///
/// Its text (`Display`, `FromStr`) is GLOP 2, the one land text users
/// read (`0.AB|AB`). `FromStr` also reads the solver's older text, which
/// earlier versions exported and printed: `0`, `1`, `2` and letters (`a`-`z`,
/// `A`-`Z`, `{52}`...; case carries no meaning), `.` after every boundary
/// (so it always ends with `.`), `|` between regions.
///
/// ```
/// use sprouts::solve::Land;
/// // GLOP's `AB.}1AB.}`: regions are sorted, letters renamed.
/// let l: Land = "AB|1AB".parse().unwrap();
/// assert_eq!(l.to_string(), "1AB|AB");
/// assert_eq!("ab.|1ab.".parse::<Land>().unwrap(), l);
/// assert_eq!(Land::from_bytes(l.as_bytes()).unwrap(), l);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Land(Box<[u8]>);

impl Land {
    /// The key bytes.
    ///
    /// ```
    /// let l: sprouts::solve::Land = "0.".parse().unwrap();
    /// assert_eq!(l.as_bytes(), &[0, 0xFF, 0xFE]);
    /// ```
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    /// Its lives (a move takes one life from each end and leaves one on
    /// the new spot: its children have one life fewer in all).
    ///
    /// ```
    /// let l: sprouts::solve::Land = "0.AB|AB".parse().unwrap();
    /// assert_eq!(l.lives(), 5);
    /// ```
    pub fn lives(&self) -> u32 {
        super::pns::twice_lives(&self.0) / 2
    }

    /// A land from key bytes, checked (every letter listed twice, at most
    /// [`MAX_LIVES`](super::MAX_LIVES) lives) and re-keyed canonically with [`PseudoCanon`].
    ///
    /// ```
    /// use sprouts::solve::Land;
    /// assert!(Land::from_bytes(&[0, 0xFF, 0xFE]).is_ok());
    /// assert_eq!(Land::from_bytes(&[0, 0xFE]).unwrap_err().to_string(),
    ///     "bad land key at byte 1: expected an empty or unfinished region");
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<Land, SolveError> {
        let regions = bytes::parse_land(bytes)?;
        bytes::check_letters(&regions).map_err(|w| SolveError::bad_key(bytes.len(), w))?;
        Ok(Land(PseudoCanon.key(&regions).into()))
    }

    /// The lands this land's key simplifies to (docs/notations.md#simplification):
    /// itself, for a key the solver made; what the solver's moves can be
    /// played on, for any key [`Land::from_bytes`] accepts (a database's
    /// key may be corrupted).
    ///
    /// ```
    /// use sprouts::solve::Land;
    /// let l: Land = "0.AB|AB".parse().unwrap();
    /// assert_eq!(l.simplified(), vec![l.clone()]);
    /// // Two lone spots written as one region with an empty second region
    /// // of one spot listed once: the region of one life goes.
    /// let odd = Land::from_bytes(&[0, 0xFF, 0, 0xFF, 0xFE, 2, 0xFF, 0xFE]).unwrap();
    /// assert_eq!(odd.simplified(), vec!["0.0".parse::<Land>().unwrap()]);
    /// ```
    pub fn simplified(&self) -> Vec<Land> {
        let mut keys = Vec::new();
        compact::simplify(
            bytes::parse_land_unchecked(&self.0),
            &PseudoCanon,
            &mut keys,
        );
        keys.sort_unstable();
        keys.into_iter().map(Land::from_key).collect()
    }

    /// A land exactly as stored (trusted: made by this module).
    pub(crate) fn from_key(key: Vec<u8>) -> Land {
        Land(key.into())
    }
}

impl fmt::Display for Land {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match lands_position(std::slice::from_ref(self)) {
            Ok(p) => f.write_str(&p.to_glop2()),
            // Only bytes that were never checked can fail to be a position:
            // show them in the solver's own text rather than nothing.
            Err(_) => f.write_str(&bytes::land_text(&self.0)),
        }
    }
}

impl FromStr for Land {
    type Err = SolveError;

    /// Reads the text of one land, in GLOP 2 or in the solver's older text
    /// (which ends with `.`); it is simplified first, so it must not
    /// simplify to nothing or to several lands.
    fn from_str(s: &str) -> Result<Land, SolveError> {
        let one = |mut lands: Vec<Land>| {
            if lands.len() != 1 {
                return Err(SolveError::bad_text(
                    s.len(),
                    "a text that simplifies to one land",
                ));
            }
            Ok(lands.pop().expect("one"))
        };
        if !(s.ends_with('.') || s.contains('{')) {
            let p = crate::notation::glop2::parse_position(s).map_err(SolveError::text)?;
            return one(decompose(&p)?);
        }
        let regions = bytes::parse_land_text(s)?;
        let mut keys = Vec::new();
        compact::simplify(regions, &PseudoCanon, &mut keys);
        let land = one(keys.into_iter().map(Land::from_key).collect())?;
        // The older text is not checked against the model as it is read
        // (`10.` puts a lone spot on a boundary with another): keep only a
        // land some position has, so that what is read is written (GLOP 2)
        // and read again as itself.
        match land.to_position().map(|p| decompose(&p)) {
            Ok(Ok(lands)) if lands == std::slice::from_ref(&land) => Ok(land),
            _ => Err(SolveError::bad_text(
                s.len(),
                "the text of a land that some position has",
            )),
        }
    }
}

/// The lands of a position after the simplifications of docs/notations.md#simplification,
/// keyed with [`PseudoCanon`], sorted. An empty list: the game is over.
///
/// ```
/// use sprouts::model::{Position, Variant};
/// use sprouts::solve::decompose;
/// // 1-3-2 from two spots leaves one land: 1a1a in GLOP terms.
/// let p = Position::new(vec![vec![vec![1, 3, 2, 3]]], vec![0, 1, 1, 2], Variant::Normal).unwrap();
/// let lands = decompose(&p).unwrap();
/// assert_eq!(lands.len(), 1);
/// assert_eq!(lands[0].to_string(), "1a1a");
/// ```
pub fn decompose(pos: &Position) -> Result<Vec<Land>, SolveError> {
    decompose_with(pos, &PseudoCanon)
}

/// [`decompose`] with the given land keys.
///
/// ```
/// use sprouts::model::{Position, Variant};
/// use sprouts::solve::{decompose_with, ExactCanon};
/// assert_eq!(decompose_with(&Position::start(4, Variant::Normal), &ExactCanon).unwrap().len(), 1);
/// ```
pub fn decompose_with<C: LandCanon + ?Sized>(
    pos: &Position,
    canon: &C,
) -> Result<Vec<Land>, SolveError> {
    let mut keys = Vec::new();
    compact::simplify(compact::regions_of(pos)?, canon, &mut keys);
    keys.sort_unstable();
    Ok(keys.into_iter().map(Land::from_key).collect())
}

impl Land {
    /// The land as a labelled position (normal play): spots numbered from 1
    /// in order of first appearance, `0` a spot of degree 0, `1` of degree
    /// 1, `2` of degree 2 listed once, a letter a spot of degree 2 listed
    /// twice; regions and boundaries in the key's order. The position is
    /// abbreviated (the land's dead spots and dropped regions are gone), and
    /// [`decompose`] gives this land back.
    ///
    /// Errors: a position the model refuses (possible only for a land read
    /// from a hand-written text that is not a drawing on the plane).
    ///
    /// ```
    /// use sprouts::solve::{decompose, Land};
    /// let land: Land = "0.ab.|ab.".parse().unwrap();
    /// let p = land.to_position().unwrap();
    /// assert_eq!(p.to_hoey(), "1;2,3/2,3");
    /// // GLOP 2: upper case for a spot in two regions, no `.` after a
    /// // region's last boundary.
    /// assert_eq!(p.to_glop2(), "0.AB|AB");
    /// assert_eq!(decompose(&p).unwrap(), vec![land]);
    /// ```
    pub fn to_position(&self) -> Result<Position, PositionError> {
        lands_position(std::slice::from_ref(self))
    }
}

/// The lands side by side as one labelled position (normal play), spots
/// numbered from 1 in order of first appearance as in
/// [`Land::to_position`]; no land shares a spot with another. No land: the
/// empty position. [`decompose`] gives the lands back
/// (sorted).
///
/// ```
/// use sprouts::solve::{decompose, lands_position, Land};
/// let a: Land = "0.0.".parse().unwrap();
/// let b: Land = "1ab.|2ab.".parse().unwrap();
/// let p = lands_position(&[a.clone(), b.clone()]).unwrap();
/// assert_eq!(p.to_glop2(), "0.0+1AB|2AB");
/// assert_eq!(decompose(&p).unwrap(), vec![a, b]);
/// assert_eq!(lands_position(&[]).unwrap().to_glop2(), "");
/// ```
pub fn lands_position(lands: &[Land]) -> Result<Position, PositionError> {
    let mut regions: Vec<(Vec<Vec<Spot>>, Topology)> = Vec::new();
    let mut degrees: Vec<u8> = vec![0];
    for land in lands {
        // Letters name spots within one land only.
        let mut letters: HashMap<u8, Spot> = HashMap::new();
        for region in bytes::parse_land_unchecked(land.as_bytes()) {
            let mut sites = Vec::with_capacity(region.len());
            let mut topology = Topology::PLANE;
            for boundary in region {
                if let Some(t) = bytes::topology_of_mark(&boundary) {
                    topology = t;
                    continue;
                }
                let mut spots = Vec::with_capacity(boundary.len());
                for x in boundary {
                    let mut new_spot = |degree: u8| {
                        degrees.push(degree);
                        (degrees.len() - 1) as Spot
                    };
                    spots.push(if bytes::is_letter(x) {
                        *letters.entry(x).or_insert_with(|| new_spot(2))
                    } else {
                        // `0`, `1`, `2`: a spot of that degree, listed once.
                        new_spot(x)
                    });
                }
                sites.push(spots);
            }
            // A region whose sites all died keeps only its mark: no game.
            if !sites.is_empty() {
                regions.push((sites, topology));
            }
        }
    }
    if regions.iter().any(|r| !r.1.is_planar()) {
        return Position::new_on_surface(regions, degrees, Variant::Normal);
    }
    let plain: Vec<Vec<Vec<Spot>>> = regions.iter().map(|r| r.0.clone()).collect();
    let on_plane = Position::new_abbreviated(plain, degrees.clone(), Variant::Normal);
    if on_plane.is_err() {
        // A spot on two boundaries of one region: a land from a game on
        // another surface (its planar regions play as on the plane).
        if let Ok(p) = Position::new_on_surface(regions, degrees, Variant::Normal) {
            return Ok(p);
        }
    }
    on_plane
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::glop2;
    use crate::solve::{PseudoCanon, decompose, land_children};
    use std::collections::BTreeSet;

    /// Every land reachable from the 4-spot start, and from a few others.
    fn many_lands() -> BTreeSet<Land> {
        let mut seen = BTreeSet::new();
        let mut todo: Vec<Land> = ["0.0.0.0.", "1ab.|2ab.", "0.ab.|1cd.|ab.cd."]
            .iter()
            .map(|t| t.parse().unwrap())
            .collect();
        while let Some(l) = todo.pop() {
            if seen.len() >= 3000 || !seen.insert(l.clone()) {
                continue;
            }
            for child in land_children(&l, &PseudoCanon) {
                todo.extend(child);
            }
        }
        seen
    }

    #[test]
    fn every_land_round_trips_through_a_position_and_glop2() {
        let lands = many_lands();
        assert!(lands.len() >= 1000, "{}", lands.len());
        for land in &lands {
            let p = land.to_position().unwrap();
            assert_eq!(decompose(&p).unwrap(), vec![land.clone()], "{land}");
            let text = p.to_glop2();
            let back = glop2::parse_position(&text).unwrap();
            assert_eq!(
                decompose(&back).unwrap(),
                vec![land.clone()],
                "{land} {text}"
            );
            // GLOP 2, not the solver's text: no `.` ending a region.
            assert!(!text.ends_with('.') && !text.contains(".|"), "{text}");
        }
    }

    #[test]
    fn several_lands_round_trip() {
        let lands: Vec<Land> = many_lands().into_iter().step_by(97).take(8).collect();
        let p = lands_position(&lands).unwrap();
        let back = glop2::parse_position(&p.to_glop2()).unwrap();
        let mut want = lands.clone();
        want.sort();
        assert_eq!(decompose(&back).unwrap(), want);
    }

    #[test]
    fn letters_beyond_52_are_read() {
        // 53 boundaries `2x2x` in one region: the solver's older text names
        // its 53rd letter `{52}`, GLOP 2 an extended letter `&..;`.
        let text: String = (0..53).map(|k| format!("2{{{k}}}2{{{k}}}.")).collect();
        let big: Land = text.parse().unwrap();
        assert!(bytes::land_text(big.as_bytes()).contains("{52}"));
        assert!(big.to_string().contains(['&', ';']), "{big}");
        assert_eq!(big.to_string().parse::<Land>().unwrap(), big);
        let q = big.to_position().unwrap();
        assert_eq!(q.live_spots().count(), 53 * 3);
        assert_eq!(decompose(&q).unwrap(), vec![big.clone()]);
        let back = glop2::parse_position(&q.to_glop2()).unwrap();
        assert_eq!(decompose(&back).unwrap(), vec![big]);
    }
}
