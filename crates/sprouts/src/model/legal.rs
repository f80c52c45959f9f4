//! Every legal move of a position, and their number without enumerating them.
//!
//! Moves are counted as docs/notations.md#moves says: two moves are one when they
//! leave the same reduced position. The generator groups the moves of a
//! position into *families*: one pair of sites (or one site, for a loop) in
//! one region, together with every way of sending the region's other live
//! boundaries to the two sides. Within a family two splits give the same
//! position only when the two new boundaries read the same (then a split and
//! its mirror coincide); two families give the same positions only when they
//! join the same spots and build the same new boundaries out of the same
//! region contents, and then they coincide entirely. So the count is a sum of
//! powers of two over distinct families, and the iterator walks each family's
//! splits lazily: the first move of a 27-spot game has 905,970,015 distinct
//! moves, counted at once.

use std::collections::HashMap;

use num_bigint::BigUint;

use super::Spot;
use super::moves::{Move, MoveKind, SiteRef, rotated};
use super::position::Position;
use super::reduce::reduced_boundary;

/// A family of moves: one site pair in one region and all its splits.
#[derive(Clone, Debug)]
struct Family {
    region: usize,
    from: SiteRef,
    to: SiteRef,
    kind: MoveKind,
    /// How many other boundaries of the region hold a live spot (split
    /// families); the iterator lists them when it gets to the family.
    others: usize,
    /// The two new boundaries read the same: a split and its mirror coincide.
    symmetric: bool,
}

impl Family {
    /// The order in which families are listed, and the one that decides
    /// which of several families making the same moves is kept (the first):
    /// by region, then by the boundary of the first site; on that boundary
    /// the joins with later boundaries come first, then loops and splits by
    /// site. Only sites matter: a family is given with its `from` site the
    /// lower one.
    fn order(&self) -> (usize, usize, usize, usize, usize, usize) {
        let (f, t) = (self.from, self.to);
        match self.kind {
            MoveKind::Join => (self.region, f.boundary, 0, t.boundary, f.index, t.index),
            _ => (self.region, f.boundary, 1, f.index, t.index, 0),
        }
    }

    /// The family has `2^exponent` distinct moves.
    fn exponent(&self) -> usize {
        match self.kind {
            MoveKind::Join => 0,
            _ if self.symmetric => self.others.saturating_sub(1),
            _ => self.others,
        }
    }
}

/// The new boundaries a family builds, reduced (dead spots dropped, least rotation).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Core {
    Join(Vec<Spot>),
    Split(Vec<Spot>, Vec<Spot>),
}

