//! The one conversion of boundary structs into JavaScript values: written in Rust as a tape of
//! numbers and one text, built into objects by a small JS reader in one call.
//!
//! Building a JS object field by field from Rust crosses the boundary for every field and every
//! string (a property set, a text decode), which was half of a full verdict's cost in Node. Here a
//! value crosses as a `Float64Array` view of the tape and one string holding every string of it;
//! `tape.js` walks the tape once. Field names are sent once per module and then named by number.
//! (JSON text and `JSON.parse` cross once too, but parsing the text cost as much as the crossings
//! it saved.)
//!
//! The values are those the serde-wasm-bindgen configuration before this one gave
//! (`serialize_missing_as_null`, `serialize_maps_as_objects`): `None` and `()` are `null`, maps
//! and structs are plain objects with their keys in order, enums are externally tagged, bytes
//! are arrays of numbers; an integer past 2^53 − 1, which a JS number cannot hold exactly, is an
//! error rather than a wrong number. A JS value already made crosses as itself ([`preserve`]).
//!
//! In the packages built with the `audit` feature (the npm package's engine), a list of
//! verdicts crosses as [`BatchItem`]s: a verdict that answers as one sent before is a copy of
//! the object built then (its template, which tape.js keeps) with its own path and host
//! (`crate::batch` decides which). The template's parts are one object for every copy: read
//! them, do not change them.

use std::cell::RefCell;
use std::fmt;

use serde::ser::{self, Serialize};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/src/tape.js")]
extern "C" {
    /// The value `tape` describes; `known` is how many field names the module has sent before.
    #[wasm_bindgen(js_name = fromTape)]
    fn from_tape(tape: &[f64], text: &str, kept: Vec<JsValue>, known: u32) -> JsValue;
}

// The tape's codes; tape.js reads the same. A value is a code and what it needs: a number the
// number, a string its length in UTF-16 units (its text is next in the text), a kept JS value its
// position in the list that comes with the tape, an array its values and ARRAY_END. An object
// is its fields and OBJECT_END, a field its name and its value; a name is a name's number, or
// NEW_NAME and the name as a string value (the next number is then its), or MAP_KEY and a
// value whose text names the property. A template is TEMPLATE, its slot and the value; a copy
// of one is FROM_TEMPLATE, its slot and the fields it replaces (see `BatchItem`).
const NULL: f64 = 0.0;
const TRUE: f64 = 1.0;
const FALSE: f64 = 2.0;
const NUMBER: f64 = 3.0;
const STRING: f64 = 4.0;
const ARRAY: f64 = 5.0;
const OBJECT: f64 = 6.0;
const KEPT: f64 = 7.0;
const ARRAY_END: f64 = 8.0;
/// A template defined: its slot, then the object, which tape.js keeps in that slot and copies.
#[cfg(feature = "audit")]
const TEMPLATE: f64 = 11.0;
/// A copy of a template sent before: its slot, then the fields replaced and OBJECT_END.
#[cfg(feature = "audit")]
const FROM_TEMPLATE: f64 = 12.0;
/// The array that holds the templates (a value), then the value that uses them.
#[cfg(feature = "audit")]
const TEMPLATES_IN: f64 = 13.0;
/// The string read last, again.
#[cfg(feature = "audit")]
const STRING_AS_BEFORE: f64 = 14.0;
const NEW_NAME: f64 = -1.0;
const MAP_KEY: f64 = -2.0;
const OBJECT_END: f64 = -3.0;

/// `value` as a JavaScript value.
pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, Error> {
    let (tape, known) = write(value)?;
    Ok(from_tape(&tape.codes, &tape.text, tape.kept, to_u32(known)))
}

