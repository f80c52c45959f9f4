//! Planar drawings of positions, as geometry and as SVG.
//!
//! [`draw`] turns a complete [`Position`] into a [`Drawing`]: a point for
//! every spot and a smooth curve for every line, such that the regions of
//! the drawing are exactly the position's regions, each boundary read in
//! left-hand order (docs/notations.md#vocabulary) with `y` pointing up. The SVG
//! ([`Drawing::to_svg`]) shows it with `y` pointing down the page, turned so
//! that the left-hand order reads the same on screen.
//!
//! How: the position's sites give a planar map (spots, the two sides of
//! each line, faces = boundaries), checked against the position; the
//! pieces lying in one region are joined by dummy lines, every line is bent
//! at two dummy points, and every face is triangulated with dummy vertices.
//! The triangulation is placed on a grid by the shift method of de
//! Fraysseix, Pach and Pollack (Tutte's barycentric placement if that
//! fails), which never crosses two edges. The dummies are then dropped and
//! the spots and bend points spread out by forces, each move made only if
//! it sweeps over nothing, so no two lines ever cross and the order of the
//! lines around each spot never changes. Each line is drawn through its
//! bend points with its corners rounded inside discs that meet nothing
//! else. Output is deterministic: the same position gives the same bytes.
//!
//! ```
//! use sprouts::draw::{draw, SvgOptions};
//! use sprouts::notation::transcript::Transcript;
//! let end = "5+ 1-6-2; 3-7-4; 1-8-2>".parse::<Transcript>().unwrap().replay().unwrap();
//! let drawing = draw(end.position()).unwrap();
//! assert_eq!(drawing.spots().len(), 8);
//! assert_eq!(drawing.lines().len(), 6);
//! let svg = drawing.to_svg(&SvgOptions { highlight: Some(8), ..SvgOptions::default() });
//! assert!(svg.starts_with("<svg"));
//! ```

mod grow;
mod layout;
mod map;
mod svg;

use std::fmt;

use crate::model::{Move, Position, Spot};

pub use svg::SvgOptions;

/// The largest number of spots [`draw`] accepts.
pub const MAX_DRAW_SPOTS: usize = 3000;

/// A point of the drawing (`y` pointing up).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Point {
    /// Horizontal coordinate.
    pub x: f64,
    /// Vertical coordinate, up.
    pub y: f64,
}

impl Point {
    /// A point from its coordinates.
    ///
    /// ```
    /// use sprouts::draw::Point;
    /// assert_eq!(Point::new(1.0, 2.0).y, 2.0);
    /// ```
    pub fn new(x: f64, y: f64) -> Point {
        Point { x, y }
    }

    fn lerp(self, to: Point, t: f64) -> Point {
        Point::new(self.x + (to.x - self.x) * t, self.y + (to.y - self.y) * t)
    }

    fn dist(self, to: Point) -> f64 {
        ((to.x - self.x).powi(2) + (to.y - self.y).powi(2)).sqrt()
    }
}

/// One piece of a curve, from where the previous piece ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Piece {
    /// A straight segment to the point.
    Line(Point),
    /// A quadratic Bézier curve: control point, then end point.
    Quad(Point, Point),
}

/// A spot of the drawing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpotMark {
    /// The spot's number.
    pub spot: Spot,
    /// Where it is drawn.
    pub at: Point,
    /// Whether it still has a life (dead spots are drawn hollow).
    pub live: bool,
}

/// A line of the drawing: a smooth curve from one spot to another.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// The spot the curve starts at.
    pub from: Spot,
    /// The spot the curve ends at.
    pub to: Spot,
    /// The start point (the position of `from`).
    pub start: Point,
    /// The pieces, in order; the last ends at `to`.
    pub pieces: Vec<Piece>,
}

