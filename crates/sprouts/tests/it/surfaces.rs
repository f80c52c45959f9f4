//! Sprouts on compact surfaces (docs/surfaces.md): the move generator
//! against an independent brute-force model, on the torus, the projective
//! plane and the Klein bottle.
//!
//! The brute force does not use the generator's case table. For each pair
//! of sites it traces the boundaries of the cut region as cycles of a graph
//! (corner halves joined by boundary gaps and by the two sides of the new
//! line, glued straight or crossed), then tries every assignment of the
//! traced and other boundaries to one or two sides, every topology for each
//! side and every direction of each boundary, and keeps what the
//! classification of surfaces allows: Euler characteristics add up (cutting
//! along an arc raises χ by one), every side touches the cut, and gluing
//! the band back gives the region's orientability (consistently glued onto
//! orientable sides it gives an orientable surface, otherwise not).

use std::collections::BTreeSet;

use sprouts::model::{Position, Topology, Variant};
use sprouts_testkit::minimax::Minimax;
use sprouts_testkit::random::Rng;

type Spot = u32;
/// A region up to the symmetries that keep its labels: topology, then its
/// boundaries (rotations; directions as its orientability allows).
type RegionKey = (Topology, Vec<Vec<Spot>>);
type Key = (Vec<RegionKey>, Vec<u8>);

fn least_rot(b: &[Spot]) -> Vec<Spot> {
    (0..b.len().max(1))
        .map(|i| b[i..].iter().chain(&b[..i]).copied().collect::<Vec<_>>())
        .min()
        .unwrap_or_default()
}

fn rev(b: &[Spot]) -> Vec<Spot> {
    b.iter().rev().copied().collect()
}

/// The key of a region given by its boundaries (dead spots dropped), or
/// `None` when no spot of it is live.
fn region_key(t: Topology, bs: &[Vec<Spot>], live: &dyn Fn(Spot) -> bool) -> Option<RegionKey> {
    let bs: Vec<Vec<Spot>> = bs
        .iter()
        .map(|b| b.iter().copied().filter(|&s| live(s)).collect::<Vec<_>>())
        .filter(|b| !b.is_empty())
        .collect();
    if bs.is_empty() {
        return None;
    }
    let sorted = |v: Vec<Vec<Spot>>| {
        let mut v = v;
        v.sort();
        v
    };
    let t = t.normalized();
    let key = if t.is_orientable() {
        let fwd = sorted(bs.iter().map(|b| least_rot(b)).collect());
        let back = sorted(bs.iter().map(|b| least_rot(&rev(b))).collect());
        fwd.min(back)
    } else {
        sorted(
            bs.iter()
                .map(|b| least_rot(b).min(least_rot(&rev(b))))
                .collect(),
        )
    };
    Some((t, key))
}

fn degrees(p: &Position) -> Vec<u8> {
    (1..p.next_spot()).map(|s| p.degree(s)).collect()
}

fn key_of(p: &Position) -> Key {
    let live = |s: Spot| p.is_live(s);
    let mut regions: Vec<RegionKey> = p
        .regions()
        .iter()
        .filter_map(|r| {
            let bs: Vec<Vec<Spot>> = r.boundaries().iter().map(|b| b.sites().to_vec()).collect();
            region_key(r.topology(), &bs, &live)
        })
        .collect();
    regions.sort();
    (regions, degrees(p))
}

/// A corner half or a side of the new line, as a node of the tracing graph.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Node {
    /// Site `k` of boundary `b`, part `part` (0 whole; split corners 1..=3).
    Corner(usize, usize, u8),
    Side(u8),
}

