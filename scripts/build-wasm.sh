#!/usr/bin/env bash
# Builds the page's wasm package into www/pkg/ and checks its size budget.
#
# Usage: scripts/build-wasm.sh [--force]
#        scripts/build-wasm.sh --npm DIR     (the npm package's engine, into DIR; see below)
#
# Steps: wasm-pack (release, --target web, never downloading anything) ->
# wasm-opt -Oz from the npm `binaryen` package with the target features rustc
# emits, stripping debug info and producers -> raw and gzipped size report,
# failing over budget (scripts/wasm-size.mjs).
#
# The package is built in target/www-pkg.staging and replaces www/pkg only when
# every step passed, so a failed build leaves the last good package in place.
#
# The one `--target web` output serves the page, the node tests (initSync) and
# the browser tests. It is the smallest module that answers a check: the first
# verdict waits for its bytes. Three more packages, each with a budget of its own,
# are loaded only by the workers that need them, after the first verdict:
# www/pkg/audit/ (the wasm crate's `audit` feature: everything the first package
# has plus the panels' questions and the audit, for the page's audit worker and the
# npm package; built at opt-level 3 for speed, where the others are built for size), www/pkg/ai/ (the `ai` feature: the panels' questions — the crawler
# table, the other readers, the fetch statuses — the AI usage answers and the
# policy builder, for the engine worker once a panel asks) and
# www/pkg/logs/ (the `logs` feature: the log replay and the operators' address ranges, for the
# "Did bots obey?" worker),
# www/pkg/lists/ (the `lists` feature: URL lists, the comparison of two versions
# and expectations, loaded when one of those is used). A content-hash stamp of everything that feeds the build
# (crates/, Cargo manifests and lock, tool versions, this script) lets a second
# run skip the rebuild; `--force` rebuilds anyway. Run scripts/setup.sh first.
#
# `--npm DIR` builds only the npm package's engine (scripts/package-npm.sh asks for it): the
# audit package plus the `politeness` feature (RobotsFile.politeness and .preferredHost, which
# the page never asks), the `catalogue` feature (crawlerCatalogue, which the page asks of the AI
# usage package) and the `logs` feature (LogReplay, for the package's replayLogs; the page loads
# it only in www/pkg/logs/), at opt-level 3, with the same smoke check, into DIR (its own stamp).
# The page's packages are built without them, so what only npm asks costs the page nothing.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "$0")/lib.sh"

force=0
npm_dir=""
while [ $# -gt 0 ]; do
  case "$1" in
    --force) force=1 ;;
    --npm)
      [ $# -ge 2 ] || die "--npm needs the directory to build the npm package's engine into"
      npm_dir="$2"
      shift
      ;;
    *) die "unknown argument '$1' (expected --force or --npm DIR)" ;;
  esac
  shift
done

cd "$REPO_ROOT"
OUT_DIR="$REPO_ROOT/www/pkg"
STAGING="$REPO_ROOT/target/www-pkg.staging"
OUT_NAME=robots_lens_wasm
WASM_FILE="${OUT_NAME}_bg.wasm"
STAMP_FILE=.build-stamp
WASM_OPT="$REPO_ROOT/node_modules/.bin/wasm-opt"
WASM_TARGET=wasm32-unknown-unknown

command -v wasm-pack >/dev/null 2>&1 || die "wasm-pack is missing: run 'npm run setup' (scripts/setup.sh)"
want_bindgen="$(wasm_bindgen_version)"
have_bindgen="$(tool_version wasm-bindgen)"
[ "$have_bindgen" = "$want_bindgen" ] ||
  die "wasm-bindgen-cli ${have_bindgen:-is missing} but crates/wasm pins $want_bindgen: run 'npm run setup'"
[ -x "$WASM_OPT" ] || die "wasm-opt from the npm binaryen package is missing: run 'npm run setup'"

# Concurrent builds in one tree would interleave writes to www/pkg.
exec 9>"${TMPDIR:-/tmp}/robots-lens-build-$(printf '%s' "$REPO_ROOT" | sha256sum | cut -c 1-12).lock"
flock 9

