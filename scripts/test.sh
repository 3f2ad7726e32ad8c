#!/usr/bin/env bash
# Everything `npm test` (and so CI, through .ci/run) checks, in order, stopping
# at the first failure.
#
# Usage: scripts/test.sh [all|rust|node|browser|python|consistency|dist]     (default: all)
#
#   rust     cargo fmt --check, clippy -D warnings (on the host for every feature set of
#            the wasm crate, and on the wasm targets the engines ship on), the core's docs
#            without a warning, cargo test --workspace
#   node     the wasm build, then node --test tests/node/ (vectors, robustness, server),
#            tests/package/ (the npm package, packed and installed) and tests/action/ (the
#            GitHub Action, run as a runner runs it)
#   browser  the wasm build, then node --test tests/browser/ in headless Chromium
#   python   scripts/python.sh: the wheel, its fresh-venv install, pytest (API, Scrapy, Spark)
#   consistency
#            the wasm build, then node --test tests/consistency/: one set of seeded questions
#            asked of every surface (the CLI's commands, the npm package, the page's panels in
#            Chromium, the Python package), every answer held to `check --url`'s. Python's
#            surfaces are asked through the wheel `python` installs in .tools/venv (skipped,
#            with that reason, when it is not there)
#   dist     scripts/test-dist.sh: actionlint, the release build, cargo install and package,
#            the pre-commit hooks
#   all      setup (with Chromium and the dist tools), rust, python, the wasm build, node,
#            browser, consistency, dist
#
# VECTORS_FILTER=text narrows the node vector run to matching cases.
# Every node test run has a per-test timeout and the whole run a hard limit, so
# a hung browser or server cannot stall CI; the harness closes what it starts.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$REPO_ROOT"

# Per test, and for a whole `node --test` run (sent SIGTERM, then SIGKILL 30 s later).
NODE_TEST_TIMEOUT_MS=300000
NODE_RUN_LIMIT=30m

selection="${1:-all}"
case "$selection" in
  all | rust | node | browser | python | consistency | dist) ;;
  *) die "unknown selection '$selection' (expected all, rust, node, browser, python, consistency or dist)" ;;
esac

started=$SECONDS
steps_run=0
step() {
  local title="$1"
  shift
  steps_run=$((steps_run + 1))
  say "[$steps_run] $title"
  local step_started=$SECONDS
  if ! "$@"; then
    die "'$title' failed (after $((SECONDS - step_started)) s); nothing after it ran"
  fi
  note "ok: $title ($((SECONDS - step_started)) s)"
}

node_tests() {
  timeout --kill-after=30 "$NODE_RUN_LIMIT" \
    node --test --test-timeout="$NODE_TEST_TIMEOUT_MS" "$@"
}

case "$selection" in
  all) step "setup (Rust target, wasm tools, npm packages, Chromium, dist tools)" bash scripts/setup.sh --browser --dist ;;
  node) step "setup (Rust target, wasm tools, npm packages)" bash scripts/setup.sh ;;
  browser | consistency) step "setup (Rust target, wasm tools, npm packages, Chromium)" bash scripts/setup.sh --browser ;;
  dist) step "setup (Rust target, wasm tools, npm packages, dist tools)" bash scripts/setup.sh --dist ;;
  # The CLI's tests run its completion scripts in zsh and fish and its man page through groff.
  rust) step "setup (Rust target, wasm tools, npm packages, zsh, fish, groff)" bash scripts/setup.sh --shells ;;
esac

if [ "$selection" = all ] || [ "$selection" = rust ]; then
  step "cargo fmt --check" cargo fmt --all -- --check
  step "cargo clippy -D warnings" cargo clippy --workspace --all-targets -- -D warnings
  # The wasm crate's other packages (www/pkg/lists/, www/pkg/audit/): their code is only
  # compiled with the feature.
  step "cargo clippy -D warnings (wasm, --features lists)" \
    cargo clippy -p robots-lens-wasm --features lists --all-targets -- -D warnings
  step "cargo clippy -D warnings (wasm, --features audit)" \
    cargo clippy -p robots-lens-wasm --features audit --all-targets -- -D warnings
  step "cargo clippy -D warnings (wasm, --features logs)" \
    cargo clippy -p robots-lens-wasm --features logs --all-targets -- -D warnings
  # The npm package's engine (scripts/build-wasm.sh --npm): the audit plus the politeness getters,
  # the catalogue's words, the log replay and the consumers' readings.
  step "cargo clippy -D warnings (wasm, --features audit,politeness,catalogue,logs,consumers)" \
    cargo clippy -p robots-lens-wasm --features audit,politeness,catalogue,logs,consumers --all-targets -- -D warnings
  # The engines as they are really built: code under cfg(target_arch = "wasm32") (the page's
  # and npm's engine) and cfg(target_family = "wasm") (the npm package's CLI, on WASI) is only
  # compiled there, and a lint can differ where usize has 32 bits. Tests are left out on WASI:
  # they start processes, which it has not.
  step "cargo clippy -D warnings (wasm32-unknown-unknown, every feature)" \
    cargo clippy -p robots-lens-wasm --target wasm32-unknown-unknown \
    --features ai,audit,consumers,lists,logs,politeness --all-targets -- -D warnings
  step "cargo clippy -D warnings (the CLI on wasm32-wasip1)" \
    cargo clippy -p robots-lens-cli --target wasm32-wasip1 --lib --bins -- -D warnings
  # The core's docs are what docs.rs shows: a broken intra-doc link is a broken page there.
  step "cargo doc -D warnings (the core)" env RUSTDOCFLAGS="-D warnings" cargo doc -p robots-lens --no-deps
  step "cargo test --workspace" cargo test --workspace
  step "cargo test (wasm, --features audit)" cargo test -p robots-lens-wasm --features audit --lib
fi

if [ "$selection" = all ] || [ "$selection" = python ]; then
  step "Python package (wheel, fresh-venv install, API, Scrapy crawl, Spark job)" bash scripts/python.sh test
fi

if [ "$selection" != rust ] && [ "$selection" != python ] && [ "$selection" != dist ]; then
  step "build the wasm package" bash scripts/build-wasm.sh
fi

if [ "$selection" = all ] || [ "$selection" = node ]; then
  step "node tests (tests/node/, tests/package/, tests/action/)" node_tests tests/node/ tests/package/ tests/action/
fi

if [ "$selection" = all ] || [ "$selection" = browser ]; then
  step "browser tests (tests/browser/)" node_tests tests/browser/
fi

if [ "$selection" = all ] || [ "$selection" = consistency ]; then
  step "consistency suite (tests/consistency/)" node_tests tests/consistency/
fi

if [ "$selection" = all ] || [ "$selection" = dist ]; then
  step "distribution tests (scripts/test-dist.sh)" bash scripts/test-dist.sh
fi

say "All $steps_run steps passed in $((SECONDS - started)) s"
