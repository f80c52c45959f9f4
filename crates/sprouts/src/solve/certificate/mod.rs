//! Proof certificates: a normal-play result as a list of losing couples
//! (land + nim heap) that anyone can check with move generation and lookups
//! only (docs/certificates.md).
//!
//! A line `LAND HEAP` claims that the land plus a nim heap of `HEAP` is a
//! loss for the player to move, that is: the land's nimber is `HEAP`. The
//! header names the format, the program, the position proved and its
//! nimber. [`Solver::certificate`](super::Solver::certificate) writes one
//! from what a search proved; [`Certificate::check`] checks one:
//!
//! ```
//! use sprouts::model::{Position, Variant};
//! use sprouts::solve::{Certificate, PseudoCanon, Solver};
//! let mut s = Solver::new();
//! let cert = s.certificate(&Position::start(5, Variant::Normal)).unwrap();
//! let text = cert.to_string();
//! assert!(text.starts_with("sprouts certificate 1\n"));
//! let read: Certificate = text.parse().unwrap();
//! let checked = read.check(&PseudoCanon, &mut |_, _| {}).unwrap();
//! // AJS 1991: the first player wins 5 spots (LV10: nimber 1).
//! assert_eq!(checked.claim.unwrap().nimber, 1);
//! ```
//!
//! The same checks serve the database: [`Verifier`] checks a stored entry
//! against the entries it rests on (`sprouts db verify`, `sprouts db
//! import`).

mod build;
mod check;
mod misere;
mod spots;

use std::fmt;
use std::str::FromStr;

pub use check::{CheckError, Checked, Claim, Prepared, Verifier, Wanted, Why, check_claim};
pub use misere::{
    LandTreeLine, LossLine, MISERE_SECTION, MisereCertificate, MisereChecked, MisereClaim,
    MisereWhy, TreeLine,
};
pub use spots::{SpotsCanon, SpotsDatabase};

/// The first line of a certificate this program writes.
pub const MAGIC: &str = "sprouts certificate";
/// The format this program writes and reads.
pub const FORMAT: u32 = 1;
/// The line that starts the list of couples (the header of SPOTS's and
/// GLOP's databases of losing positions with a nimber heap).
pub const SECTION: &str = "[Positions+Nimber]";

/// A certificate read from its text or built by a solver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// Whether the text was this program's format (its first line
    /// [`MAGIC`]), or another program's list of couples (a
    /// [`SECTION`] line first).
    pub ours: bool,
    /// The program that wrote it (`program:`).
    pub program: Option<String>,
    /// The position proved, in GLOP 2 (`position:`), and the header line it
    /// is on.
    pub position: Option<(String, usize)>,
    /// The nimber claimed for the position (`nimber:`).
    pub nimber: Option<u8>,
    /// Whether the header claims only that the position is a win for the
    /// player to move (`outcome: win`, instead of a nimber): some move
    /// leaves lands of listed nimbers that give 0.
    pub win: bool,
    /// Whether its lands are to be found by their exact canonical form
    /// (`keys: exact`): two layouts of one land are then one line. Without
    /// it, this program's certificates are checked with the solver's own
    /// keys ([`PseudoCanon`](super::PseudoCanon)), under which two layouts
    /// of a land may be two lines.
    pub exact: bool,
    /// The couples, each a loss for the player to move.
    pub lines: Vec<Couple>,
}

/// One couple: a position (in GLOP 2, or in GLOP 1.0 in another
/// program's file) plus a nim heap, a loss for the player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Couple {
    /// Its line number in the text (from 1).
    pub number: usize,
    /// The position's text.
    pub position: String,
    /// The heap.
    pub heap: u8,
}

/// Why a text is not a certificate: where, and what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {what}")]
pub struct CertificateError {
    /// The line (from 1).
    pub line: usize,
    /// What was wrong there.
    pub what: String,
}

fn read_error(line: usize, what: impl Into<String>) -> CertificateError {
    CertificateError {
        line,
        what: what.into(),
    }
}

/// Longest text quoted in an error.
const QUOTE: usize = 60;

