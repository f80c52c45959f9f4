//! The analysis (outcome, nimber, winning moves) checked against published
//! values and against a second, simple implementation: the test kit's
//! plain game-tree search over `Position::legal_moves`, remembered by
//! `Position::reduced` (`sprouts_testkit::minimax`).

use std::time::{Duration, Instant};

use sprouts::model::{Position, Variant};
use sprouts::notation::Notation;
use sprouts::solve::Solver;
use sprouts_testkit::minimax::Minimax;
use sprouts_web::analysis::{Analysis, MoveText, Outcome, analyze};

/// Long enough that the small positions here are always decided.
fn plenty() -> Instant {
    Instant::now() + Duration::from_secs(600)
}

/// The winning moves by the simple search, in Hoey notation.
fn brute_winning(pos: &Position, minimax: &mut Minimax) -> Vec<String> {
    minimax
        .winning_moves(pos)
        .iter()
        .map(|m| Notation::Hoey.write(pos, m).unwrap())
        .collect()
}

fn hoey(a: &Analysis) -> Vec<&str> {
    a.winning.iter().map(|m| m.hoey.as_str()).collect()
}

#[test]
fn small_starts_have_the_published_values() {
    // AJS 1991 (AJS 1991): normal play, the first player loses 1 and
    // 2 spots and wins 3 and 4; misère, wins 1 and loses 2 and 3. Nimbers
    // in normal play: 0, 0, 1, 1.
    let cases = [
        (1, Variant::Normal, Outcome::Loss, 0),
        (2, Variant::Normal, Outcome::Loss, 0),
        (3, Variant::Normal, Outcome::Win, 1),
        (4, Variant::Normal, Outcome::Win, 1),
        (1, Variant::Misere, Outcome::Win, 0),
        (2, Variant::Misere, Outcome::Loss, 0),
        (3, Variant::Misere, Outcome::Loss, 1),
    ];
    for (n, variant, outcome, nimber) in cases {
        let a = analyze(&Position::start(n, variant), plenty());
        assert_eq!(a.outcome, Some(outcome), "{n} {variant:?}");
        assert_eq!(a.nimber, Some(nimber), "{n} {variant:?}");
        assert!(a.decided, "{n} {variant:?}");
        assert_eq!(a.note, None);
        assert!(a.searched > 0);
        assert_eq!(a.winning.is_empty(), outcome == Outcome::Loss);
    }
}

#[test]
fn the_winning_moves_of_three_spots() {
    let start = Position::start(3, Variant::Normal);
    let a = analyze(&start, plenty());
    // Every way to join two different spots wins, and so does a loop that
    // separates the other two spots; a loop with both on one side loses.
    assert_eq!(
        hoey(&a),
        ["1-4-2", "1-4-3", "1-4-1>2", "2-4-3", "2-4-2>1", "3-4-3>1"]
    );
    assert_eq!(
        a.winning[2],
        MoveText {
            hoey: "1-4-1>2".into(),
            wgosa: "1(4)1[2]".into(),
            lhp: "1<4>1[2]".into(),
        }
    );
    // Each listed move, read back from each notation and played, leaves
    // the opponent a lost position (asked of a fresh solver).
    let mut solver = Solver::new();
    for m in &a.winning {
        for (notation, text) in [
            (Notation::Hoey, &m.hoey),
            (Notation::Wgosa, &m.wgosa),
            (Notation::Lhp, &m.lhp),
        ] {
            let mv = notation.resolve(text, &start).unwrap();
            let after = start.play(&mv).unwrap();
            assert!(!solver.win(&after).unwrap(), "{text}");
        }
    }
    // The moves not listed win for the opponent.
    let listed: Vec<&str> = hoey(&a);
    let mut others = 0;
    for mv in start.legal_moves() {
        let text = Notation::Hoey.write(&start, &mv).unwrap();
        if !listed.contains(&text.as_str()) {
            others += 1;
            assert!(solver.win(&start.play(&mv).unwrap()).unwrap(), "{text}");
        }
    }
    assert!(others > 0);
}

