//! Writing the unlabelled form as text: letter names and the three
//! notations' separators, and the topology marks of regions off the plane.

use std::collections::HashMap;

use super::{Shape, ShapeLand, Sym};
use crate::model::{Position, Topology};

/// How a notation writes a shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Style {
    Glop1,
    Glop2,
    Neo,
}

impl Shape {
    /// The shape as text in a notation: letters named per land in order of
    /// first appearance, upper case for a letter on two regions and lower
    /// case for one listed twice on one boundary (see [`LetterNames`]).
    pub(crate) fn write(&self, style: Style) -> String {
        self.write_with(style, None)
    }

    /// [`Shape::write`], with a suffix after each region (`suffix[land][region]`).
    pub(crate) fn write_with(&self, style: Style, suffix: Option<&[Vec<String>]>) -> String {
        let mut out = String::new();
        for (li, land) in self.lands.iter().enumerate() {
            if li > 0 && style != Style::Glop1 {
                out.push('+');
            }
            let names = LetterNames::of_land(land, style == Style::Neo);
            for (ri, r) in land.iter().enumerate() {
                if ri > 0 {
                    match style {
                        Style::Glop1 => {}
                        Style::Glop2 => out.push('|'),
                        Style::Neo => out.push('/'),
                    }
                }
                for (bi, b) in r.iter().enumerate() {
                    if bi > 0 && style != Style::Glop1 {
                        out.push('.');
                    }
                    for &s in b {
                        match s {
                            Sym::Zero => out.push('0'),
                            Sym::One => out.push('1'),
                            Sym::Two => out.push('2'),
                            Sym::Letter(g) => out.push_str(&names.name(g)),
                        }
                    }
                    if style == Style::Glop1 {
                        out.push('.');
                    }
                }
                if let Some(t) = suffix.and_then(|x| x.get(li)).and_then(|x| x.get(ri)) {
                    out.push_str(t);
                }
                if style == Style::Glop1 {
                    out.push('}');
                }
            }
            if style == Style::Glop1 {
                out.push(']');
            }
        }
        if style == Style::Glop1 {
            out.push('!');
        }
        out
    }
}

/// Letter names of one land: a letter listed twice on one boundary (a pier)
/// gets `a`, `b`, ... in order of first appearance, any other letter (a
/// pivot) `A`, `B`, ...; when a case runs out, extended letters `&AA;`,
/// `&AB;`, ... (`&aa;`, ... for piers). neo-GLOP skips `T` and `C`, which
/// it reserves for region topologies.
pub(crate) struct LetterNames {
    names: HashMap<u32, String>,
}

impl LetterNames {
    pub(crate) fn of_land(land: &ShapeLand, neo: bool) -> LetterNames {
        // Where each letter was first seen.
        let mut first: HashMap<u32, (usize, usize)> = HashMap::new();
        let mut pier: HashMap<u32, bool> = HashMap::new();
        for (ri, r) in land.iter().enumerate() {
            for (bi, b) in r.iter().enumerate() {
                for &s in b {
                    if let Sym::Letter(g) = s {
                        match first.get(&g) {
                            None => {
                                first.insert(g, (ri, bi));
                            }
                            Some(&place) => {
                                pier.insert(g, place == (ri, bi));
                            }
                        }
                    }
                }
            }
        }
        let mut names = HashMap::new();
        let (mut upper, mut lower) = (0usize, 0usize);
        for &s in land.iter().flatten().flatten() {
            if let Sym::Letter(g) = s {
                if names.contains_key(&g) {
                    continue;
                }
                let name = if pier.get(&g).copied().unwrap_or(false) {
                    lower += 1;
                    letter_name(lower - 1, false, neo)
                } else {
                    upper += 1;
                    letter_name(upper - 1, true, neo)
                };
                names.insert(g, name);
            }
        }
        LetterNames { names }
    }

    pub(crate) fn name(&self, g: u32) -> String {
        self.names.get(&g).cloned().unwrap_or_else(|| "?".into())
    }
}

/// The `k`-th letter name (from 0) of a case.
pub(crate) fn letter_name(k: usize, upper: bool, neo: bool) -> String {
    let alphabet: Vec<u8> = (b'A'..=b'Z')
        .filter(|&c| !(neo && upper && (c == b'T' || c == b'C')))
        .map(|c| if upper { c } else { c.to_ascii_lowercase() })
        .collect();
    if k < alphabet.len() {
        return (alphabet[k] as char).to_string();
    }
    // Extended letters: two or more letters between `&` and `;`.
    let mut k = k - alphabet.len();
    let base = if upper { b'A' } else { b'a' };
    let mut word = Vec::new();
    let mut width = 2;
    let mut span = 26usize * 26;
    while k >= span {
        k -= span;
        width += 1;
        span = span.saturating_mul(26);
    }
    for _ in 0..width {
        word.push(base + (k % 26) as u8);
        k /= 26;
    }
    word.reverse();
    format!("&{};", String::from_utf8(word).unwrap_or_default())
}

/// Each region's topology mark, by land (`indices[land][i]`: the stored
/// index of the land's `i`-th region), for a position off the plane: its
/// topology, or `T0` for a planar region where a spot lies on two
/// boundaries (which only a text with marks may hold), else nothing.
pub(crate) fn surface_marks(
    pos: &Position,
    indices: &[Vec<usize>],
    mark: impl Fn(Topology) -> String,
) -> Vec<Vec<String>> {
    indices
        .iter()
        .map(|land| {
            land.iter()
                .map(|&r| {
                    let region = &pos.regions()[r];
                    let t = region.topology();
                    if !t.is_planar() || spot_on_two_boundaries(pos, r) {
                        mark(t)
                    } else {
                        String::new()
                    }
                })
                .collect()
        })
        .collect()
}

/// Whether a live spot faces region `r` from two of its boundaries.
fn spot_on_two_boundaries(pos: &Position, r: usize) -> bool {
    let mut seen: std::collections::HashMap<u32, usize> = Default::default();
    for (bi, b) in pos.regions()[r].boundaries().iter().enumerate() {
        for &s in b.sites() {
            if pos.is_live(s) && *seen.entry(s).or_insert(bi) != bi {
                return true;
            }
        }
    }
    false
}
