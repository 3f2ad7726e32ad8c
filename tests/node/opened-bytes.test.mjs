// An opened file that is not valid UTF-8: the page shows it decoded (invalid sequences as
// U+FFFD) and hands the engine its own bytes (www/page/work.js `engineBytes`, www/engine/first-answer.js
// `engineInput`), so that it answers as crawlers and the CLI do. Run against the built packages:
//     node --test tests/node/opened-bytes.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { base64ToBytes, bytesToBase64, decodeBytes, withLfEndings } from '../../www/page/work.js';
import wasm, { wasmPackage } from './wasm.mjs';

/** `Disallow: /caf\xE9` saved as Latin-1, with CRLF line ends and a U+FFFD-sized surprise after. */
const LATIN1 = Uint8Array.from(Buffer.from('User-agent: *\r\nDisallow: /caf\xe9\r\nDisallow: /\xe9t\xe9$x\r\nAllow: /after\r\n', 'latin1'));

test('the engine bytes are the file with LF line ends, and decode to the editor text', () => {
  const decoded = decodeBytes(LATIN1);
  assert.equal(decoded.validUtf8, false);
  assert.deepEqual(decoded.invalidLines, [2, 3]);
  assert.ok(!decoded.engineBytes.includes(0x0d));
  assert.equal(decoded.engineBytes.length, LATIN1.length - 4);
  // What the textarea holds once it has written the line ends as LF.
  const shown = decoded.text.replace(/\r\n?/g, '\n');
  assert.equal(decodeBytes(decoded.engineBytes).text, shown);
  assert.deepEqual([...withLfEndings(Uint8Array.from([0x61, 0x0d, 0x0d, 0x0a, 0x62, 0x0d]))], [0x61, 0x0a, 0x0a, 0x62, 0x0a]);
  // A valid file needs no bytes: its text is exact.
  assert.equal(decodeBytes(new TextEncoder().encode('User-agent: *\r\n')).engineBytes, null);
  assert.deepEqual(base64ToBytes(bytesToBase64(decoded.engineBytes)), decoded.engineBytes);
  assert.equal(base64ToBytes('not base64!'), null);
});

test('read as bytes, /caf\\xE9 disallows /caf%E9 as the CLI does; read as text it does not', () => {
  const { engineBytes, text } = decodeBytes(LATIN1);
  const file = wasm.RobotsFile.fromBytes(engineBytes);
  const verdict = file.check('AnyBot', '/caf%E9', {});
  assert.equal(verdict.allowed, false);
  assert.equal(verdict.decisive.line, 2);
  for (const profile of ['google', 'rfc9309']) {
    assert.equal(file.check('AnyBot', '/caf%E9', { profile }).allowed, false, profile);
  }
  // The text the editor shows holds U+FFFD, which is %EF%BF%BD: the answer the page gave before.
  assert.equal(wasm.check(text, 'AnyBot', '/caf%E9', {}).allowed, true);
  file.free();
});

test('line spans index the editor text when the bytes are not UTF-8', () => {
  const { engineBytes } = decodeBytes(LATIN1);
  const shown = decodeBytes(engineBytes).text;
  const file = wasm.RobotsFile.fromBytes(engineBytes);
  const { lines } = file.analysis();
  assert.equal(lines.length, 4);
  for (const line of lines) assert.equal(shown.slice(line.start, line.end), line.text, `line ${line.number}`);
  file.free();
});

test('the audit, the panels and the URL list read the same bytes', async () => {
  const { engineBytes } = decodeBytes(LATIN1);
  const shown = decodeBytes(engineBytes).text;

  const audit = await wasmPackage('audit');
  const audited = audit.RobotsFile.fromBytes(engineBytes);
  const findings = audited.audit();
  assert.ok(findings.some((finding) => finding.line === 2 && finding.code === 'RL104'), JSON.stringify(findings));
  const dollar = findings.find((finding) => finding.code === 'RL402');
  if (dollar?.start != null) assert.equal(shown.slice(dollar.start, dollar.end), '$');
  for (const finding of findings) {
    if (finding.start !== null) assert.ok(finding.start <= finding.end && finding.end <= shown.length, finding.code);
  }
  assert.equal(audited.compareProfiles('AnyBot', '/caf%E9', {}).find((row) => row.profile === 'google').verdict.allowed, false);
  audited.free();

  const { default: ai } = await import('./wasm-ai.mjs');
  const aiFile = ai.RobotsFile.fromBytes(engineBytes);
  assert.equal(aiFile.usage('AnyBot', '/caf%E9', {}).crawl.allowed, false);
  aiFile.free();

  const lists = await wasmPackage('lists');
  const batch = lists.UrlBatch.fromBytes(engineBytes, '/caf%E9\n/after\n', 'lines', 'AnyBot', [], {});
  batch.run(100);
  const { rows } = batch.rows('all', '', -1, 'input', false, 0, 10);
  assert.deepEqual(
    rows.map((row) => [row.url, row.allowed]),
    [
      ['/caf%E9', false],
      ['/after', true],
    ],
  );
  batch.free();
});

test('a share link and a saved draft keep the bytes the engine read', async () => {
  const { SavedWork, decodeShare, encodeShare } = await import('../../www/page/work.js');
  const { engineBytes, text } = decodeBytes(LATIN1);
  const bytes = bytesToBase64(engineBytes);
  const shared = await decodeShare(`#${await encodeShare({ text, agent: 'AnyBot', url: '/caf%E9', bytes })}`);
  assert.deepEqual(base64ToBytes(shared.bytes), engineBytes);
  const plain = await decodeShare(`#${await encodeShare({ text })}`);
  assert.equal(plain.bytes, undefined);

  const memory = () => {
    const items = new Map();
    return {
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => items.set(key, String(value)),
      removeItem: (key) => items.delete(key),
      key: (index) => [...items.keys()][index] ?? null,
      get length() {
        return items.size;
      },
    };
  };
  const local = memory();
  const saved = new SavedWork({ local, session: memory() });
  assert.equal(saved.save({ text, check: {}, bytes }), true);
  assert.equal(new SavedWork({ local, session: memory() }).restore().draft.bytes, bytes);
});
