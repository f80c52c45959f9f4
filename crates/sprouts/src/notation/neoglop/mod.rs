//! neo-GLOP, the position-library notation proposed on sprouts-theory in
//! 2008-9 (the neo-GLOP thread of 2008-9; docs/notations.md#glop).
//!
//! Plain form: `.` between boundaries, `/` between regions, `+` (or `%`)
//! between lands, as in `0.0.AB/AB`. Sites are `0` (a spot with 3 lives),
//! `1` (2 lives), `2` (1 life, listed once) and letters (1 life, listed
//! twice; any letter for any purpose, upper case by convention for a spot
//! in two regions, lower case for one listed twice on a boundary;
//! `&word;` is a letter too). Letters are local: one listed twice in a
//! region names a spot of that region only (another region may reuse the
//! letter), one listed once in a region the spot it shares with exactly one
//! other region of its land (parameters of partial positions apart; the
//! rule is shared with GLOP 1.0 and GLOP 2, see `glop_text::letters::match_land`). A
//! trailing separator is ignored, and `!` may end the position.
//!
//! Everything else in the thread's grammar is read:
//!
//! - `<...>n` repeats text `n` times (one digit), expanded before anything
//!   else: `<0.>4` is `0.0.0.0.`, `<12>32` is `1212122`.
//! - `(x)` is a fresh letter on both sides of `x`: `.(b)(b).` is `.abacbc.`.
//! - Partial positions `^xyz:land` are lands with unmatched pivots
//!   (parameters); using a parameter outside makes a copy of the partial
//!   position joined there: `^x:xA/A1%xx.x` is `AB.C/AD/D1/BE/E1/CF/F1`.
//!   Several parameter sets (`^xyz^tuv:`) name further copies; `[x...y]`
//!   groups the parameters of one copy; a one-parameter set makes a copy at
//!   each use; otherwise a set's parameters on one boundary make one copy,
//!   then those left in one region, then those left in the land. The
//!   position follows the partial positions after `:` or `%`, or as joins
//!   `=xyz=tuv` (matching the two sides' parameters in order: a set whose
//!   letters are all on one side is one copy, otherwise its letters on both
//!   sides make one copy), each join a land of its own, more lands after `+`.
//! - A region may end with a topology `Tn` (n handles) or `Cn` (n cross
//!   caps). `T` and `C` are letters unless every `T` (`C`) of the text is
//!   followed by digits and the end of a region; the writer never uses them
//!   as letters. Topologies are kept ([`NeoGlop::topologies`]), but the model
//!   is planar: [`parse_position`] refuses a non-planar region.
//! - A label `n+:` / `n-:` (spots, normal or misère play; either may be
//!   left out) may come first.
//!
//! Spots are numbered from 1 in order of first appearance in the expanded
//! plain form: the position's own regions first, then the copies of partial
//! positions in the order they are made (breadth first).
//!
//! # The writer: plain form or partial positions
//!
//! [`Position::to_neoglop`] (and [`NeoGlop`]'s `Display`) follow the SCC
//! tree construction of the thread (Dan Hoey, 11 and 12 Jan 2009). The
//! region graph of a land has its regions as vertices and a pivot between
//! two regions as an edge. Its blocks (biconnected components; in the
//! thread's words, "two vertices are in the same SCC if there are two
//! disjoint paths between them") meet at cut regions. The tree's nodes are:
//! each cut region alone, and for each block, its regions that are not cut
//! regions. This is the reading of the thread's worked example
//! `0.A/AB/BC.DE/0.C/DF/EF`, whose nodes are `0.A`, `AB`, `BC.DE`, `0.C`
//! and `DF/EF` (the cut region `BC.DE` is apart from the cycle `DF/EF`
//! below it); its later co-root example merges a cut region with its cycle
//! and is not followed (the tests show both). Two nodes are joined in the
//! tree by the pivots between them.
//!
//! The construction *applies* to a land when this gives a tree of at least
//! two nodes: every block either has a region that is not a cut region and
//! no pivot between two of its cut regions, or is two cut regions joined by
//! pivots only. Otherwise (one region, a land without cut region, or
//! blocks of three or more cut regions) the land is written plainly, and a
//! position none of whose lands it applies to is written in the plain
//! form exactly as before.
//!
//! Where it applies, heights are the thread's: leaves are 0, a node is one
//! more than the greatest height but one of its neighbours (peeling leaves
//! round by round); the last node left is the root, or the last two are
//! co-parents. Every node but the root is a partial position whose
//! parameters are the pivots it shares with its parent (co-parents: with
//! each other), in order of first appearance in it; it uses its children's
//! parameters where they join it. The text is the thread's second form
//! (12 Jan 2009): the partial positions, least height first (then in the
//! order of the pieces below and breadth-first from the top, children in
//! order of first appearance), each `^params:land`; then one piece per
//! land: co-parent lands first as joins `=xy=zw` (first the co-parent
//! holding the first stored region), then roots, then lands written
//! plainly, the first piece after `:` and the others after `+`.
//!
//! Each node is written as stored (regions, boundaries and rotations), so
//! the text is deterministic, and reading it back stores regions in an
//! order from which the writer gives the same text. Two nodes written
//! alike (same sites, letters, parameters and children) share one partial
//! position; a partial position with several parameters used more than
//! once in one land gets one parameter set per copy (`^rst^uvw:`), which
//! the reader matches unambiguously. Parameters are named `r`, `s`, ...,
//! `z`, then `&Xa;`, `&Xb;`, ...; ordinary letters keep their plain names,
//! piers skipping `r` to `z` (`a` to `q`, then `&aa;`, ...).
//!
//! The canonical form ([`canonical`](crate::canon::canonical)) stays in
//! the plain form: it is a database key, its least layout is defined on the
//! plain text, and sharing partial positions there would need the
//! canonical form of every subtree up to rotation, which the key already
//! contains. ("A position canonicalizer may not want to use all of these
//! constructs, but they should be recognized on input.")
//!
//! Where the thread's own examples are wrong (a land with no partial
//! position text after `^xy%`, a pivot listed in three regions), the tests
//! in `tests/neoglop_thread.rs` show the corrected text and say why.
//!
//! ```
//! use sprouts::canon::canonical;
//! use sprouts::notation::neoglop;
//! let plain = neoglop::parse_position("0.A/AB/BC.DE/0.C/DF/EF").unwrap();
//! let partial = neoglop::parse_position("^r:0.r^st:sA/tA^u:ru^v:rv.st=u=v!").unwrap();
//! assert_eq!(canonical(&plain), canonical(&partial));
//! assert_eq!(plain.to_neoglop(), "^r:0.r^st:sA/tA^u:ru^v:vr.st=u=v");
//! // A land without cut region is written plainly.
//! assert_eq!(neoglop::parse_position("AB/BD/DA+0").unwrap().to_neoglop(), "AB/BD/DA+0");
//! ```

