"""WARC files of robots.txt captures, written with warcio from the real files under
../shared/corpus, in the shapes Common Crawl's robots.txt segments hold: 200s (some gzip-encoded,
some chunked), redirects across files (one hop, two, five, six, a loop, a relative Location, one
without a Location, one to a URL never captured), 404/410/403 with HTML error pages, 429, 500,
503, a 304, 200s that are HTML pages, a re-crawl of a URL, and records the census skips (requests,
metadata, a dns: response).

Each capture is written with what a crawler ends with for it, worked out here from the scenario
and not by the engine: the status as ``robots-lens crawlers --status`` takes it (each followed
redirect's code, then the final answer, as ``robots-lens fetch`` prints it) and the body the
crawler reads. ``html`` is only expected of the synthetic HTML pages; a real file may also be one
(the test asks ``robots-lens lint`` then).
"""

from __future__ import annotations

import gzip
import io
import random
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

REASONS = {
    200: "OK",
    301: "Moved Permanently",
    302: "Found",
    303: "See Other",
    304: "Not Modified",
    307: "Temporary Redirect",
    308: "Permanent Redirect",
    403: "Forbidden",
    404: "Not Found",
    410: "Gone",
    429: "Too Many Requests",
    500: "Internal Server Error",
    503: "Service Unavailable",
}
HTML_PAGE = b"<!DOCTYPE html>\n<html>\n<head><title>Not found</title></head>\n<body>\n<p>Sorry.</p>\n</body>\n</html>\n"
START = datetime(2026, 3, 1, tzinfo=timezone.utc)


@dataclass
class Expected:
    """What the census must say of one capture."""

    url: str
    host: str
    status: Optional[str]  # None: not answerable
    body: Optional[bytes]  # what the crawler reads (the chain's last body)
    problem: Optional[str] = None  # a part of the problem's text
    maybe_html: bool = False  # a real 200 file: "html" if the audit reads it as a page


@dataclass
class _Record:
    url: str
    code: int
    headers: List[Tuple[str, str]]
    body: bytes
    date: datetime
    expected: Optional[Expected]  # None for records the census skips


