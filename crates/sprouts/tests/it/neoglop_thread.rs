//! Every example string of the neo-GLOP thread of 2008-9 and docs/notations.md#glop:
//! each reads (or, where the thread is wrong or shows another notation,
//! the test shows the corrected text and the reason), and every equivalence
//! stated there holds up to the canonical form.

use sprouts::canon::canonical;
use sprouts::model::Variant;
use sprouts::notation::neoglop::{self, NeoGlop, Topology};
use sprouts::notation::{glop1, glop2};

fn canon(text: &str) -> String {
    let p = neoglop::parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    canonical(&p).to_string()
}

fn same(a: &str, b: &str) {
    assert_eq!(canon(a), canon(b), "{a} and {b} should name one position");
}

/// The writer's text of a position, after checking that it reads back to
/// a position that writes the same text and is the same game.
fn write(text: &str) -> String {
    let p = neoglop::parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let w = p.to_neoglop();
    let q = neoglop::parse_position(&w).unwrap_or_else(|e| panic!("{w}: {e}"));
    assert_eq!(q.to_neoglop(), w);
    assert_eq!(canonical(&q), canonical(&p));
    w
}

fn error(text: &str) -> String {
    neoglop::parse_position(text)
        .map(|p| p.to_neoglop())
        .expect_err(text)
        .to_string()
}

#[test]
fn glop1_examples_and_their_neo_glop_form() {
    // "0.0.AB.}AB.}]! ... the above would be 0.0.AB/AB"
    let g = glop1::parse_position("0.0.AB.}AB.}]!").unwrap();
    let n = neoglop::parse_position("0.0.AB/AB").unwrap();
    assert_eq!(g, n);
    assert_eq!(g.to_neoglop(), "0.0.AB/AB");
    // "instead of 0.0.0.0.}], use: 0*4.}] (GLOP uses the above now)"
    let four = glop1::parse_position("0.0.0.0.}]").unwrap();
    assert_eq!(glop1::parse_position("0*4.}]").unwrap(), four);
    assert_eq!(four, neoglop::parse_position("<0.>4").unwrap());
    // Yper's long example, as GLOP 1.0 (he left out the final `]!`).
    let long = "0.0.0.0.2.2.2.2.2.AB.CD.EF.}AB.}CD.}EF.}";
    let p = glop1::parse_position(long).unwrap();
    assert_eq!(
        canonical(&p),
        canonical(&neoglop::parse_position("<0.>4<2.>5AB.CD.EF/AB/CD/EF").unwrap())
    );
    // docs/notations.md#glop.
    let five = glop1::parse_position("0.0.0.0.0.}]!").unwrap();
    assert_eq!(five.to_hoey(), "1;2;3;4;5");
    assert_eq!(
        glop1::parse_position("1AB.}AB.}]!").unwrap(),
        neoglop::parse_position("1AB/AB").unwrap()
    );
}

#[test]
fn glop2_examples() {
    let p = glop2::parse_position("12.AB|AB+0.2ABC|0.1ab1bc2ca.ACB").unwrap();
    assert_eq!(
        p,
        neoglop::parse_position("12.AB/AB+0.2ABC/0.1ab1bc2ca.ACB").unwrap()
    );
    assert_eq!(p.to_glop2(), "12.AB|AB+0.2ABC|0.1ab1bc2ca.ACB");
    assert_eq!(
        glop2::parse_position("0*5").unwrap(),
        neoglop::parse_position("0.0.0.0.0").unwrap()
    );
    assert_eq!(glop2::parse_position("0*12").unwrap().lives(), 36);
}

