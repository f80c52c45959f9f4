//! Runs the built `sprouts` binary and checks its exact output.

use crate::common;

use std::path::PathBuf;
use std::process::Stdio;

use common::{fails, ok, sprouts};

use serde_json::Value;

const EXAMPLE_GAME: &str = "5+ 1-6-2; 3-7-4; 1-8-2>; 3-9-4>1";
const EXAMPLE_END_FULL: &str = "1,8,2,6/3,9,4,7;2,8,1,6/4,9,3,7;5";

fn json(args: &[&str], stdin: &str) -> Value {
    let text = ok(args, stdin);
    assert_eq!(text.lines().count(), 1, "JSON is one line");
    serde_json::from_str(&text).expect("valid JSON")
}

fn example(name: &str) -> String {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "..", "..", "examples", name]
        .iter()
        .collect();
    path.to_str().unwrap().to_string()
}

#[test]
fn replay_prints_the_final_position() {
    assert_eq!(
        ok(&["replay", "--full"], EXAMPLE_GAME),
        format!("{EXAMPLE_END_FULL}\n")
    );
    assert_eq!(
        ok(&["replay", "-", "--full"], &format!("{EXAMPLE_GAME}\n")),
        format!("{EXAMPLE_END_FULL}\n")
    );
    assert_eq!(
        ok(&["replay"], EXAMPLE_GAME),
        "1,8,2,6/3,9,4,7;1,6,2,8/3,7,4,9;5\n"
    );
}

#[test]
fn replay_each_prints_one_line_per_move() {
    assert_eq!(
        ok(&["replay", "--each", "--full"], EXAMPLE_GAME),
        "1\t1-6-2\t1,6,2,6;3;4;5\n\
         2\t3-7-4\t1,6,2,6;3,7,4,7;5\n\
         3\t1-8-2>\t1,8,2,6/2,8,1,6;3,7,4,7;5\n\
         4\t3-9-4>1\t1,8,2,6/3,9,4,7;2,8,1,6/4,9,3,7;5\n"
    );
    // Moves are shown in canonical form.
    assert_eq!(
        ok(&["replay", "--each", "--full"], "3+ 2-4-1"),
        "1\t1-4-2\t2,4,1,4;3\n"
    );
}

#[test]
fn replay_reads_a_file() {
    assert_eq!(
        ok(&["replay", "--full", &example("notes-5-spots.hoey")], ""),
        format!("{EXAMPLE_END_FULL}\n")
    );
}

#[test]
fn the_long_example_is_a_whole_game() {
    let v = json(
        &["replay", "--json", &example("six-spots-full-game.hoey")],
        "",
    );
    assert_eq!(v["spots"], 6);
    assert_eq!(v["players"], "Ann - Bob");
    assert_eq!(v["winner"], "II");
    assert_eq!(v["moves"].as_array().unwrap().len(), 16);
    assert_eq!(v["over"], true);
    assert_eq!(v["position"]["hoey"], "");
    // 16 moves: the second player moved last and wins normal play.
    assert_eq!(v["purvis"]["moves_made"], 16);
    // Every move is written canonically already.
    for m in v["moves"].as_array().unwrap() {
        assert_eq!(m["text"], m["canonical"]);
    }
    let text = ok(&["replay", &example("six-spots-full-game.hoey")], "");
    assert_eq!(text, "(no live region)\n");
}

