//! The moves of a land, played on the compact form (NOTES.md section 2 on
//! site bytes instead of labelled spots).
//!
//! Boundaries of a region with the same sites and no letter are
//! interchangeable: a join takes one representative of each pair of such
//! classes, and a split sends a *number* of each class to one side instead
//! of every subset. What is left is deduplicated by the children's keys.

use super::canon::{least_rotation_start, LandCanon};
use super::compact::{
    is_letter, parse_land_unchecked, simplify, Regions, DEAD, FIRST_LETTER, ONE, TWO, ZERO,
};

/// A child position of a land: the keys of the lands it splits into, sorted.
pub(crate) type Child = Vec<Vec<u8>>;

/// What a spot becomes when it gains `lines` lines (1 or 2): its new byte
/// ([`DEAD`] when it dies; `fresh` is the letter for a spot that becomes a
/// 1-life spot listed twice) and, for a dying letter, the letter whose other
/// site must go too.
#[inline]
fn gain(x: u8, lines: u8, fresh: u8) -> (u8, Option<u8>) {
    match (x, lines) {
        (ZERO, 1) => (ONE, None),
        (ZERO, _) => (fresh, None),
        (ONE, 1) => (fresh, None),
        (ONE, _) => (DEAD, None),
        (TWO, _) => (DEAD, None),
        (x, _) => (DEAD, Some(x)),
    }
}

/// Every distinct child of a land (given by its key).
pub(crate) fn land_children<C: LandCanon + ?Sized>(land: &[u8], canon: &C) -> Vec<Child> {
    let regions = parse_land_unchecked(land);
    let max_letter = land
        .iter()
        .copied()
        .filter(|&x| is_letter(x))
        .max()
        .unwrap_or(FIRST_LETTER - 1);
    let fresh = [max_letter + 1, max_letter + 2, max_letter + 3];
    let mut gen = Gen {
        canon,
        regions: &regions,
        out: Vec::new(),
        fresh,
    };
    for r in 0..regions.len() {
        gen.region(r);
    }
    let mut out = gen.out;
    out.sort_unstable();
    out.dedup();
    out
}

struct Gen<'a, C: ?Sized> {
    canon: &'a C,
    regions: &'a Regions,
    out: Vec<Child>,
    fresh: [u8; 3],
}

