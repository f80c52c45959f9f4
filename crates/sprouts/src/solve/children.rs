//! The moves of a land, played on the compact form (docs/notations.md#moves on
//! site bytes instead of labelled spots).
//!
//! Boundaries of a region with the same sites up to their own letters
//! (letters with both sites on that boundary) are interchangeable: a join
//! takes one representative of each pair of such classes, and a split sends
//! a *number* of each class to one side instead of every subset. A boundary
//! that a turn leaves as it is (`1a1a`) is drawn from one turn of its sites
//! only. A split whose line writes the same boundary on both sides (a loop
//! around a lone spot, for instance) is drawn for one of each two ways of
//! sharing the other boundaries that swap its sides, when that gives the
//! same key ([`Shape::other_side_first`]). What is left is deduplicated by
//! the children's keys (counts: docs/experiments.md#swapped-sides).
//!
//! A land's moves are listed first ([`Shape::moves`]), then each is played
//! into one flat buffer in key form, simplified and keyed ([`Simplifier`]);
//! all the children of a land share one buffer ([`Children`]). The solver
//! may stop early, as soon as one child settles the position it searches
//! ([`children_unless`]). A child whose other regions the move leaves as
//! they are is keyed from the land's regions read once ([`ReadRegions`]).

use std::collections::hash_map::Entry;
use std::hash::Hasher;

use rustc_hash::{FxHashMap, FxHasher};

use super::bytes::{
    DEAD, END_BOUNDARY, END_LAND, END_REGION, FIRST_LETTER, ONE, RegionSpan, TWO, ZERO, has_mark,
    is_letter, lands_of, lives_of, read_spans, twice_life,
};
use super::canon::{LandCanon, least_rotation_start, pseudo_assemble, pseudo_region};
use super::compact::{Count, Simplifier};

/// A child position of a land: the keys of the lands it splits into, sorted.
pub(crate) type Child = Vec<Vec<u8>>;

/// What a spot becomes when it gains `lines` lines (1 or 2): its new byte
/// ([`DEAD`] when it dies; `fresh` is the letter for a spot that becomes a
/// 1-life spot listed twice) and, for a dying letter, the letter whose other
/// site must go too.
#[inline]
fn gain(x: u8, lines: u8, fresh: u8) -> (u8, Option<u8>) {
    match (x, lines) {
        (ZERO, 1) => (ONE, None),
        (ZERO, _) => (fresh, None),
        (ONE, 1) => (fresh, None),
        (ONE, _) => (DEAD, None),
        (TWO, _) => (DEAD, None),
        (x, _) => (DEAD, Some(x)),
    }
}

/// The children of a land, flat: each child is the keys of its lands,
/// sorted, each followed by [`END_LAND`] (no land: the empty child). The
/// search keeps them so, in one allocation per land (see
/// [`Children::compacted`]).
#[derive(Default)]
pub(crate) struct Children {
    bytes: Vec<u8>,
    /// Where each child lies in `bytes`.
    spans: Vec<Span>,
}

