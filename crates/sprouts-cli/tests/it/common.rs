//! The command under test, run through the test kit's runner
//! (`sprouts_testkit::cli`), shared by the modules of this binary.

use sprouts_testkit::cli::{Cli, Output};

/// The `sprouts` binary Cargo built for these tests.
pub const SPROUTS: Cli = Cli::new(env!("CARGO_BIN_EXE_sprouts"));

/// Runs `sprouts` with `args`, feeding it `stdin`.
pub fn sprouts(args: &[&str], stdin: &[u8]) -> Output {
    SPROUTS.run(args, stdin)
}

/// Runs and expects success with nothing on stderr; returns stdout.
pub fn ok(args: &[&str], stdin: &str) -> String {
    SPROUTS.ok(args, stdin)
}

/// Runs and expects exit status 1, nothing on stdout and exactly one line
/// on stderr; returns that line.
pub fn fails(args: &[&str], stdin: &[u8]) -> String {
    SPROUTS.fails(args, stdin)
}
