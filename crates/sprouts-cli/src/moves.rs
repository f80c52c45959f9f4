//! `sprouts moves`: the legal moves of a position, or their number.

use std::io::Write;

use anyhow::{Context, Result, bail};
use serde::Serialize;
use sprouts::model::{MAX_SPOT, Position, Topology, Variant};
use sprouts::notation::Notation;
use std::collections::HashSet;

use crate::input;
use crate::output::{self, PositionJson};
use crate::position;

/// List the legal moves of a position.
///
/// One line per move: its canonical text (Hoey, or --notation), a tab, and the position after
/// it (abbreviated; `(no live region)` when no move is left after it). Moves
/// that give the same position are listed once. Moves are written out one by
/// one, so a position with 2^k moves starts printing at once; see --limit
/// and --count.
///
/// Off the plane (a position with handles or cross-caps, `0.0T1`, or
/// --surface), moves have no text: each line is only the position the move
/// leaves, in neo-GLOP, which names no spot, so moves that differ only by
/// which spots they join (from spot 1 or spot 2 of `0.0T1`) are one line;
/// --count counts the lines.
#[derive(Debug, clap::Args)]
#[command(
    override_usage = "sprouts moves [OPTIONS] <POSITION>\n       sprouts moves [OPTIONS] --spots <N>",
    after_long_help = ["\
JSON output (--json): one object on one line.
  position    {hoey, hoey_full}: the position, abbreviated and full
  variant     \"normal\" or \"misere\"
  count       the number of legal moves, as a decimal string (it can exceed
              what a 64-bit integer holds)
  moves       [{text, wgosa, lhp, hoey, position, position_full}]: the
              canonical move text in --notation (Hoey by default) and in
              each notation, and the position after the move, abbreviated
              and full (absent with --count)
  Off the plane, position is the neo-GLOP text, count the number of
  distinct positions the moves leave, and moves [{position}] lists each
  of them once, in neo-GLOP.
  truncated   true when --limit left moves out (absent with --count)
An empty abbreviated position is \"\" in JSON.

Examples:
  sprouts moves '1,6,2,6;3,7,4,7;5'
  sprouts moves --spots 3 --full
  sprouts moves --spots 27 --count
  sprouts moves --notation wgosa '14+ 1(15)2 1(16)1[3-10]'

", input::INPUT_HELP].concat()
)]
pub struct Args {
    /// The position in Hoey notation, full or abbreviated, e.g. `1,6,2,6;3;4;5`,
    /// or in GLOP 1.0, GLOP 2 or neo-GLOP (`0.0.AB/AB`; see --from),
    /// or a game (it starts with its header, e.g. `8+ 1(9)2`; a bare number
    /// such as `22` is the 22-spot start unless --from is given): the moves
    /// after its last move (quote it for the shell); or a file holding
    /// either, or `-` for standard input.
    #[arg(
        value_name = "POSITION",
        required_unless_present = "spots",
        conflicts_with = "spots"
    )]
    position: Option<String>,

    /// Use the start of an N-spot game instead of a POSITION.
    #[arg(
        long,
        value_name = "N",
        value_parser = clap::value_parser!(u32).range(0..i64::from(MAX_SPOT / 4))
    )]
    spots: Option<u32>,

    /// With --spots: play on this surface, `T` then the handles or `C` then
    /// the cross-caps (T0 the plane, T1 the torus, C1 the projective plane,
    /// C2 the Klein bottle). Off the plane moves have no move text: each is
    /// listed by the position it leaves, in neo-GLOP, each position once.
    #[arg(long, value_name = "T1|C1|...", requires = "spots")]
    surface: Option<Topology>,

    /// Misère play (only the JSON `variant` field shows it: the moves are the
    /// same; a `-` header or label says it too, and --misere against `+` is
    /// an error).
    #[arg(long)]
    misere: bool,

    /// Print only the number of legal moves (computed without listing them).
    #[arg(long)]
    count: bool,

    /// List at most K moves.
    #[arg(long, value_name = "K", conflicts_with = "count")]
    limit: Option<u64>,

    /// Print full positions (every site listed) instead of abbreviated ones.
    #[arg(long)]
    full: bool,

    /// Print JSON instead of text (fields in --help).
    #[arg(long)]
    json: bool,

    #[arg(long, value_name = "hoey|glop1|glop2|neoglop", help = input::FROM_HELP)]
    from: Option<position::Format>,

    /// Write the moves in this notation.
    #[arg(long, value_name = "hoey|wgosa|lhp", default_value = "hoey")]
    notation: Notation,
}

/// One move in `moves --json`.
#[derive(Debug, Serialize)]
struct MoveJson {
    text: String,
    wgosa: String,
    lhp: String,
    hoey: String,
    position: String,
    position_full: String,
}

