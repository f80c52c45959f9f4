//! Normal play: depth-first proof-number search (df-pn, Nagai 2002) on
//! (land + nim heap) couples.
//!
//! A node is a land plus a heap; its children are the land's children (each
//! a sum of lands, reduced to its largest land plus a heap by the nimbers of
//! the others, as Lemoine & Viennot do) with the same heap, and the land with
//! every smaller heap. Each node carries a *proof number* (how many leaves at
//! least must still be proved to show the player to move wins) and a
//! *disproof number* (the same for a loss); the search always goes down to
//! the child that looks cheapest to decide, within thresholds, so it finds
//! short proofs without a hand-made move order. Unproved numbers live in a
//! transposition table; proved results go to the [`Store`] at once, as
//! [`NormalEntry`] facts, so they are kept (and written to the database).
//!
//! The children of a land are generated once and kept in a cache (df-pn
//! comes back to the same node many times). A child that is a sum of lands
//! whose nimbers are not all known yet is scored by what computing the
//! nimbers of its smaller lands still costs (see `sum_score`); going into it
//! takes one bounded step on one of those nimbers (a couple of this same
//! search), so the search can leave it for a sibling that became cheaper.
//!
//! The game is acyclic (every move takes a life), so df-pn needs none of its
//! usual care for cycles.
//!
//! With helper threads (`helpers.rs`), the search posts for them, at each
//! depth of its path, the couple it would most likely search next there,
//! and takes their results from the store as it scores children.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::bytes::{lands_of, twice_life};
use super::canon::LandCanon;
use super::children::{ChildLands, Children};
use super::error::SolveError;
use super::search::Solver;
use super::store::{NormalEntry, Store};

/// A proof or disproof number that means "proved" on the other side.
pub(super) const INF: u64 = u64::MAX / 4;

/// The tables' memory budget (see `make_room`; only unproved numbers and
/// child lists are ever lost: every proved result is in the store). A
/// search with helper threads shares one more such budget among its
/// helpers. A larger table is not a faster search: a 3 GiB table was
/// worse in misère play, 4 GiB in normal play (docs/experiments.md#table-trim,
/// #table-size).
pub(super) const TABLE_BUDGET: usize = 768 << 20;

/// A normal-play search (not its helpers) starts again from its proved
/// results after this many expansions, then after each interval twice as
/// long as the one before ([`Solver::set_restarts`]): df-pn's numbers
/// grow stale on the hard starts, and a search that starts again with
/// fresh numbers and what it proved expands fewer positions there
/// (docs/experiments.md#restarts).
pub(super) const FIRST_RESTART: u64 = 500_000;

/// What the search keeps of a land it has seen: its children, once
/// generated, and the numbers of its unproved couples.
#[derive(Default)]
pub(super) struct NormalNode {
    children: Option<Arc<Children>>,
    /// (heap, proof and disproof numbers), for unproved couples and for
    /// proved wins with heaps the store cannot record (64 and up).
    heaps: Vec<(u8, Score)>,
}

impl NormalNode {
    /// About how many bytes the node takes under key `land` without its
    /// children (what the table's budget counts).
    fn numbers_bytes(&self, land: &[u8]) -> usize {
        land.len() + 64 + 24 * self.heaps.len()
    }
}

/// The search's table: what it knows of every land it has seen.
pub(super) type NormalTable = FxHashMap<Box<[u8]>, NormalNode>;

/// Where the normal-play searches of a solver spent their expansions
/// ([`Solver::normal_stats`]; docs/benchmarks.md#normal-profile).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NormalStats {
    /// Lands expanded for a couple with a heap of 0, 1, 2, and 3 or more;
    /// the last, lands whose children were all wanted (no couple).
    pub expanded_by_heap: [u64; 5],
    /// `expanded_by_lives[k]`: expansions of lands of `k` lives.
    pub expanded_by_lives: Vec<u64>,
    /// Expansions stopped at a child known to lose with the couple's heap
    /// (the couple is won; the other children are not made, nor kept).
    pub stopped_early: u64,
    /// With [`Solver::track_expansions`]: expansions of a land expanded
    /// before (its children had not been kept, or were dropped).
    pub expanded_again: u64,
    /// Of those, the ones whose expansion before had stopped early.
    pub again_after_stop: u64,
}

impl NormalStats {
    fn expanded(&mut self, land: &[u8], heap: Option<u8>, stopped: bool) {
        self.expanded_by_heap[heap.map_or(4, |h| usize::from(h.min(3)))] += 1;
        let lives = (twice_lives(land) / 2) as usize;
        if self.expanded_by_lives.len() <= lives {
            self.expanded_by_lives.resize(lives + 1, 0);
        }
        self.expanded_by_lives[lives] += 1;
        self.stopped_early += u64::from(stopped);
    }
}

