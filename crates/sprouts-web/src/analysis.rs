//! The analysis panel's answers: who wins a position, its nimber in normal
//! play, and which moves win, all proved by the solver
//! ([`sprouts::solve::Solver`]) before a deadline, or left undecided.
//!
//! Nothing here is a guess: a value the solver did not prove in time is
//! `None`, and the winning moves are listed only when every legal move was
//! judged (so the list is complete).
//!
//! ```
//! use std::time::{Duration, Instant};
//! use sprouts::model::{Position, Variant};
//! use sprouts_web::analysis::{analyze, Outcome};
//! // 2 spots, normal play: the first player loses (AJS 1991).
//! let deadline = Instant::now() + Duration::from_secs(60);
//! let a = analyze(&Position::start(2, Variant::Normal), deadline);
//! assert_eq!(a.outcome, Some(Outcome::Loss));
//! assert_eq!(a.nimber, Some(0));
//! assert!(a.decided && a.winning.is_empty());
//! ```

use std::time::Instant;

use serde::Serialize;
use sprouts::model::{Position, Variant};
use sprouts::notation::Notation;
use sprouts::solve::{Solver, on_solver_stack};

/// The most legal moves judged for the list of winning moves; a position
/// with more is left undecided.
///
/// ```
/// use sprouts::model::{Position, Variant};
/// // Far more than the 3-spot start's 9 distinct moves.
/// let moves = Position::start(3, Variant::Normal).legal_moves().count();
/// assert_eq!(moves, 9);
/// assert!(moves < sprouts_web::analysis::MAX_MOVES);
/// ```
pub const MAX_MOVES: usize = 2_000;

/// The note when time ran out (the solver's own words).
const STOPPED: &str = "the search was stopped before it had an answer";

/// Who wins with perfect play, from the side of the player to move.
///
/// ```
/// use sprouts_web::analysis::Outcome;
/// assert_eq!(serde_json::to_string(&Outcome::Win).unwrap(), "\"win\"");
/// assert_eq!(serde_json::to_string(&Outcome::Loss).unwrap(), "\"loss\"");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The player to move wins.
    Win,
    /// The player to move loses.
    Loss,
}

/// One winning move, written in the page's three notations
/// ([`Notation::write_listed`]: `?` for a move a notation cannot write),
/// with how many other winning moves lead to the same position up to
/// symmetry (as `sprouts solve` groups them).
///
/// ```
/// use sprouts_web::analysis::MoveText;
/// let m = MoveText { hoey: "1-4-2".into(), wgosa: "1(4)2".into(), lhp: "1<4>2".into(), same: 2 };
/// assert_eq!(m.wgosa, "1(4)2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveText {
    /// Hoey notation (what the page sends back to play it).
    pub hoey: String,
    /// WGOSA notation.
    pub wgosa: String,
    /// LHP notation.
    pub lhp: String,
    /// How many other winning moves lead to the same position up to
    /// symmetry (not listed).
    pub same: usize,
}

/// What the solver proved about a position before the deadline.
///
/// ```
/// use std::time::{Duration, Instant};
/// use sprouts::model::{Position, Variant};
/// use sprouts_web::analysis::{analyze, Outcome};
/// // 1 spot, misère play: the first player wins (AJS 1991).
/// let a = analyze(&Position::start(1, Variant::Misere), Instant::now() + Duration::from_secs(60));
/// assert_eq!(a.outcome, Some(Outcome::Win));
/// assert_eq!(a.winning.len(), 1);
/// // In normal play the same position is a loss: nimber 0.
/// assert_eq!(a.nimber, Some(0));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// Who wins in the position's own variant, or `None` when not proved
    /// in time.
    pub outcome: Option<Outcome>,
    /// The nimber in normal play (whatever the variant), or `None` when
    /// not proved in time.
    pub nimber: Option<u8>,
    /// The moves that win (after which the opponent loses), one per group
    /// of moves that lead to the same position up to symmetry, in the
    /// order of [`Position::moves`] ([`Solver::winning_moves`]); empty when
    /// the player to move loses or when not [`decided`](Analysis::decided).
    pub winning: Vec<MoveText>,
    /// Whether the outcome is proved and every legal move was judged, so
    /// `winning` is the complete list.
    pub decided: bool,
    /// Positions the solver expanded.
    pub searched: u64,
    /// Why something is missing: the solver's reason ("the search was
    /// stopped before it had an answer" at the deadline), or `None`.
    pub note: Option<String>,
}

