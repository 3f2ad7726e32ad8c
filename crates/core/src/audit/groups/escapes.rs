//! What a named group escapes: a crawler that a group names obeys that group and ignores `*`,
//! so every `*` Disallow its own rules do not repeat, cover or answer on purpose is lost for it
//! (RL302).

use std::collections::{HashMap, HashSet};

use super::{after_group, allows_everything, crawler_of, follows_star, lines_text, LISTED_RULES};
use crate::audit::evidence::{is_major, Edit, Intent};
use crate::audit::overlap::{example_path, is_match_all};
use crate::audit::text::{directive_code, names_own_site, own_hosts};
use crate::audit::{AgentSet, Code, Context, Finding};
use crate::catalogue::Purpose;
use crate::encoding::{google_escape, google_escaped};
use crate::group::{Rule, RuleKind};
use crate::message::{Message, MessageId as M, Value};
use crate::pattern::Pattern;
use crate::robots::RobotsTxt;
use crate::verdict::ChainStep;

/// How many pattern matches `named-group-ignores-star` may make in all; past that it stops
/// reporting. The work per `*` rule is bounded by the `*` Allow rules and the named groups'
/// own rules, so real files need a small fraction of this; the budget keeps a file built to be
/// quadratic (thousands of `*` Allow rules against thousands of Disallow rules) at a few
/// milliseconds.
const JUDGE_BUDGET: usize = 400_000;

/// A rule compiled to judge paths by, with the path it names most directly.
struct Judged {
    kind: RuleKind,
    length: usize,
    /// The pattern as Google escapes it.
    escaped: Vec<u8>,
    pattern: Pattern,
    /// A path the pattern matches that reads as a real one ([`example_path`]): the path the
    /// judgement probes with and shows.
    witness: Vec<u8>,
    /// Which Disallow rules it answers on purpose, as an Allow.
    answers: Answers,
}

impl Judged {
    fn new(robots: &RobotsTxt, rule: &Rule) -> Judged {
        let escaped = google_escape(rule.pattern_bytes(robots));
        Judged {
            witness: example_path(&escaped, b"x"),
            answers: Answers::of(rule.kind, &escaped),
            kind: rule.kind,
            length: escaped.len(),
            pattern: Pattern::google(&escaped),
            escaped,
        }
    }

    /// Whether this rule is an Allow written for the paths of `disallow` (`Allow: /documents/`
    /// for `Disallow: /documents/` or `/documents/old`): a group that holds it answers those
    /// paths on purpose.
    fn allows_on_purpose(&self, disallow: &Judged) -> bool {
        match self.answers {
            Answers::Nothing => false,
            Answers::Written => self.escaped == disallow.escaped,
            Answers::Starting => disallow.escaped.starts_with(&self.escaped),
        }
    }
}

/// Which Disallow rules an Allow answers on purpose.
#[derive(Clone, Copy)]
enum Answers {
    Nothing,
    /// The Disallow written as the Allow is.
    Written,
    /// Every Disallow whose pattern starts with the Allow's.
    Starting,
}

impl Answers {
    /// `Allow: /`, which ends many groups, opens everything and names nothing; a pattern
    /// answers the rule written alike; a plain path every rule inside it.
    fn of(kind: RuleKind, escaped: &[u8]) -> Answers {
        if kind != RuleKind::Allow || is_match_all(&String::from_utf8_lossy(escaped)) {
            Answers::Nothing
        } else if escaped.contains(&b'*') || escaped.ends_with(b"$") {
            Answers::Written
        } else {
            Answers::Starting
        }
    }
}

impl Judged {
    /// Whether this rule is a Disallow of another group written inside the section `star`
    /// closes: its fixed start (up to a `*` or `$`) begins with the section, at a word's end.
    /// The section is the path `star` names when it is one (no `*` but at its end), without
    /// its final `/` or `?` (`/works` for `/works?`). A rule with a `*` inside
    /// (`/jobs/*/count`) names no section, nor does the whole site (`/`, `/*?`).
    fn narrows(&self, star: &Judged) -> bool {
        // Slices, not copies: this is asked for every pair of a named group's rule and a `*`
        // Disallow.
        fn fixed(pattern: &[u8]) -> &[u8] {
            let end = pattern
                .iter()
                .position(|b| matches!(b, b'*' | b'$'))
                .unwrap_or(pattern.len());
            &pattern[..end]
        }
        let mut section = fixed(&star.escaped);
        if star.escaped[section.len()..]
            .iter()
            .any(|b| !matches!(b, b'*' | b'$'))
        {
            return false;
        }
        if section.ends_with(b"?") || (section.len() > 1 && section.ends_with(b"/")) {
            section = &section[..section.len() - 1];
        }
        let own = fixed(&self.escaped);
        self.kind == RuleKind::Disallow
            && section.len() > 1
            && !section.contains(&b'?')
            && self.escaped != star.escaped
            && own.starts_with(section)
            && own
                .get(section.len())
                .is_none_or(|b| !b.is_ascii_alphanumeric())
    }
}

