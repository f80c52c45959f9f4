//! `sprouts.solve`: who wins a position or the end of a game, its nimber,
//! and which moves win.
//!
//! The solve runs on a thread of its own (with a large stack, as the
//! command's does); the calling thread waits for it without the GIL, waking
//! every [`TICK`] to let Python look at its signals. A Ctrl-C (or any
//! signal handler that raises) sets the solver's cancel flag, waits for the
//! solver to stop and flush its database, and raises. A timeout is the
//! solver's own deadline: the answer is proved or there is none.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use sprouts::model::{Position, Variant};
use sprouts::notation::Notation;
use sprouts::solve::{NoStore, Solver, Stacked, Store, solver_thread, use_threads};
use sprouts_store::Db;

use crate::errors::{ArgumentError, DatabaseError, InternalError, SolveError, timeout_error};
use crate::game::PyGame;
use crate::position::PyPosition;
use crate::read::{Read, move_notation, read};

/// How often the waiting thread looks at Python's signals.
pub const TICK: Duration = Duration::from_millis(50);

/// What to solve and how.
pub struct Job {
    pub pos: Position,
    /// The notation to write winning moves in; None: no winning moves.
    pub moves: Option<Notation>,
    pub timeout: Option<f64>,
    pub db: Option<PathBuf>,
    pub threads: usize,
}

/// What was proved.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    pub win: bool,
    pub nimber: Option<u8>,
    /// Each winning move and how many other winning moves lead to the same
    /// position up to symmetry.
    pub winning: Option<Vec<(String, usize)>>,
    pub searched: u64,
    pub seconds: f64,
}

/// Why there is no answer.
#[derive(Debug, Clone, PartialEq)]
pub enum Failure {
    /// Stopped by the deadline or the cancel flag; `outcome_proved` when
    /// the position's outcome was proved but not yet all its winning moves.
    Stopped { searched: u64, outcome_proved: bool },
    /// The solver refused the position (too many lives, ...).
    Solve(String),
    /// The database could not be opened or written.
    Database(String),
}

/// Runs a job with a solver over `back`, stopping when `cancel` is set;
/// `back_error` gives the backing store's first write error.
fn run_with<B: Store>(
    job: &Job,
    back: B,
    back_error: impl Fn(&B) -> Option<String>,
    cancel: Arc<AtomicBool>,
) -> Result<Answer, Failure> {
    let mut solver = Solver::with_store(Stacked::new(back));
    solver.set_cancel(cancel);
    if let Some(t) = job.timeout {
        solver.set_deadline(Instant::now() + Duration::from_secs_f64(t.min(1e9)));
    }
    let start = Instant::now();
    let mut outcome_proved = false;
    let result = (|| -> Result<_, sprouts::solve::SolveError> {
        let win = solver.win(&job.pos)?;
        let nimber = match job.pos.variant() {
            Variant::Normal => Some(solver.nimber(&job.pos)?),
            Variant::Misere => None,
        };
        outcome_proved = true;
        let winning = match job.moves {
            Some(n) if win => Some(solver.winning_moves_in(&job.pos, n)?),
            Some(_) => Some(Vec::new()),
            None => None,
        };
        Ok((win, nimber, winning))
    })();
    let searched = solver.searched();
    solver.store_mut().flush();
    if let Some(e) = back_error(solver.store().back()) {
        return Err(Failure::Database(e));
    }
    match result {
        Ok((win, nimber, winning)) => Ok(Answer {
            win,
            nimber,
            winning,
            searched,
            seconds: start.elapsed().as_secs_f64(),
        }),
        Err(e) if e.is_stopped() => Err(Failure::Stopped {
            searched,
            outcome_proved,
        }),
        Err(e) => Err(Failure::Solve(e.to_string())),
    }
}

/// Runs a job on this thread (which [`start`] makes a big-stack one).
pub fn run(job: &Job, cancel: Arc<AtomicBool>) -> Result<Answer, Failure> {
    use_threads(job.threads);
    match &job.db {
        None => run_with(job, NoStore, |_| None, cancel),
        Some(path) => {
            let db = Db::open(path).map_err(|e| Failure::Database(e.to_string()))?;
            run_with(job, db, |d| d.error().map(str::to_string), cancel)
        }
    }
}

