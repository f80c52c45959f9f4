//! SVG output: fixed formatting, so the same drawing gives the same bytes.

use std::fmt::Write as _;

use super::{Drawing, Piece, Point};
use crate::model::Spot;

/// How to write a drawing as SVG.
///
/// ```
/// use sprouts::draw::SvgOptions;
/// let o = SvgOptions { highlight: Some(9), ..SvgOptions::default() };
/// assert_eq!(o.size, 720.0);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct SvgOptions {
    /// The spot made by the move to highlight (it and its lines are drawn in red).
    pub highlight: Option<Spot>,
    /// A caption written under the drawing.
    pub title: Option<String>,
    /// Width and height of the picture, in pixels, before it is enlarged to
    /// keep close spots apart.
    pub size: f64,
}

impl Default for SvgOptions {
    fn default() -> Self {
        SvgOptions {
            highlight: None,
            title: None,
            size: 720.0,
        }
    }
}

/// Spot radius, label size and the least distance between two spots, in pixels.
const SPOT_R: f64 = 5.0;
const FONT: f64 = 13.0;
const MIN_GAP: f64 = 26.0;
const MAX_SIZE: f64 = 4000.0;
const MARGIN: f64 = 28.0;

fn num(x: f64) -> String {
    let s = format!("{x:.2}");
    if s == "-0.00" { "0.00".to_string() } else { s }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

impl Drawing {
    /// The drawing as an SVG document (`y` down the page; live spots
    /// filled, dead spots hollow, the highlighted move in red).
    ///
    /// ```
    /// use sprouts::draw::{draw, SvgOptions};
    /// use sprouts::model::Position;
    /// let svg = draw(&Position::start(2, Default::default())).unwrap().to_svg(&SvgOptions::default());
    /// assert!(svg.contains(">1</text>") && svg.contains(">2</text>"));
    /// ```
    pub fn to_svg(&self, options: &SvgOptions) -> String {
        // Bounding box of everything drawn.
        let mut pts: Vec<Point> = self.spots.iter().map(|s| s.at).collect();
        for l in &self.lines {
            pts.push(l.start);
            for p in &l.pieces {
                match *p {
                    Piece::Line(a) => pts.push(a),
                    Piece::Quad(c, a) => {
                        pts.push(c);
                        pts.push(a);
                    }
                }
            }
        }
        let (mut x0, mut y0, mut x1, mut y1) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
        if let Some(first) = pts.first() {
            (x0, y0, x1, y1) = (first.x, first.y, first.x, first.y);
        }
        for p in &pts {
            x0 = x0.min(p.x);
            x1 = x1.max(p.x);
            y0 = y0.min(p.y);
            y1 = y1.max(p.y);
        }
        let extent = (x1 - x0).max(y1 - y0).max(1e-9);
        let mut scale = (options.size - 2.0 * MARGIN).max(10.0) / extent;
        // Enlarge so that the closest two spots are MIN_GAP apart, within reason.
        let mut closest = f64::INFINITY;
        for (i, a) in self.spots.iter().enumerate() {
            for b in &self.spots[i + 1..] {
                closest = closest.min(a.at.dist(b.at));
            }
        }
        if closest.is_finite() && closest > 0.0 && closest * scale < MIN_GAP {
            scale = (MIN_GAP / closest).min((MAX_SIZE - 2.0 * MARGIN) / extent);
        }
        if self.spots.len() <= 1 {
            scale = 1.0;
        }
        // A drawing with a frame is shown at the frame's scale, so that
        // every picture of a game has the same size.
        if let Some((lo, hi)) = self.frame {
            (x0, y0, x1, y1) = (lo.x, lo.y, hi.x, hi.y);
            scale = (options.size - 2.0 * MARGIN).max(10.0) / (x1 - x0).max(y1 - y0).max(1e-9);
        }
        let content = (x1 - x0) * scale + 2.0 * MARGIN;
        // Wide enough for the caption (about 0.6 em a character), unless
        // the size is fixed by a frame.
        let caption = options.title.as_ref().map_or(0.0, |t| {
            t.chars().count() as f64 * 14.0 * 0.6 + 2.0 * MARGIN
        });
        let w = if self.frame.is_some() {
            content
        } else {
            content.max(caption)
        };
        let left = MARGIN + (w - content) / 2.0;
        // A framed picture keeps the caption's room even without one.
        let caption_room = options.title.is_some() || self.frame.is_some();
        let h = (y1 - y0) * scale + 2.0 * MARGIN + if caption_room { 24.0 } else { 0.0 };
        let tx = |p: Point| (left + (p.x - x0) * scale, MARGIN + (y1 - p.y) * scale);
        let mut out = String::new();
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" font-family=\"sans-serif\">",
            num(w),
            num(h),
            num(w),
            num(h)
        );
        out.push_str("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        let hl = options.highlight;
        let is_hl = |l: &super::Line| hl.is_some_and(|s| l.from == s || l.to == s);
        out.push_str(
            "<g fill=\"none\" stroke=\"#1f2a44\" stroke-width=\"2\" stroke-linecap=\"round\">\n",
        );
        let mut highlighted = String::new();
        for l in &self.lines {
            let mut d = String::new();
            let (sx, sy) = tx(l.start);
            let _ = write!(d, "M{} {}", num(sx), num(sy));
            for p in &l.pieces {
                match *p {
                    Piece::Line(a) => {
                        let (ax, ay) = tx(a);
                        let _ = write!(d, " L{} {}", num(ax), num(ay));
                    }
                    Piece::Quad(c, a) => {
                        let (cx, cy) = tx(c);
                        let (ax, ay) = tx(a);
                        let _ = write!(d, " Q{} {} {} {}", num(cx), num(cy), num(ax), num(ay));
                    }
                }
            }
            let line = format!(
                "<path d=\"{d}\" data-from=\"{}\" data-to=\"{}\"{}/>\n",
                l.from,
                l.to,
                if is_hl(l) {
                    " stroke=\"#d62728\" stroke-width=\"3\""
                } else {
                    ""
                }
            );
            if is_hl(l) {
                highlighted.push_str(&line);
            } else {
                out.push_str(&line);
            }
        }
        out.push_str(&highlighted);
        out.push_str("</g>\n");
        // Spots, then labels placed in the widest gap between a spot's lines
        // (or elsewhere around the spot when a curve passes there).
        let chords: Vec<Chord> = self
            .lines
            .iter()
            .flat_map(|l| {
                let poly: Vec<(f64, f64)> = l.flatten(4).into_iter().map(tx).collect();
                poly.windows(2).map(|w| (w[0], w[1])).collect::<Vec<_>>()
            })
            .collect();
        let centres: Vec<(f64, f64)> = self.spots.iter().map(|s| tx(s.at)).collect();
        let mut labels = String::new();
        // The boxes of the labels placed so far: centre and width.
        let mut placed: Vec<(f64, f64, f64)> = Vec::new();
        for s in &self.spots {
            let (cx, cy) = tx(s.at);
            let red = hl == Some(s.spot);
            let (fill, stroke) = match (s.live, red) {
                (true, true) => ("#d62728", "#d62728"),
                (true, false) => ("#1f2a44", "#1f2a44"),
                (false, true) => ("white", "#d62728"),
                (false, false) => ("white", "#8a8f99"),
            };
            let _ = writeln!(
                out,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"2\" data-spot=\"{}\" data-live=\"{}\"/>",
                num(cx),
                num(cy),
                num(SPOT_R),
                s.spot,
                s.live
            );
            let off = SPOT_R + FONT * 0.75;
            let width = label_width(s.spot);
            let (lx, ly) = label_place(
                (cx, cy),
                self.label_direction(s.spot, s.at),
                off,
                &chords,
                &centres,
                (&placed, width),
            );
            placed.push((lx, ly, width));
            let color = if red {
                "#d62728"
            } else if s.live {
                "#1f2a44"
            } else {
                "#8a8f99"
            };
            let _ = writeln!(
                labels,
                "<text x=\"{}\" y=\"{}\" fill=\"{color}\">{}</text>",
                num(lx),
                num(ly + FONT * 0.35),
                s.spot
            );
        }
        let _ = writeln!(
            out,
            "<g font-size=\"{}\" text-anchor=\"middle\" stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\">",
            num(FONT)
        );
        out.push_str(&labels);
        out.push_str("</g>\n");
        if let Some(t) = &options.title {
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" font-size=\"14\" text-anchor=\"middle\">{}</text>",
                num(w / 2.0),
                num(h - 10.0),
                escape(t)
            );
        }
        out.push_str("</svg>\n");
        out
    }

    /// A unit vector (y up) pointing into the widest gap between the lines at a spot.
    fn label_direction(&self, spot: Spot, at: Point) -> Point {
        let mut angles: Vec<f64> = Vec::new();
        for l in &self.lines {
            let poly = l.flatten(4);
            if l.from == spot {
                if let Some(p) = poly.iter().find(|p| p.dist(at) > 1e-9) {
                    angles.push((p.y - at.y).atan2(p.x - at.x));
                }
            }
            if l.to == spot {
                if let Some(p) = poly.iter().rev().find(|p| p.dist(at) > 1e-9) {
                    angles.push((p.y - at.y).atan2(p.x - at.x));
                }
            }
        }
        if angles.is_empty() {
            return Point::new(0.6, 0.8);
        }
        angles.sort_by(f64::total_cmp);
        let mut best = (0.0, angles[0] + std::f64::consts::PI);
        for i in 0..angles.len() {
            let a = angles[i];
            let b = if i + 1 < angles.len() {
                angles[i + 1]
            } else {
                angles[0] + std::f64::consts::TAU
            };
            if b - a > best.0 {
                best = (b - a, (a + b) / 2.0);
            }
        }
        Point::new(best.1.cos(), best.1.sin())
    }
}