/// Whether `rules` allow `path`: the longest match decides, Allow wins a tie, an empty
/// pattern never decides, no match allows.
fn allows(rules: &[Judged], path: &[u8]) -> bool {
    let longest = |kind: RuleKind| {
        rules
            .iter()
            .filter(|rule| rule.kind == kind && rule.length > 0 && rule.pattern.matches(path))
            .map(|rule| rule.length)
            .max()
    };
    match (longest(RuleKind::Allow), longest(RuleKind::Disallow)) {
        (_, None) => true,
        (None, Some(_)) => false,
        (Some(allow), Some(disallow)) => allow >= disallow,
    }
}

/// Reports, for each named crawler, the `*` Disallow rules it no longer obeys. Returns the
/// groups reported, so that `group-without-rules` does not repeat them. `unfollowed` holds the
/// user-agent lines of names no crawler follows (`unfollowed-name`): nobody escapes `*` through
/// them.
pub(super) fn check(cx: &Context<'_>, out: &mut Vec<Finding>, unfollowed: &[usize]) -> Vec<usize> {
    named_groups_ignore_star_counting(cx, out, unfollowed, &mut 0)
}

/// The judging ran out of [`JUDGE_BUDGET`]: nothing more can be proved, so nothing more is
/// claimed.
struct OutOfBudget;

/// [`check`], adding the pattern matches it makes to `work`: the tests hold the cost to the
/// size of the file with it, not with a clock.
fn named_groups_ignore_star_counting(
    cx: &Context<'_>,
    out: &mut Vec<Finding>,
    unfollowed: &[usize],
    work: &mut usize,
) -> Vec<usize> {
    let mut reported = Vec::new();
    let buckets = buckets(cx, unfollowed);
    // No named crawler to compare (most files of thousands of rules name only `*`): the `*`
    // rules need no judging.
    if buckets.is_empty() {
        return reported;
    }
    let Some(mut star) = Star::new(cx, work) else {
        return reported;
    };
    // A file that copies the `*` rules into a named group knows that a group does not inherit
    // them: what its other named groups with rules of their own leave out, they leave out on
    // purpose. (The copy itself may have drifted from `*`, and is judged.) Whether each bucket
    // copies `*` needs only its Disallow patterns, each group's looked up once; its rules are
    // compiled only if it is judged, and not at all when the judging cannot pay for it.
    let mut copied = Copied::new(cx, &star);
    let copy_of_star: Vec<bool> = buckets
        .iter()
        .map(|(groups, _)| copied.copies(cx, &star, groups))
        .collect();
    let copies_star = copy_of_star.contains(&true);
    for ((groups, agents), copy) in buckets.into_iter().zip(copy_of_star) {
        let own: Vec<&Rule> = cx.rules_of(groups).collect();
        let writes_own = own
            .iter()
            .any(|rule| rule.kind == RuleKind::Disallow && !cx.pattern(rule).is_empty());
        if copies_star && writes_own && !copy {
            continue;
        }
        // `Allow: /` (or an empty `Disallow:`) opens everything on purpose, unless the group is
        // a major crawler's own: a search engine's or AI crawler's group that only welcomes it
        // opens every path `*` closes to the crawler that fetches the most pages.
        if allows_everything(cx, &own) && !agents.iter().any(|a| fetches_for_itself(a)) {
            continue;
        }
        // What [`lost_rules`] charges first, before its rules are compiled.
        *work += own.len() * star.disallows.len();
        if *work > JUDGE_BUDGET {
            return reported;
        }
        let own: Vec<Judged> = own
            .into_iter()
            .map(|rule| Judged::new(cx.robots, rule))
            .collect();
        let Ok(lost) = lost_rules(&mut star, &own, work) else {
            return reported;
        };
        let Some((lost, example)) = lost else {
            continue;
        };
        // The group's own comments name a rule it leaves out (`User-agent: AppleBot # Allow
        // /tickets`): the author wrote the group against the `*` list, and the omission is
        // what they meant.
        if comments_name_a_lost_path(cx, groups, &lost) {
            continue;
        }
        reported.extend_from_slice(groups);
        // The `*` rules to repeat are its Disallow rules the group escapes with the Allow rules
        // that open parts of them (`Allow: /thmb/*` beside `Disallow: /*=`): copied without
        // them, the fix would close what the owner kept open. The group's own Allow rules
        // already answer for themselves.
        let mut repeated: Vec<&Rule> = lost.clone();
        repeated.extend(opening_allows(&star, &lost, &own, work));
        repeated.sort_by_key(|rule| rule.line);
        let intent = obeying_star(cx, groups, &agents, &repeated);
        out.push(report(cx, &agents, &lost, &repeated, &example).with_intent(intent));
    }
    reported
}

/// Whether a comment of the groups `groups` (on their lines, or in the comment lines right above
/// each) names the path of one of the `lost` rules as a word of its own (`/tickets`, not the
/// start of `/tickets_archive`). The comments' paths are gathered once and the rules looked up,
/// so a group of thousands of commented rules stays linear.
fn comments_name_a_lost_path(cx: &Context<'_>, groups: &[usize], lost: &[&Rule]) -> bool {
    let mut said: HashSet<&str> = HashSet::new();
    for &index in groups {
        let group = cx.group(index);
        let above = (1..group.first_line)
            .rev()
            .take_while(|&n| cx.line(n).text().trim_start().starts_with('#'));
        for n in above.chain(group.first_line..after_group(group)) {
            let text = cx.line(n).text();
            let Some(at) = text.find('#') else {
                continue;
            };
            let words = text[at..]
                .split(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | '(' | ')' | ','))
                .map(|word| word.trim_end_matches(['.', ':', ';', '!', '?']))
                .filter(|word| word.len() > 1 && word.starts_with('/'));
            said.extend(words);
        }
    }
    !said.is_empty()
        && lost.iter().any(|rule| {
            let path = cx.pattern(rule).trim_end_matches(['*', '$']);
            said.contains(path) || said.contains(path.trim_end_matches('/'))
        })
}

