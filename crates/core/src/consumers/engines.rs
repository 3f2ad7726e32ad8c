//! The search engines besides Google: Yandex (its robot, and the error dictionary of Yandex
//! Webmaster's robots.txt analysis) and Bing (what Bing documents of Bingbot).
//!
//! Which groups each robot follows is the answering layer's answer: a [`crate::Question`] asked
//! as the catalogued crawler the consumer's file names (YandexBot, Bingbot: their documented
//! fallback chains), through [`crate::Checker::ask_verdict`] like every other question; a line
//! of a group the robot does not follow is ignored by it, never judged a second time here. Bingbot still reads the `*` group's Crawl-delay when it follows its own
//! group, as the catalogue notes. The error dictionary's limits and words are
//! `data/consumers/yandex.json`'s; the directives Bing documents are `data/consumers/bing.json`'s.

use super::data::{bing as bing_data, yandex as data};
use super::{as_google, google::is_sitemap_url, strict_key, Cell, Why};
use crate::answer::Question;
use crate::catalogue::find_crawler;
use crate::lines::{Line, LineKind};
use crate::profile::Profile;
use crate::robots::RobotsTxt;

/// Each line's group (index + 1), 0 for a line in none.
fn group_of_lines(robots: &RobotsTxt) -> Vec<u32> {
    let mut group_of = vec![0u32; robots.lines().len()];
    for group in robots.groups() {
        let lines = group
            .agents
            .iter()
            .map(|agent| agent.line)
            .chain(group.rules.iter().map(|rule| rule.line))
            .chain(group.other_lines.iter().copied());
        for line in lines {
            if let Some(slot) = group_of.get_mut(line.wrapping_sub(1)) {
                *slot = u32::try_from(group.index + 1).unwrap_or(0);
            }
        }
    }
    group_of
}

/// The groups the catalogued crawler `crawlers[0]` follows (the consumer's `crawlers` list,
/// whose first name `build.rs` checks is catalogued), as the answering layer picks them.
fn followed_groups(robots: &RobotsTxt, crawlers: &[&str]) -> Vec<usize> {
    let Some(crawler) = crawlers.first().and_then(|name| find_crawler(name)) else {
        return Vec::new();
    };
    // Whatever the URL, a crawler follows the same groups: `/` is asked.
    robots
        .checker(Profile::Google)
        .ask_verdict(&Question::crawler(crawler, "/"))
        .map(|verdict| verdict.groups.iter().map(|group| group.index).collect())
        .unwrap_or_default()
}

