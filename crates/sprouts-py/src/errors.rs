//! The package's exceptions, and how the library's errors become them.
//!
//! Each exception carries the library's message (which already ends with
//! its cause); [`MoveError`] and [`Timeout`] also carry their facts as
//! attributes, set on the instance (so they survive pickling, which keeps
//! an exception's `__dict__`).

use pyo3::exceptions::{PyOSError, PyTimeoutError, PyValueError};
use pyo3::prelude::*;
use pyo3::{PyErr, create_exception};
use sprouts::notation::{GameError, MoveTextError, quote};

create_exception!(
    sprouts,
    NotationError,
    PyValueError,
    "A text that is no game or position: empty, several games, or not following its notation (the message says where and what was expected)."
);
create_exception!(
    sprouts,
    MoveError,
    PyValueError,
    "A move that cannot be played: `number` (from 1 in a game; None for a lone move), `text` (as written) and `reason` (why: a syntax error, an illegal move, or an ambiguous one with its candidates)."
);
create_exception!(
    sprouts,
    DrawError,
    PyValueError,
    "A position that cannot be drawn (an abbreviated position, or too many spots)."
);
create_exception!(
    sprouts,
    SolveError,
    PyValueError,
    "A position the solver cannot take (too many lives)."
);
create_exception!(
    sprouts,
    DatabaseError,
    PyOSError,
    "The database file cannot be opened, read or written."
);
create_exception!(
    sprouts,
    Timeout,
    PyTimeoutError,
    "solve() gave up at its timeout: nothing was proved about the position (attributes `timeout`, the seconds given, and `searched`)."
);

/// Sets attributes on an exception's value; an error setting them (not
/// expected) replaces the exception.
fn with_attrs(py: Python<'_>, err: PyErr, attrs: &[(&str, Py<PyAny>)]) -> PyErr {
    let value = err.value(py);
    for (name, v) in attrs {
        if let Err(e) = value.setattr(*name, v.bind(py)) {
            return e;
        }
    }
    err
}

/// A [`MoveError`] with its attributes.
pub fn move_error(
    py: Python<'_>,
    message: String,
    number: Option<usize>,
    text: &str,
    reason: String,
) -> PyErr {
    let attrs = (|| -> PyResult<Vec<(&str, Py<PyAny>)>> {
        Ok(vec![
            ("number", number.into_pyobject(py)?.unbind()),
            ("text", text.into_pyobject(py)?.into_any().unbind()),
            ("reason", reason.into_pyobject(py)?.into_any().unbind()),
        ])
    })();
    match attrs {
        Ok(a) => with_attrs(py, MoveError::new_err(message), &a),
        Err(e) => e,
    }
}

/// The [`MoveError`] of a game that cannot be replayed:
/// `move N (TEXT): REASON`.
pub fn game_error(py: Python<'_>, e: &GameError) -> PyErr {
    move_error(
        py,
        e.to_string(),
        Some(e.number()),
        e.text(),
        e.cause().to_string(),
    )
}

/// The [`MoveError`] of a lone move played on a position:
/// `move (TEXT): REASON`.
pub fn lone_move_error(py: Python<'_>, text: &str, e: &MoveTextError) -> PyErr {
    move_error(
        py,
        format!("move ({}): {e}", quote(text)),
        None,
        text,
        e.to_string(),
    )
}

/// A [`Timeout`] with its attributes.
pub fn timeout_error(py: Python<'_>, message: String, timeout: f64, searched: u64) -> PyErr {
    let attrs = (|| -> PyResult<Vec<(&str, Py<PyAny>)>> {
        Ok(vec![
            ("timeout", timeout.into_pyobject(py)?.into_any().unbind()),
            ("searched", searched.into_pyobject(py)?.into_any().unbind()),
        ])
    })();
    match attrs {
        Ok(a) => with_attrs(py, Timeout::new_err(message), &a),
        Err(e) => e,
    }
}
