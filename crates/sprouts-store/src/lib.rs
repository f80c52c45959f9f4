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

pub mod check;
mod filter;

use std::fmt;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use redb::{
    Database, DatabaseError, ReadOnlyTable, ReadableTable, ReadableTableMetadata, TableDefinition,
};
use rustc_hash::FxHashMap;
use sprouts::solve::{NoStore, NormalEntry, Store, hash_table_bytes, heap_block};

use filter::KeyFilter;

const NORMAL: TableDefinition<&[u8], &[u8]> = TableDefinition::new("normal");
const MISERE: TableDefinition<&[u8], u8> = TableDefinition::new("misere");
const META: TableDefinition<&str, u64> = TableDefinition::new("meta");
/// Misère canonical trees: id to options (ids, 4 bytes each, little endian).
const TREES: TableDefinition<u32, &[u8]> = TableDefinition::new("misere_trees");
/// The canonical tree of each small land met in misère play.
const LAND_TREES: TableDefinition<&[u8], u32> = TableDefinition::new("land_trees");
/// The format of keys and values; a database of another format is refused.
pub const FORMAT: u64 = 1;

/// Entries buffered before a commit. A commit's cost is mostly the
/// B-tree pages it rewrites, and in a large file each of a small batch's
/// keys lands on a page of its own: a larger batch shares pages between
/// its keys (docs/benchmarks.md#commit-batches).
const BATCH: usize = 1_000_000;
/// Shortest time a result waits before it is committed (unless the batch
/// is large).
const BATCH_AGE: Duration = Duration::from_secs(1);
/// A batch waits at least this many times as long as the last commit took.
const COMMIT_SHARE: u32 = 20;
/// Lookups in a table of the file before its key filter is built: a short
/// solve does not pay for the pass over the table that builds it.
const FILTER_AFTER: u64 = 1 << 16;
/// How often a commit that readers kept out is tried again.
const BUSY_RETRY: Duration = Duration::from_millis(100);
/// Batches buffered while readers keep commits out, before the solve
/// waits for them (two million results: about 160 MB of misère keys).
const BUSY_BATCHES: usize = 2;

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
    /// The file does not exist (reading only never creates it).
    Missing,
    /// Another process has the file open: the process, when known.
    Busy(Option<String>),
}

impl StoreError {
    fn redb(path: &Path, e: impl fmt::Display) -> StoreError {
        StoreError {
            path: path.to_path_buf(),
            kind: ErrorKind::Redb(e.to_string()),
        }
    }

    fn io(path: &Path, e: std::io::Error) -> StoreError {
        StoreError {
            path: path.to_path_buf(),
            kind: ErrorKind::Io(e),
        }
    }

    /// An error opening the file: "in use" names the process holding it.
    fn open(path: &Path, e: DatabaseError) -> StoreError {
        match e {
            DatabaseError::DatabaseAlreadyOpen => StoreError::busy(path),
            e => StoreError::redb(path, e),
        }
    }

    fn busy(path: &Path) -> StoreError {
        StoreError {
            path: path.to_path_buf(),
            kind: ErrorKind::Busy(holder(path)),
        }
    }

    /// Whether another process holds the file (a writer, when this one
    /// wanted to write it too; a writer committing a batch, when this one
    /// wanted to read it; readers, when this one opened it to write):
    /// trying again later may succeed.
    ///
    /// ```
    /// let dir = tempfile::tempdir().unwrap();
    /// let p = dir.path().join("x.redb");
    /// let _writer = sprouts_store::Db::open(&p).unwrap();
    /// assert!(sprouts_store::Db::open(&p).unwrap_err().is_busy());
    /// ```
    pub fn is_busy(&self) -> bool {
        matches!(self.kind, ErrorKind::Busy(_))
    }
}

/// The process that holds a lock on the file at `path`, as "pid N: its
/// command line", read from /proc/locks (Linux; `None` elsewhere or when
/// it cannot be told).
fn holder(path: &Path) -> Option<String> {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::MetadataExt;
        let inode = std::fs::metadata(path).ok()?.ino();
        let locks = std::fs::read_to_string("/proc/locks").ok()?;
        // "1: FLOCK  ADVISORY  WRITE 4242 fd:01:1234567 0 EOF"; lines with
        // "->" are processes waiting for a lock.
        let pid = locks.lines().find_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            if fields.get(1) == Some(&"->") {
                return None;
            }
            let ino = fields.get(5)?.rsplit(':').next()?.parse::<u64>().ok()?;
            (ino == inode).then(|| fields.get(4)?.parse::<u32>().ok())?
        })?;
        let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        let words: Vec<String> = cmdline
            .split(|&b| b == 0)
            .filter(|w| !w.is_empty())
            .map(|w| String::from_utf8_lossy(w).into_owned())
            .collect();
        Some(match words.is_empty() {
            true => format!("pid {pid}"),
            false => format!("pid {pid}: {}", words.join(" ")),
        })
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = path;
        None
    }
}

/// Opens the file for reading through redb without writing it: a shared
/// lock (a writer committing holds it exclusively: then busy), and redb's
/// own writes kept in memory ([`ReadOnlyFile`]).
fn open_view(path: &Path) -> Result<Database, StoreError> {
    let file = File::open(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => StoreError {
            path: path.to_path_buf(),
            kind: ErrorKind::Missing,
        },
        _ => StoreError::io(path, e),
    })?;
    lock(path, &file, false)?;
    let len = file.metadata().map_err(|e| StoreError::io(path, e))?.len();
    let backend = ReadOnlyFile {
        file,
        overlay: Mutex::new(Overlay {
            pages: FxHashMap::default(),
            len,
            file_len: len,
        }),
    };
    let db = Database::builder()
        .create_with_backend(backend)
        .map_err(|e| StoreError::open(path, e))?;
    check_format(path, &db)?;
    Ok(db)
}

