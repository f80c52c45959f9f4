//! Equality up to Hoey 7a-7c, and the reduced position that decides when two
//! moves are "the same move" (docs/notations.md#moves).

use super::Spot;
use super::moves::Move;
use super::position::{Boundary, Position};
use super::surface::Topology;

/// A position with dead spots, empty boundaries and regions without a live
/// spot dropped, each boundary rotated to its least rotation, boundaries and
/// regions sorted: two positions are the same game position (for these
/// labels) exactly when their reduced forms are equal.
///
/// The degree of every live spot is part of the key (a lone spot of degree 1,
/// Hoey's `o`, differs from one of degree 0).
///
/// ```
/// use sprouts::model::{Position, Variant};
/// let p = Position::start(3, Variant::Normal);
/// let q = Position::new(vec![vec![vec![3], vec![1], vec![2]]], vec![0, 0, 0, 0], Variant::Normal).unwrap();
/// assert_eq!(p.reduced(), q.reduced());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ReducedPosition {
    regions: Vec<Vec<Vec<Spot>>>,
    live: Vec<(Spot, u8)>,
    /// The topology of each region of `regions` off the plane (empty when
    /// every region is planar, so planar keys are as they always were).
    topologies: Vec<Topology>,
}

impl ReducedPosition {
    /// The reduced regions: each a sorted list of boundaries, each boundary at
    /// its least rotation.
    ///
    /// ```
    /// use sprouts::model::Position;
    /// let p = Position::start(2, Default::default());
    /// assert_eq!(p.reduced().regions(), &[vec![vec![1], vec![2]]]);
    /// ```
    pub fn regions(&self) -> &[Vec<Vec<Spot>>] {
        &self.regions
    }
}

impl Position {
    /// The reduced form of the position (see [`ReducedPosition`]).
    ///
    /// ```
    /// use sprouts::model::Position;
    /// assert_eq!(Position::start(1, Default::default()).reduced().regions().len(), 1);
    /// ```
    pub fn reduced(&self) -> ReducedPosition {
        let degree = |s: Spot| self.degree(s);
        let live = self.live_spots().map(|s| (s, self.degree(s))).collect();
        if self.regions.iter().all(|r| r.topology.is_planar()) {
            let mut regions: Vec<_> = self
                .regions
                .iter()
                .filter_map(|r| reduced_region(&r.boundaries, &degree))
                .collect();
            regions.sort_unstable();
            return ReducedPosition {
                regions,
                live,
                topologies: Vec::new(),
            };
        }
        let mut pairs: Vec<_> = self
            .regions
            .iter()
            .filter_map(|r| {
                let mut bs = reduced_region(&r.boundaries, &degree)?;
                if !r.topology.is_orientable() {
                    unoriented(&mut bs);
                }
                Some((bs, r.topology))
            })
            .collect();
        pairs.sort_unstable();
        let (regions, topologies) = pairs.into_iter().unzip();
        ReducedPosition {
            regions,
            live,
            topologies,
        }
    }

    /// Whether two moves of this position are the same move: they leave the
    /// same reduced position (docs/notations.md#moves). Illegal moves are never the
    /// same as anything.
    ///
    /// ```
    /// use sprouts::model::{Move, Position, SiteRef};
    /// let p = Position::start(2, Default::default());
    /// let a = Move::new(0, SiteRef::new(0, 0), SiteRef::new(1, 0), vec![]);
    /// let b = Move::new(0, SiteRef::new(1, 0), SiteRef::new(0, 0), vec![]);
    /// assert!(p.same_move(&a, &b));
    /// ```
    pub fn same_move(&self, a: &Move, b: &Move) -> bool {
        match (self.effect(a), self.effect(b)) {
            (Ok(x), Ok(y)) => self.same_effect(&x, &y),
            _ => false,
        }
    }
}

/// The key of a position up to 7a-7c: every site kept, boundaries at their
/// least rotation and sorted, regions sorted, with the degrees.
type FullKey<'a> = (Vec<(Vec<Vec<Spot>>, Topology)>, &'a [u8], super::Variant);

fn full_key(p: &Position) -> FullKey<'_> {
    let mut regions: Vec<(Vec<Vec<Spot>>, Topology)> = p
        .regions
        .iter()
        .map(|r| {
            let mut bs: Vec<Vec<Spot>> = r
                .boundaries
                .iter()
                .map(|b| least_rotation(&b.sites))
                .collect();
            if !r.topology.is_orientable() {
                unoriented(&mut bs);
            }
            bs.sort_unstable();
            (bs, r.topology)
        })
        .collect();
    regions.sort_unstable();
    (regions, &p.degree, p.variant)
}

/// Without orientation (cross-caps) a boundary has no direction: each is
/// taken the least way round, then they are sorted again.
fn unoriented(bs: &mut [Vec<Spot>]) {
    for b in bs.iter_mut() {
        let mut back = b.clone();
        back.reverse();
        let back = least_rotation(&back);
        if back < *b {
            *b = back;
        }
    }
    bs.sort_unstable();
}

