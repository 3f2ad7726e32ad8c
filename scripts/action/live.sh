#!/usr/bin/env bash
# Step 3b of the GitHub Action (action.yml), when the `live-url` input is set: the same checks
# against the deployed site (its robots.txt as it is served, fetched as crawlers fetch it), and
# a diff of the repository's file against it, in the job summary.
#
#   how it was served  `robots-lens fetch` (each redirect, the status and what it means)
#   lint               `--format markdown` of the served file, counted at `fail-on`
#   expectations       `robots-lens test URL EXPECTATIONS --format github`, when given
#   diff               `robots-lens diff PATH URL`: the verdicts that flip from the repository's
#                      first path to the served file (exit 1 there is reported, not a failure)
#
# Writes `status` to $GITHUB_OUTPUT: 0 all held, 1 the served file fails the lint at fail-on, an
# expectation broke or no file was served.
set -uo pipefail
: "${ROBOTS_LENS:?}" "${LIVE_URL:?}" "${GITHUB_OUTPUT:?}" "${GITHUB_STEP_SUMMARY:?}"

summary() { printf '%s\n' "$@" >>"$GITHUB_STEP_SUMMARY"; }
fence() { # a command's output in the summary, in a fenced block no output can close
  summary '````text'
  sed 's/^````/ ````/' >>"$GITHUB_STEP_SUMMARY"
  summary '````'
}

status=0
safe_url="${LIVE_URL//\`/}"
summary "" "### The deployed robots.txt: \`$safe_url\`" ""
"$ROBOTS_LENS" fetch "$LIVE_URL" | fence
fetched=${PIPESTATUS[0]}
if [ "$fetched" -ne 0 ]; then
  echo "::error title=robots-lens::$LIVE_URL served no robots.txt file (see the job summary)"
  echo "status=1" >>"$GITHUB_OUTPUT"
  exit 0
fi

"$ROBOTS_LENS" lint "$LIVE_URL" --format markdown --fail-on "${FAIL_ON:-error}" >>"$GITHUB_STEP_SUMMARY" 2>/dev/null
result=$?
if [ "$result" -ge 2 ]; then
  echo "::error title=robots-lens::robots-lens lint $LIVE_URL could not run (exit status $result)"
  exit "$result"
fi
if [ "$result" -eq 1 ]; then
  status=1
  echo "::error title=robots-lens::the robots.txt served at $LIVE_URL has findings at or above '${FAIL_ON:-error}' (see the job summary)"
fi

if [ -n "${EXPECTATIONS:-}" ]; then
  "$ROBOTS_LENS" test "$LIVE_URL" "$EXPECTATIONS" --format github 2>/dev/null
  result=$?
  [ "$result" -ge 2 ] && {
    echo "::error title=robots-lens::robots-lens test $LIVE_URL $EXPECTATIONS could not run (exit status $result)"
    exit "$result"
  }
  if [ "$result" -eq 0 ]; then word=hold; else word='do not all hold'; status=1; fi
  summary "" "The expectations of \`${EXPECTATIONS//\`/}\` $word for the deployed site."
fi

read -r -d '' -a paths <<<"${LINT_PATHS:-robots.txt}" || true
if [ "${#paths[@]}" -gt 0 ] && [ -f "${paths[0]}" ]; then
  summary "" "#### What changes from \`${paths[0]//\`/}\` to the deployed file" ""
  "$ROBOTS_LENS" diff "${paths[0]}" "$LIVE_URL" 2>/dev/null | fence
fi
echo "status=$status" >>"$GITHUB_OUTPUT"
