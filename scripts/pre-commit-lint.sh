#!/usr/bin/env bash
# The pre-commit hook `robots-lens` (.pre-commit-hooks.yaml): lints the files pre-commit passes.
#
# pre-commit runs this from its clone of the Robots Lens repository while the working directory
# is the repository being committed to, so the command is built from the clone (once; cargo
# reuses the build afterwards) and runs where the file names make sense.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
command -v cargo >/dev/null 2>&1 || {
  echo "robots-lens pre-commit hook: cargo is missing; install Rust (https://rustup.rs) or use the hook robots-lens-system with an installed robots-lens" >&2
  exit 2
}
target_dir="${CARGO_TARGET_DIR:-$here/target}"
cargo build --quiet --release --locked --manifest-path "$here/Cargo.toml" --target-dir "$target_dir" -p robots-lens-cli
exec "$target_dir/release/robots-lens" lint "$@"
