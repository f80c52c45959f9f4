//! Replaying and converting long synthetic games (issue: "replaying a
//! transcript of 10,000 moves ... stays linear in the number of moves").
//!
//! `cargo bench -p sprouts --bench replay` prints, for games of 1,000 to
//! 10,000 random moves (`sprouts_testkit::random`; the start has half as
//! many spots as the game has moves, so the game cannot end early) written in
//! each notation: the time to read and replay the transcript (every move
//! resolved and checked, its canonical Hoey text written), the time to
//! write the game in each notation, and the time per move. Each figure is
//! the best of three runs. Linear means the time per move stays flat as
//! the games get longer.
//!
//! `cargo bench -p sprouts --bench replay -- 1000 2000` runs only those sizes.

use std::time::{Duration, Instant};

use sprouts::notation::Notation;
use sprouts::notation::transcript::Transcript;
use sprouts_testkit::random as synthetic;

fn best_of_three<T>(mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = None;
    let mut out = None;
    for _ in 0..3 {
        let t = Instant::now();
        let v = f();
        let d = t.elapsed();
        if best.is_none_or(|b| d < b) {
            best = Some(d);
        }
        out = Some(v);
    }
    (best.expect("ran"), out.expect("ran"))
}

fn main() {
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let sizes = if sizes.is_empty() {
        vec![1000, 2000, 5000, 10000]
    } else {
        sizes
    };
    println!(
        "{:>6} {:>6} {:>8} {:>10} {:>9} {:>12} {:>12} {:>12}",
        "moves", "from", "bytes", "replay s", "us/move", "to hoey s", "to wgosa s", "to lhp s"
    );
    for &moves in &sizes {
        let spots = (moves / 2 + 1) as u32;
        for from in Notation::ALL {
            let text = synthetic::transcript(spots, moves, 1, from);
            let (replay, r) = best_of_three(|| {
                let games = Transcript::read_all(&text, Some(from)).expect("reads");
                games[0].replay().expect("replays")
            });
            assert_eq!(r.moves().len(), moves);
            let convert = |to: Notation| best_of_three(|| r.to_notation(to)).0.as_secs_f64();
            println!(
                "{:>6} {:>6} {:>8} {:>10.3} {:>9.1} {:>12.3} {:>12.3} {:>12.3}",
                moves,
                from.name(),
                text.len(),
                replay.as_secs_f64(),
                replay.as_secs_f64() * 1e6 / moves as f64,
                convert(Notation::Hoey),
                convert(Notation::Wgosa),
                convert(Notation::Lhp),
            );
        }
    }
}
