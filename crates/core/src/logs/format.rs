//! One access log line read into a request: who (address, user agent), when, what (method,
//! target, host) — for the formats people have.
//!
//! - **Combined and common** (Apache's `%h %l %u %t "%r" %>s %b "%{Referer}i" "%{User-agent}i"`,
//!   nginx's default): the common format simply ends before the referer and has no user agent.
//!   A virtual host written first (Apache's `vhost_combined`, `%v:%p`) names the host, and port
//!   443 the scheme; fields after the user agent (nginx's `$http_x_forwarded_for`) are ignored.
//!   Apache's escapes in quoted fields (`\"`, `\\`, `\xhh`) and nginx's (`\x22`) are decoded.
//! - **JSON lines**: one object per line; each role (time, address, agent, URL, host, …) is read
//!   from the first field of its list that the record has ([`FieldMap`], nested objects by dotted
//!   paths), which knows nginx's and Apache's variable names, Caddy's, Cloudflare's Logpush
//!   fields and the Elastic Common Schema; `--fields` names others.
//! - **W3C extended** (IIS, CloudFront): `#Fields:` names the columns of the lines after it,
//!   separated by tabs (CloudFront) or spaces (IIS, whose user agents write `+` for a space);
//!   percent-encoded user agents are decoded; `date` and `time` are UTC.
//!
//! With [`LogFormat::Auto`] each line picks its reader: `#` starts a W3C directive, `{` a JSON
//! record, and any other line is a W3C row once `#Fields:` was seen (a combined line when it does
//! not read so) or a combined/common line. A line no reader can read is [`Unreadable`], with
//! why; reading goes on.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;

use super::json::{decode_string, each_scalar, Scalar};
use super::time::{read_any, read_clf, read_w3c, Precision, Timestamp};

/// Which reader reads the lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum LogFormat {
    /// Each line's own form (see the module documentation).
    #[default]
    Auto,
    /// Apache/nginx combined or common (one reader: the common format is the combined one cut
    /// before the referer).
    Combined,
    /// JSON lines.
    Json,
    /// W3C extended (IIS, CloudFront).
    W3c,
}

impl LogFormat {
    /// Every format, in the order the CLI lists them.
    pub const ALL: [LogFormat; 4] = [
        LogFormat::Auto,
        LogFormat::Combined,
        LogFormat::Json,
        LogFormat::W3c,
    ];

    /// The format's name on the command line and in JSON.
    pub fn id(self) -> &'static str {
        match self {
            LogFormat::Auto => "auto",
            LogFormat::Combined => "combined",
            LogFormat::Json => "json",
            LogFormat::W3c => "w3c",
        }
    }
}

impl std::str::FromStr for LogFormat {
    type Err = String;

    /// The format named `name` (`common` is `combined`'s reader).
    fn from_str(name: &str) -> Result<LogFormat, String> {
        let name = name.trim().to_ascii_lowercase();
        if name == "common" || name == "clf" {
            return Ok(LogFormat::Combined);
        }
        LogFormat::ALL
            .into_iter()
            .find(|format| format.id() == name)
            .ok_or_else(|| {
                format!("unknown log format '{name}': expected auto, combined, common, json or w3c")
            })
    }
}

/// What a field of a JSON record tells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    /// When the request was made.
    Time,
    /// The client's address.
    Ip,
    /// The user agent.
    Agent,
    /// The request target (a path with its query, a full URL, or a whole request line
    /// `GET /x HTTP/1.1`).
    Url,
    /// The query, when the target has none of its own (`$args`, `url.query`).
    Query,
    /// The requested host.
    Host,
    /// `http` or `https`.
    Scheme,
    /// The request method.
    Method,
    /// The response status.
    Status,
}

impl Role {
    /// Every role.
    pub const ALL: [Role; 9] = [
        Role::Time,
        Role::Ip,
        Role::Agent,
        Role::Url,
        Role::Query,
        Role::Host,
        Role::Scheme,
        Role::Method,
        Role::Status,
    ];

