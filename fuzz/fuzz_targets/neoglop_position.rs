//! neoglop position reader: any text reads or fails cleanly; a position that
//! reads is written, read back to the same canonical form, and played
//! (`support/position.rs`).
#![no_main]

#[path = "support/position.rs"]
mod position;

use libfuzzer_sys::fuzz_target;
use sprouts::notation::neoglop::parse_position;

fuzz_target!(|data: &[u8]| {
    position::check_position_text(data, parse_position, |p| p.to_neoglop());
});
