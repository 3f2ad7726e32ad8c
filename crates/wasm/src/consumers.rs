//! Every consumer's reading of every line ([`robots_lens::consumers`]), in a package of its own
//! (www/pkg/consumers/, loaded lazily) and the npm package's engine: the table's code (about
//! 44 kB gzipped at the audit package's opt-level 3) would not fit the first module's or the
//! audit package's budget.
//!
//! - `RobotsFile.consumers()`: the whole table, `{ consumers, lines, summary, lighthouse }`, in
//!   the shape `robots-lens consumers --format json` prints, with messages as catalogue keys
//!   and values (`{ key, args }`) for the page to word.
//! - `RobotsFile.consumerMarks()`: one status per line and consumer, `marks[(line - 1) *
//!   consumers.length + column]` an index into `statuses`, and the summaries: what a row of
//!   marks needs, without a sentence per line.
//! - `RobotsFile.consumerLine(line)`: one line's readings, when it is opened.
//! - `RobotsFile.isCrawlable(path)`: Lighthouse's `is-crawlable` agents for one page.
//! - `RobotsFile.findingConsumers(lines, readers)`: the consumers each audit finding is about
//!   ([`consumers::ConsumerTable::complaining`]), given each finding's line and the readers its
//!   evidence shows changed (the audit package's `readers`), as bits of `Consumer::ALL`.

use robots_lens::consumers::{
    self, Consumer, ConsumerSet, ConsumerTable, LighthouseAudit, Reading, Status, Summary, Words,
};
use robots_lens::{FetchStatus, Message};
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::{to_js, RobotsFile};

impl RobotsFile {
    /// The file's table, read once: the page's worker keeps one `RobotsFile` per text, so
    /// opening a line or naming the findings' consumers reuses the table the marks were read
    /// from.
    fn consumer_table(&self) -> &ConsumerTable<'static> {
        self.consumers
            .get_or_init(|| consumers::shared_readings(std::sync::Arc::clone(&self.robots)))
    }
}

/// The order of `consumerMarks`' statuses.
const STATUSES: [Status; 4] = [
    Status::Applies,
    Status::Ignored,
    Status::Flagged,
    Status::Differs,
];

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ConsumerView {
    id: &'static str,
    name: &'static str,
    version: Option<&'static str>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ReadingView {
    status: &'static str,
    code: &'static str,
    message: Message,
    words: Option<Words>,
}

/// One line's readings, as an object keyed by consumer id, in [`Consumer::ALL`]'s order.
struct Readings(Vec<Reading>);

impl Serialize for Readings {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for reading in &self.0 {
            map.serialize_entry(
                reading.consumer.id(),
                &ReadingView {
                    status: reading.status.id(),
                    code: reading.code,
                    message: reading.message.clone(),
                    words: reading.words,
                },
            )?;
        }
        map.end()
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LineView {
    line: usize,
    readings: Readings,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SummaryView {
    passes: Option<bool>,
    errors: usize,
    warnings: usize,
    groups: usize,
    lines: Vec<usize>,
    message: Message,
}

/// The summaries, as an object keyed by consumer id.
struct Summaries(Vec<Summary>);

impl Serialize for Summaries {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for summary in &self.0 {
            map.serialize_entry(
                summary.consumer.id(),
                &SummaryView {
                    passes: summary.passes,
                    errors: summary.errors,
                    warnings: summary.warnings,
                    groups: summary.groups,
                    lines: summary.lines.clone(),
                    message: summary.message.clone(),
                },
            )?;
        }
        map.end()
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TableView {
    consumers: Vec<ConsumerView>,
    lines: Vec<LineView>,
    summary: Summaries,
    /// Lighthouse's `robots-txt` audit of the file served with status 200.
    lighthouse: LighthouseAudit,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MarksView {
    consumers: Vec<ConsumerView>,
    statuses: [&'static str; 4],
    marks: Vec<u8>,
    summary: Summaries,
    /// Lighthouse's `robots-txt` audit of the file served with status 200.
    lighthouse: LighthouseAudit,
}

fn consumer_views() -> Vec<ConsumerView> {
    Consumer::ALL
        .iter()
        .map(|&consumer| ConsumerView {
            id: consumer.id(),
            name: consumer.name(),
            version: consumer.version(),
        })
        .collect()
}

fn line_view(table: &ConsumerTable<'_>, number: usize) -> Option<LineView> {
    table.line(number).map(|line| LineView {
        line: line.line,
        readings: Readings(line.readings),
    })
}

#[wasm_bindgen]
impl RobotsFile {
    /// Every consumer's reading of every line, each consumer's summary and Lighthouse's audit.
    pub fn consumers(&self) -> Result<JsValue, JsError> {
        let table = self.consumer_table();
        to_js(&TableView {
            consumers: consumer_views(),
            lines: (1..=table.len())
                .filter_map(|number| line_view(table, number))
                .collect(),
            summary: Summaries(table.summaries()),
            lighthouse: table.lighthouse(&FetchStatus::ok()),
        })
    }

    /// One status per line and consumer, and the summaries (see the module's documentation).
    #[wasm_bindgen(js_name = consumerMarks)]
    pub fn consumer_marks(&self) -> Result<JsValue, JsError> {
        let table = self.consumer_table();
        let marks = (1..=table.len())
            .flat_map(|number| Consumer::ALL.map(|consumer| (number, consumer)))
            .map(|(number, consumer)| {
                let status = table.status(number, consumer);
                STATUSES
                    .iter()
                    .position(|known| Some(*known) == status)
                    .unwrap_or_default() as u8
            })
            .collect();
        to_js(&MarksView {
            consumers: consumer_views(),
            statuses: STATUSES.map(Status::id),
            marks,
            summary: Summaries(table.summaries()),
            lighthouse: table.lighthouse(&FetchStatus::ok()),
        })
    }

    /// What Lighthouse's `is-crawlable` audit reads in the file for the page at `path` (its
    /// path and query as a URL parser writes them): `{ agents: [{ agent, allowed, line }],
    /// passes }`.
    #[wasm_bindgen(js_name = isCrawlable)]
    pub fn is_crawlable(&self, path: &str) -> Result<JsValue, JsError> {
        to_js(&consumers::is_crawlable(&self.robots, path))
    }

    /// The consumers each finding is about: for finding `i` on line `lines[i]` whose evidence
    /// changed the readers `readers[i]` (bits of the consumers' order), the bits of those that
    /// complain. One table for all the findings.
    #[wasm_bindgen(js_name = findingConsumers)]
    pub fn finding_consumers(&self, lines: Vec<u32>, readers: Vec<u16>) -> Vec<u16> {
        let table = self.consumer_table();
        lines
            .iter()
            .zip(readers.iter().chain(std::iter::repeat(&0)))
            .map(|(&line, &bits)| {
                table
                    .complaining(line as usize, ConsumerSet::from_bits(bits))
                    .bits()
            })
            .collect()
    }

    /// Every consumer's reading of line `line` (1-based), or `null` past the file.
    #[wasm_bindgen(js_name = consumerLine)]
    pub fn consumer_line(&self, line: usize) -> Result<JsValue, JsError> {
        let table = self.consumer_table();
        to_js(&line_view(table, line))
    }
}
