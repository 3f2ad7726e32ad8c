//# allFunctionsCalledOnLoad
/**
 * The page's wiring: element references, event handlers, the debounced refresh, and what is
 * kept between visits.
 *
 * Every change (typing, a file, an example, a link, a switch) ends in `scheduleRefresh`, which
 * saves the work, then asks the engine for the analysis and the verdict of the current text and
 * hands them to the render functions. Nothing here knows robots.txt rules: the engine decides,
 * render.js puts it into words.
 *
 * Start-up is ordered for the first verdict: restore the work, answer it on the main thread
 * (first-answer.js `firstAnswer`), and only then start the engine worker and import the panels below
 * the verdict, which would otherwise compete with it for the processor.
 */

import { Editor } from './page/editor.js';
import { EngineError, engineInput, firstAnswer, keepOpenedBytes } from './engine/first-answer.js';
import {
  CrawlerChoice,
  EXAMPLES,
  SavedWork,
  base64ToBytes,
  bytesToBase64,
  decodeBytes,
  decodeShare,
  describeLines,
  draftFits,
  encodeShare,
  exampleById,
  isShare,
  MAX_DRAFT_LENGTH,
} from './page/work.js';
import * as render from './text/render.js';
import { clearSummary, engineErrorText, showCrawlerWhy, showHeaderVerdict, showSummary } from './text/render.js';
import {
  formatBytes,
  formatCount,
  loadPanelTexts,
  onLanguageChange,
  preferredLanguage,
  setLanguage,
  setUpLanguageSwitch,
  t,
  useCatalogue,
} from './text/i18n.js';
// The English texts are part of the page's module graph (index.html preloads them with the
// modules), so they are there when this module runs: fetched, they were a request and several
// tasks later, and the first verdict waited for them (issue 17). Other languages are fetched;
// the panels' texts (en.panels.json) come after the first verdict, with the panels (loadPanels).
import english from './text/i18n/en.json' with { type: 'json' };

/** Quiet time after the last keystroke before the page recomputes. */
const DEBOUNCE_MS = 150;
/** Larger files are refused before reading: the textarea would not cope. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;
/** How long the engine worker waits for the first verdict before it starts anyway. */
const FIRST_ANSWER_WAIT_MS = 1000;
/** How long it then waits for the frame that shows that verdict. */
const FIRST_FRAME_WAIT_MS = 100;
/** How long "Copy link" waits for the clipboard before showing the link to copy by hand. */
const CLIPBOARD_TIMEOUT_MS = 1000;

const $ = (selector) => document.querySelector(selector);
const elements = {
  siteNav: $('.site-nav'),
  bootMessage: $('#boot-message'),
  engineError: $('#engine-error'),
  textarea: $('#robots'),
  editor: $('#editor'),
  gutter: $('#gutter-numbers'),
  openFile: $('#open-file'),
  fileInput: $('#file-input'),
  exampleSelect: $('#example-select'),
  loadExample: $('#load-example'),
  copyLink: $('#copy-link'),
  facts: $('#file-facts'),
  fileNotes: $('#file-notes'),
  agent: $('#agent'),
  url: $('#url'),
  agentMatchChoices: $('#agent-match-choices'),
  profileChoices: $('#profile-choices'),
  asCrawler: $('#as-crawler'),
  result: $('#result'),
  verdict: $('#verdict'),
  explanation: $('#explanation'),
  fileView: $('#file-view'),
  audit: $('#audit'),
  crawlerTable: $('#crawler-table'),
  selftestSummary: $('#selftest-summary'),
  divergence: $('#divergence'),
  lineNotes: $('#line-notes'),
  groups: $('#groups'),
  sitemaps: $('#sitemaps'),
  directives: $('#directives'),
  orphanRules: $('#orphan-rules'),
  version: $('#engine-version'),
};

const state = {
  engine: null,
  /** The analysis on display and the text it belongs to. */
  analysis: null,
  analysisText: null,
  agentMatch: null,
  profile: null,
  /** Answer an agent that names a catalogued crawler as that crawler (see `answer`). */
  asCrawler: true,
  /** The catalogued crawler the verdict on display answers for, or null (the agent as typed). */
  answeredAs: null,
  /** Every catalogued crawler's name, once the engine has given the catalogue. */
  crawlerNames: [],
  /** Notes about how the current text arrived (file, example, link). */
  loadNotes: [],
  /** The text a load replaced, offered back with "Restore". */
  previousText: null,
  /** The last save failed (storage full or disabled): warn before the page closes. */
  unsaved: false,
  /** Whether the text not kept was longer than a draft may be (work.js MAX_DRAFT_LENGTH). */
  unsavedTooLarge: false,
  /** What was saved last, so that a refresh with nothing new writes nothing. */
  lastSaved: null,
  /** Notes about what is stored: another tab's newer text, a stale save, a clearing. */
  storageNotes: [],
  /** The fetch status saved work or a link asked for, until the status picker is loaded. */
  wantedStatus: null,
  /** The pinned checks saved work or a link brought, until the pins panel is loaded. */
  wantedPins: [],
  /** The line the file view was last scrolled to. */
  revealedLine: null,
  /** The lines a long text's editor holds (editor.js `onWindow`), or null when it holds all. */
  editorWindow: null,
  /** The panels' engine (a promise, see `panelEngine`), started with their first question. */
  panelEngine: null,
  panelEngineReady: null,
  /** The latest question's panels being drawn (see `recompute`); never rejects. */
  panelsRun: Promise.resolve(),
  refreshTimer: 0,
  /** The save `refresh` asked for, run in a task of its own (see `saveSoon`). */
  saveTimer: 0,
  refreshing: null,
  refreshAgain: false,
};

const editor = new Editor({
  textarea: elements.textarea,
  gutter: elements.gutter,
  dropZone: elements.editor,
  onFiles: openFiles,
  onWindow: showEditorWindow,
});
const crawlerChoice = new CrawlerChoice(elements.agent);
/** The work kept between visits, this tab's own (see work.js). */
const savedWork = new SavedWork();
/** Another tab's newer draft, offered and not imposed. */
let otherTabDraft = null;

/**
 * The parts of the page below the verdict: the crawler picker and table, the fetch status, the
 * audit, the other readers' answers and the self-test (see `loadPanels`). They are most of the
 * page's code and none of it is needed for the first verdict, so they load after it; null until
 * then, and for good if they could not be loaded.
 */
let panels = null;

/**
 * Every consumer's reading of every line (www/panels/consumers.js): its module and its engine's
 * package load the first time `#consumers` is opened; null until then.
 */
let consumersPanel = null;

/**
 * The file's reading, the explanation under the verdict and the annotated file
 * (www/text/render-file.js): loaded after the first verdict, which draws none of them, with the
 * panels (`loadFileReading`); null until then, and for good if it could not be loaded.
 */
let fileReading = null;

useCatalogue('en', english);
main();

