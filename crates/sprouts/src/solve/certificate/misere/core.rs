//! The moves and lookups of the misère check, shared by the checker (on a
//! certificate's lines) and the builder (on what a search proved, to keep
//! only what the check uses).

use rustc_hash::FxHashMap;

use crate::misere::{TreeId, Trees};

use super::super::check::Why;
use super::check::MisereWhy;
use crate::solve::LandCanon;
use crate::solve::bytes::lands_of;
use crate::solve::children::children_unless;
use crate::solve::misere::{misere_key, split_misere_key};
use crate::solve::pns::twice_lives;

/// A key: a misère position ([`misere_key`]) or a land.
pub(super) type Key = Box<[u8]>;

/// How a position is won: a move to `key`, a loss (listed, or small lands
/// only whose tree is a loss); `smalls` are the small lands the move's
/// child brought in (none for a move in the tree).
#[derive(Clone)]
pub(super) struct Answer {
    pub(super) key: Key,
    pub(super) smalls: Vec<Key>,
}

/// What a check used: the listed losses it moved to and the small lands
/// whose trees it looked up.
#[derive(Default)]
pub(super) struct Deps {
    pub(super) losses: Vec<Key>,
    pub(super) smalls: Vec<Key>,
}

/// A tree id and lands from a key (the key is one this module made).
fn split(key: &[u8]) -> (TreeId, &[u8]) {
    split_misere_key(key).unwrap_or((TreeId::ZERO, key))
}

/// Lands in GLOP 2, for messages: the normal checker's writing.
pub(super) use super::super::check::text_of as lands_text;

/// A child's key, or (when a small land it leaves has no listed tree) the
/// child in words and that land in GLOP 2.
pub(super) type Child = Result<Vec<u8>, (String, String)>;

/// The misère check's state: the trees (those listed first, then sums the
/// check makes), the listed trees of small lands, the listed losses, and
/// the positions found won.
pub(super) struct Core<'c, C: LandCanon + ?Sized> {
    canon: &'c C,
    pub(super) trees: Trees,
    /// Trees `0..listed` are the file's (they have its numbers).
    pub(super) listed: usize,
    /// Twice the lives of the largest small land.
    small: u32,
    pub(super) land_trees: FxHashMap<Key, TreeId>,
    /// Listed losses and their lines.
    pub(super) losses: FxHashMap<Key, usize>,
    won: FxHashMap<Key, Option<Answer>>,
    pub(super) children: u64,
}

