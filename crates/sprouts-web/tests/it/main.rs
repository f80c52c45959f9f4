//! The web server's tests, in one binary (each file a module): the HTTP
//! API, the analysis and the computer opponent.

mod analysis;
mod api;
mod opponent;
