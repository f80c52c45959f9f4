//! `sprouts serve`: the Sprouts web page on this computer.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use std::sync::Arc;

use anyhow::{Context, Result};
use sprouts_web::opponent::Computer;

/// Serve a web page to play Sprouts in a browser.
///
/// Start a normal or misère game or paste a game (any notation) or a full
/// position; make moves by typing them in any notation or by clicking two
/// spots; undo; read and download the game in WGOSA, LHP and Hoey notation.
/// The page is built into the program. The server keeps no state, so
/// several browsers can use it at once. It listens on 127.0.0.1 (this
/// computer only) unless --host says otherwise (--port 0 picks a free
/// port; the address is printed). The computer opponent asks the
/// solver, then a search, for at most a second per move. The analysis
/// panel (off by default) shows the solver's outcome, nimber and winning
/// moves, or says what it could not decide within a second.
#[derive(Debug, clap::Args)]
#[command(after_long_help = "\
Examples:
  sprouts serve              then open http://127.0.0.1:8080/
  sprouts serve --port 9000")]
pub struct Args {
    /// The port to listen on.
    #[arg(long, default_value_t = 8080)]
    port: u16,

    /// The address to listen on.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    host: IpAddr,
}

pub fn run(args: &Args) -> Result<()> {
    let addr = SocketAddr::new(args.host, args.port);
    let runtime = tokio::runtime::Runtime::new().context("cannot start the server")?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .with_context(|| format!("cannot listen on {addr}"))?;
        let addr = listener.local_addr().unwrap_or(addr);
        eprintln!("sprouts: serving on http://{addr}/ (Ctrl-C stops)");
        let config = sprouts_web::Config {
            opponent: Some(Arc::new(Computer::default())),
            ..Default::default()
        };
        sprouts_web::serve(listener, config)
            .await
            .context("the server stopped")
    })
}
