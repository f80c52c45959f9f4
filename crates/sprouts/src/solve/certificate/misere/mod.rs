//! Misère certificates: a misère outcome as the losing positions its proof
//! needs, with the misère canonical trees they name and the trees of the
//! small lands used, all checked with move generation and lookups only
//! (docs/certificates.md#misere).
//!
//! The solver's misère positions are a tree (the sum of the small lands'
//! trees) beside the big lands ([`crate::solve::TREE_LIVES`]); the
//! certificate lists them that way, in the lines `sprouts db export`
//! writes (tab-separated): `tree 5 {0,1,3}` (a tree and its options), `0.0.0 tree 1`
//! (the tree of a small land), `0.0.0.0.0.0.0.0.0.0 misere loss with tree 5`
//! (a loss for the player to move).
//!
//! ```
//! use sprouts::model::{Position, Variant};
//! use sprouts::solve::{MisereCertificate, PseudoCanon, Solver};
//! let mut s = Solver::new();
//! let cert = s.misere_certificate(&Position::start(4, Variant::Misere)).unwrap();
//! let text = cert.to_string();
//! let read: MisereCertificate = text.parse().unwrap();
//! let checked = read.check(&PseudoCanon, &mut |_, _| {}).unwrap();
//! // AJS 1991: 4 spots is a misère loss for the first player.
//! assert!(!checked.claim.unwrap().win);
//! ```

mod build;
mod check;
mod core;

use std::fmt;
use std::str::FromStr;

pub use check::{MisereChecked, MisereClaim, MisereWhy};

use super::{CertificateError, FORMAT, MAGIC, quoted, read_error};

/// The line that starts the lists of a misère certificate (after GLOP's
/// `[Misere_Complex:Losing_Position+Rcts]`, whose misère results are
/// losing positions with reduced canonical trees).
pub const MISERE_SECTION: &str = "[Misere_Positions+Trees]";

/// A misère certificate read from its text or built by a solver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereCertificate {
    /// The program that wrote it (`program:`).
    pub program: Option<String>,
    /// The position proved, in GLOP 2 (`position:`), and its header line.
    pub position: Option<(String, usize)>,
    /// Whether the player to move wins it (`outcome: win` or `loss`).
    pub win: Option<bool>,
    /// Lands of at most this many lives are small (`tree lives:`): their
    /// trees are summed into the position's tree.
    pub tree_lives: u32,
    /// The trees, numbered 1, 2, ... in order (tree 0, the end, is never
    /// listed): `tree K {I,J}`.
    pub trees: Vec<TreeLine>,
    /// The small lands and their trees: `LAND tree K`.
    pub land_trees: Vec<LandTreeLine>,
    /// Positions that are losses for the player to move: `LANDS misere
    /// loss`, with ` with tree K` when small lands are summed into tree K.
    pub losses: Vec<LossLine>,
}

/// `tree K {I,J,...}`: tree `K` is the game whose options are trees `I`,
/// `J`, ... (in increasing order, all listed before it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeLine {
    /// Its line number in the text (from 1).
    pub number: usize,
    /// The tree's number as written.
    pub tree: u32,
    /// Its options' numbers.
    pub options: Vec<u32>,
}

/// `LAND tree K`: the misère canonical tree of a small land.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LandTreeLine {
    /// Its line number in the text (from 1).
    pub number: usize,
    /// The land in GLOP 2.
    pub land: String,
    /// Its tree's number.
    pub tree: u32,
}

/// `LANDS misere loss with tree K`: the lands (GLOP 2) plus the tree
/// are a loss for the player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LossLine {
    /// Its line number in the text (from 1).
    pub number: usize,
    /// The lands in GLOP 2 (one position text).
    pub lands: String,
    /// The tree beside them (0: none).
    pub tree: u32,
}

impl MisereCertificate {
    /// Whether a text is meant as a misère certificate (it has a
    /// [`MISERE_SECTION`] line).
    ///
    /// ```
    /// use sprouts::solve::MisereCertificate;
    /// assert!(MisereCertificate::is_misere("sprouts certificate 1\n[Misere_Positions+Trees]\n"));
    /// assert!(!MisereCertificate::is_misere("[Positions+Nimber]\n0 0\n"));
    /// ```
    pub fn is_misere(text: &str) -> bool {
        text.lines().any(|l| l.trim() == MISERE_SECTION)
    }
}

