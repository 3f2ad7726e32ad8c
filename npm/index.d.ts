// Types of the robots-lens package: every export of node.js and browser.js (the same API), and
// every result they return. Results are plain objects made by the Rust engine; positions
// (`start`, `end`) are UTF-16 offsets into the text that was parsed, so they index a JS string
// directly. Line numbers are 1-based.

/** A robots.txt given as its text, or parsed once with {@link parse}. */
export type Robots = string | ParsedRobots;

/** How patterns and URLs are compared. `rfc9309` (the default) and `google` read the file the
 * same way; `python` is CPython's urllib.robotparser up to 3.12, `legacy-1994` the original
 * convention. */
export type ProfileId = 'rfc9309' | 'google' | 'python' | 'legacy-1994';

/** How the agent finds its group: `substring` (the default: the group's token anywhere in the
 * agent, so a full UA string works) or `token` (RFC 9309 §2.2.1 product token equality). */
export type AgentMatchId = 'substring' | 'token';

/** Options of a check; every field is optional. */
export interface CheckOptions {
  profile?: ProfileId;
  agentMatch?: AgentMatchId;
  /** How the file was served: `200` (default), `404`, `429`, `503`, `html`, `timeout`,
   * `unreachable`, `301>200`, `3xx*6`, … A 4xx means no rules, a 5xx everything disallowed. */
  status?: string;
  /** A catalogued crawler (`GPTBot`, `Googlebot-Image`, …) whose documented fallback chain picks
   * the group; the `agent` argument is then not used. */
  crawler?: string;
  /** Answer the agent exactly as typed. Without it, an agent that names a catalogued crawler
   * (its name or token, or a UA string holding it) is answered as that crawler, with the answer
   * as typed in `Verdict.asTyped` where it differs. Refused beside `crawler`, which is always
   * that crawler. */
  asTyped?: boolean;
}

/** Options of a crawler table. */
export interface CrawlerTableOptions {
  profile?: ProfileId;
  status?: string;
}

/** Why a verdict is what it is. */
export type Reason =
  | 'rule-matched'
  | 'no-rule-matched'
  | 'no-group-applies'
  | 'implicit-robots-txt-allow'
  | 'beyond-size-limit'
  | 'file-unavailable'
  | 'file-unreachable'
  | 'reader-error'
  | 'empty-rule-matched'
  /** The typed URL is one no crawler requests (see `Verdict.urlProblem`). */
  | 'url-refused';

export type RuleKind = 'allow' | 'disallow';

/** A rule that matched the requested path. */
export interface RuleMatch {
  line: number;
  kind: RuleKind;
  /** The pattern as written. */
  pattern: string;
  /** The pattern as the profile compares it. */
  normalised: string;
  /** The pattern's length as the longest-match rule counts it. */
  length: number;
  /** Matched through Google's `index.htm` rule (`google` profile). */
  viaIndexHtml: boolean;
  /**
   * For one of a verdict's `matches`: what became of it (`decides-longest`, `decides-tie`,
   * `decides-first`, `decides-empty`, `set-aside-robots`, `set-aside-status`, `empty`,
   * `outweighed`, `after-first`); null elsewhere.
   */
  outcome: string | null;
}

/** A group whose rules applied (groups naming the agent are merged). */
export interface AppliedGroup {
  /** 0-based index into {@link ParsedRobots.groups}. */
  index: number;
  agentLines: number[];
  /** The user-agent lines that named the agent. */
  matchedAgentLines: number[];
  lines: number[];
}

/** The step of a crawler's fallback chain whose groups applied. */
export interface UsedStep {
  index: number;
  /** The product token of the step, or null for `*`. */
  token: string | null;
  /** Whether the crawler had no group of its own and fell back to this one. */
  fallback: boolean;
}

/** The answer to "may this agent fetch this URL?", with its whole explanation. */
/** A verdict's answer alone ({@link answers}): the same names and values as its {@link Verdict}'s. */
export type Answer = Pick<Verdict, 'allowed' | 'reason' | 'line' | 'groupUsed' | 'whyDecides'>;