async function main() {
  document.documentElement.dataset.debounceMs = String(DEBOUNCE_MS);
  // The texts load while the work is restored; the first verdict is drawn in the page's language.
  const languageReady = setLanguage(preferredLanguage(), { remember: false }).catch(showEngineError);
  wireEvents();
  // Restored work may bring a note to show (a loaded example, a link), so its words come first:
  // the catalogue is preloaded and arrives long before the wasm module is compiled.
  await languageReady;
  await restoreWork();
  // The first verdict, and the frame that shows it, before anything else competes for the
  // processor: the menus, the worker, the panels. (A hidden tab has no frames; it waits a
  // moment instead.) The two menus are empty until then: filled, they were style and layout
  // the verdict's frame paid for (issue 17).
  await Promise.race([showFirstAnswer(), delay(FIRST_ANSWER_WAIT_MS)]);
  await Promise.race([nextFrame(), delay(FIRST_FRAME_WAIT_MS)]);
  fillExamples();
  setUpLanguageSwitch($('#language-select'), (message) => showEngineError({ message }));
  onLanguageChange(() => {
    // The reading of the file (facts, groups, notes) is drawn again in the new language.
    state.analysis = null;
    fillExamples();
    drawChoices();
    showEditorWindow(state.editorWindow);
    scheduleRefresh();
  });
  const starting = startWorkerEngine();
  starting.catch(() => {}); // Reported by startEngine, once the panels can show it too.
  await startEngine(starting, Promise.all([loadPanels(), loadFileReading()]));
}

/** Loads the consumers' panel the first time it is opened; it answers its later toggles itself. */
async function openConsumers() {
  const root = $('#consumers');
  if (!root.open || consumersPanel !== null) return;
  try {
    const [{ ConsumersPanel }, { consumersEngine }] = await Promise.all([
      import('./panels/consumers.js'),
      import('./engine/consumers-engine.js'),
      // Its readings word the audit's sentences, which are the panels' texts (loadPanels).
      loadPanelTexts(),
    ]);
    consumersPanel ??= new ConsumersPanel({
      root,
      fileView: elements.fileView,
      findings: elements.audit,
      engine: () => consumersEngine(showEngineError),
      text: () => editor.text,
      auditText: () => panels?.audit.shownText ?? null,
    });
  } catch (error) {
    $('#consumers-status').textContent = t('consumers.failed', { detail: error.message });
    return;
  }
  if (root.open) consumersPanel.open(editor.text);
}

/** The example menu, in the page's language, showing the example in the editor, if any. */
function fillExamples() {
  elements.exampleSelect.replaceChildren(
    new Option(t('editor.example-choose'), ''),
    ...EXAMPLES.map((example) => new Option(t(example.title), example.id)),
  );
  syncExamplePicker({ force: true });
}

/** The editor's text the example menu was last set for. */
let syncedPickerText = null;
/** An example chosen in the menu and not loaded yet, which no refresh may undo. */
let pickerChoicePending = false;

/**
 * Shows in the example menu the example the editor holds, or "Choose an example…" once the
 * text is no example's (a paste, an edit, a file): the menu never names a file that is not there.
 */
function syncExamplePicker({ force = false } = {}) {
  const select = elements.exampleSelect;
  if (select.options.length === 0) return; // Filled after the first verdict.
  // A person's pending choice stays until it is loaded, whatever the refreshes that follow
  // (a switch, the agent, the debounced refresh of the text typed just before).
  if (!force && pickerChoicePending) return;
  pickerChoicePending = false;
  const text = editor.text;
  // Only a change of the text moves the menu, so an ordinary refresh costs no comparison.
  if (!force && text === syncedPickerText) return;
  syncedPickerText = text;
  // Comparing lengths first keeps this cheap for a 10 MB text: no example is that long.
  const shown = EXAMPLES.find((example) => example.text.length === text.length && example.text === text);
  const value = shown?.id ?? '';
  if (select.value !== value) select.value = value;
}

/**
 * Loads the panels below the verdict and wires them. Never rejects: when they cannot be loaded,
 * the page says so and the checker above them goes on working.
 */
/**
 * An engine in a worker (www/engine/engine.js), which answers every question after the first
 * verdict: that module is imported then, not before (the first verdict is answered without it).
 */
async function startWorkerEngine() {
  const { Engine } = await import('./engine/engine.js');
  return Engine.start();
}

/**
 * Loads the file's reading (`fileReading`) and its words, which are the panels' texts (its line
 * notes'), so that nothing is drawn before they are in; the refresh that follows draws it.
 */
async function loadFileReading() {
  try {
    [fileReading] = await Promise.all([import('./text/render-file.js'), loadPanelTexts()]);
  } catch (error) {
    const why = t('app.panels-missing', { detail: error.message });
    elements.groups.replaceChildren(render.h('p', { class: 'empty-state' }, why));
  }
}

async function loadPanels() {
  let modules;
  try {
    // The panels' texts (the findings', the crawlers', the guide's: www/text/i18n.js) come with
    // their modules, so that no panel draws before its words are in.
    [modules] = await Promise.all([
      Promise.all([
        import('./panels/crawlers.js'),
        import('./panels/fetch-status.js'),
        import('./panels/findings.js'),
        import('./panels/divergence.js'),
        import('./panels/selftest.js'),
        import('./panels/guide.js'),
        import('./panels/preferences.js'),
        import('./panels/policy-builder.js'),
        import('./panels/live-site.js'),
        import('./panels/logs.js'),
        import('./panels/url-list.js'),
        import('./panels/compare.js'),
        import('./panels/pins.js'),
        import('./engine/lists-engine.js'),
      ]),
      loadPanelTexts(),
    ]);
  } catch (error) {
    showPanelsMissing(error.message);
    return;
  }
  const [
    { CrawlerPanel },
    { FetchStatusPicker },
    findings,
    { renderDivergence },
    { setUpSelfTest },
    guide,
    { PreferencesPanel },
    { PolicyBuilder },
    { LiveSitePanel },
    { LogsPanel },
    ...lists
  ] =
    modules;
  const fetchStatus = new FetchStatusPicker({ onChange: scheduleRefresh });
  fetchStatus.restore(state.wantedStatus);
  panels = {
    crawlers: new CrawlerPanel({ choice: crawlerChoice, onChange: scheduleRefresh, answersAsCrawler: () => state.asCrawler }),
    fetchStatus,
    audit: new findings.AuditPanel({
      container: elements.audit,
      fileView: elements.fileView,
      onShow: (text) => consumersPanel?.markFindings(text),
    }),
    renderDivergence,
    copyReplacement: findings.copyReplacement,
    guide: guide.setUpGuide({ container: $('#guide-body'), toc: $('#guide-toc'), engine: () => state.engine }),
    ...listPanels(...lists),
    listsEngine: () => lists[3].listsEngine(showEngineError),
    preferences: new PreferencesPanel({ container: $('#preferences') }),
    PolicyBuilder,
    policy: null,
    live: new LiveSitePanel({
      onFetched: showFetched,
      onCompare: compareWithMine,
      hasPrevious: () => (state.previousText ?? savedWork.previous()) !== null,
    }),
    // Did bots obey? Judged against the file in the editor (and the versions it is given).
    logs: new LogsPanel({
      current: () => editor.text,
      options: () => ({ profile: state.profile, agentMatch: state.agentMatch }),
    }),
  };
  setUpSelfTest({
    button: $('#selftest-run'),
    summary: elements.selftestSummary,
    progress: $('#selftest-progress'),
    results: $('#selftest-results'),
    engine: () => state.engine,
  });
}

/**
 * The URL list, the comparison of two versions and the pinned checks (www/panels/url-list.js,
 * www/panels/compare.js, www/panels/pins.js): what they read of the page is handed to them as functions.
 */
