//! WGOSA move reader: any text parses or fails cleanly; a parsed move is
//! written back the same, and resolves (or fails cleanly) against a few
//! positions; a resolved move is legal and its canonical text reads back
//! to the same move (`sprouts_testkit::readers::move_text`, as `cargo test` runs it too).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| sprouts_testkit::readers::fuzz("wgosa_move", data));
