//! The canonical form: invariance under every symmetry on random positions
//! from random games, agreement with a brute-force canonical form on small
//! positions, and published positions.

use std::collections::HashMap;

use sprouts::canon::{canonical, simplify};
use sprouts::model::{Position, Spot, Variant};
use sprouts::notation::neoglop;
use sprouts::notation::transcript::Transcript;

use sprouts_testkit::random::{Rng, random_position};

fn regions_of(p: &Position) -> Vec<Vec<Vec<Spot>>> {
    p.regions()
        .iter()
        .map(|r| r.boundaries().iter().map(|b| b.sites().to_vec()).collect())
        .collect()
}

fn rebuild(p: &Position, regions: Vec<Vec<Vec<Spot>>>, rename: &[Spot]) -> Position {
    let n = p.next_spot() as usize;
    let mut degrees = vec![0u8; n];
    for s in 1..n {
        degrees[rename[s] as usize] = p.degree(s as Spot);
    }
    let regions = regions
        .into_iter()
        .map(|r| {
            r.into_iter()
                .map(|b| b.into_iter().map(|s| rename[s as usize]).collect())
                .collect()
        })
        .collect();
    Position::new_abbreviated(regions, degrees, Variant::Normal).expect("a valid relabelling")
}

fn shuffle<T>(rng: &mut Rng, v: &mut [T]) {
    for i in (1..v.len()).rev() {
        let j = rng.below(i + 1);
        v.swap(i, j);
    }
}

/// The same game: spots renamed, boundaries rotated, boundaries and regions
/// reordered, some regions mirrored whole.
fn symmetric_copy(rng: &mut Rng, p: &Position) -> Position {
    let mut regions = regions_of(p);
    for r in regions.iter_mut() {
        let mirror = rng.next() % 2 == 0;
        for b in r.iter_mut() {
            if mirror {
                b.reverse();
            }
            let k = rng.below(b.len());
            b.rotate_left(k);
        }
        shuffle(rng, r);
    }
    shuffle(rng, &mut regions);
    let n = p.next_spot() as usize;
    let mut rename: Vec<Spot> = (0..n as Spot).collect();
    shuffle(rng, &mut rename[1..]);
    rebuild(p, regions, &rename)
}

/// The position with one boundary (of a region with several) reversed, if any.
fn one_boundary_reversed(rng: &mut Rng, p: &Position) -> Option<Position> {
    let mut regions = regions_of(p);
    let candidates: Vec<usize> = (0..regions.len())
        .filter(|&r| regions[r].len() > 1)
        .collect();
    if candidates.is_empty() {
        return None;
    }
    let r = candidates[rng.below(candidates.len())];
    let b = (0..regions[r].len())
        .max_by_key(|&b| regions[r][b].len())
        .unwrap_or(0);
    regions[r][b].reverse();
    let identity: Vec<Spot> = (0..p.next_spot()).collect();
    Some(rebuild(p, regions, &identity))
}

#[test]
fn invariant_under_every_symmetry() {
    let mut rng = Rng::new(0x5EED_0001);
    for case in 0..150 {
        let spots = 1 + (case % 30) as u32;
        let moves = rng.below(3 * spots as usize);
        let p = random_position(&mut rng, spots, moves);
        let c = canonical(&p);
        for _ in 0..3 {
            let q = symmetric_copy(&mut rng, &p);
            assert_eq!(
                canonical(&q),
                c,
                "{} vs {}",
                p.to_hoey_full(),
                q.to_hoey_full()
            );
        }
        // The text reads back to the same canonical form.
        let again = neoglop::parse_position(&c.to_string()).unwrap();
        assert_eq!(canonical(&again), c);
    }
}

