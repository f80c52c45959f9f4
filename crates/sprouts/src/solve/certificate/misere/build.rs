//! A misère certificate from what a search proved: from the position down,
//! each listed loss's moves are answered by a move to a stored loss, then
//! the check is run over what was listed to keep only what it uses
//! (docs/certificates.md#misere-build).

use rustc_hash::{FxHashMap, FxHashSet};

use crate::misere::TreeId;
use crate::model::{Position, Variant};

use super::core::{Core, Deps, Key, lands_text};
use super::{LandTreeLine, LossLine, MisereCertificate, TreeLine};
use crate::solve::bytes::lands_of;
use crate::solve::children::children_unless;
use crate::solve::misere::{misere_key, split_misere_key};
use crate::solve::pns::twice_lives;
use crate::solve::search::Solver;
use crate::solve::store::Store;
use crate::solve::{Land, LandCanon, SolveError};

fn split(key: &[u8]) -> (TreeId, &[u8]) {
    split_misere_key(key).unwrap_or((TreeId::ZERO, key))
}

/// Whether a key holds small lands only (a tree decides it).
fn tree_only(key: &[u8]) -> bool {
    split(key).1.is_empty()
}

/// The positions listed so far and those whose moves are still to answer.
#[derive(Default)]
struct Walk {
    /// Every small land met and its tree (the solver's ids).
    land_trees: FxHashMap<Key, TreeId>,
    listed: FxHashSet<Key>,
    todo: Vec<Key>,
    /// Children of listed losses already answered.
    answered: FxHashSet<Key>,
}

impl Walk {
    /// The solver's key of `tree` plus these lands (small ones summed
    /// into the tree).
    fn reduce<'a, S: Store, C: LandCanon>(
        &mut self,
        s: &mut Solver<S, C>,
        mut tree: TreeId,
        lands: impl Iterator<Item = &'a [u8]>,
    ) -> Result<Vec<u8>, SolveError> {
        let mut big: Vec<&[u8]> = Vec::new();
        for l in lands {
            if s.is_small(l) {
                let t = s.land_tree_of(l)?;
                self.land_trees.entry(l.into()).or_insert(t);
                tree = s.misere.trees.sum(tree, t);
            } else {
                big.push(l);
            }
        }
        big.sort_unstable();
        Ok(misere_key(tree, &big))
    }

    /// Every child of a position (the tree's options, then the moves of
    /// each distinct big land).
    fn children<S: Store, C: LandCanon>(
        &mut self,
        s: &mut Solver<S, C>,
        key: &[u8],
    ) -> Result<Vec<Vec<u8>>, SolveError> {
        let (tree, rest) = split(key);
        let lands: Vec<&[u8]> = lands_of(rest).collect();
        let mut out: Vec<Vec<u8>> = s
            .misere
            .trees
            .options(tree)
            .iter()
            .map(|&o| misere_key(o, &lands))
            .collect();
        let canon = s.canon.clone();
        for i in 0..lands.len() {
            if i > 0 && lands[i] == lands[i - 1] {
                continue;
            }
            let others = lands[..i].iter().chain(&lands[i + 1..]).copied();
            let kids = children_unless(lands[i], &*canon, |_| false).unwrap_or_default();
            for c in kids.iter() {
                out.push(self.reduce(s, tree, others.clone().chain(lands_of(c)))?);
            }
        }
        Ok(out)
    }

    /// A position's outcome if known without search.
    fn known<S: Store, C: LandCanon>(s: &mut Solver<S, C>, key: &[u8]) -> Option<bool> {
        match split(key) {
            (t, []) => Some(s.misere.trees.misere_win(t)),
            _ => s.store.get_misere(key),
        }
    }

    /// A child of a won position that is a loss: small lands whose tree
    /// is a loss or a listed loss if there is one, else the smallest stored
    /// loss, else the first found by search.
    fn answer<S: Store, C: LandCanon>(
        &mut self,
        s: &mut Solver<S, C>,
        key: &[u8],
    ) -> Result<Vec<u8>, SolveError> {
        let kids = self.children(s, key)?;
        let mut best: Option<(u64, usize)> = None;
        for (i, d) in kids.iter().enumerate() {
            if Self::known(s, d) != Some(false) {
                continue;
            }
            if tree_only(d) || self.listed.contains(&d[..]) {
                return Ok(d.clone());
            }
            let (t, rest) = split(d);
            let size = 2 * s.misere.trees.birthday(t) as u64 + twice_lives(rest) as u64;
            if best.is_none_or(|b| size * size < b.0) {
                best = Some((size * size, i));
            }
        }
        if let Some((_, i)) = best {
            return Ok(kids[i].clone());
        }
        for d in &kids {
            if !s.misere_key_win(d)? {
                return Ok(d.clone());
            }
        }
        Err(SolveError::certificate(
            "a misère position stored as a win has no move to a loss".to_string(),
        ))
    }

    fn list(&mut self, key: Vec<u8>) {
        if !tree_only(&key) && self.listed.insert(key.clone().into()) {
            self.todo.push(key.into());
        }
    }
}

