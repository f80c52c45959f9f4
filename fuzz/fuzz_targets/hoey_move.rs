//! Hoey move reader: any text parses or fails cleanly; a parsed move is
//! written back the same, and resolves (or fails cleanly) against a few
//! positions; a resolved move is legal and its canonical text reads back
//! to the same move (`support::check_move_text`).
#![no_main]

#[path = "support/mod.rs"]
mod support;

use libfuzzer_sys::fuzz_target;
use sprouts::notation::hoey::HoeyMove;

fuzz_target!(|data: &[u8]| {
    support::check_move_text(data, HoeyMove::to_move, HoeyMove::from_move);
});
