// Packs the npm package (scripts/package-npm.sh, as `npm run package` does) and installs the
// tarball into an empty temporary folder the way a user would, offline: the package has no
// dependencies, so nothing but the tarball is needed. Shared by the Node and browser tests.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Runs `scripts/package-npm.sh` and returns the tarball's path (the script's last line). */
export function packTarball() {
  const output = execFileSync('bash', ['scripts/package-npm.sh'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return output.trim().split('\n').at(-1);
}

/**
 * A new folder with the tarball installed as a dependency; `close()` removes it.
 * `files` are written into the folder first (name → text).
 */
export function installTarball(tarball, files = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'robots-lens-npm-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  execFileSync(
    'npm',
    ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', tarball],
    { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  return { dir, close: () => rmSync(dir, { recursive: true, force: true }) };
}
