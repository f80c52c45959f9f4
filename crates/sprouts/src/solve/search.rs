//! The [`Solver`] type and what it answers: its fields, settings and
//! public questions, and the steps every search shares (`tick`, `expand`,
//! `put`, `merge`). The normal search is in `pns.rs`, the misère search in
//! `misere.rs`, helper threads in `helpers.rs` (docs/solver.md#solver-map).

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rustc_hash::FxHashMap;

use crate::model::{AnyMove, Position, Variant};
use crate::notation::Notation;

use super::canon::{LandCanon, PseudoCanon};
use super::children::{Children, children_unless, land_children};
use super::compact::{regions_of, simplify};
use super::error::SolveError;
use super::helpers::Link;
use super::land::Land;
use super::misere::{MisereTable, MisereTrees};
use super::pns::{ChildSum, FIRST_RESTART, NormalStats, NormalTable, known_outcome};
use super::store::{MemoryStore, NoProgress, NormalEntry, Progress, Store};

/// How often (in positions expanded) the deadline and progress are checked.
const CHECK_EVERY: u64 = 1 << 8;

/// The moves of a position in groups of moves that leave the same lands
/// ([`decompose`](super::decompose)), in the order of [`Position::moves`]:
/// each group's first move, how many others it stands for, and the
/// position it leaves. `sprouts solve --each-move` solves them one by one.
/// Every move is listed and its lands found: for the 21-spot start, 11
/// million moves, about half a minute.
///
/// ```
/// use sprouts::model::{Position, Variant};
/// use sprouts::solve::move_groups;
/// // The 12-spot start: a join, and loops around 0 to 5 of the other 11
/// // spots (a loop around k leaves the lands of one around 11 - k).
/// let groups = move_groups(&Position::start(12, Variant::Misere)).unwrap();
/// assert_eq!(groups.len(), 7);
/// let all: usize = groups.iter().map(|(_, same, _)| same + 1).sum();
/// let count = Position::start(12, Variant::Misere).count_moves();
/// assert_eq!(count.to_string(), all.to_string());
/// ```
pub fn move_groups(pos: &Position) -> Result<Vec<(AnyMove, usize, Position)>, SolveError> {
    let moves = pos
        .moves()
        .map_err(|_| SolveError::wide(pos.too_wide().unwrap_or_default()))?;
    let mut groups: HashMap<Vec<Land>, usize> = HashMap::new();
    let mut out: Vec<(AnyMove, usize, Position)> = Vec::new();
    for m in moves {
        let Ok(after) = m.after(pos) else { continue };
        let lands = super::decompose(&after)?;
        if let Some(&i) = groups.get(&lands) {
            out[i].1 += 1;
            continue;
        }
        groups.insert(lands, out.len());
        out.push((m, 0, after));
    }
    Ok(out)
}

/// One distinct move as [`Solver::each_move`] decided it.
#[derive(Clone, Debug)]
pub struct MoveOutcome {
    /// The group's first move, in the order of [`Position::moves`].
    pub first: AnyMove,
    /// How many other moves leave the same lands.
    pub same: usize,
    /// Whether the move wins for the player who makes it (it leaves a
    /// loss); `None` when its search ran out of time or was cancelled.
    pub wins: Option<bool>,
    /// Positions expanded for it (0: the store knew it).
    pub searched: u64,
    /// Time taken for it.
    pub seconds: f64,
}

/// What [`Solver::each_move`] found.
#[derive(Clone, Debug)]
pub struct EachMove {
    /// The position's outcome for the player to move, if decided: a win
    /// once a move wins, a loss once every move loses.
    pub win: Option<bool>,
    /// How many distinct moves the position has.
    pub distinct: usize,
    /// The moves decided or tried, in that order: those decided at once
    /// first, then the others in the order of [`Position::moves`]; it
    /// stops after a winning move.
    pub moves: Vec<MoveOutcome>,
}

