//! The proptest settings the property tests share.

use proptest::test_runner::{Config, FileFailurePersistence};

/// `cases` cases; failures kept beside the test file
/// (`tests/NAME.proptest-regressions`), since integration tests have no
/// lib.rs beside them.
pub fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..Config::default()
    }
}
