//! Conway's genus of a game: its normal-play Grundy value and the misère
//! Grundy values of the game plus 0, 1, 2, ... copies of `*2`.

use std::fmt;
use std::str::FromStr;

use super::{TreeId, Trees, mex};
use crate::notation::SyntaxError;

/// Conway's genus `g^γ0γ1γ2...` of a game `G` (ONAG ch. 12; Winning Ways
/// ch. 13): `g` is the normal-play Grundy value of `G`, and `γk` the misère
/// Grundy value of `G + *2 + ... + *2` with `k` copies of `*2` (so `γ0` is
/// the misère Grundy value of `G` itself, 1 for the end `0`).
///
/// The sequence of `γ`s always ends up repeating with period 2. It is
/// written, as Conway writes it, up to the end of the first period of that
/// repetition: the terms `γ0 ... γ(m+1)` for the least `m` such that
/// `γ(k+2) = γk` for every `k ≥ m`. So the end `0` (`γ = 1, 2, 0, 2, 0, ...`)
/// is `0^120`, `*` is `1^031`, `*2` is `2^20`, `*2 + *2` is `0^02`. When a
/// term is 10 or more, the terms are written between parentheses and
/// separated by commas (as CGSuite does): `4^(1,10,3)`.
///
/// The alternate form (`{:#}`) writes only `g^γ0`, the "nim-values" of
/// Winning Ways and of the Sprouts tables (`1^0` for a 3-spot game).
///
/// Parsing reads either full form (with or without braces around the terms,
/// as in `0^{120}`), keeps every term given, and reads the last two as the
/// period; a longer writing of the same sequence, such as Plambeck's
/// `1^{03131}`, gives the same genus.
///
/// ```
/// use sprouts::misere::Genus;
/// let g: Genus = "1^{03131}".parse().unwrap();
/// assert_eq!(g.to_string(), "1^031");
/// assert_eq!(format!("{g:#}"), "1^0");
/// assert_eq!((g.normal(), g.misere(), g.term(1), g.term(6)), (1, 0, 3, 1));
/// assert!("1^0".parse::<Genus>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Genus {
    normal: u32,
    /// γ0 ... γ(m+1), at least two terms, the last two repeating.
    terms: Vec<u32>,
}

impl Genus {
    /// A genus from its written terms (at least two), shortened to Conway's
    /// writing.
    pub(super) fn new(normal: u32, mut terms: Vec<u32>) -> Genus {
        shorten(&mut terms);
        Genus { normal, terms }
    }

    /// The normal-play Grundy value `g`.
    pub fn normal(&self) -> u32 {
        self.normal
    }

    /// The misère Grundy value `γ0`.
    pub fn misere(&self) -> u32 {
        self.terms[0]
    }

    /// `γk`, the misère Grundy value of the game plus `k` copies of `*2`,
    /// for any `k`.
    pub fn term(&self, k: usize) -> u32 {
        term_of(&self.terms, k)
    }

    /// The written terms `γ0 ... γ(m+1)`.
    pub fn terms(&self) -> &[u32] {
        &self.terms
    }
}

/// `γk` of a written genus (its last two terms repeat).
fn term_of(terms: &[u32], k: usize) -> u32 {
    match terms.get(k) {
        Some(&t) => t,
        None => {
            let p = terms.len() - 2;
            terms[p + ((k - p) & 1)]
        }
    }
}

/// Drops the terms after the first period of the repetition.
fn shorten(terms: &mut Vec<u32>) {
    while terms.len() > 2 && terms[terms.len() - 1] == terms[terms.len() - 3] {
        terms.pop();
    }
}

