// The consistency suite's questions: one seeded generator whose output every surface is asked.
//
// A question is the whole of what a person asks Robots Lens — a robots.txt, who asks (an agent
// as typed, or a catalogued crawler), the URL as typed, the fetch status, the profile and the
// match model. The suite asks the same questions of the CLI, the npm package, the page's panels
// and Python, and every pair must give the same verdict, deciding line and reason code.
//
// The questions are drawn with a seeded generator (mulberry32), so a run is reproducible from
// its seed alone; `writeQuestions` saves them as one JSON file that every runner reads (the Node
// runners, the Python one, the page's), so no surface is asked a question the others were not.
//
// Files: the real ones of ../shared/corpus/real-robots/ (valid UTF-8 only: every surface takes
// text; the byte-level reading is the opened-bytes tests' subject) and hand-made ones that aim at
// the places surfaces used to disagree (a rule past 500 KiB, empty rules, typo keys, `//`, `$`,
// `*`, non-ASCII, fallback chains, a URL typed without its `/`).
//
// Usage (the suite's tests call it; by hand to look at the questions):
//   node tests/consistency/questions.mjs --out target/consistency/questions.json [--seed 23]
//     [--count 20000] [--shared ../shared]

import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The most URLs one batch of questions shares. */
const BATCH_MAX = 12;

/** The seed the suite runs with: change it to draw other questions (CONSISTENCY_SEED). */
export const DEFAULT_SEED = 23;

/** The profiles and match models every surface offers (`defaults()`). */
export const PROFILES = ['rfc9309', 'google', 'python', 'legacy-1994'];
export const MATCH_MODELS = ['substring', 'token'];

/**
 * Every kind of fetch status the CLI's `--status` accepts: success, redirects that end in an
 * answer, too many redirects, each 4xx family, 429 (Google: unreachable), 5xx, an HTML page
 * served for robots.txt, network failures.
 */
export const STATUSES = [
  '200',
  '204',
  '301>200',
  '302x3>200',
  '3xx*6',
  '301>404',
  '400',
  '401',
  '403',
  '404',
  '410',
  '429',
  '500',
  '503',
  '301>503',
  'html',
  'unreachable',
  'timeout',
];

/**
 * A missing outside input (`shared`, `python`), by the rule every test of the repository follows:
 * the test fails, saying what is missing, unless ROBOTS_LENS_ALLOW_MISSING (a comma-separated
 * list) names it; then it is skipped with that reason (`t.skip`), never passed.
 */
export function missingInput(t, kind, why) {
  const allowed = (process.env.ROBOTS_LENS_ALLOW_MISSING ?? '').split(',').map((name) => name.trim());
  if (allowed.includes(kind)) {
    t.skip(`${why} (ROBOTS_LENS_ALLOW_MISSING lists \`${kind}\`)`);
    return;
  }
  throw new Error(`${why}. The test checks nothing without it; to skip it knowingly, set ROBOTS_LENS_ALLOW_MISSING=${kind}`);
}

/** The folder of the shared reference material: $ROBOTS_LENS_SHARED or ../shared. */
export function sharedDir() {
  return process.env.ROBOTS_LENS_SHARED ?? join(REPO_ROOT, '..', 'shared');
}

/** A small fast PRNG (mulberry32): the same seed, the same questions, on every machine. */
export function randomSource(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    pick(items) {
      return items[Math.floor(next() * items.length)];
    },
    chance: (p) => next() < p,
  };
}

/**
 * The real files, as `{ name, text }`, and why any were set aside. Reports the corpus as
 * missing (`missing` set) rather than returning nothing silently.
 */
export function readRealFiles(shared = sharedDir()) {
  const folder = join(shared, 'corpus', 'real-robots', 'files');
  if (!existsSync(folder)) return { files: [], missing: `no real files at ${folder}`, setAside: 0 };
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const files = [];
  let setAside = 0;
  for (const name of readdirSync(folder).sort()) {
    try {
      files.push({ name: `real/${name}`, text: decoder.decode(readFileSync(join(folder, name))) });
    } catch {
      setAside += 1;
    }
  }
  return { files, missing: null, setAside };
}

