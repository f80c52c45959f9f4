//! The neo-GLOP writer's partial-position form: the SCC tree of each land
//! (see the module docs of `neoglop` for the construction and when it
//! applies).

use std::collections::HashMap;

use crate::unlabelled::{Shape, ShapeLand, Style, Sym, letter_name};

/// A token of a template (a node's regions as written), with names still
/// abstract so that alike nodes can share one partial position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum TemplateToken {
    /// `0`, `1` or `2`.
    Site(Sym),
    /// An ordinary letter, numbered in order of first appearance; pier or not.
    Ord(u32, bool),
    /// The node's own parameter at this position.
    Own(u32),
    /// A parameter of a child's partial position: partial, set, position.
    Child(usize, u32, u32),
    EndBoundary,
    /// The end of a region, with its topology suffix.
    EndRegion(String),
}

/// How a land is written at the top: one root node, or two co-parents
/// joined by `=...=...`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Top {
    Root(usize),
    Join(usize, usize),
}

/// The SCC tree of a land.
struct Tree {
    /// Regions of each node, in stored order.
    nodes: Vec<Vec<usize>>,
    node_of: Vec<usize>,
    /// The parent of each node (co-parents are each other's parent).
    parent: Vec<Option<usize>>,
    height: Vec<u32>,
    top: Top,
}

/// Where the two sites of each letter of a land are: (region, boundary).
fn letter_places(land: &ShapeLand) -> HashMap<u32, [(usize, usize); 2]> {
    let mut places: HashMap<u32, [(usize, usize); 2]> = HashMap::new();
    for (ri, r) in land.iter().enumerate() {
        for (bi, b) in r.iter().enumerate() {
            for &s in b {
                if let Sym::Letter(g) = s {
                    places
                        .entry(g)
                        .and_modify(|p| p[1] = (ri, bi))
                        .or_insert([(ri, bi); 2]);
                }
            }
        }
    }
    places
}

