//! Invalid and hostile input: each case asserts the exact error variant and
//! offset. Nothing here may panic, overflow the stack or allocate more than
//! the input justifies.

use std::borrow::Cow;

use proptest::prelude::*;
use ubjson_envelope::{Char, Error, HighPrecision, Limit, Limits, Value};

#[track_caller]
fn err(bytes: &[u8]) -> Error {
    match Value::from_slice(bytes) {
        Ok(v) => panic!("{bytes:02X?} decoded to {v:?}"),
        Err(e) => e,
    }
}

#[track_caller]
fn err_with(bytes: &[u8], limits: &Limits) -> Error {
    match Value::from_slice_with(bytes, limits) {
        Ok(v) => panic!("{bytes:02X?} decoded to {v:?}"),
        Err(e) => e,
    }
}

const TWO_POW_62: u64 = 1 << 62;

#[test]
fn negative_lengths_and_counts() {
    assert_eq!(
        err(b"Si\xFF"),
        Error::NegativeLength {
            value: -1,
            offset: 1
        }
    );
    assert_eq!(
        err(b"SI\x80\x00"),
        Error::NegativeLength {
            value: -32768,
            offset: 1
        }
    );
    assert_eq!(
        err(b"SL\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF"),
        Error::NegativeLength {
            value: -1,
            offset: 1
        }
    );
    assert_eq!(
        err(b"Hi\xFE"),
        Error::NegativeLength {
            value: -2,
            offset: 1
        }
    );
    assert_eq!(
        err(b"[#i\xFF"),
        Error::NegativeLength {
            value: -1,
            offset: 2
        }
    );
    assert_eq!(
        err(b"[$i#i\x80"),
        Error::NegativeLength {
            value: -128,
            offset: 4
        }
    );
    assert_eq!(
        err(b"{i\xFFZ}"),
        Error::NegativeLength {
            value: -1,
            offset: 1
        }
    );
    assert_eq!(
        err(b"[$U#l\xFF\xFF\xFF\xFF"),
        Error::NegativeLength {
            value: -1,
            offset: 4
        }
    );
}

#[test]
fn lengths_must_be_integers() {
    assert_eq!(
        err(b"SZ"),
        Error::ExpectedLength {
            marker: b'Z',
            offset: 1
        }
    );
    assert_eq!(
        err(b"Sd\x00\x00\x00\x00"),
        Error::ExpectedLength {
            marker: b'd',
            offset: 1
        }
    );
    assert_eq!(
        err(b"[#Sx"),
        Error::ExpectedLength {
            marker: b'S',
            offset: 2
        }
    );
    // A key with an `S` marker (which Draft 12 forbids).
    assert_eq!(
        err(b"{SU\x01aZ}"),
        Error::ExpectedLength {
            marker: b'S',
            offset: 1
        }
    );
    assert_eq!(
        err(b"{Z}"),
        Error::ExpectedLength {
            marker: b'Z',
            offset: 1
        }
    );
}

#[test]
fn type_without_count() {
    assert_eq!(err(b"[$ii\x01]"), Error::TypeWithoutCount { offset: 3 });
    assert_eq!(
        err(b"{$iU\x01a\x01}"),
        Error::TypeWithoutCount { offset: 3 }
    );
    // Binary without its count (the bug Steve132/ubj has for empty arrays).
    assert_eq!(err(b"[$U"), Error::UnexpectedEnd { offset: 3 });
    assert_eq!(err(b"[$U]"), Error::TypeWithoutCount { offset: 3 });
}

