//! Perft: move-sequence and distinct-position counts from small starts,
//! checked against `tests/data/perft.txt` by the library and by the oracle
//! (`sprouts_testkit::oracle`), and the library's move generator checked
//! against the oracle position by position.

use std::collections::{BTreeMap, BTreeSet};

use sprouts::model::{Position, ReducedPosition, Variant};
use sprouts_testkit::oracle::{self, Key, OPos, key_of};

const TABLE: &str = include_str!("../data/perft.txt");
const TABLE_PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.txt");

/// (n, d) -> (sequences, distinct positions), from the data file.
fn table() -> BTreeMap<(u32, usize), (u64, u64)> {
    let mut out = BTreeMap::new();
    for line in TABLE.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<u64> = line
            .split_whitespace()
            .map(|x| x.parse().expect("numbers"))
            .collect();
        assert_eq!(f.len(), 4, "bad line {line:?}");
        let prev = out.insert((f[0] as u32, f[1] as usize), (f[2], f[3]));
        assert!(prev.is_none(), "duplicate line {line:?}");
    }
    out
}

fn max_depth(t: &BTreeMap<(u32, usize), (u64, u64)>, n: u32) -> usize {
    t.keys().filter(|k| k.0 == n).map(|k| k.1).max().unwrap()
}

fn spots(t: &BTreeMap<(u32, usize), (u64, u64)>) -> BTreeSet<u32> {
    t.keys().map(|k| k.0).collect()
}

/// Library perft by a plain tree walk (no merging of equal positions).
fn lib_sequences(p: &Position, d: usize) -> u64 {
    if d == 0 {
        return 1;
    }
    p.legal_moves()
        .map(|m| lib_sequences(&p.play(&m).expect("legal"), d - 1))
        .sum()
}

/// Library: the distinct reduced positions after exactly d moves, by levels.
fn lib_distinct(n: u32, depth: usize) -> Vec<u64> {
    let mut level: BTreeMap<ReducedPosition, Position> = BTreeMap::new();
    let s = Position::start(n, Variant::Normal);
    level.insert(s.reduced(), s);
    let mut out = vec![1];
    for _ in 0..depth {
        let mut next = BTreeMap::new();
        for p in level.values() {
            for m in p.legal_moves() {
                let q = p.play(&m).expect("legal");
                next.entry(q.reduced()).or_insert(q);
            }
        }
        out.push(next.len() as u64);
        level = next;
    }
    out
}

#[test]
fn table_is_well_formed() {
    let t = table();
    assert_eq!(spots(&t), (1..=4).collect());
    for n in 1..=4 {
        for d in 0..=max_depth(&t, n) {
            assert!(t.contains_key(&(n, d)), "missing n={n} d={d}");
        }
        assert_eq!(t[&(n, 0)], (1, 1));
        // The first move from n spots: n(n-1)/2 joins and n loops, each with
        // 2^(n-2) ways to split the other spots (one loop for n = 1).
        let n64 = n as u64;
        let first = n64 * (n64 - 1) / 2 + if n == 1 { 1 } else { n64 << (n - 2) };
        assert_eq!(t[&(n, 1)], (first, first));
    }
}

#[test]
fn oracle_matches_table() {
    let t = table();
    for n in spots(&t) {
        let depth = max_depth(&t, n);
        let got = oracle::perft(n, depth);
        for (d, &g) in got.iter().enumerate() {
            assert_eq!(g, t[&(n, d)], "oracle, n={n} d={d}");
        }
    }
}

#[test]
fn library_matches_table() {
    let t = table();
    for n in spots(&t) {
        let depth = max_depth(&t, n);
        let start = Position::start(n, Variant::Normal);
        let distinct = lib_distinct(n, depth);
        for d in 0..=depth {
            let got = (lib_sequences(&start, d), distinct[d]);
            assert_eq!(got, t[&(n, d)], "library, n={n} d={d}");
        }
    }
}

/// Every position reached in the perft table (up to the table's depth, less
/// one): the library's moves lead to exactly the oracle's set of results,
/// with no two library moves giving the same result, and count_moves agrees.
#[test]
fn library_moves_equal_oracle_moves_on_perft_positions() {
    let t = table();
    let mut checked = 0usize;
    for n in spots(&t) {
        let depth = max_depth(&t, n);
        let mut level: BTreeMap<Key, Position> = BTreeMap::new();
        let s = Position::start(n, Variant::Normal);
        level.insert(key_of(&s), s);
        for _ in 0..depth {
            let mut next = BTreeMap::new();
            for p in level.values() {
                let want = OPos::from_lib(p).result_keys();
                let results: Vec<Position> = p
                    .legal_moves()
                    .map(|m| p.play(&m).expect("legal"))
                    .collect();
                let got: BTreeSet<Key> = results.iter().map(key_of).collect();
                assert_eq!(
                    got.len(),
                    results.len(),
                    "two moves give one result in {}",
                    p.to_hoey_full()
                );
                assert_eq!(got, want, "moves of {}", p.to_hoey_full());
                assert_eq!(
                    p.count_moves().to_string(),
                    results.len().to_string(),
                    "count_moves of {}",
                    p.to_hoey_full()
                );
                // The library's reduced form is the oracle's key, regions part.
                for q in &results {
                    assert_eq!(
                        q.reduced().regions(),
                        &key_of(q).0[..],
                        "reduced() of {}",
                        q.to_hoey_full()
                    );
                    next.entry(key_of(q)).or_insert_with(|| q.clone());
                }
                checked += 1;
            }
            level = next;
        }
    }
    assert!(checked > 100, "only {checked} positions");
}

/// Regenerates `tests/data/perft.txt` from the oracle:
/// `cargo test -p sprouts --test it -- --ignored perft::write_perft_table`.
#[test]
#[ignore = "writes tests/data/perft.txt; run by hand"]
fn write_perft_table() {
    let mut out = String::from(HEADER);
    for n in 1..=4u32 {
        for (d, (seq, distinct)) in oracle::perft(n, depth_for(n)).into_iter().enumerate() {
            out.push_str(&format!("{n} {d} {seq} {distinct}\n"));
        }
    }
    std::fs::write(TABLE_PATH, out).unwrap();
}

const HEADER: &str = "\
# Sprouts perft table: counts of play from the start of an N-spot game.
#
# Columns: N d sequences positions
#   N          spots at the start (normal play; the counts do not depend on it)
#   d          moves played
#   sequences  number of sequences of d legal moves (like chess perft: the
#              sum over the positions at depth d-1 of their move counts, every
#              path counted)
#   positions  number of distinct positions after exactly d moves (paths that
#              reach the same position counted once)
#
# \"Distinct\" is docs/notations.md#same-move's \"same move\": two moves of a position
# are one move when they give the same labelled position once dead spots,
# empty boundaries and regions with no live spot are dropped (up to Hoey
# 7a-7c: rotation of boundaries, order of boundaries and regions; spots are
# NOT renamed and boundaries are NOT mirrored, so symmetric positions count
# separately). A move's count at a node is its number of distinct results;
# positions are identified by the same reduced form, with every spot's degree.
#
# Generated by the test oracle (crates/sprouts-testkit/src/oracle.rs, a naive
# second model)
# with `cargo test -p sprouts --test it -- --ignored perft::write_perft_table`;
# tests/it/perft.rs checks it against both the oracle and the library.
";

/// The depths in the table: to the end of the game for N <= 2 (at most
/// 3N - 1 moves), fewer where the counts grow large.
fn depth_for(n: u32) -> usize {
    match n {
        1 => 3,
        2 => 6,
        3 => 4,
        _ => 3,
    }
}
