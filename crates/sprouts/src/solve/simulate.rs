//! A distributed solve simulated on one thread: the design of
//! docs/ray.md#scaling (a master proof-number tree whose leaves are jobs
//! for workers running the library's df-pn) with K simulated workers, time
//! counted in positions expanded, so that a run is the same from one time
//! to the next and measures the design, not the machine.
//!
//! - **The master** keeps an explicit proof-number tree of couples (land +
//!   nim heap), with the children df-pn gives a couple (`pns.rs`): the
//!   land's children with the same heap (a sum of several lands of unknown
//!   nimber scored as df-pn scores it, and entered by the couple of its
//!   cheapest smaller land) and the land with every smaller heap. To give
//!   a worker a job it goes down from the root to the most-proving leaf,
//!   skipping leaves other workers hold (and nodes all of whose unproved
//!   children are held), and locks that leaf. A job that comes back
//!   unproved is *submitted*: the leaf is expanded and its children take
//!   the numbers the worker's table gave them, so the master's tree grows
//!   where the work is, a level per job (SPOTS's PNS-PDFPN).
//! - **A worker** is a [`Solver`] with its own tables, kept from job to
//!   job, which runs df-pn on its job's couple for at most
//!   [`SimConfig::job`] positions (the solver's `expand_limit`), then sends
//!   the master every result it proved in the job, in one message.
//! - **Results go to the workers that need them** ([`Sharing::Asked`]): a
//!   worker that misses a land of at least so many lives in its group's
//!   store does not wait: it searches on, and names the land with its
//!   job's results; from then on the master sends that group, with its
//!   next job, what it knows of the land and every new result about it.
//!   Smaller lands a worker proves itself. [`Sharing::All`] sends every
//!   result to every other group with its next job instead (what
//!   `distributed.rs` does today), for comparison. Workers of one group
//!   ([`SimConfig::group`], one machine) share one store.
//! - **What else a group is given** (off by default): a [`Seed`], the
//!   small lands' results a pre-pass proved, loaded before the first job
//!   (its cost reported apart); with each job, what the master knows of
//!   its land's children's lands ([`SimConfig::send_children`]); asks
//!   named by a hash ([`SimConfig::hashed_asks`]).
//! - **Time**: a worker's job costs the positions it expands plus the
//!   latency of its two messages (the job, the results) and their bytes;
//!   the master is one server whose work (tree nodes visited, positions it
//!   expands, each message it handles, each byte) is queued, so a busy
//!   master makes workers wait. Events are taken in order of time; a job
//!   runs at once when it starts, seeing what its group was sent.
//!
//! Outcomes and nimbers are proved, never guessed: the master settles a
//! node only from its children's proved values or a worker's proof, as
//! df-pn does. Run it on a thread with [`SOLVER_STACK`](super::SOLVER_STACK)
//! bytes of stack.
//!
//! ```
//! use sprouts::model::{Position, Variant};
//! use sprouts::solve::{decompose, simulate, SimConfig};
//! let lands = decompose(&Position::start(6, Variant::Normal)).unwrap();
//! let r = simulate(&lands, &SimConfig { workers: 4, job: 50, ..SimConfig::default() }).unwrap();
//! assert_eq!((r.win, r.nimber), (false, 0)); // AJS 1991: 6 spots, a loss
//! assert!(r.workers_searched > 0);
//! ```

use std::cell::RefCell;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};
use std::rc::Rc;
use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use super::canon::PseudoCanon;
use super::error::SolveError;
use super::job_tree::{Couple, JobTree, SELECT_VISITS, Select, TreeStore};
use super::land::Land;
use super::pns::{Score, twice_lives};
use super::search::Solver;
use super::store::{MemoryStore, NormalEntry, Store};
use crate::model::Position;

/// Clock ticks per position expanded (the clock counts thousandths).
const TICK: u64 = 1000;

/// Bytes of a message's envelope (kind, sizes, ids) besides its contents.
const ENVELOPE: u64 = 16;

/// Bytes of a land asked about by its hash (`hashed_asks`).
const ASK_HASH_BYTES: u64 = 8;

/// Bytes of a child's numbers in a submitted job: its index and its two
/// numbers.
const NUMBERS_BYTES: u64 = 18;