/// One value of an array sent by [`batch_to_js`].
#[cfg(feature = "audit")]
pub(crate) enum BatchItem<V, const N: usize> {
    /// The value as it is.
    Whole(V),
    /// The value, which tape.js also keeps as the template of `slot`.
    Template { slot: usize, value: V },
    /// A copy of the template of `slot`, with these fields in place of its own. The caller
    /// knows what tape.js holds in each slot ([`crate::batch`]).
    Copy {
        slot: usize,
        fields: [(&'static str, Field); N],
    },
}

/// A field of a [`BatchItem::Copy`].
#[cfg(feature = "audit")]
pub(crate) enum Field {
    /// The template's own value stays.
    Kept,
    /// Null.
    Null,
    /// This text.
    Text(String),
    /// The text of the field before: made once in JS, not twice.
    AsBefore,
}

/// `items` as a JavaScript array; a copy is as cheap as a few strings, whatever its template.
/// `templates` is the JS array that holds the templates, by slot: one per file, so that files
/// share nothing and a file's templates go with it.
#[cfg(feature = "audit")]
/// With `one`, the value is `items`' one item itself, not an array of it.
pub(crate) fn batch_to_js<V: Serialize, const N: usize>(
    templates: &JsValue,
    items: &[BatchItem<V, N>],
    one: bool,
) -> Result<JsValue, Error> {
    let mut tape = Tape::start();
    tape.codes.extend([TEMPLATES_IN, KEPT, 0.0]);
    tape.kept.push(templates.clone());
    let written = tape.batch(items, one);
    let known = tape.finish(written.is_ok());
    written?;
    Ok(from_tape(&tape.codes, &tape.text, tape.kept, to_u32(known)))
}

#[cfg(feature = "audit")]
impl Tape {
    #[inline(never)]
    fn batch<V: Serialize, const N: usize>(
        &mut self,
        items: &[BatchItem<V, N>],
        one: bool,
    ) -> Result<(), Error> {
        if one && items.len() != 1 {
            return Err(Error(format!(
                "one value was to be sent, not {}",
                items.len()
            )));
        }
        if !one {
            self.codes.push(ARRAY);
        }
        for item in items {
            match item {
                BatchItem::Whole(value) => value.serialize(&mut *self)?,
                BatchItem::Template { slot, value } => {
                    self.codes.extend([TEMPLATE, *slot as f64]);
                    value.serialize(&mut *self)?;
                }
                BatchItem::Copy { slot, fields } => {
                    self.codes.extend([FROM_TEMPLATE, *slot as f64]);
                    for (name, value) in fields {
                        if matches!(value, Field::Kept) {
                            continue;
                        }
                        self.name(name);
                        match value {
                            Field::Kept | Field::Null => self.codes.push(NULL),
                            Field::Text(text) => self.string(text),
                            Field::AsBefore => self.codes.push(STRING_AS_BEFORE),
                        }
                    }
                    self.codes.push(OBJECT_END);
                }
            }
        }
        if !one {
            self.codes.push(ARRAY_END);
        }
        Ok(())
    }
}

/// The tape of `value`, and how many names had been sent before it (the tape sends the rest).
fn write<T: Serialize + ?Sized>(value: &T) -> Result<(Tape, usize), Error> {
    let mut tape = Tape::start();
    let written = value.serialize(&mut tape);
    let known = tape.finish(written.is_ok());
    written.map(|()| (tape, known))
}

impl Tape {
    /// A tape with the names sent so far. Not generic, as
    /// [`Tape::finish`]: [`write`] is made for every type the module returns.
    #[inline(never)]
    fn start() -> Tape {
        let names = NAMES.with(|names| std::mem::take(&mut *names.borrow_mut()));
        Tape {
            codes: Vec::new(),
            text: String::new(),
            kept: Vec::new(),
            known: names.sent.len(),
            names,
        }
    }

    /// Gives the names back, forgetting those of a tape not `sent`; returns how many names
    /// had been sent before this tape.
    #[inline(never)]
    fn finish(&mut self, sent: bool) -> usize {
        if !sent {
            // The names of a tape not sent were not sent.
            self.names.forget_from(self.known);
        }
        NAMES.with(|names| *names.borrow_mut() = std::mem::take(&mut self.names));
        self.known
    }
}

/// Serializes `value`, a JS value already made, as itself (as `serde_wasm_bindgen::preserve`
/// did): only [`to_js`] knows it; any other serializer writes `null`.
pub(crate) fn preserve<S: serde::Serializer>(
    value: &JsValue,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    PRESERVED.with(|slot| *slot.borrow_mut() = Some(value.clone()));
    serializer.serialize_newtype_struct(PRESERVED_NAME, &())
}

const PRESERVED_NAME: &str = "\u{0}robots-lens-preserved-js-value";

thread_local! {
    static NAMES: RefCell<Names> = RefCell::new(Names::default());
    /// The value [`preserve`] hands to [`Tape`] through serde, which carries no JS values.
    static PRESERVED: RefCell<Option<JsValue>> = const { RefCell::new(None) };
}

fn to_u32(value: usize) -> u32 {
    u32::try_from(value).unwrap_or(u32::MAX)
}

/// Why a value cannot cross: a number JS cannot hold, or a serializer's own message.
#[derive(Debug)]
pub struct Error(String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: fmt::Display>(message: T) -> Self {
        Error(message.to_string())
    }
}

/// The largest integer a JS number holds exactly (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;

/// The field names sent to tape.js so far, found by the address of their static text: a field
/// name is a `&'static str`, and a few hundred of them exist.
#[derive(Default)]
struct Names {
    sent: Vec<&'static str>,
    /// Open addressing over `sent`: a slot holds a position in `sent` plus one, or 0.
    slots: Vec<u32>,
}

impl Names {
    fn slot(&self, name: &'static str) -> usize {
        let address = name.as_ptr() as usize ^ name.len().rotate_left(16);
        (address.wrapping_mul(0x9E37_79B9) >> 7) & (self.slots.len() - 1)
    }

    /// The number of `name`, or `None` when it is new (and now has the next number).
    fn number(&mut self, name: &'static str) -> Option<u32> {
        if self.slots.len() < 2 * (self.sent.len() + 1) {
            self.grow();
        }
        let mut slot = self.slot(name);
        loop {
            match self.slots[slot] {
                0 => break,
                found => {
                    let kept = self.sent[found as usize - 1];
                    if std::ptr::eq(kept, name) {
                        return Some(found - 1);
                    }
                }
            }
            slot = (slot + 1) & (self.slots.len() - 1);
        }
        self.sent.push(name);
        self.slots[slot] = to_u32(self.sent.len());
        None
    }

    fn grow(&mut self) {
        self.slots = vec![0; (self.slots.len() * 2).max(256)];
        for index in 0..self.sent.len() {
            let mut slot = self.slot(self.sent[index]);
            while self.slots[slot] != 0 {
                slot = (slot + 1) & (self.slots.len() - 1);
            }
            self.slots[slot] = to_u32(index + 1);
        }
    }

    /// Forgets the names from position `known` on.
    fn forget_from(&mut self, known: usize) {
        if self.sent.len() > known {
            self.sent.truncate(known);
            self.slots.clear();
            self.grow();
        }
    }
}

/// A value being written.
struct Tape {
    codes: Vec<f64>,
    text: String,
    kept: Vec<JsValue>,
    names: Names,
    /// How many names had been sent before this tape.
    known: usize,
}

impl Tape {
    fn string(&mut self, text: &str) {
        let units = match text.is_ascii() {
            true => text.len(),
            false => text.encode_utf16().count(),
        };
        self.codes.push(STRING);
        self.codes.push(units as f64);
        self.text.push_str(text);
    }

    fn integer(&mut self, negative: bool, magnitude: u64) -> Result<(), Error> {
        if magnitude > MAX_SAFE_INTEGER {
            return Err(Error(format!(
                "{}{magnitude} is past what a JavaScript number holds exactly",
                if negative { "-" } else { "" }
            )));
        }
        let value = magnitude as f64;
        self.number(if negative { -value } else { value });
        Ok(())
    }

    fn number(&mut self, value: f64) {
        self.codes.push(NUMBER);
        self.codes.push(value);
    }

    /// Opens an object or an array (`code`); in an object of its own when it is the data of
    /// the enum variant `variant`, which [`Compound::finish`] closes too.
    fn open(&mut self, code: f64, variant: Option<&'static str>) -> Compound<'_> {
        if let Some(variant) = variant {
            self.codes.push(OBJECT);
            self.name(variant);
        }
        self.codes.push(code);
        Compound {
            tape: self,
            end: if code == OBJECT {
                OBJECT_END
            } else {
                ARRAY_END
            },
            in_variant: variant.is_some(),
        }
    }

    fn name(&mut self, name: &'static str) {
        match self.names.number(name) {
            Some(number) => self.codes.push(f64::from(number)),
            None => {
                self.codes.push(NEW_NAME);
                self.string(name);
            }
        }
    }
}

/// An object or array being written.
struct Compound<'t> {
    tape: &'t mut Tape,
    end: f64,
    in_variant: bool,
}

impl Compound<'_> {
    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        value.serialize(&mut *self.tape)
    }

