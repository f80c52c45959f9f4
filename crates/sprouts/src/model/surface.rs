//! Sprouts on compact surfaces (docs/surfaces.md): the topology a region
//! carries, and every move of a region with handles or cross-caps, listed
//! by the position it leaves.
//!
//! A region is a compact surface with holes: a sphere with `g` handles
//! ([`Topology::Torus`]) or with `k` cross-caps ([`Topology::Crosscap`]),
//! less one disc per boundary. A move is an arc between two live sites;
//! cutting the region along it raises the Euler characteristic by one.
//! Which arcs exist, up to a homeomorphism of the region that keeps its
//! boundaries, is decided by how the cut region looks (docs/surfaces.md#rules):
//!
//! 1. Two different boundaries: they merge, the region keeps its topology.
//!    Without orientation (cross-caps) the second boundary may be read
//!    either way round.
//! 2. One boundary, the planar way (the line's two sides face two new
//!    boundaries `[a, c, b, ...]` and `[b, c, a, ...]`):
//!    - separating: the two sides share the other boundaries and the
//!      topology in every way Euler's formula allows;
//!    - not separating (around a handle, or through two cross-caps): one
//!      region with both new boundaries and two handles' worth of topology
//!      less.
//! 3. One boundary, through a cross-cap (the line is one-sided): one new
//!    boundary that reads the part after `b` backwards, one cross-cap less.
//!
//! Where the cut region is orientable but the region was not, its
//! boundaries gain a direction: every choice is a different move.

use std::fmt;

use super::Spot;
use super::error::{MoveError, MoveErrorKind, PositionError, PositionErrorKind};
use super::moves::rotated;
use super::position::{Boundary, Position, Region, Variant};

/// The surface a region is cut from: a sphere with `n` handles (`Tn`, `T1`
/// the torus) or with `n` cross-caps (`Cn`, `C1` the projective plane, `C2`
/// the Klein bottle). `T0` is the plane; `C0` is read as `T0`.
///
/// ```
/// use sprouts::model::Topology;
/// assert!(Topology::Crosscap(0).is_planar());
/// assert_eq!(Topology::Crosscap(0).normalized(), Topology::PLANE);
/// assert_eq!(Topology::Crosscap(2).to_string(), "C2");
/// assert_eq!("T3".parse::<Topology>().unwrap(), Topology::Torus(3));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Topology {
    /// `Tn`: a sphere with `n` handles.
    Torus(u32),
    /// `Cn`: a sphere with `n` cross-caps.
    Crosscap(u32),
}

/// The most live boundaries plus [`Topology::deficit`] a region may have
/// for [`Position::children`] to list its moves (their number grows as
/// two to that power).
pub const MAX_SURFACE_WIDTH: u64 = 24;

/// The most handles or cross-caps a region may have (more is never needed
/// for a game this program can store, and keeps every count small).
pub const MAX_GENUS: u32 = 1 << 16;

impl Topology {
    /// The plane (the sphere).
    pub const PLANE: Topology = Topology::Torus(0);

    /// Whether the surface is the plane (sphere): `T0` or `C0`.
    ///
    /// ```
    /// use sprouts::model::Topology;
    /// assert!(Topology::Torus(0).is_planar());
    /// assert!(!Topology::Crosscap(1).is_planar());
    /// ```
    pub fn is_planar(self) -> bool {
        matches!(self, Topology::Torus(0) | Topology::Crosscap(0))
    }

    /// Whether the surface is orientable (handles only).
    ///
    /// ```
    /// use sprouts::model::Topology;
    /// assert!(Topology::Torus(2).is_orientable());
    /// assert!(!Topology::Crosscap(2).is_orientable());
    /// ```
    pub fn is_orientable(self) -> bool {
        matches!(self.normalized(), Topology::Torus(_))
    }