/// Whether the named crawler is a major crawler (a search engine's or an AI crawler) that falls
/// back to nothing but `*`: a sub-crawler such as Googlebot-Image, which falls back to
/// Googlebot's group first, fetches one kind of file, and its group opens that kind on purpose.
/// Not a fetcher a person's request sends (a link's preview, an assistant's one page): it
/// fetches the pages people share, which a group that only welcomes it opens on purpose.
fn fetches_for_itself(agent: &AgentSet) -> bool {
    crawler_of(&agent.token).is_some_and(|crawler| {
        is_major(crawler)
            && crawler.purpose != Purpose::UserTriggered
            && crawler.chain.iter().all(|step| match step {
                ChainStep::Star => true,
                ChainStep::Token(token) => crawler.tokens.contains(token),
            })
    })
}

/// What the file likely meant: the named crawlers obey the `*` rules they lose too, copied into
/// their group. Evident when their groups hold no Allow or Disallow line at all (a group for a
/// `Crawl-delay`, say): the file then gave them a delay, not every path `*` closes. Otherwise
/// leaving the `*` rules out may be deliberate.
fn obeying_star(
    cx: &Context<'_>,
    groups: &[usize],
    agents: &[&AgentSet],
    lost: &[&Rule],
) -> Option<Intent> {
    // Into a group that names only these crawlers, so that no other crawler gets the rules.
    let theirs = |index: &&usize| {
        cx.group(**index)
            .agents
            .iter()
            .all(|line| agents.iter().any(|agent| agent.lines.contains(&line.line)))
    };
    let target = cx.group(*groups.iter().find(theirs).or(groups.first())?);
    let text = lines_text(cx, lost.iter().map(|rule| rule.line))?;
    let intent = Intent::meant(vec![Edit::insert(after_group(target), text)]);
    let ruleless = groups.iter().all(|&index| cx.group(index).rules.is_empty());
    Some(if ruleless { intent } else { intent.likely() })
}

/// The named crawlers that may escape `*`, in sets that obey exactly the same groups (they are
/// reported together).
fn buckets<'c>(cx: &'c Context<'_>, unfollowed: &[usize]) -> Vec<(&'c [usize], Vec<&'c AgentSet>)> {
    let mut buckets: Vec<(&[usize], Vec<&AgentSet>)> = Vec::new();
    let mut bucket_of: HashMap<&[usize], usize> = HashMap::new();
    let own_hosts = own_hosts(cx);
    for agent in &cx.agents {
        // A crawler that ignores `*` anyway (AdsBot, Mediapartners-Google) loses nothing.
        if !follows_star(&agent.token) || unfollowed.contains(&agent.lines[0]) {
            continue;
        }
        // The site's own crawler (its search appliance, its monitoring bot), named after the
        // site: the owner wrote its group knowing what `*` holds, and a shorter list is the
        // point of giving it one.
        if names_own_site(&agent.token, &own_hosts) {
            continue;
        }
        match bucket_of.get(agent.groups.as_slice()) {
            Some(&index) => buckets[index].1.push(agent),
            None => {
                bucket_of.insert(&agent.groups, buckets.len());
                buckets.push((&agent.groups, vec![agent]));
            }
        }
    }
    buckets
}

/// The `*` groups' rules, compiled once for every named group, with the answers `*` has given.
struct Star<'r> {
    /// The `*` Disallow rules that block something, each with its index in `all`.
    disallows: Vec<(&'r Rule, usize)>,
    /// Those rules' escaped patterns, sorted: a named group's rules are compared with them by
    /// lookup, never one against each (files of thousands of rules name dozens of crawlers).
    sorted: Vec<Vec<u8>>,
    /// Every `*` rule.
    all: Vec<Judged>,
    /// The indices in `all` of the `*` Allow rules that open something.
    allows: Vec<usize>,
    /// Those Allow rules, in file order: the exceptions a copy of the `*` rules keeps.
    allow_rules: Vec<&'r Rule>,
    /// Whether `*` blocks a path, for the paths asked so far.
    verdicts: HashMap<Vec<u8>, bool>,
}

