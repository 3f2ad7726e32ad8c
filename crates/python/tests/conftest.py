"""Shared fixtures: the CLI to compare with, and the real files under ../shared.

scripts/python.sh builds the CLI and points ROBOTS_LENS_CLI at it; a clone without
../shared/corpus/real-robots/ (or $ROBOTS_LENS_SHARED's) skips the tests that read it, saying so.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Iterable

import pytest

REPO_ROOT = Path(__file__).resolve().parents[3]
# The shared folder as every other test finds it ($ROBOTS_LENS_SHARED, else beside the repository);
# ROBOTS_LENS_CORPUS still points at one corpus directly.
SHARED = Path(os.environ.get("ROBOTS_LENS_SHARED") or REPO_ROOT.parent / "shared")
CORPUS = Path(os.environ.get("ROBOTS_LENS_CORPUS") or SHARED / "corpus" / "real-robots")


@pytest.fixture(scope="session")
def cli() -> Path:
    path = Path(os.environ.get("ROBOTS_LENS_CLI", REPO_ROOT / "target" / "debug" / "robots-lens"))
    if not path.exists():
        pytest.fail(f"the robots-lens CLI is missing at {path}: build it (cargo build -p robots-lens-cli) or set ROBOTS_LENS_CLI")
    return path


def cli_jsonl(cli: Path, cases: Iterable[dict], *args: str) -> list[dict]:
    """The CLI's `check --jsonl` answers to `cases`, in order."""
    stdin = "".join(json.dumps(case) + "\n" for case in cases)
    run = subprocess.run([str(cli), "check", "--jsonl", *args], input=stdin, capture_output=True, text=True, check=True)
    return [json.loads(line) for line in run.stdout.splitlines()]


@pytest.fixture(scope="session")
def real_files() -> dict[str, str]:
    """host -> text of every real file (invalid UTF-8 replaced, as a JSON string must be)."""
    files = CORPUS / "files"
    if not files.is_dir():
        print(f"\nNOTICE: {files} is absent: the tests on real robots.txt files are skipped")
        pytest.skip(f"real robots.txt corpus not found at {files}")
    return {
        path.name.removesuffix(".txt").lower(): path.read_bytes().decode("utf-8", errors="replace")
        for path in sorted(files.glob("*.txt"))
    }


#: Every how-many-th real file of each corpus the census tests read (about 100 of the 1,204).
CENSUS_EVERY = 12
#: WARC files the census tests write: enough tasks for a worker to die among them.
CENSUS_WARC_FILES = 12


def corpus_files() -> dict[str, bytes]:
    """Every CENSUS_EVERY-th file of both real corpora, host -> bytes."""
    files = {}
    for corpus in (CORPUS, CORPUS.parent / "real-robots-2"):
        folder = corpus / "files"
        if not folder.is_dir():
            print(f"\nNOTICE: {folder} is absent: the census tests are skipped")
            pytest.skip(f"real robots.txt corpus not found at {folder}")
        for path in sorted(folder.glob("*.txt"))[::CENSUS_EVERY]:
            files[path.name.removesuffix(".txt").lower()] = path.read_bytes()
    return files


@pytest.fixture(scope="session")
def census_input(tmp_path_factory):
    """WARC files of captures (census_warcs.py) and what each capture must get, by (file, offset)."""
    from census_warcs import write_warcs

    folder = tmp_path_factory.mktemp("census-warcs")
    expected = write_warcs(folder, corpus_files(), count=CENSUS_WARC_FILES)
    return folder, expected


@pytest.fixture(scope="session")
def census_cli(cli: Path):
    """The CLI's answers for the census checks, each asked once per session."""
    from census_check import PROFILE, Cli

    return Cli(cli, PROFILE)
