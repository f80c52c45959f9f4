//! Debug helper: every legal move of a Hoey position with its WGOSA text and
//! whether that text resolves back.
use sprouts::notation::hoey::{HoeyMove, parse_position};
use sprouts::notation::wgosa::WgosaMove;

fn main() {
    let arg = std::env::args().nth(1).expect("position");
    let pos = parse_position(&arg).expect("position");
    for m in pos.legal_moves() {
        let h = HoeyMove::from_move(&pos, &m).unwrap();
        let w = WgosaMove::from_move(&pos, &m).unwrap();
        let back = w.to_string().parse::<WgosaMove>().unwrap().to_move(&pos);
        let ok = matches!(&back, Ok(b) if pos.same_move(b, &m));
        println!(
            "{h}\t{w}\t{}\t{}",
            if ok { "ok" } else { "FAIL" },
            pos.play(&m).unwrap().to_hoey()
        );
        if !ok {
            println!(
                "   back: {:?}",
                back.map(|b| HoeyMove::from_move(&pos, &b).unwrap().to_string())
            );
        }
    }
}
