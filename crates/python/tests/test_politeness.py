"""The politeness getters (``crawl_delay``, ``request_rate``, ``sitemaps``, ``preferred_host``):
answered by the core from the groups a verdict reads, compared with ``urllib.robotparser`` and
protego, the two readers Python crawlers switch from."""

from __future__ import annotations

import urllib.robotparser
from pathlib import Path

import pytest
from protego import Protego  # a test dependency (crates/python/requirements-dev.txt)

import robots_lens
from robots_lens.scrapy import RobotsLensRobotParser

# Every group has a rule, so that the groups are the same for every reader: only a rule closes a
# group's list of agents in RFC 9309 (and Google's parser), while protego and robotparser end a
# group at any line that is not `User-agent`.
POLITE = """\
User-agent: *
Disallow: /private
Crawl-delay: 5
Request-rate: 1/10m

User-agent: ExampleBot
Disallow: /tmp
Crawl-delay: 0.5
Crawl-delay: 2
Crawl-delay: soon

User-agent: Googlebot
Disallow: /x

Host: www.shop.example
Sitemap: https://shop.example/a.xml
Sitemap: https://shop.example/b.xml
"""


def test_the_getters_read_the_groups_check_reads():
    robots = robots_lens.parse(POLITE)
    assert robots.crawl_delay("Mozilla/5.0 (compatible; ExampleBot/1.0)") == 2.0, "the last valid value"
    assert robots.check("Mozilla/5.0 (compatible; ExampleBot/1.0)", "/tmp/x").line == 7, "the same group"
    assert robots.crawl_delay("OtherBot") == 5.0
    assert robots.crawl_delay("Googlebot") is None, "Googlebot's own group sets none"
    assert robots.request_rate("ExampleBot") is None
    rate = robots.request_rate("OtherBot")
    assert (rate.requests, rate.seconds, rate.line) == (1, 600, 4)
    requests, seconds = rate
    assert (requests, seconds) == (1, 600)
    assert robots.preferred_host == "www.shop.example"
    assert robots.sitemaps == ["https://shop.example/a.xml", "https://shop.example/b.xml"]
    assert robots_lens.parse("User-agent: *\nDisallow: /\n").preferred_host is None


def test_a_crawler_follows_its_fallback_chain_and_the_match_model_applies():
    robots = robots_lens.parse(POLITE)
    # Googlebot-Image has no group: its chain's next step, Googlebot, applies (not `*`).
    assert robots.crawler("Googlebot-Image").crawl_delay() is None
    assert robots.crawl_delay(crawler="Googlebot-Image") is None
    assert robots.check("x", "/x").allowed and not robots.crawler("Googlebot-Image").check("/x").allowed
    assert robots.crawler("GPTBot").crawl_delay() == 5.0
    assert robots.crawl_delay(crawler="GPTBot") == 5.0
    assert robots.crawler("GPTBot").request_rate().seconds == 600
    # `token` compares the product token alone: a full UA string is not `ExampleBot`.
    assert robots.crawl_delay("Mozilla/5.0 (compatible; ExampleBot/1.0)", match="token") == 5.0
    assert robots.crawl_delay("ExampleBot/1.0", match="token") == 2.0


def test_wrong_arguments_are_refused_with_a_reason():
    robots = robots_lens.parse(POLITE)
    with pytest.raises(TypeError, match="either agent"):
        robots.crawl_delay()
    with pytest.raises(TypeError, match="either agent"):
        robots.request_rate("ExampleBot", crawler="GPTBot")
    with pytest.raises(LookupError, match="no catalogued crawler"):
        robots.crawl_delay(crawler="NoSuchBot")
    with pytest.raises(ValueError, match="bing"):
        robots.crawl_delay("Bot", profile="bing")
    with pytest.raises(ValueError):
        robots.crawl_delay("x" * (robots_lens.MAX_AGENT_BYTES + 1))


