//! A drawing grown by one move: every spot and line of the previous drawing
//! stays where it was, and only the move's new line (two curves through the
//! new spot) is placed, inside the face it is drawn in.
//!
//! How: the face is found from the move's sites (the corners between the
//! lines at each end, checked by walking the face), then the frame is cut
//! into square cells; a cell within reach of a curve or spot is blocked,
//! and the free cells of the face are the room the line may use. Where the
//! move splits the face, the other boundaries of the face must end up on
//! the sides the move gives them: each is first tied, by a temporary cut
//! through free cells, to the stretch of the split boundary that stays on
//! its side (or to a cut or boundary already tied there). Cut along those
//! ties, the face is a disc (or, for the outermost face, a disc on the
//! sphere), so any path between the two ends puts every boundary on its
//! side. The path is the cheapest through the free cells (cells far from
//! every curve cost less, so it runs down the middle), straightened where
//! the cells allow, its corners rounded within the room around them, and
//! the new spot put halfway along.

use std::collections::{BinaryHeap, VecDeque};
use std::f64::consts::TAU;

use super::{Drawing, Line, Piece, Point, SpotMark};
use crate::model::{Move, MoveKind, Position, Spot};
use crate::union_find::UnionFind;

/// Why a move could not be placed without moving anything.
#[derive(Debug)]
pub(crate) struct NoRoom;

/// One end of a line at a spot.
#[derive(Clone, Copy, Debug)]
struct End {
    line: usize,
    /// Whether this is the line's `to` end.
    at_to: bool,
    angle: f64,
    /// The spot at the other end.
    other: Spot,
}

/// A corner of a face at a spot: the sector from one line end
/// counter-clockwise to the next, `second` (`None` at a lone spot), along
/// which the face's walk leaves the spot.
#[derive(Clone, Copy, Debug)]
struct Corner {
    spot: Spot,
    second: Option<usize>,
    /// Start angle and width of the free sector.
    from: f64,
    width: f64,
}

struct Geo<'a> {
    d: &'a Drawing,
    polys: Vec<Vec<Point>>,
    /// Line ends at each spot (index spot - 1), counter-clockwise.
    ends: Vec<Vec<End>>,
    /// Piece (connected component) of each spot (index spot - 1).
    piece: Vec<usize>,
    pieces: usize,
}

fn angle_of(from: Point, to: Point) -> f64 {
    (to.y - from.y).atan2(to.x - from.x)
}

/// Counter-clockwise angle from `a` to `b`, in `[0, TAU)`.
fn ccw(a: f64, b: f64) -> f64 {
    (b - a).rem_euclid(TAU)
}