/// How results reach the workers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sharing {
    /// A group is sent what the master knows of the lands of at least
    /// `lives` lives its workers missed (named with their jobs' results),
    /// and every later result about them; smaller lands it proves itself.
    Asked {
        /// The fewest lives of a land worth asking about.
        lives: u32,
    },
    /// Every result goes to every other group, with its next job.
    All,
}

/// What a simulation runs: the workers, their jobs and what messages cost.
#[derive(Clone, Debug)]
pub struct SimConfig {
    /// Simulated workers (at least 1).
    pub workers: usize,
    /// The most positions a worker expands in one job.
    pub job: u64,
    /// What a message costs a worker (its latency), in positions expanded.
    pub latency: f64,
    /// What a message costs the master (its handling), in positions.
    pub handling: f64,
    /// What a KiB of a message costs either side, in positions expanded.
    pub kib: f64,
    /// What the master's visit of one node of its tree costs, in positions.
    pub node: f64,
    /// How results reach the workers.
    pub sharing: Sharing,
    /// Workers per group (one machine): a group shares one store.
    pub group: usize,
    /// Positions the master may expand itself at the start, per worker, to
    /// have a leaf for each (later its tree grows from the jobs).
    pub grow: u64,
    /// Each worker's table budget in bytes (children, unproved numbers).
    pub table_bytes: usize,
    /// Results every group's store (and the master's) holds before the
    /// first job: a database of small lands computed once, shipped to each
    /// group at the start (its bytes cost the workers their latency and
    /// their KiB before the first job). Empty: none.
    pub seed: Seed,
    /// Send with each job what the master knows of the lands of its
    /// couple's children (the lookups its df-pn makes first) that its
    /// group does not hold; the master generates the land's children for
    /// it (a position it expands, once per land).
    pub send_children: bool,
    /// A worker names a land it asks about by a 64-bit hash of its key
    /// instead of the key: the master matches results to askers by that
    /// hash (two lands sharing a hash would only send a group a result it
    /// did not ask for; the simulation keeps the keys and counts 8 bytes).
    pub hashed_asks: bool,
}

/// A database of small lands' results, loaded by every group before the
/// first job (as SPOTS's groups load one), and what computing it cost.
///
/// Made once by a pre-pass, separately from the solve it seeds: the
/// search alone on other positions (smaller starts, say), its results kept
/// for lands of fewer than [`lives`](Seed::lives) lives. Its positions are
/// reported apart ([`SimReport::seed_searched`]), so that a speed-up can be
/// given both as a cluster that already has the database sees it and with
/// the pre-pass counted as sequential time before the run.
///
/// ```
/// use sprouts::model::{Position, Variant};
/// use sprouts::solve::Seed;
/// let seed = Seed::from_search(&[Position::start(5, Variant::Normal)], 9).unwrap();
/// assert!(!seed.is_empty() && seed.searched() > 0 && seed.bytes() > 0);
/// assert_eq!(seed.lives(), 9);
/// ```
#[derive(Clone, Default)]
pub struct Seed {
    entries: Arc<FxHashMap<Box<[u8]>, NormalEntry>>,
    lives: u32,
    searched: u64,
    bytes: u64,
}

impl std::fmt::Debug for Seed {
    // The entries are many: their count says enough.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Seed")
            .field("entries", &self.entries.len())
            .field("lives", &self.lives)
            .field("searched", &self.searched)
            .field("bytes", &self.bytes)
            .finish()
    }
}

impl Seed {
    /// The results of `store` about lands of fewer than `lives` lives,
    /// made by a pre-pass that expanded `searched` positions.
    pub fn from_store(store: &MemoryStore, lives: u32, searched: u64) -> Seed {
        let entries: FxHashMap<Box<[u8]>, NormalEntry> = store
            .normal_entries()
            .filter(|(land, _)| twice_lives(land) < 2 * lives)
            .map(|(land, e)| (land.into(), e))
            .collect();
        let bytes = entries.iter().map(|(l, e)| result_bytes(l, *e)).sum();
        Seed {
            entries: Arc::new(entries),
            lives,
            searched,
            bytes,
        }
    }

