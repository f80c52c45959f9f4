//! Helper threads for the misère search.
//!
//! The threads work as in normal play (`helpers.rs`): the search posts at
//! each depth of its path the position it would most likely search next,
//! helpers prove posted positions, and every side sends what it proves to
//! the others. What differs is that a misère position names a tree by its
//! id, and ids are the order in which each side's table of trees made
//! them. Every side starts from a copy of the search's table, so ids below
//! that table's length mean the same tree everywhere; a tree made later is
//! sent (its options, in the sender's ids) before any fact that names it,
//! and each receiver keeps, per sender, the id the same tree has in its
//! own table (found by making the tree from its options: a table holds one
//! id per game in simplest form). Facts travel in order, so a sender's
//! tree always arrives before the facts that name it.
//!
//! What is shared: the outcome of a position (its key) and the tree of a
//! land. No result is guessed: a side sends only what it proved or made.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use rustc_hash::FxHashMap;

use super::canon::LandCanon;
use super::helpers::lock;
use super::misere::{misere_key_bytes, split_key_parts, terms_of};
use super::search::Solver;
use super::store::Store;
use crate::misere::{TreeId, Trees};

/// A misère fact sent from one side to the others.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum MisereFact {
    /// The next tree the sender made (beyond the shared ones): its
    /// options, in the sender's ids.
    Tree(Box<[u32]>),
    /// The tree of a land, in the sender's ids.
    LandTree(Box<[u8]>, u32),
    /// The outcome of a position (its key, in the sender's ids).
    Outcome(Box<[u8]>, bool),
}

/// What each side knows of the others' trees.
pub(super) struct MisereSync {
    /// Trees every side had when the helpers started (same ids everywhere).
    shared: usize,
    /// How many of this side's trees were sent (from `shared` on).
    sent: usize,
    /// For each sender, the id here of each tree it made past `shared`,
    /// in the order it sent them.
    from: Vec<Vec<TreeId>>,
}

impl MisereSync {
    fn new(shared: usize, sides: usize) -> MisereSync {
        MisereSync {
            shared,
            sent: shared,
            from: vec![Vec::new(); sides],
        }
    }

    /// The id here of tree `id` of side `sender`, if it arrived.
    fn local(&self, sender: usize, id: u32) -> Option<TreeId> {
        let id = id as usize;
        if id < self.shared {
            return Some(TreeId::from_index(id as u32));
        }
        self.from.get(sender)?.get(id - self.shared).copied()
    }
}

/// What a helper of a misère search starts from: the search's trees and
/// the trees of the lands it met.
pub(super) struct MisereSeed {
    trees: Trees,
    lands: FxHashMap<Box<[u8]>, TreeId>,
    lives: u32,
}

impl<S: Store, C: LandCanon> Solver<S, C> {
    /// The seed of a misère search's helpers, when this solver is about to
    /// search misère play with helpers (`sides` threads in all); it then
    /// shares its trees from here on.
    pub(super) fn misere_seed(&mut self, sides: usize) -> Option<Arc<MisereSeed>> {
        if !self.misere.with_helpers {
            return None;
        }
        // Sums are found again as needed; the copy need not carry them.
        let trees = self.misere.trees.without_sums();
        self.misere.sync = Some(MisereSync::new(trees.len(), sides));
        Some(Arc::new(MisereSeed {
            trees,
            lands: self.misere.lands.clone(),
            lives: self.misere.lives,
        }))
    }

    /// A helper takes the search's trees (its store holds none of them:
    /// it needs none, the ids are the search's). The last helper to hold
    /// the seed takes it whole; the others copy it (at 21 spots the trees
    /// take gigabytes, and a search move by move starts its helpers anew
    /// for every move).
    pub(super) fn take_misere_seed(&mut self, seed: Arc<MisereSeed>) {
        let sides = self.link.as_ref().map_or(1, |l| l.shared.misere_mail.len());
        let seed = Arc::try_unwrap(seed).unwrap_or_else(|shared| MisereSeed {
            trees: shared.trees.without_sums(),
            lands: shared.lands.clone(),
            lives: shared.lives,
        });
        let m = &mut self.misere;
        m.trees = seed.trees;
        m.lands = seed.lands;
        m.lives = seed.lives;
        m.loaded = true;
        m.saved = m.trees.len();
        m.sync = Some(MisereSync::new(m.trees.len(), sides));
    }