export interface Verdict {
  /** Null when the typed URL is one no crawler requests (`reason` is `url-refused`). */
  allowed: boolean | null;
  /**
   * The deciding line, as the engine defines it for every surface (the CLI, the page, Python):
   * the rule that decided (also an empty rule that matched, and the rule within the size limit
   * when one past it would decide otherwise), or null when no line decides.
   */
  line: number | null;
  reason: Reason;
  /** Which groups answered: `own`, `fallback`, `star`, `none` or `status`; null when refused. */
  groupUsed: 'own' | 'fallback' | 'star' | 'none' | 'status' | null;
  /** Why the deciding line decides, when one does. */
  whyDecides: 'longest-match' | 'allow-wins-tie' | 'first-match' | 'empty-rule' | null;
  profile: ProfileId;
  agentMatch: AgentMatchId;
  agent: string;
  /** The agent's product token, as `token` matching compares it. */
  agentToken: string;
  /** The path, parameters and query a crawler requests for the URL. */
  path: string;
  /** The path as compared, after the profile's normalisation. */
  normalisedPath: string;
  decisive: RuleMatch | null;
  /**
   * The groups that applied. Verdicts of one parsed file for the same agent share this array
   * and its objects: read it, do not change it. So do verdicts of one parsed file decided alike
   * (the same rule, the same matches) with their `decisive`, `matches`, `chainStep`,
   * `beyondSizeLimit`, `agentLineReadings`, `crawlerWhy`, `notRobotsTxt` and `explanation`:
   * one object each.
   */
  groups: AppliedGroup[];
  /** No group named the agent, so the `*` groups applied. */
  usedStarGroup: boolean;
  chainStep: UsedStep | null;
  /** Every rule of the applied groups that matched, in file order. */
  matches: RuleMatch[];
  /** When the verdict would differ if Googlebot read past 500 KiB: the rule that would decide. */
  beyondSizeLimit: RuleMatch | null;
  /** User-agent lines Google reads as another name than the one written (`MJ12bot` → `MJ`). */
  agentLineReadings: AgentLineReading[];
  /**
   * Asked with `asTyped`, when the agent is a catalogued crawler (or a UA string naming one)
   * whose own reading of the file answers otherwise than the chosen match model: that
   * crawler's verdict. Null otherwise.
   */
  crawlerReading: CrawlerReading | null;
  /**
   * The catalogued crawler that answered: the one `options.crawler` names, or the one the
   * agent as typed names (its name, or a UA string holding its token), which a check answers
   * as that crawler unless `options.asTyped`. Null for an agent answered as typed.
   */
  crawler: string | null;
  /**
   * Answered as the crawler the agent names: the answer for the agent exactly as typed, when
   * its verdict or deciding line differs. Null otherwise.
   */
  asTyped: Verdict | null;
  /**
   * For a check with `crawler`: which group that crawler used and why, as a core message. Only
   * from the packages built with the panels (the npm package's is); absent from the page's first.
   */
  crawlerWhy?: Message | null;
  /** The host the typed URL named, when it named one ("read as host X, path Y"). */
  urlHost: string | null;
  /** Why no crawler would request the typed URL, when so. */
  urlProblem: 'empty' | 'scheme' | 'no-host' | 'host-only' | 'too-long' | 'agent-too-long' | null;
  /** What the file is when it is plainly no robots.txt (an HTML page, an error body, binary data). */
  notRobotsTxt: NotRobotsTxt | null;
  /**
   * The answer in sentences, as message keys and values (`check` and `checkMany`; null in a
   * table's rows); `english` holds the same in English.
   */
  explanation: Explanation | null;
}

/** A file that is plainly no robots.txt: what it is, as codes (`explanation.content` words it). */
export interface NotRobotsTxt {
  kind: 'html-page' | 'html-page-with-rules' | 'json' | 'error-text' | 'binary';
  /** The line that shows what it is (1 for binary data). */
  line: number;
  /** That line's text, up to 80 characters (empty for binary data). */
  opener: string;
  /** For an HTML page with rules: how many of its lines read as robots.txt lines. */
  directiveLines: number | null;
  /** For binary data: its format's code (`gzip`, `png`, …, `binary`). */
  format: string | null;
}

