//! The round-trip checks of the text readers, each written once and run
//! both by the fuzz targets (`fuzz/`, cargo-fuzz, nightly) and by the
//! property tests (`cargo test`): any text reads or fails cleanly, and
//! what reads is written, read back to the same thing, and used.
//!
//! Each check panics (an assertion) when a reader or writer is wrong, and
//! returns quietly on a text that does not read.

use std::fmt::{Debug, Display};
use std::str::FromStr;
use std::sync::OnceLock;

use sprouts::canon::canonical;
use sprouts::misere::{Genus, Trees};
use sprouts::model::{MAX_SPOT, Move, MoveError, Position, Variant};
use sprouts::notation::hoey::{HoeyMove, parse_position};
use sprouts::notation::lhp::LhpMove;
use sprouts::notation::transcript::Transcript;
use sprouts::notation::wgosa::WgosaMove;
use sprouts::notation::{MoveTextError, Notation, PositionNotation, ResolveError};
use sprouts::solve::{
    Certificate, ExactCanon, Land, PseudoCanon, SpotsCanon, SpotsDatabase, decompose_with,
};

/// The positions move texts are resolved against: the 1- and 5-spot starts
/// and positions with joins, splits, pivots, piers and an abbreviation
/// (`crates/sprouts/tests/data/move-positions.txt`).
pub fn positions() -> &'static [Position] {
    static POSITIONS: OnceLock<Vec<Position>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        let mut out = vec![
            Position::start(1, Variant::Normal),
            Position::start(5, Variant::Normal),
        ];
        for text in include_str!("../../sprouts/tests/data/move-positions.txt").lines() {
            out.push(parse_position(text).expect("fixed positions read"));
        }
        out
    })
}

/// A Hoey position text: a position that reads writes in full and
/// abbreviated, both reading back; it reduces, and its first moves are
/// legal and written; a position with few moves lists as many as it
/// counts.
pub fn hoey_position(text: &str) {
    let Ok(p) = parse_position(text) else {
        return;
    };
    let full = p.to_hoey_full();
    let abbr = p.to_hoey();
    let _ = p.reduced();
    let _ = p.purvis();
    if p.is_complete() {
        let q = parse_position(&full).expect("a complete position's text reads back");
        assert_eq!(q, p, "{text:?}");
    }
    if !abbr.is_empty() {
        let a = parse_position(&abbr).unwrap_or_else(|e| panic!("{text:?} -> {abbr:?}: {e}"));
        assert_eq!(a.to_hoey(), abbr, "{text:?}");
    }
    let c = p.count_moves();
    for m in p.legal_moves().take(30) {
        let q = p.play(&m).expect("listed moves are legal");
        let _ = q.to_hoey();
        let h = HoeyMove::from_move(&p, &m).expect("listed moves write");
        let _ = h.to_move(&p);
    }
    if c <= 30u32.into() {
        assert_eq!(
            p.legal_moves().count().to_string(),
            c.to_string(),
            "{text:?}"
        );
    }
}

/// A move text in the notation of `T`: a parsed move is written back the
/// same; against each of `positions` it resolves or fails cleanly (an
/// ambiguity names its candidates); a resolved move is legal, adds one
/// spot, and its canonical text resolves to the same move.
pub fn move_text<T>(
    text: &str,
    positions: &[Position],
    to_move: impl Fn(&T, &Position) -> Result<Move, ResolveError>,
    from_move: impl Fn(&Position, &Move) -> Result<T, MoveError>,
) where
    T: FromStr + Display + PartialEq + Debug,
    T::Err: Debug,
{
    let Ok(parsed) = text.parse::<T>() else {
        return;
    };
    let shown = parsed.to_string();
    assert_eq!(
        shown.parse::<T>().ok().as_ref(),
        Some(&parsed),
        "{text:?} written {shown:?}"
    );
    for p in positions {
        match to_move(&parsed, p) {
            Ok(m) => {
                let q = p.play(&m).expect("a resolved move is legal");
                assert_eq!(q.next_spot(), p.next_spot() + 1);
                let canon = from_move(p, &m).expect("a resolved move writes");
                let back = to_move(&canon, p)
                    .unwrap_or_else(|e| panic!("{canon} for {parsed} does not read back: {e}"));
                assert!(p.same_move(&back, &m), "{canon} for {parsed}");
            }
            Err(e) => {
                let _ = e.to_string();
                if e.is_ambiguous() {
                    assert!(e.candidates().len() >= 2, "{text:?}: {e}");
                }
            }
        }
    }
}

