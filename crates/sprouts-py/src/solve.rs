//! `sprouts.solve`: who wins a position or the end of a game, its nimber,
//! and which moves win.
//!
//! The solve runs on a thread of its own (with a large stack, as the
//! command's does); the calling thread waits for it without the GIL, waking
//! every [`TICK`] to let Python look at its signals. A Ctrl-C (or any
//! signal handler that raises) sets the solver's cancel flag, waits for the
//! solver to stop and flush its database, and raises. A timeout is the
//! solver's own deadline: the answer is proved or there is none.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use sprouts::model::{Position, Variant};
use sprouts::notation::Notation;
use sprouts::solve::{Solver, Stacked, Store, solver_thread, time_limit, time_slice, use_threads};
use sprouts_store::Backing;

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
    pub timeout: Option<Duration>,
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

/// Runs `work` with a solver over `db` (memory only when None) that stops
/// when `cancel` is set, then flushes the database: a write error is
/// returned before the work's own result.
pub fn with_solver<R>(
    db: Option<&Path>,
    cancel: Arc<AtomicBool>,
    work: impl FnOnce(&mut Solver<Stacked<Backing>>) -> Result<R, Failure>,
) -> Result<R, Failure> {
    let back = Backing::open(db).map_err(|e| Failure::Database(e.to_string()))?;
    let mut solver = Solver::with_store(Stacked::new(back));
    solver.set_cancel(cancel);
    let r = work(&mut solver);
    solver.store_mut().flush();
    if let Some(e) = solver.store().back().error() {
        return Err(Failure::Database(e));
    }
    r
}

/// Runs a job on this thread (which [`start`] makes a big-stack one).
pub fn run(job: &Job, cancel: Arc<AtomicBool>) -> Result<Answer, Failure> {
    use_threads(job.threads);
    with_solver(job.db.as_deref(), cancel, |solver| {
        if let Some(t) = job.timeout {
            solver.set_deadline(Instant::now() + t);
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
    })
}

/// Work running on a solver thread of its own, sending `T`s back.
pub struct Running<T> {
    pub cancel: Arc<AtomicBool>,
    rx: Mutex<mpsc::Receiver<T>>,
    handle: JoinHandle<()>,
}

/// Starts `work` on a big-stack solver thread named `name`, with the
/// cancel flag to give its solver and the sender of what it finds.
pub fn spawn<T: Send + 'static>(
    name: &str,
    work: impl FnOnce(Arc<AtomicBool>, mpsc::Sender<T>) + Send + 'static,
) -> std::io::Result<Running<T>> {
    let cancel = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel();
    let flag = cancel.clone();
    let handle = solver_thread()
        .name(name.into())
        .spawn(move || work(flag, tx))?;
    Ok(Running {
        cancel,
        rx: Mutex::new(rx),
        handle,
    })
}

/// Starts a job on a thread of its own.
pub fn start(job: Job) -> std::io::Result<Running<Result<Answer, Failure>>> {
    spawn("sprouts-solve", move |flag, tx| {
        // The receiver may be gone (the caller gave up): nothing to do.
        let _ = tx.send(run(&job, flag));
    })
}

impl<T> Running<T> {
    /// Waits for the next message for at most `limit` (for ever if None).
    /// Takes no Python object: callers release the GIL around it.
    pub fn recv(&self, limit: Option<Duration>) -> Result<T, RecvTimeoutError> {
        let rx = self.rx.lock().unwrap_or_else(|e| e.into_inner());
        match limit {
            Some(d) => rx.recv_timeout(d),
            None => rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
        }
    }
}

/// How waiting for a job ended.
#[derive(Debug)]
pub enum Waited<R, E> {
    Done(R),
    /// `poll` or `take` failed: the job was cancelled, and has stopped.
    Interrupted(E),
    /// The job's thread ended without an answer (it panicked).
    Lost,
}

