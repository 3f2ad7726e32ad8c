"""Checks a census table row by row against the CLI: every capture once, the status the
scenario says, and each crawler's verdict on each path and whole-file access equal to what
`robots-lens crawlers FILE --url PATH --status S --json` prints for that capture's body."""

from __future__ import annotations

import hashlib
import json
import subprocess
import tempfile
from pathlib import Path
from typing import Dict, List, Sequence, Tuple

import pyarrow.parquet as pq

from census_warcs import Expected

import robots_lens

#: What the census tests ask: every catalogued crawler, on two paths.
CRAWLERS = robots_lens.crawler_names()
PATHS = ["/", "/wp-admin/admin-ajax.php"]
PROFILE = "rfc9309"


class Cli:
    """The CLI's answers, asked once per distinct (body, status, path)."""

    def __init__(self, cli: Path, profile: str):
        self.cli, self.profile = cli, profile
        self.folder = Path(tempfile.mkdtemp(prefix="census-cli-"))
        self.crawlers: Dict[Tuple[str, str, str], Dict[str, dict]] = {}
        self.lint: Dict[str, List[dict]] = {}

    def file(self, body: bytes) -> Tuple[str, Path]:
        digest = hashlib.sha256(body).hexdigest()
        path = self.folder / f"{digest}.txt"
        if not path.exists():
            path.write_bytes(body)
        return digest, path

    def crawler_rows(self, body: bytes, status: str, path: str) -> Dict[str, dict]:
        digest, file = self.file(body)
        key = (digest, status, path)
        if key not in self.crawlers:
            run = subprocess.run(
                [str(self.cli), "crawlers", str(file), "--url", path, "--status", status, "--profile", self.profile, "--json"],
                capture_output=True, check=True,
            )
            self.crawlers[key] = {row["crawler"]: row for row in json.loads(run.stdout)}
        return self.crawlers[key]

    def findings(self, body: bytes) -> List[dict]:
        digest, file = self.file(body)
        if digest not in self.lint:
            run = subprocess.run([str(self.cli), "lint", str(file), "--format", "json"], capture_output=True)
            self.lint[digest] = json.loads(run.stdout)
        return self.lint[digest]


def read_rows(output: str) -> List[dict]:
    return pq.read_table(output).to_pylist()


def check_census(
    rows: Sequence[dict],
    expected: Dict[Tuple[str, int], Expected],
    cli: Cli,
    crawlers: Sequence[str],
    paths: Sequence[str],
) -> Dict[str, int]:
    """Asserts every row; returns a few counts for the test's message."""
    keys = [(row["source_file"], row["source_offset"]) for row in rows]
    assert len(keys) == len(set(keys)), "a capture was counted twice"
    assert set(keys) == set(expected), (
        f"captures lost: {sorted(set(expected) - set(keys))[:3]}; unexpected rows: {sorted(set(keys) - set(expected))[:3]}"
    )
    mismatches: List[str] = []
    tally = {"rows": len(rows), "answered": 0, "html": 0, "cli_checks": 0}
    for row in rows:
        want = expected[(row["source_file"], row["source_offset"])]
        where = f"{row['url']} ({row['source_file']}@{row['source_offset']})"
        if row["host"] != want.host or row["url"] != want.url:
            mismatches.append(f"{where}: host/url {row['host']}, {row['url']} != {want.host}, {want.url}")
            continue
        if want.status is None:
            if row["status"] is not None or want.problem not in (row["problem"] or ""):
                mismatches.append(f"{where}: expected no answer ({want.problem}), got {row['status']} / {row['problem']}")
            continue
        status = row["status"]
        if status != want.status:
            as_page = want.status[: -len("200")] + "html" if want.status.endswith("200") else None
            if not (want.maybe_html and status == as_page):
                mismatches.append(f"{where}: status {status} != {want.status} ({row['problem']})")
                continue
        body = want.body or b""
        if want.maybe_html:
            is_page = any(finding["code"] == "RL101" for finding in cli.findings(body))
            if is_page != status.endswith("html"):
                mismatches.append(f"{where}: status {status}, but robots-lens lint says RL101 is {is_page}")
        tally["answered"] += 1
        tally["html"] += status.endswith("html")
        verdicts = {(v["crawler"], v["path"]): v for v in row["verdicts"]}
        access = {a["crawler"]: a for a in row["access"]}
        if len(verdicts) != len(crawlers) * len(paths) or set(access) != set(crawlers):
            mismatches.append(f"{where}: {len(verdicts)} verdicts, {len(access)} crawlers")
            continue
        for path in paths:
            table = cli.crawler_rows(body, status, path)
            tally["cli_checks"] += 1
            for crawler in crawlers:
                cli_row = table[crawler]
                got = verdicts[(crawler, path)]
                want_verdict = (cli_row["verdict"]["allowed"], cli_row["verdict"]["deciding_line"], cli_row["verdict"]["reason"])
                if (got["allowed"], got["line"], got["reason"]) != want_verdict:
                    mismatches.append(f"{where}: {crawler} on {path}: {got} != {want_verdict}")
                if path == paths[0]:
                    summary = cli_row["summary"]
                    if (access[crawler]["access"], access[crawler]["blocking_line"]) != (summary["access"], summary["blocking_line"]):
                        mismatches.append(f"{where}: {crawler} access {access[crawler]} != {summary['access']}, {summary['blocking_line']}")
        if row["read"] and row["errors"] is not None:
            findings = cli.findings(body)
            counted = {(f["code"], f["severity"], f["count"]) for f in row["audit"]}
            linted: Dict[Tuple[str, str], int] = {}
            for finding in findings:
                key = (finding["code"], finding["severity"])
                # One entry per cause: its first finding and the others.
                linted[key] = linted.get(key, 0) + 1 + len(finding["others"])
            if counted != {(code, severity, count) for (code, severity), count in linted.items()}:
                mismatches.append(f"{where}: audit {sorted(counted)} != lint {sorted(linted.items())}")
    assert not mismatches, f"{len(mismatches)} mismatches of {len(rows)} rows, first: " + "\n".join(mismatches[:8])
    return tally
