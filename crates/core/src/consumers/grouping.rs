//! Which rules each user-agent line gets, for readers that keep a list of current agents the way
//! robots-parser and Protego do, compared with the group Google forms.
//!
//! Such a reader adds a user-agent line to its list of current agents, gives every rule to the
//! agents of the list, and starts a new list at the next user-agent line once any other key has
//! been read. Google starts a new group only after a rule; so a `Sitemap:` or unknown line
//! between two user-agent lines cuts Google's group in two for them, and a line Google reads as
//! a rule but they do not (`Disalow:`) leaves their list open. Each reader says what each line
//! is to it ([`Role`]); [`agent_runs`] replays the list in one pass, and [`compare`] says how an
//! agent line's rules differ from its Google group's.

use crate::robots::RobotsTxt;

/// What a line is to a reader's list of agents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// A user-agent line; `named` when it adds a name to the list (an empty value adds none).
    Agent { named: bool },
    /// A user-agent line that neither adds a name nor starts a new list, but keeps the list
    /// open (Protego's `User-agent:` with an empty value).
    AgentKeepsOpen,
    /// A rule: given to every agent of the list; it closes the list.
    Rule,
    /// Another key that makes the reader keep a group for the agents of the list without a rule
    /// (robots-parser's `Crawl-delay`); it closes the list.
    Creates,
    /// Any other key: it closes the list.
    Closes,
    /// A line the reader skips without reading a key: nothing changes.
    Neutral,
}

/// The rules one user-agent line gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct AgentRun {
    pub(crate) line: usize,
    pub(crate) rules: usize,
    pub(crate) first: usize,
    pub(crate) last: usize,
    /// The reader keeps a group for the agent (it got a rule or a [`Role::Creates`] line).
    pub(crate) created: bool,
    /// The first [`Role::Closes`] line after it while it was in the list, 0 when none.
    pub(crate) closer: usize,
}

/// Every user-agent line that adds a name, in order, with the rules it gets; and, for each
/// line, whether a rule had no agent to go to (it stands outside any group for the reader).
pub(crate) fn agent_runs(roles: &[Role]) -> (Vec<AgentRun>, Vec<bool>) {
    let mut runs: Vec<AgentRun> = Vec::new();
    let mut orphans = vec![false; roles.len()];
    let mut current: Vec<usize> = Vec::new();
    let mut closed = true;
    for (index, role) in roles.iter().enumerate() {
        let number = index + 1;
        match *role {
            Role::Agent { named } => {
                if closed {
                    current.clear();
                }
                closed = false;
                if named {
                    current.push(runs.len());
                    runs.push(AgentRun {
                        line: number,
                        ..AgentRun::default()
                    });
                }
            }
            Role::AgentKeepsOpen => closed = false,
            Role::Rule => {
                orphans[index] = current.is_empty();
                for &run in &current {
                    let run = &mut runs[run];
                    if run.rules == 0 {
                        run.first = number;
                    }
                    run.rules += 1;
                    run.last = number;
                    run.created = true;
                }
                closed = true;
            }
            Role::Creates => {
                for &run in &current {
                    runs[run].created = true;
                }
                closed = true;
            }
            Role::Closes => {
                for &run in &current {
                    let run = &mut runs[run];
                    if run.closer == 0 {
                        run.closer = number;
                    }
                }
                closed = true;
            }
            Role::Neutral => {}
        }
    }
    (runs, orphans)
}

/// The rules of each line's Google group, for user-agent lines: (count, first, last).
pub(crate) fn google_runs(robots: &RobotsTxt) -> Vec<Option<(usize, usize, usize)>> {
    let mut runs = vec![None; robots.lines().len()];
    for group in robots.groups() {
        let rules = group.rules.len();
        let first = group.rules.first().map_or(0, |rule| rule.line);
        let last = group.rules.last().map_or(0, |rule| rule.line);
        for agent in &group.agents {
            if let Some(slot) = runs.get_mut(agent.line - 1) {
                *slot = Some((rules, first, last));
            }
        }
    }
    runs
}

/// How an agent line's rules differ from those of its Google group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Difference {
    /// It gets none or fewer of them: its list ended at this line (a key Google reads past,
    /// or the first rule the reader does not read).
    Cut(usize),
    /// It also gets rules Google gives another group, down to this line.
    Extended(usize),
    /// It gets no rule and the reader keeps no group for it: it falls back to `*`.
    NoGroup,
}

/// How `run` differs from the Google group's `google` rules, if it does.
pub(crate) fn compare(run: &AgentRun, google: Option<(usize, usize, usize)>) -> Option<Difference> {
    let (count, first, last) = google.unwrap_or_default();
    if run.rules == 0 && count == 0 {
        return (!run.created).then_some(Difference::NoGroup);
    }
    if (run.rules, run.first, run.last) == (count, first, last) {
        return None;
    }
    if run.rules < count || run.last < last {
        let at = if run.closer > 0 && run.closer <= last {
            run.closer
        } else {
            first
        };
        Some(Difference::Cut(at))
    } else {
        Some(Difference::Extended(run.last))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_between_agents_ends_the_list() {
        use Role::*;
        // User-agent: a / Sitemap: s / User-agent: b / Disallow: /
        let (runs, orphans) =
            agent_runs(&[Agent { named: true }, Closes, Agent { named: true }, Rule]);
        assert_eq!(runs.len(), 2);
        assert_eq!((runs[0].rules, runs[0].closer), (0, 2));
        assert_eq!((runs[1].rules, runs[1].first, runs[1].last), (1, 4, 4));
        assert_eq!(orphans, [false; 4]);
        let google = Some((1, 4, 4));
        assert_eq!(
            compare(&runs[0], google),
            Some(Difference::Cut(2)),
            "the line that ends the list"
        );
        assert_eq!(compare(&runs[1], google), None);
    }

    #[test]
    fn agents_without_rules_fall_back_unless_a_group_is_kept() {
        use Role::*;
        let (runs, _) = agent_runs(&[
            Agent { named: true },
            Neutral,
            Agent { named: true },
            Creates,
        ]);
        assert!(
            runs[0].created && runs[1].created,
            "one list, kept by the delay"
        );
        let (runs, _) = agent_runs(&[Agent { named: true }]);
        assert_eq!(
            compare(&runs[0], Some((0, 0, 0))),
            Some(Difference::NoGroup)
        );
    }

    #[test]
    fn rules_without_agents_are_orphans_and_an_unread_agent_line_extends_the_list() {
        use Role::*;
        // Disallow: /x / User-agent: a / Disallow: /y / User agent: b (unread) / Disallow: /z
        let (runs, orphans) = agent_runs(&[Rule, Agent { named: true }, Rule, Closes, Rule]);
        assert_eq!(orphans, [true, false, false, false, false]);
        assert_eq!((runs[0].rules, runs[0].last), (2, 5));
        assert_eq!(
            compare(&runs[0], Some((1, 3, 3))),
            Some(Difference::Extended(5))
        );
    }
}
