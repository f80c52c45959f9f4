//! The package's exceptions, and how the library's errors become them.
//! Every one is a `sprouts.Error` (see `python/sprouts/_errors.py`).
//!
//! Each exception carries the library's message (which already ends with
//! its cause); [`MoveError`] and [`Timeout`] also carry their facts as
//! attributes, set on the instance (so they survive pickling, which keeps
//! an exception's `__dict__`).

use pyo3::prelude::*;
use pyo3::{PyErr, import_exception};
use sprouts::notation::{GameError, MoveTextError, quote};

// Defined in Python (`python/sprouts/_errors.py`): each is a `sprouts.Error`
// and the built-in exception it stands for (`NotationError` a
// `ValueError`), which a class made here could not be (one base only).
import_exception!(sprouts._errors, NotationError);
import_exception!(sprouts._errors, MoveError);
import_exception!(sprouts._errors, DrawError);
import_exception!(sprouts._errors, SolveError);
import_exception!(sprouts._errors, ArgumentError);
import_exception!(sprouts._errors, DatabaseError);
import_exception!(sprouts._errors, Timeout);
import_exception!(sprouts._errors, InternalError);

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