function listPanels({ UrlListPanel }, { ComparePanel }, { PinsPanel }, { listsEngine }) {
  const engine = () => listsEngine(showEngineError);
  // `asTyped`: the reading options ask for the agent exactly as typed; else the engine answers a
  // catalogued crawler's name as that crawler, as the checker does.
  const check = () => ({
    text: editor.text,
    agent: elements.agent.value,
    options: { ...expectationOptions(), asTyped: !state.asCrawler },
  });
  // The comparison asks about the list's URLs for its agents: it follows their changes.
  const urlList = new UrlListPanel({ engine, check, onChange: () => compare.changed() });
  const compare = new ComparePanel({
    engine,
    check,
    // Every catalogued crawler and the agent, whatever the list is checked for: a version that
    // opens the site to one crawler must not read as "no change" because it was not chosen.
    askers: () => {
      const { agent, crawlers } = urlList.askers();
      return { agent, crawlers: [...new Set([...crawlers, ...state.crawlerNames])] };
    },
    list: () => urlList.list(),
    previousText: () => state.previousText ?? savedWork.previous(),
  });
  const pins = new PinsPanel({
    engine,
    current: () => ({
      url: elements.url.value,
      agent: elements.agent.value,
      crawler: state.answeredAs ?? crawlerChoice.name,
      allowed: { allowed: true, disallowed: false }[elements.verdict.dataset.verdict] ?? null,
    }),
    onChange: () => {
      saveWork();
      panels?.pins.update(editor.text, expectationOptions());
    },
  });
  pins.restore(state.wantedPins);
  return { urlList, compare, pins };
}

/** The options the lists and pins are checked with: the checker's, without its crawler. */
function expectationOptions() {
  return { agentMatch: state.agentMatch, profile: state.profile, ...panels?.fetchStatus.checkOptions() };
}

/** Says, where each missing panel would be, that it could not be loaded. */
function showPanelsMissing(detail) {
  const why = t('app.panels-missing', { detail });
  for (const container of [elements.crawlerTable, elements.audit]) {
    container.replaceChildren(render.h('p', { class: 'empty-state' }, why));
    container.closest('[aria-busy]')?.setAttribute('aria-busy', 'false');
  }
  elements.selftestSummary.textContent = why;
}

/** The fetch status the checks use, as the engine reads it (`404`, `301>200`…), or null. */
function currentStatus() {
  return panels === null ? state.wantedStatus : panels.fetchStatus.status;
}

function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Which questions get their first verdict on the main thread (see `firstAnswer`): texts up to
 * FIRST_ANSWER_MAX_CHARS whose size times the URL's stays under FIRST_ANSWER_MAX_WORK, since
 * matching costs up to |pattern| · |path| per rule. The worst such question takes a few
 * milliseconds; anything larger waits for the worker, so no input can freeze the page.
 */
const FIRST_ANSWER_MAX_CHARS = 64 * 1024;
const FIRST_ANSWER_MAX_WORK = 4_000_000;

function smallEnoughForMainThread(text, agent, url) {
  if (text.length > FIRST_ANSWER_MAX_CHARS) return false;
  return text.length * (url.length + agent.length + 1) <= FIRST_ANSWER_MAX_WORK;
}

/**
 * Shows the first verdict before the engine worker is ready, for a small text. The worker's
 * answer replaces it; it is dropped if the worker answered first or the inputs changed.
 */
async function showFirstAnswer() {
  const asked = () => [editor.text, elements.agent.value, elements.url.value];
  const question = asked();
  if (!smallEnoughForMainThread(...question)) return;
  const options = {
    agentMatch: state.agentMatch,
    profile: state.profile,
    crawler: crawlerChoice.name ?? undefined,
    status: currentStatus() ?? undefined,
  };
  let answered;
  try {
    answered = await answer((asked) => firstAnswer(...question, asked), options);
  } catch {
    return; // The worker answers anyway, and reports what went wrong.
  }
  const unchanged = asked().every((value, index) => value === question[index]);
  // A URL no crawler requests gets no verdict: the worker's answer says why.
  if (unchanged && !answered.shown.urlProblem && elements.verdict.dataset.verdict === '') showAnswer(answered, question[0]);
}

/**
 * The answer the summary gives, asked once through `ask(options)` (a check on the engine): with
 * a crawler chosen in the menu, that crawler's; else the engine's reading of the agent typed
 * (a catalogued crawler's name, or a UA string holding one, is that crawler, with the name as
 * typed beside it where that differs), unless the reading options ask for the agent exactly as
 * typed. `{ shown, crawler, chosen, asTyped }`.
 */
async function answer(ask, options) {
  // A crawler chosen is never "as typed" (the engine refuses the pair).
  const asked = await ask({ asTyped: !state.asCrawler && !options.crawler, ...options });
  return {
    shown: asked,
    crawler: asked.crawler ?? null,
    chosen: Boolean(options.crawler),
    asTyped: asked.asTyped ?? null,
  };
}

function wireEvents() {
  elements.textarea.addEventListener('input', scheduleRefresh);
  // A paste over the text keeps what it replaced as the previous text, as a file or an example
  // does: Compare's "Use the previous text" and Restore find it. Read before the editor handles
  // the paste (a capturing listener runs first), and compared after the editor's next task,
  // which is when it splices in a large paste.
  elements.textarea.addEventListener(
    'paste',
    () => {
      const before = editor.text;
      setTimeout(() => {
        if (editor.text !== before) keepPrevious(before);
      }, 0);
    },
    { capture: true },
  );
  elements.agent.addEventListener('input', scheduleRefresh);
  elements.url.addEventListener('input', scheduleRefresh);
  elements.agentMatchChoices.addEventListener('change', handleChoice);
  elements.profileChoices.addEventListener('change', handleChoice);
  elements.asCrawler.addEventListener('change', () => {
    state.asCrawler = elements.asCrawler.checked;
    syncChoices();
    scheduleRefresh();
  });
  elements.openFile.addEventListener('click', () => elements.fileInput.click());
  elements.fileInput.addEventListener('change', () => {
    openFiles([...elements.fileInput.files]);
    elements.fileInput.value = '';
  });
  elements.exampleSelect.addEventListener('change', () => {
    pickerChoicePending = elements.exampleSelect.value !== '';
  });
  elements.loadExample.addEventListener('click', () => {
    pickerChoicePending = false;
    loadExample(elements.exampleSelect.value);
  });
  elements.copyLink.addEventListener('click', copyLink);
  // On a phone the sections are one row that scrolls sideways, and Chromium leaves a link
  // reached with Tab past that row's edge (it scrolls only the window to a focused element).
  elements.siteNav.addEventListener('focusin', (event) => {
    event.target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  });
  document.addEventListener('click', handleDelegatedClick);
  $('#consumers').addEventListener('toggle', openConsumers);
  window.addEventListener('hashchange', () => {
    if (isShare(location.hash)) applyShare(location.hash);
  });
  // Save what is pending when the page goes away, and warn when it could not be saved at all.
  window.addEventListener('pagehide', flushSave);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushSave();
  });
  window.addEventListener('beforeunload', (event) => {
    if (state.unsaved && editor.text.trim() !== '') event.preventDefault();
  });
}

// -------------------------------------------------------------------------------------------
// The engine and the refresh cycle

