//! Golden bytes for the codec. Every expected byte string here is worked out
//! by hand from UBJSON Draft 12 (big-endian; `i U I l L` integers; keys
//! without `S`; `$type#count` optimized containers), not copied from our own
//! encoder.

use std::borrow::Cow;

use ubjson_envelope::{Char, HighPrecision, Limits, Marker, Value};

fn hp(s: &str) -> Value<'_> {
    Value::HighPrecision(HighPrecision::new(s).unwrap())
}

fn chr(c: u8) -> Value<'static> {
    Value::Char(Char::new(c).unwrap())
}

fn s(text: &str) -> Value<'_> {
    Value::String(Cow::Borrowed(text))
}

fn bin(b: &[u8]) -> Value<'_> {
    Value::Binary(Cow::Borrowed(b))
}

fn obj<'a>(entries: Vec<(&'a str, Value<'a>)>) -> Value<'a> {
    Value::Object(
        entries
            .into_iter()
            .map(|(k, v)| (Cow::Borrowed(k), v))
            .collect(),
    )
}

/// Writes `value`, compares with `expected`, reads `expected` back and
/// compares with `value`.
#[track_caller]
fn golden(value: &Value<'_>, expected: &[u8]) {
    let written = value.to_vec();
    assert_eq!(
        written, expected,
        "writing {value:?}\n got      {written:02X?}\n expected {expected:02X?}"
    );
    assert_eq!(
        value.encoded_len(),
        expected.len(),
        "encoded_len of {value:?}"
    );
    let read = Value::from_slice(expected).unwrap_or_else(|e| panic!("reading {value:?}: {e}"));
    assert_eq!(&read, value);
    let mut io = Vec::new();
    value.write_to(&mut io).unwrap();
    assert_eq!(io, expected, "write_to of {value:?}");
}

/// Reads `bytes` (a form our writer does not produce) and compares.
#[track_caller]
fn reads_as(bytes: &[u8], expected: &Value<'_>) {
    let read = Value::from_slice(bytes).unwrap_or_else(|e| panic!("reading {bytes:02X?}: {e}"));
    assert_eq!(&read, expected, "reading {bytes:02X?}");
}

#[test]
fn scalars() {
    golden(&Value::Null, b"Z");
    golden(&Value::Bool(true), b"T");
    golden(&Value::Bool(false), b"F");
    golden(&chr(b'A'), &[0x43, 0x41]);
    golden(&chr(0), &[0x43, 0x00]);
    golden(&chr(127), &[0x43, 0x7F]);
    golden(&hp("3.14"), &[0x48, 0x55, 0x04, b'3', b'.', b'1', b'4']);
    golden(&hp("-1E+400"), b"HU\x07-1E+400");
}

