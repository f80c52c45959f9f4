//! The native half of `sprouts.ray`: the library's [`Master`] (the search,
//! in the driver process, with its database) and [`Worker`] (a prover, in
//! each Ray actor), with results passed between them as bytes. The Python
//! side (`python/sprouts/ray/`) moves jobs and bytes between processes.
//!
//! Every call that can take long (a slice of proving, an exchange, closing
//! the master) runs without the GIL.

use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use pyo3::prelude::*;
use pyo3::types::PyBytes;
use sprouts::model::Variant;
use sprouts::solve::{
    Master, NoStore, NormalEntry, Stacked, Store, Ticket, TreeMaster, Worker, encode_results,
};
use sprouts_store::{Db, Entry};

use crate::errors::{ArgumentError, DatabaseError, InternalError, SolveError};
use crate::solve::{check_slice, target_position};

/// Where the master keeps what is proved: a database, or nothing beyond its
/// memory table.
enum Back {
    None(NoStore),
    Db(Box<Db>),
}

impl Back {
    fn error(&self) -> Option<String> {
        match self {
            Back::None(_) => None,
            Back::Db(db) => db.error().map(str::to_string),
        }
    }
    fn store(&mut self) -> &mut dyn Store {
        match self {
            Back::None(s) => s,
            Back::Db(d) => &mut **d,
        }
    }
}

impl Store for Back {
    fn get_normal(&mut self, land: &[u8]) -> Option<NormalEntry> {
        self.store().get_normal(land)
    }
    fn put_normal(&mut self, land: &[u8], entry: NormalEntry) {
        self.store().put_normal(land, entry)
    }
    fn get_misere(&mut self, position: &[u8]) -> Option<bool> {
        self.store().get_misere(position)
    }
    fn put_misere(&mut self, position: &[u8], win: bool) {
        self.store().put_misere(position, win)
    }
    fn flush(&mut self) {
        self.store().flush()
    }
    fn knows_nothing(&mut self) -> bool {
        self.store().knows_nothing()
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

fn solve_error(e: sprouts::solve::SolveError) -> PyErr {
    SolveError::new_err(e.to_string())
}

/// The search of a normal-play position with workers in other processes
/// (see `sprouts.ray`): `Master(target, workers, db=None)` starts it on a
/// thread of its own over the database `db` (created if missing) or in
/// memory. Its jobs go to workers (`take_job`), their results come back
/// (`exchange`), and `close` gives the answer.
#[pyclass(module = "sprouts._sprouts", name = "Master", frozen)]
pub struct PyMaster {
    inner: Mutex<Option<Master<Stacked<Back>>>>,
}

/// Calls `f` on a master that is not closed yet.
fn with_open<T, R>(m: &Mutex<Option<T>>, f: impl FnOnce(&T) -> R) -> PyResult<R> {
    match &*lock(m) {
        Some(m) => Ok(f(m)),
        None => Err(InternalError::new_err("the master is closed")),
    }
}

/// A master's position (normal play only) and its store: the database
/// `db` (created if missing), or memory only.
fn master_position(
    py: Python<'_>,
    target: &Bound<'_, PyAny>,
    workers: usize,
    db: Option<PathBuf>,
) -> PyResult<(sprouts::model::Position, Back)> {
    let (pos, _) = target_position(py, target, false)?;
    if pos.variant() != Variant::Normal {
        return Err(ArgumentError::new_err(
            "the distributed solve is for normal play",
        ));
    }
    if workers == 0 {
        return Err(ArgumentError::new_err("at least one worker is needed"));
    }
    let back = match db {
        None => Back::None(NoStore),
        Some(path) => Back::Db(Box::new(
            py.detach(|| Db::open(&path))
                .map_err(|e| DatabaseError::new_err(e.to_string()))?,
        )),
    };
    Ok((pos, back))
}

/// What `close` returns from a master's end: (win, nimber, searched), or
/// None if it was stopped before its answer.
fn closed_answer(f: sprouts::solve::Finished<Stacked<Back>>) -> PyResult<Option<(bool, u8, u64)>> {
    if let Some(e) = f.store.back().error() {
        return Err(DatabaseError::new_err(e));
    }
    match f.answer {
        Ok((win, nimber)) => Ok(Some((win, nimber, f.searched))),
        Err(e) if e.is_stopped() => Ok(None),
        Err(e) => Err(solve_error(e)),
    }
}

impl PyMaster {
    fn with<R>(&self, f: impl FnOnce(&Master<Stacked<Back>>) -> R) -> PyResult<R> {
        with_open(&self.inner, f)
    }
}

#[pymethods]
impl PyMaster {
    #[new]
    #[pyo3(signature = (target, workers, db = None))]
    fn new(
        py: Python<'_>,
        target: &Bound<'_, PyAny>,
        workers: usize,
        db: Option<PathBuf>,
    ) -> PyResult<PyMaster> {
        let (pos, back) = master_position(py, target, workers, db)?;
        let master = Master::start(Stacked::new(back), pos, workers)
            .map_err(|e| InternalError::new_err(format!("cannot start the search: {e}")))?;
        Ok(PyMaster {
            inner: Mutex::new(Some(master)),
        })
    }

    /// Whether the search is done (or was cancelled): `close` then answers.
    #[getter]
    fn done(&self) -> PyResult<bool> {
        self.with(|m| m.done())
    }

    /// Positions the search expanded so far.
    #[getter]
    fn searched(&self) -> PyResult<u64> {
        self.with(|m| m.searched())
    }

    /// Results received from the workers so far.
    #[getter]
    fn received(&self) -> PyResult<u64> {
        self.with(|m| m.received())
    }

    /// Couples posted now.
    #[getter]
    fn posted(&self) -> PyResult<usize> {
        self.with(|m| m.posted())
    }

    /// The shallowest posted couple the fewest workers took, or None.
    fn take_job(&self) -> PyResult<Option<PyJob>> {
        Ok(self.with(|m| m.take_job())?.map(|t| PyJob { ticket: t }))
    }

    /// Hands the master what worker `worker` (from 0) proved, as bytes;
    /// returns what the search and the other workers proved since its last
    /// exchange, to send it.
    fn exchange<'py>(
        &self,
        py: Python<'py>,
        worker: usize,
        results: &[u8],
    ) -> PyResult<Bound<'py, PyBytes>> {
        let news = py
            .detach(|| self.with(|m| m.exchange(worker, results)))?
            .map_err(solve_error)?;
        Ok(PyBytes::new(py, &news))
    }

