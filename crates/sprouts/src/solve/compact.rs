//! Positions into the solver's byte form ([`super::bytes`]), simplified
//! and split into lands (docs/notations.md#simplification).
//!
//! While the solver works, a position is a list of regions of boundaries of
//! site bytes ([`Regions`]); [`simplify`] applies the simplifications and
//! splits the result into lands, each keyed by a [`LandCanon`].

use crate::model::{Position, Topology};
use crate::union_find::UnionFind;

use super::bytes::{
    DEAD, END_BOUNDARY, END_LAND, END_REGION, FIRST_LETTER, MAX_LIVES, MAX_SOLVED_GENUS, ONE,
    Regions, TWO, ZERO, flat, is_letter, lands_of, lives_of, mark_of,
};
use super::canon::LandCanon;
use super::error::SolveError;

/// The working form of a labelled position: dead spots dropped, every spot
/// coded by its lives and how often it is listed. Not yet simplified.
pub(crate) fn regions_of(pos: &Position) -> Result<Regions, SolveError> {
    let lives = pos.lives();
    if lives > MAX_LIVES {
        return Err(SolveError::too_large(lives, MAX_LIVES));
    }
    if let Some(r) = pos.regions().iter().find(|r| match r.topology() {
        Topology::Torus(g) => g > MAX_SOLVED_GENUS,
        Topology::Crosscap(k) => k > MAX_SOLVED_GENUS,
    }) {
        return Err(SolveError::surface(r.topology(), MAX_SOLVED_GENUS));
    }
    if let Some(r) = pos.too_wide() {
        return Err(SolveError::wide(r));
    }
    let n = pos.next_spot() as usize;
    let mut count = vec![0u32; n + 1];
    for r in pos.regions() {
        for b in r.boundaries() {
            for &s in b.sites() {
                if pos.is_live(s) {
                    count[s as usize] += 1;
                }
            }
        }
    }
    let mut letter = vec![0u8; n + 1];
    let mut next = FIRST_LETTER;
    let off_plane = pos.is_on_surface();
    let mut out = Vec::with_capacity(pos.regions().len());
    for r in pos.regions() {
        let mut region = Vec::with_capacity(r.boundaries().len());
        for b in r.boundaries() {
            let mut bd = Vec::with_capacity(b.len());
            for &s in b.sites() {
                let code = match pos.degree(s) {
                    0 => ZERO,
                    1 => ONE,
                    2 if count[s as usize] >= 2 => {
                        if letter[s as usize] == 0 {
                            letter[s as usize] = next;
                            next += 1;
                        }
                        letter[s as usize]
                    }
                    2 => TWO,
                    _ => continue,
                };
                bd.push(code);
            }
            region.push(bd);
        }
        // A region with fewer than 2 lives has no move and goes in
        // `simplify`: no mark may keep it.
        if off_plane && region_lives(pos, r) < 2 {
        } else if let Some(mark) = mark_of(r.topology()) {
            region.push(mark);
        } else if off_plane && shares_a_spot(pos, r) {
            // Planar, but cut from another surface: the planar move
            // generator takes every spot of a region to lie on one of its
            // boundaries, so this region is played by the model too.
            region.push(vec![ZERO, TWO]);
        }
        out.push(region);
    }
    Ok(out)
}

/// The lives of the spots facing region `r` (each spot once).
fn region_lives(pos: &Position, r: &crate::model::Region) -> u32 {
    let mut spots: Vec<crate::model::Spot> = r
        .boundaries()
        .iter()
        .flat_map(|b| b.sites().iter().copied())
        .filter(|&s| pos.is_live(s))
        .collect();
    spots.sort_unstable();
    spots.dedup();
    spots.iter().map(|&s| pos.spot_lives(s) as u32).sum()
}

/// Whether a live spot faces region `r` from two of its boundaries.
fn shares_a_spot(pos: &Position, r: &crate::model::Region) -> bool {
    let mut seen = std::collections::HashMap::new();
    r.boundaries().iter().enumerate().any(|(bi, b)| {
        b.sites()
            .iter()
            .any(|&s| pos.is_live(s) && *seen.entry(s).or_insert(bi) != bi)
    })
}