#[test]
fn repetitions() {
    // "<0.>4 means 0.0.0.0" (with a trailing separator, ignored).
    same("<0.>4", "0.0.0.0");
    // "<1.2A/>2 means 1.2A/1.2A"
    same("<1.2A/>2", "1.2A/1.2A");
    // "<12>32 means 1212122"
    same("<12>32", "1212122");
    // "<(>3<(<)>2>3 means (((())())())": only the expansion (it is not a
    // position: `()` holds no site).
    assert_eq!(
        error("<(>3<(<)>2>3"),
        "at byte 7: expected a site inside '( )', found ')'"
    );
    // The count is one digit: `<0.>12` is `<0.>1` followed by `2`.
    same("<0.>12", "0.2");
}

#[test]
fn parentheses() {
    // "we can write .abacbc. as .(b)(b)." The leading and trailing dots are
    // GLOP 1.0 habits; neo-GLOP has no leading separator.
    same("abacbc", "(b)(b)");
    assert_eq!(
        error(".(b)(b)."),
        "at byte 0: expected a site, '(' or '[', found '.'"
    );
    // ".abcabc." (a torus position) reads: the model does not check planarity
    // of abbreviated positions.
    assert_eq!(
        neoglop::parse_position("abcabc").unwrap().to_neoglop(),
        "abcabc"
    );
}

#[test]
fn partial_positions_of_the_first_message() {
    // "So ^x:xA/A1%xx.x means AB.C/AD/D1/BE/E1/CF/F1"
    same("^x:xA/A1%xx.x", "AB.C/AD/D1/BE/E1/CF/F1");
    assert_eq!(
        neoglop::parse_position("^x:xA/A1%xx.x")
            .unwrap()
            .to_neoglop(),
        "^r:r1^s:sr:ss.s"
    );
    // "^x:x((1))%^z:x.xz%zzx means ABC/D.EA/D((1))/E((1))/F.GB/F((1))/G((1))/C((1))"
    same(
        "^x:x((1))%^z:x.xz%zzx",
        "ABC/D.EA/D((1))/E((1))/F.GB/F((1))/G((1))/C((1))",
    );
    // "^xyz:1xy2z.2%xy[z1[xyz]yx]z would mean ABF1GHJEDC/1AB2C.2/1DE2F.2/1GH2J.2"
    same(
        "^xyz:1xy2z.2%xy[z1[xyz]yx]z",
        "ABF1GHJEDC/1AB2C.2/1DE2F.2/1GH2J.2",
    );
    // "^xyz^tuv:x(y(z))%xtuyvz for ADEBFC/A(B(C))/D(E(F))"
    same("^xyz^tuv:x(y(z))%xtuyvz", "ADEBFC/A(B(C))/D(E(F))");
    // "^xyzw:xyzw1=xyzw=xywz refers to the (nonplanar) position ABCD1/ABDC1"
    same("^xyzw:xyzw1=xyzw=xywz", "ABCD1/ABDC1");
}

#[test]
fn partial_positions_whose_text_in_the_thread_is_wrong() {
    // "^xy%xy.xy means AB.CD/AB/CD": the partial position's `:` and land are
    // missing (each copy is the region AB, so the land is `xy`).
    assert_eq!(
        error("^xy%xy.xy"),
        "at byte 3: expected a letter, '^' or ':', found '%'"
    );
    same("^xy:xy%xy.xy", "AB.CD/AB/CD");
    // "we need ^xy^zw:xy%xz.yw to refer to AC.BD/AB/CD"
    same("^xy^zw:xy%xz.yw", "AC.BD/AB/CD");
    // "^xy%Axy/A1xy means ABC/A1CD/BC/CD": the land is missing again, and
    // the meaning lists C in three regions, which no position does; the
    // boundary rule makes each boundary `Axy` and `A1xy` one copy.
    assert_eq!(
        error("ABC/A1CD/BC/CD"),
        "invalid position: letter C at byte 10 is in a third region of the land at byte 0 (first at byte 2; a letter names a spot with 1 life listed exactly twice: twice in one region, or once in each of two regions)"
    );
    same("^xy:xy%Axy/A1xy", "ABC/A1DE/BC/DE");
}

