//! Labelled positions: regions of boundaries of sites in left-hand order.

use std::fmt;
use std::sync::OnceLock;

use super::index::SpotIndex;
use super::surface::Topology;

use super::error::{PositionError, PositionErrorKind};
use crate::union_find::UnionFind;

use super::Spot;

/// The largest spot number a position may use (keeps every count and index
/// comfortably inside machine integers).
pub const MAX_SPOT: Spot = 1 << 20;

/// Normal play (the player who cannot move loses) or misère play (the player
/// who cannot move wins).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Variant {
    /// The last player to move wins.
    #[default]
    Normal,
    /// The last player to move loses.
    Misere,
}

impl Variant {
    /// The transcript sign: `+` for normal play, `-` for misère.
    ///
    /// ```
    /// use sprouts::model::Variant;
    /// assert_eq!(Variant::Misere.sign(), '-');
    /// ```
    pub fn sign(self) -> char {
        match self {
            Variant::Normal => '+',
            Variant::Misere => '-',
        }
    }

    /// The lower-case English name, as used in JSON output: `normal` or `misere`.
    ///
    /// ```
    /// use sprouts::model::Variant;
    /// assert_eq!(Variant::Normal.name(), "normal");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Variant::Normal => "normal",
            Variant::Misere => "misere",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One connected piece of the drawing as seen from one region: the spot of
/// every site the piece shows the region, in left-hand order (the walker keeps
/// the boundary on its left hand). The list is cyclic: where it starts does not
/// matter (Hoey 7a).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Boundary {
    pub(crate) sites: Vec<Spot>,
}

impl Boundary {
    /// The spots of the boundary's sites, in left-hand order from an arbitrary start.
    ///
    /// ```
    /// use sprouts::model::Position;
    /// let p = Position::start(3, Default::default());
    /// assert_eq!(p.regions()[0].boundaries()[1].sites(), &[2]);
    /// ```
    pub fn sites(&self) -> &[Spot] {
        &self.sites
    }

    /// Number of sites on the boundary.
    ///
    /// ```
    /// use sprouts::model::Position;
    /// let p = Position::start(1, Default::default());
    /// assert_eq!(p.regions()[0].boundaries()[0].len(), 1);
    /// ```
    pub fn len(&self) -> usize {
        self.sites.len()
    }

    /// Whether the boundary has no site (never true of a boundary in a valid position).
    ///
    /// ```
    /// use sprouts::model::Position;
    /// let p = Position::start(1, Default::default());
    /// assert!(!p.regions()[0].boundaries()[0].is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.sites.is_empty()
    }
}

/// A region (face) of the drawing: one or more boundaries, and the
/// topology of the surface it is cut from (the plane unless the game is
/// played on another surface, docs/surfaces.md).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Region {
    pub(crate) boundaries: Vec<Boundary>,
    pub(crate) topology: Topology,
}

impl Region {
    /// The boundaries of the region, in the order they are stored.
    ///
    /// ```
    /// use sprouts::model::Position;
    /// let p = Position::start(4, Default::default());
    /// assert_eq!(p.regions()[0].boundaries().len(), 4);
    /// ```
    pub fn boundaries(&self) -> &[Boundary] {
        &self.boundaries
    }

    /// The region's own topology: its handles or cross-caps (docs/surfaces.md).
    ///
    /// ```
    /// use sprouts::model::{Position, Topology};
    /// let p = Position::start_on(2, Topology::Torus(1), Default::default());
    /// assert_eq!(p.regions()[0].topology(), Topology::Torus(1));
    /// ```
    pub fn topology(&self) -> Topology {
        self.topology
    }
}