/// A child of a land, heap aside (read from its lands, each followed by
/// END_LAND, as [`Children`] keeps them).
#[derive(Clone, Copy, Debug)]
pub(crate) enum ChildLands<'a> {
    /// No land left: the child is the node's heap alone.
    Heap,
    /// One land (the node's heap goes with it).
    One(&'a [u8]),
    /// Several lands (sorted keys, each followed by END_LAND).
    Sum(&'a [u8]),
}

/// Where a child lies in [`Children::bytes`], and its lives.
#[derive(Clone, Copy)]
struct Span {
    start: u32,
    end: u32,
    /// The twice lives of its largest land, then of all its lands, in one
    /// number (see [`lives_and_first`]).
    lives: u32,
    /// The length of its first land (without END_LAND), [`NO_LAND`] if it
    /// has none: what kind of child it is (see [`Children::kid`]).
    first: u32,
}

/// [`Span::first`] of a child with no land.
const NO_LAND: u32 = u32::MAX;

impl Span {
    /// The child's bytes in `bytes`.
    fn of(self, bytes: &[u8]) -> &[u8] {
        &bytes[self.start as usize..self.end as usize]
    }
}

/// Of a child (its lands, each followed by [`END_LAND`]): the twice lives
/// of its largest land times 2^16, plus the twice lives of all its lands
/// (ordering by this number puts first the children whose largest land
/// has fewest lives, then those with fewest lives in all; a position has
/// at most `MAX_LIVES` = 240 lives, so each part fits in 16 bits); and the
/// length of its first land ([`Span::first`]).
fn lives_and_first(child: &[u8]) -> (u32, u32) {
    let (mut most, mut all, mut land) = (0u32, 0u32, 0u32);
    let mut first = NO_LAND;
    for (i, &x) in child.iter().enumerate() {
        if x == END_LAND {
            if first == NO_LAND {
                first = i as u32;
            }
            most = most.max(land);
            all += land;
            land = 0;
        } else {
            land += twice_life(x);
        }
    }
    ((most.min(0xFFFF) << 16) | all.min(0xFFFF), first)
}

impl Children {
    /// How many children.
    pub(crate) fn len(&self) -> usize {
        self.spans.len()
    }

    /// Child `i`: its lands, each followed by [`END_LAND`].
    pub(crate) fn get(&self, i: usize) -> &[u8] {
        self.spans[i].of(&self.bytes)
    }

    /// Child `i` as the search scores it (its first land's end was found
    /// as its lives were counted, see [`Children::push`]).
    pub(crate) fn child_lands(&self, i: usize) -> ChildLands<'_> {
        let s = self.spans[i];
        let child = s.of(&self.bytes);
        match s.first {
            NO_LAND => ChildLands::Heap,
            f if f as usize + 1 == child.len() => ChildLands::One(&child[..f as usize]),
            _ => ChildLands::Sum(child),
        }
    }

    /// Adds the child just written at the end of `bytes`, from `start`.
    fn push(&mut self, start: usize) {
        let (lives, first) = lives_and_first(&self.bytes[start..]);
        self.spans.push(Span {
            start: start as u32,
            end: self.bytes.len() as u32,
            lives,
            first,
        });
    }

    /// Every child (see [`Children::get`]).
    pub(crate) fn iter(&self) -> impl Iterator<Item = &[u8]> {
        (0..self.len()).map(|i| self.get(i))
    }

    /// The memory its children take, in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.bytes.len() + std::mem::size_of_val(self.spans.as_slice())
    }

    /// The same children in the same order, one after the other in
    /// buffers of their exact size (children are kept in the search's
    /// table, after the moves that gave the same child were dropped).
    pub(crate) fn compacted(&self) -> Children {
        let mut out = Children {
            bytes: Vec::with_capacity(self.spans.iter().map(|s| (s.end - s.start) as usize).sum()),
            spans: Vec::with_capacity(self.spans.len()),
        };
        for s in &self.spans {
            let start = out.bytes.len() as u32;
            out.bytes.extend_from_slice(s.of(&self.bytes));
            out.spans.push(Span {
                start,
                end: out.bytes.len() as u32,
                lives: s.lives,
                first: s.first,
            });
        }
        out
    }

    /// Sorts the children by their lives (see [`lives_and_first`]), then
    /// by their bytes, and drops repeats (a repeat has the same lives, so
    /// it comes next).
    fn sort_dedup(&mut self) {
        let bytes = &self.bytes;
        self.spans.sort_unstable_by(|x, y| {
            x.lives
                .cmp(&y.lives)
                .then_with(|| x.of(bytes).cmp(y.of(bytes)))
        });
        self.spans.dedup_by(|x, y| x.of(bytes) == y.of(bytes));
    }

    /// Sorts the children by their bytes (no repeats left).
    fn sort_by_keys(&mut self) {
        let bytes = &self.bytes;
        self.spans
            .sort_unstable_by(|x, y| x.of(bytes).cmp(y.of(bytes)));
    }
}

/// Every distinct child of a land (given by its key), in key order.
pub(crate) fn land_children<C: LandCanon + ?Sized>(land: &[u8], canon: &C) -> Vec<Child> {
    children(land, canon)
        .iter()
        .map(|c| lands_of(c).map(<[u8]>::to_vec).collect())
        .collect()
}

/// [`land_children`], flat.
pub(crate) fn children<C: LandCanon + ?Sized>(land: &[u8], canon: &C) -> Children {
    let mut out = children_unless(land, canon, |_| false).unwrap_or_default();
    out.sort_by_keys();
    out
}

/// Every distinct child of a land, unless `stop` says yes to one of them
/// as it is made (`None`: the rest are not made). The children come in
/// the order the search tries them: those whose largest land has fewest
/// lives first, then fewest lives in all (GLOP's heuristic), then by key
/// (the orders tried: docs/experiments.md#child-order).
pub(crate) fn children_unless<C: LandCanon + ?Sized>(
    land: &[u8],
    canon: &C,
    stop: impl FnMut(&[u8]) -> bool,
) -> Option<Children> {
    if has_mark(land) {
        // (A hand-made key that is no position is played as if planar.)
        if let Some(pos) = surface_position(land) {
            return surface_children(&pos, canon, stop);
        }
    }
    let shape = Shape::of(land, canon.exact());
    let (mut moves, mut aside) = MOVES.with_borrow_mut(std::mem::take);
    let sure = shape.moves(&mut moves, &mut aside);
    let out = Player::new(&shape, canon)
        .play_all(&moves[..sure], stop)
        .map(|mut out| {
            out.sort_dedup();
            // The moves left out give children among the others (checked in
            // debug builds, so by every test of the solver).
            debug_assert!({
                let aside = Player::new(&shape, canon).play_all(&moves[sure..], |_| false);
                aside.is_some_and(|a| a.iter().all(|c| out.iter().any(|o| o == c)))
            });
            out
        });
    MOVES.with_borrow_mut(|kept| *kept = (moves, aside));
    out
}