impl Line {
    /// The curve as a polyline: each Bézier piece cut into `steps` chords
    /// (which stay inside the piece's control triangle).
    ///
    /// ```
    /// use sprouts::draw::{Line, Piece, Point};
    /// let l = Line {
    ///     from: 1,
    ///     to: 2,
    ///     start: Point::new(0.0, 0.0),
    ///     pieces: vec![Piece::Quad(Point::new(1.0, 1.0), Point::new(2.0, 0.0))],
    /// };
    /// let poly = l.flatten(2);
    /// assert_eq!(poly, vec![Point::new(0.0, 0.0), Point::new(1.0, 0.5), Point::new(2.0, 0.0)]);
    /// ```
    pub fn flatten(&self, steps: usize) -> Vec<Point> {
        let steps = steps.max(1);
        let mut out = vec![self.start];
        let mut cur = self.start;
        for piece in &self.pieces {
            match *piece {
                Piece::Line(p) => {
                    out.push(p);
                    cur = p;
                }
                Piece::Quad(c, p) => {
                    for i in 1..=steps {
                        let t = i as f64 / steps as f64;
                        let a = cur.lerp(c, t);
                        let b = c.lerp(p, t);
                        out.push(if i == steps { p } else { a.lerp(b, t) });
                    }
                    cur = p;
                }
            }
        }
        out
    }
}

/// A drawing of a position: spots and curves.
#[derive(Clone, Debug, PartialEq)]
pub struct Drawing {
    spots: Vec<SpotMark>,
    lines: Vec<Line>,
    /// The fixed box a drawing grown move by move is shown in (lower left,
    /// upper right), so that its picture keeps its size and scale.
    frame: Option<(Point, Point)>,
}

impl Drawing {
    /// A drawing from its parts, as given (for pictures made or changed by
    /// hand; [`draw`] is the way to get one that is right).
    ///
    /// ```
    /// use sprouts::draw::{Drawing, Point, SpotMark};
    /// let d = Drawing::from_parts(vec![SpotMark { spot: 1, at: Point::new(0.0, 0.0), live: true }], vec![]);
    /// assert_eq!(d.spots().len(), 1);
    /// ```
    pub fn from_parts(spots: Vec<SpotMark>, lines: Vec<Line>) -> Drawing {
        Drawing {
            spots,
            lines,
            frame: None,
        }
    }

    /// The fixed box the drawing is shown in (lower left and upper right
    /// corners), for drawings made by [`draw_game`] and [`draw_after`]: the
    /// SVG of every drawing of one game then has the same size and scale.
    /// `None` for [`draw`], whose SVG fits the picture to the drawing.
    ///
    /// ```
    /// use sprouts::{draw::{draw, draw_game}, model::Position};
    /// let start = Position::start(3, Default::default());
    /// assert!(draw(&start).unwrap().frame().is_none());
    /// assert!(draw_game(&start, &[]).unwrap()[0].frame().is_some());
    /// ```
    pub fn frame(&self) -> Option<(Point, Point)> {
        self.frame
    }

    /// Every spot, in increasing order of number.
    ///
    /// ```
    /// use sprouts::{draw::draw, model::Position};
    /// let d = draw(&Position::start(3, Default::default())).unwrap();
    /// assert_eq!(d.spots().iter().map(|s| s.spot).collect::<Vec<_>>(), vec![1, 2, 3]);
    /// ```
    pub fn spots(&self) -> &[SpotMark] {
        &self.spots
    }

    /// Every line, one curve each.
    ///
    /// ```
    /// use sprouts::{draw::draw, model::Position};
    /// assert!(draw(&Position::start(3, Default::default())).unwrap().lines().is_empty());
    /// ```
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }
}

/// Why a position cannot be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawError {
    kind: DrawErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum DrawErrorKind {
    OffThePlane,
    Abbreviated,
    TooLarge(usize, usize),
    Shape(String),
    NoRoom((Spot, Spot)),
}

impl From<DrawErrorKind> for DrawError {
    fn from(kind: DrawErrorKind) -> DrawError {
        DrawError { kind }
    }
}

