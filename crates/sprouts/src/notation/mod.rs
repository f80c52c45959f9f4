//! Notations: one module per notation, each with a reader and a writer.
//!
//! - [`hoey`]: Dan Hoey's position and move notation, and games written
//!   with it.
//! - [`lhp`]: Josh Purinton's left-hand-path move notation.
//! - [`wgosa`]: the World Game of Sprouts Association's move notation.
//! - [`glop1`], [`glop2`], [`neoglop`]: the position-library notations
//!   (unlabelled positions, docs/notations.md#glop).
//! - [`spots`]: the position strings of the SPOTS solver's databases
//!   (docs/notations.md#spots).
//! - [`read_input`]: what a text is, a game or a position, and in which
//!   notation; every program reads its input with it.
//! - [`transcript`]: the transcript header (`5+`, players) and result (`I`,
//!   `II`) shared by every game notation.
//!
//! Reading a move is *resolving* its text against the position before it
//! (docs/notations.md#resolving): the text either names exactly one move or is a
//! [`ResolveError`].

mod cursor;
mod error;
pub mod glop1;
pub mod glop2;
mod glop_text;
pub mod hoey;
mod input;
pub mod lhp;
pub mod neoglop;
mod notation_kind;
mod replay;
mod resolve;
pub mod spots;
pub mod transcript;
pub mod wgosa;

pub use error::{
    GameError, InvalidPosition, MoveTextError, PositionTextError, ResolveError, SyntaxError,
    WrongResult, quote,
};
pub use input::{
    ConventionError, Input, InputError, NO_LIVE_REGION, PositionNotation, play_convention,
    read_input,
};
pub use notation_kind::{Notation, UNWRITTEN};
pub use replay::{Replay, ReplayedMove};
