//! The GLOP 1.0, GLOP 2 and neo-GLOP readers: exact error messages (what,
//! at which byte), writers, and conversions between the notations.

use sprouts::notation::{glop1, glop2, hoey, neoglop};

fn neo(text: &str) -> String {
    let mut out = neoglop::parse_position(text)
        .map(|p| p.to_neoglop())
        .unwrap_or_else(|e| format!("error: {e}"));
    out.truncate(400);
    out
}

fn g1(text: &str) -> String {
    glop1::parse_position(text)
        .map(|p| p.to_glop1())
        .unwrap_or_else(|e| format!("error: {e}"))
}

fn g2(text: &str) -> String {
    glop2::parse_position(text)
        .map(|p| p.to_glop2())
        .unwrap_or_else(|e| format!("error: {e}"))
}

#[test]
fn neo_glop_syntax_errors() {
    let cases = [
        (
            "0.0$",
            "error: at byte 3: expected a site, '.', '/', '+', '!' or the end of the position, found '$'",
        ),
        (
            "0..0",
            "error: at byte 2: expected a site, '.', '/', '+', '!' or the end of the position, found '.'",
        ),
        (
            "<0.>",
            "error: at byte 4: expected a repetition count (one digit) after '>', found the end of the text",
        ),
        (
            "<0.>x",
            "error: at byte 4: expected a repetition count (one digit) after '>', found 'x'",
        ),
        (
            "0>2",
            "error: at byte 1: expected a site or a separator ('>' ends a repetition <...>n, and none is open), found '>'",
        ),
        (
            "0.<<1>2",
            "error: at byte 7: expected '>' and a count closing the repetition opened at byte 2, found the end of the text",
        ),
        (
            "(1",
            "error: at byte 2: expected a site or ')', found the end of the text",
        ),
        ("(1]", "error: at byte 2: expected a site or ')', found ']'"),
        (
            "()",
            "error: at byte 1: expected a site inside '( )', found ')'",
        ),
        (
            "&;",
            "error: at byte 1: expected a letter after '&' (an extended letter is &word;), found ';'",
        ),
        (
            "&ab",
            "error: at byte 3: expected a letter or ';' ending the extended letter, found the end of the text",
        ),
        (
            "^",
            "error: at byte 1: expected a parameter letter after '^', found the end of the text",
        ),
        (
            "^x1",
            "error: at byte 2: expected a letter, '^' or ':', found '1'",
        ),
        (
            "^x:x1x",
            "error: invalid position: parameter x occurs twice in its partial position (bytes 3 and 5)",
        ),
        (
            "^x:x1",
            "error: invalid position: the text ends (byte 5) after its partial positions: a position is expected after them, introduced by ':' or '%', or joins '=...=...'",
        ),
        (
            "^x:x1/",
            "error: invalid position: the text ends (byte 6) after its partial positions: a position is expected after them, introduced by ':' or '%', or joins '=...=...'",
        ),
        (
            "^x:x1#",
            "error: at byte 5: expected '^', '=', ':' or '%' after a partial position, found '#'",
        ),
        (
            "0 0",
            "error: at byte 1: expected a site, '.', '/', '+', '!' or the end of the position, found ' '",
        ),
        (
            "\u{e9}",
            "error: at byte 0: expected a site, '(' or '[', found '\u{e9}'",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(neo(text), want, "{text}");
    }
}

#[test]
fn neo_glop_meaning_errors() {
    let cases = [
        (
            "0.A",
            "error: invalid position: letter A at byte 2 occurs only once in the land at byte 0 (a letter names a spot with 1 life listed exactly twice: twice in one region, or once in each of two regions; write 2 for one listed once)",
        ),
        (
            "AB/AB+A",
            "error: invalid position: letter A at byte 6 occurs only once in the land at byte 6 (a letter names a spot with 1 life listed exactly twice: twice in one region, or once in each of two regions; write 2 for one listed once)",
        ),
        (
            "AAA",
            "error: invalid position: letter A occurs a third time at byte 2 in region 1 of the land at byte 0 (a letter names a spot with 1 life listed exactly twice: twice in one region, or once in each of two regions)",
        ),
        (
            "A.1.A",
            "error: invalid position: letter A (bytes 0 and 4) lies on two boundaries of one region, which only a region off the plane allows (mark its surface: Tn or Cn in neo-GLOP, @g in GLOP 2)",
        ),
        (
            "^xy:1%xy",
            "error: invalid position: parameter x of the partial position at byte 0 is never used in it",
        ),
        (
            "^xy:x1y%x",
            "error: invalid position: parameter y of ^xy is missing: x at byte 8 needs a whole set",
        ),
        (
            "^xy:x1y%xyxy",
            "error: invalid position: parameter x occurs twice in one boundary (bytes 8 and 10): a copy of ^xy takes each parameter once",
        ),
        (
            "^x:x1%0",
            "error: invalid position: the partial position ^x at byte 0 is never used (a partial position alone is not a position)",
        ),
        (
            "^x^yz:x1%x",
            "error: invalid position: the parameter set at byte 3 has 2 letters, the first set of its partial position 1",
        ),
        (
            "^x:x1^x:x2%xx",
            "error: invalid position: parameter x at byte 6 is declared twice (a parameter belongs to one partial position)",
        ),
        (
            "^x:x1=x=",
            "error: at byte 8: expected a parameter letter after '=', found the end of the text",
        ),
        (
            "^x:x1%=x=x",
            "error: at byte 6: expected a site, '(' or '[', found '='",
        ),
        (
            "^x:x1=x=xx",
            "error: invalid position: the two sides of the join at byte 5 have 1 and 2 parameters",
        ),
        (
            "^x:x1=x=A",
            "error: invalid position: A at byte 8 in a join is not a parameter of a partial position",
        ),
        (
            "^xy:x1y%[x1]y",
            "error: invalid position: the bracket at byte 8 must start and end with a parameter of a partial position ([x...y])",
        ),
        (
            "^xy:x1y%[x1x]y.y",
            "error: invalid position: parameter x occurs twice in one bracket (bytes 9 and 11): a copy of ^xy takes each parameter once",
        ),
        // A letter is a parameter only after its partial position's `^y`.
        (
            "^x:y1^y:y1%x",
            "error: invalid position: letter y at byte 3 occurs only once in the partial position ^x (byte 0) (a letter names a spot with 1 life listed exactly twice: twice in one region, or once in each of two regions; write 2 for one listed once)",
        ),
        (
            "^xy^zw:xz1%xy",
            "error: invalid position: parameter z at byte 8 names a copy of its own partial position; inside it, use the first parameter set",
        ),
        (
            "<<<<<<<0>9>9>9>9>9>9>9",
            "error: invalid position: the repetitions make the text longer than 2097152 bytes (at byte 20)",
        ),
        (
            "<<<<<<<1>9>9>9>9>9>9>2",
            "error: invalid position: the position has more than 1048576 sites (at byte 7)",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(neo(text), want, "{text}");
    }
}

#[test]
fn glop1_errors() {
    let cases = [
        (
            "0.0.AB.}AB}]!",
            "error: at byte 10: expected a site, '*' or '.', found '}'",
        ),
        (
            "0.}0",
            "error: at byte 4: expected a site, '*' or '.', found the end of the text",
        ),
        ("0.]", "error: at byte 2: expected a site or '}', found ']'"),
        ("}", "error: at byte 0: expected a site, found '}'"),
        (
            "0.}]#",
            "error: at byte 4: expected a site, '!' or the end of the position, found '#'",
        ),
        (
            "0.}]!!",
            "error: at byte 5: expected the end of the position after '!', found '!'",
        ),
        (
            "0*.}]!",
            "error: at byte 2: expected a repetition count, found '.'",
        ),
        (
            "0*0.}]!",
            "error: at byte 2: expected a repetition count from 1, found '0'",
        ),
        ("0*2}]!", "error: at byte 3: expected '.', found '}'"),
        (
            "A.}]!",
            "error: invalid position: letter A at byte 0 occurs only once in land 1 (a letter names a spot with 1 life listed exactly twice: twice in one region, or once in each of two regions; write 2 for one listed once)",
        ),
        (
            "A.}]A.}]!",
            "error: invalid position: letter A at byte 0 occurs only once in land 1 (a letter names a spot with 1 life listed exactly twice: twice in one region, or once in each of two regions; write 2 for one listed once)",
        ),
        (
            "01.}]!",
            "error: invalid position: spot 1 has no line but is not alone on its boundary",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(g1(text), want, "{text}");
    }
    assert_eq!(g1(" 0.0.AB.}AB.}]! \n"), "0.0.AB.}AB.}]!");
    assert_eq!(g1("!"), "!");
    // The end of the text closes the last land.
    assert_eq!(g1("0.}"), "0.}]!");
    assert_eq!(g1(""), "!");
}

#[test]
fn glop2_errors() {
    let cases = [
        (
            "0.",
            "error: at byte 2: expected a site, found the end of the text",
        ),
        ("0||0", "error: at byte 2: expected a site, found '|'"),
        (
            "0}",
            "error: at byte 1: expected a site, '*', '.', '|', '+', '@' or the end of the position, found '}'",
        ),
        (
            "0*3x",
            "error: at byte 3: expected '.', '|', '+', '@' or the end of the position, found 'x'",
        ),
        (
            "0@",
            "error: at byte 2: expected a genus after '@', found the end of the text",
        ),
        (
            "0@0x",
            "error: at byte 3: expected '|', '+' or the end of the position, found 'x'",
        ),
        (
            "0@99999",
            "error: at byte 2: expected a genus of at most 65536, found '9'",
        ),
        (
            "0*1234567890",
            "error: at byte 2: expected a repetition count below 1000000000, found '1'",
        ),
        (
            "0*2000000",
            "error: invalid position: the position has more than 1048576 sites (at byte 9)",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(g2(text), want, "{text}");
    }
    // Two regions that share no letter are two lands.
    assert_eq!(g2("0@0|1"), "0+1");
    assert_eq!(g2(""), "");
}

#[test]
fn writers_from_labelled_positions() {
    // Hoey element 1: 1,6,8,7,4,7,3,9,3,7,8,6,5,6;2/3,9 with dead 3 and 7.
    let p = hoey::parse_position("1,6,8,7,4,7,3,9,3,7,8,6,5,6;2/3,9").unwrap();
    assert_eq!(p.to_neoglop(), "1a1Aa1.0/A");
    assert_eq!(p.to_glop1(), "1a1Aa1.0.}A.}]!");
    assert_eq!(p.to_glop2(), "1a1Aa1.0|A");
    let q = neoglop::parse_position(&p.to_neoglop()).unwrap();
    assert_eq!(sprouts::canon::canonical(&p), sprouts::canon::canonical(&q));
    // Abbreviated Hoey marks: `t` is a spot with 1 life listed once (`2`),
    // `o` a lone spot with one line (`1`).
    let p = hoey::parse_position("1,8,4,9t,8,5;2o").unwrap();
    assert_eq!(p.to_neoglop(), "1a12a1.1");
    // More than 24 pivots in a land: extended letters.
    let mut text = String::new();
    let name = |k: u8| format!("&Q{}{};", (b'a' + k / 26) as char, (b'a' + k % 26) as char);
    for k in 0..28 {
        text.push_str(&name(k));
        text.push('1');
    }
    text.push('/');
    for k in 0..28 {
        text.push_str(&name(k));
    }
    let p = neoglop::parse_position(&text).unwrap();
    let written = p.to_neoglop();
    assert!(written.starts_with("A1B1D1"), "{written}");
    assert!(written.contains("Z1&AA;1&AB;1&AC;1&AD;1/"), "{written}");
    assert_eq!(
        sprouts::canon::canonical(&neoglop::parse_position(&written).unwrap()),
        sprouts::canon::canonical(&p)
    );
    let g = p.to_glop1();
    assert!(g.contains("Y1Z1&AA;1&AB;1.}"), "{g}");
    assert_eq!(glop1::parse_position(&g).unwrap(), p);
}

/// The GLOP 1.0 manual's example uses `a` for one pier in the region
/// `0.aaABC.` and for another in `0.1ab1bcDca.ACB.` of the same land: a
/// lower-case letter is local to its region. Its simplified form reads to
/// the same canonical position.
#[test]
fn glop1_manual_example_reuses_a_letter_in_two_regions() {
    let full = glop1::parse_position("1aa.AB.}AB.}]0.aaABC.}0.1ab1bcDca.ACB.}D.}]!").unwrap();
    let simple = glop1::parse_position("12.AB.}AB.}]0.2ABC.}0.1ab1bc2ca.ACB.}]!").unwrap();
    let hoey = "1,2t;3,4/3,4/5;6t,7,8,9/10;11,12,13,14,13,15,16t,15,12;7,9,8";
    assert_eq!(full.to_hoey(), hoey);
    assert_eq!(simple.to_hoey(), hoey);
    // Two `a` piers and the pier `b`, `c` of the second land are 4 spots,
    // not one `a` listed four times.
    assert_eq!(full.live_spots().count(), 16);
    let canonical = sprouts::canon::canonical(&full).to_string();
    assert_eq!(canonical, "0.2ABD/ADB.0.1ab2bc1ca+12.AB/AB");
    assert_eq!(sprouts::canon::canonical(&simple).to_string(), canonical);
}

#[test]
fn lower_case_letters_are_local_to_their_region() {
    // GLOP 2: `a` is a pier of region 1 and another of region 2.
    let p = glop2::parse_position("0.1aa|1aa.AB|AB").unwrap();
    assert_eq!(p.to_hoey(), "1;2,3t/4,5t;6,7/6,7");
    assert_eq!(p.live_spots().count(), 7);
    // The same in neo-GLOP, and the writer names the piers apart.
    let q = neoglop::parse_position("0.1aa/1aa.AB/AB").unwrap();
    assert_eq!(q.to_hoey(), "1;2,3t/4,5t;6,7/6,7");
    assert_eq!(q.to_neoglop(), "0.1aa+1aa.AB/AB");
    // GLOP 1.0: two regions of one land, each with its own `a`.
    let r = glop1::parse_position("1aa.AB.}1aa.AB.}]!").unwrap();
    assert_eq!(r.to_hoey(), "1,2t;3,4/5,6t;3,4");
    // In a partial position: each copy has its own piers, and the land's
    // `aa1` is yet another spot.
    let s = neoglop::parse_position("^x:1aax%x.1aa/aa1").unwrap();
    assert_eq!(s.to_hoey(), "1;2,3t/4t,5/1,6,7t");
    assert_eq!(s.live_spots().count(), 7);
    // A letter listed once in each of two regions is still one spot, in
    // either case (neo-GLOP: any letter for any purpose).
    assert_eq!(
        neoglop::parse_position("ab/ab").unwrap().to_hoey(),
        "1,2/1,2"
    );
    assert_eq!(glop2::parse_position("AB|AB").unwrap().to_hoey(), "1,2/1,2");
}

#[test]
fn letter_errors_with_local_letters() {
    let twice = "a letter names a spot with 1 life listed exactly twice: twice in one region, or once in each of two regions";
    let cases = [
        // Three times in one region, on one boundary or two.
        (g2("1aaa"), format!("error: invalid position: letter a occurs a third time at byte 3 in region 1 of land 1 ({twice})")),
        (g2("aa.a"), format!("error: invalid position: letter a occurs a third time at byte 3 in region 1 of land 1 ({twice})")),
        (neo("0/1a.aa"), format!("error: invalid position: letter a occurs a third time at byte 6 in region 2 of the land at byte 0 ({twice})")),
        // Once in each of three regions.
        (g2("ab|ab|b"), format!("error: invalid position: letter b at byte 6 is in a third region of land 1 (first at byte 1; {twice})")),
        // A pier in one region, and once more in another: that one is alone.
        (g2("aa1|a1"), format!("error: invalid position: letter a at byte 4 occurs only once in land 1 ({twice}; write 2 for one listed once; in region 1 it names another spot, listed twice there)")),
        (g1("1aa.}AB.}aAB.}]!"), format!("error: invalid position: letter a at byte 9 occurs only once in land 1 ({twice}; write 2 for one listed once; in region 1 it names another spot, listed twice there)")),
        // Twice in one region on two boundaries needs a non-planar surface.
        (neo("a1.a1/0"), "error: invalid position: letter a (bytes 0 and 3) lies on two boundaries of one region, which only a region off the plane allows (mark its surface: Tn or Cn in neo-GLOP, @g in GLOP 2)".to_string()),
    ];
    for (got, want) in cases {
        assert_eq!(got, want);
    }
}
