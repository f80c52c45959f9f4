//! # sprouts-web
//!
//! A local web page to play Sprouts: start a game or paste one (any move
//! notation) or a full position, make moves by typing them in any notation
//! or by clicking two spots, undo, and read the game in WGOSA, LHP and Hoey
//! notation beside a drawing of the position. An analysis panel (off by
//! default) shows what the solver proves within a time limit: the outcome,
//! the nimber and the winning moves ([`analysis`]).
//!
//! The server keeps no state: every request carries the game so far as a
//! transcript, so any number of browsers can use it at once. The page is
//! compiled into the binary. Routes:
//!
//! - `GET /`: the page.
//! - `POST /api/show` `{"text"}`: the game or position, drawn and written out.
//! - `POST /api/play` `{"text", "move"}`: the game after one more move, typed
//!   in any notation.
//! - `POST /api/join` `{"text", "from", "to"}`: the legal moves joining two spots.
//! - `POST /api/computer` `{"text"}`: the game after the computer's move, when
//!   a computer opponent is plugged in ([`Config::opponent`], for instance
//!   [`opponent::Computer`]); without one, `501 Not Implemented`.
//! - `POST /api/analyze` `{"text", "variant"}`: the solver's analysis of the
//!   game's position ([`analysis::analyze`], stopped after
//!   [`Config::analysis_time`]): `{"outcome": "win"|"loss"|null, "nimber",
//!   "winning": [{"hoey", "wgosa", "lhp", "same"}], "decided", "searched",
//!   "note", "variant", "seconds"}`. The winning moves are grouped as
//!   `sprouts solve` groups them: one per group of moves that lead to the
//!   same position up to symmetry, `same` counting the others. The
//!   optional `variant` (`"normal"` or `"misere"`) is the variant of a text
//!   that states none (a pasted position without a label; normal by
//!   default); a game's header or a neo-GLOP label gives its own, and a
//!   `variant` against it is refused.
//!
//! Errors are all `{"error": "..."}`, the page shows the reason: status 400
//! (bad input), 404 and 405 (no such route or method), 413 (body over
//! [`MAX_BODY`] bytes) or 501. Games and positions are read as the command
//! line reads them ([`sprouts::notation::read_input`]): positions in Hoey,
//! GLOP 1.0, GLOP 2 or neo-GLOP (a label `5-:` makes it misère).
//!
//! ```
//! let app = sprouts_web::router(sprouts_web::Config::default());
//! # let _ = app;
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

use std::sync::Arc;
use std::time::{Duration, Instant};

pub mod analysis;
pub mod opponent;

use axum::Router;
use axum::extract::rejection::StringRejection;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};
use sprouts::draw::{Drawing, SvgOptions, completed, draw, draw_after, draw_game};
use sprouts::model::{Move, Position, Spot, Variant};
use sprouts::notation::hoey;
use sprouts::notation::transcript::Transcript;
use sprouts::notation::{Notation, Replay, quote, read_input};

/// The largest request body accepted, in bytes.
pub const MAX_BODY: usize = 64 * 1024;

/// The most spots a game or position may have here (drawing is the slow part).
pub const MAX_SPOTS: u32 = 200;

/// The most legal moves looked through for the moves joining two spots.
const MAX_JOIN_SCAN: usize = 20_000;

/// The most choices returned for the moves joining two spots.
const MAX_CHOICES: usize = 24;

/// The page, compiled in.
const PAGE: &str = include_str!("page.html");

/// A computer player: picks a move in a position (the hook for the solver).
///
/// ```
/// use sprouts::model::{Move, Position};
/// struct First;
/// impl sprouts_web::Opponent for First {
///     fn choose(&self, pos: &Position) -> Option<Move> {
///         pos.legal_moves().next()
///     }
/// }
/// let config = sprouts_web::Config {
///     opponent: Some(std::sync::Arc::new(First)),
///     ..Default::default()
/// };
/// # let _ = config;
/// ```
pub trait Opponent: Send + Sync {
    /// The move to play, or `None` when it has none (the game is over).
    fn choose(&self, pos: &Position) -> Option<Move>;
}

