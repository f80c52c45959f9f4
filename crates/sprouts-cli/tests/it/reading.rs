//! One reading of "a game or a position, as text, a file name or `-`" for
//! every command: files, missing files, empty input, bare numbers, the play
//! convention of headers and labels; and `replay`/`convert` on files with
//! bad games.

use crate::common;

use common::{fails, ok, sprouts};
use serde_json::Value;

const GAME: &str = "8+ 1(9)2 1(10)1[3,4] 3(11)10 2(12)5";

#[test]
fn every_command_reads_a_file_as_its_text() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.txt");
    std::fs::write(&file, format!("{GAME}\n")).unwrap();
    let name = file.to_str().unwrap();
    for args in [
        &["moves"][..],
        &["draw"],
        &["position", "canon"],
        &["position", "convert", "--to", "glop2"],
        &["replay"],
    ] {
        let with = |last: &str| {
            let mut all = args.to_vec();
            all.push(last);
            all.iter().map(|s| s.to_string()).collect::<Vec<_>>()
        };
        let by_name: Vec<String> = with(name);
        let by_text: Vec<String> = with(GAME);
        let by_stdin: Vec<String> = with("-");
        let run = |a: &[String], stdin: &str| {
            ok(&a.iter().map(String::as_str).collect::<Vec<_>>(), stdin)
        };
        let want = run(&by_text, "");
        assert!(!want.is_empty(), "{args:?}");
        assert_eq!(run(&by_name, ""), want, "{args:?}");
        assert_eq!(run(&by_stdin, GAME), want, "{args:?}");
    }
}

#[test]
fn a_missing_file_is_named() {
    for args in [
        &["solve", "--no-db", "gam3.txt"][..],
        &["moves", "gam3.txt"],
        &["draw", "gam3.txt"],
        &["analyze", "--no-db", "gam3.txt"],
        &["position", "canon", "gam3.txt"],
        &["replay", "gam3.txt"],
        &["convert", "--to", "lhp", "gam3.txt"],
    ] {
        assert_eq!(fails(args, b""), "sprouts: no file gam3.txt", "{args:?}");
    }
    assert_eq!(
        fails(&["moves", "./games/x"], b""),
        "sprouts: no file ./games/x"
    );
    // A long name is quoted to 60 characters.
    let long = format!("{}.txt", "g".repeat(100));
    assert_eq!(
        fails(&["moves", &long], b""),
        format!("sprouts: no file {}... (104 bytes in all)", "g".repeat(60))
    );
    // A neo-GLOP text with `/` is still a position.
    assert_eq!(ok(&["moves", "--count", "0.AB/AB"], ""), "5\n");
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(
        fails(&["moves", dir.path().to_str().unwrap()], b""),
        format!(
            "sprouts: {} is a directory, not a file",
            dir.path().display()
        )
    );
}

#[test]
fn empty_input_is_refused() {
    let empty = "sprouts: empty input: give a game or a position";
    assert_eq!(fails(&["solve", "--no-db", "-"], b""), empty);
    assert_eq!(
        fails(&["solve", "--no-db", "-"], b" \n# only a comment\n"),
        empty
    );
    assert_eq!(fails(&["moves", ""], b""), empty);
    assert_eq!(fails(&["draw", ""], b""), empty);
    assert_eq!(fails(&["draw"], b""), empty);
    assert_eq!(fails(&["position", "canon", " "], b""), empty);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("empty.txt");
    std::fs::write(&file, "").unwrap();
    assert_eq!(
        fails(&["moves", file.to_str().unwrap()], b""),
        format!(
            "sprouts: {}: empty input: give a game or a position",
            file.display()
        )
    );
}

#[test]
fn a_bare_number_is_the_start_everywhere() {
    let start = ok(&["moves", "--spots", "3"], "");
    assert_eq!(ok(&["moves", "3"], ""), start);
    assert_eq!(ok(&["position", "canon", "3"], ""), "0.0.0\n");
    // With --from, a position text: two spots with one life each.
    assert_eq!(
        ok(&["position", "canon", "--from", "glop2", "22"], ""),
        "22\n"
    );
    assert_eq!(
        ok(&["moves", "--count", "--from", "glop2", "22"], ""),
        "1\n"
    );
    // `draw 3` draws the start of the 3-spot game, captioned as one.
    assert_eq!(
        ok(&["draw", "--no-caption", "3"], ""),
        ok(&["draw", "--no-caption", "1;2;3"], "")
    );
    assert!(ok(&["draw", "3"], "").contains(">3+ start<"));
}

fn solve(args: &[&str]) -> Value {
    let mut all = vec!["solve", "--no-db", "--json"];
    all.extend_from_slice(args);
    serde_json::from_str(&ok(&all, "")).unwrap()
}

