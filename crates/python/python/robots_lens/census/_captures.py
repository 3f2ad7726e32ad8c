"""Captured robots.txt files in, ``Captures`` batches out: WARC records (read by FastWARC),
plain files named by host, and table rows.

A capture is what one fetch of a robots.txt URL got: its HTTP status, its headers' redirect
target and its body, kept up to ``KEPT_BYTES`` (500 KiB and a byte, what crawlers read and
enough for the core to see a file past the limit) and counted to ``COUNTED_BYTES``. Which codes
are redirects, where a ``Location`` leads and what status a chain of hops ends with are the
native fetch crate's answers (``census_status``, ``census_redirect_target``), the same as
``robots-lens fetch`` gives for a live fetch.
"""

from __future__ import annotations

import gzip
import io
import os
from datetime import datetime, timezone
from typing import IO, Iterator, List, Optional, Tuple
from urllib.parse import unquote, urlsplit

from .. import _native
from ._answers import Captures

#: Captures per batch handed to the native call: large enough that a call's fixed costs vanish,
#: small enough that a batch of 500 KiB bodies stays in memory (at most ~1 GB, typically ~10 MB).
BATCH = 2000

#: What each record's body read asks for at a time past the part kept.
_CHUNK = 1 << 20


def host_of(url: Optional[str]) -> Optional[str]:
    """The URL's host in lower case, without port or brackets; ``None`` when it has none."""
    if not url:
        return None
    try:
        host = urlsplit(url).hostname
    except ValueError:
        return None
    return host or None


def local_path(path: str) -> Optional[str]:
    """The local file ``path`` names (a plain path or a ``file:`` URI), or ``None``."""
    if path.startswith("file:"):
        return unquote(urlsplit(path).path)
    if "://" in path:
        return None
    return path


def open_input(path: str) -> IO[bytes]:
    """Opens a local path, a ``file:`` URI, or any URI fsspec knows (``s3://``, ``https://``;
    Hadoop's ``s3a://`` is read as ``s3://``) for reading bytes."""
    local = local_path(path)
    if local is not None:
        return open(local, "rb")
    scheme, rest = path.split("://", 1)
    if scheme in ("s3a", "s3n"):
        path = "s3://" + rest
    try:
        import fsspec
    except ImportError as missing:
        raise RuntimeError(
            f"reading {path} needs fsspec (and s3fs for s3://) on every worker: pip install fsspec s3fs"
        ) from missing
    return fsspec.open(path, "rb").open()


def _micros(moment: Optional[datetime]) -> Optional[int]:
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    delta = moment - datetime(1970, 1, 1, tzinfo=timezone.utc)
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


def read_body(reader) -> Tuple[bytes, int]:
    """At most ``KEPT_BYTES`` of a body, and its length counted up to ``COUNTED_BYTES``."""
    kept = reader.read(_native.KEPT_BYTES)
    size = len(kept)
    while len(kept) == _native.KEPT_BYTES and size < _native.COUNTED_BYTES:
        more = reader.read(min(_CHUNK, _native.COUNTED_BYTES - size))
        if not more:
            break
        size += len(more)
    return kept, size


def _target_uri(record) -> Optional[str]:
    uri = record.headers.get("WARC-Target-URI")
    # WARC 1.0 allowed the URI in angle brackets.
    return uri.strip().strip("<>") if uri else None


def _record_head(record, source: str) -> dict:
    """What one WARC response record says before its body: where it was, when, its status, and
    for a redirect a crawler follows, where to (``pending``: answered once its chain is
    followed through the other captures)."""
    url = _target_uri(record)
    code = record.http_headers.status_code
    head = dict(
        host=host_of(url),
        url=url,
        fetch_time_us=_micros(record.record_date),
        http_status=code,
        source_file=source,
        source_offset=record.stream_pos,
    )
    if code in _native.REDIRECT_STATUSES:
        location = record.http_headers.get("Location")
        target = _native.census_redirect_target(url or "", location) if location and url else None
        if target is not None:
            head.update(location=target, pending=True)
    return head


def _record_capture(record, source: str) -> dict:
    """The capture of one WARC response record."""
    capture = _record_head(record, source)
    body, size = read_body(record.reader)
    capture.update(body=body, bytes=size, warc_truncated=record.headers.get("WARC-Truncated"))
    code = capture["http_status"]
    if code is None:
        capture["problem"] = "the record holds no HTTP status line"
    elif not capture.get("pending"):
        capture["status"] = _native.census_status([code])
        capture["final_url"] = capture["url"]
    return capture


def warc_heads(path: str) -> Iterator[dict]:
    """``_record_head`` of each HTTP response record of the WARC file ``path``, bodies skipped;
    a file that cannot be read to its end yields the records before the damage (the census's
    own pass over it reports the damage)."""
    from fastwarc.warc import ArchiveIterator, WarcRecordType

    try:
        with open_input(path) as stream:
            records = ArchiveIterator(stream, record_types=WarcRecordType.response, parse_http=True)
            for record in records:
                if record.is_http:
                    yield _record_head(record, path)
    except BaseException as error:  # noqa: BLE001 - as in warc_captures
        if isinstance(error, (KeyboardInterrupt, SystemExit, GeneratorExit)):
            raise


