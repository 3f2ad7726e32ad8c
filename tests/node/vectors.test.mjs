// Runs every shared test vector (tests/vectors/*.json, schema in
// tests/vectors/README.md) through the built wasm package: the same cases the
// cargo runner checks against the core, here checked across the JS boundary
// the page uses.
//
// One test per vector file; a failing file lists every failing case with its
// id, so one run shows everything that is wrong. The shape is checked too
// (unknown fields, duplicate ids, missing lines), so a misspelt field cannot
// switch a check off here either; the cargo runner owns the category list.
//
// Every profile the wasm offers (defaults().profiles: rfc9309, google, python,
// legacy-1994) is accepted, and a case's profile and match go to check()
// unchanged. The python and legacy-1994 readers compare agents their own way
// and ignore match; the cargo runner owns the rule that their cases say
// "substring" and proves the answer does not depend on it.
//
// Run: node --test tests/node/vectors.test.mjs   (after `npm run build`)
// Filter: VECTORS_FILTER=text runs only the cases whose id or category
//         contains text (e.g. VECTORS_FILTER=percent), as the cargo runner does.
//         VECTORS_DIR=path reads the vectors from another directory.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

import ai from './wasm-ai.mjs';
import wasm from './wasm.mjs';

// VECTORS_DIR points the runner at another directory (to try it on scratch files).
const VECTORS_DIR = process.env.VECTORS_DIR
  ? pathToFileURL(`${resolve(process.env.VECTORS_DIR)}/`)
  : new URL('../vectors/', import.meta.url);
const FILTER = process.env.VECTORS_FILTER ?? '';

const { profiles, agentMatches } = wasm.defaults();
const PROFILE_IDS = new Set(profiles.map((profile) => profile.id));
const MATCH_IDS = new Set(agentMatches.map((model) => model.id));

// manifest.json lists the vector files for the page, which cannot list a directory.
const MANIFEST = 'manifest.json';
const files = readdirSync(VECTORS_DIR)
  .filter((name) => name.endsWith('.json') && name !== MANIFEST)
  .sort();

const FILE_FIELDS = new Set(['description', 'cases']);
const CASE_FIELDS = new Set(['id', 'category', 'profile', 'match', 'robots', 'agent', 'url', 'expected', 'source', 'why']);
const EXPECTED_FIELDS = new Set(['allowed', 'line', 'sitemaps', 'preferences']);
const PREFERENCE_FIELDS = new Set(['content_usage', 'content_signal', 'licenses']);
const PREFERENCES = new Set(['allow', 'disallow', 'unknown', 'not-applicable']);
const KEBAB_CASE = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** Robots texts longer than this are shortened in failure reports. */
const SHOWN_ROBOTS_CHARS = 600;

function unknownFields(object, known, where) {
  return Object.keys(object)
    .filter((key) => !known.has(key))
    .map((key) => `unknown field ${where}"${key}"`);
}

/** Problems with a case's shape, as readable strings (empty when valid). */
function schemaProblems(vector) {
  const problems = unknownFields(vector, CASE_FIELDS, '');
  for (const field of ['id', 'category', 'robots', 'agent', 'url', 'source', 'why']) {
    if (typeof vector[field] !== 'string') problems.push(`"${field}" must be a string`);
  }
  if (typeof vector.id === 'string' && !KEBAB_CASE.test(vector.id)) problems.push('the id is not kebab-case');
  for (const field of ['source', 'why']) {
    if (typeof vector[field] === 'string' && vector[field].trim() === '') problems.push(`"${field}" is empty`);
  }
  if (!PROFILE_IDS.has(vector.profile)) {
    problems.push(`"profile" must be one of ${[...PROFILE_IDS].join(', ')}, got ${JSON.stringify(vector.profile)}`);
  }
  if (!MATCH_IDS.has(vector.match)) {
    problems.push(`"match" must be one of ${[...MATCH_IDS].join(', ')}, got ${JSON.stringify(vector.match)}`);
  }
  const expected = vector.expected;
  if (typeof expected !== 'object' || expected === null || Array.isArray(expected)) {
    problems.push('"expected" must be an object');
    return problems;
  }
  problems.push(...unknownFields(expected, EXPECTED_FIELDS, 'expected.'));
  if (typeof expected.allowed !== 'boolean') problems.push('"expected.allowed" must be true or false');
  if (!('line' in expected)) {
    problems.push('"expected.line" is required (a line number, or null when no rule decides)');
  } else if (!(expected.line === null || (Number.isInteger(expected.line) && expected.line >= 1))) {
    problems.push('"expected.line" must be a line number (from 1) or null');
  }
  if (expected.allowed === false && expected.line === null) {
    problems.push('a disallow always has a deciding line, but "expected.line" is null');
  }
  if ('sitemaps' in expected && !(Array.isArray(expected.sitemaps) && expected.sitemaps.every((url) => typeof url === 'string'))) {
    problems.push('"expected.sitemaps" must be a list of strings');
  }
  if ('preferences' in expected) {
    const preferences = expected.preferences;
    problems.push(...unknownFields(preferences, PREFERENCE_FIELDS, 'expected.preferences.'));
    for (const vocabulary of ['content_usage', 'content_signal']) {
      for (const [label, wanted] of Object.entries(preferences[vocabulary] ?? {})) {
        if (!PREFERENCES.has(wanted.preference)) problems.push(`${vocabulary}.${label}: unknown preference ${JSON.stringify(wanted.preference)}`);
        if (!('line' in wanted)) problems.push(`${vocabulary}.${label}: "line" is required`);
      }
    }
  }
  return problems;
}