#[test]
fn invalid_container_types() {
    assert_eq!(
        err(b"[$N#U\x01"),
        Error::InvalidContainerType {
            marker: b'N',
            offset: 2
        }
    );
    assert_eq!(
        err(b"[$]#U\x01"),
        Error::InvalidContainerType {
            marker: b']',
            offset: 2
        }
    );
    assert_eq!(
        err(b"[$}#U\x01"),
        Error::InvalidContainerType {
            marker: b'}',
            offset: 2
        }
    );
    assert_eq!(
        err(b"[$$#U\x01"),
        Error::InvalidContainerType {
            marker: b'$',
            offset: 2
        }
    );
    assert_eq!(
        err(b"[$##U\x01"),
        Error::InvalidContainerType {
            marker: b'#',
            offset: 2
        }
    );
    assert_eq!(
        err(b"{$x#U\x01"),
        Error::InvalidContainerType {
            marker: b'x',
            offset: 2
        }
    );
}

#[test]
fn counted_container_followed_by_end_marker() {
    // `[#i\x01 i\x05 ]`: the array ends after its one element; `]` trails.
    assert_eq!(err(b"[#i\x01i\x05]"), Error::TrailingBytes { offset: 6 });
    assert_eq!(err(b"[$i#i\x01\x05]"), Error::TrailingBytes { offset: 7 });
    assert_eq!(err(b"{#i\x01U\x01aZ}"), Error::TrailingBytes { offset: 8 });
    assert_eq!(err(b"[$U#i\x00]"), Error::TrailingBytes { offset: 6 });
    // Nested: the `]` closes the plain parent, so the second one trails.
    assert_eq!(err(b"[[#i\x01i\x05]]"), Error::TrailingBytes { offset: 8 });
    // An object's end marker inside an array parent.
    assert_eq!(
        err(b"[{#U\x01U\x01aZ}]"),
        Error::UnexpectedMarker {
            marker: b'}',
            offset: 9
        }
    );
    // An end marker in a counted parent, where an element is due.
    assert_eq!(
        err(b"[#U\x02[#U\x00]"),
        Error::UnexpectedMarker {
            marker: b']',
            offset: 8
        }
    );
}

#[test]
fn misplaced_markers() {
    assert_eq!(
        err(b"]"),
        Error::UnexpectedMarker {
            marker: b']',
            offset: 0
        }
    );
    assert_eq!(
        err(b"}"),
        Error::UnexpectedMarker {
            marker: b'}',
            offset: 0
        }
    );
    assert_eq!(
        err(b"$"),
        Error::UnexpectedMarker {
            marker: b'$',
            offset: 0
        }
    );
    assert_eq!(
        err(b"#"),
        Error::UnexpectedMarker {
            marker: b'#',
            offset: 0
        }
    );
    assert_eq!(
        err(b"[}"),
        Error::UnexpectedMarker {
            marker: b'}',
            offset: 1
        }
    );
    assert_eq!(
        err(b"[Z$]"),
        Error::UnexpectedMarker {
            marker: b'$',
            offset: 2
        }
    );
    // No-op at top level, and between a key and its value.
    assert_eq!(
        err(b"N"),
        Error::UnexpectedMarker {
            marker: b'N',
            offset: 0
        }
    );
    assert_eq!(
        err(b"NZ"),
        Error::UnexpectedMarker {
            marker: b'N',
            offset: 0
        }
    );
    assert_eq!(
        err(b"{U\x01aNZ}"),
        Error::UnexpectedMarker {
            marker: b'N',
            offset: 4
        }
    );
    // Object end with a key but no value.
    assert_eq!(
        err(b"{U\x01a}"),
        Error::UnexpectedMarker {
            marker: b'}',
            offset: 4
        }
    );
}

#[test]
fn unknown_markers() {
    assert_eq!(
        err(b"X"),
        Error::UnknownMarker {
            marker: b'X',
            offset: 0
        }
    );
    assert_eq!(
        err(b"\x00"),
        Error::UnknownMarker {
            marker: 0,
            offset: 0
        }
    );
    assert_eq!(
        err(b"[i\x01?]"),
        Error::UnknownMarker {
            marker: b'?',
            offset: 3
        }
    );
    assert_eq!(
        err(b"{U\x01a\xFF}"),
        Error::UnknownMarker {
            marker: 0xFF,
            offset: 4
        }
    );
    // Draft 12 has no `u`, `m`, `M` or `B` (those are other UBJSON dialects).
    for m in [b'u', b'm', b'M', b'B'] {
        assert_eq!(
            err(&[m, 0, 0]),
            Error::UnknownMarker {
                marker: m,
                offset: 0
            }
        );
    }
}

