#!/usr/bin/env bash
# The ways Robots Lens reaches its users, each taken as a new user would take it:
#
#   1. the workflows and the action's metadata pass actionlint (which must reject a broken one);
#   2. scripts/release-build.sh builds this machine's (Linux) release archive: its checksum
#      verifies and the binary inside runs;
#   3. `cargo install --path crates/cli` installs robots-lens into an empty --root, offline;
#   4. `cargo package` makes crates of the core (verified: it builds from its own contents) and
#      the CLI, with their crates.io metadata and READMEs (what crates.io would receive);
#   5. pre-commit runs both hooks of .pre-commit-hooks.yaml on a new repository: files named
#      robots.txt are linted, others are not, and a finding fails the commit.
#
# Usage: scripts/test-dist.sh      (needs `scripts/setup.sh --dist`; `npm test` runs both)
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$REPO_ROOT"

TOOLS="$REPO_ROOT/.tools/py/bin"
[ -x "$TOOLS/actionlint" ] && [ -x "$TOOLS/pre-commit" ] || die "actionlint or pre-commit is missing: run 'bash scripts/setup.sh --dist'"
work="$(mktemp -d "${TMPDIR:-/tmp}/robots-lens-dist.XXXXXX")"
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
check() { # check TITLE COMMAND...: runs it, counts it, goes on
  local title="$1"
  shift
  if "$@"; then
    note "ok: $title"
    passed=$((passed + 1))
  else
    printf 'FAILED: %s\n' "$title" >&2
    failed=$((failed + 1))
  fi
}