/// [`children_unless`] for a land with a region off the plane: its moves
/// are the model's ([`Position::children`](crate::model::Position::children)),
/// each child simplified and keyed as [`decompose`](super::decompose) does
/// (docs/surfaces.md#solver).
fn surface_children<C: LandCanon + ?Sized>(
    pos: &crate::model::Position,
    canon: &C,
    mut stop: impl FnMut(&[u8]) -> bool,
) -> Option<Children> {
    let mut out = Children::default();
    let children = pos
        .children()
        .expect("surface_position checked the width, and no move makes it grow");
    for child in children {
        let regions =
            super::compact::regions_of(&child).expect("a child has fewer lives and no more genus");
        let mut lands = Vec::new();
        super::compact::simplify(regions, canon, &mut lands);
        lands.sort_unstable();
        let start = out.bytes.len();
        for l in &lands {
            out.bytes.extend_from_slice(l);
            out.bytes.push(END_LAND);
        }
        if stop(&out.bytes[start..]) {
            return None;
        }
        out.push(start);
    }
    out.sort_dedup();
    Some(out)
}

/// The position a land with a mark stands for, when it is one the solver
/// can take.
fn surface_position(land: &[u8]) -> Option<crate::model::Position> {
    let pos = super::text::lands_position(&[super::Land(land.into())]).ok()?;
    super::compact::regions_of(&pos).ok()?;
    Some(pos)
}

thread_local! {
    /// The list of moves [`children_unless`] plays, and the scratch list of
    /// [`Shape::moves`], kept from land to land.
    static MOVES: std::cell::RefCell<(Vec<Move>, Vec<Move>)> =
        const { std::cell::RefCell::new((Vec::new(), Vec::new())) };
}

/// A land read for playing moves: where its boundaries and regions lie in
/// its key, the classes of interchangeable boundaries, and the letters a
/// move may create.
struct Shape<'a> {
    land: &'a [u8],
    /// Every boundary's (start, length) in `land`.
    bounds: Vec<(usize, usize)>,
    regions: Vec<Region>,
    fresh: [u8; 3],
}

/// A region of the land: where it lies in the key, and, for each of its
/// boundaries, the others grouped into classes (for splits).
struct Region {
    span: RegionSpan,
    /// The class of every boundary (see [`Shape::classes`]).
    class: Vec<usize>,
    /// For every boundary that represents its class, the other boundaries
    /// grouped into classes (empty for the others).
    groups: Vec<Vec<Vec<usize>>>,
    /// The period of every boundary (see [`period`]).
    period: Vec<usize>,
    /// When mirroring the region maps every boundary onto itself (and the
    /// keys are exact): where each boundary's mirror starts (see
    /// [`mirror_start`]).
    ///
    /// Used with exact keys only: pseudo-canonical keys may give a child
    /// and its mirror image different keys, and leaving mirrors out then
    /// made the search grow (docs/experiments.md#mirror-moves).
    mirror: Option<Vec<usize>>,
}

/// One move, before it is played.
#[derive(Clone, Copy)]
enum Move {
    /// A line from site `p` of boundary `i` to site `q` of boundary `j`
    /// (in region `r`).
    Join {
        r: usize,
        i: usize,
        p: usize,
        j: usize,
        q: usize,
    },
    /// A line from site `p` of boundary `i` to its site `q` (or a loop back
    /// to `p`), the other boundaries going to the two sides as distribution
    /// number `d` says (mixed radix over the classes: how many of each go
    /// to the first side).
    Split {
        r: usize,
        i: usize,
        p: usize,
        q: Option<usize>,
        d: usize,
    },
}

impl<'a> Shape<'a> {
    /// Reads a land; `mirrors`: whether to find the regions that mirroring
    /// maps onto themselves (see [`Region::mirror`]).
    fn of(land: &'a [u8], mirrors: bool) -> Shape<'a> {
        let mut bounds = Vec::new();
        let mut spans = Vec::new();
        read_spans(land, &mut bounds, &mut spans);
        let regions = spans
            .into_iter()
            .map(|span| Region {
                span,
                class: Vec::new(),
                groups: Vec::new(),
                period: Vec::new(),
                mirror: None,
            })
            .collect();
        let max_letter = land
            .iter()
            .copied()
            .filter(|&x| is_letter(x))
            .max()
            .unwrap_or(FIRST_LETTER - 1);
        let mut shape = Shape {
            land,
            bounds,
            regions,
            fresh: [max_letter + 1, max_letter + 2, max_letter + 3],
        };
        let mut far = Vec::new();
        for r in 0..shape.regions.len() {
            shape.regions[r].class = shape.classes(r);
            let n = shape.regions[r].class.len();
            let mut periods = Vec::with_capacity(n);
            let mut mirror = mirrors.then(|| Vec::with_capacity(n));
            for i in 0..n {
                let b = shape.bd(r, i);
                own_far(b, &mut far);
                periods.push(period(b, &far));
                if let Some(m) = &mut mirror {
                    match mirror_start(b, &far) {
                        Some(c) => m.push(c),
                        None => mirror = None,
                    }
                }
            }
            shape.regions[r].period = periods;
            shape.regions[r].mirror = mirror;
            shape.regions[r].groups = (0..shape.regions[r].class.len())
                .map(|i| {
                    if shape.regions[r].class[i] == i {
                        shape.groups(r, i)
                    } else {
                        Vec::new()
                    }
                })
                .collect();
        }
        shape
    }

    /// Boundary `i` of region `r` (its sites).
    fn bd(&self, r: usize, i: usize) -> &'a [u8] {
        let (s, l) = self.bounds[self.regions[r].span.bounds.start + i];
        &self.land[s..s + l]
    }

