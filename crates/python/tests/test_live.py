"""robots_lens.fetch against tests/live/server.py on 127.0.0.1: the status chain, the status
reading and the verdict for every way a site can serve its robots.txt (never the internet)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

import robots_lens

REPO_ROOT = Path(__file__).resolve().parents[3]
ROBOTS = b"User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /cart/\n"
FAST = {"timeout": 3, "connect_timeout": 2}


@pytest.fixture(scope="module")
def server():
    process = subprocess.Popen(
        [sys.executable, str(REPO_ROOT / "tests" / "live" / "server.py")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    announced = json.loads(process.stdout.readline())
    yield announced
    process.stdin.close()
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()


def site(server, case: str, path: str = "/") -> str:
    scheme = "https" if case == "https" else "http"
    return f"{scheme}://127.0.0.1:{server['ports'][case]}{path}"


def test_a_plain_file_is_served_parsed_and_checked(server):
    fetched = robots_lens.fetch(site(server, "text", "/cart/x"), "Googlebot", **FAST)
    assert fetched.robots_url == site(server, "text", "/robots.txt")
    assert fetched.status_chain == [200]
    assert (fetched.status, fetched.status_class, fetched.rfc9309_effect) == ("200", "success", "parse-file")
    assert fetched.body == ROBOTS
    assert fetched.user_agent.startswith("Mozilla/5.0 (compatible; Googlebot/2.1")
    assert fetched.robots.group_count == 2
    verdict = fetched.check("/cart/x")
    assert (verdict.allowed, verdict.line) == (False, 5)
    assert fetched.check("/private/a", agent="OtherBot").allowed is False
    # A crawler is never typed: as_typed without agent= is refused, not ignored.
    for crawler in (None, "Googlebot"):
        with pytest.raises(ValueError, match="as_typed=True answers agent= exactly as typed"):
            fetched.check("/cart/x", crawler=crawler, as_typed=True)


def test_redirect_chains_are_recorded_and_stop_after_five(server):
    text_robots = site(server, "text", "/robots.txt")
    for hops, chain in [(1, [301]), (2, [301, 302]), (5, [301, 302, 307, 308, 301])]:
        fetched = robots_lens.fetch(site(server, f"r{hops}"), **FAST)
        assert fetched.status_chain == chain + [200], hops
        assert fetched.hops[-2].location == text_robots
        assert fetched.status == ("200 after 1 redirect" if hops == 1 else f"200 after {hops} redirects")
        assert fetched.body == ROBOTS
    six = robots_lens.fetch(site(server, "r6"), **FAST)
    assert six.status_chain == [301, 302, 307, 308, 301, 302]
    assert (six.status_class, six.rfc9309_effect, six.has_file) == ("too-many-redirects", "allow-all", False)
    assert six.check("/private/x", agent="Bot").allowed is True
    looping = robots_lens.fetch(site(server, "loop"), **FAST)
    assert looping.status_class == "too-many-redirects" and looping.hops[1].loops
    cross = robots_lens.fetch(site(server, "cross"), **FAST)
    assert cross.hops[0].location == f"http://localhost:{server['ports']['text']}/robots.txt"
    assert cross.body == ROBOTS


@pytest.mark.parametrize(
    "case, rfc, googlebot, allowed_for_googlebot",
    [
        ("s403", "allow-all", "allow-all", True),
        ("s404", "allow-all", "allow-all", True),
        ("s410", "allow-all", "allow-all", True),
        ("s429", "allow-all", "disallow-all", False),
        ("s500", "disallow-all", "disallow-all", False),
        ("s503", "disallow-all", "disallow-all", False),
    ],
)
def test_error_statuses_are_read_per_operator(server, case, rfc, googlebot, allowed_for_googlebot):
    fetched = robots_lens.fetch(site(server, case), "Googlebot", **FAST)
    assert fetched.status_chain == [int(case[1:])]
    assert (fetched.rfc9309_effect, fetched.crawler_effect) == (rfc, googlebot)
    assert fetched.body == b"" and not fetched.has_file
    verdict = fetched.check("/private/x")
    assert verdict.allowed is allowed_for_googlebot
    assert verdict.reason == ("file-unavailable" if allowed_for_googlebot else "file-unreachable")


def test_bodies_are_decoded_and_cut(server):
    for case in ("gzip", "deflate"):
        fetched = robots_lens.fetch(site(server, case), **FAST)
        assert fetched.body == ROBOTS and fetched.content_encoding == case
    big = robots_lens.fetch(site(server, "big"), **FAST)
    assert (len(big.body), big.size, big.cut, big.size_complete) == (512_001, 5_000_000, True, True)
    bomb = robots_lens.fetch(site(server, "bomb"), **FAST)
    assert (len(bomb.body), bomb.cut, bomb.size_complete) == (512_001, True, False)
    html = robots_lens.fetch(site(server, "html"), **FAST)
    assert html.status_class == "html-page"
    assert html.check("/private/x", agent="Bot").allowed is True
    assert robots_lens.fetch(site(server, "bom"), **FAST).body.startswith(b"\xef\xbb\xbf")
    assert robots_lens.fetch(site(server, "latin1"), **FAST).body.endswith(b"/caf\xe9/\n")
    wrong = robots_lens.fetch(site(server, "wrong-type"), **FAST)
    assert wrong.content_type == "application/octet-stream" and wrong.body == ROBOTS


def test_no_answer_disallows_everything_within_the_timeout(server):
    for case in ("silent", "endless"):
        started = time.monotonic()
        fetched = robots_lens.fetch(site(server, case), **FAST)
        assert time.monotonic() - started < 15
        assert (fetched.failure, fetched.status_class, fetched.rfc9309_effect) == ("timeout", "unreachable", "disallow-all")
        verdict = fetched.check("/", agent="Bot")
        assert (verdict.allowed, verdict.reason) == (False, "file-unreachable")


def test_https_trusts_the_given_ca_only(server):
    untrusted = robots_lens.fetch(site(server, "https"), **FAST)
    assert untrusted.failure == "tls"
    trusted = robots_lens.fetch(site(server, "https"), ca=server["ca"], **FAST)
    assert trusted.status == "200" and trusted.body == ROBOTS


def test_what_cannot_be_fetched_raises():
    with pytest.raises(ValueError, match="only http"):
        robots_lens.fetch("ftp://example.com/")
    with pytest.raises(ValueError, match="scheme"):
        robots_lens.fetch("example.com")
    with pytest.raises(LookupError):
        robots_lens.fetch("http://127.0.0.1:9/", "NoSuchBot")
