//! The solver's byte form of a land (docs/notations.md#simplification).
//!
//! A *land* is written as bytes: every live site is one byte, a boundary
//! ends with [`END_BOUNDARY`], a region with [`END_REGION`]. Site bytes
//! follow GLOP (Lemoine & Viennot): [`ZERO`] a spot with 3 lives (always
//! alone on its boundary), [`ONE`] a spot with 2 lives, [`TWO`] a 1-life
//! spot whose other site is gone (dead region or merged), and a *letter*
//! (`FIRST_LETTER..`) a 1-life spot listed twice: twice in one region (a
//! pier: GLOP's lower case) or once in each of two regions (a pivot: upper
//! case). Dead spots are not written. In a land key the letters are
//! numbered `FIRST_LETTER, FIRST_LETTER + 1, ...` in order of first
//! appearance. A region off the plane carries a mark boundary
//! ([`mark_of`]).
//!
//! This module reads and checks keys and their text; `compact` makes them
//! from positions and simplifies them, `canon` keys them.

use crate::model::Topology;

use super::error::SolveError;

/// A spot with 3 lives (degree 0).
pub const ZERO: u8 = 0;
/// A spot with 2 lives (degree 1).
pub const ONE: u8 = 1;
/// A spot with 1 life listed once.
pub const TWO: u8 = 2;
/// The first letter: a spot with 1 life listed twice.
pub const FIRST_LETTER: u8 = 3;
/// The largest letter byte a key may hold.
pub const LAST_LETTER: u8 = 0xFB;
/// A spot that dies in the move being built (working form only).
pub(crate) const DEAD: u8 = 0xFC;
/// Ends a land in a multi-land key (misère positions).
pub const END_LAND: u8 = 0xFD;
/// Ends a region.
pub const END_REGION: u8 = 0xFE;
/// Ends a boundary.
pub const END_BOUNDARY: u8 = 0xFF;

/// The largest number of lives a position may have to be solved: every
/// letter is a spot with one life, so a land never needs more letters than
/// this (plus the two or three a move creates before it is simplified).
pub const MAX_LIVES: u32 = 240;

/// Regions of boundaries of site bytes (the solver's working form).
pub(crate) type Regions = Vec<Vec<Vec<u8>>>;

/// Whether a site byte is a letter.
#[inline]
pub(crate) fn is_letter(x: u8) -> bool {
    (FIRST_LETTER..=LAST_LETTER).contains(&x)
}

/// Lives of a site byte's spot.
#[inline]
pub(crate) fn lives_of(x: u8) -> u32 {
    match x {
        ZERO => 3,
        ONE => 2,
        _ => 1,
    }
}

/// Twice the lives a site byte counts for in a key: 6, 4 and 2 for `0`,
/// `1` and `2`, 1 for a letter (one life, listed twice), 0 for the rest.
#[inline]
pub(crate) fn twice_life(x: u8) -> u32 {
    TWICE_LIFE[x as usize] as u32
}

/// [`twice_life`] of every byte, looked up: children's lives are counted
/// byte by byte, and a `match` there cost (docs/experiments.md#lives-table).
static TWICE_LIFE: [u8; 256] = {
    let mut t = [0u8; 256];
    t[ZERO as usize] = 6;
    t[ONE as usize] = 4;
    t[TWO as usize] = 2;
    let mut x = FIRST_LETTER as usize;
    while x <= LAST_LETTER as usize {
        t[x] = 1;
        x += 1;
    }
    t
};

/// The most handles or cross-caps a region may have to be solved (its mark
/// must stay far below the letters' range; more is never needed: above a
/// genus that depends on the lives, more handles change nothing, Lemoine &
/// Viennot 2008).
pub const MAX_SOLVED_GENUS: u32 = 12;

