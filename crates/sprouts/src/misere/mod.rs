//! Misère canonical forms of impartial games: pure game theory, nothing of
//! Sprouts (the solver uses it to add up small lands; docs/misere-trees.md
//! has the theory and its sources).
//!
//! # Misère equality and the simplest form
//!
//! An impartial game is the set of games it moves to (its *options*); the
//! game with no options is the end, `0`. In misère play the player who
//! cannot move wins. Two games `G` and `H` are *equal* if `G + X` and
//! `H + X` have the same misère outcome for every game `X`. Conway (On
//! Numbers and Games, ch. 12) shows that every game has a unique *simplest
//! form*, and that two games are equal exactly when their simplest forms are
//! the same tree. A [`Trees`] table holds each simplest form once
//! (hash-consed), under a [`TreeId`], so that equality is `==` on ids.
//!
//! The only simplification is Grundy's pruning of reversible options, with
//! Conway's *proviso* (ONAG ch. 12, "The simplest form of a game for misère
//! play"): at a position `H` we may delete some options of `H`, leaving the
//! game `K` of the options kept, if and only if `K` is an option of each
//! deleted option, and, when `K` is the end `0` (every option deleted), `H`
//! is a misère N-position (some option of `H` is a P-position). The proviso
//! is what keeps a game from turning into `0` wrongly: `{*2}` does not
//! simplify, since its only option `*2` is a misère N-position, while
//! `{*} = 0`, as `*` is a P-position. A game whose options are all nim heaps
//! is the heap its misère mex names unless every option is `*2` or more
//! (ONAG Theorem 72), so `{0, *, *3, *5} = *2` and `{*, *2, *3} = 0`.
//!
//! # How [`Trees::game`] finds the simplest form
//!
//! The options are first made simplest (they are ids of the table), so only
//! the root can still simplify, and after one deletion the game left is `K`,
//! an option of an option of a simplest game: `K` is simplest already and is
//! the answer. Conversely, if `H` (with simplest options) equals a simplest
//! `K`, Conway's Theorems 75 and 76 (equality through "linked" games) show
//! that every option of `K` is an option of `H` and every other option of
//! `H` has `K` as an option (and the proviso holds, since `H` has `K`'s
//! outcome). So `H` simplifies iff some option `K` of one of its options
//! passes that test, which compares ids only. `K` must be an option of every
//! option of `H` it does not keep; the option of `H` with the largest id
//! cannot be kept (`K`, being an option of some option of `H`, has a
//! smaller id), so only its options are tried.
//!
//! # Ids are stable
//!
//! A tree's id is its place in the order of creation, and a tree's options
//! are always created before it. Nothing is ever renumbered: [`Trees::game`]
//! and [`Trees::sum`] only append. [`Trees::to_records`] lists every tree
//! after `0` in id order, and [`Trees::from_records`] (or
//! [`Trees::push_record`], one tree at a time) rebuilds a table with the same
//! ids, checking that each record is in simplest form, new, and names only
//! earlier trees. So ids can be kept in a database across runs.
//!
//! # What is known of each tree
//!
//! Computed once, when the tree is created (from its options, which come
//! first): its birthday, its normal-play and misère Grundy values, whether
//! it is a nim heap, and its [`Genus`]. Sums are memoised.
//!
//! ```
//! use sprouts::misere::{TreeId, Trees};
//! let mut t = Trees::new();
//! let star = t.nim(1);
//! let two = t.nim(2);
//! // {*} = 0 (Conway's proviso allows it: * is a misère P-position) ...
//! assert_eq!(t.game(&[star]), TreeId::ZERO);
//! // ... but {*2} is a game of its own.
//! let g = t.game(&[two]);
//! assert_eq!(t.text(g), "{*2}");
//! // * + * = 0 and *2 + * = *3, but *2 + *2 is no nim heap.
//! assert_eq!(t.sum(star, star), TreeId::ZERO);
//! assert_eq!(t.sum(two, star), t.nim(3));
//! let s = t.sum(two, two);
//! assert_eq!(t.text(s), "{*2,*3}");
//! assert!(!t.misere_win(s));
//! assert_eq!(t.genus(s).to_string(), "0^02");
//! assert_eq!(t.genus(TreeId::ZERO).to_string(), "0^120");
//! ```

