//! Josh Purinton's left-hand-path notation (docs/notations.md#lhp):
//! `e.f<g@x>h.i[a,b]`.
//!
//! The walker keeps its left hand on the new line walking `f -> g -> h`; it
//! stands in region R, which reads `e, f, g, h, i` in left-hand order after
//! the move; L is the other new region when the move splits one. So `e` is
//! the spot before `f`'s site and `i` the spot after `h`'s site (dead spots
//! included, as the walker sees them).
//!
//! Reading resolves the text against the position: every region holding
//! sites of `f` and `h`, every pair of their sites there, and for a loop
//! both choices of R (the walker can stand inside or outside a loop). A
//! candidate is kept when:
//!
//! - `e.` is written and the spot before `f` in R is `e`; without `e.`, when
//!   the move is a loop, the spot before `f` in R is `f`, `g` or `h` (the
//!   walker inside the loop: step 1 writes nothing there), otherwise
//!   anything;
//! - `.i` is written and the spot after `h` in R is `i`;
//! - `@x` is written and `x` is a live spot of L;
//! - every boundary that holds a spot of `[a,b,...]` goes to R and every
//!   other live boundary to L; a move that splits nothing takes no list.
//!   Lists may be unsorted and use ranges (`[5,7,10-12]`).
//!
//! Lenient input, accepted because it still names one move: lists in any
//! order, with repeats, ranges of two, and more spots of a boundary than
//! the one needed (any spot of a boundary sends it to R):
//!
//! ```
//! use sprouts::model::{Position, Variant};
//! use sprouts::notation::lhp::LhpMove;
//! let p = Position::start(5, Variant::Normal);
//! let p = p.play(&"2<6>3".parse::<LhpMove>().unwrap().to_move(&p).unwrap()).unwrap();
//! let canonical = LhpMove::from_move(&p, &"1<7>1[2,4]".parse::<LhpMove>().unwrap().to_move(&p).unwrap()).unwrap();
//! for text in ["1<7>1[4,2]", "1<7>1[2,4,2]", "1<7>1[4,3]", "1<7>1[2-4]", "1<7>1[6,4]"] {
//!     let m = text.parse::<LhpMove>().unwrap().to_move(&p).unwrap();
//!     assert_eq!(LhpMove::from_move(&p, &m).unwrap(), canonical, "{text}");
//! }
//! ```
//!
//! What is left must be one move (moves leaving the same position count
//! once). Writing gives the shortest text that resolves back to the move
//! (then the lowest numbers): `e.` and `.i` as the steps say (for a loop
//! drawn with R outside, `e.` is what tells the reader so), the lowest live
//! spot of each boundary that goes to R, and `@x` only where the reader
//! needs it. The figures of the original text are lost; where its steps
//! leave a move ambiguous, the writer adds `e.`, `.i` or `@x` until the
//! text is exact.
//!
//! ```
//! use sprouts::model::{Position, Variant};
//! use sprouts::notation::lhp::LhpMove;
//! let p = Position::start(3, Variant::Normal);
//! let m: LhpMove = "1<4>1[2]".parse().unwrap();
//! let q = p.play(&m.to_move(&p).unwrap()).unwrap();
//! assert_eq!(q.to_hoey(), "1,4;2/1,4;3");
//! ```

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use crate::model::{Move, MoveEffect, MoveError, MoveKind, Position, Side, Spot};
use crate::notation::cursor::{
    ListItem, compress, expand, expand_within, parse_trimmed, write_list,
};
use crate::notation::error::{Illegal, ResolveError, SyntaxError};
use crate::notation::resolve::{canonical, check_ends, one_or_ambiguous, spot_boundaries};

/// A move written in LHP notation, not yet resolved.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LhpMove {
    /// `e.`: the spot before `f` in R.
    pub before: Option<Spot>,
    /// `f`: where the walker starts.
    pub from: Spot,
    /// `g`: the new spot.
    pub new: Spot,
    /// `@x`: a live spot of L.
    pub at: Option<Spot>,
    /// `h`: where the line ends.
    pub to: Spot,
    /// `.i`: the spot after `h` in R.
    pub after: Option<Spot>,
    /// `[a,b,...]`: one live spot of each boundary that goes to R, as written.
    pub list: Option<Vec<ListItem>>,
}

