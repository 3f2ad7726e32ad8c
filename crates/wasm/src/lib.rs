//! WebAssembly bindings of Robots Lens: the only crate that knows about JavaScript.
//!
//! It translates and decides nothing. Core results become boundary structs (camelCase, positions
//! in UTF-16 code units so that they index the textarea's string directly) and are handed to JS
//! as plain objects through one serializer configuration. Every error becomes a JS `Error`.
//!
//! The audit codes' documentation is not exported: the build writes it to `www/pkg/audit-codes.json`
//! from `robots-lens explain --json`, so the module does not carry its prose.
//!
//! Exports: `version()`, `defaults()`, `analyze(text)`, `check(text, agent, url, options)` and the
//! class `RobotsFile` (parse once, check many: it keeps each profile's compiled checker). That is
//! the first package, all the first verdict waits for. With the `panels` feature, also what the
//! panels under the verdict ask: `RobotsFile.compareProfiles` and `.crawlerTable`, and
//! `recogniseCrawler`, `statusChoices` and `statusHandling` (see `crawler_view`); with
//! `catalogue`, `crawlerCatalogue`. With the `lists` feature (a
//! package the page loads when it needs it), also the class `UrlBatch`, `compareVersions`,
//! `RobotsFile.checkExpectations` and `expectationsToml` (see `lists`).
//! Built with the `ai` feature (the panels plus the AI usage: the package `www/pkg/ai/`, which the
//! page's engine worker loads after the first verdict), also `usage`, `aiSummary`, `writePolicy`
//! and `RobotsFile.usage` and `.aiSummary` (see `usage`).
//! With the `audit` feature (the panels plus the audit: a package loaded only by the page's audit
//! worker, and the npm package's), also `RobotsFile.audit` and `.auditCauses` (grouped by cause),
//! and what only npm's API asks: `RobotsFile.checkMany` (a list of URLs in one call), `.isAllowed`
//! (only whether one URL is allowed), each answer's `explanation` in message keys and
//! `crawlerFetch`.
//! With the `consumers` feature (a package of its own, www/pkg/consumers/, and the npm package's
//! engine), also every consumer's reading of every line: `RobotsFile.consumers`,
//! `.consumerMarks`, `.consumerLine` and `.isCrawlable` (see `consumers`).
//! With the `politeness` feature (the npm package's engine only: scripts/build-wasm.sh --npm builds
//! it with `audit,politeness,catalogue,logs,consumers`), also `RobotsFile.politeness` and
//! `.preferredHost` (see `politeness`).

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use robots_lens::{
    find_crawler, AgentMatch, Checker, FetchStatus, Profile, Question, RobotsTxt, Who,
};
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[cfg(feature = "audit")]
mod batch;
#[cfg(feature = "consumers")]
mod consumers;
#[cfg(feature = "panels")]
mod crawler_view;
#[cfg(feature = "lists")]
mod lists;
#[cfg(feature = "logs")]
mod logs;
#[cfg(feature = "politeness")]
mod politeness;
mod tape;
#[cfg(feature = "audit")]
mod urls;
#[cfg(feature = "ai")]
mod usage;
mod view;

use view::{FileView, SharedGroups, VerdictView};

/// The conversions, for the fuzz targets (`fuzz/src/views.rs`), which run them natively and
/// check that every span lies inside the text.
#[doc(hidden)]
pub mod native {
    pub use crate::view::FileView;
    #[cfg(feature = "audit")]
    pub use crate::view::{causes, findings, CauseView, FindingView};
}

/// Installs the panic hook once, so that a panic reaches the console with its message.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// The version of the engine, for the page's footer and bug reports.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Choice {
    id: &'static str,
    title: &'static str,
    summary: &'static str,
}

/// A profile and its policies, so the page can say in words how it reads a file.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ProfileChoice {
    id: &'static str,
    title: &'static str,
    summary: &'static str,
    encoding: robots_lens::Encoding,
    implicit_robots_txt_allow: bool,
    index_html_allows_directory: bool,
    grouping: robots_lens::Grouping,
    agent_selection: robots_lens::AgentSelection,
    precedence: robots_lens::Precedence,
    wildcards: bool,
    allow_lines: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Defaults {
    profile: &'static str,
    agent_match: &'static str,
    profiles: Vec<ProfileChoice>,
    agent_matches: Vec<Choice>,
    size_limit: usize,
    max_line_bytes: usize,
    max_url_bytes: usize,
    max_agent_bytes: usize,
    /// The purposes the policy builder offers, by id.
    policy_purposes: Vec<&'static str>,
}

