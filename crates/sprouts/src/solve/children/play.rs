//! Playing the listed moves of a land ([`Player`]): each child written
//! into one flat buffer in key form, simplified and keyed, from the land's
//! regions read once when the move leaves the others as they are
//! ([`ReadRegions`]).

use std::collections::hash_map::Entry;
use std::hash::Hasher;

use rustc_hash::{FxHashMap, FxHasher};

use super::super::bytes::{DEAD, END_BOUNDARY, END_LAND, END_REGION, ZERO};
use super::super::canon::{LandCanon, pseudo_assemble, pseudo_region};
use super::super::compact::{Count, Simplifier};
use super::list::{LandMove, ParsedLand};
use super::{Children, gain};

/// Marks [`DEAD`] the sites in `buf` of the letters `dying` (whose other
/// site a move killed).
fn mark_dead(buf: &mut [u8], dying: [Option<u8>; 2]) {
    if dying.iter().any(|d| d.is_some()) {
        // No letter is DEAD: marking DEAD dead changes nothing, so the
        // loop has no branch (and runs over many bytes at once).
        let [a, b] = dying.map(|d| d.unwrap_or(DEAD));
        for x in buf {
            *x = if *x == a || *x == b { DEAD } else { *x };
        }
    }
}

/// Sorts the lands written in `bytes` from `at` on (each followed by
/// [`END_LAND`]); `spans` and `scratch` are scratch.
fn sort_lands(bytes: &mut [u8], at: usize, spans: &mut Vec<(usize, usize)>, scratch: &mut Vec<u8>) {
    spans.clear();
    let mut start = at;
    for (i, &x) in bytes[at..].iter().enumerate() {
        if x == END_LAND {
            spans.push((start, at + i + 1));
            start = at + i + 1;
        }
    }
    let b = &*bytes;
    // Compared without their END_LAND, as lands are everywhere else.
    spans.sort_unstable_by(|x, y| b[x.0..x.1 - 1].cmp(&b[y.0..y.1 - 1]));
    scratch.clear();
    for &(s, e) in spans.iter() {
        scratch.extend_from_slice(&b[s..e]);
    }
    bytes[at..].copy_from_slice(scratch);
}

/// Plays moves of a land and keys the children (one per thread).
pub(super) struct Player<'a, 's, C: ?Sized> {
    shape: &'s ParsedLand<'a>,
    canon: &'s C,
    /// The child being written, in key form (letters not renamed, dying
    /// sites [`DEAD`]): the regions the move leaves as they are, then the
    /// ones it makes.
    buf: Vec<u8>,
    simplifier: Simplifier,
    /// Scratch for [`sort_lands`].
    spans: Vec<(usize, usize)>,
    scratch: Vec<u8>,
    /// Whether children are keyed from the land's regions read once (keys
    /// made by regions, several regions): `read` holds them then.
    by_regions: bool,
    read: ReadRegions,
    /// The children this player made so far, by a hash of their bytes
    /// (see [`Player::play_all`]).
    seen: FxHashMap<u64, u32>,
}

/// The regions of the land being played, each read once for all its
/// children (see [`LandCanon::by_regions`]): a child whose other regions
/// stay as they are is keyed from these readings and those of the regions
/// the move made.
///
/// A child that kills a letter listed in another region, or drops a
/// region, goes through the whole simplifier instead; a debug check
/// compares every child keyed this way with the whole simplifier's (how
/// often and how much faster: docs/experiments.md#region-readings).
#[derive(Default)]
struct ReadRegions {
    /// Every region's reading and its sites in reading order, one after the
    /// other, then (while a child is keyed) those of the regions a move made.
    readings: Vec<u8>,
    sites: Vec<u8>,
    /// Where each region's lie in `readings` and `sites`.
    parts: Vec<(usize, usize, usize, usize)>,
    /// For each region, the letters of all the others (once needed).
    rest: Vec<Option<Count>>,
    /// The regions a move made, simplified (scratch).
    made: Vec<u8>,
    /// The parts of a child (scratch).
    child: Vec<(usize, usize, usize, usize)>,
}

/// The buffers a [`Player`] writes in, kept from land to land (one set per
/// thread), so that playing a land's moves allocates nothing once they
/// have grown.
#[derive(Default)]
struct Buffers {
    buf: Vec<u8>,
    simplifier: Simplifier,
    spans: Vec<(usize, usize)>,
    scratch: Vec<u8>,
    read: ReadRegions,
    seen: FxHashMap<u64, u32>,
}

thread_local! {
    /// This thread's [`Buffers`] while no [`Player`] uses them.
    static BUFFERS: std::cell::RefCell<Option<Buffers>> = const { std::cell::RefCell::new(None) };
}

impl<C: ?Sized> Drop for Player<'_, '_, C> {
    fn drop(&mut self) {
        let b = Buffers {
            buf: std::mem::take(&mut self.buf),
            simplifier: std::mem::take(&mut self.simplifier),
            spans: std::mem::take(&mut self.spans),
            scratch: std::mem::take(&mut self.scratch),
            read: std::mem::take(&mut self.read),
            seen: std::mem::take(&mut self.seen),
        };
        BUFFERS.with_borrow_mut(|kept| *kept = Some(b));
    }
}

