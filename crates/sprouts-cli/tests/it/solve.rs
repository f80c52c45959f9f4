//! `sprouts solve`, `analyze`, `db` and `bench` on real games and files.

use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common;

const GAMES: &str = include_str!("../../../sprouts/tests/data/wgosa-games.txt");

/// Runs `sprouts` with `args` and no input: exit status, stdout, stderr.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = common::sprouts(args, b"");
    (out.code, out.stdout, out.stderr)
}

fn json(args: &[&str]) -> Value {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}: {out}"))
}

/// The published game with `spots` spots (a line starting `N+`).
fn game(spots: u32) -> String {
    let head = format!("{spots}+ ");
    GAMES
        .lines()
        .find(|l| l.starts_with(&head))
        .expect("game in the test data")
        .to_string()
}

/// The game without its result and its last `drop` moves.
fn prefix(game: &str, drop: usize) -> String {
    let mut words: Vec<&str> = game.split(' ').collect();
    if matches!(words.last(), Some(&"I") | Some(&"II")) {
        words.pop();
    }
    words.truncate(words.len() - drop);
    words.join(" ")
}

#[test]
fn solve_start_positions() {
    let v = json(&["solve", "--spots", "4", "--no-db", "--json"]);
    assert_eq!(v["outcome"], "win");
    assert_eq!(v["nimber"], 1);
    assert_eq!(v["variant"], "normal");
    assert!(v["searched"].as_u64().unwrap() > 0);
    let v = json(&["solve", "--spots", "4", "--misere", "--no-db", "--json"]);
    assert_eq!(v["outcome"], "loss");
    assert!(v.get("nimber").is_none());
    let (code, out, _) = run(&["solve", "--spots", "2", "--no-db"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("outcome\tloss for the player to move (normal)\nnimber\t0\n"),
        "{out}"
    );
}

/// Checks every listed winning move: it is read in WGOSA notation after the
/// game and leaves the opponent a lost position.
fn check_winning_moves(game: &str, v: &Value) -> usize {
    assert_eq!(v["notation"], "wgosa");
    let moves = v["winning_moves"].as_array().unwrap();
    for m in moves {
        let text = m["move"].as_str().unwrap();
        let after = format!("{game} {text}");
        let w = json(&["solve", "--no-db", "--json", &after]);
        assert_eq!(w["outcome"], "loss", "{text} after {game}");
    }
    moves.len()
}

#[test]
fn solve_published_8_spot_game() {
    let g = game(8);
    // After the last move (II won) the first player, to move, is lost.
    let v = json(&["solve", "--no-db", "--json", &g]);
    assert_eq!(v["outcome"], "loss");
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 0);
    // Before it, the second player had winning moves, among them the one
    // played (6(16@2)14).
    let before = prefix(&g, 1);
    let v = json(&["solve", "--no-db", "--json", &before]);
    assert_eq!(v["outcome"], "win");
    assert!(
        v["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["move"] == "6(16@2)14")
    );
    assert!(check_winning_moves(&before, &v) >= 1);
}

#[test]
fn winning_moves_are_grouped_up_to_symmetry() {
    // 5 spots after 1(6)2: 31 winning moves in 7 groups, each listed once
    // with how many others lead to the same position up to symmetry, as
    // the library's `Solver::winning_moves_in` lists them (the web page's
    // analysis shows the same: crates/sprouts-web/tests/api.rs).
    let v = json(&["solve", "--no-db", "--json", "5+ 1(6)2"]);
    let listed: Vec<(&str, u64)> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["move"].as_str().unwrap(), m["same"].as_u64().unwrap()))
        .collect();
    assert_eq!(
        listed,
        [
            ("1(7)3", 5),
            ("3(7)6", 5),
            ("1(7)1", 1),
            ("1(7)1[2]", 1),
            ("1(7)2[3]", 5),
            ("3(7)4", 2),
            ("3(7)3[4]", 5),
        ]
    );
    assert_eq!(listed.iter().map(|(_, same)| same + 1).sum::<u64>(), 31);
    assert_eq!(check_winning_moves("5+ 1(6)2", &v), 7);
}

#[test]
fn solve_published_14_spot_game() {
    let g = game(14);
    let v = json(&["solve", "--no-db", "--json", &g]);
    assert_eq!(v["outcome"], "loss");
    let before = prefix(&g, 1);
    let v = json(&["solve", "--no-db", "--json", &before]);
    assert_eq!(v["outcome"], "win");
    assert!(check_winning_moves(&before, &v) >= 1);
}

