//! SPOTS's databases (docs/certificates.md#spots): read as SPOTS writes
//! them, turned into couples the checker checks, and written as SPOTS
//! reads them.
//!
//! A SPOTS database is a [`SECTION`] line, then one `POSITION NIMBER` a
//! line, the position in SPOTS's notation ([`crate::notation::spots`]).
//! SPOTS looks lands up by its own names, after its own simplification,
//! which goes one step beyond GLOP's: a region of 2 or 3 lives becomes one
//! boundary whose 1-life spots are all written `2` (`2a2a` is `222`). A
//! SPOTS database's lands are therefore found by [`SpotsCanon`]: that step,
//! then the exact canonical form.
//!
//! ```
//! use sprouts::solve::SpotsDatabase;
//! // SPOTS's proof that a spot with 2 lives and one with 1 life (`12`)
//! // is a loss for the player to move: every move leaves `22` (nimber 1).
//! let db: SpotsDatabase = "[Positions+Nimber]\n12 0\n1 1\n22 1\n".parse().unwrap();
//! assert_eq!(db.check(&mut |_, _| {}).unwrap().lines, 3);
//! let bad: SpotsDatabase = "[Positions+Nimber]\n12 1\n1 1\n22 1\n".parse().unwrap();
//! assert_eq!(
//!     bad.check(&mut |_, _| {}).unwrap_err().to_string(),
//!     "line 2: 12 1 does not hold: the move to 22 leaves a loss for the opponent (its lands' known nimbers and the heap give 0)"
//! );
//! ```

use std::fmt;
use std::str::FromStr;

use crate::model::Position;
use crate::notation::spots;

use super::super::bytes::{TWO, is_letter, lives_of, topology_of_mark};
use super::super::canon::{ExactCanon, LandCanon};
use super::super::land::{Land, lands_position};
use super::Certificate;
use super::{
    CertificateError, CheckError, Checked, Couple, SECTION, quoted, read_couple_with, read_error,
};

/// Land keys for SPOTS's databases: SPOTS's last simplification, then the
/// exact canonical form ([`ExactCanon`]). In a region of at most 3 lives
/// (one boundary, after GLOP's simplifications), every spot listed twice
/// there (a 1-life spot of the region) is listed once, as a `2`, after the
/// region's other sites, as SPOTS's `Region::mergeBoundaries` writes it.
///
/// This changes the land, not its game: in a region of at most 3 lives,
/// every move leaves the new spot's one life alone on one of its sides,
/// and what the region's 1-life spots border there can never be played
/// again (docs/certificates.md#spots; the solver gives the same nimber to
/// both, `tests/it/spots.rs`). So keys stay sound: two lands with one key
/// have one nimber.
///
/// ```
/// use sprouts::solve::{LandCanon, SpotsCanon};
/// // `2a2a` (letter 3 twice): SPOTS's `222`.
/// assert_eq!(SpotsCanon.key(&[vec![vec![2, 3, 2, 3]]]), SpotsCanon.key(&[vec![vec![2, 2, 2]]]));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct SpotsCanon;

impl LandCanon for SpotsCanon {
    fn exact(&self) -> bool {
        true
    }

    fn key(&self, land: &[Vec<Vec<u8>>]) -> Vec<u8> {
        // SPOTS plays on the plane: a land with a topology mark is keyed
        // as it is.
        if land.iter().flatten().any(|b| topology_of_mark(b).is_some()) {
            return ExactCanon.key(land);
        }
        let mut count = [0u8; 256];
        for &x in land.iter().flatten().flatten() {
            count[x as usize] = count[x as usize].saturating_add(1);
        }
        let merged: Vec<Vec<Vec<u8>>> = land
            .iter()
            .map(|region| {
                let mut in_region = [0u8; 256];
                for &x in region.iter().flatten() {
                    in_region[x as usize] = in_region[x as usize].saturating_add(1);
                }
                let pier = |x: u8| is_letter(x) && in_region[x as usize] == 2;
                let mut seen = [false; 256];
                let mut lives = 0;
                for &x in region.iter().flatten() {
                    if !seen[x as usize] || !is_letter(x) {
                        lives += lives_of(x);
                    }
                    seen[x as usize] = true;
                }
                let piers = region.iter().flatten().filter(|&&x| pier(x)).count() / 2;
                if lives > 3 || (piers == 0 && region.len() == 1) {
                    return region.clone();
                }
                let mut b: Vec<u8> = region
                    .iter()
                    .flatten()
                    .copied()
                    .filter(|&x| !pier(x) && x != TWO)
                    .collect();
                let twos = region.iter().flatten().filter(|&&x| x == TWO).count();
                b.extend(std::iter::repeat_n(TWO, twos + piers));
                vec![b]
            })
            .collect();
        ExactCanon.key(&merged)
    }
}

/// A database as SPOTS writes it: its couples, each a land (SPOTS's
/// string) whose nimber is the heap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpotsDatabase {
    /// The couples, with their lines; the position as the file writes it.
    pub lines: Vec<Couple>,
}

