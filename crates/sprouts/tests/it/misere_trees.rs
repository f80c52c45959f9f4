//! Misère canonical trees (`sprouts::misere`) against the literature and
//! against a brute force written only for these tests: random small games
//! kept as explicit trees (no hashing, no simplification), whose sums are
//! decided by plain minimax.

use std::collections::HashMap;

use proptest::prelude::*;
use sprouts::misere::{Genus, TreeId, TreeRecordError, Trees};
use sprouts_testkit::readers;
use sprouts_testkit::strategies::config;

// ---------------------------------------------------------------------------
// The brute force.

/// A game as an explicit tree: its options, nothing shared or simplified.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Explicit(Vec<Explicit>);

/// Explicit games flattened into numbered nodes (each node its options'
/// numbers), so that minimax can remember the sums it has decided.
#[derive(Default)]
struct Arena {
    options: Vec<Vec<usize>>,
    /// Misère Grundy value of a sum of nodes (sorted), by minimax.
    misere: HashMap<Vec<usize>, u32>,
}

impl Arena {
    fn add(&mut self, options: Vec<usize>) -> usize {
        self.options.push(options);
        self.options.len() - 1
    }

    fn flatten(&mut self, g: &Explicit) -> usize {
        let options = g.0.iter().map(|o| self.flatten(o)).collect();
        self.add(options)
    }

    /// The nim heap `*n` as fresh nodes.
    fn heap(&mut self, n: usize) -> usize {
        let mut heaps = Vec::new();
        for _ in 0..=n {
            let h = self.add(heaps.clone());
            heaps.push(h);
        }
        heaps[n]
    }

    /// Every node of a table's tree `id` (the table's options, copied).
    fn copy_table(
        &mut self,
        trees: &Trees,
        id: TreeId,
        copied: &mut HashMap<TreeId, usize>,
    ) -> usize {
        if let Some(&n) = copied.get(&id) {
            return n;
        }
        let options = trees
            .options(id)
            .iter()
            .map(|&o| self.copy_table(trees, o, copied))
            .collect();
        let n = self.add(options);
        copied.insert(id, n);
        n
    }

    /// The misère Grundy value of the sum of these nodes: 1 if no move is
    /// left, else the mex of the values after each move.
    fn misere_grundy(&mut self, sum: &[usize]) -> u32 {
        let mut key = sum.to_vec();
        key.sort_unstable();
        if let Some(&v) = self.misere.get(&key) {
            return v;
        }
        let mut seen = Vec::new();
        for i in 0..key.len() {
            for j in 0..self.options[key[i]].len() {
                let mut next = key.clone();
                next[i] = self.options[key[i]][j];
                seen.push(self.misere_grundy(&next));
            }
        }
        let v = if seen.is_empty() {
            1
        } else {
            (0..).find(|v| !seen.contains(v)).unwrap()
        };
        self.misere.insert(key, v);
        v
    }

    /// Whether the player to move wins the sum in misère play.
    fn misere_win(&mut self, sum: &[usize]) -> bool {
        self.misere_grundy(sum) != 0
    }

    /// The normal-play Grundy value of one node.
    fn normal_grundy(&self, g: usize) -> u32 {
        let seen: Vec<u32> = self.options[g]
            .iter()
            .map(|&o| self.normal_grundy(o))
            .collect();
        (0..).find(|v| !seen.contains(v)).unwrap()
    }
}

/// The table's tree of an explicit game, built from the leaves up.
fn tree_of(trees: &mut Trees, g: &Explicit) -> TreeId {
    let options: Vec<TreeId> = g.0.iter().map(|o| tree_of(trees, o)).collect();
    trees.game(&options)
}

/// A small deterministic generator (splitmix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A random game of at most `depth` levels and `width` options a node.
    fn game(&mut self, depth: u32, width: u64) -> Explicit {
        if depth == 0 {
            return Explicit(Vec::new());
        }
        let n = self.below(width + 1);
        Explicit(
            (0..n)
                .map(|_| {
                    // Mostly one level less, sometimes two.
                    let d = (depth - 1).saturating_sub((self.below(3) == 0) as u32);
                    self.game(d, width)
                })
                .collect(),
        )
    }
}

