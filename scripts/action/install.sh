#!/usr/bin/env bash
# Step 3 of the GitHub Action (action.yml): the robots-lens binary to run, from the first of
#
#   1. the one step 1 found (the `robots-lens` input, or a robots-lens of this version on PATH);
#   2. DIR/bin/robots-lens, restored by actions/cache from an earlier job of the same version
#      and target;
#   3. the release archive of the action's version for this runner, downloaded from the
#      release the release workflow publishes, its SHA-256 checked against the `.sha256` file
#      published beside it (a mismatch fails the step: nothing unverified is run);
#   4. `cargo install` from the action's own source, only when the release has no archive for
#      this runner (or the archive's binary does not start on it, or the release host cannot be
#      reached).
#
# Environment: FOUND, VERSION, TARGET, DIR (step 1's outputs). ROBOTS_LENS_RELEASE_URL replaces
# the release host (https://github.com/OWNER/REPO/releases/download, the action's repository):
# the tests serve the archives from 127.0.0.1, and a mirror can too.
# Writes `binary=PATH` and `source=found|cache|download|cargo` to $GITHUB_OUTPUT.
set -euo pipefail
action_root="${GITHUB_ACTION_PATH:?this script runs inside a GitHub Action}"
: "${VERSION:?}" "${DIR:?}" "${GITHUB_OUTPUT:?}"
exe=robots-lens
case "${TARGET:-}" in *windows*) exe=robots-lens.exe ;; esac
installed="$DIR/bin/$exe"

finish() { # finish BINARY SOURCE
  echo "Using $1 ($("$1" --version), $2)"
  {
    echo "binary=$1"
    echo "source=$2"
  } >>"$GITHUB_OUTPUT"
  exit 0
}

# Whether BINARY runs here and is this action's version.
runs_as_expected() { [ "$("$1" --version 2>/dev/null)" = "robots-lens $VERSION" ]; }

[ -n "${FOUND:-}" ] && finish "$FOUND" found
if [ -x "$installed" ] && runs_as_expected "$installed"; then
  finish "$installed" cache
fi

sha256() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d ' ' -f 1
  else
    shasum -a 256 "$1" | cut -d ' ' -f 1
  fi
}

# Downloads the archive into a scratch folder and prints why it could not, if it could not;
# a checksum that does not match ends the step.
download() {
  local name="robots-lens-$VERSION-$TARGET" archive base url scratch status expected actual
  case "$TARGET" in *windows*) archive="$name.zip" ;; *) archive="$name.tar.gz" ;; esac
  base="${ROBOTS_LENS_RELEASE_URL:-https://github.com/${GITHUB_ACTION_REPOSITORY:-robots-lens/robots-lens}/releases/download}"
  url="${base%/}/v$VERSION/$archive"
  scratch="$(mktemp -d "${RUNNER_TEMP:-/tmp}/robots-lens-download.XXXXXX")"
  echo "Downloading $url"
  status="$(curl --silent --show-error --location --retry 3 --output "$scratch/$archive" --write-out '%{http_code}' "$url" 2>"$scratch/curl.log")" || status=000
  case "$status" in
    200) ;;
    404)
      reason="the release v$VERSION has no $archive"
      return 1
      ;;
    *)
      reason="the release host answered $status for $url ($(tr '\n' ' ' <"$scratch/curl.log"))"
      return 1
      ;;
  esac
  status="$(curl --silent --show-error --location --retry 3 --output "$scratch/$archive.sha256" --write-out '%{http_code}' "$url.sha256" 2>>"$scratch/curl.log")" || status=000
  if [ "$status" != 200 ]; then
    echo "::error title=robots-lens::$url.sha256 could not be downloaded (HTTP $status): the archive is not used unverified"
    exit 1
  fi
  expected="$(cut -d ' ' -f 1 <"$scratch/$archive.sha256" | tr -d '\r\n')"
  actual="$(sha256 "$scratch/$archive")"
  if [ "$expected" != "$actual" ]; then
    echo "::error title=robots-lens::the SHA-256 of $archive is $actual, but $archive.sha256 says $expected: the download is corrupt or was tampered with, so it is not run"
    exit 1
  fi
  echo "SHA-256 verified: $actual"
  mkdir -p "$scratch/unpacked"
  case "$archive" in
    *.zip)
      if command -v unzip >/dev/null 2>&1; then
        unzip -q "$scratch/$archive" -d "$scratch/unpacked"
      else
        7z x -bd -bso0 "-o$scratch/unpacked" "$scratch/$archive"
      fi
      ;;
    *) tar -xzf "$scratch/$archive" -C "$scratch/unpacked" ;;
  esac
  [ -f "$scratch/unpacked/$name/$exe" ] || {
    echo "::error title=robots-lens::$archive holds no $name/$exe"
    exit 1
  }
  mkdir -p "$DIR/bin"
  mv "$scratch/unpacked/$name/$exe" "$installed"
  chmod +x "$installed"
  rm -rf "$scratch"
  if ! runs_as_expected "$installed"; then
    # A binary that does not start here (an older C library than the release was built on).
    reason="the binary of $archive does not run on this runner"
    rm -f "$installed"
    return 1
  fi
}

reason="this runner (${RUNNER_OS:-unknown} ${RUNNER_ARCH:-unknown}) has no release archive"
if [ -n "${TARGET:-}" ] && download; then
  finish "$installed" download
fi

command -v cargo >/dev/null 2>&1 || {
  echo "::error title=robots-lens::$reason, and cargo is not on PATH to build robots-lens $VERSION; install Rust (or give the robots-lens input)"
  exit 1
}
echo "::notice title=robots-lens::$reason; building robots-lens $VERSION with cargo (about two minutes; cached for the next jobs)"
cargo install --quiet --locked --path "$action_root/crates/cli" --root "$DIR"
[ -x "$installed" ] || installed="$DIR/bin/robots-lens.exe"
runs_as_expected "$installed" || {
  echo "::error title=robots-lens::cargo install finished, but $installed is not robots-lens $VERSION"
  exit 1
}
finish "$installed" cargo
