//! glop1 position reader: any text reads or fails cleanly; a position that
//! reads is written, read back to the same canonical form, and played.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprouts::canon::canonical;
use sprouts::notation::glop1::parse_position;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(p) = parse_position(text) else {
        return;
    };
    // The canonical form is not linear on huge symmetric lands (canon's
    // docs): keep each run short.
    let sites: usize = p
        .regions()
        .iter()
        .flat_map(|r| r.boundaries())
        .map(|b| b.len())
        .sum();
    if sites > 20_000 {
        let _ = p.to_glop1();
        return;
    }
    let c = canonical(&p);
    let written = p.to_glop1();
    let q = parse_position(&written).expect("a written text reads back");
    assert_eq!(canonical(&q), c);
    let k = sprouts::notation::neoglop::parse_position(&c.to_string())
        .expect("a canonical text reads");
    assert_eq!(canonical(&k), c);
    for m in p.legal_moves().take(8) {
        let after = p.play(&m).expect("listed moves are legal");
        let _ = canonical(&after);
    }
});
