//! `sprouts convert`: rewrite games canonically in any move notation.

use std::io::Write;

use anyhow::Result;
use sprouts::notation::Notation;

use crate::output;
use crate::replay::replay_each;

/// Rewrite games canonically in WGOSA, LHP or Hoey notation.
///
/// Reads transcripts as `sprouts replay` does (any notation, several games,
/// comments), checks every move, and writes each game on one line: the
/// header and result as they were, every move in its canonical text in the
/// chosen notation. Converting back gives the same canonical text. A bad
/// game is reported on standard error (one line naming the game and the
/// move) and the others are still written; the exit status is then 1.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  sprouts convert --to lhp examples/published-wgosa.txt
  echo '3+ (Steinitz - Morphy *) 1(4)1[2] I' | sprouts convert --to hoey")]
pub struct Args {
    /// The notation to write.
    #[arg(long, value_name = "hoey|wgosa|lhp")]
    to: Notation,

    /// The games; `-` (the default) reads standard input. An argument that
    /// starts with a header (`5+ 1-6-2`) is the games' text itself.
    #[arg(value_name = "FILE", default_value = "-")]
    file: String,

    /// The move notation of the input (detected from the moves if not given).
    #[arg(long, value_name = "hoey|wgosa|lhp")]
    notation: Option<Notation>,
}

pub fn run(args: &Args) -> Result<()> {
    let mut out = output::stdout();
    replay_each(&args.file, args.notation, |_, replay, _| {
        writeln!(out, "{}", replay.to_notation(args.to))?;
        Ok(())
    })?;
    out.flush()?;
    Ok(())
}
