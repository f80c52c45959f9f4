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
/// Time is linear in the number of sites (see [`Matcher`]).
pub(crate) fn match_land(
    land: &TextLand,
    names: &[String],
    what: &str,
    next: &mut u32,
    surface: bool,
) -> Result<ShapeLand, PositionTextError> {
    let mut m = Matcher {
        names,
        what,
        surface,
        next,
        in_region: HashMap::new(),
        in_land: HashMap::new(),
        pier_region: HashMap::new(),
    };
    let mut shaped: ShapeLand = Vec::with_capacity(land.len());
    for (ri, r) in land.iter().enumerate() {
        // First count each letter within the region, then number it: local
        // to the region when listed twice in it.
        m.count_region(ri, r)?;
        let mut region = Vec::with_capacity(r.len());
        for (bi, b) in r.iter().enumerate() {
            let mut bound = Vec::with_capacity(b.len());
            for &item in b {
                bound.push(match item {
                    Item::Zero => Sym::Zero,
                    Item::One => Sym::One,
                    Item::Two => Sym::Two,
                    Item::Named(key, at) => m.number(ri, bi, key, at)?,
                });
            }
            region.push(bound);
        }
        shaped.push(region);
    }
    m.every_pivot_twice()?;
    Ok(shaped)
}

/// A letter within the region being read.
struct InRegion {
    region: usize,
    /// How often the region lists it.
    count: u32,
    /// Its first byte and boundary in the region.
    first_at: usize,
    first_boundary: usize,
    /// Its spot, once numbered, when it is a pier.
    pier: Option<u32>,
}

/// A letter listed once in a region: a pivot of the land.
struct InLand {
    number: u32,
    /// How many regions list it (once each).
    regions: u32,
    first_at: usize,
}

/// The state of [`match_land`]: two maps keyed by letter, whose entries
/// for an earlier region are overwritten rather than cleared.
struct Matcher<'a> {
    names: &'a [String],
    what: &'a str,
    surface: bool,
    next: &'a mut u32,
    in_region: HashMap<u32, InRegion>,
    in_land: HashMap<u32, InLand>,
    /// A region where the letter named a pier, for the messages.
    pier_region: HashMap<u32, usize>,
}

impl Matcher<'_> {
    fn name(&self, key: u32) -> String {
        self.names
            .get(key as usize)
            .map_or("?", |s| s.as_str())
            .to_string()
    }

    /// Counts each letter of region `ri`; a third listing is an error.
    fn count_region(&mut self, ri: usize, r: &[Vec<Item>]) -> Result<(), PositionTextError> {
        for (bi, b) in r.iter().enumerate() {
            for &item in b {
                let Item::Named(key, at) = item else {
                    continue;
                };
                let fresh = InRegion {
                    region: ri,
                    count: 0,
                    first_at: at,
                    first_boundary: bi,
                    pier: None,
                };
                let e = self.in_region.entry(key).or_insert(fresh);
                if e.region != ri {
                    *e = InRegion {
                        region: ri,
                        count: 0,
                        first_at: at,
                        first_boundary: bi,
                        pier: None,
                    };
                }
                e.count += 1;
                if e.count == 3 {
                    return Err(Invalid::LetterThird {
                        letter: self.name(key),
                        at,
                        region: ri + 1,
                        place: self.what.to_string(),
                    }
                    .into());
                }
            }
        }
        Ok(())
    }

    /// The spot of letter `key` at byte `at` of boundary `bi` of region
    /// `ri` (counted): a pier's own, or the pivot's shared with one other
    /// region.
    fn number(
        &mut self,
        ri: usize,
        bi: usize,
        key: u32,
        at: usize,
    ) -> Result<Sym, PositionTextError> {
        let e = self
            .in_region
            .get_mut(&key)
            .expect("counted in the first pass");
        if e.count == 2 {
            if e.first_boundary != bi && !self.surface {
                let first = e.first_at;
                return Err(Invalid::LetterTwoBoundaries {
                    letter: self.name(key),
                    first,
                    at,
                }
                .into());
            }
            let number = match e.pier {
                Some(n) => n,
                None => {
                    let n = *self.next;
                    *self.next += 1;
                    e.pier = Some(n);
                    self.pier_region.entry(key).or_insert(ri);
                    n
                }
            };
            return Ok(Sym::Letter(number));
        }
        let next = &mut *self.next;
        let l = self.in_land.entry(key).or_insert_with(|| {
            *next += 1;
            InLand {
                number: *next - 1,
                regions: 0,
                first_at: at,
            }
        });
        l.regions += 1;
        if l.regions == 3 {
            let first = l.first_at;
            return Err(Invalid::LetterThirdRegion {
                letter: self.name(key),
                at,
                place: self.what.to_string(),
                first,
            }
            .into());
        }
        Ok(Sym::Letter(l.number))
    }

    /// Every pivot is listed in two regions: the first (by byte) listed in
    /// one only is an error.
    fn every_pivot_twice(&self) -> Result<(), PositionTextError> {
        let once = self
            .in_land
            .iter()
            .filter(|(_, v)| v.regions == 1)
            .map(|(&k, v)| (v.first_at, k))
            .min();
        if let Some((at, key)) = once {
            return Err(Invalid::LetterOnce {
                letter: self.name(key),
                at,
                place: self.what.to_string(),
                pier: self.pier_region.get(&key).map(|r| r + 1),
            }
            .into());
        }
        Ok(())
    }
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