    /// The same surface with `C0` written `T0`.
    ///
    /// ```
    /// use sprouts::model::Topology;
    /// assert_eq!(Topology::Crosscap(0).normalized(), Topology::Torus(0));
    /// ```
    pub fn normalized(self) -> Topology {
        match self {
            Topology::Crosscap(0) => Topology::PLANE,
            t => t,
        }
    }

    /// `2 - χ` of the closed surface: twice the handles, or the cross-caps.
    ///
    /// ```
    /// use sprouts::model::Topology;
    /// assert_eq!(Topology::Torus(2).deficit(), 4);
    /// assert_eq!(Topology::Crosscap(3).deficit(), 3);
    /// ```
    pub fn deficit(self) -> u64 {
        match self {
            Topology::Torus(g) => 2 * g as u64,
            Topology::Crosscap(k) => k as u64,
        }
    }
}

impl fmt::Display for Topology {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Topology::Torus(n) => write!(f, "T{n}"),
            Topology::Crosscap(n) => write!(f, "C{n}"),
        }
    }
}

/// Why a text is not a topology. It keeps the text as written (not a
/// message): every wrong text gets the one message, which says how to
/// write a surface.
///
/// ```
/// use sprouts::model::Topology;
/// let e = "X1".parse::<Topology>().unwrap_err();
/// assert!(e.to_string().starts_with("'X1' is not a surface: write T then the handles"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TopologyError {
    text: String,
}

impl fmt::Display for TopologyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a surface: write T then the handles or C then the cross-caps (T0 is the plane, T1 the torus, C1 the projective plane, C2 the Klein bottle), at most {MAX_GENUS}",
            self.text
        )
    }
}

impl std::error::Error for TopologyError {}

impl std::str::FromStr for Topology {
    type Err = TopologyError;

    fn from_str(s: &str) -> Result<Topology, TopologyError> {
        let err = || TopologyError {
            text: s.to_string(),
        };
        let (kind, n) = s.split_at_checked(1).ok_or_else(err)?;
        if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err());
        }
        let n: u32 = n.parse().map_err(|_| err())?;
        if n > MAX_GENUS {
            return Err(err());
        }
        match kind {
            "T" | "t" => Ok(Topology::Torus(n)),
            "C" | "c" => Ok(Topology::Crosscap(n).normalized()),
            _ => Err(err()),
        }
    }
}

/// How a move's new line meets a boundary it starts and ends on.
enum Cut {
    /// The planar way: two new boundaries.
    TwoSided(Vec<Spot>, Vec<Spot>),
    /// Through a cross-cap: one new boundary.
    OneSided(Vec<Spot>),
}

impl Position {
    /// The start of an `n`-spot game on a surface: one region with that
    /// topology, `n` lone spots.
    ///
    /// ```
    /// use sprouts::model::{Position, Topology, Variant};
    /// let p = Position::start_on(3, Topology::Crosscap(1), Variant::Normal);
    /// assert_eq!(p.surface(), Some(Topology::Crosscap(1)));
    /// assert_eq!(p.children().unwrap().len(), 18);
    /// ```
    pub fn start_on(n: u32, surface: Topology, variant: Variant) -> Position {
        let mut p = Position::start(n, variant);
        let surface = surface.normalized().min_genus();
        p.surface = Some(surface);
        if let Some(r) = p.regions.first_mut() {
            r.topology = surface;
        }
        p
    }

    /// The surface the game is played on, when known: the plane for
    /// positions read from texts without topology marks, `None` for texts
    /// with them (a region's topology does not tell the whole surface).
    ///
    /// ```
    /// use sprouts::model::{Position, Topology};
    /// assert_eq!(Position::start(2, Default::default()).surface(), Some(Topology::PLANE));
    /// ```
    pub fn surface(&self) -> Option<Topology> {
        self.surface
    }

    /// Whether some region has handles or cross-caps, or the game is on
    /// another surface than the plane (where even planar regions can hold
    /// what no plane drawing does).
    ///
    /// ```
    /// use sprouts::model::{Position, Topology};
    /// assert!(!Position::start(2, Default::default()).is_on_surface());
    /// assert!(Position::start_on(2, Topology::Torus(1), Default::default()).is_on_surface());
    /// ```
    pub fn is_on_surface(&self) -> bool {
        self.surface != Some(Topology::PLANE)
            || self.regions.iter().any(|r| !r.topology.is_planar())
    }

