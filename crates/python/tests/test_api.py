"""The Python API: parse, check with its explanation, batches, crawlers, audit, threads."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import robots_lens

SHOP = """\
# shop.example
User-agent: *
Disallow: /cart/
Disallow: /*?sessionid=
Allow: /cart/help

User-agent: GPTBot
Disallow: /

Sitemap: https://shop.example/sitemap.xml
"""


def test_parse_reads_str_bytes_and_bytearray_alike():
    for text in (SHOP, SHOP.encode(), bytearray(SHOP.encode())):
        robots = robots_lens.parse(text)
        assert robots.line_count == 10
        assert robots.group_count == 2
        assert robots.sitemaps == ["https://shop.example/sitemap.xml"]
    with pytest.raises(TypeError, match="str or bytes"):
        robots_lens.parse(42)


def test_a_verdict_carries_its_explanation():
    verdict = robots_lens.parse(SHOP).check("ExampleBot", "https://shop.example/cart/help/returns")
    assert verdict.allowed is True
    assert verdict.reason == "rule-matched"
    assert verdict.line == 5
    assert verdict.used_star_group is True
    assert [(rule.line, rule.kind, rule.pattern, rule.length) for rule in verdict.matches] == [
        (3, "disallow", "/cart/", 6),
        (5, "allow", "/cart/help", 10),
    ]
    assert verdict.decisive.line == 5 and verdict.decisive.length == 10
    assert verdict.group.index == 0 and verdict.group.lines == [2, 3, 4, 5]
    assert verdict.path == "/cart/help/returns"
    assert verdict.profile == "rfc9309" and verdict.agent_match == "substring"


def test_no_rule_and_no_group_are_told_apart():
    robots = robots_lens.parse("User-agent: GPTBot\nDisallow: /\n")
    assert robots.check("Googlebot", "/x").reason == "no-group-applies"
    assert robots.check("GPTBot", "/x").reason == "rule-matched"
    assert robots.check("GPTBot", "/x").line == 2
    unmatched = robots_lens.parse("User-agent: *\nDisallow: /a\n").check("Bot", "/x")
    assert (unmatched.allowed, unmatched.reason, unmatched.line) == (True, "no-rule-matched", None)
    # An empty rule that matches is the line that answers, as Google's matching_line() says.
    empty = robots_lens.parse("User-agent: *\nDisallow:\n").check("Bot", "/x")
    assert (empty.allowed, empty.reason, empty.line) == (True, "empty-rule-matched", 2)


def test_profile_and_match_choose_the_reader():
    robots = robots_lens.parse("User-agent: *\nDisallow: /\n")
    assert robots.check("Bot", "/robots.txt").allowed is True  # RFC 9309 §2.2.2
    assert robots.check("Bot", "/robots.txt", profile="google").allowed is False
    full_ua = "Mozilla/5.0 (compatible; GPTBot/1.2)"
    named = robots_lens.parse("User-agent: GPTBot\nDisallow: /\n")
    assert named.check(full_ua, "/a").reason == "rule-matched"
    # The match model compares the name as typed; by default the string is answered as GPTBot.
    assert named.check(full_ua, "/a", match="token").reason == "rule-matched"
    assert named.check(full_ua, "/a", match="token", as_typed=True).reason == "no-group-applies"
    python = robots_lens.parse("User-agent: *\nDisallow: /cart/\nAllow: /cart/help\n")
    assert python.check("Bot", "/cart/help", profile="python").allowed is False  # first match
    with pytest.raises(ValueError, match="unknown profile 'bing'"):
        robots.check("Bot", "/", profile="bing")
    with pytest.raises(ValueError, match="unknown agent match"):
        robots.check("Bot", "/", match="regex")


@pytest.mark.parametrize("profile", ["rfc9309", "google", "python", "legacy-1994"])
@pytest.mark.parametrize("match", ["substring", "token"])
def test_to_dict_is_the_clis_json(cli: Path, tmp_path: Path, profile: str, match: str):
    file = tmp_path / "robots.txt"
    file.write_text(SHOP)
    robots = robots_lens.parse(SHOP)
    for agent, url in [("Googlebot", "/cart/help/x"), ("GPTBot/1.0", "/"), ("x", "/a?sessionid=1")]:
        run = subprocess.run(
            [str(cli), "check", str(file), "--agent", agent, "--url", url, "--json", "--profile", profile, "--match", match],
            capture_output=True,
            text=True,
        )
        assert run.returncode in (0, 1), run.stderr
        verdict = robots.check(agent, url, profile=profile, match=match)
        printed = json.loads(run.stdout)
        # The CLI adds the file's AI usage preferences and the answer for the name as typed
        # (`as_typed`, which Python answers with as_typed=True) beside the verdict; the rest is
        # the verdict, field for field.
        printed.pop("preferences", None)
        printed.pop("as_typed", None)
        assert verdict.to_dict() == printed
        assert json.loads(verdict.to_json()) == printed


def test_check_many_and_check_columns_answer_like_check():
    robots = robots_lens.parse(SHOP)
    urls = ["/cart/x", "/cart/help", "/p?sessionid=2", "/", "https://shop.example/cart/"]
    one_by_one = [robots.check("Googlebot", url, match="token") for url in urls]
    many = robots.check_many("Googlebot", urls, match="token")
    assert [v.to_dict() for v in many] == [v.to_dict() for v in one_by_one]
    assert robots.check_many("Googlebot", iter(urls), match="token")[0].to_dict() == one_by_one[0].to_dict()
    allowed, lines, reasons = robots.check_columns("Googlebot", tuple(urls), match="token")
    assert allowed == [v.allowed for v in one_by_one]
    assert lines == [v.line for v in one_by_one]
    assert reasons == [v.reason for v in one_by_one]
    assert robots.check_many("Googlebot", []) == []
    with pytest.raises(TypeError, match="not one str"):
        robots.check_many("Googlebot", "/cart/")
    with pytest.raises(TypeError):
        robots.check_many("Googlebot", ["/a", 3])


def test_a_row_of_check_many_reads_as_check_before_and_after_it_is_made_whole():
    robots = robots_lens.parse(SHOP + "\nUser-agent: *\nAllow: /d/index.html\nDisallow: /%7Euser/\n")
    urls = ["/cart/x?a=1", "/cart/help", "/d/", "/~user/x", "/robots.txt", "/"]
    for profile in ("rfc9309", "google"):
        for agent in ("Googlebot", "Mozilla/5.0 (compatible; GPTBot/1.2)", "Other"):
            single = [robots.check(agent, url, profile=profile) for url in urls]
            rows = robots.check_many(agent, urls, profile=profile)

            def fields(verdict):
                matches = [(m.line, m.kind, m.pattern, m.length) for m in verdict.matches]
                decisive = verdict.decisive and (verdict.decisive.line, verdict.decisive.pattern)
                return (verdict.allowed, verdict.reason, verdict.line, verdict.path, verdict.normalised_path, matches, decisive)

            # Read from the rows first (nothing made whole yet), then after to_dict() made them whole.
            assert [fields(v) for v in rows] == [fields(v) for v in single]
            assert [v.to_dict() for v in rows] == [v.to_dict() for v in single]
            assert [fields(v) for v in rows] == [fields(v) for v in single]
            assert [repr(v) for v in rows] == [repr(v) for v in single]
    # A row outlives the list and the file it came from.
    kept = robots_lens.parse("User-agent: *\nDisallow: /a\n").check_many("Bot", ["/a/1", "/b"])[0]
    assert (kept.allowed, kept.line, kept.matches[0].pattern, kept.agent) == (False, 2, "/a", "Bot")


def test_check_rows_answers_each_row_against_its_own_file():
    shop, closed = robots_lens.parse(SHOP), robots_lens.parse("User-agent: *\nDisallow: /\n")
    long_url = "/" + "a" * robots_lens.MAX_URL_BYTES
    allowed, lines, reasons = robots_lens.check_rows(
        [shop, None, closed],
        [0, 2, 1, -1, 7, 0, 2],
        ["Googlebot", "Googlebot", "x", "x", "x", "GPTBot/1.0", "Bot"],
        ["/cart/a", "/cart/a", "/", "/", "/", "/cart/help", long_url],
        match="token",
    )
    assert allowed == [False, False, None, None, None, False, None]
    assert lines == [3, 2, None, None, None, 8, None]
    assert reasons == ["rule-matched"] * 2 + ["no-file-for-host"] * 3 + ["rule-matched", "argument-too-long"]
    assert robots_lens.check_rows([shop], [0], ["Googlebot"], ["/cart/a"], profile="google")[0] == [
        shop.check("Googlebot", "/cart/a", profile="google").allowed
    ]
    with pytest.raises(ValueError, match="as long as each other"):
        robots_lens.check_rows([shop], [0, 0], ["a"], ["/"])


def test_check_rows_takes_texts_as_well_as_parsed_files():
    closed = "User-agent: *\nDisallow: /\n"
    rows = ([0, 1, 2, 1], ["Googlebot", "Bot", "GPTBot", "Bot"], ["/cart/a", "/", "/x", "/y"])
    texts = robots_lens.check_rows([SHOP, closed.encode(), bytearray(SHOP.encode())], *rows)
    parsed = robots_lens.check_rows([robots_lens.parse(SHOP), robots_lens.parse(closed), robots_lens.parse(SHOP)], *rows)
    assert texts == parsed
    assert texts[0] == [False, False, False, False]
    with pytest.raises(TypeError, match="Robots, str, bytes or None, not int"):
        robots_lens.check_rows([SHOP, 42], [0], ["Bot"], ["/"])


def test_crawlers_follow_their_fallback_chains():
    robots = robots_lens.parse("User-agent: Googlebot\nDisallow: /g/\n\nUser-agent: *\nDisallow: /all/\n")
    image = robots.crawler("Googlebot-Image")
    assert image.chain[:2] == ["Googlebot-Image", "Googlebot"]
    verdict = image.check("/g/photo.jpg")
    assert (verdict.allowed, verdict.line) == (False, 2)
    assert verdict.chain_step.token == "Googlebot" and verdict.chain_step.fallback is True
    assert robots.crawler("googlebot-image").name == "Googlebot-Image"  # any letter case
    ads = robots.crawler("AdsBot-Google")
    assert "*" not in ads.chain
    assert ads.check("/all/x").allowed is True  # AdsBot ignores the * group
    # The name typed as the agent is answered as that crawler; as typed, * restricts it.
    assert robots.check("AdsBot-Google", "/all/x").allowed is True
    assert robots.check("AdsBot-Google", "/all/x", as_typed=True).allowed is False
    assert [v.allowed for v in image.check_many(["/g/a", "/all/a", "/b"])] == [False, True, True]
    gpt = robots_lens.parse("User-agent: GPTBot\nDisallow: /\n").crawler("GPTBot")
    assert gpt.summary == "blocked from everything"
    assert "GPTBot" in robots_lens.crawler_names()
    with pytest.raises(LookupError, match="known crawlers: .*Googlebot"):
        robots.crawler("NoSuchBot")


def test_every_check_takes_the_fetch_status():
    robots = robots_lens.parse(SHOP)
    # A 4xx: no rules, everything allowed; a 5xx: everything disallowed, whatever the file says.
    unavailable = robots.check("GPTBot", "/x", status="404")
    assert (unavailable.allowed, unavailable.reason, unavailable.line) == (True, "file-unavailable", None)
    unreachable = robots.check("Googlebot", "/x", status="503")
    assert (unreachable.allowed, unreachable.reason) == (False, "file-unreachable")
    assert robots.check("GPTBot", "/x", status="301>200").reason == "rule-matched"
    # 429 is a 4xx for RFC 9309 but a server error for Google: the crawler's own handling applies,
    # to a catalogued name typed as the agent too; as_typed=True asks the name as typed.
    assert robots.check("Googlebot", "/x", status="429", as_typed=True).allowed
    typed = robots.check("Googlebot", "/x", status="429")
    assert (typed.allowed, typed.reason) == (False, "file-unreachable")
    googlebot = robots.crawler("Googlebot", status="429")
    assert (googlebot.check("/x").allowed, googlebot.check("/x").reason) == (False, "file-unreachable")
    assert [verdict.reason for verdict in googlebot.check_many(["/a", "/b"])] == ["file-unreachable"] * 2
    assert [verdict.reason for verdict in robots.check_many("Bot", ["/cart/", "/"], status="410")] == ["file-unavailable"] * 2
    assert robots.check_columns("Bot", ["/cart/"], status="500") == ([False], [None], ["file-unreachable"])
    assert robots_lens.check_rows([robots], [0], ["Bot"], ["/cart/"], status="unreachable") == (
        [False],
        [None],
        ["file-unreachable"],
    )
    with pytest.raises(ValueError, match="status"):
        robots.check("Bot", "/", status="teapot")
    with pytest.raises(ValueError, match="status"):
        robots.crawler("Googlebot", status="")


def test_urls_are_read_as_typed_and_refused_when_no_crawler_requests_them():
    robots = robots_lens.parse("User-agent: *\nDisallow: /private/\n")
    # A path typed without its leading "/" is a path, as robots-lens check reads it.
    typed = robots.check("Bot", "private/plan")
    assert (typed.allowed, typed.line, typed.reason) == (False, 2, "rule-matched")
    assert robots.check("Bot", "http://example.com").path == "/"
    for url in ("ftp://h/private", "https:x", "example.com", ""):
        with pytest.raises(ValueError, match="invalid URL"):
            robots.check("Bot", url)
    with pytest.raises(ValueError, match=r"urls\[1\]: invalid URL"):
        robots.check_many("Bot", ["/", "ftp://h/x"])
    assert robots.check_columns("Bot", ["private/x", "ftp://h/x"]) == (
        [False, None],
        [2, None],
        ["rule-matched", "url-refused"],
    )
    assert robots_lens.check_rows([robots], [0], ["Bot"], ["https:x"]) == ([None], [None], ["url-refused"])


def test_audit_finds_what_the_cli_lint_finds():
    text = "Disallow: /x\nUser-agent: *\nDisalow: /a\n"
    findings = robots_lens.audit(text)
    assert [(f.code, f.severity, f.line) for f in findings] == [("RL301", "error", 1), ("RL206", "warning", 3)]
    assert findings[1].replacement == "Disallow: /a"
    assert findings[1].name == "nonstandard-spelling"
    # The evidence: Google accepts the typo, Python's robotparser skips the line.
    spelled = findings[1]
    assert (spelled.evidence, spelled.fix_check) == ("computed", "checked")
    assert {(e.profile, e.verdict, e.intended) for e in spelled.effect} == {
        ("python", "allowed", "disallowed")
    }
    assert "/a" in {e.url for e in spelled.effect}
    orphan = findings[0]
    assert any(e.profile == "google" and e.verdict == "allowed" for e in orphan.effect)
    assert [f.code for f in robots_lens.parse(text).audit()] == ["RL301", "RL206"]
    assert robots_lens.audit(SHOP) == [] or all(f.severity != "error" for f in robots_lens.audit(SHOP))


def test_findings_name_the_consumers_lint_names():
    text = "Disallow: /x\nUser-agent: *\nDisalow: /a\nNoindex: /b\nCrawl-delay: 5\n\nUser-agent: *\nDisallow: /c\n"
    printed = subprocess.run(
        [sys.executable, "-m", "robots_lens", "lint", "-", "--format", "json"],
        input=text.encode(),
        capture_output=True,
    )
    linted = json.loads(printed.stdout)
    # lint prints one entry per cause, its other findings under `others`.
    expected = sorted(
        (entry["line"], entry["code"], tuple(entry["consumers"]))
        for cause in linted
        for entry in [cause] + [dict(other, code=cause["code"]) for other in cause["others"]]
    )
    for findings in (robots_lens.audit(text), robots_lens.parse(text).audit()):
        assert sorted((f.line, f.code, tuple(f.consumers)) for f in findings) == expected
    spelled = next(f for f in robots_lens.audit(text) if f.code == "RL206")
    assert "python" in spelled.consumers and "google" not in spelled.consumers


def test_consumers_is_the_table_the_cli_prints():
    text = "User-agent: *\nDisalow: /private/\n"
    table = robots_lens.parse(text).consumers()
    typo = table["lines"][1]["readings"]
    assert typo["google"]["status"] == "applies"
    assert typo["lighthouse"]["status"] == "flagged"
    assert typo["lighthouse"]["words"]["text"] == "Unknown directive"
    assert typo["python"]["status"] == "ignored"
    assert table["summary"]["lighthouse"]["passes"] is False
    printed = subprocess.run(
        [sys.executable, "-m", "robots_lens", "consumers", "-", "--format", "json"],
        input=text.encode(),
        capture_output=True,
        check=True,
    )
    assert json.loads(printed.stdout) == table


def test_arguments_past_the_limits_are_refused_with_their_length():
    robots = robots_lens.parse(SHOP)
    long_url = "/" + "a" * robots_lens.MAX_URL_BYTES
    with pytest.raises(ValueError, match=f"URL is {len(long_url):,} bytes long"):
        robots.check("Bot", long_url)
    with pytest.raises(ValueError, match="user agent is"):
        robots.check("B" * (robots_lens.MAX_AGENT_BYTES + 1), "/")
    with pytest.raises(ValueError, match=r"urls\[1\]: the URL is"):
        robots.check_many("Bot", ["/ok", long_url])
    # A column holds a refused row as it holds a URL no crawler requests: with its reason.
    assert robots.check_columns("Bot", ["/ok", long_url]) == (
        [True, None],
        [None, None],
        ["no-rule-matched", "argument-too-long"],
    )
    with pytest.raises(ValueError, match="URL is"):
        robots.crawler("Googlebot").check(long_url)
    assert robots.check("Bot", long_url[: robots_lens.MAX_URL_BYTES]).allowed is True


def test_bytes_are_read_as_served():
    bom = b"\xef\xbb\xbfUser-agent: *\nDisallow: /a\n"
    assert robots_lens.parse(bom).check("Bot", "/a").line == 2
    latin1 = b"User-agent: *\nDisallow: /caf\xe9\n"
    assert robots_lens.parse(latin1).check("Bot", "/caf%E9").allowed is False


def test_one_robots_is_shared_by_threads():
    robots = robots_lens.parse(SHOP)
    urls = [f"/cart/{i}" if i % 3 else f"/item/{i}?sessionid={i}" for i in range(2000)]
    expected = [v.to_dict() for v in robots.check_many("Googlebot", urls, profile="google")]
    results: list[object] = [None] * 8
    start = threading.Barrier(8)

    def work(slot: int) -> None:
        start.wait()  # every thread asks for the not yet compiled google checker at once
        if slot % 2:
            results[slot] = [v.to_dict() for v in robots.check_many("Googlebot", urls, profile="google")]
        else:
            results[slot] = [robots.check("Googlebot", url, profile="google").to_dict() for url in urls]

    threads = [threading.Thread(target=work, args=(slot,)) for slot in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(result == expected for result in results)


def test_check_many_lets_other_threads_run():
    # A file whose checks take long enough to see: many groups apply to every agent.
    text = "".join(f"User-agent: *\nDisallow: /*a*b*c*{i}\n" for i in range(300))
    robots = robots_lens.parse(text)
    urls = ["/" + "a" * 40 + str(i) for i in range(3000)]
    robots.check_many("Bot", urls[:10])  # compile outside the measured call
    # The call must outlast the interpreter's switch interval many times over to be seen
    # letting others run; the engine is fast, so the list grows until one call takes 0.2 s.
    while len(urls) < 10_000_000:
        began = time.perf_counter()
        robots.check_many("Bot", urls)
        if time.perf_counter() - began > 0.2:
            break
        urls = urls * 2
    progress = 0
    stop = threading.Event()

    def spin() -> None:
        nonlocal progress
        while not stop.is_set():
            progress += 1

    spinner = threading.Thread(target=spin)
    spinner.start()
    try:
        before = progress
        robots.check_many("Bot", urls)
        during = progress - before
        # Holding the GIL, the native call would leave the spinner nothing but the moments
        # before it started; released, the spinner counts all along.
        started = progress
        stop.wait(0.05)
        alone_per_50ms = progress - started
    finally:
        stop.set()
        spinner.join()
    assert during > alone_per_50ms / 10, (during, alone_per_50ms)