mod parse;
mod partial;

use std::fmt;
use std::str::FromStr;

use crate::model::{Position, Variant};
use crate::notation::error::PositionTextError;

use crate::notation::glop_text::letters::shape_to_position_on;
use crate::unlabelled::{Shape, surface_marks};

pub use crate::model::Topology;

/// The optional label in front of a position: `14+:` (14 spots, normal
/// play), `5-:` (misère), `:`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Label {
    /// The number of spots of the game's start, when given.
    pub spots: Option<u32>,
    /// Normal (`+`) or misère (`-`) play, when given.
    pub variant: Option<Variant>,
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n) = self.spots {
            write!(f, "{n}")?;
        }
        if let Some(v) = self.variant {
            write!(f, "{}", v.sign())?;
        }
        f.write_str(":")
    }
}

/// A neo-GLOP text as read: the labelled position, the topology of each of
/// its regions, and the label.
///
/// ```
/// use sprouts::notation::neoglop::{NeoGlop, Topology};
/// let g: NeoGlop = "5-:0.0C3+1(1)T3".parse().unwrap();
/// assert_eq!(g.topologies(), &[Some(Topology::Crosscap(3)), Some(Topology::Torus(3))]);
/// assert_eq!(g.position().variant(), sprouts::model::Variant::Misere);
/// assert_eq!(g.to_string(), "5-:0.0C3+1a1aT3");
/// ```
#[derive(Clone, Debug)]
pub struct NeoGlop {
    position: Position,
    topologies: Vec<Option<Topology>>,
    label: Option<Label>,
}

impl NeoGlop {
    /// The labelled position (misère when the label says so).
    ///
    /// ```
    /// use sprouts::notation::neoglop::NeoGlop;
    /// let g: NeoGlop = "0.0.AB/AB".parse().unwrap();
    /// assert_eq!(g.position().to_hoey(), "1;2;3,4/3,4");
    /// ```
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The topology suffix of each region of [`NeoGlop::position`], in its
    /// stored order (`None`: no suffix, the plane).
    ///
    /// ```
    /// use sprouts::notation::neoglop::NeoGlop;
    /// let g: NeoGlop = "0/0T1".parse().unwrap();
    /// assert_eq!(g.topologies().len(), 2);
    /// assert!(g.topologies()[0].is_none());
    /// ```
    pub fn topologies(&self) -> &[Option<Topology>] {
        &self.topologies
    }