#[test]
fn integers_take_the_smallest_marker_at_every_boundary() {
    let cases: &[(i64, &[u8])] = &[
        (0, &[0x69, 0x00]),
        (1, &[0x69, 0x01]),
        (-1, &[0x69, 0xFF]),
        (127, &[0x69, 0x7F]),
        (-128, &[0x69, 0x80]),
        (128, &[0x55, 0x80]),
        (255, &[0x55, 0xFF]),
        (256, &[0x49, 0x01, 0x00]),
        (-129, &[0x49, 0xFF, 0x7F]),
        (32767, &[0x49, 0x7F, 0xFF]),
        (-32768, &[0x49, 0x80, 0x00]),
        (32768, &[0x6C, 0x00, 0x00, 0x80, 0x00]),
        (-32769, &[0x6C, 0xFF, 0xFF, 0x7F, 0xFF]),
        (65535, &[0x6C, 0x00, 0x00, 0xFF, 0xFF]),
        (2_147_483_647, &[0x6C, 0x7F, 0xFF, 0xFF, 0xFF]),
        (-2_147_483_648, &[0x6C, 0x80, 0x00, 0x00, 0x00]),
        (
            2_147_483_648,
            &[0x4C, 0x00, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00],
        ),
        (
            -2_147_483_649,
            &[0x4C, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF],
        ),
        (
            i64::MAX,
            &[0x4C, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
        ),
        (
            i64::MIN,
            &[0x4C, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00],
        ),
    ];
    for &(v, bytes) in cases {
        golden(&Value::Int(v), bytes);
    }
}

#[test]
fn reader_accepts_every_integer_marker_for_values() {
    reads_as(&[0x55, 0x05], &Value::Int(5));
    reads_as(&[0x49, 0x00, 0x05], &Value::Int(5));
    reads_as(&[0x6C, 0x00, 0x00, 0x00, 0x05], &Value::Int(5));
    reads_as(&[0x4C, 0, 0, 0, 0, 0, 0, 0, 0x05], &Value::Int(5));
    reads_as(&[0x49, 0xFF, 0xFF], &Value::Int(-1));
    reads_as(&[0x6C, 0xFF, 0xFF, 0xFF, 0xFE], &Value::Int(-2));
}

#[test]
fn floats_keep_their_width_and_non_finite_becomes_null() {
    golden(&Value::Float32(1.5), &[0x64, 0x3F, 0xC0, 0x00, 0x00]);
    golden(&Value::Float32(-2.0), &[0x64, 0xC0, 0x00, 0x00, 0x00]);
    golden(
        &Value::Float64(1.5),
        &[0x44, 0x3F, 0xF8, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00],
    );
    golden(
        &Value::Float64(0.1),
        &[0x44, 0x3F, 0xB9, 0x99, 0x99, 0x99, 0x99, 0x99, 0x9A],
    );
    golden(&Value::Float64(-0.0), &[0x44, 0x80, 0, 0, 0, 0, 0, 0, 0]);
    for v in [
        Value::Float64(f64::NAN),
        Value::Float64(f64::INFINITY),
        Value::Float64(f64::NEG_INFINITY),
        Value::Float32(f32::NAN),
        Value::Float32(f32::INFINITY),
        Value::Float32(f32::NEG_INFINITY),
    ] {
        assert_eq!(v.to_vec(), b"Z", "{v:?}");
        assert_eq!(v.encoded_len(), 1);
    }
    // A NaN on the wire (not what we write) is still read as a float.
    let nan = Value::from_slice(&[0x44, 0x7F, 0xF8, 0, 0, 0, 0, 0, 0]).unwrap();
    assert!(matches!(nan, Value::Float64(x) if x.is_nan()));
}

#[test]
fn strings_and_their_length_markers() {
    golden(&s(""), &[0x53, 0x55, 0x00]);
    golden(&s("hello"), b"SU\x05hello");
    golden(&s("é"), &[0x53, 0x55, 0x02, 0xC3, 0xA9]);
    golden(
        &s("日本"),
        &[0x53, 0x55, 0x06, 0xE6, 0x97, 0xA5, 0xE6, 0x9C, 0xAC],
    );

    let t255 = "a".repeat(255);
    let mut e = vec![0x53, 0x55, 0xFF];
    e.extend_from_slice(t255.as_bytes());
    golden(&s(&t255), &e);

    let t256 = "b".repeat(256);
    let mut e = vec![0x53, 0x49, 0x01, 0x00];
    e.extend_from_slice(t256.as_bytes());
    golden(&s(&t256), &e);

    let t32768 = "c".repeat(32768);
    let mut e = vec![0x53, 0x6C, 0x00, 0x00, 0x80, 0x00];
    e.extend_from_slice(t32768.as_bytes());
    golden(&s(&t32768), &e);

    let t65536 = "d".repeat(65536);
    let mut e = vec![0x53, 0x6C, 0x00, 0x01, 0x00, 0x00];
    e.extend_from_slice(t65536.as_bytes());
    golden(&s(&t65536), &e);
}

#[test]
fn reader_accepts_every_integer_marker_for_lengths() {
    let hi = s("hi");
    reads_as(b"Si\x02hi", &hi);
    reads_as(b"SU\x02hi", &hi);
    reads_as(b"SI\x00\x02hi", &hi);
    reads_as(b"Sl\x00\x00\x00\x02hi", &hi);
    reads_as(b"SL\x00\x00\x00\x00\x00\x00\x00\x02hi", &hi);
    reads_as(b"Hi\x011", &hp("1"));
    reads_as(b"{i\x02hiZ}", &obj(vec![("hi", Value::Null)]));
    reads_as(
        b"{L\x00\x00\x00\x00\x00\x00\x00\x02hiZ}",
        &obj(vec![("hi", Value::Null)]),
    );
    reads_as(b"[#i\x01Z", &Value::Array(vec![Value::Null]));
    reads_as(b"[#I\x00\x01Z", &Value::Array(vec![Value::Null]));
    reads_as(b"[#l\x00\x00\x00\x01Z", &Value::Array(vec![Value::Null]));
    reads_as(b"[$U#L\x00\x00\x00\x00\x00\x00\x00\x01\x07", &bin(&[7]));
}

#[test]
fn binary_is_always_a_typed_uint8_array() {
    golden(&bin(&[]), &[0x5B, 0x24, 0x55, 0x23, 0x55, 0x00]);
    golden(&bin(&[0xAB]), &[0x5B, 0x24, 0x55, 0x23, 0x55, 0x01, 0xAB]);
    let b255 = vec![0x11; 255];
    let mut e = vec![0x5B, 0x24, 0x55, 0x23, 0x55, 0xFF];
    e.extend_from_slice(&b255);
    golden(&bin(&b255), &e);
    let b256 = vec![0x22; 256];
    let mut e = vec![0x5B, 0x24, 0x55, 0x23, 0x49, 0x01, 0x00];
    e.extend_from_slice(&b256);
    golden(&bin(&b256), &e);
    // Also read with other count markers.
    reads_as(b"[$U#i\x00", &bin(&[]));
    reads_as(b"[$U#i\x02\x01\x02", &bin(&[1, 2]));
}

#[test]
fn plain_arrays() {
    golden(&Value::Array(vec![]), b"[]");
    golden(&Value::Array(vec![Value::Array(vec![])]), b"[[]]");
    golden(
        &Value::Array(vec![Value::Int(1), s("a")]),
        &[0x5B, 0x69, 0x01, 0x53, 0x55, 0x01, 0x61, 0x5D],
    );
    // Four same-marker elements: typed would be as long (`[$i#U\x04` + 4 = 10
    // vs `[` + 8 + `]` = 10), so plain.
    golden(
        &Value::Array((1..=4).map(Value::Int).collect()),
        b"[i\x01i\x02i\x03i\x04]",
    );
    // Mixed markers: plain.
    golden(
        &Value::Array(vec![
            Value::Int(1),
            Value::Int(2),
            Value::Int(3),
            Value::Int(4),
            Value::Int(300),
        ]),
        b"[i\x01i\x02i\x03i\x04I\x01\x2C]",
    );
    // Five uint8-range values: `$U` would read back as binary, so plain.
    golden(
        &Value::Array(vec![Value::Int(200); 5]),
        b"[U\xC8U\xC8U\xC8U\xC8U\xC8]",
    );
    // Bools of both values have different markers: plain.
    golden(
        &Value::Array(vec![
            Value::Bool(true),
            Value::Bool(false),
            Value::Bool(true),
            Value::Bool(true),
            Value::Bool(true),
        ]),
        b"[TFTTT]",
    );
    golden(
        &Value::Array(vec![bin(&[1]), Value::Null]),
        b"[[$U#U\x01\x01Z]",
    );
}

#[test]
fn typed_arrays_when_shorter() {
    golden(
        &Value::Array((1..=5).map(Value::Int).collect()),
        b"[$i#U\x05\x01\x02\x03\x04\x05",
    );
    golden(
        &Value::Array(vec![Value::Int(1000); 5]),
        b"[$I#U\x05\x03\xE8\x03\xE8\x03\xE8\x03\xE8\x03\xE8",
    );
    golden(&Value::Array(vec![Value::Null; 5]), b"[$Z#U\x05");
    golden(&Value::Array(vec![Value::Bool(true); 6]), b"[$T#U\x06");
    golden(&Value::Array(vec![Value::Bool(false); 5]), b"[$F#U\x05");
    golden(
        &Value::Array(vec![s("a"); 5]),
        b"[$S#U\x05U\x01aU\x01aU\x01aU\x01aU\x01a",
    );
    golden(&Value::Array(vec![chr(b'x'); 5]), b"[$C#U\x05xxxxx");
    golden(
        &Value::Array(vec![Value::Float32(1.0); 5]),
        b"[$d#U\x05\x3F\x80\x00\x00\x3F\x80\x00\x00\x3F\x80\x00\x00\x3F\x80\x00\x00\x3F\x80\x00\x00",
    );
    // 300 int8s: count `I 01 2C`.
    let mut e = b"[$i#I\x01\x2C".to_vec();
    e.extend(std::iter::repeat_n(0x07, 300));
    golden(&Value::Array(vec![Value::Int(7); 300]), &e);
}

#[test]
fn typed_zero_size_arrays_stay_within_the_default_reader_budget() {
    // `$Z`/`$T`/`$F` elements take no bytes, so the reader allows 2^16 of them
    // per document by default (`Limits::max_zero_size_elements`); the writer
    // keeps its typed ones within that budget, so that what it writes reads
    // back with default limits.
    assert_eq!(Limits::DEFAULT.max_zero_size_elements, 1 << 16);
    // Exactly 2^16 nulls: typed, count `l 00 01 00 00` (65536 needs int32).
    let budget = Value::Array(vec![Value::Null; 1 << 16]);
    golden(&budget, b"[$Z#l\x00\x01\x00\x00");
    // One more: plain, `[`, one `Z` per element, `]`.
    let over = Value::Array(vec![Value::Null; (1 << 16) + 1]);
    let mut e = b"[".to_vec();
    e.extend(std::iter::repeat_n(b'Z', (1 << 16) + 1));
    e.push(b']');
    golden(&over, &e);
    // 100,000 trues, likewise.
    let trues = Value::Array(vec![Value::Bool(true); 100_000]);
    let mut e = b"[".to_vec();
    e.extend(std::iter::repeat_n(b'T', 100_000));
    e.push(b']');
    golden(&trues, &e);
    // The budget is the document's: 5 nulls take 5 of it, so 65,536 falses
    // after them are plain, and 5 trues after those are typed again (5 <= 65,531).
    let doc = Value::Array(vec![
        Value::Array(vec![Value::Null; 5]),
        Value::Array(vec![Value::Bool(false); 1 << 16]),
        Value::Array(vec![Value::Bool(true); 5]),
    ]);
    let mut e = b"[[$Z#U\x05[".to_vec();
    e.extend(std::iter::repeat_n(b'F', 1 << 16));
    e.extend(b"][$T#U\x05]");
    golden(&doc, &e);
    // Two typed arrays that together use exactly the budget, then one more
    // element: the third array is plain.
    let doc = Value::Array(vec![
        Value::Array(vec![Value::Null; 1 << 15]),
        Value::Array(vec![Value::Bool(true); 1 << 15]),
        Value::Array(vec![Value::Bool(false); 5]),
    ]);
    let e = b"[[$Z#l\x00\x00\x80\x00[$T#l\x00\x00\x80\x00[FFFFF]]";
    golden(&doc, e);
}

#[test]
fn objects() {
    golden(&obj(vec![]), b"{}");
    golden(
        &obj(vec![("a", Value::Int(1))]),
        &[0x7B, 0x55, 0x01, 0x61, 0x69, 0x01, 0x7D],
    );
    // The spec's own example shape: `{ i 04 post { i 02 id I 04 71 } }`,
    // written with `U` lengths.
    golden(
        &obj(vec![("post", obj(vec![("id", Value::Int(1137))]))]),
        b"{U\x04post{U\x02idI\x04\x71}}",
    );
    // Order and duplicate keys are kept.
    golden(
        &obj(vec![
            ("b", Value::Int(1)),
            ("a", Value::Int(2)),
            ("b", Value::Null),
        ]),
        b"{U\x01bi\x01U\x01ai\x02U\x01bZ}",
    );
    // Five values with one marker: typed, keys still carry their lengths.
    golden(
        &obj(vec![
            ("a", Value::Int(1)),
            ("b", Value::Int(2)),
            ("c", Value::Int(3)),
            ("d", Value::Int(4)),
            ("e", Value::Int(5)),
        ]),
        b"{$i#U\x05U\x01a\x01U\x01b\x02U\x01c\x03U\x01d\x04U\x01e\x05",
    );
    // In objects `$U` is fine (no binary reading applies).
    golden(
        &obj(vec![
            ("a", Value::Int(200)),
            ("b", Value::Int(201)),
            ("c", Value::Int(202)),
            ("d", Value::Int(203)),
            ("e", Value::Int(204)),
        ]),
        b"{$U#U\x05U\x01a\xC8U\x01b\xC9U\x01c\xCAU\x01d\xCBU\x01e\xCC",
    );
    golden(
        &obj(vec![
            ("a", Value::Null),
            ("b", Value::Null),
            ("c", Value::Null),
            ("d", Value::Null),
            ("e", Value::Null),
        ]),
        b"{$Z#U\x05U\x01aU\x01bU\x01cU\x01dU\x01e",
    );
}

#[test]
fn reader_accepts_counted_and_typed_containers() {
    reads_as(
        b"[#U\x02i\x01i\x02",
        &Value::Array(vec![Value::Int(1), Value::Int(2)]),
    );
    reads_as(b"[#U\x00", &Value::Array(vec![]));
    reads_as(b"[$i#U\x00", &Value::Array(vec![]));
    reads_as(
        b"[$i#i\x02\x01\x02",
        &Value::Array(vec![Value::Int(1), Value::Int(2)]),
    );
    reads_as(b"[$Z#i\x03", &Value::Array(vec![Value::Null; 3]));
    reads_as(b"[$T#U\x02", &Value::Array(vec![Value::Bool(true); 2]));
    reads_as(b"[$F#U\x01", &Value::Array(vec![Value::Bool(false)]));
    reads_as(
        b"[$L#U\x01\x00\x00\x00\x00\x00\x00\x01\x00",
        &Value::Array(vec![Value::Int(256)]),
    );
    reads_as(
        b"[$D#U\x01\x3F\xF8\x00\x00\x00\x00\x00\x00",
        &Value::Array(vec![Value::Float64(1.5)]),
    );
    // Typed arrays of containers: elements have no leading marker.
    reads_as(
        b"[$[#U\x02]]",
        &Value::Array(vec![Value::Array(vec![]), Value::Array(vec![])]),
    );
    reads_as(b"[$[#U\x01$U#U\x01\x07", &Value::Array(vec![bin(&[7])]));
    reads_as(
        b"[${#U\x01U\x01aT}",
        &Value::Array(vec![obj(vec![("a", Value::Bool(true))])]),
    );
    // Objects: counted, typed.
    reads_as(b"{#U\x00", &obj(vec![]));
    reads_as(b"{#U\x01U\x01ai\x05", &obj(vec![("a", Value::Int(5))]));
    reads_as(b"{$S#U\x01U\x01kU\x01v", &obj(vec![("k", s("v"))]));
    reads_as(
        b"{$T#U\x02U\x01aU\x01b",
        &obj(vec![("a", Value::Bool(true)), ("b", Value::Bool(true))]),
    );
    reads_as(b"{$[#U\x01U\x01a]", &obj(vec![("a", Value::Array(vec![]))]));
    // A counted container inside a plain one: the parent's end marker follows.
    reads_as(
        b"[[#i\x01i\x05]",
        &Value::Array(vec![Value::Array(vec![Value::Int(5)])]),
    );
}

#[test]
fn typed_high_precision_array() {
    assert!(Value::from_slice(b"[$H#U\x02U\x011U\x022e").is_err());
    reads_as(
        b"[$H#U\x02U\x011U\x032.5",
        &Value::Array(vec![hp("1"), hp("2.5")]),
    );
}

#[test]
fn no_ops_are_skipped_inside_containers() {
    reads_as(b"[NNi\x01NN]", &Value::Array(vec![Value::Int(1)]));
    reads_as(b"[N]", &Value::Array(vec![]));
    // No-ops do not count towards a count.
    reads_as(b"[#U\x01NNi\x01", &Value::Array(vec![Value::Int(1)]));
    reads_as(b"{NU\x01aZN}", &obj(vec![("a", Value::Null)]));
    reads_as(b"{#U\x01NU\x01aZ", &obj(vec![("a", Value::Null)]));
}

#[test]
fn no_ops_before_keys_of_typed_objects_are_skipped() {
    // `{ $ i # U 02`, a no-op, key `U 01 "a"`, int8 payload 01, two no-ops,
    // key `U 01 "b"`, payload 02: the typed type drops the values' markers, not
    // the keys' length markers, so an `N` where a key starts is a no-op
    // (py-ubjson 0.16.1, C extension and pure Python, reads {a: 1, b: 2}).
    let ab = obj(vec![("a", Value::Int(1)), ("b", Value::Int(2))]);
    reads_as(b"{$i#U\x02NU\x01a\x01NNU\x01b\x02", &ab);
    // The same in a typed object of strings and of zero-size nulls (py-ubjson
    // rejects the latter; the rule is the same one).
    reads_as(
        b"{$S#U\x01NU\x01aU\x02hi",
        &obj(vec![("a", Value::from("hi"))]),
    );
    reads_as(
        b"{$Z#U\x02NU\x01aNU\x01b",
        &obj(vec![("a", Value::Null), ("b", Value::Null)]),
    );
    // After a key, the value has no marker: 0x4E is its int8 payload, 78.
    reads_as(b"{$i#U\x01U\x01aN", &obj(vec![("a", Value::Int(78))]));
    // No-ops do not count: a count of 1 with two no-ops and no entry is short.
    assert!(Value::from_slice(b"{$i#U\x01NN").is_err());
    // In a typed array, 0x4E is element data too: int8s 78 and 1.
    reads_as(
        b"[$i#U\x02N\x01",
        &Value::Array(vec![Value::Int(78), Value::Int(1)]),
    );
}

#[test]
fn reads_borrow_from_the_input() {
    let input = b"[SU\x02hi{U\x01kHU\x011}[$U#U\x01\x07]".to_vec();
    let v = Value::from_slice(&input).unwrap();
    let Value::Array(items) = &v else { panic!() };
    assert!(matches!(&items[0], Value::String(Cow::Borrowed("hi"))));
    let Value::Object(entries) = &items[1] else {
        panic!()
    };
    assert!(matches!(entries[0].0, Cow::Borrowed("k")));
    let Value::HighPrecision(h) = &entries[0].1 else {
        panic!()
    };
    assert!(matches!(h.clone().into_inner(), Cow::Borrowed("1")));
    assert!(matches!(&items[2], Value::Binary(Cow::Borrowed([7]))));
    // into_owned detaches.
    let owned = v.clone().into_owned();
    drop(input);
    assert!(matches!(owned, Value::Array(_)));
}

#[test]
fn depth_limit_boundary() {
    let deep = |n: usize| {
        let mut b = vec![b'['; n];
        b.extend(std::iter::repeat_n(b']', n));
        b
    };
    assert!(Value::from_slice(&deep(128)).is_ok());
    assert!(Value::from_slice(&deep(129)).is_err());
    let limits = Limits::default().with_max_depth(300);
    assert!(Value::from_slice_with(&deep(300), &limits).is_ok());
}

#[test]
fn nested_rich_value_round_trips() {
    let big = "x".repeat(70_000);
    let v = obj(vec![
        ("null", Value::Null),
        (
            "ints",
            Value::Array(vec![Value::Int(-129), Value::Int(128), Value::Int(1 << 40)]),
        ),
        ("typed", Value::Array(vec![Value::Int(-5); 7])),
        (
            "f",
            Value::Array(vec![Value::Float32(0.25), Value::Float64(1e300)]),
        ),
        ("hp", hp("12345678901234567890.5e-7")),
        ("c", chr(b'z')),
        ("big", s(&big)),
        ("bin", bin(&[0, 1, 2, 255])),
        ("empty", obj(vec![])),
        (
            "nested",
            Value::Array(vec![Value::Array(vec![obj(vec![(
                "k",
                Value::Array(vec![]),
            )])])]),
        ),
    ]);
    let bytes = v.to_vec();
    assert_eq!(Value::from_slice(&bytes).unwrap(), v);
    assert_eq!(v.encoded_len(), bytes.len());
}

#[test]
fn marker_table_matches_the_spec() {
    let expected: &[(Marker, u8)] = &[
        (Marker::Null, 0x5A),
        (Marker::NoOp, 0x4E),
        (Marker::True, 0x54),
        (Marker::False, 0x46),
        (Marker::Int8, 0x69),
        (Marker::UInt8, 0x55),
        (Marker::Int16, 0x49),
        (Marker::Int32, 0x6C),
        (Marker::Int64, 0x4C),
        (Marker::Float32, 0x64),
        (Marker::Float64, 0x44),
        (Marker::HighPrecision, 0x48),
        (Marker::Char, 0x43),
        (Marker::String, 0x53),
        (Marker::ArrayStart, 0x5B),
        (Marker::ArrayEnd, 0x5D),
        (Marker::ObjectStart, 0x7B),
        (Marker::ObjectEnd, 0x7D),
        (Marker::ContainerType, 0x24),
        (Marker::ContainerCount, 0x23),
    ];
    for &(m, b) in expected {
        assert_eq!(m.byte(), b);
        assert_eq!(Marker::from_byte(b), Some(m));
    }
}

#[test]
fn sizes() {
    // A `Value` is four words; errors stay small (no allocation on the error
    // path). Guards against accidental growth.
    assert_eq!(std::mem::size_of::<Value<'_>>(), 32);
    assert!(std::mem::size_of::<ubjson_envelope::Error>() <= 32);
    assert!(std::mem::size_of::<ubjson_envelope::EnvelopeError>() <= 48);
}