/// The boundaries left when an arc from site `s` to site `t` (boundary,
/// index) is cut out of the region, crossed (`twist`) or not: cycles of the
/// graph whose nodes have two neighbours each.
fn trace(
    bs: &[Vec<Spot>],
    s: (usize, usize),
    t: (usize, usize),
    twist: bool,
    lone: &dyn Fn(Spot) -> bool,
    c: Spot,
) -> Vec<Vec<Spot>> {
    let mut edges: Vec<(Node, Node)> = Vec::new();
    // The part of corner (b, k) an incoming gap reaches, and the one an
    // outgoing gap leaves from.
    let ends = |b: usize, k: usize| -> (Node, Node) {
        let here = (b, k);
        if here == s && s == t {
            (Node::Corner(b, k, 1), Node::Corner(b, k, 3))
        } else if here == s || here == t {
            (Node::Corner(b, k, 1), Node::Corner(b, k, 2))
        } else {
            (Node::Corner(b, k, 0), Node::Corner(b, k, 0))
        }
    };
    for &bi in &[s.0, t.0] {
        if bi == t.0 && s.0 == t.0 && !edges.is_empty() {
            break;
        }
        let n = bs[bi].len();
        for k in 0..n {
            let out = ends(bi, k).1;
            let inn = ends(bi, (k + 1) % n).0;
            edges.push((out, inn));
        }
    }
    let (x, y) = (Node::Side(0), Node::Side(1));
    if s == t {
        let (s1, s2, s3) = (
            Node::Corner(s.0, s.1, 1),
            Node::Corner(s.0, s.1, 2),
            Node::Corner(s.0, s.1, 3),
        );
        if twist {
            edges.extend([(s1, x), (x, s2), (s2, y), (y, s3)]);
        } else {
            edges.extend([(s1, x), (x, s3), (s2, y), (y, s2)]);
        }
    } else {
        let (s_in, s_out) = (Node::Corner(s.0, s.1, 1), Node::Corner(s.0, s.1, 2));
        let (t_in, t_out) = (Node::Corner(t.0, t.1, 1), Node::Corner(t.0, t.1, 2));
        if twist {
            edges.extend([(s_in, x), (x, t_in), (t_out, y), (y, s_out)]);
        } else {
            edges.extend([(s_in, x), (x, t_out), (t_in, y), (y, s_out)]);
        }
    }
    // A lone spot has one corner: the gap from it to itself closes up, so
    // its parts on either side of that gap are one corner.
    let mut same: Vec<(Node, Node)> = Vec::new();
    edges.retain(|&(u, v)| match (u, v) {
        (Node::Corner(b, k, _), Node::Corner(b2, k2, _))
            if (b, k) == (b2, k2) && lone(bs[b][k]) =>
        {
            same.push((u, v));
            false
        }
        _ => true,
    });
    let canon = |n: Node| -> Node { same.iter().find(|&&(_, v)| v == n).map_or(n, |&(u, _)| u) };
    let edges: Vec<(Node, Node)> = edges.iter().map(|&(u, v)| (canon(u), canon(v))).collect();
    let spot = |n: Node| match n {
        Node::Corner(b, k, _) => bs[b][k],
        Node::Side(_) => c,
    };
    let mut used = vec![false; edges.len()];
    let mut cycles = Vec::new();
    for start in 0..edges.len() {
        if used[start] {
            continue;
        }
        used[start] = true;
        let (first, mut at) = edges[start];
        let mut cycle = vec![spot(first)];
        while at != first {
            cycle.push(spot(at));
            let e = (0..edges.len())
                .find(|&e| !used[e] && (edges[e].0 == at || edges[e].1 == at))
                .expect("every node has two neighbours");
            used[e] = true;
            at = if edges[e].0 == at {
                edges[e].1
            } else {
                edges[e].0
            };
        }
        cycles.push(cycle);
    }
    cycles
}

/// Every topology of deficit at most `d`.
fn topologies_up_to(d: u64) -> Vec<Topology> {
    let mut v = vec![Topology::PLANE];
    for g in 1..=d / 2 {
        v.push(Topology::Torus(g as u32));
    }
    for k in 1..=d {
        v.push(Topology::Crosscap(k as u32));
    }
    v
}

fn euler(t: Topology, boundaries: usize) -> i64 {
    2 - t.deficit() as i64 - boundaries as i64
}

