//! The distributed search on a master tree of jobs (docs/ray.md#scaling),
//! the design the simulation (`simulate.rs`) measures, with real workers:
//!
//! - A [`TreeMaster`] keeps the proof-number tree of couples (land + nim
//!   heap) of `job_tree.rs` over its store (the database). An idle worker
//!   is given the most-proving leaf no other worker holds
//!   ([`TreeMaster::take_job`]), as bytes: the couple, a budget in
//!   positions, the couples of its children (whose numbers the master
//!   wants back) and what the master knows of its children's lands that
//!   it has not sent that worker yet.
//! - The worker ([`Worker::run_job`](super::Worker::run_job)) runs df-pn on
//!   the couple for at most the budget, keeping its tables from job to job,
//!   and answers with every result it proved (one message, batched), and,
//!   if the couple is unproved, the numbers its table has for it and for
//!   each child couple named.
//! - The master ([`TreeMaster::complete`]) merges the results into its
//!   store and submits the job: the leaf is opened, its children take the
//!   worker's numbers, and the path is scored again; a couple is settled
//!   only from proved values. Results go to a worker only with its jobs,
//!   and only those about its job's children's lands: no result is sent to
//!   every worker.
//!
//! A worker's numbers are guidance, never proof: they are kept within
//! (1, [`INF`]) so that no unproved couple is settled by them. Results
//! are proofs, as with [`Master`](super::Master): a worker sends only what
//! its solver proved. A worker that dies ([`TreeMaster::abandon`]) loses
//! its job, whose leaf is unlocked for the next; what it was sent is
//! forgotten (the new process starts empty). The tree is not saved: a run
//! started again over the same database grows it again, each proved
//! couple a lookup.
//!
//! ```
//! use sprouts::model::{Position, Variant};
//! use sprouts::solve::{MemoryStore, TreeMaster, Worker};
//! let pos = Position::start(7, Variant::Normal);
//! let master = TreeMaster::new(MemoryStore::default(), &pos, 1, 200).unwrap();
//! let mut worker = Worker::new(64 << 20).unwrap();
//! while !master.done() {
//!     let job = master.take_job(0).unwrap().expect("one worker always has a job");
//!     let answer = worker.run_job(&job).unwrap();
//!     master.complete(0, &answer).unwrap();
//! }
//! let finished = master.close();
//! assert_eq!(finished.answer, Ok((false, 0))); // 7 spots: a loss (AJS 1991)
//! ```

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use rustc_hash::FxHashSet;

use super::canon::PseudoCanon;
use super::distributed::{Finished, decode_results, encode_results, for_each_result};
use super::error::SolveError;
use super::helpers::lock;
use super::job_tree::{Couple, JobTree, SELECT_VISITS, Select, TreeStore};
use super::land::{Land, decompose};
use super::pns::{INF, Score};
use super::store::{NormalEntry, Store};
use crate::model::{Position, Variant};

/// The first byte of a job's bytes (its format's version).
const JOB_VERSION: u8 = 1;

/// A job for a worker, as [`TreeMaster::take_job`] writes it and
/// [`Worker::run_job`](super::Worker::run_job) reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct JobSpec {
    pub(super) land: Box<[u8]>,
    pub(super) heap: u8,
    /// The most positions the worker expands on it.
    pub(super) budget: u64,
    /// The couples whose numbers the master wants back.
    pub(super) couples: Vec<Couple>,
    /// Results to learn first (bytes of [`encode_results`]).
    pub(super) news: Vec<u8>,
}

