#!/usr/bin/env bash
# Step 1 of the GitHub Action (action.yml): is a robots-lens already at hand, and if not, which
# release archive fits this runner and under which cache key it is kept.
#
# At hand: the `robots-lens` input (GIVEN), else a robots-lens on PATH whose version is this
# action's. Otherwise the install step downloads the release archive of the action's own version
# (or builds it), into DIR, which actions/cache restores before it and saves after it.
#
# Writes to $GITHUB_OUTPUT:
#   binary    the robots-lens at hand, or empty
#   version   the action's version (its Cargo.toml), the release it downloads
#   target    the archive's target triple for this runner, empty when the release has none
#   dir       where the install step puts bin/robots-lens (the cached folder)
#   key       the cache key: version and target, so jobs on one runner kind share one download
set -euo pipefail
action_root="${GITHUB_ACTION_PATH:?this script runs inside a GitHub Action}"
version="$(sed -n '/^\[workspace.package\]/,/^\[/s/^version[[:space:]]*=[[:space:]]*"\(.*\)"/\1/p' "$action_root/Cargo.toml")"
[ -n "$version" ] || {
  echo "::error title=robots-lens::cannot read the action's version from $action_root/Cargo.toml"
  exit 1
}

binary=""
if [ -n "${GIVEN:-}" ]; then
  [ -x "$GIVEN" ] || {
    echo "::error title=robots-lens::the robots-lens input '$GIVEN' is not an executable file"
    exit 1
  }
  binary="$GIVEN"
elif command -v robots-lens >/dev/null 2>&1 && [ "$(robots-lens --version 2>/dev/null)" = "robots-lens $version" ]; then
  binary="$(command -v robots-lens)"
fi

# The targets .github/workflows/release.yml builds, by the runner's own names for them.
case "${RUNNER_OS:-}/${RUNNER_ARCH:-}" in
  Linux/X64) target=x86_64-unknown-linux-gnu ;;
  Linux/ARM64) target=aarch64-unknown-linux-gnu ;;
  macOS/ARM64) target=aarch64-apple-darwin ;;
  macOS/X64) target=x86_64-apple-darwin ;;
  Windows/X64) target=x86_64-pc-windows-msvc ;;
  *) target="" ;;
esac

# A folder of the runner's tool cache (the job's temporary folder where there is none); a
# runner without an archive caches what cargo builds, under a key naming its OS and arch.
label="${target:-source-${RUNNER_OS:-unknown}-${RUNNER_ARCH:-unknown}}"
dir="${RUNNER_TOOL_CACHE:-${RUNNER_TEMP:-/tmp}}/robots-lens/$version/$label"
{
  echo "binary=$binary"
  echo "version=$version"
  echo "target=$target"
  echo "dir=$dir"
  echo "key=robots-lens-$version-$label"
} >>"$GITHUB_OUTPUT"
