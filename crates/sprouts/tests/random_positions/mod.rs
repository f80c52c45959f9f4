//! Random positions from random games, shared by the canonical-form and
//! position-notation tests.

#![allow(dead_code)]

use sprouts::model::{Move, Position, SiteRef, Variant};

/// xorshift64*: a small deterministic generator.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// A position after `moves` random moves from `spots` spots: each move picks
/// a random region, two random sites and a random split; when no such try
/// is legal, one of the first legal moves.
pub fn random_position(rng: &mut Rng, spots: u32, moves: usize) -> Position {
    let mut p = Position::start(spots, Variant::Normal);
    'moves: for _ in 0..moves {
        for _ in 0..40 {
            let regions = p.regions();
            if regions.is_empty() {
                break 'moves;
            }
            let r = rng.below(regions.len());
            let bs = regions[r].boundaries();
            let b1 = rng.below(bs.len());
            let b2 = if rng.next() % 2 == 0 {
                b1
            } else {
                rng.below(bs.len())
            };
            let i1 = rng.below(bs[b1].len());
            let i2 = rng.below(bs[b2].len());
            let right = (0..bs.len()).filter(|_| rng.next() % 2 == 0).collect();
            let m = Move::new(r, SiteRef::new(b1, i1), SiteRef::new(b2, i2), right);
            if let Ok(q) = p.play(&m) {
                p = q;
                continue 'moves;
            }
        }
        let some: Vec<Move> = p.legal_moves().take(32).collect();
        if some.is_empty() {
            break;
        }
        let m = &some[rng.below(some.len())];
        p = p.play(m).expect("a listed move is legal");
    }
    p
}