    /// Where the mirror of region `r` (if it maps every boundary onto
    /// itself) takes site `x` of boundary `i`.
    fn mirrored(&self, r: usize, i: usize, x: usize) -> Option<usize> {
        let c = self.regions[r].mirror.as_ref()?[i];
        let n = self.bd(r, i).len();
        Some((n - 1 - x + c) % n)
    }

    /// The class of each boundary of region `r`: boundaries with the same
    /// sites up to rotation and to renaming their own letters (letters
    /// whose two sites are both on that boundary) share a class (named by
    /// its first boundary); a boundary with a letter it shares with another
    /// boundary is alone.
    fn classes(&self, r: usize) -> Vec<usize> {
        let n = self.regions[r].span.bounds.len();
        let mut class = vec![0usize; n];
        let mut reps: Vec<(Vec<u8>, usize)> = Vec::new();
        for (i, c) in class.iter_mut().enumerate() {
            let Some(form) = boundary_form(self.bd(r, i)) else {
                *c = i;
                continue;
            };
            match reps.iter().find(|(c, _)| *c == form) {
                Some(&(_, first)) => *c = first,
                None => {
                    reps.push((form, i));
                    *c = i;
                }
            }
        }
        class
    }

    /// The boundaries of region `r` other than `i`, grouped into classes.
    fn groups(&self, r: usize, i: usize) -> Vec<Vec<usize>> {
        let class = &self.regions[r].class;
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for (k, &c) in class.iter().enumerate() {
            if k == i {
                continue;
            }
            match groups.iter_mut().find(|g| class[g[0]] == c) {
                Some(g) => g.push(k),
                None => groups.push(vec![k]),
            }
        }
        groups
    }

    /// Every move of the land, interchangeable boundaries taken once (into
    /// `out`, cleared first). Returns how many come first and are to be
    /// played: the others (listed after them) give the same children as
    /// some of those (see [`Shape::other_side_first`]). `aside` is scratch.
    fn moves(&self, out: &mut Vec<Move>, aside: &mut Vec<Move>) -> usize {
        out.clear();
        aside.clear();
        for r in 0..self.regions.len() {
            let class = &self.regions[r].class;
            let n = class.len();
            // Joins: one pair of boundaries per pair of classes.
            for i in 0..n {
                if class[i] != i {
                    continue;
                }
                for j in (i + 1)..n {
                    let rep = if class[j] == i {
                        // The second member of i's own class.
                        (i + 1..j).all(|k| class[k] != i)
                    } else {
                        class[j] == j
                    };
                    if !rep {
                        continue;
                    }
                    // A rotation that leaves a boundary as it is maps its
                    // sites onto each other: one turn of each is enough.
                    let (pi, pj) = (self.regions[r].period[i], self.regions[r].period[j]);
                    for p in 0..pi {
                        for q in 0..pj {
                            // The mirror of a join (when the region has
                            // one) gives the same child: one of the two.
                            if self.mirrored(r, i, p).is_some_and(|mp| {
                                let mq = self.mirrored(r, j, q).unwrap_or(q);
                                (mp % pi, mq % pj) < (p, q)
                            }) {
                                continue;
                            }
                            out.push(Move::Join { r, i, p, j, q });
                        }
                    }
                }
            }
            // Splits and loops, in one boundary per class.
            for (i, groups) in self.regions[r].groups.iter().enumerate() {
                if class[i] != i {
                    continue;
                }
                let ways: usize = groups.iter().map(|g| g.len() + 1).product();
                let b = self.bd(r, i);
                let per = self.regions[r].period[i];
                for p in 0..b.len() {
                    let mut split = |q: Option<usize>| {
                        let twin = self.twin_sides(r, i, p, q);
                        for d in 0..ways {
                            let m = Move::Split { r, i, p, q, d };
                            if twin && self.other_side_first(r, i, p, q, d) {
                                aside.push(m);
                            } else {
                                out.push(m);
                            }
                        }
                    };
                    let mp = self.mirrored(r, i, p);
                    if (b[p] == ZERO || b[p] == ONE) && p < per && mp.is_none_or(|mp| mp % per >= p)
                    {
                        split(None);
                    }
                    for q in (p + 1)..b.len() {
                        if is_letter(b[p]) && b[p] == b[q]
                            || !least_pair(b.len(), per, (p, q), (p, q))
                            || mp.is_some_and(|mp| {
                                let mq = self.mirrored(r, i, q).unwrap_or(q);
                                !least_pair(b.len(), per, (p, q), (mp, mq))
                            })
                        {
                            continue;
                        }
                        split(Some(q));
                    }
                }
            }
        }
        let sure = out.len();
        out.extend_from_slice(aside);
        sure
    }

