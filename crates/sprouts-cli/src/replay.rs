//! `sprouts replay`: read one game in Hoey notation, check every move, print
//! the final position (or every position).

use std::fs;
use std::io::{self, Read, Write};
use std::path::PathBuf;

use anyhow::{anyhow, Context, Result};
use serde::Serialize;
use sprouts::notation::hoey::{Game, Replay};

use crate::output::{self, PositionJson, PurvisJson};

/// Replay a game in Hoey notation, checking every move.
///
/// Prints the position after the last move, abbreviated, on one line. An
/// empty abbreviated position (no region where a move is left: the game is
/// over) is printed as `(no live region)`.
///
/// The first bad move stops the replay: exit status 1 and one line on
/// standard error, `sprouts: move N (TEXT): REASON`.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Text output:
  default   the final position
  --each    one line per move: NUMBER<TAB>CANONICAL MOVE<TAB>POSITION
            (no line for the start; the last line holds the final position)

JSON output (--json): one object on one line. --each and --full do not change
it: every move carries both position texts.
  spots          number of spots at the start
  variant        \"normal\" or \"misere\"
  players        what the header had in parentheses, or null
  winner         recorded result: \"I\" (first player), \"II\", or null
  canonical      the whole game rewritten in canonical Hoey notation
  moves          [{number, text, canonical, position, position_full}]:
                 number from 1, the text as written, its canonical text,
                 the position after it (abbreviated and full)
  position       {hoey, hoey_full}: the final position, abbreviated and full
  over           whether the final position has no legal move
  purvis         {lives, moves_made, moves_left_min, moves_left_max,
                 cannibals}: Purvis's counts for the final position
An empty abbreviated position is \"\" in JSON.

Examples:
  sprouts replay examples/notes-5-spots.hoey
  echo '5+ 1-6-2; 3-7-4; 1-8-2>; 3-9-4>1' | sprouts replay --each --full")]
pub struct Args {
    /// The game file; `-` (the default) reads standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    file: PathBuf,

    /// Print the position after every move, one line per move.
    #[arg(long)]
    each: bool,

    /// Print full positions (every site listed) instead of abbreviated ones.
    #[arg(long)]
    full: bool,

    /// Print JSON instead of text (fields in --help).
    #[arg(long)]
    json: bool,
}

/// One move in `replay --json`.
#[derive(Debug, Serialize)]
struct MoveJson<'a> {
    number: usize,
    text: &'a str,
    canonical: &'a str,
    position: String,
    position_full: String,
}

/// The whole `replay --json` document.
#[derive(Debug, Serialize)]
struct ReplayJson<'a> {
    spots: u32,
    variant: &'static str,
    players: Option<&'a str>,
    winner: Option<String>,
    canonical: String,
    moves: Vec<MoveJson<'a>>,
    position: PositionJson,
    over: bool,
    purvis: PurvisJson,
}

pub fn run(args: &Args) -> Result<()> {
    let text = read_input(&args.file)?;
    let game: Game = text.parse().map_err(|e| anyhow!("{e}"))?;
    let replay = game.replay().map_err(|e| anyhow!("{e}"))?;
    let mut out = output::stdout();
    if args.json {
        output::json_line(&mut out, &to_json(&replay))?;
    } else if args.each {
        for ((i, m), pos) in replay.moves().iter().enumerate().zip(replay.positions()) {
            let shown = output::shown(output::hoey(&pos, args.full));
            writeln!(out, "{}\t{}\t{}", i + 1, m.canonical, shown)?;
        }
    } else {
        let shown = output::shown(output::hoey(replay.position(), args.full));
        writeln!(out, "{shown}")?;
    }
    out.flush()?;
    Ok(())
}

fn to_json(replay: &Replay) -> ReplayJson<'_> {
    let header = replay.header();
    let end = replay.position();
    ReplayJson {
        spots: header.spots,
        variant: header.variant.name(),
        players: header.players.as_deref(),
        winner: replay.winner().map(|w| w.to_string()),
        canonical: replay.to_hoey(),
        moves: replay
            .moves()
            .iter()
            .zip(replay.positions())
            .enumerate()
            .map(|(i, (m, pos))| MoveJson {
                number: i + 1,
                text: &m.text,
                canonical: &m.canonical,
                position: pos.to_hoey(),
                position_full: pos.to_hoey_full(),
            })
            .collect(),
        position: PositionJson::of(end),
        over: end.is_over(),
        purvis: end.purvis().into(),
    }
}

/// The whole input as UTF-8 text.
fn read_input(file: &PathBuf) -> Result<String> {
    let (bytes, name) = if file.as_os_str() == "-" {
        let mut bytes = Vec::new();
        io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .context("cannot read standard input")?;
        (bytes, "standard input".to_string())
    } else {
        let name = file.display().to_string();
        let bytes = fs::read(file).with_context(|| format!("cannot read {name}"))?;
        (bytes, name)
    };
    let mut text = String::from_utf8(bytes).map_err(|e| {
        anyhow!(
            "{name} is not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        )
    })?;
    // Some editors start UTF-8 files with a byte order mark.
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}
