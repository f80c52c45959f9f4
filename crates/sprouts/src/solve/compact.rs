//! The solver's compact, unlabelled form of a position (docs/notations.md#simplification).
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
//! appearance.
//!
//! While the solver works, a position is a list of regions of boundaries of
//! site bytes ([`Regions`]); [`simplify`] applies the simplifications and
//! splits the result into lands.

use crate::model::{Position, Topology};
use crate::union_find::UnionFind;

use super::SolveError;
use super::canon::LandCanon;

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

/// The working form of a labelled position: dead spots dropped, every spot
/// coded by its lives and how often it is listed. Not yet simplified.
pub(crate) fn regions_of(pos: &Position) -> Result<Regions, SolveError> {
    let lives = pos.lives();
    if lives > MAX_LIVES {
        return Err(SolveError::too_large(lives));
    }
    if let Some(r) = pos.regions().iter().find(|r| match r.topology() {
        Topology::Torus(g) => g > MAX_SOLVED_GENUS,
        Topology::Crosscap(k) => k > MAX_SOLVED_GENUS,
    }) {
        return Err(SolveError::surface(r.topology()));
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

/// The most handles or cross-caps a region may have to be solved (its mark
/// must stay far below the letters' range; more is never needed: above a
/// genus that depends on the lives, more handles change nothing, Lemoine &
/// Viennot 2008).
pub const MAX_SOLVED_GENUS: u32 = 12;

/// The boundary that marks a region's topology in a land (docs/surfaces.md#solver):
/// `0` then `g` more `0`s for `g` handles, `0` then `k` [`ONE`]s for `k`
/// cross-caps, none on the plane (`0`, `2` for a planar region where a
/// spot lies on two boundaries, see [`regions_of`]). No boundary of a position holds [`ZERO`]
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
