//! Rules judged together, as a crawler merges them: duplicates, an Allow and a Disallow with the
//! same pattern, rules that can never decide, and style sheets or scripts kept from the crawlers
//! that render pages.
//!
//! Only what can be proved is claimed. Pattern inclusion ([`Inner`]) is decided on patterns
//! made of printable ASCII without `%`, whose octets and lengths are the same for Google and for
//! RFC 9309 crawlers, by a test that is sound but not complete: it may miss an inclusion, it
//! never invents one. A rule is reported only when it loses in every rule set that contains
//! it (a group may be obeyed by `*` and by named crawlers at once).

use std::collections::HashMap;

use super::evidence::{Edit, Intent};
use super::text::{directive_code, line_range_value};
use super::{Code, Context, Finding};
use crate::encoding::{google_escape, rfc9309_normalise};
use crate::group::{Rule, RuleKind};
use crate::lines::LineKind;
use crate::message::{Message, MessageId as M, Value};
use crate::pattern::Pattern;
use crate::profile::{AgentMatch, Profile};

/// How many (rule, URL) probes the CSS/JS check runs at most; rules past that are not checked.
pub const MAX_RESOURCE_PROBES: usize = 64;

/// How many matcher steps the shadowing analysis may spend on a file; past that it claims
/// nothing more. Real files need a few thousand.
const SHADOW_BUDGET: usize = 2_000_000;

pub(super) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
    dominated_rules(cx, out);
    resources(cx, out);
}

/// Whether a pattern matches every path: `/`, `/*`, `*`, `/*$`.
pub(super) fn is_match_all(pattern: &str) -> bool {
    let rest = pattern.strip_prefix('/').unwrap_or(pattern);
    if pattern.is_empty() || (rest.len() == pattern.len() && !pattern.starts_with('*')) {
        return false;
    }
    let stars = rest.trim_end_matches('$');
    let dollars = rest.len() - stars.len();
    stars.bytes().all(|b| b == b'*') && (dollars == 0 || (dollars == 1 && !stars.is_empty()))
}

/// A path that `pattern` matches and that reads as a URL someone could request, to show what a
/// rule blocks: a `*` that stands for a whole name (between two signs: `/cn/*/retail/`,
/// `/*.pdf`, `?a=*&b`) becomes `filler`, so `/cn/*/retail/` shows `/cn/x/retail/` rather than
/// `/cn//retail/`; a `*` beside a word (`/search*?q=`, `/*index.html`) or at the end matches the
/// empty string there, as do stars before the path's own `/` (`*/member/inbox`); a final `$`
/// only ends the path. Every star then matches what replaced it, so the pattern matches the path.
pub(super) fn example_path(pattern: &[u8], filler: &[u8]) -> Vec<u8> {
    let body = pattern.strip_suffix(b"$").unwrap_or(pattern);
    let lead = body.iter().take_while(|&&b| b == b'*').count();
    let body = if body.get(lead) == Some(&b'/') {
        &body[lead..]
    } else {
        body
    };
    // Stars from here on end the pattern.
    let end = body.iter().rposition(|&b| b != b'*').map_or(0, |at| at + 1);
    let mut path = Vec::with_capacity(body.len() + filler.len() + 1);
    if body.first() != Some(&b'/') {
        path.push(b'/');
    }
    for (at, &b) in body.iter().enumerate() {
        if b != b'*' {
            path.push(b);
        } else if at < end
            && !path.last().is_some_and(u8::is_ascii_alphanumeric)
            && !body[at + 1].is_ascii_alphanumeric()
        {
            path.extend_from_slice(filler);
        }
    }
    path
}

/// Patterns whose octets both profiles compare unchanged: printable ASCII, no `%`.
fn analysable(pattern: &[u8]) -> bool {
    !pattern.is_empty() && pattern.iter().all(|&b| b.is_ascii_graphic() && b != b'%')
}

