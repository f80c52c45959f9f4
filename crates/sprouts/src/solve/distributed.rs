//! The normal-play search with provers outside the process (other
//! processes, other machines): the machinery of the helper threads
//! (`helpers.rs`) with its helpers replaced by outside sides.
//!
//! A [`Master`] runs the search on a thread of its own, as the search with
//! helper threads runs: it posts at each depth of its path the couple
//! (land + nim heap) it would most likely need next, and withdraws what it
//! posted at a depth when it leaves it. Outside workers, each a [`Worker`]
//! (a solver with its own tables, in its own process), take those couples
//! ([`Master::take_job`]), prove them a time slice at a time
//! ([`Worker::prove`]), and hand back every result they proved, sub-results
//! included ([`Master::exchange`]): the master merges them into its store
//! (so into its database) and passes them on to every other worker, and
//! sends each worker what the search and the others proved.
//!
//! Results travel as bytes ([`encode_results`]): each land key (the
//! solver's key bytes, as the database stores them) with its
//! [`NormalEntry`] (in [`NormalEntry::to_bytes`] form). Bytes that come
//! from another process are input: [`decode_results`] checks them and
//! fails with an error, never a panic.
//!
//! A worker proves what it sends, as a helper thread does, so nothing
//! unproved is ever stored; a job a worker never finishes (it died, or the
//! job was withdrawn) costs only the time spent on it: the job stays posted
//! until the search leaves it, and another worker can take it.
//!
//! ```
//! use std::time::Duration;
//! use sprouts::model::{Position, Variant};
//! use sprouts::solve::{Master, MemoryStore, Worker};
//! let master = Master::start(MemoryStore::default(), Position::start(7, Variant::Normal), 1)
//!     .unwrap();
//! let mut worker = Worker::new(64 << 20).unwrap();
//! let mut news = Vec::new();
//! while !master.done() {
//!     let Some(job) = master.take_job() else {
//!         std::thread::sleep(Duration::from_millis(1));
//!         continue;
//!     };
//!     let proof = worker.prove(job.land(), job.heap(), &news, Duration::from_millis(20)).unwrap();
//!     news = master.exchange(0, &proof.results).unwrap();
//! }
//! let finished = master.close().unwrap();
//! assert_eq!(finished.answer, Ok((false, 0)));
//! ```

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::bytes::{check_letters, parse_land};
use super::error::SolveError;
use super::helpers::{Finish, Job, Link, Proved, Shared, lock};
use super::land::Land;
use super::search::Solver;
use super::store::{MemoryStore, NormalEntry, Progress, Store};
use super::tree_master::{JobAnswer, JobSpec};
use crate::model::{Position, Variant};

/// How long the master's thread sleeps between two looks at the results
/// that arrive once the search is done.
const LINGER: Duration = Duration::from_millis(5);

/// Appends results to `out` as bytes: for each, the land key's length (4
/// bytes, little endian), the key, the entry's length (1 byte) and the
/// entry ([`NormalEntry::to_bytes`]).
///
/// ```
/// use sprouts::solve::{decode_results, encode_results, NormalEntry};
/// let mut bytes = Vec::new();
/// encode_results([(&[0, 0xFF, 0xFE][..], NormalEntry::Nimber(0))], &mut bytes);
/// assert_eq!(bytes, [3, 0, 0, 0, 0, 0xFF, 0xFE, 2, 0, 0]);
/// assert_eq!(decode_results(&bytes).unwrap(), [(vec![0, 0xFF, 0xFE], NormalEntry::Nimber(0))]);
/// ```
pub fn encode_results<'a>(
    results: impl IntoIterator<Item = (&'a [u8], NormalEntry)>,
    out: &mut Vec<u8>,
) {
    for (land, e) in results {
        out.extend_from_slice(&(land.len() as u32).to_le_bytes());
        out.extend_from_slice(land);
        let e = e.to_bytes();
        out.push(e.len() as u8);
        out.extend_from_slice(&e);
    }
}

