//! Writes a large certificate for measuring checkers: every land reachable
//! from the given starts, each with its nimber (found by going through the
//! whole game, not by a proof search, so every line of it holds and every
//! child a line meets is listed). `full_certificate N [N2 ...] > FILE`: the
//! lands of the N-spot starts; the header claims the first start's
//! nimber. 7 spots give about 0.3 million lines, 8 spots about 2 million
//! (docs/benchmarks.md#large-certificates).
use std::io::{BufWriter, Write};

use rustc_hash::FxHashMap;
use sprouts::model::{Position, Variant};
use sprouts::solve::{Land, PseudoCanon, decompose, land_children};

/// The nimber of a land, with those of every land it leads to.
fn nimber(land: &Land, known: &mut FxHashMap<Land, u8>) -> u8 {
    if let Some(&k) = known.get(land) {
        return k;
    }
    let mut seen = [false; 256];
    for child in land_children(land, &PseudoCanon) {
        let x = child.iter().fold(0, |x, l| x ^ nimber(l, known));
        seen[x as usize] = true;
    }
    let k = seen.iter().position(|s| !s).unwrap_or(255) as u8;
    known.insert(land.clone(), k);
    k
}

fn main() {
    let starts: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let mut known = FxHashMap::default();
    let mut claim = None;
    for &n in &starts {
        let pos = Position::start(n, Variant::Normal);
        let lands = decompose(&pos).expect("a start");
        let x = lands.iter().fold(0, |x, l| x ^ nimber(l, &mut known));
        claim.get_or_insert((pos.to_glop2(), x));
    }
    let mut lands: Vec<(Land, u8)> = known.into_iter().collect();
    // Largest first, as this program's certificates come.
    lands.sort_by_key(|(l, _)| std::cmp::Reverse(l.as_bytes().len()));
    let mut out = BufWriter::new(std::io::stdout().lock());
    writeln!(out, "sprouts certificate 1").unwrap();
    writeln!(
        out,
        "# Every land reachable from the starts {starts:?}, with its nimber."
    )
    .unwrap();
    if let Some((p, x)) = claim {
        writeln!(out, "position: {p}\nnimber: {x}").unwrap();
    }
    writeln!(out, "[Positions+Nimber]").unwrap();
    for (l, k) in lands {
        writeln!(out, "{l} {k}").unwrap();
    }
}
