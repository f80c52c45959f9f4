//! LHP move reader: any text parses or fails cleanly; a parsed move is
//! written back the same, and resolves (or fails cleanly) against a few
//! positions; a resolved move is legal and its canonical text reads back
//! to the same move (`support/moves.rs`).
#![no_main]

#[path = "support/moves.rs"]
mod moves;

use libfuzzer_sys::fuzz_target;
use sprouts::notation::lhp::LhpMove;

fuzz_target!(|data: &[u8]| {
    moves::check_move_text(data, LhpMove::to_move, LhpMove::from_move);
});
