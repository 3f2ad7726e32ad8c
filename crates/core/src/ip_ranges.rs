//! The address ranges crawler operators publish, so that a request claiming to be Googlebot can
//! be told from a scraper borrowing the name.
//!
//! Google, Microsoft, OpenAI, Anthropic, Apple, Perplexity, Common Crawl and Ahrefs publish the
//! addresses their crawlers fetch from as JSON lists. `data/ip-ranges.json` keeps a dated snapshot
//! of each list (its URL, its date: the list's own creation time where it has one, else the day
//! it was read); the build script checks it and compiles the blocks, merged and sorted, into the
//! static table [`operator_ranges`] returns. `scripts/update-ip-ranges.mjs` fetches the lists
//! again, by hand; nothing here touches the network.
//!
//! ```
//! use robots_lens::{find_crawler, verify_crawler_address};
//!
//! let googlebot = find_crawler("Googlebot").unwrap();
//! assert_eq!(verify_crawler_address(googlebot, "66.249.66.1"), Some(true));
//! assert_eq!(verify_crawler_address(googlebot, "203.0.113.7"), Some(false));
//! // Yandex verifies its robots by reverse DNS and publishes no list: no answer here.
//! let yandex = find_crawler("YandexBot").unwrap();
//! assert_eq!(verify_crawler_address(yandex, "203.0.113.7"), None);
//! ```
//!
//! An operator's lists are merged: a request from any of Google's published ranges is Google's,
//! whichever of its crawlers it names (a user-triggered fetcher's address claiming Googlebot is
//! still Google asking). Search is a binary search over the merged blocks: O(log n), no
//! allocation.

use std::net::IpAddr;

use crate::catalogue::Crawler;

/// One list an operator publishes, as the snapshot holds it.
#[derive(Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RangeList {
    /// Where the operator publishes it.
    pub url: &'static str,
    /// The list's creation date, else the day it was read (`YYYY-MM-DD`).
    pub date: &'static str,
    /// Which of the operator's crawlers it covers, in words.
    pub crawlers: &'static str,
    /// How many prefixes it lists.
    pub prefixes: usize,
}

/// The ranges one operator publishes.
#[derive(Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct OperatorRanges {
    /// The operator, as the catalogue's crawlers name it ([`Crawler::operator`]).
    pub operator: &'static str,
    /// The operator's page on verifying its crawlers.
    pub how_to_verify: &'static str,
    /// Its lists, with their sources and dates.
    pub lists: &'static [RangeList],
    /// IPv4 blocks (first, last), merged and sorted.
    #[cfg_attr(feature = "serde", serde(skip))]
    v4: &'static [(u32, u32)],
    /// IPv6 blocks (first, last), merged and sorted.
    #[cfg_attr(feature = "serde", serde(skip))]
    v6: &'static [(u128, u128)],
}

include!(concat!(env!("OUT_DIR"), "/ip_ranges.rs"));

fn within<T: Ord + Copy>(blocks: &[(T, T)], address: T) -> bool {
    // The last block starting at or before the address is the only one that can hold it: the
    // blocks are disjoint and sorted.
    let after = blocks.partition_point(|&(first, _)| first <= address);
    after > 0 && address <= blocks[after - 1].1
}

impl OperatorRanges {
    /// Whether `address` is in one of the operator's published ranges (an IPv4-mapped IPv6
    /// address counts as the IPv4 address).
    pub fn contains(&self, address: IpAddr) -> bool {
        match address {
            IpAddr::V4(v4) => within(self.v4, u32::from(v4)),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => within(self.v4, u32::from(v4)),
                None => within(self.v6, u128::from(v6)),
            },
        }
    }

    /// How many blocks the merged ranges hold.
    pub fn blocks(&self) -> usize {
        self.v4.len() + self.v6.len()
    }
}

/// Every operator that publishes ranges, in the snapshot's order.
pub fn operator_ranges() -> &'static [OperatorRanges] {
    &OPERATOR_RANGES
}

/// The ranges `operator` publishes (its name as the catalogue writes it), if it publishes any.
pub fn published_ranges(operator: &str) -> Option<&'static OperatorRanges> {
    OPERATOR_RANGES
        .iter()
        .find(|ranges| ranges.operator == operator)
}

