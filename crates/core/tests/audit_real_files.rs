//! The audit on the real robots.txt files in `../shared/corpus/` (400 in `real-robots`, 804 in
//! `real-robots-2`), as sites served them: every finding must point at a line the file has, carry
//! a documented code, and read as finished sentences; auditing a file again gives the same
//! findings; every example path a finding shows is one its rule matches.
//!
//! And every finding proves itself (issue #34): a warning or an error carries the questions it is
//! about, each answered now as the finding says by the answering layer, asked as `robots-lens
//! check FILE --agent AGENT --url URL --profile PROFILE` asks it (a catalogued crawler's name is
//! answered as that crawler); and a replacement the audit offers gives the intended answers,
//! changes no crawler's answer that its group's lines do not decide, and raises no new warning
//! or error on the lines it writes. The fixes are checked for at most
//! [`FIXES_CHECKED_PER_FILE`] findings a file (each check audits the fixed file again).
//! The counts per code are printed, to follow the noise the audit makes on what sites publish
//! (`docs/audit-precision.md` judges whether the findings are true).
//!
//! ```sh
//! cargo test -p robots-lens --release --test audit_real_files -- --nocapture
//! AUDIT_CODE=RL302 cargo test …   # also print every finding of one code, with its file
//! ```
//!
//! And every finding names only consumers that complain (issue #36, deliverable 5): each
//! consumer in [`consumers::about_finding`] reads the finding's line otherwise than by applying
//! it (`robots-lens consumers`), or is a reader whose verdict the finding's evidence shows
//! changed.
//!
//! And what a census counts (`audit_counts`, whose fixes are not checked) is the audit's count of
//! every code at every severity, file by file.
//!
//! Without the corpus the test fails (see `inputs`).

mod inputs;

use std::collections::BTreeMap;
use std::path::PathBuf;

use robots_lens::audit::{
    audit_counts, partition_suppressed, Code, Effect, FixCheck, Severity, CODES,
};
use robots_lens::consumers::{self, Consumer, ConsumerTable, Status};
use robots_lens::message::Value;
use robots_lens::{
    audit, crawlers, find_crawler, google_escape, probe_urls, Finding, Pattern, Question,
    RobotsTxt, Who,
};

/// How many offered fixes of one file are applied and checked again.
const FIXES_CHECKED_PER_FILE: usize = 4;

/// How many of the paths both files' rules name a fix is checked on.
const PROBES_PER_FIX: usize = 400;

/// What is wrong with one finding, if anything.
fn problems(finding: &Finding, line_count: usize) -> Vec<String> {
    let mut problems = Vec::new();
    let in_file = |line: usize| (1..=line_count.max(1)).contains(&line);
    if !in_file(finding.line) {
        problems.push(format!("line {} of {line_count}", finding.line));
    }
    for &related in &finding.related_lines {
        if !in_file(related) {
            problems.push(format!("related line {related} of {line_count}"));
        }
    }
    if !CODES.iter().any(|doc| doc.code == finding.code) {
        problems.push("an undocumented code".to_owned());
    }
    if finding.severity != Severity::Info && finding.effect.is_empty() {
        problems.push(format!("a {:?} without evidence", finding.severity));
    }
    for (part, message) in [
        ("message", &finding.message),
        ("why", &finding.why),
        ("fix", &finding.fix),
    ] {
        // Every placeholder of the template filled, and no sentence left empty.
        if !message.is_complete() || message.english().trim().is_empty() {
            problems.push(format!("{part} reads {:?}", message.english()));
        }
    }
    problems
}

/// The example paths a finding shows (a path a crawler may fetch, files a rule keeps from the
/// renderers), each with the line of the rule it is an example for: the rule must match it,
/// or the example shows nothing.
fn example_paths(finding: &Finding) -> Vec<(String, usize)> {
    let (name, rule_line) = match finding.code {
        Code::NamedGroupIgnoresStar => ("path", finding.related_lines.first().copied()),
        Code::BlocksCssOrJs => ("paths", Some(finding.line)),
        _ => return Vec::new(),
    };
    let (Some(value), Some(rule_line)) = (finding.message.arg(name), rule_line) else {
        return Vec::new();
    };
    let values = match value {
        Value::List(values) => values.to_vec(),
        value => vec![value.clone()],
    };
    values
        .into_iter()
        .filter_map(|value| match value {
            // A path shortened for the message, or with invalid UTF-8, is not the path itself.
            Value::Code(path) if !path.contains(['…', '\u{fffd}']) => {
                Some((path.into_string(), rule_line))
            }
            _ => None,
        })
        .collect()
}

