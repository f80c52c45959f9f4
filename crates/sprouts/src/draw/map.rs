//! The planar map of a position: darts (one per side of each line) with the
//! face walk, checked against the position, then made connected (dummy lines
//! between the pieces of a region) and subdivided.
//!
//! Convention (docs/notations.md#vocabulary): a face walk keeps its region on the
//! walker's right hand. With `y` pointing up, the walk `u -> v -> w` leaves
//! `v` along the line that comes right after `v -> u` counter-clockwise.

use super::{DrawError, DrawErrorKind as K};
use crate::model::{Position, Spot};
use crate::union_find::UnionFind;

/// A corner of a face where a line may be attached: between the dart coming
/// in and the dart going out, or a lone spot.
#[derive(Clone, Copy, Debug)]
enum Corner {
    Dart { into: usize, out: usize },
    Lone(usize),
}

/// A half-edge structure. Vertex `v < spots` is spot `v + 1`.
#[derive(Clone, Debug, Default)]
pub(crate) struct Map {
    pub origin: Vec<usize>,
    pub twin: Vec<usize>,
    pub next: Vec<usize>,
    pub prev: Vec<usize>,
    /// `Some(e)` for the darts of real line `e`, `None` for dummy lines.
    pub line: Vec<Option<usize>>,
    pub vertices: usize,
}

/// A real line of the position, by the spots at its ends.
#[derive(Clone, Debug)]
pub(crate) struct RealLine {
    pub from: Spot,
    pub to: Spot,
    /// The vertices along the line after subdivision, `from` to `to`.
    pub path: Vec<usize>,
}

/// The connected, subdivided map of a position.
#[derive(Clone, Debug)]
pub(crate) struct Built {
    pub map: Map,
    pub spots: usize,
    pub lines: Vec<RealLine>,
    /// The dummy lines joining pieces in a region, by their end vertices.
    pub links: Vec<(usize, usize)>,
    /// A dart of the face that is drawn outermost; `None` when the map has
    /// no dart (no spot, or one lone spot).
    pub outer: Option<usize>,
}

impl Map {
    fn add_dart(&mut self, origin: usize, line: Option<usize>) -> usize {
        let d = self.origin.len();
        self.origin.push(origin);
        self.twin.push(usize::MAX);
        self.next.push(usize::MAX);
        self.prev.push(usize::MAX);
        self.line.push(line);
        d
    }

    fn head(&self, d: usize) -> usize {
        self.origin[self.twin[d]]
    }

    /// Joins two corners of one face with a new dummy line.
    fn join(&mut self, a: Corner, b: Corner) -> (usize, usize) {
        let x = match a {
            Corner::Dart { out, .. } => self.origin[out],
            Corner::Lone(v) => v,
        };
        let y = match b {
            Corner::Dart { out, .. } => self.origin[out],
            Corner::Lone(v) => v,
        };
        let g = self.add_dart(x, None);
        let h = self.add_dart(y, None);
        self.twin[g] = h;
        self.twin[h] = g;
        match a {
            Corner::Dart { into, out } => {
                self.link(into, g);
                self.link(h, out);
            }
            Corner::Lone(_) => self.link(h, g),
        }
        match b {
            Corner::Dart { into, out } => {
                self.link(g, out);
                self.link(into, h);
            }
            Corner::Lone(_) => self.link(g, h),
        }
        (g, h)
    }

    fn link(&mut self, a: usize, b: usize) {
        self.next[a] = b;
        self.prev[b] = a;
    }

    /// Splits dart `d` (and its twin) at a new vertex; returns the new dart
    /// from that vertex to `d`'s old head.
    fn subdivide(&mut self, d: usize) -> usize {
        let t = self.twin[d];
        let s = self.vertices;
        self.vertices += 1;
        let line = self.line[d];
        let d2 = self.add_dart(s, line);
        let t2 = self.add_dart(s, line);
        // d: x -> s, d2: s -> y, t: y -> s, t2: s -> x.
        self.twin[d] = t2;
        self.twin[t2] = d;
        self.twin[d2] = t;
        self.twin[t] = d2;
        let (nd, nt) = (self.next[d], self.next[t]);
        self.link(d2, nd);
        self.link(d, d2);
        self.link(t2, nt);
        self.link(t, t2);
        d2
    }

