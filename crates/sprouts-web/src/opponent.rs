//! The computer opponent: perfect play when a [`Judge`] (by default the
//! solver, [`SolverJudge`]) finds a winning move in time, else a
//! best-effort search.
//!
//! The best-effort search is an iterative-deepening negamax over
//! [`Position::legal_moves`]: positions whose outcome it reaches are scored
//! exactly (and remembered by their [`Position::reduced`] form), the others
//! by Purvis's parity argument ([`Position::purvis`]). It stops after a
//! fixed number of positions, so the same position always gets the same
//! move; a wall-clock limit is a safety net on top.
//!
//! ```
//! use sprouts::model::{Position, Variant};
//! use sprouts_web::opponent::Computer;
//! use sprouts_web::Opponent;
//! let p = Position::start(3, Variant::Normal);
//! let m = Computer::default().choose(&p).unwrap();
//! assert!(p.check_move(&m).is_ok());
//! ```

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use sprouts::model::{Move, Position, ReducedPosition, Variant};
use sprouts::solve::{Solver, on_solver_stack};

use crate::Opponent;

/// Finds a winning move exactly when it can (the hook for a solver).
///
/// ```
/// use std::time::Instant;
/// use sprouts::model::{Move, Position};
/// use sprouts_web::opponent::Judge;
/// struct Never;
/// impl Judge for Never {
///     fn winning_move(&self, _: &Position, _: &[Move], _: Instant) -> Option<usize> {
///         None
///     }
/// }
/// let p = Position::start(1, Default::default());
/// let moves: Vec<Move> = p.legal_moves().collect();
/// assert_eq!(Never.winning_move(&p, &moves, Instant::now()), None);
/// ```
pub trait Judge: Send + Sync {
    /// The index in `moves` (legal moves of `pos`) of a move that wins with
    /// perfect play, or `None` when there is none or it cannot tell by
    /// `deadline`.
    fn winning_move(&self, pos: &Position, moves: &[Move], deadline: Instant) -> Option<usize>;
}

/// The solver ([`sprouts::solve::Solver`]) as a judge: a fresh in-memory
/// solver for each choice, stopped at the deadline; the first move after
/// which the opponent loses.
///
/// ```
/// use std::time::{Duration, Instant};
/// use sprouts::model::{Move, Position, Variant};
/// use sprouts_web::opponent::{Judge, SolverJudge};
/// // 3 spots, normal play: the first player wins (AJS 1991).
/// let p = Position::start(3, Variant::Normal);
/// let moves: Vec<Move> = p.legal_moves().collect();
/// let deadline = Instant::now() + Duration::from_secs(60);
/// assert!(SolverJudge.winning_move(&p, &moves, deadline).is_some());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct SolverJudge;

impl Judge for SolverJudge {
    fn winning_move(&self, pos: &Position, moves: &[Move], deadline: Instant) -> Option<usize> {
        // On the stack the search needs; a thread that cannot start:
        // undecided.
        on_solver_stack(|| {
            let mut solver = Solver::new();
            solver.set_deadline(deadline);
            for (i, m) in moves.iter().enumerate() {
                let after = pos.play(m).ok()?;
                // An error (the deadline, a position too big for the
                // solver): undecided.
                if !solver.win(&after).ok()? {
                    return Some(i);
                }
            }
            None
        })
        .ok()
        .flatten()
    }
}

/// The most moves of one position looked at.
const MAX_MOVES: usize = 400;

/// Deepest search (plies).
const MAX_DEPTH: u32 = 64;

/// A score for a position decided exactly (from the mover's side).
const WIN: i32 = 1000;

/// The computer player: see the [module documentation](self).
///
/// ```
/// use std::time::Duration;
/// use sprouts_web::opponent::Computer;
/// // The search alone, without the solver.
/// let c = Computer { nodes: 1000, time: Duration::from_millis(200), judge: None };
/// # let _ = c;
/// ```
#[derive(Clone)]
pub struct Computer {
    /// The most positions the best-effort search visits for one move.
    pub nodes: u64,
    /// The wall-clock limit for one move (judge and search together).
    pub time: Duration,
    /// The exact judge, tried first on the position after each move.
    pub judge: Option<Arc<dyn Judge>>,
}

