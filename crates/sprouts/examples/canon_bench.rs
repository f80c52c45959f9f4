//! Benchmark of the canonical form: 10,000 random 30-spot positions (from
//! random games, a random number of moves into the game), canonicalised
//! once each. Run with `cargo run --release -p sprouts --example canon_bench`
//! (optional arguments: count, spots, seed).

use std::time::Instant;

use sprouts::canon::canonical;
use sprouts::model::Position;

#[path = "../tests/random_positions/mod.rs"]
mod random_positions;

use random_positions::{random_position, Rng};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let count = args.first().copied().unwrap_or(10_000) as usize;
    let spots = args.get(1).copied().unwrap_or(30) as u32;
    let mut rng = Rng(args.get(2).copied().unwrap_or(0x5EED_BE7C) | 1);
    let positions: Vec<Position> = (0..count)
        .map(|_| {
            let moves = rng.below(3 * spots as usize);
            random_position(&mut rng, spots, moves)
        })
        .collect();
    let sites: usize = positions
        .iter()
        .map(|p| {
            p.regions()
                .iter()
                .flat_map(|r| r.boundaries())
                .map(|b| b.len())
                .sum::<usize>()
        })
        .sum();
    let start = Instant::now();
    let mut worst = (0.0f64, String::new());
    let mut bytes = 0usize;
    for p in &positions {
        let t = Instant::now();
        let c = canonical(p);
        let dt = t.elapsed().as_secs_f64();
        if dt > 0.01 && std::env::var_os("CANON_BENCH_WORST").is_some() {
            eprintln!("{:.1} ms: {}", dt * 1e3, p.to_neoglop());
        }
        if dt > worst.0 {
            worst = (dt, p.to_neoglop());
        }
        bytes += c.to_string().len();
    }
    let total = start.elapsed().as_secs_f64();
    println!(
        "{count} positions of {spots} spots ({:.1} sites each on average): {:.3} s, {:.1} µs per position; slowest {:.1} µs; {bytes} canonical bytes",
        sites as f64 / count as f64,
        total,
        total * 1e6 / count as f64,
        worst.0 * 1e6
    );
    if std::env::var_os("CANON_BENCH_WORST").is_some() {
        println!("slowest: {}", worst.1);
    }
}