impl<'r> Star<'r> {
    /// `None` when `*` disallows nothing, or is an allow-list.
    fn new(cx: &Context<'r>, work: &mut usize) -> Option<Star<'r>> {
        let rules: Vec<&Rule> = cx.rules_of(&cx.star_groups).collect();
        let blocks = |rule: &Rule| rule.kind == RuleKind::Disallow && !cx.pattern(rule).is_empty();
        let disallows: Vec<(&Rule, usize)> = (0..rules.len())
            .filter(|&index| blocks(rules[index]))
            .map(|index| (rules[index], index))
            .collect();
        if disallows.is_empty() {
            return None;
        }
        // Each rule compiled once: the Disallow rules are judged by their entries here.
        let all: Vec<Judged> = rules
            .iter()
            .map(|rule| Judged::new(cx.robots, rule))
            .collect();
        // An allow-list: the `*` group closes the site (`Disallow: /`) and named groups open it
        // to the crawlers the owner welcomes. Releasing them from `*` is the point of such a
        // file, not an oversight, whatever rules (or only a `Crawl-delay`) their groups hold.
        // The home page may stay open (`Allow: /$` beside `Disallow: /`): the rest of the site
        // is closed all the same.
        *work += all.len();
        let closes_all = |rule: &Judged| {
            rule.kind == RuleKind::Disallow && is_match_all(&String::from_utf8_lossy(&rule.escaped))
        };
        if !allows(&all, b"/") || all.iter().any(closes_all) {
            return None;
        }
        let allows: Vec<usize> = (0..all.len())
            .filter(|&index| all[index].kind == RuleKind::Allow && all[index].length > 0)
            .collect();
        let allow_rules = allows.iter().map(|&index| rules[index]).collect();
        let mut sorted: Vec<Vec<u8>> = disallows
            .iter()
            .map(|&(_, index)| all[index].escaped.clone())
            .collect();
        sorted.sort_unstable();
        Some(Star {
            disallows,
            sorted,
            all,
            allows,
            allow_rules,
            verdicts: HashMap::new(),
        })
    }

    /// Whether a `*` Disallow is written `escaped`.
    fn disallows_written(&self, escaped: &[u8]) -> bool {
        self.sorted
            .binary_search_by(|pattern| pattern.as_slice().cmp(escaped))
            .is_ok()
    }

    /// Whether a `*` Disallow is written starting with `prefix`.
    fn disallows_starting(&self, prefix: &[u8]) -> bool {
        let at = self
            .sorted
            .partition_point(|pattern| pattern.as_slice() < prefix);
        self.sorted
            .get(at)
            .is_some_and(|pattern| pattern.starts_with(prefix))
    }

    /// Whether `*` blocks `path`, which `disallow` matches. That Disallow is as long as the
    /// longest one matching or shorter, so only an Allow at least as long can open the path:
    /// the Allow rules (usually few) are looked at first, the whole group only when one
    /// matches. The answers are kept, so each path costs this once for all named groups.
    fn blocks(&mut self, disallow: usize, path: &[u8], work: &mut usize) -> bool {
        if let Some(&blocks) = self.verdicts.get(path) {
            return blocks;
        }
        let length = self.all[self.disallows[disallow].1].length;
        *work += self.allows.len();
        let contested = self.allows.iter().any(|&allow| {
            let allow = &self.all[allow];
            allow.length >= length && allow.pattern.matches(path)
        });
        let blocks = if contested {
            *work += self.all.len();
            !allows(&self.all, path)
        } else {
            true
        };
        self.verdicts.insert(path.to_vec(), blocks);
        blocks
    }
}

/// Whether a named group was written knowing what `*` holds, so that leaving the `*` rules out
/// is a choice: it opens, by prefix, a section `*` closes (`Allow: /images` against
/// `Disallow: /images/*`) and closes paths of its own, none of them copied from `*`. A group
/// that copies some `*` rules is a copy that may have drifted, and is still judged.
fn written_against_star(star: &Star<'_>, own: &[Judged]) -> bool {
    // [`Judged::allows_on_purpose`] against every `*` Disallow, by lookup.
    let opens_star_section = own.iter().any(|own| match own.answers {
        Answers::Nothing => false,
        Answers::Written => star.disallows_written(&own.escaped),
        Answers::Starting => star.disallows_starting(&own.escaped),
    });
    let mut own_disallows = own
        .iter()
        .filter(|own| own.kind == RuleKind::Disallow && own.length > 0)
        .peekable();
    opens_star_section
        && own_disallows.peek().is_some()
        && own_disallows.all(|own| !star.disallows_written(&own.escaped))
}

/// The `*` Disallow rules each named group's Disallow rules are written as, to count what a
/// bucket of groups copies from `*`.
///
/// Each group's Disallow patterns are escaped and searched in `star.sorted` once, however many
/// buckets hold the group (a group naming several crawlers is in each of their buckets); a
/// bucket then adds up numbers, neither escaping nor hashing its patterns again.
struct Copied {
    /// For each group looked up, the `*` patterns its Disallow rules are written as: the index
    /// in `star.sorted` where each pattern's run of equal patterns starts.
    /// (By group index: a map of its own would cost the page's wasm a hash table's code.)
    of_group: Vec<Option<Vec<usize>>>,
    /// For each index of `star.sorted` that starts a run, the run's length.
    run: Vec<usize>,
    /// The last bucket (numbered from 1) that counted each run, so that it counts once a bucket.
    counted: Vec<usize>,
    buckets: usize,
}

impl Copied {
    fn new(cx: &Context<'_>, star: &Star<'_>) -> Copied {
        let sorted = &star.sorted;
        let mut run = vec![0; sorted.len()];
        let mut start = 0;
        for index in 1..=sorted.len() {
            if index == sorted.len() || sorted[index] != sorted[start] {
                run[start] = index - start;
                start = index;
            }
        }
        Copied {
            of_group: vec![None; cx.robots.groups().len()],
            run,
            counted: vec![0; sorted.len()],
            buckets: 0,
        }
    }