/// A cursor over bytes from another process: every read is checked.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, what: &'static str) -> Result<&'a [u8], SolveError> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or_else(|| SolveError::bad_key(self.at, what))?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }
    fn u8(&mut self, what: &'static str) -> Result<u8, SolveError> {
        Ok(self.take(1, what)?[0])
    }
    fn u32(&mut self, what: &'static str) -> Result<u32, SolveError> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn u64(&mut self, what: &'static str) -> Result<u64, SolveError> {
        let b = self.take(8, what)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(u64::from_le_bytes(a))
    }
    /// A land key as the solver writes it (its shape checked).
    fn land(&mut self) -> Result<Box<[u8]>, SolveError> {
        let at = self.at;
        let n = self.u32("a land's length")? as usize;
        let key = self.take(n, "a land")?;
        let land = Land::from_bytes(key).map_err(|_| SolveError::bad_key(at, "a land key"))?;
        if land.as_bytes() != key {
            return Err(SolveError::bad_key(
                at,
                "a land key as the solver writes it",
            ));
        }
        Ok(key.into())
    }
    fn rest(&mut self) -> &'a [u8] {
        let s = &self.bytes[self.at..];
        self.at = self.bytes.len();
        s
    }
}

fn put_land(out: &mut Vec<u8>, land: &[u8]) {
    out.extend_from_slice(&(land.len() as u32).to_le_bytes());
    out.extend_from_slice(land);
}

impl JobSpec {
    pub(super) fn to_bytes(&self) -> Vec<u8> {
        let mut out = vec![JOB_VERSION];
        out.extend_from_slice(&self.budget.to_le_bytes());
        out.push(self.heap);
        put_land(&mut out, &self.land);
        out.extend_from_slice(&(self.couples.len() as u32).to_le_bytes());
        for (l, h) in &self.couples {
            put_land(&mut out, l);
            out.push(*h);
        }
        out.extend_from_slice(&self.news);
        out
    }

    /// Reads a job's bytes; an error (never a panic) for anything else.
    pub(super) fn from_bytes(bytes: &[u8]) -> Result<JobSpec, SolveError> {
        let mut r = Reader { bytes, at: 0 };
        if r.u8("a job's version")? != JOB_VERSION {
            return Err(SolveError::bad_key(0, "a job of version 1"));
        }
        let budget = r.u64("a budget")?;
        let heap = r.u8("a heap")?;
        let land = r.land()?;
        let n = r.u32("a count of couples")? as usize;
        let mut couples = Vec::new();
        for _ in 0..n {
            let l = r.land()?;
            couples.push((l, r.u8("a heap")?));
        }
        let news = r.rest().to_vec();
        decode_results(&news)?;
        Ok(JobSpec {
            land,
            heap,
            budget,
            couples,
            news,
        })
    }
}

/// A worker's answer to a job.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct JobAnswer {
    /// Whether the player to move wins the couple, if proved.
    pub(super) outcome: Option<bool>,
    /// Positions the worker expanded in all.
    pub(super) searched: u64,
    /// The couple's numbers in the worker's table (unproved).
    pub(super) numbers: Option<(u64, u64)>,
    /// The numbers of each couple the job named, in its order.
    pub(super) couples: Vec<Option<(u64, u64)>>,
    /// What it proved (bytes of [`encode_results`]).
    pub(super) results: Vec<u8>,
}

fn put_numbers(out: &mut Vec<u8>, n: Option<(u64, u64)>) {
    match n {
        None => out.push(0),
        Some((pn, dn)) => {
            out.push(1);
            out.extend_from_slice(&pn.to_le_bytes());
            out.extend_from_slice(&dn.to_le_bytes());
        }
    }
}

fn read_numbers(r: &mut Reader) -> Result<Option<(u64, u64)>, SolveError> {
    match r.u8("numbers' flag")? {
        0 => Ok(None),
        1 => Ok(Some((
            r.u64("a proof number")?,
            r.u64("a disproof number")?,
        ))),
        _ => Err(SolveError::bad_key(r.at - 1, "numbers' flag 0 or 1")),
    }
}

impl JobAnswer {
    pub(super) fn to_bytes(&self) -> Vec<u8> {
        let mut out = vec![match self.outcome {
            None => 0,
            Some(true) => 1,
            Some(false) => 2,
        }];
        out.extend_from_slice(&self.searched.to_le_bytes());
        put_numbers(&mut out, self.numbers);
        out.extend_from_slice(&(self.couples.len() as u32).to_le_bytes());
        for &n in &self.couples {
            put_numbers(&mut out, n);
        }
        out.extend_from_slice(&self.results);
        out
    }