impl Position {
    /// Every legal move, one per distinct resulting position (docs/notations.md#same-move),
    /// lazily: splits are produced one at a time.
    ///
    /// ```
    /// use sprouts::model::Position;
    /// let p = Position::start(2, Default::default());
    /// // 1-3-2, and a loop on 1 or on 2. A loop on a lone spot makes two
    /// // regions that both read `1,3`, so the other spot inside or outside
    /// // is the same move.
    /// assert_eq!(p.legal_moves().count(), 3);
    /// ```
    pub fn legal_moves(&self) -> LegalMoves<'_> {
        LegalMoves {
            pos: self,
            walk: FamilyWalk::new(self, true),
            family: None,
            others: Vec::new(),
            bits: Vec::new(),
        }
    }

    /// The number of legal moves, computed without enumerating splits.
    ///
    /// ```
    /// use sprouts::model::Position;
    /// let p = Position::start(27, Default::default());
    /// assert_eq!(p.count_moves().to_string(), "905970015");
    /// ```
    pub fn count_moves(&self) -> BigUint {
        // Joins between two spots of degree 0 or 1 (one site each) are all
        // distinct: count them by boundary sizes rather than one by one.
        let mut single_joins = BigUint::from(0u8);
        for region in self.regions.iter().filter(|r| r.topology.is_planar()) {
            let per_boundary: Vec<u64> = region
                .boundaries
                .iter()
                .map(|b| b.sites.iter().filter(|&&x| self.degree(x) <= 1).count() as u64)
                .collect();
            let total: u64 = per_boundary.iter().sum();
            let squares: BigUint = per_boundary.iter().map(|&c| BigUint::from(c) * c).sum();
            single_joins += (BigUint::from(total) * total - squares) / 2u8;
        }
        // Family sizes are powers of two: add them up by exponent.
        let mut by_exponent: HashMap<usize, u64> = HashMap::new();
        let mut walk = FamilyWalk::new(self, false);
        while let Some(f) = walk.next_family() {
            *by_exponent.entry(f.exponent()).or_default() += 1;
        }
        by_exponent
            .into_iter()
            .map(|(e, n)| BigUint::from(n) << e)
            .sum::<BigUint>()
            + single_joins
    }

    /// Every way of drawing the same move as `m` (docs/notations.md#moves): the
    /// same two spots joined through other sites or in another region, or
    /// with the other new region on the right, that leaves the same reduced
    /// position. `m` itself is first. Writers use this so that the canonical
    /// text of a move does not depend on which of its drawings they are given.
    ///
    /// ```
    /// use sprouts::model::{Move, Position, SiteRef};
    /// let p = Position::start(2, Default::default());
    /// // A loop on a lone spot: the other spot inside or outside is one move.
    /// let m = Move::new(0, SiteRef::new(0, 0), SiteRef::new(0, 0), vec![]);
    /// assert_eq!(p.equivalent_moves(&m).len(), 2);
    /// ```
    pub fn equivalent_moves(&self, m: &Move) -> Vec<Move> {
        let Ok(target) = self.effect(m) else {
            return Vec::new();
        };
        let (a, b) = target.ends();
        let mut out = vec![m.clone()];
        for r in self.shared_regions(a, b) {
            let region = &self.regions[r];
            let (sa, sb) = (self.sites_in(r, a), self.sites_in(r, b));
            for &s in &sa {
                for &t in &sb {
                    if (a == b) != (s == t) {
                        continue;
                    }
                    let mut rights: Vec<Vec<usize>> = vec![Vec::new()];
                    if s.boundary == t.boundary {
                        let live: Vec<usize> = (0..region.boundaries.len())
                            .filter(|&i| {
                                i != s.boundary
                                    && region.boundaries[i].sites.iter().any(|&x| self.is_live(x))
                            })
                            .collect();
                        let same: Vec<usize> = if r == m.region && s.boundary == m.from.boundary {
                            live.iter()
                                .copied()
                                .filter(|i| m.right.binary_search(i).is_ok())
                                .collect()
                        } else {
                            Vec::new()
                        };
                        let mirror: Vec<usize> = live
                            .iter()
                            .copied()
                            .filter(|i| same.binary_search(i).is_err())
                            .collect();
                        rights = vec![same, mirror, live];
                    }
                    for right in rights {
                        let mv = Move::new(r, s, t, right);
                        if out.contains(&mv) {
                            continue;
                        }
                        if self
                            .effect(&mv)
                            .is_ok_and(|o| self.same_effect(&o, &target))
                        {
                            out.push(mv);
                        }
                    }
                }
            }
        }
        out
    }

    /// Whether the player to move has no move (the game is over).
    ///
    /// ```
    /// use sprouts::model::Position;
    /// assert!(!Position::start(1, Default::default()).is_over());
    /// ```
    pub fn is_over(&self) -> bool {
        // A region has a move exactly when its live spots have two lives
        // between them: a loop on a spot with two, or a line between two.
        !self.regions.iter().any(|r| {
            let mut spots: Vec<Spot> = r
                .boundaries
                .iter()
                .flat_map(|b| b.sites.iter().copied())
                .filter(|&s| self.is_live(s))
                .collect();
            spots.sort_unstable();
            spots.dedup();
            spots
                .iter()
                .map(|&s| self.spot_lives(s) as u32)
                .sum::<u32>()
                >= 2
        })
    }

    fn degrees_after_joining(&self, a: Spot, b: Spot) -> impl Fn(Spot) -> u8 + '_ {
        let c = self.next_spot();
        move |s: Spot| {
            if s == c {
                2
            } else {
                let d = self.degree(s) + (s == a) as u8 + (s == b) as u8;
                d.min(3)
            }
        }
    }

    /// For counting: the families of moves whose first site is on live
    /// boundary `bi` of region `r` (`live[i]`: the live sites of boundary
    /// `i`; `live_boundaries`: the boundaries with one), except joins
    /// between two single-site spots (degree 0 or 1).
    fn families_to_count(
        &self,
        r: usize,
        x: usize,
        live: &[Vec<usize>],
        live_boundaries: &[usize],
        out: &mut Vec<Family>,
    ) {
        let region = &self.regions[r];
        let bi = live_boundaries[x];
        let join = |bi: usize, s: usize, bj: usize, t: usize| Family {
            region: r,
            from: SiteRef::new(bi, s),
            to: SiteRef::new(bj, t),
            kind: MoveKind::Join,
            others: 0,
            symmetric: false,
        };
        let deg2 = |bi: usize, s: usize| self.degree(region.boundaries[bi].sites[s]) == 2;
        // Joins with an end of degree 2, found from those ends (then a join
        // with an earlier boundary is listed here when only this end has
        // degree 2); joins between two single-site spots are counted apart.
        {
            for &s in live[bi].iter().filter(|&&s| deg2(bi, s)) {
                for &bj in live_boundaries.iter().filter(|&&bj| bj != bi) {
                    for &t in &live[bj] {
                        // A pair of two degree-2 ends is met twice: keep one.
                        if !deg2(bj, t) || bi < bj {
                            let (lo, hi) = if bi < bj {
                                (SiteRef::new(bi, s), SiteRef::new(bj, t))
                            } else {
                                (SiteRef::new(bj, t), SiteRef::new(bi, s))
                            };
                            out.push(join(lo.boundary, lo.index, hi.boundary, hi.index));
                        }
                    }
                }
            }
        }
        let others = live_boundaries.len() - 1;
        let sites = &region.boundaries[bi].sites;
        for (p, &s) in live[bi].iter().enumerate() {
            let a = sites[s];
            if self.degree(a) <= 1 {
                out.push(Family {
                    region: r,
                    from: SiteRef::new(bi, s),
                    to: SiteRef::new(bi, s),
                    kind: MoveKind::Loop,
                    others,
                    symmetric: false,
                });
            }
            for &t in &live[bi][p + 1..] {
                if sites[t] != a {
                    out.push(Family {
                        region: r,
                        from: SiteRef::new(bi, s),
                        to: SiteRef::new(bi, t),
                        kind: MoveKind::Split,
                        others,
                        symmetric: false,
                    });
                }
            }
        }
    }

    /// Whether a split family's two new boundaries read the same (then a
    /// split and its mirror coincide).
    fn is_symmetric(&self, f: &Family) -> bool {
        f.kind != MoveKind::Join
            && f.others > 0
            && matches!(self.core(f), Core::Split(x, y) if x == y)
    }

    /// The boundary a join of two boundaries makes, each given from the
    /// joined site (notations.md §2); on every surface.
    pub(super) fn merged(&self, r1: &[Spot], r2: &[Spot], c: Spot) -> Vec<Spot> {
        let (a, b) = (r1[0], r2[0]);
        let mut m = Vec::with_capacity(r1.len() + r2.len() + 4);
        m.extend([a, c]);
        m.extend_from_slice(r2);
        if self.degree(b) > 0 {
            m.push(b);
        }
        m.push(c);
        if self.degree(a) > 0 {
            m.push(a);
        }
        m.extend_from_slice(&r1[1..]);
        m
    }

    fn core(&self, f: &Family) -> Core {
        let region = &self.regions[f.region];
        let a = region.boundaries[f.from.boundary].sites[f.from.index];
        let b = region.boundaries[f.to.boundary].sites[f.to.index];
        let c = self.next_spot();
        let deg = self.degrees_after_joining(a, b);
        let key = |v: &[Spot]| reduced_boundary(v, &deg).unwrap_or_default();
        let r1 = rotated(&region.boundaries[f.from.boundary].sites, f.from.index);
        match f.kind {
            MoveKind::Join => {
                let r2 = rotated(&region.boundaries[f.to.boundary].sites, f.to.index);
                Core::Join(key(&self.merged(&r1, &r2, c)))
            }
            MoveKind::Loop => {
                let x = key(&[a, c]);
                let mut y = vec![a, c];
                if self.degree(a) > 0 {
                    y.push(a);
                    y.extend_from_slice(&r1[1..]);
                }
                ordered_pair(x, key(&y))
            }
            MoveKind::Split => {
                let n = r1.len();
                let j = (f.to.index + n - f.from.index) % n;
                let mut x = vec![a, c];
                x.extend_from_slice(&r1[j..]);
                let mut y = vec![b, c];
                y.extend_from_slice(&r1[..j]);
                ordered_pair(key(&x), key(&y))
            }
        }
    }

    /// The key of a family's region apart from the move: the region with
    /// the new degrees, and its other live boundaries, both reduced.
    fn context(&self, f: &Family) -> (Vec<Vec<Spot>>, Vec<Vec<Spot>>) {
        let region = &self.regions[f.region];
        let (a, b) = (
            region.boundaries[f.from.boundary].sites[f.from.index],
            region.boundaries[f.to.boundary].sites[f.to.index],
        );
        let deg = self.degrees_after_joining(a, b);
        let mut all = Vec::new();
        let mut others = Vec::new();
        for (i, bd) in region.boundaries.iter().enumerate() {
            if let Some(k) = reduced_boundary(&bd.sites, &deg) {
                if i != f.from.boundary && i != f.to.boundary {
                    others.push(k.clone());
                }
                all.push(k);
            }
        }
        all.sort_unstable();
        others.sort_unstable();
        (all, others)
    }

    fn same_family(&self, f: &Family, g: &Family) -> bool {
        if f.kind != g.kind {
            return false;
        }
        if f.region != g.region && self.context(f) != self.context(g) {
            return false;
        }
        self.core(f) == self.core(g)
    }

    /// Whether no family before `f` (in [`Family::order`]) makes the same
    /// moves. Only families joining the same two spots can, so only a spot
    /// of degree 2 (two sites) gives `f` any rival; they are found through
    /// the spot index.
    fn first_of_its_kind(&self, f: &Family) -> bool {
        let region = &self.regions[f.region];
        let a = region.boundaries[f.from.boundary].sites[f.from.index];
        let b = region.boundaries[f.to.boundary].sites[f.to.index];
        if a == b || (self.degree(a) < 2 && self.degree(b) < 2) {
            return true;
        }
        let order = f.order();
        for (ra, sa) in self.sites_of_spot(a) {
            for (rb, sb) in self.sites_of_spot(b) {
                let itself =
                    ra == f.region && ((sa, sb) == (f.from, f.to) || (sb, sa) == (f.from, f.to));
                if ra != rb || itself {
                    continue;
                }
                let (lo, hi) = (sa.min(sb), sa.max(sb));
                let kind = if lo.boundary != hi.boundary {
                    MoveKind::Join
                } else {
                    MoveKind::Split
                };
                if kind != f.kind {
                    continue;
                }
                let g = Family {
                    region: ra,
                    from: lo,
                    to: hi,
                    kind,
                    others: 0,
                    symmetric: false,
                };
                if g.order() < order && self.same_family(f, &g) {
                    return false;
                }
            }
        }
        true
    }
}