def scenarios(files: Dict[str, bytes], seed: int = 39) -> List[_Record]:
    """Every record, in a shuffled order (a chain's hops land in different files)."""
    rng = random.Random(seed)
    records: List[_Record] = []
    moment = [START]

    def add(url, code, body=b"", headers=(), expected=None, encode=None):
        moment[0] += timedelta(seconds=7)
        headers = list(headers)
        if encode == "gzip":
            body = gzip.compress(body, mtime=0)
            headers.append(("Content-Encoding", "gzip"))
        elif encode == "chunked":
            pieces = [body[i : i + 700] for i in range(0, len(body), 700)]
            body = b"".join(b"%x\r\n%s\r\n" % (len(piece), piece) for piece in pieces) + b"0\r\n\r\n"
            headers.append(("Transfer-Encoding", "chunked"))
        records.append(_Record(url, code, headers, body, moment[0], expected))

    def final(url, host, status, body, **extra):
        return Expected(url=url, host=host, status=status, body=body, **extra)

    for index, (host, body) in enumerate(sorted(files.items())):
        url = f"https://{host}/robots.txt"
        later = b"User-agent: *\nDisallow: /\n"
        recrawled = index % 17 == 5
        # What a redirect to the URL reads: its latest capture.
        latest, latest_html = (later, False) if recrawled else (body, True)
        encode = "gzip" if index % 7 == 3 else "chunked" if index % 9 == 4 else None
        add(url, 200, body, [("Content-Type", "text/plain")], final(url, host, "200", body, maybe_html=True), encode)
        if index % 5 == 0:
            source = f"http://{host}/robots.txt"
            add(source, 301, b"", [("Location", url)], final(source, host, "301>200", latest, maybe_html=latest_html))
        if index % 11 == 1:
            first, second = f"http://www.{host}/robots.txt", f"https://www.{host}/robots.txt"
            add(first, 302, b"", [("Location", second)], final(first, f"www.{host}", "302>301>200", latest, maybe_html=latest_html))
            add(second, 301, b"", [("Location", url)], final(second, f"www.{host}", "301>200", latest, maybe_html=latest_html))
        if index % 13 == 2:
            source, target = f"http://m.{host}/robots.txt", f"http://m.{host}/robots.txt?mobile=1"
            add(source, 308, b"", [("Location", "/robots.txt?mobile=1")], final(source, f"m.{host}", "308>200", body, maybe_html=True))
            add(target, 200, body, [], final(target, f"m.{host}", "200", body, maybe_html=True))
        if recrawled:
            # A re-crawl: both captures are rows; a redirect to the URL reads the later one.
            moment[0] += timedelta(days=1)
            add(url, 200, later, [], final(url, host, "200", later))
            source = f"http://recrawl.{host}/robots.txt"
            add(source, 301, b"", [("Location", url)], final(source, f"recrawl.{host}", "301>200", later))

    sample = sorted(files.items())
    for k in range(6):
        host = f"site-{k}.example"
        url = f"https://{host}/robots.txt"
        add(url, [404, 410, 403][k % 3], HTML_PAGE, [("Content-Type", "text/html")], final(url, host, str([404, 410, 403][k % 3]), HTML_PAGE))
        for code in (429, 500, 503):
            error = f"https://e{code}-{k}.example/robots.txt"
            add(error, code, b"<html><body>busy</body></html>\n", [], final(error, f"e{code}-{k}.example", str(code), None))
        page = f"https://page-{k}.example/robots.txt"
        add(page, 200, HTML_PAGE, [("Content-Type", "text/html")], final(page, f"page-{k}.example", "html", HTML_PAGE))
        lost = f"https://lost-{k}.example/robots.txt"
        add(lost, 302, b"", [("Location", f"https://nowhere-{k}.example/robots.txt")],
            final(lost, f"lost-{k}.example", None, None, problem="which was not captured"))
        bare = f"https://bare-{k}.example/robots.txt"
        add(bare, 301, b"", [], final(bare, f"bare-{k}.example", "3xx*6", None))
        loop, back = f"https://loop-{k}.example/robots.txt", f"https://loop-{k}.example/a"
        add(loop, 302, b"", [("Location", back)], final(loop, f"loop-{k}.example", "3xx*6", None))
        add(back, 302, b"", [("Location", loop)], final(back, f"loop-{k}.example", "3xx*6", None))
        missing = f"https://moved-{k}.example/robots.txt"
        add(missing, 301, b"", [("Location", f"https://moved-{k}.example/new.txt")], final(missing, f"moved-{k}.example", "301>404", None))
        add(f"https://moved-{k}.example/new.txt", 404, HTML_PAGE, [], final(f"https://moved-{k}.example/new.txt", f"moved-{k}.example", "404", None))
        stale = f"https://stale-{k}.example/robots.txt"
        add(stale, 304, b"", [], final(stale, f"stale-{k}.example", "unreachable", None))
        # Five redirects reach the file; six are more than crawlers follow.
        _, body = sample[k]
        for length, status in ((5, "307>307>307>307>307>200"), (6, "3xx*6")):
            hops = [f"https://hop{length}-{k}.example/{n}" for n in range(length)] + [f"https://hop{length}-{k}.example/robots.txt"]
            for n in range(length):
                left = length - n
                expected = status if left == length else "307>" * left + "200"
                add(hops[n], 307, b"", [("Location", hops[n + 1])],
                    final(hops[n], f"hop{length}-{k}.example", expected, body if expected != "3xx*6" else None, maybe_html=True))
            add(hops[-1], 200, body, [], final(hops[-1], f"hop{length}-{k}.example", "200", body, maybe_html=True))
    rng.shuffle(records)
    return records


def write_warcs(folder: Path, files: Dict[str, bytes], count: int = 24, seed: int = 39) -> Dict[Tuple[str, int], Expected]:
    """Writes the captures into ``count`` WARC files in ``folder`` (all but the last gzipped,
    one gzip member per record) and returns what each capture must get, by (file, offset)."""
    folder.mkdir(parents=True, exist_ok=True)
    records = scenarios(files, seed)
    expected: Dict[Tuple[str, int], Expected] = {}
    outputs = []
    for number in range(count):
        plain = number == count - 1
        path = folder / f"CC-ROBOTS-{number:05d}.warc{'' if plain else '.gz'}"
        stream = open(path, "wb")
        outputs.append((path, stream, WARCWriter(stream, gzip=not plain)))
    for index, record in enumerate(records):
        path, stream, writer = outputs[index % count]
        if index % 50 == 0:  # records the census skips: a request, a metadata record, a dns: answer
            writer.write_record(writer.create_warc_record(record.url, "request", payload=io.BytesIO(b"GET /robots.txt HTTP/1.1\r\n\r\n")))
            writer.write_record(writer.create_warc_record(record.url, "metadata", payload=io.BytesIO(b"fetchTimeMs: 12\r\n")))
            writer.write_record(writer.create_warc_record("dns:example.com", "response", payload=io.BytesIO(b"example.com 300 IN A 192.0.2.1\n"), warc_content_type="text/dns"))
        offset = stream.tell()
        http = StatusAndHeaders(f"{record.code} {REASONS[record.code]}", record.headers, protocol="HTTP/1.1")
        warc = writer.create_warc_record(
            record.url,
            "response",
            payload=io.BytesIO(record.body),
            length=len(record.body),
            http_headers=http,
            warc_headers_dict={"WARC-Date": record.date.strftime("%Y-%m-%dT%H:%M:%SZ")},
        )
        writer.write_record(warc)
        expected[(str(path), offset)] = record.expected
    for _, stream, _ in outputs:
        stream.close()
    return expected
