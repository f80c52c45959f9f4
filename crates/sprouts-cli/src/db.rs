//! `sprouts db`: the database of solved positions (stats, export, import,
//! verify), and the `--db PATH` / `--no-db` options the solving commands share.

use std::fs;
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, Result, anyhow, bail};
use sprouts::misere::TreeId;
use sprouts::notation::{glop2, quote};
use sprouts::solve::{
    Certificate, Land, MemoryStore, NoStore, NormalEntry, PseudoCanon, Solver, SpotsDatabase,
    Stacked, Store, Verifier, decompose, lands_position, misere_key_of, split_misere_key,
    split_position_key,
};
use sprouts_store::{Backing, Db, Entry};

use crate::output;

/// Where solved results are kept: `--db PATH`, `--no-db`, or the default
/// file.
#[derive(Debug, Clone, clap::Args)]
pub struct DbArgs {
    /// The database file (default: $XDG_DATA_HOME/sprouts/solved.redb, or
    /// ~/.local/share/sprouts/solved.redb).
    #[arg(long, value_name = "PATH", conflicts_with = "no_db")]
    pub db: Option<PathBuf>,

    /// Keep results in memory only.
    #[arg(long)]
    pub no_db: bool,
}

impl DbArgs {
    /// The database file to use, or `None` for `--no-db`.
    pub fn path(&self) -> Result<Option<PathBuf>> {
        if self.no_db {
            return Ok(None);
        }
        match &self.db {
            Some(p) => Ok(Some(p.clone())),
            None => sprouts_store::default_path().map(Some).ok_or_else(|| {
                anyhow!(
                    "no HOME or XDG_DATA_HOME for the default database; give --db PATH or --no-db"
                )
            }),
        }
    }

    /// The store the solver works over. A `--db` file in a folder that
    /// does not exist is refused (the default file's folder is made); a
    /// file this process may not write is read only, with a note.
    pub fn store(&self) -> Result<Backing> {
        let Some(p) = self.path()? else {
            return Ok(Backing::None(NoStore));
        };
        if self.db.is_some() {
            if let Some(parent) = p.parent().filter(|d| !d.as_os_str().is_empty()) {
                if !parent.is_dir() {
                    bail!(
                        "database {}: folder {} does not exist",
                        p.display(),
                        parent.display()
                    );
                }
            }
        }
        let db = if writable(&p) {
            open_waiting(&p, Db::open)?
        } else {
            eprintln!(
                "note: database {} is read-only: it is read, new results are not kept",
                p.display()
            );
            open_waiting(&p, Db::open_read_only)?
        };
        Ok(Backing::Db(Box::new(db)))
    }
}

impl DbArgs {
    /// What a solve over this database keeps when it stops before its
    /// answer: what it proved, or nothing.
    pub fn kept(&self) -> String {
        match self.path() {
            Ok(Some(p)) if writable(&p) => {
                format!("what was proved is kept in the database {}", p.display())
            }
            Ok(Some(p)) => format!(
                "nothing new is kept (database {} is read-only)",
                p.display()
            ),
            _ => "nothing is kept (--no-db)".to_string(),
        }
    }
}

/// Whether the file at `path` may be written: it does not exist yet, or
/// it is not marked read-only and this process may open it for writing.
fn writable(path: &Path) -> bool {
    match fs::metadata(path) {
        Err(_) => true,
        Ok(m) => {
            !m.permissions().readonly()
                && fs::OpenOptions::new()
                    .read(true)
                    .write(true)
                    .open(path)
                    .map_or_else(|e| e.kind() != io::ErrorKind::PermissionDenied, |_| true)
        }
    }
}

/// Opens the database with `open`, waiting while another process holds
/// the file (a solve writing it, or readers while this one wants to
/// write), with a message on standard error that names that process.
pub fn open_waiting(
    path: &Path,
    open: fn(&Path) -> Result<Db, sprouts_store::StoreError>,
) -> Result<Db> {
    let mut told = false;
    loop {
        match open(path) {
            Err(e) if e.is_busy() => {
                if !told {
                    eprintln!("{e}; waiting for it to close the file");
                    told = true;
                    WAITING.store(true, Ordering::Relaxed);
                }
                std::thread::sleep(std::time::Duration::from_millis(200));
            }
            r => {
                WAITING.store(false, Ordering::Relaxed);
                return Ok(r?);
            }
        }
    }
}