/// Land `i` of a sum (lands each followed by END_LAND).
fn nth_land(lands: &[u8], i: usize) -> &[u8] {
    lands_of(lands).nth(i).unwrap_or_default()
}

/// The 1 + epsilon trick (Pawlewicz & Lew 2007): a child may run until its
/// disproof number passes the second best's by `1 / share` of it, which avoids
/// switching back and forth between two close children.
#[inline]
fn widen(dn2: u64, share: u64) -> u64 {
    if dn2 >= INF {
        INF
    } else {
        dn2 + dn2 / share + 1
    }
}

/// The widening of normal play: a quarter (a half or an eighth was uneven
/// over 12 to 16 spots: docs/experiments.md).
pub(super) const NORMAL_WIDEN: u64 = 4;

/// The widening of misère play: a tenth (against a quarter, 15 to 17 spots
/// search 14 to 30 % fewer positions: docs/experiments.md#misere-widen).
pub(super) const MISERE_WIDEN: u64 = 10;

/// Twice the lives of a land key (a letter is one life listed twice).
pub(super) fn twice_lives(land: &[u8]) -> u32 {
    land.iter().map(|&x| twice_life(x)).sum()
}

/// A sum of lands plus a heap, reduced by the nimbers the store knows.
struct Reduced {
    /// The heap XOR the known nimbers.
    heap: u8,
    /// How many lands have no known nimber.
    unknown: usize,
    /// The last of them (the only one when `unknown` is 1).
    last: usize,
    /// The one with most lives (then the longest key; the last on a tie):
    /// the land kept when the others' nimbers are computed.
    big: usize,
}

/// The next step in a sum (see `sum_score`): land `land`'s couple with
/// `heap`, its numbers (1, 1 when the table has none), and its share of
/// the sum's numbers.
struct SumStep {
    land: usize,
    heap: u8,
    numbers: Score,
    share: u64,
}

/// The outcome for the mover of a sum of lands plus a heap, if the store's
/// nimbers and outcomes decide it.
pub(super) fn known_outcome<'a, S: Store>(
    store: &mut S,
    lands: impl Iterator<Item = &'a [u8]>,
    heap: u8,
) -> Option<bool> {
    let mut x = heap;
    let mut unknown = None;
    for l in lands {
        match store.get_normal(l) {
            Some(NormalEntry::Nimber(k)) => x ^= k,
            e => {
                if unknown.is_some() {
                    return None;
                }
                unknown = Some(e);
            }
        }
    }
    match unknown {
        None => Some(x != 0),
        Some(e) => e.and_then(|e| e.outcome_with_heap(x)),
    }
}

/// Where the search goes for a child (see `Solver::next_couple`).
enum Next<'k> {
    /// A child proved as it is (no land left, or every nimber known).
    Proved,
    /// A couple (land + heap), searched within the child's thresholds.
    Couple(&'k [u8], u8),
    /// A step on the nimber of one land of a sum: its couple, that couple's
    /// numbers (1, 1 when the table has none), and the sum's score beyond
    /// that couple's share.
    Step {
        land: &'k [u8],
        heap: u8,
        numbers: Score,
        rest: u64,
    },
}

/// What one round of df-pn at a node decides from its children's scores.
pub(super) enum Step {
    /// The node is proved: won (`true`) or lost by its mover.
    Proved(bool),
    /// Its numbers (pn, dn) passed a threshold: back to the parent.
    Over(u64, u64),
    /// Go down to a child with these thresholds.
    Go(Down),
}

/// The child to search next and its thresholds.
pub(super) struct Down {
    pub(super) best: usize,
    pub(super) th_pn: u64,
    pub(super) th_dn: u64,
}

