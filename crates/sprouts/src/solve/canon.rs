//! Keys of lands: the bytes a land is stored under.
//!
//! A key is always a faithful description of the land (decoding it gives an
//! isomorphic land), so any [`LandCanon`] is *sound*: two lands with equal
//! keys are the same game. What differs is how often isomorphic lands get
//! the same key: [`ExactCanon`] always, [`PseudoCanon`] whenever the
//! invariants it sorts by break every tie (which is most of the time), much
//! faster. Symmetries used (docs/notations.md#simplification): rotating a boundary,
//! reordering boundaries and regions, renaming spots, and mirroring one
//! whole region (reversing all its boundaries).

use std::hash::Hasher;

use rustc_hash::{FxHashMap, FxHasher};

use super::bytes::{
    END_BOUNDARY, END_REGION, FIRST_LETTER, RegionSpan, flat, is_letter, read_spans,
};

/// Computes the key of one land (its regions of boundaries of site bytes).
///
/// ```
/// use sprouts::model::{Position, Variant};
/// use sprouts::solve::{decompose_with, ExactCanon, PseudoCanon};
/// let p = Position::start(3, Variant::Normal);
/// assert_eq!(decompose_with(&p, &PseudoCanon).unwrap(), decompose_with(&p, &ExactCanon).unwrap());
/// ```
pub trait LandCanon: Send + Sync {
    /// The key bytes of a land given as regions of boundaries of site bytes
    /// (letters may carry any numbers; the key renumbers them).
    fn key(&self, land: &[Vec<Vec<u8>>]) -> Vec<u8>;

    /// Appends to `out` the key of a land written the way keys are (sites,
    /// each boundary ended by `0xFF`, each region by `0xFE`), with letters
    /// of any numbers.
    ///
    /// ```
    /// use sprouts::solve::{LandCanon, PseudoCanon};
    /// // One region, boundaries `jj` (letter 12) and `0`: sorted, renamed.
    /// let mut k = Vec::new();
    /// PseudoCanon.key_flat(&[12, 12, 0xFF, 0, 0xFF, 0xFE], &mut k);
    /// assert_eq!(k, [0, 0xFF, 3, 3, 0xFF, 0xFE]);
    /// ```
    fn key_flat(&self, land: &[u8], out: &mut Vec<u8>) {
        out.extend(self.key(&super::bytes::parse_land_unchecked(land)));
    }

    /// Whether isomorphic lands always get the same key. The solver then
    /// plays one move of each pair that mirroring a region swaps (their
    /// children are isomorphic); with other keys it plays both, as their
    /// keys may differ and each may meet positions already searched.
    ///
    /// ```
    /// use sprouts::solve::{ExactCanon, LandCanon, PseudoCanon};
    /// assert!(ExactCanon.exact());
    /// assert!(!PseudoCanon.exact());
    /// ```
    fn exact(&self) -> bool {
        false
    }

    /// Whether a land's key is made from readings of its regions, each read
    /// alone ([`PseudoCanon`]): the move generator then reads a region
    /// that a move leaves as it is once for all the children, instead of
    /// once per child.
    ///
    /// ```
    /// use sprouts::solve::{ExactCanon, LandCanon, PseudoCanon};
    /// assert!(PseudoCanon.by_regions());
    /// assert!(!ExactCanon.by_regions());
    /// ```
    fn by_regions(&self) -> bool {
        false
    }
}

/// A fast pseudo-canonical key: boundaries at the least rotation of an
/// invariant reading of their sites, sorted by it, each region in the
/// orientation whose reading is smaller, regions sorted, letters renumbered
/// in order of first appearance. Ties are left in the order given.
///
/// ```
/// use sprouts::model::{Position, Variant};
/// use sprouts::solve::decompose;
/// // Two lone spots: one land `0.0`
/// assert_eq!(decompose(&Position::start(2, Variant::Normal)).unwrap()[0].to_string(), "0.0");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct PseudoCanon;

