//! An embedded database of solved Sprouts positions: a [redb] file behind
//! the solver's [`Store`] trait.
//!
//! Keys are the solver's land keys (normal play) and position keys (misère
//! play). Results are written in batched transactions: a batch is committed
//! when it is large, or a second old and twenty times as old as the last
//! commit took (a commit rewrites much of the file and waits for the disk,
//! so this keeps commits to a twentieth of a solve's time), and on
//! [`Store::flush`] and drop, so a solve that is killed (even with `kill
//! -9`) keeps every committed batch, and a second run starts from them.
//!
//! ```
//! use sprouts::model::{Position, Variant};
//! use sprouts::solve::{Solver, Stacked};
//! use sprouts_store::Db;
//! let dir = tempfile::tempdir().unwrap();
//! let path = dir.path().join("solved.redb");
//! {
//!     let mut s = Solver::with_store(Stacked::new(Db::open(&path).unwrap()));
//!     assert!(s.win(&Position::start(4, Variant::Normal)).unwrap());
//! }
//! let db = Db::open(&path).unwrap();
//! assert!(db.stats().unwrap().normal > 10);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use redb::{Database, ReadOnlyTable, ReadableTable, ReadableTableMetadata, TableDefinition};
use rustc_hash::FxHashMap;
use sprouts::solve::{NormalEntry, Store};

const NORMAL: TableDefinition<&[u8], &[u8]> = TableDefinition::new("normal");
const MISERE: TableDefinition<&[u8], u8> = TableDefinition::new("misere");
const META: TableDefinition<&str, u64> = TableDefinition::new("meta");
/// The format of keys and values; a database of another format is refused.
pub const FORMAT: u64 = 1;

/// Entries buffered before a commit.
const BATCH: usize = 100_000;
/// Shortest time a result waits before it is committed (unless the batch
/// is large).
const BATCH_AGE: Duration = Duration::from_secs(1);
/// A batch waits at least this many times as long as the last commit took.
const COMMIT_SHARE: u32 = 20;

/// A database error: what failed, on which file.
#[derive(Debug)]
pub struct StoreError {
    path: PathBuf,
    kind: ErrorKind,
}

#[derive(Debug)]
enum ErrorKind {
    Redb(String),
    Format(u64),
    Io(std::io::Error),
}

impl StoreError {
    fn redb(path: &Path, e: impl fmt::Display) -> StoreError {
        StoreError {
            path: path.to_path_buf(),
            kind: ErrorKind::Redb(e.to_string()),
        }
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.path.display();
        match &self.kind {
            ErrorKind::Redb(e) => write!(f, "database {p}: {e}"),
            ErrorKind::Format(v) => write!(
                f,
                "database {p}: format {v}, this program reads format {FORMAT}"
            ),
            ErrorKind::Io(e) => write!(f, "database {p}: {e}"),
        }
    }
}

impl std::error::Error for StoreError {}

/// Numbers of entries in a database.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stats {
    /// Lands with a normal-play entry (a nimber or excluded heaps).
    pub normal: u64,
    /// Of those, lands whose nimber is known.
    pub nimbers: u64,
    /// Positions with a misère outcome.
    pub misere: u64,
    /// Size of the file in bytes.
    pub bytes: u64,
}

/// One stored result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A land's normal-play entry.
    Normal(Vec<u8>, NormalEntry),
    /// A position's misère outcome (win for the player to move).
    Misere(Vec<u8>, bool),
}

/// The database: a redb file, a buffer of results not yet committed, and
/// read views of the committed tables.
pub struct Db {
    path: PathBuf,
    db: Database,
    normal_view: Option<ReadOnlyTable<&'static [u8], &'static [u8]>>,
    misere_view: Option<ReadOnlyTable<&'static [u8], u8>>,
    pending_normal: FxHashMap<Vec<u8>, NormalEntry>,
    pending_misere: FxHashMap<Vec<u8>, bool>,
    last_commit: Instant,
    /// How long the last commit took.
    commit_took: Duration,
    puts: u64,
    read_only: bool,
    error: Option<String>,
}