    /// The same position with the given topology for each region (in
    /// stored order; missing ones are the plane). With any topology given
    /// the surface becomes unknown, and the position is checked again.
    ///
    /// ```
    /// use sprouts::model::{Position, Topology, Variant};
    /// // A spot on two boundaries of one region: only off the plane.
    /// let p = Position::new_abbreviated(vec![vec![vec![1, 2], vec![1, 2]]], vec![0, 2, 2], Variant::Normal);
    /// assert!(p.is_err());
    /// let p = Position::new_abbreviated(vec![vec![vec![1, 2, 3]]], vec![0, 2, 2, 1], Variant::Normal).unwrap();
    /// let q = p.with_topologies(&[Topology::Torus(1)]).unwrap();
    /// assert_eq!(q.regions()[0].topology(), Topology::Torus(1));
    /// ```
    pub fn with_topologies(mut self, topologies: &[Topology]) -> Result<Position, PositionError> {
        for (r, t) in self.regions.iter_mut().zip(topologies) {
            r.topology = t.normalized().min_genus();
        }
        if !topologies.is_empty() {
            self.surface = None;
        }
        let complete = self.start.is_some();
        self.index = Default::default();
        self.check(complete)?;
        Ok(self)
    }

    /// Builds a checked abbreviated position off the plane: regions with
    /// their topologies (the surface is unknown, so a spot may lie on two
    /// boundaries of one region), as [`Position::new_abbreviated`] does
    /// otherwise.
    ///
    /// ```
    /// use sprouts::model::{Position, Topology, Variant};
    /// // A loop around the handle of a torus: spot 1 on both boundaries.
    /// let p = Position::new_on_surface(vec![(vec![vec![1, 2], vec![1, 2]], Topology::PLANE)], vec![0, 2, 2], Variant::Normal).unwrap();
    /// assert_eq!(p.to_neoglop(), "AB.ABT0");
    /// ```
    pub fn new_on_surface(
        regions: Vec<(Vec<Vec<Spot>>, Topology)>,
        degrees: Vec<u8>,
        variant: Variant,
    ) -> Result<Position, PositionError> {
        let topologies: Vec<Topology> = regions.iter().map(|r| r.1).collect();
        let mut pos = Position::start(0, variant);
        pos.start = None;
        pos.surface = None;
        pos.degree = if degrees.is_empty() { vec![0] } else { degrees };
        pos.regions = regions
            .into_iter()
            .zip(topologies)
            .map(|((bs, _), t)| Region {
                boundaries: bs.into_iter().map(|sites| Boundary { sites }).collect(),
                topology: t.normalized().min_genus(),
            })
            .collect();
        pos.check(false)?;
        Ok(pos)
    }

    /// Euler's formula on the game's surface for a complete position: spots
    /// less lines plus each region's Euler characteristic (`2 - deficit -
    /// boundaries`) is the surface's. Sets the start size.
    pub(crate) fn check_surface_euler(
        &mut self,
        spots: i64,
        lines: i64,
        n: u32,
    ) -> Result<(), PositionError> {
        let regions: i64 = self
            .regions
            .iter()
            .map(|r| 2 - r.topology.deficit() as i64 - r.boundaries.len() as i64)
            .sum();
        let euler = spots - lines + regions;
        if let Some(s) = self.surface {
            if spots > 0 && euler != 2 - s.deficit() as i64 {
                return Err(PositionErrorKind::NotOnSurface {
                    euler,
                    surface: s.to_string(),
                }
                .into());
            }
        }
        self.start = Some(n);
        Ok(())
    }