impl Step {
    /// pn is the least disproof number of a child, dn their proof numbers
    /// added up as `sum` says; ties go to the first child (the order
    /// children were generated in). The child gets the thresholds of
    /// Nagai's df-pn, its disproof threshold widened by the 1 + ε trick
    /// (ε = 1 / `share`).
    pub(super) fn of(scores: &[Score], th_pn: u64, th_dn: u64, share: u64, sum: ChildSum) -> Step {
        let mut pn = INF;
        let mut dn: u64 = 0;
        let mut largest: u64 = 0;
        let mut best = usize::MAX;
        let mut dn2 = INF;
        for (i, s) in scores.iter().enumerate() {
            if s.dn < pn {
                dn2 = pn;
                pn = s.dn;
                best = i;
            } else if s.dn < dn2 {
                dn2 = s.dn;
            }
            dn = dn.saturating_add(s.pn);
            largest = largest.max(s.pn);
        }
        if sum == ChildSum::Half {
            // Not 0 unless every child's proof number is 0, as the sum.
            dn = largest + (dn - largest) / 2;
        }
        if pn == 0 {
            return Step::Proved(true);
        }
        if dn == 0 {
            // Every child (if any) is proved won by its mover.
            return Step::Proved(false);
        }
        // Unproved: no proof number is INF (that child would be a loss, and
        // this node proved), so only a huge sum reaches it.
        let dn = dn.min(INF - 1);
        if pn >= th_pn || dn >= th_dn {
            return Step::Over(pn, dn);
        }
        Step::Go(Down {
            best,
            th_pn: th_dn
                .saturating_sub(dn)
                .saturating_add(scores[best].pn)
                .min(INF),
            th_dn: th_pn.min(widen(dn2, share)),
        })
    }
}

/// The couple of a land that its nimber is tested with now, from what is
/// stored of it (`entry`) and the numbers known of its couples: the first
/// heap with which it is not proved a win, and that couple's numbers
/// (`None`: the nimber is known).
pub(super) fn front_of(
    entry: Option<NormalEntry>,
    numbers: impl Fn(u8) -> Option<Score>,
) -> Option<(u8, Option<Score>)> {
    if let Some(NormalEntry::Nimber(_)) = entry {
        return None;
    }
    let mut h = 0u8;
    loop {
        let n = numbers(h);
        let won = match entry.and_then(|e| e.outcome_with_heap(h)) {
            Some(o) => o,
            None => matches!(n, Some(Score { pn: 0, .. })),
        };
        if !won {
            return Some((h, n));
        }
        h += 1;
    }
}

/// What the search knows of one child when choosing.
#[derive(Clone, Copy)]
pub(super) struct Score {
    pub(super) pn: u64,
    pub(super) dn: u64,
}

impl Score {
    /// Whether the child is proved won or lost (its score cannot change).
    pub(super) fn proved(self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

pub(super) const WIN: Score = Score { pn: 0, dn: INF };
pub(super) const LOSS: Score = Score { pn: INF, dn: 0 };
pub(super) const UNKNOWN: Score = Score { pn: 1, dn: 1 };

/// How the normal-play search adds up its children's proof numbers into a
/// position's disproof number ([`Solver::set_child_sum`],
/// docs/solver.md#child-sum). The outcomes and nimbers found are the same
/// either way; which positions are searched, and so the proofs the
/// certificate builders find, differ.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ChildSum {
    /// Their sum, as in Nagai's df-pn. The certificate builders' measured
    /// sizes (docs/certificates.md#small) were found with it.
    Whole,
    /// The largest of them plus half the others: less weight to the many
    /// children of a position that transpose into each other's subtrees.
    /// The default, for the fewer children it makes on the hard starts
    /// (docs/experiments.md#half-sum).
    #[default]
    Half,
}

impl<S: Store, C: LandCanon> Solver<S, C> {
    /// The nimber of a land: heaps 0, 1, 2, ... until the couple is a loss.
    /// It is at most the number of children (mex), so the loop ends.
    pub(crate) fn land_nimber(&mut self, land: &[u8]) -> Result<u8, SolveError> {
        let mut h: u8 = 0;
        loop {
            match self.store.get_normal(land) {
                Some(NormalEntry::Nimber(k)) => return Ok(k),
                Some(e) if e.outcome_with_heap(h) == Some(true) => {}
                _ => {
                    if !self.win_land_heap(land, h)? {
                        return Ok(h);
                    }
                }
            }
            h += 1;
        }
    }

    /// Whether the land plus a heap of `heap` is a win for the mover.
    pub(super) fn win_land_heap(&mut self, land: &[u8], heap: u8) -> Result<bool, SolveError> {
        self.mid(land, heap, INF, INF)?;
        match self.proved(land, heap) {
            Some(w) => Ok(w),
            None => unreachable!("df-pn with infinite thresholds returns only when proved"),
        }
    }

    /// The outcome of a couple if the store has it.
    pub(super) fn stored(&mut self, land: &[u8], heap: u8) -> Option<bool> {
        self.store
            .get_normal(land)
            .and_then(|e| e.outcome_with_heap(heap))
    }