/// A straight piece of a flattened curve, in pixels.
type Chord = ((f64, f64), (f64, f64));

/// The width of a spot's label, in pixels (about 0.6 em a digit).
fn label_width(spot: Spot) -> f64 {
    spot.to_string().len() as f64 * FONT * 0.6
}

/// Whether a label box (centre, width; one font size high) overlaps another.
fn overlaps(c: (f64, f64), width: f64, placed: &[(f64, f64, f64)]) -> bool {
    placed
        .iter()
        .any(|&(x, y, w)| (c.0 - x).abs() < (width + w) / 2.0 && (c.1 - y).abs() < FONT)
}

/// Where a label goes (pixels), clear of the labels placed before it: as
/// [`label_near`], or, when that spot is taken, the first place farther out
/// (1.6 and 2.3 times as far) clear of curves, spots and labels, else the
/// clearest place free of labels.
fn label_place(
    at: (f64, f64),
    preferred: Point,
    off: f64,
    chords: &[Chord],
    centres: &[(f64, f64)],
    (placed, width): (&[(f64, f64, f64)], f64),
) -> (f64, f64) {
    let first = label_near(at, preferred, off, chords, centres, &|_| true);
    if !overlaps(first, width, placed) {
        return first;
    }
    let free = |c: (f64, f64)| !overlaps(c, width, placed);
    for k in [1.0, 1.6, 2.3] {
        let c = label_near(at, preferred, off * k, chords, centres, &free);
        if free(c) {
            return c;
        }
    }
    first
}

