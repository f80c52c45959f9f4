//! Checking a certificate too large to hold in memory (SPOTS publishes
//! proofs of 12 GB): the file is read once into an index on disk (a redb
//! file: each land's listed nimber, and the lines in the order they are
//! checked), then the lines are checked from the index, smallest land
//! first, looking nimbers up in it. Memory stays bounded whatever the
//! file's size (the index's page cache, and the bounded memories of the
//! check). The index records how far each pass went, so a check that is
//! killed resumes where it stopped. The verdict is
//! [`Certificate::check`]'s, line for line (docs/certificates.md#large).
//!
//! ```
//! use sprouts::model::{Position, Variant};
//! use sprouts::solve::{NoProgress, Solver};
//! use sprouts_store::check::{FileCheckOptions, check_file};
//! let dir = tempfile::tempdir().unwrap();
//! let cert = Solver::new().certificate(&Position::start(6, Variant::Normal)).unwrap();
//! let file = dir.path().join("6.cert");
//! std::fs::write(&file, cert.to_string()).unwrap();
//! let index = dir.path().join("6.index");
//! let done = check_file(&file, &index, &FileCheckOptions::default(), &mut NoProgress).unwrap();
//! assert!(done.finished);
//! assert_eq!(done.lines, cert.lines.len() as u64);
//! assert_eq!(done.claim.unwrap().nimber, 0);
//! ```

use std::fmt;
use std::fs::File;
use std::hash::Hasher;
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use redb::{Database, ReadOnlyTable, ReadableTable, TableDefinition, WriteTransaction};
use rustc_hash::{FxHashMap, FxHasher};
use sprouts::solve::{
    CertificateError, CheckError, Claim, ExactCanon, Land, LandCanon, LineReader, NormalEntry,
    Prepared, Progress, PseudoCanon, Store, Verifier, Why,
};

/// Each listed land's key -> (its heap, its line).
const NIMBERS: TableDefinition<&[u8], (u8, u64)> = TableDefinition::new("cert_nimbers");
/// (twice the lives, line) -> the line's heap, byte offset and lands.
const ORDER: TableDefinition<(u32, u64), &[u8]> = TableDefinition::new("cert_order");
/// How far each pass went, and what file the index is of.
const META: TableDefinition<&str, u64> = TableDefinition::new("cert_meta");

/// The format of the index; an index of another format is refused.
const INDEX_FORMAT: u64 = 1;
/// How much of the file's start its fingerprint reads.
const FINGERPRINT_BYTES: u64 = 1 << 20;
/// A pass records how far it went this often.
const CHECKPOINT: Duration = Duration::from_secs(2);
/// One checkpoint in this many waits for the disk (the others are
/// written without: a crash goes back to the last one that waited, which
/// is as consistent, so a check resumes from there).
const DURABLE_EVERY: u32 = 15;
/// Lines indexed in one transaction at most (its pages wait in memory).
const BATCH_LINES: u64 = 500_000;
/// Nimbers looked up that are kept in memory, and couples found won that
/// the check remembers, before they are forgotten.
const MEMORY: usize = 1 << 20;
/// The index's page cache.
const CACHE_BYTES: usize = 256 << 20;

/// What a file check may do.
#[derive(Clone, Debug, Default)]
pub struct FileCheckOptions {
    /// Find lands by their exact canonical form (another program's file is
    /// always checked so), as `sprouts check --exact`.
    pub exact: bool,
    /// Check at most this many lines in this run (the rest another time:
    /// the index remembers where it stopped).
    pub max_lines: Option<u64>,
}

/// How far a file check went, and what it proved when it finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileCheck {
    /// Whether every line was checked (and the claim, if any).
    pub finished: bool,
    /// Couples in the file.
    pub lines: u64,
    /// Lines checked, in this run and the runs before.
    pub checked: u64,
    /// Lines that an earlier run had checked when this one started.
    pub resumed: u64,
    /// Children made, in this run and the runs before.
    pub children: u64,
    /// The header's claim, proved (when finished and the header has one).
    pub claim: Option<Claim>,
}

