//! Hostile spot lists: the input is read as list items (pairs of numbers
//! anywhere up to the largest a reader accepts) and a repeat count, written
//! as a WGOSA and an LHP loop move with that list repeated, and resolved
//! against the fuzz positions (`sprouts_testkit::readers::move_lists`, as `cargo test` runs it too).
//! Run with a memory cap so that any list that costs more than its text
//! justifies is a crash:
//!
//!     cargo +nightly fuzz run move_lists -- -malloc_limit_mb=64 -rss_limit_mb=256
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| sprouts_testkit::readers::fuzz("move_lists", data));
