//! `sprouts position`: convert a position between notations, or print its
//! canonical form; and the position reading shared with `moves` and
//! `replay`.

use std::io::Write;

use anyhow::{anyhow, Result};
use clap::{Subcommand, ValueEnum};
use serde::Serialize;
use sprouts::canon::{canonical, simplify};
use sprouts::model::Position;
use sprouts::notation::neoglop::NeoGlop;
use sprouts::notation::{glop1, glop2, hoey, neoglop, PositionTextError};

use crate::output;

/// Convert a position between notations, or print its canonical form.
///
/// A position may be written in Hoey's notation (`1,6,2,6;3,7,4,7;5`),
/// GLOP 1.0 (`0.0.AB.}AB.}]!`), GLOP 2 (`12.AB|AB+0*3`) or neo-GLOP
/// (`0.0.AB/AB`, with repetitions `<0.>4`, partial positions `^x:xA/A1%xx.x`
/// and the rest of the 2009 grammar). The notation is detected unless
/// --from says it: text with `,` or `;` is Hoey; with `}`, or `]` but no
/// `[`, GLOP 1.0; with `|`, `*` or `@`, GLOP 2; anything else neo-GLOP
/// (which reads every GLOP 2 text without those).
#[derive(Debug, clap::Args)]
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
    pub fn name(self) -> &'static str {
        match self {
            Format::Hoey => "hoey",
            Format::Glop1 => "glop1",
            Format::Glop2 => "glop2",
            Format::Neoglop => "neoglop",
        }
    }

    /// The notation a position text is in (see [`Args`]).
    pub fn detect(text: &str) -> Format {
        if text.contains([',', ';']) {
            Format::Hoey
        } else if text.contains('}') || (text.contains(']') && !text.contains('[')) {
            Format::Glop1
        } else if text.contains(['|', '*', '@']) {
            Format::Glop2
        } else {
            Format::Neoglop
        }
    }

    /// The position in this notation (abbreviated Hoey).
    pub fn write(self, pos: &Position) -> String {
        match self {
            Format::Hoey => pos.to_hoey(),
            Format::Glop1 => pos.to_glop1(),
            Format::Glop2 => pos.to_glop2(),
            Format::Neoglop => pos.to_neoglop(),
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
            Shown::Glop1 => Format::Glop1.write(pos),
            Shown::Glop2 => Format::Glop2.write(pos),
            Shown::Neoglop => Format::Neoglop.write(pos),
            Shown::Canon => canonical(pos).to_string(),
        }
    }
}

/// Reads a position in the given notation, or the detected one; returns
/// the notation used too.
pub fn read(text: &str, from: Option<Format>) -> Result<(Position, Format)> {
    let format = from.unwrap_or_else(|| Format::detect(text));
    let read = match format {
        Format::Hoey => hoey::parse_position(text),
        Format::Glop1 => glop1::parse_position(text),
        Format::Glop2 => glop2::parse_position(text),
        Format::Neoglop => neoglop::parse_position(text),
    };
    read.map(|p| (p, format)).map_err(|e| match (format, e) {
        // The words `moves` always used for Hoey texts.
        (Format::Hoey, PositionTextError::Syntax(e)) => anyhow!("position text {e}"),
        (Format::Hoey, e) => anyhow!("{e}"),
        (f, e) => anyhow!("{} position: {e}", f.name()),
    })
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

    /// The position (quote it for the shell).
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
  from        the notation read
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

    /// The position (quote it for the shell).
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

pub fn run(args: &Args) -> Result<()> {
    let mut out = output::stdout();
    match &args.command {
        Command::Convert(a) => {
            let from = a.from.unwrap_or_else(|| Format::detect(&a.text));
            // neo-GLOP to neo-GLOP keeps labels and region topologies
            // (non-planar regions included).
            let (pos, text) = if (from, a.to) == (Format::Neoglop, Format::Neoglop) {
                let g: NeoGlop = a
                    .text
                    .parse()
                    .map_err(|e| anyhow!("{} position: {e}", from.name()))?;
                let text = g.to_string();
                (g.position().clone(), text)
            } else {
                let (pos, _) = read(&a.text, Some(from))?;
                let text = a.to.write(&pos);
                (pos, text)
            };
            if a.json {
                output::json_line(
                    &mut out,
                    &ConvertJson {
                        from: from.name(),
                        to: a.to.name(),
                        text,
                        canonical: canonical(&pos).to_string(),
                    },
                )?;
            } else {
                writeln!(out, "{}", output::shown(text))?;
            }
        }
        Command::Canon(a) => {
            let (pos, from) = read(&a.text, a.from)?;
            let c = canonical(&pos);
            if a.json {
                output::json_line(
                    &mut out,
                    &CanonJson {
                        from: from.name(),
                        canonical: c.to_string(),
                        lands: c.lands().to_vec(),
                        simplified: simplify(&pos).to_neoglop(),
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
