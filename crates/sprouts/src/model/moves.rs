//! Structural moves and how playing one changes a position (docs/notations.md#moves).

use super::Spot;
use super::error::{MoveError, MoveErrorKind as K};
use super::position::{Boundary, Position, Region};
use super::reduce::{reduced_boundaries, reduced_boundary};
use super::surface::Topology;

/// A site of a region: the `index`-th site of its `boundary`-th boundary (both
/// counted from 0 in the position's stored order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SiteRef {
    /// Index of the boundary within its region.
    pub boundary: usize,
    /// Index of the site within the boundary.
    pub index: usize,
}

impl SiteRef {
    /// The `index`-th site of boundary `boundary`.
    ///
    /// ```
    /// use sprouts::model::SiteRef;
    /// let s = SiteRef::new(1, 0);
    /// assert_eq!((s.boundary, s.index), (1, 0));
    /// ```
    pub fn new(boundary: usize, index: usize) -> SiteRef {
        SiteRef { boundary, index }
    }
}

/// What a move does to its region.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Joins two different boundaries into one; the region stays one region.
    Join,
    /// Joins two sites of one boundary; the region splits in two.
    Split,
    /// A loop from a site back to itself; the region splits in two.
    Loop,
}

/// A move, resolved against a position: a region, the two sites it joins and,
/// for a move that splits the region, which other boundaries of the region go
/// to the right site of the new spot.
///
/// Walking from the `from` site to the `to` site, the new spot's right site
/// faces region X = `[a, c, b, rest after b...]` and its left site region
/// Y = `[b, c, a, sites between a and b...]`; for a loop X is the inside
/// `[a, c]`. Boundaries listed in `right` go to X, every other boundary to Y;
/// in particular a boundary with no live spot goes to Y (the left side) in
/// every move this crate builds, since where it goes cannot be seen.
///
/// ```
/// use sprouts::model::{Move, Position, SiteRef, Variant};
/// let p = Position::start(2, Variant::Normal);
/// // 1-3-2: join the two lone spots.
/// let m = Move::new(0, SiteRef::new(0, 0), SiteRef::new(1, 0), vec![]);
/// let q = p.play(&m).unwrap();
/// assert_eq!(q.regions()[0].boundaries()[0].sites(), &[1, 3, 2, 3]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) region: usize,
    pub(crate) from: SiteRef,
    pub(crate) to: SiteRef,
    pub(crate) right: Vec<usize>,
}

impl Move {
    /// A move in region `region` from site `from` to site `to`, sending the
    /// boundaries listed in `right` (indices in the region) to the right site
    /// of the new spot. The list is sorted and deduplicated; whether the move
    /// is legal is checked when it is played.
    ///
    /// ```
    /// use sprouts::model::{Move, SiteRef};
    /// let m = Move::new(0, SiteRef::new(0, 0), SiteRef::new(0, 0), vec![2, 1, 2]);
    /// assert_eq!(m.right(), &[1, 2]);
    /// ```
    pub fn new(region: usize, from: SiteRef, to: SiteRef, mut right: Vec<usize>) -> Move {
        right.sort_unstable();
        right.dedup();
        Move {
            region,
            from,
            to,
            right,
        }
    }

    /// The index of the region the move is drawn in.
    ///
    /// ```
    /// use sprouts::model::{Move, SiteRef};
    /// assert_eq!(Move::new(2, SiteRef::new(0, 0), SiteRef::new(1, 0), vec![]).region(), 2);
    /// ```
    pub fn region(&self) -> usize {
        self.region
    }

    /// The site the move starts from.
    ///
    /// ```
    /// use sprouts::model::{Move, SiteRef};
    /// assert_eq!(Move::new(0, SiteRef::new(0, 1), SiteRef::new(1, 0), vec![]).from(), SiteRef::new(0, 1));
    /// ```
    pub fn from(&self) -> SiteRef {
        self.from
    }

