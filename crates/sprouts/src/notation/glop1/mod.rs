//! GLOP 1.0 position notation (docs/notations.md#glop): every boundary ends
//! with `.`, every region with `}`, every land with `]`, and the position
//! with `!`, as in `0.0.AB.}AB.}]!`.
//!
//! Sites are `0` (a spot with 3 lives), `1` (2 lives), `2` (1 life, listed
//! once) and letters (1 life, listed twice: lower case twice on one
//! boundary, upper case in two regions). Letters are local: a letter listed
//! twice in a region names a spot of that region only, so another region
//! may use it for another spot (the manual's own
//! `1aa.AB.}AB.}]0.aaABC.}0.1ab1bcDca.ACB.}D.}]!` does so with `a`); a
//! letter listed once in a region names the spot it shares with exactly one
//! other region of its land; two lands may reuse any letter. The reader
//! goes by these counts, not by case (see `match_land` in
//! `notation/glop_text/letters.rs`, shared by the three GLOP readers). `0*4.` stands for `0.0.0.0.` (any
//! boundary may be repeated so). Beyond 26 letters of a case the writer uses
//! the extended letters of neo-GLOP (`&AA;`), which this reader accepts too.
//!
//! [`parse_position`] reads a text into the labelled model (spots numbered
//! from 1 in order of first appearance); [`Position::to_glop1`] writes any
//! labelled position, dead spots left out.
//!
//! ```
//! use sprouts::notation::glop1;
//! let p = glop1::parse_position("1AB.}AB.}]!").unwrap();
//! assert_eq!(p.to_hoey(), "1,2,3/2,3");
//! assert_eq!(p.to_glop1(), "1AB.}AB.}]!");
//! ```

use crate::model::Position;
use crate::notation::error::PositionTextError;
use crate::notation::glop_text::letters::{Interner, TextLand, match_letters, shape_to_position};
use crate::notation::glop_text::lex::{Lex, MAX_SITES, too_many_sites};
use crate::unlabelled::{Shape, Style};

/// Reads a position in GLOP 1.0 notation. White space around the text is
/// ignored; the final `!` may be left out, and so may the `]` of the last land. The empty text (or `!`) is the
/// position with no region.
///
/// ```
/// use sprouts::notation::glop1;
/// let p = glop1::parse_position("0*5.}]!").unwrap();
/// assert_eq!(p.to_hoey(), "1;2;3;4;5");
/// let e = glop1::parse_position("0.0.AB.}AB}]!").unwrap_err();
/// assert_eq!(e.to_string(), "at byte 10: expected a site, '*' or '.', found '}'");
/// ```
pub fn parse_position(text: &str) -> Result<Position, PositionTextError> {
    let (lands, letters) = read(text)?;
    let shape = match_letters(lands, &letters.names, 0, false)?;
    shape_to_position(&shape)
}

fn read(text: &str) -> Result<(Vec<TextLand>, Interner), PositionTextError> {
    let mut letters = Interner::default();
    let end = text.trim_end().len();
    let mut lex = Lex::new(&text.as_bytes()[..end]);
    while matches!(lex.peek(), Some(c) if c.is_ascii_whitespace()) {
        lex.i += 1;
    }
    let mut lands: Vec<TextLand> = Vec::new();
    let mut sites = 0usize;
    loop {
        match lex.peek() {
            None => break,
            Some(b'!') => {
                lex.i += 1;
                if lex.peek().is_some() {
                    return Err(lex.err("the end of the position after '!'").into());
                }
                break;
            }
            _ => {}
        }
        let mut land: TextLand = Vec::new();
        loop {
            let mut region = Vec::new();
            loop {
                let mut boundary = Vec::new();
                while let Some(item) = lex.site(&mut letters)? {
                    boundary.push(item);
                }
                if boundary.is_empty() {
                    let expected = match (region.is_empty(), land.is_empty()) {
                        (false, _) => "a site or '}'",
                        (true, false) => "a site or ']'",
                        (true, true) if lands.is_empty() => "a site",
                        (true, true) => "a site, '!' or the end of the position",
                    };
                    return Err(lex.err(expected).into());
                }
                let mut copies = 1;
                if lex.peek() == Some(b'*') {
                    lex.i += 1;
                    let at = lex.i;
                    copies = lex.number("a repetition count")?;
                    if copies == 0 {
                        return Err(lex.err_at(at, "a repetition count from 1").into());
                    }
                }
                if lex.peek() != Some(b'.') {
                    let what = if copies == 1 {
                        "a site, '*' or '.'"
                    } else {
                        "'.'"
                    };
                    return Err(lex.err(what).into());
                }
                lex.i += 1;
                sites = sites.saturating_add(boundary.len().saturating_mul(copies as usize));
                if sites > MAX_SITES {
                    return Err(too_many_sites(lex.i));
                }
                for _ in 1..copies {
                    region.push(boundary.clone());
                }
                region.push(boundary);
                if lex.peek() == Some(b'}') {
                    lex.i += 1;
                    break;
                }
            }
            land.push(region);
            if lex.peek() == Some(b']') {
                lex.i += 1;
                break;
            }
            if lex.peek().is_none() {
                // `0.0.AB.}AB.}`: the end closes the land.
                break;
            }
        }
        lands.push(land);
    }
    Ok((lands, letters))
}

impl Position {
    /// The position in GLOP 1.0 notation: dead spots left out, lands in the
    /// order of their first region, regions and boundaries in stored order,
    /// letters named per land in order of first appearance (`A`, `B`, ...
    /// for spots in two regions, `a`, `b`, ... for spots listed twice on one
    /// boundary). The position with no live spot is `!`.
    ///
    /// ```
    /// use sprouts::notation::hoey;
    /// let p = hoey::parse_position("1,6,2,6;3,7,4,7;5").unwrap();
    /// assert_eq!(p.to_glop1(), "1a1a.1b1b.0.}]!");
    /// ```
    pub fn to_glop1(&self) -> String {
        Shape::from_position(self).write(Style::Glop1)
    }
}
