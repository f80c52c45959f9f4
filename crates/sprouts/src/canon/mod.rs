//! The exact canonical form of a position (docs/notations.md#simplification): one text
//! per game up to rotations, boundary, region and land order, renaming, and
//! mirroring of a whole region.
//!
//! # What is computed
//!
//! The position is first simplified as GLOP does: dead spots deleted; a
//! letter whose two sites became adjacent on its boundary becomes `2`;
//! empty boundaries deleted; regions with fewer than 2 lives deleted (a
//! letter left once becomes `2`); a region with at most 3 lives becomes a
//! single boundary; lands that share no letter split. Each land then gets
//! the neo-GLOP text of its least *layout*, and the lands' texts are sorted
//! and joined by `+`.
//!
//! A layout writes a land by a breadth-first walk: a root site and an
//! orientation for its region; the root's boundary from the root; the
//! region's other boundaries that hold a pivot, each from a chosen start;
//! its boundaries without pivot (sorted); then the regions reached through
//! pivots, in the order their pivots were first written, each entered at
//! the pivot's other site, in a chosen orientation, and so on. Letters are
//! numbered in order of first appearance. A layout is compared as a sequence
//! of tokens: each site's type and *colour*, then its letter number; the
//! text written from the least layout is the canonical text.
//!
//! Colours come from colour refinement (as in Weisfeiler-Leman): a site
//! starts with its type (`0`, `1`, `2`, pier letter, pivot letter) and at
//! each round takes in its two neighbours' colours (as an unordered pair,
//! since a region may be mirrored), its partner's colour and region colour,
//! and the multisets of colours of its boundary and region, until the
//! number of colours stops growing. Colours are invariant under every
//! symmetry, so they can be part of the key; they make most choices
//! decisive at the first token. When the roots' colour class has more
//! than two sites, the layouts from each root are keyed on colours refined
//! again with that root *individualised* (given a colour of its own, as in
//! individualisation-refinement): sites are then told apart by where they
//! lie from the root, and a region's two orientations rarely tie. (Without
//! it, a ring of alike regions whose orientations are told apart only when
//! the ring closes made the search branch at every region: a ladder ring
//! of 2 x 30 regions took 3 s.) With one or two roots the colours already
//! tell the sites apart from them.
//!
//! # Why it is exact
//!
//! The set of layouts searched is defined without reference to labels or
//! stored order (roots are the sites of the smallest colour class), the key
//! of a layout depends only on the structure (and on the root, when its
//! colours are refined from it: a symmetry maps root to root), and a choice is cut only when
//! its tokens are already greater than another's: so equivalent positions
//! get the same least key. Conversely the text lists every region,
//! boundary and site with its letters, so it determines the position up to
//! the symmetries: different games get different texts.
//!
//! # Cost
//!
//! Refinement: `O(r n log n)` for `n` sites and `r` rounds (at most 32:
//! colours need not be stable to be invariant), once, and once more per
//! root when more than two sites share the roots' colour. Search: one walk is `O(n)` plus the comparison of
//! candidate segments at each choice; the walk branches only where two
//! choices give identical tokens (colours included), which happens only
//! for symmetric parts: roots in the smallest colour class (times two
//! orientations), regions that read the same both ways, and boundaries
//! that look alike after refinement. A region whose two orientations leave
//! the same state is not branched on; boundaries without pivots are sorted
//! instead of searched. Shortcuts skip choices that lead to the same
//! layouts: a region whose boundaries all have at most two sites reads the
//! same in both orientations; of a "parallel pair" (two pivots alone on a
//! boundary of each of their two regions) only one is tried as a start;
//! among tied boundaries that are *detached units* (all that hangs from
//! them reaches the rest only through them), one of each kind is tried,
//! the kind being the canonical key of the unit; and two starts of one
//! boundary, or two orientations of a region whose other boundaries read
//! the same both ways, that differ only by swapping alike detached units
//! are tried once. Each shortcut follows a symmetry that fixes the rest of the layout,
//! so the result is unchanged. The detached units are looked for only
//! where the tied choices lie on different boundaries (the starts of one
//! boundary are compared by the rotation shortcut), and with the regions
//! seen *before* the region being written (the parts hanging from its new
//! letters are not written yet); without that, each of `k` alike units on
//! one region was tried in both orientations, `2^k` layouts. Lands whose
//! symmetries these do not catch (for instance many alike parts joined to
//! the rest in several places) can still make the search branch more;
//! random positions from games stay far from that.
//!
//! Its time grows about as the square of the number of alike parts (each
//! tie compares the parts' keys; each root refines the colours again); the
//! figures, on random and on symmetric positions, are in
//! docs/benchmarks.md#canon (`cargo run --release -p sprouts --example
//! canon_bench`).
//!
//! ```
//! use sprouts::canon::canonical;
//! use sprouts::notation::{hoey, neoglop};
//! let a = neoglop::parse_position("0.AB/0.0.0.AB.CD.EF/0.CD/0.0.EF").unwrap();
//! let b = neoglop::parse_position("EF.0.0.0.AB.CD/0.0.FE/AB.0/CD.0").unwrap();
//! assert_eq!(canonical(&a), canonical(&b));
//! assert_eq!(canonical(&a).to_string(), "0.AB.0/AB.DE.FG.0.0.0/DE.0/FG.0");
//! // Reversing a single boundary is not a symmetry.
//! let p = hoey::parse_position("1,2,3;4,5,6/1;7/2,8/3;9;10/4;11/5,12/6;13;14").unwrap();
//! let q = hoey::parse_position("1,2,3;6,5,4/1;7/2,8/3;9;10/4;11/5,12/6;13;14").unwrap();
//! assert_ne!(canonical(&p), canonical(&q));
//! ```