build_inputs_hash() {
  {
    find crates -type f -not -path '*/target/*' -print0 | sort -z | xargs -0 sha256sum
    sha256sum Cargo.toml Cargo.lock scripts/build-wasm.sh scripts/inline-snippet.mjs scripts/lib.sh package-lock.json
    rustc -vV
    printf 'wasm-bindgen %s\nwasm-pack %s\n' "$have_bindgen" "$(tool_version wasm-pack)"
  } | sha256sum | cut -d ' ' -f 1
}

# The service worker's list of the page's files and its version (sw.js, scripts/precache.mjs):
# written after every run, since a page file can change without the crates changing.
write_precache() {
  node scripts/precache.mjs || die "writing www/pkg/precache.js failed"
}

inputs="$(build_inputs_hash)"
if [ -n "$npm_dir" ] && [ "$force" -eq 0 ] && [ -f "$npm_dir/$STAMP_FILE" ] &&
  [ "$(cat "$npm_dir/$STAMP_FILE")" = "$inputs" ] && [ -f "$npm_dir/$WASM_FILE" ] && [ -f "$npm_dir/$OUT_NAME.js" ]; then
  say "the npm package's engine is up to date in $npm_dir"
  exit 0
fi
if [ -z "$npm_dir" ] && [ "$force" -eq 0 ] && [ -f "$OUT_DIR/$STAMP_FILE" ] && [ "$(cat "$OUT_DIR/$STAMP_FILE")" = "$inputs" ] &&
  [ -f "$OUT_DIR/$WASM_FILE" ] && [ -f "$OUT_DIR/$OUT_NAME.js" ] &&
  [ -f "$OUT_DIR/lists/$WASM_FILE" ] && [ -f "$OUT_DIR/lists/$OUT_NAME.js" ] &&
  [ -f "$OUT_DIR/audit/$WASM_FILE" ] && [ -f "$OUT_DIR/audit/$OUT_NAME.js" ] &&
  [ -f "$OUT_DIR/ai/$WASM_FILE" ] && [ -f "$OUT_DIR/ai/$OUT_NAME.js" ] &&
  [ -f "$OUT_DIR/logs/$WASM_FILE" ] && [ -f "$OUT_DIR/logs/$OUT_NAME.js" ] &&
  [ -f "$OUT_DIR/consumers/$WASM_FILE" ] && [ -f "$OUT_DIR/consumers/$OUT_NAME.js" ]; then
  say "wasm package is up to date (nothing under crates/ or Cargo.lock changed)"
  node scripts/wasm-size.mjs "$OUT_DIR/$WASM_FILE"
  node scripts/wasm-size.mjs "$OUT_DIR/audit/$WASM_FILE" audit
  node scripts/wasm-size.mjs "$OUT_DIR/lists/$WASM_FILE" lists
  write_precache
  node scripts/wasm-size.mjs "$OUT_DIR/ai/$WASM_FILE" ai
  node scripts/wasm-size.mjs "$OUT_DIR/logs/$WASM_FILE" logs
  node scripts/wasm-size.mjs "$OUT_DIR/consumers/$WASM_FILE" consumers
  exit 0
fi

# rustc's wasm target features, translated to wasm-opt's flag names. wasm-opt
# must accept every feature the module uses, or it rejects (or breaks) it.
wasm_opt_feature_flags() {
  local feature
  rustc --print cfg --target "$WASM_TARGET" | sed -n 's/^target_feature="\(.*\)"$/\1/p' | while read -r feature; do
    case "$feature" in
      bulk-memory | bulk-memory-opt) echo --enable-bulk-memory ;;
      call-indirect-overlong | reference-types) echo --enable-reference-types ;;
      exception-handling) echo --enable-exception-handling ;;
      extended-const) echo --enable-extended-const ;;
      multimemory) echo --enable-multimemory ;;
      multivalue) echo --enable-multivalue ;;
      mutable-globals) echo --enable-mutable-globals ;;
      nontrapping-fptoint) echo --enable-nontrapping-float-to-int ;;
      relaxed-simd) echo --enable-relaxed-simd ;;
      sign-ext) echo --enable-sign-ext ;;
      simd128) echo --enable-simd ;;
      tail-call) echo --enable-tail-call ;;
      atomics) echo --enable-threads ;;
      *) die "rustc enables the wasm feature '$feature', which scripts/build-wasm.sh does not map to a wasm-opt flag; add it" ;;
    esac
  done | sort -u
}