/// The first of the preferred direction and twelve others around the spot,
/// at distance `off`, allowed by `ok` and whose label box is clear of every
/// curve and other spot, or else the clearest allowed (or the preferred).
fn label_near(
    at: (f64, f64),
    preferred: Point,
    off: f64,
    chords: &[Chord],
    centres: &[(f64, f64)],
    ok: &dyn Fn((f64, f64)) -> bool,
) -> (f64, f64) {
    let clear_enough = FONT * 0.7;
    let dist = |p: (f64, f64), a: (f64, f64), b: (f64, f64)| {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len2 = dx * dx + dy * dy;
        let t = if len2 > 0.0 {
            (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0)
        } else {
            0.0
        };
        ((p.0 - a.0 - t * dx).powi(2) + (p.1 - a.1 - t * dy).powi(2)).sqrt()
    };
    let mut best = (
        f64::NEG_INFINITY,
        (at.0 + preferred.x * off, at.1 - preferred.y * off),
    );
    let base = preferred.y.atan2(preferred.x);
    for i in 0..13 {
        let angle = if i == 0 {
            base
        } else {
            base + std::f64::consts::TAU * i as f64 / 13.0
        };
        let c = (at.0 + angle.cos() * off, at.1 - angle.sin() * off);
        if !ok(c) {
            continue;
        }
        let mut clearance = f64::INFINITY;
        for &(a, b) in chords {
            clearance = clearance.min(dist(c, a, b));
        }
        for &q in centres {
            if q != at {
                clearance =
                    clearance.min(((c.0 - q.0).powi(2) + (c.1 - q.1).powi(2)).sqrt() - SPOT_R);
            }
        }
        if clearance >= clear_enough {
            return c;
        }
        if clearance > best.0 {
            best = (clearance, c);
        }
    }
    best.1
}