/// Applies the simplifications of docs/notations.md#simplification to `regions` and
/// pushes the key of every land it splits into onto `out` (unsorted).
///
/// The rules, each a change of representation that keeps the game tree
/// (Lemoine & Viennot 2007, section 3):
/// - dead spots are already gone (the working form never holds them);
/// - two adjacent sites of one spot on a boundary merge: a line drawn from
///   either leaves the same live sites on each side;
/// - empty boundaries and regions go;
/// - a region whose spots have fewer than 2 lives in all holds no move now
///   and never will (moves elsewhere only take lives), so it goes;
/// - a letter listed once after that becomes [`TWO`] (the other site was in
///   a region that can never be played in);
/// - a region with at most 3 lives becomes one boundary (its boundaries
///   joined one after the other): after any move in it, one of the two
///   regions it becomes has the new spot's single life only, so which
///   boundary went where can never matter;
/// - regions linked by no letter are independent: separate lands.
///
/// Tests cross-check the result against the model (`tests/solve.rs`).
pub(crate) fn simplify<C: LandCanon + ?Sized>(regions: Regions, canon: &C, out: &mut Vec<Vec<u8>>) {
    let mut lands = Vec::new();
    Simplifier::default().run(&flat(&regions), canon, &mut lands);
    out.extend(lands_of(&lands).map(<[u8]>::to_vec));
}

/// The scratch buffers of [`simplify`], kept between calls (the move
/// generator simplifies every child it makes).
#[derive(Default)]
pub(crate) struct Simplifier {
    /// The sites of every boundary, one after the other.
    bytes: Vec<u8>,
    /// Each boundary's (start, length) in `bytes`.
    bounds: Vec<(u32, u32)>,
    /// Each region's (first boundary, number of boundaries), and its lives
    /// (0 once it is dropped).
    regions: Vec<(u32, u32, u32)>,
    parent: UnionFind,
    /// (root region, land number) of every land found.
    roots: Vec<(usize, usize)>,
    /// One land in key form, letters not yet renamed (scratch).
    land: Vec<u8>,
}

impl Simplifier {
    /// [`simplify`] on a position written as a key is (sites, boundaries
    /// ended by [`END_BOUNDARY`], regions by [`END_REGION`]) that may hold
    /// [`DEAD`] sites and letters with any numbers; appends the key of every
    /// land to `out`, each followed by [`END_LAND`] (unsorted); returns how
    /// many lands.
    pub(crate) fn run<C: LandCanon + ?Sized>(
        &mut self,
        src: &[u8],
        canon: &C,
        out: &mut Vec<u8>,
    ) -> usize {
        let mut count = Count::default();
        self.read(src, &mut count);
        // Regions with fewer than two lives go.
        for ri in 0..self.regions.len() {
            if self.regions[ri].2 < 2 {
                self.regions[ri].2 = 0;
                let (a, b) = self.byte_range(ri);
                for &x in &self.bytes[a..b] {
                    count.change(x, false);
                }
            }
        }
        // Letters listed once become TWO; small regions become one boundary.
        for ri in 0..self.regions.len() {
            let lives = self.regions[ri].2;
            if lives == 0 {
                continue;
            }
            if count.once > 0 {
                let (a, b) = self.byte_range(ri);
                for x in &mut self.bytes[a..b] {
                    if is_letter(*x) && count.of[*x as usize] == 1 {
                        *x = TWO;
                    }
                }
            }
            self.join_small(ri);
        }
        // Lands: regions linked by a letter listed in both (`read` linked
        // them; a region that went has at most one letter, so it links no
        // two regions that stay).
        let n = self.regions.len();
        self.roots.clear();
        for ri in 0..n {
            if self.regions[ri].2 == 0 {
                continue;
            }
            let root = self.parent.find(ri);
            if self.roots.iter().all(|&(r, _)| r != root) {
                self.roots.push((root, 0));
            }
        }
        for g in 0..self.roots.len() {
            let root = self.roots[g].0;
            self.land.clear();
            for ri in 0..n {
                if self.regions[ri].2 == 0 || self.parent.find(ri) != root {
                    continue;
                }
                write_region(&self.bytes, &self.bounds, self.regions[ri], &mut self.land);
            }
            canon.key_flat(&self.land, out);
            out.push(END_LAND);
        }
        self.roots.len()
    }