/** Waits for the engine and the panels, then fills the choices and runs the first refresh. */
async function startEngine(starting, panelsLoading) {
  try {
    state.engine = await starting;
  } catch (error) {
    await panelsLoading;
    elements.bootMessage.hidden = true;
    showEngineError(error);
    showNoVerdict(t('app.no-verdict-engine'));
    panels?.audit.stop(t('app.no-audit-engine'));
    elements.result.setAttribute('aria-busy', 'false');
    return;
  }
  state.engine.onRestart = showEngineError;
  const { defaults, version } = state.engine;
  elements.version.textContent = `v${version}`;
  state.agentMatch = pick(defaults.agentMatches, state.agentMatch, defaults.agentMatch);
  state.profile = pick(defaults.profiles, state.profile, defaults.profile);
  drawChoices();
  elements.bootMessage.hidden = true;
  await panelsLoading;
  // Not awaited: the worker answers it before the first check, so the menus are filled by the
  // time the check reads them, without a round trip of its own before the refresh.
  startCrawlers();
  await refresh();
  panels?.guide.refresh();
  // A second worker, started once the first verdict is on screen, so it does not delay it.
  panels?.audit.start();
  registerServiceWorker();
}

/**
 * Registers the service worker (sw.js, at the root beside index.html) that keeps the page's
 * files for offline use, once the page is running, so its downloads compete with nothing. A
 * browser without service workers, or one that refuses this one, still runs the page online.
 */
function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(new URL('../sw.js', import.meta.url)).catch(() => {});
}

/** Fills the crawler picker, the all-crawlers filter and the status menu from the engine. */
async function startCrawlers() {
  if (panels === null) return;
  try {
    const { catalogue, statusChoices } = await state.engine.crawlerSetup();
    state.crawlerNames = catalogue.map((crawler) => crawler.name);
    panels.crawlers.start(catalogue);
    panels.urlList.start(catalogue);
    panels.fetchStatus.start(statusChoices, catalogue);
    panels.live.start(catalogue);
  } catch (error) {
    // The checker still works on the agent as typed and a file served with 200.
    showEngineError(error);
  }
}

/** `wanted` when it is one of `choices`, else `fallback`. */
function pick(choices, wanted, fallback) {
  return choices.some((choice) => choice.id === wanted) ? wanted : fallback;
}

function handleChoice(event) {
  if (event.target.name === 'agent-match') state.agentMatch = event.target.value;
  if (event.target.name === 'profile') state.profile = event.target.value;
  syncChoices();
  scheduleRefresh();
}

function scheduleRefresh() {
  elements.result.setAttribute('aria-busy', 'true');
  clearTimeout(state.refreshTimer);
  state.refreshTimer = setTimeout(() => {
    state.refreshTimer = 0;
    refresh();
  }, DEBOUNCE_MS);
}

/**
 * Saves the work, then brings the analysis and the verdict up to date with the inputs. Runs
 * one at a time; a call while one runs makes it run once more at the end, with the latest input.
 */
async function refresh() {
  saveSoon();
  syncExamplePicker();
  dropStaleShareNotes();
  if (state.refreshing) {
    state.refreshAgain = true;
    return state.refreshing;
  }
  state.refreshing = (async () => {
    // Without an engine (it failed to load) there is nothing to recompute; the work is saved.
    while (state.engine !== null) {
      state.refreshAgain = false;
      await recompute();
      if (!state.refreshAgain) break;
    }
  })();
  try {
    await state.refreshing;
  } finally {
    state.refreshing = null;
    // Busy until the verdict and the panels under it match the inputs: tests and assistive
    // technology wait for this.
    if (state.refreshTimer === 0) settleWhenPanelsDrawn();
  }
}

async function recompute() {
  const text = editor.text;
  const agent = elements.agent.value;
  const url = elements.url.value;
  // A URL or agent past the limits gets no verdict, but the file is still read and audited.
  const tooLong = argumentTooLong(agent, url);
  let verdict;
  let answered;
  let options;
  let crawlerOptions;
  try {
    // The verdict needs the parse and the check, not the analysis (every line as an object,
    // which for a large file takes longer than both): the analysis is asked for after it.
    await state.engine.load(text);
    if (tooLong !== null) {
      showNoVerdict(tooLong);
      showFileReading(await state.engine.analyze(text), text);
      return;
    }
    // Read after the load: the worker answers the crawler menus' set-up before it, so on the
    // first refresh they are filled by now. `status` (how the file was served) applies to every
    // verdict; `crawler` to the main one.
    // `asTyped`: the reading options ask for the agent exactly as typed, in every panel too.
    options = {
      agentMatch: state.agentMatch,
      profile: state.profile,
      asTyped: !state.asCrawler,
      ...panels?.fetchStatus.checkOptions(),
    };
    crawlerOptions = panels?.crawlers.checkOptions() ?? {};
    answered = await answer((asked) => state.engine.check(text, agent, url, asked), { ...options, ...crawlerOptions });
    verdict = answered.shown;
    // The panels below ask the same question as the summary: the crawler's own, when it is.
    if (answered.crawler !== null) crawlerOptions = { ...crawlerOptions, crawler: answered.crawler, asTyped: false };
  } catch (error) {
    showFailure(error);
    showNoVerdict(
      error instanceof EngineError ? t('app.no-verdict-failed') : t('app.no-verdict-page'),
    );
    return;
  }
  if (verdict.urlProblem) {
    // No crawler would request what was typed (ftp://x, a host with no path): the engine says
    // why, and that stands where the verdict would, rather than an answer for `/`.
    elements.url.setAttribute('aria-invalid', 'true');
    showNoVerdict(t('app.no-verdict-url', { problem: render.urlProblemWords(verdict.urlProblem) }));
    showFileReading(await state.engine.analyze(text), text);
    return;
  }
  // The verdict first, so it is on screen in the next frame; then what explains it. From here
  // on, a part that fails says so in its place and leaves the verdict standing.
  showAnswer(answered, text);
  hideEngineError();
  await nextFrame();
  // Newer input is waiting: what would be drawn now is already stale, and the engine calls for
  // it would hold up the next verdict.
  const stale = () =>
    state.refreshTimer !== 0 || editor.text !== text || elements.agent.value !== agent || elements.url.value !== url;
  if (stale()) return;
  let analysis = null;
  await guarded(async () => {
    analysis = await state.engine.analyze(text);
  }, elements.explanation);
  if (analysis === null || stale()) return;
  // The explanation draws the file view again, so the audit's marks are put back on it.
  const explain = () =>
    guarded(() => {
      showExplanation(verdict, analysis, text, url);
      panels?.audit.markFileView(text);
      consumersPanel?.markFileView(text);
    }, elements.explanation);
  showFileReading(analysis, text);
  if (panels === null) {
    explain();
    return;
  }
  if (stale()) return;
  // The panels run after the previous keystroke's panels, and the next verdict does not wait
  // for them: a panel's answer for a text already changed is not drawn.
  const previous = state.panelsRun;
  state.panelsRun = (async () => {
    await previous;
    if (!stale()) await showPanels(text, agent, url, options, crawlerOptions, verdict, stale, explain);
  })().catch((error) => showFailure(error));
}

/**
 * The panels under the verdict for one question; `stale()` says the inputs changed since.
 * `explain()` draws the explanation, after the other readers and the AI usage that stand
 * above it: drawn first, it was pushed down when they came (a layout shift under the reader's
 * eyes).
 */