/// Every child of `p`, by brute force (see the module docs).
fn brute_children(p: &Position) -> BTreeSet<Key> {
    let c = p.next_spot();
    let mut out = BTreeSet::new();
    for (ri, region) in p.regions().iter().enumerate() {
        let topo = region.topology().normalized();
        let bs: Vec<Vec<Spot>> = region
            .boundaries()
            .iter()
            .map(|b| b.sites().to_vec())
            .collect();
        let sites: Vec<(usize, usize)> = (0..bs.len())
            .flat_map(|b| (0..bs[b].len()).map(move |k| (b, k)))
            .filter(|&(b, k)| p.is_live(bs[b][k]))
            .collect();
        for (i, &s) in sites.iter().enumerate() {
            for &t in &sites[i..] {
                let (a, b) = (bs[s.0][s.1], bs[t.0][t.1]);
                if s == t && p.spot_lives(a) < 2 || s != t && a == b {
                    continue;
                }
                let mut deg = degrees(p);
                deg[a as usize - 1] += 1;
                deg[b as usize - 1] += 1;
                deg.push(2);
                let live = |x: Spot| deg[x as usize - 1] < 3;
                let rest: Vec<RegionKey> = p
                    .regions()
                    .iter()
                    .enumerate()
                    .filter(|&(rj, _)| rj != ri)
                    .filter_map(|(_, r)| {
                        let bs: Vec<Vec<Spot>> =
                            r.boundaries().iter().map(|b| b.sites().to_vec()).collect();
                        region_key(r.topology(), &bs, &live)
                    })
                    .collect();
                let others: Vec<Vec<Spot>> = (0..bs.len())
                    .filter(|&k| k != s.0 && k != t.0)
                    .map(|k| bs[k].clone())
                    .collect();
                for twist in [false, true] {
                    if twist && topo.is_orientable() {
                        continue;
                    }
                    let lone = |x: Spot| p.degree(x) == 0;
                    let cut = trace(&bs, s, t, twist, &lone, c);
                    for made in sides(topo, &cut, &others, s.0 == t.0) {
                        let mut regions = rest.clone();
                        for (t, bs) in made {
                            regions.extend(region_key(t, &bs, &live));
                        }
                        regions.sort();
                        out.insert((regions, deg.clone()));
                    }
                }
            }
        }
    }
    out
}

/// The regions a cut can leave: `cut` the traced boundaries, `others` the
/// region's other boundaries.
fn sides(
    topo: Topology,
    cut: &[Vec<Spot>],
    others: &[Vec<Spot>],
    one_boundary: bool,
) -> Vec<Vec<(Topology, Vec<Vec<Spot>>)>> {
    let all: Vec<Vec<Spot>> = cut.iter().chain(others).cloned().collect();
    let n = all.len();
    let chi = euler(
        topo,
        if one_boundary {
            others.len() + 1
        } else {
            others.len() + 2
        },
    ) + 1;
    let tops = topologies_up_to(topo.deficit());
    let mut out = Vec::new();
    // side[i]: 0 or 1; boundary 0 (a traced one) is on side 0.
    for mask in 0..1u32 << n {
        if mask & 1 == 1 {
            continue;
        }
        let on =
            |side: u32| -> Vec<usize> { (0..n).filter(|&i| (mask >> i & 1) == side).collect() };
        let (s0, s1) = (on(0), on(1));
        // Every side touches the cut.
        let two = !s1.is_empty();
        if two && !s1.iter().any(|&i| i < cut.len()) {
            continue;
        }
        let groups: Vec<Vec<usize>> = if two { vec![s0, s1] } else { vec![s0] };
        let choices: Vec<Vec<Topology>> = if two {
            tops.iter()
                .flat_map(|&x| tops.iter().map(move |&y| vec![x, y]))
                .collect()
        } else {
            tops.iter().map(|&x| vec![x]).collect()
        };
        for ts in choices {
            let sum: i64 = groups
                .iter()
                .zip(&ts)
                .map(|(g, &t)| euler(t, g.len()))
                .sum();
            if sum != chi {
                continue;
            }
            let all_orientable = ts.iter().all(|t| t.is_orientable());
            // Directions: each boundary of an orientable side either way
            // round, relative to the traced ones.
            for flips in 0..1u32 << n {
                if topo.is_orientable() && flips != 0 {
                    continue;
                }
                let flipped = |i: usize| flips >> i & 1 == 1;
                if ts
                    .iter()
                    .zip(&groups)
                    .any(|(t, g)| !t.is_orientable() && g.iter().any(|&i| flipped(i)))
                {
                    continue;
                }
                // Glue the band back. Onto one boundary it cuts it in two
                // when glued along the boundary's direction and keeps it
                // whole when glued against it; between two boundaries it
                // follows both directions when they read as traced. So: a
                // join (one traced boundary made of two) is consistent, a
                // crossed cut (one made of one) is not, and a two-sided cut
                // is consistent when separating, or when its two traced
                // boundaries keep their relative direction.
                let consistent = all_orientable
                    && if two {
                        true
                    } else if cut.len() == 2 {
                        flipped(0) == flipped(1)
                    } else {
                        !one_boundary
                    };
                let orientable_after = consistent;
                if orientable_after != topo.is_orientable() {
                    continue;
                }
                let made: Vec<(Topology, Vec<Vec<Spot>>)> = groups
                    .iter()
                    .zip(&ts)
                    .map(|(g, &t)| {
                        let bs = g
                            .iter()
                            .map(|&i| {
                                if flipped(i) {
                                    rev(&all[i])
                                } else {
                                    all[i].clone()
                                }
                            })
                            .collect();
                        (t, bs)
                    })
                    .collect();
                out.push(made);
            }
        }
    }
    out
}