/// A test-only canonical form: the least text over every order of regions,
/// mirroring of each region, order of each region's boundaries and rotation
/// of each boundary, letters named in order of first appearance.
fn brute_force(p: &Position) -> Vec<u32> {
    let regions = regions_of(p);
    let count: HashMap<Spot, usize> = {
        let mut m = HashMap::new();
        for &s in regions.iter().flatten().flatten() {
            *m.entry(s).or_insert(0) += 1;
        }
        m
    };
    // Every way to write one region: (mirror, boundary order, rotations).
    let region_forms: Vec<Vec<Vec<Vec<Spot>>>> = regions
        .iter()
        .map(|r| {
            let mut forms = Vec::new();
            for mirror in [false, true] {
                for order in permutations(r.len()) {
                    let mut partial: Vec<Vec<Vec<Spot>>> = vec![Vec::new()];
                    for &bi in &order {
                        let mut b = r[bi].clone();
                        if mirror {
                            b.reverse();
                        }
                        let mut next = Vec::new();
                        for f in &partial {
                            for k in 0..b.len() {
                                let mut g = f.clone();
                                let mut rb = b.clone();
                                rb.rotate_left(k);
                                g.push(rb);
                                next.push(g);
                            }
                        }
                        partial = next;
                    }
                    forms.extend(partial);
                }
            }
            forms
        })
        .collect();
    let mut best: Option<Vec<u32>> = None;
    for order in permutations(regions.len()) {
        let mut stack: Vec<(usize, Vec<Vec<Vec<Spot>>>)> = vec![(0, Vec::new())];
        while let Some((k, chosen)) = stack.pop() {
            if k == order.len() {
                let key = encode(p, &chosen, &count);
                if best.as_ref().is_none_or(|b| key < *b) {
                    best = Some(key);
                }
                continue;
            }
            for f in &region_forms[order[k]] {
                let mut c = chosen.clone();
                c.push(f.clone());
                stack.push((k + 1, c));
            }
        }
    }
    best.unwrap_or_default()
}

fn encode(p: &Position, layout: &[Vec<Vec<Spot>>], count: &HashMap<Spot, usize>) -> Vec<u32> {
    let mut names: HashMap<Spot, u32> = HashMap::new();
    let mut out = Vec::new();
    for r in layout {
        for b in r {
            for &s in b {
                out.push(if count[&s] == 2 {
                    let n = names.len() as u32;
                    10 + *names.entry(s).or_insert(n)
                } else {
                    p.degree(s) as u32
                });
            }
            out.push(1000);
        }
        out.push(1001);
    }
    out
}

fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for i in 0..=p.len() {
            let mut q = p.clone();
            q.insert(i, n - 1);
            out.push(q);
        }
    }
    out
}

/// How many layouts the brute force would try.
fn layouts(p: &Position) -> f64 {
    let mut total = (1..=p.regions().len()).product::<usize>() as f64;
    for r in p.regions() {
        total *= 2.0 * (1..=r.boundaries().len()).product::<usize>() as f64;
        for b in r.boundaries() {
            total *= b.len() as f64;
        }
    }
    total
}

/// A random small structure (not necessarily from a game): 1 to 3
/// regions of 1 to 3 boundaries; letters placed twice on one boundary or
/// in two regions; `0` alone on its boundary, `1` and `2` anywhere.
fn random_structure(rng: &mut Rng) -> Option<Position> {
    let nr = 1 + rng.below(3);
    let mut regions: Vec<Vec<Vec<Spot>>> = (0..nr)
        .map(|_| (0..1 + rng.below(3)).map(|_| Vec::new()).collect())
        .collect();
    let mut degrees = vec![0u8];
    let new_spot = |d: u8, degrees: &mut Vec<u8>| {
        degrees.push(d);
        (degrees.len() - 1) as Spot
    };
    for _ in 0..3 + rng.below(8) {
        let r = rng.below(nr);
        let b = rng.below(regions[r].len());
        match rng.below(4) {
            0 if regions[r][b].is_empty() && rng.next() % 3 == 0 => {
                let s = new_spot(0, &mut degrees);
                regions[r][b].push(s);
                regions[r].push(Vec::new());
            }
            1 => {
                let s = new_spot(1 + (rng.next() % 2) as u8, &mut degrees);
                let k = rng.below(regions[r][b].len() + 1);
                regions[r][b].insert(k, s);
            }
            _ => {
                let s = new_spot(2, &mut degrees);
                let k = rng.below(regions[r][b].len() + 1);
                regions[r][b].insert(k, s);
                let (r2, b2) = if nr > 1 && rng.next() % 2 == 0 {
                    let r2 = (r + 1 + rng.below(nr - 1)) % nr;
                    (r2, rng.below(regions[r2].len()))
                } else {
                    (r, b)
                };
                let k = rng.below(regions[r2][b2].len() + 1);
                regions[r2][b2].insert(k, s);
            }
        }
    }
    let regions: Vec<Vec<Vec<Spot>>> = regions
        .into_iter()
        .map(|r| r.into_iter().filter(|b| !b.is_empty()).collect::<Vec<_>>())
        .filter(|r| !r.is_empty())
        .collect();
    Position::new_abbreviated(regions, degrees, Variant::Normal).ok()
}