impl LhpMove {
    /// The listed spots, ranges expanded, sorted, without repeats.
    ///
    /// ```
    /// use sprouts::notation::lhp::LhpMove;
    /// let m: LhpMove = "1<6>1[5,2-3]".parse().unwrap();
    /// assert_eq!(m.listed(), vec![2, 3, 5]);
    /// ```
    pub fn listed(&self) -> Vec<Spot> {
        expand(self.list.as_deref())
    }
}

impl fmt::Display for LhpMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(e) = self.before {
            write!(f, "{e}.")?;
        }
        write!(f, "{}<{}", self.from, self.new)?;
        if let Some(x) = self.at {
            write!(f, "@{x}")?;
        }
        write!(f, ">{}", self.to)?;
        if let Some(i) = self.after {
            write!(f, ".{i}")?;
        }
        if let Some(list) = &self.list {
            write_list(f, list)?;
        }
        Ok(())
    }
}

impl FromStr for LhpMove {
    type Err = SyntaxError;

    /// Reads `e.f<g@x>h.i[list]` with its optional parts; white space around
    /// the whole text is ignored.
    fn from_str(s: &str) -> Result<LhpMove, SyntaxError> {
        parse_trimmed(s, |c| {
            let first = c.number()?;
            let (before, from) = if c.eat(b'.') {
                (Some(first), c.number()?)
            } else {
                (None, first)
            };
            c.expect(b'<', "'<' before the new spot")?;
            let new = c.number()?;
            let at = if c.eat(b'@') { Some(c.number()?) } else { None };
            c.expect(b'>', "'>' after the new spot")?;
            let to = c.number()?;
            let after = if c.eat(b'.') { Some(c.number()?) } else { None };
            let list = if c.eat(b'[') {
                Some(c.list_rest()?)
            } else {
                None
            };
            c.end()?;
            Ok(LhpMove {
                before,
                from,
                new,
                at,
                to,
                after,
                list,
            })
        })
    }
}

/// A candidate move and what it makes of its region.
struct Candidate<'p> {
    mv: Move,
    out: MoveEffect<'p>,
    /// For a candidate that fits only if a mark the text lacks is implied
    /// (the spot before `f` of a loop, `@` of a double-pivot move), why:
    /// it counts only when every candidate makes the same move.
    needs_mark: Option<&'static str>,
}

/// When `f` and `h` are pivots of the same two regions, those regions.
fn double_pivot_regions(pos: &Position, f: Spot, h: Spot) -> Option<[usize; 2]> {
    if f == h || pos.degree(f) != 2 || pos.degree(h) != 2 {
        return None;
    }
    let (rf, rh) = (pos.regions_of_spot(f), pos.regions_of_spot(h));
    (rf.len() == 2 && rf == rh).then(|| [rf[0], rf[1]])
}

/// What the walker sees after a move: the spot before `f` and the one after
/// `h` on the core boundary of its region R (which starts `f, g, h`), R
/// itself, and the other region L for a move that splits its region.
fn walker_view<'o>(
    out: &'o MoveEffect<'_>,
    r_is_right: bool,
) -> (Spot, Spot, Side<'o>, Option<Side<'o>>) {
    let (x, y) = (out.right(), out.left());
    let (r_side, l_side) = match y {
        None => (x, None),
        Some(y) if r_is_right => (x, Some(y)),
        Some(y) => (y, Some(x)),
    };
    // R's new boundary, stored from the move's first end.
    let core = r_side.core();
    // The core reads f, g, h, i, ..., e (a join, a split's X, the outside
    // of a loop) or f, g (the inside of a loop, where e and i are g).
    let n = core.len();
    (core[n - 1], core[3 % n], r_side, l_side)
}