    /// Whether the rules of the groups `groups` copy the `*` group's Disallow rules: at least
    /// three of them, and at least half, written alike (each of their distinct Disallow patterns
    /// counts the `*` Disallow rules written alike).
    fn copies(&mut self, cx: &Context<'_>, star: &Star<'_>, groups: &[usize]) -> bool {
        self.buckets += 1;
        let mut copied = 0;
        for &group in groups {
            let runs = self.of_group[group].get_or_insert_with(|| {
                let sorted = &star.sorted;
                cx.group(group)
                    .rules
                    .iter()
                    .filter(|rule| rule.kind == RuleKind::Disallow)
                    .filter_map(|rule| {
                        let pattern = google_escaped(rule.pattern_bytes(cx.robots));
                        let from = sorted.partition_point(|star| star.as_slice() < &*pattern);
                        (sorted.get(from).map(Vec::as_slice) == Some(&*pattern)).then_some(from)
                    })
                    .collect()
            });
            for &from in runs.iter() {
                if self.counted[from] != self.buckets {
                    self.counted[from] = self.buckets;
                    copied += self.run[from];
                }
            }
        }
        copied >= 3 && copied * 2 >= star.disallows.len()
    }
}

/// The patterns of the Disallow rules among `rules`, as Google escapes them.
fn own_disallow_patterns(rules: &[Judged]) -> HashSet<&[u8]> {
    rules
        .iter()
        .filter(|rule| rule.kind == RuleKind::Disallow)
        .map(|rule| rule.escaped.as_slice())
        .collect()
}

/// The `*` Disallow rules a named group with the rules `own` no longer obeys, with a path it
/// may fetch that `*` blocks; `None` when it loses none.
///
/// Each `*` Disallow is judged on the path it names most directly (its pattern with the stars
/// and the final `$` removed), and on the paths the named group's own Allow lines open inside
/// it: the rule is lost when the `*` group blocks such a path and the named group lets it
/// through. A named group with `Disallow: /` loses nothing. The caller has charged `work` a
/// unit for each pair of a rule of `own` and a `*` Disallow, before compiling `own`.
#[allow(clippy::type_complexity)]
fn lost_rules<'r>(
    star: &mut Star<'r>,
    own: &[Judged],
    work: &mut usize,
) -> Result<Option<(Vec<&'r Rule>, Vec<u8>)>, OutOfBudget> {
    if written_against_star(star, own) {
        return Ok(None);
    }
    let own_allows: Vec<&Judged> = own.iter().filter(|r| r.kind == RuleKind::Allow).collect();
    let own_disallows = own_disallow_patterns(own);
    let mut lost: Vec<&Rule> = Vec::new();
    // A path the named group may fetch and `*` blocks, to show.
    let mut example: Option<Vec<u8>> = None;
    for index in 0..star.disallows.len() {
        if *work > JUDGE_BUDGET {
            return Err(OutOfBudget);
        }
        let (rule, at) = star.disallows[index];
        let judged = &star.all[at];
        *work += own_allows.len() + 2 * own.len();
        if answered_on_purpose(judged, own, &own_allows, &own_disallows) {
            continue;
        }
        let first = judged.witness.clone();
        let witnesses = std::iter::once(first.as_slice())
            .chain(own_allows.iter().map(|rule| &rule.witness[..]));
        for witness in witnesses {
            *work += 1;
            if !star.all[at].pattern.matches(witness) {
                continue;
            }
            // The named group's own rules first: they are few, and a group that blocks the
            // path (`Disallow: /`) settles it without asking `*`.
            *work += own.len();
            if allows(own, witness) && star.blocks(index, witness, work) {
                example.get_or_insert_with(|| witness.to_vec());
                lost.push(rule);
                break;
            }
        }
    }
    Ok(example.map(|example| (lost, example)))
}

/// Whether the named group's rules `own` answer the `*` rule `star` themselves: an Allow of
/// theirs written for its paths, the same Disallow, or Disallow rules of their own inside the
/// section it names (`/works/*?` and `/works?*sort=` beside `*`'s `/works?`), written knowing
/// the section to block there what they mean to block.
fn answered_on_purpose(
    star: &Judged,
    own: &[Judged],
    own_allows: &[&Judged],
    own_disallows: &HashSet<&[u8]>,
) -> bool {
    own_allows.iter().any(|own| own.allows_on_purpose(star))
        || own_disallows.contains(star.escaped.as_slice())
        || own.iter().any(|own| own.narrows(star))
}

