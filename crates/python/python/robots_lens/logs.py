"""Did the bots obey? Access logs replayed against the robots.txt that was in force.

    >>> import robots_lens
    >>> log = b'20.171.206.7 - - [02/Mar/2026:10:00:00 +0000] "GET /x HTTP/1.1" 200 5 "-" "GPTBot/1.2"\\n'
    >>> report = robots_lens.replay_logs([log], robots=["User-agent: GPTBot\\nDisallow: /\\n"])
    >>> row = report["crawlers"][0]
    >>> row["crawler"], row["claim"], row["requests"], row["disallowed"], row["verified"]
    ('GPTBot', 'crawler', 1, 1, 1)

The Rust core reads each line (Apache/nginx combined or common, JSON lines, W3C extended),
names the catalogued crawler its user agent names, and asks whether that crawler could fetch
that URL under the version of the host's robots.txt in force at the request's time; this module
only opens the logs (gzip'd ones recognised by their first bytes) and feeds them a megabyte at
a time, so a log of any size costs that much memory. ``LogReplay`` is the lower-level door:
feed it bytes yourself, and ask it for the judged requests one chunk at a time.
"""

from __future__ import annotations

import gzip
import io
import json
import os
from typing import IO, Any, Iterable, Iterator, Union

from ._native import LogReplay as _NativeReplay

__all__ = ["LogReplay", "replay_logs", "judged_requests"]

#: How many bytes are read from a log at a time.
CHUNK = 1 << 20

Log = Union[str, "os.PathLike[str]", bytes, bytearray, IO[bytes]]


class LogReplay(_NativeReplay):
    """The core's replay (``robots_lens._native.LogReplay``) with its summary as dictionaries."""

    def report(self) -> dict[str, Any]:
        """The summary: the keys of ``robots-lens logs --format json``."""
        return json.loads(self.report_json())


def _open(log: Log) -> tuple[str, IO[bytes], IO[bytes] | None]:
    """A name and a byte stream for ``log`` (a path, the bytes of a log, or a binary file),
    gunzipped when its first bytes say so, and the file this opened (to close), if any."""
    opened: IO[bytes] | None = None
    if isinstance(log, (bytes, bytearray)):
        source: IO[bytes] = io.BytesIO(bytes(log))
        name = "<bytes>"
    elif isinstance(log, (str, os.PathLike)):
        name = os.fspath(log)
        source = opened = open(name, "rb")  # noqa: SIM115 -- closed by _feed
    elif hasattr(log, "read"):
        source = log
        name = getattr(log, "name", "<stream>")
    else:
        raise TypeError("a log is a path, bytes, or a binary file object")
    first = source.read(2)
    stream: IO[bytes] = io.BufferedReader(_Prefixed(first, source), CHUNK)
    if first == b"\x1f\x8b":
        stream = gzip.GzipFile(fileobj=stream)  # reads every member, as zcat does
    return str(name), stream, opened


class _Prefixed(io.RawIOBase):
    """A stream whose first bytes were already read (to recognise gzip), given back first."""

    def __init__(self, prefix: bytes, rest: IO[bytes]):
        self._prefix = prefix
        self._rest = rest

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:  # type: ignore[override]
        if self._prefix:
            count = min(len(buffer), len(self._prefix))
            buffer[:count] = self._prefix[:count]
            self._prefix = self._prefix[count:]
            return count
        data = self._rest.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def _feed(replay: LogReplay, logs: Iterable[Log], requests: bool) -> Iterator[list[dict[str, Any]]]:
    for log in logs:
        name, stream, opened = _open(log)
        try:
            batch = replay.start_file(name, requests=requests)
            if batch:
                yield batch
            while True:
                chunk = stream.read(CHUNK)
                if not chunk:
                    break
                batch = replay.feed(chunk, requests=requests)
                if batch:
                    yield batch
            batch = replay.finish(requests=requests)
            if batch:
                yield batch
        finally:
            if opened is not None:
                opened.close()


def replay_logs(
    logs: Iterable[Log],
    robots: Any,
    *,
    profile: str = "rfc9309",
    agent_match: str = "substring",
    log_format: str = "auto",
    fields: str | None = None,
) -> dict[str, Any]:
    """Replays ``logs`` (paths, bytes or binary files, gzip'd or not) against ``robots`` and
    returns the summary (the keys of ``robots-lens logs --format json``).

    ``robots`` is a robots.txt (``str`` or ``bytes``) that always held, or a list of versions:
    each a robots.txt, ``(robots, from)`` with ``from`` an RFC 3339 time such as
    ``"2026-03-01T00:00:00+00:00"`` (the version holds from then on), or
    ``(robots, from, site)`` with ``site`` such as ``"https://shop.example"`` (that host's own
    file; ``from`` may be ``None``).
    """
    replay = LogReplay(robots, profile=profile, agent_match=agent_match, log_format=log_format, fields=fields)
    for _ in _feed(replay, logs, requests=False):
        pass
    return replay.report()


def judged_requests(
    logs: Iterable[Log],
    robots: Any,
    *,
    profile: str = "rfc9309",
    agent_match: str = "substring",
    log_format: str = "auto",
    fields: str | None = None,
) -> Iterator[dict[str, Any]]:
    """Every request of ``logs`` as judged, in log order, as dictionaries with the keys of
    ``robots-lens logs --format jsonl`` (``line``, ``time``, ``ip``, ``agent``, ``crawler``,
    ``url``, ``allowed``, ``deciding_line``, ``version``, ``verified``, …). Arguments as
    ``replay_logs``; the requests are produced a chunk at a time."""
    replay = LogReplay(robots, profile=profile, agent_match=agent_match, log_format=log_format, fields=fields)
    for batch in _feed(replay, logs, requests=True):
        yield from batch
