//! A deliberately simple second model of Sprouts, written only for the tests.
//!
//! It does not use the library's move generator, its reduction or its
//! equality: a position is a plain `Vec<Vec<Vec<u32>>>` (regions of
//! boundaries of sites in left-hand order) and a degree per spot; moves are
//! enumerated naively, every (region, site s, site t, subset of the region's
//! other boundaries) including all 2^k subsets, and played with the formulas
//! of docs/notations.md#moves written out again here. Results are deduplicated by
//! a brute-force key: dead spots dropped, empty boundaries dropped, regions
//! with no live spot dropped, each boundary at its least rotation (found by
//! trying every rotation), boundaries sorted, regions sorted, plus every
//! spot's degree.
//!
//! The only contact with the library is converting positions to and from
//! it (through its public accessors and the checked `Position::new`).

use std::collections::{BTreeMap, BTreeSet};

use sprouts::model::{Position, Variant};

/// Spot numbers, as in the library.
pub type Spot = u32;

/// The deduplication key: reduced regions and the degree of every spot
/// (index 0 unused). Two positions with equal keys are the same labelled game
/// position; two moves with equal result keys are "the same move".
pub type Key = (Vec<Vec<Vec<Spot>>>, Vec<u8>);

/// A position of the oracle: regions of boundaries of sites, and degrees.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OPos {
    pub regions: Vec<Vec<Vec<Spot>>>,
    /// `deg[s]` for spots `1..deg.len()`; `deg[0]` is unused (0).
    pub deg: Vec<u8>,
}

/// Estimated work to enumerate every move of a position naively; used by
/// tests to skip positions the oracle would take too long on.
pub fn naive_cost(p: &OPos) -> u64 {
    p.regions
        .iter()
        .map(|r| {
            let sites: u64 = r.iter().map(|b| b.len() as u64).sum();
            let k = r.len().saturating_sub(1).min(40) as u32;
            sites * sites * (1u64 << k)
        })
        .sum()
}

impl OPos {
    /// The start of an `n`-spot game: one region of `n` lone spots.
    pub fn start(n: u32) -> OPos {
        OPos {
            regions: if n == 0 {
                vec![]
            } else {
                vec![(1..=n).map(|s| vec![s]).collect()]
            },
            deg: vec![0; n as usize + 1],
        }
    }

    /// Copies a library position (stored order kept).
    pub fn from_lib(p: &Position) -> OPos {
        let regions = p
            .regions()
            .iter()
            .map(|r| r.boundaries().iter().map(|b| b.sites().to_vec()).collect())
            .collect();
        let mut deg = vec![0u8; p.next_spot() as usize];
        for s in 1..p.next_spot() {
            deg[s as usize] = p.degree(s);
        }
        OPos { regions, deg }
    }

    /// The same position as a checked library position.
    pub fn to_lib(&self) -> Position {
        Position::new(self.regions.clone(), self.deg.clone(), Variant::Normal)
            .expect("oracle positions are valid")
    }

    pub fn next_spot(&self) -> Spot {
        self.deg.len() as Spot
    }

    fn live(&self, s: Spot) -> bool {
        self.deg[s as usize] < 3
    }