def warc_captures(path: str, *, batch: int = BATCH) -> Iterator[Captures]:
    """The HTTP response records of the WARC file ``path`` (gzip, zstd, lz4 or plain), as
    batches of captures. A file that cannot be read to its end yields what came before and one
    row naming the file, the offset and the error."""
    from fastwarc.warc import ArchiveIterator, WarcRecordType

    captures = Captures()
    offset = 0
    try:
        with open_input(path) as stream:
            records = ArchiveIterator(
                stream, record_types=WarcRecordType.response, parse_http=True, auto_decode="all"
            )
            for record in records:
                offset = record.stream_pos
                if not record.is_http:
                    continue  # dns: and other non-HTTP responses
                captures.add(**_record_capture(record, path))
                if len(captures) >= batch:
                    yield captures
                    captures = Captures()
    except BaseException as error:  # noqa: BLE001 - a damaged file must not end a census of thousands
        if isinstance(error, (KeyboardInterrupt, SystemExit, GeneratorExit)):
            raise
        # FastWARC's Rust side reports some damage as a panic (PanicException, a
        # BaseException): the file is as unreadable as with any other error.
        captures.add(
            source_file=path,
            source_offset=offset,
            problem=f"the WARC file could not be read after offset {offset}: {error}",
        )
    if len(captures):
        yield captures


def warc_record_at(path: str, offset: int, url: str, opened: dict) -> Tuple[Optional[object], str]:
    """The response record for ``url`` at ``offset`` of ``path`` as ``(code, body, size,
    truncated)``, or ``(None, why)``. Seeks there (a ``.warc.gz`` of one gzip member per
    record, as Common Crawl writes, or a plain ``.warc``); when the record found there is not
    that URL's, reads the file from its start. ``opened`` keeps the last file open."""
    from fastwarc.warc import ArchiveIterator, WarcRecordType

    def found(record):
        body, size = read_body(record.reader)
        return (record.http_headers.status_code, body, size, record.headers.get("WARC-Truncated"))

    try:
        if opened.get("path") != path:
            if opened.get("stream") is not None:
                opened["stream"].close()
            opened.clear()
            opened.update(path=path, stream=open_input(path))
        stream = opened["stream"]
        stream.seek(offset)
        for record in ArchiveIterator(stream, record_types=WarcRecordType.response, auto_decode="all"):
            if _target_uri(record) == url:
                return found(record), ""
            break
        stream.seek(0)
        for record in ArchiveIterator(stream, record_types=WarcRecordType.response, auto_decode="all"):
            if record.stream_pos == offset and _target_uri(record) == url:
                return found(record), ""
    except BaseException as error:  # noqa: BLE001 - as in warc_captures
        if isinstance(error, (KeyboardInterrupt, SystemExit, GeneratorExit)):
            raise
        opened.clear()
        return None, f"the redirect's target record in {path} could not be read: {error}"
    return None, f"the redirect's target record is not at offset {offset} of {path}"


def file_capture(path: str, content: Optional[bytes], modified: Optional[datetime]) -> dict:
    """A robots.txt file named after its host (``example.com.txt`` or ``example.com``), read as
    served with 200."""
    name = os.path.basename(local_path(path) or urlsplit(path).path)
    host = name[: -len(".txt")] if name.lower().endswith(".txt") else name
    content = content or b""
    return dict(
        host=host.lower() or None,
        fetch_time_us=_micros(modified),
        body=content[: _native.KEPT_BYTES],
        bytes=len(content),
        status="200",
        source_file=path,
    )


def table_capture(row: dict) -> dict:
    """A row of a table with ``host``, ``status`` and ``body`` (``url`` and ``fetch_time``
    optional); the status is asked as written (``200``, ``404``, ``301>200``, ``unreachable``)."""
    body = row.get("body")
    if isinstance(body, str):
        body = body.encode("utf-8")
    status = row.get("status")
    url = row.get("url")
    return dict(
        host=(row.get("host") or host_of(url) or None),
        url=url,
        fetch_time_us=row.get("fetch_time_us"),
        body=None if body is None else body[: _native.KEPT_BYTES],
        bytes=None if body is None else len(body),
        status=None if status is None else str(status).strip(),
        problem="the row has no status" if status is None else None,
        final_url=url,
        source_file=row.get("source_file"),
    )


def read_listing(path: str, prefix: str) -> List[str]:
    """The files a listing names, one a line (Common Crawl's ``robotstxt.paths.gz``), each
    prefixed with ``prefix`` unless it is already a URI or an absolute path."""
    with open_input(path) as raw:
        data = raw.read()
    if path.endswith(".gz"):
        data = gzip.decompress(data)
    names = [line.strip() for line in io.StringIO(data.decode("utf-8")) if line.strip()]
    return [name if ("://" in name or name.startswith("/")) else prefix + name for name in names]