    /// The role's name in a field mapping (`time=ts`).
    pub fn id(self) -> &'static str {
        match self {
            Role::Time => "time",
            Role::Ip => "ip",
            Role::Agent => "agent",
            Role::Url => "url",
            Role::Query => "query",
            Role::Host => "host",
            Role::Scheme => "scheme",
            Role::Method => "method",
            Role::Status => "status",
        }
    }

    /// The fields a JSON record is looked up in for this role, first found first: the names of
    /// nginx's and Apache's variables, Caddy's (`request.*`), Cloudflare Logpush's (`Client…`,
    /// `Edge…`), the Elastic Common Schema's and common hand-written ones.
    pub fn default_fields(self) -> &'static [&'static str] {
        match self {
            Role::Time => &[
                "time",
                "timestamp",
                "@timestamp",
                "time_iso8601",
                "time_local",
                "ts",
                "date",
                "datetime",
                "EdgeStartTimestamp",
            ],
            Role::Ip => &[
                "remote_addr",
                "ip",
                "client_ip",
                "clientip",
                "remote_ip",
                "ClientIP",
                "c-ip",
                "client.ip",
                "source.ip",
                "request.remote_ip",
                "request.client_ip",
                "client",
            ],
            Role::Agent => &[
                "http_user_agent",
                "user_agent",
                "userAgent",
                "useragent",
                "ua",
                "agent",
                "ClientRequestUserAgent",
                "user_agent.original",
                "request.headers.User-Agent",
                "request.headers.user-agent",
                "headers.user-agent",
                "headers.User-Agent",
                "cs(User-Agent)",
            ],
            Role::Url => &[
                "request_uri",
                "uri",
                "url",
                "path",
                "request_url",
                "ClientRequestURI",
                "url.original",
                "request.uri",
                "request",
                "cs-uri-stem",
            ],
            Role::Query => &["args", "query_string", "query", "url.query", "cs-uri-query"],
            Role::Host => &[
                "host",
                "http_host",
                "server_name",
                "vhost",
                "ClientRequestHost",
                "url.domain",
                "request.host",
                "cs-host",
            ],
            Role::Scheme => &["scheme", "ClientRequestScheme", "url.scheme"],
            Role::Method => &[
                "request_method",
                "method",
                "ClientRequestMethod",
                "http.request.method",
                "request.method",
                "cs-method",
            ],
            Role::Status => &[
                "status",
                "EdgeResponseStatus",
                "http.response.status_code",
                "response_status",
                "status_code",
                "sc-status",
            ],
        }
    }
}

/// Which JSON fields tell which [`Role`]: each role's default list ([`Role::default_fields`]),
/// or the fields a mapping names instead (`time=ts,agent=req.ua`; a role named twice looks in
/// both, in order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldMap {
    /// Each field path, the role it tells and its rank (lower is preferred).
    lookup: HashMap<Vec<u8>, (Role, usize)>,
    /// The mapping as given, for messages; empty for the defaults.
    given: Vec<(Role, String)>,
}

impl Default for FieldMap {
    fn default() -> Self {
        let mut lookup = HashMap::new();
        for role in Role::ALL {
            for (rank, field) in role.default_fields().iter().enumerate() {
                lookup
                    .entry(field.as_bytes().to_vec())
                    .or_insert((role, rank));
            }
        }
        FieldMap {
            lookup,
            given: Vec::new(),
        }
    }
}

/// A field mapping that does not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidFieldMap(String);

impl fmt::Display for InvalidFieldMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InvalidFieldMap {}

impl FieldMap {
    /// Reads `role=field,role=field…`: the roles are `time`, `ip`, `agent`, `url`, `query`,
    /// `host`, `scheme`, `method` and `status`, a field is a key or a dotted path. A role the
    /// mapping names reads only from its named fields; the others keep their defaults.
    pub fn parse(text: &str) -> Result<FieldMap, InvalidFieldMap> {
        let mut given = Vec::new();
        for part in text
            .split(',')
            .map(str::trim)
            .filter(|part| !part.is_empty())
        {
            let (role, field) = part.split_once('=').ok_or_else(|| {
                InvalidFieldMap(format!(
                    "'{part}' is not ROLE=FIELD (such as agent=user_agent)"
                ))
            })?;
            let role = Role::ALL
                .into_iter()
                .find(|known| known.id().eq_ignore_ascii_case(role.trim()))
                .ok_or_else(|| {
                    InvalidFieldMap(format!(
                        "unknown role '{}': expected one of {}",
                        role.trim(),
                        Role::ALL.map(Role::id).join(", ")
                    ))
                })?;
            let field = field.trim();
            if field.is_empty() {
                return Err(InvalidFieldMap(format!("'{part}' names no field")));
            }
            given.push((role, field.to_owned()));
        }
        if given.is_empty() {
            return Err(InvalidFieldMap(
                "the mapping names no field (ROLE=FIELD, separated by commas)".to_owned(),
            ));
        }
        let mut lookup = HashMap::new();
        for role in Role::ALL {
            let named: Vec<&str> = given
                .iter()
                .filter(|(given_role, _)| *given_role == role)
                .map(|(_, field)| field.as_str())
                .collect();
            let fields: Vec<&str> = if named.is_empty() {
                role.default_fields().to_vec()
            } else {
                named
            };
            for (rank, field) in fields.into_iter().enumerate() {
                lookup
                    .entry(field.as_bytes().to_vec())
                    .or_insert((role, rank));
            }
        }
        // A field the mapping names for a role is that role's, even when a default list (of
        // another role) has it too.
        for (index, (role, field)) in given.iter().enumerate() {
            let rank = given[..index].iter().filter(|(r, _)| r == role).count();
            lookup.insert(field.as_bytes().to_vec(), (*role, rank));
        }
        Ok(FieldMap { lookup, given })
    }

