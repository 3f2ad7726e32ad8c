#!/usr/bin/env node
// The package's `robots-lens` command (`npx robots-lens check robots.txt --agent Bot --url /x`):
// the native CLI itself, compiled for WASI (wasm32-wasip1, robots-lens-cli.wasm beside this file)
// and run by Node's `node:wasi`. It is not a port: the same Rust code reads the same files and
// writes the same bytes to the same standard streams, so its output and exit status are the
// native command's (tests/package/npm-cli.test.mjs compares them byte for byte).
//
// What the module may touch: the host's file system from its root, lent to it as `/` (a command
// line names files anywhere, as it does natively), its standard streams, and the environment
// variables the CLI reads. The directory the command was typed in is passed in PWD, which the
// module enters first (crates/cli/src/main.rs). Commands that need the network are not in this
// build and say so, except `serve`, which Node runs itself (serve.js).

import { readFileSync } from 'node:fs';
import { parse, relative, sep } from 'node:path';

// `serve` needs sockets, which WASI has not: Node serves the page itself (serve.js), answering
// the native `robots-lens serve`'s requests with the same JSON. `--help` stays the native text.
const [command, ...rest] = process.argv.slice(2);
if (command === 'serve' && !rest.some((arg) => arg === '--help' || arg === '-h')) {
  const { main } = await import('./serve.js');
  const status = await main(rest);
  if (status !== null) process.exit(status);
} else {
  await runWasi();
}

/** The native command, compiled for WASI, run by `node:wasi`. */
async function runWasi() {
  // `node:wasi` is stable in use but still marked experimental, and Node prints a warning to
  // standard error when it is loaded, which would make stderr differ from the native command's.
  // Only that warning is dropped; any other still reaches the user.
  const emitWarning = process.emitWarning;
  process.emitWarning = function (warning, ...rest) {
    const type = typeof rest[0] === 'string' ? rest[0] : rest[0]?.type;
    if (type === 'ExperimentalWarning' && String(warning?.message ?? warning).includes('WASI')) return;
    return emitWarning.call(this, warning, ...rest);
  };
  const { WASI } = await import('node:wasi');
  process.emitWarning = emitWarning;

  const cwd = process.cwd();
  // POSIX: root `/`. Windows: the drive of the working directory, so relative paths work there
  // too (an absolute `C:\…` argument is not a WASI path; pass a relative one).
  const root = parse(cwd).root;
  const directory = `/${relative(root, cwd).split(sep).join('/')}`;

  // The CLI reads no other variable; passing the whole environment would expose it for nothing.
  const wasi = new WASI({
    version: 'preview1',
    args: ['robots-lens', ...process.argv.slice(2)],
    env: { PWD: directory },
    preopens: { '/': root },
    returnOnExit: true,
  });

  const module = await WebAssembly.compile(readFileSync(new URL('./robots-lens-cli.wasm', import.meta.url)));
  const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
  process.exitCode = wasi.start(instance);
}
