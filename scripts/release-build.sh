#!/usr/bin/env bash
# Builds the robots-lens command for one target and packs it for a release, with its checksum.
#
# Usage: scripts/release-build.sh [TARGET]     (default: this machine's target triple)
#
# Writes dist/release/robots-lens-VERSION-TARGET.tar.gz (.zip for Windows) holding the binary,
# README.md and the CLI's README, and beside it the archive's SHA-256 as `HASH  NAME` (what
# `sha256sum -c` reads). The release workflow (.github/workflows/release.yml) runs this on each
# platform; run it here to build the Linux binary the same way. On a tag (GITHUB_REF_NAME=vX.Y.Z)
# the tag must name the workspace's version.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$REPO_ROOT"

host="$(rustc -vV | sed -n 's/^host: //p')"
target="${1:-$host}"
version="$(sed -n '/^\[workspace.package\]/,/^\[/s/^version[[:space:]]*=[[:space:]]*"\(.*\)"/\1/p' Cargo.toml)"
[ -n "$version" ] || die "cannot read the workspace version from Cargo.toml"
if [ "${GITHUB_REF_TYPE:-}" = tag ] && [ "${GITHUB_REF_NAME:-}" != "v$version" ]; then
  die "the tag ${GITHUB_REF_NAME:-} does not name the workspace version v$version; bump Cargo.toml or retag"
fi

# A release carries the page `robots-lens serve` serves: crates/cli/build.rs embeds what the wasm
# build made in www/pkg/ (the release workflow builds it once and hands it to every platform).
[ -f www/pkg/precache.js ] || bash scripts/build-wasm.sh

say "Building robots-lens $version for $target"
# For this machine's own target, the build is the plain release build (target/release/), which
# `cargo install --path crates/cli` and the pre-commit hook reuse instead of compiling again.
if [ "$target" = "$host" ]; then
  cargo build --release --locked -p robots-lens-cli
  out_dir="target/release"
else
  cargo build --release --locked -p robots-lens-cli --target "$target"
  out_dir="target/$target/release"
fi
exe=robots-lens
case "$target" in *windows*) exe=robots-lens.exe ;; esac
binary="$out_dir/$exe"
[ -f "$binary" ] || die "cargo finished but $binary is missing"

# Run what was built when this machine can: a binary that does not start is not released.
if [ "$target" = "$host" ]; then
  "$binary" --version | grep -qx "robots-lens $version" || die "$binary does not report version $version"
  printf 'User-agent: *\nDisallow: /private\n' | "$binary" lint - >/dev/null ||
    die "$binary fails to lint a clean file"
  # `serve` prints where it serves and from what, then serves until stopped.
  if command -v timeout >/dev/null 2>&1; then
    served="$(timeout 3 "$binary" serve --port 0 2>&1 | head -n 2 || true)"
    grep -q "files from this build" <<<"$served" || die "$binary does not serve its page: $served"
  fi
fi

name="robots-lens-$version-$target"
stage="target/release-stage/$name"
out="dist/release"
rm -rf "$stage"
mkdir -p "$stage" "$out"
cp "$binary" "$stage/"
cp README.md "$stage/README.md"
cp crates/cli/README.md "$stage/README-cli.md"
case "$target" in
  *windows*)
    archive="$name.zip"
    rm -f "$out/$archive"
    if command -v 7z >/dev/null 2>&1; then
      (cd target/release-stage && 7z a -tzip -bd -bso0 "../../$out/$archive" "$name")
    elif command -v zip >/dev/null 2>&1; then
      (cd target/release-stage && zip -qr "../../$out/$archive" "$name")
    else
      die "neither 7z nor zip is available to pack $archive"
    fi
    ;;
  *)
    archive="$name.tar.gz"
    tar -C target/release-stage -czf "$out/$archive" "$name"
    ;;
esac
# The checksum file names the archive without a directory, so it is checked where it lies.
if command -v sha256sum >/dev/null 2>&1; then
  (cd "$out" && sha256sum "$archive" >"$archive.sha256")
else
  (cd "$out" && shasum -a 256 "$archive" >"$archive.sha256")
fi
note "wrote $out/$archive and $archive.sha256"
printf '%s\n' "$REPO_ROOT/$out/$archive"
