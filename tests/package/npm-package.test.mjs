// The npm package as a user meets it: `npm run package` writes a tarball to dist/, which is
// installed offline into an empty folder; a script imports it in Node with no init call, and
// `tsc --noEmit` checks a TypeScript example against its types (which must not be `any`).

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import ts from 'typescript';

import { installTarball, packTarball, REPO_ROOT } from './install.mjs';

const SCRIPT = `
import { createReadStream, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { answers, audit, check, checkMany, consumers, crawlers, isAllowed, judgedRequests, parse, replayLogs, version } from 'robots-lens';

const text = 'User-agent: *\\nDisallow: /private\\nAllow: /private/press\\n\\nUser-agent: GPTBot\\nDisallow: /\\n';
const verdict = check(text, 'Googlebot', 'https://example.com/private/plan');
const parsed = parse(text);
const many = checkMany(parsed, 'Googlebot', ['/private/press/x', '/', '/private/y']);
const table = crawlers(parsed, '/');
const report = {
  allowed: verdict.allowed,
  line: verdict.line,
  fromParsed: check(parsed, 'GPTBot', '/').line,
  many: many.map((v) => [v.allowed, v.line]),
  isAllowed: ['/private/press/x', '/', '/private/y'].map((url) => isAllowed(parsed, 'Googlebot', url)),
  isAllowedText: isAllowed(text, 'GPTBot', '/', { profile: 'google' }),
  answers: answers(parsed, 'Googlebot', ['/private/press/x', '/', '/private/y']),
  answersText: answers(text, 'GPTBot', ['/'])[0].line,
  groups: parsed.groups.length,
  findings: audit('Disallow: /x\\nUser-agent: *\\nDisallow: /y\\n').map((f) => f.code),
  consumers: (({ lines, summary }) => [
    lines[1].readings.lighthouse.status,
    lines[1].readings.lighthouse.words.text,
    lines[1].readings.python.message,
    summary.lighthouse.passes,
  ])(consumers('User-agent: *\\nDisalow: /x\\n')),
  gptbot: table.find((row) => row.name === 'GPTBot').summary.text,
  catalogue: crawlers().length,
  version: version(),
};
parsed.free();
let error;
try { check(text, 'Bot', '/', { profile: 'bing' }); } catch (e) { error = e.message; }
report.error = error;

// Did the bots obey? A log gzip'd on disk, read as a stream, against two dated versions.
const log = '20.171.206.7 - - [28/Feb/2026:10:00:00 +0000] "GET /drafts/a HTTP/1.1" 200 5 "-" "GPTBot/1.2"\\n'
  + '198.51.100.23 - - [02/Mar/2026:10:00:00 +0000] "GET /ok HTTP/1.1" 200 5 "-" "GPTBot/1.2"\\n'
  + 'not a log line\\n';
writeFileSync('access.log.gz', gzipSync(log));
const versions = ['User-agent: GPTBot\\nDisallow: /drafts/\\n', { robots: 'User-agent: *\\nDisallow: /\\n', from: '2026-03-01T00:00:00Z' }];
const logReport = await replayLogs([{ name: 'access.log.gz', data: createReadStream('access.log.gz') }], versions);
report.logs = {
  rows: logReport.crawlers.map((row) => [row.crawler, row.claim, row.requests, row.disallowed]),
  unreadable: logReport.unreadable.total,
  files: logReport.files,
};
const judged = [];
for await (const request of judgedRequests(log, versions)) judged.push([request.line, request.allowed, request.verified, request.version]);
report.judged = judged;
console.log(JSON.stringify(report));
`;