impl<'a, 's, C: LandCanon + ?Sized> Player<'a, 's, C> {
    pub(super) fn new(shape: &'s ParsedLand<'a>, canon: &'s C) -> Self {
        let Buffers {
            mut buf,
            simplifier,
            spans,
            scratch,
            mut read,
            mut seen,
        } = BUFFERS.with_borrow_mut(Option::take).unwrap_or_default();
        buf.clear();
        seen.clear();
        let by_regions = canon.by_regions() && shape.regions.len() > 1;
        if by_regions {
            read.readings.clear();
            read.sites.clear();
            read.parts.clear();
            for region in &shape.regions {
                let (r0, s0) = (read.readings.len(), read.sites.len());
                pseudo_region(
                    &shape.land[region.span.bytes.clone()],
                    &mut read.readings,
                    &mut read.sites,
                );
                read.parts
                    .push((r0, read.readings.len(), s0, read.sites.len()));
            }
            read.rest.clear();
            read.rest.resize(shape.regions.len(), None);
        }
        Player {
            shape,
            canon,
            buf,
            simplifier,
            spans,
            scratch,
            by_regions,
            read,
            seen,
        }
    }

    /// Keys the child in `buf` of a move in region `r` that made `made`
    /// regions, with the letters `dying` losing their other site, from the
    /// readings of the other regions (see [`ReadRegions`]), if they stay as
    /// they are: appends it to `out` (one land) and returns true; false if
    /// they do not (nothing appended; `buf` may have some of the dying
    /// letters' sites marked [`DEAD`]).
    fn key_made(
        &mut self,
        r: usize,
        made: usize,
        dying: [Option<u8>; 2],
        out: &mut Vec<u8>,
    ) -> bool {
        if !self.by_regions {
            return false;
        }
        let read = &mut self.read;
        let land = self.shape.land;
        let bytes = self.shape.regions[r].span.bytes.clone();
        let rest = read.rest[r]
            .get_or_insert_with(|| Count::letters([&land[..bytes.start], &land[bytes.end..]]));
        // A dying letter listed in another region changes that region.
        if dying.iter().flatten().any(|&x| rest.lists(x)) {
            return false;
        }
        let kept = land.len() - bytes.len();
        mark_dead(&mut self.buf[kept..], dying);
        read.made.clear();
        if !self
            .simplifier
            .simplify_made(&self.buf[kept..], rest, made, &mut read.made)
        {
            return false;
        }
        let (r0, s0) = (read.readings.len(), read.sites.len());
        read.child.clear();
        read.child.extend(
            (0..read.parts.len())
                .filter(|&k| k != r)
                .map(|k| read.parts[k]),
        );
        let mut start = 0;
        for (i, &x) in read.made.iter().enumerate() {
            if x == END_REGION {
                let (a, b) = (read.readings.len(), read.sites.len());
                pseudo_region(&read.made[start..=i], &mut read.readings, &mut read.sites);
                read.child
                    .push((a, read.readings.len(), b, read.sites.len()));
                start = i + 1;
            }
        }
        pseudo_assemble(&mut read.child, &read.readings, &read.sites, out);
        out.push(END_LAND);
        read.readings.truncate(r0);
        read.sites.truncate(s0);
        true
    }

    /// Plays every move, the children as made, unsorted (`None` as soon
    /// as `stop` says yes to a child).
    pub(super) fn play_all(
        &mut self,
        moves: &[LandMove],
        mut stop: impl FnMut(&[u8]) -> bool,
    ) -> Option<Children> {
        let n = moves.len();
        let mut out = Children {
            bytes: Vec::with_capacity(n * (self.shape.land.len() + 8)),
            spans: Vec::with_capacity(n),
        };
        for &m in moves {
            let at = out.bytes.len();
            self.play(m, &mut out.bytes);
            // A child this player made before is dropped at once: it was
            // not the one to stop at, and the sort would drop it anyway.
            let child = &out.bytes[at..];
            let mut h = FxHasher::default();
            h.write(child);
            match self.seen.entry(h.finish()) {
                Entry::Occupied(e) if out.get(*e.get() as usize) == child => {
                    out.bytes.truncate(at);
                    continue;
                }
                Entry::Occupied(_) => {}
                Entry::Vacant(e) => {
                    e.insert(out.len() as u32);
                }
            }
            if stop(&out.bytes[at..]) {
                return None;
            }
            out.push(at);
        }
        Some(out)
    }

