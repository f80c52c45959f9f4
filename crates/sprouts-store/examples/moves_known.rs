//! What a database already knows of each distinct move of a position,
//! read while another process may be solving into the same file (the
//! file is opened read only: a writer commits between reads). For
//! following a long computation move by move, or for choosing which reply
//! to search first (docs/benchmarks.md#misere-21-moves).
//!
//! `cargo run --release -p sprouts-store --example moves_known -- POSITION
//! --db FILE [--misere]` prints one line per distinct move: its text, what
//! the database says of it (`loses`: the player after it wins; `wins`;
//! `-`: not known) and the position it leaves (Hoey, abbreviated).

use std::path::PathBuf;

use sprouts::model::Variant;
use sprouts::notation::{Notation, PositionNotation};
use sprouts::solve::{Solver, Stacked, move_groups};
use sprouts_store::Db;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let Some(text) = args.first() else {
        eprintln!("usage: moves_known POSITION --db FILE [--misere]");
        std::process::exit(2);
    };
    let variant = if args.iter().any(|a| a == "--misere") {
        Variant::Misere
    } else {
        Variant::Normal
    };
    let pos = match PositionNotation::detect(text).parse(text) {
        Ok(p) => p.with_variant(variant),
        Err(e) => {
            eprintln!("position: {e}");
            std::process::exit(2);
        }
    };
    let Some(path) = value("--db").map(PathBuf::from) else {
        eprintln!("give the database: --db FILE");
        std::process::exit(2);
    };
    let db = match Db::open_read_only(&path) {
        Ok(db) => db,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let mut solver = Solver::with_store(Stacked::new(db));
    let known = match solver.moves_known(&pos) {
        Ok(k) => k,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    // The same moves in the same order, with the positions they leave.
    let groups = move_groups(&pos).unwrap_or_default();
    for ((m, _, after), (_, _, left)) in known.iter().zip(&groups) {
        let word = match after {
            Some(true) => "loses",
            Some(false) => "wins",
            None => "-",
        };
        let text = Notation::Wgosa.write_listed(&pos, m);
        println!("{text}\t{word}\t{}", left.to_hoey());
    }
}