started=$SECONDS
rm -rf "$STAGING"
feature_list="$(wasm_opt_feature_flags)"
mapfile -t feature_flags <<<"$feature_list"

# build_package DIR [CARGO_FEATURES [OPT_LEVEL]]: wasm-pack, wasm-opt and a smoke check into DIR.
# OPT_LEVEL is rustc's and wasm-opt's: `z` (the default) for size, `3` for speed.
build_package() {
  local dir="$1" features="${2:-}" opt_level="${3:-z}"
  local cargo_args=()
  [ -z "$features" ] || cargo_args=(-- --features "$features")
  say "Building the wasm package${features:+ with --features $features} (wasm-pack, release, --target web, opt-level $opt_level)"
  # The out-dir is resolved against the crate, so pass it absolute. `--mode
  # no-install` uses the wasm-bindgen on PATH and never downloads one.
  # The release profile is opt-level 3 for the native builds; the page's modules want size.
  # Cargo keeps the dependencies built at each level apart, so the levels do not rebuild each other.
  CARGO_PROFILE_RELEASE_OPT_LEVEL="$opt_level" wasm-pack --quiet build crates/wasm \
    --target web --release --mode no-install --no-pack \
    --out-dir "$dir" --out-name "$OUT_NAME" "${cargo_args[@]}"
  # wasm-bindgen writes the glue's one snippet (crates/wasm/src/tape.js, which builds the values
  # the module returns) as a module of its own, which the glue imports: one more request, found
  # only once the glue is parsed. It goes into the glue instead (scripts/inline-snippet.mjs).
  node scripts/inline-snippet.mjs "$dir/$OUT_NAME.js" || die "inlining the glue's snippet failed"
  say "Optimising with wasm-opt $("$WASM_OPT" --version | grep -oE '[0-9]+' | head -n 1) -O$opt_level (${feature_flags[*]})"
  "$WASM_OPT" "$dir/$WASM_FILE" -o "$dir/$WASM_FILE.opt" "-O$opt_level" "${feature_flags[@]}" \
    --strip-debug --strip-producers --strip-target-features
  mv "$dir/$WASM_FILE.opt" "$dir/$WASM_FILE"

  # Refuse a package that does not work before anyone serves it: an optimiser
  # that mis-handles a feature yields a module that loads but answers wrongly.
  # shellcheck disable=SC2016 # JavaScript, not shell, expands these.
  node --input-type=module -e '
    const { readFileSync } = await import("node:fs");
    const { pathToFileURL } = await import("node:url");
    const [dir, name, features] = process.argv.slice(1);
    const wasm = await import(pathToFileURL(`${dir}/${name}.js`).href);
    wasm.initSync({ module: readFileSync(`${dir}/${name}_bg.wasm`) });
    const verdict = wasm.check("User-agent: *\nDisallow: /a\n", "bot", "/a/b", {});
    if (verdict.allowed !== false || verdict.decisive?.line !== 2) {
      throw new Error(`smoke check gave ${JSON.stringify(verdict)}`);
    }
    // The first package must not carry the audit nor the panels (its budget counts on it), the
    // audit package must carry both, the AI usage package the panels; only the engine of the npm
    // package carries the politeness getters.
    const has = (feature) => features.split(",").includes(feature);
    const audit = wasm.RobotsFile.prototype.audit;
    if (has("audit") !== (typeof audit === "function")) {
      throw new Error(`RobotsFile.audit is ${typeof audit} in the package built with features [${features}]`);
    }
    const panels = wasm.RobotsFile.prototype.compareProfiles;
    if ((has("audit") || has("ai")) !== (typeof panels === "function")) {
      throw new Error(`RobotsFile.compareProfiles is ${typeof panels} in the package built with features [${features}]`);
    }
    // The words of the catalogue: in the AI usage package (for the crawler panel of the page) and
    // in the engine of the npm package, never in the audit package.
    const catalogue = typeof wasm.crawlerCatalogue === "function";
    if ((has("ai") || has("catalogue")) !== catalogue) {
      throw new Error(`crawlerCatalogue is ${catalogue ? "" : "not "}in the package built with features [${features}]`);
    }
    const politeness = wasm.RobotsFile.prototype.politeness;
    if (has("politeness") !== (typeof politeness === "function")) {
      throw new Error(`RobotsFile.politeness is ${typeof politeness} in the package built with features [${features}]`);
    }
    if (has("politeness")) {
      const file = new wasm.RobotsFile("User-agent: *\nCrawl-delay: 4\n");
      const answer = file.politeness("bot", {});
      file.free();
      if (answer[0] !== 4 || answer[1] !== 2) {
        throw new Error(`smoke check of politeness gave ${JSON.stringify(answer)}`);
      }
    }
    if (has("audit")) {
      const file = new wasm.RobotsFile("Disallow: /x\nUser-agent: *\nDisallow: /y\n");
      const findings = file.audit();
      file.free();
      if (!findings.some((finding) => finding.line === 1 && /^RL[0-9]+$/.test(finding.code))) {
        throw new Error(`smoke check of audit gave ${JSON.stringify(findings)}`);
      }
    }
    if (features === "ai") {
      const usage = wasm.usage("User-agent: *\nContent-Usage: train-ai=n\n", "bot", "/a", {});
      if (usage.contentUsage[0]?.preference !== "disallow") {
        throw new Error(`smoke check of usage gave ${JSON.stringify(usage)}`);
      }
      const file = new wasm.RobotsFile("User-agent: *\nDisallow: /a\n");
      const rows = file.crawlerTable("/a/b", {});
      file.free();
      const googlebot = rows.find((row) => row.name === "Googlebot");
      if (rows.length !== wasm.crawlerCatalogue().length || googlebot?.verdict.decisive?.line !== 2) {
        throw new Error(`smoke check of crawlerTable gave ${JSON.stringify(rows.slice(0, 2))}`);
      }
    }
    if (has("logs")) {
      const replay = new wasm.LogReplay(["v"], ["User-agent: GPTBot\nDisallow: /\n"], [""], [""], {}, "auto", "");
      const line = new TextEncoder().encode("20.171.206.7 - - [02/Mar/2026:10:00:00 +0000] \"GET /x HTTP/1.1\" 200 5 \"-\" \"GPTBot/1.2\"\n");
      const kept = replay.feed(line, 2);
      const report = replay.report();
      replay.free();
      if (kept[0]?.allowed !== false || report.crawlers[0]?.verified !== 1) {
        throw new Error(`smoke check of LogReplay gave ${JSON.stringify(kept)} ${JSON.stringify(report.crawlers)}`);
      }
    }
    if (has("consumers")) {
      const file = new wasm.RobotsFile("User-agent: *\nDisalow: /x\n");
      const marks = file.consumerMarks();
      file.free();
      if (marks.lighthouse?.errors?.[0]?.message !== "Unknown directive" || marks.summary?.lighthouse?.passes !== false) {
        throw new Error(`smoke check of consumerMarks gave ${JSON.stringify(marks.lighthouse)}`);
      }
    }
    if (features === "lists") {
      const diff = wasm.compareVersions("", "User-agent: *\nDisallow: /a\n", "", "auto", "bot", [], {});
      if (diff.flipCount !== 2 || diff.flips[0].after.line !== 2) {
        throw new Error(`smoke check of compareVersions gave ${JSON.stringify(diff)}`);
      }
    }
  ' "$dir" "$OUT_NAME" "$features" || die "the optimised wasm package fails its smoke check (see above)"
}