    /// Every result of every legal move, with repetitions (no deduplication).
    pub fn all_results(&self) -> Vec<OPos> {
        let mut out = Vec::new();
        let c = self.next_spot();
        for r in 0..self.regions.len() {
            let bs = &self.regions[r];
            for i in 0..bs.len() {
                for s in 0..bs[i].len() {
                    for j in 0..bs.len() {
                        for t in 0..bs[j].len() {
                            let a = bs[i][s];
                            let b = bs[j][t];
                            if !self.live(a) || !self.live(b) {
                                continue;
                            }
                            if i != j {
                                out.push(self.join(r, i, s, j, t, c));
                            } else if s == t {
                                if self.deg[a as usize] <= 1 {
                                    self.split_all(r, i, s, t, c, &mut out);
                                }
                            } else if a != b {
                                self.split_all(r, i, s, t, c, &mut out);
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// `B1 = [a, r1...]`, `B2 = [b, r2...]` become
    /// `[a, c, b, r2..., b', c, a', r1...]` (b', a' only if the spot had a line).
    fn join(&self, r: usize, i: usize, s: usize, j: usize, t: usize, c: Spot) -> OPos {
        let b1 = rotate(&self.regions[r][i], s);
        let b2 = rotate(&self.regions[r][j], t);
        let (a, b) = (b1[0], b2[0]);
        let mut merged = vec![a, c];
        merged.extend_from_slice(&b2); // b, r2...
        if self.deg[b as usize] > 0 {
            merged.push(b);
        }
        merged.push(c);
        if self.deg[a as usize] > 0 {
            merged.push(a);
        }
        merged.extend_from_slice(&b1[1..]);
        let mut region: Vec<Vec<Spot>> = Vec::new();
        for (k, bd) in self.regions[r].iter().enumerate() {
            if k != i && k != j {
                region.push(bd.clone());
            }
        }
        region.push(merged);
        let mut q = self.clone();
        q.regions[r] = region;
        q.deg[a as usize] += 1;
        q.deg[b as usize] += 1;
        q.deg.push(2);
        q
    }

    /// A move inside boundary `i` (a split, or a loop when `s == t`), with
    /// every subset of the other boundaries going to X (the right site).
    fn split_all(&self, r: usize, i: usize, s: usize, t: usize, c: Spot, out: &mut Vec<OPos>) {
        let rot = rotate(&self.regions[r][i], s);
        let a = rot[0];
        let (x_core, y_core) = if s == t {
            // Loop: X = [a, c]; Y = [a, c, a, rest...] or [a, c] for a lone spot.
            let y = if self.deg[a as usize] == 0 {
                vec![a, c]
            } else {
                let mut y = vec![a, c, a];
                y.extend_from_slice(&rot[1..]);
                y
            };
            (vec![a, c], y)
        } else {
            // B = [a, A..., b, Bs...]: X = [a, c, b, Bs...], Y = [b, c, a, A...].
            let n = rot.len();
            let j = (t + n - s) % n;
            let b = rot[j];
            let mut x = vec![a, c];
            x.extend_from_slice(&rot[j..]);
            let mut y = vec![b, c];
            y.extend_from_slice(&rot[..j]);
            (x, y)
        };
        let b = if s == t {
            a
        } else {
            rot[(t + rot.len() - s) % rot.len()]
        };
        let others: Vec<usize> = (0..self.regions[r].len()).filter(|&k| k != i).collect();
        let k = others.len();
        assert!(k <= 20, "oracle: 2^{k} splits is too many");
        for mask in 0u64..(1u64 << k) {
            let mut x = vec![x_core.clone()];
            let mut y = vec![y_core.clone()];
            for (bit, &o) in others.iter().enumerate() {
                if mask >> bit & 1 == 1 {
                    x.push(self.regions[r][o].clone());
                } else {
                    y.push(self.regions[r][o].clone());
                }
            }
            let mut q = self.clone();
            q.regions[r] = x;
            q.regions.push(y);
            q.deg[a as usize] += 1;
            q.deg[b as usize] += 1;
            q.deg.push(2);
            out.push(q);
        }
    }

    /// The brute-force reduced key (see the module docs).
    pub fn key(&self) -> Key {
        let mut regions: Vec<Vec<Vec<Spot>>> = Vec::new();
        for r in &self.regions {
            let mut bs: Vec<Vec<Spot>> = Vec::new();
            for b in r {
                let live: Vec<Spot> = b.iter().copied().filter(|&s| self.live(s)).collect();
                if !live.is_empty() {
                    bs.push(min_rotation(&live));
                }
            }
            if !bs.is_empty() {
                bs.sort();
                regions.push(bs);
            }
        }
        regions.sort();
        (regions, self.deg.clone())
    }

    /// One result per distinct key.
    pub fn distinct_results(&self) -> BTreeMap<Key, OPos> {
        let mut m = BTreeMap::new();
        for q in self.all_results() {
            m.entry(q.key()).or_insert(q);
        }
        m
    }

    /// The keys of the distinct results.
    pub fn result_keys(&self) -> BTreeSet<Key> {
        self.all_results().iter().map(OPos::key).collect()
    }
}

fn rotate(v: &[Spot], k: usize) -> Vec<Spot> {
    let mut out = v[k..].to_vec();
    out.extend_from_slice(&v[..k]);
    out
}

/// The least rotation, by trying every rotation.
pub fn min_rotation(v: &[Spot]) -> Vec<Spot> {
    (0..v.len()).map(|k| rotate(v, k)).min().unwrap_or_default()
}

/// The oracle key of a library position.
pub fn key_of(p: &Position) -> Key {
    OPos::from_lib(p).key()
}

/// Perft by the oracle: for d = 0..=depth, (number of move sequences of
/// length d, number of distinct positions after d moves). Positions with the
/// same key are merged with a multiplicity (their futures are identical).
pub fn perft(n: u32, depth: usize) -> Vec<(u64, u64)> {
    let start = OPos::start(n);
    let mut level: BTreeMap<Key, (OPos, u64)> = BTreeMap::new();
    level.insert(start.key(), (start, 1));
    let mut out = Vec::new();
    for d in 0..=depth {
        let paths: u64 = level.values().map(|(_, m)| m).sum();
        out.push((paths, level.len() as u64));
        if d == depth {
            break;
        }
        let mut next: BTreeMap<Key, (OPos, u64)> = BTreeMap::new();
        for (p, mult) in level.values() {
            for (k, q) in p.distinct_results() {
                next.entry(k).or_insert((q, 0)).1 += mult;
            }
        }
        level = next;
    }
    out
}