    /// The search alone (one thread, one store) on each of `positions` in
    /// turn (their nimbers), its results kept for lands of fewer than
    /// `lives` lives. Run it with [`SOLVER_STACK`](super::SOLVER_STACK)
    /// bytes of stack.
    pub fn from_search(positions: &[Position], lives: u32) -> Result<Seed, SolveError> {
        let mut s = Solver::with_store(MemoryStore::default());
        for p in positions {
            s.nimber(p)?;
        }
        Ok(Seed::from_store(s.store(), lives, s.searched()))
    }

    /// Results it holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Its lands have fewer lives than this.
    pub fn lives(&self) -> u32 {
        self.lives
    }

    /// Positions its pre-pass expanded.
    pub fn searched(&self) -> u64 {
        self.searched
    }

    /// Its size as shipped to one group (its results as `encode_results`
    /// writes them).
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    fn get(&self, land: &[u8]) -> Option<NormalEntry> {
        self.entries.get(land).copied()
    }
}

impl Default for SimConfig {
    /// One worker, jobs of 2,000 positions, a message's latency 10
    /// positions (about 0.6 ms at 16,000 positions a second, a Ray call's
    /// order) and its handling by the master 1, a KiB 0.2, a tree node
    /// 0.02, lands asked about from 12 lives, groups of one, 256 MiB
    /// tables.
    fn default() -> SimConfig {
        SimConfig {
            workers: 1,
            job: 2_000,
            latency: 10.0,
            handling: 1.0,
            kib: 0.2,
            node: 0.02,
            sharing: Sharing::Asked { lives: 12 },
            group: 1,
            grow: 1,
            table_bytes: 256 << 20,
            seed: Seed::default(),
            send_children: false,
            hashed_asks: false,
        }
    }
}

/// What a simulated distributed solve found and cost.
#[derive(Clone, Debug, PartialEq)]
pub struct SimReport {
    /// The workers.
    pub workers: usize,
    /// Whether the player to move wins.
    pub win: bool,
    /// The nimber of the position.
    pub nimber: u8,
    /// The simulated time to the answer, in positions expanded.
    pub time: f64,
    /// Positions the master expanded.
    pub master_searched: u64,
    /// Positions the workers expanded, in all.
    pub workers_searched: u64,
    /// The workers' idle time over their time (K × `time`).
    pub idle: f64,
    /// The master's busy time over `time`.
    pub master_busy: f64,
    /// Jobs run.
    pub jobs: u64,
    /// Jobs that proved their couple.
    pub proved_jobs: u64,
    /// Messages sent either way.
    pub messages: u64,
    /// Bytes sent either way (contents and envelopes).
    pub bytes: u64,
    /// Results the workers sent the master.
    pub results: u64,
    /// Lands the groups asked about ([`Sharing::Asked`]).
    pub asked: u64,
    /// Results the master sent the workers.
    pub sent: u64,
    /// Nodes in the master's tree at the end.
    pub tree_nodes: usize,
    /// Results the master holds at the end (the seed's included).
    pub stored: usize,
    /// Results in the seed every group loaded first.
    pub seed_entries: usize,
    /// The seed's bytes, shipped once to each group (not in `bytes`).
    pub seed_bytes: u64,
    /// Positions the seed's pre-pass expanded (not in `time`).
    pub seed_searched: u64,
}

impl SimReport {
    /// The speed-up against a search alone that expanded `sequential`
    /// positions (one position, one unit of time).
    pub fn speedup(&self, sequential: u64) -> f64 {
        sequential as f64 / self.time
    }

    /// The search overhead: positions expanded in all over `sequential`.
    pub fn overhead(&self, sequential: u64) -> f64 {
        (self.master_searched + self.workers_searched) as f64 / sequential as f64
    }

    /// The speed-up with the seed's pre-pass counted as sequential time
    /// before the run (a database made for this solve alone).
    pub fn speedup_with_seed(&self, sequential: u64) -> f64 {
        sequential as f64 / (self.time + self.seed_searched as f64)
    }

    /// The search overhead with the seed's pre-pass counted.
    pub fn overhead_with_seed(&self, sequential: u64) -> f64 {
        (self.master_searched + self.workers_searched + self.seed_searched) as f64
            / sequential as f64
    }

