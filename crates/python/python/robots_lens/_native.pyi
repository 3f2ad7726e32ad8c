"""Type stubs of the Rust extension module; see the package docstring for an example."""

from typing import Any, Iterable, Iterator, Literal, Optional, Sequence, Union

Profile = Literal["rfc9309", "google", "python", "legacy-1994"]
AgentMatch = Literal["substring", "token"]
Reason = Literal[
    "rule-matched",
    "no-rule-matched",
    "empty-rule-matched",
    "no-group-applies",
    "implicit-robots-txt-allow",
    "beyond-size-limit",
    "file-unavailable",
    "file-unreachable",
    "reader-error",
    "url-refused",
]

__version__: str
MAX_URL_BYTES: int
"""The longest URL a check accepts, in bytes (UTF-8); a longer one raises ``ValueError``."""
MAX_AGENT_BYTES: int
"""The longest agent a check accepts, in bytes (UTF-8); a longer one raises ``ValueError``."""

def parse(text: Union[str, bytes, bytearray]) -> Robots:
    """Parses a robots.txt. Never fails: problems are findings, not errors."""

def audit(text: Union[str, bytes, bytearray]) -> list[Finding]:
    """Audits a robots.txt: every finding, sorted by line, then from the most serious."""

def check_rows(
    files: Sequence[Union[Robots, str, bytes, bytearray, None]],
    file_index: Sequence[int],
    agents: Sequence[str],
    urls: Sequence[str],
    *,
    profile: Profile = "rfc9309",
    match: AgentMatch = "substring",
    status: str = "200",
) -> tuple[list[Optional[bool]], list[Optional[int]], list[str]]:
    """Rows of (file, agent, URL) in one call without the GIL: row ``i`` is checked against
    ``files[file_index[i]]``, a ``Robots`` or the text of a robots.txt (parsed once, for all its
    rows). Returns the columns (allowed, line, reason); a row without a file
    (``None``, or an index out of range such as -1) is ``(None, None, "no-file-for-host")``, one
    whose agent or URL is past the limits ``(None, None, "argument-too-long")``, one whose URL no
    crawler requests ``(None, None, "url-refused")``.
    """

def run_cli(args: list[str]) -> int:
    """Runs the ``robots-lens`` command line ``args`` in this process; returns its exit status."""

def crawler_names() -> list[str]:
    """The names of every catalogued crawler, for ``Robots.crawler(name)``."""

class Robots:
    """A robots.txt parsed once, to check any number of URLs. Safe to share between threads."""

    @property
    def sitemaps(self) -> list[str]:
        """The URL of every ``Sitemap:`` line, in file order."""
    @property
    def line_count(self) -> int:
        """How many physical lines the file has."""
    @property
    def group_count(self) -> int:
        """How many groups the file forms."""
    def check(
        self,
        agent: str,
        url: str,
        *,
        profile: Profile = "rfc9309",
        match: AgentMatch = "substring",
        status: str = "200",
        as_typed: bool = False,
    ) -> Verdict:
        """May ``agent`` (a product token or a whole UA string) fetch ``url`` (a URL or a path)?

        An ``agent`` that names a catalogued crawler (``Googlebot-Image``, or a UA string holding
        its token) is answered as that crawler, as ``crawler(name).check(url)`` answers it: its
        fallback chain and its operator's handling of ``status``. ``as_typed=True`` answers the
        name exactly as typed, compared by ``match``.

        ``status`` is how the file was served, as ``robots-lens check --status`` takes it:
        ``200``, ``404`` (everything allowed), ``503`` (everything disallowed), ``301>200``,
        ``html``, ``unreachable``, … — a ``ValueError`` when it is not one.

        Raises ``ValueError`` for an unknown profile or match model, for an agent or URL
        longer than ``MAX_AGENT_BYTES`` / ``MAX_URL_BYTES``, and for a URL no crawler requests
        (``ftp://h/x``, ``https:x``, a bare ``example.com``), saying why, as
        ``robots-lens check`` does. A path typed without its ``/`` is a path.
        """
    def check_many(
        self,
        agent: str,
        urls: Iterable[str],
        *,
        profile: Profile = "rfc9309",
        match: AgentMatch = "substring",
        status: str = "200",
        as_typed: bool = False,
    ) -> list[Verdict]:
        """``check`` for every URL, in order, in one call that releases the GIL."""
    def check_columns(
        self,
        agent: str,
        urls: Iterable[str],
        *,
        profile: Profile = "rfc9309",
        match: AgentMatch = "substring",
        status: str = "200",
        as_typed: bool = False,
    ) -> tuple[list[Optional[bool]], list[Optional[int]], list[Reason]]:
        """``check_many`` as three columns (allowed, deciding line, reason) for data frames; a
        URL no crawler requests is ``(None, None, "url-refused")``."""
    def crawler(self, name: str, *, profile: Profile = "rfc9309", status: str = "200") -> Crawler:
        """The catalogued crawler ``name`` (or product token); raises ``LookupError`` if unknown."""
    def audit(self) -> list[Finding]:
        """The audit of this file."""
    def consumers(self) -> dict[str, Any]:
        """What each consumer (Google, Search Console, Lighthouse, Yandex, Bing, RFC 9309,
        Python's robotparser, robots-parser, Protego) does with each line, and each one's
        summary: the object ``robots-lens consumers --format json`` prints."""
    def crawl_delay(
        self,
        agent: Optional[str] = None,
        *,
        crawler: Optional[str] = None,
        profile: Profile = "rfc9309",
        match: AgentMatch = "substring",
    ) -> Optional[float]:
        """The ``Crawl-delay`` (seconds) that applies to ``agent`` or to the catalogued
        ``crawler`` (give one), from the groups ``check`` reads for it; the last valid value
        counts. ``None`` when none applies. protego's ``crawl_delay(user_agent)``."""
    def request_rate(
        self,
        agent: Optional[str] = None,
        *,
        crawler: Optional[str] = None,
        profile: Profile = "rfc9309",
        match: AgentMatch = "substring",
    ) -> Optional[RequestRate]:
        """The ``Request-rate`` that applies to ``agent`` or ``crawler``, or ``None``."""
    @property
    def preferred_host(self) -> Optional[str]:
        """The host of the first ``Host:`` line with a value, or ``None``."""

