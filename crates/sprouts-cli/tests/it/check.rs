//! `sprouts solve --certificate FILE` and `sprouts check FILE`, in normal
//! and misère play.

use crate::common;

use common::{fails, ok};

fn path(p: &std::path::Path) -> &str {
    p.to_str().unwrap()
}

/// `sprouts check` output without its time.
fn checked(args: &[&str]) -> String {
    let out = ok(args, "");
    let (rest, seconds) = out.trim_end().rsplit_once('\n').unwrap();
    assert!(seconds.starts_with("seconds\t"), "{out}");
    rest.to_string()
}

#[test]
fn a_solve_writes_a_certificate_that_checks() {
    let dir = tempfile::tempdir().unwrap();
    let cert = dir.path().join("8.cert");
    let out = ok(
        &[
            "solve",
            "--spots",
            "8",
            "--no-db",
            "--certificate",
            path(&cert),
        ],
        "",
    );
    let text = std::fs::read_to_string(&cert).unwrap();
    let couples = text
        .lines()
        .skip_while(|l| *l != "[Positions+Nimber]")
        .count()
        - 1;
    assert!(
        out.contains(&format!(
            "certificate\t{} ({couples} couples, ",
            path(&cert)
        )),
        "{out}"
    );
    assert!(text.starts_with("sprouts certificate 1\n"), "{text}");
    assert!(
        text.contains("\nposition: 0.0.0.0.0.0.0.0\nnimber: 0\n"),
        "{text}"
    );
    let check = checked(&["check", path(&cert)]);
    let children: u64 = check.rsplit_once('\t').unwrap().1.parse().unwrap();
    assert!(children > 1000, "{check}");
    assert_eq!(
        check,
        format!(
            "checked\t{couples} couples\nposition\t0.0.0.0.0.0.0.0\nnimber\t0 (loss for the player to move)\nchildren\t{children}"
        )
    );
    // From standard input, with exact keys: the same.
    let out = ok(&["check", "--exact", "-"], &text);
    assert!(
        out.starts_with(&format!("checked\t{couples} couples\n")),
        "{out}"
    );
    // JSON says what was written.
    let v: serde_json::Value = serde_json::from_str(&ok(
        &[
            "solve",
            "--spots",
            "4",
            "--no-db",
            "--json",
            "--certificate",
            path(&cert),
        ],
        "",
    ))
    .unwrap();
    assert!(v["certificate"]["couples"].as_u64().unwrap() >= 3, "{v}");
    assert!(v["certificate"]["seconds"].as_f64().is_some(), "{v}");
}

#[test]
fn a_wrong_couple_is_named_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let cert = dir.path().join("5.cert");
    ok(
        &[
            "solve",
            "--spots",
            "5",
            "--no-db",
            "--certificate",
            path(&cert),
        ],
        "",
    );
    let text = std::fs::read_to_string(&cert).unwrap();
    // `1 1` (a spot with 2 lives, nimber 1) is in every start's proof;
    // claim nimber 0 for it instead.
    let number = text.lines().position(|l| l == "1 1").unwrap() + 1;
    let bad = text.replace("\n1 1\n", "\n1 0\n");
    let e = fails(&["check", "-"], bad.as_bytes());
    assert_eq!(
        e,
        format!(
            "sprouts: -: line {number}: 1 0 does not hold: the move to (no live region) leaves a loss for the opponent (its lands' known nimbers and the heap give 0)"
        )
    );
}

#[test]
fn bad_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("x.cert");
    std::fs::write(&f, "hello\n").unwrap();
    assert_eq!(
        fails(&["check", path(&f)], b""),
        format!(
            "sprouts: {}: line 1: expected \"sprouts certificate 1\" or \"[Positions+Nimber]\", found \"hello\"",
            path(&f)
        )
    );
    assert_eq!(
        fails(&["check", "-"], b"[Positions+Nimber]\n\xff 0\n"),
        "sprouts: -: not UTF-8 text (at byte 19)"
    );
    assert_eq!(
        fails(&["check", path(&dir.path().join("none"))], b""),
        format!(
            "sprouts: cannot read {}: No such file or directory (os error 2)",
            path(&dir.path().join("none"))
        )
    );
}

