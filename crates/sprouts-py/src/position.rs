//! `sprouts.Position`: a position, read and written in every position
//! notation, its legal moves, canonical form and drawing.

use pyo3::prelude::*;
use sprouts::canon::canonical;
use sprouts::draw::{SvgOptions, completed, draw};
use sprouts::model::{MAX_SPOT, Move, Position, Variant};
use sprouts::notation::{NO_LIVE_REGION, Notation, PositionNotation};

use crate::errors::{ArgumentError, DrawError, InternalError, lone_move_error};
use crate::read::{Read, move_notation, position_notation, read};

/// A Sprouts position (normal or misère play).
///
/// Read one with `Position.parse(text)` (Hoey, GLOP 1.0, GLOP 2 or
/// neo-GLOP, detected unless `notation` names it; a game stands for the
/// position after its last move) or make a start with
/// `Position.start(n)`. Positions are immutable: `play` gives a new one.
#[pyclass(module = "sprouts", name = "Position", frozen)]
#[derive(Clone)]
pub struct PyPosition {
    pub pos: Position,
    /// The notation the text was read in, if read from a position text.
    pub notation: Option<PositionNotation>,
}

impl PyPosition {
    pub fn new(pos: Position) -> PyPosition {
        PyPosition {
            pos,
            notation: None,
        }
    }
}

/// A variant from the `misere` flag.
pub fn variant(misere: bool) -> Variant {
    if misere {
        Variant::Misere
    } else {
        Variant::Normal
    }
}

/// The canonical text of a generated legal move.
pub fn write_move(pos: &Position, m: &Move, notation: Notation) -> PyResult<String> {
    notation.write(pos, m).map_err(|e| {
        InternalError::new_err(format!(
            "internal error: a generated move cannot be written: {e}"
        ))
    })
}

/// Resolves and plays a lone move, its notation named or detected.
pub fn play_text(
    py: Python<'_>,
    pos: &Position,
    text: &str,
    notation: Option<&str>,
) -> PyResult<Position> {
    let n = match notation {
        Some(name) => move_notation(name)?,
        None => Notation::detect(text).ok_or_else(|| {
            crate::errors::move_error(
                py,
                "empty move text".to_string(),
                None,
                text,
                "empty move text".to_string(),
            )
        })?,
    };
    let m = n
        .resolve(text.trim(), pos)
        .map_err(|e| lone_move_error(py, text, &e))?;
    pos.play(&m)
        .map_err(|e| lone_move_error(py, text, &e.into()))
}

#[pymethods]
impl PyPosition {
    /// `Position(text, notation=None, misere=False)`: the same as
    /// `Position.parse` (what `repr` writes).
    #[new]
    #[pyo3(signature = (text, notation = None, misere = false))]
    fn py_new(py: Python<'_>, text: &str, notation: Option<&str>, misere: bool) -> PyResult<Self> {
        Self::parse(py, text, notation, misere)
    }

    /// Reads a position, or a game (which stands for the position after
    /// its last move, as for the `sprouts` commands). `notation` is
    /// "hoey", "glop1", "glop2" or "neoglop" (detected if None; with a
    /// notation the text is always a position). `misere=True` chooses
    /// misère play for a text that does not state it (a neo-GLOP label
    /// `5-:` or a game header `5-` states it). Raises NotationError,
    /// MoveError (a game with a bad move) or ArgumentError.
    #[staticmethod]
    #[pyo3(signature = (text, notation = None, misere = false))]
    fn parse(py: Python<'_>, text: &str, notation: Option<&str>, misere: bool) -> PyResult<Self> {
        let notation = notation.map(position_notation).transpose()?;
        Ok(match read(py, text, notation, misere)? {
            Read::Position(pos, n) => PyPosition {
                pos,
                notation: Some(n),
            },
            Read::Game(_, replay) => PyPosition::new(replay.position().clone()),
        })
    }

    /// The start of an `n`-spot game (misère play with `misere=True`).
    #[staticmethod]
    #[pyo3(signature = (n, misere = false))]
    fn start(n: i64, misere: bool) -> PyResult<Self> {
        let most = i64::from(MAX_SPOT / 4) - 1;
        if !(0..=most).contains(&n) {
            return Err(ArgumentError::new_err(format!(
                "a start has from 0 to {most} spots, not {n}"
            )));
        }
        Ok(PyPosition::new(Position::start(n as u32, variant(misere))))
    }

