#!/usr/bin/env bash
# The Python package (crates/python): its build and its tests.
#
# Usage: scripts/python.sh [build|install|test|wheels]     (default: test)
#
#   build  the abi3 wheel (CPython >= 3.9) for this machine into dist/, with maturin from the tools
#          venv. On Linux (x86_64, aarch64) maturin links it with zig (PyPI's ziglang) against
#          glibc 2.17: the manylinux2014 wheel a release publishes, so the tests below run it.
#          It only builds: the tools venv keeps whatever wheel was installed in it before
#   install
#          build, then install that wheel into the tools venv, which the benches
#          (crates/python/bench/) import: measure a change with this, not with `build`
#   test   build, then: install the wheel into a fresh venv (and into one of the oldest CPython
#          there is, when one is installed) and import it; install it into the tools venv and
#          run crates/python/tests with pytest: the API against the CLI's JSON, a real Scrapy
#          crawl of a server on 127.0.0.1, a Spark job in local[2] mode, and the census
#          (robots_lens.census) in local mode and on a standalone master and two workers on
#          loopback, one of them killed mid-job
#   wheels every file a release publishes on PyPI, into dist/wheels/: the wheels for
#          manylinux2014 (glibc 2.17) x86_64 and aarch64 and musllinux_1_2 x86_64 and aarch64,
#          each cross-linked by zig (rustup adds the Rust targets it lacks), and the sdist; then
#          checks them (scripts/check-wheels.py: tags, ELF machine, the newest glibc symbol
#          version each extension needs, auditwheel), installs the x86_64 manylinux2014 wheel
#          into a fresh venv and uses it, and builds a wheel from the sdist offline, from its
#          own contents and cargo's registry cache. scripts/test-dist.sh runs it (so `npm test`)
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
  build | install | test | wheels) ;;
  *) die "unknown selection '$selection' (expected build, install, test or wheels)" ;;
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

# The Linux wheels a release publishes: Rust's target triple, then the platform tag maturin is
# asked for (its --compatibility), which zig makes true by linking against that glibc or musl.
# manylinux2014 is glibc 2.17 (CentOS 7, Ubuntu 18.04, Debian 10, RHEL 8, Amazon Linux 2);
# musllinux_1_2 is musl 1.2 (Alpine 3.13 and later).
RELEASE_WHEELS=(
  "x86_64-unknown-linux-gnu manylinux2014"
  "aarch64-unknown-linux-gnu manylinux2014"
  "x86_64-unknown-linux-musl musllinux_1_2"
  "aarch64-unknown-linux-musl musllinux_1_2"
)

host_target() { rustc -vV | sed -n 's/^host: //p'; }

ensure_rust_target() {
  rustup target list --installed | grep -qx "$1" && return
  say "Adding the Rust target $1 (rustup, once)"
  rustup target add "$1"
}

# build_wheel_for TARGET COMPATIBILITY OUT: one wheel into OUT (an empty COMPATIBILITY: maturin's
# own choice, without zig); sets WHEEL. Each target keeps its own cargo build
# (target/TARGET/python), so a second run rebuilds nothing.
build_wheel_for() {
  local target="$1" compatibility="$2" out="$3" before
  local args=(--target "$target")
  [ -z "$compatibility" ] || args+=(--compatibility "$compatibility" --zig)
  ensure_rust_target "$target"
  say "Building the wheel for $target${compatibility:+ ($compatibility, linked by zig)} (maturin, profile python)"
  mkdir -p "$out"
  before="$(ls "$out")"
  # maturin runs zig as `python -m ziglang` from the venv's ziglang package: the venv's bin first.
  (cd crates/python && PATH="$VENV/bin:$PATH" "$VENV/bin/maturin" build --quiet "${args[@]}" --out "$out")
  WHEEL="$(ls -t "$out"/robots_lens-*.whl | head -n 1)"
  [ -n "$WHEEL" ] && ! grep -qxF "$(basename "$WHEEL")" <<<"$before" ||
    die "maturin reported success but wrote no new wheel into $out"
  "$VENV/bin/python" - "$WHEEL" <<'PY' || die "$WHEEL does not carry both licence texts"
import sys, zipfile
names = {name.rsplit("/", 1)[-1] for name in zipfile.ZipFile(sys.argv[1]).namelist() if "/licenses/" in name}
missing = {"LICENSE-MIT", "LICENSE-APACHE"} - names
sys.exit(f"missing in the wheel: {sorted(missing)}" if missing else 0)
PY
  note "built $WHEEL"
}

# The wheel for this machine: on Linux x86_64 or aarch64 the release's manylinux2014 one.
build_wheel() {
  local host compatibility=""
  host="$(host_target)"
  case "$host" in
    x86_64-unknown-linux-gnu | aarch64-unknown-linux-gnu) compatibility=manylinux2014 ;;
    x86_64-unknown-linux-musl | aarch64-unknown-linux-musl) compatibility=musllinux_1_2 ;;
  esac
  rm -f dist/robots_lens-*.whl
  build_wheel_for "$host" "$compatibility" "$REPO_ROOT/dist"
}

