//! Checking couples with move generation and lookups only: a certificate's
//! lines against each other, or a database's entries against the entries
//! they rest on (docs/certificates.md#check says what is checked and why
//! that is a proof).

use std::fmt;
use std::rc::Rc;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::model::Position;
use crate::notation::{PositionNotation, glop2};

use super::super::bytes::{END_LAND, land_text, lands_of, parse_land_unchecked};
use super::super::children::{Children, ChildrenMemo, children_unless};
use super::super::compact::simplify;
use super::super::pns::twice_lives;
use super::super::store::{MemoryStore, NormalEntry, Store};
use super::super::{
    ExactCanon, Land, LandCanon, PseudoCanon, decompose_with, lands_position, position_key,
};
use super::misere::MisereWhy;
use super::{Certificate, Couple, quoted};

/// Why a couple (or a stored entry) does not hold against what is known:
/// the couples listed in a certificate, or the entries of a database.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Why {
    /// The line's position cannot be read (the reader's message).
    Unreadable(String),
    /// The same land is listed on another line with another heap.
    Twice {
        /// That line.
        line: usize,
        /// Its heap.
        heap: u8,
    },
    /// A move leaves lands whose known nimbers, with the heap, give 0: a
    /// loss for the opponent.
    MovesToLoss {
        /// The child, in GLOP 2.
        child: String,
    },
    /// A move leaves one land of unknown nimber, and that land with the
    /// heap its companions leave has no move to a known loss.
    Unanswered {
        /// The child, in GLOP 2.
        child: String,
        /// The land of unknown nimber, in GLOP 2.
        land: String,
        /// The heap it goes with.
        heap: u8,
        /// The couples that would answer it (see [`Wanted`]).
        wanted: Vec<Wanted>,
    },
    /// A move leaves several lands of unknown nimber, and no move from
    /// there reaches a known loss.
    Unknown {
        /// The child, in GLOP 2.
        child: String,
        /// Its lands of unknown nimber, in GLOP 2.
        lands: Vec<String>,
    },
    /// Lowering the heap to this size is not answered: no move leaves lands
    /// of known nimbers that give it.
    HeapUnanswered {
        /// The heap.
        heap: u8,
        /// The couples that would answer it (see [`Wanted`]).
        wanted: Vec<Wanted>,
    },
    /// A heap stored as a win has no move to a known loss.
    NoWinningMove {
        /// The heap.
        heap: u8,
    },
    /// A move of a sum couple (a line of several lands not all listed
    /// alone) leaves a position with no move to a known loss.
    NotRefuted {
        /// The position the move leaves, in GLOP 2.
        child: String,
        /// The heap beside it.
        heap: u8,
    },
    /// The claim: one of the position's lands is not listed, and the
    /// position is no listed sum couple either.
    SumUnlisted {
        /// The land, in GLOP 2.
        land: String,
    },
    /// A line of several lands (or the claim): their listed nimbers give
    /// this, not the heap.
    SumValue {
        /// What they give.
        value: u8,
    },
    /// The key of a stored fact about one land simplifies to this many
    /// lands (a corrupted key).
    NotOneLand {
        /// How many.
        lands: usize,
    },
    /// Misère: no move is left, so the player to move wins (a loss was
    /// stored).
    MisereEnd,
    /// Misère: a win is stored, but no move leads to a stored loss.
    MisereNoLoss,
    /// Misère: a loss is stored, but a move leads to a stored loss.
    MisereChildLoss {
        /// The child, in GLOP 2.
        child: String,
    },
    /// Misère: a loss is stored, but a move leads to a position whose
    /// outcome is not stored.
    MisereUnknown {
        /// The child, in GLOP 2.
        child: String,
    },
    /// A line of a misère certificate (docs/certificates.md#misere).
    Misere(MisereWhy),
}

/// A couple that is not listed and would answer a move if it were: a land
/// of unknown nimber left by a move (its other lands of known nimbers), and
/// the nimber it would need. When a listed couple is removed, the couples
/// that relied on it name it so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wanted {
    /// The land, in GLOP 2.
    pub land: String,
    /// The heap (nimber) it would need.
    pub heap: u8,
}

/// How many wanted couples a message shows.
const SHOWN: usize = 12;

/// `; listing one of these couples would answer it: ...`, or nothing.
fn wanted_text(w: &[Wanted]) -> String {
    if w.is_empty() {
        return String::new();
    }
    let shown: Vec<String> = w
        .iter()
        .take(SHOWN)
        .map(|c| format!("{} {}", c.land, c.heap))
        .collect();
    let more = if w.len() > SHOWN {
        format!(" (and {} more)", w.len() - SHOWN)
    } else {
        String::new()
    };
    format!(
        "; listing one of these couples would answer it: {}{more}",
        shown.join(", ")
    )
}

impl Why {
    /// Whether the entry contradicts what is known (rather than resting on
    /// something that is not known): a move to a known loss from a stored
    /// loss, a sum whose known nimbers give another value, or a key that is
    /// no land.
    ///
    /// ```
    /// use sprouts::solve::Why;
    /// assert!(Why::MisereEnd.contradicts());
    /// assert!(!Why::NoWinningMove { heap: 1 }.contradicts());
    /// ```
    pub fn contradicts(&self) -> bool {
        matches!(
            self,
            Why::MovesToLoss { .. }
                | Why::Twice { .. }
                | Why::SumValue { .. }
                | Why::NotOneLand { .. }
                | Why::MisereEnd
                | Why::MisereChildLoss { .. }
        ) || matches!(self, Why::Misere(w) if w.contradicts())
    }
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Why::Unreadable(e) => write!(f, "not a position: {e}"),
            Why::Twice { line, heap } => {
                write!(f, "the same land is on line {line} with a heap of {heap}")
            }
            Why::MovesToLoss { child } => write!(
                f,
                "the move to {child} leaves a loss for the opponent (its lands' known nimbers and the heap give 0)"
            ),
            Why::Unanswered {
                child,
                land,
                heap,
                wanted,
            } => write!(
                f,
                "the move to {child} is not answered: {land} with a heap of {heap} has no move to a known loss{}",
                wanted_text(wanted)
            ),
            Why::Unknown { child, lands } => write!(
                f,
                "the move to {child} is not answered: its lands {} are not listed alone, and it has no move to a known loss",
                lands.join(", ")
            ),
            Why::NotRefuted { child, heap } => write!(
                f,
                "the move to {child} with a heap of {heap} is not answered: it has no move to a known loss"
            ),
            Why::HeapUnanswered { heap, wanted } => write!(
                f,
                "lowering the heap to {heap} is not answered: no move leaves lands whose known nimbers give {heap}{}",
                wanted_text(wanted)
            ),
            Why::NoWinningMove { heap } => write!(
                f,
                "with a heap of {heap} it has no move to a known loss (no move leaves lands whose known nimbers give {heap})"
            ),
            Why::SumUnlisted { land } => write!(f, "its land {land} is not listed"),
            Why::SumValue { value } => write!(f, "its lands' listed nimbers give {value}"),
            Why::NotOneLand { lands } => {
                write!(f, "the key is not one land: it simplifies to {lands} lands")
            }
            Why::MisereEnd => f.write_str(
                "no move is left, so the player to move wins in misère play (a loss is stored)",
            ),
            Why::MisereNoLoss => {
                f.write_str("a misère win is stored, but no move leads to a stored loss")
            }
            Why::MisereChildLoss { child } => write!(
                f,
                "a misère loss is stored, but the move to {child} leads to a stored loss"
            ),
            Why::MisereUnknown { child } => write!(
                f,
                "a misère loss is stored, but the outcome of the move to {child} is not stored"
            ),
            Why::Misere(w) => w.fmt(f),
        }
    }
}

