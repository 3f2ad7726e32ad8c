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
//! In the packages built with the `audit` feature (the npm package's engine), a value marked
//! [`shared`] that a value sent before equals, field for field, crosses as a reference to the
//! object built then: most of a verdict's parts (its deciding rule, its matches, its explanation)
//! are the same for many URLs, and building them again was most of a verdict's time in
//! JavaScript. Such a part is one object for every verdict that has it: read it, do not change it.

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
// value whose text names the property. A shared value is SHARED, its slot and the value, or
// SHARED_REF and the slot of the value sent before.
const NULL: f64 = 0.0;
const TRUE: f64 = 1.0;
const FALSE: f64 = 2.0;
const NUMBER: f64 = 3.0;
const STRING: f64 = 4.0;
const ARRAY: f64 = 5.0;
const OBJECT: f64 = 6.0;
const KEPT: f64 = 7.0;
const ARRAY_END: f64 = 8.0;
/// A shared value defined: its slot, then the value, which tape.js keeps in that slot.
#[cfg(feature = "audit")]
const SHARED: f64 = 9.0;
/// A shared value sent before: its slot.
#[cfg(feature = "audit")]
const SHARED_REF: f64 = 10.0;
const NEW_NAME: f64 = -1.0;
const MAP_KEY: f64 = -2.0;
const OBJECT_END: f64 = -3.0;

/// `value` as a JavaScript value.
pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, Error> {
    let (tape, known) = write(value)?;
    Ok(from_tape(&tape.codes, &tape.text, tape.kept, to_u32(known)))
}

/// The tape of `value`, and how many names had been sent before it (the tape sends the rest).
fn write<T: Serialize + ?Sized>(value: &T) -> Result<(Tape, usize), Error> {
    let mut tape = Tape::start();
    let written = value.serialize(&mut tape);
    let known = tape.finish(written.is_ok());
    written.map(|()| (tape, known))
}

