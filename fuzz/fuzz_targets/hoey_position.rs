//! Hoey position reader: any text reads or fails cleanly, and a position
//! that reads can be written, reduced, and played.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprouts::notation::hoey::{parse_position, HoeyMove};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(p) = parse_position(text) else {
        return;
    };
    let full = p.to_hoey_full();
    let abbr = p.to_hoey();
    let _ = p.reduced();
    let _ = p.purvis();
    if p.is_complete() {
        let q = parse_position(&full).expect("a complete position's text reads back");
        assert_eq!(q, p);
    }
    if !abbr.is_empty() {
        let a = parse_position(&abbr).expect("an abbreviated text reads back");
        assert_eq!(a.to_hoey(), abbr);
    }
    for m in p.legal_moves().take(16) {
        p.play(&m).expect("listed moves are legal");
        let h = HoeyMove::from_move(&p, &m).expect("listed moves write");
        let _ = h.to_move(&p);
    }
});