/// A labelled Sprouts position.
///
/// A position is a list of regions, a region a list of boundaries, a boundary a
/// cyclic list of sites in left-hand order (see docs/notations.md#vocabulary). Every
/// spot `1..next_spot()` has a degree; spots that are not listed anywhere are
/// dead (an abbreviated position leaves dead spots out).
///
/// Constructed positions are always checked ([`Position::new`]); playing a
/// legal move keeps them valid.
///
/// ```
/// use sprouts::model::{Position, Variant};
/// let p = Position::start(5, Variant::Normal);
/// assert_eq!(p.next_spot(), 6);
/// assert_eq!(p.lives(), 15);
/// ```
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) regions: Vec<Region>,
    /// `degree[s]` for every spot `s` in `1..next`; index 0 is unused.
    pub(crate) degree: Vec<u8>,
    pub(crate) start: Option<u32>,
    pub(crate) variant: Variant,
    /// The surface the game is played on, when known (`None`: read from a
    /// text with topology marks, which does not say).
    pub(crate) surface: Option<Topology>,
    /// Where every spot's sites are; built on first use, dropped by a move.
    pub(crate) index: OnceLock<SpotIndex>,
}

impl Position {
    /// The starting position of an `n`-spot game: one region, `n` lone spots.
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// let p = Position::start(2, Variant::Misere);
    /// assert_eq!(p.start_spots(), Some(2));
    /// assert_eq!(p.variant(), Variant::Misere);
    /// ```
    pub fn start(n: u32, variant: Variant) -> Position {
        let n = n.min(MAX_SPOT - 1);
        let boundaries = (1..=n).map(|s| Boundary { sites: vec![s] }).collect();
        let regions = if n == 0 {
            Vec::new()
        } else {
            vec![Region {
                boundaries,
                topology: Topology::PLANE,
            }]
        };
        Position {
            regions,
            degree: vec![0; n as usize + 1],
            start: Some(n),
            variant,
            surface: Some(Topology::PLANE),
            index: OnceLock::new(),
        }
    }

    /// Builds a checked position from its regions and the degree of every spot.
    ///
    /// `regions[r][b]` lists the sites of boundary `b` of region `r` in
    /// left-hand order. `degrees[s]` is the degree of spot `s` for `s` in
    /// `1..degrees.len()` (`degrees[0]` is ignored), so `degrees.len()` is the
    /// next spot number. A spot may be left out of the regions only if it is
    /// dead or (abbreviated positions) if its region was dropped.
    ///
    /// The position is *complete* when every spot is listed once per site
    /// (degree 0 and 1 spots once); a complete position is checked further:
    /// a pivot's two sites lie in two regions, the degrees add up to four per
    /// move, the spots made by moves have degree 2 or more, and the drawing is
    /// planar (Euler's formula for the sphere). Its start size `N` is then
    /// known; otherwise `start_spots()` is `None`.
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// // 1-3-2 from two spots: one boundary 1,3,2,3.
    /// let p = Position::new(vec![vec![vec![1, 3, 2, 3]]], vec![0, 1, 1, 2], Variant::Normal).unwrap();
    /// assert_eq!(p.start_spots(), Some(2));
    /// // 3 has degree 2 but is listed once: fine for an abbreviated position
    /// // (a pivot whose other region was left out), but spot 1 cannot have
    /// // degree 0 with a neighbour.
    /// assert!(Position::new(vec![vec![vec![1, 3, 2]]], vec![0, 1, 1, 2], Variant::Normal).is_ok());
    /// assert!(Position::new(vec![vec![vec![1, 3, 2]]], vec![0, 0, 1, 2], Variant::Normal).is_err());
    /// ```
    pub fn new(
        regions: Vec<Vec<Vec<Spot>>>,
        degrees: Vec<u8>,
        variant: Variant,
    ) -> Result<Position, PositionError> {
        Position::build(regions, degrees, variant, true)
    }

