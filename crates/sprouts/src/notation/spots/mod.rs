//! SPOTS's position notation (docs/notations.md#spots): the strings the
//! SPOTS solver (Čížek, Balko & Schmid) writes in its databases, as
//! `1a1a.1aAa|2A` or `0*12`.
//!
//! The separators are GLOP 2's (`.` boundary, `|` region, `+` land) and a
//! `!` may end the position (alone, it is the position with no live
//! region). Sites: `0`, `1`, `2` as in GLOP; a lower-case letter `a` to `l`
//! names a spot listed twice on one boundary, and is local to that
//! boundary (another boundary of the same region may use it again); an
//! upper-case letter `A` to `Y` names a spot listed in two regions, local to
//! its land. Past `l` and `Y`, SPOTS writes `m(13)`, `m(14)`, ... and
//! `n(26)`, ... (every letter of that case in the position then so: `m(1)`
//! is `a`). `0*N` stands for N lone spots, each its own boundary.
//!
//! [`parse_position`] reads any such string; [`Position::to_spots`] writes a
//! position as SPOTS names it: simplified and ordered by SPOTS's own rules
//! (its `Position::simplify`), so that SPOTS finds it in a database.
//!
//! ```
//! use sprouts::notation::spots;
//! let p = spots::parse_position("1a1a.1aAa|2A").unwrap();
//! assert_eq!(p.to_glop2(), "1a1a.1bAb|2A");
//! assert_eq!(p.to_spots().unwrap(), "1a1a.1aAa|2A");
//! assert_eq!(spots::parse_position("0*3!").unwrap().to_spots().unwrap(), "0*3");
//! ```

mod write;

use std::collections::HashMap;

use crate::model::Position;
use crate::notation::error::{Invalid, PositionTextError, SyntaxError};
use crate::notation::glop_text::letters::{Item, TextLand, match_letters, shape_to_position};
use crate::notation::glop_text::lex::{MAX_SITES, too_many_sites};

pub(crate) use write::spots_text;

/// The most letters of one case SPOTS names (`m(200)`, `n(200)`).
pub const MAX_LETTERS: u32 = 200;

/// Reads a position in SPOTS's notation. White space around the text is
/// ignored; the empty text and `!` are the position with no live region.
///
/// ```
/// use sprouts::notation::spots;
/// assert_eq!(spots::parse_position("0*3").unwrap().to_hoey(), "1;2;3");
/// assert_eq!(spots::parse_position("m(1)2m(1)").unwrap().to_glop2(), "a2a");
/// let e = spots::parse_position("1a2").unwrap_err();
/// assert_eq!(e.to_string(), "invalid position: letter a at byte 1 is listed 1 time on its boundary (a lower-case letter names a spot listed twice on one boundary)");
/// let e = spots::parse_position("0.0!0").unwrap_err();
/// assert_eq!(e.to_string(), "at byte 3: expected '.', '|', '+', or '!' at the end, found '!'");
/// ```
pub fn parse_position(text: &str) -> Result<Position, PositionTextError> {
    let (lands, names) = read(text)?;
    let shape = match_letters(lands, &names, 0, false)?;
    shape_to_position(&shape)
}

/// A letter as the text names it: lower case (local to a boundary) or
/// upper case (local to a land), and its index (`a` and `A` are 0).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Letter {
    Lower(u32),
    Upper(u32),
}

impl Letter {
    /// How the text may write it (for messages).
    fn name(self) -> String {
        match self {
            Letter::Lower(i) if i < 12 => char::from(b'a' + i as u8).to_string(),
            Letter::Lower(i) => format!("m({})", i + 1),
            Letter::Upper(i) if i < 25 => char::from(b'A' + i as u8).to_string(),
            Letter::Upper(i) => format!("n({})", i + 1),
        }
    }
}

