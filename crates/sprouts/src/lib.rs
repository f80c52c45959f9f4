//! # sprouts
//!
//! An exact model of the pencil-and-paper game of Sprouts and the notations
//! people write it in.
//!
//! Data flows one way: text is read by a [`notation`] module into the
//! [`model`], moves are resolved and played there, and written back as text.
//!
//! ```
//! use sprouts::notation::transcript::Transcript;
//! let game: Transcript = "5+ 1-6-2; 3-7-4; 1-8-2>; 3-9-4>1".parse().unwrap();
//! let end = game.replay().unwrap();
//! assert_eq!(end.position().to_hoey_full(), "1,8,2,6/3,9,4,7;2,8,1,6/4,9,3,7;5");
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod canon;
pub mod draw;
pub mod model;
pub mod notation;
pub mod solve;
mod union_find;
