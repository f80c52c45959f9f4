//! A certificate from what a search proved: from the position's lands
//! down, each listed land's moves are answered with what the store knows,
//! listing as few new lands (weighted by their lives) as it can
//! (docs/certificates.md#build).

use std::collections::BinaryHeap;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::model::{Position, Variant};

use super::super::bytes::lands_of;
use super::super::children::children_unless;
use super::super::compact::{regions_of, simplify};
use super::super::pns::twice_lives;
use super::super::search::Solver;
use super::super::store::{MemoryStore, NormalEntry, Store};
use super::super::{Land, LandCanon, SolveError};
use super::{Certificate, Couple, Verifier};

/// What listing a land costs: nothing once it is listed, else the square of
/// its twice lives (a larger land needs a larger proof of its own).
fn weight(land: &[u8]) -> u64 {
    let t = twice_lives(land) as u64;
    t * t
}

/// How many times a small proof is made again preferring its own lands.
const ROUNDS: usize = 4;

/// A listed land's key and its nimber.
type Listed = (Box<[u8]>, u8);

/// The lands listed so far and those whose moves are still to answer.
#[derive(Default)]
struct Builder {
    /// Land key -> its nimber, for every listed land.
    listed: FxHashMap<Box<[u8]>, u8>,
    /// Listed lands whose moves are not answered yet, largest first.
    todo: BinaryHeap<(u32, Box<[u8]>)>,
    /// (land key, heap) -> the child chosen to show the couple won: its
    /// lands (all with stored nimbers that give the heap).
    moves: FxHashMap<Box<[u8]>, Vec<Box<[u8]>>>,
    /// Lands that cost almost nothing to list (those of an earlier proof,
    /// when a proof is made again to make it smaller).
    prefer: FxHashSet<Box<[u8]>>,
}

/// How a child of a listed land (plus the land's heap) is shown won.
enum Answer {
    /// Its lands' nimbers, all listed, do not give the heap.
    Value,
    /// Land `i` with the heap the others leave has a move to these lands,
    /// listed, which give that heap.
    Move(usize, Vec<Box<[u8]>>),
}

impl Builder {
    fn cost(&self, land: &[u8]) -> u64 {
        if self.listed.contains_key(land) {
            0
        } else if self.prefer.contains(land) {
            1
        } else {
            weight(land)
        }
    }

    /// The land's nimber: stored, or searched now.
    fn nimber<S: Store, C: LandCanon>(s: &mut Solver<S, C>, land: &[u8]) -> Result<u8, SolveError> {
        match s.store.get_normal(land) {
            Some(NormalEntry::Nimber(k)) => Ok(k),
            _ => s.land_nimber(land),
        }
    }

    /// Lists a land (if it is not yet) and gives its nimber.
    fn need<S: Store, C: LandCanon>(
        &mut self,
        s: &mut Solver<S, C>,
        land: &[u8],
    ) -> Result<u8, SolveError> {
        if let Some(&k) = self.listed.get(land) {
            return Ok(k);
        }
        let k = Self::nimber(s, land)?;
        self.listed.insert(land.into(), k);
        self.todo.push((twice_lives(land), land.into()));
        Ok(k)
    }

    /// The stored nimbers of a child's lands.
    fn stored<S: Store, C: LandCanon>(s: &mut Solver<S, C>, lands: &[&[u8]]) -> Vec<Option<u8>> {
        lands
            .iter()
            .map(|l| match s.store.get_normal(l) {
                Some(NormalEntry::Nimber(k)) => Some(k),
                _ => None,
            })
            .collect()
    }

    /// The cheapest child of `land` whose lands all have stored nimbers
    /// that give `x` (a move that wins the land plus a heap of `x`), and
    /// what listing its lands costs; remembered, so that the couple gets
    /// the same answer wherever it is met.
    fn winning_move<S: Store, C: LandCanon>(
        &mut self,
        s: &mut Solver<S, C>,
        land: &[u8],
        x: u8,
    ) -> Option<(Vec<Box<[u8]>>, u64)> {
        let mut key = land.to_vec();
        key.push(x);
        if let Some(d) = self.moves.get(&key[..]) {
            let c = d.iter().map(|l| self.cost(l)).sum();
            return Some((d.clone(), c));
        }
        let canon = s.canon.clone();
        let store = &mut s.store;
        let mut best: Option<(Vec<Box<[u8]>>, u64)> = None;
        children_unless(land, &*canon, |c| {
            let mut v = 0u8;
            let mut cost = 0u64;
            for l in lands_of(c) {
                match store.get_normal(l) {
                    Some(NormalEntry::Nimber(k)) => v ^= k,
                    _ => return false,
                }
                cost += self.cost(l);
            }
            if v == x && best.as_ref().is_none_or(|b| cost < b.1) {
                best = Some((lands_of(c).map(Into::into).collect(), cost));
            }
            cost == 0 && v == x
        });
        if let Some((d, _)) = &best {
            self.moves.insert(key.into(), d.clone());
        }
        best
    }

