//! WGOSA move notation (docs/notations.md#wgosa):
//! `f(g)h`, `f(g)h[L]`, `f(g@i)h`, `f!(g)h`, `f(g)!h`, `f(g)h![L]`.
//!
//! Reading resolves the text against the position before the move by the
//! rules of docs/notations.md#wgosa, in order:
//!
//! 1. `g` must be the next spot; `L` may be unsorted and mix spots and
//!    ranges (`[41,12-14]`); a range of two (`[10-11]`) is accepted.
//! 2. Candidates: every region holding sites of `f` and `h`, every pair of
//!    their sites there, and for a move that splits the region both choices
//!    of which new region is the L side. Another boundary goes to the L side
//!    exactly when it holds a listed spot; every listed spot must touch the L
//!    side and not the other. A move that splits nothing takes no list.
//! 3. Minimal enclosure: keep the candidates whose L side has the fewest live
//!    spots beyond L, `f`, `g` and `h`.
//! 4. Region, when candidates lie in different regions: with `@i`, keep
//!    those where `g` shares a region with live spot `i`; without it, those
//!    where `g`'s regions hold no live spot but `f`, `g`, `h`. When none is
//!    left without `@`, the move is ambiguous and the error lists the moves.
//! 5. Site, when candidates differ in the site of `f` (then of `h`): the
//!    neighbour of `f` on the left (its predecessor in left-hand order) has
//!    the lower number, or with `f!` the higher; the same for `!h`.
//! 6. Orientation, for `f != h`, when candidates differ in it: without a
//!    mark the L side reads `f, g, h` in left-hand order (it lies on the
//!    right site of `g`, Hoey's `f-g-h>`); with `h![L]`, the other.
//!
//! Rules 3 to 6 only choose between different moves: candidates that leave
//! the same position (drawn in two regions, from two sites, or with either
//! side as L) are one move, and as soon as all the candidates left are one
//! move, it is the answer, whatever marks the text has or lacks.
//!
//! Lenient input, accepted because it still names one move: lists in any
//! order, with repeats, mixing spots and ranges, ranges of two (`[4-5]`),
//! and more spots of a boundary than the one needed (any spot of a
//! boundary sends the whole boundary to the L side):
//!
//! ```
//! use sprouts::model::{Position, Variant};
//! use sprouts::notation::wgosa::WgosaMove;
//! let p = Position::start(5, Variant::Normal);
//! let p = p.play(&"2(6)3".parse::<WgosaMove>().unwrap().to_move(&p).unwrap()).unwrap();
//! let canonical = "1(7)1[2,4]".parse::<WgosaMove>().unwrap().to_move(&p).unwrap();
//! for text in ["1(7)1[4,2]", "1(7)1[2,4,2]", "1(7)1[4,3]", "1(7)1[2-4]", "1(7)1[6,4]"] {
//!     let m = text.parse::<WgosaMove>().unwrap().to_move(&p).unwrap();
//!     assert!(p.same_move(&m, &canonical), "{text}");
//!     // A loop on a lone spot has no inside: enclosing 2, 3 and 4 is
//!     // enclosing 5, the shorter text.
//!     assert_eq!(WgosaMove::from_move(&p, &m).unwrap().to_string(), "1(7)1[5]");
//! }
//! ```
//!
//! A mark given where there was no choice to make is accepted and has no
//! effect. What is left must be exactly one move (moves leaving the same
//! position count once), or the text is an error that says why.
//!
//! ```
//! use sprouts::model::{Position, Variant};
//! use sprouts::notation::wgosa::WgosaMove;
//! let p = Position::start(3, Variant::Normal);
//! let m: WgosaMove = "1(4)1[2]".parse().unwrap();
//! let q = p.play(&m.to_move(&p).unwrap()).unwrap();
//! assert_eq!(q.to_hoey(), "1,4;2/1,4;3");
//! ```

use std::fmt;
use std::str::FromStr;

use crate::model::{Move, MoveEffect, MoveKind, Position, Region, Side, SiteRef, Spot};
use crate::notation::cursor::{compress, expand, expand_within, parse_trimmed, write_list};
use crate::notation::error::{Illegal, ResolveError, SyntaxError};
use crate::notation::resolve::{canonical, check_ends, one_or_ambiguous};

