//! The web API, driven in-process: answers, errors, limits, several
//! clients at once, and the computer-opponent hook.

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::Value;
use sprouts::model::{Move, Position};
use sprouts_web::{Config, MAX_BODY, Opponent, router};
use tower::ServiceExt;

async fn send(
    config: Config,
    method: Method,
    path: &str,
    body: Vec<u8>,
) -> (StatusCode, String, String) {
    let request = Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json")
        .body(Body::from(body))
        .unwrap();
    let response = router(config).oneshot(request).await.unwrap();
    let status = response.status();
    let kind = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, kind, String::from_utf8(bytes.to_vec()).unwrap())
}

async fn post(path: &str, body: Value) -> (StatusCode, Value) {
    let (status, _, text) = send(
        Config::default(),
        Method::POST,
        path,
        body.to_string().into_bytes(),
    )
    .await;
    (status, serde_json::from_str(&text).expect("JSON answer"))
}

async fn error(path: &str, body: Value) -> (StatusCode, String) {
    let (status, v) = post(path, body).await;
    (
        status,
        v["error"].as_str().expect("an error message").to_string(),
    )
}

#[tokio::test]
async fn the_page_is_served() {
    let (status, kind, text) = send(Config::default(), Method::GET, "/", Vec::new()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(kind.starts_with("text/html"), "{kind}");
    assert!(text.contains("<title>Sprouts</title>"));
    assert!(text.contains("/api/play"));
}

#[tokio::test]
async fn show_a_game_and_a_position() {
    let (status, v) = post("/api/show", serde_json::json!({"text": "5+ 1-6-2; 3-7-4"})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["position_full"], "1,6,2,6;3,7,4,7;5");
    assert_eq!(v["wgosa"], "5+ 1(6)2 3(7)4");
    assert_eq!(v["lhp"], "5+ 1<6>2 3<7>4");
    assert_eq!(v["hoey"], "5+ 1-6-2; 3-7-4");
    assert_eq!(v["moves"], 2);
    assert_eq!(v["live"], serde_json::json!([1, 2, 3, 4, 5, 6, 7]));
    assert!(v["svg"].as_str().unwrap().starts_with("<svg"));
    let (status, v) = post(
        "/api/show",
        serde_json::json!({"text": "1,6,2,6;3,7,4,7;5"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["game"], Value::Null);
    assert_eq!(v["position"], "1,6,2,6;3,7,4,7;5");
}

#[tokio::test]
async fn moves_in_every_notation() {
    let (_, v) = post(
        "/api/play",
        serde_json::json!({"text": "5+ 1-6-2", "move": "3(7)4"}),
    )
    .await;
    assert_eq!(v["game"], "5+ 1-6-2; 3-7-4");
    let (_, v) = post(
        "/api/play",
        serde_json::json!({"text": v["game"], "move": "1<8>2"}),
    )
    .await;
    assert_eq!(v["hoey"], "5+ 1-6-2; 3-7-4; 1-8-2>");
    let (_, v) = post(
        "/api/play",
        serde_json::json!({"text": v["game"], "move": "3-9-4>1"}),
    )
    .await;
    assert_eq!(v["position_full"], "1,8,2,6/3,9,4,7;2,8,1,6/4,9,3,7;5");
    assert_eq!(v["wgosa"], "5+ 1(6)2 3(7)4 1(8)2 3(9)4[1]");
}

#[tokio::test]
async fn joining_two_spots_lists_the_ways() {
    let (status, v) = post(
        "/api/join",
        serde_json::json!({"text": "3+", "from": 1, "to": 1}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    // A loop at a lone spot: both other spots on one side, or one each side
    // (on the sphere the two sides of the loop look alike).
    let ways: Vec<&str> = v["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["wgosa"].as_str().unwrap())
        .collect();
    assert_eq!(ways, vec!["1(4)1", "1(4)1[2]"]);
    assert_eq!(v["more"], false);
    let (_, v) = post(
        "/api/join",
        serde_json::json!({"text": "3+ 1-4-1>2,3", "from": 2, "to": 3}),
    )
    .await;
    assert_eq!(v["choices"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn bad_requests_are_400_with_a_reason() {
    let (status, _, text) = send(
        Config::default(),
        Method::POST,
        "/api/show",
        b"{not json".to_vec(),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let v: Value = serde_json::from_str(&text).unwrap();
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .starts_with("bad request: key must be a string"),
        "{v}"
    );
    assert_eq!(
        error("/api/play", serde_json::json!({"text": "3+"})).await,
        (
            StatusCode::BAD_REQUEST,
            "bad request: missing field `move` at line 1 column 13".to_string()
        )
    );
    assert_eq!(
        error(
            "/api/play",
            serde_json::json!({"text": "3+", "move": "1(5)2"})
        )
        .await,
        (
            StatusCode::BAD_REQUEST,
            "move 1(5)2: illegal: the new spot must be 4, not 5".to_string()
        )
    );
    assert_eq!(
        error(
            "/api/play",
            serde_json::json!({"text": "1;2;3", "move": "1(4)2"})
        )
        .await,
        (
            StatusCode::BAD_REQUEST,
            "moves can be made in a game, not in a position".to_string()
        )
    );
    assert_eq!(
        error("/api/show", serde_json::json!({"text": "1000+"})).await,
        (
            StatusCode::BAD_REQUEST,
            "too many spots for this page (at most 200)".to_string()
        )
    );
    assert_eq!(
        error("/api/show", serde_json::json!({"text": "0.0.0T1"})).await,
        (
            StatusCode::BAD_REQUEST,
            "this page plays on the plane only, and the position is off it (a region with handles or cross-caps): use sprouts moves or sprouts solve".to_string()
        )
    );
    assert_eq!(
        error("/api/show", serde_json::json!({"text": "1,8,4,9t,8,5;2"})).await,
        (
            StatusCode::BAD_REQUEST,
            "cannot draw an abbreviated position (dead spots or regions left out): give the full position or the game".to_string()
        )
    );
    let (status, _) = error("/api/show", serde_json::json!({"text": "5+ 1-6-2; 1-7-2"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // Not UTF-8, wrong method, unknown route: JSON errors too.
    for (method, path, body, want_status, want) in [
        (
            Method::POST,
            "/api/show",
            vec![0xff, 0xfe],
            StatusCode::BAD_REQUEST,
            "bad request: Request body didn't contain valid UTF-8: invalid utf-8 sequence of 1 bytes from index 0",
        ),
        (
            Method::GET,
            "/api/show",
            Vec::new(),
            StatusCode::METHOD_NOT_ALLOWED,
            "method not allowed (the API takes POST)",
        ),
        (
            Method::GET,
            "/nothing",
            Vec::new(),
            StatusCode::NOT_FOUND,
            "no such page",
        ),
    ] {
        let (status, kind, text) = send(Config::default(), method, path, body).await;
        assert_eq!(status, want_status, "{path}");
        assert_eq!(kind, "application/json", "{path}");
        assert_eq!(
            serde_json::from_str::<Value>(&text).unwrap(),
            serde_json::json!({ "error": want }),
            "{path}"
        );
    }
}

#[tokio::test]
async fn oversized_requests_are_refused() {
    let big = format!("{{\"text\": \"{}\"}}", "1;".repeat(MAX_BODY));
    let (status, kind, text) = send(
        Config::default(),
        Method::POST,
        "/api/show",
        big.into_bytes(),
    )
    .await;
    // JSON, so that the page shows the reason (it was axum's plain text,
    // which the page showed as "bad answer from the server").
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(kind, "application/json");
    assert_eq!(
        serde_json::from_str::<Value>(&text).unwrap(),
        serde_json::json!({"error": "request too large (at most 65536 bytes)"})
    );
    // Just under the limit but far too many moves: refused before replaying.
    let long = format!("3+ {}", "1-4-2; ".repeat(8000));
    assert!(long.len() < MAX_BODY);
    let (status, msg) = error("/api/show", serde_json::json!({ "text": long })).await;
    assert_eq!(
        (status, msg.as_str()),
        (
            StatusCode::BAD_REQUEST,
            "too many spots for this page (at most 200)"
        )
    );
}

#[tokio::test]
async fn several_clients_at_once() {
    let app = router(Config::default());
    let mut tasks = Vec::new();
    for n in 1..=8u32 {
        let app = app.clone();
        tasks.push(tokio::spawn(async move {
            let body = serde_json::json!({ "text": format!("{n}+") }).to_string();
            let request = Request::builder()
                .method(Method::POST)
                .uri("/api/show")
                .body(Body::from(body))
                .unwrap();
            let response = app.oneshot(request).await.unwrap();
            let status = response.status();
            let bytes = response.into_body().collect().await.unwrap().to_bytes();
            let v: Value = serde_json::from_slice(&bytes).unwrap();
            (status, v["live"].as_array().unwrap().len())
        }));
    }
    for (n, t) in tasks.into_iter().enumerate() {
        assert_eq!(t.await.unwrap(), (StatusCode::OK, n + 1));
    }
}

struct FirstMove;

impl Opponent for FirstMove {
    fn choose(&self, pos: &Position) -> Option<Move> {
        pos.legal_moves().next()
    }
}

#[tokio::test]
async fn the_computer_hook() {
    assert_eq!(
        error("/api/computer", serde_json::json!({"text": "3+"})).await,
        (
            StatusCode::NOT_IMPLEMENTED,
            "no computer opponent yet".to_string()
        )
    );
    let config = Config {
        opponent: Some(Arc::new(FirstMove)),
        ..Default::default()
    };
    let body = serde_json::json!({"text": "2+ 1-3-2"})
        .to_string()
        .into_bytes();
    let (status, _, text) = send(config, Method::POST, "/api/computer", body).await;
    assert_eq!(status, StatusCode::OK);
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["moves"], 2);
    assert_eq!(v["computer"], true);
}

#[tokio::test]
async fn the_computer_plays_a_whole_game() {
    // Perfect play from 3 spots (normal play): the first player wins
    // (AJS 1991). A long time limit, so the node budget decides.
    let config = Config {
        opponent: Some(Arc::new(sprouts_web::opponent::Computer {
            time: std::time::Duration::from_secs(120),
            ..Default::default()
        })),
        ..Default::default()
    };
    let mut text = "3+".to_string();
    let mut moves = 0;
    loop {
        let body = serde_json::json!({ "text": text }).to_string().into_bytes();
        let (status, _, answer) = send(config.clone(), Method::POST, "/api/computer", body).await;
        let v: Value = serde_json::from_str(&answer).unwrap();
        if v["moves"].is_null() {
            assert_eq!(status, StatusCode::BAD_REQUEST);
            assert_eq!(v["error"], "the game is over: no move left");
            break;
        }
        assert_eq!(status, StatusCode::OK);
        moves += 1;
        assert_eq!(v["moves"], moves);
        text = v["game"].as_str().unwrap().to_string();
        if v["over"] == true {
            assert_eq!(v["winner"], if moves % 2 == 1 { "first" } else { "second" });
        } else {
            assert!(v["winner"].is_null());
        }
    }
    // A 3-spot game lasts 6 to 8 moves; the first player made the last one.
    assert!((6..=8).contains(&moves), "{moves} moves: {text}");
    assert_eq!(moves % 2, 1, "{text}");
    // The game text replays with the library.
    let games = sprouts::notation::transcript::Transcript::read_all(&text, None).unwrap();
    assert!(games[0].replay().unwrap().position().is_over());
}

#[tokio::test]
async fn the_winner_of_a_misere_game() {
    // 1 spot: a loop, then a line to the new spot (or a loop); two moves,
    // the first player is stuck and wins in misere play.
    let (status, v) = post("/api/show", serde_json::json!({"text": "1- 1-2-1; 1-3-2"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["over"], true);
    assert_eq!(v["winner"], "first");
    let (_, v) = post("/api/show", serde_json::json!({"text": "1+ 1-2-1; 1-3-2"})).await;
    assert_eq!(v["winner"], "second");
}

/// Posts to `/api/analyze` with the given solver time.
async fn analyze(seconds: u64, body: Value) -> (StatusCode, Value) {
    let config = Config {
        analysis_time: std::time::Duration::from_secs(seconds),
        ..Default::default()
    };
    let bytes = body.to_string().into_bytes();
    let (status, _, text) = send(config, Method::POST, "/api/analyze", bytes).await;
    (status, serde_json::from_str(&text).expect("JSON answer"))
}

#[tokio::test]
async fn analysis_of_the_small_starts() {
    // AJS 1991: 2 spots, normal play, the first player loses.
    let (status, v) = analyze(60, serde_json::json!({"text": "2+"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["outcome"], "loss");
    assert_eq!(v["nimber"], 0);
    assert_eq!(v["winning"], serde_json::json!([]));
    assert_eq!(v["decided"], true);
    assert_eq!(v["note"], Value::Null);
    assert_eq!(v["seconds"], 60.0);
    assert_eq!(v["variant"], "normal");
    assert!(v["searched"].as_u64().unwrap() > 0);

    // 3 spots: a win, nimber 1, and six moves win: the three joins of two
    // spots, one group up to symmetry, and the three loops around one
    // spot, another (listed as `sprouts solve '3+'` lists them).
    let (status, v) = analyze(60, serde_json::json!({"text": "3+"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["outcome"], "win");
    assert_eq!(v["nimber"], 1);
    assert_eq!(v["decided"], true);
    let winning = v["winning"].as_array().unwrap();
    let texts = |key: &str| -> Vec<String> {
        winning
            .iter()
            .map(|m| m[key].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(texts("hoey"), ["1-4-2", "1-4-1>2"]);
    assert_eq!(texts("wgosa"), ["1(4)2", "1(4)1[2]"]);
    assert_eq!(texts("lhp"), ["1<4>2", "1<4>1[2]"]);
    let same: Vec<u64> = winning
        .iter()
        .map(|m| m["same"].as_u64().unwrap())
        .collect();
    assert_eq!(same, [2, 2]);
    // Each one, played through /api/play, leaves the opponent a position
    // the solver proves lost, and the analysis there agrees.
    let mut solver = sprouts::solve::Solver::new();
    for m in texts("wgosa") {
        let (status, after) = post("/api/play", serde_json::json!({"text": "3+", "move": m})).await;
        assert_eq!(status, StatusCode::OK, "{after}");
        let pos = sprouts::notation::hoey::parse_position(after["position_full"].as_str().unwrap())
            .unwrap();
        assert!(
            !sprouts::solve::Solver::win(&mut solver, &pos).unwrap(),
            "{m}"
        );
        let (_, a) = analyze(60, serde_json::json!({"text": after["game"]})).await;
        assert_eq!(
            (&a["outcome"], &a["nimber"]),
            (&"loss".into(), &0.into()),
            "{m}"
        );
    }

    // Misère: 1 spot is a win (one winning move, the loop); its normal-play
    // nimber is 0.
    let (status, v) = analyze(60, serde_json::json!({"text": "1-"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["variant"], "misere");
    assert_eq!(v["outcome"], "win");
    assert_eq!(v["nimber"], 0);
    assert_eq!(v["decided"], true);
    assert_eq!(
        v["winning"],
        serde_json::json!([{"hoey": "1-2-1=", "wgosa": "1(2)1", "lhp": "1<2>1", "same": 0}])
    );
}

#[tokio::test]
async fn analysis_groups_winning_moves_as_the_command_does() {
    // 5 spots after 1(6)2: 31 winning moves, shown in the 7 groups
    // `sprouts solve '5+ 1(6)2'` lists (crates/sprouts-cli/tests/solve.rs
    // checks the command's list), from the library function the command
    // writes them with.
    let (status, v) = analyze(600, serde_json::json!({"text": "5+ 1(6)2"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(
        (&v["outcome"], &v["decided"]),
        (&"win".into(), &true.into())
    );
    let shown: Vec<(String, usize)> = v["winning"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let same = m["same"].as_u64().unwrap() as usize;
            (m["wgosa"].as_str().unwrap().to_string(), same)
        })
        .collect();
    let game = sprouts::notation::transcript::Transcript::read_all("5+ 1(6)2", None).unwrap();
    let pos = game[0].replay().unwrap().position().clone();
    let listed = sprouts::solve::on_solver_stack(|| {
        sprouts::solve::Solver::new().winning_moves_in(&pos, sprouts::notation::Notation::Wgosa)
    })
    .unwrap()
    .unwrap();
    assert_eq!(shown, listed);
    let (texts, same): (Vec<String>, Vec<usize>) = shown.into_iter().unzip();
    assert_eq!(
        texts.join(" "),
        "1(7)3 3(7)6 1(7)1 1(7)1[2] 1(7)2[3] 3(7)4 3(7)3[4]"
    );
    assert_eq!(same, [5, 5, 1, 1, 5, 2, 5]);
    assert_eq!(same.iter().map(|n| n + 1).sum::<usize>(), 31);
}

#[tokio::test]
async fn analysis_of_positions_and_variants() {
    // A pasted position takes the variant given (normal by default): three
    // spots are won in normal play and lost in misère play (AJS 1991).
    let (_, v) = analyze(60, serde_json::json!({"text": "1;2;3"})).await;
    assert_eq!((&v["outcome"], &v["nimber"]), (&"win".into(), &1.into()));
    let (_, v) = analyze(
        60,
        serde_json::json!({"text": "1;2;3", "variant": "normal"}),
    )
    .await;
    assert_eq!(v["outcome"], "win");
    let (_, v) = analyze(
        60,
        serde_json::json!({"text": "1;2;3", "variant": "misere"}),
    )
    .await;
    assert_eq!((&v["outcome"], &v["nimber"]), (&"loss".into(), &1.into()));
    assert_eq!(v["winning"], serde_json::json!([]));
    // A game's header gives its variant, and a request against it is
    // refused (as `sprouts solve --misere '1+'` refuses it); a bare number
    // states none, so the request chooses.
    let (_, v) = analyze(60, serde_json::json!({"text": "1+"})).await;
    assert_eq!(
        (&v["outcome"], &v["variant"]),
        (&"loss".into(), &"normal".into())
    );
    assert_eq!(
        error(
            "/api/analyze",
            serde_json::json!({"text": "1+", "variant": "misere"})
        )
        .await,
        (
            StatusCode::BAD_REQUEST,
            "the request says misere play, but the game's header 1+ says normal play".to_string()
        )
    );
    let (_, v) = analyze(60, serde_json::json!({"text": "1", "variant": "misere"})).await;
    assert_eq!(
        (&v["outcome"], &v["variant"]),
        (&"win".into(), &"misere".into())
    );
    // An abbreviated position (it cannot be drawn, but it can be solved).
    let (status, v) = analyze(60, serde_json::json!({"text": "1,8,4,9t,8,5;2"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["decided"], true);
    // A finished game: the player to move is stuck and loses.
    let (_, v) = analyze(60, serde_json::json!({"text": "1+ 1-2-1; 1-3-2"})).await;
    assert_eq!(
        (&v["outcome"], &v["nimber"], &v["decided"]),
        (&"loss".into(), &0.into(), &true.into())
    );
}

#[tokio::test]
async fn analysis_out_of_time_claims_nothing() {
    let (status, v) = analyze(0, serde_json::json!({"text": "12+"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["outcome"], Value::Null);
    assert_eq!(v["nimber"], Value::Null);
    assert_eq!(v["winning"], serde_json::json!([]));
    assert_eq!(v["decided"], false);
    assert_eq!(v["note"], "the search was stopped before it had an answer");
    assert_eq!(v["seconds"], 0.0);
    // The default limit is one second.
    assert_eq!(Config::default().analysis_time.as_secs_f64(), 1.0);
}

#[tokio::test]
async fn analysis_refuses_bad_requests() {
    assert_eq!(
        error("/api/analyze", serde_json::json!({"game": "3+"})).await,
        (
            StatusCode::BAD_REQUEST,
            "bad request: missing field `text` at line 1 column 13".to_string()
        )
    );
    assert_eq!(
        error(
            "/api/analyze",
            serde_json::json!({"text": "3+", "variant": "dots"})
        )
        .await,
        (
            StatusCode::BAD_REQUEST,
            "unknown variant \"dots\": give \"normal\" or \"misere\"".to_string()
        )
    );
    assert_eq!(
        error("/api/analyze", serde_json::json!({"text": "3+ 1-5-2"}))
            .await
            .0,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        error("/api/analyze", serde_json::json!({"text": "1000+"})).await,
        (
            StatusCode::BAD_REQUEST,
            "too many spots for this page (at most 200)".to_string()
        )
    );
    for body in [b"{\"text\": ".to_vec(), vec![0xff, 0xfe], b"[]".to_vec()] {
        let (status, _, _) = send(Config::default(), Method::POST, "/api/analyze", body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
    }
    let big = format!("{{\"text\": \"{}\"}}", "1;".repeat(MAX_BODY));
    let (status, _, _) = send(
        Config::default(),
        Method::POST,
        "/api/analyze",
        big.into_bytes(),
    )
    .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn several_analyses_at_once() {
    // AJS 1991, normal play: the first player loses 1 and 2 spots, wins 3,
    // 4 and 5; misère: wins 1, loses 2, 3 and 4.
    let expected = [
        ("1+", "loss"),
        ("2+", "loss"),
        ("3+", "win"),
        ("4+", "win"),
        ("1-", "win"),
        ("2-", "loss"),
        ("3-", "loss"),
        ("4-", "loss"),
    ];
    let app = router(Config {
        analysis_time: std::time::Duration::from_secs(120),
        ..Default::default()
    });
    let mut tasks = Vec::new();
    for (text, _) in expected {
        let app = app.clone();
        tasks.push(tokio::spawn(async move {
            let body = serde_json::json!({ "text": text }).to_string();
            let request = Request::builder()
                .method(Method::POST)
                .uri("/api/analyze")
                .body(Body::from(body))
                .unwrap();
            let response = app.oneshot(request).await.unwrap();
            let bytes = response.into_body().collect().await.unwrap().to_bytes();
            let v: Value = serde_json::from_slice(&bytes).unwrap();
            v["outcome"].as_str().unwrap_or("undecided").to_string()
        }));
    }
    for ((text, outcome), t) in expected.into_iter().zip(tasks) {
        assert_eq!(t.await.unwrap(), outcome, "{text}");
    }
}

#[tokio::test]
async fn positions_in_every_notation() {
    // The same position, 1;2,3/2,3 in Hoey's notation, pasted in GLOP 2 and
    // in neo-GLOP: read as the command line reads it.
    let (status, hoey) = post("/api/show", serde_json::json!({"text": "1;2,3/2,3"})).await;
    assert_eq!(status, StatusCode::OK);
    for text in ["0.AB|AB", "0.AB/AB", "0.0.AB.}AB.}]!"] {
        let (status, v) = post("/api/show", serde_json::json!({ "text": text })).await;
        assert_eq!(status, StatusCode::OK, "{text}: {v}");
        assert_eq!(v["game"], Value::Null, "{text}");
        if text != "0.0.AB.}AB.}]!" {
            assert_eq!(v["position_full"], "1;2,3/2,3", "{text}");
            assert_eq!(v["svg"], hoey["svg"], "{text}");
        } else {
            assert_eq!(v["position_full"], "1;2;3,4/3,4", "{text}");
        }
    }
    // A neo-GLOP label says misère play; a request saying otherwise is
    // refused.
    let (status, v) = analyze(5, serde_json::json!({"text": "3-:0.0.0"})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["variant"], "misere");
    assert_eq!(v["outcome"], "loss"); // misère 3 spots: a first-player loss
    assert_eq!(
        error(
            "/api/analyze",
            serde_json::json!({"text": "3+:0.0.0", "variant": "misere"})
        )
        .await,
        (
            StatusCode::BAD_REQUEST,
            "the request says misere play, but the label 3+: says normal play".to_string()
        )
    );
    // Every reader's error reaches the page.
    assert_eq!(
        error("/api/show", serde_json::json!({"text": "0.AB|A"}))
            .await
            .0,
        StatusCode::BAD_REQUEST
    );
    for text in ["0", "0+", "0- 1(1)1"] {
        assert_eq!(
            error("/api/show", serde_json::json!({ "text": text })).await,
            (
                StatusCode::BAD_REQUEST,
                "a game needs at least one spot".to_string()
            ),
            "{text}"
        );
    }
    assert_eq!(
        error("/api/show", serde_json::json!({"text": "  "})).await,
        (
            StatusCode::BAD_REQUEST,
            "empty input: give a game or a position".to_string()
        )
    );
}

/// VmRSS and VmHWM of this process, in KiB.
fn memory_kib() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let field = |name: &str| -> u64 {
        let line = status.lines().find(|l| l.starts_with(name)).unwrap();
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// The report's move: a 60 KB list of million-spot ranges, refused at once
/// without growing the process (it once grew a server to 22.7 GB).
#[tokio::test]
async fn a_hostile_move_is_refused_quickly_and_small() {
    let ranges = vec!["2-1048575"; 6000].join(",");
    let hostile = format!("1(5)1[{ranges}]");
    let body = serde_json::json!({"text": "4+", "move": hostile}).to_string();
    assert!(
        body.len() > 50_000 && body.len() < MAX_BODY,
        "{}",
        body.len()
    );
    let (_, before) = memory_kib();
    let start = std::time::Instant::now();
    let (status, _, text) = send(
        Config::default(),
        Method::POST,
        "/api/play",
        body.into_bytes(),
    )
    .await;
    let took = start.elapsed();
    let (_, after) = memory_kib();
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let v: Value = serde_json::from_str(&text).unwrap();
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .starts_with("move 1(5)1[2-1048575,"),
        "{v}"
    );
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .ends_with("illegal: listed spot 5 does not exist"),
        "{v}"
    );
    assert!(took < std::time::Duration::from_secs(1), "{took:?}");
    assert!(
        after - before < 8 * 1024,
        "peak grew by {} KiB",
        after - before
    );
}

/// The `width="..." height="..."` of a picture.
fn size_of(svg: &str) -> (String, String) {
    let get = |key: &str| {
        svg.split(key)
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .to_string()
    };
    (get(" width=\""), get(" height=\""))
}

/// The spots of a picture: number and centre, as written.
fn spots_of(svg: &str) -> Vec<(String, String, String)> {
    svg.lines()
        .filter(|l| l.starts_with("<circle"))
        .map(|l| {
            let get = |key: &str| {
                l.split(key)
                    .nth(1)
                    .unwrap()
                    .split('"')
                    .next()
                    .unwrap()
                    .to_string()
            };
            (get("data-spot=\""), get("cx=\""), get("cy=\""))
        })
        .collect()
}

#[tokio::test]
async fn the_board_stays_put_move_by_move() {
    // 5 spots, then 1-2 and two more moves: every spot drawn before a move
    // is drawn at the same place after it, in a picture of the same size.
    let mut text = "5+".to_string();
    let (_, v) = post("/api/show", serde_json::json!({"text": text})).await;
    let mut before = v["svg"].as_str().unwrap().to_string();
    for m in ["1(6)2", "3(7)4", "6(8)7"] {
        let (status, v) = post("/api/play", serde_json::json!({"text": text, "move": m})).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        let after = v["svg"].as_str().unwrap().to_string();
        assert_eq!(size_of(&after), size_of(&before), "{m}");
        let old = spots_of(&before);
        assert_eq!(spots_of(&after)[..old.len()], old[..], "{m}");
        assert_eq!(spots_of(&after).len(), old.len() + 1);
        before = after;
        text = v["game"].as_str().unwrap().to_string();
    }
    assert_eq!(text, "5+ 1-6-2; 3-7-4; 6.2-8-7.4");
}

#[tokio::test]
async fn stepping_through_a_game_in_its_notation() {
    let game = "5+ 1(6)2 3(7)4 1(8)2";
    let (status, v) = post("/api/show", serde_json::json!({"text": game, "upto": 1})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    // The game up to move 1, the whole game listed, the caption in WGOSA.
    assert_eq!(v["game"], "5+ 1-6-2");
    assert_eq!(v["moves"], 1);
    assert_eq!(v["wgosa"], game);
    assert_eq!(v["notation"], "wgosa");
    let list: Vec<&str> = v["move_list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["wgosa"].as_str().unwrap())
        .collect();
    assert_eq!(list, vec!["1(6)2", "3(7)4", "1(8)2"]);
    assert_eq!(v["move_list"][2]["hoey"], "1-8-2>");
    assert!(v["svg"].as_str().unwrap().contains("after move 1: 1(6)2"));
    // The same position shown stepping back is the one shown when played.
    let (_, whole) = post("/api/show", serde_json::json!({"text": "5+ 1(6)2"})).await;
    assert_eq!(v["svg"], whole["svg"]);
    // Another notation asked for: the caption follows it.
    let (_, v) = post(
        "/api/show",
        serde_json::json!({"text": game, "upto": 2, "notation": "lhp"}),
    )
    .await;
    assert!(
        v["svg"]
            .as_str()
            .unwrap()
            .contains("after move 2: 3&lt;7&gt;4")
    );
    assert_eq!(
        error("/api/show", serde_json::json!({"text": game, "upto": 4})).await,
        (
            StatusCode::BAD_REQUEST,
            "the game has 3 moves, not 4".to_string()
        )
    );
    assert_eq!(
        error(
            "/api/show",
            serde_json::json!({"text": game, "notation": "x"})
        )
        .await
        .0,
        StatusCode::BAD_REQUEST
    );
}

#[tokio::test]
async fn the_page_takes_as_many_spots_as_the_server() {
    let (_, _, text) = send(Config::default(), Method::GET, "/", Vec::new()).await;
    assert!(text.contains(&format!("max=\"{}\"", sprouts_web::MAX_SPOTS)));
    assert!(text.contains("<meta name=\"viewport\""));
}
