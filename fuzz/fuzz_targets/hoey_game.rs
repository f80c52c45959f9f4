//! Hoey game reader: any text read as one game or as Hoey games reads or
//! fails cleanly; a game replays or fails cleanly at a numbered move; a
//! replayed game written canonically replays to the same position
//! (`sprouts_testkit::readers::hoey_games`, as `cargo test` runs it too).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| sprouts_testkit::readers::fuzz("hoey_game", data));
