//! Shrinks the outcome proof of an N-spot start (`--smallest 64`) by
//! removing lines: `shrink_proof N [N2 ...]`. Each line, largest land
//! first, is removed; the lines that then fail are removed too (a cascade
//! of at most `CASCADE`), and the removal is kept when what is left still
//! checks and proves the claim. A whole check per try: the time grows
//! with the square of the lines (docs/experiments.md, "removing lines").
use std::time::Instant;

use sprouts::model::{Position, Variant};
use sprouts::solve::{Certificate, ChildSum, Solver};

const CASCADE: usize = 8;

fn holds(c: &Certificate) -> Result<(), usize> {
    match c.check_with_own_keys(&mut |_, _| {}) {
        Ok(k) if k.claim.is_some() => Ok(()),
        Ok(_) => Err(0),
        Err(e) => Err(e.line),
    }
}

fn main() {
    sprouts::solve::use_threads(1);
    for n in std::env::args()
        .skip(1)
        .filter_map(|a| a.parse::<u32>().ok())
    {
        let pos = Position::start(n, Variant::Normal);
        let mut s = Solver::new();
        // The sizes of docs/certificates.md#small: searched with the whole sum.
        s.set_child_sum(ChildSum::Whole);
        s.nimber(&pos).expect("solved");
        let mut cert = s.outcome_certificate(&pos, 64).expect("built");
        cert.number_lines();
        let before = cert.lines.len();
        holds(&cert).expect("the proof checks");
        let header = cert.position.as_ref().map(|p| p.1).unwrap_or(0);
        let t = Instant::now();
        // Largest lands first (by text length, a stand-in for lives).
        let mut order: Vec<usize> = cert.lines.iter().map(|l| l.number).collect();
        order.sort_by_key(|&k| {
            std::cmp::Reverse(
                cert.lines
                    .iter()
                    .find(|l| l.number == k)
                    .unwrap()
                    .position
                    .len(),
            )
        });
        let mut removed = 0;
        for k in order {
            if !cert.lines.iter().any(|l| l.number == k) {
                continue;
            }
            let mut trial = cert.clone();
            trial.lines.retain(|l| l.number != k);
            let mut ok = false;
            for _ in 0..=CASCADE {
                match holds(&trial) {
                    Ok(()) => {
                        ok = true;
                        break;
                    }
                    Err(line) if line == header || line == 0 => break,
                    Err(line) => trial.lines.retain(|l| l.number != line),
                }
            }
            if ok && trial.lines.len() < cert.lines.len() {
                removed += cert.lines.len() - trial.lines.len();
                cert = trial;
            }
        }
        println!(
            "{n}\tbefore {before}\tafter {}\tremoved {removed}\t{:.1} s",
            cert.lines.len(),
            t.elapsed().as_secs_f64()
        );
    }
}