/// Reads [`encode_results`]' bytes, checking every land key's shape (its
/// regions and letters) and every entry.
///
/// ```
/// use sprouts::solve::decode_results;
/// assert!(decode_results(&[]).unwrap().is_empty());
/// let err = decode_results(&[3, 0, 0, 0, 0, 0xFF]).unwrap_err();
/// assert_eq!(err.to_string(), "bad land key at byte 4: expected a whole land key and its entry");
/// ```
pub fn decode_results(bytes: &[u8]) -> Result<Vec<(Vec<u8>, NormalEntry)>, SolveError> {
    let mut out = Vec::new();
    for_each_result(bytes, |land, e| out.push((land.to_vec(), e)))?;
    Ok(out)
}

/// Calls `f` on each result of [`encode_results`]' bytes, checked.
pub(super) fn for_each_result(
    bytes: &[u8],
    mut f: impl FnMut(&[u8], NormalEntry),
) -> Result<(), SolveError> {
    const WHOLE: &str = "a whole land key and its entry";
    let mut at = 0;
    while at < bytes.len() {
        let Some(len) = bytes.get(at..at + 4) else {
            return Err(SolveError::bad_key(at, WHOLE));
        };
        let len = u32::from_le_bytes([len[0], len[1], len[2], len[3]]) as usize;
        let start = at + 4;
        let Some(land) = start.checked_add(len).and_then(|end| bytes.get(start..end)) else {
            return Err(SolveError::bad_key(start, WHOLE));
        };
        let regions = parse_land(land).map_err(|_| SolveError::bad_key(start, "a land key"))?;
        check_letters(&regions).map_err(|w| SolveError::bad_key(start, w))?;
        let e_at = start + len;
        let Some(&e_len) = bytes.get(e_at) else {
            return Err(SolveError::bad_key(e_at, WHOLE));
        };
        let entry = bytes
            .get(e_at + 1..e_at + 1 + e_len as usize)
            .and_then(NormalEntry::from_bytes)
            .ok_or(SolveError::bad_key(e_at, "a normal-play entry"))?;
        f(land, entry);
        at = e_at + 1 + e_len as usize;
    }
    Ok(())
}

/// Results as sent between sides, from bytes.
fn decode_proved(bytes: &[u8]) -> Result<Vec<Proved>, SolveError> {
    let mut out = Vec::new();
    for_each_result(bytes, |land, e| out.push((land.into(), e)))?;
    Ok(out)
}

/// Results as sent between sides, to bytes.
fn encode_proved(results: &[Proved]) -> Vec<u8> {
    let mut out = Vec::new();
    encode_results(results.iter().map(|(l, e)| (&**l, *e)), &mut out);
    out
}

/// Counts the search's positions expanded where others can read them.
struct Counter(Arc<AtomicU64>);

impl Progress for Counter {
    fn searched(&mut self, total: u64) {
        self.0.store(total, Ordering::Relaxed);
    }
}

/// What the master's search ended with.
pub struct Finished<S> {
    /// Whether the player to move wins, and the position's nimber; an error
    /// if the search was cancelled ([`SolveError::is_stopped`]) or refused
    /// the position.
    pub answer: Result<(bool, u8), SolveError>,
    /// Positions the master's search expanded.
    pub searched: u64,
    /// The master's store, flushed: every result the search and the
    /// workers proved.
    pub store: S,
}

/// The search of a normal-play position with outside workers (see the
/// module docs): the search runs on a thread of its own; the caller hands
/// its jobs to workers and their results back.
pub struct Master<S> {
    shared: Arc<Shared>,
    /// Each worker's end of the exchange (side `i + 1` for worker `i`).
    sides: Vec<Mutex<Link>>,
    /// Set when the caller closes: the search's thread then flushes and ends.
    closing: Arc<AtomicBool>,
    cancel: Arc<AtomicBool>,
    searched: Arc<AtomicU64>,
    /// Results received from workers.
    received: AtomicU64,
    handle: Option<JoinHandle<Finished<S>>>,
}

/// A job a worker took: a couple (land + nim heap) the search posted. The
/// job counts one taker for as long as the ticket lives.
pub struct Ticket(Arc<Job>);

impl Ticket {
    /// The land's key bytes.
    pub fn land(&self) -> &[u8] {
        &self.0.land
    }

    /// The nim heap beside the land.
    pub fn heap(&self) -> u8 {
        self.0.heap
    }

    /// Whether the search no longer wants the couple (it left that node, or
    /// it is done): the worker can drop it.
    pub fn withdrawn(&self) -> bool {
        self.0.stop.load(Ordering::Relaxed)
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.0.takers.fetch_sub(1, Ordering::Relaxed);
    }
}

