//! `sprouts.Game`: a game transcript in WGOSA, LHP or Hoey notation,
//! replayed move by move.

use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyIterator, PyList};
use sprouts::notation::transcript::Transcript;
use sprouts::notation::{Notation, Replay};

use crate::errors::game_error;
use crate::position::{PyPosition, python_str, svg};
use crate::read::{move_notation, read_game, read_games};

/// A game: its header (spots, play convention, players), its moves and
/// the position after each, checked move by move.
///
/// Read one with `Game.parse(text)`: a header (`8+`, `5-`, or a bare
/// number such as `22`, the start), optional players in parentheses, moves
/// in WGOSA (`1(9)2`), LHP (`1<9>2`) or Hoey (`1-9-2;`) notation, and an
/// optional result (`I` or `II`). A bad move raises MoveError with its
/// number, text and reason.
#[pyclass(module = "sprouts", name = "Game", frozen)]
pub struct PyGame {
    pub transcript: Transcript,
    pub replay: Replay,
}

impl PyGame {
    /// The game's own move notation.
    pub fn own_notation(&self) -> Notation {
        self.transcript.notation
    }
}

#[pymethods]
impl PyGame {
    /// `Game(text, notation=None, misere=False)`: the same as `Game.parse`
    /// (what `repr` writes).
    #[new]
    #[pyo3(signature = (text, notation = None, misere = false))]
    fn py_new(py: Python<'_>, text: &str, notation: Option<&str>, misere: bool) -> PyResult<Self> {
        Self::parse(py, text, notation, misere)
    }

    /// Reads and replays a game. `notation` ("hoey", "wgosa" or "lhp")
    /// says how its moves are written (detected if None). `misere=True`
    /// makes a bare-number header (`22`) misère; against a `+` header it is
    /// an error. Raises NotationError (not a game, or unreadable),
    /// MoveError (a bad move: `number`, `text`, `reason`) or ArgumentError.
    #[staticmethod]
    #[pyo3(signature = (text, notation = None, misere = false))]
    fn parse(py: Python<'_>, text: &str, notation: Option<&str>, misere: bool) -> PyResult<Self> {
        let (transcript, replay) = read_game(py, text, notation, misere)?;
        Ok(PyGame { transcript, replay })
    }

    /// Reads and replays every game of a text (a file of several games,
    /// one after another, as `sprouts replay` reads it), in order.
    /// `notation` and `misere` as for `Game.parse`. Raises NotationError
    /// (no game, or unreadable), MoveError (a bad move of some game) or
    /// ArgumentError.
    #[staticmethod]
    #[pyo3(signature = (text, notation = None, misere = false))]
    fn parse_all(
        py: Python<'_>,
        text: &str,
        notation: Option<&str>,
        misere: bool,
    ) -> PyResult<Vec<Self>> {
        Ok(read_games(py, text, notation, misere)?
            .into_iter()
            .map(|(transcript, replay)| PyGame { transcript, replay })
            .collect())
    }