/// A number from 0 to `u32::MAX`, digits only.
fn number(line: usize, t: &str, what: &str) -> Result<u32, CertificateError> {
    let ok = !t.is_empty() && t.len() <= 10 && t.bytes().all(|b| b.is_ascii_digit());
    match t.parse::<u32>() {
        Ok(n) if ok => Ok(n),
        _ => Err(read_error(
            line,
            format!("expected {what}, found {}", quoted(t)),
        )),
    }
}

/// What a line of the lists is.
enum Line {
    Tree(TreeLine),
    LandTree(LandTreeLine),
    Loss(LossLine),
}

/// One line of the lists, split at white space: `tree K {I,J}`, `LAND tree
/// K`, `LANDS misere loss` or `LANDS misere loss with tree K`.
fn read_line(number_: usize, line: &str) -> Result<Line, CertificateError> {
    let words: Vec<&str> = line.split_ascii_whitespace().collect();
    let expected = || {
        read_error(
            number_,
            format!(
                "expected \"tree K {{I,J}}\", \"LAND tree K\" or \"LANDS misere loss [with tree K]\", found {}",
                quoted(line)
            ),
        )
    };
    match words[..] {
        ["tree", k, options] if options.starts_with('{') => {
            let list = options
                .strip_prefix('{')
                .and_then(|o| o.strip_suffix('}'))
                .ok_or_else(|| {
                    read_error(
                        number_,
                        format!(
                            "expected the options as {{I,J,...}}, found {}",
                            quoted(options)
                        ),
                    )
                })?;
            let mut opts = Vec::new();
            if !list.is_empty() {
                for o in list.split(',') {
                    opts.push(number(number_, o, "a tree number among the options")?);
                }
            }
            Ok(Line::Tree(TreeLine {
                number: number_,
                tree: number(number_, k, "a tree number after \"tree\"")?,
                options: opts,
            }))
        }
        [land, "tree", k] => Ok(Line::LandTree(LandTreeLine {
            number: number_,
            land: land.to_string(),
            tree: number(number_, k, "a tree number after the land")?,
        })),
        [lands, "misere", "loss"] => Ok(Line::Loss(LossLine {
            number: number_,
            lands: lands.to_string(),
            tree: 0,
        })),
        [lands, "misere", "loss", "with", "tree", k] => Ok(Line::Loss(LossLine {
            number: number_,
            lands: lands.to_string(),
            tree: number(number_, k, "a tree number after \"with tree\"")?,
        })),
        _ => Err(expected()),
    }
}

impl FromStr for MisereCertificate {
    type Err = CertificateError;

