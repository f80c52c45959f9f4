//! LHP move reader: any text parses or fails cleanly; a parsed move is
//! written back the same, and resolves (or fails cleanly) against a few
//! positions; a resolved move is legal and its canonical text reads back
//! to the same move.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use sprouts::model::{Position, Variant};
use sprouts::notation::hoey::parse_position;
use sprouts::notation::lhp::LhpMove;

fn positions() -> &'static [Position] {
    static POSITIONS: OnceLock<Vec<Position>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        let mut out = vec![
            Position::start(1, Variant::Normal),
            Position::start(5, Variant::Normal),
        ];
        for text in [
            "1,6,2,6;3,7,4,7;5",
            "1,8,2,6/3,9,4,7;2,8,1,6/4,9,3,7;5",
            "1,6,8,7,4,7,3,9,3,7,8,6,5,6;2/3,9",
            "1,8,4,9t,8,5;2",
            "1,3;2/1,3",
            "1,5,2,5;3,6,4,6",
            "1,4,2,3,6/1,6,2,4",
            "4o;2",
        ] {
            out.push(parse_position(text).expect("fixed positions read"));
        }
        out
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(w) = text.parse::<LhpMove>() else {
        return;
    };
    assert_eq!(w.to_string().parse::<LhpMove>().as_ref(), Ok(&w));
    for p in positions() {
        if let Ok(m) = w.to_move(p) {
            p.play(&m).expect("a resolved move is legal");
            let canon = LhpMove::from_move(p, &m).expect("a resolved move writes");
            let back = canon.to_move(p).expect("the canonical text reads back");
            assert!(p.same_move(&back, &m));
        }
    }
});
