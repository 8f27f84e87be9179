//! Property tests: write → read gives back the value, modulo the documented
//! normalization (NaN and ±infinity are written as null).

use std::borrow::Cow;

use proptest::prelude::*;
use ubjson_envelope::{unwrap, wrap, Char, HighPrecision, Mode, Value};

/// What the writer does to a value: non-finite floats become null.
fn normalize(v: &Value<'_>) -> Value<'static> {
    match v {
        Value::Float32(x) if !x.is_finite() => Value::Null,
        Value::Float64(x) if !x.is_finite() => Value::Null,
        Value::Array(items) => Value::Array(items.iter().map(normalize).collect()),
        Value::Object(e) => Value::Object(
            e.iter()
                .map(|(k, v)| (Cow::Owned(k.to_string()), normalize(v)))
                .collect(),
        ),
        other => other.clone().into_owned(),
    }
}

fn boundary_int() -> impl Strategy<Value = i64> {
    prop_oneof![
        prop::sample::select(vec![
            -129,
            -128,
            -127,
            -1,
            0,
            1,
            127,
            128,
            255,
            256,
            32767,
            32768,
            -32768,
            -32769,
            65535,
            65536,
            i64::from(i32::MAX),
            i64::from(i32::MAX) + 1,
            i64::from(i32::MIN),
            i64::from(i32::MIN) - 1,
            i64::MAX,
            i64::MIN,
        ]),
        any::<i64>(),
        -300i64..300,
    ]
}

fn high_precision() -> impl Strategy<Value = HighPrecision<'static>> {
    "-?(0|[1-9][0-9]{0,30})(\\.[0-9]{1,20})?([eE][+-]?[0-9]{1,4})?"
        .prop_map(|s| HighPrecision::new(s).expect("generator yields valid syntax"))
}

fn leaf() -> BoxedStrategy<Value<'static>> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        boundary_int().prop_map(Value::Int),
        any::<f32>().prop_map(Value::Float32),
        any::<f64>().prop_map(Value::Float64),
        Just(Value::Float64(f64::NAN)),
        Just(Value::Float32(f32::INFINITY)),
        high_precision().prop_map(Value::HighPrecision),
        (0u8..128).prop_map(|c| Value::Char(Char::new(c).unwrap())),
        any::<String>().prop_map(Value::from),
        prop::collection::vec(any::<u8>(), 0..300).prop_map(Value::from),
    ]
    .boxed()
}

/// Homogeneous arrays and objects, to exercise the typed forms.
fn homogeneous(inner: BoxedStrategy<Value<'static>>) -> impl Strategy<Value = Value<'static>> {
    (inner, 0usize..300).prop_flat_map(|(v, n)| {
        prop_oneof![
            Just(Value::Array(vec![v.clone(); n])),
            Just(Value::Object(
                (0..n)
                    .map(|i| (Cow::Owned(format!("k{i}")), v.clone()))
                    .collect()
            )),
        ]
    })
}

fn value() -> impl Strategy<Value = Value<'static>> {
    leaf().prop_recursive(5, 256, 10, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..10).prop_map(Value::Array),
            prop::collection::vec((any::<String>(), inner.clone()), 0..10).prop_map(|e| {
                Value::Object(e.into_iter().map(|(k, v)| (Cow::Owned(k), v)).collect())
            }),
            homogeneous(leaf()),
            prop::collection::vec(boundary_int().prop_map(Value::Int), 0..40)
                .prop_map(Value::Array),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn write_then_read_is_identity(v in value()) {
        let bytes = v.to_vec();
        prop_assert_eq!(bytes.len(), v.encoded_len());
        let back = Value::from_slice(&bytes).unwrap();
        prop_assert_eq!(&back, &normalize(&v));
        // The writer is canonical: re-encoding what we read gives the same bytes.
        prop_assert_eq!(back.to_vec(), bytes.clone());
        // The io::Write path gives the same bytes.
        let mut io = Vec::new();
        v.write_to(&mut io).unwrap();
        prop_assert_eq!(io, bytes);
    }

    #[test]
    fn write_into_appends(v in value(), prefix in prop::collection::vec(any::<u8>(), 0..8)) {
        let mut buf = prefix.clone();
        v.write_into(&mut buf);
        prop_assert_eq!(&buf[..prefix.len()], &prefix[..]);
        prop_assert_eq!(&buf[prefix.len()..], &v.to_vec()[..]);
    }

    #[test]
    fn envelope_round_trips(kind in boundary_int(), payload in prop::collection::vec(any::<u8>(), 0..1000)) {
        let m = wrap(kind, &payload, Mode::Minimal).unwrap();
        prop_assert_eq!(unwrap(&m).unwrap(), (kind, &payload[..]));
        match wrap(kind, &payload, Mode::FixedInt32) {
            Ok(f) => {
                prop_assert!(i32::try_from(kind).is_ok());
                prop_assert_eq!(f.len(), payload.len() + 37);
                prop_assert_eq!(unwrap(&f).unwrap(), (kind, &payload[..]));
            }
            Err(_) => prop_assert!(i32::try_from(kind).is_err()),
        }
        // The envelope is also a plain UBJSON value.
        let v = Value::from_slice(&m).unwrap();
        prop_assert_eq!(v.get("kind"), Some(&Value::Int(kind)));
        prop_assert_eq!(v.get("payload").and_then(Value::as_bytes), Some(&payload[..]));
    }
}