#[test]
fn replay_json_fields() {
    let v = json(&["replay", "--json"], "5- (Ann - Bob*) 2-6-1; 3-7-4 I");
    assert_eq!(v["spots"], 5);
    assert_eq!(v["variant"], "misere");
    assert_eq!(v["players"], "Ann - Bob*");
    assert_eq!(v["winner"], "I");
    assert_eq!(v["canonical"], "5- (Ann - Bob*) 1-6-2; 3-7-4 I");
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 2);
    assert_eq!(moves[0]["number"], 1);
    assert_eq!(moves[0]["text"], "2-6-1");
    assert_eq!(moves[0]["canonical"], "1-6-2");
    assert!(moves[0]["position"].is_string());
    assert!(moves[0]["position_full"].is_string());
    assert_eq!(moves[1]["position"], "1,6,2,6;3,7,4,7;5");
    assert_eq!(v["position"]["hoey"], "1,6,2,6;3,7,4,7;5");
    // The full text keeps the order the sites were stored in: as written.
    assert_eq!(v["position"]["hoey_full"], "2,6,1,6;3,7,4,7;5");
    assert_eq!(v["over"], false);
    let p = &v["purvis"];
    assert_eq!(p["lives"], 13);
    assert_eq!(p["moves_made"], 2);
    assert!(p["moves_left_min"].is_u64());
    assert!(p["moves_left_max"].is_u64());
    assert!(p["cannibals"].is_u64());

    let v = json(&["replay", "--json"], EXAMPLE_GAME);
    assert_eq!(v["variant"], "normal");
    assert!(v["players"].is_null());
    assert!(v["winner"].is_null());
    assert_eq!(v["position"]["hoey_full"], EXAMPLE_END_FULL);
    assert_eq!(v["moves"][3]["position_full"], EXAMPLE_END_FULL);
}

#[test]
fn an_empty_position_is_empty_in_json_and_named_in_text() {
    // After 1-2-1 and 1-3-2 spots 1 and 2 are dead and 3 has one life left.
    let game = "1+ 1-2-1; 1-3-2";
    let v = json(&["replay", "--json"], game);
    assert_eq!(v["position"]["hoey"], "");
    assert_eq!(v["over"], true);
    assert_eq!(ok(&["replay"], game), "(no live region)\n");
    let each = ok(&["replay", "--each"], game);
    assert!(each.ends_with("\t(no live region)\n"), "{each}");
}

#[test]
fn an_illegal_move_is_one_line_naming_it() {
    let game = format!("{EXAMPLE_GAME}; 5-10-7; 1-11-7");
    assert_eq!(
        fails(&["replay"], game.as_bytes()),
        "sprouts: move 6 (1-11-7): illegal: spot 7 has no lives left"
    );
    assert_eq!(
        fails(
            &["replay", "--json"],
            format!("{EXAMPLE_GAME}; 7-10-7").as_bytes()
        ),
        "sprouts: move 5 (7-10-7): illegal: spot 7 has only one life left, a loop needs two"
    );
    assert_eq!(
        fails(&["replay"], b"5+ 1-6-2; 3-7-4; 1-8-7"),
        "sprouts: move 3 (1-8-7): ambiguous: 2 moves fit: 1-8-7.3, 1-8-7.4"
    );
    assert_eq!(
        fails(&["replay"], b"2+ 1-4-2"),
        "sprouts: move 1 (1-4-2): illegal: the new spot must be 3, not 4"
    );
}

#[test]
fn syntax_errors_are_one_line() {
    assert_eq!(
        fails(&["replay"], b"5+ 1-x-2"),
        "sprouts: move 1 (1-x-2): at byte 2: expected a spot number, found 'x'"
    );
    assert_eq!(
        fails(&["replay"], b""),
        "sprouts: no game in the input (a game starts with its header, e.g. `5+`)"
    );
    assert_eq!(
        fails(&["replay"], b"x"),
        "sprouts: game 1 (line 1): at byte 0: expected the number of spots, found 'x'"
    );
    // A missing `;` leaves a newline inside a move text: still one line.
    let line = fails(&["replay"], b"5+ 1-6-2\n3-7-4\n");
    assert!(
        line.starts_with("sprouts: move 1 (1-6-2\\n3-7-4): "),
        "{line}"
    );
}

#[test]
fn byte_order_mark_and_crlf_are_accepted() {
    let v = json(
        &["replay", "--json"],
        "\u{feff}5+ 1-6-2;\r\n3-7-4\r\nII\r\n",
    );
    assert_eq!(v["canonical"], "5+ 1-6-2; 3-7-4 II");
}