impl<S: Store, C: LandCanon> Solver<S, C> {
    /// A certificate of the position's misère outcome
    /// ([`MisereCertificate`]): the losses its proof needs, the trees they
    /// name and the trees of the small lands used, taken from the store
    /// (what was searched before) or searched now.
    ///
    /// Errors: normal play; a search stopped (deadline, cancel).
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// use sprouts::solve::Solver;
    /// let c = Solver::new().misere_certificate(&Position::start(2, Variant::Misere)).unwrap();
    /// // AJS 1991: 2 spots is a misère loss; 6 lives, a small land: its tree decides.
    /// assert_eq!(c.win, Some(false));
    /// assert!(c.losses.is_empty());
    /// assert_eq!(c.land_trees.last().unwrap().land, "0.0");
    /// ```
    pub fn misere_certificate(&mut self, pos: &Position) -> Result<MisereCertificate, SolveError> {
        if pos.variant() != Variant::Misere {
            return Err(SolveError::certificate(
                "a misère certificate is for a misère position".to_string(),
            ));
        }
        // The certificate names positions by the trees of their small lands
        // only: the solve and the searches of the walk key them so (with
        // big land trees on, the walk would find few of the store's results
        // under its keys: 12 spots took three times as long).
        let big_trees = self.misere.big_trees;
        self.misere.big_trees = false;
        let r = self.misere_certificate_walk(pos);
        self.misere.big_trees = big_trees;
        r
    }