#[test]
fn a_misere_solve_writes_a_certificate_that_checks() {
    let dir = tempfile::tempdir().unwrap();
    let cert = dir.path().join("7.cert");
    let out = ok(
        &[
            "solve",
            "--misere",
            "--spots",
            "7",
            "--no-db",
            "--certificate",
            path(&cert),
        ],
        "",
    );
    let text = std::fs::read_to_string(&cert).unwrap();
    let count = |what: &dyn Fn(&str) -> bool| text.lines().filter(|l| what(l)).count();
    let trees = count(&|l| l.starts_with("tree ") && l.contains('{'));
    let land_trees = count(&|l| l.contains("\ttree "));
    let losses = count(&|l| l.contains("\tmisere loss"));
    assert!(trees > 10 && land_trees > 1000 && losses > 5, "{out}");
    assert!(
        out.starts_with("outcome\tloss for the player to move (misere)\n"),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "\ncertificate\t{} ({losses} losses, {land_trees} land trees, {trees} trees, ",
            path(&cert)
        )),
        "{out}"
    );
    assert!(text.starts_with("sprouts certificate 1\n"), "{text}");
    assert!(
        text.contains(
            "\nvariant: misere\nposition: 0.0.0.0.0.0.0\noutcome: loss\ntree lives: 9\n[Misere_Positions+Trees]\ntree 1\t{0}\n"
        ),
        "{text}"
    );
    // The position's own line is the first loss (AJS 1991: 7 spots is a
    // misère loss).
    let number = text
        .lines()
        .position(|l| l == "0.0.0.0.0.0.0\tmisere loss")
        .unwrap()
        + 1;
    assert_eq!(number, text.lines().count() - losses + 1);
    let check = checked(&["check", path(&cert)]);
    let children: u64 = check.rsplit_once('\t').unwrap().1.parse().unwrap();
    assert!(children > 1000, "{check}");
    assert_eq!(
        check,
        format!(
            "checked\t{losses} losses, {land_trees} land trees, {trees} trees\nposition\t0.0.0.0.0.0.0\noutcome\tloss for the player to move (misere)\nchildren\t{children}"
        )
    );
    // With exact keys, from standard input: the same.
    let out = ok(&["check", "--exact", "-"], &text);
    assert!(
        out.starts_with(&format!(
            "checked\t{losses} losses, {land_trees} land trees, {trees} trees\n"
        )),
        "{out}"
    );
    // The position's line removed: the claim is refused.
    let bad = text.replace("\n0.0.0.0.0.0.0\tmisere loss\n", "\n");
    assert_eq!(
        fails(&["check", "-"], bad.as_bytes()),
        "sprouts: -: line 9: position \"0.0.0.0.0.0.0\" outcome loss does not hold: the position is not listed as a loss"
    );
    // A tree that is another again: refused on its line.
    let number = text.lines().position(|l| l == "tree 2\t{0,1}").unwrap() + 1;
    let bad = text.replace("\ntree 2\t{0,1}\n", "\ntree 2\t{0}\n");
    assert_eq!(
        fails(&["check", "-"], bad.as_bytes()),
        format!("sprouts: -: line {number}: tree 2 {{0}} does not hold: tree 2 is tree 1 again")
    );
    // JSON says what was written.
    let v: serde_json::Value = serde_json::from_str(&ok(
        &[
            "solve",
            "--misere",
            "--spots",
            "5",
            "--no-db",
            "--json",
            "--certificate",
            path(&cert),
        ],
        "",
    ))
    .unwrap();
    assert!(v["certificate"]["losses"].as_u64().unwrap() >= 1, "{v}");
    assert!(v["certificate"]["trees"].as_u64().unwrap() >= 3, "{v}");
    assert!(v["certificate"]["land_trees"].as_u64().unwrap() >= 3, "{v}");
    assert!(v["certificate"].get("couples").is_none(), "{v}");
}

/// `--smallest` writes a proof of the outcome (a win by one move to a
/// loss); `check --index` checks it from an index on disk with the output
/// of the check in memory, and names the same line when it fails.
#[test]
fn a_smallest_proof_checks_in_memory_and_with_an_index() {
    let dir = tempfile::tempdir().unwrap();
    let cert = dir.path().join("9.cert");
    ok(
        &[
            "solve",
            "--spots",
            "9",
            "--no-db",
            "--certificate",
            path(&cert),
            "--smallest",
            "8",
        ],
        "",
    );
    let text = std::fs::read_to_string(&cert).unwrap();
    assert!(text.contains("\noutcome: win\n"), "{text}");
    let in_memory = checked(&["check", path(&cert)]);
    assert!(
        in_memory.contains("position\t0.0.0.0.0.0.0.0.0\noutcome\twin for the player to move\n"),
        "{in_memory}"
    );
    let index = dir.path().join("9.index");
    assert_eq!(
        checked(&["check", "--index", path(&index), path(&cert)]),
        in_memory
    );
    // A heap changed: both name its line.
    let lines: Vec<&str> = text.lines().collect();
    let i = lines.len() - 3;
    let (pos, heap) = lines[i].rsplit_once(' ').unwrap();
    let changed = format!("{pos} {}", heap.parse::<u8>().unwrap() ^ 1);
    let mut bad = lines.clone();
    bad[i] = &changed;
    let bad_cert = dir.path().join("bad.cert");
    std::fs::write(&bad_cert, bad.join("\n") + "\n").unwrap();
    let a = fails(&["check", path(&bad_cert)], b"");
    let b = fails(
        &[
            "check",
            "--index",
            path(&dir.path().join("bad.index")),
            path(&bad_cert),
        ],
        b"",
    );
    assert!(a.contains(&format!("line {}: ", i + 1)), "{a}");
    assert_eq!(a, b);
}

/// The outcome proof of 16 spots kept in the repository
/// (`examples/certificates/16-spots-outcome.cert`, written by `sprouts
/// solve --spots 16 --certificate FILE --smallest 64`): 635 losing
/// couples, fewer than the 669 of the smallest published proof (GLOP,
/// 2007, as SproutsWiki lists it), checks; it lists each land once
/// (`keys: exact`), and without that header line, found by the solver's
/// keys, some land it needs in another layout is missing.
#[test]
fn the_proof_of_16_spots_smaller_than_the_published_record_checks() {
    let cert = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/certificates/16-spots-outcome.cert"
    );
    let out = checked(&["check", cert]);
    let children: u64 = out.rsplit_once('\t').unwrap().1.parse().unwrap();
    assert_eq!(
        out,
        format!(
            "checked\t635 couples\nposition\t0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0\noutcome\twin for the player to move\nchildren\t{children}"
        )
    );
    let text = std::fs::read_to_string(cert).unwrap();
    assert!(text.contains("\nkeys: exact\n"), "{text}");
    let dir = tempfile::tempdir().unwrap();
    let pseudo = dir.path().join("16.cert");
    std::fs::write(&pseudo, text.replace("\nkeys: exact\n", "\n")).unwrap();
    let e = fails(&["check", path(&pseudo)], b"");
    assert!(e.contains("does not hold"), "{e}");
}