    /// Messages per result the workers sent.
    pub fn messages_per_result(&self) -> f64 {
        self.messages as f64 / self.results.max(1) as f64
    }

    /// Bytes per result the workers sent.
    pub fn bytes_per_result(&self) -> f64 {
        self.bytes as f64 / self.results.max(1) as f64
    }
}

/// Simulates a distributed solve of the sum of `lands` (normal play): the
/// nimber of each land in turn, as [`Solver::nimber`] finds it, by the
/// master and `config.workers` workers.
pub fn simulate(lands: &[Land], config: &SimConfig) -> Result<SimReport, SolveError> {
    let mut sim = Sim::new(config);
    let mut nimber = 0u8;
    for land in lands {
        nimber ^= sim.land_nimber(land.as_bytes())?;
    }
    Ok(sim.report(nimber))
}

/// What the master has received: the store every worker's question is
/// answered from, and the order results came in (for [`Sharing::All`]).
#[derive(Default)]
struct Global {
    store: MemoryStore,
    /// Each new fact's land, its bytes as a result, and the group it came
    /// from (`usize::MAX`: the master).
    log: Vec<(u64, usize)>,
}

impl Global {
    /// Merges a fact from group `from`; logs it if it says something new
    /// (and says whether it did).
    fn publish(&mut self, land: &[u8], e: NormalEntry, from: usize) -> bool {
        let old = self.store.get_normal(land);
        let merged = old.map_or(e, |o| o.merge(e));
        if old == Some(merged) {
            return false;
        }
        self.store.put_normal(land, merged);
        self.log.push((result_bytes(land, e), from));
        true
    }
}

/// A result's bytes as `encode_results` writes it.
fn result_bytes(land: &[u8], e: NormalEntry) -> u64 {
    (4 + land.len() + 1 + e.to_bytes().len()) as u64
}

/// A group's store, and what it is owed.
#[derive(Default)]
struct Shelf {
    store: MemoryStore,
    /// How far into the master's log it has been sent (all).
    read: usize,
    /// Lands its workers asked about, and what it will be sent with its
    /// next job (asked).
    asked: FxHashSet<Box<[u8]>>,
    news: Vec<(Box<[u8]>, NormalEntry)>,
}

/// A worker's store: its group's, then (pull) the master's.
struct WorkerStore {
    shelf: Rc<RefCell<Shelf>>,
    global: Rc<RefCell<Global>>,
    /// Twice the fewest lives worth asking the master about (pull).
    ask_from: Option<u32>,
    /// Every result the master holds was sent (all): a miss reads its
    /// store, which holds what the group was sent (jobs run when they
    /// start, and news comes with the job).
    all: bool,
    /// The database every group loaded first.
    seed: Seed,
    /// Lands first asked about in this job.
    asks: Vec<Box<[u8]>>,
    /// What the worker proved in this job.
    out: Vec<(Box<[u8]>, NormalEntry)>,
}

impl Store for WorkerStore {
    fn get_normal(&mut self, land: &[u8]) -> Option<NormalEntry> {
        let own = self.shelf.borrow_mut().store.get_normal(land);
        match (own, self.seed.get(land)) {
            (Some(a), Some(b)) => return Some(a.merge(b)),
            (Some(e), None) | (None, Some(e)) => return Some(e),
            (None, None) => {}
        }
        if self.all {
            return self.global.borrow_mut().store.get_normal(land);
        }
        let from = self.ask_from?;
        if twice_lives(land) >= from {
            let mut shelf = self.shelf.borrow_mut();
            if !shelf.asked.contains(land) {
                shelf.asked.insert(land.into());
                self.asks.push(land.into());
            }
        }
        None
    }
    fn put_normal(&mut self, land: &[u8], entry: NormalEntry) {
        self.shelf.borrow_mut().store.put_normal(land, entry);
        self.out.push((land.into(), entry));
    }
    fn get_misere(&mut self, _: &[u8]) -> Option<bool> {
        None
    }
    fn put_misere(&mut self, _: &[u8], _: bool) {}
}