/// A solver: a store of proved results, a land key, and the search state.
///
/// The search recurses once per move of the game and once per nim heap:
/// on large positions it needs far more stack than a spawned thread has by
/// default. Run it on a thread with [`SOLVER_STACK`](super::SOLVER_STACK)
/// bytes of stack: [`on_solver_stack`](super::on_solver_stack) (the caller
/// waits) or [`solver_thread`](super::solver_thread) (a thread to spawn).
///
/// ```
/// use sprouts::model::{Position, Variant};
/// use sprouts::solve::Solver;
/// let mut s = Solver::new();
/// // AJS 1991, misère: the first player wins 1 spot and loses 2.
/// assert!(s.win(&Position::start(1, Variant::Misere)).unwrap());
/// assert!(!s.win(&Position::start(2, Variant::Misere)).unwrap());
/// ```
pub struct Solver<S: Store = MemoryStore, C: LandCanon = PseudoCanon> {
    pub(super) store: S,
    pub(super) canon: Arc<C>,
    progress: Box<dyn Progress>,
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
    /// The link to a helper thread, or to the search a helper helps.
    pub(super) link: Option<Link>,
    pub(super) searched: u64,
    /// Positions expanded by helper threads.
    pub(super) helpers_searched: u64,
    /// Jobs the helper threads took, and the changes to the jobs posted.
    pub(super) helper_jobs: (u64, u64),
    generated: u64,
    /// Search steps (for the deadline and progress).
    steps: u64,
    /// The proof-number search's table (children, unproved numbers).
    pub(super) normal_table: NormalTable,
    /// The misère search's table (children, unproved numbers).
    pub(super) misere_table: MisereTable,
    /// The misère canonical trees of small lands and of their sums.
    pub(super) misere: MisereTrees,
    /// About how many bytes `normal_table` and `misere_table` hold.
    pub(super) table_bytes: usize,
    /// The most bytes `normal_table` and `misere_table` may hold (see
    /// `make_room`); `None`: `TABLE_BUDGET` (`table_budget()`).
    pub(super) table_budget: Option<usize>,
    /// How many solvers share that budget: the helper threads of a search
    /// share one between them; 1 otherwise.
    pub(super) table_sharers: usize,
    /// Searches stop (as at a deadline) once `searched` reaches this: a
    /// budget counted in positions, so a simulated worker's job is the
    /// same from run to run (`simulate.rs`). `u64::MAX`: none.
    pub(super) expand_limit: u64,
    /// Where the normal-play search spent its expansions.
    pub(super) normal_stats: NormalStats,
    /// With [`Solver::track_expansions`]: every land expanded by the
    /// normal-play search, and whether its last expansion stopped early.
    pub(super) expanded_lands: Option<FxHashMap<Box<[u8]>, bool>>,
    /// How often the tables went past their budget (see [`Solver::table_trims`]).
    pub(super) trims: TableTrims,
    /// Normal play's restarts ([`Solver::set_restarts`]): after how many
    /// expansions the first comes (`None`: never), and when the next is due
    /// and the interval after it, once the first interval has begun.
    pub(super) restart_first: Option<u64>,
    pub(super) next_restart: Option<(u64, u64)>,
    /// How normal play adds up children's proof numbers.
    pub(super) child_sum: ChildSum,
}

/// How often a solver's tables went past their budget: each time every
/// child list is dropped, and when the numbers of unproved positions
/// alone fill half the budget, every number too
/// ([`Solver::table_trims`], docs/solver.md#table).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableTrims {
    /// Times the child lists were dropped.
    pub children: u64,
    /// Times the numbers of unproved positions were forgotten too.
    pub numbers: u64,
    /// Times a normal-play search started again from its proved results
    /// on schedule ([`Solver::set_restarts`]), its table below its budget.
    pub restarts: u64,
}

impl Solver {
    /// A solver with an empty memory table and [`PseudoCanon`] keys.
    ///
    /// ```
    /// assert_eq!(sprouts::solve::Solver::new().searched(), 0);
    /// ```
    pub fn new() -> Solver {
        Solver::with_store(MemoryStore::default())
    }
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl<S: Store> Solver<S> {
    /// A solver over the given store, with [`PseudoCanon`] keys.
    ///
    /// ```
    /// use sprouts::solve::{MemoryStore, Solver};
    /// let s = Solver::with_store(MemoryStore::default());
    /// assert!(s.store().is_empty());
    /// ```
    pub fn with_store(store: S) -> Solver<S> {
        Solver::with_store_and_canon(store, PseudoCanon)
    }
}

impl<S: Store, C: LandCanon> Solver<S, C> {
    /// A solver over the given store with the given land keys.
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// use sprouts::solve::{ExactCanon, MemoryStore, Solver};
    /// let mut s = Solver::with_store_and_canon(MemoryStore::default(), ExactCanon);
    /// assert!(s.win(&Position::start(4, Variant::Normal)).unwrap());
    /// ```
    pub fn with_store_and_canon(store: S, canon: C) -> Solver<S, C> {
        Solver::with_shared_canon(store, Arc::new(canon))
    }

    /// A solver over the given store with land keys shared with others.
    pub(super) fn with_shared_canon(store: S, canon: Arc<C>) -> Solver<S, C> {
        Solver {
            store,
            canon,
            progress: Box::new(NoProgress),
            deadline: None,
            cancel: None,
            searched: 0,
            helpers_searched: 0,
            helper_jobs: (0, 0),
            generated: 0,
            steps: 0,
            normal_table: NormalTable::default(),
            misere_table: MisereTable::default(),
            misere: MisereTrees::default(),
            table_bytes: 0,
            table_budget: None,
            table_sharers: 1,
            expand_limit: u64::MAX,
            normal_stats: NormalStats::default(),
            expanded_lands: None,
            trims: TableTrims::default(),
            restart_first: Some(FIRST_RESTART),
            next_restart: None,
            child_sum: ChildSum::default(),
            link: None,
        }
    }