impl Default for Computer {
    /// The solver for up to one second, then the search: 200,000
    /// positions, within the same second.
    fn default() -> Computer {
        Computer {
            nodes: 200_000,
            time: Duration::from_secs(1),
            judge: Some(Arc::new(SolverJudge)),
        }
    }
}

impl Opponent for Computer {
    fn choose(&self, pos: &Position) -> Option<Move> {
        let start = Instant::now();
        let moves: Vec<Move> = pos.legal_moves().take(MAX_MOVES).collect();
        let first = moves.first()?.clone();
        if moves.len() == 1 {
            return Some(first);
        }
        if let Some(judge) = &self.judge {
            if let Some(i) = judge.winning_move(pos, &moves, start + self.time) {
                if let Some(m) = moves.get(i) {
                    return Some(m.clone());
                }
            }
            // Undecided, or every move loses: the search below picks one.
        }
        let mut search = Search {
            memo: HashMap::new(),
            nodes: 0,
            budget: self.nodes,
            deadline: start + self.time,
            stopped: false,
            variant: pos.variant(),
        };
        Some(search.root(pos, moves).unwrap_or(first))
    }
}

struct Search {
    memo: HashMap<ReducedPosition, bool>,
    nodes: u64,
    budget: u64,
    deadline: Instant,
    stopped: bool,
    variant: Variant,
}

impl Search {
    /// The best move by iterative deepening, or `None` when even depth one
    /// did not finish.
    fn root(&mut self, pos: &Position, mut moves: Vec<Move>) -> Option<Move> {
        let truncated = moves.len() == MAX_MOVES;
        let mut best_move = None;
        for depth in 1..=MAX_DEPTH {
            let mut best = i32::MIN;
            let mut best_index = 0;
            let mut all_exact = !truncated;
            for (i, m) in moves.iter().enumerate() {
                let Ok(after) = pos.play(m) else { continue };
                let v = -self.value(&after, depth - 1);
                if self.stopped {
                    return best_move;
                }
                if v.abs() < WIN {
                    all_exact = false;
                }
                if v > best {
                    best = v;
                    best_index = i;
                }
                if v == WIN {
                    break;
                }
            }
            // Search the best move first next time (the order stays a
            // function of the position alone).
            let m = moves.remove(best_index);
            moves.insert(0, m.clone());
            best_move = Some(m);
            if best == WIN || all_exact {
                break;
            }
        }
        best_move
    }

    /// The score of `pos` for its mover, searching `depth` more plies.
    fn value(&mut self, pos: &Position, depth: u32) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.budget || (self.nodes % 256 == 0 && Instant::now() >= self.deadline) {
            self.stopped = true;
            return 0;
        }
        if pos.is_over() {
            return match self.variant {
                Variant::Normal => -WIN,
                Variant::Misere => WIN,
            };
        }
        let key = pos.reduced();
        if let Some(&wins) = self.memo.get(&key) {
            return if wins { WIN } else { -WIN };
        }
        if depth == 0 {
            return estimate(pos);
        }
        let mut best = -WIN;
        let mut count = 0;
        for m in pos.legal_moves().take(MAX_MOVES) {
            count += 1;
            let Ok(after) = pos.play(&m) else { continue };
            let v = -self.value(&after, depth - 1);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                if best == WIN {
                    break;
                }
            }
        }
        if best == -WIN && count == MAX_MOVES {
            // Every move looked at loses, but not every move was looked at.
            best = -(WIN - 1);
        }
        if best.abs() == WIN {
            self.memo.insert(key, best == WIN);
        }
        best
    }
}

/// Purvis's parity guess for the mover: the game is taken to end with one
/// survivor in each region that still has a live spot.
fn estimate(pos: &Position) -> i32 {
    let live_regions = pos
        .regions()
        .iter()
        .filter(|r| {
            r.boundaries()
                .iter()
                .any(|b| b.sites().iter().any(|&s| pos.is_live(s)))
        })
        .count() as u32;
    if pos.purvis().mover_wins_with_survivors(live_regions.max(1)) {
        1
    } else {
        -1
    }
}
