//! `sprouts draw`: an SVG picture of a position, or of a game after any move.

use std::fs;
use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use sprouts::draw::{SvgOptions, completed, draw};
use sprouts::model::Position;
use sprouts::notation::transcript::Transcript;
use sprouts::notation::{Input, Notation, read_input};

use crate::input::{self, Source};
use crate::output;
use crate::position::Format;

/// Draw a position or a game as an SVG picture.
///
/// The input is a game (it starts with its header, e.g. `8+ 1(9)2 1(10)1[3,4]`,
/// moves in any notation; a bare number such as `5` is the 5-spot start
/// unless --from is given) or a full position in Hoey notation
/// (`1,6,2,6;3,7,4,7;5`), GLOP 1.0, GLOP 2 or neo-GLOP (`0.AB/AB`; the
/// notation is detected as `sprouts moves` does, see --from). A game is drawn after its last move, or after move K
/// with --move K; the move drawn last is shown in red. Live spots are
/// filled, dead spots hollow. The same input always gives the same bytes.
///
/// Abbreviated positions cannot be drawn (the spots they leave out cannot be
/// placed): give the full position or the game. A GLOP or neo-GLOP text
/// leaves out dead spots, so only one whose spots are all still live (and
/// whose regions all hold a live spot) can be drawn; its spots are
/// numbered in order of appearance, the spots made by moves last.
#[derive(Debug, clap::Args)]
#[command(after_long_help = ["\
Examples:
  sprouts draw '5+ 1-6-2; 3-7-4; 1-8-2>' -o game.svg
  sprouts draw '1,6,2,6;3,7,4,7;5' -o position.svg
  sprouts draw '0.AB/AB' -o glop.svg
  sprouts draw --file examples/published-wgosa.txt --game 2 --move 5 -o g.svg

", input::INPUT_HELP].concat())]
pub struct Args {
    /// A game or a full position (quote it for the shell), or a file
    /// holding it; read from standard input when neither it nor --file is
    /// given.
    #[arg(value_name = "GAME|POSITION", conflicts_with = "file")]
    text: Option<String>,

    /// Read the game or position from a file (`-`: standard input).
    #[arg(long, value_name = "FILE")]
    file: Option<PathBuf>,

    /// Which game of the input to draw, from 1 (needed when it holds several).
    #[arg(long, value_name = "K")]
    game: Option<usize>,

    /// Draw the game after its K-th move (0: the start) instead of its last.
    #[arg(long = "move", value_name = "K")]
    move_number: Option<usize>,

    /// Where to write the SVG (`-`, the default: standard output).
    #[arg(short = 'o', long = "output", value_name = "FILE", default_value = "-")]
    output: PathBuf,

    /// The move notation of the game (detected from the moves if not given).
    #[arg(long, value_name = "hoey|wgosa|lhp")]
    notation: Option<Notation>,

    #[arg(long, value_name = "hoey|glop1|glop2|neoglop", help = input::FROM_HELP)]
    from: Option<Format>,

    /// Leave out the caption under the picture.
    #[arg(long)]
    no_caption: bool,
}

/// What to draw: the position, the spot to highlight, the caption.
fn choose(args: &Args, source: &Source) -> Result<(Position, Option<u32>, Option<String>)> {
    let text = &source.text;
    // What the text is, as every command reads it; only a text of several
    // games, which `draw` may pick one of (--game), or --notation (which
    // the library's reading leaves to detection) sends it back to
    // the transcript reader.
    let games = match read_input(text, args.from.map(Format::notation)) {
        Ok(i @ Input::Position { .. }) => {
            if args.game.is_some() || args.move_number.is_some() {
                bail!("--game and --move need a game, not a position");
            }
            let given = input::given(i, false).map_err(|e| source.error(crate::message(&e)))?;
            return Ok((completed(given.position().clone()), None, None));
        }
        Ok(Input::Game(t)) if args.notation.is_none() => vec![t],
        Err(e) if e.games_given().is_none() => return Err(source.error(e.to_string())),
        _ => Transcript::read_all(text, args.notation).map_err(|e| source.error(e.to_string()))?,
    };
    let k = input::pick_game(args.game, games.len())?;
    let game = &games[k - 1];
    let replay = game.replay().map_err(|e| source.error(e.to_string()))?;
    let made = replay.moves().len();
    let upto = args.move_number.unwrap_or(made);
    if upto > made {
        bail!(
            "--move {upto}: the game has {made} move{}",
            if made == 1 { "" } else { "s" }
        );
    }
    let pos = if upto == 0 {
        replay.start().clone()
    } else {
        replay.positions().nth(upto - 1).expect("upto <= moves")
    };
    let texts = replay.texts(game.notation);
    let (highlight, caption) = if upto == 0 {
        (None, format!("{} start", game.header))
    } else {
        (
            Some(pos.next_spot() - 1),
            format!("{} after move {upto}: {}", game.header, texts[upto - 1]),
        )
    };
    Ok((pos, highlight, Some(caption)))
}

pub fn run(args: &Args) -> Result<()> {
    let source = match (&args.text, &args.file) {
        (Some(t), _) => input::source(t)?,
        (None, Some(f)) if f.as_os_str() == "-" => input::source("-")?,
        (None, Some(f)) => Source {
            text: input::read_file(f)?,
            file: Some(f.display().to_string()),
        },
        (None, None) => input::source("-")?,
    };
    let (pos, highlight, caption) = choose(args, &source)?;
    let drawing = draw(&pos)?;
    let svg = drawing.to_svg(&SvgOptions {
        highlight,
        title: if args.no_caption { None } else { caption },
        ..SvgOptions::default()
    });
    if args.output.as_os_str() == "-" {
        let mut out = output::stdout();
        out.write_all(svg.as_bytes())?;
        out.flush()?;
    } else {
        fs::write(&args.output, svg)
            .with_context(|| format!("cannot write {}", args.output.display()))?;
    }
    Ok(())
}