/// Waits for a job: `recv` is [`Running::recv`] (the caller wraps it to
/// release the GIL), called for a [`TICK`] at a time; `take` is given
/// each message and says whether it is the answer (`Some`) or news to go
/// on from (`None`); between two ticks `poll` looks at signals. An error
/// of `poll` or `take` cancels the job, waits for its thread to end (the
/// solver stops at its next check and flushes its database), and is
/// returned.
pub fn wait<T, R, E>(
    running: Running<T>,
    mut recv: impl FnMut(&Running<T>, Option<Duration>) -> Result<T, RecvTimeoutError>,
    mut poll: impl FnMut() -> Result<(), E>,
    mut take: impl FnMut(T) -> Result<Option<R>, E>,
) -> Waited<R, E> {
    let waited = loop {
        let e = match recv(&running, Some(TICK)) {
            Ok(m) => match take(m) {
                Ok(Some(r)) => break Waited::Done(r),
                Ok(None) => continue,
                Err(e) => e,
            },
            Err(RecvTimeoutError::Disconnected) => break Waited::Lost,
            Err(RecvTimeoutError::Timeout) => match poll() {
                Ok(()) => continue,
                Err(e) => e,
            },
        };
        running.cancel.store(true, Ordering::Relaxed);
        // Until the thread ends, which closes the channel.
        while recv(&running, None).is_ok() {}
        break Waited::Interrupted(e);
    };
    let _ = running.handle.join();
    waited
}

/// [`wait`] from Python: without the GIL while waiting, Python's signals
/// looked at between two ticks, `take` called with the GIL.
pub fn wait_py<T: Send, R>(
    py: Python<'_>,
    running: Running<T>,
    take: impl FnMut(T) -> PyResult<Option<R>>,
) -> PyResult<R> {
    match wait(
        running,
        |r, d| py.detach(|| r.recv(d)),
        || py.check_signals(),
        take,
    ) {
        Waited::Done(r) => Ok(r),
        Waited::Interrupted(e) => Err(e),
        Waited::Lost => Err(InternalError::new_err(
            "internal error: the solver thread panicked",
        )),
    }
}

/// Refuses a timeout that is not a number of seconds.
pub fn check_timeout(timeout: Option<f64>) -> PyResult<Option<Duration>> {
    timeout
        .map(|t| {
            time_limit(t).ok_or_else(|| {
                ArgumentError::new_err(format!("timeout must be a number of seconds, not {t}"))
            })
        })
        .transpose()
}

/// A slice of time ([`time_slice`]), or the ArgumentError that says why not.
pub fn check_slice(seconds: f64) -> PyResult<Duration> {
    time_slice(seconds).ok_or_else(|| {
        ArgumentError::new_err(format!(
            "a slice is a positive number of seconds, not {seconds}"
        ))
    })
}

pub fn thread_error(e: std::io::Error) -> PyErr {
    InternalError::new_err(format!("cannot start the solver thread: {e}"))
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
    let end = check_timeout(timeout)?.map(|d| Instant::now() + d);
    let replay = replay.clone();
    let running = spawn("sprouts-analyze", move |flag, tx| {
        use_threads(threads);
        let a = with_solver(db.as_deref(), flag, |s| {
            s.analyze(&replay, notation, end, &mut |_| {})
                .map_err(|e| Failure::Solve(e.to_string()))
        });
        let _ = tx.send(a);
    })
    .map_err(thread_error)?;
    match wait_py(py, running, |a| Ok(Some(a)))? {
        Ok(a) => Ok(a),
        Err(Failure::Database(e)) => Err(DatabaseError::new_err(e)),
        Err(Failure::Solve(e)) => Err(SolveError::new_err(e)),
        Err(Failure::Stopped { .. }) => Err(InternalError::new_err(
            "internal error: the analysis stopped without its lines",
        )),
    }
}

/// A variant's name as the library writes it, from a constructor's
/// argument.
pub fn variant_name(variant: &str) -> PyResult<&'static str> {
    match variant {
        "normal" => Ok(Variant::Normal.name()),
        "misere" => Ok(Variant::Misere.name()),
        other => Err(ArgumentError::new_err(format!(
            "unknown variant {other:?}: give \"normal\" or \"misere\""
        ))),
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
        Ok(Solution {
            variant: variant_name(variant)?,
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
    let limit = check_timeout(timeout)?;
    let asked = moves.map(move_notation).transpose()?;
    let (pos, own) = target_position(py, target, misere)?;
    let variant = pos.variant();
    let job = Job {
        pos,
        moves: asked.or(own),
        timeout: limit,
        db,
        threads,
    };
    let running = start(job).map_err(thread_error)?;
    let answer = wait_py(py, running, |a| Ok(Some(a)))?;
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

    fn some<T>(t: T) -> Result<Option<T>, &'static str> {
        Ok(Some(t))
    }

    #[test]
    fn answers_come_back_from_the_solver_thread() {
        let running = start(job(3, Variant::Normal)).unwrap();
        let Waited::Done(Ok(a)) = wait(running, |r, d| r.recv(d), no_signal, some) else {
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
        let Waited::Done(Ok(a)) = wait(running, |r, d| r.recv(d), no_signal, some) else {
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
            some,
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
        j.timeout = Some(Duration::from_millis(50));
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
