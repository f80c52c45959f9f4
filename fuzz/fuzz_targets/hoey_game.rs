//! Hoey game reader: any text read as Hoey games reads or fails cleanly; a
//! game replays or fails cleanly at a numbered move; a replayed game written
//! canonically replays to the same position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprouts::notation::transcript::Transcript;
use sprouts::notation::Notation;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(games) = Transcript::read_all(text, Some(Notation::Hoey)) else {
        return;
    };
    for g in games.iter().take(4) {
        // Headers allow many spots; a move's cost grows with the position,
        // so keep the fuzzer on games it can replay quickly.
        if g.header.spots > 2000 {
            continue;
        }
        match g.replay() {
            Ok(r) => {
                let written = r.to_notation(Notation::Hoey);
                let again = Transcript::read_all(&written, Some(Notation::Hoey))
                    .expect("a replayed game's text reads");
                let r2 = again[0]
                    .replay()
                    .expect("a replayed game's canonical text replays");
                assert_eq!(r2.position().reduced(), r.position().reduced());
            }
            Err(e) => assert!(e.number() >= 1 && e.number() <= g.moves.len()),
        }
    }
});