/// `count` random games as nodes of an arena, each node's options a few
/// nodes among the `reach` made just before it (so games share parts and
/// go deep: birthdays up to `count`).
fn random_dag(
    rng: &mut Rng,
    arena: &mut Arena,
    count: usize,
    reach: usize,
    most: u64,
) -> Vec<usize> {
    let mut nodes = Vec::new();
    for i in 0..count {
        let n = rng.below(most + 1) as usize;
        let mut options: Vec<usize> = (0..n.min(i))
            .map(|_| nodes[i - 1 - rng.below(i.min(reach) as u64) as usize])
            .collect();
        options.sort_unstable();
        options.dedup();
        nodes.push(arena.add(options));
    }
    nodes
}

/// The table's trees of arena nodes (options before their games).
fn trees_of(trees: &mut Trees, arena: &Arena, nodes: &[usize]) -> HashMap<usize, TreeId> {
    let mut ids = HashMap::new();
    for &n in nodes {
        let options: Vec<TreeId> = arena.options[n].iter().map(|o| ids[o]).collect();
        ids.insert(n, trees.game(&options));
    }
    ids
}

/// 30 random games that share parts (birthdays up to 30, [`random_dag`]),
/// their trees, and `k` games picked at random among the ten deepest.
fn deep_games(seed: u64, k: usize) -> (Arena, Trees, HashMap<usize, TreeId>, Vec<usize>) {
    let mut rng = Rng(seed);
    let mut arena = Arena::default();
    let nodes = random_dag(&mut rng, &mut arena, 30, 6, 3);
    let mut t = Trees::new();
    let ids = trees_of(&mut t, &arena, &nodes);
    let picks = (0..k).map(|_| nodes[29 - rng.below(10) as usize]).collect();
    (arena, t, ids, picks)
}

/// A proptest strategy: explicit games of at most 4 levels, 3 options a
/// node, about 20 nodes.
fn explicit() -> impl Strategy<Value = Explicit> {
    Just(Explicit(Vec::new())).prop_recursive(4, 20, 3, |inner| {
        prop::collection::vec(inner, 0..=3).prop_map(Explicit)
    })
}

fn nim_sum_of(trees: &mut Trees, heaps: &[u32]) -> TreeId {
    let mut s = TreeId::ZERO;
    for &h in heaps {
        let n = trees.nim(h);
        s = trees.sum(s, n);
    }
    s
}

// ---------------------------------------------------------------------------
// The literature.

/// Bouton's misère nim (ONAG ch. 12): with every heap 0 or 1 the player to
/// move wins iff the number of 1-heaps is even, otherwise iff the nim-sum
/// is not 0. Every sum of up to 4 heaps of sizes 0 to 5 (1554 sums, in every
/// order), by the sum's outcome and by the genus of the sum without its last
/// heap (`G + *n` is a P-position iff γ0 of `G` is `n`).
#[test]
fn misere_nim_by_sums_and_by_genus() {
    let mut t = Trees::new();
    let mut checked = 0;
    for len in 1..=4u32 {
        for code in 0..6u32.pow(len) {
            let heaps: Vec<u32> = (0..len).map(|i| code / 6u32.pow(i) % 6).collect();
            let ones = heaps.iter().filter(|&&h| h == 1).count();
            let nim_sum = heaps.iter().fold(0, |a, &h| a ^ h);
            let expected = if heaps.iter().all(|&h| h <= 1) {
                ones % 2 == 0
            } else {
                nim_sum != 0
            };
            let s = nim_sum_of(&mut t, &heaps);
            assert_eq!(t.misere_win(s), expected, "{heaps:?}");
            let (last, rest) = heaps.split_last().unwrap();
            let r = nim_sum_of(&mut t, rest);
            assert_eq!(t.genus(r).misere() != *last, expected, "{heaps:?} by genus");
            // Conway's genus of a nim position (tame: 0^120, 1^031, 0^02,
            // 1^13, n^{n, n XOR 2}).
            let genus = match (heaps.iter().all(|&h| h <= 1), nim_sum) {
                (true, 0) => "0^120".to_string(),
                (true, _) => "1^031".to_string(),
                (false, 0) => "0^02".to_string(),
                (false, 1) => "1^13".to_string(),
                (false, n) => format!("{n}^{n}{}", n ^ 2),
            };
            assert_eq!(t.genus(s).to_string(), genus, "{heaps:?}");
            checked += 1;
        }
    }
    assert_eq!(checked, 6 + 36 + 216 + 1296);
}

