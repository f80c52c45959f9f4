//! Replays WGOSA transcripts (one a line) and prints each move's Hoey text.
//!
//! `cargo run -p sprouts --example replay_wgosa -- FILE`
use sprouts::notation::wgosa::WgosaGame;

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "crates/sprouts/tests/data/wgosa-games.txt".into());
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1)
    });
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        match line
            .parse::<WgosaGame>()
            .map_err(|e| e.to_string())
            .and_then(|g| g.replay().map_err(|e| e.to_string()))
        {
            Ok(r) => {
                println!("{}", r.header());
                let mut pos = r.start().clone();
                for m in r.moves() {
                    let w =
                        sprouts::notation::wgosa::WgosaMove::from_move(&pos, &m.resolved).unwrap();
                    let mark = if w.to_string() == m.text {
                        ""
                    } else {
                        " <- canonical differs"
                    };
                    println!(
                        "  {:<18} hoey {:<22} wgosa {}{mark}",
                        m.text, m.canonical, w
                    );
                    pos.play_in_place(&m.resolved).unwrap();
                }
                println!("\n  final: {}", r.position().to_hoey());
            }
            Err(e) => println!("error: {e}"),
        }
    }
}
