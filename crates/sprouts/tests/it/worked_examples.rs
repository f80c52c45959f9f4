//! Every worked example of Hoey's notation (elements 1-6, docs/notations.md#sources)
//! and of docs/notations.md sections 2 and 5, as tests. Full positions are compared with `==`
//! (equality up to Hoey 7a-7c); abbreviated ones by their reduced form or
//! their abbreviated text. Each move's canonical text is checked against the
//! text the example writes.

use sprouts::model::{Move, Position, SiteRef, Variant};
use sprouts::notation::hoey::{HoeyMove, parse_position};
use sprouts::notation::transcript::Transcript;

fn pos(text: &str) -> Position {
    parse_position(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn replay(game: &str) -> Vec<Position> {
    let r = game
        .parse::<Transcript>()
        .unwrap()
        .replay()
        .unwrap_or_else(|e| panic!("{game}: {e}"));
    let mut all = vec![r.start().clone()];
    all.extend(r.positions());
    assert_eq!(all.last().unwrap(), r.position());
    all
}

/// The canonical texts of a game's moves.
fn canonical(game: &str) -> Vec<String> {
    let r = game.parse::<Transcript>().unwrap().replay().unwrap();
    r.moves().iter().map(|m| m.canonical.clone()).collect()
}

fn resolve(p: &Position, text: &str) -> Move {
    text.parse::<HoeyMove>()
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .to_move(p)
        .unwrap_or_else(|e| panic!("{text} in {}: {e}", p.to_hoey_full()))
}

fn play(p: &Position, text: &str) -> Position {
    p.play(&resolve(p, text)).unwrap()
}

fn canon(p: &Position, text: &str) -> String {
    HoeyMove::from_move(p, &resolve(p, text))
        .unwrap()
        .to_string()
}

/// The regions (indices) in which some site of `c` is followed by `next` in
/// left-hand order: for a move A-C-B, the left site of C is the one followed
/// by A and the right site the one followed by B (element 3).
fn regions_where_followed(p: &Position, c: u32, next: u32) -> Vec<usize> {
    let mut out = Vec::new();
    for (ri, r) in p.regions().iter().enumerate() {
        for b in r.boundaries() {
            let s = b.sites();
            let n = s.len();
            if (0..n).any(|i| s[i] == c && s[(i + 1) % n] == next) {
                out.push(ri);
            }
        }
    }
    out
}

/// Whether region `region` holds a site of `spot`.
fn holds(p: &Position, region: usize, spot: u32) -> bool {
    p.regions()[region]
        .boundaries()
        .iter()
        .any(|b| b.sites().contains(&spot))
}

/// Distinct legal moves joining spots `a` and `b`.
fn moves_between(p: &Position, a: u32, b: u32) -> usize {
    p.legal_moves()
        .filter(|m| {
            let (x, y) = p.endpoints(m).unwrap();
            (x.min(y), x.max(y)) == (a.min(b), a.max(b))
        })
        .count()
}

// ---------------------------------------------------------------- element 1, 2

const ELEMENT_1_FULL: &str = "1,6,8,7,4,7,3,9,3,7,8,6,5,6;2/3,9";
const ELEMENT_2_ABBR: &str = "1,8,4,9t,8,5;2";

#[test]
fn element_1_full_position() {
    let p = pos(ELEMENT_1_FULL);
    assert!(p.is_complete());
    assert_eq!(p.start_spots(), Some(5));
    assert_eq!(p.next_spot(), 10);
    let degrees: Vec<u8> = (1..10).map(|s| p.degree(s)).collect();
    assert_eq!(degrees, vec![1, 0, 3, 1, 1, 3, 3, 2, 2]);
    assert_eq!(p.to_hoey_full(), ELEMENT_1_FULL);
    // The same position written from other starts and orders (7a-7c).
    assert_eq!(p, pos("3,9/2;6,1,6,8,7,4,7,3,9,3,7,8,6,5"));
    assert_eq!(p, pos("9,3/5,6,1,6,8,7,4,7,3,9,3,7,8,6;2"));
    // ... but not mirrored (7e) or renamed (7d).
    assert_ne!(p, pos("6,5,6,8,7,3,9,3,7,4,7,8,6,1;2/9,3"));
    assert_ne!(p, pos("2,6,8,7,4,7,3,9,3,7,8,6,5,6;1/3,9"));
}

#[test]
fn element_2_abbreviation() {
    let p = pos(ELEMENT_1_FULL);
    assert_eq!(p.to_hoey(), ELEMENT_2_ABBR);
    let q = pos(ELEMENT_2_ABBR);
    assert!(!q.is_complete());
    assert_eq!(q.start_spots(), None);
    assert_eq!(q.next_spot(), 10);
    // The abbreviation keeps every degree: 9t is a pivot listed once, 8 a
    // pier, 1, 4 and 5 have one line, 2 none, 3, 6 and 7 are dead.
    for s in 1..10 {
        assert_eq!(q.degree(s), p.degree(s), "degree of {s}");
    }
    assert_eq!(q.to_hoey(), ELEMENT_2_ABBR);
    // The region 3,9 (spot 9 alone, one life) is what was left out.
    assert_eq!(
        p.reduced().regions(),
        &[vec![vec![1, 8, 4, 9, 8, 5], vec![2]], vec![vec![9]]]
    );
    assert_eq!(
        q.reduced().regions(),
        &[vec![vec![1, 8, 4, 9, 8, 5], vec![2]]]
    );
    // Both have the same moves: the left-out region has none.
    assert_eq!(q.count_moves(), p.count_moves());
}

/// A game that draws element 1's figure (found by search; the figure does
/// not give the order of the moves).
#[test]
fn element_1_position_is_reached_by_play() {
    let game = "5+ 1-6-5; 3-7-4; 6.5-8-7.4; 3-9-3>";
    assert_eq!(replay(game).last().unwrap(), &pos(ELEMENT_1_FULL));
    assert_eq!(
        canonical(game),
        vec!["1-6-5", "3-7-4", "6.5-8-7.4", "3-9-3>"]
    );
}

// ---------------------------------------------------------------- element 3

#[test]
fn element_3_basic_moves_and_sites() {
    let all = replay("2+ 1-3-2; 2-4-2");
    assert_eq!(all[1], pos("1,3,2,3"));
    assert_eq!(all[2], pos("1,3,2,4,2,3/2,4"));
    // "The first 3 refers to the right site of spot 3, and the second 3 to
    // the left site": 3's right site is followed by B = 2, its left by A = 1.
    let p = &all[2];
    let outer = p
        .regions()
        .iter()
        .position(|r| r.boundaries()[0].sites().len() == 6)
        .unwrap();
    assert_eq!(regions_where_followed(p, 3, 2), vec![outer]);
    assert_eq!(regions_where_followed(p, 3, 1), vec![outer]);
    // 4's left site (followed by A = 2, "accessible to other sites on A's
    // boundary") is in the outer region, its right site inside the loop.
    let inner = 1 - outer;
    let mut both = regions_where_followed(p, 4, 2);
    both.sort();
    assert_eq!(both, vec![0, 1]);
    assert!(holds(p, inner, 4) && holds(p, outer, 4));
    assert_eq!(p.regions()[inner].boundaries()[0].len(), 2);
}

/// Element 3's second move is written `2-4-2`; the canonical text adds `=`
/// ("If there are no other boundaries to separate, the separation is
/// written '='", element 5; docs/notations.md#hoey), and the short form is read.
#[test]
fn element_3_canonical_texts() {
    assert_eq!(canonical("2+ 1-3-2; 2-4-2"), vec!["1-3-2", "2-4-2="]);
    assert_eq!(replay("2+ 1-3-2; 2-4-2="), replay("2+ 1-3-2; 2-4-2"));
    // Endpoints may be written the other way round; canonical is lower first.
    assert_eq!(canonical("2+ 2-3-1"), vec!["1-3-2"]);
}

// ---------------------------------------------------------------- element 4

#[test]
fn element_4_pier_sites() {
    let all = replay("4+ 1-5-2; 3-6-4");
    let p = all.last().unwrap();
    assert_eq!(p, &pos("1,5,2,5;3,6,4,6"));
    let cases = [
        ("5.1-7-6.3", "1,2,7,3,4,7"),
        ("5.1-7-6.4", "1,2,7,4,3,7"),
        ("5.2-7-6.3", "1,7,3,4,7,2"),
        ("5.2-7-6.4", "1,7,4,3,7,2"),
    ];
    let mut results = Vec::new();
    for (m, abbr) in cases {
        let q = play(p, m);
        assert_eq!(q.to_hoey(), abbr, "{m}");
        assert_eq!(q.reduced(), pos(abbr).reduced(), "{m}");
        assert_eq!(canon(p, m), m);
        results.push(q.reduced());
    }
    results.sort();
    results.dedup();
    assert_eq!(results.len(), 4);
    // These are all the ways of connecting 5 and 6.
    assert_eq!(moves_between(p, 5, 6), 4);
    // Without the site suffixes the move is ambiguous.
    let e = "5-7-6".parse::<HoeyMove>().unwrap().to_move(p).unwrap_err();
    assert!(e.is_ambiguous());
    assert_eq!(e.candidates(), &cases.map(|c| c.0.to_string()));
    // Left site of 5 is 5.1 (followed by A = 1), right site 5.2.
    assert_eq!(regions_where_followed(p, 5, 1), vec![0]);
}

// ---------------------------------------------------------------- element 5 and docs/notations.md §2

const ELEMENT_5_GAME: &str = "5+ 1-6-2; 3-7-4; 1-8-2>; 3-9-4>1";

#[test]
fn element_5_boundary_separations() {
    let all = replay(ELEMENT_5_GAME);
    // Hoey's text, with `-` inside boundaries.
    assert_eq!(all[4], pos("1-6-2-8;3-9-4-7/1-8-2-6/3-7-4-9;5"));
    assert_eq!(
        canonical(ELEMENT_5_GAME),
        vec!["1-6-2", "3-7-4", "1-8-2>", "3-9-4>1"]
    );
}

#[test]
fn notes_section_2_intermediate_positions() {
    let all = replay(ELEMENT_5_GAME);
    assert_eq!(all[2], pos("1,6,2,6;3,7,4,7;5"));
    assert_eq!(all[3], pos("1,8,2,6/2,8,1,6;3,7,4,7;5"));
    assert_eq!(all[4], pos("1,8,2,6/3,9,4,7;2,8,1,6/4,9,3,7;5"));
    assert_eq!(all[4].to_hoey_full(), "1,8,2,6/3,9,4,7;2,8,1,6/4,9,3,7;5");
    assert_eq!(all[4], pos("1-6-2-8;3-9-4-7/1-8-2-6/3-7-4-9;5"));
    // 1-8-2>: nothing goes to the right site of 8 (followed by 2); the other
    // boundaries are with its left site (followed by 1).
    let p = &all[3];
    let right = regions_where_followed(p, 8, 2);
    let left = regions_where_followed(p, 8, 1);
    assert_eq!(right.len(), 1);
    assert_eq!(left.len(), 1);
    assert_eq!(p.regions()[right[0]].boundaries().len(), 1);
    assert!(holds(p, left[0], 5) && holds(p, left[0], 3));
    // 3-9-4>1: the boundary of 1 goes to the right site of 9 (followed by
    // 4), 5 stays on the left (followed by 3).
    let p = &all[4];
    let right = regions_where_followed(p, 9, 4);
    let left = regions_where_followed(p, 9, 3);
    assert!(holds(p, right[0], 1) && !holds(p, right[0], 5));
    assert!(holds(p, left[0], 5) && !holds(p, left[0], 1));
    // The written direction matters: the same text with `<1` puts 1 left.
    let q = play(&all[3], "3-9-4<1");
    assert_ne!(q, all[4]);
    assert_eq!(q, pos("1,8,2,6/3,9,4,7;5/4,9,3,7;2,8,1,6"));
    // The spots written after `>` may be any live spot of the boundary.
    assert_eq!(play(&all[3], "3-9-4>2"), all[4]);
    assert_eq!(canon(&all[3], "3-9-4>2"), "3-9-4>1");
}

/// docs/notations.md#same-move's formulas, move by move, on structural moves.
#[test]
fn notes_section_2_formulas() {
    // Join: [a, r1...] and [b, r2...] give [a, c, b, r2..., b', c, a', r1...];
    // b' is left out for a lone spot b.
    let p = pos("1,4,2,4;3"); // after 1-4-2 from three spots
    let m = Move::new(0, SiteRef::new(0, 2), SiteRef::new(1, 0), vec![]); // 2 to 3
    let q = p.play(&m).unwrap();
    assert_eq!(q.to_hoey_full(), "2,5,3,5,2,4,1,4");
    assert_eq!(q, pos("2,5,3,5,2,4,1,4"));
    // Split: [a, A..., b, Bs...] gives X = [a, c, b, Bs...] (right site of c)
    // and Y = [b, c, a, A...] (left site); listed boundaries go to X.
    let p = pos("1,6,2,6;3,7,4,7;5");
    let m = Move::new(0, SiteRef::new(0, 0), SiteRef::new(0, 2), vec![2]); // 1 to 2, 5 right
    let q = p.play(&m).unwrap();
    assert_eq!(q, pos("1,8,2,6;5/2,8,1,6;3,7,4,7"));
    // Written with the shortest list, then the lowest numbers: 3 goes left.
    assert_eq!(HoeyMove::from_move(&p, &m).unwrap().to_string(), "1-8-2<3");
    let m = Move::new(0, SiteRef::new(0, 2), SiteRef::new(0, 0), vec![2]); // 2 to 1, 5 right
    let q = p.play(&m).unwrap();
    assert_eq!(q, pos("2,8,1,6;5/1,8,2,6;3,7,4,7"));
    assert_eq!(HoeyMove::from_move(&p, &m).unwrap().to_string(), "1-8-2>3");
    // Loop on a lone spot: X = [a, c], Y = [a, c].
    let p = Position::start(2, Variant::Normal);
    let q = p
        .play(&Move::new(
            0,
            SiteRef::new(0, 0),
            SiteRef::new(0, 0),
            vec![1],
        ))
        .unwrap();
    assert_eq!(q, pos("1,3;2/1,3"));
    // Loop on a spot of degree 1: X = [a, c], Y = [a, c, a, rest...].
    let p = pos("1,3,2,3");
    let q = p
        .play(&Move::new(
            0,
            SiteRef::new(0, 0),
            SiteRef::new(0, 0),
            vec![],
        ))
        .unwrap();
    assert_eq!(q, pos("1,4/1,4,1,3,2,3"));
    assert_eq!(q.degree(1), 3);
    assert_eq!(q.degree(4), 2);
}

/// docs/notations.md#moves: "the same move". Moves that differ only in where a
/// boundary with no live spot goes are one move; so are a split and the
/// same split drawn backwards with the sides exchanged, and the two mirror
/// images of a split whose two new boundaries read the same.
#[test]
fn notes_section_2_same_move() {
    // After 1-3-1>; 1-4-3=, the outer region holds the dead boundary 1,3
    // beside 2; a loop on 2 then leaves it beside 2,5 on one side only.
    let all = replay("2+ 1-3-1>; 1-4-3=; 2-5-2");
    let p = all.last().unwrap();
    let (ri, r) = p
        .regions()
        .iter()
        .enumerate()
        .find(|(_, r)| r.boundaries().len() == 2)
        .expect("a region with two boundaries");
    let live = r
        .boundaries()
        .iter()
        .position(|b| b.sites().iter().any(|&s| p.is_live(s)))
        .unwrap();
    let dead = 1 - live;
    assert!(r.boundaries()[dead].sites().iter().all(|&s| !p.is_live(s)));
    let sites = r.boundaries()[live].sites();
    assert_eq!(sites.len(), 2);
    let (i2, i5) = if sites[0] == 2 { (0, 1) } else { (1, 0) };
    assert_eq!((sites[i2], sites[i5]), (2, 5));
    let a = Move::new(ri, SiteRef::new(live, i2), SiteRef::new(live, i5), vec![]);
    let b = Move::new(
        ri,
        SiteRef::new(live, i2),
        SiteRef::new(live, i5),
        vec![dead],
    );
    assert_ne!(p.play(&a).unwrap(), p.play(&b).unwrap());
    assert!(p.same_move(&a, &b));
    assert_eq!(p.play(&a).unwrap().reduced(), p.play(&b).unwrap().reduced());
    // Only one of the two is listed by the generator.
    assert_eq!(moves_between(p, 2, 5), 1);
    assert_eq!(canon(p, "2-6-5"), "2-6-5=");

    // A split drawn backwards with its sides exchanged is the same move.
    let p = pos("1,6,2,6;3,7,4,7;5");
    let x = Move::new(0, SiteRef::new(0, 0), SiteRef::new(0, 2), vec![1]);
    let y = Move::new(0, SiteRef::new(0, 2), SiteRef::new(0, 0), vec![2]);
    let z = Move::new(0, SiteRef::new(0, 2), SiteRef::new(0, 0), vec![1]);
    assert!(p.same_move(&x, &y));
    assert!(!p.same_move(&x, &z));
    assert_eq!(p.reverse_move(&x), y);

    // A loop on a lone spot has two equal new regions [1,4] and [1,4]: with
    // three spots, 2 and 3 together (inside or out) is one move, 2 and 3
    // apart another.
    let p = Position::start(3, Variant::Normal);
    let lp = |right: Vec<usize>| Move::new(0, SiteRef::new(0, 0), SiteRef::new(0, 0), right);
    assert!(p.same_move(&lp(vec![]), &lp(vec![1, 2])));
    assert!(p.same_move(&lp(vec![1]), &lp(vec![2])));
    assert!(!p.same_move(&lp(vec![]), &lp(vec![1])));
    assert_eq!(moves_between(&p, 1, 1), 2);
}

// ---------------------------------------------------------------- element 6

#[test]
fn element_6_first_example() {
    let all = replay("2+ 1-3-1>");
    let p = all.last().unwrap();
    assert_eq!(p, &pos("1,3;2/1,3"));
    assert_eq!(canonical("2+ 1-3-1>"), vec!["1-3-1>"]);
    let a = play(p, "1-4-3>2"); // 6b: in the region holding 2
    let b = play(p, "1-4-3="); // 6d: in the empty region
    assert_ne!(a.reduced(), b.reduced());
    assert_eq!(canon(p, "1-4-3>2"), "1-4-3>2");
    assert_eq!(canon(p, "1-4-3="), "1-4-3=");
    assert_eq!(moves_between(p, 1, 3), 2);
    // 1-4-3>2 is drawn in the region with 2; 1-4-3= is not.
    let with_2 = |q: &Position| {
        q.regions().iter().any(|r| {
            let spots: Vec<u32> = r
                .boundaries()
                .iter()
                .flat_map(|b| b.sites().to_vec())
                .collect();
            spots.contains(&2) && spots.contains(&4)
        })
    };
    assert!(with_2(&a));
    assert!(!with_2(&b));
    assert_eq!(a, pos("1,3/1,4,3;2/3,4,1"));
    assert_eq!(b, pos("1,4,3/3,4,1/1,3;2"));
    // Hoey: the move "must be written 1-4-3>2 or 1-4-3=". The library reads
    // the bare text leniently: in the region holding 2 a separation is
    // required, so only the empty region's move fits.
    assert_eq!(play(p, "1-4-3"), b);
    // 1 and 3 die, so both new regions read 4 alone: 2 on the left is the
    // same move as 2 on the right.
    assert_eq!(play(p, "1-4-3<2").reduced(), a.reduced());
    assert_eq!(canon(p, "1-4-3<2"), "1-4-3>2");
    assert_eq!(canon(p, "3-4-1<2"), "1-4-3>2");
    // An empty list fits both regions.
    let e = "1-4-3>"
        .parse::<HoeyMove>()
        .unwrap()
        .to_move(p)
        .unwrap_err();
    assert_eq!(
        e.candidates(),
        &["1-4-3=".to_string(), "1-4-3>2".to_string()]
    );
}

#[test]
fn element_6_second_example() {
    let game = "3+ 1-4-2; 2-5-3; 1-6-5.2";
    let all = replay(game);
    let p = all.last().unwrap();
    assert_eq!(p.reduced(), pos("1,4,2,3,6/1,6,2,4").reduced());
    assert_eq!(p.to_hoey(), "1,6,2,4/1,4,2,3,6");
    // Hoey writes the third move without `=`; canonically it has one.
    assert_eq!(canonical(game), vec!["1-4-2", "2-5-3", "1-6-5.2="]);
    let big = play(p, "4-7-6>1"); // in the region containing 3
    let small = play(p, "4-7-6<1"); // in the smaller region
    assert_ne!(big.reduced(), small.reduced());
    assert_eq!(canon(p, "4-7-6>1"), "4-7-6>1");
    assert_eq!(canon(p, "4-7-6<1"), "4-7-6<1");
    let shares = |q: &Position, x: u32, y: u32| {
        q.regions().iter().any(|r| {
            let spots: Vec<u32> = r
                .boundaries()
                .iter()
                .flat_map(|b| b.sites().to_vec())
                .collect();
            spots.contains(&x) && spots.contains(&y)
        })
    };
    assert!(shares(&big, 7, 3));
    assert!(!shares(&small, 7, 3));
    // 6c: 1 goes to the right site of 7 (followed by 6) in 4-7-6>1, to the
    // left site (followed by 4) in 4-7-6<1.
    let right = regions_where_followed(&big, 7, 6);
    assert!(holds(&big, right[0], 1));
    let left = regions_where_followed(&small, 7, 4);
    assert!(holds(&small, left[0], 1));
    assert_eq!(moves_between(p, 4, 6), 2);
    // Without a separation (or with `=`, 6d) the text names neither move.
    for text in ["4-7-6", "4-7-6="] {
        let r = text.parse::<HoeyMove>().unwrap().to_move(p);
        assert!(r.is_err(), "{text} resolved to {r:?}");
    }
}

// ---------------------------------------------------------------- docs/notations.md §5

#[test]
fn notes_section_5_checked_examples() {
    // Abbreviation example.
    assert_eq!(pos(ELEMENT_1_FULL).to_hoey(), ELEMENT_2_ABBR);
    // After 1-5-2; 3-6-4, 5.1-7-6.3 gives 1,2,7,3,4,7 (abbreviated).
    let all = replay("4+ 1-5-2; 3-6-4; 5.1-7-6.3");
    assert_eq!(all[3].to_hoey(), "1,2,7,3,4,7");
    // After 1-4-2; 2-5-3; 1-6-5.2 the position is 1,4,2,3,6/1,6,2,4.
    let all = replay("3+ 1-4-2; 2-5-3; 1-6-5.2");
    assert_eq!(all[3].reduced(), pos("1,4,2,3,6/1,6,2,4").reduced());
    // After 1-3-1> (N = 2) it is 1,3;2/1,3.
    assert_eq!(replay("2+ 1-3-1>")[1], pos("1,3;2/1,3"));
    // A lone degree-0 spot still has a move: its region is kept; regions
    // whose spots have fewer than two lives in all are left out.
    let p = replay("2+ 1-3-1>; 1-4-3=").pop().unwrap();
    assert_eq!(p.to_hoey(), "2");
    let p = replay("2+ 1-3-1>; 1-4-3>2").pop().unwrap();
    assert_eq!(p.to_hoey(), "4t;2");
    // `o` marks a degree-1 spot alone on its boundary.
    let o = pos("4o;2");
    assert_eq!((o.degree(4), o.degree(2)), (1, 0));
    assert_eq!(o.to_hoey(), "4o;2");
}

/// docs/notations.md, WGOSA rule 4: candidates that leave the same position are one
/// move, and the marks (`@`, `!`, `<`/`>`) only choose between different
/// moves. After `1-3-2; 1-4-2`, spots 3 and 4 are pivots of two regions that
/// each hold the live spots 1 and 2; joining 3 and 4 in either region leaves
/// the same position, so no notation needs a mark, and none is written.
#[test]
fn notes_section_4_same_move_in_two_regions() {
    use sprouts::notation::Notation;
    let p = &replay("2+ 1-3-2; 1-4-2=")[2];
    // An independent check that the two drawings are one move: the model
    // lists one distinct move between 3 and 4, though it can be drawn in
    // two regions.
    let drawings: Vec<Move> = p
        .legal_moves()
        .filter(|m| {
            let (a, b) = p.endpoints(m).unwrap();
            (a.min(b), a.max(b)) == (3, 4)
        })
        .collect();
    assert_eq!(moves_between(p, 3, 4), 1);
    assert!(p.regions().len() == 2 && holds(p, 0, 1) && holds(p, 1, 1));
    assert!(drawings.iter().all(|m| p.same_move(m, &drawings[0])));
    for (game, notation) in [
        ("2+ 1(3)2 1(4)2 3(5)4", Notation::Wgosa),
        ("2+ 1(3)2 1(4)2 4(5)3", Notation::Wgosa),
        ("2+ 1-3-2; 1-4-2=; 3-5-4", Notation::Hoey),
        ("2+ 1-3-2; 1-4-2=; 3-5-4=", Notation::Hoey),
        ("2+ 1<3>2 1<4>2 3<5>4", Notation::Lhp),
    ] {
        let g = &Transcript::read_all(game, None).unwrap()[0];
        assert_eq!(g.notation, notation);
        let r = g.replay().unwrap_or_else(|e| panic!("{game}: {e}"));
        let want = p.play(&drawings[0]).unwrap().reduced();
        assert_eq!(r.position().reduced(), want, "{game}");
        assert_eq!(r.to_notation(Notation::Wgosa), "2+ 1(3)2 1(4)2 3(5)4");
        assert_eq!(r.to_notation(Notation::Hoey), "2+ 1-3-2; 1-4-2=; 3-5-4=");
        assert_eq!(r.to_notation(Notation::Lhp), "2+ 1<3>2 1<4>2 3<5>4");
    }
}

/// When the candidates left are different moves in different regions, the
/// error lists them, written so that each names one, and says what to add.
#[test]
fn notes_section_4_region_ambiguity_lists_the_moves() {
    let g = &Transcript::read_all("2+ 1(3)2 1(4)2 3(5)1", None).unwrap()[0];
    assert_eq!(
        g.replay().unwrap_err().to_string(),
        "move 3 (3(5)1): ambiguous (say which region with @): 2 moves fit: 1(5@2)3, 3(5@2)1"
    );
    for fix in ["1(5@2)3", "3(5@2)1"] {
        let text = format!("2+ 1(3)2 1(4)2 {fix}");
        let r = Transcript::read_all(&text, None).unwrap()[0]
            .replay()
            .unwrap();
        assert_eq!(r.texts(sprouts::notation::Notation::Wgosa)[2], fix);
    }
}