/// The blocks (biconnected components) of a multigraph on `n` vertices, as
/// lists of edge indices (iterative Tarjan; an isolated vertex is in none).
fn blocks(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<usize>> {
    let mut adj: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    for (e, &(u, v)) in edges.iter().enumerate() {
        adj[u].push((v, e));
        adj[v].push((u, e));
    }
    const UNSEEN: usize = usize::MAX;
    let mut disc = vec![UNSEEN; n];
    let mut low = vec![0usize; n];
    let mut time = 0;
    let mut out = Vec::new();
    let mut estack: Vec<usize> = Vec::new();
    // (vertex, edge it was entered by, next adjacency index)
    let mut frames: Vec<(usize, usize, usize)> = Vec::new();
    for s in 0..n {
        if disc[s] != UNSEEN {
            continue;
        }
        disc[s] = time;
        low[s] = time;
        time += 1;
        frames.push((s, UNSEEN, 0));
        while let Some(&mut (v, pe, ref mut i)) = frames.last_mut() {
            if *i < adj[v].len() {
                let (w, e) = adj[v][*i];
                *i += 1;
                if e == pe {
                    continue;
                }
                if disc[w] == UNSEEN {
                    estack.push(e);
                    disc[w] = time;
                    low[w] = time;
                    time += 1;
                    frames.push((w, e, 0));
                } else if disc[w] < disc[v] {
                    estack.push(e);
                    low[v] = low[v].min(disc[w]);
                }
            } else {
                frames.pop();
                if let Some(&(u, _, _)) = frames.last() {
                    low[u] = low[u].min(low[v]);
                    if low[v] >= disc[u] {
                        let mut block = Vec::new();
                        while let Some(e) = estack.pop() {
                            block.push(e);
                            if e == pe {
                                break;
                            }
                        }
                        out.push(block);
                    }
                }
            }
        }
    }
    out
}

impl Tree {
    /// The SCC tree of a land, when the construction applies and gives at
    /// least two nodes.
    fn of(land: &ShapeLand, places: &HashMap<u32, [(usize, usize); 2]>) -> Option<Tree> {
        let n = land.len();
        if n < 2 {
            return None;
        }
        let mut letters: Vec<(&u32, &[(usize, usize); 2])> = places.iter().collect();
        letters.sort_unstable();
        let edges: Vec<(usize, usize)> = letters
            .iter()
            .filter(|(_, p)| p[0].0 != p[1].0)
            .map(|(_, p)| (p[0].0, p[1].0))
            .collect();
        let blocks = blocks(n, &edges);
        let mut count = vec![0u32; n];
        let block_regions: Vec<Vec<usize>> = blocks
            .iter()
            .map(|b| {
                let mut rs: Vec<usize> = b.iter().flat_map(|&e| [edges[e].0, edges[e].1]).collect();
                rs.sort_unstable();
                rs.dedup();
                for &r in &rs {
                    count[r] += 1;
                }
                rs
            })
            .collect();
        let cut: Vec<bool> = count.iter().map(|&c| c >= 2).collect();
        const NONE: usize = usize::MAX;
        let mut node_of = vec![NONE; n];
        let mut nodes: Vec<Vec<usize>> = Vec::new();
        for r in 0..n {
            if cut[r] {
                node_of[r] = nodes.len();
                nodes.push(vec![r]);
            }
        }
        for (b, rs) in blocks.iter().zip(&block_regions) {
            let interior: Vec<usize> = rs.iter().copied().filter(|&r| !cut[r]).collect();
            if interior.is_empty() {
                // Two cut regions joined by pivots only: a tree edge.
                if rs.len() != 2 {
                    return None;
                }
            } else {
                if b.iter().any(|&e| cut[edges[e].0] && cut[edges[e].1]) {
                    return None;
                }
                for &r in &interior {
                    node_of[r] = nodes.len();
                }
                nodes.push(interior);
            }
        }
        if nodes.len() < 2 || node_of.contains(&NONE) {
            return None;
        }
        let m = nodes.len();
        let mut adj: Vec<Vec<usize>> = vec![Vec::new(); m];
        for &(u, v) in &edges {
            let (a, b) = (node_of[u], node_of[v]);
            if a != b {
                adj[a].push(b);
                adj[b].push(a);
            }
        }
        for a in adj.iter_mut() {
            a.sort_unstable();
            a.dedup();
        }
        // Peel leaves round by round (the thread's heights).
        let mut deg: Vec<usize> = adj.iter().map(Vec::len).collect();
        let mut removed = vec![false; m];
        let mut height = vec![0u32; m];
        let mut parent = vec![None; m];
        let mut left = m;
        let mut leaves: Vec<usize> = (0..m).filter(|&v| deg[v] <= 1).collect();
        let mut round = 0;
        while left > 2 {
            let mut next = Vec::new();
            for &v in &leaves {
                removed[v] = true;
                height[v] = round;
            }
            for &v in &leaves {
                for &w in &adj[v] {
                    if !removed[w] {
                        parent[v] = Some(w);
                        deg[w] -= 1;
                        if deg[w] == 1 {
                            next.push(w);
                        }
                    }
                }
            }
            left -= leaves.len();
            leaves = next;
            round += 1;
        }
        let rest: Vec<usize> = (0..m).filter(|&v| !removed[v]).collect();
        for &v in &rest {
            height[v] = round;
        }
        let top = match rest[..] {
            [r] => Top::Root(r),
            [a, b] => {
                parent[a] = Some(b);
                parent[b] = Some(a);
                if nodes[a][0] < nodes[b][0] {
                    Top::Join(a, b)
                } else {
                    Top::Join(b, a)
                }
            }
            _ => return None,
        };
        for ns in nodes.iter_mut() {
            ns.sort_unstable();
        }
        Some(Tree {
            nodes,
            node_of,
            parent,
            height,
            top,
        })
    }

    /// The tree of a land written plainly: one node.
    fn single(land: &ShapeLand) -> Tree {
        Tree {
            nodes: vec![(0..land.len()).collect()],
            node_of: vec![0; land.len()],
            parent: vec![None],
            height: vec![0],
            top: Top::Root(0),
        }
    }

    /// Nodes in breadth-first order from the top, children in order of first
    /// appearance in their parent's regions.
    fn bfs(&self, land: &ShapeLand, places: &HashMap<u32, [(usize, usize); 2]>) -> Vec<usize> {
        let mut seen = vec![false; self.nodes.len()];
        let mut order = match self.top {
            Top::Root(r) => vec![r],
            Top::Join(a, b) => vec![a, b],
        };
        for &v in &order {
            seen[v] = true;
        }
        let mut head = 0;
        while head < order.len() {
            let v = order[head];
            head += 1;
            for &r in &self.nodes[v] {
                for &s in land[r].iter().flatten() {
                    if let Sym::Letter(g) = s {
                        let p = places[&g];
                        let other = if p[0].0 == r { p[1].0 } else { p[0].0 };
                        let w = self.node_of[other];
                        if !seen[w] && self.parent[w] == Some(v) {
                            seen[w] = true;
                            order.push(w);
                        }
                    }
                }
            }
        }
        order
    }
}

/// What the writer knows of each node already given a partial position.
#[derive(Default)]
struct Known {
    /// Partial position of (land, node).
    partial: HashMap<(usize, usize), usize>,
    /// Position of each own parameter (by letter) of (land, node).
    own: HashMap<(usize, usize), HashMap<u32, u32>>,
}

/// A node's template: its tokens, its own parameters' positions, and how
/// many copies of each multi-parameter partial position it uses.
fn template(
    land: &ShapeLand,
    li: usize,
    tree: &Tree,
    v: usize,
    places: &HashMap<u32, [(usize, usize); 2]>,
    known: &Known,
    suffix: Option<&[String]>,
) -> (Vec<TemplateToken>, HashMap<u32, u32>, HashMap<usize, u32>) {
    let mut toks = Vec::new();
    let mut ord: HashMap<u32, u32> = HashMap::new();
    let mut own: HashMap<u32, u32> = HashMap::new();
    let mut copy_set: HashMap<usize, u32> = HashMap::new();
    let mut copies: HashMap<usize, u32> = HashMap::new();
    for &r in &tree.nodes[v] {
        for b in &land[r] {
            for &s in b {
                let Sym::Letter(g) = s else {
                    toks.push(TemplateToken::Site(s));
                    continue;
                };
                let p = places[&g];
                let other = if p[0].0 == r { p[1].0 } else { p[0].0 };
                let w = tree.node_of[other];
                if w == v {
                    let next = ord.len() as u32;
                    let k = *ord.entry(g).or_insert(next);
                    toks.push(TemplateToken::Ord(k, p[0] == p[1]));
                } else if tree.parent[v] == Some(w) {
                    let next = own.len() as u32;
                    toks.push(TemplateToken::Own(*own.entry(g).or_insert(next)));
                } else {
                    let pid = known.partial[&(li, w)];
                    let wown = &known.own[&(li, w)];
                    let set = if wown.len() == 1 {
                        0
                    } else {
                        *copy_set.entry(w).or_insert_with(|| {
                            let c = copies.entry(pid).or_insert(0);
                            *c += 1;
                            *c - 1
                        })
                    };
                    toks.push(TemplateToken::Child(pid, set, wown[&g]));
                }
            }
            toks.push(TemplateToken::EndBoundary);
        }
        let t = suffix.and_then(|x| x.get(r)).cloned().unwrap_or_default();
        toks.push(TemplateToken::EndRegion(t));
    }
    (toks, own, copies)
}

/// Parameter names: `r` to `z`, then `&Xa;`, `&Xb;`, ... (never a name the
/// writer gives an ordinary letter).
fn param_name(k: usize) -> String {
    const FIRST: &[u8] = b"rstuvwxyz";
    if k < FIRST.len() {
        return (FIRST[k] as char).to_string();
    }
    let mut k = k - FIRST.len();
    let mut word = Vec::new();
    loop {
        word.push(b'a' + (k % 26) as u8);
        k /= 26;
        if k == 0 {
            break;
        }
    }
    word.reverse();
    format!("&X{};", String::from_utf8(word).unwrap_or_default())
}

/// Names of ordinary letters next to parameters: piers `a` to `q`, then
/// `&aa;`, ...; pivots as in the plain form.
fn ordinary_name(k: usize, pier: bool) -> String {
    if !pier {
        return letter_name(k, true, true);
    }
    if k < 17 {
        ((b'a' + k as u8) as char).to_string()
    } else {
        letter_name(k - 17 + 26, false, true)
    }
}

/// Writes a template's tokens; `param(partial, set, pos)` names parameters.
fn render(toks: &[TemplateToken], own: Option<usize>, names: &[usize], sizes: &[usize]) -> String {
    let name = |pid: usize, set: u32, pos: u32| {
        param_name(names[pid] + set as usize * sizes[pid] + pos as usize)
    };
    let mut out = String::new();
    let mut ord: HashMap<u32, String> = HashMap::new();
    let (mut upper, mut lower) = (0, 0);
    let mut start_region = true;
    let mut start_boundary = true;
    for t in toks {
        match t {
            TemplateToken::EndBoundary => {
                start_boundary = true;
                continue;
            }
            TemplateToken::EndRegion(sfx) => {
                out.push_str(sfx);
                start_region = true;
                continue;
            }
            _ => {}
        }
        if start_region && !out.is_empty() {
            out.push('/');
        } else if start_boundary && !start_region {
            out.push('.');
        }
        start_region = false;
        start_boundary = false;
        match *t {
            TemplateToken::Site(Sym::Zero) => out.push('0'),
            TemplateToken::Site(Sym::One) => out.push('1'),
            TemplateToken::Site(_) => out.push('2'),
            TemplateToken::Ord(k, pier) => {
                let n = ord.entry(k).or_insert_with(|| {
                    let c = if pier { &mut lower } else { &mut upper };
                    *c += 1;
                    ordinary_name(*c - 1, pier)
                });
                out.push_str(n);
            }
            TemplateToken::Own(pos) => out.push_str(&name(own.unwrap_or(0), 0, pos)),
            TemplateToken::Child(pid, set, pos) => out.push_str(&name(pid, set, pos)),
            _ => {}
        }
    }
    out
}

/// A piece of the position after the partial positions: a land's root (or
/// plain) template, or the co-parents of land `.0` joined.
enum WrittenPiece {
    Land(Vec<TemplateToken>),
    Join(usize, usize, usize),
}

/// The shape in neo-GLOP, with the partial-position form for every land
/// whose SCC tree has two nodes or more; the plain form when none has.
pub(crate) fn write(shape: &Shape, suffix: Option<&[Vec<String>]>) -> String {
    let places: Vec<HashMap<u32, [(usize, usize); 2]>> =
        shape.lands.iter().map(letter_places).collect();
    let trees: Vec<Option<Tree>> = shape
        .lands
        .iter()
        .zip(&places)
        .map(|(l, p)| Tree::of(l, p))
        .collect();
    if trees.iter().all(Option::is_none) {
        return shape.write_with(Style::Neo, suffix);
    }
    let sfx = |li: usize| suffix.and_then(|s| s.get(li)).map(|v| v.as_slice());
    // Pieces: joins first, then roots, then plain lands (the thread's order).
    let mut order: Vec<usize> = (0..shape.lands.len()).collect();
    order.sort_by_key(|&l| match &trees[l] {
        Some(t) if matches!(t.top, Top::Join(..)) => 0,
        Some(_) => 1,
        None => 2,
    });
    // Nodes that become partial positions, least height first, then by
    // piece and breadth-first order.
    let mut queue: Vec<(u32, usize, usize, usize)> = Vec::new();
    for (rank, &li) in order.iter().enumerate() {
        if let Some(t) = &trees[li] {
            for (k, v) in t.bfs(&shape.lands[li], &places[li]).into_iter().enumerate() {
                if t.top != Top::Root(v) {
                    queue.push((t.height[v], rank, k, v));
                }
            }
        }
    }
    queue.sort_unstable();
    let mut known = Known::default();
    let mut keys: HashMap<Vec<TemplateToken>, usize> = HashMap::new();
    let mut partials: Vec<Vec<TemplateToken>> = Vec::new();
    let mut sizes: Vec<usize> = Vec::new();
    let mut sets: Vec<u32> = Vec::new();
    let count_sets = |sets: &mut Vec<u32>, copies: &HashMap<usize, u32>| {
        for (&pid, &c) in copies {
            sets[pid] = sets[pid].max(c);
        }
    };
    for &(_, rank, _, v) in &queue {
        let li = order[rank];
        let t = trees[li].as_ref().expect("a tree");
        let (toks, own, copies) =
            template(&shape.lands[li], li, t, v, &places[li], &known, sfx(li));
        count_sets(&mut sets, &copies);
        let pid = *keys.entry(toks.clone()).or_insert_with(|| {
            partials.push(toks);
            sizes.push(own.len());
            sets.push(1);
            partials.len() - 1
        });
        known.partial.insert((li, v), pid);
        known.own.insert((li, v), own);
    }
    // Top pieces.
    let mut pieces: Vec<WrittenPiece> = Vec::new();
    for &li in &order {
        let land = &shape.lands[li];
        match &trees[li] {
            Some(t) => match t.top {
                Top::Root(r) => {
                    let (toks, _, copies) = template(land, li, t, r, &places[li], &known, sfx(li));
                    count_sets(&mut sets, &copies);
                    pieces.push(WrittenPiece::Land(toks));
                }
                Top::Join(a, b) => pieces.push(WrittenPiece::Join(li, a, b)),
            },
            None => {
                let single = Tree::single(land);
                let (toks, _, _) = template(land, li, &single, 0, &places[li], &known, sfx(li));
                pieces.push(WrittenPiece::Land(toks));
            }
        }
    }
    let mut names = Vec::with_capacity(partials.len());
    let mut next = 0;
    for pid in 0..partials.len() {
        names.push(next);
        next += sizes[pid] * sets[pid] as usize;
    }
    let mut out = String::new();
    for (pid, toks) in partials.iter().enumerate() {
        for set in 0..sets[pid] as usize {
            out.push('^');
            for pos in 0..sizes[pid] {
                out.push_str(&param_name(names[pid] + set * sizes[pid] + pos));
            }
        }
        out.push(':');
        out.push_str(&render(toks, Some(pid), &names, &sizes));
    }
    for (i, piece) in pieces.iter().enumerate() {
        if let &WrittenPiece::Join(li, a, b) = piece {
            let (pa, pb) = (known.partial[&(li, a)], known.partial[&(li, b)]);
            let (oa, ob) = (&known.own[&(li, a)], &known.own[&(li, b)]);
            let mut by_pos: Vec<(u32, u32)> = oa.iter().map(|(&g, &pos)| (pos, ob[&g])).collect();
            by_pos.sort_unstable();
            out.push('=');
            for &(pos, _) in &by_pos {
                out.push_str(&param_name(names[pa] + pos as usize));
            }
            out.push('=');
            for &(_, pos) in &by_pos {
                out.push_str(&param_name(names[pb] + pos as usize));
            }
        } else if let WrittenPiece::Land(toks) = piece {
            out.push(if i == 0 { ':' } else { '+' });
            out.push_str(&render(toks, None, &names, &sizes));
        }
    }
    out
}