impl<S: Store + Send + 'static> Master<S> {
    /// Starts the search of whether the player to move wins `pos` and of its
    /// nimber (normal play), over `store`, with `workers` outside workers
    /// (numbered from 0). Fails if the thread cannot start, or with
    /// [`std::io::ErrorKind::InvalidInput`] for a misère position.
    pub fn start(store: S, pos: Position, workers: usize) -> std::io::Result<Master<S>> {
        if pos.variant() != Variant::Normal {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                "the distributed search is for normal play",
            ));
        }
        let shared = Arc::new(Shared::new(workers + 1));
        let closing = Arc::new(AtomicBool::new(false));
        let cancel = Arc::new(AtomicBool::new(false));
        let searched = Arc::new(AtomicU64::new(0));
        let search_link = Link::new(shared.clone(), 0);
        let (sh, cl, ca, se) = (
            shared.clone(),
            closing.clone(),
            cancel.clone(),
            searched.clone(),
        );
        let handle = super::solver_thread()
            .name("sprouts-master".into())
            .spawn(move || {
                let mut solver = Solver::with_store(store);
                solver.set_cancel(ca);
                solver.set_progress(Box::new(Counter(se.clone())));
                solver.link = Some(search_link);
                let finish = Finish(&sh);
                let answer = (|| Ok((solver.win(&pos)?, solver.nimber(&pos)?)))();
                drop(finish);
                se.store(solver.searched(), Ordering::Relaxed);
                // Results still on their way from the workers are stored
                // until the caller closes.
                while !cl.load(Ordering::Acquire) {
                    solver.exchange();
                    std::thread::sleep(LINGER);
                }
                solver.exchange();
                solver.link = None;
                solver.store_mut().flush();
                Finished {
                    answer,
                    searched: solver.searched(),
                    store: solver.into_store(),
                }
            })?;
        Ok(Master {
            sides: (1..=workers)
                .map(|me| Mutex::new(Link::new(shared.clone(), me)))
                .collect(),
            shared,
            closing,
            cancel,
            searched,
            received: AtomicU64::new(0),
            handle: Some(handle),
        })
    }

    /// Ends the search: waits for its thread, which stores the results
    /// received until now and flushes the store. `None` if the thread
    /// panicked.
    pub fn close(mut self) -> Option<Finished<S>> {
        self.closing.store(true, Ordering::Release);
        self.handle.take()?.join().ok()
    }
}

impl<S> Master<S> {
    /// The number of workers.
    pub fn workers(&self) -> usize {
        self.sides.len()
    }

    /// Whether the search is done (or stopped): [`Master::close`] then
    /// gives its answer.
    pub fn done(&self) -> bool {
        self.shared.done.load(Ordering::Acquire)
    }

    /// Stops the search (it ends with a stopped error); results proved so
    /// far stay in the store.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// Positions the master's search expanded so far (updated every few
    /// hundred).
    pub fn searched(&self) -> u64 {
        self.searched.load(Ordering::Relaxed)
    }

    /// Results received from the workers so far.
    pub fn received(&self) -> u64 {
        self.received.load(Ordering::Relaxed)
    }

    /// How many couples are posted now.
    pub fn posted(&self) -> usize {
        lock(&self.shared.jobs).len()
    }

    /// A job for a worker: the shallowest couple posted and not withdrawn,
    /// among those the fewest workers took; `None` when there is none.
    pub fn take_job(&self) -> Option<Ticket> {
        self.shared.take_job(|_, _, _| false).map(Ticket)
    }

    /// Hands the master what worker `worker` proved (bytes of
    /// [`encode_results`]): they go to the search (and its store) and to
    /// every other worker. Returns, as bytes, what the search and the other
    /// workers proved since this worker's last exchange, to pass on to it.
    /// Bad bytes or an unknown worker are an error, and nothing of them is
    /// taken.
    pub fn exchange(&self, worker: usize, results: &[u8]) -> Result<Vec<u8>, SolveError> {
        let Some(side) = self.sides.get(worker) else {
            return Err(SolveError::no_worker(worker, self.sides.len()));
        };
        let proved = decode_proved(results)?;
        self.received
            .fetch_add(proved.len() as u64, Ordering::Relaxed);
        let mut link = lock(side);
        link.out = proved;
        let news = link.exchange().unwrap_or_default();
        Ok(encode_proved(&news))
    }
}