/** The sentences of an answer: core messages `{ key, args }`, and their English text. */
export interface Explanation {
  verdict: Message;
  reason: Message;
  decidedBy: Message | null;
  group: Message | null;
  agent: Message | null;
  status: Message | null;
  /** What the file is and what crawlers do with it, when it is plainly no robots.txt. */
  content: Message | null;
  english: {
    verdict: string;
    reason: string;
    decidedBy: string | null;
    group: string | null;
    agent: string | null;
    status: string | null;
    content: string | null;
  };
}

/** A user-agent line whose name Google reads differently from what it says. */
export interface AgentLineReading {
  line: number;
  /** The name as written, up to the first `/` or space. */
  written: string;
  /** What Google compares (`MJ`); empty when the value starts with no letter. */
  googleReads: string;
  /** The line named the agent for this verdict, by the match model's reading. */
  applies: boolean;
  /** The other reading would name it: the written name under `token`, Google's token under `substring`. */
  otherReadingApplies: boolean;
}

/** A catalogued crawler's own reading of the file, beside a verdict that differs from it. */
export interface CrawlerReading {
  name: string;
  /** Which group it used: `status`, `none`, `none-ignores-star`, `fallback`, `star`, `own`, `record`. */
  group: string;
  verdict: Verdict;
  /** Which group it used and why, as a core message (absent where `crawlerWhy` is). */
  why?: Message;
}

export type Severity = 'error' | 'warning' | 'info';

/** One problem the audit found, with a stable code (`RL101`…); see docs/audit-codes.md. */
export interface Finding {
  /** The stable code, such as `RL301`. */
  code: string;
  /** The code's kebab-case name, such as `rule-before-user-agent`. */
  name: string;
  severity: Severity;
  line: number;
  /** UTF-16 offsets of the part of the text the finding is about, when narrower than the line. */
  start: number | null;
  end: number | null;
  /** What is wrong, in English. */
  message: string;
  why: string;
  fix: string;
  /** The corrected line(s), when the fix is mechanical. */
  replacement: string | null;
  relatedLines: number[];
  /**
   * The first question the finding is about, in English, computed by the engine ("Googlebot may
   * fetch `/admin/` under Google's parser; read as intended, it may not."); null for a note.
   * `robots-lens lint --format json` lists every question (`effect`).
   */
  example: string | null;
  /** How many questions the finding's evidence holds (0 for a note). */
  effects: number;
  /**
   * `checked`: the replacement was applied and re-asked before it was offered; `withheld`: the
   * obvious one failed that check, and `fix` says what to decide; `none`: the fix is in words.
   */
  fixCheck: 'checked' | 'withheld' | 'none';
  /**
   * The consumers the finding is about, as `robots-lens lint --format json` names them: the
   * readers its evidence shows changed, and those that flag, skip or read its line otherwise
   * than Google (never one that simply applies it and answers as meant).
   */
  consumers: ConsumerId[];
  /** The sentences as catalogue keys and values, to word them in another language. */
  messages: { message: Message; why: Message; fix: Message; example: Message | null };
}

/** A sentence of the core: a key of the page's catalogues and the values of its `{name}`s. */
export interface Message {
  key: string;
  args: Record<string, MessageValue>;
}

export type MessageValue =
  | string
  | number
  | { code: string }
  | { line: number }
  | { list: MessageValue[] }
  | { series: MessageValue[] }
  | Message;

export type LineKind =
  | 'user-agent'
  | 'allow'
  | 'disallow'
  | 'sitemap'
  | 'other'
  | 'unknown'
  | 'comment'
  | 'blank'
  | 'malformed';

