//! From the solver's lands back to labelled positions, so that they can be
//! written in any position notation (GLOP 2 for the database's export).
//!
//! A land is read from its key bytes (sites `0`, `1`, `2` and letters,
//! boundaries and regions ended by markers, see the compact module).

use std::collections::HashMap;

use crate::model::{Position, PositionError, Spot, Topology, Variant};

use super::{Land, bytes};

impl Land {
    /// The land as a labelled position (normal play): spots numbered from 1
    /// in order of first appearance, `0` a spot of degree 0, `1` of degree
    /// 1, `2` of degree 2 listed once, a letter a spot of degree 2 listed
    /// twice; regions and boundaries in the key's order. The position is
    /// abbreviated (the land's dead spots and dropped regions are gone), and
    /// [`decompose`](super::decompose) gives this land back.
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
/// empty position. [`decompose`](super::decompose) gives the lands back
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