    pub(super) fn from_bytes(bytes: &[u8]) -> Result<JobAnswer, SolveError> {
        let mut r = Reader { bytes, at: 0 };
        let outcome = match r.u8("an outcome")? {
            0 => None,
            1 => Some(true),
            2 => Some(false),
            _ => return Err(SolveError::bad_key(0, "an outcome 0, 1 or 2")),
        };
        let searched = r.u64("a count of positions")?;
        let numbers = read_numbers(&mut r)?;
        let n = r.u32("a count of couples")? as usize;
        let mut couples = Vec::new();
        for _ in 0..n {
            couples.push(read_numbers(&mut r)?);
        }
        let results = r.rest().to_vec();
        decode_results(&results)?;
        Ok(JobAnswer {
            outcome,
            searched,
            numbers,
            couples,
            results,
        })
    }
}

/// A worker's numbers as the tree takes them: guidance only, never 0 (a
/// proof) nor past [`INF`].
fn guidance((pn, dn): (u64, u64)) -> Score {
    Score {
        pn: pn.clamp(1, INF - 1),
        dn: dn.clamp(1, INF - 1),
    }
}

/// The master's store as its tree sees it.
struct View<'a, S>(&'a mut S);

impl<S: Store> TreeStore for View<'_, S> {
    fn entry(&mut self, land: &[u8]) -> Option<NormalEntry> {
        self.0.get_normal(land)
    }
    fn settle(&mut self, land: &[u8], e: NormalEntry) {
        merge_into(self.0, land, e);
    }
}

/// Merges a fact into a store.
fn merge_into<S: Store>(store: &mut S, land: &[u8], e: NormalEntry) -> bool {
    let old = store.get_normal(land);
    let merged = old.map_or(e, |o| o.merge(e));
    if old == Some(merged) {
        return false;
    }
    store.put_normal(land, merged);
    true
}

/// What the master keeps of a worker.
#[derive(Default)]
struct Seat {
    /// The path to the leaf it holds, and the couples named with the job.
    job: Option<(Vec<Couple>, Vec<Couple>)>,
    /// Lands it was sent (or proved): what it knows of them is not sent
    /// again unless the master learns more.
    sent: rustc_hash::FxHashMap<Box<[u8]>, NormalEntry>,
    searched: u64,
}

/// How many lands the master remembers having sent, over all its workers:
/// each worker's share of it bounds its memory, so that the master's
/// memory does not grow with workers times lands.
const SENT_BUDGET: usize = 1 << 24;

impl Seat {
    /// Notes that the worker knows `e` of `land`, and says whether that
    /// is more than it was known to know (then `e` is to be sent). Past
    /// `cap` lands it forgets them all, which costs only results sent
    /// again (a worker merges a result it holds).
    fn remember(&mut self, land: &[u8], e: NormalEntry, cap: usize) -> bool {
        if let Some(held) = self.sent.get_mut(land) {
            let merged = held.merge(e);
            let more = merged != *held;
            *held = merged;
            return more;
        }
        if self.sent.len() >= cap {
            self.sent.clear();
        }
        self.sent.insert(land.into(), e);
        true
    }
}

struct State<S> {
    store: S,
    tree: JobTree,
    lands: Vec<Land>,
    /// The land being solved (an index into `lands`), its heap now, and the
    /// nimber of the lands before it.
    next: usize,
    heap: u8,
    nimber: u8,
    answer: Option<Result<(bool, u8), SolveError>>,
    budget: u64,
    seats: Vec<Seat>,
    /// The lands each seat may remember having sent (see [`SENT_BUDGET`]).
    sent_cap: usize,
    received: u64,
    jobs: u64,
}

/// The search of a normal-play position on a master tree of jobs, with
/// outside workers (see the module docs). Its calls can come from any
/// thread; each takes a lock for as long as the tree's work on one job.
pub struct TreeMaster<S> {
    state: Mutex<State<S>>,
    cancelled: AtomicBool,
}