    /// Whether the line from site `p` of boundary `i` of region `r` to its
    /// site `q` (`None`: a loop back to `p`) writes the same boundary on
    /// both sides (see [`Player::split`]), changing nothing else in the
    /// region: a loop around a lone spot (`[x c]` on both sides), or a line
    /// between two sites that become the same byte (`[x c x]`, `x` not a
    /// new letter) with the same sites after it on both sides (`2a2a` from
    /// one `2` to the other, for instance, or the line between the two
    /// letters of `ab` when their other sites are in other regions, which
    /// keep 2 lives or more when those sites die, lives counted as the
    /// simplifier does (see [`SideLives`]), or have no other letter:
    /// a region that goes turns its letters into `2`s elsewhere).
    fn twin_sides(&self, r: usize, i: usize, p: usize, q: Option<usize>) -> bool {
        let b = self.bd(r, i);
        let Some(q) = q else {
            return b == [ZERO];
        };
        // The two halves have the same length.
        if 2 * (q - p) != b.len() {
            return false;
        }
        let (x, _) = gain(b[p], 1, self.fresh[0]);
        let (y, _) = gain(b[q], 1, self.fresh[1]);
        if x != y || !b[p + 1..q].iter().eq(b[q + 1..].iter().chain(&b[..p])) {
            return false;
        }
        // The dying letters' other sites (not on the two halves, which
        // would list them thrice): in other regions, which do not go.
        let dying = [b[p], b[q]];
        let dies = |z: u8| is_letter(z) && dying.contains(&z);
        self.regions.iter().enumerate().all(|(k, region)| {
            let bytes = &self.land[region.span.bytes.clone()];
            let lost = bytes.iter().filter(|&&z| dies(z)).count();
            lost == 0
                || k == r && lost == 2
                || k != r && {
                    let mut left = SideLives::default();
                    for &z in bytes.iter().filter(|&&z| !dies(z)) {
                        left.add(z);
                    }
                    left.lives >= 2 || left.seen == [0; 4]
                }
        })
    }

    /// Whether a split along a line from site `p` to `q` of boundary `i` of
    /// region `r` with twin sides (see [`Shape::twin_sides`]) that shares
    /// the other boundaries as distribution `d` says can be left out: the
    /// distribution that sends the other number of each class to the first
    /// side comes before it, and the two sides do not both stay with the
    /// same lives (counted as the simplifier does, see [`SideLives`]).
    ///
    /// The two distributions give the same regions, in the other order,
    /// with boundaries of one class in place of one another (the same sites
    /// up to a turn and to renaming their own letters): the same child. Its
    /// key is the same too unless both regions stay (2 lives or more) and
    /// read alike, which different lives rule out: the line kills nothing
    /// on either side but its own dead sites, and no region goes that would
    /// turn a side's letter into a `2` (see [`Shape::twin_sides`]), so a
    /// side keeps its lives.
    /// (Otherwise both are played.) What it saves, with the same children:
    /// docs/experiments.md#swapped-sides.
    fn other_side_first(&self, r: usize, i: usize, p: usize, q: Option<usize>, d: usize) -> bool {
        let groups = &self.regions[r].groups[i];
        // How many of each class go to the first side: the digits of `d`;
        // the other distribution's digits are the rest of each class.
        let digits = || {
            groups.iter().scan(d, |rest, g| {
                let k = *rest % (g.len() + 1);
                *rest /= g.len() + 1;
                Some(k)
            })
        };
        let (mut other, mut unit) = (0, 1);
        for (g, k) in groups.iter().zip(digits()) {
            other += (g.len() - k) * unit;
            unit *= g.len() + 1;
        }
        if other >= d {
            return false;
        }
        let mut sides = [SideLives::default(), SideLives::default()];
        for (g, k) in groups.iter().zip(digits()) {
            for (n, &bi) in g.iter().enumerate() {
                sides[usize::from(n >= k)].add_all(self.bd(r, bi));
            }
        }
        // The line's boundary: two new letters for a loop; else `x c x`
        // (`x` not a letter: its lives twice, the new letter once) and the
        // sites between its ends.
        let b = self.bd(r, i);
        for side in &mut sides {
            match q {
                None => side.lives += 2,
                Some(q) => {
                    let (x, _) = gain(b[p], 1, self.fresh[0]);
                    side.lives += 1 + if x == DEAD { 0 } else { 2 * lives_of(x) };
                    side.add_all(&b[p + 1..q]);
                }
            }
        }
        let [a, b] = sides.map(|s| s.lives);
        a != b || a < 2
    }
}

/// The lives of a region (or a side of a split) as the simplifier counts
/// them, sites added one at a time (it drops a region with fewer than 2,
/// and makes one with at most 3 one boundary): 3, 2 and 1 for `0`, `1` and
/// `2`, and 1 for each letter however often listed; none for a dead site
/// or an end.
#[derive(Default)]
struct SideLives {
    lives: u32,
    /// The letters seen (a bit per byte value).
    seen: [u64; 4],
}

impl SideLives {
    fn add(&mut self, z: u8) {
        match z {
            ZERO | ONE | TWO => self.lives += lives_of(z),
            z if is_letter(z) => {
                let (word, bit) = (z as usize / 64, 1u64 << (z % 64));
                if self.seen[word] & bit == 0 {
                    self.seen[word] |= bit;
                    self.lives += 1;
                }
            }
            _ => {}
        }
    }

    fn add_all(&mut self, sites: &[u8]) {
        for &z in sites {
            self.add(z);
        }
    }
}