impl fmt::Display for DrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            DrawErrorKind::OffThePlane => f.write_str(
                "cannot draw a position off the plane (a region with handles or cross-caps, \
                 or a game on another surface): only planar positions are drawn",
            ),
            DrawErrorKind::Abbreviated => f.write_str(
                "cannot draw an abbreviated position (dead spots or regions left out): \
                 give the full position or the game",
            ),
            DrawErrorKind::TooLarge(n, max) => {
                write!(f, "too many spots to draw: {n} (at most {max})")
            }
            DrawErrorKind::Shape(why) => write!(f, "not a drawing: {why}"),
            DrawErrorKind::NoRoom((a, b)) => write!(
                f,
                "no room to draw the line from spot {a} to spot {b} without moving what is drawn"
            ),
        }
    }
}

impl std::error::Error for DrawError {}

/// The position taken as complete when it is, so that a position pasted
/// in a GLOP notation can be drawn: the GLOP and neo-GLOP
/// readers always build abbreviated positions (their texts leave dead
/// spots out), but a text with no dead spot and no dropped region names
/// every site, as Hoey's full notation does, and [`Position::new`] checks
/// exactly that (every spot listed once per site, degrees adding up,
/// planarity). A complete position numbers the spots made by moves last;
/// GLOP texts number spots in order of appearance, so when that fails the
/// last `m` spots (in that order) with degree 2 or more, `m` the number of
/// moves (degree sum / 4), are renumbered to come last. Otherwise the
/// position is returned as it is (and cannot be drawn).
///
/// ```
/// use sprouts::notation::glop2;
/// let p = sprouts::draw::completed(glop2::parse_position("0.AB|AB").unwrap());
/// assert_eq!(p.to_hoey_full(), "1;2,3/2,3");
/// ```
pub fn completed(pos: Position) -> Position {
    if pos.is_complete() || pos.is_on_surface() {
        return pos;
    }
    let next = pos.next_spot();
    let complete = |label: &dyn Fn(u32) -> u32| {
        let regions = pos
            .regions()
            .iter()
            .map(|r| {
                r.boundaries()
                    .iter()
                    .map(|b| b.sites().iter().map(|&s| label(s)).collect())
                    .collect()
            })
            .collect();
        let mut degrees = vec![0; next as usize];
        for s in 1..next {
            degrees[label(s) as usize] = pos.degree(s);
        }
        Position::new(regions, degrees, pos.variant())
            .ok()
            .filter(Position::is_complete)
    };
    if let Some(full) = complete(&|s| s) {
        return full;
    }
    let moves = (1..next).map(|s| u32::from(pos.degree(s))).sum::<u32>() / 4;
    let mut made: Vec<u32> = (1..next).filter(|&s| pos.degree(s) >= 2).collect();
    if (made.len() as u32) < moves {
        return pos;
    }
    // `made` is sorted: the search below is a binary one.
    made.drain(..made.len() - moves as usize);
    let mut label = vec![0; next as usize];
    let mut n = 0;
    for s in (1..next)
        .filter(|s| made.binary_search(s).is_err())
        .chain(made.iter().copied())
    {
        n += 1;
        label[s as usize] = n;
    }
    complete(&|s| label[s as usize]).unwrap_or(pos)
}

