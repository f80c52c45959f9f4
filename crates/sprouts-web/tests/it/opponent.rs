//! The computer opponent: legal, deterministic, and winning where a plain
//! brute-force search says a win exists.

use std::time::{Duration, Instant};

use sprouts::model::{Move, Position, Variant};
use sprouts_web::Opponent;
use sprouts_web::opponent::{Computer, Judge};

use sprouts_testkit::minimax::Minimax;
use sprouts_testkit::random::Rng;

/// A random position: a start of 1 to 8 spots, then random legal moves.
fn random_position(rng: &mut Rng) -> Position {
    let variant = if rng.below(2) == 0 {
        Variant::Normal
    } else {
        Variant::Misere
    };
    let mut pos = Position::start(1 + rng.below(8) as u32, variant);
    let plies = rng.below(20);
    for _ in 0..plies {
        let moves: Vec<Move> = pos.legal_moves().take(200).collect();
        if moves.is_empty() {
            break;
        }
        pos = pos.play(&moves[rng.below(moves.len())]).unwrap();
    }
    pos
}

fn quick() -> Computer {
    Computer {
        nodes: 2_000,
        time: Duration::from_secs(30),
        judge: None,
    }
}

#[test]
fn always_a_legal_move_on_random_positions() {
    always_legal(&quick(), true);
}

#[test]
fn always_a_legal_move_with_the_solver() {
    // With a time limit, whether the solver decides a position in time
    // depends on the machine's load, so the move need not be the same twice.
    always_legal(
        &Computer {
            time: Duration::from_millis(300),
            ..Computer::default()
        },
        false,
    );
}

fn always_legal(computer: &Computer, deterministic: bool) {
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let (mut moved, mut over) = (0, 0);
    for _ in 0..60 {
        let pos = random_position(&mut rng);
        match computer.choose(&pos) {
            Some(m) => {
                moved += 1;
                pos.check_move(&m).unwrap();
                assert!(
                    pos.legal_moves().any(|l| pos.same_move(&l, &m)),
                    "{}: not among the legal moves",
                    pos.to_hoey_full()
                );
                if deterministic {
                    // The same position gets the same move.
                    let again = computer.choose(&pos).unwrap();
                    assert!(pos.same_move(&m, &again), "{}", pos.to_hoey_full());
                }
            }
            None => {
                over += 1;
                assert!(pos.is_over(), "{}: no move chosen", pos.to_hoey_full());
            }
        }
    }
    assert!(moved > 30, "only {moved} positions with a move");
    assert_eq!(moved + over, 60);
}

#[test]
fn the_search_alone_wins_small_won_positions() {
    wins_when_it_can(&Computer {
        time: Duration::from_secs(60),
        judge: None,
        ..Computer::default()
    });
}

#[test]
fn the_solver_wins_small_won_positions() {
    // A small node budget: the moves come from the solver.
    wins_when_it_can(&Computer {
        time: Duration::from_secs(60),
        nodes: 10,
        ..Computer::default()
    });
}

fn wins_when_it_can(computer: &Computer) {
    // Whether the mover wins, by plain minimax (small positions).
    let mut minimax = Minimax::new();
    let mut brute_mover_wins = |p: &Position| minimax.wins(p);
    // Published (AJS 1991): normal play, 2 spots L, 3 W; misere, 1 W, 2 L.
    assert!(brute_mover_wins(&Position::start(3, Variant::Normal)));
    assert!(!brute_mover_wins(&Position::start(2, Variant::Normal)));
    assert!(brute_mover_wins(&Position::start(1, Variant::Misere)));
    assert!(!brute_mover_wins(&Position::start(2, Variant::Misere)));
    let mut checked = 0;
    let mut rng = Rng::new(12345);
    let mut positions = vec![
        Position::start(3, Variant::Normal),
        Position::start(1, Variant::Misere),
    ];
    for _ in 0..40 {
        let mut pos = Position::start(2 + rng.below(2) as u32, Variant::Normal);
        if rng.below(2) == 1 {
            pos = pos.with_variant(Variant::Misere);
        }
        for _ in 0..rng.below(4) {
            let moves: Vec<Move> = pos.legal_moves().collect();
            if moves.is_empty() {
                break;
            }
            pos = pos.play(&moves[rng.below(moves.len())]).unwrap();
        }
        positions.push(pos);
    }
    for pos in positions {
        if pos.is_over() || !brute_mover_wins(&pos) {
            continue;
        }
        let m = computer.choose(&pos).unwrap();
        let after = pos.play(&m).unwrap();
        assert!(
            !brute_mover_wins(&after),
            "{}: chose a losing move",
            pos.to_hoey_full()
        );
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} won positions checked");
}

/// A judge that says the mover wins exactly in positions of one region.
struct OneRegion;

impl Judge for OneRegion {
    fn winning_move(&self, pos: &Position, moves: &[Move], _: Instant) -> Option<usize> {
        moves
            .iter()
            .position(|m| pos.play(m).unwrap().regions().len() != 1)
    }
}

#[test]
fn a_judge_is_asked_first() {
    let pos = Position::start(3, Variant::Normal);
    let computer = Computer {
        judge: Some(std::sync::Arc::new(OneRegion)),
        ..quick()
    };
    let m = computer.choose(&pos).unwrap();
    let after = pos.play(&m).unwrap();
    // The first move the judge calls lost for the opponent: a loop
    // (the join 1-2 comes first and leaves one region).
    let expected = pos
        .legal_moves()
        .find(|l| pos.play(l).unwrap().regions().len() > 1)
        .unwrap();
    assert!(pos.same_move(&m, &expected));
    assert_eq!(after.regions().len(), 2);
    assert_eq!(
        pos.legal_moves()
            .next()
            .map(|l| pos.play(&l).unwrap().regions().len()),
        Some(1)
    );
}

#[test]
fn no_move_when_the_game_is_over() {
    let mut pos = Position::start(1, Variant::Normal);
    while let Some(m) = pos.legal_moves().next() {
        pos = pos.play(&m).unwrap();
    }
    assert!(Computer::default().choose(&pos).is_none());
}
