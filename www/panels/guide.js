/**
 * The guide: what a robots.txt is, how a crawler reads it, and the mistakes the audit looks for,
 * with a table of contents and an anchor for every section, so that findings and verdict reasons
 * can link to the paragraph that explains them.
 *
 * The words live in the catalogues (`guide.*` keys, www/text/i18n.js); this module only knows the
 * order of the blocks. The pattern table is not typed: its cells are the engine's own answers,
 * computed when the guide is drawn (`PATTERN_EXAMPLES` lists the questions, never the answers).
 */

import { breakablePath, h } from '../text/render.js';
import { onLanguageChange, t, tRich } from '../text/i18n.js';

export { guideAnchorForCode, guideAnchorForReason } from '../text/render.js';

/** A paragraph, a list, a table of line kinds, a shell command, or the live pattern table. */
const p = (key) => ({ kind: 'p', key });
const list = (...keys) => ({ kind: 'list', keys });
const sub = (key) => ({ kind: 'h4', key });
const command = (text) => ({ kind: 'command', text });

/** The table of line kinds; `keys` lists every text it shows, for the catalogue test. */
function lineTable() {
  const headings = ['table-caption', 'table-line', 'table-meaning'];
  return { kind: 'lines', keys: [...headings, ...LINE_KINDS.map(([, meaning]) => `line-${meaning}`)] };
}

/** The live pattern table; `keys` lists every text it shows, for the catalogue test. */
function patternTable() {
  return { kind: 'patterns', keys: ['table-caption', 'table-pattern', 'table-matches', 'table-no-match', 'table-failed'] };
}

/** The kinds of line in a robots.txt, for the table in "The shape of a file". */
const LINE_KINDS = [
  ['User-agent: Googlebot', 'user-agent'],
  ['Allow: /public/', 'allow'],
  ['Disallow: /private/', 'disallow'],
  ['Disallow:', 'disallow-empty'],
  ['Sitemap: https://www.example.com/sitemap.xml', 'sitemap'],
  ['# a comment', 'comment'],
  ['Crawl-delay: 10', 'other'],
];

/**
 * The guide's sections in order. Every `key` names `guide.<section>.<key>` in the catalogues; a
 * section's title is `guide.<section>.title`.
 */
export const GUIDE_SECTIONS = [
  {
    id: 'what',
    blocks: [
      p('intro'),
      sub('where-title'),
      list('where-host', 'where-scheme', 'where-root'),
      sub('get-title'),
      p('get'),
      command('curl -s https://www.example.com/robots.txt'),
      p('get-private'),
    ],
  },
  {
    id: 'shape',
    blocks: [p('intro'), p('groups'), p('records'), p('case'), lineTable()],
  },
  {
    id: 'verdict',
    blocks: [
      sub('group-title'),
      list('group-token', 'group-case', 'group-merge', 'group-star', 'group-fallback'),
      sub('rule-title'),
      list('rule-longest', 'rule-tie', 'rule-none', 'rule-robots'),
      p('readers'),
    ],
  },
  { id: 'patterns', blocks: [p('intro'), patternTable(), p('encoding')] },
  {
    id: 'status',
    blocks: [
      p('intro'),
      list('4xx', '5xx', 'html', 'redirects', 'size', 'cache'),
    ],
  },
  {
    id: 'limits',
    blocks: [
      list('request', 'public', 'index'),
      sub('meta-title'),
      p('meta'),
      list('meta-noindex', 'meta-nofollow', 'meta-none', 'meta-all', 'meta-noarchive', 'meta-nosnippet', 'meta-more'),
    ],
  },
  {
    id: 'extensions',
    blocks: [p('intro'), list('crawl-delay', 'request-rate', 'host', 'noindex', 'clean-param', 'ai')],
  },
  {
    id: 'mistakes',
    blocks: [list('order', 'resources', 'prose', 'named-group', 'empty', 'typos')],
  },
  {
    id: 'faq',
    blocks: [
      sub('one-crawler-q'),
      p('one-crawler-a'),
      command('User-agent: BadBot\nDisallow: /\n\nUser-agent: *\nDisallow:'),
      sub('allow-q'),
      p('allow-a'),
      sub('case-q'),
      p('case-a'),
      sub('time-q'),
      p('time-a'),
      sub('crawl-delay-q'),
      p('crawl-delay-a'),
      sub('size-q'),
      p('size-a'),
      sub('robots-q'),
      p('robots-a'),
      sub('ai-q'),
      p('ai-a'),
    ],
  },
];

/**
 * The pattern table's questions: a pattern and the paths to try it on. The engine says which
 * match; the guide only sorts them into the two columns.
 */
export const PATTERN_EXAMPLES = [
  ['/fish', ['/fish', '/fish.html', '/fish/salmon.html', '/fishheads/yummy.html', '/Fish.asp', '/catfish']],
  ['/fish/', ['/fish/', '/fish/?id=anything', '/fish/salmon.htm', '/fish', '/fish.html', '/Fish/Salmon.asp']],
  ['/*.pdf$', ['/guide.pdf', '/docs/2026/report.pdf', '/guide.pdf?download=1', '/guide.PDF', '/guide.pdf.html']],
  ['/*.php', ['/index.php', '/folder/filename.php?parameters', '/folder/any.php.file.html', '/', '/windows.PHP']],
  ['/fish*.php', ['/fish.php', '/fishheads/catfish.php?parameters', '/Fish.PHP', '/catfish.php']],
  ['/*?sort=', ['/shoes?sort=price', '/a/b?sort=name&page=2', '/shoes?color=red&sort=price', '/sort=price']],
  ['/café', ['/café', '/caf%C3%A9', '/caf%c3%a9', '/cafe']],
  ['/%7Ejoe/', ['/~joe/', '/%7ejoe/notes', '/joe/']],
  ['/', ['/', '/anything/at/all', '/?q=1']],
];