    /// The proved outcome of a couple, from the store (or, for heaps the
    /// store cannot say, from the table).
    fn proved(&mut self, land: &[u8], heap: u8) -> Option<bool> {
        if let Some(o) = self.stored(land, heap) {
            return Some(o);
        }
        match self.numbers(land, heap) {
            Some(Score { pn: 0, .. }) => Some(true),
            Some(Score { dn: 0, .. }) => Some(false),
            _ => None,
        }
    }

    /// The score of a couple (land + heap), seen from its own mover.
    fn couple_score(&mut self, land: &[u8], heap: u8) -> Score {
        match self.stored(land, heap) {
            Some(true) => WIN,
            Some(false) => LOSS,
            None => self.numbers(land, heap).unwrap_or(UNKNOWN),
        }
    }

    /// A sum of lands plus a heap reduced by the nimbers the store knows
    /// (no allocation: this runs for every sum child at every step).
    fn reduce(&mut self, lands: &[u8], heap: u8) -> Reduced {
        let mut r = Reduced {
            heap,
            unknown: 0,
            last: 0,
            big: 0,
        };
        let mut big_key = (0, 0);
        for (i, l) in lands_of(lands).enumerate() {
            match self.store.get_normal(l) {
                Some(NormalEntry::Nimber(k)) => r.heap ^= k,
                _ => {
                    let t = twice_lives(l) as u64;
                    if r.unknown == 0 || (t, l.len()) >= big_key {
                        r.big = i;
                        big_key = (t, l.len());
                    }
                    r.unknown += 1;
                    r.last = i;
                }
            }
        }
        r
    }

    /// The couple of a land whose nimber is not known that its nimber is
    /// tested with now: the first heap with which the land is not proved a
    /// win, and that couple's numbers if the table has them (`None`: the
    /// nimber is known).
    fn front(&mut self, land: &[u8]) -> Option<(u8, Option<Score>)> {
        let entry = self.store.get_normal(land);
        front_of(entry, |h| self.numbers(land, h))
    }

    /// The numbers of a sum with at least two lands of unknown nimber, as
    /// SPOTS scores its multi-land nodes (Čížek, Balko & Schmid 2025):
    /// going into it means computing the nimbers of all of them but the
    /// largest, one couple (land + heap) at a time, so it costs 1 plus, for
    /// each, the least of its current couple's proof and disproof numbers
    /// (a quarter of its twice lives while the table has none). Also the
    /// step to take in it: on the cheapest of those couples.
    ///
    /// Far cheaper than computing those nimbers at once, each to the end,
    /// when the search first goes into the sum; the quarter was chosen
    /// among the fractions tried (docs/experiments.md#sum-score).
    fn sum_score(&mut self, lands: &[u8], r: &Reduced) -> (Score, SumStep) {
        let mut v = 1u64;
        let mut best = SumStep {
            land: usize::MAX,
            heap: 0,
            numbers: UNKNOWN,
            share: u64::MAX,
        };
        for (i, l) in lands_of(lands).enumerate() {
            if i == r.big {
                continue;
            }
            let Some((heap, numbers)) = self.front(l) else {
                continue;
            };
            let share = sum_share(l, numbers);
            v = v.saturating_add(share);
            if share < best.share {
                best = SumStep {
                    land: i,
                    heap,
                    numbers: numbers.unwrap_or(UNKNOWN),
                    share,
                };
            }
        }
        let v = v.min(INF - 1);
        (Score { pn: v, dn: v }, best)
    }

    /// The score of a child (seen from the child's mover, the opponent).
    fn child_score(&mut self, child: ChildLands, heap: u8) -> Score {
        match child {
            ChildLands::Heap => {
                if heap != 0 {
                    WIN
                } else {
                    LOSS
                }
            }
            ChildLands::One(l) => self.couple_score(l, heap),
            ChildLands::Sum(lands) => {
                let r = self.reduce(lands, heap);
                match r.unknown {
                    0 => {
                        if r.heap != 0 {
                            WIN
                        } else {
                            LOSS
                        }
                    }
                    1 => self.couple_score(nth_land(lands, r.last), r.heap),
                    _ => self.sum_score(lands, &r).0,
                }
            }
        }
    }

    /// The table's numbers for a couple, if it has them.
    pub(super) fn numbers(&self, land: &[u8], heap: u8) -> Option<Score> {
        let node = self.normal_table.get(land)?;
        node.heaps
            .iter()
            .find(|&&(h, _)| h == heap)
            .map(|&(_, s)| s)
    }

