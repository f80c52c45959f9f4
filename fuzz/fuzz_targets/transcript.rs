//! Transcript reader: any text (one or several games, any move notation)
//! reads or fails cleanly; a game that replays converts to every notation,
//! and the converted text replays to the same final position
//! (`sprouts_testkit::readers::transcript`, as `cargo test` runs it too).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| sprouts_testkit::readers::fuzz("transcript", data));