/// A crawler's reading of the lines of groups: those of a group it does not follow are ignored
/// (naming the first group it follows); the others are read by `read`.
fn by_group(
    robots: &RobotsTxt,
    crawlers: &[&str],
    read_anyway: impl Fn(&Line<'_>, usize) -> bool,
    mut read: impl FnMut(&Line<'_>, bool) -> Cell,
) -> Vec<Cell> {
    let followed = followed_groups(robots, crawlers);
    let first_followed = followed
        .first()
        .and_then(|&index| robots.groups().get(index))
        .map(|group| group.first_line);
    let group_of = group_of_lines(robots);
    robots
        .lines()
        .iter()
        .map(|line| {
            let group = group_of[line.number - 1] as usize;
            let in_followed = group > 0 && followed.contains(&(group - 1));
            if group > 0
                && !in_followed
                && !line.beyond_size_limit
                && !read_anyway(&line, group - 1)
            {
                return match first_followed {
                    Some(first) => Cell::new(Why::OtherGroup).naming(first),
                    None => Cell::new(Why::NoGroupFollowed),
                };
            }
            read(&line, in_followed)
        })
        .collect()
}

/// The `yandex` column.
pub(crate) fn yandex_column(robots: &RobotsTxt, google: &[Cell]) -> Vec<Cell> {
    let problems = yandex_problems(robots);
    let mut cells = by_group(
        robots,
        data::CRAWLERS,
        |_, _| false,
        |line, _| {
            if line.kind == LineKind::Other
                && line
                    .directive
                    .is_some_and(|name| data::DIRECTIVES.contains(&name))
            {
                return Cell::new(Why::ReadsKey);
            }
            as_google(google[line.number - 1])
        },
    );
    for (cell, problem) in cells.iter_mut().zip(problems) {
        if let Some(words) = problem {
            *cell = Cell::reported(words);
        }
    }
    cells
}

/// The error dictionary's finding for each line, if any: what Yandex Webmaster reports,
/// whichever group the line is in.
fn yandex_problems(robots: &RobotsTxt) -> Vec<Option<&'static super::Words>> {
    let mut star_groups = 0;
    let mut rules = 0;
    let max_rules = data::MAX_RULES as usize;
    let max_length = data::MAX_RULE_LENGTH as usize;
    let group_of = group_of_lines(robots);
    let mut last_star_group = 0;
    robots
        .lines()
        .iter()
        .map(|line| {
            let value = line.value().unwrap_or_default();
            let known = |name: &str| data::DIRECTIVES.contains(&name);
            match line.kind {
                LineKind::Blank | LineKind::Comment => None,
                LineKind::Malformed => Some(&data::SYNTAX_ERROR),
                _ if super::spelled_otherwise(&line) => Some(&data::UNKNOWN_DIRECTIVE),
                LineKind::Unknown => Some(&data::UNKNOWN_DIRECTIVE),
                LineKind::Other if !line.directive.is_some_and(known) => {
                    Some(&data::UNKNOWN_DIRECTIVE)
                }
                LineKind::Other if line.directive == Some("clean-param") => {
                    (!clean_param_reads(value)).then_some(&data::CLEAN_PARAM_FORMAT)
                }
                LineKind::Other => None,
                LineKind::UserAgent => {
                    let group = group_of[line.number - 1];
                    if value == "*" && group != last_star_group {
                        last_star_group = group;
                        star_groups += 1;
                        (star_groups > 1).then_some(&data::MULTIPLE_STAR)
                    } else {
                        None
                    }
                }
                LineKind::Allow | LineKind::Disallow => {
                    rules += 1;
                    if group_of[line.number - 1] == 0 {
                        Some(&data::NO_USER_AGENT)
                    } else if rules > max_rules {
                        Some(&data::TOO_MANY_RULES)
                    } else if !value.is_empty() && !value.starts_with(['/', '*']) {
                        Some(&data::RULE_START)
                    } else if value.chars().count() > max_length {
                        Some(&data::RULE_TOO_LONG)
                    } else if value.chars().any(|c| {
                        data::ILLEGAL_CHARACTERS
                            .iter()
                            .any(|illegal| illegal.starts_with(c))
                    }) {
                        Some(&data::ILLEGAL_CHARACTER)
                    } else {
                        None
                    }
                }
                LineKind::Sitemap => {
                    (!is_sitemap_url(value, data::SITEMAP_PROTOCOLS)).then_some(&data::SITEMAP_URL)
                }
            }
        })
        .collect()
}

/// `Clean-param: p0[&p1&p2&..&pn] [path]`: parameters without spaces joined by `&`, and a
/// path of the characters Yandex lists.
fn clean_param_reads(value: &str) -> bool {
    let mut parts = value.split_ascii_whitespace();
    let params = parts.next().unwrap_or_default();
    let path = parts.next();
    let path_characters = data::CLEAN_PARAM_PATH_CHARACTERS.concat();
    !params.is_empty()
        && params.split('&').all(|param| !param.is_empty())
        && parts.next().is_none()
        && path.is_none_or(|path| path.chars().all(|c| path_characters.contains(c)))
}

/// The `bing` column.
pub(crate) fn bing_column(robots: &RobotsTxt, google: &[Cell]) -> Vec<Cell> {
    // Bing documents that Bingbot reads the `*` group's Crawl-delay even when it follows a
    // group of its own.
    let star_delay = |line: &Line<'_>, group: usize| {
        line.directive == Some("crawl-delay")
            && robots
                .groups()
                .get(group)
                .is_some_and(|group| group.is_star(false))
    };
    by_group(robots, bing_data::CRAWLERS, star_delay, |line, _| {
        if line.kind == LineKind::Blank || line.kind == LineKind::Comment {
            return google[line.number - 1];
        }
        // Bing documents its directives as written: another spelling is not documented to be
        // read.
        if let Some(cell) = strict_key(line) {
            return cell;
        }
        match line.kind {
            LineKind::Other | LineKind::Unknown => {
                if line
                    .directive
                    .is_some_and(|name| bing_data::DIRECTIVES.contains(&name))
                {
                    Cell::new(Why::ReadsKey)
                } else {
                    Cell::new(Why::KeyNotRead)
                }
            }
            _ => as_google(google[line.number - 1]),
        }
    })
}
