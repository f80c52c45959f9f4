//! What the move-text fuzz targets share: the positions every parsed move
//! is resolved against, and the checks made on it.

use std::fmt::{Debug, Display};
use std::str::FromStr;
use std::sync::OnceLock;

use sprouts::model::{Move, MoveError, Position, Variant};
use sprouts::notation::hoey::parse_position;

/// A few positions with joins, splits, pivots, piers and an abbreviation.
pub fn positions() -> &'static [Position] {
    static POSITIONS: OnceLock<Vec<Position>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        let mut out = vec![
            Position::start(1, Variant::Normal),
            Position::start(5, Variant::Normal),
        ];
        // The list the robustness tests resolve move texts against.
        for text in include_str!("../../../crates/sprouts/tests/data/move-positions.txt").lines() {
            out.push(parse_position(text).expect("fixed positions read"));
        }
        out
    })
}

/// Any text parses or fails cleanly; a parsed move is written back the
/// same, and resolves (or fails cleanly) against every position; a resolved
/// move is legal and its canonical text reads back to the same move.
pub fn check_move_text<T, E>(
    data: &[u8],
    to_move: impl Fn(&T, &Position) -> Result<Move, E>,
    from_move: impl Fn(&Position, &Move) -> Result<T, MoveError>,
) where
    T: FromStr + Display + PartialEq + Debug,
    T::Err: Debug,
{
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(parsed) = text.parse::<T>() else {
        return;
    };
    assert_eq!(parsed.to_string().parse::<T>().ok().as_ref(), Some(&parsed));
    for p in positions() {
        if let Ok(m) = to_move(&parsed, p) {
            p.play(&m).expect("a resolved move is legal");
            let canon = from_move(p, &m).expect("a resolved move writes");
            let back = to_move(&canon, p)
                .ok()
                .expect("the canonical text reads back");
            assert!(p.same_move(&back, &m), "{canon} for {parsed}");
        }
    }
}
