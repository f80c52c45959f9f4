//! What the move readers share when they resolve a text against a position.

use std::collections::{HashMap, HashSet};
use std::fmt;

use crate::model::{Move, MoveError, Position, Region, Spot};
use crate::notation::cursor::numbers;
use crate::notation::error::{Illegal, ResolveError};

/// Checks the parts every move text has: the new spot is the next one, and
/// the two ends exist and have the lives the move needs.
pub(crate) fn check_ends(pos: &Position, from: Spot, new: Spot, to: Spot) -> Result<(), Illegal> {
    let next = pos.next_spot();
    if new != next {
        return Err(Illegal::NewSpot { next, new });
    }
    for s in [from, to] {
        if s == 0 || s >= next {
            return Err(Illegal::NoSpot(s));
        }
    }
    for s in [from, to] {
        if !pos.is_live(s) {
            return Err(Illegal::Dead(s));
        }
    }
    if from == to && pos.spot_lives(from) < 2 {
        return Err(Illegal::LoopOnOneLife(from));
    }
    Ok(())
}

/// The one move the readers' rules left, or the error that lists the moves
/// left (each in the notation's canonical text, sorted) and what the text
/// should add to choose (`hint`, possibly empty).
pub(crate) fn one_or_ambiguous<T: fmt::Display>(
    pos: &Position,
    mut moves: Vec<Move>,
    hint: impl Into<String>,
    write: impl Fn(&Position, &Move) -> Result<T, MoveError>,
) -> Result<Move, ResolveError> {
    if moves.len() == 1 {
        return Ok(moves.pop().expect("one"));
    }
    let mut texts: Vec<String> = moves
        .iter()
        .map(|m| write(pos, m).map_or_else(|e| e.to_string(), |t| t.to_string()))
        .collect();
    texts.sort();
    Err(ResolveError::ambiguous(texts).with_hint(hint))
}

/// The boundary (index) of every spot of a region, in one pass.
pub(crate) fn spot_boundaries(region: &Region) -> HashMap<Spot, usize> {
    let mut map = HashMap::new();
    for (bi, b) in region.boundaries().iter().enumerate() {
        for &s in b.sites() {
            map.entry(s).or_insert(bi);
        }
    }
    map
}

/// The canonical choice among the texts that may name a move: in order of
/// preference (fewest characters, then the lowest numbers in reading order,
/// then `tie`), the first text for which `names_move` holds, that is, the
/// first that resolves back to exactly the move. Repeated texts are tried
/// once. `None` only when there is no option at all; when no option names
/// the move (not reached for positions reached by play, property-tested),
/// the least preferred, fullest text.
/// How a candidate text ranks: length, numbers in reading order, tie-break.
type Preference<K> = (usize, Vec<u64>, K);

pub(crate) fn canonical<T: fmt::Display, K: Ord>(
    options: impl IntoIterator<Item = T>,
    tie: impl Fn(&T, &str) -> K,
    names_move: impl Fn(&T) -> bool,
) -> Option<T> {
    let mut keyed: Vec<(Preference<K>, String, T)> = options
        .into_iter()
        .map(|o| {
            let text = o.to_string();
            ((text.len(), numbers(&text), tie(&o, &text)), text, o)
        })
        .collect();
    // Stable: among equally preferred texts the first given is tried first.
    keyed.sort_by(|a, b| a.0.cmp(&b.0));
    let mut seen = HashSet::new();
    let mut last = None;
    for (_, text, o) in keyed {
        if !seen.insert(text) {
            continue;
        }
        if names_move(&o) {
            return Some(o);
        }
        last = Some(o);
    }
    last
}