/// The exact canonical key: the land in the canonical layout that
/// [`canon::canonical`](crate::canon::canonical) finds, in site bytes.
/// Isomorphic lands always get the same key.
///
/// ```
/// use sprouts::solve::{ExactCanon, LandCanon};
/// // Two regions AB and BA (letters 3 and 4): mirrored, the same land.
/// let a = ExactCanon.key(&[vec![vec![3, 4]], vec![vec![3, 4]]]);
/// let b = ExactCanon.key(&[vec![vec![4, 3]], vec![vec![3, 4]]]);
/// assert_eq!(a, b);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct ExactCanon;

// The plain readings below are kept for the tests only: a second, simple
// implementation of the pseudo-canonical key to check the fast one against.
#[cfg(test)]
/// The invariant reading of a site in a boundary read in one direction:
/// `0`, `1`, `2` as they are; a pivot letter (listed once in the region) 4;
/// a pier letter 8 + the distance to its other site going forward.
fn invariant(b: &[u8], region_count: &[u8; 256]) -> Vec<u8> {
    let mut out = Vec::with_capacity(b.len());
    invariant_into(b, region_count, &mut out);
    out
}

#[cfg(test)]
/// [`invariant`] into a buffer (cleared first).
fn invariant_into(b: &[u8], region_count: &[u8; 256], out: &mut Vec<u8>) {
    out.clear();
    let n = b.len();
    for (i, &x) in b.iter().enumerate() {
        if !is_letter(x) {
            out.push(x);
        } else if region_count[x as usize] < 2 {
            out.push(4);
        } else {
            let mut d = 1;
            while d < n && b[(i + d) % n] != x {
                d += 1;
            }
            out.push(8 + d.min(240) as u8);
        }
    }
}

/// `invariant` in one pass (and a second for piers): `next` is scratch.
fn invariant_fast(b: &[u8], region_count: &[u8; 256], out: &mut Vec<u8>, next: &mut [u16; 256]) {
    let n = b.len();
    out.clear();
    out.resize(n, 0);
    // BoundaryReading the boundary twice backwards: at each site of a pier, `next`
    // holds the nearest later site of its letter (itself a turn later
    // when alone), so the distance forward is their difference.
    for idx in (0..2 * n).rev() {
        let i = if idx >= n { idx - n } else { idx };
        let x = b[i];
        if is_letter(x) && region_count[x as usize] >= 2 {
            if idx < n {
                out[i] = 8 + (next[x as usize] as usize - idx).min(240) as u8;
            }
            next[x as usize] = idx as u16;
        } else if idx < n {
            out[i] = if is_letter(x) { 4 } else { x };
        }
    }
}

pub(crate) use crate::model::least_rotation_start;

#[cfg(test)]
fn rotate(s: &[u8], start: usize) -> Vec<u8> {
    let mut v = Vec::with_capacity(s.len());
    v.extend_from_slice(&s[start..]);
    v.extend_from_slice(&s[..start]);
    v
}

/// One boundary read in one orientation: its invariant reading at the
/// least rotation, and the sites at that rotation.
#[cfg(test)]
struct BoundaryReading {
    inv: Vec<u8>,
    sites: Vec<u8>,
}

#[cfg(test)]
fn region_count(region: &[Vec<u8>]) -> [u8; 256] {
    let mut c = [0u8; 256];
    for b in region {
        for &x in b {
            c[x as usize] = c[x as usize].wrapping_add(1);
        }
    }
    c
}

/// The region read in one orientation: boundaries sorted by invariant
/// reading, and the region's reading (readings joined by END_BOUNDARY).
#[cfg(test)]
fn read_region(region: &[Vec<u8>], mirror: bool) -> (Vec<u8>, Vec<BoundaryReading>) {
    let count = region_count(region);
    let mut reads: Vec<BoundaryReading> = region
        .iter()
        .map(|b| {
            let raw: Vec<u8> = if mirror {
                b.iter().rev().copied().collect()
            } else {
                b.clone()
            };
            let inv = invariant(&raw, &count);
            let st = least_rotation_start(&inv);
            BoundaryReading {
                sites: rotate(&raw, st),
                inv: rotate(&inv, st),
            }
        })
        .collect();
    reads.sort_by(|a, b| a.inv.cmp(&b.inv));
    let mut reading = Vec::new();
    for r in &reads {
        reading.extend_from_slice(&r.inv);
        reading.push(END_BOUNDARY);
    }
    (reading, reads)
}