/** One physical line, as a crawler reads it. */
export interface Line {
  number: number;
  /** UTF-16 offsets of the line in the text, terminator excluded. */
  start: number;
  end: number;
  text: string;
  kind: LineKind;
  key: string | null;
  value: string | null;
  /** The canonical name of a recognised non-standard directive (`crawl-delay`, `host`, …). */
  directive: string | null;
  spelling: 'exact' | 'typo' | 'prefix';
  malformed: 'no-separator' | 'empty-key' | null;
  hasComment: boolean;
  missingColon: boolean;
  tooLong: boolean;
  hasNul: boolean;
  invalidUtf8: boolean;
  beyondSizeLimit: boolean;
  cutBySizeLimit: boolean;
  /** The index of the group that owns the line, if any. */
  group: number | null;
}

export interface Agent {
  line: number;
  value: string;
  /** The product token, or null for `*`. */
  token: string | null;
  isStar: boolean;
  hasExtraText: boolean;
}

export interface Rule {
  line: number;
  kind: RuleKind;
  pattern: string;
  beyondSizeLimit: boolean;
}

export interface Group {
  index: number;
  agents: Agent[];
  rules: Rule[];
  otherLines: number[];
  lines: number[];
  firstLine: number;
  lastLine: number;
}

export interface Sitemap {
  line: number;
  url: string;
}

export interface Directive {
  line: number;
  key: string;
  /** The canonical name of a recognised directive, or null for an unknown key. */
  name: string | null;
  value: string;
  group: number | null;
}

export interface Facts {
  /** Bytes of UTF-8. */
  size: number;
  lineCount: number;
  bomBytes: number;
  validUtf8: boolean;
  firstLineBeyondLimit: number | null;
  lf: number;
  crlf: number;
  cr: number;
}

export type Purpose =
  | 'search'
  | 'ai-training'
  | 'ai-search'
  | 'user-triggered'
  | 'seo-tool'
  | 'archive'
  | 'ads'
  | 'other';

export type RobotsTxtCompliance = 'obeys' | 'may-ignore' | 'ignores' | 'unknown';

export interface Source {
  id: string;
  title: string;
  url: string;
}

/** A catalogued crawler. */
export interface Crawler {
  name: string;
  operator: string;
  purpose: Purpose;
  purposeTitle: string;
  /** Where its purpose comes in the engine's order of purposes, which lists sort by. */
  purposeRank: number;
  description: string;
  tokens: string[];
  /** A real user-agent string, when it has one. */
  userAgent: string | null;
  tokenOnly: boolean;
  /** The documented fallback chain, such as `['Googlebot-Image', 'Googlebot', '*']`. */
  chain: string[];
  /** Its chain never reaches `*`: a `User-agent: *` group does not apply to it. */
  ignoresStar: boolean;
  crawlDelay: 'yes' | 'no' | 'unknown';
  robotsTxt: RobotsTxtCompliance;
  /**
   * How its operator handles the fetch status of robots.txt: RFC 9309's rules, Google's (429 is
   * a server error), or undocumented (RFC 9309's are assumed).
   */
  fetchStatus: 'rfc9309' | 'google' | 'unknown';
  note: string | null;
  sources: {
    purpose: Source[];
    tokens: Source[];
    userAgent: Source[];
    chain: Source[];
    crawlDelay: Source[];
    robotsTxt: Source[];
    fetchStatus: Source[];
  };
}

/** What the whole file allows one crawler. */
export interface FileSummary {
  /** In words: `blocked from everything`, `3 rules (no group of its own: follows *)`, … */
  text: string;
  access: 'everything' | 'nothing' | 'partial';
  rules: number;
  usedStarGroup: boolean;
  chainStep: UsedStep | null;
  blockingLine: number | null;
  status: 'parse-file' | 'allow-all' | 'disallow-all' | null;
}

/** One catalogued crawler's row of the crawler table. */
export interface CrawlerRow {
  name: string;
  purpose: Purpose;
  purposeTitle: string;
  tokenOnly: boolean;
  robotsTxt: RobotsTxtCompliance;
  verdict: Verdict;
  summary: FileSummary;
  /**
   * When the operator's handling of the fetch status answers otherwise than RFC 9309's: whether
   * RFC 9309's reading allows the URL. Null when the two agree.
   */
  rfcStatusAllows: boolean | null;
}