impl<S: Store> TreeMaster<S> {
    /// The search of who wins `pos` and of its nimber (normal play) over
    /// `store`, with `workers` workers (numbered from 0), each job at most
    /// `budget` positions. An error for a misère position or one the
    /// solver refuses.
    pub fn new(
        store: S,
        pos: &Position,
        workers: usize,
        budget: u64,
    ) -> Result<TreeMaster<S>, SolveError> {
        if pos.variant() != Variant::Normal {
            return Err(SolveError::bad_key(0, "a position in normal play"));
        }
        let lands = decompose(pos)?;
        let mut state = State {
            store,
            // The master opens one leaf per worker itself, so that there
            // is a leaf for each at the start.
            tree: JobTree::new(Arc::new(PseudoCanon), workers as u64),
            lands,
            next: 0,
            heap: 0,
            nimber: 0,
            answer: None,
            budget: budget.max(1),
            seats: (0..workers).map(|_| Seat::default()).collect(),
            sent_cap: (SENT_BUDGET / workers.max(1)).max(1 << 12),
            received: 0,
            jobs: 0,
        };
        state.advance();
        Ok(TreeMaster {
            state: Mutex::new(state),
            cancelled: AtomicBool::new(false),
        })
    }

    /// A job for worker `worker` (bytes for
    /// [`Worker::run_job`](super::Worker::run_job)): the most-proving leaf
    /// no other worker holds. `None` when every leaf is held (ask again
    /// when a job comes back) or the search is done. A worker that still
    /// holds a job gives it up first.
    pub fn take_job(&self, worker: usize) -> Result<Option<Vec<u8>>, SolveError> {
        let mut st = lock(&self.state);
        let workers = st.seats.len();
        if worker >= workers {
            return Err(SolveError::no_worker(worker, workers));
        }
        st.release(worker);
        if self.cancelled.load(Ordering::Relaxed) {
            return Ok(None);
        }
        loop {
            st.advance();
            let Some((land, heap)) = st.root() else {
                return Ok(None);
            };
            let out = st.seats.iter().any(|s| s.job.is_some());
            let st = &mut *st;
            let mut busy = FxHashSet::default();
            let mut path = Vec::new();
            let mut may_open = st.tree.grow > 0;
            // With no job out a leaf is always found: nothing is held.
            let mut visits = if out { SELECT_VISITS } else { u64::MAX };
            let mut view = View(&mut st.store);
            match st.tree.select(
                &mut view,
                &land,
                heap,
                &mut path,
                &mut busy,
                &mut may_open,
                &mut visits,
            )? {
                Select::Proved => continue,
                Select::Busy => return Ok(None),
                Select::Leaf(path) => {
                    let leaf = path.last().cloned().expect("a leaf ends its path");
                    st.tree.set_locked(&leaf, true);
                    let mut couples = st.tree.targets(&mut view, &leaf.0, leaf.1);
                    let mut seen = FxHashSet::default();
                    couples.retain(|c| seen.insert(c.clone()));
                    let mut news = Vec::new();
                    let seat = &mut st.seats[worker];
                    for l in st.tree.child_lands(&leaf.0) {
                        let Some(e) = st.store.get_normal(&l) else {
                            continue;
                        };
                        if seat.remember(&l, e, st.sent_cap) {
                            encode_results([(&*l, e)], &mut news);
                        }
                    }
                    let job = JobSpec {
                        land: leaf.0.clone(),
                        heap: leaf.1,
                        budget: st.budget,
                        couples: couples.clone(),
                        news,
                    };
                    seat.job = Some((path, couples));
                    st.jobs += 1;
                    return Ok(Some(job.to_bytes()));
                }
            }
        }
    }

