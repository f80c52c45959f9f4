//! The master's proof-number tree of couples (land + nim heap) whose
//! leaves are jobs for workers running df-pn (docs/ray.md#scaling): one
//! copy, used by the simulation (`simulate.rs`) and by the distributed
//! driver's [`TreeMaster`](super::TreeMaster).
//!
//! A couple's children are those df-pn gives it (`pns.rs`): the land's
//! children with the same heap (a sum of several lands of unknown nimber
//! scored as df-pn scores it, and entered by the couple of its cheapest
//! smaller land) and the land with every smaller heap. A job goes to the
//! most-proving leaf no worker holds; a job that comes back unproved is
//! *submitted*: the leaf is opened and its children take the numbers the
//! worker's table gave them, so the tree grows where the work is.
//!
//! What the tree knows of lands (nimbers, heaps known to win) lives in the
//! caller's store, seen through [`TreeStore`]; the tree settles a couple
//! only from its children's proved values, as df-pn does.

use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use super::bytes::lands_of;
use super::canon::PseudoCanon;
use super::children::{ChildLands, Children, children_unless};
use super::error::SolveError;
use super::pns::{INF, LOSS, Score, UNKNOWN, WIN, front_of, sum_share, twice_lives};
use super::store::NormalEntry;

/// A couple (land + heap): the master's key.
pub(super) type Couple = (Box<[u8]>, u8);

/// The master's store as the tree sees it.
pub(super) trait TreeStore {
    /// What is known of a land.
    fn entry(&mut self, land: &[u8]) -> Option<NormalEntry>;
    /// Records what the tree proved of a land (merged with what is known).
    fn settle(&mut self, land: &[u8], e: NormalEntry);
}

/// What the master keeps of a couple.
pub(super) struct Node {
    pub(super) numbers: Score,
    /// Expanded: its children are scored (those of the land are in
    /// [`JobTree::children`]).
    pub(super) open: bool,
    /// A worker holds it as its job.
    pub(super) locked: bool,
}

impl Node {
    fn new() -> Node {
        Node {
            numbers: UNKNOWN,
            open: false,
            locked: false,
        }
    }
}

/// Where a descent ended.
pub(super) enum Select {
    /// A leaf for a job, the path to it.
    Leaf(Vec<Couple>),
    /// Every unproved leaf below is held by a worker (or the descent
    /// visited [`SELECT_VISITS`] nodes without finding one).
    Busy,
    /// The node is proved.
    Proved,
}

/// The most tree nodes one descent visits looking for a leaf no worker
/// holds (past it the worker waits for the next job to come back).
pub(super) const SELECT_VISITS: u64 = 256;

/// The tree.
pub(super) struct JobTree {
    pub(super) nodes: FxHashMap<Couple, Node>,
    pub(super) children: FxHashMap<Box<[u8]>, Arc<Children>>,
    canon: Arc<PseudoCanon>,
    /// The master's own expansions allowed before its tree grows by jobs.
    pub(super) grow: u64,
    /// Tree nodes visited, and positions expanded (lands' children made).
    pub(super) visited: u64,
    pub(super) searched: u64,
}

impl JobTree {
    pub(super) fn new(canon: Arc<PseudoCanon>, grow: u64) -> JobTree {
        JobTree {
            nodes: FxHashMap::default(),
            children: FxHashMap::default(),
            canon,
            grow,
            visited: 0,
            searched: 0,
        }
    }

    /// The outcome of a couple the master knows, if it does.
    pub(super) fn known(&self, st: &mut dyn TreeStore, land: &[u8], heap: u8) -> Option<bool> {
        let known = st.entry(land).and_then(|e| e.outcome_with_heap(heap));
        known.or_else(|| {
            // A win with a heap the store cannot say (64 and up).
            let n = self.nodes.get(&(land.into(), heap))?;
            (n.numbers.pn == 0).then_some(true)
        })
    }

    /// A couple's score in the master's view, from its own mover's side.
    fn couple_score(&self, st: &mut dyn TreeStore, land: &[u8], heap: u8) -> Score {
        match self.known(st, land, heap) {
            Some(true) => WIN,
            Some(false) => LOSS,
            None => self
                .nodes
                .get(&(land.into(), heap))
                .map_or(UNKNOWN, |n| n.numbers),
        }
    }

    /// The first heap with which a land is not known to win, and that
    /// couple's numbers if the master has them; `None` if its nimber is
    /// known.
    fn front(&self, st: &mut dyn TreeStore, land: &[u8]) -> Option<(u8, Option<Score>)> {
        front_of(st.entry(land), |h| {
            self.nodes.get(&(land.into(), h)).map(|n| n.numbers)
        })
    }