/// The defaults and the choices the page offers, so JS never repeats a Rust constant.
#[wasm_bindgen]
pub fn defaults() -> Result<JsValue, JsError> {
    let defaults = Defaults {
        profile: Profile::default().id(),
        agent_match: AgentMatch::default().id(),
        profiles: Profile::ALL
            .iter()
            .map(|profile| {
                let spec = profile.spec();
                ProfileChoice {
                    id: spec.id,
                    title: spec.title,
                    summary: spec.summary,
                    encoding: spec.encoding,
                    implicit_robots_txt_allow: spec.implicit_robots_txt_allow,
                    index_html_allows_directory: spec.index_html_allows_directory,
                    grouping: spec.grouping,
                    agent_selection: spec.agent_selection,
                    precedence: spec.precedence,
                    wildcards: spec.wildcards,
                    allow_lines: spec.allow_lines,
                }
            })
            .collect(),
        agent_matches: AgentMatch::ALL
            .iter()
            .map(|model| Choice {
                id: model.id(),
                title: match model {
                    AgentMatch::Substring => "Substring",
                    AgentMatch::Token => "Exact token",
                },
                summary: match model {
                    AgentMatch::Substring => {
                        "A group applies when its token appears anywhere in the agent string, \
                         so a full UA string finds its group."
                    }
                    AgentMatch::Token => {
                        "RFC 9309 §2.2.1 as Google implements it: the agent's product token \
                         must equal the group's token."
                    }
                },
            })
            .collect(),
        size_limit: robots_lens::SIZE_LIMIT,
        max_line_bytes: robots_lens::MAX_LINE_BYTES,
        policy_purposes: robots_lens::POLICY_PURPOSES
            .iter()
            .map(|purpose| purpose.id())
            .collect(),

        max_url_bytes: robots_lens::MAX_URL_BYTES,
        max_agent_bytes: robots_lens::MAX_AGENT_BYTES,
    };
    to_js(&defaults)
}

#[wasm_bindgen]
extern "C" {
    /// Options of a check, as the page passes them: a plain object whose fields are all
    /// optional. Read through getters rather than serde, which would cost the module a
    /// deserializer.
    #[wasm_bindgen(typescript_type = "CheckOptions")]
    pub type RawOptions;

    #[cfg(not(feature = "audit"))]
    #[wasm_bindgen(method, getter, structural)]
    fn profile(this: &RawOptions) -> Option<String>;

    #[cfg(not(feature = "audit"))]
    #[wasm_bindgen(method, getter, structural, js_name = agentMatch)]
    fn agent_match(this: &RawOptions) -> Option<String>;

    /// How the file was served: `200`, `404`, `301>200`, `html`, `unreachable`, …
    #[cfg(not(feature = "audit"))]
    #[wasm_bindgen(method, getter, structural)]
    fn status(this: &RawOptions) -> Option<String>;

    /// A catalogued crawler whose fallback chain picks the group, instead of the agent.
    #[cfg(not(feature = "audit"))]
    #[wasm_bindgen(method, getter, structural)]
    fn crawler(this: &RawOptions) -> Option<String>;

    /// The agent exactly as typed, even when it names a catalogued crawler.
    #[cfg(not(feature = "audit"))]
    #[wasm_bindgen(method, getter, structural, js_name = asTyped)]
    fn as_typed(this: &RawOptions) -> Option<bool>;
}

#[wasm_bindgen(typescript_custom_section)]
const CHECK_OPTIONS: &str = r#"
/** Options of a check; every field is optional and defaults as `defaults()` says. */
export interface CheckOptions {
  profile?: string;
  agentMatch?: string;
  status?: string;
  crawler?: string;
  asTyped?: boolean;
}
"#;

#[cfg(feature = "audit")]
#[wasm_bindgen(module = "/src/tape.js")]
extern "C" {
    /// The options' fields in one string (tape.js), or `None` when one holds a NUL.
    #[wasm_bindgen(js_name = optionsText)]
    fn options_text(options: &JsValue) -> Option<String>;
}