/// Sums of nim heaps: `*n + * = *(n XOR 1)` and `* + * = 0` (ONAG ch. 12,
/// after Theorem 72), but `*n + *n` is not 0 for `n ≥ 2` (only 0 and * have
/// negatives) and `*2 + *2 = {*2, *3}` is no nim heap; `*2 + *3` is not
/// `*` as in normal play.
#[test]
fn nim_heap_sums() {
    let mut t = Trees::new();
    let star = t.nim(1);
    assert_eq!(t.sum(star, star), TreeId::ZERO);
    for n in 0..=12 {
        let h = t.nim(n);
        let expected = t.nim(n ^ 1);
        assert_eq!(t.sum(h, star), expected, "*{n} + *");
        let double = t.sum(h, h);
        assert_eq!(double == TreeId::ZERO, n <= 1, "*{n} + *{n}");
        assert!(t.misere_win(double) == (n <= 1), "*{n} + *{n}");
    }
    let (s2, s3) = (t.nim(2), t.nim(3));
    let d = t.sum(s2, s2);
    assert_eq!(t.text(d), "{*2,*3}");
    assert_eq!(t.nim_heap(d), None);
    let a = t.sum(s2, s3);
    assert_ne!(a, star);
    assert_eq!(t.text(a), "{*2,*3,{*2,*3}}");
    // Misère nim: *2 + *3 (nim-sum 1, a heap above 1) is a win, * a loss.
    assert!(t.misere_win(a));
    assert!(!t.misere_win(star));
    assert_eq!(t.genus(a).to_string(), "1^13");
    assert_eq!(t.genus(star).to_string(), "1^031");
}

/// ONAG Theorem 72 and its examples: a game whose options are nim heaps is
/// the heap of their mex unless every option is `*2` or more; the proviso.
#[test]
fn conway_theorem_72() {
    let mut t = Trees::new();
    let z = TreeId::ZERO;
    let h: Vec<TreeId> = (0..=6).map(|n| t.nim(n)).collect();
    assert_eq!(t.game(&[h[1]]), z);
    assert_eq!(t.game(&[h[0], h[1], h[3], h[5]]), h[2]);
    assert_eq!(t.game(&[h[1], h[2], h[3]]), z);
    let two = t.game(&[h[2]]);
    assert_ne!(two, z);
    assert_eq!(t.text(two), "{*2}");
    // {2} is a P-position, and so is {2} + {2} (so it is not *).
    assert!(!t.misere_win(two));
    let twice = t.sum(two, two);
    assert!(!t.misere_win(twice));
    // Every set of heaps: the mex heap, except when every option is *2 or
    // more and the mex is 0.
    for set in 1u32..(1 << 7) {
        let options: Vec<TreeId> = (0..7).filter(|i| set >> i & 1 == 1).map(|i| h[i]).collect();
        let mex = (0..).find(|i| set >> i & 1 == 0).unwrap();
        let g = t.game(&options);
        let reduces = mex != 0 || set & 2 != 0;
        assert_eq!(t.nim_heap(g) == Some(mex), reduces, "{}", t.text(g));
        if !reduces {
            assert_eq!(t.options(g), &options[..]);
        }
    }
}

/// The genus of small games (ONAG ch. 12: 0 = 0^120, * = 1^031, *2 = 2^20,
/// *3 = 3^31), and the genus text read back.
#[test]
fn genus_of_small_games() {
    let mut t = Trees::new();
    let cases = [
        ("0", "0^120"),
        ("*", "1^031"),
        ("*2", "2^20"),
        ("*3", "3^31"),
        ("*4", "4^46"),
    ];
    for (tree, genus) in cases {
        let g = t.parse(tree).unwrap();
        assert_eq!(t.genus(g).to_string(), genus, "{tree}");
        assert_eq!(genus.parse::<Genus>().unwrap(), t.genus(g));
    }
    let s10 = t.nim(10);
    assert_eq!(t.genus(s10).to_string(), "10^(10,8)");
    assert_eq!("10^(10,8)".parse::<Genus>().unwrap(), t.genus(s10));
    let g = t.parse("{*2}").unwrap();
    assert_eq!(t.genus(g).to_string(), "0^02");
    assert_eq!(format!("{:#}", t.genus(TreeId::ZERO)), "0^1");
    let star = t.nim(1);
    assert_eq!(format!("{:#}", t.genus(star)), "1^0");
    // Every term, against the misère Grundy value of the sum with *2s.
    let g = t.parse("{{*2},*2,*}").unwrap();
    let genus = t.genus(g);
    let mut s = g;
    let s2 = t.nim(2);
    for k in 0..10 {
        assert_eq!(genus.term(k), t.misere_grundy(s), "γ{k}");
        s = t.sum(s, s2);
    }
}

