"""robots_lens.replay_logs and LogReplay: the core's log replay through Python, held to the
command's JSON on the same logs, with gzip'd logs, chunks cut anywhere and versions by date."""

from __future__ import annotations

import gzip
import io
import json
import subprocess
from pathlib import Path

import pytest

import robots_lens

V1 = "User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /drafts/\n"
V2 = "User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n"
LOG = (
    '20.171.206.7 - - [28/Feb/2026:10:00:00 +0000] "GET /drafts/a HTTP/1.1" 200 5 "-" "GPTBot/1.2"\n'
    '20.171.206.7 - - [02/Mar/2026:10:00:00 +0000] "GET /ok HTTP/1.1" 200 5 "-" "GPTBot/1.2"\n'
    '198.51.100.23 - - [02/Mar/2026:10:00:01 +0000] "GET /private/x HTTP/1.1" 200 5 "-" "GPTBot/1.2"\n'
    '66.249.66.1 - - [02/Mar/2026:10:00:02 +0000] "GET /robots.txt HTTP/1.1" 200 5 "-" "Googlebot/2.1"\n'
    "this is not a log line\n"
    '{"time":"2026-03-02T10:00:03Z","remote_addr":"192.0.2.1","request":"GET /private/y HTTP/1.1","http_user_agent":"Mozilla/5.0"}\n'
).encode()
VERSIONS = [V1, (V2, "2026-03-01T00:00:00+00:00")]


def rows(report):
    return {(row["crawler"], row["claim"]): row for row in report["crawlers"]}


def test_the_summary_names_versions_impersonators_and_unreadable_lines():
    report = robots_lens.replay_logs([LOG], robots=VERSIONS)
    assert report["lines"] == 6
    assert report["requests"] == 5
    assert report["unreadable"]["total"] == 1
    by_row = rows(report)
    gptbot = by_row[("GPTBot", "crawler")]
    assert (gptbot["requests"], gptbot["disallowed"], gptbot["verified"]) == (2, 2, 2)
    assert {v["label"] for v in gptbot["violations"]} == {"robots[0]", "robots[1]@2026-03-01T00:00:00+00:00"}
    assert by_row[("GPTBot", "impersonator")]["requests"] == 1
    assert by_row[("Googlebot", "crawler")]["robots_txt"]["fetched_first"] == 1
    assert by_row[(None, "unknown")]["disallowed"] == 1
    assert report["ip_ranges"][0]["operator"] == "Google"


def test_judged_requests_come_in_log_order_with_the_jsonl_keys():
    requests = list(robots_lens.judged_requests([LOG], robots=VERSIONS))
    assert [r["line"] for r in requests] == [1, 2, 3, 4, 6]
    first = requests[0]
    assert set(first) == {
        "file", "line", "time", "ip", "agent", "crawler", "host", "url", "allowed",
        "deciding_line", "version", "verified", "unjudged",
    }
    assert (first["crawler"], first["allowed"], first["deciding_line"], first["verified"]) == ("GPTBot", False, 5, True)
    assert requests[2]["verified"] is False
    assert requests[4]["crawler"] is None and requests[4]["verified"] is None


def test_gzip_paths_streams_and_chunks_give_the_same_summary(tmp_path: Path):
    plain = tmp_path / "access.log"
    plain.write_bytes(LOG)
    packed = tmp_path / "access.log.1"  # gzip'd, whatever its name says
    packed.write_bytes(gzip.compress(LOG[:200]) + gzip.compress(LOG[200:]))
    expected = robots_lens.replay_logs([plain], robots=VERSIONS)
    for logs in ([packed], [io.BytesIO(LOG)], [bytearray(LOG)]):
        report = robots_lens.replay_logs(logs, robots=VERSIONS)
        assert report["crawlers"] == expected["crawlers"]
    replay = robots_lens.LogReplay(VERSIONS)
    replay.start_file("cut")
    judged = []
    for at in range(0, len(LOG), 7):
        judged += replay.feed(LOG[at : at + 7], requests=True)
    judged += replay.finish(requests=True)
    assert len(judged) == 5
    assert replay.report()["crawlers"] == expected["crawlers"]


def test_the_summary_is_the_commands(tmp_path: Path, cli: Path):
    log = tmp_path / "access.log"
    log.write_bytes(LOG)
    v1, v2 = tmp_path / "v1.txt", tmp_path / "v2.txt"
    v1.write_text(V1)
    v2.write_text(V2)
    printed = subprocess.run(
        [str(cli), "logs", str(log), "--robots", str(v1), "--robots", f"{v2}@2026-03-01T00:00:00+00:00", "--format", "json"],
        capture_output=True,
        check=False,
    )
    assert printed.returncode == 1, printed.stderr
    command = json.loads(printed.stdout)
    report = robots_lens.replay_logs([log], robots=[v1.read_text(), (v2.read_text(), "2026-03-01T00:00:00+00:00")])
    strip = lambda rows: [{k: v for k, v in row.items() if k != "violations"} for row in rows]  # noqa: E731
    assert strip(report["crawlers"]) == strip(command["crawlers"])


def test_mistakes_are_explained():
    with pytest.raises(ValueError, match="not a time"):
        robots_lens.LogReplay([(V1, "yesterday")])
    with pytest.raises(ValueError, match="unknown log format"):
        robots_lens.LogReplay(V1, log_format="xml")
    with pytest.raises(ValueError, match="unknown role"):
        robots_lens.LogReplay(V1, fields="colour=x")
    with pytest.raises(ValueError, match="at least one version"):
        robots_lens.LogReplay([])
    with pytest.raises(TypeError):
        robots_lens.replay_logs([42], robots=V1)


def test_the_module_example_runs():
    import doctest

    import robots_lens.logs

    failures, tried = doctest.testmod(robots_lens.logs)
    assert (failures, tried > 0) == (0, True)