#[cfg(feature = "audit")]
thread_local! {
    /// The options last read, as [`options_text`] gave them, and what they were read as.
    static LAST_OPTIONS: RefCell<Option<(String, CheckOptions)>> = const { RefCell::new(None) };
}

/// [`RawOptions`] read and checked.
#[derive(Clone)]
pub(crate) struct CheckOptions {
    pub(crate) profile: Profile,
    pub(crate) agent_match: AgentMatch,
    pub(crate) status: FetchStatus,
    pub(crate) crawler: Option<&'static robots_lens::Crawler>,
    /// `asTyped`: the agent exactly as typed, even a catalogued crawler's name.
    pub(crate) as_typed: bool,
}

impl CheckOptions {
    /// The question these options ask about `url` (as typed): by the crawler, when one is named
    /// (its fallback chain and its operator's fetch-status handling); else by `agent`, as the
    /// core reads a typed name (the crawler it names, with the name as typed beside) unless
    /// `asTyped` asks for the name exactly as typed.
    pub(crate) fn question<'q>(&self, agent: &'q str, url: &'q str) -> Question<'q> {
        let question = match (self.crawler, self.as_typed) {
            (Some(crawler), _) => Question::new(Who::Crawler(crawler), url),
            (None, true) => Question::agent(agent, url),
            (None, false) => Question::typed(agent, url),
        };
        question.status(self.status).agent_match(self.agent_match)
    }

    /// The ids of the profile and match model, for a view of a refused answer.
    fn ids(&self) -> (&'static str, &'static str) {
        (self.profile.id(), self.agent_match.id())
    }

    pub(crate) fn from_js(options: JsValue) -> Result<CheckOptions, JsError> {
        // The npm package's engine is asked the same options URL after URL: they cross as one
        // string, and the last one read is kept.
        #[cfg(feature = "audit")]
        {
            // A field holding a NUL names no profile, agent match, status or crawler: refused,
            // as each of them refuses a name it does not know.
            let text = options_text(&options).ok_or_else(|| {
                JsError::new("an option holds a NUL character (U+0000): no profile, agent match, status or crawler is called so")
            })?;
            LAST_OPTIONS.with(|last| {
                let mut last = last.borrow_mut();
                if let Some((kept, options)) = &*last {
                    if *kept == text {
                        return Ok(options.clone());
                    }
                }
                let mut fields = text
                    .split('\0')
                    .map(|field| Some(field.to_owned()).filter(|field| !field.trim().is_empty()));
                let mut next = || fields.next().flatten();
                let raw = (next(), next(), next(), next());
                let as_typed = next().is_some_and(|flag| flag == "1");
                let options = CheckOptions::from_fields(raw, as_typed)?;
                *last = Some((text, options.clone()));
                Ok(options)
            })
        }
        #[cfg(not(feature = "audit"))]
        {
            let read = |getter: fn(&RawOptions) -> Option<String>| -> Option<String> {
                if options.is_undefined() || options.is_null() {
                    return None;
                }
                getter(options.unchecked_ref::<RawOptions>()).filter(|text| !text.trim().is_empty())
            };
            let raw = (
                read(RawOptions::profile),
                read(RawOptions::agent_match),
                read(RawOptions::status),
                read(RawOptions::crawler),
            );
            let as_typed = !(options.is_undefined() || options.is_null())
                && options
                    .unchecked_ref::<RawOptions>()
                    .as_typed()
                    .unwrap_or(false);
            CheckOptions::from_fields(raw, as_typed)
        }
    }

