//! Helper threads for the normal-play search.
//!
//! The search runs on the solver's own thread, as it would alone. As it
//! goes down, it posts at each depth of its path the couple (land + heap)
//! it would most likely search next there: the unproved child with the
//! second smallest disproof number (see `Solver::mid_at_depth`; when that child
//! changes, the new one is posted too). Each helper, a solver of its own
//! on its own thread, takes the shallowest posted couple among those the
//! fewest helpers took (the most work the search is likely to need),
//! proves it by the same df-pn, and drops it as soon as the search leaves
//! that node (every couple posted there is then withdrawn). Every side
//! sends every result it proves to all the others, which merge it into
//! their stores between two steps; the search picks up a helper's results
//! as it scores children, and a node a helper proved is done at once.
//!
//! No result is ever guessed: a helper proves what it sends. Which
//! positions the search expands then depends on when the helpers' results
//! arrive, so counts vary from run to run; outcomes and nimbers do not.
//!
//! What the helpers gain: docs/benchmarks.md#solver-table; the design and
//! what was tried: docs/solver.md, docs/experiments.md.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use super::canon::LandCanon;
use super::misere_link::MisereFact;
use super::search::Solver;
use super::store::{MemoryStore, NormalEntry, Store};
use super::threads;

/// A land and what was proved about it, sent from one side to the others.
pub(super) type Proved = (Box<[u8]>, NormalEntry);

/// Misère facts from one side (its number first), in the order it sent them.
pub(super) type MisereBatch = (usize, Vec<MisereFact>);

/// A couple the search posted for the helpers.
pub(super) struct Job {
    /// The land (normal play), or the misère position's key in the
    /// search's tree ids (`misere`).
    pub(super) land: Box<[u8]>,
    pub(super) heap: u8,
    /// A misère position, not a couple.
    pub(super) misere: bool,
    /// Set once the search no longer wants it (or is done).
    pub(super) stop: AtomicBool,
    /// How many helpers took it.
    pub(super) takers: AtomicUsize,
}

/// What the search and its helpers share.
pub(super) struct Shared {
    /// Results proved by the others, for each side (0: the search).
    mail: Vec<Mutex<Vec<Proved>>>,
    has_mail: Vec<AtomicBool>,
    /// Misère facts for each side, in batches named by their sender.
    pub(super) misere_mail: Vec<Mutex<Vec<MisereBatch>>>,
    pub(super) has_misere_mail: Vec<AtomicBool>,
    /// The couples posted, with their depth on the search's path, in order
    /// of depth.
    pub(super) jobs: Mutex<Vec<(usize, Arc<Job>)>>,
    /// Bumped whenever `jobs` changes (helpers look again only then).
    posts: AtomicUsize,
    /// Jobs taken, by all helpers together.
    taken: AtomicUsize,
    /// Set when the search is done (the helpers then stop).
    pub(super) done: AtomicBool,
}

/// Locks a mutex; a side that panicked while holding it left nothing half
/// done that matters here (lists of proved facts and of jobs).
pub(super) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Shared {
    pub(super) fn new(sides: usize) -> Shared {
        Shared {
            mail: (0..sides).map(|_| Mutex::new(Vec::new())).collect(),
            has_mail: (0..sides).map(|_| AtomicBool::new(false)).collect(),
            misere_mail: (0..sides).map(|_| Mutex::new(Vec::new())).collect(),
            has_misere_mail: (0..sides).map(|_| AtomicBool::new(false)).collect(),
            jobs: Mutex::new(Vec::new()),
            posts: AtomicUsize::new(0),
            taken: AtomicUsize::new(0),
            done: AtomicBool::new(false),
        }
    }

    /// Ends the work: every job is withdrawn and the helpers stop.
    pub(super) fn finish(&self) {
        self.done.store(true, Ordering::Release);
        withdraw(&mut lock(&self.jobs), 0);
    }
}

/// Withdraws the jobs at depth `d` and deeper (`jobs` in order of depth).
fn withdraw(jobs: &mut Vec<(usize, Arc<Job>)>, d: usize) {
    let n = jobs.partition_point(|&(at, _)| at < d);
    for (_, j) in jobs.drain(n..) {
        j.stop.store(true, Ordering::Relaxed);
    }
}

/// One side's link to the others (kept in its [`Solver`]).
pub(super) struct Link {
    pub(super) shared: Arc<Shared>,
    /// This side: 0 is the search, the others are helpers.
    pub(super) me: usize,
    /// Results proved here and not sent yet.
    pub(super) out: Vec<Proved>,
    /// Misère facts not sent yet, in the order they must arrive.
    pub(super) misere_out: Vec<MisereFact>,
    /// The search: its depth in `mid` calls, and what it posted (the
    /// search alone writes `jobs`, so it checks here before locking them).
    depth: usize,
    posted: Vec<(usize, Arc<Job>)>,
    /// A helper: the job it works on.
    job: Option<Arc<Job>>,
}