# 1. actionlint ------------------------------------------------------------------------------
lint_workflows() { "$TOOLS/actionlint" -no-color .github/workflows/*.yml; }
rejects_a_broken_workflow() {
  mkdir -p "$work/broken/.github/workflows"
  git -C "$work/broken" init -q
  printf 'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo "${{ github.no_such_thing }}"\n' \
    >"$work/broken/.github/workflows/broken.yml"
  # actionlint runs and finds the mistake (exit status 1), rather than failing to start.
  (cd "$work/broken" && "$TOOLS/actionlint" -no-color >"$work/broken.log" 2>&1)
  [ $? -eq 1 ] && grep -q 'no_such_thing' "$work/broken.log"
}
# A workflow that uses the action from its folder makes actionlint read action.yml and check
# the inputs against it.
action_metadata() {
  mkdir -p "$work/uses/.github/workflows"
  git -C "$work/uses" init -q
  cp action.yml "$work/uses/"
  cat >"$work/uses/.github/workflows/lint.yml" <<'YAML'
on: push
jobs:
  lint:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v6
      - id: lens
        uses: ./
        with:
          path: public/robots.txt
          fail-on: warning
          ignore: RL502
          sarif-file: robots-lens.sarif
      - run: echo "${{ steps.lens.outputs.errors }} ${{ steps.lens.outputs.failed }}"
YAML
  (cd "$work/uses" && "$TOOLS/actionlint" -no-color) || return 1
  # …and an input the action does not have is an error.
  sed -i 's/fail-on: warning/fail-when: warning/' "$work/uses/.github/workflows/lint.yml"
  (cd "$work/uses" && "$TOOLS/actionlint" -no-color >"$work/uses.log" 2>&1)
  [ $? -eq 1 ] && grep -q 'fail-when' "$work/uses.log"
}
say "[dist 1] actionlint $(tool_version "$TOOLS/actionlint")"
check "actionlint accepts .github/workflows/*.yml" lint_workflows
check "actionlint rejects a broken workflow" rejects_a_broken_workflow
check "actionlint checks a workflow's inputs against action.yml" action_metadata

# 2. The release archive ----------------------------------------------------------------------
release_archive() {
  local archive
  archive="$(bash scripts/release-build.sh | tail -n 1)"
  (cd "$(dirname "$archive")" && sha256sum --check --strict "$(basename "$archive").sha256") || return 1
  mkdir -p "$work/unpacked"
  tar -C "$work/unpacked" -xzf "$archive"
  local binary
  binary="$(find "$work/unpacked" -type f -name robots-lens)"
  [ -x "$binary" ] && "$binary" --version &&
    printf 'Disallow: /x\nUser-agent: *\n' | { ! "$binary" lint - >/dev/null; }
}
say "[dist 2] release build for $(rustc -vV | sed -n 's/^host: //p')"
check "release-build.sh packs a working binary with a checksum that verifies" release_archive

# 3. cargo install --------------------------------------------------------------------------
cargo_install() {
  # Offline: everything comes from the checkout and cargo's cache; the target directory is the
  # workspace's, so the release build above is reused rather than done again.
  cargo install --quiet --offline --locked --path crates/cli --root "$work/root" --target-dir "$REPO_ROOT/target" &&
    "$work/root/bin/robots-lens" --version | grep -q '^robots-lens ' &&
    "$work/root/bin/robots-lens" --help | grep -q -- '--fail-on'
}
say "[dist 3] cargo install --path crates/cli --root (temporary) --offline"
check "cargo install --path crates/cli installs a working robots-lens" cargo_install

# 4. cargo package --------------------------------------------------------------------------
cargo_package() {
  # The core is verified: built from the files its .crate holds. The CLI is packed against the
  # packed core (its manifest must resolve `robots-lens` by version, as on crates.io) but not
  # built again: cargo would reuse a stale build of an unchanged version from its scratch
  # registry, and `cargo install --path crates/cli` above has built these sources already.
  rm -rf target/package
  cargo package --quiet --offline --allow-dirty -p robots-lens &&
    cargo package --quiet --offline --allow-dirty --no-verify -p robots-lens -p robots-lens-cli &&
    for crate in robots-lens robots-lens-cli; do
      local version
      version="$(cargo metadata --offline --no-deps --format-version 1 | node -e '
        const name = process.argv[1];
        let text = ""; process.stdin.on("data", (d) => (text += d)).on("end", () => {
          const p = JSON.parse(text).packages.find((p) => p.name === name);
          for (const field of ["description", "license", "repository", "readme"]) if (!p[field]) throw new Error(`${name} has no ${field}`);
          if (!p.keywords.length || !p.categories.length) throw new Error(`${name} has no keywords or categories`);
          console.log(p.version);
        });' "$crate")" || return 1
      # Listed to a file first: `grep -q` stopping early would fail tar (and the pipeline).
      tar -tzf "target/package/$crate-$version.crate" >"$work/$crate.files"
      for file in README.md LICENSE-MIT LICENSE-APACHE; do
        grep -q "^$crate-$version/$file$" "$work/$crate.files" || {
          echo "target/package/$crate-$version.crate has no $file" >&2
          return 1
        }
      done
    done
}
say "[dist 4] cargo package (core and CLI; the core verified)"
check "cargo package packs both crates with crates.io metadata; the core builds from its .crate" cargo_package

# 5. pre-commit -----------------------------------------------------------------------------
pre_commit_hooks() {
  local repo="$work/site"
  mkdir -p "$repo/public" "$repo/docs"
  git -C "$repo" init -q
  printf 'User-agent: *\nDisallow: /private/\n' >"$repo/public/robots.txt"
  printf 'Disallow: /x\nUser-agent: *\n' >"$repo/docs/notes.txt" # not a robots.txt: not linted
  git -C "$repo" add -A
  export PRE_COMMIT_HOME="$work/pre-commit-home"
  # try-repo commits a dirty checkout to a scratch clone; a machine without a git identity
  # (a fresh CI runner) must still be able to.
  export GIT_AUTHOR_NAME="robots-lens tests" GIT_AUTHOR_EMAIL="tests@robots-lens.invalid"
  export GIT_COMMITTER_NAME="$GIT_AUTHOR_NAME" GIT_COMMITTER_EMAIL="$GIT_AUTHOR_EMAIL"
  local hook
  for hook in robots-lens-system robots-lens; do
    # A clean robots.txt passes; a file with an error fails with the finding in the output.
    (cd "$repo" && PATH="$work/root/bin:$PATH" CARGO_TARGET_DIR="$REPO_ROOT/target" \
      "$TOOLS/pre-commit" try-repo "$REPO_ROOT" "$hook" --all-files >"$work/$hook.clean.log" 2>&1) || {
      cat "$work/$hook.clean.log" >&2
      return 1
    }
    printf 'Disallow: /x\nUser-agent: *\n' >"$repo/public/robots.txt"
    git -C "$repo" add -A
    if (cd "$repo" && PATH="$work/root/bin:$PATH" CARGO_TARGET_DIR="$REPO_ROOT/target" \
      "$TOOLS/pre-commit" try-repo "$REPO_ROOT" "$hook" --all-files >"$work/$hook.broken.log" 2>&1); then
      echo "the $hook hook passed a robots.txt with an error" >&2
      return 1
    fi
    grep -q 'public/robots.txt:1: error RL301' "$work/$hook.broken.log" || {
      cat "$work/$hook.broken.log" >&2
      return 1
    }
    if grep -q 'notes.txt' "$work/$hook.broken.log"; then
      echo "the $hook hook linted a file not named robots.txt" >&2
      return 1
    fi
    printf 'User-agent: *\nDisallow: /private/\n' >"$repo/public/robots.txt"
    git -C "$repo" add -A
  done
}
say "[dist 5] pre-commit $(tool_version "$TOOLS/pre-commit") try-repo, both hooks"
check "the pre-commit hooks lint files named robots.txt and fail on a finding" pre_commit_hooks

printf '%s passed, %s failed\n' "$passed" "$failed"
[ "$failed" -eq 0 ]
