//! The neo-GLOP reader: repetitions, the grammar of the seed thread, and
//! the expansion of partial positions into plain lands.

use std::collections::{BTreeMap, HashMap, VecDeque};

use super::{Label, Topology};
use crate::model::Variant;
use crate::notation::error::{Invalid, PositionTextError, SyntaxError};
use crate::notation::glop_text::letters::{Interner, Item, TextLand, match_land};
use crate::notation::glop_text::lex::{Lex, MAX_SITES, too_many_sites};
use crate::unlabelled::{Shape, ShapeLand, Sym};

/// The longest text `<...>n` repetitions may expand to.
const MAX_EXPANDED: usize = 1 << 21;

/// The topology of each region of each land.
type Topologies = Vec<Vec<Option<Topology>>>;

/// What a neo-GLOP text reads to.
pub(crate) struct Parsed {
    pub(crate) shape: Shape,
    pub(crate) topologies: Topologies,
    pub(crate) label: Option<Label>,
}

/// A site of a template (a land as written, to be copied once per use).
#[derive(Clone, Copy, Debug)]
enum Flat {
    Site(Sym),
    /// An ordinary letter, numbered within its template by `match_land`
    /// (the interned key until then): a fresh spot per copy of the template.
    Named(u32),
    /// The template's own parameter number `pos`.
    Own(usize),
    /// One end of the `k`-th pair of parentheses.
    Paren(u32),
    /// The `k`-th parameter reference (a site of a copy of another partial).
    Param(usize),
}

/// A parameter of another partial position used in a template or a join.
#[derive(Clone, Copy, Debug)]
struct Ref {
    region: usize,
    boundary: usize,
    bracket: u32,
    partial: usize,
    set: usize,
    pos: usize,
    at: usize,
}

/// A group open in a boundary: `(` or `[`, its byte, the number of its
/// pair of parentheses or of its bracket, and where its first item is.
#[derive(Clone, Copy, Debug)]
struct Group {
    kind: u8,
    at: usize,
    number: u32,
    first: usize,
}

/// One copy of a partial position: which reference gives each parameter.
#[derive(Clone, Debug)]
struct Inst {
    partial: usize,
    by_pos: Vec<usize>,
}

#[derive(Default, Debug)]
struct Template {
    regions: Vec<(Vec<Vec<Flat>>, Option<Topology>)>,
    parens: u32,
    refs: Vec<Ref>,
    insts: Vec<Inst>,
}

struct Partial {
    sets: Vec<Vec<u32>>,
    at: usize,
    template: Template,
    used: bool,
}

enum TextPiece {
    Land(Template),
    /// A join: the number of matched pairs, the references, each
    /// reference's pair number, and the copies.
    Join {
        refs: Vec<Ref>,
        pair: Vec<usize>,
        pairs: usize,
        insts: Vec<Inst>,
    },
}

/// Expands `<...>n` repetitions (innermost first), keeping for each byte
/// the byte of `text` it came from.
fn expand(text: &[u8], base: usize) -> Result<(Vec<u8>, Vec<usize>), PositionTextError> {
    let mut stack: Vec<(Vec<u8>, Vec<usize>, usize)> = vec![(Vec::new(), Vec::new(), 0)];
    let mut i = 0;
    let found = |i: usize| {
        let rest = &text[i.min(text.len())..];
        (1..=4.min(rest.len()))
            .find_map(|l| std::str::from_utf8(&rest[..l]).ok())
            .and_then(|s| s.chars().next())
    };
    while i < text.len() {
        match text[i] {
            b'<' => stack.push((Vec::new(), Vec::new(), i)),
            b'>' => {
                if stack.len() == 1 {
                    return Err(SyntaxError::new(
                        base + i,
                        "a site or a separator ('>' ends a repetition <...>n, and none is open)",
                        Some('>'),
                    )
                    .into());
                }
                let n = match text.get(i + 1) {
                    Some(d @ b'0'..=b'9') => (d - b'0') as usize,
                    _ => {
                        return Err(SyntaxError::new(
                            base + i + 1,
                            "a repetition count (one digit) after '>'",
                            found(i + 1),
                        )
                        .into());
                    }
                };
                let (buf, map, _) = stack.pop().unwrap_or_default();
                let parent = stack.last_mut().expect("the outer frame stays");
                if parent.0.len() + buf.len() * n > MAX_EXPANDED {
                    return Err(Invalid::TooLongExpanded {
                        max: MAX_EXPANDED,
                        at: base + i,
                    }
                    .into());
                }
                for _ in 0..n {
                    parent.0.extend_from_slice(&buf);
                    parent.1.extend_from_slice(&map);
                }
                i += 2;
                continue;
            }
            c => {
                let top = stack.last_mut().expect("a frame");
                top.0.push(c);
                top.1.push(base + i);
            }
        }
        i += 1;
    }
    if stack.len() > 1 {
        let open = stack.last().map_or(0, |f| f.2);
        return Err(SyntaxError::new(
            base + text.len(),
            format!(
                "'>' and a count closing the repetition opened at byte {}",
                base + open
            ),
            None,
        )
        .into());
    }
    let (buf, map, _) = stack.pop().unwrap_or_default();
    Ok((buf, map))
}