impl<'a> Geo<'a> {
    fn new(d: &'a Drawing) -> Option<Geo<'a>> {
        let n = d.spots.len();
        for (i, s) in d.spots.iter().enumerate() {
            if s.spot as usize != i + 1 {
                return None;
            }
        }
        let polys: Vec<Vec<Point>> = d
            .lines
            .iter()
            .map(|l| {
                let mut out: Vec<Point> = Vec::new();
                for p in l.flatten(8) {
                    if out.last().is_none_or(|q: &Point| q.dist(p) > 0.0) {
                        out.push(p);
                    }
                }
                out
            })
            .collect();
        let mut ends: Vec<Vec<End>> = vec![Vec::new(); n];
        let mut uf = UnionFind::new(n);
        for (li, l) in d.lines.iter().enumerate() {
            let (f, t) = (l.from as usize, l.to as usize);
            if f == 0 || t == 0 || f > n || t > n || f == t || polys[li].len() < 2 {
                return None;
            }
            let p = &polys[li];
            ends[f - 1].push(End {
                line: li,
                at_to: false,
                angle: angle_of(p[0], p[1]),
                other: l.to,
            });
            ends[t - 1].push(End {
                line: li,
                at_to: true,
                angle: angle_of(p[p.len() - 1], p[p.len() - 2]),
                other: l.from,
            });
            uf.union(f - 1, t - 1);
        }
        for e in ends.iter_mut() {
            e.sort_by(|x, y| x.angle.total_cmp(&y.angle));
        }
        let mut piece = vec![usize::MAX; n];
        let mut pieces = 0;
        for v in 0..n {
            let r = uf.find(v);
            if piece[r] == usize::MAX {
                piece[r] = pieces;
                pieces += 1;
            }
            piece[v] = piece[r];
        }
        Some(Geo {
            d,
            polys,
            ends,
            piece,
            pieces,
        })
    }

    fn at(&self, s: Spot) -> Point {
        self.d.spots[s as usize - 1].at
    }

    /// The corners at site `i` of a boundary that could be it (their walk
    /// reads the boundary's sites).
    fn corners(&self, sites: &[Spot], i: usize) -> Vec<Corner> {
        let k = sites.len();
        let s = sites[i];
        let ends = &self.ends[s as usize - 1];
        if k == 1 {
            return if ends.is_empty() {
                vec![Corner {
                    spot: s,
                    second: None,
                    from: 0.0,
                    width: TAU,
                }]
            } else {
                Vec::new()
            };
        }
        let (prev, next) = (sites[(i + k - 1) % k], sites[(i + 1) % k]);
        let d = ends.len();
        let mut out = Vec::new();
        for j in 0..d {
            let (e1, e2) = (ends[j], ends[(j + 1) % d]);
            if e1.other != prev || e2.other != next {
                continue;
            }
            let width = if d == 1 { TAU } else { ccw(e1.angle, e2.angle) };
            let c = Corner {
                spot: s,
                second: Some((j + 1) % d),
                from: e1.angle,
                width,
            };
            if self
                .walk(&c, k)
                .is_some_and(|w| (0..k).all(|t| self.dart_origin(w[t]) == sites[(i + t) % k]))
            {
                out.push(c);
            }
        }
        out
    }

    /// A dart: (line, backwards); its origin spot.
    fn dart_origin(&self, (l, back): (usize, bool)) -> Spot {
        let line = &self.d.lines[l];
        if back { line.to } else { line.from }
    }

    /// The face walk from a corner: `k` darts, or `None` if it closes early
    /// or does not close after `k`.
    fn walk(&self, c: &Corner, k: usize) -> Option<Vec<(usize, bool)>> {
        let s = c.spot as usize - 1;
        let first = self.ends[s][c.second?];
        let start = (first.line, first.at_to);
        let mut out = vec![start];
        let mut dart = start;
        for _ in 1..=k {
            let line = &self.d.lines[dart.0];
            let head = if dart.1 { line.from } else { line.to };
            let ends = &self.ends[head as usize - 1];
            let j = ends
                .iter()
                .position(|e| e.line == dart.0 && e.at_to != dart.1)?;
            let e = ends[(j + 1) % ends.len()];
            dart = (e.line, e.at_to);
            if dart == start {
                break;
            }
            out.push(dart);
        }
        (dart == start && out.len() == k).then_some(out)
    }

    /// The polyline of a dart, in its direction.
    fn dart_poly(&self, (l, back): (usize, bool)) -> Vec<Point> {
        let mut p = self.polys[l].clone();
        if back {
            p.reverse();
        }
        p
    }
}

fn dist_seg(p: Point, a: Point, b: Point) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        (((p.x - a.x) * dx + (p.y - a.y) * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    p.dist(Point::new(a.x + t * dx, a.y + t * dy))
}

const FREE: u32 = u32::MAX;

/// The frame cut into cells: each cell free or owned by what blocks it.
struct Grid {
    x0: f64,
    y0: f64,
    h: f64,
    nx: usize,
    ny: usize,
    owner: Vec<u32>,
}

impl Grid {
    fn cell(&self, p: Point) -> Option<usize> {
        let cx = ((p.x - self.x0) / self.h).floor();
        let cy = ((p.y - self.y0) / self.h).floor();
        if cx < 0.0 || cy < 0.0 || cx >= self.nx as f64 || cy >= self.ny as f64 {
            return None;
        }
        Some(cy as usize * self.nx + cx as usize)
    }
    fn centre(&self, c: usize) -> Point {
        Point::new(
            self.x0 + ((c % self.nx) as f64 + 0.5) * self.h,
            self.y0 + ((c / self.nx) as f64 + 0.5) * self.h,
        )
    }
    /// Marks the free cells whose centre is within `r` of segment `ab`.
    fn stroke(&mut self, a: Point, b: Point, r: f64, who: u32) {
        let (x0, x1) = (a.x.min(b.x) - r, a.x.max(b.x) + r);
        let (y0, y1) = (a.y.min(b.y) - r, a.y.max(b.y) + r);
        let cx0 = (((x0 - self.x0) / self.h).floor().max(0.0)) as usize;
        let cy0 = (((y0 - self.y0) / self.h).floor().max(0.0)) as usize;
        let cx1 = (((x1 - self.x0) / self.h).floor().max(-1.0) as isize).min(self.nx as isize - 1);
        let cy1 = (((y1 - self.y0) / self.h).floor().max(-1.0) as isize).min(self.ny as isize - 1);
        if cx1 < 0 || cy1 < 0 {
            return;
        }
        for cy in cy0..=cy1 as usize {
            for cx in cx0..=cx1 as usize {
                let c = cy * self.nx + cx;
                if self.owner[c] == FREE && dist_seg(self.centre(c), a, b) <= r {
                    self.owner[c] = who;
                }
            }
        }
    }
    fn neighbours4(&self, c: usize) -> impl Iterator<Item = usize> + '_ {
        let (x, y) = (c % self.nx, c / self.nx);
        let nx = self.nx;
        [
            (x > 0).then(|| c - 1),
            (x + 1 < nx).then(|| c + 1),
            (y > 0).then(|| c - nx),
            (y + 1 < self.ny).then(|| c + nx),
        ]
        .into_iter()
        .flatten()
    }
    fn neighbours8(&self, c: usize) -> impl Iterator<Item = usize> + '_ {
        let (x, y) = ((c % self.nx) as isize, (c / self.nx) as isize);
        let (nx, ny) = (self.nx as isize, self.ny as isize);
        (-1..=1)
            .flat_map(move |dy| (-1..=1).map(move |dx| (dx, dy)))
            .filter(|&(dx, dy)| dx != 0 || dy != 0)
            .filter_map(move |(dx, dy)| {
                let (a, b) = (x + dx, y + dy);
                (a >= 0 && b >= 0 && a < nx && b < ny).then(|| (b * nx + a) as usize)
            })
    }
    /// The cells a segment passes over (sampled finely).
    fn along(&self, a: Point, b: Point) -> Vec<usize> {
        let steps = ((a.dist(b) / (self.h * 0.25)).ceil() as usize).max(1);
        let mut out: Vec<usize> = Vec::new();
        for i in 0..=steps {
            if let Some(c) = self.cell(a.lerp(b, i as f64 / steps as f64)) {
                if out.last() != Some(&c) {
                    out.push(c);
                }
            }
        }
        out
    }
}