    /// Stops the search (results proved so far are kept); `close` then
    /// returns None.
    fn cancel(&self) -> PyResult<()> {
        self.with(|m| m.cancel())
    }

    /// Ends the search (after `done`, or after `cancel`): stores the results
    /// received, flushes the database, and returns (win, nimber, searched),
    /// or None if the search was cancelled first.
    fn close(&self, py: Python<'_>) -> PyResult<Option<(bool, u8, u64)>> {
        let Some(master) = lock(&self.inner).take() else {
            return Err(InternalError::new_err("the master is closed"));
        };
        let Some(f) = py.detach(|| master.close()) else {
            return Err(InternalError::new_err(
                "internal error: the search thread panicked",
            ));
        };
        closed_answer(f)
    }
}

/// The search of a normal-play position on a master tree of jobs
/// (docs/ray.md#scaling): `TreeMaster(target, workers, db=None,
/// job=20000)`, over the database `db` (created if missing) or in memory.
/// Each idle worker is given a job (`take_job`, bytes for `Worker.run_job`)
/// of at most `job` positions; its answer comes back with `complete`;
/// `close` gives the answer.
#[pyclass(module = "sprouts._sprouts", name = "TreeMaster", frozen)]
pub struct PyTreeMaster {
    inner: Mutex<Option<TreeMaster<Stacked<Back>>>>,
}

impl PyTreeMaster {
    fn with<R>(&self, f: impl FnOnce(&TreeMaster<Stacked<Back>>) -> R) -> PyResult<R> {
        with_open(&self.inner, f)
    }
}