    /// The face walks: each a list of darts, in walk order, starting at the
    /// lowest dart; faces in order of their lowest dart.
    pub fn faces(&self) -> Vec<Vec<usize>> {
        let mut seen = vec![false; self.origin.len()];
        let mut out = Vec::new();
        for d0 in 0..self.origin.len() {
            if seen[d0] {
                continue;
            }
            let mut walk = Vec::new();
            let mut d = d0;
            while !seen[d] {
                seen[d] = true;
                walk.push(d);
                d = self.next[d];
            }
            out.push(walk);
        }
        out
    }
}

/// How many times each real line is subdivided (its bends).
pub(crate) const REAL_BENDS: usize = 2;

/// Builds the map of a complete position and checks that it is a drawing
/// on the sphere whose faces are exactly the position's regions.
pub(crate) fn build(pos: &Position, max_spots: usize) -> Result<Built, DrawError> {
    if !pos.is_complete() {
        return Err(K::Abbreviated.into());
    }
    let spots = pos.next_spot() as usize - 1;
    if spots > max_spots {
        return Err(K::TooLarge(spots, max_spots).into());
    }
    let mut map = Map {
        vertices: spots,
        ..Map::default()
    };
    // Boundaries: (region, first dart or lone vertex).
    let mut boundaries: Vec<(usize, Corner)> = Vec::new();
    for (ri, region) in pos.regions().iter().enumerate() {
        for b in region.boundaries() {
            let sites = b.sites();
            if sites.len() == 1 {
                let s = sites[0];
                if pos.degree(s) != 0 {
                    return Err(K::Shape(format!(
                        "spot {s} has lines but is alone on a boundary of region {}",
                        ri + 1
                    ))
                    .into());
                }
                boundaries.push((ri, Corner::Lone(s as usize - 1)));
                continue;
            }
            let first = map.origin.len();
            let k = sites.len();
            for (i, &s) in sites.iter().enumerate() {
                let t = sites[(i + 1) % k];
                if s == t {
                    return Err(K::Shape(format!(
                        "spot {s} follows itself on a boundary of region {}",
                        ri + 1
                    ))
                    .into());
                }
                map.add_dart(s as usize - 1, None);
            }
            for i in 0..k {
                map.link(first + i, first + (i + 1) % k);
            }
            boundaries.push((
                ri,
                Corner::Dart {
                    into: first + k - 1,
                    out: first,
                },
            ));
        }
    }
    // The head of each dart, read from the boundary lists.
    let heads: Vec<usize> = (0..map.origin.len())
        .map(|d| map.origin[map.next[d]])
        .collect();
    pair_twins(&mut map, &heads)?;
    check_rotations(pos, &map)?;
    let lines = number_lines(&mut map);
    check_sphere(pos, &map, &boundaries)?;

    // The outer region: most boundaries, then most sites, then first.
    let mut outer_region = None;
    let mut best = (0usize, 0usize);
    for (ri, r) in pos.regions().iter().enumerate() {
        let key = (
            r.boundaries().len(),
            r.boundaries().iter().map(|b| b.len()).sum::<usize>(),
        );
        if outer_region.is_none() || key > best {
            best = key;
            outer_region = Some(ri);
        }
    }
    // Join the boundaries of each region: each other boundary to a corner
    // of the region's longest boundary, spread along it.
    let mut outer = None;
    let mut links = Vec::new();
    for ri in 0..pos.regions().len() {
        let mine: Vec<Corner> = boundaries
            .iter()
            .filter(|(r, _)| *r == ri)
            .map(|&(_, c)| c)
            .collect();
        let hub_index = (0..mine.len())
            .max_by_key(|&i| (walk_len(&map, mine[i]), std::cmp::Reverse(i)))
            .unwrap_or(0);
        let hub = mine[hub_index];
        let others: Vec<Corner> = mine
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != hub_index)
            .map(|(_, &c)| c)
            .collect();
        let mut hub_darts: Vec<usize> = match hub {
            Corner::Dart { out, .. } => walk(&map, out),
            Corner::Lone(_) => Vec::new(),
        };
        let mut lone_hub = match hub {
            Corner::Lone(v) => Some(v),
            Corner::Dart { .. } => None,
        };
        for (j, &other) in others.iter().enumerate() {
            let a = if let Some(v) = lone_hub {
                Corner::Lone(v)
            } else {
                let out = hub_darts[j * hub_darts.len() / others.len()];
                Corner::Dart {
                    into: map.prev[out],
                    out,
                }
            };
            let (g, h) = map.join(a, other);
            links.push((map.origin[g], map.origin[h]));
            if lone_hub.take().is_some() {
                hub_darts = vec![g];
            }
        }
        if Some(ri) == outer_region {
            outer = match hub {
                Corner::Dart { out, .. } => Some(out),
                Corner::Lone(_) => hub_darts.first().copied(),
            };
        }
    }
    // Subdivide: real lines REAL_BENDS times, dummy lines once.
    let original = map.origin.len();
    let mut line_dart = vec![usize::MAX; lines.len()];
    let firsts: Vec<usize> = (0..original).filter(|&d| d < map.twin[d]).collect();
    for d in firsts {
        match map.line[d] {
            Some(e) => {
                line_dart[e] = d;
                let mut cur = d;
                for _ in 0..REAL_BENDS {
                    cur = map.subdivide(cur);
                }
            }
            None => {
                map.subdivide(d);
            }
        }
    }
    let lines = lines
        .iter()
        .zip(&line_dart)
        .map(|(&(from, to), &d)| {
            let mut path = vec![map.origin[d]];
            let mut cur = d;
            for _ in 0..=REAL_BENDS {
                path.push(map.head(cur));
                cur = map.next[cur];
            }
            RealLine { from, to, path }
        })
        .collect();
    Ok(Built {
        map,
        spots,
        lines,
        links,
        outer,
    })
}

