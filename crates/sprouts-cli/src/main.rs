//! `sprouts`: replay, check and convert games (WGOSA, LHP or Hoey notation),
//! list moves, draw, convert and canonicalise positions (Hoey, GLOP 1.0,
//! GLOP 2, neo-GLOP), solve and analyze, keep a database of solved
//! positions, benchmark the solver and serve the web page.
//!
//! One module per command ([`replay`], [`convert`], [`moves`], [`draw`],
//! [`position`], [`serve`], [`solve`], [`analyze`], [`db`], [`bench`],
//! [`check`]);
//! [`input`] reads a game or a position the same way for every command;
//! [`output`] holds what they share: the JSON shapes, the text form of a
//! position and a stdout writer that stops quietly when the reader goes away.

use std::io;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// The solver allocates many small keys, which mimalloc serves faster than
/// the system allocator; its version 2 (the `v2` feature) touches less fresh
/// memory than version 3. Measurements: docs/benchmarks.md#build.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod analyze;
mod bench;
mod check;
mod convert;
mod db;
mod draw;
mod input;
mod moves;
mod output;
mod position;
mod replay;
mod serve;
mod solve;

/// Replay, check, convert and explore games of Sprouts.
///
/// A game is a header (`5+` normal play, `5-` misère, optionally followed by
/// players in parentheses), moves, and an optional result `I` or `II`. Moves
/// are written in WGOSA notation (`14+ 1(15)2 1(16)1[3-10]`), Purinton's
/// left-hand-path notation (`3+ 1<4>1[2]`) or Hoey's notation, separated by
/// `;` (`5+ 1-6-2; 3-7-4; 1-8-2>; 3-9-4>1`).
///
/// A position is written with `,` between sites, `;` between boundaries and
/// `/` between regions, full (`1,6,2,6;3,7,4,7;5`) or abbreviated (`1,2;5`),
/// or in a position-library notation: GLOP 1.0, GLOP 2 or neo-GLOP
/// (`0.0.AB/AB`; see `sprouts position`).
#[derive(Debug, Parser)]
#[command(
    name = "sprouts",
    version,
    propagate_version = true,
    after_long_help = "\
Exit status: 0 on success, 1 when the input is bad (the reason is one line on
standard error, starting with `sprouts: `), 2 when the command line is wrong."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Replay(replay::Args),
    Convert(convert::Args),
    Moves(moves::Args),
    Draw(draw::Args),
    Position(position::Args),
    Serve(serve::Args),
    Solve(solve::Args),
    Analyze(analyze::Args),
    Db(db::Args),
    Bench(bench::Args),
    Check(check::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Replay(args) => replay::run(args),
        Command::Convert(args) => convert::run(args),
        Command::Moves(args) => moves::run(args),
        Command::Draw(args) => draw::run(args),
        Command::Position(args) => position::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Analyze(args) => analyze::run(args),
        Command::Db(args) => db::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Check(args) => check::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // The reader of our output went away (`sprouts moves ... | head`):
        // nothing more to say.
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        // Each bad game already has its line on standard error.
        Err(e) if e.downcast_ref::<replay::Reported>().is_some() => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("sprouts: {}", one_line(&message(&e)));
            ExitCode::FAILURE
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// The error and its causes, joined by `: `, each said once: the library's
/// errors keep their cause (`source`) and already end their message with
/// it (`move 3 (1-5-2): illegal: ...`), so a cause that ends the message so
/// far is not repeated.
pub(crate) fn message(e: &anyhow::Error) -> String {
    let mut out = String::new();
    for cause in e.chain() {
        let text = cause.to_string();
        if out.ends_with(&text) {
            continue;
        }
        if !out.is_empty() {
            out.push_str(": ");
        }
        out.push_str(&text);
    }
    out
}

/// The message with control characters and line separators escaped, so
/// that an error is always exactly one line (a move text may hold a newline
/// when a `;` is missing).
fn one_line(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    for c in message.chars() {
        if c.is_control() || c == '\u{2028}' || c == '\u{2029}' {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cli_is_well_formed() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }

    #[test]
    fn causes_are_said_once() {
        use sprouts::notation::transcript::Transcript;
        let g: Transcript = "2+ 1-3-2; 1-4-1=; 1-5-2".parse().unwrap();
        let e = anyhow::Error::from(g.replay().unwrap_err());
        assert_eq!(
            message(&e),
            "move 3 (1-5-2): illegal: spot 1 has no lives left"
        );
        let e = e.context("game.txt");
        assert_eq!(
            message(&e),
            "game.txt: move 3 (1-5-2): illegal: spot 1 has no lives left"
        );
    }

    #[test]
    fn one_line_escapes_breaks() {
        assert_eq!(
            one_line("move 1 (1-6-2\n3-7-4): x"),
            "move 1 (1-6-2\\n3-7-4): x"
        );
        assert_eq!(one_line("a\rb\u{2028}c\td"), "a\\rb\\u{2028}c\\td");
        assert_eq!(
            one_line("spot 7 has no lives left"),
            "spot 7 has no lives left"
        );
    }
}