/// Where a [`FamilyWalk`] is on the current live boundary `bi`: its joins
/// with the `later`-th live boundary (sites `p` of `bi`, `q` of that one),
/// then its loops and splits (`p == q`: the loop on site `p`).
#[derive(Clone, Copy, Debug)]
enum WalkStep {
    Join { later: usize, p: usize, q: usize },
    Split { p: usize, q: usize },
}

/// A walk over the distinct families of a position, one family at a time
/// in the order of [`Family::order`]: the work before the first family is
/// one pass over the position, not the number of families.
///
/// When listing, every family is produced; when counting, joins between two
/// single-site spots are left out (they are counted apart) and the others
/// are produced one boundary at a time.
#[derive(Debug)]
struct FamilyWalk<'a> {
    pos: &'a Position,
    listing: bool,
    /// The region being walked, its live sites per boundary and its live
    /// boundaries, and the live boundary being walked.
    region: usize,
    live: Vec<Vec<usize>>,
    live_boundaries: Vec<usize>,
    boundary: usize,
    step: WalkStep,
    /// Counting: families of the current boundary not yet handed out.
    batch: std::vec::IntoIter<Family>,
}

impl<'a> FamilyWalk<'a> {
    fn new(pos: &'a Position, listing: bool) -> FamilyWalk<'a> {
        let mut walk = FamilyWalk {
            pos,
            listing,
            region: 0,
            live: Vec::new(),
            live_boundaries: Vec::new(),
            boundary: 0,
            step: WalkStep::Join {
                later: 1,
                p: 0,
                q: 0,
            },
            batch: Vec::new().into_iter(),
        };
        walk.enter_region();
        walk
    }

    /// Reads the live sites of the current region (if any is left).
    fn enter_region(&mut self) {
        self.boundary = 0;
        self.step = WalkStep::Join {
            later: 1,
            p: 0,
            q: 0,
        };
        let Some(region) = self.pos.regions.get(self.region) else {
            self.live.clear();
            self.live_boundaries.clear();
            return;
        };
        // Moves in a region with handles or cross-caps are not `Move`s:
        // they are listed by what they leave (`Position::children`).
        let planar = region.topology.is_planar();
        self.live = region
            .boundaries
            .iter()
            .map(|b| {
                (0..b.sites.len())
                    .filter(|&i| planar && self.pos.is_live(b.sites[i]))
                    .collect()
            })
            .collect();
        self.live_boundaries = (0..self.live.len())
            .filter(|&i| !self.live[i].is_empty())
            .collect();
    }

    /// The next distinct family, its `symmetric` flag set.
    fn next_family(&mut self) -> Option<Family> {
        loop {
            let mut f = if self.listing {
                self.next_listed()?
            } else {
                self.next_counted()?
            };
            if self.pos.first_of_its_kind(&f) {
                f.symmetric = self.pos.is_symmetric(&f);
                return Some(f);
            }
        }
    }

    /// Counting: the next family of the current boundary's batch.
    fn next_counted(&mut self) -> Option<Family> {
        loop {
            if let Some(f) = self.batch.next() {
                return Some(f);
            }
            if self.region >= self.pos.regions.len() {
                return None;
            }
            if self.boundary >= self.live_boundaries.len() {
                self.region += 1;
                self.enter_region();
                continue;
            }
            let mut batch = Vec::new();
            self.pos.families_to_count(
                self.region,
                self.boundary,
                &self.live,
                &self.live_boundaries,
                &mut batch,
            );
            self.boundary += 1;
            self.batch = batch.into_iter();
        }
    }

    /// Listing: the next family, whether or not it is the first of its kind.
    fn next_listed(&mut self) -> Option<Family> {
        let pos = self.pos;
        loop {
            let r = self.region;
            if r >= pos.regions.len() {
                return None;
            }
            if self.boundary >= self.live_boundaries.len() {
                self.region += 1;
                self.enter_region();
                continue;
            }
            let lb = &self.live_boundaries;
            let bi = lb[self.boundary];
            let live_i = &self.live[bi];
            let family = |from: SiteRef, to: SiteRef, kind: MoveKind| Family {
                region: r,
                from,
                to,
                kind,
                others: if kind == MoveKind::Join {
                    0
                } else {
                    lb.len() - 1
                },
                symmetric: false,
            };
            match self.step {
                WalkStep::Join { later, p, q } => {
                    if later >= lb.len() {
                        self.step = WalkStep::Split { p: 0, q: 0 };
                    } else if p >= live_i.len() {
                        self.step = WalkStep::Join {
                            later: later + 1,
                            p: 0,
                            q: 0,
                        };
                    } else if q >= self.live[lb[later]].len() {
                        self.step = WalkStep::Join {
                            later,
                            p: p + 1,
                            q: 0,
                        };
                    } else {
                        self.step = WalkStep::Join { later, p, q: q + 1 };
                        let bj = lb[later];
                        return Some(family(
                            SiteRef::new(bi, live_i[p]),
                            SiteRef::new(bj, self.live[bj][q]),
                            MoveKind::Join,
                        ));
                    }
                }
                WalkStep::Split { p, q } => {
                    if p >= live_i.len() {
                        self.boundary += 1;
                        self.step = WalkStep::Join {
                            later: self.boundary + 1,
                            p: 0,
                            q: 0,
                        };
                    } else if q >= live_i.len() {
                        self.step = WalkStep::Split { p: p + 1, q: p + 1 };
                    } else {
                        self.step = WalkStep::Split { p, q: q + 1 };
                        let sites = &pos.regions[r].boundaries[bi].sites;
                        let (s, t) = (live_i[p], live_i[q]);
                        let a = sites[s];
                        if p == q && pos.degree(a) <= 1 {
                            let site = SiteRef::new(bi, s);
                            return Some(family(site, site, MoveKind::Loop));
                        }
                        if p != q && sites[t] != a {
                            return Some(family(
                                SiteRef::new(bi, s),
                                SiteRef::new(bi, t),
                                MoveKind::Split,
                            ));
                        }
                    }
                }
            }
        }
    }
}

fn ordered_pair(x: Vec<Spot>, y: Vec<Spot>) -> Core {
    if x <= y {
        Core::Split(x, y)
    } else {
        Core::Split(y, x)
    }
}

/// Iterator over the legal moves of a position (see [`Position::legal_moves`]).
#[derive(Debug)]
pub struct LegalMoves<'a> {
    pos: &'a Position,
    walk: FamilyWalk<'a>,
    /// The family being listed.
    family: Option<Family>,
    /// The current family's other live boundaries.
    others: Vec<usize>,
    /// Which of the family's free boundaries go right (a binary counter).
    bits: Vec<bool>,
}

