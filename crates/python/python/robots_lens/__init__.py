"""Robots Lens for Python: read a robots.txt the way crawlers do, and say why.

    >>> import robots_lens
    >>> robots = robots_lens.parse("User-agent: *\\nDisallow: /private\\nAllow: /private/press\\n")
    >>> verdict = robots.check("ExampleBot/1.0", "https://example.com/private/plans")
    >>> verdict.allowed, verdict.line, verdict.reason
    (False, 2, 'rule-matched')
    >>> [v.allowed for v in robots.check_many("ExampleBot", ["/private/press/1", "/about"])]
    [True, True]

The engine is the Rust core of Robots Lens (the same one as the ``robots-lens`` command and the
web page): RFC 9309 as Google's open-source parser implements it, with the full explanation of
every verdict. ``Robots`` is immutable and safe to share between threads; the batch calls release
the GIL. ``robots_lens.fetch(url)`` fetches a site's robots.txt as crawlers do (redirects,
status, the 500 KiB cut) and checks URLs with the served status applied.
``robots_lens.replay_logs(paths, robots=...)`` replays access logs against the robots.txt in
force and says which crawlers obeyed (``judged_requests`` yields each request). ``robots_lens.scrapy``
is a robots.txt parser for Scrapy, ``robots_lens.spark`` a vectorised Spark UDF.
"""

from ._native import (
    MAX_AGENT_BYTES,
    MAX_URL_BYTES,
    ChainStep,
    Crawler,
    Effect,
    Fetched,
    Finding,
    Group,
    Hop,
    RequestRate,
    Robots,
    RuleMatch,
    Verdict,
    __version__,
    audit,
    check_rows,
    crawler_names,
    fetch,
    parse,
)
from .logs import LogReplay, judged_requests, replay_logs

__all__ = [
    "MAX_AGENT_BYTES",
    "MAX_URL_BYTES",
    "ChainStep",
    "Crawler",
    "Effect",
    "Fetched",
    "Finding",
    "Group",
    "Hop",
    "LogReplay",
    "RequestRate",
    "Robots",
    "RuleMatch",
    "Verdict",
    "__version__",
    "audit",
    "check_rows",
    "crawler_names",
    "fetch",
    "judged_requests",
    "parse",
    "replay_logs",
]