/// Whether the rule on `line` matches `path` for Google, whose matcher the audit judges
/// examples with, and `path` reads as a URL: no empty segment (`/cn//retail/` for
/// `/cn/*/retail/`) that the pattern does not write.
fn rule_matches(robots: &RobotsTxt, line: usize, path: &str) -> bool {
    let pattern = robots
        .groups()
        .iter()
        .flat_map(|group| &group.rules)
        .find(|rule| rule.line == line)
        .map(|rule| rule.pattern_bytes(robots))
        .unwrap_or_default();
    let doubled = |bytes: &[u8]| bytes.windows(2).any(|pair| pair == b"//");
    Pattern::google(&google_escape(pattern)).matches(path.as_bytes())
        && (!doubled(path.as_bytes()) || doubled(pattern))
}

/// A file's checkers, one per profile, made when first asked.
struct Checkers<'r> {
    robots: &'r RobotsTxt,
    made: Vec<(robots_lens::Profile, robots_lens::Checker<'r>)>,
}

impl<'r> Checkers<'r> {
    fn new(robots: &'r RobotsTxt) -> Checkers<'r> {
        Checkers {
            robots,
            made: Vec::new(),
        }
    }

    /// The answer `robots-lens check FILE --agent AGENT --url URL --profile PROFILE` gives:
    /// whether the URL may be fetched.
    fn answer(&mut self, effect: &Effect) -> Option<bool> {
        let who = match find_crawler(&effect.agent) {
            Some(crawler) => Who::Crawler(crawler),
            None => Who::Agent(&effect.agent),
        };
        if !self
            .made
            .iter()
            .any(|(profile, _)| *profile == effect.profile)
        {
            self.made
                .push((effect.profile, self.robots.checker(effect.profile)));
        }
        let (_, checker) = self
            .made
            .iter()
            .find(|(profile, _)| *profile == effect.profile)?;
        checker.ask(&Question::new(who, &effect.url)).allowed()
    }
}

/// What is wrong with a finding's evidence: an effect the file does not answer as it says.
fn unreproduced(checkers: &mut Checkers<'_>, finding: &Finding) -> Vec<String> {
    finding
        .effect
        .iter()
        .filter(|effect| checkers.answer(effect) != Some(effect.allowed))
        .map(|effect| {
            format!(
                "`check --agent {} --url {} --profile {}` does not answer {}",
                effect.agent,
                effect.url,
                effect.profile.spec().id,
                if effect.allowed {
                    "allowed"
                } else {
                    "disallowed"
                }
            )
        })
        .collect()
}

/// The file with line `line` replaced by `replacement`, and the lines the replacement became.
fn with_replacement(bytes: &[u8], robots: &RobotsTxt, line: usize, replacement: &str) -> Vec<u8> {
    let text = robots.line(line).expect("the finding's line");
    let mut fixed = bytes[..text.start].to_vec();
    fixed.extend_from_slice(replacement.as_bytes());
    fixed.extend_from_slice(&bytes[text.end..]);
    fixed
}

/// What is wrong with an offered replacement, checked again from the outside: (a) the fixed
/// file answers the finding's questions as intended; (b) every catalogued crawler's answer it
/// changes, on the paths both files' rules name, is decided by a line of the groups the fix
/// touches; (c) the audit of the fixed file has no new warning or error on the lines it wrote.
fn unsound_fix(
    bytes: &[u8],
    robots: &RobotsTxt,
    found: &[Finding],
    finding: &Finding,
) -> Vec<String> {
    let Some(replacement) = &finding.replacement else {
        return Vec::new();
    };
    let fixed_bytes = with_replacement(bytes, robots, finding.line, replacement);
    let fixed = RobotsTxt::parse(&fixed_bytes);
    let written = finding.line..finding.line + replacement.lines().count().max(1);
    // A line of the fixed file as a line of the file as written.
    let original = |line: usize| {
        if line >= written.end {
            line + 1 + finding.line - written.end
        } else if written.contains(&line) {
            finding.line
        } else {
            line
        }
    };
    let mut problems = Vec::new();
    let mut fixed_checkers = Checkers::new(&fixed);
    for effect in &finding.effect {
        if fixed_checkers.answer(effect) != Some(effect.intended) {
            problems.push(format!(
                "(a) the fixed file does not answer {} for {} on {}",
                effect.intended, effect.agent, effect.url
            ));
        }
    }
    // The groups of the edited line, in both files.
    let group_of = |robots: &RobotsTxt, line: usize| {
        robots
            .groups()
            .iter()
            .find(|group| (group.first_line..=group.last_line).contains(&line))
            .map(|group| group.first_line..=group.last_line)
    };
    let before_group = group_of(robots, finding.line);
    let after_group = group_of(&fixed, finding.line);
    let inside_before = |line: usize| {
        line == finding.line || before_group.as_ref().is_some_and(|g| g.contains(&line))
    };
    let inside_after = |line: usize| {
        written.contains(&line) || after_group.as_ref().is_some_and(|g| g.contains(&line))
    };
    let mut probes = probe_urls(robots, &fixed);
    probes.truncate(PROBES_PER_FIX);
    for profile in [robots_lens::Profile::Google, robots_lens::Profile::Rfc9309] {
        let (old, new) = (robots.checker(profile), fixed.checker(profile));
        // Crawlers that read the same groups in both files answer alike: one asks for all.
        let groups = |checker: &robots_lens::Checker<'_>, crawler| {
            checker
                .ask_verdict(&Question::crawler(crawler, "/"))
                .map(|verdict| verdict.groups.iter().map(|g| g.index).collect::<Vec<_>>())
                .unwrap_or_default()
        };
        let mut asked = Vec::new();
        for crawler in crawlers() {
            let key = (groups(&old, crawler), groups(&new, crawler));
            if asked.contains(&key) {
                continue;
            }
            asked.push(key);
            for probe in &probes {
                let question =
                    Question::crawler(crawler, probe).reading(robots_lens::UrlReading::Path);
                let (Ok(was), Ok(is)) = (old.ask_verdict(&question), new.ask_verdict(&question))
                else {
                    continue;
                };
                if was.allowed == is.allowed {
                    continue;
                }
                let about = was.deciding_line().is_some_and(inside_before)
                    || is.deciding_line().is_some_and(inside_after);
                if !about {
                    problems.push(format!(
                        "(b) the fix changes {}'s answer on {probe} ({:?} decides before, {:?} \
                         after)",
                        crawler.name,
                        was.deciding_line(),
                        is.deciding_line()
                    ));
                    return problems;
                }
            }
        }
    }
    // Every line a finding speaks for counts as reported: one finding says "the same holds for
    // 16 more rules", and a fix that changes how one of those weighs raises nothing new.
    let before: Vec<(Code, usize)> = found
        .iter()
        .flat_map(|f| {
            let bundled = matches!(
                f.message.id(),
                robots_lens::MessageId::SameForMore | robots_lens::MessageId::SameForOneMore
            );
            let speaks_for = if bundled { &f.related_lines[..] } else { &[] };
            std::iter::once((f.code, f.line)).chain(speaks_for.iter().map(|&line| (f.code, line)))
        })
        .collect();
    for new in audit(&fixed) {
        let was_there =
            before.contains(&(new.code, original(new.line))) || new.code == finding.code;
        if written.contains(&new.line) && new.severity != Severity::Info && !was_there {
            problems.push(format!(
                "(c) the fixed file has a new {:?} {} on line {}: {}",
                new.severity,
                new.code.id(),
                new.line,
                new.message.english()
            ));
        }
    }
    problems
}

