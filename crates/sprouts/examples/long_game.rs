//! Writes a long synthetic game: from N spots, always the first legal move
//! the generator lists, until the game is over or M moves are made.
//!
//! `cargo run --release -p sprouts --example long_game -- N [M] [wgosa|lhp|hoey]`
use sprouts::model::{Position, Variant};
use sprouts::notation::Notation;

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
    let mut pos = Position::start(n, Variant::Normal);
    let mut texts = Vec::new();
    while texts.len() < max {
        let Some(m) = pos.legal_moves().next() else {
            break;
        };
        texts.push(notation.write(&pos, &m).expect("legal"));
        pos.play_in_place(&m).expect("legal");
    }
    println!("{n}+ {}", texts.join(notation.separator()));
}
