//! How many threads a solver uses: the search on the solver's own thread,
//! and helper threads that prove what it will likely need next (see
//! `helpers.rs`, and `misere_link.rs` for what misère play adds).

use std::cell::Cell;

thread_local! {
    /// The threads solvers on this thread use (see [`use_threads`]).
    static THREADS: Cell<usize> = const { Cell::new(1) };
}

/// The most threads `use_threads(0)` gives (one per CPU up to this): each
/// thread adds memory, and helpers take the shallowest jobs posted, of
/// which a search has only a few at a time.
///
/// ```
/// assert_eq!(sprouts::solve::AUTO_THREADS, 8);
/// ```
pub const AUTO_THREADS: usize = 8;

/// Lets every solver run on the current thread from now on search normal
/// play on `threads` threads: this one, which searches as it would alone,
/// and `threads - 1` helpers started for each solve, which prove the
/// couples (land + nim heap) the search posts as the ones it will likely
/// need next and send it what they prove. `0` means one thread per CPU, at
/// most [`AUTO_THREADS`]. Returns how many threads that is. A solver on a
/// thread that never called this searches alone.
///
/// With helpers, which positions the search expands depends on when their
/// results arrive, so [`Solver::searched`](super::Solver::searched) varies
/// from run to run; outcomes and nimbers do not. Each helper keeps a store
/// of every result proved in the solve (its own and the others'), and the
/// helpers share one more budget for their tables of children and
/// numbers, so memory grows with the number of threads.
///
/// ```
/// use sprouts::model::{Position, Variant};
/// use sprouts::solve::{use_threads, Solver};
/// std::thread::spawn(|| {
///     assert_eq!(use_threads(2), 2);
///     let mut s = Solver::new();
///     assert!(!s.win(&Position::start(6, Variant::Normal)).unwrap());
/// })
/// .join()
/// .unwrap();
/// ```
pub fn use_threads(threads: usize) -> usize {
    let n = match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get().min(AUTO_THREADS)),
        n => n,
    };
    THREADS.set(n);
    n
}

/// How many helper threads solvers on this thread start.
pub(super) fn helpers() -> usize {
    THREADS.get().saturating_sub(1)
}

/// The stack a solver's thread needs: the search recurses once per move of
/// the game and once per nim heap, far deeper than a default thread's
/// stack (2 MiB for spawned threads) allows on large positions. Only what
/// is touched is ever mapped, so a large reservation costs nothing until
/// used. Every thread that runs a [`Solver`](super::Solver) should be built
/// by [`solver_thread`] or run through [`on_solver_stack`].
///
/// ```
/// assert_eq!(sprouts::solve::SOLVER_STACK, 1 << 30);
/// ```
pub const SOLVER_STACK: usize = 1 << 30;

/// A thread builder with the solver's stack ([`SOLVER_STACK`]), for a
/// thread that outlives the caller's call (name it, then spawn).
///
/// ```
/// use sprouts::model::{Position, Variant};
/// use sprouts::solve::{solver_thread, Solver};
/// let won = solver_thread()
///     .name("solve".into())
///     .spawn(|| Solver::new().win(&Position::start(3, Variant::Normal)))
///     .unwrap()
///     .join()
///     .unwrap();
/// assert_eq!(won, Ok(true));
/// ```
pub fn solver_thread() -> std::thread::Builder {
    std::thread::Builder::new().stack_size(SOLVER_STACK)
}

/// Runs `f` on a thread of its own with the solver's stack
/// ([`SOLVER_STACK`]) and gives its result; the caller waits. The thread
/// searches alone unless `f` calls [`use_threads`] (the setting is the
/// thread's own). An error only when the thread cannot start; a panic in
/// `f` goes on in the caller.
///
/// ```
/// use sprouts::model::{Position, Variant};
/// use sprouts::solve::{on_solver_stack, Solver};
/// let p = Position::start(2, Variant::Normal);
/// let won = on_solver_stack(|| Solver::new().win(&p)).unwrap();
/// // AJS 1991: the first player loses the 2-spot game.
/// assert_eq!(won, Ok(false));
/// ```
pub fn on_solver_stack<T: Send>(f: impl FnOnce() -> T + Send) -> std::io::Result<T> {
    std::thread::scope(|scope| {
        let handle = solver_thread()
            .name("sprouts-solve".into())
            .spawn_scoped(scope, f)?;
        Ok(handle
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    })
}
