//! The canonical form of a position off the plane (docs/surfaces.md#canon).
//!
//! Each region with handles or cross-caps gets one more boundary that marks
//! its topology: `0` then `n` more `0`s for `Tn`, `0` then `n` `1`s for
//! `Cn`. No position has such a boundary (a spot with 3 lives is alone on
//! its boundary), so the planar search treats it as one more part of the
//! region: symmetries keep it in its region, and two positions that differ
//! only in which region has a handle get different layouts. The mark is
//! then written as the region's `Tn` / `Cn` suffix.
//!
//! A region with cross-caps has no orientation: each of its boundaries may
//! be read either way round independently (a boundary slide along a
//! one-sided curve reverses one boundary and nothing else). The planar
//! search mirrors whole regions only, so every choice of direction for the
//! boundaries of such regions that a reversal changes is tried, and the
//! least text is kept: the set of texts tried is the same for every
//! position of the game, so its least is an invariant.

use crate::model::{Position, Topology};
use crate::unlabelled::{Shape, ShapeLand, Sym};

use super::Canonical;
use super::search::{Graph, render};
use super::simplify::{is_gadget, simplify};

/// The most boundary directions tried per land: past it the position is
/// far beyond what the solver stores, and its boundaries are read as given
/// (the text is then a canonical text of that reading only).
const MAX_FLIPS: u32 = 16;

pub(super) fn canonical(p: &Position) -> Canonical {
    let (mut shape, indices) = Shape::from_position_indexed(p);
    for (land, idx) in shape.lands.iter_mut().zip(&indices) {
        for (region, &r) in land.iter_mut().zip(idx) {
            if let Some(g) = gadget(p.regions()[r].topology()) {
                region.push(g);
            }
        }
    }
    // Joining the boundaries of a small planar region can put the two
    // sites of a letter that lay on two of its boundaries side by side
    // (never on the plane): simplify again until nothing changes.
    let mut shape = simplify(&shape);
    loop {
        let again = simplify(&shape);
        if again == shape {
            break;
        }
        shape = again;
    }
    let mut lands: Vec<String> = shape.lands.iter().map(land_text).collect();
    lands.sort();
    Canonical { lands }
}

fn gadget(t: Topology) -> Option<Vec<Sym>> {
    match t.normalized() {
        Topology::Torus(0) => None,
        Topology::Torus(g) => Some(vec![Sym::Zero; g as usize + 1]),
        Topology::Crosscap(k) => {
            let mut v = vec![Sym::Zero];
            v.extend(std::iter::repeat_n(Sym::One, k as usize));
            Some(v)
        }
    }
}

/// Whether a region has cross-caps (its mark reads `0` then `1`s).
fn unoriented(region: &[Vec<Sym>]) -> bool {
    region
        .iter()
        .any(|b| is_gadget(b) && b.get(1) == Some(&Sym::One))
}

/// Whether reversing a boundary gives another reading than a rotation of it.
fn reversal_differs(b: &[Sym]) -> bool {
    let n = b.len();
    if n < 3 {
        return false;
    }
    let back: Vec<Sym> = b.iter().rev().copied().collect();
    !(0..n).any(|i| b[i..].iter().chain(&b[..i]).eq(back.iter()))
}

/// The least text of a land over the directions of the boundaries of its
/// regions with cross-caps.
fn land_text(land: &ShapeLand) -> String {
    let flippable: Vec<(usize, usize)> = land
        .iter()
        .enumerate()
        .filter(|(_, r)| unoriented(r))
        .flat_map(|(ri, r)| {
            r.iter()
                .enumerate()
                .filter(|(_, b)| !is_gadget(b) && reversal_differs(b))
                .map(move |(bi, _)| (ri, bi))
        })
        .collect();
    let m = flippable.len().min(MAX_FLIPS as usize);
    (0..1u32 << m)
        .map(|mask| {
            let mut l = land.clone();
            for (i, &(ri, bi)) in flippable.iter().take(m).enumerate() {
                if mask >> i & 1 == 1 {
                    l[ri][bi].reverse();
                }
            }
            marks_as_suffixes(&render(&Graph::new(&l).least_key()))
        })
        .min()
        .expect("at least one reading")
}

/// The letters of a boundary's text (`A`, `&word;`).
fn letters(b: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let len = if b.as_bytes()[i] == b'&' {
            b[i..].find(';').map_or(b.len() - i, |e| e + 1)
        } else {
            1
        };
        if b.as_bytes()[i].is_ascii_alphabetic() || b.as_bytes()[i] == b'&' {
            out.push(&b[i..i + len]);
        }
        i += len;
    }
    out
}

/// Writes each region's mark boundary (`00...` or `011...`) as its suffix,
/// and `T0` after a planar region where a letter lies on two boundaries
/// (which only a text with marks may hold).
fn marks_as_suffixes(text: &str) -> String {
    text.split('/')
        .map(|region| {
            let mut suffix = String::new();
            let kept: Vec<&str> = region
                .split('.')
                .filter(|b| {
                    let mark = b.len() >= 2 && b.starts_with('0');
                    if mark {
                        let n = b.len() - 1;
                        suffix = if b.as_bytes()[1] == b'0' {
                            format!("T{n}")
                        } else {
                            format!("C{n}")
                        };
                    }
                    !mark
                })
                .collect();
            if suffix.is_empty() {
                let mut seen = std::collections::HashMap::new();
                let shared = kept.iter().enumerate().any(|(bi, b)| {
                    letters(b)
                        .into_iter()
                        .any(|l| *seen.entry(l).or_insert(bi) != bi)
                });
                if shared {
                    suffix = "T0".to_string();
                }
            }
            format!("{}{suffix}", kept.join("."))
        })
        .collect::<Vec<_>>()
        .join("/")
}
