//! `sprouts.each_move`: a position's distinct moves solved one at a time
//! ([`Solver::each_move`](sprouts::solve::Solver::each_move), what `sprouts
//! solve --each-move` prints), each within its own timeout, resumable from
//! a database.

use std::path::PathBuf;
use std::time::Instant;

use pyo3::prelude::*;
use pyo3::types::PyString;
use sprouts::model::Position;
use sprouts::notation::Notation;
use sprouts::solve::{MoveOutcome, use_threads};

use crate::errors::{DatabaseError, SolveError};
use crate::read::move_notation;
use crate::solve::{
    Failure, check_slice, check_timeout, spawn, target_position, thread_error, wait_py, with_solver,
};

/// One distinct move of `each_move`: its text, whether it wins for the
/// player who makes it, and what it cost.
#[pyclass(module = "sprouts", name = "MoveResult", frozen)]
pub struct MoveResult {
    /// The move, in the game's notation or the one asked (the first of
    /// the moves that leave the same lands).
    #[pyo3(get, name = "move")]
    text: String,
    /// How many other moves leave the same lands.
    #[pyo3(get)]
    same: usize,
    /// True: the move wins (it leaves a loss); False: it loses; None:
    /// undecided within the timeout.
    #[pyo3(get)]
    wins: Option<bool>,
    /// Positions searched for it (0: the database knew it).
    #[pyo3(get)]
    searched: u64,
    /// Seconds taken for it.
    #[pyo3(get)]
    seconds: f64,
}

/// `wins` as `sprouts solve --each-move` writes it.
fn result_word(wins: Option<bool>) -> &'static str {
    match wins {
        Some(true) => "wins",
        Some(false) => "loses",
        None => "undecided",
    }
}

#[pymethods]
impl MoveResult {
    /// A move's result as `repr` writes it (`result` follows from `wins`).
    #[new]
    #[pyo3(signature = (r#move, wins, same = 0, searched = 0, seconds = 0.0))]
    fn py_new(
        r#move: String,
        wins: Option<bool>,
        same: usize,
        searched: u64,
        seconds: f64,
    ) -> Self {
        MoveResult {
            text: r#move,
            same,
            wins,
            searched,
            seconds,
        }
    }

    /// "wins", "loses" or "undecided", as `sprouts solve --each-move`
    /// writes it.
    #[getter]
    fn result(&self) -> &'static str {
        result_word(self.wins)
    }

    /// Pickling: the constructor's arguments.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let args = (
            self.text.clone(),
            self.wins,
            self.same,
            self.searched,
            self.seconds,
        )
            .into_pyobject(py)?
            .into_any();
        Ok((py.get_type::<MoveResult>().into_any(), args))
    }

    /// `MoveResult(move='1(8)2', wins=False, ...)`: evaluated (after `from
    /// sprouts import *`) it gives the same values.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "MoveResult(move={}, wins={}, same={}, searched={}, seconds={})",
            PyString::new(py, &self.text).repr()?,
            self.wins.into_pyobject(py)?.repr()?,
            self.same,
            self.searched,
            self.seconds.into_pyobject(py)?.repr()?,
        ))
    }
}

/// What `each_move` found.
#[pyclass(module = "sprouts", name = "EachMove", frozen, get_all)]
pub struct EachMove {
    /// "normal" or "misere".
    variant: &'static str,
    /// "win" (a move wins), "loss" (every move loses) or "undecided", for
    /// the player to move.
    outcome: &'static str,
    /// Whether the player to move wins; None when undecided.
    win: Option<bool>,
    /// How many distinct moves the position has.
    distinct: usize,
    /// The moves decided or tried, in the order they were: those the
    /// database (or a moment's search) decided first, then the others;
    /// it ends at a winning move.
    moves: Vec<Py<MoveResult>>,
    /// Positions searched in all.
    searched: u64,
    /// Seconds taken in all.
    seconds: f64,
}

#[pymethods]
impl EachMove {
    /// A result as `repr` writes it (`outcome` follows from `win`).
    #[new]
    #[pyo3(signature = (variant, win, distinct, moves, searched = 0, seconds = 0.0))]
    fn py_new(
        variant: &str,
        win: Option<bool>,
        distinct: usize,
        moves: Vec<Py<MoveResult>>,
        searched: u64,
        seconds: f64,
    ) -> PyResult<Self> {
        Ok(EachMove {
            variant: crate::solve::variant_name(variant)?,
            outcome: outcome_word(win),
            win,
            distinct,
            moves,
            searched,
            seconds,
        })
    }