/// The bytes where a region topology `Tn` / `Cn` starts: a `T` (or `C`)
/// followed by digits and the end of a region, when every `T` (`C`) of the
/// text is so placed; otherwise `T` (`C`) is a letter.
fn topology_marks(b: &[u8]) -> Vec<bool> {
    let mut marks = vec![false; b.len()];
    for letter in [b'T', b'C'] {
        let mut all = true;
        let mut places = Vec::new();
        let mut i = 0;
        while i < b.len() {
            if b[i] == b'&' {
                while i < b.len() && b[i] != b';' {
                    i += 1;
                }
            } else if b[i] == letter {
                let mut j = i + 1;
                while j < b.len() && b[j].is_ascii_digit() {
                    j += 1;
                }
                let ends = j == b.len() || b"/+%!=^:".contains(&b[j]);
                if j > i + 1 && ends {
                    places.push(i);
                } else {
                    all = false;
                }
            }
            i += 1;
        }
        if all {
            for p in places {
                marks[p] = true;
            }
        }
    }
    marks
}

struct Parser<'a> {
    lex: Lex<'a>,
    letters: Interner,
    topo: Vec<bool>,
    params: HashMap<u32, (usize, usize, usize)>,
    partials: Vec<Partial>,
    sites: usize,
}

pub(crate) fn parse(text: &str) -> Result<Parsed, PositionTextError> {
    let trimmed = text.trim_end();
    let base = trimmed.len() - trimmed.trim_start().len();
    let body = &trimmed.as_bytes()[base..];
    let (buf, map) = expand(body, base)?;
    let topo = topology_marks(&buf);
    let mut p = Parser {
        lex: Lex {
            b: &buf,
            i: 0,
            map: Some(&map),
        },
        letters: Interner::default(),
        topo,
        params: HashMap::new(),
        partials: Vec::new(),
        sites: 0,
    };
    let label = p.label()?;
    let pieces = p.spec()?;
    if p.lex.peek() == Some(b'!') {
        p.lex.i += 1;
        if p.lex.peek().is_some() {
            return Err(p.lex.err("the end of the text after '!'").into());
        }
    }
    if p.lex.peek().is_some() {
        let what = if p.partials.is_empty() {
            "a site, '.', '/', '+', '!' or the end of the position"
        } else {
            "a site, '.', '/', '+', '=', '!' or the end of the position"
        };
        return Err(p.lex.err(what).into());
    }
    if let Some(q) = p.partials.iter().find(|q| !q.used) {
        let name: String = q.sets[0]
            .iter()
            .map(|&k| p.letters.names[k as usize].as_str())
            .collect();
        return Err(Invalid::UnusedPartial { name, at: q.at }.into());
    }
    let (shape, topologies) = p.instantiate(pieces)?;
    Ok(Parsed {
        shape,
        topologies,
        label,
    })
}

fn is_site_start(c: Option<u8>) -> bool {
    matches!(c, Some(b'0'..=b'2' | b'&' | b'(' | b'['))
        || c.is_some_and(|c| c.is_ascii_alphabetic())
}