    /// A solver with an empty memory store and the same keys, deadline and
    /// cancel flag: for a question that should be answered from its own
    /// search alone (the proof of one move, docs/certificates.md#small).
    pub(super) fn fresh(&self) -> Solver<MemoryStore, C> {
        let mut f = Solver::with_shared_canon(MemoryStore::default(), self.canon.clone());
        f.deadline = self.deadline;
        f.cancel = self.cancel.clone();
        f.child_sum = self.child_sum;
        f.table_budget = self.table_budget;
        f.restart_first = self.restart_first;
        f
    }

    /// How normal play adds up the proof numbers of a position's children
    /// into its disproof number ([`ChildSum`]; [`ChildSum::Half`] unless
    /// set). Results are the same either way; the positions searched, and
    /// the proofs the certificate builders find, are not.
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// use sprouts::solve::{ChildSum, Solver};
    /// for sum in [ChildSum::Whole, ChildSum::Half] {
    ///     let mut s = Solver::new();
    ///     s.set_child_sum(sum);
    ///     assert_eq!(s.child_sum(), sum);
    ///     // 5 spots: a first-player win; 6 spots: a loss.
    ///     assert!(s.win(&Position::start(5, Variant::Normal)).unwrap());
    ///     assert!(!s.win(&Position::start(6, Variant::Normal)).unwrap());
    /// }
    /// ```
    pub fn set_child_sum(&mut self, sum: ChildSum) {
        self.child_sum = sum;
    }

    /// How normal play adds up children's proof numbers ([`Self::set_child_sum`]).
    pub fn child_sum(&self) -> ChildSum {
        self.child_sum
    }

    /// When a normal-play search starts again from its proved results,
    /// forgetting the numbers of every unproved couple: after `first` of
    /// its own expansions, then after each interval twice as long as the
    /// one before (`None`: never). The default is 500,000. Its helper
    /// threads, and misère play, never restart. Results are the
    /// same either way; on the hard starts the search expands fewer
    /// positions with restarts (docs/experiments.md#restarts).
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// let mut s = sprouts::solve::Solver::new();
    /// s.set_restarts(Some(50));
    /// assert!(!s.win(&Position::start(8, Variant::Normal)).unwrap());
    /// assert!(s.table_trims().restarts > 0);
    /// ```
    pub fn set_restarts(&mut self, first: Option<u64>) {
        self.restart_first = first;
        self.next_restart = None;
    }

    /// Reports progress to `p` from now on.
    ///
    /// ```
    /// let mut s = sprouts::solve::Solver::new();
    /// s.set_progress(Box::new(sprouts::solve::NoProgress));
    /// ```
    pub fn set_progress(&mut self, p: Box<dyn Progress>) {
        self.progress = p;
    }

    /// Stops searches (with [`SolveError::is_stopped`]) after `deadline`.
    ///
    /// ```
    /// use std::time::{Duration, Instant};
    /// let mut s = sprouts::solve::Solver::new();
    /// s.set_deadline(Instant::now() + Duration::from_secs(60));
    /// ```
    pub fn set_deadline(&mut self, deadline: Instant) {
        self.deadline = Some(deadline);
    }

    /// Takes the deadline away (searches run until they are done).
    pub(super) fn clear_deadline(&mut self) {
        self.deadline = None;
    }

    /// Stops searches once `flag` is set (from another thread, a signal...).
    ///
    /// ```
    /// use std::sync::{atomic::AtomicBool, Arc};
    /// let mut s = sprouts::solve::Solver::new();
    /// s.set_cancel(Arc::new(AtomicBool::new(false)));
    /// ```
    pub fn set_cancel(&mut self, flag: Arc<AtomicBool>) {
        self.cancel = Some(flag);
    }

    /// Positions expanded (move lists generated) so far: lands, and in
    /// misère play whole positions too. A position the search comes back
    /// to is counted once while its children stay in the table.
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// let mut s = sprouts::solve::Solver::new();
    /// s.win(&Position::start(2, Variant::Normal)).unwrap();
    /// assert!(s.searched() > 0);
    /// ```
    pub fn searched(&self) -> u64 {
        self.searched
    }

    /// Positions expanded by helper threads so far (see
    /// [`use_threads`](super::use_threads)), besides [`Self::searched`].
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// let mut s = sprouts::solve::Solver::new();
    /// s.win(&Position::start(4, Variant::Normal)).unwrap();
    /// // No helpers on a thread that never called `use_threads`.
    /// assert_eq!(s.helpers_searched(), 0);
    /// ```
    pub fn helpers_searched(&self) -> u64 {
        self.helpers_searched
    }

