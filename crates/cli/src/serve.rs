//! `robots-lens serve`: the page on this machine's loopback, with a fetch endpoint beside it,
//! so the page can read a site's live robots.txt through the user's own robots-lens and nothing
//! goes to anyone else's server.
//!
//! A browser may not read another site's robots.txt (no CORS), and the page must never send
//! what a user types to a server of ours; the user's own machine can fetch it, as `robots-lens
//! fetch` does. This command serves the page (embedded in the binary, or a checkout's with
//! `--root`) on 127.0.0.1 and [::1] only, and answers `GET /api/fetch?site=…&crawler=…`
//! (serve/api.rs) with the site's `/robots.txt` as the crawler is served it.
//!
//! # Who may ask
//!
//! Anything running on the machine can connect to a loopback port, and any web page the user
//! opens can make the browser send it requests. So every request must name this server in its
//! `Host` (`127.0.0.1:PORT`, `[::1]:PORT` or `localhost:PORT`): a page whose host name an
//! attacker points at 127.0.0.1 (DNS rebinding) sends its own name and is refused, which also
//! keeps it from reading the key below. A request that carries an `Origin` must come from this
//! server's origin. The endpoint further needs `Sec-Fetch-Site: same-origin` when the browser
//! sends that header, and the key: a random value made at start-up and written into the
//! index.html this server hands out, which only a page from this origin can read; the page
//! sends it back in `X-Robots-Lens-Key`. A page elsewhere can neither read it nor send a
//! custom header without a CORS preflight, which is never answered.
//!
//! # Limits
//!
//! Request heads of at most 16 KiB, sent within 10 s; at most [`MAX_CONNECTIONS`] open at once
//! and [`MAX_FETCHES`] fetches in flight (more get a 503); each fetch has the fetch crate's
//! limits (five redirects, 500 KiB read and 32 MiB counted, the timeouts of `--timeout` and
//! `--connect-timeout`). One line per fetch, and one per refused request to the endpoint, is
//! printed; Ctrl+C stops the server.

mod api;
mod http;
mod page;

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::io::{self, Write};
use std::net::{Ipv4Addr, Ipv6Addr, SocketAddr, TcpListener, TcpStream};
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use robots_lens_fetch::{FetchOptions, Fetched};

use crate::args::{Args, UsageError};
use crate::live::{settings, size_words};
use crate::terminal::{self, printable};
use http::{Refusal, Request, Response};
use page::{Body, Page};

/// The port tried first, and how many after it when it is busy.
const DEFAULT_PORT: u16 = 8000;
const PORT_ATTEMPTS: u16 = 20;

/// Open connections at once; a browser opens six per host, the rest wait in the backlog.
pub const MAX_CONNECTIONS: usize = 64;

/// Fetches in flight at once: the page asks one at a time.
pub const MAX_FETCHES: usize = 4;

/// The header that carries the key.
const KEY_HEADER: &str = "x-robots-lens-key";

/// How long writing an answer may take.
const WRITE_TIMEOUT: Duration = Duration::from_secs(30);

/// What every connection's thread reads.
struct Server {
    page: Page,
    port: u16,
    key: String,
    fetch_options: FetchOptions,
    connections: AtomicUsize,
    fetches: AtomicUsize,
}

