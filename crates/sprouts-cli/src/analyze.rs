//! `sprouts analyze`: for every move of a game, whether it kept or threw
//! away the win, and the winning moves in place of a move that threw it.

use std::io::Write;
use std::time::Instant;

use anyhow::{Result, bail};
use serde::Serialize;
use sprouts::model::Variant;
use sprouts::notation::transcript::Transcript;
use sprouts::notation::{Input, Notation, Replay, read_input};
use sprouts::solve::{Analysis, AnalysisLine, Verdict, outcome_word};

use crate::db::{self, DbArgs};
use crate::input::{self, Given};
use crate::output;
use crate::solve::{Bar, THREADS_HELP, with_big_stack};

/// Analyze a game: for every move, whether the player who made it could
/// win before it, and whether the move kept the win or threw it away; for
/// a move that threw the win away, the moves that would have kept it.
///
/// The game is read as `sprouts solve` reads one (WGOSA, LHP or Hoey
/// notation, an argument, a file or `-` for standard input; a bare number
/// such as `8` is the 8-spot start, with no move to analyze); from a file
/// of several games, `--game K` picks one. Every position of the game is
/// solved, so long games from many spots take long: give `--timeout`.
#[derive(Debug, clap::Args)]
#[command(after_long_help = ["\
The positions are solved from the end of the game backwards (later
positions are smaller, and what they prove helps the earlier ones). With
--timeout, each position gets an equal share of the time left when its turn
comes (time an easy position does not use goes to the ones before it), so
a hard early position cannot starve the later ones; a position not decided
in its share is `undecided`.

Text output: each line is printed as soon as it is decided: first
  final<TAB>OUTCOME for the player to move   (after the last move)
then one line per move, from the last move to the first:
  NUMBER<TAB>MOVE<TAB>VERDICT[<TAB>WINNING MOVES]
where VERDICT is
  kept       the mover could win and still can
  threw      the mover could win and now cannot; WINNING MOVES lists the
             moves that win instead, in the game's notation, one per group
             of moves that lead to the same position up to symmetry (as
             `sprouts solve` lists them), or `undecided`
  lost       the mover could not win whatever the move
  undecided  not decided within the timeout
Then, when something was left undecided, a note on standard error.

JSON output (--json): one object, printed at the end: {variant, moves:
[{number, text, before, verdict, winning}], final}: before is \"win\",
\"loss\" or \"undecided\" for the player about to move, winning (with
\"threw\" only, when listed) [{move, same}] as `sprouts solve --json` gives
winning_moves, final the outcome for the player to move after the last
move.

Example:
  sprouts analyze '8+ 1(9)2 1(10)1[3,4] 3(11)10 2(12)5 5(13)5 6(14)6[7,8] 7(15)8 6(16@2)14 II'
  sprouts analyze examples/published-wgosa.txt --game 5 --timeout 60

", input::INPUT_HELP].concat())]
pub struct Args {
    /// The game, or a file holding it.
    #[arg(value_name = "GAME")]
    text: String,

    /// Which game of the input to analyze, from 1 (needed when it holds several).
    #[arg(long = "game", value_name = "K")]
    pick: Option<usize>,

    /// Print JSON.
    #[arg(long)]
    json: bool,

    #[command(flatten)]
    db: DbArgs,

    /// Stop after this many seconds in all, shared among the positions
    /// (what is not decided by then is `undecided`).
    #[arg(long, value_name = "SECS")]
    timeout: Option<f64>,

    #[arg(long, value_name = "N", default_value_t = 0, help = THREADS_HELP)]
    threads: usize,
}

#[derive(Debug, Serialize)]
struct WinningMove {
    #[serde(rename = "move")]
    text: String,
    same: usize,
}

#[derive(Debug, Serialize)]
struct MoveVerdict {
    number: usize,
    text: String,
    before: &'static str,
    verdict: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    winning: Option<Vec<WinningMove>>,
}

#[derive(Debug, Serialize)]
struct AnalyzeJson {
    variant: &'static str,
    moves: Vec<MoveVerdict>,
    #[serde(rename = "final")]
    final_outcome: &'static str,
}

