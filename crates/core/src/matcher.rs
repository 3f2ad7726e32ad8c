//! The matcher: verdicts, each with the explanation that produced it, below the answering layer
//! ([`crate::answer`]), which is the only way in.
//!
//! A [`Matcher`] compiles the patterns of a parsed file for one profile (those of the groups an
//! agent selects, when it is first asked about, once per set of groups) and then matches any
//! number of requested paths. Each result is a [`Verdict`]: allowed or not, why, the decisive
//! rule, the groups that applied and every rule that matched with its length. The answering
//! layer reads the question's URL, chooses who asks and applies the fetch status; surfaces only
//! display what it returns.
//!
//! The decision is RFC 9309 §2.2.2 as google/robotstxt implements it (`RobotsMatcher::disallow`):
//! the groups naming the agent are merged; only when none does are the `*` groups used; the
//! longest matching pattern wins, measured in octets after normalisation; Allow wins a tie; an
//! empty pattern matches with length 0 and never decides; no matching rule means allowed.
//!
//! Which groups apply is the one step that varies: [`Matcher::check_path`] takes the groups
//! naming an agent, else the `*` groups; [`Matcher::check_chain_path`] walks a crawler's
//! documented fallback chain ([`ChainStep`]) and takes the groups of the first step that finds
//! any. Everything after that choice is shared.

use std::borrow::Cow;
use std::collections::HashSet;
#[cfg(not(target_arch = "wasm32"))]
use std::sync::atomic::{AtomicUsize, Ordering};
#[cfg(not(target_arch = "wasm32"))]
use std::sync::OnceLock;
use std::sync::{Arc, Mutex};

#[cfg(not(target_arch = "wasm32"))]
use crate::agent_name::read_alike;
use crate::agent_name::{
    compared_agent, differing_readings, names_agent, trimmed, AgentLineReading,
};
use crate::encoding::rfc9309_normalise;
use crate::group::{AgentLine, AgentToken, Rule, RuleKind};
use crate::legacy::Reading;
#[cfg(not(target_arch = "wasm32"))]
use crate::logs::hash::Seeded;
use crate::pattern::PairSet;
use crate::profile::{AgentMatch, Encoding, Profile};
use crate::robots::RobotsTxt;
#[cfg(not(target_arch = "wasm32"))]
use crate::rules::EditedFrom;
#[cfg(not(target_arch = "wasm32"))]
use crate::rules::ShownStrings;
use crate::rules::{lossless_ascii, CompiledRule, RuleIndex};
use crate::typed_url::RequestReading;
use crate::verdict::{AppliedGroup, ChainStep, Reason, RuleMatch, UsedStep, Verdict};

/// A file compiled for one profile: parse once, match many paths. Asked only through the
/// answering layer's [`crate::Checker`].
#[derive(Debug)]
pub(crate) struct Matcher<'r> {
    robots: Robots<'r>,
    profile: Profile,
    /// For profiles whose reader forms records of its own (`python`, `legacy-1994`): the file as
    /// that reader read it, which answers instead of the groups.
    reading: Option<Reading>,
    /// The groups and rule index of the last agents asked about, most recent last: choosing the
    /// groups scans every user-agent line, and a batch asks for the same agent each time. Only
    /// the rules of groups some selection chose are ever compiled, each set of groups once.
    selections: Mutex<Vec<Arc<Selection>>>,
    /// The first selections made, also kept where they are read without the lock: a batch asks
    /// for the same one for every URL, and a lock and a reference count per URL (four atomic
    /// read-modify-writes) cost more than the rest of choosing. Native builds only: the page's
    /// wasm has one thread, where neither costs anything, and its size budget is full.
    #[cfg(not(target_arch = "wasm32"))]
    first: [OnceLock<Arc<Selection>>; FIRST_SELECTIONS],
    /// Which of [`Matcher::first`] the last lookup found, looked at first: a batch asks for one
    /// selection URL after URL, and comparing its key (a whole user agent string) with each
    /// slot before it cost more than the rest of choosing. Only a hint (the slot's key is still
    /// compared), so relaxed reads and writes do.
    #[cfg(not(target_arch = "wasm32"))]
    last_found: AtomicUsize,
    /// The user-agent lines by token, made at the first selection of a file with many.
    /// Native builds only, as [`Matcher::first`].
    #[cfg(not(target_arch = "wasm32"))]
    agents: OnceLock<Option<Box<AgentIndex>>>,
    /// The user-agent lines (group, position among its lines) whose two readings differ
    /// ([`read_alike`]), found at the first selection of an agent. Native builds only, as
    /// [`Matcher::first`].
    #[cfg(not(target_arch = "wasm32"))]
    read_differently: OnceLock<Vec<(u32, u32)>>,
    /// Each rule's kind and value as a number ([`RuleValues`]), made at the first question of
    /// [`Matcher::limit_matters`]. Native builds only, as [`Matcher::first`].
    #[cfg(not(target_arch = "wasm32"))]
    rule_values: OnceLock<RuleValues>,
    /// For the matcher of an edited file ([`Matcher::of_edit`]), the original's, whose rule
    /// indices its own are made from. Native builds only, as [`Matcher::first`].
    #[cfg(not(target_arch = "wasm32"))]
    edit_base: Option<EditBase<'r>>,
}

/// The matcher of a file that an edited file is made from, and the line of that file each line
/// of the edited one stands for.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, Clone)]
struct EditBase<'r> {
    original: &'r Matcher<'r>,
    /// By line of the edited file (from 0), the original's line it stands for, or 0 for none.
    old_lines: Vec<u32>,
}

#[cfg(not(target_arch = "wasm32"))]
impl EditBase<'_> {
    /// The index [`RuleIndex::new`] makes of the edited file's rules of `groups` that `keep`
    /// accepts (those `selection` chose, on the `beyond` side of the size limit), made from the
    /// original's index of what the same selection chose there: an edit leaves most of them
    /// alone ([`RuleIndex::of_edit`]).
    fn index(
        &self,
        edited: &RobotsTxt,
        selection: GroupSelection<'_>,
        (include_beyond_limit, beyond): (bool, bool),
        groups: &[usize],
        keep: &dyn Fn(&Rule) -> bool,
    ) -> RuleIndex {
        let profile = self.original.profile;
        // Asked of the original before the edited file in every question of the evidence, so
        // chosen there already.
        let chosen = self.original.selection(selection, include_beyond_limit);
        let base = match beyond {
            false => Some(&chosen.within),
            true => chosen.beyond.as_ref(),
        };
        let Some(base) = base else {
            return RuleIndex::new(edited, profile, groups, keep);
        };
        let old = |line: usize| {
            let was = line.checked_sub(1).and_then(|at| self.old_lines.get(at));
            was.copied().filter(|&was| was > 0).map(|was| was as usize)
        };
        let original = EditedFrom {
            robots: &self.original.robots,
            index: base,
            old: &old,
        };
        RuleIndex::of_edit(edited, profile, groups, keep, original)
    }
}

/// How many selections a checker keeps readable without a lock: the agents of a batch job
/// (four in the Python benchmark), with room to spare.
#[cfg(not(target_arch = "wasm32"))]
const FIRST_SELECTIONS: usize = 8;

impl Matcher<'static> {
    /// A matcher that holds the file it matches ([`crate::Checker::shared`]).
    pub(crate) fn shared(robots: Arc<RobotsTxt>, profile: Profile) -> Matcher<'static> {
        Matcher::compile(Robots::Shared(robots), profile)
    }
}

/// The file a checker answers for, borrowed or shared.
#[derive(Debug, Clone)]
pub(crate) enum Robots<'r> {
    Borrowed(&'r RobotsTxt),
    Shared(Arc<RobotsTxt>),
}

impl std::ops::Deref for Robots<'_> {
    type Target = RobotsTxt;

    fn deref(&self) -> &RobotsTxt {
        match self {
            Robots::Borrowed(robots) => robots,
            Robots::Shared(robots) => robots,
        }
    }
}

/// How many selections a checker remembers: more than the catalogue's crawlers and the names
/// a file gives besides, so that the all-crawlers table for one URL after another, and the
/// audit's evidence asking every crawler and name of the file class after class, never choose
/// groups twice (with fewer, the oldest is dropped first and every lookup of such a round
/// would miss: a file of thousands of rules indexed them hundreds of times over). A file past
/// the size limit selects twice for each (within the limit, and read whole).
pub(crate) const REMEMBERED_SELECTIONS: usize = 2 * (crate::catalogue::CRAWLER_COUNT + 96);

impl Clone for Matcher<'_> {
    fn clone(&self) -> Self {
        Matcher {
            robots: self.robots.clone(),
            profile: self.profile,
            reading: self.reading.clone(),
            selections: Mutex::new(Vec::new()),
            #[cfg(not(target_arch = "wasm32"))]
            first: Default::default(),
            #[cfg(not(target_arch = "wasm32"))]
            last_found: AtomicUsize::new(0),
            #[cfg(not(target_arch = "wasm32"))]
            agents: OnceLock::new(),
            #[cfg(not(target_arch = "wasm32"))]
            read_differently: OnceLock::new(),
            #[cfg(not(target_arch = "wasm32"))]
            rule_values: OnceLock::new(),
            #[cfg(not(target_arch = "wasm32"))]
            edit_base: self.edit_base.clone(),
        }
    }
}

impl<'r> Matcher<'r> {
    pub(crate) fn new(robots: &'r RobotsTxt, profile: Profile) -> Matcher<'r> {
        Matcher::compile(Robots::Borrowed(robots), profile)
    }

    /// A matcher of `edited`, an edit of `before`'s file in which `old` gives the line of that
    /// file each line stands for: a record reader takes what it can from `before`'s reading
    /// ([`Reading::of_edit`]), the groups' readers from `before`'s rule indices
    /// ([`RuleIndex::of_edit`]).
    pub(crate) fn of_edit(
        edited: &'r RobotsTxt,
        before: &'r Matcher<'r>,
        old: &dyn Fn(usize) -> Option<usize>,
    ) -> Matcher<'r> {
        let reading = before
            .reading
            .as_ref()
            .map(|reading| reading.of_edit(&before.robots, edited, old));
        #[cfg_attr(target_arch = "wasm32", allow(unused_mut))]
        let mut matcher = Matcher::with_reading(Robots::Borrowed(edited), before.profile, reading);
        // A record reader compiles no rule index.
        #[cfg(not(target_arch = "wasm32"))]
        if before.reading.is_none() {
            let old_lines = (1..=edited.lines().len())
                .map(|line| old(line).map_or(0, |was| u32::try_from(was).unwrap_or(0)))
                .collect();
            matcher.edit_base = Some(EditBase {
                original: before,
                old_lines,
            });
        }
        matcher
    }

