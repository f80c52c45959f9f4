//! Replays transcripts (any notation, several games) and prints each move
//! as written with its canonical WGOSA, LHP and Hoey texts, marking moves
//! whose canonical WGOSA text differs from the one written.
//!
//! `cargo run -p sprouts --example replay_wgosa -- FILE`
use sprouts::notation::Notation;
use sprouts::notation::transcript::Transcript;

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "crates/sprouts/tests/data/wgosa-games.txt".into());
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1)
    });
    let games = Transcript::read_all(&text, None).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    for g in games {
        let r = match g.replay() {
            Ok(r) => r,
            Err(e) => {
                println!("{}: {e}", g.header);
                continue;
            }
        };
        println!("{}", r.header());
        let [wgosa, lhp, hoey] = Notation::ALL.map(|n| r.texts(n));
        for (i, m) in r.moves().iter().enumerate() {
            let mark = if wgosa[i] == m.text {
                ""
            } else {
                "  <- canonical differs"
            };
            println!(
                "  {:<18} wgosa {:<18} lhp {:<20} hoey {}{mark}",
                m.text, wgosa[i], lhp[i], hoey[i]
            );
        }
        println!("  final: {}", r.position().to_hoey());
    }
}