pub fn run(args: &Args) -> Result<ExitCode, UsageError> {
    if let Some(extra) = args.positional.first() {
        return Err(UsageError::new(format!(
            "serve takes no FILE, not '{extra}': the page asks for a site's robots.txt itself"
        )));
    }
    let port = match args.port.as_deref() {
        None => None,
        Some(text) => Some(text.trim().parse::<u16>().map_err(|_| {
            UsageError::new(format!(
                "--port: '{text}' is not a port: give a number from 0 to 65535 (0: any free port)"
            ))
        })?),
    };
    let fetch_options = settings(&args.live_options(), None)?.options;
    let key = random_key();
    let page = match args.root.as_deref() {
        Some(root) => Page::from_disk(Path::new(root), &key),
        None => Page::embedded(&key),
    }
    .map_err(|why| UsageError::new(format!("serve: {why}")))?;
    let (listeners, port) = bind(port)?;
    let server = Arc::new(Server {
        page,
        port,
        key,
        fetch_options,
        connections: AtomicUsize::new(0),
        fetches: AtomicUsize::new(0),
    });
    let url = format!("http://127.0.0.1:{port}/");
    {
        let mut out = terminal::stdout(terminal::Style::Text);
        let also = if listeners.len() > 1 {
            format!(" (also http://[::1]:{port}/)")
        } else {
            String::new()
        };
        let files = match server.page.file_count() {
            Some(count) => format!("the page's {count} files from this build"),
            None => format!("the page from {}", args.root.as_deref().unwrap_or_default()),
        };
        writeln!(out, "Robots Lens: {url}{also}")
            .and_then(|()| {
                writeln!(
                    out,
                    "Serving {files} on loopback only; the page fetches a site's robots.txt \
                     through this command. Press Ctrl+C to stop."
                )
            })
            .and_then(|()| out.flush())
            .map_err(UsageError::output)?;
    }
    if args.open {
        open_browser(&url);
    }
    let mut threads = Vec::new();
    for listener in listeners {
        let server = Arc::clone(&server);
        threads.push(std::thread::spawn(move || accept(&listener, &server)));
    }
    for thread in threads {
        let _ = thread.join();
    }
    Ok(ExitCode::SUCCESS)
}

/// Listeners on 127.0.0.1 and, where the machine has IPv6, on [::1], both on one port: `port`,
/// or the first free one from 8000 on (`Some(0)`: one the system picks).
fn bind(port: Option<u16>) -> Result<(Vec<TcpListener>, u16), UsageError> {
    let candidates: Vec<u16> = match port {
        Some(port) => vec![port],
        None => (0..PORT_ATTEMPTS)
            .map(|offset| DEFAULT_PORT + offset)
            .collect(),
    };
    let mut last_error = None;
    for candidate in candidates {
        let v4 = match TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, candidate))) {
            Ok(listener) => listener,
            Err(error) => {
                last_error = Some(error);
                continue;
            }
        };
        let bound = v4.local_addr().map_err(UsageError::output)?.port();
        match TcpListener::bind(SocketAddr::from((Ipv6Addr::LOCALHOST, bound))) {
            Ok(v6) => return Ok((vec![v4, v6], bound)),
            // Taken on [::1] by something else: the page must have one origin, so try the next.
            Err(error) if error.kind() == io::ErrorKind::AddrInUse && port.is_none() => {
                last_error = Some(error);
            }
            // No IPv6 on this machine (or the port taken when it was asked for): 127.0.0.1 only.
            Err(_) => return Ok((vec![v4], bound)),
        }
    }
    let error = last_error.map_or_else(String::new, |error| format!(": {error}"));
    Err(UsageError::new(match port {
        Some(port) => format!("serve: cannot listen on 127.0.0.1:{port}{error}"),
        None => format!(
            "serve: ports {DEFAULT_PORT} to {} are all busy{error}; give --port N (0: any free \
             port)",
            DEFAULT_PORT + PORT_ATTEMPTS - 1
        ),
    }))
}