/// Takes a lock on `file` (the file at `path`) without waiting: shared
/// (readers) or exclusive. Busy if another process holds one that
/// excludes it. Advisory locks exist on Unix only: elsewhere nothing is
/// locked here (redb still keeps two writers apart).
fn lock(path: &Path, file: &File, exclusive: bool) -> Result<(), StoreError> {
    #[cfg(unix)]
    {
        use rustix::fs::{FlockOperation, flock};
        let op = match exclusive {
            true => FlockOperation::NonBlockingLockExclusive,
            false => FlockOperation::NonBlockingLockShared,
        };
        match flock(file, op) {
            Ok(()) => Ok(()),
            Err(e) if e == rustix::io::Errno::WOULDBLOCK => Err(StoreError::busy(path)),
            Err(e) => Err(StoreError::io(path, e.into())),
        }
    }
    #[cfg(not(unix))]
    {
        let _ = (path, file, exclusive);
        Ok(())
    }
}

/// The lock that keeps a second writer out for as long as the first has
/// the database open (the file itself is locked only during commits, so
/// that readers can read between them): an exclusive lock on `PATH.lock`,
/// a file beside the database that is made once and left there.
fn writer_lock(path: &Path) -> Result<File, StoreError> {
    let mut name = path.as_os_str().to_owned();
    name.push(".lock");
    let lock_path = PathBuf::from(name);
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .map_err(|e| StoreError::io(&lock_path, e))?;
    lock(&lock_path, &file, true).map_err(|e| match e.kind {
        // Named by the database's path.
        ErrorKind::Busy(h) => StoreError {
            path: path.to_path_buf(),
            kind: ErrorKind::Busy(h),
        },
        _ => e,
    })?;
    Ok(file)
}

/// Checks the format and makes the tables (in memory only for a view).
fn check_format(path: &Path, db: &Database) -> Result<(), StoreError> {
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
        w.open_table(TREES).map_err(|e| StoreError::redb(path, e))?;
        w.open_table(LAND_TREES)
            .map_err(|e| StoreError::redb(path, e))?;
    }
    w.commit().map_err(|e| StoreError::redb(path, e))
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
            ErrorKind::Missing => write!(f, "database {p}: no such file"),
            ErrorKind::Busy(Some(h)) => write!(f, "database {p}: in use by {h}"),
            ErrorKind::Busy(None) => write!(f, "database {p}: in use by another process"),
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
    /// Misère canonical trees.
    pub trees: u64,
    /// Small lands with their misère canonical tree.
    pub land_trees: u64,
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
    /// A misère canonical tree: its id and its options' ids.
    Tree(u32, Vec<u32>),
    /// The misère canonical tree (id) of a small land.
    LandTree(Vec<u8>, u32),
}

/// The database: a redb file, a buffer of results not yet committed, and
/// read views of the committed tables.
pub struct Db {
    path: PathBuf,
    /// The file as a reader reads it (`None` only during a commit, or
    /// after a commit that could not open it again).
    db: Option<Database>,
    /// A writer's lock that keeps other writers out ([`writer_lock`]).
    writer: Option<File>,
    normal_view: Option<ReadOnlyTable<&'static [u8], &'static [u8]>>,
    misere_view: Option<ReadOnlyTable<&'static [u8], u8>>,
    land_trees_view: Option<ReadOnlyTable<&'static [u8], u32>>,
    pending_normal: FxHashMap<Vec<u8>, NormalEntry>,
    pending_misere: FxHashMap<Vec<u8>, bool>,
    pending_trees: Vec<(u32, Vec<u32>)>,
    pending_land_trees: FxHashMap<Vec<u8>, u32>,
    /// The keys the normal-play and misère tables may hold ([`Gate`]).
    normal_gate: Gate,
    misere_gate: Gate,
    last_commit: Instant,
    /// How long the last commit took.
    commit_took: Duration,
    /// Since when readers have kept a commit waiting.
    busy_since: Option<Instant>,
    puts: u64,
    read_only: bool,
    error: Option<String>,
}

/// What keeps lookups of keys a table does not hold out of the file: a
/// [`KeyFilter`] of the table's keys, built by one pass over the table
/// once [`FILTER_AFTER`] lookups were made, then given every key put, and
/// built again larger when crowded. The filter only ever answers "not
/// held" for a key that is not (see the [`filter`] module).
#[derive(Debug, Default)]
struct Gate {
    filter: Option<KeyFilter>,
    /// Lookups made without a filter.
    asked: u64,
    /// The pass over the table failed: no filter is built again.
    off: bool,
}

impl Gate {
    /// Whether the table (`view`, committed; `pending`, buffered) may hold
    /// `key`: with no filter yet, yes, and the filter is built once enough
    /// lookups were made.
    fn may_hold<V: redb::Value + 'static, W>(
        &mut self,
        key: &[u8],
        view: &Option<ReadOnlyTable<&'static [u8], V>>,
        pending: &FxHashMap<Vec<u8>, W>,
    ) -> bool {
        if let Some(f) = &self.filter {
            return f.may_hold(key);
        }
        self.asked += 1;
        if self.asked >= FILTER_AFTER && !self.off {
            self.filter = view.as_ref().and_then(|v| build_filter(v, pending));
            self.off = self.filter.is_none();
        }
        true
    }

    /// A key put in the table: the filter learns it (and is dropped when
    /// crowded, to be built again larger at the next lookup).
    fn put(&mut self, key: &[u8]) {
        if let Some(f) = &mut self.filter {
            f.insert(key);
            if f.crowded() {
                self.filter = None;
                self.asked = FILTER_AFTER;
            }
        }
    }

    fn bytes(&self) -> usize {
        self.filter.as_ref().map_or(0, KeyFilter::bytes)
    }
}

