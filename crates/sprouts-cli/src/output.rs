//! What the commands share: the text form of a position, the JSON shapes and
//! the output stream.

use std::io::{self, BufWriter, StdoutLock, Write};

use anyhow::Result;
use serde::Serialize;
use sprouts::model::{Position, Purvis};

/// Printed in text output for a position whose text is empty: an abbreviated
/// position with no region where a move is left (the game is over), or a
/// position with no region at all. JSON output keeps the empty string.
/// Every command reads it back as that position.
pub use sprouts::notation::NO_LIVE_REGION;

/// The position in Hoey notation, full or abbreviated, as JSON carries it
/// (possibly empty).
pub fn hoey(pos: &Position, full: bool) -> String {
    if full {
        pos.to_hoey_full()
    } else {
        pos.to_hoey()
    }
}

/// The position as text output shows it: [`hoey`], or [`NO_LIVE_REGION`]
/// for the empty text.
pub fn shown(hoey: String) -> String {
    if hoey.is_empty() {
        NO_LIVE_REGION.to_string()
    } else {
        hoey
    }
}

/// `{"hoey": ..., "hoey_full": ...}`.
#[derive(Debug, Serialize)]
pub struct PositionJson {
    /// Abbreviated Hoey text (`""` when no live region is left).
    pub hoey: String,
    /// Full Hoey text, every site listed.
    pub hoey_full: String,
}

impl PositionJson {
    pub fn of(pos: &Position) -> PositionJson {
        PositionJson {
            hoey: pos.to_hoey(),
            hoey_full: pos.to_hoey_full(),
        }
    }
}

/// Danny Purvis's figures for a position.
#[derive(Debug, Serialize)]
pub struct PurvisJson {
    pub lives: u32,
    /// `null` when the start of the game is unknown.
    pub moves_made: Option<u32>,
    pub moves_left_min: u32,
    pub moves_left_max: u32,
    pub cannibals: u32,
}

impl From<Purvis> for PurvisJson {
    fn from(p: Purvis) -> PurvisJson {
        PurvisJson {
            lives: p.lives,
            moves_made: p.moves_made,
            moves_left_min: p.moves_left_min,
            moves_left_max: p.moves_left_max,
            cannibals: p.cannibals,
        }
    }
}

/// Buffered standard output. Writes fail with `BrokenPipe` when the reader
/// goes away; `main` then exits quietly.
pub fn stdout() -> BufWriter<StdoutLock<'static>> {
    BufWriter::new(io::stdout().lock())
}

/// Writes one value as compact JSON followed by a newline.
pub fn json_line<W: Write, T: Serialize>(out: &mut W, value: &T) -> Result<()> {
    serde_json::to_writer(&mut *out, value).map_err(io::Error::from)?;
    out.write_all(b"\n")?;
    Ok(())
}

/// Writes one value as compact JSON (no newline), for output built piece
/// by piece.
pub fn json<W: Write, T: Serialize + ?Sized>(out: &mut W, value: &T) -> Result<()> {
    serde_json::to_writer(&mut *out, value).map_err(io::Error::from)?;
    Ok(())
}