fn generator_children(p: &Position) -> BTreeSet<Key> {
    p.children().unwrap().iter().map(key_of).collect()
}

#[test]
fn brute_force_agrees_on_first_moves() {
    for t in [
        Topology::Torus(1),
        Topology::Crosscap(1),
        Topology::Crosscap(2),
        Topology::Torus(2),
        Topology::Crosscap(3),
    ] {
        for n in 1..=3 {
            let p = Position::start_on(n, t, Variant::Normal);
            assert_eq!(generator_children(&p), brute_children(&p), "{t}, {n} spots");
        }
    }
}

#[test]
fn brute_force_agrees_on_random_positions() {
    let mut rng = Rng::new(23);
    let mut compared = 0;
    for t in [
        Topology::Torus(1),
        Topology::Crosscap(1),
        Topology::Crosscap(2),
    ] {
        for game in 0..12 {
            let mut p = Position::start_on(2 + game % 3, t, Variant::Normal);
            for _ in 0..6 {
                let made = generator_children(&p);
                let brute = brute_children(&p);
                assert_eq!(made, brute, "{t}: {:?}", p.regions());
                // Distinct children up to the region's own symmetries.
                assert_eq!(made.len(), brute.len());
                compared += 1;
                let kids = p.children().unwrap();
                if kids.is_empty() {
                    break;
                }
                p = kids[rng.below(kids.len())].clone();
            }
        }
    }
    assert!(compared > 150, "{compared}");
}

#[test]
fn planar_children_are_the_legal_moves() {
    let mut rng = Rng::new(5);
    for n in 1..=5 {
        let mut p = Position::start(n, Variant::Normal);
        loop {
            let kids = p.children().unwrap();
            assert_eq!(kids.len(), p.legal_moves().count());
            let played: BTreeSet<_> = p
                .legal_moves()
                .map(|m| p.play(&m).unwrap().reduced())
                .collect();
            let made: BTreeSet<_> = kids.iter().map(|q| q.reduced()).collect();
            assert_eq!(played, made);
            if kids.is_empty() {
                break;
            }
            p = kids[rng.below(kids.len())].clone();
        }
    }
}

/// A random position on `t` after `moves` random moves.
fn random_on(t: Topology, spots: u32, moves: usize, rng: &mut Rng) -> Position {
    let mut p = Position::start_on(spots, t, Variant::Normal);
    for _ in 0..moves {
        let kids = p.children().unwrap();
        if kids.is_empty() {
            break;
        }
        p = kids[rng.below(kids.len())].clone();
    }
    p
}