/** One profile's answer to the same question. */
export interface ProfileRow {
  profile: ProfileId;
  title: string;
  verdict: Verdict;
  /** Whether it agrees with the verdict of the profile in the options. */
  agrees: boolean;
  /** One sentence of why not, when it disagrees, in English. */
  why: string | null;
  /** The same sentence as a catalogue key and values, to word it in another language. */
  whyMessage: Message | null;
}

export interface Recognised {
  name: string;
  token: string;
}

export interface Choice {
  id: string;
  title: string;
  summary: string;
}

export interface Defaults {
  profile: ProfileId;
  agentMatch: AgentMatchId;
  profiles: (Choice & { id: ProfileId; [policy: string]: unknown })[];
  agentMatches: (Choice & { id: AgentMatchId })[];
  /** Googlebot's 500 KiB limit, in bytes. */
  sizeLimit: number;
  /** The longest line Google reads, in bytes. */
  maxLineBytes: number;
  /** The longest URL a check accepts, in bytes; a longer one is refused with an Error. */
  maxUrlBytes: number;
  /** The longest agent a check accepts, in bytes. */
  maxAgentBytes: number;
  /** The kinds of crawler the page's policy builder offers, by purpose id. */
  policyPurposes: Purpose[];
}

/** A parsed robots.txt, kept inside the engine to check many URLs without parsing again. */
export declare class ParsedRobots {
  /** Parses `text`; the same as {@link parse}. */
  constructor(text: string);
  /** The text that was parsed. */
  readonly text: string;
  readonly facts: Facts;
  readonly lines: Line[];
  readonly groups: Group[];
  /** Allow and Disallow lines before the first user-agent line: no crawler obeys them. */
  readonly orphanRules: Rule[];
  readonly sitemaps: Sitemap[];
  readonly directives: Directive[];
  check(agent: string, url: string, options?: CheckOptions): Verdict;
  /** `check(agent, url, options).allowed`, without building the explanation (null for a URL no
   * crawler requests). */
  isAllowed(agent: string, url: string, options?: CheckOptions): boolean | null;
  /** The answers alone of `checkMany`'s verdicts, in one call into the engine. */
  answers(agent: string, urls: readonly string[], options?: CheckOptions): Answer[];
  checkMany(agent: string, urls: readonly string[], options?: CheckOptions): Verdict[];
  /** `Crawl-delay` and `Request-rate` of the groups a check for `agent` (or `options.crawler`) reads. */
  politeness(agent: string, options?: CheckOptions): Politeness;
  /** The `Crawl-delay` in seconds that applies to `agent` (or `options.crawler`), or null. */
  crawlDelay(agent: string, options?: CheckOptions): number | null;
  /** The `Request-rate` that applies to `agent` (or `options.crawler`), or null. */
  requestRate(agent: string, options?: CheckOptions): RequestRate | null;
  /** The host of the first `Host:` line with a value, or null. */
  readonly preferredHost: string | null;
  audit(): Finding[];
  /** What each consumer does with each line, and each one's summary. */
  consumers(): ConsumerTable;
  crawlers(url?: string, options?: CrawlerTableOptions): CrawlerRow[];
  compareProfiles(agent: string, url: string, options?: CheckOptions): ProfileRow[];
  /** Releases the engine's copy now rather than when the object is garbage-collected. */
  free(): void;
}

/** `Request-rate: 1/10m`: at most `requests` fetches every `seconds` (600), read from `line`. */
export interface RequestRate {
  requests: number;
  seconds: number;
  line: number;
}

/** What the groups that apply to one agent or crawler ask besides the rules. */
export interface Politeness {
  /** Seconds between fetches: the last valid `Crawl-delay` of the groups that apply, or null. */
  crawlDelay: number | null;
  /** The line of that `Crawl-delay`, or null. */
  crawlDelayLine: number | null;
  requestRate: RequestRate | null;
  /** The groups that apply (their `index`), as a verdict's `groups` name them. */
  groups: number[];
}

