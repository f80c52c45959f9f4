//! Hoey move notation (elements 3-6): `A-C-B`, `.N` site suffixes,
//! `<list`, `>list` and `=` separations, double-pivot moves.

use std::fmt;
use std::str::FromStr;

use crate::model::{Move, MoveEffect, MoveError, MoveKind, Position, Region, SiteRef, Spot};
use crate::notation::cursor::{Cursor, parse_trimmed};
use crate::notation::error::{Illegal, ResolveError, SyntaxError};
use crate::notation::resolve::{canonical, check_ends, one_or_ambiguous, spot_boundaries};

/// One end of a Hoey move: a spot, and for a pier spot the site, named by
/// the first live spot after it in left-hand order (`5.1`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Endpoint {
    /// The spot.
    pub spot: Spot,
    /// The `.N` suffix: the first live spot after the site, if given.
    pub site: Option<Spot>,
}

/// Which other boundaries go to which site of the new spot.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Separation {
    /// `=`: nothing to separate.
    Equal,
    /// `<list`: the boundaries of these spots go to the left site of the new
    /// spot, every other boundary to the right.
    Left(Vec<Spot>),
    /// `>list`: the boundaries of these spots go to the right site.
    Right(Vec<Spot>),
}

/// A move written in Hoey notation, not yet resolved against a position.
///
/// Reading (`parse`, then [`HoeyMove::to_move`]) is lenient where nothing is
/// lost: the endpoints may come in either order (the sides are then those of
/// the written direction), a listed spot may be any live spot of its boundary
/// (not only the lowest), the list may be unsorted, and a spot of the
/// boundary being connected may be listed to say on which side it must end
/// up (element 6c, accepted for any move). Writing ([`HoeyMove::from_move`])
/// gives the canonical text: lower endpoint first; `.N` only where the site
/// is not otherwise clear; the shortest separation that resolves uniquely,
/// then the lowest numbers, then `>` before `<`.
///
/// ```
/// use sprouts::notation::hoey::{self, HoeyMove};
/// let p = hoey::parse_position("1,5,2,5;3,6,4,6").unwrap();
/// let m: HoeyMove = "5.1-7-6.3".parse().unwrap();
/// let mv = m.to_move(&p).unwrap();
/// assert_eq!(p.play(&mv).unwrap().to_hoey(), "1,2,7,3,4,7");
/// assert_eq!(HoeyMove::from_move(&p, &mv).unwrap().to_string(), "5.1-7-6.3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HoeyMove {
    /// The first endpoint as written (A).
    pub from: Endpoint,
    /// The new spot (C).
    pub new: Spot,
    /// The second endpoint as written (B).
    pub to: Endpoint,
    /// The separation, if written.
    pub separation: Option<Separation>,
}

impl fmt::Display for Endpoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.spot)?;
        if let Some(s) = self.site {
            write!(f, ".{s}")?;
        }
        Ok(())
    }
}

impl fmt::Display for HoeyMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}-{}", self.from, self.new, self.to)?;
        let list = |f: &mut fmt::Formatter<'_>, l: &[Spot]| {
            for (i, s) in l.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{s}")?;
            }
            Ok(())
        };
        match &self.separation {
            None => Ok(()),
            Some(Separation::Equal) => f.write_str("="),
            Some(Separation::Left(l)) => {
                f.write_str("<")?;
                list(f, l)
            }
            Some(Separation::Right(l)) => {
                f.write_str(">")?;
                list(f, l)
            }
        }
    }
}

fn endpoint(c: &mut Cursor<'_>) -> Result<Endpoint, SyntaxError> {
    let spot = c.number()?;
    let site = if c.eat(b'.') { Some(c.number()?) } else { None };
    Ok(Endpoint { spot, site })
}

impl FromStr for HoeyMove {
    type Err = SyntaxError;

