//! A list of URLs (`checkMany`, `answerMany`) crossing into the module as one string.
//!
//! Passed as a `Vec<String>`, every URL crossed on its own: a call back into JavaScript, a slot
//! in wasm-bindgen's table of JS values and an allocation each, a tenth of a full verdict's time
//! in Node. tape.js joins the list into one string, sends its UTF-8 bytes and each URL's length
//! beside them in UTF-16 units, which are turned back into byte offsets here.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/src/tape.js")]
extern "C" {
    /// The URLs joined, as UTF-8 (tape.js), or `None` when `urls` is not an array of strings.
    #[wasm_bindgen(js_name = urlsText)]
    fn urls_text(urls: &JsValue) -> Option<Vec<u8>>;

    /// Each URL's length in UTF-16 units, in order.
    #[wasm_bindgen(js_name = urlLengths)]
    fn url_lengths(urls: &JsValue) -> Vec<u32>;
}

/// The URLs of a JS array of strings, one after another in one string.
pub(crate) struct Urls {
    text: String,
    /// Where each URL ends in `text`, in bytes.
    ends: Vec<usize>,
}

impl Urls {
    /// The URLs of `urls`; `what` names the call in the error a list that is not one gives.
    pub(crate) fn read(urls: &JsValue, what: &str) -> Result<Urls, JsError> {
        let not_a_list = || JsError::new(&format!("{what}: urls must be an array of strings"));
        let text = urls_text(urls).ok_or_else(not_a_list)?;
        // TextEncoder writes UTF-8 only: this checks, it never fails.
        let text = String::from_utf8(text).map_err(|_| not_a_list())?;
        let lengths = url_lengths(urls);
        let units: usize = lengths.iter().map(|&length| length as usize).sum();
        let mut ends = Vec::with_capacity(lengths.len());
        let mut end = 0;
        if text.len() == units {
            // Only ASCII has as many bytes as UTF-16 units: the lengths are the offsets.
            for length in lengths {
                end += length as usize;
                ends.push(end);
            }
        } else {
            let mut chars = text.chars();
            for length in lengths {
                let mut left = length as usize;
                while left > 0 {
                    // tape.js joins whole characters: a URL never ends inside one.
                    let char = chars.next().filter(|char| char.len_utf16() <= left);
                    let char = char.ok_or_else(not_a_list)?;
                    left -= char.len_utf16();
                    end += char.len_utf8();
                }
                ends.push(end);
            }
        }
        if end != text.len() {
            return Err(not_a_list());
        }
        Ok(Urls { text, ends })
    }

    /// The URLs, in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &str> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(&self.ends)
            .map(|(start, &end)| &self.text[start..end])
    }
}