/// Why a file check stopped: the file does not read as a certificate, a
/// line does not hold, or the file or its index cannot be used.
#[derive(Debug)]
pub struct FileCheckError {
    kind: Kind,
}

#[derive(Debug)]
enum Kind {
    Read(CertificateError),
    Check(CheckError),
    Io(PathBuf, std::io::Error),
    Index(PathBuf, String),
}

impl FileCheckError {
    /// The line that does not hold, when that is why.
    pub fn check_error(&self) -> Option<&CheckError> {
        match &self.kind {
            Kind::Check(e) => Some(e),
            _ => None,
        }
    }

    /// Where the file does not read as a certificate, when that is why.
    pub fn read_error(&self) -> Option<&CertificateError> {
        match &self.kind {
            Kind::Read(e) => Some(e),
            _ => None,
        }
    }

    fn index(path: &Path, e: impl fmt::Display) -> FileCheckError {
        FileCheckError {
            kind: Kind::Index(path.to_path_buf(), e.to_string()),
        }
    }

    fn io(path: &Path, e: std::io::Error) -> FileCheckError {
        FileCheckError {
            kind: Kind::Io(path.to_path_buf(), e),
        }
    }
}

impl fmt::Display for FileCheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            Kind::Read(e) => e.fmt(f),
            Kind::Check(e) => e.fmt(f),
            Kind::Io(p, e) => write!(f, "{}: {e}", p.display()),
            Kind::Index(p, e) => write!(f, "index {}: {e}", p.display()),
        }
    }
}

impl std::error::Error for FileCheckError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            Kind::Read(e) => Some(e),
            Kind::Check(e) => Some(e),
            Kind::Io(_, e) => Some(e),
            Kind::Index(..) => None,
        }
    }
}

impl From<CheckError> for FileCheckError {
    fn from(e: CheckError) -> FileCheckError {
        FileCheckError {
            kind: Kind::Check(e),
        }
    }
}

impl From<CertificateError> for FileCheckError {
    fn from(e: CertificateError) -> FileCheckError {
        FileCheckError {
            kind: Kind::Read(e),
        }
    }
}

/// Checks the certificate in `file`, keeping its index in `index` (made if
/// missing; an index of an earlier, unfinished check of the same file is
/// resumed). The first line that fails is the one [`Certificate::check`]
/// names (reading errors first, then a land listed twice with two heaps,
/// then the lines smallest land first, then the claim).
///
/// [`Certificate::check`]: sprouts::solve::Certificate::check
pub fn check_file(
    file: &Path,
    index: &Path,
    options: &FileCheckOptions,
    progress: &mut dyn Progress,
) -> Result<FileCheck, FileCheckError> {
    let header = read_header(file)?;
    if options.exact || header.header().exact_keys() {
        Checker::new(file, index, (&ExactCanon, true), header, progress)?.run(options)
    } else {
        Checker::new(file, index, (&PseudoCanon, false), header, progress)?.run(options)
    }
}

/// The reader after the file's header (its state when the couples start).
fn read_header(file: &Path) -> Result<LineReader, FileCheckError> {
    let mut r = LineReader::new();
    let mut lines = BufReader::new(File::open(file).map_err(|e| FileCheckError::io(file, e))?);
    let mut buf = Vec::new();
    let mut number = 0;
    let mut last_newline = false;
    while !r.in_list() {
        buf.clear();
        let n = lines
            .read_until(b'\n', &mut buf)
            .map_err(|e| FileCheckError::io(file, e))?;
        if n == 0 {
            // Counted as `str::split('\n')` counts them, as when the
            // file is read whole.
            let count = number + usize::from(number == 0 || last_newline);
            return Err(r.finish(count).unwrap_err().into());
        }
        last_newline = buf.ends_with(b"\n");
        number += 1;
        r.line(number, text(&buf, number)?)?;
    }
    Ok(r)
}