class RequestRate:
    """``Request-rate: 1/10m``: at most ``requests`` fetches every ``seconds`` (600), read from
    ``line``; ``requests, seconds = rate`` unpacks it."""

    requests: int
    seconds: int
    line: int
    def __iter__(self) -> Iterator[int]: ...

class Crawler:
    """A catalogued crawler bound to a parsed file, answering along its fallback chain."""

    @property
    def name(self) -> str: ...
    @property
    def operator(self) -> str: ...
    @property
    def purpose(self) -> str: ...
    @property
    def tokens(self) -> list[str]: ...
    @property
    def chain(self) -> list[str]:
        """The documented fallback chain: product tokens, and ``*`` for the ``*`` groups."""
    @property
    def user_agent(self) -> Optional[str]: ...
    @property
    def summary(self) -> str:
        """What the whole file allows it: ``blocked from everything``, ``allowed everywhere``, …"""
    def check(self, url: str) -> Verdict:
        """May this crawler fetch ``url``? ``Verdict.chain_step`` says which step applied."""
    def check_many(self, urls: Iterable[str]) -> list[Verdict]:
        """``check`` for every URL, in one call that releases the GIL."""
    def crawl_delay(self) -> Optional[float]:
        """The ``Crawl-delay`` (seconds) of the groups its fallback chain picks, or ``None``:
        what the file asks of it (Googlebot does not honour the line)."""
    def request_rate(self) -> Optional[RequestRate]:
        """The ``Request-rate`` of the groups its fallback chain picks, or ``None``."""

class Verdict:
    """An answer with its explanation; ``to_dict()`` is what ``robots-lens check --json`` prints."""

    @property
    def allowed(self) -> bool: ...
    @property
    def reason(self) -> Reason: ...
    @property
    def group_used(self) -> str:
        """Which groups answered: ``own``, ``fallback``, ``star``, ``none`` or ``status``."""
    @property
    def why_decides(self) -> Optional[str]:
        """Why the deciding line decides (``longest-match``, ``allow-wins-tie``, ``first-match``,
        ``empty-rule``), or ``None`` when no line decides."""
    @property
    def line(self) -> Optional[int]:
        """The line of the rule that decided, or ``None`` when no rule did."""
    @property
    def decisive(self) -> Optional[RuleMatch]: ...
    @property
    def matches(self) -> list[RuleMatch]:
        """Every rule of the applied groups that matched, in file order."""
    @property
    def groups(self) -> list[Group]: ...
    @property
    def group(self) -> Optional[Group]:
        """The first group that applied, or ``None``."""
    @property
    def used_star_group(self) -> bool: ...
    @property
    def chain_step(self) -> Optional[ChainStep]: ...
    @property
    def beyond_size_limit(self) -> Optional[RuleMatch]: ...
    @property
    def profile(self) -> Profile: ...
    @property
    def agent_match(self) -> AgentMatch: ...
    @property
    def agent(self) -> str: ...
    @property
    def agent_token(self) -> str: ...
    @property
    def path(self) -> str: ...
    @property
    def normalised_path(self) -> str: ...
    def to_json(self) -> str: ...
    def to_dict(self) -> dict: ...

