//! `sprouts bench`: solve N-spot starts from an empty table and print a
//! table of times, positions and memory.

use std::io::Write;
use std::process::Command;
use std::time::Instant;

use anyhow::{Context, Result, anyhow, bail};
use serde::{Deserialize, Serialize};
use sprouts::model::{Position, Variant};
use sprouts::solve::{MemoryStore, Seed, Sharing, SimConfig, Solver, decompose, simulate};

use crate::output;
use crate::solve::{THREADS_HELP, with_big_stack};

/// Benchmark the solver on N-spot starts.
///
/// Each N is solved in a fresh process from an empty table (no database),
/// so its peak memory is its own. Columns: N, the outcome for the first
/// player, the nimber (normal play; found after the outcome), seconds for
/// the outcome, seconds for the nimber, positions searched (by the search,
/// and by its helper threads), results stored, misère canonical trees
/// made (misère play), peak resident memory in MiB, threads (the search
/// and its helpers; with helpers the positions searched vary from run to
/// run).
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  sprouts bench --from 1 --to 9
  sprouts bench --misere --to 12
  sprouts bench --to 12 --timeout 600 --json
  sprouts bench --from 12 --to 14 --threads 1
  sprouts bench --from 14 --to 14 --simulate 1,4,16,64,256,1024
  sprouts bench --from 12 --to 12 --simulate 8 --share all --job 500
  sprouts bench --from 14 --to 14 --simulate 16,256 --seed-lives 12 --seed-spots 12")]
pub struct Args {
    /// First N.
    #[arg(long, default_value_t = 1)]
    from: u32,

    /// Last N.
    #[arg(long, default_value_t = 8)]
    to: u32,

    /// Misère play.
    #[arg(long)]
    misere: bool,

    /// Stop at the first N that takes longer than this many seconds.
    #[arg(long, value_name = "SECS")]
    timeout: Option<f64>,

    /// Print JSON Lines: one JSON object per N, each on its own line as
    /// soon as that N is solved.
    #[arg(long)]
    json: bool,

    #[arg(long, value_name = "N", default_value_t = 0, help = THREADS_HELP)]
    threads: usize,

    /// Misère: replace lands with at most this many lives by their
    /// canonical tree (0: none; for measuring the choice of the default).
    #[arg(long, value_name = "LIVES", default_value_t = sprouts::solve::TREE_LIVES)]
    tree_lives: u32,

    /// Solve only this N in this process and print its row as JSON.
    #[arg(long, hide = true)]
    one: Option<u32>,

    /// Simulate a distributed solve with these numbers of workers (comma
    /// separated) instead, on this one thread, time counted in positions
    /// expanded (docs/ray.md#simulation): one row per N and worker count,
    /// against the search alone on one thread.
    #[arg(long, value_name = "K,K,...", value_delimiter = ',')]
    simulate: Vec<usize>,

    /// Simulation: the most positions a worker expands per job.
    #[arg(long, value_name = "POSITIONS", default_value_t = SimConfig::default().job)]
    job: u64,

    /// Simulation: a message's latency for a worker, in positions expanded.
    #[arg(long, value_name = "POSITIONS", default_value_t = SimConfig::default().latency)]
    latency: f64,

    /// Simulation: what handling a message costs the master, in positions.
    #[arg(long, value_name = "POSITIONS", default_value_t = SimConfig::default().handling)]
    handling: f64,

    /// Simulation: what a KiB sent costs either side, in positions.
    #[arg(long, value_name = "POSITIONS", default_value_t = SimConfig::default().kib)]
    kib: f64,

    /// Simulation: which results a worker is sent: those about the lands
    /// its group asked about (`asked`), or all (`all`).
    #[arg(long, value_name = "WHICH", default_value = "asked", value_parser = ["asked", "all"])]
    share: String,

    /// Simulation: the fewest lives of a land a worker asks about.
    #[arg(long, value_name = "LIVES", default_value_t = 12)]
    ask_lives: u32,