/// Grundy and Smith, then Conway (ONAG ch. 12): 1, 2, 3, 5 and 22 games in
/// simplest form are born by days 0 to 4.
#[test]
fn games_born_by_day() {
    let mut t = Trees::new();
    let counts: Vec<usize> = (0..=4).map(|day| born_by_day(&mut t, day).len()).collect();
    assert_eq!(counts, [1, 2, 3, 5, 22]);
    let born = born_by_day(&mut t, 4);
    let texts: Vec<String> = born.iter().map(|&g| t.text(g)).collect();
    for known in [
        "0", "*", "*2", "*3", "*4", "{*2}", "{*3}", "{*2,*3}", "{{*2}}",
    ] {
        assert!(texts.iter().any(|s| s == known), "{known} among {texts:?}");
    }
}

/// The games born by `day` in simplest form, sorted: each day's games are
/// every set of the games born before.
fn born_by_day(t: &mut Trees, day: usize) -> Vec<TreeId> {
    let mut born = vec![TreeId::ZERO];
    for _day in 1..=day {
        let mut next: Vec<TreeId> = (0u32..(1 << born.len()))
            .map(|set| {
                let options: Vec<TreeId> = (0..born.len())
                    .filter(|i| set >> i & 1 == 1)
                    .map(|i| born[i])
                    .collect();
                t.game(&options)
            })
            .collect();
        next.sort_unstable();
        next.dedup();
        born = next;
    }
    born
}

/// Day 5: 4171780 games in simplest form (Grundy and Smith; ONAG ch. 12),
/// from the 2^22 sets of the games born by day 4. About 4 s and 600 MB:
/// `cargo test -p sprouts --test misere_trees -- --ignored`.
#[test]
#[ignore]
fn games_born_by_day_5() {
    let mut t = Trees::new();
    let born = born_by_day(&mut t, 4);
    assert_eq!(born.len(), 22);
    let mut day5 = vec![false; 1 << 23];
    let mut count = 0;
    let mut options = Vec::with_capacity(22);
    for set in 0u32..(1 << 22) {
        options.clear();
        options.extend((0..22).filter(|i| set >> i & 1 == 1).map(|i| born[i]));
        let g = t.game(&options).index() as usize;
        if g >= day5.len() {
            day5.resize(2 * g, false);
        }
        if !day5[g] {
            day5[g] = true;
            count += 1;
        }
    }
    assert_eq!(count, 4_171_780);
}

/// Misère Grundy's game (split a heap into two unequal heaps; ONAG ch. 12):
/// heaps 1 to 12 are the nim heaps 0 0 1 0 2 1 0 2 1 0 2 1, and "a heap of
/// size 48 is not a second player win, but one of size 50 is".
#[test]
fn grundys_game() {
    let mut t = Trees::new();
    let mut heap = vec![TreeId::ZERO; 51];
    for n in 1..=50 {
        let mut options = Vec::new();
        for b in 1..n {
            let a = n - b;
            if a > b {
                options.push(t.sum(heap[a], heap[b]));
            }
        }
        heap[n] = t.game(&options);
    }
    let small: Vec<Option<u32>> = (1..=12).map(|n| t.nim_heap(heap[n])).collect();
    let expected = [0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1].map(Some);
    assert_eq!(small, expected);
    assert!(t.misere_win(heap[48]));
    assert!(!t.misere_win(heap[50]));
    // Grundy's guess (P-positions are the multiples of 3) holds up to 12.
    for (n, &h) in heap.iter().enumerate().take(13).skip(1) {
        assert_eq!(t.misere_win(h), n % 3 != 0, "{n}");
    }
}