/// [`move_text`] for Hoey moves.
pub fn hoey_move(text: &str, positions: &[Position]) {
    move_text(text, positions, HoeyMove::to_move, HoeyMove::from_move);
}

/// [`move_text`] for WGOSA moves.
pub fn wgosa_move(text: &str, positions: &[Position]) {
    move_text(text, positions, WgosaMove::to_move, WgosaMove::from_move);
}

/// [`move_text`] for LHP moves.
pub fn lhp_move(text: &str, positions: &[Position]) {
    move_text(text, positions, LhpMove::to_move, LhpMove::from_move);
}

/// Hostile spot lists: `data` is read as a repeat count and list items
/// (pairs of numbers anywhere up to the largest a reader accepts), written
/// as a WGOSA and an LHP loop move with that list repeated, and resolved
/// against [`positions`]: each gives a move or a clean error. Run under a
/// memory cap, any list that costs more than its text is a crash.
pub fn move_lists(data: &[u8]) {
    let Some((&copies, rest)) = data.split_first() else {
        return;
    };
    let items: Vec<String> = rest
        .chunks_exact(6)
        .map(|c| {
            let a = u32::from_le_bytes([c[0], c[1], c[2], 0]) % MAX_SPOT;
            let b = u32::from_le_bytes([c[3], c[4], c[5], 0]) % MAX_SPOT;
            if a == b {
                a.to_string()
            } else {
                format!("{a}-{b}")
            }
        })
        .collect();
    if items.is_empty() {
        return;
    }
    let list = vec![items.join(","); usize::from(copies) * 16 + 1].join(",");
    for p in positions() {
        let g = p.next_spot();
        for text in [format!("1({g})1[{list}]"), format!("1<{g}>1[{list}]")] {
            if let Ok(m) = text.parse::<WgosaMove>() {
                let _ = m.to_move(p);
            }
            if let Ok(m) = text.parse::<LhpMove>() {
                let _ = m.to_move(p);
            }
        }
    }
}

/// One game read from a transcript, whatever its size up to `max_spots`
/// spots at the start: it is written back; it replays, or fails at a
/// numbered move of the game; a replayed game written in Hoey's notation
/// reads and replays to the same reduced position.
fn hoey_game(g: &Transcript, max_spots: u32) {
    if g.header.spots > max_spots {
        return;
    }
    let _ = g.to_string();
    match g.replay() {
        Ok(r) => {
            let written = r.to_hoey();
            let again = written
                .parse::<Transcript>()
                .expect("a replayed game's text reads");
            let r2 = again
                .replay()
                .unwrap_or_else(|e| panic!("{g} written as {written:?} does not replay: {e}"));
            assert_eq!(r2.position().reduced(), r.position().reduced());
        }
        Err(e) => {
            // A move that fails, or the result after the last move.
            let result = matches!(e.cause(), MoveTextError::Result(_));
            let last = g.moves.len() + usize::from(result);
            assert!(e.number() >= 1 && e.number() <= last, "{g}: {e}");
            if result {
                assert_eq!(e.number(), g.moves.len() + 1, "{g}: {e}");
            }
        }
    }
}

