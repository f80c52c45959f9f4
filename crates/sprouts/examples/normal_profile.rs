//! Where a normal-play search of the N-spot start spends its work: lands
//! expanded by the heap of the couple searched and by lives, expansions
//! stopped early, lands expanded again (docs/benchmarks.md#normal-profile).
//!
//! `cargo run --release -p sprouts --example normal_profile -- 21 [TABLE_MIB] [FIRST_RESTART|never]`

use std::time::Instant;

use sprouts::model::{Position, Variant};
use sprouts::solve::Solver;

fn main() {
    let n: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(12);
    let table_mib: Option<usize> = std::env::args().nth(2).and_then(|a| a.parse().ok());
    let mut solver = Solver::new();
    if let Some(m) = table_mib {
        solver.set_table_bytes(m << 20);
    }
    match std::env::args().nth(3).as_deref() {
        Some("never") => solver.set_restarts(None),
        Some(k) => solver.set_restarts(Some(k.parse().expect("a number of expansions"))),
        None => {}
    }
    solver.track_expansions();
    let start = Instant::now();
    let win = solver
        .win(&Position::start(n, Variant::Normal))
        .expect("a start position");
    let seconds = start.elapsed().as_secs_f64();
    let st = solver.normal_stats();
    let all = solver.searched().max(1);
    let share = |k: u64| format!("{k} ({:.1}%)", 100.0 * k as f64 / all as f64);
    println!(
        "{n} spots: {} in {seconds:.1} s, {} lands expanded",
        if win { "win" } else { "loss" },
        solver.searched()
    );
    println!("| expanded for | lands |");
    println!("|---|---|");
    for (what, k) in ["heap 0", "heap 1", "heap 2", "heap 3 or more", "no couple"]
        .iter()
        .zip(st.expanded_by_heap)
    {
        println!("| {what} | {} |", share(k));
    }
    println!(
        "| stopped early (a child known to lose) | {} |",
        share(st.stopped_early)
    );
    println!("| expanded again | {} |", share(st.expanded_again));
    let trims = solver.table_trims();
    println!(
        "| table past its budget | children dropped {}, numbers dropped {} |",
        trims.children, trims.numbers
    );
    println!("| restarts | {} |", trims.restarts);
    println!(
        "| again, after an expansion stopped early | {} |",
        share(st.again_after_stop)
    );
    println!();
    println!("| lives | lands expanded |");
    println!("|---|---|");
    for (i, chunk) in st.expanded_by_lives.chunks(8).enumerate() {
        let k: u64 = chunk.iter().sum();
        if k > 0 {
            println!("| {}-{} | {} |", i * 8, i * 8 + 7, share(k));
        }
    }
}