    /// Queues the trees made here and not sent yet.
    fn queue_trees(&mut self) {
        let (Some(link), Some(sync)) = (&mut self.link, &mut self.misere.sync) else {
            return;
        };
        let trees = &self.misere.trees;
        for i in sync.sent..trees.len() {
            let options = trees
                .options(TreeId::from_index(i as u32))
                .iter()
                .map(|o| o.index())
                .collect();
            link.misere_out.push(MisereFact::Tree(options));
        }
        sync.sent = trees.len();
    }

    /// Sends a misère fact proved or made here to the other sides (after
    /// the trees it may name); nothing without helpers.
    pub(super) fn share_misere(&mut self, fact: MisereFact) {
        if self.link.is_none() || self.misere.sync.is_none() {
            return;
        }
        self.queue_trees();
        if let Some(link) = &mut self.link {
            link.misere_out.push(fact);
        }
    }

    /// Posts a misère position for the helpers at depth `d` of the
    /// search's path, once the trees its key names are on their way.
    pub(super) fn post_misere(&mut self, d: usize, key: &[u8]) {
        if self.misere.sync.is_none() {
            return;
        }
        self.queue_trees();
        self.exchange_misere();
        if let Some(link) = &mut self.link {
            link.post_misere(d, key);
        }
    }

    /// Sends the misère facts queued here and merges those received.
    pub(super) fn exchange_misere(&mut self) {
        let Some(link) = &mut self.link else {
            return;
        };
        let me = link.me;
        // Called at every step of a linked search: nothing to send and no
        // mail is the common case, and costs two loads.
        if link.misere_out.is_empty() && !link.shared.has_misere_mail[me].load(Ordering::Relaxed) {
            return;
        }
        let shared = link.shared.clone();
        if !link.misere_out.is_empty() {
            let batch = std::mem::take(&mut link.misere_out);
            let sides = shared.misere_mail.len();
            for side in (0..sides).filter(|&s| s != me) {
                lock(&shared.misere_mail[side]).push((me, batch.clone()));
                shared.has_misere_mail[side].store(true, Ordering::Release);
            }
        }
        if !(shared.has_misere_mail[me].load(Ordering::Relaxed)
            && shared.has_misere_mail[me].swap(false, Ordering::Acquire))
        {
            return;
        }
        let got = std::mem::take(&mut *lock(&shared.misere_mail[me]));
        for (sender, facts) in got {
            for fact in facts {
                self.merge_misere(sender, fact);
            }
        }
    }

    /// Takes in a fact sent by side `sender`.
    fn merge_misere(&mut self, sender: usize, fact: MisereFact) {
        let Some(sync) = &self.misere.sync else {
            return;
        };
        match fact {
            MisereFact::Tree(options) => {
                let local: Option<Vec<TreeId>> =
                    options.iter().map(|&o| sync.local(sender, o)).collect();
                // Trees arrive after their options: a missing one is a
                // fault of the sender, and the tree is not taken in.
                let Some(local) = local else {
                    return;
                };
                let t = self.misere.trees.game(&local);
                if let Some(sync) = &mut self.misere.sync
                    && let Some(from) = sync.from.get_mut(sender)
                {
                    from.push(t);
                }
            }
            MisereFact::LandTree(land, id) => {
                let Some(t) = sync.local(sender, id) else {
                    return;
                };
                if self.misere.lands.contains_key(&land) {
                    return;
                }
                self.save_trees();
                self.store.put_land_tree(&land, t.index());
                self.misere.lands.insert(land, t);
            }
            MisereFact::Outcome(key, win) => {
                let Some(key) = self.misere_key_from(sender, &key) else {
                    return;
                };
                self.save_trees();
                self.store.put_misere(&key, win);
            }
        }
    }

    /// A key of side `sender` in this side's tree ids (`None` if it names
    /// a tree that has not arrived, or is no key).
    pub(super) fn misere_key_from(&self, sender: usize, key: &[u8]) -> Option<Vec<u8>> {
        let sync = self.misere.sync.as_ref()?;
        let (tree, terms, lands) = split_key_parts(key)?;
        let local = sync.local(sender, tree.index())?;
        let mut terms = terms_of(terms)
            .map(|t| sync.local(sender, t.index()))
            .collect::<Option<Vec<TreeId>>>()?;
        terms.sort_unstable();
        Some(misere_key_bytes(local, &terms, lands))
    }
}
