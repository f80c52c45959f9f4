//! The `sprouts` command's tests, in one binary (each file a module): the
//! built command run as a user runs it, its output and its errors.

mod common;

mod check;
mod cli;
mod db;
mod draw;
mod input;
mod position;
mod reading;
mod serve;
mod solve;
mod spots;
mod surfaces;