if [ -n "$npm_dir" ]; then
  # Staged beside the page's staging directory and moved into place only once it passed.
  rm -rf "$STAGING.npm"
  build_package "$STAGING.npm" audit,politeness,catalogue,logs,consumers 3
  printf '%s\n' "$inputs" >"$STAGING.npm/$STAMP_FILE"
  rm -rf "$npm_dir"
  mkdir -p "$(dirname "$npm_dir")"
  mv "$STAGING.npm" "$npm_dir"
  note "the npm package's engine is in $npm_dir ($((SECONDS - started)) s)"
  exit 0
fi

build_package "$STAGING"
# The audit package is built for speed: it is the npm package's engine, where a check at opt-level
# z took twice the time of one at 3 (README, Performance), and the page loads it only in the
# audit's worker, after the first verdict; its budget (scripts/wasm-size.mjs) counts on that.
build_package "$STAGING/audit" audit 3
build_package "$STAGING/lists" lists
# The package with the panels' questions and the AI usage (the crawler table and catalogue, the
# other readers, the fetch statuses, usage, aiSummary, writePolicy): loaded by the engine worker
# after the first verdict, when the panels under the verdict first ask.
build_package "$STAGING/ai" ai
# The log replay and the operators' address ranges: loaded only by the page's "Did bots obey?"
# worker when a log is opened.
build_package "$STAGING/logs" logs
# Every consumer's reading of every line: loaded when the page shows the consumers' table.
build_package "$STAGING/consumers" consumers