pub use crate::notation::cursor::ListItem;

/// A move written in WGOSA notation, not yet resolved.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WgosaMove {
    /// `f`, where the line starts.
    pub from: Spot,
    /// `f!`: the site of `f` whose left neighbour has the higher number.
    pub from_mark: bool,
    /// `g`, the new spot.
    pub new: Spot,
    /// `@i`: a live spot that shares a region with `g`.
    pub at: Option<Spot>,
    /// `!h`: the site of `h` whose left neighbour has the higher number.
    pub to_mark: bool,
    /// `h`, where the line ends.
    pub to: Spot,
    /// `![L]`: the L side reads `h, g, f` in left-hand order.
    pub orientation_mark: bool,
    /// `[L]`, as written.
    pub list: Option<Vec<ListItem>>,
}

impl WgosaMove {
    /// The listed spots, ranges expanded, sorted, without repeats.
    ///
    /// ```
    /// use sprouts::notation::wgosa::WgosaMove;
    /// let m: WgosaMove = "4(27)4[5,2]".parse().unwrap();
    /// assert_eq!(m.listed(), vec![2, 5]);
    /// ```
    pub fn listed(&self) -> Vec<Spot> {
        expand(self.list.as_deref())
    }
}

impl fmt::Display for WgosaMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.from)?;
        if self.from_mark {
            f.write_str("!")?;
        }
        write!(f, "({}", self.new)?;
        if let Some(i) = self.at {
            write!(f, "@{i}")?;
        }
        f.write_str(")")?;
        if self.to_mark {
            f.write_str("!")?;
        }
        write!(f, "{}", self.to)?;
        if self.orientation_mark {
            f.write_str("!")?;
        }
        if let Some(list) = &self.list {
            write_list(f, list)?;
        }
        Ok(())
    }
}

impl FromStr for WgosaMove {
    type Err = SyntaxError;

    /// Reads `f(g)h` with its optional parts; white space around the whole
    /// text is ignored.
    fn from_str(s: &str) -> Result<WgosaMove, SyntaxError> {
        parse_trimmed(s, |c| {
            let from = c.number()?;
            let from_mark = c.eat(b'!');
            c.expect(b'(', "'(' before the new spot")?;
            let new = c.number()?;
            let at = if c.eat(b'@') { Some(c.number()?) } else { None };
            c.expect(b')', "')' after the new spot")?;
            let to_mark = c.eat(b'!');
            let to = c.number()?;
            let orientation_mark = c.eat(b'!');
            let list = if c.eat(b'[') {
                Some(c.list_rest()?)
            } else if orientation_mark {
                return Err(c.error("'[' after '!'"));
            } else {
                None
            };
            c.end()?;
            Ok(WgosaMove {
                from,
                from_mark,
                new,
                at,
                to_mark,
                to,
                orientation_mark,
                list,
            })
        })
    }
}

/// A candidate move with what the rules look at.
struct Candidate<'p> {
    mv: Move,
    out: MoveEffect<'p>,
    /// The L side is the right (X) region: it reads f, g, h.
    l_is_right: bool,
    from_site: (usize, SiteRef),
    to_site: (usize, SiteRef),
}

impl Candidate<'_> {
    /// For a move that splits its region, the L side.
    fn l_side(&self) -> Option<Side<'_>> {
        let left = self.out.left()?;
        Some(if self.l_is_right {
            self.out.right()
        } else {
            left
        })
    }
}

/// The spots before and after a site in left-hand order.
fn neighbours(region: &Region, site: SiteRef) -> (Spot, Spot) {
    let sites = region.boundaries()[site.boundary].sites();
    let n = sites.len();
    (sites[(site.index + n - 1) % n], sites[(site.index + 1) % n])
}

