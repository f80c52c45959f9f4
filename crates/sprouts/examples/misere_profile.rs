//! Where a misère search of the N-spot start spends its work: positions
//! expanded by their number of big lands, land trees made by lives,
//! positions expanded again after the table dropped their children, with
//! the time and the number of trees (docs/benchmarks.md#misere-profile).
//!
//! `cargo run --release -p sprouts --example misere_profile -- 15 [TABLE_MIB]
//! [--no-big-trees] [--sum-budget=N] [--key-budget=N] [--memo-mib=N]`
//! (without trees of big lands, or with other bounds on their sums: making
//! a big land's tree, adding it into a key's tree, the memoised sums; for
//! comparing)

use std::time::Instant;

use sprouts::model::{Position, Variant};
use sprouts::solve::Solver;

fn main() {
    let no_big_trees = std::env::args().any(|a| a == "--no-big-trees");
    let budget: Option<usize> =
        std::env::args().find_map(|a| a.strip_prefix("--sum-budget=").and_then(|b| b.parse().ok()));
    let key_budget: Option<usize> =
        std::env::args().find_map(|a| a.strip_prefix("--key-budget=").and_then(|b| b.parse().ok()));
    let memo_mib: Option<usize> =
        std::env::args().find_map(|a| a.strip_prefix("--memo-mib=").and_then(|b| b.parse().ok()));
    let mut args = std::env::args().skip(1).filter(|a| !a.starts_with("--"));
    let n: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(12);
    let table_mib: Option<usize> = args.next().and_then(|a| a.parse().ok());
    let mut solver = Solver::new();
    solver.set_big_land_trees(!no_big_trees);
    if let Some(b) = budget {
        solver.set_big_sum_budget(b);
    }
    if let Some(b) = key_budget {
        solver.set_key_sum_budget(b);
    }
    if let Some(m) = memo_mib {
        solver.set_sum_memo_bytes(m << 20);
    }
    if let Some(m) = table_mib {
        solver.set_table_bytes(m << 20);
    }
    let start = Instant::now();
    let win = solver
        .win(&Position::start(n, Variant::Misere))
        .expect("a start position");
    let seconds = start.elapsed().as_secs_f64();
    let stats = solver.misere_stats().clone();
    let mem = solver.misere_memory();
    let mib = |b: usize| b as f64 / f64::from(1 << 20);
    println!(
        "memory MiB\ttrees {:.0}, sums {:.0}, lands {:.0}, given up {:.0}, table {:.0}",
        mib(mem.trees),
        mib(mem.sums),
        mib(mem.lands),
        mib(mem.given_up),
        mib(mem.table)
    );
    println!("spots\t{n}");
    println!("outcome\t{}", if win { "W" } else { "L" });
    println!("seconds\t{seconds:.1}");
    println!("searched\t{}", solver.searched());
    let trims = solver.table_trims();
    println!(
        "table trims\tchildren {}, numbers {}",
        trims.children, trims.numbers
    );
    println!("trees\t{}", solver.trees().len());
    println!("sums known\t{}", solver.trees().sums_known());
    let [none, one, two, more] = stats.expanded_by_big_lands;
    println!("expanded by big lands\t0: {none}, 1: {one}, 2: {two}, 3+: {more}");
    println!("expanded again\t{}", stats.expanded_again);
    println!("memo clears\t{}", stats.memo_clears);
    println!("sums over budget\t{}", stats.sums_over_budget);
    println!(
        "sum outcomes known\t{}",
        solver.trees().sum_outcomes_known()
    );
    println!(
        "sum outcomes over budget\t{}",
        stats.sum_outcomes_over_budget
    );
    let made: Vec<String> = stats
        .trees_by_lives
        .iter()
        .enumerate()
        .filter(|(_, c)| **c > 0)
        .map(|(l, c)| format!("{l}: {c}"))
        .collect();
    println!("land trees by lives\t{}", made.join(", "));
}
