//! Certificate reader and checker: any text reads or fails cleanly (the
//! line and what was expected); a certificate that reads is checked (with
//! the solver's keys and with exact keys) without a panic, and written
//! back to a text that reads to the same couples
//! (`sprouts_testkit::readers::certificate`, as `cargo test` runs it too).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| sprouts_testkit::readers::fuzz("certificate", data));
