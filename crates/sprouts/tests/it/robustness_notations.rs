//! Robustness of the WGOSA and LHP move readers and of the transcript
//! reader: arbitrary text never makes them panic (checked by the fuzz
//! targets' bodies, `sprouts_testkit::readers`), move-shaped text resolves
//! or fails with a reason, and what resolves writes back canonically.

use proptest::prelude::*;
use sprouts::model::{Position, Variant};
use sprouts::notation::Notation;
use sprouts::notation::hoey::parse_position;
use sprouts::notation::lhp::LhpMove;
use sprouts::notation::transcript::Transcript;
use sprouts::notation::wgosa::WgosaMove;
use sprouts_testkit::readers;
use sprouts_testkit::strategies::config;

/// Positions to resolve arbitrary move texts against.
fn positions() -> Vec<Position> {
    let mut out = vec![
        Position::start(1, Variant::Normal),
        Position::start(6, Variant::Normal),
    ];
    for text in [
        "1,6,2,6;3,7,4,7;5",
        "1,8,2,6/3,9,4,7;2,8,1,6/4,9,3,7;5",
        "1,3;2/1,3",
        "1,5,2,5;3,6,4,6",
        "1,4,2,3,6/1,6,2,4",
        "3,6/3,7,6;4/1,8,2,5/2,8,1,5;6,7,3",
    ] {
        out.push(parse_position(text).unwrap());
    }
    out
}

/// Every resolution of `template` (with `G` replaced by the position's next
/// spot) in every position either fails with a reason or names a legal move
/// whose canonical text names it again. Returns how many resolved.
fn check_resolves(template: &str, notation: Notation) -> Result<usize, TestCaseError> {
    let mut resolved = 0;
    for pos in positions() {
        let text = template.replace('G', &pos.next_spot().to_string());
        match notation.resolve(&text, &pos) {
            Ok(m) => {
                resolved += 1;
                prop_assert!(pos.check_move(&m).is_ok());
                let canonical = notation.write(&pos, &m).unwrap();
                let back = notation.resolve(&canonical, &pos).unwrap();
                prop_assert!(pos.same_move(&back, &m), "{} -> {}", text, canonical);
            }
            Err(reason) => prop_assert!(!reason.to_string().is_empty()),
        }
    }
    Ok(resolved)
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn wgosa_reader_takes_any_text(s in "\\PC{0,40}") {
        readers::wgosa_move(&s, readers::positions());
    }

    #[test]
    fn lhp_reader_takes_any_text(s in "\\PC{0,40}") {
        readers::lhp_move(&s, readers::positions());
    }

    #[test]
    fn transcript_reader_takes_any_text(s in "[0-9+\\-() \n#I;.<>@!\\[\\],a-z]{0,80}") {
        readers::transcript(&s, 12);
    }

    #[test]
    fn wgosa_shaped_text_resolves_or_says_why(
        f in 1u32..12, h in 1u32..12,
        at in proptest::option::of(1u32..12),
        marks in proptest::collection::vec(any::<bool>(), 3),
        list in proptest::option::of(proptest::collection::vec(1u32..12, 0..4)),
    ) {
        let mut t = f.to_string();
        if marks[0] { t.push('!'); }
        t.push_str("(G");
        if let Some(i) = at { t.push_str(&format!("@{i}")); }
        t.push(')');
        if marks[1] { t.push('!'); }
        t.push_str(&h.to_string());
        if let Some(l) = &list {
            if marks[2] { t.push('!'); }
            let items: Vec<String> = l.iter().map(|x| x.to_string()).collect();
            t.push_str(&format!("[{}]", items.join(",")));
        }
        check_resolves(&t, Notation::Wgosa)?;
    }

    #[test]
    fn lhp_shaped_text_resolves_or_says_why(
        e in proptest::option::of(1u32..12), f in 1u32..12, h in 1u32..12,
        at in proptest::option::of(1u32..12), i in proptest::option::of(1u32..12),
        list in proptest::option::of(proptest::collection::vec(1u32..12, 0..4)),
    ) {
        let mut t = String::new();
        if let Some(e) = e { t.push_str(&format!("{e}.")); }
        t.push_str(&format!("{f}<G"));
        if let Some(x) = at { t.push_str(&format!("@{x}")); }
        t.push_str(&format!(">{h}"));
        if let Some(i) = i { t.push_str(&format!(".{i}")); }
        if let Some(l) = &list {
            let items: Vec<String> = l.iter().map(|x| x.to_string()).collect();
            t.push_str(&format!("[{}]", items.join(",")));
        }
        check_resolves(&t, Notation::Lhp)?;
    }
}

/// The move-shaped strategies above do reach legal moves.
#[test]
fn shaped_texts_do_resolve() {
    assert_eq!(check_resolves("1(G)2", Notation::Wgosa).unwrap(), 4);
    assert_eq!(check_resolves("1<G>2", Notation::Lhp).unwrap(), 6);
}

/// Long inputs are read (the readers make one pass over the text).
#[test]
fn long_texts_are_read() {
    let list: Vec<String> = (2..20_000).map(|s| s.to_string()).collect();
    let w = format!("1(20000)1[{}]", list.join(","));
    assert_eq!(w.parse::<WgosaMove>().unwrap().listed().len(), 19_998);
    let l = format!("1<20000>1[{}]", list.join(","));
    assert_eq!(l.parse::<LhpMove>().unwrap().listed().len(), 19_998);
    let games = "3+ 1(4)2\n".repeat(20_000);
    assert_eq!(Transcript::read_all(&games, None).unwrap().len(), 20_000);
}