    fn compile(robots: Robots<'r>, profile: Profile) -> Matcher<'r> {
        // A reader with records of its own answers from them: the groups' patterns are never
        // matched, so they are never compiled. Every other profile compiles the rules of the
        // groups an agent selects when it is first asked about ([`Matcher::choose`]).
        let reading = Reading::for_profile(&robots, profile);
        Matcher::with_reading(robots, profile, reading)
    }

    fn with_reading(robots: Robots<'r>, profile: Profile, reading: Option<Reading>) -> Matcher<'r> {
        Matcher {
            robots,
            profile,
            reading,
            selections: Mutex::new(Vec::new()),
            #[cfg(not(target_arch = "wasm32"))]
            first: Default::default(),
            #[cfg(not(target_arch = "wasm32"))]
            last_found: AtomicUsize::new(0),
            #[cfg(not(target_arch = "wasm32"))]
            agents: OnceLock::new(),
            #[cfg(not(target_arch = "wasm32"))]
            read_differently: OnceLock::new(),
            #[cfg(not(target_arch = "wasm32"))]
            rule_values: OnceLock::new(),
            #[cfg(not(target_arch = "wasm32"))]
            edit_base: None,
        }
    }

    /// The user-agent lines whose two readings differ, by group and position ([`read_alike`]).
    #[cfg(not(target_arch = "wasm32"))]
    fn read_differently(&self) -> &[(u32, u32)] {
        self.read_differently.get_or_init(|| {
            let groups = self.robots.groups().iter().zip(0u32..);
            let lines = groups.flat_map(|(group, at)| {
                group
                    .agents
                    .iter()
                    .zip(0u32..)
                    .map(move |(line, position)| (line, at, position))
            });
            lines
                .filter(|(line, _, _)| !read_alike(line))
                .map(|(_, group, position)| (group, position))
                .collect()
        })
    }

    /// The profile this matcher answers for.
    pub(crate) fn profile(&self) -> Profile {
        self.profile
    }

    /// The file being checked.
    pub(crate) fn robots(&self) -> &RobotsTxt {
        &self.robots
    }

    /// The profile's reader forms records of its own (`python`, `legacy-1994`), so
    /// [`RobotsTxt::groups`] and fallback chains do not apply to it.
    pub(crate) fn reads_records(&self) -> bool {
        self.reading.is_some()
    }

    /// May `agent` fetch `url`, the URL read exactly as Google's library reads a request line?
    /// For the audit's probes of paths it derived.
    pub(crate) fn check(&self, agent: &str, url: &str, agent_match: AgentMatch) -> Verdict {
        self.agent_verdict(agent, &RequestReading::as_given(url), agent_match, true)
    }

    /// May `agent` fetch what `request` requests? The URL was read once, by the answering layer:
    /// the groups' profiles take the path it found, the record readers (`python`,
    /// `legacy-1994`) read the request their own way. No fetch status is applied. Without
    /// `whole_file`, a file past the size limit is not also read whole ([`Matcher::answer`]).
    pub(crate) fn agent_verdict(
        &self,
        agent: &str,
        request: &RequestReading<'_>,
        agent_match: AgentMatch,
        whole_file: bool,
    ) -> Verdict {
        match &self.reading {
            Some(reading) => reading.check(self.profile, agent, request, agent_match),
            None => self.check_path(agent, request.requested_path(), agent_match, whole_file),
        }
    }

    /// May a crawler that follows `chain` fetch what `request` requests? Shown as asked by
    /// `shown` (its name). No fetch status is applied; `whole_file` as in
    /// [`Matcher::agent_verdict`].
    pub(crate) fn chain_verdict(
        &self,
        chain: &[ChainStep<'_>],
        request: &RequestReading<'_>,
        shown: &str,
        whole_file: bool,
    ) -> Verdict {
        let token = chain_token(chain);
        match &self.reading {
            // These readers know no fallback chain: the crawler asks with its own name.
            Some(reading) => Verdict {
                agent: shown.to_owned(),
                ..reading.check(self.profile, token, request, AgentMatch::Token)
            },
            None => self.check_chain_path(chain, request.requested_path(), shown, whole_file),
        }
    }

    /// The verdict once the URL is read: `path` is the path it requests. Only for profiles that
    /// answer from the groups (not [`Matcher::reads_records`]), whose readers read the whole
    /// URL themselves.
    pub(crate) fn check_path(
        &self,
        agent: &str,
        path: String,
        agent_match: AgentMatch,
        whole_file: bool,
    ) -> Verdict {
        let agent = trimmed(agent);
        let selection = self.agent_selection(agent, agent_match);
        let compared = match selection {
            GroupSelection::Agent { agent, .. } => agent,
            GroupSelection::Chain(_) => agent,
        };
        let (agent, compared) = (agent.to_owned(), compared.to_owned());
        self.answer(selection, path, agent, compared, whole_file)
    }

    /// For a list of `agent`'s questions ([`Matcher::ask_verdicts`]): the agent as a verdict
    /// shows it, what `model` compares of it, and the groups it selects, shared.
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn shared_agent_selection(
        &self,
        agent: &str,
        model: AgentMatch,
    ) -> (String, String, Arc<Selection>) {
        let agent = trimmed(agent);
        let selection = self.agent_selection(agent, model);
        let compared = match selection {
            GroupSelection::Agent { agent, .. } => agent,
            GroupSelection::Chain(_) => agent,
        };
        let shared = match self.selection(selection, false) {
            Chosen::Kept(kept) => Arc::clone(kept),
            Chosen::Shared(shared) => shared,
        };
        (agent.to_owned(), compared.to_owned(), shared)
    }

    /// The file, as this checker holds it: for what outlives a check and shows its rules.
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn robots_handle(&self) -> Robots<'r> {
        self.robots.clone()
    }

    /// The groups `agent` selects as `model` compares it under this profile: Google's library
    /// compares the whole value it is given; RFC 9309's token model the product token of a
    /// pasted user agent string ([`crate::typed_token`]).
    pub(crate) fn agent_selection<'a>(
        &self,
        agent: &'a str,
        model: AgentMatch,
    ) -> GroupSelection<'a> {
        let whole_value = self.profile == Profile::Google;
        GroupSelection::Agent {
            agent: compared_agent(agent, model, whole_value),
            model,
        }
    }

    /// May a crawler that looks for its groups along `chain` fetch `url` (read as Google's
    /// library reads a request line)? The first step that finds at least one group wins and all
    /// of that step's groups merge; a token step compares as [`AgentMatch::Token`] does, `*`
    /// takes the `*` groups; when no step finds a group, nothing restricts the crawler.
    /// [`Verdict::chain_step`] says which step applied. For the audit's probes.
    pub(crate) fn check_chain(&self, chain: &[ChainStep<'_>], url: &str) -> Verdict {
        self.chain_verdict(
            chain,
            &RequestReading::as_given(url),
            chain_token(chain),
            true,
        )
    }

    /// [`Matcher::chain_verdict`] once the URL is read (`path`, the path it requests), the
    /// verdict shown as asked by `agent`. Only for profiles that answer from the groups.
    pub(crate) fn check_chain_path(
        &self,
        chain: &[ChainStep<'_>],
        path: String,
        agent: &str,
        whole_file: bool,
    ) -> Verdict {
        let (agent, token) = (agent.to_owned(), chain_token(chain).to_owned());
        self.answer(GroupSelection::Chain(chain), path, agent, token, whole_file)
    }

    /// The verdict for `path` (a URL's [`crate::request_path`]) with the groups `selection` picks,
    /// asked by `agent`, compared as `agent_token`. Every field is filled here, once: a verdict
    /// is a few hundred bytes, and building it in steps moved it whole at each.
    ///
    /// A file past the size limit is also read whole when `whole_file` says so, to tell where
    /// a rule past the limit would decide otherwise ([`Reason::BeyondSizeLimit`]); without it
    /// the verdict is the one Googlebot's reading gives, every field the same but `reason`
    /// where the whole file would decide otherwise, and `beyond_size_limit` (the audit's
    /// evidence compares files by their allowed, deciding line, matches and groups, and
    /// reading each edited file whole compiled its rules past the limit for nothing).
    fn answer(
        &self,
        selection: GroupSelection<'_>,
        path: String,
        agent: String,
        agent_token: String,
        whole_file: bool,
    ) -> Verdict {
        let normalised_path = self.compared_path(&path).into_owned();
        let bytes = normalised_path.as_bytes();
        let pairs = PairSet::of_path(bytes);
        let within = self.selection(selection, false);
        let matches = self.matching(&within.within, bytes, pairs);
        let mut beyond = None;
        if whole_file && self.robots.facts().first_line_beyond_limit.is_some() {
            // Reading the whole file changes the answer only through a rule past the limit
            // that matches, or through user-agent lines past it that change the groups; in
            // the common case neither happens and the file is decided once.
            let whole = self.selection(selection, true);
            let extra = match &whole.beyond {
                Some(beyond) => self.matching(beyond, bytes, pairs),
                None => Vec::new(),
            };
            let same_groups = whole.same_groups(&within);
            if !extra.is_empty() || !same_groups {
                let mut all = if same_groups {
                    matches.clone()
                } else {
                    self.matching(&whole.within, bytes, pairs)
                };
                all.extend(extra);
                beyond = Some(self.decide(&whole, all));
            }
        }
        let Decision {
            mut allowed,
            mut reason,
            mut decisive,
            matches,
        } = self.decide(&within, matches);
        let mut beyond_size_limit = None;
        if let Some(whole) = beyond {
            if whole.allowed != allowed {
                reason = Reason::BeyondSizeLimit;
                beyond_size_limit = whole.decisive;
            }
        }
        if self.implicitly_allowed(&normalised_path) {
            allowed = true;
            reason = Reason::ImplicitRobotsTxtAllow;
            decisive = None;
        }
        Verdict {
            allowed,
            reason,
            profile: self.profile,
            agent_match: within.key.agent_match(),
            agent,
            agent_token,
            // Nearly always none: an empty list is made without a call.
            agent_line_readings: match within.agent_line_readings.is_empty() {
                true => Vec::new(),
                false => within.agent_line_readings.clone(),
            },
            path,
            normalised_path,
            decisive,
            groups: Arc::clone(&within.groups),
            used_star_group: within.used_star_group,
            chain_step: within.chain_step.clone(),
            matches,
            beyond_size_limit,
        }
    }

    /// `path` as this profile compares it with the patterns: RFC 9309's normalisation, or as
    /// requested (the record readers answer in `check`; octets as requested keep this total).
    pub(crate) fn compared_path<'p>(&self, path: &'p str) -> Cow<'p, str> {
        match self.profile.spec().encoding {
            Encoding::GoogleEscape | Encoding::PythonQuote | Encoding::Octets => {
                Cow::Borrowed(path)
            }
            Encoding::Rfc9309 => Cow::Owned(lossless_ascii(rfc9309_normalise(path.as_bytes()))),
        }
    }

    /// RFC 9309 §2.2.2: under profiles that follow it, `/robots.txt` is allowed whatever the
    /// rules say. `compared` is the path as compared.
    pub(crate) fn implicitly_allowed(&self, compared: &str) -> bool {
        self.profile.spec().implicit_robots_txt_allow && compared == "/robots.txt"
    }

