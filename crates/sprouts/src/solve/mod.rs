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
//! ```
//! use sprouts::model::{Position, Variant};
//! use sprouts::solve::Solver;
//! let mut s = Solver::new();
//! // AJS 1991: the first player wins the 3-spot game and loses the 6-spot one.
//! assert!(s.win(&Position::start(3, Variant::Normal)).unwrap());
//! assert!(!s.win(&Position::start(6, Variant::Normal)).unwrap());
//! assert_eq!(s.nimber(&Position::start(3, Variant::Normal)).unwrap(), 1);
//! ```

mod canon;
mod certificate;
mod children;
mod compact;
mod distributed;
mod helpers;
mod misere;
mod pns;
mod search;
mod store;
mod text;
mod threads;

use std::fmt;
use std::str::FromStr;

pub use canon::{ExactCanon, LandCanon, PseudoCanon};
pub use certificate::{
    Certificate, CertificateError, CheckError, Checked, Claim, Couple, Verifier, Wanted, Why,
};
pub use compact::{MAX_LIVES, MAX_SOLVED_GENUS};
pub use distributed::{Finished, Master, Proof, Ticket, Worker, decode_results, encode_results};
pub use misere::TREE_LIVES;
pub use search::Solver;
pub use store::{MemoryStore, NoProgress, NoStore, NormalEntry, Progress, Stacked, Store};
pub use text::lands_position;
pub use threads::{AUTO_THREADS, use_threads};

use crate::model::Position;
use crate::notation::PositionTextError;