impl WgosaMove {
    /// Resolves the text against a position (docs/notations.md#wgosa).
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// use sprouts::notation::wgosa::WgosaMove;
    /// let p = Position::start(2, Variant::Normal);
    /// let m: WgosaMove = "1(3)2[1]".parse().unwrap();
    /// assert_eq!(m.to_move(&p).unwrap_err().to_string(), "illegal: a move that splits nothing takes no list");
    /// ```
    pub fn to_move(&self, pos: &Position) -> Result<Move, ResolveError> {
        let found = self.resolve(pos).map_err(ResolveError::illegal_because)?;
        let moves = found.moves.into_iter().map(|c| c.mv).collect();
        one_or_ambiguous(pos, moves, found.hint, WgosaMove::from_move)
    }

    fn resolve<'p>(&self, pos: &'p Position) -> Result<Resolved<'p>, Illegal> {
        let (f, h, g) = (self.from, self.to, self.new);
        check_ends(pos, f, g, h)?;
        let listed =
            expand_within(self.list.as_deref(), pos.next_spot()).map_err(Illegal::ListedMissing)?;
        let mut cands = self.candidates(pos, &listed)?;
        // The rules below choose between different moves: candidates that
        // leave the same position are one move, whatever region, sites or
        // sides they are drawn with.
        if let Some(one) = one_move(pos, &mut cands) {
            return Ok(one);
        }
        // Rule 3: minimal enclosure.
        let beyond = |c: &Candidate| -> usize {
            let Some(l) = c.l_side() else { return 0 };
            let mut v: Vec<Spot> = l
                .spots()
                .filter(|&x| {
                    pos.degree_after(&c.out, x) < 3
                        && x != f
                        && x != g
                        && x != h
                        && listed.binary_search(&x).is_err()
                })
                .collect();
            v.sort_unstable();
            v.dedup();
            v.len()
        };
        let least = cands.iter().map(beyond).min().expect("non-empty");
        cands.retain(|c| beyond(c) == least);
        if let Some(one) = one_move(pos, &mut cands) {
            return Ok(one);
        }
        // Rule 4: region.
        if distinct(&cands, |c| c.mv.region()) > 1 {
            let g_spots = |c: &Candidate| -> Vec<Spot> {
                std::iter::once(c.out.right())
                    .chain(c.out.left())
                    .flat_map(Side::spots)
                    .filter(|&x| pos.degree_after(&c.out, x) < 3)
                    .collect()
            };
            let kept: Vec<bool> = cands
                .iter()
                .map(|c| match self.at {
                    Some(i) => g_spots(c).contains(&i),
                    None => g_spots(c).iter().all(|&x| x == f || x == g || x == h),
                })
                .collect();
            if !kept.contains(&true) {
                return match self.at {
                    Some(i) => Err(Illegal::NoRegionHolds(i)),
                    None => Ok(Resolved::several(pos, cands, "say which region with @")),
                };
            }
            let mut k = kept.into_iter();
            cands.retain(|_| k.next().unwrap_or(false));
            if let Some(one) = one_move(pos, &mut cands) {
                return Ok(one);
            }
        }
        // Rule 5: sites.
        for (mark, which) in [(self.from_mark, 0), (self.to_mark, 1)] {
            let site = |c: &Candidate| if which == 0 { c.from_site } else { c.to_site };
            // Only a site between two different neighbours has a left and a
            // right one to compare.
            let lower_left = |c: &Candidate| {
                let (r, s) = site(c);
                let (left, right) = neighbours(&pos.regions()[r], s);
                (left != right).then_some(left < right)
            };
            if distinct(&cands, site) > 1
                && cands.iter().any(|c| lower_left(c) == Some(true))
                && cands.iter().any(|c| lower_left(c) == Some(false))
            {
                cands.retain(|c| lower_left(c) == Some(!mark));
            }
            if let Some(one) = one_move(pos, &mut cands) {
                return Ok(one);
            }
        }
        // Rule 6: orientation.
        if f != h && distinct(&cands, |c| c.l_is_right) > 1 {
            cands.retain(|c| c.out.left().is_none() || c.l_is_right != self.orientation_mark);
        }
        if cands.is_empty() {
            return Err(Illegal::NoMoveFitsMarks);
        }
        Ok(Resolved::several(pos, cands, ""))
    }

    /// Rule 2: every drawing of the move that fits the text's ends and
    /// list (every region holding both ends, every pair of their sites, and
    /// for a split both choices of the L side), or why none does.
    fn candidates<'p>(
        &self,
        pos: &'p Position,
        listed: &[Spot],
    ) -> Result<Vec<Candidate<'p>>, Illegal> {
        let (f, h) = (self.from, self.to);
        let mut cands: Vec<Candidate> = Vec::new();
        let mut reason: Option<Illegal> = None;
        let mut shared = false;
        for r in pos.shared_regions(f, h) {
            let region = &pos.regions()[r];
            let (sf, sh) = (pos.sites_in(r, f), pos.sites_in(r, h));
            shared = true;
            for &s in &sf {
                for &t in &sh {
                    if f == h && s != t {
                        continue;
                    }
                    if s.boundary != t.boundary {
                        if !listed.is_empty() {
                            reason.get_or_insert(Illegal::ListWithoutSplit);
                            continue;
                        }
                        let mv = Move::new(r, s, t, Vec::new());
                        if let Ok(out) = pos.effect(&mv) {
                            cands.push(Candidate {
                                mv,
                                out,
                                l_is_right: false,
                                from_site: (r, s),
                                to_site: (r, t),
                            });
                        }
                        continue;
                    }
                    for l_is_right in [true, false] {
                        let mut l_boundaries = Vec::new();
                        let mut other_boundaries = Vec::new();
                        for (bi, b) in region.boundaries().iter().enumerate() {
                            if bi == s.boundary {
                                continue;
                            }
                            if b.sites().iter().any(|x| listed.binary_search(x).is_ok()) {
                                l_boundaries.push(bi);
                            } else if b.sites().iter().any(|&x| pos.is_live(x)) {
                                other_boundaries.push(bi);
                            }
                        }
                        let right = if l_is_right {
                            l_boundaries
                        } else {
                            other_boundaries
                        };
                        let mv = Move::new(r, s, t, right);
                        let Ok(out) = pos.effect(&mv) else { continue };
                        let (x, y) = (out.right(), out.left().expect("a split"));
                        let (l_side, o_side) = if l_is_right { (x, y) } else { (y, x) };
                        let sorted = |side: Side<'_>| {
                            let mut v: Vec<Spot> = side.spots().collect();
                            v.sort_unstable();
                            v
                        };
                        let (l_spots, o_spots) = (sorted(l_side), sorted(o_side));
                        if let Some(&x) = listed.iter().find(|x| {
                            l_spots.binary_search(x).is_err() || o_spots.binary_search(x).is_ok()
                        }) {
                            reason.get_or_insert(Illegal::ListedInseparable(x));
                            continue;
                        }
                        cands.push(Candidate {
                            mv,
                            out,
                            l_is_right,
                            from_site: (r, s),
                            to_site: (r, t),
                        });
                    }
                }
            }
        }
        if !shared {
            return Err(Illegal::NoSharedRegion(f, h));
        }
        if cands.is_empty() {
            return Err(reason.unwrap_or(Illegal::NoMoveFits));
        }
        Ok(cands)
    }
}