#[test]
fn headers_and_labels_say_the_play_convention() {
    // A `-` label or header means misère without --misere (the label was
    // ignored: normal play was solved).
    let m = solve(&["5-:0.0.0.0.0"]);
    assert_eq!(
        (m["variant"].as_str(), m["outcome"].as_str()),
        (Some("misere"), Some("win"))
    );
    assert!(m.get("nimber").is_none());
    assert_eq!(solve(&["--misere", "5-:0.0.0.0.0"])["variant"], "misere");
    assert_eq!(solve(&["5-"])["variant"], "misere");
    assert_eq!(solve(&["3-"])["outcome"], "loss");
    assert_eq!(solve(&["5+:0.0.0.0.0"])["variant"], "normal");
    // --misere against a `+` header or label is an error.
    assert_eq!(
        fails(&["solve", "--no-db", "--misere", "5+:0.0.0.0.0"], b""),
        "sprouts: --misere, but the label 5+: says normal play"
    );
    assert_eq!(
        fails(&["solve", "--no-db", "--misere", "5+ 1(6)2"], b""),
        "sprouts: --misere, but the game's header 5+ says normal play"
    );
    assert_eq!(
        fails(&["moves", "--misere", "5+"], b""),
        "sprouts: --misere, but the game's header 5+ says normal play"
    );
    // Without a header, a label or a sign (a bare number) the flag decides:
    // misère 3 spots is a loss for the player to move, normal play a win.
    assert_eq!(solve(&["--misere", "3"])["outcome"], "loss");
    assert_eq!(solve(&["--misere", "3"])["variant"], "misere");
    assert_eq!(solve(&["3"])["outcome"], "win");
    assert_eq!(solve(&["--misere", "0.0.0"])["variant"], "misere");
    assert_eq!(solve(&["0.0.0"])["variant"], "normal");
}

