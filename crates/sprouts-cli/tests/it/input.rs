//! Every command that takes a position reads all four notations the same
//! way (`sprouts moves`'s detection, `--from` to force one).

use crate::common;

use common::{fails, ok};
use serde_json::Value;

fn solve(args: &[&str]) -> Value {
    let mut all = vec!["solve", "--no-db", "--json"];
    all.extend_from_slice(args);
    serde_json::from_str(&ok(&all, "")).unwrap()
}

/// The Hoey text of a position, written by `position convert`.
fn hoey(text: &str) -> String {
    ok(&["position", "convert", "--to", "hoey", text], "")
        .trim_end()
        .to_string()
}

/// The texts of one position in GLOP 1.0, GLOP 2 and neo-GLOP, its
/// outcome and nimber (LV07's table of small lands; AJS for `0*3`).
const SAME: &[([&str; 3], &str, u64)] = &[
    (["0*3.}]!", "0*3", "0.0.0"], "win", 1),
    (["1AB.}2AB.}]!", "1AB|2AB", "1AB/2AB"], "win", 1),
    (["AB.}AB.}]!", "AB|AB", "AB/AB"], "win", 1),
    (["0.AB.}2AB.}]!", "0.AB|2AB", "0.AB/2AB"], "loss", 0),
    (
        ["0.0.AB.}0.AB.}]!", "0.0.AB|0.AB", "0.0.AB/0.AB"],
        "loss",
        0,
    ),
    (["0.0.AB.}AB.}]!", "0.0.AB|AB", "0.0.AB/AB"], "win", 2),
];

#[test]
fn solve_reads_every_notation_alike() {
    for (texts, outcome, nimber) in SAME {
        let from_hoey = solve(&[&hoey(texts[0])]);
        assert_eq!(from_hoey["from"], "hoey");
        assert_eq!(from_hoey["outcome"], *outcome, "{texts:?}");
        assert_eq!(from_hoey["nimber"], *nimber, "{texts:?}");
        for (text, name) in texts.iter().zip(["glop1", "glop2", "neoglop"]) {
            let v = solve(&[text]);
            assert_eq!(v["from"], name, "{text}");
            for field in ["outcome", "nimber", "lands", "variant"] {
                assert_eq!(v[field], from_hoey[field], "{text}: {field}");
            }
            // Forcing the detected notation changes nothing.
            let forced = solve(&["--from", name, text]);
            assert_eq!(forced["lands"], v["lands"], "{text}");
        }
    }
}

#[test]
fn solve_a_glop_position_equals_its_hoey_text() {
    // The example: `0.AB/AB` is Hoey's `1;2,3/2,3`.
    assert_eq!(hoey("0.AB/AB"), "1;2,3/2,3");
    let glop = solve(&["0.AB/AB"]);
    let h = solve(&["1;2,3/2,3"]);
    assert_eq!(glop["from"], "neoglop");
    // Lands are GLOP 2 (they were the solver's internal `0.ab.|ab.`).
    assert_eq!(glop["lands"], serde_json::json!(["0.AB|AB"]));
    for field in ["outcome", "nimber", "lands"] {
        assert_eq!(glop[field], h[field], "{field}");
    }
    // Misère play too.
    let m = solve(&["--misere", "0*3"]);
    assert_eq!(m["variant"], "misere");
    assert_eq!(m["outcome"], "loss"); // AJS: misère 3 spots is a first-player loss
    assert_eq!(m["from"], "glop2");
}

#[test]
fn a_wrong_from_gives_the_readers_message() {
    assert_eq!(
        fails(&["solve", "--no-db", "--from", "glop1", "0.AB/AB"], b""),
        "sprouts: glop1 position: at byte 4: expected a site, '*' or '.', found '/'"
    );
    assert_eq!(
        fails(&["solve", "--no-db", "--from", "hoey", "0*3"], b""),
        "sprouts: position text at byte 0: expected a spot number from 1 to 1048575, found '0'"
    );
    assert_eq!(
        fails(&["draw", "--from", "glop2", "0.0/0"], b""),
        "sprouts: glop2 position: at byte 3: expected a site, '*', '.', '|', '+', '@' or the end of the position, found '/'"
    );
    // The same messages as `moves` gives.
    assert_eq!(
        fails(&["moves", "--from", "glop1", "0.AB/AB"], b""),
        "sprouts: glop1 position: at byte 4: expected a site, '*' or '.', found '/'"
    );
}