fn accept(listener: &TcpListener, server: &Arc<Server>) {
    for stream in listener.incoming() {
        let Ok(stream) = stream else {
            // Out of file descriptors, say: waiting a moment keeps the loop from spinning.
            std::thread::sleep(Duration::from_millis(50));
            continue;
        };
        if server.connections.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
            server.connections.fetch_sub(1, Ordering::SeqCst);
            let _ = answer_busy(stream);
            continue;
        }
        let shared = Arc::clone(server);
        let spawned = std::thread::Builder::new().spawn(move || {
            let _ = handle(stream, &shared);
            shared.connections.fetch_sub(1, Ordering::SeqCst);
        });
        if spawned.is_err() {
            // The closure (and its count) went with the failed spawn.
            server.connections.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

fn answer_busy(mut stream: TcpStream) -> io::Result<()> {
    stream.set_write_timeout(Some(WRITE_TIMEOUT))?;
    refusal_response(&Refusal::new(
        503,
        "too many connections at once; try again",
    ))
    .write(&mut stream, false)
}

fn handle(mut stream: TcpStream, server: &Server) -> io::Result<()> {
    stream.set_read_timeout(Some(http::HEAD_TIMEOUT))?;
    stream.set_write_timeout(Some(WRITE_TIMEOUT))?;
    let request = match http::read_request(&mut stream) {
        Ok(Some(request)) => request,
        Ok(None) => return Ok(()),
        Err(refusal) => return refusal_response(&refusal).write(&mut stream, false),
    };
    let head_only = request.method == "HEAD";
    let response = respond(&request, server);
    response.write(&mut stream, head_only)
}

/// The answer to `request`.
fn respond(request: &Request, server: &Server) -> Response {
    if request.method != "GET" && request.method != "HEAD" {
        return refusal_response(&Refusal::new(
            405,
            format!("{} is not answered here: GET only", request.method),
        ))
        .header("Allow", "GET, HEAD");
    }
    let is_api = request.path == "/api" || request.path.starts_with("/api/");
    if let Err(refusal) = check_caller(request, server, is_api) {
        if is_api {
            log_refusal(request, &refusal);
        }
        return refusal_response(&refusal);
    }
    if !is_api {
        return match server.page.find(&request.path) {
            Some(found) => file_response(request, found),
            None => refusal_response(&Refusal::new(404, "not a file of the page")),
        };
    }
    if request.path != "/api/fetch" {
        return refusal_response(&Refusal::new(404, "the only endpoint is /api/fetch"));
    }
    if request.method != "GET" {
        // A HEAD would fetch the site and throw the answer away.
        return refusal_response(&Refusal::new(405, "the endpoint answers GET only"))
            .header("Allow", "GET");
    }
    let asked = match api::read_query(request.query.as_deref()) {
        Ok(asked) => asked,
        Err(refusal) => {
            log_refusal(request, &refusal);
            return refusal_response(&refusal);
        }
    };
    if server.fetches.fetch_add(1, Ordering::SeqCst) >= MAX_FETCHES {
        server.fetches.fetch_sub(1, Ordering::SeqCst);
        return refusal_response(&Refusal::new(
            503,
            format!("{MAX_FETCHES} fetches are already under way; try again when one ends"),
        ));
    }
    let done = api::fetch_for(&asked, &server.fetch_options);
    server.fetches.fetch_sub(1, Ordering::SeqCst);
    log_fetch(&done, asked.crawler);
    match serde_json::to_vec(&api::Report::new(&done, asked.crawler)) {
        Ok(json) => json_response(200, json),
        Err(error) => refusal_response(&Refusal::new(500, error.to_string())),
    }
}

/// Refuses a request that does not come from this server's own page (see the module docs).
fn check_caller(request: &Request, server: &Server, is_api: bool) -> Result<(), Refusal> {
    let forbidden = |message: String| Refusal::new(403, message);
    let host = request
        .header("host")?
        .ok_or_else(|| forbidden("the request names no Host".to_owned()))?;
    let own = own_authorities(server.port);
    if !own
        .iter()
        .any(|authority| authority.eq_ignore_ascii_case(host))
    {
        return Err(forbidden(format!(
            "Host '{host}' is not this server ({}): a page elsewhere that points its name at \
             this machine is not served",
            own.join(", ")
        )));
    }
    if let Some(origin) = request.header("origin")? {
        if !origin.eq_ignore_ascii_case(&format!("http://{host}")) {
            return Err(forbidden(format!(
                "Origin '{origin}' is not this server's: only its own page may ask it"
            )));
        }
    }
    if !is_api {
        return Ok(());
    }
    if let Some(site) = request.header("sec-fetch-site")? {
        if site != "same-origin" {
            return Err(forbidden(format!(
                "the browser says the request comes from another site (Sec-Fetch-Site: {site})"
            )));
        }
    }
    if request.header(KEY_HEADER)? != Some(server.key.as_str()) {
        return Err(forbidden(
            "the request does not carry this server's key: only the page it serves may ask"
                .to_owned(),
        ));
    }
    Ok(())
}

/// The `Host` values that name this server.
fn own_authorities(port: u16) -> [String; 3] {
    [
        format!("127.0.0.1:{port}"),
        format!("[::1]:{port}"),
        format!("localhost:{port}"),
    ]
}

fn file_response(request: &Request, found: page::Found) -> Response {
    let takes_gzip = request
        .header("accept-encoding")
        .ok()
        .flatten()
        .is_some_and(|accepted| {
            accepted.split(',').any(|coding| {
                coding
                    .split(';')
                    .next()
                    .is_some_and(|name| name.trim() == "gzip")
            })
        });
    let response = match found.body {
        Body::Gzip(gzip) if takes_gzip => {
            Response::new(200, found.content_type, gzip.to_vec()).header("Content-Encoding", "gzip")
        }
        Body::Gzip(gzip) => match page::gunzip(gzip, gzip.len() * 3) {
            Ok(bytes) => Response::new(200, found.content_type, bytes),
            Err(why) => return refusal_response(&Refusal::new(500, why)),
        },
        Body::Plain(bytes) => Response::new(200, found.content_type, bytes),
    };
    let response = response
        .header("Cache-Control", "no-cache")
        .header("Vary", "Accept-Encoding");
    if found.content_type.starts_with("text/html") {
        // The page is never framed by another: what it shows is what the user sees.
        response.header("Content-Security-Policy", "frame-ancestors 'none'")
    } else {
        response
    }
}

fn json_response(status: u16, json: Vec<u8>) -> Response {
    Response::new(status, "application/json; charset=utf-8", json)
        .header("Cache-Control", "no-store")
}

fn refusal_response(refusal: &Refusal) -> Response {
    let json = serde_json::json!({ "error": refusal.message, "status": refusal.status });
    json_response(refusal.status, json.to_string().into_bytes())
}

/// One line on standard output for each fetch: what was fetched, as whom, and how it went.
fn log_fetch(done: &Fetched, crawler: Option<&robots_lens::Crawler>) {
    let mut chain: Vec<String> = done.hops.iter().map(|hop| hop.status.to_string()).collect();
    if let Some(failure) = &done.failure {
        chain.push(failure.to_string());
    }
    let size = if done.has_file() {
        format!(", {}", size_words(done))
    } else {
        String::new()
    };
    let line = format!(
        "fetched {} as {}: {}{size} ({:.2} s)",
        done.robots_url,
        crawler.map_or("RobotsLens", |crawler| crawler.name),
        chain.join(" → "),
        done.elapsed.as_secs_f64()
    );
    let mut out = terminal::stdout(terminal::Style::Text);
    let _ = writeln!(out, "{}", printable(&line)).and_then(|()| out.flush());
}

/// One line on standard error for each refused request to the endpoint.
fn log_refusal(request: &Request, refusal: &Refusal) {
    let line = format!(
        "refused {} {}: {}",
        request.method,
        terminal::shortened(&request.path),
        refusal.message
    );
    let _ = writeln!(terminal::stderr(), "{}", printable(&line));
}

/// 32 hexadecimal digits from the standard library's per-process random hasher keys (the
/// operating system's randomness, which is all the key needs: it is never stored).
fn random_key() -> String {
    let mut key = String::with_capacity(32);
    for round in 0..2u64 {
        let mut hasher = RandomState::new().build_hasher();
        hasher.write_u64(round);
        hasher.write_u128(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |elapsed| elapsed.as_nanos()),
        );
        key.push_str(&format!("{:016x}", hasher.finish()));
    }
    key
}

/// Opens `url` in the user's browser; says so when it cannot (the address is printed anyway).
fn open_browser(url: &str) {
    let (program, arguments): (&str, Vec<&str>) = if cfg!(target_os = "macos") {
        ("open", vec![url])
    } else if cfg!(windows) {
        ("cmd", vec!["/C", "start", "", url])
    } else {
        ("xdg-open", vec![url])
    };
    let opened = std::process::Command::new(program)
        .args(&arguments)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if let Err(error) = opened {
        let _ = writeln!(
            terminal::stderr(),
            "robots-lens: --open: cannot start {program} ({error}); open {url} yourself"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_differ_and_are_long() {
        let (a, b) = (random_key(), random_key());
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|byte| byte.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }
}
