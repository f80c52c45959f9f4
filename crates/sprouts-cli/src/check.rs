//! `sprouts check`: checks a certificate (a proof of a normal-play result
//! as losing couples) with move generation and lookups only.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow};
use indicatif::{ProgressBar, ProgressStyle};
use sprouts::solve::{
    Certificate, Checked, ExactCanon, MisereCertificate, Progress, PseudoCanon, SpotsDatabase,
};
use sprouts_store::check::{FileCheckOptions, check_file};

use crate::output;

/// Check a certificate: a proof of a result that `sprouts solve
/// --certificate FILE` writes, or another program's list of losing
/// positions with a nimber heap (a `[Positions+Nimber]` line, then one
/// `POSITION HEAP` a line, as SPOTS and GLOP write them). SPOTS's
/// databases are read as SPOTS writes them (its notation, its names of
/// lands: docs/certificates.md#spots).
///
/// Each couple (a land plus a nim heap) claims a loss for the player to
/// move. The check makes every move of every listed land and looks the
/// children up among the listed couples; it searches nothing. It prints
/// the couples checked and, when the header names one, the position and its
/// nimber; on failure, the first couple that does not hold, in GLOP 2, with
/// its line and why (exit status 1). A misère certificate (a
/// `[Misere_Positions+Trees]` line) lists losing positions with the
/// canonical trees of their small lands, checked the same way; it prints
/// what was checked and the position's outcome. Details:
/// docs/certificates.md.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  sprouts solve --spots 11 --certificate 11.cert
  sprouts check 11.cert
  sprouts check --exact spots-database.txt
  sprouts check --index big.index big-database.txt")]
pub struct Args {
    /// The certificate (`-`: standard input).
    #[arg(value_name = "FILE")]
    file: PathBuf,

    /// Find lands by their exact canonical form (slower; what another
    /// program's file needs, and the default for one, since it may write a
    /// land in any of its layouts). This program's certificates are checked
    /// with the solver's own land keys unless this is given.
    #[arg(long)]
    exact: bool,

    /// Check a file too large for memory: read it once into this index on
    /// disk (made if missing), then check its lines from the index. A check
    /// that is stopped resumes from the index when run again on the same
    /// file. Normal-play certificates only (docs/certificates.md#large).
    #[arg(long, value_name = "INDEX")]
    index: Option<PathBuf>,
}

/// The text of a certificate file (`-`: standard input).
fn read_text(file: &Path) -> Result<String> {
    let name = file.display();
    let mut bytes = Vec::new();
    if file.as_os_str() == "-" {
        io::stdin().lock().read_to_end(&mut bytes)?;
    } else {
        bytes = std::fs::read(file).with_context(|| format!("cannot read {name}"))?;
    }
    String::from_utf8(bytes).map_err(|e| {
        anyhow!(
            "{name}: not UTF-8 text (at byte {})",
            e.utf8_error().valid_up_to()
        )
    })
}

/// A bar on standard error once a check has taken a second: how many of
/// `what` (couples, entries) are done.
pub struct Bar {
    start: Instant,
    what: &'static str,
    bar: Option<ProgressBar>,
}

impl Bar {
    pub fn new(what: &'static str) -> Bar {
        Bar {
            start: Instant::now(),
            what,
            bar: None,
        }
    }