    /// Reads `A-C-B` with optional `.N` suffixes and separation; white space
    /// around the whole text is ignored.
    fn from_str(s: &str) -> Result<HoeyMove, SyntaxError> {
        parse_trimmed(s, |c| {
            let from = endpoint(c)?;
            c.expect(b'-', "'-' after the first spot")?;
            let new = c.number()?;
            c.expect(b'-', "'-' after the new spot")?;
            let to = endpoint(c)?;
            let separation = match c.peek() {
                None => None,
                Some(b'=') => {
                    c.at += 1;
                    Some(Separation::Equal)
                }
                Some(side @ (b'<' | b'>')) => {
                    c.at += 1;
                    let mut list = Vec::new();
                    if c.peek().is_some() {
                        loop {
                            list.push(c.number()?);
                            if !c.eat(b',') {
                                break;
                            }
                        }
                    }
                    Some(if side == b'<' {
                        Separation::Left(list)
                    } else {
                        Separation::Right(list)
                    })
                }
                Some(_) => return Err(c.error("'.', '<', '>', '=' or the end of the move")),
            };
            c.end()?;
            Ok(HoeyMove {
                from,
                new,
                to,
                separation,
            })
        })
    }
}

/// The first live spot after a site in left-hand order (the site's own spot
/// when no other site of the boundary is live).
fn next_live_after(pos: &Position, region: &Region, site: SiteRef) -> Spot {
    let sites = region.boundaries()[site.boundary].sites();
    let n = sites.len();
    (1..=n)
        .map(|k| sites[(site.index + k) % n])
        .find(|&s| pos.is_live(s))
        .unwrap_or(sites[site.index])
}

/// Whether two spots are pivots of the same two regions (Hoey element 6).
fn double_pivot(pos: &Position, a: Spot, b: Spot) -> bool {
    if a == b || pos.degree(a) != 2 || pos.degree(b) != 2 {
        return false;
    }
    let ra = pos.regions_of_spot(a);
    ra.len() == 2 && ra == pos.regions_of_spot(b)
}

/// The other boundaries of a region that hold a live spot.
fn live_others(pos: &Position, region: &Region, except: usize) -> Vec<usize> {
    (0..region.boundaries().len())
        .filter(|&i| {
            i != except
                && region.boundaries()[i]
                    .sites()
                    .iter()
                    .any(|&s| pos.is_live(s))
        })
        .collect()
}

/// The spots of the boundary being split that end up on the right (X) and
/// left (Y) side of the new spot.
fn split_sides(region: &Region, from: SiteRef, to: SiteRef) -> (Vec<Spot>, Vec<Spot>) {
    let sites = region.boundaries()[from.boundary].sites();
    let n = sites.len();
    if from.index == to.index {
        let rest = (1..n).map(|k| sites[(from.index + k) % n]).collect();
        return (Vec::new(), rest);
    }
    let j = (to.index + n - from.index) % n;
    let x = (j..n).map(|k| sites[(from.index + k) % n]).collect();
    let y = (0..j).map(|k| sites[(from.index + k) % n]).collect();
    (x, y)
}

impl HoeyMove {
    /// Resolves the text against a position: the one legal move it names.
    ///
    /// ```
    /// use sprouts::notation::hoey::{self, HoeyMove};
    /// // Element 4: 5 is a pier spot, so its site must be named.
    /// let p = hoey::parse_position("1,5,2,5;3,6,4,6").unwrap();
    /// let m: HoeyMove = "5-7-6.3".parse().unwrap();
    /// assert_eq!(
    ///     m.to_move(&p).unwrap_err().to_string(),
    ///     "ambiguous: 2 moves fit: 5.1-7-6.3, 5.2-7-6.3"
    /// );
    /// // Element 6c: 4 and 6 are pivots of both regions, and both regions
    /// // hold another live spot, so "=" fits neither.
    /// let q = hoey::parse_position("1,4,2,3,6/1,6,2,4").unwrap();
    /// let m: HoeyMove = "4-7-6=".parse().unwrap();
    /// assert_eq!(
    ///     m.to_move(&q).unwrap_err().to_string(),
    ///     "ambiguous (write <1 or >1, Hoey 6c): 2 moves fit: 4-7-6<1, 4-7-6>1"
    /// );
    /// ```
    pub fn to_move(&self, pos: &Position) -> Result<Move, ResolveError> {
        let (found, hint) = self
            .candidates(pos)
            .map_err(ResolveError::illegal_because)?;
        one_or_ambiguous(pos, found, hint, HoeyMove::from_move)
    }

