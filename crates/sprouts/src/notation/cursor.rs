//! A small cursor over move text, shared by the move readers, and the spot
//! lists (`[5,7,10-12]`) that WGOSA and LHP moves end with.

use std::fmt;

use super::error::SyntaxError;
use crate::model::{MAX_SPOT, Spot};

/// One item of a spot list: a spot or a range `a-b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ListItem {
    /// A single spot.
    Spot(Spot),
    /// The spots `a..=b`.
    Range(Spot, Spot),
}

/// The spots of a list, ranges expanded, sorted, without repeats. Ranges
/// are merged as intervals before anything is expanded, so the result never
/// holds more than one entry per spot named (at most [`MAX_SPOT`] entries,
/// whatever the number of items).
pub(crate) fn expand(list: Option<&[ListItem]>) -> Vec<Spot> {
    let mut intervals: Vec<(Spot, Spot)> = list
        .into_iter()
        .flatten()
        .map(|item| match *item {
            ListItem::Spot(s) => (s, s),
            ListItem::Range(a, b) => (a.min(b), a.max(b)),
        })
        .collect();
    intervals.sort_unstable();
    let mut v: Vec<Spot> = Vec::new();
    for (a, b) in intervals {
        let from = match v.last() {
            Some(&last) if last >= b => continue,
            Some(&last) if last >= a => last + 1,
            _ => a,
        };
        v.extend(from..=b);
    }
    v
}

/// The listed spots of a move in a position whose next spot is `next`, or
/// the first number of an item that is not a spot of it (for a range that
/// runs past the last spot, the first spot it names that does not exist).
/// Checked before anything
/// is expanded, so that a list costs time and memory linear in its text and
/// the position, never in the numbers written.
pub(crate) fn expand_within(list: Option<&[ListItem]>, next: Spot) -> Result<Vec<Spot>, Spot> {
    for item in list.into_iter().flatten() {
        let (a, b) = match *item {
            ListItem::Spot(s) => (s, s),
            ListItem::Range(a, b) => (a.min(b), a.max(b)),
        };
        if a == 0 {
            return Err(0);
        }
        if b >= next {
            return Err(a.max(next));
        }
    }
    Ok(expand(list))
}

/// A sorted list of spots as written canonically: ranges for runs of three
/// or more, commas for runs of two.
pub(crate) fn compress(spots: &[Spot]) -> Vec<ListItem> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < spots.len() {
        let mut j = i;
        while j + 1 < spots.len() && spots[j + 1] == spots[j] + 1 {
            j += 1;
        }
        if j - i >= 2 {
            out.push(ListItem::Range(spots[i], spots[j]));
        } else {
            out.extend(spots[i..=j].iter().map(|&s| ListItem::Spot(s)));
        }
        i = j + 1;
    }
    out
}

/// Writes `[a,b-c,...]`.
pub(crate) fn write_list(f: &mut fmt::Formatter<'_>, list: &[ListItem]) -> fmt::Result {
    f.write_str("[")?;
    for (k, item) in list.iter().enumerate() {
        if k > 0 {
            f.write_str(",")?;
        }
        match item {
            ListItem::Spot(s) => write!(f, "{s}")?,
            ListItem::Range(a, b) => write!(f, "{a}-{b}")?,
        }
    }
    f.write_str("]")
}

/// The numbers of a text in reading order: the "lowest numbers" part of the
/// canonical writers' preference.
pub(crate) fn numbers(text: &str) -> Vec<u64> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().unwrap_or(u64::MAX))
        .collect()
}