/// Whether [`open_waiting`] waits for another process: Ctrl-C then has
/// nothing to stop gracefully.
pub static WAITING: AtomicBool = AtomicBool::new(false);

/// Inspect, move and check the database of solved positions.
///
/// Export writes one result a line, a position, a tab and a value: a
/// normal-play land and its nimber (`nimber 0`) or the heaps it is known
/// not to equal (`not 0,2`), or a misère position (its lands joined by
/// `+`) and its outcome for the player to move (`misere loss`), with a
/// third column `with tree K` when the position also holds small lands,
/// added up into misère canonical tree K (`with tree K+L+M` when it also
/// holds the trees of big lands kept apart: the position is the sum of
/// the trees and the lands). Trees come first, one a line
/// (`tree K` and its options' trees `{I,J}`, tree 0 being the end), then
/// small lands with their tree (`tree K`). Positions are GLOP 2 strings (`0.0.0`, `0.AB|AB`, `0.0+1AB|2AB`): `sprouts
/// position convert --from glop2` reads them, and the solver splits what it
/// reads into the stored lands again. The position with no move left is
/// the empty text.
///
/// Import reads the same lines: GLOP 2 positions (any GLOP 2 string; it is
/// simplified and split into lands as the solver does, and a normal-play
/// result must name one land), or the solver's own land text that earlier
/// versions exported (`0.0.0.ab.|ab.`: a `.` after every boundary, so the
/// text ends with `.`), for compatibility. Empty lines and lines starting
/// with `#` are skipped. Tree numbers are the file's own: a tree line must
/// come before the lines that name it, and the trees are added to the
/// database's under its own numbers. Every result is checked before anything is
/// written: against the file's other results and the database's, with move
/// generation and lookups (smallest positions first, so that a false line
/// is the one named, and found before any search), or else re-proved by
/// search; one that does not hold stops the import and nothing is written.
/// A certificate (a file
/// with a `[Positions+Nimber]` line: `sprouts solve --certificate`, or
/// another program's list of losing positions with a nimber heap) is
/// checked as `sprouts check` does, and its nimbers are imported.
///
/// Verify checks every stored result the same way (docs/certificates.md).
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  sprouts db stats
  sprouts db export > solved.txt
  sprouts db --db other.redb import solved.txt
  printf '0.0\\tnimber 0\\n' | sprouts db --db other.redb import -
  sprouts db import 11.cert
  sprouts db verify --limit 1000")]
pub struct Args {
    #[command(subcommand)]
    command: DbCommand,

    /// The database file (default: $XDG_DATA_HOME/sprouts/solved.redb, or
    /// ~/.local/share/sprouts/solved.redb).
    #[arg(long, value_name = "PATH", global = true)]
    db: Option<PathBuf>,
}

/// What `db export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum ExportFormat {
    /// Every result, in this program's lines.
    Sprouts,
    /// SPOTS's database of the lands with a nimber.
    Spots,
}

#[derive(Debug, clap::Subcommand)]
enum DbCommand {
    /// Entry counts and file size.
    Stats {
        /// Print JSON: {"path", "normal", "nimbers", "misere", "trees",
        /// "land_trees", "bytes"}.
        #[arg(long)]
        json: bool,
    },
    /// Every stored result, one a line.
    Export {
        /// `spots`: the lands with a nimber only, as SPOTS's database
        /// (`[Positions+Nimber]`, then each land as SPOTS names it and its
        /// nimber), which SPOTS reads as its `--input_database`.
        #[arg(long, value_enum, value_name = "FORMAT", default_value_t = ExportFormat::Sprouts)]
        format: ExportFormat,
    },
    /// Results from a file written by export (`-`: standard input).
    Import {
        /// The file to read.
        #[arg(value_name = "FILE", default_value = "-")]
        file: PathBuf,
    },
    /// Check every stored result against the results it rests on, with
    /// move generation and lookups only; results the others do not show
    /// (databases of older versions) are re-proved by search. Prints every
    /// result that does not hold (exit status 1 then) and the counts.
    Verify {
        /// Re-prove by search at most N results (those the lookups cannot
        /// show); the rest are counted as unchecked.
        #[arg(long, value_name = "N")]
        limit: Option<u64>,
    },
}

