//! Lists the legal moves of a Hoey position (or of the N-spot start) with
//! their canonical text and the position they leave.
//!
//! `cargo run -p sprouts --example list_moves -- 3` or `-- "1,3;2/1,3"`.
use sprouts::model::{Position, Variant};
use sprouts::notation::hoey::{HoeyMove, parse_position};

fn main() {
    let arg = std::env::args().nth(1).unwrap_or_else(|| "3".into());
    let pos = match arg.parse::<u32>() {
        Ok(n) => Position::start(n, Variant::Normal),
        Err(_) => match parse_position(&arg) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        },
    };
    for m in pos.legal_moves().take(100) {
        let text = HoeyMove::from_move(&pos, &m).map(|h| h.to_string());
        let after = pos.play(&m).map(|p| p.to_hoey());
        match (text, after) {
            (Ok(t), Ok(a)) => println!("{t}\t{a}"),
            (t, a) => println!("{t:?}\t{a:?}"),
        }
    }
    println!("{} moves", pos.count_moves());
}
