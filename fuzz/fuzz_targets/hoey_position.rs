//! Hoey position reader: any text reads or fails cleanly, and a position
//! that reads can be written, reduced, and played
//! (`sprouts_testkit::readers::hoey_position`, as `cargo test` runs it too).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| sprouts_testkit::readers::fuzz("hoey_position", data));
