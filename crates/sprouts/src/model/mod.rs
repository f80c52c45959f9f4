//! The exact model of Sprouts positions (docs/notations.md sections 1-2).
//!
//! - [`Position`]: regions of boundaries of sites in left-hand order, with
//!   the degree of every spot; checked when built ([`Position::new`]).
//! - [`Move`]: a region, two sites and a split; [`Position::play`].
//! - [`Position::legal_moves`] and [`Position::count_moves`]: every legal
//!   move, one per distinct result ("the same move", docs/notations.md#moves),
//!   on the plane; [`Position::moves`] and [`Position::number_of_moves`] on
//!   any surface.
//! - [`ReducedPosition`]: the position with dead spots dropped, the key that
//!   decides when two moves are the same; `==` on [`Position`] is equality up
//!   to Hoey 7a-7c.
//! - [`Purvis`]: lives, moves made and left, and the cannibal parity.

mod error;
mod index;
mod legal;
mod moves;
mod position;
mod purvis;
mod reduce;
mod surface;

pub use error::{MoveError, PositionError};
pub use legal::LegalMoves;
pub use moves::{Move, MoveEffect, MoveKind, Side, SiteRef};
pub use position::{Boundary, MAX_SPOT, Position, Region, Variant};
pub use purvis::Purvis;
pub use reduce::{ReducedPosition, least_rotation, least_rotation_start};
pub use surface::{AnyMove, AnyMoves, MAX_GENUS, MAX_SURFACE_WIDTH, Topology, TopologyError};

/// A spot number. Initial spots are `1..=N`; the k-th move creates spot `N + k`.
pub type Spot = u32;
