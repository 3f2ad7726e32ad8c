#!/usr/bin/env python3
"""Builds the third corpus of real robots.txt files, one the audit was never tuned on.

Usage: python3 scripts/unseen-corpus.py OUT SHARED CLONE...

Each CLONE is a checkout (or `git archive` copy) of a public collection of robots.txt files
kept one file per host, named after the host: bharath06/robotstxt (at 2d6f73c, top sites as
served in July 2024) and the `robotfiles/` folder of anubhavp28/robotstxt-parser-benchmark (at
2d8502d, 2019). Neither is copied into this repository, as the shared corpora are not.

A file joins OUT/files/<host>.txt unless the corpora in SHARED/corpus/ already hold its host
(compared without `www.`) or its exact bytes, or an earlier clone gave that host: the point is
files no round of the audit has read. OUT/manifest.jsonl says where each came from. The same
clones always give the same corpus. docs/audit-precision.md reports what was judged on it.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

# Files of the collections that are no host's robots.txt.
NOT_HOSTS = {"README.md", "1"}


def host_of(name: str) -> str:
    host = name.lower().removesuffix(".txt")
    return host.removeprefix("www.")


def main(out: Path, shared: Path, clones: list[Path]) -> None:
    hosts: set[str] = set()
    digests: set[str] = set()
    for corpus in ("real-robots", "real-robots-2"):
        for line in (shared / "corpus" / corpus / "manifest.jsonl").read_text().splitlines():
            entry = json.loads(line)
            hosts.add(host_of(entry["file"]))
            digests.add(entry["sha256"])
    files = out / "files"
    files.mkdir(parents=True, exist_ok=True)
    kept = 0
    skipped = {"known host": 0, "known bytes": 0, "not a host or empty": 0}
    with open(out / "manifest.jsonl", "w") as manifest:
        for clone in clones:
            for path in sorted(clone.iterdir()):
                data = path.read_bytes() if path.is_file() else b""
                if path.name.startswith(".") or path.name in NOT_HOSTS or not data:
                    skipped["not a host or empty"] += 1
                    continue
                digest = hashlib.sha256(data).hexdigest()
                host = host_of(path.name)
                if host in hosts:
                    skipped["known host"] += 1
                    continue
                if digest in digests:
                    skipped["known bytes"] += 1
                    continue
                hosts.add(host)
                digests.add(digest)
                name = f"{path.name}.txt"
                (files / name).write_bytes(data)
                record = {"file": name, "source": str(clone), "size": len(data), "sha256": digest}
                manifest.write(json.dumps(record) + "\n")
                kept += 1
    print(f"{kept} files in {files}; skipped: {skipped}")


if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    main(Path(sys.argv[1]), Path(sys.argv[2]), [Path(arg) for arg in sys.argv[3:]])