    /// Makes region `ri` one boundary if it has more than one and at most 3
    /// lives (joined in a fixed order of their contents, so that the result
    /// depends as little as possible on the order they were listed in).
    fn join_small(&mut self, ri: usize) {
        let (first, n, lives) = self.regions[ri];
        if n > 1 && lives <= 3 {
            let bytes = &self.bytes;
            self.bounds[first as usize..(first + n) as usize]
                .sort_by(|x, y| abstract_cmp(bytes, *x, *y));
            let at = self.bytes.len();
            for k in first..first + n {
                let (s, l) = self.bounds[k as usize];
                self.bytes.extend_from_within(s as usize..(s + l) as usize);
            }
            self.bounds
                .push((at as u32, (self.bytes.len() - at) as u32));
            self.regions[ri] = ((self.bounds.len() - 1) as u32, 1, lives);
        }
    }

    /// [`Self::run`] for a child whose regions other than the `made` ones a
    /// move made (`src`, written as a key) stay exactly as they were, with
    /// `rest` counting their letters: appends the made regions, simplified,
    /// each followed by [`END_REGION`], to `out`, and returns true. Returns
    /// false when that cannot be (a made region goes, or a letter is left
    /// listed once): [`Self::run`] must then simplify the whole child.
    ///
    /// With no region gone and no letter listed once, the other regions
    /// meet no rule, and the child is one land: the made regions carry
    /// every letter the region they replace shared with the others, and two
    /// made regions share the move's new spot.
    pub(crate) fn simplify_made(
        &mut self,
        src: &[u8],
        rest: &Count,
        made: usize,
        out: &mut Vec<u8>,
    ) -> bool {
        let mut count = rest.clone();
        self.read(src, &mut count);
        if count.once > 0 || self.regions.len() != made || self.regions.iter().any(|r| r.2 < 2) {
            return false;
        }
        for ri in 0..made {
            self.join_small(ri);
            write_region(&self.bytes, &self.bounds, self.regions[ri], out);
        }
        true
    }

    /// Reads `src` into boundaries and regions, dropping dead sites and
    /// merging cyclically adjacent sites of one letter; empty boundaries and
    /// regions go. In the same pass: counts every site byte in `count`,
    /// finds each region's lives (the lives of its distinct spots: a pier
    /// counts once) and links regions that list the same letter in
    /// `parent`.
    fn read(&mut self, src: &[u8], count: &mut Count) {
        self.bytes.clear();
        self.bounds.clear();
        self.regions.clear();
        self.parent.clear();
        let mut first_region = [u16::MAX; 256];
        let mut stamp = [0u16; 256];
        let mut lives = 0u32;
        let mut bstart = 0;
        let mut rfirst = 0;
        for &x in src {
            match x {
                END_BOUNDARY => {
                    let len = self.bytes.len() - bstart;
                    if len > 1
                        && is_letter(self.bytes[bstart])
                        && self.bytes[self.bytes.len() - 1] == self.bytes[bstart]
                    {
                        count.change(self.bytes[bstart], false);
                        self.bytes.pop();
                    }
                    if self.bytes.len() > bstart {
                        self.bounds
                            .push((bstart as u32, (self.bytes.len() - bstart) as u32));
                    }
                    bstart = self.bytes.len();
                }
                END_REGION => {
                    if self.bounds.len() > rfirst {
                        self.regions.push((
                            rfirst as u32,
                            (self.bounds.len() - rfirst) as u32,
                            lives,
                        ));
                    }
                    rfirst = self.bounds.len();
                    lives = 0;
                }
                DEAD => {}
                x => {
                    if is_letter(x) && self.bytes.len() > bstart && self.bytes.last() == Some(&x) {
                        continue;
                    }
                    self.bytes.push(x);
                    count.change(x, true);
                    if !is_letter(x) {
                        lives += lives_of(x);
                        continue;
                    }
                    // This region's index once it is pushed (it has a site).
                    let ri = self.regions.len();
                    if stamp[x as usize] != ri as u16 + 1 {
                        stamp[x as usize] = ri as u16 + 1;
                        lives += 1;
                    }
                    self.parent.grow_to(ri + 1);
                    let f = first_region[x as usize];
                    if f == u16::MAX {
                        first_region[x as usize] = ri as u16;
                    } else if f as usize != ri {
                        self.parent.union(f as usize, ri);
                    }
                }
            }
        }
        self.parent.grow_to(self.regions.len());
    }