    /// Every distinct legal move the text fits, or why none does; when
    /// several fit, what the text should add to choose.
    fn candidates(&self, pos: &Position) -> Result<(Vec<Move>, String), Illegal> {
        let (a, b) = (self.from.spot, self.to.spot);
        check_ends(pos, a, self.new, b)?;
        let mut found: Vec<Move> = Vec::new();
        // Moves that fit only with a separation the text lacks (Hoey 6c),
        // and why: they count when every candidate makes the same move.
        let mut needs_mark: Vec<(Move, String)> = Vec::new();
        let mut reason: Option<Illegal> = None;
        let mut shared = false;
        for r in pos.shared_regions(a, b) {
            let region = &pos.regions()[r];
            let (sa, sb) = (pos.sites_in(r, a), pos.sites_in(r, b));
            shared = true;
            let pick = |sites: Vec<SiteRef>, ep: &Endpoint| -> Vec<SiteRef> {
                match ep.site {
                    None => sites,
                    Some(n) => sites
                        .into_iter()
                        .filter(|&s| next_live_after(pos, region, s) == n)
                        .collect(),
                }
            };
            let fa = pick(sa, &self.from);
            let fb = pick(sb, &self.to);
            if fa.is_empty() || fb.is_empty() {
                let ep = if fa.is_empty() { &self.from } else { &self.to };
                reason.get_or_insert(Illegal::NotFollowedBy {
                    spot: ep.spot,
                    next: ep.site.unwrap_or(0),
                });
                continue;
            }
            for &s in &fa {
                for &t in &fb {
                    if a == b && s != t {
                        continue;
                    }
                    match self.build(pos, r, region, s, t) {
                        Ok((m, None)) => found.push(m),
                        Ok((m, Some(why))) => needs_mark.push((m, why)),
                        Err(e) => {
                            reason.get_or_insert(e);
                        }
                    }
                }
            }
        }
        if !shared {
            return Err(Illegal::NoSharedRegion(a, b));
        }
        // The separation only chooses between different moves.
        let mut hint = String::new();
        if !needs_mark.is_empty() {
            let all: Vec<Move> = found
                .iter()
                .cloned()
                .chain(needs_mark.iter().map(|(m, _)| m.clone()))
                .collect();
            let all = dedup_moves(pos, all);
            if all.len() == 1 || found.is_empty() {
                if all.len() > 1 {
                    hint = needs_mark.swap_remove(0).1;
                }
                return Ok((all, hint));
            }
        }
        if found.is_empty() {
            return Err(reason.unwrap_or(Illegal::NoMoveFits));
        }
        Ok((dedup_moves(pos, found), hint))
    }

