//! Misère play: depth-first proof-number search on positions made of a
//! misère canonical tree and the lands too big to reduce to one.
//!
//! Lands do not add in misère play the way nimbers do, but a small land can
//! still be replaced by its misère canonical form ([`crate::misere`]): the
//! simplest game equal to it in every sum. The canonical forms of all the
//! small lands of a position add up to one tree, so a position is a tree
//! plus the big lands ([`misere_key`]); two positions whose small lands
//! differ but sum to the same tree are one node of the search. A position
//! with no big land is decided by its tree alone. A position's children are
//! the tree's options (beside the same big lands) and every child of every
//! distinct big land; the search is the one of normal play
//! ([`super::pns`]): proof and disproof numbers in a table, proved outcomes
//! in the store. Trees are kept in the store too (their ids are the keys'),
//! with the tree of every small land met; see docs/solver.md#misere.

use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use super::bytes::{END_LAND, lands_of};
use super::canon::LandCanon;
use super::children::Children;
use super::error::SolveError;
use super::misere_link::{MisereFact, MisereSync};
use super::pns::{ChildSum, INF, LOSS, MISERE_WIDEN, Score, Step, UNKNOWN, WIN, twice_lives};
use super::search::Solver;
use super::store::{Store, hash_table_bytes};
use super::threads;
use crate::misere::{TreeId, Trees};

/// The first byte of a key that starts with a tree (no land key is empty,
/// so no key of lands alone starts with an end of land).
pub(crate) const TREE_MARK: u8 = END_LAND;

/// Lands with at most this many lives are replaced by their canonical tree
/// by default: docs/benchmarks.md#misere-trees measures the choice.
pub const TREE_LIVES: u32 = 9;

/// The bytes a tree takes in a key: [`TREE_MARK`] and its id in 4 bytes
/// (little endian).
const TREE_BYTES: usize = 5;

/// The key of a misère position: the tree (when it is not 0) as
/// [`TREE_MARK`] and its id in 4 bytes (little endian), then the big lands,
/// sorted, each followed by an end of land. A position without small lands
/// has the key its lands had before trees (older databases stay valid).
pub(crate) fn misere_key(tree: TreeId, lands: &[&[u8]]) -> Vec<u8> {
    misere_key_with_terms(tree, &[], lands)
}

/// The key of a misère position that also holds trees kept apart from its
/// tree (`terms`: sorted, none of them 0, and only beside a tree that is
/// not 0): the tree, then each term written as a tree is, then the big
/// lands as [`misere_key`] writes them. The position is the sum of them
/// all; a term is the tree of a big land that would have taken more than
/// the sum budget to add into the tree (docs/solver.md#tree-terms).
pub(crate) fn misere_key_with_terms(tree: TreeId, terms: &[TreeId], lands: &[&[u8]]) -> Vec<u8> {
    let mut k = Vec::with_capacity(
        TREE_BYTES * (1 + terms.len()) + lands.iter().map(|l| l.len() + 1).sum::<usize>(),
    );
    for t in std::iter::once(tree).chain(terms.iter().copied()) {
        if t != TreeId::ZERO {
            k.push(TREE_MARK);
            k.extend_from_slice(&t.index().to_le_bytes());
        }
    }
    for l in lands {
        k.extend_from_slice(l);
        k.push(END_LAND);
    }
    k
}

/// The key of `tree` and `terms` (as [`misere_key_with_terms`] takes them)
/// beside lands already written as a key's part (each followed by an end
/// of land).
pub(super) fn misere_key_bytes(tree: TreeId, terms: &[TreeId], lands: &[u8]) -> Vec<u8> {
    let mut k = misere_key_with_terms(tree, terms, &[]);
    k.extend_from_slice(lands);
    k
}

/// The parts of a misère key: its tree (0 if it has none), the bytes of
/// its terms (read them with [`terms_of`]) and its lands' part; `None` if a
/// tree mark is not followed by a whole id, or a term stands without a
/// tree.
pub(crate) fn split_key_parts(key: &[u8]) -> Option<(TreeId, &[u8], &[u8])> {
    let (tree, rest) = match key {
        [TREE_MARK, a, b, c, d, rest @ ..] => (
            TreeId::from_index(u32::from_le_bytes([*a, *b, *c, *d])),
            rest,
        ),
        [TREE_MARK, ..] => return None,
        _ => return Some((TreeId::ZERO, &[], key)),
    };
    let mut n = 0;
    while rest.get(n) == Some(&TREE_MARK) {
        if rest.len() < n + TREE_BYTES {
            return None;
        }
        n += TREE_BYTES;
    }
    Some((tree, &rest[..n], &rest[n..]))
}

/// The terms of a key, from the bytes [`split_key_parts`] gives.
pub(crate) fn terms_of(bytes: &[u8]) -> impl Iterator<Item = TreeId> + Clone + '_ {
    bytes
        .chunks_exact(TREE_BYTES)
        .map(|c| TreeId::from_index(u32::from_le_bytes([c[1], c[2], c[3], c[4]])))
}

/// The tree of a misère key without terms and its lands' part; `None` if
/// the key starts with a tree mark but is too short to hold an id, or
/// holds terms (which only a search with trees of big lands makes: misère
/// certificates have none).
pub(crate) fn split_misere_key(key: &[u8]) -> Option<(TreeId, &[u8])> {
    match split_key_parts(key)? {
        (tree, [], lands) => Some((tree, lands)),
        _ => None,
    }
}

/// What the misère search keeps of a position: its children's keys, once
/// generated, and its numbers while unproved.
#[derive(Default)]
pub(super) struct MisereNode {
    kids: Option<Arc<[Box<[u8]>]>>,
    numbers: Option<(u64, u64)>,
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

    /// About how many bytes the node takes under this key without its
    /// children.
    pub(super) fn numbers_bytes(&self, key: &[u8]) -> usize {
        key.len() + 64
    }

