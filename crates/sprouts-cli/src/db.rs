//! `sprouts db`: the database of solved positions (stats, export, import,
//! verify), and the `--db PATH` / `--no-db` options the solving commands share.

use std::fs;
use std::io::{self, BufRead, Write};
use std::path::PathBuf;

use anyhow::{Context, Result, anyhow, bail};
use sprouts::misere::{TreeId, Trees};
use sprouts::notation::{glop2, quote};
use sprouts::solve::{
    Land, NoStore, NormalEntry, Solver, Stacked, Store, decompose, lands_position, misere_key_of,
    split_misere_key,
};
use sprouts_store::{Db, Entry};

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

    /// The store the solver works over.
    pub fn store(&self) -> Result<Backing> {
        Ok(match self.path()? {
            None => Backing::None(NoStore),
            Some(p) => Backing::Db(Box::new(Db::open(&p)?)),
        })
    }
}

/// The solver's slower store: nothing, or the database.
pub enum Backing {
    None(NoStore),
    Db(Box<Db>),
}

impl Backing {
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
    fn flush(&mut self) {
        match self {
            Backing::None(s) => s.flush(),
            Backing::Db(d) => d.flush(),
        }
    }
}

/// Inspect, move and check the database of solved positions.
///
/// Export writes one result a line, a position, a tab and a value: a
/// normal-play land and its nimber (`nimber 0`) or the heaps it is known
/// not to equal (`not 0,2`), or a misère position (its lands joined by
/// `+`) and its outcome for the player to move (`misere loss`), with a
/// third column `with tree K` when the position also holds small lands,
/// added up into misère canonical tree K. Trees come first, one a line
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
/// database's under its own numbers.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  sprouts db stats
  sprouts db export > solved.txt
  sprouts db --db other.redb import solved.txt
  printf '0.0\\tnimber 0\\n' | sprouts db --db other.redb import -
  sprouts db verify")]
pub struct Args {
    #[command(subcommand)]
    command: DbCommand,

    /// The database file (default: $XDG_DATA_HOME/sprouts/solved.redb, or
    /// ~/.local/share/sprouts/solved.redb).
    #[arg(long, value_name = "PATH", global = true)]
    db: Option<PathBuf>,
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
    Export,
    /// Results from a file written by export (`-`: standard input).
    Import {
        /// The file to read.
        #[arg(value_name = "FILE", default_value = "-")]
        file: PathBuf,
    },
    /// Re-prove every stored result from the others; prints the number
    /// checked and every result that does not hold (exit status 1 then).
    Verify,
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
            let db = Db::open(&path)?;
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
        DbCommand::Export => {
            let db = Db::open(&path)?;
            for e in db.entries()? {
                writeln!(out, "{}", export_line(&e)?)?;
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
            let mut db = Db::open(&path)?;
            let mut import = Import::new(&mut db)?;
            let mut n = 0u64;
            for (i, line) in text.lines().enumerate() {
                if line.trim().is_empty() || line.starts_with('#') {
                    continue;
                }
                import
                    .line(&mut db, line)
                    .with_context(|| format!("line {}", i + 1))?;
                n += 1;
            }
            db.commit()?;
            writeln!(out, "imported\t{n}")?;
        }
        DbCommand::Verify => {
            let entries = Db::open(&path)?.entries()?;
            let db = Db::open_read_only(&path)?;
            let mut solver = Solver::with_store(Stacked::new(db));
            let mut bad = 0u64;
            for e in &entries {
                let ok = match e {
                    Entry::Normal(k, v) => {
                        let land = Land::from_bytes(k)?;
                        solver.verify_normal(&land, *v)?
                    }
                    Entry::Misere(k, w) => solver.verify_misere_key(k, *w)?,
                    // Read (and checked to be in simplest form) with the
                    // first misère entry.
                    Entry::Tree(..) => solver.check_trees()?,
                    Entry::LandTree(land, t) => {
                        let land = Land::from_bytes(land)?;
                        solver.verify_land_tree(&land, TreeId::from_index(*t))?
                    }
                };
                if !ok {
                    bad += 1;
                    writeln!(out, "wrong\t{}", export_line(e)?)?;
                }
            }
            writeln!(out, "checked\t{}", entries.len())?;
            writeln!(out, "wrong\t{bad}")?;
            out.flush()?;
            if bad > 0 {
                bail!("{bad} stored results do not hold");
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
            let (tree, lands) = split_misere_key(k)?;
            let outcome = if *w { "win" } else { "loss" };
            match tree.index() {
                0 => format!("{}\tmisere {outcome}", glop2_of(&lands)?),
                t => format!("{}\tmisere {outcome}\twith tree {t}", glop2_of(&lands)?),
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

/// An import under way: the database's trees, and the trees of the file
/// under the database's numbers.
struct Import {
    trees: Trees,
    ids: std::collections::HashMap<u32, TreeId>,
}

impl Import {
    fn new(db: &mut Db) -> Result<Import> {
        let records = db.tree_records();
        let trees = Trees::from_records(records.iter().map(Vec::as_slice))
            .map_err(|e| anyhow!("the database's misère trees: {e}"))?;
        Ok(Import {
            trees,
            ids: std::collections::HashMap::from([(0, TreeId::ZERO)]),
        })
    }

    /// The database's tree for the file's tree `k`.
    fn tree(&self, k: &str) -> Result<TreeId> {
        let n: u32 = k
            .parse()
            .map_err(|_| anyhow!("bad tree number {:?}", quote(k)))?;
        self.ids
            .get(&n)
            .copied()
            .ok_or_else(|| anyhow!("tree {n} is not given before this line"))
    }

    /// Reads one line into the database.
    fn line(&mut self, db: &mut Db, line: &str) -> Result<()> {
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
                options.push(self.tree(o)?);
            }
            let before = self.trees.len();
            let id = self.trees.game(&options);
            for i in before..self.trees.len() {
                let t = TreeId::from_index(i as u32);
                let o: Vec<u32> = self.trees.options(t).iter().map(|o| o.index()).collect();
                db.put_tree(i as u32, &o);
            }
            self.ids.insert(n, id);
            return Ok(());
        }
        if let Some(k) = value.strip_prefix("tree ") {
            let t = self.tree(k)?;
            let l = one_land(pos)?;
            db.put_land_tree(l.as_bytes(), t.index());
            return Ok(());
        }
        let (value, tree) = match value.split_once("\twith tree ") {
            Some((v, k)) => (v, self.tree(k)?),
            None => (value, TreeId::ZERO),
        };
        match import_value(pos, value)? {
            Entry::Misere(_, w) => {
                db.put_misere(&misere_key_of(tree, &import_lands(pos)?), w);
            }
            Entry::Normal(k, e) if tree == TreeId::ZERO => db.put_normal(&k, e),
            _ => bail!("a normal-play result has no tree"),
        }
        Ok(())
    }
}

/// The one land of a text (a normal-play result, or a land's tree).
fn one_land(t: &str) -> Result<Land> {
    let mut lands = import_lands(t)?;
    match lands.len() {
        1 => Ok(lands.remove(0)),
        n => bail!("a normal-play result needs one land, found {n}"),
    }
}

/// Reads one exported result: a position and its value.
fn import_value(pos: &str, value: &str) -> Result<Entry> {
    let land = one_land;
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
        misere_key_of(TreeId::ZERO, &import_lands(pos)?),
        win,
    ))
}

/// A fresh solver over the database (or memory only).
pub fn solver(args: &DbArgs) -> Result<Solver<Stacked<Backing>>> {
    Ok(Solver::with_store(Stacked::new(args.store()?)))
}