#[test]
fn chars_above_127() {
    assert_eq!(
        err(b"C\x80"),
        Error::InvalidChar {
            value: 0x80,
            offset: 1
        }
    );
    assert_eq!(
        err(b"C\xFF"),
        Error::InvalidChar {
            value: 0xFF,
            offset: 1
        }
    );
    assert_eq!(
        err(b"[$C#U\x02a\xE9"),
        Error::InvalidChar {
            value: 0xE9,
            offset: 7
        }
    );
    assert!(Char::new(0x80).is_none());
}

#[test]
fn invalid_utf8() {
    assert_eq!(err(b"SU\x02\xC3\x28"), Error::InvalidUtf8 { offset: 3 });
    assert_eq!(err(b"SU\x03a\xFFb"), Error::InvalidUtf8 { offset: 4 });
    // A truncated multi-byte sequence at the end of the string.
    assert_eq!(err(b"SU\x02a\xC3"), Error::InvalidUtf8 { offset: 4 });
    // An encoded surrogate.
    assert_eq!(err(b"SU\x03\xED\xA0\x80"), Error::InvalidUtf8 { offset: 3 });
    // Keys.
    assert_eq!(err(b"{U\x01\xFFZ}"), Error::InvalidUtf8 { offset: 3 });
    assert_eq!(err(b"{#U\x01U\x02a\x80Z"), Error::InvalidUtf8 { offset: 7 });
    // High-precision numbers.
    assert_eq!(err(b"HU\x02\x31\xFF"), Error::InvalidUtf8 { offset: 4 });
}

#[test]
fn invalid_high_precision() {
    assert_eq!(err(b"HU\x0201"), Error::InvalidHighPrecision { offset: 3 });
    assert_eq!(err(b"HU\x00"), Error::InvalidHighPrecision { offset: 3 });
    assert_eq!(err(b"HU\x03NaN"), Error::InvalidHighPrecision { offset: 3 });
    assert_eq!(err(b"HU\x02+1"), Error::InvalidHighPrecision { offset: 3 });
    assert_eq!(
        err(b"HU\x02\xC3\xA9"),
        Error::InvalidHighPrecision { offset: 3 }
    );
    assert!(HighPrecision::new("1.").is_none());
}

#[test]
fn truncation() {
    assert_eq!(err(b""), Error::UnexpectedEnd { offset: 0 });
    assert_eq!(err(b"i"), Error::UnexpectedEnd { offset: 1 });
    assert_eq!(err(b"I\x01"), Error::UnexpectedEnd { offset: 1 });
    assert_eq!(err(b"D\x00\x00\x00"), Error::UnexpectedEnd { offset: 1 });
    assert_eq!(err(b"C"), Error::UnexpectedEnd { offset: 1 });
    assert_eq!(err(b"S"), Error::UnexpectedEnd { offset: 1 });
    assert_eq!(err(b"SI\x00"), Error::UnexpectedEnd { offset: 2 });
    assert_eq!(
        err(b"SU\x05ab"),
        Error::LengthExceedsInput {
            length: 5,
            remaining: 2,
            offset: 1
        }
    );
    assert_eq!(
        err(b"[$U#U\x03\x01"),
        Error::LengthExceedsInput {
            length: 3,
            remaining: 1,
            offset: 4
        }
    );
    assert_eq!(err(b"[i\x01"), Error::UnexpectedEnd { offset: 3 });
    assert_eq!(err(b"{U\x01a"), Error::UnexpectedEnd { offset: 4 });
    assert_eq!(
        err(b"[#U\x03ZZ"),
        Error::LengthExceedsInput {
            length: 3,
            remaining: 2,
            offset: 2
        }
    );
    // Typed elements need their fixed size each.
    assert_eq!(
        err(b"[$l#U\x02\x00\x00\x00\x01\x00"),
        Error::LengthExceedsInput {
            length: 2,
            remaining: 5,
            offset: 4
        }
    );
}