/// Whether every path `inner` matches is also matched by `outer`, without a budget.
#[cfg(test)]
fn covers(outer: &[u8], inner: &[u8]) -> bool {
    let mut unlimited = usize::MAX;
    Inner::new(inner).is_some_and(|mut inner| inner.covered_by(outer, &mut unlimited) == Some(true))
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Token {
    Octet(u8),
    /// A stretch of the path that `inner`'s `*` matched: any octets, so `outer` can only match
    /// it with a `*` of its own.
    Any,
}

/// Every path a pattern matches, as sequences of octets and opaque [`Token::Any`] stretches;
/// another pattern covers them all if it matches each sequence with its `*`s absorbing the
/// opaque stretches. Because every path starts with `/`, a leading `*` splits into two cases:
/// it matched nothing (the rest starts at the path's `/`), or a stretch starting with `/`.
pub(super) struct Inner {
    cases: Vec<Vec<Token>>,
    /// The positions [`matches_tokens`] follows, kept between the patterns this one is
    /// compared with: a rule is compared with every longer wildcard rule of its set, and
    /// two lists made per comparison cost more than most comparisons.
    positions: (Vec<usize>, Vec<usize>),
}

impl Inner {
    /// `None` for a pattern that cannot be analysed.
    pub(super) fn new(inner: &[u8]) -> Option<Inner> {
        if !analysable(inner) {
            return None;
        }
        let (body, anchored) = split_anchor(inner);
        let tokens = |bytes: &[u8]| -> Vec<Token> {
            let mut tokens: Vec<Token> = bytes
                .iter()
                .map(|&b| {
                    if b == b'*' {
                        Token::Any
                    } else {
                        Token::Octet(b)
                    }
                })
                .collect();
            if !anchored {
                tokens.push(Token::Any);
            }
            tokens
        };
        let mut cases = Vec::with_capacity(2);
        if body.first() == Some(&b'*') {
            let rest = &body[body.iter().take_while(|&&b| b == b'*').count()..];
            if rest.first() == Some(&b'/') {
                cases.push(tokens(rest));
            }
            let mut stretched = vec![Token::Octet(b'/'), Token::Any];
            stretched.extend(tokens(rest));
            cases.push(stretched);
        } else {
            cases.push(tokens(body));
        }
        Some(Inner {
            cases,
            positions: Default::default(),
        })
    }

    /// Whether `outer` matches every path of this pattern; `None` when the budget ran out.
    #[cfg(test)]
    pub(super) fn covered_by(&mut self, outer: &[u8], budget: &mut usize) -> Option<bool> {
        if !analysable(outer) {
            return Some(false);
        }
        self.covered_by_analysable(outer, budget)
    }

    /// [`Inner::covered_by`] for an `outer` pattern known to be [`analysable`]: a rule is
    /// compared with many, and each is read once.
    fn covered_by_analysable(&mut self, outer: &[u8], budget: &mut usize) -> Option<bool> {
        let (positions, next) = &mut self.positions;
        for case in &self.cases {
            if !matches_tokens(outer, case, budget, positions, next)? {
                return Some(false);
            }
        }
        Some(true)
    }
}

fn split_anchor(pattern: &[u8]) -> (&[u8], bool) {
    match pattern.split_last() {
        Some((b'$', body)) => (body, true),
        _ => (pattern, false),
    }
}

/// Google's matching simulation, over tokens instead of octets: a literal octet never matches
/// an opaque stretch.
/// `positions` and `next` are any lists, reused.
fn matches_tokens(
    pattern: &[u8],
    tokens: &[Token],
    budget: &mut usize,
    positions: &mut Vec<usize>,
    next: &mut Vec<usize>,
) -> Option<bool> {
    let (body, anchored) = split_anchor(pattern);
    positions.clear();
    positions.push(0);
    for &element in body {
        *budget = budget.checked_sub(positions.len() + 1)?;
        if element == b'*' {
            let from = positions[0];
            positions.clear();
            positions.extend(from..=tokens.len());
            continue;
        }
        next.clear();
        next.extend(
            positions
                .iter()
                .filter(|&&at| tokens.get(at) == Some(&Token::Octet(element)))
                .map(|&at| at + 1),
        );
        std::mem::swap(positions, next);
        if positions.is_empty() {
            return Some(false);
        }
    }
    Some(!anchored || positions.last() == Some(&tokens.len()))
}

/// A pattern as Google escapes it and as RFC 9309 normalises it: equal for two patterns that
/// every profile reads the same.
type PatternKey = (Vec<u8>, Vec<u8>);

/// The [`PatternKey`] of a pattern.
fn pattern_key(pattern: &[u8]) -> PatternKey {
    (google_escape(pattern), rfc9309_normalise(pattern))
}

/// The number of a [`PatternKey`] among the file's: equal for equal keys. An [`analysable`]
/// pattern is numbered by its octets: its key is the pattern twice (neither reading changes
/// printable ASCII without `%`), and no other pattern's key is (a test holds both).
type KeyNumber = usize;

/// One rule, prepared for comparison.
struct Prepared<'r> {
    rule: &'r Rule,
    /// The rule's pattern as written.
    pattern: &'r [u8],
    group: usize,
    key: KeyNumber,
    length: usize,
    has_star: bool,
    /// The rule is an Allow (read here, beside the length, where the comparisons look).
    allow: bool,
    /// The pattern can be [`analysable`]: shadowing compares a rule with every longer
    /// wildcard rule, and the pattern is read once rather than at each comparison.
    analysable: bool,
    /// The first line of its group with the same pattern, a Disallow and an Allow: the same in
    /// every set that holds the group.
    first_in_group: [Option<usize>; 2],
}

/// What dominates a rule line in the sets that judged it so far.
#[derive(Clone, Copy)]
enum Judged {
    /// No set holds the line's group (yet).
    Unjudged,
    /// Dominated in every set so far: what dominates it in the first.
    Dominated(Dominance),
    /// Some set lets the rule decide.
    Decides,
}

impl Judged {
    /// After one more set, in which `dominance` dominates the rule (or nothing does).
    fn and(self, dominance: Option<Dominance>) -> Judged {
        match (self, dominance) {
            (Judged::Unjudged, Some(dominance)) => Judged::Dominated(dominance),
            (Judged::Dominated(first), Some(_)) => Judged::Dominated(first),
            _ => Judged::Decides,
        }
    }
}

/// Why a rule never decides.
#[derive(Clone, Copy)]
enum Dominance {
    /// The same kind and pattern appear on an earlier line.
    Duplicate(usize),
    /// An Allow with the same pattern wins every tie.
    SamePatternAllowed(usize),
    /// A rule of the other kind matches everything this one does and wins.
    Shadowed(usize),
}

impl Dominance {
    /// The line of the rule that dominates.
    fn line(self) -> usize {
        match self {
            Dominance::Duplicate(line)
            | Dominance::SamePatternAllowed(line)
            | Dominance::Shadowed(line) => line,
        }
    }
}

fn dominated_rules(cx: &Context<'_>, out: &mut Vec<Finding>) {
    // Each rule is prepared once, however many sets hold its group, and its pattern's key is
    // made and numbered once: the sets then compare numbers, not the patterns' octets.
    let mut group_of: Vec<Option<usize>> = vec![None; cx.robots.lines().len() + 1];
    // A pattern that is [`analysable`] is its own key ([`KeyNumber`]): most are, and they are
    // numbered by their octets as written, without making a key.
    let mut plain_numbers: HashMap<&[u8], usize> = HashMap::new();
    let mut numbers: HashMap<PatternKey, usize> = HashMap::new();
    let mut keys = 0;
    let mut prepared_of_group: Vec<Vec<Prepared<'_>>> = Vec::new();
    for group in cx.robots.groups() {
        let mut prepared = Vec::new();
        for rule in &group.rules {
            if let Some(slot) = group_of.get_mut(rule.line) {
                *slot = Some(group.index);
            }
            let pattern = rule.pattern_bytes(cx.robots);
            if rule.beyond_size_limit || pattern.is_empty() {
                continue;
            }
            let analysable = analysable(pattern);
            let (key, length) = if analysable {
                let key = *plain_numbers.entry(pattern).or_insert(keys);
                (key, pattern.len())
            } else {
                let (google, rfc9309) = pattern_key(pattern);
                let length = google.len();
                (*numbers.entry((google, rfc9309)).or_insert(keys), length)
            };
            if key == keys {
                keys += 1;
            }
            prepared.push(Prepared {
                rule,
                pattern,
                group: group.index,
                length,
                key,
                has_star: pattern.contains(&b'*'),
                allow: rule.kind == RuleKind::Allow,
                analysable,
                first_in_group: [None; 2],
            });
        }
        prepared_of_group.push(prepared);
    }
    drop((plain_numbers, numbers));
    // Each group's first rule of each pattern and kind, in slots by pattern number, cleared
    // for the next group: no map hashes the rules.
    let mut firsts = FirstRules::new(keys);
    for prepared in &mut prepared_of_group {
        firsts.set_to(prepared.iter());
        for rule in prepared.iter_mut() {
            rule.first_in_group = [false, true].map(|allow| firsts.anywhere(rule.key, allow));
        }
    }
    let group_of = |line: usize| group_of.get(line).copied().flatten();
    let mut budget = SHADOW_BUDGET;
    // For each rule line, what dominates it in the sets judged so far that contain its group.
    let mut found: Vec<Judged> = vec![Judged::Unjudged; cx.robots.lines().len() + 1];
    for set in &cx.rule_sets {
        let prepared: Vec<&Prepared<'_>> = set
            .iter()
            .flat_map(|&g| prepared_of_group.get(g).into_iter().flatten())
            .collect();
        firsts.set_to(prepared.iter().copied());
        let mut wildcards: Vec<&Prepared<'_>> =
            prepared.iter().copied().filter(|p| p.has_star).collect();
        crate::sorting::sort_by_key(&mut wildcards, |p| std::cmp::Reverse(p.length));
        for a in &prepared {
            let dominance = firsts
                .dominance(a)
                .or_else(|| shadowing(a, &wildcards, &mut budget));
            if let Some(judged) = found.get_mut(a.rule.line) {
                *judged = judged.and(dominance);
            }
        }
    }
    let mut names = WrittenNames::default();
    for (line, judged) in found.into_iter().enumerate() {
        // Dominated in every set that obeys it; sets that do not contain it did not judge it.
        let Judged::Dominated(dominance) = judged else {
            continue;
        };
        let (Some(group), Some(other)) = (group_of(line), group_of(dominance.line())) else {
            continue;
        };
        // `User-agent: T0PHackTeam` and `User-agent: T8Abot` are one crawler, `T`, only as
        // Google reads them (which `agent-token-cut` reports): for a parser that reads the
        // whole name each group needs its own rules, so the copy is not for deleting.
        if group != other && !names.shared(cx, group, other) {
            continue;
        }
        report(cx, line, group, dominance, out);
    }
}