/// What the rules leave: one candidate of each different move, and when
/// there are several, what the text should add to choose (empty if nothing
/// specific).
struct Resolved<'p> {
    moves: Vec<Candidate<'p>>,
    hint: &'static str,
}

impl<'p> Resolved<'p> {
    /// One candidate of each different move among `cands`.
    fn several(pos: &Position, cands: Vec<Candidate<'p>>, hint: &'static str) -> Resolved<'p> {
        let mut moves: Vec<Candidate> = Vec::new();
        for c in cands {
            if !moves.iter().any(|o| pos.same_effect(&o.out, &c.out)) {
                moves.push(c);
            }
        }
        Resolved { moves, hint }
    }
}

/// When every candidate left makes the same move, that move (the rules
/// only choose between different moves, docs/notations.md, WGOSA rule 4).
fn one_move<'p>(pos: &Position, cands: &mut Vec<Candidate<'p>>) -> Option<Resolved<'p>> {
    let first = cands.first()?;
    if cands[1..]
        .iter()
        .all(|c| pos.same_effect(&first.out, &c.out))
    {
        cands.truncate(1);
        return Some(Resolved {
            moves: std::mem::take(cands),
            hint: "",
        });
    }
    None
}

impl WgosaMove {
    /// The canonical WGOSA text of a legal move of `pos`: of the texts that
    /// resolve back to exactly this move, the shortest, then the one with
    /// the lowest numbers (in reading order), then the one with commas over
    /// dashes. Lists are sorted, runs of three or more written as ranges
    /// (`[2-4]`), runs of two with a comma (`[2,3]`).
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// use sprouts::notation::wgosa::WgosaMove;
    /// let p = Position::start(5, Variant::Normal);
    /// // Enclosing 4 and 5 in a loop on a lone spot leaves 2 and 3 outside:
    /// // the same move as enclosing 2 and 3, which has the lower numbers.
    /// let m: WgosaMove = "1(6)1[5,4]".parse().unwrap();
    /// let mv = m.to_move(&p).unwrap();
    /// assert_eq!(WgosaMove::from_move(&p, &mv).unwrap().to_string(), "1(6)1[2,3]");
    /// ```
    pub fn from_move(pos: &Position, m: &Move) -> Result<WgosaMove, crate::model::MoveError> {
        pos.check_move(m)?;
        let target = pos.effect(m)?;
        let options = pos
            .equivalent_moves(m)
            .into_iter()
            .flat_map(|eq| Self::options(pos, &eq));
        Ok(canonical(
            options,
            // Commas over dashes.
            |_, text| text.matches('-').count(),
            |w| {
                w.resolve(pos).is_ok_and(|found| {
                    found.moves.len() == 1 && pos.same_effect(&found.moves[0].out, &target)
                })
            },
        )
        .expect("a legal move has a text"))
    }