    /// The site the move ends at.
    ///
    /// ```
    /// use sprouts::model::{Move, SiteRef};
    /// assert_eq!(Move::new(0, SiteRef::new(0, 1), SiteRef::new(1, 0), vec![]).to(), SiteRef::new(1, 0));
    /// ```
    pub fn to(&self) -> SiteRef {
        self.to
    }

    /// The other boundaries that go to the right site of the new spot (sorted).
    ///
    /// ```
    /// use sprouts::model::{Move, SiteRef};
    /// assert!(Move::new(0, SiteRef::new(0, 0), SiteRef::new(1, 0), vec![]).right().is_empty());
    /// ```
    pub fn right(&self) -> &[usize] {
        &self.right
    }

    /// Join, split or loop.
    ///
    /// ```
    /// use sprouts::model::{Move, MoveKind, SiteRef};
    /// let m = Move::new(0, SiteRef::new(0, 0), SiteRef::new(0, 0), vec![]);
    /// assert_eq!(m.kind(), MoveKind::Loop);
    /// ```
    pub fn kind(&self) -> MoveKind {
        if self.from.boundary != self.to.boundary {
            MoveKind::Join
        } else if self.from.index == self.to.index {
            MoveKind::Loop
        } else {
            MoveKind::Split
        }
    }

    /// The same move drawn in the other direction (`to` to `from`): the sides
    /// swap, so the boundaries that went right now go left. A join and a loop
    /// are their own reverse up to the boundary lists.
    fn reversed(&self, region_len: usize) -> Move {
        match self.kind() {
            MoveKind::Split => {
                let right = (0..region_len)
                    .filter(|&i| i != self.from.boundary && !self.right.contains(&i))
                    .collect();
                Move {
                    region: self.region,
                    from: self.to,
                    to: self.from,
                    right,
                }
            }
            _ => Move {
                region: self.region,
                from: self.to,
                to: self.from,
                right: self.right.clone(),
            },
        }
    }
}

impl Position {
    /// The same move drawn the other way, from its `to` site to its `from`
    /// site: a split's sides swap, so the boundaries that went right go left.
    /// Both moves give the same position.
    ///
    /// ```
    /// use sprouts::model::{Move, Position, SiteRef};
    /// let p = Position::start(2, Default::default());
    /// let m = Move::new(0, SiteRef::new(0, 0), SiteRef::new(1, 0), vec![]);
    /// let r = p.reverse_move(&m);
    /// assert_eq!(r.from(), SiteRef::new(1, 0));
    /// assert!(p.same_move(&m, &r));
    /// ```
    pub fn reverse_move(&self, m: &Move) -> Move {
        let len = self.regions.get(m.region).map_or(0, |r| r.boundaries.len());
        m.reversed(len)
    }

    /// The spot at a site of a region, if the site exists.
    ///
    /// ```
    /// use sprouts::model::{Position, SiteRef};
    /// let p = Position::start(3, Default::default());
    /// assert_eq!(p.spot_at(0, SiteRef::new(2, 0)), Some(3));
    /// assert_eq!(p.spot_at(0, SiteRef::new(3, 0)), None);
    /// ```
    pub fn spot_at(&self, region: usize, site: SiteRef) -> Option<Spot> {
        self.regions
            .get(region)?
            .boundaries
            .get(site.boundary)?
            .sites
            .get(site.index)
            .copied()
    }

    /// The two spots a move joins (`from`, `to`), if its sites exist.
    ///
    /// ```
    /// use sprouts::model::{Move, Position, SiteRef};
    /// let p = Position::start(3, Default::default());
    /// let m = Move::new(0, SiteRef::new(0, 0), SiteRef::new(2, 0), vec![]);
    /// assert_eq!(p.endpoints(&m), Some((1, 3)));
    /// ```
    pub fn endpoints(&self, m: &Move) -> Option<(Spot, Spot)> {
        Some((
            self.spot_at(m.region, m.from)?,
            self.spot_at(m.region, m.to)?,
        ))
    }