impl<C: LandCanon + ?Sized> Gen<'_, C> {
    fn region(&mut self, r: usize) {
        let bs = &self.regions[r];
        let n = bs.len();
        // Class of each boundary: letterless boundaries with the same sites
        // (up to rotation) share a class; any other boundary is alone.
        let mut class = vec![0usize; n];
        let mut reps: Vec<(Vec<u8>, usize)> = Vec::new();
        for i in 0..n {
            if bs[i].iter().any(|&x| is_letter(x)) {
                class[i] = i;
                continue;
            }
            let st = least_rotation_start(&bs[i]);
            let mut rot = bs[i][st..].to_vec();
            rot.extend_from_slice(&bs[i][..st]);
            match reps.iter().find(|(c, _)| *c == rot) {
                Some(&(_, first)) => class[i] = first,
                None => {
                    reps.push((rot, i));
                    class[i] = i;
                }
            }
        }
        // Joins: one pair of boundaries per pair of classes.
        for i in 0..n {
            if class[i] != i {
                continue;
            }
            for j in (i + 1)..n {
                let rep = if class[j] == i {
                    // The second member of i's own class.
                    (i + 1..j).all(|k| class[k] != i)
                } else {
                    class[j] == j
                };
                if !rep {
                    continue;
                }
                for p in 0..bs[i].len() {
                    for q in 0..bs[j].len() {
                        self.join(r, i, p, j, q);
                    }
                }
            }
        }
        // Splits and loops, in one boundary per class.
        for i in 0..n {
            if class[i] != i {
                continue;
            }
            // The other boundaries, grouped into classes.
            let mut groups: Vec<Vec<usize>> = Vec::new();
            for k in 0..n {
                if k == i {
                    continue;
                }
                let c = class[k];
                match groups.iter_mut().find(|g| class[g[0]] == c) {
                    Some(g) => g.push(k),
                    None => groups.push(vec![k]),
                }
            }
            let b = &bs[i];
            for p in 0..b.len() {
                if b[p] == ZERO || b[p] == ONE {
                    self.splits(r, i, p, None, &groups);
                }
                for q in (p + 1)..b.len() {
                    if is_letter(b[p]) && b[p] == b[q] {
                        continue;
                    }
                    self.splits(r, i, p, Some(q), &groups);
                }
            }
        }
    }

    /// The land's regions with region `r` replaced by `new` and the dying
    /// letters removed everywhere.
    fn rebuild(&self, r: usize, new: Vec<Vec<Vec<u8>>>, dying: [Option<u8>; 2]) -> Regions {
        let mut out: Regions = Vec::with_capacity(self.regions.len() + 1);
        let dies = |x: u8| dying.contains(&Some(x));
        for (k, reg) in self.regions.iter().enumerate() {
            if k == r {
                continue;
            }
            if dying.iter().all(|d| d.is_none()) {
                out.push(reg.clone());
            } else {
                out.push(
                    reg.iter()
                        .map(|b| b.iter().copied().filter(|&x| !dies(x)).collect())
                        .collect(),
                );
            }
        }
        for mut reg in new {
            if dying.iter().any(|d| d.is_some()) {
                for b in reg.iter_mut() {
                    b.retain(|&x| !dies(x));
                }
            }
            out.push(reg);
        }
        out
    }

    fn emit(&mut self, regions: Regions) {
        let mut lands = Vec::with_capacity(2);
        simplify(regions, self.canon, &mut lands);
        lands.sort_unstable();
        self.out.push(lands);
    }

    /// A line from site `p` of boundary `i` to site `q` of boundary `j`.
    fn join(&mut self, r: usize, i: usize, p: usize, j: usize, q: usize) {
        let bs = &self.regions[r];
        let (b1, b2) = (&bs[i], &bs[j]);
        let (a, b) = (b1[p], b2[q]);
        let (na, da) = gain(a, 1, self.fresh[0]);
        let (nb, db) = gain(b, 1, self.fresh[1]);
        let c = self.fresh[2];
        let mut merged = Vec::with_capacity(b1.len() + b2.len() + 4);
        merged.push(na);
        merged.push(c);
        merged.push(nb);
        merged.extend_from_slice(&b2[q + 1..]);
        merged.extend_from_slice(&b2[..q]);
        if b != ZERO {
            merged.push(nb);
        }
        merged.push(c);
        if a != ZERO {
            merged.push(na);
        }
        merged.extend_from_slice(&b1[p + 1..]);
        merged.extend_from_slice(&b1[..p]);
        let mut region: Vec<Vec<u8>> = Vec::with_capacity(bs.len() - 1);
        region.push(merged);
        for (k, bd) in bs.iter().enumerate() {
            if k != i && k != j {
                region.push(bd.clone());
            }
        }
        let regions = self.rebuild(r, vec![region], [da, db]);
        self.emit(regions);
    }

    /// A line from site `p` of boundary `i` to site `q` (or a loop back to
    /// `p` when `q` is `None`), with every distribution of the other
    /// boundaries between the two new regions.
    fn splits(&mut self, r: usize, i: usize, p: usize, q: Option<usize>, groups: &[Vec<usize>]) {
        let bs = &self.regions[r];
        let bd = &bs[i];
        let a = bd[p];
        let c = self.fresh[2];
        let (x_core, y_core, dying) = match q {
            None => {
                let (na, da) = gain(a, 2, self.fresh[0]);
                let x = vec![na, c];
                let y = if a == ZERO {
                    vec![na, c]
                } else {
                    let mut y = vec![na, c, na];
                    y.extend_from_slice(&bd[p + 1..]);
                    y.extend_from_slice(&bd[..p]);
                    y
                };
                (x, y, [da, None])
            }
            Some(q) => {
                let b = bd[q];
                let (na, da) = gain(a, 1, self.fresh[0]);
                let (nb, db) = gain(b, 1, self.fresh[1]);
                // bd from p: [a, A..., b, Bs...]
                let mut x = vec![na, c, nb];
                x.extend_from_slice(&bd[q + 1..]);
                x.extend_from_slice(&bd[..p]);
                let mut y = vec![nb, c, na];
                y.extend_from_slice(&bd[p + 1..q]);
                (x, y, [da, db])
            }
        };
        // Mixed-radix count over how many of each class go to X.
        let mut counts = vec![0usize; groups.len()];
        loop {
            let mut xr = vec![x_core.clone()];
            let mut yr = vec![y_core.clone()];
            for (g, &k) in groups.iter().zip(&counts) {
                for (m, &bi) in g.iter().enumerate() {
                    if m < k {
                        xr.push(bs[bi].clone());
                    } else {
                        yr.push(bs[bi].clone());
                    }
                }
            }
            let regions = self.rebuild(r, vec![xr, yr], dying);
            self.emit(regions);
            // Next distribution.
            let mut d = 0;
            loop {
                if d == groups.len() {
                    return;
                }
                if counts[d] < groups[d].len() {
                    counts[d] += 1;
                    break;
                }
                counts[d] = 0;
                d += 1;
            }
        }
    }
}