    /// The mapping as given (`role`, `field`), empty for the defaults.
    pub fn given(&self) -> &[(Role, String)] {
        &self.given
    }
}

/// Why a line was not read as a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Unreadable {
    /// No reader recognises the line.
    Unrecognised,
    /// A log line without a request to judge: nginx's `"-"` for a connection that sent
    /// nothing, TLS bytes sent to a plain-HTTP port, a JSON record with no URL field.
    NoRequest,
    /// A line starting with `{` that is not one JSON object.
    InvalidJson,
    /// A W3C row before any `#Fields:` line, or with fewer columns than it names.
    NoFields,
    /// Longer than [`super::MAX_LINE_BYTES`]: skipped to its end.
    TooLong,
}

impl Unreadable {
    /// Every reason, in the order reports list them.
    pub const ALL: [Unreadable; 5] = [
        Unreadable::Unrecognised,
        Unreadable::NoRequest,
        Unreadable::InvalidJson,
        Unreadable::NoFields,
        Unreadable::TooLong,
    ];

    /// The reason's code in JSON and CSV.
    pub fn id(self) -> &'static str {
        match self {
            Unreadable::Unrecognised => "unrecognised",
            Unreadable::NoRequest => "no-request",
            Unreadable::InvalidJson => "invalid-json",
            Unreadable::NoFields => "no-fields",
            Unreadable::TooLong => "too-long",
        }
    }
}

/// One request read from a line. Text borrows from the line unless decoding changed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Record<'a> {
    pub(crate) time: Option<(Timestamp, Precision)>,
    pub(crate) ip: Cow<'a, str>,
    pub(crate) agent: Cow<'a, str>,
    pub(crate) method: Cow<'a, str>,
    /// As requested: a path with its query, or a full URL (a proxy's absolute form).
    pub(crate) target: Cow<'a, str>,
    pub(crate) host: Option<Cow<'a, str>>,
    /// `http` or `https`, when the line says.
    pub(crate) scheme: Option<&'static str>,
    pub(crate) status: Option<u16>,
}

/// What a line was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Line<'a> {
    Request(Record<'a>),
    /// Nothing to read: a blank line or a W3C directive (`#Fields:` is taken in).
    Skipped,
    Unreadable(Unreadable),
}

/// The W3C columns a reader knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Column {
    Date,
    Time,
    Ip,
    Method,
    Stem,
    Query,
    Agent,
    /// CloudFront's `x-host-header` (the Host header), preferred to the others.
    HostHeader,
    Host,
    Protocol,
    Port,
    Status,
    Other,
}

fn column(name: &str) -> Column {
    match name.to_ascii_lowercase().as_str() {
        "date" => Column::Date,
        "time" => Column::Time,
        "c-ip" => Column::Ip,
        "cs-method" => Column::Method,
        "cs-uri-stem" => Column::Stem,
        "cs-uri-query" => Column::Query,
        "cs(user-agent)" => Column::Agent,
        "x-host-header" => Column::HostHeader,
        "cs-host" | "cs(host)" => Column::Host,
        "cs-protocol" => Column::Protocol,
        "s-port" => Column::Port,
        "sc-status" => Column::Status,
        _ => Column::Other,
    }
}

/// Reads lines one after another, keeping what a line says about the ones after it (W3C's
/// `#Fields:`) and scratch space reused from line to line.
#[derive(Debug, Clone)]
pub(crate) struct LineReader {
    format: LogFormat,
    fields: FieldMap,
    columns: Vec<Column>,
    json_path: Vec<u8>,
}

impl LineReader {
    pub(crate) fn new(format: LogFormat, fields: FieldMap) -> LineReader {
        LineReader {
            format,
            fields,
            columns: Vec::new(),
            json_path: Vec::new(),
        }
    }

    /// A new file starts: the W3C columns of the previous one no longer hold.
    pub(crate) fn start_file(&mut self) {
        self.columns.clear();
    }