fn path(args: &Args) -> Result<PathBuf> {
    DbArgs {
        db: args.db.clone(),
        no_db: false,
    }
    .path()?
    .ok_or_else(|| anyhow!("no database"))
}

pub fn run(args: &Args) -> Result<()> {
    let path = path(args)?;
    let mut out = output::stdout();
    match &args.command {
        DbCommand::Stats { json } => {
            let db = open_waiting(&path, Db::open_read_only)?;
            let s = db.stats()?;
            if *json {
                let v = serde_json::json!({
                    "path": path.display().to_string(),
                    "normal": s.normal,
                    "nimbers": s.nimbers,
                    "misere": s.misere,
                    "trees": s.trees,
                    "land_trees": s.land_trees,
                    "bytes": s.bytes,
                });
                writeln!(out, "{v}")?;
            } else {
                writeln!(out, "path\t{}", path.display())?;
                writeln!(out, "normal-play lands\t{}", s.normal)?;
                writeln!(out, "  with a nimber\t{}", s.nimbers)?;
                writeln!(out, "misere positions\t{}", s.misere)?;
                writeln!(out, "misere trees\t{}", s.trees)?;
                writeln!(out, "  small lands with a tree\t{}", s.land_trees)?;
                writeln!(out, "bytes\t{}", s.bytes)?;
            }
        }
        DbCommand::Export { format } => {
            let db = open_waiting(&path, Db::open_read_only)?;
            let entries = db.entries()?;
            if *format == ExportFormat::Spots {
                let mut lands = Vec::new();
                for e in &entries {
                    if let Entry::Normal(k, NormalEntry::Nimber(n)) = e {
                        lands.push((Land::from_bytes(k)?, *n));
                    }
                }
                let spots = SpotsDatabase::from_lands(lands.iter().map(|(l, n)| (l, *n)));
                write!(out, "{spots}")?;
            } else {
                for e in entries {
                    writeln!(out, "{}", export_line(&e)?)?;
                }
            }
        }
        DbCommand::Import { file } => {
            let text = if file.as_os_str() == "-" {
                let mut s = String::new();
                for line in io::stdin().lock().lines() {
                    s.push_str(&line?);
                    s.push('\n');
                }
                s
            } else {
                fs::read_to_string(file)
                    .with_context(|| format!("cannot read {}", file.display()))?
            };
            let n = if Certificate::is_certificate(&text) {
                import_certificate(&path, &text).with_context(|| file.display().to_string())?
            } else {
                import_results(&path, &text)?
            };
            writeln!(out, "imported\t{n}")?;
        }
        DbCommand::Verify { limit } => {
            let db = open_waiting(&path, Db::open_read_only)?;
            let entries = db.entries()?;
            let mut known = MemoryStore::default();
            for e in &entries {
                remember(&mut known, e);
            }
            let mut solver = Solver::with_store(Stacked::new(db));
            let v = check_entries(&entries, &mut known, &mut solver, *limit, false)?;
            for (i, why) in &v.wrong {
                writeln!(out, "wrong\t{}\t{why}", export_line(&entries[*i])?)?;
            }
            writeln!(out, "checked\t{}", v.looked_up + v.searched)?;
            writeln!(out, "by search\t{}", v.searched)?;
            if v.unchecked > 0 {
                writeln!(out, "unchecked\t{}", v.unchecked)?;
            }
            writeln!(out, "wrong\t{}", v.wrong.len())?;
            out.flush()?;
            if !v.wrong.is_empty() {
                bail!("{} stored results do not hold", v.wrong.len());
            }
        }
    }
    out.flush()?;
    Ok(())
}

/// The GLOP 2 text of lands: the labelled position they make
/// ([`lands_position`]), written by the GLOP 2 writer.
fn glop2_of(lands: &[Land]) -> Result<String> {
    Ok(lands_position(lands)
        .map_err(|e| anyhow!("internal error: a stored land is not a position: {e}"))?
        .to_glop2())
}