    /// Reads a misère certificate: `sprouts certificate 1`, `key: value`
    /// header lines (`program`, `variant: misere`, `position`, `outcome`,
    /// `tree lives`), then [`MISERE_SECTION`], then its lines (see
    /// [`MisereCertificate`]). White space around a line is ignored; empty
    /// lines and lines starting with `#` are skipped.
    ///
    /// ```
    /// use sprouts::solve::MisereCertificate;
    /// let text = "sprouts certificate 1\nvariant: misere\ntree lives: 9\n[Misere_Positions+Trees]\ntree 1\t{0}\n0\ttree 1\n";
    /// let c: MisereCertificate = text.parse().unwrap();
    /// assert_eq!((c.trees.len(), c.land_trees[0].tree), (1, 1));
    /// let e = "sprouts certificate 1\nvariant: misere\ntree lives: 9\n[Misere_Positions+Trees]\n0\ttree x\n"
    ///     .parse::<MisereCertificate>().unwrap_err();
    /// assert_eq!(e.to_string(), "line 5: expected a tree number after the land, found \"x\"");
    /// ```
    fn from_str(text: &str) -> Result<MisereCertificate, CertificateError> {
        let mut c = MisereCertificate {
            program: None,
            position: None,
            win: None,
            tree_lives: 0,
            trees: Vec::new(),
            land_trees: Vec::new(),
            losses: Vec::new(),
        };
        let (mut first, mut in_list, mut variant, mut lives) = (true, false, false, false);
        for (i, raw) in text.split('\n').enumerate() {
            let number_ = i + 1;
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if in_list {
                match read_line(number_, line)? {
                    Line::Tree(t) => c.trees.push(t),
                    Line::LandTree(l) => c.land_trees.push(l),
                    Line::Loss(l) => c.losses.push(l),
                }
                continue;
            }
            if first {
                first = false;
                let v = line.strip_prefix(MAGIC).map(str::trim);
                if v != Some(&*FORMAT.to_string()) {
                    return Err(read_error(
                        number_,
                        format!("expected \"{MAGIC} {FORMAT}\", found {}", quoted(line)),
                    ));
                }
                continue;
            }
            if line == MISERE_SECTION {
                if !variant {
                    return Err(read_error(number_, "no \"variant: misere\" header line"));
                }
                if !lives {
                    return Err(read_error(number_, "no \"tree lives\" header line"));
                }
                in_list = true;
                continue;
            }
            let Some((key, value)) = line.split_once(':') else {
                return Err(read_error(
                    number_,
                    format!(
                        "expected a header line \"key: value\" or \"{MISERE_SECTION}\", found {}",
                        quoted(line)
                    ),
                ));
            };
            let value = value.trim();
            match key.trim() {
                "program" => c.program = Some(value.to_string()),
                "position" => c.position = Some((value.to_string(), number_)),
                "variant" if value == "misere" => variant = true,
                "variant" => {
                    return Err(read_error(
                        number_,
                        format!("expected \"variant: misere\", found {}", quoted(value)),
                    ));
                }
                "outcome" => {
                    c.win = Some(match value {
                        "win" => true,
                        "loss" => false,
                        _ => {
                            return Err(read_error(
                                number_,
                                format!(
                                    "expected the outcome win or loss, found {}",
                                    quoted(value)
                                ),
                            ));
                        }
                    })
                }
                "tree lives" => {
                    c.tree_lives = number(number_, value, "a number of lives")?;
                    lives = true;
                }
                other => {
                    return Err(read_error(
                        number_,
                        format!(
                            "unknown header {}: expected program, variant, position, outcome or tree lives",
                            quoted(other)
                        ),
                    ));
                }
            }
        }
        if !in_list {
            return Err(read_error(
                text.split('\n').count(),
                format!("no \"{MISERE_SECTION}\" line: the lists are missing"),
            ));
        }
        Ok(c)
    }
}

/// The comment misère certificates carry after their first line.
const ABOUT: [&str; 5] = [
    "# Misère play. Trees first: tree K and its options' trees (tree 0 is the end);",
    "# then small lands (at most `tree lives` lives) in GLOP 2 and their trees; then",
    "# positions that are losses for the player to move: big lands in GLOP 2, plus the",
    "# tree of their small lands. Check: sprouts check FILE",
    "# (docs/certificates.md#misere).",
];

impl MisereCertificate {
    /// Numbers the header's position and the lines with the lines
    /// [`Display`](fmt::Display) writes them on.
    pub fn number_lines(&mut self) {
        let mut n = 1 + ABOUT.len() + usize::from(self.program.is_some()) + 1;
        if let Some((_, line)) = &mut self.position {
            n += 1;
            *line = n;
        }
        n += usize::from(self.win.is_some()) + 1 + 1;
        for t in &mut self.trees {
            n += 1;
            t.number = n;
        }
        for l in &mut self.land_trees {
            n += 1;
            l.number = n;
        }
        for l in &mut self.losses {
            n += 1;
            l.number = n;
        }
    }
}

impl fmt::Display for TreeLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let options: Vec<String> = self.options.iter().map(u32::to_string).collect();
        write!(f, "tree {}\t{{{}}}", self.tree, options.join(","))
    }
}

impl fmt::Display for LandTreeLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\ttree {}", self.land, self.tree)
    }
}

impl fmt::Display for LossLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\tmisere loss", self.lands)?;
        if self.tree != 0 {
            write!(f, "\twith tree {}", self.tree)?;
        }
        Ok(())
    }
}