    /// How often this solver's tables went past their budget
    /// ([`Self::set_table_bytes`]): each time the child lists were dropped,
    /// and how many of those times the numbers of unproved positions were
    /// forgotten too (the search starts again from its proved results;
    /// docs/solver.md#table).
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// let mut s = sprouts::solve::Solver::new();
    /// s.win(&Position::start(6, Variant::Normal)).unwrap();
    /// // 6 spots fits in the default budget many times over.
    /// assert_eq!(s.table_trims(), sprouts::solve::TableTrims::default());
    /// ```
    pub fn table_trims(&self) -> TableTrims {
        self.trims
    }

    /// Where the normal-play searches of this solver spent their
    /// expansions: by the heap of the couple, by lives, stopped early, and
    /// (with [`Self::track_expansions`]) expanded again.
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// let mut s = sprouts::solve::Solver::new();
    /// s.win(&Position::start(5, Variant::Normal)).unwrap();
    /// let st = s.normal_stats();
    /// // Every expansion of a normal search is counted once each way.
    /// assert_eq!(st.expanded_by_heap.iter().sum::<u64>(), s.searched());
    /// assert_eq!(st.expanded_by_lives.iter().sum::<u64>(), s.searched());
    /// // The start (15 lives) is expanded for its heap 0.
    /// assert!(st.expanded_by_heap[0] > 0 && st.expanded_by_lives[15] > 0);
    /// ```
    pub fn normal_stats(&self) -> &NormalStats {
        &self.normal_stats
    }

    /// Keeps from now on every land the normal-play search expands, to
    /// count those expanded again ([`NormalStats::expanded_again`]): for
    /// profiles (it costs a key per land expanded).
    pub fn track_expansions(&mut self) {
        self.expanded_lands.get_or_insert_with(FxHashMap::default);
    }

    /// Children generated (distinct child positions of expanded lands).
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// let mut s = sprouts::solve::Solver::new();
    /// s.win(&Position::start(2, Variant::Normal)).unwrap();
    /// assert!(s.generated() >= s.searched() - 1);
    /// ```
    pub fn generated(&self) -> u64 {
        self.generated
    }

    /// The store.
    ///
    /// ```
    /// assert!(sprouts::solve::Solver::new().store().is_empty());
    /// ```
    pub fn store(&self) -> &S {
        &self.store
    }

    /// The store, mutably (to flush it, for example).
    ///
    /// ```
    /// use sprouts::solve::Store;
    /// sprouts::solve::Solver::new().store_mut().flush();
    /// ```
    pub fn store_mut(&mut self) -> &mut S {
        &mut self.store
    }

    /// Gives the store back.
    ///
    /// ```
    /// assert!(sprouts::solve::Solver::new().into_store().is_empty());
    /// ```
    pub fn into_store(self) -> S {
        self.store
    }

    /// The sorted land keys of a position under this solver's land keys.
    pub(super) fn lands(&self, pos: &Position) -> Result<Vec<Vec<u8>>, SolveError> {
        let mut keys = Vec::new();
        simplify(regions_of(pos)?, &*self.canon, &mut keys);
        keys.sort_unstable();
        Ok(keys)
    }

    /// Whether the player to move wins, under the position's own variant.
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// let mut s = sprouts::solve::Solver::new();
    /// assert!(!s.win(&Position::start(1, Variant::Normal)).unwrap());
    /// ```
    pub fn win(&mut self, pos: &Position) -> Result<bool, SolveError> {
        let lands = self.lands(pos)?;
        let r = match pos.variant() {
            Variant::Normal => self.helped(|s| s.win_sum(&lands, 0)),
            Variant::Misere => self.misere_win(&lands),
        };
        self.store.flush();
        r
    }

    /// [`Self::win`] of `pos`, telling the helper threads (see
    /// [`use_threads`](super::use_threads)) which positions the caller
    /// will solve next: in misère play each helper takes one of `beside`
    /// not yet known before any position the search posts, so that
    /// several moves of a position (`sprouts solve --each-move`) are
    /// searched at once, each thread's results going to the others. What
    /// a helper proves of them is in this solver's store when this
    /// returns; what it had not finished is dropped. In normal play (and
    /// with no helpers) this is [`Self::win`].
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// use sprouts::solve::{move_groups, on_solver_stack, use_threads, Solver};
    /// on_solver_stack(|| {
    ///     use_threads(2);
    ///     let start = Position::start(7, Variant::Misere);
    ///     let after: Vec<Position> = move_groups(&start)
    ///         .unwrap()
    ///         .into_iter()
    ///         .map(|(_, _, p)| p)
    ///         .collect();
    ///     let mut s = Solver::new();
    ///     // Misère 7 spots is a loss (AJS 1991): every move loses.
    ///     for (i, p) in after.iter().enumerate() {
    ///         assert!(s.win_beside(p, &after[i + 1..]).unwrap());
    ///     }
    /// })
    /// .unwrap();
    /// ```
    pub fn win_beside(&mut self, pos: &Position, beside: &[Position]) -> Result<bool, SolveError> {
        if pos.variant() == Variant::Normal || super::threads::helpers() == 0 {
            return self.win(pos);
        }
        let lands = self.lands(pos)?;
        let mut others = Vec::with_capacity(beside.len());
        for p in beside.iter().filter(|p| p.variant() == Variant::Misere) {
            others.push(self.lands(p)?);
        }
        let r = self.misere_win_beside(&lands, &others);
        self.store.flush();
        r
    }