/// The written genus terms of the game with these options (in simplest form,
/// their genera known) whose misère Grundy value is `misere`, into `out`.
///
/// `γ(k+1)` is the mex of `γk`, `γk XOR 1` and the options' `γ(k+1)`: the
/// options of `G + (k+1)·*2` are `G' + (k+1)·*2`, `G + k·*2` and
/// `G + k·*2 + *`, and adding `*` flips the last bit of a misère Grundy
/// value (ONAG ch. 12). Once every option's terms repeat (from index `s`),
/// each term is a function of the one before and of the parity of its
/// index, so a repetition `γ(n+2) = γn` with `n + 1 ≥ s` lasts for ever;
/// one comes within a few terms (each term is the first value missing from
/// a fixed set outside the pair `{γk, γk XOR 1}` before it, which leaves two
/// choices per parity, and the choice settles after two rounds).
pub(super) fn terms(trees: &Trees, opts: &[TreeId], misere: u32, out: &mut Vec<u32>) {
    let written: Vec<&[u32]> = opts.iter().map(|&o| trees.written_genus(o)).collect();
    let start = written.iter().map(|w| w.len() - 2).max().unwrap_or(0);
    let mut marks = Vec::new();
    out.clear();
    out.push(misere);
    let mut n = 0;
    loop {
        while out.len() < n + 3 {
            let k = out.len();
            let before = out[k - 1];
            let values = [before, before ^ 1]
                .into_iter()
                .chain(written.iter().map(|w| term_of(w, k)));
            out.push(mex(values, opts.len() + 2, &mut marks));
        }
        if n + 1 >= start && out[n + 2] == out[n] {
            break;
        }
        n += 1;
        debug_assert!(n <= start + 8, "the genus repeats within a few terms");
    }
    // The repetition holds from n on; it may have begun earlier.
    let mut m = n;
    while m >= 1 && out[m + 1] == out[m - 1] {
        m -= 1;
    }
    out.truncate(m + 2);
}

impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = if f.alternate() {
            &self.terms[..1]
        } else {
            &self.terms[..]
        };
        write!(f, "{}^", self.normal)?;
        if shown.iter().all(|&t| t < 10) {
            for t in shown {
                write!(f, "{t}")?;
            }
            Ok(())
        } else {
            let list: Vec<String> = shown.iter().map(u32::to_string).collect();
            write!(f, "({})", list.join(","))
        }
    }
}

/// Why a text is not a genus.
///
/// ```
/// use sprouts::misere::Genus;
/// let e = "0^1x".parse::<Genus>().unwrap_err();
/// assert_eq!(e.to_string(), "at byte 3: expected a term of the genus, found 'x'");
/// let e = "0^1".parse::<Genus>().unwrap_err();
/// assert_eq!(e.to_string(), "a genus needs at least two terms (γ0 and γ1)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenusTextError {
    /// The text does not follow the grammar: where, what was expected and
    /// what came.
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    /// Fewer than two terms: no period can be read.
    #[error("a genus needs at least two terms (γ0 and γ1)")]
    TooShort,
}

impl FromStr for Genus {
    type Err = GenusTextError;

    fn from_str(s: &str) -> Result<Genus, GenusTextError> {
        let mut r = Reader { s, at: 0 };
        let normal = r.number("the normal-play Grundy value")?;
        r.expect(b'^', "'^'")?;
        let mut terms = Vec::new();
        let close = match r.peek() {
            Some(b'(') => Some(b')'),
            Some(b'{') => Some(b'}'),
            _ => None,
        };
        if let Some(close) = close {
            r.at += 1;
            if r.rest().contains(',') {
                loop {
                    terms.push(r.number("a term of the genus")?);
                    if r.peek() == Some(b',') {
                        r.at += 1;
                    } else {
                        break;
                    }
                }
            } else {
                r.digits(&mut terms);
            }
            r.expect(close, if close == b')' { "')'" } else { "'}'" })?;
        } else {
            r.digits(&mut terms);
        }
        if r.at < s.len() {
            return Err(r.error("a term of the genus"));
        }
        if terms.len() < 2 {
            return Err(GenusTextError::TooShort);
        }
        Ok(Genus::new(normal, terms))
    }
}

/// A cursor over a genus text.
struct Reader<'a> {
    s: &'a str,
    at: usize,
}

impl Reader<'_> {
    fn rest(&self) -> &str {
        &self.s[self.at..]
    }

    fn peek(&self) -> Option<u8> {
        self.s.as_bytes().get(self.at).copied()
    }

    fn error(&self, expected: &'static str) -> GenusTextError {
        GenusTextError::Syntax(SyntaxError::new(
            self.at,
            expected,
            self.rest().chars().next(),
        ))
    }

    fn expect(&mut self, b: u8, expected: &'static str) -> Result<(), GenusTextError> {
        if self.peek() == Some(b) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error(expected))
        }
    }

    /// A decimal number that fits in a u32.
    fn number(&mut self, expected: &'static str) -> Result<u32, GenusTextError> {
        let len = self.rest().bytes().take_while(u8::is_ascii_digit).count();
        let n = self.rest()[..len]
            .parse()
            .map_err(|_| self.error(expected))?;
        self.at += len;
        Ok(n)
    }

    /// Single-digit terms, as many as come.
    fn digits(&mut self, terms: &mut Vec<u32>) {
        while let Some(d @ b'0'..=b'9') = self.peek() {
            terms.push(u32::from(d - b'0'));
            self.at += 1;
        }
    }
}