impl Tape {
    /// A tape with the names (and shared values) sent so far. Not generic, as
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
            #[cfg(feature = "audit")]
            shared: SHARED_SLOTS.with(|slots| std::mem::take(&mut *slots.borrow_mut())),
            #[cfg(feature = "audit")]
            in_shared: false,
        }
    }

    /// Gives the names and shared values back, forgetting those of a tape not `sent`; returns
    /// how many names had been sent before this tape.
    #[inline(never)]
    fn finish(&mut self, sent: bool) -> usize {
        if !sent {
            // The names and shared values of a tape not sent were not sent.
            self.names.forget_from(self.known);
            #[cfg(feature = "audit")]
            self.shared.forget_defined();
        }
        #[cfg(feature = "audit")]
        {
            self.shared.defined.clear();
            SHARED_SLOTS.with(|slots| *slots.borrow_mut() = std::mem::take(&mut self.shared));
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

/// Serializes `value` as itself, marked so that [`to_js`] sends it as the object already built
/// for an equal value sent before, when there is one (see the module's docs). For
/// `#[serde(serialize_with)]`: any other serializer, and a package without the `audit`
/// feature, writes the value as it is.
#[cfg(feature = "audit")]
pub(crate) fn shared<T: Serialize, S: serde::Serializer>(
    value: &T,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_newtype_struct(SHARED_NAME, value)
}

#[cfg(feature = "audit")]
const SHARED_NAME: &str = "\u{0}robots-lens-shared-value";

thread_local! {
    static NAMES: RefCell<Names> = RefCell::new(Names::default());
    /// The values tape.js keeps, by slot.
    #[cfg(feature = "audit")]
    static SHARED_SLOTS: RefCell<SharedSlots> = RefCell::new(SharedSlots::default());
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

/// What tape.js keeps in each slot: the codes and text of the value it built from them. A
/// value goes to the slot its hash names, replacing the one there (tape.js replaces it alike),
/// so the slots, and the memory they hold, are bounded: [`SharedSlots::COUNT`] values of at most
/// [`SharedSlots::MAX_CODES`] codes and [`SharedSlots::MAX_TEXT`] bytes of text.
#[cfg(feature = "audit")]
#[derive(Default)]
struct SharedSlots {
    slots: Vec<Option<(Vec<f64>, String)>>,
    /// The slots this tape defined, forgotten if it is not sent.
    defined: Vec<usize>,
}

#[cfg(feature = "audit")]
impl SharedSlots {
    const COUNT: usize = 1024;
    const MAX_CODES: usize = 96;
    const MAX_TEXT: usize = 512;

    fn slot(codes: &[f64], text: &str) -> usize {
        // FxHash's step, over the codes' bits and the text's bytes.
        let mix = |hash: u64, word: u64| {
            (hash.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95)
        };
        let mut hash = codes.iter().fold(0, |hash, code| mix(hash, code.to_bits()));
        for chunk in text.as_bytes().chunks(8) {
            let mut word = [0; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            hash = mix(hash, u64::from_le_bytes(word));
        }
        (hash >> 32) as usize % Self::COUNT
    }

    fn forget_defined(&mut self) {
        for &slot in &self.defined {
            self.slots[slot] = None;
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
    /// The shared values tape.js keeps.
    #[cfg(feature = "audit")]
    shared: SharedSlots,
    /// A shared value is being written: one inside it is written as it is (a reference kept
    /// inside a kept value would name whatever its slot holds later).
    #[cfg(feature = "audit")]
    in_shared: bool,
}

#[cfg(feature = "audit")]
impl Tape {
    /// Opens a shared value (see [`Tape::shared_end`]): its start, or `None` inside another one,
    /// whose inner values are written as they are. Not generic, as `shared_end`: the value
    /// itself is written once, by [`ser::Serializer::serialize_newtype_struct`].
    #[inline(never)]
    fn shared_start(&mut self) -> Option<SharedStart> {
        if self.in_shared {
            return None;
        }
        let start = SharedStart {
            codes: self.codes.len(),
            text: self.text.len(),
            kept: self.kept.len(),
        };
        // The slot, known once the value is written.
        self.codes.extend([SHARED, 0.0]);
        self.in_shared = true;
        Some(start)
    }

    /// Closes the shared value opened at `start`: a reference to its slot when tape.js holds an
    /// equal value there, else the value with its slot.
    #[inline(never)]
    fn shared_end(&mut self, start: SharedStart) {
        self.in_shared = false;
        let codes = &self.codes[start.codes + 2..];
        let text = &self.text[start.text..];
        // A kept JS value, a null or a number, or a value too big to keep, is sent as it is.
        if self.kept.len() != start.kept
            || codes.len() < 2
            || codes.len() > SharedSlots::MAX_CODES
            || text.len() > SharedSlots::MAX_TEXT
        {
            self.codes.drain(start.codes..start.codes + 2);
            return;
        }
        if self.shared.slots.is_empty() {
            self.shared.slots.resize(SharedSlots::COUNT, None);
        }
        let slot = SharedSlots::slot(codes, text);
        let same = matches!(&self.shared.slots[slot], Some((c, t)) if c == codes && t == text);
        if same {
            self.codes.truncate(start.codes);
            self.text.truncate(start.text);
            self.codes.extend([SHARED_REF, slot as f64]);
        } else {
            self.shared.slots[slot] = Some((codes.to_vec(), text.to_owned()));
            self.shared.defined.push(slot);
            self.codes[start.codes + 1] = slot as f64;
        }
    }
}

/// Where a shared value's codes, text and kept values start.
#[cfg(feature = "audit")]
struct SharedStart {
    codes: usize,
    text: usize,
    kept: usize,
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
        #[cfg(feature = "audit")]
        let shared = match name == SHARED_NAME {
            true => self.shared_start(),
            false => None,
        };
        // The value is written once whether shared or not: its code is not made twice.
        let written = value.serialize(&mut *self);
        #[cfg(feature = "audit")]
        if let Some(start) = shared {
            match written {
                Ok(()) => self.shared_end(start),
                Err(_) => self.in_shared = false,
            }
        }
        written
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

    #[cfg(feature = "audit")]
    #[test]
    fn a_shared_value_equal_to_one_sent_crosses_as_its_slot() {
        #[derive(Serialize)]
        struct Part<'a> {
            word: &'a str,
            count: u32,
        }
        #[derive(Serialize)]
        struct Whole<'a> {
            #[serde(serialize_with = "shared")]
            part: Part<'a>,
            #[serde(serialize_with = "shared")]
            nothing: Option<u32>,
        }
        let whole = |word, count| Whole {
            part: Part { word, count },
            nothing: None,
        };
        // Names first, so that the part's codes are the same from the second tape on.
        write(&whole("warm", 0)).unwrap();
        let (first, _) = write(&whole("seen", 1)).unwrap();
        let slot = first.codes[3];
        assert_eq!(first.codes[..4], [OBJECT, 0.0, SHARED, slot]);
        // A null is not worth a slot: it is written as it is.
        assert_eq!(first.codes[first.codes.len() - 2..], [NULL, OBJECT_END]);
        let (again, _) = write(&whole("seen", 1)).unwrap();
        assert_eq!(
            again.codes,
            [OBJECT, 0.0, SHARED_REF, slot, 3.0, NULL, OBJECT_END]
        );
        assert_eq!(again.text, "");
        // A different value is sent whole, with its slot.
        let (other, _) = write(&whole("seen", 2)).unwrap();
        assert_eq!(other.codes[2], SHARED);
        assert_eq!(other.text, "seen");
    }

    #[cfg(feature = "audit")]
    #[test]
    fn a_tape_not_sent_defines_no_shared_value() {
        #[derive(Serialize)]
        struct Whole {
            #[serde(serialize_with = "shared")]
            part: (u32, u32),
            big: u64,
        }
        write(&Whole {
            part: (5, 6),
            big: 0,
        })
        .unwrap();
        SHARED_SLOTS.with(|slots| slots.borrow_mut().slots.iter_mut().for_each(|s| *s = None));
        assert!(write(&Whole {
            part: (5, 6),
            big: u64::MAX
        })
        .is_err());
        // The refused tape's part never reached tape.js: the next one sends it again.
        let (tape, _) = write(&Whole {
            part: (5, 6),
            big: 0,
        })
        .unwrap();
        assert_eq!(tape.codes[2], SHARED);
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
