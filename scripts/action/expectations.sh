#!/usr/bin/env bash
# Step 3 of the GitHub Action (action.yml), when the `expectations` input is set: check each path
# against the expectations file with `robots-lens test`, annotating each broken expectation.
# Writes `status` to $GITHUB_OUTPUT: 0 all held, 1 one broke, `skipped` when this robots-lens has
# no `test` command.
set -uo pipefail
: "${ROBOTS_LENS:?}" "${EXPECTATIONS:?}" "${GITHUB_OUTPUT:?}" "${GITHUB_STEP_SUMMARY:?}"

if ! "$ROBOTS_LENS" --help 2>/dev/null | grep -q 'robots-lens test '; then
  echo "::warning title=robots-lens::this robots-lens ($("$ROBOTS_LENS" --version)) has no test command; the expectations in $EXPECTATIONS were not checked"
  echo "status=skipped" >>"$GITHUB_OUTPUT"
  exit 0
fi
read -r -d '' -a paths <<<"${LINT_PATHS:-robots.txt}" || true
status=0
for path in "${paths[@]}"; do
  "$ROBOTS_LENS" test "$path" "$EXPECTATIONS" --format github
  result=$?
  if [ "$result" -ge 2 ]; then
    echo "::error title=robots-lens::robots-lens test $path $EXPECTATIONS could not run (exit status $result)"
    exit "$result"
  fi
  [ "$result" -eq 0 ] || status=1
  if [ "$result" -eq 0 ]; then word=hold; else word='do not all hold'; fi
  printf '\nThe expectations of `%s` %s for `%s`.\n' "${EXPECTATIONS//\`/}" "$word" "${path//\`/}" >>"$GITHUB_STEP_SUMMARY"
done
echo "status=$status" >>"$GITHUB_OUTPUT"