    fn field<T: Serialize + ?Sized>(&mut self, name: &'static str, value: &T) -> Result<(), Error> {
        self.tape.name(name);
        value.serialize(&mut *self.tape)
    }

    fn finish(self) -> Result<(), Error> {
        self.tape.codes.push(self.end);
        if self.in_variant {
            self.tape.codes.push(OBJECT_END);
        }
        Ok(())
    }
}

impl<'t> ser::Serializer for &'t mut Tape {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'t>;
    type SerializeTuple = Compound<'t>;
    type SerializeTupleStruct = Compound<'t>;
    type SerializeTupleVariant = Compound<'t>;
    type SerializeMap = Compound<'t>;
    type SerializeStruct = Compound<'t>;
    type SerializeStructVariant = Compound<'t>;

    fn serialize_bool(self, value: bool) -> Result<(), Error> {
        self.codes.push(if value { TRUE } else { FALSE });
        Ok(())
    }

    fn serialize_i8(self, value: i8) -> Result<(), Error> {
        self.serialize_i64(value.into())
    }

    fn serialize_i16(self, value: i16) -> Result<(), Error> {
        self.serialize_i64(value.into())
    }

    fn serialize_i32(self, value: i32) -> Result<(), Error> {
        self.serialize_i64(value.into())
    }