// ---------------------------------------------------------------------------
// Against the brute force.

proptest! {
    #![proptest_config(config(200))]

    /// The outcome of a sum of canonical trees is the brute-force outcome of
    /// the explicit games' sum.
    #[test]
    fn sums_have_the_brute_force_outcome(a in explicit(), b in explicit(), c in explicit()) {
        let mut t = Trees::new();
        let mut arena = Arena::default();
        let (na, nb, nc) = (arena.flatten(&a), arena.flatten(&b), arena.flatten(&c));
        let (ta, tb, tc) = (tree_of(&mut t, &a), tree_of(&mut t, &b), tree_of(&mut t, &c));
        let ab = t.sum(ta, tb);
        prop_assert_eq!(t.misere_win(ab), arena.misere_win(&[na, nb]));
        let abc = t.sum(ab, tc);
        prop_assert_eq!(t.misere_win(abc), arena.misere_win(&[na, nb, nc]));
        prop_assert_eq!(t.misere_grundy(abc), arena.misere_grundy(&[na, nb, nc]));
        // The sum does not depend on the order.
        let bc = t.sum(tb, tc);
        prop_assert_eq!(t.sum(ta, bc), abc);
    }

    /// A sum's outcome played out without making its tree is the
    /// brute-force outcome of the explicit games' sum; within too small a
    /// budget it is not known, and what was found is kept.
    #[test]
    fn sum_outcomes_played_out_have_the_brute_force_outcome(seed in any::<u64>()) {
        let (mut arena, mut t, ids, picks) = deep_games(seed, 4);
        let (a, b, c, d) = (picks[0], picks[1], picks[2], picks[3]);
        let parts = [ids[&a], ids[&b], ids[&c], ids[&d]];
        let trees_before = t.len();
        let mut budget = 1;
        let win = loop {
            if let Some(w) = t.sum_misere_win_within(&parts, budget) {
                break w;
            }
            budget *= 2;
        };
        prop_assert_eq!(win, arena.misere_win(&[a, b, c, d]));
        prop_assert_eq!(t.len(), trees_before, "playing a sum out made a tree");
        prop_assert_eq!(t.sum_misere_win_within(&parts[..2], usize::MAX),
            Some(arena.misere_win(&[a, b])));
        // Known now: no budget needed, in any order.
        prop_assert_eq!(t.sum_misere_win_within(&[parts[3], parts[1], parts[2], parts[0]], 0), Some(win));
    }

    /// The same on deep random games that share parts (30 nodes, birthdays
    /// up to 30): sums of two and three, and the genus terms.
    #[test]
    fn deep_sums_have_the_brute_force_outcome(seed in any::<u64>()) {
        let (mut arena, mut t, ids, picks) = deep_games(seed, 3);
        let (a, b, c) = (picks[0], picks[1], picks[2]);
        let ab = t.sum(ids[&a], ids[&b]);
        prop_assert_eq!(t.misere_grundy(ab), arena.misere_grundy(&[a, b]));
        let abc = t.sum(ab, ids[&c]);
        prop_assert_eq!(t.misere_win(abc), arena.misere_win(&[a, b, c]));
        prop_assert_eq!(t.normal_grundy(ids[&a]), arena.normal_grundy(a));
        let genus = t.genus(ids[&a]);
        let mut sum = vec![a];
        for k in 0..5 {
            prop_assert_eq!(genus.term(k), arena.misere_grundy(&sum), "γ{} of {}", k, genus);
            let two = arena.heap(2);
            sum.push(two);
        }
    }

    /// Grundy values, birthday bound and every genus term of a canonical
    /// tree agree with the explicit game's (γk by minimax on the game plus
    /// k explicit copies of *2).
    #[test]
    fn values_and_genus_match_the_brute_force(a in explicit()) {
        let mut t = Trees::new();
        let mut arena = Arena::default();
        let na = arena.flatten(&a);
        let ta = tree_of(&mut t, &a);
        prop_assert_eq!(t.normal_grundy(ta), arena.normal_grundy(na));
        prop_assert_eq!(t.misere_win(ta), arena.misere_win(&[na]));
        let genus = t.genus(ta);
        prop_assert_eq!(genus.normal(), arena.normal_grundy(na));
        let mut sum = vec![na];
        for k in 0..6 {
            prop_assert_eq!(genus.term(k), arena.misere_grundy(&sum), "γ{} of {}", k, genus);
            let two = arena.heap(2);
            sum.push(two);
        }
        // Simplification is idempotent, and only removes.
        let options = t.options(ta).to_vec();
        prop_assert_eq!(t.game(&options), ta);
        prop_assert!(t.birthday(ta) <= depth(&a));
    }

    /// Reading never panics, and what reads writes back to the same tree
    /// (the fuzz target's body).
    #[test]
    fn parse_never_panics(s in "\\PC{0,40}") {
        readers::misere_tree(&s);
    }

    /// The same on texts made of the grammar's own characters.
    #[test]
    fn parse_grammar_soup(s in "[0-9*{}, ]{0,40}") {
        readers::misere_tree(&s);
    }

    /// Any explicit game written out reads back as its canonical tree.
    #[test]
    fn explicit_text_reads_back(a in explicit()) {
        let mut t = Trees::new();
        let ta = tree_of(&mut t, &a);
        prop_assert_eq!(t.parse(&explicit_text(&a)), Ok(ta));
        let text = t.text(ta);
        prop_assert_eq!(t.parse(&text), Ok(ta));
    }
}