impl LandCanon for PseudoCanon {
    fn key(&self, land: &[Vec<Vec<u8>>]) -> Vec<u8> {
        let flat = flat(land);
        let mut out = Vec::with_capacity(flat.len());
        self.key_flat(&flat, &mut out);
        out
    }

    fn key_flat(&self, land: &[u8], out: &mut Vec<u8>) {
        SCRATCH.with_borrow_mut(|k| k.key(land, out))
    }

    fn by_regions(&self) -> bool {
        true
    }
}

thread_local! {
    /// [`PseudoCanon`]'s buffers and memo, one per thread.
    static SCRATCH: std::cell::RefCell<PseudoKey> = Default::default();
}

/// [`PseudoCanon`]'s reading of one region (its bytes as in a key, ended by
/// END_REGION): appends its reading and its sites in reading order to
/// `reading` and `sites` (from the memo when it has them).
pub(crate) fn pseudo_region(region: &[u8], reading: &mut Vec<u8>, sites: &mut Vec<u8>) {
    SCRATCH.with_borrow_mut(|k| k.region(region, reading, sites))
}

/// [`PseudoCanon`]'s key of a land from its regions' readings and sites
/// (`parts`: where each region's lie in `readings` and `sites`, in the
/// land's order): regions sorted by reading (stably), letters renamed in
/// order of first appearance.
pub(crate) fn pseudo_assemble(
    parts: &mut [(usize, usize, usize, usize)],
    readings: &[u8],
    sites: &[u8],
    out: &mut Vec<u8>,
) {
    if parts.len() > 1 {
        parts.sort_by(|a, b| readings[a.0..a.1].cmp(&readings[b.0..b.1]));
    }
    let mut names = [0u8; 256];
    let mut next = FIRST_LETTER;
    out.reserve(parts.iter().map(|p| p.3 - p.2 + 1).sum());
    for &(_, _, s0, s1) in parts.iter() {
        // END_BOUNDARY is not a letter: `name` leaves it as it is.
        out.extend(
            sites[s0..s1]
                .iter()
                .map(|&x| name(x, &mut names, &mut next)),
        );
        out.push(END_REGION);
    }
}

/// The scratch buffers of [`PseudoCanon`]'s key, kept between calls (the
/// solver keys every child it generates).
#[derive(Default)]
struct PseudoKey {
    /// Every boundary's (start, length) in the land.
    bounds: Vec<(usize, usize)>,
    /// Every region.
    regions: Vec<RegionSpan>,
    fwd: FlatRead,
    rev: FlatRead,
    /// Per region: its reading and its sites (boundaries in reading order,
    /// each followed by END_BOUNDARY), in two flat buffers.
    readings: Vec<u8>,
    sites: Vec<u8>,
    spans: Vec<(usize, usize, usize, usize)>,
    memo: RegionMemo,
}

/// The readings of regions already read. A region's reading and its sites
/// in reading order depend on its bytes alone (letters as numbered there),
/// and a child keeps most regions of its parent byte for byte, so most
/// regions are looked up rather than read.
///
/// A region not found as it is is looked up again with its letters renamed
/// in order of first appearance: its reading does not depend on what its
/// letters are called, and its sites are renamed alike (a region's letters
/// only tell which sites are one spot). Most regions read are alike up to
/// the names of their letters (docs/experiments.md#region-memo).
struct RegionMemo {
    /// Regions as they are.
    raw: Memo,
    /// Regions with letters renamed.
    renamed: Memo,
    /// The hashes of the region [`Self::get`] last missed, as it is and
    /// renamed.
    hashes: (u64, u64),
    /// That region renamed.
    name_bytes: Vec<u8>,
    /// Its renaming: each letter's new name, and each new name's letter
    /// (`FIRST_LETTER..next`).
    new_name: [u8; 256],
    old_name: [u8; 256],
    next: u8,
    /// Sites renamed (scratch).
    scratch: Vec<u8>,
}

impl Default for RegionMemo {
    fn default() -> RegionMemo {
        RegionMemo {
            raw: Memo::default(),
            renamed: Memo::default(),
            hashes: (0, 0),
            name_bytes: Vec::new(),
            new_name: [0; 256],
            old_name: [0; 256],
            next: FIRST_LETTER,
            scratch: Vec::new(),
        }
    }
}