/// Reads a client address as logs write it: IPv4 or IPv6, in brackets or not, with a port
/// (`1.2.3.4:5678`, `[::1]:443`), a zone (`fe80::1%eth0`) or a list of forwarded addresses
/// (`1.2.3.4, 10.0.0.1`: the first is the client). `None` when it does not read.
pub fn read_address(text: &str) -> Option<IpAddr> {
    let first = text.split(',').next()?.trim();
    if let Ok(address) = first.parse::<IpAddr>() {
        return Some(address);
    }
    if let Some(rest) = first.strip_prefix('[') {
        let (inside, _) = rest.split_once(']')?;
        return inside.split('%').next()?.parse().ok();
    }
    // `a.b.c.d:port`, or an IPv6 address with a zone.
    match first.rsplit_once(':') {
        Some((host, port)) if host.contains('.') && port.bytes().all(|b| b.is_ascii_digit()) => {
            host.parse().ok()
        }
        _ => first.split('%').next()?.parse().ok(),
    }
}

/// Whether a request from `address` (as a log writes it) can be `crawler`'s: `Some(true)` in its
/// operator's published ranges, `Some(false)` outside them (or not an address at all), `None`
/// when the operator publishes no ranges, so that the address cannot be checked this way.
pub fn verify_crawler_address(crawler: &Crawler, address: &str) -> Option<bool> {
    let ranges = published_ranges(crawler.operator)?;
    Some(read_address(address).is_some_and(|address| ranges.contains(address)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::crawlers;

    #[test]
    fn addresses_read_in_every_form_logs_write() {
        for (text, expected) in [
            ("66.249.66.1", Some("66.249.66.1")),
            (" 66.249.66.1 ", Some("66.249.66.1")),
            ("66.249.66.1:4431", Some("66.249.66.1")),
            ("[2001:db8::1]:443", Some("2001:db8::1")),
            ("fe80::1%eth0", Some("fe80::1")),
            ("1.2.3.4, 10.0.0.1", Some("1.2.3.4")),
            ("::ffff:1.2.3.4", Some("::ffff:1.2.3.4")),
            ("-", None),
            ("", None),
            ("example.com", None),
            ("1.2.3.4.5", None),
        ] {
            assert_eq!(
                read_address(text).map(|address| address.to_string()),
                expected.map(str::to_owned),
                "{text}"
            );
        }
    }

    #[test]
    fn every_operator_with_ranges_runs_a_catalogued_crawler_and_has_dated_lists() {
        assert!(operator_ranges().len() >= 7);
        for ranges in operator_ranges() {
            assert!(
                crawlers()
                    .iter()
                    .any(|crawler| crawler.operator == ranges.operator),
                "{}",
                ranges.operator
            );
            assert!(ranges.blocks() > 0);
            for list in ranges.lists {
                assert_eq!(list.date.len(), 10, "{}", list.url);
                assert!(list.prefixes > 0);
            }
        }
    }

    #[test]
    fn blocks_are_searched_at_their_edges() {
        let blocks = [(10u32, 19u32), (30, 30), (40, 49)];
        for (address, inside) in [
            (9, false),
            (10, true),
            (19, true),
            (20, false),
            (30, true),
            (31, false),
            (49, true),
            (50, false),
            (0, false),
            (u32::MAX, false),
        ] {
            assert_eq!(within(&blocks, address), inside, "{address}");
        }
        assert!(!within::<u32>(&[], 1));
    }

    #[test]
    fn published_ranges_tell_operators_apart() {
        let google = published_ranges("Google").unwrap();
        let openai = published_ranges("OpenAI").unwrap();
        let googlebot: IpAddr = "66.249.66.1".parse().unwrap();
        let gptbot: IpAddr = "20.171.206.7".parse().unwrap();
        assert!(google.contains(googlebot));
        assert!(!google.contains(gptbot));
        assert!(openai.contains(gptbot));
        assert!(google.contains("::ffff:66.249.66.1".parse().unwrap()));
        assert!(google.contains("2001:4860:4801:10::1".parse().unwrap()));
        assert!(published_ranges("Yandex").is_none());
    }
}