/// Draws a complete position.
///
/// Errors: a position off the plane (docs/surfaces.md), an abbreviated
/// position (its left-out spots cannot be placed),
/// more than [`MAX_DRAW_SPOTS`] spots, or sites that do not fit together
/// into a drawing (possible only for positions built by hand).
///
/// ```
/// use sprouts::draw::draw;
/// use sprouts::notation::hoey::parse_position;
/// let d = draw(&parse_position("1,6,2,6;3,7,4,7;5").unwrap()).unwrap();
/// assert_eq!(d.lines().len(), 4);
/// let e = draw(&parse_position("1,8,4,9t,8,5;2").unwrap()).unwrap_err();
/// assert!(e.to_string().starts_with("cannot draw an abbreviated position"));
/// let torus = sprouts::model::Position::start_on(2, sprouts::model::Topology::Torus(1), Default::default());
/// assert!(draw(&torus).unwrap_err().to_string().starts_with("cannot draw a position off the plane"));
/// ```
pub fn draw(pos: &Position) -> Result<Drawing, DrawError> {
    if pos.is_on_surface() {
        return Err(DrawErrorKind::OffThePlane.into());
    }
    let built = map::build(pos, MAX_DRAW_SPOTS)?;
    let spot_mark = |v: usize, at: Point| SpotMark {
        spot: v as Spot + 1,
        at,
        live: pos.is_live(v as Spot + 1),
    };
    if built.map.origin.is_empty() {
        // No line at all: no spot, or one lone spot.
        return Ok(Drawing {
            spots: (0..built.spots)
                .map(|v| spot_mark(v, Point::default()))
                .collect(),
            lines: Vec::new(),
            frame: None,
        });
    }
    let mut mesh = layout::triangulate(&built);
    // Tutte's placement stays if the grid method cannot be used.
    layout::grid_place(&mut mesh);
    // The frame: spots, then the bend points of the real lines.
    let mut index = vec![usize::MAX; mesh.pos.len()];
    let mut frame = layout::Frame {
        pos: Vec::new(),
        segments: Vec::new(),
        springs: Vec::new(),
    };
    let mut paths: Vec<Vec<usize>> = Vec::with_capacity(built.lines.len());
    for (v, slot) in index.iter_mut().enumerate().take(built.spots) {
        *slot = frame.pos.len();
        frame.pos.push(mesh.pos[v]);
    }
    // Long segments get more bend points (points on the segment itself, so
    // the drawing stays the same), so that lines can bend anywhere.
    let base = built.spots + built.lines.len() * map::REAL_BENDS;
    let longest = layout::ideal_length(base) * 3.0;
    for l in &built.lines {
        let mut path: Vec<usize> = Vec::with_capacity(l.path.len());
        for &v in &l.path {
            if index[v] == usize::MAX {
                index[v] = frame.pos.len();
                frame.pos.push(mesh.pos[v]);
            }
            if let Some(&last) = path.last() {
                let (a, b) = (frame.pos[last], frame.pos[index[v]]);
                let pieces = (a.dist(b) / longest).ceil().clamp(1.0, 64.0) as usize;
                for i in 1..pieces {
                    path.push(frame.pos.len());
                    frame.pos.push(a.lerp(b, i as f64 / pieces as f64));
                }
            }
            path.push(index[v]);
        }
        for w in path.windows(2) {
            frame.segments.push((w[0], w[1]));
        }
        paths.push(path);
    }
    for &(a, b) in &built.links {
        frame.springs.push((index[a], index[b]));
    }
    layout::spread(&mut frame);
    let spots = (0..built.spots)
        .map(|v| spot_mark(v, frame.pos[v]))
        .collect();
    let lines = built
        .lines
        .iter()
        .zip(&paths)
        .map(|(l, path)| {
            let p: Vec<Point> = path.iter().map(|&v| frame.pos[v]).collect();
            let mut pieces = Vec::new();
            for i in 1..p.len() - 1 {
                let room = layout::corner_room(&frame, path[i]);
                let back = room.min(p[i].dist(p[i - 1]) * 0.5);
                let ahead = room.min(p[i].dist(p[i + 1]) * 0.5);
                let a = p[i].lerp(p[i - 1], back / p[i].dist(p[i - 1]).max(f64::MIN_POSITIVE));
                let b = p[i].lerp(p[i + 1], ahead / p[i].dist(p[i + 1]).max(f64::MIN_POSITIVE));
                if a != p[i - 1] && pieces.last().is_none_or(|&q| q != Piece::Line(a)) {
                    pieces.push(Piece::Line(a));
                }
                pieces.push(Piece::Quad(p[i], b));
            }
            pieces.push(Piece::Line(p[p.len() - 1]));
            Line {
                from: l.from,
                to: l.to,
                start: p[0],
                pieces,
            }
        })
        .collect();
    Ok(Drawing {
        spots,
        lines,
        frame: None,
    })
}