    /// Reads one line (without its line ending).
    pub(crate) fn read<'a>(&mut self, line: &'a [u8]) -> Line<'a> {
        let line = trim_ascii(line);
        if line.is_empty() {
            return Line::Skipped;
        }
        match self.format {
            LogFormat::Combined => read_combined(line),
            LogFormat::Json => self.read_json(line),
            LogFormat::W3c if line[0] == b'#' => self.directive(line),
            LogFormat::W3c => self.read_w3c(line),
            LogFormat::Auto => match line[0] {
                b'#' => self.directive(line),
                b'{' => self.read_json(line),
                _ if !self.columns.is_empty() => match self.read_w3c(line) {
                    Line::Request(record) => Line::Request(record),
                    not_w3c => match read_combined(line) {
                        Line::Unreadable(Unreadable::Unrecognised) => not_w3c,
                        combined => combined,
                    },
                },
                _ => read_combined(line),
            },
        }
    }

    fn directive<'a>(&mut self, line: &'a [u8]) -> Line<'a> {
        const FIELDS: &[u8] = b"#fields:";
        if line.len() >= FIELDS.len() && line[..FIELDS.len()].eq_ignore_ascii_case(FIELDS) {
            let names = String::from_utf8_lossy(&line[FIELDS.len()..]);
            self.columns = names.split_whitespace().map(column).collect();
        }
        Line::Skipped
    }

    fn read_w3c<'a>(&mut self, line: &'a [u8]) -> Line<'a> {
        if self.columns.is_empty() {
            return Line::Unreadable(Unreadable::NoFields);
        }
        // CloudFront separates by tabs (its values hold no tab), IIS by single spaces (its
        // values hold no space: a user agent's are written `+`).
        let tabs = line.contains(&b'\t');
        let separator = if tabs { b'\t' } else { b' ' };
        let mut values: [&[u8]; 13] = [b"-"; 13];
        let mut count = 0;
        for (index, value) in line.split(|&b| b == separator).enumerate() {
            count = index + 1;
            if let Some(&kind) = self.columns.get(index) {
                values[kind as usize] = value;
            }
        }
        if count < self.columns.len() {
            return Line::Unreadable(Unreadable::NoFields);
        }
        let value = |kind: Column| Some(values[kind as usize]).filter(|v| *v != b"-");
        let Some(stem) = value(Column::Stem) else {
            return Line::Unreadable(Unreadable::NoRequest);
        };
        let target = match value(Column::Query) {
            Some(query) => {
                let mut target = lossy(stem).into_owned();
                target.push('?');
                target.push_str(&String::from_utf8_lossy(query));
                Cow::Owned(target)
            }
            None => lossy(stem),
        };
        let agent = value(Column::Agent).map_or(Cow::Borrowed(""), |agent| w3c_agent(agent, !tabs));
        let time = match (value(Column::Date), value(Column::Time)) {
            (Some(date), Some(time)) => read_w3c(date, time),
            _ => None,
        };
        let scheme = match value(Column::Protocol) {
            Some(protocol)
                if protocol.eq_ignore_ascii_case(b"https")
                    || protocol.eq_ignore_ascii_case(b"wss") =>
            {
                Some("https")
            }
            Some(protocol)
                if protocol.eq_ignore_ascii_case(b"http")
                    || protocol.eq_ignore_ascii_case(b"ws") =>
            {
                Some("http")
            }
            _ => match value(Column::Port) {
                Some(b"443") => Some("https"),
                Some(b"80") => Some("http"),
                _ => None,
            },
        };
        Line::Request(Record {
            time,
            ip: value(Column::Ip).map_or(Cow::Borrowed(""), lossy),
            agent,
            method: value(Column::Method).map_or(Cow::Borrowed(""), lossy),
            target,
            host: value(Column::HostHeader)
                .or_else(|| value(Column::Host))
                .map(lossy),
            scheme,
            status: value(Column::Status).and_then(read_status),
        })
    }

    fn read_json<'a>(&mut self, line: &'a [u8]) -> Line<'a> {
        let mut found: [Option<(usize, Scalar<'a>)>; 9] = [None; 9];
        let lookup = &self.fields.lookup;
        let read = each_scalar(line, &mut self.json_path, &mut |path, value| {
            if let Some(&(role, rank)) = lookup.get(path) {
                let slot = &mut found[role as usize];
                if slot.is_none_or(|(best, _)| rank < best) {
                    *slot = Some((rank, value));
                }
            }
        });
        if read.is_err() {
            return Line::Unreadable(Unreadable::InvalidJson);
        }
        let text = |role: Role| found[role as usize].map(|(_, value)| value.text());
        let Some(url) = text(Role::Url).filter(|url| !url.is_empty() && url != "-") else {
            return Line::Unreadable(Unreadable::NoRequest);
        };
        // A whole request line (nginx's `$request`): its method and target.
        let (method, mut target) = match request_line(url.as_bytes()) {
            Some((method, target)) => (
                Cow::Owned(String::from_utf8_lossy(method).into_owned()),
                Cow::Owned(String::from_utf8_lossy(target).into_owned()),
            ),
            None => (text(Role::Method).unwrap_or_default(), url),
        };
        if !target.contains('?') {
            if let Some(query) = text(Role::Query).filter(|q| !q.is_empty() && q != "-") {
                let query = query.strip_prefix('?').unwrap_or(&query);
                target = Cow::Owned(format!("{target}?{query}"));
            }
        }
        let time = found[Role::Time as usize].and_then(|(_, value)| match value {
            Scalar::Number(raw) => read_any(raw),
            Scalar::Str {
                raw,
                escaped: false,
            } => read_any(raw),
            Scalar::Str { raw, escaped: true } => read_any(decode_string(raw).as_bytes()),
        });
        let scheme = text(Role::Scheme).and_then(|scheme| {
            if scheme.eq_ignore_ascii_case("https") {
                Some("https")
            } else if scheme.eq_ignore_ascii_case("http") {
                Some("http")
            } else {
                None
            }
        });
        Line::Request(Record {
            time,
            ip: text(Role::Ip).unwrap_or_default(),
            agent: text(Role::Agent).unwrap_or_default(),
            method,
            target,
            host: text(Role::Host).filter(|host| !host.is_empty() && host != "-"),
            scheme,
            status: text(Role::Status).and_then(|status| read_status(status.as_bytes())),
        })
    }
}

