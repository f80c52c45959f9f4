//! Property tests on random games from 1 to 12 spots: notation round trips,
//! move counts, game length and Purvis's figures, and the library's moves
//! against the oracle's (`sprouts_testkit::oracle`).
//!
//! A random game picks each move by index among the distinct legal moves
//! (`legal_moves().nth(seed % count)`), so every distinct move is equally
//! likely at each step.

use std::collections::BTreeSet;

use proptest::prelude::*;
use sprouts::model::{Move, Position, Variant};
use sprouts::notation::hoey::{HoeyMove, parse_position};
use sprouts::notation::transcript::Transcript;
use sprouts_testkit::oracle;
use sprouts_testkit::random::seeded_game;
use sprouts_testkit::strategies::config;

/// Number of legal moves as a u64 (small for games of at most 12 spots).
fn count(p: &Position) -> u64 {
    p.count_moves().to_string().parse().expect("fits in u64")
}

/// A random game: `positions[i]` is the position before `moves[i]`; the game
/// goes on until it is over or the seeds run out.
struct RandomGame {
    n: u32,
    positions: Vec<Position>,
    moves: Vec<Move>,
}

fn random_game(n: u32, seeds: &[u64]) -> RandomGame {
    let (positions, moves) = seeded_game(n, seeds);
    RandomGame {
        n,
        positions,
        moves,
    }
}

/// Some legal moves of `p`: all of them when there are at most `cap`,
/// otherwise the first `cap / 2` and `cap / 2` picked by the seeds.
fn some_moves(p: &Position, cap: usize, seeds: &[u64]) -> Vec<Move> {
    let c = count(p);
    if c <= cap as u64 {
        return p.legal_moves().collect();
    }
    let mut out: Vec<Move> = p.legal_moves().take(cap / 2).collect();
    for &s in seeds.iter().take(cap / 2) {
        out.push(p.legal_moves().nth((s % c) as usize).unwrap());
    }
    out
}