    /// Records the numbers of a couple (`None`: forgets them).
    fn set_numbers(&mut self, land: &[u8], heap: u8, numbers: Option<Score>) {
        match self.normal_table.get_mut(land) {
            Some(node) => {
                node.heaps.retain(|&(h, _)| h != heap);
                if let Some(s) = numbers {
                    node.heaps.push((heap, s));
                }
            }
            None => {
                if let Some(s) = numbers {
                    self.make_room(land.len() + 64);
                    let node = NormalNode {
                        children: None,
                        heaps: vec![(heap, s)],
                    };
                    self.normal_table.insert(land.into(), node);
                }
            }
        }
    }

    /// Keeps the tables within their budget: past it, every child list is
    /// dropped (they are generated again when needed) and only the numbers
    /// of unproved positions are kept; if those alone fill half the budget,
    /// the tables start afresh (docs/solver.md#table: keeping the numbers of
    /// most work instead was measured and not kept).
    pub(super) fn make_room(&mut self, bytes: usize) {
        self.table_bytes += bytes;
        let budget = self.table_budget();
        if self.table_bytes <= budget {
            return;
        }
        self.trims.children += 1;
        self.normal_table.retain(|_, n| {
            n.children = None;
            !n.heaps.is_empty()
        });
        self.misere_table.retain(|_, n| {
            n.drop_kids();
            n.has_numbers()
        });
        let kept: usize = self
            .normal_table
            .iter()
            .map(|(k, n)| n.numbers_bytes(k))
            .chain(self.misere_table.iter().map(|(k, n)| n.numbers_bytes(k)))
            .sum();
        if kept > budget / 2 {
            self.trims.numbers += 1;
            self.start_afresh();
            self.table_bytes = bytes;
        } else {
            self.table_bytes = kept + bytes;
        }
    }

    /// Forgets the numbers of every unproved couple (and every child list)
    /// when a restart is due ([`Self::set_restarts`]): in a normal-play
    /// search (its misère table empty), alone or with helpers, on its own
    /// expansions; never in a helper (helpers restarting too gained nothing
    /// measurable, docs/experiments.md#dropped).
    fn restart_if_due(&mut self) {
        let Some(first) = self.restart_first else {
            return;
        };
        if self.link.as_ref().is_some_and(|l| l.me > 0) || !self.misere_table.is_empty() {
            return;
        }
        let (at, interval) = *self
            .next_restart
            .get_or_insert((self.searched + first, first));
        if self.searched < at {
            return;
        }
        let interval = interval.saturating_mul(2);
        self.next_restart = Some((self.searched.saturating_add(interval), interval));
        self.trims.restarts += 1;
        self.start_afresh();
    }

    /// Forgets every unproved number and child list, both plays: the
    /// search goes on from its proved results (in the store).
    fn start_afresh(&mut self) {
        self.normal_table.clear();
        self.misere_table.clear();
        self.table_bytes = 0;
    }

    /// The budget `make_room` keeps the tables within: the one set
    /// ([`Self::set_table_bytes`]) or [`TABLE_BUDGET`], divided among the
    /// helpers that share it.
    pub(super) fn table_budget(&self) -> usize {
        self.table_budget.unwrap_or(TABLE_BUDGET) / self.table_sharers.max(1)
    }

    /// The children of a land, from the table or generated (and counted).
    pub(super) fn cached_children(&mut self, land: &[u8]) -> Result<Arc<Children>, SolveError> {
        match self.cached_children_unless_won(land, None)? {
            Some(k) => Ok(k),
            None => unreachable!("only a heap stops the generation"),
        }
    }

    /// [`Self::cached_children`]; but if they are not in the table and `heap` is given,
    /// `None` as soon as a child is known to lose with that heap (the couple
    /// is won: the other children are not needed, and not made).
    fn cached_children_unless_won(
        &mut self,
        land: &[u8],
        heap: Option<u8>,
    ) -> Result<Option<Arc<Children>>, SolveError> {
        if let Some(c) = self
            .normal_table
            .get(land)
            .and_then(|n| n.children.as_ref())
        {
            return Ok(Some(c.clone()));
        }
        self.restart_if_due();
        let made = self.expand(land, |store, c| {
            heap.is_some_and(|h| known_outcome(store, lands_of(c), h) == Some(false))
        })?;
        self.normal_stats.expanded(land, heap, made.is_none());
        if let Some(seen) = &mut self.expanded_lands {
            if let Some(stopped) = seen.insert(land.into(), made.is_none()) {
                self.normal_stats.expanded_again += 1;
                self.normal_stats.again_after_stop += u64::from(stopped);
            }
        }
        let Some(made) = made else {
            return Ok(None);
        };
        let children = Arc::new(made);
        self.make_room(land.len() + 64 + children.bytes());
        self.normal_table.entry(land.into()).or_default().children = Some(children.clone());
        Ok(Some(children))
    }

