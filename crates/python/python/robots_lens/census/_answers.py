"""Captures in, census rows out: one ``robots_lens.census_batch`` call per batch, its buffers
turned into Arrow arrays without a Python object per cell.

Nothing here answers a robots.txt question: the native call asks the core for every verdict,
summary, preference and finding; this module lays its columns out as the census's schema.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from .. import _native

#: What the native call returns per capture, crawler, path, … as numpy types.
_U8, _U16, _I32 = np.uint8, np.uint16, np.int32
_NONE_U8 = 255

#: Every column a capture carries before it is answered (``Captures``), in output order.
CAPTURE_FIELDS = [
    pa.field("host", pa.string()),
    pa.field("url", pa.string()),
    pa.field("fetch_time_us", pa.int64()),
    pa.field("http_status", pa.int32()),
]

VERDICT = pa.struct(
    [
        pa.field("crawler", pa.string()),
        pa.field("path", pa.string()),
        pa.field("allowed", pa.bool_()),
        pa.field("line", pa.int32()),
        pa.field("reason", pa.string()),
    ]
)
ACCESS = pa.struct(
    [
        pa.field("crawler", pa.string()),
        pa.field("access", pa.string()),
        pa.field("blocking_line", pa.int32()),
    ]
)
USAGE = pa.struct(
    [
        pa.field("purpose", pa.string()),
        pa.field("content_usage", pa.string()),
        pa.field("content_usage_line", pa.int32()),
        pa.field("content_signal", pa.string()),
        pa.field("content_signal_line", pa.int32()),
    ]
)
FINDINGS = pa.struct(
    [
        pa.field("code", pa.string()),
        pa.field("severity", pa.string()),
        pa.field("count", pa.int32()),
    ]
)

#: The schema of an answered batch: what the census writes, plus its bookkeeping columns
#: (``location``, ``pending``), which ``census.py`` drops or keeps.
SCHEMA = pa.schema(
    CAPTURE_FIELDS
    + [
        pa.field("status", pa.string()),
        pa.field("status_class", pa.string()),
        pa.field("problem", pa.string()),
        pa.field("bytes", pa.int64()),
        pa.field("body_cut", pa.bool_()),
        pa.field("warc_truncated", pa.string()),
        pa.field("read", pa.bool_()),
        pa.field("verdicts", pa.list_(VERDICT)),
        pa.field("access", pa.list_(ACCESS)),
        pa.field("ai_usage", pa.list_(USAGE)),
        pa.field("sitemaps", pa.list_(pa.string())),
        pa.field("content_signal_lines", pa.int32()),
        pa.field("content_usage_lines", pa.int32()),
        pa.field("license_lines", pa.int32()),
        pa.field("audit", pa.list_(FINDINGS)),
        pa.field("errors", pa.int32()),
        pa.field("warnings", pa.int32()),
        pa.field("infos", pa.int32()),
        pa.field("location", pa.string()),
        pa.field("final_url", pa.string()),
        pa.field("source_file", pa.string()),
        pa.field("source_offset", pa.int64()),
        pa.field("pending", pa.bool_()),
    ]
)


@dataclass
class Survey:
    """What every capture is asked: these catalogued crawlers on these paths, under ``profile``."""

    crawlers: Sequence[str]
    paths: Sequence[str]
    profile: str = "rfc9309"
    audit: bool = True

    def check(self) -> None:
        """Raises ``LookupError`` / ``ValueError`` now, on the driver, for an unknown crawler, a
        path no crawler requests or an unknown profile, instead of in every task."""
        _native.census_batch([], [], list(self.crawlers), list(self.paths), profile=self.profile)


@dataclass
class Captures:
    """A batch of captures, column by column (Python lists of equal length).

    ``status`` is the fetch status to ask with, as ``robots-lens crawlers --status`` takes it
    (``200``, ``3xx>404``, ``unreachable``), or ``None`` for a capture not answered here: a
    redirect whose chain is resolved later (``pending``), or one that could not be read
    (``problem``). ``body`` holds at most ``KEPT_BYTES`` of the body; ``bytes`` its whole length.
    """

    host: List[Optional[str]] = field(default_factory=list)
    url: List[Optional[str]] = field(default_factory=list)
    fetch_time_us: List[Optional[int]] = field(default_factory=list)
    http_status: List[Optional[int]] = field(default_factory=list)
    status: List[Optional[str]] = field(default_factory=list)
    problem: List[Optional[str]] = field(default_factory=list)
    body: List[Optional[bytes]] = field(default_factory=list)
    bytes: List[Optional[int]] = field(default_factory=list)
    warc_truncated: List[Optional[str]] = field(default_factory=list)
    location: List[Optional[str]] = field(default_factory=list)
    final_url: List[Optional[str]] = field(default_factory=list)
    source_file: List[Optional[str]] = field(default_factory=list)
    source_offset: List[Optional[int]] = field(default_factory=list)
    pending: List[bool] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.url)

    def add(self, **values) -> None:
        """Appends one capture; columns not named are ``None`` (``pending``: ``False``)."""
        for name, column in self.__dict__.items():
            column.append(values.pop(name, False if name == "pending" else None))
        if values:
            raise TypeError(f"unknown capture columns: {sorted(values)}")


def _strings(names: Sequence[str], indices: np.ndarray, none: Optional[int] = None) -> pa.Array:
    """``names[i]`` for each index, as an Arrow string array (``none``: the index of null)."""
    mask = None if none is None else indices == none
    safe = np.where(mask, 0, indices) if mask is not None else indices
    taken = pc.take(pa.array(list(names) or [""], pa.string()), pa.array(safe.astype(np.int64)))
    if mask is not None and mask.any():
        taken = pc.if_else(pa.array(mask), pa.nulls(len(taken), pa.string()), taken)
    return taken


def _lines(values: np.ndarray) -> pa.Array:
    """Line numbers, 0 read as none (lines count from 1)."""
    return pa.array(values, pa.int32(), mask=values == 0)


def _counts(values: np.ndarray) -> pa.Array:
    """Counts, -1 read as none (the body was not read or not audited)."""
    return pa.array(values, pa.int32(), mask=values < 0)


def _fixed_lists(values: pa.StructArray, rows: int, width: int, valid: np.ndarray) -> pa.Array:
    """``rows`` lists of ``width`` values each, null where ``valid`` is false."""
    offsets = pa.array(np.arange(rows + 1, dtype=np.int32) * width, pa.int32())
    return pa.ListArray.from_arrays(offsets, values, mask=pa.array(~valid))


def answer(captures: Captures, survey: Survey) -> pa.RecordBatch:
    """The census rows of ``captures``: every capture with a status asked of the core at once."""
    rows = len(captures)
    keep = _native.KEPT_BYTES
    found = _native.census_batch(
        [body[:keep] if body is not None and len(body) > keep else body for body in captures.body],
        captures.status,
        list(survey.crawlers),
        list(survey.paths),
        profile=survey.profile,
        audit=survey.audit,
    )
    buffer = lambda name, kind: np.frombuffer(found[name], dtype=kind)  # noqa: E731
    answered = np.array([status is not None for status in captures.status], dtype=bool)
    valid = answered & np.array([status is not None for status in found["status"]], dtype=bool)
    crawlers, paths = list(survey.crawlers), list(survey.paths)
    width = len(crawlers) * len(paths)

    crawler_of_verdict = np.tile(np.repeat(np.arange(len(crawlers)), len(paths)), rows)
    path_of_verdict = np.tile(np.arange(len(paths)), rows * len(crawlers))
    allowed = buffer("allowed", _U8)
    verdicts = pa.StructArray.from_arrays(
        [
            _strings(crawlers, crawler_of_verdict),
            _strings(paths, path_of_verdict),
            pa.array(allowed == 1, pa.bool_(), mask=allowed == 2),
            _lines(buffer("line", _I32)),
            _strings(found["reasons"], buffer("reason", _U8).astype(np.int64)),
        ],
        fields=list(VERDICT),
    )
    access = pa.StructArray.from_arrays(
        [
            _strings(crawlers, np.tile(np.arange(len(crawlers)), rows)),
            _strings(_native.CENSUS_ACCESS, buffer("access", _U8).astype(np.int64), none=_NONE_U8),
            _lines(buffer("blocking_line", _I32)),
        ],
        fields=list(ACCESS),
    )
    purposes = _native.CENSUS_USAGE_PURPOSES
    preferences = _native.CENSUS_PREFERENCES
    usage = pa.StructArray.from_arrays(
        [
            _strings(purposes, np.tile(np.arange(len(purposes)), rows)),
            _strings(preferences, buffer("content_usage", _U8).astype(np.int64), none=_NONE_U8),
            _lines(buffer("content_usage_line", _I32)),
            _strings(preferences, buffer("content_signal", _U8).astype(np.int64), none=_NONE_U8),
            _lines(buffer("content_signal_line", _I32)),
        ],
        fields=list(USAGE),
    )
    findings = pa.StructArray.from_arrays(
        [
            _strings(found["codes"], buffer("audit_code", _U16).astype(np.int64)),
            _strings(_native.CENSUS_SEVERITIES, buffer("audit_severity", _U8).astype(np.int64)),
            pa.array(buffer("audit_count", _I32), pa.int32()),
        ],
        fields=list(FINDINGS),
    )
    errors = buffer("errors", _I32)
    audited = valid & (errors >= 0)
    sizes = np.array([-1 if size is None else size for size in captures.bytes], dtype=np.int64)
    problems = [
        mine if mine is not None else (theirs if asked else None)
        for mine, theirs, asked in zip(captures.problem, found["problem"], answered)
    ]
    status_class = [name if asked else None for name, asked in zip(found["status_class"], answered)]
    status = [text if asked else None for text, asked in zip(found["status"], answered)]
    read = buffer("read", _U8) == 1
    columns: Dict[str, pa.Array] = {
        "host": pa.array(captures.host, pa.string()),
        "url": pa.array(captures.url, pa.string()),
        "fetch_time_us": pa.array(captures.fetch_time_us, pa.int64()),
        "http_status": pa.array(captures.http_status, pa.int32()),
        "status": pa.array(status, pa.string()),
        "status_class": pa.array(status_class, pa.string()),
        "problem": pa.array(problems, pa.string()),
        "bytes": pa.array(sizes, pa.int64(), mask=sizes < 0),
        "body_cut": pa.array(sizes > _native.SIZE_LIMIT, pa.bool_(), mask=sizes < 0),
        "warc_truncated": pa.array(captures.warc_truncated, pa.string()),
        "read": pa.array(read, pa.bool_(), mask=~valid),
        "verdicts": _fixed_lists(verdicts, rows, width, valid),
        "access": _fixed_lists(access, rows, len(crawlers), valid),
        "ai_usage": _fixed_lists(usage, rows, len(purposes), valid),
        "sitemaps": pa.ListArray.from_arrays(
            pa.array(buffer("sitemap_offsets", _I32), pa.int32()),
            pa.array(found["sitemaps"], pa.string()),
            mask=pa.array(~(valid & read)),
        ),
        "content_signal_lines": _counts(np.where(valid, buffer("content_signal_lines", _I32), -1)),
        "content_usage_lines": _counts(np.where(valid, buffer("content_usage_lines", _I32), -1)),
        "license_lines": _counts(np.where(valid, buffer("license_lines", _I32), -1)),
        "audit": pa.ListArray.from_arrays(
            pa.array(buffer("audit_offsets", _I32), pa.int32()), findings, mask=pa.array(~audited)
        ),
        "errors": _counts(np.where(audited, errors, -1)),
        "warnings": _counts(np.where(audited, buffer("warnings", _I32), -1)),
        "infos": _counts(np.where(audited, buffer("infos", _I32), -1)),
        "location": pa.array(captures.location, pa.string()),
        "final_url": pa.array(captures.final_url, pa.string()),
        "source_file": pa.array(captures.source_file, pa.string()),
        "source_offset": pa.array(captures.source_offset, pa.int64()),
        "pending": pa.array(captures.pending, pa.bool_()),
    }
    return pa.RecordBatch.from_arrays([columns[name] for name in SCHEMA.names], schema=SCHEMA)