/// Why the solver could not answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveError {
    kind: ErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum ErrorKind {
    TooLarge(u32),
    BadKey(usize, &'static str),
    BadText(usize, &'static str),
    Text(PositionTextError),
    Stopped,
    Certificate(String),
    NoWorker(usize, usize),
    Surface(String),
    Wide(usize),
}

impl SolveError {
    pub(crate) fn too_large(lives: u32) -> SolveError {
        SolveError {
            kind: ErrorKind::TooLarge(lives),
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
    pub(crate) fn surface(t: crate::model::Topology) -> SolveError {
        SolveError {
            kind: ErrorKind::Surface(t.to_string()),
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
            ErrorKind::TooLarge(lives) => write!(
                f,
                "the position has {lives} lives; the solver takes at most {MAX_LIVES}"
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
            ErrorKind::Surface(t) => write!(
                f,
                "a region lies on {t}; the solver takes at most {MAX_SOLVED_GENUS} handles or cross-caps"
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

/// One land of a position in the solver's compact form: its key bytes.
///
/// Its text (`Display`, `FromStr`) is GLOP 2, the one land text users
/// read (`0.AB|AB`). `FromStr` also reads the solver's older text, which
/// earlier versions exported and printed: `0`, `1`, `2` and letters (`a`-`z`,
/// `A`-`Z`, `{52}`...; case carries no meaning), `.` after every boundary
/// (so it always ends with `.`), `|` between regions.
///
/// ```
/// use sprouts::solve::Land;
/// // GLOP's `AB.}1AB.}`: regions are sorted, letters renamed.
/// let l: Land = "AB|1AB".parse().unwrap();
/// assert_eq!(l.to_string(), "1AB|AB");
/// assert_eq!("ab.|1ab.".parse::<Land>().unwrap(), l);
/// assert_eq!(Land::from_bytes(l.as_bytes()).unwrap(), l);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Land(Box<[u8]>);

impl Land {
    /// The key bytes.
    ///
    /// ```
    /// let l: sprouts::solve::Land = "0.".parse().unwrap();
    /// assert_eq!(l.as_bytes(), &[0, 0xFF, 0xFE]);
    /// ```
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    /// A land from key bytes, checked (every letter listed twice, at most
    /// [`MAX_LIVES`] lives) and re-keyed canonically with [`PseudoCanon`].
    ///
    /// ```
    /// use sprouts::solve::Land;
    /// assert!(Land::from_bytes(&[0, 0xFF, 0xFE]).is_ok());
    /// assert_eq!(Land::from_bytes(&[0, 0xFE]).unwrap_err().to_string(),
    ///     "bad land key at byte 1: expected an empty or unfinished region");
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<Land, SolveError> {
        let regions = compact::parse_land(bytes)?;
        compact::check_letters(&regions).map_err(|w| SolveError::bad_key(bytes.len(), w))?;
        Ok(Land(PseudoCanon.key(&regions).into()))
    }

    /// The lands this land's key simplifies to (docs/notations.md#simplification):
    /// itself, for a key the solver made; what the solver's moves can be
    /// played on, for any key [`Land::from_bytes`] accepts (a database's
    /// key may be corrupted).
    ///
    /// ```
    /// use sprouts::solve::Land;
    /// let l: Land = "0.AB|AB".parse().unwrap();
    /// assert_eq!(l.simplified(), vec![l.clone()]);
    /// // Two lone spots written as one region with an empty second region
    /// // of one spot listed once: the region of one life goes.
    /// let odd = Land::from_bytes(&[0, 0xFF, 0, 0xFF, 0xFE, 2, 0xFF, 0xFE]).unwrap();
    /// assert_eq!(odd.simplified(), vec!["0.0".parse::<Land>().unwrap()]);
    /// ```
    pub fn simplified(&self) -> Vec<Land> {
        let mut keys = Vec::new();
        compact::simplify(
            compact::parse_land_unchecked(&self.0),
            &PseudoCanon,
            &mut keys,
        );
        keys.sort_unstable();
        keys.into_iter().map(Land::from_key).collect()
    }

    /// A land exactly as stored (trusted: made by this module).
    pub(crate) fn from_key(key: Vec<u8>) -> Land {
        Land(key.into())
    }
}

impl fmt::Display for Land {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match text::lands_position(std::slice::from_ref(self)) {
            Ok(p) => f.write_str(&p.to_glop2()),
            // Only bytes that were never checked can fail to be a position:
            // show them in the solver's own text rather than nothing.
            Err(_) => f.write_str(&compact::land_text(&self.0)),
        }
    }
}

impl FromStr for Land {
    type Err = SolveError;

    /// Reads the text of one land, in GLOP 2 or in the solver's older text
    /// (which ends with `.`); it is simplified first, so it must not
    /// simplify to nothing or to several lands.
    fn from_str(s: &str) -> Result<Land, SolveError> {
        let one = |mut lands: Vec<Land>| {
            if lands.len() != 1 {
                return Err(SolveError::bad_text(
                    s.len(),
                    "a text that simplifies to one land",
                ));
            }
            Ok(lands.pop().expect("one"))
        };
        if !(s.ends_with('.') || s.contains('{')) {
            let p = crate::notation::glop2::parse_position(s).map_err(SolveError::text)?;
            return one(decompose(&p)?);
        }
        let regions = compact::parse_land_text(s)?;
        let mut keys = Vec::new();
        compact::simplify(regions, &PseudoCanon, &mut keys);
        let land = one(keys.into_iter().map(Land::from_key).collect())?;
        // The older text is not checked against the model as it is read
        // (`10.` puts a lone spot on a boundary with another): keep only a
        // land some position has, so that what is read is written (GLOP 2)
        // and read again as itself.
        match land.to_position().map(|p| decompose(&p)) {
            Ok(Ok(lands)) if lands == std::slice::from_ref(&land) => Ok(land),
            _ => Err(SolveError::bad_text(
                s.len(),
                "the text of a land that some position has",
            )),
        }
    }
}

/// The lands of a position after the simplifications of docs/notations.md#simplification,
/// keyed with [`PseudoCanon`], sorted. An empty list: the game is over.
///
/// ```
/// use sprouts::model::{Position, Variant};
/// use sprouts::solve::decompose;
/// // 1-3-2 from two spots leaves one land: 1a1a in GLOP terms.
/// let p = Position::new(vec![vec![vec![1, 3, 2, 3]]], vec![0, 1, 1, 2], Variant::Normal).unwrap();
/// let lands = decompose(&p).unwrap();
/// assert_eq!(lands.len(), 1);
/// assert_eq!(lands[0].to_string(), "1a1a");
/// ```
pub fn decompose(pos: &Position) -> Result<Vec<Land>, SolveError> {
    decompose_with(pos, &PseudoCanon)
}

/// [`decompose`] with the given land keys.
///
/// ```
/// use sprouts::model::{Position, Variant};
/// use sprouts::solve::{decompose_with, ExactCanon};
/// assert_eq!(decompose_with(&Position::start(4, Variant::Normal), &ExactCanon).unwrap().len(), 1);
/// ```
pub fn decompose_with<C: LandCanon + ?Sized>(
    pos: &Position,
    canon: &C,
) -> Result<Vec<Land>, SolveError> {
    let mut keys = Vec::new();
    compact::simplify(compact::regions_of(pos)?, canon, &mut keys);
    keys.sort_unstable();
    Ok(keys.into_iter().map(Land::from_key).collect())
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
    children::land_children(&land.0, canon)
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

/// The key of a misère position made of a canonical tree (the sum of its
/// small lands, see [`crate::misere`]) and other lands, as a [`Store`]
/// sees it. With the tree 0 it is [`position_key_of`].
///
/// ```
/// use sprouts::misere::TreeId;
/// use sprouts::solve::{misere_key_of, position_key_of, split_misere_key, Land};
/// let l: Land = "0.0.0.0.0.0.0.0.0.0".parse().unwrap();
/// assert_eq!(misere_key_of(TreeId::ZERO, &[l.clone()]), position_key_of(&[l.clone()]));
/// let k = misere_key_of(TreeId::from_index(3), &[l.clone()]);
/// assert_eq!(split_misere_key(&k).unwrap(), (TreeId::from_index(3), vec![l]));
/// ```
pub fn misere_key_of(tree: crate::misere::TreeId, lands: &[Land]) -> Vec<u8> {
    let mut keys: Vec<&[u8]> = lands.iter().map(Land::as_bytes).collect();
    keys.sort_unstable();
    misere::misere_key(tree, &keys)
}

/// The tree and the lands of a misère position key, checked (the tree's id
/// is not: it means a tree of the store the key comes from).
///
/// ```
/// use sprouts::misere::TreeId;
/// use sprouts::solve::split_misere_key;
/// assert_eq!(split_misere_key(&[0, 0xFF, 0xFE, 0xFD]).unwrap().0, TreeId::ZERO);
/// assert!(split_misere_key(&[0xFD, 1, 0]).is_err());
/// ```
pub fn split_misere_key(key: &[u8]) -> Result<(crate::misere::TreeId, Vec<Land>), SolveError> {
    let (tree, rest) = misere::split_misere_key(key)
        .ok_or_else(|| SolveError::bad_key(key.len(), "a tree id after the tree mark"))?;
    Ok((tree, split_position_key(rest)?))
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
    if key.last().is_some_and(|&b| b != compact::END_LAND) {
        return Err(SolveError::bad_key(key.len(), "an end of land"));
    }
    key.split(|&b| b == compact::END_LAND)
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
        k.push(compact::END_LAND);
    }
    k
}