#[test]
fn unreadable_input_is_one_line() {
    assert_eq!(
        fails(&["replay"], b"5+ 1-6-2\xff"),
        "sprouts: standard input is not UTF-8 text (invalid byte at offset 8)"
    );
    // A missing file is named as such (it used to give the OS's words
    // after `cannot read`).
    assert_eq!(
        fails(&["replay", "/nonexistent/game.hoey"], b""),
        "sprouts: no file /nonexistent/game.hoey"
    );
}

#[test]
fn arbitrary_bytes_never_panic() {
    // A small deterministic generator (no extra crates).
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let alphabet = b"0123456789+-;,./<>=() tIo\n";
    for i in 0..100 {
        let len = (next() % 40) as usize;
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                let r = next();
                if i % 3 == 0 {
                    r as u8
                } else {
                    alphabet[(r % alphabet.len() as u64) as usize]
                }
            })
            .collect();
        // A header keeps the games small (a large start is slow, not wrong).
        let mut input = b"4+ ".to_vec();
        if i % 3 == 0 {
            input.clear();
        }
        input.extend_from_slice(&bytes);
        for args in [&["replay"][..], &["replay", "--json", "--each"]] {
            let out = sprouts(args, &input);
            assert!(
                out.code == 0 || out.code == 1,
                "exit {} on {:?}: {}",
                out.code,
                String::from_utf8_lossy(&input),
                out.stderr
            );
            // One line per bad game (random bytes may hold several
            // headers, hence several games).
            if out.code == 1 {
                assert!(out.stderr.lines().count() >= 1, "{:?}", out.stderr);
                assert!(
                    out.stderr.lines().all(|l| l.starts_with("sprouts: ")),
                    "{:?}",
                    out.stderr
                );
            }
        }
    }
}

#[test]
fn moves_lists_canonical_moves_and_positions() {
    assert_eq!(
        ok(&["moves", "--spots", "3"], ""),
        "1-4-2\t1,4,2,4;3\n\
         1-4-3\t1,4,3,4;2\n\
         1-4-1>\t1,4/1,4;2;3\n\
         1-4-1>2\t1,4;3/1,4;2\n\
         2-4-3\t1;2,4,3,4\n\
         2-4-2>\t2,4/2,4;1;3\n\
         2-4-2>1\t2,4;3/2,4;1\n\
         3-4-3>\t3,4/3,4;1;2\n\
         3-4-3>1\t3,4;2/3,4;1\n"
    );
    assert_eq!(
        ok(&["moves", "--limit", "2", "1,6,2,6;3,7,4,7;5"], "")
            .lines()
            .count(),
        2
    );
    // A full and an abbreviated text of the same position have the same moves.
    let texts = |position: &str| {
        let mut t: Vec<String> = ok(&["moves", position], "")
            .lines()
            .map(|l| l.split('\t').next().unwrap().to_string())
            .collect();
        t.sort();
        t
    };
    let full = texts(EXAMPLE_END_FULL);
    assert_eq!(full, texts("1,8,2,6/3,9,4,7;1,6,2,8/3,7,4,9;5"));
    assert_eq!(
        full.len().to_string(),
        ok(&["moves", "--count", EXAMPLE_END_FULL], "").trim()
    );
}

#[test]
fn moves_count_is_instant_for_27_spots() {
    assert_eq!(
        ok(&["moves", "--count", "--spots", "27"], ""),
        "905970015\n"
    );
    assert_eq!(ok(&["moves", "--count", "--spots", "1"], ""), "1\n");
}

#[test]
fn moves_leading_to_the_end_are_named_in_text() {
    // After `1+ 1-2-1` both spots have one life left, in both regions.
    assert_eq!(ok(&["moves", "1,2/1,2"], ""), "1-3-2=\t(no live region)\n");
    let v = json(&["moves", "--json", "1,2/1,2"], "");
    assert_eq!(v["moves"][0]["position"], "");
}