fn lossy(bytes: &[u8]) -> Cow<'_, str> {
    // Nearly every log line is ASCII: std's validation, with its word-at-a-time ASCII path,
    // costs far less than the lossy conversion's chunk iterator.
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => String::from_utf8_lossy(bytes),
    }
}

fn trim_ascii(mut line: &[u8]) -> &[u8] {
    while let [first, rest @ ..] = line {
        if first.is_ascii_whitespace() {
            line = rest;
        } else {
            break;
        }
    }
    while let [rest @ .., last] = line {
        if last.is_ascii_whitespace() {
            line = rest;
        } else {
            break;
        }
    }
    line
}

fn read_status(text: &[u8]) -> Option<u16> {
    (text.len() == 3 && text.iter().all(u8::is_ascii_digit))
        .then(|| std::str::from_utf8(text).ok()?.parse().ok())
        .flatten()
}

/// `METHOD TARGET [PROTOCOL]`: the method (letters) and the target; `None` for anything else
/// (`-`, TLS bytes, a lone word).
fn request_line(request: &[u8]) -> Option<(&[u8], &[u8])> {
    let space = request.iter().position(|&b| b == b' ')?;
    let method = &request[..space];
    if method.is_empty() || !method.iter().all(|b| b.is_ascii_alphabetic()) {
        return None;
    }
    let rest = &request[space + 1..];
    // The protocol is the last word when it names HTTP; a target may hold spaces when a client
    // sent them unencoded.
    let target = match rest.iter().rposition(|&b| b == b' ') {
        Some(at) if rest[at + 1..].starts_with(b"HTTP/") => &rest[..at],
        _ => rest,
    };
    let target = trim_ascii(target);
    (!target.is_empty()).then_some((method, target))
}

/// The value of a quoted field starting at `at` (on the opening quote), and where it ends
/// (after the closing quote); a backslash escapes the byte after it.
fn quoted(line: &[u8], at: usize) -> Option<(&[u8], bool, usize)> {
    if line.get(at) != Some(&b'"') {
        return None;
    }
    let mut end = at + 1;
    let mut escaped = false;
    while end < line.len() {
        match line[end] {
            b'"' => return Some((&line[at + 1..end], escaped, end + 1)),
            b'\\' => {
                escaped = true;
                end += 2;
            }
            _ => end += 1,
        }
    }
    None
}

/// Apache's and nginx's escapes in a quoted field: `\"`, `\\`, `\xhh`; other bytes as they are.
fn unescape_quoted(raw: &[u8]) -> Cow<'_, str> {
    let mut bytes = Vec::with_capacity(raw.len());
    let mut at = 0;
    while at < raw.len() {
        if raw[at] == b'\\' && at + 1 < raw.len() {
            let next = raw[at + 1];
            if next == b'x' {
                if let Some(byte) = raw
                    .get(at + 2..at + 4)
                    .and_then(|hex| std::str::from_utf8(hex).ok())
                    .and_then(|hex| u8::from_str_radix(hex, 16).ok())
                {
                    bytes.push(byte);
                    at += 4;
                    continue;
                }
            }
            bytes.push(next);
            at += 2;
            continue;
        }
        bytes.push(raw[at]);
        at += 1;
    }
    Cow::Owned(String::from_utf8_lossy(&bytes).into_owned())
}

fn field_text(raw: &[u8], escaped: bool) -> Cow<'_, str> {
    if escaped {
        unescape_quoted(raw)
    } else {
        lossy(raw)
    }
}