async function showPanels(text, agent, url, options, crawlerOptions, verdict, stale, explain) {
  // A crawler's own answer: which group it used, in the core's words, in the summary.
  if (crawlerOptions.crawler) {
    await guarded(async () => {
      const why = await (await panelEngine()).crawlerWhy(text, agent, url, { ...options, ...crawlerOptions });
      if (!stale() && why) showCrawlerWhy(why);
    }, null);
    if (stale()) return;
  }
  guarded(() => {
    panels.pins.update(text, options); // Not awaited: it answers in the lists engine, on its own.
    panels.urlList.changed();
    panels.compare.changed();
  }, elements.audit);
  // The same question as the verdict's, crawler and fetch status included.
  await guarded(() => showDivergence(text, agent, url, { ...options, ...crawlerOptions }, verdict, stale), elements.divergence);
  if (stale()) return;
  // What may be done with the URL, under the verdict; the policy builder follows the text.
  await guarded(async () => {
    const usage = await (await panelEngine()).usage(text, agent, url, { ...options, ...crawlerOptions });
    if (!stale()) panels.preferences.show(usage);
  }, $('#preferences'));
  if (stale()) return;
  await explain();
  guarded(() => showPolicy(), null);
  // Every crawler's verdict comes last; when the inputs changed meanwhile, the next pass does it.
  await guarded(
    () => showCrawlers(text, agent, url, options, verdict, stale),
    null,
    (message) => panels.crawlers.clear(message),
  );
}

/** What the file says, whatever the question: the reading view and the audit. */
function showFileReading(analysis, text) {
  guarded(() => {
    if (analysis !== state.analysis) showAnalysis(analysis, text);
  }, elements.groups);
  consumersPanel?.update(text);
  if (panels === null) return;
  guarded(() => {
    panels.audit.update(text);
    panels.audit.markFileView(text);
  }, elements.audit);
}

/**
 * Runs `show` (which may return a promise); when it fails, the failure is told in `container`
 * (or through `tell`), never by taking the verdict away.
 */
async function guarded(show, container, tell = null) {
  try {
    await show();
  } catch (error) {
    showFailure(error);
    const message =
      error instanceof EngineError
        ? t('app.part-not-computed', { detail: engineErrorText(error) })
        : t('app.part-failed');
    if (tell !== null) tell(message);
    else container?.replaceChildren(render.h('p', { class: 'empty-state' }, message));
  }
}

/** Shows `error` in the banner; a failure of the page itself is also logged, as the bug it is. */
function showFailure(error) {
  if (error instanceof EngineError) {
    showEngineError(error);
    return;
  }
  console.error(error);
  showEngineError(
    new Error(t('app.page-failed', { detail: error.message })),
  );
}

/**
 * Why `agent` or `url` cannot be checked (longer than the engine's limits, in UTF-8 bytes as
 * it counts them), or null. Said where the verdict would be, and the field is marked invalid.
 */
function argumentTooLong(agent, url) {
  const { maxUrlBytes, maxAgentBytes } = state.engine.defaults;
  const fields = [
    [elements.url, url, maxUrlBytes, 'app.url-too-long'],
    [elements.agent, agent, maxAgentBytes, 'app.agent-too-long'],
  ];
  let problem = null;
  for (const [field, value, limit, message] of fields) {
    // UTF-8 takes at most three bytes per UTF-16 unit: only long values need counting.
    const bytes = value.length * 3 <= limit ? value.length : utf8Length(value);
    const tooLong = bytes > limit;
    if (tooLong) field.setAttribute('aria-invalid', 'true');
    else field.removeAttribute('aria-invalid');
    if (tooLong && problem === null)
      problem = t(message, { size: formatBytes(bytes), limit: formatBytes(limit) });
  }
  return problem;
}

function utf8Length(text) {
  return new TextEncoder().encode(text).length;
}

function showAnalysis(analysis, text) {
  // Not loaded yet (a refresh between the engine's start and the panels'), or not loadable: the
  // refresh after the load draws it.
  if (fileReading === null) return;
  state.analysis = analysis;
  state.analysisText = text;
  const limits = state.engine.defaults;
  elements.facts.textContent = fileReading.renderFacts(analysis);
  elements.lineNotes.replaceChildren(fileReading.renderLineNotes(analysis, limits));
  elements.groups.replaceChildren(fileReading.renderGroups(analysis));
  elements.sitemaps.replaceChildren(fileReading.renderSitemaps(analysis));
  elements.directives.replaceChildren(fileReading.renderDirectives(analysis));
  elements.orphanRules.replaceChildren(fileReading.renderOrphanRules(analysis));
}

/**
 * The engine for the questions of the panels under the verdict (every profile, every crawler,
 * the AI usage): a worker of its own, started with the first of them, so that their work for
 * one keystroke never holds up the verdict of the next. Without it, they use the verdict's.
 */
function panelEngine() {
  state.panelEngine ??= startWorkerEngine().then(
    (engine) => {
      engine.onRestart = showEngineError;
      state.panelEngineReady = engine;
      return engine;
    },
    () => state.engine,
  );
  return state.panelEngine;
}

/** Marks the result settled once the latest panels are drawn, unless newer input came. */
function settleWhenPanelsDrawn() {
  const run = state.panelsRun;
  run.then(() => {
    if (run === state.panelsRun && state.refreshTimer === 0 && state.refreshing === null) {
      elements.result.setAttribute('aria-busy', 'false');
    }
  });
}