impl RegionMemo {
    /// Appends the reading and sites of `region` if a region with the same
    /// bytes, or the same up to the names of its letters, was read before.
    /// Otherwise returns false: the caller reads it and calls
    /// [`Self::put`].
    fn get(&mut self, region: &[u8], reading: &mut Vec<u8>, sites: &mut Vec<u8>) -> bool {
        let hash = Memo::hash(region);
        if self.raw.get(hash, region, reading, sites) {
            return true;
        }
        self.rename(region);
        let renamed = Memo::hash(&self.name_bytes);
        self.hashes = (hash, renamed);
        let (r0, s0) = (reading.len(), sites.len());
        if !self.renamed.get(renamed, &self.name_bytes, reading, sites) {
            return false;
        }
        for x in &mut sites[s0..] {
            if is_letter(*x) {
                *x = self.old_name[*x as usize];
            }
        }
        self.raw.put(hash, region, &reading[r0..], &sites[s0..]);
        true
    }

    /// Records the reading and sites of the region [`Self::get`] last
    /// missed.
    fn put(&mut self, region: &[u8], reading: &[u8], sites: &[u8]) {
        self.raw.put(self.hashes.0, region, reading, sites);
        self.scratch.clear();
        self.scratch
            .extend(sites.iter().map(|&x| match is_letter(x) {
                true => self.new_name[x as usize],
                false => x,
            }));
        self.renamed
            .put(self.hashes.1, &self.name_bytes, reading, &self.scratch);
    }

    /// Renames the letters of `region` in order of first appearance into
    /// `name_bytes` (forgetting the last renaming first).
    fn rename(&mut self, region: &[u8]) {
        for n in FIRST_LETTER..self.next {
            self.new_name[self.old_name[n as usize] as usize] = 0;
        }
        self.next = FIRST_LETTER;
        self.name_bytes.clear();
        for &x in region {
            let n = name(x, &mut self.new_name, &mut self.next);
            self.old_name[n as usize] = x;
            self.name_bytes.push(n);
        }
    }
}

/// Readings of regions by their bytes (see [`RegionMemo`]).
#[derive(Default)]
struct Memo {
    /// For each hash of region bytes (one region per hash: another region
    /// with the same hash is read every time, never mistaken): its start in
    /// `arena`, and the lengths of its bytes, reading and sites.
    index: FxHashMap<u64, (u32, u32, u32, u32)>,
    /// Each entry's region bytes, reading and sites, one after the other.
    arena: Vec<u8>,
}

impl Memo {
    /// The memory a memo may use before it starts afresh.
    const BYTES: usize = 16 << 20;

    fn hash(region: &[u8]) -> u64 {
        let mut h = FxHasher::default();
        h.write(region);
        h.finish()
    }

    /// Appends the reading and sites of `region` (whose [`Self::hash`] is
    /// `hash`) if it is known.
    fn get(&self, hash: u64, region: &[u8], reading: &mut Vec<u8>, sites: &mut Vec<u8>) -> bool {
        let Some(&(start, rl, nl, sl)) = self.index.get(&hash) else {
            return false;
        };
        let (a, b, c, d) = (
            start as usize,
            (start + rl) as usize,
            (start + rl + nl) as usize,
            (start + rl + nl + sl) as usize,
        );
        if &self.arena[a..b] != region {
            return false;
        }
        reading.extend_from_slice(&self.arena[b..c]);
        sites.extend_from_slice(&self.arena[c..d]);
        true
    }

    /// Records the reading and sites of `region` (whose hash is `hash`),
    /// unless another region holds its hash.
    fn put(&mut self, hash: u64, region: &[u8], reading: &[u8], sites: &[u8]) {
        if self.arena.len() + region.len() + reading.len() + sites.len() > Self::BYTES {
            self.index.clear();
            self.arena.clear();
        }
        if let std::collections::hash_map::Entry::Vacant(v) = self.index.entry(hash) {
            v.insert((
                self.arena.len() as u32,
                region.len() as u32,
                reading.len() as u32,
                sites.len() as u32,
            ));
            self.arena.extend_from_slice(region);
            self.arena.extend_from_slice(reading);
            self.arena.extend_from_slice(sites);
        }
    }
}