/// A value using every type and container form.
fn rich_value() -> Value<'static> {
    let o = |e: Vec<(&'static str, Value<'static>)>| {
        Value::Object(e.into_iter().map(|(k, v)| (Cow::Borrowed(k), v)).collect())
    };
    o(vec![
        ("z", Value::Null),
        ("t", Value::Bool(true)),
        (
            "ints",
            Value::Array(
                [-129, -128, 127, 128, 255, 256, 32768, 1 << 40]
                    .map(Value::Int)
                    .to_vec(),
            ),
        ),
        ("typed", Value::Array(vec![Value::Int(1000); 6])),
        ("nulls", Value::Array(vec![Value::Null; 6])),
        ("f32", Value::Float32(1.5)),
        ("f64", Value::Float64(-0.1)),
        (
            "hp",
            Value::HighPrecision(HighPrecision::new("-1.5e+300").unwrap()),
        ),
        ("c", Value::Char(Char::new(b'q').unwrap())),
        ("s", Value::from("héllo")),
        ("b", Value::from(vec![1, 2, 3])),
        ("e", Value::from(Vec::<u8>::new())),
        ("o", o(vec![("x", Value::Array(vec![])), ("y", o(vec![]))])),
        (
            "to",
            o(vec![
                ("a", Value::Int(1)),
                ("b", Value::Int(2)),
                ("c", Value::Int(3)),
                ("d", Value::Int(4)),
                ("e", Value::Int(5)),
            ]),
        ),
    ])
}

#[test]
fn every_truncation_of_a_rich_value_is_an_error() {
    let bytes = rich_value().to_vec();
    assert_eq!(Value::from_slice(&bytes).unwrap(), rich_value());
    for cut in 0..bytes.len() {
        let e = err(&bytes[..cut]);
        assert!(
            matches!(
                e,
                Error::UnexpectedEnd { .. } | Error::LengthExceedsInput { .. }
            ),
            "cut at {cut}: {e:?}"
        );
        assert!(e.offset() <= cut, "cut at {cut}: {e:?}");
    }
    // Counted and typed forms produced by hand, truncated everywhere.
    let hand: &[&[u8]] = &[
        b"{#U\x02U\x01a[#U\x02i\x01[$Z#U\x03U\x01b{$S#U\x01U\x01kU\x01v",
        b"[$[#U\x02$i#U\x02\x01\x02#U\x01[$U#U\x02\xAB\xCD",
        b"[NNHU\x031.5C\x41L\x00\x00\x00\x00\x00\x00\x00\x01N]",
    ];
    for bytes in hand {
        assert!(Value::from_slice(bytes).is_ok(), "{bytes:02X?}");
        for cut in 0..bytes.len() {
            let e = err(&bytes[..cut]);
            assert!(
                matches!(
                    e,
                    Error::UnexpectedEnd { .. } | Error::LengthExceedsInput { .. }
                ),
                "cut at {cut}: {e:?}"
            );
        }
    }
}

#[test]
fn trailing_bytes() {
    assert_eq!(err(b"ZZ"), Error::TrailingBytes { offset: 1 });
    assert_eq!(err(b"i\x01\x00"), Error::TrailingBytes { offset: 2 });
    assert_eq!(err(b"[]N"), Error::TrailingBytes { offset: 2 });
    assert_eq!(err(b"{}}"), Error::TrailingBytes { offset: 2 });
}

