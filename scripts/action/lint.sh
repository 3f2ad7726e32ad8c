#!/usr/bin/env bash
# Step 2 of the GitHub Action (action.yml): lint the paths and report in every place GitHub reads.
#
#   annotations   `--format github` on standard output, which the runner turns into annotations
#   job summary   `--format markdown` appended to $GITHUB_STEP_SUMMARY
#   SARIF         `--format sarif` written to $SARIF_FILE, for code scanning
#   outputs       errors, warnings, infos, sarif-file, status (0 passed, 1 failed at fail-on)
#
# The step itself succeeds when the lint only found something (the verdict step fails the job
# after the expectations ran); it fails at once on a usage error (exit status 2).
set -uo pipefail
: "${ROBOTS_LENS:?}" "${GITHUB_OUTPUT:?}" "${GITHUB_STEP_SUMMARY:?}"

# Paths are separated by whitespace (a path with a space in it is not supported).
read -r -d '' -a paths <<<"${LINT_PATHS:-robots.txt}" || true
[ "${#paths[@]}" -gt 0 ] || {
  echo "::error title=robots-lens::the path input names no file"
  exit 2
}
common=()
[ -n "${IGNORE:-}" ] && common+=(--ignore "$IGNORE")
[ -n "${CONFIG:-}" ] && common+=(--config "$CONFIG")
sarif="${SARIF_FILE:-robots-lens.sarif}"
mkdir -p "$(dirname "$sarif")"

"$ROBOTS_LENS" lint "${paths[@]}" "${common[@]}" --format sarif --fail-on "${FAIL_ON:-error}" >"$sarif"
status=$?
if [ "$status" -ge 2 ]; then
  echo "::error title=robots-lens::robots-lens lint could not run (exit status $status); see the message above"
  exit "$status"
fi
# The later runs repeat the first one's warnings on standard error; once is enough.
"$ROBOTS_LENS" lint "${paths[@]}" "${common[@]}" --format github --fail-on never 2>/dev/null
"$ROBOTS_LENS" lint "${paths[@]}" "${common[@]}" --format markdown --fail-on never 2>/dev/null >>"$GITHUB_STEP_SUMMARY"
json="$("$ROBOTS_LENS" lint "${paths[@]}" "${common[@]}" --format json --fail-on never 2>/dev/null)"
# Pretty-printed JSON: a key is `"severity": "…"` on its own; inside strings quotes are escaped.
count() { grep -c "\"severity\": \"$1\"" <<<"$json" || true; }
# `1 error`, `2 errors`: the count and the word, singular for exactly one.
counted() { # counted N WORD
  if [ "$1" = 1 ]; then printf '%s %s' "$1" "$2"; else printf '%s %ss' "$1" "$2"; fi
}
{
  echo "errors=$(count error)"
  echo "warnings=$(count warning)"
  echo "infos=$(count info)"
  echo "sarif-file=$sarif"
  echo "status=$status"
} >>"$GITHUB_OUTPUT"
echo "robots-lens: $(counted "$(count error)" error), $(counted "$(count warning)" warning), $(count info) info; SARIF in $sarif"
