//! What the tests of every crate, the benchmarks, the examples and the fuzz
//! targets share, each idea once:
//!
//! - [`random`]: the one random game generator (seeded, the same on every
//!   machine), for positions, moves and whole transcripts;
//! - [`oracle`]: a second, deliberately naive model of the rules;
//! - [`minimax`]: the brute-force outcome of small positions;
//! - [`readers`]: the round-trip checks of every text reader, run by the
//!   fuzz targets (`fuzz/`) and by the property tests alike;
//! - [`strategies`]: proptest settings and strategies (feature `proptest`,
//!   on by default; the fuzz targets leave it out);
//! - [`cli`]: running the built `sprouts` command.
//!
//! Not published: a development dependency only.

pub mod cli;
pub mod minimax;
pub mod oracle;
pub mod random;
pub mod readers;
#[cfg(feature = "proptest")]
pub mod strategies;