    /// Every position one move leaves, one per distinct result (as
    /// [`Position::reduced`] tells them apart), on any surface: planar
    /// regions play as [`Position::legal_moves`] does, regions with handles
    /// or cross-caps as docs/surfaces.md says. The list is made at once
    /// (on the plane, [`Position::legal_moves`] gives the same moves one at
    /// a time, and [`Position::count_moves`] their number).
    ///
    /// Errors: off the plane, a region whose moves are too many to list
    /// ([`Position::too_wide`]).
    ///
    /// ```
    /// use sprouts::model::{Position, Topology};
    /// // One spot: a loop on the plane; on the torus also a loop around a
    /// // handle (not separating), or one that separates the handle.
    /// assert_eq!(Position::start(1, Default::default()).children().unwrap().len(), 1);
    /// assert_eq!(Position::start_on(1, Topology::Torus(1), Default::default()).children().unwrap().len(), 2);
    /// ```
    pub fn children(&self) -> Result<Vec<Position>, MoveError> {
        if let Some(r) = self.too_wide() {
            return Err(MoveErrorKind::TooManyMoves(r, MAX_SURFACE_WIDTH).into());
        }
        let mut seen = std::collections::HashSet::new();
        let mut out = Vec::new();
        for r in 0..self.regions.len() {
            for (a, b, made) in self.region_moves(r) {
                let mut p = self.clone();
                p.index = Default::default();
                p.regions.splice(r..r + 1, made);
                p.degree[a as usize] += 1;
                p.degree[b as usize] += 1;
                p.degree.push(2);
                // Every child of a complete position is complete, and
                // Euler's formula on the game's surface still holds (checked
                // in debug builds, so by every test).
                debug_assert!(
                    self.start.is_none() || p.clone().check(true).is_ok() && p.is_complete(),
                    "{:?}",
                    p.regions
                );
                if seen.insert(p.reduced()) {
                    out.push(p);
                }
            }
        }
        Ok(out)
    }

