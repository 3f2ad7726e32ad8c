"""The plain Python replay `robots-lens logs` is measured against (scripts/bench-logs.sh).

What a person writes without Robots Lens: read an Apache/nginx combined log line by line with a
regular expression, name the crawler by the first catalogued token found in the user agent, pick
the robots.txt version in force at the request's time, and ask the parser whether that token may
fetch the path. The parsers are Python's own `urllib.robotparser` and Scrapy's `protego`; the
answers are cached per (version, token, path), as the Rust replay caches its verdicts, so the
peer does no more parsing work than it must. It prints one JSON line: lines, requests,
disallowed requests by crawler, seconds of CPU.

    python scripts/bench_logs_peer.py --parser protego --log access.log \
        --robots before.txt --robots after.txt@2026-03-01T00:00:00Z --tokens Googlebot,GPTBot,…
"""

from __future__ import annotations

import argparse
import json
import re
import time
import urllib.robotparser
from bisect import bisect_right
from datetime import datetime, timezone

LINE = re.compile(r'^(\S+) \S+ \S+ \[([^\]]+)\] "(?:[A-Z]+) (\S+)(?: [^"]*)?" (\d{3}) \S+ "[^"]*" "([^"]*)"')
MONTHS = {name: index for index, name in enumerate("Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(), 1)}


def clf_time(text: str) -> float:
    # 01/Mar/2026:12:00:00 +0000
    day, month, rest = text[:2], text[3:6], text[7:]
    year, clock = rest[:4], rest[5:13]
    moment = datetime(int(year), MONTHS[month], int(day), int(clock[:2]), int(clock[3:5]), int(clock[6:8]), tzinfo=timezone.utc)
    return moment.timestamp()


def parser_for(kind: str, text: str):
    if kind == "protego":
        from protego import Protego

        robots = Protego.parse(text)
        return lambda token, url: robots.can_fetch(url, token)
    robots = urllib.robotparser.RobotFileParser()
    robots.parse(text.splitlines())
    return lambda token, url: robots.can_fetch(token, url)


def main() -> None:
    args = argparse.ArgumentParser()
    args.add_argument("--parser", choices=["protego", "robotparser"], required=True)
    args.add_argument("--log", required=True)
    args.add_argument("--robots", action="append", required=True, help="FILE or FILE@TIME")
    args.add_argument("--tokens", required=True, help="comma-separated crawler tokens")
    options = args.parse_args()

    versions = []
    for spec in options.robots:
        path, _, when = spec.partition("@")
        start = datetime.fromisoformat(when.replace("Z", "+00:00")).timestamp() if when else float("-inf")
        versions.append((start, parser_for(options.parser, open(path, encoding="utf-8").read())))
    versions.sort(key=lambda version: version[0])
    starts = [start for start, _ in versions]
    tokens = [token for token in options.tokens.split(",") if token]
    lowered = [(token.lower(), token) for token in tokens]

    began = time.process_time()
    lines = requests = 0
    disallowed: dict[str, int] = {}
    agents: dict[str, str | None] = {}
    answers: dict[tuple[int, str, str], bool] = {}
    with open(options.log, "rb") as log:
        for raw in log:
            lines += 1
            match = LINE.match(raw.decode("utf-8", "replace"))
            if not match:
                continue
            requests += 1
            _, when, path, _, agent = match.groups()
            token = agents.get(agent, "")
            if token == "":
                lower = agent.lower()
                token = next((name for low, name in lowered if low in lower), None)
                agents[agent] = token
            if token is None:
                continue
            index = bisect_right(starts, clf_time(when)) - 1
            if index < 0:
                continue
            key = (index, token, path)
            allowed = answers.get(key)
            if allowed is None:
                allowed = answers[key] = versions[index][1](token, path)
            if not allowed:
                disallowed[token] = disallowed.get(token, 0) + 1
    seconds = time.process_time() - began
    print(json.dumps({"parser": options.parser, "lines": lines, "requests": requests, "disallowed": disallowed, "cpu_seconds": seconds}))


if __name__ == "__main__":
    main()