/**
 * Draws the guide into `container` and keeps it in the page's language. `engine()` returns the
 * engine once it is running (or null); the pattern table is filled from it.
 */
export function setUpGuide({ container, toc, engine }) {
  const draw = () => drawGuide(container, toc, engine);
  draw();
  onLanguageChange(draw);
  return { refresh: draw };
}

async function drawGuide(container, toc, engine) {
  toc.replaceChildren(
    ...GUIDE_SECTIONS.map((section) =>
      h('li', {}, h('a', { href: `#guide-${section.id}` }, t(`guide.${section.id}.title`))),
    ),
  );
  container.replaceChildren(...GUIDE_SECTIONS.map(renderSection));
  const table = container.querySelector('.pattern-table');
  if (table) await fillPatternTable(table, engine());
}

function renderSection(section) {
  const key = (name) => `guide.${section.id}.${name}`;
  return h(
    'section',
    { class: 'guide-section', id: `guide-${section.id}`, 'aria-labelledby': `guide-${section.id}-title`, tabindex: '-1' },
    h('h3', { id: `guide-${section.id}-title` }, t(key('title'))),
    section.blocks.map((block) => renderBlock(block, key, section.id)),
  );
}

function renderBlock(block, key, sectionId) {
  switch (block.kind) {
    case 'p':
      return h('p', {}, tRich(key(block.key)));
    case 'h4':
      return h('h4', { id: `guide-${sectionId}-${block.key.replace(/-(title|q)$/, '')}` }, t(key(block.key)));
    case 'list':
      return h('ul', {}, block.keys.map((name) => h('li', {}, tRich(key(name)))));
    case 'command':
      return h('pre', { class: 'guide-command', translate: 'no' }, h('code', {}, block.text));
    case 'lines':
      return renderLineTable(key);
    case 'patterns':
      return renderPatternTable(key);
    default:
      return null;
  }
}

function renderLineTable(key) {
  return h(
    'table',
    { class: 'guide-table' },
    h('caption', {}, t(key('table-caption'))),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t(key('table-line'))), h('th', { scope: 'col' }, t(key('table-meaning'))))),
    h(
      'tbody',
      {},
      LINE_KINDS.map(([line, meaning]) =>
        h('tr', {}, h('td', { translate: 'no' }, h('code', {}, line)), h('td', {}, tRich(key(`line-${meaning}`)))),
      ),
    ),
  );
}

function renderPatternTable(key) {
  return h(
    'table',
    { class: 'guide-table pattern-table', 'data-state': 'pending' },
    h('caption', {}, t(key('table-caption'))),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, t(key('table-pattern'))),
        h('th', { scope: 'col' }, t(key('table-matches'))),
        h('th', { scope: 'col' }, t(key('table-no-match'))),
      ),
    ),
    h(
      'tbody',
      {},
      PATTERN_EXAMPLES.map(([pattern]) =>
        h(
          'tr',
          { 'data-pattern': pattern },
          h('th', { scope: 'row', translate: 'no' }, h('code', {}, pattern)),
          h('td', { class: 'pattern-matches', translate: 'no' }, '…'),
          h('td', { class: 'pattern-misses', translate: 'no' }, '…'),
        ),
      ),
    ),
  );
}

/**
 * Asks the engine, for every example, whether `Disallow: <pattern>` blocks each path under the
 * default reading, and sorts the paths into "matches" and "does not match". The questions go as
 * self-test cases, which the engine answers apart from the file in the editor.
 */
async function fillPatternTable(table, engine) {
  if (!engine) {
    table.dataset.state = 'waiting';
    return;
  }
  const cases = PATTERN_EXAMPLES.flatMap(([pattern, paths]) =>
    paths.map((path) => ({
      robots: `User-agent: *\nDisallow: ${pattern}\n`,
      agent: 'ExampleBot',
      url: path,
      profile: 'rfc9309',
      match: 'token',
    })),
  );
  let answers;
  try {
    answers = await engine.runCases(cases);
  } catch (error) {
    table.dataset.state = 'failed';
    table.querySelector('caption').append(' ', h('span', { class: 'note-error' }, t('guide.patterns.table-failed', { detail: error.message })));
    return;
  }
  let next = 0;
  for (const [pattern, paths] of PATTERN_EXAMPLES) {
    const row = table.querySelector(`tr[data-pattern="${CSS.escape(pattern)}"]`);
    const blocked = paths.map(() => answers[next++]).map((answer) => answer.error === null && !answer.allowed);
    row.querySelector('.pattern-matches').replaceChildren(...pathList(paths.filter((_, index) => blocked[index])));
    row.querySelector('.pattern-misses').replaceChildren(...pathList(paths.filter((_, index) => !blocked[index])));
  }
  table.dataset.state = 'done';
}

function pathList(paths) {
  if (paths.length === 0) return [h('span', { class: 'muted' }, '—')];
  return paths.flatMap((path, index) => [index > 0 ? ' ' : '', h('code', { 'data-path': path }, breakablePath(path))]);
}
