//! Robustness of the Hoey readers: arbitrary text never makes them panic,
//! whatever they accept behaves, and long inputs are read in one pass.
//!
//! The checks are the fuzz targets' bodies (`sprouts_testkit::readers`;
//! the targets are in `fuzz/`, cargo-fuzz, nightly); these proptest
//! targets run them with `cargo test`.

use proptest::prelude::*;
use sprouts::model::{Position, Variant};
use sprouts::notation::hoey::{HoeyMove, parse_position};
use sprouts::notation::transcript::Transcript;
use sprouts_testkit::random::seeded_game;
use sprouts_testkit::readers::{self, positions};
use sprouts_testkit::strategies::{config, separation, site};

/// Characters of the Hoey notations, transcripts, and white space (a regex
/// class, for `concat!`).
macro_rules! alphabet {
    () => {
        "[0-9,;/\\-.<>=to+()I \t\n]"
    };
}

/// The canonical texts of a random legal game (one move per seed, while
/// the game lasts).
fn random_game_texts(n: u32, seeds: &[u64]) -> Vec<String> {
    let (positions, moves) = seeded_game(n, seeds);
    positions
        .iter()
        .zip(&moves)
        .map(|(p, m)| HoeyMove::from_move(p, m).unwrap().to_string())
        .collect()
}

/// Reads a position text; whatever reads must behave.
fn exercise_position(text: &str) {
    readers::hoey_position(text);
}

/// Reads a move text and resolves it against every test position.
fn exercise_move(text: &str, positions: &[Position]) {
    readers::hoey_move(text, positions);
}

/// Reads a game and replays it, whatever its size (headers allow up to
/// 262143 spots; a move costs the region it is drawn in).
fn exercise_game(text: &str) {
    readers::hoey_games(text, u32::MAX);
}

proptest! {
    #![proptest_config(config(512))]

    #[test]
    fn position_reader_never_panics(s in any::<String>()) {
        exercise_position(&s);
    }

    #[test]
    fn position_reader_on_notation_alphabet(s in concat!(alphabet!(), "{0,60}")) {
        exercise_position(&s);
    }

    /// Texts shaped like positions, so that many of them read.
    #[test]
    fn position_reader_on_position_shapes(
        s in "[1-9][to]?([,;/\\-][1-9][0-9]?[to]?){0,14}"
    ) {
        exercise_position(&s);
    }

    #[test]
    fn position_reader_on_bytes(b in prop::collection::vec(any::<u8>(), 0..64)) {
        exercise_position(&String::from_utf8_lossy(&b));
    }

    #[test]
    fn move_reader_never_panics(s in any::<String>()) {
        exercise_move(&s, positions());
    }

    #[test]
    fn move_reader_on_notation_alphabet(s in concat!(alphabet!(), "{0,30}")) {
        exercise_move(&s, positions());
    }

    /// Texts shaped like moves, with the right new spot for one of the
    /// positions, so that many of them resolve.
    #[test]
    fn move_reader_on_move_shapes(
        (i, a, sa, b, sb, sep) in (0usize..11, 1u32..12, site(), 1u32..12, site(), separation())
    ) {
        let ps = positions();
        let c = ps[i].next_spot();
        exercise_move(&format!("{a}{sa}-{c}-{b}{sb}{sep}"), ps);
    }

    #[test]
    fn game_reader_never_panics(s in any::<String>()) {
        exercise_game(&s);
    }

    #[test]
    fn game_reader_on_notation_alphabet(s in concat!(alphabet!(), "{0,80}")) {
        exercise_game(&s);
    }

    /// Random legal games written canonically, with a few moves replaced by
    /// move-shaped texts (right new spot, random ends, sites and lists), so
    /// that replays go deep and then meet near-misses.
    #[test]
    fn game_reader_on_game_shapes(
        n in 1u32..=8,
        seeds in prop::collection::vec(any::<u64>(), 0..24),
        noise in prop::collection::vec(
            (any::<usize>(), any::<u32>(), site(), any::<u32>(), site(), separation()),
            0..3,
        ),
        sign in "[+-]?",
        players in "( \\([A-Za-z* ,-]{0,8}\\))?",
        result in "( I| II)?",
    ) {
        let mut texts = random_game_texts(n, &seeds);
        for (i, a, sa, b, sb, sep) in &noise {
            if texts.is_empty() {
                break;
            }
            let i = i % texts.len();
            let c = n + i as u32 + 1;
            texts[i] = format!("{}{sa}-{c}-{}{sb}{sep}", 1 + a % (c - 1), 1 + b % (c - 1));
        }
        exercise_game(&format!("{n}{sign}{players} {}{result}", texts.join("; ")));
    }

    #[test]
    fn game_reader_on_bytes(b in prop::collection::vec(any::<u8>(), 0..96)) {
        exercise_game(&String::from_utf8_lossy(&b));
    }
}

