//! Transcript reader: any text (one or several games, any move notation)
//! reads or fails cleanly; a game that replays converts to every notation,
//! and the converted text replays to the same final position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprouts::notation::transcript::Transcript;
use sprouts::notation::Notation;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(games) = Transcript::read_all(text, None) else {
        return;
    };
    for g in games.iter().take(4) {
        // Keep each run short: long games are the benchmark's business.
        if g.header.spots > 64 {
            continue;
        }
        let Ok(r) = g.replay() else {
            continue;
        };
        for n in Notation::ALL {
            let converted = r.to_notation(n);
            let again = Transcript::read_all(&converted, Some(n)).expect("a converted game reads");
            let end = again[0].replay().expect("a converted game replays");
            assert_eq!(end.position(), r.position(), "{converted}");
        }
    }
});
