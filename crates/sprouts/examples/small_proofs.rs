//! The sizes of the smallest proofs of the N-spot starts this program
//! finds (docs/certificates.md#small): `small_proofs N [N2 ...]` solves
//! each start on one thread and prints the couples of its nimber's
//! certificate and of its outcome's (`--smallest 64`), and writes the
//! latter to `small-N.cert` when `WRITE` is set.
use std::time::Instant;

use sprouts::model::{Position, Variant};
use sprouts::solve::{ChildSum, Solver};

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
        let t = Instant::now();
        let nimber = s.nimber(&pos).expect("solved");
        let solved = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let small = s.outcome_certificate(&pos, 64).expect("built");
        let built = t.elapsed().as_secs_f64();
        let full = s.certificate(&pos).expect("built").lines.len();
        let checked = small
            .check_with_own_keys(&mut |_, _| {})
            .expect("the proof checks");
        assert!(checked.claim.is_some());
        println!(
            "{n}\tnimber {nimber}\toutcome proof {}\tnimber proof {full}\tsolve {solved:.1} s\tbuild {built:.2} s",
            small.lines.len()
        );
        if std::env::var_os("WRITE").is_some() {
            std::fs::write(format!("small-{n}.cert"), small.to_string()).expect("written");
        }
    }
}