/// The user-agent values of groups (in lower case, `*` as itself), gathered for the groups a
/// finding compares, each once.
#[derive(Default)]
struct WrittenNames {
    of_group: HashMap<usize, std::collections::HashSet<String>>,
}

impl WrittenNames {
    /// Whether groups `a` and `b` name a crawler in common as the values are written.
    fn shared(&mut self, cx: &Context<'_>, a: usize, b: usize) -> bool {
        let (small, large) = if cx.group(a).agents.len() <= cx.group(b).agents.len() {
            (a, b)
        } else {
            (b, a)
        };
        let names = self
            .of_group
            .entry(large)
            .or_insert_with(|| cx.group(large).agents.iter().map(written_key).collect());
        cx.group(small)
            .agents
            .iter()
            .any(|agent| names.contains(&written_key(agent)))
    }
}

fn written_key(agent: &crate::group::AgentLine) -> String {
    match agent.token {
        crate::group::AgentToken::Star => "*".to_owned(),
        crate::group::AgentToken::Product(_) => agent.value().to_ascii_lowercase(),
    }
}

/// The first rule of each pattern and kind, in the whole set and in each group, so that every
/// rule finds its duplicate or its Allow twin at once. The same group is preferred, so that the
/// same rule is named in every set.
///
/// A group's first rules are the same in every set that holds it: each rule keeps its group's
/// ([`Prepared::first_in_group`]). The set's are kept by key number, a slot per pattern and
/// kind, and only the slots a set filled are cleared for the next: no map hashes every rule of
/// every set again.
struct FirstRules {
    /// 2 × pattern + is Allow → first line in the rules asked about, [`usize::MAX`] for none.
    anywhere: Vec<usize>,
    /// The slots of `anywhere` the rules filled.
    filled: Vec<usize>,
}

impl FirstRules {
    /// Slots for the patterns numbered below `keys`.
    fn new(keys: usize) -> FirstRules {
        FirstRules {
            anywhere: vec![usize::MAX; 2 * keys],
            filled: Vec::new(),
        }
    }

    /// Keeps the first rules among `prepared` (a set's or a group's), for the questions to come.
    fn set_to<'p, 'r: 'p>(&mut self, prepared: impl Iterator<Item = &'p Prepared<'r>>) {
        for slot in self.filled.drain(..) {
            self.anywhere[slot] = usize::MAX;
        }
        for rule in prepared {
            let slot = Self::slot(rule.key, rule.allow);
            if self.anywhere[slot] == usize::MAX {
                self.filled.push(slot);
            }
            self.anywhere[slot] = self.anywhere[slot].min(rule.rule.line);
        }
    }

    fn slot(key: KeyNumber, allow: bool) -> usize {
        2 * key + usize::from(allow)
    }

    /// The first rule with this pattern and kind among those asked about.
    fn anywhere(&self, key: KeyNumber, allow: bool) -> Option<usize> {
        Some(self.anywhere[Self::slot(key, allow)]).filter(|&line| line != usize::MAX)
    }

    /// The first rule with `a`'s pattern and this kind: in `a`'s group if there is one, else
    /// anywhere.
    fn first(&self, a: &Prepared<'_>, allow: bool) -> Option<usize> {
        a.first_in_group[usize::from(allow)].or_else(|| self.anywhere(a.key, allow))
    }

    fn dominance(&self, a: &Prepared<'_>) -> Option<Dominance> {
        let allow = a.rule.kind == RuleKind::Allow;
        if let Some(line) = self.first(a, allow) {
            if line < a.rule.line {
                return Some(Dominance::Duplicate(line));
            }
            // The first in its own group may come after an earlier one elsewhere.
            if let Some(line) = self.anywhere(a.key, allow) {
                if line < a.rule.line {
                    return Some(Dominance::Duplicate(line));
                }
            }
        }
        if !allow {
            if let Some(line) = self.first(a, true) {
                return Some(Dominance::SamePatternAllowed(line));
            }
        }
        None
    }
}

