//! Which consumers an audit finding is about: the readers whose verdict its evidence shows
//! changed ([`effect_readers`]) and the consumers that flag, ignore or read otherwise the line
//! it is on ([`ConsumerTable::complaining`]), so that a finding names only consumers that
//! complain ([`about_finding`]).
//!
//! The two halves are apart because the page computes them in two packages: the audit's
//! package knows the evidence and carries [`effect_readers`] as a number ([`ConsumerSet::bits`]),
//! the consumers' package has the table and answers [`ConsumerTable::complaining`]; the CLI
//! asks [`about_finding`], which is the two together.
//!
//! ```
//! use robots_lens::consumers::{self, Consumer};
//! use robots_lens::RobotsTxt;
//!
//! let robots = RobotsTxt::parse(b"User-agent: *\nCrawl-delay: 5\nDisallow: /a\n");
//! let table = consumers::readings(&robots);
//! let finding = robots.audit().into_iter().find(|finding| finding.line == 2).unwrap();
//! let named = consumers::about_finding(&table, &finding);
//! assert!(named.contains(Consumer::Google)); // Google ignores Crawl-delay
//! assert!(!named.contains(Consumer::Bing)); // Bingbot reads it
//! ```

use super::data::{bing as bing_data, yandex as yandex_data};
use super::{Consumer, ConsumerTable, Status, Why};
use crate::audit::{Effect, Finding};
use crate::profile::Profile;

/// A set of consumers, kept in the bits of a `u16` (bit `i` for [`Consumer::ALL`]`[i]`), so
/// that a finding carries it across a package boundary as one number.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ConsumerSet(u16);

impl ConsumerSet {
    /// The set with no consumer.
    pub const EMPTY: ConsumerSet = ConsumerSet(0);

    /// The set whose bits are `bits`; bits past [`Consumer::ALL`] are dropped.
    pub fn from_bits(bits: u16) -> ConsumerSet {
        ConsumerSet(bits & ((1 << Consumer::ALL.len()) - 1))
    }

    /// The set as bits (bit `i` for [`Consumer::ALL`]`[i]`).
    pub fn bits(self) -> u16 {
        self.0
    }

    /// Adds `consumer`.
    pub fn insert(&mut self, consumer: Consumer) {
        self.0 |= 1 << consumer.index();
    }

    /// Whether `consumer` is in the set.
    pub fn contains(self, consumer: Consumer) -> bool {
        self.0 & (1 << consumer.index()) != 0
    }

    /// Whether the set has no consumer.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The consumers of both sets.
    pub fn union(self, other: ConsumerSet) -> ConsumerSet {
        ConsumerSet(self.0 | other.0)
    }

    /// The consumers in the set, in [`Consumer::ALL`]'s order.
    pub fn iter(self) -> impl Iterator<Item = Consumer> {
        Consumer::ALL
            .into_iter()
            .filter(move |&consumer| self.contains(consumer))
    }
}

impl FromIterator<Consumer> for ConsumerSet {
    fn from_iter<I: IntoIterator<Item = Consumer>>(iter: I) -> ConsumerSet {
        let mut set = ConsumerSet::EMPTY;
        for consumer in iter {
            set.insert(consumer);
        }
        set
    }
}

/// As a list of consumer ids (`["google", "python"]`), in [`Consumer::ALL`]'s order.
#[cfg(feature = "serde")]
impl serde::Serialize for ConsumerSet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter().map(Consumer::id))
    }
}

/// The consumers whose own verdict the evidence shows changed: the reader each question was
/// asked under (Google's parser, RFC 9309, Python's robotparser; the 1994 convention is no
/// consumer of the table), and Bing or Yandex when their robot asked. Only the questions whose
/// answer differs from what the file evidently means count.
pub fn effect_readers(effects: &[Effect]) -> ConsumerSet {
    let mut readers = ConsumerSet::EMPTY;
    for effect in effects
        .iter()
        .filter(|effect| effect.allowed != effect.intended)
    {
        match effect.profile {
            Profile::Google => readers.insert(Consumer::Google),
            Profile::Rfc9309 => readers.insert(Consumer::Rfc9309),
            Profile::Python => readers.insert(Consumer::Python),
            Profile::Legacy1994 => {}
        }
        // The robot whose reading the consumer's column gives: the crawler its file names.
        let robot = effect.crawler.map(|crawler| crawler.name);
        for (consumer, crawlers) in [
            (Consumer::Bing, bing_data::CRAWLERS),
            (Consumer::Yandex, yandex_data::CRAWLERS),
        ] {
            if robot.is_some_and(|name| crawlers.first() == Some(&name)) {
                readers.insert(consumer);
            }
        }
    }
    readers
}

impl ConsumerTable<'_> {
    /// The consumers a finding on line `line` may name: `readers` (its [`effect_readers`]) and
    /// those that flag the line, skip it or read it otherwise than Google. A blank line or a
    /// comment, which every consumer skips, is nobody's complaint.
    pub fn complaining(&self, line: usize, readers: ConsumerSet) -> ConsumerSet {
        let complaining: ConsumerSet = Consumer::ALL
            .into_iter()
            .filter(|&consumer| {
                self.cell(line, consumer).is_some_and(|cell| {
                    !matches!(cell.why, Why::Blank | Why::Comment)
                        && cell.status() != Status::Applies
                })
            })
            .collect();
        complaining.union(readers)
    }
}

/// The consumers `finding` is about (see the module's documentation).
pub fn about_finding(table: &ConsumerTable<'_>, finding: &Finding) -> ConsumerSet {
    table.complaining(finding.line, effect_readers(&finding.effect))
}