/// How the server is set up.
///
/// ```
/// use std::time::Duration;
/// let config = sprouts_web::Config::default();
/// assert!(config.opponent.is_none());
/// assert_eq!(config.analysis_time, Duration::from_secs(1));
/// ```
#[derive(Clone)]
pub struct Config {
    /// The computer opponent, if any.
    pub opponent: Option<Arc<dyn Opponent>>,
    /// How long the solver may work on one `/api/analyze` request.
    pub analysis_time: Duration,
}

impl Default for Config {
    /// No computer opponent; one second per analysis.
    fn default() -> Config {
        Config {
            opponent: None,
            analysis_time: Duration::from_secs(1),
        }
    }
}

/// The routes, ready to serve.
///
/// ```
/// let app = sprouts_web::router(Default::default());
/// # let _ = app;
/// ```
pub fn router(config: Config) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/api/show", post(show))
        .route("/api/play", post(play))
        .route("/api/join", post(join))
        .route("/api/computer", post(computer))
        .route("/api/analyze", post(analyze))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(config)
}

/// Serves the page on a listener until the process is stopped.
///
/// ```no_run
/// # async fn f() -> std::io::Result<()> {
/// let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
/// sprouts_web::serve(listener, Default::default()).await
/// # }
/// ```
pub async fn serve(listener: tokio::net::TcpListener, config: Config) -> std::io::Result<()> {
    axum::serve(listener, router(config)).await
}

async fn page() -> Html<String> {
    // The spots box takes as many spots as the server does.
    Html(PAGE.replace("{{MAX_SPOTS}}", &MAX_SPOTS.to_string()))
}

/// A bad request: status and message.
struct Failure(StatusCode, String);

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.1 }).to_string();
        (self.0, [(header::CONTENT_TYPE, "application/json")], body).into_response()
    }
}

fn bad(message: impl Into<String>) -> Failure {
    Failure(StatusCode::BAD_REQUEST, message.into())
}

/// The body as text; when axum could not give it (over [`MAX_BODY`],
/// not UTF-8), a JSON error with axum's status, so that the page shows the
/// reason instead of "bad answer from the server".
type Body = Result<String, StringRejection>;

/// Reads a JSON body (any text; the reason when it is not the right JSON).
fn parse<T: for<'de> Deserialize<'de>>(body: Body) -> Result<T, Failure> {
    let body = body.map_err(|e| match e.status() {
        StatusCode::PAYLOAD_TOO_LARGE => Failure(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("request too large (at most {MAX_BODY} bytes)"),
        ),
        status => Failure(status, format!("bad request: {}", e.body_text())),
    })?;
    serde_json::from_str(&body).map_err(|e| bad(format!("bad request: {e}")))
}

/// An unknown route, answered in JSON as every error is.
async fn not_found() -> Failure {
    Failure(StatusCode::NOT_FOUND, "no such page".into())
}

/// A known route asked with the wrong method.
async fn method_not_allowed() -> Failure {
    Failure(
        StatusCode::METHOD_NOT_ALLOWED,
        "method not allowed (the API takes POST)".into(),
    )
}

#[derive(Deserialize)]
struct TextRequest {
    text: String,
    /// Show the game after this many moves (the whole game when absent).
    #[serde(default)]
    upto: Option<usize>,
    /// The notation of the caption (the game's own when absent).
    #[serde(default)]
    notation: Option<String>,
}

/// A notation asked for by name, or none.
fn notation_of(name: Option<&str>) -> Result<Option<Notation>, Failure> {
    name.map(|n| {
        n.parse::<Notation>()
            .map_err(|e| bad(format!("bad request: {e}")))
    })
    .transpose()
}

#[derive(Deserialize)]
struct PlayRequest {
    text: String,
    #[serde(rename = "move")]
    move_text: String,
    #[serde(default)]
    notation: Option<String>,
}

#[derive(Deserialize)]
struct JoinRequest {
    text: String,
    from: Spot,
    to: Spot,
}

/// One move of the game, in every notation.
#[derive(Serialize)]
struct MoveTexts {
    wgosa: String,
    lhp: String,
    hoey: String,
}

/// What the page shows.
#[derive(Serialize)]
struct Shown {
    /// The game up to the move shown, in Hoey notation (what the page
    /// sends back), or null for a position.
    game: Option<String>,
    /// The whole game in each notation (past the move shown, if stepped back).
    wgosa: Option<String>,
    lhp: Option<String>,
    hoey: Option<String>,
    /// The notation of the caption: asked for, else the game's own.
    notation: Option<String>,
    /// Every move of the whole game.
    move_list: Vec<MoveTexts>,
    /// The moves played up to the position shown.
    moves: usize,
    position: String,
    position_full: String,
    over: bool,
    /// When the game is over: "first" or "second", the player who won.
    winner: Option<&'static str>,
    live: Vec<Spot>,
    svg: String,
    computer: bool,
}

