//! Hoey game reader: any text reads or fails cleanly; a game replays or
//! fails cleanly at a numbered move; a replayed game written canonically
//! replays to the same position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprouts::notation::hoey::Game;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(g) = text.parse::<Game>() else {
        return;
    };
    let _ = g.to_string();
    // Headers allow up to 262143 spots; a move's cost grows with the
    // position, so keep the fuzzer on games it can replay quickly.
    if g.header.spots > 2000 {
        return;
    }
    match g.replay() {
        Ok(r) => {
            let written = r.to_hoey();
            let again = written
                .parse::<Game>()
                .expect("a replayed game's text reads");
            let r2 = again
                .replay()
                .expect("a replayed game's canonical text replays");
            assert_eq!(r2.position().reduced(), r.position().reduced());
        }
        Err(e) => assert!(e.number() >= 1 && e.number() <= g.moves.len()),
    }
});