    /// Child `j` of a couple (the land's children, then the land with each
    /// smaller heap): its score from its mover's side, and the couple the
    /// search goes into for it (`None`: proved as it is). A sum of several
    /// lands of unknown nimber is scored as df-pn scores it (`pns.rs`,
    /// `sum_score`) and entered by its cheapest smaller land's couple.
    fn target(
        &self,
        st: &mut dyn TreeStore,
        children: &Children,
        land: &[u8],
        heap: u8,
        j: usize,
    ) -> (Score, Option<Couple>) {
        if j >= children.len() {
            let m = (j - children.len()) as u8;
            return (self.couple_score(st, land, m), Some((land.into(), m)));
        }
        let end = |x: u8| if x != 0 { WIN } else { LOSS };
        match children.child_lands(j) {
            ChildLands::Heap => (end(heap), None),
            ChildLands::One(l) => (self.couple_score(st, l, heap), Some((l.into(), heap))),
            ChildLands::Sum(lands) => {
                let mut x = heap;
                let mut unknown: Vec<&[u8]> = Vec::new();
                let mut big = 0;
                let mut big_key = (0u32, 0usize);
                for l in lands_of(lands) {
                    match st.entry(l) {
                        Some(NormalEntry::Nimber(k)) => x ^= k,
                        _ => {
                            let k = (twice_lives(l), l.len());
                            if unknown.is_empty() || k >= big_key {
                                big = unknown.len();
                                big_key = k;
                            }
                            unknown.push(l);
                        }
                    }
                }
                match unknown.len() {
                    0 => (end(x), None),
                    1 => (
                        self.couple_score(st, unknown[0], x),
                        Some((unknown[0].into(), x)),
                    ),
                    _ => {
                        let mut v = 1u64;
                        let mut best: Option<(u64, Couple)> = None;
                        for (i, l) in unknown.iter().enumerate() {
                            if i == big {
                                continue;
                            }
                            let Some((h, numbers)) = self.front(st, l) else {
                                continue;
                            };
                            let share = sum_share(l, numbers);
                            v = v.saturating_add(share);
                            if best.as_ref().is_none_or(|(b, _)| share < *b) {
                                best = Some((share, ((*l).into(), h)));
                            }
                        }
                        let v = v.min(INF - 1);
                        (Score { pn: v, dn: v }, best.map(|(_, c)| c))
                    }
                }
            }
        }
    }

    /// The couples the search goes into for a couple's children, in the
    /// order of its children (a couple twice if two children lead to it;
    /// its land's children are made if they were not): those whose numbers
    /// a worker's table can give.
    pub(super) fn targets(&mut self, st: &mut dyn TreeStore, land: &[u8], heap: u8) -> Vec<Couple> {
        let children = self.land_children(land);
        (0..children.len() + heap as usize)
            .filter_map(|j| self.target(st, &children, land, heap, j).1)
            .collect()
    }

    /// Scores an open couple from its children, records its numbers, and
    /// settles it if proved (its result goes to the store). Returns the
    /// children's scores and couples.
    pub(super) fn evaluate(
        &mut self,
        st: &mut dyn TreeStore,
        land: &[u8],
        heap: u8,
    ) -> Vec<(Score, Option<Couple>)> {
        self.visited += 1;
        if self.known(st, land, heap).is_some() {
            return Vec::new();
        }
        let Some(children) = self.children.get(land).cloned() else {
            return Vec::new();
        };
        if !self.nodes.get(&(land.into(), heap)).is_some_and(|n| n.open) {
            return Vec::new();
        }
        let scored: Vec<_> = (0..children.len() + heap as usize)
            .map(|j| self.target(st, &children, land, heap, j))
            .collect();
        let pn = scored.iter().map(|(s, _)| s.dn).min().unwrap_or(INF);
        let dn = scored
            .iter()
            .fold(0u64, |a, (s, _)| a.saturating_add(s.pn))
            .min(INF);
        if pn == 0 {
            self.settle(st, land, heap, true);
        } else if dn == 0 {
            self.settle(st, land, heap, false);
        } else if let Some(n) = self.nodes.get_mut(&(land.into(), heap)) {
            n.numbers = Score {
                pn,
                dn: dn.min(INF - 1),
            };
        }
        scored
    }

    /// Records a couple the master proved.
    fn settle(&mut self, st: &mut dyn TreeStore, land: &[u8], heap: u8, win: bool) {
        if win && heap >= 64 {
            if let Some(n) = self.nodes.get_mut(&(land.into(), heap)) {
                n.numbers = WIN;
            }
            return;
        }
        let e = if win {
            NormalEntry::NotIn(1 << heap)
        } else {
            NormalEntry::Nimber(heap)
        };
        st.settle(land, e);
    }

