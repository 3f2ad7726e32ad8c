// The wasm size budgets: one definition, used by the build (which fails over
// budget) and by the benchmark (which reports against it).
//
// Usage: node scripts/wasm-size.mjs [path/to/module.wasm] [audit|lists|ai|logs|consumers]
// Prints the raw and gzipped size; exits 1 when the gzipped size is over budget
// (the audit, lists or AI usage package's budget when named).

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync, constants } from 'node:zlib';

/**
 * Gzipped budget of the first module (www/pkg/), the one the first verdict waits for: the checker
 * and the file's reading, without the audit and the panels' questions. Issue 10 aims at 110 kB;
 * it measured 96,995 B on 2026-12-01 (118,181 B with the panels' questions), so the budget is
 * that plus about 3%, and a change that puts the panels (or as much) back fails the build. Plus
 * 500 B for issue 38's parse memory (99,647 B on main at 8edb0c9, 100,041 B with it, the first
 * module built alone as this script's build does): 8-byte line records whose end, kind and
 * value are decoded when a line is read, and a line's key found when asked. The packages below
 * are this budget plus theirs, so they move with it.
 */
export const WASM_GZIP_BUDGET_BYTES = 100_500;
/**
 * Gzipped budget of the package with URL lists, two-version comparison and expectations
 * (www/pkg/lists/): the first module plus those, loaded only when the page needs them, so the
 * engine's budget plus 35,000 B for the lists' own code (124,333 B in all on 2026-12-01).
 */
export const LISTS_WASM_GZIP_BUDGET_BYTES = WASM_GZIP_BUDGET_BYTES + 35_000;
/**
 * Gzipped budget of the package with the panels' questions and the AI usage (www/pkg/ai/: the
 * crawler table and catalogue, the other readers, the fetch statuses, what may be done with a URL,
 * the AI crawlers' summary, the policy builder), loaded by the engine worker after the first
 * verdict: the engine's budget plus 40,000 B for those (129,963 B in all on 2026-12-01), plus
 * 1,000 B for issue 36's 47 message keys, which every package that serialises a message carries
 * (140,150 B with them on 2026-12-07), plus 2,500 B for issue 38's answer that names a file which
 * is no robots.txt, with its message for the explanation (139,575 B on main at 1fee98e, 141,656 B
 * with it).
 */
