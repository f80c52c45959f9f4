//! What the commands that take a position or a game read: one function
//! ([`read`]) decides between a game and a position, and positions are
//! read in any of the four notations by [`position::read`] (the one place
//! that detects the notation).

use std::fs;
use std::io::{self, Read};

use anyhow::{anyhow, bail, Context, Result};
use sprouts::model::{Position, Variant};
use sprouts::notation::transcript::Transcript;
use sprouts::notation::{Notation, Replay};

use crate::position::{self, Format};

/// The help of every `--from` option that names a position's notation.
pub const FROM_HELP: &str = "The notation of the position: hoey, glop1, glop2 or neoglop \
(detected if not given: `,` or `;` Hoey; `}`, or `]` without `[`, GLOP 1.0; `|`, `*` or `@` \
GLOP 2; anything else neo-GLOP). With --from the text is always read as a position, never as \
a game";

/// A position or a game, as given.
pub enum Input {
    /// A position and the notation it was read in.
    Position(Position, Format),
    /// A game (replayed) and its move notation.
    Game(Box<Replay>, Notation),
}

/// Reads a game or a position.
///
/// Without `from`, a text that reads as exactly one game (a header such as
/// `8+`, then moves in WGOSA, LHP or Hoey notation) is that game; several
/// games are an error; anything else is a position in the detected
/// notation (see [`Format::detect`]). With `from`, the text is a position
/// in that notation. A position gets `variant`; a game's header decides
/// its own.
pub fn read(text: &str, from: Option<Format>, variant: Variant) -> Result<Input> {
    let text = text.trim_start_matches('\u{feff}');
    if from.is_none() {
        if let Ok(games) = Transcript::read_all(text, None) {
            if games.len() > 1 {
                bail!("{} games given; give one at a time", games.len());
            }
            if let Some(g) = games.first() {
                let replay = g.replay().map_err(|e| anyhow!("{e}"))?;
                return Ok(Input::Game(Box::new(replay), g.notation));
            }
        }
    }
    let (pos, format) = position::read(text.trim(), from)?;
    Ok(Input::Position(pos.with_variant(variant), format))
}

/// The text an argument stands for: standard input for `-`, the file's
/// contents for the name of a file (an argument that cannot be a game or
/// a Hoey position: no line break, `;`, `,`, `(` or `<`), else the argument
/// itself.
pub fn text_of(arg: &str) -> Result<String> {
    if arg == "-" {
        let mut s = String::new();
        io::stdin()
            .read_to_string(&mut s)
            .context("cannot read standard input")?;
        Ok(s)
    } else if !arg.contains(['\n', ';', ',', '(', '<'])
        && fs::metadata(arg).is_ok_and(|m| m.is_file())
    {
        fs::read_to_string(arg).with_context(|| format!("cannot read {arg}"))
    } else {
        Ok(arg.to_string())
    }
}
