//! Benchmark of the canonical form: 10,000 random 30-spot positions (from
//! random games, a random number of moves into the game), canonicalised
//! once each; then symmetric positions (many alike parts in one region, rings
//! of alike regions, 40+ spots), each canonicalised several times. Run with
//! `cargo run --release -p sprouts --example canon_bench` (optional
//! arguments: count, spots, seed; `symmetric` runs only the symmetric cases).

use std::time::Instant;

use sprouts::canon::canonical;
use sprouts::model::Position;
use sprouts::notation::neoglop;
use sprouts_testkit::random::{Rng, random_position};

fn main() {
    if std::env::args().any(|a| a == "symmetric") {
        symmetric();
        return;
    }
    random();
    symmetric();
}

fn symmetric() {
    let only: Option<usize> = std::env::var("CANON_BENCH_CASE")
        .ok()
        .and_then(|v| v.parse().ok());
    for (i, (name, text)) in symmetric_cases().into_iter().enumerate() {
        if only.is_some_and(|k| k != i) {
            continue;
        }
        let p = neoglop::parse_position(&text).expect("a valid case");
        let spots = p
            .regions()
            .iter()
            .flat_map(|r| r.boundaries())
            .flat_map(|b| b.sites())
            .collect::<std::collections::HashSet<_>>()
            .len();
        let start = Instant::now();
        let mut c = canonical(&p);
        let mut runs = 1;
        while start.elapsed().as_secs_f64() < 0.5 && runs < 100 {
            c = canonical(&p);
            runs += 1;
        }
        let dt = start.elapsed().as_secs_f64() / runs as f64;
        println!(
            "{name} ({spots} spots): {:.3} ms; {} canonical bytes",
            dt * 1e3,
            c.to_string().len()
        );
    }
}

fn random() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let count = args.first().copied().unwrap_or(10_000) as usize;
    let spots = args.get(1).copied().unwrap_or(30) as u32;
    let mut rng = Rng::new(args.get(2).copied().unwrap_or(0x5EED_BE7C));
    let positions: Vec<Position> = (0..count)
        .map(|_| {
            let moves = rng.below(3 * spots as usize);
            random_position(&mut rng, spots, moves)
        })
        .collect();
    let sites: usize = positions
        .iter()
        .map(|p| {
            p.regions()
                .iter()
                .flat_map(|r| r.boundaries())
                .map(|b| b.len())
                .sum::<usize>()
        })
        .sum();
    let start = Instant::now();
    let mut worst = (0.0f64, String::new());
    let mut bytes = 0usize;
    for p in &positions {
        let t = Instant::now();
        let c = canonical(p);
        let dt = t.elapsed().as_secs_f64();
        if dt > 0.01 && std::env::var_os("CANON_BENCH_WORST").is_some() {
            eprintln!("{:.1} ms: {}", dt * 1e3, p.to_neoglop());
        }
        if dt > worst.0 {
            worst = (dt, p.to_neoglop());
        }
        bytes += c.to_string().len();
    }
    let total = start.elapsed().as_secs_f64();
    println!(
        "{count} positions of {spots} spots ({:.1} sites each on average): {:.3} s, {:.1} µs per position; slowest {:.1} µs; {bytes} canonical bytes",
        sites as f64 / count as f64,
        total,
        total * 1e6 / count as f64,
        worst.0 * 1e6
    );
    if std::env::var_os("CANON_BENCH_WORST").is_some() {
        println!("slowest: {}", worst.1);
    }
}

/// Symmetric positions (many alike parts): name, neo-GLOP text.
fn symmetric_cases() -> Vec<(String, String)> {
    let word = |k: usize| {
        format!(
            "&P{}{};",
            (b'a' + (k / 26) as u8) as char,
            (b'a' + (k % 26) as u8) as char
        )
    };
    let ring = |n: usize, body: &dyn Fn(usize) -> String| -> String {
        (0..n).map(body).collect::<Vec<_>>().join("/")
    };
    let mut cases = vec![
        (
            "19 alike two-boundary units on one region".to_string(),
            "^x:x2^y:yx.x%<y1.>9<y1.>91".to_string(),
        ),
        (
            "40 alike two-boundary units on one region".to_string(),
            format!("^x:x2^y:yx.x%{}", vec!["y1"; 40].join(".")),
        ),
        (
            "40 alike pendant regions on 40 boundaries".to_string(),
            format!("^x:x2%{}", vec!["x1"; 40].join(".")),
        ),
        (
            "24 alike pendant regions on one boundary".to_string(),
            format!("^x:x1%{}", "x".repeat(24)),
        ),
    ];
    // A ring of 24 alike regions, each `X_i X_i+1.0`.
    cases.push((
        "ring of 24 alike regions".to_string(),
        ring(24, &|i| format!("{}{}.0", word(i), word((i + 1) % 24))),
    ));
    // A ring of 20 regions, each with a pendant region `Y 1`.
    cases.push((
        "ring of 20 alike regions with pendants".to_string(),
        ring(20, &|i| {
            format!(
                "{}{}{}/{}1",
                word(i),
                word(40 + i),
                word((i + 1) % 20),
                word(40 + i)
            )
        }),
    ));
    // A ladder ring: two rings of 30 alike regions, region i of the one
    // sharing a pivot with region i of the other (150 spots).
    let (top, bottom): (Vec<String>, Vec<String>) = (0..30)
        .map(|i| {
            (
                format!("{}{}{}.0", word(i), word(100 + i), word((i + 1) % 30)),
                format!(
                    "{}{}{}.0",
                    word(200 + i),
                    word(100 + i),
                    word(200 + (i + 1) % 30)
                ),
            )
        })
        .unzip();
    cases.push((
        "ladder ring of 2 x 30 alike regions".to_string(),
        format!("{}/{}", top.join("/"), bottom.join("/")),
    ));
    cases
}