    /// Where a region's sites lie in `bytes`: its boundaries are adjacent
    /// there (as read, or as one joined boundary).
    fn byte_range(&self, ri: usize) -> (usize, usize) {
        let (first, n, _) = self.regions[ri];
        let a = self.bounds[first as usize].0 as usize;
        let (s, l) = self.bounds[(first + n - 1) as usize];
        (a, (s + l) as usize)
    }
}

/// Appends a region of the [`Simplifier`] (`(first boundary, boundaries,
/// lives)` over its `bytes` and `bounds`) as a key writes it: each boundary
/// followed by [`END_BOUNDARY`], then [`END_REGION`].
fn write_region(bytes: &[u8], bounds: &[(u32, u32)], region: (u32, u32, u32), out: &mut Vec<u8>) {
    let (first, nb, _) = region;
    for &(s, l) in &bounds[first as usize..(first + nb) as usize] {
        out.extend_from_slice(&bytes[s as usize..(s + l) as usize]);
        out.push(END_BOUNDARY);
    }
    out.push(END_REGION);
}

/// Orders two boundaries by length, then by their sites with letters shown
/// only as letters.
fn abstract_cmp(bytes: &[u8], x: (u32, u32), y: (u32, u32)) -> std::cmp::Ordering {
    let abs = |v: u8| if is_letter(v) { FIRST_LETTER } else { v };
    x.1.cmp(&y.1).then_with(|| {
        let a = &bytes[x.0 as usize..(x.0 + x.1) as usize];
        let b = &bytes[y.0 as usize..(y.0 + y.1) as usize];
        a.iter().map(|&v| abs(v)).cmp(b.iter().map(|&v| abs(v)))
    })
}

/// How often each site byte is listed, and how many letters are listed
/// exactly once (so that a child with none skips looking for them).
#[derive(Clone)]
pub(crate) struct Count {
    of: [u8; 256],
    once: u32,
}

impl Default for Count {
    fn default() -> Count {
        Count {
            of: [0; 256],
            once: 0,
        }
    }
}

impl Count {
    /// The letters listed in `parts` (parts of a land written as a key).
    pub(crate) fn letters<'a>(parts: impl IntoIterator<Item = &'a [u8]>) -> Count {
        let mut c = Count::default();
        for part in parts {
            for &x in part {
                if is_letter(x) {
                    c.change(x, true);
                }
            }
        }
        c
    }

    /// Whether `x` is listed.
    pub(crate) fn lists(&self, x: u8) -> bool {
        self.of[x as usize] > 0
    }

    /// One more listing of `x` (`up`) or one less.
    #[inline]
    fn change(&mut self, x: u8, up: bool) {
        let c = &mut self.of[x as usize];
        let was = *c;
        *c = if up {
            was.wrapping_add(1)
        } else {
            was.wrapping_sub(1)
        };
        if is_letter(x) {
            self.once = self.once + u32::from(*c == 1) - u32::from(was == 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::bytes::{land_text, parse_land_text};
    use super::super::canon::PseudoCanon;
    use super::*;

    /// The lands a text simplifies to, as texts, sorted.
    fn lands(text: &str) -> Vec<String> {
        let mut keys = Vec::new();
        simplify(parse_land_text(text).unwrap(), &PseudoCanon, &mut keys);
        let mut out: Vec<String> = keys.iter().map(|k| land_text(k)).collect();
        out.sort();
        out
    }

    #[test]
    fn simplify_applies_each_rule() {
        // Two adjacent sites of one letter merge; listed once, it is a 2.
        assert_eq!(lands("1aa."), ["12."]);
        // A region of one life goes; its letter's other site becomes a 2.
        assert_eq!(lands("0.a.|a."), ["0.2."]);
        // A region of at most 3 lives becomes one boundary.
        assert_eq!(lands("1.a.|0.a."), ["0.a.|1a."]);
        // Regions linked by no letter are separate lands.
        assert_eq!(lands("0.|0.1."), ["0.", "0.1."]);
        // A region that goes links nothing (it has at most one letter).
        assert_eq!(lands("0.0.a.|a.|0.1.b.|1b."), ["0.0.2.", "0.1.a.|1a."]);
    }
}
