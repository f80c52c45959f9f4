//! The simulated distributed solve (`sprouts::solve::simulate`) against
//! the search alone and the literature.

use sprouts::model::{Position, Variant};
use sprouts::solve::{Land, Sharing, SimConfig, Solver, decompose, simulate};
use sprouts_testkit::random::{Rng, random_position};

/// The worker counts every test runs: 1, 2, 4, ... 1,024.
const WORKERS: [usize; 11] = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024];

/// Small jobs, so that even small starts are cut into many.
fn config(workers: usize) -> SimConfig {
    SimConfig {
        workers,
        job: 40,
        ..SimConfig::default()
    }
}

#[test]
fn simulated_workers_give_the_published_outcomes_and_nimbers() {
    // AJS 1991 (normal play, N = 1..11): L L W W W L L L W W W; Lemoine &
    // Viennot: every winning start has nimber 1 (LV10, N <= 32).
    let wins = [
        false, false, true, true, true, false, false, false, true, true, true,
    ];
    for (n, &win) in (1..=10).zip(&wins) {
        let lands = decompose(&Position::start(n, Variant::Normal)).unwrap();
        // Up to 1,024 workers on small starts; past 6 spots, up to 16 (a
        // worker's first jobs search what the others already did, so the
        // work grows with the workers).
        for k in WORKERS.into_iter().filter(|&k| n <= 6 || k <= 16) {
            let r = simulate(&lands, &config(k)).unwrap();
            assert_eq!(
                (r.win, r.nimber),
                (win, u8::from(win)),
                "{n} spots, {k} workers"
            );
            assert_eq!(r.workers, k);
            assert!(
                r.idle >= 0.0 && r.idle <= 1.0,
                "{n} spots, {k} workers: {r:?}"
            );
        }
    }
}

#[test]
fn twelve_spots_on_one_and_four_workers_is_the_search_alones_loss() {
    let pos = Position::start(12, Variant::Normal);
    let mut alone = Solver::new();
    assert_eq!(alone.nimber(&pos).unwrap(), 0);
    let lands = decompose(&pos).unwrap();
    for k in [1, 4] {
        let r = simulate(
            &lands,
            &SimConfig {
                workers: k,
                ..SimConfig::default()
            },
        )
        .unwrap();
        assert_eq!((r.win, r.nimber), (false, 0), "{k} workers");
        // The job cut every worker's share: more than one job each at 1.
        assert!(k > 1 || r.jobs > 1, "{r:?}");
    }
}

#[test]
fn sums_of_lands_get_the_nimber_of_the_search_alone_with_any_sharing() {
    let mut rng = Rng::new(0x0513);
    let mut several = 0;
    for round in 0..16 {
        let n = 4 + rng.below(5) as u32;
        let moves = n as usize + rng.below(2 * n as usize);
        let p = random_position(&mut rng, n, moves);
        let lands = decompose(&p).unwrap();
        several += usize::from(lands.len() > 1);
        let want = Solver::new().nimber(&p).unwrap();
        let sharings = [
            Sharing::All,
            Sharing::Asked { lives: 0 },
            Sharing::Asked { lives: 9 },
        ];
        for (i, sharing) in sharings.into_iter().enumerate() {
            let k = [1, 3, 8, 64][(round + i) % 4];
            let c = SimConfig {
                workers: k,
                job: 20,
                sharing,
                group: 1 + round % 3,
                ..SimConfig::default()
            };
            let r = simulate(&lands, &c).unwrap();
            assert_eq!((r.win, r.nimber), (want != 0, want), "{p:?} {c:?}");
        }
    }
    assert!(several >= 3, "only {several} positions of several lands");
}

#[test]
fn small_lands_get_lemoine_and_viennots_nimbers() {
    // LV07/LV10 (known-values.md), in the solver's land text.
    let lands = [
        ("0.", 0),
        ("0.0.", 0),
        ("12.", 0),
        ("1.", 1),
        ("22.", 1),
        ("0.2.", 1),
    ];
    for (text, nimber) in lands {
        let land: Land = text.parse().unwrap();
        for k in [1, 2, 8] {
            let r = simulate(std::slice::from_ref(&land), &config(k)).unwrap();
            assert_eq!(r.nimber, nimber, "{text}, {k} workers");
        }
    }
}

#[test]
fn a_simulation_is_the_same_every_time() {
    let lands = decompose(&Position::start(8, Variant::Normal)).unwrap();
    for k in [1, 7, 32] {
        let a = simulate(&lands, &config(k)).unwrap();
        let b = simulate(&lands, &config(k)).unwrap();
        assert_eq!(a, b);
        // A job is two messages, unless it is still out at the end.
        assert!(
            a.messages + k as u64 >= 2 * a.jobs && a.results > 0,
            "{a:?}"
        );
    }
}
