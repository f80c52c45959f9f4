//! Land reader (GLOP 2, or the solver's older land text that a database
//! import reads): any text reads or fails cleanly; a land that reads is
//! written and read back to the same land, and is a position
//! (`sprouts_testkit::readers::land_text`, as `cargo test` runs it too).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| sprouts_testkit::readers::fuzz("land", data));
