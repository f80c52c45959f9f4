//! SPOTS's databases (files SPOTS wrote, `tests/data/spots/`, see its
//! README): every string reads and writes back byte for byte; every file
//! checks; a file with one line removed or one nimber changed is refused,
//! naming a line. SPOTS strings read and written back on random positions.

use proptest::prelude::*;
use sprouts::notation::spots;
use sprouts::solve::{
    ExactCanon, Solver, SpotsCanon, SpotsDatabase, decompose_with, lands_position,
};
use sprouts_testkit::random::{self, Rng};
use sprouts_testkit::readers;
use sprouts_testkit::strategies::config;

/// The SPOTS files of the test data: (name, text).
fn files() -> Vec<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/spots");
    let mut out: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "spr"))
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect();
    out.sort();
    assert_eq!(out.len(), 16);
    out
}

/// Every position SPOTS wrote reads, and is written back as SPOTS wrote
/// it (the writer follows SPOTS's simplification and order), but for the
/// few that SPOTS's own ordering, run again on what it wrote, names
/// otherwise (its order depends on the layout it starts from,
/// docs/notations.md#spots): those are the same land.
#[test]
fn every_string_spots_wrote_reads_and_writes_back() {
    let mut lines = 0;
    let mut differ = Vec::new();
    for (name, text) in files() {
        for line in text.lines().skip(1) {
            let (position, _) = line.split_once(' ').unwrap();
            let p = spots::parse_position(position)
                .unwrap_or_else(|e| panic!("{name}: {position}: {e}"));
            let written = p.to_spots().unwrap();
            if written != position {
                let again = spots::parse_position(&written).unwrap();
                assert_eq!(
                    decompose_with(&again, &SpotsCanon).unwrap(),
                    decompose_with(&p, &SpotsCanon).unwrap(),
                    "{position} {written}"
                );
                assert_eq!(again.to_spots().unwrap(), written);
                differ.push(position.to_string());
            }
            lines += 1;
        }
    }
    assert_eq!(lines, 4824);
    differ.sort();
    differ.dedup();
    assert_eq!(
        differ,
        [
            "0*2.ABC|ABED|CDE",
            "0*2.AB|ABF|CDE|CF|DE",
            "0.AB|ABF|CDE|CD|EF",
            "0.AB|ABF|CDE|CF|DE",
            "0.A|1ACB|BC",
            "1aAa|ABE|BCD|CDE"
        ]
    );
}

/// Every SPOTS file checks: each line's land is a loss with its heap,
/// shown from the other lines by move generation and lookups.
#[test]
fn every_spots_file_checks() {
    for (name, text) in files() {
        let db: SpotsDatabase = text.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
        let checked = db
            .check(&mut |_, _| {})
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        eprintln!(
            "{name}: {} lines, {} children",
            checked.lines, checked.children
        );
        assert_eq!(checked.lines, text.lines().count() - 1, "{name}");
    }
}

/// The text of a SPOTS file of the test data.
fn file(name: &str) -> String {
    files().into_iter().find(|(n, _)| n == name).unwrap().1
}

/// A nimber changed on any line of three files: refused, naming that line
/// (or, when SPOTS lists the same land under two names, the other one).
#[test]
fn a_changed_nimber_is_refused_on_its_line() {
    for (name, stride) in [
        ("outcome-6.spr", 1),
        ("nimber-7.spr", 1),
        ("nimber-11.spr", 109),
    ] {
        let text = file(name);
        let lines: Vec<&str> = text.lines().collect();
        for i in (1..lines.len()).step_by(stride) {
            let (position, heap) = lines[i].split_once(' ').unwrap();
            let heap: u8 = heap.parse().unwrap();
            for other in [heap ^ 1, heap + 2] {
                let mut bad = lines.clone();
                let changed = format!("{position} {other}");
                bad[i] = &changed;
                let db: SpotsDatabase = bad.join("\n").parse().unwrap();
                let e = db.check(&mut |_, _| {}).unwrap_err();
                let blamed =
                    spots::parse_position(lines[e.line - 1].split_once(' ').unwrap().0).unwrap();
                let here = spots::parse_position(position).unwrap();
                assert_eq!(
                    decompose_with(&blamed, &SpotsCanon).unwrap(),
                    decompose_with(&here, &SpotsCanon).unwrap(),
                    "{name} line {}: {changed}: {e}",
                    i + 1
                );
            }
        }
    }
}

/// One line removed from the proof of the start (the header's claim,
/// here the file's own line for the start): refused, naming a line;
/// lines the proof does not use (SPOTS keeps every loss its search proved)
/// may go (51 of 66, 85 of 108 and 47 of 57 are refused). Every line of
/// three files.
#[test]
fn a_removed_line_is_refused_when_the_proof_needs_it() {
    for (name, n, nimber, refused) in [
        ("outcome-6.spr", 6, 0, 51),
        ("outcome-7.spr", 7, 0, 85),
        ("nimber-5.spr", 5, 1, 47),
    ] {
        let text = file(name);
        let lines: Vec<&str> = text.lines().collect();
        let mut count = 0;
        for i in 1..lines.len() {
            let mut bad = lines.clone();
            bad.remove(i);
            let db: SpotsDatabase = bad.join("\n").parse().unwrap();
            let mut cert = db.to_certificate();
            cert.position = Some((vec!["0"; n].join("."), 1));
            cert.nimber = Some(nimber);
            match cert.check(&SpotsCanon, &mut |_, _| {}) {
                Ok(_) => {}
                Err(e) => {
                    count += 1;
                    assert!(e.line <= bad.len(), "{name}: {e}");
                }
            }
        }
        assert_eq!(count, refused, "{name}");
    }
}

