//! How long drawing takes: every published game's final position and a
//! random 30-spot game of 70 moves (100 spots).
//!
//! `cargo run --release -p sprouts --example draw_bench`

use std::time::Instant;

use sprouts::draw::draw;
use sprouts::notation::transcript::Transcript;

fn main() {
    let published = include_str!("../tests/data/wgosa-games.txt");
    let random = include_str!("../../../docs/random-30-spots-70-moves.hoey");
    for text in [published, random] {
        for game in Transcript::read_all(text, None).expect("games read") {
            let replay = game.replay().expect("games replay");
            let pos = replay.position();
            let start = Instant::now();
            let d = draw(pos).expect("complete positions draw");
            let took = start.elapsed();
            println!(
                "{:<12} {:>3} spots {:>3} lines  {:>8.1} ms",
                game.header.to_string().split(' ').next().unwrap_or(""),
                d.spots().len(),
                d.lines().len(),
                took.as_secs_f64() * 1000.0
            );
        }
    }
}