#[test]
fn analyze_a_short_game() {
    // 4 spots: the first player wins (AJS); every verdict must agree with
    // solving the positions one by one.
    let g = "4+ 1(5)2 3(6)4 1(7)2";
    let v = json(&["analyze", "--no-db", "--json", g]);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3);
    assert_eq!(moves[0]["before"], "win");
    let mut prefix = "4+".to_string();
    for m in moves {
        let before = json(&["solve", "--no-db", "--json", &prefix]);
        prefix = format!("{prefix} {}", m["text"].as_str().unwrap());
        let after = json(&["solve", "--no-db", "--json", &prefix]);
        let expected = match (before["outcome"] == "win", after["outcome"] == "win") {
            (true, false) => "kept",
            (true, true) => "threw",
            (false, _) => "lost",
        };
        assert_eq!(m["verdict"], expected, "{prefix}");
    }
}

/// The published games of examples/published-wgosa.txt.
fn published() -> String {
    [
        env!("CARGO_MANIFEST_DIR"),
        "..",
        "..",
        "examples",
        "published-wgosa.txt",
    ]
    .iter()
    .collect::<std::path::PathBuf>()
    .display()
    .to_string()
}

#[test]
fn analyze_lists_the_winning_moves_in_place_of_a_move_that_threw_the_win() {
    // 4 spots, normal play: the first player wins (AJS 1991), and 1(5)2
    // leaves the opponent a win; the moves that win are those `solve` lists.
    let (code, out, err) = run(&["analyze", "--no-db", "4+ 1(5)2"]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "final\twin for the player to move\n1\t1(5)2\tthrew\t1(5)1 1(5)1[3]\n"
    );
    let solved = json(&["solve", "--no-db", "--json", "4+"]);
    let listed: Vec<&str> = solved["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(listed, ["1(5)1", "1(5)1[3]"]);
    let v = json(&["analyze", "--no-db", "--json", "4+ 1(5)2"]);
    assert_eq!(v["moves"][0]["verdict"], "threw");
    assert_eq!(v["moves"][0]["winning"], solved["winning_moves"]);
    // A move that kept the win lists nothing.
    let (_, out, _) = run(&["analyze", "--no-db", "3+ 1(4)2"]);
    assert_eq!(out, "final\tloss for the player to move\n1\t1(4)2\tkept\n");
}

#[test]
fn analyze_picks_the_kth_game_of_several() {
    let games = b"3+ 1(4)2\n4+ 1(5)2\n3+ 1(4)1\n";
    let out = common::sprouts(&["analyze", "--no-db", "--game", "2", "-"], games);
    assert_eq!((out.code, out.stderr.as_str()), (0, ""));
    assert_eq!(
        out.stdout,
        "final\twin for the player to move\n1\t1(5)2\tthrew\t1(5)1 1(5)1[3]\n"
    );
    let out = common::sprouts(&["analyze", "--no-db", "--game", "3", "-"], games);
    assert_eq!(
        out.stdout,
        "final\twin for the player to move\n1\t1(4)1\tthrew\t1(4)2 1(4)1[2]\n"
    );
    let out = common::sprouts(&["analyze", "--no-db", "-"], games);
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (
            1,
            "sprouts: the input holds 3 games: choose one with --game K\n"
        )
    );
    let out = common::sprouts(&["analyze", "--no-db", "--game", "4", "-"], games);
    assert_eq!(out.stderr, "sprouts: --game 4: the input holds 3 games\n");
    let (code, _, err) = run(&["analyze", "--no-db", "--game", "2", "3+ 1(4)2"]);
    assert_eq!(
        (code, err.as_str()),
        (1, "sprouts: --game 2: the input holds 1 game\n")
    );
}