    /// Simulation: workers per group (one machine, one shared store).
    #[arg(long, value_name = "K", default_value_t = 1)]
    group: usize,

    /// Simulation: give every group's store, before the first job, the
    /// results of the lands of fewer than this many lives that the search
    /// alone proved on the starts of --seed-spots (0: none). The rows then
    /// say the seed's size and the pre-pass's positions, and the speed-up
    /// with that pre-pass counted.
    #[arg(long, value_name = "LIVES", default_value_t = 0)]
    seed_lives: u32,

    /// Simulation: the starts (comma separated, solved in turn by one
    /// search) whose results make the seed; by default N - 1 spots.
    #[arg(long, value_name = "M,M,...", value_delimiter = ',')]
    seed_spots: Vec<u32>,

    /// Simulation: send with each job what the master knows of the lands
    /// of its couple's children.
    #[arg(long)]
    send_children: bool,

    /// Simulation: a worker names the lands it asks about by an 8-byte
    /// hash instead of their keys.
    #[arg(long)]
    hashed_asks: bool,
}

#[derive(Debug, Serialize, Deserialize)]
struct Row {
    spots: u32,
    variant: String,
    outcome: String,
    nimber: Option<u8>,
    seconds: f64,
    nimber_seconds: Option<f64>,
    searched: u64,
    helpers_searched: u64,
    stored: usize,
    #[serde(default)]
    trees: Option<usize>,
    peak_mib: f64,
    threads: usize,
}

/// Peak resident memory of this process (VmHWM), in MiB.
fn peak_mib() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

fn one(n: u32, variant: Variant, threads: usize, tree_lives: u32) -> Result<Row> {
    with_big_stack(threads, move || {
        let mut s = Solver::with_store(MemoryStore::default());
        s.set_tree_lives(tree_lives);
        let pos = Position::start(n, variant);
        let t = Instant::now();
        let win = s.win(&pos)?;
        let seconds = t.elapsed().as_secs_f64();
        let (nimber, nimber_seconds) = if variant == Variant::Normal {
            let t = Instant::now();
            let k = s.nimber(&pos)?;
            (Some(k), Some(t.elapsed().as_secs_f64()))
        } else {
            (None, None)
        };
        Ok(Row {
            spots: n,
            variant: variant.name().to_string(),
            outcome: if win { "W" } else { "L" }.to_string(),
            nimber,
            seconds,
            nimber_seconds,
            searched: s.searched(),
            helpers_searched: s.helpers_searched(),
            stored: s.store().len(),
            trees: (variant == Variant::Misere).then(|| s.trees().len()),
            peak_mib: peak_mib(),
            threads: sprouts::solve::use_threads(threads),
        })
    })?
}

pub fn run(args: &Args) -> Result<()> {
    let variant = if args.misere {
        Variant::Misere
    } else {
        Variant::Normal
    };
    let mut out = output::stdout();
    if !args.simulate.is_empty() {
        return simulated(args, &mut out);
    }
    if let Some(n) = args.one {
        let row = one(n, variant, args.threads, args.tree_lives)?;
        output::json(&mut out, &row)?;
        writeln!(out)?;
        out.flush()?;
        return Ok(());
    }
    if !args.json {
        writeln!(
            out,
            "| N | variant | outcome | nimber | seconds | nimber s | searched | helpers searched | stored | trees | peak MiB | threads | hard |"
        )?;
        writeln!(out, "|---|---|---|---|---|---|---|---|---|---|---|---|---|")?;
        out.flush()?;
    }
    let exe = std::env::current_exe().context("cannot find this program")?;
    for n in args.from..=args.to {
        let mut cmd = Command::new(&exe);
        cmd.args(["bench", "--one", &n.to_string()]);
        cmd.args(["--threads", &args.threads.to_string()]);
        cmd.args(["--tree-lives", &args.tree_lives.to_string()]);
        if args.misere {
            cmd.arg("--misere");
        }
        let child = cmd.output().context("cannot run the benchmark child")?;
        if !child.status.success() {
            bail!(
                "{n} spots: {}",
                String::from_utf8_lossy(&child.stderr).trim()
            );
        }
        let row: Row = serde_json::from_slice(&child.stdout)
            .map_err(|e| anyhow!("{n} spots: bad child output: {e}"))?;
        if args.json {
            output::json(&mut out, &row)?;
            writeln!(out)?;
        } else {
            writeln!(
                out,
                "| {} | {} | {} | {} | {:.3} | {} | {} | {} | {} | {} | {:.0} | {} | {} |",
                row.spots,
                row.variant,
                row.outcome,
                row.nimber.map_or("-".to_string(), |k| k.to_string()),
                row.seconds,
                row.nimber_seconds
                    .map_or("-".to_string(), |s| format!("{s:.3}")),
                row.searched,
                row.helpers_searched,
                row.stored,
                row.trees.map_or("-".to_string(), |t| t.to_string()),
                row.peak_mib,
                row.threads,
                hard_form(row.spots, variant)
            )?;
        }
        out.flush()?;
        if args
            .timeout
            .is_some_and(|t| row.seconds + row.nimber_seconds.unwrap_or(0.0) > t)
        {
            break;
        }
    }
    Ok(())
}