/// The same game drawn otherwise: spots renamed, regions and boundaries
/// reordered and turned, some orientable regions mirrored whole, and in
/// regions with cross-caps some boundaries reversed alone.
fn disguised(p: &Position, rng: &mut Rng) -> Position {
    let n = p.next_spot() as usize;
    let mut names: Vec<u32> = (1..n as u32).collect();
    for i in (1..names.len()).rev() {
        names.swap(i, rng.below(i + 1));
    }
    let name = |s: u32| names[s as usize - 1];
    let mut degrees = vec![0u8; n];
    for s in 1..n as u32 {
        degrees[name(s) as usize] = p.degree(s);
    }
    let mut regions: Vec<(Vec<Vec<u32>>, Topology)> = p
        .regions()
        .iter()
        .map(|r| {
            let t = r.topology();
            let mirror = t.is_orientable() && rng.below(2) == 1;
            let mut bs: Vec<Vec<u32>> = r
                .boundaries()
                .iter()
                .map(|b| {
                    let mut v: Vec<u32> = b.sites().iter().map(|&s| name(s)).collect();
                    let k = rng.below(v.len());
                    v.rotate_left(k);
                    if mirror || !t.is_orientable() && rng.below(2) == 1 {
                        v.reverse();
                    }
                    v
                })
                .collect();
            for i in (1..bs.len()).rev() {
                bs.swap(i, rng.below(i + 1));
            }
            (bs, t)
        })
        .collect();
    for i in (1..regions.len()).rev() {
        regions.swap(i, rng.below(i + 1));
    }
    Position::new_on_surface(regions, degrees, p.variant()).expect("a disguised position is valid")
}

#[test]
fn canonical_forms_keep_the_symmetries_of_each_region() {
    use sprouts::canon::canonical;
    let mut rng = Rng::new(7);
    for t in [
        Topology::Torus(1),
        Topology::Crosscap(1),
        Topology::Crosscap(2),
        Topology::Torus(2),
    ] {
        for game in 0..20 {
            let p = random_on(t, 2 + game % 4, 1 + game as usize % 5, &mut rng);
            let c = canonical(&p);
            for _ in 0..3 {
                let q = disguised(&p, &mut rng);
                assert_eq!(
                    canonical(&q),
                    c,
                    "{t}: {} and {}",
                    p.to_neoglop(),
                    q.to_neoglop()
                );
            }
            // The canonical text reads back to the same game.
            let back = sprouts::notation::neoglop::parse_position(&c.to_string()).unwrap();
            assert_eq!(canonical(&back), c);
            // Children agree up to the canonical form.
            let kids = |p: &Position| -> BTreeSet<String> {
                p.children()
                    .unwrap()
                    .iter()
                    .map(|k| canonical(k).to_string())
                    .collect()
            };
            assert_eq!(kids(&p), kids(&disguised(&p, &mut rng)));
        }
    }
}

#[test]
fn topology_is_part_of_the_canonical_form() {
    use sprouts::canon::canonical;
    use sprouts::notation::neoglop::parse_position as neo;
    let c = |s: &str| canonical(&neo(s).unwrap()).to_string();
    // Which region has the handle matters.
    assert_ne!(c("0.0.AB/ABT1"), c("0.0.ABT1/AB"));
    assert_eq!(c("0.0.ABT1/AB"), "AB.0.0T1/AB");
    // Handles, cross-caps and the plane are different games' marks.
    let all: BTreeSet<String> = ["0.0", "0.0T1", "0.0T2", "0.0C1", "0.0C2", "0.0C3"]
        .iter()
        .map(|s| c(s))
        .collect();
    assert_eq!(all.len(), 6);
    assert_eq!(c("0.0C0"), "0.0");
    // A region with at most 3 lives keeps its boundaries off the plane.
    assert_eq!(c("1.2T1"), "1.2T1");
    assert_eq!(c("1.2"), "12");
    // Reversing one boundary alone: a symmetry with cross-caps only.
    let one_way = "12A.12BC1/AB";
    let other_way = "12A.21BC1/AB";
    assert_eq!(c(one_way), c(other_way));
    for t in ["T1", "T0"] {
        let on = |s: &str| s.replace("C1", t);
        assert_ne!(c(&on(one_way)), c(&on(other_way)), "{t}");
    }
    // Mirroring a whole region is a symmetry everywhere.
    assert_eq!(c("12A.12BT1/AB"), c("A21.B21T1/AB"));
}