mod genus;
mod records;
mod text;

pub use genus::{Genus, GenusTextError};
pub use records::TreeRecordError;
pub use text::{MAX_TEXT_HEAP, TreeTextError};

use crate::solve::{hash_table_bytes, heap_block};
use std::hash::{Hash, Hasher};

use rustc_hash::{FxHashMap, FxHasher};

/// A tree of a [`Trees`] table: a game in simplest form. Ids compare as
/// numbers (the order of creation); two ids of one table are equal iff their
/// games are equal in misère play. [`TreeId::ZERO`] is the end `0` in every
/// table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct TreeId(u32);

impl TreeId {
    /// The end `0`, the game with no options: id 0 of every table.
    pub const ZERO: TreeId = TreeId(0);

    /// The id with this number. Methods of [`Trees`] panic on an id that the
    /// table does not hold; [`Trees::get`] checks.
    ///
    /// ```
    /// use sprouts::misere::TreeId;
    /// assert_eq!(TreeId::from_index(0), TreeId::ZERO);
    /// assert_eq!(TreeId::from_index(7).index(), 7);
    /// ```
    pub const fn from_index(index: u32) -> TreeId {
        TreeId(index)
    }

    /// The id's number (its place in the order of creation).
    pub const fn index(self) -> u32 {
        self.0
    }

    fn at(self) -> usize {
        self.0 as usize
    }
}

/// No tree: the end of a hash chain, or "not a nim heap".
const NONE: u32 = u32::MAX;

/// What is known of one tree.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// Where its options start in `Trees::options`.
    options: usize,
    /// How many options it has.
    count: u32,
    birthday: u32,
    normal: u32,
    misere: u32,
    /// `n` if the tree is `*n`, else `NONE`.
    nim: u32,
    /// The next tree whose options hash the same, or `NONE`.
    next: u32,
    /// Where its written genus starts in `Trees::genera`.
    genus: usize,
    /// How many terms its written genus has (at least 2).
    genus_len: u32,
}

/// A table of impartial games in misère simplest form, each stored once
/// as the sorted list of its options' ids (see the [module
/// documentation](self)).
///
/// Ids are handles into one table: every method that takes a [`TreeId`]
/// panics if the table does not hold it ([`Trees::get`] checks a number
/// first).
#[derive(Clone, Debug)]
pub struct Trees {
    nodes: Vec<Node>,
    options: Vec<TreeId>,
    /// Every tree's written genus, one after another.
    genera: Vec<u32>,
    /// The last tree created with options of a given hash.
    heads: FxHashMap<u64, u32>,
    /// Sums found, under (smaller id, larger id).
    sums: FxHashMap<(TreeId, TreeId), TreeId>,
    /// Misère outcomes of sums of several trees found without making the
    /// sum, under their sorted ids ([`Trees::sum_misere_win_within`]).
    outcomes: FxHashMap<Box<[TreeId]>, bool>,
    /// What the boxed keys of `outcomes` take on the heap (kept as they are
    /// added, so that [`Trees::memo_bytes`] costs nothing).
    outcome_key_bytes: usize,
    /// `heaps[n]` is `*n`.
    heaps: Vec<TreeId>,
    /// Scratch: the sorted options of the game being built.
    scratch: Vec<TreeId>,
    /// Scratch: the values a mex has seen.
    marks: Vec<bool>,
    /// Scratch: a genus being computed.
    terms: Vec<u32>,
}

impl Default for Trees {
    fn default() -> Trees {
        Trees::new()
    }
}

/// What a hash map's slots take ([`hash_table_bytes`]).
fn map_bytes<K, V>(m: &FxHashMap<K, V>) -> usize {
    hash_table_bytes::<(K, V)>(m.capacity())
}

fn hash_of(options: &[TreeId]) -> u64 {
    let mut h = FxHasher::default();
    options.hash(&mut h);
    h.finish()
}

/// The least number not among `values`, which are at most `count` numbers.
fn mex(values: impl Iterator<Item = u32>, count: usize, marks: &mut Vec<bool>) -> u32 {
    marks.clear();
    marks.resize(count + 1, false);
    for v in values {
        if let Some(m) = marks.get_mut(v as usize) {
            *m = true;
        }
    }
    marks.iter().position(|&m| !m).unwrap_or(count) as u32
}