/// The consumers `finding` names that do not complain: neither flag, skip nor read otherwise
/// its line (a blank line or a comment is skipped by everyone and is no one's complaint), nor
/// are a reader whose answer one of its effects shows changed. Asked of the table and the
/// effects directly, not through the core's own union.
fn unfounded_consumers(table: &ConsumerTable<'_>, finding: &Finding) -> Vec<String> {
    let changed = |consumer: Consumer| {
        finding
            .effect
            .iter()
            .filter(|effect| effect.allowed != effect.intended)
            .any(|effect| {
                let robot = effect.crawler.map(|crawler| crawler.name);
                match consumer {
                    Consumer::Google => effect.profile == robots_lens::Profile::Google,
                    Consumer::Rfc9309 => effect.profile == robots_lens::Profile::Rfc9309,
                    Consumer::Python => effect.profile == robots_lens::Profile::Python,
                    Consumer::Bing => robot == Some("Bingbot"),
                    Consumer::Yandex => robot == Some("YandexBot"),
                    _ => false,
                }
            })
    };
    consumers::about_finding(table, finding)
        .iter()
        .filter(|&consumer| {
            let reading = table.reading(finding.line, consumer);
            let complains =
                reading.status != Status::Applies && !["blank", "comment"].contains(&reading.code);
            !complains && !changed(consumer)
        })
        .map(|consumer| {
            format!(
                "names {} ({} the line, and no effect of its reader changed)",
                consumer.id(),
                table.reading(finding.line, consumer).status.id()
            )
        })
        .collect()
}