#[pymethods]
impl PyTreeMaster {
    #[new]
    #[pyo3(signature = (target, workers, db = None, job = 20_000))]
    fn new(
        py: Python<'_>,
        target: &Bound<'_, PyAny>,
        workers: usize,
        db: Option<PathBuf>,
        job: u64,
    ) -> PyResult<PyTreeMaster> {
        if job == 0 {
            return Err(ArgumentError::new_err("a job is at least one position"));
        }
        let (pos, back) = master_position(py, target, workers, db)?;
        let master = py
            .detach(|| TreeMaster::new(Stacked::new(back), &pos, workers, job))
            .map_err(solve_error)?;
        Ok(PyTreeMaster {
            inner: Mutex::new(Some(master)),
        })
    }

    /// Whether the search is done (or was cancelled): `close` then answers.
    #[getter]
    fn done(&self) -> PyResult<bool> {
        self.with(|m| m.done())
    }

    /// What the master counted so far: a dict of `received` (results from
    /// the workers), `jobs` (given), `nodes` (its tree's couples),
    /// `searched` (positions it expanded), `workers_searched` (as the
    /// workers' last answers said) and `in_flight` (jobs out now).
    fn counts(&self) -> PyResult<std::collections::HashMap<&'static str, u64>> {
        let c = self.with(|m| m.counts())?;
        Ok([
            ("received", c.received),
            ("jobs", c.jobs),
            ("nodes", c.nodes),
            ("searched", c.searched),
            ("workers_searched", c.workers_searched),
            ("in_flight", c.in_flight as u64),
        ]
        .into_iter()
        .collect())
    }

    /// A job for worker `worker` (from 0), as bytes for `Worker.run_job`,
    /// or None when every leaf is held or the search is done. A worker
    /// that still held a job gives it up.
    fn take_job<'py>(
        &self,
        py: Python<'py>,
        worker: usize,
    ) -> PyResult<Option<Bound<'py, PyBytes>>> {
        let job = py
            .detach(|| self.with(|m| m.take_job(worker)))?
            .map_err(solve_error)?;
        Ok(job.map(|b| PyBytes::new(py, &b)))
    }

    /// Takes back worker `worker`'s answer (bytes of `Worker.run_job`) to
    /// the job it holds: (results it held, positions the worker expanded
    /// in all).
    fn complete(&self, py: Python<'_>, worker: usize, answer: &[u8]) -> PyResult<(u64, u64)> {
        py.detach(|| self.with(|m| m.complete(worker, answer)))?
            .map_err(solve_error)
    }

    /// Worker `worker` died: its job goes to the next, and what it was sent
    /// is forgotten.
    fn abandon(&self, worker: usize) -> PyResult<()> {
        self.with(|m| m.abandon(worker))
    }

    /// Stops the search (results proved so far are kept); `close` then
    /// returns None unless the answer was found.
    fn cancel(&self) -> PyResult<()> {
        self.with(|m| m.cancel())
    }

    /// Ends the search: flushes the database, and returns (win, nimber,
    /// searched), or None if it was cancelled before its answer.
    fn close(&self, py: Python<'_>) -> PyResult<Option<(bool, u8, u64)>> {
        let Some(master) = lock(&self.inner).take() else {
            return Err(InternalError::new_err("the master is closed"));
        };
        closed_answer(py.detach(|| master.close()))
    }
}

/// The normal-play results a database holds, as result bytes (the
/// encoding `Master.exchange` and `Worker.prove` use), for workers to learn
/// before they start: `db_results(path)`.
#[pyfunction]
pub fn db_results<'py>(py: Python<'py>, path: PathBuf) -> PyResult<Bound<'py, PyBytes>> {
    let bytes = py
        .detach(|| -> Result<Vec<u8>, String> {
            let db = Db::open(&path).map_err(|e| e.to_string())?;
            let entries = db.entries().map_err(|e| e.to_string())?;
            let normal = entries.iter().filter_map(|e| match e {
                Entry::Normal(k, e) => Some((&k[..], *e)),
                _ => None,
            });
            let mut out = Vec::new();
            encode_results(normal, &mut out);
            Ok(out)
        })
        .map_err(DatabaseError::new_err)?;
    Ok(PyBytes::new(py, &bytes))
}