fn walk(map: &Map, start: usize) -> Vec<usize> {
    let mut out = vec![start];
    let mut d = map.next[start];
    while d != start {
        out.push(d);
        d = map.next[d];
    }
    out
}

fn walk_len(map: &Map, c: Corner) -> usize {
    match c {
        Corner::Dart { out, .. } => walk(map, out).len(),
        Corner::Lone(_) => 0,
    }
}

/// Pairs each dart `u -> v` with a dart `v -> u`. Two spots are joined by
/// two lines only after a loop; then the site between the two lines, where
/// the walk comes in along one and leaves along the other, tells them apart.
fn pair_twins(map: &mut Map, heads: &[usize]) -> Result<(), DrawError> {
    let mut keyed: Vec<(usize, usize, usize)> = (0..heads.len())
        .map(|d| {
            let (u, v) = (map.origin[d], heads[d]);
            (u.min(v), u.max(v), d)
        })
        .collect();
    keyed.sort_unstable();
    let mut i = 0;
    while i < keyed.len() {
        let (u, v, _) = keyed[i];
        let mut j = i;
        while j < keyed.len() && keyed[j].0 == u && keyed[j].1 == v {
            j += 1;
        }
        let group = &keyed[i..j];
        let forward: Vec<usize> = group
            .iter()
            .map(|g| g.2)
            .filter(|&d| map.origin[d] == u)
            .collect();
        let backward: Vec<usize> = group
            .iter()
            .map(|g| g.2)
            .filter(|&d| map.origin[d] == v)
            .collect();
        let (su, sv) = (u + 1, v + 1);
        if forward.len() != backward.len() {
            return Err(K::Shape(format!(
                "the line between spots {su} and {sv} is not seen from both sides"
            ))
            .into());
        }
        let pairs: Vec<(usize, usize)> = match forward.len() {
            1 => vec![(forward[0], backward[0])],
            2 => {
                // A site where the walk arrives along f and leaves along b
                // (or the reverse) shows that f and b are two lines.
                let apart = |f: usize, b: usize| map.next[f] == b || map.next[b] == f;
                let straight_ok =
                    !apart(forward[0], backward[0]) && !apart(forward[1], backward[1]);
                let crossed_ok = !apart(forward[0], backward[1]) && !apart(forward[1], backward[0]);
                if straight_ok {
                    vec![(forward[0], backward[0]), (forward[1], backward[1])]
                } else if crossed_ok {
                    vec![(forward[0], backward[1]), (forward[1], backward[0])]
                } else {
                    return Err(K::Shape(format!(
                        "the two lines between spots {su} and {sv} cannot be told apart"
                    ))
                    .into());
                }
            }
            _ => {
                return Err(K::Shape(format!(
                    "spots {su} and {sv} are joined by more than two lines"
                ))
                .into());
            }
        };
        for (f, b) in pairs {
            map.twin[f] = b;
            map.twin[b] = f;
        }
        i = j;
    }
    Ok(())
}

