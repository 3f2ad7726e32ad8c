#!/usr/bin/env node
/**
 * The audit's precision protocol (docs/audit-precision.md): draw a seeded, stratified sample of
 * findings from a corpus of real robots.txt files, and score a judged sample.
 *
 *     node scripts/audit-precision.mjs sample --corpus ../shared/corpus/real-robots-2 \
 *         --seed 24 --per-code 3 --out docs/audit-precision/real-robots-2.json
 *     node scripts/audit-precision.mjs sample --corpus ../shared/corpus/real-robots-2 \
 *         --seed 2428 --per-code 4 --info-per-code 2 --out docs/audit-precision/real-robots-2-seed2428.json
 *     node scripts/audit-precision.mjs score docs/audit-precision/real-robots-2.json
 *     node scripts/audit-precision.mjs counts --corpus ../shared/corpus/real-robots
 *
 * `sample` runs the release CLI (`target/release/robots-lens`, or $ROBOTS_LENS) with
 * `lint --no-config --format json --fail-on never` over every file of `<corpus>/files`, groups
 * the findings by code (the strata), and draws up to `--per-code` findings of each code with a
 * seeded generator, so the same corpus, build and seed always give the same sample.
 * `--exclude-judged DIR` leaves out the files that a judged sample in DIR already holds, so that
 * no file is judged twice. `--info-per-code` draws another number from the codes whose findings are all notes, so that
 * warnings and errors, the findings CI fails on, weigh more in a sample of the same size. A finding
 * is what the CLI prints as one entry: with a build that groups findings by cause, one cause and
 * the lines it covers. Each sampled finding is written with the line it is about and an empty
 * `judgement`, for a person to fill in with one of `true`, `misworded`, `wrong-severity`,
 * `false` (and a `note`).
 *
 * `score` prints, per code and per severity and overall, how many judged findings are true, and
 * the precision of warnings and errors on their own. Unjudged entries are counted and refused.
 *
 * `counts` prints the number of findings per code on a corpus (the before/after table).
 */

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const JUDGEMENTS = ['true', 'misworded', 'wrong-severity', 'false'];
const SEVERITY_ORDER = ['error', 'warning', 'info'];
/** Files per CLI run: long argument lists stay far below the system's limit. */
const BATCH = 100;

function usage(message) {
  if (message) console.error(`audit-precision: ${message}`);
  console.error(
    'usage: audit-precision.mjs sample --corpus DIR [--seed N] [--per-code K] [--info-per-code K] [--exclude-judged DIR] --out FILE\n' +
      '       audit-precision.mjs score FILE\n' +
      '       audit-precision.mjs counts --corpus DIR',
  );
  process.exit(2);
}

function options(args) {
  const found = {};
  for (let index = 0; index < args.length; index += 1) {
    const name = args[index];
    if (!name.startsWith('--')) usage(`unexpected argument '${name}'`);
    const value = args[index + 1];
    if (value === undefined) usage(`${name} needs a value`);
    found[name.slice(2)] = value;
    index += 1;
  }
  return found;
}

/** mulberry32: a small seeded generator, so that a sample can be drawn again exactly. */
function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every finding of the corpus, in file order, each with the path relative to the corpus. */
function lintCorpus(corpus) {
  const binary = process.env.ROBOTS_LENS ?? resolve('target/release/robots-lens');
  const dir = join(corpus, 'files');
  const files = readdirSync(dir).sort();
  const findings = [];
  for (let start = 0; start < files.length; start += BATCH) {
    const batch = files.slice(start, start + BATCH).map((name) => join(dir, name));
    const out = execFileSync(binary, ['lint', '--no-config', '--format', 'json', '--fail-on', 'never', ...batch], {
      maxBuffer: 1 << 30,
    });
    for (const finding of JSON.parse(out)) {
      findings.push({ ...finding, file: finding.file.slice(dir.length + 1) });
    }
  }
  return { dir, files, findings };
}

function lineOf(dir, file, number) {
  const text = readFileSync(join(dir, file), 'latin1');
  return text.split(/\r\n|\r|\n/)[number - 1] ?? '';
}

/** The files of `corpus` that a judged sample in `dir` (its `*.json` files) already holds. */
function judgedFiles(dir, corpus) {
  const name = corpus.replace(/\/$/, '').split('/').slice(-1)[0];
  const judged = new Set();
  for (const file of readdirSync(dir).filter((each) => each.endsWith('.json'))) {
    const document = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    if (document.corpus !== name) continue;
    for (const entry of document.sample ?? []) judged.add(entry.file);
  }
  return judged;
}