    /// The options from their fields as read: profile, agent match, status and crawler (each
    /// `None` when absent or blank), and `asTyped`.
    fn from_fields(
        raw: (
            Option<String>,
            Option<String>,
            Option<String>,
            Option<String>,
        ),
        as_typed: bool,
    ) -> Result<CheckOptions, JsError> {
        // A crawler is never typed: asTyped beside it would be silently ignored.
        if as_typed && raw.3.is_some() {
            return Err(JsError::new(
                "options.asTyped answers the agent exactly as typed, and options.crawler is \
                 always that crawler: give one of them, not both",
            ));
        }
        Ok(CheckOptions {
            profile: match raw.0 {
                Some(name) => name.parse().map_err(into_error)?,
                None => Profile::default(),
            },
            agent_match: match raw.1 {
                Some(name) => name.parse().map_err(into_error)?,
                None => AgentMatch::default(),
            },
            status: match raw.2 {
                Some(text) => text.parse().map_err(into_error)?,
                None => FetchStatus::ok(),
            },
            crawler: match raw.3 {
                Some(name) => Some(find_crawler(&name).ok_or_else(|| {
                    JsError::new(&format!("no catalogued crawler is called '{name}'"))
                })?),
                None => None,
            },
            as_typed,
        })
    }
}

/// Everything the page shows about a file: lines, groups, sitemaps, directives, facts.
#[wasm_bindgen]
pub fn analyze(text: String) -> Result<JsValue, JsError> {
    RobotsFile::new(text).analysis()
}

/// May `agent` fetch `url` under the rules in `text`? Returns the verdict with its explanation.
#[wasm_bindgen]
pub fn check(text: String, agent: &str, url: &str, options: JsValue) -> Result<JsValue, JsError> {
    RobotsFile::new(text).check(agent, url, options)
}

/// A parsed file kept on the Rust side, to check many URLs without parsing again.
#[wasm_bindgen]
pub struct RobotsFile {
    /// The file, which keeps the bytes parsed (the text's, or an opened file's as they are)
    /// without a copy.
    robots: Arc<RobotsTxt>,
    /// The checkers compiled so far, one per profile asked for: compiling costs more than a
    /// check, so it happens once per file and profile.
    checkers: RefCell<Vec<Rc<Checker<'static>>>>,
    /// The verdicts' group arrays already handed to JS.
    groups: SharedGroups,
    /// The verdicts `checkMany` sent whole, which later ones are copies of ([`batch`]).
    #[cfg(feature = "audit")]
    templates: batch::Templates,
    /// Every consumer's reading of every line, read the first time it is asked (about 80 ms for
    /// a 500 KiB file) and kept for the file's marks, lines and findings after it.
    #[cfg(feature = "consumers")]
    consumers: std::cell::OnceCell<robots_lens::consumers::ConsumerTable<'static>>,
}

#[wasm_bindgen]
impl RobotsFile {
    /// Parses `text` (the textarea's content).
    #[wasm_bindgen(constructor)]
    pub fn new(text: String) -> RobotsFile {
        RobotsFile::parsed(RobotsTxt::parse_string(text))
    }

    /// Parses the bytes of an opened file as they are, so that bytes which are not UTF-8 are
    /// matched as the octets they are, as a crawler and the CLI match them, and not as the
    /// U+FFFD the editor shows. Positions are UTF-16 offsets into that shown text (the bytes
    /// decoded as `TextDecoder` does, with line ends as the textarea keeps them).
    #[wasm_bindgen(js_name = fromBytes)]
    pub fn from_bytes(bytes: Vec<u8>) -> RobotsFile {
        RobotsFile::parsed(RobotsTxt::parse_owned(bytes))
    }

    /// Lines, groups, sitemaps, directives and facts of the file.
    pub fn analysis(&self) -> Result<JsValue, JsError> {
        to_js(&FileView::new(self.robots.input(), &self.robots))
    }

    /// The verdict for `agent` and `url`, with `options`
    /// `{ profile, agentMatch, status, crawler }` (all optional). With `crawler`, the crawler's
    /// documented fallback chain picks the group and `agent` is not used.
    pub fn check(&self, agent: &str, url: &str, options: JsValue) -> Result<JsValue, JsError> {
        let options = CheckOptions::from_js(options)?;
        let checker = self.checker(options.profile);
        // In the npm package's engine, a file asked again and again answers with copies of
        // verdicts sent before, as `checkMany` does; its first check (the only one, for most
        // files of `check(text, …)`) makes no templates.
        #[cfg(feature = "audit")]
        {
            if self.templates.checked_before() {
                self.templates.ask(agent, &options);
            }
            let item = self.batch_item(&checker, agent, url, &options);
            self.templates.send(&[item], true).map_err(into_error)
        }
        #[cfg(not(feature = "audit"))]
        to_js(&self.verdict(&checker, agent, url, &options))
    }
}