    /// Answers every move of a listed land plus its nimber as a heap,
    /// listing the lands the answers need.
    fn answer<S: Store, C: LandCanon>(
        &mut self,
        s: &mut Solver<S, C>,
        land: &[u8],
    ) -> Result<(), SolveError> {
        let n = self.listed[land];
        let canon = s.canon.clone();
        let kids = children_unless(land, &*canon, |_| false).unwrap_or_default();
        // Lowering the heap to h: answered by a child of nimber h.
        for h in 0..n {
            let mut best: Option<(usize, u64)> = None;
            for (i, c) in kids.iter().enumerate() {
                let lands: Vec<&[u8]> = lands_of(c).collect();
                let nims = Self::stored(s, &lands);
                if nims.iter().any(Option::is_none)
                    || nims.iter().fold(0, |x, k| x ^ k.unwrap_or(0)) != h
                {
                    continue;
                }
                let cost = lands.iter().map(|l| self.cost(l)).sum();
                if best.is_none_or(|b| cost < b.1) {
                    best = Some((i, cost));
                }
            }
            let i = match best {
                Some((i, _)) => i,
                // Not stored: search the children's nimbers until one gives h.
                None => {
                    let mut found = None;
                    for (i, c) in kids.iter().enumerate() {
                        let mut v = 0;
                        for l in lands_of(c) {
                            v ^= Self::nimber(s, l)?;
                        }
                        if v == h {
                            found = Some(i);
                            break;
                        }
                    }
                    found.ok_or_else(|| {
                        SolveError::certificate(format!(
                            "no child of {} has nimber {h}, below its nimber {n}",
                            Land::from_key(land.to_vec())
                        ))
                    })?
                }
            };
            for l in lands_of(kids.get(i)) {
                self.need(s, l)?;
            }
        }
        for c in kids.iter() {
            let lands: Vec<&[u8]> = lands_of(c).collect();
            let answer = match self.choose(s, &lands, n) {
                Some(a) => a,
                None => {
                    // The store does not show it: search the nimbers.
                    for l in &lands {
                        Self::nimber(s, l)?;
                    }
                    Answer::Value
                }
            };
            match answer {
                Answer::Value => {
                    let mut v = 0;
                    for l in &lands {
                        v ^= self.need(s, l)?;
                    }
                    if v == n {
                        return Err(SolveError::certificate(format!(
                            "{} has nimber {n}, yet its move to a child of nimber {n} was stored",
                            Land::from_key(land.to_vec())
                        )));
                    }
                }
                Answer::Move(i, d) => {
                    for (j, l) in lands.iter().enumerate() {
                        if j != i {
                            self.need(s, l)?;
                        }
                    }
                    for l in &d {
                        self.need(s, l)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// The cheapest way the store offers to show a child (its lands) plus a
    /// heap of `n` won; `None` if it offers none.
    fn choose<S: Store, C: LandCanon>(
        &mut self,
        s: &mut Solver<S, C>,
        lands: &[&[u8]],
        n: u8,
    ) -> Option<Answer> {
        let nims = Self::stored(s, lands);
        let unknown = nims.iter().filter(|k| k.is_none()).count();
        let mut best: Option<(u64, Answer)> = None;
        if unknown == 0 && nims.iter().fold(n, |x, k| x ^ k.unwrap_or(0)) != 0 {
            let cost = lands.iter().map(|l| self.cost(l)).sum();
            if cost == 0 {
                return Some(Answer::Value);
            }
            best = Some((cost, Answer::Value));
        }
        for i in 0..lands.len() {
            if unknown == 1 && nims[i].is_some() || unknown > 1 {
                continue;
            }
            let rest: u64 = (0..lands.len())
                .filter(|&j| j != i)
                .map(|j| self.cost(lands[j]))
                .sum();
            if best.as_ref().is_some_and(|b| b.0 <= rest) {
                continue;
            }
            let x = (0..lands.len())
                .filter(|&j| j != i)
                .fold(n, |x, j| x ^ nims[j].unwrap_or(0));
            if nims[i] == Some(x) {
                continue;
            }
            if let Some((d, c)) = self.winning_move(s, lands[i], x) {
                if best.as_ref().is_none_or(|b| rest + c < b.0) {
                    best = Some((rest + c, Answer::Move(i, d)));
                }
            }
        }
        best.map(|b| b.1)
    }
}

impl Builder {
    /// The listed lands the check of the roots uses, found as the check
    /// goes from the roots down (a land listed for an answer that the
    /// check finds another way is left out); checks them on the way.
    fn needed<S: Store, C: LandCanon>(
        &self,
        s: &Solver<S, C>,
        roots: &[Vec<u8>],
    ) -> Result<Vec<Listed>, SolveError> {
        let mut known = MemoryStore::default();
        for (l, &k) in &self.listed {
            known.put_normal(l, NormalEntry::Nimber(k));
        }
        let mut v = Verifier::new(&*s.canon);
        let mut kept: FxHashMap<Box<[u8]>, u8> = FxHashMap::default();
        let mut todo: Vec<Box<[u8]>> = roots.iter().map(|r| r[..].into()).collect();
        let mut deps = Vec::new();
        while let Some(l) = todo.pop() {
            if kept.contains_key(&l) {
                continue;
            }
            let n = self.listed[&l];
            kept.insert(l.clone(), n);
            deps.clear();
            v.check_nimber(&mut known, &l, n, Some(&mut deps))
                .map_err(|why| {
                    SolveError::certificate(format!(
                        "{} {n} does not hold: {why}",
                        Land::from_key(l.to_vec())
                    ))
                })?;
            todo.extend(deps.drain(..).filter(|d| !kept.contains_key(d)));
        }
        Ok(kept.into_iter().collect())
    }
}

impl<S: Store, C: LandCanon> Solver<S, C> {
    /// A certificate of the position's nimber in normal play
    /// ([`Certificate`]): the position's lands, and every land the answers
    /// to their moves need, each with its nimber, taken from the store
    /// (what was searched before) or searched now. Lines come largest land
    /// first (the position's own lands before the rest).
    ///
    /// Errors: misère play; a search stopped (deadline, cancel).
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// use sprouts::solve::Solver;
    /// let c = Solver::new().certificate(&Position::start(2, Variant::Normal)).unwrap();
    /// assert_eq!(c.nimber, Some(0));
    /// assert_eq!(c.lines[0].position, "0.0");
    /// ```
    pub fn certificate(&mut self, pos: &Position) -> Result<Certificate, SolveError> {
        let roots = self.certificate_roots(pos)?;
        let (nimber, lines) = self.certificate_lines(&roots)?;
        Ok(self.certificate_of(pos, Some(nimber), false, lines))
    }

    /// A certificate of the position's outcome (docs/certificates.md#small),
    /// smaller than [`Self::certificate`]'s proof of its nimber: a loss is
    /// proved by its nimber 0, as there; a win by one move to a loss (the
    /// header says `outcome: win`), and of the moves to a loss that the
    /// store shows (all the child's lands with stored nimbers, giving 0),
    /// each is tried (at most `tries`) and the smallest proof kept.
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// use sprouts::solve::{PseudoCanon, Solver};
    /// let mut s = Solver::new();
    /// let pos = Position::start(5, Variant::Normal);
    /// let small = s.outcome_certificate(&pos, 16).unwrap();
    /// let full = s.certificate(&pos).unwrap();
    /// assert!(small.lines.len() < full.lines.len());
    /// let checked = small.to_string().parse::<sprouts::solve::Certificate>().unwrap()
    ///     .check(&PseudoCanon, &mut |_, _| {}).unwrap();
    /// assert!(checked.claim.unwrap().win_only);
    /// ```
    pub fn outcome_certificate(
        &mut self,
        pos: &Position,
        tries: usize,
    ) -> Result<Certificate, SolveError> {
        let roots = self.certificate_roots(pos)?;
        let mut nimber = 0;
        for l in &roots {
            nimber ^= Builder::nimber(self, l)?;
        }
        if nimber == 0 {
            let (_, lines) = self.smaller_lines(&roots, ROUNDS)?;
            return Ok(self.certificate_of(pos, Some(0), false, lines));
        }
        // The moves to a loss the store shows: a child of one land, beside
        // the others, whose lands' stored nimbers give 0.
        let canon = self.canon.clone();
        let mut wins: Vec<Vec<Vec<u8>>> = Vec::new();
        for (i, land) in roots.iter().enumerate() {
            let kids = children_unless(land, &*canon, |_| false).unwrap_or_default();
            for c in kids.iter() {
                let mut lands: Vec<Vec<u8>> = lands_of(c).map(<[u8]>::to_vec).collect();
                lands.extend(
                    roots
                        .iter()
                        .enumerate()
                        .filter(|&(j, _)| j != i)
                        .map(|(_, l)| l.clone()),
                );
                let mut x = 0;
                let mut known = true;
                for l in &lands {
                    match self.store.get_normal(l) {
                        Some(NormalEntry::Nimber(k)) => x ^= k,
                        _ => known = false,
                    }
                }
                if known && x == 0 {
                    lands.sort_unstable();
                    wins.push(lands);
                }
            }
        }
        // Smaller children first: their proofs tend to be smaller.
        wins.sort_by_key(|c| c.iter().map(|l| twice_lives(l)).sum::<u32>());
        wins.dedup();
        let mut best: Option<Vec<Listed>> = None;
        for child in wins.iter().take(tries.max(1)) {
            let (_, lines) = self.smaller_lines(child, ROUNDS)?;
            if best.as_ref().is_none_or(|b| lines.len() < b.len()) {
                best = Some(lines);
            }
        }
        let lines = match best {
            Some(l) => l,
            // None stored: the nimber's proof shows the win too.
            None => {
                let (_, lines) = self.smaller_lines(&roots, ROUNDS)?;
                return Ok(self.certificate_of(pos, Some(nimber), false, lines));
            }
        };
        Ok(self.certificate_of(pos, None, true, lines))
    }

    /// The position's lands, sorted.
    fn certificate_roots(&mut self, pos: &Position) -> Result<Vec<Vec<u8>>, SolveError> {
        if pos.variant() == Variant::Misere {
            return Err(SolveError::certificate(
                "certificates are for normal play only".to_string(),
            ));
        }
        let mut roots = Vec::new();
        simplify(regions_of(pos)?, &*self.canon, &mut roots);
        roots.sort_unstable();
        Ok(roots)
    }

    /// The nimber of these lands together, and the lines that prove the
    /// nimber of each: the roots first, then largest land first.
    fn certificate_lines(&mut self, roots: &[Vec<u8>]) -> Result<(u8, Vec<Listed>), SolveError> {
        self.certificate_lines_preferring(roots, FxHashSet::default())
    }

    /// [`Self::certificate_lines`] made again, each time preferring the
    /// lands of the last proof (answers that reuse them cost almost
    /// nothing), while the proof gets smaller (at most `rounds` times).
    fn smaller_lines(
        &mut self,
        roots: &[Vec<u8>],
        rounds: usize,
    ) -> Result<(u8, Vec<Listed>), SolveError> {
        let (nimber, mut best) = self.certificate_lines(roots)?;
        for _ in 0..rounds {
            let prefer = best.iter().map(|(l, _)| l.clone()).collect();
            let (_, lines) = self.certificate_lines_preferring(roots, prefer)?;
            if lines.len() >= best.len() {
                break;
            }
            best = lines;
        }
        Ok((nimber, best))
    }

    fn certificate_lines_preferring(
        &mut self,
        roots: &[Vec<u8>],
        prefer: FxHashSet<Box<[u8]>>,
    ) -> Result<(u8, Vec<Listed>), SolveError> {
        let mut b = Builder {
            prefer,
            ..Builder::default()
        };
        let mut nimber = 0;
        for l in roots {
            nimber ^= b.need(self, l)?;
        }
        while let Some((_, land)) = b.todo.pop() {
            b.answer(self, &land)?;
        }
        let mut lands = b.needed(self, roots)?;
        let root = |l: &[u8]| roots.iter().any(|r| r[..] == *l);
        lands.sort_by(|(x, _), (y, _)| {
            root(y)
                .cmp(&root(x))
                .then(twice_lives(y).cmp(&twice_lives(x)))
                .then(x.cmp(y))
        });
        // A land can be stored under two keys (the solver's keys leave some
        // ties as the layout gives them); read back from its text, each is
        // one land: list it once.
        let mut read_back = FxHashMap::default();
        let mut lines = Vec::with_capacity(lands.len());
        for (l, heap) in lands {
            let text = Land::from_key(l.to_vec()).to_string();
            let key = match text.parse::<Land>() {
                Ok(land) => land.as_bytes().to_vec(),
                Err(_) => text.clone().into_bytes(),
            };
            if read_back.insert(key, heap).is_none() {
                lines.push((l, heap));
            }
        }
        Ok((nimber, lines))
    }

    fn certificate_of(
        &self,
        pos: &Position,
        nimber: Option<u8>,
        win: bool,
        lands: Vec<Listed>,
    ) -> Certificate {
        let lines = lands
            .into_iter()
            .map(|(l, heap)| Couple {
                number: 0,
                position: Land::from_key(l.into()).to_string(),
                heap,
            })
            .collect();
        let mut c = Certificate {
            ours: true,
            program: Some(format!("sprouts {}", env!("CARGO_PKG_VERSION"))),
            position: Some((pos.to_glop2(), 0)),
            nimber,
            win,
            lines,
        };
        c.number_lines();
        c
    }
}
