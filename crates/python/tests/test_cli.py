"""The ``robots-lens`` command of the Python package: the console script and ``python -m
robots_lens`` print the native command's bytes and end with its exit status."""

from __future__ import annotations

import re
import shutil
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROBOTS = "User-agent: *\nDisallow: /private\n\nUser-agent: GPTBot\nDisallow: /\nDisalow: /typo\n"

# Each command line runs in a directory holding robots.txt (and new.txt, expect.toml); together
# they cover every command, text and JSON output, standard input, and each exit status.
COMMAND_LINES = [
    ["check", "robots.txt", "--agent", "Bot", "--url", "/private/x"],
    ["check", "robots.txt", "--agent", "Bot", "--url", "/public", "--json"],
    ["check", "-", "--agent", "GPTBot", "--url", "/"],
    ["crawlers", "robots.txt", "--url", "/private/a"],
    ["crawlers", "--json"],
    ["lint", "robots.txt"],
    ["lint", "robots.txt", "--format", "sarif"],
    ["explain", "RL206"],
    ["diff", "robots.txt", "new.txt", "--agent", "Bot"],
    ["test", "robots.txt", "expect.toml"],
    ["check", "missing.txt", "--agent", "Bot", "--url", "/"],
    ["check", "robots.txt", "--bogus"],
    ["--version"],
]


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("cli")
    (directory / "robots.txt").write_text(ROBOTS)
    (directory / "new.txt").write_text("User-agent: *\nDisallow: /\n")
    (directory / "expect.toml").write_text('[[expect]]\nurl = "/private/a"\nallowed = true\nagents = ["Bot"]\n')
    return directory


def run(command: list[str], cwd: Path) -> tuple[bytes, bytes, int]:
    done = subprocess.run(command, cwd=cwd, input=ROBOTS.encode(), capture_output=True, timeout=60)
    return done.stdout, done.stderr, done.returncode


@pytest.mark.parametrize("args", COMMAND_LINES, ids=lambda args: " ".join(args))
def test_the_console_script_and_python_m_are_the_native_command(cli: Path, workdir: Path, args: list[str]) -> None:
    script = shutil.which("robots-lens", path=str(Path(sys.executable).parent))
    assert script, "the wheel installs a robots-lens console script beside the interpreter"
    native = run([str(cli), *args], workdir)
    assert native[2] in (0, 1, 2)
    assert run([script, *args], workdir) == native
    assert run([sys.executable, "-m", "robots_lens", *args], workdir) == native


def test_a_closed_pipe_ends_the_command_quietly(workdir: Path) -> None:
    reader = subprocess.Popen(["head", "-c", "1"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    writer = subprocess.run(
        [sys.executable, "-m", "robots_lens", "crawlers", "--json"], cwd=workdir, stdout=reader.stdin, stderr=subprocess.PIPE, timeout=60
    )
    reader.stdin.close()
    reader.wait(timeout=60)
    assert (writer.returncode, writer.stderr) == (0, b"")


def test_python_m_serve_serves_the_page_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    # A checkout-like folder (--root): the wheel may have been built before the page was, and
    # then carries none; what is tested here is the command running inside Python.
    (tmp_path / "www" / "pkg").mkdir(parents=True)
    (tmp_path / "index.html").write_text('<head><meta name="robots-lens-live" content=""></head>')
    (tmp_path / "www" / "app.js").write_text("export {};")
    server = subprocess.Popen(
        [sys.executable, "-m", "robots_lens", "serve", "--port", "0", "--root", str(tmp_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        first = server.stdout.readline().decode()
        assert first.startswith("Robots Lens: http://127.0.0.1:"), (first, server.stderr.read1(4096))
        origin = first.split()[2].rstrip("/")
        with urllib.request.urlopen(origin + "/", timeout=10) as response:
            page = response.read().decode()
        assert re.search(r'<meta name="robots-lens-live" content="[0-9a-f]{32}">', page), page
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(origin + "/api/fetch?site=https://example.com/", timeout=10)
        assert refused.value.code == 403, "the endpoint answers only the page that carries the key"
        # Ctrl+C ends it, as it ends the native command (Python's own handler would only set a flag).
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=10) != 0
    finally:
        server.kill()
        server.wait(timeout=10)
