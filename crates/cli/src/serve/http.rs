//! Just enough HTTP/1.1 for a page on loopback: one request a connection, read with a bounded
//! head, answered and closed.
//!
//! The server talks only to the browser on the same machine, so it needs no keep-alive, no
//! chunked bodies and no request bodies: a GET or a HEAD whose head fits in [`MAX_HEAD_BYTES`]
//! within [`HEAD_TIMEOUT`]. Anything else is refused with the status that says why, which keeps
//! the parser small enough to read in one sitting.

use std::io::{self, Read, Write};
use std::time::Duration;

/// The longest request head read (request line and headers); a browser's is about 1 KiB.
pub const MAX_HEAD_BYTES: usize = 16 * 1024;

/// How long a client may take to send its request head.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(10);

/// A request: its method, its target split into path and query, and its headers.
#[derive(Debug)]
pub struct Request {
    pub method: String,
    /// The path as sent (still percent-encoded), starting with `/`.
    pub path: String,
    /// What follows `?`, without it.
    pub query: Option<String>,
    /// Names lower-cased, in the order sent.
    headers: Vec<(String, String)>,
}

impl Request {
    /// The value of the header `name` (lower case), when it was sent once; `Err` when it was
    /// sent more than once, which no browser does and which would let two readers disagree.
    pub fn header(&self, name: &str) -> Result<Option<&str>, Refusal> {
        let mut values = self
            .headers
            .iter()
            .filter(|(header, _)| header == name)
            .map(|(_, value)| value.as_str());
        let first = values.next();
        if values.next().is_some() {
            return Err(Refusal::new(
                400,
                format!("the request has more than one {name} header"),
            ));
        }
        Ok(first)
    }
}

/// A request that is not answered, with the status that says why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub status: u16,
    pub message: String,
}

impl Refusal {
    pub fn new(status: u16, message: impl Into<String>) -> Refusal {
        Refusal {
            status,
            message: message.into(),
        }
    }
}

/// Reads one request head from `stream`. `Ok(None)` when the client closed the connection
/// before sending anything (a browser's speculative connection).
pub fn read_request(stream: &mut impl Read) -> Result<Option<Request>, Refusal> {
    let mut head = Vec::with_capacity(1024);
    let mut chunk = [0u8; 2048];
    let end = loop {
        if let Some(end) = head_end(&head) {
            break end;
        }
        if head.len() >= MAX_HEAD_BYTES {
            return Err(Refusal::new(
                431,
                format!("the request head is longer than {MAX_HEAD_BYTES} bytes"),
            ));
        }
        let room = (MAX_HEAD_BYTES + 4 - head.len()).min(chunk.len());
        match stream.read(&mut chunk[..room]) {
            Ok(0) if head.is_empty() => return Ok(None),
            Ok(0) => return Err(Refusal::new(400, "the request ended before its head did")),
            Ok(read) => head.extend_from_slice(&chunk[..read]),
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error)
                if matches!(
                    error.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                return Err(Refusal::new(408, "the request head did not arrive in time"))
            }
            Err(_) => return Ok(None),
        }
    };
    parse_head(&head[..end]).map(Some)
}

/// Where the head ends (the blank line), counting the blank line's bytes.
fn head_end(bytes: &[u8]) -> Option<usize> {
    let crlf = bytes
        .windows(4)
        .position(|window| window == b"\r\n\r\n")
        .map(|at| at + 4);
    let lf = bytes
        .windows(2)
        .position(|window| window == b"\n\n")
        .map(|at| at + 2);
    match (crlf, lf) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

fn parse_head(head: &[u8]) -> Result<Request, Refusal> {
    let bad = |message: &str| Refusal::new(400, message.to_owned());
    let text = std::str::from_utf8(head).map_err(|_| bad("the request head is not text"))?;
    let mut lines = text.split('\n').map(|line| line.trim_end_matches('\r'));
    let request_line = lines.next().unwrap_or_default();
    let mut parts = request_line.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(bad("the request line is not METHOD TARGET HTTP/1.1"));
    };
    if version != "HTTP/1.1" && version != "HTTP/1.0" {
        return Err(Refusal::new(505, format!("{version} is not spoken here")));
    }
    // Only the origin form (`/path?query`): an absolute URL is a request for a proxy.
    if !target.starts_with('/') || target.starts_with("//") {
        return Err(bad("the request target must be a path on this server"));
    }
    if target.bytes().any(|byte| byte <= b' ' || byte == 0x7f) {
        return Err(bad("the request target holds spaces or control characters"));
    }
    let (path, query) = match target.split_once('?') {
        Some((path, query)) => (path, Some(query.to_owned())),
        None => (target, None),
    };
    let mut headers = Vec::new();
    for line in lines.filter(|line| !line.is_empty()) {
        let Some((name, value)) = line.split_once(':') else {
            return Err(bad("a header line has no colon"));
        };
        if name.is_empty() || name.bytes().any(|byte| !is_token_byte(byte)) {
            return Err(bad("a header name holds characters no header name has"));
        }
        let value = value.trim_matches([' ', '\t']);
        if value
            .bytes()
            .any(|byte| (byte < b' ' && byte != b'\t') || byte == 0x7f)
        {
            return Err(bad("a header value holds control characters"));
        }
        headers.push((name.to_ascii_lowercase(), value.to_owned()));
    }
    let request = Request {
        method: method.to_owned(),
        path: path.to_owned(),
        query,
        headers,
    };
    // Two Hosts: the one checked might not be the one a proxy or the browser meant.
    request.header("host")?;
    // A request body is never read: one announced would be left in the connection.
    if request.header("transfer-encoding")?.is_some()
        || request
            .header("content-length")?
            .is_some_and(|length| length.trim() != "0")
    {
        return Err(bad("this server takes no request body"));
    }
    Ok(request)
}

