#!/usr/bin/env bash
# Runs every fuzz target (fuzz/, cargo-fuzz) for a while. `npm run fuzz`; not part of `npm test`.
#
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]   (default: 60 s, every target)
#
# Targets: check (parse + every profile's check, arbitrary agent and URL), audit, divergence
# (the other readers' explanations), crawlers (the crawler table, with a fetch status), views
# (the wasm crate's spans, natively) and sized (a generator of big files and questions: many
# groups, long lines, stars, long URLs, which plain fuzzing never reaches).
#
# cargo-fuzz passes nightly flags; RUSTC_BOOTSTRAP=1 lets the stable toolchain take them.
# cargo-fuzz is installed when missing. Each target's corpus (fuzz/corpus/TARGET, not
# committed) is seeded from tests/: the shared vectors' files and questions, the audit corpus.
# A crash or a timeout leaves its input in fuzz/artifacts/TARGET/: copy it to
# tests/fuzz/TARGET/ with a name that says what it found, and fix the bug;
# crates/core/tests/fuzz_regressions.rs replays everything kept there.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$REPO_ROOT"

seconds="${1:-60}"
shift || true
targets=("$@")
[ "${#targets[@]}" -gt 0 ] || targets=(check audit divergence crawlers views sized)
case "$seconds" in '' | *[!0-9]*) die "SECONDS_PER_TARGET must be a whole number, not '$seconds'" ;; esac

if ! cargo fuzz --version >/dev/null 2>&1; then
  say "Installing cargo-fuzz (cargo install)"
  cargo install cargo-fuzz --locked
fi
export RUSTC_BOOTSTRAP=1

say "Seeding the corpora from tests/"
node scripts/fuzz-seeds.mjs

total=0
for target in "${targets[@]}"; do
  say "Fuzzing $target for $seconds s"
  log="fuzz/artifacts/$target.log"
  mkdir -p "fuzz/artifacts/$target"
  # No sanitizer: the core forbids unsafe code, so what is left to find is panics, hangs and
  # memory blow-ups, which libFuzzer reports itself (-timeout, -rss_limit_mb).
  if ! cargo fuzz run --sanitizer none "$target" "fuzz/corpus/$target" -- \
    -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 2>&1 | tee "$log" |
    grep -E '^(#[0-9]+.*(NEW|pulse|DONE)|==|SUMMARY|artifact_prefix|Test unit written)' | tail -n 5; then
    die "$target found a crash or a timeout: see $log and fuzz/artifacts/$target/"
  fi
  runs="$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo 0)"
  note "$target: $runs executions in $seconds s"
  total=$((total + runs))
done
say "Fuzzing done: $total executions over ${#targets[@]} targets, $seconds s each"