impl LhpMove {
    /// Resolves the text against a position (see the module docs).
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// use sprouts::notation::lhp::LhpMove;
    /// let p = Position::start(2, Variant::Normal);
    /// let m: LhpMove = "1<3>2[2]".parse().unwrap();
    /// assert_eq!(m.to_move(&p).unwrap_err().to_string(), "illegal: a move that splits nothing takes no list");
    /// ```
    pub fn to_move(&self, pos: &Position) -> Result<Move, ResolveError> {
        let (found, hint) = self.resolve(pos).map_err(ResolveError::illegal_because)?;
        let moves = found.into_iter().map(|c| c.mv).collect();
        one_or_ambiguous(pos, moves, hint, LhpMove::from_move)
    }

    /// The different moves the text fits (one for a text that names a
    /// move), and when there are several, what the text should add.
    fn resolve<'p>(
        &self,
        pos: &'p Position,
    ) -> Result<(Vec<Candidate<'p>>, &'static str), Illegal> {
        let (f, g, h) = (self.from, self.new, self.to);
        check_ends(pos, f, g, h)?;
        let next = pos.next_spot();
        let listed = expand_within(self.list.as_deref(), next).map_err(Illegal::ListedDead)?;
        if let Some(x) = listed.iter().find(|&&x| !pos.is_live(x)) {
            return Err(Illegal::ListedDead(*x));
        }
        let mut cands = Vec::new();
        let mut reason: Option<Illegal> = None;
        let mut shared = false;
        // When f and h are pivots of the same two regions, those regions.
        let pivots = double_pivot_regions(pos, f, h);
        for r in pos.shared_regions(f, h) {
            let region = &pos.regions()[r];
            let (sf, sh) = (pos.sites_in(r, f), pos.sites_in(r, h));
            shared = true;
            let boundary_of = spot_boundaries(region);
            for &s in &sf {
                for &t in &sh {
                    if f == h && s != t {
                        continue;
                    }
                    let kind = if s.boundary != t.boundary {
                        MoveKind::Join
                    } else if s == t {
                        MoveKind::Loop
                    } else {
                        MoveKind::Split
                    };
                    let (to_r, to_l) =
                        match list_sides(pos, r, s.boundary, kind, &listed, &boundary_of) {
                            Ok(sides) => sides,
                            Err(why) => {
                                reason.get_or_insert(why);
                                continue;
                            }
                        };
                    let sides: &[bool] = match kind {
                        MoveKind::Join | MoveKind::Split => &[true],
                        MoveKind::Loop => &[true, false],
                    };
                    for &r_is_right in sides {
                        let right = if kind == MoveKind::Join {
                            Vec::new()
                        } else if r_is_right {
                            to_r.clone()
                        } else {
                            to_l.clone()
                        };
                        let mv = Move::new(r, s, t, right);
                        let Ok(out) = pos.effect(&mv) else { continue };
                        let needs_mark = match self.marks(pos, &out, r, kind, r_is_right, pivots) {
                            Ok(needs_mark) => needs_mark,
                            Err(why) => {
                                reason.get_or_insert(why);
                                continue;
                            }
                        };
                        cands.push(Candidate {
                            mv,
                            out,
                            needs_mark,
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
        Ok(one_per_move(pos, cands))
    }

    /// The marks of the text against one drawing: the spot before `f`
    /// (`e.`), the one after `h` (`.i`) and `@x` (LHP steps 1, 3 and 5).
    /// `Err`: the drawing does not fit, and why; `Ok(Some(why))`: it fits
    /// only if a mark the text lacks is implied (it counts when every
    /// drawing left makes the same move).
    fn marks(
        &self,
        pos: &Position,
        out: &MoveEffect<'_>,
        r: usize,
        kind: MoveKind,
        r_is_right: bool,
        pivots: Option<[usize; 2]>,
    ) -> Result<Option<&'static str>, Illegal> {
        let (f, g, h) = (self.from, self.new, self.to);
        let (e, i, r_region, l_region) = walker_view(out, r_is_right);
        let mut needs_mark = None;
        match self.before {
            Some(want) if e != want => {
                return Err(Illegal::SpotBefore { from: f, want });
            }
            None if kind == MoveKind::Loop && ![f, g, h].contains(&e) => {
                needs_mark = Some("write the spot before the loop's end (e.f<...)");
            }
            _ => {}
        }
        if self.after.is_some_and(|want| want != i) {
            return Err(Illegal::SpotAfter {
                to: h,
                want: self.after.unwrap_or(0),
            });
        }
        // Step 3: with f and h pivots of the same two regions
        // P (this one) and Q, `@x` names a live spot of L
        // that Q does not touch; without `@`, L has none.
        let q = pivots
            .filter(|p| p.contains(&r))
            .map(|[p, q]| if p == r { q } else { p });
        let in_l_not_q = |x: Spot| {
            l_region.is_some_and(|l| {
                pos.degree_after(out, x) < 3
                    && x != f
                    && x != h
                    && x != g
                    && l.contains(x)
                    && q.is_none_or(|qi| !pos.regions_of_spot(x).contains(&qi))
            })
        };
        match self.at {
            Some(x) if !in_l_not_q(x) => {
                return Err(Illegal::NotInL(x));
            }
            None if self.before.is_none()
                && kind == MoveKind::Split
                && q.is_some()
                && r_region.len() == 1 =>
            {
                let has = l_region.expect("split").spots().any(in_l_not_q);
                if has {
                    needs_mark = Some("say which region with @");
                }
            }
            _ => {}
        }
        Ok(needs_mark)
    }

    /// The canonical LHP text of a legal move of `pos` (see the module docs).
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// use sprouts::notation::lhp::LhpMove;
    /// let p = Position::start(3, Variant::Normal);
    /// let texts: Vec<String> = p
    ///     .legal_moves()
    ///     .map(|m| LhpMove::from_move(&p, &m).unwrap().to_string())
    ///     .collect();
    /// assert!(texts.contains(&"1<4>1[2]".to_string()));
    /// assert!(texts.contains(&"1<4>2".to_string()));
    /// ```
    pub fn from_move(pos: &Position, m: &Move) -> Result<LhpMove, MoveError> {
        pos.check_move(m)?;
        let target = pos.effect(m)?;
        let g = pos.next_spot();
        // Drawings and sides to try: (move drawn f -> h, R on its right?).
        let mut views: Vec<(Move, bool)> = Vec::new();
        for eq in pos.equivalent_moves(m) {
            match eq.kind() {
                MoveKind::Loop => views.push((eq.clone(), false)),
                _ => views.push((pos.reverse_move(&eq), true)),
            }
            views.push((eq, true));
        }
        let mut options = Vec::new();
        for (mv, r_is_right) in views {
            let Some((f, h)) = pos.endpoints(&mv) else {
                continue;
            };
            let region = &pos.regions()[mv.region()];
            let lowest = |bi: usize| {
                region.boundaries()[bi]
                    .sites()
                    .iter()
                    .copied()
                    .filter(|&x| pos.is_live(x))
                    .min()
            };
            // Drawn the other way, a split's walker stands in the other
            // region: the reversed move's right side.
            let Ok(view) = pos.effect(&mv) else {
                continue;
            };
            let (e, i, _, l_region) = walker_view(&view, r_is_right);
            let list: Vec<Spot> = if mv.kind() == MoveKind::Join {
                Vec::new()
            } else {
                let others: Vec<usize> = (0..region.boundaries().len())
                    .filter(|&bi| bi != mv.from().boundary && lowest(bi).is_some())
                    .collect();
                let mut l: Vec<Spot> = others
                    .into_iter()
                    .filter(|bi| mv.right().binary_search(bi).is_ok() == r_is_right)
                    .filter_map(lowest)
                    .collect();
                l.sort_unstable();
                l
            };
            // Step 1 never writes `e.` when it is f, g or h.
            let e_opts: &[Option<Spot>] = if [f, g, h].contains(&e) {
                &[None]
            } else {
                &[None, Some(e)]
            };
            let i_opts = [None, Some(i)];
            let mut at_opts: Vec<Option<Spot>> = vec![None];
            if let Some(l) = l_region {
                let mut live: Vec<Spot> = l
                    .spots()
                    .filter(|&x| pos.degree_after(&view, x) < 3 && x != f && x != h && x != g)
                    .collect();
                live.sort_unstable();
                live.dedup();
                at_opts.extend(live.into_iter().map(Some));
            }
            for &before in e_opts {
                for &aft in &i_opts {
                    for &at in &at_opts {
                        options.push(LhpMove {
                            before,
                            from: f,
                            new: g,
                            at,
                            to: h,
                            after: aft,
                            list: (!list.is_empty()).then(|| compress(&list)),
                        });
                    }
                }
            }
        }
        Ok(canonical(
            options,
            |_, _| (),
            |w| {
                w.resolve(pos).is_ok_and(|(found, _)| {
                    found.len() == 1 && pos.same_effect(&found[0].out, &target)
                })
            },
        )
        .expect("a legal move has a text"))
    }
}

/// Which other boundaries of region `r` go to R (those holding a listed
/// spot) and which to L (the other live ones), for a move from a site on
/// boundary `from_boundary`; or why the list does not fit.
fn list_sides(
    pos: &Position,
    r: usize,
    from_boundary: usize,
    kind: MoveKind,
    listed: &[Spot],
    boundary_of: &HashMap<Spot, usize>,
) -> Result<(Vec<usize>, Vec<usize>), Illegal> {
    let region = &pos.regions()[r];
    let mut to_r = Vec::new();
    let mut to_l = Vec::new();
    for &x in listed {
        match boundary_of.get(&x).copied() {
            Some(bi) if bi != from_boundary && kind != MoveKind::Join => to_r.push(bi),
            Some(_) if kind == MoveKind::Join => {
                return Err(Illegal::ListWithoutSplit);
            }
            Some(_) => return Err(Illegal::ListedOnJoined(x)),
            None => {
                return Err(Illegal::ListedNotInRegion {
                    spot: x,
                    region: r + 1,
                });
            }
        }
    }
    to_r.sort_unstable();
    to_r.dedup();
    if kind != MoveKind::Join {
        for (bi, b) in region.boundaries().iter().enumerate() {
            if bi != from_boundary
                && to_r.binary_search(&bi).is_err()
                && b.sites().iter().any(|&x| pos.is_live(x))
            {
                to_l.push(bi);
            }
        }
    }
    Ok((to_r, to_l))
}

/// One candidate of each different move, and when there are several, the
/// mark they lack: candidates that leave the same position are one move,
/// and the rules for marks only choose between different moves.
fn one_per_move<'p>(
    pos: &Position,
    mut cands: Vec<Candidate<'p>>,
) -> (Vec<Candidate<'p>>, &'static str) {
    let mut hint = "";
    if cands[1..]
        .iter()
        .any(|c| !pos.same_effect(&cands[0].out, &c.out))
    {
        if cands.iter().all(|c| c.needs_mark.is_some()) {
            hint = cands[0].needs_mark.unwrap_or("");
        } else {
            cands.retain(|c| c.needs_mark.is_none());
        }
    }
    let mut out: Vec<Candidate> = Vec::new();
    for c in cands {
        if !out.iter().any(|o| pos.same_effect(&o.out, &c.out)) {
            out.push(c);
        }
    }
    (out, hint)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_display_round_trip() {
        for t in ["1<4>1[2]", "3.1<9@5>2.4[6,8-10]", "1<3>2"] {
            assert_eq!(t.parse::<LhpMove>().unwrap().to_string(), t);
        }
        assert_eq!(
            "1<3".parse::<LhpMove>().unwrap_err().to_string(),
            "at byte 3: expected '>' after the new spot, found the end of the text"
        );
    }
}
