//! Running the built `sprouts` command, as its tests do.
//!
//! Cargo names the binary only to the tests of its own crate
//! (`env!("CARGO_BIN_EXE_sprouts")`), so they give the path, as
//! `crates/sprouts-cli/tests/it/common.rs` does:
//! `const SPROUTS: Cli = Cli::new(env!("CARGO_BIN_EXE_sprouts"));`.

use std::io::Write;
use std::process::{Command, Stdio};

/// What a run of the command gave.
pub struct Output {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// The command at a path.
#[derive(Clone, Copy)]
pub struct Cli {
    exe: &'static str,
}

impl Cli {
    /// The command built at `exe`.
    pub const fn new(exe: &'static str) -> Cli {
        Cli { exe }
    }

    /// A process builder for the command, for runs that need more than
    /// [`Cli::run`] (a server, a run to kill, a pipe closed early).
    pub fn command(&self) -> Command {
        Command::new(self.exe)
    }

    /// Runs the command with `args`, feeding it `stdin`.
    pub fn run(&self, args: &[&str], stdin: &[u8]) -> Output {
        let mut child = self
            .command()
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the sprouts binary runs");
        let mut input = child.stdin.take().expect("stdin is piped");
        // The command may exit before reading everything (a bad header):
        // ignore a broken pipe here.
        let _ = input.write_all(stdin);
        drop(input);
        let out = child.wait_with_output().expect("the run ends");
        Output {
            code: out.status.code().expect("exited, not killed by a signal"),
            stdout: String::from_utf8(out.stdout).expect("UTF-8 output"),
            stderr: String::from_utf8(out.stderr).expect("UTF-8 errors"),
        }
    }

    /// Runs and expects success with nothing on stderr; returns stdout.
    pub fn ok(&self, args: &[&str], stdin: &str) -> String {
        let out = self.run(args, stdin.as_bytes());
        assert_eq!(out.code, 0, "sprouts {args:?} failed: {}", out.stderr);
        assert_eq!(out.stderr, "");
        out.stdout
    }

    /// Runs and expects exit status 1, nothing on stdout and exactly one
    /// line on stderr; returns that line.
    pub fn fails(&self, args: &[&str], stdin: &[u8]) -> String {
        let out = self.run(args, stdin);
        assert_eq!(out.code, 1, "sprouts {args:?}: stdout {:?}", out.stdout);
        assert_eq!(out.stdout, "");
        assert!(out.stderr.ends_with('\n'), "{:?}", out.stderr);
        assert_eq!(out.stderr.lines().count(), 1, "{:?}", out.stderr);
        out.stderr.trim_end().to_string()
    }
}