/** Differences between a case's `expected.preferences` and the wasm's `usage()` answer. */
function preferenceProblems(expected, usage) {
  const problems = [];
  for (const [vocabulary, answers] of [['content_usage', usage.contentUsage], ['content_signal', usage.contentSignal]]) {
    for (const [label, wanted] of Object.entries(expected[vocabulary] ?? {})) {
      const got = answers.find((answer) => answer.label === label);
      if (got?.preference !== wanted.preference || got?.line !== wanted.line) {
        problems.push(
          `${vocabulary} ${label}: expected ${wanted.preference} (line ${wanted.line}); got ${got?.preference} (line ${got?.line}, ${got?.why})`,
        );
      }
    }
  }
  if (expected.licenses !== undefined) {
    const licenses = usage.licenses.map(({ url, line }) => ({ url, line }));
    if (JSON.stringify(licenses) !== JSON.stringify(expected.licenses)) {
      problems.push(`expected licences ${JSON.stringify(expected.licenses)}; got ${JSON.stringify(licenses)}`);
    }
  }
  return problems;
}

/** What is wrong with the engine's answer to a valid case (empty when right). */
function verdictProblems(vector) {
  const { expected } = vector;
  // A case names its agent exactly as typed, a catalogued crawler's name too.
  const verdict = wasm.check(vector.robots, vector.agent, vector.url, {
    profile: vector.profile,
    agentMatch: vector.match,
    asTyped: true,
  });
  // The engine's deciding line, as every surface reports it.
  const line = verdict.line;
  const problems = [];
  if (verdict.allowed !== expected.allowed || line !== expected.line) {
    problems.push(
      `expected ${describe(expected.allowed, expected.line)}; got ${describe(verdict.allowed, line)} (reason ${verdict.reason})`,
    );
  }
  if (expected.sitemaps !== undefined) {
    const sitemaps = wasm.analyze(vector.robots).sitemaps.map((sitemap) => sitemap.url);
    if (JSON.stringify(sitemaps) !== JSON.stringify(expected.sitemaps)) {
      problems.push(`expected sitemaps ${JSON.stringify(expected.sitemaps)}; got ${JSON.stringify(sitemaps)}`);
    }
  }
  if (expected.preferences !== undefined) {
    const usage = ai.usage(vector.robots, vector.agent, vector.url, {
      profile: vector.profile,
      agentMatch: vector.match,
      asTyped: true,
    });
    problems.push(...preferenceProblems(expected.preferences, usage));
  }
  if (problems.length > 0) {
    const groups = verdict.groups.map((group) => group.agentLines);
    problems.push(
      `path compared ${quote(verdict.normalisedPath)}; groups applied ${JSON.stringify(groups)}` +
        (verdict.usedStarGroup ? ' (*)' : ''),
    );
  }
  return problems;
}

function describe(allowed, line) {
  return `${allowed ? 'allowed' : 'disallowed'}, ${line === null ? 'no deciding line' : `line ${line}`}`;
}