/// The master's store as its tree sees it: what the tree proves is
/// published from the master (`usize::MAX`).
struct View<'a>(&'a RefCell<Global>);

impl TreeStore for View<'_> {
    fn entry(&mut self, land: &[u8]) -> Option<NormalEntry> {
        self.0.borrow_mut().store.get_normal(land)
    }
    fn settle(&mut self, land: &[u8], e: NormalEntry) {
        self.0.borrow_mut().publish(land, e, usize::MAX);
    }
}

/// A job being run: its path from the root (the leaf last) and what it
/// did.
struct Running {
    path: Vec<Couple>,
    done: Done,
}

/// What a job did, for the master.
struct Done {
    results: Vec<(Box<[u8]>, NormalEntry)>,
    /// The bytes of its message back: results, lands asked about, and the
    /// couple's numbers when unproved.
    bytes: u64,
    asks: Vec<Box<[u8]>>,
    /// Unproved: the couple's numbers in the worker's table.
    numbers: Option<Score>,
}

/// The worker side of the simulation.
struct SimWorker {
    solver: Solver<WorkerStore>,
    group: usize,
    /// When it finished its last job (and is waiting for the next).
    ready: u64,
    job: Option<Running>,
}

struct Sim {
    config: SimConfig,
    global: Rc<RefCell<Global>>,
    tree: JobTree,
    /// For each land asked about, the groups that asked.
    interest: FxHashMap<Box<[u8]>, Vec<usize>>,
    workers: Vec<SimWorker>,
    shelves: Vec<Rc<RefCell<Shelf>>>,
    // Clock and counts.
    now: u64,
    master_free: u64,
    master_busy: u64,
    idle: u64,
    jobs: u64,
    proved_jobs: u64,
    messages: u64,
    bytes: u64,
    results: u64,
    asked: u64,
    sent: u64,
    /// Completions to come: (time, order, worker).
    events: BinaryHeap<Reverse<(u64, u64, usize)>>,
    order: u64,
    /// Workers with no job, in the order they asked.
    waiting: VecDeque<usize>,
}

impl Sim {
    fn new(config: &SimConfig) -> Sim {
        let mut config = config.clone();
        config.workers = config.workers.max(1);
        config.group = config.group.max(1);
        let canon = Arc::new(PseudoCanon);
        let global = Rc::new(RefCell::new(Global::default()));
        let groups = config.workers.div_ceil(config.group);
        let shelves: Vec<_> = (0..groups)
            .map(|_| Rc::new(RefCell::new(Shelf::default())))
            .collect();
        let ask_from = match config.sharing {
            Sharing::Asked { lives } => Some(2 * lives),
            Sharing::All => None,
        };
        let workers = (0..config.workers)
            .map(|w| {
                let store = WorkerStore {
                    shelf: shelves[w / config.group].clone(),
                    global: global.clone(),
                    ask_from,
                    all: config.sharing == Sharing::All,
                    seed: config.seed.clone(),
                    asks: Vec::new(),
                    out: Vec::new(),
                };
                let mut solver = Solver::with_shared_canon(store, canon.clone());
                solver.table_budget = Some(config.table_bytes);
                // The scaling table was measured without restarts, and a
                // worker's job is bounded in positions anyway.
                solver.restart_first = None;
                SimWorker {
                    solver,
                    group: w / config.group,
                    ready: 0,
                    job: None,
                }
            })
            .collect();
        let mut sim = Sim {
            tree: JobTree::new(canon, config.grow.saturating_mul(config.workers as u64)),
            waiting: (0..config.workers).collect(),
            config,
            global,
            interest: FxHashMap::default(),
            workers,
            shelves,
            now: 0,
            master_free: 0,
            master_busy: 0,
            idle: 0,
            jobs: 0,
            proved_jobs: 0,
            messages: 0,
            bytes: 0,
            results: 0,
            asked: 0,
            sent: 0,
            events: BinaryHeap::new(),
            order: 0,
        };
        sim.load_seed();
        sim
    }