    /// The groups `selection` picks with their rule index, chosen once per selection and kept.
    fn selection(&self, selection: GroupSelection<'_>, include_beyond_limit: bool) -> Chosen<'_> {
        #[cfg(not(target_arch = "wasm32"))]
        {
            let last = self.last_found.load(Ordering::Relaxed);
            if let Some(kept) = self.first.get(last).and_then(OnceLock::get) {
                if kept.key.matches(selection, include_beyond_limit) {
                    return Chosen::Kept(kept);
                }
            }
        }
        // Compared first with each kept key: the all-crawlers table looks for each of ~80
        // chains among those kept, and comparing their tokens one by one cost more than
        // choosing the groups. (Not for the last one found, above: a batch asks for it URL
        // after URL, and hashing the agent each time would double what finding it costs.)
        let fingerprint = fingerprint(selection, include_beyond_limit);
        #[cfg(not(target_arch = "wasm32"))]
        {
            // The slots fill in order, each once, so the first empty one ends the search.
            for (at, slot) in self.first.iter().enumerate() {
                match slot.get() {
                    Some(kept) if kept.key.is(selection, include_beyond_limit, fingerprint) => {
                        self.last_found.store(at, Ordering::Relaxed);
                        return Chosen::Kept(kept);
                    }
                    Some(_) => continue,
                    None => break,
                }
            }
        }
        // A poisoned lock only means another thread panicked while choosing: what is stored
        // is still whole, as entries are only ever pushed or removed.
        let mut remembered = self.selections.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(found) = remembered
            .iter()
            .rev()
            .find(|kept| kept.key.is(selection, include_beyond_limit, fingerprint))
        {
            return Chosen::from(Arc::clone(found));
        }
        let chosen = Arc::new(self.choose(selection, include_beyond_limit, &remembered));
        if remembered.len() == REMEMBERED_SELECTIONS {
            remembered.remove(0);
        }
        remembered.push(Arc::clone(&chosen));
        // Under the lock, so that two threads never fill two slots with one selection.
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(slot) = self.first.iter().find(|slot| slot.get().is_none()) {
            let _ = slot.set(Arc::clone(&chosen));
        }
        Chosen::from(chosen)
    }

    /// The groups that apply: those of the first step of `selection` that finds any, merged;
    /// and the index of their rules, compiled now unless one of the `remembered` selections
    /// chose the same groups (the fallback to `*` of most crawlers, for one).
    fn choose(
        &self,
        selection: GroupSelection<'_>,
        include_beyond_limit: bool,
        remembered: &[Arc<Selection>],
    ) -> Selection {
        // The `*` groups, as an earlier selection that fell back to them holds them: most
        // crawlers of the catalogue do, and building every line of those groups again for
        // each of them was most of what choosing cost. Reused, they also share its index.
        let star = remembered.iter().rev().find(|kept| {
            kept.used_star_group && kept.key.include_beyond_limit == include_beyond_limit
        });
        let found = self.select(
            selection,
            include_beyond_limit,
            star.map(|kept| &kept.groups),
        );
        let reused = match (&found.groups, star) {
            (Groups::Star(_), Some(kept)) => Some(kept),
            _ => None,
        };
        // Made before the index, so that the vector it is made from is freed first.
        let groups: Arc<[AppliedGroup]> = match found.groups {
            Groups::Built(groups) => groups.into(),
            Groups::Star(groups) => groups,
        };
        // An index is made of the rules of its groups on one side of the size limit: another
        // selection whose groups hold the same ones has it already, whether or not either
        // reads the file whole (a file past the limit is asked both ways, and a group past
        // the limit adds none within it).
        let robots = &*self.robots;
        // The most recent first: the crawler asked just before most often holds the same
        // rules (none, in a file that names no crawler and has no `*` group).
        let same = |beyond: bool| {
            remembered.iter().rev().find(|kept| {
                (!beyond || kept.beyond.is_some())
                    && match cfg!(target_arch = "wasm32") {
                        // The page's wasm, whose size budget is full: the same groups.
                        true => {
                            kept.key.include_beyond_limit == include_beyond_limit
                                && same_indices(&kept.groups, &groups)
                        }
                        false => holding(robots, &kept.groups, beyond)
                            .eq(holding(robots, &groups, beyond)),
                    }
            })
        };
        let indices: Vec<usize> = groups.iter().map(|group| group.index).collect();
        let index = |keep: &dyn Fn(&Rule) -> bool, beyond: bool| {
            #[cfg(not(target_arch = "wasm32"))]
            if let Some(base) = &self.edit_base {
                let edited = &*self.robots;
                let side = (include_beyond_limit, beyond);
                return Arc::new(base.index(edited, selection, side, &indices, keep));
            }
            // The page's wasm, whose size budget is full, makes every index anew.
            let _ = beyond;
            Arc::new(RuleIndex::new(&self.robots, self.profile, &indices, keep))
        };
        let within = match reused.or_else(|| same(false)) {
            Some(kept) => Arc::clone(&kept.within),
            None => index(&|rule| !rule.beyond_size_limit, false),
        };
        let beyond = include_beyond_limit.then(|| {
            match reused
                .and_then(|kept| kept.beyond.as_ref())
                .or_else(|| same(true).and_then(|kept| kept.beyond.as_ref()))
            {
                Some(beyond) => Arc::clone(beyond),
                None => index(&|rule| rule.beyond_size_limit, true),
            }
        });
        // Every user-agent line is read twice over for these: once per agent, not per URL.
        // Natively only the lines whose two readings differ, found once a matcher: the audit's
        // evidence asks a file of a thousand user-agent lines about each of its hundred names,
        // and reading every line for each was a twentieth of the audit of a 1 MB file.
        let agent_line_readings = match selection {
            GroupSelection::Agent { agent, model } => {
                #[cfg(not(target_arch = "wasm32"))]
                let lines = self
                    .read_differently()
                    .iter()
                    .map(|&(group, at)| &self.robots.groups()[group as usize].agents[at as usize]);
                #[cfg(target_arch = "wasm32")]
                let lines = self.robots.groups().iter().flat_map(|group| &group.agents);
                let within = lines.filter(|line| !line.beyond_size_limit);
                differing_readings(within, agent, model)
            }
            GroupSelection::Chain(_) => Vec::new(),
        };
        Selection {
            key: SelectionKey::new(selection, include_beyond_limit),
            groups,
            agent_line_readings,
            used_star_group: found.used_star_group,
            chain_step: found.chain_step,
            within,
            beyond,
        }
    }

    /// The groups that apply: those of the first step of `selection` that finds any, merged.
    pub(crate) fn select_groups(
        &self,
        selection: GroupSelection<'_>,
        include_beyond_limit: bool,
    ) -> SelectedGroups {
        let found = self.select(selection, include_beyond_limit, None);
        SelectedGroups {
            groups: match found.groups {
                Groups::Built(groups) => groups,
                Groups::Star(groups) => groups.to_vec(),
            },
        }
    }

    /// [`Matcher::select_groups`], taking the `*` groups as `star` holds them (those a
    /// selection that fell back to them, on the same side of the size limit, found) when the
    /// step that finds groups is `*`.
    fn select(
        &self,
        selection: GroupSelection<'_>,
        include_beyond_limit: bool,
        star: Option<&Arc<[AppliedGroup]>>,
    ) -> Selected {
        #[cfg(not(target_arch = "wasm32"))]
        let agents = self
            .agents
            .get_or_init(|| AgentIndex::of(&self.robots).map(Box::new));
        for index in 0..selection.len() {
            let step = selection.step(index);
            let groups = match (step, star) {
                (Step::Star, Some(star)) => Groups::Star(Arc::clone(star)),
                _ => {
                    #[cfg(not(target_arch = "wasm32"))]
                    let applied = match agents.as_deref() {
                        Some(agents) if step.looks_up() => {
                            agents.applied(&self.robots, step, include_beyond_limit)
                        }
                        _ => scan_groups(&self.robots, step, include_beyond_limit),
                    };
                    // The page's wasm, whose size budget is full, scans.
                    #[cfg(target_arch = "wasm32")]
                    let applied = scan_groups(&self.robots, step, include_beyond_limit);
                    Groups::Built(applied)
                }
            };
            if !groups.is_empty() {
                return Selected {
                    groups,
                    used_star_group: matches!(step, Step::Star),
                    chain_step: match selection {
                        GroupSelection::Chain(chain) => Some(UsedStep::new(index, &chain[index])),
                        GroupSelection::Agent { .. } => None,
                    },
                };
            }
        }
        Selected {
            groups: Groups::Built(Vec::new()),
            used_star_group: false,
            chain_step: None,
        }
    }

    /// The first line of each group `selection` picks within the size limit, in file order
    /// (for the record readers, of the record its agent reads): which groups an agent obeys,
    /// as [`Matcher::select_groups`] and [`Matcher::answer`] choose them, without building
    /// them. The audit's evidence compares who obeys what in a file and in each edited copy.
    /// Native builds only, as [`Matcher::first`] (the audit's wasm builds the groups).
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn group_starts(&self, selection: GroupSelection<'_>) -> Vec<usize> {
        if let Some(reading) = &self.reading {
            let lines = reading.record_lines(reader_agent(selection));
            return lines.first().map(|&line| vec![line]).unwrap_or_default();
        }
        let groups = self.robots.groups();
        let indices = self.group_indices(selection);
        indices
            .into_iter()
            .map(|at| first_line(&groups[at]))
            .collect()
    }

    /// Every line of the groups `selection` picks within the size limit, in order (for the
    /// record readers, of the record its agent reads): [`Matcher::select_groups`]'s lines,
    /// without the rest of each group.
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn selected_lines(&self, selection: GroupSelection<'_>) -> Vec<usize> {
        if let Some(reading) = &self.reading {
            return reading.record_lines(reader_agent(selection)).to_vec();
        }
        let groups = self.robots.groups();
        let indices = self.group_indices(selection);
        indices
            .into_iter()
            .flat_map(|at| groups[at].lines())
            .collect()
    }

    /// Where the groups `selection` picks within the size limit stand in
    /// [`RobotsTxt::groups`], as [`Matcher::select_groups`] picks them.
    #[cfg(not(target_arch = "wasm32"))]
    fn group_indices(&self, selection: GroupSelection<'_>) -> Vec<usize> {
        let agents = self
            .agents
            .get_or_init(|| AgentIndex::of(&self.robots).map(Box::new));
        for index in 0..selection.len() {
            let step = selection.step(index);
            let found = match agents.as_deref() {
                Some(agents) if step.looks_up() => agents.group_indices(&self.robots, step, false),
                _ => scan_group_indices(&self.robots, step, false),
            };
            if !found.is_empty() {
                return found;
            }
        }
        Vec::new()
    }

    /// Whether reading the file whole, past the size limit, can change an answer for the
    /// groups `selection` picks: only through other groups (user-agent lines past the limit)
    /// or through a rule past the limit in them, as [`Matcher::answer`] decides. Never for the
    /// record readers, which read no limit.
    ///
    /// Nor when reading it whole keeps every group read within the limit, adds only groups
    /// with no rule within it, and adds only rules that repeat one read within the limit (the
    /// same kind and value, so compiled alike): the rules that match any path then hold the
    /// same patterns and kinds, the earliest of them within the limit, and decide alike under
    /// any precedence. A file written twice over (its second copy past the limit) is such a
    /// file for every agent, and the audit's evidence asked each about the lines it loses.
    pub(crate) fn limit_matters(&self, selection: GroupSelection<'_>) -> bool {
        if self.reading.is_some() || self.robots.facts().first_line_beyond_limit.is_none() {
            return false;
        }
        let whole = self.select_groups(selection, true).groups;
        let within = self.select_groups(selection, false).groups;
        let indices = |groups: &[AppliedGroup]| -> HashSet<usize> {
            groups.iter().map(|group| group.index).collect()
        };
        let (whole_indices, within_indices) = (indices(&whole), indices(&within));
        if !within_indices.is_subset(&whole_indices) {
            return true;
        }
        let added = |group: &AppliedGroup| !within_indices.contains(&group.index);
        // Natively the rules are compared by number, where a set of every rule read within the
        // limit was hashed anew for each asker (the evidence of a 1 MB file asks hundreds,
        // each reading thousands of rules). The page's wasm never asks (its size budget is full).
        #[cfg(not(target_arch = "wasm32"))]
        return self.adds_unread_rule(&whole, &within, &added);
        #[cfg(target_arch = "wasm32")]
        return adds_unread_rule(&self.robots, &whole, &within, &added);
    }

    /// `adds_unread_rule`, comparing each rule's kind and value by its number in
    /// [`RuleValues`].
    #[cfg(not(target_arch = "wasm32"))]
    fn adds_unread_rule(
        &self,
        whole: &[AppliedGroup],
        within: &[AppliedGroup],
        added: &dyn Fn(&AppliedGroup) -> bool,
    ) -> bool {
        let values = self
            .rule_values
            .get_or_init(|| RuleValues::new(&self.robots));
        let groups = self.robots.groups();
        let rules = |group: &AppliedGroup| groups[group.index].rules.iter();
        let mut read = vec![0u64; values.count.div_ceil(64)];
        for rule in within.iter().flat_map(rules) {
            if !rule.beyond_size_limit {
                let number = values.of(rule);
                read[number / 64] |= 1 << (number % 64);
            }
        }
        whole.iter().any(|group| {
            let added = added(group);
            rules(group).any(|rule| match rule.beyond_size_limit {
                true => {
                    let number = values.of(rule);
                    read[number / 64] & (1 << (number % 64)) == 0
                }
                false => added,
            })
        })
    }

    /// Whether `agent`, compared as `model` compares it, selects exactly `groups` in a file
    /// with no line past the size limit: its verdict for any path is then the one of whatever
    /// selected them (the same rules against the same path). False for the record readers.
    pub(crate) fn agent_selects(
        &self,
        agent: &str,
        model: AgentMatch,
        groups: &[AppliedGroup],
    ) -> bool {
        if self.reading.is_some() || self.robots.facts().first_line_beyond_limit.is_some() {
            return false;
        }
        let chosen = self.selection(self.agent_selection(trimmed(agent), model), false);
        same_indices(&chosen.groups, groups)
    }

    /// Whether a crawler following `chain` would use exactly `groups` (those of a verdict of this
    /// checker): then it reads the same rules, and answers every URL as that verdict did. Never
    /// for the record readers, whose records are not the groups.
    pub(crate) fn chain_selects(&self, chain: &[ChainStep<'_>], groups: &[AppliedGroup]) -> bool {
        if self.reading.is_some() {
            return false;
        }
        let chosen = self.selection(GroupSelection::Chain(chain), false);
        same_indices(&chosen.groups, groups)
    }

    /// The groups `chain` selects within the size limit ([`Matcher::select_groups`]'s) and
    /// the index of their rules, as the chain's verdicts use them: chosen once and kept, and
    /// shared with every chain that selects the same rules.
    pub(crate) fn chain_rules(&self, chain: &[ChainStep<'_>]) -> SharedGroups {
        let chosen = self.selection(GroupSelection::Chain(chain), false);
        SharedGroups {
            groups: Arc::clone(&chosen.groups),
            used_star_group: chosen.used_star_group,
            chain_step: chosen.chain_step.clone(),
            rules: Arc::clone(&chosen.within),
        }
    }

    /// Calls `each` with every rule of `rules` (an index of this matcher's), its pattern as
    /// compared and that pattern's length, in no particular order.
    pub(crate) fn for_each_rule(
        &self,
        rules: &RuleIndex,
        each: &mut dyn FnMut(&Rule, &[u8], usize),
    ) {
        let texts = rules.texts(&self.robots);
        for compiled in rules.rules() {
            each(
                self.rule(compiled),
                compiled.normalised(texts),
                compiled.length(),
            );
        }
    }

    /// Every rule of `index` that matches `path`, `pairs` being its octet pairs.
    #[cfg(not(target_arch = "wasm32"))]
    fn matching(&self, index: &RuleIndex, path: &[u8], pairs: PairSet) -> Vec<RuleMatch> {
        let mut matches = Vec::new();
        // Taken at the first match: many checks match nothing.
        let mut shown = None;
        self.each_match(index, path, pairs, &mut |found| {
            let shown = shown.get_or_insert_with(|| index.shown());
            matches.push(found.rule_match(&self.robots, index, shown));
        });
        matches
    }

    /// Every rule of `index` that matches `path`, `pairs` being its octet pairs: the page's
    /// wasm, whose size budget is full, keeps the matching rules' strings made in one step
    /// (natively [`Matcher::each_match`] finds them, and [`MatchAt::rule_match`] shows them, for
    /// [`crate::Verdicts`] too). The two are one search ([`RuleIndex::candidates`],
    /// [`CompiledRule::matches`]) collected two ways; the vectors hold them equal in Node.
    #[cfg(target_arch = "wasm32")]
    fn matching(&self, index: &RuleIndex, path: &[u8], pairs: PairSet) -> Vec<RuleMatch> {
        let mut matches = Vec::new();
        if index.is_empty() {
            return matches;
        }
        let texts = index.texts(&self.robots);
        let mut shown = None;
        index.candidates(texts, path, pairs, &mut |at, same_pattern| {
            let compiled = &same_pattern[0];
            let Some(via_index_html) = compiled.matches(texts, path) else {
                return;
            };
            let normalised: Arc<str> = match (via_index_html, compiled.directory(texts)) {
                (true, Some(directory)) => {
                    let mut text = lossless_ascii(directory.to_vec());
                    text.push('$');
                    text.into()
                }
                _ => shown.get_or_insert_with(|| index.shown()).get(at, || {
                    lossless_ascii(compiled.normalised(texts).to_vec()).into()
                }),
            };
            for compiled in same_pattern {
                let rule = self.rule(compiled);
                matches.push(RuleMatch {
                    line: rule.line,
                    kind: rule.kind,
                    pattern: match compiled.is_copied() || via_index_html {
                        true => rule.pattern(&self.robots).into(),
                        false => Arc::clone(&normalised),
                    },
                    length: normalised.len(),
                    normalised: Arc::clone(&normalised),
                    via_index_html,
                });
            }
        });
        matches
    }

    /// Calls `found` with every rule of `index` that matches `path` (`pairs` being its octet
    /// pairs), as a position in the index: [`MatchAt::rule_match`] makes what a verdict shows.
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn each_match(
        &self,
        index: &RuleIndex,
        path: &[u8],
        pairs: PairSet,
        found: &mut dyn FnMut(MatchAt),
    ) {
        if index.is_empty() {
            return;
        }
        let texts = index.texts(&self.robots);
        index.candidates(texts, path, pairs, &mut |at, same_pattern| {
            let compiled = &same_pattern[0];
            let Some(via_index_html) = compiled.matches(texts, path) else {
                return;
            };
            let length = match (via_index_html, compiled.directory(texts)) {
                (true, Some(directory)) => directory.len() + 1,
                _ => compiled.length(),
            };
            for (offset, compiled) in same_pattern.iter().enumerate() {
                let rule = self.rule(compiled);
                found(MatchAt {
                    entry: to_u32(at),
                    rule: to_u32(at + offset),
                    line: rule.line,
                    kind: rule.kind,
                    length,
                    via_index_html,
                });
            }
        });
    }

    fn rule(&self, compiled: &CompiledRule) -> &Rule {
        &self.robots.groups()[compiled.group as usize].rules[compiled.rule as usize]
    }

    /// What `matches`, every matching rule of `selection`'s groups, add up to.
    fn decide(&self, selection: &Selection, mut matches: Vec<RuleMatch>) -> Decision {
        let (decisive, reason, allowed) = decide(selection, &mut matches);
        Decision {
            allowed,
            reason,
            decisive: decisive.cloned(),
            matches,
        }
    }
}

/// What `matches`, every matching rule of `selection`'s groups, add up to: sorted into file
/// order, then which of them decides, why, and whether the path is allowed.
pub(crate) fn decide<'m, M: Found>(
    selection: &Selection,
    matches: &'m mut [M],
) -> (Option<&'m M>, Reason, bool) {
    sort_by_line(matches);
    let (decisive, reason) = match decisive_match(matches) {
        Some(rule) => (Some(rule), Reason::RuleMatched),
        None => match empty_match(matches) {
            Some(rule) => (Some(rule), Reason::EmptyRuleMatched),
            None if selection.groups.is_empty() => (None, Reason::NoGroupApplies),
            None => (None, Reason::NoRuleMatched),
        },
    };
    let allowed = match reason {
        Reason::RuleMatched => decisive.is_some_and(|rule| rule.kind() == RuleKind::Allow),
        _ => true,
    };
    (decisive, reason, allowed)
}

/// What the decision reads of a matching rule, shown ([`RuleMatch`]) or by its position in its
/// index ([`MatchAt`]): both are decided by the one set of functions below.
pub(crate) trait Found {
    fn line(&self) -> usize;
    fn kind(&self) -> RuleKind;
    fn length(&self) -> usize;
}

impl Found for RuleMatch {
    fn line(&self) -> usize {
        self.line
    }
    fn kind(&self) -> RuleKind {
        self.kind
    }
    fn length(&self) -> usize {
        self.length
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Found for MatchAt {
    fn line(&self) -> usize {
        self.line
    }
    fn kind(&self) -> RuleKind {
        self.kind
    }
    fn length(&self) -> usize {
        self.length
    }
}

/// A rule that matched, as its position in the rule index that found it: what the decision
/// needs, without the strings a verdict shows ([`MatchAt::rule_match`] makes them).
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, Clone, Copy)]
pub(crate) struct MatchAt {
    /// The first rule of its run of rules with one pattern, whose shown string it shares.
    entry: u32,
    /// The rule itself.
    rule: u32,
    line: usize,
    kind: RuleKind,
    length: usize,
    via_index_html: bool,
}

#[cfg(not(target_arch = "wasm32"))]
impl MatchAt {
    /// The rule's line.
    pub(crate) fn line(&self) -> usize {
        self.line
    }

    /// The rule as verdicts show it; `index` is the one that found it, built from `robots`.
    pub(crate) fn rule_match(
        &self,
        robots: &RobotsTxt,
        index: &RuleIndex,
        shown: &mut ShownStrings<'_>,
    ) -> RuleMatch {
        let texts = index.texts(robots);
        let compiled = &index.rules()[self.rule as usize];
        let normalised: Arc<str> = match (self.via_index_html, compiled.directory(texts)) {
            (true, Some(directory)) => {
                let mut text = lossless_ascii(directory.to_vec());
                text.push('$');
                text.into()
            }
            _ => shown.get(self.entry as usize, || {
                lossless_ascii(compiled.normalised(texts).to_vec()).into()
            }),
        };
        let rule = &robots.groups()[compiled.group as usize].rules[compiled.rule as usize];
        RuleMatch {
            line: self.line,
            kind: self.kind,
            // Nearly always the pattern as written is the one compared.
            pattern: match compiled.is_copied() || self.via_index_html {
                true => rule.pattern(robots).into(),
                false => Arc::clone(&normalised),
            },
            length: self.length,
            normalised,
            via_index_html: self.via_index_html,
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn to_u32(value: usize) -> u32 {
    u32::try_from(value).unwrap_or(u32::MAX)
}

/// What the matching rules of a selection decide, before the rest of a verdict is filled in.
struct Decision {
    allowed: bool,
    reason: Reason,
    decisive: Option<RuleMatch>,
    /// Every matching rule, in file order.
    matches: Vec<RuleMatch>,
}

/// The groups one selection picked, and the index of their rules.
#[derive(Debug)]
pub(crate) struct Selection {
    key: SelectionKey,
    pub(crate) groups: Arc<[AppliedGroup]>,
    /// For an agent's selection, the user-agent lines within the size limit that the agent's
    /// two readings disagree on ([`Verdict::agent_line_readings`]); none for a chain.
    pub(crate) agent_line_readings: Vec<AgentLineReading>,
    pub(crate) used_star_group: bool,
    pub(crate) chain_step: Option<UsedStep>,
    /// The groups' rules within the size limit, shared by the selections of the same groups.
    pub(crate) within: Arc<RuleIndex>,
    /// The groups' rules past the size limit, when the selection reads the whole file.
    beyond: Option<Arc<RuleIndex>>,
}

/// A selection as [`Matcher::selection`] hands it out: borrowed from the checker's first slots,
/// or shared with its list of remembered ones.
#[cfg(not(target_arch = "wasm32"))]
enum Chosen<'c> {
    Kept(&'c Arc<Selection>),
    Shared(Arc<Selection>),
}

/// The wasm build keeps no slots (see `Matcher::first`): a selection is always shared.
#[cfg(target_arch = "wasm32")]
type Chosen<'c> = Arc<Selection>;

#[cfg(not(target_arch = "wasm32"))]
impl From<Arc<Selection>> for Chosen<'_> {
    fn from(selection: Arc<Selection>) -> Self {
        Chosen::Shared(selection)
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl std::ops::Deref for Chosen<'_> {
    type Target = Selection;

    fn deref(&self) -> &Selection {
        match self {
            Chosen::Kept(selection) => selection,
            Chosen::Shared(selection) => selection,
        }
    }
}

impl Selection {
    fn same_groups(&self, other: &Selection) -> bool {
        same_indices(&self.groups, &other.groups)
    }
}

/// The groups of `groups` that hold a rule within the size limit (`beyond` false) or past it
/// (`beyond` true): what a rule index of those rules is made of. A group's rules are in file
/// order, and a line is past the limit when it starts past it: the first rule tells whether
/// any is within, the last whether any is past.
fn holding<'g>(
    robots: &'g RobotsTxt,
    groups: &'g [AppliedGroup],
    beyond: bool,
) -> impl Iterator<Item = usize> + 'g {
    groups
        .iter()
        .map(|group| group.index)
        .filter(move |&index| {
            let rules = &robots.groups()[index].rules;
            match beyond {
                false => rules.first().is_some_and(|rule| !rule.beyond_size_limit),
                true => rules.last().is_some_and(|rule| rule.beyond_size_limit),
            }
        })
}

/// Whether reading the file whole adds a rule that no rule read within the limit repeats
/// (the same kind and value) to the groups `whole` (those an asker obeys in the file read
/// whole, which hold every group of `within`, those it obeys within the limit), or a rule
/// within the limit in a group that `added` says only the whole file adds: see
/// [`Matcher::limit_matters`].
#[cfg(any(test, target_arch = "wasm32"))]
fn adds_unread_rule(
    robots: &RobotsTxt,
    whole: &[AppliedGroup],
    within: &[AppliedGroup],
    added: &dyn Fn(&AppliedGroup) -> bool,
) -> bool {
    let groups = robots.groups();
    let value = |rule: &Rule| &robots.input()[robots.value_span_of(rule.line)];
    let rules = |group: &AppliedGroup| groups[group.index].rules.iter();
    let read: HashSet<(RuleKind, &[u8])> = (within.iter().flat_map(rules))
        .filter(|rule| !rule.beyond_size_limit)
        .map(|rule| (rule.kind, value(rule)))
        .collect();
    whole.iter().any(|group| {
        let added = added(group);
        rules(group).any(|rule| match rule.beyond_size_limit {
            true => !read.contains(&(rule.kind, value(rule))),
            false => added,
        })
    })
}

/// The kind and value of each rule of a file's groups as a number, the same for two rules
/// exactly when both are the same: compared by number, a set of rules is a bit set.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug)]
struct RuleValues {
    /// By line (from 0), the number of the rule on it; lines without a rule have none.
    by_line: Vec<u32>,
    /// How many numbers there are.
    count: usize,
}

#[cfg(not(target_arch = "wasm32"))]
impl RuleValues {
    fn new(robots: &RobotsTxt) -> RuleValues {
        // Hashed by the replay's hash: SipHash cost twice what the bit sets save.
        let mut numbers: std::collections::HashMap<(RuleKind, &[u8]), u32, Seeded> =
            std::collections::HashMap::default();
        let mut by_line = vec![u32::MAX; robots.lines().len()];
        for rule in robots.groups().iter().flat_map(|group| &group.rules) {
            let value = &robots.input()[robots.value_span_of(rule.line)];
            let next = to_u32(numbers.len());
            by_line[rule.line - 1] = *numbers.entry((rule.kind, value)).or_insert(next);
        }
        RuleValues {
            by_line,
            count: numbers.len(),
        }
    }

    /// The number of `rule`, a rule of the file's groups.
    fn of(&self, rule: &Rule) -> usize {
        self.by_line[rule.line - 1] as usize
    }
}

/// Whether two lists of groups are the same groups.
fn same_indices(a: &[AppliedGroup], b: &[AppliedGroup]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(a, b)| a.index == b.index)
}

/// What a selection was asked with, owned so that it can be remembered.
#[derive(Debug, PartialEq, Eq)]
struct SelectionKey {
    selection: SelectionKind,
    include_beyond_limit: bool,
    /// [`fingerprint`] of the selection.
    fingerprint: u64,
}

/// A hash of what a selection is asked with (FNV-1a over its agent or its chain's tokens):
/// keys that differ in it are different keys; equal ones are compared whole.
fn fingerprint(selection: GroupSelection<'_>, include_beyond_limit: bool) -> u64 {
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325 ^ u64::from(include_beyond_limit);
    let mut add = |bytes: &[u8], end: u8| {
        for &byte in bytes.iter().chain([end].iter()) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(PRIME);
        }
    };
    match selection {
        GroupSelection::Agent { agent, model } => add(agent.as_bytes(), model as u8),
        GroupSelection::Chain(chain) => {
            for step in chain {
                match step.token() {
                    Some(token) => add(token.as_bytes(), 0xfe),
                    None => add(b"", 0xff),
                }
            }
        }
    }
    hash
}

#[derive(Debug, PartialEq, Eq)]
enum SelectionKind {
    Agent {
        agent: String,
        model: AgentMatch,
    },
    /// The chain's tokens, `None` for `*`.
    Chain(Vec<Option<String>>),
}

impl SelectionKey {
    fn new(selection: GroupSelection<'_>, include_beyond_limit: bool) -> SelectionKey {
        let fingerprint = fingerprint(selection, include_beyond_limit);
        let selection = match selection {
            GroupSelection::Agent { agent, model } => SelectionKind::Agent {
                agent: agent.to_owned(),
                model,
            },
            GroupSelection::Chain(chain) => SelectionKind::Chain(
                chain
                    .iter()
                    .map(|step| step.token().map(str::to_owned))
                    .collect(),
            ),
        };
        SelectionKey {
            selection,
            include_beyond_limit,
            fingerprint,
        }
    }

