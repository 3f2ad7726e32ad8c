//! One question, one answer, on every native path (issue 23).
//!
//! A seeded generator (`consistency_questions`) asks at least 20,000 questions — real files of
//! `../shared/corpus/real-robots/` and synthetic ones, catalogued crawlers, raw tokens, full UA
//! strings and names with versions, every fetch status form the CLI accepts, all four profiles,
//! both match models, paths, full URLs, encoded and non-ASCII ones, `/robots.txt`, `//x` and
//! URLs no crawler requests — of every way the core answers: the entry point
//! ([`Checker::ask`]), its verdict and boolean shortcuts, a URL-list [`Batch`], expectations
//! ([`check_expectations`]) and `diff` ([`verdict_flips`], which must list exactly the questions
//! whose answer differs between two files). Every path must give the same verdict, deciding line
//! and reason code; the counts are printed. The CLI's output paths are held to the same answers
//! by `crates/cli/tests/consistency.rs`.
//!
//! A missing corpus fails the test (see `inputs`): `ROBOTS_LENS_ALLOW_MISSING=shared` runs it on
//! the synthetic files alone, and says so.

mod consistency_questions;
mod inputs;

use std::collections::BTreeMap;

use consistency_questions::{files, questions, Asked, Asking, File};
use robots_lens::{
    check_expectations, find_crawler, verdict_flips, Asker, Batch, Cell, Checker, Expectation,
    FetchStatus, Profile, Question, RobotsTxt, UrlReading, Who,
};

const SEED: u64 = 23;
const COUNT: usize = 20_000;

/// A profile's place in [`Profile::ALL`], to key ordered maps with.
fn rank(profile: Profile) -> usize {
    Profile::ALL.iter().position(|&p| p == profile).unwrap()
}

/// (allowed, deciding line, reason code): what every path must agree on.
type Said = (Option<bool>, Option<usize>, String);

fn who(asking: &Asking) -> Who<'_> {
    match asking {
        Asking::Agent(agent) => Who::Agent(agent),
        Asking::Crawler(name) => Who::Crawler(find_crawler(name).expect("catalogued")),
    }
}

fn question(asked: &Asked) -> Question<'_> {
    Question::new(who(&asked.who), &asked.url)
        .status(asked.status.parse().expect("a status the CLI accepts"))
        .agent_match(asked.model)
}

fn asker(asked: &Asked) -> Asker {
    match &asked.who {
        Asking::Agent(agent) => Asker::Agent(agent.clone(), asked.model),
        Asking::Crawler(name) => Asker::Crawler(find_crawler(name).unwrap()),
    }
}

fn cell_said(cell: &Cell) -> Said {
    let refused = cell.reason.id() == robots_lens::REFUSED;
    (
        (!refused).then_some(cell.allowed),
        cell.line,
        cell.reason.id().to_owned(),
    )
}

/// Differences found, by path, with the first few of each for the report.
#[derive(Default)]
struct Differences {
    counts: BTreeMap<&'static str, usize>,
    examples: Vec<String>,
}

impl Differences {
    fn check(
        &mut self,
        path: &'static str,
        asked: &Asked,
        files: &[File],
        entry: &Said,
        got: &Said,
    ) {
        *self.counts.entry(path).or_default() += 0;
        if entry != got {
            *self.counts.get_mut(path).unwrap() += 1;
            if self.examples.len() < 20 {
                self.examples.push(format!(
                    "{path}: entry point says {entry:?}, {path} says {got:?}\n  file {} who {:?} url {:?} status {} profile {} match {}",
                    files[asked.file].name, asked.who, asked.url, asked.status, asked.profile, asked.model
                ));
            }
        }
    }
}

