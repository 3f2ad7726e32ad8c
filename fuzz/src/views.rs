//! The wasm crate's conversions, compiled natively: the file view and the findings with their
//! UTF-16 spans, which must lie inside the text the page indexes with them.

use robots_lens::RobotsTxt;
use robots_lens_wasm::native::{findings, FileView};

/// Every `start`/`end` pair anywhere in the views of `data` (read as the page reads a file)
/// lies inside the text, in UTF-16 code units.
pub fn views(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let robots = RobotsTxt::parse(text.as_bytes());
    let units = text.encode_utf16().count();
    let file = serde_json::to_value(FileView::new(&text, &robots)).expect("the view serialises");
    assert_spans(&file, units);
    let found = findings(&text, &robots, &robots.audit());
    assert_spans(
        &serde_json::to_value(found).expect("the findings serialise"),
        units,
    );
}

fn assert_spans(value: &serde_json::Value, units: usize) {
    match value {
        serde_json::Value::Object(map) => {
            if let (Some(start), Some(end)) = (
                map.get("start").and_then(|v| v.as_u64()),
                map.get("end").and_then(|v| v.as_u64()),
            ) {
                let (start, end) = (start as usize, end as usize);
                assert!(
                    start <= end && end <= units,
                    "span {start}..{end} in {units} UTF-16 units"
                );
            }
            map.values().for_each(|child| assert_spans(child, units));
        }
        serde_json::Value::Array(items) => {
            items.iter().for_each(|child| assert_spans(child, units))
        }
        _ => {}
    }
}