def test_the_python_profile_answers_as_urllib_robotparser_on_every_real_file(real_files: dict[str, str]):
    compared = delays = rates = 0
    for host, text in real_files.items():
        theirs = urllib.robotparser.RobotFileParser()
        try:
            theirs.parse(text.splitlines())
        except ValueError:
            continue  # robotparser raises on some digits (`²`); the python profile reports it
        ours = robots_lens.parse(text)
        agents = {"*", "SomeOtherBot/1.0", "Googlebot", "bingbot", "GPTBot"}
        agents.update(line.split(":", 1)[1].split("#")[0].strip() for line in text.splitlines() if line.lower().startswith("user-agent:"))
        for agent in sorted(agents):
            if not agent or len(agent.encode()) > robots_lens.MAX_AGENT_BYTES:
                continue
            delay = theirs.crawl_delay(agent)
            assert ours.crawl_delay(agent, profile="python") == (None if delay is None else float(delay)), (host, agent)
            rate = theirs.request_rate(agent)
            mine = ours.request_rate(agent, profile="python")
            assert (None if mine is None else tuple(mine)) == (None if rate is None else tuple(rate)), (host, agent)
            compared += 1
            delays += delay is not None
            rates += rate is not None
    print(f"\n{compared} (file, agent) pairs agree with urllib.robotparser: {delays} with a delay, {rates} with a rate")
    assert compared > 1000 and delays > 50, (compared, delays)


def test_protego_agrees_where_it_reads_the_same_groups():
    theirs = Protego.parse(POLITE)
    ours = robots_lens.parse(POLITE)
    for agent in ("ExampleBot", "OtherBot", "Mozilla/5.0 (compatible; ExampleBot/1.0)", "Googlebot"):
        assert ours.crawl_delay(agent) == theirs.crawl_delay(agent), agent
        rate, mine = theirs.request_rate(agent), ours.request_rate(agent)
        assert (None if mine is None else tuple(mine)) == (None if rate is None else (rate.requests, rate.seconds)), agent
    assert ours.sitemaps == list(theirs.sitemaps)
    assert ours.preferred_host == theirs.preferred_host


def test_where_protego_differs_and_why():
    # 1. Grouping: only a rule closes a group's list of agents (RFC 9309 §2.1, Google's parser),
    #    so `ExampleBot` joins the `*` group and its delay; protego starts a new group there.
    text = "User-agent: *\nCrawl-delay: 5\n\nUser-agent: ExampleBot\nDisallow: /x\n"
    assert robots_lens.parse(text).crawl_delay("ExampleBot") == 5.0
    assert Protego.parse(text).crawl_delay("ExampleBot") is None
    # 2. Several `Host:` lines: Yandex, whose directive it is, reads the first; protego keeps the last.
    text = "User-agent: *\nDisallow:\nHost: a.example\nHost: b.example\n"
    assert robots_lens.parse(text).preferred_host == "a.example"
    assert Protego.parse(text).preferred_host == "b.example"
    # 3. Groups naming the agent merge (RFC 9309 §2.2.1): a delay in one and a rate in another
    #    both apply; protego picks one best-matching group by name.
    text = "User-agent: ExampleBot\nDisallow: /a\nCrawl-delay: 3\n\nUser-agent: ExampleBot-News\nDisallow: /b\nRequest-rate: 1/5\n"
    ours = robots_lens.parse(text)
    assert ours.crawl_delay("ExampleBot-News") == 3.0 and tuple(ours.request_rate("ExampleBot-News")) == (1, 5)
    assert Protego.parse(text).crawl_delay("ExampleBot-News") is None


def test_the_scrapy_adapter_answers_crawl_delay_as_scrapys_interface_asks():
    parser = RobotsLensRobotParser.from_crawler(None, POLITE.encode())
    assert parser.crawl_delay(b"Mozilla/5.0 (compatible; ExampleBot/1.0)") == 2.0
    assert parser.crawl_delay("SlowBot") == 5.0
    assert parser.crawl_delay("Googlebot") is None
    assert parser.crawl_delay("x" * (robots_lens.MAX_AGENT_BYTES + 1)) is None, "refused, not raised"


def test_the_example_in_docs_python_md_prints_what_it_says(capsys: pytest.CaptureFixture[str]):
    docs = (Path(__file__).resolve().parents[3] / "docs" / "python.md").read_text()
    section = docs.split("## Politeness", 1)[1]
    block = section.split("```python\n", 1)[1].split("```", 1)[0]
    exec(block, {"robots_lens": robots_lens})  # noqa: S102 - the repository's own documentation
    printed = capsys.readouterr().out.splitlines()
    said = [line.split("#", 1)[1].strip() for line in block.splitlines() if line.startswith("print(")]
    assert printed == said