/// A game (with the notation it was written in) or a full position, read from text.
enum Input {
    Game(Box<Replay>, Notation),
    Position(Position),
}

/// A game or a position, read as every program reads one
/// ([`read_input`]: games in any move notation, positions in Hoey, GLOP
/// 1.0, GLOP 2 or neo-GLOP), its play convention settled as every program
/// settles it ([`sprouts::notation::Input::settle`]): the text's own (a
/// game's header, a neo-GLOP label), else `variant`, else normal play; a
/// `variant` against the text's is refused.
fn read_as(text: &str, variant: Option<Variant>) -> Result<Input, Failure> {
    let too_many = || {
        bad(format!(
            "too many spots for this page (at most {MAX_SPOTS})"
        ))
    };
    let input = read_input(text, None).map_err(|e| bad(e.to_string()))?;
    let input = input.settle(variant).map_err(|e| {
        let asked = variant.map_or("", Variant::name);
        bad(format!("the request says {asked} play, but {e}"))
    })?;
    match input {
        sprouts::notation::Input::Game(game) => {
            // Checked before replaying: each move adds a spot.
            if u64::from(game.header.spots) + game.moves.len() as u64 > u64::from(MAX_SPOTS) {
                return Err(too_many());
            }
            // A game with no spot has no move and nothing to draw: a slip,
            // not a game anyone plays.
            if game.header.spots == 0 {
                return Err(bad("a game needs at least one spot"));
            }
            let replay = game.replay().map_err(|e| bad(e.to_string()))?;
            Ok(Input::Game(Box::new(replay), game.notation))
        }
        sprouts::notation::Input::Position { position, .. } => {
            if position.next_spot() > MAX_SPOTS + 1 {
                return Err(too_many());
            }
            if position.is_on_surface() {
                return Err(bad(
                    "this page plays on the plane only, and the position is off it (a region with handles or cross-caps): use sprouts moves or sprouts solve",
                ));
            }
            // GLOP texts give abbreviated positions; one that names every
            // site is taken as complete, so that the page can draw it.
            Ok(Input::Position(completed(position)))
        }
    }
}

fn read(text: &str) -> Result<Input, Failure> {
    read_as(text, None)
}

/// The drawings of a game move by move (each keeps the one before), up to
/// move `upto`.
fn drawings(r: &Replay, upto: usize) -> Result<Vec<Drawing>, Failure> {
    let moves: Vec<Move> = r.moves()[..upto]
        .iter()
        .map(|m| m.resolved.clone())
        .collect();
    draw_game(r.start(), &moves).map_err(|e| bad(e.to_string()))
}

/// The game's first `upto` moves, in Hoey notation (no result unless whole).
fn prefix(r: &Replay, upto: usize) -> String {
    if upto == r.moves().len() {
        return r.to_hoey();
    }
    Transcript {
        header: r.header().clone(),
        notation: Notation::Hoey,
        moves: r.moves()[..upto]
            .iter()
            .map(|m| m.canonical.clone())
            .collect(),
        winner: None,
    }
    .to_string()
}

