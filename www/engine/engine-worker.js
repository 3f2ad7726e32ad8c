/**
 * The engine worker: the one place the WebAssembly module is instantiated for the page.
 *
 * It runs in a dedicated worker so that reading a 10 MB paste never freezes typing, and so
 * that a trap or a hang costs this worker and not the page (www/engine/engine.js replaces it). It
 * keeps the last parsed file (`RobotsFile`) to answer many checks without parsing again, and
 * shapes results for the trip to the page: lines become a transferred line table, and long
 * lists are cut to what the page shows, with their full counts.
 *
 * Protocol (www/engine/worker-protocol.js): each `{ id, op, args }` is answered with
 * `{ id, ok: true, result }` or `{ id, ok: false, error: { message, trap, memoryBytes } }`. The
 * first operation is `init`, with the compiled `WebAssembly.Module` (compiled once by the page,
 * so a restart only instantiates) and the URL of its wasm-bindgen glue: the page's engine runs
 * the first package (www/pkg/), which answers the verdict and the file's reading, and loads the
 * package with the panels' questions (www/pkg/ai/) when a panel first asks; the audit's engine
 * runs the package with the audit (www/pkg/audit/). A module only works with the glue built with it. After a trap the protocol answers every call with that trap,
 * and nothing is freed here (see `withParsed`).
 */

import { buildLineTable, hasLineNotes, lineTableBuffers } from './lines.js';
import { isTrap, serveOperations } from './worker-protocol.js';

/** How many items of each list cross to the page; the page says when a list was cut. */
const LIMITS = {
  groups: 50,
  rulesPerGroup: 200,
  orphanRules: 200,
  sitemaps: 200,
  directives: 200,
  notedLines: 200,
  matches: 100,
  /** A verdict's groups: 100,000 `User-agent: *` groups all apply, in every row of every table. */
  verdictGroups: 20,
};

let file = null;
/**
 * What `file` was parsed from (a text, or an opened file's bytes: www/engine/first-answer.js `engineInput`),
 * for the later package, which parses on its own.
 */
let fileText = '';

/**
 * The package with the panels' questions and the AI usage (www/pkg/ai/: compareProfiles,
 * crawlerTable, the crawler catalogue and fetch statuses, usage, aiSummary, writePolicy),
 * instantiated on first use: the first package, which the first verdict waits for, has none of
 * them.
 */
let panelsPackage = null;
/** The loaded text parsed by the panels' package, and the text it was parsed from. */
let panelsFile = null;
let panelsFileText = null;

/** The panels' package's parse of the loaded text, made once per text. */
async function loadedPanelsFile() {
  const glue = await panels();
  if (panelsFile === null || panelsFileText !== fileText) {
    panelsFile?.free();
    panelsFile = null;
    panelsFile = parse(glue, fileText);
    panelsFileText = fileText;
  }
  return panelsFile;
}

/** Context lines kept around each change of the policy builder's diff. */
const DIFF_CONTEXT = 2;

function panels() {
  panelsPackage ??= (async () => {
    const glue = await import('../pkg/ai/robots_lens_wasm.js');
    await glue.default({ module_or_path: new URL('../pkg/ai/robots_lens_wasm_bg.wasm', import.meta.url) });
    return glue;
  })();
  panelsPackage.catch(() => {
    panelsPackage = null; // The next call tries again.
  });
  return panelsPackage;
}

/** The package's wasm-bindgen glue (`init`): `RobotsFile`, `check`, `defaults`… */
let wasm = null;
/** The module's exports once instantiated: its memory size is reported with a trap. */
let exports = null;