/// The reader's state: where it is, and the keys given to letters (a
/// lower-case letter is another spot on every boundary, an upper-case one
/// on every land).
struct Reader<'a> {
    b: &'a [u8],
    i: usize,
    keys: HashMap<(Letter, usize), u32>,
    names: Vec<String>,
    sites: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn err(&self, expected: &str) -> PositionTextError {
        let found = std::str::from_utf8(&self.b[self.i..])
            .ok()
            .and_then(|s| s.chars().next())
            .or_else(|| self.b.get(self.i).map(|&c| char::from(c)));
        SyntaxError::new(self.i, expected, found).into()
    }

    /// A decimal number of at most 9 digits, at least 1.
    fn number(&mut self, what: &str) -> Result<u32, PositionTextError> {
        let start = self.i;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.i += 1;
        }
        if self.i == start || self.i - start > 9 {
            self.i = start;
            return Err(self.err(what));
        }
        let n: u32 = std::str::from_utf8(&self.b[start..self.i])
            .ok()
            .and_then(|t| t.parse().ok())
            .unwrap_or(0);
        if n == 0 {
            self.i = start;
            return Err(self.err(what));
        }
        Ok(n)
    }

    /// `m(k)` or `n(k)` after its letter: the index k - 1.
    fn expanded(&mut self) -> Result<u32, PositionTextError> {
        if self.peek() != Some(b'(') {
            return Err(self.err("'(' after m or n (as in m(13))"));
        }
        self.i += 1;
        let k = self.number(&format!("a letter number from 1 to {MAX_LETTERS}"))?;
        if k > MAX_LETTERS {
            return Err(self.err(&format!("a letter number from 1 to {MAX_LETTERS}")));
        }
        if self.peek() != Some(b')') {
            return Err(self.err("')'"));
        }
        self.i += 1;
        Ok(k - 1)
    }

    fn key(&mut self, letter: Letter, scope: usize, at: usize) -> Item {
        let next = self.names.len() as u32;
        let k = *self.keys.entry((letter, scope)).or_insert(next);
        if k == next {
            self.names.push(letter.name());
        }
        Item::Named(k, at)
    }

    /// One boundary (sites up to a separator or the end), and how many
    /// copies of it `0*N` makes.
    fn boundary(
        &mut self,
        boundary_id: usize,
        land_id: usize,
    ) -> Result<(Vec<Item>, u32), PositionTextError> {
        let mut sites = Vec::new();
        // Lower-case letters of this boundary: (letter, first byte, times).
        let mut piers: Vec<(Letter, usize, usize)> = Vec::new();
        let mut copies = 1;
        loop {
            let at = self.i;
            let item = match self.peek() {
                Some(b'0') => {
                    self.i += 1;
                    if self.peek() == Some(b'*') {
                        if !sites.is_empty() {
                            return Err(self.err("a site (0*N stands for N lone spots)"));
                        }
                        self.i += 1;
                        copies = self.number("a number of lone spots after '*', from 1")?;
                        sites.push(Item::Zero);
                        break;
                    }
                    Item::Zero
                }
                Some(b'1') => {
                    self.i += 1;
                    Item::One
                }
                Some(b'2') => {
                    self.i += 1;
                    Item::Two
                }
                Some(c @ (b'a'..=b'l' | b'm' | b'A'..=b'Y' | b'n')) => {
                    self.i += 1;
                    let letter = match c {
                        b'm' => Letter::Lower(self.expanded()?),
                        b'n' => Letter::Upper(self.expanded()?),
                        b'a'..=b'l' => Letter::Lower(u32::from(c - b'a')),
                        _ => Letter::Upper(u32::from(c - b'A')),
                    };
                    if let Letter::Lower(_) = letter {
                        match piers.iter_mut().find(|p| p.0 == letter) {
                            Some(p) => p.2 += 1,
                            None => piers.push((letter, at, 1)),
                        }
                        self.key(letter, boundary_id, at)
                    } else {
                        self.key(letter, land_id, at)
                    }
                }
                _ => break,
            };
            sites.push(item);
        }
        if sites.is_empty() {
            return Err(self.err("a site (0, 1, 2, a to l, A to Y, m(k) or n(k))"));
        }
        if let Some(&(letter, at, times)) = piers.iter().find(|p| p.2 != 2) {
            return Err(Invalid::SpotsPier {
                letter: letter.name(),
                at,
                times,
            }
            .into());
        }
        self.sites = self
            .sites
            .saturating_add(sites.len().saturating_mul(copies as usize));
        if self.sites > MAX_SITES {
            return Err(too_many_sites(self.i));
        }
        Ok((sites, copies))
    }
}

/// The text's lands (letters keyed: lower case per boundary, upper case per
/// land) and the letters' names.
fn read(text: &str) -> Result<(Vec<TextLand>, Vec<String>), PositionTextError> {
    let start = text.len() - text.trim_start().len();
    let end = text.trim_end().len().max(start);
    let mut r = Reader {
        b: &text.as_bytes()[..end],
        i: start,
        keys: HashMap::new(),
        names: Vec::new(),
        sites: 0,
    };
    let mut lands: Vec<TextLand> = Vec::new();
    if r.peek().is_none() || &r.b[r.i..] == b"!" {
        return Ok((lands, r.names));
    }
    let mut land: TextLand = Vec::new();
    let mut region: Vec<Vec<Item>> = Vec::new();
    let mut boundaries = 0usize;
    loop {
        let (b, copies) = r.boundary(boundaries, lands.len())?;
        boundaries += 1;
        for _ in 1..copies {
            region.push(b.clone());
        }
        region.push(b);
        match r.peek() {
            None => break,
            Some(b'!') if r.i + 1 == r.b.len() => break,
            Some(b'.') => {}
            Some(b'|') => land.push(std::mem::take(&mut region)),
            Some(b'+') => {
                land.push(std::mem::take(&mut region));
                lands.push(std::mem::take(&mut land));
            }
            Some(_) => return Err(r.err("'.', '|', '+', or '!' at the end")),
        }
        r.i += 1;
    }
    land.push(region);
    lands.push(land);
    Ok((lands, r.names))
}

impl Position {
    /// The position as SPOTS names it: simplified by SPOTS's rules (dead
    /// spots and regions with fewer than 2 lives gone, a region of at most
    /// 3 lives as one boundary with its 1-life spots written `2`, lands
    /// split) and ordered as SPOTS's `Position::simplify` orders it (the
    /// text SPOTS looks a land up by in its databases). `None` off the
    /// plane (SPOTS plays on the plane only).
    ///
    /// ```
    /// use sprouts::notation::glop2;
    /// let p = glop2::parse_position("2a2a").unwrap();
    /// assert_eq!(p.to_spots().unwrap(), "222");
    /// let p = glop2::parse_position("0.0.0.0.0.0.0.0.0.0.0.0").unwrap();
    /// assert_eq!(p.to_spots().unwrap(), "0*12");
    /// assert_eq!(glop2::parse_position("").unwrap().to_spots().unwrap(), "!");
    /// ```
    pub fn to_spots(&self) -> Option<String> {
        if self.is_on_surface() {
            return None;
        }
        Some(spots_text(self))
    }
}