/// The analysis of `pos` by a fresh in-memory solver stopped at `deadline`,
/// on a thread with the solver's stack ([`on_solver_stack`]).
///
/// ```
/// use std::time::Instant;
/// use sprouts::model::{Position, Variant};
/// use sprouts_web::analysis::analyze;
/// // No time at all: nothing is claimed.
/// let a = analyze(&Position::start(12, Variant::Normal), Instant::now());
/// assert_eq!((a.outcome, a.nimber, a.decided), (None, None, false));
/// assert!(a.winning.is_empty());
/// assert_eq!(a.note.as_deref(), Some("the search was stopped before it had an answer"));
/// ```
pub fn analyze(pos: &Position, deadline: Instant) -> Analysis {
    on_solver_stack(|| analyze_here(pos, deadline)).unwrap_or_else(|e| Analysis {
        outcome: None,
        nimber: None,
        winning: Vec::new(),
        decided: false,
        searched: 0,
        note: Some(format!("cannot start the solver's thread: {e}")),
    })
}

/// [`analyze`] on this thread (which must have the solver's stack).
fn analyze_here(pos: &Position, deadline: Instant) -> Analysis {
    let mut solver = Solver::new();
    solver.set_deadline(deadline);
    let mut note: Option<String> = None;

    let outcome = match solver.win(pos) {
        Ok(true) => Some(Outcome::Win),
        Ok(false) => Some(Outcome::Loss),
        Err(e) => {
            note = Some(e.to_string());
            None
        }
    };

    let (winning, decided) = match outcome {
        // When the player to move loses, no move wins.
        Some(Outcome::Loss) => (Vec::new(), true),
        Some(Outcome::Win) => match winning_moves(&mut solver, pos) {
            Ok(list) => (list, true),
            Err(reason) => {
                note.get_or_insert(reason);
                (Vec::new(), false)
            }
        },
        None => (Vec::new(), false),
    };

    let nimber = if pos.variant() == Variant::Normal && outcome == Some(Outcome::Loss) {
        // A normal-play loss has nimber 0.
        Some(0)
    } else if Instant::now() >= deadline {
        // The solver checks its deadline only now and then: do not start.
        note.get_or_insert_with(|| STOPPED.to_string());
        None
    } else {
        match solver.nimber(pos) {
            Ok(k) => Some(k),
            Err(e) => {
                note.get_or_insert_with(|| e.to_string());
                None
            }
        }
    };

    Analysis {
        outcome,
        nimber,
        winning,
        decided,
        searched: solver.searched(),
        note,
    }
}

/// The winning moves of `pos`, grouped as `sprouts solve` groups them
/// ([`Solver::winning_moves`], written by [`Notation::write_listed`]), or
/// the reason the list could not be completed.
fn winning_moves(solver: &mut Solver, pos: &Position) -> Result<Vec<MoveText>, String> {
    if pos.number_of_moves().map_err(|e| e.to_string())? > MAX_MOVES.into() {
        return Err(format!(
            "more than {MAX_MOVES} legal moves: too many to judge here"
        ));
    }
    let moves = solver.winning_moves(pos).map_err(|e| e.to_string())?;
    Ok(moves
        .into_iter()
        .map(|(m, same)| MoveText {
            hoey: Notation::Hoey.write_listed(pos, &m),
            wgosa: Notation::Wgosa.write_listed(pos, &m),
            lhp: Notation::Lhp.write_listed(pos, &m),
            same,
        })
        .collect())
}