/// The form of a hard start of normal play, 6k or 6k + 3 (the starts
/// that cost far more than their neighbours, here as for SPOTS, whose
/// first open starts are all of these forms: docs/benchmarks.md); empty
/// for the others and in misère play.
fn hard_form(n: u32, variant: Variant) -> &'static str {
    match (variant, n % 6) {
        (Variant::Normal, 0) if n >= 6 => "6k",
        (Variant::Normal, 3) if n >= 9 => "6k+3",
        _ => "",
    }
}

/// One row of `bench --simulate`.
#[derive(Debug, Serialize)]
struct SimRow {
    spots: u32,
    workers: usize,
    outcome: String,
    nimber: u8,
    /// Positions the search alone expanded (one thread), and the
    /// simulated time in positions.
    sequential: u64,
    time: f64,
    speedup: f64,
    overhead: f64,
    idle: f64,
    master_busy: f64,
    jobs: u64,
    results: u64,
    messages_per_result: f64,
    bytes_per_result: f64,
    asked: u64,
    sent: u64,
    tree_nodes: usize,
    /// The seed (`--seed-lives`): its results, its bytes per group, the
    /// positions its pre-pass expanded, and the speed-up and overhead
    /// with them counted.
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<SeedCols>,
    /// Wall seconds the simulation took on this machine.
    seconds: f64,
}

/// The seed's columns of a `bench --simulate` row.
#[derive(Debug, Serialize)]
struct SeedCols {
    spots: Vec<u32>,
    lives: u32,
    entries: usize,
    bytes: u64,
    searched: u64,
    speedup_counted: f64,
    overhead_counted: f64,
}

