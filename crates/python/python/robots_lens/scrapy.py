"""A robots.txt parser for Scrapy that reads the file the way Google does.

Enable it in a project's settings (Scrapy's ``ROBOTSTXT_PARSER`` setting)::

    ROBOTSTXT_OBEY = True
    ROBOTSTXT_PARSER = "robots_lens.scrapy.RobotsLensRobotParser"

It is a drop-in for Scrapy's own adapters (``ProtegoRobotParser``, ``PythonRobotParser``):
Scrapy calls ``from_crawler(crawler, robotstxt_body)`` once per site with the raw bytes of the
file and then ``allowed(url, user_agent)`` per request, where ``user_agent`` is
``ROBOTSTXT_USER_AGENT`` or the request's whole ``User-Agent`` header. ``crawl_delay(user_agent)``
(Scrapy 2.18's addition to the interface) answers from the groups ``allowed`` reads.

The bytes are parsed as they were served (a BOM skipped, invalid UTF-8 kept as octets, Google's
accepted misspellings and prefix-read keys, only a rule ending a group's list of user agents), and
the agent finds its groups by ``substring`` match, so a full UA string such as
``Mozilla/5.0 (compatible; ExampleBot/1.0)`` finds the ``ExampleBot`` group.

Two optional settings:

- ``ROBOTS_LENS_PROFILE``: ``rfc9309`` (default) or ``google`` (Google's matcher to the letter;
  ``python`` and ``legacy-1994`` model older readers);
- ``ROBOTS_LENS_MATCH``: ``substring`` (default) or ``token`` (the agent's product token must
  equal the group's, RFC 9309 §2.2.1).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Optional, Union

from scrapy.robotstxt import RobotParser

import robots_lens

if TYPE_CHECKING:
    from scrapy.crawler import Crawler

__all__ = ["RobotsLensRobotParser"]

logger = logging.getLogger(__name__)


def _text(value: Union[str, bytes]) -> str:
    # Scrapy hands over header values as bytes; a UA string is ASCII in practice, and a stray
    # octet must not make the crawl fail.
    if isinstance(value, bytes):
        return value.decode("utf-8", errors="replace")
    return value


class RobotsLensRobotParser(RobotParser):
    """Scrapy's ``RobotParser`` interface, answered by Robots Lens."""

    def __init__(
        self,
        robotstxt_body: bytes,
        spider: Any = None,
        *,
        profile: str = "rfc9309",
        match: str = "substring",
        status: str = "200",
    ) -> None:
        self.spider = spider
        self.profile = profile
        self.match = match
        # How the file was served, as every Robots Lens surface takes it (``404``: everything
        # allowed, ``503``: everything disallowed, ``301>200``, ``html``, …). Scrapy hands the
        # parser only the body; a subclass that knows the status passes it here.
        self.status = status
        self.robots = robots_lens.parse(robotstxt_body or b"")
        # Fail on a misspelt setting now, once, rather than on every request.
        self.robots.check("*", "/", profile=profile, match=match, status=status)

    @classmethod
    def from_crawler(cls, crawler: Optional[Crawler], robotstxt_body: bytes) -> RobotsLensRobotParser:
        """Parses ``robotstxt_body`` with the crawler's ``ROBOTS_LENS_*`` settings."""
        spider = getattr(crawler, "spider", None) if crawler else None
        settings = getattr(crawler, "settings", None) if crawler else None
        profile = settings.get("ROBOTS_LENS_PROFILE", "rfc9309") if settings else "rfc9309"
        match = settings.get("ROBOTS_LENS_MATCH", "substring") if settings else "substring"
        return cls(robotstxt_body, spider, profile=profile, match=match)

    def allowed(self, url: Union[str, bytes], user_agent: Union[str, bytes]) -> bool:
        """Whether ``user_agent`` (a product token or a whole UA string) may fetch ``url``.

        A URL or agent past ``robots_lens.MAX_URL_BYTES`` / ``MAX_AGENT_BYTES`` is not checked:
        the request is refused, with a warning that says why, rather than failing the crawl.
        """
        try:
            return self.verdict(url, user_agent).allowed
        except ValueError as error:
            logger.warning("robots-lens did not check %.200s: %s; not fetching it", _text(url), error)
            return False

    def crawl_delay(self, user_agent: Union[str, bytes]) -> Optional[float]:
        """The ``Crawl-delay`` in seconds the file asks of ``user_agent``, or ``None``: the method
        Scrapy's ``RobotParser`` interface asks parsers for (Scrapy 2.18+). The groups are those
        ``allowed`` reads for the same agent, with the same profile and match model; an agent past
        ``MAX_AGENT_BYTES`` gets ``None``, with a warning, rather than failing the crawl."""
        try:
            return self.robots.crawl_delay(_text(user_agent), profile=self.profile, match=self.match)
        except ValueError as error:
            logger.warning("robots-lens did not read a crawl delay: %s", error)
            return None

    def verdict(self, url: Union[str, bytes], user_agent: Union[str, bytes]) -> robots_lens.Verdict:
        """The whole ``Verdict`` behind ``allowed``: the deciding line, the reason, the group.

        The user agent is the spider's own, so it is answered exactly as sent (``as_typed``), by
        the match model, as ``crawl_delay`` reads it: a spider whose UA holds a catalogued
        crawler's token is not that crawler, and does not get its operator's fallback chain.
        """
        return self.robots.check(
            _text(user_agent),
            _text(url),
            profile=self.profile,
            match=self.match,
            status=self.status,
            as_typed=True,
        )
