//! Reading a text as the command line does: the library's one reader,
//! [`read_input`], says whether it is a game or a position and in which
//! notation; the play convention is then settled as `sprouts --misere`
//! settles it.

use std::str::FromStr;

use pyo3::prelude::*;
use sprouts::model::{Position, Variant};
use sprouts::notation::transcript::Transcript;
use sprouts::notation::{Input, Notation, PositionNotation, Replay, read_input};

use crate::errors::{ArgumentError, NotationError, game_error};

/// A text read: a position and its notation, or a game replayed.
pub enum Read {
    Position(Position, PositionNotation),
    Game(Box<Transcript>, Box<Replay>),
}

/// A position notation's name (`hoey`, `glop1`, `glop2`, `neoglop`).
pub fn position_notation(name: &str) -> PyResult<PositionNotation> {
    PositionNotation::from_str(name).map_err(ArgumentError::new_err)
}

/// A move notation's name (`hoey`, `wgosa`, `lhp`).
pub fn move_notation(name: &str) -> PyResult<Notation> {
    Notation::from_str(name).map_err(ArgumentError::new_err)
}

/// Reads a game or a position. `notation` forces a position notation (the
/// text is then always a position); `misere` is `sprouts --misere`: it
/// chooses misère play for a text that states no convention, and is an
/// error against a text that states normal play ([`Input::settle`], as
/// every front end settles it).
pub fn read(
    py: Python<'_>,
    text: &str,
    notation: Option<PositionNotation>,
    misere: bool,
) -> PyResult<Read> {
    let input = read_input(text, notation).map_err(|e| NotationError::new_err(e.to_string()))?;
    match settle(input, misere)? {
        Input::Game(t) => {
            let replay = t.replay().map_err(|e| game_error(py, &e))?;
            Ok(Read::Game(Box::new(t), Box::new(replay)))
        }
        Input::Position {
            position, notation, ..
        } => Ok(Read::Position(position, notation)),
    }
}

/// Settles the play convention of what was read ([`Input::settle`]).
pub fn settle(input: Input, misere: bool) -> PyResult<Input> {
    input
        .settle(misere.then_some(Variant::Misere))
        .map_err(|e| ArgumentError::new_err(format!("misere=True, but {e}")))
}

/// Reads a game with its moves in a notation given by name, or detected.
pub fn read_game(
    py: Python<'_>,
    text: &str,
    notation: Option<&str>,
    misere: bool,
) -> PyResult<(Transcript, Replay)> {
    let forced = notation.map(move_notation).transpose()?;
    let not_a_game = |n: PositionNotation| {
        NotationError::new_err(format!(
            "not a game: the text reads as a {} position (a game starts with its header, such as `5+`); use Position.parse",
            n.name()
        ))
    };
    let input = match read_input(text, None).map_err(|e| NotationError::new_err(e.to_string()))? {
        Input::Position { notation, .. } => return Err(not_a_game(notation)),
        // The moves read in the notation given, not the one detected
        // (`read_input` found exactly one game).
        Input::Game(t) => Input::Game(match forced {
            Some(n) if n != t.notation => Transcript::read_all(text, Some(n))
                .map_err(|e| NotationError::new_err(e.to_string()))?
                .pop()
                .ok_or_else(|| NotationError::new_err("no game in the text"))?,
            _ => t,
        }),
    };
    match settle(input, misere)? {
        Input::Game(t) => {
            let replay = t.replay().map_err(|e| game_error(py, &e))?;
            Ok((t, replay))
        }
        Input::Position { notation, .. } => Err(not_a_game(notation)),
    }
}

/// Reads every game of a text (games one after another, as `sprouts
/// replay` reads a file of several), with their moves in a notation given
/// by name, or detected; each replayed, its convention settled as
/// [`read_game`] settles it.
pub fn read_games(
    py: Python<'_>,
    text: &str,
    notation: Option<&str>,
    misere: bool,
) -> PyResult<Vec<(Transcript, Replay)>> {
    let forced = notation.map(move_notation).transpose()?;
    let games =
        Transcript::read_all(text, forced).map_err(|e| NotationError::new_err(e.to_string()))?;
    if games.is_empty() {
        return Err(NotationError::new_err("no game in the text"));
    }
    games
        .into_iter()
        .map(|t| match settle(Input::Game(t), misere)? {
            Input::Game(t) => {
                let replay = t.replay().map_err(|e| game_error(py, &e))?;
                Ok((t, replay))
            }
            Input::Position { .. } => Err(NotationError::new_err("not a game")),
        })
        .collect()
}
