//! `sprouts position convert|canon`, position notations detected or forced
//! with --from in `moves`, and `replay --position-format`.

use crate::common;

use common::{ok, sprouts};

use serde_json::Value;

fn fails(args: &[&str]) -> String {
    common::fails(args, b"")
}

fn json(args: &[&str]) -> Value {
    let text = ok(args, "");
    assert_eq!(text.lines().count(), 1);
    serde_json::from_str(&text).expect("valid JSON")
}

#[test]
fn convert_between_every_notation() {
    let hoey = "1,6,2,6;3,7,4,7;5";
    let cases = [
        (hoey, "neoglop", "1a1a.1b1b.0\n"),
        (hoey, "glop1", "1a1a.1b1b.0.}]!\n"),
        (hoey, "glop2", "1a1a.1b1b.0\n"),
        ("0.0.AB/AB", "hoey", "1;2;3,4/3,4\n"),
        ("0.0.AB.}AB.}]!", "neoglop", "0.0.AB/AB\n"),
        ("12.AB|AB+0*3", "neoglop", "12.AB/AB+0.0.0\n"),
        ("^x:xA/A1%xx.x", "glop2", "AB.C|AD|D1|BE|E1|CF|F1\n"),
        // Labels and region topologies stay in neo-GLOP.
        ("7-:0T1/0", "neoglop", "7-:0T1+0\n"),
        ("2.2", "neoglop", "2.2\n"),
        // A land with cut regions: the thread's partial positions.
        (
            "0.A/AB/CB.DE/0.C/DF/EF",
            "neoglop",
            "^r:0.r^st:sA/tA^u:ru^v:rv.st=u=v\n",
        ),
    ];
    for (text, to, want) in cases {
        assert_eq!(
            ok(&["position", "convert", "--to", to, text], ""),
            want,
            "{text} -> {to}"
        );
    }
    // A bare number is the start of a game with that many spots, as for
    // every command; --from makes it a position text (this test used to
    // read `1` as the neo-GLOP text `1` and `2` as the neo-GLOP `2`).
    assert_eq!(
        ok(
            &[
                "position", "convert", "--from", "hoey", "--to", "neoglop", "1"
            ],
            ""
        ),
        "0\n"
    );
    assert_eq!(
        ok(
            &[
                "position", "convert", "--from", "neoglop", "--to", "hoey", "1"
            ],
            ""
        ),
        "1o\n"
    );
    assert_eq!(
        ok(
            &[
                "position", "convert", "--from", "neoglop", "--to", "neoglop", "2"
            ],
            ""
        ),
        "2\n"
    );
    assert_eq!(ok(&["position", "convert", "--to", "hoey", "1"], ""), "1\n");
    let v = json(&["position", "convert", "--json", "--to", "glop2", "3"]);
    assert_eq!(v["from"], "game");
    assert_eq!(v["text"], "0.0.0");
    let v = json(&[
        "position",
        "convert",
        "--json",
        "--to",
        "glop1",
        "0.0.AB/AB",
    ]);
    assert_eq!(v["from"], "neoglop");
    assert_eq!(v["to"], "glop1");
    assert_eq!(v["text"], "0.0.AB.}AB.}]!");
    assert_eq!(v["canonical"], "0.AB.0/AB");
}

#[test]
fn canonical_form() {
    // The published WGOSA game's end, in two writings.
    let a = ok(
        &["position", "canon", "0.AB/0.0.0.AB.CD.EF/0.CD/0.0.EF"],
        "",
    );
    let b = ok(
        &["position", "canon", "FE.0.0/CD.AB.0.0.0.EF/0.DC/BA.0"],
        "",
    );
    assert_eq!(a, "0.AB.0/AB.DE.FG.0.0.0/DE.0/FG.0\n");
    assert_eq!(a, b);
    // The same position in Hoey's notation.
    let wgosa = "10+ 1(11)1[2-9] 2(12)2[3] 4(13)4[5,6]";
    let end = ok(&["replay", "--position-format", "hoey"], wgosa);
    assert_eq!(ok(&["position", "canon", end.trim()], ""), a);
    let v = json(&["position", "canon", "--json", "0.aa/1.2/A/A1+0"]);
    assert_eq!(v["from"], "neoglop");
    assert_eq!(v["canonical"], "0+0.2+12+12");
    assert_eq!(v["lands"], serde_json::json!(["0", "0.2", "12", "12"]));
    assert_eq!(v["simplified"], "0.2+12+21+0");
    assert_eq!(ok(&["position", "canon", "2/1.A/A"], ""), "12\n");
    // `2` is the 2-spot start; as a neo-GLOP text (--from), one spot
    // with one life (this test used to read the bare `2` that way).
    assert_eq!(ok(&["position", "canon", "2"], ""), "0.0\n");
    assert_eq!(
        ok(&["position", "canon", "--from", "neoglop", "2"], ""),
        "(no live region)\n"
    );
}

#[test]
fn errors_are_one_line() {
    assert_eq!(
        fails(&["position", "canon", "0.A"]),
        "sprouts: neoglop position: invalid position: letter A at byte 2 occurs only once in the land at byte 0 (a letter names a spot with 1 life listed exactly twice: twice in one region, or once in each of two regions; write 2 for one listed once)"
    );
    assert_eq!(
        fails(&["position", "convert", "--to", "hoey", "0.0.AB.}AB}]!"]),
        "sprouts: glop1 position: at byte 10: expected a site, '*' or '.', found '}'"
    );
    assert_eq!(
        fails(&["position", "canon", "--from", "glop2", "0.0/0"]),
        "sprouts: glop2 position: at byte 3: expected a site, '*', '.', '|', '+', '@' or the end of the position, found '/'"
    );
    assert_eq!(
        fails(&["position", "canon", "1,2,"]),
        "sprouts: position text at byte 4: expected a spot number, found the end of the text"
    );
    assert_eq!(sprouts(&["position", "convert", "0"], b"").code, 2);
    assert_eq!(
        sprouts(&["position", "convert", "--to", "wgosa", "0"], b"").code,
        2
    );
}

#[test]
fn moves_read_every_position_notation() {
    let start = ok(&["moves", "--count", "--spots", "3"], "");
    for text in ["0.0.0", "0.0.0.}]!", "0*3", "<0.>3"] {
        assert_eq!(ok(&["moves", "--count", text], ""), start, "{text}");
    }
    assert_eq!(
        ok(&["moves", "--count", "--from", "neoglop", "0.0.0"], ""),
        start
    );
    // The moves of a GLOP text are written with the spots numbered in
    // order of first appearance.
    assert_eq!(
        ok(&["moves", "--limit", "1", "0.AB/AB"], ""),
        ok(&["moves", "--limit", "1", "1;2,3/2,3"], "")
    );
}

#[test]
fn replay_prints_positions_in_any_notation() {
    let game = "5+ 1-6-2; 3-7-4; 1-8-2>; 3-9-4>1";
    assert_eq!(
        ok(&["replay", "--position-format", "neoglop"], game),
        "^rstu:rstu.0^vwxy:vwxy:tsru.xwvy\n"
    );
    let each = ok(&["replay", "--each", "--position-format", "glop2"], game);
    assert_eq!(each.lines().next(), Some("1\t1-6-2\t1a1a.0.0.0"));
    assert_eq!(
        each.lines().last(),
        Some("4\t3-9-4>1\tABCD|EFGH.CBAD|GFEH.0")
    );
    assert_eq!(
        ok(&["replay", "--position-format", "canon"], game),
        ok(&["position", "canon", "ABDE/FGHI.DBAE/HGFI.0"], "")
    );
}