#[test]
fn hundred_thousand_deep_arrays_hit_the_depth_limit() {
    let open = vec![b'['; 100_000];
    assert_eq!(
        err(&open),
        Error::DepthLimitExceeded {
            limit: 128,
            offset: 128
        }
    );
    let mut balanced = open.clone();
    balanced.extend(std::iter::repeat_n(b']', 100_000));
    assert_eq!(
        err(&balanced),
        Error::DepthLimitExceeded {
            limit: 128,
            offset: 128
        }
    );
    // Objects: `{ U 01 a` repeated, each level 4 bytes.
    let objects = b"{U\x01a".repeat(100_000);
    assert_eq!(
        err(&objects),
        Error::DepthLimitExceeded {
            limit: 128,
            offset: 128 * 4
        }
    );
    // Typed arrays of arrays, `[$[#U\x01` then bodies `$[#U\x01`…: every
    // level is one container.
    let mut typed = b"[".to_vec();
    typed.extend(b"$[#U\x01".repeat(100_000));
    assert_eq!(
        err(&typed),
        Error::DepthLimitExceeded {
            limit: 128,
            offset: 1 + 128 * 5
        }
    );
    // A tighter limit is honoured.
    let limits = Limits::default().with_max_depth(3);
    assert_eq!(
        err_with(b"[[[[]]]]", &limits),
        Error::DepthLimitExceeded {
            limit: 3,
            offset: 3
        }
    );
    assert!(Value::from_slice_with(b"[[[]]]", &limits).is_ok());
    // Depth 0 admits scalars only.
    let zero = Limits::default().with_max_depth(0);
    assert_eq!(
        err_with(b"[]", &zero),
        Error::DepthLimitExceeded {
            limit: 0,
            offset: 0
        }
    );
    assert!(Value::from_slice_with(b"Z", &zero).is_ok());
}

#[test]
fn huge_count_in_short_input_fails_before_allocating() {
    // `[ # L 40 00 00 00 00 00 00 00`: 2^62 elements in an 11-byte input.
    let bytes = b"[#L\x40\x00\x00\x00\x00\x00\x00\x00";
    assert_eq!(
        err(bytes),
        Error::LimitExceeded {
            limit: Limit::Count,
            value: TWO_POW_62,
            max: 1 << 24,
            offset: 2
        }
    );
    // Without the count limit, the input check still stops it.
    let unlimited = Limits::default().with_max_count(u64::MAX);
    assert_eq!(
        err_with(bytes, &unlimited),
        Error::LengthExceedsInput {
            length: TWO_POW_62,
            remaining: 0,
            offset: 2
        }
    );
    // The same for objects and typed containers.
    assert_eq!(
        err_with(b"{#L\x40\x00\x00\x00\x00\x00\x00\x00", &unlimited),
        Error::LengthExceedsInput {
            length: TWO_POW_62,
            remaining: 0,
            offset: 2
        }
    );
    assert_eq!(
        err_with(b"[$L#L\x40\x00\x00\x00\x00\x00\x00\x00", &unlimited),
        Error::LengthExceedsInput {
            length: TWO_POW_62,
            remaining: 0,
            offset: 4
        }
    );
    assert_eq!(
        err_with(b"[$U#L\x40\x00\x00\x00\x00\x00\x00\x00", &unlimited),
        Error::LengthExceedsInput {
            length: TWO_POW_62,
            remaining: 0,
            offset: 4
        }
    );
    assert_eq!(
        err_with(b"SL\x40\x00\x00\x00\x00\x00\x00\x00", &unlimited),
        Error::LengthExceedsInput {
            length: TWO_POW_62,
            remaining: 0,
            offset: 1
        }
    );
    // Under the count limit but beyond the input.
    assert_eq!(
        err(b"[#l\x00\x10\x00\x00ZZ"),
        Error::LengthExceedsInput {
            length: 1 << 20,
            remaining: 2,
            offset: 2
        }
    );
    // Counted objects need 3 bytes per entry at least.
    assert_eq!(
        err(b"{#U\x02U\x01aZ"),
        Error::LengthExceedsInput {
            length: 2,
            remaining: 4,
            offset: 2
        }
    );
}