/// A job running on its own thread.
pub struct Running {
    pub cancel: Arc<AtomicBool>,
    rx: Mutex<mpsc::Receiver<Result<Answer, Failure>>>,
    handle: JoinHandle<()>,
}

/// Starts a job on a thread of its own.
pub fn start(job: Job) -> std::io::Result<Running> {
    let cancel = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel();
    let flag = cancel.clone();
    let handle = solver_thread()
        .name("sprouts-solve".into())
        .spawn(move || {
            // The receiver may be gone (the caller gave up): nothing to do.
            let _ = tx.send(run(&job, flag));
        })?;
    Ok(Running {
        cancel,
        rx: Mutex::new(rx),
        handle,
    })
}

impl Running {
    /// Waits for the answer for at most `limit` (for ever if None). Takes no
    /// Python object: callers release the GIL around it.
    pub fn recv(
        &self,
        limit: Option<Duration>,
    ) -> Result<Result<Answer, Failure>, RecvTimeoutError> {
        let rx = self.rx.lock().unwrap_or_else(|e| e.into_inner());
        match limit {
            Some(d) => rx.recv_timeout(d),
            None => rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
        }
    }
}

/// How waiting for a job ended.
#[derive(Debug)]
pub enum Waited<E> {
    Done(Result<Answer, Failure>),
    /// `poll` failed: the job was cancelled, and has stopped.
    Interrupted(E),
    /// The job's thread ended without an answer (it panicked).
    Lost,
}

/// Waits for a job: `recv` is [`Running::recv`] (the caller wraps it to
/// release the GIL), called for a [`TICK`] at a time; between two ticks
/// `poll` looks at signals, and its error cancels the job, waits for the
/// solver to stop (and flush its database), and is returned.
pub fn wait<E>(
    running: Running,
    mut recv: impl FnMut(
        &Running,
        Option<Duration>,
    ) -> Result<Result<Answer, Failure>, RecvTimeoutError>,
    mut poll: impl FnMut() -> Result<(), E>,
) -> Waited<E> {
    let waited = loop {
        match recv(&running, Some(TICK)) {
            Ok(answer) => break Waited::Done(answer),
            Err(RecvTimeoutError::Disconnected) => break Waited::Lost,
            Err(RecvTimeoutError::Timeout) => {
                if let Err(e) = poll() {
                    running.cancel.store(true, Ordering::Relaxed);
                    // The solver stops at its next check, then flushes.
                    let _ = recv(&running, None);
                    break Waited::Interrupted(e);
                }
            }
        }
    };
    let _ = running.handle.join();
    waited
}

/// Analyses a game ([`Solver::analyze`]) on a solver thread of its own,
/// waiting without the GIL as [`solve`] does: Ctrl-C cancels it (the
/// database is flushed) and raises.
pub fn analyze(
    py: Python<'_>,
    replay: &sprouts::notation::Replay,
    notation: Notation,
    timeout: Option<f64>,
    db: Option<PathBuf>,
    threads: usize,
) -> PyResult<sprouts::solve::Analysis> {
    if let Some(t) = timeout {
        if !(t.is_finite() && t >= 0.0) {
            return Err(ArgumentError::new_err(format!(
                "timeout must be a number of seconds, not {t}"
            )));
        }
    }
    let end = timeout.map(|t| Instant::now() + Duration::from_secs_f64(t.min(1e9)));
    let cancel = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel();
    let replay = replay.clone();
    let flag = cancel.clone();
    let handle = solver_thread()
        .name("sprouts-analyze".into())
        .spawn(move || {
            use_threads(threads);
            let result = match &db {
                None => {
                    let mut s = Solver::with_store(Stacked::new(NoStore));
                    s.set_cancel(flag);
                    s.analyze(&replay, notation, end, &mut |_| {})
                        .map_err(|e| Failure::Solve(e.to_string()))
                }
                Some(path) => match Db::open(path) {
                    Err(e) => Err(Failure::Database(e.to_string())),
                    Ok(db) => {
                        let mut s = Solver::with_store(Stacked::new(db));
                        s.set_cancel(flag);
                        let a = s.analyze(&replay, notation, end, &mut |_| {});
                        s.store_mut().flush();
                        match s.store().back().error() {
                            Some(e) => Err(Failure::Database(e.to_string())),
                            None => a.map_err(|e| Failure::Solve(e.to_string())),
                        }
                    }
                },
            };
            let _ = tx.send(result);
        })
        .map_err(|e| InternalError::new_err(format!("cannot start the solver thread: {e}")))?;
    // Waited on without the GIL (a receiver is not shared: a mutex).
    let rx = Mutex::new(rx);
    let recv = |limit: Option<Duration>| {
        let rx = rx.lock().unwrap_or_else(|e| e.into_inner());
        match limit {
            Some(d) => rx.recv_timeout(d),
            None => rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
        }
    };
    let result = loop {
        match py.detach(|| recv(Some(TICK))) {
            Ok(r) => break Some(r),
            Err(RecvTimeoutError::Disconnected) => break None,
            Err(RecvTimeoutError::Timeout) => {
                if let Err(e) = py.check_signals() {
                    cancel.store(true, Ordering::Relaxed);
                    // The solver stops at its next check, then flushes.
                    let _ = py.detach(|| recv(None));
                    let _ = handle.join();
                    return Err(e);
                }
            }
        }
    };
    let _ = handle.join();
    match result {
        Some(Ok(a)) => Ok(a),
        Some(Err(Failure::Database(e))) => Err(DatabaseError::new_err(e)),
        Some(Err(Failure::Solve(e))) => Err(SolveError::new_err(e)),
        Some(Err(Failure::Stopped { .. })) => Err(InternalError::new_err(
            "internal error: the analysis stopped without its lines",
        )),
        None => Err(InternalError::new_err(
            "internal error: the solver thread panicked",
        )),
    }
}