/// A text for an error message: at most [`QUOTE`] characters, control
/// characters escaped.
fn quoted(t: &str) -> String {
    let mut s: String = t.chars().take(QUOTE).flat_map(char::escape_debug).collect();
    if t.chars().count() > QUOTE {
        s.push_str("...");
    }
    format!("\"{s}\"")
}

impl FromStr for Certificate {
    type Err = CertificateError;

    /// Reads a certificate: this program's header (`sprouts certificate 1`,
    /// then `key: value` lines: `program`, `position`, `nimber`) or none,
    /// then [`SECTION`], then one couple a line: a position text, white
    /// space, a heap from 0 to 255. The position must read (GLOP 2 in this
    /// program's certificates, any position notation in another's), so that
    /// what is read is what [`Display`](fmt::Display) writes back and reads
    /// again. Blank lines and comments (lines whose first character other
    /// than white space is `#`) are skipped anywhere.
    ///
    /// ```
    /// use sprouts::solve::Certificate;
    /// let c: Certificate = "[Positions+Nimber]\n0.0 0\n1 1\n".parse().unwrap();
    /// assert_eq!((c.ours, c.lines.len(), c.lines[1].heap), (false, 2, 1));
    /// let e = "[Positions+Nimber]\n0.0 x\n".parse::<Certificate>().unwrap_err();
    /// assert_eq!(e.to_string(), "line 2: expected a heap from 0 to 255 after the position, found \"x\"");
    /// // A comment, even indented: never a couple.
    /// let c: Certificate = "[Positions+Nimber]\n #0 1\n".parse().unwrap();
    /// assert!(c.lines.is_empty());
    /// ```
    fn from_str(text: &str) -> Result<Certificate, CertificateError> {
        let mut reader = LineReader::new();
        let mut lines = Vec::new();
        for (i, raw) in text.split('\n').enumerate() {
            if let Some(c) = reader.line(i + 1, raw)? {
                lines.push(c);
            }
        }
        let mut c = reader.finish(text.split('\n').count())?;
        c.lines = lines;
        Ok(c)
    }
}

/// Reads a certificate fed one line at a time (a file too large to hold,
/// or a layer that makes the lines from another format): the same rules
/// as [`FromStr`], which is this reader fed the whole text.
///
/// ```
/// use sprouts::solve::LineReader;
/// let mut r = LineReader::new();
/// assert_eq!(r.line(1, "sprouts certificate 1").unwrap(), None);
/// assert_eq!(r.line(2, "nimber: 1").unwrap(), None);
/// assert_eq!(r.line(3, "[Positions+Nimber]").unwrap(), None);
/// let c = r.line(4, "1 1").unwrap().unwrap();
/// assert_eq!((c.number, c.position.as_str(), c.heap), (4, "1", 1));
/// let header = r.finish(4).unwrap();
/// assert_eq!((header.ours, header.nimber, header.lines.len()), (true, Some(1), 0));
/// ```
#[derive(Clone, Debug)]
pub struct LineReader {
    /// The header read so far (its `lines` stay empty).
    header: Certificate,
    in_list: bool,
    first: bool,
}

impl Default for LineReader {
    fn default() -> LineReader {
        LineReader::new()
    }
}

impl LineReader {
    /// A reader before the first line.
    pub fn new() -> LineReader {
        LineReader {
            header: Certificate {
                ours: false,
                program: None,
                position: None,
                nimber: None,
                win: false,
                exact: false,
                lines: Vec::new(),
            },
            in_list: false,
            first: true,
        }
    }