    /// Analyses the game as `sprouts analyze --json` does, with the same
    /// library function: for every move, whether the mover could win
    /// before it and whether the move kept the win or threw it away, and
    /// for a move that threw it the moves that win instead (in the game's
    /// notation). Returns a dict: {"variant", "moves": [{"number", "text",
    /// "before", "verdict", "winning" (with "threw" only, when found:
    /// [{"move", "same"}])}], "final"}; "before" and "final" are "win",
    /// "loss" or "undecided", "verdict" is "kept", "threw", "lost" or
    /// "undecided". `timeout` (seconds, shared among the positions): what
    /// is not decided by then is "undecided" (no exception). `db` and
    /// `threads` as for `solve`. Ctrl-C stops it and raises
    /// KeyboardInterrupt.
    #[pyo3(signature = (*, timeout = None, db = None, threads = 0))]
    fn analyze<'py>(
        &self,
        py: Python<'py>,
        timeout: Option<f64>,
        db: Option<std::path::PathBuf>,
        threads: usize,
    ) -> PyResult<Bound<'py, PyDict>> {
        let a = crate::solve::analyze(py, &self.replay, self.own_notation(), timeout, db, threads)?;
        let word = sprouts::solve::outcome_word;
        let moves = PyList::empty(py);
        for m in &a.moves {
            let d = PyDict::new(py);
            d.set_item("number", m.number)?;
            d.set_item("text", &m.text)?;
            d.set_item("before", word(m.before))?;
            d.set_item("verdict", m.verdict.name())?;
            if let Some(list) = &m.winning {
                let w = PyList::empty(py);
                for (text, same) in list {
                    let one = PyDict::new(py);
                    one.set_item("move", text)?;
                    one.set_item("same", same)?;
                    w.append(one)?;
                }
                d.set_item("winning", w)?;
            }
            moves.append(d)?;
        }
        let out = PyDict::new(py);
        out.set_item("variant", self.replay.start().variant().name())?;
        out.set_item("moves", moves)?;
        out.set_item("final", word(a.final_outcome))?;
        Ok(out)
    }

    /// The move texts as written.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.transcript.moves.clone()
    }

    /// The move notation of the game: "wgosa", "lhp" or "hoey".
    #[getter]
    fn notation(&self) -> &'static str {
        self.transcript.notation.name()
    }

    /// "normal" or "misere".
    #[getter]
    fn variant(&self) -> &'static str {
        self.transcript.header.variant.name()
    }

    /// The number of spots at the start.
    #[getter]
    fn spots(&self) -> u32 {
        self.transcript.header.spots
    }

    /// What the header had between parentheses (players), or None.
    #[getter]
    fn players(&self) -> Option<String> {
        self.transcript.header.players.clone()
    }

    /// The recorded result: "I" (the first player won), "II", or None.
    #[getter]
    fn winner(&self) -> Option<String> {
        self.replay.winner().map(|w| w.to_string())
    }

    /// The position after the last move.
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition::new(self.replay.position().clone())
    }

    /// The start.
    #[getter]
    fn start(&self) -> PyPosition {
        PyPosition::new(self.replay.start().clone())
    }

    /// The position after each move, in order (not the start).
    fn positions(&self) -> Vec<PyPosition> {
        self.replay.positions().map(PyPosition::new).collect()
    }

    /// The canonical text of every move, in `notation` (the game's own if
    /// None): each reads back as the same move.
    #[pyo3(signature = (notation = None))]
    fn texts(&self, notation: Option<&str>) -> PyResult<Vec<String>> {
        let n = match notation {
            Some(name) => move_notation(name)?,
            None => self.own_notation(),
        };
        Ok(self.replay.texts(n))
    }

    /// The whole game written canonically in `notation` (the game's own if
    /// None): header, moves, result.
    #[pyo3(signature = (notation = None))]
    fn to_text(&self, notation: Option<&str>) -> PyResult<String> {
        let n = match notation {
            Some(name) => move_notation(name)?,
            None => self.own_notation(),
        };
        Ok(self.replay.to_notation(n))
    }

    /// The game with one more move (in the game's notation); raises
    /// MoveError with the move's number.
    fn play(&self, py: Python<'_>, move_text: &str) -> PyResult<Self> {
        let mut transcript = self.transcript.clone();
        transcript.moves.push(move_text.trim().to_string());
        // A result no longer holds once a move is added.
        transcript.winner = None;
        let replay = transcript.replay().map_err(|e| game_error(py, &e))?;
        Ok(PyGame { transcript, replay })
    }

    /// An SVG picture of the game after move `move` (0: the start; the
    /// last move if None), that move drawn in red, with a caption unless
    /// `caption=False`.
    #[pyo3(signature = (r#move = None, caption = true))]
    fn svg(&self, py: Python<'_>, r#move: Option<usize>, caption: bool) -> PyResult<String> {
        let made = self.replay.moves().len();
        let upto = r#move.unwrap_or(made);
        if upto > made {
            return Err(PyIndexError::new_err(format!(
                "move {upto}: the game has {made} move{}",
                if made == 1 { "" } else { "s" }
            )));
        }
        let header = &self.transcript.header;
        let (pos, highlight, title) = if upto == 0 {
            (self.replay.start().clone(), None, format!("{header} start"))
        } else {
            let pos = self
                .replay
                .positions()
                .nth(upto - 1)
                .expect("upto is at most the number of moves");
            let text = &self.replay.texts(self.own_notation())[upto - 1];
            let spot = pos.next_spot() - 1;
            (
                pos,
                Some(spot),
                format!("{header} after move {upto}: {text}"),
            )
        };
        svg(py, &pos, highlight, caption.then_some(title))
    }

    /// Pickling: the transcript (header with its sign, players, moves as
    /// written, result) and its move notation; unpickling replays it.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let parse = py.get_type::<PyGame>().getattr("parse")?;
        let args = (self.transcript.to_string(), self.notation())
            .into_pyobject(py)?
            .into_any();
        Ok((parse, args))
    }

    /// The number of moves.
    fn __len__(&self) -> usize {
        self.transcript.moves.len()
    }

    /// The move (its text as written) at `index`, from 0; negative indices
    /// count from the end, and a slice gives a list of texts, as for a
    /// list. A game is a sequence of its moves.
    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        PyList::new(py, &self.transcript.moves)?
            .as_any()
            .get_item(index)
    }

    /// The moves' texts as written, in order.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        PyList::new(py, &self.transcript.moves)?.try_iter()
    }

    /// Whether two games have the same transcript (header, players, moves
    /// as written, result) in the same move notation.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyGame>().is_ok_and(|o| {
            let o = o.get();
            o.transcript.notation == self.transcript.notation
                && o.transcript.to_string() == self.transcript.to_string()
        })
    }

    /// A hash of what `==` compares.
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (self.transcript.notation, self.transcript.to_string()).hash(&mut h);
        h.finish()
    }

    fn __str__(&self) -> String {
        self.transcript.to_string()
    }

    /// `Game('TEXT', notation='NAME')`: evaluated (with `from sprouts
    /// import *`) it gives an equal game.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Game({}, notation={})",
            python_str(py, &self.transcript.to_string())?,
            python_str(py, self.notation())?
        ))
    }
}