/// A certificate that does not check: the first couple that does not hold
/// (the one with the fewest lives, then the first in the file: its check
/// rests on no couple that fails), its line, the couple in GLOP 2, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {couple} does not hold: {why}")]
pub struct CheckError {
    /// The line (from 1).
    pub line: usize,
    /// The couple: its position in GLOP 2 (as written, when it cannot be
    /// read) and its heap, as a line writes them (`0.AB|AB 1`), or the
    /// claim (`position 0*5 nimber 1`).
    pub couple: String,
    /// Why.
    pub why: Why,
}

/// What a certificate that checks proves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// Couples checked.
    pub lines: usize,
    /// Children made (each child of each listed land once, and the moves
    /// tried from lands of unknown nimber).
    pub children: u64,
    /// The position of the header and its nimber, when the certificate
    /// names them.
    pub claim: Option<Claim>,
    /// Every land listed alone on a line and its nimber (keys of the land
    /// keys the check used).
    pub nimbers: Vec<(Land, u8)>,
}

/// The claim of a certificate, proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    /// The position, as the header gives it.
    pub position: String,
    /// Its nimber (0: a loss for the player to move); 1 when only a win
    /// is claimed ([`Claim::win_only`]).
    pub nimber: u8,
    /// Whether only the outcome was claimed and proved (a win: a move to
    /// lands of listed nimbers that give 0), not the nimber.
    pub win_only: bool,
}

/// Checks couples and stored entries with move generation and lookups
/// only; remembers which (land + heap) couples it found won, so that a land
/// of unknown nimber met from several places is answered once.
///
/// ```
/// use sprouts::solve::{Land, MemoryStore, NormalEntry, PseudoCanon, Store, Verifier};
/// // `1.` (one spot with 2 lives) has one move, to a land with no move:
/// // its nimber is 1, and nothing else needs to be known to check it.
/// let one: Land = "1.".parse().unwrap();
/// let mut known = MemoryStore::default();
/// let mut v = Verifier::new(&PseudoCanon);
/// assert!(v.check_normal(&mut known, &one, NormalEntry::Nimber(1)).is_ok());
/// assert_eq!(
///     v.check_normal(&mut known, &one, NormalEntry::Nimber(0)).unwrap_err().to_string(),
///     "the move to (no live region) leaves a loss for the opponent (its lands' known nimbers and the heap give 0)"
/// );
/// ```
pub struct Verifier<'c, C: LandCanon + ?Sized> {
    canon: &'c C,
    /// (lands not listed alone, heap) -> the move to a known loss found
    /// from there (docs/certificates.md#sums), or none.
    won: FxHashMap<Box<[u8]>, Won>,
    /// The sum couples checked so far: (lands not listed alone, heap) ->
    /// the twice lives of the line (as written) and its number.
    sums: FxHashMap<Box<[u8]>, (u32, usize)>,
    /// Sum couples of at least this many twice lives are not used: the
    /// line being checked (and the lines after it) rest only on smaller
    /// ones.
    bound: u32,
    children: u64,
    /// Every land's children made so far, when the verifier is asked to
    /// keep them (a proof checked again and again as it is built).
    kids: Option<ChildrenMemo>,
}

/// What a search for a move to a known loss found.
struct Won {
    /// What the move used, when one was found.
    answer: Option<Used>,
    /// With one found: the twice lives of the largest sum couple it used,
    /// plus one (it holds under any larger bound). With none: the bound
    /// it was searched under (a larger one may find one).
    bound: u32,
}

/// What a check used: the lands listed alone (each repeatedly) and the sum
/// couples (their keys, [`sum_key`]). The builder keeps only these.
#[derive(Clone, Debug, Default)]
pub(crate) struct Used {
    pub(crate) lands: Vec<Box<[u8]>>,
    pub(crate) sums: Vec<Box<[u8]>>,
}

impl Used {
    fn extend(&mut self, other: &Used) {
        self.lands.extend(other.lands.iter().cloned());
        self.sums.extend(other.sums.iter().cloned());
    }
}

/// A child's lands against what is known: the XOR of the known nimbers,
/// how many lands have none, and the last of those.
struct Sum<'a> {
    x: u8,
    unknown: usize,
    last: &'a [u8],
}

fn sum<'a, S: Store + ?Sized>(known: &mut S, child: &'a [u8]) -> Sum<'a> {
    let mut s = Sum {
        x: 0,
        unknown: 0,
        last: &[],
    };
    for l in lands_of(child) {
        match known.get_normal(l) {
            Some(NormalEntry::Nimber(k)) => s.x ^= k,
            _ => {
                s.unknown += 1;
                s.last = l;
            }
        }
    }
    s
}

/// A position (its lands) plus a heap, every land listed alone replaced
/// by its heap: the lands left, sorted, and the heap; the lands listed
/// alone go to `folded`.
fn fold<'a, S: Store + ?Sized>(
    known: &mut S,
    lands: &[&'a [u8]],
    heap: u8,
    folded: &mut Vec<&'a [u8]>,
) -> (Vec<&'a [u8]>, u8) {
    let mut x = heap;
    let mut rest = Vec::with_capacity(lands.len());
    for &l in lands {
        match known.get_normal(l) {
            Some(NormalEntry::Nimber(k)) => {
                x ^= k;
                folded.push(l);
            }
            _ => rest.push(l),
        }
    }
    rest.sort_unstable();
    (rest, x)
}