    /// Reads line `number` (from 1; a `\r` at its end is dropped): the
    /// couple it holds, or `None` for a header line, a blank line or a
    /// comment.
    pub fn line(&mut self, number: usize, raw: &str) -> Result<Option<Couple>, CertificateError> {
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        // Indented comments too: a couple written back starts with its
        // position, so a couple read from ` #...` would come back as a
        // comment.
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            return Ok(None);
        }
        if self.in_list {
            return read_couple(number, line, self.header.ours).map(Some);
        }
        if line.trim_end() == SECTION {
            self.in_list = true;
            return Ok(None);
        }
        if self.first {
            self.first = false;
            if let Some(rest) = line.strip_prefix(MAGIC) {
                let v = rest.trim();
                if v != FORMAT.to_string() {
                    return Err(read_error(
                        number,
                        format!(
                            "certificate format {}, this program reads format {FORMAT}",
                            quoted(v)
                        ),
                    ));
                }
                self.header.ours = true;
                return Ok(None);
            }
            return Err(read_error(
                number,
                format!(
                    "expected \"{MAGIC} {FORMAT}\" or \"{SECTION}\", found {}",
                    quoted(line)
                ),
            ));
        }
        read_header(&mut self.header, number, line)?;
        Ok(None)
    }

    /// Whether the [`SECTION`] line has been read (the lines after it are
    /// couples).
    pub fn in_list(&self) -> bool {
        self.in_list
    }

    /// The header read so far (its `lines` empty).
    pub fn header(&self) -> &Certificate {
        &self.header
    }

    /// The header read, once every line has been fed (`lines`: how many
    /// there were, for the error of a text without a [`SECTION`] line).
    pub fn finish(self, lines: usize) -> Result<Certificate, CertificateError> {
        if !self.in_list {
            return Err(read_error(
                lines,
                format!("no \"{SECTION}\" line: the list of couples is missing"),
            ));
        }
        Ok(self.header)
    }
}

/// One `key: value` header line.
fn read_header(c: &mut Certificate, number: usize, line: &str) -> Result<(), CertificateError> {
    let Some((key, value)) = line.split_once(':') else {
        return Err(read_error(
            number,
            format!(
                "expected a header line \"key: value\" or \"{SECTION}\", found {}",
                quoted(line)
            ),
        ));
    };
    let value = value.trim();
    match key.trim() {
        "program" => c.program = Some(value.to_string()),
        "position" => c.position = Some((value.to_string(), number)),
        "nimber" => c.nimber = Some(heap(number, value, "a nimber from 0 to 255")?),
        "outcome" if value == "win" => c.win = true,
        "outcome" => {
            return Err(read_error(
                number,
                format!("expected the outcome \"win\", found {}", quoted(value)),
            ));
        }
        "keys" if value == "exact" => c.exact = true,
        "keys" => {
            return Err(read_error(
                number,
                format!("expected the keys \"exact\", found {}", quoted(value)),
            ));
        }
        other => {
            return Err(read_error(
                number,
                format!(
                    "unknown header {}: expected program, position, nimber, outcome or keys",
                    quoted(other)
                ),
            ));
        }
    }
    Ok(())
}

fn heap(number: usize, t: &str, what: &str) -> Result<u8, CertificateError> {
    let ok = !t.is_empty() && t.len() <= 3 && t.bytes().all(|b| b.is_ascii_digit());
    match t.parse::<u8>() {
        Ok(h) if ok => Ok(h),
        _ => Err(read_error(
            number,
            format!("expected {what}, found {}", quoted(t)),
        )),
    }
}

/// One couple line: a position text that reads as a position (see
/// [`check::read_position`]), white space, a heap.
fn read_couple(number: usize, line: &str, ours: bool) -> Result<Couple, CertificateError> {
    read_couple_with(number, line, |p| check::read_position(p, ours).map(|_| ()))
}

/// One couple line: a position text that `read` accepts (its error says
/// why not), white space, a heap from 0 to 255.
pub(super) fn read_couple_with(
    number: usize,
    line: &str,
    read: impl Fn(&str) -> Result<(), String>,
) -> Result<Couple, CertificateError> {
    let mut words = line.split_ascii_whitespace();
    let (Some(position), Some(h)) = (words.next(), words.next()) else {
        return Err(read_error(
            number,
            format!(
                "expected a position, white space and a heap, found {}",
                quoted(line)
            ),
        ));
    };
    if let Some(extra) = words.next() {
        return Err(read_error(
            number,
            format!(
                "expected the end of the line after the heap, found {}",
                quoted(extra)
            ),
        ));
    }
    let heap = heap(number, h, "a heap from 0 to 255 after the position")?;
    if let Err(e) = read(position) {
        return Err(read_error(
            number,
            format!("{} is not a position: {e}", quoted(position)),
        ));
    }
    Ok(Couple {
        number,
        position: position.to_string(),
        heap,
    })
}

