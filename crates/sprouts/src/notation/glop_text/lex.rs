//! A byte cursor shared by the GLOP 1.0, GLOP 2 and neo-GLOP readers.

use crate::notation::error::{Invalid, PositionTextError, SyntaxError};

use super::letters::{Interner, Item};

/// The most sites a text may expand to (repetitions, partial positions).
pub(crate) const MAX_SITES: usize = 1 << 20;

/// A cursor over the bytes being read. `map[i]`, when present, is the byte
/// of the original text that byte `i` came from (neo-GLOP repetitions are
/// expanded before reading).
pub(crate) struct Lex<'a> {
    pub(crate) b: &'a [u8],
    pub(crate) i: usize,
    pub(crate) map: Option<&'a [usize]>,
}

impl<'a> Lex<'a> {
    pub(crate) fn new(b: &'a [u8]) -> Lex<'a> {
        Lex { b, i: 0, map: None }
    }

    pub(crate) fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    pub(crate) fn peek_at(&self, k: usize) -> Option<u8> {
        self.b.get(self.i + k).copied()
    }

    /// The byte of the original text for byte `i` here.
    pub(crate) fn origin(&self, i: usize) -> usize {
        match self.map {
            None => i,
            Some(m) => match m.get(i) {
                Some(&o) => o,
                None => m.last().map_or(0, |&o| o + 1),
            },
        }
    }

    /// The character at byte `i`, if any.
    pub(crate) fn char_at(&self, i: usize) -> Option<char> {
        let rest = self.b.get(i..)?;
        for len in 1..=4.min(rest.len()) {
            if let Ok(s) = std::str::from_utf8(&rest[..len]) {
                return s.chars().next();
            }
        }
        rest.first().map(|&c| char::from(c))
    }

    /// An error at the cursor.
    pub(crate) fn err(&self, expected: &str) -> SyntaxError {
        self.err_at(self.i, expected)
    }

    pub(crate) fn err_at(&self, i: usize, expected: &str) -> SyntaxError {
        SyntaxError::new(self.origin(i), expected, self.char_at(i))
    }

    /// Reads a decimal number (at most 9 digits are accepted).
    pub(crate) fn number(&mut self, what: &str) -> Result<u32, SyntaxError> {
        let start = self.i;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.i += 1;
        }
        if self.i == start {
            return Err(self.err(what));
        }
        if self.i - start > 9 {
            return Err(self.err_at(start, &format!("{what} below 1000000000")));
        }
        let text = std::str::from_utf8(&self.b[start..self.i]).unwrap_or("0");
        Ok(text.parse().unwrap_or(0))
    }

    /// Reads a letter (`A`, `b`, or an extended letter `&word;`) if one
    /// starts here, returning its spelling.
    pub(crate) fn letter(&mut self) -> Result<Option<String>, SyntaxError> {
        match self.peek() {
            Some(c) if c.is_ascii_alphabetic() => {
                self.i += 1;
                Ok(Some((c as char).to_string()))
            }
            Some(b'&') => {
                let start = self.i;
                self.i += 1;
                while matches!(self.peek(), Some(c) if c.is_ascii_alphabetic()) {
                    self.i += 1;
                }
                if self.i == start + 1 {
                    return Err(self.err("a letter after '&' (an extended letter is &word;)"));
                }
                if self.peek() != Some(b';') {
                    return Err(self.err("a letter or ';' ending the extended letter"));
                }
                self.i += 1;
                let word = std::str::from_utf8(&self.b[start..self.i]).unwrap_or("&;");
                Ok(Some(word.to_string()))
            }
            _ => Ok(None),
        }
    }

    /// Reads one site (`0`, `1`, `2` or a letter) if one starts here.
    pub(crate) fn site(&mut self, letters: &mut Interner) -> Result<Option<Item>, SyntaxError> {
        let item = match self.peek() {
            Some(b'0') => Item::Zero,
            Some(b'1') => Item::One,
            Some(b'2') => Item::Two,
            _ => {
                let at = self.origin(self.i);
                return Ok(self
                    .letter()?
                    .map(|name| Item::Named(letters.key(&name), at)));
            }
        };
        self.i += 1;
        Ok(Some(item))
    }
}

/// An error for a text that expands to too many sites.
pub(crate) fn too_many_sites(at: usize) -> PositionTextError {
    Invalid::TooManySites { max: MAX_SITES, at }.into()
}