mod search;
mod simplify;
mod surface;

use std::fmt;

use crate::model::Position;
use crate::unlabelled::Shape;

/// The canonical form of a position: the canonical neo-GLOP text of each
/// land, sorted.
///
/// ```
/// use sprouts::canon::canonical;
/// use sprouts::notation::glop1;
/// let c = canonical(&glop1::parse_position("0.A.}A.0.}]1.}]!").unwrap());
/// assert_eq!(c.lands(), &["0.A/A.0".to_string(), "1".to_string()]);
/// assert_eq!(c.to_string(), "0.A/A.0+1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Canonical {
    lands: Vec<String>,
}

impl Canonical {
    /// The canonical text of each land, sorted (a land with fewer than two
    /// lives is gone: it has no move).
    ///
    /// ```
    /// use sprouts::canon::canonical;
    /// use sprouts::model::Position;
    /// assert_eq!(canonical(&Position::start(2, Default::default())).lands(), &["0.0".to_string()]);
    /// ```
    pub fn lands(&self) -> &[String] {
        &self.lands
    }

    /// The canonical text (lands joined by `+`), as bytes for a database key.
    ///
    /// ```
    /// use sprouts::canon::canonical;
    /// use sprouts::model::Position;
    /// assert_eq!(canonical(&Position::start(1, Default::default())).to_bytes(), b"0".to_vec());
    /// ```
    pub fn to_bytes(&self) -> Vec<u8> {
        self.to_string().into_bytes()
    }
}

impl fmt::Display for Canonical {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.lands.join("+"))
    }
}

/// The canonical form of a position (see the module docs).
///
/// ```
/// use sprouts::canon::canonical;
/// use sprouts::notation::neoglop;
/// let p = neoglop::parse_position("BA.0/0.AB").unwrap();
/// assert_eq!(canonical(&p).to_string(), "0.AB/AB.0");
/// ```
pub fn canonical(p: &Position) -> Canonical {
    if p.is_on_surface() {
        return surface::canonical(p);
    }
    let shape = simplify::simplify(&Shape::from_position(p));
    let mut lands: Vec<String> = shape
        .lands
        .iter()
        .map(|land| search::render(&search::Graph::new(land).least_key()))
        .collect();
    lands.sort();
    Canonical { lands }
}

/// The exact key of one land of the solver (regions of boundaries of site
/// bytes: `0`, `1`, `2`, letters from `3`): its canonical layout, the one
/// [`canonical`] writes, in the same bytes. Two lands get the same key
/// exactly when they are the same game up to the symmetries; the land must
/// be simplified already (as the solver's are), so that the key describes
/// it and not a smaller one.
pub(crate) fn land_key(regions: &[Vec<Vec<u8>>]) -> Vec<u8> {
    let Some(p) = land_position(regions) else {
        // Not a drawing (only hand-made bytes can be): its bytes as they are.
        let mut flat = Vec::new();
        for r in regions {
            for b in r {
                flat.extend_from_slice(b);
                flat.push(0xFF);
            }
            flat.push(0xFE);
        }
        return flat;
    };
    let shape = simplify::simplify(&Shape::from_position(&p));
    shape
        .lands
        .iter()
        .flat_map(|land| search::site_bytes(&search::Graph::new(land).least_key()))
        .collect()
}

/// The labelled position of a land of the solver: a spot per `0`, `1`, `2`
/// byte (of that degree) and per letter (degree 2, listed twice), numbered
/// in order of first appearance; `None` if it is no drawing.
fn land_position(regions: &[Vec<Vec<u8>>]) -> Option<Position> {
    let mut degrees = vec![0u8];
    let mut letters = std::collections::HashMap::new();
    let mut spot_of = |x: u8| {
        let mut new_spot = |degree: u8| {
            degrees.push(degree);
            (degrees.len() - 1) as crate::model::Spot
        };
        if x <= 2 {
            new_spot(x)
        } else {
            *letters.entry(x).or_insert_with(|| new_spot(2))
        }
    };
    let spots: Vec<Vec<Vec<crate::model::Spot>>> = regions
        .iter()
        .map(|r| {
            r.iter()
                .map(|b| b.iter().map(|&x| spot_of(x)).collect())
                .collect()
        })
        .collect();
    Position::new_abbreviated(spots, degrees, crate::model::Variant::Normal).ok()
}

/// The position after GLOP's simplifications (see the module docs), as a
/// labelled position (spots renumbered from 1): a smaller position that is
/// the same game.
///
/// ```
/// use sprouts::canon::simplify;
/// use sprouts::notation::neoglop;
/// let p = neoglop::parse_position("0.aa/1.2/A/A1").unwrap();
/// assert_eq!(simplify(&p).to_neoglop(), "0.2+12+21");
/// ```
pub fn simplify(p: &Position) -> Position {
    simplify::simplify(&Shape::from_position(p))
        .to_position()
        .expect("a simplified position is valid")
}