    /// The master loads the seed and ships it: one put (as into Ray's
    /// object store, which every group then reads), and each worker
    /// receives it (a message's latency and its bytes) before its first
    /// job, time counted as idle. Its bytes are reported apart.
    fn load_seed(&mut self) {
        let seed = &self.config.seed;
        if seed.is_empty() {
            return;
        }
        {
            let mut global = self.global.borrow_mut();
            for (l, e) in seed.entries.iter() {
                global.store.put_normal(l, *e);
            }
        }
        let bytes = ENVELOPE + seed.bytes;
        let put = Self::ticks(self.config.handling) + self.byte_ticks(bytes);
        let shipped = self.master_work(0, put);
        let ready = shipped + Self::ticks(self.config.latency) + self.byte_ticks(bytes);
        for w in &mut self.workers {
            w.ready = ready;
        }
        self.idle += ready * self.workers.len() as u64;
    }

    /// Ticks for a cost in positions.
    fn ticks(positions: f64) -> u64 {
        (positions * TICK as f64).round() as u64
    }

    /// What `bytes` bytes cost either side, in ticks.
    fn byte_ticks(&self, bytes: u64) -> u64 {
        Self::ticks(self.config.kib * bytes as f64 / 1024.0)
    }

    /// The master's work since it had visited `visited` nodes and expanded
    /// `searched` positions, plus one message of `bytes` bytes, in ticks.
    fn master_ticks(&self, visited: u64, searched: u64, bytes: u64) -> u64 {
        Self::ticks(
            (self.tree.visited - visited) as f64 * self.config.node
                + (self.tree.searched - searched) as f64
                + self.config.handling,
        ) + self.byte_ticks(bytes)
    }

    /// The master does `ticks` of work from `at` on (after what it was
    /// doing); returns when it is done.
    fn master_work(&mut self, at: u64, ticks: u64) -> u64 {
        let start = at.max(self.master_free);
        self.master_free = start + ticks;
        self.master_busy += ticks;
        self.master_free
    }

    /// The nimber of a land: its couples with heaps 0, 1, ... until one is
    /// a loss, each proved by the simulated workers.
    fn land_nimber(&mut self, land: &[u8]) -> Result<u8, SolveError> {
        let mut h = 0u8;
        loop {
            if let Some(NormalEntry::Nimber(k)) = self.global.borrow_mut().store.get_normal(land) {
                return Ok(k);
            }
            if !self.prove(land, h)? {
                return Ok(h);
            }
            h += 1;
        }
    }

    /// Merges a result from group `from` into the master's store and, if
    /// it is new, queues it for every other group that asked about it.
    fn publish(&mut self, land: &[u8], e: NormalEntry, from: usize) {
        if !self.global.borrow_mut().publish(land, e, from) {
            return;
        }
        if let Some(groups) = self.interest.get(land) {
            for &g in groups.iter().filter(|&&g| g != from) {
                self.shelves[g].borrow_mut().news.push((land.into(), e));
            }
        }
    }

    /// The outcome of a couple the master knows, if it does.
    fn known(&self, land: &[u8], heap: u8) -> Option<bool> {
        self.tree.known(&mut View(&self.global), land, heap)
    }

    /// Proves a couple with the workers, from the current time on.
    fn prove(&mut self, land: &[u8], heap: u8) -> Result<bool, SolveError> {
        loop {
            if let Some(w) = self.known(land, heap) {
                return Ok(w);
            }
            // Idle workers ask for jobs (all at the start), until none is
            // left to give.
            while let Some(&w) = self.waiting.front() {
                let at = self.now.max(self.workers[w].ready);
                if !self.dispatch(w, land, heap, at)? {
                    break;
                }
                self.waiting.pop_front();
            }
            if let Some(w) = self.known(land, heap) {
                return Ok(w);
            }
            let Some(Reverse((t, _, w))) = self.events.pop() else {
                // No job out and none to give: the root's tree has no leaf
                // left, so the root is proved (settled above).
                unreachable!("an unproved couple with no job out and none to give");
            };
            self.now = self.complete(w, t)?;
            self.workers[w].ready = t;
            self.waiting.push_back(w);
        }
    }

