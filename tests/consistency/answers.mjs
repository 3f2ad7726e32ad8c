// What the consistency suite compares: every surface's answer reduced to the same three facts,
// and the comparison of two surfaces' answers, question by question.
//
// An answer is `{ verdict, line, reason, group, why }`:
//   verdict  'allowed', 'disallowed', 'refused' (the URL is one no crawler requests: the surface
//            says so instead of answering) or 'error' (anything else the surface raised; its
//            message in `error`)
//   line     the deciding line, or null when no line decides
//   reason   the reason code (`rule-matched`, `file-unreachable`, …) where the surface gives one;
//            null where it has none to give (the text output, a boolean) — a null is compared
//            only with what that surface can say (see `compareAnswers`)
//   group    which groups answered, the answering layer's code (`own`, `fallback`, `star`,
//            `none`, `status`), where the surface gives it (the JSON and verdict objects)
//   why      why the deciding line decides (`longest-match`, `allow-wins-tie`, `first-match`,
//            `empty-rule`, or null), where the surface gives it

/** The reason code of a URL no crawler requests, in the rows of the batch surfaces. */
export const REFUSED_REASON = 'url-refused';

/**
 * An answer from a surface's verdict object or row (the CLI's JSON, the wasm's, Python's): a row
 * whose reason is `url-refused` is a refusal, whatever its `allowed` cell says.
 */
export function answerOf({ allowed, line, reason, group, why }) {
  if (reason === REFUSED_REASON) return refused(REFUSED_REASON);
  return { verdict: allowed ? 'allowed' : 'disallowed', line: line ?? null, reason: reason ?? null, group, why };
}

/** The rows of a CSV text (RFC 4180 quoting: `"a, b"`, `""` for a quote), header included. */
export function csvRows(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        cell += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else {
      cell += char;
    }
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** A row of the URL list's CSV (`url,agent,allowed,line,rule,reason`) as an answer. */
export function csvAnswer(header, cells) {
  const at = (name) => cells[header.indexOf(name)];
  return answerOf({ allowed: at('allowed') === 'true', line: at('line') === '' ? null : Number(at('line')), reason: at('reason') });
}

/** The answer of a surface that said the URL is one no crawler requests. */
export function refused(message) {
  return { verdict: 'refused', line: null, reason: null, error: message };
}

/**
 * The answer of a surface that raised `message`: a refusal when the message says the typed URL is
 * one no crawler requests (as the core words it: `invalid URL …`), any other error otherwise.
 */
export function refusalOrFailure(message) {
  return /invalid URL|no crawler requests/i.test(String(message)) ? refused(String(message).slice(0, 300)) : failed(message);
}

/** The answer of a surface that raised something else. */
export function failed(message) {
  return { verdict: 'error', line: null, reason: null, error: String(message).slice(0, 300) };
}

/**
 * How `answer` differs from `reference` (an empty list when they agree). A surface that gives no
 * line or reason (`line: undefined`, `reason: undefined`) is held to the verdict alone for that
 * fact; null is a value ("no line decides") and must match.
 */
export function differences(reference, answer) {
  const found = [];
  if (reference.verdict !== answer.verdict) found.push('verdict');
  if (answer.line !== undefined && reference.line !== answer.line) found.push('line');
  if (answer.reason !== undefined && answer.reason !== null && reference.reason !== answer.reason) found.push('reason');
  // The group used and why the line decides: held where both surfaces give them.
  for (const fact of ['group', 'why']) {
    if (answer[fact] !== undefined && reference[fact] !== undefined && reference[fact] !== answer[fact]) found.push(fact);
  }
  return found;
}

/**
 * Compares each surface's answers with the reference surface's, question by question. Returns,
 * per surface, the number of questions compared and the differing ones (the first few kept whole
 * for the report).
 */
export function compareSurfaces(generated, reference, surfaces, { keep = 4 } = {}) {
  const report = [];
  for (const surface of surfaces) {
    let compared = 0;
    const kinds = {};
    const examples = [];
    let differing = 0;
    for (const [id, answer] of surface.answers) {
      const expected = reference.answers.get(id);
      if (expected === undefined) continue;
      compared += 1;
      const found = differences(expected, answer);
      if (found.length === 0) continue;
      differing += 1;
      for (const kind of found) kinds[kind] = (kinds[kind] ?? 0) + 1;
      if (examples.length < keep) {
        const question = generated.questions[id];
        examples.push({
          question: { ...question, file: generated.files[question.file].name },
          [reference.name]: expected,
          [surface.name]: answer,
        });
      }
    }
    report.push({ surface: surface.name, compared, differing, kinds, examples });
  }
  return report;
}

/** The report as lines for the test log: one line per surface, then the examples of the failing. */
export function formatReport(referenceName, report) {
  const lines = [];
  for (const row of report) {
    const kinds = Object.entries(row.kinds)
      .map(([kind, count]) => `${kind} ${count}`)
      .join(', ');
    lines.push(
      `  ${row.surface.padEnd(34)} ${String(row.compared).padStart(6)} questions, ${row.differing} differ from ${referenceName}${kinds ? ` (${kinds})` : ''}`,
    );
  }
  for (const row of report.filter((row) => row.differing > 0)) {
    lines.push(`  ${row.surface}: first differences`);
    for (const example of row.examples) lines.push(`    ${JSON.stringify(example)}`);
  }
  return lines.join('\n');
}
