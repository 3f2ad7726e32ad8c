#!/usr/bin/env bash
# The Python package (crates/python): its build and its tests.
#
# Usage: scripts/python.sh [build|test]     (default: test)
#
#   build  the abi3 wheel (CPython >= 3.9) into dist/, with maturin from the tools venv
#   test   build, then: install the wheel into a fresh venv (and into one of the oldest CPython
#          there is, when one is installed) and import it; install it into the tools venv and
#          run crates/python/tests with pytest: the API against the CLI's JSON, a real Scrapy
#          crawl of a server on 127.0.0.1, and a Spark job in local[2] mode
#
# The tools venv is .tools/venv (git-ignored). Its packages (crates/python/requirements-dev.txt,
# from PyPI) are installed only when that file changed since the last install, so a second run
# starts in seconds. Spark needs Java 17 or later: Debian's headless JRE is installed when no
# `java` is found.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$REPO_ROOT"

VENV="$REPO_ROOT/.tools/venv"
REQUIREMENTS=crates/python/requirements-dev.txt
PYTHON_MIN=3.9
PYTEST_LIMIT=20m

selection="${1:-test}"
case "$selection" in
  build | test) ;;
  *) die "unknown selection '$selection' (expected build or test)" ;;
esac

# Two runs at once would race on the venv's installs.
mkdir -p "$REPO_ROOT/.tools"
exec 8>"$REPO_ROOT/.tools/python.lock"
flock 8

base_python() {
  local candidate
  for candidate in python3 python; do
    if command -v "$candidate" >/dev/null 2>&1 &&
      "$candidate" -c "import sys, venv; sys.exit(sys.version_info < (${PYTHON_MIN/./, }))" 2>/dev/null; then
      printf '%s\n' "$candidate"
      return
    fi
  done
  die "need Python >= $PYTHON_MIN with the venv module (Debian: apt-get install python3 python3-venv)"
}

ensure_venv() {
  local stamp="$VENV/.robots-lens-requirements" want
  want="$(hash_files "$REQUIREMENTS")"
  if [ -x "$VENV/bin/python" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    return
  fi
  if [ ! -x "$VENV/bin/python" ]; then
    say "Creating the Python tools venv in .tools/venv"
    "$(base_python)" -m venv "$VENV"
  fi
  say "Installing the Python build and test tools from PyPI (pyspark is large: a few minutes, once)"
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -r "$REQUIREMENTS"
  printf '%s\n' "$want" >"$stamp"
}

ensure_java() {
  if command -v java >/dev/null 2>&1; then
    return
  fi
  command -v apt-get >/dev/null 2>&1 || die "Spark needs Java 17 or later and apt-get is missing: install a JRE, then rerun"
  say "Installing Debian's headless Java runtime for Spark (apt-get, once)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends default-jre-headless </dev/null
}

build_wheel() {
  say "Building the wheel (maturin, profile python)"
  rm -f dist/robots_lens-*.whl
  (cd crates/python && "$VENV/bin/maturin" build --quiet --out "$REPO_ROOT/dist")
  WHEEL="$(ls dist/robots_lens-*.whl)"
  "$VENV/bin/python" - "$WHEEL" <<'PY' || die "$WHEEL does not carry both licence texts"
import sys, zipfile
names = {name.rsplit("/", 1)[-1] for name in zipfile.ZipFile(sys.argv[1]).namelist() if "/licenses/" in name}
missing = {"LICENSE-MIT", "LICENSE-APACHE"} - names
sys.exit(f"missing in the wheel: {sorted(missing)}" if missing else 0)
PY
  note "built $WHEEL"
}

# The wheel installs with plain pip into an empty venv (nothing else installed) and imports.
check_fresh_install() {
  local python="$1" fresh
  fresh="$(mktemp -d "${TMPDIR:-/tmp}/robots-lens-venv.XXXXXX")"
  "$python" -m venv "$fresh"
  "$fresh/bin/python" -m pip install --quiet --disable-pip-version-check --no-index "$WHEEL"
  "$fresh/bin/python" -c '
import sys, robots_lens
verdict = robots_lens.parse("User-agent: *\nDisallow: /private\n").check("Bot", "/private/x")
assert (verdict.allowed, verdict.line) == (False, 2), verdict
print(f"    ok: robots_lens {robots_lens.__version__} in a fresh venv of Python {sys.version.split()[0]}")
'
  rm -rf "$fresh"
}

oldest_python() { # an installed CPython 3.9, if pyenv or the system has one
  local candidate
  for candidate in python3.9 "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.9*/bin/python3; do
    if [ -x "$candidate" ] || command -v "$candidate" >/dev/null 2>&1; then
      if "$candidate" -c 'import sys, venv; sys.exit(sys.version_info[:2] != (3, 9))' 2>/dev/null; then
        printf '%s\n' "$candidate"
        return
      fi
    fi
  done
}

ensure_venv
build_wheel
[ "$selection" = build ] && exit 0

check_fresh_install "$(base_python)"
oldest="$(oldest_python)"
if [ -n "$oldest" ]; then
  check_fresh_install "$oldest"
else
  note "no CPython $PYTHON_MIN here: the wheel was checked on $("$(base_python)" --version) only"
fi

ensure_java
say "Installing the wheel into the tools venv"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps --force-reinstall "$WHEEL"

say "Building the CLI the tests compare with"
cargo build --quiet -p robots-lens-cli
export ROBOTS_LENS_CLI="$REPO_ROOT/target/debug/robots-lens"
# Spark's workers must run the venv's Python (the one with the wheel), not the system's.
export PYSPARK_PYTHON="$VENV/bin/python" PYSPARK_DRIVER_PYTHON="$VENV/bin/python"

say "pytest crates/python/tests"
timeout --kill-after=30 "$PYTEST_LIMIT" \
  "$VENV/bin/python" -m pytest -q -rs -p no:cacheprovider crates/python/tests