const operations = {
  /**
   * Instantiates `module` with the glue at `glueUrl` (a package of www/pkg/); answers with the
   * engine's version and defaults.
   */
  async init(module, glueUrl) {
    const glue = await import(glueUrl);
    exports = await glue.default({ module_or_path: module });
    wasm = glue;
    return { version: wasm.version(), defaults: wasm.defaults() };
  },

  /**
   * Parses `text` (or an opened file's bytes) and keeps it for later checks. The analysis is
   * asked for apart (`analysis`): turning every line into an object costs more than the parse,
   * and the verdict needs neither.
   */
  load(text) {
    file?.free();
    file = null;
    panelsFile?.free();
    panelsFile = null;
    file = parse(wasm, text);
    fileText = text;
    return null;
  },

  /** The loaded file's analysis for the page. */
  analysis() {
    if (file === null) throw new Error('no file is loaded in the engine');
    return summarise(file.analysis());
  },

  /** The verdict for `agent` and `url` on the loaded file. */
  check(agent, url, options) {
    if (file === null) throw new Error('no file is loaded in the engine');
    return shapeVerdict(file.check(agent, url, options));
  },

  /**
   * The audit of `text`, parsed here apart from the loaded file (the page audits in an engine
   * of its own): one entry per cause with every finding of it, counts by severity, and every
   * flagged line.
   */
  audit(text) {
    return withParsed(text, (robots) => {
      const causes = robots.auditCauses();
      audits += 1;
      lastAudit = { id: `${performance.timeOrigin}:${audits}`, causes };
      return summariseAudit(lastAudit.id, causes);
    });
  },

  /** A page of a cause's findings from the last audit (see engine.js `auditFindings`). */
  auditFindings(auditId, cause, from, count) {
    if (auditId !== lastAudit.id) throw new Error('the audit has been replaced by a newer one');
    return lastAudit.causes[cause]?.findings.slice(from, from + count) ?? [];
  },

  /** The check's question asked of every profile, on the loaded file (see `check`). */
  async compareProfiles(agent, url, options) {
    if (file === null) throw new Error('no file is loaded in the engine');
    const rows = (await loadedPanelsFile()).compareProfiles(agent, url, options);
    return rows.map((row) => ({ ...row, verdict: shapeVerdict(row.verdict) }));
  },

  /**
   * The page's self-test: runs test-vector cases `{ robots, agent, url, profile, match,
   * sitemaps, preferences }`, each on a file parsed and freed here (the loaded file is not touched), and
   * answers what the engine decided, for the page to compare with the expectations.
   */
  async runCases(cases) {
    const glue = cases.some((vector) => vector.preferences) ? await panels() : null;
    return cases.map((vector) => runCase(vector, glue));
  },

  /**
   * Which group a catalogued crawler used and why, as the core words it (a message), for
   * `check`'s question with `options.crawler`: the first package serializes no message, so the
   * panels' package answers it.
   */
  async crawlerWhy(agent, url, options) {
    if (file === null) throw new Error('no file is loaded in the engine');
    return (await loadedPanelsFile()).check(agent, url, options).crawlerWhy ?? null;
  },

  /** What may be done with `url` on the loaded file (see `check` for the options). */
  async usage(agent, url, options) {
    if (file === null) throw new Error('no file is loaded in the engine');
    return (await loadedPanelsFile()).usage(agent, url, options);
  },

  /**
   * The policy builder: `spec` written into `text`, diffed and checked. Only the changed lines
   * of the diff and their context cross to the page (`diffTotal` counts them all).
   */
  async writePolicy(text, spec, options) {
    const written = (await panels()).writePolicy(text, spec, options);
    const { diff } = written;
    const changed = (index) => diff[index]?.kind !== undefined && diff[index].kind !== 'same';
    const near = (index) => {
      for (let at = index - DIFF_CONTEXT; at <= index + DIFF_CONTEXT; at += 1) if (changed(at)) return true;
      return false;
    };
    const kept = [];
    for (let index = 0; index < diff.length; index += 1) {
      if (near(index)) kept.push(diff[index]);
      else if (kept.at(-1)?.kind !== 'skip') kept.push({ kind: 'skip', old: null, new: null, text: '' });
    }
    return { ...written, diff: kept, diffTotal: diff.length };
  },

  /** The crawler catalogue and the fetch statuses the page offers. */
  async crawlerSetup() {
    const glue = await panels();
    return { catalogue: glue.crawlerCatalogue(), statusChoices: glue.statusChoices() };
  },

  /**
   * For `url` on the loaded file with `options` `{ profile, status }`: every catalogued
   * crawler's verdict and whole-file summary, the crawler named in `agent` (a pasted UA string)
   * and what the status does under the profile (null when no status is given).
   */
  async crawlerReport(agent, url, options = {}) {
    if (file === null) throw new Error('no file is loaded in the engine');
    const glue = await panels();
    const parsed = await loadedPanelsFile();
    // The table shows a verdict, its deciding line and the group used; the rules that matched
    // and the lines of each group stay here.
    const rows = parsed.crawlerTable(url, options).map(({ verdict, ...row }) => {
      const { matches, beyondSizeLimit, ...kept } = shapeVerdict(verdict);
      return { ...row, verdict: { ...kept, groups: kept.groups.map(({ lines, ...group }) => group) } };
    });
    return {
      rows,
      aiSummary: parsed.aiSummary(url, options),
      recognised: glue.recogniseCrawler(agent),
      status: options.status ? glue.statusHandling(options.status, options.profile ?? wasm.defaults().profile) : null,
    };
  },
};