    /// Takes back worker `worker`'s answer (bytes of
    /// [`Worker::run_job`](super::Worker::run_job)) to the job it holds:
    /// its results go into the store, and the job's leaf is submitted.
    /// Returns how many results it held, and the positions the worker
    /// says it expanded in all. Bad bytes, an unknown worker or one without
    /// a job are an error, and nothing of them is taken.
    pub fn complete(&self, worker: usize, answer: &[u8]) -> Result<(u64, u64), SolveError> {
        let mut st = lock(&self.state);
        let workers = st.seats.len();
        if worker >= workers {
            return Err(SolveError::no_worker(worker, workers));
        }
        let a = JobAnswer::from_bytes(answer)?;
        let st = &mut *st;
        let Some((path, couples)) = st.seats[worker].job.take() else {
            return Err(SolveError::bad_key(
                0,
                "an answer from a worker that holds a job",
            ));
        };
        if a.couples.len() != couples.len() {
            st.seats[worker].job = Some((path, couples));
            return Err(SolveError::bad_key(0, "numbers for each couple of the job"));
        }
        let seat = &mut st.seats[worker];
        seat.searched = a.searched;
        let mut received = 0;
        for_each_result(&a.results, |land, e| {
            received += 1;
            merge_into(&mut st.store, land, e);
            seat.remember(land, e, st.sent_cap);
        })?;
        st.received += received;
        let numbers: rustc_hash::FxHashMap<Couple, Score> = couples
            .into_iter()
            .zip(a.couples)
            .filter_map(|(c, n)| Some((c, guidance(n?))))
            .collect();
        st.tree.submit(
            &mut View(&mut st.store),
            &path,
            a.numbers.map(guidance),
            |c| numbers.get(c).copied(),
        );
        st.advance();
        Ok((received, a.searched))
    }

    /// Worker `worker` died (its process was lost): the leaf it held is
    /// given to the next, and what it was sent is forgotten.
    pub fn abandon(&self, worker: usize) {
        let mut st = lock(&self.state);
        if worker < st.seats.len() {
            st.release(worker);
            st.seats[worker] = Seat::default();
        }
    }

    /// Whether the search is done (or cancelled).
    pub fn done(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed) || lock(&self.state).answer.is_some()
    }

    /// Stops the search: no job is given from now on, and closing gives a
    /// stopped error unless the answer was found.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    /// Results received from workers so far; jobs given; the master's tree
    /// nodes; positions the workers said they expanded (their last
    /// answers).
    pub fn counts(&self) -> TreeCounts {
        let st = lock(&self.state);
        TreeCounts {
            received: st.received,
            jobs: st.jobs,
            nodes: st.tree.nodes.len() as u64,
            searched: st.tree.searched,
            workers_searched: st.seats.iter().map(|s| s.searched).sum(),
            in_flight: st.seats.iter().filter(|s| s.job.is_some()).count(),
        }
    }

    /// Ends the search: flushes the store and gives the answer.
    pub fn close(self) -> Finished<S> {
        let mut st = self.state.into_inner().unwrap_or_else(|e| e.into_inner());
        st.store.flush();
        Finished {
            answer: st.answer.unwrap_or_else(|| Err(SolveError::stopped())),
            searched: st.tree.searched,
            store: st.store,
        }
    }
}

/// What a [`TreeMaster`] counted so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TreeCounts {
    /// Results received from the workers.
    pub received: u64,
    /// Jobs given.
    pub jobs: u64,
    /// Couples in the master's tree.
    pub nodes: u64,
    /// Positions the master expanded (lands' children made).
    pub searched: u64,
    /// Positions the workers expanded, as their last answers said.
    pub workers_searched: u64,
    /// Jobs out now.
    pub in_flight: usize,
}

impl<S: Store> State<S> {
    /// The couple being proved now, if the search is not done.
    fn root(&self) -> Option<Couple> {
        if self.answer.is_some() {
            return None;
        }
        let land = self.lands.get(self.next)?;
        Some((land.as_bytes().into(), self.heap))
    }