/// A text read as one game, and as Hoey games (the first four), each
/// checked as [`hoey_game`] describes. A move costs the region it is drawn
/// in, so `max_spots` keeps a fuzzer on games it replays quickly.
pub fn hoey_games(text: &str, max_spots: u32) {
    if let Ok(g) = text.parse::<Transcript>() {
        hoey_game(&g, max_spots);
    }
    if let Ok(games) = Transcript::read_all(text, Some(Notation::Hoey)) {
        for g in games.iter().take(4) {
            hoey_game(g, max_spots);
        }
    }
}

/// A transcript of one or several games in any move notation: every game
/// of at most `max_spots` spots that replays converts to every notation,
/// and the converted text reads and replays to the same final position.
pub fn transcript(text: &str, max_spots: u32) {
    let Ok(games) = Transcript::read_all(text, None) else {
        return;
    };
    for g in games.iter().filter(|g| g.header.spots <= max_spots) {
        let Ok(r) = g.replay() else {
            continue;
        };
        for n in Notation::ALL {
            let converted = r.to_notation(n);
            let again = Transcript::read_all(&converted, Some(n)).expect("a converted game reads");
            let end = again[0].replay().expect("a converted game replays");
            // A text names a move up to dead spots (Hoey 7a-7c,
            // docs/notations.md#moves): `5+ 2(6)2 2(7@3)6` is written
            // `2-6-2>; 2-7-6>1,3,4,5`, and the two new regions read `2,7,6`
            // and `6,7,2` with 2 and 6 dead, so either may hold 1, 3, 4 and
            // 5: one move, two labelled positions that differ only in where
            // dead spots lie. So the game is compared, not the labels.
            if end.position() != r.position() {
                assert_eq!(
                    sprouts::canon::canonical(end.position()),
                    sprouts::canon::canonical(r.position()),
                    "{converted}"
                );
            }
        }
    }
}

/// A position text for one reader (`name` in messages) and its writer:
/// a position that reads is written and read back to the same canonical
/// form, whose own text reads too; its first moves are played and, off the
/// plane, its first children listed.
pub fn position_text<E: Display>(
    name: &str,
    text: &str,
    read: impl Fn(&str) -> Result<Position, E>,
    write: impl Fn(&Position) -> String,
) {
    let Ok(p) = read(text) else {
        return;
    };
    // The canonical form is not linear on huge symmetric lands (canon's
    // docs), and fuzz builds check every position played in full: past a
    // few thousand sites (`2*11111` has 11,111) only the text's round trip
    // is checked, which is linear.
    let sites: usize = p
        .regions()
        .iter()
        .flat_map(|r| r.boundaries())
        .map(|b| b.len())
        .sum();
    if sites > 2_000 {
        let again = write(&p);
        let q = read(&again).unwrap_or_else(|e| panic!("{name}: {text:?} -> {again:?}: {e}"));
        assert_eq!(write(&q), again, "{name}: {text:?}");
        return;
    }
    let c = canonical(&p);
    let again = write(&p);
    let q = read(&again).unwrap_or_else(|e| panic!("{name}: {text:?} -> {again:?}: {e}"));
    assert_eq!(canonical(&q), c, "{name}: {text:?}");
    let k = sprouts::notation::neoglop::parse_position(&c.to_string())
        .unwrap_or_else(|e| panic!("{name}: canonical text {c} of {text:?}: {e}"));
    assert_eq!(canonical(&k), c, "{name}: {text:?}");
    for m in p.legal_moves().take(8) {
        let after = p.play(&m).expect("listed moves are legal");
        let _ = canonical(&after);
    }
    // Off the plane moves are listed by the positions they leave (few
    // boundaries only: their number grows as two to the boundaries).
    let boundaries: usize = p.regions().iter().map(|r| r.boundaries().len()).sum();
    if p.is_on_surface() && boundaries <= 8 {
        if let Ok(kids) = p.children() {
            for k in kids.iter().take(8) {
                let _ = canonical(k);
            }
        }
    }
}