/**
 * A `RobotsFile` of `glue`'s package for `input`: a text, or an opened file's bytes read as they
 * are (www/engine/first-answer.js `engineInput`), so that bytes which are not UTF-8 are matched as the octets
 * crawlers match, not as the U+FFFD the editor shows.
 */
function parse(glue, input) {
  return typeof input === 'string' ? new glue.RobotsFile(input) : glue.RobotsFile.fromBytes(input);
}

/**
 * `use(parsed)` on `text` parsed apart from the loaded file, freed afterwards unless the call
 * trapped: a trap leaves the object borrowed by the call that never returned, and freeing it
 * would throw wasm-bindgen's "attempted to take ownership of Rust value while it was borrowed",
 * hiding the trap.
 */
function withParsed(text, use) {
  const parsed = parse(wasm, text);
  let result;
  try {
    result = use(parsed);
  } catch (error) {
    if (!isTrap(error)) parsed.free();
    throw error;
  }
  parsed.free();
  return result;
}

function summarise(analysis) {
  const noted = [];
  let notedCount = 0;
  for (const line of analysis.lines) {
    if (!hasLineNotes(line)) continue;
    notedCount += 1;
    if (noted.length < LIMITS.notedLines) noted.push(line);
  }
  let ruleCount = 0;
  for (const group of analysis.groups) ruleCount += group.rules.length;
  const groups = cut(analysis.groups, LIMITS.groups);
  return {
    facts: analysis.facts,
    lineTable: buildLineTable(analysis.lines),
    notedLines: { items: noted, total: notedCount },
    groups: {
      total: groups.total,
      items: groups.items.map(({ lines, rules, ...group }) => {
        const kept = cut(rules, LIMITS.rulesPerGroup);
        return { ...group, rules: kept.items, ruleCount: kept.total };
      }),
    },
    ruleCount,
    orphanRules: cut(analysis.orphanRules, LIMITS.orphanRules),
    sitemaps: cut(analysis.sitemaps, LIMITS.sitemaps),
    directives: cut(analysis.directives, LIMITS.directives),
  };
}

/**
 * A verdict cut for the trip to the page: the first matching rules, and the first groups plus
 * the one holding the deciding line, with their full counts (`matchCount`, `groupCount`,
 * `agentLineCount`: the User-agent lines of every group that applies).
 */
function shapeVerdict(verdict) {
  const matches = cut(verdict.matches, LIMITS.matches);
  const { groups } = verdict;
  let agentLineCount = 0;
  for (const group of groups) agentLineCount += group.matchedAgentLines.length;
  let kept = groups;
  if (groups.length > LIMITS.verdictGroups) {
    const deciding = [verdict.decisive?.line, verdict.beyondSizeLimit?.line].filter((line) => line != null);
    kept = groups.filter(
      (group, index) => index < LIMITS.verdictGroups || deciding.some((line) => group.lines.includes(line)),
    );
  }
  return {
    ...verdict,
    matches: matches.items,
    matchCount: matches.total,
    groups: kept,
    groupCount: groups.length,
    agentLineCount,
  };
}

