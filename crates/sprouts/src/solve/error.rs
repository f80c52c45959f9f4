//! The solver's error type.

use std::fmt;

use crate::model::Topology;
use crate::notation::PositionTextError;

/// Why the solver could not answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveError {
    kind: ErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum ErrorKind {
    /// The position's lives, and the most the solver takes.
    TooLarge(u32, u32),
    BadKey(usize, &'static str),
    BadText(usize, &'static str),
    Text(PositionTextError),
    Stopped,
    Certificate(String),
    NoWorker(usize, usize),
    /// A region's surface, and the most handles or cross-caps the solver takes.
    Surface(Topology, u32),
    Wide(usize),
}

impl SolveError {
    pub(crate) fn too_large(lives: u32, max: u32) -> SolveError {
        SolveError {
            kind: ErrorKind::TooLarge(lives, max),
        }
    }
    pub(crate) fn bad_key(at: usize, what: &'static str) -> SolveError {
        SolveError {
            kind: ErrorKind::BadKey(at, what),
        }
    }
    pub(crate) fn bad_text(at: usize, what: &'static str) -> SolveError {
        SolveError {
            kind: ErrorKind::BadText(at, what),
        }
    }
    pub(crate) fn text(e: PositionTextError) -> SolveError {
        SolveError {
            kind: ErrorKind::Text(e),
        }
    }
    pub(crate) fn certificate(what: String) -> SolveError {
        SolveError {
            kind: ErrorKind::Certificate(what),
        }
    }
    pub(crate) fn no_worker(worker: usize, workers: usize) -> SolveError {
        SolveError {
            kind: ErrorKind::NoWorker(worker, workers),
        }
    }
    pub(crate) fn surface(t: Topology, max: u32) -> SolveError {
        SolveError {
            kind: ErrorKind::Surface(t, max),
        }
    }
    pub(crate) fn wide(region: usize) -> SolveError {
        SolveError {
            kind: ErrorKind::Wide(region),
        }
    }
    pub(crate) fn stopped() -> SolveError {
        SolveError {
            kind: ErrorKind::Stopped,
        }
    }

    /// Whether the search was stopped (deadline or cancel) before it had
    /// an answer; what it proved so far is kept in its store.
    ///
    /// ```
    /// use std::time::Instant;
    /// use sprouts::model::{Position, Variant};
    /// use sprouts::solve::Solver;
    /// let mut s = Solver::new();
    /// s.set_deadline(Instant::now());
    /// let e = s.win(&Position::start(12, Variant::Normal)).unwrap_err();
    /// assert!(e.is_stopped());
    /// assert_eq!(e.to_string(), "the search was stopped before it had an answer");
    /// ```
    pub fn is_stopped(&self) -> bool {
        self.kind == ErrorKind::Stopped
    }
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::TooLarge(lives, max) => write!(
                f,
                "the position has {lives} lives; the solver takes at most {max}"
            ),
            ErrorKind::BadKey(at, what) => {
                write!(f, "bad land key at byte {at}: expected {what}")
            }
            ErrorKind::BadText(at, what) => {
                write!(f, "bad land text at character {at}: expected {what}")
            }
            ErrorKind::Text(e) => write!(f, "bad land text: {e}"),
            ErrorKind::Stopped => f.write_str("the search was stopped before it had an answer"),
            ErrorKind::Certificate(what) => write!(f, "no certificate: {what}"),
            ErrorKind::NoWorker(w, n) => write!(f, "there is no worker {w} (there are {n})"),
            ErrorKind::Wide(r) => write!(
                f,
                "region {} off the plane has too many moves: its live boundaries, twice its handles and its cross-caps add up to more than {}",
                r + 1,
                crate::model::MAX_SURFACE_WIDTH
            ),
            ErrorKind::Surface(t, max) => write!(
                f,
                "a region lies on {t}; the solver takes at most {max} handles or cross-caps"
            ),
        }
    }
}

impl std::error::Error for SolveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ErrorKind::Text(e) => Some(e),
            _ => None,
        }
    }
}
