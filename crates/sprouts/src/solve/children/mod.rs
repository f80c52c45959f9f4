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
//! same key ([`ParsedLand::other_side_first`]). What is left is deduplicated by
//! the children's keys (counts: docs/experiments.md#swapped-sides).
//!
//! A land's moves are listed first ([`ParsedLand::moves`]), then each is played
//! into one flat buffer in key form, simplified and keyed (`compact::Simplifier`);
//! all the children of a land share one buffer ([`Children`]). The solver
//! may stop early, as soon as one child settles the position it searches
//! ([`children_unless`]). A child whose other regions the move leaves as
//! they are is keyed from the land's regions read once (`play::ReadRegions`).
//!
//! Files: this one holds the child buffer ([`Children`]) and the entry
//! points; `list.rs` lists a land's moves, `play.rs` plays and keys them.

mod list;
mod play;

use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::bytes::{DEAD, END_LAND, ONE, TWO, ZERO, has_mark, lands_of, twice_life};
use super::canon::LandCanon;
use list::{LandMove, ParsedLand};
use play::Player;

/// A child position of a land: the keys of the lands it splits into, sorted.
pub(crate) type Child = Vec<Vec<u8>>;

/// What a spot becomes when it gains `lines` lines (1 or 2): its new byte
/// ([`DEAD`] when it dies; `fresh` is the letter for a spot that becomes a
/// 1-life spot listed twice) and, for a dying letter, the letter whose other
/// site must go too.
#[inline]
pub(super) fn gain(x: u8, lines: u8, fresh: u8) -> (u8, Option<u8>) {
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
    /// has none: what kind of child it is (see [`Children::child_lands`]).
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

/// Lands' children kept to be used again (a certificate built again and
/// again makes the same lands' children), up to [`ChildrenMemo::BUDGET`]
/// bytes: past it, all are dropped and kept anew.
#[derive(Default)]
pub(crate) struct ChildrenMemo {
    kept: FxHashMap<Box<[u8]>, Rc<Children>>,
    bytes: usize,
}

impl ChildrenMemo {
    const BUDGET: usize = 512 << 20;

    /// Every child of the land, kept or made now and kept; and whether
    /// they were made now.
    pub(crate) fn of<C: LandCanon + ?Sized>(
        &mut self,
        land: &[u8],
        canon: &C,
    ) -> (Rc<Children>, bool) {
        if let Some(k) = self.kept.get(land) {
            return (k.clone(), false);
        }
        let k = Rc::new(children_unless(land, canon, |_| false).unwrap_or_default());
        let bytes = land.len()
            + k.bytes.len()
            + k.spans.len() * std::mem::size_of::<Span>()
            + std::mem::size_of::<Children>();
        if self.bytes + bytes > Self::BUDGET {
            self.kept.clear();
            self.bytes = 0;
        }
        self.bytes += bytes;
        self.kept.insert(land.into(), k.clone());
        (k, true)
    }
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
    let shape = ParsedLand::of(land, canon.exact());
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
    let pos = super::land::lands_position(&[super::land::Land::from_key(land.to_vec())]).ok()?;
    super::compact::regions_of(&pos).ok()?;
    Some(pos)
}

thread_local! {
    /// The list of moves [`children_unless`] plays, and the scratch list of
    /// [`ParsedLand::moves`], kept from land to land.
    static MOVES: std::cell::RefCell<(Vec<LandMove>, Vec<LandMove>)> =
        const { std::cell::RefCell::new((Vec::new(), Vec::new())) };
}

#[cfg(test)]
mod tests {
    use super::super::bytes::{END_BOUNDARY, END_REGION, FIRST_LETTER};
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
            let sure = ParsedLand::of(land, false).moves(&mut moves, &mut Vec::new());
            let count = |ms: &[LandMove]| {
                ms.iter()
                    .filter(|m| matches!(m, LandMove::Split { q: None, .. }))
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
        let shape = ParsedLand::of(&land, false);
        assert!(!shape.other_side_first(0, 0, 0, None, 2));
        assert!(shape.other_side_first(0, 0, 0, None, 3));
        // The line between the two letters of `ab` writes `c` on both
        // sides, when their other sites are in a region that keeps 2 lives.
        let land = [ZERO, EB, A, B, EB, ER, A, B, EB, ZERO, EB, ZERO, EB, ER];
        assert!(ParsedLand::of(&land, false).twin_sides(1, 0, 0, Some(1)));
        // ... or no other letter.
        let land = [A, B, EB, ER, A, B, EB, ZERO, EB, ZERO, EB, ER];
        assert!(ParsedLand::of(&land, false).twin_sides(1, 0, 0, Some(1)));
        // But `abc.` would go, and the `c` of the other region become a `2`
        // on one side.
        let land = [A, B, C, EB, ER, A, B, EB, C, EB, ZERO, EB, ER];
        assert!(!ParsedLand::of(&land, false).twin_sides(1, 0, 0, Some(1)));
        // `2a2a` from one `2` to the other: `c a` on both sides once the
        // `2`s die (a `1` would become a new letter, one on each side).
        let land = [TWO, A, TWO, A, EB, ZERO, EB, ER];
        assert!(ParsedLand::of(&land, false).twin_sides(0, 0, 0, Some(2)));
        assert!(!ParsedLand::of(&land, false).twin_sides(0, 0, 0, Some(1)));
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
}
