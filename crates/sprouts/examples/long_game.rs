//! Writes a long synthetic game (see `sprouts_testkit::random`): random
//! legal moves from N spots, until the game is over or M moves are made.
//!
//! `cargo run --release -p sprouts --example long_game -- N [M] [wgosa|lhp|hoey] [SEED]`
use sprouts::notation::Notation;
use sprouts_testkit::random as synthetic;

fn main() {
    let mut args = std::env::args().skip(1);
    let n: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let max: usize = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(usize::MAX);
    let notation: Notation = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(Notation::Wgosa);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    println!("{}", synthetic::transcript(n, max, seed, notation));
}
