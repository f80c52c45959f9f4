//! From the map to coordinates: triangulate every face with dummy vertices,
//! place the triangulation (grid shift method, or Tutte's barycentric
//! method), then spread the real spots and bend points out with moves that
//! never change the drawing's topology.

use super::Point;
use super::map::{Built, Map};

/// A triangulated disk: the map's vertices plus dummies, its triangles
/// (clockwise with `y` up) and the fixed outer ring.
pub(crate) struct Mesh {
    pub pos: Vec<Point>,
    pub adj: Vec<Vec<usize>>,
    pub fixed: Vec<bool>,
    pub triangles: Vec<[usize; 3]>,
}

/// Radius of the fixed outer circle.
const OUTER_RADIUS: f64 = 1000.0;

pub(crate) fn triangulate(b: &Built) -> Mesh {
    let map: &Map = &b.map;
    let mut n = map.vertices;
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut triangles: Vec<[usize; 3]> = Vec::new();
    let mut fixed_ring: Vec<usize> = Vec::new();
    fn edge(adj: &mut [Vec<usize>], a: usize, b: usize) {
        adj[a].push(b);
        adj[b].push(a);
    }
    for d in 0..map.origin.len() {
        let t = map.twin[d];
        if d < t {
            edge(&mut adj, map.origin[d], map.origin[t]);
        }
    }
    let outer = b.outer;
    for walk in map.faces() {
        let k = walk.len();
        let w: Vec<usize> = walk.iter().map(|&d| map.origin[d]).collect();
        let is_outer = outer.is_some_and(|o| walk.contains(&o));
        let mut sorted = w.clone();
        sorted.sort_unstable();
        sorted.dedup();
        let distinct = sorted.len() == k;
        if distinct && !is_outer {
            let c = n;
            n += 1;
            adj.push(Vec::new());
            for i in 0..k {
                edge(&mut adj, c, w[i]);
                triangles.push([w[i], w[(i + 1) % k], c]);
            }
            continue;
        }
        // A ring of k dummies just inside the face.
        let r0 = n;
        n += k;
        adj.resize(n, Vec::new());
        for i in 0..k {
            let (ri, rj) = (r0 + i, r0 + (i + 1) % k);
            let wj = w[(i + 1) % k];
            edge(&mut adj, ri, w[i]);
            edge(&mut adj, ri, wj);
            edge(&mut adj, ri, rj);
            triangles.push([w[i], wj, ri]);
            triangles.push([rj, ri, wj]);
        }
        if is_outer {
            fixed_ring = (r0..r0 + k).collect();
        } else {
            let c = n;
            n += 1;
            adj.push(Vec::new());
            for i in 0..k {
                edge(&mut adj, c, r0 + i);
                triangles.push([r0 + i, r0 + (i + 1) % k, c]);
            }
        }
    }
    let mut fixed = vec![false; n];
    let mut pos = vec![Point::default(); n];
    let k = fixed_ring.len();
    for (i, &r) in fixed_ring.iter().enumerate() {
        fixed[r] = true;
        // Counter-clockwise: the outer walk goes round the drawing with the
        // outside on its right.
        let a = std::f64::consts::TAU * i as f64 / k as f64;
        pos[r] = Point::new(OUTER_RADIUS * a.cos(), OUTER_RADIUS * a.sin());
    }
    let mut mesh = Mesh {
        pos,
        adj,
        fixed,
        triangles,
    };
    tutte(&mut mesh);
    mesh
}

