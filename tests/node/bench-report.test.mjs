// The engine benchmark's report (scripts/bench-report.mjs): medians and ranges over rounds,
// ratios taken within each round, cut runs, and the SVG chart, on small hand-made results.
//
// Run: node --test tests/node/bench-report.test.mjs

import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  formatNumber,
  formatSeconds,
  formatTable,
  parseChartSvg,
  roundRatios,
  summarise,
} from '../../scripts/bench-report.mjs';

test('summarise takes the median, min and max and skips rounds that did not run', () => {
  assert.deepEqual(summarise([3, 1, 2]), { median: 2, min: 1, max: 3, count: 3 });
  assert.deepEqual(summarise([4, null, 1, 3, 2]), { median: 2.5, min: 1, max: 4, count: 4 });
  assert.equal(summarise([null, null]), null);
  assert.equal(summarise([]), null);
});

test('ratios are taken within each round, not between medians', () => {
  // Round 1: peer 2× slower; round 2: 4×; the medians alone would say 5 / 1.5 = 3.33×.
  const lens = { unit: 's', samples: [1, 2] };
  const peer = { unit: 's', samples: [2, 8] };
  assert.deepEqual(roundRatios(lens, peer), { median: 3, min: 2, max: 4, count: 2 });
  // For a rate, higher is better: Lens 300/s against 100/s is 3×.
  assert.equal(roundRatios({ unit: 'checks/s', samples: [300] }, { unit: 'checks/s', samples: [100] }).median, 3);
  // A round either engine skipped gives no ratio.
  assert.equal(roundRatios({ unit: 's', samples: [1, null] }, { unit: 's', samples: [null, 2] }), null);
});

test('numbers keep three significant digits and pick a readable unit', () => {
  assert.equal(formatNumber(123456), '123,456');
  assert.equal(formatNumber(1234.5), '1,235');
  assert.equal(formatNumber(12.345), '12.3');
  assert.equal(formatNumber(0.012345), '0.0123');
  assert.equal(formatSeconds(2.5), '2.50 s');
  assert.equal(formatSeconds(0.0107), '10.7 ms');
  assert.equal(formatSeconds(0.000045), '45.0 µs');
});

function suite() {
  return {
    suite: 'native',
    rounds: 2,
    agent: 'Googlebot',
    engines: [
      { id: 'robots-lens', label: 'Robots Lens 1.0', parse_covers: 'the parse' },
      { id: 'peer', label: 'Peer <1.0>', parse_covers: 'its parse' },
    ],
    files: { medium: 51200, large: 512000, huge: 5242880, typical: 5000 },
    results: [
      { measure: 'parse', file: 'large', engine: 'robots-lens', unit: 's', samples: [0.001, 0.002] },
      { measure: 'parse', file: 'large', engine: 'peer', unit: 's', samples: [0.002, 0.008] },
      { measure: 'parse', file: 'medium', engine: 'robots-lens', unit: 's', samples: [0.0001, 0.0002] },
      { measure: 'parse', file: 'medium', engine: 'peer', unit: 's', samples: [0.0002, 0.0008] },
      { measure: 'checks', file: 'typical', engine: 'robots-lens', unit: 'checks/s', samples: [200000, 220000] },
      { measure: 'checks', file: 'typical', engine: 'peer', unit: 'checks/s', samples: [100000, 100000] },
      { measure: 'checks-allowed', file: 'large', engine: 'robots-lens', unit: 'checks/s', samples: [60000, 30000] },
      { measure: 'checks-allowed', file: 'large', engine: 'peer', unit: 'checks/s', samples: [10000, 10000] },
      { measure: 'hostile', file: 'pathological', engine: 'robots-lens', unit: 's', samples: [0.1, 0.2] },
      {
        measure: 'hostile',
        file: 'pathological',
        engine: 'peer',
        unit: 's',
        samples: [null, null],
        cut: { limit_s: 10, done: 412, of: 1000 },
      },
      { measure: 'memory', file: 'large', engine: 'robots-lens', unit: 'bytes', samples: [1024000] },
    ],
    agreement: [
      { file: 'typical', engine: 'peer', compared: 5000, disagreements: 7 },
      { file: 'large', engine: 'robots-lens', call: 'allowed only', compared: 900, disagreements: 0 },
    ],
  };
}

test('the table shows medians with ranges, within-round ratios, cut runs and memory per file size', () => {
  const table = formatTable([suite()], 'Test CPU, nproc 2');
  const row = (title) => table.split('\n').find((line) => line.startsWith(`| ${title}`));
  assert.equal(row('parse, large'), '| parse, large (500 KiB) | 1.50 ms [1.00 ms–2.00 ms] | 5.00 ms [2.00 ms–8.00 ms] · Lens 3.00× [2.00–4.00] |');
  assert.match(row('checks/s, typical'), /\| 210,000 \[200,000–220,000\] \| 100,000 · Lens 2\.10× \[2\.00–2\.20\] \|$/);
  assert.match(row('checks/s, large, allowed or not only'), /\| 45,000 \[30,000–60,000\] \| 10,000 · Lens 4\.50× \[3\.00–6\.00\] \|$/);
  assert.match(table, /Robots Lens 1\.0, allowed only, answered 0 of 900 URLs of the large file otherwise than Robots Lens 1\.0\./);
  // The peer was cut at 10 s; Lens's median 0.15 s makes it more than 66.7 times as fast.
  assert.match(row('1,000 hostile'), /\| 150 ms \[100 ms–200 ms\] \| > 10 s \(cut after 412 of 1,000 URLs\) · Lens > 66\.7× \|$/);
  assert.match(row('peak extra memory, first verdict, large'), /\| 1\.02 MB \(2\.00× the file\) \| {2}\|$/);
  assert.match(table, /Machine: Test CPU, nproc 2\./);
  assert.match(table, /Peer <1\.0> answered 7 of 5,000 URLs of the typical file otherwise than Robots Lens 1\.0\./);
  // Figures no engine measured have no row.
  assert.equal(row('first verdict'), undefined);
});

test('the chart draws one line per engine over the sizes measured, with escaped labels', () => {
  const node = {
    ...suite(),
    suite: 'node',
    engines: [{ id: 'robots-lens-wasm', label: 'Robots Lens 1.0 (wasm)' }],
    results: [{ measure: 'parse', file: 'large', engine: 'robots-lens-wasm', unit: 's', samples: [0.003] }],
  };
  const svg = parseChartSvg([suite(), node], 'Test & CPU');
  assert.ok(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'));
  assert.ok(svg.trimEnd().endsWith('</svg>'));
  assert.equal(svg.match(/<polyline /g).length, 3);
  // Two native points for each native engine, one for the wasm package: a whisker each.
  assert.equal(svg.match(/<circle /g).length, 5);
  assert.match(svg, /Peer &#60;1\.0&#62; · native/);
  assert.match(svg, /Robots Lens 1\.0 \(wasm\) · Node/);
  assert.match(svg, /Test &#38; CPU/);
  assert.match(svg, /stroke-dasharray/);
  assert.ok(!svg.includes('NaN'), 'every coordinate is a number');
  for (const label of ['50 KiB', '500 KiB']) assert.ok(svg.includes(`>${label}<`), label);
});