impl Parser<'_> {
    fn origin(&self) -> usize {
        self.lex.origin(self.lex.i)
    }

    /// `n+:`, `n-:`, `n:`, `+:`, `-:` or `:` at the start.
    fn label(&mut self) -> Result<Option<Label>, PositionTextError> {
        let b = self.lex.b;
        let mut j = 0;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        let sign = match b.get(j) {
            Some(b'+') => Some(Variant::Normal),
            Some(b'-') => Some(Variant::Misere),
            _ => None,
        };
        let k = j + usize::from(sign.is_some());
        if b.get(k) != Some(&b':') {
            return Ok(None);
        }
        let spots = if j > 0 {
            Some(self.lex.number("a number of spots")?)
        } else {
            None
        };
        self.lex.i = k + 1;
        Ok(Some(Label {
            spots,
            variant: sign,
        }))
    }

    fn spec(&mut self) -> Result<Vec<TextPiece>, PositionTextError> {
        while self.lex.peek() == Some(b'^') {
            self.partial()?;
            if self.lex.peek() == Some(b'%') && self.lex.peek_at(1) == Some(b'^') {
                self.lex.i += 1;
            }
        }
        let mut pieces = Vec::new();
        let end = |c: Option<u8>| matches!(c, None | Some(b'!'));
        if self.partials.is_empty() {
            if end(self.lex.peek()) {
                return Ok(pieces);
            }
            pieces.push(TextPiece::Land(self.template(None)?));
        } else {
            match self.lex.peek() {
                Some(b'=') => pieces.push(self.join()?),
                Some(b':' | b'%') => {
                    self.lex.i += 1;
                    pieces.push(TextPiece::Land(self.template(None)?));
                }
                c if end(c) => {
                    return Err(Invalid::EndsAfterPartials { at: self.origin() }.into());
                }
                _ => {
                    return Err(self
                        .lex
                        .err("'^', '=', ':' or '%' after a partial position")
                        .into());
                }
            }
        }
        loop {
            match self.lex.peek() {
                Some(b'=') if !self.partials.is_empty() => pieces.push(self.join()?),
                Some(b'+' | b'%') => {
                    self.lex.i += 1;
                    if end(self.lex.peek()) {
                        break;
                    }
                    pieces.push(TextPiece::Land(self.template(None)?));
                }
                _ => break,
            }
        }
        Ok(pieces)
    }

    fn letters_run(&mut self, what: &str) -> Result<Vec<(u32, usize)>, PositionTextError> {
        let mut out = Vec::new();
        loop {
            let at = self.origin();
            match self.lex.letter()? {
                Some(name) => out.push((self.letters.key(&name), at)),
                None => break,
            }
        }
        if out.is_empty() {
            return Err(self.lex.err(what).into());
        }
        Ok(out)
    }

    fn partial(&mut self) -> Result<(), PositionTextError> {
        let at = self.origin();
        let idx = self.partials.len();
        let mut sets: Vec<Vec<u32>> = Vec::new();
        loop {
            // At a '^'.
            self.lex.i += 1;
            let set = self.letters_run("a parameter letter after '^'")?;
            for &(key, kat) in &set {
                if self.params.contains_key(&key) {
                    return Err(Invalid::ParameterTwice {
                        name: self.letters.names[key as usize].clone(),
                        at: kat,
                    }
                    .into());
                }
                self.params.insert(key, (idx, sets.len(), 0));
            }
            if let Some(first) = sets.first() {
                if first.len() != set.len() {
                    return Err(Invalid::SetSize {
                        at: set[0].1,
                        len: set.len(),
                        first: first.len(),
                    }
                    .into());
                }
            }
            for (pos, &(key, _)) in set.iter().enumerate() {
                self.params.insert(key, (idx, sets.len(), pos));
            }
            sets.push(set.into_iter().map(|(k, _)| k).collect());
            match self.lex.peek() {
                Some(b'^') => continue,
                Some(b':') => {
                    self.lex.i += 1;
                    if self.lex.peek() == Some(b'^') {
                        continue;
                    }
                    break;
                }
                _ => return Err(self.lex.err("a letter, '^' or ':'").into()),
            }
        }
        self.partials.push(Partial {
            sets,
            at,
            template: Template::default(),
            used: false,
        });
        let t = self.template(Some(idx))?;
        self.partials[idx].template = t;
        Ok(())
    }

    fn set_name(&self, partial: usize, set: usize) -> String {
        self.partials[partial].sets[set]
            .iter()
            .map(|&k| self.letters.names[k as usize].as_str())
            .collect()
    }

    /// A land: regions separated by '/' (one trailing '/' allowed).
    fn template(&mut self, own: Option<usize>) -> Result<Template, PositionTextError> {
        let start = self.origin();
        let mut t = Template::default();
        let mut proj: TextLand = Vec::new();
        let mut own_seen: Vec<Option<usize>> =
            own.map_or(Vec::new(), |p| vec![None; self.partials[p].sets[0].len()]);
        loop {
            let ri = t.regions.len();
            let mut boundaries = Vec::new();
            let mut proj_region = Vec::new();
            loop {
                let mut proj_b = Vec::new();
                let b = self.boundary(
                    &mut t,
                    ri,
                    boundaries.len(),
                    own,
                    &mut own_seen,
                    &mut proj_b,
                )?;
                boundaries.push(b);
                proj_region.push(proj_b);
                if self.lex.peek() == Some(b'.') {
                    self.lex.i += 1;
                    if is_site_start(self.lex.peek()) && !self.topo_here() {
                        continue;
                    }
                }
                break;
            }
            let topology = if self.topo_here() {
                Some(self.topology()?)
            } else {
                None
            };
            t.regions.push((boundaries, topology));
            proj.push(proj_region);
            if self.lex.peek() == Some(b'/') {
                self.lex.i += 1;
                if is_site_start(self.lex.peek()) && !self.topo_here() {
                    continue;
                }
            }
            break;
        }
        let what = match own {
            Some(p) => format!(
                "the partial position ^{} (byte {})",
                self.set_name(p, 0),
                self.partials[p].at
            ),
            None => format!("the land at byte {start}"),
        };
        // Which ordinary letters name the same spot is decided by the shared
        // rule (a letter twice in a region is local to it); each copy of the
        // template then gets fresh spots for these numbers.
        let mut local = 0;
        let numbered = match_land(
            &proj,
            &self.letters.names,
            &what,
            &mut local,
            self.topo.contains(&true),
        )?;
        for ((bs, _), nr) in t.regions.iter_mut().zip(&numbered) {
            for (b, nb) in bs.iter_mut().zip(nr) {
                let mut numbers = nb.iter();
                for f in b.iter_mut().filter(|f| matches!(f, Flat::Named(_))) {
                    if let Some(&Sym::Letter(n)) = numbers.next() {
                        *f = Flat::Named(n);
                    }
                }
            }
        }
        if let Some(p) = own {
            if let Some(pos) = own_seen.iter().position(|s| s.is_none()) {
                return Err(Invalid::ParameterUnused {
                    name: self.letters.names[self.partials[p].sets[0][pos] as usize].clone(),
                    at: self.partials[p].at,
                }
                .into());
            }
        }
        t.insts = self.group(&t.refs, "")?;
        Ok(t)
    }

    fn topo_here(&self) -> bool {
        self.topo.get(self.lex.i).copied().unwrap_or(false)
    }

    fn topology(&mut self) -> Result<Topology, PositionTextError> {
        let kind = self.lex.peek();
        self.lex.i += 1;
        let n = self.lex.number("the number of a topology")?;
        Ok(if kind == Some(b'T') {
            Topology::Torus(n)
        } else {
            Topology::Crosscap(n)
        })
    }

    /// One boundary: sites, `( )` pairs and `[ ]` brackets.
    fn boundary(
        &mut self,
        t: &mut Template,
        region: usize,
        boundary: usize,
        own: Option<usize>,
        own_seen: &mut [Option<usize>],
        proj: &mut Vec<Item>,
    ) -> Result<Vec<Flat>, PositionTextError> {
        let mut out: Vec<Flat> = Vec::new();
        let mut open: Vec<Group> = Vec::new();
        let mut brackets = 0u32;
        loop {
            let c = self.lex.peek();
            if open.is_empty() && self.topo_here() {
                break;
            }
            match c {
                Some(b'(') => {
                    open.push(Group {
                        kind: b'(',
                        at: self.lex.i,
                        number: t.parens,
                        first: out.len(),
                    });
                    out.push(Flat::Paren(t.parens));
                    t.parens += 1;
                    self.lex.i += 1;
                }
                Some(b'[') => {
                    brackets += 1;
                    open.push(Group {
                        kind: b'[',
                        at: self.lex.i,
                        number: brackets,
                        first: out.len(),
                    });
                    self.lex.i += 1;
                }
                Some(close @ (b')' | b']')) if !open.is_empty() => {
                    let group = open.pop().expect("an open group");
                    self.close_group(t, close, group, &mut out)?;
                    self.lex.i += 1;
                }
                _ => {
                    let at = self.origin();
                    let Some(item) = self.lex.site(&mut self.letters)? else {
                        break;
                    };
                    self.sites += 1;
                    if self.sites > MAX_SITES {
                        return Err(too_many_sites(at));
                    }
                    let flat = match item {
                        Item::Zero => Flat::Site(Sym::Zero),
                        Item::One => Flat::Site(Sym::One),
                        Item::Two => Flat::Site(Sym::Two),
                        Item::Named(key, _) => {
                            let bracket = open
                                .iter()
                                .rev()
                                .find(|g| g.kind == b'[')
                                .map_or(0, |g| g.number);
                            let place = (region, boundary, bracket);
                            match self.parameter(t, key, at, place, own, own_seen)? {
                                Some(flat) => flat,
                                None => {
                                    proj.push(item);
                                    Flat::Named(key)
                                }
                            }
                        }
                    };
                    out.push(flat);
                }
            }
        }
        if let Some(g) = open.last() {
            let want = if g.kind == b'(' {
                "a site or ')'"
            } else {
                "a site or ']'"
            };
            return Err(self.lex.err(want).into());
        }
        if out.is_empty() {
            return Err(self.lex.err("a site, '(' or '['").into());
        }
        Ok(out)
    }

    /// Closes `group` with the byte `close` at the cursor: a pair of
    /// parentheses holds a site, a bracket starts and ends with parameters
    /// of its own.
    fn close_group(
        &self,
        t: &Template,
        close: u8,
        group: Group,
        out: &mut Vec<Flat>,
    ) -> Result<(), PositionTextError> {
        let want = if group.kind == b'(' { b')' } else { b']' };
        if close != want {
            return Err(self
                .lex
                .err(&format!("a site or '{}'", want as char))
                .into());
        }
        if group.kind == b'(' {
            if out.len() == group.first + 1 {
                return Err(self.lex.err("a site inside '( )'").into());
            }
            out.push(Flat::Paren(group.number));
            return Ok(());
        }
        let is_param = |f: Option<&Flat>| matches!(f, Some(Flat::Param(r)) if t.refs[*r].bracket == group.number);
        if out.len() < group.first + 2 || !is_param(out.get(group.first)) || !is_param(out.last()) {
            return Err(Invalid::Bracket {
                at: self.lex.origin(group.at),
            }
            .into());
        }
        Ok(())
    }

    /// The site of letter `key` (written at byte `at`) when it is a
    /// parameter: of the template's own partial position `own` (at most
    /// once each, from its first set), or of an earlier one, referred to
    /// from `place` (region, boundary, innermost bracket). `None`: an
    /// ordinary letter.
    fn parameter(
        &mut self,
        t: &mut Template,
        key: u32,
        at: usize,
        (region, boundary, bracket): (usize, usize, u32),
        own: Option<usize>,
        own_seen: &mut [Option<usize>],
    ) -> Result<Option<Flat>, PositionTextError> {
        let Some((p, set, pos)) = self.params.get(&key).copied() else {
            return Ok(None);
        };
        if Some(p) == own {
            if set != 0 {
                return Err(Invalid::OwnCopy {
                    name: self.letters.names[key as usize].clone(),
                    at,
                }
                .into());
            }
            if let Some(prev) = own_seen[pos] {
                return Err(Invalid::OwnTwice {
                    name: self.letters.names[key as usize].clone(),
                    first: prev,
                    at,
                }
                .into());
            }
            own_seen[pos] = Some(at);
            return Ok(Some(Flat::Own(pos)));
        }
        // (Only earlier partial positions have parameters yet.)
        self.partials[p].used = true;
        t.refs.push(Ref {
            region,
            boundary,
            bracket,
            partial: p,
            set,
            pos,
            at,
        });
        Ok(Some(Flat::Param(t.refs.len() - 1)))
    }

    /// `=xyz=tuv`: two sides whose parameters are matched in order.
    fn join(&mut self) -> Result<TextPiece, PositionTextError> {
        let at = self.origin();
        let mut refs = Vec::new();
        let mut pair = Vec::new();
        let mut sides = [0usize; 2];
        for (side, count) in sides.iter_mut().enumerate() {
            if self.lex.peek() != Some(b'=') {
                return Err(self.lex.err("'=' and the second side of the join").into());
            }
            self.lex.i += 1;
            let run = self.letters_run("a parameter letter after '='")?;
            *count = run.len();
            for (i, (key, kat)) in run.into_iter().enumerate() {
                let Some(&(p, set, pos)) = self.params.get(&key) else {
                    return Err(Invalid::JoinNotParameter {
                        name: self.letters.names[key as usize].clone(),
                        at: kat,
                    }
                    .into());
                };
                self.partials[p].used = true;
                refs.push(Ref {
                    region: 0,
                    boundary: side,
                    bracket: 0,
                    partial: p,
                    set,
                    pos,
                    at: kat,
                });
                pair.push(i);
            }
        }
        if sides[0] != sides[1] {
            return Err(Invalid::JoinSides {
                at,
                left: sides[0],
                right: sides[1],
            }
            .into());
        }
        let insts = self.group(&refs, " in a join")?;
        Ok(TextPiece::Join {
            refs,
            pair,
            pairs: sides[0],
            insts,
        })
    }

    /// Groups parameter references into copies of their partial positions:
    /// a one-parameter set makes a copy at each use; otherwise a bracket
    /// holds one copy, then the parameters of a set on one boundary make a
    /// copy when they are all there, then those left in one region, then
    /// those left in the land.
    fn group(&self, refs: &[Ref], context: &str) -> Result<Vec<Inst>, PositionTextError> {
        let size = |p: usize| self.partials[p].sets[0].len();
        let mut done = vec![false; refs.len()];
        let mut insts: Vec<(usize, Inst)> = Vec::new();
        for (r, f) in refs.iter().enumerate() {
            if size(f.partial) == 1 {
                done[r] = true;
                insts.push((
                    f.at,
                    Inst {
                        partial: f.partial,
                        by_pos: vec![r],
                    },
                ));
            }
        }
        // Levels: bracket, boundary, region, land.
        for level in 0..4 {
            let mut groups: BTreeMap<(usize, usize, u32, usize, usize), Vec<usize>> =
                BTreeMap::new();
            for (r, f) in refs.iter().enumerate() {
                if done[r] || (level == 0) != (f.bracket != 0) {
                    continue;
                }
                let key = match level {
                    0 => (0, 0, f.bracket, f.partial, f.set),
                    1 => (f.region, f.boundary, 0, f.partial, f.set),
                    2 => (f.region, 0, 0, f.partial, f.set),
                    _ => (0, 0, 0, f.partial, f.set),
                };
                groups.entry(key).or_default().push(r);
            }
            for ((_, _, _, p, set), members) in groups {
                let mut by_pos = vec![usize::MAX; size(p)];
                for &r in &members {
                    let f = refs[r];
                    if by_pos[f.pos] != usize::MAX {
                        let where_ = ["bracket", "boundary", "region", "land"][level];
                        return Err(Invalid::CopyTwice {
                            name: self.letters.names[self.partials[p].sets[set][f.pos] as usize]
                                .clone(),
                            place: format!("{where_}{context}"),
                            first: refs[by_pos[f.pos]].at,
                            at: f.at,
                            set: self.set_name(p, set),
                        }
                        .into());
                    }
                    by_pos[f.pos] = r;
                }
                let complete = by_pos.iter().all(|&r| r != usize::MAX);
                if complete {
                    for &r in &members {
                        done[r] = true;
                    }
                    let first = members.iter().map(|&r| refs[r].at).min().unwrap_or(0);
                    insts.push((first, Inst { partial: p, by_pos }));
                } else if level == 0 || level == 3 {
                    let missing = by_pos.iter().position(|&r| r == usize::MAX).unwrap_or(0);
                    let f = refs[members[0]];
                    return Err(Invalid::CopyMissing {
                        name: self.letters.names[self.partials[p].sets[set][missing] as usize]
                            .clone(),
                        set: self.set_name(p, set),
                        place: if level == 0 {
                            " from a bracket"
                        } else {
                            context
                        }
                        .to_string(),
                        other: self.letters.names[self.partials[p].sets[set][f.pos] as usize]
                            .clone(),
                        at: f.at,
                    }
                    .into());
                }
            }
        }
        insts.sort_by_key(|(at, _)| *at);
        Ok(insts.into_iter().map(|(_, i)| i).collect())
    }

    /// Copies every template and partial position into plain lands.
    fn instantiate(
        &self,
        pieces: Vec<TextPiece>,
    ) -> Result<(Shape, Topologies), PositionTextError> {
        let mut out = Out {
            lands: Vec::new(),
            topo: Vec::new(),
            next: 0,
            sites: 0,
        };
        let mut queue: VecDeque<(usize, Vec<u32>, usize)> = VecDeque::new();
        for piece in &pieces {
            let land = out.lands.len();
            out.lands.push(Vec::new());
            out.topo.push(Vec::new());
            match piece {
                TextPiece::Land(t) => out.emit(t, &[], land, &mut queue)?,
                TextPiece::Join {
                    refs,
                    pair,
                    pairs,
                    insts,
                } => {
                    let ids: Vec<u32> = (0..*pairs).map(|_| out.fresh()).collect();
                    for inst in insts {
                        let bind = inst.by_pos.iter().map(|&r| ids[pair[r]]).collect();
                        let _ = refs;
                        queue.push_back((inst.partial, bind, land));
                    }
                }
            }
            while let Some((p, bind, land)) = queue.pop_front() {
                out.emit(&self.partials[p].template, &bind, land, &mut queue)?;
            }
        }
        Ok((Shape { lands: out.lands }, out.topo))
    }
}

