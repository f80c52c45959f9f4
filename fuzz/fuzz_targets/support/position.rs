//! What the position-library fuzz targets share: read any text or fail
//! cleanly; a position that reads is written, read back to the same
//! canonical form, and played (on any surface).

use sprouts::canon::canonical;
use sprouts::model::Position;

/// Checks one input against a reader and the matching writer.
pub fn check_position_text<E>(
    data: &[u8],
    read: impl Fn(&str) -> Result<Position, E>,
    write: impl Fn(&Position) -> String,
) where
    E: std::fmt::Debug,
{
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(p) = read(text) else {
        return;
    };
    // The canonical form is not linear on huge symmetric lands (canon's
    // docs): keep each run short.
    let sites: usize = p
        .regions()
        .iter()
        .flat_map(|r| r.boundaries())
        .map(|b| b.len())
        .sum();
    if sites > 20_000 {
        let _ = write(&p);
        return;
    }
    let c = canonical(&p);
    let written = write(&p);
    let q = read(&written).expect("a written text reads back");
    assert_eq!(canonical(&q), c);
    let k = sprouts::notation::neoglop::parse_position(&c.to_string())
        .expect("a canonical text reads");
    assert_eq!(canonical(&k), c);
    for m in p.legal_moves().take(8) {
        let after = p.play(&m).expect("listed moves are legal");
        let _ = canonical(&after);
    }
    // Off the plane moves are listed by the positions they leave (few
    // boundaries only: their number grows as two to the boundaries).
    let boundaries: usize = p.regions().iter().map(|r| r.boundaries().len()).sum();
    if p.is_on_surface() && boundaries <= 8 {
        if let Ok(kids) = p.children() {
            for k in kids.iter().take(8) {
                let _ = canonical(k);
            }
        }
    }
}