#[test]
fn agrees_with_brute_force_on_small_positions() {
    let mut rng = Rng::new(0x5EED_0002);
    let mut by_brute: HashMap<Vec<u32>, String> = HashMap::new();
    let mut by_canon: HashMap<String, Vec<u32>> = HashMap::new();
    let mut checked = 0;
    let mut reversed_apart = 0;
    for case in 0..1200 {
        let spots = 2 + (case % 6) as u32;
        let moves = rng.below(2 * spots as usize + 1);
        let p = if case % 2 == 0 {
            random_position(&mut rng, spots, moves)
        } else {
            match random_structure(&mut rng) {
                Some(p) => p,
                None => continue,
            }
        };
        let p = simplify(&p);
        if layouts(&p) > 20_000.0 && case != 1 {
            continue;
        }
        let mut family = vec![p.clone(), symmetric_copy(&mut rng, &p)];
        if case == 1 {
            // A hand-made chiral pair (see reversing_one_boundary_...).
            family = vec![
                neoglop::parse_position("12A.12B/A.0/B.1.1").unwrap(),
                neoglop::parse_position("B.1.1/0.A/B21.A21").unwrap(),
                neoglop::parse_position("12A.B21/A.0/B.1.1").unwrap(),
            ];
        }
        if let Some(q) = one_boundary_reversed(&mut rng, &p) {
            family.push(q);
        }
        let mut keys = Vec::new();
        for q in family {
            let q = simplify(&q);
            let brute = brute_force(&q);
            let canon = canonical(&q).to_string();
            keys.push(brute.clone());
            let b = by_brute
                .entry(brute.clone())
                .or_insert_with(|| canon.clone());
            assert_eq!(
                *b, canon,
                "same brute-force form, different canonical texts"
            );
            let c = by_canon
                .entry(canon.clone())
                .or_insert_with(|| brute.clone());
            assert_eq!(*c, brute, "same canonical text {canon}, different games");
            checked += 1;
        }
        assert_eq!(keys[0], keys[1]);
        if keys.len() == 3 && keys[0] != keys[2] {
            reversed_apart += 1;
        }
    }
    assert!(checked > 1500, "only {checked} small positions checked");
    assert!(
        reversed_apart >= 5,
        "only {reversed_apart} reversals told apart"
    );
}

#[test]
fn reversing_one_boundary_is_not_a_symmetry() {
    // Region 1 has two boundaries whose pivots lead to regions of three
    // different kinds in the same turning sense; reversing one boundary
    // makes the senses differ, which no mirroring of whole regions undoes.
    let a = neoglop::parse_position("ABD.EFG/0.A/1B/0.0.D/0.E/1F/0.0.G").unwrap();
    let b = neoglop::parse_position("ABD.GFE/0.A/1B/0.0.D/0.E/1F/0.0.G").unwrap();
    let mirrored = neoglop::parse_position("DBA.GFE/A.0/B1/D.0.0/E.0/F1/G.0.0").unwrap();
    assert_ne!(canonical(&a), canonical(&b));
    assert_eq!(canonical(&a), canonical(&mirrored));
}

#[test]
fn published_wgosa_game_ends_in_the_notes_position() {
    let text = "10+ 1(11)1[2-9] 2(12)2[3] 4(13)4[5,6]";
    let games = Transcript::read_all(text, None).unwrap();
    let end = games[0].replay().unwrap().position().clone();
    let expected = neoglop::parse_position("0.AB/0.0.0.AB.CD.EF/0.CD/0.0.EF").unwrap();
    assert_eq!(canonical(&end), canonical(&expected));
    assert_eq!(
        canonical(&end).to_string(),
        canonical(&neoglop::parse_position("EF.0.0.0.CD.AB/DC.0/0.AB/FE.0.0").unwrap()).to_string()
    );
}