/** A JSON string literal with every non-printable or non-ASCII character escaped, so none is invisible. */
function quote(value) {
  return JSON.stringify(value)?.replace(/[^\x20-\x7e]/gu, (char) =>
    Array.from({ length: char.length }, (_, index) => `\\u${char.charCodeAt(index).toString(16).padStart(4, '0')}`).join(''),
  );
}

function shownRobots(robots) {
  if (typeof robots !== 'string' || robots.length <= SHOWN_ROBOTS_CHARS) return quote(robots);
  return `${quote(robots.slice(0, SHOWN_ROBOTS_CHARS))}… (${Buffer.byteLength(robots)} bytes in all)`;
}

function describeFailure(file, vector, problems) {
  const lines = [
    `${vector.id ?? '(no id)'} [${vector.category}] in ${file} (${vector.profile}, ${vector.match})`,
    ...problems,
    `agent ${quote(vector.agent)}  url ${quote(vector.url)}`,
    `robots ${shownRobots(vector.robots)}`,
  ];
  if (vector.source) lines.push(`source: ${vector.source}`);
  if (vector.why) lines.push(`why: ${vector.why}`);
  return lines.map((line, index) => (index === 0 ? `  ${line}` : `      ${line}`)).join('\n');
}

function selected(vector) {
  if (FILTER === '') return true;
  return String(vector.id).includes(FILTER) || String(vector.category).includes(FILTER);
}

const seenIds = new Map();
let casesRun = 0;

test('the vectors exist', () => {
  assert.ok(files.length > 0, `no *.json files in ${fileURLToPath(VECTORS_DIR)}`);
});

test(`${MANIFEST} lists exactly the vector files`, () => {
  const listed = JSON.parse(readFileSync(new URL(MANIFEST, VECTORS_DIR), 'utf8')).files;
  assert.ok(Array.isArray(listed), `${MANIFEST} has no "files" list`);
  const missing = files.filter((name) => !listed.includes(name));
  const extra = listed.filter((name) => !files.includes(name));
  assert.deepEqual(
    { missing, extra },
    { missing: [], extra: [] },
    `tests/vectors/${MANIFEST} must list every vector file (the page's self-test reads only those): add the missing, remove the extra`,
  );
  assert.equal(new Set(listed).size, listed.length, `${MANIFEST} lists a file twice`);
});

for (const file of files) {
  test(`vectors/${file}`, () => {
    let document;
    try {
      document = JSON.parse(readFileSync(new URL(file, VECTORS_DIR), 'utf8'));
    } catch (error) {
      assert.fail(`${file} is not valid JSON: ${error.message}`);
    }
    assert.ok(Array.isArray(document.cases), `${file} has no "cases" list`);
    const fileProblems = unknownFields(document, FILE_FIELDS, '');
    if (typeof document.description !== 'string' || document.description.trim() === '') {
      fileProblems.push('"description" must say what the file is about');
    }
    assert.deepEqual(fileProblems, [], `${file} does not follow the vector schema`);

    const failures = [];
    let run = 0;
    for (const [index, vector] of document.cases.entries()) {
      if (typeof vector !== 'object' || vector === null || Array.isArray(vector)) {
        failures.push(`  case #${index + 1} in ${file} is not an object`);
        continue;
      }
      if (typeof vector.id === 'string') {
        const previous = seenIds.get(vector.id);
        if (previous !== undefined) {
          failures.push(describeFailure(file, vector, [`duplicate id, also in ${previous}`]));
        }
        seenIds.set(vector.id, file);
      }
      if (!selected(vector)) continue;
      run += 1;
      let problems = schemaProblems(vector);
      if (problems.length === 0) {
        try {
          problems = verdictProblems(vector);
        } catch (error) {
          problems = [`the engine threw: ${error.message}`];
        }
      }
      if (problems.length > 0) failures.push(describeFailure(file, vector, problems));
    }
    casesRun += run;
    if (failures.length > 0) {
      assert.fail(`${failures.length} failures in ${file} (${run} cases run):\n${failures.join('\n')}`);
    }
  });
}

test('the filter selected at least one case', () => {
  assert.ok(casesRun > 0, FILTER ? `VECTORS_FILTER=${JSON.stringify(FILTER)} matches no case id or category` : 'no vector cases were run');
});