/** `Crawl-delay` and `Request-rate` that apply to `agent` (or `options.crawler`) under `robots`. */
export declare function politeness(robots: Robots, agent: string, options?: CheckOptions): Politeness;

/** Parses a robots.txt. Never fails on any text: problems are findings, not errors. */
export declare function parse(text: string): ParsedRobots;

/** May `agent` fetch `url` under `robots`? Throws on an invalid option, never on the file. */
export declare function check(
  robots: Robots,
  agent: string,
  url: string,
  options?: CheckOptions,
): Verdict;

/**
 * Whether `agent` may fetch `url` under `robots`: `check(…).allowed`, without building the
 * explanation. Parse once with {@link parse} to ask many times.
 */
export declare function isAllowed(
  robots: Robots,
  agent: string,
  url: string,
  options?: CheckOptions,
): boolean | null;

/**
 * The answers alone of `agent` for each of `urls`, in order, parsing the file once: the first
 * fields of each one's {@link check} verdict, without its explanation, matches or groups.
 */
export declare function answers(
  robots: Robots,
  agent: string,
  urls: readonly string[],
  options?: CheckOptions,
): Answer[];

/** The verdicts of `agent` for each of `urls`, in order, parsing the file once. */
export declare function checkMany(
  robots: Robots,
  agent: string,
  urls: readonly string[],
  options?: CheckOptions,
): Verdict[];

/** Every line a crawler will skip or misread, sorted by line then severity. */
export declare function audit(robots: Robots): Finding[];

/** A consumer of robots.txt files whose reading the table gives. */
export type ConsumerId =
  | 'google'
  | 'search-console'
  | 'lighthouse'
  | 'yandex'
  | 'bing'
  | 'rfc9309'
  | 'python'
  | 'robots-parser'
  | 'protego';

/** One consumer's reading of one line. */
export interface ConsumerReading {
  /** `applies`, `ignored`, `flagged` (in the consumer's own `words`) or `differs` (from Google). */
  status: 'applies' | 'ignored' | 'flagged' | 'differs';
  /** Why, as a stable code (`unknown-key`, `agent-list-cut`, …). */
  code: string;
  /** What it does and why, in English. */
  message: string;
  /** The message's catalogue key and values, for wording it in another language. */
  messageKey: unknown;
  /** For a flagged line, the consumer's own message and severity. */
  words: {
    id: string;
    text: string;
    severity: 'error' | 'warning' | 'info';
    documented: boolean;
    source: string;
  } | null;
}

/** Every consumer's reading of every line, and each consumer's summary. */
export interface ConsumerTable {
  consumers: { id: ConsumerId; name: string; version: string | null }[];
  lines: { line: number; readings: Record<ConsumerId, ConsumerReading> }[];
  summary: Record<
    ConsumerId,
    {
      /** Lighthouse only: whether its robots-txt audit passes (served with status 200). */
      passes: boolean | null;
      errors: number;
      warnings: number;
      /** The groups that hold at least one of `lines`. */
      groups: number;
      /** The lines the sentence is about (those flagged or read otherwise than Google reads them). */
      lines: number[];
      /** The sentence a person reads first: "Search Console: 2 lines not understood". */
      message: string;
      messageKey: unknown;
    }
  >;
  /** Lighthouse's robots-txt audit of the file served with status 200. */
  lighthouse: {
    version: string;
    outcome: 'passes' | 'fails' | 'not-applicable';
    errors: { line: number; message: string }[];
    seoPoints: number;
  };
}

/** What each consumer does with each line of `robots`, and each one's summary. */
export declare function consumers(robots: Robots): ConsumerTable;

/** The catalogue of known crawlers and their fallback chains. */
export declare function crawlers(): Crawler[];
/** For `url` (default `/`), every catalogued crawler's verdict and what the file allows it. */
export declare function crawlers(
  robots: Robots,
  url?: string,
  options?: CrawlerTableOptions,
): CrawlerRow[];