    /// Builds a checked *abbreviated* position: like [`Position::new`], but
    /// the position is never taken as complete, even when every spot it
    /// names is listed at all its sites: spots or regions may have been left
    /// out (Hoey element 2), so the checks that need the whole drawing are
    /// not made and the start size is unknown.
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// // `1o`: a spot with one line whose neighbour was left out.
    /// let p = Position::new_abbreviated(vec![vec![vec![1]]], vec![0, 1], Variant::Normal).unwrap();
    /// assert_eq!(p.start_spots(), None);
    /// assert!(Position::new(vec![vec![vec![1]]], vec![0, 1], Variant::Normal).is_err());
    /// ```
    pub fn new_abbreviated(
        regions: Vec<Vec<Vec<Spot>>>,
        degrees: Vec<u8>,
        variant: Variant,
    ) -> Result<Position, PositionError> {
        Position::build(regions, degrees, variant, false)
    }

    fn build(
        regions: Vec<Vec<Vec<Spot>>>,
        degrees: Vec<u8>,
        variant: Variant,
        may_be_complete: bool,
    ) -> Result<Position, PositionError> {
        let mut pos = Position {
            regions: regions
                .into_iter()
                .map(|r| Region {
                    boundaries: r.into_iter().map(|sites| Boundary { sites }).collect(),
                    topology: Topology::PLANE,
                })
                .collect(),
            degree: if degrees.is_empty() { vec![0] } else { degrees },
            start: None,
            variant,
            surface: Some(Topology::PLANE),
            index: OnceLock::new(),
        };
        pos.check(may_be_complete)?;
        Ok(pos)
    }

    /// The regions, in stored order.
    ///
    /// ```
    /// use sprouts::model::Position;
    /// assert_eq!(Position::start(3, Default::default()).regions().len(), 1);
    /// ```
    pub fn regions(&self) -> &[Region] {
        &self.regions
    }

    /// Normal or misère play.
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// assert_eq!(Position::start(3, Variant::Normal).variant(), Variant::Normal);
    /// ```
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Returns the same position with another play convention.
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// let p = Position::start(3, Variant::Normal).with_variant(Variant::Misere);
    /// assert_eq!(p.variant(), Variant::Misere);
    /// ```
    pub fn with_variant(mut self, variant: Variant) -> Position {
        self.variant = variant;
        self
    }

    /// The number of the spot the next move creates.
    ///
    /// ```
    /// use sprouts::model::Position;
    /// assert_eq!(Position::start(5, Default::default()).next_spot(), 6);
    /// ```
    pub fn next_spot(&self) -> Spot {
        self.degree.len() as Spot
    }

    /// The number of spots of the game's start, when it is known (always for
    /// positions made by play or read complete; not for abbreviated ones).
    ///
    /// ```
    /// use sprouts::model::Position;
    /// assert_eq!(Position::start(7, Default::default()).start_spots(), Some(7));
    /// ```
    pub fn start_spots(&self) -> Option<u32> {
        self.start
    }

    /// The degree (number of lines) of a spot; 3 for a spot that does not exist.
    ///
    /// ```
    /// use sprouts::model::Position;
    /// let p = Position::start(2, Default::default());
    /// assert_eq!(p.degree(1), 0);
    /// assert_eq!(p.degree(9), 3);
    /// ```
    pub fn degree(&self, spot: Spot) -> u8 {
        if spot == 0 {
            return 3;
        }
        self.degree.get(spot as usize).copied().unwrap_or(3)
    }

    /// Lives left at a spot: `3 - degree`.
    ///
    /// ```
    /// use sprouts::model::Position;
    /// assert_eq!(Position::start(2, Default::default()).spot_lives(2), 3);
    /// ```
    pub fn spot_lives(&self, spot: Spot) -> u8 {
        3 - self.degree(spot)
    }

    /// Whether a spot can still take a line (degree below 3).
    ///
    /// ```
    /// use sprouts::model::Position;
    /// assert!(Position::start(2, Default::default()).is_live(1));
    /// ```
    pub fn is_live(&self, spot: Spot) -> bool {
        self.degree(spot) < 3
    }

    /// Total lives of the position (Purvis): `3N` at the start, one less after every move.
    ///
    /// ```
    /// use sprouts::model::Position;
    /// assert_eq!(Position::start(4, Default::default()).lives(), 12);
    /// ```
    pub fn lives(&self) -> u32 {
        self.degree
            .iter()
            .skip(1)
            .map(|&d| 3 - d.min(3) as u32)
            .sum()
    }