    /// The label, when the text had one.
    ///
    /// ```
    /// use sprouts::notation::neoglop::NeoGlop;
    /// let g: NeoGlop = "14+:0".parse().unwrap();
    /// assert_eq!(g.label().unwrap().spots, Some(14));
    /// ```
    pub fn label(&self) -> Option<Label> {
        self.label
    }

    /// Whether every region is planar (no suffix, `T0` or `C0`).
    ///
    /// ```
    /// use sprouts::notation::neoglop::NeoGlop;
    /// assert!(!"0T1".parse::<NeoGlop>().unwrap().is_planar());
    /// ```
    pub fn is_planar(&self) -> bool {
        self.topologies.iter().flatten().all(|t| t.is_planar())
    }

    /// The position, its regions carrying their topologies.
    ///
    /// ```
    /// use sprouts::model::Topology;
    /// use sprouts::notation::neoglop::NeoGlop;
    /// let p = "0.0/0T1".parse::<NeoGlop>().unwrap().into_position();
    /// assert_eq!(p.regions()[1].topology(), Topology::Torus(1));
    /// ```
    pub fn into_position(self) -> Position {
        self.position
    }
}

impl FromStr for NeoGlop {
    type Err = PositionTextError;

    fn from_str(text: &str) -> Result<NeoGlop, PositionTextError> {
        let parsed = parse::parse(text)?;
        let variant = parsed
            .label
            .and_then(|l| l.variant)
            .unwrap_or(Variant::Normal);
        let topologies: Vec<Option<Topology>> = parsed.topologies.into_iter().flatten().collect();
        let marks: Option<Vec<Topology>> = topologies.iter().any(|t| t.is_some()).then(|| {
            topologies
                .iter()
                .map(|t| t.unwrap_or(Topology::PLANE))
                .collect()
        });
        let position = shape_to_position_on(&parsed.shape, marks.as_deref())?.with_variant(variant);
        Ok(NeoGlop {
            position,
            topologies,
            label: parsed.label,
        })
    }
}

/// The label, then the plain form (see [`Position::to_neoglop`]) with each
/// region's topology suffix.
impl fmt::Display for NeoGlop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(l) = self.label {
            write!(f, "{l}")?;
        }
        let (shape, indices) = Shape::from_position_indexed(&self.position);
        let suffix: Vec<Vec<String>> = indices
            .iter()
            .map(|land| {
                land.iter()
                    .map(|&r| {
                        self.topologies
                            .get(r)
                            .copied()
                            .flatten()
                            .map_or(String::new(), |t| t.to_string())
                    })
                    .collect()
            })
            .collect();
        f.write_str(&partial::write(&shape, Some(&suffix)))
    }
}

/// Reads a position in neo-GLOP notation into the labelled model (normal
/// play unless a label says misère), each region with its topology
/// (docs/surfaces.md).
///
/// ```
/// use sprouts::notation::neoglop;
/// let p = neoglop::parse_position("^x:xA/A1%xx.x").unwrap();
/// assert_eq!(p.to_neoglop(), "^r:r1^s:sr:ss.s");
/// let e = neoglop::parse_position("0.<1>").unwrap_err();
/// assert_eq!(e.to_string(), "at byte 5: expected a repetition count (one digit) after '>', found the end of the text");
/// ```
pub fn parse_position(text: &str) -> Result<Position, PositionTextError> {
    Ok(text.parse::<NeoGlop>()?.into_position())
}

impl Position {
    /// The position in neo-GLOP: dead spots left out, lands (joined by `+`)
    /// in the order of their first region, regions (`/`) and boundaries
    /// (`.`) in stored order, letters named per land in order of first
    /// appearance (`A`, `B`, `D`, ... skipping `T` and `C` for spots in two
    /// regions, `a`, `b`, ... for spots listed twice on one boundary); a land
    /// with cut regions as partial positions (see the module docs).
    /// For one text per position up to the symmetries, see
    /// [`canonical`](crate::canon::canonical).
    ///
    /// ```
    /// use sprouts::notation::hoey;
    /// let p = hoey::parse_position("1,6,2,6;3,7,4,7;5").unwrap();
    /// assert_eq!(p.to_neoglop(), "1a1a.1b1b.0");
    /// let q = hoey::parse_position("1,2;3/2;4,5/5;6").unwrap();
    /// assert_eq!(q.to_neoglop(), "^r:1r.0^s:s.0:r.1s");
    /// ```
    pub fn to_neoglop(&self) -> String {
        if !self.is_on_surface() {
            return partial::write(&Shape::from_position(self), None);
        }
        let (shape, indices) = Shape::from_position_indexed(self);
        let suffix = surface_marks(self, &indices, |t| t.to_string());
        partial::write(&shape, Some(&suffix))
    }
}