/// One exported line.
fn export_line(e: &Entry) -> Result<String> {
    let land = |k: &[u8]| -> Result<String> { Ok(Land::from_bytes(k)?.to_string()) };
    Ok(match e {
        Entry::Normal(k, NormalEntry::Nimber(n)) => format!("{}\tnimber {n}", land(k)?),
        Entry::Normal(k, NormalEntry::NotIn(bits)) => {
            let heaps: Vec<String> = (0..64)
                .filter(|h| bits >> h & 1 == 1)
                .map(|h| h.to_string())
                .collect();
            format!("{}\tnot {}", land(k)?, heaps.join(","))
        }
        Entry::Misere(k, w) => {
            let (trees, lands) = split_misere_key(k)?;
            let outcome = if *w { "win" } else { "loss" };
            if trees.is_empty() {
                format!("{}\tmisere {outcome}", glop2_of(&lands)?)
            } else {
                let trees: Vec<String> = trees.iter().map(|t| t.index().to_string()).collect();
                format!(
                    "{}\tmisere {outcome}\twith tree {}",
                    glop2_of(&lands)?,
                    trees.join("+")
                )
            }
        }
        Entry::Tree(id, options) => {
            let options: Vec<String> = options.iter().map(u32::to_string).collect();
            format!("tree {id}\t{{{}}}", options.join(","))
        }
        Entry::LandTree(land, t) => format!("{}\ttree {t}", Land::from_bytes(land)?),
    })
}

/// The lands of an imported position text: GLOP 2 (read by the GLOP 2
/// reader, then split into lands as the solver does), or the solver's own
/// land text that earlier versions exported (every land ends with `.`,
/// lands joined by `+`; letters beyond 52 written `{n}`).
fn import_lands(text: &str) -> Result<Vec<Land>> {
    if text.ends_with('.') || text.contains('{') {
        return text
            .split('+')
            .map(|t| t.parse::<Land>().map_err(anyhow::Error::from))
            .collect();
    }
    let pos = glop2::parse_position(text).map_err(|e| anyhow!("glop2 position: {e}"))?;
    Ok(decompose(&pos)?)
}

/// The trees of an import: the file's tree numbers as trees of `trees`
/// (the database's table, read by the solver that checks the import).
struct FileTrees {
    ids: std::collections::HashMap<u32, TreeId>,
}

impl FileTrees {
    fn new() -> FileTrees {
        FileTrees {
            ids: std::collections::HashMap::from([(0, TreeId::ZERO)]),
        }
    }

    /// The table's tree for the file's tree `k`.
    fn tree(&self, k: &str) -> Result<TreeId> {
        let n: u32 = k
            .parse()
            .map_err(|_| anyhow!("bad tree number {:?}", quote(k)))?;
        self.ids
            .get(&n)
            .copied()
            .ok_or_else(|| anyhow!("tree {n} is not given before this line"))
    }
}

