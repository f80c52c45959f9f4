//! GLOP's simplifications (docs/notations.md#simplification) on the unlabelled form.

use crate::union_find::UnionFind;
use crate::unlabelled::{Shape, ShapeLand, Sym};

/// Lives of a symbol (a letter counted at each of its two sites: callers
/// count a letter once per region).
fn lives(s: Sym) -> u32 {
    match s {
        Sym::Zero => 3,
        Sym::One => 2,
        Sym::Two | Sym::Letter(_) => 1,
    }
}

/// Applies, in this order: a letter whose two sites are next to each other
/// on its boundary becomes `2` (the part of the drawing between them is
/// dead); regions with fewer than 2 lives are deleted, and a letter left
/// once becomes `2`; a region with at most 3 lives becomes one boundary
/// (its boundaries joined in stored order: with at most 3 lives every
/// joining order is a rotation or a mirror image of every other); lands
/// that share no letter are split. Dead spots and empty boundaries are
/// already gone from a [`Shape`]. The result is a fixed point.
pub(crate) fn simplify(shape: &Shape) -> Shape {
    let mut regions: Vec<Vec<Vec<Sym>>> = shape.lands.iter().flatten().cloned().collect();
    // 1. Adjacent equal letters.
    for b in regions.iter_mut().flatten() {
        merge_adjacent(b);
    }
    // 2. Regions with fewer than 2 lives.
    let mut kept = Vec::with_capacity(regions.len());
    let mut removed_letters = std::collections::HashSet::new();
    for r in regions {
        if region_lives(&r) >= 2 {
            kept.push(r);
        } else {
            for &s in r.iter().flatten() {
                if let Sym::Letter(g) = s {
                    removed_letters.insert(g);
                }
            }
        }
    }
    if !removed_letters.is_empty() {
        for s in kept.iter_mut().flatten().flatten() {
            if let Sym::Letter(g) = *s {
                if removed_letters.contains(&g) {
                    *s = Sym::Two;
                }
            }
        }
    }
    // 3. Small regions become one boundary (on the plane only: with
    // handles or cross-caps the boundaries say which curves exist).
    for r in kept.iter_mut() {
        if r.len() > 1 && region_lives(r) <= 3 && !r.iter().any(|b| is_gadget(b)) {
            let joined: Vec<Sym> = r.iter().flatten().copied().collect();
            *r = vec![joined];
        }
    }
    // 4. Lands.
    Shape {
        lands: split_lands(kept),
    }
}

/// Whether a boundary is the mark of a region's topology that
/// `canon::surface` adds: it starts with `0` and has more sites, which no
/// boundary of a position does (a spot with 3 lives is alone on its
/// boundary).
pub(crate) fn is_gadget(b: &[Sym]) -> bool {
    b.len() >= 2 && b[0] == Sym::Zero
}

fn region_lives(r: &[Vec<Sym>]) -> u32 {
    let mut seen: Vec<u32> = Vec::new();
    let mut total = 0;
    for &s in r.iter().filter(|b| !is_gadget(b)).flatten() {
        if let Sym::Letter(g) = s {
            if seen.contains(&g) {
                continue;
            }
            seen.push(g);
        }
        total += lives(s);
        if total >= 4 {
            // Enough to decide both thresholds.
            return total;
        }
    }
    total
}

/// Replaces each letter whose two sites are adjacent on the (cyclic)
/// boundary by one `2`.
fn merge_adjacent(b: &mut Vec<Sym>) {
    let n = b.len();
    if n < 2 {
        return;
    }
    let mut drop = vec![false; n];
    let mut any = false;
    for i in 0..n {
        let j = (i + 1) % n;
        if let (Sym::Letter(x), Sym::Letter(y)) = (b[i], b[j]) {
            if x == y && !drop[i] && !drop[j] && i != j {
                drop[j] = true;
                b[i] = Sym::Two;
                any = true;
            }
        }
    }
    if any {
        let mut k = 0;
        b.retain(|_| {
            k += 1;
            !drop[k - 1]
        });
    }
}

/// Groups regions into lands: regions sharing a letter are in one land.
pub(crate) fn split_lands(regions: Vec<Vec<Vec<Sym>>>) -> Vec<ShapeLand> {
    let mut uf = UnionFind::new(regions.len());
    let mut first: std::collections::HashMap<u32, usize> = std::collections::HashMap::new();
    for (ri, r) in regions.iter().enumerate() {
        for &s in r.iter().flatten() {
            if let Sym::Letter(g) = s {
                match first.get(&g) {
                    Some(&r0) => {
                        uf.union(r0, ri);
                    }
                    None => {
                        first.insert(g, ri);
                    }
                }
            }
        }
    }
    let mut index: std::collections::HashMap<usize, usize> = std::collections::HashMap::new();
    let mut lands: Vec<ShapeLand> = Vec::new();
    for (ri, r) in regions.into_iter().enumerate() {
        let root = uf.find(ri);
        let li = *index.entry(root).or_insert_with(|| {
            lands.push(Vec::new());
            lands.len() - 1
        });
        lands[li].push(r);
    }
    lands
}

#[cfg(test)]
mod tests {
    use super::*;
    use Sym::*;

    #[test]
    fn adjacent_letters_merge_cyclically() {
        let mut b = vec![Letter(1), Letter(2), Letter(2), Letter(1)];
        merge_adjacent(&mut b);
        assert_eq!(b, vec![Two, Two]);
        let mut b = vec![Letter(1), Letter(1)];
        merge_adjacent(&mut b);
        assert_eq!(b, vec![Two]);
        let mut b = vec![Letter(1), One, Letter(1), One];
        merge_adjacent(&mut b);
        assert_eq!(b, vec![Letter(1), One, Letter(1), One]);
    }
}