    /// Checks that a move is legal here.
    ///
    /// ```
    /// use sprouts::model::{Move, Position, SiteRef};
    /// let p = Position::start(1, Default::default());
    /// assert!(p.check_move(&Move::new(0, SiteRef::new(0, 0), SiteRef::new(0, 0), vec![])).is_ok());
    /// ```
    pub fn check_move(&self, m: &Move) -> Result<(), MoveError> {
        let region = self.regions.get(m.region).ok_or(K::NoRegion(m.region))?;
        if !region.topology.is_planar() {
            return Err(K::OnSurface(m.region).into());
        }
        for s in [m.from, m.to] {
            let b = region
                .boundaries
                .get(s.boundary)
                .ok_or(K::NoBoundary(m.region, s.boundary))?;
            if s.index >= b.sites.len() {
                return Err(K::NoSite(m.region, s.boundary, s.index).into());
            }
        }
        let (a, b) = self.endpoints(m).expect("checked above");
        for s in [a, b] {
            if !self.is_live(s) {
                return Err(K::Dead(s).into());
            }
        }
        match m.kind() {
            MoveKind::Join => {
                if !m.right.is_empty() {
                    return Err(K::SplitOnJoin.into());
                }
            }
            MoveKind::Loop => {
                if self.spot_lives(a) < 2 {
                    return Err(K::NotEnoughLives(a).into());
                }
            }
            MoveKind::Split => {
                if a == b {
                    return Err(K::SameSpotTwoSites(a).into());
                }
            }
        }
        for &i in &m.right {
            if i >= region.boundaries.len() || i == m.from.boundary {
                return Err(K::BadSplit(i).into());
            }
        }
        Ok(())
    }

    /// Plays a move, returning the new position.
    ///
    /// ```
    /// use sprouts::model::{Move, Position, SiteRef};
    /// let p = Position::start(1, Default::default());
    /// let q = p.play(&Move::new(0, SiteRef::new(0, 0), SiteRef::new(0, 0), vec![])).unwrap();
    /// assert_eq!(q.regions().len(), 2);
    /// assert_eq!(q.degree(1), 2);
    /// ```
    pub fn play(&self, m: &Move) -> Result<Position, MoveError> {
        let mut p = self.clone();
        p.play_in_place(m)?;
        Ok(p)
    }

    /// Plays a move in place. On error the position is unchanged.
    ///
    /// ```
    /// use sprouts::model::{Move, Position, SiteRef};
    /// let mut p = Position::start(2, Default::default());
    /// p.play_in_place(&Move::new(0, SiteRef::new(0, 0), SiteRef::new(1, 0), vec![])).unwrap();
    /// assert_eq!(p.next_spot(), 4);
    /// ```
    pub fn play_in_place(&mut self, m: &Move) -> Result<(), MoveError> {
        self.check_move(m)?;
        let (a, b) = self.endpoints(m).expect("checked");
        let (x_core, y_core) = self.new_boundaries(m, (a, b));
        let r = m.region;
        self.unindex_region(r);
        let split = y_core.is_some();
        let mut boundaries = std::mem::take(&mut self.regions[r].boundaries);
        match y_core {
            None => {
                // A join: the merged boundary takes the place of the first
                // of the two it joins.
                let keep = m.from.boundary.min(m.to.boundary);
                let drop = m.from.boundary.max(m.to.boundary);
                boundaries[keep] = Boundary { sites: x_core };
                boundaries.remove(drop);
                self.regions[r].boundaries = boundaries;
            }
            Some(y_core) => {
                let mut x = vec![Boundary { sites: x_core }];
                let mut y = vec![Boundary { sites: y_core }];
                for (i, bd) in boundaries.into_iter().enumerate() {
                    if i == m.from.boundary {
                        continue;
                    }
                    if m.right.binary_search(&i).is_ok() {
                        x.push(bd);
                    } else {
                        y.push(bd);
                    }
                }
                self.regions[r].boundaries = x;
                self.regions.insert(
                    r + 1,
                    Region {
                        boundaries: y,
                        topology: Topology::PLANE,
                    },
                );
            }
        }
        self.degree[a as usize] += 1;
        self.degree[b as usize] += 1;
        self.degree.push(2);
        self.reindex_after_move(r, split);
        Ok(())
    }