    pub fn tell(&mut self, done: usize, total: usize) {
        if self.bar.is_none() && self.start.elapsed() >= Duration::from_secs(1) {
            let b = ProgressBar::new(total as u64);
            let template = format!(
                "{{bar:40}} {{pos}}/{{len}} {} {{elapsed}} (eta {{eta}})",
                self.what
            );
            b.set_style(
                ProgressStyle::with_template(&template)
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            self.bar = Some(b);
        }
        if let Some(b) = &self.bar {
            b.set_position(done as u64);
        }
    }
}

/// The file checker's progress: bytes read, then lines checked.
struct FileBar {
    reading: Bar,
    checking: Bar,
}

impl Progress for FileBar {
    fn read(&mut self, bytes: u64, total: u64) {
        self.reading.tell(bytes as usize, total as usize);
    }
    fn checked(&mut self, lines: u64, total: u64) {
        self.reading
            .bar
            .take()
            .inspect(ProgressBar::finish_and_clear);
        self.checking.tell(lines as usize, total as usize);
    }
}

/// Checks a certificate with an index on disk, and writes what it proves
/// as [`run`] does.
fn run_indexed(args: &Args, index: &Path, start: Instant) -> Result<()> {
    let name = || args.file.display().to_string();
    if args.file.as_os_str() == "-" {
        return Err(anyhow!("--index needs a file, not standard input"));
    }
    let mut bar = FileBar {
        reading: Bar::new("bytes read"),
        checking: Bar::new("couples"),
    };
    let options = FileCheckOptions {
        exact: args.exact,
        max_lines: None,
    };
    let done = check_file(&args.file, index, &options, &mut bar).with_context(name)?;
    drop(bar);
    if done.resumed > 0 {
        eprintln!(
            "resumed after {} couples checked before (index {})",
            done.resumed,
            index.display()
        );
    }
    write_checked(done.lines, done.claim.as_ref(), done.children, start)
}

/// Writes what a check of normal play proved: the couples checked, the
/// claim (position and nimber, or a win), the children looked at, the time.
fn write_checked(
    lines: impl std::fmt::Display,
    claim: Option<&sprouts::solve::Claim>,
    children: u64,
    start: Instant,
) -> Result<()> {
    let mut out = output::stdout();
    writeln!(out, "checked\t{lines} couples")?;
    if let Some(c) = claim {
        writeln!(out, "position\t{}", shown(&c.position))?;
        if c.win_only {
            writeln!(out, "outcome\twin for the player to move")?;
        } else {
            writeln!(
                out,
                "nimber\t{} ({} for the player to move)",
                c.nimber,
                if c.nimber == 0 { "loss" } else { "win" }
            )?;
        }
    }
    writeln!(out, "children\t{children}")?;
    writeln!(out, "seconds\t{:.3}", start.elapsed().as_secs_f64())?;
    out.flush()?;
    Ok(())
}

impl Drop for Bar {
    fn drop(&mut self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}

/// Checks a certificate with the land keys it needs (see [`Args::exact`]),
/// with a progress bar.
pub fn check(cert: &Certificate, exact: bool) -> Result<Checked> {
    let mut bar = Bar::new("couples");
    let mut tell = |done, total| bar.tell(done, total);
    let checked = if exact {
        cert.check(&ExactCanon, &mut tell)
    } else {
        cert.check_with_own_keys(&mut tell)
    };
    Ok(checked?)
}

/// Reads and checks a normal-play certificate: SPOTS's database (see
/// [`SpotsDatabase::is_spots`]; its lands found as SPOTS names them), or
/// this program's certificate or another program's list. Gives what it
/// proves and whether the certificate was this program's (its land keys
/// are then the solver's).
pub fn check_text(text: &str, exact: bool) -> Result<(Checked, bool)> {
    if SpotsDatabase::is_spots(text) {
        let db: SpotsDatabase = text.parse()?;
        let mut bar = Bar::new("couples");
        let checked = db.check(&mut |done, total| bar.tell(done, total))?;
        return Ok((checked, false));
    }
    let cert: Certificate = text.parse()?;
    Ok((check(&cert, exact)?, cert.ours))
}

/// Checks a misère certificate, and writes what it proves.
fn run_misere(args: &Args, text: &str, start: Instant) -> Result<()> {
    let name = || args.file.display().to_string();
    let cert: MisereCertificate = text.parse().with_context(name)?;
    let mut bar = Bar::new("lines");
    let mut tell = |done, total| bar.tell(done, total);
    let checked = if args.exact {
        cert.check(&ExactCanon, &mut tell)
    } else {
        cert.check(&PseudoCanon, &mut tell)
    }
    .with_context(name)?;
    drop(bar);
    let mut out = output::stdout();
    writeln!(
        out,
        "checked\t{} losses, {} land trees, {} trees",
        checked.losses, checked.land_trees, checked.trees
    )?;
    if let Some(c) = &checked.claim {
        writeln!(out, "position\t{}", shown(&c.position))?;
        writeln!(
            out,
            "outcome\t{} for the player to move (misere)",
            if c.win { "win" } else { "loss" }
        )?;
    }
    writeln!(out, "children\t{}", checked.children)?;
    writeln!(out, "seconds\t{:.3}", start.elapsed().as_secs_f64())?;
    out.flush()?;
    Ok(())
}

/// A proved position as the output writes it (the end of the game has a
/// name of its own).
fn shown(position: &str) -> &str {
    if position.is_empty() {
        output::NO_LIVE_REGION
    } else {
        position
    }
}

pub fn run(args: &Args) -> Result<()> {
    let start = Instant::now();
    if let Some(index) = &args.index {
        return run_indexed(args, index, start);
    }
    let text = read_text(&args.file)?;
    if MisereCertificate::is_misere(&text) {
        return run_misere(args, &text, start);
    }
    let (checked, _) =
        check_text(&text, args.exact).with_context(|| args.file.display().to_string())?;
    write_checked(
        checked.lines,
        checked.claim.as_ref(),
        checked.children,
        start,
    )
}
