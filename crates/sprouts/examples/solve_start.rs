//! Solves N-spot starts and prints timings (a quick benchmark):
//! `solve_start N [misere] [exact]`, from `FROM` (default 1) to N, on
//! `THREADS` threads (default 1).
use std::time::Instant;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use sprouts::model::{Position, Variant};
use sprouts::solve::{ExactCanon, MemoryStore, Solver};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let max: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(8);
    let variant = if args.get(2).map(|s| s.as_str()) == Some("misere") {
        Variant::Misere
    } else {
        Variant::Normal
    };
    if let Some(t) = std::env::var("THREADS").ok().and_then(|v| v.parse().ok()) {
        sprouts::solve::use_threads(t);
    }
    let from: u32 = std::env::var("FROM")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    for n in from..=max {
        let t = Instant::now();
        if args.get(3).map(|s| s.as_str()) == Some("exact") {
            let mut s = Solver::with_store_and_canon(MemoryStore::default(), ExactCanon);
            let w = s.win(&Position::start(n, variant)).unwrap();
            println!(
                "{n}\t{}\t{:.3}s\t{} searched\t{} generated\t{} stored (exact keys)",
                if w { "W" } else { "L" },
                t.elapsed().as_secs_f64(),
                s.searched(),
                s.generated(),
                s.store().len()
            );
            continue;
        }
        let mut s = Solver::new();
        let w = s.win(&Position::start(n, variant)).unwrap();
        println!(
            "{n}\t{}\t{:.3}s\t{} searched (+{} by helpers)\t{} generated\t{} stored",
            if w { "W" } else { "L" },
            t.elapsed().as_secs_f64(),
            s.searched(),
            s.helpers_searched(),
            s.generated(),
            s.store().len()
        );
    }
}