    /// How the agent was compared: as the selection says, and by token along a chain.
    fn agent_match(&self) -> AgentMatch {
        match &self.selection {
            SelectionKind::Agent { model, .. } => *model,
            SelectionKind::Chain(_) => AgentMatch::Token,
        }
    }

    /// Whether this is the key of `selection`, whose [`fingerprint`] is `fingerprint`.
    fn is(
        &self,
        selection: GroupSelection<'_>,
        include_beyond_limit: bool,
        fingerprint: u64,
    ) -> bool {
        self.fingerprint == fingerprint && self.matches(selection, include_beyond_limit)
    }

    /// Whether this is the key of `selection`, compared whole.
    fn matches(&self, selection: GroupSelection<'_>, include_beyond_limit: bool) -> bool {
        self.include_beyond_limit == include_beyond_limit
            && match (&self.selection, selection) {
                (
                    SelectionKind::Agent { agent, model },
                    GroupSelection::Agent { agent: a, model: m },
                ) => agent == a && *model == m,
                (SelectionKind::Chain(kept), GroupSelection::Chain(chain)) => {
                    kept.len() == chain.len()
                        && kept
                            .iter()
                            .zip(chain)
                            .all(|(kept, step)| kept.as_deref() == step.token())
                }
                _ => false,
            }
    }
}

/// How the groups that apply are chosen.
#[derive(Debug, Clone, Copy)]
pub(crate) enum GroupSelection<'a> {
    /// The groups naming `agent` as `model` compares it, else the `*` groups (RFC 9309 §2.2.1).
    Agent { agent: &'a str, model: AgentMatch },
    /// The groups of the first step of a crawler's fallback chain that finds any.
    Chain(&'a [ChainStep<'a>]),
}

