//! Full verdicts for a list of URLs (`RobotsFile.checkMany`), most of them sent as copies of a
//! verdict sent before.
//!
//! On a real file most URLs of a list are decided alike: by the same rule, with the same matches,
//! groups and explanation. Only what was requested differs (`path`, `normalisedPath`,
//! `urlHost`). Building a full verdict's view, writing it on the tape and building its object in
//! JavaScript was three quarters of a full verdict's time in Node, the check itself a quarter.
//! So a verdict that answers as one sent before crosses as that one's slot and its own strings,
//! and tape.js spreads the object it keeps for the slot (the template) into a new one with them.
//!
//! Two answers to one question (the agent and options of one file) answer alike when everything
//! their views are made of but the URL is equal: [`Template`] keeps those parts and compares them
//! whole; the rest of an answer is the question's or the file's, and another question forgets
//! the templates. Answers whose view carries another verdict for the same URL (the crawler's own
//! reading, the name as typed) and refused URLs are sent whole. Memory is bounded:
//! [`Templates::COUNT`] templates here and as many objects in tape.js, a slot replaced by the
//! next answer its hash names.

use std::cell::{Cell, RefCell, RefMut};
use std::sync::Arc;

use robots_lens::{
    Answer, AppliedGroup, Crawler, CrawlerReading, Reason, RuleMatch, UsedStep, Verdict,
};
use wasm_bindgen::JsValue;

use crate::tape::{BatchItem, Field};
use crate::view::VerdictView;
use crate::CheckOptions;

/// A verdict of a batch, and the fields a copy of a template replaces, in the view's order.
pub(crate) type Item = BatchItem<VerdictView, 3>;

/// The verdicts of one file whose views tape.js keeps as templates, by slot, and the JS array
/// it keeps them in.
#[derive(Default)]
pub(crate) struct Templates {
    /// Made with the first question: a file that is never asked holds one pointer for them.
    kept: RefCell<Option<Box<Kept>>>,
    /// `check` was called (see [`Templates::checked_before`]).
    checked: Cell<bool>,
}

#[derive(Default)]
struct Kept {
    /// The agent and options the templates answer.
    question: Option<(String, CheckOptions)>,
    /// Boxed: a file asked once pays for a list of empty slots, not of empty templates.
    slots: Vec<Option<Box<Template>>>,
    /// The JS array of the templates, made with the first batch.
    array: Option<JsValue>,
    /// The slots the batch being written defined, forgotten if it is not sent.
    defined: Vec<usize>,
}

/// What can tell apart two answers to one question of one file, the URL aside: the rest (who
/// asked and how, the status and its effect, what the file is) is the question's or the file's.
/// The groups are one list per selection of groups (the core's matcher keeps it), and the
/// agent's readings of the user-agent lines come with the selection: the same address, the
/// same readings. They are kept, so that their address names no other list while the template
/// lives.
struct Template {
    allowed: bool,
    reason: Reason,
    decisive: Option<RuleMatch>,
    matches: Vec<RuleMatch>,
    beyond_size_limit: Option<RuleMatch>,
    groups: Arc<[AppliedGroup]>,
    used_star_group: bool,
    chain_step: Option<UsedStep>,
    crawler: Option<&'static Crawler>,
    /// The host the template's URL named: a copy names its own only where it differs.
    host: Option<String>,
}

impl Template {
    fn new(crawler: Option<&'static Crawler>, verdict: &Verdict, host: Option<String>) -> Template {
        Template {
            allowed: verdict.allowed,
            reason: verdict.reason,
            decisive: verdict.decisive.clone(),
            matches: verdict.matches.clone(),
            beyond_size_limit: verdict.beyond_size_limit.clone(),
            groups: Arc::clone(&verdict.groups),
            used_star_group: verdict.used_star_group,
            chain_step: verdict.chain_step.clone(),
            crawler,
            host,
        }
    }

    fn answers_as(&self, crawler: Option<&'static Crawler>, verdict: &Verdict) -> bool {
        self.allowed == verdict.allowed
            && self.reason == verdict.reason
            && self.used_star_group == verdict.used_star_group
            && Arc::ptr_eq(&self.groups, &verdict.groups)
            && same_crawler(self.crawler, crawler)
            && self.decisive == verdict.decisive
            && self.matches == verdict.matches
            && self.beyond_size_limit == verdict.beyond_size_limit
            && self.chain_step == verdict.chain_step
    }
}

/// Catalogued crawlers are static entries: one is another only at the same address.
fn same_crawler(one: Option<&'static Crawler>, other: Option<&'static Crawler>) -> bool {
    match (one, other) {
        (Some(one), Some(other)) => std::ptr::eq(one, other),
        (one, other) => one.is_none() && other.is_none(),
    }
}

impl Templates {
    const COUNT: usize = 1024;