impl<S> Drop for Master<S> {
    /// A master dropped without [`Master::close`] stops its search and
    /// lets its thread end.
    fn drop(&mut self) {
        if let Some(h) = self.handle.take() {
            self.cancel();
            self.closing.store(true, Ordering::Release);
            let _ = h.join();
        }
    }
}

/// What [`Worker::prove`] found in one slice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// Whether the player to move wins the couple, once proved; `None` when
    /// the slice ended first.
    pub outcome: Option<bool>,
    /// Every result proved in the slice (bytes of [`encode_results`]).
    pub results: Vec<u8>,
    /// Positions this worker expanded so far, in all.
    pub searched: u64,
}

/// A request to a worker's search thread.
enum Request {
    /// A time slice on a couple ([`Worker::prove`]).
    Slice {
        land: Box<[u8]>,
        heap: u8,
        news: Vec<Proved>,
        slice: Duration,
        reply: mpsc::Sender<Result<Proof, SolveError>>,
    },
    /// A job of a [`TreeMaster`](super::TreeMaster) ([`Worker::run_job`]).
    Job {
        job: JobSpec,
        news: Vec<Proved>,
        reply: mpsc::Sender<Result<Vec<u8>, SolveError>>,
    },
}

/// A prover for a [`Master`]'s jobs, in another process: a solver with its
/// own tables and store on a thread of its own, which keeps everything it
/// learns (its own results and what it is sent) from one job to the next.
pub struct Worker {
    requests: Option<mpsc::Sender<Request>>,
    handle: Option<JoinHandle<()>>,
}

impl Worker {
    /// A worker whose search tables (children, unproved numbers) hold about
    /// `table_bytes` at most.
    pub fn new(table_bytes: usize) -> std::io::Result<Worker> {
        let (tx, rx) = mpsc::channel::<Request>();
        let handle = super::solver_thread()
            .name("sprouts-worker".into())
            .spawn(move || {
                let mut solver = Solver::with_store(MemoryStore::default());
                solver.table_budget = Some(table_bytes);
                let shared = Arc::new(Shared::new(2));
                solver.link = Some(Link::new(shared.clone(), 1));
                // The master's end: what the worker proves arrives here.
                let mut master = Link::new(shared, 0);
                for r in rx {
                    match r {
                        Request::Slice {
                            land,
                            heap,
                            news,
                            slice,
                            reply,
                        } => {
                            master.out = news;
                            let mut results = master.exchange().unwrap_or_default();
                            let proof = prove_within(&mut solver, &land, heap, Limit::Time(slice));
                            solver.exchange();
                            results.extend(master.exchange().unwrap_or_default());
                            let _ = reply.send(proof.map(|outcome| Proof {
                                outcome,
                                results: encode_proved(&results),
                                searched: solver.searched(),
                            }));
                        }
                        Request::Job { job, news, reply } => {
                            master.out = news;
                            // What it learns is not sent back.
                            let _ = master.exchange();
                            let outcome = prove_within(
                                &mut solver,
                                &job.land,
                                job.heap,
                                Limit::Positions(job.budget),
                            );
                            solver.exchange();
                            let results = master.exchange().unwrap_or_default();
                            let _ = reply.send(outcome.map(|outcome| {
                                let numbers =
                                    |l: &[u8], h: u8| solver.numbers(l, h).map(|s| (s.pn, s.dn));
                                JobAnswer {
                                    outcome,
                                    searched: solver.searched(),
                                    numbers: match outcome {
                                        Some(_) => None,
                                        None => numbers(&job.land, job.heap),
                                    },
                                    couples: job
                                        .couples
                                        .iter()
                                        .map(|(l, h)| numbers(l, *h))
                                        .collect(),
                                    results: encode_proved(&results),
                                }
                                .to_bytes()
                            }));
                        }
                    }
                }
            })?;
        Ok(Worker {
            requests: Some(tx),
            handle: Some(handle),
        })
    }