/// The finding for the crawlers `agents`, which lose the `*` rules `lost`; `example` is a path
/// they may fetch that `*` blocks.
/// The `*` Allow rules that open a part of one of the `lost` Disallow rules (`Allow: /thmb/*` in
/// `Disallow: /*=`, `Allow: /misc/*.css` in `Disallow: /misc/`): at least as long, and written
/// inside its path as far as the two are literal. An `Allow: /` opens nothing a longer Disallow
/// closes. Those of the named group (`own`) are left out: the group has them already.
fn opening_allows<'r>(
    star: &Star<'r>,
    lost: &[&Rule],
    own: &[Judged],
    work: &mut usize,
) -> Vec<&'r Rule> {
    let literal = |judged: &Judged| -> usize {
        judged
            .escaped
            .iter()
            .position(|&b| b == b'*' || b == b'$')
            .unwrap_or(judged.escaped.len())
    };
    let lost_lines: HashSet<usize> = lost.iter().map(|rule| rule.line).collect();
    let closed: Vec<&Judged> = star
        .disallows
        .iter()
        .filter(|(rule, _)| lost_lines.contains(&rule.line))
        .map(|&(_, at)| &star.all[at])
        .collect();
    let mut opening = Vec::new();
    for (&at, &rule) in star.allows.iter().zip(&star.allow_rules) {
        let allow = &star.all[at];
        if own
            .iter()
            .any(|mine| mine.kind == RuleKind::Allow && mine.escaped == allow.escaped)
        {
            continue;
        }
        let allow_literal = &allow.escaped[..literal(allow)];
        let opens = closed.iter().any(|disallow| {
            *work += 1;
            let disallow_literal = &disallow.escaped[..literal(disallow)];
            allow.length >= disallow.length && allow_literal.starts_with(disallow_literal)
        });
        if opens {
            opening.push(rule);
        }
        if *work > JUDGE_BUDGET {
            break;
        }
    }
    opening
}

/// `lost` are the `*` Disallow rules the crawlers escape; `repeated`, the rules the fix repeats
/// (those with the Allow rules that open parts of them).
fn report(
    cx: &Context<'_>,
    agents: &[&AgentSet],
    lost: &[&Rule],
    repeated: &[&Rule],
    example: &[u8],
) -> Finding {
    // As written: `MJ12bot`, not the `MJ` Google compares, which the owner never wrote.
    let names: Vec<Value> = agents
        .iter()
        .map(|a| Value::code(cx.line(a.lines[0]).value().unwrap_or(&a.token)))
        .collect();
    let line = agents.iter().map(|a| a.lines[0]).min().unwrap_or(1);
    let lost_lines: Vec<usize> = lost.iter().map(|r| r.line).collect();
    let id = match (names.len() == 1, lost.len() == 1) {
        (true, true) => M::NamedGroupIgnoresStarOne,
        (true, false) => M::NamedGroupIgnoresStar,
        (false, true) => M::NamedGroupsIgnoreStarOne,
        (false, false) => M::NamedGroupsIgnoreStar,
    };
    let names = Value::List(names.into());
    Finding::new(
        Code::NamedGroupIgnoresStar,
        line,
        Message::new(id)
            .with("names", names.clone())
            .count("count", lost.len())
            .with("rules", listed_rules(cx, lost))
            .code("path", &String::from_utf8_lossy(example)),
        M::NamedGroupIgnoresStarWhy,
        Message::new(M::NamedGroupIgnoresStarFix)
            .with("names", names)
            .lines(
                "lines",
                &repeated.iter().map(|rule| rule.line).collect::<Vec<_>>(),
            ),
    )
    .with_related(lost_lines)
}

/// The first [`LISTED_RULES`] rules of `lost`, with their lines, and how many more.
fn listed_rules(cx: &Context<'_>, lost: &[&Rule]) -> Value {
    let listed: Vec<Value> = lost
        .iter()
        .take(LISTED_RULES)
        .map(|rule| {
            Value::phrase(
                Message::new(M::LostStarRule)
                    .with("rule", directive_code("Disallow", cx.pattern(rule)))
                    .line("line", rule.line),
            )
        })
        .collect();
    match lost.len().saturating_sub(LISTED_RULES) {
        0 => Value::List(listed.into()),
        n => Value::phrase(
            Message::new(M::LostStarRulesMore)
                .with("rules", Value::Series(listed.into()))
                .count("count", n),
        ),
    }
}

#[cfg(test)]
mod tests {
    use crate::audit::test_support::*;
    use crate::audit::Code;
    use crate::audit::Severity;

    #[test]
    fn the_site_s_own_crawler_may_have_a_shorter_list() {
        let file = |agent: &str| {
            format!(
                "User-agent: {agent}\nDisallow: /cart/\n\nUser-agent: *\nDisallow: /cart/\n\
                 Disallow: /press/\nSitemap: https://www.acmecorp.com/sitemap.xml\n"
            )
        };
        assert!(with_code(&file("acmecorp-search"), Code::NamedGroupIgnoresStar).is_empty());
        assert_eq!(
            with_code(&file("SomeSearchBot"), Code::NamedGroupIgnoresStar).len(),
            1
        );
    }