    fn kept(&self) -> RefMut<'_, Kept> {
        RefMut::map(self.kept.borrow_mut(), |kept| {
            &mut **kept.get_or_insert_with(Box::default)
        })
    }

    /// Whether the file's `check` was called before (and notes that it now was): a file
    /// checked once makes no templates.
    pub(crate) fn checked_before(&self) -> bool {
        self.checked.replace(true)
    }

    /// Starts a batch of answers to `agent` with `options`: the templates of another question
    /// are forgotten.
    pub(crate) fn ask(&self, agent: &str, options: &CheckOptions) {
        let mut kept = self.kept();
        let same = matches!(&kept.question, Some((was, asked))
            if was == agent
                && asked.profile == options.profile
                && asked.agent_match == options.agent_match
                && asked.status == options.status
                && same_crawler(asked.crawler, options.crawler)
                && asked.as_typed == options.as_typed);
        if !same {
            kept.question = Some((agent.to_owned(), options.clone()));
            kept.slots.clear();
            kept.slots.resize_with(Templates::COUNT, || None);
        }
    }

    /// The item of `answer` (with `own`, the crawler's own reading), an answer to the question
    /// of the last [`Templates::ask`] (whole when none was asked): a copy of a template when tape.js holds the view of one
    /// that answers alike, else the view `view_of` makes of it, which tape.js keeps as the
    /// template of its slot. An answer whose view is not made from a template and its URL
    /// alone is sent whole: a refused URL, or a verdict with another beside it for the same
    /// URL (the crawler's own reading, the name as typed).
    pub(crate) fn item(
        &self,
        mut answer: Answer,
        own: Option<CrawlerReading>,
        view_of: impl FnOnce(Answer, Option<CrawlerReading>) -> VerdictView,
    ) -> Item {
        let host = match (&answer.request, &answer.verdict, &answer.as_typed, &own) {
            (Ok(typed), Some(_), None, None) => typed.host.clone(),
            _ => return BatchItem::Whole(view_of(answer, own)),
        };
        let crawler = answer.crawler;
        let asked = self.kept.borrow().is_some();
        let Some(verdict) = answer.verdict.as_mut().filter(|_| asked) else {
            return BatchItem::Whole(view_of(answer, own));
        };
        let mut kept = self.kept();
        let slot = slot(verdict);
        let template = kept.slots[slot]
            .as_ref()
            .filter(|template| template.answers_as(crawler, verdict));
        let Some(template) = template else {
            kept.slots[slot] = Some(Box::new(Template::new(crawler, verdict, host)));
            kept.defined.push(slot);
            drop(kept);
            return BatchItem::Template {
                slot,
                value: view_of(answer, None),
            };
        };
        let path = std::mem::take(&mut verdict.path);
        let normalised_path = match verdict.normalised_path == path {
            true => Field::AsBefore,
            false => Field::Text(std::mem::take(&mut verdict.normalised_path)),
        };
        let host = match host {
            host if host == template.host => Field::Kept,
            Some(host) => Field::Text(host),
            None => Field::Null,
        };
        BatchItem::Copy {
            slot,
            fields: [
                ("path", Field::Text(path)),
                ("normalisedPath", normalised_path),
                ("urlHost", host),
            ],
        }
    }

    /// `items` as a JS array (with `one`, its one item): the batch is closed, its templates
    /// kept if it was sent and forgotten if not (tape.js never saw them).
    pub(crate) fn send(&self, items: &[Item], one: bool) -> Result<JsValue, crate::tape::Error> {
        if self.kept.borrow().is_none() {
            // Never asked: no template among the items.
            return crate::tape::batch_to_js(&JsValue::NULL, items, one);
        }
        let array = self.kept().array.take();
        let array = match array {
            Some(array) => array,
            // An empty batch is an empty array: the one the templates go in.
            None => crate::tape::batch_to_js::<VerdictView, 3>(&JsValue::NULL, &[], false)?,
        };
        let sent = crate::tape::batch_to_js(&array, items, one);
        let mut kept = self.kept();
        let defined = std::mem::take(&mut kept.defined);
        if sent.is_err() {
            for slot in defined {
                kept.slots[slot] = None;
            }
        }
        kept.array = Some(array);
        sent
    }
}

/// The slot of a verdict, from what most often tells verdicts apart: the deciding and matching
/// lines. Two verdicts with the same slot are still compared whole.
fn slot(verdict: &Verdict) -> usize {
    let mix =
        |hash: u64, word: u64| (hash.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    let mut hash = mix(
        u64::from(verdict.allowed),
        verdict
            .decisive
            .as_ref()
            .map_or(0, |rule| rule.line as u64 + 1),
    );
    for found in &verdict.matches {
        hash = mix(hash, found.line as u64);
    }
    (hash >> 32) as usize % Templates::COUNT
}
