//! `sprouts draw`: the built binary, its SVG output and its errors.

use crate::common;

use common::sprouts;

fn svg(args: &[&str], stdin: &str) -> String {
    common::ok(args, stdin)
}

/// Exit status 1, nothing on stdout, one line on stderr: returns it.
fn fails(args: &[&str], stdin: &str) -> String {
    common::fails(args, stdin.as_bytes())
}

const GAME: &str = "5+ 1-6-2; 3-7-4; 1-8-2>; 3-9-4>1";
const PUBLISHED: &str = include_str!("../../../sprouts/tests/data/wgosa-games.txt");

/// The spots drawn, as `(number, live)`, in order.
fn spots(svg: &str) -> Vec<(u32, bool)> {
    svg.lines()
        .filter_map(|l| {
            let n = l
                .split("data-spot=\"")
                .nth(1)?
                .split('"')
                .next()?
                .parse()
                .ok()?;
            let live = l.split("data-live=\"").nth(1)?.starts_with("true");
            Some((n, live))
        })
        .collect()
}

/// The lines drawn red (the highlighted move), as `(from, to)`.
fn red_lines(svg: &str) -> Vec<(u32, u32)> {
    svg.lines()
        .filter(|l| l.starts_with("<path") && l.contains("#d62728"))
        .map(|l| {
            let get = |key: &str| -> u32 {
                l.split(key)
                    .nth(1)
                    .unwrap()
                    .split('"')
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap()
            };
            (get("data-from=\""), get("data-to=\""))
        })
        .collect()
}

#[test]
fn same_input_same_bytes() {
    let a = svg(&["draw", GAME], "");
    let b = svg(&["draw", GAME], "");
    assert_eq!(a, b);
    assert!(a.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(a.ends_with("</svg>\n"));
    // The same game read from standard input and from a file.
    assert_eq!(svg(&["draw"], GAME), a);
    let dir = std::env::temp_dir().join(format!("sprouts-draw-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("g.txt");
    std::fs::write(&file, GAME).unwrap();
    let out = dir.join("g.svg");
    let quiet = sprouts(
        &[
            "draw",
            "--file",
            file.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!((quiet.code, quiet.stdout.len()), (0, 0));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), a);
    // A published game, twice.
    let p1 = svg(&["draw", "--game", "5"], PUBLISHED);
    let p2 = svg(&["draw", "--game", "5"], PUBLISHED);
    assert_eq!(p1, p2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_last_move_is_red() {
    let s = svg(&["draw", GAME], "");
    assert_eq!(spots(&s).len(), 9);
    let mut red = red_lines(&s);
    red.sort_unstable();
    // 3-9-4: the lines 3-9 and 9-4 (each stored in one direction).
    let ends: Vec<(u32, u32)> = red.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    assert_eq!(ends, vec![(3, 9), (4, 9)]);
    assert!(s.contains("after move 4: 3-9-4&gt;1"));
}

#[test]
fn move_k_draws_the_position_after_move_k() {
    let s = svg(&["draw", "--move", "2", GAME], "");
    assert_eq!(
        spots(&s),
        vec![
            (1, true),
            (2, true),
            (3, true),
            (4, true),
            (5, true),
            (6, true),
            (7, true)
        ]
    );
    let mut ends: Vec<(u32, u32)> = red_lines(&s)
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    ends.sort_unstable();
    assert_eq!(ends, vec![(3, 7), (4, 7)]);
    let start = svg(&["draw", "--move", "0", GAME], "");
    assert_eq!(spots(&start).len(), 5);
    assert!(red_lines(&start).is_empty());
    assert!(start.contains("5+ start"));
}

#[test]
fn dead_spots_are_marked() {
    // After 1-4-1 and 1-5-4 (N = 3), spots 1 and 4 have three lines.
    let s = svg(&["draw", "3+ 1-4-1>2; 1-5-4>2"], "");
    let dead: Vec<u32> = spots(&s).iter().filter(|s| !s.1).map(|s| s.0).collect();
    assert_eq!(dead, vec![1, 4]);
    assert!(s.contains("fill=\"white\" stroke=\"#8a8f99\" stroke-width=\"2\" data-spot=\"1\""));
}

#[test]
fn a_full_position_draws() {
    let s = svg(&["draw", "1,8,2,6/3,9,4,7;2,8,1,6/4,9,3,7;5"], "");
    assert_eq!(spots(&s).len(), 9);
    assert!(red_lines(&s).is_empty());
}

#[test]
fn bad_input_is_one_line_and_status_1() {
    assert_eq!(
        fails(&["draw", "1,8,4,9t,8,5;2"], ""),
        "sprouts: cannot draw an abbreviated position (dead spots or regions left out): give the full position or the game"
    );
    assert_eq!(
        fails(&["draw", "--move", "5", GAME], ""),
        "sprouts: --move 5: the game has 4 moves"
    );
    assert_eq!(
        fails(&["draw", "--move", "1", "1,6,2,6;3,7,4,7;5"], ""),
        "sprouts: --game and --move need a game, not a position"
    );
    assert_eq!(
        fails(&["draw"], PUBLISHED),
        "sprouts: the input holds 5 games: choose one with --game K"
    );
    assert_eq!(
        fails(&["draw", "--game", "9"], PUBLISHED),
        "sprouts: --game 9: the input holds 5 games"
    );
    assert_eq!(
        fails(&["draw", "5+ 1-6-2; 1-7-2"], ""),
        "sprouts: move 2 (1-7-2): illegal: the move splits region 1 and must say which boundaries go where (<, > or =)"
    );
    let e = fails(&["draw", "1,6,,2"], "");
    assert!(e.starts_with("sprouts: position text"), "{e}");
    let e = fails(&["draw", "-o", "/nonexistent-dir/x.svg", GAME], "");
    assert!(
        e.starts_with("sprouts: cannot write /nonexistent-dir/x.svg"),
        "{e}"
    );
}
