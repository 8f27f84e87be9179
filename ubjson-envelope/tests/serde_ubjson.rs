//! Cross-checks against `serde_ubjson` 0.2.1, an encoder we did not write.
//!
//! - Minimal-mode envelopes are byte-identical to `serde_ubjson` writing the
//!   map `{"kind": <i64>, "payload": <bytes>}` (unknown length, so `{`…`}`).
//! - Every value `serde_ubjson` writes, our reader decodes to the same
//!   value; where our writer picks the same (plain) container forms, the
//!   bytes are identical.

use std::borrow::Cow;

use proptest::prelude::*;
use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use serde::Serialize;
use ubjson_envelope::{unwrap, wrap, Char, Mode, Value};

/// Bytes serialized with `serialize_bytes` (what `serde_bytes` does), which
/// `serde_ubjson` writes as `[$U#` + count + bytes.
struct Bytes<'a>(&'a [u8]);

impl Serialize for Bytes<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(self.0)
    }
}

/// The envelope as a serde map. `counted` gives the map a known length,
/// which `serde_ubjson` writes as `{#` + count, without `}`.
struct EnvelopeMap<'a> {
    kind: i64,
    payload: &'a [u8],
    counted: bool,
}

impl Serialize for EnvelopeMap<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(if self.counted { Some(2) } else { None })?;
        map.serialize_entry("kind", &self.kind)?;
        map.serialize_entry("payload", &Bytes(self.payload))?;
        map.end()
    }
}

const KINDS: &[i64] = &[
    0,
    1,
    -1,
    7,
    127,
    128,
    255,
    256,
    -128,
    -129,
    32767,
    32768,
    -32768,
    -32769,
    i32::MAX as i64,
    i32::MIN as i64,
    i32::MAX as i64 + 1,
    i64::MAX,
    i64::MIN,
];

const SIZES: &[usize] = &[
    0, 1, 2, 127, 128, 190, 255, 256, 300, 32767, 32768, 40_000, 70_000,
];

#[test]
fn minimal_envelope_matches_serde_ubjson_byte_for_byte() {
    for &n in SIZES {
        let payload: Vec<u8> = (0..n).map(|i| (i * 7 % 251) as u8).collect();
        for &kind in KINDS {
            let theirs = serde_ubjson::to_vec(&EnvelopeMap {
                kind,
                payload: &payload,
                counted: false,
            })
            .unwrap();
            let ours = wrap(kind, &payload, Mode::Minimal).unwrap();
            assert_eq!(ours, theirs, "kind {kind}, payload {n} bytes");
        }
    }
}

#[test]
fn serde_ubjson_overheads_match_the_doc() {
    // Wire-format doc, section 4: 25/25/26/28 for n = 2/190/300/40000.
    for (n, overhead) in [(2, 25), (190, 25), (300, 26), (40_000, 28)] {
        let payload = vec![0u8; n];
        let theirs = serde_ubjson::to_vec(&EnvelopeMap {
            kind: 1,
            payload: &payload,
            counted: false,
        })
        .unwrap();
        assert_eq!(theirs.len() - n, overhead, "n = {n}");
    }
    // The doc's bytes for n = 2.
    let theirs = serde_ubjson::to_vec(&EnvelopeMap {
        kind: 1,
        payload: &[0xAB, 0xAB],
        counted: false,
    })
    .unwrap();
    let mut doc = vec![0x7B, 0x55, 0x04];
    doc.extend(b"kind");
    doc.extend([0x69, 0x01, 0x55, 0x07]);
    doc.extend(b"payload");
    doc.extend([0x5B, 0x24, 0x55, 0x23, 0x55, 0x02, 0xAB, 0xAB, 0x7D]);
    assert_eq!(theirs, doc);
}

#[test]
fn counted_map_from_serde_ubjson_unwraps() {
    for &n in SIZES {
        let payload = vec![0x3C; n];
        for &kind in KINDS {
            let theirs = serde_ubjson::to_vec(&EnvelopeMap {
                kind,
                payload: &payload,
                counted: true,
            })
            .unwrap();
            // `{#U\x02` and no `}`: 2 bytes more than the plain map (27 for
            // small payloads, as the wire-format doc says).
            assert_eq!(&theirs[..3], b"{#U");
            assert_eq!(
                theirs.len(),
                wrap(kind, &payload, Mode::Minimal).unwrap().len() + 2
            );
            assert_eq!(unwrap(&theirs).unwrap(), (kind, &payload[..]));
        }
    }
}

/// Serializes one of our values through serde, the way a serde user would
/// write the same data (`serialize_seq(None)` / `serialize_map(None)`).
struct Ser<'v, 'a>(&'v Value<'a>);

impl Serialize for Ser<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Value::Null => s.serialize_unit(),
            Value::Bool(b) => s.serialize_bool(*b),
            Value::Int(i) => s.serialize_i64(*i),
            Value::Float32(x) => s.serialize_f32(*x),
            Value::Float64(x) => s.serialize_f64(*x),
            Value::Char(c) => s.serialize_char(c.to_char()),
            Value::String(t) => s.serialize_str(t),
            Value::Binary(b) => s.serialize_bytes(b),
            Value::Array(items) => {
                let mut seq = s.serialize_seq(None)?;
                for item in items {
                    seq.serialize_element(&Ser(item))?;
                }
                seq.end()
            }
            Value::Object(entries) => {
                let mut map = s.serialize_map(None)?;
                for (k, v) in entries {
                    map.serialize_entry(k.as_ref(), &Ser(v))?;
                }
                map.end()
            }
            Value::HighPrecision(_) => unreachable!("serde has no high-precision numbers"),
        }
    }
}