/// A certificate text: it reads or fails at a line; one that reads is
/// checked (with the solver's keys and with exact keys) without a panic,
/// and written back to a text that reads to the same couples.
pub fn certificate(text: &str) {
    let Ok(c) = text.parse::<Certificate>() else {
        return;
    };
    let _ = c.check(&PseudoCanon, &mut |_, _| {});
    let _ = c.check(&ExactCanon, &mut |_, _| {});
    let written = c.to_string();
    let again: Certificate = written
        .parse()
        .unwrap_or_else(|e| panic!("{text:?} written as {written:?} does not read: {e}"));
    let couples = |c: &Certificate| {
        c.lines
            .iter()
            .map(|l| (l.position.clone(), l.heap))
            .collect::<Vec<_>>()
    };
    assert_eq!(couples(&again), couples(&c), "{text:?}");
    assert_eq!(
        (&again.program, &again.nimber, again.ours),
        (&c.program, &c.nimber, c.ours),
        "{text:?}"
    );
}

/// A position in SPOTS's notation: it reads or fails cleanly; one that
/// reads is written as SPOTS names it, and that text reads back to the
/// same lands (found by [`SpotsCanon`], SPOTS's names being its
/// simplification of them), and is written again the same. The same text
/// as a SPOTS database: it reads or fails at a line; one that reads is
/// checked without a panic and written back to the same couples.
pub fn spots(text: &str) {
    spots_position(text);
    let Ok(db) = text.parse::<SpotsDatabase>() else {
        return;
    };
    let _ = db.check(&mut |_, _| {});
    let written = db.to_string();
    let again: SpotsDatabase = written
        .parse()
        .unwrap_or_else(|e| panic!("{text:?} written as {written:?} does not read: {e}"));
    let couples = |d: &SpotsDatabase| {
        d.lines
            .iter()
            .map(|l| (l.position.clone(), l.heap))
            .collect::<Vec<_>>()
    };
    assert_eq!(couples(&again), couples(&db), "{text:?}");
}

/// [`spots`] on a position text.
pub fn spots_position(text: &str) {
    let read = sprouts::notation::spots::parse_position;
    let Ok(p) = read(text) else {
        return;
    };
    let written = p.to_spots().expect("SPOTS's texts are planar");
    let q = read(&written).unwrap_or_else(|e| panic!("{text:?} -> {written:?}: {e}"));
    let sites: usize = p
        .regions()
        .iter()
        .flat_map(|r| r.boundaries())
        .map(|b| b.len())
        .sum();
    // Exact keys are not linear on huge symmetric lands (see
    // `position_text`).
    if sites <= 2_000 {
        if let (Ok(a), Ok(b)) = (
            decompose_with(&p, &SpotsCanon),
            decompose_with(&q, &SpotsCanon),
        ) {
            assert_eq!(a, b, "{text:?} -> {written:?}");
        }
    }
    let again = q.to_spots().expect("planar");
    let r = read(&again).unwrap_or_else(|e| panic!("{written:?} -> {again:?}: {e}"));
    if sites <= 2_000 {
        if let (Ok(a), Ok(b)) = (
            decompose_with(&q, &SpotsCanon),
            decompose_with(&r, &SpotsCanon),
        ) {
            assert_eq!(a, b, "{written:?} -> {again:?}");
        }
    }
}

/// Longest tree text written back (a tree shared by several options is
/// written out each time, so a small table can have a huge text).
const TREE_TEXT: u64 = 1 << 16;