    /// Every move of the position, on the plane or off it: the one entry
    /// point for callers that take any position. On the plane, the moves of
    /// [`Position::legal_moves`] (lazily); off it ([`Position::is_on_surface`]),
    /// the positions of [`Position::children`], where moves have no text.
    ///
    /// Errors: off the plane, a region whose moves are too many to list
    /// ([`Position::too_wide`]).
    ///
    /// ```
    /// use sprouts::model::{AnyMove, Position, Topology};
    /// let plane = Position::start(2, Default::default());
    /// assert!(plane.moves().unwrap().all(|m| matches!(m, AnyMove::Plane(_))));
    /// // `legal_moves` lists no move of a region with a handle; `moves` does.
    /// let torus = Position::start_on(1, Topology::Torus(1), Default::default());
    /// assert_eq!(torus.legal_moves().count(), 0);
    /// let moves: Vec<AnyMove> = torus.moves().unwrap().collect();
    /// assert_eq!(moves.len(), 2);
    /// assert_eq!(moves[0].after(&torus).unwrap().to_neoglop(), "AB/ABT1");
    /// ```
    pub fn moves(&self) -> Result<AnyMoves<'_>, MoveError> {
        Ok(AnyMoves(if self.is_on_surface() {
            Listed::Surface(self.children()?.into_iter())
        } else {
            Listed::Plane(Box::new(self.legal_moves()))
        }))
    }

    /// The number of moves [`Position::moves`] lists: on the plane counted
    /// without listing them ([`Position::count_moves`]), off it the number
    /// of [`Position::children`].
    ///
    /// ```
    /// use sprouts::model::{Position, Topology};
    /// let torus = Position::start_on(1, Topology::Torus(1), Default::default());
    /// assert_eq!(torus.count_moves().to_string(), "0");
    /// assert_eq!(torus.number_of_moves().unwrap().to_string(), "2");
    /// let p = Position::start(27, Default::default());
    /// assert_eq!(p.number_of_moves().unwrap().to_string(), "905970015");
    /// ```
    pub fn number_of_moves(&self) -> Result<num_bigint::BigUint, MoveError> {
        Ok(if self.is_on_surface() {
            self.children()?.len().into()
        } else {
            self.count_moves()
        })
    }

    /// The first region played by the model whose live boundaries and
    /// handles' worth of topology ([`Topology::deficit`]) exceed
    /// [`MAX_SURFACE_WIDTH`]: its moves are too many to list (a move never
    /// makes that sum grow, so a position within the bound has children
    /// within it).
    pub fn too_wide(&self) -> Option<usize> {
        if !self.is_on_surface() {
            return None;
        }
        self.regions.iter().position(|r| {
            let live = r
                .boundaries
                .iter()
                .filter(|b| b.sites.iter().any(|&s| self.is_live(s)))
                .count() as u64;
            live + r.topology.deficit() > MAX_SURFACE_WIDTH
        })
    }

    /// The moves of region `r`: their two ends and the regions that take
    /// the place of `r`.
    fn region_moves(&self, r: usize) -> Vec<(Spot, Spot, Vec<Region>)> {
        let region = &self.regions[r];
        let topo = region.topology.normalized();
        let orientable = topo.is_orientable();
        let bs = &region.boundaries;
        let c = self.next_spot();
        let sites: Vec<(usize, usize)> = bs
            .iter()
            .enumerate()
            .flat_map(|(i, b)| (0..b.sites.len()).map(move |j| (i, j)))
            .filter(|&(i, j)| self.is_live(bs[i].sites[j]))
            .collect();
        let mut out = Vec::new();
        for (x, &(i1, j1)) in sites.iter().enumerate() {
            for &(i2, j2) in &sites[x..] {
                let (a, b) = (bs[i1].sites[j1], bs[i2].sites[j2]);
                if (i1, j1) == (i2, j2) {
                    if self.spot_lives(a) < 2 {
                        continue;
                    }
                } else if a == b {
                    continue;
                }
                // A boundary with no live spot goes anywhere unseen: keep
                // it on one side, one way round.
                let (others, dead): (Vec<&Boundary>, Vec<&Boundary>) = (0..bs.len())
                    .filter(|&k| k != i1 && k != i2)
                    .map(|k| &bs[k])
                    .partition(|b| b.sites.iter().any(|&s| self.is_live(s)));
                let all: Vec<&Boundary> = others.iter().chain(&dead).copied().collect();
                if i1 != i2 {
                    let r1 = rotated(&bs[i1].sites, j1);
                    let r2 = rotated(&bs[i2].sites, j2);
                    let mut ways = vec![self.merged(&r1, &r2, c)];
                    if !orientable {
                        let mut back = vec![r2[0]];
                        back.extend(r2[1..].iter().rev());
                        ways.push(self.merged(&r1, &back, c));
                    }
                    for w in ways {
                        let region = with_others(vec![w], &all);
                        out.push((a, b, vec![region_of(region, topo)]));
                    }
                    continue;
                }
                for cut in self.cuts(bs[i1].sites.as_slice(), j1, j2, c, orientable) {
                    match cut {
                        Cut::TwoSided(x, y) => {
                            self.two_sided(topo, x, y, &others, &dead, &mut |made| {
                                out.push((a, b, made))
                            });
                        }
                        Cut::OneSided(w) => {
                            let Topology::Crosscap(k) = topo else {
                                unreachable!("one-sided cuts only without orientation")
                            };
                            if k >= 2 {
                                let region = with_others(vec![w.clone()], &all);
                                out.push((
                                    a,
                                    b,
                                    vec![region_of(region, Topology::Crosscap(k - 1))],
                                ));
                            }
                            if k % 2 == 1 {
                                let t = Topology::Torus((k - 1) / 2);
                                for region in directions(vec![w], &others, &dead) {
                                    out.push((a, b, vec![region_of(region, t)]));
                                }
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// The ways a line from site `j1` to site `j2` of one boundary cuts it:
    /// two-sided (planar reading) always, one-sided without orientation.
    fn cuts(&self, sites: &[Spot], j1: usize, j2: usize, c: Spot, orientable: bool) -> Vec<Cut> {
        let rot = rotated(sites, j1);
        let a = rot[0];
        let mut out = Vec::new();
        if j1 == j2 {
            let rest = &rot[1..];
            let y = if self.degree(a) == 0 {
                vec![a, c]
            } else {
                let mut y = vec![a, c, a];
                y.extend_from_slice(rest);
                y
            };
            out.push(Cut::TwoSided(vec![a, c], y));
            if !orientable {
                let w = if self.degree(a) == 0 {
                    vec![a, c, a, c]
                } else {
                    let mut w = vec![a, c, a];
                    w.extend(rest.iter().rev());
                    w.extend([a, c]);
                    w
                };
                out.push(Cut::OneSided(w));
            }
            return out;
        }
        let n = rot.len();
        let j = (j2 + n - j1) % n;
        let b = rot[j];
        let mut x = vec![a, c];
        x.extend_from_slice(&rot[j..]);
        let mut y = vec![b, c];
        y.extend_from_slice(&rot[..j]);
        out.push(Cut::TwoSided(x, y));
        if !orientable {
            // [a, A, b, c, a, Bs backwards, b, c]
            let mut w = rot[..=j].to_vec();
            w.extend([c, a]);
            w.extend(rot[j + 1..].iter().rev());
            w.extend([b, c]);
            out.push(Cut::OneSided(w));
        }
        out
    }

    /// The results of a two-sided cut of a region of topology `topo` whose
    /// new boundaries are `x` and `y`: separating (every split of the other
    /// boundaries and of the topology) or not.
    fn two_sided(
        &self,
        topo: Topology,
        x: Vec<Spot>,
        y: Vec<Spot>,
        others: &[&Boundary],
        dead: &[&Boundary],
        out: &mut dyn FnMut(Vec<Region>),
    ) {
        let all: Vec<&Boundary> = others.iter().chain(dead).copied().collect();
        let orientable = topo.is_orientable();
        let m = others.len();
        assert!(
            m < 63,
            "a region with this many boundaries has too many moves"
        );
        for mask in 0..1u64 << m {
            let (mut xs, mut ys) = (Vec::new(), Vec::new());
            for (i, &o) in others.iter().enumerate() {
                if mask >> i & 1 == 1 {
                    xs.push(o);
                } else {
                    ys.push(o);
                }
            }
            for (tx, ty) in topology_splits(topo) {
                let side = |core: &Vec<Spot>, bs: &[&Boundary], dead: &[&Boundary], t: Topology| {
                    if orientable || !t.is_orientable() {
                        let all: Vec<&Boundary> = bs.iter().chain(dead).copied().collect();
                        vec![with_others(vec![core.clone()], &all)]
                    } else {
                        directions(vec![core.clone()], bs, dead)
                    }
                };
                for rx in side(&x, &xs, &[], tx) {
                    for ry in side(&y, &ys, dead, ty) {
                        out(vec![region_of(rx.clone(), tx), region_of(ry, ty)]);
                    }
                }
            }
        }
        match topo {
            Topology::Torus(g) if g >= 1 => {
                let region = with_others(vec![x, y], &all);
                out(vec![region_of(region, Topology::Torus(g - 1))]);
            }
            Topology::Crosscap(k) => {
                if k >= 3 {
                    let region = with_others(vec![x.clone(), y.clone()], &all);
                    out(vec![region_of(region, Topology::Crosscap(k - 2))]);
                }
                if k % 2 == 0 && k >= 2 {
                    // The band joined the two sides against the orientation
                    // the cut region gets: one new boundary reads backwards.
                    let mut y = y;
                    y.reverse();
                    for region in directions(vec![x.clone(), y], others, dead) {
                        out(vec![region_of(region, Topology::Torus((k - 2) / 2))]);
                    }
                }
            }
            Topology::Torus(_) => {}
        }
    }
}

impl Topology {
    /// Caps the genus at [`MAX_GENUS`].
    fn min_genus(self) -> Topology {
        match self {
            Topology::Torus(g) => Topology::Torus(g.min(MAX_GENUS)),
            Topology::Crosscap(k) => Topology::Crosscap(k.min(MAX_GENUS)),
        }
    }
}

/// Every pair of topologies the two sides of a separating cut of a region
/// of topology `t` can have: their deficits add up to `t`'s, and without
/// orientation at least one side has cross-caps.
pub(crate) fn topology_splits(t: Topology) -> Vec<(Topology, Topology)> {
    match t.normalized() {
        Topology::Torus(g) => (0..=g)
            .map(|gx| (Topology::Torus(gx), Topology::Torus(g - gx)))
            .collect(),
        Topology::Crosscap(k) => {
            let mut v = Vec::new();
            let sides = (1..=k)
                .map(Topology::Crosscap)
                .chain((0..=k / 2).map(Topology::Torus));
            for tx in sides {
                let rest = k as u64 - tx.deficit();
                if rest >= 1 {
                    v.push((tx, Topology::Crosscap(rest as u32)));
                }
                if !tx.is_orientable() && rest % 2 == 0 {
                    v.push((tx, Topology::Torus((rest / 2) as u32)));
                }
            }
            v
        }
    }
}

fn region_of(boundaries: Vec<Boundary>, topology: Topology) -> Region {
    Region {
        boundaries,
        topology: topology.normalized(),
    }
}

fn with_others(cores: Vec<Vec<Spot>>, others: &[&Boundary]) -> Vec<Boundary> {
    cores
        .into_iter()
        .map(|sites| Boundary { sites })
        .chain(others.iter().map(|&o| o.clone()))
        .collect()
}

/// A region that becomes orientable: its cores as given, each other live
/// boundary either way round, the dead ones as they are.
fn directions(
    cores: Vec<Vec<Spot>>,
    others: &[&Boundary],
    dead: &[&Boundary],
) -> Vec<Vec<Boundary>> {
    let m = others.len();
    assert!(
        m < 63,
        "a region with this many boundaries has too many moves"
    );
    (0..1u64 << m)
        .map(|mask| {
            let mut v: Vec<Boundary> = cores
                .iter()
                .map(|c| Boundary { sites: c.clone() })
                .collect();
            for (i, o) in others.iter().enumerate() {
                let mut sites = o.sites.clone();
                if mask >> i & 1 == 1 {
                    sites.reverse();
                }
                v.push(Boundary { sites });
            }
            v.extend(dead.iter().map(|&d| d.clone()));
            v
        })
        .collect()
}

/// A move of [`Position::moves`]: on the plane the move itself, which the
/// move notations write; off the plane the position it leaves (the move
/// notations are planar, so such a move is named by that position, in
/// neo-GLOP).
#[derive(Clone, Debug)]
pub enum AnyMove {
    /// A move on the plane.
    Plane(super::Move),
    /// A move off the plane, as the position it leaves.
    Surface(Position),
}

impl AnyMove {
    /// The position the move leaves in `pos` (the position it came from).
    pub fn after(&self, pos: &Position) -> Result<Position, MoveError> {
        match self {
            AnyMove::Plane(m) => pos.play(m),
            AnyMove::Surface(p) => Ok(p.clone()),
        }
    }
}

/// The moves of a position on any surface ([`Position::moves`]).
#[derive(Debug)]
pub struct AnyMoves<'a>(Listed<'a>);

#[derive(Debug)]
enum Listed<'a> {
    /// On the plane, listed lazily.
    Plane(Box<super::LegalMoves<'a>>),
    /// Off the plane, listed at once.
    Surface(std::vec::IntoIter<Position>),
}

impl Iterator for AnyMoves<'_> {
    type Item = AnyMove;

    fn next(&mut self) -> Option<AnyMove> {
        match &mut self.0 {
            Listed::Plane(it) => it.next().map(AnyMove::Plane),
            Listed::Surface(it) => it.next().map(AnyMove::Surface),
        }
    }
}
