//! Minimal reproductions of library bugs found by the property tests, kept
//! as regression tests once fixed. An open bug's test is `#[ignore]`d with
//! the reason, and the property that found it may skip exactly that case.

use sprouts::notation::hoey::{HoeyMove, parse_position};
use sprouts::notation::transcript::Transcript;

/// Every finished game abbreviates to the empty text (all regions have
/// fewer than two lives, docs/notations.md#hoey). `parse_position("")`, which its
/// docs say reads the position with no region, failed (fixed in 68cfd87):
/// "invalid position: not a drawing on the plane: 0 spots - 0 lines +
/// 0 regions should be 1 + 0 pieces".
#[test]
fn empty_abbreviation_reads_back() {
    let r = "1+ 1-2-1; 1-3-2"
        .parse::<Transcript>()
        .unwrap()
        .replay()
        .unwrap();
    let end = r.position();
    assert!(end.is_over());
    assert_eq!(end.to_hoey(), "");
    let p = parse_position("").expect("the empty text is the position with no region");
    assert_eq!(p.to_hoey(), "");
    assert!(p.is_over());
}

/// Hoey 6d: `=` names the double-pivot move drawn in the region with no
/// live spot to separate. After `2+ 1-3-2; 1-4-3<2` the position is
/// `1,4,3/3,4,1,3,2`: 1 and 4 are pivots of both regions. The move 1-5-4 in
/// region `1,4,3` is written `1-5-4=` by `HoeyMove::from_move`, but reading
/// `1-5-4=` also fitted the move in region `3,4,1,3,2` (where 6c asks for
/// `1-5-4<2`): "ambiguous: 2 moves fit: 1-5-4<2, 1-5-4=" (fixed in 68cfd87).
/// Expected: `1-5-4=` resolves to the move in `1,4,3`, and every canonical
/// text reads back (docs/notations.md#resolving).
#[test]
fn double_pivot_equal_sign_reads_back() {
    let p = parse_position("1,4,3/3,4,1,3,2").unwrap();
    let r = "2+ 1-3-2; 1-4-3<2"
        .parse::<Transcript>()
        .unwrap()
        .replay()
        .unwrap();
    assert_eq!(r.position(), &p);
    let small = p
        .regions()
        .iter()
        .position(|r| r.boundaries()[0].len() == 3)
        .unwrap();
    let m = p
        .legal_moves()
        .find(|m| m.region() == small)
        .expect("the move 1-5-4 in region 1,4,3");
    let text = HoeyMove::from_move(&p, &m).unwrap().to_string();
    assert_eq!(text, "1-5-4=");
    let back = text
        .parse::<HoeyMove>()
        .unwrap()
        .to_move(&p)
        .expect("the canonical text resolves");
    assert!(p.same_move(&m, &back));
    // The other region's move keeps its 6c text.
    let big = p.legal_moves().find(|m| {
        m.region() != small && {
            let (a, b) = p.endpoints(m).unwrap();
            (a.min(b), a.max(b)) == (1, 4)
        }
    });
    let big = big.expect("the move 1-5-4 in region 3,4,1,3,2");
    assert_eq!(
        HoeyMove::from_move(&p, &big).unwrap().to_string(),
        "1-5-4<2"
    );
}