fn depth(g: &Explicit) -> u32 {
    g.0.iter().map(|o| depth(o) + 1).max().unwrap_or(0)
}

fn explicit_text(g: &Explicit) -> String {
    let parts: Vec<String> = g.0.iter().map(explicit_text).collect();
    format!("{{{}}}", parts.join(", "))
}

/// Games with the same id have the same outcome added to each of a set of
/// random games, and games with different ids mostly differ with one of
/// them: 400 random games sharing parts (birthdays up to 38), every
/// pair of them with the same id but different options, against 60 of them.
#[test]
fn equal_ids_give_equal_outcomes() {
    let mut rng = Rng(1);
    let mut arena = Arena::default();
    let nodes = random_dag(&mut rng, &mut arena, 400, 8, 3);
    let mut t = Trees::new();
    let ids = trees_of(&mut t, &arena, &nodes);
    let xs: Vec<usize> = (0..60).map(|_| nodes[rng.below(400) as usize]).collect();
    let (mut same, mut different, mut apart) = (0, 0, 0);
    for (i, &a) in nodes.iter().enumerate() {
        for &b in &nodes[i + 1..] {
            let outcomes = |arena: &mut Arena, g: usize| -> Vec<bool> {
                xs.iter().map(|&x| arena.misere_win(&[g, x])).collect()
            };
            if ids[&a] == ids[&b] {
                if arena.options[a] != arena.options[b] {
                    assert_eq!(
                        outcomes(&mut arena, a),
                        outcomes(&mut arena, b),
                        "nodes {a} and {b}"
                    );
                    same += 1;
                }
            } else if b % 4 == 0 {
                different += 1;
                if outcomes(&mut arena, a) != outcomes(&mut arena, b) {
                    apart += 1;
                }
            }
        }
    }
    let ids_used: std::collections::HashSet<TreeId> = ids.values().copied().collect();
    eprintln!(
        "{} ids; {same} pairs with the same id; {apart} of {different} pairs with different ids told apart",
        ids_used.len()
    );
    assert!(same >= 1000, "only {same} pairs");
    assert!(apart * 10 >= different * 9, "{apart} of {different}");
}

/// Different ids are different games: each pair of the 22 games born by
/// day 4 is told apart by a game X (X one of them, or a sum of two of them),
/// the outcomes found by minimax on the trees as explicit games.
#[test]
fn different_ids_are_told_apart() {
    let mut t = Trees::new();
    let born = born_by_day(&mut t, 4);
    let mut arena = Arena::default();
    let mut copied = HashMap::new();
    let nodes: Vec<usize> = born
        .iter()
        .map(|&g| arena.copy_table(&t, g, &mut copied))
        .collect();
    let mut xs: Vec<Vec<usize>> = vec![vec![]];
    for i in 0..nodes.len() {
        xs.push(vec![nodes[i]]);
        for j in i..nodes.len() {
            xs.push(vec![nodes[i], nodes[j]]);
        }
    }
    let (mut pairs, mut apart) = (0, 0);
    for i in 0..nodes.len() {
        for j in i + 1..nodes.len() {
            pairs += 1;
            let told = xs.iter().any(|x| {
                let mut a = x.clone();
                a.push(nodes[i]);
                let mut b = x.clone();
                b.push(nodes[j]);
                arena.misere_win(&a) != arena.misere_win(&b)
            });
            if told {
                apart += 1;
            } else {
                eprintln!(
                    "not told apart: {} and {}",
                    t.text(born[i]),
                    t.text(born[j])
                );
            }
        }
    }
    eprintln!("{apart} of {pairs} pairs told apart");
    assert_eq!((apart, pairs), (231, 231));
}