    /// The position's distinct moves ([`move_groups`]) solved one at a
    /// time, each within `per_move` (the solver's own deadline is not
    /// used): first those the store decides at once (a search of a moment,
    /// the deadline being looked at every few hundred positions), then the
    /// others in the order of [`Position::moves`], each with the helper
    /// threads on the ones after it ([`Self::win_beside`]). Stops at the
    /// first winning move, or when the solver's cancel flag is set; `seen`
    /// is called with each move as it is decided or given up. What every
    /// move proved is in the store: run again, it reads the moves decided
    /// back. `sprouts solve --each-move` prints this.
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// use sprouts::solve::Solver;
    /// let mut s = Solver::new();
    /// // Misère 5 spots is a first-player win (AJS 1991).
    /// let r = s.each_move(&Position::start(5, Variant::Misere), None, |_| {}).unwrap();
    /// assert_eq!(r.win, Some(true));
    /// assert_eq!(r.moves.last().unwrap().wins, Some(true));
    /// // Asked again, the store knows every move tried.
    /// let again = s.each_move(&Position::start(5, Variant::Misere), None, |_| {}).unwrap();
    /// assert_eq!(again.win, Some(true));
    /// assert!(again.moves.iter().all(|m| m.searched == 0));
    /// ```
    pub fn each_move(
        &mut self,
        pos: &Position,
        per_move: Option<Duration>,
        mut seen: impl FnMut(&MoveOutcome),
    ) -> Result<EachMove, SolveError> {
        self.each_move_in_rounds(pos, per_move, per_move, &mut seen)
    }

    /// [`Self::each_move`] in rounds: the moves the store does not decide
    /// at once are tried in turn for `first` each, those still open for
    /// twice as long in the next round, and so on, a round's slice never
    /// above `per_move` (the last round gives each move `per_move`; with
    /// no `per_move`, rounds go on until a move wins, all lose, or the
    /// cancel flag is set). A move that is hard to decide then does not
    /// hold up the others: when one of them wins it is found in the time
    /// of the round it falls in. What a slice proved stays in the store
    /// and the table, so a move taken up again in the next round goes on
    /// from there. `seen` is called after each slice with the move's
    /// totals so far (`wins: None` while it is open); the result lists
    /// each move once, as it ended.
    ///
    /// ```
    /// use std::time::Duration;
    /// use sprouts::model::{Position, Variant};
    /// use sprouts::solve::Solver;
    /// let mut s = Solver::new();
    /// // Misère 7 spots is a first-player loss (AJS 1991): every move
    /// // loses, found with slices of a millisecond doubling each round.
    /// let p = Position::start(7, Variant::Misere);
    /// let ms = Duration::from_millis(1);
    /// let r = s.each_move_in_rounds(&p, ms, None, |_| {}).unwrap();
    /// assert_eq!(r.win, Some(false));
    /// assert_eq!(r.moves.len(), r.distinct);
    /// ```
    pub fn each_move_in_rounds(
        &mut self,
        pos: &Position,
        first: impl Into<Option<Duration>>,
        per_move: Option<Duration>,
        mut seen: impl FnMut(&MoveOutcome),
    ) -> Result<EachMove, SolveError> {
        let saved = self.deadline;
        let first = first.into().or(per_move);
        let r = self.each_move_inner(pos, first, per_move, &mut seen);
        self.deadline = saved;
        r
    }

