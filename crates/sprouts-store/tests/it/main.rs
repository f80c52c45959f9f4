//! The store crate's integration tests, one binary.

mod check;