impl Certificate {
    /// Whether its lands are found by their exact canonical form when it
    /// is checked: another program's list (its lands written its own
    /// way), or this program's with `keys: exact` ([`Certificate::exact`]).
    ///
    /// ```
    /// use sprouts::solve::Certificate;
    /// let ours: Certificate = "sprouts certificate 1\n[Positions+Nimber]\n".parse().unwrap();
    /// let exact: Certificate = "sprouts certificate 1\nkeys: exact\n[Positions+Nimber]\n".parse().unwrap();
    /// let other: Certificate = "[Positions+Nimber]\n".parse().unwrap();
    /// assert_eq!((ours.exact_keys(), exact.exact_keys(), other.exact_keys()), (false, true, true));
    /// ```
    pub fn exact_keys(&self) -> bool {
        self.exact || !self.ours
    }

    /// Whether a text is meant as a certificate (it has a [`SECTION`]
    /// line), rather than another list of results.
    ///
    /// ```
    /// use sprouts::solve::Certificate;
    /// assert!(Certificate::is_certificate("[Positions+Nimber]\n0 0\n"));
    /// assert!(!Certificate::is_certificate("0.0\tnimber 0\n"));
    /// ```
    pub fn is_certificate(text: &str) -> bool {
        text.lines().any(|l| l.trim_end() == SECTION)
    }
}

/// The comment this program's certificates carry after their first line.
const ABOUT: [&str; 3] = [
    "# Normal play. Each line below: a land in GLOP 2 and a heap; the land plus a nim",
    "# heap of that size is a loss for the player to move (the heap is the land's nimber).",
    "# Check: sprouts check FILE (docs/certificates.md).",
];

impl Certificate {
    /// Numbers the header's position and the couples with the lines
    /// [`Display`](fmt::Display) writes them on (a certificate built or
    /// changed in memory then names the same lines as its text).
    ///
    /// ```
    /// use sprouts::solve::Certificate;
    /// let mut c: Certificate = "[Positions+Nimber]\n\n\n1 1\n".parse().unwrap();
    /// assert_eq!(c.lines[0].number, 4);
    /// c.number_lines();
    /// assert_eq!(c.lines[0].number, 2);
    /// ```
    pub fn number_lines(&mut self) {
        let mut n = 0;
        if self.ours {
            n += 1 + ABOUT.len() + usize::from(self.program.is_some());
            if let Some((_, line)) = &mut self.position {
                n += 1;
                *line = n;
            }
            n += usize::from(self.nimber.is_some())
                + usize::from(self.win)
                + usize::from(self.exact);
        }
        n += 1;
        for c in &mut self.lines {
            n += 1;
            c.number = n;
        }
    }
}