    /// About how many bytes the node takes under this key (what the
    /// table's budget counts).
    pub(super) fn bytes(&self, key: &[u8]) -> usize {
        self.numbers_bytes(key)
            + self
                .kids
                .as_ref()
                .map_or(0, |k| k.iter().map(|c| c.len() + 32).sum::<usize>())
    }
}

/// The misère search's table, by position key.
pub(super) type MisereTable = FxHashMap<Box<[u8]>, MisereNode>;

/// Where a misère search spent its work: how many positions it expanded
/// by their number of big lands, how many land trees it made by the
/// land's lives, and how often it made a position's children again after
/// the table dropped them to stay within its budget (see
/// docs/benchmarks.md#misere-profile).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MisereStats {
    /// Positions expanded with 0, 1, 2 and 3 or more big lands.
    pub expanded_by_big_lands: [u64; 4],
    /// `trees_by_lives[k]`: trees of lands with `k` lives made.
    pub trees_by_lives: Vec<u64>,
    /// Expansions of a position whose children the table had dropped.
    pub expanded_again: u64,
    /// Sums of a big land's tree given up for taking more than their
    /// budget ([`Solver::set_key_sum_budget`], [`Solver::set_big_sum_budget`]):
    /// the tree was kept apart in a key, or the land got no tree for now.
    pub sums_over_budget: u64,
    /// Positions of trees alone whose outcome took more than
    /// [`SUM_OUTCOME_BUDGET`] sums to play out (they are searched instead).
    pub sum_outcomes_over_budget: u64,
    /// Times the memoised sums and sum outcomes passed their budget and
    /// were forgotten ([`Solver::set_sum_memo_bytes`]).
    pub memo_clears: u64,
}

impl MisereStats {
    fn tree_made(&mut self, land: &[u8]) {
        let lives = (twice_lives(land) / 2) as usize;
        if self.trees_by_lives.len() <= lives {
            self.trees_by_lives.resize(lives + 1, 0);
        }
        self.trees_by_lives[lives] += 1;
    }
}

/// About how many bytes each part of a misère search holds
/// ([`Solver::misere_memory`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MisereMemory {
    /// The trees: nodes, options, genera and hash chains.
    pub trees: usize,
    /// Memoised sums of trees and outcomes of sums.
    pub sums: usize,
    /// The tree of every land met, by the land's bytes.
    pub lands: usize,
    /// Sums and sum outcomes given up for their budgets.
    pub given_up: usize,
    /// The search's table (children lists and numbers of unproved
    /// positions), as its budget counts it.
    pub table: usize,
    /// Proved results held in memory: the store's table in front of the
    /// database, and the database's results not yet committed
    /// ([`super::Store::heap_bytes`]).
    pub results: usize,
}

/// The solver's canonical trees: the table of trees, the tree of every
/// small land met, and how much of it the store has.
pub(super) struct MisereTrees {
    pub(super) trees: Trees,
    pub(super) lands: FxHashMap<Box<[u8]>, TreeId>,
    /// Lands with at most this many lives get a tree.
    pub(super) lives: u32,
    /// Whether a bigger land gets its tree once the search has made its
    /// children and all their lands have trees ([`Solver::set_big_land_trees`]).
    pub(super) big_trees: bool,
    /// The most sums of parts not known yet that making a big land's tree
    /// may take ([`Solver::set_big_sum_budget`]).
    pub(super) sum_budget: usize,
    /// Sums (smaller id, larger id, whether for a key) given up for their
    /// budget: given up for good, so that a position is keyed the same way
    /// each time it is met
    /// (a sum that succeeded on a later try would give it a second key,
    /// and the search would prove it again under that one).
    pub(super) refused: FxHashSet<(TreeId, TreeId, bool)>,
    /// The most sums of parts not known yet that adding a big land's tree
    /// into a key's tree may take ([`Solver::set_key_sum_budget`]); past
    /// it the tree stays a term of the key.
    pub(super) key_sum_budget: usize,
    /// Keys of trees alone whose outcome took more than
    /// [`SUM_OUTCOME_BUDGET`] to play out: searched as positions instead.
    pub(super) outcomes_given_up: FxHashSet<Box<[u8]>>,
    /// Past this many bytes the memoised sums and sum outcomes are
    /// forgotten ([`Solver::set_sum_memo_bytes`]).
    pub(super) memo_budget: usize,
    /// How many trees the store holds (trees `0..saved`).
    pub(super) saved: usize,
    /// Whether the store's trees were read.
    pub(super) loaded: bool,
    pub(super) stats: MisereStats,
    /// Set while a misère search starts its helpers (they then get a copy
    /// of the trees).
    pub(super) with_helpers: bool,
    /// With helpers: what this side knows of the others' trees.
    pub(super) sync: Option<MisereSync>,
}

impl MisereTrees {
    /// `a + b` within the sum budget (of keys, `in_key`, or of making a
    /// big land's tree), or `None` if it takes more (now or on an earlier
    /// try: a sum given up stays given up).
    fn bounded_sum(&mut self, a: TreeId, b: TreeId, in_key: bool) -> Option<TreeId> {
        let pair = (a.min(b), a.max(b), in_key);
        if !self.refused.contains(&pair) {
            let budget = if in_key {
                self.key_sum_budget
            } else {
                self.sum_budget
            };
            if let Some(s) = self.trees.sum_within(a, b, budget) {
                return Some(s);
            }
            self.refused.insert(pair);
        }
        self.stats.sums_over_budget += 1;
        None
    }
}

impl Default for MisereTrees {
    fn default() -> MisereTrees {
        MisereTrees {
            trees: Trees::new(),
            lands: FxHashMap::default(),
            lives: TREE_LIVES,
            big_trees: true,
            sum_budget: BIG_SUM_BUDGET,
            key_sum_budget: KEY_SUM_BUDGET,
            refused: FxHashSet::default(),
            outcomes_given_up: FxHashSet::default(),
            memo_budget: SUM_MEMO_BYTES,
            saved: 1,
            loaded: false,
            stats: MisereStats::default(),
            with_helpers: false,
            sync: None,
        }
    }
}