/// SPOTS's last simplification ([`SpotsCanon`]) and its names keep the
/// game: on positions of random games, the position, its lands as
/// [`SpotsCanon`] keys them, and its SPOTS text read back all have one
/// nimber. Lands SPOTS's rule changes (a region of at most 3 lives with a
/// 1-life spot listed twice) are counted, so that the test meets them.
#[test]
fn spots_simplification_keeps_the_nimber() {
    let mut s = Solver::new();
    let mut changed = 0;
    let mut positions = 0;
    for seed in 0..400u64 {
        let mut rng = Rng::new(seed);
        let spots_n = 2 + (seed % 5) as u32;
        let moves = rng.below(3 * spots_n as usize);
        let p = random::random_position(&mut rng, spots_n, moves);
        let n = s.nimber(&p).unwrap();
        let keyed = lands_position(&decompose_with(&p, &SpotsCanon).unwrap()).unwrap();
        assert_eq!(s.nimber(&keyed).unwrap(), n, "{}", p.to_glop2());
        let text = p.to_spots().unwrap();
        let read = spots::parse_position(&text).unwrap();
        assert_eq!(s.nimber(&read).unwrap(), n, "{} {text}", p.to_glop2());
        if decompose_with(&p, &ExactCanon).unwrap() != decompose_with(&keyed, &ExactCanon).unwrap()
        {
            changed += 1;
        }
        positions += 1;
        readers::spots_position(&text);
        readers::spots_position(&p.to_glop2());
    }
    assert_eq!(positions, 400);
    assert_eq!(changed, 6);
}

proptest! {
    #![proptest_config(config(512))]

    /// Texts of SPOTS's characters: read or refused cleanly; what reads
    /// is written as SPOTS names it and reads back to the same lands; as a
    /// database, read, checked and written back.
    #[test]
    fn spots_texts_read_back(text in "[0-2a-cA-Cmn()*.|+!]{1,14}") {
        readers::spots(&text);
        readers::spots(&format!("[Positions+Nimber]\n{text} 1\n"));
    }
}

/// The database `sprouts solve --spots 12 --certificate FILE --format
/// spots` wrote, kept with what SPOTS printed when given it as its
/// `--input_database` (`spots-solver "0*12" --algorithm pns`): SPOTS
/// answered in 8 iterations, as with its own database (21,672 with none;
/// docs/certificates.md#spots). The file checks, and each land is written
/// as it is.
#[test]
fn the_database_spots_read_checks() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/spots");
    let text = std::fs::read_to_string(format!("{dir}/sprouts-12.spots")).unwrap();
    let db: SpotsDatabase = text.parse().unwrap();
    assert_eq!(db.check(&mut |_, _| {}).unwrap().lines, 725);
    assert_eq!(db.lines[0].position, "0*12");
    for l in &db.lines {
        let p = spots::parse_position(&l.position).unwrap();
        assert_eq!(p.to_spots().unwrap(), l.position);
    }
    let printed = std::fs::read_to_string(format!("{dir}/spots-read-sprouts-12.txt")).unwrap();
    assert!(printed.contains("input_database=\"12.spots\""), "{printed}");
    assert!(printed.contains("0*12+*0 is Loss:"), "{printed}");
    assert!(printed.contains("\tIterations:          8\n"), "{printed}");
    // Without the start's own couple (`12-noroot.spots`), SPOTS finds its
    // children's lands by the names written: 8 iterations still.
    let printed =
        std::fs::read_to_string(format!("{dir}/spots-read-sprouts-12-without-start.txt")).unwrap();
    assert!(
        printed.contains("input_database=\"12-noroot.spots\""),
        "{printed}"
    );
    assert!(printed.contains("\tIterations:          8\n"), "{printed}");
    // With no database: 21,672.
    let printed = std::fs::read_to_string(format!("{dir}/spots-read-nothing-12.txt")).unwrap();
    assert!(printed.contains("input_database=\"\""), "{printed}");
    assert!(printed.contains("\tIterations:      21672\n"), "{printed}");
}

/// The strings issue 30 met: a lower-case letter reused on another
/// boundary of a region, and `!` ending a position of two lands.
#[test]
fn the_strings_a_glop_reader_refused_read() {
    let p = spots::parse_position("1a1a.1aAa|2A").unwrap();
    assert_eq!(p.to_glop2(), "1a1a.1bAb|2A");
    assert!(sprouts::notation::glop2::parse_position("1a1a.1aAa|2A").is_err());
    let p = spots::parse_position("0.0.0|1a1a+0!").unwrap();
    assert_eq!(p.to_glop2(), "0.0.0+1a1a+0");
    assert_eq!(p.to_spots().unwrap(), "0*3+0+1a1a");
    assert_eq!(spots::parse_position("!").unwrap().to_glop2(), "");
    assert_eq!(
        spots::parse_position("0!+0").unwrap_err().to_string(),
        "at byte 1: expected '.', '|', '+', or '!' at the end, found '!'"
    );
}
