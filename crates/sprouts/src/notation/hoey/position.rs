//! Hoey position notation (elements 1, 2 and 7): reading and writing.

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::model::{MAX_SPOT, Position, Spot, Variant};
use crate::notation::error::{Invalid, PositionTextError, SyntaxError};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mark {
    None,
    T,
    O,
}

/// Reads a position in Hoey notation, full or abbreviated (normal play; use
/// [`Position::with_variant`] for misère).
///
/// `,` separates sites (`-` is accepted too), `;` boundaries, `/` regions;
/// white space around any of them is ignored. A text that lists every spot
/// `1..=max` once per site, with no mark, and is a valid drawing, is a *full*
/// position and fixes every degree. Any other text is *abbreviated*
/// (`2/1` is an abbreviation: no full position has two lone spots in two
/// regions): a spot that is not listed is dead,
/// a spot listed twice has degree 2, `t` marks a degree-2 spot listed once (a
/// pivot whose other region was left out, or a pier whose two sites became
/// adjacent), `o` a degree-1 spot alone on its boundary, and a spot listed
/// once without a mark has degree 0 when it is alone on its boundary and 1
/// otherwise. A dead spot is either left out or listed at all three sites.
/// The empty text is the position with no region. The next spot number is
/// one more than the largest listed.
///
/// ```
/// use sprouts::notation::hoey;
/// let p = hoey::parse_position("1,8,4,9t,8,5;2").unwrap();
/// assert_eq!(p.degree(9), 2);
/// assert_eq!(p.degree(2), 0);
/// assert_eq!(p.degree(7), 3);
/// assert_eq!(p.next_spot(), 10);
/// ```
pub fn parse_position(text: &str) -> Result<Position, PositionTextError> {
    let regions = parse_structure(text)?;
    let mut max: Spot = 0;
    let mut count: HashMap<Spot, u32> = HashMap::new();
    let mut marks: HashMap<Spot, Mark> = HashMap::new();
    let mut any_mark = false;
    for r in &regions {
        for b in r {
            for &(s, m) in b {
                max = max.max(s);
                *count.entry(s).or_default() += 1;
                if m != Mark::None {
                    any_mark = true;
                    marks.insert(s, m);
                }
            }
        }
    }
    let alone: HashMap<Spot, bool> = regions
        .iter()
        .flatten()
        .filter(|b| b.len() == 1)
        .map(|b| (b[0].0, true))
        .collect();
    let full = !any_mark && (1..=max).all(|s| count.contains_key(&s));
    let mut degrees = vec![3u8; max as usize + 1];
    degrees[0] = 0;
    for (&s, &n) in &count {
        let mark = marks.get(&s).copied().unwrap_or(Mark::None);
        let is_alone = alone.contains_key(&s);
        let d = match (n, mark) {
            (1, Mark::T) => 2,
            (1, Mark::O) if is_alone => 1,
            (1, Mark::O) => {
                return Err(Invalid::MarkedNotAlone(s).into());
            }
            (1, Mark::None) => u8::from(!is_alone),
            (_, Mark::T | Mark::O) => {
                return Err(Invalid::MarkedListed {
                    spot: s,
                    times: n as usize,
                }
                .into());
            }
            (2, _) => 2,
            (3, _) => 3,
            _ => {
                return Err(Invalid::ListedTimes {
                    spot: s,
                    times: n as usize,
                }
                .into());
            }
        };
        degrees[s as usize] = d;
    }
    let sites: Vec<Vec<Vec<Spot>>> = regions
        .into_iter()
        .map(|r| {
            r.into_iter()
                .map(|b| b.into_iter().map(|(s, _)| s).collect())
                .collect()
        })
        .collect();
    // A text that lists every spot at all its sites reads as a full
    // position when it is one; otherwise (dead spots numbered above every
    // live one were left out, as in `2/1`) as an abbreviated one.
    if full {
        if let Ok(p) = Position::new(sites.clone(), degrees.clone(), Variant::Normal) {
            return Ok(p);
        }
    }
    Position::new_abbreviated(sites, degrees, Variant::Normal).map_err(PositionTextError::Model)
}