impl Trees {
    /// A table holding only the end `0`.
    ///
    /// ```
    /// use sprouts::misere::{TreeId, Trees};
    /// let t = Trees::new();
    /// assert_eq!(t.len(), 1);
    /// assert_eq!(t.text(TreeId::ZERO), "0");
    /// ```
    pub fn new() -> Trees {
        let mut t = Trees {
            nodes: Vec::new(),
            options: Vec::new(),
            genera: Vec::new(),
            heads: FxHashMap::default(),
            sums: FxHashMap::default(),
            outcomes: FxHashMap::default(),
            outcome_key_bytes: 0,
            heaps: vec![TreeId::ZERO],
            scratch: Vec::new(),
            marks: Vec::new(),
            terms: Vec::new(),
        };
        t.push(&[], hash_of(&[]));
        t
    }

    /// The end `0` ([`TreeId::ZERO`]).
    pub fn zero(&self) -> TreeId {
        TreeId::ZERO
    }

    /// The nim heap `*n` (its options are `0, *, ..., *(n-1)`), which is in
    /// simplest form. Creates the heaps up to `n` that the table lacks:
    /// `*n` takes `n` option ids, so large heaps cost quadratic memory.
    ///
    /// ```
    /// use sprouts::misere::Trees;
    /// let mut t = Trees::new();
    /// let h = t.nim(3);
    /// assert_eq!(t.nim_heap(h), Some(3));
    /// let smaller = [t.nim(0), t.nim(1), t.nim(2)];
    /// assert_eq!(t.options(h), &smaller);
    /// ```
    pub fn nim(&mut self, n: u32) -> TreeId {
        while self.heaps.len() <= n as usize {
            let heaps = std::mem::take(&mut self.heaps);
            let hash = hash_of(&heaps);
            // Theorem 72: options 0, ..., *(k-1) leave nothing to prune.
            let id = match self.lookup(&heaps, hash) {
                Some(id) => id,
                None => self.push(&heaps, hash),
            };
            self.heaps = heaps;
            self.heaps.push(id);
        }
        self.heaps[n as usize]
    }

    /// The simplest form of the game whose options are `options` (in any
    /// order, repeats allowed): an id already in the table, or a new one.
    /// Costs a hash look-up when the table has the game; otherwise, at most
    /// one comparison of option lists for each option of the largest
    /// option.
    ///
    /// ```
    /// use sprouts::misere::{TreeId, Trees};
    /// let mut t = Trees::new();
    /// let (z, s, s2, s3, s5) = (TreeId::ZERO, t.nim(1), t.nim(2), t.nim(3), t.nim(5));
    /// // ONAG Theorem 72's examples.
    /// assert_eq!(t.game(&[s]), z);
    /// assert_eq!(t.game(&[s5, z, s3, s, z]), s2);
    /// assert_eq!(t.game(&[s, s2, s3]), z);
    /// assert_ne!(t.game(&[s2]), z);
    /// assert_eq!(t.game(&[]), z);
    /// ```
    pub fn game(&mut self, options: &[TreeId]) -> TreeId {
        let mut opts = std::mem::take(&mut self.scratch);
        opts.clear();
        opts.extend_from_slice(options);
        opts.sort_unstable();
        opts.dedup();
        let id = self.canonical(&opts);
        self.scratch = opts;
        id
    }

    /// The simplest form of the game with these sorted, distinct options,
    /// each in simplest form.
    fn canonical(&mut self, opts: &[TreeId]) -> TreeId {
        if let Some(&last) = opts.last() {
            assert!(
                last.at() < self.nodes.len(),
                "tree {} is not in the table",
                last.0
            );
        }
        let hash = hash_of(opts);
        if let Some(id) = self.lookup(opts, hash) {
            return id;
        }
        if let Some(k) = self.reduction(opts) {
            return k;
        }
        self.push(opts, hash)
    }

    /// The tree with these options, if the table has it.
    fn lookup(&self, opts: &[TreeId], hash: u64) -> Option<TreeId> {
        let mut i = *self.heads.get(&hash)?;
        while i != NONE {
            let id = TreeId(i);
            if self.options(id) == opts {
                return Some(id);
            }
            i = self.nodes[id.at()].next;
        }
        None
    }

