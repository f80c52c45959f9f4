//! SPOTS's notation and databases: any text reads or fails cleanly; a
//! position that reads is written as SPOTS names it and reads back to the
//! same lands; a database that reads is checked without a panic and
//! written back to the same couples (`sprouts_testkit::readers::spots`,
//! as `cargo test` runs it too).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| sprouts_testkit::readers::fuzz("spots", data));