#[test]
fn canonical_texts() {
    let c = |t: &str| canonical(&neoglop::parse_position(t).unwrap()).to_string();
    // Simplifications: dead parts, adjacent letters, small regions, lands.
    assert_eq!(c("0.aa"), "0.2");
    assert_eq!(c("1.2/A/A1"), "12+12");
    assert_eq!(c("2"), "");
    assert_eq!(c("0+0+1.1"), "0+0+1.1");
    assert_eq!(c("AB/AB"), "AB/AB");
}

#[test]
fn many_interchangeable_pendant_parts() {
    // 18 boundaries `B1` of one region, each pivot leading to a region `B2`
    // (or 9, each leading to a region with two more below): the search must
    // not try every order of them.
    // (The third text was found by fuzzing: rotations of `xxxx` and both
    // readings of `A2BD2.EF` differ only by alike parts.)
    for text in [
        "^x:x2%<x1.>9<x1.>9",
        "^x:x2^y:yx.x%<y1.>91",
        "^x:x2A/A2BD2.EF/B2/D2/E2/F2:xA/A1%xxxx.xxxx.x2x",
    ] {
        let p = neoglop::parse_position(text).unwrap();
        let c = canonical(&p);
        let mut rng = Rng::new(0x5EED_0004);
        for _ in 0..3 {
            assert_eq!(canonical(&symmetric_copy(&mut rng, &p)), c, "{text}");
        }
        assert_eq!(
            canonical(&neoglop::parse_position(&c.to_string()).unwrap()),
            c
        );
    }
    assert_eq!(
        canonical(&neoglop::parse_position("^x:x2%<x1.>3").unwrap()).to_string(),
        "1A.1B.1D/A2/B2/D2"
    );
}

/// Alike parts: `k` two-boundary units on one region, each holding two
/// pendant regions (the units' orientations were once searched one by
/// one: 2^k layouts).
fn alike_units(k: usize) -> String {
    format!("^x:x2^y:yx.x%{}", vec!["y1"; k].join("."))
}

/// An extended letter for generated texts.
fn letter(k: usize) -> String {
    format!(
        "&P{}{};",
        (b'a' + (k / 26) as u8) as char,
        (b'a' + (k % 26) as u8) as char
    )
}

/// A ring of `k` alike regions `X_i X_i+1.0`.
fn ring(k: usize) -> String {
    (0..k)
        .map(|i| format!("{}{}.0", letter(i), letter((i + 1) % k)))
        .collect::<Vec<_>>()
        .join("/")
}

/// `k` alike regions `X Y.0`, each joined by two pivots to its own
/// boundary `X1Y` of one region.
fn two_pivot_parts(k: usize) -> String {
    let own: Vec<String> = (0..k)
        .map(|i| format!("{}1{}", letter(2 * i), letter(2 * i + 1)))
        .collect();
    let parts: Vec<String> = (0..k)
        .map(|i| format!("{}{}.0", letter(2 * i), letter(2 * i + 1)))
        .collect();
    format!("{}/{}", own.join("."), parts.join("/"))
}

/// A ladder ring: two rings of `k` alike regions, region `i` of the one
/// sharing a pivot with region `i` of the other (each region's two
/// orientations tie until the rings close).
fn ladder(k: usize) -> String {
    let ring = |base: usize| {
        (0..k)
            .map(|i| {
                format!(
                    "{}{}{}.0",
                    letter(base + i),
                    letter(100 + i),
                    letter(base + (i + 1) % k)
                )
            })
            .collect::<Vec<_>>()
            .join("/")
    };
    format!("{}/{}", ring(0), ring(200))
}