/// What `solve` returns, and `sprouts.ray.solve` too (one answer to one
/// question, however it was found).
#[pyclass(module = "sprouts", name = "Solution", frozen, get_all)]
pub struct Solution {
    /// "normal" or "misere".
    variant: &'static str,
    /// "win" or "loss", for the player to move.
    outcome: &'static str,
    /// Whether the player to move wins.
    win: bool,
    /// The nimber (normal play only; None in misère play).
    nimber: Option<u8>,
    /// The winning moves, one per group of moves that leave the same
    /// position up to symmetry, in the game's notation (or the notation
    /// asked); None when not asked for.
    winning_moves: Option<Vec<String>>,
    /// For each winning move, how many other winning moves lead to the same
    /// position up to symmetry.
    same: Option<Vec<usize>>,
    /// Positions searched (move lists generated).
    searched: u64,
    /// Seconds taken.
    seconds: f64,
    /// What a distributed solve cost (`sprouts.ray.RayCost`); None for a
    /// solve in this process.
    cost: Option<Py<PyAny>>,
}

#[pymethods]
impl Solution {
    /// A solution as `repr` writes it: `variant` ("normal" or "misere"),
    /// `win`, and the rest as `solve` gives them (`outcome` follows from
    /// `win`).
    #[new]
    #[pyo3(signature = (variant, win, nimber = None, winning_moves = None, same = None, searched = 0, seconds = 0.0, cost = None))]
    #[allow(clippy::too_many_arguments)]
    fn py_new(
        variant: &str,
        win: bool,
        nimber: Option<u8>,
        winning_moves: Option<Vec<String>>,
        same: Option<Vec<usize>>,
        searched: u64,
        seconds: f64,
        cost: Option<Py<PyAny>>,
    ) -> PyResult<Self> {
        let variant = match variant {
            "normal" => Variant::Normal,
            "misere" => Variant::Misere,
            other => {
                return Err(ArgumentError::new_err(format!(
                    "unknown variant {other:?}: give \"normal\" or \"misere\""
                )));
            }
        };
        Ok(Solution {
            variant: variant.name(),
            outcome: if win { "win" } else { "loss" },
            win,
            nimber,
            winning_moves,
            same,
            searched,
            seconds,
            cost,
        })
    }

