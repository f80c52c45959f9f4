//! The drawings, checked from their geometry alone: no two curves cross, no
//! curve passes through a spot, and the faces read back from the picture
//! (angular order of the curves at each spot, nesting by winding numbers)
//! give the position that was drawn. Run on every published game, on the
//! worked examples of docs/notations.md and on random games of 1 to 30 spots.

use std::collections::BTreeMap;

use proptest::prelude::*;
use sprouts::draw::{Drawing, Point, SvgOptions, draw, draw_after};
use sprouts::model::{Move, Position, Spot, Variant};
use sprouts::notation::hoey::parse_position;
use sprouts::notation::transcript::Transcript;
use sprouts_testkit::random::{Rng, random_move};
use sprouts_testkit::strategies::config;

/// Chords per Bézier piece when curves are flattened.
const STEPS: usize = 8;

/// A line as a polyline, without zero-length chords.
fn polyline(l: &sprouts::draw::Line) -> Vec<Point> {
    let mut out: Vec<Point> = Vec::new();
    for p in l.flatten(STEPS) {
        if out.last().is_none_or(|q| q.x != p.x || q.y != p.y) {
            out.push(p);
        }
    }
    out
}

fn published() -> Vec<Transcript> {
    let text = include_str!("../data/wgosa-games.txt");
    Transcript::read_all(text, None).expect("published games read")
}