type Structure = Vec<Vec<Vec<(Spot, Mark)>>>;

fn parse_structure(text: &str) -> Result<Structure, SyntaxError> {
    let bytes = text.as_bytes();
    let mut i = 0;
    let skip_ws = |i: &mut usize| {
        while *i < bytes.len() && bytes[*i].is_ascii_whitespace() {
            *i += 1;
        }
    };
    let found = |i: usize| text.get(i..).and_then(|t| t.chars().next());
    skip_ws(&mut i);
    if i == bytes.len() {
        return Ok(Vec::new());
    }
    let mut regions: Structure = vec![vec![vec![]]];
    loop {
        skip_ws(&mut i);
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        if i == start {
            return Err(SyntaxError::new(i, "a spot number", found(i)));
        }
        let spot: Spot = text[start..i]
            .parse()
            .ok()
            .filter(|&s| s > 0 && s < MAX_SPOT)
            .ok_or_else(|| {
                SyntaxError::new(start, "a spot number from 1 to 1048575", found(start))
            })?;
        let mark = match bytes.get(i) {
            Some(b't') => {
                i += 1;
                Mark::T
            }
            Some(b'o') => {
                i += 1;
                Mark::O
            }
            _ => Mark::None,
        };
        regions
            .last_mut()
            .and_then(|r| r.last_mut())
            .expect("always a current boundary")
            .push((spot, mark));
        skip_ws(&mut i);
        match bytes.get(i) {
            None => break,
            Some(b',' | b'-') => {}
            Some(b';') => regions.last_mut().expect("region").push(Vec::new()),
            Some(b'/') => regions.push(vec![Vec::new()]),
            Some(_) => {
                return Err(SyntaxError::new(
                    i,
                    "',', ';', '/' or the end of the position",
                    found(i),
                ));
            }
        }
        i += 1;
    }
    Ok(regions)
}

impl Position {
    /// The full position in Hoey notation, every site listed, in stored order.
    ///
    /// ```
    /// use sprouts::notation::hoey;
    /// let p = hoey::parse_position("1,6,2,6;3,7,4,7;5").unwrap();
    /// assert_eq!(p.to_hoey_full(), "1,6,2,6;3,7,4,7;5");
    /// ```
    pub fn to_hoey_full(&self) -> String {
        let mut out = String::new();
        for (ri, r) in self.regions().iter().enumerate() {
            if ri > 0 {
                out.push('/');
            }
            for (bi, b) in r.boundaries().iter().enumerate() {
                if bi > 0 {
                    out.push(';');
                }
                for (si, s) in b.sites().iter().enumerate() {
                    if si > 0 {
                        out.push(',');
                    }
                    let _ = write!(out, "{s}");
                }
            }
        }
        out
    }