#[test]
fn neo_glop_and_glop2_keep_topologies() {
    use sprouts::canon::canonical;
    use sprouts::notation::{glop2, neoglop};
    let mut rng = Rng::new(11);
    for t in [
        Topology::Torus(1),
        Topology::Crosscap(1),
        Topology::Crosscap(2),
        Topology::Torus(3),
    ] {
        for game in 0..15 {
            let p = random_on(t, 1 + game % 4, game as usize % 6, &mut rng);
            let text = p.to_neoglop();
            let q = neoglop::parse_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(q.to_neoglop(), text);
            assert_eq!(canonical(&q), canonical(&p), "{text}");
            let text = p.to_glop2();
            let q = glop2::parse_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(q.to_glop2(), text);
            assert_eq!(canonical(&q), canonical(&p), "{text}");
        }
    }
    // GLOP 2 writes handles as @g and cross-caps as @-k.
    let p = Position::start_on(2, Topology::Crosscap(2), Variant::Normal);
    assert_eq!(p.to_glop2(), "0.0@-2");
    assert_eq!(
        glop2::parse_position("0.0@-2").unwrap().regions()[0].topology(),
        Topology::Crosscap(2)
    );
    assert_eq!(
        glop2::parse_position("0@3|1").unwrap().to_neoglop(),
        "0T3+1"
    );
    assert_eq!(
        Position::start_on(3, Topology::Torus(1), Variant::Normal).to_neoglop(),
        "0.0.0T1"
    );
}

#[test]
fn the_solver_agrees_with_minimax_off_the_plane() {
    use sprouts::solve::Solver;
    let mut rng = Rng::new(3);
    for variant in [Variant::Normal, Variant::Misere] {
        let mut minimax = Minimax::new();
        let mut solver = Solver::new();
        for t in [
            Topology::Torus(1),
            Topology::Crosscap(1),
            Topology::Crosscap(2),
        ] {
            for n in 1..=3 {
                let p = Position::start_on(n, t, variant);
                assert_eq!(
                    solver.win(&p).unwrap(),
                    minimax.wins(&p),
                    "{t} {n} {variant}"
                );
            }
            for game in 0..8 {
                let p = random_on(t, 3 + game % 2, 1 + game as usize % 4, &mut rng)
                    .with_variant(variant);
                assert_eq!(
                    solver.win(&p).unwrap(),
                    minimax.wins(&p),
                    "{}",
                    p.to_neoglop()
                );
            }
        }
    }
}

/// Reads a text with a position reader; whatever reads must be written,
/// read back to the same canonical form, and played off the plane too.
fn exercise(
    text: &str,
    read: fn(&str) -> Result<Position, sprouts::notation::PositionTextError>,
    write: fn(&Position) -> String,
) {
    use sprouts::canon::canonical;
    let Ok(p) = read(text) else {
        return;
    };
    let c = canonical(&p);
    let written = write(&p);
    let q = read(&written).unwrap_or_else(|e| panic!("{text:?} -> {written:?}: {e}"));
    assert_eq!(canonical(&q), c, "{text:?} -> {written:?}");
    let k =
        sprouts::notation::neoglop::parse_position(&c.to_string()).expect("a canonical text reads");
    assert_eq!(canonical(&k), c, "{text:?}");
    let boundaries: usize = p.regions().iter().map(|r| r.boundaries().len()).sum();
    if boundaries <= 8 {
        if let Ok(kids) = p.children() {
            for kid in kids.iter().take(8) {
                let _ = canonical(kid);
            }
        }
    }
}

proptest::proptest! {
    #![proptest_config(sprouts_testkit::strategies::config(400))]

    #[test]
    fn readers_with_topologies_never_panic(s in "[0-2ABDabc.()/+|TC@0-9\\-]{0,24}") {
        use sprouts::notation::{glop2, neoglop};
        exercise(&s, neoglop::parse_position, |p| p.to_neoglop());
        exercise(&s, glop2::parse_position, |p| p.to_glop2());
    }
}