/// Reads one exported line (trees into `trees`, under the file's numbers
/// in `file`).
fn import_line(
    line: &str,
    file: &mut FileTrees,
    trees: &mut sprouts::misere::Trees,
) -> Result<Entry> {
    let (pos, value) = line
        .split_once('\t')
        .ok_or_else(|| anyhow!("expected a position, a tab and a value"))?;
    if let Some(k) = pos.strip_prefix("tree ") {
        let n: u32 = k
            .parse()
            .map_err(|_| anyhow!("bad tree number {:?}", quote(k)))?;
        let list = value
            .strip_prefix('{')
            .and_then(|v| v.strip_suffix('}'))
            .ok_or_else(|| anyhow!("expected the tree's options as {{I,J,...}}"))?;
        let mut options = Vec::new();
        for o in list.split(',').filter(|o| !o.is_empty()) {
            options.push(file.tree(o)?);
        }
        let id = trees.game(&options);
        file.ids.insert(n, id);
        let options = trees.options(id).iter().map(|o| o.index()).collect();
        return Ok(Entry::Tree(id.index(), options));
    }
    if let Some(k) = value.strip_prefix("tree ") {
        let t = file.tree(k)?;
        let mut lands = import_lands(pos)?;
        return match lands.len() {
            1 => Ok(Entry::LandTree(
                lands.remove(0).as_bytes().to_vec(),
                t.index(),
            )),
            n => bail!("a land's tree needs one land, found {n}"),
        };
    }
    let (value, trees) = match value.split_once("\twith tree ") {
        Some((v, k)) => (
            v,
            k.split('+')
                .map(|t| file.tree(t))
                .collect::<Result<Vec<TreeId>>>()?,
        ),
        None => (value, Vec::new()),
    };
    if !trees.is_empty() && !value.starts_with("misere ") {
        bail!("a normal-play result has no tree");
    }
    let land = |t: &str| -> Result<Land> {
        let mut lands = import_lands(t)?;
        match lands.len() {
            1 => Ok(lands.remove(0)),
            n => bail!("a normal-play result needs one land, found {n}"),
        }
    };
    if let Some(n) = value.strip_prefix("nimber ") {
        let n: u8 = n
            .parse()
            .map_err(|_| anyhow!("bad nimber {:?}", quote(n)))?;
        let l = land(pos)?;
        return Ok(Entry::Normal(l.as_bytes().to_vec(), NormalEntry::Nimber(n)));
    }
    if let Some(list) = value.strip_prefix("not ") {
        let mut bits = 0u64;
        for h in list.split(',') {
            let h: u32 = h.parse().map_err(|_| anyhow!("bad heap {:?}", quote(h)))?;
            if h >= 64 {
                bail!("heap {h} is too large (at most 63)");
            }
            bits |= 1 << h;
        }
        let l = land(pos)?;
        return Ok(Entry::Normal(
            l.as_bytes().to_vec(),
            NormalEntry::NotIn(bits),
        ));
    }
    let win = match value {
        "misere win" => true,
        "misere loss" => false,
        _ => bail!(
            "expected 'nimber K', 'not H,...', 'misere win' or 'misere loss', found {:?}",
            quote(value)
        ),
    };
    Ok(Entry::Misere(
        misere_key_of(&trees, &import_lands(pos)?),
        win,
    ))
}

/// Remembers an entry among the known results.
fn remember(known: &mut MemoryStore, e: &Entry) {
    match e {
        Entry::Normal(k, v) => known.put_normal(k, *v),
        Entry::Misere(k, w) => known.put_misere(k, *w),
        // The solver that checks the entries holds the trees.
        Entry::Tree(..) | Entry::LandTree(..) => {}
    }
}

/// How the entries checked stand.
struct Verdicts {
    /// Shown by lookups among the known results.
    looked_up: u64,
    /// Re-proved by search (the lookups could not show them).
    searched: u64,
    /// Neither (past the limit of searches).
    unchecked: u64,
    /// Those that do not hold (their index), and why.
    wrong: Vec<(usize, String)>,
}