    /// The earlier tree `K` that the game with these options (sorted,
    /// distinct, each simplest) equals, if the game is not simplest itself:
    /// an option of its last option such that every option of `K` is one of
    /// the game's and every other option of the game has `K` as an option;
    /// `K = 0` only if some option is a misère P-position (the proviso). See
    /// the module documentation for why this test is exact.
    fn reduction(&self, opts: &[TreeId]) -> Option<TreeId> {
        let &last = opts.last()?;
        let some_p = opts.iter().any(|&h| !self.misere_win(h));
        'candidates: for &k in self.options(last) {
            if k == TreeId::ZERO && !some_p {
                continue;
            }
            let kept = self.options(k);
            if kept.len() >= opts.len() {
                continue;
            }
            let mut j = 0;
            for &h in opts {
                if j < kept.len() && kept[j] < h {
                    // An option of K that is not one of the game's.
                    continue 'candidates;
                }
                if j < kept.len() && kept[j] == h {
                    j += 1;
                } else if h < k || self.options(h).binary_search(&k).is_err() {
                    // A deleted option that cannot move to K (options come
                    // before their game, so none below K can).
                    continue 'candidates;
                }
            }
            if j == kept.len() {
                return Some(k);
            }
        }
        None
    }

    /// Appends a new tree with these options (sorted, distinct, simplest,
    /// and not simplifiable).
    fn push(&mut self, opts: &[TreeId], hash: u64) -> TreeId {
        let index = u32::try_from(self.nodes.len())
            .ok()
            .filter(|&i| i != NONE)
            .expect("a table holds fewer than 2^32 - 1 trees");
        let id = TreeId(index);
        let count = opts.len();
        let birthday = opts
            .iter()
            .map(|&o| self.birthday(o) + 1)
            .max()
            .unwrap_or(0);
        let nodes = &self.nodes;
        let normal = mex(
            opts.iter().map(|o| nodes[o.at()].normal),
            count,
            &mut self.marks,
        );
        let misere = if opts.is_empty() {
            1
        } else {
            mex(
                opts.iter().map(|o| nodes[o.at()].misere),
                count,
                &mut self.marks,
            )
        };
        let nim = if opts
            .iter()
            .enumerate()
            .all(|(i, &o)| self.nim_heap(o) == Some(i as u32))
        {
            count as u32
        } else {
            NONE
        };
        let mut terms = std::mem::take(&mut self.terms);
        genus::terms(self, opts, misere, &mut terms);
        let next = self.heads.insert(hash, index).unwrap_or(NONE);
        self.nodes.push(Node {
            options: self.options.len(),
            count: count as u32,
            birthday,
            normal,
            misere,
            nim,
            next,
            genus: self.genera.len(),
            genus_len: terms.len() as u32,
        });
        self.options.extend_from_slice(opts);
        self.genera.extend_from_slice(&terms);
        self.terms = terms;
        id
    }

    /// The options of a tree, in increasing id order, each in simplest form.
    pub fn options(&self, id: TreeId) -> &[TreeId] {
        let n = &self.nodes[id.at()];
        &self.options[n.options..n.options + n.count as usize]
    }

    /// The simplest form of `a + b` (memoised; `0 + b = b`).
    ///
    /// ```
    /// use sprouts::misere::{TreeId, Trees};
    /// let mut t = Trees::new();
    /// let (s, s2, s3) = (t.nim(1), t.nim(2), t.nim(3));
    /// assert_eq!(t.sum(TreeId::ZERO, s2), s2);
    /// assert_eq!(t.sum(s3, s), s2);
    /// // In normal play *2 + *3 = *; in misère play they differ: *2 + *3
    /// // is a win (misère nim: nim-sum 1, a heap above 1), * is a loss.
    /// let a = t.sum(s2, s3);
    /// assert_ne!(a, s);
    /// assert!(t.misere_win(a) && !t.misere_win(s));
    /// ```
    pub fn sum(&mut self, a: TreeId, b: TreeId) -> TreeId {
        match self.sum_within(a, b, usize::MAX) {
            Some(s) => s,
            None => unreachable!("an unbounded sum is always made"),
        }
    }

    /// [`Trees::sum`], unless it needs more than `budget` sums of parts
    /// not known yet: then `None`, keeping the sums (and trees) made so far,
    /// which are exact and shorten a later try. The sum of two trees visits
    /// every pair of their parts, so two large trees can make millions of
    /// new trees; a caller that has another way (a misère search keeping
    /// a big land as a land) uses this.
    ///
    /// ```
    /// use sprouts::misere::Trees;
    /// let mut t = Trees::new();
    /// let (s2, s3) = (t.nim(2), t.nim(3));
    /// // *2 + *3 needs *1 + *1, *1 + *2, *1 + *3, *2 + *2 and itself.
    /// assert_eq!(t.sum_within(s2, s3, 4), None);
    /// assert_eq!(t.sums_known(), 4);
    /// // Those are kept: one more sum finishes it.
    /// let s = t.sum_within(s2, s3, 1).unwrap();
    /// assert_eq!(s, t.sum(s3, s2));
    /// ```
    pub fn sum_within(&mut self, a: TreeId, b: TreeId, budget: usize) -> Option<TreeId> {
        if let Some(s) = self.known_sum(a, b) {
            return Some(s);
        }
        let mut made = 0usize;
        let mut stack = vec![(a.min(b), a.max(b))];
        let mut children: Vec<(TreeId, TreeId)> = Vec::new();
        let mut values: Vec<TreeId> = Vec::new();
        while let Some(&(x, y)) = stack.last() {
            if self.sums.contains_key(&(x, y)) {
                stack.pop();
                continue;
            }
            children.clear();
            children.extend(self.options(x).iter().map(|&o| (o, y)));
            children.extend(self.options(y).iter().map(|&o| (x, o)));
            values.clear();
            let mut missing = false;
            for &(p, q) in &children {
                match self.known_sum(p, q) {
                    Some(v) => values.push(v),
                    None => {
                        missing = true;
                        stack.push((p.min(q), p.max(q)));
                    }
                }
            }
            if !missing {
                if made == budget {
                    return None;
                }
                made += 1;
                let v = self.game(&values);
                self.sums.insert((x, y), v);
                stack.pop();
            }
        }
        self.known_sum(a, b)
    }

    /// Whether the player to move wins the sum of `parts` in misère play,
    /// found by playing it out (a move in any one part; no move left, the
    /// mover wins) without making the sum's tree, unless that takes more
    /// than `budget` sums not known yet: then `None`, keeping the outcomes
    /// found so far, which are exact and shorten a later try. A sum whose
    /// tree is known is read from it. Where [`Trees::sum`] makes a tree for
    /// every pair of parts, this stops at the first move to a loss and
    /// keeps one bit a sum: what a search that only needs the outcome of
    /// trees beside each other uses.
    ///
    /// ```
    /// use sprouts::misere::Trees;
    /// let mut t = Trees::new();
    /// let (s1, s2, s3) = (t.nim(1), t.nim(2), t.nim(3));
    /// // Misère nim: *1 + *1 + *1 is a loss, *1 + *2 + *3 (nim-sum 0,
    /// // a heap above 1) a loss, *2 + *3 a win.
    /// assert_eq!(t.sum_misere_win_within(&[s1, s1, s1], 10), Some(false));
    /// assert_eq!(t.sum_misere_win_within(&[s3, s1, s2], 100), Some(false));
    /// assert_eq!(t.sum_misere_win_within(&[s2, s3], 100), Some(true));
    /// // Within no budget, only what is known.
    /// let s4 = t.nim(4);
    /// assert_eq!(t.sum_misere_win_within(&[s4, s4, s1], 0), None);
    /// assert_eq!(t.sum_misere_win_within(&[s3, s1, s2], 0), Some(false));
    /// let sum = t.sum(s2, s3);
    /// assert_eq!(t.sum_misere_win_within(&[sum], 0), Some(true));
    /// ```
    pub fn sum_misere_win_within(&mut self, parts: &[TreeId], budget: usize) -> Option<bool> {
        let mut m: Vec<TreeId> = parts
            .iter()
            .copied()
            .filter(|&t| t != TreeId::ZERO)
            .collect();
        m.sort_unstable();
        let mut left = budget;
        self.multiset_win(&m, &mut left)
    }

    /// [`Trees::sum_misere_win_within`] of sorted parts, none 0, within
    /// `left` more sums not known.
    fn multiset_win(&mut self, m: &[TreeId], left: &mut usize) -> Option<bool> {
        match *m {
            [] => return Some(true),
            [t] => return Some(self.misere_win(t)),
            [a, b] => {
                if let Some(s) = self.known_sum(a, b) {
                    return Some(self.misere_win(s));
                }
            }
            _ => {}
        }
        if let Some(&w) = self.outcomes.get(m) {
            return Some(w);
        }
        if *left == 0 {
            return None;
        }
        *left -= 1;
        let mut child: Vec<TreeId> = Vec::with_capacity(m.len());
        let mut win = false;
        'parts: for i in 0..m.len() {
            if i > 0 && m[i] == m[i - 1] {
                continue; // the same part has the same moves
            }
            for k in 0..self.options(m[i]).len() {
                let o = self.options(m[i])[k];
                child.clear();
                child.extend(m[..i].iter().chain(&m[i + 1..]).copied());
                if o != TreeId::ZERO {
                    let at = child.partition_point(|&c| c < o);
                    child.insert(at, o);
                }
                if !self.multiset_win(&child, left)? {
                    win = true;
                    break 'parts;
                }
            }
        }
        if self.outcomes.insert(m.into(), win).is_none() {
            self.outcome_key_bytes += heap_block(size_of_val(m));
        }
        Some(win)
    }

    fn known_sum(&self, a: TreeId, b: TreeId) -> Option<TreeId> {
        if a == TreeId::ZERO {
            Some(b)
        } else if b == TreeId::ZERO {
            Some(a)
        } else {
            self.sums.get(&(a.min(b), a.max(b))).copied()
        }
    }

    /// Whether the player to move wins the tree in misère play (the end `0`
    /// is a win: the player to move cannot move; otherwise some option must
    /// be a loss).
    pub fn misere_win(&self, id: TreeId) -> bool {
        self.nodes[id.at()].misere != 0
    }

    /// The normal-play Grundy value (the mex of the options').
    pub fn normal_grundy(&self, id: TreeId) -> u32 {
        self.nodes[id.at()].normal
    }

    /// The misère Grundy value: 1 for the end `0`, else the mex of the
    /// options'; 0 iff the tree is a misère P-position.
    pub fn misere_grundy(&self, id: TreeId) -> u32 {
        self.nodes[id.at()].misere
    }

    /// `Some(n)` if the tree is the nim heap `*n`.
    pub fn nim_heap(&self, id: TreeId) -> Option<u32> {
        Some(self.nodes[id.at()].nim).filter(|&n| n != NONE)
    }

    /// The birthday: 0 for the end `0`, else one more than the largest of
    /// the options' (the longest play of the simplest form).
    pub fn birthday(&self, id: TreeId) -> u32 {
        self.nodes[id.at()].birthday
    }

    /// Conway's genus of the tree.
    ///
    /// ```
    /// use sprouts::misere::{TreeId, Trees};
    /// let mut t = Trees::new();
    /// assert_eq!(t.genus(TreeId::ZERO).to_string(), "0^120");
    /// let star = t.nim(1);
    /// assert_eq!(t.genus(star).to_string(), "1^031");
    /// let two = t.nim(2);
    /// assert_eq!(t.genus(two).to_string(), "2^20");
    /// ```
    pub fn genus(&self, id: TreeId) -> Genus {
        Genus::new(self.normal_grundy(id), self.written_genus(id).to_vec())
    }

    /// The written terms γ0, γ1, ... of a tree's genus (see [`Genus`]).
    fn written_genus(&self, id: TreeId) -> &[u32] {
        let n = &self.nodes[id.at()];
        &self.genera[n.genus..n.genus + n.genus_len as usize]
    }

    /// How many trees the table holds (ids `0..len()`).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// How many sums the table remembers ([`Trees::sum`] keeps every sum
    /// it computes, its parts' sums included).
    ///
    /// ```
    /// use sprouts::misere::Trees;
    /// let mut t = Trees::new();
    /// let (s1, s2) = (t.nim(1), t.nim(2));
    /// assert_eq!(t.sums_known(), 0);
    /// t.sum(s1, s2);
    /// // *1 + *2, and on the way *1 + *1 (0 + x needs no memory).
    /// assert_eq!(t.sums_known(), 2);
    /// ```
    pub fn sums_known(&self) -> usize {
        self.sums.len()
    }

    /// How many outcomes of sums [`Trees::sum_misere_win_within`] remembers.
    pub fn sum_outcomes_known(&self) -> usize {
        self.outcomes.len()
    }

    /// Never: a table always holds the end `0`.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The id with this number, if the table holds it.
    ///
    /// ```
    /// use sprouts::misere::{TreeId, Trees};
    /// let t = Trees::new();
    /// assert_eq!(t.get(0), Some(TreeId::ZERO));
    /// assert_eq!(t.get(1), None);
    /// ```
    pub fn get(&self, index: u32) -> Option<TreeId> {
        Some(TreeId(index)).filter(|id| id.at() < self.nodes.len())
    }

    /// About how many bytes the trees take (`.0`: the trees, their options,
    /// genera and hash chains) and the memoised sums and sum outcomes
    /// (`.1`, [`Trees::memo_bytes`]), counting what the vectors and maps
    /// have reserved.
    ///
    /// ```
    /// use sprouts::misere::Trees;
    /// let mut t = Trees::new();
    /// let (s1, s2) = (t.nim(1), t.nim(2));
    /// let (trees, sums) = t.heap_bytes();
    /// t.sum(s1, s2);
    /// assert!(t.heap_bytes().1 > sums);
    /// assert!(t.heap_bytes().0 >= trees);
    /// ```
    pub fn heap_bytes(&self) -> (usize, usize) {
        let trees = self.nodes.capacity() * size_of::<Node>()
            + self.options.capacity() * size_of::<TreeId>()
            + self.genera.capacity() * size_of::<u32>()
            + map_bytes(&self.heads);
        (trees, self.memo_bytes())
    }

    /// About how many bytes the memoised sums and sum outcomes take (what
    /// [`Trees::clear_sums`] frees); costs nothing to ask.
    ///
    /// ```
    /// use sprouts::misere::Trees;
    /// let mut t = Trees::new();
    /// let (s1, s2, s3) = (t.nim(1), t.nim(2), t.nim(3));
    /// assert_eq!(t.memo_bytes(), 0);
    /// t.sum_misere_win_within(&[s1, s2, s3], 100);
    /// assert!(t.memo_bytes() > 0);
    /// t.clear_sums();
    /// assert_eq!(t.memo_bytes(), 0);
    /// ```
    pub fn memo_bytes(&self) -> usize {
        map_bytes(&self.sums) + map_bytes(&self.outcomes) + self.outcome_key_bytes
    }

    /// Forgets the memoised sums and sum outcomes (the trees stay): they
    /// are found again as needed.
    pub fn clear_sums(&mut self) {
        self.sums = FxHashMap::default();
        self.outcomes = FxHashMap::default();
        self.outcome_key_bytes = 0;
    }

    /// A copy of the table without its memo of sums (what a clone then
    /// [`Trees::clear_sums`] leaves, without copying the memo first: it
    /// may be as large as the trees).
    ///
    /// ```
    /// use sprouts::misere::Trees;
    /// let mut t = Trees::new();
    /// let (s1, s2) = (t.nim(1), t.nim(2));
    /// let s3 = t.sum(s1, s2);
    /// assert!(t.memo_bytes() > 0);
    /// let c = t.without_sums();
    /// assert_eq!((c.len(), c.memo_bytes()), (t.len(), 0));
    /// assert_eq!(c.options(s3), t.options(s3));
    /// ```
    pub fn without_sums(&self) -> Trees {
        Trees {
            nodes: self.nodes.clone(),
            options: self.options.clone(),
            genera: self.genera.clone(),
            heads: self.heads.clone(),
            sums: FxHashMap::default(),
            outcomes: FxHashMap::default(),
            outcome_key_bytes: 0,
            heaps: self.heaps.clone(),
            scratch: Vec::new(),
            marks: Vec::new(),
            terms: Vec::new(),
        }
    }
}
