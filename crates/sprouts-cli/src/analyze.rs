//! `sprouts analyze`: for every move of a game, whether it kept or threw
//! away the win.

use std::io::Write;

use anyhow::{Result, anyhow, bail};
use serde::Serialize;

use crate::db::DbArgs;
use crate::input::{self, Given};
use crate::output;
use crate::solve::{THREADS_HELP, new_solver, solve_error, with_big_stack};

/// Analyze a game: for every move, whether the player who made it could
/// win before it, and whether the move kept the win or threw it away.
///
/// The game is read as `sprouts solve` reads one (WGOSA, LHP or Hoey
/// notation, an argument, a file or `-` for standard input; a bare number
/// such as `8` is the 8-spot start, with no move to analyze). Every position
/// of the game is solved, so long games from many spots take long.
#[derive(Debug, clap::Args)]
#[command(after_long_help = ["\
Text output: one line per move: NUMBER<TAB>MOVE<TAB>VERDICT, where VERDICT is
  kept       the mover could win and still can
  threw      the mover could win and now cannot
  lost       the mover could not win whatever the move

JSON output (--json): one object: {variant, moves: [{number, text, before,
verdict}], final}: before is \"win\" or \"loss\" for the player about to move,
final the outcome for the player to move after the last move.

Example:
  sprouts analyze '8+ 1(9)2 1(10)1[3,4] 3(11)10 2(12)5 5(13)5 6(14)6[7,8] 7(15)8 6(16@2)14 II'

", input::INPUT_HELP].concat())]
pub struct Args {
    /// The game, or a file holding it.
    #[arg(value_name = "GAME")]
    game: String,

    /// Print JSON.
    #[arg(long)]
    json: bool,

    #[command(flatten)]
    db: DbArgs,

    /// Give up after this many seconds (results proved so far are kept).
    #[arg(long, value_name = "SECS")]
    timeout: Option<f64>,

    #[arg(long, value_name = "N", default_value_t = 0, help = THREADS_HELP)]
    threads: usize,
}

#[derive(Debug, Serialize)]
struct MoveVerdict {
    number: usize,
    text: String,
    before: &'static str,
    verdict: &'static str,
}

#[derive(Debug, Serialize)]
struct AnalyzeJson {
    variant: &'static str,
    moves: Vec<MoveVerdict>,
    #[serde(rename = "final")]
    final_outcome: &'static str,
}

fn word(win: bool) -> &'static str {
    if win { "win" } else { "loss" }
}

pub fn run(args: &Args) -> Result<()> {
    let Given::Game(replay, _) = input::read(&args.game, None, false)? else {
        bail!("expected a game (a header such as `8+` and moves)");
    };
    let db = args.db.clone();
    let timeout = args.timeout;
    let result = with_big_stack(args.threads, move || -> Result<AnalyzeJson> {
        let mut solver = new_solver(&db, timeout)?;
        let positions: Vec<_> = std::iter::once(replay.start().clone())
            .chain(replay.positions())
            .collect();
        let mut wins = Vec::with_capacity(positions.len());
        // Last position first: later positions are smaller and their
        // results help the earlier ones.
        for p in positions.iter().rev() {
            wins.push(solver.win(p).map_err(|e| solve_error(e, timeout))?);
        }
        wins.reverse();
        if let Some(e) = solver.store().back().error() {
            bail!("{e}");
        }
        let moves = replay
            .moves()
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let (before, after) = (wins[i], wins[i + 1]);
                MoveVerdict {
                    number: i + 1,
                    text: m.text.clone(),
                    before: word(before),
                    verdict: match (before, after) {
                        (true, false) => "kept",
                        (true, true) => "threw",
                        (false, _) => "lost",
                    },
                }
            })
            .collect();
        Ok(AnalyzeJson {
            variant: replay.start().variant().name(),
            moves,
            final_outcome: word(*wins.last().ok_or_else(|| anyhow!("no position"))?),
        })
    })??;
    let mut out = output::stdout();
    if args.json {
        output::json(&mut out, &result)?;
        writeln!(out)?;
    } else {
        for m in &result.moves {
            writeln!(out, "{}\t{}\t{}", m.number, m.text, m.verdict)?;
        }
        writeln!(
            out,
            "final\t{} for the player to move",
            result.final_outcome
        )?;
    }
    out.flush()?;
    Ok(())
}