    /// The live spots, in increasing order.
    ///
    /// ```
    /// use sprouts::model::Position;
    /// assert_eq!(Position::start(3, Default::default()).live_spots().collect::<Vec<_>>(), vec![1, 2, 3]);
    /// ```
    pub fn live_spots(&self) -> impl Iterator<Item = Spot> + '_ {
        (1..self.next_spot()).filter(|&s| self.is_live(s))
    }

    /// Whether the position is complete: every spot listed once per site, as
    /// in Hoey's full notation (positions made by play from a start always are).
    ///
    /// ```
    /// use sprouts::model::Position;
    /// assert!(Position::start(3, Default::default()).is_complete());
    /// ```
    pub fn is_complete(&self) -> bool {
        self.start.is_some()
    }

    /// Checks every invariant; sets `start` for complete positions.
    pub(crate) fn check(&mut self, may_be_complete: bool) -> Result<(), PositionError> {
        // On another surface than the plane a spot may face one region from
        // two boundaries (a line around a handle), and Euler's formula
        // counts the regions' own topologies (docs/surfaces.md#check).
        let plane = self.surface == Some(Topology::PLANE)
            && self.regions.iter().all(|r| r.topology.is_planar());
        use PositionErrorKind as K;
        let next = self.degree.len();
        if next as u64 > MAX_SPOT as u64 {
            return Err(K::TooManySpots(next as u64 - 1).into());
        }
        for (s, &d) in self.degree.iter().enumerate().skip(1) {
            if d > 3 {
                return Err(K::BadDegree(s as Spot, d).into());
            }
        }
        let (first_place, counts) = self.check_sites(plane)?;
        let complete = may_be_complete
            && (1..next).all(|s| counts[s] as usize == sites_of_degree(self.degree[s]));
        if !complete {
            self.start = None;
            return Ok(());
        }
        self.check_complete(plane, &first_place)
    }

    /// Checks every region, boundary and site (no empty one, known spots,
    /// no more sites than a spot's degree gives, a lone spot alone on its
    /// boundary, on the plane no spot on two boundaries of one region);
    /// gives each spot's first (region, boundary) and its number of sites.
    #[allow(clippy::type_complexity)]
    fn check_sites(
        &self,
        plane: bool,
    ) -> Result<(Vec<Option<(usize, usize)>>, Vec<u32>), PositionError> {
        use PositionErrorKind as K;
        let next = self.degree.len();
        let mut first_place: Vec<Option<(usize, usize)>> = vec![None; next];
        let mut counts = vec![0u32; next];
        for (ri, r) in self.regions.iter().enumerate() {
            if r.boundaries.is_empty() {
                return Err(K::EmptyRegion(ri + 1).into());
            }
            for (bi, b) in r.boundaries.iter().enumerate() {
                if b.sites.is_empty() {
                    return Err(K::EmptyBoundary(ri + 1).into());
                }
                for &s in &b.sites {
                    if s == 0 || s as usize >= next {
                        return Err(K::UnknownSpot(s, next as Spot).into());
                    }
                    let su = s as usize;
                    counts[su] += 1;
                    let d = self.degree[su];
                    if counts[su] as usize > sites_of_degree(d) {
                        return Err(K::TooManySites(s, d, counts[su]).into());
                    }
                    match first_place[su] {
                        None => first_place[su] = Some((ri, bi)),
                        Some((r0, b0)) if plane && r0 == ri && b0 != bi => {
                            return Err(K::SpotOnTwoBoundaries(s, ri + 1).into());
                        }
                        Some(_) => {}
                    }
                    if d == 0 && b.sites.len() != 1 {
                        return Err(K::LoneSpotNotAlone(s).into());
                    }
                }
            }
        }
        Ok((first_place, counts))
    }

    /// Checks what only a complete position must satisfy (no line to
    /// nowhere, the degree sum, the new spots' degrees, Euler's formula)
    /// and sets `start`.
    fn check_complete(
        &mut self,
        plane: bool,
        first_place: &[Option<(usize, usize)>],
    ) -> Result<(), PositionError> {
        use PositionErrorKind as K;
        let next = self.degree.len();
        for (s, place) in first_place.iter().enumerate().skip(1) {
            if let (1, Some((r, b))) = (self.degree[s], *place) {
                if self.regions[r].boundaries[b].sites.len() == 1 {
                    return Err(K::LineToNowhere(s as Spot).into());
                }
            }
        }
        let degree_sum: u64 = self.degree.iter().skip(1).map(|&d| d as u64).sum();
        if degree_sum % 4 != 0 {
            return Err(K::DegreeSum(degree_sum).into());
        }
        let moves = degree_sum / 4;
        let spots = (next - 1) as u64;
        if moves > spots {
            return Err(K::DegreeSum(degree_sum).into());
        }
        let n = spots - moves;
        for s in (n as usize + 1)..next {
            if self.degree[s] < 2 {
                return Err(K::NewSpotDegree(s as Spot, self.degree[s]).into());
            }
        }
        // Euler's formula on the sphere: V - E + F = 1 + C.
        let mut uf = UnionFind::new(next);
        for r in &self.regions {
            for b in &r.boundaries {
                for w in b.sites.windows(2) {
                    uf.union(w[0] as usize, w[1] as usize);
                }
            }
        }
        let components = (1..next).filter(|&s| uf.find(s) == s).count() as i64;
        let v = spots as i64;
        let e = (degree_sum / 2) as i64;
        let f = self.regions.len() as i64;
        if !plane {
            return self.check_surface_euler(v, e, n as u32);
        }
        // (No spot at all: the empty drawing, kept with no region.)
        if v > 0 && v - e + f != 1 + components {
            return Err(K::NotPlanar {
                spots: v,
                lines: e,
                regions: f,
                pieces: components,
            }
            .into());
        }
        // In a planar drawing each piece meets a region in one boundary, so the
        // number of boundaries is fixed too: every piece with k lines ... is
        // covered by Euler above together with the one-boundary-per-region check.
        self.start = Some(n as u32);
        Ok(())
    }
}