impl Iterator for LegalMoves<'_> {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        // Advance the binary counter; on overflow go to the next family.
        let carry = self.bits.iter_mut().all(|bit| {
            *bit = !*bit;
            !*bit
        });
        if carry || self.family.is_none() {
            let f = self.walk.next_family()?;
            let region = &self.pos.regions[f.region];
            self.others = if f.kind == MoveKind::Join {
                Vec::new()
            } else {
                (0..region.boundaries.len())
                    .filter(|&i| {
                        i != f.from.boundary
                            && region.boundaries[i]
                                .sites
                                .iter()
                                .any(|&x| self.pos.is_live(x))
                    })
                    .collect()
            };
            self.bits = vec![false; f.exponent()];
            self.family = Some(f);
        }
        let f = self.family.as_ref().expect("set above");
        let skip = usize::from(f.symmetric);
        let right = self.others[skip..]
            .iter()
            .zip(&self.bits)
            .filter_map(|(&o, &bit)| bit.then_some(o))
            .collect();
        Some(Move::new(f.region, f.from, f.to, right))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Variant;

    #[test]
    fn start_counts() {
        // n loops with 2^(n-2) splits each (n >= 2) plus n(n-1)/2 joins.
        for n in 1..=12u32 {
            let p = Position::start(n, Variant::Normal);
            let loops = if n == 1 {
                1u64
            } else {
                n as u64 * (1u64 << (n - 2))
            };
            let joins = (n as u64) * (n as u64 - 1) / 2;
            assert_eq!(p.count_moves(), BigUint::from(loops + joins), "n = {n}");
            if n <= 8 {
                assert_eq!(p.legal_moves().count() as u64, loops + joins);
            }
        }
    }

    #[test]
    fn every_generated_move_is_legal_and_distinct() {
        let p = Position::start(4, Variant::Normal);
        let moves: Vec<Move> = p.legal_moves().collect();
        let mut keys: Vec<_> = moves.iter().map(|m| p.play(m).unwrap().reduced()).collect();
        let n = keys.len();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), n);
    }
}