pub(crate) struct Cursor<'a> {
    pub(crate) text: &'a str,
    pub(crate) at: usize,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        Cursor { text, at: 0 }
    }
    pub(crate) fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }
    pub(crate) fn found(&self) -> Option<char> {
        self.text.get(self.at..).and_then(|t| t.chars().next())
    }
    pub(crate) fn eat(&mut self, b: u8) -> bool {
        let hit = self.peek() == Some(b);
        self.at += usize::from(hit);
        hit
    }
    pub(crate) fn expect(&mut self, b: u8, what: &str) -> Result<(), SyntaxError> {
        if self.eat(b) {
            Ok(())
        } else {
            Err(SyntaxError::new(self.at, what, self.found()))
        }
    }
    pub(crate) fn error(&self, what: &str) -> SyntaxError {
        SyntaxError::new(self.at, what, self.found())
    }
    pub(crate) fn number(&mut self) -> Result<Spot, SyntaxError> {
        let start = self.at;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.at += 1;
        }
        if start == self.at {
            return Err(SyntaxError::new(start, "a spot number", self.found()));
        }
        self.text[start..self.at]
            .parse::<Spot>()
            .ok()
            .filter(|&n| n < MAX_SPOT)
            .ok_or_else(|| {
                SyntaxError::new(
                    start,
                    format!("a spot number below {MAX_SPOT}"),
                    self.text[start..].chars().next(),
                )
            })
    }
    /// After `[`: items up to and including `]`.
    pub(crate) fn list_rest(&mut self) -> Result<Vec<ListItem>, SyntaxError> {
        let mut items = Vec::new();
        if self.eat(b']') {
            return Ok(items);
        }
        loop {
            let a = self.number()?;
            if self.eat(b'-') {
                items.push(ListItem::Range(a, self.number()?));
            } else {
                items.push(ListItem::Spot(a));
            }
            if self.eat(b']') {
                return Ok(items);
            }
            self.expect(b',', "',' or ']' in the list")?;
        }
    }
    /// The end of the text, or an error.
    pub(crate) fn end(&self) -> Result<(), SyntaxError> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(self.error("the end of the move")),
        }
    }
}

/// Parses a trimmed move text with `body`, shifting error offsets back to
/// the untrimmed text.
pub(crate) fn parse_trimmed<T>(
    s: &str,
    body: impl FnOnce(&mut Cursor<'_>) -> Result<T, SyntaxError>,
) -> Result<T, SyntaxError> {
    let lead = s.len() - s.trim_start().len();
    let mut c = Cursor::new(s.trim());
    body(&mut c).map_err(|e| e.shifted(lead))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The list expanded one spot at a time, for comparison.
    fn naive(list: &[ListItem]) -> Vec<Spot> {
        let mut v = Vec::new();
        for item in list {
            match *item {
                ListItem::Spot(s) => v.push(s),
                ListItem::Range(a, b) => v.extend(a.min(b)..=a.max(b)),
            }
        }
        v.sort_unstable();
        v.dedup();
        v
    }

    fn item() -> impl Strategy<Value = ListItem> {
        prop_oneof![
            (0u32..40).prop_map(ListItem::Spot),
            (0u32..40, 0u32..40).prop_map(|(a, b)| ListItem::Range(a, b)),
        ]
    }

    proptest! {
        #[test]
        fn expand_is_the_naive_union(list in proptest::collection::vec(item(), 0..12), next in 1u32..45) {
            let want = naive(&list);
            prop_assert_eq!(expand(Some(&list)), want.clone());
            let within = expand_within(Some(&list), next);
            match want.iter().find(|&&s| s == 0 || s >= next) {
                None => prop_assert_eq!(within, Ok(want)),
                Some(_) => prop_assert!(within.is_err()),
            }
        }
    }

    #[test]
    fn hostile_lists_cost_nothing() {
        // 6,000 copies of a range of a million spots: refused before any
        // expansion, naming the first spot that does not exist.
        let list = vec![ListItem::Range(2, MAX_SPOT - 1); 6000];
        assert_eq!(expand_within(Some(&list), 5), Err(5));
        assert_eq!(expand_within(Some(&[ListItem::Range(9, 7)]), 5), Err(7));
        assert_eq!(expand_within(Some(&[ListItem::Spot(0)]), 5), Err(0));
        // Expanded anyway, the copies merge: one entry per spot.
        assert_eq!(expand(Some(&list)).len(), (MAX_SPOT - 2) as usize);
    }
}
