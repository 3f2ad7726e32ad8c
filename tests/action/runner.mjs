// Runs the composite GitHub Action in action.yml the way a runner does, locally: each step's
// `run` under `bash --noprofile --norc -eo pipefail`, its `env` and `if` evaluated from the
// inputs and the outputs of earlier steps, with GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, GITHUB_ENV,
// GITHUB_PATH, RUNNER_TEMP, GITHUB_WORKSPACE and GITHUB_ACTION_PATH pointing at temporary files
// and folders. Workflow commands (`::error file=…,line=…::…`) on standard output are parsed into
// annotations, as the runner turns them into annotations.
//
// Only the expression forms action.yml uses are understood (`inputs.X`, `steps.ID.outputs.X`,
// comparisons with a quoted string, joined by `&&` or `||`); anything else throws, so a new
// expression cannot pass untested. Of the actions a step may `use`, only actions/cache/restore
// and actions/cache/save are known: they restore and save a folder under a key in a folder
// that stands for GitHub's cache service, which a test keeps across runs (jobs) to see what a
// later job finds.

import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { parse as parseYaml } from 'yaml';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Parses a GITHUB_OUTPUT file: `name=value` lines and `name<<DELIMITER` blocks. */
export function parseOutputFile(text) {
  const outputs = {};
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (line === '') continue;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name, delimiter] = heredoc;
      const value = [];
      while (++index < lines.length && lines[index] !== delimiter) value.push(lines[index]);
      outputs[name] = value.join('\n');
    } else {
      const equals = line.indexOf('=');
      if (equals < 0) throw new Error(`malformed GITHUB_OUTPUT line: ${line}`);
      outputs[line.slice(0, equals)] = line.slice(equals + 1);
    }
  }
  return outputs;
}

/** The runner's decoding of a workflow command's data and properties. */
function unescape(text) {
  return text.replaceAll('%0D', '\r').replaceAll('%0A', '\n').replaceAll('%3A', ':').replaceAll('%2C', ',').replaceAll('%25', '%');
}

/** Annotations (`::error`, `::warning`, `::notice`) printed on standard output. */
export function parseAnnotations(stdout) {
  const annotations = [];
  for (const line of stdout.split('\n')) {
    const match = /^::(error|warning|notice)(?: ([^:]*))?::(.*)$/.exec(line);
    if (!match) continue;
    const [, level, props = '', message] = match;
    const properties = {};
    for (const pair of props.split(',').filter(Boolean)) {
      const equals = pair.indexOf('=');
      properties[pair.slice(0, equals)] = unescape(pair.slice(equals + 1));
    }
    annotations.push({ level, ...properties, message: unescape(message) });
  }
  return annotations;
}

function evaluate(expression, context) {
  const value = (path) => {
    const input = /^inputs\.([\w-]+)$/.exec(path);
    if (input) return context.inputs[input[1]] ?? '';
    const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(path);
    if (output) return context.steps[output[1]]?.outputs?.[output[2]] ?? '';
    throw new Error(`the test runner does not understand the expression '${expression}'`);
  };
  const term = (text) => {
    const comparison = /^(\S+) (==|!=) '([^']*)'$/.exec(text.trim());
    if (comparison) {
      const equal = value(comparison[1]) === comparison[3];
      return comparison[2] === '==' ? equal : !equal;
    }
    return value(text.trim());
  };
  // `a || b && c` without parentheses: && binds tighter, as in GitHub's expressions.
  if (expression.includes('||') || expression.includes('&&')) {
    return expression.split('||').some((alternative) => alternative.split('&&').every((part) => Boolean(term(part))));
  }
  return term(expression);
}

/** The cache actions, against `cacheDir` (GitHub's cache service): exact keys only. */
function runCacheAction(uses, inputs, cacheDir) {
  const entry = join(cacheDir, encodeURIComponent(inputs.key));
  if (/^actions\/cache\/restore@v\d+$/.test(uses)) {
    if (!existsSync(entry)) return { outputs: { 'cache-hit': 'false' }, event: ['miss', inputs.key] };
    mkdirSync(inputs.path, { recursive: true });
    cpSync(entry, inputs.path, { recursive: true });
    return { outputs: { 'cache-hit': 'true', 'cache-matched-key': inputs.key }, event: ['restore', inputs.key] };
  }
  if (/^actions\/cache\/save@v\d+$/.test(uses)) {
    if (!existsSync(inputs.path)) throw new Error(`actions/cache/save: ${inputs.path} does not exist`);
    // A key is written once; GitHub refuses to save it again (with a warning).
    if (existsSync(entry)) return { outputs: {}, event: ['exists', inputs.key] };
    cpSync(inputs.path, entry, { recursive: true });
    return { outputs: {}, event: ['save', inputs.key] };
  }
  throw new Error(`the test runner does not know the action ${uses}`);
}