impl fmt::Display for Certificate {
    /// The text [`FromStr`] reads: this program's header when
    /// [`Certificate::ours`], then the couples one a line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.ours {
            writeln!(f, "{MAGIC} {FORMAT}")?;
            for line in ABOUT {
                writeln!(f, "{line}")?;
            }
            if let Some(p) = &self.program {
                writeln!(f, "program: {p}")?;
            }
            if let Some((p, _)) = &self.position {
                writeln!(f, "position: {p}")?;
            }
            if let Some(n) = self.nimber {
                writeln!(f, "nimber: {n}")?;
            }
            if self.win {
                writeln!(f, "outcome: win")?;
            }
            if self.exact {
                writeln!(f, "keys: exact")?;
            }
        }
        writeln!(f, "{SECTION}")?;
        for l in &self.lines {
            writeln!(f, "{} {}", l.position, l.heap)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_is_read_back() {
        let text = "sprouts certificate 1\n# c\nprogram: sprouts 9\nposition: 0*3\nnimber: 1\n[Positions+Nimber]\n0*3 1\r\n\n1AB|2AB 1\n";
        let c: Certificate = text.parse().unwrap();
        assert!(c.ours);
        assert_eq!(c.program.as_deref(), Some("sprouts 9"));
        assert_eq!(c.position, Some(("0*3".to_string(), 4)));
        assert_eq!(c.nimber, Some(1));
        assert_eq!(
            c.lines,
            vec![
                Couple {
                    number: 7,
                    position: "0*3".into(),
                    heap: 1
                },
                Couple {
                    number: 9,
                    position: "1AB|2AB".into(),
                    heap: 1
                }
            ]
        );
        let again: Certificate = c.to_string().parse().unwrap();
        assert_eq!(again.lines.len(), 2);
        assert_eq!((again.program, again.nimber), (c.program, c.nimber));
    }

    #[test]
    fn errors_say_the_line_and_what_was_expected() {
        let e = |t: &str| t.parse::<Certificate>().unwrap_err().to_string();
        assert_eq!(
            e("sprouts certificate 2\n"),
            "line 1: certificate format \"2\", this program reads format 1"
        );
        assert_eq!(
            e("hello\n"),
            "line 1: expected \"sprouts certificate 1\" or \"[Positions+Nimber]\", found \"hello\""
        );
        assert_eq!(
            e("sprouts certificate 1\nsize: 3\n"),
            "line 2: unknown header \"size\": expected program, position, nimber, outcome or keys"
        );
        assert_eq!(
            e("sprouts certificate 1\nkeys: pseudo\n"),
            "line 2: expected the keys \"exact\", found \"pseudo\""
        );
        assert_eq!(
            e("sprouts certificate 1\nnimber: 256\n[Positions+Nimber]\n"),
            "line 2: expected a nimber from 0 to 255, found \"256\""
        );
        assert_eq!(
            e("sprouts certificate 1\n"),
            "line 2: no \"[Positions+Nimber]\" line: the list of couples is missing"
        );
        assert_eq!(
            e("[Positions+Nimber]\n0.0\n"),
            "line 2: expected a position, white space and a heap, found \"0.0\""
        );
        assert_eq!(
            e("[Positions+Nimber]\n0.0 1 2\n"),
            "line 2: expected the end of the line after the heap, found \"2\""
        );
        assert_eq!(
            e("[Positions+Nimber]\n0.0 +1\n"),
            "line 2: expected a heap from 0 to 255 after the position, found \"+1\""
        );
        assert!(
            e("[Positions+Nimber]\n0.A 0\n").starts_with("line 2: \"0.A\" is not a position: "),
            "{}",
            e("[Positions+Nimber]\n0.A 0\n")
        );
    }

    /// The input the certificate fuzz target found: a couple line starting
    /// with white space and `#` was read as a couple and written back as a
    /// comment. It is a comment when read, so reading, writing and reading
    /// again give the same couples.
    #[test]
    fn an_indented_comment_is_a_comment() {
        let cases: [(&str, &[(&str, u8)]); 3] = [
            ("[Positions+Nimber]\n #0 0\n", &[]),
            ("[Positions+Nimber]\n\t# 0.0 1\n0.0 0\n", &[("0.0", 0)]),
            (
                "sprouts certificate 1\n  # note\n[Positions+Nimber]\n \u{a0}#1 1\n1 1\n",
                &[("1", 1)],
            ),
        ];
        for (text, couples) in cases {
            let c: Certificate = text.parse().unwrap();
            let again: Certificate = c.to_string().parse().unwrap();
            for read in [&c, &again] {
                let got: Vec<(&str, u8)> = read
                    .lines
                    .iter()
                    .map(|l| (l.position.as_str(), l.heap))
                    .collect();
                assert_eq!(got, couples, "{text:?}");
            }
        }
        let c: Certificate = "[Positions+Nimber]\n\t# 0.0 1\n0.0 0\n".parse().unwrap();
        assert_eq!(c.lines.len(), 1);
        assert_eq!((c.lines[0].number, c.lines[0].heap), (3, 0));
    }
}