    /// Gives worker `w` a job below the root (`land` + `heap`) from time
    /// `at`, and runs it; `false` if there was none to give (every leaf
    /// held, or the root proved).
    fn dispatch(&mut self, w: usize, land: &[u8], heap: u8, at: u64) -> Result<bool, SolveError> {
        let (visited, searched) = (self.tree.visited, self.tree.searched);
        let mut busy = FxHashSet::default();
        let mut path = Vec::new();
        let mut may_open = self.tree.grow > 0;
        // (With no job out, a leaf is always found: nothing is held.)
        let mut budget = if self.events.is_empty() {
            u64::MAX
        } else {
            SELECT_VISITS
        };
        let mut view = View(&self.global);
        let sel = self.tree.select(
            &mut view,
            land,
            heap,
            &mut path,
            &mut busy,
            &mut may_open,
            &mut budget,
        )?;
        let Select::Leaf(path) = sel else {
            // The look cost the master its visits (no message).
            let work = self.master_ticks(visited, searched, 0) - Self::ticks(self.config.handling);
            self.now = self.now.max(self.master_work(at, work));
            return Ok(false);
        };
        let (leaf, leaf_heap) = path.last().cloned().expect("a leaf ends its path");
        self.tree.set_locked(&(leaf.clone(), leaf_heap), true);
        // The job's message: its couple, and the news for the group.
        let group = self.workers[w].group;
        let mut job_bytes = ENVELOPE + leaf.len() as u64 + 1;
        if self.config.send_children {
            let news = self.children_news(&leaf, group);
            self.sent += news.len() as u64;
            let mut shelf = self.shelves[group].borrow_mut();
            for (l, e) in news {
                job_bytes += result_bytes(&l, e);
                shelf.store.put_normal(&l, e);
            }
        }
        {
            let mut shelf = self.shelves[group].borrow_mut();
            let shelf = &mut *shelf;
            match self.config.sharing {
                Sharing::All => {
                    let log = &self.global.borrow().log;
                    let news = &log[shelf.read..];
                    self.sent += news.iter().filter(|&&(_, from)| from != group).count() as u64;
                    job_bytes += news
                        .iter()
                        .filter(|&&(_, from)| from != group)
                        .map(|&(b, _)| b)
                        .sum::<u64>();
                    shelf.read = log.len();
                }
                Sharing::Asked { .. } => {
                    self.sent += shelf.news.len() as u64;
                    for (l, e) in shelf.news.drain(..) {
                        job_bytes += result_bytes(&l, e);
                        let merged = shelf.store.get_normal(&l).map_or(e, |o| o.merge(e));
                        shelf.store.put_normal(&l, merged);
                    }
                }
            }
        }
        let work = self.master_ticks(visited, searched, job_bytes);
        let sent = self.master_work(at, work);
        self.messages += 1;
        self.bytes += job_bytes;
        self.idle += sent - self.workers[w].ready.min(sent);
        // The job runs now, seeing what its group was sent.
        let (done, expanded) = self.run_job(w, &leaf, leaf_heap)?;
        let latency = Self::ticks(self.config.latency);
        let t = sent
            + latency
            + self.byte_ticks(job_bytes)
            + expanded * TICK
            + latency
            + self.byte_ticks(done.bytes);
        self.jobs += 1;
        self.workers[w].job = Some(Running { path, done });
        self.events.push(Reverse((t, self.order, w)));
        self.order += 1;
        Ok(true)
    }

    /// Runs worker `w`'s df-pn on a couple for at most a job's positions.
    fn run_job(&mut self, w: usize, land: &[u8], heap: u8) -> Result<(Done, u64), SolveError> {
        let s = &mut self.workers[w].solver;
        s.store_mut().asks.clear();
        s.store_mut().out.clear();
        let before = s.searched();
        s.expand_limit = before.saturating_add(self.config.job.max(1));
        let run = s.win_land_heap(land, heap);
        s.expand_limit = u64::MAX;
        match run {
            Ok(_) => {}
            Err(e) if e.is_stopped() => {}
            Err(e) => return Err(e),
        }
        let expanded = s.searched() - before;
        let results = std::mem::take(&mut s.store_mut().out);
        let asks = std::mem::take(&mut s.store_mut().asks);
        let mut bytes = ENVELOPE;
        bytes += results
            .iter()
            .map(|(l, e)| result_bytes(l, *e))
            .sum::<u64>();
        bytes += if self.config.hashed_asks {
            ASK_HASH_BYTES * asks.len() as u64
        } else {
            asks.iter().map(|l| 4 + l.len() as u64).sum::<u64>()
        };
        let numbers = if s.stored(land, heap).is_some() {
            self.proved_jobs += 1;
            None
        } else {
            bytes += NUMBERS_BYTES;
            s.numbers(land, heap)
        };
        self.results += results.len() as u64;
        self.asked += asks.len() as u64;
        Ok((
            Done {
                results,
                bytes,
                asks,
                numbers,
            },
            expanded,
        ))
    }

