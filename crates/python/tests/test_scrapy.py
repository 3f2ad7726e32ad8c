"""A real Scrapy crawl obeys Google's reading of a robots.txt that protego reads differently.

The site, served on 127.0.0.1, links to one page under each directory its robots.txt mentions.
The file has the three things Google's parser and protego (Scrapy's default) disagree about or
could: a byte order mark before the first line, a key Google reads by its prefix (`Disallowed`)
beside a misspelling both accept (`Disalow`), and a line that is not a rule (`Crawl-delay`)
between two user-agent lines, which for Google does not end the group's list of agents.
The same crawl runs twice, once with each parser; the server's log is the evidence.
"""

from __future__ import annotations

import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from protego import Protego

import robots_lens
from robots_lens.scrapy import RobotsLensRobotParser

pytest.importorskip("scrapy")

ROBOTS_TXT = (
    b"\xef\xbb\xbfUser-agent: LensBot\n"  # 1  a BOM, then the agent line
    b"Disallow: /bom/\n"  # 2
    b"\n"  # 3
    b"User-agent: LensBot\n"  # 4
    b"Crawl-delay: 0\n"  # 5  not a rule: the agent list goes on (Google)
    b"User-agent: OtherBot\n"  # 6
    b"Disallow: /grouped/\n"  # 7  so this binds LensBot too
    b"\n"  # 8
    b"User-agent: LensBot\n"  # 9
    b"Disallowed: /prefix/\n"  # 10 Google reads the key by its prefix
    b"Disalow: /typo/\n"  # 11 a misspelling Google (and protego) accept
    b"Disallow: /both/\n"  # 12
)
DIRECTORIES = ["open", "bom", "grouped", "prefix", "typo", "both"]
PAGES = [f"/{name}/page.html" for name in DIRECTORIES]
USER_AGENT = "Mozilla/5.0 (compatible; LensBot/1.0; +http://127.0.0.1/bot)"

# What Google's parser makes of the file, line by line above: only /open/ is not disallowed.
GOOGLE_FETCHES = {"/robots.txt", "/", "/open/page.html"}


class Site(BaseHTTPRequestHandler):
    requested: list[str] = []
    lock = threading.Lock()

    def do_GET(self):  # noqa: N802 (the name http.server calls)
        with self.lock:
            self.requested.append(self.path)
        if self.path == "/robots.txt":
            body, kind = ROBOTS_TXT, "text/plain"
        elif self.path == "/":
            body = "".join(f'<a href="{page}">{page}</a>\n' for page in PAGES).encode()
            kind = "text/html"
        else:
            body, kind = b"<p>a page</p>", "text/html"
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture()
def site():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Site)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    Site.requested = []
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def crawl(base: str, parser: str) -> set[str]:
    Site.requested = []
    run = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("crawl.py")), base, parser, USER_AGENT],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return set(Site.requested)


def test_the_crawl_obeys_googles_reading_where_protego_differs(site: str):
    ours = crawl(site, "robots_lens.scrapy.RobotsLensRobotParser")
    protego = crawl(site, "scrapy.robotstxt.ProtegoRobotParser")
    # Protego read straight from the bytes as UTF-8, as a program that uses it without Scrapy's
    # decoding (which drops a leading BOM) does.
    bare = Protego.parse(ROBOTS_TXT.decode("utf-8"))
    bare_fetches = {page for page in PAGES if bare.can_fetch(site + page, USER_AGENT)}

    parser = RobotsLensRobotParser.from_crawler(None, ROBOTS_TXT)
    print("\npage               robots-lens (crawled)  protego in Scrapy (crawled)  protego on the raw text")
    for page in PAGES:
        verdict = parser.verdict(site + page, USER_AGENT)
        why = f"line {verdict.line}" if verdict.line else verdict.reason
        print(
            f"{page:<18} {('fetched' if page in ours else 'skipped (' + why + ')'):<22} "
            f"{('fetched' if page in protego else 'skipped'):<28} {'fetched' if page in bare_fetches else 'skipped'}"
        )

    assert ours == GOOGLE_FETCHES
    # Protego binds the rule after the Crawl-delay line only to OtherBot and skips the
    # `Disallowed` line, so a Scrapy crawl with it fetches two pages Google's reading forbids.
    assert protego - ours == {"/grouped/page.html", "/prefix/page.html"}
    # Without Scrapy's decoding, the BOM hides protego's first agent line, and /bom/ too.
    assert bare_fetches - ours == {"/bom/page.html", "/grouped/page.html", "/prefix/page.html"}


def test_the_parser_takes_bytes_full_user_agents_and_settings():
    parser = RobotsLensRobotParser.from_crawler(None, ROBOTS_TXT)
    assert parser.allowed(b"http://127.0.0.1/open/x", USER_AGENT.encode()) is True
    assert parser.allowed("http://127.0.0.1/grouped/x", USER_AGENT) is False
    assert parser.verdict("http://127.0.0.1/grouped/x", USER_AGENT).line == 7
    assert parser.allowed("http://127.0.0.1/grouped/x", "SomeoneElse/1.0") is True
    # A URL past the limit is refused, not a crash in the middle of a crawl.
    assert parser.allowed("http://h/" + "a" * robots_lens.MAX_URL_BYTES, USER_AGENT) is False
    # An empty or missing body (Scrapy passes b"" for a 404) allows everything.
    assert RobotsLensRobotParser.from_crawler(None, b"").allowed("http://h/x", "Bot") is True

    class Settings(dict):
        pass

    class FakeCrawler:
        spider = None
        settings = Settings(ROBOTS_LENS_PROFILE="google", ROBOTS_LENS_MATCH="token")

    strict = RobotsLensRobotParser.from_crawler(FakeCrawler(), b"User-agent: *\nDisallow: /\n")
    assert strict.allowed("http://h/robots.txt", "Bot") is False  # the google profile
    FakeCrawler.settings = Settings(ROBOTS_LENS_PROFILE="bing")
    with pytest.raises(ValueError, match="unknown profile"):
        RobotsLensRobotParser.from_crawler(FakeCrawler(), b"")
    assert isinstance(parser.robots, robots_lens.Robots)