    fn build(
        &self,
        pos: &Position,
        r: usize,
        region: &Region,
        s: SiteRef,
        t: SiteRef,
    ) -> Result<(Move, Option<String>), Illegal> {
        if s.boundary != t.boundary {
            if self.separation.is_some() {
                return Err(Illegal::JoinSeparates {
                    plain: format!("{}-{}-{}", self.from, self.new, self.to),
                });
            }
            return Ok((Move::new(r, s, t, Vec::new()), None));
        }
        let others = live_others(pos, region, s.boundary);
        // Hoey 6c-6d: for a move between two pivots of the same two regions,
        // "=" (or nothing) means the region has no other live spot at all;
        // otherwise the lowest one is listed with its side.
        let extra = if others.is_empty() && double_pivot(pos, self.from.spot, self.to.spot) {
            region.boundaries()[s.boundary]
                .sites()
                .iter()
                .copied()
                .filter(|&x| x != self.from.spot && x != self.to.spot && pos.is_live(x))
                .min()
        } else {
            None
        };
        let right = match &self.separation {
            None | Some(Separation::Equal) if others.is_empty() => {
                if let Some(x) = extra {
                    return Ok((
                        Move::new(r, s, t, Vec::new()),
                        // Both ends are pivots of the same two regions and
                        // this one holds another live spot.
                        Some(format!("write <{x} or >{x}, Hoey 6c")),
                    ));
                }
                Vec::new()
            }
            None => {
                return Err(Illegal::SplitUnsaid { region: r + 1 });
            }
            Some(Separation::Equal) => {
                return Err(Illegal::EqualsButOthers { region: r + 1 });
            }
            Some(Separation::Left(list)) | Some(Separation::Right(list)) => {
                let to_right = matches!(self.separation, Some(Separation::Right(_)));
                let (mut x_side, mut y_side) = split_sides(region, s, t);
                x_side.sort_unstable();
                y_side.sort_unstable();
                let boundary_of = spot_boundaries(region);
                let mut listed = Vec::new();
                for &x in list {
                    if x == self.from.spot || x == self.to.spot {
                        return Err(Illegal::ListedEnd(x));
                    }
                    if x == 0 || x >= pos.next_spot() || !pos.is_live(x) {
                        return Err(Illegal::ListedDead(x));
                    }
                    let Some(&bi) = boundary_of.get(&x) else {
                        return Err(Illegal::ListedNotInRegion {
                            spot: x,
                            region: r + 1,
                        });
                    };
                    if bi == s.boundary {
                        let side = if to_right { &x_side } else { &y_side };
                        if side.binary_search(&x).is_err() {
                            return Err(Illegal::ListedWrongSide {
                                spot: x,
                                right: to_right,
                            });
                        }
                    } else {
                        listed.push(bi);
                    }
                }
                if to_right {
                    listed
                } else {
                    listed.sort_unstable();
                    others
                        .into_iter()
                        .filter(|o| listed.binary_search(o).is_err())
                        .collect()
                }
            }
        };
        Ok((Move::new(r, s, t, right), None))
    }

    /// The canonical text of a legal move of `pos` (see [`HoeyMove`]).
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// use sprouts::notation::hoey::HoeyMove;
    /// let p = Position::start(3, Variant::Normal);
    /// let texts: Vec<String> = p
    ///     .legal_moves()
    ///     .map(|m| HoeyMove::from_move(&p, &m).unwrap().to_string())
    ///     .collect();
    /// assert_eq!(texts.len(), 9);
    /// assert!(texts.contains(&"1-4-1>2".to_string()));
    /// assert!(texts.contains(&"2-4-3".to_string()));
    /// ```
    pub fn from_move(pos: &Position, m: &Move) -> Result<HoeyMove, MoveError> {
        let target = pos.effect(m)?;
        let options = pos
            .equivalent_moves(m)
            .into_iter()
            .flat_map(|eq| Self::options(pos, &eq));
        Ok(canonical(
            options,
            |h, _| matches!(h.separation, Some(Separation::Left(_))),
            |h| {
                h.candidates(pos).is_ok_and(|(found, _)| {
                    found.len() == 1
                        && pos
                            .effect(&found[0])
                            .is_ok_and(|o| pos.same_effect(&o, &target))
                })
            },
        )
        .expect("a legal move has a text"))
    }

    /// The texts that may name `m` (drawn as given), most specific last.
    fn options(pos: &Position, m: &Move) -> Vec<HoeyMove> {
        let (a, b) = pos.endpoints(m).expect("checked");
        let region = &pos.regions()[m.region()];
        let m = if a > b {
            pos.reverse_move(m)
        } else {
            m.clone()
        };
        let (a, b) = (a.min(b), a.max(b));
        let new = pos.next_spot();
        let hint = |site: SiteRef, spot: Spot| -> Vec<Option<Spot>> {
            if pos.sites_in(m.region(), spot).len() > 1 {
                vec![None, Some(next_live_after(pos, region, site))]
            } else {
                vec![None]
            }
        };
        let separations = separations(pos, region, &m, (a, b));
        let mut options = Vec::new();
        for ha in hint(m.from(), a) {
            let hbs = if m.kind() == MoveKind::Loop {
                vec![None]
            } else {
                hint(m.to(), b)
            };
            for hb in hbs {
                for sep in &separations {
                    options.push(HoeyMove {
                        from: Endpoint { spot: a, site: ha },
                        new,
                        to: Endpoint { spot: b, site: hb },
                        separation: sep.clone(),
                    });
                }
            }
        }
        options
    }
}