impl Link {
    pub(super) fn new(shared: Arc<Shared>, me: usize) -> Link {
        Link {
            shared,
            me,
            out: Vec::new(),
            misere_out: Vec::new(),
            depth: 0,
            posted: Vec::new(),
            job: None,
        }
    }

    /// Queues a proved result for the others.
    pub(super) fn send(&mut self, land: &[u8], e: NormalEntry) {
        self.out.push((land.into(), e));
    }

    /// Sends what is queued; returns what the others sent, if anything.
    pub(super) fn exchange(&mut self) -> Option<Vec<Proved>> {
        if !self.out.is_empty() {
            let sides = self.shared.mail.len();
            let last = if self.me + 1 == sides {
                sides - 2
            } else {
                sides - 1
            };
            for side in (0..=last).filter(|&s| s != self.me) {
                let mut m = lock(&self.shared.mail[side]);
                if side == last {
                    m.append(&mut self.out);
                } else {
                    m.extend(self.out.iter().cloned());
                }
                self.shared.has_mail[side].store(true, Ordering::Release);
            }
        }
        if self.shared.has_mail[self.me].load(Ordering::Relaxed)
            && self.shared.has_mail[self.me].swap(false, Ordering::Acquire)
        {
            return Some(std::mem::take(&mut *lock(&self.shared.mail[self.me])));
        }
        None
    }

    /// Whether this helper's job was withdrawn.
    pub(super) fn stopped(&self) -> bool {
        self.job
            .as_ref()
            .is_some_and(|j| j.stop.load(Ordering::Relaxed))
    }

    /// The search going one level down: its depth there, if this is the
    /// search's link.
    pub(super) fn enter(&mut self) -> Option<usize> {
        (self.me == 0).then(|| {
            self.depth += 1;
            self.depth - 1
        })
    }

    /// The search coming back up from depth `d`: what it posted there and
    /// deeper is withdrawn.
    pub(super) fn leave(&mut self, d: usize) {
        self.depth = d;
        if self.posted.last().is_some_and(|&(at, _)| at >= d) {
            withdraw(&mut self.posted, d);
            let mut jobs = lock(&self.shared.jobs);
            let n = jobs.partition_point(|&(at, _)| at < d);
            jobs.truncate(n);
            drop(jobs);
            self.shared.posts.fetch_add(1, Ordering::Release);
        }
    }

    /// Posts a couple at depth `d` of the search's path, unless it is
    /// posted there already. (The search posts at its own depth only, after
    /// leaving every deeper one, so the jobs stay in order of depth.)
    pub(super) fn post(&mut self, d: usize, land: &[u8], heap: u8) {
        self.post_job(d, land, heap, false);
    }

    /// Posts a misère position (its key) at depth `d`, as [`Self::post`].
    pub(super) fn post_misere(&mut self, d: usize, key: &[u8]) {
        self.post_job(d, key, 0, true);
    }

    fn post_job(&mut self, d: usize, land: &[u8], heap: u8, misere: bool) {
        let here = self.posted.partition_point(|&(at, _)| at < d);
        if self.posted[here..]
            .iter()
            .any(|(_, j)| j.heap == heap && j.misere == misere && *j.land == *land)
        {
            return;
        }
        let job = Arc::new(Job {
            land: land.into(),
            heap,
            misere,
            stop: AtomicBool::new(false),
            takers: AtomicUsize::new(0),
        });
        self.posted.push((d, job.clone()));
        lock(&self.shared.jobs).push((d, job));
        self.shared.posts.fetch_add(1, Ordering::Release);
    }
}

/// Ends the helpers' work when dropped (also if the search panics).
pub(super) struct Finish<'a>(pub(super) &'a Shared);

impl Drop for Finish<'_> {
    fn drop(&mut self) {
        self.0.finish();
    }
}

impl<S: Store, C: LandCanon> Solver<S, C> {
    /// Sends the results proved here and merges those received (a linked
    /// solver; nothing otherwise).
    pub(super) fn exchange(&mut self) {
        let Some(link) = &mut self.link else {
            return;
        };
        for (land, e) in link.exchange().into_iter().flatten() {
            self.merge(&land, e);
        }
        self.exchange_misere();
    }

