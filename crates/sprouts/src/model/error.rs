//! Errors of the model: invalid positions and illegal moves.

use std::fmt;

use super::Spot;

/// A position that breaks an invariant of the model.
///
/// ```
/// use sprouts::model::{Position, Variant};
/// let err = Position::new(vec![vec![vec![1, 2]]], vec![0, 0, 0], Variant::Normal).unwrap_err();
/// assert_eq!(err.to_string(), "spot 1 has no line but is not alone on its boundary");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    kind: PositionErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum PositionErrorKind {
    TooManySpots(u64),
    BadDegree(Spot, u8),
    EmptyRegion(usize),
    EmptyBoundary(usize),
    UnknownSpot(Spot, Spot),
    TooManySites(Spot, u8, u32),
    SpotOnTwoBoundaries(Spot, usize),
    LoneSpotNotAlone(Spot),
    LineToNowhere(Spot),
    DegreeSum(u64),
    NewSpotDegree(Spot, u8),
    NotPlanar {
        spots: i64,
        lines: i64,
        regions: i64,
        pieces: i64,
    },
    NotOnSurface {
        euler: i64,
        surface: String,
    },
}

impl From<PositionErrorKind> for PositionError {
    fn from(kind: PositionErrorKind) -> Self {
        PositionError { kind }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionErrorKind as K;
        match &self.kind {
            K::TooManySpots(n) => write!(f, "{n} spots is more than this program handles"),
            K::BadDegree(s, d) => write!(f, "spot {s} has degree {d} (at most 3)"),
            K::EmptyRegion(r) => write!(f, "region {r} has no boundary"),
            K::EmptyBoundary(r) => write!(f, "region {r} has an empty boundary"),
            K::UnknownSpot(s, next) => {
                write!(
                    f,
                    "spot {s} is not a spot of the position (spots are 1 to {})",
                    next.saturating_sub(1)
                )
            }
            K::TooManySites(s, d, n) => write!(
                f,
                "spot {s} has degree {d} but {n} sites (at most {})",
                (*d).max(1)
            ),
            K::SpotOnTwoBoundaries(s, r) => {
                write!(f, "spot {s} lies on two boundaries of region {r}")
            }
            K::LoneSpotNotAlone(s) => {
                write!(f, "spot {s} has no line but is not alone on its boundary")
            }
            K::LineToNowhere(s) => write!(f, "spot {s} has one line but no neighbour"),
            K::DegreeSum(sum) => write!(
                f,
                "the degrees add up to {sum}, which is not four lines per move made"
            ),
            K::NewSpotDegree(s, d) => write!(
                f,
                "spot {s} was made by a move but has degree {d} (at least 2)"
            ),
            K::NotPlanar {
                spots,
                lines,
                regions,
                pieces,
            } => write!(
                f,
                "not a drawing on the plane: {spots} spots - {lines} lines + {regions} regions should be 1 + {pieces} pieces"
            ),
            K::NotOnSurface { euler, surface } => write!(
                f,
                "not a drawing on the surface {surface}: spots - lines + the regions' Euler characteristics make {euler}"
            ),
        }
    }
}

impl std::error::Error for PositionError {}

/// Why a move cannot be played in a position.
///
/// ```
/// use sprouts::model::{Move, Position, SiteRef, Variant};
/// let p = Position::start(2, Variant::Normal);
/// let m = Move::new(0, SiteRef::new(0, 0), SiteRef::new(7, 0), vec![]);
/// assert_eq!(p.play(&m).unwrap_err().to_string(), "region 1 has no boundary 8");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    kind: MoveErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum MoveErrorKind {
    NoRegion(usize),
    NoBoundary(usize, usize),
    NoSite(usize, usize, usize),
    Dead(Spot),
    NotEnoughLives(Spot),
    SameSpotTwoSites(Spot),
    SplitOnJoin,
    BadSplit(usize),
    OnSurface(usize),
    TooManyMoves(usize, u64),
}

impl From<MoveErrorKind> for MoveError {
    fn from(kind: MoveErrorKind) -> Self {
        MoveError { kind }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use MoveErrorKind as K;
        match &self.kind {
            K::NoRegion(r) => write!(f, "there is no region {}", r + 1),
            K::NoBoundary(r, b) => write!(f, "region {} has no boundary {}", r + 1, b + 1),
            K::NoSite(r, b, i) => write!(
                f,
                "boundary {} of region {} has no site {}",
                b + 1,
                r + 1,
                i + 1
            ),
            K::Dead(s) => write!(f, "spot {s} has no lives left"),
            K::NotEnoughLives(s) => write!(f, "spot {s} has only one life left, a loop needs two"),
            K::SameSpotTwoSites(s) => {
                write!(f, "spot {s} cannot be joined to itself through two sites")
            }
            K::SplitOnJoin => write!(f, "a move between two boundaries splits nothing"),
            K::BadSplit(b) => write!(f, "boundary {} cannot go to a side", b + 1),
            K::TooManyMoves(r, max) => write!(
                f,
                "region {} has too many moves to list: its live boundaries, twice its handles and its cross-caps add up to more than {max}",
                r + 1
            ),
            K::OnSurface(r) => write!(
                f,
                "region {} is not planar: its moves are chosen by the positions they leave",
                r + 1
            ),
        }
    }
}

impl std::error::Error for MoveError {}