/// The frame of a drawing grown from `d`: a square around the origin that
/// holds the drawing with room to spare.
pub(crate) fn frame_of(d: &Drawing) -> (Point, Point) {
    let mut m: f64 = 0.0;
    for s in &d.spots {
        m = m.max(s.at.x.abs()).max(s.at.y.abs());
    }
    for l in &d.lines {
        for p in l.flatten(2) {
            m = m.max(p.x.abs()).max(p.y.abs());
        }
    }
    let half = if m > 0.0 { 1.2 * m } else { 1000.0 };
    (Point::new(-half, -half), Point::new(half, half))
}

/// The drawing after move `m` of `pos`, grown from `prev` (a drawing of
/// `pos` whose spots are numbered in order), keeping every old spot and line.
pub(crate) fn grow(
    prev: &Drawing,
    frame: (Point, Point),
    pos: &Position,
    m: &Move,
) -> Result<Drawing, NoRoom> {
    let after = pos.play(m).map_err(|_| NoRoom)?;
    let geo = Geo::new(prev).ok_or(NoRoom)?;
    if geo.ends.len() + 1 != pos.next_spot() as usize {
        return Err(NoRoom);
    }
    let region = pos.regions().get(m.region()).ok_or(NoRoom)?;
    let bm = region.boundaries()[m.from().boundary].sites();
    let kind = m.kind();
    let ca = geo.corners(bm, m.from().index);
    let cb = if kind == MoveKind::Join {
        let other = region.boundaries()[m.to().boundary].sites();
        geo.corners(other, m.to().index)
    } else {
        Vec::new()
    };
    if ca.is_empty() || (kind == MoveKind::Join && cb.is_empty()) {
        return Err(NoRoom);
    }
    let mut last = NoRoom;
    for n in [384usize, 768, 1536] {
        match place(&geo, frame, pos, m, &ca, &cb, n) {
            Ok(poly) => return Ok(build(prev, &after, pos, m, poly)),
            Err(e) => last = e,
        }
    }
    Err(last)
}

/// The grown drawing: the old one, the new spot and its two curves.
fn build(prev: &Drawing, after: &Position, pos: &Position, m: &Move, poly: Placed) -> Drawing {
    let (a, b) = pos.endpoints(m).expect("legal");
    let c = pos.next_spot();
    let mut spots: Vec<SpotMark> = prev
        .spots
        .iter()
        .map(|s| SpotMark {
            live: after.is_live(s.spot),
            ..*s
        })
        .collect();
    spots.push(SpotMark {
        spot: c,
        at: poly.points[poly.middle],
        live: after.is_live(c),
    });
    let mut lines = prev.lines.clone();
    let first = &poly.points[..=poly.middle];
    let second = &poly.points[poly.middle..];
    let room_first = &poly.room[..=poly.middle];
    let room_second = &poly.room[poly.middle..];
    lines.push(curve(a, c, first, room_first));
    lines.push(curve(c, b, second, room_second));
    Drawing {
        spots,
        lines,
        frame: prev.frame,
    }
}

/// A curve through points, its corners rounded within `room`.
fn curve(from: Spot, to: Spot, p: &[Point], room: &[f64]) -> Line {
    let mut pieces = Vec::new();
    for i in 1..p.len() - 1 {
        let r = room[i]
            .min(p[i].dist(p[i - 1]) * 0.45)
            .min(p[i].dist(p[i + 1]) * 0.45)
            .max(0.0);
        let a = p[i].lerp(p[i - 1], r / p[i].dist(p[i - 1]).max(f64::MIN_POSITIVE));
        let b = p[i].lerp(p[i + 1], r / p[i].dist(p[i + 1]).max(f64::MIN_POSITIVE));
        if r <= 0.0 {
            pieces.push(Piece::Line(p[i]));
            continue;
        }
        pieces.push(Piece::Line(a));
        pieces.push(Piece::Quad(p[i], b));
    }
    pieces.push(Piece::Line(p[p.len() - 1]));
    Line {
        from,
        to,
        start: p[0],
        pieces,
    }
}

/// The placed path: its points (the first and last the end spots), the
/// room to round each corner in, and the index of the new spot.
struct Placed {
    points: Vec<Point>,
    room: Vec<f64>,
    middle: usize,
}