    /// What a legal move makes of its region, without copying the region
    /// or the rest of the position: the cost is the length of the new
    /// boundaries and the number of boundaries of the region. Readers and
    /// writers compare candidate moves this way
    /// ([`Position::same_effect`]) rather than by playing them.
    ///
    /// ```
    /// use sprouts::model::{Move, Position, SiteRef};
    /// let p = Position::start(2, Default::default());
    /// let o = p.effect(&Move::new(0, SiteRef::new(0, 0), SiteRef::new(0, 0), vec![])).unwrap();
    /// assert_eq!(o.right().core(), &[1, 3]);
    /// assert_eq!(o.left().unwrap().len(), 2);
    /// ```
    pub fn effect(&self, m: &Move) -> Result<MoveEffect<'_>, MoveError> {
        self.check_move(m)?;
        let ends = self.endpoints(m).expect("checked");
        let (right_core, left_core) = self.new_boundaries(m, ends);
        let region = &self.regions[m.region];
        let old =
            (0..region.boundaries.len()).filter(|&i| i != m.from.boundary && i != m.to.boundary);
        let (right_old, left_old) = if left_core.is_none() {
            (old.collect(), Vec::new())
        } else {
            old.partition(|i| m.right.binary_search(i).is_ok())
        };
        Ok(MoveEffect {
            region,
            index: m.region,
            ends,
            new: self.next_spot(),
            right_core,
            left_core,
            right_old,
            left_old,
        })
    }

    /// The degree of a spot once the move of `o` is played.
    ///
    /// ```
    /// use sprouts::model::{Move, Position, SiteRef};
    /// let p = Position::start(2, Default::default());
    /// let o = p.effect(&Move::new(0, SiteRef::new(0, 0), SiteRef::new(0, 0), vec![])).unwrap();
    /// assert_eq!((p.degree_after(&o, 1), p.degree_after(&o, 2), p.degree_after(&o, 3)), (2, 0, 2));
    /// ```
    pub fn degree_after(&self, o: &MoveEffect<'_>, s: Spot) -> u8 {
        if s == o.new {
            2
        } else {
            let (a, b) = o.ends;
            (self.degree(s) + u8::from(s == a) + u8::from(s == b)).min(3)
        }
    }

    /// Whether two effects of moves of this position leave the same
    /// position up to dead spots and Hoey 7a-7c, that is, whether the moves
    /// are the same move (docs/notations.md#moves).
    ///
    /// Two moves can only be the same if they join the same spots (the
    /// degrees would differ). In one region, the boundaries a move does not
    /// cut hold neither end, so they read the same after either move, and no
    /// two of them read the same (a spot has one boundary per region): the
    /// moves are the same when their new boundaries read the same and they
    /// send the same live boundaries to the same sides. The cost is the
    /// length of the new boundaries and the number of boundaries of the
    /// region. Moves in two regions are compared region by region.
    ///
    /// ```
    /// use sprouts::model::{Move, Position, SiteRef};
    /// let p = Position::start(2, Default::default());
    /// // A loop on a lone spot: the other spot inside or outside is one move.
    /// let inside = p.effect(&Move::new(0, SiteRef::new(0, 0), SiteRef::new(0, 0), vec![1])).unwrap();
    /// let outside = p.effect(&Move::new(0, SiteRef::new(0, 0), SiteRef::new(0, 0), vec![])).unwrap();
    /// assert!(p.same_effect(&inside, &outside));
    /// ```
    pub fn same_effect(&self, x: &MoveEffect<'_>, y: &MoveEffect<'_>) -> bool {
        let sorted = |(a, b): (Spot, Spot)| (a.min(b), a.max(b));
        if sorted(x.ends) != sorted(y.ends) || x.new != y.new {
            return false;
        }
        let degree = |s: Spot| self.degree_after(x, s);
        if x.index == y.index {
            if x.left_core.is_some() != y.left_core.is_some() {
                return false;
            }
            let live_old = |o: &MoveEffect<'_>, old: &[usize]| -> Vec<usize> {
                old.iter()
                    .copied()
                    .filter(|&i| {
                        o.region.boundaries[i]
                            .sites
                            .iter()
                            .any(|&s| self.is_live(s))
                    })
                    .collect()
            };
            let sides = |o: &MoveEffect<'_>| {
                let mut v = vec![(
                    reduced_boundary(&o.right_core, &degree),
                    live_old(o, &o.right_old),
                )];
                if let Some(core) = &o.left_core {
                    v.push((reduced_boundary(core, &degree), live_old(o, &o.left_old)));
                }
                v.sort_unstable();
                v
            };
            return sides(x) == sides(y);
        }
        // Different regions: each move's new regions with the region the
        // other move is drawn in as it is here.
        let reduce_side = |s: Side<'_>| reduced_boundaries(s.boundaries(), &degree);
        let made = |o: &MoveEffect<'_>, other: &MoveEffect<'_>| {
            let mut v: Vec<_> = std::iter::once(o.right())
                .chain(o.left())
                .filter_map(reduce_side)
                .collect();
            v.extend(reduced_boundaries(
                other.region.boundaries.iter().map(|b| b.sites.as_slice()),
                &degree,
            ));
            v.sort_unstable();
            v
        };
        made(x, y) == made(y, x)
    }

    /// The new boundaries a legal move makes: the right (X) one, or for a
    /// join the merged one, and the left (Y) one for a move that splits its
    /// region. `(a, b)` are the move's ends.
    pub(crate) fn new_boundaries(
        &self,
        m: &Move,
        (a, b): (Spot, Spot),
    ) -> (Vec<Spot>, Option<Vec<Spot>>) {
        let boundaries = &self.regions[m.region].boundaries;
        let c = self.next_spot();
        let (da, db) = (self.degree(a), self.degree(b));
        match m.kind() {
            MoveKind::Join => {
                let r1 = rotated(&boundaries[m.from.boundary].sites, m.from.index);
                let r2 = rotated(&boundaries[m.to.boundary].sites, m.to.index);
                let mut merged = Vec::with_capacity(r1.len() + r2.len() + 4);
                merged.extend([a, c]);
                merged.extend_from_slice(&r2);
                if db > 0 {
                    merged.push(b);
                }
                merged.push(c);
                if da > 0 {
                    merged.push(a);
                }
                merged.extend_from_slice(&r1[1..]);
                (merged, None)
            }
            MoveKind::Loop => {
                let rot = rotated(&boundaries[m.from.boundary].sites, m.from.index);
                let y = if da == 0 {
                    vec![a, c]
                } else {
                    let mut y = vec![a, c, a];
                    y.extend_from_slice(&rot[1..]);
                    y
                };
                (vec![a, c], Some(y))
            }
            MoveKind::Split => {
                let rot = rotated(&boundaries[m.from.boundary].sites, m.from.index);
                let n = rot.len();
                let j = (m.to.index + n - m.from.index) % n;
                let mut x = vec![a, c];
                x.extend_from_slice(&rot[j..]);
                let mut y = vec![b, c];
                y.extend_from_slice(&rot[..j]);
                (x, Some(y))
            }
        }
    }
}