    /// The texts that may name `m` (drawn as given): every end first, list,
    /// `@` spot and choice of marks that could be its shortest text.
    fn options(pos: &Position, m: &Move) -> Vec<WgosaMove> {
        let (a, b) = pos.endpoints(m).expect("checked");
        let Ok(out) = pos.effect(m) else {
            return Vec::new();
        };
        let g = pos.next_spot();
        let lists = if m.kind() != MoveKind::Join {
            split_lists(pos, &out, (a, b, g))
        } else {
            vec![Vec::new()]
        };
        let ats = at_spots(pos, &out, (a, b, g));
        // The site marks also tell a pivot's two regions apart (rule 5).
        let pier = |s: Spot| pos.degree(s) == 2;
        let ends: &[(Spot, Spot)] = if a == b { &[(a, a)] } else { &[(a, b), (b, a)] };
        let mut options = Vec::new();
        for &(f, h) in ends {
            for list in &lists {
                let marks = mark_choices(pier(f), pier(h), !list.is_empty() && f != h);
                for &at in &ats {
                    for &(fm, tm, om) in &marks {
                        options.push(WgosaMove {
                            from: f,
                            from_mark: fm,
                            new: g,
                            at,
                            to_mark: tm,
                            to: h,
                            orientation_mark: om,
                            list: (!list.is_empty()).then(|| compress(list)),
                        });
                    }
                }
            }
        }
        options
    }
}

fn distinct<T: PartialEq>(cands: &[Candidate], key: impl Fn(&Candidate) -> T) -> usize {
    let mut seen: Vec<T> = Vec::new();
    for c in cands {
        let k = key(c);
        if !seen.contains(&k) {
            seen.push(k);
        }
    }
    seen.len()
}

