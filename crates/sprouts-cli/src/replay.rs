//! `sprouts replay`: read games in any move notation, check every move,
//! print the final position (or every position).

use std::io::Write;

use anyhow::Result;
use serde::Serialize;
use sprouts::notation::transcript::Transcript;
use sprouts::notation::{Notation, Replay};

use crate::input;
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
/// The first bad move stops the replay of its game: one line on standard
/// error, `sprouts: move N (TEXT): REASON`. With several games, each bad
/// game gets its line, preceded by `game K (HEADER): `, and the good games
/// are still printed; the exit status is 1 when any game was bad.
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
    /// The game file; `-` (the default) reads standard input. An argument
    /// that starts with a header (`5+ 1-6-2`) is the games' text itself.
    #[arg(value_name = "FILE", default_value = "-")]
    file: String,

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

/// Bad games already reported on standard error, one line each: `main`
/// exits with status 1 and prints nothing more.
#[derive(Debug)]
pub struct Reported(pub usize);

impl std::fmt::Display for Reported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} bad games", self.0)
    }
}

impl std::error::Error for Reported {}

/// Reads every game of an argument (a file, `-` for standard input, or the
/// games' text) and replays each, calling `each` on the good ones in
/// order. With one game, a bad move is the error. With several, each bad
/// game is reported on standard error as it comes (`sprouts: game K
/// (HEADER): move N (TEXT): REASON`) and the others still go to `each`;
/// the error is then [`Reported`].
pub fn replay_each(
    arg: &str,
    notation: Option<Notation>,
    mut each: impl FnMut(&Transcript, &Replay, bool) -> Result<()>,
) -> Result<()> {
    let source = input::source(arg)?;
    // These commands take games only: a one-word argument that names no
    // file and is no bare header (`5+`) was meant as a file name.
    let bare_header = |t: &str| {
        let digits = t.trim_end_matches(['+', '-']);
        !digits.is_empty()
            && digits.bytes().all(|b| b.is_ascii_digit())
            && t.len() <= digits.len() + 1
    };
    if arg != "-"
        && source.file.is_none()
        && !arg.contains(char::is_whitespace)
        && !bare_header(arg)
    {
        anyhow::bail!("no file {}", sprouts::notation::quote(arg));
    }
    let games: Vec<_> = Transcript::read_each(&source.text, notation).collect();
    if games.is_empty() {
        return Err(source
            .error("no game in the input (a game starts with its header, e.g. `5+`)".to_string()));
    }
    let several = games.len() > 1;
    let mut bad = 0;
    for (k, game) in games.into_iter().enumerate() {
        let replayed = game.map_err(|e| e.to_string()).and_then(|game| {
            let replay = game.replay().map_err(|e| {
                if several {
                    // The players' names are user text: quoted short.
                    format!(
                        "game {} ({}): {e}",
                        k + 1,
                        sprouts::notation::quote(&game.header.to_string())
                    )
                } else {
                    e.to_string()
                }
            })?;
            Ok((game, replay))
        });
        match replayed {
            Ok((game, replay)) => each(&game, &replay, several)?,
            Err(e) if !several => return Err(source.error(e)),
            Err(e) => {
                bad += 1;
                // One line, as `main` writes errors (a move text may hold
                // a line break).
                eprintln!(
                    "sprouts: {}",
                    crate::one_line(&format!("{:#}", source.error(e)))
                );
            }
        }
    }
    if bad > 0 {
        return Err(Reported(bad).into());
    }
    Ok(())
}

pub fn run(args: &Args) -> Result<()> {
    let mut out = output::stdout();
    replay_each(&args.file, args.notation, |game, replay, several| {
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
        Ok(())
    })?;
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