#[test]
fn from_forces_a_position_where_a_game_would_be_read() {
    // `2` alone is the 2-spot start (a game header); as GLOP 2 it is one
    // spot with one life, listed once: no move.
    let game = solve(&["2"]);
    assert_eq!(game["notation"], "wgosa");
    assert_eq!(game["lands"], serde_json::json!(["0.0"]));
    let pos = solve(&["--from", "glop2", "2"]);
    assert_eq!(pos["from"], "glop2");
    assert_eq!(pos["outcome"], "loss");
    assert_eq!(pos["lands"], serde_json::json!([]));
    // 1-3-1, 1-3-1 around spot 2, 1-3-2.
    assert_eq!(ok(&["moves", "--count", "2"], ""), "3\n");
    assert_eq!(ok(&["moves", "--count", "--from", "glop2", "2"], ""), "0\n");
}

#[test]
fn games_are_still_games() {
    let v = solve(&["8+ 1(9)2 1(10)1[3,4] 3(11)10 2(12)5"]);
    assert_eq!(v["notation"], "wgosa");
    assert!(v.get("from").is_none());
    // Two games are refused by every command that takes one.
    let two = "3+ 1(4)2\n3+ 1(4)1\n";
    assert_eq!(
        fails(&["moves", two], b""),
        "sprouts: 2 games given; give one at a time"
    );
    assert_eq!(
        fails(&["solve", "--no-db", two], b""),
        "sprouts: 2 games given; give one at a time"
    );
}

/// The lines of a text, sorted.
fn sorted(text: String) -> Vec<String> {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines.sort();
    lines
}

#[test]
fn moves_reads_every_notation_alike() {
    for (texts, _, _) in SAME {
        // The same position, whatever the notation; the Hoey reader may
        // store its boundaries in another order, so the moves may come in
        // another order: they are compared as sets.
        let want = sorted(ok(&["moves", &hoey(texts[0])], ""));
        assert!(!want.is_empty());
        for text in texts {
            assert_eq!(sorted(ok(&["moves", text], "")), want, "{text}");
        }
    }
}

#[test]
fn draw_reads_glop_positions() {
    // A GLOP text whose spots are all live names a complete position: the
    // picture is the one of the same labelled position in Hoey notation.
    for (text, hoey_full) in [
        ("0.AB/AB", "1;2,3/2,3"),
        ("0.0.AB.}AB.}]!", "1;2;3,4/3,4"),
        ("0.0.AB|AB", "1;2;3,4/3,4"),
        ("0*3", "1;2;3"),
    ] {
        assert_eq!(hoey(text), hoey_full);
        let svg = ok(&["draw", text], "");
        assert!(svg.starts_with("<svg"), "{text}");
        assert_eq!(svg, ok(&["draw", hoey_full], ""), "{text}");
    }
    // GLOP numbers spots in order of appearance, so the middle spot of
    // `1a1a` (made by the move) is 3; it is renumbered last to be drawn,
    // as Hoey's `1;2,4,3,4` writes it.
    assert_eq!(hoey("0.1a1a"), "1;2,3,4,3");
    assert_eq!(ok(&["draw", "0.1a1a"], ""), ok(&["draw", "1;2,4,3,4"], ""));
    // A `2` is a spot whose other site is gone: abbreviated, not drawable.
    assert_eq!(
        fails(&["draw", "--from", "glop2", "2"], b""),
        "sprouts: cannot draw an abbreviated position (dead spots or regions left out): give the full position or the game"
    );
}