    fn each_move_inner(
        &mut self,
        pos: &Position,
        first: Option<Duration>,
        per_move: Option<Duration>,
        seen: &mut impl FnMut(&MoveOutcome),
    ) -> Result<EachMove, SolveError> {
        // Durations far in the future are cut to this (an Instant plus
        // Duration::MAX overflows).
        const FAR: Duration = Duration::from_secs(1 << 40);
        let groups = move_groups(pos)?;
        let mut moves: Vec<MoveOutcome> = Vec::new();
        let mut open = Vec::new();
        let mut won = false;
        for (m, same, after) in &groups {
            let (t0, n0) = (Instant::now(), self.searched);
            self.deadline = Some(t0);
            match self.win(after) {
                Ok(w) => {
                    moves.push(MoveOutcome {
                        first: m.clone(),
                        same: *same,
                        wins: Some(!w),
                        searched: self.searched - n0,
                        seconds: t0.elapsed().as_secs_f64(),
                    });
                    seen(&moves[moves.len() - 1]);
                    if !w {
                        won = true;
                        break;
                    }
                }
                Err(e) if e.is_stopped() => open.push((
                    MoveOutcome {
                        first: m.clone(),
                        same: *same,
                        wins: None,
                        searched: self.searched - n0,
                        seconds: t0.elapsed().as_secs_f64(),
                    },
                    after.clone(),
                )),
                Err(e) => return Err(e),
            }
        }
        let cancelled = |s: &Self| s.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed));
        let cap = per_move.unwrap_or(Duration::MAX).min(FAR);
        let mut slice = first.unwrap_or(Duration::MAX).min(cap);
        'rounds: while !won && !open.is_empty() && !cancelled(self) {
            let last = slice >= cap;
            let mut i = 0;
            while i < open.len() {
                if cancelled(self) {
                    break 'rounds;
                }
                // The helpers take the open moves after this one, then
                // those before it.
                let beside: Vec<Position> = open[i + 1..]
                    .iter()
                    .chain(&open[..i])
                    .map(|o| o.1.clone())
                    .collect();
                let t0 = Instant::now();
                self.deadline = Some(t0 + slice);
                let n0 = self.searched;
                let wins = match self.win_beside(&open[i].1, &beside) {
                    Ok(w) => Some(!w),
                    Err(e) if e.is_stopped() => None,
                    Err(e) => return Err(e),
                };
                let o = &mut open[i].0;
                o.wins = wins;
                o.searched += self.searched - n0;
                o.seconds += t0.elapsed().as_secs_f64();
                seen(o);
                if wins.is_some() {
                    let (o, _) = open.remove(i);
                    won = o.wins == Some(true);
                    moves.push(o);
                    if won {
                        break 'rounds;
                    }
                } else {
                    i += 1;
                }
            }
            if last {
                break;
            }
            // Doubled, and never stuck at nothing.
            slice = (slice * 2).max(Duration::from_millis(1)).min(cap);
        }
        if !won {
            moves.extend(open.into_iter().map(|o| o.0));
        }
        let win = if groups.is_empty() {
            // No move: the end of the game, lost in normal play, won in
            // misère play.
            self.deadline = None;
            Some(self.win(pos)?)
        } else if won {
            Some(true)
        } else if moves.len() == groups.len() && moves.iter().all(|m| m.wins == Some(false)) {
            Some(false)
        } else {
            None
        };
        Ok(EachMove {
            win,
            distinct: groups.len(),
            moves,
        })
    }

    /// The winning moves of a position, one per group of moves that leave
    /// the same lands ([`decompose`](super::decompose)): each group's first
    /// move (in the order of [`Position::moves`], on the plane or off it)
    /// and how many others it stands for. Every front end lists winning
    /// moves with this, written by [`Solver::winning_moves_in`] or
    /// [`Notation::write_listed`].
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// let mut s = sprouts::solve::Solver::new();
    /// // Three spots: a win (Lemoine & Viennot). The three joins of two
    /// // spots are one group, the three loops around one spot another.
    /// let p = Position::start(3, Variant::Normal);
    /// let moves = s.winning_moves(&p).unwrap();
    /// assert_eq!(moves.iter().map(|(_, same)| *same).collect::<Vec<_>>(), [2, 2]);
    /// for (m, _) in &moves {
    ///     assert!(!s.win(&m.after(&p).unwrap()).unwrap());
    /// }
    /// ```
    pub fn winning_moves(&mut self, pos: &Position) -> Result<Vec<(AnyMove, usize)>, SolveError> {
        let mut out = Vec::new();
        for (m, same, after) in move_groups(pos)? {
            if !self.win(&after)? {
                out.push((m, same));
            }
        }
        Ok(out)
    }

    /// What is known now of each group of moves of a position (moves that
    /// leave the same lands, grouped as [`Solver::winning_moves`] groups
    /// them): its first move, how many others it stands for, and whether
    /// the player to move after it wins, when the store tells, or a
    /// moment's search (the deadline is now: a few hundred positions at
    /// most, whatever they prove is kept); `None` otherwise. After a solve
    /// that was stopped, this says how far it got, move by move. Every
    /// move is listed, as [`Position::moves`] gives them: a start of N
    /// spots has about N 2^(N-1) ([`Position::count_moves`] says how many
    /// before).
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// let mut s = sprouts::solve::Solver::new();
    /// // Misère 4 spots: a loss (OEIS A164950), so every move is refuted:
    /// // the player after it wins. Its 3 groups: the join, and the loops
    /// // around 0 and 1 spots (a loop around 2 leaves what one around 1 does).
    /// let p = Position::start(4, Variant::Misere);
    /// assert!(!s.win(&p).unwrap());
    /// let known = s.moves_known(&p).unwrap();
    /// assert_eq!(known.len(), 3);
    /// assert!(known.iter().all(|&(_, _, after)| after == Some(true)));
    /// ```
    pub fn moves_known(
        &mut self,
        pos: &Position,
    ) -> Result<Vec<(AnyMove, usize, Option<bool>)>, SolveError> {
        let saved = self.deadline;
        let mut out = Vec::new();
        for (m, same, after) in move_groups(pos)? {
            self.deadline = Some(Instant::now());
            let known = match self.win(&after) {
                Ok(w) => Some(w),
                Err(e) if e.is_stopped() => None,
                Err(e) => {
                    self.deadline = saved;
                    return Err(e);
                }
            };
            out.push((m, same, known));
        }
        self.deadline = saved;
        Ok(out)
    }

    /// [`Solver::winning_moves`] written in `notation` by
    /// [`Notation::write_listed`] (`?` for a move the notation cannot
    /// write; off the plane, the position the move leaves in neo-GLOP):
    /// each group's text and how many other winning moves it stands for.
    /// `sprouts solve` and the Python package list winning moves with it.
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// use sprouts::notation::Notation;
    /// let mut s = sprouts::solve::Solver::new();
    /// let p = Position::start(3, Variant::Normal);
    /// let moves = s.winning_moves_in(&p, Notation::Wgosa).unwrap();
    /// assert_eq!(moves, [("1(4)2".to_string(), 2), ("1(4)1[2]".to_string(), 2)]);
    /// ```
    pub fn winning_moves_in(
        &mut self,
        pos: &Position,
        notation: Notation,
    ) -> Result<Vec<(String, usize)>, SolveError> {
        Ok(self
            .winning_moves(pos)?
            .into_iter()
            .map(|(m, same)| (notation.write_listed(pos, &m), same))
            .collect())
    }

    /// The nimber of the position in normal play (the XOR of its lands').
    ///
    /// ```
    /// use sprouts::model::{Position, Variant};
    /// let mut s = sprouts::solve::Solver::new();
    /// assert_eq!(s.nimber(&Position::start(2, Variant::Normal)).unwrap(), 0);
    /// ```
    pub fn nimber(&mut self, pos: &Position) -> Result<u8, SolveError> {
        let lands = self.lands(pos)?;
        let r = self.helped(|s| {
            let mut x = 0;
            for l in &lands {
                x ^= s.land_nimber(l)?;
            }
            Ok(x)
        });
        self.store.flush();
        r
    }

    /// The nimber of one land given by its key bytes.
    ///
    /// ```
    /// use sprouts::solve::{Land, Solver};
    /// let l: Land = "0.".parse().unwrap();
    /// assert_eq!(Solver::new().nimber_of_land(&l).unwrap(), 0);
    /// ```
    pub fn nimber_of_land(&mut self, land: &super::Land) -> Result<u8, SolveError> {
        let r = self.helped(|s| s.land_nimber(land.as_bytes()));
        self.store.flush();
        r
    }

    /// Whether the player to move wins the position given by its lands
    /// plus a nim heap of size `heap` (normal play).
    ///
    /// ```
    /// use sprouts::solve::{Land, Solver};
    /// let l: Land = "0.".parse().unwrap();
    /// // `0.` has nimber 0: with a heap of 1 the mover wins.
    /// assert!(Solver::new().win_lands_with_heap(&[l], 1).unwrap());
    /// ```
    pub fn win_lands_with_heap(
        &mut self,
        lands: &[super::Land],
        heap: u8,
    ) -> Result<bool, SolveError> {
        let keys: Vec<Vec<u8>> = lands.iter().map(|l| l.as_bytes().to_vec()).collect();
        let r = self.helped(|s| s.win_sum(&keys, heap));
        self.store.flush();
        r
    }

    /// Whether the player to move wins the position given by its lands in
    /// misère play.
    ///
    /// ```
    /// use sprouts::solve::{Land, Solver};
    /// let l: Land = "0.".parse().unwrap();
    /// // One spot, misère: the only move leaves a position with one move left.
    /// assert!(Solver::new().win_lands_misere(&[l]).unwrap());
    /// ```
    pub fn win_lands_misere(&mut self, lands: &[super::Land]) -> Result<bool, SolveError> {
        let mut keys: Vec<Vec<u8>> = lands.iter().map(|l| l.as_bytes().to_vec()).collect();
        keys.sort_unstable();
        let r = self.misere_win(&keys);
        self.store.flush();
        r
    }

    /// Re-proves a normal-play entry of a land from its children alone:
    /// the nimber is the least value no child has (each child's value, the
    /// XOR of its lands' nimbers, is looked up or searched; the land's own
    /// entry is never read, since children are smaller lands).
    ///
    /// ```
    /// use sprouts::solve::{Land, NormalEntry, Solver};
    /// let l: Land = "1.".parse().unwrap();
    /// let mut s = Solver::new();
    /// assert!(s.verify_normal(&l, NormalEntry::Nimber(1)).unwrap());
    /// assert!(!s.verify_normal(&l, NormalEntry::Nimber(0)).unwrap());
    /// assert!(s.verify_normal(&l, NormalEntry::NotIn(1)).unwrap());
    /// ```
    pub fn verify_normal(
        &mut self,
        land: &super::Land,
        entry: NormalEntry,
    ) -> Result<bool, SolveError> {
        let children = land_children(land.as_bytes(), &*self.canon);
        let mut values = Vec::with_capacity(children.len());
        for c in &children {
            let mut x = 0u8;
            for l in c {
                x ^= self.land_nimber(l)?;
            }
            values.push(x);
        }
        let mut mex = 0u8;
        while values.contains(&mex) {
            mex += 1;
        }
        Ok(match entry {
            NormalEntry::Nimber(k) => k == mex,
            NormalEntry::NotIn(bits) => mex >= 64 || bits >> mex & 1 == 0,
        })
    }

    /// Re-proves a misère outcome of a position (its lands) from its
    /// children alone (each looked up or searched).
    ///
    /// ```
    /// use sprouts::solve::{Land, Solver};
    /// let l: Land = "1.".parse().unwrap();
    /// // One move, to the end: in misère the mover must make it and loses.
    /// assert!(Solver::new().verify_misere(&[l], false).unwrap());
    /// ```
    pub fn verify_misere(&mut self, lands: &[super::Land], win: bool) -> Result<bool, SolveError> {
        self.verify_misere_key(&super::position_key_of(lands), win)
    }

    /// One step of a search: checks the deadline and reports progress
    /// every [`CHECK_EVERY`] steps.
    pub(super) fn tick(&mut self) -> Result<(), SolveError> {
        self.steps += 1;
        if self.link.is_some() {
            self.exchange();
            if self.link.as_ref().is_some_and(|l| l.stopped()) {
                return Err(SolveError::stopped());
            }
        }
        if self.steps % CHECK_EVERY == 0 {
            if self.progress.wants_memory() {
                let held = self.misere_memory();
                self.progress.memory(&held);
            }
            self.progress.searched(self.searched);
            if self.deadline.is_some_and(|d| Instant::now() >= d)
                || self
                    .cancel
                    .as_ref()
                    .is_some_and(|c| c.load(Ordering::Relaxed))
            {
                return Err(SolveError::stopped());
            }
        }
        Ok(())
    }

    /// The children of a land, best first (in the order
    /// [`children_unless`] gives; counted in `searched`); `None`
    /// if `stop` said yes to one of them as they were made.
    pub(super) fn expand(
        &mut self,
        land: &[u8],
        mut stop: impl FnMut(&mut S, &[u8]) -> bool,
    ) -> Result<Option<Children>, SolveError> {
        self.tick()?;
        if self.searched >= self.expand_limit {
            return Err(SolveError::stopped());
        }
        self.searched += 1;
        if let Some(d) = self.deadline {
            // A first check before any work, so a past deadline stops at once.
            if self.searched == 1 && Instant::now() >= d {
                return Err(SolveError::stopped());
            }
        }
        let store = &mut self.store;
        let Some(ch) = children_unless(land, &*self.canon, |c| stop(store, c)) else {
            return Ok(None);
        };
        self.generated += ch.len() as u64;
        Ok(Some(ch.compacted()))
    }

    /// Records a fact proved here (and sends it to the other threads of a
    /// search with helpers).
    pub(super) fn put(&mut self, land: &[u8], e: NormalEntry) {
        self.merge(land, e);
        if let Some(l) = &mut self.link {
            l.send(land, e);
        }
    }

    /// Merges a fact into what the store knows of the land.
    pub(super) fn merge(&mut self, land: &[u8], e: NormalEntry) {
        let merged = match self.store.get_normal(land) {
            Some(old) => old.merge(e),
            None => e,
        };
        self.store.put_normal(land, merged);
    }

    /// The outcome of a sum of lands plus a heap, if the table knows it.
    fn known_sum(&mut self, lands: &[Vec<u8>], heap: u8) -> Option<bool> {
        known_outcome(&mut self.store, lands.iter().map(Vec::as_slice), heap)
    }

    /// Whether a sum of lands plus a heap is a win: the nimbers of all
    /// lands but the largest go into the heap (Sprague-Grundy), and the
    /// largest is searched with it.
    fn win_sum(&mut self, lands: &[Vec<u8>], heap: u8) -> Result<bool, SolveError> {
        if lands.is_empty() {
            return Ok(heap != 0);
        }
        if let Some(o) = self.known_sum(lands, heap) {
            return Ok(o);
        }
        let big = (0..lands.len())
            .max_by_key(|&i| lands[i].len())
            .unwrap_or(0);
        let mut x = heap;
        for (i, l) in lands.iter().enumerate() {
            if i != big {
                x ^= self.land_nimber(l)?;
            }
        }
        self.win_land_heap(&lands[big], x)
    }
}