impl AnalyzeJson {
    fn new(variant: Variant, a: &Analysis) -> AnalyzeJson {
        AnalyzeJson {
            variant: variant.name(),
            moves: a
                .moves
                .iter()
                .map(|m| MoveVerdict {
                    number: m.number,
                    text: m.text.clone(),
                    before: outcome_word(m.before),
                    verdict: m.verdict.name(),
                    winning: m.winning.as_ref().map(|list| {
                        list.iter()
                            .map(|(text, same)| WinningMove {
                                text: text.clone(),
                                same: *same,
                            })
                            .collect()
                    }),
                })
                .collect(),
            final_outcome: outcome_word(a.final_outcome),
        }
    }
}

/// The text line of an analysis line.
fn text_line(line: AnalysisLine<'_>) -> String {
    match line {
        AnalysisLine::Final(w) => format!("final\t{} for the player to move", outcome_word(w)),
        AnalysisLine::Move(m) => {
            let (number, text, verdict) = (m.number, &m.text, m.verdict.name());
            match (&m.winning, m.verdict) {
                (Some(list), _) => {
                    let list: Vec<&str> = list.iter().map(|(t, _)| t.as_str()).collect();
                    format!("{number}\t{text}\t{verdict}\t{}", list.join(" "))
                }
                (None, Verdict::Threw) => format!("{number}\t{text}\t{verdict}\tundecided"),
                (None, _) => format!("{number}\t{text}\t{verdict}"),
            }
        }
    }
}

/// The game to analyze: the text's only game, or its `--game K`-th.
fn read_game(args: &Args) -> Result<(Replay, Notation)> {
    let source = input::source(&args.text)?;
    let input = match read_input(&source.text, None) {
        Ok(i @ Input::Game(_)) => {
            input::pick_game(args.pick, 1)?;
            i
        }
        Ok(Input::Position { .. }) => {
            bail!("expected a game (a header such as `8+` and moves)")
        }
        Err(e) => {
            if e.games_given().is_none() {
                return Err(source.error(e.to_string()));
            }
            let mut games = Transcript::read_all(&source.text, None)
                .map_err(|e| source.error(e.to_string()))?;
            let k = input::pick_game(args.pick, games.len())?;
            Input::Game(games.swap_remove(k - 1))
        }
    };
    match input::given(input, false).map_err(|e| source.error(crate::message(&e)))? {
        Given::Game(replay, notation) => Ok((*replay, notation)),
        Given::Position(..) => bail!("expected a game (a header such as `8+` and moves)"),
    }
}

pub fn run(args: &Args) -> Result<()> {
    let (replay, notation) = read_game(args)?;
    let variant = replay.start().variant();
    let end = match args.timeout {
        Some(t) => Some(Instant::now() + crate::solve::seconds_arg("--timeout", t, false)?),
        None => None,
    };
    let db = args.db.clone();
    let json = args.json;
    let result = with_big_stack(args.threads, move || -> Result<Analysis> {
        let mut out = output::stdout();
        let mut solver = db::solver(&db)?;
        if json {
            // The text lines show the progress themselves; a spinner on the
            // terminal would run through them.
            solver.set_progress(Box::new(Bar::new()));
        }
        let mut written: std::io::Result<()> = Ok(());
        let analysis = solver.analyze(&replay, notation, end, &mut |line| {
            if !json && written.is_ok() {
                written = writeln!(out, "{}", text_line(line)).and_then(|()| out.flush());
            }
        })?;
        written?;
        if let Some(e) = solver.store().back().error() {
            bail!("{e}");
        }
        Ok(analysis)
    })??;
    let undecided = result.undecided();
    let result_moves = result.moves.len();
    let result = AnalyzeJson::new(variant, &result);
    if args.json {
        let mut out = output::stdout();
        output::json(&mut out, &result)?;
        writeln!(out)?;
        out.flush()?;
    }
    if undecided > 0 {
        let kept = if args.db.no_db {
            ""
        } else {
            " (what was proved is kept in the database)"
        };
        eprintln!(
            "sprouts: {undecided} of {} lines undecided within the timeout of {} s{kept}",
            result_moves + 1,
            args.timeout.unwrap_or(0.0)
        );
    }
    Ok(())
}