    /// Learns `news` (bytes of [`encode_results`]: what others proved),
    /// then works on the couple `land` + `heap` for about `slice` at most
    /// (the solver checks its clock every few hundred steps). The land must
    /// be a land key as the solver makes it. What the worker proved (all of
    /// it, down to the smallest lands) is in the [`Proof`]; a couple not
    /// proved in one slice is taken up where it was left by the next call
    /// on the same couple.
    pub fn prove(
        &mut self,
        land: &[u8],
        heap: u8,
        news: &[u8],
        slice: Duration,
    ) -> Result<Proof, SolveError> {
        let key = Land::from_bytes(land)?;
        if key.as_bytes() != land {
            return Err(SolveError::bad_key(0, "a land key as the solver writes it"));
        }
        let news = decode_proved(news)?;
        self.ask(|reply| Request::Slice {
            land: land.into(),
            heap,
            news,
            slice,
            reply,
        })
    }

    /// Sends the worker's thread a request and waits for its reply (a
    /// stopped error if the thread is gone).
    fn ask<T>(
        &self,
        request: impl FnOnce(mpsc::Sender<Result<T, SolveError>>) -> Request,
    ) -> Result<T, SolveError> {
        let (reply, answer) = mpsc::channel();
        match self.requests.as_ref().map(|r| r.send(request(reply))) {
            Some(Ok(())) => answer.recv().unwrap_or_else(|_| Err(SolveError::stopped())),
            _ => Err(SolveError::stopped()),
        }
    }

