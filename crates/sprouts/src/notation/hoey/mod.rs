//! Dan Hoey's Sprouts notation (2000; docs/notations.md#hoey).
//!
//! - Positions: `,` between sites (`-` accepted on input), `;` between
//!   boundaries, `/` between regions; abbreviated with `t` and `o` marks.
//!   [`parse_position`], [`Position::to_hoey`](crate::model::Position::to_hoey),
//!   [`Position::to_hoey_full`](crate::model::Position::to_hoey_full).
//! - Moves: `A-C-B`, `.N` for a pier spot's site, `<list` / `>list` / `=`
//!   for the separation, double-pivot rules 6a-6d. [`HoeyMove`] is the text
//!   form; [`HoeyMove::to_move`] resolves it, [`HoeyMove::from_move`] writes
//!   a move canonically.
//! - Games: a transcript header (`5+` normal, `5-` misère, optional players),
//!   moves separated by `;`, optional `I` / `II`: a
//!   [`Transcript`](crate::notation::transcript::Transcript) in Hoey
//!   notation, the one game type of every notation, replayed as a [`Replay`](crate::notation::Replay).
//!
//! ```
//! use sprouts::notation::transcript::Transcript;
//! let replay = "5+ 1-6-2; 3-7-4; 1-8-2>; 3-9-4>1".parse::<Transcript>().unwrap().replay().unwrap();
//! assert_eq!(replay.position().to_hoey_full(), "1,8,2,6/3,9,4,7;2,8,1,6/4,9,3,7;5");
//! ```

mod movetext;
mod position;

pub use movetext::{Endpoint, HoeyMove, Separation};
pub use position::parse_position;