#[test]
fn joins_and_the_scc_tree_examples() {
    // "^xy^st^uv:xy=xsu=tvy! ... a long way of saying AB/BC/CA!"
    same("^xy^st^uv:xy=xsu=tvy!", "AB/BC/CA!");
    // A partial position alone ("the empty loop partial position
    // ^xy^st^uv:xy!") is not a position.
    assert_eq!(
        error("^xy^st^uv:xy!"),
        "invalid position: the text ends (byte 12) after its partial positions: a position is expected after them, introduced by ':' or '%', or joins '=...=...'"
    );
    // "consider the position 0.A/AB/BC.DE/0.C/DF/EF! ... So the partial
    // position notation would be ^x:0.x%^yz:yA/zA%^s:sx%^t:tx.yz=s=t!"
    same(
        "0.A/AB/BC.DE/0.C/DF/EF!",
        "^x:0.x%^yz:yA/zA%^s:sx%^t:tx.yz=s=t!",
    );
    // "Then this position would be ^r:0.r^st:sA/tA^u:ru^v:rv.st=u=v!"
    same(
        "0.A/AB/BC.DE/0.C/DF/EF!",
        "^r:0.r^st:sA/tA^u:ru^v:rv.st=u=v!",
    );
    // The writer uses this construction. It keeps every boundary's stored
    // rotation, so the thread's text (which reads region BC.DE from C)
    // is the written form of the same position stored with CB.DE; from
    // BC.DE the last partial position reads `vr.st`.
    assert_eq!(
        write("0.A/AB/CB.DE/0.C/DF/EF"),
        "^r:0.r^st:sA/tA^u:ru^v:rv.st=u=v"
    );
    assert_eq!(
        write("0.A/AB/BC.DE/0.C/DF/EF"),
        "^r:0.r^st:sA/tA^u:ru^v:vr.st=u=v"
    );
    assert_eq!(
        write("^r:0.r^st:sA/tA^u:ru^v:rv.st=u=v!"),
        "^r:0.r^st:sA/tA^u:ru^v:rv.st=u=v"
    );
    // "So 0.A/AB/0.B+0.A/AB/BC/0.C+0.A/AB/BC/CD/0.D+0.A/AB/BC/CD/DE/0.E
    // would be written ^r:0.r^s:rs^t:st=s=s=t=t+rr+ss!"
    same(
        "0.A/AB/0.B+0.A/AB/BC/0.C+0.A/AB/BC/CD/0.D+0.A/AB/BC/CD/DE/0.E",
        "^r:0.r^s:rs^t:st=s=s=t=t+rr+ss!",
    );
    // Written back: co-parent pairs first, then roots; alike partial
    // positions are defined once when they are written alike (here with
    // the rotations the thread's text implies).
    assert_eq!(
        write("0.A/AB/0.B+0.A/AB/CB/0.C+0.A/AB/BC/DC/0.D+0.A/AB/BC/DC/ED/0.E"),
        "^r:0.r^s:rs^t:st=s=s=t=t+rr+ss"
    );
    assert_eq!(
        write("0.A/AB/0.B+0.A/AB/BC/0.C+0.A/AB/BC/CD/0.D+0.A/AB/BC/CD/DE/0.E"),
        "^r:0.r^s:rs^t:tr^u:su^v:vt=s=t=u=v+rr+st"
    );
    // "...placed in the database as r:2r^s:rs^t:st=s=s=t=t+rr+ss!": the
    // leading `^` is missing. With it, the text reads; it is another
    // position (the thread's `^r:0.r = ^r:2r` is an equality of game
    // values, not of positions).
    assert_eq!(
        error("r:2r^s:rs^t:st=s=s=t=t+rr+ss!"),
        "invalid position: letter r at byte 0 occurs only once in the land at byte 0 (a letter names a spot with 1 life listed exactly twice: twice in one region, or once in each of two regions; write 2 for one listed once)"
    );
    same(
        "^r:2r^s:rs^t:st=s=s=t=t+rr+ss!",
        "2A/AB/2B+2A/AB/BC/2C+2A/AB/BC/CD/2D+2A/AB/BC/CD/DE/2E",
    );
    assert_ne!(canon("^x:x.0%xx"), canon("^x:x2%xx"));
    // "^xy:xyAB/BC/CA=xy=xy! for ABCD/ABEF/CG/GD/EH/HF!"
    same("^xy:xyAB/BC/CA=xy=xy!", "ABCD/ABEF/CG/GD/EH/HF!");
    // Here the thread puts the cut region ABCD in one partial position with
    // the cycle CG/GD below it, unlike its worked example above, where the
    // cut region BC.DE is a node of its own apart from DF/EF (the heights
    // it gives need that). The writer follows the worked example: every
    // region that is a cut vertex of the region graph is a node.
    assert_eq!(write("ABCD/ABEF/CG/GD/EH/HF"), "^rs:rA/As^tu:turs=tu=tu");
    // Lands without a cut region are written plainly.
    assert_eq!(write("AB/BD/DA"), "AB/BD/DA");
    assert_eq!(write("0.0.AB/AB+1"), "0.0.AB/AB+1");
    // Several copies of a partial position with several parameters in one
    // land: one parameter set per copy.
    assert_eq!(
        write("^xyz:1xy2z.2%xy[z1[xyz]yx]z"),
        "^rst^uvw^xyz:1rs2t.2:rsw1xyzvut"
    );
    same(
        "^rst^uvw^xyz:1rs2t.2:rsw1xyzvut",
        "ABF1GHJEDC/1AB2C.2/1DE2F.2/1GH2J.2",
    );
}

