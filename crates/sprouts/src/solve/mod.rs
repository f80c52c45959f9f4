//! Who wins a position, in normal and misère play.
//!
//! The solver works on its own compact, unlabelled form (see [`Land`] and
//! docs/notations.md#simplification): dead spots dropped, GLOP's simplifications applied,
//! the position split into independent *lands*, each stored under a key
//! computed by a [`LandCanon`] ([`PseudoCanon`] by default; [`ExactCanon`]
//! is exact but slower).
//!
//! - Normal play: the nimber of every land, found by searching the land plus
//!   a nim heap of size 0, 1, 2, ... until the player to move loses (Lemoine
//!   & Viennot); a position is won iff the XOR of its lands' nimbers is not
//!   0 ([`Solver::win`], [`Solver::nimber`]). Each (land + heap) couple is
//!   searched by depth-first proof-number search (df-pn); a child that
//!   splits into several lands is reduced to its largest land plus a heap
//!   once the search goes into it.
//! - Misère play: lands do not add; the whole position (its sorted land
//!   keys) is searched, by df-pn too, with its own table.
//!
//! Proved results go to a [`Store`] ([`MemoryStore`], or a database behind
//! [`Stacked`]); a [`Progress`] is told how the search advances. In normal
//! play, helper threads can prove what the search will likely need next
//! and send it their results ([`use_threads`]).
//!
//! Files: the byte form of a land (`bytes`), positions into it and its
//! simplification (`compact`), keys (`canon`), [`Land`] (`land`), a land's
//! moves (`children`: the buffer, `list`, `play`), the searches (`search`
//! holds [`Solver`] and its questions, `pns` normal play, `misere` misère
//! play, `helpers` helper threads); which file holds which part of
//! [`Solver`]: docs/solver.md#solver-map.
//!
//! ```
//! use sprouts::model::{Position, Variant};
//! use sprouts::solve::Solver;
//! let mut s = Solver::new();
//! // AJS 1991: the first player wins the 3-spot game and loses the 6-spot one.
//! assert!(s.win(&Position::start(3, Variant::Normal)).unwrap());
//! assert!(!s.win(&Position::start(6, Variant::Normal)).unwrap());
//! assert_eq!(s.nimber(&Position::start(3, Variant::Normal)).unwrap(), 1);
//! ```

use std::time::Duration;

mod analyze;
mod bytes;
mod canon;
mod certificate;
mod children;
mod compact;
mod distributed;
mod error;
mod helpers;
mod job_tree;
mod land;
mod misere;
mod misere_link;
mod pns;
mod search;
mod simulate;
mod store;
mod threads;
mod tree_master;

pub use analyze::{Analysis, AnalysisLine, MoveAnalysis, Verdict, outcome_word};
pub use bytes::{MAX_LIVES, MAX_SOLVED_GENUS};
pub use canon::{ExactCanon, LandCanon, PseudoCanon};
pub use certificate::{
    Certificate, CertificateError, CheckError, Checked, Claim, Couple, LandTreeLine, LineReader,
    LossLine, MISERE_SECTION, MisereCertificate, MisereChecked, MisereClaim, MisereWhy, Prepared,
    SpotsCanon, SpotsDatabase, TreeLine, Verifier, Wanted, Why, check_claim,
};
pub use distributed::{Finished, Master, Proof, Ticket, Worker, decode_results, encode_results};
pub use error::SolveError;
pub use land::{Land, decompose, decompose_with, lands_position};
pub use misere::{
    BIG_SUM_BUDGET, KEY_SUM_BUDGET, MisereMemory, MisereStats, SUM_MEMO_BYTES, SUM_OUTCOME_BUDGET,
    TREE_LIVES,
};
pub use pns::{ChildSum, NormalStats};
pub use search::{EachMove, MoveOutcome, Solver, TableTrims, move_groups};
pub use simulate::{Seed, Sharing, SimConfig, SimReport, simulate};
pub use store::{
    FRONT_LIMIT, MemoryStore, NoProgress, NoStore, NormalEntry, Progress, Stacked, Store,
    hash_table_bytes, heap_block,
};
pub use threads::{AUTO_THREADS, SOLVER_STACK, on_solver_stack, solver_thread, use_threads};
pub use tree_master::{TreeCounts, TreeMaster};

/// Past this many seconds a time limit is cut (32 years: an `Instant`
/// plus much more can overflow).
const MAX_SECONDS: f64 = 1e9;

/// A time limit given in seconds, as every front end takes one
/// (`--timeout`, Python's `timeout=`): a finite number, not negative
/// (`None` otherwise), cut at 10^9 seconds.
///
/// ```
/// use std::time::Duration;
/// use sprouts::solve::time_limit;
/// assert_eq!(time_limit(1.5), Some(Duration::from_millis(1500)));
/// assert_eq!(time_limit(0.0), Some(Duration::ZERO));
/// assert_eq!(time_limit(1e300), time_limit(1e9));
/// assert_eq!(time_limit(-1.0), None);
/// assert_eq!(time_limit(f64::NAN), None);
/// assert_eq!(time_limit(f64::INFINITY), None);
/// ```
pub fn time_limit(seconds: f64) -> Option<Duration> {
    (seconds.is_finite() && seconds >= 0.0)
        .then(|| Duration::from_secs_f64(seconds.min(MAX_SECONDS)))
}

/// A slice of time given in seconds (`--slice`, a worker's slice): as
/// [`time_limit`], but more than zero.
///
/// ```
/// use sprouts::solve::time_slice;
/// assert!(time_slice(0.001).is_some());
/// assert_eq!(time_slice(0.0), None);
/// ```
pub fn time_slice(seconds: f64) -> Option<Duration> {
    time_limit(seconds).filter(|_| seconds > 0.0)
}