export const AI_WASM_GZIP_BUDGET_BYTES = WASM_GZIP_BUDGET_BYTES + 43_500;
/**
 * Gzipped budget of the package with the audit (www/pkg/audit/): the first module plus the
 * panels' questions and the audit, loaded only by the audit's worker after the first verdict
 * (and by the npm package), so the engine's budget plus 85,000 B for those (175,474 B in all on
 * 2026-12-01; 187,065 B later that day, 172,692 B on main at 1b3b5a5 with RobotsFile.isAllowed),
 * plus 30,000 B since it is built at opt-level 3 for the npm package's speed (198,649 B at 3,
 * 172,914 B at z, on main at 942fa93; scripts/build-wasm.sh), plus 10,000 B for issue 24's audit
 * (four new codes with their texts in three languages, findings grouped by cause) and issue 26's
 * summary fields (218,600 B on main at 382e00e), plus 7,000 B for issue 24's later classes
 * (228,426 B on main at c1e0335, over the budget before it) and the page's findings grouped by
 * cause (RobotsFile.auditCauses: 229,993 B), plus 1,000 B for issue 24's third round (230,715 B
 * on main at 28e2a3a, 232,641 B with it: per-finding severities for RL412, RL306 and RL105, the
 * typo-space and double-slash rules, one finding per cause; no text, which comes from the
 * catalogues), plus 500 B for the fourth round (233,247 B: RL413's encoded fix for an unrendered
 * template's links, RL402's fix for a `$` the URLs carry), plus 7,500 B for the fifth round
 * (233,404 B on main at a8bd441, 240,908 B with it: the crawl-delay merge reported by what it
 * changes, the allow-list with an open home page, a host name without a scheme, severities by
 * verdict for RL401 and RL404, the sitemap URL without its colon or key, a named script family;
 * measured file by file, each check costs 1 to 2 KB at opt-level 3, and the texts stay in the
 * catalogues). The first module, which the page waits for, grew 26 B (99,962 B; the new
 * message keys). Plus 4,000 B for the sixth round (240,908 B before, 244,513 B with it: a
 * regular expression written as a pattern named and translated into the pattern it means, a
 * group's Request-rate for a crawler the catalogue does not know, fixes for a crawler repeated
 * in shared groups and a delay inside a list of user agents, RL302's deliberate release by a
 * prefix Allow, RL404 beside Allow-only rules). Plus 1,000 B for the seventh round (244,513 B
 * before, 245,585 B with it: RL302 for a name one separator away from a catalogued token, RL309
 * for a first word with a mark, the delay merge past sitemap lines, RL401 on a URL of the whole
 * site; the texts stay in the catalogues). Plus 1,000 B for the ninth round (245,516 B on main
 * at 8473f08, 246,948 B with it: a name repeated after group-scoped lines told once, by RL311,
 * with a fix that deletes the repeat; RL312 worded for a file without a `*` group and for a
 * group whose delay its deletion would drop; seven English templates). Plus 1,200 B for the
 * tenth round (246,954 B on main at 3f82150, 248,142 B with it: RL404 weighed against the rules
 * Python reads with the empty rule, with one English template; RL408's CMS-only folder names
 * read as folders only with their slash; RL302's narrowing by a named group's own rules inside
 * a `*` rule's path; RL309's several-word names given the cut-token why and fix; RL302, RL404
 * and RL408's what-it-does and why in the code docs). Plus 100 B for the list of verdicts
 * (issue 25, 6ee4331: 248,142 B before, 248,225 B with it): the decision made generic over the
 * shown and the positional matches, and the matches collected in one loop, came out 83 B larger
 * at this package's opt-level 3, where the first module, at `z`, came out 100 B smaller
 * (99,852 B before, 99,752 B with it). Plus 2,700 B for issue 40's crawler catalogue, 58 -> 80
 * crawlers, each with its description, note and sources, which this package shows (248,164 B
 * before, 250,812 B with it); the first module, which shows no catalogue, keeps none of their
 * text since the catalogue's texts moved to a table of their own (99,752 -> 93,533 B, 94,648 B
 * with the 22 crawlers' names, tokens and chains). Plus 61,000 B for issue 34's evidence (250,812
 * B before, 309,370 B with it): every finding now asks the answering layer of the file as
 * written and as meant, so this package carries the three readers' whole answering (Python's
 * record reader included), the evidence engine and the fix check; the page's audit answers as
 * the command does, effect for effect. Not yet measured part by part; the first module is
 * unchanged (93,568 B). Plus 1,000 B for issue 36's message keys (47 `core.consumers.*` keys,
 * which every package that serialises a message carries in `MessageId::key`: 311,887 B on main
 * at 1fee98e, 312,638 B with them); the consumers table itself is a package of its own. Plus
 * 3,000 B for issue 38's answer that names a file which is no robots.txt (an HTML page, an error
 * body, binary data), read once at parse and handed to the page's summary as codes and to npm's
 * explanation as a message (311,887 B on main at 1fee98e, 314,670 B with it; the first module
 * 94,688 -> 96,101 B). This round of issue 34 (RL302 by lookup, three findings' sentences and
 * their keys) and issue 38's policy builder took it to 320,023 B on main at 0e77df0; issue 35's
 * one door (codes, not words, across the boundary) brought it back to 314,400 B at 8006a77.
 * Issue 36's keys have since left this package and the AI usage one: the core's `consumers`
 * feature, on only in the consumers package, keeps `MessageId::key` from carrying them (315,164
 * -> 314,760 B here, 141,830 -> 140,978 B in the AI usage package, on 2026-12-07).
 * Plus 4,000 B for issue 34's round of 2026-12-07 (315,122 B on main at 04fdac3 with issue 36's
 * finding readers and its keys, 319,054 B with it): bundles of redundant and leading stars told apart by
 * whether their fix wakes the readers without wildcards, a group's blank lines as one finding,
 * RL408 by what the file shows of a folder, RL302 silent where a group's comment names what it
 * leaves out, the evidence's classes telling apart the groups an edit writes, RL309's `*;`
 * with a checked fix; each costs 0.5 to 1 KB at this package's opt-level 3, the texts stay in
 * the catalogues, and the first module is unchanged (98,650 B). Plus 3,500 B more: a clean
 * clone's build of main at b2b68fa measured 322,167 B (the CI's), where an incremental build of
 * main at e9f038d measured 319,065 B; between them, the consumers' clippy fix, RL313's one-pass
 * check of the names a blank line splits, and the matcher's and consumers' round. Which part
 * costs what at opt-level 3 is not measured yet. Plus 4,000 B for issue 34's next round
 * (322,993 B on main at 8a5b896, 326,155 B with it; most of it in functions that stop being
 * inlined, by twiggy's diff of the unoptimised modules): the evidence asks the plain rules
 * around each edited line first (a per-file index of them), RL303's merge is written in the
 * order first-match readers answer as Google does, a corrected line that repeats a rule of its
 * group is deleted instead, and the other readers' reason names the empty line that ends a
 * record. Plus 2,000 B: a clean clone's build of main at f3eb987 (the CI's) measured 327,824 B,
 * where an incremental build of 22c509b had measured 326,611 B; with the evidence's speed round
 * (native-only paths, but the shared code moved) and RL407's and RL309's fixes in between.
 * Plus 2,000 B: an incremental build of 512475f (main at 8493c14 with the census's round, #39:
 * the `*` groups chosen once for every crawler that falls back to them, a crawler's summary
 * read from its verdicts' selection, a record reader's agent found without a searcher set up,
 * all of which the page's audit worker runs too) measured 329,956 B; on main at bda546f,
 * 330,359 B. Plus 1,500 B for issue 34's round of the evening of 2026-12-07 (331,325 B on main
 * at 9175bc7, 332,694 B with it, a clean build): Unicode's other spaces told as invisible
 * characters with their name, RL303's merge order told in its fix, RL408's fix without "remove
 * the rule" where another rule blocks the files, the evidence's askers led by the names the
 * findings stand on, a fix the evidence's budget left unasked kept in words; three new message
 * keys whose texts stay in the catalogues. Plus 500 B for issue 34's round on the checks' speed
 * (332,896 B on main at 8edb0c9, 333,109 B with it, the audit package alone built by this
 * script's build_package, incremental): every line read once into the audit's context, RL302's
 * copies of `*` counted from each group's patterns looked up once, the shadowing's first rules
 * in slots by pattern number; the checks cost a third fewer instructions on a 1 MB file
 * (docs/performance.md, "The checks cut where their instructions go"). A hash map for RL302's
 * groups (1,478 B) and an index of the redundant-star contest by length (572 B) were measured
 * and left out. Plus 3,000 B (and the first module's 500 B) for issue 38's parse memory:
 * 332,896 B on main at 8edb0c9, 336,332 B with it, each built alone as this script builds it.
 * At opt-level 3 the audit's many readers of lines take in the decoding of the 8-byte records
 * (a line's end from the next one's start, its kind and value from packed bytes); `Line::new`,
 * `Key::get` and `Lines::value_span` are kept out of line, which saved 864 B of the 4,300 B it
 * first cost; where the rest goes was not found in the round's time. Both rounds together were
 * not measured: this is the sum of the two growths and a margin. Plus 4,500 B for issue 34's
 * second round of the evening (the rounds together measured 339,831 B on main at b7e89a9 with
 * it, an incremental build, where 337,000 B was the estimate without it): RL302's fix with the
 * `*` Allow exceptions it repeats, the evidence's probes for an Allow of every folder and
 * Disallow rules asked first, RL311 for a group a line and a blank line end, RL303's why for a
 * first group that names `*`, RL307 silent in a group that names `*`; two message keys, whose
 * texts stay in the catalogues. The budget keeps about 1,700 B over the measure because clean
 * builds (the CI's) have measured up to 3,100 B more than incremental ones of the same commit.
 * Plus 5,000 B for issue 34's night round (339,848 B in the CI's clean build of 9a31422;
 * 343,496 B incrementally at 7821f31 and 344,180 B at c62a9ac (as it landed), before the evidence's speed
 * round's +65 B): Python's answers under a fix Google reads as meant held to Google's answer
 * (the rules each reader applies compared, Python's askers classed by Google's groups too),
 * RL403's bundles asking whether a rule above decides first for Python, RL408's folders by
 * their own Allow, RL311's and RL312's new messages (four keys, whose texts stay in the
 * catalogues). The class split first used maps of new key types; folding them into the
 * audit's existing map types did not bring the size down within the round's time, and where
 * the 3.6 KB of the first build go was not found. Plus 1,000 B: with the checks' second round
 * (a map for pattern numbering, 283 B by its helper's measure) the package measured 345,367 B
 * incrementally at 146b6d1, 1,133 B under, before 2ce9c1a's reading of a rule's pattern without
 * its line; the margin again covers a clean build's variance.
 */