/// Solves `deg(v) p(v) = sum of neighbours` for the free vertices by
/// conjugate gradients (the matrix is symmetric positive definite).
fn tutte(mesh: &mut Mesh) {
    let n = mesh.pos.len();
    let free: Vec<usize> = (0..n).filter(|&v| !mesh.fixed[v]).collect();
    let mut index = vec![usize::MAX; n];
    for (i, &v) in free.iter().enumerate() {
        index[v] = i;
    }
    let m = free.len();
    if m == 0 {
        return;
    }
    for coord in 0..2 {
        let get = |p: Point| if coord == 0 { p.x } else { p.y };
        let mut rhs = vec![0.0; m];
        for (i, &v) in free.iter().enumerate() {
            for &u in &mesh.adj[v] {
                if mesh.fixed[u] {
                    rhs[i] += get(mesh.pos[u]);
                }
            }
        }
        let apply = |x: &[f64], out: &mut [f64]| {
            for (i, &v) in free.iter().enumerate() {
                let mut s = mesh.adj[v].len() as f64 * x[i];
                for &u in &mesh.adj[v] {
                    if index[u] != usize::MAX {
                        s -= x[index[u]];
                    }
                }
                out[i] = s;
            }
        };
        let diag: Vec<f64> = free.iter().map(|&v| mesh.adj[v].len() as f64).collect();
        let mut x = vec![0.0; m];
        let mut r = rhs.clone();
        let mut z: Vec<f64> = r.iter().zip(&diag).map(|(a, d)| a / d).collect();
        let mut p = z.clone();
        let mut ap = vec![0.0; m];
        let mut rz: f64 = dot(&r, &z);
        let norm0 = dot(&rhs, &rhs).sqrt().max(1.0);
        for _ in 0..(10 * m + 100) {
            if dot(&r, &r).sqrt() <= 1e-13 * norm0 {
                break;
            }
            apply(&p, &mut ap);
            let pap = dot(&p, &ap);
            if pap <= 0.0 {
                break;
            }
            let alpha = rz / pap;
            for i in 0..m {
                x[i] += alpha * p[i];
                r[i] -= alpha * ap[i];
            }
            for i in 0..m {
                z[i] = r[i] / diag[i];
            }
            let rz2 = dot(&r, &z);
            let beta = rz2 / rz;
            rz = rz2;
            for i in 0..m {
                p[i] = z[i] + beta * p[i];
            }
        }
        for (i, &v) in free.iter().enumerate() {
            if coord == 0 {
                mesh.pos[v].x = x[i];
            } else {
                mesh.pos[v].y = x[i];
            }
        }
    }
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Twice the signed area of a triangle (positive counter-clockwise).
pub(crate) fn area2(a: Point, b: Point, c: Point) -> f64 {
    (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
}

/// Iterations of the spreading step.
const SPREAD_ROUNDS: usize = 300;

/// Pull towards the middle, per unit of distance.
const GRAVITY: f64 = 0.1;

/// The longest move in a round, in ideal lengths, at the start (it cools to nothing).
const TEMPERATURE: f64 = 1.0;

/// The drawing being spread: points and straight segments between them.
pub(crate) struct Frame {
    pub pos: Vec<Point>,
    pub segments: Vec<(usize, usize)>,
    /// Dummy springs (pieces of one region held together), not guarded.
    pub springs: Vec<(usize, usize)>,
}

/// Closest point of segment `ab` to `p`.
fn closest_on(p: Point, a: Point, b: Point) -> Point {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        (((p.x - a.x) * dx + (p.y - a.y) * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    Point::new(a.x + t * dx, a.y + t * dy)
}

/// Whether segments `pq` and `ab` come within `eps` of each other.
fn segments_close(p: Point, q: Point, a: Point, b: Point, eps: f64) -> bool {
    let o1 = area2(p, q, a);
    let o2 = area2(p, q, b);
    let o3 = area2(a, b, p);
    let o4 = area2(a, b, q);
    if ((o1 > 0.0 && o2 < 0.0) || (o1 < 0.0 && o2 > 0.0))
        && ((o3 > 0.0 && o4 < 0.0) || (o3 < 0.0 && o4 > 0.0))
    {
        return true;
    }
    a.dist(closest_on(a, p, q)) < eps
        || b.dist(closest_on(b, p, q)) < eps
        || p.dist(closest_on(p, a, b)) < eps
        || q.dist(closest_on(q, a, b)) < eps
}

/// Whether `x` lies in the closed triangle `abc` or within `eps` of it.
fn in_triangle(x: Point, a: Point, b: Point, c: Point, eps: f64) -> bool {
    let (d1, d2, d3) = (area2(a, b, x), area2(b, c, x), area2(c, a, x));
    let neg = d1 < 0.0 || d2 < 0.0 || d3 < 0.0;
    let pos = d1 > 0.0 || d2 > 0.0 || d3 > 0.0;
    if !(neg && pos) {
        return true;
    }
    x.dist(closest_on(x, a, b)) < eps
        || x.dist(closest_on(x, b, c)) < eps
        || x.dist(closest_on(x, c, a)) < eps
}

/// Whether moving point `v` straight to `to` keeps the drawing the same
/// and no worse: no other point is swept over by a segment of `v`, `v`'s
/// path meets no other segment, and no distance between a point and a
/// segment it is not on (or between two points) drops below `eps` unless
/// it was already smaller, in which case it may not shrink.
/// Cells over the drawing made at the start of a round: each point listed
/// in the cell it was in then, each segment in the cells its box met then.
/// No point moves farther than `margin` in a round, so a query for a box
/// grown by `margin` finds everything that can be in the box now.
struct Grid {
    x0: f64,
    y0: f64,
    size: f64,
    cols: usize,
    rows: usize,
    margin: f64,
    points: Vec<Vec<usize>>,
    segments: Vec<Vec<usize>>,
}

impl Grid {
    fn col(&self, x: f64) -> usize {
        (((x - self.x0) / self.size).max(0.0) as usize).min(self.cols - 1)
    }
    fn row(&self, y: f64) -> usize {
        (((y - self.y0) / self.size).max(0.0) as usize).min(self.rows - 1)
    }
    /// The cells meeting a box grown by the margin.
    fn cells(&self, x0: f64, y0: f64, x1: f64, y1: f64) -> impl Iterator<Item = usize> + '_ {
        let m = self.margin;
        self.cells_exact(x0 - m, y0 - m, x1 + m, y1 + m)
    }
    /// The cells meeting a box.
    fn cells_exact(&self, x0: f64, y0: f64, x1: f64, y1: f64) -> impl Iterator<Item = usize> + '_ {
        let (c0, c1) = (self.col(x0), self.col(x1));
        let (r0, r1) = (self.row(y0), self.row(y1));
        (r0..=r1).flat_map(move |r| (c0..=c1).map(move |c| r * self.cols + c))
    }
}

/// Which segments a query has met already (`stamp[s] == now`).
struct Seen {
    stamp: Vec<u32>,
    now: u32,
    points: Vec<usize>,
    segments: Vec<usize>,
}

fn move_ok(
    frame: &Frame,
    incident: &[Vec<usize>],
    grid: &Grid,
    seen: &mut Seen,
    v: usize,
    to: Point,
    eps: f64,
) -> bool {
    let p = frame.pos[v];
    let (mut x0, mut y0, mut x1, mut y1) =
        (p.x.min(to.x), p.y.min(to.y), p.x.max(to.x), p.y.max(to.y));
    let ends: Vec<usize> = incident[v]
        .iter()
        .map(|&si| {
            let (a, b) = frame.segments[si];
            if a == v { b } else { a }
        })
        .collect();
    for &w in &ends {
        let q = frame.pos[w];
        x0 = x0.min(q.x);
        y0 = y0.min(q.y);
        x1 = x1.max(q.x);
        y1 = y1.max(q.y);
    }
    let (x0, y0, x1, y1) = (x0 - eps, y0 - eps, x1 + eps, y1 + eps);
    seen.now += 1;
    let now = seen.now;
    let mut near_points = std::mem::take(&mut seen.points);
    let mut near_segments = std::mem::take(&mut seen.segments);
    near_points.clear();
    near_segments.clear();
    for c in grid.cells(x0, y0, x1, y1) {
        near_points.extend_from_slice(&grid.points[c]);
        for &si in &grid.segments[c] {
            if seen.stamp[si] != now {
                seen.stamp[si] = now;
                near_segments.push(si);
            }
        }
    }
    let ok = move_ok_near(
        frame,
        &ends,
        &near_points,
        &near_segments,
        v,
        to,
        eps,
        (x0, y0, x1, y1),
    );
    seen.points = near_points;
    seen.segments = near_segments;
    ok
}

/// The checks of [`move_ok`] against the points and segments near the move.
#[allow(clippy::too_many_arguments)]
fn move_ok_near(
    frame: &Frame,
    ends: &[usize],
    near_points: &[usize],
    near_segments: &[usize],
    v: usize,
    to: Point,
    eps: f64,
    (x0, y0, x1, y1): (f64, f64, f64, f64),
) -> bool {
    let p = frame.pos[v];
    let inside = |q: Point| q.x >= x0 && q.x <= x1 && q.y >= y0 && q.y <= y1;
    let worse = |old: f64, new: f64| new < old && new < eps;
    for &u in near_points {
        let x = frame.pos[u];
        if u == v || !inside(x) {
            continue;
        }
        if worse(x.dist(p), x.dist(to)) {
            return false;
        }
        for &w in ends {
            if w == u {
                continue;
            }
            let q = frame.pos[w];
            if in_triangle(x, q, p, to, 0.0)
                || worse(x.dist(closest_on(x, q, p)), x.dist(closest_on(x, q, to)))
            {
                return false;
            }
        }
    }
    for &si in near_segments {
        let (a, b) = frame.segments[si];
        if a == v || b == v {
            continue;
        }
        let (pa, pb) = (frame.pos[a], frame.pos[b]);
        if pa.x.max(pb.x) < x0 || pa.x.min(pb.x) > x1 || pa.y.max(pb.y) < y0 || pa.y.min(pb.y) > y1
        {
            continue;
        }
        if segments_close(p, to, pa, pb, 0.0)
            || worse(
                p.dist(closest_on(p, pa, pb)),
                to.dist(closest_on(to, pa, pb)),
            )
        {
            return false;
        }
        for &w in ends {
            if w != a && w != b && segments_close(frame.pos[w], to, pa, pb, 0.0) {
                return false;
            }
        }
    }
    true
}

/// The distance the spreading aims at between `m` points.
pub(crate) fn ideal_length(m: usize) -> f64 {
    (std::f64::consts::PI * OUTER_RADIUS * OUTER_RADIUS / m.max(1) as f64).sqrt() * 0.55
}

/// Spreads a straight-line plane drawing out without ever changing it
/// topologically. Forces (Fruchterman-Reingold): points repel each other
/// and are pushed off nearby segments, segments pull their ends together,
/// weak springs hold the pieces of a region together and a weak pull keeps
/// everything near the middle. Points move one at a time, and a move is
/// made only if nothing is swept over ([`move_ok`]; else a shorter one is
/// tried): no two segments ever cross, no segment passes through a point,
/// and the order of the lines around each spot stays the same.
pub(crate) fn spread(frame: &mut Frame) {
    let m = frame.pos.len();
    if m < 2 {
        return;
    }
    let k = ideal_length(m);
    let eps = k * 0.2;
    let reach2 = (3.0 * k) * (3.0 * k);
    let mut incident: Vec<Vec<usize>> = vec![Vec::new(); m];
    for (si, &(a, b)) in frame.segments.iter().enumerate() {
        incident[a].push(si);
        incident[b].push(si);
    }
    let mut springs: Vec<Vec<(usize, f64)>> = vec![Vec::new(); m];
    for &(a, b) in &frame.segments {
        springs[a].push((b, 1.0));
        springs[b].push((a, 1.0));
    }
    for &(a, b) in &frame.springs {
        springs[a].push((b, 0.3));
        springs[b].push((a, 0.3));
    }
    let range = 4.0 * k;
    let mut point_cells: Vec<Vec<usize>> = Vec::new();
    let mut segment_cells: Vec<Vec<usize>> = Vec::new();
    let mut seen = Seen {
        stamp: vec![0; frame.segments.len()],
        now: 0,
        points: Vec::new(),
        segments: Vec::new(),
    };
    for round in 0..SPREAD_ROUNDS {
        let cool = 1.0 - round as f64 / SPREAD_ROUNDS as f64;
        let temperature = (OUTER_RADIUS * 0.05).min(TEMPERATURE * k) * cool + k * 0.01;
        // A grid of cells `k` wide over the drawing, made at the start of
        // each round (see `Grid`).
        let (mut x0, mut y0, mut x1, mut y1) = (
            f64::INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NEG_INFINITY,
        );
        for p in &frame.pos {
            x0 = x0.min(p.x);
            y0 = y0.min(p.y);
            x1 = x1.max(p.x);
            y1 = y1.max(p.y);
        }
        let size = k.max((x1 - x0) / 512.0).max((y1 - y0) / 512.0);
        let cols = ((x1 - x0) / size) as usize + 1;
        let rows = ((y1 - y0) / size) as usize + 1;
        let margin = temperature + eps;
        let mut grid = Grid {
            x0,
            y0,
            size,
            cols,
            rows,
            margin,
            points: std::mem::take(&mut point_cells),
            segments: std::mem::take(&mut segment_cells),
        };
        grid.points.iter_mut().for_each(Vec::clear);
        grid.segments.iter_mut().for_each(Vec::clear);
        grid.points.resize(cols * rows, Vec::new());
        grid.segments.resize(cols * rows, Vec::new());
        for (v, p) in frame.pos.iter().enumerate() {
            let c = grid.row(p.y) * cols + grid.col(p.x);
            grid.points[c].push(v);
        }
        for (si, &(a, b)) in frame.segments.iter().enumerate() {
            let (pa, pb) = (frame.pos[a], frame.pos[b]);
            let (c0, c1) = (grid.col(pa.x.min(pb.x)), grid.col(pa.x.max(pb.x)));
            let (r0, r1) = (grid.row(pa.y.min(pb.y)), grid.row(pa.y.max(pb.y)));
            for r in r0..=r1 {
                for c in c0..=c1 {
                    grid.segments[r * cols + c].push(si);
                }
            }
        }
        let reach_cells = (reach2.sqrt() / size).ceil() as usize;
        for v in 0..m {
            let pos = &frame.pos;
            let p = pos[v];
            let (mut fx, mut fy) = (-p.x * GRAVITY, -p.y * GRAVITY);
            let mut nearest2 = range * range;
            let (cx, cy) = (grid.col(p.x), grid.row(p.y));
            for gy in cy.saturating_sub(reach_cells)..=(cy + reach_cells).min(rows - 1) {
                for gx in cx.saturating_sub(reach_cells)..=(cx + reach_cells).min(cols - 1) {
                    for &u in &grid.points[gy * cols + gx] {
                        if u == v {
                            continue;
                        }
                        let q = pos[u];
                        let (dx, dy) = (p.x - q.x, p.y - q.y);
                        let d2 = (dx * dx + dy * dy).max(1e-24);
                        nearest2 = nearest2.min(d2);
                        if d2 > reach2 {
                            continue;
                        }
                        let f = k * k / d2;
                        fx += dx * f;
                        fy += dy * f;
                    }
                }
            }
            for &(u, weight) in &springs[v] {
                let (dx, dy) = (pos[u].x - p.x, pos[u].y - p.y);
                let f = weight * (dx * dx + dy * dy).sqrt() / k;
                fx += dx * f;
                fy += dy * f;
            }
            seen.now += 1;
            let now = seen.now;
            let mut near = std::mem::take(&mut seen.segments);
            near.clear();
            for c in grid.cells_exact(p.x - k, p.y - k, p.x + k, p.y + k) {
                for &si in &grid.segments[c] {
                    if seen.stamp[si] != now {
                        seen.stamp[si] = now;
                        near.push(si);
                    }
                }
            }
            for &si in &near {
                let (a, b) = frame.segments[si];
                if a == v || b == v {
                    continue;
                }
                let c = closest_on(p, pos[a], pos[b]);
                let (dx, dy) = (p.x - c.x, p.y - c.y);
                let d2 = dx * dx + dy * dy;
                nearest2 = nearest2.min(d2);
                if d2 < k * k {
                    let f = 0.5 * k * k / d2.max(1e-24);
                    fx += dx * f;
                    fy += dy * f;
                }
            }
            seen.segments = near;
            let len = (fx * fx + fy * fy).sqrt();
            if len <= 0.0 || !len.is_finite() {
                continue;
            }
            let mut step = len.min(temperature);
            step = step.min(2.0 * nearest2.sqrt());
            for _ in 0..5 {
                let to = Point::new(p.x + fx / len * step, p.y + fy / len * step);
                if move_ok(frame, &incident, &grid, &mut seen, v, to, eps) {
                    frame.pos[v] = to;
                    break;
                }
                step *= 0.4;
            }
        }
        point_cells = grid.points;
        segment_cells = grid.segments;
    }
}

/// How far from bend point `v` its corner may be rounded: a disc that meets
/// no segment `v` is not an end of and no other rounding disc.
pub(crate) fn corner_room(frame: &Frame, v: usize) -> f64 {
    let p = frame.pos[v];
    let mut r = f64::INFINITY;
    for (u, &q) in frame.pos.iter().enumerate() {
        if u != v {
            r = r.min(0.45 * p.dist(q));
        }
    }
    for &(a, b) in &frame.segments {
        if a != v && b != v {
            r = r.min(0.9 * p.dist(closest_on(p, frame.pos[a], frame.pos[b])));
        }
    }
    r
}

/// Places a triangulated disk with the shift method of de Fraysseix, Pach
/// and Pollack on a grid (every vertex at least one unit from every other),
/// then scales it into the outer circle. An extra vertex joined to the
/// whole outer ring closes the disk into a triangulated sphere. Returns
/// `false`, leaving the mesh alone, if the triangulation is not what the
/// method needs (never for meshes made here; the caller then keeps Tutte's).
pub(crate) fn grid_place(mesh: &mut Mesh) -> bool {
    let n0 = mesh.pos.len();
    let ring: Vec<usize> = (0..n0).filter(|&v| mesh.fixed[v]).collect();
    if ring.len() < 3 {
        return false;
    }
    let Some((order, adj)) = canonical_order(mesh, &ring) else {
        return false;
    };
    let Some((x, y)) = shift_method(&order, &adj) else {
        return false;
    };
    let pts: Vec<Point> = (0..n0)
        .map(|v| Point::new(x[v] as f64, y[v] as f64))
        .collect();
    fit_into_circle(mesh, &pts)
}

/// The canonical ordering of de Fraysseix, Pach and Pollack for the disk
/// closed into a sphere by an extra vertex joined to the whole ring (`ring`:
/// the fixed vertices, counter-clockwise): the order to add vertices in,
/// and every vertex's neighbours. `None` if the triangulation is not what
/// the method needs.
fn canonical_order(mesh: &Mesh, ring: &[usize]) -> Option<(Vec<usize>, Vec<Vec<usize>>)> {
    let n0 = mesh.pos.len();
    let inf = n0;
    let n = n0 + 1;
    let mut triangles = mesh.triangles.clone();
    let k = ring.len();
    for i in 0..k {
        // Clockwise like the others: the ring runs counter-clockwise and
        // `inf` lies outside it.
        triangles.push([ring[(i + 1) % k], ring[i], inf]);
    }
    // Successor of each neighbour around each vertex, from the triangles.
    let mut succ: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    for t in &triangles {
        for i in 0..3 {
            succ[t[i]].push((t[(i + 1) % 3], t[(i + 2) % 3]));
        }
    }
    for s in succ.iter_mut() {
        s.sort_unstable();
    }
    let next_around = |v: usize, a: usize| -> Option<usize> {
        let s = &succ[v];
        s.binary_search_by_key(&a, |x| x.0).ok().map(|i| s[i].1)
    };
    let prev_around =
        |v: usize, b: usize| -> Option<usize> { succ[v].iter().find(|x| x.1 == b).map(|x| x.0) };
    let mut adj: Vec<Vec<usize>> = succ
        .iter()
        .map(|s| s.iter().map(|x| x.0).collect())
        .collect();
    for a in adj.iter_mut() {
        a.dedup();
    }
    // Outer face (v1, v2, vn) = (ring[0], ring[1], inf).
    let (v1, v2, vn) = (ring[0], ring[1], inf);
    let mut removed = vec![false; n];
    let mut on_contour = vec![false; n];
    let mut contour: Vec<usize> = vec![v1, vn, v2];
    for &c in &contour {
        on_contour[c] = true;
    }
    let mut order_rev: Vec<usize> = Vec::with_capacity(n);
    let mut chords = vec![0usize; n];
    for _ in 0..n - 3 {
        // Chord counts on the current contour.
        let mut at = vec![usize::MAX; n];
        for (i, &c) in contour.iter().enumerate() {
            at[c] = i;
        }
        for &c in &contour {
            chords[c] = 0;
        }
        for (i, &c) in contour.iter().enumerate() {
            for &u in &adj[c] {
                let j = at[u];
                if j != usize::MAX && j + 1 != i && i + 1 != j && j != i {
                    chords[c] += 1;
                }
            }
        }
        let pos = (1..contour.len() - 1).find(|&i| chords[contour[i]] == 0)?;
        let v = contour[pos];
        let (wp, wq) = (contour[pos - 1], contour[pos + 1]);
        // Neighbours of v from wp to wq on the side away from what is removed.
        let walk = |forward: bool| -> Option<Vec<usize>> {
            let mut out = Vec::new();
            let mut cur = wp;
            for _ in 0..adj[v].len() + 1 {
                cur = if forward {
                    next_around(v, cur)?
                } else {
                    prev_around(v, cur)?
                };
                if cur == wq {
                    return Some(out);
                }
                out.push(cur);
            }
            None
        };
        let fwd = walk(true);
        let bwd = walk(false);
        let good = |w: &Option<Vec<usize>>| {
            w.as_ref().is_some_and(|w| {
                w.iter().all(|&u| !removed[u] && !on_contour[u]) && (v != vn || !w.is_empty())
            })
        };
        let inner = match (good(&fwd), good(&bwd)) {
            (true, false) => fwd.unwrap_or_default(),
            (false, true) => bwd.unwrap_or_default(),
            _ => return None,
        };
        removed[v] = true;
        on_contour[v] = false;
        order_rev.push(v);
        for &u in &inner {
            on_contour[u] = true;
        }
        contour.splice(pos..pos + 1, inner);
    }
    // What is left: v1, v3, v2.
    if contour.len() != 3 {
        return None;
    }
    let v3 = contour[1];
    let mut order = vec![v1, v2, v3];
    order.extend(order_rev.iter().rev());
    Some((order, adj))
}

/// The shift method: grid coordinates for the vertices added in `order`
/// (the first three the outer face), every vertex at least one unit from
/// every other; `None` if the ordering does not fit.
fn shift_method(order: &[usize], adj: &[Vec<usize>]) -> Option<(Vec<i64>, Vec<i64>)> {
    let n = adj.len();
    let (v1, v2, v3) = (order[0], order[1], order[2]);
    let mut x = vec![0i64; n];
    let mut y = vec![0i64; n];
    let mut under: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut placed = vec![false; n];
    x[v2] = 2;
    x[v3] = 1;
    y[v3] = 1;
    for &v in &[v1, v2, v3] {
        under[v] = vec![v];
        placed[v] = true;
    }
    let mut contour = vec![v1, v3, v2];
    for &v in &order[3..] {
        let idx: Vec<usize> = contour
            .iter()
            .enumerate()
            .filter(|(_, c)| adj[v].contains(c))
            .map(|(i, _)| i)
            .collect();
        let (Some(&p), Some(&q)) = (idx.first(), idx.last()) else {
            return None;
        };
        if p == q {
            return None;
        }
        for (i, &c) in contour.iter().enumerate().skip(p + 1) {
            let shift = if i < q { 1 } else { 2 };
            for &u in &under[c] {
                x[u] += shift;
            }
        }
        let (wp, wq) = (contour[p], contour[q]);
        let num_x = x[wp] + x[wq] + y[wq] - y[wp];
        let num_y = x[wq] - x[wp] + y[wq] + y[wp];
        x[v] = num_x / 2;
        y[v] = num_y / 2;
        let mut u = vec![v];
        for &c in &contour[p + 1..q] {
            u.extend(std::mem::take(&mut under[c]));
        }
        under[v] = u;
        placed[v] = true;
        contour.splice(p + 1..q, [v]);
    }
    if placed.iter().any(|&p| !p) {
        return None;
    }
    Some((x, y))
}

/// Puts the grid drawing `pts` into the mesh, stretched into the outer
/// circle (mirrored if its triangles all came out the other way round);
/// `false`, leaving the mesh alone, if they face both ways.
fn fit_into_circle(mesh: &mut Mesh, pts: &[Point]) -> bool {
    // Check every triangle of the mesh; mirror if they all came out the
    // other way round.
    let signs: Vec<f64> = mesh
        .triangles
        .iter()
        .map(|t| area2(pts[t[0]], pts[t[1]], pts[t[2]]))
        .collect();
    let mirror = if signs.iter().all(|&a| a < 0.0) {
        false
    } else if signs.iter().all(|&a| a > 0.0) {
        true
    } else {
        return false;
    };
    let (mut x0, mut x1, mut y0, mut y1) = (
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::INFINITY,
        f64::NEG_INFINITY,
    );
    for p in pts {
        x0 = x0.min(p.x);
        x1 = x1.max(p.x);
        y0 = y0.min(p.y);
        y1 = y1.max(p.y);
    }
    // Stretched to a square: an affine map keeps the drawing valid.
    let (sx, sy) = (
        2.0 * OUTER_RADIUS / (x1 - x0).max(1.0),
        2.0 * OUTER_RADIUS / (y1 - y0).max(1.0),
    );
    for (v, p) in pts.iter().enumerate() {
        let px = (p.x - (x0 + x1) / 2.0) * sx;
        mesh.pos[v] = Point::new(if mirror { -px } else { px }, (p.y - (y0 + y1) / 2.0) * sy);
    }
    true
}
