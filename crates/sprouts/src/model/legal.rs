//! Every legal move of a position, and their number without enumerating them.
//!
//! Moves are counted as NOTES.md section 2 says: two moves are one when they
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

use super::moves::{rotated, Move, MoveKind, SiteRef};
use super::position::{Position, Spot};
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
    /// Every legal move, one per distinct resulting position (NOTES.md
    /// section 2), lazily: splits are produced one at a time.
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
            families: self.distinct_families(true),
            family: 0,
            others: Vec::new(),
            bits: Vec::new(),
            started: false,
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
        for region in &self.regions {
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
        for f in self.distinct_families(false) {
            *by_exponent.entry(f.exponent()).or_default() += 1;
        }
        by_exponent
            .into_iter()
            .map(|(e, n)| BigUint::from(n) << e)
            .sum::<BigUint>()
            + single_joins
    }

    /// Every way of drawing the same move as `m` (NOTES.md section 2): the
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
        let Ok(after) = self.play(m) else {
            return Vec::new();
        };
        let key = after.reduced();
        let (a, b) = self.endpoints(m).expect("legal");
        let mut out = vec![m.clone()];
        for (r, region) in self.regions.iter().enumerate() {
            let sites = |spot: Spot| -> Vec<SiteRef> {
                let mut v = Vec::new();
                for (bi, bd) in region.boundaries.iter().enumerate() {
                    for (i, &x) in bd.sites.iter().enumerate() {
                        if x == spot {
                            v.push(SiteRef::new(bi, i));
                        }
                    }
                }
                v
            };
            let (sa, sb) = (sites(a), sites(b));
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
                        if self.play(&mv).is_ok_and(|p| p.reduced() == key) {
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

    fn degree_after(&self, a: Spot, b: Spot) -> impl Fn(Spot) -> u8 + '_ {
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

    /// The families of moves; joins between two single-site spots (degree 0
    /// or 1) only when `single_joins`.
    fn families(&self, single_joins: bool) -> Vec<Family> {
        let mut out = Vec::new();
        for (r, region) in self.regions.iter().enumerate() {
            let live: Vec<Vec<usize>> = region
                .boundaries
                .iter()
                .map(|b| {
                    (0..b.sites.len())
                        .filter(|&i| self.is_live(b.sites[i]))
                        .collect()
                })
                .collect();
            let live_boundaries: Vec<usize> =
                (0..live.len()).filter(|&i| !live[i].is_empty()).collect();
            // Joins, in order of boundary pairs. Without `single_joins`,
            // only those with an end of degree 2, found from those ends.
            let join = |bi: usize, s: usize, bj: usize, t: usize| Family {
                region: r,
                from: SiteRef::new(bi, s),
                to: SiteRef::new(bj, t),
                kind: MoveKind::Join,
                others: 0,
                symmetric: false,
            };
            let deg2 = |bi: usize, s: usize| self.degree(region.boundaries[bi].sites[s]) == 2;
            for (x, &bi) in live_boundaries.iter().enumerate() {
                if single_joins {
                    for &bj in &live_boundaries[x + 1..] {
                        for &s in &live[bi] {
                            for &t in &live[bj] {
                                out.push(join(bi, s, bj, t));
                            }
                        }
                    }
                } else {
                    for &s in live[bi].iter().filter(|&&s| deg2(bi, s)) {
                        for &bj in live_boundaries.iter().filter(|&&bj| bj != bi) {
                            for &t in &live[bj] {
                                // A pair of two degree-2 ends is met twice: keep one.
                                if !deg2(bj, t) || bi < bj {
                                    out.push(join(bi, s, bj, t));
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
        }
        out
    }

    fn core(&self, f: &Family) -> Core {
        let region = &self.regions[f.region];
        let a = region.boundaries[f.from.boundary].sites[f.from.index];
        let b = region.boundaries[f.to.boundary].sites[f.to.index];
        let c = self.next_spot();
        let deg = self.degree_after(a, b);
        let key = |v: &[Spot]| reduced_boundary(v, &deg).unwrap_or_default();
        let r1 = rotated(&region.boundaries[f.from.boundary].sites, f.from.index);
        match f.kind {
            MoveKind::Join => {
                let r2 = rotated(&region.boundaries[f.to.boundary].sites, f.to.index);
                let mut v = vec![a, c];
                v.extend_from_slice(&r2);
                if self.degree(b) > 0 {
                    v.push(b);
                }
                v.push(c);
                if self.degree(a) > 0 {
                    v.push(a);
                }
                v.extend_from_slice(&r1[1..]);
                Core::Join(key(&v))
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
        let deg = self.degree_after(a, b);
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

    fn endpoint_pair(&self, f: &Family) -> (Spot, Spot) {
        let region = &self.regions[f.region];
        let a = region.boundaries[f.from.boundary].sites[f.from.index];
        let b = region.boundaries[f.to.boundary].sites[f.to.index];
        (a.min(b), a.max(b))
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

    /// The families of moves, one per distinct set of resulting positions.
    fn distinct_families(&self, single_joins: bool) -> Vec<Family> {
        let mut families = self.families(single_joins);
        for f in families.iter_mut() {
            if f.kind != MoveKind::Join && f.others > 0 {
                if let Core::Split(x, y) = self.core(f) {
                    f.symmetric = x == y;
                }
            }
        }
        let mut groups: HashMap<(Spot, Spot), Vec<usize>> = HashMap::new();
        for (i, f) in families.iter().enumerate() {
            groups.entry(self.endpoint_pair(f)).or_default().push(i);
        }
        let mut keep = vec![true; families.len()];
        for members in groups.values().filter(|m| m.len() > 1) {
            for (x, &i) in members.iter().enumerate() {
                if !keep[i] {
                    continue;
                }
                for &j in &members[x + 1..] {
                    if keep[j] && self.same_family(&families[i], &families[j]) {
                        keep[j] = false;
                    }
                }
            }
        }
        families
            .into_iter()
            .zip(keep)
            .filter_map(|(f, k)| k.then_some(f))
            .collect()
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
    families: Vec<Family>,
    family: usize,
    /// The current family's other live boundaries.
    others: Vec<usize>,
    /// Which of the family's free boundaries go right (a binary counter).
    bits: Vec<bool>,
    started: bool,
}

impl LegalMoves<'_> {
    fn free(&self, f: &Family) -> usize {
        if f.symmetric {
            f.others - 1
        } else {
            f.others
        }
    }
}

impl Iterator for LegalMoves<'_> {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        loop {
            let f = self.families.get(self.family)?;
            if !self.started {
                self.started = true;
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
                let free = if f.kind == MoveKind::Join {
                    0
                } else {
                    self.free(f)
                };
                self.bits = vec![false; free];
            } else {
                // Advance the binary counter; on overflow go to the next family.
                let mut carry = true;
                for bit in self.bits.iter_mut() {
                    if *bit {
                        *bit = false;
                    } else {
                        *bit = true;
                        carry = false;
                        break;
                    }
                }
                if carry {
                    self.family += 1;
                    self.started = false;
                    continue;
                }
            }
            let f = &self.families[self.family];
            let skip = usize::from(f.symmetric);
            let right = self.others[skip..]
                .iter()
                .zip(&self.bits)
                .filter_map(|(&o, &bit)| bit.then_some(o))
                .collect();
            return Some(Move::new(f.region, f.from, f.to, right));
        }
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
