//! Properties of the position-library notations on random positions from
//! random games of 1 to 30 spots: write -> read gives the same position up
//! to the symmetries the notations forget (same canonical form), and
//! writing again gives the same text; the readers never panic on arbitrary
//! text and read long texts.

mod random_positions;

use proptest::prelude::*;
use sprouts::canon::canonical;
use sprouts::model::Position;
use sprouts::notation::{glop1, glop2, hoey, neoglop};

use random_positions::{random_position, Rng};

type Reader = fn(&str) -> Result<Position, sprouts::notation::PositionTextError>;
type Writer = fn(&Position) -> String;

fn notations() -> [(&'static str, Writer, Reader); 3] {
    [
        ("glop1", Position::to_glop1, glop1::parse_position),
        ("glop2", Position::to_glop2, glop2::parse_position),
        ("neoglop", Position::to_neoglop, neoglop::parse_position),
    ]
}

#[test]
fn write_then_read_keeps_the_game() {
    let mut rng = Rng(0x5EED_0003);
    let mut partial_form = 0;
    for case in 0..240 {
        let spots = 1 + (case % 30) as u32;
        let moves = rng.below(3 * spots as usize);
        let p = random_position(&mut rng, spots, moves);
        let c = canonical(&p);
        for (name, write, read) in notations() {
            let text = write(&p);
            let q = read(&text).unwrap_or_else(|e| panic!("{name} {text}: {e}"));
            assert_eq!(canonical(&q), c, "{name}: {text}");
            assert_eq!(write(&q), text, "{name}: writing again");
        }
        if p.to_neoglop().starts_with('^') {
            partial_form += 1;
        }
        // Hoey's abbreviated text drops regions with fewer than 2 lives,
        // as the canonical form does.
        let h = hoey::parse_position(&p.to_hoey()).unwrap();
        assert_eq!(canonical(&h), c, "hoey: {}", p.to_hoey());
        // The canonical text is a neo-GLOP text of the same position.
        let k = neoglop::parse_position(&c.to_string()).unwrap();
        assert_eq!(canonical(&k), c);
    }
    // Many of these lands have cut regions: the partial-position form is
    // well exercised.
    assert!(
        partial_form > 60,
        "only {partial_form} partial-position texts"
    );
}

#[test]
fn long_texts_read() {
    let zeros = "0.".repeat(200_000);
    assert_eq!(neoglop::parse_position(&zeros).unwrap().lives(), 600_000);
    assert_eq!(
        glop1::parse_position(&format!("{zeros}}}]!"))
            .unwrap()
            .lives(),
        600_000
    );
    assert_eq!(
        glop2::parse_position(&zeros[..zeros.len() - 1])
            .unwrap()
            .lives(),
        600_000
    );
    // A long chain of regions, each linked to the next by an extended letter.
    let word = |mut k: usize| {
        let mut w = String::from("&");
        for _ in 0..4 {
            w.push((b'a' + (k % 26) as u8) as char);
            k /= 26;
        }
        w + ";"
    };
    let mut chain = format!("0.{}", word(0));
    for k in 0..50_000 {
        chain.push_str(&format!("/{}{}", word(k), word(k + 1)));
    }
    chain.push_str(&format!("/1{}", word(50_000)));
    let p = neoglop::parse_position(&chain).unwrap();
    assert_eq!(p.lives(), 3 + 50_001 + 2);
    assert_eq!(canonical(&p).lands().len(), 1);
    let deep = format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000));
    assert_eq!(neoglop::parse_position(&deep).unwrap().lives(), 100_002);
    let nested = format!("{}0.{}", "<".repeat(20), ">1".repeat(20));
    assert_eq!(neoglop::parse_position(&nested).unwrap().lives(), 3);
}

fn check_reader(name: &str, text: &str, write: Writer, read: Reader) {
    if let Ok(p) = read(text) {
        let again = write(&p);
        let q = read(&again).unwrap_or_else(|e| panic!("{name}: {text:?} -> {again:?}: {e}"));
        assert_eq!(canonical(&q), canonical(&p), "{name}: {text:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 2000,
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
        )),
        ..ProptestConfig::default()
    })]

    #[test]
    fn readers_never_panic_on_any_text(text in "\\PC{0,40}") {
        for (name, write, read) in notations() {
            check_reader(name, &text, write, read);
        }
    }

    #[test]
    fn readers_never_panic_on_notation_text(text in "[0-2ABCTab.}\\]!|+@*/%^:=()\\[<>&;3x-z]{0,60}") {
        for (name, write, read) in notations() {
            check_reader(name, &text, write, read);
        }
    }
}