    /// Pickling: the constructor's arguments.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let moves: Vec<Py<MoveResult>> = self.moves.iter().map(|m| m.clone_ref(py)).collect();
        let args = (
            self.variant,
            self.win,
            self.distinct,
            moves,
            self.searched,
            self.seconds,
        )
            .into_pyobject(py)?
            .into_any();
        Ok((py.get_type::<EachMove>().into_any(), args))
    }

    /// `EachMove(variant='misere', win=False, distinct=5, moves=[...],
    /// ...)`: evaluated (after `from sprouts import *`) it gives the same
    /// values.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let mut moves = Vec::new();
        for m in &self.moves {
            moves.push(m.bind(py).repr()?.to_string());
        }
        Ok(format!(
            "EachMove(variant={}, win={}, distinct={}, moves=[{}], searched={}, seconds={})",
            PyString::new(py, self.variant).repr()?,
            self.win.into_pyobject(py)?.repr()?,
            self.distinct,
            moves.join(", "),
            self.searched,
            self.seconds.into_pyobject(py)?.repr()?,
        ))
    }
}

/// `EachMove.outcome` from `win`.
fn outcome_word(win: Option<bool>) -> &'static str {
    match win {
        Some(true) => "win",
        Some(false) => "loss",
        None => "undecided",
    }
}

/// What the solver thread sends: each move as it is decided, then the end.
enum Event {
    Move(MoveResult),
    Done(Result<(Option<bool>, usize, u64), Failure>),
}

fn move_result(pos: &Position, notation: Notation, m: &MoveOutcome) -> MoveResult {
    MoveResult {
        text: notation.write_listed(pos, &m.first),
        same: m.same,
        wins: m.wins,
        searched: m.searched,
        seconds: m.seconds,
    }
}

/// Solves the distinct moves of a position (or of the end of a game) one
/// at a time, as `sprouts solve --each-move` does: moves that leave the
/// same lands count once, each gets its own `timeout` (seconds; None: no
/// limit), and it stops at the first winning move. `on_move`, if given, is
/// called with each MoveResult as it is decided (an exception it raises
/// stops the solve and is raised). With a `db`, what each move proved is
/// kept: run again, the decided moves are read back (0 searched) and the
/// others go on. `threads`: with 2 or more, helpers work on the moves
/// after the one being searched. `slice` (seconds): the moves not decided
/// at once are taken in rounds, each given `slice` in the first and twice
/// as long in each next (up to `timeout`), as `--slice` does; `on_move` is
/// then called after every slice (`wins` None while the move is open) and
/// `moves` lists each move once, as it ended. Moves are written in the
/// game's notation, or `moves`, or WGOSA's. Ctrl-C stops it and raises
/// KeyboardInterrupt.
#[pyfunction]
#[pyo3(signature = (target, *, timeout = None, db = None, threads = 0, moves = None, misere = false, on_move = None, slice = None))]
#[allow(clippy::too_many_arguments)]
pub fn each_move(
    py: Python<'_>,
    target: &Bound<'_, PyAny>,
    timeout: Option<f64>,
    db: Option<PathBuf>,
    threads: usize,
    moves: Option<&str>,
    misere: bool,
    on_move: Option<Bound<'_, PyAny>>,
    slice: Option<f64>,
) -> PyResult<EachMove> {
    let per_move = check_timeout(timeout)?;
    let first = slice.map(check_slice).transpose()?;
    let asked = moves.map(move_notation).transpose()?;
    let (pos, own) = target_position(py, target, misere)?;
    let notation = asked.or(own).unwrap_or(Notation::Wgosa);
    let variant = pos.variant();
    let start = Instant::now();
    let running = spawn("sprouts-each-move", move |flag, tx| {
        use_threads(threads);
        let r = with_solver(db.as_deref(), flag, |s| {
            let r = s
                .each_move_in_rounds(&pos, first, per_move, |m| {
                    let _ = tx.send(Event::Move(move_result(&pos, notation, m)));
                })
                .map_err(|e| Failure::Solve(e.to_string()))?;
            Ok((r.win, r.distinct, s.searched()))
        });
        let _ = tx.send(Event::Done(r));
    })
    .map_err(thread_error)?;
    let mut seen: Vec<Py<MoveResult>> = Vec::new();
    let done = wait_py(py, running, |event| match event {
        Event::Move(m) => {
            let m = Py::new(py, m)?;
            if let Some(f) = &on_move {
                f.call1((m.clone_ref(py),))?;
            }
            // In rounds a move is seen after each slice: the last stands.
            let text = &m.get().text;
            match seen.iter().position(|o| &o.get().text == text) {
                Some(i) => seen[i] = m,
                None => seen.push(m),
            }
            Ok(None)
        }
        Event::Done(r) => Ok(Some(r)),
    })?;
    match done {
        Ok((win, distinct, searched)) => Ok(EachMove {
            variant: variant.name(),
            outcome: outcome_word(win),
            win,
            distinct,
            moves: seen,
            searched,
            seconds: start.elapsed().as_secs_f64(),
        }),
        Err(Failure::Database(e)) => Err(DatabaseError::new_err(e)),
        Err(Failure::Solve(e)) => Err(SolveError::new_err(e)),
        // A move out of time is a MoveResult, not a failure.
        Err(Failure::Stopped { .. }) => Err(SolveError::new_err("the solve was stopped")),
    }
}