const EXAMPLE_TS = `
import { answers, audit, check, checkMany, consumers, crawlers, isAllowed, parse, type Answer, type ConsumerTable, type Finding, type Verdict } from 'robots-lens';

const verdict: Verdict = check('User-agent: *\\nDisallow: /\\n', 'Googlebot', '/x', { profile: 'google' });
const allowed: boolean | null = verdict.allowed;
const line: number | null = verdict.line;
const parsed = parse('User-agent: *\\nDisallow: /\\n');
const verdicts: Verdict[] = checkMany(parsed, 'Bot', ['/a', '/b']);
const mayFetch: boolean | null = isAllowed(parsed, 'Bot', '/a', { profile: 'google' }) && parsed.isAllowed('Bot', '/b');
const brief: Answer[] = answers(parsed, 'Bot', ['/a']).concat(parsed.answers('Bot', ['/b'], { profile: 'google' }));
const decidingLine: number | null = brief[0].line;
const findings: Finding[] = audit(parsed);
const codes: string[] = findings.map((finding) => finding.code);
const table: ConsumerTable = consumers(parsed);
const lighthousePasses: boolean | null = table.summary.lighthouse.passes;
const flagged: string[] = table.lines.flatMap((line) => (line.readings.lighthouse.words ? [line.readings.lighthouse.words.text] : []));
const names: string[] = crawlers().map((crawler) => crawler.chain.join(' > '));
const rows = crawlers(parsed, '/');
const summary: string = rows[0].summary.text;
const sitemaps: string[] = parsed.sitemaps.map((sitemap) => sitemap.url);
const delay: number | null = parsed.crawlDelay('Bot') ?? parsed.politeness('', { crawler: 'GPTBot' }).crawlDelay;
const rate: number | undefined = parsed.requestRate('Bot')?.seconds;
const host: string | null = parsed.preferredHost;

// The types are real, not \`any\`: each of these must be a type error.
// @ts-expect-error allowed is a boolean (null for a URL no crawler requests)
const notAString: string = verdict.allowed;
// @ts-expect-error an unknown profile
check('', 'Bot', '/', { profile: 'bing' });
// @ts-expect-error checkMany takes a list of URLs
checkMany(parsed, 'Bot', '/a');
// @ts-expect-error isAllowed answers a boolean, not a verdict
const notAVerdict: Verdict = isAllowed(parsed, 'Bot', '/a');
// @ts-expect-error an answer carries no explanation
brief[0].explanation;
// @ts-expect-error a crawl delay is a number of seconds or null
const notADelay: string = parsed.crawlDelay('Bot');

console.log(allowed, line, verdicts, mayFetch, decidingLine, codes, names, summary, sitemaps, delay, rate, host, notAString, notAVerdict, notADelay, lighthousePasses, flagged);
`;

const tsconfig = (moduleResolution, module) =>
  JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, module, moduleResolution, target: 'es2022', skipLibCheck: false, types: [] },
    files: ['example.ts'],
  });

let tarball;
let installed;

before(() => {
  tarball = packTarball();
  installed = installTarball(tarball, {
    'use.mjs': SCRIPT,
    'example.ts': EXAMPLE_TS,
    'tsconfig.json': tsconfig('nodenext', 'nodenext'),
    'tsconfig.bundler.json': tsconfig('bundler', 'esnext'),
  });
});

after(() => installed?.close());

test('npm run package writes the tarball to dist/ with the engine, the types, the README and the licences', () => {
  assert.ok(tarball.startsWith(join(REPO_ROOT, 'dist')), tarball);
  assert.ok(existsSync(tarball));
  const files = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).trim().split('\n').sort();
  for (const file of ['api.js', 'audit-codes.json', 'browser.js', 'index.d.ts', 'LICENSE-APACHE', 'LICENSE-MIT', 'node.js', 'package.json', 'README.md', 'robots_lens_wasm.js', 'robots_lens_wasm_bg.wasm']) {
    assert.ok(files.includes(`package/${file}`), `${file} is in the tarball: ${files.join(', ')}`);
  }
});

