//! Brute-force minimax: whether the player to move wins, by trying every
//! move down to the end of the game. A second answer for the solver and the
//! computer opponents to agree with, on small positions only.

use std::collections::HashMap;

use sprouts::model::{Move, Position, ReducedPosition, Variant};

/// Minimax with the outcomes it has found remembered by reduced position
/// (equal reduced positions have the same futures).
#[derive(Default)]
pub struct Minimax {
    memo: HashMap<(Variant, ReducedPosition), bool>,
}

impl Minimax {
    /// A search that remembers nothing yet.
    pub fn new() -> Minimax {
        Minimax::default()
    }

    /// Whether the player to move wins: some move leaves a position the
    /// opponent loses. With no move left the player to move loses in
    /// normal play and wins in misère play.
    pub fn wins(&mut self, p: &Position) -> bool {
        let key = (p.variant(), p.reduced());
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let next = next_positions(p);
        let w = if next.is_empty() {
            p.variant() == Variant::Misere
        } else {
            next.iter().any(|q| !self.wins(q))
        };
        self.memo.insert(key, w);
        w
    }

    /// The legal moves (`Position::legal_moves`, in its order) after which
    /// the opponent loses.
    pub fn winning_moves(&mut self, p: &Position) -> Vec<Move> {
        p.legal_moves()
            .filter(|m| !self.wins(&p.play(m).expect("listed moves are legal")))
            .collect()
    }
}

/// The positions one move away: by the model's legal moves on the plane,
/// by `Position::children` on other surfaces (where the moves are listed by
/// the positions they leave).
fn next_positions(p: &Position) -> Vec<Position> {
    if p.is_on_surface() {
        p.children().expect("small positions list their children")
    } else {
        p.legal_moves()
            .map(|m| p.play(&m).expect("listed moves are legal"))
            .collect()
    }
}
