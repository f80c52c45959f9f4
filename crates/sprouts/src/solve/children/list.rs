//! Listing the moves of a land ([`ParsedLand::moves`]): a land's key read
//! into boundaries and regions, classes of interchangeable boundaries, and
//! the symmetries that let a move stand for others (see the module docs of
//! `children`).

use super::super::bytes::{
    DEAD, FIRST_LETTER, ONE, RegionSpan, TWO, ZERO, is_letter, lives_of, read_spans,
};
use super::gain;
use crate::model::least_rotation_start;

/// A land read for playing moves: where its boundaries and regions lie in
/// its key, the classes of interchangeable boundaries, and the letters a
/// move may create.
pub(super) struct ParsedLand<'a> {
    pub(super) land: &'a [u8],
    /// Every boundary's (start, length) in `land`.
    pub(super) bounds: Vec<(usize, usize)>,
    pub(super) regions: Vec<ParsedRegion>,
    pub(super) fresh: [u8; 3],
}

/// A region of the land: where it lies in the key, and, for each of its
/// boundaries, the others grouped into classes (for splits).
pub(super) struct ParsedRegion {
    pub(super) span: RegionSpan,
    /// The class of every boundary (see [`ParsedLand::classes`]).
    pub(super) class: Vec<usize>,
    /// For every boundary that represents its class, the other boundaries
    /// grouped into classes (empty for the others).
    pub(super) groups: Vec<Vec<Vec<usize>>>,
    /// The period of every boundary (see [`period`]).
    pub(super) period: Vec<usize>,
    /// When mirroring the region maps every boundary onto itself (and the
    /// keys are exact): where each boundary's mirror starts (see
    /// [`mirror_start`]).
    ///
    /// Used with exact keys only: pseudo-canonical keys may give a child
    /// and its mirror image different keys, and leaving mirrors out then
    /// made the search grow (docs/experiments.md#mirror-moves).
    pub(super) mirror: Option<Vec<usize>>,
}

/// One move, before it is played.
#[derive(Clone, Copy)]
pub(super) enum LandMove {
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

impl<'a> ParsedLand<'a> {
    /// Reads a land; `mirrors`: whether to find the regions that mirroring
    /// maps onto themselves (see [`ParsedRegion::mirror`]).
    pub(super) fn of(land: &'a [u8], mirrors: bool) -> ParsedLand<'a> {
        let mut bounds = Vec::new();
        let mut spans = Vec::new();
        read_spans(land, &mut bounds, &mut spans);
        let regions = spans
            .into_iter()
            .map(|span| ParsedRegion {
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
        let mut shape = ParsedLand {
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
    pub(super) fn bd(&self, r: usize, i: usize) -> &'a [u8] {
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
    /// some of those (see [`ParsedLand::other_side_first`]). `aside` is scratch.
    pub(super) fn moves(&self, out: &mut Vec<LandMove>, aside: &mut Vec<LandMove>) -> usize {
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
                            out.push(LandMove::Join { r, i, p, j, q });
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
                            let m = LandMove::Split { r, i, p, q, d };
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
    /// both sides (see `play::Player::split`), changing nothing else in the
    /// region: a loop around a lone spot (`[x c]` on both sides), or a line
    /// between two sites that become the same byte (`[x c x]`, `x` not a
    /// new letter) with the same sites after it on both sides (`2a2a` from
    /// one `2` to the other, for instance, or the line between the two
    /// letters of `ab` when their other sites are in other regions, which
    /// keep 2 lives or more when those sites die, lives counted as the
    /// simplifier does (see [`SideLives`]), or have no other letter:
    /// a region that goes turns its letters into `2`s elsewhere).
    pub(super) fn twin_sides(&self, r: usize, i: usize, p: usize, q: Option<usize>) -> bool {
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
    /// region `r` with twin sides (see [`ParsedLand::twin_sides`]) that shares
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
    /// turn a side's letter into a `2` (see [`ParsedLand::twin_sides`]), so a
    /// side keeps its lives.
    /// (Otherwise both are played.) What it saves, with the same children:
    /// docs/experiments.md#swapped-sides.
    pub(super) fn other_side_first(
        &self,
        r: usize,
        i: usize,
        p: usize,
        q: Option<usize>,
        d: usize,
    ) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;

    const A: u8 = FIRST_LETTER;
    const B: u8 = FIRST_LETTER + 1;
    const C: u8 = FIRST_LETTER + 2;

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