/// Twice the signed area of `abc`.
fn orient(a: Point, b: Point, c: Point) -> f64 {
    (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
}

fn dist_point_segment(p: Point, a: Point, b: Point) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        (((p.x - a.x) * dx + (p.y - a.y) * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    ((p.x - a.x - t * dx).powi(2) + (p.y - a.y - t * dy).powi(2)).sqrt()
}

/// Whether two segments meet (touching counts), with a tolerance `tol`.
fn segments_meet(a: Point, b: Point, c: Point, d: Point, tol: f64) -> bool {
    let (o1, o2) = (orient(a, b, c), orient(a, b, d));
    let (o3, o4) = (orient(c, d, a), orient(c, d, b));
    if o1 * o2 < 0.0 && o3 * o4 < 0.0 {
        return true;
    }
    dist_point_segment(c, a, b) <= tol
        || dist_point_segment(d, a, b) <= tol
        || dist_point_segment(a, c, d) <= tol
        || dist_point_segment(b, c, d) <= tol
}

/// The tolerance: a billionth of the picture's size.
fn tolerance(d: &Drawing) -> f64 {
    let mut span: f64 = 0.0;
    for s in d.spots() {
        for t in d.spots() {
            span = span
                .max((s.at.x - t.at.x).abs())
                .max((s.at.y - t.at.y).abs());
        }
    }
    span.max(1.0) * 1e-9
}

/// (a): no two curves meet except at a shared end spot, and no curve comes
/// near a spot other than its own ends (nor its own ends away from them).
fn check_no_crossings(d: &Drawing) -> Result<(), String> {
    let tol = tolerance(d);
    let polys: Vec<Vec<Point>> = d.lines().iter().map(polyline).collect();
    // Segments: (line, index in its polyline, a, b).
    let mut segs: Vec<(usize, usize, Point, Point)> = Vec::new();
    for (li, poly) in polys.iter().enumerate() {
        for (i, w) in poly.windows(2).enumerate() {
            segs.push((li, i, w[0], w[1]));
        }
    }
    let bbox = |a: Point, b: Point| (a.x.min(b.x), a.y.min(b.y), a.x.max(b.x), a.y.max(b.y));
    for (i, &(la, ia, a, b)) in segs.iter().enumerate() {
        let ba = bbox(a, b);
        for &(lb, ib, c, e) in &segs[i + 1..] {
            let bb = bbox(c, e);
            if ba.0 > bb.2 + tol || bb.0 > ba.2 + tol || ba.1 > bb.3 + tol || bb.1 > ba.3 + tol {
                continue;
            }
            if la == lb && ib == ia + 1 {
                // Consecutive chords share a point; they must not fold back
                // onto each other (straight back along the same line).
                let (ux, uy, vx, vy) = (b.x - a.x, b.y - a.y, e.x - c.x, e.y - c.y);
                let cross = ux * vy - uy * vx;
                let dot = ux * vx + uy * vy;
                if dot < 0.0 && cross.abs() <= 1e-9 * dot.abs() {
                    return Err(format!("line {la} folds back at chord {ib}"));
                }
                continue;
            }
            // Chords at a shared end spot may touch there only.
            let (l1, l2) = (&d.lines()[la], &d.lines()[lb]);
            let n1 = polys[la].len() - 1;
            let n2 = polys[lb].len() - 1;
            let end_a = |line: &sprouts::draw::Line, n: usize, idx: usize| -> Vec<(Spot, Point)> {
                let mut v = Vec::new();
                if idx == 0 {
                    v.push((line.from, line.start));
                }
                if idx + 1 == n {
                    v.push((line.to, *polys_end(line)));
                }
                v
            };
            let shared: Vec<Point> = end_a(l1, n1, ia)
                .iter()
                .filter(|(s, _)| end_a(l2, n2, ib).iter().any(|(t, _)| t == s))
                .map(|&(_, p)| p)
                .collect();
            if shared.is_empty() {
                if segments_meet(a, b, c, e, tol) {
                    return Err(format!(
                        "lines {}-{} and {}-{} meet",
                        l1.from, l1.to, l2.from, l2.to
                    ));
                }
            } else {
                // Touch only at the shared spot: the far ends stay off the other chord.
                let far1: Vec<Point> = [a, b]
                    .into_iter()
                    .filter(|p| shared.iter().all(|s| s.x != p.x || s.y != p.y))
                    .collect();
                let far2: Vec<Point> = [c, e]
                    .into_iter()
                    .filter(|p| shared.iter().all(|s| s.x != p.x || s.y != p.y))
                    .collect();
                let bad = far1.iter().any(|&p| dist_point_segment(p, c, e) <= tol)
                    || far2.iter().any(|&p| dist_point_segment(p, a, b) <= tol)
                    || (far1.len() == 1
                        && far2.len() == 1
                        && shared.len() == 1
                        && orient(shared[0], far1[0], far2[0]).abs() <= tol * tol
                        && (far1[0].x - shared[0].x) * (far2[0].x - shared[0].x)
                            + (far1[0].y - shared[0].y) * (far2[0].y - shared[0].y)
                            > 0.0);
                if bad {
                    return Err(format!(
                        "lines {}-{} and {}-{} overlap at a spot",
                        l1.from, l1.to, l2.from, l2.to
                    ));
                }
            }
        }
    }
    // No curve passes through a spot.
    for s in d.spots() {
        for (li, poly) in polys.iter().enumerate() {
            let l = &d.lines()[li];
            let n = poly.len() - 1;
            for (i, w) in poly.windows(2).enumerate() {
                let at_start = i == 0 && l.from == s.spot;
                let at_end = i + 1 == n && l.to == s.spot;
                if at_start || at_end {
                    continue;
                }
                if dist_point_segment(s.at, w[0], w[1]) <= tol {
                    return Err(format!(
                        "line {}-{} passes through spot {}",
                        l.from, l.to, s.spot
                    ));
                }
            }
        }
    }
    Ok(())
}

fn polys_end(line: &sprouts::draw::Line) -> &Point {
    match line.pieces.last() {
        Some(sprouts::draw::Piece::Line(p)) | Some(sprouts::draw::Piece::Quad(_, p)) => p,
        None => &line.start,
    }
}

/// (b): the position read back from the geometry.
fn read_back(d: &Drawing, degrees: Vec<u8>, variant: Variant) -> Result<Position, String> {
    let where_: BTreeMap<Spot, Point> = d.spots().iter().map(|s| (s.spot, s.at)).collect();
    // Darts: 2i from `from` to `to` along line i, 2i+1 back.
    let polys: Vec<Vec<Point>> = d.lines().iter().map(polyline).collect();
    let nd = 2 * polys.len();
    let origin = |dart: usize| {
        let l = &d.lines()[dart / 2];
        if dart % 2 == 0 { l.from } else { l.to }
    };
    let path = |dart: usize| -> Vec<Point> {
        let mut p = polys[dart / 2].clone();
        if dart % 2 == 1 {
            p.reverse();
        }
        p
    };
    // Rotation at each spot: darts by angle, counter-clockwise.
    let mut at: BTreeMap<Spot, Vec<(f64, usize)>> = BTreeMap::new();
    for dart in 0..nd {
        let p = path(dart);
        let o = p[0];
        let q = p
            .iter()
            .find(|q| q.x != o.x || q.y != o.y)
            .ok_or("zero-length line")?;
        at.entry(origin(dart))
            .or_default()
            .push(((q.y - o.y).atan2(q.x - o.x), dart));
    }
    let mut ccw_next = vec![usize::MAX; nd];
    for darts in at.values_mut() {
        darts.sort_by(|a, b| a.0.total_cmp(&b.0));
        for i in 0..darts.len() {
            ccw_next[darts[i].1] = darts[(i + 1) % darts.len()].1;
        }
    }
    // Face walks with the face on the right: next(d) = ccw_next(twin(d)).
    let mut seen = vec![false; nd];
    // (sites, signed area, the darts)
    let mut walks: Vec<(Vec<Spot>, f64, Vec<usize>)> = Vec::new();
    for d0 in 0..nd {
        if seen[d0] {
            continue;
        }
        let (mut sites, mut area, mut darts) = (Vec::new(), 0.0, Vec::new());
        let mut dart = d0;
        while !seen[dart] {
            seen[dart] = true;
            sites.push(origin(dart));
            darts.push(dart);
            for w in path(dart).windows(2) {
                area += w[0].x * w[1].y - w[1].x * w[0].y;
            }
            dart = ccw_next[dart ^ 1];
        }
        walks.push((sites, area / 2.0, darts));
    }
    // Pieces (components) by union-find over lines.
    let mut parent: BTreeMap<Spot, Spot> = where_.keys().map(|&s| (s, s)).collect();
    fn find(p: &mut BTreeMap<Spot, Spot>, mut x: Spot) -> Spot {
        while p[&x] != x {
            x = p[&x];
        }
        x
    }
    for l in d.lines() {
        let (a, b) = (find(&mut parent, l.from), find(&mut parent, l.to));
        if a != b {
            parent.insert(a.max(b), a.min(b));
        }
    }
    // Each piece's walks; its outer walk has the largest signed area.
    let mut piece_walks: BTreeMap<Spot, Vec<usize>> = BTreeMap::new();
    for (wi, w) in walks.iter().enumerate() {
        let root = find(&mut parent, w.0[0]);
        piece_walks.entry(root).or_default().push(wi);
    }
    let mut outer_of: BTreeMap<Spot, Option<usize>> = BTreeMap::new();
    for &s in where_.keys() {
        let r = find(&mut parent, s);
        let outer = piece_walks.get(&r).and_then(|ws| {
            ws.iter()
                .copied()
                .max_by(|&a, &b| walks[a].1.total_cmp(&walks[b].1))
        });
        outer_of.insert(r, outer);
    }
    // Winding number of a point around a walk.
    let winding = |p: Point, wi: usize| -> i64 {
        let mut wn = 0i64;
        for &dart in &walks[wi].2 {
            for w in path(dart).windows(2) {
                let (a, b) = (w[0], w[1]);
                if a.y <= p.y {
                    if b.y > p.y && orient(a, b, p) > 0.0 {
                        wn += 1;
                    }
                } else if b.y <= p.y && orient(a, b, p) < 0.0 {
                    wn -= 1;
                }
            }
        }
        wn
    };
    // Regions: each inner walk, with the outer boundaries of the pieces it
    // holds most closely; the unbounded region holds the rest.
    let mut regions: BTreeMap<Option<usize>, Vec<Vec<Spot>>> = BTreeMap::new();
    let roots: Vec<Spot> = outer_of.keys().copied().collect();
    for (wi, w) in walks.iter().enumerate() {
        let root = find(&mut parent, w.0[0]);
        if outer_of[&root] != Some(wi) {
            regions.entry(Some(wi)).or_default().push(w.0.clone());
        }
    }
    for &r in &roots {
        let p = where_[&r];
        let mut best: Option<(f64, usize)> = None;
        for (wi, w) in walks.iter().enumerate() {
            let owner = find(&mut parent, w.0[0]);
            if owner == r || outer_of[&owner] == Some(wi) {
                continue;
            }
            if winding(p, wi) != 0 && best.is_none_or(|(a, _)| w.1.abs() < a) {
                best = Some((w.1.abs(), wi));
            }
        }
        let sites = match outer_of[&r] {
            Some(wi) => walks[wi].0.clone(),
            None => vec![r],
        };
        regions.entry(best.map(|b| b.1)).or_default().push(sites);
    }
    let regions: Vec<Vec<Vec<Spot>>> = regions.into_values().collect();
    Position::new(regions, degrees, variant).map_err(|e| format!("read back: {e}"))
}

fn degrees(p: &Position) -> Vec<u8> {
    (0..p.next_spot())
        .map(|s| if s == 0 { 0 } else { p.degree(s) })
        .collect()
}

/// Both checks on one position.
fn check(p: &Position) -> Result<(), String> {
    let d = draw(p).map_err(|e| e.to_string())?;
    check_no_crossings(&d)?;
    let back = read_back(&d, degrees(p), p.variant())?;
    if &back != p {
        return Err(format!(
            "read back {} for {}",
            back.to_hoey_full(),
            p.to_hoey_full()
        ));
    }
    Ok(())
}

#[test]
fn published_games_draw_and_read_back() {
    for game in published() {
        let replay = game.replay().expect("published games replay");
        let all: Vec<Position> = replay.positions().collect();
        let last = all.len() - 1;
        for (i, p) in all.iter().enumerate() {
            // Every third position and the last.
            if i % 3 != 2 && i != last {
                continue;
            }
            if let Err(e) = check(p) {
                panic!("{} after move {}: {e}", game.header, i + 1);
            }
        }
    }
}

#[test]
fn a_big_game_draws_and_reads_back() {
    // 30 spots, 70 moves: 100 spots and 140 lines.
    let text = include_str!("../../../../docs/random-30-spots-70-moves.hoey");
    let game = &Transcript::read_all(text, None).unwrap()[0];
    let replay = game.replay().unwrap();
    assert_eq!(replay.moves().len(), 70);
    let p = replay.position();
    assert_eq!(p.next_spot(), 101);
    check(p).unwrap();
}

#[test]
fn notes_examples_draw_and_read_back() {
    for text in [
        "5+ 1-6-2; 3-7-4; 1-8-2>; 3-9-4>1",
        "3+ 1-4-2; 2-5-3; 1-6-5.2",
        "2+ 1-3-1>",
        "4+ 1-5-2; 3-6-4; 5.1-7-6.3",
        "1+ 1-2-1",
    ] {
        let replay = text.parse::<Transcript>().unwrap().replay().unwrap();
        for p in std::iter::once(replay.start().clone()).chain(replay.positions()) {
            if let Err(e) = check(&p) {
                panic!("{text}: {}: {e}", p.to_hoey_full());
            }
        }
    }
    // Hoey's full position from docs/notations.md#hoey.
    let p = parse_position("1,6,8,7,4,7,3,9,3,7,8,6,5,6;2/3,9").unwrap();
    assert!(p.is_complete());
    check(&p).unwrap();
}

#[test]
fn read_back_notices_a_mirror_image() {
    // The check can fail: the mirror image of a drawing (every boundary
    // reversed) reads back as a different labelled position.
    let p = parse_position("1,8,2,6/3,9,4,7;2,8,1,6/4,9,3,7;5").unwrap();
    let d = draw(&p).unwrap();
    let mirrored = mirror(&d);
    let back = read_back(&mirrored, degrees(&p), p.variant()).unwrap();
    assert_ne!(back, p);
    assert_eq!(
        back,
        parse_position("6,2,8,1/7,4,9,3;6,1,8,2/7,3,9,4;5").unwrap()
    );
}

/// The drawing reflected in the y axis (through its SVG-free geometry).
fn mirror(d: &Drawing) -> Drawing {
    // Rebuild via the public fields: spots and lines are plain data.
    let flip = |p: Point| Point::new(-p.x, p.y);
    let spots: Vec<_> = d
        .spots()
        .iter()
        .map(|s| sprouts::draw::SpotMark {
            at: flip(s.at),
            ..*s
        })
        .collect();
    let lines: Vec<_> = d
        .lines()
        .iter()
        .map(|l| sprouts::draw::Line {
            from: l.from,
            to: l.to,
            start: flip(l.start),
            pieces: l
                .pieces
                .iter()
                .map(|p| match *p {
                    sprouts::draw::Piece::Line(a) => sprouts::draw::Piece::Line(flip(a)),
                    sprouts::draw::Piece::Quad(c, a) => {
                        sprouts::draw::Piece::Quad(flip(c), flip(a))
                    }
                })
                .collect(),
        })
        .collect();
    Drawing::from_parts(spots, lines)
}

#[test]
fn crossing_check_notices_a_crossing() {
    // Two lines drawn straight across each other are caught.
    let p = parse_position("1,6,2,6;3,7,4,7;5").unwrap();
    let d = draw(&p).unwrap();
    check_no_crossings(&d).unwrap();
    let at = |s: Spot| d.spots()[s as usize - 1].at;
    let mut spots = d.spots().to_vec();
    // Put 3 and 4 either side of the middle of 1-6.
    let (a, b) = (at(1), at(6));
    let mid = Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
    let (nx, ny) = (-(b.y - a.y), b.x - a.x);
    spots[2].at = Point::new(mid.x + nx, mid.y + ny);
    spots[3].at = Point::new(mid.x - nx, mid.y - ny);
    spots[6].at = spots[3].at;
    let straight = |from: Spot, to: Spot, spots: &[sprouts::draw::SpotMark]| sprouts::draw::Line {
        from,
        to,
        start: spots[from as usize - 1].at,
        pieces: vec![sprouts::draw::Piece::Line(spots[to as usize - 1].at)],
    };
    let lines = vec![straight(1, 6, &spots), straight(3, 7, &spots)];
    let crossed = Drawing::from_parts(spots, lines);
    assert_eq!(
        check_no_crossings(&crossed),
        Err("lines 1-6 and 3-7 meet".to_string())
    );
}

#[test]
fn drawing_is_deterministic() {
    let game = &published()[4];
    let p = game.replay().unwrap().position().clone();
    let a = draw(&p).unwrap().to_svg(&SvgOptions::default());
    let b = draw(&p.clone()).unwrap().to_svg(&SvgOptions::default());
    assert_eq!(a, b);
}

#[test]
fn abbreviated_and_bad_positions_are_errors() {
    let e = draw(&parse_position("1,8,4,9t,8,5;2").unwrap()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "cannot draw an abbreviated position (dead spots or regions left out): give the full position or the game"
    );
    let empty = draw(&Position::start(0, Variant::Normal)).unwrap();
    assert!(empty.spots().is_empty());
    let one = draw(&Position::start(1, Variant::Normal)).unwrap();
    assert_eq!(one.spots().len(), 1);
}

/// The positions of a random game of `n` spots, one move for each seed
/// (the first seeds the project's generator; the count is what matters).
fn random_position(n: u32, seeds: &[u64]) -> Vec<Position> {
    let mut rng = Rng::new(seeds.first().copied().unwrap_or(0));
    let mut p = Position::start(n, Variant::Normal);
    let mut out = vec![p.clone()];
    for _ in seeds {
        let Some(m) = random_move(&p, &mut rng) else {
            break;
        };
        p.play_in_place(&m).unwrap();
        out.push(p.clone());
    }
    out
}

proptest! {
    #![proptest_config(config(24))]

    #[test]
    fn random_games_draw_and_read_back(n in 1u32..=30, seeds in proptest::collection::vec(any::<u64>(), 0..90)) {
        let positions = random_position(n, &seeds);
        // The last position and one in the middle.
        let picks = [positions.len() / 2, positions.len() - 1];
        for &i in &picks {
            let p = &positions[i];
            prop_assert!(check(p).is_ok(), "{}: {:?}", p.to_hoey_full(), check(p));
        }
    }
}

/// The position's regions as plain lists.
fn lists(p: &Position) -> Vec<Vec<Vec<Spot>>> {
    p.regions()
        .iter()
        .map(|r| r.boundaries().iter().map(|b| b.sites().to_vec()).collect())
        .collect()
}

proptest! {
    #![proptest_config(config(64))]

    /// A position spoilt on purpose (one boundary reversed, two sites of a
    /// boundary swapped, or a boundary moved to another region) that the
    /// model still takes as complete is either drawn right or refused as
    /// "not a drawing"; never a panic, never a wrong picture.
    #[test]
    fn spoilt_positions_are_refused_or_drawn_right(
        n in 1u32..=8,
        seeds in proptest::collection::vec(any::<u64>(), 1..14),
        how in 0usize..3,
        pick in any::<u64>(),
    ) {
        let positions = random_position(n, &seeds);
        let p = positions.last().unwrap();
        let mut regions = lists(p);
        let r = (pick % regions.len() as u64) as usize;
        let b = ((pick >> 8) % regions[r].len() as u64) as usize;
        match how {
            0 => regions[r][b].reverse(),
            1 => {
                let len = regions[r][b].len();
                let (i, j) = (((pick >> 16) % len as u64) as usize, ((pick >> 24) % len as u64) as usize);
                regions[r][b].swap(i, j);
            }
            _ => {
                if regions.len() > 1 {
                    let moved = regions[r].remove(b);
                    let to = (r + 1 + ((pick >> 32) % (regions.len() as u64 - 1)) as usize) % regions.len();
                    regions[to].push(moved);
                    regions.retain(|x| !x.is_empty());
                }
            }
        }
        if let Ok(spoilt) = Position::new(regions, degrees(p), Variant::Normal) {
            match draw(&spoilt) {
                Ok(_) => prop_assert!(check(&spoilt).is_ok(), "{}: {:?}", spoilt.to_hoey_full(), check(&spoilt)),
                Err(e) => prop_assert!(e.to_string().starts_with("not a drawing: "), "{e}"),
            }
        }
    }
}

#[test]
fn a_mirrored_boundary_is_not_a_drawing() {
    // The docs/notations.md §2 position with one boundary reversed: every count is still
    // right, but the line 1-6 is then walked the same way from both sides.
    let p = parse_position("6,2,8,1/3,9,4,7;2,8,1,6/4,9,3,7;5").unwrap();
    assert!(p.is_complete());
    assert_eq!(
        draw(&p).unwrap_err().to_string(),
        "not a drawing: the line between spots 1 and 6 is not seen from both sides"
    );
}

/// A game drawn move by move with `draw_after`: every drawing keeps the
/// spots and curves of the one before exactly, crosses nothing and reads
/// back as the position. Returns the moves that found no room (drawn
/// afresh instead).
fn check_grown(start: &Position, moves: &[Move]) -> Result<Vec<usize>, String> {
    let mut d = draw(start).map_err(|e| e.to_string())?;
    let mut pos = start.clone();
    let mut fresh = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let after = pos.play(m).map_err(|e| e.to_string())?;
        match draw_after(&d, &pos, m) {
            Ok(next) => {
                let ns = d.spots().len();
                let nl = d.lines().len();
                for (old, new) in d.spots().iter().zip(next.spots()) {
                    if old.at != new.at || old.spot != new.spot {
                        return Err(format!("move {}: spot {} moved", i + 1, old.spot));
                    }
                }
                if next.spots().len() != ns + 1 || next.lines().len() != nl + 2 {
                    return Err(format!("move {}: not one spot and two curves more", i + 1));
                }
                if next.lines()[..nl] != d.lines()[..] {
                    return Err(format!("move {}: an old curve changed", i + 1));
                }
                check_no_crossings(&next).map_err(|e| format!("move {}: {e}", i + 1))?;
                let back = read_back(&next, degrees(&after), after.variant())
                    .map_err(|e| format!("move {}: {e}", i + 1))?;
                if back != after {
                    return Err(format!(
                        "move {}: read back {} for {}",
                        i + 1,
                        back.to_hoey_full(),
                        after.to_hoey_full()
                    ));
                }
                d = next;
            }
            Err(e) => {
                if !e.to_string().starts_with("no room to draw the line") {
                    return Err(e.to_string());
                }
                fresh.push(i + 1);
                d = draw(&after).map_err(|e| e.to_string())?;
            }
        }
        pos = after;
    }
    Ok(fresh)
}

#[test]
fn published_games_grow_move_by_move() {
    let mut fresh = 0;
    let mut total = 0;
    for game in published() {
        let replay = game.replay().unwrap();
        let moves: Vec<Move> = replay.moves().iter().map(|m| m.resolved.clone()).collect();
        let f =
            check_grown(replay.start(), &moves).unwrap_or_else(|e| panic!("{}: {e}", game.header));
        eprintln!(
            "{}: {} moves, drawn afresh: {f:?}",
            game.header,
            moves.len()
        );
        fresh += f.len();
        total += moves.len();
    }
    // Measured: 8 of the 66 moves find no room (5 of them in the 22- game).
    assert!(fresh <= 10, "{fresh} of {total} moves drawn afresh");
}

#[test]
fn random_five_spot_games_grow_move_by_move() {
    // 40 random 5-spot games to the end (random moves, many of them odd
    // loops): measured, 42 of 466 moves find no room and are drawn afresh.
    let (mut fresh, mut total) = (0, 0);
    for seed in 0..40u64 {
        let mut rng = Rng::new(seed);
        let start = Position::start(5, Variant::Normal);
        let mut p = start.clone();
        let mut moves = Vec::new();
        while let Some(m) = random_move(&p, &mut rng) {
            p.play_in_place(&m).unwrap();
            moves.push(m);
        }
        let f = check_grown(&start, &moves).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        fresh += f.len();
        total += moves.len();
    }
    eprintln!("{fresh} of {total} moves drawn afresh");
    assert!(fresh * 10 <= total, "{fresh} of {total} moves drawn afresh");
}

proptest! {
    #![proptest_config(config(8))]

    #[test]
    fn random_games_grow_move_by_move(n in 1u32..=8, seed in any::<u64>(), len in 0usize..16) {
        let mut rng = Rng::new(seed);
        let start = Position::start(n, Variant::Normal);
        let mut p = start.clone();
        let mut moves = Vec::new();
        for _ in 0..len {
            let Some(m) = random_move(&p, &mut rng) else { break };
            p.play_in_place(&m).unwrap();
            moves.push(m);
        }
        let fresh = check_grown(&start, &moves);
        prop_assert!(fresh.is_ok(), "{n} spots, seed {seed}: {fresh:?}");
    }
}

/// The spot labels of a picture: centre of each box and its width.
fn label_boxes(svg: &str) -> Vec<(String, f64, f64, f64)> {
    svg.lines()
        .filter(|l| l.starts_with("<text x=") && !l.contains("font-size"))
        .map(|l| {
            let get = |key: &str| -> f64 {
                l.split(key)
                    .nth(1)
                    .unwrap()
                    .split('"')
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap()
            };
            let text = l
                .split('>')
                .nth(1)
                .unwrap()
                .split('<')
                .next()
                .unwrap()
                .to_string();
            let width = text.len() as f64 * 13.0 * 0.6;
            // The baseline is 0.35 em below the box's centre.
            (text, get("x=\""), get("y=\"") - 13.0 * 0.35, width)
        })
        .collect()
}

fn overlapping_labels(svg: &str) -> Vec<(String, String)> {
    let boxes = label_boxes(svg);
    let mut out = Vec::new();
    for (i, a) in boxes.iter().enumerate() {
        for b in &boxes[i + 1..] {
            if (a.1 - b.1).abs() < (a.3 + b.3) / 2.0 && (a.2 - b.2).abs() < 13.0 {
                out.push((a.0.clone(), b.0.clone()));
            }
        }
    }
    out
}

#[test]
fn labels_never_overlap() {
    // Every published game at its end, drawn afresh and grown move by move
    // (the 22- game had 11 under 13 and 30 in 35).
    for game in published() {
        let replay = game.replay().unwrap();
        let svg = draw(replay.position())
            .unwrap()
            .to_svg(&SvgOptions::default());
        assert_eq!(
            label_boxes(&svg).len(),
            replay.position().next_spot() as usize - 1
        );
        assert_eq!(overlapping_labels(&svg), vec![], "{}", game.header);
        let moves: Vec<Move> = replay.moves().iter().map(|m| m.resolved.clone()).collect();
        let grown = sprouts::draw::draw_game(replay.start(), &moves).unwrap();
        let svg = grown.last().unwrap().to_svg(&SvgOptions::default());
        assert_eq!(overlapping_labels(&svg), vec![], "{} grown", game.header);
    }
}