/// How far from spot `s` nothing lies but its own lines, each leaving it
/// (getting farther at every point): within that distance a disc around the
/// spot meets only the starts of its lines.
fn reach(geo: &Geo, s: Spot) -> f64 {
    let at = geo.at(s);
    let mut r = f64::INFINITY;
    for (li, poly) in geo.polys.iter().enumerate() {
        let l = &geo.d.lines[li];
        let mut skip = 0;
        if l.from == s || l.to == s {
            let mut p = poly.clone();
            if l.to == s {
                p.reverse();
            }
            // The part that leaves the spot steadily is harmless.
            let mut last = 0.0;
            let mut k = 1;
            while k < p.len() && at.dist(p[k]) > last {
                last = at.dist(p[k]);
                k += 1;
            }
            r = r.min(last);
            for w in p[k - 1..].windows(2) {
                r = r.min(dist_seg(at, w[0], w[1]));
            }
            skip = usize::MAX;
        }
        if skip == 0 {
            for w in poly.windows(2) {
                r = r.min(dist_seg(at, w[0], w[1]));
            }
        }
    }
    for t in &geo.d.spots {
        if t.spot != s {
            r = r.min(at.dist(t.at));
        }
    }
    r
}

/// How far the ray from `at` in direction `dir` (radians) goes before it
/// meets anything drawn (what starts at `at` itself aside).
fn ray_room(geo: &Geo, at: Point, dir: f64) -> f64 {
    let (dx, dy) = (dir.cos(), dir.sin());
    let mut best = f64::INFINITY;
    let mut hit = |a: Point, b: Point| {
        // Solve at + t d = a + u (b - a).
        let (ex, ey) = (b.x - a.x, b.y - a.y);
        let den = dx * ey - dy * ex;
        let (wx, wy) = (a.x - at.x, a.y - at.y);
        if den.abs() < 1e-12 {
            return;
        }
        let t = (wx * ey - wy * ex) / den;
        let u = (wx * dy - wy * dx) / den;
        if t > 1e-9 && (0.0..=1.0).contains(&u) {
            best = best.min(t);
        }
    };
    for poly in &geo.polys {
        for w in poly.windows(2) {
            if w[0] != at && w[1] != at {
                hit(w[0], w[1]);
            }
        }
    }
    for s in &geo.d.spots {
        if s.at != at {
            // A spot as a small cross.
            let r = 1e-6 * (1.0 + s.at.x.abs() + s.at.y.abs());
            hit(
                Point::new(s.at.x - r, s.at.y),
                Point::new(s.at.x + r, s.at.y),
            );
            hit(
                Point::new(s.at.x, s.at.y - r),
                Point::new(s.at.x, s.at.y + r),
            );
        }
    }
    best
}