    fn serialize_i64(self, value: i64) -> Result<(), Error> {
        self.integer(value < 0, value.unsigned_abs())
    }

    fn serialize_u8(self, value: u8) -> Result<(), Error> {
        self.serialize_u64(value.into())
    }

    fn serialize_u16(self, value: u16) -> Result<(), Error> {
        self.serialize_u64(value.into())
    }

    fn serialize_u32(self, value: u32) -> Result<(), Error> {
        self.serialize_u64(value.into())
    }

    fn serialize_u64(self, value: u64) -> Result<(), Error> {
        self.integer(false, value)
    }

    fn serialize_f32(self, value: f32) -> Result<(), Error> {
        self.number(value.into());
        Ok(())
    }

    fn serialize_f64(self, value: f64) -> Result<(), Error> {
        self.number(value);
        Ok(())
    }

    fn serialize_char(self, value: char) -> Result<(), Error> {
        self.string(value.encode_utf8(&mut [0; 4]));
        Ok(())
    }

    fn serialize_str(self, value: &str) -> Result<(), Error> {
        self.string(value);
        Ok(())
    }

    fn serialize_bytes(self, value: &[u8]) -> Result<(), Error> {
        let mut array = self.open(ARRAY, None);
        for &byte in value {
            array.element(&byte)?;
        }
        array.finish()
    }

    fn serialize_none(self) -> Result<(), Error> {
        self.serialize_unit()
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), Error> {
        self.codes.push(NULL);
        Ok(())
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        self.serialize_unit()
    }

    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.string(variant);
        Ok(())
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        if name == PRESERVED_NAME {
            if let Some(kept) = PRESERVED.with(|slot| slot.borrow_mut().take()) {
                self.codes.push(KEPT);
                self.codes.push(self.kept.len() as f64);
                self.kept.push(kept);
                return Ok(());
            }
        }
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.codes.push(OBJECT);
        self.name(variant);
        value.serialize(&mut *self)?;
        self.codes.push(OBJECT_END);
        Ok(())
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Ok(self.open(ARRAY, None))
    }

    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, Error> {
        Ok(self.open(ARRAY, None))
    }

    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        Ok(self.open(ARRAY, None))
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Ok(self.open(ARRAY, Some(variant)))
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Ok(self.open(OBJECT, None))
    }

    fn serialize_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStruct, Error> {
        Ok(self.open(OBJECT, None))
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Ok(self.open(OBJECT, Some(variant)))
    }
}

/// The serde traits of arrays: each value in turn.
macro_rules! array_of_values {
    ($($trait:ident :: $method:ident),*) => {$(
        impl ser::$trait for Compound<'_> {
            type Ok = ();
            type Error = Error;

            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
                self.element(value)
            }

            fn end(self) -> Result<(), Error> {
                self.finish()
            }
        }
    )*};
}

array_of_values!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

/// A map's keys are strings in JS: a key that is not one is named by its text, as JS would
/// name the property (`1` → `"1"`).
impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = Error;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.tape.codes.push(MAP_KEY);
        key.serialize(&mut *self.tape)
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        value.serialize(&mut *self.tape)
    }

    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

/// The serde traits of objects with named fields.
macro_rules! object_of_fields {
    ($($trait:ident),*) => {$(
        impl ser::$trait for Compound<'_> {
            type Ok = ();
            type Error = Error;

            fn serialize_field<T: Serialize + ?Sized>(
                &mut self,
                name: &'static str,
                value: &T,
            ) -> Result<(), Error> {
                self.field(name, value)
            }

            fn end(self) -> Result<(), Error> {
                self.finish()
            }
        }
    )*};
}