    /// The notation the position was read in ("hoey", "glop1", "glop2",
    /// "neoglop"), or None (a start, a game's position, a move's result).
    #[getter]
    fn notation(&self) -> Option<&'static str> {
        self.notation.map(PositionNotation::name)
    }

    /// "normal" or "misere".
    #[getter]
    fn variant(&self) -> &'static str {
        self.pos.variant().name()
    }

    /// The number of lives (each live spot has 3 minus its degree).
    #[getter]
    fn lives(&self) -> u32 {
        self.pos.lives()
    }

    /// Whether no move is left.
    #[getter]
    fn is_over(&self) -> bool {
        self.pos.is_over()
    }

    /// The number of spots at the start, when the position is complete
    /// (every site listed); None for an abbreviated position.
    #[getter]
    fn start_spots(&self) -> Option<u32> {
        self.pos.start_spots()
    }

    /// Hoey's notation: abbreviated (dead spots and regions without a live
    /// spot left out; "" when no live region is left), or every site with
    /// `full=True`.
    #[pyo3(signature = (full = false))]
    fn to_hoey(&self, full: bool) -> PyResult<String> {
        planar(&self.pos, "Hoey's notation")?;
        Ok(if full {
            self.pos.to_hoey_full()
        } else {
            self.pos.to_hoey()
        })
    }

    /// GLOP 1.0.
    fn to_glop1(&self) -> PyResult<String> {
        planar(&self.pos, "GLOP 1.0")?;
        Ok(self.pos.to_glop1())
    }

    /// GLOP 2.
    fn to_glop2(&self) -> String {
        self.pos.to_glop2()
    }

    /// neo-GLOP.
    fn to_neoglop(&self) -> String {
        self.pos.to_neoglop()
    }

    /// The position in a notation given by name ("hoey" abbreviated,
    /// "glop1", "glop2" or "neoglop").
    fn write(&self, notation: &str) -> PyResult<String> {
        let n = position_notation(notation)?;
        if matches!(n, PositionNotation::Hoey | PositionNotation::Glop1) {
            planar(&self.pos, n.name())?;
        }
        Ok(n.write(&self.pos))
    }

    /// The canonical text (neo-GLOP, lands joined by `+`): the same for
    /// every position that is the same game up to symmetry and GLOP's
    /// simplifications; "" when no move is left.
    fn canonical(&self, py: Python<'_>) -> String {
        let pos = self.pos.clone();
        py.detach(move || canonical(&pos).to_string())
    }

    /// The number of legal moves, counted without listing them (it can be
    /// far too many to list); off the plane, the number of `children()`.
    fn count_moves(&self, py: Python<'_>) -> PyResult<num_bigint::BigUint> {
        let pos = self.pos.clone();
        py.detach(move || pos.number_of_moves())
            .map_err(|e| ArgumentError::new_err(e.to_string()))
    }

    /// The legal moves, each as its canonical text in `notation` ("hoey",
    /// "wgosa" or "lhp"); moves that give the same position are listed
    /// once. At most `limit` moves (all if None).
    #[pyo3(signature = (notation = "hoey", limit = None))]
    fn legal_moves(&self, notation: &str, limit: Option<usize>) -> PyResult<Vec<String>> {
        let n = move_notation(notation)?;
        if self.pos.is_on_surface() {
            return Err(ArgumentError::new_err(
                "the position is off the plane, where moves have no text: children() lists them by the positions they leave",
            ));
        }
        self.pos
            .legal_moves()
            .take(limit.unwrap_or(usize::MAX))
            .map(|m| write_move(&self.pos, &m, n))
            .collect()
    }

    /// The legal moves and the position after each, as pairs
    /// `(move text, Position)` (see `legal_moves`). Off the plane, where
    /// moves have no text, the text is the neo-GLOP of the position left
    /// (one pair per distinct position), as everywhere a move is listed.
    #[pyo3(signature = (notation = "hoey", limit = None))]
    fn children(
        &self,
        py: Python<'_>,
        notation: &str,
        limit: Option<usize>,
    ) -> PyResult<Vec<(String, Self)>> {
        let n = move_notation(notation)?;
        let pos = self.pos.clone();
        let listed = py.detach(move || -> Result<Vec<(String, Position)>, String> {
            let moves = pos.moves().map_err(|e| e.to_string())?;
            moves
                .take(limit.unwrap_or(usize::MAX))
                .map(|m| {
                    let text = n.write_listed(&pos, &m);
                    let after = m.after(&pos).map_err(|e| {
                        format!("internal error: generated move {text} cannot be played: {e}")
                    })?;
                    Ok((text, after))
                })
                .collect()
        });
        Ok(listed
            .map_err(ArgumentError::new_err)?
            .into_iter()
            .map(|(text, after)| (text, PyPosition::new(after)))
            .collect())
    }

    /// The position after a move written in Hoey, WGOSA or LHP notation
    /// (named by `notation`, or detected). Raises MoveError (`number` is
    /// None) for a move that does not read or is not legal.
    #[pyo3(signature = (move_text, notation = None))]
    fn play(&self, py: Python<'_>, move_text: &str, notation: Option<&str>) -> PyResult<Self> {
        Ok(PyPosition::new(play_text(
            py, &self.pos, move_text, notation,
        )?))
    }

    /// An SVG picture (the library's planar drawing, lines never cross).
    /// A position read from GLOP or neo-GLOP can be drawn when all its
    /// spots are live; an abbreviated one cannot (DrawError).
    #[pyo3(signature = (caption = None))]
    fn svg(&self, py: Python<'_>, caption: Option<String>) -> PyResult<String> {
        svg(py, &self.pos, None, caption)
    }

    /// Rebuilds a pickled position (see `__reduce__`): its regions (each a
    /// list of boundaries, each the list of its sites), the degree of every
    /// spot from 0, misère or not, whether it is complete (its start is
    /// known), and the notation it was read in. Raises ArgumentError for
    /// regions and degrees that make no position.
    #[staticmethod]
    fn _from_state(
        regions: Vec<Vec<Vec<u32>>>,
        degrees: Vec<u8>,
        misere: bool,
        complete: bool,
        notation: Option<&str>,
    ) -> PyResult<Self> {
        let notation = notation.map(position_notation).transpose()?;
        let built = if complete {
            Position::new(regions, degrees, variant(misere))
        } else {
            Position::new_abbreviated(regions, degrees, variant(misere))
        };
        let pos = built.map_err(|e| ArgumentError::new_err(format!("not a position: {e}")))?;
        if complete && !pos.is_complete() {
            return Err(ArgumentError::new_err(
                "not a position: said complete, but some site is not listed",
            ));
        }
        Ok(PyPosition { pos, notation })
    }

    /// Pickling: the position's exact structure (regions, boundaries and
    /// sites in stored order, every spot's degree, the play convention),
    /// so a position comes back as it was, labels and all.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        if self.pos.is_on_surface() {
            return Err(ArgumentError::new_err(
                "a position off the plane cannot be pickled: keep its neo-GLOP text (to_neoglop())",
            ));
        }
        let regions: Vec<Vec<Vec<u32>>> = self
            .pos
            .regions()
            .iter()
            .map(|r| r.boundaries().iter().map(|b| b.sites().to_vec()).collect())
            .collect();
        let degrees: Vec<u8> = (0..self.pos.next_spot())
            .map(|s| if s == 0 { 0 } else { self.pos.degree(s) })
            .collect();
        let rebuild = py.get_type::<PyPosition>().getattr("_from_state")?;
        let args = (
            regions,
            degrees,
            self.pos.variant() == Variant::Misere,
            self.pos.start_spots().is_some(),
            self.notation(),
        )
            .into_pyobject(py)?
            .into_any();
        Ok((rebuild, args))
    }

    /// Whether two positions are the same (up to the order of regions,
    /// boundaries and rotations, as the library compares them) with the
    /// same play convention.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyPosition>().is_ok_and(|o| {
            let o = o.get();
            o.pos.variant() == self.pos.variant() && o.pos == self.pos
        })
    }

    /// Hoey's notation abbreviated; neo-GLOP off the plane (Hoey's has no
    /// topology).
    fn __str__(&self) -> String {
        if self.pos.is_on_surface() {
            return self.pos.to_neoglop();
        }
        let t = self.pos.to_hoey();
        if t.is_empty() {
            NO_LIVE_REGION.to_string()
        } else {
            t
        }
    }

    /// A hash of what `==` compares (the library's position key), so that
    /// equal positions hash alike: positions go in sets and dict keys.
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.pos.hash(&mut h);
        h.finish()
    }

    /// `Position('TEXT')`, with `misere=True` in misère play: evaluated
    /// (with `from sprouts import *`) it gives an equal position. The text
    /// is Hoey's with every site for a complete position, abbreviated for
    /// an abbreviated one, neo-GLOP off the plane.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let text = if self.pos.is_on_surface() {
            self.pos.to_neoglop()
        } else if self.pos.is_complete() {
            self.pos.to_hoey_full()
        } else {
            self.pos.to_hoey()
        };
        let text = if text.is_empty() {
            NO_LIVE_REGION.to_string()
        } else {
            text
        };
        let misere = match self.pos.variant() {
            Variant::Misere => ", misere=True",
            Variant::Normal => "",
        };
        Ok(format!("Position({}{misere})", python_str(py, &text)?))
    }
}

/// `text` as a Python string literal (Python's own `repr`).
pub fn python_str(py: Python<'_>, text: &str) -> PyResult<String> {
    Ok(pyo3::types::PyString::new(py, text).repr()?.to_string())
}

/// Refuses a position off the plane for a notation without topology.
fn planar(pos: &Position, notation: &str) -> PyResult<()> {
    if pos.is_on_surface() {
        return Err(ArgumentError::new_err(format!(
            "the position is off the plane and {notation} has no topology: write it in neo-GLOP or GLOP 2"
        )));
    }
    Ok(())
}

/// A position's SVG picture, the spot made by the move to highlight, a
/// caption.
pub fn svg(
    py: Python<'_>,
    pos: &Position,
    highlight: Option<u32>,
    title: Option<String>,
) -> PyResult<String> {
    let pos = pos.clone();
    py.detach(move || {
        draw(&completed(pos)).map(|d| {
            d.to_svg(&SvgOptions {
                highlight,
                title,
                ..SvgOptions::default()
            })
        })
    })
    .map_err(|e| DrawError::new_err(e.to_string()))
}