/// The boundary that marks a region's topology in a land (docs/surfaces.md#solver):
/// `0` then `g` more `0`s for `g` handles, `0` then `k` [`ONE`]s for `k`
/// cross-caps, none on the plane (`0`, `2` for a planar region where a
/// spot lies on two boundaries, see `compact::regions_of`). No boundary of a position holds [`ZERO`]
/// beside another site, so a mark is never read as sites; the simplifier
/// and the keys treat it as one more boundary of its region, which keeps
/// the topology with its region through every step.
pub(crate) fn mark_of(t: Topology) -> Option<Vec<u8>> {
    match t.normalized() {
        Topology::Torus(0) => None,
        Topology::Torus(g) => Some(vec![ZERO; g as usize + 1]),
        Topology::Crosscap(k) => {
            let mut v = vec![ZERO];
            v.extend(std::iter::repeat_n(ONE, k as usize));
            Some(v)
        }
    }
}

/// The topology a boundary marks (in any rotation), if it is a mark: the
/// mark `0`, `2` of a planar region cut from another surface (a spot on
/// two of its boundaries) is the plane.
pub(crate) fn topology_of_mark(b: &[u8]) -> Option<Topology> {
    if b.len() < 2 || !b.contains(&ZERO) {
        return None;
    }
    if b.len() == 2 && b.contains(&TWO) {
        return Some(Topology::PLANE);
    }
    let n = b.len() as u32 - 1;
    Some(if b.iter().all(|&x| x == ZERO) {
        Topology::Torus(n)
    } else {
        Topology::Crosscap(n)
    })
}

/// Whether a land key holds a region off the plane (a mark): a `0` that
/// is not alone on its boundary.
pub(crate) fn has_mark(land: &[u8]) -> bool {
    land.iter().enumerate().any(|(i, &x)| {
        x == ZERO
            && (i > 0 && land[i - 1] != END_BOUNDARY && land[i - 1] != END_REGION
                || land.get(i + 1).is_some_and(|&y| y != END_BOUNDARY))
    })
}

/// Regions written the way keys are: sites, each boundary ended by
/// [`END_BOUNDARY`], each region by [`END_REGION`].
pub(crate) fn flat(regions: &[Vec<Vec<u8>>]) -> Vec<u8> {
    let mut out = Vec::new();
    for r in regions {
        for b in r {
            out.extend_from_slice(b);
            out.push(END_BOUNDARY);
        }
        out.push(END_REGION);
    }
    out
}

/// A region of a land written as a key: its boundaries (indices into the
/// list of boundaries) and its bytes ([`END_REGION`] included).
#[derive(Clone, Debug)]
pub(crate) struct RegionSpan {
    pub(crate) bounds: std::ops::Range<usize>,
    pub(crate) bytes: std::ops::Range<usize>,
}

/// Reads a land written as a key (letters of any numbers) into its
/// boundaries' (start, length) and its regions (both lists cleared first).
pub(crate) fn read_spans(
    land: &[u8],
    bounds: &mut Vec<(usize, usize)>,
    regions: &mut Vec<RegionSpan>,
) {
    bounds.clear();
    regions.clear();
    let (mut start, mut first, mut region_start) = (0, 0, 0);
    for (i, &x) in land.iter().enumerate() {
        if x == END_BOUNDARY {
            bounds.push((start, i - start));
            start = i + 1;
        } else if x == END_REGION {
            regions.push(RegionSpan {
                bounds: first..bounds.len(),
                bytes: region_start..i + 1,
            });
            first = bounds.len();
            start = i + 1;
            region_start = i + 1;
        }
    }
}

/// The lands of a flat list of lands (each followed by [`END_LAND`]).
pub(crate) fn lands_of(flat: &[u8]) -> impl Iterator<Item = &[u8]> + Clone {
    flat.split(|&x| x == END_LAND).take_while(|l| !l.is_empty())
}