/// A combined or common log line (see the module documentation).
fn read_combined(line: &[u8]) -> Line<'_> {
    // The time in brackets separates the client's fields from the request's.
    let Some(open) = memchr_byte(b'[', line) else {
        return Line::Unreadable(Unreadable::Unrecognised);
    };
    let Some(close) = memchr_byte(b']', &line[open..]).map(|at| open + at) else {
        return Line::Unreadable(Unreadable::Unrecognised);
    };
    // host ident user, or vhost:port host ident user (kept on the stack: this runs per line).
    let mut words: [&[u8]; 4] = [b""; 4];
    let mut count = 0;
    for word in line[..open]
        .split(|&b| b == b' ')
        .filter(|word| !word.is_empty())
    {
        if count == words.len() {
            return Line::Unreadable(Unreadable::Unrecognised);
        }
        words[count] = word;
        count += 1;
    }
    let before = &words[..count];
    if before.len() < 3 || close + 2 > line.len() || line[close + 1] != b' ' {
        return Line::Unreadable(Unreadable::Unrecognised);
    }
    let time = read_clf(&line[open + 1..close]);
    let Some((request, request_escaped, after)) = quoted(line, close + 2) else {
        return Line::Unreadable(Unreadable::Unrecognised);
    };
    let (host, scheme) = if before.len() == 4 {
        let vhost = before[0];
        match vhost.iter().rposition(|&b| b == b':') {
            Some(at) if vhost[at + 1..].iter().all(u8::is_ascii_digit) => {
                let scheme = match &vhost[at + 1..] {
                    b"443" => Some("https"),
                    b"80" => Some("http"),
                    _ => None,
                };
                (Some(lossy(&vhost[..at])), scheme)
            }
            _ => (Some(lossy(vhost)), None),
        }
    } else {
        (None, None)
    };
    let ip = lossy(before[before.len() - 3]);
    // Status and size, then the referer and the user agent when the format is combined.
    let rest = &line[after..];
    let mut words = rest.split(|&b| b == b' ').filter(|word| !word.is_empty());
    let status = words.next().and_then(read_status);
    let agent = {
        let mut at = after;
        let mut quoted_fields = 0;
        let mut agent = Cow::Borrowed("");
        while at < line.len() && quoted_fields < 2 {
            match line[at] {
                b'"' => match quoted(line, at) {
                    Some((value, escaped, end)) => {
                        quoted_fields += 1;
                        if quoted_fields == 2 {
                            agent = field_text(value, escaped);
                        }
                        at = end;
                    }
                    None => break,
                },
                _ => at += 1,
            }
        }
        agent
    };
    let request_text = if request_escaped {
        unescape_quoted(request)
    } else {
        lossy(request)
    };
    let Some((method, target)) = request_line(request_text.as_bytes()) else {
        return Line::Unreadable(Unreadable::NoRequest);
    };
    let (method, target) = match &request_text {
        Cow::Borrowed(text) => {
            let start = target.as_ptr() as usize - text.as_ptr() as usize;
            (
                Cow::Borrowed(&text[..method.len()]),
                Cow::Borrowed(&text[start..start + target.len()]),
            )
        }
        Cow::Owned(_) => (
            Cow::Owned(String::from_utf8_lossy(method).into_owned()),
            Cow::Owned(String::from_utf8_lossy(target).into_owned()),
        ),
    };
    Line::Request(Record {
        time,
        ip,
        agent,
        method,
        target,
        host,
        scheme,
        status,
    })
}

fn memchr_byte(needle: u8, haystack: &[u8]) -> Option<usize> {
    haystack.iter().position(|&b| b == needle)
}

/// A W3C user agent: `+` for a space (IIS, when values are space-separated) and
/// percent-encoding (CloudFront encodes it, at times twice) decoded.
fn w3c_agent(raw: &[u8], plus_is_space: bool) -> Cow<'_, str> {
    if !(raw.contains(&b'%') || (plus_is_space && raw.contains(&b'+'))) {
        return lossy(raw);
    }
    let mut bytes: Vec<u8> = raw
        .iter()
        .map(|&b| if plus_is_space && b == b'+' { b' ' } else { b })
        .collect();
    for _ in 0..2 {
        if !bytes.contains(&b'%') {
            break;
        }
        bytes = percent_decode(&bytes);
    }
    Cow::Owned(String::from_utf8_lossy(&bytes).into_owned())
}

