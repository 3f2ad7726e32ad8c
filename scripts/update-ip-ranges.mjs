// Refreshes crates/core/data/ip-ranges.json, the dated snapshot of the address ranges crawler
// operators publish, from the operators' own lists. Run by hand, with network access:
//
//   node scripts/update-ip-ranges.mjs            fetch every list, rewrite the file
//   node scripts/update-ip-ranges.mjs --check    fetch every list, say what changed, write nothing
//
// Each list's URL is the one the file already names; a list is read as the operators write
// them ({"creationTime": …, "prefixes": [{"ipv4Prefix": …} | {"ipv6Prefix": …}]}, the form
// Google, Bing, OpenAI, Anthropic, Apple, Perplexity and Common Crawl use). Its date becomes the
// list's own creationTime when it has one, else today. A list that cannot be fetched or read
// keeps its snapshot and date, and the script says so and exits 1, so a partial refresh is
// never mistaken for a whole one. Nothing else reads the network: the build and the tests use
// the file as committed.

import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const FILE = fileURLToPath(new URL('../crates/core/data/ip-ranges.json', import.meta.url));
const check = process.argv.includes('--check');

/** The prefixes of an operator's list, whatever nesting it uses. */
export function prefixesOf(document) {
  const found = [];
  const visit = (value) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const key of ['ipv4Prefix', 'ipv6Prefix']) {
        if (typeof value[key] === 'string') found.push(value[key]);
      }
      for (const [key, inner] of Object.entries(value)) {
        if (key !== 'ipv4Prefix' && key !== 'ipv6Prefix') visit(inner);
      }
    }
  };
  visit(document);
  return [...new Set(found)];
}

/** The list's own date (YYYY-MM-DD) from its creationTime, if it has one. */
export function dateOf(document) {
  const time = document?.creationTime ?? document?.creationDate;
  const match = typeof time === 'string' ? /^(\d{4}-\d{2}-\d{2})/.exec(time) : null;
  return match ? match[1] : null;
}

async function main() {
  const snapshot = JSON.parse(readFileSync(FILE, 'utf8'));
  const today = new Date().toISOString().slice(0, 10);
  let failed = 0;
  for (const operator of snapshot.operators) {
    for (const list of operator.lists) {
      try {
        const response = await fetch(list.url, { signal: AbortSignal.timeout(30_000) });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const document = await response.json();
        const prefixes = prefixesOf(document);
        if (prefixes.length === 0) throw new Error('no ipv4Prefix or ipv6Prefix in it');
        const before = new Set(list.prefixes);
        const added = prefixes.filter((prefix) => !before.has(prefix)).length;
        const removed = list.prefixes.filter((prefix) => !prefixes.includes(prefix)).length;
        const date = dateOf(document) ?? today;
        console.log(`${operator.operator}: ${list.url}: ${prefixes.length} prefixes (+${added} -${removed}), ${date}`);
        list.prefixes = prefixes;
        list.date = date;
      } catch (error) {
        failed += 1;
        console.error(`${operator.operator}: ${list.url}: kept the snapshot of ${list.date}: ${error.message}`);
      }
    }
  }
  if (!check) {
    writeFileSync(FILE, `${JSON.stringify(snapshot, null, 2)}\n`);
    console.log(`wrote ${FILE}; run cargo test -p robots-lens ip_ranges before committing`);
  }
  process.exitCode = failed ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