    /// Multiple-iterative deepening: searches the couple until it is proved
    /// or its proof number reaches `th_pn` or its disproof number `th_dn`
    /// (see [`Self::mid_at_depth`]; on a search with helpers, what it posted at
    /// this depth and deeper is withdrawn when it returns).
    fn mid(&mut self, land: &[u8], heap: u8, th_pn: u64, th_dn: u64) -> Result<(), SolveError> {
        let Some(d) = self.link.as_mut().and_then(|l| l.enter()) else {
            return self.mid_at_depth(land, heap, th_pn, th_dn, None);
        };
        let r = self.mid_at_depth(land, heap, th_pn, th_dn, Some(d));
        if let Some(l) = &mut self.link {
            l.leave(d);
        }
        r
    }

    /// Posts for the helpers, at depth `d` of the search's path, the
    /// couple of the unproved child with the least disproof number after
    /// `best` (the one the search goes into): the child it would most
    /// likely go into next (unless it is the one posted last).
    fn post_next(
        &mut self,
        d: usize,
        (land, heap): (&[u8], u8),
        children: &Children,
        scores: &[Score],
        best: usize,
        posted: &mut usize,
    ) {
        let next = scores
            .iter()
            .enumerate()
            .filter(|&(i, s)| i != best && !s.proved())
            .min_by_key(|&(_, s)| s.dn)
            .map(|(i, _)| i);
        let Some(j) = next.filter(|&j| j != *posted) else {
            return;
        };
        *posted = j;
        let (l, h) = match self.next_couple(land, heap, children, j) {
            Next::Proved => return,
            Next::Couple(l, h)
            | Next::Step {
                land: l, heap: h, ..
            } => (l, h),
        };
        if let Some(link) = &mut self.link {
            link.post(d, l, h);
        }
    }

    /// Where the search goes for child `j` of a node (`land` + `heap`,
    /// children `children`): the child's land with the node's heap, the node's
    /// land with a smaller heap, the one land of unknown nimber of a sum
    /// with the heap its other lands reduce to, or a step on the nimber of
    /// the cheapest land of a sum with several (see `sum_score`).
    fn next_couple<'k>(
        &mut self,
        land: &'k [u8],
        heap: u8,
        children: &'k Children,
        j: usize,
    ) -> Next<'k> {
        if j >= children.len() {
            return Next::Couple(land, (j - children.len()) as u8);
        }
        match children.child_lands(j) {
            ChildLands::Heap => Next::Proved,
            ChildLands::One(l) => Next::Couple(l, heap),
            ChildLands::Sum(lands) => {
                let r = self.reduce(lands, heap);
                match r.unknown {
                    0 => Next::Proved,
                    1 => Next::Couple(nth_land(lands, r.last), r.heap),
                    _ => {
                        let (s, step) = self.sum_score(lands, &r);
                        Next::Step {
                            land: nth_land(lands, step.land),
                            heap: step.heap,
                            numbers: step.numbers,
                            rest: s.pn - step.share,
                        }
                    }
                }
            }
        }
    }

    /// [`Self::mid`] at depth `depth` of the path of a search with helpers
    /// (`None`: a search alone, or a helper's): there it posts the child it
    /// would most likely go into next, and it stops as soon as a helper
    /// proved the couple.
    fn mid_at_depth(
        &mut self,
        land: &[u8],
        heap: u8,
        th_pn: u64,
        th_dn: u64,
        depth: Option<usize>,
    ) -> Result<(), SolveError> {
        let Some(children) = self.cached_children_unless_won(land, Some(heap))? else {
            self.settle(land, heap, true);
            return Ok(());
        };
        // A child once proved stays proved: it is not scored again.
        let mut scores: Vec<Score> = vec![UNKNOWN; children.len() + heap as usize];
        // The child last posted for the helpers.
        let mut posted = usize::MAX;
        loop {
            self.tick()?;
            if self.link.is_some() && self.stored(land, heap).is_some() {
                // A helper proved it.
                self.set_numbers(land, heap, None);
                return Ok(());
            }
            for (i, score) in scores.iter_mut().enumerate() {
                if score.proved() {
                    continue;
                }
                *score = match i.checked_sub(children.len()) {
                    None => self.child_score(children.child_lands(i), heap),
                    Some(m) => self.couple_score(land, m as u8),
                };
            }
            let step = match Step::of(&scores, th_pn, th_dn, NORMAL_WIDEN, self.child_sum) {
                Step::Proved(win) => {
                    self.settle(land, heap, win);
                    return Ok(());
                }
                Step::Over(pn, dn) => {
                    self.set_numbers(land, heap, Some(Score { pn, dn }));
                    return Ok(());
                }
                Step::Go(step) => step,
            };
            let (best, child_pn, child_dn) = (step.best, step.th_pn, step.th_dn);
            if let Some(d) = depth {
                self.post_next(d, (land, heap), &children, &scores, best, &mut posted);
            }
            match self.next_couple(land, heap, &children, best) {
                Next::Proved => unreachable!("the search never goes into a proved child"),
                Next::Couple(l, h) => self.mid(l, h, child_pn, child_dn)?,
                Next::Step {
                    land: l,
                    heap: h,
                    numbers: Score { pn, dn },
                    rest,
                } => {
                    // Go into the sum: one step on the nimber of its
                    // cheapest land (not the one with most lives). The sum
                    // stays within its thresholds while that couple's least
                    // number stays under `m`; the couple stops when either
                    // number reaches its threshold, so a number already
                    // past `m` gets none.
                    let m = child_pn.min(child_dn) - rest;
                    let (tp, td) = if pn < m && dn < m {
                        (m, m)
                    } else if pn < m {
                        (m, INF)
                    } else {
                        (INF, m)
                    };
                    self.mid(l, h, tp, td)?;
                }
            }
        }
    }

    /// Records a proved couple.
    fn settle(&mut self, land: &[u8], heap: u8, win: bool) {
        let e = if win {
            if heap >= 64 {
                // The store cannot say it; the table keeps it.
                self.set_numbers(land, heap, Some(WIN));
                return;
            }
            NormalEntry::NotIn(1 << heap)
        } else {
            NormalEntry::Nimber(heap)
        };
        self.set_numbers(land, heap, None);
        self.put(land, e);
    }
}