impl<'a> GroupSelection<'a> {
    fn len(self) -> usize {
        match self {
            GroupSelection::Agent { .. } => 2,
            GroupSelection::Chain(chain) => chain.len(),
        }
    }

    fn step(self, index: usize) -> Step<'a> {
        match (self, index) {
            (GroupSelection::Agent { agent, model }, 0) => Step::Agent(agent, model),
            (GroupSelection::Agent { .. }, _) => Step::Star,
            (GroupSelection::Chain(chain), _) => match chain[index] {
                ChainStep::Token(token) => Step::Token(token),
                ChainStep::Star => Step::Star,
            },
        }
    }
}

/// One step of a group selection: which user-agent lines it accepts.
#[derive(Debug, Clone, Copy)]
enum Step<'a> {
    Agent(&'a str, AgentMatch),
    Token(&'a str),
    Star,
}

impl Step<'_> {
    fn accepts(self, line: &AgentLine) -> bool {
        match (self, &line.token) {
            (Step::Star, AgentToken::Star) => true,
            (Step::Star, AgentToken::Product(_)) | (_, AgentToken::Star) => false,
            (Step::Agent(agent, model), _) => names_agent(line, agent, model),
            (_, AgentToken::Product(token)) if token.is_empty() => false,
            (Step::Token(step), AgentToken::Product(token)) => step.eq_ignore_ascii_case(token),
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Step<'_> {
    /// Whether the lines this step accepts are those naming one token, or `*`: then
    /// [`AgentIndex`] finds them without reading the others.
    fn looks_up(self) -> bool {
        !matches!(self, Step::Agent(_, AgentMatch::Substring))
    }
}

/// The groups holding a user-agent line that `step` accepts, each with those lines: every
/// line read ([`AgentIndex::applied`] is its fast twin, tested to agree).
fn scan_groups(
    robots: &RobotsTxt,
    step: Step<'_>,
    include_beyond_limit: bool,
) -> Vec<AppliedGroup> {
    robots
        .groups()
        .iter()
        .filter_map(|group| {
            let matched: Vec<usize> = group
                .agents
                .iter()
                .filter(|agent| include_beyond_limit || !agent.beyond_size_limit)
                .filter(|agent| step.accepts(agent))
                .map(|agent| agent.line)
                .collect();
            (!matched.is_empty()).then(|| applied_group(group, matched))
        })
        .collect()
}

/// The name a record reader compares for `selection`: a chain's own token, an agent's name.
#[cfg(not(target_arch = "wasm32"))]
fn reader_agent<'a>(selection: GroupSelection<'a>) -> &'a str {
    match selection {
        GroupSelection::Chain(chain) => chain_token(chain),
        GroupSelection::Agent { agent, .. } => agent,
    }
}

