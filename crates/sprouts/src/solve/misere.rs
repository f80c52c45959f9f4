//! Misère play: depth-first proof-number search on whole positions.
//!
//! Lands do not add in misère play, so a node is a whole position (its
//! sorted land keys, see [`position_key`]). Its
//! children are every child of every distinct land with the other lands
//! beside it; a position with no land left is won by the player to move
//! (who cannot move). The search is the one of normal play ([`super::pns`]):
//! proof and disproof numbers in a table, proved outcomes in the store.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::canon::LandCanon;
use super::compact::lands_of;
use super::pns::{INF, LOSS, Score, Step, UNKNOWN, WIN, twice_lives};
use super::search::Solver;
use super::store::Store;
use super::{SolveError, position_key};

/// What the misère search keeps of a position: its children's keys, once
/// generated, and its numbers while unproved.
#[derive(Default)]
pub(super) struct MisereNode {
    kids: Option<Arc<[Box<[u8]>]>>,
    numbers: Option<(u64, u64)>,
}

/// The first numbers of a position not searched yet: 1 + half the square of
/// its lives (a position with more lives has a larger game tree); against
/// starting every position at 1, lives alone or a quarter of the square:
/// docs/experiments.md#misere-estimate.
fn estimate(key: &[u8]) -> Score {
    let twice: u64 = lands_of(key).map(|l| twice_lives(l) as u64).sum();
    let v = 1 + twice * twice / 8;
    Score { pn: v, dn: v }
}

impl MisereNode {
    /// Forgets the children (they are generated again when needed).
    pub(super) fn drop_kids(&mut self) {
        self.kids = None;
    }

    /// Whether the node holds the numbers of an unproved position.
    pub(super) fn has_numbers(&self) -> bool {
        self.numbers.is_some()
    }
}

/// The misère search's table, by position key.
pub(super) type MisereTable = FxHashMap<Box<[u8]>, MisereNode>;

impl<S: Store, C: LandCanon> Solver<S, C> {
    /// Misère: whether the mover wins the position made of these (sorted)
    /// lands. No land left: the mover cannot move and wins.
    pub(super) fn misere_win(&mut self, lands: &[Vec<u8>]) -> Result<bool, SolveError> {
        if lands.is_empty() {
            return Ok(true);
        }
        let key = position_key(lands);
        if let Some(w) = self.store.get_misere(&key) {
            return Ok(w);
        }
        self.misere_mid(&key, INF, INF)?;
        match self.store.get_misere(&key) {
            Some(w) => Ok(w),
            None => unreachable!("df-pn with infinite thresholds returns only when proved"),
        }
    }

    /// The keys of a position's children (from the table, or generated).
    fn misere_kids(&mut self, key: &[u8]) -> Result<Arc<[Box<[u8]>]>, SolveError> {
        if let Some(k) = self.misere_table.get(key).and_then(|n| n.kids.as_ref()) {
            return Ok(k.clone());
        }
        self.searched += 1;
        let lands: Vec<&[u8]> = lands_of(key).collect();
        let mut out: Vec<Box<[u8]>> = Vec::new();
        for i in 0..lands.len() {
            if i > 0 && lands[i] == lands[i - 1] {
                continue; // an identical land has the same moves
            }
            for child in self.kids(lands[i])?.iter() {
                let mut next: Vec<Vec<u8>> = Vec::with_capacity(lands.len() + 1);
                next.extend(lands[..i].iter().map(|l| l.to_vec()));
                next.extend(lands[i + 1..].iter().map(|l| l.to_vec()));
                next.extend(lands_of(child).map(<[u8]>::to_vec));
                next.sort_unstable();
                out.push(position_key(&next).into());
            }
        }
        // Moves in different lands can give the same position: keep the
        // first of each (the order of generation breaks ties below).
        let mut seen = rustc_hash::FxHashSet::default();
        out.retain(|k| seen.insert(k.clone()));
        // Smaller positions first (the order ties are broken in).
        out.sort_by_key(|k| k.len());
        let bytes = key.len() + 64 + out.iter().map(|k| k.len() + 32).sum::<usize>();
        let kids: Arc<[Box<[u8]>]> = out.into();
        self.make_room(bytes);
        self.misere_table.entry(key.into()).or_default().kids = Some(kids.clone());
        Ok(kids)
    }

    /// The score of a position, seen from its own mover.
    fn misere_score(&mut self, key: &[u8]) -> Score {
        if key.is_empty() {
            return WIN;
        }
        match self.store.get_misere(key) {
            Some(true) => WIN,
            Some(false) => LOSS,
            None => match self.misere_table.get(key).and_then(|n| n.numbers) {
                Some((pn, dn)) => Score { pn, dn },
                None => estimate(key),
            },
        }
    }

    /// Searches the position until it is proved or its numbers reach the
    /// thresholds (as [`Solver::mid`](super::pns) does for normal play).
    fn misere_mid(&mut self, key: &[u8], th_pn: u64, th_dn: u64) -> Result<(), SolveError> {
        let kids = self.misere_kids(key)?;
        // A child once proved stays proved: it is not scored again.
        let mut scores: Vec<Score> = vec![UNKNOWN; kids.len()];
        loop {
            self.tick()?;
            for (score, k) in scores.iter_mut().zip(kids.iter()) {
                if !score.proved() {
                    *score = self.misere_score(k);
                }
            }
            let step = match Step::of(&scores, th_pn, th_dn) {
                Step::Proved(win) => {
                    self.store.put_misere(key, win);
                    if let Some(n) = self.misere_table.get_mut(key) {
                        n.numbers = None;
                    }
                    return Ok(());
                }
                Step::Over(pn, dn) => {
                    match self.misere_table.get_mut(key) {
                        Some(n) => n.numbers = Some((pn, dn)),
                        None => {
                            self.make_room(key.len() + 64);
                            let node = MisereNode {
                                kids: None,
                                numbers: Some((pn, dn)),
                            };
                            self.misere_table.insert(key.into(), node);
                        }
                    }
                    return Ok(());
                }
                Step::Go(step) => step,
            };
            let (best, child_pn, child_dn) = (step.best, step.th_pn, step.th_dn);
            let child = kids[best].clone();
            self.misere_mid(&child, child_pn, child_dn)?;
        }
    }
}
