//! Misère tree and genus readers: any text reads or fails cleanly; a tree
//! that reads is written and read back to the same tree (in a fresh table
//! too), and its genus is written and read back; a genus that reads is
//! written and read back the same (`sprouts_testkit::readers::misere_tree`, as `cargo test` runs it too).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| sprouts_testkit::readers::fuzz("misere_tree", data));