# The audit codes' documentation comes from the same Rust source as the audit, through the
# CLI, so the wasm module does not have to carry its prose: English from the core's code docs,
# Spanish and Portuguese (Portugal's and Brazil's, the page's ids) from its translation files
# (crates/core/data/i18n).
say "Writing the audit codes' documentation (robots-lens explain --json --lang en|es|pt-PT|pt-BR)"
cargo run --quiet -p robots-lens-cli -- explain --json >"$STAGING/audit-codes.json" ||
  die "robots-lens explain --json failed"
for lang in es pt-PT pt-BR; do
  cargo run --quiet -p robots-lens-cli -- explain --json --lang "$lang" >"$STAGING/audit-codes.$lang.json" ||
    die "robots-lens explain --json --lang $lang failed"
done

note "built in $((SECONDS - started)) s"
node scripts/wasm-size.mjs "$STAGING/$WASM_FILE" ||
  die "the build is over its size budget; the rejected package is in ${STAGING#"$REPO_ROOT"/}/"
node scripts/wasm-size.mjs "$STAGING/audit/$WASM_FILE" audit ||
  die "the audit package is over its size budget; the rejected package is in ${STAGING#"$REPO_ROOT"/}/audit/"
node scripts/wasm-size.mjs "$STAGING/lists/$WASM_FILE" lists ||
  die "the lists package is over its size budget; the rejected package is in ${STAGING#"$REPO_ROOT"/}/lists/"
node scripts/wasm-size.mjs "$STAGING/ai/$WASM_FILE" ai ||
  die "the AI usage package is over its size budget; the rejected package is in ${STAGING#"$REPO_ROOT"/}/ai/"
node scripts/wasm-size.mjs "$STAGING/logs/$WASM_FILE" logs ||
  die "the logs package is over its size budget; the rejected package is in ${STAGING#"$REPO_ROOT"/}/logs/"
node scripts/wasm-size.mjs "$STAGING/consumers/$WASM_FILE" consumers ||
  die "the consumers package is over its size budget; the rejected package is in ${STAGING#"$REPO_ROOT"/}/consumers/"

printf '%s\n' "$inputs" >"$STAGING/$STAMP_FILE"
mkdir -p "$(dirname "$OUT_DIR")"
rm -rf "$OUT_DIR.old"
if [ -e "$OUT_DIR" ]; then mv "$OUT_DIR" "$OUT_DIR.old"; fi
mv "$STAGING" "$OUT_DIR"
rm -rf "$OUT_DIR.old"
note "installed into www/pkg/"
write_precache