/// Every spot with lines has one cycle of sites: going around it from line
/// to line (`next(twin(d))`) meets all its lines once.
fn check_rotations(pos: &Position, map: &Map) -> Result<(), DrawError> {
    let n = map.vertices;
    let mut out_darts: Vec<Vec<usize>> = vec![Vec::new(); n];
    for d in 0..map.origin.len() {
        out_darts[map.origin[d]].push(d);
    }
    for (v, darts) in out_darts.iter().enumerate() {
        let s = v as Spot + 1;
        let degree = pos.degree(s) as usize;
        let bad = || K::Shape(format!("the sites of spot {s} do not fit around it")).into();
        if darts.len() != degree {
            return Err(bad());
        }
        if let Some(&d0) = darts.first() {
            let mut d = d0;
            let mut count = 0;
            loop {
                d = map.next[map.twin[d]];
                count += 1;
                if d == d0 || count > degree {
                    break;
                }
            }
            if d != d0 || count != degree {
                return Err(bad());
            }
        }
    }
    Ok(())
}

/// Numbers the real lines (one per twin pair) and returns their end spots.
fn number_lines(map: &mut Map) -> Vec<(Spot, Spot)> {
    let mut lines = Vec::new();
    for d in 0..map.origin.len() {
        let t = map.twin[d];
        if d < t {
            let e = lines.len();
            map.line[d] = Some(e);
            map.line[t] = Some(e);
            lines.push((map.origin[d] as Spot + 1, map.origin[t] as Spot + 1));
        }
    }
    lines
}

/// Each piece is drawn on a sphere (Euler) and the pieces and regions nest
/// as a tree: the boundaries of each region belong to different pieces, and
/// the regions and pieces are linked by boundaries without a cycle.
fn check_sphere(
    pos: &Position,
    map: &Map,
    boundaries: &[(usize, Corner)],
) -> Result<(), DrawError> {
    let n = map.vertices;
    let mut uf = UnionFind::new(n);
    for d in 0..map.origin.len() {
        uf.union(map.origin[d], map.origin[map.twin[d]]);
    }
    let mut comp_of = vec![usize::MAX; n];
    let mut comps = 0;
    for v in 0..n {
        let r = uf.find(v);
        if comp_of[r] == usize::MAX {
            comp_of[r] = comps;
            comps += 1;
        }
        comp_of[v] = comp_of[r];
    }
    let mut vs = vec![0i64; comps];
    let mut es = vec![0i64; comps];
    let mut bs = vec![0i64; comps];
    for v in 0..n {
        vs[comp_of[v]] += 1;
    }
    for d in 0..map.origin.len() {
        es[comp_of[map.origin[d]]] += 1;
    }
    let vertex_of = |c: Corner| match c {
        Corner::Dart { out, .. } => map.origin[out],
        Corner::Lone(v) => v,
    };
    for &(_, c) in boundaries {
        bs[comp_of[vertex_of(c)]] += 1;
    }
    for c in 0..comps {
        if vs[c] - es[c] / 2 + bs[c] != 2 {
            let s = (0..n).find(|&v| comp_of[v] == c).unwrap_or(0) + 1;
            return Err(K::Shape(format!(
                "the piece with spot {s} cannot be drawn on the plane with these regions"
            ))
            .into());
        }
    }
    // Tree of pieces and regions.
    let regions = pos.regions().len();
    let mut tree = UnionFind::new(comps + regions);
    for &(r, c) in boundaries {
        if !tree.union(comp_of[vertex_of(c)], comps + r) {
            return Err(K::Shape(format!(
                "region {} and the pieces around it do not nest on the plane",
                r + 1
            ))
            .into());
        }
    }
    if n > 0 && boundaries.len() + 1 != comps + regions {
        return Err(K::Shape("the regions do not fit together into one drawing".into()).into());
    }
    Ok(())
}