#[test]
fn every_native_path_gives_the_entry_points_answer() {
    let real = inputs::shared_path("corpus/real-robots/files", "the native consistency suite");
    let files = files(real.as_deref(), SEED, 160);
    let real_count = files.iter().filter(|f| f.name.starts_with("real")).count();
    let asked = questions(&files, SEED, COUNT);
    let parsed: Vec<RobotsTxt> = files
        .iter()
        .map(|file| RobotsTxt::parse(&file.bytes))
        .collect();
    let mut checkers: BTreeMap<(usize, usize), Checker<'_>> = BTreeMap::new();
    for question in &asked {
        checkers
            .entry((question.file, rank(question.profile)))
            .or_insert_with(|| parsed[question.file].checker(question.profile));
    }
    let mut differences = Differences::default();

    // 1. The entry point, its verdict shortcut and its boolean shortcut.
    let mut said: Vec<Said> = Vec::with_capacity(asked.len());
    let mut refused = 0;
    for one in &asked {
        let checker = &checkers[&(one.file, rank(one.profile))];
        let answer = checker.ask(&question(one));
        let entry: Said = (
            answer.allowed(),
            answer.deciding_line(),
            answer.reason_id().to_owned(),
        );
        refused += usize::from(answer.allowed().is_none());
        let verdict = checker.ask_verdict(&question(one));
        let via_verdict: Said = match &verdict {
            Ok(verdict) => (
                Some(verdict.allowed),
                verdict.deciding_line(),
                verdict.reason.id().to_owned(),
            ),
            Err(_) => (None, None, robots_lens::REFUSED.to_owned()),
        };
        differences.check("ask_verdict", one, &files, &entry, &via_verdict);
        let allowed = checker.ask_allowed(&question(one));
        differences.check(
            "ask_allowed",
            one,
            &files,
            &(entry.0, None, String::new()),
            &(allowed, None, String::new()),
        );
        // The explanation names the same line, and words every reason.
        let explanation = answer.explanation();
        assert_eq!(
            explanation.decided_by.is_some(),
            entry.1.is_some(),
            "{one:?}"
        );
        assert!(explanation.reason.is_complete(), "{one:?}");
        said.push(entry);
    }

    // 2. URL lists (the page's URL panel and its CSV, `check --urls`' batch form): one batch per
    // file, profile and status, every asker of those questions over every URL.
    let mut groups: BTreeMap<(usize, usize, &str), Vec<usize>> = BTreeMap::new();
    for (index, one) in asked.iter().enumerate() {
        groups
            .entry((one.file, rank(one.profile), one.status))
            .or_default()
            .push(index);
    }
    let mut batch_cells = 0;
    for (&(file, profile, status), members) in &groups {
        let checker = &checkers[&(file, profile)];
        let status: FetchStatus = status.parse().unwrap();
        // Each question's own (URL, asker) cell: URLs and askers in first-seen order.
        let mut urls: Vec<String> = Vec::new();
        let mut askers: Vec<Asker> = Vec::new();
        for &index in members {
            let one = &asked[index];
            if !urls.contains(&one.url) {
                urls.push(one.url.clone());
            }
            let asker = asker(one);
            if !askers.contains(&asker) {
                askers.push(asker);
            }
        }
        let mut batch = Batch::new(urls.clone(), askers.clone());
        batch.run(checker, &status, usize::MAX);
        let cells: Vec<Cell> = batch.all_rows().map(|row| row.cell).collect();
        assert_eq!(cells.len(), urls.len() * askers.len());
        for &index in members {
            let one = &asked[index];
            let at = urls.iter().position(|url| *url == one.url).unwrap() * askers.len()
                + askers.iter().position(|a| *a == asker(one)).unwrap();
            differences.check("batch", one, &files, &said[index], &cell_said(&cells[at]));
            batch_cells += 1;
        }

        // 3. Expectations (`test`, pins): one per question, by match model.
        for model in [
            robots_lens::AgentMatch::Token,
            robots_lens::AgentMatch::Substring,
        ] {
            let mine: Vec<usize> = members
                .iter()
                .copied()
                .filter(|&index| {
                    asked[index].model == model || matches!(asked[index].who, Asking::Crawler(_))
                })
                .collect();
            let expectations: Vec<Expectation> = mine
                .iter()
                .map(|&index| {
                    let one = &asked[index];
                    let (crawlers, agents) = match &one.who {
                        Asking::Crawler(name) => (vec![(*name).to_owned()], Vec::new()),
                        Asking::Agent(agent) => (Vec::new(), vec![agent.clone()]),
                    };
                    Expectation {
                        url: one.url.clone(),
                        allowed: true,
                        crawlers,
                        agents,
                        line: None,
                    }
                })
                .collect();
            let results = check_expectations(checker, &expectations, model, &status);
            assert_eq!(results.len(), mine.len());
            for (result, &index) in results.iter().zip(&mine) {
                let got: Said = (
                    result.allowed,
                    result.line,
                    result.reason.map(|r| r.id().to_owned()).unwrap_or_default(),
                );
                differences.check("expectations", &asked[index], &files, &said[index], &got);
            }
        }
    }

    // 4. `diff`: each file against the next one, asked exactly the questions about the first;
    // it must list exactly those whose verdict differs.
    differences.counts.insert("diff", 0);
    let mut diffed = 0;
    let mut flips_found = 0;
    for (&(file, profile, status), members) in &groups {
        let partner = (file + 1) % files.len();
        let old = &checkers[&(file, profile)];
        let new_checker;
        let new = match checkers.get(&(partner, profile)) {
            Some(checker) => checker,
            None => {
                new_checker = parsed[partner].checker(Profile::ALL[profile]);
                &new_checker
            }
        };
        let status: FetchStatus = status.parse().unwrap();
        for &index in members {
            let one = &asked[index];
            let asker = asker(one);
            let flips = verdict_flips(
                old,
                new,
                std::slice::from_ref(&one.url),
                UrlReading::Typed,
                std::slice::from_ref(&asker),
                &status,
            );
            let before = old.ask(&question(one)).allowed();
            let after = new.ask(&question(one)).allowed();
            let differs = before.is_some() && after.is_some() && before != after;
            if differs == flips.is_empty() {
                *differences.counts.entry("diff").or_default() += 1;
                if differences.examples.len() < 20 {
                    differences.examples.push(format!(
                        "diff: before {before:?} after {after:?}, flips {flips:?} for {one:?}"
                    ));
                }
            }
            if let Some(flip) = flips.first() {
                let old_line = old.ask(&question(one)).deciding_line();
                let new_line = new.ask(&question(one)).deciding_line();
                assert_eq!(
                    (flip.before.line, flip.after.line),
                    (old_line, new_line),
                    "{one:?}"
                );
            }
            flips_found += flips.len();
            diffed += 1;
        }
    }

    // 5. Lists of one question's URLs (`Checker::ask_verdicts`, Python's `check_many`): every
    // row's verdict whole, field for field, is the one `ask_verdict` gives, and the row's
    // shortcuts (allowed, deciding line, reason) read the same; a refused URL stops the list
    // at its position.
    let mut lists: BTreeMap<(usize, usize, &str, String, bool), Vec<usize>> = BTreeMap::new();
    for (index, one) in asked.iter().enumerate() {
        let token = one.model == robots_lens::AgentMatch::Token;
        let key = (
            one.file,
            rank(one.profile),
            one.status,
            format!("{:?}", one.who),
            token,
        );
        lists.entry(key).or_default().push(index);
    }
    differences.counts.insert("ask_verdicts", 0);
    let (mut listed, mut refused_in_lists) = (0, 0);
    for members in lists.values() {
        let first = &asked[members[0]];
        let checker = &checkers[&(first.file, rank(first.profile))];
        let urls: Vec<&str> = members.iter().map(|&at| asked[at].url.as_str()).collect();
        let shape = question(first);
        let expected: Vec<_> = members
            .iter()
            .map(|&at| checker.ask_verdict(&question(&asked[at])))
            .collect();
        match checker.ask_verdicts(&shape, urls.iter().copied()) {
            Ok(verdicts) => {
                assert_eq!(verdicts.len(), members.len());
                for (row, (&at, expected)) in members.iter().zip(&expected).enumerate() {
                    let expected = expected.as_ref().expect("a list without a refused URL");
                    let got = verdicts.verdict(row).expect("a row per URL");
                    let shortcuts = (
                        verdicts.allowed(row),
                        verdicts.deciding_line(row),
                        verdicts.reason(row),
                    );
                    let whole = (
                        Some(expected.allowed),
                        expected.deciding_line(),
                        Some(expected.reason),
                    );
                    if got != *expected || shortcuts != whole {
                        *differences.counts.get_mut("ask_verdicts").unwrap() += 1;
                        if differences.examples.len() < 20 {
                            differences.examples.push(format!(
                                "ask_verdicts: row {row} differs from ask_verdict for {:?}:\n  \
                                 got {got:?}\n  expected {expected:?}",
                                asked[at]
                            ));
                        }
                    }
                    listed += 1;
                }
            }
            Err((at, _)) => {
                let first_refused = expected.iter().position(Result::is_err);
                assert_eq!(Some(at), first_refused, "{first:?}");
                refused_in_lists += 1;
            }
        }
    }

    let total_differences: usize = differences.counts.values().sum();
    let by_profile = Profile::ALL.map(|p| asked.iter().filter(|q| q.profile == p).count());
    println!(
        "consistency: {} questions ({} files: {real_count} real, {} synthetic; seed {SEED}); \
         {refused} refused URLs; per profile {by_profile:?}; batch cells {batch_cells}; \
         diff questions {diffed} ({flips_found} flips); ask_verdicts rows {listed} ({refused_in_lists} \
         lists stopped by a refused URL); differences by path {:?}",
        asked.len(),
        files.len(),
        files.len() - real_count,
        differences.counts
    );
    assert!(asked.len() >= 20_000);
    assert!(
        total_differences == 0,
        "{total_differences} answers differ from the entry point's:\n{}",
        differences.examples.join("\n")
    );
}