/// A position's lands split by [`Solver::split_lands`]: the tree with the
/// small lands added in, the big lands with a tree, the big lands without.
type SplitLands<'a> = (TreeId, Vec<(&'a [u8], TreeId)>, Vec<&'a [u8]>);

/// The default of [`Solver::set_big_sum_budget`]: docs/benchmarks.md#big-sum-budget.
pub const BIG_SUM_BUDGET: usize = 10_000;

/// The default of [`Solver::set_key_sum_budget`]: docs/benchmarks.md#tree-terms.
pub const KEY_SUM_BUDGET: usize = 100;

/// The default of [`Solver::set_sum_memo_bytes`] (2 GiB): docs/benchmarks.md#sum-memo.
pub const SUM_MEMO_BYTES: usize = 2 << 30;

/// The most sums not known yet that deciding a position of trees alone by
/// playing their sum out may take (docs/solver.md#tree-terms).
pub const SUM_OUTCOME_BUDGET: usize = 100_000;

/// The first numbers of a position not searched yet: a disproof number of
/// 1 + half the square of its lives (a position with more lives has a
/// larger game tree), its tree counting as three lives per unit of its
/// birthday, and a proof number a sixteenth of that: a win needs one move
/// where a loss needs every move answered. Against starting every position
/// at 1, lives alone, a quarter of the square, a tree counted as 0 to 4
/// lives per unit, and other shares for the proof number:
/// docs/experiments.md#misere-estimate.
fn estimate(trees: &Trees, key: &[u8]) -> Score {
    let (tree, terms, lands) = split_key_parts(key).unwrap_or((TreeId::ZERO, &[], key));
    let birthdays: u64 = std::iter::once(tree)
        .chain(terms_of(terms))
        .map(|t| trees.birthday(t) as u64)
        .sum();
    let twice: u64 = lands_of(lands).map(|l| twice_lives(l) as u64).sum::<u64>() + 6 * birthdays;
    let v = 1 + twice * twice / 8;
    Score {
        pn: 1 + v / 16,
        dn: v,
    }
}

impl<S: Store, C: LandCanon> Solver<S, C> {
    /// Reads the store's trees once (so that the ids in its keys mean the
    /// same trees here).
    fn load_trees(&mut self) -> Result<(), SolveError> {
        if self.misere.loaded {
            return Ok(());
        }
        self.misere.loaded = true;
        let records = self.store.tree_records();
        if records.is_empty() {
            return Ok(());
        }
        let trees = Trees::from_records(records.iter().map(|r| r.as_slice()))
            .map_err(|_| SolveError::bad_key(0, "the store's trees in simplest form"))?;
        self.misere.saved = trees.len();
        self.misere.trees = trees;
        if self.misere.big_trees {
            // The trees of big lands: keys add them into the tree, so a
            // search that goes on from the store's results keys positions
            // as the one that stored them did.
            let small = 2 * self.misere.lives;
            let known = self.misere.trees.len();
            for (land, t) in self.store.land_tree_records(&|l| twice_lives(l) > small) {
                if (t as usize) < known {
                    self.misere.lands.insert(land.into(), TreeId::from_index(t));
                }
            }
        }
        Ok(())
    }

    /// Gives the store the trees it does not have yet (before a key that
    /// may name them is stored).
    pub(super) fn save_trees(&mut self) {
        let t = &self.misere.trees;
        for i in self.misere.saved..t.len() {
            let options: Vec<u32> = t
                .options(TreeId::from_index(i as u32))
                .iter()
                .map(|o| o.index())
                .collect();
            self.store.put_tree(i as u32, &options);
        }
        self.misere.saved = t.len();
    }

    /// Whether a land is replaced by its tree in misère play.
    pub(super) fn is_small(&self, land: &[u8]) -> bool {
        twice_lives(land) <= 2 * self.misere.lives
    }

    /// The canonical tree of a land: from the solver's memory, the store,
    /// or computed from its children's (every position it leads to is
    /// visited once; for small lands only).
    pub(super) fn land_tree_of(&mut self, land: &[u8]) -> Result<TreeId, SolveError> {
        if let Some(&t) = self.misere.lands.get(land) {
            return Ok(t);
        }
        if let Some(t) = self.store.get_land_tree(land) {
            let t = TreeId::from_index(t);
            if (t.index() as usize) < self.misere.trees.len() {
                self.misere.lands.insert(land.into(), t);
                return Ok(t);
            }
        }
        let children = match self.expand(land, |_, _| false)? {
            Some(c) => c,
            None => unreachable!("nothing stops the generation"),
        };
        let mut options = Vec::with_capacity(children.len());
        for c in children.iter() {
            options.push(self.lands_tree(lands_of(c))?);
        }
        Ok(self.land_tree_made(land, &options))
    }

    /// Makes a land's tree from its children's, and keeps it (in memory, in
    /// the store, and for the helpers).
    fn land_tree_made(&mut self, land: &[u8], options: &[TreeId]) -> TreeId {
        let t = self.misere.trees.game(options);
        self.misere.stats.tree_made(land);
        self.misere.lands.insert(land.into(), t);
        self.save_trees();
        self.store.put_land_tree(land, t.index());
        self.share_misere(MisereFact::LandTree(land.into(), t.index()));
        t
    }