impl<'c, C: LandCanon + ?Sized> Core<'c, C> {
    pub(super) fn new(canon: &'c C, trees: Trees, tree_lives: u32) -> Core<'c, C> {
        Core {
            canon,
            listed: trees.len(),
            trees,
            small: tree_lives.saturating_mul(2),
            land_trees: FxHashMap::default(),
            losses: FxHashMap::default(),
            won: FxHashMap::default(),
            children: 0,
        }
    }

    pub(super) fn is_small(&self, land: &[u8]) -> bool {
        twice_lives(land) <= self.small
    }

    /// How a tree is named in messages: its number if listed, else its
    /// text when short.
    pub(super) fn tree_name(&self, t: TreeId) -> String {
        if (t.index() as usize) < self.listed {
            format!("tree {}", t.index())
        } else if self.trees.text_len(t, 61) <= 60 {
            format!("the tree {} (not listed)", self.trees.text(t))
        } else {
            "a tree that is not listed".to_string()
        }
    }

    /// A position key in words: its lands in GLOP 2, and its tree.
    pub(super) fn key_text(&self, key: &[u8]) -> String {
        let (tree, rest) = split(key);
        let lands = lands_text(lands_of(rest));
        match (tree, rest.is_empty()) {
            (TreeId::ZERO, _) => lands,
            (t, true) => format!("small lands of {}", self.tree_name(t)),
            (t, false) => format!("{lands} with {}", self.tree_name(t)),
        }
    }

    /// The key of `tree` plus these lands, the small ones summed into the
    /// tree (their trees must be listed: else the first that is not); the
    /// small lands go to `smalls`.
    pub(super) fn reduce<'a>(
        &mut self,
        mut tree: TreeId,
        lands: impl Iterator<Item = &'a [u8]>,
        smalls: &mut Vec<Key>,
    ) -> Result<Vec<u8>, &'a [u8]> {
        let mut big: Vec<&[u8]> = Vec::new();
        for l in lands {
            if self.is_small(l) {
                let &t = self.land_trees.get(l).ok_or(l)?;
                tree = self.trees.sum(tree, t);
                smalls.push(l.into());
            } else {
                big.push(l);
            }
        }
        big.sort_unstable();
        Ok(misere_key(tree, &big))
    }

    /// Whether a key is a known loss: small lands only whose tree is a
    /// loss for the player to move, or listed.
    fn is_loss(&self, key: &[u8]) -> bool {
        match split(key) {
            (t, []) => !self.trees.misere_win(t),
            _ => self.losses.contains_key(key),
        }
    }

    /// The tree of a land made from its children: the simplest form of
    /// the game whose options are the sums of the listed trees of each
    /// child's lands; the error names a child with a land whose tree is
    /// not listed.
    pub(super) fn land_tree(&mut self, land: &[u8]) -> Result<TreeId, Why> {
        let kids = children_unless(land, self.canon, |_| false).unwrap_or_default();
        self.children += kids.len() as u64;
        let mut options = Vec::with_capacity(kids.len());
        for c in kids.iter() {
            let mut t = TreeId::ZERO;
            for l in lands_of(c) {
                let Some(&lt) = self.land_trees.get(l) else {
                    return Err(Why::Misere(MisereWhy::NoLandTree {
                        child: lands_text(lands_of(c)),
                        land: lands_text(std::iter::once(l)),
                    }));
                };
                t = self.trees.sum(t, lt);
            }
            options.push(t);
        }
        Ok(self.trees.game(&options))
    }

    /// A move in a position, to a known loss, if it has one: the first
    /// found, options of the tree first, then the moves of each distinct
    /// big land in the move generator's order (a move that leaves a small
    /// land whose tree is not listed is passed over). Remembered.
    pub(super) fn won(&mut self, key: &[u8]) -> Option<&Answer> {
        if !self.won.contains_key(key) {
            let found = self.find_loss(key);
            self.won.insert(key.into(), found);
        }
        self.won.get(key).and_then(Option::as_ref)
    }

    fn find_loss(&mut self, key: &[u8]) -> Option<Answer> {
        let (tree, rest) = split(key);
        let lands: Vec<&[u8]> = lands_of(rest).collect();
        for &o in self.trees.options(tree).to_vec().iter() {
            let k = misere_key(o, &lands);
            if self.is_loss(&k) {
                return Some(Answer {
                    key: k.into(),
                    smalls: Vec::new(),
                });
            }
        }
        let canon = self.canon;
        let mut smalls = Vec::new();
        for i in 0..lands.len() {
            if i > 0 && lands[i] == lands[i - 1] {
                continue; // an identical land has the same moves
            }
            let others = lands[..i].iter().chain(&lands[i + 1..]).copied();
            let mut found = None;
            let mut made = 0u64;
            children_unless(lands[i], canon, |c| {
                made += 1;
                smalls.clear();
                if let Ok(k) = self.reduce(tree, others.clone().chain(lands_of(c)), &mut smalls) {
                    if self.is_loss(&k) {
                        found = Some(Answer {
                            key: k.into(),
                            smalls: std::mem::take(&mut smalls),
                        });
                    }
                }
                found.is_some()
            });
            self.children += made;
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// The positions one move from `key` that are neither known losses nor
    /// small lands only (listing one of them as a loss would answer a move
    /// to `key`), smallest first; for messages.
    pub(super) fn wanted(&mut self, key: &[u8]) -> Vec<String> {
        let mut out: Vec<(u32, String)> = Vec::new();
        let mut smalls = Vec::new();
        self.each_child(key, &mut smalls, |core, child, _| {
            if let Ok(k) = child {
                if !matches!(split(&k), (_, [])) {
                    let (t, rest) = split(&k);
                    let size = 2 * core.trees.birthday(t) + twice_lives(rest);
                    out.push((size, core.key_text(&k)));
                }
            }
            Ok(())
        })
        .ok();
        out.sort();
        out.dedup();
        out.into_iter().map(|(_, t)| t).collect()
    }

    /// Calls `f` on every child of a position: its key, or the error text
    /// of the child and the small land whose tree is not listed; the small
    /// lands a move brought in are in `smalls` during the call. Gives
    /// whether the position had a move, or `f`'s first error.
    pub(super) fn each_child(
        &mut self,
        key: &[u8],
        smalls: &mut Vec<Key>,
        mut f: impl FnMut(&mut Self, Child, &[Key]) -> Result<(), Why>,
    ) -> Result<bool, Why> {
        let (tree, rest) = split(key);
        let lands: Vec<&[u8]> = lands_of(rest).collect();
        let mut any = false;
        for &o in self.trees.options(tree).to_vec().iter() {
            any = true;
            f(self, Ok(misere_key(o, &lands)), &[])?;
        }
        for i in 0..lands.len() {
            if i > 0 && lands[i] == lands[i - 1] {
                continue;
            }
            let kids = children_unless(lands[i], self.canon, |_| false).unwrap_or_default();
            self.children += kids.len() as u64;
            let others = lands[..i].iter().chain(&lands[i + 1..]).copied();
            for c in kids.iter() {
                any = true;
                smalls.clear();
                let child = match self.reduce(tree, others.clone().chain(lands_of(c)), smalls) {
                    Ok(k) => Ok(k),
                    Err(l) => {
                        let all = others.clone().chain(lands_of(c));
                        let text = lands_text(all.clone().filter(|l| !self.is_small(l)));
                        let mut text = match tree {
                            TreeId::ZERO => text,
                            t => format!("{text} with {}", self.tree_name(t)),
                        };
                        let small: Vec<&[u8]> = all.filter(|l| self.is_small(l)).collect();
                        text.push_str(&format!(
                            " and the small lands {}",
                            lands_text(small.into_iter())
                        ));
                        Err((text, lands_text(std::iter::once(l))))
                    }
                };
                f(self, child, smalls)?;
            }
        }
        Ok(any)
    }

    /// Checks that a position is a loss for the player to move: it has a
    /// move, and every move leads to a position shown won (small lands
    /// only whose tree is a win, or a position with a move to a known
    /// loss). With `deps`, adds what the check used.
    pub(super) fn check_loss(
        &mut self,
        key: &[u8],
        mut deps: Option<&mut Deps>,
    ) -> Result<(), Why> {
        if let (t, []) = split(key) {
            return if self.trees.misere_win(t) {
                Err(Why::Misere(MisereWhy::TreeOutcome { win: true }))
            } else {
                Ok(())
            };
        }
        let mut smalls = Vec::new();
        let any = self.each_child(key, &mut smalls, |core, child, smalls| {
            let k = match child {
                Ok(k) => k,
                Err((child, land)) => {
                    return Err(Why::Misere(MisereWhy::NoLandTree { child, land }));
                }
            };
            if let Some(d) = deps.as_deref_mut() {
                d.smalls.extend(smalls.iter().cloned());
            }
            core.answer(&k, deps.as_deref_mut())
        })?;
        if any {
            Ok(())
        } else {
            Err(Why::Misere(MisereWhy::End))
        }
    }

    /// That a child of a listed loss is won.
    fn answer(&mut self, k: &[u8], deps: Option<&mut Deps>) -> Result<(), Why> {
        if let (t, []) = split(k) {
            return if self.trees.misere_win(t) {
                Ok(())
            } else {
                Err(Why::Misere(MisereWhy::TreeLoss {
                    child: self.key_text(k),
                }))
            };
        }
        if let Some(&line) = self.losses.get(k) {
            return Err(Why::Misere(MisereWhy::ChildLoss {
                child: self.key_text(k),
                line,
            }));
        }
        match self.won(k) {
            Some(a) => {
                if let Some(d) = deps {
                    if !matches!(split(&a.key), (_, [])) {
                        d.losses.push(a.key.clone());
                    }
                    d.smalls.extend(a.smalls.iter().cloned());
                }
                Ok(())
            }
            None => Err(Why::Misere(MisereWhy::Unanswered {
                child: self.key_text(k),
                wanted: self.wanted(k),
            })),
        }
    }
}
