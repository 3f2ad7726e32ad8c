#!/usr/bin/env bash
# The ways Robots Lens reaches its users, each taken as a new user would take it:
#
#   1. the workflows and the action's metadata pass actionlint (which must reject a broken one);
#   2. scripts/release-build.sh builds this machine's (Linux) release archive: its checksum
#      verifies and the binary inside runs; the GitHub Action's install steps, on a PATH without
#      Rust, download it from a release host on 127.0.0.1, verify it and run it;
#   3. `cargo install --path crates/cli` installs robots-lens into an empty --root, offline;
#   4. `cargo package` makes crates of the core (verified: it builds from its own contents) and
#      the CLI, with their crates.io metadata and READMEs (what crates.io would receive);
#   5. pre-commit runs every hook of .pre-commit-hooks.yaml (rust: built by pre-commit with
#      cargo; node: the npm package, with no Rust on PATH; system) on a new repository: files
#      named robots.txt are linted, others are not, and a finding fails the commit;
#   6. `scripts/python.sh wheels` builds what a release puts on PyPI: the wheels for manylinux2014
#      (glibc 2.17) x86_64 and aarch64 and musllinux_1_2 x86_64 and aarch64, cross-linked by zig,
#      and the sdist; it checks each wheel's tags, ELF machine and newest glibc symbol version
#      (scripts/check-wheels.py, and auditwheel), installs the x86_64 one into a fresh venv and
#      uses it, and builds a wheel from the sdist offline. Cold, about 8 minutes on 2 cores (three
#      cross builds and the sdist's); a second run reuses every build.
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
# The archive as the Action gets it: served as a release, found and installed by the action's own
# steps (tests/action/ covers their every path with a stand-in archive; this is the real one).
action_installs_release_archive() {
  local archive version root port server found output arch
  archive="$(ls dist/release/robots-lens-*-"$(rustc -vV | sed -n 's/^host: //p')".tar.gz)"
  version="$(basename "$archive" | sed -n 's/^robots-lens-\([0-9][^-]*\)-.*/\1/p')"
  root="$work/release-host"
  mkdir -p "$root/files/v$version" "$work/runner"
  cp "$archive" "$archive.sha256" "$root/files/v$version/"
  node tests/action/release-server.mjs "$root" >"$work/release-host.port" &
  server=$!
  for _ in $(seq 50); do [ -s "$work/release-host.port" ] && break; sleep 0.1; done
  port="$(head -n 1 "$work/release-host.port")"
  case "$(uname -m)" in aarch64 | arm64) arch=ARM64 ;; *) arch=X64 ;; esac
  # Each step writes its own GITHUB_OUTPUT, as on a runner.
  found="$work/runner/find.output"
  output="$work/runner/install.output"
  : >"$found"
  : >"$output"
  (
    export PATH=/usr/local/bin:/usr/bin:/bin GITHUB_ACTION_PATH="$REPO_ROOT" \
      RUNNER_OS=Linux RUNNER_ARCH="$arch" RUNNER_TEMP="$work/runner" RUNNER_TOOL_CACHE="$work/runner/tools" \
      ROBOTS_LENS_RELEASE_URL="http://127.0.0.1:$port"
    ! command -v cargo >/dev/null 2>&1 &&
      GITHUB_OUTPUT="$found" bash scripts/action/find.sh &&
      GITHUB_OUTPUT="$output" VERSION="$version" TARGET="$(sed -n 's/^target=//p' "$found")" \
        DIR="$(sed -n 's/^dir=//p' "$found")" bash scripts/action/install.sh
  )
  local status=$?
  kill "$server"
  [ "$status" -eq 0 ] && grep -qx 'source=download' "$output" &&
    "$(sed -n 's/^binary=//p' "$output")" --version | grep -qx "robots-lens $version" &&
    grep -qx "GET /v$version/$(basename "$archive")" "$root/requests.log"
}
say "[dist 2] release build for $(rustc -vV | sed -n 's/^host: //p')"
check "release-build.sh packs a working binary with a checksum that verifies" release_archive
check "the Action's install steps download, verify and run that archive without Rust on PATH" action_installs_release_archive

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
  # packed core and fetch crate (its manifest must resolve both by version, as on crates.io) but not
  # built again: cargo would reuse a stale build of an unchanged version from its scratch
  # registry, and `cargo install --path crates/cli` above has built these sources already.
  rm -rf target/package
  cargo package --quiet --offline --allow-dirty -p robots-lens &&
    cargo package --quiet --offline --allow-dirty --no-verify -p robots-lens -p robots-lens-fetch -p robots-lens-cli &&
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
# The hooks of .pre-commit-hooks.yaml from a snapshot of this checkout (its tracked and new
# files, committed in a scratch clone), each run by `pre-commit run` in a new repository.
hooks_snapshot() {
  local snapshot="$work/hooks-repo"
  [ -d "$snapshot/.git" ] && return 0
  git clone -q "$REPO_ROOT" "$snapshot" || return 1
  git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
    if [ -e "$file" ]; then
      mkdir -p "$snapshot/$(dirname "$file")" && cp -p "$file" "$snapshot/$file"
    else
      rm -f "$snapshot/$file"
    fi
  done
  git -C "$snapshot" add -A && git -C "$snapshot" commit -q --allow-empty -m snapshot
}

