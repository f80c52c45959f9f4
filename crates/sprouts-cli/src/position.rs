//! `sprouts position`: convert a position between notations, or print its
//! canonical form; and the notation names the commands share (`--from`,
//! `--position-format`).

use std::io::Write;

use anyhow::{Result, bail};
use clap::{Subcommand, ValueEnum};
use serde::Serialize;
use sprouts::canon::{canonical, simplify};
use sprouts::model::Position;
use sprouts::notation::PositionNotation;
use sprouts::notation::neoglop::NeoGlop;

use crate::input::{self, Given};
use crate::output;

/// Convert a position between notations, or print its canonical form.
///
/// A position may be written in Hoey's notation (`1,6,2,6;3,7,4,7;5`),
/// GLOP 1.0 (`0.0.AB.}AB.}]!`), GLOP 2 (`12.AB|AB+0*3`) or neo-GLOP
/// (`0.0.AB/AB`, with repetitions `<0.>4`, partial positions `^x:xA/A1%xx.x`
/// and the rest of the 2009 grammar). The notation is detected unless
/// --from says it (see --from). A game (`8+ 1(9)2`, or a
/// bare number: the start with that many spots) stands for the position
/// after its last move; TEXT may name a file, or be `-` for standard input.
#[derive(Debug, clap::Args)]
#[command(after_long_help = input::INPUT_HELP)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Convert(ConvertArgs),
    Canon(CanonArgs),
}

/// A position notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Hoey's notation, abbreviated (`1,2;5`).
    Hoey,
    /// GLOP 1.0 (`0.0.AB.}AB.}]!`).
    Glop1,
    /// GLOP 2 (`0.0.AB|AB`).
    Glop2,
    /// neo-GLOP (`0.0.AB/AB`).
    Neoglop,
}

impl Format {
    /// The library's notation this names (the reading and writing are
    /// the library's: this type only lets clap list the names).
    pub fn notation(self) -> PositionNotation {
        match self {
            Format::Hoey => PositionNotation::Hoey,
            Format::Glop1 => PositionNotation::Glop1,
            Format::Glop2 => PositionNotation::Glop2,
            Format::Neoglop => PositionNotation::Neoglop,
        }
    }
}

/// How `replay` prints positions: in a notation, or canonically.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Shown {
    /// Hoey's notation (abbreviated, or full with --full).
    Hoey,
    /// GLOP 1.0.
    Glop1,
    /// GLOP 2.
    Glop2,
    /// neo-GLOP.
    Neoglop,
    /// The canonical neo-GLOP text (`sprouts position canon`).
    Canon,
}

impl Shown {
    /// The position's text (possibly empty).
    pub fn text(self, pos: &Position, full: bool) -> String {
        match self {
            Shown::Hoey => output::hoey(pos, full),
            Shown::Glop1 => pos.to_glop1(),
            Shown::Glop2 => pos.to_glop2(),
            Shown::Neoglop => pos.to_neoglop(),
            Shown::Canon => canonical(pos).to_string(),
        }
    }
}