/// Odd corners, read by every reader.
#[test]
fn edge_cases_do_not_panic() {
    let ps = positions();
    for s in [
        "",
        " ",
        "\n",
        "0",
        "00",
        "1t",
        "1o",
        "1to",
        "t",
        "o",
        "1,1",
        "1;1",
        "1/1",
        "/",
        ";",
        ",",
        "-",
        "1-",
        "1-2",
        "1-2-",
        "1-2-3>,",
        "1-2-3>1,",
        "1-2-3<<",
        "1-2-3==",
        "1.2.3-4-5",
        "1.-2-3",
        "4294967295",
        "4294967296,1",
        "99999999999999999999",
        "16777215",
        "1048576",
        "1048575",
        "1-1048576-1",
        "1-4294967296-1",
        "0-2-0",
        "1-0-1",
        "1.0-2-1",
        "1-2-3>0",
        "1+",
        "1-",
        "1",
        "+",
        "I",
        "II",
        "1+ I",
        "1+ II",
        "1+ I II",
        "262143+",
        "262144+",
        "0+ 1-1-1",
        "2+ (",
        "2+ ()",
        "2+ (a) (b) 1-3-2",
        "2+ ;;;",
        "2+ 1-3-2;;; 1-4-2 I",
        "2+1-3-2",
        "2 + 1-3-2",
        "\u{0}",
        "1\u{0}",
        "١",
        "1,٢",
        "𝟙-𝟚-𝟛",
        "1-2-3>٣",
    ] {
        exercise_position(s);
        exercise_move(s, ps);
        exercise_game(s);
    }
}

// ------------------------------------------------------------------ long inputs
//
// Each reader gets a text of about 200 KB and one of twice that size; both
// must be read completely (the outputs' sizes are checked, not the time).
// Timings are printed for `--nocapture`; they belong to benchmarks.

fn joined(range: std::ops::RangeInclusive<u32>, sep: &str) -> String {
    range.map(|s| s.to_string()).collect::<Vec<_>>().join(sep)
}

/// Number of spots whose lone-spot list `1;2;...;k` takes about `bytes`.
fn spots_for(bytes: usize) -> u32 {
    let mut k = 0u32;
    let mut len = 0usize;
    while len < bytes {
        k += 1;
        len += k.to_string().len() + 1;
    }
    k
}

/// The boundary of the path 1 - (n+1) - 2 - (n+2) - ... - (2n-1) - n.
fn path_boundary(n: u32, sep: &str) -> String {
    let mut sites: Vec<u32> = Vec::new();
    for i in 1..n {
        sites.extend([i, n + i]);
    }
    sites.push(n);
    for i in (2..n).rev() {
        sites.extend([n + i, i]);
    }
    sites.push(n + 1);
    sites
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(sep)
}

fn timed<R>(what: &str, bytes: usize, f: impl FnOnce() -> R) -> R {
    let t = std::time::Instant::now();
    let r = f();
    println!("{what}: {bytes} bytes in {:?}", t.elapsed());
    r
}

#[test]
fn long_position_texts_are_read() {
    for bytes in [200_000, 400_000] {
        let k = spots_for(bytes);
        // A start position: one region of k lone spots (complete).
        let text = joined(1..=k, ";");
        let p = timed("lone spots", text.len(), || parse_position(&text).unwrap());
        assert_eq!(p.regions()[0].boundaries().len(), k as usize);
        assert_eq!(p.start_spots(), Some(k));
        assert_eq!(p.to_hoey_full(), text);
        assert_eq!(p, Position::start(k, Variant::Normal));
        // One long boundary: the path 1 - (n+1) - 2 - (n+2) - ... - n, drawn
        // by n - 1 joins, seen from its one region (complete).
        let n = k / 2;
        let text = path_boundary(n, ",");
        let p = timed("one boundary", text.len(), || {
            parse_position(&text).unwrap()
        });
        assert_eq!(p.regions()[0].boundaries()[0].len(), 4 * n as usize - 4);
        assert_eq!(p.start_spots(), Some(n));
        assert_eq!(p.to_hoey_full(), text);
        // The same with dashes and white space.
        let text = format!("  {}  ", path_boundary(n, " - "));
        let q = timed("dashes", text.len(), || parse_position(&text).unwrap());
        assert_eq!(q, p);
        // Abbreviated: lone spots with one line each, marked `o`.
        let text = (1..=k)
            .map(|s| format!("{s}o"))
            .collect::<Vec<_>>()
            .join(";");
        let p = timed("marks", text.len(), || parse_position(&text).unwrap());
        assert_eq!(p.degree(k), 1);
        assert_eq!(p.to_hoey(), text);
        // Lone spots in regions of their own: an abbreviation (no full
        // position has two lone spots in two regions).
        let text = joined(1..=k, "/");
        let p = timed("regions", text.len(), || parse_position(&text).unwrap());
        assert_eq!(p.regions().len(), k as usize);
        assert!(!p.is_complete());
        assert_eq!(p.to_hoey(), text);
        // A syntax error at the very end is found.
        let text = format!("{},x", joined(1..=k, ","));
        let e = timed("late error", text.len(), || {
            parse_position(&text).unwrap_err()
        });
        assert!(
            e.to_string()
                .starts_with(&format!("at byte {}", text.len() - 1)),
            "{e}"
        );
    }
}

