//! Trees as text: nim heaps as `0`, `*`, `*2`, ...; any other tree as its
//! options between braces, `{a,b,...}`.

use rustc_hash::FxHashMap;

use super::{TreeId, Trees};
use crate::notation::SyntaxError;

/// The largest nim heap a text may name (`*1024`): a heap `*n` holds `n`
/// options, so the table spends about `n²/2` ids on the heaps up to it.
pub const MAX_TEXT_HEAP: u32 = 1024;

/// Why a text is not a tree.
///
/// ```
/// use sprouts::misere::Trees;
/// let mut t = Trees::new();
/// let e = t.parse("{*2,").unwrap_err();
/// assert_eq!(e.to_string(), "at byte 4: expected a game (0, *, *n or {...}), found the end of the text");
/// let e = t.parse("*99999").unwrap_err();
/// assert_eq!(e.to_string(), "at byte 0: a nim heap larger than *1024");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TreeTextError {
    /// The text does not follow the grammar: where, what was expected and
    /// what came.
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    /// A nim heap above [`MAX_TEXT_HEAP`].
    #[error("at byte {at}: a nim heap larger than *{MAX_TEXT_HEAP}")]
    HeapTooLarge {
        /// Where the heap starts, in bytes.
        at: usize,
    },
}

const GAME: &str = "a game (0, *, *n or {...})";
const AFTER_OPTION: &str = "',' or '}'";

impl Trees {
    /// The tree as text: a nim heap as `0`, `*`, `*2`, ...; any other tree
    /// as `{a,b,...}`, its options' texts in increasing birthday, then in
    /// text order (so the text does not depend on the table's ids), without
    /// spaces. A tree shared by several options is written out each time,
    /// so a tree of many levels can have a long text.
    ///
    /// ```
    /// use sprouts::misere::Trees;
    /// let mut t = Trees::new();
    /// let a = t.parse("{ {*2}, *2, * }").unwrap();
    /// assert_eq!(t.text(a), "{*,*2,{*2}}");
    /// ```
    pub fn text(&self, id: TreeId) -> String {
        let mut done: FxHashMap<TreeId, String> = FxHashMap::default();
        let mut stack = vec![(id, false)];
        while let Some((t, expanded)) = stack.pop() {
            if done.contains_key(&t) {
                continue;
            }
            if let Some(n) = self.nim_heap(t) {
                let s = match n {
                    0 => "0".to_string(),
                    1 => "*".to_string(),
                    n => format!("*{n}"),
                };
                done.insert(t, s);
            } else if !expanded {
                stack.push((t, true));
                stack.extend(self.options(t).iter().map(|&o| (o, false)));
            } else {
                let mut parts: Vec<(u32, &str)> = self
                    .options(t)
                    .iter()
                    .map(|o| (self.birthday(*o), done[o].as_str()))
                    .collect();
                parts.sort_unstable();
                let inner: Vec<&str> = parts.into_iter().map(|(_, s)| s).collect();
                let s = format!("{{{}}}", inner.join(","));
                done.insert(t, s);
            }
        }
        done.remove(&id).unwrap_or_default()
    }

    /// The length of [`Trees::text`] in bytes, at most `limit` (the text of
    /// a deep tree can be far longer than its table: ask before writing it).
    ///
    /// ```
    /// use sprouts::misere::Trees;
    /// let mut t = Trees::new();
    /// let a = t.parse("{*,*2,{*2}}").unwrap();
    /// assert_eq!(t.text_len(a, 1000), 11);
    /// assert_eq!(t.text_len(a, 5), 5);
    /// ```
    pub fn text_len(&self, id: TreeId, limit: u64) -> u64 {
        let mut done: FxHashMap<TreeId, u64> = FxHashMap::default();
        let mut stack = vec![(id, false)];
        while let Some((t, expanded)) = stack.pop() {
            if done.contains_key(&t) {
                continue;
            }
            if let Some(n) = self.nim_heap(t) {
                let len = match n {
                    0 | 1 => 1,
                    n => 1 + n.to_string().len() as u64,
                };
                done.insert(t, len);
            } else if !expanded {
                stack.push((t, true));
                stack.extend(self.options(t).iter().map(|&o| (o, false)));
            } else {
                let options = self.options(t);
                let len = options
                    .iter()
                    .fold(1 + options.len() as u64, |a, o| a.saturating_add(done[o]))
                    .min(limit);
                done.insert(t, len);
            }
        }
        done.get(&id).copied().unwrap_or(0).min(limit)
    }

