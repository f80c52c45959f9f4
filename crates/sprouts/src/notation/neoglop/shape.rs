//! The unlabelled form shared by GLOP 1.0, GLOP 2 and neo-GLOP: lands of
//! regions of boundaries of symbols, read into and written from the labelled
//! model.

use std::collections::HashMap;

use crate::model::{Position, PositionError, Spot, Topology, Variant};
use crate::notation::error::PositionTextError;
use crate::union_find::UnionFind;

/// One site of an unlabelled position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Sym {
    /// A spot with 3 lives (degree 0).
    Zero,
    /// A spot with 2 lives (degree 1).
    One,
    /// A spot with 1 life listed once (degree 2).
    Two,
    /// A spot with 1 life listed twice; the number names it within the shape.
    Letter(u32),
}

/// Regions of boundaries of symbols.
pub(crate) type Land = Vec<Vec<Vec<Sym>>>;

/// An unlabelled position: its lands. Every letter occurs exactly twice,
/// within one land, never on two boundaries of one region. (Letters here
/// are spot numbers; how texts reuse letter names is `match_land`'s
/// business.)
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Shape {
    pub(crate) lands: Vec<Land>,
}

/// How a notation writes a shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Style {
    Glop1,
    Glop2,
    Neo,
}

impl Shape {
    /// The live part of a labelled position: dead spots, empty boundaries
    /// and regions without a live spot dropped; regions grouped into lands
    /// (linked by spots listed in two regions), in stored order.
    pub(crate) fn from_position(p: &Position) -> Shape {
        Shape::from_position_indexed(p).0
    }

    /// [`Shape::from_position`], with the stored index of every region kept.
    pub(crate) fn from_position_indexed(p: &Position) -> (Shape, Vec<Vec<usize>>) {
        let regions: Vec<(usize, Vec<Vec<Spot>>)> = p
            .regions()
            .iter()
            .enumerate()
            .map(|(index, r)| {
                (
                    index,
                    r.boundaries()
                        .iter()
                        .map(|b| {
                            b.sites()
                                .iter()
                                .copied()
                                .filter(|&s| p.is_live(s))
                                .collect::<Vec<_>>()
                        })
                        .filter(|b| !b.is_empty())
                        .collect::<Vec<_>>(),
                )
            })
            .filter(|(_, r)| !r.is_empty())
            .collect();
        let n = p.next_spot() as usize;
        let mut count = vec![0u8; n];
        let mut first_region = vec![usize::MAX; n];
        let mut uf = UnionFind::new(regions.len());
        for (ri, (_, r)) in regions.iter().enumerate() {
            for &s in r.iter().flatten() {
                let su = s as usize;
                count[su] = count[su].saturating_add(1);
                if first_region[su] == usize::MAX {
                    first_region[su] = ri;
                } else if first_region[su] != ri {
                    uf.union(ri, first_region[su]);
                }
            }
        }
        let sym = |s: Spot| match p.degree(s) {
            0 => Sym::Zero,
            1 => Sym::One,
            _ if count[s as usize] >= 2 => Sym::Letter(s),
            _ => Sym::Two,
        };
        let mut land_of_root: HashMap<usize, usize> = HashMap::new();
        let mut lands: Vec<Land> = Vec::new();
        let mut indices: Vec<Vec<usize>> = Vec::new();
        for (ri, (index, r)) in regions.iter().enumerate() {
            let root = uf.find(ri);
            let li = *land_of_root.entry(root).or_insert_with(|| {
                lands.push(Vec::new());
                indices.push(Vec::new());
                lands.len() - 1
            });
            indices[li].push(*index);
            lands[li].push(
                r.iter()
                    .map(|b| b.iter().map(|&s| sym(s)).collect())
                    .collect(),
            );
        }
        (Shape { lands }, indices)
    }

    /// The labelled position: spots numbered from 1 in order of first
    /// appearance (lands, regions, boundaries, sites in order).
    pub(crate) fn to_position(&self) -> Result<Position, PositionError> {
        let (regions, degrees) = self.spots();
        Position::new_abbreviated(regions, degrees, Variant::Normal)
    }

    /// [`Shape::to_position`] with each region's topology (in order).
    pub(crate) fn to_position_on(
        &self,
        topologies: &[Topology],
    ) -> Result<Position, PositionError> {
        let (regions, degrees) = self.spots();
        let regions = regions
            .into_iter()
            .enumerate()
            .map(|(i, r)| (r, topologies.get(i).copied().unwrap_or(Topology::PLANE)))
            .collect();
        Position::new_on_surface(regions, degrees, Variant::Normal)
    }