/** A rule past the 500 KiB Googlebot reads, whose verdict differs from the one inside it. */
function pastSizeLimit() {
  const head = 'User-agent: *\nAllow: /\n# padding\n';
  const padding = `# ${'x'.repeat(78)}\n`.repeat(Math.ceil((520 * 1024) / 81));
  return `${head}${padding}Disallow: /late/\nDisallow: /private/\n`;
}

/** The hand-made files: each aims at a place the surfaces have disagreed. */
export function syntheticFiles() {
  const files = [
    ['allow-all', 'User-agent: *\nAllow: /\n'],
    ['disallow-all', 'User-agent: *\nDisallow: /\n'],
    ['private', 'User-agent: *\nDisallow: /private/\n'],
    ['empty-rules', 'User-agent: *\nDisallow:\n\nUser-agent: Googlebot\nAllow:\nDisallow: /nogoogle\n'],
    ['typo-keys', 'User-agent: *\nDissallow: /typo\nDisalow:\nAlow: /typo/ok\nDisallow: /real\n'],
    ['double-slash', 'User-agent: *\nDisallow: //\nAllow: /$\n'],
    ['slash-only', 'User-agent: *\nDisallow: /\nAllow: /public\n'],
    [
      'wildcards',
      'User-agent: *\nDisallow: /*.pdf$\nDisallow: /*?sessionid=\nAllow: /docs/*.pdf$\nDisallow: /search*\nAllow: /$\n',
    ],
    [
      'crawler-groups',
      'User-agent: Googlebot\nDisallow: /nogoogle/\n\nUser-agent: Googlebot-Image\nDisallow: /images/\n\n' +
        'User-agent: GPTBot\nUser-agent: ClaudeBot\nDisallow: /\n\nUser-agent: Bingbot\nCrawl-delay: 5\nDisallow: /nobing\n\n' +
        'User-agent: AdsBot-Google\nDisallow: /ads\n\nUser-agent: *\nDisallow: /private/\nAllow: /private/public\n',
    ],
    ['versions', 'User-agent: FooBot\nDisallow: /foo\n\nUser-agent: FooBot/1.0\nDisallow: /foo1\n\nUser-agent: *\nDisallow: /all\n'],
    [
      'non-ascii',
      'User-agent: *\nDisallow: /café\nDisallow: /%E6%97%A5\nAllow: /café/ok\nDisallow: /über/*\nDisallow: /a%2Fb\nDisallow: /~user\n',
    ],
    ['robots-txt', 'User-agent: *\nDisallow: /robots.txt\nDisallow: /\n'],
    ['index-html', 'User-agent: *\nDisallow: /\nAllow: /$\nAllow: /index.html$\n'],
    ['precedence', 'User-agent: *\nAllow: /p\nDisallow: /\nDisallow: /page\nAllow: /page.html\nDisallow: /pag\n'],
    ['merged-groups', 'User-agent: Googlebot\nDisallow: /a\n\nUser-agent: googlebot\nDisallow: /b\n\nUser-agent: *\nDisallow: /c\n'],
    ['no-star', 'User-agent: Bingbot\nDisallow: /\n'],
    ['empty', ''],
    ['comments-only', '# nothing here\n# at all\n'],
    ['crlf', 'User-agent: *\r\nDisallow: /private/\r\nAllow: /private/ok\r\n'],
    ['bom', '\uFEFFUser-agent: *\nDisallow: /bom\n'],
    ['orphan-rules', 'Disallow: /orphan\nUser-agent: *\nDisallow: /x\n'],
    ['query', 'User-agent: *\nDisallow: /*?\nAllow: /*?page=\nDisallow: /cart?\n'],
    ['dollar', 'User-agent: *\nDisallow: /$\nDisallow: /exact$\nAllow: /exact$x\n'],
    ['long-agent-line', 'User-agent: Googlebot Bingbot\nDisallow: /both\n\nUser-agent: *\nAllow: /\n'],
    ['past-size-limit', pastSizeLimit()],
  ];
  return files.map(([name, text]) => ({ name: `synthetic/${name}`, text }));
}