impl fmt::Display for MisereCertificate {
    /// The text [`FromStr`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{MAGIC} {FORMAT}")?;
        for line in ABOUT {
            writeln!(f, "{line}")?;
        }
        if let Some(p) = &self.program {
            writeln!(f, "program: {p}")?;
        }
        writeln!(f, "variant: misere")?;
        if let Some((p, _)) = &self.position {
            writeln!(f, "position: {p}")?;
        }
        if let Some(w) = self.win {
            writeln!(f, "outcome: {}", if w { "win" } else { "loss" })?;
        }
        writeln!(f, "tree lives: {}", self.tree_lives)?;
        writeln!(f, "{MISERE_SECTION}")?;
        for t in &self.trees {
            writeln!(f, "{t}")?;
        }
        for l in &self.land_trees {
            writeln!(f, "{l}")?;
        }
        for l in &self.losses {
            writeln!(f, "{l}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_read_and_written_back() {
        let text = "sprouts certificate 1\n# c\nprogram: sprouts 9\nvariant: misere\nposition: 0.0.0.0\noutcome: loss\ntree lives: 9\n[Misere_Positions+Trees]\ntree 1\t{0}\n tree 2 {0,1}\r\n\n0\ttree 2\n0.0.0.0\tmisere loss\n0.0.0.0.0.0.0.0.0.0\tmisere loss\twith tree 2\n";
        let c: MisereCertificate = text.parse().unwrap();
        assert_eq!(c.program.as_deref(), Some("sprouts 9"));
        assert_eq!(c.position, Some(("0.0.0.0".to_string(), 5)));
        assert_eq!((c.win, c.tree_lives), (Some(false), 9));
        assert_eq!(
            c.trees,
            vec![
                TreeLine {
                    number: 9,
                    tree: 1,
                    options: vec![0]
                },
                TreeLine {
                    number: 10,
                    tree: 2,
                    options: vec![0, 1]
                }
            ]
        );
        assert_eq!(
            c.land_trees,
            vec![LandTreeLine {
                number: 12,
                land: "0".into(),
                tree: 2
            }]
        );
        assert_eq!(c.losses[1].tree, 2);
        assert_eq!(c.losses[0].to_string(), "0.0.0.0\tmisere loss");
        let mut again: MisereCertificate = c.to_string().parse().unwrap();
        let mut c = c;
        c.number_lines();
        again.number_lines();
        assert_eq!(again, c);
        let text = c.to_string();
        let read: MisereCertificate = text.parse().unwrap();
        assert_eq!(read, c, "the lines are numbered as written");
    }

    #[test]
    fn errors_say_the_line_and_what_was_expected() {
        let e = |t: &str| t.parse::<MisereCertificate>().unwrap_err().to_string();
        let head = "sprouts certificate 1\nvariant: misere\ntree lives: 9\n";
        assert_eq!(
            e("[Misere_Positions+Trees]\n"),
            "line 1: expected \"sprouts certificate 1\", found \"[Misere_Positions+Trees]\""
        );
        assert_eq!(
            e("sprouts certificate 1\ntree lives: 9\n[Misere_Positions+Trees]\n"),
            "line 3: no \"variant: misere\" header line"
        );
        assert_eq!(
            e("sprouts certificate 1\nvariant: normal\n"),
            "line 2: expected \"variant: misere\", found \"normal\""
        );
        assert_eq!(
            e("sprouts certificate 1\nvariant: misere\n[Misere_Positions+Trees]\n"),
            "line 3: no \"tree lives\" header line"
        );
        assert_eq!(
            e("sprouts certificate 1\noutcome: draw\n"),
            "line 2: expected the outcome win or loss, found \"draw\""
        );
        assert_eq!(
            e(head),
            "line 4: no \"[Misere_Positions+Trees]\" line: the lists are missing"
        );
        assert_eq!(
            e(&format!("{head}[Misere_Positions+Trees]\ntree 1 {{0,x}}\n")),
            "line 5: expected a tree number among the options, found \"x\""
        );
        assert_eq!(
            e(&format!("{head}[Misere_Positions+Trees]\ntree 1 {{0\n")),
            "line 5: expected the options as {I,J,...}, found \"{0\""
        );
        assert_eq!(
            e(&format!("{head}[Misere_Positions+Trees]\n0.0 misere win\n")),
            "line 5: expected \"tree K {I,J}\", \"LAND tree K\" or \"LANDS misere loss [with tree K]\", found \"0.0 misere win\""
        );
    }
}