    /// Runs a job of a [`TreeMaster`](super::TreeMaster) (its bytes, from
    /// [`TreeMaster::take_job`](super::TreeMaster::take_job)): learns the
    /// results sent with it, runs df-pn on its couple for at most its
    /// budget of positions (the tables kept from job to job), and answers
    /// (bytes for [`TreeMaster::complete`](super::TreeMaster::complete))
    /// with what it proved and, unproved, the numbers of its couple and of
    /// the couples the job named. Bad bytes are an error, never a panic.
    pub fn run_job(&mut self, job: &[u8]) -> Result<Vec<u8>, SolveError> {
        let job = JobSpec::from_bytes(job)?;
        let news = decode_proved(&job.news)?;
        self.ask(|reply| Request::Job { job, news, reply })
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.requests = None;
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

/// How long a worker works on one couple: a slice of time (the posted
/// design) or a budget of positions expanded (a tree master's job).
#[derive(Clone, Copy)]
enum Limit {
    Time(Duration),
    Positions(u64),
}

/// Works on one couple until it is proved or its limit is reached
/// (`None`: not proved).
fn prove_within<S: Store>(
    solver: &mut Solver<S>,
    land: &[u8],
    heap: u8,
    limit: Limit,
) -> Result<Option<bool>, SolveError> {
    solver.exchange();
    if let Some(w) = solver.stored(land, heap) {
        return Ok(Some(w));
    }
    match limit {
        Limit::Time(slice) => solver.set_deadline(Instant::now() + slice),
        Limit::Positions(budget) => {
            solver.clear_deadline();
            solver.expand_limit = solver.searched().saturating_add(budget.max(1));
        }
    }
    let run = solver.win_land_heap(land, heap);
    solver.expand_limit = u64::MAX;
    match run {
        Ok(w) => Ok(Some(w)),
        Err(e) if e.is_stopped() => Ok(None),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_result_bytes_are_errors() {
        let mut good = Vec::new();
        encode_results([(&[0, 0xFF, 0xFE][..], NormalEntry::NotIn(6))], &mut good);
        assert_eq!(decode_results(&good).unwrap().len(), 1);
        for cut in 0..good.len() {
            assert!(decode_results(&good[..cut]).is_err() || cut == 0, "{cut}");
        }
        // A huge length, a byte that is no site, an entry of another kind.
        assert!(decode_results(&[0xFF, 0xFF, 0xFF, 0xFF, 0]).is_err());
        let mut bad = good.clone();
        bad[5] = 0xFD;
        assert!(decode_results(&bad).is_err());
        let mut bad = good.clone();
        bad[8] = 7;
        assert!(decode_results(&bad).is_err());
        // A letter listed once.
        let mut once = Vec::new();
        encode_results([(&[3, 0xFF, 0xFE][..], NormalEntry::Nimber(0))], &mut once);
        assert!(decode_results(&once).is_err());
    }

    #[test]
    fn a_worker_refuses_a_land_that_is_no_solver_key() {
        let mut w = Worker::new(1 << 20).unwrap();
        let slice = Duration::from_secs(1);
        assert!(w.prove(&[0, 0xFE], 0, &[], slice).is_err());
        assert!(w.prove(&[0, 0xFF, 0xFE], 0, &[1, 2], slice).is_err());
        // `0.` (one spot) has nimber 0: with a heap of 0 the mover loses.
        let p = w.prove(&[0, 0xFF, 0xFE], 0, &[], slice).unwrap();
        assert_eq!(p.outcome, Some(false));
        assert!(
            decode_results(&p.results)
                .unwrap()
                .contains(&(vec![0, 0xFF, 0xFE], NormalEntry::Nimber(0)))
        );
    }
}

#[cfg(test)]
pub(super) mod runs {
    use super::*;

    /// Runs a master with `workers` workers, each on a thread of its own;
    /// worker 0 is replaced by a fresh one (its job dropped unfinished,
    /// as when its process dies) after its `die_after`-th slice.
    fn run(n: u32, workers: usize, die_after: Option<usize>) -> Finished<MemoryStore> {
        let pos = Position::start(n, Variant::Normal);
        let master = Master::start(MemoryStore::default(), pos, workers).unwrap();
        std::thread::scope(|scope| {
            for me in 0..workers {
                let master = &master;
                scope.spawn(move || {
                    let mut worker = Worker::new(16 << 20).unwrap();
                    let mut news = Vec::new();
                    let mut slices = 0;
                    while !master.done() {
                        let Some(job) = master.take_job() else {
                            std::thread::yield_now();
                            continue;
                        };
                        while !job.withdrawn() {
                            let slice = Duration::from_millis(2);
                            let p = worker.prove(job.land(), job.heap(), &news, slice).unwrap();
                            slices += 1;
                            if me == 0 && die_after == Some(slices) {
                                // Dies: what it proved in this slice is lost.
                                worker = Worker::new(16 << 20).unwrap();
                                news.clear();
                                break;
                            }
                            news = master.exchange(me, &p.results).unwrap();
                            if p.outcome.is_some() {
                                break;
                            }
                        }
                    }
                });
            }
        });
        master.close().unwrap()
    }

    #[test]
    fn outside_workers_change_no_outcome_nor_nimber() {
        // AJS 1991: L L W W W L L L W for 1..9 spots; winning starts have
        // nimber 1.
        let wins = [false, false, true, true, true, false, false, false, true];
        for (n, &win) in (1..=9).zip(&wins) {
            for workers in [1, 2, 3] {
                let f = run(n, workers, None);
                assert_eq!(f.answer, Ok((win, u8::from(win))), "{n} spots, {workers}");
            }
        }
    }

    #[test]
    fn a_worker_that_dies_costs_only_its_job_and_every_result_holds() {
        for die_after in [1, 3, 10] {
            let f = run(8, 2, Some(die_after));
            assert_eq!(f.answer, Ok((false, 0)));
            every_result_holds(f.store);
        }
    }

    /// Checks that each result of a run's store holds by the others
    /// (lookups only, as `sprouts db verify` checks a database), and that
    /// there are more than 20.
    pub(in crate::solve) fn every_result_holds(mut store: MemoryStore) {
        let entries: Vec<(Vec<u8>, NormalEntry)> = store
            .normal_entries()
            .map(|(l, e)| (l.to_vec(), e))
            .collect();
        assert!(entries.len() > 20);
        let mut verifier = super::super::Verifier::new(&super::super::PseudoCanon);
        for (land, e) in entries {
            let land = Land::from_bytes(&land).unwrap();
            let held = verifier.check_normal(&mut store, &land, e);
            assert!(held.is_ok(), "{land}: {e:?}: {held:?}");
        }
    }

    #[test]
    fn exchange_refuses_an_unknown_worker_and_bad_bytes() {
        let pos = Position::start(3, Variant::Normal);
        let master = Master::start(MemoryStore::default(), pos, 1).unwrap();
        assert_eq!(
            master.exchange(1, &[]).unwrap_err().to_string(),
            "there is no worker 1 (there are 1)"
        );
        assert!(master.exchange(0, &[1, 0, 0, 0]).is_err());
        master.cancel();
        drop(master);
    }
}