/// Where the groups [`scan_groups`] finds stand in [`RobotsTxt::groups`].
#[cfg(not(target_arch = "wasm32"))]
fn scan_group_indices(
    robots: &RobotsTxt,
    step: Step<'_>,
    include_beyond_limit: bool,
) -> Vec<usize> {
    (0..robots.groups().len())
        .filter(|&at| {
            robots.groups()[at].agents.iter().any(|agent| {
                (include_beyond_limit || !agent.beyond_size_limit) && step.accepts(agent)
            })
        })
        .collect()
}

/// The first of [`crate::group::Group::lines`], without making them.
#[cfg(not(target_arch = "wasm32"))]
fn first_line(group: &crate::group::Group) -> usize {
    [
        group.agents.first().map(|agent| agent.line),
        group.rules.first().map(|rule| rule.line),
        group.other_lines.first().copied(),
    ]
    .into_iter()
    .flatten()
    .min()
    .unwrap_or_default()
}

fn applied_group(group: &crate::group::Group, matched: Vec<usize>) -> AppliedGroup {
    AppliedGroup {
        index: group.index,
        agent_lines: group.agents.iter().map(|agent| agent.line).collect(),
        matched_agent_lines: matched,
        lines: group.lines(),
    }
}

/// A file's user-agent lines by the token they name (ASCII lowercase) and its `*` lines, as
/// (group, position among its agents), in file order: a crawler's fallback chain then finds
/// its groups by a lookup a step, where a scan read every user-agent line of the file for each
/// step of each crawler (the audit's evidence asks about every catalogued crawler in every
/// file it edits: in a file of thousands of groups, most of its time). Made only for files
/// with more than [`AgentIndex::MIN_LINES`] user-agent lines, where reading them costs more
/// than the map, and natively (the page's wasm scans).
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug)]
pub(crate) struct AgentIndex {
    by_token: std::collections::HashMap<Box<[u8]>, Vec<(u32, u32)>>,
    star: Vec<(u32, u32)>,
}

#[cfg(not(target_arch = "wasm32"))]
impl AgentIndex {
    /// Below this many user-agent lines, a scan is as quick as a lookup.
    const MIN_LINES: usize = 64;

    fn of(robots: &RobotsTxt) -> Option<AgentIndex> {
        let lines: usize = robots.groups().iter().map(|group| group.agents.len()).sum();
        if lines <= AgentIndex::MIN_LINES {
            return None;
        }
        let mut index = AgentIndex {
            by_token: std::collections::HashMap::new(),
            star: Vec::new(),
        };
        for (at, group) in robots.groups().iter().enumerate() {
            for (position, agent) in group.agents.iter().enumerate() {
                let entry = (to_u32(at), to_u32(position));
                match &agent.token {
                    AgentToken::Star => index.star.push(entry),
                    // An empty token names nobody ([`Step::accepts`]).
                    AgentToken::Product(token) if token.is_empty() => {}
                    AgentToken::Product(token) => index
                        .by_token
                        .entry(token.as_bytes().to_ascii_lowercase().into())
                        .or_default()
                        .push(entry),
                }
            }
        }
        Some(index)
    }

    /// The (group, position among its user-agent lines) pairs the index holds for `step`, in
    /// file order; `None` for a substring match, which the index cannot answer.
    fn entries(&self, step: Step<'_>) -> Option<&[(u32, u32)]> {
        match step {
            Step::Star => Some(&self.star),
            Step::Token(token) | Step::Agent(token, AgentMatch::Token) => Some(
                self.by_token
                    .get(token.as_bytes().to_ascii_lowercase().as_slice())
                    .map_or(&[], Vec::as_slice),
            ),
            Step::Agent(_, AgentMatch::Substring) => None,
        }
    }

    /// Where the groups [`AgentIndex::applied`] finds stand in [`RobotsTxt::groups`].
    fn group_indices(
        &self,
        robots: &RobotsTxt,
        step: Step<'_>,
        include_beyond_limit: bool,
    ) -> Vec<usize> {
        let Some(found) = self.entries(step) else {
            return Vec::new();
        };
        let groups = robots.groups();
        let mut indices: Vec<usize> = Vec::new();
        for &(group, position) in found {
            let group = group as usize;
            let beyond = groups[group].agents[position as usize].beyond_size_limit;
            if indices.last() != Some(&group) && (include_beyond_limit || !beyond) {
                indices.push(group);
            }
        }
        indices
    }

    /// What [`scan_groups`] finds for `step`, which [`Step::looks_up`].
    fn applied(
        &self,
        robots: &RobotsTxt,
        step: Step<'_>,
        include_beyond_limit: bool,
    ) -> Vec<AppliedGroup> {
        let Some(found) = self.entries(step) else {
            return scan_groups(robots, step, include_beyond_limit);
        };
        let groups = robots.groups();
        let mut applied: Vec<AppliedGroup> = Vec::new();
        let mut current: Option<(u32, Vec<usize>)> = None;
        for &(group, position) in found {
            let agent = &groups[group as usize].agents[position as usize];
            if !include_beyond_limit && agent.beyond_size_limit {
                continue;
            }
            match &mut current {
                Some((at, matched)) if *at == group => matched.push(agent.line),
                _ => {
                    if let Some((at, matched)) = current.take() {
                        applied.push(applied_group(&groups[at as usize], matched));
                    }
                    current = Some((group, vec![agent.line]));
                }
            }
        }
        if let Some((at, matched)) = current {
            applied.push(applied_group(&groups[at as usize], matched));
        }
        applied
    }
}

/// [`SelectedGroups`] as [`Matcher::select`] finds them: the `*` groups may be shared.
struct Selected {
    groups: Groups,
    used_star_group: bool,
    chain_step: Option<UsedStep>,
}

/// Groups a selection found: built now, or the `*` groups an earlier selection built.
enum Groups {
    Built(Vec<AppliedGroup>),
    Star(Arc<[AppliedGroup]>),
}

impl Groups {
    fn is_empty(&self) -> bool {
        match self {
            Groups::Built(groups) => groups.is_empty(),
            Groups::Star(groups) => groups.is_empty(),
        }
    }
}

/// [`SelectedGroups`] as a kept selection holds them, shared with it, with the index of
/// their rules within the size limit.
pub(crate) struct SharedGroups {
    pub groups: Arc<[AppliedGroup]>,
    pub used_star_group: bool,
    pub chain_step: Option<UsedStep>,
    pub rules: Arc<RuleIndex>,
}

/// The groups a selection found.
#[derive(Debug, Default)]
pub(crate) struct SelectedGroups {
    pub groups: Vec<AppliedGroup>,
}

/// The name a crawler following `chain` asks with: its first token, else `*`.
fn chain_token<'a>(chain: &[ChainStep<'a>]) -> &'a str {
    chain.iter().find_map(|step| step.token()).unwrap_or("*")
}

/// Puts `matches` in file order. A check finds a dozen or so: an insertion sort moves them in
/// place where a general sort would allocate.
fn sort_by_line<M: Found>(matches: &mut [M]) {
    if matches.len() > 32 {
        return crate::sorting::sort_by_key(matches, |found| found.line());
    }
    for sorted in 1..matches.len() {
        let mut at = sorted;
        while at > 0 && matches[at - 1].line() > matches[at].line() {
            matches.swap(at - 1, at);
            at -= 1;
        }
    }
}

/// Longest pattern wins; Allow wins a tie; among equals the first in the file; length 0 never
/// decides (`RobotsMatcher::disallow`, `Match::Set` with a strict comparison).
fn decisive_match<M: Found>(matches: &[M]) -> Option<&M> {
    let longest = |kind: RuleKind| {
        matches
            .iter()
            .filter(|found| found.kind() == kind && found.length() > 0)
            .fold(None, |best: Option<&M>, found| match best {
                Some(best) if best.length() >= found.length() => Some(best),
                _ => Some(found),
            })
    };
    match (longest(RuleKind::Allow), longest(RuleKind::Disallow)) {
        (Some(allow), Some(disallow)) if disallow.length() > allow.length() => Some(disallow),
        (Some(allow), _) => Some(allow),
        (None, disallow) => disallow,
    }
}