object_of_fields!(SerializeStruct, SerializeStructVariant);

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;
    use std::collections::BTreeMap;

    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    enum Kind {
        Plain,
        Wrapped(u8),
        Pair(u8, bool),
        Named { line: usize },
    }

    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Sample<'a> {
        text: &'a str,
        missing: Option<usize>,
        present: Option<i64>,
        kinds: Vec<Kind>,
        by_number: BTreeMap<u32, bool>,
    }

    fn sample() -> Sample<'static> {
        Sample {
            text: "aé😀",
            missing: None,
            present: Some(-42),
            kinds: vec![
                Kind::Plain,
                Kind::Wrapped(7),
                Kind::Pair(1, true),
                Kind::Named { line: 3 },
            ],
            by_number: [(10, false)].into_iter().collect(),
        }
    }

    #[test]
    fn names_are_sent_once_and_strings_counted_in_utf16_units() {
        let (first, known) = write(&sample()).unwrap();
        assert_eq!(known, 0);
        #[rustfmt::skip]
        let expected = [
            OBJECT,
                NEW_NAME, STRING, 4.0, STRING, 4.0, // "text": "aé😀" (a, é, two for 😀)
                NEW_NAME, STRING, 7.0, NULL,
                NEW_NAME, STRING, 7.0, NUMBER, -42.0,
                NEW_NAME, STRING, 5.0, ARRAY,
                    STRING, 5.0,
                    OBJECT, NEW_NAME, STRING, 7.0, NUMBER, 7.0, OBJECT_END,
                    OBJECT, NEW_NAME, STRING, 4.0, ARRAY, NUMBER, 1.0, TRUE, ARRAY_END, OBJECT_END,
                    OBJECT, NEW_NAME, STRING, 5.0, OBJECT, NEW_NAME, STRING, 4.0, NUMBER, 3.0,
                        OBJECT_END, OBJECT_END,
                ARRAY_END,
                NEW_NAME, STRING, 8.0, OBJECT, MAP_KEY, NUMBER, 10.0, FALSE, OBJECT_END,
            OBJECT_END,
        ];
        assert_eq!(first.codes, expected);
        assert_eq!(
            first.text,
            "textaé😀missingpresentkindsplainwrappedpairnamedlinebyNumber"
        );
        // Sent once, the names are numbers from then on, in the order they were sent.
        let (second, known) = write(&sample()).unwrap();
        assert_eq!(known, 9);
        assert_eq!(&second.codes[..5], [OBJECT, 0.0, STRING, 4.0, 1.0]);
        assert_eq!(second.text, "aé😀plain");
    }

    #[test]
    fn a_number_js_cannot_hold_is_refused_and_its_names_unsent() {
        #[derive(Serialize)]
        struct Big {
            first_name_of_big: u64,
        }
        let (exact, _) = write(&MAX_SAFE_INTEGER).unwrap();
        assert_eq!(exact.codes, [NUMBER, 9_007_199_254_740_991.0]);
        let (negative, _) = write(&-(MAX_SAFE_INTEGER as i64)).unwrap();
        assert_eq!(negative.codes, [NUMBER, -9_007_199_254_740_991.0]);
        assert!(write(&i64::MIN).is_err());
        let Err(error) = write(&Big {
            first_name_of_big: MAX_SAFE_INTEGER + 1,
        }) else {
            panic!("2^53 is refused");
        };
        assert!(error.to_string().contains("9007199254740992"), "{error}");
        // The refused tape's name was never sent, so the next tape sends it.
        let (tape, _) = write(&Big {
            first_name_of_big: 1,
        })
        .unwrap();
        assert_eq!(tape.codes[1], NEW_NAME);
    }

    #[test]
    fn names_are_found_past_many() {
        let mut names = Names::default();
        let texts: Vec<&'static str> = (0..1000)
            .map(|index| &*Box::leak(format!("name{index}").into_boxed_str()))
            .collect();
        for (index, &text) in texts.iter().enumerate() {
            assert_eq!(names.number(text), None, "{text}");
            assert_eq!(names.number(text), Some(index as u32));
        }
        for (index, &text) in texts.iter().enumerate().rev() {
            assert_eq!(names.number(text), Some(index as u32));
        }
        names.forget_from(10);
        assert_eq!(names.number(texts[9]), Some(9));
        assert_eq!(names.number(texts[10]), None);
    }
}