    /// Goes down from a couple to the most-proving leaf no worker holds
    /// (opening leaves on the way while the master may still grow its tree
    /// itself), appending the couples passed to `path`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn select(
        &mut self,
        st: &mut dyn TreeStore,
        land: &[u8],
        heap: u8,
        path: &mut Vec<Couple>,
        busy: &mut FxHashSet<Couple>,
        may_open: &mut bool,
        budget: &mut u64,
    ) -> Result<Select, SolveError> {
        self.visited += 1;
        if *budget == 0 {
            return Ok(Select::Busy);
        }
        *budget -= 1;
        if self.known(st, land, heap).is_some() {
            return Ok(Select::Proved);
        }
        let key: Couple = (land.into(), heap);
        if busy.contains(&key) {
            return Ok(Select::Busy);
        }
        let node = self.nodes.entry(key.clone()).or_insert_with(Node::new);
        if node.locked {
            return Ok(Select::Busy);
        }
        if !node.open {
            if !*may_open {
                path.push(key);
                return Ok(Select::Leaf(std::mem::take(path)));
            }
            // One leaf opened by the master per descent, while it may.
            *may_open = false;
            self.grow -= 1;
            self.open(land, heap);
        }
        path.push(key.clone());
        loop {
            let scored = self.evaluate(st, land, heap);
            if self.known(st, land, heap).is_some() {
                path.pop();
                return Ok(Select::Proved);
            }
            let mut order: Vec<(u64, usize)> = scored
                .iter()
                .enumerate()
                .filter(|(_, (s, c))| !s.proved() && c.is_some())
                .map(|(j, (s, _))| (s.dn, j))
                .collect();
            order.sort_unstable();
            let mut again = false;
            for (_, j) in order {
                let Some((cl, ch)) = scored[j].1.clone() else {
                    continue;
                };
                match self.select(st, &cl, ch, path, busy, may_open, budget)? {
                    Select::Leaf(p) => return Ok(Select::Leaf(p)),
                    Select::Busy => {}
                    Select::Proved => {
                        again = true;
                        break;
                    }
                }
            }
            if !again {
                busy.insert(key);
                path.pop();
                return Ok(Select::Busy);
            }
        }
    }

    /// Locks or unlocks a leaf (a worker holds it as its job).
    pub(super) fn set_locked(&mut self, couple: &Couple, locked: bool) {
        if let Some(n) = self.nodes.get_mut(couple) {
            n.locked = locked;
        }
    }

    /// Takes a job back from the leaf that ends `path`: unlocks it, gives
    /// it the numbers the worker's table had for it (`numbers`, none if
    /// proved), opens it if it is still unproved (its children not opened
    /// yet taking the numbers `child_numbers` gives them), and updates the
    /// path. Returns how many children took numbers.
    pub(super) fn submit(
        &mut self,
        st: &mut dyn TreeStore,
        path: &[Couple],
        numbers: Option<Score>,
        mut child_numbers: impl FnMut(&Couple) -> Option<Score>,
    ) -> usize {
        let Some((leaf, heap)) = path.last().cloned() else {
            return 0;
        };
        if let Some(n) = self.nodes.get_mut(&(leaf.clone(), heap)) {
            n.locked = false;
            if let Some(s) = numbers {
                n.numbers = s;
            }
        }
        let mut fresh = Vec::new();
        if self.known(st, &leaf, heap).is_none() {
            self.open(&leaf, heap);
            for c in self.targets(st, &leaf, heap) {
                if self.nodes.get(&c).is_some_and(|n| n.open) {
                    continue;
                }
                if let Some(s) = child_numbers(&c) {
                    fresh.push((c, s));
                }
            }
        }
        let count = fresh.len();
        for (c, s) in fresh {
            self.nodes.entry(c).or_insert_with(Node::new).numbers = s;
        }
        for (l, h) in path.iter().rev() {
            self.evaluate(st, l, *h);
        }
        count
    }

    /// Expands a couple's land in the master's tree (once per land; one
    /// position expanded) and marks the couple open.
    fn open(&mut self, land: &[u8], heap: u8) {
        self.land_children(land);
        self.nodes
            .entry((land.into(), heap))
            .or_insert_with(Node::new)
            .open = true;
    }

    /// A land's children in the master's view (generated once: one
    /// position expanded).
    pub(super) fn land_children(&mut self, land: &[u8]) -> Arc<Children> {
        if let Some(c) = self.children.get(land) {
            return c.clone();
        }
        let made = Arc::new(
            children_unless(land, &*self.canon, |_| false)
                .unwrap_or_default()
                .compacted(),
        );
        self.searched += 1;
        self.children.insert(land.into(), made.clone());
        made
    }

    /// The lands of a land's children (each once), for what a job is sent
    /// with it.
    pub(super) fn child_lands(&mut self, land: &[u8]) -> Vec<Box<[u8]>> {
        let children = self.land_children(land);
        let mut seen = FxHashSet::default();
        let mut out = Vec::new();
        let mut offer = |l: &[u8]| {
            if seen.insert(l.to_vec()) {
                out.push(l.into());
            }
        };
        for j in 0..children.len() {
            match children.child_lands(j) {
                ChildLands::Heap => {}
                ChildLands::One(l) => offer(l),
                ChildLands::Sum(lands) => lands_of(lands).for_each(&mut offer),
            }
        }
        out
    }
}