impl PseudoKey {
    /// The same key as reading every region with `read_region` in both
    /// orientations, keeping the smaller reading (forward on a tie),
    /// sorting regions by reading (stably) and renaming letters; done in
    /// flat buffers instead of vectors per boundary.
    fn key(&mut self, land: &[u8], out: &mut Vec<u8>) {
        read_spans(land, &mut self.bounds, &mut self.regions);
        self.readings.clear();
        self.sites.clear();
        self.spans.clear();
        for ri in 0..self.regions.len() {
            let r = self.regions[ri].clone();
            let region = &land[r.bytes.clone()];
            let (r0, s0) = (self.readings.len(), self.sites.len());
            if !self.memo.get(region, &mut self.readings, &mut self.sites) {
                let bs = &self.bounds[r.bounds.clone()];
                read_both_ways(
                    [&mut self.fwd, &mut self.rev],
                    land,
                    bs,
                    &mut self.readings,
                    &mut self.sites,
                );
                self.memo
                    .put(region, &self.readings[r0..], &self.sites[s0..]);
            }
            self.spans
                .push((r0, self.readings.len(), s0, self.sites.len()));
        }
        pseudo_assemble(&mut self.spans, &self.readings, &self.sites, out);
    }

    /// See [`pseudo_region`].
    fn region(&mut self, region: &[u8], reading: &mut Vec<u8>, sites: &mut Vec<u8>) {
        if self.memo.get(region, reading, sites) {
            return;
        }
        let (r0, s0) = (reading.len(), sites.len());
        read_spans(region, &mut self.bounds, &mut self.regions);
        read_both_ways(
            [&mut self.fwd, &mut self.rev],
            region,
            &self.bounds,
            reading,
            sites,
        );
        self.memo.put(region, &reading[r0..], &sites[s0..]);
    }
}

/// Reads the region whose boundaries are `bs` in `land` in both
/// orientations and appends the smaller reading (forward on a tie) and its
/// sites to `readings` and `sites`.
fn read_both_ways(
    [fwd, rev]: [&mut FlatRead; 2],
    land: &[u8],
    bs: &[(usize, usize)],
    readings: &mut Vec<u8>,
    sites: &mut Vec<u8>,
) {
    let mut count = [0u8; 256];
    for &(s, l) in bs {
        for &x in &land[s..s + l] {
            count[x as usize] = count[x as usize].wrapping_add(1);
        }
    }
    fwd.read(land, bs, &count, false);
    rev.read(land, bs, &count, true);
    let pick = if rev.reading < fwd.reading { rev } else { fwd };
    readings.extend_from_slice(&pick.reading);
    pick.sites_in_order(sites);
}

/// One region read in one orientation, in flat buffers (see
/// `read_region`, which this agrees with).
#[derive(Default)]
struct FlatRead {
    /// Every boundary's invariant reading at its least rotation, one after
    /// the other in the region's order.
    inv: Vec<u8>,
    /// Every boundary's sites at that rotation, likewise.
    sites: Vec<u8>,
    /// Where each boundary's part of `inv` and `sites` starts, and its length.
    spans: Vec<(usize, usize)>,
    /// Boundary indices sorted (stably) by invariant reading.
    order: Vec<usize>,
    /// The region's reading: the sorted readings joined by END_BOUNDARY.
    reading: Vec<u8>,
    /// One boundary in the orientation read (scratch).
    raw: Vec<u8>,
    /// Its invariant reading before rotation (scratch).
    plain: Vec<u8>,
}