/// The panels' questions, only in the packages built with the `panels` feature (the audit,
/// lists and AI usage packages): the first verdict's module does not carry them.
#[cfg(feature = "panels")]
#[wasm_bindgen]
impl RobotsFile {
    /// The same question asked of every profile: one row per profile with its verdict, whether
    /// it agrees with the verdict under `options.profile`, and one sentence of why not. The
    /// options are those of [`RobotsFile::check`], crawler and fetch status included.
    #[wasm_bindgen(js_name = compareProfiles)]
    pub fn compare_profiles(
        &self,
        agent: &str,
        url: &str,
        options: JsValue,
    ) -> Result<JsValue, JsError> {
        let options = CheckOptions::from_js(options)?;
        let question = options.question(agent, url);
        let checker = self.checker(options.profile);
        let main = checker.ask(&question);
        // A URL no crawler requests is refused by every profile alike: said once, as `check`
        // and the CLI say it.
        let Some(verdict) = &main.verdict else {
            return Err(refusal(&main));
        };
        // Every profile's checker is the one this file keeps: comparing compiles each once. The
        // URL is read alike under every profile, so each answers once the main one did.
        let ask = |profile| {
            self.checker(profile)
                .ask(&question)
                .verdict
                .unwrap_or_else(|| verdict.clone())
        };
        let mut rows: Vec<view::ProfileRowView> =
            robots_lens::compare_profiles_with(&self.robots, verdict, &ask)
                .iter()
                .map(view::ProfileRowView::from)
                .collect();
        // Asked exactly as typed, the crawler the agent names is one more reader, when it
        // answers otherwise.
        let own = robots_lens::crawler_reading(&checker, &question, verdict);
        rows.extend(own.as_ref().map(view::ProfileRowView::crawler));
        to_js(&rows)
    }

    /// For `url`, one row per catalogued crawler: its verdict (following its fallback chain)
    /// and what the whole file allows it. `options`: `{ profile, status }`.
    #[wasm_bindgen(js_name = crawlerTable)]
    pub fn crawler_table(&self, url: &str, options: JsValue) -> Result<JsValue, JsError> {
        let options = CheckOptions::from_js(options)?;
        let rows = self
            .checker(options.profile)
            .ask_crawler_table(url, &options.status)
            .map_err(|problem| refused_url(url, Some(problem.kind())))?;
        let views: Vec<crawler_view::CrawlerRowView> = rows
            .iter()
            .map(crawler_view::CrawlerRowView::from)
            .collect();
        to_js(&views)
    }
}

/// The audit, only in the package built with the `audit` feature: the first verdict's module
/// does not carry it (scripts/build-wasm.sh).
/// What only npm's API asks of a file, never the page: in the packages built with the `audit`
/// feature (the npm package's engine is one), not in the AI usage package the page's panels use.
#[cfg(feature = "audit")]
#[wasm_bindgen]
impl RobotsFile {
    /// Whether `agent` may fetch `url`: `check(agent, url, options).allowed`, answered by the
    /// same kept checker without building the explanation's JS object. For callers that need
    /// only the answer, many times.
    /// Refuses, as `check` does (with `allowed` null), a URL no crawler requests: `null`.
    #[wasm_bindgen(js_name = isAllowed)]
    pub fn is_allowed(
        &self,
        agent: &str,
        url: &str,
        options: JsValue,
    ) -> Result<Option<bool>, JsError> {
        let options = CheckOptions::from_js(options)?;
        let checker = self.checker(options.profile);
        Ok(ask_verdict(&checker, &options.question(agent, url)).map(|verdict| verdict.allowed))
    }