impl fmt::Debug for Db {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Db").field("path", &self.path).finish()
    }
}

/// The default database file: `$XDG_DATA_HOME/sprouts/solved.redb`, or
/// `~/.local/share/sprouts/solved.redb` when `XDG_DATA_HOME` is not set.
///
/// ```
/// let p = sprouts_store::default_path();
/// assert!(p.map_or(true, |p| p.ends_with("sprouts/solved.redb")));
/// ```
pub fn default_path() -> Option<PathBuf> {
    let base = match std::env::var_os("XDG_DATA_HOME").filter(|v| !v.is_empty()) {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(std::env::var_os("HOME")?).join(".local/share"),
    };
    Some(base.join("sprouts").join("solved.redb"))
}

impl Db {
    /// Opens (creating it and its folder if needed) the database at `path`.
    ///
    /// ```
    /// let dir = tempfile::tempdir().unwrap();
    /// let db = sprouts_store::Db::open(&dir.path().join("a/b.redb")).unwrap();
    /// assert_eq!(db.stats().unwrap().normal, 0);
    /// ```
    pub fn open(path: &Path) -> Result<Db, StoreError> {
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).map_err(|e| StoreError {
                path: path.to_path_buf(),
                kind: ErrorKind::Io(e),
            })?;
        }
        let db = Database::create(path).map_err(|e| StoreError::redb(path, e))?;
        let w = db.begin_write().map_err(|e| StoreError::redb(path, e))?;
        {
            let mut meta = w.open_table(META).map_err(|e| StoreError::redb(path, e))?;
            let format = meta
                .get("format")
                .map_err(|e| StoreError::redb(path, e))?
                .map(|v| v.value());
            match format {
                Some(v) if v != FORMAT => {
                    return Err(StoreError {
                        path: path.to_path_buf(),
                        kind: ErrorKind::Format(v),
                    });
                }
                Some(_) => {}
                None => {
                    meta.insert("format", FORMAT)
                        .map_err(|e| StoreError::redb(path, e))?;
                }
            }
            w.open_table(NORMAL)
                .map_err(|e| StoreError::redb(path, e))?;
            w.open_table(MISERE)
                .map_err(|e| StoreError::redb(path, e))?;
        }
        w.commit().map_err(|e| StoreError::redb(path, e))?;
        let mut d = Db {
            path: path.to_path_buf(),
            db,
            normal_view: None,
            misere_view: None,
            pending_normal: FxHashMap::default(),
            pending_misere: FxHashMap::default(),
            last_commit: Instant::now(),
            commit_took: Duration::ZERO,
            puts: 0,
            read_only: false,
            error: None,
        };
        d.refresh()?;
        Ok(d)
    }

    /// Opens the database for lookups only: results given to it are kept
    /// in memory by the caller's stack but never written (`db verify`).
    ///
    /// ```
    /// let dir = tempfile::tempdir().unwrap();
    /// let db = sprouts_store::Db::open_read_only(&dir.path().join("x.redb")).unwrap();
    /// assert_eq!(db.stats().unwrap().misere, 0);
    /// ```
    pub fn open_read_only(path: &Path) -> Result<Db, StoreError> {
        let mut d = Db::open(path)?;
        d.read_only = true;
        Ok(d)
    }

    /// The file's path.
    ///
    /// ```
    /// let dir = tempfile::tempdir().unwrap();
    /// let p = dir.path().join("x.redb");
    /// assert_eq!(sprouts_store::Db::open(&p).unwrap().path(), p);
    /// ```
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The first write error met since opening, if any (the [`Store`]
    /// trait cannot return errors; callers check this after a solve).
    ///
    /// ```
    /// let dir = tempfile::tempdir().unwrap();
    /// assert!(sprouts_store::Db::open(&dir.path().join("x.redb")).unwrap().error().is_none());
    /// ```
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    fn refresh(&mut self) -> Result<(), StoreError> {
        let r = self
            .db
            .begin_read()
            .map_err(|e| StoreError::redb(&self.path, e))?;
        self.normal_view = Some(
            r.open_table(NORMAL)
                .map_err(|e| StoreError::redb(&self.path, e))?,
        );
        self.misere_view = Some(
            r.open_table(MISERE)
                .map_err(|e| StoreError::redb(&self.path, e))?,
        );
        Ok(())
    }

    /// Commits the buffered results in one transaction.
    ///
    /// ```
    /// use sprouts::solve::{NormalEntry, Store};
    /// let dir = tempfile::tempdir().unwrap();
    /// let mut db = sprouts_store::Db::open(&dir.path().join("x.redb")).unwrap();
    /// db.put_normal(b"k", NormalEntry::Nimber(1));
    /// db.commit().unwrap();
    /// assert_eq!(db.stats().unwrap().nimbers, 1);
    /// ```
    pub fn commit(&mut self) -> Result<(), StoreError> {
        self.last_commit = Instant::now();
        if self.pending_normal.is_empty() && self.pending_misere.is_empty() {
            return Ok(());
        }
        let p = self.path.clone();
        let w = self.db.begin_write().map_err(|e| StoreError::redb(&p, e))?;
        {
            let mut normal = w.open_table(NORMAL).map_err(|e| StoreError::redb(&p, e))?;
            for (k, e) in self.pending_normal.drain() {
                // Most keys are new: insert first, and merge with what
                // was there only if something was (one walk of the tree
                // instead of two).
                let old = normal
                    .insert(&k[..], &e.to_bytes()[..])
                    .map_err(|e| StoreError::redb(&p, e))?
                    .and_then(|v| NormalEntry::from_bytes(v.value()));
                let merged = old.map_or(e, |o| o.merge(e));
                if merged != e {
                    normal
                        .insert(&k[..], &merged.to_bytes()[..])
                        .map_err(|e| StoreError::redb(&p, e))?;
                }
            }
            let mut misere = w.open_table(MISERE).map_err(|e| StoreError::redb(&p, e))?;
            for (k, win) in self.pending_misere.drain() {
                misere
                    .insert(&k[..], win as u8)
                    .map_err(|e| StoreError::redb(&p, e))?;
            }
        }
        w.commit().map_err(|e| StoreError::redb(&p, e))?;
        self.commit_took = self.last_commit.elapsed();
        self.refresh()
    }

    fn maybe_commit(&mut self) {
        self.puts += 1;
        let big = self.pending_normal.len() + self.pending_misere.len() >= BATCH;
        let age = BATCH_AGE.max(self.commit_took * COMMIT_SHARE);
        if big || (self.puts % 256 == 0 && self.last_commit.elapsed() >= age) {
            if let Err(e) = self.commit() {
                self.error.get_or_insert(e.to_string());
            }
        }
    }

    /// Entry counts and file size.
    ///
    /// ```
    /// let dir = tempfile::tempdir().unwrap();
    /// let s = sprouts_store::Db::open(&dir.path().join("x.redb")).unwrap().stats().unwrap();
    /// assert_eq!((s.normal, s.nimbers, s.misere), (0, 0, 0));
    /// ```
    pub fn stats(&self) -> Result<Stats, StoreError> {
        let p = &self.path;
        let r = self.db.begin_read().map_err(|e| StoreError::redb(p, e))?;
        let normal = r.open_table(NORMAL).map_err(|e| StoreError::redb(p, e))?;
        let misere = r.open_table(MISERE).map_err(|e| StoreError::redb(p, e))?;
        let mut nimbers = 0;
        for item in normal.iter().map_err(|e| StoreError::redb(p, e))? {
            let (_, v) = item.map_err(|e| StoreError::redb(p, e))?;
            if matches!(
                NormalEntry::from_bytes(v.value()),
                Some(NormalEntry::Nimber(_))
            ) {
                nimbers += 1;
            }
        }
        Ok(Stats {
            normal: normal.len().map_err(|e| StoreError::redb(p, e))?,
            nimbers,
            misere: misere.len().map_err(|e| StoreError::redb(p, e))?,
            bytes: std::fs::metadata(p).map(|m| m.len()).unwrap_or(0),
        })
    }

    /// Every committed entry, normal play first, in key order. Values that
    /// do not decode are skipped.
    ///
    /// ```
    /// use sprouts::solve::{NormalEntry, Store};
    /// use sprouts_store::{Db, Entry};
    /// let dir = tempfile::tempdir().unwrap();
    /// let mut db = Db::open(&dir.path().join("x.redb")).unwrap();
    /// db.put_misere(b"p", true);
    /// db.commit().unwrap();
    /// assert_eq!(db.entries().unwrap(), vec![Entry::Misere(b"p".to_vec(), true)]);
    /// ```
    pub fn entries(&self) -> Result<Vec<Entry>, StoreError> {
        let p = &self.path;
        let r = self.db.begin_read().map_err(|e| StoreError::redb(p, e))?;
        let normal = r.open_table(NORMAL).map_err(|e| StoreError::redb(p, e))?;
        let misere = r.open_table(MISERE).map_err(|e| StoreError::redb(p, e))?;
        let mut out = Vec::new();
        for item in normal.iter().map_err(|e| StoreError::redb(p, e))? {
            let (k, v) = item.map_err(|e| StoreError::redb(p, e))?;
            if let Some(e) = NormalEntry::from_bytes(v.value()) {
                out.push(Entry::Normal(k.value().to_vec(), e));
            }
        }
        for item in misere.iter().map_err(|e| StoreError::redb(p, e))? {
            let (k, v) = item.map_err(|e| StoreError::redb(p, e))?;
            out.push(Entry::Misere(k.value().to_vec(), v.value() != 0));
        }
        Ok(out)
    }
}

