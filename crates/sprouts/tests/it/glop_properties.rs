//! Properties of the position-library notations on random positions from
//! random games of 1 to 30 spots: write -> read gives the same position up
//! to the symmetries the notations forget (same canonical form), and
//! writing again gives the same text; the readers never panic on arbitrary
//! text and read long texts.

use proptest::prelude::*;
use sprouts::canon::canonical;
use sprouts::model::{Move, Position, SiteRef, Variant};
use sprouts::notation::{PositionNotation, glop1, glop2, hoey, neoglop};

use sprouts_testkit::random::{Rng, random_position};
use sprouts_testkit::readers;
use sprouts_testkit::strategies::config;

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
    let mut rng = Rng::new(0x5EED_0003);
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

/// The fuzz targets' check of a position reader and its writer.
fn check_reader(name: &str, text: &str, write: Writer, read: Reader) {
    readers::position_text(name, text, read, write);
}

proptest! {
    #![proptest_config(config(2000))]

    #[test]
    fn readers_never_panic_on_any_text(text in "\\PC{0,40}") {
        let _ = PositionNotation::detect(&text);
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

/// Every writer's text reads back, in its own notation and in the one
/// [`PositionNotation::detect`] finds, to the same canonical position.
/// `detect` names the writer's notation except for texts that are neo-GLOP
/// too (see its docs): GLOP 2 with one region per land and no repetition
/// (same meaning in neo-GLOP), GLOP 1.0's `!` and the empty text (the
/// position with no live region, in every GLOP notation), and Hoey's lone
/// spots numbered with the digits 0 to 2 only (`1`, `2/10`), which mean
/// another position in neo-GLOP and must be read with the notation named.
fn check_written_texts(p: &Position) {
    let c = canonical(p);
    for n in PositionNotation::ALL {
        let text = n.write(p);
        let q = n.parse(&text).unwrap_or_else(|e| panic!("{n} {text}: {e}"));
        assert_eq!(canonical(&q), c, "{n}: {text}");
        let found = PositionNotation::detect(&text);
        if found == n {
            continue;
        }
        let lone_spots =
            n == PositionNotation::Hoey && text.bytes().all(|b| matches!(b, b'0'..=b'2' | b'/'));
        let glop_also_neo = match n {
            PositionNotation::Glop2 => !text.contains(['|', '*', '@']),
            PositionNotation::Glop1 => text == "!",
            _ => false,
        };
        assert!(
            found == PositionNotation::Neoglop && (lone_spots || glop_also_neo),
            "{n} text detected as {found}: {text}"
        );
        if glop_also_neo {
            let r = found.parse(&text).unwrap();
            assert_eq!(canonical(&r), c, "{n} read as {found}: {text}");
        }
    }
}

/// `n` spots, each then joined to itself by a loop enclosing nothing: one
/// land of `n + 1` regions and `2n` spots listed in two regions, more than
/// single letters can name (upper case runs out at 26, parameter letters
/// `r` to `z` at 9).
fn loops(n: u32) -> Position {
    let mut p = Position::start(n, Variant::Normal);
    for _ in 0..n {
        let lone = p.regions().iter().enumerate().find_map(|(r, region)| {
            region
                .boundaries()
                .iter()
                .position(|b| b.sites().len() == 1 && p.degree(b.sites()[0]) == 0)
                .map(|b| (r, b))
        });
        let Some((r, b)) = lone else { break };
        let m = Move::new(r, SiteRef::new(b, 0), SiteRef::new(b, 0), Vec::new());
        p.play_in_place(&m).expect("a loop at a lone spot is legal");
    }
    p
}

#[test]
fn many_letters_write_extended_letters_that_read_back() {
    let two = loops(2);
    assert_eq!(two.to_glop1(), "AB.}CD.}CD.AB.}]!");
    assert_eq!(two.to_glop2(), "AB|CD|CD.AB");
    assert_eq!(two.to_neoglop(), "^rs^tu:rs:rs.tu");
    let p = loops(30);
    assert_eq!(p.live_spots().count(), 60);
    let g1 = p.to_glop1();
    assert!(
        g1.starts_with("AB.}CD.}EF.}GH.}IJ.}KL.}MN.}OP.}QR.}ST.}UV.}WX.}YZ.}&AA;&AB;.}"),
        "{g1}"
    );
    let g2 = p.to_glop2();
    assert!(g2.ends_with("|&BG;&BH;.&BE;&BF;.&BC;&BD;.&BA;&BB;.&AY;&AZ;.&AW;&AX;.&AU;&AV;.&AS;&AT;.&AQ;&AR;.&AO;&AP;.&AM;&AN;.&AK;&AL;.&AI;&AJ;.&AG;&AH;.&AE;&AF;.&AC;&AD;.&AA;&AB;.YZ.WX.UV.ST.QR.OP.MN.KL.IJ.GH.EF.CD.AB"), "{g2}");
    let neo = p.to_neoglop();
    assert!(neo.starts_with("^rs^tu^vw^xy^z&Xa;^&Xb;&Xc;^"), "{neo}");
    for (n, text) in [
        (PositionNotation::Glop1, &g1),
        (PositionNotation::Glop2, &g2),
        (PositionNotation::Neoglop, &neo),
    ] {
        assert_eq!(PositionNotation::detect(text), n, "{text}");
    }
    for n in [1, 13, 14, 30, 40] {
        check_written_texts(&loops(n));
    }
    // Play on from the loops: the lone-loop lands break up and mix.
    let mut rng = Rng::new(0x5EED_0019);
    let mut q = loops(30);
    for _ in 0..40 {
        let some: Vec<Move> = q.legal_moves().take(16).collect();
        if some.is_empty() {
            break;
        }
        q.play_in_place(&some[rng.below(some.len())]).unwrap();
        check_written_texts(&q);
    }
}

proptest! {
    #![proptest_config(config(300))]

    /// Random positions from random games of 1 to 45 spots.
    #[test]
    fn every_writer_reads_back_detected_as_its_own(seed in any::<u64>(), spots in 1u32..46, fraction in 0usize..100) {
        let mut rng = Rng::new(seed);
        let moves = 3 * spots as usize * fraction / 100;
        let p = random_position(&mut rng, spots, moves);
        check_written_texts(&p);
    }
}