    fn misere_certificate_walk(&mut self, pos: &Position) -> Result<MisereCertificate, SolveError> {
        let lands = self.lands(pos)?;
        let win = self.misere_win(&lands)?;
        let mut w = Walk::default();
        let root = w.reduce(self, TreeId::ZERO, lands.iter().map(Vec::as_slice))?;
        if !tree_only(&root) {
            if win {
                let d = w.answer(self, &root)?;
                w.list(d);
            } else {
                w.list(root.clone());
            }
        }
        while let Some(k) = w.todo.pop() {
            for c in w.children(self, &k)? {
                if tree_only(&c) || !w.answered.insert(c.clone().into()) {
                    continue;
                }
                let d = w.answer(self, &c)?;
                w.list(d);
            }
        }
        // The check over what was listed: what it uses is kept.
        let canon = self.canon.clone();
        let mut core = Core::new(&*canon, self.misere.trees.clone(), self.misere.lives);
        core.land_trees = std::mem::take(&mut w.land_trees);
        core.losses = w.listed.iter().map(|k| (k.clone(), 0)).collect();
        let internal = |why| SolveError::certificate(format!("the check fails: {why}"));
        let mut smalls: FxHashSet<Key> = lands
            .iter()
            .filter(|l| self.is_small(l))
            .map(|l| l[..].into())
            .collect();
        let mut todo: Vec<Key> = Vec::new();
        if !tree_only(&root) {
            if win {
                let a = core
                    .won(&root)
                    .cloned()
                    .ok_or_else(|| internal("the position has no move to a loss".to_string()))?;
                smalls.extend(a.smalls);
                if !tree_only(&a.key) {
                    todo.push(a.key);
                }
            } else {
                todo.push(root.clone().into());
            }
        }
        let mut kept: FxHashSet<Key> = FxHashSet::default();
        let mut deps = Deps::default();
        while let Some(k) = todo.pop() {
            if !kept.insert(k.clone()) {
                continue;
            }
            core.check_loss(&k, Some(&mut deps))
                .map_err(|why| internal(format!("{}: {why}", core.key_text(&k))))?;
            smalls.extend(deps.smalls.drain(..));
            todo.extend(deps.losses.drain(..).filter(|d| !kept.contains(d)));
        }
        drop(core);
        // The small lands whose trees the check makes again, with every
        // land their children hold.
        let mut stack: Vec<Key> = smalls.iter().cloned().collect();
        while let Some(l) = stack.pop() {
            let kids = children_unless(&l, &*canon, |_| false).unwrap_or_default();
            for c in kids.iter() {
                for m in lands_of(c) {
                    if !smalls.contains(m) {
                        smalls.insert(m.into());
                        stack.push(m.into());
                    }
                }
            }
        }
        let mut land_trees = Vec::with_capacity(smalls.len());
        for l in &smalls {
            land_trees.push((l.clone(), self.land_tree_of(l)?));
        }
        // The trees named, with their options, renumbered 1, 2, ... in
        // the solver's order (options come first there too).
        let mut named: FxHashSet<TreeId> = land_trees.iter().map(|l| l.1).collect();
        named.extend(kept.iter().map(|k| split(k).0));
        let mut stack: Vec<TreeId> = named.iter().copied().collect();
        while let Some(t) = stack.pop() {
            for &o in self.misere.trees.options(t) {
                if named.insert(o) {
                    stack.push(o);
                }
            }
        }
        named.remove(&TreeId::ZERO);
        let mut ids: Vec<TreeId> = named.into_iter().collect();
        ids.sort_unstable();
        let number: FxHashMap<TreeId, u32> = std::iter::once((TreeId::ZERO, 0))
            .chain(ids.iter().enumerate().map(|(i, &t)| (t, i as u32 + 1)))
            .collect();
        let trees = ids
            .iter()
            .map(|t| TreeLine {
                number: 0,
                tree: number[t],
                options: self
                    .misere
                    .trees
                    .options(*t)
                    .iter()
                    .map(|o| number[o])
                    .collect(),
            })
            .collect();
        // Smallest lands first, as their trees are made.
        land_trees.sort_by(|(x, _), (y, _)| twice_lives(x).cmp(&twice_lives(y)).then(x.cmp(y)));
        let mut seen = FxHashSet::default();
        let land_trees = land_trees
            .into_iter()
            .map(|(l, t)| LandTreeLine {
                number: 0,
                land: Land::from_key(l.to_vec()).to_string(),
                tree: number[&t],
            })
            .filter(|l| seen.insert(l.land.clone()))
            .collect();
        // The position first, then larger losses first.
        let size = |k: &[u8]| {
            let (t, rest) = split(k);
            2 * self.misere.trees.birthday(t) + twice_lives(rest)
        };
        let mut kept: Vec<Key> = kept.into_iter().collect();
        kept.sort_by(|x, y| {
            (y[..] == root[..])
                .cmp(&(x[..] == root[..]))
                .then(size(y).cmp(&size(x)))
                .then(x.cmp(y))
        });
        let losses = kept
            .iter()
            .map(|k| {
                let (t, rest) = split(k);
                LossLine {
                    number: 0,
                    lands: lands_text(lands_of(rest)),
                    tree: number[&t],
                }
            })
            .collect();
        let mut c = MisereCertificate {
            program: Some(format!("sprouts {}", env!("CARGO_PKG_VERSION"))),
            position: Some((pos.to_glop2(), 0)),
            win: Some(win),
            tree_lives: self.misere.lives,
            trees,
            land_trees,
            losses,
        };
        c.number_lines();
        Ok(c)
    }
}
