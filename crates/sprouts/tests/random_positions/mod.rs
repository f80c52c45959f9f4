//! Random positions from random games, for the tests: the project's one
//! random generator (`benches/support/synthetic.rs`), so that tests,
//! benchmarks and examples draw games the same way.

#![allow(dead_code, unused_imports)]

#[path = "../../benches/support/synthetic.rs"]
mod synthetic;

pub use synthetic::{Rng, random_move, random_position};