/// The key of a sum couple: its lands not listed alone (sorted, each
/// followed by [`END_LAND`]) and the heap they go with. Keys of lands
/// stand for lands (two lands with one key are one land), and a sum does
/// not depend on the order of its terms, so one key is one game.
pub(crate) fn sum_key(rest: &[&[u8]], heap: u8) -> Box<[u8]> {
    let mut k = Vec::with_capacity(rest.iter().map(|l| l.len() + 1).sum::<usize>() + 1);
    for l in rest {
        k.extend_from_slice(l);
        k.push(END_LAND);
    }
    k.push(heap);
    k.into()
}

/// Twice the lives of lands.
fn lives_of(lands: &[&[u8]]) -> u32 {
    lands.iter().map(|l| twice_lives(l)).sum()
}

/// Lands (flat or listed) in GLOP 2, for messages (the misère checker's
/// too).
pub(super) fn text_of<'a>(lands: impl Iterator<Item = &'a [u8]>) -> String {
    let lands: Vec<Land> = lands.map(|l| Land::from_key(l.to_vec())).collect();
    if lands.is_empty() {
        return crate::notation::NO_LIVE_REGION.to_string();
    }
    match lands_position(&lands) {
        Ok(p) => p.to_glop2(),
        Err(_) => lands
            .iter()
            .map(|l| land_text(l.as_bytes()))
            .collect::<Vec<_>>()
            .join("+"),
    }
}

