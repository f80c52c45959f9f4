//! # sprouts
//!
//! An exact model of the pencil-and-paper game of Sprouts and the notations
//! people write it in.
//!
//! Data flows one way: text is read by a [`notation`] module into the
//! [`model`], moves are resolved and played there, and written back as text.
//! [`canon`] gives a position's exact canonical form, [`draw`] a planar
//! picture, and [`solve`] who wins (normal and misère play); [`misere`] is
//! the theory of misère sums (canonical trees of impartial games). The crates,
//! modules and data flow are described in `docs/architecture.md`; the
//! notations and reading rules in `docs/notations.md`.
//!
//! Reading a file of WGOSA games, listing the legal moves after the last
//! move of the first game, and solving that position:
//!
//! ```
//! use sprouts::notation::transcript::Transcript;
//! use sprouts::notation::wgosa::WgosaMove;
//! use sprouts::solve::Solver;
//! // In a program: let text = std::fs::read_to_string("games.txt")?;
//! let text = "# two games\n4+ (Ann - Bob) 1(5)2 3(6)4\n3+ 1(4)1[2] I\n";
//! let games = Transcript::read_all(text, None).unwrap();
//! assert_eq!(games.len(), 2);
//! let replay = games[0].replay().unwrap();
//! let end = replay.position();
//! let moves: Vec<String> = end
//!     .legal_moves()
//!     .map(|m| WgosaMove::from_move(end, &m).unwrap().to_string())
//!     .collect();
//! assert_eq!(moves.len() as u64, u64::try_from(end.count_moves()).unwrap());
//! assert!(moves.contains(&"1(7)2".to_string()));
//! // The player to move (the first player, after two moves) loses.
//! let mut solver = Solver::new();
//! assert!(!solver.win(end).unwrap());
//! assert_eq!(solver.nimber(end).unwrap(), 0);
//! ```
//!
//! The same with a game in Hoey notation, replayed to its final position:
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
pub mod misere;
pub mod model;
pub mod notation;
pub mod solve;
mod union_find;
mod unlabelled;