/// The buffered results of a table, emptied into key order: the B-tree
/// then takes them page after page, each page read and rewritten once
/// while it is at hand, instead of in the hash map's order.
fn sorted<W>(pending: &mut FxHashMap<Vec<u8>, W>) -> Vec<(Vec<u8>, W)> {
    let mut v: Vec<_> = pending.drain().collect();
    v.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    v
}

/// A filter of every key of a table, committed and buffered (sized for
/// them: it holds from twice to four times as many before it is crowded);
/// `None` if the table cannot be read through.
fn build_filter<V: redb::Value + 'static, W>(
    view: &ReadOnlyTable<&'static [u8], V>,
    pending: &FxHashMap<Vec<u8>, W>,
) -> Option<KeyFilter> {
    let len = view.len().ok()? as usize + pending.len();
    let mut f = KeyFilter::with_capacity(len);
    for item in view.iter().ok()? {
        let (k, _) = item.ok()?;
        f.insert(k.value());
    }
    for k in pending.keys() {
        f.insert(k);
    }
    Some(f)
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
    /// Opens (creating it and its folder if needed) the database at `path`
    /// for writing. One process writes a file at a time: a second writer
    /// [is busy](StoreError::is_busy) until the first closes it. Readers
    /// ([`Db::open_read_only`]) may read it meanwhile: the file is opened
    /// for writing only while a batch is committed (docs/architecture.md,
    /// "The database and several processes"), and
    /// read between commits as a reader reads it.
    ///
    /// ```
    /// let dir = tempfile::tempdir().unwrap();
    /// let p = dir.path().join("a/b.redb");
    /// let db = sprouts_store::Db::open(&p).unwrap();
    /// assert_eq!(db.stats().unwrap().normal, 0);
    /// // A reader beside the writer; a second writer waits.
    /// assert_eq!(sprouts_store::Db::open_read_only(&p).unwrap().stats().unwrap().normal, 0);
    /// assert!(sprouts_store::Db::open(&p).unwrap_err().is_busy());
    /// ```
    pub fn open(path: &Path) -> Result<Db, StoreError> {
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).map_err(|e| StoreError::io(path, e))?;
        }
        let writer = writer_lock(path)?;
        if std::fs::metadata(path).map_or(true, |m| m.len() == 0) {
            // A new file is made now (with its format and tables) under
            // another name, closed, and renamed: killed on the way, it
            // leaves no half-made database. It is written again only while
            // a batch is committed. An existing one is only read until then
            // (readers may be reading it).
            let mut name = path.as_os_str().to_owned();
            name.push(".new");
            let new = PathBuf::from(name);
            let db = Database::create(&new).map_err(|e| StoreError::open(&new, e))?;
            check_format(&new, &db)?;
            drop(db);
            std::fs::rename(&new, path).map_err(|e| StoreError::io(path, e))?;
        }
        let mut d = Db::new(path, open_view(path)?, false);
        d.writer = Some(writer);
        d.refresh()?;
        Ok(d)
    }

    /// Opens an existing database for reading only: the file is never
    /// written (it may be read-only), results given to the database are
    /// dropped (`db verify` keeps them in the caller's memory), and other
    /// readers, and a process writing the file between its commits, may
    /// read it at the same time. While a writer commits a batch, the error
    /// [is busy](StoreError::is_busy) and names that process: trying again
    /// after the commit succeeds.
    ///
    /// ```
    /// let dir = tempfile::tempdir().unwrap();
    /// let p = dir.path().join("x.redb");
    /// assert!(sprouts_store::Db::open_read_only(&p).is_err());
    /// drop(sprouts_store::Db::open(&p).unwrap());
    /// let a = sprouts_store::Db::open_read_only(&p).unwrap();
    /// let b = sprouts_store::Db::open_read_only(&p).unwrap();
    /// assert_eq!(a.stats().unwrap(), b.stats().unwrap());
    /// ```
    pub fn open_read_only(path: &Path) -> Result<Db, StoreError> {
        let mut d = Db::new(path, open_view(path)?, true);
        d.refresh()?;
        Ok(d)
    }

    fn new(path: &Path, db: Database, read_only: bool) -> Db {
        Db {
            path: path.to_path_buf(),
            db: Some(db),
            writer: None,
            normal_view: None,
            misere_view: None,
            land_trees_view: None,
            pending_normal: FxHashMap::default(),
            pending_misere: FxHashMap::default(),
            pending_trees: Vec::new(),
            pending_land_trees: FxHashMap::default(),
            normal_gate: Gate::default(),
            misere_gate: Gate::default(),
            last_commit: Instant::now(),
            commit_took: Duration::ZERO,
            busy_since: None,
            puts: 0,
            read_only,
            error: None,
        }
    }

    /// Whether the database was opened for reading only.
    ///
    /// ```
    /// let dir = tempfile::tempdir().unwrap();
    /// let p = dir.path().join("x.redb");
    /// assert!(!sprouts_store::Db::open(&p).unwrap().is_read_only());
    /// assert!(sprouts_store::Db::open_read_only(&p).unwrap().is_read_only());
    /// ```
    pub fn is_read_only(&self) -> bool {
        self.read_only
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

    /// The file's view.
    fn view(&self) -> Result<&Database, StoreError> {
        self.db.as_ref().ok_or_else(|| {
            StoreError::redb(&self.path, "not open (a commit failed to open it again)")
        })
    }

    fn refresh(&mut self) -> Result<(), StoreError> {
        let r = self
            .view()?
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
        self.land_trees_view = Some(
            r.open_table(LAND_TREES)
                .map_err(|e| StoreError::redb(&self.path, e))?,
        );
        Ok(())
    }

    /// Commits the buffered results in one transaction.
    ///
    /// ```
    /// use sprouts::solve::{NoStore, NormalEntry, Store};
    /// let dir = tempfile::tempdir().unwrap();
    /// let mut db = sprouts_store::Db::open(&dir.path().join("x.redb")).unwrap();
    /// db.put_normal(b"k", NormalEntry::Nimber(1));
    /// db.commit().unwrap();
    /// assert_eq!(db.stats().unwrap().nimbers, 1);
    /// ```
    pub fn commit(&mut self) -> Result<(), StoreError> {
        // Readers hold the file for a moment each (a reader that reads
        // long, such as an export, holds the commit that long).
        while !self.try_commit()? {
            std::thread::sleep(Duration::from_millis(20));
        }
        Ok(())
    }

    /// Commits the buffered results, unless readers hold the file (then
    /// `false`, and the results stay buffered).
    fn try_commit(&mut self) -> Result<bool, StoreError> {
        self.last_commit = Instant::now();
        if self.pending() == 0 {
            return Ok(true);
        }
        // The view holds the file with a shared lock: closed for the
        // commit, which takes it alone.
        self.normal_view = None;
        self.misere_view = None;
        self.land_trees_view = None;
        self.db = None;
        let written = match Database::create(&self.path) {
            Ok(db) => self.write_pending(&db).map(|()| true),
            Err(DatabaseError::DatabaseAlreadyOpen) => Ok(false),
            Err(e) => Err(StoreError::redb(&self.path, e)),
        };
        // The file is closed cleanly before it is read again: a reader then
        // opens it without repairing it.
        self.db = Some(open_view(&self.path)?);
        self.refresh()?;
        match written {
            Ok(true) => {
                self.commit_took = self.last_commit.elapsed();
                self.busy_since = None;
            }
            Ok(false) => {
                self.busy_since.get_or_insert(self.last_commit);
            }
            Err(_) => {}
        }
        written
    }

    /// Writes the buffered results in one transaction of `db` (the file
    /// opened for writing).
    fn write_pending(&mut self, db: &Database) -> Result<(), StoreError> {
        let p = self.path.clone();
        let w = db.begin_write().map_err(|e| StoreError::redb(&p, e))?;
        {
            // The view checked the format; a file that had none gets it.
            let mut meta = w.open_table(META).map_err(|e| StoreError::redb(&p, e))?;
            if meta
                .get("format")
                .map_err(|e| StoreError::redb(&p, e))?
                .is_none()
            {
                meta.insert("format", FORMAT)
                    .map_err(|e| StoreError::redb(&p, e))?;
            }
            drop(meta);
            let mut normal = w.open_table(NORMAL).map_err(|e| StoreError::redb(&p, e))?;
            for (k, e) in sorted(&mut self.pending_normal) {
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
            // Trees go in the same transaction as the keys that name them.
            let mut trees = w.open_table(TREES).map_err(|e| StoreError::redb(&p, e))?;
            for (id, options) in self.pending_trees.drain(..) {
                let bytes: Vec<u8> = options.iter().flat_map(|o| o.to_le_bytes()).collect();
                let old = trees
                    .insert(id, &bytes[..])
                    .map_err(|e| StoreError::redb(&p, e))?;
                if old.is_some_and(|o| o.value() != &bytes[..]) {
                    // Another table of trees wrote here: its ids mean other
                    // trees, and keys naming them would be read wrongly.
                    return Err(StoreError::redb(
                        &p,
                        format!("misere tree {id} written twice"),
                    ));
                }
            }
            let mut land_trees = w
                .open_table(LAND_TREES)
                .map_err(|e| StoreError::redb(&p, e))?;
            for (k, t) in sorted(&mut self.pending_land_trees) {
                land_trees
                    .insert(&k[..], t)
                    .map_err(|e| StoreError::redb(&p, e))?;
            }
            let mut misere = w.open_table(MISERE).map_err(|e| StoreError::redb(&p, e))?;
            for (k, win) in sorted(&mut self.pending_misere) {
                misere
                    .insert(&k[..], win as u8)
                    .map_err(|e| StoreError::redb(&p, e))?;
            }
        }
        w.commit().map_err(|e| StoreError::redb(&p, e))
    }

    /// How many results wait for a commit.
    fn pending(&self) -> usize {
        self.pending_normal.len()
            + self.pending_misere.len()
            + self.pending_trees.len()
            + self.pending_land_trees.len()
    }

    fn maybe_commit(&mut self) {
        self.puts += 1;
        let pending = self.pending();
        let result = if self.busy_since.is_some() {
            // Readers kept the last commit out: tried again now and then,
            // and waited for once the buffer is many batches long.
            if pending >= BUSY_BATCHES * BATCH {
                self.commit()
            } else if self.puts % 256 == 0 && self.last_commit.elapsed() >= BUSY_RETRY {
                self.try_commit().map(drop)
            } else {
                Ok(())
            }
        } else {
            let age = BATCH_AGE.max(self.commit_took * COMMIT_SHARE);
            if pending >= BATCH || (self.puts % 256 == 0 && self.last_commit.elapsed() >= age) {
                self.try_commit().map(drop)
            } else {
                Ok(())
            }
        };
        if let Err(e) = result {
            self.error.get_or_insert(e.to_string());
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
        let r = self
            .view()?
            .begin_read()
            .map_err(|e| StoreError::redb(p, e))?;
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
            trees: r
                .open_table(TREES)
                .and_then(|t| Ok(t.len()?))
                .map_err(|e| StoreError::redb(p, e))?,
            land_trees: r
                .open_table(LAND_TREES)
                .and_then(|t| Ok(t.len()?))
                .map_err(|e| StoreError::redb(p, e))?,
            bytes: std::fs::metadata(p).map(|m| m.len()).unwrap_or(0),
        })
    }

    /// Every committed entry, normal play first, then the misère trees (in
    /// id order), the trees of lands and the misère outcomes, each in key
    /// order. Values that do not decode are skipped.
    ///
    /// ```
    /// use sprouts::solve::{NoStore, NormalEntry, Store};
    /// use sprouts_store::{Db, Entry};
    /// let dir = tempfile::tempdir().unwrap();
    /// let mut db = Db::open(&dir.path().join("x.redb")).unwrap();
    /// db.put_misere(b"p", true);
    /// db.commit().unwrap();
    /// assert_eq!(db.entries().unwrap(), vec![Entry::Misere(b"p".to_vec(), true)]);
    /// ```
    pub fn entries(&self) -> Result<Vec<Entry>, StoreError> {
        let p = &self.path;
        let r = self
            .view()?
            .begin_read()
            .map_err(|e| StoreError::redb(p, e))?;
        let normal = r.open_table(NORMAL).map_err(|e| StoreError::redb(p, e))?;
        let misere = r.open_table(MISERE).map_err(|e| StoreError::redb(p, e))?;
        let mut out = Vec::new();
        for item in normal.iter().map_err(|e| StoreError::redb(p, e))? {
            let (k, v) = item.map_err(|e| StoreError::redb(p, e))?;
            if let Some(e) = NormalEntry::from_bytes(v.value()) {
                out.push(Entry::Normal(k.value().to_vec(), e));
            }
        }
        for (id, options) in self.trees()? {
            out.push(Entry::Tree(id, options));
        }
        let land_trees = r
            .open_table(LAND_TREES)
            .map_err(|e| StoreError::redb(p, e))?;
        for item in land_trees.iter().map_err(|e| StoreError::redb(p, e))? {
            let (k, v) = item.map_err(|e| StoreError::redb(p, e))?;
            out.push(Entry::LandTree(k.value().to_vec(), v.value()));
        }
        for item in misere.iter().map_err(|e| StoreError::redb(p, e))? {
            let (k, v) = item.map_err(|e| StoreError::redb(p, e))?;
            out.push(Entry::Misere(k.value().to_vec(), v.value() != 0));
        }
        Ok(out)
    }

    /// The committed misère trees, in id order: (id, options). A value whose
    /// length is not a multiple of 4 is skipped.
    fn trees(&self) -> Result<Vec<(u32, Vec<u32>)>, StoreError> {
        let p = &self.path;
        let r = self
            .view()?
            .begin_read()
            .map_err(|e| StoreError::redb(p, e))?;
        let trees = r.open_table(TREES).map_err(|e| StoreError::redb(p, e))?;
        let mut out = Vec::new();
        for item in trees.iter().map_err(|e| StoreError::redb(p, e))? {
            let (k, v) = item.map_err(|e| StoreError::redb(p, e))?;
            let v = v.value();
            if v.len() % 4 != 0 {
                continue;
            }
            let options = v
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect();
            out.push((k.value(), options));
        }
        Ok(out)
    }
}

