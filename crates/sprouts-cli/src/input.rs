//! What every command that takes a game or a position reads, in one place:
//! [`source`] turns an argument into text (the argument itself, a file, or
//! standard input), and [`Source::read`] says what the text is with the
//! library's [`read_input`] (so the commands and the web page agree), then
//! settles the play convention.

use std::fs;
use std::io::{self, Read};
use std::path::Path;

use anyhow::{Context, Result, anyhow, bail};
use sprouts::model::{Position, Variant};
use sprouts::notation::{Input, Notation, PositionNotation, Replay, quote, read_input};

use crate::position::Format;

/// The help of every `--from` option that names a position's notation.
pub const FROM_HELP: &str = "The notation of the position: hoey, glop1, glop2 or neoglop \
(detected if not given: `,` or `;` (not one ending a letter `&word;`), or a spot number \
with a digit 3-9, Hoey; `}`, or `]` without `[`, GLOP 1.0; `|`, `*` or `@` GLOP 2; anything \
else neo-GLOP). With --from the text is always read as a position, never as \
a game: `22 --from glop2` is the GLOP 2 position `22`, not the 22-spot start";

/// How an argument that takes a game or a position is read, for the
/// commands' long help.
pub const INPUT_HELP: &str = "\
Reading a game or a position (every command reads it the same way):
  -            standard input
  FILE         an existing file is read; an argument that looks like a file
               name (no white space or notation marks `,;()<>[]{}|*@`, and
               ending in .txt, .text, .hoey, .wgosa, .lhp, .glop or
               .sprouts, or starting with /, ./, ../ or ~/) but names no
               file is an error (`no file gam3.txt`), never a position
  TEXT         anything else is the text itself
  A text whose first line starts with a header (`8+`, `5-`, or a bare
  number) is a game; a bare number alone, such as `22`, is the start of a
  game with that many spots (normal play, or misère with --misere; `22-` is
  always misère). Anything else is
  a position in the detected notation. With --from the text is always a
  position in that notation (`22 --from glop2` is two spots with one life).
  A game's header, or a neo-GLOP label (`5-:`), says the play convention:
  misère when it says `-`, even without --misere; --misere against a header
  or label that says `+` is an error. Empty input is an error.";

/// A position or a game, as given.
pub enum Given {
    /// A position and the notation it was read in.
    Position(Position, PositionNotation),
    /// A game (replayed) and its move notation.
    Game(Box<Replay>, Notation),
}

impl Given {
    /// The position: the one given, or the one after the game's last move.
    pub fn position(&self) -> &Position {
        match self {
            Given::Position(p, _) => p,
            Given::Game(r, _) => r.position(),
        }
    }
}

/// The text of an argument, and the file it came from (for messages).
pub struct Source {
    pub text: String,
    /// The file's name; `None` for standard input or the argument itself.
    pub file: Option<String>,
}

/// File name endings that mark an argument as a file name (see
/// [`INPUT_HELP`]): a missing file is then an error, not a position text.
const FILE_ENDINGS: [&str; 7] = ["txt", "text", "hoey", "wgosa", "lhp", "glop", "sprouts"];

/// Characters of game and position texts that file names hardly ever hold:
/// an argument with one of them is text even if a file of that name exists.
const NOTATION_MARKS: [char; 13] = [
    ',', ';', '(', ')', '<', '>', '[', ']', '{', '}', '|', '*', '@',
];

/// Whether an argument that names no file was meant as a file name.
fn looks_like_file_name(arg: &str) -> bool {
    if arg.contains(char::is_whitespace) || arg.contains(NOTATION_MARKS) {
        return false;
    }
    ["/", "./", "../", "~/"].iter().any(|p| arg.starts_with(p))
        || arg.rsplit_once('.').is_some_and(|(stem, end)| {
            !stem.is_empty() && FILE_ENDINGS.iter().any(|e| end.eq_ignore_ascii_case(e))
        })
}

