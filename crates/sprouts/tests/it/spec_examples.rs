//! Every example of the reference texts (Hoey's, WGOSA's and LHP's notes,
//! the project's reading rules, the known values and the published WGOSA
//! games), listed with
//! the results checked by hand in `data/spec-examples.txt`, read through the
//! library's one reader ([`read_input`]) and written back by every writer.
//! (The neo-GLOP thread's examples have their own test, `neoglop_thread.rs`.)

use sprouts::canon::canonical;
use sprouts::model::Position;
use sprouts::notation::{Input, NO_LIVE_REGION, Notation, PositionNotation, read_input};

const EXAMPLES: &str = include_str!("../data/spec-examples.txt");

struct Example<'a> {
    source: &'a str,
    input: &'a str,
    kind: &'a str,
    hoey: &'a str,
    canon: &'a str,
}

fn examples() -> Vec<Example<'static>> {
    EXAMPLES
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 5, "five fields: {l}");
            Example {
                source: f[0],
                input: f[1],
                kind: f[2],
                hoey: f[3],
                canon: f[4],
            }
        })
        .collect()
}

/// The position a text stands for (a game: after its last move), and what
/// it was read as: `game` or the position notation's name.
fn read(text: &str, notation: Option<PositionNotation>) -> (Position, String) {
    match read_input(text, notation).unwrap_or_else(|e| panic!("{text}: {e}")) {
        Input::Game(g) => {
            let r = g.replay().unwrap_or_else(|e| panic!("{text}: {e}"));
            (r.position().clone(), "game".to_string())
        }
        Input::Position {
            position, notation, ..
        } => (position, notation.name().to_string()),
    }
}

#[test]
fn every_example_reads_to_the_checked_position() {
    let all = examples();
    assert_eq!(all.len(), 57);
    for e in &all {
        let (pos, kind) = read(e.input, None);
        let at = format!("{} ({})", e.input, e.source);
        assert_eq!(kind, e.kind, "{at}");
        assert_eq!(pos.to_hoey(), e.hoey, "{at}");
        assert_eq!(canonical(&pos).to_string(), e.canon, "{at}");
    }
}

#[test]
fn every_position_writer_reads_back_as_its_own_notation() {
    for e in examples() {
        let (pos, _) = read(e.input, None);
        for n in PositionNotation::ALL {
            let mut written = n.write(&pos);
            if written.is_empty() {
                // What programs show for the empty text (`sprouts replay`).
                written = NO_LIVE_REGION.to_string();
            }
            let at = format!("{} ({}) in {n}: {written}", e.input, e.source);
            let (told, _) = read(&written, Some(n));
            assert_eq!(canonical(&told).to_string(), e.canon, "{at}");
            // A bare number is the start of a game with that many spots
            // (`2`, the Hoey text of a lone spot 2, needs its notation).
            if written.bytes().all(|b| b.is_ascii_digit()) && !written.is_empty() {
                assert_eq!(read(&written, None).1, "game", "{at}");
                continue;
            }
            let (found, kind) = read(&written, None);
            let kind = if written == NO_LIVE_REGION {
                n.name().to_string()
            } else {
                kind
            };
            // GLOP 2 without `|`, `*` or `@` is neo-GLOP, which reads it alike.
            // So is GLOP 1.0's `!`, the position with no region.
            let neo = kind == "neoglop"
                && (n == PositionNotation::Glop2
                    || (n == PositionNotation::Glop1 && written == "!"));
            assert!(kind == n.name() || neo, "{at}: read as {kind}");
            assert_eq!(canonical(&found).to_string(), e.canon, "{at}");
        }
    }
}

#[test]
fn every_game_converts_and_reads_back_in_every_move_notation() {
    for e in examples().iter().filter(|e| e.kind == "game") {
        let Input::Game(g) = read_input(e.input, None).unwrap() else {
            unreachable!()
        };
        let r = g.replay().unwrap();
        let texts: Vec<String> = Notation::ALL.iter().map(|&n| r.to_notation(n)).collect();
        for text in &texts {
            let Input::Game(back) = read_input(text, None).unwrap() else {
                panic!("{text} reads as a game")
            };
            let back = back.replay().unwrap_or_else(|err| panic!("{text}: {err}"));
            assert_eq!(canonical(back.position()).to_string(), e.canon, "{text}");
            for (n, expected) in Notation::ALL.iter().zip(&texts) {
                assert_eq!(&back.to_notation(*n), expected, "{text} to {n:?}");
            }
        }
    }
}

/// Two results that needed a fix: the Hoey writer's text of a position whose
/// one live spot is listed once (`1o` for GLOP's `1.}]!`) was read as
/// neo-GLOP ("neoglop position: at byte 0: expected a site, '(' or '[',
/// found '1'"), and the neo-GLOP text `1212122` of `<12>32` (a bare number
/// too large for a game) failed with "expected a number of spots below
/// 262144, found '1'".
#[test]
fn hoey_single_sites_and_huge_bare_numbers() {
    let (pos, kind) = read("1.}]!", None);
    assert_eq!((kind.as_str(), pos.to_hoey().as_str()), ("glop1", "1o"));
    assert_eq!(PositionNotation::detect("1o"), PositionNotation::Hoey);
    assert_eq!(PositionNotation::detect("14t"), PositionNotation::Hoey);
    assert_eq!(PositionNotation::detect("t"), PositionNotation::Neoglop);
    assert_eq!(PositionNotation::detect("1ot"), PositionNotation::Neoglop);
    let (back, kind) = read("1o", None);
    assert_eq!((kind.as_str(), back), ("hoey", pos));
    let (pos, _) = read("<12>32", None);
    assert_eq!(pos.to_neoglop(), "1212122");
    assert_eq!(
        read_input("1212122", None).unwrap_err().to_string(),
        "1212122: a bare number is the start of a game with that many spots, and a game has fewer than 262144; to read it as a position, say its notation"
    );
    assert_eq!(
        read_input("262144+", None).unwrap_err().to_string(),
        "262144: a bare number is the start of a game with that many spots, and a game has fewer than 262144; to read it as a position, say its notation"
    );
    assert_eq!(read("1212122", Some(PositionNotation::Neoglop)).0, pos);
    assert_eq!(read("262143", None).0.live_spots().count(), 262143);
}