test('in Node, the installed package answers on import, with no init call', () => {
  const report = JSON.parse(execFileSync('node', ['use.mjs'], { cwd: installed.dir, encoding: 'utf8' }));
  assert.equal(report.allowed, false);
  assert.equal(report.line, 2);
  assert.equal(report.fromParsed, 6, 'GPTBot is blocked by its own group, line 6');
  assert.deepEqual(report.many, [[true, 3], [true, null], [false, 2]]);
  assert.deepEqual(report.isAllowed, [true, true, false], 'isAllowed answers as check does');
  assert.equal(report.isAllowedText, false);
  assert.deepEqual(report.answers, [
    { allowed: true, reason: 'rule-matched', line: 3, groupUsed: 'star', whyDecides: 'longest-match' },
    { allowed: true, reason: 'no-rule-matched', line: null, groupUsed: 'star', whyDecides: null },
    { allowed: false, reason: 'rule-matched', line: 2, groupUsed: 'star', whyDecides: 'longest-match' },
  ], 'answers gives check\'s first fields');
  assert.equal(report.answersText, 6);
  assert.equal(report.groups, 2);
  assert.deepEqual(report.findings, ['RL301']);
  assert.deepEqual(report.consumers, [
    'flagged',
    'Unknown directive',
    'urllib.robotparser does not read `Disalow` as `Disallow`: the line is skipped.',
    false,
  ]);
  assert.equal(report.gptbot, 'blocked from everything');
  assert.ok(report.catalogue >= 60, `the catalogue has ${report.catalogue} crawlers`);
  assert.deepEqual(report.logs, {
    rows: [['GPTBot', 'crawler', 1, 1], ['GPTBot', 'impersonator', 1, 1]],
    unreadable: 1,
    files: ['access.log.gz'],
  });
  assert.deepEqual(report.judged, [
    [1, false, true, 'robots[0]'],
    [2, false, false, 'robots[1]@2026-03-01T00:00:00Z'],
  ]);
  const cargo = execFileSync('cargo', ['metadata', '--no-deps', '--format-version', '1', '--offline'], { cwd: REPO_ROOT, encoding: 'utf8' });
  const core = JSON.parse(cargo).packages.find((p) => p.name === 'robots-lens');
  assert.equal(report.version, core.version);
  assert.match(report.error, /bing/, 'an invalid option is an Error that names it');
});

test('tsc --noEmit accepts the example with the package types (nodenext and bundler resolution)', () => {
  const tsc = join(REPO_ROOT, 'node_modules', '.bin', 'tsc');
  for (const project of ['tsconfig.json', 'tsconfig.bundler.json']) {
    try {
      execFileSync(tsc, ['--noEmit', '-p', project], { cwd: installed.dir, encoding: 'utf8' });
    } catch (error) {
      assert.fail(`tsc -p ${project} failed:\n${error.stdout}${error.stderr}`);
    }
  }
});

/** Every interface of a .d.ts file: name → its property names (index signatures left out). */
function declaredInterfaces(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const interfaces = new Map();
  for (const statement of source.statements) {
    if (ts.isInterfaceDeclaration(statement)) {
      const names = statement.members.filter((member) => member.name).map((member) => member.name.getText(source));
      interfaces.set(statement.name.text, names.sort());
    }
  }
  return interfaces;
}

test('the declared result types name exactly the fields the engine returns', () => {
  // What the engine returns, by the interface that declares it; a field added to or removed
  // from the wasm boundary must be declared in npm/index.d.ts too.
  const script = `
    import { audit, check, crawlers, defaults, parse } from 'robots-lens';
    const parsed = parse('User-agent: *\\nDisallow: /a\\nCrawl-delay: 5\\nSitemap: https://e.example/s.xml\\nDisalow: /b\\n');
    const verdict = check(parsed, 'Googlebot', '/a/b');
    const row = crawlers(parsed, '/a')[0];
    const compared = parsed.compareProfiles('Googlebot', '/a/b')[0];
    console.log(JSON.stringify({
      Verdict: verdict, RuleMatch: verdict.decisive, AppliedGroup: verdict.groups[0],
      Finding: audit(parsed)[0], Line: parsed.lines[0], Group: parsed.groups[0], Agent: parsed.groups[0].agents[0],
      Rule: parsed.groups[0].rules[0], Sitemap: parsed.sitemaps[0], Directive: parsed.directives[0], Facts: parsed.facts,
      Crawler: crawlers()[0], Source: crawlers()[0].sources.chain[0], CrawlerRow: row, FileSummary: row.summary,
      UsedStep: crawlers(parsed, '/').find((r) => r.verdict.chainStep).verdict.chainStep,
      ProfileRow: compared, Defaults: defaults(), Choice: defaults().agentMatches[0],
      Politeness: parsed.politeness('Googlebot'), RequestRate: parse('User-agent: *\\nRequest-rate: 1/5\\n').requestRate('x'),
    }));
  `;
  const samples = JSON.parse(execFileSync('node', ['--input-type=module', '-e', script], { cwd: installed.dir, encoding: 'utf8' }));
  const declared = declaredInterfaces(join(installed.dir, 'node_modules', 'robots-lens', 'index.d.ts'));
  for (const [name, sample] of Object.entries(samples)) {
    assert.ok(sample && typeof sample === 'object', `a sample of ${name}`);
    assert.deepEqual(Object.keys(sample).sort(), declared.get(name), `the fields of ${name}`);
  }
});