fn view_get_normal(
    view: &Option<ReadOnlyTable<&'static [u8], &'static [u8]>>,
    key: &[u8],
) -> Option<NormalEntry> {
    let v = view.as_ref()?.get(key).ok()??;
    NormalEntry::from_bytes(v.value())
}

impl Store for Db {
    fn get_normal(&mut self, land: &[u8]) -> Option<NormalEntry> {
        let committed = view_get_normal(&self.normal_view, land);
        match (self.pending_normal.get(land), committed) {
            (Some(&p), Some(c)) => Some(p.merge(c)),
            (Some(&p), None) => Some(p),
            (None, c) => c,
        }
    }

    fn put_normal(&mut self, land: &[u8], entry: NormalEntry) {
        if self.read_only {
            return;
        }
        let e = match self.pending_normal.get(land) {
            Some(&old) => old.merge(entry),
            None => entry,
        };
        self.pending_normal.insert(land.to_vec(), e);
        self.maybe_commit();
    }

    fn get_misere(&mut self, position: &[u8]) -> Option<bool> {
        if let Some(&w) = self.pending_misere.get(position) {
            return Some(w);
        }
        let v = self.misere_view.as_ref()?.get(position).ok()??;
        Some(v.value() != 0)
    }

    fn put_misere(&mut self, position: &[u8], win: bool) {
        if self.read_only {
            return;
        }
        self.pending_misere.insert(position.to_vec(), win);
        self.maybe_commit();
    }

    fn flush(&mut self) {
        if let Err(e) = self.commit() {
            self.error.get_or_insert(e.to_string());
        }
    }

    /// Whether nothing is stored (nothing committed, nothing pending): a
    /// solve over a fresh database then never looks anything up in it.
    fn knows_nothing(&mut self) -> bool {
        let committed = |len: Option<Result<u64, redb::StorageError>>| {
            len.is_some_and(|l| l.is_ok_and(|l| l == 0))
        };
        self.pending_normal.is_empty()
            && self.pending_misere.is_empty()
            && committed(self.normal_view.as_ref().map(|t| t.len()))
            && committed(self.misere_view.as_ref().map(|t| t.len()))
    }
}

impl Drop for Db {
    fn drop(&mut self) {
        self.flush();
    }
}
