//! Sites as read from an unlabelled text, and the one rule that decides
//! which letters name the same spot.

use std::collections::HashMap;

use crate::model::{Position, Topology};
use crate::notation::error::{Invalid, PositionTextError};
use crate::unlabelled::{Shape, ShapeLand, Sym};

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
) -> Result<ShapeLand, PositionTextError> {
    let name = |key: u32| names.get(key as usize).map_or("?", |s| s.as_str());
    // key -> (region, count in it, first byte, first boundary, local number)
    let mut in_region: HashMap<u32, (usize, u32, usize, usize, u32)> = HashMap::new();
    // key -> (number, regions listing it once, first byte): pivots.
    let mut in_land: HashMap<u32, (u32, u32, usize)> = HashMap::new();
    // key -> a region where the letter named a pier, for the messages.
    let mut pier_region: HashMap<u32, usize> = HashMap::new();
    let mut shaped: ShapeLand = Vec::with_capacity(land.len());
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
                    return Err(Invalid::LetterThird {
                        letter: name(key).to_string(),
                        at,
                        region: ri + 1,
                        place: what.to_string(),
                    }
                    .into());
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
                        let e = in_region.get_mut(&key).expect("counted in the first pass");
                        if e.1 == 2 {
                            if e.3 != bi && !surface {
                                return Err(Invalid::LetterTwoBoundaries {
                                    letter: name(key).to_string(),
                                    first: e.2,
                                    at,
                                }
                                .into());
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
                                return Err(Invalid::LetterThirdRegion {
                                    letter: name(key).to_string(),
                                    at,
                                    place: what.to_string(),
                                    first: l.2,
                                }
                                .into());
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
        return Err(Invalid::LetterOnce {
            letter: name(key).to_string(),
            at,
            place: what.to_string(),
            pier: pier_region.get(&key).map(|r| r + 1),
        }
        .into());
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