/// A line's text without its `\n`, or the error of a line that is not
/// UTF-8.
fn text(buf: &[u8], number: usize) -> Result<&str, FileCheckError> {
    let line = buf.strip_suffix(b"\n").unwrap_or(buf);
    std::str::from_utf8(line).map_err(|e| {
        FileCheckError::from(CertificateError {
            line: number,
            what: format!("not UTF-8 text (at byte {})", e.valid_up_to()),
        })
    })
}

/// Length, modification time and a hash of the file's first mebibyte: an
/// index made of another file, or of this one before it changed, is
/// refused.
fn fingerprint(file: &Path) -> Result<[u64; 3], FileCheckError> {
    let io = |e| FileCheckError::io(file, e);
    let meta = std::fs::metadata(file).map_err(io)?;
    let mtime = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos() as u64);
    let mut start = Vec::new();
    File::open(file)
        .map_err(io)?
        .take(FINGERPRINT_BYTES)
        .read_to_end(&mut start)
        .map_err(io)?;
    let mut h = FxHasher::default();
    h.write(&start);
    Ok([meta.len(), mtime, h.finish()])
}

/// A line's heap, byte offset and lands, as the order table keeps them.
fn encode(heap: u8, offset: u64, lands: &[Land]) -> Vec<u8> {
    let mut v = Vec::with_capacity(9 + lands.iter().map(|l| 4 + l.as_bytes().len()).sum::<usize>());
    v.push(heap);
    v.extend_from_slice(&offset.to_le_bytes());
    for l in lands {
        v.extend_from_slice(&(l.as_bytes().len() as u32).to_le_bytes());
        v.extend_from_slice(l.as_bytes());
    }
    v
}

fn decode(v: &[u8]) -> Option<(u8, u64, Vec<Land>)> {
    let (&heap, rest) = v.split_first()?;
    let (offset, mut rest) = rest.split_first_chunk::<8>()?;
    let mut lands = Vec::new();
    while !rest.is_empty() {
        let (len, r) = rest.split_first_chunk::<4>()?;
        let len = u32::from_le_bytes(*len) as usize;
        let key = r.get(..len)?;
        lands.push(Land::from_bytes(key).ok()?);
        rest = &r[len..];
    }
    Some((heap, u64::from_le_bytes(*offset), lands))
}

/// The listed nimbers, looked up in the index (the last ones looked up
/// kept in memory).
struct Known {
    table: ReadOnlyTable<&'static [u8], (u8, u64)>,
    memory: FxHashMap<Box<[u8]>, Option<u8>>,
    error: Option<String>,
}

impl Store for Known {
    fn get_normal(&mut self, land: &[u8]) -> Option<NormalEntry> {
        if let Some(k) = self.memory.get(land) {
            return k.map(NormalEntry::Nimber);
        }
        let k = match self.table.get(land) {
            Ok(v) => v.map(|v| v.value().0),
            Err(e) => {
                // A lookup that fails finds nothing (so no line passes by
                // it), and the check stops with the error.
                self.error.get_or_insert(e.to_string());
                None
            }
        };
        if self.memory.len() >= MEMORY {
            self.memory.clear();
        }
        self.memory.insert(land.into(), k);
        k.map(NormalEntry::Nimber)
    }
    fn put_normal(&mut self, _land: &[u8], _entry: NormalEntry) {}
    fn get_misere(&mut self, _position: &[u8]) -> Option<bool> {
        None
    }
    fn put_misere(&mut self, _position: &[u8], _win: bool) {}
    fn knows_nothing(&mut self) -> bool {
        false
    }
}

struct Checker<'a, C: LandCanon + ?Sized> {
    file: &'a Path,
    index: &'a Path,
    canon: &'a C,
    /// Whether `canon` is the exact one (recorded in the index).
    exact: bool,
    header: LineReader,
    progress: &'a mut dyn Progress,
    db: Database,
}