/// The children of a land as lists of lands (for tests and tools): every
/// distinct position one move leads to, each a sorted list of land keys.
///
/// ```
/// use sprouts::solve::{land_children, Land, PseudoCanon};
/// let l: Land = "0.".parse().unwrap();
/// // A loop on a lone spot leaves `AB|AB` (nimber 1, LV07).
/// let ch = land_children(&l, &PseudoCanon);
/// assert_eq!(ch.len(), 1);
/// assert_eq!(ch[0][0].to_string(), "AB|AB");
/// ```
pub fn land_children<C: LandCanon + ?Sized>(land: &Land, canon: &C) -> Vec<Vec<Land>> {
    children::land_children(land.as_bytes(), canon)
        .into_iter()
        .map(|c| c.into_iter().map(Land::from_key).collect())
        .collect()
}

/// The key of a whole position for misère play (as a [`Store`] sees it)
/// from its lands.
///
/// ```
/// use sprouts::solve::{position_key_of, split_position_key, Land};
/// let l: Land = "0.".parse().unwrap();
/// let k = position_key_of(&[l.clone(), l.clone()]);
/// assert_eq!(split_position_key(&k).unwrap(), vec![l.clone(), l]);
/// ```
pub fn position_key_of(lands: &[Land]) -> Vec<u8> {
    let mut keys: Vec<Vec<u8>> = lands.iter().map(|l| l.as_bytes().to_vec()).collect();
    keys.sort_unstable();
    position_key(&keys)
}

/// The key of a misère position made of canonical trees (the sum of its
/// small lands, see [`crate::misere`], and the trees of big lands kept
/// apart) and other lands, as a [`Store`] sees it: the position is the sum
/// of them all. With no tree but 0 it is [`position_key_of`].
///
/// ```
/// use sprouts::misere::TreeId;
/// use sprouts::solve::{misere_key_of, position_key_of, split_misere_key, Land};
/// let l: Land = "0.0.0.0.0.0.0.0.0.0".parse().unwrap();
/// assert_eq!(misere_key_of(&[TreeId::ZERO], &[l.clone()]), position_key_of(&[l.clone()]));
/// let k = misere_key_of(&[TreeId::from_index(3)], &[l.clone()]);
/// assert_eq!(split_misere_key(&k).unwrap(), (vec![TreeId::from_index(3)], vec![l.clone()]));
/// // Trees kept apart are written in order of their ids.
/// let (a, b) = (TreeId::from_index(9), TreeId::from_index(4));
/// let k = misere_key_of(&[a, b, TreeId::ZERO], &[l.clone()]);
/// assert_eq!(split_misere_key(&k).unwrap(), (vec![b, a], vec![l]));
/// ```
pub fn misere_key_of(trees: &[crate::misere::TreeId], lands: &[Land]) -> Vec<u8> {
    let mut keys: Vec<&[u8]> = lands.iter().map(Land::as_bytes).collect();
    keys.sort_unstable();
    let mut trees: Vec<_> = trees
        .iter()
        .copied()
        .filter(|&t| t != crate::misere::TreeId::ZERO)
        .collect();
    trees.sort_unstable();
    match trees.split_first() {
        Some((&tree, terms)) => misere::misere_key_with_terms(tree, terms, &keys),
        None => misere::misere_key(crate::misere::TreeId::ZERO, &keys),
    }
}

/// The trees (none for a key without one) and the lands of a misère
/// position key, checked (the trees' ids are not: they mean trees of the
/// store the key comes from).
///
/// ```
/// use sprouts::solve::split_misere_key;
/// assert!(split_misere_key(&[0, 0xFF, 0xFE, 0xFD]).unwrap().0.is_empty());
/// assert!(split_misere_key(&[0xFD, 1, 0]).is_err());
/// ```
pub fn split_misere_key(key: &[u8]) -> Result<(Vec<crate::misere::TreeId>, Vec<Land>), SolveError> {
    let (tree, terms, rest) = misere::split_key_parts(key)
        .ok_or_else(|| SolveError::bad_key(key.len(), "a tree id after the tree mark"))?;
    let trees = std::iter::once(tree)
        .filter(|&t| t != crate::misere::TreeId::ZERO)
        .chain(misere::terms_of(terms))
        .collect();
    Ok((trees, split_position_key(rest)?))
}

/// The lands of a misère position key without a tree, checked.
///
/// ```
/// use sprouts::solve::split_position_key;
/// assert_eq!(split_position_key(&[0, 0xFF, 0xFE, 0xFD]).unwrap().len(), 1);
/// assert!(split_position_key(&[0, 0xFF, 0xFE]).is_err());
/// ```
pub fn split_position_key(key: &[u8]) -> Result<Vec<Land>, SolveError> {
    if key.first() == Some(&misere::TREE_MARK) {
        return Err(SolveError::bad_key(
            0,
            "a land (this key starts with a tree)",
        ));
    }
    if key.last().is_some_and(|&b| b != bytes::END_LAND) {
        return Err(SolveError::bad_key(key.len(), "an end of land"));
    }
    key.split(|&b| b == bytes::END_LAND)
        .filter(|k| !k.is_empty())
        .map(Land::from_bytes)
        .collect()
}

/// The key of a whole position for misère play: its sorted land keys, each
/// followed by an end-of-land byte.
pub(crate) fn position_key(lands: &[Vec<u8>]) -> Vec<u8> {
    let mut k = Vec::with_capacity(lands.iter().map(|l| l.len() + 1).sum());
    for l in lands {
        k.extend_from_slice(l);
        k.push(bytes::END_LAND);
    }
    k
}