// ---------------------------------------------------------------------------
// Records and text.

/// A table rebuilt from its records has the same ids and options; each kind
/// of bad record is refused.
#[test]
fn records_round_trip() {
    let mut rng = Rng(7);
    let mut t = Trees::new();
    let mut ids = Vec::new();
    for _ in 0..300 {
        let g = rng.game(4, 3);
        ids.push(tree_of(&mut t, &g));
    }
    for i in 0..50 {
        let s = t.sum(ids[i], ids[i + 50]);
        ids.push(s);
    }
    let records: Vec<Vec<u32>> = t
        .to_records()
        .map(|(_, o)| o.iter().map(|o| o.index()).collect())
        .collect();
    assert_eq!(records.len() + 1, t.len());
    let u = Trees::from_records(records.iter().map(Vec::as_slice)).unwrap();
    assert_eq!(u.len(), t.len());
    for ((i, a), (j, b)) in t.to_records().zip(u.to_records()) {
        assert_eq!((i, a), (j, b));
    }
    for &g in &ids {
        assert_eq!(u.text(g), t.text(g));
        assert_eq!(u.genus(g), t.genus(g));
        assert_eq!(u.misere_win(g), t.misere_win(g));
    }
    // Bad records, each after the good ones.
    let star = t.nim(1).index();
    let s2 = t.nim(2).index();
    let n = t.len() as u32;
    let cases = [
        (vec![star, 0], TreeRecordError::Unsorted { tree: n }),
        (vec![0, n], TreeRecordError::Forward { tree: n, option: n }),
        (
            vec![0, star],
            TreeRecordError::Duplicate { tree: n, first: s2 },
        ),
        (vec![], TreeRecordError::Duplicate { tree: n, first: 0 }),
        (
            vec![star],
            TreeRecordError::NotSimplest { tree: n, equals: 0 },
        ),
        (
            vec![0, s2],
            TreeRecordError::NotSimplest {
                tree: n,
                equals: star,
            },
        ),
    ];
    for (bad, error) in cases {
        let mut all = records.clone();
        all.push(bad);
        let e = Trees::from_records(all.iter().map(Vec::as_slice)).unwrap_err();
        assert_eq!(e, error);
    }
    // push_record leaves the table as it was on an error.
    let mut v = u.clone();
    assert!(v.push_record(&[star]).is_err());
    assert_eq!(v.len(), u.len());
}

/// Every tree's text reads back as the tree, in a fresh table too (the text
/// does not depend on ids).
#[test]
fn text_round_trip() {
    let mut rng = Rng(11);
    let mut t = Trees::new();
    let mut ids = Vec::new();
    for _ in 0..300 {
        let g = rng.game(6, 3);
        ids.push(tree_of(&mut t, &g));
    }
    for i in 0..100 {
        t.sum(ids[i], ids[i + 100]);
    }
    eprintln!("{} trees", t.len());
    let mut fresh = Trees::new();
    for i in 0..t.len() as u32 {
        let g = t.get(i).unwrap();
        let text = t.text(g);
        assert_eq!(t.parse(&text), Ok(g), "{text}");
        let h = fresh.parse(&text).unwrap();
        assert_eq!(fresh.text(h), text);
        // And simplification is idempotent.
        let options = t.options(g).to_vec();
        assert_eq!(t.game(&options), g);
    }
    assert!(t.len() > 100);
    for bad in [
        "", "{", "}", "{0,}", "{0 0}", "*-1", "**", "0 1", "{*01}", "x",
    ] {
        assert!(t.parse(bad).is_err(), "{bad:?}");
    }
    assert_eq!(t.parse(" { *0 , *1 , {} } ").unwrap(), t.nim(2));
}
