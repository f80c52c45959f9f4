//! The proptest settings the property tests share, and the strategies
//! that more than one of them draws from.

use proptest::prelude::*;
use proptest::test_runner::{Config, FileFailurePersistence};

/// `cases` cases; failures kept beside the test file
/// (`tests/it/NAME.proptest-regressions`). proptest's default would look
/// for a `main.rs` above the file and keep them in a folder beside
/// `tests/it/` instead.
pub fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..Config::default()
    }
}

/// An optional `.N` site suffix of a Hoey move end.
pub fn site() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        (1u32..12).prop_map(|n| format!(".{n}"))
    ]
}

/// An optional Hoey separation: `=`, or `<` / `>` with up to three spots.
pub fn separation() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just("=".to_string()),
        ("[<>]", prop::collection::vec(1u32..12, 0..3)).prop_map(|(side, l)| {
            let l: Vec<String> = l.iter().map(|s| s.to_string()).collect();
            format!("{side}{}", l.join(","))
        }),
    ]
}
