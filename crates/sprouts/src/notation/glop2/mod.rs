//! GLOP 2 position notation (docs/notations.md#glop): `.` between boundaries,
//! `|` between regions, `+` between lands, as in
//! `12.AB|AB+0.2ABC|0.1ab1bc2ca.ACB`; `0*5` stands for `0.0.0.0.0` (any
//! boundary may be repeated so).
//!
//! Sites, and how letters are local to their region or land, are those of
//! GLOP 1.0 (see [`glop1`](crate::notation::glop1)). A
//! region may end with a topology `@g` (`g` the genus of its surface);
//! `@0` is the plane, anything else is read but not supported yet (the
//! model is planar), and says so.
//!
//! ```
//! use sprouts::notation::glop2;
//! let p = glop2::parse_position("12.AB|AB+0.2ABC|0.1ab1bc2ca.ACB").unwrap();
//! assert_eq!(p.to_glop2(), "12.AB|AB+0.2ABC|0.1ab1bc2ca.ACB");
//! ```

use crate::model::Position;
use crate::model::{MAX_GENUS, Topology};
use crate::notation::error::PositionTextError;
use crate::notation::glop_text::letters::{
    Interner, TextLand, match_letters, shape_to_position_on,
};
use crate::notation::glop_text::lex::{Lex, MAX_SITES, too_many_sites};
use crate::unlabelled::{Shape, Style, surface_marks};

/// Reads a position in GLOP 2 notation. White space around the text is
/// ignored; the empty text is the position with no region.
///
/// ```
/// use sprouts::notation::glop2;
/// assert_eq!(glop2::parse_position("0*3").unwrap().to_hoey(), "1;2;3");
/// let e = glop2::parse_position("0.A|B").unwrap_err();
/// assert_eq!(e.to_string(), "invalid position: letter A at byte 2 occurs only once in land 1 (a letter names a spot with 1 life listed exactly twice: twice in one region, or once in each of two regions; write 2 for one listed once)");
/// ```
pub fn parse_position(text: &str) -> Result<Position, PositionTextError> {
    let mut letters = Interner::default();
    let end = text.trim_end().len();
    let mut lex = Lex::new(&text.as_bytes()[..end]);
    while matches!(lex.peek(), Some(c) if c.is_ascii_whitespace()) {
        lex.i += 1;
    }
    let mut lands: Vec<TextLand> = Vec::new();
    if lex.peek().is_none() {
        return Ok(
            Position::new_abbreviated(Vec::new(), vec![0], Default::default())
                .expect("the empty position is valid"),
        );
    }
    let mut sites = 0usize;
    let mut land: TextLand = Vec::new();
    let mut region = Vec::new();
    let mut topology = None;
    let mut topologies = Vec::new();
    let mut any_mark = false;
    loop {
        let mut boundary = Vec::new();
        while let Some(item) = lex.site(&mut letters)? {
            boundary.push(item);
        }
        if boundary.is_empty() {
            return Err(lex.err("a site").into());
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
        sites = sites.saturating_add(boundary.len().saturating_mul(copies as usize));
        if sites > MAX_SITES {
            return Err(too_many_sites(lex.i));
        }
        for _ in 1..copies {
            region.push(boundary.clone());
        }
        region.push(boundary);
        if lex.peek() == Some(b'@') {
            lex.i += 1;
            let negative = lex.peek() == Some(b'-');
            if negative {
                lex.i += 1;
            }
            let at = lex.i;
            let genus = lex.number("a genus after '@'")?;
            if genus > MAX_GENUS {
                return Err(lex
                    .err_at(at, &format!("a genus of at most {MAX_GENUS}"))
                    .into());
            }
            topology = Some(if negative {
                Topology::Crosscap(genus).normalized()
            } else {
                Topology::Torus(genus)
            });
            if !matches!(lex.peek(), None | Some(b'|' | b'+')) {
                return Err(lex.err("'|', '+' or the end of the position").into());
            }
        }
        if matches!(lex.peek(), None | Some(b'|' | b'+')) {
            any_mark |= topology.is_some();
            topologies.push(topology.take().unwrap_or(Topology::PLANE));
        }
        match lex.peek() {
            None => break,
            Some(b'.') => {}
            Some(b'|') => land.push(std::mem::take(&mut region)),
            Some(b'+') => {
                land.push(std::mem::take(&mut region));
                lands.push(std::mem::take(&mut land));
            }
            Some(_) => {
                let what = if copies == 1 {
                    "a site, '*', '.', '|', '+', '@' or the end of the position"
                } else {
                    "'.', '|', '+', '@' or the end of the position"
                };
                return Err(lex.err(what).into());
            }
        }
        lex.i += 1;
    }
    land.push(region);
    lands.push(land);
    let shape = match_letters(lands, &letters.names, 0, any_mark)?;
    shape_to_position_on(&shape, any_mark.then_some(topologies.as_slice()))
}

impl Position {
    /// The position in GLOP 2 notation: dead spots left out, lands in the
    /// order of their first region, regions and boundaries in stored order,
    /// letters named per land as in [`Position::to_glop1`]. The position
    /// with no live spot is the empty text.
    ///
    /// ```
    /// use sprouts::notation::hoey;
    /// let p = hoey::parse_position("1,6,2,6;3,7,4,7;5").unwrap();
    /// assert_eq!(p.to_glop2(), "1a1a.1b1b.0");
    /// ```
    pub fn to_glop2(&self) -> String {
        if !self.is_on_surface() {
            return Shape::from_position(self).write(Style::Glop2);
        }
        let (shape, indices) = Shape::from_position_indexed(self);
        let suffix = surface_marks(self, &indices, |t| match t {
            Topology::Torus(g) => format!("@{g}"),
            Topology::Crosscap(k) => format!("@-{k}"),
        });
        shape.write_with(Style::Glop2, Some(&suffix))
    }
}
