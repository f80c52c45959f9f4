//! Writing a position as SPOTS names it: SPOTS's simplification
//! (`Land::reduce`, `Land::split`) and its order (`Land::canonize`,
//! `Structure::sort`), followed step by step so that the text is the one
//! SPOTS computes for the same position laid out the same way
//! (docs/notations.md#spots says where SPOTS's order depends on the
//! layout).

use std::cmp::Ordering;

use crate::model::Position;
use crate::unlabelled::{Shape, Sym};

/// A site before SPOTS's letters are named: `0`, `1`, `2`, or a letter
/// (the shape's spot number).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Site {
    Zero,
    One,
    Two,
    Letter(u32),
}

// Site values in SPOTS's order (`0 < 1 < 2 < a < b < ... < A < B < ... <
// . < | < +`); only their order matters.
const ZERO: u32 = 0;
const ONE: u32 = 1;
const TWO: u32 = 2;
/// The first lower-case letter (a spot listed twice on one boundary).
const LOWER: u32 = 4;
/// The first upper-case letter (a spot listed in two regions).
const UPPER: u32 = 1 << 20;
/// The separators, after every letter.
const DOT: u32 = 1 << 30;
const BAR: u32 = DOT + 1;
const PLUS: u32 = DOT + 2;

fn is_lower(v: u32) -> bool {
    (LOWER..UPPER).contains(&v)
}

fn is_upper(v: u32) -> bool {
    (UPPER..DOT).contains(&v)
}

type Boundary = Vec<u32>;
type Region = Vec<Boundary>;
type Land = Vec<Region>;

/// The position's SPOTS text (see [`Position::to_spots`]).
pub(crate) fn spots_text(p: &Position) -> String {
    let shape = Shape::from_position(p);
    let mut lands: Vec<Land> = Vec::new();
    for land in &shape.lands {
        let sites: Vec<Vec<Vec<Site>>> = land
            .iter()
            .map(|r| {
                r.iter()
                    .map(|b| {
                        b.iter()
                            .map(|s| match s {
                                Sym::Zero => Site::Zero,
                                Sym::One => Site::One,
                                Sym::Two => Site::Two,
                                Sym::Letter(g) => Site::Letter(*g),
                            })
                            .collect()
                    })
                    .collect()
            })
            .collect();
        let reduced = reduce(sites);
        if reduced.is_empty() {
            continue;
        }
        lands.extend(split(reduced));
    }
    for land in &mut lands {
        canonize(land);
    }
    lands.sort_by(|a, b| order(&land_seq(a), &land_seq(b)));
    write(&lands)
}

/// SPOTS's `Land::reduce` (after the move's dead spots are gone): adjacent
/// sites of one letter merge, empty boundaries and regions with fewer than
/// 2 lives go, a region of 2 or 3 lives becomes one boundary (its sites
/// other than `2` and lower-case letters in order, then one `2` for each
/// `2` and each lower-case letter), a letter listed once becomes `2`.
/// Letters are named: lower case (twice on one boundary, numbered on each
/// boundary from its first site) or upper case.
fn reduce(land: Vec<Vec<Vec<Site>>>) -> Land {
    let mut regions: Vec<Vec<Vec<Site>>> = Vec::new();
    for r in land {
        let mut region = Vec::new();
        for mut b in r {
            merge_adjacent(&mut b);
            if !b.is_empty() {
                region.push(b);
            }
        }
        // SPOTS counts each listing of a letter as a life: a region is dead
        // when that count is below 2.
        let count: u32 = region
            .iter()
            .flatten()
            .map(|s| match s {
                Site::Zero => 3,
                Site::One => 2,
                _ => 1,
            })
            .sum();
        if count >= 2 {
            regions.push(region);
        }
    }
    // Name letters: lower case when twice on one boundary.
    let mut out: Land = Vec::with_capacity(regions.len());
    for r in &regions {
        let mut region = Vec::with_capacity(r.len());
        for b in r {
            let mut named = Vec::with_capacity(b.len());
            let mut lower: Vec<u32> = Vec::new();
            for s in b {
                named.push(match *s {
                    Site::Zero => ZERO,
                    Site::One => ONE,
                    Site::Two => TWO,
                    Site::Letter(g) => {
                        if b.iter().filter(|&&x| x == Site::Letter(g)).count() == 2 {
                            let i = match lower.iter().position(|&x| x == g) {
                                Some(i) => i,
                                None => {
                                    lower.push(g);
                                    lower.len() - 1
                                }
                            };
                            LOWER + i as u32
                        } else {
                            UPPER + g
                        }
                    }
                });
            }
            region.push(named);
        }
        merge_small(&mut region);
        out.push(region);
    }
    // A letter listed once in the land becomes `2`.
    let mut count = std::collections::HashMap::<u32, u32>::new();
    for &v in out.iter().flatten().flatten() {
        if is_upper(v) {
            *count.entry(v).or_default() += 1;
        }
    }
    for v in out.iter_mut().flatten().flatten() {
        if is_upper(*v) && count[v] == 1 {
            *v = TWO;
        }
    }
    out
}