export const AUDIT_WASM_GZIP_BUDGET_BYTES = WASM_GZIP_BUDGET_BYTES + 247_000;

/**
 * Gzipped budget of the log replay's package (www/pkg/logs/): the first module plus the replay
 * (the log readers, the caches, the report) and the operators' published address ranges, loaded
 * only by the page's "Did bots obey?" worker when a log is opened: 152,080 B on 2026-12-06 (the
 * first module's 94,649 B and 57,431 B for the replay: its line readers, caches and report, the
 * Crawl-delay and Request-rate reading, std's address parsing, 542 merged address blocks), plus
 * about 3%. Plus 1,000 B: with the census's round (#39: how groups are chosen, which the replay's
 * verdicts use) on main at bda546f, a build measured 157,501 B.
 */
export const LOGS_WASM_GZIP_BUDGET_BYTES = WASM_GZIP_BUDGET_BYTES + 58_500;

/**
 * Gzipped budget of the package with every consumer's reading of every line (www/pkg/consumers/:
 * the first module plus the consumers table of issue 36 — Google's reporter, Search Console,
 * Lighthouse, Yandex, Bing, RFC 9309, Python's robotparser with its record reader, robots-parser,
 * Protego), loaded only when the page shows the table: the engine's budget plus 36,000 B
 * (129,613 B in all on 2026-12-07, 94,749 B of it the first module's; 44 kB more in the audit
 * package at its opt-level 3 would not have fit that package's budget). The summary's sentences
 * in a person's words (ten count phrases and their keys): 134,744 -> 135,406 B on 2026-12-07; the
 * table kept beside its file (RobotsFile reads it once): 135,607 B. Plus 1,000 B: an incremental
 * build of 512475f (the census's round, #39, which changed how groups are chosen and how a record
 * reader finds a record's agent, both of which this table's readers run) measured 136,052 B.
 * Plus 500 B (and the first module's 500 B) for issue 38's 8-byte line records, whose decoding
 * the table's readers of every line take in: 137,582 B with them, 82 B over before. Plus 300 B:
 * 137,713 B incrementally at 146b6d1 (the night's audit and speed rounds), 287 B under, before
 * 2ce9c1a's reading of a rule's pattern without its line (81 B of the first module when it was
 * first measured), which the table's readers run too, and a clean build's variance.
 */