fn shadowing(
    a: &Prepared<'_>,
    wildcards: &[&Prepared<'_>],
    budget: &mut usize,
) -> Option<Dominance> {
    // With the budget spent, the first comparison would stop: no rule is prepared for none.
    if *budget == 0 {
        return None;
    }
    let pattern = a.pattern;
    if !matches!(pattern.first(), Some(b'/' | b'*')) {
        return None;
    }
    // Google also allows the directory of an `…/index.htm…` Allow: that rule matches more than
    // its pattern says.
    if a.rule.kind == RuleKind::Allow && widened_by_index_html(pattern) {
        return None;
    }
    let mut inner = Inner::new(pattern)?;
    // Candidates in the same group first, so that the same rule is named in every set.
    for same_group in [true, false] {
        for b in wildcards.iter().take_while(|b| b.length >= a.length) {
            *budget = budget.checked_sub(1)?;
            let wins = b.length > a.length || (b.length == a.length && b.allow);
            if (b.group == a.group) != same_group || b.allow == a.allow || !wins {
                continue;
            }
            if !b.analysable {
                continue;
            }
            match inner.covered_by_analysable(b.pattern, budget) {
                Some(true) => return Some(Dominance::Shadowed(b.rule.line)),
                Some(false) => {}
                None => return None,
            }
        }
    }
    None
}

fn widened_by_index_html(pattern: &[u8]) -> bool {
    pattern
        .iter()
        .rposition(|&b| b == b'/')
        .is_some_and(|slash| pattern[slash..].starts_with(b"/index.htm"))
}

fn report(
    cx: &Context<'_>,
    line: usize,
    group: usize,
    dominance: Dominance,
    out: &mut Vec<Finding>,
) {
    let this = cx.line(line);
    let this_rule = directive_code(
        this.key().unwrap_or_default(),
        this.value().unwrap_or_default(),
    );
    let other_line = dominance.line();
    let other = cx.line(other_line);
    let other_rule = directive_code(
        other.key().unwrap_or_default(),
        other.value().unwrap_or_default(),
    );
    let own = cx.group(group);
    let other_place = {
        let owner = (own.first_line > other_line || other_line > own.last_line)
            .then(|| cx.robots.group_at(other_line))
            .flatten();
        match owner {
            None => Message::new(M::OtherLine).line("line", other_line),
            Some(g) => Message::new(M::OtherLineElsewhere)
                .line("line", other_line)
                .with("group", line_range_value(g.first_line, g.last_line)),
        }
    };
    // A group whose one line of rules is the copy goes whole: its user-agent lines, left
    // without a rule, would join the group below for Google and RFC 9309 readers.
    let copy_is_the_group = own.rules.len() == 1 && own.other_lines.is_empty();
    let finding = match dominance {
        Dominance::Duplicate(_) => Finding::new(
            Code::DuplicateRule,
            line,
            if this.value_bytes() == other.value_bytes() {
                Message::new(M::DuplicateRule)
                    .with("rule", this_rule)
                    .phrase("other", other_place)
            } else {
                // Written differently (`/%2b`, `/%2B`), read the same: say what is read.
                let read = crate::encoding::google_escape(this.value_bytes());
                Message::new(M::DuplicateRuleSpelled)
                    .with("rule", this_rule)
                    .with("other_rule", other_rule)
                    .phrase("other", other_place)
                    .code("read", &String::from_utf8_lossy(&read))
            },
            M::DuplicateRuleWhy,
            if copy_is_the_group {
                Message::new(M::DuplicateRuleFixGroup)
                    .with("lines", line_range_value(own.first_line, own.last_line))
            } else {
                Message::new(M::DuplicateRuleFix)
            },
        ),
        Dominance::SamePatternAllowed(_) => Finding::new(
            Code::AllowDisallowSamePattern,
            line,
            Message::new(M::AllowDisallowSamePattern)
                .with("rule", this_rule)
                .with("other_rule", other_rule)
                .phrase("other", other_place),
            M::AllowDisallowSamePatternWhy,
            M::AllowDisallowSamePatternFix,
        ),
        Dominance::Shadowed(_) => {
            let (a, b) = (
                this.value().unwrap_or_default(),
                other.value().unwrap_or_default(),
            );
            let (la, lb) = (
                google_escape(a.as_bytes()).len(),
                google_escape(b.as_bytes()).len(),
            );
            let message = if lb > la {
                Message::new(M::ShadowedLonger).count("shorter", la)
            } else {
                Message::new(M::ShadowedTie)
            };
            Finding::new(
                Code::ShadowedRule,
                line,
                message
                    .with("rule", this_rule)
                    .with("other_rule", other_rule)
                    .phrase("other", other_place)
                    .count("longer", lb),
                M::ShadowedRuleWhy,
                Message::new(M::ShadowedRuleFix).line("line", other_line),
            )
        }
    };
    // What the author meant, as far as the file shows it: Google and RFC 9309 readers already
    // let the Allow win a tie and the longer rule win, so the rule that never decides for them
    // can go without changing their answers; first-match readers (Python's robotparser) may
    // answer otherwise until it does. A duplicate changes no reader's answer (a note).
    let intent = match dominance {
        // The whole group's deletion is an edit the engine checks. A copy among other rules
        // goes alone and changes no reader's answer (the first copy decides for first-match
        // readers too), so it is not weighed: on a large file the evidence's budget goes to
        // the findings that claim something.
        Dominance::Duplicate(_) => copy_is_the_group
            .then(|| Intent::fix(own.lines().into_iter().map(Edit::delete).collect())),
        Dominance::SamePatternAllowed(_) => {
            let disallow = if this.kind == LineKind::Disallow {
                line
            } else {
                other_line
            };
            Some(Intent::portable(vec![Edit::delete(disallow)]))
        }
        Dominance::Shadowed(_) => Some(Intent::portable(vec![Edit::delete(line)])),
    };
    out.push(
        finding
            .with_span(super::text::value_span(&this))
            .with_related(vec![other_line])
            .with_intent(intent),
    );
}

/// Folders whose name says they hold a page's style sheets and scripts, lower case, without
/// slashes, wherever the site puts them (`/js/`, `/shop/css/`). Not `scripts`: Drupal's
/// `/scripts/` holds shell scripts, and a folder of that name is as often server-side code.
const SAYS_ASSETS: &[&str] = &["css", "js", "javascript", "styles", "stylesheets"];

/// Folders that hold a page's style sheets and scripts by a platform's own layout: WordPress's
/// and the JavaScript frameworks' build folders, and everything inside the ones that end with
/// `/` here (a theme's or a plugin's own folder, one level down). Not `wp-content/uploads/` (media) nor
/// `wp-content/cache/`.
const PLATFORM_ASSETS: &[&str] = &[
    "wp-includes/",
    "wp-content",
    "wp-content/themes/",
    "wp-content/plugins/",
    "_next/",
    "_nuxt/",
];

/// Names that hold style sheets and scripts as often as anything else (`/static/` of images,
/// `/assets/` of legacy pages, Joomla's `/plugins/` of PHP, a portal's `/themes` page): a block
/// of one is reported only when the file shows it was meant to leave them open, by an Allow of
/// the group that matches the files and loses (`Allow: /*/*.css` against `/company/themes/`).
const MAY_HOLD_ASSETS: &[&str] = &[
    "assets", "static", "themes", "plugins", "skin", "core", "modules", "build", "dist",
];

/// How sure a Disallow pattern is to block the pages' style sheets and scripts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Resources {
    /// The pattern names the files by their extension, in every folder or in one whose name
    /// says it holds them (`/*.js$`, `/wp-content/*.css`).
    Files,
    /// A folder whose name or platform says it holds them (`/css/`, `/wp-includes/`).
    Folder,
    /// A folder that may hold them ([`MAY_HOLD_ASSETS`]): reported only with an Allow that loses.
    MaybeFolder,
}