/// A couple (land + nim heap) a worker took from the master; it counts as
/// taken while this object lives.
#[pyclass(module = "sprouts._sprouts", name = "Job", frozen)]
pub struct PyJob {
    ticket: Ticket,
}

#[pymethods]
impl PyJob {
    /// The land's key bytes.
    #[getter]
    fn land<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, self.ticket.land())
    }

    /// The nim heap.
    #[getter]
    fn heap(&self) -> u8 {
        self.ticket.heap()
    }

    /// Whether the search no longer wants it.
    #[getter]
    fn withdrawn(&self) -> bool {
        self.ticket.withdrawn()
    }
}

/// A prover for a Master's jobs: `Worker(table_bytes)`, a solver with its
/// own tables that keeps what it learns from one job to the next.
#[pyclass(module = "sprouts._sprouts", name = "Worker", frozen)]
pub struct PyWorker {
    inner: Mutex<Worker>,
}

#[pymethods]
impl PyWorker {
    #[new]
    #[pyo3(signature = (table_bytes = 256 << 20))]
    fn new(table_bytes: usize) -> PyResult<PyWorker> {
        let w = Worker::new(table_bytes)
            .map_err(|e| InternalError::new_err(format!("cannot start the worker: {e}")))?;
        Ok(PyWorker {
            inner: Mutex::new(w),
        })
    }

    /// Learns `news` (result bytes), then works on `land` + `heap` for at
    /// most about `seconds`. Returns (outcome, results, searched): the
    /// couple's outcome (True: the mover wins) or None if not proved yet,
    /// every result proved in the call as bytes, and positions expanded by
    /// this worker so far.
    fn prove<'py>(
        &self,
        py: Python<'py>,
        land: &[u8],
        heap: u8,
        news: &[u8],
        seconds: f64,
    ) -> PyResult<(Option<bool>, Bound<'py, PyBytes>, u64)> {
        let slice = check_slice(seconds)?;
        let proof = py
            .detach(|| lock(&self.inner).prove(land, heap, news, slice))
            .map_err(solve_error)?;
        Ok((
            proof.outcome,
            PyBytes::new(py, &proof.results),
            proof.searched,
        ))
    }

    /// Runs a job of a TreeMaster (its bytes, from `TreeMaster.take_job`):
    /// learns what came with it, works on its couple for at most its
    /// budget of positions, and returns the answer, as bytes for
    /// `TreeMaster.complete`.
    fn run_job<'py>(&self, py: Python<'py>, job: &[u8]) -> PyResult<Bound<'py, PyBytes>> {
        let answer = py
            .detach(|| lock(&self.inner).run_job(job))
            .map_err(solve_error)?;
        Ok(PyBytes::new(py, &answer))
    }
}

/// The misère store key of a position: its lands (split and simplified as
/// the solver splits them), sorted, with no tree. A misère outcome a worker
/// proved is stored under it (docs/ray.md#misère-play).
fn misere_position_key(pos: &sprouts::model::Position) -> PyResult<Vec<u8>> {
    let mut lands = sprouts::solve::decompose(pos).map_err(solve_error)?;
    lands.sort_unstable_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
    Ok(sprouts::solve::position_key_of(&lands))
}

/// A misère position, read as `sprouts.solve(..., misere=True)` reads its
/// target; a normal-play Position or Game is refused.
fn misere_target(py: Python<'_>, target: &Bound<'_, PyAny>) -> PyResult<sprouts::model::Position> {
    let misere = target.is_instance_of::<pyo3::types::PyString>();
    let (pos, _) = target_position(py, target, misere)?;
    if pos.variant() != Variant::Misere {
        return Err(ArgumentError::new_err("expected a misère position"));
    }
    Ok(pos)
}

