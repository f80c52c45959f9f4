//! How many threads a solver uses: the search on the solver's own thread,
//! and helper threads that prove what it will likely need next (see
//! `helpers.rs`). Normal play only; the misère search runs alone.

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
