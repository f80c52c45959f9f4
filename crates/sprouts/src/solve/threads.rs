//! Threads for the solver: the moves of a position can be played (and
//! their children simplified and keyed, most of the solver's time) by
//! several threads at once. The search itself stays on one thread, so it
//! expands the same positions in the same order whatever the number of
//! threads.
//!
//! The threads are a rayon pool whose first thread is the solver's own
//! ([`use_threads`]); a solver on a thread outside any rayon pool plays
//! every move itself.

use std::cell::RefCell;

thread_local! {
    /// The pool [`use_threads`] made this thread the first thread of (kept
    /// for as long as the thread lives).
    static POOL: RefCell<Option<rayon::ThreadPool>> = const { RefCell::new(None) };
}

/// Lets every solver run on the current thread from now on play the moves
/// of a position on `threads` threads (this one and `threads - 1` helpers,
/// at most 4 used per position): the current thread becomes the first
/// thread of a new rayon pool, for as long as it lives. `0` means one
/// thread per CPU (or `RAYON_NUM_THREADS`).
///
/// Returns how many threads solvers on this thread now use: 1 when asked
/// for one, or when the pool could not be made; the pool's size when the
/// thread was already in a rayon pool (that pool is used, and `threads` is
/// ignored).
///
/// On a machine with two cores (`sprouts bench`, best of three): 12 spots
/// took 0.97 s on two threads against 1.08 s on one, 15 spots 15.4 s
/// against 17.4 s.
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
    if rayon::current_thread_index().is_some() {
        return rayon::current_num_threads();
    }
    if threads == 1 {
        return 1;
    }
    let built = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .use_current_thread()
        .thread_name(|i| format!("sprouts-solver-{i}"))
        .build();
    match built {
        Ok(pool) => {
            let n = pool.current_num_threads();
            POOL.with_borrow_mut(|p| *p = Some(pool));
            n
        }
        Err(_) => 1,
    }
}