/// RFC 9110 §5.6.2's `tchar`.
fn is_token_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&byte)
}

/// `%41` → `A` and, in a query, `+` → space; `None` for a bad escape or bytes that are not
/// UTF-8.
pub fn percent_decode(text: &str, plus_is_space: bool) -> Option<String> {
    let bytes = text.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        match bytes[index] {
            b'%' => {
                let hex = bytes.get(index + 1..index + 3)?;
                let hex = std::str::from_utf8(hex).ok()?;
                decoded.push(u8::from_str_radix(hex, 16).ok()?);
                index += 3;
            }
            b'+' if plus_is_space => {
                decoded.push(b' ');
                index += 1;
            }
            byte => {
                decoded.push(byte);
                index += 1;
            }
        }
    }
    String::from_utf8(decoded).ok()
}

/// A response about to be written.
pub struct Response {
    pub status: u16,
    pub headers: Vec<(&'static str, String)>,
    pub body: Vec<u8>,
}

impl Response {
    pub fn new(status: u16, content_type: &str, body: Vec<u8>) -> Response {
        Response {
            status,
            headers: vec![("Content-Type", content_type.to_owned())],
            body,
        }
    }

    pub fn header(mut self, name: &'static str, value: impl Into<String>) -> Response {
        self.headers.push((name, value.into()));
        self
    }

    /// Writes the response (the head only for a HEAD request) and the headers every answer of
    /// this server carries.
    pub fn write(&self, out: &mut impl Write, head_only: bool) -> io::Result<()> {
        let mut head = format!("HTTP/1.1 {} {}\r\n", self.status, reason(self.status));
        for (name, value) in &self.headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str(&format!(
            "Content-Length: {}\r\n\
             Connection: close\r\n\
             X-Content-Type-Options: nosniff\r\n\
             Referrer-Policy: no-referrer\r\n\
             Cross-Origin-Resource-Policy: same-origin\r\n\r\n",
            self.body.len()
        ));
        out.write_all(head.as_bytes())?;
        if !head_only {
            out.write_all(&self.body)?;
        }
        out.flush()
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        505 => "HTTP Version Not Supported",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(bytes: &[u8]) -> Result<Option<Request>, Refusal> {
        read_request(&mut &bytes[..])
    }

    #[test]
    fn a_browser_request_is_read() {
        let request = read(
            b"GET /api/fetch?site=https%3A%2F%2Fa.example HTTP/1.1\r\nHost: 127.0.0.1:8000\r\n\
              Accept-Encoding: gzip, br\r\n\r\n",
        )
        .unwrap()
        .unwrap();
        assert_eq!(request.method, "GET");
        assert_eq!(request.path, "/api/fetch");
        assert_eq!(
            request.query.as_deref(),
            Some("site=https%3A%2F%2Fa.example")
        );
        assert_eq!(request.header("host"), Ok(Some("127.0.0.1:8000")));
        assert_eq!(request.header("origin"), Ok(None));
    }

    #[test]
    fn what_is_not_a_plain_request_is_refused_with_its_status() {
        for (head, status) in [
            (&b"GET http://evil.example/ HTTP/1.1\r\n\r\n"[..], 400),
            (b"GET //x HTTP/1.1\r\n\r\n", 400),
            (b"GET / HTTP/2.0\r\n\r\n", 505),
            (b"GET /\x01 HTTP/1.1\r\n\r\n", 400),
            (b"GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
            (b"GET / HTTP/1.1\r\nBad Name: x\r\n\r\n", 400),
            (b"GET / HTTP/1.1\r\nX: a\x1bb\r\n\r\n", 400),
            (b"POST / HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc", 400),
            (b"GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
            (b"GET / HTTP/1.1\r\nHost: a", 400),
        ] {
            let refusal = read(head).unwrap_err();
            assert_eq!(refusal.status, status, "{}", String::from_utf8_lossy(head));
        }
        let long = [b"GET / HTTP/1.1\r\nX: ".as_slice(), &[b'a'; MAX_HEAD_BYTES]].concat();
        assert_eq!(read(&long).unwrap_err().status, 431);
        assert!(read(b"").unwrap().is_none());
    }

    #[test]
    fn escapes_decode_or_refuse() {
        assert_eq!(
            percent_decode("https%3A%2F%2Fa.example%2Fx+y", true).as_deref(),
            Some("https://a.example/x y")
        );
        assert_eq!(percent_decode("a+b", false).as_deref(), Some("a+b"));
        assert_eq!(percent_decode("%zz", true), None);
        assert_eq!(percent_decode("%4", true), None);
        assert_eq!(percent_decode("%ff", true), None);
    }
}
