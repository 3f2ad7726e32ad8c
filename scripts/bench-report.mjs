// Summarises the engine benchmarks' JSON (crates/bench/benches/engines/main.rs and
// scripts/bench-engine-node.mjs) into one Markdown table with ratios and a hand-written SVG
// chart of parse time against file size. Pure functions; scripts/bench-engine.mjs writes the
// files, tests/node/bench-report.test.mjs holds them to fixtures.
//
// Every figure is the median of one sample per round with the min–max beside it. A ratio is
// computed within each round (the engines of a round ran minutes apart at most, so a drift of
// the machine's speed falls on both) and then summarised the same way: "4.1×" means Robots Lens
// was 4.1 times as fast as that engine, median over rounds.

/** The rows of the table, in order: [measure, file, title]. */
const FIGURES = [
  ['parse', 'typical', 'parse, typical'],
  ['parse', 'medium', 'parse, medium'],
  ['parse', 'large', 'parse, large'],
  ['parse', 'huge', 'parse, huge'],
  ['first-verdict', 'typical', 'first verdict (parse + one check), typical'],
  ['first-verdict', 'large', 'first verdict, large'],
  ['first-verdict', 'huge', 'first verdict, huge'],
  ['checks', 'typical', 'checks/s, typical, full verdict'],
  ['checks', 'large', 'checks/s, large, full verdict'],
  ['checks-allowed', 'typical', 'checks/s, typical, allowed or not only'],
  ['checks-allowed', 'large', 'checks/s, large, allowed or not only'],
  ['checks-answers', 'typical', 'checks/s, typical, the answers alone'],
  ['checks-answers', 'large', 'checks/s, large, the answers alone'],
  ['hostile', 'pathological', '1,000 hostile URLs vs the pathological file'],
  ['memory', 'typical', 'peak extra memory, first verdict, typical'],
  ['memory', 'large', 'peak extra memory, first verdict, large'],
  ['memory', 'huge', 'peak extra memory, first verdict, huge'],
  ['parse-memory', 'typical', 'memory the parse keeps beyond the text, typical'],
  ['parse-memory', 'large', 'memory the parse keeps beyond the text, large'],
  ['parse-memory', 'huge', 'memory the parse keeps beyond the text, huge'],
  ['parse-peak', 'large', 'peak extra memory of the parse, large'],
  ['parse-memory-held', 'typical', 'memory a parsed file holds, its text included, typical'],
  ['parse-memory-held', 'large', 'memory a parsed file holds, its text included, large'],
  ['parse-memory-held', 'huge', 'memory a parsed file holds, its text included, huge'],
];

/** The engine whose ratios the table reports, per suite. */
const LENS = { native: 'robots-lens', node: 'robots-lens-wasm' };

/** Median, min and max of the numbers in `values` (nulls skipped); null when there are none. */
export function summarise(values) {
  const numbers = values.filter((value) => typeof value === 'number' && Number.isFinite(value));
  if (numbers.length === 0) return null;
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], count: sorted.length };
}

/** Higher is better for rates; lower is better for times and bytes. */
function higherIsBetter(unit) {
  return unit === 'checks/s';
}

/**
 * How many times as fast Robots Lens was as `peer`, round by round (null where either did not
 * run that round), summarised.
 */
export function roundRatios(lens, peer) {
  const ratios = lens.samples.map((value, round) => {
    const other = peer.samples[round];
    if (typeof value !== 'number' || typeof other !== 'number' || value <= 0 || other <= 0) return null;
    return higherIsBetter(lens.unit) ? value / other : other / value;
  });
  return summarise(ratios);
}