    /// The answers alone for every URL of `urls`, in order, in one call: for each, `{ allowed,
    /// reason, line, groupUsed, whyDecides }`, the fields of its verdict from
    /// [`RobotsFile::check`] with the same names and values (a URL no crawler requests:
    /// `allowed` null, `reason` `url-refused`, the rest null), without the explanation, the
    /// matches and the groups the verdict carries. For callers that ask many URLs and read
    /// only which line decided; `check` gives any of them whole.
    #[wasm_bindgen(js_name = answerMany)]
    pub fn answer_many(
        &self,
        agent: &str,
        #[wasm_bindgen(unchecked_param_type = "string[]")] urls: JsValue,
        options: JsValue,
    ) -> Result<JsValue, JsError> {
        let urls = urls::Urls::read(&urls, "answerMany")?;
        let options = CheckOptions::from_js(options)?;
        let checker = self.checker(options.profile);
        let rows: Vec<view::AnswerRow> = urls
            .iter()
            .map(|url| view::AnswerRow::new(ask_verdict(&checker, &options.question(agent, url))))
            .collect();
        to_js(&rows)
    }

    /// [`RobotsFile::check`] for every URL of `urls`, in order: an array of verdicts; a
    /// question the core refuses (a URL no crawler requests, an argument over its limit) is a
    /// refused verdict in its place, as `check` returns it.
    #[wasm_bindgen(js_name = checkMany)]
    pub fn check_many(
        &self,
        agent: &str,
        #[wasm_bindgen(unchecked_param_type = "string[]")] urls: JsValue,
        options: JsValue,
    ) -> Result<JsValue, JsError> {
        let urls = urls::Urls::read(&urls, "checkMany")?;
        let options = CheckOptions::from_js(options)?;
        let checker = self.checker(options.profile);
        self.templates.ask(agent, &options);
        let items: Vec<batch::Item> = urls
            .iter()
            .map(|url| self.batch_item(&checker, agent, url, &options))
            .collect();
        self.templates.send(&items, false).map_err(into_error)
    }
}

#[cfg(feature = "audit")]
#[wasm_bindgen]
impl RobotsFile {
    /// The audit's findings, sorted by line then severity, with UTF-16 spans into the text.
    pub fn audit(&self) -> Result<JsValue, JsError> {
        to_js(&view::findings(
            self.robots.input(),
            &self.robots,
            &self.robots.audit(),
        ))
    }

    /// The audit grouped as the page shows it and `robots-lens lint` prints it: one entry per
    /// cause, `{ code, severity, findings }`, the findings as `audit` gives them (the first is
    /// shown in full). The file's `# robots-lens: ignore` comments are the CLI's alone: reading
    /// them here would cost the audit module more than its size budget has left.
    #[wasm_bindgen(js_name = auditCauses)]
    pub fn audit_causes(&self) -> Result<JsValue, JsError> {
        to_js(&view::causes(
            self.robots.input(),
            &self.robots,
            &robots_lens::audit::group_by_cause(self.robots.audit()),
        ))
    }
}

impl RobotsFile {
    fn parsed(robots: RobotsTxt) -> RobotsFile {
        RobotsFile {
            robots: Arc::new(robots),
            checkers: RefCell::new(Vec::new()),
            groups: SharedGroups::default(),
            #[cfg(feature = "audit")]
            templates: batch::Templates::default(),
            #[cfg(feature = "consumers")]
            consumers: std::cell::OnceCell::new(),
        }
    }

    /// The checker for `profile`, compiled on first use and kept.
    fn checker(&self, profile: Profile) -> Rc<Checker<'static>> {
        let mut checkers = self.checkers.borrow_mut();
        if let Some(found) = checkers.iter().find(|checker| checker.profile() == profile) {
            return Rc::clone(found);
        }
        let checker = Rc::new(Checker::shared(Arc::clone(&self.robots), profile));
        checkers.push(Rc::clone(&checker));
        checker
    }

    /// The answer for `agent` and `url` with `options`, as JS receives it (in the npm package's
    /// engine, [`RobotsFile::batch_item`]).
    #[cfg(not(feature = "audit"))]
    fn verdict(
        &self,
        checker: &Checker<'_>,
        agent: &str,
        url: &str,
        options: &CheckOptions,
    ) -> VerdictView {
        let (answer, own) = answer(checker, agent, url, options);
        self.view(answer, own, agent, options)
    }

    /// The view of `answer` (with `own`, the crawler's own reading) as JS receives it. Made in
    /// one place for `check` and the three ways of `checkMany`, so the module carries it once.
    #[inline(never)]
    fn view(
        &self,
        answer: robots_lens::Answer,
        own: Option<robots_lens::CrawlerReading>,
        agent: &str,
        options: &CheckOptions,
    ) -> VerdictView {
        #[cfg(feature = "panels")]
        let (answer, why) = crawler_why(answer);
        let view = self
            .groups
            .answer_view(answer, agent, options.ids())
            .with_crawler_reading(own);
        #[cfg(feature = "panels")]
        let view = view.with_crawler_why(why);
        view
    }

    /// The answer for `agent` and `url` with `options` as an item of a batch: a copy of a
    /// verdict sent before when only what was requested differs ([`batch`]).
    #[cfg(feature = "audit")]
    fn batch_item(
        &self,
        checker: &Checker<'_>,
        agent: &str,
        url: &str,
        options: &CheckOptions,
    ) -> batch::Item {
        let (answer, own) = answer(checker, agent, url, options);
        self.templates.item(answer, own, |answer, own| {
            self.view(answer, own, agent, options)
        })
    }
}