/// Adjacent listings of one letter on a boundary (cyclically) become one.
fn merge_adjacent(b: &mut Vec<Site>) {
    let letter = |s: &Site| matches!(s, Site::Letter(_));
    let mut i = 0;
    while i + 1 < b.len() {
        if letter(&b[i]) && b[i] == b[i + 1] {
            b.remove(i);
        }
        i += 1;
    }
    if b.len() > 1 && letter(&b[0]) && b[0] == b[b.len() - 1] {
        b.pop();
    }
}

/// SPOTS's `Region::mergeBoundaries`: a region of 2 or 3 lives becomes one
/// boundary, its sites other than `2` and lower-case letters in order,
/// then one `2` for each `2` and each lower-case letter.
fn merge_small(region: &mut Region) {
    let half: u32 = region
        .iter()
        .flatten()
        .map(|&v| match v {
            ZERO => 6,
            ONE => 4,
            v if is_lower(v) => 1,
            _ => 2,
        })
        .sum();
    if half != 4 && half != 6 {
        return;
    }
    let mut merged = Vec::new();
    let mut halves = 0;
    for &v in region.iter().flatten() {
        if is_lower(v) {
            halves += 1;
        } else if v == TWO {
            halves += 2;
        } else {
            merged.push(v);
        }
    }
    merged.extend(std::iter::repeat_n(TWO, halves / 2));
    *region = vec![merged];
}

/// SPOTS's `Land::split`: regions linked by an upper-case letter make a
/// land; when there are several, in the order SPOTS builds them.
fn split(land: Land) -> Vec<Land> {
    let linked = |r: &Region, l: &Land| {
        r.iter()
            .flatten()
            .any(|&v| is_upper(v) && l.iter().flatten().flatten().any(|&w| w == v))
    };
    let mut lands: Vec<Land> = Vec::new();
    for region in &land {
        let mut merged: Land = Vec::new();
        let mut rest = Vec::with_capacity(lands.len() + 1);
        for l in lands {
            if linked(region, &l) {
                merged.extend(l);
            } else {
                rest.push(l);
            }
        }
        merged.push(region.clone());
        rest.push(merged);
        lands = rest;
    }
    if lands.len() > 1 { lands } else { vec![land] }
}

/// SPOTS's order of two sequences of sites (`sequence::compare`): at the
/// first place where they differ other than by the name of a letter of
/// one case, by that; if there is none, lexicographically.
fn order(a: &[u32], b: &[u32]) -> Ordering {
    let less = |a: &[u32], b: &[u32]| -> bool {
        for (&x, &y) in a.iter().zip(b) {
            if x != y && !(is_lower(x) && is_lower(y)) && !(is_upper(x) && is_upper(y)) {
                return x < y;
            }
        }
        a < b
    };
    if less(a, b) {
        Ordering::Less
    } else if less(b, a) {
        Ordering::Greater
    } else {
        Ordering::Equal
    }
}

fn boundary_seq(b: &Boundary) -> Vec<u32> {
    let mut s = b.clone();
    s.push(DOT);
    s
}

fn region_seq(r: &Region) -> Vec<u32> {
    let mut s: Vec<u32> = r.iter().flat_map(boundary_seq).collect();
    s.push(BAR);
    s
}

fn land_seq(l: &Land) -> Vec<u32> {
    let mut s: Vec<u32> = l.iter().flat_map(region_seq).collect();
    s.push(PLUS);
    s
}