/// Positions are equal when they differ only by where boundaries start, the
/// order of boundaries in a region and the order of regions (Hoey 7a-7c).
///
/// ```
/// use sprouts::model::{Position, Variant};
/// let a = Position::new(vec![vec![vec![1, 3, 2, 3]]], vec![0, 1, 1, 2], Variant::Normal).unwrap();
/// let b = Position::new(vec![vec![vec![2, 3, 1, 3]]], vec![0, 1, 1, 2], Variant::Normal).unwrap();
/// assert_eq!(a, b);
/// ```
impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        full_key(self) == full_key(other)
    }
}

impl Eq for Position {}

/// Hashes the key `==` compares, so that equal positions hash alike.
///
/// ```
/// use std::collections::HashSet;
/// use sprouts::model::{Position, Variant};
/// let a = Position::new(vec![vec![vec![1, 3, 2, 3]]], vec![0, 1, 1, 2], Variant::Normal).unwrap();
/// let b = Position::new(vec![vec![vec![2, 3, 1, 3]]], vec![0, 1, 1, 2], Variant::Normal).unwrap();
/// let set: HashSet<Position> = [a, b].into_iter().collect();
/// assert_eq!(set.len(), 1);
/// ```
impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        full_key(self).hash(state);
    }
}

/// A region's reduced form, or `None` when it has no live spot.
pub(crate) fn reduced_region(
    boundaries: &[Boundary],
    degree: &impl Fn(Spot) -> u8,
) -> Option<Vec<Vec<Spot>>> {
    reduced_boundaries(boundaries.iter().map(|b| b.sites.as_slice()), degree)
}

/// The reduced form of a region given by its boundaries' sites, or `None`
/// when it has no live spot.
pub(crate) fn reduced_boundaries<'a>(
    boundaries: impl Iterator<Item = &'a [Spot]>,
    degree: &impl Fn(Spot) -> u8,
) -> Option<Vec<Vec<Spot>>> {
    let mut out: Vec<Vec<Spot>> = boundaries
        .filter_map(|b| reduced_boundary(b, degree))
        .collect();
    if out.is_empty() {
        return None;
    }
    out.sort_unstable();
    Some(out)
}

/// A boundary's live sites at their least rotation, or `None` when none is live.
pub(crate) fn reduced_boundary(sites: &[Spot], degree: &impl Fn(Spot) -> u8) -> Option<Vec<Spot>> {
    let live: Vec<Spot> = sites.iter().copied().filter(|&s| degree(s) < 3).collect();
    if live.is_empty() {
        None
    } else {
        Some(least_rotation(&live))
    }
}

/// The lexicographically least rotation of a cyclic list, in linear time.
///
/// ```
/// use sprouts::model::least_rotation;
/// assert_eq!(least_rotation(&[3, 1, 2, 1, 1]), vec![1, 1, 3, 1, 2]);
/// ```
pub fn least_rotation<T: Ord + Copy>(s: &[T]) -> Vec<T> {
    let n = s.len();
    let start = least_rotation_start(s);
    let mut v = Vec::with_capacity(n);
    v.extend_from_slice(&s[start..]);
    v.extend_from_slice(&s[..start]);
    v
}

/// Where the lexicographically least rotation of a cyclic list starts
/// (Booth-style, linear time); 0 for a list of fewer than two items.
///
/// ```
/// use sprouts::model::least_rotation_start;
/// assert_eq!(least_rotation_start(&[3, 1, 2, 1, 1]), 3);
/// ```
pub fn least_rotation_start<T: Ord>(s: &[T]) -> usize {
    let n = s.len();
    if n < 2 {
        return 0;
    }
    // i, j and k stay below n, so a sum wraps at most once.
    let at = |x: usize| if x >= n { x - n } else { x };
    let (mut i, mut j, mut k) = (0usize, 1usize, 0usize);
    while i < n && j < n && k < n {
        match s[at(i + k)].cmp(&s[at(j + k)]) {
            std::cmp::Ordering::Equal => {
                k += 1;
                continue;
            }
            std::cmp::Ordering::Greater => i += k + 1,
            std::cmp::Ordering::Less => j += k + 1,
        }
        if i == j {
            j += 1;
        }
        k = 0;
    }
    i.min(j).min(n.saturating_sub(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn naive_least_rotation(s: &[u8]) -> Vec<u8> {
        (0..s.len().max(1))
            .map(|i| {
                let mut v = s[i.min(s.len())..].to_vec();
                v.extend_from_slice(&s[..i.min(s.len())]);
                v
            })
            .min()
            .unwrap_or_default()
    }

    proptest! {
        #[test]
        fn least_rotation_matches_naive(s in proptest::collection::vec(0u8..3, 0..12)) {
            prop_assert_eq!(least_rotation(&s), naive_least_rotation(&s));
        }
    }

    #[test]
    fn reduced_drops_dead_and_empty() {
        // 1,6,8,7,4,7,3,9,3,7,8,6,5,6;2/3,9 (Hoey element 1)
        let p = Position::new(
            vec![
                vec![vec![1, 6, 8, 7, 4, 7, 3, 9, 3, 7, 8, 6, 5, 6], vec![2]],
                vec![vec![3, 9]],
            ],
            vec![0, 1, 0, 3, 1, 1, 3, 3, 2, 2],
            crate::model::Variant::Normal,
        )
        .unwrap();
        let r = p.reduced();
        assert_eq!(
            r.regions(),
            &[vec![vec![1, 8, 4, 9, 8, 5], vec![2]], vec![vec![9]]]
        );
    }
}