/// The core's answer for `agent` and `url` with `options`, and the crawler's own reading.
#[inline(never)]
fn answer(
    checker: &Checker<'_>,
    agent: &str,
    url: &str,
    options: &CheckOptions,
) -> (robots_lens::Answer, Option<robots_lens::CrawlerReading>) {
    let question = options.question(agent, url);
    let answer = checker.ask(&question);
    // Asked exactly as typed, the crawler the agent names, when its own reading of the same
    // request answers otherwise (the page says so beside the verdict).
    let own = answer
        .verdict
        .as_ref()
        .and_then(|verdict| robots_lens::crawler_reading(checker, &question, verdict));
    (answer, own)
}

/// [`Checker::ask_verdict`] (what `Checker::ask_allowed` answers from), `None` for a refused
/// question: in one place, so that the module carries the check's inlined code once for
/// `isAllowed` and `answerMany` together.
#[cfg(feature = "audit")]
#[inline(never)]
fn ask_verdict(checker: &Checker<'_>, question: &Question<'_>) -> Option<robots_lens::Verdict> {
    checker.ask_verdict(question).ok()
}

/// A refused answer as a JS `Error`: the URL and why no crawler requests it, as the problem's
/// code (`scheme`, `no-host`, …; the page words it from its catalogue). Not the core's English
/// sentence: formatting it would bring the whole English catalogue into the module (12 KB
/// gzipped in the npm package's).
#[cfg(feature = "panels")]
fn refusal(answer: &robots_lens::Answer) -> JsError {
    refused_url(
        &answer.url,
        answer.refusal().map(robots_lens::InvalidUrl::kind),
    )
}

/// [`refusal`] for a URL and the kind of problem the core found with it. An argument over its
/// limit is not quoted back (it may be megabytes).
#[cfg(feature = "panels")]
pub(crate) fn refused_url(url: &str, problem: Option<robots_lens::UrlProblem>) -> JsError {
    use robots_lens::UrlProblem::{AgentTooLong, TooLong};
    let code = problem.map_or("unknown", robots_lens::UrlProblem::id);
    match problem {
        Some(TooLong | AgentTooLong) => {
            into_error(format_args!("the question is refused ({code})"))
        }
        _ => into_error(format_args!(
            "invalid URL '{url}': no crawler requests it ({code})"
        )),
    }
}

/// The one serializer configuration ([`tape`]): absent values are `null`, maps are plain objects.
pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    tape::to_js(value).map_err(into_error)
}

/// Any error, as a JS `Error` carrying its message.
pub(crate) fn into_error(error: impl std::fmt::Display) -> JsError {
    JsError::new(&error.to_string())
}

/// For a crawler's own check, the core's sentence for the group it used
/// ([`robots_lens::CrawlerReading::why`]); the verdict is lent to the reading and taken back.
/// Only where messages are serialized (see `VerdictView::crawler_why`).
#[cfg(feature = "panels")]
fn crawler_why(
    mut answer: robots_lens::Answer,
) -> (robots_lens::Answer, Option<robots_lens::Message>) {
    let Some(crawler) = answer.crawler else {
        return (answer, None);
    };
    let Some(verdict) = answer.verdict.take() else {
        return (answer, None);
    };
    let reading = robots_lens::CrawlerReading { crawler, verdict };
    let why = reading.why();
    answer.verdict = Some(reading.verdict);
    (answer, Some(why))
}