/// SPOTS's `Boundary::sort`: the first least rotation.
fn sort_boundary(b: &mut Boundary) {
    let n = b.len();
    if n <= 1 {
        return;
    }
    let rot = |r: usize| -> Vec<u32> { b[r..].iter().chain(&b[..r]).copied().collect() };
    let mut best = 0;
    let mut best_seq = rot(0);
    for r in 1..n {
        let s = rot(r);
        if order(&s, &best_seq) == Ordering::Less {
            best = r;
            best_seq = s;
        }
    }
    b.rotate_left(best);
}

fn sort_boundaries(r: &mut Region) {
    for b in r.iter_mut() {
        sort_boundary(b);
    }
    r.sort_by(|a, b| order(&boundary_seq(a), &boundary_seq(b)));
}

/// SPOTS's `Region::sort`: boundaries sorted, then the same reversed; the
/// reversed one unless the other is strictly less.
fn sort_region(r: &mut Region) {
    sort_boundaries(r);
    let saved = r.clone();
    for b in r.iter_mut() {
        b.reverse();
    }
    sort_boundaries(r);
    if order(&region_seq(&saved), &region_seq(r)) == Ordering::Less {
        *r = saved;
    }
}

fn sort_land(l: &mut Land) {
    for r in l.iter_mut() {
        sort_region(r);
    }
    l.sort_by(|a, b| order(&region_seq(a), &region_seq(b)));
}

/// Upper-case letters renamed in order of first listing.
fn rename_upper(l: &mut Land) {
    let mut names: Vec<u32> = Vec::new();
    for v in l.iter_mut().flatten().flatten() {
        if is_upper(*v) {
            let i = match names.iter().position(|&x| x == *v) {
                Some(i) => i,
                None => {
                    names.push(*v);
                    names.len() - 1
                }
            };
            *v = UPPER + i as u32;
        }
    }
}

/// Lower-case letters renamed on each boundary in order of first listing.
fn rename_lower(l: &mut Land) {
    for b in l.iter_mut().flatten() {
        let mut names: Vec<u32> = Vec::new();
        for v in b.iter_mut() {
            if is_lower(*v) {
                let i = match names.iter().position(|&x| x == *v) {
                    Some(i) => i,
                    None => {
                        names.push(*v);
                        names.len() - 1
                    }
                };
                *v = LOWER + i as u32;
            }
        }
    }
}

/// SPOTS's `Land::canonize`.
fn canonize(l: &mut Land) {
    rename_upper(l);
    sort_land(l);
    let copy = l.clone();
    rename_lower(l);
    rename_upper(l);
    if *l != copy {
        sort_land(l);
    }
}

/// The text of sorted lands: letters past `l` (`Y`) make every letter of
/// that case `m(k)` (`n(k)`); runs of lone spots are shortened to `0*N`; no
/// land is `!`.
fn write(lands: &[Land]) -> String {
    if lands.is_empty() {
        return "!".to_string();
    }
    let all = || lands.iter().flatten().flatten().flatten().copied();
    let long_lower = all().any(|v| is_lower(v) && v - LOWER >= 12);
    let long_upper = all().any(|v| is_upper(v) && v - UPPER >= 25);
    let mut s = String::new();
    for (li, l) in lands.iter().enumerate() {
        if li > 0 {
            s.push('+');
        }
        for (ri, r) in l.iter().enumerate() {
            if ri > 0 {
                s.push('|');
            }
            let mut bi = 0;
            while bi < r.len() {
                if bi > 0 {
                    s.push('.');
                }
                let lone = |b: &Boundary| b.as_slice() == [ZERO];
                if lone(&r[bi]) {
                    let run = r[bi..].iter().take_while(|b| lone(b)).count();
                    s.push('0');
                    if run > 1 {
                        s.push_str(&format!("*{run}"));
                    }
                    bi += run;
                    continue;
                }
                for &v in &r[bi] {
                    match v {
                        ZERO => s.push('0'),
                        ONE => s.push('1'),
                        TWO => s.push('2'),
                        v if is_lower(v) => {
                            let i = v - LOWER;
                            if long_lower {
                                s.push_str(&format!("m({})", i + 1));
                            } else {
                                s.push(char::from(b'a' + i as u8));
                            }
                        }
                        v => {
                            let i = v - UPPER;
                            if long_upper {
                                s.push_str(&format!("n({})", i + 1));
                            } else {
                                s.push(char::from(b'A' + i as u8));
                            }
                        }
                    }
                }
                bi += 1;
            }
        }
    }
    s
}