# Every wheel of a release and the sdist, into dist/wheels/, then their checks.
build_release_files() {
  local out="$REPO_ROOT/dist/wheels" entry
  rm -rf "$out"
  for entry in "${RELEASE_WHEELS[@]}"; do
    # shellcheck disable=SC2086 # two words: the target and its compatibility
    build_wheel_for $entry "$out"
  done
  say "Building the sdist (maturin sdist)"
  (cd crates/python && "$VENV/bin/maturin" sdist --out "$out")
}

check_release_files() {
  local out="$REPO_ROOT/dist/wheels" sdist built
  say "Checking the wheels and the sdist in dist/wheels/ (scripts/check-wheels.py, auditwheel)"
  "$VENV/bin/python" scripts/check-wheels.py --auditwheel "$VENV/bin/auditwheel" "$out" ||
    die "the files in dist/wheels/ are not what a release publishes (see above)"
  WHEEL="$(ls "$out"/robots_lens-*manylinux_2_17_"$(uname -m)".whl 2>/dev/null)" || true
  if [ -n "$WHEEL" ]; then
    check_fresh_install "$(base_python)"
  else
    note "this machine ($(uname -m)) runs none of the manylinux2014 wheels: none installed"
  fi
  # The sdist builds a wheel with nothing but its own files, the venv's maturin and cargo's
  # registry cache: no network (--no-index, --offline) and no checkout around it.
  sdist="$(ls "$out"/robots_lens-*.tar.gz)"
  built="$(mktemp -d "${TMPDIR:-/tmp}/robots-lens-sdist.XXXXXX")"
  say "Building a wheel from $(basename "$sdist") offline (pip wheel --no-index, cargo --offline)"
  # Its own target directory under target/, so that a second run reuses the build.
  PATH="$VENV/bin:$PATH" CARGO_NET_OFFLINE=true CARGO_TARGET_DIR="$REPO_ROOT/target/sdist" \
    "$VENV/bin/python" -m pip wheel --quiet --disable-pip-version-check --no-index --no-deps \
    --no-build-isolation --wheel-dir "$built" "$sdist" || die "the sdist does not build offline"
  WHEEL="$(ls "$built"/robots_lens-*.whl)"
  check_fresh_install "$(base_python)"
  rm -rf "$built"
}

# The wheel installs with plain pip into an empty venv (nothing else installed), imports, answers
# and runs as the `robots-lens` console script.
check_fresh_install() {
  local python="$1" fresh
  fresh="$(mktemp -d "${TMPDIR:-/tmp}/robots-lens-venv.XXXXXX")"
  "$python" -m venv "$fresh"
  "$fresh/bin/python" -m pip install --quiet --disable-pip-version-check --no-index "$WHEEL"
  "$fresh/bin/python" -c '
import sys, robots_lens
robots = robots_lens.parse("User-agent: *\nDisallow: /private\nCrawl-delay: 2.5\n")
verdict = robots.check("Bot", "/private/x")
assert (verdict.allowed, verdict.line) == (False, 2), verdict
assert robots.crawl_delay("Bot") == 2.5, robots.crawl_delay("Bot")
' || return 1
  "$fresh/bin/robots-lens" --version | grep -qx "robots-lens $("$fresh/bin/python" -c 'import robots_lens; print(robots_lens.__version__)')" ||
    die "the robots-lens console script of $(basename "$WHEEL") does not run"
  note "ok: $(basename "$WHEEL") in a fresh venv of $("$fresh/bin/python" --version): parse, check, crawl_delay, robots-lens --version"
  rm -rf "$fresh"
}

install_wheel() {
  say "Installing the wheel into the tools venv"
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps --force-reinstall "$WHEEL"
  note "the tools venv's robots_lens is now $(basename "$WHEEL"), built from $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- crates Cargo.toml Cargo.lock || printf ' with uncommitted changes')"
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
if [ "$selection" = wheels ]; then
  # A published wheel carries the page `python -m robots_lens serve` serves (crates/cli/build.rs
  # embeds what the wasm build made); a wheel built from the sdist has none and says so.
  [ -f www/pkg/precache.js ] || bash scripts/build-wasm.sh
  build_release_files
  check_release_files
  exit 0
fi
build_wheel
[ "$selection" = build ] && exit 0
if [ "$selection" = install ]; then
  install_wheel
  exit 0
fi

check_fresh_install "$(base_python)"
oldest="$(oldest_python)"
if [ -n "$oldest" ]; then
  check_fresh_install "$oldest"
else
  note "no CPython $PYTHON_MIN here: the wheel was checked on $("$(base_python)" --version) only"
fi

ensure_java
install_wheel

say "Building the CLI the tests compare with"
cargo build --quiet -p robots-lens-cli
export ROBOTS_LENS_CLI="$REPO_ROOT/target/debug/robots-lens"
# Spark's workers must run the venv's Python (the one with the wheel), not the system's.
export PYSPARK_PYTHON="$VENV/bin/python" PYSPARK_DRIVER_PYTHON="$VENV/bin/python"

say "pytest crates/python/tests"
timeout --kill-after=30 "$PYTEST_LIMIT" \
  "$VENV/bin/python" -m pytest -q -rs -p no:cacheprovider crates/python/tests