/// When no rule of positive length matched: the empty rule that answered, as google/robotstxt's
/// `matching_line()` reports it. An empty pattern matches every path with priority 0, which is
/// set only by the first such line of each kind; an Allow wins the tie
/// (`Match::HigherPriorityMatch(disallow, allow)` returns the Allow unless the Disallow's
/// priority is strictly higher). It allows everything: priority 0 never disallows.
fn empty_match<M: Found>(matches: &[M]) -> Option<&M> {
    let first = |kind: RuleKind| {
        matches
            .iter()
            .find(|found| found.kind() == kind && found.length() == 0)
    };
    first(RuleKind::Allow).or_else(|| first(RuleKind::Disallow))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(robots: &str, agent: &str, url: &str, profile: Profile, model: AgentMatch) -> Verdict {
        RobotsTxt::parse(robots.as_bytes())
            .checker(profile)
            .check(agent, url, model)
    }

    fn allowed(robots: &str, agent: &str, url: &str) -> bool {
        check(robots, agent, url, Profile::Google, AgentMatch::Token).allowed
    }

    /// Where the groups an agent or a crawler obeys start is where the groups chosen for a
    /// verdict start, under every profile (Python's: the record it reads), in a file small
    /// enough to be scanned and one large enough to be indexed.
    #[test]
    fn group_starts_are_where_the_chosen_groups_start() {
        let small = "# groups\nUser-agent: *\nDisallow: /a\n\nSitemap: /s\nuser-agent: googlebot\n\
                     User-agent: Bingbot\nAllow: /b\nCrawl-delay: 3\nUser-agent: x\nDisallow: /x\n";
        let mut large = String::from("User-agent: *\nDisallow: /\n");
        for i in 0..80 {
            large.push_str(&format!(
                "User-agent: bot{}\nUser-agent: Googlebot\n",
                i % 7
            ));
            large.push_str(&format!("Disallow: /{i}\n\n"));
        }
        let chains: Vec<&[ChainStep<'_>]> = crate::catalogue::crawlers()
            .iter()
            .map(|crawler| crawler.chain)
            .collect();
        for text in [small, large.as_str()] {
            let robots = RobotsTxt::parse(text.as_bytes());
            for profile in [Profile::Google, Profile::Rfc9309, Profile::Python] {
                let matcher = Matcher::new(&robots, profile);
                let starts = |verdict: Verdict| -> Vec<usize> {
                    let groups = verdict.groups.iter();
                    groups.map(|group| group.lines[0]).collect()
                };
                let lines = |verdict: &Verdict| -> Vec<usize> {
                    let groups = verdict.groups.iter();
                    groups
                        .flat_map(|group| group.lines.iter().copied())
                        .collect()
                };
                for &chain in &chains {
                    let verdict = matcher.check_chain(chain, "/");
                    let selection = GroupSelection::Chain(chain);
                    assert_eq!(matcher.selected_lines(selection), lines(&verdict));
                    assert_eq!(
                        matcher.group_starts(selection),
                        starts(verdict),
                        "{chain:?} under {profile:?}"
                    );
                }
                for agent in ["x", "bot3", "Googlebot", "nobody", "BINGBOT", ""] {
                    let selection = GroupSelection::Agent {
                        agent,
                        model: AgentMatch::Token,
                    };
                    let verdict = match profile {
                        Profile::Python => matcher.check(agent, "/", AgentMatch::Token),
                        _ => {
                            let groups = matcher.select_groups(selection, false).groups;
                            Verdict {
                                groups: groups.into(),
                                ..matcher.check(agent, "/", AgentMatch::Token)
                            }
                        }
                    };
                    assert_eq!(matcher.selected_lines(selection), lines(&verdict));
                    assert_eq!(
                        matcher.group_starts(selection),
                        starts(verdict),
                        "{agent:?} under {profile:?}"
                    );
                }
            }
        }
    }

    /// The agent index finds what reading every user-agent line finds, step by step: names
    /// in any case, repeated across groups, several in a group, empty tokens, `*`, and lines
    /// past the size limit (read whole and not).
    #[test]
    fn agent_index_finds_what_a_scan_finds() {
        let mut text = String::new();
        let names = [
            "Googlebot",
            "googlebot-image",
            "BINGBOT",
            "GPTBot",
            "a",
            "_x-y",
            "Bot",
        ];
        for i in 0..120 {
            text.push_str(&format!("User-agent: {}\n", names[i % names.len()]));
            if i % 3 == 0 {
                text.push_str(&format!(
                    "User-agent: {}/2.1 (extra)\n",
                    names[(i / 3) % names.len()]
                ));
            }
            match i % 11 {
                0 => text.push_str("User-agent: *\n"),
                5 => text.push_str("User-agent: /no-token\n"),
                _ => {}
            }
            text.push_str(&format!("Disallow: /{i}\n\n"));
        }
        text.push_str(&"# padding\n".repeat(crate::lines::SIZE_LIMIT / 10));
        text.push_str("User-agent: gptbot\nUser-agent: Late\nUser-agent: *\nDisallow: /late\n");
        let robots = RobotsTxt::parse(text.as_bytes());
        let index = AgentIndex::of(&robots).expect("more than MIN_LINES user-agent lines");
        let mut asked: Vec<&str> = names.to_vec();
        asked.extend([
            "googlebot",
            "Late",
            "late",
            "",
            "nobody",
            "no-token",
            "/no-token",
        ]);
        for whole in [false, true] {
            let mut steps = vec![Step::Star];
            for name in &asked {
                steps.push(Step::Token(name));
                steps.push(Step::Agent(name, AgentMatch::Token));
            }
            for step in steps {
                let found = index.applied(&robots, step, whole);
                assert_eq!(
                    found,
                    scan_groups(&robots, step, whole),
                    "{step:?}, whole: {whole}"
                );
                let positions: Vec<usize> = found
                    .iter()
                    .map(|group| {
                        let at = robots.groups().iter().position(|g| g.index == group.index);
                        at.unwrap_or(usize::MAX)
                    })
                    .collect();
                assert_eq!(index.group_indices(&robots, step, whole), positions);
                assert_eq!(scan_group_indices(&robots, step, whole), positions);
            }
        }
    }

    #[test]
    fn longest_match_wins_and_allow_wins_a_tie() {
        let robots = "User-agent: *\nDisallow: /a\nAllow: /a/b\nAllow: /c\nDisallow: /c";
        assert!(!allowed(robots, "x", "/a/c"));
        assert!(allowed(robots, "x", "/a/b/c"));
        let tie = check(robots, "x", "/c", Profile::Google, AgentMatch::Token);
        assert!(tie.allowed);
        assert_eq!(tie.decisive.unwrap().line, 4);
        assert_eq!(tie.matches.len(), 2);
    }

    #[test]
    fn a_specific_group_replaces_star_even_without_rules() {
        let robots = "User-agent: *\nDisallow: /\nUser-agent: FooBot";
        let verdict = check(robots, "FooBot", "/x", Profile::Google, AgentMatch::Token);
        assert!(verdict.allowed);
        assert_eq!(verdict.reason, Reason::NoRuleMatched);
        assert!(!verdict.used_star_group);
        assert!(!allowed(robots, "BarBot", "/x"));
    }

    #[test]
    fn groups_naming_the_same_agent_merge() {
        let robots =
            "User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /\nUser-agent: a\nAllow: /x/y";
        let verdict = check(robots, "a", "/x/y", Profile::Google, AgentMatch::Token);
        assert!(verdict.allowed);
        assert_eq!(verdict.groups.len(), 2);
        assert!(!allowed(robots, "a", "/x/z"));
    }

    #[test]
    fn substring_model_finds_a_token_inside_a_full_ua() {
        let robots = "User-agent: ExampleBot\nDisallow: /";
        let ua = "Mozilla/5.0 (compatible; ExampleBot/1.0; +https://example.com/bot)";
        assert!(!check(robots, ua, "/", Profile::Rfc9309, AgentMatch::Substring).allowed);
        assert!(check(robots, ua, "/", Profile::Rfc9309, AgentMatch::Token).allowed);
        assert!(
            !check(
                robots,
                "examplebot/2",
                "/",
                Profile::Rfc9309,
                AgentMatch::Token
            )
            .allowed
        );
    }

    #[test]
    fn no_group_means_allowed() {
        let verdict = check(
            "User-agent: a\nDisallow: /",
            "b",
            "/",
            Profile::Google,
            AgentMatch::Token,
        );
        assert!(verdict.allowed);
        assert_eq!(verdict.reason, Reason::NoGroupApplies);
    }

    #[test]
    fn robots_txt_is_implicitly_allowed_only_by_the_rfc() {
        let robots = "User-agent: *\nDisallow: /";
        let rfc = check(
            robots,
            "x",
            "https://example.com/robots.txt",
            Profile::Rfc9309,
            AgentMatch::Token,
        );
        assert!(rfc.allowed);
        assert_eq!(rfc.reason, Reason::ImplicitRobotsTxtAllow);
        assert!(!allowed(robots, "x", "/robots.txt"));
    }

    #[test]
    fn percent_encoding_is_normalised_by_the_rfc_profile() {
        let robots = "User-agent: *\nDisallow: /caf%C3%A9\nDisallow: /%7Ejoe\nDisallow: /b%2A";
        let rfc = |url| check(robots, "x", url, Profile::Rfc9309, AgentMatch::Token).allowed;
        assert!(!rfc("/café"));
        assert!(!rfc("/caf%c3%a9"));
        assert!(!rfc("/~joe"));
        assert!(!rfc("/b*"));
        assert!(allowed(robots, "x", "/~joe"));
        assert!(
            !allowed(robots, "x", "/café"),
            "typed URLs are encoded for Google too"
        );
        assert!(
            allowed(robots, "x", "/caf%c3%a9"),
            "Google leaves the URL's hex case alone"
        );
    }

    #[test]
    fn index_html_allows_its_directory_for_google_only() {
        let robots = "User-agent: *\nDisallow: /\nAllow: /dir/index.html";
        let google = check(robots, "x", "/dir/", Profile::Google, AgentMatch::Token);
        assert!(google.allowed);
        assert!(google.decisive.unwrap().via_index_html);
        assert!(!check(robots, "x", "/dir/", Profile::Rfc9309, AgentMatch::Token).allowed);
    }

    #[test]
    fn an_empty_rule_answers_when_nothing_longer_matches_and_allows_everything() {
        // google/robotstxt's matching_line(): the empty rule is a priority-0 match, and an
        // Allow wins the tie with a Disallow.
        let robots = "User-agent: *\nDisallow:\nAllow:";
        for profile in [Profile::Google, Profile::Rfc9309] {
            let verdict = check(robots, "x", "/a", profile, AgentMatch::Token);
            assert!(verdict.allowed);
            assert_eq!(verdict.reason, Reason::EmptyRuleMatched);
            assert_eq!(verdict.deciding_line(), Some(3));
            assert_eq!(verdict.matches.len(), 2);
        }
        // Only a Disallow: it is the line, and it still allows (typo keys are rules too).
        let verdict = check(
            "User-agent: *\nDisalow:\n",
            "x",
            "/a",
            Profile::Google,
            AgentMatch::Token,
        );
        assert!(verdict.allowed);
        assert_eq!(verdict.deciding_line(), Some(2));
        assert_eq!(
            verdict.why_decides(),
            Some(crate::verdict::WhyDecides::EmptyRule)
        );
        // Any longer match decides instead.
        let verdict = check(
            "User-agent: *\nDisallow:\nDisallow: /a\n",
            "x",
            "/a",
            Profile::Google,
            AgentMatch::Token,
        );
        assert!(!verdict.allowed);
        assert_eq!(verdict.deciding_line(), Some(3));
        // No group: no line.
        let verdict = check(
            "User-agent: y\nDisallow:\n",
            "x",
            "/a",
            Profile::Google,
            AgentMatch::Token,
        );
        assert_eq!(verdict.reason, Reason::NoGroupApplies);
        assert_eq!(verdict.deciding_line(), None);
    }

    #[test]
    fn a_typed_agent_is_never_cut_to_its_letters() {
        // google/robotstxt reads both lines as `Rule`, which is not the agent asked for.
        let robots = "User-agent: Rule1Bot\nDisallow: /a\n\nUser-agent: Rule2Bot\nDisallow: /b\n";
        for profile in [Profile::Google, Profile::Rfc9309] {
            let token = check(robots, "Rule1Bot", "/b", profile, AgentMatch::Token);
            assert!(token.allowed, "{profile}: {token:?}");
            assert_eq!(token.reason, Reason::NoGroupApplies);
            let substring = check(robots, "Rule1Bot", "/b", profile, AgentMatch::Substring);
            assert!(substring.allowed, "{profile}: {substring:?}");
            let substring = check(robots, "Rule1Bot", "/a", profile, AgentMatch::Substring);
            assert!(!substring.allowed);
            assert_eq!(substring.decisive.unwrap().line, 2);
        }
        let robots = "User-agent: Jävla-Foobot\nDisallow: /\n";
        for model in [AgentMatch::Token, AgentMatch::Substring] {
            assert!(check(robots, "jävla-fanbot", "/", Profile::Google, model).allowed);
        }
        // google/robotstxt's GoogleOnly_AcceptUserAgentUpToFirstSpace.
        let robots = "User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n";
        assert!(
            !check(
                robots,
                "Foo Bar",
                "/x/y",
                Profile::Google,
                AgentMatch::Token
            )
            .allowed
        );
        assert!(check(robots, "Foo", "/x/y", Profile::Google, AgentMatch::Token).allowed);
    }

    #[test]
    fn substring_matching_looks_for_the_name_as_written() {
        let robots = "User-agent: MJ12bot\nDisallow: /\nUser-agent: Googlebot/2.1\nDisallow: /g\n";
        let mj = check(
            robots,
            "MJ12bot",
            "/x",
            Profile::Rfc9309,
            AgentMatch::Substring,
        );
        assert!(!mj.allowed);
        assert_eq!(
            mj.agent_line_readings,
            [AgentLineReading {
                line: 1,
                written: "MJ12bot".into(),
                google_reads: "MJ".into(),
                applies: true,
                other_reading_applies: true,
            }]
        );
        let ua = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
        assert!(!check(robots, ua, "/g", Profile::Rfc9309, AgentMatch::Substring).allowed);
        assert!(check(robots, "MJ", "/x", Profile::Rfc9309, AgentMatch::Substring).allowed);
    }

    proptest::proptest! {
        /// Whether the file read whole adds a rule no rule read within the limit repeats is the
        /// same by the rules' numbers as by a set of their kinds and values, for any groups
        /// read whole and within (bits chosen at random) of files with lines on both sides of
        /// the limit.
        #[test]
        fn rules_compared_by_number_are_compared_by_kind_and_value(
            before in proptest::collection::vec(proptest::sample::select(LIMIT_LINES.to_vec()), 0..16),
            after in proptest::collection::vec(proptest::sample::select(LIMIT_LINES.to_vec()), 0..16),
            whole_bits in proptest::num::u32::ANY,
            within_bits in proptest::num::u32::ANY,
        ) {
            let padding = format!("#{}\n", "x".repeat(999)).repeat(crate::lines::SIZE_LIMIT / 1000);
            let text = format!("{}\n{padding}{}\n", before.join("\n"), after.join("\n"));
            let robots = RobotsTxt::parse(text.as_bytes());
            let matcher = Matcher::new(&robots, Profile::Google);
            let chosen = |bits: u32| -> Vec<AppliedGroup> {
                (robots.groups().iter().take(32))
                    .filter(|group| bits & (1 << group.index) != 0)
                    .map(|group| applied_group(group, Vec::new()))
                    .collect()
            };
            let whole = chosen(whole_bits);
            let within = chosen(whole_bits & within_bits);
            let added = |group: &AppliedGroup| within.iter().all(|kept| kept.index != group.index);
            proptest::prop_assert_eq!(
                matcher.adds_unread_rule(&whole, &within, &added),
                adds_unread_rule(&robots, &whole, &within, &added)
            );
        }
    }

    proptest::proptest! {
        /// The lines whose readings differ, listed for an agent's verdict, are those that
        /// reading every user-agent line of the file lists (the verdict reads only the lines a
        /// matcher found read differently).
        #[test]
        fn the_readings_listed_are_those_of_every_line(
            names in proptest::collection::vec(
                proptest::sample::select(vec!["*", "bot", "Bot/1.0", "MJ12bot", "mj", "a b", "bot7x", "B_o-t"]),
                1..16,
            ),
            agent in proptest::sample::select(vec!["bot", "MJ12bot", "mj", "a", "bot7x", "Mozilla/5.0 (bot)"]),
        ) {
            let text: String = names.iter().map(|name| format!("User-agent: {name}\nDisallow: /\n")).collect();
            let robots = RobotsTxt::parse(text.as_bytes());
            for model in [AgentMatch::Token, AgentMatch::Substring] {
                let every_line = robots.groups().iter().flat_map(|group| &group.agents);
                let expected = differing_readings(every_line, agent, model);
                for profile in [Profile::Google, Profile::Rfc9309] {
                    let verdict = robots.checker(profile).check(agent, "/", model);
                    proptest::prop_assert_eq!(&verdict.agent_line_readings, &expected);
                }
            }
        }
    }

    #[test]
    fn token_matching_reads_lines_as_google_and_says_where_that_differs() {
        let robots = "User-agent: MJ12bot\nDisallow: /\n";
        let typed = check(robots, "MJ12bot", "/x", Profile::Google, AgentMatch::Token);
        assert!(typed.allowed, "Google reads the line as MJ");
        assert_eq!(typed.agent_line_readings.len(), 1);
        assert!(!typed.agent_line_readings[0].applies);
        assert!(typed.agent_line_readings[0].other_reading_applies);
        let mj = check(robots, "mj", "/x", Profile::Google, AgentMatch::Token);
        assert!(!mj.allowed);
        assert!(mj.agent_line_readings[0].applies);
        let ua = "Mozilla/5.0 (compatible; MJ12bot/v1.4.8)";
        // Google's library compares the whole value; the RFC token model its first product token.
        let pasted = check(robots, ua, "/x", Profile::Google, AgentMatch::Token);
        assert_eq!(pasted.agent_token, ua);
        assert!(pasted.agent_line_readings.is_empty());
        let pasted = check(robots, ua, "/x", Profile::Rfc9309, AgentMatch::Token);
        assert_eq!(pasted.agent_token, "Mozilla");
    }

    #[test]
    fn google_token_matching_compares_the_whole_typed_value() {
        // google/robotstxt compares the string it is given with the line's token: `FooBot/1.0`
        // is not `FooBot`, so only the `*` group applies.
        let robots = "User-agent: FooBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n";
        let google = check(
            robots,
            "FooBot/1.0",
            "/x",
            Profile::Google,
            AgentMatch::Token,
        );
        assert!(google.allowed, "{google:?}");
        assert!(google.used_star_group);
        assert_eq!(google.agent_token, "FooBot/1.0");
        assert!(!check(robots, "FooBot", "/x", Profile::Google, AgentMatch::Token).allowed);
        // RFC 9309's token model reads the product token; substring finds the name inside.
        assert!(
            !check(
                robots,
                "FooBot/1.0",
                "/x",
                Profile::Rfc9309,
                AgentMatch::Token
            )
            .allowed
        );
        assert!(
            !check(
                robots,
                "FooBot/1.0",
                "/x",
                Profile::Google,
                AgentMatch::Substring
            )
            .allowed
        );
    }

    #[test]
    fn one_checker_keeps_each_agents_readings_apart() {
        // The readings are worked out once per agent and match model and then kept: asking for
        // other agents and models in between must not hand one agent's readings to another.
        let robots =
            RobotsTxt::parse(b"User-agent: MJ12bot\nDisallow: /\nUser-agent: *\nAllow: /\n");
        let checker = robots.checker(Profile::Google);
        let readings = |agent: &str, model| checker.check(agent, "/x", model).agent_line_readings;
        for _ in 0..2 {
            assert_eq!(readings("MJ12bot", AgentMatch::Token).len(), 1);
            assert!(readings("Googlebot", AgentMatch::Token).is_empty());
            assert!(readings("MJ12bot", AgentMatch::Token)[0].other_reading_applies);
            assert!(readings("MJ12bot", AgentMatch::Substring)[0].applies);
            assert!(readings(" mj ", AgentMatch::Token)[0].applies);
        }
        let chain = [ChainStep::Token("MJ12bot"), ChainStep::Star];
        assert!(checker
            .check_chain(&chain, "/x")
            .agent_line_readings
            .is_empty());
    }

    #[test]
    fn an_explicit_chain_is_checked_like_a_catalogued_one() {
        let robots =
            RobotsTxt::parse(b"User-agent: parent\nDisallow: /p\n\nUser-agent: *\nDisallow: /\n");
        let checker = robots.checker(Profile::Rfc9309);
        let chain = [
            ChainStep::Token("child"),
            ChainStep::Token("parent"),
            ChainStep::Star,
        ];
        let verdict = checker.check_chain(&chain, "https://example.com/q");
        assert!(verdict.allowed);
        assert_eq!(verdict.agent, "child");
        assert_eq!(verdict.chain_step.unwrap().token.as_deref(), Some("parent"));
        let no_star = checker.check_chain(&[ChainStep::Token("other")], "/q");
        assert!(no_star.allowed);
        assert_eq!(no_star.reason, Reason::NoGroupApplies);
        // /robots.txt stays allowed under the RFC profile whatever the chain finds.
        let robots_txt = checker.check_chain(&[ChainStep::Star], "/robots.txt");
        assert_eq!(robots_txt.reason, Reason::ImplicitRobotsTxtAllow);
    }

    #[test]
    fn a_chain_check_equals_a_token_check_when_the_chain_is_token_then_star() {
        let robots = RobotsTxt::parse(
            b"User-agent: a\nDisallow: /x\nAllow: /x/y\n\nUser-agent: *\nDisallow: /z\n\nUser-agent: A\nDisallow: /w\n",
        );
        for profile in [Profile::Rfc9309, Profile::Google] {
            let checker = robots.checker(profile);
            for agent in ["a", "b"] {
                for url in ["/x", "/x/y", "/z", "/w", "/robots.txt", "/"] {
                    let by_agent = checker.check(agent, url, AgentMatch::Token);
                    let by_chain =
                        checker.check_chain(&[ChainStep::Token(agent), ChainStep::Star], url);
                    assert_eq!(
                        by_agent.allowed, by_chain.allowed,
                        "{profile} {agent} {url}"
                    );
                    assert_eq!(by_agent.reason, by_chain.reason, "{profile} {agent} {url}");
                    assert_eq!(
                        by_agent.decisive, by_chain.decisive,
                        "{profile} {agent} {url}"
                    );
                    assert_eq!(by_agent.groups, by_chain.groups, "{profile} {agent} {url}");
                    assert!(by_agent.chain_step.is_none());
                }
            }
        }
    }

    /// Lines of files on both sides of the size limit: groups, and rules of both kinds that
    /// repeat one another's values or not.
    const LIMIT_LINES: [&str; 10] = [
        "User-agent: bot",
        "User-agent: *",
        "Disallow: /a",
        "Allow: /a",
        "Disallow: /b/",
        "Disallow: /b/ ",
        "Disallow: /*.pdf$",
        "Allow:",
        "Disallow:",
        "",
    ];
}