/// What a move makes of the region it is drawn in ([`Position::effect`]),
/// read from the position without copying it: the region on the right of
/// the new line and, for a move that splits the region, the one on its
/// left. [`Position::play`] stores the right one at the move's region index
/// and the left one just after it.
///
/// ```
/// use sprouts::model::{Move, Position, SiteRef};
/// let p = Position::start(2, Default::default());
/// let o = p.effect(&Move::new(0, SiteRef::new(0, 0), SiteRef::new(1, 0), vec![])).unwrap();
/// assert_eq!((o.region(), o.ends(), o.new_spot()), (0, (1, 2), 3));
/// assert!(o.left().is_none());
/// ```
#[derive(Clone, Debug)]
pub struct MoveEffect<'a> {
    region: &'a Region,
    index: usize,
    ends: (Spot, Spot),
    new: Spot,
    right_core: Vec<Spot>,
    left_core: Option<Vec<Spot>>,
    /// The region's other boundaries on each side (indices, stored order).
    right_old: Vec<usize>,
    left_old: Vec<usize>,
}

impl<'a> MoveEffect<'a> {
    /// The index of the region the move was drawn in.
    ///
    /// ```
    /// use sprouts::model::{Move, Position, SiteRef};
    /// let p = Position::start(1, Default::default());
    /// let o = p.effect(&Move::new(0, SiteRef::new(0, 0), SiteRef::new(0, 0), vec![])).unwrap();
    /// assert_eq!(o.region(), 0);
    /// ```
    pub fn region(&self) -> usize {
        self.index
    }

