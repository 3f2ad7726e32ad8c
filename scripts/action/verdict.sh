#!/usr/bin/env bash
# Step 4 of the GitHub Action (action.yml): fail the job when the lint found something at
# `fail-on` or an expectation broke, after every report has been written.
set -euo pipefail
failed=false
reasons=()
if [ "${LINT_STATUS:-0}" = 1 ]; then
  failed=true
  reasons+=("the lint found a finding at or above '${FAIL_ON:-error}'")
fi
if [ "${EXPECT_STATUS:-0}" = 1 ]; then
  failed=true
  reasons+=("an expectation does not hold")
fi
if [ "${LIVE_STATUS:-0}" = 1 ]; then
  failed=true
  reasons+=("the deployed robots.txt fails the lint or an expectation, or none was served")
fi
echo "failed=$failed" >>"$GITHUB_OUTPUT"
if [ "$failed" = true ]; then
  joined="$(printf '%s; ' "${reasons[@]}")"
  echo "::error title=robots-lens::${joined%; }"
  exit 1
fi