fn shown(
    input: &Input,
    config: &Config,
    upto: Option<usize>,
    notation: Option<Notation>,
) -> Result<Shown, Failure> {
    let (drawing, pos, highlight, caption) = match input {
        Input::Game(r, own) => {
            let made = r.moves().len();
            let k = upto.unwrap_or(made);
            if k > made {
                return Err(bad(format!(
                    "the game has {made} move{}, not {k}",
                    if made == 1 { "" } else { "s" }
                )));
            }
            let pos = if k == 0 {
                r.start().clone()
            } else {
                r.positions().nth(k - 1).expect("k <= moves")
            };
            let drawing = drawings(r, k)?.pop().expect("the start is drawn");
            let caption = (k > 0).then(|| {
                let texts = r.texts(notation.unwrap_or(*own));
                format!("after move {k}: {}", texts[k - 1])
            });
            let highlight = (k > 0).then(|| pos.next_spot() - 1);
            (drawing, pos, highlight, caption)
        }
        Input::Position(p) => (
            draw(p).map_err(|e| bad(e.to_string()))?,
            p.clone(),
            None,
            None,
        ),
    };
    let svg = drawing.to_svg(&SvgOptions {
        highlight,
        title: caption,
        ..SvgOptions::default()
    });
    let (game, wgosa, lhp, hoey_text, moves, move_list, shown_notation) = match input {
        Input::Game(r, own) => {
            let k = upto.unwrap_or(r.moves().len());
            let texts: Vec<Vec<String>> = Notation::ALL.iter().map(|&n| r.texts(n)).collect();
            let list = (0..r.moves().len())
                .map(|i| MoveTexts {
                    wgosa: texts[0][i].clone(),
                    lhp: texts[1][i].clone(),
                    hoey: texts[2][i].clone(),
                })
                .collect();
            (
                Some(prefix(r, k)),
                Some(r.to_notation(Notation::Wgosa)),
                Some(r.to_notation(Notation::Lhp)),
                Some(r.to_notation(Notation::Hoey)),
                k,
                list,
                Some(notation.unwrap_or(*own).to_string()),
            )
        }
        Input::Position(_) => (None, None, None, None, 0, Vec::new(), None),
    };
    // The player who cannot move loses in normal play and wins in misere
    // play; after an even number of moves that player is the first.
    let winner = match input {
        Input::Game(..) if pos.is_over() => {
            let first_stuck = moves % 2 == 0;
            let first_wins = first_stuck == (pos.variant() == Variant::Misere);
            Some(if first_wins { "first" } else { "second" })
        }
        _ => None,
    };
    Ok(Shown {
        game,
        wgosa,
        lhp,
        hoey: hoey_text,
        notation: shown_notation,
        move_list,
        moves,
        position: pos.to_hoey(),
        position_full: pos.to_hoey_full(),
        over: pos.is_over(),
        winner,
        live: pos.live_spots().collect(),
        svg,
        computer: config.opponent.is_some(),
    })
}