/// Whether `folder` (lower case, without its outer slashes) holds the pages' style sheets and
/// scripts by its name or its platform's layout ([`Resources::Folder`]), may hold them
/// ([`Resources::MaybeFolder`]), or neither.
fn asset_folder(folder: &str) -> Option<Resources> {
    if folder.contains(['*', '?', '=']) {
        return None;
    }
    let last = folder.rsplit('/').next().unwrap_or(folder);
    // A file's name (`/wp-includes/wlwmanifest.xml`) is no folder of anything.
    let is_file = last.contains('.');
    let platform = PLATFORM_ASSETS
        .iter()
        .any(|&layout| match layout.strip_suffix('/') {
            // A theme's or plugin's own folder, not every folder below it
            // (`/wp-content/plugins/pb-ads/ad-page/`, an ad page): deeper, the name decides.
            Some(inside) => {
                folder == inside
                    || folder
                        .strip_prefix(layout)
                        .is_some_and(|below| !is_file && !below.contains('/'))
            }
            None => folder == layout,
        });
    if platform || SAYS_ASSETS.contains(&last) {
        Some(Resources::Folder)
    } else if MAY_HOLD_ASSETS.contains(&last) {
        Some(Resources::MaybeFolder)
    } else {
        None
    }
}

/// The crawlers that render pages, for which blocked style sheets and scripts matter.
const RENDERERS: [&str; 2] = ["Googlebot", "Bingbot"];

/// What a Disallow pattern blocks, if it looks like style sheets or scripts, with paths that
/// show it.
fn resource_probes(pattern: &str) -> Option<(Resources, Vec<String>)> {
    let lower = pattern.to_ascii_lowercase();
    // A pattern for every script or style sheet (`/*.js$`, `/js/*.css`), not one file named in
    // full (`/translations.js`) nor the versions of one named file (`/browser-update*.js`,
    // whose star stands for a hash): a named helper script is not a render resource by its
    // extension alone. Nor the scripts of one folder that says nothing of holding the pages'
    // (`/cdn/wpm/*.js`, a shop's analytics sandbox): the owner chose those on purpose.
    let names_extension = [".css", ".js"].iter().any(|ext| {
        lower.match_indices(ext).any(|(at, _)| {
            let (folder, name) = lower[..at].rsplit_once('/').unwrap_or(("", &lower[..at]));
            let folder = folder.trim_matches(['/', '*']);
            !name.is_empty()
                && name.bytes().all(|b| b == b'*')
                && (folder.is_empty() || asset_folder(folder) == Some(Resources::Folder))
                && matches!(
                    lower.as_bytes().get(at + ext.len()),
                    None | Some(b'$' | b'*' | b'?')
                )
        })
    });
    if names_extension {
        let probe = example_path(pattern.as_bytes(), b"assets/app");
        return Some((
            Resources::Files,
            vec![String::from_utf8_lossy(&probe).into_owned()],
        ));
    }
    if pattern.ends_with('$') {
        return None;
    }
    let folder = lower.trim_end_matches(['*', '$']).trim_matches('/');
    let kind = asset_folder(folder)?;
    let base = blocked_folder(pattern);
    Some((
        kind,
        vec![format!("{base}app.js"), format!("{base}style.css")],
    ))
}

/// The folder a Disallow of a folder blocks, between slashes (`/static*` → `/static/`).
fn blocked_folder(pattern: &str) -> String {
    format!("/{}/", pattern.trim_end_matches('*').trim_matches('/'))
}

