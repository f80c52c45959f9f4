//! Hostile spot lists: the input is read as list items (pairs of numbers
//! anywhere up to the largest a reader accepts) and a repeat count, written
//! as a WGOSA and an LHP loop move with that list repeated, and resolved
//! against the fuzz positions. Run with a memory cap so that any list that
//! costs more than its text justifies is a crash:
//!
//!     cargo +nightly fuzz run move_lists -- -malloc_limit_mb=64 -rss_limit_mb=256
#![no_main]

#[path = "support/moves.rs"]
#[allow(dead_code)] // only the positions are used here
mod moves;

use libfuzzer_sys::fuzz_target;
use sprouts::model::MAX_SPOT;
use sprouts::notation::lhp::LhpMove;
use sprouts::notation::wgosa::WgosaMove;

fuzz_target!(|data: &[u8]| {
    let Some((&copies, rest)) = data.split_first() else {
        return;
    };
    let items: Vec<String> = rest
        .chunks_exact(6)
        .map(|c| {
            let a = u32::from_le_bytes([c[0], c[1], c[2], 0]) % MAX_SPOT;
            let b = u32::from_le_bytes([c[3], c[4], c[5], 0]) % MAX_SPOT;
            if a == b {
                a.to_string()
            } else {
                format!("{a}-{b}")
            }
        })
        .collect();
    if items.is_empty() {
        return;
    }
    let list = vec![items.join(","); usize::from(copies) * 16 + 1].join(",");
    for p in moves::positions() {
        let g = p.next_spot();
        for text in [format!("1({g})1[{list}]"), format!("1<{g}>1[{list}]")] {
            if let Ok(m) = text.parse::<WgosaMove>() {
                let _ = m.to_move(p);
            }
            if let Ok(m) = text.parse::<LhpMove>() {
                let _ = m.to_move(p);
            }
        }
    }
});