impl<'a, C: LandCanon + ?Sized> Checker<'a, C> {
    fn new(
        file: &'a Path,
        index: &'a Path,
        (canon, exact): (&'a C, bool),
        header: LineReader,
        progress: &'a mut dyn Progress,
    ) -> Result<Self, FileCheckError> {
        let db = Database::builder()
            .set_cache_size(CACHE_BYTES)
            .create(index)
            .map_err(|e| FileCheckError::index(index, e))?;
        let c = Checker {
            file,
            index,
            canon,
            exact,
            header,
            progress,
            db,
        };
        c.init()?;
        Ok(c)
    }

    fn err(&self, e: impl fmt::Display) -> FileCheckError {
        FileCheckError::index(self.index, e)
    }

    /// Records what file and keys the index is of, or refuses an index of
    /// another.
    fn init(&self) -> Result<(), FileCheckError> {
        let print = fingerprint(self.file)?;
        let exact = u64::from(self.exact);
        let want = [
            ("format", INDEX_FORMAT),
            ("file_len", print[0]),
            ("file_mtime", print[1]),
            ("file_hash", print[2]),
            ("exact", exact),
        ];
        let w = self.db.begin_write().map_err(|e| self.err(e))?;
        {
            let mut meta = w.open_table(META).map_err(|e| self.err(e))?;
            let fresh = meta.get("format").map_err(|e| self.err(e))?.is_none();
            for (k, v) in want {
                if fresh {
                    meta.insert(k, v).map_err(|e| self.err(e))?;
                    continue;
                }
                let had = meta.get(k).map_err(|e| self.err(e))?.map(|v| v.value());
                if had != Some(v) {
                    let what = match k {
                        "format" => "an index of another format".to_string(),
                        "exact" => "made with other land keys (--exact or not)".to_string(),
                        _ => format!(
                            "made of another file, or of {} before it changed: remove it or give another",
                            self.file.display()
                        ),
                    };
                    return Err(self.err(what));
                }
            }
            w.open_table(NIMBERS).map_err(|e| self.err(e))?;
            w.open_table(ORDER).map_err(|e| self.err(e))?;
        }
        w.commit().map_err(|e| self.err(e))
    }

    fn meta(&self, key: &str) -> Result<u64, FileCheckError> {
        let r = self.db.begin_read().map_err(|e| self.err(e))?;
        let t = r.open_table(META).map_err(|e| self.err(e))?;
        Ok(t.get(key)
            .map_err(|e| self.err(e))?
            .map_or(0, |v| v.value()))
    }

    fn set_meta(&self, w: &WriteTransaction, values: &[(&str, u64)]) -> Result<(), FileCheckError> {
        let mut meta = w.open_table(META).map_err(|e| self.err(e))?;
        for &(k, v) in values {
            meta.insert(k, v).map_err(|e| self.err(e))?;
        }
        Ok(())
    }

    fn run(mut self, options: &FileCheckOptions) -> Result<FileCheck, FileCheckError> {
        self.index_file()?;
        self.check_lines(options)
    }

    /// The first pass: every couple read, split into lands and recorded
    /// (its nimber by land, the line by the order of the check). Resumes
    /// after the last recorded batch.
    fn index_file(&mut self) -> Result<(), FileCheckError> {
        if self.meta("indexed")? == 1 {
            return self.listed_twice();
        }
        let io = |e| FileCheckError::io(self.file, e);
        let total = std::fs::metadata(self.file).map_err(io)?.len();
        let mut offset = self.meta("read_offset")?;
        let mut number = self.meta("read_line")? as usize;
        let mut lines = self.meta("lines")?;
        let mut reader = self.header.clone();
        let mut f = BufReader::with_capacity(1 << 20, File::open(self.file).map_err(io)?);
        if offset == 0 {
            // From the start: the header again (it is read into `reader`
            // already; its lines are counted here).
            let mut buf = Vec::new();
            let mut r = LineReader::new();
            while !r.in_list() {
                buf.clear();
                offset += f.read_until(b'\n', &mut buf).map_err(io)? as u64;
                number += 1;
                r.line(number, text(&buf, number)?)?;
            }
        } else {
            f.seek(SeekFrom::Start(offset)).map_err(io)?;
        }
        let mut buf = Vec::new();
        let mut twice: Option<(u64, u64)> = None;
        let mut commits = 0u32;
        loop {
            let mut w = self.db.begin_write().map_err(|e| self.err(e))?;
            commits += 1;
            if commits % DURABLE_EVERY != 0 {
                w.set_durability(redb::Durability::None);
            }
            let start = Instant::now();
            let mut batch = 0u64;
            let mut end = false;
            {
                let mut nimbers = w.open_table(NIMBERS).map_err(|e| self.err(e))?;
                let mut order = w.open_table(ORDER).map_err(|e| self.err(e))?;
                while batch < BATCH_LINES && start.elapsed() < CHECKPOINT {
                    buf.clear();
                    let n = f.read_until(b'\n', &mut buf).map_err(io)?;
                    if n == 0 {
                        end = true;
                        break;
                    }
                    let at = offset;
                    offset += n as u64;
                    number += 1;
                    let Some(couple) = reader.line(number, text(&buf, number)?)? else {
                        continue;
                    };
                    batch += 1;
                    lines += 1;
                    let prepared = match Prepared::new(&couple, reader.header().ours, self.canon) {
                        Ok(p) => p,
                        Err(_) => {
                            // Reported after the whole file is read (a
                            // reading error later comes first, as when
                            // the file is read whole).
                            twice.get_or_insert((number as u64, at));
                            continue;
                        }
                    };
                    if let [land] = &prepared.lands[..] {
                        let had = nimbers
                            .get(land.as_bytes())
                            .map_err(|e| self.err(e))?
                            .map(|v| v.value());
                        match had {
                            Some((heap, _)) if heap != couple.heap => {
                                twice.get_or_insert((number as u64, at));
                            }
                            Some(_) => {}
                            None => {
                                nimbers
                                    .insert(land.as_bytes(), (couple.heap, number as u64))
                                    .map_err(|e| self.err(e))?;
                            }
                        }
                    }
                    order
                        .insert(
                            (prepared.twice_lives(), number as u64),
                            &encode(couple.heap, at, &prepared.lands)[..],
                        )
                        .map_err(|e| self.err(e))?;
                }
            }
            let mut values = vec![
                ("read_offset", offset),
                ("read_line", number as u64),
                ("lines", lines),
                ("indexed", u64::from(end)),
            ];
            if let Some((line, at)) = twice
                && self.meta("bad_line")? == 0
            {
                values.extend([("bad_line", line), ("bad_offset", at)]);
            }
            if end {
                w.set_durability(redb::Durability::Immediate);
            }
            self.set_meta(&w, &values)?;
            w.commit().map_err(|e| self.err(e))?;
            self.progress.read(offset, total);
            if end {
                reader.finish(number.max(1))?;
                return self.listed_twice();
            }
        }
    }

    /// The line, read again at its offset.
    fn line_at(&self, number: u64, offset: u64) -> Result<sprouts::solve::Couple, FileCheckError> {
        let io = |e| FileCheckError::io(self.file, e);
        let mut f = BufReader::new(File::open(self.file).map_err(io)?);
        f.seek(SeekFrom::Start(offset)).map_err(io)?;
        let mut buf = Vec::new();
        f.read_until(b'\n', &mut buf).map_err(io)?;
        let mut r = self.header.clone();
        match r.line(number as usize, text(&buf, number as usize)?)? {
            Some(c) => Ok(c),
            None => Err(self.err(format!("line {number} is not a couple in the file"))),
        }
    }

    /// The error of the first line whose land is listed before with
    /// another heap (or that cannot be split into lands), if any.
    fn listed_twice(&self) -> Result<(), FileCheckError> {
        let line = self.meta("bad_line")?;
        if line == 0 {
            return Ok(());
        }
        let couple = self.line_at(line, self.meta("bad_offset")?)?;
        let p = Prepared::new(&couple, self.header.header().ours, self.canon)?;
        if let [land] = &p.lands[..] {
            let r = self.db.begin_read().map_err(|e| self.err(e))?;
            let t = r.open_table(NIMBERS).map_err(|e| self.err(e))?;
            if let Some((heap, first)) = t
                .get(land.as_bytes())
                .map_err(|e| self.err(e))?
                .map(|v| v.value())
            {
                return Err(CheckError {
                    line: p.number,
                    couple: p.couple,
                    why: Why::Twice {
                        line: first as usize,
                        heap,
                    },
                }
                .into());
            }
        }
        Err(self.err(format!(
            "line {line} was recorded as failing, and holds now"
        )))
    }

    /// The second pass: the lines smallest land first, from the line after
    /// the last one recorded as checked.
    fn check_lines(&mut self, options: &FileCheckOptions) -> Result<FileCheck, FileCheckError> {
        let lines = self.meta("lines")?;
        let resumed = self.meta("checked")?;
        let mut checked = resumed;
        let mut children = self.meta("children")?;
        let after = (self.meta("last_lives")? as u32, self.meta("last_line")?);
        let r = self.db.begin_read().map_err(|e| self.err(e))?;
        let order = r.open_table(ORDER).map_err(|e| self.err(e))?;
        let mut known = Known {
            table: r.open_table(NIMBERS).map_err(|e| self.err(e))?,
            memory: FxHashMap::default(),
            error: None,
        };
        let mut v = Verifier::new(self.canon);
        let range = if checked == 0 {
            order.range::<(u32, u64)>(..)
        } else {
            order
                .range::<(u32, u64)>((std::ops::Bound::Excluded(after), std::ops::Bound::Unbounded))
        }
        .map_err(|e| self.err(e))?;
        let mut last = after;
        let mut since = Instant::now();
        let save = |this: &Self, checked: u64, children: u64, last: (u32, u64)| {
            let w = this.db.begin_write().map_err(|e| this.err(e))?;
            this.set_meta(
                &w,
                &[
                    ("checked", checked),
                    ("children", children),
                    ("last_lives", u64::from(last.0)),
                    ("last_line", last.1),
                ],
            )?;
            w.commit().map_err(|e| this.err(e))
        };
        for (this_run, row) in range.enumerate() {
            if options.max_lines.is_some_and(|m| this_run as u64 >= m) {
                save(self, checked, children + v.children(), last)?;
                return Ok(FileCheck {
                    finished: false,
                    lines,
                    checked,
                    resumed,
                    children: children + v.children(),
                    claim: None,
                });
            }
            let (k, value) = row.map_err(|e| self.err(e))?;
            let (lives, number) = k.value();
            let (heap, offset, lands) = decode(value.value())
                .ok_or_else(|| self.err(format!("the record of line {number} is damaged")))?;
            let p = Prepared {
                number: number as usize,
                lands,
                heap,
                couple: String::new(),
            };
            if let Err(mut e) = v.check_line(&mut known, &p) {
                if let Some(err) = known.error.take() {
                    return Err(self.err(err));
                }
                // The couple as a message names it: its line read again.
                let c = self.line_at(number, offset)?;
                e.couple = Prepared::new(&c, self.header.header().ours, self.canon)?.couple;
                return Err(e.into());
            }
            checked += 1;
            last = (lives, number);
            if v.remembered() >= MEMORY {
                v.forget_won();
            }
            if since.elapsed() >= CHECKPOINT {
                save(self, checked, children + v.children(), last)?;
                self.progress.checked(checked, lines);
                since = Instant::now();
            }
        }
        let h = self.header.header();
        let claim = match (&h.position, h.nimber) {
            (Some((text, line)), Some(nimber)) => {
                Some(v.check_claim(&mut known, text, *line, nimber)?)
            }
            (Some((text, line)), None) if h.win => Some(v.check_win(&mut known, text, *line)?),
            _ => None,
        };
        if let Some(err) = known.error.take() {
            return Err(self.err(err));
        }
        // The claim's children counted too, as the check in memory counts
        // them.
        children += v.children();
        save(self, checked, children, last)?;
        self.progress.checked(checked, lines);
        Ok(FileCheck {
            finished: true,
            lines,
            checked,
            resumed,
            children,
            claim,
        })
    }
}