/// A file read through redb without being written: redb writes its
/// header (and, after a writer was killed, its repairs) when it opens a
/// file; those writes stay in memory, by pages.
#[derive(Debug)]
struct ReadOnlyFile {
    file: File,
    overlay: Mutex<Overlay>,
}

#[derive(Debug)]
struct Overlay {
    /// Pages written, by index.
    pages: FxHashMap<u64, Vec<u8>>,
    /// The length redb sees.
    len: u64,
    /// How much of the file is still read from it (the rest reads as
    /// zeros: redb cut it off).
    file_len: u64,
}

/// The overlay's page size.
const PAGE: u64 = 4096;

impl ReadOnlyFile {
    /// Page `index`: written, or read from the file.
    fn page(&self, o: &Overlay, index: u64) -> std::io::Result<Vec<u8>> {
        if let Some(p) = o.pages.get(&index) {
            return Ok(p.clone());
        }
        let mut page = vec![0; PAGE as usize];
        let start = index * PAGE;
        let end = (start + PAGE).min(o.file_len);
        if start < end {
            read_at(&self.file, &mut page[..(end - start) as usize], start)?;
        }
        Ok(page)
    }

    fn lock(&self) -> std::io::Result<std::sync::MutexGuard<'_, Overlay>> {
        self.overlay
            .lock()
            .map_err(|_| std::io::Error::other("a reader of the file panicked"))
    }
}