#[test]
fn zero_size_typed_arrays_are_bounded() {
    // `[$Z#L<2^62>`: 2^62 nulls from 13 bytes.
    let bytes = b"[$Z#L\x40\x00\x00\x00\x00\x00\x00\x00";
    assert_eq!(
        err(bytes),
        Error::LimitExceeded {
            limit: Limit::Count,
            value: TWO_POW_62,
            max: 1 << 24,
            offset: 4
        }
    );
    let unlimited = Limits::default().with_max_count(u64::MAX);
    assert_eq!(
        err_with(bytes, &unlimited),
        Error::LimitExceeded {
            limit: Limit::ZeroSizeElements,
            value: TWO_POW_62,
            max: 1 << 16,
            offset: 4
        }
    );
    // The budget is for the whole document: two arrays of 2^15 fit, a third
    // element does not.
    let mut doc = b"[".to_vec();
    doc.extend(b"[$T#l\x00\x00\x80\x00");
    doc.extend(b"[$F#l\x00\x00\x80\x00");
    doc.push(b']');
    let v = Value::from_slice(&doc).unwrap();
    assert_eq!(v.as_array().unwrap()[1].as_array().unwrap().len(), 32768);
    let mut over = doc.clone();
    over.pop();
    over.extend(b"[$Z#U\x01]");
    assert_eq!(
        err(&over),
        Error::LimitExceeded {
            limit: Limit::ZeroSizeElements,
            value: 65537,
            max: 1 << 16,
            offset: 23
        }
    );
}

#[test]
fn zero_size_typed_arrays_with_lifted_limits_are_typed_errors() {
    // With both limits lifted nothing stops the count before the array is
    // allocated; the allocation itself must fail with an error, not panic
    // (capacity overflow) or abort (allocation failure).
    let lifted = Limits::default()
        .with_max_count(u64::MAX)
        .with_max_zero_size_elements(u64::MAX);
    // `[ $ Z # L` then the int64 2^62 (big-endian 40 00 .. 00): 13 bytes.
    // 2^62 elements of any `Value` (at least 4 bytes each) exceed `isize::MAX`
    // bytes, which used to panic with "capacity overflow".
    let bytes = b"[$Z#L\x40\x00\x00\x00\x00\x00\x00\x00";
    assert_eq!(
        err_with(bytes, &lifted),
        Error::AllocationFailed {
            count: TWO_POW_62,
            offset: 4
        }
    );
    // `[ $ T # L` then 2^50 (00 04 00 .. 00): 2^50 * 32 = 2^55 bytes on
    // x86-64, under `isize::MAX` but beyond a 48-bit address space, so the
    // allocator refuses it; that used to abort the process ("memory
    // allocation of 36028797018963968 bytes failed").
    #[cfg(target_arch = "x86_64")]
    assert_eq!(
        err_with(b"[$T#L\x00\x04\x00\x00\x00\x00\x00\x00", &lifted),
        Error::AllocationFailed {
            count: 1 << 50,
            offset: 4
        }
    );
    // A count the allocator grants still decodes: `[ $ F # U 03`.
    assert_eq!(
        Value::from_slice_with(b"[$F#U\x03", &lifted).unwrap(),
        Value::Array(vec![Value::Bool(false); 3])
    );
    assert_eq!(
        Error::AllocationFailed {
            count: TWO_POW_62,
            offset: 4
        }
        .to_string(),
        "cannot allocate a container of 4611686018427387904 elements at offset 4"
    );
}

