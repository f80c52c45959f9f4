//! Trees as text: nim heaps as `0`, `*`, `*2`, ...; any other tree as its
//! options between braces, `{a,b,...}`.

use rustc_hash::FxHashMap;

use super::{TreeId, Trees};

/// The largest nim heap a text may name (`*1024`): a heap `*n` holds `n`
/// options, so the table spends about `n²/2` ids on the heaps up to it.
pub const MAX_TEXT_HEAP: u32 = 1024;

/// Why a text is not a tree.
///
/// ```
/// use sprouts::misere::Trees;
/// let mut t = Trees::new();
/// let e = t.parse("{*2,").unwrap_err();
/// assert_eq!(e.to_string(), "at byte 4: expected a game (0, *, *n or {...}), found the end");
/// let e = t.parse("*99999").unwrap_err();
/// assert_eq!(e.to_string(), "at byte 0: a nim heap larger than *1024");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TreeTextError {
    /// The text does not follow the grammar: the byte offset, what was
    /// expected, and what came (`None` at the end of the text).
    #[error(
        "at byte {at}: expected {expected}, found {}",
        found.map_or("the end".to_string(), |c| format!("{c:?}"))
    )]
    Syntax {
        /// Where, in bytes from the start.
        at: usize,
        /// What was expected.
        expected: &'static str,
        /// What came instead.
        found: Option<char>,
    },
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
        let syntax = |at: usize, expected| TreeTextError::Syntax {
            at,
            expected,
            found: text[at..].chars().next(),
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