/** The paths a file's own rules name, so that most questions land on a rule. */
function rulePaths(text) {
  const paths = [];
  // Bounded: the first 400 rule lines are plenty of targets for a handful of questions.
  for (const line of text.split(/\r\n|\r|\n/)) {
    const match = /^\s*(allow|disallow|dissallow|disalow|alow)\s*:\s*(\S*)/i.exec(line);
    if (match && match[2].length <= 200) paths.push(match[2]);
    if (paths.length >= 400) break;
  }
  return paths;
}

/** The user-agent tokens a file's own groups name. */
function fileAgents(text) {
  const agents = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    const match = /^\s*user-agent\s*:\s*([^#]*)/i.exec(line);
    if (match && match[1].trim() && match[1].trim().length <= 100) agents.push(match[1].trim());
    if (agents.length >= 100) break;
  }
  return agents;
}

/** A concrete path from a rule's pattern: wildcards filled in, `$` kept or dropped. */
function pathFromRule(random, pattern) {
  let path = pattern.replace(/\*/g, () => random.pick(['', 'x', 'a/b', '.pdf', '?q=1']));
  if (path.endsWith('$')) path = random.chance(0.7) ? path.slice(0, -1) : path.slice(0, -1) + 'more';
  if (random.chance(0.4)) path += random.pick(['', 'x', '/', '/deeper/page.html', '?a=1', '#frag', '-2']);
  return path || '/';
}

const HOSTS = ['https://example.com', 'http://example.com', 'https://shop.example:8443', 'HTTPS://Example.COM'];
const ODD_URLS = [
  '/',
  '',
  '/robots.txt',
  'robots.txt',
  'https://example.com/robots.txt',
  'http://example.com',
  'https://example.com',
  'http://example.com#/a',
  'https://example.com?q=1',
  'https:x',
  'ftp://h/private',
  'mailto:x@example.com',
  '//',
  '//x',
  '//example.com/private/',
  'private/plan',
  'example.com',
  'example.com/private/x',
  '/%70rivate/',
  '/private%2Fx',
  '/caf%C3%A9',
  '/café',
  '/%E6%97%A5%E6%9C%AC',
  '/日本',
  '/über/x',
  '/a b',
  '/~user',
  '/%7Euser',
  '/index.html',
  '/?',
  '/*',
  '/$',
  '/search?q=a*b',
  'https://[::1]/x',
  'http://[x/',
  '/%',
  '/%zz',
];

/** A URL for a question: mostly a file's own rule paths, typed the many ways people type them. */
function drawUrl(random, paths) {
  if (random.chance(0.2) || paths.length === 0) return random.pick(ODD_URLS);
  const path = pathFromRule(random, random.pick(paths));
  const asTyped = path.startsWith('/') ? path : `/${path}`;
  switch (random.int(8)) {
    case 0:
      return `${random.pick(HOSTS)}${asTyped}`;
    case 1:
      // Typed without its leading `/`.
      return asTyped.slice(1) || '/';
    case 2:
      // Percent-encoded the way a browser's address bar sends it.
      return encodeURI(asTyped);
    case 3:
      return `${random.pick(HOSTS)}${encodeURI(asTyped)}`;
    default:
      return asTyped;
  }
}

/** Whole user-agent strings as crawlers send them (their operators' documentation). */
const FULL_USER_AGENTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Googlebot-Image/1.0',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)',
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
  'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
];

