//! Round trips over random games from 1 to 30 spots, in every notation:
//! every move written canonically reads back to that move, and writing the
//! move read back gives the same text byte for byte; a game converted
//! WGOSA -> LHP -> Hoey -> WGOSA comes back as its canonical WGOSA text.
//!
//! Games are played with the project's random move generator
//! (`sprouts_testkit::random`): a random region, two random live sites
//! (half the time on one boundary, so that regions split), a random split.
//! At every position the moves checked are that game's move, the first
//! moves the generator lists and a few more random ones.

use proptest::prelude::*;
use sprouts::model::{Move, Position, Variant};
use sprouts::notation::Notation;
use sprouts::notation::transcript::Transcript;
use sprouts_testkit::random::{Rng, random_move};
use sprouts_testkit::strategies::config;

/// A random game to its end: the positions before each move, and the moves.
fn random_game(spots: u32, seed: u64) -> (Vec<Position>, Vec<Move>) {
    let mut rng = Rng::new(seed);
    let mut pos = Position::start(spots, Variant::Normal);
    let (mut positions, mut moves) = (Vec::new(), Vec::new());
    while let Some(m) = random_move(&pos, &mut rng) {
        positions.push(pos.clone());
        pos.play_in_place(&m).unwrap();
        moves.push(m);
    }
    (positions, moves)
}

/// `m` written in `n` reads back to the same move, and is written back
/// byte for byte.
fn check_move(n: Notation, pos: &Position, m: &Move) -> Result<(), TestCaseError> {
    let text = n.write(pos, m).unwrap();
    let place = || format!("{n} {text} in {}", pos.to_hoey_full());
    let back = n
        .resolve(&text, pos)
        .map_err(|e| TestCaseError::fail(format!("{}: {e}", place())))?;
    prop_assert!(
        pos.same_move(&back, m),
        "{}: read back as another move",
        place()
    );
    prop_assert_eq!(n.write(pos, &back).unwrap(), text.clone(), "{}", place());
    Ok(())
}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn moves_round_trip_in_every_notation(spots in 1u32..=30, seed in any::<u64>()) {
        let (positions, moves) = random_game(spots, seed);
        prop_assert!(2 * spots as usize <= moves.len() && moves.len() < 3 * spots as usize);
        let mut rng = Rng::new(seed ^ 0x5eed);
        for (pos, played) in positions.iter().zip(&moves) {
            let mut check: Vec<Move> = pos.legal_moves().take(2).collect();
            check.push(played.clone());
            check.extend((0..3).filter_map(|_| random_move(pos, &mut rng)));
            for m in &check {
                for n in Notation::ALL {
                    check_move(n, pos, m)?;
                }
            }
        }
    }

    #[test]
    fn games_convert_round_trip(spots in 1u32..=30, seed in any::<u64>()) {
        let (positions, moves) = random_game(spots, seed);
        let texts: Vec<String> = positions
            .iter()
            .zip(&moves)
            .map(|(p, m)| Notation::Wgosa.write(p, m).unwrap())
            .collect();
        let wgosa = format!("{spots}+ {}", texts.join(" "));
        let replay = |text: &str| {
            let games = Transcript::read_all(text, None)
                .map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
            prop_assert_eq!(games.len(), 1);
            games[0].replay().map_err(|e| TestCaseError::fail(format!("{text}: {e}")))
        };
        let first = replay(&wgosa)?;
        // Canonical text read and written again: byte for byte.
        prop_assert_eq!(first.to_notation(Notation::Wgosa), wgosa.clone());
        let mut text = wgosa.clone();
        for n in [Notation::Lhp, Notation::Hoey, Notation::Wgosa] {
            text = replay(&text)?.to_notation(n);
        }
        prop_assert_eq!(&text, &wgosa);
        let end = replay(&text)?;
        prop_assert_eq!(end.position(), first.position());
        prop_assert!(end.position().is_over());
    }
}