/// The misère outcome the database `db` holds for a position (True: the
/// player to move wins), as the Ray master stores a worker's answer, or
/// None: `misere_stored(db, target)`. A database that does not exist holds
/// nothing.
#[pyfunction]
pub fn misere_stored(
    py: Python<'_>,
    db: PathBuf,
    target: &Bound<'_, PyAny>,
) -> PyResult<Option<bool>> {
    let key = misere_position_key(&misere_target(py, target)?)?;
    if !db.exists() {
        return Ok(None);
    }
    py.detach(|| -> Result<Option<bool>, String> {
        let mut d = loop {
            match Db::open_read_only(&db) {
                Err(e) if e.is_busy() => std::thread::sleep(Duration::from_millis(50)),
                r => break r.map_err(|e| e.to_string())?,
            }
        };
        Ok(d.get_misere(&key))
    })
    .map_err(DatabaseError::new_err)
}

/// Stores a proved misère outcome of a position in the database `db`
/// (created if missing): `misere_store(db, target, win)`.
#[pyfunction]
pub fn misere_store(
    py: Python<'_>,
    db: PathBuf,
    target: &Bound<'_, PyAny>,
    win: bool,
) -> PyResult<()> {
    let key = misere_position_key(&misere_target(py, target)?)?;
    py.detach(|| -> Result<(), String> {
        let mut d = Db::open(&db).map_err(|e| e.to_string())?;
        d.put_misere(&key, win);
        d.commit().map_err(|e| e.to_string())
    })
    .map_err(DatabaseError::new_err)
}

/// A prover of misère positions for a Ray actor: `MisereWorker()`, a
/// solver with its own tables (results and canonical trees), kept from one
/// job to the next. Its trees are its own: what it sends back is only the
/// outcome of the position asked (docs/ray.md#misère-play).
#[pyclass(module = "sprouts._sprouts", name = "MisereWorker", frozen)]
pub struct PyMisereWorker {
    /// Requests to the solver's thread: a position, a deadline, where to
    /// answer.
    requests: Mutex<std::sync::mpsc::Sender<MisereRequest>>,
}

type MisereReply = Result<(Option<bool>, u64), String>;

struct MisereRequest {
    pos: sprouts::model::Position,
    deadline: std::time::Instant,
    reply: std::sync::mpsc::Sender<MisereReply>,
}

#[pymethods]
impl PyMisereWorker {
    #[new]
    fn new() -> PyResult<PyMisereWorker> {
        let (tx, rx) = std::sync::mpsc::channel::<MisereRequest>();
        sprouts::solve::solver_thread()
            .name("sprouts-misere-worker".into())
            .spawn(move || {
                let mut solver =
                    sprouts::solve::Solver::with_store(sprouts::solve::MemoryStore::default());
                for r in rx {
                    solver.set_deadline(r.deadline);
                    let answer = match solver.win(&r.pos) {
                        Ok(w) => Ok((Some(w), solver.searched())),
                        Err(e) if e.is_stopped() => Ok((None, solver.searched())),
                        Err(e) => Err(e.to_string()),
                    };
                    let _ = r.reply.send(answer);
                }
            })
            .map_err(|e| InternalError::new_err(format!("cannot start the worker: {e}")))?;
        Ok(PyMisereWorker {
            requests: Mutex::new(tx),
        })
    }

    /// Whether the player to move wins the misère position `target` (a
    /// text, such as GLOP 2, read in misère play, or a misère Position):
    /// (win, or None if not proved within `seconds`; positions this worker
    /// searched so far).
    #[pyo3(signature = (target, seconds = None))]
    fn prove(
        &self,
        py: Python<'_>,
        target: &Bound<'_, PyAny>,
        seconds: Option<f64>,
    ) -> PyResult<(Option<bool>, u64)> {
        let pos = misere_target(py, target)?;
        let slice = match seconds {
            Some(s) => check_slice(s)?,
            None => Duration::from_secs(1 << 32),
        };
        let (reply, answer) = std::sync::mpsc::channel();
        let request = MisereRequest {
            pos,
            deadline: std::time::Instant::now() + slice,
            reply,
        };
        lock(&self.requests)
            .send(request)
            .map_err(|_| InternalError::new_err("the worker's thread ended"))?;
        py.detach(move || answer.recv())
            .map_err(|_| InternalError::new_err("internal error: the worker's thread panicked"))?
            .map_err(SolveError::new_err)
    }
}
