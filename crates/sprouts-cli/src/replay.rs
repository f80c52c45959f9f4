//! `sprouts replay`: read games in any move notation, check every move,
//! print the final position (or every position).

use std::fs;
use std::io::{self, Read, Write};
use std::path::PathBuf;

use anyhow::{anyhow, bail, Context, Result};
use serde::Serialize;
use sprouts::notation::transcript::Transcript;
use sprouts::notation::{Notation, Replay};

use crate::output::{self, PositionJson, PurvisJson};
use crate::position;

/// Replay games, checking every move.
///
/// Reads one or more transcripts in WGOSA (`1(15)2 1(16)1[3-10]`), LHP
/// (`1<4>1[2]`) or Hoey (`1-6-2; 3-7-4`) notation, each starting on a line
/// with its header (`14+`, `17-`, optional players in parentheses) and ending
/// with an optional result (`I`, `II`); moves may run over several lines,
/// and lines starting with `#` are comments. The notation of each game is
/// detected from its moves unless --notation says it.
///
/// Prints the position after the last move, abbreviated, on one line (with
/// several games, one line per game: the header, a tab, the position). An
/// empty abbreviated position (no region where a move is left: the game is
/// over) is printed as `(no live region)`.
///
/// The first bad move stops the replay: exit status 1 and one line on
/// standard error, `sprouts: move N (TEXT): REASON` (with several games,
/// preceded by `game K (HEADER): `).
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Text output:
  default   the final position (several games: HEADER<TAB>POSITION each)
  --each    one line per move: NUMBER<TAB>CANONICAL MOVE<TAB>POSITION
            (no line for the start; the last line holds the final position;
            several games: each game's header on a line before its moves)
  The canonical move is written in the game's own notation.

JSON output (--json): one object on one line per game. --each and --full do
not change it: every move carries both position texts.
  spots          number of spots at the start
  notation       the game's move notation: \"wgosa\", \"lhp\" or \"hoey\"
  variant        \"normal\" or \"misere\"
  players        what the header had in parentheses, or null
  winner         recorded result: \"I\" (first player), \"II\", or null
  canonical      the whole game rewritten canonically in its own notation
  moves          [{number, text, canonical, wgosa, lhp, hoey, position,
                 position_full}]: number from 1, the text as written, its
                 canonical text in the game's notation and in each notation,
                 the position after it (abbreviated and full)
  position       {hoey, hoey_full}: the final position, abbreviated and full
  over           whether the final position has no legal move
  purvis         {lives, moves_made, moves_left_min, moves_left_max,
                 cannibals}: Purvis's counts for the final position
An empty abbreviated position is \"\" in JSON.

Examples:
  sprouts replay examples/notes-5-spots.hoey
  sprouts replay --each examples/published-wgosa.txt
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

    /// Print positions in this notation in text output (JSON is unchanged).
    #[arg(
        long,
        value_name = "hoey|glop1|glop2|neoglop|canon",
        default_value = "hoey"
    )]
    position_format: position::Shown,

    /// The move notation of the games (detected from the moves if not given).
    #[arg(long, value_name = "hoey|wgosa|lhp")]
    notation: Option<Notation>,
}

/// One move in `replay --json`.
#[derive(Debug, Serialize)]
struct MoveJson<'a> {
    number: usize,
    text: &'a str,
    canonical: String,
    wgosa: String,
    lhp: String,
    hoey: String,
    position: String,
    position_full: String,
}

/// The whole `replay --json` document.
#[derive(Debug, Serialize)]
struct ReplayJson<'a> {
    spots: u32,
    notation: &'static str,
    variant: &'static str,
    players: Option<&'a str>,
    winner: Option<String>,
    canonical: String,
    moves: Vec<MoveJson<'a>>,
    position: PositionJson,
    over: bool,
    purvis: PurvisJson,
}

/// Reads every game of a file (or standard input) and replays it; the
/// first bad move is an error naming it (and its game, when there are
/// several).
pub fn replay_file(
    file: &PathBuf,
    notation: Option<Notation>,
) -> Result<Vec<(Transcript, Replay)>> {
    let text = read_input(file)?;
    let games = Transcript::read_all(&text, notation).map_err(|e| anyhow!("{e}"))?;
    if games.is_empty() {
        bail!("no game in the input (a game starts with its header, e.g. `5+`)");
    }
    let several = games.len() > 1;
    games
        .into_iter()
        .enumerate()
        .map(|(k, game)| {
            let replay = game.replay().map_err(|e| {
                if several {
                    anyhow!("game {} ({}): {e}", k + 1, game.header)
                } else {
                    anyhow!("{e}")
                }
            })?;
            Ok((game, replay))
        })
        .collect()
}

pub fn run(args: &Args) -> Result<()> {
    let games = replay_file(&args.file, args.notation)?;
    let several = games.len() > 1;
    let mut out = output::stdout();
    for (game, replay) in &games {
        let notation = game.notation;
        if args.json {
            output::json_line(&mut out, &to_json(replay, notation))?;
        } else if args.each {
            if several {
                writeln!(out, "{}", game.header)?;
            }
            let texts = replay.texts(notation);
            for ((i, t), pos) in texts.iter().enumerate().zip(replay.positions()) {
                let shown = output::shown(args.position_format.text(&pos, args.full));
                writeln!(out, "{}\t{}\t{}", i + 1, t, shown)?;
            }
        } else {
            let shown = output::shown(args.position_format.text(replay.position(), args.full));
            if several {
                writeln!(out, "{}\t{shown}", game.header)?;
            } else {
                writeln!(out, "{shown}")?;
            }
        }
    }
    out.flush()?;
    Ok(())
}

fn to_json(replay: &Replay, notation: Notation) -> ReplayJson<'_> {
    let header = replay.header();
    let end = replay.position();
    let [wgosa, lhp, hoey] = Notation::ALL.map(|n| replay.texts(n));
    let own = match notation {
        Notation::Wgosa => &wgosa,
        Notation::Lhp => &lhp,
        Notation::Hoey => &hoey,
    };
    ReplayJson {
        spots: header.spots,
        notation: notation.name(),
        variant: header.variant.name(),
        players: header.players.as_deref(),
        winner: replay.winner().map(|w| w.to_string()),
        canonical: replay.to_notation(notation),
        moves: replay
            .moves()
            .iter()
            .zip(replay.positions())
            .enumerate()
            .map(|(i, (m, pos))| MoveJson {
                number: i + 1,
                text: &m.text,
                canonical: own[i].clone(),
                wgosa: wgosa[i].clone(),
                lhp: lhp[i].clone(),
                hoey: hoey[i].clone(),
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
pub fn read_input(file: &PathBuf) -> Result<String> {
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
