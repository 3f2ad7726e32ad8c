//! The wasm crate's conversions, compiled natively: the file view and the findings with their
//! UTF-16 spans, which must lie inside the text the page indexes with them.

use robots_lens::RobotsTxt;
use robots_lens_wasm::native::{findings, FileView};

/// Every `start`/`end` pair anywhere in the views of `data` lies inside the text the page shows
/// for it, in UTF-16 code units; and each line's span holds exactly that line's text. The page
/// hands an opened file's bytes to the engine as they are and shows them decoded (invalid
/// sequences as U+FFFD); it hands a typed text as that text. Both are checked.
pub fn views(data: &[u8]) {
    check_views(data);
    check_views(String::from_utf8_lossy(data).as_bytes());
}

fn check_views(data: &[u8]) {
    let robots = RobotsTxt::parse(data);
    let shown: Vec<u16> = String::from_utf8_lossy(data).encode_utf16().collect();
    let units = shown.len();
    let file = serde_json::to_value(FileView::new(data, &robots)).expect("the view serialises");
    assert_spans(&file, units);
    for line in file["lines"].as_array().expect("lines") {
        let (start, end) = (line["start"].as_u64().unwrap(), line["end"].as_u64().unwrap());
        let slice = String::from_utf16_lossy(&shown[start as usize..end as usize]);
        assert_eq!(
            slice.trim_end_matches('\r'),
            line["text"].as_str().unwrap().trim_end_matches('\r'),
            "line {} as shown",
            line["number"]
        );
    }
    let found = findings(data, &robots, &robots.audit());
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