/** Three significant digits, grouped thousands, no exponent. */
export function formatNumber(value) {
  if (value === 0) return '0';
  const digits = Math.max(0, 2 - Math.floor(Math.log10(Math.abs(value))));
  const rounded = Number(value.toFixed(Math.min(digits, 6)));
  const [whole, fraction] = rounded.toFixed(Math.min(digits, 6)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/** A time in seconds in the unit that reads best. */
export function formatSeconds(seconds) {
  if (seconds >= 1) return `${formatNumber(seconds)} s`;
  if (seconds >= 1e-3) return `${formatNumber(seconds * 1e3)} ms`;
  return `${formatNumber(seconds * 1e6)} µs`;
}

export function formatBytes(bytes) {
  if (bytes >= 1e6) return `${formatNumber(bytes / 1e6)} MB`;
  if (bytes >= 1e3) return `${formatNumber(bytes / 1e3)} kB`;
  return `${formatNumber(bytes)} B`;
}

function formatValue(unit, value) {
  if (unit === 's') return formatSeconds(value);
  if (unit === 'bytes') return formatBytes(value);
  return formatNumber(value);
}

function formatRange(unit, summary) {
  if (summary.count === 1 || summary.min === summary.max) return formatValue(unit, summary.median);
  const low = formatValue(unit, summary.min);
  const high = formatValue(unit, summary.max);
  return `${formatValue(unit, summary.median)} [${low}–${high}]`;
}

function formatRatio(summary) {
  const number = (value) => (value >= 100 ? formatNumber(value) : value.toFixed(value >= 10 ? 1 : 2));
  if (summary.count === 1 || summary.min === summary.max) return `${number(summary.median)}×`;
  return `${number(summary.median)}× [${number(summary.min)}–${number(summary.max)}]`;
}

/** One engine's cell: its figure, and for a peer how Robots Lens compares with it. */
function cell(row, lensRow, fileBytes) {
  if (!row) return '';
  const summary = summarise(row.samples);
  const lensSummary = lensRow && summarise(lensRow.samples);
  const isPeer = lensRow && lensRow !== row && row.unit !== 'bytes';
  if (!summary) {
    if (!row.cut) return 'did not run';
    const { limit_s: limit, done, of } = row.cut;
    const text = `> ${limit} s (cut after ${done.toLocaleString('en')} of ${of.toLocaleString('en')} URLs)`;
    // Cut at the limit: Robots Lens was at least limit / its time as fast.
    if (isPeer && lensSummary) return `${text} · Lens > ${formatRatio({ median: limit / lensSummary.median, count: 1 })}`;
    return text;
  }
  let text = formatRange(row.unit, summary);
  if (row.unit === 'bytes' && fileBytes) text += ` (${formatNumber(summary.median / fileBytes)}× the file)`;
  if (!isPeer) return text;
  const ratio = roundRatios(lensRow, row);
  if (ratio) return `${text} · Lens ${formatRatio(ratio)}`;
  if (!lensSummary && lensRow.cut) {
    return `${text} · Lens < ${formatRatio({ median: summary.median / lensRow.cut.limit_s, count: 1 })}`;
  }
  return text;
}

function sizeLabel(bytes) {
  const short = (value) => (value >= 10 ? String(Math.round(value)) : value.toFixed(1));
  if (bytes >= 1024 * 1024) return `${short(bytes / (1024 * 1024))} MiB`;
  if (bytes >= 1024) return `${short(bytes / 1024)} KiB`;
  return `${bytes} B`;
}

/**
 * The Markdown table of every suite given (`native`, `node`), one column per engine, with the
 * machine it ran on and what each engine's figures cover.
 */
export function formatTable(suites, machine) {
  // Robots Lens has one column (native in the native rows, the wasm package in Node's); each
  // peer has its own.
  const lensLabel = suites
    .flatMap((suite) => suite.engines)
    .find((engine) => engine.id === LENS.native || engine.id === LENS.node)
    ?.label.replace(' (wasm)', '');
  const inNode = suites.some((suite) => suite.suite === 'node') ? ' (the wasm package in Node rows)' : '';
  const columns = [{ lens: true, label: `${lensLabel ?? 'Robots Lens'}${inNode}` }];
  for (const suite of suites) {
    for (const engine of suite.engines) {
      if (engine.id !== LENS[suite.suite]) columns.push({ suite: suite.suite, ...engine });
    }
  }
  const header = ['figure', ...columns.map((column) => column.label)];
  const lines = [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
  ];
  for (const suite of suites) {
    for (const [measure, file, title] of FIGURES) {
      const rows = suite.results.filter((row) => row.measure === measure && row.file === file);
      if (rows.length === 0) continue;
      const lensRow = rows.find((row) => row.engine === LENS[suite.suite]);
      const bytes = suite.files[file];
      const size = measure === 'hostile' ? '' : ` (${sizeLabel(bytes)})`;
      const prefix = suite.suite === 'node' ? 'Node: ' : '';
      const cells = columns.map((column) => {
        const memoryOf = ['memory', 'parse-memory', 'parse-peak', 'parse-memory-held'].includes(measure) ? bytes : 0;
        if (column.lens) return cell(lensRow, lensRow, memoryOf);
        if (column.suite !== suite.suite) return '';
        return cell(rows.find((row) => row.engine === column.id), lensRow, memoryOf);
      });
      lines.push(`| ${prefix}${title}${size} | ${cells.join(' | ')} |`);
    }
  }
  const notes = [
    '',
    `Medians over ${suites.map((suite) => `${suite.rounds} rounds (${suite.suite})`).join(' and ')}, min–max in brackets; ` +
      '"Lens r×": Robots Lens was r times as fast as that engine, the median of the ratios taken within each round. ' +
      `Agent ${suites[0]?.agent ?? 'Googlebot'}, the same files and URLs for every engine.`,
  ];
  if (machine) notes.push(`Machine: ${machine}.`);
  const described = suites.flatMap((suite) => suite.engines);
  for (const column of described) {
    const covers = [
      column.parse_covers && `parse = ${column.parse_covers}`,
      column.checks_cover && `checks = ${column.checks_cover}`,
      column.allowed_cover && `allowed only = ${column.allowed_cover}`,
      column.answers_cover && `answers alone = ${column.answers_cover}`,
    ]
      .filter(Boolean)
      .join('; ');
    if (covers) notes.push(`- ${column.label}: ${covers}.`);
  }
  for (const suite of suites) {
    for (const { file, engine, call, compared, disagreements } of suite.agreement ?? []) {
      const name = suite.engines.find((candidate) => candidate.id === engine)?.label ?? engine;
      const label = call ? `${name}, ${call},` : name;
      const lens = suite.engines.find((candidate) => candidate.id === LENS[suite.suite])?.label ?? 'Robots Lens';
      notes.push(
        `- ${label} answered ${disagreements.toLocaleString('en')} of ${compared.toLocaleString('en')} URLs of the ${file} file otherwise than ${lens}.`,
      );
    }
  }
  return `${lines.join('\n')}\n${notes.join('\n')}\n`;
}

const CHART_FILES = ['medium', 'large', 'huge'];
const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b'];

function escapeXml(text) {
  return String(text).replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * An SVG line chart of parse time against file size (50 KiB, 500 KiB, 5 MiB) for every engine of
 * every suite, both axes logarithmic, medians joined by lines with min–max whiskers; Node's
 * engines are dashed.
 */
export function parseChartSvg(suites, machine) {
  const series = [];
  for (const suite of suites) {
    for (const engine of suite.engines) {
      const points = CHART_FILES.map((file) => {
        const row = suite.results.find((r) => r.measure === 'parse' && r.file === file && r.engine === engine.id);
        const summary = row && summarise(row.samples);
        return summary && { bytes: suite.files[file], ...summary };
      }).filter(Boolean);
      if (points.length) series.push({ label: engine.label, node: suite.suite === 'node', points });
    }
  }
  const width = 720;
  const height = 440;
  const plot = { left: 78, right: 250, top: 48, bottom: 60 };
  const all = series.flatMap((s) => s.points);
  const sizes = all.map((p) => p.bytes);
  const times = all.flatMap((p) => [p.min, p.max]).map((t) => t * 1e3);
  const decade = (value, round) => 10 ** round(Math.log10(value));
  const xMin = Math.min(...sizes) / 1.6;
  const xMax = Math.max(...sizes) * 1.6;
  const yMin = all.length ? decade(Math.min(...times), Math.floor) : 0.1;
  const yMax = all.length ? decade(Math.max(...times), Math.ceil) : 1000;
  const x = (bytes) => plot.left + ((Math.log10(bytes) - Math.log10(xMin)) / (Math.log10(xMax) - Math.log10(xMin))) * (width - plot.left - plot.right);
  const y = (ms) => height - plot.bottom - ((Math.log10(ms) - Math.log10(yMin)) / (Math.log10(yMax) - Math.log10(yMin))) * (height - plot.top - plot.bottom);
  const f = (n) => n.toFixed(1);
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    '<title>Parse time against file size, every engine</title>',
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${plot.left}" y="22" font-size="15" font-weight="bold">Parse time against file size (log–log; median, min–max)</text>`,
  ];
  if (machine) out.push(`<text x="${plot.left}" y="38" fill="#555">${escapeXml(machine)}</text>`);
  for (let ms = yMin; ms <= yMax * 1.0001; ms *= 10) {
    const label = ms >= 1000 ? `${ms / 1000} s` : ms >= 1 ? `${ms} ms` : `${Number(ms.toPrecision(1))} ms`;
    out.push(
      `<line x1="${plot.left}" x2="${width - plot.right}" y1="${f(y(ms))}" y2="${f(y(ms))}" stroke="#ddd"/>`,
      `<text x="${plot.left - 6}" y="${f(y(ms) + 4)}" text-anchor="end">${escapeXml(label)}</text>`,
    );
  }
  for (const bytes of [...new Set(sizes)]) {
    out.push(
      `<line x1="${f(x(bytes))}" x2="${f(x(bytes))}" y1="${plot.top}" y2="${height - plot.bottom}" stroke="#eee"/>`,
      `<text x="${f(x(bytes))}" y="${height - plot.bottom + 18}" text-anchor="middle">${escapeXml(sizeLabel(bytes))}</text>`,
    );
  }
  out.push(
    `<rect x="${plot.left}" y="${plot.top}" width="${width - plot.left - plot.right}" height="${height - plot.top - plot.bottom}" fill="none" stroke="#888"/>`,
    `<text x="${(plot.left + width - plot.right) / 2}" y="${height - 16}" text-anchor="middle">file size</text>`,
    `<text transform="translate(18 ${(plot.top + height - plot.bottom) / 2}) rotate(-90)" text-anchor="middle">time per parse</text>`,
  );
  series.forEach((s, index) => {
    const color = PALETTE[index % PALETTE.length];
    // Node's engines dashed, the native ones solid.
    const dash = s.node ? ' stroke-dasharray="6 3"' : '';
    const path = s.points.map((p) => `${f(x(p.bytes))},${f(y(p.median * 1e3))}`).join(' ');
    out.push(`<polyline points="${path}" fill="none" stroke="${color}" stroke-width="2"${dash}/>`);
    for (const p of s.points) {
      out.push(
        `<line x1="${f(x(p.bytes))}" x2="${f(x(p.bytes))}" y1="${f(y(p.min * 1e3))}" y2="${f(y(p.max * 1e3))}" stroke="${color}"/>`,
        `<circle cx="${f(x(p.bytes))}" cy="${f(y(p.median * 1e3))}" r="3.5" fill="${color}"/>`,
      );
    }
    const legendY = plot.top + 12 + index * 20;
    const legendX = width - plot.right + 16;
    out.push(
      `<line x1="${legendX}" x2="${legendX + 24}" y1="${legendY - 4}" y2="${legendY - 4}" stroke="${color}" stroke-width="2"${dash}/>`,
      `<text x="${legendX + 30}" y="${legendY}">${escapeXml(s.label)} · ${s.node ? 'Node' : 'native'}</text>`,
    );
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
