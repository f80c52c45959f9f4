//! The Python package `sprouts` (its native module `sprouts._sprouts`):
//! games and positions read and written in every notation the `sprouts`
//! command reads, legal moves, canonical forms, drawings and the solver.
//! The Python side is `python/sprouts/` (re-exports, type stubs); the
//! package is built by maturin (`pip install ./crates/sprouts-py`). See
//! docs/python.md.

mod distributed;
mod each_move;
mod errors;
mod game;
mod position;
mod read;
pub mod solve;

use pyo3::prelude::*;

/// The native module; `sprouts/__init__.py` re-exports it.
#[pymodule]
#[pyo3(name = "_sprouts")]
fn sprouts_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<position::PyPosition>()?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<solve::Solution>()?;
    m.add_class::<each_move::MoveResult>()?;
    m.add_class::<each_move::EachMove>()?;
    m.add_class::<distributed::PyMaster>()?;
    m.add_class::<distributed::PyTreeMaster>()?;
    m.add_class::<distributed::PyJob>()?;
    m.add_class::<distributed::PyWorker>()?;
    m.add_class::<distributed::PyMisereWorker>()?;
    m.add_function(wrap_pyfunction!(solve::solve, m)?)?;
    m.add_function(wrap_pyfunction!(each_move::each_move, m)?)?;
    m.add_function(wrap_pyfunction!(default_db_path, m)?)?;
    m.add_function(wrap_pyfunction!(distributed::db_results, m)?)?;
    m.add_function(wrap_pyfunction!(distributed::misere_stored, m)?)?;
    m.add_function(wrap_pyfunction!(distributed::misere_store, m)?)?;
    m.add("NO_LIVE_REGION", sprouts::notation::NO_LIVE_REGION)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}

/// The database file `sprouts solve` uses by default
/// (`$XDG_DATA_HOME/sprouts/solved.redb`, or
/// `~/.local/share/sprouts/solved.redb`), or None without a home.
#[pyfunction]
fn default_db_path() -> Option<std::path::PathBuf> {
    sprouts_store::default_path()
}