#[test]
fn analyze_without_time_says_undecided_and_names_the_database_only_with_one() {
    // No time at all: nothing is claimed, and the note says so.
    let (code, out, err) = run(&["analyze", "--no-db", "--timeout", "0", "3+ 1(4)2"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "final\tundecided for the player to move\n1\t1(4)2\tundecided\n"
    );
    assert_eq!(
        err,
        "sprouts: 2 of 2 lines undecided within the timeout of 0 s\n"
    );
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.redb");
    let db = db.to_str().unwrap();
    let (code, _, err) = run(&["analyze", "--db", db, "--timeout", "0", "3+ 1(4)2"]);
    assert_eq!(code, 0);
    assert_eq!(
        err,
        "sprouts: 2 of 2 lines undecided within the timeout of 0 s (what was proved is kept in the database)\n"
    );
}

#[test]
fn analyze_decides_the_late_moves_of_the_published_22_spot_misere_game() {
    // The 22- game of the Clash of the Titans (2011), won by the second
    // player: from the end backwards, its last seven moves are decided
    // well within the time, whatever the first ones take.
    let (code, out, err) = run(&[
        "analyze",
        "--no-db",
        "--timeout",
        "20",
        "--game",
        "5",
        &published(),
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 29, "{out}");
    assert_eq!(
        lines[..8],
        [
            "final\tloss for the player to move",
            "28\t40(50)49[22]\tkept",
            "27\t21(49@33)48\tlost",
            "26\t21(48)22\tkept",
            "25\t9(47@10)46\tlost",
            "24\t9(46)9\tkept",
            "23\t3(45)27\tlost",
            "22\t3(44)3\tkept",
        ]
    );
    assert!(!err.contains("database"), "{err}");
}

/// A stopped solve's two lines: how far it got (of `moves` distinct
/// moves), and the error `last`; the first line is returned.
fn stopped_lines(err: &str, moves: usize, last: &str) -> String {
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines[0].starts_with("sprouts: distinct moves decided so far: ")
            && lines[0].contains(&format!(" of {moves}")),
        "{err}"
    );
    assert_eq!(lines[1], last);
    lines[0].to_string()
}

#[test]
fn timeout_is_an_error_that_says_so() {
    let (code, _, err) = run(&["solve", "--spots", "14", "--no-db", "--timeout", "0.2"]);
    assert_eq!(code, 1);
    // 14 spots: 8 distinct first moves (the join, loops around 0 to 6).
    stopped_lines(
        &err,
        8,
        "sprouts: no answer within the timeout of 0.2 s (nothing is kept: --no-db)",
    );
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.redb");
    let db = db.to_str().unwrap();
    let (code, _, err) = run(&["solve", "--spots", "14", "--db", db, "--timeout", "0.2"]);
    assert_eq!(code, 1);
    stopped_lines(
        &err,
        8,
        "sprouts: no answer within the timeout of 0.2 s (what was proved is kept in the database)",
    );
}

#[test]
fn a_stopped_solve_says_which_moves_it_decided() {
    // The loop around no spot of 8 spots, solved first into the database:
    // 8 spots is a loss (AJS 1991), so the player after it wins.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.redb");
    let db = db.to_str().unwrap();
    let (code, out, err) = run(&["solve", "--db", db, "8+ 1(9)1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("outcome\twin"), "{out}");
    // The start, stopped at once: 5 distinct moves (the join, loops
    // around 0 to 3 spots), that one decided.
    let (code, _, err) = run(&["solve", "--spots", "8", "--db", db, "--timeout", "0"]);
    assert_eq!(code, 1);
    let first = stopped_lines(
        &err,
        5,
        "sprouts: no answer within the timeout of 0 s (what was proved is kept in the database)",
    );
    assert!(first.contains("1(9)1 loses"), "{first}");
}

#[test]
fn database_export_import_verify() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.redb");
    let a = a.to_str().unwrap();
    let v = json(&["solve", "--spots", "3", "--db", a, "--json"]);
    assert_eq!(v["outcome"], "win");
    // AJS 1991: 5 spots is a misère win (15 lives: more than a land
    // replaced by its canonical tree has).
    let v = json(&["solve", "--spots", "5", "--misere", "--db", a, "--json"]);
    assert_eq!(v["outcome"], "win");
    let stats = json(&["db", "--db", a, "stats", "--json"]);
    assert!(stats["normal"].as_u64().unwrap() > 5);
    assert!(stats["misere"].as_u64().unwrap() > 5);
    assert!(stats["trees"].as_u64().unwrap() > 5);
    assert!(stats["land_trees"].as_u64().unwrap() > 5);
    let (code, export, _) = run(&["db", "--db", a, "export"]);
    assert_eq!(code, 0);
    // The 3-spot start has nimber 1 (LV10: every winning start computed).
    assert!(export.lines().any(|l| l == "0.0.0\tnimber 1"), "{export}");
    assert!(
        export.lines().any(|l| l == "0.0.0.0.0\tmisere win"),
        "{export}"
    );
    // The 3-spot land met on the way is kept as its canonical tree: *, the
    // game whose one option is the end (tree 0).
    let star = export
        .lines()
        .find_map(|l| l.strip_suffix("\t{0}")?.strip_prefix("tree "))
        .unwrap();
    assert!(
        export.lines().any(|l| l == format!("0.0.0\ttree {star}")),
        "{export}"
    );
    let file = dir.path().join("export.txt");
    std::fs::write(&file, &export).unwrap();
    let b = dir.path().join("b.redb");
    let b = b.to_str().unwrap();
    let (code, out, err) = run(&["db", "--db", b, "import", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, format!("imported\t{}\n", export.lines().count()));
    let (code, out, _) = run(&["db", "--db", b, "verify"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.ends_with("wrong\t0\n"), "{out}");
    assert!(
        out.starts_with(&format!("checked\t{}\n", export.lines().count())),
        "{out}"
    );
    // A wrong result (written in the old export text, still read) is
    // refused: nothing is imported.
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "0.0.0.\tnimber 0\n").unwrap();
    let c = dir.path().join("c.redb");
    let c = c.to_str().unwrap();
    let (code, out, err) = run(&["db", "--db", c, "import", bad.to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert_eq!(
        err,
        "sprouts: line 1: 0.0.0. nimber 0 does not hold: a search shows it false; nothing was imported\n"
    );
    let (code, out, _) = run(&["db", "--db", c, "verify"]);
    assert_eq!(code, 0);
    assert_eq!(out, "checked\t0\nby search\t0\nwrong\t0\n");
    // A line that is not a result.
    std::fs::write(&bad, "0.0.0.\tnimber x\n").unwrap();
    let (code, _, err) = run(&["db", "--db", c, "import", bad.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert_eq!(err, "sprouts: line 1: bad nimber \"x\"\n");
}

#[test]
fn database_survives_kill_9_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("solved.redb");
    let p = path.to_str().unwrap();
    // Reference: the whole solve from an empty database.
    let full = json(&[
        "solve",
        "--spots",
        "6",
        "--db",
        dir.path().join("ref.redb").to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(full["outcome"], "loss");
    let full_searched = full["searched"].as_u64().unwrap();
    // Start the same solve, wait for a committed batch (read beside the
    // solve), and kill it with SIGKILL.
    let mut child = common::SPROUTS
        .command()
        .args(["solve", "--spots", "6", "--db", p, "--json"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let committed = || {
        let out = common::sprouts(&["db", "--db", p, "stats", "--json"], b"");
        out.code == 0
            && serde_json::from_str::<serde_json::Value>(&out.stdout)
                .is_ok_and(|v| v["normal"].as_u64().is_some_and(|n| n > 0))
    };
    while !committed() && start.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap(); // SIGKILL on Unix
    let status = child.wait().unwrap();
    // The database opens and holds what was committed.
    let stats = json(&["db", "--db", p, "stats", "--json"]);
    let kept = stats["normal"].as_u64().unwrap();
    if !status.success() {
        assert!(kept > 0, "nothing committed before the kill");
    }
    // The solve resumes from it and gives the right answer with less work.
    let resumed = json(&["solve", "--spots", "6", "--db", p, "--json"]);
    assert_eq!(resumed["outcome"], "loss");
    if !status.success() {
        assert!(resumed["searched"].as_u64().unwrap() < full_searched);
    }
    // A second run of the finished solve: at least 10 times less work.
    let again = json(&["solve", "--spots", "6", "--db", p, "--json"]);
    assert_eq!(again["outcome"], "loss");
    assert!(again["searched"].as_u64().unwrap() * 10 <= full_searched);
}

#[test]
fn bench_prints_a_table() {
    let (code, out, err) = run(&["bench", "--from", "1", "--to", "3"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert!(lines[2].starts_with("| 1 | normal | L | 0 |"), "{out}");
    assert!(lines[3].starts_with("| 2 | normal | L | 0 |"), "{out}");
    assert!(lines[4].starts_with("| 3 | normal | W | 1 |"), "{out}");
}

/// `--json` prints JSON Lines: one object per N, each on its own line.
#[test]
fn bench_json_is_one_object_per_line() {
    let (code, out, err) = run(&["bench", "--from", "1", "--to", "3", "--json"]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    let answers: Vec<_> = rows
        .iter()
        .map(|r| {
            (
                r["spots"].as_u64(),
                r["outcome"].as_str(),
                r["nimber"].as_u64(),
            )
        })
        .collect();
    assert_eq!(
        answers,
        [
            (Some(1), Some("L"), Some(0)),
            (Some(2), Some("L"), Some(0)),
            (Some(3), Some("W"), Some(1))
        ]
    );
}

/// `sprouts bench --from N --to N ARGS --json`, which must succeed: its
/// output and its rows.
fn simulated_rows(n: u32, args: &[&str]) -> (String, Vec<Value>) {
    let n = n.to_string();
    let mut all = vec!["bench", "--from", &n, "--to", &n];
    all.extend_from_slice(args);
    all.push("--json");
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{err}");
    let rows = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    (out, rows)
}

/// `--simulate`: one row per worker count, each with the published
/// answer (AJS 1991: 7 spots, a loss) and the search alone's positions.
#[test]
fn bench_simulates_workers() {
    let (out, rows) = simulated_rows(7, &["--simulate", "1,4", "--job", "50"]);
    let answers: Vec<_> = rows
        .iter()
        .map(|r| {
            (
                r["workers"].as_u64(),
                r["outcome"].as_str(),
                r["nimber"].as_u64(),
            )
        })
        .collect();
    assert_eq!(
        answers,
        [(Some(1), Some("L"), Some(0)), (Some(4), Some("L"), Some(0))]
    );
    assert_eq!(rows[0]["sequential"], rows[1]["sequential"]);
    assert!(rows[1]["jobs"].as_u64().unwrap() > 1, "{out}");
    let (code, _, err) = run(&["bench", "--to", "3", "--simulate", "0"]);
    assert_ne!(code, 0);
    assert!(err.contains("at least 1"), "{err}");
}

/// `--seed-lives`: the row says the seed (from the start before, by
/// default) and the speed-up with its pre-pass counted, which is smaller.
#[test]
fn bench_simulates_seeded_workers() {
    let (out, rows) = simulated_rows(
        7,
        &[
            "--simulate",
            "4",
            "--job",
            "50",
            "--seed-lives",
            "12",
            "--send-children",
        ],
    );
    let row = &rows[0];
    assert_eq!((&row["outcome"], &row["nimber"]), (&"L".into(), &0.into()));
    let seed = &row["seed"];
    assert_eq!(seed["spots"], serde_json::json!([6]));
    assert_eq!(seed["lives"], 12);
    assert!(seed["entries"].as_u64().unwrap() > 0, "{out}");
    assert!(seed["bytes"].as_u64().unwrap() > 0, "{out}");
    assert!(seed["searched"].as_u64().unwrap() > 0, "{out}");
    assert!(
        seed["speedup_counted"].as_f64().unwrap() < row["speedup"].as_f64().unwrap(),
        "{out}"
    );
    // Without a seed the row has none; a seed's starts need its lives.
    let (out, _) = simulated_rows(5, &["--simulate", "2"]);
    assert!(!out.contains("seed"), "{out}");
    let (code, _, err) = run(&["bench", "--to", "3", "--simulate", "2", "--seed-spots", "2"]);
    assert_ne!(code, 0);
    assert!(err.contains("--seed-lives"), "{err}");
}

/// Two threads: the same answer as one, the row says how many threads
/// searched, and the helper searched positions too.
#[test]
fn bench_on_two_threads_answers_as_on_one() {
    let row = |threads: &str| -> serde_json::Value {
        let (code, out, err) = run(&[
            "bench",
            "--from",
            "8",
            "--to",
            "8",
            "--json",
            "--threads",
            threads,
        ]);
        assert_eq!(code, 0, "{err}");
        serde_json::from_str(out.trim()).unwrap()
    };
    let (one, two) = (row("1"), row("2"));
    assert_eq!(one["threads"], 1);
    assert_eq!(two["threads"], 2);
    assert_eq!(one["outcome"], "L");
    assert_eq!(
        (&one["outcome"], &one["nimber"]),
        (&two["outcome"], &two["nimber"])
    );
    assert_eq!(one["helpers_searched"], 0);
    assert!(two["helpers_searched"].as_u64().unwrap() > 0, "{two}");
}

#[test]
fn misere_trees_and_results_are_kept_across_runs() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.redb");
    let a = a.to_str().unwrap();
    // AJS 1991: 7 spots is a misère loss for the first player.
    let first = json(&["solve", "--spots", "7", "--misere", "--db", a, "--json"]);
    assert_eq!(first["outcome"], "loss");
    let second = json(&["solve", "--spots", "7", "--misere", "--db", a, "--json"]);
    assert_eq!(second["outcome"], "loss");
    // The second run reads the result and the trees instead of searching.
    let (s1, s2) = (
        first["searched"].as_u64().unwrap(),
        second["searched"].as_u64().unwrap(),
    );
    assert!(s1 > 1000 && s2 * 100 < s1, "searched {s1} then {s2}");
    let (code, out, err) = run(&["db", "--db", a, "verify"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("wrong\t0\n"), "{out}");
}

#[test]
fn a_wrong_land_tree_is_found() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.txt");
    // Tree 1 is * ({0}); the 3-spot land is * in misère play, the 2-spot
    // land is not (its moves leave games whose options are the end and *):
    // the import checks each line and refuses the file.
    std::fs::write(&file, "tree 1\t{0}\n0.0.0\ttree 1\n0.0\ttree 1\n").unwrap();
    let c = dir.path().join("c.redb");
    let c = c.to_str().unwrap();
    let (code, _, err) = run(&["db", "--db", c, "import", file.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "sprouts: line 3: 0.0 tree 1 does not hold: its children's trees make another tree; nothing was imported\n"
    );
    std::fs::write(&file, "tree 1\t{0}\n0.0.0\ttree 1\n").unwrap();
    let (code, out, err) = run(&["db", "--db", c, "import", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "imported\t2\n");
    // A corrupted tree of a land is found by verify: the 3-spot land's tree
    // said to be the end.
    {
        let table: redb::TableDefinition<&[u8], u32> = redb::TableDefinition::new("land_trees");
        let d = redb::Database::open(c).unwrap();
        let w = d.begin_write().unwrap();
        {
            let mut t = w.open_table(table).unwrap();
            let start = sprouts::model::Position::start(3, sprouts::model::Variant::Misere);
            let three = sprouts::solve::decompose(&start).unwrap();
            t.insert(three[0].as_bytes(), 0).unwrap();
        }
        w.commit().unwrap();
    }
    let (code, out, _) = run(&["db", "--db", c, "verify"]);
    assert_eq!(code, 1);
    assert!(out.starts_with("wrong\t0.0.0\ttree 0\t"), "{out}");
    assert!(out.ends_with("wrong\t1\n"), "{out}");
    // A tree must be given before a line names it.
    std::fs::write(&file, "0.0.0\ttree 2\n").unwrap();
    let (code, _, err) = run(&["db", "--db", c, "import", file.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "sprouts: line 1: tree 2 is not given before this line\n"
    );
}

#[test]
fn solve_gives_the_misere_tree_and_genus() {
    // The 3-spot start is * in misère play: genus 1^031 (Conway's genus of
    // *; the Sprouts tables' 1^0 is its first two terms).
    let v = json(&["solve", "--misere", "--tree", "--no-db", "--json", "0.0.0"]);
    assert_eq!(v["outcome"], "loss");
    assert_eq!(v["tree"], "*");
    assert_eq!(v["genus"], "1^031");
    // WGOSA's table of starts (normal/misère Grundy values): 1 spot 0/1,
    // 2 spots 0/0, 3 spots 1/0, 4 spots 1/0 "not the nimber 1 ... as 4 + 4
    // has value 0^0"; Purinton and Purvis (2007): 4 + 4 + 4 is a misère
    // loss.
    let genus = |args: &[&str]| {
        let mut a = vec!["solve", "--misere", "--tree", "--no-db", "--json"];
        a.extend_from_slice(args);
        json(&a)["genus"].as_str().unwrap().to_string()
    };
    assert_eq!(genus(&["--spots", "1"]), "0^120");
    assert_eq!(genus(&["--spots", "2"]), "0^02");
    assert_eq!(genus(&["--spots", "4"]), "1^02");
    assert_eq!(genus(&["0.0.0.0+0.0.0.0"]), "0^02");
    let v = json(&[
        "solve",
        "--misere",
        "--no-db",
        "--json",
        "0.0.0.0+0.0.0.0+0.0.0.0",
    ]);
    assert_eq!(v["outcome"], "loss");
}

#[test]
fn a_tree_past_five_spots_says_what_it_costs_first() {
    // 6 spots: the note comes before the work (the timeout ends the work).
    let out = common::sprouts(
        &[
            "solve",
            "--misere",
            "--tree",
            "--spots",
            "6",
            "--no-db",
            "--timeout",
            "1",
        ],
        b"",
    );
    assert!(
        out.stderr
            .starts_with("note: --tree visits every position this one leads to"),
        "{}",
        out.stderr
    );
    // Up to 15 lives (5 spots) nothing more is said.
    let out = common::sprouts(
        &["solve", "--misere", "--tree", "--spots", "3", "--no-db"],
        b"",
    );
    assert_eq!(out.code, 0);
    assert_eq!(out.stderr, "");
}

/// The moves of an `--each-move` JSON answer: (move, result, searched).
fn each_moves(v: &Value) -> Vec<(String, String, u64)> {
    v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["move"].as_str().unwrap().to_string(),
                m["result"].as_str().unwrap().to_string(),
                m["searched"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn each_move_refutes_every_first_move_of_a_loss_and_resumes_from_the_database() {
    // Misère 7 spots is a loss (AJS 1991). Its distinct first moves: the
    // join and the loops around 0, 1, 2 and 3 of the other six spots
    // (a loop around k leaves the lands of one around 6 - k).
    let mut expected = vec!["1(8)2", "1(8)1", "1(8)1[3]", "1(8)1[3,4]", "1(8)1[3-5]"];
    expected.sort_unstable();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("e.redb");
    let db = db.to_str().unwrap();
    let call = |extra: &[&str]| {
        let mut a = vec![
            "solve",
            "--spots",
            "7",
            "--misere",
            "--db",
            db,
            "--each-move",
        ];
        a.extend_from_slice(extra);
        run(&a)
    };

    // No time: not every move is decided, and the note says how many are not.
    let (code, out, err) = call(&["--timeout", "0", "--threads", "1", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["outcome"], "undecided");
    assert_eq!(v["distinct"], 5);
    let moves = each_moves(&v);
    let open = moves.iter().filter(|m| m.1 == "undecided").count();
    assert!(open > 0, "{out}");
    assert!(moves.iter().all(|m| m.1 != "wins"), "{out}");
    assert_eq!(
        err,
        format!(
            "sprouts: {open} of 5 distinct moves undecided within the timeout of 0 s each (what was proved is kept in the database)\n"
        )
    );

    // Then without a limit: every move loses, so the start is a loss.
    let (code, out, err) = call(&["--threads", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 8, "{out}");
    let mut listed: Vec<&str> = lines[..5]
        .iter()
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!((f.len(), f[0], f[2]), (5, "move", "loses"), "{l}");
            f[1]
        })
        .collect();
    listed.sort_unstable();
    assert_eq!(listed, expected);
    assert_eq!(lines[5], "outcome\tloss for the player to move (misere)");

    // A third run reads every move back: nothing is searched.
    let v: Value = {
        let (code, out, err) = call(&["--threads", "1", "--json"]);
        assert_eq!(code, 0, "{err}");
        serde_json::from_str(&out).unwrap()
    };
    assert_eq!(v["outcome"], "loss");
    assert_eq!(v["searched"], 0);
    let moves = each_moves(&v);
    assert_eq!(moves.len(), 5);
    assert!(moves.iter().all(|m| m.1 == "loses" && m.2 == 0), "{v}");
}

#[test]
fn each_move_stops_at_a_winning_move_that_the_solve_of_the_game_confirms() {
    // Misère 5 spots is a first-player win (AJS 1991).
    let v = json(&[
        "solve",
        "--spots",
        "5",
        "--misere",
        "--no-db",
        "--each-move",
        "--json",
    ]);
    assert_eq!(v["outcome"], "win");
    let moves = each_moves(&v);
    let (last, rest) = moves.split_last().unwrap();
    assert_eq!(last.1, "wins");
    assert!(rest.iter().all(|m| m.1 == "loses"), "{v}");
    // The winning move leaves the opponent lost.
    let after = json(&["solve", "--no-db", "--json", &format!("5- {}", last.0)]);
    assert_eq!(after["outcome"], "loss", "{}", last.0);
    // The end of a game has no move: a loss in normal play, a win in misère.
    for (game, outcome) in [("1+ 1(2)1 1(3)2", "loss"), ("1- 1(2)1 1(3)2", "win")] {
        let v = json(&["solve", "--no-db", "--each-move", "--json", game]);
        assert_eq!(
            (v["outcome"].as_str(), v["distinct"].as_u64()),
            (Some(outcome), Some(0)),
            "{game}"
        );
    }
}

#[test]
fn the_join_of_misere_9_is_answered_by_a_loop_around_spot_2_and_the_last_spot() {
    // Misère 9 is a loss (AJS 1991), so each first move has a winning
    // reply. After the join `1(10)2`, the loop from spot 1 around spot 2
    // and spot 9 (the chain of the join inside, spots 3 to 8 outside) is
    // one: the same reply answers the join at 15 spots, and is the one
    // tried first at 21 (docs/benchmarks.md#misere-21-moves). In the
    // order of `sprouts moves` the first winning reply is another loop.
    let after = json(&["solve", "--no-db", "--json", "9- 1(10)2 1(11)1[2,9]"]);
    assert_eq!(after["outcome"], "loss");
    let v = json(&["solve", "--no-db", "--each-move", "--json", "9- 1(10)2"]);
    assert_eq!(v["outcome"], "win");
    let moves = each_moves(&v);
    let (last, rest) = moves.split_last().unwrap();
    assert_eq!((last.0.as_str(), last.1.as_str()), ("1(11)1[3]", "wins"));
    assert!(rest.iter().all(|m| m.1 == "loses"), "{v}");
}

#[test]
fn each_move_with_a_helper_on_other_moves_gives_the_published_outcomes() {
    // Misère 9 spots is a loss and 10 a win (Lemoine & Viennot; OEIS
    // A164950). With two threads the helper searches the moves after the
    // one the search is on.
    let v = json(&[
        "solve",
        "--spots",
        "9",
        "--misere",
        "--no-db",
        "--each-move",
        "--threads",
        "2",
        "--json",
    ]);
    assert_eq!(v["outcome"], "loss");
    assert_eq!(v["distinct"], 6);
    let moves = each_moves(&v);
    assert_eq!(moves.len(), 6);
    assert!(moves.iter().all(|m| m.1 == "loses"), "{v}");
    misere_10_each_move_wins(&[]);
}

/// Misère 10 spots, a win (Lemoine & Viennot), move by move on two
/// threads (with `extra` options): the outcome, each move listed once,
/// and the last move a win that leaves the opponent lost.
fn misere_10_each_move_wins(extra: &[&str]) {
    let mut args = vec![
        "solve",
        "--spots",
        "10",
        "--misere",
        "--no-db",
        "--each-move",
        "--threads",
        "2",
        "--json",
    ];
    args.extend_from_slice(extra);
    let v = json(&args);
    assert_eq!(v["outcome"], "win");
    let moves = each_moves(&v);
    let distinct: std::collections::BTreeSet<_> = moves.iter().map(|m| &m.0).collect();
    assert_eq!(moves.len(), distinct.len(), "{v}");
    let last = moves.last().unwrap();
    assert_eq!(last.1, "wins");
    let after = json(&["solve", "--no-db", "--json", &format!("10- {}", last.0)]);
    assert_eq!(after["outcome"], "loss", "{}", last.0);
}

#[test]
fn each_move_in_rounds_of_doubling_slices_gives_the_published_outcomes() {
    // Misère 9 spots is a loss and 10 a win (Lemoine & Viennot; OEIS
    // A164950), found again with every open move given a millisecond,
    // then two, and so on.
    let (code, out, err) = run(&[
        "solve",
        "--spots",
        "9",
        "--misere",
        "--no-db",
        "--each-move",
        "--slice",
        "0.001",
        "--threads",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<Vec<&str>> = out.lines().map(|l| l.split('\t').collect()).collect();
    let moves: Vec<&Vec<&str>> = lines.iter().filter(|f| f[0] == "move").collect();
    // A line per move and slice: each of the 6 moves ends `loses` once,
    // after which it is not tried again.
    let mut ended = std::collections::BTreeSet::new();
    for f in &moves {
        assert!(!ended.contains(f[1]), "{out}");
        match f[2] {
            "loses" => {
                ended.insert(f[1]);
            }
            "undecided" => {}
            other => panic!("{other}: {out}"),
        }
    }
    assert_eq!(ended.len(), 6, "{out}");
    assert!(
        moves.len() > 6,
        "with slices of a millisecond some move needs more than one: {out}"
    );
    assert!(
        out.contains("outcome\tloss for the player to move (misere)"),
        "{out}"
    );

    misere_10_each_move_wins(&["--slice", "0.001"]);

    // A slice is a positive time, and only for --each-move.
    for (args, says) in [
        (
            &[
                "solve",
                "--spots",
                "5",
                "--misere",
                "--no-db",
                "--each-move",
                "--slice",
                "0",
            ][..],
            "--slice must be a positive number of seconds, found 0",
        ),
        (
            &[
                "solve", "--spots", "5", "--misere", "--no-db", "--slice", "1",
            ][..],
            "--each-move",
        ),
    ] {
        let (code, _, err) = run(args);
        assert_ne!(code, 0);
        assert!(err.contains(says), "{err}");
    }
}