function cut(list, limit) {
  return { items: list.length > limit ? list.slice(0, limit) : list, total: list.length };
}

function transferables(result) {
  return result?.lineTable ? lineTableBuffers(result.lineTable) : [];
}

serveOperations(operations, { transferables, memoryBytes: () => exports?.memory?.buffer.byteLength ?? null });

// ---------------------------------------------------------------------------------------------
// The audit and the self-test (www/panels/findings.js, www/panels/selftest.js)

/** Severities, most serious first; a flagged line's rank is its index here. */
const SEVERITIES = ['error', 'warning', 'info'];
/** Findings of a cause that cross with the audit; the page asks for the others a page at a time. */
const FINDINGS_WITH_CAUSE = 13;
/**
 * The last audit's causes with all their findings, for `auditFindings`, and its id: unique
 * across workers (a cancelled audit's worker is replaced, and a page may ask the new one about
 * the old audit), from the worker's time origin and a count.
 */
let lastAudit = { id: null, causes: [] };
let audits = 0;

/**
 * `{ id, counts, total, findings, causes, flagged }` from the engine's causes: every cause (the
 * core groups findings by cause, one entry for the 460 lines of one mistake, as `robots-lens
 * lint` prints them) with its first findings, the number of its findings and the lines they are
 * on; the causes counted by severity as the CLI counts its entries; the number of findings they
 * hold; and for every flagged line its worst severity, as typed arrays of line numbers and ranks
 * into `flagged.names`. A cause's other findings stay here (`auditFindings`): a 10 MB file's
 * 13,947 findings of one cause took the page 270 ms to receive.
 */
function summariseAudit(id, causes) {
  const counts = { error: 0, warning: 0, info: 0 };
  const worst = new Map();
  let findings = 0;
  const shaped = causes.map((cause) => {
    const rank = SEVERITIES.includes(cause.severity) ? SEVERITIES.indexOf(cause.severity) : SEVERITIES.length - 1;
    const severity = SEVERITIES[rank];
    counts[severity] += 1;
    findings += cause.findings.length;
    // The findings come in line order; a line with two findings of the cause is listed once.
    const lines = [];
    for (const { line } of cause.findings) {
      if (lines.at(-1) !== line) lines.push(line);
      const previous = worst.get(line);
      if (previous === undefined || rank < previous) worst.set(line, rank);
    }
    return {
      code: cause.code,
      severity,
      count: cause.findings.length,
      lines: Uint32Array.from(lines),
      findings: cause.findings.slice(0, FINDINGS_WITH_CAUSE).map((finding) => ({ ...finding, severity })),
    };
  });
  const lines = Uint32Array.from([...worst.keys()].sort((a, b) => a - b));
  const severities = Uint8Array.from(lines, (line) => worst.get(line));
  return { id, counts, total: shaped.length, findings, causes: shaped, flagged: { names: SEVERITIES, lines, severities } };
}

/**
 * One self-test case; an input the engine refuses is an answer (`error`), a trap is not. A case
 * names its agent exactly as typed, a catalogued crawler's name too (`asTyped`).
 */
function runCase({ robots, agent, url, profile, match, sitemaps, preferences }, glue) {
  const options = { profile, agentMatch: match, asTyped: true };
  try {
    return withParsed(robots, (parsed) => {
      const verdict = parsed.check(agent, url, options);
      const decisive = verdict.decisive;
      return {
        error: null,
        allowed: verdict.allowed,
        // The engine's deciding line, the one every surface reports.
        line: verdict.line,
        reason: verdict.reason,
        decisive: decisive && { line: decisive.line, kind: decisive.kind, pattern: decisive.pattern },
        normalisedPath: verdict.normalisedPath,
        sitemaps: sitemaps ? parsed.analysis().sitemaps.map((sitemap) => sitemap.url) : null,
        usage: preferences && glue ? glue.usage(robots, agent, url, options) : null,
      };
    });
  } catch (error) {
    if (isTrap(error)) throw error;
    return { error: String(error?.message ?? error) };
  }
}