struct Out {
    lands: Vec<ShapeLand>,
    topo: Topologies,
    next: u32,
    sites: usize,
}

impl Out {
    fn fresh(&mut self) -> u32 {
        self.next += 1;
        self.next - 1
    }

    fn emit(
        &mut self,
        t: &Template,
        own: &[u32],
        land: usize,
        queue: &mut VecDeque<(usize, Vec<u32>, usize)>,
    ) -> Result<(), PositionTextError> {
        let parens: Vec<u32> = (0..t.parens).map(|_| self.fresh()).collect();
        let mut refs = vec![0u32; t.refs.len()];
        for inst in &t.insts {
            let ids: Vec<u32> = inst.by_pos.iter().map(|_| self.fresh()).collect();
            for (pos, &r) in inst.by_pos.iter().enumerate() {
                refs[r] = ids[pos];
            }
            queue.push_back((inst.partial, ids, land));
        }
        let mut named: HashMap<u32, u32> = HashMap::new();
        for (bs, topology) in &t.regions {
            let mut region = Vec::with_capacity(bs.len());
            for b in bs {
                self.sites += b.len();
                if self.sites > MAX_SITES {
                    return Err(too_many_sites(0));
                }
                let mut syms = Vec::with_capacity(b.len());
                for &f in b {
                    syms.push(match f {
                        Flat::Site(s) => s,
                        Flat::Named(k) => {
                            let next = &mut self.next;
                            Sym::Letter(*named.entry(k).or_insert_with(|| {
                                *next += 1;
                                *next - 1
                            }))
                        }
                        Flat::Own(pos) => Sym::Letter(own.get(pos).copied().unwrap_or(u32::MAX)),
                        Flat::Paren(k) => Sym::Letter(parens[k as usize]),
                        Flat::Param(r) => Sym::Letter(refs[r]),
                    });
                }
                region.push(syms);
            }
            self.lands[land].push(region);
            self.topo[land].push(*topology);
        }
        Ok(())
    }
}