    /// The attributes of `cost` (a distributed solve's), under their old
    /// `RaySolution` names: `solution.worker_searched` is
    /// `solution.cost.worker_searched`.
    fn __getattr__<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        match &self.cost {
            Some(c) if !name.starts_with('_') => c.bind(py).getattr(name),
            _ => Err(pyo3::exceptions::PyAttributeError::new_err(format!(
                "'Solution' object has no attribute '{name}'"
            ))),
        }
    }

    /// Pickling: the constructor's arguments.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let args = (
            self.variant,
            self.win,
            self.nimber,
            self.winning_moves.clone(),
            self.same.clone(),
            self.searched,
            self.seconds,
            self.cost.as_ref().map(|c| c.clone_ref(py)),
        )
            .into_pyobject(py)?
            .into_any();
        Ok((py.get_type::<Solution>().into_any(), args))
    }

    /// `Solution(variant='normal', win=True, ...)`: evaluated (with `from
    /// sprouts import *`, and `from sprouts.ray import RayCost` for a
    /// distributed solve's) it gives the same values.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let r = |v: Bound<'_, PyAny>| -> PyResult<String> { Ok(v.repr()?.to_string()) };
        let mut out = format!(
            "Solution(variant={}, win={}, nimber={}, winning_moves={}, same={}, searched={}, seconds={}",
            r(self.variant.into_pyobject(py)?.into_any())?,
            r(self.win.into_pyobject(py)?.to_owned().into_any())?,
            r(self.nimber.into_pyobject(py)?)?,
            r(self.winning_moves.clone().into_pyobject(py)?)?,
            r(self.same.clone().into_pyobject(py)?)?,
            self.searched,
            r(self.seconds.into_pyobject(py)?.into_any())?,
        );
        if let Some(c) = &self.cost {
            out.push_str(&format!(", cost={}", r(c.bind(py).clone())?));
        }
        out.push(')');
        Ok(out)
    }
}

/// The position `target` stands for (a Position, the end of a Game, or a
/// text read as `Position.parse` reads it, `misere` applying to texts
/// only), and the game's notation for a game.
pub fn target_position(
    py: Python<'_>,
    target: &Bound<'_, PyAny>,
    misere: bool,
) -> PyResult<(Position, Option<Notation>)> {
    let (pos, own) = if let Ok(p) = target.cast::<PyPosition>() {
        (p.get().pos.clone(), None)
    } else if let Ok(g) = target.cast::<PyGame>() {
        let g = g.get();
        (g.replay.position().clone(), Some(g.own_notation()))
    } else if let Ok(text) = target.extract::<String>() {
        match read(py, &text, None, misere)? {
            Read::Position(p, _) => (p, None),
            Read::Game(t, r) => (r.position().clone(), Some(t.notation)),
        }
    } else {
        return Err(PyTypeError::new_err(
            "solve() takes a Position, a Game or a text",
        ));
    };
    if misere
        && pos.variant() != Variant::Misere
        && !target.is_instance_of::<pyo3::types::PyString>()
    {
        return Err(ArgumentError::new_err(
            "misere=True is for texts; a Position or Game has its own play convention",
        ));
    }
    Ok((pos, own))
}