/** The same question asked of every profile, with why each disagrees. */
export declare function compareProfiles(
  robots: Robots,
  agent: string,
  url: string,
  options?: CheckOptions,
): ProfileRow[];

/** The catalogued crawler a user-agent string names, or null. */
export declare function recogniseCrawler(userAgent: string): Recognised | null;

/** The engine's version. */
export declare function version(): string;

/** The defaults and the choices of profile and agent match, with their descriptions. */
export declare function defaults(): Defaults;

/** One HTTP answer on the way to a fetched robots.txt. */
export interface Hop {
  url: string;
  status: number;
  /** Where it redirected to (resolved against `url`), or null. */
  location: string | null;
  /** `location` was already requested: a redirect loop. */
  loops: boolean;
  /** How long after the fetch started this answer arrived, in milliseconds. */
  elapsedMs: number;
}

/** Options of `fetchRobots`. */
export interface FetchOptions {
  /** A catalogued crawler whose documented user agent string is sent. */
  crawler?: string;
  /** The user agent string to send instead. */
  userAgent?: string;
  /** The most the whole fetch may take, in seconds (default 30). */
  timeout?: number;
  /** How many decoded bytes of the body to keep: 500 KiB and one byte by default (what crawlers
   * read and the byte that marks a cut), up to 32 MiB for the body as served past the cut. */
  keptBytes?: number;
}

/** A robots.txt as a site served it. */
export interface FetchedRobots {
  robotsUrl: string;
  userAgent: string;
  /** The catalogued crawler whose user agent was sent, or null. */
  crawler: string | null;
  hops: Hop[];
  failure: { kind: 'timeout' | 'host-not-found' | 'tls' | 'connection-failed' | 'bad-redirect'; message: string } | null;
  /** How it was served, in the form `check`'s `status` option takes (`301>200`, `404`, `html`,
   * `unreachable`, `3xx*6`). */
  status: string;
  statusClass: string;
  rfc9309Effect: 'parse-file' | 'allow-all' | 'disallow-all';
  contentType: string | null;
  contentEncoding: string | null;
  /** The decoded body: at most `keptBytes` (empty when no file was served). */
  body: Uint8Array;
  text: string;
  size: number;
  sizeComplete: boolean;
  cut: boolean;
  hasFile: boolean;
  /** The connection failed past the part crawlers read: the file is whole, its size is not. */
  bodyProblem: { kind: 'count-stopped'; detail: string } | null;
  /** How long the whole fetch took, in milliseconds. */
  elapsedMs: number;
  robots: ParsedRobots;
  /** `check` with the served status applied. */
  check(agent: string, url: string, options?: CheckOptions): Verdict;
}

/** Node.js only: fetches the robots.txt of `url`'s site the way crawlers do (redirects followed
 * and recorded up to five, the body decoded and cut at 500 KiB). Never rejects for what the site
 * does; throws a TypeError for a URL that cannot be fetched. Not in the browser build. */
export declare function fetchRobots(url: string, options?: FetchOptions): Promise<FetchedRobots>;

/** A robots.txt version a log is replayed against: in force from `from` (RFC 3339 or a Date;
 * always when absent), for `site` (`https://shop.example`; every site when absent). */
export interface RobotsVersion {
  robots: string;
  from?: string | Date;
  site?: string;
  label?: string;
}

export interface LogReplayOptions {
  profile?: ProfileId;
  /** How an agent the catalogue does not know is compared with the groups. */
  agentMatch?: AgentMatchId;
  logFormat?: 'auto' | 'combined' | 'common' | 'json' | 'w3c';
  /** Which JSON fields hold what, for names the reader does not know: `'agent=ua,url=req.path'`. */
  fields?: string;
}