/// Keeps one move of each distinct result.
pub(crate) fn dedup_moves(pos: &Position, moves: Vec<Move>) -> Vec<Move> {
    if moves.len() <= 1 {
        return moves;
    }
    let mut seen: Vec<MoveEffect> = Vec::with_capacity(moves.len());
    let mut out = Vec::with_capacity(moves.len());
    for m in moves {
        if let Ok(o) = pos.effect(&m) {
            if !seen.iter().any(|s| pos.same_effect(s, &o)) {
                seen.push(o);
                out.push(m);
            }
        }
    }
    out
}

/// The separations a text of split `m` (ends `a < b`) may carry: with no
/// other live boundary, `=` or the lowest live spot of either side; else
/// the lowest live spot of every other boundary, to the right or to the
/// left. A join carries none.
fn separations(
    pos: &Position,
    region: &Region,
    m: &Move,
    (a, b): (Spot, Spot),
) -> Vec<Option<Separation>> {
    if m.kind() == MoveKind::Join {
        return vec![None];
    }
    let others = live_others(pos, region, m.from().boundary);
    if others.is_empty() {
        let (x_side, y_side) = split_sides(region, m.from(), m.to());
        let lowest = |side: &[Spot]| {
            side.iter()
                .copied()
                .filter(|&s| s != a && s != b && pos.is_live(s))
                .min()
        };
        let mut v = vec![Some(Separation::Equal)];
        if let Some(x) = lowest(&x_side) {
            v.push(Some(Separation::Right(vec![x])));
        }
        if let Some(y) = lowest(&y_side) {
            v.push(Some(Separation::Left(vec![y])));
        }
        return v;
    }
    let lowest = |bi: usize| {
        region.boundaries()[bi]
            .sites()
            .iter()
            .copied()
            .filter(|&s| pos.is_live(s))
            .min()
            .expect("live boundary")
    };
    let side = m.right();
    let mut right: Vec<Spot> = Vec::new();
    let mut left: Vec<Spot> = Vec::new();
    for &o in &others {
        if side.binary_search(&o).is_ok() {
            right.push(lowest(o));
        } else {
            left.push(lowest(o));
        }
    }
    right.sort_unstable();
    left.sort_unstable();
    vec![Some(Separation::Right(right)), Some(Separation::Left(left))]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::hoey::parse_position;

    fn play(pos: &Position, text: &str) -> Position {
        let m: HoeyMove = text.parse().unwrap();
        pos.play(&m.to_move(pos).unwrap()).unwrap()
    }

    #[test]
    fn parse_and_display() {
        for t in [
            "1-6-2",
            "5.1-7-6.3",
            "1-8-2>",
            "3-9-4>1",
            "1-4-3=",
            "4-7-6<1",
            "1-9-3<2,5,7",
        ] {
            assert_eq!(t.parse::<HoeyMove>().unwrap().to_string(), t);
        }
        assert_eq!(
            "1-6".parse::<HoeyMove>().unwrap_err().to_string(),
            "at byte 3: expected '-' after the new spot, found the end of the text"
        );
        assert_eq!(
            "1-6-2>3,".parse::<HoeyMove>().unwrap_err().to_string(),
            "at byte 8: expected a spot number, found the end of the text"
        );
    }

    /// Element 4: the four ways of joining 5 and 6 after 1-5-2; 3-6-4.
    #[test]
    fn element_4_pier_sites() {
        let p = parse_position("1,5,2,5;3,6,4,6").unwrap();
        for (m, want) in [
            ("5.1-7-6.3", "1,2,7,3,4,7"),
            ("5.1-7-6.4", "1,2,7,4,3,7"),
            ("5.2-7-6.3", "1,7,3,4,7,2"),
            ("5.2-7-6.4", "1,7,4,3,7,2"),
        ] {
            let q = play(&p, m);
            assert_eq!(q.reduced(), parse_position(want).unwrap().reduced(), "{m}");
            let mv = m.parse::<HoeyMove>().unwrap().to_move(&p).unwrap();
            assert_eq!(HoeyMove::from_move(&p, &mv).unwrap().to_string(), m);
        }
        let e = "5-7-6.3"
            .parse::<HoeyMove>()
            .unwrap()
            .to_move(&p)
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "ambiguous: 2 moves fit: 5.1-7-6.3, 5.2-7-6.3"
        );
    }

    /// Element 6: double-pivot moves.
    #[test]
    fn element_6_double_pivots() {
        let p = parse_position("1,3;2/1,3").unwrap();
        let a = play(&p, "1-4-3>2");
        let b = play(&p, "1-4-3=");
        assert_ne!(a.reduced(), b.reduced());
        let q = parse_position("1,4,2,3,6/1,6,2,4").unwrap();
        let big = play(&q, "4-7-6>1");
        let small = play(&q, "4-7-6<1");
        assert_ne!(big.reduced(), small.reduced());
        // The move in the region holding 3 keeps 3 with 1 on its side.
        for (text, pos) in [("4-7-6>1", &big), ("4-7-6<1", &small)] {
            let mv = text.parse::<HoeyMove>().unwrap().to_move(&q).unwrap();
            assert_eq!(q.play(&mv).unwrap().reduced(), pos.reduced());
            assert_eq!(HoeyMove::from_move(&q, &mv).unwrap().to_string(), text);
        }
        // 6c: both regions hold another live spot and the two moves differ,
        // so "=" must become "<1" or ">1".
        let e = "4-7-6="
            .parse::<HoeyMove>()
            .unwrap()
            .to_move(&q)
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "ambiguous (write <1 or >1, Hoey 6c): 2 moves fit: 4-7-6<1, 4-7-6>1"
        );
        // When both regions give the same position, nothing is needed: after
        // 1-3-2; 1-4-2=, spots 3 and 4 are pivots of two regions that each
        // hold 1 and 2, and 3-5-4 drawn in either leaves `1,5/2,5/1,2`.
        let r = parse_position("1,3,2,4/1,4,2,3").unwrap();
        let first = "3-5-4=".parse::<HoeyMove>().unwrap().to_move(&r).unwrap();
        assert_eq!(r.play(&first).unwrap().to_hoey(), "1,5/2,5/1,2");
        for text in ["3-5-4=", "3-5-4", "4-5-3"] {
            let mv = text.parse::<HoeyMove>().unwrap().to_move(&r).unwrap();
            assert!(r.same_move(&mv, &first), "{text}");
            assert_eq!(HoeyMove::from_move(&r, &mv).unwrap().to_string(), "3-5-4=");
        }
    }

    #[test]
    fn errors_name_the_reason() {
        let p = parse_position("1,6,2,6;3,7,4,7;5").unwrap();
        let err = |t: &str| {
            t.parse::<HoeyMove>()
                .unwrap()
                .to_move(&p)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(err("1-9-2"), "illegal: the new spot must be 8, not 9");
        assert_eq!(err("1-8-12"), "illegal: there is no spot 12");
        assert_eq!(
            err("1-8-2"),
            "illegal: the move splits region 1 and must say which boundaries go where (<, > or =)"
        );
        assert_eq!(
            err("1-8-2>2"),
            "illegal: spot 2 is an end of the move and cannot be listed"
        );
        assert_eq!(
            err("1-8-3>5"),
            "illegal: a move joining two boundaries separates nothing: write 1-8-3"
        );
        let q = play(&play(&p, "1-8-2>"), "1-9-5");
        let err = |t: &str| {
            t.parse::<HoeyMove>()
                .unwrap()
                .to_move(&q)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(err("1-10-5"), "illegal: spot 1 has no lives left");
    }
}