# The npm package for the node hook: dist/robots-lens-VERSION.tgz (npm run package) when it has
# its `robots-lens` bin; otherwise a stand-in package of that name whose bin runs the native
# build, so that the hook's wiring (pre-commit's npm install of the repository and of its
# additional_dependencies, the entry, the files) is still run, and says so.
npm_package_for_hook() {
  local version="$1" tarball="dist/robots-lens-$1.tgz"
  if [ -f "$tarball" ] && tar -xzOf "$tarball" package/package.json | grep -q '"bin"'; then
    printf '%s\n' "$REPO_ROOT/$tarball"
    return
  fi
  note "dist/robots-lens-$version.tgz with a bin is missing (npm run package): the node hook runs a stand-in npm package" >&2
  local stand_in="$work/stand-in/robots-lens"
  mkdir -p "$stand_in"
  printf '{"name":"robots-lens","version":"%s","bin":{"robots-lens":"cli.js"}}\n' "$version" >"$stand_in/package.json"
  printf '#!/usr/bin/env node\nconst r = require("node:child_process").spawnSync(%s, process.argv.slice(2), { stdio: "inherit" });\nprocess.exit(r.status ?? 2);\n' \
    "\"$REPO_ROOT/target/release/robots-lens\"" >"$stand_in/cli.js"
  (cd "$stand_in" && npm pack --silent --pack-destination "$work/stand-in" >/dev/null) || return 1
  printf '%s\n' "$work/stand-in/robots-lens-$version.tgz"
}

pre_commit_hooks() {
  local repo="$work/site" version
  version="$(sed -n '/^\[workspace.package\]/,/^\[/s/^version[[:space:]]*=[[:space:]]*"\(.*\)"/\1/p' Cargo.toml)"
  # The node hook installs the npm package of the repository's own version.
  grep -q "additional_dependencies: \['robots-lens@$version'\]" .pre-commit-hooks.yaml || {
    echo ".pre-commit-hooks.yaml: the robots-lens-node hook does not install robots-lens@$version" >&2
    return 1
  }
  mkdir -p "$repo/public" "$repo/docs"
  git -C "$repo" init -q
  printf 'User-agent: *\nDisallow: /private/\n' >"$repo/public/robots.txt"
  printf 'Disallow: /x\nUser-agent: *\n' >"$repo/docs/notes.txt" # not a robots.txt: not linted
  git -C "$repo" add -A
  export PRE_COMMIT_HOME="$work/pre-commit-home"
  # Committing the snapshot needs a git identity, which a fresh CI runner may lack.
  export GIT_AUTHOR_NAME="robots-lens tests" GIT_AUTHOR_EMAIL="tests@robots-lens.invalid"
  export GIT_COMMITTER_NAME="$GIT_AUTHOR_NAME" GIT_COMMITTER_EMAIL="$GIT_AUTHOR_EMAIL"
  hooks_snapshot || return 1
  local rev package node_dir hook extra path
  rev="$(git -C "$work/hooks-repo" rev-parse HEAD)"
  package="$(npm_package_for_hook "$version")" || return 1
  node_dir="$(dirname "$(command -v node)")"
  for hook in robots-lens-system robots-lens robots-lens-node; do
    extra=""
    path="$PATH"
    case "$hook" in
      robots-lens-system) path="$work/root/bin:$PATH" ;;
      # No Rust on PATH: node and the system's tools only.
      robots-lens-node)
        extra="    additional_dependencies: ['$package']"
        path="$node_dir:/usr/local/bin:/usr/bin:/bin"
        ;;
    esac
    printf 'repos:\n- repo: %s\n  rev: %s\n  hooks:\n  - id: %s\n%s\n' "$work/hooks-repo" "$rev" "$hook" "$extra" >"$repo/.pre-commit-config.yaml"
    git -C "$repo" add -A
    # A clean robots.txt passes; a file with an error fails with the finding in the output. The
    # rust hook's `cargo install` reuses the workspace's build of the dependencies, offline.
    run_hook() { (cd "$repo" && PATH="$path" CARGO_TARGET_DIR="$REPO_ROOT/target" CARGO_NET_OFFLINE=true \
      "$TOOLS/pre-commit" run --all-files >"$work/$hook.$1.log" 2>&1); }
    if [ "$hook" = robots-lens-node ] && PATH="$path" command -v cargo >/dev/null 2>&1; then
      echo "cargo is on the node hook's PATH" >&2
      return 1
    fi
    run_hook clean || {
      cat "$work/$hook.clean.log" >&2
      return 1
    }
    printf 'Disallow: /x\nUser-agent: *\n' >"$repo/public/robots.txt"
    git -C "$repo" add -A
    if run_hook broken; then
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
say "[dist 5] pre-commit $(tool_version "$TOOLS/pre-commit"), every hook of .pre-commit-hooks.yaml"
check "the pre-commit hooks (rust, node without Rust, system) lint files named robots.txt and fail on a finding" pre_commit_hooks

# 6. The Python wheels and sdist ---------------------------------------------------------------
say "[dist 6] the Python release files (scripts/python.sh wheels)"
check "the wheels (manylinux2014 x86_64 and aarch64, musllinux_1_2 x86_64 and aarch64) and the sdist are what they claim; the sdist builds offline" \
  bash scripts/python.sh wheels

printf '%s passed, %s failed\n' "$passed" "$failed"
[ "$failed" -eq 0 ]
