# shellcheck shell=bash
# Shared helpers for the bash scripts that npm runs (sourced, never executed).
#
# Every script works from the repository root, finds cargo-installed tools even
# when the caller's PATH lacks ~/.cargo/bin (CI's clean environment), and talks
# in one recognisable voice so a failing step is easy to spot in a long log.

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export REPO_ROOT

CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
case ":$PATH:" in
  *":$CARGO_BIN:"*) ;;
  *) export PATH="$CARGO_BIN:$PATH" ;;
esac

# Bold headings and red errors on a terminal; plain text in CI logs and with NO_COLOR.
if [ -t 2 ] && [ -z "${NO_COLOR:-}" ]; then
  STYLE_BOLD=$'\033[1m' STYLE_ERROR=$'\033[1;31m' STYLE_RESET=$'\033[0m'
else
  STYLE_BOLD='' STYLE_ERROR='' STYLE_RESET=''
fi

say() { printf '%s==> %s%s\n' "$STYLE_BOLD" "$*" "$STYLE_RESET" >&2; }
note() { printf '    %s\n' "$*" >&2; }
die() {
  printf '%sERROR: %s%s\n' "$STYLE_ERROR" "$*" "$STYLE_RESET" >&2
  exit 1
}

# The wasm-bindgen CLI must be exactly the version of the wasm-bindgen crate, or
# the generated glue does not match the module. Cargo.toml is the one place the
# version is written down; everything else reads it from there.
wasm_bindgen_version() {
  local manifest="$REPO_ROOT/crates/wasm/Cargo.toml" version
  version="$(sed -n 's/^wasm-bindgen[[:space:]]*=[[:space:]]*"=\([0-9][0-9.]*\)".*/\1/p' "$manifest")"
  if [ -z "$version" ]; then
    version="$(sed -n 's/^wasm-bindgen[[:space:]]*=.*version[[:space:]]*=[[:space:]]*"=\([0-9][0-9.]*\)".*/\1/p' "$manifest")"
  fi
  [ -n "$version" ] || die "$manifest must pin wasm-bindgen with '=' (e.g. wasm-bindgen = \"=0.2.130\")"
  printf '%s\n' "$version"
}

# Prints the version number a tool reports for `--version`, or nothing.
tool_version() {
  "$1" --version 2>/dev/null | head -n 1 | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' | head -n 1 || true
}

# sha256 of the named files' contents and paths, in a stable order.
hash_files() {
  local file
  for file in "$@"; do
    printf '%s\n' "$file"
    if [ -f "$file" ]; then sha256sum <"$file"; else printf 'missing\n'; fi
  done | sha256sum | cut -d ' ' -f 1
}