/// `Checker::ask_verdicts` over long lists: every URL asked of a file, asked again by a few
/// agents under every profile, with a status that lets the rules answer and one that does not
/// (the list is then answered verdict by verdict). Each row is the verdict `ask_verdict` gives.
#[test]
fn a_list_of_urls_answers_each_as_one_url_is_answered() {
    let real = inputs::shared_path("corpus/real-robots/files", "the native consistency suite");
    let files = files(real.as_deref(), SEED, 160);
    let asked = questions(&files, SEED, COUNT);
    let mut urls_of: BTreeMap<usize, Vec<&str>> = BTreeMap::new();
    for one in &asked {
        let urls = urls_of.entry(one.file).or_default();
        if !urls.contains(&one.url.as_str()) {
            urls.push(&one.url);
        }
    }
    let agents = [
        "Googlebot",
        "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
        "ExampleBot/1.0",
    ];
    let (mut rows, mut lists) = (0, 0);
    for (&file, urls) in &urls_of {
        let robots = RobotsTxt::parse(&files[file].bytes);
        for profile in Profile::ALL {
            let checker = robots.checker(profile);
            // 404 lets no rule answer: its lists are answered verdict by verdict, one agent will do.
            for (status, agents) in [("200", &agents[..]), ("404", &agents[..1])] {
                for &agent in agents {
                    for model in [
                        robots_lens::AgentMatch::Token,
                        robots_lens::AgentMatch::Substring,
                    ] {
                        let shape = Question::agent(agent, "")
                            .status(status.parse().unwrap())
                            .agent_match(model);
                        let asked_of = |url| Question { url, ..shape };
                        let answered: Vec<(&str, _)> = urls
                            .iter()
                            .filter_map(|url| {
                                let verdict = checker.ask_verdict(&asked_of(url)).ok()?;
                                Some((*url, verdict))
                            })
                            .collect();
                        let verdicts = checker
                            .ask_verdicts(&shape, answered.iter().map(|(url, _)| *url))
                            .expect("only URLs crawlers request");
                        assert_eq!(verdicts.len(), answered.len());
                        for (row, (_, expected)) in answered.iter().enumerate() {
                            assert_eq!(
                                verdicts.verdict(row).as_ref(),
                                Some(expected),
                                "file {} profile {profile} status {status} agent {agent} {model:?}",
                                files[file].name
                            );
                            assert_eq!(verdicts.allowed(row), Some(expected.allowed));
                            assert_eq!(verdicts.deciding_line(row), expected.deciding_line());
                            assert_eq!(verdicts.reason(row), Some(expected.reason));
                            assert_eq!(verdicts.path(row), Some(expected.path.as_str()));
                            assert_eq!(
                                verdicts.normalised_path(row),
                                Some(expected.normalised_path.as_str())
                            );
                            assert_eq!(verdicts.matches(row), expected.matches);
                            assert_eq!(verdicts.decisive(row), expected.decisive);
                        }
                        let past = answered.len();
                        assert_eq!(verdicts.verdict(past), None);
                        assert_eq!(
                            (
                                verdicts.allowed(past),
                                verdicts.path(past),
                                verdicts.decisive(past)
                            ),
                            (None, None, None)
                        );
                        rows += answered.len();
                        lists += 1;
                    }
                }
            }
        }
    }
    println!("ask_verdicts: {lists} lists, {rows} rows, each the verdict ask_verdict gives");
    assert!(rows > 100_000, "{rows}");
}