class RuleMatch:
    line: int
    kind: Literal["allow", "disallow"]
    pattern: str
    normalised: str
    length: int
    via_index_html: bool

class Group:
    index: int
    agent_lines: list[int]
    matched_agent_lines: list[int]
    lines: list[int]

class ChainStep:
    index: int
    token: Optional[str]
    fallback: bool

class Finding:
    code: str
    name: str
    severity: Literal["error", "warning", "info"]
    line: int
    message: str
    why: str
    fix: str
    replacement: Optional[str]
    related_lines: list[int]
    effect: list[Effect]
    evidence: Literal["computed", "none", "over-limit"]
    fix_check: Literal["checked", "withheld", "none"]
    consumers: list[str]

class Effect:
    """A question a finding is about: ``robots-lens check FILE --agent AGENT --url URL
    --profile PROFILE`` answers ``verdict`` now; the file as evidently meant answers
    ``intended``."""

    agent: str
    url: str
    profile: Literal["google", "rfc9309", "python"]
    verdict: Literal["allowed", "disallowed"]
    intended: Literal["allowed", "disallowed"]
    line: Optional[int]


StatusEffect = Literal["parse-file", "allow-all", "disallow-all"]

def fetch(
    url: str,
    crawler: Optional[str] = None,
    *,
    timeout: Optional[float] = None,
    connect_timeout: Optional[float] = None,
    ca: Optional[str] = None,
) -> Fetched:
    """Fetches the robots.txt of ``url``'s site as crawlers do (redirects followed and recorded
    up to five, the body decoded and cut at 500 KiB), as ``crawler`` when given (its documented
    user agent string). A site's answer never raises: see ``status`` and ``failure``."""

class Hop:
    """One HTTP answer on the way to the file."""

    url: str
    status: int
    location: Optional[str]
    loops: bool

class Fetched:
    """A robots.txt as a site served it."""

    robots_url: str
    user_agent: str
    hops: list[Hop]
    status_chain: list[int]
    failure: Optional[str]
    failure_message: Optional[str]
    status: str
    status_class: str
    rfc9309_effect: StatusEffect
    crawler_effect: Optional[StatusEffect]
    content_type: Optional[str]
    content_encoding: Optional[str]
    body: bytes
    size: int
    size_complete: bool
    cut: bool
    has_file: bool
    robots: Robots
    def check(
        self,
        url: str,
        *,
        agent: Optional[str] = None,
        crawler: Optional[str] = None,
        profile: Profile = "rfc9309",
        match: AgentMatch = "substring",
        as_typed: bool = False,
    ) -> Verdict:
        """May ``url`` be fetched, with the served status applied as crawlers apply it?

        ``as_typed=True`` reads ``agent`` exactly as typed; without ``agent`` (a crawler, never
        typed) it raises ``ValueError``."""

class LogReplay:
    """Access logs replayed against robots.txt versions (``robots_lens.logs``)."""

    def __init__(
        self,
        robots: Union[str, bytes, Sequence[Any]],
        *,
        profile: Profile = "rfc9309",
        agent_match: AgentMatch = "substring",
        log_format: str = "auto",
        fields: Optional[str] = None,
    ) -> None: ...
    def start_file(self, name: str, *, requests: bool = False) -> Optional[list[dict[str, Any]]]: ...
    def feed(self, data: bytes, *, requests: bool = False) -> Optional[list[dict[str, Any]]]: ...
    def finish(self, *, requests: bool = False) -> Optional[list[dict[str, Any]]]: ...
    def report_json(self) -> str: ...
    def progress(self) -> tuple[int, int]: ...
# The census (robots_lens.census): its questions for a batch of captures, as columns.
SIZE_LIMIT: int
KEPT_BYTES: int
COUNTED_BYTES: int
MAX_REDIRECTS: int
REDIRECT_STATUSES: list[int]
CENSUS_ACCESS: list[str]
CENSUS_PREFERENCES: list[str]
CENSUS_SEVERITIES: list[str]
CENSUS_USAGE_PURPOSES: list[str]

def census_batch(
    bodies: Sequence[Optional[bytes]],
    statuses: Sequence[Optional[str]],
    crawlers: Sequence[str],
    paths: Sequence[str],
    *,
    profile: Profile = "rfc9309",
    audit: bool = True,
) -> dict[str, Any]:
    """Each chosen crawler's verdict on each path, whole-file access, AI usage, sitemaps,
    preference lines and audit counts of every capture, as buffers and lists (census.rs)."""

def census_status(codes: Sequence[int]) -> str:
    """The status a fetch whose hops answered ``codes`` ends with, as ``--status`` takes it."""

def census_redirect_target(url: str, location: str) -> Optional[str]:
    """Where a redirect from ``url`` with this ``Location`` leads, or ``None``."""