pub fn run(args: &Args) -> Result<()> {
    let variant = if args.misere {
        Variant::Misere
    } else {
        Variant::Normal
    };
    if args.surface.is_some() && args.spots.is_none() {
        bail!(
            "--surface starts a game with --spots N; a position says its surface itself (neo-GLOP Tn/Cn, GLOP 2 @g)"
        );
    }
    let pos = match (&args.position, args.spots) {
        (_, Some(n)) => Position::start_on(n, args.surface.unwrap_or(Topology::PLANE), variant),
        (Some(text), None) => input::read(text, args.from, args.misere)?
            .position()
            .clone(),
        (None, None) => bail!("give a POSITION or --spots N"),
    };
    let mut out = output::stdout();
    if args.json && pos.is_on_surface() {
        surface_json(args, &pos, &mut out)?;
    } else if args.json {
        json(args, &pos, &mut out)?;
    } else if pos.is_on_surface() {
        let children = surface_children(&pos)?;
        if args.count {
            writeln!(out, "{}", children.len())?;
        } else {
            let limit = usize::try_from(args.limit.unwrap_or(u64::MAX)).unwrap_or(usize::MAX);
            for after in children.iter().take(limit) {
                writeln!(out, "{}", output::shown(after.clone()))?;
            }
        }
    } else if args.count {
        writeln!(out, "{}", pos.count_moves())?;
    } else {
        let limit = usize::try_from(args.limit.unwrap_or(u64::MAX)).unwrap_or(usize::MAX);
        for m in pos.legal_moves().take(limit) {
            let (text, after) = describe(&pos, &m, args.notation)?;
            writeln!(
                out,
                "{text}\t{}",
                output::shown(output::hoey(&after, args.full))
            )?;
        }
    }
    out.flush()?;
    Ok(())
}

/// The canonical text of a legal move and the position after it.
fn describe(
    pos: &Position,
    m: &sprouts::model::Move,
    notation: Notation,
) -> Result<(String, Position)> {
    let text = notation
        .write(pos, m)
        .context("internal error: a generated move cannot be written")?;
    let after = pos
        .play(m)
        .with_context(|| format!("internal error: generated move {text} cannot be played"))?;
    Ok((text, after))
}

/// The positions the moves of a position off the plane leave, in neo-GLOP,
/// each once: [`Position::children`] tells positions apart by their spot
/// names, so moves that differ only by them (from spot 1 or from spot 2 of
/// `0.0T1`) leave the same text.
fn surface_children(pos: &Position) -> Result<Vec<String>> {
    let mut seen = HashSet::new();
    Ok(pos
        .children()?
        .iter()
        .map(Position::to_neoglop)
        .filter(|t| seen.insert(t.clone()))
        .collect())
}

/// `moves --json` off the plane: the positions the moves leave, in
/// neo-GLOP (the move notations are planar).
fn surface_json<W: Write>(args: &Args, pos: &Position, out: &mut W) -> Result<()> {
    let children = surface_children(pos)?;
    let limit = usize::try_from(args.limit.unwrap_or(u64::MAX)).unwrap_or(usize::MAX);
    let shown: Vec<SurfaceMoveJson> = children
        .iter()
        .take(limit)
        .map(|c| SurfaceMoveJson {
            position: c.clone(),
        })
        .collect();
    let count = children.len().to_string();
    let truncated = (!args.count).then_some(children.len() > limit);
    let moves = (!args.count).then_some(shown);
    let doc = SurfaceJson {
        position: pos.to_neoglop(),
        variant: pos.variant().name(),
        count,
        moves,
        truncated,
    };
    output::json_line(out, &doc)?;
    Ok(())
}

/// `moves --json` off the plane.
#[derive(Debug, Serialize)]
struct SurfaceJson {
    position: String,
    variant: &'static str,
    count: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<Vec<SurfaceMoveJson>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    truncated: Option<bool>,
}

#[derive(Debug, Serialize)]
struct SurfaceMoveJson {
    position: String,
}

/// Writes the JSON document piece by piece, so that a long list of moves is
/// never held in memory.
fn json<W: Write>(args: &Args, pos: &Position, out: &mut W) -> Result<()> {
    out.write_all(b"{\"position\":")?;
    output::json(out, &PositionJson::of(pos))?;
    out.write_all(b",\"variant\":")?;
    output::json(out, pos.variant().name())?;
    out.write_all(b",\"count\":")?;
    output::json(out, &pos.count_moves().to_string())?;
    if !args.count {
        out.write_all(b",\"moves\":[")?;
        let limit = args.limit.unwrap_or(u64::MAX);
        let mut truncated = false;
        for (listed, m) in (0u64..).zip(pos.legal_moves()) {
            if listed == limit {
                truncated = true;
                break;
            }
            let (text, after) = describe(pos, &m, args.notation)?;
            let [wgosa, lhp, hoey] =
                Notation::ALL.map(|n| n.write(pos, &m).expect("a generated move can be written"));
            if listed > 0 {
                out.write_all(b",")?;
            }
            output::json(
                out,
                &MoveJson {
                    text,
                    wgosa,
                    lhp,
                    hoey,
                    position: after.to_hoey(),
                    position_full: after.to_hoey_full(),
                },
            )?;
        }
        out.write_all(b"],\"truncated\":")?;
        output::json(out, &truncated)?;
    }
    out.write_all(b"}\n")?;
    Ok(())
}
