//! Certificate reader and checker: any text reads or fails cleanly (the
//! line and what was expected); a certificate that reads is checked (with
//! the solver's keys and with exact keys) without a panic, and written
//! back to a text that reads to the same couples.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprouts::solve::{Certificate, ExactCanon, PseudoCanon};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(c) = text.parse::<Certificate>() else {
        return;
    };
    let _ = c.check(&PseudoCanon, &mut |_, _| {});
    let _ = c.check(&ExactCanon, &mut |_, _| {});
    let again: Certificate = c.to_string().parse().expect("a written certificate reads");
    assert_eq!(again.lines.len(), c.lines.len());
});