    /// The tree as a list of named games, for trees whose [`Trees::text`]
    /// is too long: `g12={*3,g9}; g9={*,*2,{*2}}` — each game that is not a
    /// nim heap and has a non-heap option is named `g` and its id, first the
    /// tree itself, then each named game after every game that names it;
    /// options that are heaps, or games of heaps only, are written out. Its
    /// length grows with the table, not with the text.
    ///
    /// ```
    /// use sprouts::misere::Trees;
    /// let mut t = Trees::new();
    /// let a = t.parse("{*3,{*,{*2}}}").unwrap();
    /// let text = t.named_text(a);
    /// let b = t.parse("{*,{*2}}").unwrap();
    /// assert_eq!(text, format!("g{}={{*3,g{}}}; g{}={{*,{{*2}}}}", a.index(), b.index(), b.index()));
    /// ```
    pub fn named_text(&self, id: TreeId) -> String {
        let simple = |t: TreeId| {
            self.nim_heap(t).is_some()
                || self.options(t).iter().all(|&o| self.nim_heap(o).is_some())
        };
        let word = |t: TreeId| {
            if simple(t) {
                self.text(t)
            } else {
                format!("g{}", t.index())
            }
        };
        if simple(id) {
            return self.text(id);
        }
        // Named games in decreasing id: options have smaller ids than the
        // games that name them.
        let mut named = std::collections::BTreeSet::new();
        let mut stack = vec![id];
        while let Some(t) = stack.pop() {
            if simple(t) || !named.insert(t) {
                continue;
            }
            stack.extend(self.options(t).iter().copied());
        }
        let lines: Vec<String> = named
            .iter()
            .rev()
            .map(|&t| {
                let mut parts: Vec<(u32, String)> = self
                    .options(t)
                    .iter()
                    .map(|&o| (self.birthday(o), word(o)))
                    .collect();
                parts.sort_unstable();
                let inner: Vec<String> = parts.into_iter().map(|(_, s)| s).collect();
                format!("g{}={{{}}}", t.index(), inner.join(","))
            })
            .collect();
        lines.join("; ")
    }

    /// Reads a tree written as [`Trees::text`] writes it, into its simplest
    /// form (a game need not be simplest in the text: `{*}` reads as `0`).
    /// Spaces may come between the parts; `{}` is `0`, `*0` and `*1` may be
    /// written for `0` and `*`, and heaps go up to [`MAX_TEXT_HEAP`]. Reads
    /// in one pass, with no recursion, whatever the nesting.
    ///
    /// ```
    /// use sprouts::misere::{TreeId, Trees};
    /// let mut t = Trees::new();
    /// assert_eq!(t.parse("{*}").unwrap(), TreeId::ZERO);
    /// let s2 = t.nim(2);
    /// assert_eq!(t.parse("{0, *}").unwrap(), s2);
    /// assert!(t.parse("{*2").is_err());
    /// ```
    pub fn parse(&mut self, text: &str) -> Result<TreeId, TreeTextError> {
        let bytes = text.as_bytes();
        let mut at = 0;
        // The options read so far of each open brace.
        let mut open: Vec<Vec<TreeId>> = Vec::new();
        let syntax = |at: usize, expected: &str| {
            TreeTextError::Syntax(SyntaxError::new(at, expected, text[at..].chars().next()))
        };
        let skip_spaces = |at: &mut usize| {
            while bytes.get(*at).is_some_and(u8::is_ascii_whitespace) {
                *at += 1;
            }
        };
        loop {
            // A game is expected.
            skip_spaces(&mut at);
            let mut value = match bytes.get(at) {
                Some(b'0') => {
                    at += 1;
                    TreeId::ZERO
                }
                Some(b'*') => {
                    let start = at;
                    at += 1;
                    // No leading zeros: the digits of `*01` stop after the 0.
                    let len = if bytes.get(at) == Some(&b'0') {
                        1
                    } else {
                        bytes[at..]
                            .iter()
                            .take_while(|b| b.is_ascii_digit())
                            .count()
                    };
                    let n = if len == 0 {
                        1
                    } else {
                        text[at..at + len]
                            .parse::<u32>()
                            .ok()
                            .filter(|&n| n <= MAX_TEXT_HEAP)
                            .ok_or(TreeTextError::HeapTooLarge { at: start })?
                    };
                    at += len;
                    self.nim(n)
                }
                Some(b'{') => {
                    at += 1;
                    skip_spaces(&mut at);
                    if bytes.get(at) == Some(&b'}') {
                        at += 1;
                        TreeId::ZERO
                    } else {
                        open.push(Vec::new());
                        continue;
                    }
                }
                _ => return Err(syntax(at, GAME)),
            };
            // After a game: the end, or what follows an option.
            loop {
                skip_spaces(&mut at);
                let Some(options) = open.last_mut() else {
                    return if at == bytes.len() {
                        Ok(value)
                    } else {
                        Err(syntax(at, "the end of the text"))
                    };
                };
                options.push(value);
                match bytes.get(at) {
                    Some(b',') => {
                        at += 1;
                        break;
                    }
                    Some(b'}') => {
                        at += 1;
                        let options = open.pop().unwrap_or_default();
                        value = self.game(&options);
                    }
                    _ => return Err(syntax(at, AFTER_OPTION)),
                }
            }
        }
    }
}