impl FlatRead {
    /// Reads the region whose boundaries are `bounds` (start, length) in
    /// `land`.
    fn read(&mut self, land: &[u8], bounds: &[(usize, usize)], count: &[u8; 256], mirror: bool) {
        self.inv.clear();
        self.sites.clear();
        self.spans.clear();
        let mut next = [0u16; 256];
        for &(s, l) in bounds {
            let b = &land[s..s + l];
            if l == 1 {
                // Alone on its boundary: no rotation, and a letter is a
                // pivot or (listed again elsewhere in the region) 8 + 1.
                let x = b[0];
                let inv = match x {
                    x if !is_letter(x) => x,
                    x if count[x as usize] < 2 => 4,
                    _ => 9,
                };
                self.spans.push((self.inv.len(), 1));
                self.inv.push(inv);
                self.sites.push(x);
                continue;
            }
            self.raw.clear();
            if mirror {
                self.raw.extend(b.iter().rev());
            } else {
                self.raw.extend_from_slice(b);
            }
            invariant_fast(&self.raw, count, &mut self.plain, &mut next);
            let st = least_rotation_start(&self.plain);
            let at = self.inv.len();
            self.inv.extend_from_slice(&self.plain[st..]);
            self.inv.extend_from_slice(&self.plain[..st]);
            self.sites.extend_from_slice(&self.raw[st..]);
            self.sites.extend_from_slice(&self.raw[..st]);
            self.spans.push((at, l));
        }
        self.order.clear();
        self.order.extend(0..bounds.len());
        let (inv, spans) = (&self.inv, &self.spans);
        self.order.sort_by(|&a, &b| {
            let (x, y) = (spans[a], spans[b]);
            inv[x.0..x.0 + x.1].cmp(&inv[y.0..y.0 + y.1])
        });
        self.reading.clear();
        for &i in &self.order {
            let (at, len) = self.spans[i];
            self.reading.extend_from_slice(&self.inv[at..at + len]);
            self.reading.push(END_BOUNDARY);
        }
    }

    /// Appends the sites of every boundary in reading order, each boundary
    /// followed by END_BOUNDARY.
    fn sites_in_order(&self, out: &mut Vec<u8>) {
        for &i in &self.order {
            let (at, len) = self.spans[i];
            out.extend_from_slice(&self.sites[at..at + len]);
            out.push(END_BOUNDARY);
        }
    }
}

#[inline]
fn name(x: u8, names: &mut [u8; 256], next: &mut u8) -> u8 {
    if !is_letter(x) {
        return x;
    }
    if names[x as usize] == 0 {
        names[x as usize] = *next;
        *next += 1;
    }
    names[x as usize]
}

impl LandCanon for ExactCanon {
    fn exact(&self) -> bool {
        true
    }

    /// The canonical form's own layout ([`crate::canon`]): one exact
    /// canonicaliser for the library and the solver.
    fn key(&self, land: &[Vec<Vec<u8>>]) -> Vec<u8> {
        crate::canon::land_key(land)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The pseudo-canonical key built the plain way, from [`read_region`]
    /// (vectors per boundary): the flat version must give the same bytes.
    fn plain_pseudo_key(land: &[Vec<Vec<u8>>]) -> Vec<u8> {
        let mut regions: Vec<(Vec<u8>, Vec<BoundaryReading>)> = land
            .iter()
            .map(|r| {
                let fwd = read_region(r, false);
                let rev = read_region(r, true);
                if rev.0 < fwd.0 { rev } else { fwd }
            })
            .collect();
        regions.sort_by(|a, b| a.0.cmp(&b.0));
        let mut names = [0u8; 256];
        let mut next = FIRST_LETTER;
        let mut out = Vec::new();
        for (_, reads) in &regions {
            for rd in reads {
                for &x in &rd.sites {
                    out.push(name(x, &mut names, &mut next));
                }
                out.push(END_BOUNDARY);
            }
            out.push(END_REGION);
        }
        out
    }

    proptest! {
        #[test]
        fn flat_pseudo_key_agrees_with_plain(
            land in prop::collection::vec(
                prop::collection::vec(prop::collection::vec(0u8..12, 1..7), 1..4),
                1..4,
            )
        ) {
            let key = PseudoCanon.key(&land);
            prop_assert_eq!(&key, &plain_pseudo_key(&land));
            // Again, every region now read from the memo.
            prop_assert_eq!(&PseudoCanon.key(&land), &key);
            // Its letters renamed (3 and 11 swapped, 4 and 10, ...): every
            // region now read from the memo of renamed regions, and the
            // same key.
            let renamed: Vec<Vec<Vec<u8>>> = land
                .iter()
                .map(|r| {
                    r.iter()
                        .map(|b| b.iter().map(|&x| if is_letter(x) { 14 - x } else { x }).collect())
                        .collect()
                })
                .collect();
            prop_assert_eq!(&plain_pseudo_key(&renamed), &key);
            prop_assert_eq!(&PseudoCanon.key(&renamed), &key);
        }
    }
}