#[test]
fn agrees_with_a_plain_search_two_moves_deep() {
    // Every position up to two moves into the 2- and 3-spot games, both
    // variants: the outcome and the complete list of winning moves.
    let mut checked = 0;
    for variant in [Variant::Normal, Variant::Misere] {
        let mut minimax = Minimax::new();
        for n in [2, 3] {
            let start = Position::start(n, variant);
            let mut layer = vec![start.clone()];
            let mut all = vec![start];
            for _ in 0..2 {
                layer = layer
                    .iter()
                    .flat_map(|p| {
                        p.legal_moves()
                            .map(|m| p.play(&m).unwrap())
                            .collect::<Vec<_>>()
                    })
                    .collect();
                all.extend(layer.iter().cloned());
            }
            for pos in &all {
                let a = analyze(pos, plenty());
                let win = minimax.wins(pos);
                let expected = if win { Outcome::Win } else { Outcome::Loss };
                assert_eq!(a.outcome, Some(expected), "{}", pos.to_hoey_full());
                assert!(a.decided);
                assert_eq!(
                    hoey(&a),
                    brute_winning(pos, &mut minimax),
                    "{}",
                    pos.to_hoey_full()
                );
                if variant == Variant::Normal {
                    assert_eq!(a.nimber == Some(0), !win, "{}", pos.to_hoey_full());
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn agrees_with_a_plain_search_along_random_games() {
    // Positions of 4- and 5-spot games after 5 to 10 random moves (a fixed
    // linear congruential sequence picks them), both variants.
    let mut seed: u64 = 0x5eed;
    let mut next = |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 33) % n as u64) as usize
    };
    let mut checked = 0;
    for variant in [Variant::Normal, Variant::Misere] {
        let mut minimax = Minimax::new();
        for game in 0..12 {
            let mut pos = Position::start(4 + game % 2, variant);
            for ply in 0..10 {
                let moves: Vec<_> = pos.legal_moves().collect();
                if moves.is_empty() {
                    break;
                }
                pos = pos.play(&moves[next(moves.len())]).unwrap();
                if ply < 4 {
                    continue;
                }
                let a = analyze(&pos, plenty());
                let win = minimax.wins(&pos);
                let expected = if win { Outcome::Win } else { Outcome::Loss };
                assert_eq!(a.outcome, Some(expected), "{}", pos.to_hoey_full());
                assert!(a.decided);
                assert_eq!(
                    hoey(&a),
                    brute_winning(&pos, &mut minimax),
                    "{}",
                    pos.to_hoey_full()
                );
                if variant == Variant::Normal {
                    assert_eq!(a.nimber == Some(0), !win);
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 60, "{checked}");
}

#[test]
fn a_game_over_position() {
    // 1 spot after its two moves: no move left.
    let games =
        sprouts::notation::transcript::Transcript::read_all("1+ 1-2-1; 1-3-2", None).unwrap();
    let over = games[0].replay().unwrap().position().clone();
    assert!(over.is_over());
    let a = analyze(&over, plenty());
    assert_eq!(
        (a.outcome, a.nimber, a.decided),
        (Some(Outcome::Loss), Some(0), true)
    );
    let a = analyze(&over.with_variant(Variant::Misere), plenty());
    assert_eq!(
        (a.outcome, a.nimber, a.decided),
        (Some(Outcome::Win), Some(0), true)
    );
    assert!(a.winning.is_empty());
}

#[test]
fn out_of_time_claims_nothing() {
    let a = analyze(&Position::start(12, Variant::Normal), Instant::now());
    assert_eq!(a.outcome, None);
    assert_eq!(a.nimber, None);
    assert!(!a.decided);
    assert!(a.winning.is_empty());
    assert_eq!(
        a.note.as_deref(),
        Some("the search was stopped before it had an answer")
    );
    assert_eq!(
        serde_json::to_value(&a).unwrap(),
        serde_json::json!({
            "outcome": null, "nimber": null, "winning": [], "decided": false,
            "searched": a.searched, "note": "the search was stopped before it had an answer"
        })
    );
}
