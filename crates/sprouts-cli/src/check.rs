//! `sprouts check`: checks a certificate (a proof of a normal-play result
//! as losing couples) with move generation and lookups only.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow};
use indicatif::{ProgressBar, ProgressStyle};
use sprouts::solve::{
    Certificate, Checked, ExactCanon, MisereCertificate, PseudoCanon, SpotsDatabase,
};

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
  sprouts check --exact spots-database.txt")]
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
    let checked = if exact || !cert.ours {
        cert.check(&ExactCanon, &mut tell)
    } else {
        cert.check(&PseudoCanon, &mut tell)
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
    let text = read_text(&args.file)?;
    if MisereCertificate::is_misere(&text) {
        return run_misere(args, &text, start);
    }
    let (checked, _) =
        check_text(&text, args.exact).with_context(|| args.file.display().to_string())?;
    let mut out = output::stdout();
    writeln!(out, "checked\t{} couples", checked.lines)?;
    if let Some(c) = &checked.claim {
        writeln!(out, "position\t{}", shown(&c.position))?;
        writeln!(
            out,
            "nimber\t{} ({} for the player to move)",
            c.nimber,
            if c.nimber == 0 { "loss" } else { "win" }
        )?;
    }
    writeln!(out, "children\t{}", checked.children)?;
    writeln!(out, "seconds\t{:.3}", start.elapsed().as_secs_f64())?;
    out.flush()?;
    Ok(())
}