    /// Plays one move and appends its child to `out`.
    fn play(&mut self, m: LandMove, out: &mut Vec<u8>) {
        let (dying, r, made) = match m {
            LandMove::Join { r, i, p, j, q } => (self.join(r, i, p, j, q), r, 1),
            LandMove::Split { r, i, p, q, d } => (self.split(r, i, p, q, d), r, 2),
        };
        let at = out.len();
        if self.key_made(r, made, dying, out) {
            // The same child as the whole simplifier makes (checked in
            // debug builds, so by every test of the solver).
            debug_assert!({
                let mut whole = Vec::new();
                self.simplifier.run(&self.buf, self.canon, &mut whole);
                whole == out[at..]
            });
            return;
        }
        mark_dead(&mut self.buf, dying);
        if self.simplifier.run(&self.buf, self.canon, out) > 1 {
            sort_lands(out, at, &mut self.spans, &mut self.scratch);
        }
    }

    /// Starts a child of a move in region `r`: every other region as it is.
    fn begin(&mut self, r: usize) {
        let bytes = &self.shape.regions[r].span.bytes;
        let land = self.shape.land;
        self.buf.clear();
        self.buf.extend_from_slice(&land[..bytes.start]);
        self.buf.extend_from_slice(&land[bytes.end..]);
    }

    /// Appends boundary `i` of region `r`.
    fn push_bd(&mut self, r: usize, i: usize) {
        self.buf.extend_from_slice(self.shape.bd(r, i));
        self.buf.push(END_BOUNDARY);
    }

    /// Writes the child of a join; returns the letters whose other site
    /// dies.
    fn join(&mut self, r: usize, i: usize, p: usize, j: usize, q: usize) -> [Option<u8>; 2] {
        let (b1, b2) = (self.shape.bd(r, i), self.shape.bd(r, j));
        let (a, b) = (b1[p], b2[q]);
        let fresh = self.shape.fresh;
        let (na, da) = gain(a, 1, fresh[0]);
        let (nb, db) = gain(b, 1, fresh[1]);
        let c = fresh[2];
        self.begin(r);
        let buf = &mut self.buf;
        buf.extend_from_slice(&[na, c, nb]);
        buf.extend_from_slice(&b2[q + 1..]);
        buf.extend_from_slice(&b2[..q]);
        if b != ZERO {
            buf.push(nb);
        }
        buf.push(c);
        if a != ZERO {
            buf.push(na);
        }
        buf.extend_from_slice(&b1[p + 1..]);
        buf.extend_from_slice(&b1[..p]);
        buf.push(END_BOUNDARY);
        for k in 0..self.shape.regions[r].span.bounds.len() {
            if k != i && k != j {
                self.push_bd(r, k);
            }
        }
        self.buf.push(END_REGION);
        [da, db]
    }

    /// Writes the child of a split; returns the letters whose other site
    /// dies.
    fn split(
        &mut self,
        r: usize,
        i: usize,
        p: usize,
        q: Option<usize>,
        d: usize,
    ) -> [Option<u8>; 2] {
        let shape = self.shape;
        let bd = shape.bd(r, i);
        let a = bd[p];
        let fresh = shape.fresh;
        let c = fresh[2];
        self.begin(r);
        // The first side's line; the second side's comes after the first
        // side's boundaries.
        let (na, nb, tail, dying): (u8, u8, [&[u8]; 2], _);
        match q {
            None => {
                let (x, da) = gain(a, 2, fresh[0]);
                self.buf.extend_from_slice(&[x, c]);
                na = x;
                nb = x;
                tail = if a == ZERO {
                    [&[], &[]]
                } else {
                    [&bd[p + 1..], &bd[..p]]
                };
                dying = [da, None];
            }
            Some(q) => {
                let b = bd[q];
                let (x, da) = gain(a, 1, fresh[0]);
                let (y, db) = gain(b, 1, fresh[1]);
                // bd from p: [a, A..., b, Bs...]
                self.buf.extend_from_slice(&[x, c, y]);
                self.buf.extend_from_slice(&bd[q + 1..]);
                self.buf.extend_from_slice(&bd[..p]);
                na = x;
                nb = y;
                tail = [&bd[p + 1..q], &[]];
                dying = [da, db];
            }
        }
        self.buf.push(END_BOUNDARY);
        let groups = &shape.regions[r].groups[i];
        // How many of each class go to the first side: the digits of `d`.
        let counts = || {
            groups.iter().scan(d, |rest, g| {
                let k = *rest % (g.len() + 1);
                *rest /= g.len() + 1;
                Some(k)
            })
        };
        for (g, k) in groups.iter().zip(counts()) {
            for &bi in &g[..k] {
                self.push_bd(r, bi);
            }
        }
        self.buf.push(END_REGION);
        match q {
            None if a == ZERO => self.buf.extend_from_slice(&[na, c]),
            None => self.buf.extend_from_slice(&[na, c, na]),
            Some(_) => self.buf.extend_from_slice(&[nb, c, na]),
        }
        self.buf.extend_from_slice(tail[0]);
        self.buf.extend_from_slice(tail[1]);
        self.buf.push(END_BOUNDARY);
        for (g, k) in groups.iter().zip(counts()) {
            for &bi in &g[k..] {
                self.push_bd(r, bi);
            }
        }
        self.buf.push(END_REGION);
        dying
    }
}