#[test]
fn length_and_count_limits() {
    let limits = Limits::default().with_max_len(4);
    assert_eq!(
        err_with(b"SU\x05hello", &limits),
        Error::LimitExceeded {
            limit: Limit::Length,
            value: 5,
            max: 4,
            offset: 1
        }
    );
    assert_eq!(
        err_with(b"[$U#U\x05\x01\x02\x03\x04\x05", &limits),
        Error::LimitExceeded {
            limit: Limit::Length,
            value: 5,
            max: 4,
            offset: 4
        }
    );
    assert_eq!(
        err_with(b"{U\x05abcdeZ}", &limits),
        Error::LimitExceeded {
            limit: Limit::Length,
            value: 5,
            max: 4,
            offset: 1
        }
    );
    assert!(Value::from_slice_with(b"SU\x04four", &limits).is_ok());

    let limits = Limits::default().with_max_count(2);
    assert_eq!(
        err_with(b"[#U\x03ZZZ", &limits),
        Error::LimitExceeded {
            limit: Limit::Count,
            value: 3,
            max: 2,
            offset: 2
        }
    );
    assert_eq!(
        err_with(b"{U\x01aZU\x01bZU\x01cZ}", &limits),
        Error::LimitExceeded {
            limit: Limit::Count,
            value: 3,
            max: 2,
            offset: 9
        }
    );
    assert!(Value::from_slice_with(b"[ZZ]", &limits).is_ok());
}

#[test]
fn error_messages_are_lowercase_without_trailing_period() {
    let errors = [
        err(b""),
        err(b"X"),
        err(b"]"),
        err(b"SZ"),
        err(b"Si\xFF"),
        err(b"SU\x05ab"),
        err(b"[$ii"),
        err(b"[$N#U\x01"),
        err(b"C\x80"),
        err(b"SU\x01\xFF"),
        err(b"HU\x01x"),
        err(&[b'['; 200]),
        err(b"[#L\x40\x00\x00\x00\x00\x00\x00\x00"),
        err(b"ZZ"),
    ];
    for e in errors {
        let msg = e.to_string();
        assert!(!msg.ends_with('.'), "{msg}");
        assert!(msg.starts_with(|c: char| c.is_ascii_lowercase()), "{msg}");
        assert!(msg.contains(&e.offset().to_string()), "{msg}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Arbitrary bytes never panic.
    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        let _ = Value::from_slice(&bytes);
        let _ = ubjson_envelope::unwrap(&bytes);
    }

    /// Bytes built from markers and small integers (far more likely to reach
    /// deep paths than uniform bytes) never panic, and whatever decodes
    /// re-encodes to something that decodes to the same value.
    #[test]
    fn marker_soup_never_panics(bytes in prop::collection::vec(
        prop::sample::select(&b"ZNTFiUIlLdDHCS[]{}$#\x00\x01\x02\x03\x05\xFFa"[..]), 0..48)
    ) {
        if let Ok(v) = Value::from_slice(&bytes) {
            let again = v.to_vec();
            let v2 = Value::from_slice(&again).unwrap();
            prop_assert_eq!(normalize(v), normalize(v2));
        }
        let _ = ubjson_envelope::unwrap(&bytes);
    }

    /// Single-byte mutations of a valid rich encoding never panic.
    #[test]
    fn mutations_never_panic(pos in any::<prop::sample::Index>(), byte in any::<u8>()) {
        let mut bytes = rich_value().to_vec();
        let i = pos.index(bytes.len());
        bytes[i] = byte;
        let _ = Value::from_slice(&bytes);
    }
}

/// NaN != NaN: map NaN floats to null for comparisons.
fn normalize(v: Value<'_>) -> Value<'static> {
    match v {
        Value::Float32(x) if !x.is_finite() => Value::Null,
        Value::Float64(x) if !x.is_finite() => Value::Null,
        Value::Array(items) => Value::Array(items.into_iter().map(normalize).collect()),
        Value::Object(e) => Value::Object(
            e.into_iter()
                .map(|(k, v)| (Cow::Owned(k.into_owned()), normalize(v)))
                .collect(),
        ),
        other => other.into_owned(),
    }
}
