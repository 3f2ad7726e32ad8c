"""The census written with protego, as a study that counts with it would: the same WARC reading
(FastWARC), then per capture protego's parse and ``can_fetch`` for each crawler's product token
on each path, its sitemaps, the Content-Signal lines found by a regular expression, and the
status handled by class by hand (2xx: the file; 4xx: everything allowed; 5xx and 429: nothing);
rows of the same shape as the census's verdicts, as Arrow. A module of its own so that Spark's
workers import it by name (bench/census_bench.py puts bench/ on their PYTHONPATH).

It does less than the census: no crawler fallback chains, no operator status handling, no
whole-file access, no redirect chains, no AIPREF or licence reading, no audit.
"""

from __future__ import annotations

import re
from typing import Iterator, List, Sequence

import pyarrow as pa
from protego import Protego

from robots_lens.census._captures import warc_captures

CONTENT_SIGNAL = re.compile(rb"^\s*content-signal\s*:", re.IGNORECASE | re.MULTILINE)
VERDICT = pa.struct([("crawler", pa.string()), ("path", pa.string()), ("allowed", pa.bool_())])
SCHEMA = pa.schema(
    [
        ("host", pa.string()),
        ("url", pa.string()),
        ("http_status", pa.int32()),
        ("verdicts", pa.list_(VERDICT)),
        ("sitemaps", pa.list_(pa.string())),
        ("content_signal_lines", pa.int32()),
    ]
)


def answer(captures, tokens: Sequence[str], paths: Sequence[str]) -> pa.RecordBatch:
    verdicts: List[list] = []
    sitemaps: List[list] = []
    signals: List[int] = []
    for code, body in zip(captures.http_status, captures.body):
        row = []
        if code is None or 300 <= code < 400:
            verdicts.append(None)
            sitemaps.append(None)
            signals.append(None)
            continue
        if 200 <= code < 300:
            text = (body or b"").decode("utf-8", errors="replace")
            robots = Protego.parse(text)
            for token in tokens:
                for path in paths:
                    row.append({"crawler": token, "path": path, "allowed": robots.can_fetch(path, token)})
            sitemaps.append(list(robots.sitemaps))
            signals.append(len(CONTENT_SIGNAL.findall(body or b"")))
        else:
            allowed = 400 <= code < 500 and code != 429
            row = [{"crawler": token, "path": path, "allowed": allowed} for token in tokens for path in paths]
            sitemaps.append(None)
            signals.append(None)
        verdicts.append(row)
    return pa.RecordBatch.from_arrays(
        [
            pa.array(captures.host, pa.string()),
            pa.array(captures.url, pa.string()),
            pa.array(captures.http_status, pa.int32()),
            pa.array(verdicts, pa.list_(VERDICT)),
            pa.array(sitemaps, pa.list_(pa.string())),
            pa.array(signals, pa.int32()),
        ],
        schema=SCHEMA,
    )


def answer_files(paths_of_files: Sequence[str], tokens: Sequence[str], paths: Sequence[str]) -> Iterator[pa.RecordBatch]:
    for path in paths_of_files:
        for captures in warc_captures(path):
            yield answer(captures, tokens, paths)


def map_files(batches, tokens, paths):
    """mapInArrow: the protego rows of each WARC file named in the batches."""
    for batch in batches:
        yield from answer_files(batch.column(0).to_pylist(), tokens, paths)
