//! `sprouts solve`: who wins a position or the end of a game, and which
//! moves win.

use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use sprouts::model::{MAX_SPOT, Position, Topology, Variant};
use sprouts::notation::{Notation, PositionNotation};
use sprouts::solve::{
    MisereMemory, Progress, Solver, Stacked, Store, decompose, time_limit, time_slice,
};

use crate::db::{self, DbArgs};
use crate::input::{self, Given};
use crate::output;
use crate::position::Format;
use sprouts_store::Backing;

/// Solve a position: who wins, with which moves.
///
/// The input is the N-spot start (--spots N), a position in Hoey notation
/// (`1,6,2,6;3,7,4,7;5`), GLOP 1.0 (`0.0.AB.}AB.}]!`), GLOP 2 (`0.0.AB|AB`,
/// `0*3`) or neo-GLOP (`0.0.AB/AB`), detected as `sprouts moves` does (see
/// --from), or a game in WGOSA, LHP or Hoey notation (its header says normal
/// `+` or misère `-` play; a bare number such as `22` is the 22-spot start,
/// unless --from makes it a position text); an argument naming a file reads
/// the file, `-` standard input. For a game, the position after its
/// last move is solved and the winning moves are listed in the game's own
/// notation, one per group of moves that leave the same position up to
/// symmetry.
///
/// Prints whether the player to move wins, the nimber (normal play), the
/// time and the number of positions searched. Results go to the database
/// (--db, default $XDG_DATA_HOME/sprouts/solved.redb) so later solves reuse
/// them; an interrupted solve keeps what it had committed.
#[derive(Debug, clap::Args)]
#[command(
    override_usage = "sprouts solve [OPTIONS] <POSITION|GAME>\n       sprouts solve [OPTIONS] --spots <N>",
    after_long_help = ["\
JSON output (--json): one object on one line.
  variant        \"normal\" or \"misere\"
  outcome        \"win\" or \"loss\" for the player to move
  nimber         the nimber (normal play only)
  seconds        time taken
  searched       positions searched (move lists generated)
  stored         results now in the memory table
  lands          the position's lands, each in GLOP 2 (`sprouts position
                 convert --from glop2` reads them)
  from           the notation the position was read in: \"hoey\", \"glop1\",
                 \"glop2\" or \"neoglop\" (positions only)
  notation       the game's notation (games only)
  winning_moves  [{move, same}]: each winning move in the game's notation
                 and how many other listed moves lead to the same position
                 up to symmetry (games only)
  tree           with --tree: the position's misère canonical tree (0, *,
                 *2, ... for nim heaps, {A,B,...} for a game with options
                 A, B, ...); past 4096 characters, as named games
                 (g12={*3,g9}; g9={*,*2,{*2}}: the first is the tree)
  genus          with --tree: its genus (Conway), such as \"1^031\"
  certificate    {couples, seconds}: the certificate written and the time
                 it took, within `seconds` (--certificate only); misère:
                 {trees, land_trees, losses, seconds}
With --each-move: {variant, outcome, seconds, searched, distinct, moves}
  (distinct: how many distinct moves the position has), outcome
  \"win\", \"loss\" or \"undecided\"; moves: [{move, same, result,
  searched, seconds}] in the order decided, result \"wins\", \"loses\" or
  \"undecided\" for the player who makes the move (searched 0: read back
  from the database).

Examples:
  sprouts solve --spots 8
  sprouts solve --misere --spots 5 --no-db
  sprouts solve --misere --tree --json '0.0.0'
  sprouts solve --no-db '0.0.AB/AB'
  sprouts solve --json '8+ 1(9)2 1(10)1[3,4] 3(11)10 2(12)5'
  sprouts solve --misere --spots 21 --each-move --timeout 3600

", input::INPUT_HELP].concat()
)]
pub struct Args {
    /// A position (Hoey, GLOP 1.0, GLOP 2 or neo-GLOP), a game, or a file
    /// holding either.
    #[arg(
        value_name = "POSITION|GAME",
        required_unless_present = "spots",
        conflicts_with = "spots"
    )]
    input: Option<String>,

    /// Solve the start with N spots.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..i64::from(MAX_SPOT / 4)))]
    spots: Option<u32>,

    /// With --spots: play on this surface, `T` then the handles or `C` then
    /// the cross-caps (T0 the plane, T1 the torus, C1 the projective plane,
    /// C2 the Klein bottle; docs/surfaces.md).
    #[arg(long, value_name = "T1|C1|...", requires = "spots")]
    surface: Option<Topology>,

    /// Misère play (for --spots and positions without a label; a game's
    /// header or a neo-GLOP label `5-:` says misère itself, and --misere
    /// against a `+` header or label is an error).
    #[arg(long)]
    misere: bool,

    /// Print JSON (fields in --help).
    #[arg(long)]
    json: bool,

    #[arg(long, value_name = "hoey|glop1|glop2|neoglop", help = input::FROM_HELP)]
    from: Option<Format>,

    #[command(flatten)]
    db: DbArgs,

    /// Give up after this many seconds (results proved so far are kept).
    #[arg(long, value_name = "SECS")]
    timeout: Option<f64>,

    #[arg(long, value_name = "N", default_value_t = 0, help = THREADS_HELP)]
    threads: usize,

    /// Also give the position's misère canonical tree and its genus (every
    /// position it leads to is visited: for small positions).
    #[arg(long)]
    tree: bool,
    /// Also write a proof of the nimber to FILE: couples (land + heap)
    /// that are losses; in misère play, losing positions with the canonical
    /// trees of their small lands. `sprouts check FILE` checks it without
    /// searching (docs/certificates.md).
    #[arg(long, value_name = "FILE")]
    certificate: Option<std::path::PathBuf>,
    /// With --certificate (normal play): prove the outcome only, as small
    /// as it can: a win by one move to a loss (trying up to N of the moves
    /// to a loss and keeping the smallest proof; the header says
    /// `outcome: win`), a loss by its nimber 0 (docs/certificates.md#small).
    #[arg(long, value_name = "N", requires = "certificate")]
    smallest: Option<usize>,
    /// The certificate's format: this program's (`sprouts`), or SPOTS's
    /// database (`spots`: `[Positions+Nimber]` then its lands as SPOTS
    /// names them, which SPOTS reads as its `--input_database`; normal
    /// play only).
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = CertificateFormat::Sprouts, requires = "certificate")]
    format: CertificateFormat,
    /// Solve the position's distinct moves one at a time (moves that leave
    /// the same lands counted once, in the order `sprouts moves` lists
    /// them), each within --timeout, against one database and one table:
    /// a line per move as it is decided (`loses`: the player after it
    /// wins), until a move wins or all are done. Run again, it takes up
    /// where it stopped: decided moves are read back, not searched. With
    /// --threads, the helpers (misère play) take the moves after the one
    /// searched (README.md, "Solving").
    #[arg(long, conflicts_with_all = ["tree", "certificate"])]
    each_move: bool,
    /// With --each-move: take the moves in rounds, giving each move still
    /// open SECS in the first round and twice as long in each next one (up
    /// to --timeout a move, if given; without it, rounds go on until the
    /// position is decided), so that one hard move does not hold up a
    /// winning one after it. A line per move and round (`undecided` with
    /// the totals so far while it is open).
    #[arg(long, value_name = "SECS", requires = "each_move")]
    slice: Option<f64>,
}

/// What `--certificate` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum CertificateFormat {
    /// This program's certificate (docs/certificates.md).
    Sprouts,
    /// SPOTS's database (docs/certificates.md#spots).
    Spots,
}

/// Above this many lives, `--tree` says first what the tree costs.
const TREE_NOTE_LIVES: u32 = 15;

/// What a tree costs (docs/benchmarks.md#misere-profile): every position
/// the position leads to is visited, with no search to cut it short.
const TREE_NOTE: &str = "note: --tree visits every position this one leads to: \
     measured on 2 cores, 5 spots (15 lives) 155,157 positions in 3 s of CPU, \
     6 spots (18 lives) 5,678,382 positions in 206 s of CPU; each further spot multiplies the time \
     by 30 or more (--timeout bounds it; what is proved is kept)";

/// The longest tree text `--tree` writes in full; a longer one is written
/// as named games (`Trees::named_text`), whose length follows the table.
const TREE_TEXT: u64 = 4096;

/// The help of every `--threads`.
pub const THREADS_HELP: &str = "Search on N threads: the search and N-1 helpers that prove what it will likely need next (normal and misère play; 0: one per CPU, at most 8)";

/// A spinner on standard error once a solve has taken a second; when
/// standard error is not a terminal (a long run under `nohup`, its errors
/// sent to a file), a line every [`LOG_EVERY`] instead, so that the file
/// shows how far the run has gone.
pub struct Bar {
    start: Instant,
    bar: Option<ProgressBar>,
    log: Option<Log>,
    /// Where the memory went, for the next line of the log.
    held: Option<String>,
}

/// Lines of progress for a reader that is not a terminal.
struct Log {
    every: Duration,
    last: Instant,
    to: Box<dyn Write>,
}

/// How often a solve whose standard error is not a terminal says how far it is.
const LOG_EVERY: Duration = Duration::from_secs(60);

impl Bar {
    pub fn new() -> Bar {
        let mut bar = Bar {
            start: Instant::now(),
            bar: None,
            log: None,
            held: None,
        };
        if !std::io::stderr().is_terminal() {
            bar.log_to(Box::new(std::io::stderr()), LOG_EVERY);
        }
        bar
    }

    /// Writes a line to `to` every `every` instead of showing a spinner.
    fn log_to(&mut self, to: Box<dyn Write>, every: Duration) {
        self.log = Some(Log {
            every,
            last: self.start,
            to,
        });
    }
}

/// A log line's account of the memory: the search's parts that hold any,
/// in MiB, and the process's resident memory where the system says it.
fn memory_text(held: &MisereMemory) -> String {
    let parts = [
        ("trees", held.trees),
        ("sums", held.sums),
        ("land trees", held.lands),
        ("given up", held.given_up),
        ("table", held.table),
        ("results", held.results),
    ];
    let mib = |b: usize| b.div_ceil(1 << 20);
    let mut text: Vec<String> = parts
        .iter()
        .filter(|(_, b)| *b > 0)
        .map(|(name, b)| format!("{name} {}", mib(*b)))
        .collect();
    if let Some(kib) = resident_kib() {
        text.push(format!("resident {}", kib.div_ceil(1024)));
    }
    format!("; memory MiB: {}", text.join(", "))
}

/// The process's resident memory in KiB (Linux: `VmRSS` of
/// /proc/self/status), if known.
fn resident_kib() -> Option<usize> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

impl Progress for Bar {
    fn wants_memory(&mut self) -> bool {
        self.log
            .as_ref()
            .is_some_and(|log| log.last.elapsed() >= log.every)
    }
    fn memory(&mut self, held: &MisereMemory) {
        self.held = Some(memory_text(held));
    }
    fn searched(&mut self, total: u64) {
        if let Some(log) = &mut self.log {
            if log.last.elapsed() >= log.every {
                let secs = self.start.elapsed().as_secs();
                let held = self.held.take().unwrap_or_default();
                // A log that cannot be written to is no reason to stop a solve.
                let _ = writeln!(
                    log.to,
                    "sprouts: {}:{:02}:{:02} elapsed, {total} positions searched{held}",
                    secs / 3600,
                    secs / 60 % 60,
                    secs % 60
                );
                log.last = Instant::now();
            }
            return;
        }
        if self.bar.is_none() && self.start.elapsed() >= Duration::from_secs(1) {
            let b = ProgressBar::new_spinner();
            b.set_style(
                ProgressStyle::with_template("{spinner} {elapsed} {msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            );
            self.bar = Some(b);
        }
        if let Some(b) = &self.bar {
            b.set_message(format!("{total} positions searched"));
            b.tick();
        }
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}

/// Runs `f` on the solver's stack ([`sprouts::solve::on_solver_stack`]),
/// whose solvers search on `threads` threads (0: one per CPU; see
/// `sprouts::solve::use_threads`).
pub fn with_big_stack<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> Result<T> {
    sprouts::solve::on_solver_stack(move || {
        sprouts::solve::use_threads(threads);
        f()
    })
    .context("cannot start the solver thread")
}

/// A flag that Ctrl-C (SIGINT) sets, for [`Solver::set_cancel`]: the
/// search stops and the store is closed as after a timeout, keeping what
/// was proved. While another process holds the database ([`db::WAITING`])
/// and at a second Ctrl-C, the process exits at once, saying so. The
/// handler is in place when this returns.
fn on_interrupt() -> Result<Arc<AtomicBool>> {
    let flag = Arc::new(AtomicBool::new(false));
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .build()
            .context("cannot start the Ctrl-C handler")?;
        let mut interrupt = {
            let _in_rt = rt.enter();
            signal(SignalKind::interrupt()).context("cannot handle Ctrl-C")?
        };
        let set = flag.clone();
        std::thread::spawn(move || {
            rt.block_on(async {
                if interrupt.recv().await.is_some() {
                    set.store(true, Ordering::Relaxed);
                    if db::WAITING.load(Ordering::Relaxed) {
                        eprintln!("sprouts: interrupted while waiting for the database");
                        std::process::exit(130);
                    }
                }
                if interrupt.recv().await.is_some() {
                    eprintln!(
                        "sprouts: interrupted twice: stopped at once (results not yet committed are lost)"
                    );
                    std::process::exit(130);
                }
            });
        });
    }
    Ok(flag)
}

/// After a solve that was stopped (Ctrl-C, `--timeout`), says on standard
/// error how far it got: how many of the position's distinct moves are
/// decided, and which (`1(10)1 loses`: the player after it wins). Only
/// for positions of at most 2^20 moves: the moves are listed one by one
/// (a start of N spots has about N 2^(N-1)), and a stopped solve must end
/// soon.
fn report_moves_known<S: Store>(solver: &mut Solver<S>, pos: &Position, notation: Notation) {
    if pos.count_moves().bits() > 20 {
        return;
    }
    let Ok(known) = solver.moves_known(pos) else {
        return;
    };
    let decided: Vec<String> = known
        .iter()
        .filter_map(|(m, _, after)| {
            let word = if (*after)? { "loses" } else { "wins" };
            Some(format!("{} {word}", notation.write_listed(pos, m)))
        })
        .collect();
    let list = if decided.is_empty() {
        String::new()
    } else {
        format!(": {}", decided.join(", "))
    };
    eprintln!(
        "sprouts: distinct moves decided so far: {} of {}{list}",
        decided.len(),
        known.len()
    );
}

/// A time option's value ([`time_limit`]; a slice, [`time_slice`]: more
/// than zero), or an error that names the option.
pub fn seconds_arg(name: &str, t: f64, slice: bool) -> Result<Duration> {
    let d = if slice { time_slice(t) } else { time_limit(t) };
    match d {
        Some(d) => Ok(d),
        None if slice => bail!("{name} must be a positive number of seconds, found {t}"),
        None => bail!("{name} must be a number of seconds, found {t}"),
    }
}

/// A solver over the database with progress and deadline set.
pub fn new_solver(db: &DbArgs, timeout: Option<f64>) -> Result<Solver<Stacked<Backing>>> {
    let mut s = db::solver(db)?;
    s.set_progress(Box::new(Bar::new()));
    if let Some(t) = timeout {
        s.set_deadline(Instant::now() + seconds_arg("--timeout", t, false)?);
    }
    Ok(s)
}

/// Turns a solver error into the command's error, naming the timeout and
/// saying whether what was proved is kept (`with_db`) or lost (`--no-db`).
pub fn stopped_error(
    e: sprouts::solve::SolveError,
    timeout: Option<f64>,
    with_db: bool,
) -> anyhow::Error {
    if e.is_stopped() {
        let kept = if with_db {
            "what was proved is kept in the database"
        } else {
            "nothing is kept: --no-db"
        };
        anyhow!(
            "no answer within the timeout of {} s ({kept})",
            timeout.unwrap_or(0.0)
        )
    } else {
        anyhow::Error::from(e)
    }
}

#[derive(Debug, Serialize)]
struct WinningMove {
    #[serde(rename = "move")]
    text: String,
    same: usize,
}

/// What `--certificate` wrote.
#[derive(Debug, Serialize)]
struct CertificateJson {
    /// Couples listed (normal play).
    #[serde(skip_serializing_if = "Option::is_none")]
    couples: Option<usize>,
    /// Misère: trees, land trees and losses listed.
    #[serde(skip_serializing_if = "Option::is_none")]
    trees: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    land_trees: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    losses: Option<usize>,
    /// Time taken to build and write it (within `seconds`).
    seconds: f64,
}

#[derive(Debug, Serialize)]
struct SolveJson {
    variant: &'static str,
    outcome: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    nimber: Option<u8>,
    seconds: f64,
    searched: u64,
    stored: usize,
    lands: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    notation: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    winning_moves: Option<Vec<WinningMove>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tree: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    genus: Option<String>,
    /// The certificate written (--certificate).
    #[serde(skip_serializing_if = "Option::is_none")]
    certificate: Option<CertificateJson>,
}

/// Writes the certificate of the position's nimber, or of its misère
/// outcome (built from what the solve proved) to `path`; gives how many
/// lines of each kind it holds.
fn write_certificate(
    solver: &mut Solver<Stacked<Backing>>,
    pos: &Position,
    path: &std::path::Path,
    format: CertificateFormat,
    smallest: Option<usize>,
    fail: impl Fn(sprouts::solve::SolveError) -> anyhow::Error,
) -> Result<CertificateJson> {
    let start = Instant::now();
    let mut json = CertificateJson {
        couples: None,
        trees: None,
        land_trees: None,
        losses: None,
        seconds: 0.0,
    };
    let text = match pos.variant() {
        Variant::Normal => {
            // SPOTS reads lines of one land only: no sum couple for it.
            let cert = match smallest {
                Some(tries) if format == CertificateFormat::Spots => {
                    solver.outcome_certificate_of_lands(pos, tries)
                }
                Some(tries) => solver.outcome_certificate(pos, tries),
                None => solver.certificate(pos),
            }
            .map_err(&fail)?;
            if format == CertificateFormat::Spots {
                let db = sprouts::solve::SpotsDatabase::from_certificate(&cert);
                json.couples = Some(db.lines.len());
                db.to_string()
            } else {
                json.couples = Some(cert.lines.len());
                cert.to_string()
            }
        }
        Variant::Misere if format == CertificateFormat::Spots => {
            bail!("--format spots: SPOTS's databases are of normal play only")
        }
        Variant::Misere => {
            let cert = solver.misere_certificate(pos).map_err(&fail)?;
            json.trees = Some(cert.trees.len());
            json.land_trees = Some(cert.land_trees.len());
            json.losses = Some(cert.losses.len());
            cert.to_string()
        }
    };
    let mut file = std::io::BufWriter::new(
        std::fs::File::create(path).with_context(|| format!("cannot create {}", path.display()))?,
    );
    file.write_all(text.as_bytes())
        .and_then(|()| file.flush())
        .with_context(|| format!("cannot write {}", path.display()))?;
    json.seconds = start.elapsed().as_secs_f64();
    Ok(json)
}

/// One move of `--each-move`.
#[derive(Debug, Serialize)]
struct MoveJson {
    #[serde(rename = "move")]
    text: String,
    same: usize,
    result: &'static str,
    searched: u64,
    seconds: f64,
}

#[derive(Debug, Serialize)]
struct EachMoveJson {
    variant: &'static str,
    outcome: &'static str,
    seconds: f64,
    searched: u64,
    /// How many distinct moves the position has.
    distinct: usize,
    moves: Vec<MoveJson>,
}

/// `--each-move`: [`Solver::each_move`], each move's line given to `line`
/// as it is decided.
fn each_move(
    solver: &mut Solver<Stacked<Backing>>,
    pos: &Position,
    notation: Notation,
    per_move: Option<Duration>,
    first: Option<Duration>,
    mut line: impl FnMut(&MoveJson),
) -> Result<EachMoveJson> {
    let start = Instant::now();
    let json = |m: &sprouts::solve::MoveOutcome| MoveJson {
        text: notation.write_listed(pos, &m.first),
        same: m.same,
        result: match m.wins {
            Some(true) => "wins",
            Some(false) => "loses",
            None => "undecided",
        },
        searched: m.searched,
        seconds: m.seconds,
    };
    let r = solver.each_move_in_rounds(pos, first, per_move, |m| line(&json(m)))?;
    Ok(EachMoveJson {
        variant: pos.variant().name(),
        outcome: match r.win {
            Some(true) => "win",
            Some(false) => "loss",
            None => "undecided",
        },
        seconds: start.elapsed().as_secs_f64(),
        searched: solver.searched(),
        distinct: r.distinct,
        moves: r.moves.iter().map(json).collect(),
    })
}

/// After Ctrl-C: says what was kept and exits with status 130.
fn exit_interrupted(args: &Args) -> ! {
    eprintln!("sprouts: interrupted: {}", args.db.kept());
    std::process::exit(130);
}

/// The first line of a solve's text answer.
fn outcome_line(out: &mut impl Write, outcome: &str, variant: &str) -> std::io::Result<()> {
    writeln!(out, "outcome\t{outcome} for the player to move ({variant})")
}

/// `sprouts solve --each-move`.
fn run_each_move(args: &Args, pos: Position, notation: Notation) -> Result<()> {
    let interrupted = on_interrupt()?;
    let db = args.db.clone();
    let timeout = args.timeout;
    let per_move = timeout
        .map(|t| seconds_arg("--timeout", t, false))
        .transpose()?;
    let slice = args
        .slice
        .map(|t| seconds_arg("--slice", t, true))
        .transpose()?;
    let json = args.json;
    let flag = interrupted.clone();
    let result = with_big_stack(args.threads, move || -> Result<EachMoveJson> {
        let mut solver = new_solver(&db, None)?;
        solver.set_cancel(flag.clone());
        let mut out = output::stdout();
        let r = each_move(&mut solver, &pos, notation, per_move, slice, |m| {
            if !json {
                let _ = writeln!(
                    out,
                    "move\t{}\t{}\t{}\t{:.1}",
                    m.text, m.result, m.searched, m.seconds
                );
                let _ = out.flush();
            }
        });
        solver.store_mut().flush();
        if let Some(e) = solver.store().back().error() {
            bail!("{e}");
        }
        r
    })??;
    if interrupted.load(Ordering::Relaxed) {
        exit_interrupted(args);
    }
    let mut out = output::stdout();
    if json {
        output::json(&mut out, &result)?;
        writeln!(out)?;
    } else {
        outcome_line(&mut out, result.outcome, result.variant)?;
        writeln!(out, "seconds\t{:.3}", result.seconds)?;
        writeln!(out, "searched\t{}", result.searched)?;
    }
    out.flush()?;
    let undecided = result
        .moves
        .iter()
        .filter(|m| m.result == "undecided")
        .count();
    if result.outcome == "undecided" {
        let kept = if args.db.no_db {
            String::new()
        } else {
            " (what was proved is kept in the database)".to_string()
        };
        eprintln!(
            "sprouts: {} of {} distinct moves undecided within the timeout of {} s each{kept}",
            undecided + result.distinct - result.moves.len(),
            result.distinct,
            timeout.unwrap_or(0.0)
        );
    }
    Ok(())
}

pub fn run(args: &Args) -> Result<()> {
    if args.misere && args.format == CertificateFormat::Spots {
        bail!("--format spots: SPOTS's databases are of normal play only");
    }
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
    let (pos, game, from) = match (&args.input, args.spots) {
        (_, Some(n)) => (
            Position::start_on(n, args.surface.unwrap_or(Topology::PLANE), variant),
            None,
            None,
        ),
        (Some(t), None) => match input::read(t, args.from, args.misere)? {
            Given::Position(p, f) => (p, None, Some(f)),
            Given::Game(r, n) => (r.position().clone(), Some(n), None),
        },
        (None, None) => bail!("give a POSITION, a GAME or --spots N"),
    };
    if args.each_move {
        return run_each_move(args, pos, game.unwrap_or(Notation::Wgosa));
    }
    let interrupted = on_interrupt()?;
    let cancel = interrupted.clone();
    let db = args.db.clone();
    let timeout = args.timeout;
    let json = args.json;
    let want_tree = args.tree;
    let certificate = args.certificate.clone();
    let format = args.format;
    let result = with_big_stack(args.threads, move || -> Result<SolveJson> {
        let mut solver = new_solver(&db, timeout)?;
        solver.set_cancel(cancel);
        if certificate.is_some() && pos.variant() == Variant::Misere {
            // A misère certificate names positions by the trees of their
            // small lands only: the search that leaves the store the
            // certificate is built from keys them so.
            solver.set_big_land_trees(false);
        }
        if certificate.is_some() {
            // The proof is built from what the search leaves in the store,
            // and the whole sum's searches leave smaller proofs; restarts
            // were not measured there.
            solver.set_child_sum(sprouts::solve::ChildSum::Whole);
            solver.set_restarts(None);
        }
        let fail = |e: sprouts::solve::SolveError| stopped_error(e, timeout, !db.no_db);
        let start = Instant::now();
        let win = match solver.win(&pos) {
            Ok(w) => w,
            Err(e) => {
                if e.is_stopped() {
                    report_moves_known(&mut solver, &pos, game.unwrap_or(Notation::Wgosa));
                }
                return Err(fail(e));
            }
        };
        let nimber = match pos.variant() {
            Variant::Normal => Some(solver.nimber(&pos).map_err(&fail)?),
            Variant::Misere => None,
        };
        let winning = match game {
            Some(n) if win => Some(
                solver
                    .winning_moves_in(&pos, n)
                    .map_err(&fail)?
                    .into_iter()
                    .map(|(text, same)| WinningMove { text, same })
                    .collect(),
            ),
            Some(_) => Some(Vec::new()),
            None => None,
        };
        let (tree, genus) = if want_tree {
            if pos.lives() > TREE_NOTE_LIVES {
                eprintln!("{TREE_NOTE}");
            }
            let t = solver.position_tree(&pos).map_err(&fail)?;
            let trees = solver.trees();
            let text = if trees.text_len(t, TREE_TEXT + 1) <= TREE_TEXT {
                trees.text(t)
            } else {
                trees.named_text(t)
            };
            (Some(text), Some(trees.genus(t).to_string()))
        } else {
            (None, None)
        };
        let couples = match &certificate {
            Some(path) => Some(write_certificate(
                &mut solver,
                &pos,
                path,
                format,
                args.smallest,
                fail,
            )?),
            None => None,
        };
        solver.store_mut().flush();
        if let Some(e) = solver.store().back().error() {
            bail!("{e}");
        }
        Ok(SolveJson {
            variant: pos.variant().name(),
            outcome: if win { "win" } else { "loss" },
            nimber,
            seconds: start.elapsed().as_secs_f64(),
            searched: solver.searched(),
            stored: solver.store().front().len(),
            lands: decompose(&pos)?
                .iter()
                // A land's text is GLOP 2.
                .map(ToString::to_string)
                .collect(),
            from: from.map(PositionNotation::name),
            notation: game.map(|n| n.name()),
            winning_moves: winning,
            tree,
            genus,
            certificate: couples,
        })
    })?;
    // The solver and its store are closed: what it proved is written.
    let result = match result {
        Err(_) if interrupted.load(Ordering::Relaxed) => exit_interrupted(args),
        r => r?,
    };
    let mut out = output::stdout();
    if json {
        output::json(&mut out, &result)?;
        writeln!(out)?;
    } else {
        outcome_line(&mut out, result.outcome, result.variant)?;
        if let Some(k) = result.nimber {
            writeln!(out, "nimber\t{k}")?;
        }
        if let Some(ms) = &result.winning_moves {
            let list: Vec<String> = ms.iter().map(|m| m.text.clone()).collect();
            writeln!(
                out,
                "winning moves\t{}",
                if list.is_empty() {
                    "none".to_string()
                } else {
                    list.join(" ")
                }
            )?;
        }
        if let (Some(t), Some(g)) = (&result.tree, &result.genus) {
            writeln!(out, "tree\t{t}")?;
            writeln!(out, "genus\t{g}")?;
        }
        if let (Some(c), Some(path)) = (&result.certificate, &args.certificate) {
            let what = match (c.couples, c.trees, c.land_trees, c.losses) {
                (Some(couples), ..) => format!("{couples} couples"),
                (None, Some(t), Some(l), Some(p)) => {
                    format!("{p} losses, {l} land trees, {t} trees")
                }
                _ => String::new(),
            };
            writeln!(
                out,
                "certificate\t{} ({what}, {:.3} s)",
                path.display(),
                c.seconds
            )?;
        }
        writeln!(out, "seconds\t{:.3}", result.seconds)?;
        writeln!(out, "searched\t{}", result.searched)?;
    }
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;
    use std::rc::Rc;

    /// A sink whose bytes the test reads back.
    #[derive(Clone, Default)]
    struct Sink(Rc<RefCell<Vec<u8>>>);

    impl Write for Sink {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.borrow_mut().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_log_says_how_far_the_search_is_once_its_interval_has_passed() {
        let sink = Sink::default();
        let mut bar = Bar::new();
        bar.log_to(Box::new(sink.clone()), Duration::ZERO);
        bar.searched(1234);
        bar.searched(5678);
        let text = String::from_utf8(sink.0.borrow().clone()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{text}");
        assert!(lines[0].starts_with("sprouts: 0:00:0"), "{text}");
        assert!(
            lines[0].ends_with(" elapsed, 1234 positions searched"),
            "{text}"
        );
        assert!(
            lines[1].ends_with(" elapsed, 5678 positions searched"),
            "{text}"
        );
        assert!(bar.bar.is_none(), "no spinner beside the log");

        // Told where the memory goes, the next line says it, once.
        let told = Sink::default();
        let mut bar = Bar::new();
        bar.log_to(Box::new(told.clone()), Duration::ZERO);
        assert!(bar.wants_memory());
        bar.memory(&MisereMemory {
            trees: 3 << 20,
            table: (5 << 20) + 1,
            ..MisereMemory::default()
        });
        bar.searched(7);
        bar.searched(8);
        let text = String::from_utf8(told.0.borrow().clone()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines[0].contains(" elapsed, 7 positions searched; memory MiB: trees 3, table 6"),
            "{text}"
        );
        assert!(
            lines[1].ends_with(" elapsed, 8 positions searched"),
            "{text}"
        );

        // Within the interval, nothing is written, and no memory is asked for.
        let quiet = Sink::default();
        let mut bar = Bar::new();
        bar.log_to(Box::new(quiet.clone()), Duration::from_secs(3600));
        assert!(!bar.wants_memory());
        bar.searched(1);
        assert!(quiet.0.borrow().is_empty());
    }
}