/// Reads a land key back into regions, checking its shape.
pub(crate) fn parse_land(key: &[u8]) -> Result<Regions, SolveError> {
    let mut regions = Vec::new();
    let mut region: Vec<Vec<u8>> = Vec::new();
    let mut boundary = Vec::new();
    for (i, &x) in key.iter().enumerate() {
        match x {
            END_BOUNDARY => {
                if boundary.is_empty() {
                    return Err(SolveError::bad_key(i, "an empty boundary"));
                }
                region.push(std::mem::take(&mut boundary));
            }
            END_REGION => {
                if !boundary.is_empty() || region.is_empty() {
                    return Err(SolveError::bad_key(i, "an empty or unfinished region"));
                }
                regions.push(std::mem::take(&mut region));
            }
            x if x <= LAST_LETTER => boundary.push(x),
            _ => return Err(SolveError::bad_key(i, "a byte that is no site")),
        }
    }
    if !boundary.is_empty() || !region.is_empty() {
        return Err(SolveError::bad_key(key.len(), "an unfinished region"));
    }
    Ok(regions)
}

/// Reads a land key known to be well formed (made by this module).
pub(crate) fn parse_land_unchecked(key: &[u8]) -> Regions {
    let mut regions = Vec::with_capacity(4);
    let mut region: Vec<Vec<u8>> = Vec::with_capacity(4);
    let mut boundary = Vec::with_capacity(8);
    for &x in key {
        match x {
            END_BOUNDARY => region.push(std::mem::take(&mut boundary)),
            END_REGION => regions.push(std::mem::take(&mut region)),
            x => boundary.push(x),
        }
    }
    regions
}

/// The land in a GLOP-2-like text: `0`, `1`, `2` as in GLOP, letters
/// `a`..`z` then `A`..`Z` then `{n}` (numbered from 52), `.` after every
/// boundary, `|` between regions.
pub(crate) fn land_text(key: &[u8]) -> String {
    let mut s = String::new();
    let mut first = true;
    let mut region_open = false;
    for &x in key {
        match x {
            END_BOUNDARY => s.push('.'),
            END_REGION => {
                region_open = false;
                first = false;
            }
            x => {
                if !region_open && !first {
                    s.push('|');
                }
                region_open = true;
                match x {
                    ZERO => s.push('0'),
                    ONE => s.push('1'),
                    TWO => s.push('2'),
                    x => {
                        let k = (x - FIRST_LETTER) as u32;
                        if k < 26 {
                            s.push(char::from(b'a' + k as u8));
                        } else if k < 52 {
                            s.push(char::from(b'A' + (k - 26) as u8));
                        } else {
                            s.push_str(&format!("{{{k}}}"));
                        }
                    }
                }
            }
        }
    }
    s
}

/// Reads the text of [`land_text`] (regions separated by `|`, boundaries
/// ended by `.`) into regions; letters may be any of `a-z`, `A-Z`, `{n}`.
pub(crate) fn parse_land_text(text: &str) -> Result<Regions, SolveError> {
    let mut regions: Regions = Vec::new();
    let mut region: Vec<Vec<u8>> = Vec::new();
    let mut boundary: Vec<u8> = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let code = match c {
            b'0' => Some(ZERO),
            b'1' => Some(ONE),
            b'2' => Some(TWO),
            b'a'..=b'z' => Some(FIRST_LETTER + (c - b'a')),
            b'A'..=b'Z' => Some(FIRST_LETTER + 26 + (c - b'A')),
            b'{' => {
                let end = text[i..]
                    .find('}')
                    .ok_or_else(|| SolveError::bad_text(i, "an unclosed '{'"))?;
                let k: u32 = text[i + 1..i + end]
                    .parse()
                    .map_err(|_| SolveError::bad_text(i, "a letter number in '{}'"))?;
                if k > (LAST_LETTER - FIRST_LETTER) as u32 {
                    return Err(SolveError::bad_text(i, "a letter number too large"));
                }
                i += end;
                Some(FIRST_LETTER + k as u8)
            }
            b'.' => {
                if boundary.is_empty() {
                    return Err(SolveError::bad_text(i, "an empty boundary"));
                }
                region.push(std::mem::take(&mut boundary));
                None
            }
            b'|' => {
                if !boundary.is_empty() || region.is_empty() {
                    return Err(SolveError::bad_text(i, "an empty or unfinished region"));
                }
                regions.push(std::mem::take(&mut region));
                None
            }
            _ => return Err(SolveError::bad_text(i, "a site, '.' or '|'")),
        };
        if let Some(code) = code {
            boundary.push(code);
        }
        i += 1;
    }
    if !boundary.is_empty() {
        return Err(SolveError::bad_text(
            text.len(),
            "'.' after the last boundary",
        ));
    }
    if !region.is_empty() {
        regions.push(region);
    }
    check_letters(&regions).map_err(|what| SolveError::bad_text(text.len(), what))?;
    Ok(regions)
}