/// The worked examples of docs/surfaces.md, move by move.
#[test]
fn worked_examples_of_the_rules() {
    let on = |t: Topology, bs: Vec<Vec<u32>>, degrees: Vec<u8>| {
        Position::new_on_surface(vec![(bs, t)], degrees, Variant::Normal).unwrap()
    };
    let child_regions = |p: &Position| -> BTreeSet<Vec<RegionKey>> {
        p.children().unwrap().iter().map(|c| key_of(c).0).collect()
    };
    let live = |_: u32| true;
    let region = |t: Topology, bs: &[&[u32]]| {
        let bs: Vec<Vec<u32>> = bs.iter().map(|b| b.to_vec()).collect();
        region_key(t, &bs, &live).unwrap()
    };
    // Rule 3, one-sided: [a, x, b, y] cut from a to b through the cross-cap.
    let p = on(
        Topology::Crosscap(1),
        vec![vec![1, 2, 3, 4]],
        vec![0, 1, 1, 1, 1],
    );
    let kids = child_regions(&p);
    assert!(kids.contains(&vec![region(Topology::PLANE, &[&[1, 2, 3, 5, 1, 4, 3, 5]])]));
    let p = on(
        Topology::Crosscap(2),
        vec![vec![1, 2, 3, 4, 6]],
        vec![0, 1, 1, 1, 1, 3, 1],
    );
    let kids = child_regions(&p);
    // With 2 cross-caps one is left; the part after b reads backwards.
    let w = region(Topology::Crosscap(1), &[&[1, 2, 3, 7, 1, 6, 4, 3, 7]]);
    assert!(kids.contains(&vec![w]));
    // Rule 1 without orientation: the second boundary either way round.
    let bs = vec![vec![1, 2, 3], vec![4, 5, 6]];
    let degrees = vec![0, 1, 1, 1, 1, 1, 1];
    let straight: &[u32] = &[1, 7, 4, 5, 6, 4, 7, 1, 2, 3];
    let crossed: &[u32] = &[1, 7, 4, 6, 5, 4, 7, 1, 2, 3];
    let kids = child_regions(&on(Topology::Crosscap(1), bs.clone(), degrees.clone()));
    assert!(kids.contains(&vec![region(Topology::Crosscap(1), &[straight])]));
    assert!(kids.contains(&vec![region(Topology::Crosscap(1), &[crossed])]));
    assert_ne!(
        region(Topology::Crosscap(1), &[straight]),
        region(Topology::Crosscap(1), &[crossed])
    );
    let kids = child_regions(&on(Topology::Torus(1), bs, degrees));
    assert!(kids.contains(&vec![region(Topology::Torus(1), &[straight])]));
    assert!(!kids.contains(&vec![region(Topology::Torus(1), &[crossed])]));
    // Rule 2 on the Klein bottle, one spot: the four kinds of curves.
    let kids = child_regions(&Position::start_on(
        1,
        Topology::Crosscap(2),
        Variant::Normal,
    ));
    let want: BTreeSet<Vec<RegionKey>> = [
        vec![
            region(Topology::Crosscap(1), &[&[1, 2]]),
            region(Topology::Crosscap(1), &[&[1, 2]]),
        ],
        vec![
            region(Topology::PLANE, &[&[1, 2]]),
            region(Topology::Crosscap(2), &[&[1, 2]]),
        ],
        vec![region(Topology::PLANE, &[&[1, 2], &[2, 1]])],
        vec![region(Topology::Crosscap(1), &[&[1, 2, 1, 2]])],
    ]
    .into_iter()
    .map(|mut v| {
        v.sort();
        v
    })
    .collect();
    assert_eq!(kids, want);
    // Rule 2 on the torus: the separating loop and the one around the handle.
    let kids = child_regions(&Position::start_on(1, Topology::Torus(1), Variant::Normal));
    assert_eq!(kids.len(), 2);
    assert!(kids.contains(&vec![region(Topology::PLANE, &[&[1, 2], &[1, 2]])]));
    // Counts of the docs' table.
    for (t, counts) in [
        (Topology::PLANE, [1, 3, 9, 22]),
        (Topology::Torus(1), [2, 7, 18, 42]),
        (Topology::Crosscap(1), [2, 7, 18, 42]),
        (Topology::Crosscap(2), [4, 11, 27, 62]),
    ] {
        for (n, &want) in (1..).zip(&counts) {
            assert_eq!(
                Position::start_on(n, t, Variant::Normal)
                    .children()
                    .unwrap()
                    .len(),
                want,
                "{t} {n}"
            );
        }
    }
}