/// Write a position in another notation.
///
/// Dead spots are left out; letters are named in order of first
/// appearance. A position with no live spot is printed as
/// `(no live region)` (the empty text in JSON).
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
JSON output (--json): one object on one line.
  from    the notation read: \"hoey\", \"glop1\", \"glop2\" or \"neoglop\"
          (\"game\" for a game: its last position)
  to      the notation written
  text    the position in --to
  canonical  its canonical text (see `sprouts position canon`)

Examples:
  sprouts position convert --to neoglop '1,6,2,6;3,7,4,7;5'
  sprouts position convert --to hoey '0.0.AB/AB'
  sprouts position convert --to glop1 '^x:xA/A1%xx.x'")]
struct ConvertArgs {
    /// The notation to write.
    #[arg(long, value_name = "hoey|glop1|glop2|neoglop")]
    to: Format,

    /// The notation of TEXT (detected if not given).
    #[arg(long, value_name = "hoey|glop1|glop2|neoglop")]
    from: Option<Format>,

    /// Print JSON instead of text (fields in --help).
    #[arg(long)]
    json: bool,

    /// The position (quote it for the shell), a game, a file, or `-`.
    #[arg(value_name = "TEXT")]
    text: String,
}

/// Print the canonical form of a position.
///
/// The canonical text is neo-GLOP, the same for every position that is the
/// same game up to rotations, boundary, region and land order, renaming and
/// mirroring of whole regions, after GLOP's simplifications (dead spots,
/// letters next to themselves, regions with fewer than 2 lives, small
/// regions, separate lands); lands are joined by `+`. A position with no
/// move left is printed as `(no live region)` (the empty text in JSON).
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
JSON output (--json): one object on one line.
  from        the notation read (\"game\" for a game)
  canonical   the canonical text
  lands       the canonical text of each land, sorted
  simplified  the simplified position in neo-GLOP (GLOP's simplifications,
              stored order)

Examples:
  sprouts position canon '0.AB/0.0.0.AB.CD.EF/0.CD/0.0.EF'
  sprouts position canon --json '1,6,2,6;3,7,4,7;5'")]
struct CanonArgs {
    /// The notation of TEXT (detected if not given).
    #[arg(long, value_name = "hoey|glop1|glop2|neoglop")]
    from: Option<Format>,

    /// Print JSON instead of text (fields in --help).
    #[arg(long)]
    json: bool,

    /// The position (quote it for the shell), a game, a file, or `-`.
    #[arg(value_name = "TEXT")]
    text: String,
}

#[derive(Debug, Serialize)]
struct ConvertJson {
    from: &'static str,
    to: &'static str,
    text: String,
    canonical: String,
}

#[derive(Debug, Serialize)]
struct CanonJson {
    from: &'static str,
    canonical: String,
    lands: Vec<String>,
    simplified: String,
}

/// The name JSON gives what was read: the position's notation, or `game`.
fn read_as(given: &Given) -> &'static str {
    match given {
        Given::Position(_, n) => n.name(),
        Given::Game(..) => "game",
    }
}

pub fn run(args: &Args) -> Result<()> {
    let mut out = output::stdout();
    match &args.command {
        Command::Convert(a) => {
            let source = input::source(&a.text)?;
            let given = source.read(a.from, false);
            let text = source.text.trim_start_matches('\u{feff}').trim();
            let neoglop_text = match &given {
                Ok(Given::Game(..)) => false,
                _ => a.from.map_or_else(
                    || PositionNotation::detect(text) == PositionNotation::Neoglop,
                    |f| f == Format::Neoglop,
                ),
            };
            // neo-GLOP to neo-GLOP keeps labels and the topology marks as
            // written (`C0` included): the text is written again from what
            // the neo-GLOP reader read, not from a position.
            let kept = match text.parse::<NeoGlop>() {
                Ok(g) if neoglop_text && a.to == Format::Neoglop => Some(g),
                _ => None,
            };
            let (from, pos, text) = match (kept, given) {
                (Some(g), _) => ("neoglop", g.position().clone(), g.to_string()),
                (None, Ok(given)) => {
                    let pos = given.position().clone();
                    if pos.is_on_surface() && matches!(a.to, Format::Hoey | Format::Glop1) {
                        bail!(
                            "the position is off the plane and {} has no topology: convert it to neoglop or glop2",
                            a.to.notation().name()
                        );
                    }
                    let text = a.to.notation().write(&pos);
                    (read_as(&given), pos, text)
                }
                (None, Err(e)) => return Err(e),
            };
            if a.json {
                output::json_line(
                    &mut out,
                    &ConvertJson {
                        from,
                        to: a.to.notation().name(),
                        text,
                        canonical: canonical(&pos).to_string(),
                    },
                )?;
            } else {
                writeln!(out, "{}", output::shown(text))?;
            }
        }
        Command::Canon(a) => {
            let given = input::read(&a.text, a.from, false)?;
            let pos = given.position();
            let c = canonical(pos);
            if a.json {
                output::json_line(
                    &mut out,
                    &CanonJson {
                        from: read_as(&given),
                        canonical: c.to_string(),
                        lands: c.lands().to_vec(),
                        simplified: simplify(pos).to_neoglop(),
                    },
                )?;
            } else {
                writeln!(out, "{}", output::shown(c.to_string()))?;
            }
        }
    }
    out.flush()?;
    Ok(())
}