fn percent_decode(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] == b'%' {
            if let Some(byte) = bytes
                .get(at + 1..at + 3)
                .and_then(|hex| std::str::from_utf8(hex).ok())
                .and_then(|hex| u8::from_str_radix(hex, 16).ok())
            {
                out.push(byte);
                at += 3;
                continue;
            }
        }
        out.push(bytes[at]);
        at += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(reader: &mut LineReader, line: &str) -> Line<'static> {
        let leaked: &'static str = Box::leak(line.to_owned().into_boxed_str());
        reader.read(leaked.as_bytes())
    }

    fn request(line: Line<'_>) -> Record<'_> {
        match line {
            Line::Request(record) => record,
            other => panic!("not a request: {other:?}"),
        }
    }

    #[test]
    fn combined_common_and_vhost_lines() {
        let mut reader = LineReader::new(LogFormat::Auto, FieldMap::default());
        let combined = request(read(
            &mut reader,
            r#"66.249.66.1 - - [01/Mar/2026:12:00:00 +0000] "GET /private/a?x=1 HTTP/1.1" 200 512 "-" "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)""#,
        ));
        assert_eq!(combined.ip, "66.249.66.1");
        assert_eq!(combined.method, "GET");
        assert_eq!(combined.target, "/private/a?x=1");
        assert_eq!(combined.status, Some(200));
        assert!(combined.agent.contains("Googlebot/2.1"));
        assert_eq!(combined.time.unwrap().0.to_string(), "2026-03-01T12:00:00Z");
        assert!(
            matches!(combined.target, Cow::Borrowed(_)),
            "no copy for a plain line"
        );

        let common = request(read(
            &mut reader,
            r#"10.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326"#,
        ));
        assert_eq!(common.agent, "");
        assert_eq!(common.target, "/apache_pb.gif");

        let vhost = request(read(
            &mut reader,
            r#"shop.example:443 203.0.113.9 - - [01/Mar/2026:12:00:00 +0000] "GET / HTTP/2.0" 200 1 "-" "GPTBot/1.2" "198.51.100.1""#,
        ));
        assert_eq!(vhost.host.as_deref(), Some("shop.example"));
        assert_eq!(vhost.scheme, Some("https"));
        assert_eq!(vhost.ip, "203.0.113.9");
        assert_eq!(vhost.agent, "GPTBot/1.2");

        let escaped = request(read(
            &mut reader,
            r#"1.2.3.4 - - [01/Mar/2026:12:00:00 +0000] "GET /a\"b HTTP/1.1" 200 1 "-" "Bot \"quoted\" \x41""#,
        ));
        assert_eq!(escaped.target, "/a\"b");
        assert_eq!(escaped.agent, "Bot \"quoted\" A");
    }

    #[test]
    fn log_lines_without_a_request_and_other_text_are_told_apart() {
        let mut reader = LineReader::new(LogFormat::Auto, FieldMap::default());
        for (line, why) in [
            (
                r#"1.2.3.4 - - [01/Mar/2026:12:00:00 +0000] "-" 400 0 "-" "-""#,
                Unreadable::NoRequest,
            ),
            (
                r#"1.2.3.4 - - [01/Mar/2026:12:00:00 +0000] "\x16\x03\x01" 400 0 "-" "-""#,
                Unreadable::NoRequest,
            ),
            ("hello world", Unreadable::Unrecognised),
            ("{\"url\": \"/x\"", Unreadable::InvalidJson),
            ("{\"agent\": \"x\"}", Unreadable::NoRequest),
            (
                "2026-03-01 12:00:00 1.2.3.4 GET /x",
                Unreadable::Unrecognised,
            ),
        ] {
            assert_eq!(read(&mut reader, line), Line::Unreadable(why), "{line}");
        }
        assert_eq!(read(&mut reader, "   "), Line::Skipped);
    }

    #[test]
    fn json_records_use_default_names_nested_paths_and_mappings() {
        let mut reader = LineReader::new(LogFormat::Auto, FieldMap::default());
        let nginx = request(read(
            &mut reader,
            r#"{"time_iso8601":"2026-03-01T12:00:00+00:00","remote_addr":"1.2.3.4","request":"GET /a?b HTTP/1.1","status":"403","http_user_agent":"GPTBot/1.2","host":"Shop.Example"}"#,
        ));
        assert_eq!(nginx.method, "GET");
        assert_eq!(nginx.target, "/a?b");
        assert_eq!(nginx.status, Some(403));
        assert_eq!(nginx.host.as_deref(), Some("Shop.Example"));
        let caddy = request(read(
            &mut reader,
            r#"{"ts":1772366400.25,"request":{"remote_ip":"::1","method":"GET","host":"x.test","uri":"/p","headers":{"User-Agent":["ClaudeBot/1.0"]}},"status":200}"#,
        ));
        assert_eq!(caddy.target, "/p");
        assert_eq!(caddy.agent, "ClaudeBot/1.0");
        assert_eq!(caddy.ip, "::1");
        assert_eq!(caddy.time.unwrap().0.millis, 1_772_366_400_250);
        let cloudflare = request(read(
            &mut reader,
            r#"{"ClientIP":"1.2.3.4","ClientRequestHost":"a.test","ClientRequestURI":"/q?x","ClientRequestUserAgent":"CCBot/2.0","EdgeStartTimestamp":1772366400000000000,"ClientRequestScheme":"https"}"#,
        ));
        assert_eq!(cloudflare.scheme, Some("https"));
        assert_eq!(
            cloudflare.time.unwrap().0.to_string(),
            "2026-03-01T12:00:00Z"
        );
        let ecs = request(read(
            &mut reader,
            r#"{"@timestamp":"2026-03-01T12:00:00Z","source":{"ip":"1.2.3.4"},"url":{"original":"/ecs"},"user_agent":{"original":"Bingbot \u0041"}}"#,
        ));
        assert_eq!(ecs.target, "/ecs");
        assert_eq!(ecs.agent, "Bingbot A");

        let map = FieldMap::parse("agent=who, url=what.path, time=when").unwrap();
        let mut mapped = LineReader::new(LogFormat::Json, map);
        let custom = request(read(
            &mut mapped,
            r#"{"who":"GPTBot","what":{"path":"/m"},"when":"01/Mar/2026:12:00:00 +0000","user_agent":"ignored","args":"z=1"}"#,
        ));
        assert_eq!(custom.agent, "GPTBot");
        assert_eq!(custom.target, "/m?z=1");
        assert!(custom.time.is_some());
        assert!(FieldMap::parse("colour=x").is_err());
        assert!(FieldMap::parse("agent").is_err());
        assert!(FieldMap::parse("agent=").is_err());
        assert!(FieldMap::parse(" , ").is_err());
    }

    #[test]
    fn w3c_rows_follow_their_fields_line() {
        let mut reader = LineReader::new(LogFormat::Auto, FieldMap::default());
        assert_eq!(
            read(&mut reader, "2026-03-01 12:00:00 GET /x"),
            Line::Unreadable(Unreadable::Unrecognised)
        );
        assert_eq!(
            read(
                &mut reader,
                "#Software: Microsoft Internet Information Services 10.0"
            ),
            Line::Skipped
        );
        assert_eq!(
            read(&mut reader, "#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs(User-Agent) cs(Referer) sc-status sc-substatus sc-win32-status time-taken"),
            Line::Skipped
        );
        let iis = request(read(
            &mut reader,
            "2026-03-01 12:00:00 10.0.0.1 GET /private/x a=1 443 - 66.249.66.1 Mozilla/5.0+(compatible;+Googlebot/2.1;+http://www.google.com/bot.html) - 200 0 0 15",
        ));
        assert_eq!(iis.target, "/private/x?a=1");
        assert_eq!(
            iis.agent,
            "Mozilla/5.0 (compatible; Googlebot/2.1; http://www.google.com/bot.html)"
        );
        assert_eq!(iis.scheme, Some("https"));
        assert_eq!(iis.ip, "66.249.66.1");
        assert_eq!(iis.time.unwrap().0.to_string(), "2026-03-01T12:00:00Z");

        let mut cloudfront = LineReader::new(LogFormat::W3c, FieldMap::default());
        cloudfront.read(b"#Fields: date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query cs(Cookie) x-edge-result-type x-edge-request-id x-host-header cs-protocol");
        let row = request(read(
            &mut cloudfront,
            "2026-03-01\t12:00:01\tLHR62-C2\t100\t20.171.206.7\tGET\td111.cloudfront.net\t/a\t200\t-\tMozilla/5.0%2520AppleWebKit/537.36%2520(KHTML,%2520like%2520Gecko);%2520compatible;%2520GPTBot/1.2\t-\t-\tHit\tid\twww.example.com\thttps",
        ));
        assert_eq!(row.host.as_deref(), Some("www.example.com"));
        assert!(
            row.agent.contains("compatible; GPTBot/1.2"),
            "{}",
            row.agent
        );
        assert_eq!(row.scheme, Some("https"));
        assert_eq!(row.target, "/a");
        assert_eq!(
            read(&mut cloudfront, "2026-03-01\t12:00:01"),
            Line::Unreadable(Unreadable::NoFields)
        );
        cloudfront.start_file();
        assert_eq!(
            read(&mut cloudfront, "2026-03-01\t12:00:01\tx"),
            Line::Unreadable(Unreadable::NoFields)
        );
    }

    #[test]
    fn formats_are_named() {
        assert_eq!("common".parse::<LogFormat>(), Ok(LogFormat::Combined));
        assert_eq!("W3C".parse::<LogFormat>(), Ok(LogFormat::W3c));
        assert!("xml".parse::<LogFormat>().is_err());
    }
}