#[allow(clippy::too_many_arguments)]
fn place(
    geo: &Geo,
    frame: (Point, Point),
    pos: &Position,
    m: &Move,
    ca: &[Corner],
    cb: &[Corner],
    n: usize,
) -> Result<Placed, NoRoom> {
    let (lo, hi) = frame;
    let h = (hi.x - lo.x).max(hi.y - lo.y) / n as f64;
    let nx = ((hi.x - lo.x) / h).ceil() as usize;
    let ny = ((hi.y - lo.y) / h).ceil() as usize;
    let mut g = Grid {
        x0: lo.x,
        y0: lo.y,
        h,
        nx,
        ny,
        owner: vec![FREE; nx * ny],
    };
    let pieces = geo.pieces as u32;
    let (border, disc, cut_x, cut_y) = (pieces, pieces + 1, pieces + 2, pieces + 3);
    let delta = 1.5 * h;
    for (li, poly) in geo.polys.iter().enumerate() {
        let who = geo.piece[geo.d.lines[li].from as usize - 1] as u32;
        for w in poly.windows(2) {
            g.stroke(w[0], w[1], delta, who);
        }
    }
    for s in &geo.d.spots {
        g.stroke(s.at, s.at, delta, geo.piece[s.spot as usize - 1] as u32);
    }
    for x in 0..nx {
        for c in [x, (ny - 1) * nx + x] {
            g.owner[c] = border;
        }
    }
    for y in 0..ny {
        for c in [y * nx, y * nx + nx - 1] {
            g.owner[c] = border;
        }
    }
    // Clearance of every cell from what was drawn (3-4 chamfer, in thirds of a cell).
    let clear = chamfer(&g);
    let labels = flood(&g);

    // The face: the corner (among those that could be it) whose free cells
    // touch the pieces of the region's boundaries and no other.
    let region = &pos.regions()[m.region()];
    let expected: Vec<u32> = region
        .boundaries()
        .iter()
        .map(|b| geo.piece[b.sites()[0] as usize - 1] as u32)
        .collect();
    let sample = |c: &Corner| -> Option<u32> {
        let at = geo.at(c.spot);
        let dir = c.from + c.width / 2.0;
        let mut t = (reach(geo, c.spot) * 0.8)
            .min(ray_room(geo, at, dir) * 0.5)
            .min(40.0 * h);
        while t > h {
            let p = Point::new(at.x + dir.cos() * t, at.y + dir.sin() * t);
            if let Some(cell) = g.cell(p) {
                if g.owner[cell] == FREE {
                    return Some(labels[cell]);
                }
            }
            t *= 0.7;
        }
        None
    };
    let touching = if ca.len() > 1 || cb.len() > 1 {
        touches(&g, &labels)
    } else {
        Vec::new()
    };
    // The pieces a face's free cells touch must be exactly the region's.
    let mut expected_sorted = expected.clone();
    expected_sorted.sort_unstable();
    expected_sorted.dedup();
    let fits = |label: u32| -> bool {
        let owners: Vec<u32> = touching
            .iter()
            .filter(|&&(l, o)| l == label && o < pieces)
            .map(|&(_, o)| o)
            .collect();
        owners == expected_sorted
    };
    let pick = |cs: &[Corner]| -> Option<(Corner, u32)> {
        if cs.len() == 1 {
            return sample(&cs[0]).map(|l| (cs[0], l));
        }
        // Every candidate must be seen, or the right one may be missed.
        let seen: Vec<(Corner, u32)> = cs
            .iter()
            .map(|c| sample(c).map(|l| (*c, l)))
            .collect::<Option<_>>()?;
        seen.into_iter().find(|&(_, l)| fits(l))
    };
    let (corner_a, face) = pick(ca).ok_or(NoRoom)?;
    let kind = m.kind();
    let walk = if kind == MoveKind::Join {
        Vec::new()
    } else {
        geo.walk(&corner_a, region.boundaries()[m.from().boundary].len())
            .unwrap_or_default()
    };
    let bm = region.boundaries()[m.from().boundary].sites();
    let (ia, ib) = (m.from().index, m.to().index);
    let corner_b = match kind {
        MoveKind::Join => {
            let (c, l) = pick(cb).ok_or(NoRoom)?;
            if l != face {
                return Err(NoRoom);
            }
            c
        }
        MoveKind::Loop => corner_a,
        MoveKind::Split => {
            // The corner at b is where the walk from a comes to b's site.
            let k = bm.len();
            let steps = (ib + k - ia) % k;
            let into = walk.get(steps - 1).ok_or(NoRoom)?;
            let out = walk.get(steps).ok_or(NoRoom)?;
            let s = bm[ib];
            let ends = &geo.ends[s as usize - 1];
            let j2 = ends
                .iter()
                .position(|e| e.line == out.0 && e.at_to == out.1)
                .ok_or(NoRoom)?;
            let j1 = ends
                .iter()
                .position(|e| e.line == into.0 && e.at_to != into.1)
                .ok_or(NoRoom)?;
            Corner {
                spot: s,
                second: Some(j2),
                from: ends[j1].angle,
                width: if ends.len() == 1 {
                    TAU
                } else {
                    ccw(ends[j1].angle, ends[j2].angle)
                },
            }
        }
    };
    if kind != MoveKind::Join && walk.len() != bm.len() && bm.len() > 1 {
        return Err(NoRoom);
    }

    // Exits: where the path leaves the small disc around each end.
    let (pa, pb) = (geo.at(corner_a.spot), geo.at(corner_b.spot));
    let rho_a = (reach(geo, corner_a.spot) * 0.8 - 2.0 * h).min(40.0 * h);
    let rho_b = (reach(geo, corner_b.spot) * 0.8 - 2.0 * h).min(40.0 * h);
    if rho_a < 5.0 * h || rho_b < 5.0 * h {
        return Err(NoRoom);
    }
    let (theta_a, theta_b) = if kind == MoveKind::Loop {
        (
            corner_a.from + corner_a.width * 2.0 / 3.0,
            corner_a.from + corner_a.width / 3.0,
        )
    } else {
        (
            corner_a.from + corner_a.width / 2.0,
            corner_b.from + corner_b.width / 2.0,
        )
    };
    let polar = |p: Point, t: f64, r: f64| Point::new(p.x + t.cos() * r, p.y + t.sin() * r);
    let exit_a = polar(pa, theta_a, rho_a);
    let exit_b = polar(pb, theta_b, rho_b);
    for (p, r) in [(pa, rho_a), (pb, rho_b)] {
        g.stroke(p, p, r * 0.7, disc);
    }
    let ea = g.cell(exit_a).ok_or(NoRoom)?;
    let eb = g.cell(exit_b).ok_or(NoRoom)?;
    if g.owner[ea] != FREE || g.owner[eb] != FREE || labels[ea] != face || labels[eb] != face {
        return Err(NoRoom);
    }

    // Ties: every other boundary to its side when the move splits the face.
    if kind != MoveKind::Join && region.boundaries().len() > 1 {
        let k = bm.len();
        // Targets: cells near the stretch of the boundary on each side, with
        // the stub of cells that joins them to it.
        let mut targets: [Vec<(usize, Vec<usize>)>; 2] = [Vec::new(), Vec::new()];
        let bm_piece = geo.piece[bm[0] as usize - 1] as u32;
        let stub_ok = |g: &Grid, stub: &[usize], allowed: &[u32]| {
            stub.iter().all(|&c| {
                (g.owner[c] == FREE && labels[c] == face || allowed.contains(&g.owner[c]))
                    && g.neighbours8(c)
                        .all(|n| g.owner[n] == FREE || allowed.contains(&g.owner[n]))
            })
        };
        let add_darts = |g: &Grid,
                         side: usize,
                         darts: &[(usize, bool)],
                         targets: &mut [Vec<(usize, Vec<usize>)>; 2]| {
            for &d in darts {
                let poly = geo.dart_poly(d);
                let total: f64 = poly.windows(2).map(|w| w[0].dist(w[1])).sum();
                let step = (3.0 * h).max(total / 200.0);
                let mut t = 0.15 * total;
                while t < 0.85 * total {
                    // The point at length t and the direction there.
                    let mut left = t;
                    for w in poly.windows(2) {
                        let len = w[0].dist(w[1]);
                        if left <= len && len > 0.0 {
                            let p = w[0].lerp(w[1], left / len);
                            let (tx, ty) = ((w[1].x - w[0].x) / len, (w[1].y - w[0].y) / len);
                            // The face is on the walk's right: (ty, -tx) with y up.
                            let q = Point::new(
                                p.x + ty * (delta + 3.0 * h),
                                p.y - tx * (delta + 3.0 * h),
                            );
                            if let Some(qc) = g.cell(q) {
                                let stub = g.along(q, p);
                                let inner: Vec<usize> = stub
                                    .iter()
                                    .copied()
                                    .filter(|&c| g.owner[c] == FREE)
                                    .collect();
                                if g.owner[qc] == FREE
                                    && labels[qc] == face
                                    && stub_ok(g, &inner, &[bm_piece])
                                {
                                    targets[side].push((qc, inner));
                                }
                            }
                            break;
                        }
                        left -= len;
                    }
                    t += step;
                }
            }
        };
        if kind == MoveKind::Split {
            let x: Vec<(usize, bool)> = (0..(ia + k - ib) % k)
                .map(|j| walk[((ib + k - ia) % k + j) % k])
                .collect();
            let y: Vec<(usize, bool)> = (0..(ib + k - ia) % k).map(|j| walk[j]).collect();
            add_darts(&g, 0, &x, &mut targets);
            add_darts(&g, 1, &y, &mut targets);
        } else {
            add_darts(&g, 1, &walk, &mut targets);
            // Stubs into the disc at a: the inside between the two exits, the
            // outside beyond them.
            let w = corner_a.width;
            for (side, frac) in [(0usize, 0.5), (1, 1.0 / 6.0), (1, 5.0 / 6.0)] {
                let t = corner_a.from + w * frac;
                for extra in [3.0, 6.0, 10.0] {
                    let q = polar(pa, t, rho_a + extra * h);
                    let Some(qc) = g.cell(q) else { continue };
                    let stub: Vec<usize> = g
                        .along(q, pa)
                        .into_iter()
                        .filter(|&c| g.owner[c] == FREE)
                        .collect();
                    if g.owner[qc] == FREE && labels[qc] == face && stub_ok(&g, &stub, &[disc]) {
                        targets[side].push((qc, stub));
                        break;
                    }
                }
            }
        }
        let mut is_target = [vec![false; nx * ny], vec![false; nx * ny]];
        let mut stub_of: [Vec<Option<usize>>; 2] = [vec![None; nx * ny], vec![None; nx * ny]];
        for side in 0..2 {
            for (i, (c, _)) in targets[side].iter().enumerate() {
                is_target[side][*c] = true;
                stub_of[side][*c] = Some(i);
            }
        }
        let mut blob: [Vec<u32>; 2] = [vec![cut_x], vec![cut_y]];
        // Nearest boundaries first: their ties are short.
        let mut holes: Vec<(usize, u32)> = (0..region.boundaries().len())
            .filter(|&i| i != m.from().boundary)
            .map(|i| {
                let side = usize::from(!m.right().contains(&i));
                (
                    side,
                    geo.piece[region.boundaries()[i].sites()[0] as usize - 1] as u32,
                )
            })
            .collect();
        let d0 = pa;
        holes.sort_by(|x, y| {
            let dx = geo
                .d
                .spots
                .iter()
                .filter(|s| geo.piece[s.spot as usize - 1] as u32 == x.1)
                .map(|s| s.at.dist(d0))
                .fold(f64::INFINITY, f64::min);
            let dy = geo
                .d
                .spots
                .iter()
                .filter(|s| geo.piece[s.spot as usize - 1] as u32 == y.1)
                .map(|s| s.at.dist(d0))
                .fold(f64::INFINITY, f64::min);
            dx.total_cmp(&dy)
        });
        for (side, piece) in holes {
            let mine = |o: u32| o == piece || blob[side].contains(&o);
            // Ties keep off the ring between each disc and its exit, so
            // that they meet the disc only where their stubs do.
            let clean = |g: &Grid, c: usize| {
                g.owner[c] == FREE
                    && labels[c] == face
                    && g.centre(c).dist(pa) > rho_a + 2.0 * h
                    && g.centre(c).dist(pb) > rho_b + 2.0 * h
                    && g.neighbours8(c)
                        .all(|n| g.owner[n] == FREE || mine(g.owner[n]))
            };
            let cut = if side == 0 { cut_x } else { cut_y };
            let joins_blob = |g: &Grid, c: usize| {
                g.neighbours4(c)
                    .any(|n| g.owner[n] != FREE && blob[side].contains(&g.owner[n]))
            };
            let mut from = vec![usize::MAX; nx * ny];
            let mut queue = VecDeque::new();
            for (c, from_c) in from.iter_mut().enumerate() {
                if clean(&g, c) && g.neighbours4(c).any(|n| g.owner[n] == piece) {
                    *from_c = c;
                    queue.push_back(c);
                }
            }
            let mut goal = None;
            while let Some(c) = queue.pop_front() {
                if is_target[side][c] || joins_blob(&g, c) {
                    goal = Some(c);
                    break;
                }
                for nb in g.neighbours4(c).collect::<Vec<_>>() {
                    if from[nb] == usize::MAX && clean(&g, nb) {
                        from[nb] = c;
                        queue.push_back(nb);
                    }
                }
            }
            let goal = goal.ok_or(NoRoom)?;
            let by_stub = is_target[side][goal] && !joins_blob(&g, goal);
            let mut c = goal;
            loop {
                g.owner[c] = cut;
                if from[c] == c {
                    break;
                }
                c = from[c];
            }
            if by_stub {
                if let Some(i) = stub_of[side][goal] {
                    for &s in &targets[side][i].1 {
                        if g.owner[s] == FREE {
                            g.owner[s] = cut;
                        }
                    }
                }
            }
            blob[side].push(piece);
        }
    }

    // The path: cheapest through free cells of the face, far from curves.
    let cost = |c: usize| {
        let room = 1.0 + clear[c] as f64 / 3.0;
        1.0 + 200.0 / (room * room)
    };
    let mut dist = vec![f64::INFINITY; nx * ny];
    let mut from = vec![usize::MAX; nx * ny];
    let mut heap = BinaryHeap::new();
    dist[ea] = 0.0;
    heap.push(Entry(0.0, ea));
    while let Some(Entry(d, c)) = heap.pop() {
        if d > dist[c] {
            continue;
        }
        if c == eb {
            break;
        }
        for nb in g.neighbours4(c).collect::<Vec<_>>() {
            if g.owner[nb] != FREE || labels[nb] != face {
                continue;
            }
            let nd = d + cost(nb);
            if nd < dist[nb] {
                dist[nb] = nd;
                from[nb] = c;
                heap.push(Entry(nd, nb));
            }
        }
    }
    if !dist[eb].is_finite() {
        return Err(NoRoom);
    }
    let mut cells = vec![eb];
    let mut c = eb;
    while c != ea {
        c = from[c];
        cells.push(c);
    }
    cells.reverse();
    // Straighten: from each kept point, the farthest cell of the path in
    // plain view through cells about as clear as the path between them, so
    // that the line keeps to the middle of the room it has.
    let pts: Vec<Point> = cells.iter().map(|&c| g.centre(c)).collect();
    let n_pts = pts.len();
    let in_view = |i: usize, j: usize| {
        let need = cells[i..=j].iter().map(|&c| clear[c]).min().unwrap_or(0) * 2 / 3;
        g.along(pts[i], pts[j])
            .iter()
            .all(|&c| g.owner[c] == FREE && clear[c] >= need)
    };
    let mut mid: Vec<Point> = vec![exit_a];
    let mut i = 0;
    while i + 1 < n_pts {
        // Gallop while in view, then halve back to the last one in view.
        let (mut good, mut step) = (i + 1, 1);
        while good + step < n_pts && step <= 32 && in_view(i, good + step) {
            good += step;
            step *= 2;
        }
        let mut bad = (good + step).min(n_pts);
        while bad > good + 1 {
            let m = (good + bad) / 2;
            if in_view(i, m) {
                good = m;
            } else {
                bad = m;
            }
        }
        if good + 1 < n_pts {
            mid.push(pts[good]);
        }
        i = good;
    }
    mid.push(exit_b);
    let mut points = vec![pa];
    points.extend(mid);
    points.push(pb);
    // The new spot: in the middle part of the line, where it has the most
    // room (later moves from it need some), a new point on its segment.
    let total: f64 = points.windows(2).map(|w| w[0].dist(w[1])).sum();
    let at_length = |t: f64| -> (usize, Point) {
        let mut left = t;
        for i in 0..points.len() - 1 {
            let len = points[i].dist(points[i + 1]);
            if left <= len {
                return (
                    i,
                    points[i].lerp(points[i + 1], left / len.max(f64::MIN_POSITIVE)),
                );
            }
            left -= len;
        }
        (points.len() - 2, points[points.len() - 1])
    };
    let room_at = |p: Point| g.cell(p).map_or(0, |c| clear[c]);
    let mut best = (0u32, total / 2.0);
    for k in 0..=40 {
        let t = total * (0.3 + 0.4 * k as f64 / 40.0);
        let r = room_at(at_length(t).1);
        // Ties go to the point nearer the middle.
        if r > best.0 || (r == best.0 && (t - total / 2.0).abs() < (best.1 - total / 2.0).abs()) {
            best = (r, t);
        }
    }
    let (seg, p) = at_length(best.1);
    let middle = if p.dist(points[seg]) < h {
        seg
    } else if p.dist(points[seg + 1]) < h {
        seg + 1
    } else {
        points.insert(seg + 1, p);
        seg + 1
    };
    if middle == 0 || middle + 1 >= points.len() {
        return Err(NoRoom);
    }
    // Room to round each corner: clear of what was drawn and of the rest of the path.
    let room: Vec<f64> = (0..points.len())
        .map(|i| {
            if i == 0 || i + 1 == points.len() || i == middle {
                return 0.0;
            }
            let p = points[i];
            let mut r = g
                .cell(p)
                .map_or(0.0, |c| (clear[c] as f64 / 3.0 - 1.0).max(0.0) * h);
            for (j, w) in points.windows(2).enumerate() {
                if j + 1 != i && j != i {
                    r = r.min(0.45 * dist_seg(p, w[0], w[1]));
                }
            }
            r
        })
        .collect();
    let placed = Placed {
        points,
        room,
        middle,
    };
    if crosses(geo, &placed) {
        return Err(NoRoom);
    }
    Ok(placed)
}