/// The forward distance from each site of an own letter of a boundary (a
/// letter with both sites on it) to its other site; 0 for the other sites
/// (into `far`, cleared first).
fn own_far(b: &[u8], far: &mut Vec<usize>) {
    let n = b.len();
    far.clear();
    far.resize(n, 0);
    if !b.iter().any(|&x| is_letter(x)) {
        return;
    }
    let mut first = [u16::MAX; 256];
    for (k, &x) in b.iter().enumerate() {
        if is_letter(x) {
            let f = first[x as usize] as usize;
            if f == u16::MAX as usize {
                first[x as usize] = k as u16;
            } else {
                far[f] = k - f;
                far[k] = n - (k - f);
            }
        }
    }
}

/// Whether site `k` of a boundary read one way and site `m` read another
/// way hold the same thing: the same byte, or both an own letter whose other
/// site is as far ahead (`far`, see [`own_far`]).
#[inline]
fn alike(x: (u8, usize), y: (u8, usize)) -> bool {
    if x.1 > 0 || y.1 > 0 {
        x.1 == y.1
    } else {
        x.0 == y.0
    }
}

/// The smallest rotation that leaves a boundary as it is up to renaming
/// its own letters, `1abc1cba` by 4 for instance (its length if only the
/// whole turn does); `far` is [`own_far`]. Such a rotation moves no other
/// boundary, so it maps the moves of the land onto moves with the same
/// children.
fn period(b: &[u8], far: &[usize]) -> usize {
    let n = b.len();
    (1..n)
        .filter(|&t| n % t == 0)
        .find(|&t| (0..n).all(|k| alike((b[k], far[k]), (b[(k + t) % n], far[(k + t) % n]))))
        .unwrap_or(n)
}

/// Where a boundary read backwards starts, when it then gives the same
/// sites up to renaming its own letters: site `x` of its mirror image is
/// site `(n - 1 - x + c) % n`. Mirroring a whole region is a symmetry
/// (docs/notations.md#simplification), so when every boundary of a region has such a
/// start, a move and its mirror image give the same child. (`1abc1cba`
/// and `0` have one; `1ab` has none.)
fn mirror_start(b: &[u8], far: &[usize]) -> Option<usize> {
    let n = b.len();
    let back = |k: usize| {
        let s = n - 1 - k;
        (b[s], if far[s] > 0 { n - far[s] } else { 0 })
    };
    (0..n).find(|&c| (0..n).all(|k| alike(back(k), (b[(k + c) % n], far[(k + c) % n]))))
}

/// Whether the line between sites `p < q` of a boundary of `n` sites that
/// a rotation by `per` leaves as it is comes first (as a sorted pair) among
/// the turns of the line between sites `image` (itself, or its mirror
/// image). The turns of a line, and its mirror image, give the same
/// children: the two sides may change places, but every way of sharing
/// the other boundaries between the sides is played.
fn least_pair(n: usize, per: usize, (p, q): (usize, usize), image: (usize, usize)) -> bool {
    (0..n / per).all(|k| {
        let (a, b) = ((image.0 + k * per) % n, (image.1 + k * per) % n);
        (a.min(b), a.max(b)) >= (p, q)
    })
}

