#!/usr/bin/env bash
# The log replay's speed, side by side with a plain Python replay on the same generated log.
#
# Usage: scripts/bench-logs.sh [LINES] [RUNS]      (default 2,000,000 lines, 3 runs each)
#
# Generates an Apache combined log of LINES lines (tests/logs/generate.mjs: crawlers from their
# operators' addresses and impersonators, browsers, a long tail of URLs, about one distinct URL
# in nine lines, a few lines that are not log lines) and the two robots.txt versions it is
# replayed against, then times, alternating, RUNS runs of:
#   - `robots-lens logs` (the release build), which also checks every address, follows
#     /robots.txt fetches and pace per host, and judges unknown agents too;
#   - scripts/bench_logs_peer.py with Python's urllib.robotparser and with protego (from the
#     tools venv, scripts/python.sh): a regular expression per line, the crawler named by the
#     first token found in the user agent, answers cached per version, token and path.
# Each is timed in CPU seconds (user + system) of one core, so the figures hold on a busy
# machine; the report gives each one's lines per second (median, range) and the ratios.
# The page's replay (the wasm logs package in a Worker) is measured by tests/browser/logs.test.mjs
# and scripts/bench-logs-wasm.mjs.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"
cd "$REPO_ROOT"

lines="${1:-2000000}"
runs="${2:-3}"
work="$REPO_ROOT/target/bench-logs"
mkdir -p "$work"
python="$REPO_ROOT/.tools/venv/bin/python"
[ -x "$python" ] || die "the Python tools venv is missing: run 'bash scripts/python.sh build' first"

say "Building robots-lens (release)"
cargo build --release -q -p robots-lens-cli
cli="$REPO_ROOT/target/release/robots-lens"

log="$work/access-$lines.log"
if [ ! -s "$log" ]; then
  say "Generating $lines log lines into $log"
  node tests/logs/generate.mjs --lines "$lines" >"$log.part"
  mv "$log.part" "$log"
fi
node --input-type=module -e "
  import { writeFileSync } from 'node:fs';
  import { ROBOTS_BEFORE, ROBOTS_AFTER } from './tests/logs/generate.mjs';
  writeFileSync('$work/before.txt', ROBOTS_BEFORE);
  writeFileSync('$work/after.txt', ROBOTS_AFTER);
"
switch="$(node --input-type=module -e "import { ROBOTS_SWITCH } from './tests/logs/generate.mjs'; console.log(ROBOTS_SWITCH)")"
tokens="Googlebot,bingbot,GPTBot,ClaudeBot,CCBot,Bytespider,AhrefsBot,SemrushBot,YandexBot,PerplexityBot,Applebot"

cpu() { # CPU seconds (user + system) of a command, its output discarded
  /usr/bin/time -o "$work/time" -f '%U %S' "$@" >/dev/null 2>&1 || true
  awk 'END { printf "%.3f", $1 + $2 }' "$work/time"
}

declare -A seconds=()
for run in $(seq "$runs"); do
  say "Run $run of $runs"
  seconds[rust]+="$(cpu "$cli" logs "$log" --robots "$work/before.txt" --robots "$work/after.txt@$switch") "
  for parser in robotparser protego; do
    seconds[$parser]+="$(cpu "$python" scripts/bench_logs_peer.py --parser "$parser" --log "$log" \
      --robots "$work/before.txt" --robots "$work/after.txt@$switch" --tokens "$tokens") "
  done
done

node --input-type=module -e "
  const lines = $lines;
  const runs = { rust: '${seconds[rust]}', robotparser: '${seconds[robotparser]}', protego: '${seconds[protego]}' };
  const median = (values) => { const s = [...values].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
  const parsed = Object.fromEntries(Object.entries(runs).map(([name, text]) => [name, text.trim().split(/\s+/).map(Number)]));
  const rate = (s) => Math.round(lines / s).toLocaleString('en');
  for (const [name, values] of Object.entries(parsed)) {
    const m = median(values);
    console.log(\`\${name.padEnd(12)} \${rate(m).padStart(10)} lines/s (median of \${values.length}: \${m.toFixed(2)} s CPU; range \${rate(Math.max(...values))}-\${rate(Math.min(...values))})\`);
  }
  for (const peer of ['robotparser', 'protego']) {
    const ratios = parsed[peer].map((s, i) => s / parsed.rust[i]);
    console.log(\`robots-lens logs is \${median(ratios).toFixed(1)}x \${peer} (range \${Math.min(...ratios).toFixed(1)}-\${Math.max(...ratios).toFixed(1)}x)\`);
  }
"