/** Resolves after the browser has had a chance to paint. */
function nextFrame() {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** The same question asked of every other parser profile, under the verdict. */
async function showDivergence(text, agent, url, options, verdict, stale) {
  const rows = await (await panelEngine()).compareProfiles(text, agent, url, options);
  if (stale()) return;
  elements.divergence.replaceChildren(panels.renderDivergence(rows, verdict, state.engine.defaults.profiles));
}

/** The all-crawlers table, what the chosen or recognised crawler is, what the status does. */
async function showCrawlers(text, agent, url, options, verdict, stale) {
  const { profile, status } = options;
  const report = await (await panelEngine()).crawlerReport(text, agent, url, { profile, status });
  if (stale()) return;
  const profileChoice = state.engine.defaults.profiles.find((choice) => choice.id === profile);
  panels.fetchStatus.show(report.status, profileChoice);
  panels.crawlers.show(report, verdict);
}

/** The policy builder, started with the first verdict (it needs the engine's purposes). */
function showPolicy() {
  if (panels.policy === null) {
    panels.policy = new panels.PolicyBuilder({
      root: $('#policy'),
      purposes: state.engine.defaults.policyPurposes,
      engine: () => state.panelEngineReady ?? state.engine,
      text: () => editor.text,
      profile: () => state.profile,
      onApply: applyPolicy,
      onUndo: undoPolicy,
      lists: panels.listsEngine,
      crawlers: () => state.crawlerNames,
      status: currentStatus,
    });
  } else {
    panels.policy.refresh();
  }
}

/** The summary box: the verdict, its line, its group, who was asked (see `answer`). */
function showAnswer(answered, text) {
  state.answeredAs = answered.crawler;
  showVerdictHeadline(answered.shown);
  showSummary({
    ...answered,
    verdict: answered.shown,
    text,
    // Before the engine's defaults are known (the first answer), the model has no title yet.
    model: render.readingOptionsSummary(state.agentMatch, state.profile) || t('summary.chosen-model'),
  });
}

/**
 * Puts the policy builder's text in the editor as one edit, which the editor's undo (Ctrl+Z)
 * takes back, and keeps the text it replaced as the previous text (Restore, Compare).
 */
function applyPolicy(text) {
  keepPrevious(editor.text);
  editor.replaceAll(text);
  showLoadNotes([
    { severity: 'info', text: t('policy.applied'), action: { id: 'restore-previous', label: t('app.restore') } },
  ]);
}

/** Takes back the policy builder's Apply: the editor's undo while it holds `applied`. */
function undoPolicy(applied) {
  if (editor.text === applied && editor.undo()) {
    showLoadNotes([{ severity: 'info', text: t('policy.undone') }]);
    return;
  }
  restorePrevious();
}

/** Keeps `text` as the previous text, when it is work worth getting back. */
function keepPrevious(text) {
  if (text.trim() === '') return;
  state.previousText = text;
  savedWork.savePrevious(text);
}

function showVerdictHeadline(verdict) {
  const headline = render.renderVerdictHeadline(verdict);
  const spoken = headline.map((node) => node.textContent).join(' ');
  // Replace the live region's content only when it says something new, so screen readers
  // announce a changed verdict and not every keystroke.
  if (elements.verdict.dataset.spoken !== spoken) {
    elements.verdict.replaceChildren(...headline);
    elements.verdict.dataset.spoken = spoken;
  }
  elements.verdict.className = `verdict ${verdict.allowed ? 'verdict-allowed' : 'verdict-disallowed'}`;
  elements.verdict.dataset.verdict = verdict.allowed ? 'allowed' : 'disallowed';
  elements.verdict.dataset.line = String(render.decidingLine(verdict) ?? '');
  showHeaderVerdict(verdict, render.decidingLine(verdict));
}

function showExplanation(verdict, analysis, text, url) {
  if (fileReading === null) return; // As in showAnalysis.
  elements.explanation.replaceChildren(fileReading.renderExplanation(verdict, analysis, text, url));
  elements.fileView.replaceChildren(fileReading.renderFileView(verdict, analysis, text));
  revealInFileView(render.decidingLine(verdict) ?? verdict.groups[0]?.matchedAgentLines[0] ?? null);
}

/**
 * Scrolls the file view (not the page) to line `number` when the line to show changed. The row
 * is measured after the next frame, when layout is current: measuring it at once would force
 * the layout of the whole page, the editor's text included (seconds for a 10 MB file).
 */
async function revealInFileView(number) {
  if (number === state.revealedLine) return;
  state.revealedLine = number;
  await nextFrame();
  if (state.revealedLine !== number) return;
  const row =
    number === null ? null : elements.fileView.querySelector(`[data-goto-line="${number}"]`)?.parentElement;
  const view = elements.fileView;
  view.scrollTop = row ? Math.max(0, row.offsetTop - view.clientHeight / 3) : 0;
}

function showNoVerdict(message) {
  elements.verdict.className = 'verdict verdict-none';
  elements.verdict.dataset.verdict = '';
  elements.verdict.dataset.line = '';
  elements.verdict.dataset.spoken = message;
  elements.verdict.replaceChildren(render.h('span', { class: 'verdict-word' }, message));
  showHeaderVerdict(null);
  clearSummary();
  state.answeredAs = null;
  elements.explanation.replaceChildren();
  elements.divergence.replaceChildren();
  elements.fileView.replaceChildren();
  panels?.crawlers.clear(message);
  panels?.preferences.clear();
}

function showEngineError(error) {
  elements.engineError.replaceChildren(render.h('p', {}, engineErrorText(error)));
  elements.engineError.hidden = false;
}

function hideEngineError() {
  if (!elements.engineError.hidden) {
    elements.engineError.hidden = true;
    elements.engineError.replaceChildren();
  }
}

// -------------------------------------------------------------------------------------------
// Clicks on rendered content: line links and note actions

async function handleDelegatedClick(event) {
  const target = event.target instanceof Element ? event.target : null;
  const goto = target?.closest('[data-goto-line]');
  if (goto) {
    // A finding's link selects the part of the line it is about.
    await goToLine(Number(goto.dataset.gotoLine), panels?.audit.spanOf(goto, editor.text));
    return;
  }
  const action = target?.closest('[data-action]')?.dataset.action;
  if (action === 'restore-previous') restorePrevious();
  if (action === 'open-other-tab') openOtherTabDraft();
  if (action === 'clear-saved') clearSavedData();
  if (action === 'dismiss-share') showLoadNotes(state.loadNotes.filter((note) => !note.share));
  if (action === 'copy-replacement') panels?.copyReplacement(target.closest('[data-action]'));
  const shareField = target?.closest('[data-share-link]');
  if (shareField) shareField.select();
}

/** Selects line `number` in the editor, or `span` (`{ number, start, end }`) within it. */
async function goToLine(number, span = null) {
  // The line table must describe the text in the box; a click right after typing waits for it.
  if (state.analysisText !== editor.text) {
    clearTimeout(state.refreshTimer);
    state.refreshTimer = 0;
    await refresh();
  }
  // An analysis is shown only once the file's reading is loaded.
  const line = state.analysis && fileReading.fileLine(state.analysis, editor.text, number);
  if (line) editor.selectLine(span ?? line);
}

// -------------------------------------------------------------------------------------------
// Loading text: files, examples, links; and giving back what a load replaced

/** Says which lines a long text's editor holds (`window` from the editor), or nothing. */
function showEditorWindow(window) {
  state.editorWindow = window;
  const note = $('#editor-window');
  note.hidden = window === null;
  if (window === null) return;
  note.textContent = t('editor.window', {
    first: formatCount(window.firstLine),
    last: formatCount(window.lastLine),
    count: formatCount(window.lineCount),
  });
}

/** Puts `text` in the editor, remembering what it replaces so that it can be restored. */
function replaceText(text, notes) {
  // A fetched file replaced by another: the status it was served with goes with it.
  const served = panels?.live.fetchedFileReplaced() ?? null;
  if (served !== null && panels.fetchStatus.status === served) panels.fetchStatus.restore(null);
  const replaced = editor.text;
  // An unedited example is not work to protect.
  const isWork = replaced.trim() !== '' && !EXAMPLES.some((example) => example.text === replaced);
  if (isWork && replaced !== text) {
    state.previousText = replaced;
    savedWork.savePrevious(replaced);
    notes = [
      ...notes,
      {
        severity: 'info',
        text: t('app.previous-kept'),
        action: { id: 'restore-previous', label: t('app.restore') },
      },
    ];
  }
  editor.text = text;
  showLoadNotes(notes);
  scheduleRefresh();
}

function restorePrevious() {
  const previous = state.previousText ?? savedWork.previous();
  if (previous === null) return;
  replaceText(previous, [{ severity: 'info', text: t('app.restored') }]);
  elements.textarea.focus();
}

function showLoadNotes(notes) {
  state.loadNotes = notes;
  const storageNote = state.unsaved
    ? [
        {
          severity: 'warning',
          text: state.unsavedTooLarge
            ? t('app.too-large-to-store', { count: formatCount(editor.text.length), limit: formatCount(MAX_DRAFT_LENGTH) })
            : t('app.not-stored'),
        },
      ]
    : [];
  elements.fileNotes.replaceChildren(...render.renderLoadNotes([...storageNote, ...state.storageNotes, ...notes]));
}

function showStorageNotes(notes) {
  state.storageNotes = notes;
  showLoadNotes(state.loadNotes);
}

async function openFiles(files) {
  const [file] = files;
  if (!file) return;
  if (file.size > MAX_FILE_BYTES) {
    const words = { name: file.name, size: formatBytes(file.size), max: formatBytes(MAX_FILE_BYTES) };
    const text = state.engine
      ? t('app.file-too-big-googlebot', { ...words, limit: formatBytes(state.engine.defaults.sizeLimit) })
      : t('app.file-too-big', words);
    showLoadNotes([{ severity: 'error', text }]);
    return;
  }
  let bytes;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch (error) {
    showLoadNotes([{ severity: 'error', text: t('app.file-unreadable', { name: file.name, detail: error.message }) }]);
    return;
  }
  const notes = [
    {
      severity: 'info',
      text: t('app.opened', { name: file.name, size: formatBytes(bytes.length) }),
    },
  ];
  if (files.length > 1)
    notes.push({ severity: 'info', text: t('app.first-of-dropped', { count: formatCount(files.length) }) });
  loadBytes(bytes, notes);
}

/**
 * Puts a file's `bytes` in the editor (an opened file, a live site's robots.txt), with `notes`
 * on how it came and on what its bytes hold (not UTF-8, a byte order mark, its line ends); the
 * engine reads the bytes themselves, as a crawler does.
 */
function loadBytes(bytes, notes) {
  const decoded = decodeBytes(bytes);
  notes = [...notes];
  if (!decoded.validUtf8) {
    notes.push({
      severity: 'warning',
      text: t('app.not-utf8', { lines: describeLines(decoded.invalidLines) }),
    });
  }
  if (decoded.bom)
    notes.push({
      severity: 'info',
      text: t('app.bom'),
    });
  if (decoded.crlf > 0 || decoded.cr > 0) {
    notes.push({
      severity: 'info',
      text: t(decoded.cr > 0 ? 'app.line-ends-cr' : 'app.line-ends-crlf'),
    });
  }
  replaceText(decoded.text, notes);
  // The textarea has just written its line ends as LF, as the engine bytes do.
  keepOpenedBytes(editor.text, decoded.engineBytes);
}

/**
 * A live site's robots.txt, as robots-lens serve fetched it (www/panels/live-site.js): the file
 * goes into the editor, the address into the URL field, the crawler into the checker and the
 * served status into the status picker, so every verdict on the page is the engine's answer for
 * the site as served.
 */
function showFetched({ report, bytes, site, crawler }) {
  const notes = [
    report.hasFile
      ? { severity: 'info', text: t('site.note-fetched', { url: report.finalUrl, size: formatBytes(report.size) }) }
      : { severity: 'warning', text: t('site.note-no-file', { url: report.robotsUrl, status: report.status }) },
  ];
  loadBytes(bytes, notes);
  elements.url.value = report.site || site;
  elements.url.removeAttribute('aria-invalid');
  if (crawler !== null) {
    elements.agent.value = crawler;
    panels.crawlers.restore(crawler);
  }
  panels.fetchStatus.serve(report.status);
  scheduleRefresh();
}

/** "Compare with my file": the file a fetch replaced, as the version before the served one. */
function compareWithMine(report) {
  const previous = state.previousText ?? savedWork.previous();
  if (previous === null) return;
  panels.compare.compareWith(previous, 'before', t('site.compare-note', { url: report.robotsUrl }));
  $('#compare').scrollIntoView({ block: 'start' });
}

/** The base64 of each opened file's bytes, worked out once: work is saved on every refresh. */
const base64Cache = new WeakMap();

function base64Of(bytes) {
  if (!base64Cache.has(bytes)) base64Cache.set(bytes, bytesToBase64(bytes));
  return base64Cache.get(bytes);
}

/**
 * Keeps the bytes a draft or a link brought (`base64`, see `currentWork`) as what the engine
 * reads, when they are still exactly the text now in the editor; else the text is read.
 */
function keepSavedBytes(base64) {
  const bytes = typeof base64 === 'string' ? base64ToBytes(base64) : null;
  const matches = bytes !== null && decodeBytes(bytes).text === editor.text;
  keepOpenedBytes(editor.text, matches ? bytes : null);
}

function loadExample(id) {
  const example = exampleById(id);
  if (!example) return;
  replaceText(example.text, [
    { severity: 'info', text: t('app.loaded-example', { title: t(example.title) }) },
  ]);
  elements.agent.value = example.check.agent;
  elements.url.value = example.check.url;
}

async function copyLink() {
  const work = currentWork();
  const fragment = await encodeShare(work);
  const others = state.loadNotes.filter((note) => !note.share);
  if (fragment === null) {
    showLoadNotes([...others, { severity: 'warning', text: t('app.too-large-for-link'), share: work }]);
    return;
  }
  const link = `${location.origin}${location.pathname}#${fragment}`;
  let copied = false;
  try {
    // Some browsers leave the promise pending while they wait for a permission that never comes.
    const refused = new Promise((_, reject) => setTimeout(reject, CLIPBOARD_TIMEOUT_MS));
    await Promise.race([navigator.clipboard.writeText(link), refused]);
    copied = true;
  } catch {
    // No clipboard permission: the field below lets the user copy it.
  }
  const text = copied ? t('app.link-copied') : t('app.copy-this-link');
  showLoadNotes([...others, { severity: 'info', text, link, share: work }]);
}

/** Whether two works (currentWork()) are the same file and check. */
function sameWork(a, b) {
  return Object.keys(a).every((key) =>
    key === 'expectations' ? JSON.stringify(a[key]) === JSON.stringify(b[key]) : a[key] === b[key],
  );
}

/**
 * The notes about a link (copied, or opened) go once the file or the check is no longer the one
 * the link holds: a link copied before would open the old file.
 */
function dropStaleShareNotes() {
  const shared = state.loadNotes.find((note) => note.share);
  if (shared === undefined || sameWork(shared.share, currentWork())) return;
  showLoadNotes(state.loadNotes.filter((note) => !note.share));
}

/** Loads the file and check a permalink carries, then removes it from the address bar. */
async function applyShare(hash) {
  history.replaceState(null, '', location.pathname + location.search);
  let shared;
  try {
    shared = await decodeShare(hash);
  } catch (error) {
    showLoadNotes([{ severity: 'error', text: t('app.share-failed', { detail: error.message }), share: currentWork() }]);
    return;
  }
  const leftOut = applyCheck(shared);
  replaceText(shared.text, [{ severity: 'info', text: t('app.loaded-link') }, ...leftOut]);
  keepSavedBytes(shared.bytes);
  syncChoices();
  // Marked once the link's work is in place: they go when it is changed (the offer to restore
  // the text it replaced stays).
  const work = currentWork();
  showLoadNotes(state.loadNotes.map((note) => (note.action ? note : { ...note, share: work })));
}

// -------------------------------------------------------------------------------------------
// Keeping the work between visits

/**
 * The text and the check, for the saved draft and the share link. While the engine reads an
 * opened file's own bytes (a file that is not UTF-8, unedited), `bytes` carries them too, in
 * base64, so that a reload or the link's reader gets the same answer and not the one for the
 * U+FFFD the editor shows.
 */
function currentWork() {
  const text = editor.text;
  const input = engineInput(text);
  return {
    text,
    ...(typeof input === 'string' ? {} : { bytes: base64Of(input) }),
    agent: elements.agent.value,
    url: elements.url.value,
    agentMatch: state.agentMatch,
    profile: state.profile,
    crawler: crawlerChoice.name,
    asCrawler: state.asCrawler,
    status: currentStatus(),
    expectations: panels === null ? state.wantedPins : panels.pins.pins,
  };
}

/**
 * The longest agent or URL, in characters, that a link or saved work puts in its field. A
 * check takes at most 32 KiB of either, and laying out a field that holds a megabyte holds the
 * main thread for a quarter of a second: a longer value is left out, and a note says so.
 */
const MAX_RESTORED_FIELD_CHARS = 64 * 1024;

/** Puts a link's or saved work's check in the page; returns the notes on what it left out. */
function applyCheck(check) {
  const leftOut = [];
  const restoreField = (field, value, noteKey) => {
    if (typeof value !== 'string') return;
    if (value.length <= MAX_RESTORED_FIELD_CHARS) {
      field.value = value;
      return;
    }
    const size = formatBytes(utf8Length(value));
    const limit = formatBytes(MAX_RESTORED_FIELD_CHARS);
    leftOut.push({ severity: 'warning', text: t(noteKey, { size, limit }) });
  };
  restoreField(elements.agent, check.agent, 'app.agent-left-out');
  restoreField(elements.url, check.url, 'app.url-left-out');
  if (typeof check.agentMatch === 'string') state.agentMatch = check.agentMatch;
  if (typeof check.profile === 'string') state.profile = check.profile;
  if (typeof check.asCrawler === 'boolean') state.asCrawler = check.asCrawler;
  elements.asCrawler.checked = state.asCrawler;
  // After the agent: a crawler choice holds for the agent text it was made with.
  // Pinned checks belong to the text they were pinned on: a link or saved work brings its own.
  const pins = Array.isArray(check.expectations) ? check.expectations : [];
  if (panels === null) {
    crawlerChoice.choose(check.crawler ?? null);
    state.wantedStatus = typeof check.status === 'string' ? check.status : null;
    state.wantedPins = pins;
  } else {
    panels.crawlers.restore(check.crawler ?? null);
    panels.fetchStatus.restore(check.status ?? null);
    panels.pins.restore(pins);
  }
  return leftOut;
}

/** Draws the agent-match and profile radio buttons (again, after a change of language). */
function drawChoices() {
  if (state.engine === null) return;
  const { defaults } = state.engine;
  const draw = (fieldset, name, choices, value) => {
    fieldset.replaceChildren(fieldset.querySelector('legend'), render.renderChoices(name, choices, value));
  };
  draw(elements.agentMatchChoices, 'agent-match', defaults.agentMatches, state.agentMatch);
  draw(elements.profileChoices, 'profile', defaults.profiles, state.profile);
  syncChoices();
}

/** Checks the radio buttons that match the state and shows their summaries, once they exist. */
function syncChoices() {
  if (state.engine === null) return;
  const sync = (name, value) => {
    const input = document.querySelector(`input[name="${name}"][value="${CSS.escape(value ?? '')}"]`);
    if (input) input.checked = true;
    const summary = document.getElementById(`${name}-summary`);
    if (summary) summary.textContent = render.choiceSummary(name, value);
  };
  sync('agent-match', state.agentMatch);
  sync('profile', state.profile);
  elements.asCrawler.checked = state.asCrawler;
  // Whether a crawler's name is answered as that crawler is a reading option like the others,
  // and said with them, so the choice stays in view while folded.
  $('#reading-options-current').textContent = [
    render.readingOptionsSummary(state.agentMatch, state.profile),
    t(state.asCrawler ? 'checker.as-crawler-short' : 'checker.as-typed-short'),
  ].join(' · ');
}

async function restoreWork() {
  const { draft, newer, stale } = savedWork.restore();
  state.previousText = savedWork.previous();
  if (draft !== null) {
    editor.text = draft.text;
    keepSavedBytes(draft.bytes);
    const leftOut = applyCheck(draft.check ?? {});
    if (leftOut.length > 0) showLoadNotes(leftOut);
  } else {
    const [first] = EXAMPLES;
    editor.text = first.text;
    applyCheck(first.check);
  }
  const notes = [];
  if (stale !== null) {
    notes.push({
      severity: 'warning',
      text: t(stale.tooLarge ? 'app.stale-too-large' : 'app.stale-save', {
        saved: timeOf(draft.at),
        count: formatCount(stale.length),
        newer: timeOf(stale.at),
      }),
    });
  }
  if (newer !== null) notes.push(otherTabNote(newer));
  savedWork.onOtherTab((other) => {
    if (other.text !== editor.text) showStorageNotes([otherTabNote(other)]);
  });
  // A duplicated tab has just taken an id of its own: its work is saved under it from now on.
  savedWork.onRenew(() => {
    state.lastSaved = null;
    saveWork();
  });
  if (notes.length > 0) showStorageNotes(notes);
  if (isShare(location.hash)) await applyShare(location.hash);
}

function otherTabNote(draft) {
  otherTabDraft = draft;
  return {
    severity: 'info',
    text: t('app.other-tab', { when: timeOf(draft.at) }),
    action: { id: 'open-other-tab', label: t('app.open-other-tab') },
  };
}

function openOtherTabDraft() {
  if (otherTabDraft === null) return;
  const { text, check } = otherTabDraft;
  otherTabDraft = null;
  showStorageNotes([]);
  replaceText(text, [{ severity: 'info', text: t('app.opened-other-tab') }]);
  applyCheck(check ?? {});
  syncChoices();
}

/** "at 14:05:09" today, or "on 2026-11-30 at 14:05:09" (no Intl: see i18n.js). */
function timeOf(at) {
  const date = new Date(at);
  const pad = (value) => String(value).padStart(2, '0');
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return new Date().toDateString() === date.toDateString()
    ? t('app.at-time', { time })
    : t('app.on-day-at-time', { day, time });
}

/** "Clear saved data": forgets the text, the check, the replaced text and the page's choices. */
function clearSavedData() {
  savedWork.clear();
  state.previousText = null;
  // What is on the page now counts as saved, so only a change is saved again.
  const { text, bytes, ...check } = currentWork();
  state.lastSaved = { text, checkJson: JSON.stringify(check), bytes };
  state.unsaved = false;
  state.unsavedTooLarge = false;
  otherTabDraft = null;
  showStorageNotes([
    {
      severity: 'info',
      text: t('app.cleared'),
    },
  ]);
}

function saveWork() {
  const { text, bytes, ...check } = currentWork();
  const checkJson = JSON.stringify(check);
  if (state.lastSaved?.text === text && state.lastSaved.checkJson === checkJson && state.lastSaved.bytes === bytes) return;
  const saved = savedWork.save({ text, check, bytes });
  state.lastSaved = saved ? { text, checkJson, bytes } : null;
  const tooLarge = !saved && !draftFits({ text, bytes });
  if (saved !== !state.unsaved || tooLarge !== state.unsavedTooLarge) {
    state.unsaved = !saved;
    state.unsavedTooLarge = tooLarge;
    showLoadNotes(state.loadNotes);
  }
}

/**
 * Saves the work in a task of its own, right after this one: writing a 10 MB draft (its JSON and
 * the storage's copy, some 60 ms) in the same task as sending the text to the engine would make
 * one long task of both. A later change before it runs is saved by the same call.
 */
function saveSoon() {
  if (state.saveTimer !== 0) return;
  state.saveTimer = setTimeout(() => {
    state.saveTimer = 0;
    saveWork();
  }, 0);
}

function flushSave() {
  if (state.saveTimer !== 0) {
    clearTimeout(state.saveTimer);
    state.saveTimer = 0;
    saveWork();
    return;
  }
  if (state.refreshTimer !== 0) saveWork();
}