/// Checks that every letter is listed exactly twice (in one boundary, or in
/// two regions; on two boundaries of one region only in a region with a
/// mark) and that a `0` is alone on its boundary, marks apart (at most one
/// a region, at most [`MAX_SOLVED_GENUS`]).
pub(crate) fn check_letters(regions: &Regions) -> Result<(), &'static str> {
    let mut count = [0u32; 256];
    let mut lives = 0u32;
    for r in regions {
        let mut marks = 0;
        for b in r {
            let mark = topology_of_mark(b);
            if let Some(t) = mark {
                marks += 1;
                let zeros = b.iter().filter(|&&x| x == ZERO).count();
                let well_formed = match t {
                    Topology::Torus(0) => b.len() == 2 && b.contains(&TWO),
                    Topology::Torus(_) => zeros == b.len(),
                    Topology::Crosscap(_) => zeros == 1 && b.iter().all(|&x| x <= ONE),
                };
                let small = match t {
                    Topology::Torus(g) | Topology::Crosscap(g) => g <= MAX_SOLVED_GENUS,
                };
                if marks > 1 || !well_formed || !small {
                    return Err("a 0 alone on its boundary (or one mark of a region's topology)");
                }
                continue;
            }
            for &x in b {
                count[x as usize] += 1;
                if x == ZERO && b.len() != 1 {
                    return Err("a 0 alone on its boundary");
                }
            }
        }
    }
    for x in FIRST_LETTER..=LAST_LETTER {
        if count[x as usize] != 0 && count[x as usize] != 2 {
            return Err("every letter listed twice");
        }
    }
    for r in regions
        .iter()
        .filter(|r| !r.iter().any(|b| topology_of_mark(b).is_some()))
    {
        let mut in_region = [0u8; 256];
        for b in r {
            let mut in_boundary = [0u8; 256];
            for &x in b {
                in_region[x as usize] += 1;
                in_boundary[x as usize] += 1;
            }
            for x in FIRST_LETTER..=LAST_LETTER {
                if in_region[x as usize] == 2 && in_boundary[x as usize] == 1 {
                    return Err("both sites of a letter in one region on one boundary");
                }
            }
        }
    }
    for x in 0..FIRST_LETTER {
        lives += count[x as usize] * lives_of(x);
    }
    lives += (FIRST_LETTER..=LAST_LETTER)
        .filter(|&x| count[x as usize] > 0)
        .count() as u32;
    if lives > MAX_LIVES {
        return Err("at most 240 lives");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twice_life_of_every_kind_of_byte() {
        let kinds = [
            ZERO,
            ONE,
            TWO,
            FIRST_LETTER,
            100,
            LAST_LETTER,
            DEAD,
            END_LAND,
            END_REGION,
            END_BOUNDARY,
        ];
        let lives: Vec<u32> = kinds.iter().map(|&x| twice_life(x)).collect();
        assert_eq!(lives, [6, 4, 2, 1, 1, 1, 0, 0, 0, 0]);
    }
}