#[test]
fn the_audit_of_real_files_points_at_real_lines_and_proves_itself() {
    let mut paths: Vec<PathBuf> = Vec::new();
    for corpus in ["corpus/real-robots/files", "corpus/real-robots-2/files"] {
        let Some(corpus) = inputs::shared_path(corpus, "the audit of real files") else {
            return;
        };
        let before = paths.len();
        paths.extend(
            std::fs::read_dir(&corpus)
                .unwrap_or_else(|error| panic!("{}: {error}", corpus.display()))
                .filter_map(|entry| Some(entry.ok()?.path())),
        );
        assert!(
            paths.len() - before >= 300,
            "{} holds {} files; the corpora have 400 and 804",
            corpus.display(),
            paths.len() - before
        );
    }
    paths.sort();
    let shown = std::env::var("AUDIT_CODE").ok();
    // code -> (findings, files with one)
    let mut counts: BTreeMap<&'static str, (usize, usize)> = BTreeMap::new();
    let mut clean = 0;
    let mut examples = 0;
    let (mut effects, mut fixes) = (0, 0);
    // Findings that name a consumer, and consumers named in all.
    let (mut naming, mut named) = (0, 0);
    let mut failures = Vec::new();
    let (mut counts_compared, mut withheld_files) = (0, 0);
    for (index, path) in paths.iter().enumerate() {
        let started = std::time::Instant::now();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let bytes = std::fs::read(path).expect("a readable file");
        let robots = RobotsTxt::parse(&bytes);
        let found = audit(&robots);
        // A second audit of one file in sixteen (a debug build audits the corpus in tens of
        // seconds): the order of findings must not depend on hashing or allocation.
        if index % 16 == 0 {
            let again = audit(&robots);
            let key = |f: &Finding| (f.line, f.code.id(), f.message.english());
            if !found.iter().map(key).eq(again.iter().map(key)) {
                failures.push(format!("{name}: two audits of the same file differ"));
            }
        }
        // A census counts the findings without checking their fixes (`audit_counts`): the
        // counts by code and severity must be the full audit's, as `lint` reports them. Asked
        // of every file whose audit withheld a fix (where the check did something) and of one
        // in sixteen besides, as each costs most of an audit again.
        let withheld = found.iter().any(|f| f.fix_check == FixCheck::Withheld);
        withheld_files += usize::from(withheld);
        if index % 16 == 0 || withheld {
            let (kept, _) = partition_suppressed(found.clone(), &robots.suppressions());
            let mut expected: BTreeMap<(&'static str, Severity), usize> = BTreeMap::new();
            for finding in &kept {
                *expected
                    .entry((finding.code.id(), finding.severity))
                    .or_default() += 1;
            }
            let counted: Vec<((&'static str, Severity), usize)> = audit_counts(&robots)
                .iter()
                .map(|counted| ((counted.code.id(), counted.severity), counted.count))
                .collect();
            if !counted.iter().copied().eq(expected) {
                failures.push(format!(
                    "{name}: audit_counts gives {counted:?}, not the audit's"
                ));
            }
            counts_compared += 1;
        }
        if found.iter().all(|f| f.severity == Severity::Info) {
            clean += 1;
        }
        let mut seen = Vec::new();
        let mut checked = 0;
        let mut checkers = Checkers::new(&robots);
        let table = consumers::readings(&robots);
        for finding in &found {
            effects += finding.effect.len();
            let about = consumers::about_finding(&table, finding);
            naming += usize::from(!about.is_empty());
            named += about.iter().count();
            for problem in unfounded_consumers(&table, finding) {
                failures.push(format!(
                    "{name}:{}: {}: {problem}",
                    finding.line,
                    finding.code.id()
                ));
            }
            for problem in unreproduced(&mut checkers, finding) {
                failures.push(format!(
                    "{name}:{}: {}: {problem}",
                    finding.line,
                    finding.code.id()
                ));
            }
            if finding.fix_check == FixCheck::Checked
                && finding.replacement.is_some()
                && checked < FIXES_CHECKED_PER_FILE
            {
                checked += 1;
                fixes += 1;
                for problem in unsound_fix(&bytes, &robots, &found, finding) {
                    failures.push(format!(
                        "{name}:{}: {}: {problem}",
                        finding.line,
                        finding.code.id()
                    ));
                }
            }
            for (path, rule_line) in example_paths(finding) {
                examples += 1;
                if !rule_matches(&robots, rule_line, &path) {
                    failures.push(format!(
                        "{name}:{}: {}: the rule on line {rule_line} does not match its \
                         example {path}, or it has an empty segment",
                        finding.line,
                        finding.code.id()
                    ));
                }
            }
            for problem in problems(finding, robots.lines().len()) {
                failures.push(format!(
                    "{name}:{}: {}: {problem}",
                    finding.line,
                    finding.code.id()
                ));
            }
            let entry = counts.entry(finding.code.id()).or_default();
            entry.0 += 1;
            if !seen.contains(&finding.code) {
                seen.push(finding.code);
                entry.1 += 1;
            }
            if shown.as_deref() == Some(finding.code.id()) {
                println!("{name}:{}: {}", finding.line, finding.message.english());
            }
        }
        if std::env::var_os("AUDIT_SLOW").is_some() && started.elapsed().as_millis() > 300 {
            println!("SLOW {name} {:?}", started.elapsed());
        }
    }
    // The corpus shows examples of both codes; none at all would mean the check checks nothing.
    assert!(
        examples > 20,
        "only {examples} example paths in the corpus's findings"
    );
    // Thousands of effects and hundreds of fixes: none would mean nothing was checked.
    assert!(
        effects > 1_000,
        "only {effects} effects in the corpora's findings"
    );
    assert!(fixes > 100, "only {fixes} offered fixes checked");
    // Files whose audit withheld a fix: none would compare the counts only where the fix
    // check changed nothing.
    assert!(withheld_files > 0, "no fix withheld in the corpora");
    // Most findings are about a line some consumer reads otherwise: none would mean the
    // consumers were never asked.
    assert!(
        naming > 1_000 && named > naming,
        "only {naming} findings name a consumer ({named} named)"
    );
    let total: usize = counts.values().map(|(n, _)| n).sum();
    println!(
        "{} files, {total} findings, {clean} files with no warning or error, {effects} effects \
         reproduced, {fixes} fixes checked, {naming} findings naming {named} consumers, the \
         census's counts compared on {counts_compared} files",
        paths.len()
    );
    println!("{:<8} {:>8} {:>6}", "code", "findings", "files");
    for (code, (findings, files)) in &counts {
        println!("{code:<8} {findings:>8} {files:>6}");
    }
    assert!(
        failures.is_empty(),
        "{} findings are malformed (first 20):\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}