/// Whether the placed path meets anything drawn away from its own ends.
fn crosses(geo: &Geo, p: &Placed) -> bool {
    let n = p.points.len();
    let (a, b) = (p.points[0], p.points[n - 1]);
    for (i, w) in p.points.windows(2).enumerate() {
        for poly in &geo.polys {
            for v in poly.windows(2) {
                let shared = (i == 0 && (v[0] == a || v[1] == a))
                    || (i + 2 == n && (v[0] == b || v[1] == b));
                if shared {
                    // Only the end may be shared.
                    let far = if i == 0 { w[1] } else { w[0] };
                    if dist_seg(far, v[0], v[1]) <= 0.0 {
                        return true;
                    }
                    continue;
                }
                if segments_meet(w[0], w[1], v[0], v[1]) {
                    return true;
                }
            }
        }
        for (j, v) in p.points.windows(2).enumerate().skip(i + 2) {
            // A loop's first and last pieces meet at its spot, as they should.
            let loop_ends = i == 0 && j + 2 == n && a == b;
            if !loop_ends && segments_meet(w[0], w[1], v[0], v[1]) {
                return true;
            }
        }
        for s in &geo.d.spots {
            let own = (i == 0 && s.at == a) || (i + 2 == n && s.at == b);
            if !own && dist_seg(s.at, w[0], w[1]) <= 0.0 {
                return true;
            }
        }
    }
    false
}