/** Who asks: a catalogued crawler, or an agent typed as a token, a full UA or a versioned name. */
function drawWho(random, catalogue, agents) {
  const kind = random.int(10);
  if (kind < 3) return { crawler: random.pick(catalogue).name };
  if (kind < 5 && agents.length > 0) return { agent: random.pick(agents) };
  if (kind < 7) {
    const crawler = random.pick(catalogue);
    return { agent: random.pick(crawler.tokens ?? [crawler.name]) };
  }
  if (kind < 8) {
    const catalogued = catalogue.filter((crawler) => crawler.userAgent).map((crawler) => crawler.userAgent);
    return { agent: random.pick([...catalogued, ...FULL_USER_AGENTS]) };
  }
  if (kind < 9) {
    const crawler = random.pick(catalogue);
    return { agent: `${random.pick(crawler.tokens ?? [crawler.name])}/${random.int(3)}.${random.int(10)}` };
  }
  return { agent: random.pick(['FooBot', 'FooBot/1.0', 'foobot', 'Mozilla/5.0 (compatible; FooBot/1.0)', 'unknown-bot', '*', 'Bot Bot']) };
}

/**
 * `count` questions over the real files (when present) and the hand-made ones. `catalogue` is
 * the crawler catalogue (`crawlers()` of the npm package: name, tokens, userAgent).
 */
export function generateQuestions({ seed = DEFAULT_SEED, count, catalogue, shared = sharedDir() }) {
  if (!Array.isArray(catalogue) || catalogue.length === 0) throw new Error('generateQuestions: an empty catalogue');
  const random = randomSource(seed);
  const real = readRealFiles(shared);
  const synthetic = syntheticFiles();
  const files = [...synthetic, ...real.files];
  const targets = files.map((file) => ({ paths: rulePaths(file.text), agents: fileAgents(file.text) }));
  const questions = [];
  // Questions come in batches that share everything but the URL, as a list of URLs is asked
  // (`check --urls`, `checkMany`, the URL list, Python's batch): the batch surfaces answer a
  // whole batch in one call.
  for (let batch = 0; questions.length < count; batch += 1) {
    // Half the batches on the hand-made files, which aim at the known edges.
    const file =
      random.chance(0.5) || real.files.length === 0
        ? random.int(synthetic.length)
        : synthetic.length + random.int(real.files.length);
    const { paths, agents } = targets[file];
    const asked = {
      batch,
      file,
      ...drawWho(random, catalogue, agents),
      status: random.chance(0.6) ? '200' : random.pick(STATUSES),
      profile: random.pick(PROFILES),
      match: random.pick(MATCH_MODELS),
    };
    const size = Math.min(1 + random.int(BATCH_MAX), count - questions.length);
    for (let index = 0; index < size; index += 1) {
      questions.push({ id: questions.length, ...asked, url: drawUrl(random, paths) });
    }
  }
  return {
    seed,
    corpus: { real: real.files.length, synthetic: synthetic.length, missing: real.missing, setAside: real.setAside },
    files,
    questions,
  };
}

/** Writes the questions to `path` (creating its folder), for the runners in other languages. */
export function writeQuestions(path, generated) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(generated));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const option = (name, fallback) => {
    const index = process.argv.indexOf(`--${name}`);
    return index > 0 ? process.argv[index + 1] : fallback;
  };
  const { crawlers } = await import('../../npm/node.js').catch(() => {
    throw new Error('the npm package is not built: run `bash scripts/build-wasm.sh` first');
  });
  const generated = generateQuestions({
    seed: Number(option('seed', DEFAULT_SEED)),
    count: Number(option('count', 20000)),
    catalogue: crawlers(),
    shared: option('shared', sharedDir()),
  });
  const out = option('out', join(REPO_ROOT, 'target', 'consistency', 'questions.json'));
  writeQuestions(out, generated);
  console.log(`${generated.questions.length} questions over ${generated.files.length} files written to ${out}`);
}