fn obj<'a>(entries: Vec<(&'a str, Value<'a>)>) -> Value<'a> {
    Value::Object(
        entries
            .into_iter()
            .map(|(k, v)| (Cow::Borrowed(k), v))
            .collect(),
    )
}

/// Values our writer writes with the same (plain) forms as serde_ubjson.
fn plain_corpus() -> Vec<Value<'static>> {
    let mut v: Vec<Value<'static>> = vec![
        Value::Null,
        Value::Bool(true),
        Value::Bool(false),
        Value::Float32(1.5),
        Value::Float32(-0.0),
        Value::Float64(0.1),
        Value::Float64(-1e300),
        Value::Char(Char::new(b'A').unwrap()),
        Value::Char(Char::new(0).unwrap()),
        Value::from(""),
        Value::from("hello"),
        Value::from("é日本"),
        Value::String(Cow::Owned("s".repeat(255))),
        Value::String(Cow::Owned("s".repeat(256))),
        Value::String(Cow::Owned("s".repeat(70_000))),
        Value::from(Vec::<u8>::new()),
        Value::from(vec![1u8]),
        Value::from(vec![9u8; 255]),
        Value::from(vec![9u8; 256]),
        Value::Array(vec![]),
        Value::Array(vec![Value::Int(1), Value::from("a"), Value::Null]),
        Value::Array(vec![Value::Int(200); 5]),
        Value::Array(vec![Value::Array(vec![Value::Array(vec![])])]),
        obj(vec![]),
        obj(vec![
            ("a", Value::Int(1)),
            ("b", Value::Array(vec![Value::Bool(false)])),
        ]),
        obj(vec![("k".repeat(300).leak(), Value::Null)]),
    ];
    for i in [
        -129,
        -128,
        -1,
        0,
        127,
        128,
        255,
        256,
        32767,
        32768,
        -32768,
        -32769,
        i64::from(i32::MAX),
        i64::from(i32::MIN),
        i64::from(i32::MAX) + 1,
        i64::from(i32::MIN) - 1,
        i64::MAX,
        i64::MIN,
    ] {
        v.push(Value::Int(i));
    }
    v
}

#[test]
fn plain_values_match_serde_ubjson_byte_for_byte() {
    for value in plain_corpus() {
        let theirs = serde_ubjson::to_vec(&Ser(&value)).unwrap();
        assert_eq!(value.to_vec(), theirs, "{value:?}");
        assert_eq!(Value::from_slice(&theirs).unwrap(), value);
    }
}

#[test]
fn typed_values_read_back_from_serde_ubjson() {
    // Our writer makes these typed containers; serde_ubjson writes them
    // plain; both read to the same value.
    for value in [
        Value::Array(vec![Value::Int(3); 5]),
        Value::Array(vec![Value::Null; 9]),
        Value::Array(vec![Value::from("x"); 6]),
        obj(vec![
            ("a", Value::Int(1)),
            ("b", Value::Int(2)),
            ("c", Value::Int(3)),
            ("d", Value::Int(4)),
            ("e", Value::Int(5)),
        ]),
    ] {
        let theirs = serde_ubjson::to_vec(&Ser(&value)).unwrap();
        let ours = value.to_vec();
        assert!(ours.len() < theirs.len(), "{value:?}");
        assert_eq!(Value::from_slice(&theirs).unwrap(), value);
        assert_eq!(Value::from_slice(&ours).unwrap(), value);
    }
}

fn serde_value() -> impl Strategy<Value = Value<'static>> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::Int),
        (-300i64..300).prop_map(Value::Int),
        any::<f32>()
            .prop_filter("finite", |x| x.is_finite())
            .prop_map(Value::Float32),
        any::<f64>()
            .prop_filter("finite", |x| x.is_finite())
            .prop_map(Value::Float64),
        (0u8..128).prop_map(|c| Value::Char(Char::new(c).unwrap())),
        ".{0,20}".prop_map(Value::from),
        prop::collection::vec(any::<u8>(), 0..40).prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 64, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
            prop::collection::vec((".{0,6}", inner), 0..8).prop_map(|e| {
                Value::Object(e.into_iter().map(|(k, v)| (Cow::Owned(k), v)).collect())
            }),
        ]
    })
}

proptest! {
    /// Whatever serde_ubjson writes, we read back to the same value.
    #[test]
    fn we_read_whatever_serde_ubjson_writes(value in serde_value()) {
        let theirs = serde_ubjson::to_vec(&Ser(&value)).unwrap();
        prop_assert_eq!(Value::from_slice(&theirs).unwrap(), value);
    }

    /// Envelopes of any kind and payload match serde_ubjson.
    #[test]
    fn envelope_matches_serde_ubjson(kind in any::<i64>(), payload in prop::collection::vec(any::<u8>(), 0..600)) {
        let theirs = serde_ubjson::to_vec(&EnvelopeMap { kind, payload: &payload, counted: false }).unwrap();
        prop_assert_eq!(wrap(kind, &payload, Mode::Minimal).unwrap(), theirs);
    }
}