/// What one land of a sum adds to the sum's numbers: the least of its own
/// numbers, or a quarter of twice its lives before it was searched.
pub(super) fn sum_share(land: &[u8], numbers: Option<Score>) -> u64 {
    match numbers {
        Some(s) => s.pn.min(s.dn),
        None => twice_lives(land) as u64 / 4,
    }
}

#[cfg(test)]
mod tests {
    use super::super::bytes::{END_BOUNDARY, END_REGION, FIRST_LETTER, ONE, TWO, ZERO};
    use super::*;

    #[test]
    fn twice_lives_counts_letters_once_per_listing() {
        // 3 + 2 + 1 lives, and one letter (1 life) listed twice.
        let land = [
            ZERO,
            ONE,
            END_BOUNDARY,
            TWO,
            FIRST_LETTER,
            FIRST_LETTER,
            END_BOUNDARY,
            END_REGION,
        ];
        assert_eq!(twice_lives(&land), 14);
        assert_eq!(twice_lives(&[END_BOUNDARY, END_REGION]), 0);
    }

    #[test]
    fn every_expansion_is_a_first_or_an_again_and_tracking_changes_nothing() {
        use crate::model::{Position, Variant};
        let mut s = Solver::new();
        s.track_expansions();
        assert!(s.win(&Position::start(9, Variant::Normal)).unwrap());
        let st = s.normal_stats().clone();
        let distinct = s.expanded_lands.as_ref().unwrap().len() as u64;
        assert_eq!(st.expanded_again, s.searched() - distinct);
        assert!(st.again_after_stop > 0 && st.again_after_stop <= st.expanded_again);
        assert!(st.stopped_early > 0 && st.stopped_early < s.searched());
        // The same search untracked counts the same, but nothing again.
        let mut plain = Solver::new();
        plain.win(&Position::start(9, Variant::Normal)).unwrap();
        assert_eq!(plain.searched(), s.searched());
        assert_eq!(plain.normal_stats().stopped_early, st.stopped_early);
        assert_eq!(plain.normal_stats().expanded_again, 0);
    }

    #[test]
    fn the_half_sum_searches_other_positions_for_the_same_values() {
        use crate::model::{Position, Variant};
        // The 12-spot start from empty tables on one thread: positions
        // expanded and children made with each sum, as measured with the
        // sum read from the environment (docs/experiments.md#half-sum).
        for (sum, searched, made) in [
            (ChildSum::Whole, 25_625, 515_619),
            (ChildSum::Half, 34_126, 595_630),
        ] {
            let mut s = Solver::new();
            s.set_child_sum(sum);
            assert!(!s.win(&Position::start(12, Variant::Normal)).unwrap());
            assert_eq!((s.searched(), s.generated()), (searched, made), "{sum:?}");
        }
        // The nimbers of the starts are the same with either sum.
        for n in 1..=10 {
            let pos = Position::start(n, Variant::Normal);
            let [whole, half] = [ChildSum::Whole, ChildSum::Half].map(|sum| {
                let mut s = Solver::new();
                s.set_child_sum(sum);
                s.nimber(&pos).unwrap()
            });
            assert_eq!(whole, half, "{n} spots");
        }
    }