    /// Runs the search `f` with the helper threads [`use_threads`] asked
    /// for on this thread; their results are all in this solver's store
    /// when it returns. With no helpers (or a helper thread that cannot
    /// start) the search runs alone.
    ///
    /// [`use_threads`]: super::use_threads
    pub(super) fn helped<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        let helpers = threads::helpers();
        if helpers == 0 || self.link.is_some() {
            return f(self);
        }
        let shared = Arc::new(Shared::new(helpers + 1));
        // A misère search shares its trees: every side starts from the
        // same table, and translates the ids of the trees made after it.
        // The last helper is given the seed itself, so that the one that
        // takes it last can have it without a copy.
        let mut seed = self.misere_seed(helpers + 1);
        let r = std::thread::scope(|scope| {
            let finish = Finish(&shared);
            let mut started = Vec::new();
            for me in 1..=helpers {
                let canon = self.canon.clone();
                let child_sum = self.child_sum;
                let table_budget = self.table_budget;
                let seed = if me == helpers {
                    seed.take()
                } else {
                    seed.clone()
                };
                let link = Link::new(shared.clone(), me);
                let spawned = super::solver_thread()
                    .name(format!("sprouts-helper-{me}"))
                    .spawn_scoped(scope, move || {
                        let mut h = Solver::with_shared_canon(MemoryStore::default(), canon);
                        h.table_budget = table_budget;
                        h.table_sharers = helpers;
                        h.child_sum = child_sum;
                        h.link = Some(link);
                        if let Some(seed) = seed {
                            h.take_misere_seed(seed);
                        }
                        h.help();
                        h.searched()
                    });
                match spawned {
                    Ok(handle) => started.push(handle),
                    Err(_) => break,
                }
            }
            self.link = Some(Link::new(shared.clone(), 0));
            let r = f(self);
            drop(finish);
            for h in started {
                self.helpers_searched += h.join().unwrap_or(0);
            }
            self.helper_jobs.0 += shared.taken.load(Ordering::Relaxed) as u64;
            self.helper_jobs.1 += shared.posts.load(Ordering::Relaxed) as u64;
            r
        });
        self.exchange();
        self.link = None;
        self.misere.sync = None;
        r
    }

    /// A helper's loop: takes a job, proves it unless it is withdrawn,
    /// until the search is done.
    fn help(&mut self) {
        let Some(shared) = self.link.as_ref().map(|l| l.shared.clone()) else {
            return;
        };
        let mut idle = 0u32;
        // The posts seen when no job was left to take.
        let mut seen = usize::MAX;
        while !shared.done.load(Ordering::Acquire) {
            self.exchange();
            let posts = shared.posts.load(Ordering::Acquire);
            let job = if posts == seen {
                None
            } else {
                self.take_job(&shared)
            };
            let Some(job) = job else {
                seen = posts;
                idle += 1;
                if idle < 100 {
                    std::hint::spin_loop();
                } else {
                    std::thread::yield_now();
                }
                continue;
            };
            idle = 0;
            seen = usize::MAX;
            if let Some(l) = &mut self.link {
                l.job = Some(job.clone());
            }
            // Stopped (withdrawn) is no error here: what was proved is sent.
            if job.misere {
                // The search sent the trees its key names before posting it.
                self.exchange();
                if let Some(key) = self.misere_key_from(0, &job.land) {
                    let _ = self.misere_key_win(&key);
                }
            } else {
                let _ = self.win_land_heap(&job.land, job.heap);
            }
            job.takers.fetch_sub(1, Ordering::Relaxed);
            if let Some(l) = &mut self.link {
                l.job = None;
            }
            self.exchange();
        }
    }

    /// The shallowest job not withdrawn nor proved or known here, among
    /// those fewest helpers took.
    fn take_job(&mut self, shared: &Shared) -> Option<Arc<Job>> {
        shared.take_job(|land, heap, misere| {
            if misere {
                // A known position is answered at once and would be
                // taken again at the next turn: the helper would spin.
                self.misere_key_from(0, land)
                    .is_some_and(|key| self.known_misere(&key).is_some())
            } else {
                self.stored(land, heap).is_some()
            }
        })
    }
}