proptest! {
    #![proptest_config(config(48))]

    /// Every legal move's canonical Hoey text reads back to that move, and
    /// writing the move read back gives the same text byte for byte.
    #[test]
    fn canonical_move_text_reads_back(n in 1u32..=12, seeds in prop::collection::vec(any::<u64>(), 36)) {
        let g = random_game(n, &seeds);
        for (i, p) in g.positions.iter().enumerate() {
            for m in some_moves(p, 24, &seeds[i % 12..]) {
                let h = HoeyMove::from_move(p, &m).expect("legal move writes");
                let text = h.to_string();
                let ctx = || format!("position {} move {text}", p.to_hoey_full());
                let parsed: HoeyMove = text.parse().map_err(|e| TestCaseError::fail(format!("{}: {e}", ctx())))?;
                prop_assert_eq!(&parsed, &h, "{}", ctx());
                prop_assert_eq!(parsed.to_string(), text.clone());
                let back = parsed
                    .to_move(p)
                    .map_err(|e| TestCaseError::fail(format!("{}: {e}", ctx())))?;
                prop_assert!(p.same_move(&m, &back), "{}: read back as another move", ctx());
                let again = HoeyMove::from_move(p, &back).unwrap().to_string();
                prop_assert_eq!(again, text.clone(), "{}", ctx());
            }
        }
    }

    /// `same_effect` (which reads only the regions the two moves are drawn
    /// in) agrees with comparing the whole positions the moves leave, on
    /// pairs of moves that include every other drawing of the same move.
    #[test]
    fn same_outcome_is_same_result(n in 1u32..=12, seeds in prop::collection::vec(any::<u64>(), 36)) {
        let g = random_game(n, &seeds);
        for (i, p) in g.positions.iter().enumerate() {
            let mut moves = Vec::new();
            // All moves when there are few: moves with the same ends in
            // different regions then meet.
            for m in some_moves(p, 60, &seeds[i % 12..]) {
                moves.extend(p.equivalent_moves(&m));
                moves.push(p.reverse_move(&m));
            }
            let after: Vec<_> = moves.iter().map(|m| p.play(m).unwrap().reduced()).collect();
            let outcomes: Vec<_> = moves.iter().map(|m| p.effect(m).unwrap()).collect();
            for x in 0..moves.len() {
                let played = p.play(&moves[x]).unwrap();
                prop_assert_eq!(p.degree_after(&outcomes[x], p.next_spot()), 2);
                for s in 1..p.next_spot() {
                    prop_assert_eq!(p.degree_after(&outcomes[x], s), played.degree(s));
                }
                for y in 0..moves.len() {
                    prop_assert_eq!(
                        p.same_effect(&outcomes[x], &outcomes[y]),
                        after[x] == after[y],
                        "{:?} and {:?} in {}", moves[x], moves[y], p.to_hoey_full()
                    );
                }
            }
        }
    }

    /// The spot index (built once per position) lists exactly the sites a
    /// scan of the position finds, also after moves are played in place.
    #[test]
    fn spot_index_matches_a_scan(n in 1u32..=12, seeds in prop::collection::vec(any::<u64>(), 36)) {
        let g = random_game(n, &seeds);
        let mut played = Position::start(n, Variant::Normal);
        for (i, p) in g.positions.iter().enumerate() {
            for q in [p, &played] {
                for x in 0..=q.next_spot() {
                    let mut want = Vec::new();
                    for (r, region) in q.regions().iter().enumerate() {
                        for (bi, b) in region.boundaries().iter().enumerate() {
                            for (k, &s) in b.sites().iter().enumerate() {
                                if s == x {
                                    want.push((r, sprouts::model::SiteRef::new(bi, k)));
                                }
                            }
                        }
                    }
                    prop_assert_eq!(q.sites_of_spot(x), want);
                }
            }
            if let Some(m) = g.moves.get(i) {
                played.play_in_place(m).unwrap();
            }
        }
    }

    /// Position texts: the full text reads back equal (up to 7a-7c); the
    /// abbreviated text, read and written again, is byte-identical and keeps
    /// every move.
    #[test]
    fn position_texts_read_back(n in 1u32..=12, seeds in prop::collection::vec(any::<u64>(), 36)) {
        let g = random_game(n, &seeds);
        for p in &g.positions {
            let full = p.to_hoey_full();
            let q = parse_position(&full).map_err(|e| TestCaseError::fail(format!("{full}: {e}")))?;
            prop_assert_eq!(&q, p, "{}", full);
            prop_assert_eq!(q.to_hoey_full(), full.clone());
            prop_assert!(q.is_complete());
            prop_assert_eq!(q.start_spots(), Some(g.n));
            prop_assert_eq!(q.reduced(), p.reduced());

            let abbr = p.to_hoey();
            // Every region of a finished game has fewer than two lives.
            prop_assert_eq!(abbr.is_empty(), p.is_over(), "{}", full);
            let a = parse_position(&abbr).map_err(|e| TestCaseError::fail(format!("{abbr} (from {full}): {e}")))?;
            prop_assert_eq!(a.to_hoey(), abbr.clone(), "from {}", full);
            prop_assert_eq!(a.count_moves(), p.count_moves(), "abbreviated {} of {}", abbr, full);
            // Every spot the abbreviation lists keeps its degree.
            for s in 1..a.next_spot() {
                if a.is_live(s) {
                    prop_assert_eq!(a.degree(s), p.degree(s), "spot {} in {} of {}", s, abbr, full);
                }
            }
        }
    }

    /// The iterator yields count_moves() moves, no two with the same result.
    #[test]
    fn iterator_length_is_count(n in 1u32..=12, seeds in prop::collection::vec(any::<u64>(), 36)) {
        let g = random_game(n, &seeds);
        for p in &g.positions {
            let c = count(p);
            if c > 3000 {
                continue;
            }
            let results: BTreeSet<_> = p.legal_moves().map(|m| p.play(&m).unwrap().reduced()).collect();
            prop_assert_eq!(results.len() as u64, c, "{}", p.to_hoey_full());
            prop_assert_eq!(p.legal_moves().count() as u64, c);
            prop_assert_eq!(p.is_over(), c == 0);
        }
    }

    /// A finished game lasts between 2N and 3N - 1 moves; after k moves
    /// there are 3N - k lives; Purvis's parity argument names the winner.
    #[test]
    fn game_length_and_purvis(n in 1u32..=12, seeds in prop::collection::vec(any::<u64>(), 36)) {
        let g = random_game(n, &seeds);
        let k = g.moves.len() as u32;
        let end = g.positions.last().unwrap();
        prop_assert!(end.is_over(), "36 moves always finish a game of at most 12 spots");
        prop_assert!(2 * n <= k && k < 3 * n, "{} moves from {} spots", k, n);
        let survivors = end.live_spots().count() as u32;
        prop_assert!(survivors >= 1 && survivors <= n);
        for (i, p) in g.positions.iter().enumerate() {
            let f = p.purvis();
            let i = i as u32;
            prop_assert_eq!(f.lives, 3 * n - i);
            prop_assert_eq!(p.lives(), 3 * n - i);
            prop_assert_eq!(f.moves_made, Some(i));
            prop_assert!(f.moves_left_min <= k - i && k - i <= f.moves_left_max,
                "{} moves left, bounds {}..={}", k - i, f.moves_left_min, f.moves_left_max);
            // Normal play: the mover wins iff an odd number of moves is left.
            prop_assert_eq!(f.mover_wins_with_survivors(survivors), (k - i) % 2 == 1);
        }
    }

    /// A random game written canonically replays to the same position and
    /// is written back byte for byte.
    #[test]
    fn canonical_game_replays(n in 1u32..=12, seeds in prop::collection::vec(any::<u64>(), 36)) {
        let g = random_game(n, &seeds);
        let texts: Vec<String> = g.positions.iter().zip(&g.moves)
            .map(|(p, m)| HoeyMove::from_move(p, m).unwrap().to_string())
            .collect();
        let text = if texts.is_empty() { format!("{n}+") } else { format!("{n}+ {}", texts.join("; ")) };
        let game: Transcript = text.parse().map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        let r = game.replay().map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        // The same moves: equal positions after dead parts are dropped (where
        // a move sends a dead boundary, or which of two equivalent sites it
        // uses, is not written).
        prop_assert_eq!(r.position().reduced(), g.positions.last().unwrap().reduced(), "{}", text);
        prop_assert_eq!(r.to_hoey(), text.clone());
        let all: Vec<_> = r.positions().map(|q| q.reduced()).collect();
        let want: Vec<_> = g.positions[1..].iter().map(|q| q.reduced()).collect();
        prop_assert_eq!(all, want);
    }
}

proptest! {
    #![proptest_config(config(32))]

    /// The library's moves lead to exactly the oracle's results, one move
    /// per result: count_moves() == legal_moves().count() == the oracle's
    /// distinct count, on positions of random games from up to 8 spots.
    #[test]
    fn library_moves_equal_oracle_moves(n in 1u32..=8, seeds in prop::collection::vec(any::<u64>(), 24)) {
        let g = random_game(n, &seeds);
        for p in &g.positions {
            let o = oracle::OPos::from_lib(p);
            if oracle::naive_cost(&o) > 200_000 {
                continue;
            }
            let want = o.result_keys();
            let got: Vec<oracle::Key> = p.legal_moves().map(|m| oracle::key_of(&p.play(&m).unwrap())).collect();
            let got_set: BTreeSet<oracle::Key> = got.iter().cloned().collect();
            prop_assert_eq!(got_set.len(), got.len(), "duplicate results in {}", p.to_hoey_full());
            prop_assert_eq!(&got_set, &want, "moves of {}", p.to_hoey_full());
            prop_assert_eq!(count(p), want.len() as u64, "count_moves of {}", p.to_hoey_full());
        }
    }
}