impl SpotsDatabase {
    /// Whether a text is SPOTS's database rather than another program's
    /// list: its first line other than blank ones is [`SECTION`] and every
    /// other character is one SPOTS's strings and nimbers are made of
    /// (digits, letters, `()*.|+!`, white space). GLOP 2 texts without
    /// `@` or extended letters qualify too, and read the same.
    ///
    /// ```
    /// use sprouts::solve::SpotsDatabase;
    /// assert!(SpotsDatabase::is_spots("[Positions+Nimber]\n1a1a.1aAa|2A 1\n"));
    /// assert!(!SpotsDatabase::is_spots("[Positions+Nimber]\n0.0.}]! 0\n"));
    /// assert!(!SpotsDatabase::is_spots("sprouts certificate 1\n[Positions+Nimber]\n0 0\n"));
    /// ```
    pub fn is_spots(text: &str) -> bool {
        let mut lines = text.lines().filter(|l| !l.trim().is_empty());
        if lines.next().map(str::trim_end) != Some(SECTION) {
            return false;
        }
        lines.all(|l| {
            l.chars().all(|c| {
                c.is_ascii_alphanumeric() || c.is_ascii_whitespace() || "()*.|+!".contains(c)
            })
        })
    }

    /// The couples as a certificate of this program's (each land in GLOP 2,
    /// on the line the SPOTS file has it), to be checked with
    /// [`SpotsCanon`].
    pub fn to_certificate(&self) -> Certificate {
        let lines = self
            .lines
            .iter()
            .map(|c| Couple {
                number: c.number,
                position: spots::parse_position(&c.position)
                    .map(|p| p.to_glop2())
                    .unwrap_or_else(|_| c.position.clone()),
                heap: c.heap,
            })
            .collect();
        Certificate {
            ours: true,
            program: None,
            position: None,
            nimber: None,
            win: false,
            exact: false,
            lines,
        }
    }

    /// Checks every couple against the others with [`SpotsCanon`] keys
    /// (docs/certificates.md#spots): the checker of this program's
    /// certificates, rules 1 to 4, on SPOTS's lands as SPOTS names them.
    /// The first line that does not hold is the error, with SPOTS's line
    /// number.
    pub fn check(&self, progress: &mut dyn FnMut(usize, usize)) -> Result<Checked, CheckError> {
        self.to_certificate().check(&SpotsCanon, progress)
    }

    /// The couples of a certificate (lands in any notation this program
    /// reads), each land written as SPOTS names it
    /// ([`Position::to_spots`]), each name once; lines of several lands
    /// (SPOTS lists lands alone) and lands off the plane are left out.
    pub fn from_certificate(c: &Certificate) -> SpotsDatabase {
        let mut lines = Vec::with_capacity(c.lines.len());
        let mut seen = std::collections::HashSet::new();
        for l in &c.lines {
            let Ok(p) = super::check::read_position(&l.position, c.ours) else {
                continue;
            };
            let Ok(lands) = super::super::land::decompose_with(&p, &SpotsCanon) else {
                continue;
            };
            if lands.len() != 1 {
                continue;
            }
            // Two layouts of one land (the solver's keys may list both)
            // are one name to SPOTS.
            if let Some(text) = p.to_spots().filter(|t| seen.insert(t.clone())) {
                lines.push(Couple {
                    number: lines.len() + 2,
                    position: text,
                    heap: l.heap,
                });
            }
        }
        SpotsDatabase { lines }
    }

    /// Lands with their nimbers (solver keys), written as SPOTS names them,
    /// each name once; lands off the plane are left out.
    pub fn from_lands<'a>(lands: impl IntoIterator<Item = (&'a Land, u8)>) -> SpotsDatabase {
        let mut lines = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for (land, heap) in lands {
            let Some(text) = lands_position(std::slice::from_ref(land))
                .ok()
                .and_then(|p: Position| p.to_spots())
                .filter(|t| seen.insert(t.clone()))
            else {
                continue;
            };
            lines.push(Couple {
                number: lines.len() + 2,
                position: text,
                heap,
            });
        }
        SpotsDatabase { lines }
    }
}

impl FromStr for SpotsDatabase {
    type Err = CertificateError;

    /// Reads SPOTS's database: blank lines anywhere, [`SECTION`], then one
    /// couple a line: a position in SPOTS's notation, white space, a heap
    /// from 0 to 255. Errors name the line.
    ///
    /// ```
    /// use sprouts::solve::SpotsDatabase;
    /// let e = "[Positions+Nimber]\n1a2 0\n".parse::<SpotsDatabase>().unwrap_err();
    /// assert!(e.to_string().starts_with("line 2: \"1a2\" is not a position: "), "{e}");
    /// ```
    fn from_str(text: &str) -> Result<SpotsDatabase, CertificateError> {
        let mut lines = Vec::new();
        let mut in_list = false;
        for (i, raw) in text.split('\n').enumerate() {
            let number = i + 1;
            let line = raw.strip_suffix('\r').unwrap_or(raw);
            if line.trim().is_empty() {
                continue;
            }
            if !in_list {
                if line.trim_end() != SECTION {
                    return Err(read_error(
                        number,
                        format!("expected \"{SECTION}\", found {}", quoted(line)),
                    ));
                }
                in_list = true;
                continue;
            }
            lines.push(read_couple_with(number, line, |p| {
                spots::parse_position(p)
                    .map(|_| ())
                    .map_err(|e| e.to_string())
            })?);
        }
        if !in_list {
            return Err(read_error(
                text.split('\n').count(),
                format!("no \"{SECTION}\" line: the list of couples is missing"),
            ));
        }
        Ok(SpotsDatabase { lines })
    }
}

impl fmt::Display for SpotsDatabase {
    /// The text SPOTS reads as its input database: [`SECTION`], then the
    /// couples one a line (`POSITION HEAP`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{SECTION}")?;
        for l in &self.lines {
            writeln!(f, "{} {}", l.position, l.heap)?;
        }
        Ok(())
    }
}