impl Shared {
    /// The shallowest job not withdrawn nor `known`, among those fewest
    /// sides took; it counts one more taker.
    pub(super) fn take_job(
        &self,
        mut known: impl FnMut(&[u8], u8, bool) -> bool,
    ) -> Option<Arc<Job>> {
        let jobs = lock(&self.jobs);
        let mut pick: Option<&Arc<Job>> = None;
        for (_, j) in jobs.iter() {
            if j.stop.load(Ordering::Relaxed) || known(&j.land, j.heap, j.misere) {
                continue;
            }
            let takers = j.takers.load(Ordering::Relaxed);
            if pick.is_none_or(|p| takers < p.takers.load(Ordering::Relaxed)) {
                pick = Some(j);
                if takers == 0 {
                    break;
                }
            }
        }
        let j = pick?.clone();
        j.takers.fetch_add(1, Ordering::Relaxed);
        self.taken.fetch_add(1, Ordering::Relaxed);
        Some(j)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_go_to_every_other_side_once() {
        let shared = Arc::new(Shared::new(3));
        let mut a = Link::new(shared.clone(), 0);
        let mut b = Link::new(shared.clone(), 1);
        let mut c = Link::new(shared.clone(), 2);
        a.send(b"x", NormalEntry::Nimber(1));
        a.send(b"y", NormalEntry::NotIn(3));
        assert_eq!(a.exchange(), None);
        let expected = vec![
            (b"x"[..].into(), NormalEntry::Nimber(1)),
            (b"y"[..].into(), NormalEntry::NotIn(3)),
        ];
        assert_eq!(b.exchange(), Some(expected.clone()));
        assert_eq!(b.exchange(), None);
        c.send(b"z", NormalEntry::Nimber(0));
        assert_eq!(c.exchange(), Some(expected));
        let z = vec![(b"z"[..].into(), NormalEntry::Nimber(0))];
        assert_eq!(a.exchange(), Some(z.clone()));
        assert_eq!(b.exchange(), Some(z));
        assert_eq!(c.exchange(), None);
    }

    /// The jobs posted, as (depth, land, heap, withdrawn).
    fn posted(shared: &Shared) -> Vec<(usize, Vec<u8>, u8)> {
        lock(&shared.jobs)
            .iter()
            .map(|(d, j)| (*d, j.land.to_vec(), j.heap))
            .collect()
    }

    #[test]
    fn jobs_stay_posted_until_the_search_leaves_their_depth() {
        let shared = Arc::new(Shared::new(2));
        let mut search = Link::new(shared.clone(), 0);
        assert_eq!(search.enter(), Some(0));
        search.post(0, b"a", 0);
        search.post(0, b"a", 0);
        search.post(0, b"b", 1);
        assert_eq!(search.enter(), Some(1));
        search.post(1, b"c", 0);
        let jobs: Vec<Arc<Job>> = lock(&shared.jobs).iter().map(|(_, j)| j.clone()).collect();
        assert_eq!(
            posted(&shared),
            [
                (0, b"a".to_vec(), 0),
                (0, b"b".to_vec(), 1),
                (1, b"c".to_vec(), 0)
            ]
        );
        search.leave(1);
        assert_eq!(
            posted(&shared),
            [(0, b"a".to_vec(), 0), (0, b"b".to_vec(), 1)]
        );
        let stopped: Vec<bool> = jobs
            .iter()
            .map(|j| j.stop.load(Ordering::Relaxed))
            .collect();
        assert_eq!(stopped, [false, false, true]);
        search.leave(0);
        assert!(posted(&shared).is_empty());
        assert!(jobs.iter().all(|j| j.stop.load(Ordering::Relaxed)));
        // A helper is not the search: it has no depth.
        assert_eq!(Link::new(shared, 1).enter(), None);
    }

    /// A helper takes a job again only when it could not settle it (the
    /// search withdrew it meanwhile, which is a post too): a job whose
    /// answer it knows is left alone, in normal and in misère play.
    #[test]
    fn helpers_take_no_job_they_know_the_answer_to() {
        use crate::model::{Position, Variant};
        std::thread::spawn(|| {
            assert_eq!(super::super::use_threads(2), 2);
            for (n, variant) in [(9, Variant::Normal), (10, Variant::Misere)] {
                let mut s: Solver = Solver::new();
                s.win(&Position::start(n, variant)).unwrap();
                let (taken, posts) = s.helper_jobs;
                assert!(taken > 0, "{n} spots {variant:?}: no job taken");
                assert!(
                    taken <= posts,
                    "{n} spots {variant:?}: {taken} jobs taken for {posts} posts"
                );
            }
        })
        .join()
        .unwrap();
    }

    #[test]
    fn a_helper_takes_the_shallowest_job_fewest_took() {
        let shared = Arc::new(Shared::new(3));
        let mut search = Link::new(shared.clone(), 0);
        search.post(0, b"top", 2);
        search.post(1, b"deep", 0);
        let mut h: Solver = Solver::new();
        let first = h.take_job(&shared).map(|j| j.land.to_vec());
        assert_eq!(first.as_deref(), Some(&b"top"[..]));
        let second = h.take_job(&shared).map(|j| j.land.to_vec());
        assert_eq!(second.as_deref(), Some(&b"deep"[..]));
        // A couple the helper knows is proved is not taken.
        h.store.put_normal(b"top", NormalEntry::NotIn(4));
        h.store.put_normal(b"deep", NormalEntry::Nimber(2));
        assert!(h.take_job(&shared).is_none());
    }
}
