//! The one union-find of the crate: sets over `0..n`, path halving, and the
//! least member as a set's root (callers name a set by its first element).

/// Disjoint sets over `0..len()`.
#[derive(Clone, Debug, Default)]
pub(crate) struct UnionFind {
    parent: Vec<usize>,
}

impl UnionFind {
    /// `n` sets of one element each.
    pub(crate) fn new(n: usize) -> UnionFind {
        UnionFind {
            parent: (0..n).collect(),
        }
    }

    /// No element at all, keeping the memory for the next use.
    pub(crate) fn clear(&mut self) {
        self.parent.clear();
    }

    /// Makes every element below `n` a member, the new ones alone.
    pub(crate) fn grow_to(&mut self, n: usize) {
        while self.parent.len() < n {
            self.parent.push(self.parent.len());
        }
    }

    /// The root of `x`'s set: its least member.
    pub(crate) fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] != x {
            self.parent[x] = self.parent[self.parent[x]];
            x = self.parent[x];
        }
        x
    }

    /// Joins the sets of `a` and `b`; whether they were apart.
    pub(crate) fn union(&mut self, a: usize, b: usize) -> bool {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.parent[ra.max(rb)] = ra.min(rb);
        }
        ra != rb
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_join_and_keep_their_least_member_as_root() {
        let mut uf = UnionFind::new(6);
        assert!(uf.union(4, 2));
        assert!(uf.union(5, 4));
        assert!(!uf.union(2, 5));
        assert_eq!(
            (0..6).map(|x| uf.find(x)).collect::<Vec<_>>(),
            [0, 1, 2, 3, 2, 2]
        );
        uf.clear();
        uf.grow_to(3);
        assert!(uf.union(2, 1));
        uf.grow_to(5);
        assert_eq!(
            (0..5).map(|x| uf.find(x)).collect::<Vec<_>>(),
            [0, 1, 1, 3, 4]
        );
    }
}
