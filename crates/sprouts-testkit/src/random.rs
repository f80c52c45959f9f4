//! Random games: random legal moves from a seeded generator, half of them
//! drawn between two sites of one boundary (so that regions split as they
//! do in played games), as positions, moves or transcripts in any
//! notation; and games whose moves are picked by seeds among the distinct
//! legal moves.
//!
//! The one random generator of the project's tests, benchmarks and
//! examples, so that they all draw games the same way.

use sprouts::model::{Move, Position, SiteRef, Variant};
use sprouts::notation::Notation;

/// A small seeded generator (xorshift64*), so that games are the same on
/// every run and machine.
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next 64 random bits.
    // A generator, not an iterator: it never ends.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() >> 33) as usize % n
    }
}

/// The position after `moves` random moves (fewer if the game ends first)
/// from the start with `spots` spots, in normal play.
pub fn random_position(rng: &mut Rng, spots: u32, moves: usize) -> Position {
    let mut pos = Position::start(spots, Variant::Normal);
    for _ in 0..moves {
        let Some(m) = random_move(&pos, rng) else {
            break;
        };
        pos.play_in_place(&m).expect("legal");
    }
    pos
}

/// A random legal move of `pos`, or `None` when the game is over.
pub fn random_move(pos: &Position, rng: &mut Rng) -> Option<Move> {
    if pos.is_over() {
        return None;
    }
    loop {
        let r = rng.below(pos.regions().len());
        let region = &pos.regions()[r];
        let live: Vec<SiteRef> = region
            .boundaries()
            .iter()
            .enumerate()
            .flat_map(|(bi, b)| {
                b.sites()
                    .iter()
                    .enumerate()
                    .filter(|&(_, &s)| pos.is_live(s))
                    .map(move |(i, _)| SiteRef::new(bi, i))
            })
            .collect();
        if live.is_empty() {
            continue;
        }
        let from = live[rng.below(live.len())];
        let to = if rng.below(2) == 0 {
            let same: Vec<SiteRef> = live
                .iter()
                .copied()
                .filter(|s| s.boundary == from.boundary)
                .collect();
            same[rng.below(same.len())]
        } else {
            live[rng.below(live.len())]
        };
        let right = if from.boundary == to.boundary {
            (0..region.boundaries().len())
                .filter(|&i| i != from.boundary && rng.below(2) == 0)
                .collect()
        } else {
            Vec::new()
        };
        let m = Move::new(r, from, to, right);
        if pos.check_move(&m).is_ok() {
            return Some(m);
        }
    }
}

/// A game of `moves` random moves (fewer if it ends first) from the start
/// with `spots` spots, written in `notation`: the transcript text.
pub fn transcript(spots: u32, moves: usize, seed: u64, notation: Notation) -> String {
    let mut pos = Position::start(spots, Variant::Normal);
    let mut rng = Rng::new(seed);
    let mut texts = Vec::with_capacity(moves);
    while texts.len() < moves {
        let Some(m) = random_move(&pos, &mut rng) else {
            break;
        };
        texts.push(notation.write(&pos, &m).expect("a legal move writes"));
        pos.play_in_place(&m).expect("legal");
    }
    format!("{spots}+ {}", texts.join(notation.separator()))
}

/// A game from the start with `spots` spots whose moves are picked by
/// index among the distinct legal moves (`legal_moves().nth(seed % count)`,
/// one seed a move), so that every distinct move is equally likely at each
/// step; it goes on until it is over or the seeds run out. The positions
/// (the start, then the one after each move) and the moves.
pub fn seeded_game(spots: u32, seeds: &[u64]) -> (Vec<Position>, Vec<Move>) {
    let mut p = Position::start(spots, Variant::Normal);
    let mut positions = vec![p.clone()];
    let mut moves = Vec::new();
    for &seed in seeds {
        let c: u64 = p
            .count_moves()
            .to_string()
            .parse()
            .expect("the move count of a small game fits in u64");
        if c == 0 {
            break;
        }
        let m = p
            .legal_moves()
            .nth((seed % c) as usize)
            .expect("count_moves moves");
        p = p.play(&m).expect("legal moves are legal");
        moves.push(m);
        positions.push(p.clone());
    }
    (positions, moves)
}
