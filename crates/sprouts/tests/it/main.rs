//! The library's integration tests, in one binary (each file a module, so
//! that the library is linked once): the model against a second model and
//! the literature, every notation's readers and writers, canonical forms,
//! drawings, misère trees, certificates and the solver. What they share
//! (random games, the oracle, brute force, proptest settings, the readers'
//! round trips that the fuzz targets run too) is in the test kit,
//! `crates/sprouts-testkit`. Test data is in `tests/data`.

mod canon;
mod certificates;
mod draw;
mod fuzz_inputs;
mod glop_properties;
mod glop_readers;
mod hostile_input;
mod misere_trees;
mod neoglop_thread;
mod perft;
mod properties;
mod regressions;
mod robustness;
mod robustness_notations;
mod round_trips;
mod simulate;
mod solve;
mod spec_examples;
mod spots;
mod surfaces;
mod worked_examples;