/** One request as judged: the keys of `robots-lens logs --format jsonl`. */
export interface JudgedRequest {
  file: string;
  line: number;
  /** RFC 3339, UTC. */
  time: string | null;
  ip: string | null;
  agent: string;
  /** The catalogued crawler its user agent names. */
  crawler: string | null;
  host: string | null;
  url: string;
  /** Null when not judged (see `unjudged`). */
  allowed: boolean | null;
  deciding_line: number | null;
  /** The label of the version it was judged against. */
  version: string | null;
  /** In the ranges the crawler's operator publishes; null for an unknown agent or an operator
   * that publishes none. */
  verified: boolean | null;
  unjudged: 'before-first-version' | 'no-time' | 'no-file' | 'url-refused' | 'too-long' | null;
}

/** One row of a log report: a crawler, its impersonators, or the unknown agents. */
export interface LogCrawlerRow {
  crawler: string | null;
  claim: 'crawler' | 'impersonator' | 'unknown';
  requests: number;
  verified: number;
  unverifiable: number;
  judged: number;
  disallowed: number;
  violations: {
    version: number;
    label: string;
    line: number | null;
    rule: string | null;
    requests: number;
    example: { file: number; line: number; url: string; time: string | null; ip: string };
  }[];
  robots_txt: { fetches: number; hosts: number; fetched_first: number; untracked_requests: number };
  pace: {
    crawl_delay: number | null;
    request_rate: { requests: number; seconds: number } | null;
    checked: number;
    faster_than_delay: number;
    over_request_rate: number;
    shortest_interval: number | null;
  };
  first: string | null;
  last: string | null;
  /** Requests and disallowed requests per bucket of `LogReport.timeline`. */
  timeline: [number, number][];
}

/** What a replay found: the object `robots-lens logs --format json` prints
 * (schemas/logs.schema.json). */
export interface LogReport {
  files: string[];
  bytes: number;
  lines: number;
  requests: number;
  skipped: number;
  unreadable: {
    total: number;
    reasons: Partial<Record<'unrecognised' | 'no-request' | 'invalid-json' | 'no-fields' | 'too-long', number>>;
    examples: { file: number; line: number; reason: string; text: string }[];
  };
  unjudged: Partial<Record<NonNullable<JudgedRequest['unjudged']>, number>>;
  versions: { label: string; site: string | null; from: string | null; requests: number }[];
  profile: ProfileId;
  ip_ranges: {
    operator: string;
    how_to_verify: string;
    lists: { url: string; date: string; crawlers: string; prefixes: number }[];
  }[];
  crawlers: LogCrawlerRow[];
  timeline: { start: string | null; bucket_seconds: number; buckets: number };
}

/** A log's bytes: text, bytes, an (async) iterable of either (a Node stream, `file.stream()`),
 * or one of those named. Gzip'd logs are recognised by their first bytes. */
export type LogInput =
  | string
  | Uint8Array
  | Iterable<string | Uint8Array>
  | AsyncIterable<string | Uint8Array>
  | { name: string; data: string | Uint8Array | Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array> };

/** Access logs replayed against robots.txt versions, fed a chunk at a time. */
export declare class LogReplay {
  constructor(robots: string | (string | RobotsVersion)[], options?: LogReplayOptions);
  startFile(name: string, options?: { keep?: 'none' | 'disallowed' | 'all' }): JudgedRequest[];
  feed(chunk: Uint8Array | string, options?: { keep?: 'none' | 'disallowed' | 'all' }): JudgedRequest[];
  finish(options?: { keep?: 'none' | 'disallowed' | 'all' }): JudgedRequest[];
  report(): LogReport;
  free(): void;
}

/** Did the bots obey? Replays `logs` against `robots` and resolves to the summary. */
export declare function replayLogs(
  logs: LogInput | LogInput[],
  robots: string | (string | RobotsVersion)[],
  options?: LogReplayOptions,
): Promise<LogReport>;

/** Every request of `logs` as judged, in log order. */
export declare function judgedRequests(
  logs: LogInput | LogInput[],
  robots: string | (string | RobotsVersion)[],
  options?: LogReplayOptions & { keep?: 'disallowed' | 'all' },
): AsyncGenerator<JudgedRequest>;