fn segments_meet(a: Point, b: Point, c: Point, d: Point) -> bool {
    let o = |p: Point, q: Point, r: Point| (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
    let (o1, o2, o3, o4) = (o(a, b, c), o(a, b, d), o(c, d, a), o(c, d, b));
    if ((o1 > 0.0 && o2 < 0.0) || (o1 < 0.0 && o2 > 0.0))
        && ((o3 > 0.0 && o4 < 0.0) || (o3 < 0.0 && o4 > 0.0))
    {
        return true;
    }
    dist_seg(c, a, b) <= 0.0
        || dist_seg(d, a, b) <= 0.0
        || dist_seg(a, c, d) <= 0.0
        || dist_seg(b, c, d) <= 0.0
}

/// A heap entry ordered by least cost first.
struct Entry(f64, usize);
impl PartialEq for Entry {
    fn eq(&self, o: &Self) -> bool {
        self.0 == o.0 && self.1 == o.1
    }
}
impl Eq for Entry {}
impl PartialOrd for Entry {
    fn partial_cmp(&self, o: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Entry {
    fn cmp(&self, o: &Self) -> std::cmp::Ordering {
        o.0.total_cmp(&self.0).then(o.1.cmp(&self.1))
    }
}

/// The free cells' faces: connected (4-neighbour) sets, numbered.
fn flood(g: &Grid) -> Vec<u32> {
    let mut label = vec![u32::MAX; g.owner.len()];
    let mut next = 0;
    let mut queue = VecDeque::new();
    for s in 0..g.owner.len() {
        if g.owner[s] != FREE || label[s] != u32::MAX {
            continue;
        }
        label[s] = next;
        queue.push_back(s);
        while let Some(c) = queue.pop_front() {
            for n in g.neighbours4(c).collect::<Vec<_>>() {
                if g.owner[n] == FREE && label[n] == u32::MAX {
                    label[n] = next;
                    queue.push_back(n);
                }
            }
        }
        next += 1;
    }
    label
}

/// Which owners each face's free cells touch: (face, owner) pairs, sorted.
fn touches(g: &Grid, labels: &[u32]) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for (c, &label) in labels.iter().enumerate() {
        if g.owner[c] != FREE {
            continue;
        }
        for n in g.neighbours4(c) {
            if g.owner[n] != FREE {
                out.push((label, g.owner[n]));
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Distance of every cell to the nearest blocked cell (3 a cell straight, 4 diagonally).
fn chamfer(g: &Grid) -> Vec<u32> {
    let (nx, ny) = (g.nx, g.ny);
    let mut d: Vec<u32> = g
        .owner
        .iter()
        .map(|&o| if o == FREE { u32::MAX / 2 } else { 0 })
        .collect();
    for y in 0..ny {
        for x in 0..nx {
            let c = y * nx + x;
            let mut v = d[c];
            if x > 0 {
                v = v.min(d[c - 1] + 3);
            }
            if y > 0 {
                v = v.min(d[c - nx] + 3);
                if x > 0 {
                    v = v.min(d[c - nx - 1] + 4);
                }
                if x + 1 < nx {
                    v = v.min(d[c - nx + 1] + 4);
                }
            }
            d[c] = v;
        }
    }
    for y in (0..ny).rev() {
        for x in (0..nx).rev() {
            let c = y * nx + x;
            let mut v = d[c];
            if x + 1 < nx {
                v = v.min(d[c + 1] + 3);
            }
            if y + 1 < ny {
                v = v.min(d[c + nx] + 3);
                if x + 1 < nx {
                    v = v.min(d[c + nx + 1] + 4);
                }
                if x > 0 {
                    v = v.min(d[c + nx - 1] + 4);
                }
            }
            d[c] = v;
        }
    }
    d
}