    /// The two spots the move joins (`from`, `to`).
    ///
    /// ```
    /// use sprouts::model::{Move, Position, SiteRef};
    /// let p = Position::start(1, Default::default());
    /// let o = p.effect(&Move::new(0, SiteRef::new(0, 0), SiteRef::new(0, 0), vec![])).unwrap();
    /// assert_eq!(o.ends(), (1, 1));
    /// ```
    pub fn ends(&self) -> (Spot, Spot) {
        self.ends
    }

    /// The spot the move makes.
    ///
    /// ```
    /// use sprouts::model::{Move, Position, SiteRef};
    /// let p = Position::start(1, Default::default());
    /// let o = p.effect(&Move::new(0, SiteRef::new(0, 0), SiteRef::new(0, 0), vec![])).unwrap();
    /// assert_eq!(o.new_spot(), 2);
    /// ```
    pub fn new_spot(&self) -> Spot {
        self.new
    }

    /// The region on the right of the new line (X); for a join, the region
    /// itself with the two boundaries made one.
    ///
    /// ```
    /// use sprouts::model::{Move, Position, SiteRef};
    /// let p = Position::start(2, Default::default());
    /// let o = p.effect(&Move::new(0, SiteRef::new(0, 0), SiteRef::new(1, 0), vec![])).unwrap();
    /// assert_eq!(o.right().core(), &[1, 3, 2, 3]);
    /// ```
    pub fn right(&self) -> Side<'_> {
        Side {
            core: &self.right_core,
            old: &self.right_old,
            region: self.region,
        }
    }

    /// The region on the left of the new line (Y); `None` for a join.
    ///
    /// ```
    /// use sprouts::model::{Move, Position, SiteRef};
    /// let p = Position::start(1, Default::default());
    /// let o = p.effect(&Move::new(0, SiteRef::new(0, 0), SiteRef::new(0, 0), vec![])).unwrap();
    /// assert_eq!(o.left().unwrap().core(), &[1, 2]);
    /// ```
    pub fn left(&self) -> Option<Side<'_>> {
        Some(Side {
            core: self.left_core.as_deref()?,
            old: &self.left_old,
            region: self.region,
        })
    }
}