/// `bench --simulate`: for each N, the search alone, then a simulated
/// distributed solve with each number of workers.
fn simulated(args: &Args, out: &mut impl Write) -> Result<()> {
    if args.misere {
        bail!("the simulation is for normal play");
    }
    if args.simulate.contains(&0) {
        bail!("--simulate: a number of workers is at least 1");
    }
    if args.seed_lives == 0 && !args.seed_spots.is_empty() {
        bail!("--seed-spots: give the seed's lands' lives with --seed-lives");
    }
    let config = SimConfig {
        job: args.job,
        latency: args.latency,
        handling: args.handling,
        kib: args.kib,
        sharing: if args.share == "all" {
            Sharing::All
        } else {
            Sharing::Asked {
                lives: args.ask_lives,
            }
        },
        group: args.group.max(1),
        send_children: args.send_children,
        hashed_asks: args.hashed_asks,
        ..SimConfig::default()
    };
    let seeded = args.seed_lives > 0;
    if !args.json {
        let (head, rule) = if seeded {
            (
                " seed: results | seed: bytes per group | seed: positions | speed-up, seed counted | overhead, seed counted |",
                "---|---|---|---|---|",
            )
        } else {
            ("", "")
        };
        writeln!(
            out,
            "| N | workers | outcome | nimber | alone: positions | time (positions) | speed-up | overhead | idle | master busy | jobs | results | messages per result | bytes per result | asked | sent | tree nodes |{head} seconds |"
        )?;
        writeln!(
            out,
            "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|{rule}---|"
        )?;
        out.flush()?;
    }
    for n in args.from..=args.to {
        let pos = Position::start(n, Variant::Normal);
        let sequential = with_big_stack(1, move || {
            let mut s = Solver::with_store(MemoryStore::default());
            s.nimber(&pos).map(|_| s.searched())
        })??;
        let lands = decompose(&Position::start(n, Variant::Normal))?;
        let seed_spots = if args.seed_spots.is_empty() {
            vec![n.saturating_sub(1)]
        } else {
            args.seed_spots.clone()
        };
        let seed = if seeded {
            let starts: Vec<_> = seed_spots
                .iter()
                .map(|&m| Position::start(m, Variant::Normal))
                .collect();
            let lives = args.seed_lives;
            with_big_stack(1, move || Seed::from_search(&starts, lives))??
        } else {
            Seed::default()
        };
        for &workers in &args.simulate {
            let config = SimConfig {
                workers,
                seed: seed.clone(),
                ..config.clone()
            };
            let lands = lands.clone();
            let t = Instant::now();
            let r = with_big_stack(1, move || simulate(&lands, &config))??;
            let row = SimRow {
                spots: n,
                workers,
                outcome: if r.win { "W" } else { "L" }.to_string(),
                nimber: r.nimber,
                sequential,
                time: r.time,
                speedup: r.speedup(sequential),
                overhead: r.overhead(sequential),
                idle: r.idle,
                master_busy: r.master_busy,
                jobs: r.jobs,
                results: r.results,
                messages_per_result: r.messages_per_result(),
                bytes_per_result: r.bytes_per_result(),
                asked: r.asked,
                sent: r.sent,
                tree_nodes: r.tree_nodes,
                seed: seeded.then(|| SeedCols {
                    spots: seed_spots.clone(),
                    lives: args.seed_lives,
                    entries: r.seed_entries,
                    bytes: r.seed_bytes,
                    searched: r.seed_searched,
                    speedup_counted: r.speedup_with_seed(sequential),
                    overhead_counted: r.overhead_with_seed(sequential),
                }),
                seconds: t.elapsed().as_secs_f64(),
            };
            if args.json {
                output::json(out, &row)?;
                writeln!(out)?;
            } else {
                let seed_cols = row.seed.as_ref().map_or(String::new(), |s| {
                    format!(
                        " {} | {} | {} | {:.2} | {:.2} |",
                        s.entries, s.bytes, s.searched, s.speedup_counted, s.overhead_counted
                    )
                });
                writeln!(
                    out,
                    "| {} | {} | {} | {} | {} | {:.0} | {:.2} | {:.2} | {:.1}% | {:.1}% | {} | {} | {:.3} | {:.0} | {} | {} | {} |{} {:.1} |",
                    row.spots,
                    row.workers,
                    row.outcome,
                    row.nimber,
                    row.sequential,
                    row.time,
                    row.speedup,
                    row.overhead,
                    100.0 * row.idle,
                    100.0 * row.master_busy,
                    row.jobs,
                    row.results,
                    row.messages_per_result,
                    row.bytes_per_result,
                    row.asked,
                    row.sent,
                    row.tree_nodes,
                    seed_cols,
                    row.seconds
                )?;
            }
            out.flush()?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hard_starts_are_marked_by_their_form() {
        let marks: Vec<&str> = (1..=13).map(|n| hard_form(n, Variant::Normal)).collect();
        assert_eq!(
            marks,
            ["", "", "", "", "", "6k", "", "", "6k+3", "", "", "6k", ""]
        );
        assert_eq!(hard_form(33, Variant::Normal), "6k+3");
        assert_eq!(hard_form(18, Variant::Misere), "");
    }
}