/// Checks each entry against the known results by lookups
/// ([`Verifier`]); an entry the lookups cannot show (its proof rests on a
/// result that is not known) is re-proved by `solver`, at most `limit` of
/// them. With `stop`, the first entry that does not hold ends the check.
fn check_entries<S: Store>(
    entries: &[Entry],
    known: &mut MemoryStore,
    solver: &mut Solver<S>,
    limit: Option<u64>,
    stop: bool,
) -> Result<Verdicts> {
    let mut v = Verdicts {
        looked_up: 0,
        searched: 0,
        unchecked: 0,
        wrong: Vec::new(),
    };
    let mut verifier = Verifier::new(&PseudoCanon);
    let mut bar = crate::check::Bar::new("results checked");
    let mut later = Vec::new();
    // Fewest lives first: an entry's check uses only entries of fewer lives,
    // checked before it, so the first that does not hold is the one to
    // blame (not a larger one that its false value misleads).
    let mut order: Vec<(u32, usize)> = entries
        .iter()
        .enumerate()
        .map(|(i, e)| (entry_lives(e), i))
        .collect();
    order.sort_unstable();
    for (done, &(_, i)) in order.iter().enumerate() {
        let e = &entries[i];
        bar.tell(done, entries.len());
        let result = match e {
            Entry::Normal(k, fact) => Land::from_bytes(k).map(|land| {
                verifier.check_normal(known, &land, *fact).map_err(|why| {
                    if why.contradicts() {
                        Some(why.to_string())
                    } else if verifier.refutes_normal(known, &land, *fact) {
                        // False if the other entries are true: found now,
                        // not after a search.
                        Some(format!("{why}; the other results show it false"))
                    } else {
                        None
                    }
                })
            }),
            // Trees are read, and checked to be in simplest form, at once.
            Entry::Tree(..) => {
                match solver.check_trees() {
                    Ok(_) => v.looked_up += 1,
                    Err(e) => v.wrong.push((i, format!("the table of trees: {e}"))),
                }
                continue;
            }
            // The tree of a land is made again from its children's trees
            // (the database's, or made).
            Entry::LandTree(land, t) => {
                let holds = Land::from_bytes(land)
                    .ok()
                    .map(|land| solver.verify_land_tree(&land, TreeId::from_index(*t)));
                match holds {
                    Some(Ok(true)) => v.looked_up += 1,
                    Some(Ok(false)) => v
                        .wrong
                        .push((i, "its children's trees make another tree".to_string())),
                    _ => later.push(i),
                }
                if stop && !v.wrong.is_empty() {
                    return Ok(v);
                }
                continue;
            }
            Entry::Misere(k, win) if split_misere_key(k).is_ok_and(|(t, _)| !t.is_empty()) => {
                Ok(misere_by_lookups(solver, k, *win))
            }
            Entry::Misere(k, win) => split_position_key(k).map(|lands| {
                match verifier.check_misere(known, &lands, *win) {
                    Err(why) if why.contradicts() => Err(Some(why.to_string())),
                    Err(why) if verifier.refutes_misere(known, &lands, *win) => {
                        Err(Some(format!("{why}; the other results show it false")))
                    }
                    // Children that hold a tree are named by the solver's keys.
                    Err(_) => misere_by_lookups(solver, k, *win),
                    Ok(()) => Ok(()),
                }
            }),
        };
        match result {
            Err(e) => v.wrong.push((i, format!("not a stored key: {e}"))),
            Ok(Ok(())) => v.looked_up += 1,
            Ok(Err(Some(why))) => v.wrong.push((i, why)),
            Ok(Err(None)) => later.push(i),
        }
        if stop && !v.wrong.is_empty() {
            return Ok(v);
        }
    }
    drop(bar);
    let mut bar = crate::check::Bar::new("results re-proved by search");
    for (done, &i) in later.iter().enumerate() {
        if limit.is_some_and(|l| done as u64 >= l) {
            v.unchecked = (later.len() - done) as u64;
            break;
        }
        bar.tell(done, later.len());
        // Simplified first: the moves are played on simplified lands (the
        // lookups found the key to be one land).
        let holds = match &entries[i] {
            Entry::Normal(k, fact) => match &Land::from_bytes(k)?.simplified()[..] {
                [land] => solver.verify_normal(land, *fact)?,
                _ => false,
            },
            Entry::Misere(k, win) if !split_misere_key(k)?.0.is_empty() => {
                // A tree the table does not have: the key is wrong.
                solver.verify_misere_key(k, *win).unwrap_or(false)
            }
            Entry::Misere(k, win) => {
                let lands: Vec<Land> = split_position_key(k)?
                    .iter()
                    .flat_map(Land::simplified)
                    .collect();
                solver.verify_misere(&lands, *win)?
            }
            Entry::LandTree(land, t) => {
                let land = Land::from_bytes(land)?;
                solver.verify_land_tree(&land, TreeId::from_index(*t))?
            }
            Entry::Tree(..) => true,
        };
        if holds {
            v.searched += 1;
        } else {
            v.wrong.push((i, "a search shows it false".to_string()));
            if stop {
                break;
            }
        }
    }
    v.wrong.sort_by_key(|w| w.0);
    Ok(v)
}