/// One region a move makes ([`MoveEffect::right`], [`MoveEffect::left`]): its new
/// boundary (the one through the new spot) and the boundaries of the old
/// region it keeps.
///
/// ```
/// use sprouts::model::{Move, Position, SiteRef};
/// let p = Position::start(3, Default::default());
/// // A loop on 1 with 3 inside: the inside reads 1,4 and 3.
/// let o = p.effect(&Move::new(0, SiteRef::new(0, 0), SiteRef::new(0, 0), vec![2])).unwrap();
/// let inside: Vec<&[u32]> = o.right().boundaries().collect();
/// assert_eq!(inside, vec![&[1, 4][..], &[3][..]]);
/// assert_eq!(o.right().spots().collect::<Vec<_>>(), vec![1, 4, 3]);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Side<'a> {
    core: &'a [Spot],
    old: &'a [usize],
    region: &'a Region,
}

impl<'a> Side<'a> {
    /// The new boundary, through the new spot. It starts at the move's
    /// `from` spot (`to` for the left side of a split): `a, c, ...`.
    ///
    /// ```
    /// use sprouts::model::{Move, Position, SiteRef};
    /// let p = Position::start(1, Default::default());
    /// let o = p.effect(&Move::new(0, SiteRef::new(0, 0), SiteRef::new(0, 0), vec![])).unwrap();
    /// assert_eq!(o.right().core(), &[1, 2]);
    /// ```
    pub fn core(self) -> &'a [Spot] {
        self.core
    }

    /// The boundaries of the region: the new one first, then those kept
    /// from the old region in their stored order.
    ///
    /// ```
    /// use sprouts::model::{Move, Position, SiteRef};
    /// let p = Position::start(2, Default::default());
    /// let o = p.effect(&Move::new(0, SiteRef::new(0, 0), SiteRef::new(0, 0), vec![])).unwrap();
    /// assert_eq!(o.left().unwrap().boundaries().count(), 2);
    /// ```
    pub fn boundaries(self) -> impl Iterator<Item = &'a [Spot]> {
        std::iter::once(self.core).chain(
            self.old
                .iter()
                .map(|&i| self.region.boundaries[i].sites.as_slice()),
        )
    }

    /// The number of boundaries.
    ///
    /// ```
    /// use sprouts::model::{Move, Position, SiteRef};
    /// let p = Position::start(2, Default::default());
    /// let o = p.effect(&Move::new(0, SiteRef::new(0, 0), SiteRef::new(0, 0), vec![])).unwrap();
    /// assert_eq!(o.right().len(), 1);
    /// ```
    #[allow(clippy::len_without_is_empty)] // never empty: the new boundary
    pub fn len(self) -> usize {
        1 + self.old.len()
    }

    /// The spot of every site, boundary by boundary.
    ///
    /// ```
    /// use sprouts::model::{Move, Position, SiteRef};
    /// let p = Position::start(2, Default::default());
    /// let o = p.effect(&Move::new(0, SiteRef::new(0, 0), SiteRef::new(1, 0), vec![])).unwrap();
    /// assert_eq!(o.right().spots().collect::<Vec<_>>(), vec![1, 3, 2, 3]);
    /// ```
    pub fn spots(self) -> impl Iterator<Item = Spot> + 'a {
        self.boundaries().flat_map(|b| b.iter().copied())
    }

    /// Whether a spot has a site in the region.
    ///
    /// ```
    /// use sprouts::model::{Move, Position, SiteRef};
    /// let p = Position::start(2, Default::default());
    /// let o = p.effect(&Move::new(0, SiteRef::new(0, 0), SiteRef::new(0, 0), vec![])).unwrap();
    /// assert!(o.left().unwrap().contains(2) && !o.right().contains(2));
    /// ```
    pub fn contains(self, spot: Spot) -> bool {
        self.boundaries().any(|b| b.contains(&spot))
    }
}