#[test]
fn solve_lands_are_glop2() {
    let v = solve(&["0.AB/AB+0.0.0"]);
    let lands: Vec<&str> = v["lands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert_eq!(lands, ["0.0.0", "0.AB|AB"]);
    // Each reads back as a GLOP 2 position, the same land.
    for land in lands {
        let back = ok(
            &[
                "position", "convert", "--from", "glop2", "--to", "glop2", land,
            ],
            "",
        );
        assert_eq!(back, format!("{land}\n"));
        assert_eq!(
            solve(&["--from", "glop2", land])["lands"],
            serde_json::json!([land])
        );
    }
    let v = solve(&[GAME]);
    for land in v["lands"].as_array().unwrap() {
        ok(
            &[
                "position",
                "convert",
                "--from",
                "glop2",
                "--to",
                "hoey",
                land.as_str().unwrap(),
            ],
            "",
        );
    }
}

const THREE: &str = "3+ 1(4)1[2]\n5+ 1-6-2; 1-7-2\n2+ 1(3)2 x\n4- 1(5)2\n";

#[test]
fn replay_reports_each_bad_game_and_prints_the_good() {
    let out = sprouts(&["replay"], THREE.as_bytes());
    assert_eq!(out.code, 1);
    assert_eq!(out.stdout, "3+\t1,4;2/1,4;3\n4-\t1,5,2,5;3;4\n");
    assert_eq!(
        out.stderr,
        "sprouts: game 2 (5+): move 2 (1-7-2): illegal: the move splits region 1 and must say which boundaries go where (<, > or =)\n\
         sprouts: game 3 (2+): move 2 (x): at byte 0: expected a spot number, found 'x'\n"
    );
    let out = sprouts(&["convert", "--to", "lhp"], THREE.as_bytes());
    assert_eq!(out.code, 1);
    assert_eq!(out.stdout, "3+ 1<4>1[2]\n4- 1<5>2\n");
    assert_eq!(out.stderr.lines().count(), 2);
    // Named by file.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("three.txt");
    std::fs::write(&file, THREE).unwrap();
    let out = sprouts(&["replay", "--json", file.to_str().unwrap()], b"");
    assert_eq!(out.code, 1);
    assert_eq!(out.stdout.lines().count(), 2);
    assert!(out.stderr.starts_with(&format!(
        "sprouts: {}: game 2 (5+): move 2 (1-7-2): ",
        file.display()
    )));
    // One bad game alone is the error, as before.
    assert_eq!(
        fails(&["replay"], b"2+ 1(3)2 x"),
        "sprouts: move 2 (x): at byte 0: expected a spot number, found 'x'"
    );
}

/// A 3-spot normal game over after 8 moves: the second player made the
/// last move, so the rules give II.
const OVER: &str = "3+ 1-4-2; 1-5-3; 1-6-5.3>2; 3-7-6=; 3-8-7<2; 4-9-8=; 2-10-9=; 2-11-10=";

#[test]
fn replay_refuses_a_result_the_rules_contradict() {
    assert_eq!(
        fails(&["replay"], format!("{OVER} I").as_bytes()),
        "sprouts: result (I): the game is over after 8 moves; the second player made the last move and wins in normal play: the result is II"
    );
    assert_eq!(ok(&["replay"], &format!("{OVER} II")), "(no live region)\n");
    // Misère: the last mover loses.
    let misere = OVER.replacen("3+", "3-", 1);
    assert_eq!(
        fails(&["replay"], format!("{misere} II").as_bytes()),
        "sprouts: result (II): the game is over after 8 moves; the second player made the last move and loses in misère play: the result is I"
    );
    assert_eq!(
        ok(&["replay"], &format!("{misere} I")),
        "(no live region)\n"
    );
    // A game that is not over may end with either result (a resignation).
    let unfinished = OVER.rsplit_once("; ").unwrap().0;
    for result in ["I", "II"] {
        assert_eq!(
            ok(&["replay"], &format!("{unfinished} {result}")),
            "2,10/2,10\n"
        );
    }
    // Among several games, the bad one is named and the others printed.
    let out = sprouts(&["replay"], format!("{OVER} II\n{OVER} I\n").as_bytes());
    assert_eq!(out.code, 1);
    assert_eq!(out.stdout, "3+\t(no live region)\n");
    assert_eq!(
        out.stderr,
        "sprouts: game 2 (3+): result (I): the game is over after 8 moves; the second player made the last move and wins in normal play: the result is II\n"
    );
}

/// The report's move: a 60 KB list of million-spot ranges, refused at once
/// without growing the process (it once grew a server to 22.7 GB).
#[test]
fn a_hostile_move_fails_cleanly() {
    let ranges = vec!["2-1048575"; 6000].join(",");
    let game = format!("4+ 1(5)1[{ranges}]");
    let start = std::time::Instant::now();
    let line = fails(&["replay"], game.as_bytes());
    // The whole process, start to exit.
    assert!(start.elapsed() < std::time::Duration::from_secs(1));
    assert!(
        line.starts_with("sprouts: move 1 (1(5)1[2-1048575,"),
        "{line}"
    );
    assert!(line.len() < 400, "{line}");
    assert!(
        line.ends_with("): illegal: listed spot 5 does not exist"),
        "{line}"
    );
}

#[test]
fn messages_quote_user_text_short() {
    // A header with long players' names, in a file of several games.
    let players = "A".repeat(200);
    let games = format!("3+ 1(4)1[2]\n3+ ({players}) 1(5)2\n");
    let out = sprouts(&["replay"], games.as_bytes());
    assert_eq!(out.code, 1);
    assert_eq!(
        out.stderr,
        format!(
            "sprouts: game 2 ({}... (205 bytes in all)): move 1 (1(5)2): illegal: the new spot must be 4, not 5\n",
            format_args!("3+ ({}", "A".repeat(56))
        )
    );
    // A bad value in a database import line.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("x.redb");
    let line = format!("0.0\tnimber {}\n", "9".repeat(100));
    let out = sprouts(
        &["db", "--db", db.to_str().unwrap(), "import", "-"],
        line.as_bytes(),
    );
    assert_eq!(out.code, 1);
    assert_eq!(
        out.stderr,
        format!(
            "sprouts: line 1: bad nimber \"{}... (100 bytes in all)\"\n",
            "9".repeat(60)
        )
    );
}

/// What the commands write for a position reads back: `(no live region)`
/// (the text output of an empty position) was read as neo-GLOP ("neoglop
/// position: at byte 3: expected a site or ')', found ' '"), and the Hoey
/// text `1o` of GLOP's `1.}]!` as neo-GLOP too ("expected a site, '(' or
/// '[', found '1'"). A bare number too large for a game said "expected a
/// number of spots below 262144, found '1'".
#[test]
fn written_positions_read_back() {
    let end = ok(&["replay", "1+ 1-2-1; 1-3-2"], "");
    assert_eq!(end, "(no live region)\n");
    assert_eq!(ok(&["position", "canon", end.trim()], ""), end);
    assert_eq!(ok(&["moves", "--count", end.trim()], ""), "0\n");
    assert_eq!(
        ok(&["solve", "--no-db", "--json", end.trim()], "")
            .split(",\"seconds\"")
            .next()
            .unwrap(),
        "{\"variant\":\"normal\",\"outcome\":\"loss\",\"nimber\":0"
    );
    let one = ok(&["position", "convert", "--to", "hoey", "1.}]!"], "");
    assert_eq!(one, "1o\n");
    assert_eq!(
        ok(
            &["position", "convert", "--json", "--to", "glop1", one.trim()],
            ""
        ),
        "{\"from\":\"hoey\",\"to\":\"glop1\",\"text\":\"1.}]!\",\"canonical\":\"1\"}\n"
    );
    let big = ok(&["position", "convert", "--to", "neoglop", "<12>32"], "");
    assert_eq!(big, "1212122\n");
    assert_eq!(
        fails(&["position", "canon", big.trim()], b""),
        "sprouts: 1212122: a bare number is the start of a game with that many spots, and a game has fewer than 262144; to read it as a position, say its notation"
    );
    assert_eq!(
        ok(&["position", "canon", "--from", "neoglop", big.trim()], ""),
        "1212212\n"
    );
}
