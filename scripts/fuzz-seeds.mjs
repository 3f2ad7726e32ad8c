// Seeds the fuzz corpora (fuzz/corpus/TARGET/) from the repository's tests, in the input format
// of fuzz/src/harness.rs: a selector byte, then the file, the agent, the URL and a fetch status
// separated by 0xFE bytes. Run by scripts/fuzz.sh.

import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const PROFILES = ['rfc9309', 'google', 'python', 'legacy-1994'];
const SEPARATOR = Buffer.from([0xfe]);

function save(target, bytes) {
  const dir = join(ROOT, 'fuzz', 'corpus', target);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, createHash('sha1').update(bytes).digest('hex')), bytes);
}

function question({ robots, agent = 'Googlebot', url = '/', profile = 'rfc9309', match = 'substring', status = '' }) {
  const selector = Math.max(0, PROFILES.indexOf(profile)) + (match === 'token' ? 16 : 0);
  return Buffer.concat([
    Buffer.from([selector]),
    Buffer.from(robots),
    SEPARATOR,
    Buffer.from(agent),
    SEPARATOR,
    Buffer.from(url),
    SEPARATOR,
    Buffer.from(status),
  ]);
}

const vectors = join(ROOT, 'tests', 'vectors');
const { files } = JSON.parse(readFileSync(join(vectors, 'manifest.json'), 'utf8'));
let count = 0;
for (const name of files) {
  for (const vector of JSON.parse(readFileSync(join(vectors, name), 'utf8')).cases) {
    const input = question(vector);
    for (const target of ['check', 'divergence', 'crawlers']) save(target, input);
    save('audit', Buffer.from(vector.robots));
    save('views', Buffer.from(vector.robots));
    count += 1;
  }
}
const audits = join(ROOT, 'tests', 'audit');
for (const name of readdirSync(audits).filter((file) => file.endsWith('.txt'))) {
  const bytes = readFileSync(join(audits, name));
  for (const target of ['audit', 'views']) save(target, bytes);
  for (const target of ['check', 'crawlers']) save(target, question({ robots: bytes, status: '503' }));
  count += 1;
}
// The generator's instructions (fuzz/src/harness.rs `generate`): groups, stars, long lines, URLs.
for (const seed of [[0, 8], [1, 4, 3, 16], [2, 40, 0, 2], [4, 20, 5, 0, 3, 60], [0, 1, 6, 3, 7, 2, 1, 1]]) {
  save('sized', Buffer.from(seed));
}
console.log(`    seeded the corpora from ${count} test files and cases`);