    /// Moves past what is proved: a land's heaps known to win, then the
    /// next land once its nimber is known; sets the answer at the end.
    fn advance(&mut self) {
        while self.answer.is_none() {
            let Some(land) = self.lands.get(self.next) else {
                self.answer = Some(Ok((self.nimber != 0, self.nimber)));
                return;
            };
            let key = land.as_bytes();
            if let Some(NormalEntry::Nimber(k)) = self.store.get_normal(key) {
                self.nimber ^= k;
                self.next += 1;
                self.heap = 0;
                continue;
            }
            match self.tree.known(&mut View(&mut self.store), key, self.heap) {
                Some(true) => match self.heap.checked_add(1) {
                    Some(h) => self.heap = h,
                    None => {
                        self.answer = Some(Err(SolveError::bad_key(0, "a nimber under 256")));
                    }
                },
                Some(false) => {
                    self.nimber ^= self.heap;
                    self.next += 1;
                    self.heap = 0;
                }
                None => return,
            }
        }
    }

    /// Unlocks the leaf worker `worker` holds, if any.
    fn release(&mut self, worker: usize) {
        if let Some((path, _)) = self.seats[worker].job.take() {
            if let Some(leaf) = path.last() {
                self.tree.set_locked(leaf, false);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::distributed::runs::every_result_holds;
    use super::super::{MemoryStore, Worker};
    use super::*;

    /// Runs a tree master with `workers` workers, each on a thread of its
    /// own, jobs of `budget` positions; worker 0 dies (its answer lost,
    /// a fresh worker in its place) after its `die_after`-th job.
    fn run(n: u32, workers: usize, budget: u64, die_after: Option<usize>) -> Finished<MemoryStore> {
        run_capped(n, workers, budget, die_after, None)
    }

    /// [`run`], the master remembering at most `cap` lands sent per worker.
    fn run_capped(
        n: u32,
        workers: usize,
        budget: u64,
        die_after: Option<usize>,
        cap: Option<usize>,
    ) -> Finished<MemoryStore> {
        let pos = Position::start(n, Variant::Normal);
        let master = TreeMaster::new(MemoryStore::default(), &pos, workers, budget).unwrap();
        if let Some(cap) = cap {
            lock(&master.state).sent_cap = cap;
        }
        std::thread::scope(|scope| {
            for me in 0..workers {
                let master = &master;
                scope.spawn(move || {
                    let mut worker = Worker::new(16 << 20).unwrap();
                    let mut jobs = 0;
                    while !master.done() {
                        let Some(job) = master.take_job(me).unwrap() else {
                            std::thread::yield_now();
                            continue;
                        };
                        let answer = worker.run_job(&job).unwrap();
                        jobs += 1;
                        if me == 0 && die_after == Some(jobs) {
                            master.abandon(me);
                            worker = Worker::new(16 << 20).unwrap();
                            continue;
                        }
                        master.complete(me, &answer).unwrap();
                    }
                });
            }
        });
        master.close()
    }

    #[test]
    fn workers_on_the_tree_give_the_published_outcomes_and_nimbers() {
        // AJS 1991: L L W W W L L L W for 1..9 spots; winning starts have
        // nimber 1.
        let wins = [false, false, true, true, true, false, false, false, true];
        for (n, &win) in (1..=9).zip(&wins) {
            for (workers, budget) in [(1, 1_000_000), (1, 30), (2, 30), (3, 100)] {
                let f = run(n, workers, budget, None);
                assert_eq!(
                    f.answer,
                    Ok((win, u8::from(win))),
                    "{n} spots, {workers} workers, {budget}"
                );
            }
        }
    }

    #[test]
    fn a_master_that_forgets_what_it_sent_still_solves() {
        let mut seat = Seat::default();
        for l in [[0u8], [1], [2], [3], [4]] {
            seat.remember(&l, NormalEntry::NotIn(1), 3);
            assert!(seat.sent.len() <= 3);
        }
        // A land held is merged, not counted again.
        seat.remember(&[4], NormalEntry::NotIn(2), 2);
        assert_eq!(seat.sent.get(&[4][..]), Some(&NormalEntry::NotIn(3)));
        for (n, outcome) in [(7, (false, 0)), (9, (true, 1))] {
            let f = run_capped(n, 2, 50, None, Some(2));
            assert_eq!(f.answer, Ok(outcome), "{n} spots");
            every_result_holds(f.store);
        }
    }

    #[test]
    fn a_worker_that_dies_costs_only_its_job_and_every_result_holds() {
        for die_after in [1, 3, 10] {
            let f = run(8, 2, 40, Some(die_after));
            assert_eq!(f.answer, Ok((false, 0)));
            every_result_holds(f.store);
        }
    }

    #[test]
    fn a_sum_of_lands_gets_the_xor_of_their_nimbers() {
        // Two lands of one spot each (nimber 0 each: a loss) and the
        // 3-spot start (nimber 1) beside them: nimber 1, a win.
        let lands: Vec<Land> = [1, 1, 3]
            .iter()
            .flat_map(|&n| decompose(&Position::start(n, Variant::Normal)).unwrap())
            .collect();
        let pos = super::super::lands_position(&lands).unwrap();
        assert_eq!(decompose(&pos).unwrap().len(), 3);
        let master = TreeMaster::new(MemoryStore::default(), &pos, 1, 20).unwrap();
        let mut worker = Worker::new(16 << 20).unwrap();
        while !master.done() {
            let job = master.take_job(0).unwrap().unwrap();
            master.complete(0, &worker.run_job(&job).unwrap()).unwrap();
        }
        assert_eq!(master.close().answer, Ok((true, 1)));
    }

    #[test]
    fn bad_bytes_and_unknown_workers_are_errors() {
        let pos = Position::start(6, Variant::Normal);
        let master = TreeMaster::new(MemoryStore::default(), &pos, 1, 20).unwrap();
        assert_eq!(
            master.take_job(1).unwrap_err().to_string(),
            "there is no worker 1 (there are 1)"
        );
        // No job held: an answer is refused.
        let empty = JobAnswer {
            outcome: None,
            searched: 0,
            numbers: None,
            couples: vec![],
            results: vec![],
        };
        assert!(master.complete(0, &empty.to_bytes()).is_err());
        let job = master.take_job(0).unwrap().unwrap();
        let mut worker = Worker::new(1 << 20).unwrap();
        // Every cut of a job or an answer is an error, never a panic.
        for cut in 0..job.len() {
            let spec = JobSpec::from_bytes(&job[..cut]);
            assert!(
                spec.is_err() || cut >= job.len() - JobSpec::from_bytes(&job).unwrap().news.len()
            );
        }
        assert!(worker.run_job(&[9, 9, 9]).is_err());
        let answer = worker.run_job(&job).unwrap();
        for cut in 0..answer.len() {
            let a = JobAnswer::from_bytes(&answer[..cut]);
            assert!(a.is_err() || a.unwrap() != JobAnswer::from_bytes(&answer).unwrap());
        }
        // Numbers for fewer couples than the job named.
        let mut short = JobAnswer::from_bytes(&answer).unwrap();
        if !short.couples.is_empty() {
            short.couples.pop();
            assert!(master.complete(0, &short.to_bytes()).is_err());
        }
        master.complete(0, &answer).unwrap();
        // A worker's numbers never settle a couple.
        assert_eq!(guidance((0, 0)).pn, 1);
        assert_eq!(guidance((u64::MAX, 0)).pn, INF - 1);
    }

    #[test]
    fn jobs_and_answers_read_back() {
        let job = JobSpec {
            land: vec![0, 0xFF, 0xFE].into(),
            heap: 2,
            budget: 500,
            couples: vec![(vec![0, 0xFF, 0xFE].into(), 1)],
            news: {
                let mut b = Vec::new();
                encode_results([(&[0, 0xFF, 0xFE][..], NormalEntry::Nimber(0))], &mut b);
                b
            },
        };
        assert_eq!(JobSpec::from_bytes(&job.to_bytes()).unwrap(), job);
        let answer = JobAnswer {
            outcome: Some(false),
            searched: 77,
            numbers: Some((3, 4)),
            couples: vec![None, Some((1, 2))],
            results: job.news.clone(),
        };
        assert_eq!(JobAnswer::from_bytes(&answer.to_bytes()).unwrap(), answer);
        // A land that is no solver key.
        let mut bad = job.clone();
        bad.land = vec![0, 0xFE].into();
        assert!(JobSpec::from_bytes(&bad.to_bytes()).is_err());
    }
}
