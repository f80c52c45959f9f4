//! glop2 position reader: any text reads or fails cleanly; a position that
//! reads is written, read back to the same canonical form, and played
//! (`sprouts_testkit::readers::position_text`, as `cargo test` runs it too).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| sprouts_testkit::readers::fuzz("glop2_position", data));
