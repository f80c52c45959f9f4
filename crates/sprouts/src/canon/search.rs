//! The least layout of one land (see the module docs of `canon`).

use std::cmp::Ordering;

use crate::model::least_rotation_start;
use crate::unlabelled::{ShapeLand, Sym, letter_name};

/// A token of a layout: (type and colour, letter name); separators last.
pub(crate) type LayoutToken = (u64, u32);

const END_BOUNDARY: LayoutToken = (u64::MAX - 1, 0);
const END_REGION: LayoutToken = (u64::MAX, 0);
const NONE: u32 = u32::MAX;

const ZERO: u8 = 0;
const ONE: u8 = 1;
const TWO: u8 = 2;
const PIER: u8 = 3;
const PIVOT: u8 = 4;

fn mix(h: u64, x: u64) -> u64 {
    let mut z = h ^ x.wrapping_add(0x9E37_79B9_7F4A_7C15).wrapping_add(h << 6);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Closed boundaries of a region in one orientation: local segment and boundary.
type Closed = Vec<(Vec<LayoutToken>, u32)>;

/// A land as arrays: sites in boundary order, boundaries in region order.
pub(crate) struct Graph {
    typ: Vec<u8>,
    partner: Vec<u32>,
    site_boundary: Vec<u32>,
    bstart: Vec<u32>,
    blen: Vec<u32>,
    bregion: Vec<u32>,
    rbounds: Vec<Vec<u32>>,
    open: Vec<bool>,
    /// Token colour of each site: type in the top bits, refined colour below.
    col: Vec<u64>,
    /// Per region and orientation: the closed boundaries' local segments, sorted.
    closed: Vec<[Closed; 2]>,
    /// Region 0 read in stored orientation only (for the parts of a land
    /// compared by [`Graph::unit_key`]).
    pinned: bool,
    /// Keys of detached units already computed, by boundary and orientation.
    units: std::cell::RefCell<std::collections::HashMap<(u32, bool), Vec<LayoutToken>>>,
}

impl Graph {
    pub(crate) fn new(land: &ShapeLand) -> Graph {
        let mut g = Graph {
            typ: Vec::new(),
            partner: Vec::new(),
            site_boundary: Vec::new(),
            bstart: Vec::new(),
            blen: Vec::new(),
            bregion: Vec::new(),
            rbounds: Vec::new(),
            open: Vec::new(),
            col: Vec::new(),
            closed: Vec::new(),
            pinned: false,
            units: Default::default(),
        };
        // The first site of each letter, until its second pairs with it.
        let mut first: std::collections::HashMap<u32, u32> = std::collections::HashMap::new();
        for (ri, r) in land.iter().enumerate() {
            let mut bs = Vec::new();
            for b in r {
                let bi = g.bstart.len() as u32;
                bs.push(bi);
                g.bstart.push(g.typ.len() as u32);
                g.blen.push(b.len() as u32);
                g.bregion.push(ri as u32);
                for &s in b {
                    g.push_site(s, bi, &mut first);
                }
            }
            g.rbounds.push(bs);
        }
        g.open = (0..g.bstart.len())
            .map(|b| g.sites(b as u32).any(|s| g.typ[s as usize] == PIVOT))
            .collect();
        g.refine(None);
        g.sort_closed();
        g
    }

    /// Appends a site of boundary `bi`: a letter's second site is paired
    /// with its first (in `first`), and both become a pier when they lie on
    /// one boundary, a pivot otherwise.
    fn push_site(&mut self, s: Sym, bi: u32, first: &mut std::collections::HashMap<u32, u32>) {
        let site = self.typ.len() as u32;
        self.site_boundary.push(bi);
        self.partner.push(NONE);
        let t = match s {
            Sym::Zero => ZERO,
            Sym::One => ONE,
            Sym::Two => TWO,
            Sym::Letter(x) => match first.get(&x) {
                None => {
                    first.insert(x, site);
                    PIVOT
                }
                Some(&other) => {
                    self.partner[site as usize] = other;
                    self.partner[other as usize] = site;
                    let t = if self.site_boundary[other as usize] == bi {
                        PIER
                    } else {
                        PIVOT
                    };
                    self.typ[other as usize] = t;
                    t
                }
            },
        };
        self.typ.push(t);
    }

    /// The closed boundaries of each region in each orientation, sorted.
    fn sort_closed(&mut self) {
        self.closed = (0..self.rbounds.len())
            .map(|r| {
                [0, 1].map(|o| {
                    let mut v: Vec<(Vec<LayoutToken>, u32)> = self.rbounds[r]
                        .iter()
                        .filter(|&&b| !self.open[b as usize])
                        .map(|&b| (self.least_local(b, o == 0).0, b))
                        .collect();
                    v.sort();
                    v
                })
            })
            .collect();
    }

    /// The graph with `root` individualised: its colours refined again
    /// from a colour of its own, so that the layouts from `root` are
    /// compared on colours that tell most sites apart by where they are
    /// from the root.
    fn individualized(&self, root: u32) -> Graph {
        let mut g = Graph {
            typ: self.typ.clone(),
            partner: self.partner.clone(),
            site_boundary: self.site_boundary.clone(),
            bstart: self.bstart.clone(),
            blen: self.blen.clone(),
            bregion: self.bregion.clone(),
            rbounds: self.rbounds.clone(),
            open: self.open.clone(),
            col: self.col.clone(),
            closed: Vec::new(),
            pinned: self.pinned,
            units: self.units.clone(),
        };
        g.refine(Some(root));
        g.sort_closed();
        g
    }

    fn sites(&self, b: u32) -> impl Iterator<Item = u32> {
        let s = self.bstart[b as usize];
        s..s + self.blen[b as usize]
    }

    /// The next site in left-hand order (`fwd`) or the one before.
    fn step(&self, s: u32, fwd: bool) -> u32 {
        let b = self.site_boundary[s as usize] as usize;
        let (start, len) = (self.bstart[b], self.blen[b]);
        let k = s - start;
        start
            + if fwd {
                (k + 1) % len
            } else {
                (k + len - 1) % len
            }
    }

    /// Colour refinement: each round a site's colour takes in its own, its
    /// two neighbours' (unordered: a region may be mirrored), its partner's,
    /// and the multisets of colours of its boundary and region. Stops when
    /// the number of colours stops growing.
    fn refine(&mut self, root: Option<u32>) {
        let n = self.typ.len();
        // From the types, or from the stable colours with the root apart.
        let mut col: Vec<u64> = match root {
            None => self.typ.iter().map(|&t| mix(0, t as u64)).collect(),
            Some(r) => {
                let mut c = self.col.clone();
                c[r as usize] = mix(c[r as usize], 0x5EED);
                c
            }
        };
        let mut classes = count_distinct(&col);
        let nb = self.bstart.len();
        let nr = self.rbounds.len();
        // At most 32 rounds: colours need not be stable to be invariant,
        // and a long chain would otherwise take a round per link.
        for _ in 0..n.clamp(1, 32) {
            let mut bcol = vec![0u64; nb];
            for (b, slot) in bcol.iter_mut().enumerate() {
                let mut v: Vec<u64> = self.sites(b as u32).map(|s| col[s as usize]).collect();
                v.sort_unstable();
                *slot = v.iter().fold(mix(1, v.len() as u64), |h, &x| mix(h, x));
            }
            let mut rcol = vec![0u64; nr];
            for (r, slot) in rcol.iter_mut().enumerate() {
                let mut v: Vec<u64> = self.rbounds[r].iter().map(|&b| bcol[b as usize]).collect();
                v.sort_unstable();
                *slot = v.iter().fold(mix(2, v.len() as u64), |h, &x| mix(h, x));
            }
            let new: Vec<u64> = (0..n as u32)
                .map(|s| {
                    let su = s as usize;
                    let a = col[self.step(s, true) as usize];
                    let c = col[self.step(s, false) as usize];
                    let b = self.site_boundary[su] as usize;
                    let p = self.partner[su];
                    let mut h = mix(col[su], a.min(c));
                    h = mix(h, a.max(c));
                    h = mix(h, bcol[b]);
                    h = mix(h, rcol[self.bregion[b] as usize]);
                    if p != NONE {
                        h = mix(h, col[p as usize]);
                        let pb = self.site_boundary[p as usize] as usize;
                        h = mix(h, rcol[self.bregion[pb] as usize]);
                    }
                    h
                })
                .collect();
            let k = count_distinct(&new);
            col = new;
            if k == classes {
                break;
            }
            classes = k;
        }
        self.col = col
            .iter()
            .zip(&self.typ)
            .map(|(&c, &t)| ((t as u64) << 59) | (c >> 5))
            .collect();
    }

    /// The least rotation of a closed boundary, its letters named from 1.
    /// The rotation is chosen in linear time on the sequence of (colour,
    /// distance to the other site of the same letter), which every rotation
    /// shifts; starts that tie on it give the same named sequence.
    fn least_local(&self, b: u32, fwd: bool) -> (Vec<LayoutToken>, u32) {
        let len = self.blen[b as usize];
        let start = self.bstart[b as usize];
        let order: Vec<u32> = if fwd {
            (0..len).map(|k| start + k).collect()
        } else {
            (0..len).map(|k| start + (len - k) % len).collect()
        };
        let mut at = vec![0u32; len as usize];
        for (k, &s) in order.iter().enumerate() {
            at[(s - start) as usize] = k as u32;
        }
        let shape: Vec<(u64, u32)> = order
            .iter()
            .enumerate()
            .map(|(k, &s)| {
                let p = self.partner[s as usize];
                let off = if p == NONE {
                    0
                } else {
                    (at[(p - start) as usize] + len - k as u32) % len
                };
                (self.col[s as usize], off)
            })
            .collect();
        let first = least_rotation_start(&shape);
        let mut names: std::collections::HashMap<u32, u32> = std::collections::HashMap::new();
        let mut seg = Vec::with_capacity(len as usize + 1);
        for k in 0..len as usize {
            let s = order[(first + k) % len as usize];
            seg.push(self.local_token(s, &mut names));
        }
        seg.push(END_BOUNDARY);
        (seg, order[first])
    }

    fn local_token(&self, s: u32, names: &mut std::collections::HashMap<u32, u32>) -> LayoutToken {
        let c = self.col[s as usize];
        let p = self.partner[s as usize];
        if p == NONE {
            return (c, 0);
        }
        let next = names.len() as u32 + 1;
        (c, *names.entry(s.min(p)).or_insert(next))
    }
}

fn count_distinct(v: &[u64]) -> usize {
    let mut w = v.to_vec();
    w.sort_unstable();
    w.dedup();
    w.len()
}

/// A partial layout.
#[derive(Clone)]
struct State {
    key: Vec<LayoutToken>,
    /// Name of the letter at each site (both sites of a letter), 0 if none yet.
    name: Vec<u32>,
    next: u32,
    /// Regions visited or queued.
    seen: Vec<bool>,
    /// Regions in order of discovery, with the site they are entered by.
    queue: Vec<(u32, u32)>,
    head: usize,
    /// The key's first `checked` tokens equal the best key of version `version`.
    checked: usize,
    version: u64,
}

/// Work left in a partial layout.
#[derive(Clone)]
enum Phase {
    /// Start the next region in the queue.
    Next,
    /// Finish region `r` in orientation `fwd`: open boundaries still to
    /// write, and the closed boundary already written (if any).
    Rest {
        r: u32,
        fwd: bool,
        left: Vec<u32>,
        skip: u32,
    },
}

struct Best {
    key: Option<Vec<LayoutToken>>,
    version: u64,
}

impl Graph {
    /// Writes boundary `b` from site `s` (naming new letters, queueing the
    /// regions new pivots lead to).
    fn write(&self, st: &mut State, start: u32, fwd: bool) {
        let b = self.site_boundary[start as usize];
        let mut s = start;
        for _ in 0..self.blen[b as usize] {
            let tok = self.token(st, s, true);
            st.key.push(tok);
            s = self.step(s, fwd);
        }
        st.key.push(END_BOUNDARY);
    }

    fn token(&self, st: &mut State, s: u32, commit: bool) -> LayoutToken {
        let su = s as usize;
        let p = self.partner[su];
        if p == NONE {
            return (self.col[su], 0);
        }
        if st.name[su] == 0 {
            st.name[su] = st.next;
            st.name[p as usize] = st.next;
            st.next += 1;
            if commit && self.typ[su] == PIVOT {
                let pr = self.bregion[self.site_boundary[p as usize] as usize];
                if !st.seen[pr as usize] {
                    st.seen[pr as usize] = true;
                    st.queue.push((pr, p));
                }
            }
        }
        (self.col[su], st.name[su])
    }

    /// The tokens boundary `b` would add from site `start`, state unchanged.
    fn segment(&self, st: &mut State, start: u32, fwd: bool) -> Vec<LayoutToken> {
        let b = self.site_boundary[start as usize];
        let (next, mut touched) = (st.next, Vec::new());
        let mut seg = Vec::with_capacity(self.blen[b as usize] as usize + 1);
        let mut s = start;
        for _ in 0..self.blen[b as usize] {
            if self.partner[s as usize] != NONE && st.name[s as usize] == 0 {
                touched.push(s);
            }
            seg.push(self.token(st, s, false));
            s = self.step(s, fwd);
        }
        seg.push(END_BOUNDARY);
        for t in touched {
            st.name[t as usize] = 0;
            st.name[self.partner[t as usize] as usize] = 0;
        }
        st.next = next;
        seg
    }

    /// Closed boundaries of region `r` (but `skip`), sorted, then the region's end.
    fn write_closed(&self, st: &mut State, r: u32, fwd: bool, skip: u32) {
        for (seg, b) in &self.closed[r as usize][usize::from(!fwd)] {
            if *b == skip {
                continue;
            }
            let base = st.next - 1;
            let mut most = 0;
            for &(c, n) in seg {
                if n > 0 {
                    most = most.max(n);
                    st.key.push((c, base + n));
                } else {
                    st.key.push((c, 0));
                }
            }
            st.next += most;
        }
        st.key.push(END_REGION);
    }

    fn new_state(&self) -> State {
        State {
            key: Vec::with_capacity(self.typ.len() + self.bstart.len() + self.rbounds.len()),
            name: vec![0; self.typ.len()],
            next: 1,
            seen: vec![false; self.rbounds.len()],
            queue: Vec::new(),
            head: 0,
            checked: 0,
            version: 0,
        }
    }

    /// The least key over every layout this search explores.
    pub(crate) fn least_key(&self) -> Vec<LayoutToken> {
        if self.typ.is_empty() {
            return Vec::new();
        }
        // Roots: the smallest class of site colours (least colour on ties).
        let mut by_col: Vec<(u64, u32)> = (0..self.typ.len() as u32)
            .map(|s| (self.col[s as usize], s))
            .collect();
        by_col.sort_unstable();
        let mut best_class: Option<(usize, u64, usize)> = None;
        let mut i = 0;
        while i < by_col.len() {
            let mut j = i;
            while j < by_col.len() && by_col[j].0 == by_col[i].0 {
                j += 1;
            }
            let cand = (j - i, by_col[i].0, i);
            if best_class.is_none_or(|b| (cand.0, cand.1) < (b.0, b.1)) {
                best_class = Some(cand);
            }
            i = j;
        }
        let (size, _, from) = best_class.expect("a site");
        let mut best = Best {
            key: None,
            version: 0,
        };
        let mut stack: Vec<(State, Phase)> = Vec::new();
        let mut class: Vec<u32> = by_col[from..from + size].iter().map(|x| x.1).collect();
        self.drop_twins(&mut class);
        // Roots: the class's sites on boundaries with a pivot; for closed
        // boundaries, one of each kind per region, from its least rotation
        // (the others give the same layouts).
        let mut roots: Vec<(u32, bool)> = Vec::new();
        let mut kinds: std::collections::HashSet<(u32, Vec<LayoutToken>)> =
            std::collections::HashSet::new();
        for &root in &class {
            let b = self.site_boundary[root as usize];
            let r = self.bregion[b as usize];
            let flat = self.rbounds[r as usize]
                .iter()
                .all(|&x| self.blen[x as usize] <= 2);
            let pinned = self.pinned && r == 0;
            let orientations: &[bool] = if flat || pinned {
                &[true]
            } else {
                &[false, true]
            };
            if self.open[b as usize] {
                roots.extend(orientations.iter().map(|&fwd| (root, fwd)));
            } else if kinds.insert((r, self.least_local(b, true).0)) {
                roots.extend(
                    orientations
                        .iter()
                        .map(|&fwd| (self.least_local(b, fwd).1, fwd)),
                );
            }
        }
        // One root site at a time (both its orientations), its colours
        // individualised when it shares its colour with other sites.
        let mut k = 0;
        while k < roots.len() {
            let root = roots[k].0;
            let mut end = k;
            while end < roots.len() && roots[end].0 == root {
                end += 1;
            }
            let owned;
            let g: &Graph = if size > 2 {
                owned = self.individualized(root);
                &owned
            } else {
                self
            };
            for &(root, fwd) in roots[k..end].iter().rev() {
                let mut st = g.new_state();
                let r = g.bregion[g.site_boundary[root as usize] as usize];
                st.seen[r as usize] = true;
                st.queue.push((r, root));
                st.head = 1;
                g.write(&mut st, root, fwd);
                let b = g.site_boundary[root as usize];
                let left = g.rbounds[r as usize]
                    .iter()
                    .copied()
                    .filter(|&x| x != b && g.open[x as usize])
                    .collect();
                let skip = if g.open[b as usize] { NONE } else { b };
                stack.push((st, Phase::Rest { r, fwd, left, skip }));
            }
            while let Some((st, phase)) = stack.pop() {
                g.advance(st, phase, &mut best, &mut stack);
            }
            k = end;
        }
        best.key.unwrap_or_default()
    }

    /// Compares the partial key with the best key's prefix.
    fn compare(&self, st: &mut State, best: &Best) -> Ordering {
        let Some(bk) = &best.key else {
            return Ordering::Less;
        };
        if st.version != best.version {
            st.checked = 0;
            st.version = best.version;
        }
        while st.checked < st.key.len() {
            match st.key[st.checked].cmp(&bk[st.checked]) {
                Ordering::Equal => st.checked += 1,
                other => return other,
            }
        }
        Ordering::Equal
    }

    /// Runs a partial layout until it is complete, pruned, or at a choice;
    /// pushes the options of a choice (least first on top).
    fn advance(
        &self,
        mut st: State,
        mut phase: Phase,
        best: &mut Best,
        stack: &mut Vec<(State, Phase)>,
    ) {
        loop {
            if self.compare(&mut st, best) == Ordering::Greater {
                return;
            }
            match phase {
                Phase::Next => {
                    if st.head == st.queue.len() {
                        // Complete (the region graph of a land is connected).
                        if self.compare(&mut st, best) == Ordering::Less || best.key.is_none() {
                            best.key = Some(st.key);
                            best.version += 1;
                        }
                        return;
                    }
                    let (r, entry) = st.queue[st.head];
                    st.head += 1;
                    let b = self.site_boundary[entry as usize];
                    let left: Vec<u32> = self.rbounds[r as usize]
                        .iter()
                        .copied()
                        .filter(|&x| x != b && self.open[x as usize])
                        .collect();
                    let fwd_seg = self.segment(&mut st, entry, true);
                    let back_seg = self.segment(&mut st, entry, false);
                    // A region whose boundaries all have at most two sites
                    // reads the same both ways.
                    let flat = self.rbounds[r as usize]
                        .iter()
                        .all(|&x| self.blen[x as usize] <= 2);
                    let order = if flat || (self.pinned && r == 0) {
                        Ordering::Less
                    } else {
                        fwd_seg.cmp(&back_seg)
                    };
                    match order {
                        Ordering::Less => {
                            self.write(&mut st, entry, true);
                            phase = Phase::Rest {
                                r,
                                fwd: true,
                                left,
                                skip: NONE,
                            };
                        }
                        Ordering::Greater => {
                            self.write(&mut st, entry, false);
                            phase = Phase::Rest {
                                r,
                                fwd: false,
                                left,
                                skip: NONE,
                            };
                        }
                        Ordering::Equal => match self.both_ways(st, entry, r, left, stack) {
                            Some((next, next_phase)) => {
                                st = next;
                                phase = next_phase;
                            }
                            None => return,
                        },
                    }
                }
                Phase::Rest { r, fwd, left, skip } => {
                    if left.is_empty() {
                        self.write_closed(&mut st, r, fwd, skip);
                        phase = Phase::Next;
                        continue;
                    }
                    let options = self.rest_options(&mut st, r, fwd, &left);
                    if options.len() == 1 {
                        let s = options[0].1;
                        let b = self.site_boundary[s as usize];
                        self.write(&mut st, s, fwd);
                        phase = Phase::Rest {
                            r,
                            fwd,
                            left: left.into_iter().filter(|&x| x != b).collect(),
                            skip,
                        };
                        continue;
                    }
                    for &(_, s) in options.iter().rev() {
                        let mut o = st.clone();
                        let b = self.site_boundary[s as usize];
                        self.write(&mut o, s, fwd);
                        stack.push((
                            o,
                            Phase::Rest {
                                r,
                                fwd,
                                left: left.iter().copied().filter(|&x| x != b).collect(),
                                skip,
                            },
                        ));
                    }
                    return;
                }
            }
        }
    }

    /// Region `r`, entered at `entry`, reads the same both ways so far:
    /// writes both orientations and keeps one when they cannot differ, or
    /// pushes both (least on top). `Some`: the state and phase to go on
    /// with; `None`: the options are on the stack.
    fn both_ways(
        &self,
        st: State,
        entry: u32,
        r: u32,
        left: Vec<u32>,
        stack: &mut Vec<(State, Phase)>,
    ) -> Option<(State, Phase)> {
        let before = st.next;
        // Regions seen before this one is written (the
        // units hanging from its new letters are not).
        let seen_before = st.seen.clone();
        let mut a = st.clone();
        self.write(&mut a, entry, true);
        let mut z = st;
        self.write(&mut z, entry, false);
        // The other boundaries read the same both ways:
        // the orientations differ at most by alike units.
        let short = left.iter().all(|&x| self.blen[x as usize] <= 2)
            && self.closed[r as usize][0]
                .iter()
                .map(|x| &x.0)
                .eq(self.closed[r as usize][1].iter().map(|x| &x.0));
        if short && self.mirror_alike(&seen_before, &a, &z, r, before) {
            return Some((
                a,
                Phase::Rest {
                    r,
                    fwd: true,
                    left,
                    skip: NONE,
                },
            ));
        }
        if left.is_empty() {
            // Both orientations are complete here: keep one
            // when they leave the same state.
            self.write_closed(&mut a, r, true, NONE);
            self.write_closed(&mut z, r, false, NONE);
            if a.key == z.key
                && ((a.name == z.name && a.queue == z.queue)
                    || self.mirror_alike(&seen_before, &a, &z, r, before))
            {
                return Some((a, Phase::Next));
            }
            match a.key.cmp(&z.key) {
                Ordering::Less => return Some((a, Phase::Next)),
                Ordering::Greater => return Some((z, Phase::Next)),
                Ordering::Equal => {
                    stack.push((z, Phase::Next));
                    stack.push((a, Phase::Next));
                    return None;
                }
            }
        }
        stack.push((
            z,
            Phase::Rest {
                r,
                fwd: false,
                left: left.clone(),
                skip: NONE,
            },
        ));
        stack.push((
            a,
            Phase::Rest {
                r,
                fwd: true,
                left,
                skip: NONE,
            },
        ));
        None
    }

    /// The sites where region `r` may go on (orientation `fwd`) among the
    /// boundaries `left`: those whose segment reads least, one of each
    /// set that alike units or rotations make the same.
    fn rest_options(
        &self,
        st: &mut State,
        r: u32,
        fwd: bool,
        left: &[u32],
    ) -> Vec<(Vec<LayoutToken>, u32)> {
        // The least first token among the starts of the boundaries left.
        let mut first: Option<LayoutToken> = None;
        let mut starts: Vec<u32> = Vec::new();
        for &b in left {
            for s in self.sites(b) {
                let t = self.first_token(st, s);
                match first.map(|f| t.cmp(&f)) {
                    None | Some(Ordering::Less) => {
                        first = Some(t);
                        starts.clear();
                        starts.push(s);
                    }
                    Some(Ordering::Equal) => starts.push(s),
                    Some(Ordering::Greater) => {}
                }
            }
        }
        if starts.len() > 1 {
            self.drop_twins(&mut starts);
        }
        let mut options: Vec<(Vec<LayoutToken>, u32)> = starts
            .iter()
            .map(|&s| (self.segment(st, s, fwd), s))
            .collect();
        options.sort();
        let least = options[0].0.clone();
        options.retain(|o| o.0 == least);
        let b0 = self.site_boundary[options[0].1 as usize];
        if options
            .iter()
            .any(|o| self.site_boundary[o.1 as usize] != b0)
        {
            self.drop_alike_units(st, r, fwd, &mut options);
        }
        if options.len() > 1 {
            let mut kept: Vec<(Vec<LayoutToken>, u32)> = Vec::new();
            for o in options.drain(..) {
                let b = self.site_boundary[o.1 as usize];
                let same = kept.iter().any(|k| {
                    self.site_boundary[k.1 as usize] == b
                        && self.rotation_alike(st, r, k.1, o.1, fwd)
                });
                if !same {
                    kept.push(o);
                }
            }
            options = kept;
        }
        options
    }

    /// The other pivot of a "parallel pair": `s` and `t` alone on a boundary,
    /// their partners alone on another. Swapping the two letters is then a
    /// symmetry that fixes everything else, so the search tries one of them.
    fn twin(&self, s: u32) -> Option<u32> {
        let b = self.site_boundary[s as usize];
        if self.blen[b as usize] != 2 || self.typ[s as usize] != PIVOT {
            return None;
        }
        let t = self.step(s, true);
        let (ps, pt) = (self.partner[s as usize], self.partner[t as usize]);
        if self.typ[t as usize] != PIVOT || pt == NONE || ps == NONE {
            return None;
        }
        let pb = self.site_boundary[ps as usize];
        (self.site_boundary[pt as usize] == pb && self.blen[pb as usize] == 2).then_some(t)
    }

    /// Drops every site whose twin comes earlier in the list.
    fn drop_twins(&self, sites: &mut Vec<u32>) {
        let all: Vec<u32> = sites.clone();
        let mut kept = Vec::with_capacity(all.len());
        for &s in &all {
            match self.twin(s) {
                Some(t) if kept.contains(&t) => {}
                _ => kept.push(s),
            }
        }
        *sites = kept;
    }

    /// Among tied options, keeps one boundary of each kind of *detached
    /// unit*: a boundary of region `r` whose pivots lead to regions that
    /// reach the rest of the land only through this boundary. Swapping two
    /// units with the same key (the boundary read in the region's
    /// orientation, with everything hanging from it) is a symmetry fixing
    /// everything else, and nothing in them is named yet: both choices lead
    /// to the same layouts.
    fn drop_alike_units(
        &self,
        st: &State,
        r: u32,
        fwd: bool,
        options: &mut Vec<(Vec<LayoutToken>, u32)>,
    ) {
        let mut kinds: Vec<(u32, Vec<LayoutToken>)> = Vec::new();
        let mut keep = Vec::with_capacity(options.len());
        for o in options.drain(..) {
            let b = self.site_boundary[o.1 as usize];
            if kinds.iter().any(|x| x.0 == b) {
                keep.push(o);
                continue;
            }
            match self.unit(st, r, b) {
                Some(regions) => {
                    let cached = self.units.borrow().get(&(b, fwd)).cloned();
                    let key = match cached {
                        Some(k) => k,
                        None => {
                            let k = self.unit_key(b, fwd, &regions);
                            self.units.borrow_mut().insert((b, fwd), k.clone());
                            k
                        }
                    };
                    if kinds.iter().any(|x| x.1 == key && x.0 != b) {
                        continue;
                    }
                    kinds.push((b, key));
                    keep.push(o);
                }
                None => keep.push(o),
            }
        }
        *options = keep;
    }

    /// Whether the two orientations of region `r`, which wrote the same
    /// tokens, differ only by which of two alike detached parts got which
    /// new letter: the k-th new letter of each is the same site, or two
    /// pivots each holding a detached unit, with equal keys. Mirroring the
    /// region and swapping those units is then a symmetry fixing the rest.
    fn mirror_alike(&self, seen: &[bool], a: &State, z: &State, r: u32, before: u32) -> bool {
        let new_sites = |st: &State| {
            let mut v: Vec<(u32, u32)> = self.rbounds[r as usize]
                .iter()
                .flat_map(|&b| self.sites(b))
                .filter(|&s| st.name[s as usize] >= before)
                .map(|s| (st.name[s as usize], s))
                .collect();
            v.sort_unstable();
            v
        };
        let (na, nz) = (new_sites(a), new_sites(z));
        if na.len() != nz.len() {
            return false;
        }
        for (&(x, sa), &(y, sz)) in na.iter().zip(&nz) {
            if x != y {
                return false;
            }
            if sa == sz {
                continue;
            }
            if self.typ[sa as usize] != PIVOT || self.typ[sz as usize] != PIVOT {
                return false;
            }
            match (
                self.site_unit_key(seen, r, sa),
                self.site_unit_key(seen, r, sz),
            ) {
                (Some(ka), Some(kz)) if ka == kz => {}
                _ => return false,
            }
        }
        true
    }

    /// The key of the detached unit hanging from pivot `site` of region `r`
    /// (see [`Graph::unit_of`]), if it is one.
    fn site_unit_key(&self, seen: &[bool], r: u32, site: u32) -> Option<Vec<LayoutToken>> {
        let slot = (0x8000_0000 | site, true);
        if let Some(k) = self.units.borrow().get(&slot) {
            return Some(k.clone());
        }
        let regions = self.unit_of(seen, r, &[site])?;
        let k = self.unit_key_sites(&[site], &regions);
        self.units.borrow_mut().insert(slot, k.clone());
        Some(k)
    }

    /// Whether writing a boundary of region `r` from `s` or from `t` (same
    /// tokens) differs only by which of alike detached units gets which new
    /// letter: the rotation from `s` to `t`, with those units swapped, is a
    /// symmetry fixing the rest.
    fn rotation_alike(&self, st: &State, r: u32, s: u32, t: u32, fwd: bool) -> bool {
        let len = self.blen[self.site_boundary[s as usize] as usize];
        let (mut x, mut y) = (s, t);
        for _ in 0..len {
            if x != y && self.typ[x as usize] == PIVOT {
                if st.name[x as usize] != 0 || st.name[y as usize] != 0 {
                    return false;
                }
                match (
                    self.site_unit_key(&st.seen, r, x),
                    self.site_unit_key(&st.seen, r, y),
                ) {
                    (Some(a), Some(b)) if a == b => {}
                    _ => return false,
                }
            }
            x = self.step(x, fwd);
            y = self.step(y, fwd);
        }
        true
    }

    /// The regions hanging from boundary `b` of region `r`, if they reach
    /// the rest of the land only through `b` and none is visited yet.
    fn unit(&self, st: &State, r: u32, b: u32) -> Option<Vec<u32>> {
        let sites: Vec<u32> = self.sites(b).collect();
        self.unit_of(&st.seen, r, &sites)
    }

    /// The regions hanging from `sites` of region `r` (sites that are not
    /// pivots are ignored), if they reach the rest of the land only through
    /// those sites and none is visited yet (at most 64 regions).
    fn unit_of(&self, seen_regions: &[bool], r: u32, sites: &[u32]) -> Option<Vec<u32>> {
        let mut seen: Vec<u32> = Vec::new();
        let mut todo: Vec<u32> = Vec::new();
        for &s in sites {
            let p = self.partner[s as usize];
            if self.typ[s as usize] == PIVOT {
                let pr = self.bregion[self.site_boundary[p as usize] as usize];
                if pr == r || seen_regions[pr as usize] {
                    return None;
                }
                if !seen.contains(&pr) {
                    seen.push(pr);
                    todo.push(pr);
                }
            }
        }
        while let Some(x) = todo.pop() {
            if seen.len() > 64 {
                return None;
            }
            for &xb in &self.rbounds[x as usize] {
                for s in self.sites(xb) {
                    if self.typ[s as usize] != PIVOT {
                        continue;
                    }
                    let p = self.partner[s as usize];
                    let pb = self.site_boundary[p as usize];
                    let pr = self.bregion[pb as usize];
                    if pr == r {
                        if !sites.contains(&p) {
                            return None;
                        }
                        continue;
                    }
                    if seen_regions[pr as usize] {
                        return None;
                    }
                    if !seen.contains(&pr) {
                        seen.push(pr);
                        todo.push(pr);
                    }
                }
            }
        }
        Some(seen)
    }

    /// The canonical key of boundary `b` (read in orientation `fwd`, in a
    /// region of its own that is never mirrored) with the regions hanging
    /// from it.
    fn unit_key(&self, b: u32, fwd: bool, regions: &[u32]) -> Vec<LayoutToken> {
        let len = self.blen[b as usize];
        let start = self.bstart[b as usize];
        let own: Vec<u32> = (0..len)
            .map(|k| start + if fwd { k } else { (len - k) % len })
            .collect();
        self.unit_key_sites(&own, regions)
    }

    /// The canonical key of `sites` (as one boundary of a region never
    /// mirrored) with the regions hanging from them.
    fn unit_key_sites(&self, sites: &[u32], regions: &[u32]) -> Vec<LayoutToken> {
        let sym = |s: u32| match self.typ[s as usize] {
            ZERO => Sym::Zero,
            ONE => Sym::One,
            TWO => Sym::Two,
            _ => Sym::Letter(s.min(self.partner[s as usize])),
        };
        let own: Vec<Sym> = sites.iter().map(|&s| sym(s)).collect();
        let mut land: ShapeLand = vec![vec![own]];
        for &x in regions {
            land.push(
                self.rbounds[x as usize]
                    .iter()
                    .map(|&xb| self.sites(xb).map(sym).collect())
                    .collect(),
            );
        }
        let mut g = Graph::new(&land);
        g.pinned = true;
        g.least_key()
    }

    fn first_token(&self, st: &State, s: u32) -> LayoutToken {
        let su = s as usize;
        if self.partner[su] == NONE {
            (self.col[su], 0)
        } else if st.name[su] == 0 {
            (self.col[su], st.next)
        } else {
            (self.col[su], st.name[su])
        }
    }
}

/// The neo-GLOP text of a key: upper-case letters (skipping `T` and `C`)
/// for spots in two regions, lower case for spots listed twice on one
/// boundary, each named in order of first appearance.
pub(crate) fn render(key: &[LayoutToken]) -> String {
    let mut out = String::new();
    let mut names: std::collections::HashMap<u32, String> = std::collections::HashMap::new();
    let (mut upper, mut lower) = (0, 0);
    for (i, &tok) in key.iter().enumerate() {
        if tok == END_REGION {
            if i + 1 < key.len() {
                out.push('/');
            }
            continue;
        }
        if tok == END_BOUNDARY {
            if key.get(i + 1).is_some_and(|&t| t != END_REGION) {
                out.push('.');
            }
            continue;
        }
        let typ = (tok.0 >> 59) as u8;
        match typ {
            ZERO => out.push('0'),
            ONE => out.push('1'),
            TWO => out.push('2'),
            _ => {
                let name = names.entry(tok.1).or_insert_with(|| {
                    if typ == PIER {
                        lower += 1;
                        letter_name(lower - 1, false, true)
                    } else {
                        upper += 1;
                        letter_name(upper - 1, true, true)
                    }
                });
                out.push_str(name);
            }
        }
    }
    out
}

/// A layout in the solver's site bytes (`0`, `1`, `2`, letters from `3` in
/// order of first appearance, `0xFF` after each boundary, `0xFE` after each
/// region): the key [`ExactCanon`](crate::solve::ExactCanon) gives a land.
pub(crate) fn site_bytes(key: &[LayoutToken]) -> Vec<u8> {
    let mut out = Vec::with_capacity(key.len());
    let mut letters: std::collections::HashMap<u32, u8> = std::collections::HashMap::new();
    for &tok in key {
        if tok == END_REGION {
            out.push(0xFE);
        } else if tok == END_BOUNDARY {
            out.push(0xFF);
        } else {
            let typ = (tok.0 >> 59) as u8;
            out.push(match typ {
                ZERO | ONE | TWO => typ,
                _ => {
                    let next = 3 + letters.len() as u8;
                    *letters.entry(tok.1).or_insert(next)
                }
            });
        }
    }
    out
}
