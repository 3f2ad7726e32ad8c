//! `robots-lens serve`, run as a user runs it and spoken to over raw HTTP (so a test can send
//! any Host, Origin or key): the page's files and nothing else, the refusals of everything that
//! is not this server's own page, and the fetch endpoint against tests/live/server.py.

// The https case's CA is not used here.
#[allow(dead_code)]
#[path = "../../../tests/live/server.rs"]
mod server;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use server::LiveServer;

/// A running `robots-lens serve`, stopped when dropped.
struct Serve {
    child: Child,
    port: u16,
    key: String,
    stdout: Arc<Mutex<String>>,
    stderr: Arc<Mutex<String>>,
}

/// Collects what `source` prints, line by line, in the background.
fn collect(source: impl Read + Send + 'static, into: Arc<Mutex<String>>) {
    std::thread::spawn(move || {
        for line in BufReader::new(source).lines().map_while(Result::ok) {
            let mut text = into.lock().unwrap();
            text.push_str(&line);
            text.push('\n');
        }
    });
}

impl Serve {
    /// Starts the command with `args` (after `serve --port 0`) and waits for its address.
    fn start(args: &[&str]) -> Serve {
        let mut child = Command::new(env!("CARGO_BIN_EXE_robots-lens"))
            .args([
                "serve",
                "--port",
                "0",
                "--timeout",
                "3",
                "--connect-timeout",
                "2",
            ])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let mut stdout = BufReader::new(child.stdout.take().expect("piped"));
        let mut first = String::new();
        stdout
            .read_line(&mut first)
            .expect("serve prints its address");
        let port = first
            .strip_prefix("Robots Lens: http://127.0.0.1:")
            .and_then(|rest| rest.split('/').next())
            .and_then(|port| port.parse().ok())
            .unwrap_or_else(|| {
                let mut error = String::new();
                let _ = child.stderr.take().unwrap().read_to_string(&mut error);
                panic!("serve printed {first:?}, stderr {error:?}")
            });
        let (out, err) = (Arc::default(), Arc::default());
        collect(stdout, Arc::clone(&out));
        collect(child.stderr.take().expect("piped"), Arc::clone(&err));
        let mut serve = Serve {
            child,
            port,
            key: String::new(),
            stdout: out,
            stderr: err,
        };
        let (status, _, index) = serve.get("/", &[]);
        assert_eq!(status, 200);
        let index = String::from_utf8(index).unwrap();
        serve.key = index
            .split("<meta name=\"robots-lens-live\" content=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .expect("index.html carries the key")
            .to_owned();
        assert_eq!(serve.key.len(), 32, "{index}");
        serve
    }

    fn host(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    /// Sends `GET path` with `headers` (a Host of this server unless one is given) and returns
    /// the status, the head and the body.
    fn get(&self, path: &str, headers: &[(&str, &str)]) -> (u16, String, Vec<u8>) {
        self.request("GET", path, headers)
    }

    fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
    ) -> (u16, String, Vec<u8>) {
        let mut head = format!("{method} {path} HTTP/1.1\r\n");
        if !headers
            .iter()
            .any(|(name, _)| name.eq_ignore_ascii_case("host"))
        {
            head.push_str(&format!("Host: {}\r\n", self.host()));
        }
        for (name, value) in headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("\r\n");
        raw(self.port, head.as_bytes())
    }

    /// `GET /api/fetch?QUERY` as the page sends it; the status and the JSON answer.
    fn api(&self, query: &str) -> (u16, serde_json::Value) {
        let key = self.key.clone();
        let (status, _, body) = self.get(
            &format!("/api/fetch?{query}"),
            &[
                ("X-Robots-Lens-Key", &key),
                ("Sec-Fetch-Site", "same-origin"),
            ],
        );
        let json = serde_json::from_slice(&body)
            .unwrap_or_else(|error| panic!("{error}: {}", String::from_utf8_lossy(&body)));
        (status, json)
    }

    /// Waits until what the command printed on `stream` holds `words`.
    fn printed(&self, stream: &Arc<Mutex<String>>, words: &str) -> String {
        let until = Instant::now() + Duration::from_secs(5);
        loop {
            let text = stream.lock().unwrap().clone();
            if text.contains(words) || Instant::now() > until {
                return text;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Sends `request` to 127.0.0.1:`port` and reads the answer to its end (the server closes).
fn raw(port: u16, request: &[u8]) -> (u16, String, Vec<u8>) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("the server listens");
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    stream.write_all(request).unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).unwrap();
    let split = answer
        .windows(4)
        .position(|window| window == b"\r\n\r\n")
        .expect("a head");
    let head = String::from_utf8(answer[..split].to_vec()).unwrap();
    let status = head[9..12].parse().unwrap();
    (status, head, answer[split + 4..].to_vec())
}

/// A checkout-like folder: index.html with the live marker, a module, a built package folder,
/// a vector, and files that must not be served.
fn site_root() -> PathBuf {
    static COUNT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let parent = std::env::temp_dir().join(format!(
        "robots-lens-serve-{}-{}",
        std::process::id(),
        COUNT.fetch_add(1, std::sync::atomic::Ordering::SeqCst)
    ));
    let root = parent.join("site");
    for folder in ["www/pkg", "tests/vectors", ".git"] {
        std::fs::create_dir_all(root.join(folder)).unwrap();
    }
    let files: [(&str, &[u8]); 6] = [
        (
            "index.html",
            b"<!doctype html><head><meta name=\"robots-lens-live\" content=\"\"></head>",
        ),
        ("www/app.js", b"export {};"),
        ("www/pkg/m_bg.wasm", b"\0asm\x01\0\0\0"),
        ("tests/vectors/v.json", b"{}"),
        (".git/config", b"[core]"),
        ("Cargo.toml", b"[package]"),
    ];
    for (name, bytes) in files {
        std::fs::write(root.join(name), bytes).unwrap();
    }
    std::fs::write(parent.join("secret.txt"), "outside the root").unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(parent.join("secret.txt"), root.join("www/leak.js")).unwrap();
    root
}

fn remove(root: &Path) {
    let _ = std::fs::remove_dir_all(root.parent().unwrap());
}

#[test]
fn the_page_and_nothing_else_is_served_to_this_servers_own_name() {
    let root = site_root();
    let serve = Serve::start(&["--root", root.to_str().unwrap()]);

    let (status, head, body) = serve.get("/www/app.js", &[]);
    assert_eq!(status, 200);
    assert!(
        head.contains("Content-Type: text/javascript; charset=utf-8"),
        "{head}"
    );
    assert!(head.contains("X-Content-Type-Options: nosniff"), "{head}");
    assert_eq!(body, b"export {};");
    let (status, head, _) = serve.get("/www/pkg/m_bg.wasm", &[]);
    assert_eq!(status, 200);
    assert!(head.contains("Content-Type: application/wasm"), "{head}");
    assert_eq!(serve.get("/tests/vectors/v.json", &[]).0, 200);
    let (_, head, _) = serve.get("/", &[]);
    assert!(head.contains("frame-ancestors 'none'"), "{head}");

    for path in [
        "/Cargo.toml",
        "/.git/config",
        "/www/../Cargo.toml",
        "/www/%2e%2e/Cargo.toml",
        "/www/leak.js",
        "/www/missing.js",
    ] {
        assert_eq!(serve.get(path, &[]).0, 404, "{path}");
    }
    let (status, _, body) = serve.request("HEAD", "/www/app.js", &[]);
    assert_eq!((status, body.len()), (200, 0));
    assert_eq!(serve.request("POST", "/", &[]).0, 405);

    // Its own names are served; another name pointed at 127.0.0.1 (DNS rebinding) is not, so
    // a page there cannot read the key.
    let port = serve.port;
    for host in [format!("localhost:{port}"), format!("[::1]:{port}")] {
        assert_eq!(serve.get("/", &[("Host", &host)]).0, 200, "{host}");
    }
    for host in [
        format!("rebind.example:{port}"),
        "127.0.0.1".to_owned(),
        format!("127.0.0.1:{}", port.wrapping_add(1)),
    ] {
        let (status, _, body) = serve.get("/", &[("Host", &host)]);
        assert_eq!(status, 403, "{host}");
        assert!(!String::from_utf8_lossy(&body).contains(&serve.key));
    }
    let (status, _, _) = raw(port, b"GET / HTTP/1.0\r\n\r\n");
    assert_eq!(status, 403, "a request that names no host");
    let (status, _, _) = serve.get("/", &[("Origin", "https://elsewhere.example")]);
    assert_eq!(status, 403);

    // Ctrl+C stops it.
    #[cfg(unix)]
    {
        let mut serve = serve;
        let interrupted = Command::new("kill")
            .args(["-INT", &serve.child.id().to_string()])
            .status()
            .unwrap();
        assert!(interrupted.success());
        let until = Instant::now() + Duration::from_secs(10);
        let ended = loop {
            if let Some(status) = serve.child.try_wait().unwrap() {
                break Some(status);
            }
            if Instant::now() > until {
                break None;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        assert!(
            ended.is_some_and(|status| !status.success()),
            "SIGINT ends serve"
        );
    }
    remove(&root);
}

#[test]
fn the_endpoint_answers_only_its_own_page_and_only_for_a_robots_txt() {
    let root = site_root();
    let serve = Serve::start(&["--root", root.to_str().unwrap()]);
    let port = serve.port;
    let site = "site=http%3A%2F%2F127.0.0.1%3A1%2F";
    let path = format!("/api/fetch?{site}");
    let key = serve.key.clone();
    let rebind = format!("rebind.example:{port}");
    let refused: [(&str, Vec<(&str, &str)>); 6] = [
        ("no key", vec![]),
        ("a wrong key", vec![("X-Robots-Lens-Key", "0123")]),
        (
            "a foreign Host",
            vec![("Host", &rebind), ("X-Robots-Lens-Key", &key)],
        ),
        (
            "a foreign Origin",
            vec![
                ("Origin", "https://elsewhere.example"),
                ("X-Robots-Lens-Key", &key),
            ],
        ),
        (
            "another site's request",
            vec![
                ("Sec-Fetch-Site", "cross-site"),
                ("X-Robots-Lens-Key", &key),
            ],
        ),
        (
            "the key twice",
            vec![("X-Robots-Lens-Key", &key), ("X-Robots-Lens-Key", &key)],
        ),
    ];
    for (what, headers) in refused {
        let (status, _, body) = serve.get(&path, &headers);
        assert!(status == 403 || status == 400, "{what}: {status}");
        assert!(
            String::from_utf8_lossy(&body).contains("\"error\""),
            "{what}"
        );
    }
    // The page's own request, as a browser sends it from this origin.
    let own_origin = format!("http://127.0.0.1:{port}");
    let (status, _, _) = serve.get(
        &path,
        &[
            ("Origin", &own_origin),
            ("X-Robots-Lens-Key", &key),
            ("Sec-Fetch-Site", "same-origin"),
        ],
    );
    assert_eq!(status, 200);

    for (query, words) in [
        ("site=https%3A%2F%2Fuser%3Apw%40a.example%2F", "credentials"),
        ("site=ftp%3A%2F%2Fa.example%2Frobots.txt", "only http"),
        ("site=file%3A%2F%2F%2Fetc%2Fpasswd", "only http"),
        ("site=javascript%3Aalert(1)", "with its scheme"),
        (
            "site=http%3A%2F%2F127.0.0.1%3A1%2F&path=%2Fadmin",
            "unknown parameter 'path'",
        ),
        (
            "site=http%3A%2F%2F127.0.0.1%3A1%2F&url=http%3A%2F%2Fa.example%2Fx",
            "unknown parameter 'url'",
        ),
        ("crawler=Googlebot", "site is missing"),
        (
            "site=http%3A%2F%2F127.0.0.1%3A1%2F&crawler=Nobody",
            "no catalogued crawler",
        ),
    ] {
        let (status, json) = serve.api(query);
        assert_eq!(status, 400, "{query}");
        let error = json["error"].as_str().unwrap();
        assert!(error.contains(words), "{query}: {error}");
    }
    assert_eq!(
        serve.get("/api/other", &[("X-Robots-Lens-Key", &key)]).0,
        404
    );
    let refusals = serve.printed(&serve.stderr, "unknown parameter 'url'");
    assert!(
        refusals.contains("refused GET /api/fetch: Host 'rebind.example"),
        "{refusals}"
    );
    assert!(refusals.contains("credentials"), "{refusals}");
    drop(serve);
    remove(&root);
}

/// RFC 4648 base64, for the body the endpoint sends.
fn unbase64(text: &str) -> Vec<u8> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut bits = 0u32;
    let mut count = 0;
    let mut bytes = Vec::new();
    for byte in text.bytes().filter(|&byte| byte != b'=') {
        bits = bits << 6 | ALPHABET.iter().position(|&known| known == byte).unwrap() as u32;
        count += 6;
        if count >= 8 {
            count -= 8;
            bytes.push((bits >> count) as u8);
        }
    }
    bytes
}

#[test]
fn the_endpoint_fetches_the_sites_robots_txt_as_the_crawler_is_served_it() {
    let live = LiveServer::start();
    let root = site_root();
    let serve = Serve::start(&["--root", root.to_str().unwrap()]);
    let ask = |case: &str, path: &str, crawler: &str| {
        let site = format!("{}{path}", live.site(case))
            .replace(':', "%3A")
            .replace('/', "%2F");
        let (status, json) = serve.api(&format!("site={site}&crawler={crawler}"));
        assert_eq!(status, 200, "{case}: {json}");
        json
    };
    let text_site = live.site("text");

    // Any address on the site: its /robots.txt is what is requested, the address's path is
    // only echoed back for the page to ask about.
    let json = ask("text", "/admin/secret?x=1", "GPTBot");
    assert_eq!(json["robotsUrl"], format!("{text_site}/robots.txt"));
    assert_eq!(json["hops"][0]["url"], format!("{text_site}/robots.txt"));
    assert_eq!(json["path"], "/admin/secret?x=1");
    assert_eq!(json["status"], "200");
    assert_eq!(json["crawler"], "GPTBot");
    assert!(json["userAgent"].as_str().unwrap().contains("GPTBot"));
    let body = unbase64(json["body"].as_str().unwrap());
    assert!(
        body.starts_with(b"User-agent: GPTBot\nDisallow: /\n\n"),
        "the file served to GPTBot"
    );
    assert_eq!(json["size"], body.len());

    let json = ask("r2", "/", "Googlebot");
    assert_eq!(json["status"], "301>302>200");
    assert_eq!(json["finalUrl"], format!("{text_site}/robots.txt"));
    assert_eq!(json["hops"].as_array().unwrap().len(), 3);
    assert!(json["hops"][2]["elapsedMs"].as_u64() >= json["hops"][0]["elapsedMs"].as_u64());

    for (case, status) in [
        ("s404", "404"),
        ("s503", "503"),
        ("s429", "429"),
        ("html", "html"),
    ] {
        let json = ask(case, "/", "");
        assert_eq!(json["status"], status, "{case}");
        assert_eq!(json["hasFile"], case == "html", "{case}");
        assert_eq!(
            json["body"].as_str().unwrap().is_empty(),
            case != "html",
            "{case}"
        );
    }
    let json = ask("gzip", "/", "");
    assert_eq!(json["contentEncoding"], "gzip");
    assert!(unbase64(json["body"].as_str().unwrap()).starts_with(b"User-agent: *\n"));

    // The body as served, past the cut, as a file on disk is read: the page's audit sees it.
    let json = ask("big", "/", "");
    assert_eq!(
        (json["cut"].as_bool(), json["size"].as_u64()),
        (Some(true), Some(5_000_000))
    );
    assert_eq!(unbase64(json["body"].as_str().unwrap()).len(), 5_000_000);

    // A server that never answers: the command's --timeout (3 s here) ends it.
    let json = ask("silent", "/", "");
    assert_eq!(json["status"], "unreachable");
    assert_eq!(json["failure"]["kind"], "timeout");

    let log = serve.printed(&serve.stdout, "timed out");
    assert!(
        log.contains(&format!(
            "fetched {text_site}/robots.txt as GPTBot: 200, 106 bytes"
        )),
        "{log}"
    );
    assert!(log.contains("301 → 302 → 200"), "{log}");
    drop(serve);
    remove(&root);
}

#[test]
fn the_page_built_in_is_served_or_its_absence_explained() {
    let output = Command::new(env!("CARGO_BIN_EXE_robots-lens"))
        .args(["serve", "--port", "0", "--root", "/nonexistent/robots-lens"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--root /nonexistent/robots-lens"));

    // A build made after the page's (as a release is) carries it; one made before says how to
    // get it. Which one this is depends on whether www/pkg/ was built first.
    let mut child = Command::new(env!("CARGO_BIN_EXE_robots-lens"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    if first.is_empty() {
        let mut error = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut error)
            .unwrap();
        assert_eq!(child.wait().unwrap().code(), Some(2));
        assert!(error.contains("scripts/build-wasm.sh"), "{error}");
        return;
    }
    let serve = Serve {
        port: first
            .trim_start_matches("Robots Lens: http://127.0.0.1:")
            .split('/')
            .next()
            .unwrap()
            .parse()
            .unwrap(),
        child,
        key: String::new(),
        stdout: Arc::default(),
        stderr: Arc::default(),
    };
    let (status, _, index) = serve.get("/", &[]);
    assert_eq!(status, 200);
    assert!(String::from_utf8_lossy(&index).contains("<meta name=\"robots-lens-live\" content=\""));
    let wasm = "/www/pkg/robots_lens_wasm_bg.wasm";
    let (status, head, gzipped) = serve.get(wasm, &[("Accept-Encoding", "gzip, br")]);
    assert_eq!(status, 200);
    assert!(head.contains("Content-Encoding: gzip"), "{head}");
    let (_, head, plain) = serve.get(wasm, &[]);
    assert!(!head.contains("Content-Encoding"), "{head}");
    assert!(plain.starts_with(b"\0asm") && plain.len() > gzipped.len());
    let on_disk = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(&wasm[1..]);
    if let Ok(bytes) = std::fs::read(on_disk) {
        // The same build of the page, unless it was rebuilt since this binary was.
        if bytes.len() == plain.len() {
            assert_eq!(bytes, plain);
        }
    }
}
