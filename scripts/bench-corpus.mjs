// The shared benchmark corpus, generated on demand into target/bench/corpus by the generator in
// the shared folder beside the repository (../shared/bench/gen_corpus.py, or
// $ROBOTS_LENS_SHARED/bench/gen_corpus.py): read from there at bench time, never copied into
// the repository. Used by the engine benchmark (scripts/bench-engine.mjs) and the page's
// (scripts/bench-page.mjs, for its 512 KB edit).

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const CORPUS_DIR = join(REPO, 'target', 'bench', 'corpus');
/** medium.txt: the first 50 KiB of large.txt, cut at a line end, for the chart's middle size. */
const MEDIUM_BYTES = 50 * 1024;

/** Where the generator is, or an Error saying where it was looked for. */
export function findGenerator() {
  const shared = process.env.ROBOTS_LENS_SHARED ?? join(REPO, '..', 'shared');
  const generator = join(shared, 'bench', 'gen_corpus.py');
  if (!existsSync(generator)) {
    throw new Error(
      `the corpus generator is missing at ${generator}: the shared folder belongs beside the repository (or set ROBOTS_LENS_SHARED)`,
    );
  }
  return generator;
}

/**
 * Generates the corpus unless the files of this very generator are there already, and returns
 * its folder. Throws when the generator is missing or fails.
 */
export function ensureCorpus() {
  const generator = findGenerator();
  const stampFile = join(CORPUS_DIR, '.generator-sha256');
  const want = createHash('sha256').update(readFileSync(generator)).digest('hex');
  const medium = join(CORPUS_DIR, 'medium.txt');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === want && existsSync(medium)) {
    return CORPUS_DIR;
  }
  mkdirSync(CORPUS_DIR, { recursive: true });
  console.error(`==> python3 ${generator} ${CORPUS_DIR}`);
  const result = spawnSync('python3', [generator, CORPUS_DIR, '--check'], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error) throw new Error(`python3 could not start: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`the corpus generator failed (exit ${result.status ?? result.signal})`);
  const large = readFileSync(join(CORPUS_DIR, 'large.txt'));
  writeFileSync(medium, large.subarray(0, large.lastIndexOf(0x0a, MEDIUM_BYTES - 1) + 1));
  writeFileSync(stampFile, `${want}\n`);
  return CORPUS_DIR;
}