    #[test]
    fn a_named_group_lists_the_star_rules_it_escapes() {
        let input = "User-agent: *\nDisallow: /checkout/\nDisallow: /account/\nDisallow: /tmp\n\n\
                     User-agent: Bingbot\nCrawl-delay: 5\nDisallow: /tmp/x\nDisallow: /account/\n";
        let found = with_code(input, Code::NamedGroupIgnoresStar);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].line, 6);
        // `/tmp/x` is Bingbot's own rule inside the `/tmp` that `*` closes: a narrowing, written
        // knowing the section, not a lost rule. A rule elsewhere (`/x/tmp`) narrows nothing.
        assert_eq!(found[0].related_lines, [2]);
        let elsewhere = input.replace("/tmp/x", "/x/tmp");
        let found = with_code(&elsewhere, Code::NamedGroupIgnoresStar);
        assert_eq!(found[0].related_lines, [2, 4]);
        assert!(found[0]
            .message
            .english()
            .contains("`Bingbot` follows only its own group"));
        assert!(found[0]
            .message
            .english()
            .contains("`Disallow: /checkout/` (line 2)"));
        // The crawler is named as the file writes it, not by the token Google compares.
        let cut = "User-agent: *\nDisallow: /cart/\n\nUser-agent: MJ12bot\nCrawl-delay: 10\n";
        let found = with_code(cut, Code::NamedGroupIgnoresStar);
        assert!(found[0]
            .message
            .english()
            .starts_with("`MJ12bot` follows only its own group"));
    }

    #[test]
    fn the_fix_repeats_the_allow_rules_that_open_parts_of_the_escaped_ones() {
        // Copied without `Allow: /thmb/*`, the `*` rules would close the thumbnails `*` keeps
        // open: the fix names the Allow line too, and its evidence keeps them open.
        let input = "User-agent: *\nDisallow: /*=\nAllow: /thmb/*\nDisallow: /search\n\n\
                     User-agent: Googlebot\nCrawl-delay: 1\n";
        let found = with_code(input, Code::NamedGroupIgnoresStar);
        assert_eq!(found.len(), 1);
        assert!(
            found[0].fix.english().contains("lines 2–4"),
            "{}",
            found[0].fix
        );
        assert!(
            found[0].message.english().contains("2 Disallow rules"),
            "{}",
            found[0].message
        );
        assert!(!found[0]
            .effect
            .iter()
            .any(|e| e.url.starts_with("/thmb/") && !e.intended));
    }

    #[test]
    fn a_named_group_is_reported_only_for_the_star_rules_it_answers_differently() {
        // `Disallow: /` answers every `*` rule the same way, escapes included.
        let closed = "User-agent: *\nDisallow: /wiki/Special%3A\nDisallow: /*?action=\n\n\
                      User-agent: HTTrack\nDisallow: /\n";
        assert!(with_code(closed, Code::NamedGroupIgnoresStar).is_empty());
        // Its own Allow opens a path inside one `*` rule, and nothing closes another.
        let open = "User-agent: *\nDisallow: /private/\nDisallow: /tmp/\n\n\
                    User-agent: Bot\nDisallow: /\nAllow: /private/press\n";
        let found = with_code(open, Code::NamedGroupIgnoresStar);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].related_lines, [2], "{}", found[0].message);
    }

    #[test]
    fn a_star_rule_the_named_group_allows_on_purpose_is_not_lost() {
        // gopsusports.com in the real corpus: Bingbot's group allows `/documents/`, which `*`
        // disallows; the other two `*` rules it does not answer are still reported.
        let input = "User-agent: bingbot\nDisallow: /admin/\nAllow: /documents/\nAllow: /\n\n\
                     User-agent: *\nDisallow: /admin/\nDisallow: /documents/\nDisallow: /hidden/\n\
                     Disallow: /documents/old/\nAllow: /\n";
        let found = with_code(input, Code::NamedGroupIgnoresStar);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].related_lines, [9], "{}", found[0].message);
        assert!(
            found[0]
                .message
                .english()
                .contains("it may fetch `/hidden/`"),
            "{}",
            found[0].message
        );
    }

    #[test]
    fn a_covering_disallow_keeps_the_star_rules() {
        let input =
            "User-agent: *\nDisallow: /a/\nDisallow: *.gif$\n\nUser-agent: GPTBot\nDisallow: /\n";
        assert!(with_code(input, Code::NamedGroupIgnoresStar).is_empty());
        let input = "User-agent: *\nDisallow: /a/b\n\nUser-agent: x\nDisallow: /a*\n";
        assert!(with_code(input, Code::NamedGroupIgnoresStar).is_empty());
    }

    #[test]
    fn crawlers_with_identical_groups_are_reported_together() {
        let input =
            "User-agent: *\nDisallow: /a\n\nUser-agent: bot-a\nUser-agent: bot-b\nDisallow: /z\n";
        let found = with_code(input, Code::NamedGroupIgnoresStar);
        assert_eq!(found.len(), 1);
        assert!(
            found[0].message.english().contains(
                "`bot-a` and `bot-b` follow only their own group, so \
            they no longer obey 1 Disallow rule"
            ),
            "{}",
            found[0].message
        );
    }

    #[test]
    fn an_explicit_allow_all_and_star_ignoring_crawlers_are_not_reported() {
        let input =
            "User-agent: Googlebot\nAllow: /\n\nUser-agent: AdsBot-Google\nDisallow: /x\n\n\
                     User-agent: *\nDisallow: /\n";
        assert!(with_code(input, Code::NamedGroupIgnoresStar).is_empty());
        let input = "User-agent: Googlebot\nDisallow:\n\nUser-agent: *\nDisallow: /\n";
        assert!(with_code(input, Code::NamedGroupIgnoresStar).is_empty());
    }

    /// The pattern matches `named-group-ignores-star` makes on `input`.
    fn judge_work(input: &str) -> usize {
        let robots = crate::robots::RobotsTxt::parse(input.as_bytes());
        let cx = crate::audit::Context::new(&robots);
        let mut work = 0;
        super::named_groups_ignore_star_counting(&cx, &mut Vec::new(), &[], &mut work);
        work
    }

    #[test]
    fn judging_many_star_rules_for_many_named_groups_costs_the_size_of_the_file() {
        // The shape of a real 110 KB file that took 0.7 s: 1,500 `*` rules and a few dozen
        // crawlers shut out with `Disallow: /`. Judged pair by pair it cost 1,500 × 1,500
        // matches per crawler; now a handful per `*` rule and crawler.
        let mut input = String::new();
        for bot in 0..40 {
            input.push_str(&format!("User-agent: bot{bot}x\nDisallow: /\n"));
        }
        input.push_str("User-agent: *\nAllow: /fs/pages/\n");
        for rule in 0..1500 {
            input.push_str(&format!("Disallow: /page-{rule}/\n"));
        }
        let rules = 40 + 1 + 1500;
        let work = judge_work(&input);
        assert!(work <= 4 * 40 * rules, "{work} matches for {rules} rules");
        // The same crawlers with an Allow of their own still cost a few matches per pair.
        let input = input.replace("Disallow: /\n", "Disallow: /\nAllow: /page-7/\n");
        let work = judge_work(&input);
        assert!(work <= 8 * 40 * rules, "{work} matches for {rules} rules");
    }

    #[test]
    fn a_file_built_to_be_quadratic_stops_at_the_budget() {
        // Every `*` Disallow contested by as many `*` Allow rules of the same length, for a
        // crawler with no rules: answering each path with the whole group would cost
        // 3,000 × 3,000 matches.
        let mut input = String::from("User-agent: *\n");
        for rule in 0..1500 {
            input.push_str(&format!("Allow: /*{rule:04}\nDisallow: /a{rule:04}\n"));
        }
        input.push_str("User-agent: slowbot\nDisallow: /zzz\n");
        let work = judge_work(&input);
        assert!(work > 1500, "the check ran: {work}");
        assert!(work <= super::JUDGE_BUDGET + 2 * 3000, "{work}");
    }

    #[test]
    fn an_allow_list_releases_the_crawlers_it_names_on_purpose() {
        // `*` is shut out and the welcome crawlers get their own rules (or only a delay): the
        // release is the point of the file.
        let input = "User-agent: *\nDisallow: /\nDisallow: /cgi-bin/\n\n\
                     User-agent: Googlebot\nDisallow: /search\n\n\
                     User-agent: Bingbot\nCrawl-delay: 5\n";
        assert!(with_code(input, Code::NamedGroupIgnoresStar).is_empty());
        // The same crawlers against a `*` group that leaves the site open lose its rules.
        let open = input.replace("Disallow: /\nDisallow: /cgi-bin/", "Disallow: /cgi-bin/");
        assert_eq!(with_code(&open, Code::NamedGroupIgnoresStar).len(), 2);
    }

    #[test]
    fn a_group_for_a_delay_alone_evidently_keeps_the_star_rules() {
        let input = "User-agent: *\nDisallow: /admin/\nDisallow: /login\n\n\
                     User-agent: bingbot\nCrawl-delay: 10\n";
        let found = with_code(input, Code::NamedGroupIgnoresStar);
        assert_eq!(found[0].severity, Severity::Error);
        assert!(found[0]
            .effect
            .iter()
            .any(|e| e.agent == "Bingbot" && e.url == "/admin/" && e.allowed && !e.intended));
        // Rules of its own make leaving the `*` rules out possibly deliberate: a warning.
        let own = input.replace("Crawl-delay: 10\n", "Crawl-delay: 10\nDisallow: /beta/\n");
        let found = with_code(&own, Code::NamedGroupIgnoresStar);
        assert_eq!(found[0].severity, Severity::Warning);
        // A crawler no catalogue entry names answers only for itself: a warning at most.
        let minor = input.replace("bingbot", "SomeBot");
        let found = with_code(&minor, Code::NamedGroupIgnoresStar);
        assert_eq!(found[0].severity, Severity::Warning);
    }

    #[test]
    fn an_allow_all_group_escapes_star_for_a_major_crawler_only() {
        let input = |agent: &str| {
            format!("User-agent: *\nDisallow: /account/\n\nUser-agent: {agent}\nAllow: /\n")
        };
        let found = with_code(&input("bingbot"), Code::NamedGroupIgnoresStar);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].severity, Severity::Warning);
        assert!(found[0]
            .message
            .english()
            .contains("it may fetch `/account/`"));
        // An image crawler that falls back to Googlebot's group, a minor fetcher and a link's
        // preview fetcher are opened on purpose.
        for agent in ["Googlebot-Image", "Twitterbot", "facebookexternalhit"] {
            assert!(
                with_code(&input(agent), Code::NamedGroupIgnoresStar).is_empty(),
                "{agent}"
            );
        }
        // A crawler whose catalogue chain has no `*` step ignores `*` anyway.
        let ads = "User-agent: *\nDisallow: /a\n\nUser-agent: AdsBot-Google\nDisallow: /b\n";
        assert!(with_code(ads, Code::NamedGroupIgnoresStar).is_empty());
    }

    #[test]
    fn a_name_no_crawler_follows_escapes_nothing() {
        let input = "User-agent: *\nDisallow: /admin/\n\nUser-agent: OpenAI\nDisallow: /x\n";
        assert!(with_code(input, Code::NamedGroupIgnoresStar).is_empty());
        assert_eq!(with_code(input, Code::UnfollowedName).len(), 1);
    }
}
