//! Every position reachable from the N-spot start (default 6), classified
//! by its misère canonical tree: how many distinct trees, how many of them
//! nim heaps, and how many with each normal-play Grundy value; and the
//! genus of each start up to N. Josh Jordan classified Lemoine & Viennot's
//! list of reduced games reachable from 6 spots the same way
//! (sprouts-theory, June 2010): docs/benchmarks.md#misere-census.
//!
//! `cargo run --release -p sprouts --example misere_census -- 6`

use std::collections::{BTreeMap, HashMap, HashSet};

use sprouts::misere::TreeId;
use sprouts::model::{Position, Variant};
use sprouts::solve::{Land, PseudoCanon, Solver, decompose, land_children};

fn main() {
    let n: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(6);
    let mut solver = Solver::new();
    for k in 0..=n {
        let t = solver
            .position_tree(&Position::start(k, Variant::Misere))
            .expect("a start position");
        let g = solver.trees().genus(t);
        println!("{k} spots\tgenus {g}\t({g:#})");
    }
    let mut children: HashMap<Land, Vec<Vec<Land>>> = HashMap::new();
    let start = decompose(&Position::start(n, Variant::Misere)).expect("a start position");
    let mut seen: HashSet<Vec<Land>> = HashSet::from([start.clone()]);
    let mut todo = vec![start];
    let mut trees: HashSet<TreeId> = HashSet::new();
    while let Some(p) = todo.pop() {
        let mut t = TreeId::ZERO;
        for l in &p {
            let lt = solver.land_tree(l).expect("a small enough land");
            t = solver.trees().sum(t, lt);
        }
        trees.insert(t);
        for i in 0..p.len() {
            let kids = children
                .entry(p[i].clone())
                .or_insert_with(|| land_children(&p[i], &PseudoCanon));
            for c in kids.iter() {
                let mut next: Vec<Land> = p[..i].iter().chain(&p[i + 1..]).cloned().collect();
                next.extend(c.iter().cloned());
                next.sort();
                if seen.insert(next.clone()) {
                    todo.push(next);
                }
            }
        }
    }
    let tr = solver.trees();
    let mut by_grundy: BTreeMap<u32, usize> = BTreeMap::new();
    for &t in &trees {
        *by_grundy.entry(tr.normal_grundy(t)).or_default() += 1;
    }
    let heaps = trees.iter().filter(|&&t| tr.nim_heap(t).is_some()).count();
    println!("positions reachable from {n} spots\t{}", seen.len());
    println!("distinct misère canonical trees\t{}", trees.len());
    println!("of which nim heaps\t{heaps}");
    for (g, c) in by_grundy.iter().rev() {
        println!("normal-play Grundy value {g}\t{c}");
    }
}