/// The text an argument stands for (see [`INPUT_HELP`]).
pub fn source(arg: &str) -> Result<Source> {
    if arg == "-" {
        return Ok(Source {
            text: read_stdin()?,
            file: None,
        });
    }
    let plain = !arg.contains(['\n', '\r']) && !arg.contains(NOTATION_MARKS);
    if plain {
        match fs::metadata(arg) {
            Ok(m) if m.is_dir() => bail!("{} is a directory, not a file", quote(arg)),
            Ok(_) => {
                return Ok(Source {
                    text: read_file(Path::new(arg))?,
                    file: Some(quote(arg).into_owned()),
                });
            }
            Err(_) if looks_like_file_name(arg) => bail!("no file {}", quote(arg)),
            Err(_) => {}
        }
    }
    Ok(Source {
        text: arg.to_string(),
        file: None,
    })
}

impl Source {
    /// The game or position the text holds (see [`INPUT_HELP`]): `from`
    /// forces a position notation; `misere` is the `--misere` flag.
    pub fn read(&self, from: Option<Format>, misere: bool) -> Result<Given> {
        let input = read_input(&self.text, from.map(Format::notation))
            .map_err(|e| self.error(e.to_string()))?;
        given(input, misere).map_err(|e| self.error(crate::message(&e)))
    }

    /// A message about the text, naming its file when it came from one.
    pub fn error(&self, message: String) -> anyhow::Error {
        match &self.file {
            Some(f) => anyhow!("{f}: {message}"),
            None => anyhow!(message),
        }
    }
}

/// Reads a game or a position from an argument: [`source`], then
/// [`Source::read`].
pub fn read(arg: &str, from: Option<Format>, misere: bool) -> Result<Given> {
    source(arg)?.read(from, misere)
}

/// A game replayed, or a position, with its play convention settled by
/// the library's rule ([`Input::settle`]): the text's own (a game's header,
/// a neo-GLOP label) when it states one, else `--misere`; the flag against
/// a text that says normal play is an error.
pub fn given(input: Input, misere: bool) -> Result<Given> {
    let settled = input
        .settle(misere.then_some(Variant::Misere))
        .map_err(|e| anyhow!("--misere, but {e}"))?;
    match settled {
        Input::Game(t) => {
            let replay = t.replay()?;
            Ok(Given::Game(Box::new(replay), t.notation))
        }
        Input::Position {
            position, notation, ..
        } => Ok(Given::Position(position, notation)),
    }
}

/// Which game (from 1) of `n` games `--game K` picks: K itself when the
/// input holds that many, the only game when it holds one and K is not
/// given, else an error that says how many games there are.
pub fn pick_game(k: Option<usize>, n: usize) -> Result<usize> {
    match (k, n) {
        (Some(k), n) if k == 0 || k > n => {
            bail!(
                "--game {k}: the input holds {n} game{}",
                if n == 1 { "" } else { "s" }
            )
        }
        (Some(k), _) => Ok(k),
        (None, 1) => Ok(1),
        (None, n) => bail!("the input holds {n} games: choose one with --game K"),
    }
}

/// Standard input as UTF-8 text.
pub fn read_stdin() -> Result<String> {
    let mut bytes = Vec::new();
    io::stdin()
        .lock()
        .read_to_end(&mut bytes)
        .context("cannot read standard input")?;
    utf8(bytes, "standard input")
}

/// A file as UTF-8 text.
pub fn read_file(path: &Path) -> Result<String> {
    let name = quote(&path.display().to_string()).into_owned();
    let bytes = fs::read(path).map_err(|e| match e.kind() {
        io::ErrorKind::NotFound => anyhow!("no file {name}"),
        _ => anyhow!("cannot read {name}: {e}"),
    })?;
    utf8(bytes, &name)
}

/// The bytes as text, without a leading byte-order mark (some editors
/// start UTF-8 files with one).
fn utf8(bytes: Vec<u8>, name: &str) -> Result<String> {
    let mut text = String::from_utf8(bytes).map_err(|e| {
        anyhow!(
            "{name} is not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        )
    })?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_and_texts() {
        for name in [
            "gam3.txt",
            "games/x.HOEY",
            "./g",
            "/tmp/g",
            "~/g",
            "a.b.wgosa",
        ] {
            assert!(looks_like_file_name(name), "{name}");
        }
        for text in [
            "0.AB/AB",
            "22",
            "0.0.AB",
            "1;2,3/2,3",
            "8+ 1(9)2",
            ".txt",
            "0*3",
            "my game.txt",
        ] {
            assert!(!looks_like_file_name(text), "{text}");
        }
    }
}
