//! `sprouts serve`: the built binary answers over HTTP on 127.0.0.1, and a
//! port it cannot listen on is a one-line error.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::Stdio;
use std::time::Duration;

use crate::common;

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Sends one HTTP/1.1 request and returns the whole answer.
fn http(port: u16, request: &str) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

#[test]
fn serves_the_page_and_the_api() {
    let port = free_port();
    let mut child = common::SPROUTS
        .command()
        .args(["serve", "--port", &port.to_string()])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for the line that says it is listening.
    let mut line = String::new();
    BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert_eq!(
        line,
        format!("sprouts: serving on http://127.0.0.1:{port}/ (Ctrl-C stops)\n")
    );
    let page = http(
        port,
        "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    assert!(page.starts_with("HTTP/1.1 200 OK"), "{page}");
    assert!(page.contains("<title>Sprouts</title>"));
    let body = r#"{"text":"3+","move":"1(4)2"}"#;
    let answer = http(
        port,
        &format!(
            "POST /api/play HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        ),
    );
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    assert!(answer.contains(r#""game":"3+ 1-4-2""#), "{answer}");
    // A request line that is not HTTP.
    let junk = http(port, "NONSENSE\r\n\r\n");
    assert!(
        junk.is_empty() || junk.starts_with("HTTP/1.1 400"),
        "{junk}"
    );
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn a_busy_port_is_an_error() {
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    let out = common::SPROUTS
        .command()
        .args(["serve", "--port", &port.to_string()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with(&format!("sprouts: cannot listen on 127.0.0.1:{port}: ")),
        "{err}"
    );
}