/// The lists to try for a split `out` with ends `a`, `b` and new spot `g`:
/// for each choice of L side, the lowest live spot of every boundary that
/// goes there, then also the L side's own spots.
fn split_lists(pos: &Position, out: &MoveEffect, (a, b, g): (Spot, Spot, Spot)) -> Vec<Vec<Spot>> {
    let live_after = |x: Spot| pos.degree_after(out, x) < 3;
    let mut lists: Vec<Vec<Spot>> = Vec::new();
    let (x_side, y_side) = (out.right(), out.left().expect("a split"));
    for (l_region, o) in [(x_side, y_side), (y_side, x_side)] {
        let mut other: Vec<Spot> = o.spots().collect();
        other.sort_unstable();
        let mine = |x: Spot| {
            live_after(x) && x != a && x != b && x != g && other.binary_search(&x).is_err()
        };
        let mut minimal: Vec<Spot> = l_region
            .boundaries()
            .skip(1)
            .filter_map(|bd| bd.iter().copied().filter(|&x| mine(x)).min())
            .collect();
        minimal.sort_unstable();
        let mut all: Vec<Spot> = l_region.spots().filter(|&x| mine(x)).collect();
        all.sort_unstable();
        all.dedup();
        // Spots of the new boundary itself: listing one or two of them is
        // often enough for the least enclosure to find it.
        let mut core: Vec<Spot> = l_region
            .core()
            .iter()
            .copied()
            .filter(|&x| mine(x))
            .collect();
        core.sort_unstable();
        core.dedup();
        let with = |extra: &[Spot]| {
            let mut v = minimal.clone();
            v.extend_from_slice(extra);
            v.sort_unstable();
            v.dedup();
            v
        };
        let mut candidates = vec![minimal.clone(), with(&core), all];
        for (i, &x) in core.iter().enumerate() {
            candidates.push(with(&[x]));
            if core.len() <= 12 {
                for &y in &core[i + 1..] {
                    candidates.push(with(&[x, y]));
                }
            }
        }
        for list in candidates {
            if !lists.contains(&list) {
                lists.push(list);
            }
        }
    }
    lists
}

/// The `@` spots to try (`None`: no `@`). Rule 4 only sees which of the
/// regions where the move can be drawn a spot `i` touches: of the spots
/// that touch the same ones, only the lowest can give the shortest text.
fn at_spots(pos: &Position, out: &MoveEffect, (a, b, g): (Spot, Spot, Spot)) -> Vec<Option<Spot>> {
    let drawable = pos.shared_regions(a, b);
    let mut ats: Vec<Option<Spot>> = vec![None];
    if drawable.len() <= 1 {
        return ats;
    }
    let mut live: Vec<Spot> = std::iter::once(out.right())
        .chain(out.left())
        .flat_map(Side::spots)
        .filter(|&x| pos.degree_after(out, x) < 3 && x != a && x != b && x != g)
        .collect();
    live.sort_unstable();
    live.dedup();
    let mut seen: Vec<Vec<bool>> = Vec::new();
    for x in live {
        let touched = pos.regions_of_spot(x);
        let pattern: Vec<bool> = drawable.iter().map(|i| touched.contains(i)).collect();
        if !seen.contains(&pattern) {
            seen.push(pattern);
            ats.push(Some(x));
        }
    }
    ats
}

/// The (from, to, orientation) marks a text may carry: a site mark only on
/// a pier (`from_pier`, `to_pier`), an orientation mark only when
/// `may_orient` (a list, and two different ends); none first.
fn mark_choices(from_pier: bool, to_pier: bool, may_orient: bool) -> Vec<(bool, bool, bool)> {
    let mut out = Vec::with_capacity(8);
    for fm in [false, true] {
        if fm && !from_pier {
            continue;
        }
        for tm in [false, true] {
            if tm && !to_pier {
                continue;
            }
            for om in [false, true] {
                if om && !may_orient {
                    continue;
                }
                out.push((fm, tm, om));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_display_round_trip() {
        for t in [
            "1(15)2",
            "1(16)1[3-10]",
            "6(16@2)14",
            "4(27)4[5,2]",
            "20(33)31[21,22]",
            "3!(9)4",
            "3(9)!4",
            "3(9)4![5]",
        ] {
            assert_eq!(t.parse::<WgosaMove>().unwrap().to_string(), t);
        }
        assert_eq!(
            "1(15".parse::<WgosaMove>().unwrap_err().to_string(),
            "at byte 4: expected ')' after the new spot, found the end of the text"
        );
        assert_eq!(
            "1(15)2!".parse::<WgosaMove>().unwrap_err().to_string(),
            "at byte 7: expected '[' after '!', found the end of the text"
        );
    }
}
