//! The analysis (outcome, nimber, winning moves) checked against published
//! values and against a second, simple implementation: the test kit's
//! plain game-tree search over `Position::legal_moves`, remembered by
//! `Position::reduced` (`sprouts_testkit::minimax`).

use std::time::{Duration, Instant};

use sprouts::model::{Position, Variant};
use sprouts::notation::Notation;
use sprouts::solve::{Land, Solver, decompose};
use sprouts_testkit::minimax::Minimax;
use sprouts_web::analysis::{Analysis, MoveText, Outcome, analyze};

/// Long enough that the small positions here are always decided.
fn plenty() -> Instant {
    Instant::now() + Duration::from_secs(600)
}

/// The winning moves by the simple search: each one's Hoey text and the
/// lands it leaves (which decide its group, as `sprouts solve` groups).
fn brute_winning(pos: &Position, minimax: &mut Minimax) -> Vec<(String, Vec<Land>)> {
    minimax
        .winning_moves(pos)
        .iter()
        .map(|m| {
            (
                Notation::Hoey.write(pos, m).unwrap(),
                decompose(&pos.play(m).unwrap()).unwrap(),
            )
        })
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
    // Every way to join two different spots wins (three moves, one up to
    // symmetry), and so does a loop that separates the other two spots
    // (three more, one up to symmetry); a loop with both on one side loses.
    assert_eq!(hoey(&a), ["1-4-2", "1-4-1>2"]);
    assert_eq!(
        a.winning[1],
        MoveText {
            hoey: "1-4-1>2".into(),
            wgosa: "1(4)1[2]".into(),
            lhp: "1<4>1[2]".into(),
            same: 2,
        }
    );
    assert_eq!(a.winning[0].same, 2);
    let all = brute_winning(&start, &mut Minimax::new());
    assert_grouped(&start, &a, &all);
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
    // The moves in no listed group win for the opponent.
    let all = brute_winning(&start, &mut Minimax::new());
    let listed: Vec<&Vec<Land>> = all.iter().map(|(_, lands)| lands).collect();
    let mut others = 0;
    for mv in start.legal_moves() {
        let after = start.play(&mv).unwrap();
        if !listed.contains(&&decompose(&after).unwrap()) {
            others += 1;
            assert!(solver.win(&after).unwrap());
        }
    }
    assert_eq!(others, 3);
}

/// The analysis lists the winning moves `all` (every one, by the simple
/// search) grouped as `sprouts solve` groups them: one listed move per
/// group of moves leaving the same lands, `same` counting the others.
fn assert_grouped(pos: &Position, a: &Analysis, all: &[(String, Vec<Land>)]) {
    let name = pos.to_hoey_full();
    let lands = |text: &str| {
        all.iter()
            .find(|(t, _)| t == text)
            .map(|(_, l)| l)
            .unwrap_or_else(|| panic!("{name}: {text} is no winning move"))
    };
    let groups: Vec<&Vec<Land>> = a.winning.iter().map(|m| lands(&m.hoey)).collect();
    for (i, m) in a.winning.iter().enumerate() {
        assert!(
            !groups[..i].contains(&groups[i]),
            "{name}: {} twice",
            m.hoey
        );
        let members = all.iter().filter(|(_, l)| l == groups[i]).count();
        assert_eq!(members, m.same + 1, "{name}: {}", m.hoey);
    }
    assert_eq!(
        a.winning.iter().map(|m| m.same + 1).sum::<usize>(),
        all.len(),
        "{name}"
    );
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
                assert_grouped(pos, &a, &brute_winning(pos, &mut minimax));
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
                assert_grouped(&pos, &a, &brute_winning(&pos, &mut minimax));
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