export const CONSUMERS_WASM_GZIP_BUDGET_BYTES = WASM_GZIP_BUDGET_BYTES + 37_800;

/** Each package's budget and name in messages, by the name the build passes. */
const PACKAGES = {
  first: { budget: WASM_GZIP_BUDGET_BYTES, which: 'wasm' },
  audit: { budget: AUDIT_WASM_GZIP_BUDGET_BYTES, which: 'audit wasm' },
  lists: { budget: LISTS_WASM_GZIP_BUDGET_BYTES, which: 'lists wasm' },
  ai: { budget: AI_WASM_GZIP_BUDGET_BYTES, which: 'AI usage wasm' },
  logs: { budget: LOGS_WASM_GZIP_BUDGET_BYTES, which: 'logs wasm' },
  consumers: { budget: CONSUMERS_WASM_GZIP_BUDGET_BYTES, which: 'consumers wasm' },
};

/** The module the build produces, relative to the repository root. */
export const DEFAULT_WASM_PATH = fileURLToPath(
  new URL('../www/pkg/robots_lens_wasm_bg.wasm', import.meta.url),
);

/** Raw and gzip -9 sizes in bytes of the wasm module at `path`. */
export function wasmSizes(path = DEFAULT_WASM_PATH) {
  const bytes = readFileSync(path);
  const gzip = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length;
  return { raw: bytes.length, gzip };
}

/** "123,456 B (120.6 KiB)" */
export function formatBytes(bytes) {
  return `${bytes.toLocaleString('en-US')} B (${(bytes / 1024).toFixed(1)} KiB)`;
}

function main() {
  const path = process.argv[2] ?? DEFAULT_WASM_PATH;
  const name = process.argv[3] ?? 'first';
  if (!Object.hasOwn(PACKAGES, name)) {
    console.error(`ERROR: unknown package '${name}' (expected audit, lists, ai, logs or consumers)`);
    process.exit(2);
  }
  const { budget, which } = PACKAGES[name];
  let sizes;
  try {
    sizes = wasmSizes(path);
  } catch (error) {
    console.error(`ERROR: cannot read ${path}: ${error.message}`);
    process.exit(1);
  }
  const share = ((sizes.gzip / budget) * 100).toFixed(0);
  console.error(`    ${which} raw:     ${formatBytes(sizes.raw)}`);
  console.error(
    `    ${which} gzipped: ${formatBytes(sizes.gzip)}, ${share}% of the ${budget.toLocaleString('en-US')} B budget`,
  );
  if (sizes.gzip > budget) {
    console.error(`ERROR: the gzipped ${which} is over budget by ${formatBytes(sizes.gzip - budget)}`);
    process.exit(1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main();
}