fn resources(cx: &Context<'_>, out: &mut Vec<Finding>) {
    let checker = cx.robots.checker(Profile::Google);
    let mut probes_left = MAX_RESOURCE_PROBES;
    for group in cx.robots.groups() {
        for rule in &group.rules {
            if rule.kind != RuleKind::Disallow || rule.beyond_size_limit {
                continue;
            }
            let Some((kind, probes)) = resource_probes(cx.pattern(rule)) else {
                continue;
            };
            let is_folder = kind != Resources::Files;
            let compiled = Pattern::google(rule.pattern_bytes(cx.robots));
            let mut blocked_paths: Vec<String> = Vec::new();
            let mut blocked_for: Vec<String> = Vec::new();
            for probe in probes.iter().filter(|p| compiled.matches(p.as_bytes())) {
                for agent in RENDERERS {
                    if probes_left == 0 {
                        return;
                    }
                    probes_left -= 1;
                    let verdict = checker.check(agent, probe, AgentMatch::Token);
                    let decided_here = verdict
                        .decisive
                        .as_ref()
                        .is_some_and(|d| d.line == rule.line);
                    if !verdict.allowed && decided_here {
                        if !blocked_paths.contains(probe) {
                            blocked_paths.push(probe.clone());
                        }
                        if !blocked_for.iter().any(|a| a == agent) {
                            blocked_for.push(agent.to_owned());
                        }
                    }
                }
            }
            if blocked_paths.is_empty() {
                continue;
            }
            // An Allow of the group that opens a place inside the blocked folder again, or the
            // folder's own name without its slash (`Disallow: /static/` with `Allow:
            // /static/css/`, `Disallow: /maps/api/js/` with `Allow: /maps/api/js?` or `Allow:
            // /maps/api/js`, the loader): the owner chose what pages may use there, and the
            // rest stays closed on purpose. (An Allow by file type, `/wp-content/plugins/*.css`,
            // leaves the scripts beside them blocked.)
            let folder = cx.pattern(rule).trim_end_matches(['*', '/']);
            let curated = is_folder
                && group.rules.iter().any(|other| {
                    let allow = cx.pattern(other).trim_end_matches(['*', '$']);
                    other.kind == RuleKind::Allow
                        && allow.len() >= folder.len()
                        && allow.starts_with(folder)
                        && !allow.contains('*')
                });
            if curated {
                continue;
            }
            // The Allow of the group that matches a blocked file and loses on length
            // (`Allow: /*/*.css` against `Disallow: /company/themes/`): the owner meant it to
            // open these files, so the finding says why it does not.
            let loser = group
                .rules
                .iter()
                .filter(|other| other.kind == RuleKind::Allow)
                .filter(|other| {
                    let allow = Pattern::google(other.pattern_bytes(cx.robots));
                    blocked_paths
                        .iter()
                        .any(|path| allow.matches(path.as_bytes()))
                })
                .max_by_key(|other| other.pattern_bytes(cx.robots).len());
            // A folder that only may hold them counts when that Allow was written for the
            // files a page loads: it matches the blocked scripts or style sheets but not a page
            // beside them. `Allow: /` matches everything, and says nothing of what the folder
            // holds (`/plugins/` of a ColdFusion site).
            let meant_for_assets = loser.is_some_and(|allow| {
                let page = format!("{}index.html", blocked_folder(cx.pattern(rule)));
                !Pattern::google(allow.pattern_bytes(cx.robots)).matches(page.as_bytes())
            });
            if kind == Resources::MaybeFolder && !meant_for_assets {
                continue;
            }
            let line = cx.line(rule.line);
            let agents: Vec<Value> = blocked_for.iter().map(|a| Value::code(a)).collect();
            let paths: Vec<Value> = blocked_paths.iter().map(|p| Value::code(p)).collect();
            let base = blocked_folder(cx.pattern(rule));
            let message = match loser {
                Some(allow) => Message::new(M::BlocksCssOrJsAllowLoses)
                    .with("allow", directive_code("Allow", cx.pattern(allow)))
                    .line("allow_line", allow.line),
                None if is_folder => Message::new(M::BlocksCssOrJsFolder).code("folder", &base),
                None => Message::new(M::BlocksCssOrJs),
            };
            // Another Disallow of the group that blocks the same files (`Disallow: /books`
            // beside `Disallow: /books/css`): removing this rule would open nothing.
            let also_blocked = group.rules.iter().find(|other| {
                other.line != rule.line && other.kind == RuleKind::Disallow && {
                    let other = Pattern::google(other.pattern_bytes(cx.robots));
                    blocked_paths
                        .iter()
                        .any(|path| other.matches(path.as_bytes()))
                }
            });
            // An Allow for each kind of file the rule blocks: the group may open the other
            // kind already (`Allow: /wp-content/*.js` beside `Disallow: /wp-content/`).
            let allows: Vec<String> = [".css", ".js"]
                .iter()
                .filter(|ext| blocked_paths.iter().any(|path| path.ends_with(*ext)))
                .map(|ext| format!("Allow: {base}*{ext}"))
                .collect();
            let fix = if is_folder {
                let message = match (also_blocked, allows.as_slice()) {
                    (Some(_), [_]) => Message::new(M::BlocksCssOrJsFolderFixAllowOnlyOne),
                    (Some(_), _) => Message::new(M::BlocksCssOrJsFolderFixAllowOnly),
                    (None, [_]) => Message::new(M::BlocksCssOrJsFolderFixOne),
                    (None, _) => Message::new(M::BlocksCssOrJsFolderFix),
                };
                let message = match also_blocked {
                    Some(other) => {
                        message.with("other", directive_code("Disallow", cx.pattern(other)))
                    }
                    None => message,
                };
                match allows.as_slice() {
                    [one] => message.code("allow", one),
                    _ => message
                        .code("css", &format!("Allow: {base}*.css"))
                        .code("js", &format!("Allow: {base}*.js")),
                }
            } else {
                M::BlocksCssOrJsFix.into()
            };
            // Likely, not evident: the rule may block the files on purpose. For a folder, the
            // Allow lines the fix names; for a rule aimed at the files themselves, no rule.
            let intent = if is_folder {
                Intent::meant(vec![Edit::insert(rule.line + 1, allows.join("\n"))])
            } else {
                Intent::meant(vec![Edit::delete(rule.line)])
            };
            out.push(
                Finding::new(
                    Code::BlocksCssOrJs,
                    rule.line,
                    message
                        .with(
                            "rule",
                            directive_code(line.key().unwrap_or("Disallow"), cx.pattern(rule)),
                        )
                        .list("agents", agents)
                        .list("paths", paths),
                    M::BlocksCssOrJsWhy,
                    fix,
                )
                .with_span(super::text::value_span(&line))
                .with_intent(Some(intent.likely().with_scope([rule.line]))),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::super::Code;
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn example_paths_put_a_name_where_a_star_stands_for_one() {
        let example = |pattern: &str, filler: &str| {
            String::from_utf8(example_path(pattern.as_bytes(), filler.as_bytes())).unwrap()
        };
        for (pattern, path) in [
            ("/cn/*/retail/", "/cn/x/retail/"),
            ("/*/get/*", "/x/get/"),
            ("/*.pdf$", "/x.pdf"),
            ("*.json", "/x.json"),
            ("*/member/inbox", "/member/inbox"),
            ("/*index.html$", "/index.html"),
            ("/*retail/availability*", "/retail/availability"),
            ("/*/*/page", "/x/x/page"),
            ("/a/**/b", "/a/x/b"),
            ("/search*?q=", "/search?q="),
            ("/tickets*", "/tickets"),
            ("/?a=*&b=*", "/?a=x&b="),
            ("/fragment.*.html", "/fragment.x.html"),
            ("/a$b*", "/a$b"),
            ("*", "/"),
        ] {
            assert_eq!(example(pattern, "x"), path, "{pattern}");
            assert!(Pattern::google(pattern.as_bytes()).matches(path.as_bytes()));
        }
        assert_eq!(example("/*.js*", "assets/app"), "/assets/app.js");
    }

    proptest! {
        /// An analysable pattern's key is the pattern twice, and only its own: numbering it by
        /// its octets numbers it as its key would.
        #[test]
        fn an_analysable_pattern_is_its_own_key(
            pattern in proptest::collection::vec(
                proptest::sample::select(vec![b'/', b'a', b'A', b'%', b'2', b'f', b'~', b' ', 0x7f, 0xc3, 0xa9, b'*']),
                1..8,
            ),
            other in proptest::collection::vec(
                proptest::sample::select(vec![b'/', b'a', b'A', b'%', b'2', b'f', b'~', b' ', 0x7f, 0xc3, 0xa9, b'*']),
                1..8,
            ),
        ) {
            if analysable(&pattern) {
                prop_assert_eq!(pattern_key(&pattern), (pattern.clone(), pattern.clone()));
                if pattern_key(&other) == (pattern.clone(), pattern.clone()) {
                    prop_assert_eq!(&other, &pattern);
                }
            }
        }

        /// Whatever the pattern, the example is a path it matches.
        #[test]
        fn every_example_path_matches_its_pattern(pattern in "[*/a.$?=-]{0,12}") {
            let path = example_path(pattern.as_bytes(), b"x");
            prop_assert!(path.starts_with(b"/"));
            let anchored = if pattern.starts_with(['/', '*']) {
                pattern.clone()
            } else {
                format!("/{pattern}")
            };
            prop_assert!(Pattern::google(anchored.as_bytes()).matches(&path), "{} {:?}", pattern, path);
        }
    }

    #[test]
    fn match_all_patterns() {
        for p in ["/", "/*", "*", "/*$", "*$", "/**"] {
            assert!(is_match_all(p), "{p}");
        }
        for p in ["", "/$", "$", "/a", "/*a", "a", "/*$$"] {
            assert!(!is_match_all(p), "{p}");
        }
    }

    #[test]
    fn covering_is_decided_on_wildcards() {
        let yes = [
            ("/a", "/a/b"),
            ("/a*", "/a"),
            ("/*", "/anything$"),
            ("/", "*.gif$"),
            ("/*.php", "/x/*.php$"),
            ("*.php", "/*.php"),
            ("/a*$", "/a"),
            ("/*b", "/a*b"),
            ("/fish*", "/fish"),
        ];
        for (outer, inner) in yes {
            assert!(
                covers(outer.as_bytes(), inner.as_bytes()),
                "{outer} ⊇ {inner}"
            );
        }
        let no = [
            ("/a/b", "/a"),
            ("/a$", "/a"),
            ("/a", "/*a"),
            ("/*.php$", "/*.php"),
            ("/x", "*.gif$"),
            ("/a%2F", "/a%2F"),
            ("/*/a", "*/a"),
        ];
        for (outer, inner) in no {
            assert!(
                !covers(outer.as_bytes(), inner.as_bytes()),
                "{outer} ⊉ {inner}"
            );
        }
    }

    fn enumerate_paths() -> Vec<String> {
        // Every path over {/, a, b} up to 6 octets, starting with '/'.
        let mut paths = vec!["/".to_owned()];
        let mut frontier = vec!["/".to_owned()];
        for _ in 0..5 {
            let mut next = Vec::new();
            for p in &frontier {
                for c in ['/', 'a', 'b'] {
                    next.push(format!("{p}{c}"));
                }
            }
            paths.extend(next.iter().cloned());
            frontier = next;
        }
        paths
    }

    proptest! {
        /// Soundness: whenever `covers` says yes, no path matched by the inner pattern escapes
        /// the outer one.
        #[test]
        fn covers_never_claims_a_false_inclusion(
            outer in "[/ab*]{1,5}\\$?",
            inner in "[/ab*]{1,5}\\$?",
        ) {
            if covers(outer.as_bytes(), inner.as_bytes()) {
                let (o, i) = (Pattern::google(outer.as_bytes()), Pattern::google(inner.as_bytes()));
                for path in enumerate_paths() {
                    prop_assert!(!i.matches(path.as_bytes()) || o.matches(path.as_bytes()),
                        "{} matches {} but {} does not", inner, path, outer);
                }
            }
        }
    }

    #[test]
    fn duplicates_and_same_pattern_conflicts() {
        let input = "User-agent: *\nDisallow: /a\nAllow: /b\nDisallow: /a\nDisallow: /b\n\
            Disallow: /%7e\nDisallow: /~\n";
        let found: Vec<_> = findings(input)
            .into_iter()
            .map(|f| (f.code, f.line, f.related_lines))
            .collect();
        assert!(
            found.contains(&(Code::DuplicateRule, 4, vec![2])),
            "{found:?}"
        );
        assert!(
            found.contains(&(Code::AllowDisallowSamePattern, 5, vec![3])),
            "{found:?}"
        );
        assert!(
            !found.iter().any(|(_, line, _)| *line == 7),
            "`/%7e` and `/~` differ for Google: {found:?}"
        );
    }

    #[test]
    fn a_rule_repeated_in_a_group_that_is_the_same_only_as_google_reads_the_names_is_kept() {
        // venture.gr in the real corpus: Google reads both names as `T`, a parser that reads
        // the whole name sees two crawlers, each with its own rule.
        let input = "User-agent: T0PHackTeam\nDisallow: /\nUser-agent: T8Abot\nDisallow: /\n";
        assert!(with_code(input, Code::DuplicateRule).is_empty());
        // The same name in another letter case, or `*` twice, is the same crawler for every
        // reader: the copy changes nothing.
        let input = "User-agent: Spacebison\nDisallow: /\nUser-agent: SpaceBison\nDisallow: /\n";
        let found = with_code(input, Code::DuplicateRule);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].related_lines, [2]);
        let input = "User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /a\n";
        assert_eq!(with_code(input, Code::DuplicateRule).len(), 1);
    }

    #[test]
    fn a_duplicate_written_differently_says_how_both_are_read() {
        let found = with_code(
            "User-agent: *\nDisallow: /%2B\nDisallow: /%2b\n",
            Code::DuplicateRule,
        );
        assert_eq!(found.len(), 1);
        assert!(
            !found[0].message.english().contains("repeats"),
            "{}",
            found[0].message
        );
        assert!(
            found[0]
                .message
                .english()
                .contains("on line 2, but crawlers read both as `/%2B`; the copy"),
            "{}",
            found[0].message
        );
    }

    #[test]
    fn a_longer_wildcard_of_the_other_kind_shadows() {
        let found = with_code(
            "User-agent: *\nAllow: /fish\nDisallow: /fish*\n",
            Code::ShadowedRule,
        );
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].line, 2);
        assert!(
            found[0].message.english().contains("6 octets against 5"),
            "{}",
            found[0].message
        );
        assert!(with_code(
            "User-agent: *\nAllow: /fish/\nDisallow: /fish*\n",
            Code::ShadowedRule
        )
        .is_empty());
        assert!(with_code(
            "User-agent: *\nAllow: /fish\nDisallow: /fish\n",
            Code::ShadowedRule
        )
        .is_empty());
    }

    #[test]
    fn a_rule_that_decides_for_some_crawler_is_not_reported() {
        let input = "User-agent: *\nUser-agent: Googlebot\nAllow: /fish\n\nUser-agent: Googlebot\n\
            Disallow: /fish*\n";
        assert!(with_code(input, Code::ShadowedRule).is_empty());
        let merged =
            "User-agent: Googlebot\nAllow: /fish\n\nUser-agent: Googlebot\nDisallow: /fish*\n";
        let found = with_code(merged, Code::ShadowedRule);
        assert_eq!(found.len(), 1);
        assert!(
            found[0]
                .message
                .english()
                .contains("in the group of lines 4–5"),
            "{}",
            found[0].message
        );
    }

    #[test]
    fn index_html_allows_are_not_called_shadowed() {
        assert!(with_code(
            "User-agent: *\nAllow: /d/index.html\nDisallow: /d/index.html*\n",
            Code::ShadowedRule
        )
        .is_empty());
    }

    #[test]
    fn blocked_css_and_js_are_found_after_allows() {
        let input = "User-agent: *\nDisallow: /wp-includes/\nDisallow: /*.js$\n\
            Disallow: /*.json$\nDisallow: /core/\n\
                     Allow: /core/*.css$\nAllow: /core/*.js$\n";
        let found = with_code(input, Code::BlocksCssOrJs);
        assert_eq!(found.iter().map(|f| f.line).collect::<Vec<_>>(), [2, 3]);
        assert!(
            found[0]
                .message
                .english()
                .contains("`Googlebot` and `Bingbot`"),
            "{}",
            found[0].message
        );
        assert!(
            found[0].message.english().contains("`/wp-includes/app.js`"),
            "{}",
            found[0].message
        );
        assert!(
            found[1].message.english().contains("`/assets/app.js`"),
            "{}",
            found[1].message
        );
    }

    #[test]
    fn removing_a_folder_rule_is_no_fix_when_another_rule_blocks_its_files() {
        // `Disallow: /books` blocks `/books/css/` too: only the Allow lines open it.
        let input = "User-agent: *\nDisallow: /books/css\nDisallow: /books\n";
        let found = with_code(input, Code::BlocksCssOrJs);
        assert_eq!(found.len(), 1);
        let fix = found[0].fix.english();
        assert!(!fix.contains("or remove the rule"), "{fix}");
        assert!(fix.contains("`Disallow: /books` blocks them too"), "{fix}");
        // Alone, the folder's rule may go.
        let alone = with_code("User-agent: *\nDisallow: /css/\n", Code::BlocksCssOrJs);
        assert!(alone[0].fix.english().contains("or remove the rule"));
    }

    #[test]
    fn named_scripts_and_script_folders_are_not_render_resources() {
        // Drupal's `/scripts/` holds shell scripts; `/translations.js` is one named file.
        let input = "User-agent: *\nDisallow: /scripts/\nDisallow: /translations.js\n\
                     Disallow: /misc/helper.js$\nDisallow: /assets/browser-update*.js\n";
        assert!(with_code(input, Code::BlocksCssOrJs).is_empty());
    }

    #[test]
    fn a_theme_folder_anywhere_is_reported_with_the_allow_that_loses() {
        // A WordPress site with renamed folders: the shorter `Allow: /*/*.css` loses to the
        // longer Disallow, so the theme's style sheets stay blocked.
        let input = "User-agent: *\nDisallow: /company/themes/\nAllow: /*/*.css\nAllow: /*/*.js\n";
        let found = with_code(input, Code::BlocksCssOrJs);
        assert_eq!(found.len(), 1, "{found:?}");
        let words = found[0].message.english();
        assert!(words.contains("`/company/themes/style.css`"), "{words}");
        assert!(words.contains("`Allow: /*/*.css` on line 3"), "{words}");
        assert!(words.contains("longest rule wins"), "{words}");
        // What Google answers agrees: the style sheet is blocked.
        let robots = crate::robots::RobotsTxt::parse(input.as_bytes());
        let verdict = robots.checker(Profile::Google).check(
            "Googlebot",
            "/company/themes/style.css",
            AgentMatch::Token,
        );
        assert!(!verdict.allowed);
    }

    #[test]
    fn a_folder_is_reported_only_when_the_file_shows_it_holds_the_pages_assets() {
        // A name that says what it holds, wherever it stands, and a platform's layout.
        let sure = "User-agent: *\nDisallow: /js/\nDisallow: /shop/css/\nDisallow: /wp-includes/\n\
                    Disallow: /wp-content/plugins/*.js\n";
        let found = with_code(sure, Code::BlocksCssOrJs);
        assert_eq!(
            found.iter().map(|f| f.line).collect::<Vec<_>>(),
            [2, 3, 4, 5]
        );
        // Names that hold anything as often (images, legacy pages, server code), the scripts
        // of one folder that says nothing (a shop's analytics sandbox), and a folder whose
        // loader the group opens again: nothing shows the pages need what is blocked.
        let unsure = "User-agent: *\nDisallow: /static/\nDisallow: /assets/\nDisallow: /plugins/\n\
                      Disallow: /cdn/wpm/*.js\nDisallow: /maps/api/js/\nAllow: /maps/api/js?\n\
                      Disallow: /embed/js/\nAllow: /embed/js\n";
        assert!(with_code(unsure, Code::BlocksCssOrJs).is_empty());
        // The same unsure folder, with an Allow meant for its style sheets that loses.
        let meant_open = "User-agent: *\nDisallow: /static/\nAllow: /*.css\n";
        let found = with_code(meant_open, Code::BlocksCssOrJs);
        assert_eq!(found.len(), 1);
        assert!(found[0]
            .message
            .english()
            .contains("`Allow: /*.css` on line 3"));
        // A folder deep inside a plugin names what it holds by its own name (an ad page).
        assert!(with_code(
            "User-agent: *\nDisallow: /wp-content/plugins/pb-ads/ad-page/\n",
            Code::BlocksCssOrJs
        )
        .is_empty());
        assert_eq!(
            with_code(
                "User-agent: *\nDisallow: /wp-content/plugins/pb-ads/\n",
                Code::BlocksCssOrJs
            )
            .len(),
            1
        );
        // An Allow of everything loses too, but says nothing of what the folder holds.
        for open_all in ["Allow: /", "Allow: /*", "Allow: /pl"] {
            let input = format!("User-agent: *\nDisallow: /plugins/\n{open_all}\n");
            assert!(with_code(&input, Code::BlocksCssOrJs).is_empty(), "{input}");
        }
    }

    #[test]
    fn the_fix_opens_only_the_kind_of_file_the_rule_blocks() {
        // The scripts are open already (a longer Allow): the fix adds the style sheets' Allow.
        let input = "User-agent: *\nAllow: /wp-content/*.js\nDisallow: /wp-content/\n";
        let found = with_code(input, Code::BlocksCssOrJs);
        assert_eq!(found.len(), 1, "{found:?}");
        let fix = found[0].fix.english();
        assert!(fix.contains("`Allow: /wp-content/*.css`"), "{fix}");
        assert!(!fix.contains("`Allow: /wp-content/*.js`"), "{fix}");
        assert!(fix.contains("it is longer"), "{fix}");
    }

    #[test]
    fn resource_rules_for_other_crawlers_are_not_reported() {
        let input = "User-agent: *\nDisallow: /css/\n\nUser-agent: Googlebot\n\
            User-agent: Bingbot\nDisallow: /tmp/\n";
        assert!(with_code(input, Code::BlocksCssOrJs).is_empty());
        let only_bing =
            "User-agent: *\nDisallow: /css/\n\nUser-agent: Googlebot\nDisallow: /tmp/\n";
        let found = with_code(only_bing, Code::BlocksCssOrJs);
        assert_eq!(found.len(), 1);
        assert!(found[0].message.english().contains("keeps `Bingbot` from"));
    }
}