test('the politeness getters read the groups a check reads (crawlDelay, requestRate, preferredHost)', () => {
  const script = `
    import { check, parse, politeness } from 'robots-lens';
    const text = [
      'User-agent: *', 'Disallow: /private', 'Crawl-delay: 5', 'Request-rate: 1/10m', '',
      'User-agent: ExampleBot', 'Disallow: /tmp', 'Crawl-delay: 0.5', 'Crawl-delay: 2', 'Crawl-delay: soon', '',
      'User-agent: Googlebot', 'Disallow: /x', '',
      'Host: www.shop.example', 'Host: other.example', 'Sitemap: https://shop.example/a.xml', '',
    ].join('\\n');
    const parsed = parse(text);
    // For every way of asking, the groups are those the verdict for the same question used.
    const agree = [];
    for (const profile of ['rfc9309', 'google', 'python', 'legacy-1994']) {
      for (const [agent, options] of [['ExampleBot', {}], ['Mozilla/5.0 (compatible; ExampleBot/1.0)', {}],
        ['Googlebot', { agentMatch: 'token' }], ['OtherBot', {}], ['', { crawler: 'Googlebot-Image' }], ['', { crawler: 'GPTBot' }]]) {
        const asked = { ...options, profile };
        const groups = check(parsed, agent, '/x', asked).groups.map((group) => group.index);
        agree.push(JSON.stringify(parsed.politeness(agent, asked).groups) === JSON.stringify(groups));
      }
    }
    let error;
    try { parsed.crawlDelay('', { crawler: 'NoSuchBot' }); } catch (e) { error = e.message; }
    console.log(JSON.stringify({
      agree,
      own: parsed.crawlDelay('Mozilla/5.0 (compatible; ExampleBot/1.0)'),
      ownLine: parsed.politeness('ExampleBot').crawlDelayLine,
      star: parsed.crawlDelay('OtherBot'),
      rate: parsed.requestRate('OtherBot'),
      noRate: parsed.requestRate('ExampleBot'),
      python: parsed.crawlDelay('ExampleBot', { profile: 'python' }),
      googlebotImage: parsed.crawlDelay('', { crawler: 'Googlebot-Image' }),
      gptbot: politeness(text, '', { crawler: 'GPTBot' }).crawlDelay,
      host: parsed.preferredHost,
      noHost: parse('User-agent: *\\nDisallow: /\\n').preferredHost,
      sitemaps: parsed.sitemaps.map((sitemap) => sitemap.url),
      error,
    }));
  `;
  const report = JSON.parse(execFileSync('node', ['--input-type=module', '-e', script], { cwd: installed.dir, encoding: 'utf8' }));
  assert.equal(report.agree.length, 24);
  assert.ok(report.agree.every(Boolean), JSON.stringify(report.agree));
  delete report.agree;
  assert.deepEqual(report, {
    own: 2,
    ownLine: 9,
    star: 5,
    rate: { requests: 1, seconds: 600, line: 4 },
    noRate: null,
    python: 2,
    googlebotImage: null,
    gptbot: 5,
    host: 'www.shop.example',
    noHost: null,
    sitemaps: ['https://shop.example/a.xml'],
    error: "no catalogued crawler is called 'NoSuchBot'",
  });
});