function sample(args) {
  const {
    corpus,
    out,
    seed = '24',
    'per-code': perCode = '3',
    'info-per-code': infoPerCode = perCode,
    'exclude-judged': excludeJudged,
  } = options(args);
  for (const count of [seed, perCode, infoPerCode]) {
    if (!/^\d+$/.test(count)) usage(`'${count}' is not a whole number`);
  }
  if (!corpus || !out) usage('sample needs --corpus and --out');
  const linted = lintCorpus(corpus);
  const { dir, files } = linted;
  // A judged sample is a report, never a list to fix: its files are judged once, and a new
  // sample draws from the others (docs/audit-precision.md).
  const judged = excludeJudged ? judgedFiles(excludeJudged, corpus) : new Set();
  const findings = linted.findings.filter((finding) => !judged.has(finding.file));
  const random = generator(Number(seed));
  const byCode = new Map();
  for (const finding of findings) {
    if (!byCode.has(finding.code)) byCode.set(finding.code, []);
    byCode.get(finding.code).push(finding);
  }
  const drawn = [];
  for (const code of [...byCode.keys()].sort()) {
    const pool = byCode.get(code);
    // A seeded Fisher–Yates shuffle of the stratum, then its first K.
    for (let index = pool.length - 1; index > 0; index -= 1) {
      const other = Math.floor(random() * (index + 1));
      [pool[index], pool[other]] = [pool[other], pool[index]];
    }
    // A stratum of notes only (every finding `info`) takes `--info-per-code`.
    const onlyNotes = pool.every((finding) => finding.severity === 'info');
    drawn.push(...pool.slice(0, Number(onlyNotes ? infoPerCode : perCode)));
  }
  const entries = drawn.map((finding, index) => ({
    id: index + 1,
    file: finding.file,
    line: finding.line,
    text: lineOf(dir, finding.file, finding.line),
    code: finding.code,
    severity: finding.severity,
    // A cause covers several lines when the build groups findings; older builds give one.
    lines: finding.lines ?? [finding.line],
    message: finding.message,
    why: finding.why,
    // The first question the engine asked to prove it, in words as the text output shows it.
    evidence: finding.effect?.[0] ?? null,
    fix: finding.fix,
    replacement: finding.replacement ?? null,
    judgement: null,
    note: '',
  }));
  const document = {
    corpus: corpus.replace(/\/$/, '').split('/').slice(-1)[0],
    files: files.length,
    findings: findings.length,
    excluded: judged.size,
    seed: Number(seed),
    perCode: Number(perCode),
    infoPerCode: Number(infoPerCode),
    // How many findings each code has in the corpus: the weights that turn the per-code
    // precision of a stratified sample into an estimate for every finding of the corpus.
    strata: Object.fromEntries([...byCode.keys()].sort().map((code) => [code, byCode.get(code).length])),
    judgements: JUDGEMENTS,
    sample: entries,
  };
  writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`);
  console.log(`${entries.length} findings drawn from ${findings.length} in ${files.length} files; judge them in ${out}`);
}

function percent(part, whole) {
  return whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`;
}

function score(args) {
  const [file] = args;
  if (!file) usage('score needs the judged file');
  const { sample: entries, corpus, strata = {} } = JSON.parse(readFileSync(file, 'utf8'));
  const unjudged = entries.filter((entry) => !JUDGEMENTS.includes(entry.judgement));
  if (unjudged.length > 0) {
    console.error(`audit-precision: ${unjudged.length} entries are not judged (ids ${unjudged.map((e) => e.id).join(', ')})`);
    process.exit(1);
  }
  const tally = (list) => {
    const counts = Object.fromEntries(JUDGEMENTS.map((judgement) => [judgement, 0]));
    for (const entry of list) counts[entry.judgement] += 1;
    return counts;
  };
  const row = (label, list) => {
    const counts = tally(list);
    return `${label.padEnd(16)} ${String(list.length).padStart(4)} ${String(counts.true).padStart(5)} ${percent(counts.true, list.length).padStart(7)}   ${JUDGEMENTS.slice(1)
      .map((judgement) => `${judgement} ${counts[judgement]}`)
      .join(', ')}`;
  };
  console.log(`${corpus}: ${entries.length} judged findings`);
  console.log(`${'stratum'.padEnd(16)} ${'n'.padStart(4)} ${'true'.padStart(5)} ${'prec.'.padStart(7)}   other judgements`);
  for (const code of [...new Set(entries.map((entry) => entry.code))].sort()) {
    console.log(row(code, entries.filter((entry) => entry.code === code)));
  }
  console.log('');
  for (const severity of SEVERITY_ORDER) console.log(row(severity, entries.filter((entry) => entry.severity === severity)));
  console.log(row('warning+error', entries.filter((entry) => entry.severity !== 'info')));
  console.log(row('all', entries));
  // The sample draws as many findings from a rare code as from a frequent one; weighting each
  // code's precision by its share of the corpus estimates the precision of a finding drawn at
  // random from the whole corpus.
  const weighted = (keep) => {
    let weight = 0;
    let right = 0;
    for (const code of Object.keys(strata)) {
      const judged = entries.filter((entry) => entry.code === code && keep(entry));
      if (judged.length === 0) continue;
      weight += strata[code];
      right += (strata[code] * judged.filter((entry) => entry.judgement === 'true').length) / judged.length;
    }
    return weight === 0 ? '-' : `${((100 * right) / weight).toFixed(1)}% of ${weight} findings`;
  };
  if (Object.keys(strata).length > 0) {
    console.log('');
    console.log(`weighted by each code's share of the corpus: all ${weighted(() => true)}; warning+error ${weighted((entry) => entry.severity !== 'info')}`);
  }
}

/**
 * Findings and causes per code: each JSON entry is one cause, and covers `others.length + 1`
 * findings (builds from before causes were grouped give one finding per entry).
 */
function counts(args) {
  const { corpus } = options(args);
  if (!corpus) usage('counts needs --corpus');
  const { files, findings: causes } = lintCorpus(corpus);
  const byCode = new Map();
  let findings = 0;
  for (const cause of causes) {
    const key = `${cause.code} ${cause.severity}`;
    const covered = (cause.others?.length ?? 0) + 1;
    findings += covered;
    const [had, hadCauses] = byCode.get(key) ?? [0, 0];
    byCode.set(key, [had + covered, hadCauses + 1]);
  }
  console.log(`${findings} findings in ${causes.length} causes in ${files.length} files`);
  console.log(`${'code severity'.padEnd(14)} findings causes`);
  for (const key of [...byCode.keys()].sort()) {
    const [count, causeCount] = byCode.get(key);
    console.log(`${key.padEnd(14)} ${String(count).padStart(8)} ${String(causeCount).padStart(6)}`);
  }
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'sample') sample(rest);
else if (command === 'score') score(rest);
else if (command === 'counts') counts(rest);
else usage(command ? `unknown command '${command}'` : null);
