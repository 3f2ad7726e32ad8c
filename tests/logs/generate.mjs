// Generated access logs for the log replay's benchmark and browser test: a site's traffic as
// crawlers, browsers and scrapers make it — catalogued crawlers from their operators' published
// addresses and some claiming their names from elsewhere, crawlers that mind the file and one
// that does not, /robots.txt fetches, query strings, a long tail of paths — written as
// Apache/nginx combined lines (or JSON lines), with a few lines that are not log lines.
//
// The same module runs in node (the benchmark writes a file) and in the page (the browser test
// builds a 200 MB Blob from it without a file on disk): plain JavaScript, no imports.
//
//   node tests/logs/generate.mjs --lines 2000000 [--seed 1] [--format combined|json] [--items 5000] > access.log

/** The robots.txt versions the generated traffic is judged against (see ROBOTS_SWITCH). */
export const ROBOTS_BEFORE = `User-agent: *
Disallow: /cart/
Disallow: /account/
Disallow: /search
Allow: /search/help
Crawl-delay: 5

User-agent: GPTBot
Disallow: /private/

User-agent: Googlebot
Disallow: /private/
Allow: /private/press/
`;

export const ROBOTS_AFTER = `${ROBOTS_BEFORE}
User-agent: CCBot
User-agent: Bytespider
Disallow: /
`.replace('User-agent: GPTBot\nDisallow: /private/', 'User-agent: GPTBot\nDisallow: /');

/** When ROBOTS_AFTER took effect: the middle of the generated span. */
export const ROBOTS_SWITCH = '2026-03-01T00:00:00Z';

const START = Date.parse('2026-02-27T00:00:00Z');
/** The generated span: four days, whatever the line count. */
const SPAN_MS = 4 * 86_400_000;

// Who sends the traffic: user agent, addresses (the operator's, then others), weight.
const CRAWLERS = [
  ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', ['66.249.66.1', '66.249.66.77', '66.249.79.2'], 14],
  ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36', ['157.55.39.10', '207.46.13.5'], 8],
  ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot', ['20.171.206.7', '20.171.207.19'], 5],
  ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)', ['216.73.216.20'], 3],
  ['CCBot/2.0 (https://commoncrawl.org/faq/)', ['18.97.9.170'], 2],
  ['Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)', ['111.225.148.10', '110.249.201.3'], 4],
  ['Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)', ['54.36.148.1'], 2],
  ['Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)', ['185.191.171.4'], 2],
  ['Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)', ['5.255.253.1'], 2],
  ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)', ['18.97.1.229'], 1],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)', ['17.241.208.170'], 1],
];
// Scrapers borrowing crawlers' names, from addresses no operator publishes.
const IMPERSONATORS = [
  ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', ['203.0.113.5', '198.51.100.77'], 2],
  ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot', ['198.51.100.23'], 1],
];
const BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'python-requests/2.32.3',
  'curl/8.11.0',
  '-',
];
const SECTIONS = ['/products/', '/blog/', '/category/', '/private/', '/private/press/', '/cart/', '/account/', '/search', '/search/help', '/docs/'];
const GARBAGE = ['\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u0001\u00fc\u0003\u0003', 'GET / HTTP/1.1', '-- rotated --'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A small deterministic generator (xorshift32), so a seed always gives the same log. */
function random(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

function weighted(list, next) {
  const total = list.reduce((sum, item) => sum + item[2], 0);
  let at = next() * total;
  for (const item of list) {
    at -= item[2];
    if (at < 0) return item;
  }
  return list[list.length - 1];
}

const two = (n) => String(n).padStart(2, '0');

function clfTime(ms) {
  const d = new Date(ms);
  return `${two(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} +0000`;
}

/** A path from a long tail: a few sections, `items` pages each, some with query strings. */
function path(next, items) {
  const section = SECTIONS[Math.floor(next() ** 2 * SECTIONS.length)];
  const roll = next();
  if (roll < 0.02) return '/robots.txt';
  if (roll < 0.05) return '/';
  if (section === '/search') return `/search?q=${Math.floor(next() * 5000)}`;
  const item = Math.floor(next() ** 3 * items);
  const query = next() < 0.15 ? `?page=${Math.floor(next() * 20)}&sort=price` : '';
  return `${section}item-${item}${query}`;
}

/**
 * The log, as strings of about `chunkBytes` each (whole lines), `lines` lines in all.
 * `items` is how many pages each section has: 5,000 (about one distinct URL in six lines, as
 * on a site of tens of thousands of pages) unless told.
 * @param {{lines: number, seed?: number, format?: 'combined'|'json', items?: number, chunkBytes?: number}} options
 */
export function* generateLog({ lines, seed = 1, format = 'combined', items = 5_000, chunkBytes = 1 << 20 }) {
  const next = random(seed);
  const step = SPAN_MS / Math.max(lines, 1);
  let chunk = '';
  for (let n = 0; n < lines; n += 1) {
    const time = START + Math.floor(n * step);
    const roll = next();
    let line;
    if (roll < 0.001) {
      line = GARBAGE[Math.floor(next() * GARBAGE.length)];
    } else {
      let agent;
      let ip;
      if (roll < 0.3) {
        const [ua, ips] = weighted(CRAWLERS, next);
        agent = ua;
        ip = ips[Math.floor(next() * ips.length)];
      } else if (roll < 0.31) {
        const [ua, ips] = weighted(IMPERSONATORS, next);
        agent = ua;
        ip = ips[Math.floor(next() * ips.length)];
      } else {
        agent = BROWSERS[Math.floor(next() * BROWSERS.length)];
        ip = `192.0.2.${Math.floor(next() * 254) + 1}`;
      }
      const target = path(next, items);
      const status = next() < 0.9 ? 200 : 404;
      const bytes = Math.floor(next() * 50_000);
      if (format === 'json') {
        line = JSON.stringify({
          time: new Date(time).toISOString(),
          remote_addr: ip,
          request: `GET ${target} HTTP/1.1`,
          status,
          body_bytes_sent: bytes,
          http_user_agent: agent,
        });
      } else {
        line = `${ip} - - [${clfTime(time)}] "GET ${target} HTTP/1.1" ${status} ${bytes} "-" "${agent}"`;
      }
    }
    chunk += `${line}\n`;
    if (chunk.length >= chunkBytes) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** Lines until the log reaches `bytes` bytes (about 230 bytes a combined line). */
export function linesForBytes(bytes, format = 'combined') {
  return Math.ceil(bytes / (format === 'json' ? 300 : 230));
}

// As a command: write the log to standard output.
if (typeof process !== 'undefined' && import.meta.url === `file://${process.argv[1]}`) {
  const flag = (name, fallback) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? process.argv[at + 1] : fallback;
  };
  const lines = Number(flag('--lines', '100000'));
  const seed = Number(flag('--seed', '1'));
  const format = flag('--format', 'combined');
  const items = Number(flag('--items', '5000'));
  const { stdout } = process;
  const chunks = generateLog({ lines, seed, format, items });
  const pump = () => {
    for (;;) {
      const { value, done } = chunks.next();
      if (done) return;
      if (!stdout.write(value)) {
        stdout.once('drain', pump);
        return;
      }
    }
  };
  pump();
}