/// A misère tree text, and the same text as a genus: a tree that reads is
/// written, and the text reads back to the same tree, and in a fresh table
/// to a tree written the same; its genus is written and read back; a genus
/// that reads is written and read back the same.
pub fn misere_tree(text: &str) {
    let mut t = Trees::new();
    if let Ok(g) = t.parse(text) {
        if t.text_len(g, TREE_TEXT + 1) <= TREE_TEXT {
            let written = t.text(g);
            assert_eq!(t.parse(&written), Ok(g), "{text:?} written {written:?}");
            let mut fresh = Trees::new();
            let h = fresh.parse(&written).expect("a written tree reads");
            assert_eq!(fresh.text(h), written);
        }
        let genus = t.genus(g);
        assert_eq!(genus.to_string().parse::<Genus>().as_ref(), Ok(&genus));
    }
    if let Ok(genus) = text.parse::<Genus>() {
        let written = genus.to_string();
        assert_eq!(written.parse::<Genus>().as_ref(), Ok(&genus), "{text:?}");
    }
}

/// A land text (GLOP 2 or the solver's older land text, as a database
/// import reads it): a land that reads is written and read back to the
/// same land, and is a position.
pub fn land_text(text: &str) {
    let Ok(land) = text.parse::<Land>() else {
        return;
    };
    let written = land.to_string();
    let again: Land = written
        .parse()
        .unwrap_or_else(|e| panic!("{text:?} written {written:?}: {e}"));
    assert_eq!(again, land, "{text:?} written {written:?}");
    land.to_position()
        .expect("a land read from text is a position");
}

/// The text a fuzz target taking `&str` sees for `data`: its longest
/// prefix that is UTF-8 (what `arbitrary` gives libFuzzer's targets).
pub fn fuzz_text(data: &[u8]) -> &str {
    match std::str::from_utf8(data) {
        Ok(s) => s,
        Err(e) => std::str::from_utf8(&data[..e.valid_up_to()]).expect("a valid prefix"),
    }
}

/// [`position_text`] for the reader and writer of one notation.
fn position_in(n: PositionNotation, data: &[u8]) {
    position_text(
        &n.to_string(),
        fuzz_text(data),
        |t| n.parse(t),
        |p| n.write(p),
    );
}

/// A fuzz target's body: its checks on one raw input.
pub type Body = fn(&[u8]);

/// Every fuzz target (`fuzz/fuzz_targets/NAME.rs`) by name, with its body
/// on the target's raw input: the targets run these through [`fuzz`], and
/// `cargo test` runs the inputs kept for each target through them too.
pub const TARGETS: &[(&str, Body)] = &[
    ("certificate", |d| certificate(fuzz_text(d))),
    ("glop1_position", |d| {
        position_in(PositionNotation::Glop1, d)
    }),
    ("glop2_position", |d| {
        position_in(PositionNotation::Glop2, d)
    }),
    // Headers allow many spots; a move's cost grows with the position, so
    // keep the fuzzer on games it can replay quickly.
    ("hoey_game", |d| hoey_games(fuzz_text(d), 2000)),
    ("hoey_move", |d| hoey_move(fuzz_text(d), positions())),
    ("hoey_position", |d| hoey_position(fuzz_text(d))),
    ("land", |d| land_text(fuzz_text(d))),
    ("lhp_move", |d| lhp_move(fuzz_text(d), positions())),
    ("misere_tree", |d| misere_tree(fuzz_text(d))),
    ("move_lists", move_lists),
    ("spots", |d| spots(fuzz_text(d))),
    ("neoglop_position", |d| {
        position_in(PositionNotation::Neoglop, d)
    }),
    // Keep each run short: long games are the benchmark's business.
    ("transcript", |d| transcript(fuzz_text(d), 64)),
    ("wgosa_move", |d| wgosa_move(fuzz_text(d), positions())),
];

/// Runs the body of the fuzz target `target` (a name of [`TARGETS`]) on
/// `data`: what `fuzz/fuzz_targets/TARGET.rs` does.
pub fn fuzz(target: &str, data: &[u8]) {
    match TARGETS.iter().find(|(name, _)| *name == target) {
        Some((_, body)) => body(data),
        None => panic!("no fuzz target body named {target:?}"),
    }
}