    #[test]
    fn the_table_budget_is_the_default_unless_set_and_shared_by_helpers() {
        use crate::model::{Position, Variant};
        let mut s = Solver::new();
        assert!(!s.win(&Position::start(2, Variant::Normal)).unwrap());
        assert_eq!(s.table_budget(), 768 << 20);
        // A budget set holds for both plays; helpers share theirs.
        s.set_table_bytes(96 << 20);
        assert_eq!(s.table_budget(), 96 << 20);
        assert!(s.win(&Position::start(6, Variant::Misere)).unwrap());
        assert_eq!(s.table_budget(), 96 << 20);
        s.table_sharers = 3;
        assert_eq!(s.table_budget(), 32 << 20);
        assert_eq!(s.fresh().table_budget(), 96 << 20);
    }

    #[test]
    fn restarts_keep_the_published_nimbers_and_come_on_schedule() {
        use crate::model::{Position, Variant};
        // Restarts before the expansions counted from 40, 120, 280, ...
        // (the k-th at 40 * (2^k - 1)).
        let due = |searched: u64| {
            (1..)
                .take_while(|&k| 40 * ((1u64 << k) - 1) < searched)
                .count() as u64
        };
        // Lemoine & Viennot: the nimber of N spots is 1 when N mod 6 is
        // 3, 4 or 5, and 0 otherwise (AJS 1991 up to 11).
        for n in 1..=11u32 {
            let mut s = Solver::new();
            s.set_restarts(Some(40));
            let nimber = s.nimber(&Position::start(n, Variant::Normal)).unwrap();
            assert_eq!(nimber, u8::from(matches!(n % 6, 3..=5)), "{n} spots");
            assert_eq!(s.table_trims().restarts, due(s.searched()), "{n} spots");
        }
        // With a helper, on the schedule of the search's own expansions.
        std::thread::spawn(move || {
            assert_eq!(crate::solve::use_threads(2), 2);
            for n in [7, 10, 11] {
                let mut s = Solver::new();
                s.set_restarts(Some(40));
                let nimber = s.nimber(&Position::start(n, Variant::Normal)).unwrap();
                assert_eq!(nimber, u8::from(n != 7), "{n} spots, two threads");
                let due = due(s.searched());
                assert!(due > 0, "{n} spots: {} expansions", s.searched());
                assert_eq!(s.table_trims().restarts, due, "{n} spots, two threads");
            }
        })
        .join()
        .unwrap();
        // None by default below the first interval, nor when switched off.
        let mut s = Solver::new();
        s.nimber(&Position::start(9, Variant::Normal)).unwrap();
        assert!(s.searched() < FIRST_RESTART);
        assert_eq!(s.table_trims().restarts, 0);
        s.set_restarts(None);
        s.nimber(&Position::start(11, Variant::Normal)).unwrap();
        assert_eq!(s.table_trims().restarts, 0);
        // Never in misère play.
        let mut s = Solver::new();
        s.set_restarts(Some(1));
        assert!(s.win(&Position::start(6, Variant::Misere)).unwrap());
        assert_eq!(s.table_trims().restarts, 0);
    }

    #[test]
    fn tables_far_past_their_budget_still_give_the_published_outcomes() {
        use crate::model::{Position, Variant};
        // AJS 1991: normal play, the first player wins N = 3, 4, 5, 9, 10,
        // 11; misère play N = 1, 5, 6, 10.
        let mut forgot = 0;
        for (variant, wins, last) in [
            (Variant::Normal, &[3, 4, 5, 9, 10, 11][..], 11),
            (Variant::Misere, &[1, 5, 6, 10][..], 10),
        ] {
            for n in 1..=last {
                let mut s = Solver::new();
                s.set_table_bytes(256 << 10);
                let win = s.win(&Position::start(n, variant)).unwrap();
                assert_eq!(win, wins.contains(&n), "{variant:?} {n} spots");
                forgot += s.table_trims().numbers;
            }
        }
        // The budget is small enough that numbers were forgotten too.
        assert!(forgot > 0);
    }
}
