//! What each first move of the N-spot start costs: its distinct moves
//! (moves leaving the same lands counted once), the lands each leaves,
//! what a database already knows of it, and a search of it alone within a
//! time limit (positions searched, seconds, outcome or `undecided`). For
//! finding out which first moves make a start hard (docs/benchmarks.md).
//!
//! `cargo run --release -p sprouts-store --example first_moves -- 18
//! [--misere] [--db FILE] [--seconds S]` (the database is only read; each
//! move is searched with a fresh table in front of it)

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use sprouts::model::{Position, Variant};
use sprouts::notation::Notation;
use sprouts::solve::{Solver, Stacked, Store, decompose, move_groups};
use sprouts_store::Db;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let n: u32 = args.first().and_then(|a| a.parse().ok()).unwrap_or(12);
    let variant = if args.iter().any(|a| a == "--misere") {
        Variant::Misere
    } else {
        Variant::Normal
    };
    let db = value("--db").map(PathBuf::from);
    let seconds: u64 = value("--seconds")
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    let start = Position::start(n, variant);
    let groups = move_groups(&start).expect("a start has moves");
    println!("move\tlands (lives)\tknown\toutcome\tsearched\tseconds");
    for (m, _, after) in groups {
        let lands = decompose(&after).expect("a position of the start");
        let lives: Vec<String> = lands.iter().map(|l| l.lives().to_string()).collect();
        let text = Notation::Wgosa.write_listed(&start, &m);
        // The mover of the child: a win for them is a loss for the first
        // player's move.
        let known = match &db {
            Some(path) => {
                let mut s = solver(path);
                s.set_deadline(Instant::now());
                outcome(s.win(&after))
            }
            None => "-".to_string(),
        };
        let t = Instant::now();
        let (won, searched) = match &db {
            Some(path) => {
                let mut s = solver(path);
                s.set_deadline(Instant::now() + Duration::from_secs(seconds));
                (outcome(s.win(&after)), s.searched())
            }
            None => {
                let mut s = Solver::new();
                s.set_deadline(Instant::now() + Duration::from_secs(seconds));
                (outcome(s.win(&after)), s.searched())
            }
        };
        println!(
            "{text}\t{}\t{known}\t{won}\t{searched}\t{:.1}",
            lives.join("+"),
            t.elapsed().as_secs_f64()
        );
    }
}

/// A solver over a read-only database with a table in memory in front.
fn solver(path: &Path) -> Solver<Stacked<Db>> {
    let db = Db::open_read_only(path).expect("a database");
    let store = Stacked::new(db);
    assert!(!store.keeps_everything());
    Solver::with_store(store)
}

/// `W`/`L` for the player to move after the move, `undecided` past the
/// time limit.
fn outcome(r: Result<bool, sprouts::solve::SolveError>) -> String {
    match r {
        Ok(true) => "W".to_string(),
        Ok(false) => "L".to_string(),
        Err(e) if e.is_stopped() => "undecided".to_string(),
        Err(e) => format!("error: {e}"),
    }
}