/// The drawing after move `m` of `pos`, grown from `prev`, a drawing of
/// `pos` (made by [`draw`], [`draw_game`] or this function): every spot and
/// line of `prev` stays exactly where it was, and only the move's new spot
/// and its two curves are placed, inside the face the move is drawn in,
/// with the other boundaries of that face on the sides the move gives them.
/// The drawing keeps `prev`'s frame (a frame is chosen when `prev` has
/// none) and nothing new goes outside it.
///
/// Errors: the move is not legal in `pos`, `prev` is not a drawing of it
/// (its spots are not numbered `1..`), or there is no room for the new line
/// between what is drawn (then [`draw`] can draw the position afresh, as
/// [`draw_game`] does).
///
/// ```
/// use sprouts::draw::{draw, draw_after};
/// use sprouts::notation::transcript::Transcript;
/// let game = "3+ 1-4-2; 2-5-3".parse::<Transcript>().unwrap().replay().unwrap();
/// let before: Vec<_> = game.positions().collect();
/// let d1 = draw_after(&draw(game.start()).unwrap(), game.start(), &game.moves()[0].resolved).unwrap();
/// let d2 = draw_after(&d1, &before[0], &game.moves()[1].resolved).unwrap();
/// // Spots 1 to 4 and the two curves of the first move stay put.
/// assert_eq!(&d2.spots()[..4], d1.spots());
/// assert_eq!(&d2.lines()[..2], d1.lines());
/// assert_eq!(d2.spots().len(), 5);
/// ```
pub fn draw_after(prev: &Drawing, pos: &Position, m: &Move) -> Result<Drawing, DrawError> {
    if pos.is_on_surface() {
        return Err(DrawErrorKind::OffThePlane.into());
    }
    if !pos.is_complete() {
        return Err(DrawErrorKind::Abbreviated.into());
    }
    let n = pos.next_spot() as usize;
    if n > MAX_DRAW_SPOTS {
        return Err(DrawErrorKind::TooLarge(n, MAX_DRAW_SPOTS).into());
    }
    pos.check_move(m)
        .map_err(|e| DrawErrorKind::Shape(format!("the move cannot be played: {e}")))?;
    let frame = prev.frame.unwrap_or_else(|| grow::frame_of(prev));
    let mut with_frame = prev.clone();
    with_frame.frame = Some(frame);
    grow::grow(&with_frame, frame, pos, m)
        .map_err(|_| DrawErrorKind::NoRoom(pos.endpoints(m).unwrap_or_default()).into())
}

/// The drawings of a game: the start, then the position after each move,
/// each grown from the one before by [`draw_after`], so that a move leaves
/// every spot and line it did not make where it was. All share one frame
/// ([`Drawing::frame`]). Where a move finds no room between what is drawn
/// (rare: a face pinched very thin), that position is drawn afresh by
/// [`draw`] in the same frame, and the game goes on from there.
///
/// Errors: as [`draw`] for the start, or a move that is not legal.
///
/// ```
/// use sprouts::draw::draw_game;
/// use sprouts::notation::transcript::Transcript;
/// let game = "5+ 1-6-2; 3-7-4; 1-8-2>".parse::<Transcript>().unwrap().replay().unwrap();
/// let moves: Vec<_> = game.moves().iter().map(|m| m.resolved.clone()).collect();
/// let all = draw_game(game.start(), &moves).unwrap();
/// assert_eq!(all.len(), 4);
/// // Spot 1 never moves.
/// assert!(all.iter().all(|d| d.spots()[0].at == all[0].spots()[0].at));
/// assert!(all.iter().all(|d| d.frame() == all[0].frame()));
/// ```
pub fn draw_game(start: &Position, moves: &[Move]) -> Result<Vec<Drawing>, DrawError> {
    let mut first = draw(start)?;
    let frame = grow::frame_of(&first);
    first.frame = Some(frame);
    let mut out = vec![first];
    let mut pos = start.clone();
    for m in moves {
        let prev = out.last().expect("the start is drawn");
        let next = match draw_after(prev, &pos, m) {
            Ok(d) => d,
            Err(e) if !matches!(e.kind, DrawErrorKind::NoRoom(_)) => return Err(e),
            Err(_) => {
                let after = pos
                    .play(m)
                    .map_err(|e| DrawErrorKind::Shape(e.to_string()))?;
                let mut d = draw(&after)?;
                d.frame = Some(frame);
                d
            }
        };
        pos.play_in_place(m)
            .map_err(|e| DrawErrorKind::Shape(e.to_string()))?;
        out.push(next);
    }
    Ok(out)
}