/// Solves a position, or the position at the end of a game: `target` is a
/// Position, a Game or a text (read as Position.parse reads it; `misere`
/// applies to texts only). Returns a Solution: `outcome` ("win" or "loss"
/// for the player to move), `nimber` (normal play), `winning_moves` (for a
/// game in its notation; for a position when `moves` names a move
/// notation), `searched`, `seconds`.
///
/// The search runs on its own thread without the GIL; Ctrl-C stops it and
/// raises KeyboardInterrupt. `timeout` (seconds) raises Timeout when the
/// answer is not proved by then (nothing is claimed). `db` is a database
/// file shared with `sprouts solve --db` (created if missing). `threads`:
/// the search and threads - 1 helpers (normal and misère play; 0: one per CPU, at
/// most 8).
#[pyfunction]
#[pyo3(signature = (target, *, timeout = None, db = None, threads = 0, moves = None, misere = false))]
pub fn solve(
    py: Python<'_>,
    target: &Bound<'_, PyAny>,
    timeout: Option<f64>,
    db: Option<PathBuf>,
    threads: usize,
    moves: Option<&str>,
    misere: bool,
) -> PyResult<Solution> {
    if let Some(t) = timeout {
        if !(t.is_finite() && t >= 0.0) {
            return Err(ArgumentError::new_err(format!(
                "timeout must be a number of seconds, not {t}"
            )));
        }
    }
    let asked = moves.map(move_notation).transpose()?;
    let (pos, own) = target_position(py, target, misere)?;
    let variant = pos.variant();
    let job = Job {
        pos,
        moves: asked.or(own),
        timeout,
        db,
        threads,
    };
    let running = start(job)
        .map_err(|e| InternalError::new_err(format!("cannot start the solver thread: {e}")))?;
    let waited = wait(
        running,
        |r, d| py.detach(|| r.recv(d)),
        || py.check_signals(),
    );
    let answer = match waited {
        Waited::Done(a) => a,
        Waited::Interrupted(e) => return Err(e),
        Waited::Lost => {
            return Err(InternalError::new_err(
                "internal error: the solver thread panicked",
            ));
        }
    };
    match answer {
        Ok(a) => {
            let (winning_moves, same) = match a.winning {
                Some(w) => {
                    let (t, n) = w.into_iter().unzip();
                    (Some(t), Some(n))
                }
                None => (None, None),
            };
            Solution::py_new(
                variant.name(),
                a.win,
                a.nimber,
                winning_moves,
                same,
                a.searched,
                a.seconds,
                None,
            )
        }
        Err(Failure::Stopped {
            searched,
            outcome_proved,
        }) => {
            let t = timeout.unwrap_or(0.0);
            let kept = if outcome_proved {
                "the outcome was proved, but not which moves win"
            } else {
                "nothing was proved about the position"
            };
            Err(timeout_error(
                py,
                format!(
                    "no answer within the timeout of {t} s: {kept} (results proved on the way are kept in the database, if one was given)"
                ),
                t,
                searched,
            ))
        }
        Err(Failure::Solve(e)) => Err(SolveError::new_err(e)),
        Err(Failure::Database(e)) => Err(DatabaseError::new_err(e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(n: u32, variant: Variant) -> Job {
        Job {
            pos: Position::start(n, variant),
            moves: Some(Notation::Wgosa),
            timeout: None,
            db: None,
            threads: 1,
        }
    }

    fn no_signal() -> Result<(), &'static str> {
        Ok(())
    }

    #[test]
    fn answers_come_back_from_the_solver_thread() {
        let running = start(job(3, Variant::Normal)).unwrap();
        let Waited::Done(Ok(a)) = wait(running, |r, d| r.recv(d), no_signal) else {
            panic!("no answer");
        };
        assert!(a.win);
        assert_eq!(a.nimber, Some(1));
        // `sprouts solve '3+'`: 1(4)2 and 1(4)1[2], each with two others.
        let texts: Vec<(&str, usize)> = a
            .winning
            .as_ref()
            .unwrap()
            .iter()
            .map(|(t, n)| (t.as_str(), *n))
            .collect();
        assert_eq!(texts, [("1(4)2", 2), ("1(4)1[2]", 2)]);
        let running = start(job(5, Variant::Misere)).unwrap();
        let Waited::Done(Ok(a)) = wait(running, |r, d| r.recv(d), no_signal) else {
            panic!("no answer");
        };
        assert!(a.win);
        assert_eq!(a.nimber, None);
    }

    #[test]
    fn a_failing_poll_cancels_the_solve() {
        let started = Instant::now();
        let mut polls = 0;
        let running = start(job(40, Variant::Normal)).unwrap();
        let waited = wait(
            running,
            |r, d| r.recv(d),
            || {
                polls += 1;
                if polls == 3 {
                    Err("interrupted")
                } else {
                    Ok(())
                }
            },
        );
        assert!(
            matches!(waited, Waited::Interrupted("interrupted")),
            "{waited:?}"
        );
        assert_eq!(polls, 3);
        assert!(started.elapsed() < Duration::from_secs(20));
    }

    #[test]
    fn a_deadline_proves_nothing() {
        let mut j = job(40, Variant::Normal);
        j.timeout = Some(0.05);
        let cancel = Arc::new(AtomicBool::new(false));
        match run(&j, cancel) {
            Err(Failure::Stopped { outcome_proved, .. }) => assert!(!outcome_proved),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_bad_database_path_is_a_database_error() {
        let mut j = job(3, Variant::Normal);
        // A file under a file (this test program) cannot be made.
        let path = std::env::current_exe().unwrap().join("solved.redb");
        j.db = Some(path.clone());
        let cancel = Arc::new(AtomicBool::new(false));
        match run(&j, cancel) {
            Err(Failure::Database(e)) => {
                assert!(
                    e.starts_with(&format!("database {}: ", path.display())),
                    "{e}"
                )
            }
            other => panic!("{other:?}"),
        }
    }
}