    /// The regions with spots numbered in order of first appearance, and
    /// their degrees.
    #[allow(clippy::type_complexity)]
    fn spots(&self) -> (Vec<Vec<Vec<Spot>>>, Vec<u8>) {
        let mut ids: HashMap<u32, Spot> = HashMap::new();
        let mut degrees: Vec<u8> = vec![0];
        let mut regions = Vec::new();
        for land in &self.lands {
            for r in land {
                let mut region = Vec::with_capacity(r.len());
                for b in r {
                    let mut out = Vec::with_capacity(b.len());
                    for &s in b {
                        let spot = match s {
                            Sym::Letter(g) => *ids.entry(g).or_insert_with(|| {
                                degrees.push(2);
                                (degrees.len() - 1) as Spot
                            }),
                            other => {
                                degrees.push(match other {
                                    Sym::Zero => 0,
                                    Sym::One => 1,
                                    _ => 2,
                                });
                                (degrees.len() - 1) as Spot
                            }
                        };
                        out.push(spot);
                    }
                    region.push(out);
                }
                regions.push(region);
            }
        }
        (regions, degrees)
    }

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
    pub(crate) fn of_land(land: &Land, neo: bool) -> LetterNames {
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

/// A site as read from a text, before letters are matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Item {
    Zero,
    One,
    Two,
    /// A letter as written (an interned key) and the byte where it is.
    Named(u32, usize),
}

/// Text lands: regions of boundaries of items.
pub(crate) type TextLand = Vec<Vec<Vec<Item>>>;

/// Matches the letters of each land (see [`match_land`]) and numbers them.
/// `names[key]` is how the letter was written, for messages; letters are
/// numbered from `next_bound`.
pub(crate) fn match_letters(
    lands: Vec<TextLand>,
    names: &[String],
    next_bound: u32,
    surface: bool,
) -> Result<Shape, PositionTextError> {
    let mut next = next_bound;
    let mut out = Vec::with_capacity(lands.len());
    for (li, land) in lands.iter().enumerate() {
        out.push(match_land(
            land,
            names,
            &format!("land {}", li + 1),
            &mut next,
            surface,
        )?);
    }
    Ok(Shape { lands: out })
}

/// Why a letter is listed exactly twice, for the messages.
const TWICE: &str = "a letter names a spot with 1 life listed exactly twice: twice in one region, or once in each of two regions";

/// Matches the letters of one land (`what` names it in messages), numbering
/// spots from `*next` in order of first appearance. This is the one place
/// where the GLOP 1.0, GLOP 2 and neo-GLOP readers decide which letters
/// name the same spot:
///
/// - a letter listed twice in one region names a spot of that region only
///   (a pier): another region may use the same letter for another spot, as
///   the GLOP 1.0 manual's `0.aaABC.}0.1ab1bcDca.ACB.}` does with `a`. Its
///   two sites must be on one boundary (two boundaries of one region need a
///   non-planar surface);
/// - a letter listed once in a region is matched across the land: it must
///   be listed once in exactly one other region (a pivot);
/// - a letter listed three times in one region, in three regions, or in
///   one region only once, is an error.
///
/// The case of a letter does not matter here: GLOP writes piers in lower
/// case and pivots in upper case, and neo-GLOP allows "any letter for any
/// purpose"; these rules read every text that follows the convention the
/// same way as a case-strict reading, and still read one that does not.
/// (The neo-GLOP thread matches piers per boundary; per region is the same
/// for planar texts, and calls `aa.a` an error rather than a pier and half
/// a pivot.)
///
/// Time is linear in the number of sites: two maps keyed by letter, whose
/// entries for an earlier region are overwritten rather than cleared.
pub(crate) fn match_land(
    land: &TextLand,
    names: &[String],
    what: &str,
    next: &mut u32,
    surface: bool,
) -> Result<Land, PositionTextError> {
    let name = |key: u32| names.get(key as usize).map_or("?", |s| s.as_str());
    // key -> (region, count in it, first byte, first boundary, local number)
    let mut in_region: HashMap<u32, (usize, u32, usize, usize, u32)> = HashMap::new();
    // key -> (number, regions listing it once, first byte): pivots.
    let mut in_land: HashMap<u32, (u32, u32, usize)> = HashMap::new();
    // key -> a region where the letter named a pier, for the messages.
    let mut pier_region: HashMap<u32, usize> = HashMap::new();
    let mut shaped: Land = Vec::with_capacity(land.len());
    for (ri, r) in land.iter().enumerate() {
        // First count each letter within the region ...
        for (bi, b) in r.iter().enumerate() {
            for &item in b {
                let Item::Named(key, at) = item else {
                    continue;
                };
                let e = in_region.entry(key).or_insert((ri, 0, at, bi, u32::MAX));
                if e.0 != ri {
                    *e = (ri, 0, at, bi, u32::MAX);
                }
                e.1 += 1;
                if e.1 == 3 {
                    return Err(PositionTextError::Invalid(format!(
                        "letter {} occurs a third time at byte {at} in region {} of {what} ({TWICE})",
                        name(key),
                        ri + 1
                    )));
                }
            }
        }
        // ... then number it: local to the region when listed twice in it.
        let mut region = Vec::with_capacity(r.len());
        for (bi, b) in r.iter().enumerate() {
            let mut bound = Vec::with_capacity(b.len());
            for &item in b {
                bound.push(match item {
                    Item::Zero => Sym::Zero,
                    Item::One => Sym::One,
                    Item::Two => Sym::Two,
                    Item::Named(key, at) => {
                        let e = in_region
                            .get_mut(&key)
                            .expect("counted in the first pass");
                        if e.1 == 2 {
                            if e.3 != bi && !surface {
                                return Err(PositionTextError::Invalid(format!(
                                    "letter {} (bytes {} and {at}) lies on two boundaries of one region, which only a region off the plane allows (mark its surface: Tn or Cn in neo-GLOP, @g in GLOP 2)",
                                    name(key),
                                    e.2
                                )));
                            }
                            if e.4 == u32::MAX {
                                e.4 = *next;
                                *next += 1;
                                pier_region.entry(key).or_insert(ri);
                            }
                            Sym::Letter(e.4)
                        } else {
                            let l = in_land.entry(key).or_insert_with(|| {
                                *next += 1;
                                (*next - 1, 0, at)
                            });
                            l.1 += 1;
                            if l.1 == 3 {
                                return Err(PositionTextError::Invalid(format!(
                                    "letter {} at byte {at} is in a third region of {what} (first at byte {}; {TWICE})",
                                    name(key),
                                    l.2
                                )));
                            }
                            Sym::Letter(l.0)
                        }
                    }
                });
            }
            region.push(bound);
        }
        shaped.push(region);
    }
    let mut once: Vec<(usize, u32)> = in_land
        .iter()
        .filter(|(_, v)| v.1 == 1)
        .map(|(&k, v)| (v.2, k))
        .collect();
    once.sort_unstable();
    if let Some(&(at, key)) = once.first() {
        let pier = pier_region.get(&key).map_or(String::new(), |r| {
            format!(
                "; in region {} it names another spot, listed twice there",
                r + 1
            )
        });
        return Err(PositionTextError::Invalid(format!(
            "letter {} at byte {at} occurs only once in {what} ({TWICE}; write 2 for one listed once{pier})",
            name(key)
        )));
    }
    Ok(shaped)
}

/// Interns letter spellings.
#[derive(Default)]
pub(crate) struct Interner {
    pub(crate) names: Vec<String>,
    index: HashMap<String, u32>,
}

impl Interner {
    pub(crate) fn key(&mut self, name: &str) -> u32 {
        if let Some(&k) = self.index.get(name) {
            return k;
        }
        self.names.push(name.to_string());
        self.index
            .insert(name.to_string(), (self.names.len() - 1) as u32);
        (self.names.len() - 1) as u32
    }
}

/// The labelled position of a shape, or why the model refuses it.
pub(crate) fn shape_to_position(shape: &Shape) -> Result<Position, PositionTextError> {
    shape.to_position().map_err(PositionTextError::Model)
}

/// [`shape_to_position`] for a text with topology marks: `topologies`
/// gives each region's, in the shape's order (lands, then regions).
pub(crate) fn shape_to_position_on(
    shape: &Shape,
    topologies: Option<&[Topology]>,
) -> Result<Position, PositionTextError> {
    let Some(topologies) = topologies else {
        return shape_to_position(shape);
    };
    shape
        .to_position_on(topologies)
        .map_err(PositionTextError::Model)
}