#[test]
fn symmetric_positions_are_invariant() {
    let texts = [
        alike_units(19),
        alike_units(40),
        format!("^x:x2%{}", vec!["x1"; 40].join(".")),
        format!("^x:x1%{}", "x".repeat(24)),
        ring(24),
        ring(41),
        two_pivot_parts(20),
        ladder(30),
        "^x:x1^y:y<x.>3x^z:z<y.>3y%<z.>3z".to_string(),
    ];
    let mut rng = Rng::new(0x5EED_0005);
    for text in &texts {
        let p = neoglop::parse_position(text).unwrap();
        let c = canonical(&p);
        for _ in 0..3 {
            assert_eq!(canonical(&symmetric_copy(&mut rng, &p)), c, "{text}");
        }
        assert_eq!(
            canonical(&neoglop::parse_position(&c.to_string()).unwrap()),
            c
        );
    }
    // The units are written one after the other, the least first.
    assert_eq!(
        canonical(&neoglop::parse_position(&alike_units(2)).unwrap()).to_string(),
        "1A.1B/ADE/BFG/D2/E2/F2/G2"
    );
    // One unit told apart from a unit whose pendants differ.
    assert_ne!(
        canonical(&neoglop::parse_position(&alike_units(19)).unwrap()),
        canonical(&neoglop::parse_position(&format!("{}.1A/AB.D/B2/D1", alike_units(18))).unwrap())
    );
}

#[test]
fn symmetric_positions_agree_with_brute_force() {
    let mut rng = Rng::new(0x5EED_0006);
    let families = [
        // Three pendants on three boundaries, and one boundary.
        vec!["^x:x2%x1.x1.x1", "^x:x2%x1.x1.x11"],
        vec!["ABD1/A2/B2/D2", "ABD1/A2/B2/D1"],
        // Rings.
        vec!["AB.0/BD.0/DA.0", "AB.0/BD.0/DA.1"],
        vec!["A1B/B1D/D1E/E1A", "A1B/B1D/D1E/E2A"],
        // A unit whose two pendants are alike: its two orientations.
        vec!["Y1/YXD/X2/D2", "Y1/YXD/X2/D1"],
    ];
    for family in families {
        let mut seen: Vec<(Vec<u32>, String)> = Vec::new();
        for text in family {
            let p = simplify(&neoglop::parse_position(text).unwrap());
            assert!(layouts(&p) < 400_000.0, "{text}");
            for q in [
                p.clone(),
                symmetric_copy(&mut rng, &p),
                symmetric_copy(&mut rng, &p),
            ] {
                let q = simplify(&q);
                let (brute, canon) = (brute_force(&q), canonical(&q).to_string());
                for (b, c) in &seen {
                    assert_eq!(*b == brute, *c == canon, "{text}: {canon} vs {c}");
                }
                seen.push((brute, canon));
            }
        }
        // The family's members are different games.
        assert_ne!(seen[0].1, seen[3].1);
    }
}

/// The solver keeps its own simplifier and exact canonical form, on its byte
/// form of lands, for speed (docs/architecture.md). They must agree with the
/// library's: on every child of random positions, the solver's lands read
/// back as a position have the child's canonical form, and two children get
/// the same exact keys exactly when they get the same canonical form.
#[test]
fn the_solvers_canonical_form_agrees_with_the_librarys() {
    use sprouts::solve::{ExactCanon, Land, decompose_with, lands_position};
    let mut rng = Rng::new(0x0ca7_0f0e_2024_0019);
    let (mut children, mut classes) = (0, 0);
    for round in 0..240 {
        let n = 1 + (round % 7) as u32;
        let moves = rng.below(3 * n as usize);
        let p = random_position(&mut rng, n, moves);
        let mut by_key: HashMap<Vec<Land>, String> = HashMap::new();
        let mut by_text: HashMap<String, Vec<Land>> = HashMap::new();
        for m in p.legal_moves() {
            let child = p.play(&m).unwrap();
            let text = canonical(&child).to_string();
            let lands = decompose_with(&child, &ExactCanon).unwrap();
            let back = lands_position(&lands).unwrap();
            assert_eq!(
                canonical(&back).to_string(),
                text,
                "the solver's lands of {} read back",
                child.to_hoey_full()
            );
            let same_text = by_key.entry(lands.clone()).or_insert_with(|| text.clone());
            assert_eq!(*same_text, text, "one key, two canonical forms");
            let same_key = by_text.entry(text).or_insert(lands.clone());
            assert_eq!(*same_key, lands, "one canonical form, two keys");
            children += 1;
        }
        classes += by_text.len();
    }
    // Enough children, and enough of them alike, for the test to mean much.
    assert!(
        children > 2000 && classes < children / 2,
        "{children} children, {classes} classes"
    );
}