/// The cyclic list `sites` rotated to start at `start`.
pub(crate) fn rotated(sites: &[Spot], start: usize) -> Vec<Spot> {
    let mut v = Vec::with_capacity(sites.len());
    v.extend_from_slice(&sites[start..]);
    v.extend_from_slice(&sites[..start]);
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Variant;

    fn sites(p: &Position) -> Vec<Vec<Vec<Spot>>> {
        p.regions
            .iter()
            .map(|r| r.boundaries.iter().map(|b| b.sites.clone()).collect())
            .collect()
    }

    /// docs/notations.md#moves: 1-6-2; 3-7-4; 1-8-2>; 3-9-4>1 from five spots.
    #[test]
    fn notes_section_2_mechanics() {
        let mut p = Position::start(5, Variant::Normal);
        p.play_in_place(&Move::new(
            0,
            SiteRef::new(0, 0),
            SiteRef::new(1, 0),
            vec![],
        ))
        .unwrap();
        p.play_in_place(&Move::new(
            0,
            SiteRef::new(1, 0),
            SiteRef::new(2, 0),
            vec![],
        ))
        .unwrap();
        assert_eq!(
            sites(&p),
            vec![vec![vec![1, 6, 2, 6], vec![3, 7, 4, 7], vec![5]]]
        );
        // 1-8-2>: from spot 1 (index 0) to spot 2 (index 2), nothing to the right.
        p.play_in_place(&Move::new(
            0,
            SiteRef::new(0, 0),
            SiteRef::new(0, 2),
            vec![],
        ))
        .unwrap();
        assert_eq!(
            sites(&p),
            vec![
                vec![vec![1, 8, 2, 6]],
                vec![vec![2, 8, 1, 6], vec![3, 7, 4, 7], vec![5]]
            ]
        );
        // 3-9-4>1 in region 2: boundary 1 holds 3 at 0, 4 at 2; [2,8,1,6] goes right.
        p.play_in_place(&Move::new(
            1,
            SiteRef::new(1, 0),
            SiteRef::new(1, 2),
            vec![0],
        ))
        .unwrap();
        assert_eq!(
            sites(&p),
            vec![
                vec![vec![1, 8, 2, 6]],
                vec![vec![3, 9, 4, 7], vec![2, 8, 1, 6]],
                vec![vec![4, 9, 3, 7], vec![5]]
            ]
        );
        assert_eq!(p.degree(1), 2);
        assert_eq!(p.degree(9), 2);
        assert_eq!(p.next_spot(), 10);
    }

    #[test]
    fn loop_from_lone_spot() {
        // 1-3-1> from two spots: 1,3;2/1,3 (docs/notations.md#hoey)
        let p = Position::start(2, Variant::Normal);
        let q = p
            .play(&Move::new(
                0,
                SiteRef::new(0, 0),
                SiteRef::new(0, 0),
                vec![],
            ))
            .unwrap();
        assert_eq!(sites(&q), vec![vec![vec![1, 3]], vec![vec![1, 3], vec![2]]]);
    }

    #[test]
    fn illegal_moves() {
        let p = Position::start(2, Variant::Normal);
        let q = p
            .play(&Move::new(
                0,
                SiteRef::new(0, 0),
                SiteRef::new(1, 0),
                vec![],
            ))
            .unwrap();
        // 1 now has degree 1: a loop on it is fine, but after 1-4-1 it is dead.
        let r = q
            .play(&Move::new(
                0,
                SiteRef::new(0, 0),
                SiteRef::new(0, 0),
                vec![],
            ))
            .unwrap();
        let m = Move::new(1, SiteRef::new(0, 2), SiteRef::new(0, 1), vec![]);
        assert_eq!(r.degree(1), 3);
        let e = r
            .play(&Move::new(
                0,
                SiteRef::new(0, 0),
                SiteRef::new(0, 1),
                vec![],
            ))
            .unwrap_err();
        assert_eq!(e.to_string(), "spot 1 has no lives left");
        let _ = m;
        let e = q
            .play(&Move::new(
                0,
                SiteRef::new(0, 0),
                SiteRef::new(0, 0),
                vec![0],
            ))
            .unwrap_err();
        assert_eq!(e.to_string(), "boundary 1 cannot go to a side");
    }
}
