//! Running the built `sprouts` binary, shared by the CLI tests.

use std::io::Write;
use std::process::{Command, Stdio};

/// What a run of the binary gave.
pub struct Output {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `sprouts` with `args`, feeding it `stdin`.
pub fn sprouts(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sprouts"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sprouts binary runs");
    let mut input = child.stdin.take().unwrap();
    // The command may exit before reading everything (a bad header): ignore
    // a broken pipe here.
    let _ = input.write_all(stdin);
    drop(input);
    let out = child.wait_with_output().unwrap();
    Output {
        code: out.status.code().expect("exited, not killed by a signal"),
        stdout: String::from_utf8(out.stdout).expect("UTF-8 output"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8 errors"),
    }
}

/// Runs and expects success with nothing on stderr; returns stdout.
pub fn ok(args: &[&str], stdin: &str) -> String {
    let out = sprouts(args, stdin.as_bytes());
    assert_eq!(out.code, 0, "sprouts {args:?} failed: {}", out.stderr);
    assert_eq!(out.stderr, "");
    out.stdout
}

/// Runs and expects exit status 1, nothing on stdout and exactly one line
/// on stderr; returns that line.
pub fn fails(args: &[&str], stdin: &[u8]) -> String {
    let out = sprouts(args, stdin);
    assert_eq!(out.code, 1, "sprouts {args:?}: stdout {:?}", out.stdout);
    assert_eq!(out.stdout, "");
    assert!(out.stderr.ends_with('\n'), "{:?}", out.stderr);
    assert_eq!(out.stderr.lines().count(), 1, "{:?}", out.stderr);
    out.stderr.trim_end().to_string()
}