#[test]
fn topologies_and_labels() {
    // Josh's "0.0C3+1<1>T3" uses <...> for his parentheses; in the grammar
    // of the thread <...> is a repetition and needs a count.
    assert_eq!(
        error("0.0C3+1<1>T3"),
        "at byte 10: expected a repetition count (one digit) after '>', found 'T'"
    );
    let g: NeoGlop = "0.0C3+1(1)T3".parse().unwrap();
    assert_eq!(
        g.topologies(),
        &[Some(Topology::Crosscap(3)), Some(Topology::Torus(3))]
    );
    assert_eq!(g.to_string(), "0.0C3+1a1aT3");
    let g: NeoGlop = "0T3+1(1)T3".parse().unwrap();
    assert!(!g.is_planar());
    // Each region keeps its own topology, and the writer gives it back.
    assert_eq!(write("0T3+1(1)T3"), "0T3+1a1aT3");
    // T and C are letters when some T (C) is not a topology.
    same("ABCD1/ABDC1", "ABXD1/ABDX1");
    let g: NeoGlop = "14-:0.0.AB/AB!".parse().unwrap();
    assert_eq!(g.label().unwrap().spots, Some(14));
    assert_eq!(g.position().variant(), Variant::Misere);
    assert_eq!(g.to_string(), "14-:0.0.AB/AB");
}

#[test]
fn pivot_loop_notation_is_not_neo_glop() {
    // "0.2(L1)<(P2)>, which means 0.2AB<C>/0.AB/0.0.C" mixes Dan's
    // pivot/loop notation (L, P, <C>) into neo-GLOP; neither reads here.
    assert_eq!(
        error("0.2(L1)<(P2)>"),
        "at byte 13: expected a repetition count (one digit) after '>', found the end of the text"
    );
    assert_eq!(
        error("0.2AB<C>/0.AB/0.0.C"),
        "at byte 8: expected a repetition count (one digit) after '>', found '/'"
    );
}

#[test]
fn separators() {
    same("0.0.AB/AB/", "0.0.AB/AB");
    same("0.0.AB./AB.+", "0.0.AB/AB");
    same("0%0", "0+0");
    assert_eq!(neoglop::parse_position("").unwrap().regions().len(), 0);
    assert_eq!(
        error("0!x"),
        "at byte 2: expected the end of the text after '!', found 'x'"
    );
}
