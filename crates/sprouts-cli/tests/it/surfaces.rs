//! Games on other surfaces than the plane (docs/surfaces.md) from the
//! command line.

use crate::common;

use common::ok;

fn fails(args: &[&str]) -> String {
    common::fails(args, b"")
}

#[test]
fn moves_off_the_plane_are_listed_by_position() {
    assert_eq!(
        ok(&["moves", "--spots", "1", "--surface", "C2"], ""),
        "ABC1/ABC1\nABC2/AB\nAB.BAT0\nababC1\n"
    );
    // 18 moves, which leave 6 positions (the 3 spots play alike).
    assert_eq!(
        ok(&["moves", "--count", "--spots", "3", "--surface", "T1"], ""),
        "6\n"
    );
    assert_eq!(
        ok(&["moves", "--json", "--spots", "1", "--surface", "T1"], ""),
        "{\"position\":\"0T1\",\"variant\":\"normal\",\"count\":\"2\",\"moves\":[{\"position\":\"AB/ABT1\"},{\"position\":\"AB.ABT0\"}],\"truncated\":false}\n"
    );
    // Two spots on a torus: 7 moves, which leave 4 positions, each listed
    // once, with the count and the JSON agreeing.
    assert_eq!(
        ok(&["moves", "0.0T1"], ""),
        "AB/AB.0T1\nABT1/AB.0\nAB.AB.0T0\n1a1aT1\n"
    );
    assert_eq!(ok(&["moves", "--count", "0.0T1"], ""), "4\n");
    assert_eq!(
        ok(&["moves", "--json", "0.0T1"], ""),
        "{\"position\":\"0.0T1\",\"variant\":\"normal\",\"count\":\"4\",\"moves\":[{\"position\":\"AB/AB.0T1\"},{\"position\":\"ABT1/AB.0\"},{\"position\":\"AB.AB.0T0\"},{\"position\":\"1a1aT1\"}],\"truncated\":false}\n"
    );
    assert_eq!(
        ok(&["moves", "--limit", "2", "0.0T1"], ""),
        "AB/AB.0T1\nABT1/AB.0\n"
    );
    // A text with topology marks plays as well (5 moves, 4 positions).
    assert_eq!(ok(&["moves", "--count", "0.0/0T1"], ""), "4\n");
    assert!(fails(&["moves", "--surface", "T1", "0.0"]).contains("--spots"));
    let bad = common::sprouts(&["moves", "--spots", "2", "--surface", "K1"], b"");
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("'K1' is not a surface"));
}

#[test]
fn solve_off_the_plane() {
    let out = ok(&["solve", "--spots", "5", "--surface", "C1", "--no-db"], "");
    assert!(
        out.starts_with("outcome\tloss for the player to move (normal)\nnimber\t0\n"),
        "{out}"
    );
    let out = ok(&["solve", "--spots", "5", "--surface", "T1", "--no-db"], "");
    assert!(
        out.starts_with("outcome\twin for the player to move (normal)\nnimber\t1\n"),
        "{out}"
    );
    let out = ok(
        &[
            "solve",
            "--misere",
            "--spots",
            "4",
            "--surface",
            "C1",
            "--no-db",
        ],
        "",
    );
    assert!(
        out.starts_with("outcome\twin for the player to move (misere)\n"),
        "{out}"
    );
    assert_eq!(
        fails(&["solve", "--no-db", "0.0T13"]),
        "sprouts: a region lies on T13; the solver takes at most 12 handles or cross-caps"
    );
}

#[test]
fn pictures_and_planar_notations_refuse_surfaces() {
    assert_eq!(
        fails(&["draw", "0.0T1"]),
        "sprouts: cannot draw a position off the plane (a region with handles or cross-caps, or a game on another surface): only planar positions are drawn"
    );
    assert_eq!(
        fails(&["position", "convert", "--to", "hoey", "0.0C1"]),
        "sprouts: the position is off the plane and hoey has no topology: convert it to neoglop or glop2"
    );
    assert_eq!(
        ok(&["position", "convert", "--to", "glop2", "0.0C1"], ""),
        "0.0@-1\n"
    );
    assert_eq!(ok(&["position", "canon", "AB/AB.0C1"], ""), "AB.0C1/AB\n");
}

#[test]
fn database_and_certificates_off_the_plane() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s.redb");
    let db = db.to_str().unwrap();
    let cert = dir.path().join("c1.cert");
    let cert = cert.to_str().unwrap();
    let out = ok(
        &[
            "solve",
            "--spots",
            "4",
            "--surface",
            "C1",
            "--db",
            db,
            "--certificate",
            cert,
        ],
        "",
    );
    assert!(
        out.starts_with("outcome\twin for the player to move (normal)\nnimber\t1\n"),
        "{out}"
    );
    let checked = ok(&["check", cert], "");
    assert!(
        checked.contains("position\t0.0.0.0@-1\nnimber\t1 (win for the player to move)"),
        "{checked}"
    );
    let verified = ok(&["db", "--db", db, "verify"], "");
    assert!(verified.contains("wrong\t0"), "{verified}");
    // Lands are exported in GLOP 2 with their topology, and read back.
    let export = ok(&["db", "--db", db, "export"], "");
    assert!(
        export.lines().filter(|l| l.contains("@-1")).count() > 10,
        "{export}"
    );
    let again = dir.path().join("t.redb");
    let again = again.to_str().unwrap();
    let file = dir.path().join("export.txt");
    std::fs::write(&file, &export).unwrap();
    ok(&["db", "--db", again, "import", file.to_str().unwrap()], "");
    assert_eq!(ok(&["db", "--db", again, "export"], ""), export);
    // A later solve finds the start in the database.
    let out = ok(
        &["solve", "--spots", "4", "--surface", "C1", "--db", db],
        "",
    );
    assert!(out.contains("searched\t0\n"), "{out}");
}
