#!/usr/bin/env bash
# Step 1 of the GitHub Action (action.yml): find the robots-lens binary to run.
#
# In order: the `robots-lens` input; a robots-lens on PATH whose version is this action's;
# otherwise one built with cargo (preinstalled on GitHub's runners) from the action's own source,
# so the action always runs the code of the tag it was pinned to.
# Writes `binary=PATH` to $GITHUB_OUTPUT.
set -euo pipefail
action_root="${GITHUB_ACTION_PATH:?this script runs inside a GitHub Action}"
want="$(sed -n '/^\[workspace.package\]/,/^\[/s/^version[[:space:]]*=[[:space:]]*"\(.*\)"/\1/p' "$action_root/Cargo.toml")"

if [ -n "${GIVEN:-}" ]; then
  [ -x "$GIVEN" ] || {
    echo "::error title=robots-lens::the robots-lens input '$GIVEN' is not an executable file"
    exit 1
  }
  binary="$GIVEN"
elif command -v robots-lens >/dev/null 2>&1 && [ "$(robots-lens --version 2>/dev/null)" = "robots-lens $want" ]; then
  binary="$(command -v robots-lens)"
else
  command -v cargo >/dev/null 2>&1 || {
    echo "::error title=robots-lens::cargo is needed to build robots-lens $want (or give the robots-lens input)"
    exit 1
  }
  root="${RUNNER_TEMP:-/tmp}/robots-lens-$want"
  echo "Building robots-lens $want with cargo (about a minute)"
  cargo install --quiet --locked --path "$action_root/crates/cli" --root "$root"
  binary="$root/bin/robots-lens"
  [ -x "$binary" ] || binary="$binary.exe"
fi
echo "Using $binary ($("$binary" --version))"
echo "binary=$binary" >>"$GITHUB_OUTPUT"