#[cfg(unix)]
fn read_at(file: &File, buf: &mut [u8], offset: u64) -> std::io::Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(file, buf, offset)
}

#[cfg(windows)]
fn read_at(file: &File, mut buf: &mut [u8], mut offset: u64) -> std::io::Result<()> {
    while !buf.is_empty() {
        let n = std::os::windows::fs::FileExt::seek_read(file, buf, offset)?;
        if n == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        buf = &mut buf[n..];
        offset += n as u64;
    }
    Ok(())
}

impl redb::StorageBackend for ReadOnlyFile {
    fn len(&self) -> std::io::Result<u64> {
        Ok(self.lock()?.len)
    }

    fn read(&self, offset: u64, len: usize) -> std::io::Result<Vec<u8>> {
        let o = self.lock()?;
        let end = offset + len as u64;
        if end > o.len {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        let mut out = Vec::with_capacity(len);
        if len == 0 || (offset / PAGE..=(end - 1) / PAGE).all(|i| !o.pages.contains_key(&i)) {
            // Untouched by writes: one read.
            out.resize(len, 0);
            let file_end = end.min(o.file_len);
            if offset < file_end {
                read_at(&self.file, &mut out[..(file_end - offset) as usize], offset)?;
            }
            return Ok(out);
        }
        let mut at = offset;
        while at < end {
            let index = at / PAGE;
            let page = self.page(&o, index)?;
            let from = (at - index * PAGE) as usize;
            let to = ((end - index * PAGE).min(PAGE)) as usize;
            out.extend_from_slice(&page[from..to]);
            at = index * PAGE + to as u64;
        }
        Ok(out)
    }

    fn set_len(&self, len: u64) -> std::io::Result<()> {
        let mut o = self.lock()?;
        if len < o.len {
            o.file_len = o.file_len.min(len);
            o.pages.retain(|&i, _| i * PAGE < len);
            // The tail of the last page past the cut reads as zeros.
            let last = len / PAGE;
            if len % PAGE != 0 {
                let mut page = self.page(&o, last)?;
                page[(len % PAGE) as usize..].fill(0);
                o.pages.insert(last, page);
            }
        }
        o.len = len;
        Ok(())
    }

    fn sync_data(&self, _eventual: bool) -> std::io::Result<()> {
        Ok(())
    }

    fn write(&self, offset: u64, data: &[u8]) -> std::io::Result<()> {
        let mut o = self.lock()?;
        let end = offset + data.len() as u64;
        let mut at = offset;
        while at < end {
            let index = at / PAGE;
            let mut page = self.page(&o, index)?;
            let from = (at - index * PAGE) as usize;
            let to = ((end - index * PAGE).min(PAGE)) as usize;
            page[from..to]
                .copy_from_slice(&data[(at - offset) as usize..(at - offset) as usize + to - from]);
            o.pages.insert(index, page);
            at = index * PAGE + to as u64;
        }
        Ok(())
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
        let committed = if self
            .normal_gate
            .may_hold(land, &self.normal_view, &self.pending_normal)
        {
            view_get_normal(&self.normal_view, land)
        } else {
            None
        };
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
        self.normal_gate.put(land);
        self.maybe_commit();
    }

    fn get_misere(&mut self, position: &[u8]) -> Option<bool> {
        if let Some(&w) = self.pending_misere.get(position) {
            return Some(w);
        }
        if !self
            .misere_gate
            .may_hold(position, &self.misere_view, &self.pending_misere)
        {
            return None;
        }
        let v = self.misere_view.as_ref()?.get(position).ok()??;
        Some(v.value() != 0)
    }

    fn put_misere(&mut self, position: &[u8], win: bool) {
        if self.read_only {
            return;
        }
        self.pending_misere.insert(position.to_vec(), win);
        self.misere_gate.put(position);
        self.maybe_commit();
    }

    fn tree_records(&mut self) -> Vec<Vec<u32>> {
        // Trees 1, 2, ... in order; the list stops at the first gap (the
        // solver then rebuilds what it lacks, under new ids).
        let committed = match self.trees() {
            Ok(t) => t,
            Err(e) => {
                self.error.get_or_insert(e.to_string());
                Vec::new()
            }
        };
        let mut out = Vec::new();
        for (id, options) in committed.into_iter().chain(self.pending_trees.clone()) {
            if id as usize != out.len() + 1 {
                break;
            }
            out.push(options);
        }
        out
    }

    fn put_tree(&mut self, id: u32, options: &[u32]) {
        if self.read_only {
            return;
        }
        self.pending_trees.push((id, options.to_vec()));
        self.maybe_commit();
    }

    fn get_land_tree(&mut self, land: &[u8]) -> Option<u32> {
        if let Some(&t) = self.pending_land_trees.get(land) {
            return Some(t);
        }
        let v = self.land_trees_view.as_ref()?.get(land).ok()??;
        Some(v.value())
    }

    fn put_land_tree(&mut self, land: &[u8], tree: u32) {
        if self.read_only {
            return;
        }
        self.pending_land_trees.insert(land.to_vec(), tree);
        self.maybe_commit();
    }

    fn land_tree_records(&mut self, keep: &dyn Fn(&[u8]) -> bool) -> Vec<(Vec<u8>, u32)> {
        let mut out: Vec<(Vec<u8>, u32)> = Vec::new();
        if let Some(Ok(items)) = self.land_trees_view.as_ref().map(|v| v.iter()) {
            for (k, v) in items.flatten() {
                if keep(k.value()) {
                    out.push((k.value().to_vec(), v.value()));
                }
            }
        }
        for (k, &t) in &self.pending_land_trees {
            if keep(k) {
                out.push((k.clone(), t));
            }
        }
        out
    }

    fn flush(&mut self) {
        if let Err(e) = self.commit() {
            self.error.get_or_insert(e.to_string());
        }
    }

    /// Whether nothing is stored (nothing committed, nothing pending): a
    /// solve over a fresh database then never looks anything up in it.
    /// A database open for writing keeps every result put (a write error is
    /// reported by [`Db::error`], and the solve with it).
    fn keeps_everything(&self) -> bool {
        !self.read_only
    }

    /// The results waiting for their commit (walks them: for progress
    /// reports, not for every step), and the filters of the tables' keys.
    fn heap_bytes(&self) -> usize {
        use std::mem::size_of;
        fn map<K, V>(m: &FxHashMap<K, V>) -> usize {
            hash_table_bytes::<(K, V)>(m.capacity())
        }
        let keys = |k: &Vec<u8>| heap_block(k.capacity());
        self.normal_gate.bytes()
            + self.misere_gate.bytes()
            + map(&self.pending_normal)
            + self.pending_normal.keys().map(keys).sum::<usize>()
            + map(&self.pending_misere)
            + self.pending_misere.keys().map(keys).sum::<usize>()
            + map(&self.pending_land_trees)
            + self.pending_land_trees.keys().map(keys).sum::<usize>()
            + self.pending_trees.capacity() * size_of::<(u32, Vec<u32>)>()
            + self
                .pending_trees
                .iter()
                .map(|(_, o)| heap_block(o.capacity() * size_of::<u32>()))
                .sum::<usize>()
    }

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

/// A solver's slower store: nothing, or a database (what `sprouts solve
/// --no-db` and `--db` give, and the Python package's `db=`).
pub enum Backing {
    /// Memory only.
    None(NoStore),
    /// A database file.
    Db(Box<Db>),
}

impl Backing {
    /// Nothing when `path` is None, else the database there ([`Db::open`]:
    /// created if missing).
    pub fn open(path: Option<&Path>) -> Result<Backing, StoreError> {
        Ok(match path {
            None => Backing::None(NoStore),
            Some(p) => Backing::Db(Box::new(Db::open(p)?)),
        })
    }

    /// The first database write error, if any.
    pub fn error(&self) -> Option<String> {
        match self {
            Backing::None(_) => None,
            Backing::Db(d) => d.error().map(str::to_string),
        }
    }
}

impl Store for Backing {
    fn get_normal(&mut self, land: &[u8]) -> Option<NormalEntry> {
        match self {
            Backing::None(s) => s.get_normal(land),
            Backing::Db(d) => d.get_normal(land),
        }
    }
    fn put_normal(&mut self, land: &[u8], entry: NormalEntry) {
        match self {
            Backing::None(s) => s.put_normal(land, entry),
            Backing::Db(d) => d.put_normal(land, entry),
        }
    }
    fn get_misere(&mut self, position: &[u8]) -> Option<bool> {
        match self {
            Backing::None(s) => s.get_misere(position),
            Backing::Db(d) => d.get_misere(position),
        }
    }
    fn put_misere(&mut self, position: &[u8], win: bool) {
        match self {
            Backing::None(s) => s.put_misere(position, win),
            Backing::Db(d) => d.put_misere(position, win),
        }
    }
    fn flush(&mut self) {
        match self {
            Backing::None(s) => s.flush(),
            Backing::Db(d) => d.flush(),
        }
    }
    fn knows_nothing(&mut self) -> bool {
        match self {
            Backing::None(s) => s.knows_nothing(),
            Backing::Db(d) => d.knows_nothing(),
        }
    }
    fn keeps_everything(&self) -> bool {
        match self {
            Backing::None(s) => s.keeps_everything(),
            Backing::Db(d) => d.keeps_everything(),
        }
    }
    fn heap_bytes(&self) -> usize {
        match self {
            Backing::None(s) => s.heap_bytes(),
            Backing::Db(d) => d.heap_bytes(),
        }
    }
    fn tree_records(&mut self) -> Vec<Vec<u32>> {
        match self {
            Backing::None(s) => s.tree_records(),
            Backing::Db(d) => d.tree_records(),
        }
    }
    fn put_tree(&mut self, id: u32, options: &[u32]) {
        match self {
            Backing::None(s) => s.put_tree(id, options),
            Backing::Db(d) => d.put_tree(id, options),
        }
    }
    fn get_land_tree(&mut self, land: &[u8]) -> Option<u32> {
        match self {
            Backing::None(s) => s.get_land_tree(land),
            Backing::Db(d) => d.get_land_tree(land),
        }
    }
    fn put_land_tree(&mut self, land: &[u8], tree: u32) {
        match self {
            Backing::None(s) => s.put_land_tree(land, tree),
            Backing::Db(d) => d.put_land_tree(land, tree),
        }
    }
    fn land_tree_records(&mut self, keep: &dyn Fn(&[u8]) -> bool) -> Vec<(Vec<u8>, u32)> {
        match self {
            Backing::None(s) => s.land_tree_records(keep),
            Backing::Db(d) => d.land_tree_records(keep),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use redb::StorageBackend;

    /// Past [`FILTER_AFTER`] lookups the key filters stand in front of the
    /// file: every key stored is still found (committed before, buffered,
    /// or put after the filter was built, through a rebuild when it grew
    /// crowded), and a key never stored is not.
    #[test]
    fn the_key_filters_hide_no_stored_key() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("f.redb");
        let key = |i: u32| format!("key {i}").into_bytes();
        let mut db = Db::open(&p).unwrap();
        for i in 0..1_000 {
            db.put_misere(&key(i), i % 3 == 0);
            db.put_normal(&key(i), NormalEntry::Nimber((i % 5) as u8));
        }
        db.commit().unwrap();
        // Buffered, not committed.
        db.put_misere(b"pending", true);
        db.put_normal(b"pending", NormalEntry::Nimber(2));
        for i in 0..FILTER_AFTER as u32 + 10 {
            assert_eq!(db.get_misere(&key(1_000_000 + i)), None);
            assert_eq!(db.get_normal(&key(1_000_000 + i)), None);
        }
        assert!(db.misere_gate.filter.is_some() && db.normal_gate.filter.is_some());
        let filter_bytes = db.misere_gate.bytes() + db.normal_gate.bytes();
        assert!(db.heap_bytes() >= filter_bytes && filter_bytes > 0);
        // Enough new keys to crowd the filters (at least 65,536 bits: 8,192
        // keys): rebuilt larger on the way.
        for i in 1_000..20_000 {
            db.put_misere(&key(i), i % 3 == 0);
            db.put_normal(&key(i), NormalEntry::Nimber((i % 5) as u8));
            assert_eq!(db.get_misere(&key(i)), Some(i % 3 == 0));
        }
        db.commit().unwrap();
        for i in 0..20_000 {
            assert_eq!(db.get_misere(&key(i)), Some(i % 3 == 0), "{i}");
            assert_eq!(
                db.get_normal(&key(i)),
                Some(NormalEntry::Nimber((i % 5) as u8))
            );
        }
        assert_eq!(db.get_misere(b"pending"), Some(true));
        assert_eq!(db.get_normal(b"pending"), Some(NormalEntry::Nimber(2)));
        assert!(
            db.misere_gate.filter.is_some(),
            "built again after crowding"
        );
        // Few keys never stored get through to the file: the filter answers.
        let through = (0..10_000)
            .filter(|&i| {
                db.misere_gate
                    .may_hold(&key(5_000_000 + i), &db.misere_view, &db.pending_misere)
            })
            .count();
        assert!(through < 100, "{through}");
    }

    /// A reader opened between two commits reads the state of the first
    /// for as long as it lives: the writer's next commit waits (its batch
    /// stays buffered, and is still found by the writer's lookups), and is
    /// made once the reader is gone; a reader opened then reads it.
    #[test]
    fn a_reader_between_commits_holds_the_next_one_back() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x.redb");
        let mut w = Db::open(&p).unwrap();
        w.put_misere(b"a", true);
        w.commit().unwrap();
        let r = Db::open_read_only(&p).unwrap();
        assert_eq!(r.stats().unwrap().misere, 1);
        w.put_misere(b"b", false);
        assert!(!w.try_commit().unwrap());
        assert_eq!(w.get_misere(b"b"), Some(false));
        assert_eq!(r.stats().unwrap().misere, 1);
        // A second writer waits for the first; a writer opens beside a
        // reader.
        assert!(Db::open(&p).unwrap_err().is_busy());
        drop(r);
        assert!(w.try_commit().unwrap());
        assert_eq!(w.get_misere(b"b"), Some(false));
        let mut r = Db::open_read_only(&p).unwrap();
        assert_eq!(r.get_misere(b"b"), Some(false));
        assert_eq!(r.stats().unwrap().misere, 2);
        drop(w);
        let mut w = Db::open(&p).unwrap();
        assert_eq!(w.get_misere(b"a"), Some(true));
        drop(r);
        w.put_misere(b"c", true);
        drop(w);
        assert_eq!(Db::open_read_only(&p).unwrap().stats().unwrap().misere, 3);
    }

    /// A database open for writing is a store that keeps everything, so a
    /// solver's memory table in front of it is bounded; a read-only one
    /// drops what is put, and the table in front keeps it all.
    #[test]
    fn a_writable_database_keeps_everything_and_a_read_only_one_does_not() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("k.redb");
        let mut w = Db::open(&p).unwrap();
        assert!(w.keeps_everything());
        w.put_misere(b"a", true);
        drop(w);
        let mut r = Db::open_read_only(&p).unwrap();
        assert!(!r.keeps_everything());
        r.put_misere(b"b", true);
        assert_eq!(
            r.get_misere(b"b"),
            None,
            "a read-only database drops what is put"
        );
    }

    /// A misère start stored in a file is answered from it without
    /// reading the file's trees (which for 18 spots took 390 s and 12 GB);
    /// a position with a small land still reads them to be keyed.
    #[test]
    fn a_stored_misere_start_is_answered_without_reading_the_trees() {
        use sprouts::model::{Position, Variant};
        use sprouts::solve::Solver;
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("m.redb");
        let start = Position::start(8, Variant::Misere);
        let mut s = Solver::with_store(Db::open(&p).unwrap());
        // Lemoine & Viennot: misère 8 spots is a loss for the first player.
        assert!(!s.win(&start).unwrap());
        let made = s.trees().len();
        assert!(made > 100, "{made} trees");
        drop(s);
        let mut s = Solver::with_store(Db::open(&p).unwrap());
        let fresh = sprouts::misere::Trees::new().len();
        assert!(!s.win(&start).unwrap());
        assert_eq!((s.searched(), s.trees().len()), (0, fresh));
        // 8 spots beside a spot alone (a land of 3 lives: it has a tree).
        let lands: Vec<sprouts::solve::Land> = ["0.0.0.0.0.0.0.0.", "0."]
            .iter()
            .map(|t| t.parse().unwrap())
            .collect();
        s.win_lands_misere(&lands).unwrap();
        assert!(s.trees().len() >= made, "the trees were read");
    }

    /// The read-only backend behaves as the file would if redb's writes
    /// went to it (a copy in memory), and the file is never changed.
    #[test]
    fn read_only_file_reads_its_writes_and_leaves_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("f");
        let original: Vec<u8> = (0..3 * PAGE as usize + 100)
            .map(|i| (i * 7) as u8)
            .collect();
        std::fs::write(&p, &original).unwrap();
        let backend = ReadOnlyFile {
            file: File::open(&p).unwrap(),
            overlay: Mutex::new(Overlay {
                pages: FxHashMap::default(),
                len: original.len() as u64,
                file_len: original.len() as u64,
            }),
        };
        let mut model = original.clone();
        // A small generator: the same steps every run.
        let mut seed = 12345u64;
        let mut next = |m: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % m
        };
        for step in 0..2000 {
            let len = model.len() as u64;
            match next(10) {
                0 => {
                    let new = next(5 * PAGE);
                    backend.set_len(new).unwrap();
                    model.resize(new as usize, 0);
                }
                1..=4 => {
                    let at = next(len + 1);
                    let n = next(2 * PAGE + 1).min(len - at);
                    let data: Vec<u8> = (0..n).map(|i| (i as u8) ^ (step as u8)).collect();
                    backend.write(at, &data).unwrap();
                    model[at as usize..(at + n) as usize].copy_from_slice(&data);
                }
                _ => {
                    let at = next(len + 1);
                    let n = next(3 * PAGE + 1).min(len - at);
                    let got = backend.read(at, n as usize).unwrap();
                    assert_eq!(got, &model[at as usize..(at + n) as usize], "step {step}");
                }
            }
            assert_eq!(backend.len().unwrap(), model.len() as u64);
        }
        assert!(backend.read(model.len() as u64, 1).is_err());
        assert_eq!(std::fs::read(&p).unwrap(), original);
    }
}