/// A misère outcome checked by its children's outcomes as the solver
/// keys them (their small lands' trees are the database's): `Err(None)`
/// when a child it needs is not known, `Err(Some(why))` when they
/// contradict it.
fn misere_by_lookups<S: Store>(
    solver: &mut Solver<S>,
    key: &[u8],
    win: bool,
) -> std::result::Result<(), Option<String>> {
    match solver.check_misere_key(key, win) {
        Ok(Some(true)) => Ok(()),
        Ok(Some(false)) => Err(Some("its children's outcomes contradict it".to_string())),
        Ok(None) | Err(_) => Err(None),
    }
}

/// An entry's lives (0 for a tree, which is checked whole at once): the
/// order of the checks.
fn entry_lives(e: &Entry) -> u32 {
    match e {
        Entry::Normal(k, _) | Entry::LandTree(k, _) => Land::from_bytes(k).map_or(0, |l| l.lives()),
        Entry::Misere(k, _) => {
            split_misere_key(k).map_or(0, |(_, l)| l.iter().map(Land::lives).sum())
        }
        Entry::Tree(..) => 0,
    }
}

/// Imports results written by `db export`, each checked first: against the
/// file's other results and the database's by lookups, or re-proved by
/// search; nothing is written unless every result holds. Gives how many.
fn import_results(path: &Path, text: &str) -> Result<usize> {
    if !path.exists() {
        // Made empty now, written once every result holds; the check reads
        // it without writing what its searches prove.
        drop(open_waiting(path, Db::open)?);
    }
    let db = open_waiting(path, Db::open_read_only)?;
    let mut known = MemoryStore::default();
    for e in db.entries()? {
        remember(&mut known, &e);
    }
    let mut solver = Solver::with_store(Stacked::new(db));
    // The database's trees: the file's are added to them.
    solver.check_trees()?;
    let before = solver.trees().len();
    let mut file = FileTrees::new();
    let mut lines = Vec::new();
    let mut entries = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let e = import_line(line, &mut file, solver.trees())
            .with_context(|| format!("line {}", i + 1))?;
        remember(&mut known, &e);
        entries.push(e);
        lines.push((i + 1, line));
    }
    // The file's trees (the check may make more: they are not written).
    let parsed = solver.trees().len();
    let v = check_entries(&entries, &mut known, &mut solver, None, true)?;
    if let Some((i, why)) = v.wrong.first() {
        let (number, line) = lines[*i];
        bail!(
            "line {number}: {} does not hold: {why}; nothing was imported",
            line.trim_end().replace('\t', " ")
        );
    }
    let trees = solver.trees();
    let new_trees: Vec<Vec<u32>> = (before..parsed)
        .map(|i| {
            let t = TreeId::from_index(i as u32);
            trees.options(t).iter().map(|o| o.index()).collect()
        })
        .collect();
    drop(solver);
    let mut db = open_waiting(path, Db::open)?;
    for (i, options) in new_trees.iter().enumerate() {
        db.put_tree((before + i) as u32, options);
    }
    for e in &entries {
        match e {
            Entry::Normal(k, v) => db.put_normal(k, *v),
            Entry::Misere(k, w) => db.put_misere(k, *w),
            Entry::LandTree(k, t) => db.put_land_tree(k, *t),
            Entry::Tree(..) => {}
        }
    }
    db.commit()?;
    Ok(entries.len())
}

/// Imports the nimbers a certificate proves (this program's, or another
/// program's list of losing positions with a nimber heap), once it checks;
/// gives how many.
fn import_certificate(path: &Path, text: &str) -> Result<usize> {
    let (checked, ours) = crate::check::check_text(text, false)?;
    let mut db = open_waiting(path, Db::open)?;
    for (land, n) in &checked.nimbers {
        // Another program's lands were found by exact keys: store them
        // under the solver's own keys.
        let land = if ours {
            land.clone()
        } else {
            Land::from_bytes(land.as_bytes())?
        };
        db.put_normal(land.as_bytes(), NormalEntry::Nimber(*n));
    }
    db.commit()?;
    Ok(checked.nimbers.len())
}

/// A fresh solver over the database (or memory only).
pub fn solver(args: &DbArgs) -> Result<Solver<Stacked<Backing>>> {
    Ok(Solver::with_store(Stacked::new(args.store()?)))
}