#[test]
fn long_move_texts_are_read() {
    for bytes in [200_000, 400_000] {
        let k = spots_for(bytes);
        let text = format!("1-{}-2>{}", k + 1, joined(3..=k, ","));
        let h: HoeyMove = timed("move list", text.len(), || text.parse().unwrap());
        match &h.separation {
            Some(sprouts::notation::hoey::Separation::Right(l)) => {
                assert_eq!(l.len(), k as usize - 2)
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(h.to_string(), text);
        let text = format!("1-{}-1<{},", k + 1, joined(2..=k, ","));
        let e = timed("move list error", text.len(), || {
            text.parse::<HoeyMove>().unwrap_err()
        });
        assert!(
            e.to_string()
                .starts_with(&format!("at byte {}", text.len())),
            "{e}"
        );
    }
    // Resolving a long list against a large start position (moderate size:
    // the resolver looks up each listed spot's boundary).
    let k = 3000;
    let p = Position::start(k, Variant::Normal);
    let text = format!("1-{}-1>{}", k + 1, joined(3..=k, ","));
    let m = timed("resolve list", text.len(), || {
        text.parse::<HoeyMove>().unwrap().to_move(&p).unwrap()
    });
    assert_eq!(m.right().len(), k as usize - 2);
    let canon = HoeyMove::from_move(&p, &m).unwrap().to_string();
    // The loop's two new regions read alike, so "2 apart" is written `>2`.
    assert_eq!(canon, format!("1-{}-1>2", k + 1));
}

#[test]
fn long_games_are_read() {
    for bytes in [200_000, 400_000] {
        // Joins of pairs of lone spots: k spots, k/2 moves.
        let mut k = spots_for(bytes / 2);
        k += k % 2;
        let moves: Vec<String> = (0..k / 2)
            .map(|i| format!("{}-{}-{}", 2 * i + 1, k + i + 1, 2 * i + 2))
            .collect();
        let text = format!("{k}+ (A - B*, long) {} II", moves.join("; "));
        let g: Transcript = timed("game", text.len(), || text.parse().unwrap());
        assert_eq!(g.moves.len(), k as usize / 2);
        assert_eq!(g.to_string(), text);
        // White space between the moves.
        let text = format!("{k}+\n{}\n", moves.join(" ;\n\t "));
        let g: Transcript = timed("game, white space", text.len(), || text.parse().unwrap());
        assert_eq!(g.moves.len(), k as usize / 2);
    }
    // Replaying a long game (each move is resolved against the position, so
    // this is kept to a few thousand moves).
    let k = 600u32;
    let moves: Vec<String> = (0..k / 2)
        .map(|i| format!("{}-{}-{}", 2 * i + 1, k + i + 1, 2 * i + 2))
        .collect();
    let text = format!("{k}+ {}", moves.join("; "));
    let r = timed("replay", text.len(), || {
        text.parse::<Transcript>().unwrap().replay().unwrap()
    });
    assert_eq!(r.moves().len(), k as usize / 2);
    assert_eq!(r.to_hoey(), text);
    assert_eq!(r.position().lives(), 3 * k - k / 2);
}

/// The largest start a header allows replays and is written back: a move
/// costs the region it is drawn in, and here that region has 262,143
/// boundaries.
#[test]
fn largest_header_replays() {
    let text = "262143+ 1-262144-2; 3-262145-3>; 4-262146-262143";
    let r = text.parse::<Transcript>().unwrap().replay().unwrap();
    assert_eq!(r.moves().len(), 3);
    assert_eq!(r.to_hoey(), text);
    exercise_game(text);
}
