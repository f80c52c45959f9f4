//! The file checker (an index on disk) against the check in memory: the
//! same verdict, naming the same line, on good and tampered certificates;
//! a check stopped part way resumes from where it stopped.

use std::path::Path;

use sprouts::model::{Position, Variant};
use sprouts::solve::{Certificate, NoProgress, Solver};
use sprouts_store::check::{FileCheckOptions, check_file};

/// The in-memory verdict: the claim's nimber and lines, or the error.
fn in_memory(text: &str) -> Result<(Option<u8>, u64), String> {
    let c: Certificate = text.parse().map_err(|e| format!("{e}"))?;
    let checked = c
        .check_with_own_keys(&mut |_, _| {})
        .map_err(|e| e.to_string())?;
    Ok((checked.claim.map(|c| c.nimber), checked.lines as u64))
}

fn on_disk(dir: &Path, text: &str) -> Result<(Option<u8>, u64), String> {
    let file = dir.join("c.cert");
    let index = dir.join("c.index");
    let _ = std::fs::remove_file(&index);
    std::fs::write(&file, text).unwrap();
    let done = check_file(&file, &index, &FileCheckOptions::default(), &mut NoProgress)
        .map_err(|e| e.to_string())?;
    assert!(done.finished);
    assert_eq!(done.checked, done.lines);
    Ok((done.claim.map(|c| c.nimber), done.lines))
}

fn same(dir: &Path, text: &str) -> Result<(Option<u8>, u64), String> {
    let a = in_memory(text);
    let b = on_disk(dir, text);
    assert_eq!(
        a,
        b,
        "{}",
        text.lines().take(12).collect::<Vec<_>>().join("\n")
    );
    a
}

fn certificate(s: &mut Solver, n: u32) -> String {
    s.certificate(&Position::start(n, Variant::Normal))
        .unwrap()
        .to_string()
}

#[test]
fn good_certificates_give_the_same_claim() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Solver::new();
    for n in [2, 5, 8, 9] {
        let text = certificate(&mut s, n);
        let (nimber, _) = same(dir.path(), &text).unwrap();
        assert_eq!(nimber, Some(u8::from(matches!(n % 6, 3..=5))), "{n}");
        // Another program's list of the same couples (exact keys).
        let foreign = text[text.find("[Positions+Nimber]").unwrap()..].to_string();
        assert_eq!(same(dir.path(), &foreign).unwrap().0, None);
    }
}

#[test]
fn tampered_certificates_fail_on_the_same_line() {
    let dir = tempfile::tempdir().unwrap();
    let text = certificate(&mut Solver::new(), 9);
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|l| *l == "[Positions+Nimber]")
        .unwrap()
        + 1;
    let mut failed = 0;
    for i in (start..lines.len()).step_by(3) {
        // One heap changed.
        let (pos, heap) = lines[i].rsplit_once(' ').unwrap();
        let h: u8 = heap.parse().unwrap();
        let mut t = lines.clone();
        let changed = format!("{pos} {}", h ^ 1);
        t[i] = &changed;
        let e = same(dir.path(), &(t.join("\n") + "\n")).unwrap_err();
        assert!(e.starts_with(&format!("line {}: ", i + 1)), "{e}");
        // One line removed.
        let mut t = lines.clone();
        t.remove(i);
        if same(dir.path(), &(t.join("\n") + "\n")).is_err() {
            failed += 1;
        }
    }
    assert!(failed > 0);
    // A land listed twice with two heaps, then a line that does not read
    // (reading errors come first), then the twice alone.
    let (pos, heap) = lines[start + 5].rsplit_once(' ').unwrap();
    let twice = format!("{pos} {}", heap.parse::<u8>().unwrap() ^ 2);
    let mut t = lines.clone();
    t.insert(start + 8, &twice);
    let e = same(dir.path(), &(t.join("\n") + "\n")).unwrap_err();
    assert!(e.contains("the same land is on line"), "{e}");
    t.push("0.0 x");
    let e = same(dir.path(), &(t.join("\n") + "\n")).unwrap_err();
    assert!(e.contains("expected a heap"), "{e}");
    // The claim.
    let t = text.replace("nimber: 1\n", "nimber: 0\n");
    let e = same(dir.path(), &t).unwrap_err();
    assert!(e.contains("nimber 0 does not hold"), "{e}");
    // No list.
    same(dir.path(), "sprouts certificate 1\n").unwrap_err();
    same(dir.path(), "").unwrap_err();
}

#[test]
fn a_stopped_check_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let text = certificate(&mut Solver::new(), 9);
    let file = dir.path().join("9.cert");
    let index = dir.path().join("9.index");
    std::fs::write(&file, &text).unwrap();
    let some = FileCheckOptions {
        max_lines: Some(40),
        ..FileCheckOptions::default()
    };
    let first = check_file(&file, &index, &some, &mut NoProgress).unwrap();
    assert!(!first.finished);
    assert_eq!((first.checked, first.resumed), (40, 0));
    let second = check_file(&file, &index, &some, &mut NoProgress).unwrap();
    assert_eq!((second.checked, second.resumed), (80, 40));
    let rest = check_file(&file, &index, &FileCheckOptions::default(), &mut NoProgress).unwrap();
    assert!(rest.finished);
    assert_eq!((rest.resumed, rest.checked), (80, rest.lines));
    let whole = check_file(
        &file,
        &dir.path().join("whole.index"),
        &FileCheckOptions::default(),
        &mut NoProgress,
    )
    .unwrap();
    assert_eq!((rest.lines, rest.claim.clone()), (whole.lines, whole.claim));
    // The children made are counted across the runs (the memory of
    // couples found won starts empty in each run, so there may be more).
    assert!(rest.children >= whole.children);
    // The index of another file is refused.
    std::fs::write(&file, text.replace("nimber: 1\n", "nimber: 1\n\n")).unwrap();
    let e = check_file(&file, &index, &FileCheckOptions::default(), &mut NoProgress).unwrap_err();
    assert!(e.to_string().contains("made of another file"), "{e}");
}
