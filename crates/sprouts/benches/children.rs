//! The solver's move generator: the cost of one child (playing a move,
//! simplifying the result, keying its lands with `PseudoCanon`), which is
//! nine tenths of a solve.
//!
//! `cargo bench -p sprouts --bench children` takes the lands of positions
//! reached by random moves from 8- to 16-spot starts (a fixed seed, so the
//! same lands on every run), generates all their children, and prints the
//! time per land and per child, the best of fifteen runs.

use std::time::{Duration, Instant};

use sprouts::model::{Position, Variant};
use sprouts::solve::{Land, PseudoCanon, decompose, land_children};
use sprouts_testkit::random as synthetic;

fn main() {
    let mut rng = synthetic::Rng::new(2026);
    let mut lands: Vec<Land> = Vec::new();
    for n in 8..=16u32 {
        for _ in 0..40 {
            let mut p = Position::start(n, Variant::Normal);
            let moves = rng.below(n as usize * 2);
            for _ in 0..moves {
                match synthetic::random_move(&p, &mut rng) {
                    Some(m) => p = p.play(&m).expect("a legal move"),
                    None => break,
                }
            }
            lands.extend(decompose(&p).expect("a small position"));
        }
    }
    let mut best = Duration::MAX;
    let mut children = 0;
    for _ in 0..15 {
        let t = Instant::now();
        children = lands
            .iter()
            .map(|l| land_children(l, &PseudoCanon).len())
            .sum::<usize>();
        best = best.min(t.elapsed());
    }
    println!(
        "{} lands, {} children: {:.1} ms; {:.1} us per land, {:.0} ns per child",
        lands.len(),
        children,
        best.as_secs_f64() * 1e3,
        best.as_secs_f64() * 1e6 / lands.len() as f64,
        best.as_secs_f64() * 1e9 / children as f64
    );
}