/// How many sites a spot of this degree has: 1 for degree 0 and 1, else the degree.
pub(crate) fn sites_of_degree(d: u8) -> usize {
    (d as usize).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_shape() {
        let p = Position::start(3, Variant::Normal);
        assert_eq!(p.regions.len(), 1);
        assert_eq!(p.regions[0].boundaries.len(), 3);
        assert_eq!(p.lives(), 9);
        assert!(p.is_complete());
        assert!(Position::start(0, Variant::Normal).regions().is_empty());
    }

    #[test]
    fn new_checks() {
        let ok = Position::new(
            vec![vec![vec![1, 6, 2, 6], vec![3, 7, 4, 7], vec![5]]],
            vec![0, 1, 1, 1, 1, 0, 2, 2],
            Variant::Normal,
        )
        .unwrap();
        assert_eq!(ok.start_spots(), Some(5));
        // spot 6 on two boundaries of one region
        let e = Position::new(
            vec![vec![vec![1, 3, 2], vec![3]]],
            vec![0, 1, 1, 2],
            Variant::Normal,
        )
        .unwrap_err();
        assert_eq!(e.to_string(), "spot 3 lies on two boundaries of region 1");
        // a degree-0 spot with a neighbour
        let e = Position::new(vec![vec![vec![1, 2]]], vec![0, 0, 0], Variant::Normal).unwrap_err();
        assert_eq!(
            e.to_string(),
            "spot 1 has no line but is not alone on its boundary"
        );
        // counts are right, but no plane drawing has these faces
        let e = Position::new(
            vec![vec![vec![1, 3]], vec![vec![2, 3]]],
            vec![0, 1, 1, 2],
            Variant::Normal,
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "not a drawing on the plane: 3 spots - 2 lines + 2 regions should be 1 + 1 pieces"
        );
    }
}