fn json<T: Serialize>(value: &T) -> Response {
    let body = serde_json::to_string(value).unwrap_or_else(|_| "{}".into());
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// Runs the slow part (replaying, drawing) off the async threads.
async fn blocking<F>(work: F) -> Response
where
    F: FnOnce() -> Result<Response, Failure> + Send + 'static,
{
    match tokio::task::spawn_blocking(work).await {
        Ok(Ok(r)) => r,
        Ok(Err(f)) => f.into_response(),
        Err(_) => {
            Failure(StatusCode::INTERNAL_SERVER_ERROR, "internal error".into()).into_response()
        }
    }
}

async fn show(State(config): State<Config>, body: Body) -> Response {
    blocking(move || {
        let req: TextRequest = parse(body)?;
        let notation = notation_of(req.notation.as_deref())?;
        Ok(json(&shown(
            &read(&req.text)?,
            &config,
            req.upto,
            notation,
        )?))
    })
    .await
}

/// The game text with one more move (written in Hoey notation).
fn with_move(replay: &Replay, m: &Move) -> Result<String, Failure> {
    let text = hoey::HoeyMove::from_move(replay.position(), m)
        .map_err(|e| bad(e.to_string()))?
        .to_string();
    let mut game = replay.to_hoey();
    // Drop a recorded result before adding the move.
    if let Some(w) = replay.winner() {
        let suffix = format!(" {w}");
        if let Some(stripped) = game.strip_suffix(&suffix) {
            game = stripped.to_string();
        }
    }
    if replay.moves().is_empty() {
        Ok(format!("{game} {text}"))
    } else {
        Ok(format!("{game}; {text}"))
    }
}

fn game_of(text: &str) -> Result<Box<Replay>, Failure> {
    match read(text)? {
        Input::Game(r, _) => Ok(r),
        Input::Position(_) => Err(bad("moves can be made in a game, not in a position")),
    }
}

async fn play(State(config): State<Config>, body: Body) -> Response {
    blocking(move || {
        let req: PlayRequest = parse(body)?;
        let replay = game_of(&req.text)?;
        let move_text = req.move_text.trim();
        let notation = Notation::detect(move_text).ok_or_else(|| {
            bad(format!(
                "cannot tell the notation of the move {:?}",
                quote(move_text)
            ))
        })?;
        let m = notation
            .resolve(move_text, replay.position())
            .map_err(|e| bad(format!("move {}: {e}", quote(move_text))))?;
        let next = with_move(&replay, &m)?;
        let notation = notation_of(req.notation.as_deref())?;
        Ok(json(&shown(&read(&next)?, &config, None, notation)?))
    })
    .await
}

#[derive(Serialize)]
struct Choice {
    hoey: String,
    wgosa: String,
    lhp: String,
    position: String,
    svg: String,
}

#[derive(Serialize)]
struct Choices {
    choices: Vec<Choice>,
    more: bool,
}

async fn join(State(_config): State<Config>, body: Body) -> Response {
    blocking(move || {
        let req: JoinRequest = parse(body)?;
        let replay = game_of(&req.text)?;
        let pos = replay.position();
        // The choices are drawn grown from the board, so they look like it.
        let board = drawings(&replay, replay.moves().len())?
            .pop()
            .expect("the start is drawn");
        let (a, b) = (req.from.min(req.to), req.from.max(req.to));
        let mut choices = Vec::new();
        let mut more = false;
        for m in pos.legal_moves().take(MAX_JOIN_SCAN) {
            let Some((x, y)) = pos.endpoints(&m) else {
                continue;
            };
            if (x.min(y), x.max(y)) != (a, b) {
                continue;
            }
            if choices.len() == MAX_CHOICES {
                more = true;
                break;
            }
            let after = pos.play(&m).map_err(|e| bad(e.to_string()))?;
            let write = |n: Notation| n.write(pos, &m).map_err(|e| bad(e.to_string()));
            let grown = match draw_after(&board, pos, &m) {
                Ok(d) => d,
                Err(_) => draw(&after).map_err(|e| bad(e.to_string()))?,
            };
            let picture = grown.to_svg(&SvgOptions {
                highlight: Some(after.next_spot() - 1),
                size: 160.0,
                ..SvgOptions::default()
            });
            choices.push(Choice {
                hoey: write(Notation::Hoey)?,
                wgosa: write(Notation::Wgosa)?,
                lhp: write(Notation::Lhp)?,
                position: after.to_hoey(),
                svg: picture,
            });
        }
        Ok(json(&Choices { choices, more }))
    })
    .await
}

async fn computer(State(config): State<Config>, body: Body) -> Response {
    blocking(move || {
        let req: TextRequest = parse(body)?;
        let notation = notation_of(req.notation.as_deref())?;
        let Some(opponent) = config.opponent.clone() else {
            return Err(Failure(
                StatusCode::NOT_IMPLEMENTED,
                "no computer opponent yet".into(),
            ));
        };
        let replay = game_of(&req.text)?;
        let m = opponent
            .choose(replay.position())
            .ok_or_else(|| bad("the game is over: no move left"))?;
        let next = with_move(&replay, &m)?;
        Ok(json(&shown(&read(&next)?, &config, None, notation)?))
    })
    .await
}

#[derive(Deserialize)]
struct AnalyzeRequest {
    text: String,
    #[serde(default)]
    variant: Option<String>,
}

/// The analysis, and the time it was given.
#[derive(Serialize)]
struct Analyzed {
    #[serde(flatten)]
    analysis: analysis::Analysis,
    /// The variant analysed: "normal" or "misere".
    variant: &'static str,
    /// The solver's time limit, in seconds.
    seconds: f64,
}

async fn analyze(State(config): State<Config>, body: Body) -> Response {
    blocking(move || {
        let req: AnalyzeRequest = parse(body)?;
        let variant = match req.variant.as_deref() {
            None => None,
            Some("normal") => Some(Variant::Normal),
            Some("misere") => Some(Variant::Misere),
            Some(other) => {
                return Err(bad(format!(
                    "unknown variant {:?}: give \"normal\" or \"misere\"",
                    quote(other)
                )));
            }
        };
        let pos = match read_as(&req.text, variant)? {
            Input::Game(r, _) => r.position().clone(),
            Input::Position(p) => p,
        };
        let time = config.analysis_time;
        let analysis = analysis::analyze(&pos, Instant::now() + time);
        Ok(json(&Analyzed {
            analysis,
            variant: match pos.variant() {
                Variant::Normal => "normal",
                Variant::Misere => "misere",
            },
            seconds: time.as_secs_f64(),
        }))
    })
    .await
}