    /// The abbreviated position in Hoey notation (element 2): dead spots left
    /// out, each boundary written from its least rotation, `o` on a degree-1
    /// spot alone on its boundary, `t` on a pivot listed in one region only
    /// and on a pier whose two sites became adjacent (listed once), and
    /// regions whose spots have fewer than two lives in all left out.
    /// Boundaries and regions keep their stored order. A position with no
    /// region left is the empty text.
    ///
    /// ```
    /// use sprouts::notation::hoey;
    /// let p = hoey::parse_position("1,6,8,7,4,7,3,9,3,7,8,6,5,6;2/3,9").unwrap();
    /// assert_eq!(p.to_hoey(), "1,8,4,9t,8,5;2");
    /// ```
    pub fn to_hoey(&self) -> String {
        // Live boundaries of each region, and which regions are kept.
        let mut kept: Vec<Vec<Vec<Spot>>> = Vec::new();
        for r in self.regions() {
            let bs: Vec<Vec<Spot>> = r
                .boundaries()
                .iter()
                .map(|b| {
                    b.sites()
                        .iter()
                        .copied()
                        .filter(|&s| self.is_live(s))
                        .collect::<Vec<_>>()
                })
                .filter(|b: &Vec<Spot>| !b.is_empty())
                .collect();
            let mut spots: Vec<Spot> = bs.iter().flatten().copied().collect();
            spots.sort_unstable();
            spots.dedup();
            let lives: u32 = spots.iter().map(|&s| self.spot_lives(s) as u32).sum();
            if lives >= 2 {
                kept.push(bs);
            }
        }
        let mut listed: HashMap<Spot, u32> = HashMap::new();
        for &s in kept.iter().flatten().flatten() {
            *listed.entry(s).or_default() += 1;
        }
        let mut out = String::new();
        for (ri, r) in kept.iter().enumerate() {
            if ri > 0 {
                out.push('/');
            }
            for (bi, b) in r.iter().enumerate() {
                if bi > 0 {
                    out.push(';');
                }
                let mut b = b.clone();
                let mut collapsed: Vec<Spot> = Vec::new();
                // A pier whose two sites are adjacent is listed once.
                while b.len() >= 2 {
                    let n = b.len();
                    match (0..n).find(|&k| b[k] == b[(k + 1) % n] && self.degree(b[k]) == 2) {
                        Some(k) => {
                            collapsed.push(b[k]);
                            b.remove(k);
                        }
                        None => break,
                    }
                }
                let b = crate::model::least_rotation(&b);
                let alone = b.len() == 1;
                for (si, &s) in b.iter().enumerate() {
                    if si > 0 {
                        out.push(',');
                    }
                    let _ = write!(out, "{s}");
                    let d = self.degree(s);
                    if d == 2 && (collapsed.contains(&s) || listed.get(&s) == Some(&1)) {
                        out.push('t');
                    } else if d == 1 && alone {
                        out.push('o');
                    }
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn element_1_and_2_example() {
        let p = parse_position("1,6,8,7,4,7,3,9,3,7,8,6,5,6;2/3,9").unwrap();
        assert!(p.is_complete());
        assert_eq!(p.start_spots(), Some(5));
        assert_eq!(p.to_hoey_full(), "1,6,8,7,4,7,3,9,3,7,8,6,5,6;2/3,9");
        assert_eq!(p.to_hoey(), "1,8,4,9t,8,5;2");
        let q = parse_position("1,8,4,9t,8,5;2").unwrap();
        assert!(!q.is_complete());
        assert_eq!(q.to_hoey(), "1,8,4,9t,8,5;2");
        assert_eq!(
            q.reduced().regions(),
            &[vec![vec![1, 8, 4, 9, 8, 5], vec![2]]]
        );
    }

    #[test]
    fn dash_separator_and_spaces() {
        let p = parse_position(" 1-6-2-8;3-9-4-7 / 1-8-2-6/3-7-4-9;5 ").unwrap();
        let q = parse_position("1,8,2,6/3,9,4,7;2,8,1,6/4,9,3,7;5").unwrap();
        assert_eq!(p, q);
    }

    #[test]
    fn marks() {
        let p = parse_position("4o;2").unwrap();
        assert_eq!((p.degree(4), p.degree(2), p.degree(1)), (1, 0, 3));
        assert_eq!(p.to_hoey(), "4o;2");
        assert_eq!(
            parse_position("1o,2").unwrap_err().to_string(),
            "invalid position: spot 1 is marked o but is not alone on its boundary"
        );
        assert_eq!(
            parse_position("1,1,1,1").unwrap_err().to_string(),
            "invalid position: spot 1 is listed 4 times (a spot has at most 3 sites)"
        );
        assert_eq!(
            parse_position("1,2;").unwrap_err().to_string(),
            "at byte 4: expected a spot number, found the end of the text"
        );
        assert_eq!(
            parse_position("1,2x").unwrap_err().to_string(),
            "at byte 3: expected ',', ';', '/' or the end of the position, found 'x'"
        );
    }

    #[test]
    fn adjacent_pier_is_collapsed() {
        // 1-3-2; 1-4-3 from 2 spots... build by hand: boundary 2,3,1,4,1,3 wait
        // A pier 5 whose neighbours are dead: 3,5,3? Use an abbreviated text.
        let p = parse_position("1,5t,2").unwrap();
        assert_eq!(p.degree(5), 2);
        assert_eq!(p.to_hoey(), "1,5t,2");
    }
}