    /// The tree of a big land whose children's lands all have trees (small
    /// ones, or big ones given a tree this way before), made from its
    /// children's trees as a small land's is, without visiting anything
    /// more: the search has made the children already. From then on the
    /// land is added into the trees of the positions it is in, like a small
    /// one (docs/solver.md#big-land-trees).
    fn big_land_tree(&mut self, land: &[u8], children: &Children) -> Result<(), SolveError> {
        // With no small lands (`set_tree_lives(0)`) no land has a tree.
        if self.misere.lives == 0 || self.misere.lands.contains_key(land) {
            return Ok(());
        }
        let mut options = Vec::with_capacity(children.len());
        for c in children.iter() {
            let mut t = TreeId::ZERO;
            for l in lands_of(c) {
                let lt = if self.is_small(l) {
                    self.land_tree_of(l)?
                } else {
                    match self.misere.lands.get(l) {
                        Some(&lt) => lt,
                        None => return Ok(()),
                    }
                };
                // A sum too large for now: no tree yet (a later try goes on
                // from the parts made).
                match self.misere.bounded_sum(t, lt, false) {
                    Some(s) => t = s,
                    None => return Ok(()),
                }
            }
            options.push(t);
        }
        self.land_tree_made(land, &options);
        Ok(())
    }

    /// The tree of a sum of lands (all of them, whatever their size).
    fn lands_tree<'a>(
        &mut self,
        lands: impl Iterator<Item = &'a [u8]>,
    ) -> Result<TreeId, SolveError> {
        let mut t = TreeId::ZERO;
        for l in lands {
            let lt = self.land_tree_of(l)?;
            t = self.misere.trees.sum(t, lt);
        }
        Ok(t)
    }

    /// `tree` plus these lands, split three ways: `tree` with the small
    /// lands' trees added in, the big lands that have a tree (with it),
    /// and the big lands without one.
    fn split_lands<'a>(
        &mut self,
        mut tree: TreeId,
        lands: impl Iterator<Item = &'a [u8]>,
    ) -> Result<SplitLands<'a>, SolveError> {
        let mut big: Vec<&[u8]> = Vec::new();
        let mut with_tree: Vec<(&[u8], TreeId)> = Vec::new();
        for l in lands {
            if self.is_small(l) {
                let lt = self.land_tree_of(l)?;
                tree = self.misere.trees.sum(tree, lt);
            } else if let Some(&lt) = self.misere.lands.get(l).filter(|_| self.misere.big_trees) {
                with_tree.push((l, lt));
            } else {
                big.push(l);
            }
        }
        Ok((tree, with_tree, big))
    }

    /// A position as the misère search keys it: `tree` plus `terms` plus
    /// these lands, the small ones added into the tree, and the big ones
    /// that have a tree taken as terms; see [`Self::key_of_parts`].
    fn reduce_key<'a>(
        &mut self,
        tree: TreeId,
        terms: &[TreeId],
        lands: impl Iterator<Item = &'a [u8]>,
    ) -> Result<Vec<u8>, SolveError> {
        let (tree, with_tree, big) = self.split_lands(tree, lands)?;
        let mut apart = terms.to_vec();
        apart.extend(with_tree.iter().map(|&(_, t)| t));
        Ok(self.key_of_parts(tree, apart, big, true))
    }

    /// The key of `tree` plus the trees `apart` plus the big lands `big`:
    /// each tree apart, smallest id first, is added into the tree when the
    /// sum takes at most the sum budget (always, with `add` false: never),
    /// and is kept as a term of the key otherwise. The key is exact either
    /// way: a land and its tree are equal in every sum, and a term is
    /// searched move by move as a land is, making no new tree
    /// (docs/solver.md#tree-terms).
    fn key_of_parts(
        &mut self,
        mut tree: TreeId,
        mut apart: Vec<TreeId>,
        mut big: Vec<&[u8]>,
        add: bool,
    ) -> Vec<u8> {
        apart.retain(|&t| t != TreeId::ZERO);
        apart.sort_unstable();
        let mut terms = Vec::new();
        for t in apart {
            if tree == TreeId::ZERO {
                tree = t;
                continue;
            }
            match self.misere.bounded_sum(tree, t, true).filter(|_| add) {
                Some(s) => tree = s,
                None => terms.push(t),
            }
        }
        big.sort_unstable();
        misere_key_with_terms(tree, &terms, &big)
    }

    /// Misère: whether the mover wins the position made of these lands.
    /// No move left: the mover cannot move and wins.
    pub(super) fn misere_win(&mut self, lands: &[Vec<u8>]) -> Result<bool, SolveError> {
        self.misere_win_beside(lands, &[])
    }

    /// [`Self::misere_win`], with the helper threads (if any) set first on
    /// `beside`, positions (their lands) the caller will solve next: a
    /// helper takes one of them while it is not known, before any job of
    /// the search's own (`Solver::win_beside`).
    pub(super) fn misere_win_beside(
        &mut self,
        lands: &[Vec<u8>],
        beside: &[Vec<Vec<u8>>],
    ) -> Result<bool, SolveError> {
        if let Some(w) = self.stored_without_trees(lands) {
            return Ok(w);
        }
        self.load_trees()?;
        let key = self.reduce_key(TreeId::ZERO, &[], lands.iter().map(Vec::as_slice))?;
        if self.link.is_some() {
            return self.misere_key_win(&key);
        }
        let mut keys = Vec::new();
        if threads::helpers() > 0 {
            for b in beside {
                keys.push(self.reduce_key(TreeId::ZERO, &[], b.iter().map(Vec::as_slice))?);
            }
        }
        // Helper threads (when asked for) start from this solver's trees.
        self.misere.with_helpers = true;
        let r = self.helped(|s| {
            s.misere.with_helpers = false;
            // Posted at the search's first depth, before any of its own
            // posts there: they stay until it returns, and come first.
            for k in &keys {
                s.post_misere(0, k);
            }
            s.misere_key_win(&key)
        });
        self.misere.with_helpers = false;
        r
    }

    /// The stored outcome of a position of big lands none of which has a
    /// tree (a start of 4 spots or more), looked up before the store's
    /// trees are read: its key names no tree, and reading millions of trees
    /// to answer one lookup would take minutes. `None` when the position
    /// needs the trees to be keyed, or is not stored.
    fn stored_without_trees(&mut self, lands: &[Vec<u8>]) -> Option<bool> {
        if self.misere.loaded || lands.iter().any(|l| self.is_small(l)) {
            return None;
        }
        if self.misere.big_trees && lands.iter().any(|l| self.store.get_land_tree(l).is_some()) {
            return None;
        }
        let big: Vec<&[u8]> = lands.iter().map(Vec::as_slice).collect();
        let key = self.key_of_parts(TreeId::ZERO, Vec::new(), big, true);
        self.store.get_misere(&key)
    }

    /// [`Self::misere_win`] of a position given by its key.
    pub(super) fn misere_key_win(&mut self, key: &[u8]) -> Result<bool, SolveError> {
        self.load_trees()?;
        if let Some(w) = self.known_misere(key) {
            return Ok(w);
        }
        self.misere_mid(key, INF, INF)?;
        match self.known_misere(key) {
            Some(w) => Ok(w),
            None => unreachable!("df-pn with infinite thresholds returns only when proved"),
        }
    }

    /// The outcome of a position if it is known: a tree alone is decided
    /// by the tree; trees alone beside each other by playing their sum out
    /// within a budget ([`Trees::sum_misere_win_within`]); others, and sums
    /// that took more, by the store.
    pub(super) fn known_misere(&mut self, key: &[u8]) -> Option<bool> {
        match split_key_parts(key) {
            Some((t, [], [])) => Some(self.misere.trees.misere_win(t)),
            Some((t, terms, [])) if !self.misere.outcomes_given_up.contains(key) => {
                let parts: Vec<TreeId> = std::iter::once(t).chain(terms_of(terms)).collect();
                match self
                    .misere
                    .trees
                    .sum_misere_win_within(&parts, SUM_OUTCOME_BUDGET)
                {
                    Some(w) => Some(w),
                    None => {
                        self.misere.stats.sum_outcomes_over_budget += 1;
                        self.misere.outcomes_given_up.insert(key.into());
                        self.store.get_misere(key)
                    }
                }
            }
            _ => self.store.get_misere(key),
        }
    }

    /// Calls `f` with every child of the position `key`: the tree, the
    /// terms and the lands it is made of (the tree's options beside the
    /// same terms and lands, each distinct term's options beside the rest,
    /// and every child of every distinct land with the others beside it).
    /// Making a big land's children gives it its tree when it can have one.
    fn each_child(
        &mut self,
        key: &[u8],
        mut f: impl FnMut(
            &mut Self,
            TreeId,
            &[TreeId],
            &mut dyn Iterator<Item = &[u8]>,
        ) -> Result<(), SolveError>,
    ) -> Result<(), SolveError> {
        let (tree, terms, rest) = split_key_parts(key)
            .ok_or_else(|| SolveError::bad_key(key.len(), "a tree id after the tree mark"))?;
        let terms: Vec<TreeId> = terms_of(terms).collect();
        let rest = rest.to_vec();
        let lands: Vec<&[u8]> = lands_of(&rest).collect();
        let options = self.misere.trees.options(tree).to_vec();
        for o in options {
            f(self, o, &terms, &mut lands.iter().copied())?;
        }
        for i in 0..terms.len() {
            if i > 0 && terms[i] == terms[i - 1] {
                continue; // an identical term has the same moves
            }
            let options = self.misere.trees.options(terms[i]).to_vec();
            let mut others = terms.clone();
            for o in options {
                others[i] = o;
                f(self, tree, &others, &mut lands.iter().copied())?;
            }
        }
        for i in 0..lands.len() {
            if i > 0 && lands[i] == lands[i - 1] {
                continue; // an identical land has the same moves
            }
            let children = self.cached_children(lands[i])?;
            if self.misere.big_trees {
                self.big_land_tree(lands[i], &children)?;
            }
            let others = lands[..i].iter().chain(&lands[i + 1..]).copied();
            for child in children.iter() {
                f(
                    self,
                    tree,
                    &terms,
                    &mut others.clone().chain(lands_of(child)),
                )?;
            }
        }
        Ok(())
    }

    /// The keys of a position's children (small lands, and big lands that
    /// have a tree, added into the tree).
    pub(super) fn misere_children(&mut self, key: &[u8]) -> Result<Vec<Box<[u8]>>, SolveError> {
        let mut out: Vec<Box<[u8]>> = Vec::new();
        self.each_child(key, |s, tree, terms, lands| {
            out.push(s.reduce_key(tree, terms, lands)?.into());
            Ok(())
        })?;
        Ok(out)
    }

    /// Every key a search may have given the position `tree` plus `terms`
    /// plus `lands`: its key now first, then the keys with some of its big
    /// lands that have a tree left as lands (a search keys a position with
    /// the trees it knows at the time, and learns more as it goes; up to 4
    /// such lands are varied, the others always taken as trees), each with
    /// its trees apart added into its tree as the budget allows, and all
    /// kept apart.
    fn key_variants<'a>(
        &mut self,
        tree: TreeId,
        terms: &[TreeId],
        lands: impl Iterator<Item = &'a [u8]>,
    ) -> Result<Vec<Vec<u8>>, SolveError> {
        let (tree, with_tree, big) = self.split_lands(tree, lands)?;
        let varied = with_tree.len().min(4);
        let mut out: Vec<Vec<u8>> = Vec::with_capacity(2 << varied);
        for left_out in 0..1u32 << varied {
            let mut apart = terms.to_vec();
            let mut b = big.clone();
            for (j, &(l, lt)) in with_tree.iter().enumerate() {
                if j < varied && left_out & (1 << j) != 0 {
                    b.push(l);
                } else {
                    apart.push(lt);
                }
            }
            out.push(self.key_of_parts(tree, apart.clone(), b.clone(), true));
            out.push(self.key_of_parts(tree, apart, b, false));
        }
        let mut seen = FxHashSet::default();
        out.retain(|k| seen.insert(k.clone()));
        Ok(out)
    }

    /// The keys of a position's children (from the table, or generated).
    fn misere_kids(&mut self, key: &[u8]) -> Result<Arc<[Box<[u8]>]>, SolveError> {
        match self.misere_table.get(key) {
            Some(MisereNode { kids: Some(k), .. }) => return Ok(k.clone()),
            Some(_) => self.misere.stats.expanded_again += 1,
            None => {}
        }
        self.searched += 1;
        // Between expansions no sum is being made: the memo may go.
        if self.misere.trees.memo_bytes() > self.misere.memo_budget {
            self.misere.trees.clear_sums();
            self.misere.stats.memo_clears += 1;
        }
        let big = split_key_parts(key).map_or(0, |(_, terms, rest)| {
            lands_of(rest).count() + terms.len() / TREE_BYTES
        });
        self.misere.stats.expanded_by_big_lands[big.min(3)] += 1;
        let mut out = self.misere_children(key)?;
        // Moves in different lands can give the same position: keep the
        // first of each (the order of generation breaks ties below).
        let mut seen = rustc_hash::FxHashSet::default();
        out.retain(|k| seen.insert(k.clone()));
        // Smaller positions first (the order ties are broken in).
        out.sort_by_key(|k| k.len());
        let kids: Arc<[Box<[u8]>]> = out.into();
        let node = self.misere_table.entry(key.into()).or_default();
        let before = node.bytes(key);
        node.kids = Some(kids.clone());
        let added = node.bytes(key) - before;
        self.make_room(added);
        Ok(kids)
    }

    /// The score of a position, seen from its own mover.
    fn misere_score(&mut self, key: &[u8]) -> Score {
        match self.known_misere(key) {
            Some(true) => WIN,
            Some(false) => LOSS,
            None => match self.misere_table.get(key).and_then(|n| n.numbers) {
                Some((pn, dn)) => Score { pn, dn },
                None => estimate(&self.misere.trees, key),
            },
        }
    }

    /// Re-proves a stored misère outcome (a position given by its store
    /// key) from its children alone, each looked up or searched; a key that
    /// names a tree the store does not have, or a land not in simplest
    /// form, is an error.
    ///
    /// ```
    /// use sprouts::solve::{misere_key_of, Land, Solver};
    /// let l: Land = "1.".parse().unwrap();
    /// // One move, to the end: in misère the mover must make it and loses.
    /// let key = misere_key_of(&[], &[l]);
    /// assert!(Solver::new().verify_misere_key(&key, false).unwrap());
    /// ```
    pub fn verify_misere_key(&mut self, key: &[u8], win: bool) -> Result<bool, SolveError> {
        self.load_trees()?;
        self.check_key(key)?;
        let kids = self.misere_children(key)?;
        let mut any_loss = false;
        for k in &kids {
            if !self.misere_key_win(k)? {
                any_loss = true;
                break;
            }
        }
        // No move: the mover wins.
        Ok(if kids.is_empty() {
            win
        } else {
            any_loss == win
        })
    }

    /// Checks a stored misère outcome (a position given by its store key)
    /// against what is known of its children, without searching: `Some(true)`
    /// when their known outcomes show it (a child known lost for a win,
    /// every child known won for a loss), `Some(false)` when they contradict
    /// it, `None` when a child it needs is not known. (The trees of small
    /// lands in its children come from the store, or are made.)
    ///
    /// ```
    /// use sprouts::solve::{misere_key_of, Land, Solver};
    /// let l: Land = "1.".parse().unwrap();
    /// let key = misere_key_of(&[], &[l]);
    /// let mut s = Solver::new();
    /// // Its one child is the end, where the mover wins: a loss.
    /// assert_eq!(s.check_misere_key(&key, false).unwrap(), Some(true));
    /// assert_eq!(s.check_misere_key(&key, true).unwrap(), Some(false));
    /// ```
    pub fn check_misere_key(&mut self, key: &[u8], win: bool) -> Result<Option<bool>, SolveError> {
        self.load_trees()?;
        self.check_key(key)?;
        let mut kids: Vec<Vec<Vec<u8>>> = Vec::new();
        self.each_child(key, |s, tree, terms, lands| {
            kids.push(s.key_variants(tree, terms, lands)?);
            Ok(())
        })?;
        if kids.is_empty() {
            // No move: the mover wins.
            return Ok(Some(win));
        }
        let mut unknown = false;
        for variants in &kids {
            match variants.iter().find_map(|k| self.known_misere(k)) {
                Some(false) => return Ok(Some(win)),
                Some(true) => {}
                None => unknown = true,
            }
        }
        Ok(if unknown { None } else { Some(!win) })
    }

    /// That a key's trees are the table's, and that each of its lands is
    /// one the solver's moves can be played on: in simplest form, as the
    /// solver writes it (a database's key may be corrupted).
    fn check_key(&self, key: &[u8]) -> Result<(), SolveError> {
        let known = |t: TreeId| (t.index() as usize) < self.misere.trees.len();
        let lands = match split_key_parts(key) {
            Some((t, terms, lands)) if known(t) && terms_of(terms).all(known) => lands,
            _ => return Err(SolveError::bad_key(0, "a misère tree the store has")),
        };
        // Lands a key may hold, each ended...
        super::split_position_key(lands)?;
        // ...and each as the solver writes it.
        for l in lands_of(lands) {
            let mut simplest = Vec::new();
            let regions = super::bytes::parse_land_unchecked(l);
            super::compact::simplify(regions, &*self.canon, &mut simplest);
            if simplest.len() != 1 || simplest[0] != l {
                return Err(SolveError::bad_key(0, "a land in simplest form"));
            }
        }
        Ok(())
    }

    /// Reads the store's misère trees (checking that each is in simplest
    /// form and names only trees before it); always `true` once read.
    pub fn check_trees(&mut self) -> Result<bool, SolveError> {
        self.load_trees()?;
        Ok(true)
    }

    /// Re-proves the stored tree of a land from its children's trees.
    ///
    /// ```
    /// use sprouts::solve::{Land, Solver};
    /// use sprouts::misere::TreeId;
    /// let mut s = Solver::new();
    /// let l: Land = "1.".parse().unwrap();
    /// let t = s.land_tree(&l).unwrap();
    /// assert!(s.verify_land_tree(&l, t).unwrap());
    /// assert!(!s.verify_land_tree(&l, TreeId::ZERO).unwrap());
    /// ```
    pub fn verify_land_tree(
        &mut self,
        land: &super::Land,
        tree: TreeId,
    ) -> Result<bool, SolveError> {
        self.load_trees()?;
        let children = match self.expand(land.as_bytes(), |_, _| false)? {
            Some(c) => c,
            None => unreachable!("nothing stops the generation"),
        };
        let mut options = Vec::with_capacity(children.len());
        for c in children.iter() {
            options.push(self.lands_tree(lands_of(c))?);
        }
        Ok(self.misere.trees.game(&options) == tree)
    }

    /// The misère canonical tree of a land (computed from every position
    /// it leads to: for small lands; a big one may take long, and stops at
    /// the deadline).
    ///
    /// ```
    /// use sprouts::solve::{Land, Solver};
    /// let mut s = Solver::new();
    /// // AJS 1991: one spot is a misère win for the first player.
    /// let t = s.land_tree(&"0.".parse::<Land>().unwrap()).unwrap();
    /// assert!(s.trees().misere_win(t));
    /// ```
    pub fn land_tree(&mut self, land: &super::Land) -> Result<TreeId, SolveError> {
        self.load_trees()?;
        self.land_tree_of(land.as_bytes())
    }

    /// The misère canonical tree of a whole position (the sum of its
    /// lands'); see [`Self::land_tree`].
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// use sprouts::solve::Solver;
    /// let mut s = Solver::new();
    /// let t = s.position_tree(&Position::start(2, Variant::Misere)).unwrap();
    /// // AJS 1991: 2 spots is a misère loss for the first player.
    /// assert!(!s.trees().misere_win(t));
    /// ```
    pub fn position_tree(&mut self, pos: &crate::model::Position) -> Result<TreeId, SolveError> {
        self.load_trees()?;
        let lands = self.lands(pos)?;
        let t = self.lands_tree(lands.iter().map(Vec::as_slice))?;
        self.save_trees();
        self.store.flush();
        Ok(t)
    }

    /// Lets the search's tables (children lists and the numbers of unproved
    /// positions, normal and misère) hold about this many bytes before
    /// they drop children lists (default 768 MiB, shared by a search's
    /// helper threads; docs/solver.md#table). Proved results are kept
    /// in the store whatever the budget. A budget too small to hold the
    /// numbers along the search's path may never finish: each time the
    /// numbers fill half of it they are all forgotten (normal 7 spots had
    /// not finished after 5 minutes with 64 KiB; with 256 KiB, 1 to 11
    /// spots take a second).
    pub fn set_table_bytes(&mut self, bytes: usize) {
        self.table_budget = Some(bytes);
    }

    /// Lets the memoised sums of trees and outcomes of sums hold about this
    /// many bytes (default [`SUM_MEMO_BYTES`]); past it, between two
    /// expansions, they are all forgotten and found again as needed
    /// ([`MisereStats::memo_clears`] counts the times). A sum of big trees
    /// made again may then pass its budget where it fitted before: the
    /// position is keyed with the trees apart, and proved again under that
    /// key. The memo is what grows without bound in a long misère search
    /// (docs/benchmarks.md#sum-memo).
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// use sprouts::solve::Solver;
    /// let mut s = Solver::new();
    /// s.set_sum_memo_bytes(0);
    /// // AJS 1991: misère 7 spots is a loss for the first player, memo or not.
    /// assert!(!s.win(&Position::start(7, Variant::Misere)).unwrap());
    /// assert!(s.misere_stats().memo_clears > 0);
    /// ```
    pub fn set_sum_memo_bytes(&mut self, bytes: usize) {
        self.misere.memo_budget = bytes;
    }

    /// Where the misère searches of this solver spent their work.
    pub fn misere_stats(&self) -> &MisereStats {
        &self.misere.stats
    }

    /// About how many bytes the misère search holds in memory, by part
    /// (walks the tables: meant for profiles, not for every step).
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// use sprouts::solve::Solver;
    /// let mut s = Solver::new();
    /// let before = s.misere_memory();
    /// s.win(&Position::start(6, Variant::Misere)).unwrap();
    /// let after = s.misere_memory();
    /// // The 6-spot start's small lands got trees.
    /// assert!(after.trees > before.trees && after.lands > before.lands);
    /// ```
    pub fn misere_memory(&self) -> MisereMemory {
        let (trees, sums) = self.misere.trees.heap_bytes();
        // A boxed key costs its bytes, rounded up by the allocator, beside
        // its pointer and length in the map's slot.
        let boxed = |k: &[u8]| super::store::heap_block(k.len());
        let lands = hash_table_bytes::<(Box<[u8]>, TreeId)>(self.misere.lands.capacity())
            + self.misere.lands.keys().map(|k| boxed(k)).sum::<usize>();
        let given_up = hash_table_bytes::<(TreeId, TreeId, bool)>(self.misere.refused.capacity())
            + hash_table_bytes::<Box<[u8]>>(self.misere.outcomes_given_up.capacity())
            + self
                .misere
                .outcomes_given_up
                .iter()
                .map(|k| boxed(k))
                .sum::<usize>();
        MisereMemory {
            trees,
            sums,
            lands,
            given_up,
            table: self.table_bytes,
            results: self.store.heap_bytes(),
        }
    }

    /// The solver's table of misère trees.
    pub fn trees(&mut self) -> &mut Trees {
        &mut self.misere.trees
    }

    /// Replaces lands with at most `lives` lives by their canonical tree in
    /// misère play (default [`TREE_LIVES`]; 0: none).
    pub fn set_tree_lives(&mut self, lives: u32) {
        self.misere.lives = lives;
    }

    /// Whether a bigger land gets its tree once the search has made its
    /// children and all their lands have trees (default: yes). Off, a
    /// position's key depends on its lands alone (the trees of small lands
    /// and the big lands), as before big land trees: the keys a misère
    /// certificate names, so a solve meant for one is made with it off
    /// (`sprouts solve --misere --certificate`).
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// use sprouts::solve::Solver;
    /// let mut s = Solver::new();
    /// s.set_big_land_trees(false);
    /// // AJS 1991: misère 5 spots is a first-player win.
    /// assert!(s.win(&Position::start(5, Variant::Misere)).unwrap());
    /// ```
    pub fn set_big_land_trees(&mut self, on: bool) {
        self.misere.big_trees = on;
    }

    /// How many sums of parts not known yet making a big land's tree from
    /// its children's may take (default [`BIG_SUM_BUDGET`]); a big land
    /// whose tree would need more gets none for now (adding a tree into a
    /// key has its own budget, [`Self::set_key_sum_budget`]). A sum of
    /// trees visits every pair of their parts:
    /// without a bound, the trees of lands of 12 lives and more added to
    /// other trees make more new trees than the search has positions
    /// (docs/benchmarks.md#big-sum-budget). `usize::MAX`: no bound.
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// use sprouts::solve::Solver;
    /// let mut s = Solver::new();
    /// s.set_big_sum_budget(10);
    /// // AJS 1991: misère 9 spots is a loss for the first player.
    /// assert!(!s.win(&Position::start(9, Variant::Misere)).unwrap());
    /// ```
    pub fn set_big_sum_budget(&mut self, sums: usize) {
        self.misere.sum_budget = sums;
        self.misere.refused.clear();
    }

    /// How many sums of parts not known yet adding a big land's tree into
    /// the tree of a position's key may take (default [`KEY_SUM_BUDGET`]);
    /// past it the land's tree is kept apart in the key, as a term searched
    /// move by move, and a position of trees alone is decided by playing
    /// their sum out ([`Trees::sum_misere_win_within`]), which makes no
    /// tree (docs/solver.md#tree-terms). `usize::MAX`: no bound.
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// use sprouts::solve::Solver;
    /// let mut s = Solver::new();
    /// s.set_key_sum_budget(0);
    /// // AJS 1991: misère 9 spots is a loss for the first player.
    /// assert!(!s.win(&Position::start(9, Variant::Misere)).unwrap());
    /// ```
    pub fn set_key_sum_budget(&mut self, sums: usize) {
        self.misere.key_sum_budget = sums;
        self.misere.refused.clear();
    }

    /// Searches the position until it is proved or its numbers reach the
    /// thresholds (as [`Solver::mid`](super::pns) does for normal play; on
    /// a search with helpers, what it posted at this depth and deeper is
    /// withdrawn when it returns).
    fn misere_mid(&mut self, key: &[u8], th_pn: u64, th_dn: u64) -> Result<(), SolveError> {
        let Some(d) = self.link.as_mut().and_then(|l| l.enter()) else {
            return self.misere_mid_at_depth(key, th_pn, th_dn, None);
        };
        let r = self.misere_mid_at_depth(key, th_pn, th_dn, Some(d));
        if let Some(l) = &mut self.link {
            l.leave(d);
        }
        r
    }

    /// [`Self::misere_mid`] at depth `depth` of the path of a search with
    /// helpers (`None`: a search alone, or a helper's): there it posts the
    /// child it would most likely go into next (the unproved one with the
    /// least disproof number after the one it goes into), and it stops as
    /// soon as a helper proved the position.
    fn misere_mid_at_depth(
        &mut self,
        key: &[u8],
        th_pn: u64,
        th_dn: u64,
        depth: Option<usize>,
    ) -> Result<(), SolveError> {
        let kids = self.misere_kids(key)?;
        // A child once proved stays proved: it is not scored again.
        let mut scores: Vec<Score> = vec![UNKNOWN; kids.len()];
        // The child last posted for the helpers.
        let mut posted = usize::MAX;
        loop {
            self.tick()?;
            if self.link.is_some() && self.store.get_misere(key).is_some() {
                // A helper proved it.
                if let Some(n) = self.misere_table.remove(key) {
                    self.table_bytes = self.table_bytes.saturating_sub(n.bytes(key));
                }
                return Ok(());
            }
            for (score, k) in scores.iter_mut().zip(kids.iter()) {
                if !score.proved() {
                    *score = self.misere_score(k);
                }
            }
            let step = match Step::of(&scores, th_pn, th_dn, MISERE_WIDEN, ChildSum::Whole) {
                Step::Proved(win) => {
                    self.save_trees();
                    self.store.put_misere(key, win);
                    self.share_misere(MisereFact::Outcome(key.into(), win));
                    // The store answers for a proved position from now on:
                    // its children and numbers are of no more use.
                    if let Some(n) = self.misere_table.remove(key) {
                        self.table_bytes = self.table_bytes.saturating_sub(n.bytes(key));
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
            if let Some(d) = depth {
                let next = scores
                    .iter()
                    .enumerate()
                    .filter(|&(i, s)| i != best && !s.proved())
                    .min_by_key(|&(_, s)| s.dn)
                    .map(|(i, _)| i);
                if let Some(j) = next.filter(|&j| j != posted) {
                    posted = j;
                    self.post_misere(d, &kids[j]);
                }
            }
            let child = kids[best].clone();
            self.misere_mid(&child, child_pn, child_dn)?;
        }
    }
}