    /// The master takes worker `w`'s job back at `t`: stores its results,
    /// notes what it asked about, submits the job (opens its leaf, whose
    /// children's couples take the numbers the worker's table gave them)
    /// and updates the path. Returns when the master is done with it.
    fn complete(&mut self, w: usize, t: u64) -> Result<u64, SolveError> {
        let Some(Running { path, done }) = self.workers[w].job.take() else {
            return Ok(t);
        };
        let (visited, searched) = (self.tree.visited, self.tree.searched);
        let group = self.workers[w].group;
        for (l, e) in &done.results {
            self.publish(l, *e, group);
        }
        for l in done.asks {
            let known = self.global.borrow_mut().store.get_normal(&l);
            if let Some(e) = known {
                self.shelves[group].borrow_mut().news.push((l.clone(), e));
            }
            self.interest.entry(l).or_default().push(group);
        }
        let mut bytes = done.bytes;
        self.messages += 1;
        let solver = &self.workers[w].solver;
        let fresh = self
            .tree
            .submit(&mut View(&self.global), &path, done.numbers, |c| {
                solver.numbers(&c.0, c.1)
            });
        bytes += NUMBERS_BYTES * fresh as u64;
        self.bytes += bytes;
        let work = self.master_ticks(visited, searched, bytes);
        Ok(self.master_work(t, work))
    }

    /// What the master knows of the lands of a land's children that group
    /// `group` does not hold yet (`send_children`).
    fn children_news(&mut self, land: &[u8], group: usize) -> Vec<(Box<[u8]>, NormalEntry)> {
        let lands = self.tree.child_lands(land);
        let mut global = self.global.borrow_mut();
        let mut shelf = self.shelves[group].borrow_mut();
        let seed = &self.config.seed;
        let mut news: Vec<(Box<[u8]>, NormalEntry)> = Vec::new();
        for l in lands {
            let Some(e) = global.store.get_normal(&l) else {
                continue;
            };
            let held = match (shelf.store.get_normal(&l), seed.get(&l)) {
                (Some(a), Some(b)) => Some(a.merge(b)),
                (a, b) => a.or(b),
            };
            if held.is_none_or(|h| h.merge(e) != h) {
                news.push((l, e));
            }
        }
        news
    }

    fn report(&self, nimber: u8) -> SimReport {
        let time = self.now.max(1);
        let k = self.workers.len() as u64;
        // Workers still waiting at the end were idle since they finished;
        // those still on a job were busy.
        let waiting: u64 = self
            .waiting
            .iter()
            .map(|&w| time.saturating_sub(self.workers[w].ready))
            .sum();
        let idle = (self.idle + waiting) as f64 / (k * time) as f64;
        SimReport {
            workers: self.workers.len(),
            win: nimber != 0,
            nimber,
            time: time as f64 / TICK as f64,
            master_searched: self.tree.searched,
            workers_searched: self.workers.iter().map(|w| w.solver.searched()).sum(),
            idle: idle.min(1.0),
            master_busy: (self.master_busy as f64 / time as f64).min(1.0),
            jobs: self.jobs,
            proved_jobs: self.proved_jobs,
            messages: self.messages,
            bytes: self.bytes,
            results: self.results,
            asked: self.asked,
            sent: self.sent,
            tree_nodes: self.tree.nodes.len(),
            stored: self.global.borrow().store.len(),
            seed_entries: self.config.seed.len(),
            seed_bytes: self.config.seed.bytes,
            seed_searched: self.config.seed.searched,
        }
    }
}
