//! SPOTS's databases (files SPOTS wrote, `tests/data/spots/`, see its
//! README): every string reads and writes back byte for byte; every file
//! checks; a file with one line removed or one nimber changed is refused,
//! naming a line. SPOTS strings read and written back on random positions.

use sprouts::notation::spots;
use sprouts::solve::SpotsDatabase;

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
/// it: the writer follows SPOTS's simplification and order.
#[test]
fn every_string_spots_wrote_reads_and_writes_back() {
    let mut lines = 0;
    let mut differ = 0;
    for (name, text) in files() {
        for line in text.lines().skip(1) {
            let (position, _) = line.split_once(' ').unwrap();
            let p = spots::parse_position(position)
                .unwrap_or_else(|e| panic!("{name}: {position}: {e}"));
            if p.to_spots().unwrap() != position {
                eprintln!("{name}: {position} -> {}", p.to_spots().unwrap());
                differ += 1;
            }
            lines += 1;
        }
    }
    assert_eq!((lines, differ), (4139, 0));
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
