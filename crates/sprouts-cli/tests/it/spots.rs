//! SPOTS's databases at the command line: `sprouts check` and `db import`
//! take the files SPOTS wrote (`crates/sprouts/tests/data/spots/`);
//! `solve --certificate --format spots` and `db export --format spots`
//! write what SPOTS reads, and it reads back and checks.

use crate::common;

use common::{fails, ok};

fn path(p: &std::path::Path) -> &str {
    p.to_str().unwrap()
}

fn data(name: &str) -> String {
    format!(
        "{}/../sprouts/tests/data/spots/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// `sprouts check` output without its time.
fn checked(args: &[&str]) -> String {
    let out = ok(args, "");
    let (rest, seconds) = out.trim_end().rsplit_once('\n').unwrap();
    assert!(seconds.starts_with("seconds\t"), "{out}");
    rest.to_string()
}

#[test]
fn spots_files_check_and_import() {
    for (name, couples, children) in [
        ("outcome-6.spr", 66, 935),
        ("nimber-7.spr", 108, 1870),
        ("outcome-9.spr", 114, 1727),
    ] {
        assert_eq!(
            checked(&["check", &data(name)]),
            format!("checked\t{couples} couples\nchildren\t{children}"),
            "{name}"
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s.redb");
    // Imported, the database answers the start without searching.
    assert_eq!(
        ok(
            &["db", "--db", path(&db), "import", &data("outcome-6.spr")],
            ""
        ),
        "imported\t66\n"
    );
    let v: serde_json::Value = serde_json::from_str(&ok(
        &["solve", "--spots", "6", "--db", path(&db), "--json"],
        "",
    ))
    .unwrap();
    assert_eq!(
        (v["nimber"].as_u64(), v["searched"].as_u64()),
        (Some(0), Some(0))
    );
}

/// The cases: `2a2a` is SPOTS's `222`, letters reused on another
/// boundary, `!`; and a changed nimber refused on its line.
#[test]
fn what_spots_writes_reads() {
    let six = std::fs::read_to_string(data("outcome-6.spr")).unwrap();
    let bad = six.replace("\nAB.CD|AB|CD 3\n", "\nAB.CD|AB|CD 2\n");
    assert_ne!(bad, six);
    let e = fails(&["check", "-"], bad.as_bytes());
    assert!(
        e.starts_with("sprouts: -: line 7: AB.CD|AB|CD 2 does not hold: "),
        "{e}"
    );
    // Read (a letter of another boundary reused, written in GLOP 2 in
    // messages), then checked: alone it does not hold.
    let e = fails(&["check", "-"], b"[Positions+Nimber]\n1a1a.1aAa|2A 1\n");
    assert!(
        e.starts_with("sprouts: -: line 2: 1a1a.1bAb|2A 1 does not hold: "),
        "{e}"
    );
    let out = ok(&["check", "-"], "[Positions+Nimber]\n1! 1\n");
    assert!(
        out.starts_with("checked\t1 couples\nchildren\t1\n"),
        "{out}"
    );
    let e = fails(&["check", "-"], b"[Positions+Nimber]\n1a2 0\n");
    assert_eq!(
        e,
        "sprouts: -: line 2: \"1a2\" is not a position: invalid position: letter a at byte 1 is listed 1 time on its boundary (a lower-case letter names a spot listed twice on one boundary)"
    );
}

#[test]
fn a_certificate_in_spots_format_reads_back_and_checks() {
    let dir = tempfile::tempdir().unwrap();
    let cert = dir.path().join("7.spr");
    let out = ok(
        &[
            "solve",
            "--spots",
            "7",
            "--no-db",
            "--certificate",
            path(&cert),
            "--format",
            "spots",
        ],
        "",
    );
    let text = std::fs::read_to_string(&cert).unwrap();
    assert!(text.starts_with("[Positions+Nimber]\n0*7 0\n"), "{text}");
    let couples = text.lines().count() - 1;
    assert!(
        out.contains(&format!(
            "certificate\t{} ({couples} couples, ",
            path(&cert)
        )),
        "{out}"
    );
    let check = checked(&["check", path(&cert)]);
    assert!(
        check.starts_with(&format!("checked\t{couples} couples\n")),
        "{check}"
    );
    // A database exports the same way, and that checks too.
    let db = dir.path().join("7.redb");
    ok(&["db", "--db", path(&db), "import", path(&cert)], "");
    let export = ok(
        &["db", "--db", path(&db), "export", "--format", "spots"],
        "",
    );
    assert!(export.starts_with("[Positions+Nimber]\n"), "{export}");
    assert!(export.contains("\n0*7 0\n"), "{export}");
    let out = ok(&["check", "-"], &export);
    assert!(
        out.starts_with(&format!(
            "checked\t{} couples\n",
            export.lines().count() - 1
        )),
        "{out}"
    );
    // Misère play has no SPOTS database.
    let e = fails(
        &[
            "solve",
            "--misere",
            "--spots",
            "3",
            "--no-db",
            "--certificate",
            path(&cert),
            "--format",
            "spots",
        ],
        b"",
    );
    assert_eq!(
        e,
        "sprouts: --format spots: SPOTS's databases are of normal play only"
    );
}