/// A boundary's sites up to rotation and to renaming its own letters (the
/// least of its rotations, each with those letters renamed in order of
/// appearance); `None` if it has a letter whose other site is elsewhere.
fn boundary_form(b: &[u8]) -> Option<Vec<u8>> {
    let own = |x: u8| b.iter().filter(|&&y| y == x).count() == 2;
    if !b.iter().all(|&x| !is_letter(x) || own(x)) {
        return None;
    }
    if !b.iter().any(|&x| is_letter(x)) {
        let st = least_rotation_start(b);
        let mut rot = b[st..].to_vec();
        rot.extend_from_slice(&b[..st]);
        return Some(rot);
    }
    let mut best: Option<Vec<u8>> = None;
    let mut names: Vec<u8> = Vec::new();
    for st in 0..b.len() {
        names.clear();
        let form: Vec<u8> = b[st..]
            .iter()
            .chain(&b[..st])
            .map(|&x| {
                if !is_letter(x) {
                    return x;
                }
                let k = match names.iter().position(|&y| y == x) {
                    Some(k) => k,
                    None => {
                        names.push(x);
                        names.len() - 1
                    }
                };
                FIRST_LETTER + k as u8
            })
            .collect();
        if best.as_ref().is_none_or(|b| form < *b) {
            best = Some(form);
        }
    }
    best
}

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
struct Player<'a, 's, C: ?Sized> {
    shape: &'s Shape<'a>,
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
    fn new(shape: &'s Shape<'a>, canon: &'s C) -> Self {
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
    fn play_all(
        &mut self,
        moves: &[Move],
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
    fn play(&mut self, m: Move, out: &mut Vec<u8>) {
        let (dying, r, made) = match m {
            Move::Join { r, i, p, j, q } => (self.join(r, i, p, j, q), r, 1),
            Move::Split { r, i, p, q, d } => (self.split(r, i, p, q, d), r, 2),
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

#[cfg(test)]
mod tests {
    use super::*;

    const A: u8 = FIRST_LETTER;
    const B: u8 = FIRST_LETTER + 1;
    const C: u8 = FIRST_LETTER + 2;

    /// Children made of the given children, as the generator pushes them.
    fn made(children: &[&[u8]]) -> Children {
        let mut out = Children::default();
        for c in children {
            let at = out.bytes.len();
            out.bytes.extend_from_slice(c);
            out.push(at);
        }
        out
    }

    #[test]
    fn a_split_with_twin_sides_is_played_for_one_of_two_swapped_distributions() {
        const EB: u8 = END_BOUNDARY;
        const ER: u8 = END_REGION;
        let loops = |land: &[u8]| {
            let mut moves = Vec::new();
            let sure = Shape::of(land, false).moves(&mut moves, &mut Vec::new());
            let count = |ms: &[Move]| {
                ms.iter()
                    .filter(|m| matches!(m, Move::Split { q: None, .. }))
                    .count()
            };
            (count(&moves[..sure]), count(&moves[sure..]))
        };
        // Four lone spots: around the first, 0, 1, 2 or 3 of the others
        // inside; 3 and 2 are 0 and 1 with the sides swapped.
        assert_eq!(loops(&[ZERO, EB, ZERO, EB, ZERO, EB, ZERO, EB, ER]), (2, 2));
        // Three: 1 inside is its own swap.
        assert_eq!(loops(&[ZERO, EB, ZERO, EB, ZERO, EB, ER]), (2, 1));
        // A lone spot and a `2` besides: sides with different lives.
        assert_eq!(loops(&[ZERO, EB, ZERO, EB, TWO, EB, ER]), (2, 2));
        // A lone spot and `12` besides (3 lives each): the spot inside and
        // `12` inside swap sides, but the sides then have the same lives
        // (and may read alike), so both are played; only nothing inside
        // and both inside are one. (`12` has loops of its own: 3 ways.)
        let land = [ZERO, EB, ZERO, EB, ONE, TWO, EB, ER];
        assert_eq!(loops(&land), (6, 1));
        let shape = Shape::of(&land, false);
        assert!(!shape.other_side_first(0, 0, 0, None, 2));
        assert!(shape.other_side_first(0, 0, 0, None, 3));
        // The line between the two letters of `ab` writes `c` on both
        // sides, when their other sites are in a region that keeps 2 lives.
        let land = [ZERO, EB, A, B, EB, ER, A, B, EB, ZERO, EB, ZERO, EB, ER];
        assert!(Shape::of(&land, false).twin_sides(1, 0, 0, Some(1)));
        // ... or no other letter.
        let land = [A, B, EB, ER, A, B, EB, ZERO, EB, ZERO, EB, ER];
        assert!(Shape::of(&land, false).twin_sides(1, 0, 0, Some(1)));
        // But `abc.` would go, and the `c` of the other region become a `2`
        // on one side.
        let land = [A, B, C, EB, ER, A, B, EB, C, EB, ZERO, EB, ER];
        assert!(!Shape::of(&land, false).twin_sides(1, 0, 0, Some(1)));
        // `2a2a` from one `2` to the other: `c a` on both sides once the
        // `2`s die (a `1` would become a new letter, one on each side).
        let land = [TWO, A, TWO, A, EB, ZERO, EB, ER];
        assert!(Shape::of(&land, false).twin_sides(0, 0, 0, Some(2)));
        assert!(!Shape::of(&land, false).twin_sides(0, 0, 0, Some(1)));
        // No lone spot: every loop is played (the other boundary inside
        // or not).
        assert_eq!(loops(&[ZERO, A, EB, A, EB, ER]), (2, 0));
    }

    #[test]
    fn children_come_by_largest_land_then_all_lives_then_key() {
        const EB: u8 = END_BOUNDARY;
        const ER: u8 = END_REGION;
        const EL: u8 = END_LAND;
        // `0.` and `12.` have 3 lives each (twice: 6).
        let two_lands: &[u8] = &[ZERO, EB, ER, EL, ONE, TWO, EB, ER, EL];
        assert_eq!(lives_and_first(two_lands), ((6 << 16) | 12, 3));
        // `AA.` (one life, letter listed twice), `1.` (2 lives), `0.`.
        let a: &[u8] = &[A, A, EB, ER, EL];
        let one: &[u8] = &[ONE, EB, ER, EL];
        let zero: &[u8] = &[ZERO, EB, ER, EL];
        assert_eq!(lives_and_first(a), ((2 << 16) | 2, 4));
        assert_eq!(lives_and_first(&[]), (0, NO_LAND));
        let mut ch = made(&[two_lands, zero, one, &[], zero, a, one]);
        ch.sort_dedup();
        let got: Vec<&[u8]> = ch.iter().collect();
        // `0.` (6) before `0.+12.` (6 then 12); `1.` and `AA.` (4 against 2).
        assert_eq!(got, [&[][..], a, one, zero, two_lands]);
        // Each child's kind, as kept: no land, one land (its key without
        // END_LAND), or the whole sum.
        assert!(matches!(ch.child_lands(0), ChildLands::Heap));
        assert!(matches!(ch.child_lands(2), ChildLands::One(l) if l == &one[..3]));
        assert!(matches!(ch.child_lands(3), ChildLands::One(l) if l == &zero[..3]));
        assert!(matches!(ch.child_lands(1), ChildLands::One(l) if l == &a[..4]));
        assert!(matches!(ch.child_lands(4), ChildLands::Sum(l) if l == two_lands));
        // The same children by key (bytes) for `land_children`.
        ch.sort_by_keys();
        let keys: Vec<&[u8]> = ch.iter().collect();
        assert_eq!(keys, [&[][..], zero, two_lands, one, a]);
        // Compacted: the same children, in the same order, nothing more.
        let c = ch.compacted();
        assert_eq!(c.iter().collect::<Vec<_>>(), keys);
        assert_eq!(c.bytes(), 4 + 9 + 4 + 5 + 5 * 16);
    }

    /// [`own_far`] of a boundary.
    fn far(b: &[u8]) -> Vec<usize> {
        let mut far = Vec::new();
        own_far(b, &mut far);
        far
    }

    #[test]
    fn period_is_the_least_rotation_that_keeps_a_boundary() {
        let per = |b: &[u8]| period(b, &far(b));
        assert_eq!(per(&[ZERO]), 1);
        assert_eq!(per(&[ONE, A, ONE, A]), 2);
        assert_eq!(per(&[ZERO, ZERO, ZERO]), 1);
        assert_eq!(per(&[ONE, TWO, ONE, TWO, ONE, TWO]), 2);
        assert_eq!(per(&[ONE, A, ONE, B]), 4);
        assert_eq!(per(&[ZERO, ONE, ZERO]), 3);
        // Up to renaming own letters: a path of five spots walked round.
        assert_eq!(per(&[ONE, A, B, C, ONE, C, B, A]), 4);
        assert_eq!(per(&[ONE, A, ONE, B, ONE, A, ONE, B]), 2);
        assert_eq!(per(&[A, B, A, B]), 1);
        assert_eq!(per(&[ONE, A, ONE, A, TWO, B, TWO, B]), 8);
        assert_eq!(per(&[ONE, A, B, B, ONE, C, C, A]), 8);
        // A letter listed once (its other site elsewhere) stays put.
        assert_eq!(per(&[ONE, A, B, ONE, B, C]), 6);
    }

    #[test]
    fn mirror_start_finds_boundaries_that_read_the_same_backwards() {
        let m = |b: &[u8]| mirror_start(b, &far(b));
        assert_eq!(m(&[ZERO]), Some(0));
        // `1abc1cba` backwards is `abc1cba1`: from site 7 (the second `1`)
        // on, `1abc1cba` again up to renaming.
        let b = [ONE, A, B, C, ONE, C, B, A];
        let c = m(&b).unwrap();
        let back: Vec<u8> = (0..8).map(|k| b[(8 - 1 - k + c) % 8]).collect();
        assert_eq!(boundary_form(&back), boundary_form(&b));
        assert!(m(&[ONE, TWO, ZERO, ONE, ZERO, TWO]).is_some());
        // Chiral: `120` backwards is `021`, no turn of `120`.
        assert_eq!(m(&[ONE, TWO, ZERO]), None);
        assert_eq!(m(&[ONE, TWO, ZERO, ZERO]), None);
        assert_eq!(m(&[ONE, TWO, ONE]), Some(0));
        assert_eq!(m(&[ONE, A, ONE, B, ZERO, B, ZERO, A]), None);
        // Sites alike up to which letter pairs with which.
        assert_eq!(m(&[ONE, A, B, TWO, B, A, TWO]), None);
        // A letter listed once must stay where it is.
        assert_eq!(m(&[A, ONE, TWO]), None);
        assert_eq!(m(&[ONE, A, ONE]), Some(0));
    }

    #[test]
    fn least_pair_keeps_one_line_of_each_turn() {
        // Four sites, period 2: {0,1} ~ {2,3}, {0,3} ~ {1,2}, {0,2}, {1,3}.
        let kept: Vec<(usize, usize)> = (0..4)
            .flat_map(|p| (p + 1..4).map(move |q| (p, q)))
            .filter(|&(p, q)| least_pair(4, 2, (p, q), (p, q)))
            .collect();
        assert_eq!(kept, [(0, 1), (0, 2), (0, 3), (1, 3)]);
        // Without a period every line is kept.
        assert!(least_pair(4, 4, (2, 3), (2, 3)));
    }

    #[test]
    fn boundary_form_renames_own_letters_and_turns() {
        let f = |b: &[u8]| boundary_form(b);
        assert_eq!(f(&[ONE, A, ONE, A]), f(&[B, ONE, B, ONE]));
        assert_eq!(
            f(&[ONE, A, B, C, ONE, C, B, A]),
            f(&[ONE, C, A, B, ONE, B, A, C])
        );
        assert_ne!(f(&[ONE, A, ONE, A]), f(&[ONE, A, A, ONE]));
        // A letter with its other site elsewhere: no form.
        assert_eq!(f(&[ONE, A]), None);
        assert_eq!(f(&[ZERO, ONE]), Some(vec![ZERO, ONE]));
        assert_eq!(f(&[ONE, ZERO]), Some(vec![ZERO, ONE]));
    }
}