impl<'c, C: LandCanon + ?Sized> Verifier<'c, C> {
    /// A verifier that makes children with these land keys (the keys of
    /// the store it will be given).
    pub fn new(canon: &'c C) -> Verifier<'c, C> {
        Verifier {
            canon,
            won: FxHashMap::default(),
            sums: FxHashMap::default(),
            bound: u32::MAX,
            children: 0,
            kids: None,
        }
    }

    /// Keeps every land's children it makes in `kids` (and uses those
    /// there), until [`Self::take_kids`].
    pub(crate) fn keep_kids(&mut self, kids: ChildrenMemo) {
        self.kids = Some(kids);
    }

    /// The children kept ([`Self::keep_kids`]).
    pub(crate) fn take_kids(&mut self) -> ChildrenMemo {
        self.kids.take().unwrap_or_default()
    }

    /// Children made so far (those of lands checked whole, and those made
    /// while looking for a move to a known loss).
    pub fn children(&self) -> u64 {
        self.children
    }

    /// Every child of a land.
    fn all_children(&mut self, land: &[u8]) -> Rc<Children> {
        if let Some(m) = &mut self.kids {
            let (kids, made) = m.of(land, self.canon);
            if made {
                self.children += kids.len() as u64;
            }
            return kids;
        }
        let kids = Rc::new(children_unless(land, self.canon, |_| false).unwrap_or_default());
        self.children += kids.len() as u64;
        kids
    }

    /// Calls `f` on the land's children until it says yes; made only as
    /// far as that when the verifier keeps none.
    fn each_child(&mut self, land: &[u8], mut f: impl FnMut(&mut Self, &[u8]) -> bool) {
        if self.kids.is_some() {
            let kids = self.all_children(land);
            for c in kids.iter() {
                if f(self, c) {
                    break;
                }
            }
            return;
        }
        let canon = self.canon;
        let mut made = 0u64;
        children_unless(land, canon, |c| {
            made += 1;
            f(self, c)
        });
        self.children += made;
    }

    /// Records a sum couple (a line of several lands, not all listed
    /// alone, that holds): its twice lives as written, and its line. From
    /// then on a position that comes to the same lands not listed alone and
    /// heap is a known loss, in the checks of larger lines. Gives its key,
    /// or `None` when its lands are all listed alone (a derived claim).
    pub(crate) fn add_sum<S: Store + ?Sized>(
        &mut self,
        known: &mut S,
        lands: &[&[u8]],
        heap: u8,
        line: usize,
    ) -> Option<Box<[u8]>> {
        let (rest, x) = fold(known, lands, heap, &mut Vec::new());
        if rest.is_empty() {
            return None;
        }
        let key = sum_key(&rest, x);
        let lives = lives_of(lands);
        let e = self.sums.entry(key.clone()).or_insert((lives, line));
        if lives < e.0 {
            *e = (lives, line);
        }
        Some(key)
    }

    /// The sum couples recorded: key -> (twice lives, line).
    pub(crate) fn sums(&self) -> &FxHashMap<Box<[u8]>, (u32, usize)> {
        &self.sums
    }

    /// Whether these lands plus a heap are a known loss: their lands not
    /// listed alone are none and the heap they leave is 0, or they and
    /// that heap are a sum couple smaller than the bound. What it used
    /// goes to `used`; gives the largest sum couple's twice lives plus one
    /// (0 for none) when it is one.
    fn known_loss<S: Store + ?Sized>(
        &self,
        known: &mut S,
        lands: &[&[u8]],
        heap: u8,
        used: &mut Used,
    ) -> Option<u32> {
        let mut folded = Vec::new();
        let (rest, x) = fold(known, lands, heap, &mut folded);
        let need = if rest.is_empty() {
            if x != 0 {
                return None;
            }
            0
        } else {
            if self.sums.is_empty() {
                return None;
            }
            let key = sum_key(&rest, x);
            match self.sums.get(&key) {
                Some(&(lives, _)) if lives < self.bound => {
                    used.sums.push(key);
                    lives + 1
                }
                _ => return None,
            }
        };
        used.lands.extend(folded.into_iter().map(Into::into));
        Some(need)
    }

    /// Whether these lands plus a heap are shown a win for the player to
    /// move: with every land listed alone replaced by its heap, no land is
    /// left and the heap is not 0; or some move (in one of its lands, or
    /// lowering the heap they leave) reaches a known loss
    /// ([`Self::known_loss`]). A position met again is answered from
    /// memory.
    fn refuted<S: Store + ?Sized>(
        &mut self,
        known: &mut S,
        lands: &[&[u8]],
        heap: u8,
        used: Option<&mut Used>,
    ) -> bool {
        let mut folded = Vec::new();
        let (rest, x) = fold(known, lands, heap, &mut folded);
        if rest.is_empty() {
            if x != 0 {
                if let Some(u) = used {
                    u.lands.extend(folded.into_iter().map(Into::into));
                }
                return true;
            }
            return false;
        }
        let key = sum_key(&rest, x);
        let hit = match self.won.get(&key) {
            Some(Won {
                answer: Some(_),
                bound,
            }) => *bound <= self.bound,
            Some(Won {
                answer: None,
                bound,
            }) => self.bound <= *bound,
            None => false,
        };
        if !hit {
            let found = self.find_loss(known, &rest, x, &folded);
            let w = match found {
                Some((answer, need)) => Won {
                    answer: Some(answer),
                    bound: need,
                },
                None => Won {
                    answer: None,
                    bound: self.bound,
                },
            };
            self.won.insert(key.clone(), w);
        }
        match &self.won[&key].answer {
            Some(a) => {
                if let Some(u) = used {
                    u.lands.extend(folded.into_iter().map(Into::into));
                    u.extend(a);
                }
                true
            }
            None => false,
        }
    }

    /// A move from the lands `rest` (none listed alone) plus a heap of
    /// `x` (the lands `folded`, listed alone, beside them) to a known
    /// loss: in a land of `rest`, lowering the heap, or in a land of
    /// `folded`. What it used, and the largest sum couple's twice lives
    /// plus one.
    fn find_loss<S: Store + ?Sized>(
        &mut self,
        known: &mut S,
        rest: &[&[u8]],
        x: u8,
        folded: &[&[u8]],
    ) -> Option<(Used, u32)> {
        for i in 0..rest.len() {
            if i > 0 && rest[i] == rest[i - 1] {
                continue;
            }
            let mut found = None;
            self.each_child(rest[i], |this, c| {
                let mut t: Vec<&[u8]> = Vec::with_capacity(rest.len() + 2);
                t.extend_from_slice(&rest[..i]);
                t.extend_from_slice(&rest[i + 1..]);
                t.extend(lands_of(c));
                let mut u = Used::default();
                if let Some(need) = this.known_loss(known, &t, x, &mut u) {
                    found = Some((u, need));
                }
                found.is_some()
            });
            if found.is_some() {
                return found;
            }
        }
        for h in 0..x {
            let mut u = Used::default();
            if let Some(need) = self.known_loss(known, rest, h, &mut u) {
                return Some((u, need));
            }
        }
        for (i, &a) in folded.iter().enumerate() {
            if folded[..i].contains(&a) {
                continue;
            }
            let Some(NormalEntry::Nimber(k)) = known.get_normal(a) else {
                continue;
            };
            let mut found = None;
            self.each_child(a, |this, c| {
                let mut t: Vec<&[u8]> = Vec::with_capacity(rest.len() + 2);
                t.extend_from_slice(rest);
                t.extend(lands_of(c));
                let mut u = Used::default();
                if let Some(need) = this.known_loss(known, &t, x ^ k, &mut u) {
                    u.lands.push(a.into());
                    found = Some((u, need));
                }
                found.is_some()
            });
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// The couples (a land of unknown nimber and a heap) that would give
    /// the land plus a heap of `x` a move to a known loss: for each child
    /// with one land of unknown nimber, that land and the heap it would
    /// need (smallest land first; for messages).
    fn wanted<S: Store + ?Sized>(&mut self, known: &mut S, land: &[u8], x: u8) -> Vec<Wanted> {
        let kids = self.all_children(land);
        let mut w: Vec<(u32, Box<[u8]>, u8)> = kids
            .iter()
            .filter_map(|c| {
                let s = sum(known, c);
                (s.unknown == 1).then(|| (twice_lives(s.last), s.last.into(), s.x ^ x))
            })
            .collect();
        w.sort();
        w.dedup();
        w.into_iter()
            .map(|(_, l, heap)| Wanted {
                land: text_of(std::iter::once(&l[..])),
                heap,
            })
            .collect()
    }

    /// Checks a normal-play fact about a land against `known` (a fact about
    /// the land itself in `known` is never used: only facts about its
    /// children's lands and their children's, which have fewer lives).
    ///
    /// - `Nimber(n)`: every move from the land plus a heap of `n` is
    ///   answered: a child whose lands all have known nimbers must not give
    ///   `n`; a child with one land of unknown nimber must leave that land
    ///   with a heap it is known to win with (a `NotIn` fact) or can be seen
    ///   to win with (a move to lands of known nimbers that give that heap);
    ///   and every smaller heap is the value of some child of known
    ///   nimbers.
    /// - `NotIn(bits)`: for every heap in `bits`, some child's lands have
    ///   known nimbers that give it.
    pub fn check_normal<S: Store + ?Sized>(
        &mut self,
        known: &mut S,
        land: &Land,
        fact: NormalEntry,
    ) -> Result<(), Why> {
        let mut keys = Vec::new();
        simplify(parse_land_unchecked(land.as_bytes()), self.canon, &mut keys);
        let [key] = &keys[..] else {
            return Err(Why::NotOneLand { lands: keys.len() });
        };
        match fact {
            NormalEntry::Nimber(n) => self.check_nimber(known, key, n, None),
            NormalEntry::NotIn(bits) => self.check_not_in(known, key, bits),
        }
    }

    /// [`Self::check_normal`] of a nimber; with `used`, adds to it every
    /// land listed alone and every sum couple the check used (some
    /// repeatedly).
    pub(crate) fn check_nimber<S: Store + ?Sized>(
        &mut self,
        known: &mut S,
        land: &[u8],
        n: u8,
        mut used: Option<&mut Used>,
    ) -> Result<(), Why> {
        self.bound = twice_lives(land);
        let kids = self.all_children(land);
        let mut seen = [false; 256];
        let mut lands: Vec<&[u8]> = Vec::new();
        for c in kids.iter() {
            let s = sum(known, c);
            if s.unknown == 0 {
                if s.x == n {
                    return Err(Why::MovesToLoss {
                        child: text_of(lands_of(c)),
                    });
                }
                // A child stays answered only while all its lands stay
                // listed.
                if let Some(u) = used.as_deref_mut() {
                    u.lands.extend(lands_of(c).map(Into::into));
                }
                seen[s.x as usize] = true;
                continue;
            }
            let x = s.x ^ n;
            if s.unknown == 1
                && matches!(known.get_normal(s.last),
                    Some(NormalEntry::NotIn(bits)) if x < 64 && bits >> x & 1 == 1)
            {
                if let Some(u) = used.as_deref_mut() {
                    u.lands
                        .extend(lands_of(c).filter(|l| *l != s.last).map(Into::into));
                }
                continue;
            }
            lands.clear();
            lands.extend(lands_of(c));
            if !self.sums.is_empty()
                && self
                    .known_loss(known, &lands, n, &mut Used::default())
                    .is_some()
            {
                return Err(Why::MovesToLoss {
                    child: text_of(lands_of(c)),
                });
            }
            if self.refuted(known, &lands, n, used.as_deref_mut()) {
                continue;
            }
            return Err(if s.unknown == 1 {
                Why::Unanswered {
                    child: text_of(lands_of(c)),
                    land: text_of(std::iter::once(s.last)),
                    heap: x,
                    wanted: self.wanted(known, s.last, x),
                }
            } else {
                Why::Unknown {
                    child: text_of(lands_of(c)),
                    lands: lands_of(c)
                        .filter(|l| !matches!(known.get_normal(l), Some(NormalEntry::Nimber(_))))
                        .map(|l| text_of(std::iter::once(l)))
                        .collect(),
                }
            });
        }
        for h in 0..n {
            if seen[h as usize] {
                continue;
            }
            // A child that is a sum couple with this heap: its value.
            let mut found = false;
            if !self.sums.is_empty() {
                for c in kids.iter() {
                    lands.clear();
                    lands.extend(lands_of(c));
                    let mut u = Used::default();
                    if self.known_loss(known, &lands, h, &mut u).is_some() {
                        if let Some(d) = used.as_deref_mut() {
                            d.extend(&u);
                        }
                        found = true;
                        break;
                    }
                }
            }
            if !found {
                return Err(Why::HeapUnanswered {
                    heap: h,
                    wanted: self.wanted(known, land, h),
                });
            }
        }
        Ok(())
    }

    /// Checks a sum couple: the lands (as the line writes them, not all
    /// listed alone) plus a heap of `n` are a loss: every move (in one of
    /// its lands, or lowering the heap) leaves a position shown won
    /// ([`Self::refuted`]). Lands all listed alone: their heaps must give
    /// `n` (a derived claim). With `used`, adds what it used, and the lands
    /// listed alone that its key folds (its key stays its key only while
    /// they stay listed).
    pub(crate) fn check_sum<S: Store + ?Sized>(
        &mut self,
        known: &mut S,
        lands: &[&[u8]],
        n: u8,
        mut used: Option<&mut Used>,
    ) -> Result<(), Why> {
        let mut folded = Vec::new();
        let (rest, x) = fold(known, lands, n, &mut folded);
        if rest.is_empty() {
            return if x == 0 {
                Ok(())
            } else {
                Err(Why::SumValue { value: x ^ n })
            };
        }
        if let Some(u) = used.as_deref_mut() {
            u.lands.extend(folded.iter().map(|&l| l.into()));
        }
        self.bound = lives_of(lands);
        for i in 0..lands.len() {
            if lands[..i].contains(&lands[i]) {
                continue;
            }
            let kids = self.all_children(lands[i]);
            let mut t: Vec<&[u8]> = Vec::new();
            for c in kids.iter() {
                t.clear();
                t.extend_from_slice(&lands[..i]);
                t.extend_from_slice(&lands[i + 1..]);
                t.extend(lands_of(c));
                let child = |t: &[&[u8]]| text_of(t.iter().copied());
                if self
                    .known_loss(known, &t, n, &mut Used::default())
                    .is_some()
                {
                    return Err(Why::MovesToLoss { child: child(&t) });
                }
                if !self.refuted(known, &t, n, used.as_deref_mut()) {
                    return Err(Why::NotRefuted {
                        child: child(&t),
                        heap: n,
                    });
                }
            }
        }
        for h in 0..n {
            if !self.refuted(known, lands, h, used.as_deref_mut()) {
                return Err(Why::NotRefuted {
                    child: text_of(lands.iter().copied()),
                    heap: h,
                });
            }
        }
        Ok(())
    }

    fn check_not_in<S: Store + ?Sized>(
        &mut self,
        known: &mut S,
        land: &[u8],
        bits: u64,
    ) -> Result<(), Why> {
        let mut need = bits;
        self.each_child(land, |_, c| {
            let s = sum(known, c);
            if s.unknown == 0 && s.x < 64 {
                need &= !(1u64 << s.x);
            }
            need == 0
        });
        if need == 0 {
            Ok(())
        } else {
            Err(Why::NoWinningMove {
                heap: need.trailing_zeros() as u8,
            })
        }
    }

    /// Whether a normal-play fact about a land is false if what `known`
    /// holds about its children (and theirs) is true: a nimber `n` with a
    /// heap below it that every child is shown not to give (its lands'
    /// known nimbers give another heap, or its one land of unknown nimber
    /// wins beside the rest, as [`Self::check_normal`] answers a move), so
    /// the nimber is at most that heap; heaps said not to be the nimber,
    /// one of which is shown to be it. A child that gives the nimber
    /// claimed is a contradiction [`Self::check_normal`] reports itself. A
    /// fact that is neither shown nor refuted rests on something unknown.
    ///
    /// ```
    /// use sprouts::solve::{Land, MemoryStore, NormalEntry, PseudoCanon, Verifier};
    /// // `1.` moves only to the end (nimber 0): its nimber is 1.
    /// let one: Land = "1.".parse().unwrap();
    /// let mut v = Verifier::new(&PseudoCanon);
    /// let mut known = MemoryStore::default();
    /// assert!(v.refutes_normal(&mut known, &one, NormalEntry::Nimber(2)));
    /// assert!(v.refutes_normal(&mut known, &one, NormalEntry::NotIn(0b10)));
    /// assert!(!v.refutes_normal(&mut known, &one, NormalEntry::NotIn(0b101)));
    /// assert!(!v.refutes_normal(&mut known, &one, NormalEntry::Nimber(1)));
    /// // `0.0` moves to lands not known here: nothing is refuted.
    /// let two: Land = "0.0".parse().unwrap();
    /// assert!(!v.refutes_normal(&mut known, &two, NormalEntry::Nimber(3)));
    /// ```
    pub fn refutes_normal<S: Store + ?Sized>(
        &mut self,
        known: &mut S,
        land: &Land,
        fact: NormalEntry,
    ) -> bool {
        let mut keys = Vec::new();
        simplify(parse_land_unchecked(land.as_bytes()), self.canon, &mut keys);
        let [key] = &keys[..] else {
            return true;
        };
        match fact {
            // A heap below `n` no child gives: the nimber is at most that
            // heap.
            NormalEntry::Nimber(n) => {
                let kids = self.all_children(key);
                (0..n).any(|h| kids.iter().all(|c| self.not_given(known, c, h)))
            }
            // The nimber shown to be one of the heaps said not to be it.
            NormalEntry::NotIn(bits) => (0..64u8)
                .filter(|h| bits >> h & 1 == 1)
                .any(|h| self.check_nimber(known, key, h, None).is_ok()),
        }
    }

    /// Whether the child `c` (its lands) is shown not to have the nimber
    /// `h`: its lands' known nimbers give another, or its one land of
    /// unknown nimber, with the heap the others leave and `h`, is a known
    /// win (stored, or a move to a known loss).
    fn not_given<S: Store + ?Sized>(&mut self, known: &mut S, c: &[u8], h: u8) -> bool {
        let s = sum(known, c);
        match s.unknown {
            0 => s.x != h,
            1 => {
                let x = s.x ^ h;
                matches!(known.get_normal(s.last),
                    Some(NormalEntry::NotIn(bits)) if x < 64 && bits >> x & 1 == 1)
                    || self.refuted(known, &[s.last], x, None)
            }
            _ => false,
        }
    }

    /// Whether a misère outcome of a position is false if what `known`
    /// holds about its children is true: a loss with a child stored as a
    /// loss, a win whose every child is stored as a win.
    ///
    /// ```
    /// use sprouts::solve::{Land, MemoryStore, PseudoCanon, Verifier};
    /// let one: Land = "1.".parse().unwrap();
    /// let mut v = Verifier::new(&PseudoCanon);
    /// // Its one move ends the game, a win for the player then to move.
    /// assert!(v.refutes_misere(&mut MemoryStore::default(), &[one.clone()], true));
    /// assert!(!v.refutes_misere(&mut MemoryStore::default(), &[one], false));
    /// ```
    pub fn refutes_misere<S: Store + ?Sized>(
        &mut self,
        known: &mut S,
        lands: &[Land],
        win: bool,
    ) -> bool {
        // The other outcome shown is this one refuted.
        self.check_misere(known, lands, !win).is_ok()
            || self
                .check_misere(known, lands, win)
                .is_err_and(|why| why.contradicts())
    }

    /// Checks a misère outcome of a position (its lands) against the
    /// stored outcomes of its children: a win needs a child stored as a
    /// loss, a loss needs every child stored as a win; with no move left
    /// the player to move wins.
    ///
    /// ```
    /// use sprouts::solve::{Land, MemoryStore, PseudoCanon, Verifier};
    /// let one: Land = "1.".parse().unwrap();
    /// let mut v = Verifier::new(&PseudoCanon);
    /// // One move, to the end, where the player to move wins: a loss.
    /// assert!(v.check_misere(&mut MemoryStore::default(), &[one.clone()], false).is_ok());
    /// assert!(v.check_misere(&mut MemoryStore::default(), &[one], true).is_err());
    /// ```
    pub fn check_misere<S: Store + ?Sized>(
        &mut self,
        known: &mut S,
        lands: &[Land],
        win: bool,
    ) -> Result<(), Why> {
        // The lands as the move generator needs them (simplified: a
        // stored key may be anything the key reader accepts).
        let mut keys = Vec::new();
        for l in lands {
            simplify(parse_land_unchecked(l.as_bytes()), self.canon, &mut keys);
        }
        keys.sort_unstable();
        let lands: Vec<Land> = keys.into_iter().map(Land::from_key).collect();
        if lands.is_empty() {
            return if win { Ok(()) } else { Err(Why::MisereEnd) };
        }
        let mut next: Vec<Vec<u8>> = Vec::new();
        for i in 0..lands.len() {
            let kids = self.all_children(lands[i].as_bytes());
            for c in kids.iter() {
                next.clear();
                next.extend(lands[..i].iter().map(|l| l.as_bytes().to_vec()));
                next.extend(lands[i + 1..].iter().map(|l| l.as_bytes().to_vec()));
                next.extend(lands_of(c).map(<[u8]>::to_vec));
                next.sort_unstable();
                let child = || text_of(next.iter().map(Vec::as_slice));
                // No move left: the player to move wins.
                let outcome = if next.is_empty() {
                    Some(true)
                } else {
                    known.get_misere(&position_key(&next))
                };
                match (outcome, win) {
                    (Some(false), true) => return Ok(()),
                    (Some(false), false) => return Err(Why::MisereChildLoss { child: child() }),
                    (None, false) => return Err(Why::MisereUnknown { child: child() }),
                    _ => {}
                }
            }
        }
        if win { Err(Why::MisereNoLoss) } else { Ok(()) }
    }
}

/// A couple read and split into lands with the check's land keys: what
/// [`Verifier::check_line`] checks. [`Certificate::check`] prepares every
/// line; a checker of a file too large to hold prepares them as it reads
/// (and keeps them on disk).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prepared {
    /// Its line (from 1).
    pub number: usize,
    /// Its lands, keys of the land keys it was prepared with.
    pub lands: Vec<Land>,
    /// The heap.
    pub heap: u8,
    /// The couple in GLOP 2, as a message names it.
    pub couple: String,
}

impl Prepared {
    /// Reads a couple's position (GLOP 2 in this program's certificates,
    /// `ours`; any notation in another's) and splits it into lands with
    /// these keys.
    ///
    /// ```
    /// use sprouts::solve::{Couple, Prepared, PseudoCanon};
    /// let c = Couple { number: 7, position: "0.AB|AB".into(), heap: 0 };
    /// let p = Prepared::new(&c, true, &PseudoCanon).unwrap();
    /// assert_eq!((p.number, p.lands.len(), p.couple.as_str()), (7, 1, "0.AB|AB 0"));
    /// ```
    pub fn new<C: LandCanon + ?Sized>(
        l: &Couple,
        ours: bool,
        canon: &C,
    ) -> Result<Prepared, CheckError> {
        let fail = |couple: String, why: Why| CheckError {
            line: l.number,
            couple,
            why,
        };
        let pos = read_position(&l.position, ours).map_err(|e| {
            fail(
                format!("{} {}", quoted(&l.position), l.heap),
                Why::Unreadable(e),
            )
        })?;
        let couple = format!("{} {}", pos.to_glop2(), l.heap);
        let lands = decompose_with(&pos, canon).map_err(|e| {
            fail(
                format!("{} {}", l.position, l.heap),
                Why::Unreadable(e.to_string()),
            )
        })?;
        Ok(Prepared {
            number: l.number,
            lands,
            heap: l.heap,
            couple,
        })
    }

    /// Twice its lands' lives: lines are checked in this order (then by
    /// line), so that a line's check rests on lines checked before it.
    pub fn twice_lives(&self) -> u32 {
        self.lands.iter().map(|l| twice_lives(l.as_bytes())).sum()
    }
}

/// Reads a position text of a line: GLOP 2 in this program's certificates,
/// any position notation (detected; a `!` at the end, as SPOTS may write,
/// dropped) in another program's.
pub(super) fn read_position(text: &str, ours: bool) -> Result<Position, String> {
    if ours {
        return glop2::parse_position(text).map_err(|e| e.to_string());
    }
    let notation = PositionNotation::detect(text);
    let text = match notation {
        PositionNotation::Glop1 => text,
        _ => text.strip_suffix('!').unwrap_or(text),
    };
    PositionNotation::detect(text)
        .parse(text)
        .map_err(|e| e.to_string())
}

impl Certificate {
    /// [`Certificate::check`] with the keys the certificate asks for:
    /// exact ones for another program's list or a certificate with `keys:
    /// exact` ([`Certificate::exact_keys`]), the solver's own otherwise.
    ///
    /// ```
    /// use sprouts::solve::Certificate;
    /// // `1` (a spot with 2 lives) has nimber 1, checked with exact keys.
    /// let c: Certificate = "sprouts certificate 1\nkeys: exact\n[Positions+Nimber]\n1 1\n".parse().unwrap();
    /// assert_eq!(c.check_with_own_keys(&mut |_, _| {}).unwrap().lines, 1);
    /// ```
    pub fn check_with_own_keys(
        &self,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<Checked, CheckError> {
        if self.exact_keys() {
            self.check(&ExactCanon, progress)
        } else {
            self.check(&PseudoCanon, progress)
        }
    }

    /// Checks the certificate with these land keys ([`PseudoCanon`] for
    /// this program's certificates; [`ExactCanon`], slower, finds a land
    /// however another program writes it): every line holds against the
    /// others (docs/certificates.md#check), and the header's position has
    /// the nimber claimed. `progress` is told (lines checked, lines) as it
    /// goes. Lines are checked smallest land first, and the first that does
    /// not hold is the error: its check uses only smaller lands, which all
    /// hold, so it is the one to blame (the line whose heap is wrong, not
    /// the larger lines that rely on it).
    ///
    /// [`PseudoCanon`]: super::super::PseudoCanon
    /// [`ExactCanon`]: super::super::ExactCanon
    ///
    /// ```
    /// use sprouts::solve::{Certificate, PseudoCanon};
    /// // `1` (a spot with 2 lives) has one move, to the end: nimber 1.
    /// let good: Certificate = "[Positions+Nimber]\n1 1\n".parse().unwrap();
    /// assert_eq!(good.check(&PseudoCanon, &mut |_, _| {}).unwrap().lines, 1);
    /// let bad: Certificate = "[Positions+Nimber]\n1 0\n".parse().unwrap();
    /// let e = bad.check(&PseudoCanon, &mut |_, _| {}).unwrap_err();
    /// assert_eq!(
    ///     e.to_string(),
    ///     "line 2: 1 0 does not hold: the move to (no live region) leaves a loss for the opponent (its lands' known nimbers and the heap give 0)"
    /// );
    /// ```
    pub fn check<C: LandCanon + ?Sized>(
        &self,
        canon: &C,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<Checked, CheckError> {
        let mut known = MemoryStore::default();
        let mut first: FxHashMap<Box<[u8]>, (u8, usize)> = FxHashMap::default();
        let mut read = Vec::with_capacity(self.lines.len());
        let mut nimbers = Vec::new();
        for l in &self.lines {
            let r = Prepared::new(l, self.ours, canon)?;
            if let [land] = &r.lands[..] {
                match first.get(land.as_bytes()) {
                    Some(&(heap, line)) if heap != l.heap => {
                        return Err(CheckError {
                            line: l.number,
                            couple: r.couple,
                            why: Why::Twice { line, heap },
                        });
                    }
                    Some(_) => {}
                    None => {
                        first.insert(land.as_bytes().into(), (l.heap, l.number));
                        known.put_normal(land.as_bytes(), NormalEntry::Nimber(l.heap));
                        nimbers.push((land.clone(), l.heap));
                    }
                }
            }
            read.push(r);
        }
        // Smallest lands first: the first line that fails then rests on no
        // line that fails (a couple's check uses smaller lands only), so it
        // is the one to blame.
        read.sort_by_cached_key(|r| (r.twice_lives(), r.number));
        let mut v = Verifier::new(canon);
        let total = read.len();
        for (i, r) in read.iter().enumerate() {
            v.check_line(&mut known, r)?;
            progress(i + 1, total);
        }
        let claim = match (&self.position, self.nimber) {
            (Some((text, line)), Some(nimber)) => {
                Some(v.check_claim(&mut known, text, *line, nimber)?)
            }
            (Some((text, line)), None) if self.win => Some(v.check_win(&mut known, text, *line)?),
            _ => None,
        };
        Ok(Checked {
            lines: read.len(),
            children: v.children(),
            claim,
            nimbers,
        })
    }
}

impl Certificate {
    /// The numbers of the lines a check of the header's claim uses, found
    /// from the claim down with these keys (a line that no check on the
    /// way needs is not among them): what is left of a proof once lines
    /// that served only lines dropped since are taken out. The lines it
    /// walks through are checked on the way; the caller checks what it
    /// keeps.
    pub(crate) fn lines_used<C: LandCanon + ?Sized>(
        &self,
        canon: &C,
    ) -> Result<FxHashSet<usize>, CheckError> {
        let mut known = MemoryStore::default();
        let mut line_of: FxHashMap<Box<[u8]>, (u8, usize)> = FxHashMap::default();
        let mut v = Verifier::new(canon);
        let mut sums: std::collections::BTreeMap<usize, Prepared> = Default::default();
        for l in &self.lines {
            let r = Prepared::new(l, self.ours, canon)?;
            match &r.lands[..] {
                [land] => {
                    line_of
                        .entry(land.as_bytes().into())
                        .or_insert((l.heap, l.number));
                    known.put_normal(land.as_bytes(), NormalEntry::Nimber(l.heap));
                }
                _ => {
                    sums.insert(l.number, r);
                }
            }
        }
        for r in sums.values() {
            let lands: Vec<&[u8]> = r.lands.iter().map(Land::as_bytes).collect();
            v.add_sum(&mut known, &lands, r.heap, r.number);
        }
        let mut used = Used::default();
        if let Some((text, line)) = &self.position {
            let fail = |why: Why| CheckError {
                line: *line,
                couple: quoted(text),
                why,
            };
            let pos =
                glop2::parse_position(text).map_err(|e| fail(Why::Unreadable(e.to_string())))?;
            let lands =
                decompose_with(&pos, canon).map_err(|e| fail(Why::Unreadable(e.to_string())))?;
            let lands: Vec<&[u8]> = lands.iter().map(Land::as_bytes).collect();
            v.bound = u32::MAX;
            match self.nimber {
                Some(n) => {
                    v.known_loss(&mut known, &lands, n, &mut used);
                }
                None => {
                    v.refuted(&mut known, &lands, 0, Some(&mut used));
                }
            }
        }
        let mut kept: FxHashSet<usize> = FxHashSet::default();
        loop {
            let lands = std::mem::take(&mut used.lands);
            let keys = std::mem::take(&mut used.sums);
            if lands.is_empty() && keys.is_empty() {
                return Ok(kept);
            }
            for l in lands {
                let Some(&(n, line)) = line_of.get(&l) else {
                    continue;
                };
                if kept.insert(line) {
                    v.check_nimber(&mut known, &l, n, Some(&mut used))
                        .map_err(|why| CheckError {
                            line,
                            couple: format!("{} {n}", Land::from_key(l.to_vec())),
                            why,
                        })?;
                }
            }
            for key in keys {
                let Some(&(_, line)) = v.sums().get(&key) else {
                    continue;
                };
                let Some(r) = sums.get(&line) else {
                    continue;
                };
                if kept.insert(line) {
                    let lands: Vec<&[u8]> = r.lands.iter().map(Land::as_bytes).collect();
                    v.check_sum(&mut known, &lands, r.heap, Some(&mut used))
                        .map_err(|why| CheckError {
                            line,
                            couple: r.couple.clone(),
                            why,
                        })?;
                }
            }
        }
    }
}

impl<C: LandCanon + ?Sized> Verifier<'_, C> {
    /// Checks one line against the nimbers `known` lists (each line's
    /// land with its heap; docs/certificates.md#check). A line whose check
    /// needs only smaller lands: checked smallest first
    /// ([`Prepared::twice_lives`], then line), the first that fails is the
    /// one to blame.
    pub fn check_line<S: Store + ?Sized>(
        &mut self,
        known: &mut S,
        r: &Prepared,
    ) -> Result<(), CheckError> {
        let result = match &r.lands[..] {
            [land] => self.check_nimber(known, land.as_bytes(), r.heap, None),
            lands => {
                let lands: Vec<&[u8]> = lands.iter().map(Land::as_bytes).collect();
                self.check_sum(known, &lands, r.heap, None).map(|()| {
                    self.add_sum(known, &lands, r.heap, r.number);
                })
            }
        };
        result.map_err(|why| CheckError {
            line: r.number,
            couple: r.couple.clone(),
            why,
        })
    }

    /// Checks a claim that the position (on header line `line`) is a win
    /// for the player to move: some move reaches a known loss (lands whose
    /// listed nimbers give 0, or a sum couple), or its lands are all listed
    /// and their nimbers do not give 0.
    pub fn check_win<S: Store + ?Sized>(
        &mut self,
        known: &mut S,
        text: &str,
        line: usize,
    ) -> Result<Claim, CheckError> {
        let fail = |why: Why| CheckError {
            line,
            couple: format!("position {} outcome win", quoted(text)),
            why,
        };
        let pos = glop2::parse_position(text).map_err(|e| fail(Why::Unreadable(e.to_string())))?;
        let lands =
            decompose_with(&pos, self.canon).map_err(|e| fail(Why::Unreadable(e.to_string())))?;
        let lands: Vec<&[u8]> = lands.iter().map(Land::as_bytes).collect();
        // Every line holds by now: every sum couple may be used.
        self.bound = u32::MAX;
        if self.refuted(known, &lands, 0, None) {
            return Ok(Claim {
                position: text.to_string(),
                nimber: 1,
                win_only: true,
            });
        }
        Err(fail(Why::NoWinningMove { heap: 0 }))
    }

    /// Checks a certificate's claim (its header's position, on line
    /// `line`, has this nimber): its lands' listed nimbers give it, or
    /// (nimber 0) the position is a sum couple listed.
    pub fn check_claim<S: Store + ?Sized>(
        &mut self,
        known: &mut S,
        text: &str,
        line: usize,
        nimber: u8,
    ) -> Result<Claim, CheckError> {
        let e = match check_claim(known, self.canon, text, line, nimber) {
            Ok(c) => return Ok(c),
            Err(e) => e,
        };
        if nimber == 0 && matches!(e.why, Why::SumUnlisted { .. }) {
            let pos = glop2::parse_position(text).map_err(|_| e.clone())?;
            let lands = decompose_with(&pos, self.canon).map_err(|_| e.clone())?;
            let lands: Vec<&[u8]> = lands.iter().map(Land::as_bytes).collect();
            self.bound = u32::MAX;
            if self
                .known_loss(known, &lands, 0, &mut Used::default())
                .is_some()
            {
                return Ok(Claim {
                    position: text.to_string(),
                    nimber,
                    win_only: false,
                });
            }
        }
        Err(e)
    }

    /// Forgets the couples found won (a memory that only saves work:
    /// a checker of a large file keeps it bounded so).
    pub fn forget_won(&mut self) {
        self.won.clear();
    }

    /// How many couples found won (or not) are remembered.
    pub fn remembered(&self) -> usize {
        self.won.len()
    }
}

/// Checks a certificate's claim (its header's position, on line `line`,
/// has this nimber) against the nimbers `known` lists.
///
/// ```
/// use sprouts::solve::{MemoryStore, NormalEntry, PseudoCanon, Store, check_claim, decompose};
/// let mut known = MemoryStore::default();
/// let pos = sprouts::notation::glop2::parse_position("1").unwrap();
/// let one = decompose(&pos).unwrap();
/// known.put_normal(one[0].as_bytes(), NormalEntry::Nimber(1));
/// assert_eq!(check_claim(&mut known, &PseudoCanon, "1", 3, 1).unwrap().nimber, 1);
/// assert_eq!(check_claim(&mut known, &PseudoCanon, "1", 3, 0).unwrap_err().line, 3);
/// ```
pub fn check_claim<S: Store + ?Sized, C: LandCanon + ?Sized>(
    known: &mut S,
    canon: &C,
    text: &str,
    line: usize,
    nimber: u8,
) -> Result<Claim, CheckError> {
    let fail = |why: Why| CheckError {
        line,
        couple: format!("position {} nimber {nimber}", quoted(text)),
        why,
    };
    let pos = glop2::parse_position(text).map_err(|e| fail(Why::Unreadable(e.to_string())))?;
    let lands = decompose_with(&pos, canon).map_err(|e| fail(Why::Unreadable(e.to_string())))?;
    sum_holds(known, &lands, nimber).map_err(fail)?;
    Ok(Claim {
        position: text.to_string(),
        nimber,
        win_only: false,
    })
}

/// Whether the listed nimbers of these lands give `heap` (a line of
/// several lands, or the claim).
fn sum_holds<S: Store + ?Sized>(known: &mut S, lands: &[Land], heap: u8) -> Result<(), Why> {
    let mut x = 0u8;
    for l in lands {
        match known.get_normal(l.as_bytes()) {
            Some(NormalEntry::Nimber(k)) => x ^= k,
            _ => {
                return Err(Why::SumUnlisted {
                    land: l.to_string(),
                });
            }
        }
    }
    if x == heap {
        Ok(())
    } else {
        Err(Why::SumValue { value: x })
    }
}