#[test]
fn moves_json_fields() {
    let v = json(&["moves", "--json", "--spots", "3", "--misere"], "");
    assert_eq!(v["position"]["hoey"], "1;2;3");
    assert_eq!(v["position"]["hoey_full"], "1;2;3");
    assert_eq!(v["variant"], "misere");
    assert_eq!(v["count"], "9");
    assert_eq!(v["truncated"], false);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 9);
    assert_eq!(moves[0]["text"], "1-4-2");
    assert_eq!(moves[0]["position"], "1,4,2,4;3");
    assert_eq!(moves[0]["position_full"], "1,4,2,4;3");

    let v = json(&["moves", "--json", "--limit", "3", "--spots", "27"], "");
    assert_eq!(v["count"], "905970015");
    assert_eq!(v["moves"].as_array().unwrap().len(), 3);
    assert_eq!(v["truncated"], true);

    let v = json(&["moves", "--json", "--count", "--spots", "27"], "");
    assert_eq!(v["count"], "905970015");
    assert!(v.get("moves").is_none());
    assert!(v.get("truncated").is_none());
}

#[test]
fn moves_rejects_bad_positions_in_one_line() {
    assert_eq!(
        fails(&["moves", "1,2,"], b""),
        "sprouts: position text at byte 4: expected a spot number, found the end of the text"
    );
    assert_eq!(
        fails(&["moves", "1,1,1,1"], b""),
        "sprouts: invalid position: spot 1 is listed 4 times (a spot has at most 3 sites)"
    );
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(sprouts(&["moves"], b"").code, 2);
    assert_eq!(sprouts(&["moves", "1;2", "--spots", "2"], b"").code, 2);
    assert_eq!(
        sprouts(&["moves", "--count", "--limit", "2", "--spots", "2"], b"").code,
        2
    );
    assert_eq!(sprouts(&["frobnicate"], b"").code, 2);
}

#[test]
fn output_into_a_closed_pipe_is_not_an_error() {
    // 905970015 lines, but the reader stops after the first.
    let mut child = common::SPROUTS
        .command()
        .args(["moves", "--spots", "27"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 16];
    std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stderr, b"");
    assert_eq!(&first, b"1-28-2\t1,28,2,28");
}

#[test]
fn replay_reads_every_published_wgosa_game() {
    let out = ok(&["replay", &example("published-wgosa.txt")], "");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5);
    assert_eq!(
        lines[1],
        "8+ (AuntBeast* - Peltier)\t3,11t;4/7,15,8,15/16t;2,9t,2,12,13t,12"
    );
    let json = ok(&["replay", "--json", &example("published-wgosa.txt")], "");
    let games: Vec<Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 5);
    assert_eq!(games[0]["notation"], "wgosa");
    let m = &games[0]["moves"][1];
    assert_eq!(m["text"], "1(16)1[3-10]");
    assert_eq!(m["canonical"], "1(16)1[3-10]");
    assert_eq!(m["lhp"], "1<16>1[3-10]");
    assert_eq!(m["hoey"], "1-16-1<11,12,13,14");
}

#[test]
fn convert_round_trips_through_every_notation() {
    let wgosa = ok(
        &["convert", "--to", "wgosa", &example("published-wgosa.txt")],
        "",
    );
    assert_eq!(wgosa.lines().count(), 5);
    let lhp = ok(&["convert", "--to", "lhp"], &wgosa);
    let hoey = ok(&["convert", "--to", "hoey"], &lhp);
    assert!(hoey.lines().all(|l| l.contains("; ")), "{hoey}");
    let back = ok(&["convert", "--to", "wgosa"], &hoey);
    assert_eq!(back, wgosa);
    assert_eq!(
        ok(
            &["convert", "--to", "hoey"],
            "3+ (Steinitz - Morphy *) 1(4)1[2] I"
        ),
        "3+ (Steinitz - Morphy *) 1-4-1>2 I\n"
    );
}

#[test]
fn moves_in_another_notation_after_a_game() {
    let out = ok(
        &["moves", "--notation", "lhp", "--limit", "2", "3+ 1(4)1[2]"],
        "",
    );
    // After the loop 1-4-1 round 2, spot 1 joined to 2 dies: 2,5,4,5 and 4;3.
    assert_eq!(out, "1<5>2\t2,5,4,5/4;3\n2<5>4\t1,5,2,5/1;3\n");
}