function substitute(text, context) {
  return String(text).replace(/\$\{\{(.*?)\}\}/g, (_, expression) => String(evaluate(expression, context)));
}

/**
 * Runs the action with `inputs` in `workspace` (the checkout) and returns every step's result,
 * the annotations, the job summary, the action's outputs and whether it failed.
 */
export function runAction({ inputs = {}, workspace, env = {}, cacheDir }) {
  const action = parseYaml(readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8'));
  if (action.runs.using !== 'composite') throw new Error('action.yml is not a composite action');
  const temp = mkdtempSync(join(tmpdir(), 'robots-lens-action-'));
  const runnerTemp = join(temp, 'runner-temp');
  mkdirSync(runnerTemp);
  const summary = join(temp, 'step-summary.md');
  writeFileSync(summary, '');
  // A hosted runner's tool cache starts empty for this action; the cache service outlives the job.
  const toolCache = join(temp, 'tool-cache');
  mkdirSync(toolCache);
  const cache = cacheDir ?? join(temp, 'cache-service');
  mkdirSync(cache, { recursive: true });
  const cacheEvents = [];
  const context = { inputs: {}, steps: {} };
  for (const [name, spec] of Object.entries(action.inputs ?? {})) {
    context.inputs[name] = inputs[name] ?? spec.default ?? '';
  }
  for (const name of Object.keys(inputs)) {
    if (!(name in context.inputs)) throw new Error(`action.yml has no input '${name}'`);
  }
  const results = [];
  let failed = false;
  try {
    for (const [index, step] of action.runs.steps.entries()) {
      const id = step.id ?? `step${index}`;
      // A failed step skips the rest, as `if:` defaults to success().
      if (failed || (step.if !== undefined && !evaluate(step.if.replace(/^\$\{\{|\}\}$/g, ''), context))) {
        results.push({ id, skipped: true });
        continue;
      }
      if (step.uses) {
        const withInputs = {};
        for (const [name, value] of Object.entries(step.with ?? {})) withInputs[name] = substitute(value, context);
        const { outputs, event } = runCacheAction(step.uses, withInputs, cache);
        cacheEvents.push(event);
        context.steps[id] = { outputs };
        results.push({ id, status: 0, stdout: '', stderr: '', outputs });
        continue;
      }
      if (step.shell !== 'bash') throw new Error(`step ${id} must use shell: bash`);
      const outputFile = join(temp, `output-${id}`);
      writeFileSync(outputFile, '');
      const stepEnv = {};
      for (const [name, value] of Object.entries(step.env ?? {})) stepEnv[name] = substitute(value, context);
      const run = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', substitute(step.run, context)], {
        cwd: workspace,
        encoding: 'utf8',
        env: {
          ...process.env,
          // What a runner sets for every job; a test may stand for another runner.
          RUNNER_OS: { linux: 'Linux', darwin: 'macOS', win32: 'Windows' }[process.platform],
          RUNNER_ARCH: { x64: 'X64', arm64: 'ARM64' }[process.arch],
          ...env,
          ...stepEnv,
          CI: 'true',
          GITHUB_ACTIONS: 'true',
          GITHUB_ACTION_PATH: REPO_ROOT.replace(/\/$/, ''),
          GITHUB_WORKSPACE: workspace,
          GITHUB_OUTPUT: outputFile,
          GITHUB_STEP_SUMMARY: summary,
          GITHUB_ENV: join(temp, 'env'),
          GITHUB_PATH: join(temp, 'path'),
          RUNNER_TEMP: runnerTemp,
          RUNNER_TOOL_CACHE: toolCache,
        },
      });
      const outputs = parseOutputFile(readFileSync(outputFile, 'utf8'));
      context.steps[id] = { outputs };
      results.push({ id, status: run.status, stdout: run.stdout, stderr: run.stderr, outputs });
      if (run.status !== 0) failed = true;
    }
    const outputs = {};
    for (const [name, spec] of Object.entries(action.outputs ?? {})) outputs[name] = substitute(spec.value, context);
    const stdout = results.map((result) => result.stdout ?? '').join('');
    return {
      failed,
      cacheEvents,
      steps: results,
      outputs,
      annotations: parseAnnotations(stdout),
      summary: readFileSync(summary, 'utf8'),
      log: results.map((r) => `[${r.id}] ${r.skipped ? 'skipped' : `exit ${r.status}\n${r.stdout}${r.stderr}`}`).join('\n'),
    };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
