//! Growable records (`#[packed(growable)]`, Bitsery's `ext::Growable`): byte-exact with
//! the real library, and what evolution promises.
//!
//! - The real library's bytes: every `growable_*` file of `testdata/golden-ext/` (a
//!   copy of `../shared/golden-ext/`) and of `testdata/growable/` (this repository's
//!   C++ program `tests/cpp/growable_records.cpp`, against the vendored Bitsery)
//!   decodes to its value and the value encodes to the file, little- and big-endian,
//!   from slices and streams; and where Bitsery read one version's bytes with another
//!   version's code (`<bytes>_as_<version>`, and `fixtures.json`'s `cross_reads`), the
//!   same read here gives what Bitsery read, compared as the bytes Bitsery wrote it
//!   back to.
//! - Bytes worked out from the rule: sequences of records, and the frame under the YAS
//!   layouts.
//! - Properties: random values of a version 2 that appends fields of every kind
//!   (a nested record among them) to a version 1 read as each other, under five
//!   layouts, from slices, streams and in place.
//! - Hostile sizes (below 4, past the input, past the enclosing record, a record
//!   ending inside a field) are typed errors with offsets, from slices and streams.
//! - Tags: `tag = N`, discriminants, `other`; `default = "..."`; `explain`.

mod common;

use std::collections::BTreeMap;
use std::fmt::Debug;

use common::{hex, hex_file};
use packed_core::explain::Role;
use packed_core::{layout, DecodeError, EncodeError, Layout, Limits, Packed};
use proptest::prelude::*;

const GOLDEN_EXT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../testdata/golden-ext/");
const OWN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../testdata/growable/");

/// The two configurations Bitsery wrote, with their layouts.
const BITSERY_CONFIGS: [&str; 2] = ["bitsery-le", "bitsery-be"];

// ---------------------------------------------------------------------------------------
// The real library's types (fixtures.json, tests/cpp/growable_records.cpp)
// ---------------------------------------------------------------------------------------

#[derive(Packed, Debug, Clone, PartialEq, Default)]
#[packed(growable)]
struct G {
    a: i32,
    b: String,
}

/// A plain record holding a sequence of growable ones.
#[derive(Packed, Debug, Clone, PartialEq, Default)]
struct Outer {
    id: u32,
    items: Vec<G>,
    trailer: u8,
}

#[derive(Packed, Debug, Clone, PartialEq, Default)]
#[packed(growable)]
struct GInner {
    s: String,
    v: u16,
}

#[derive(Packed, Debug, Clone, PartialEq, Default)]
#[packed(growable)]
struct GOuter {
    x: i32,
    inner: GInner,
    after: String,
}

#[derive(Packed, Debug, Clone, PartialEq, Default)]
#[packed(growable)]
struct V1 {
    id: u32,
    name: String,
}

#[derive(Packed, Debug, Clone, PartialEq, Default)]
#[packed(growable)]
struct V2 {
    id: u32,
    name: String,
    score: i32,
    tags: Vec<u16>,
}

#[derive(Packed, Debug, Clone, PartialEq, Default)]
#[packed(growable)]
struct C {
    s: String,
}

#[derive(Packed, Debug, Clone, PartialEq, Default)]
#[packed(growable)]
struct B {
    y: u16,
    c: C,
    z: u32,
}

#[derive(Packed, Debug, Clone, PartialEq, Default)]
#[packed(growable)]
struct A {
    x: u8,
    b: B,
    after: String,
}

/// Plain, inside a record.
#[derive(Packed, Debug, Clone, PartialEq, Default)]
struct Point {
    x: i16,
    y: i16,
}

#[derive(Packed, Debug, Clone, PartialEq, Default)]
#[packed(growable)]
struct P {
    a: u32,
    pt: Point,
    pts: Vec<Point>,
}

#[derive(Packed, Debug, Clone, PartialEq, Default)]
#[packed(growable)]
struct In1 {
    a: u16,
}

#[derive(Packed, Debug, Clone, PartialEq, Default)]
#[packed(growable)]
struct In2 {
    a: u16,
    b: String,
}

#[derive(Packed, Debug, Clone, PartialEq, Default)]
#[packed(growable)]
struct Rec1 {
    id: u32,
    name: String,
    inner: In1,
}

#[derive(Packed, Debug, Clone, PartialEq, Default)]
#[packed(growable)]
struct Rec2 {
    id: u32,
    name: String,
    inner: In2,
    score: i64,
    items: Vec<In2>,
    flag: bool,
    note: Option<String>,
}

/// A record with no fields: its size alone.
#[derive(Packed, Debug, Clone, PartialEq, Default)]
#[packed(growable)]
struct Empty;

/// Version 1 of an evolving enum; tags it does not know decode to `Unknown`. Its tag
/// is a `u8`, as the C++ program writes it (`value1b`; without `tag` it would take
/// `std::variant`'s form, Bitsery's size prefix, which writes 255 in two bytes).
#[derive(Packed, Debug, Clone, PartialEq)]
#[packed(growable, tag = "u8")]
enum Shape1 {
    Circle {
        r: u32,
    },
    Rect {
        w: u16,
        h: u16,
    },
    #[packed(other, tag = 255)]
    Unknown,
}

/// Version 2: `Circle` gained `fill`, and `Tri` is new.
#[derive(Packed, Debug, Clone, PartialEq)]
#[packed(growable, tag = "u8")]
enum Shape2 {
    Circle { r: u32, fill: u8 },
    Rect { w: u16, h: u16 },
    Tri { a: u16, b: u16, c: u16 },
}

/// The values of `growable_records.cpp`.
fn g_seq() -> Vec<G> {
    vec![
        G {
            a: 1,
            b: "x".into(),
        },
        G {
            a: -2,
            b: String::new(),
        },
        G {
            a: 300,
            b: "abc".into(),
        },
    ]
}

fn v1() -> V1 {
    V1 {
        id: 7,
        name: "alice".into(),
    }
}

fn v2() -> V2 {
    V2 {
        id: 7,
        name: "alice".into(),
        score: -42,
        tags: vec![1, 2, 65535],
    }
}

fn vec_v1() -> Vec<V1> {
    vec![
        V1 {
            id: 1,
            name: "a".into(),
        },
        V1 {
            id: 2,
            name: "bb".into(),
        },
    ]
}

fn vec_v2() -> Vec<V2> {
    vec![
        V2 {
            id: 1,
            name: "a".into(),
            score: 10,
            tags: vec![5],
        },
        V2 {
            id: 2,
            name: "bb".into(),
            score: -1,
            tags: vec![],
        },
    ]
}

fn rec1() -> Rec1 {
    Rec1 {
        id: 9,
        name: "n".into(),
        inner: In1 { a: 0xBEEF },
    }
}

fn rec2() -> Rec2 {
    Rec2 {
        id: 9,
        name: "n".into(),
        inner: In2 {
            a: 0xBEEF,
            b: "new".into(),
        },
        score: -3,
        items: vec![
            In2 {
                a: 1,
                b: "p".into(),
            },
            In2 {
                a: 2,
                b: String::new(),
            },
        ],
        flag: true,
        note: Some("hi".into()),
    }
}

fn shapes1() -> Vec<Shape1> {
    vec![Shape1::Circle { r: 5 }, Shape1::Rect { w: 2, h: 3 }]
}

fn shapes2() -> Vec<Shape2> {
    vec![
        Shape2::Circle { r: 5, fill: 9 },
        Shape2::Rect { w: 2, h: 3 },
        Shape2::Tri { a: 1, b: 2, c: 3 },
    ]
}

// ---------------------------------------------------------------------------------------
// Checking a file
// ---------------------------------------------------------------------------------------

/// Checks that `bytes` decode to `value` under layout `L` and that `value` encodes to
/// them, through every entry point: slices, streams, in place (from `start`), and the
/// exact length.
fn check_bytes<L: Layout, T: Packed + PartialEq + Debug>(
    what: &str,
    bytes: &[u8],
    value: &T,
    start: T,
) {
    let c = packed_core::with::<L>();
    assert_eq!(
        c.from_slice::<T>(bytes).as_ref(),
        Ok(value),
        "{what}: from_slice"
    );
    assert_eq!(c.to_vec(value).as_deref(), Ok(bytes), "{what}: to_vec");
    assert_eq!(c.encoded_len(value), Ok(bytes.len()), "{what}: encoded_len");
    let mut sink = Vec::new();
    assert_eq!(
        c.to_writer(value, &mut sink),
        Ok(bytes.len()),
        "{what}: to_writer"
    );
    assert_eq!(sink, bytes, "{what}: to_writer's bytes");
    // A stream reads exactly the value's bytes: a second message follows.
    let twice = [bytes, bytes].concat();
    let mut stream = &twice[..];
    assert_eq!(
        c.from_reader::<T, _>(&mut stream).as_ref(),
        Ok(value),
        "{what}: from_reader"
    );
    assert_eq!(
        c.from_reader::<T, _>(&mut stream).as_ref(),
        Ok(value),
        "{what}: 2nd from_reader"
    );
    assert!(stream.is_empty(), "{what}: the stream is read to its end");
    let mut into = start;
    assert_eq!(
        c.from_slice_into(bytes, &mut into),
        Ok(()),
        "{what}: from_slice_into"
    );
    assert_eq!(&into, value, "{what}: from_slice_into's value");
    assert_eq!(
        c.explain(value).map(|e| e.bytes().to_vec()).as_deref(),
        Ok(bytes),
        "{what}: explain"
    );
}

/// [`check_bytes`] under Bitsery's configuration `config`.
fn check_config<T: Packed + PartialEq + Debug>(
    config: &str,
    what: &str,
    bytes: &[u8],
    value: &T,
    start: T,
) {
    match config {
        "bitsery-le" => check_bytes::<layout::Bitsery, T>(what, bytes, value, start),
        "bitsery-be" => check_bytes::<layout::BitseryBig, T>(what, bytes, value, start),
        other => panic!("no layout for {other}"),
    }
}

/// Checks the file `<dir><config>_<fixture>.hex` against `value`.
fn check_file<T: Packed + PartialEq + Debug>(
    dir: &str,
    config: &str,
    fixture: &str,
    value: &T,
    start: T,
) {
    let bytes = hex_file(dir, config, fixture);
    check_config(config, &format!("{config}_{fixture}"), &bytes, value, start);
}

// ---------------------------------------------------------------------------------------
// testdata/golden-ext: growable_*
// ---------------------------------------------------------------------------------------

#[test]
fn golden_ext_growable_files() {
    for config in BITSERY_CONFIGS {
        let basic = G {
            a: -5,
            b: "hello".into(),
        };
        check_file(GOLDEN_EXT, config, "growable_basic", &basic, G::default());
        let outer = Outer {
            id: 1001,
            items: g_seq(),
            trailer: 238,
        };
        check_file(
            GOLDEN_EXT,
            config,
            "growable_vec_in_plain",
            &outer,
            Outer::default(),
        );
        let nested = GOuter {
            x: 7,
            inner: GInner {
                s: "in".into(),
                v: 48879,
            },
            after: "after".into(),
        };
        check_file(
            GOLDEN_EXT,
            config,
            "growable_nested",
            &nested,
            GOuter::default(),
        );
        check_file(GOLDEN_EXT, config, "growable_evo_v1", &v1(), V1::default());
        check_file(GOLDEN_EXT, config, "growable_evo_v2", &v2(), V2::default());
    }
}

/// `fixtures.json`'s `cross_reads`: Bitsery read from sentinel values `{999,
/// "sentinel", 77, [9]}` and `{999, "sentinel"}`, with no error and to the end.
#[test]
fn golden_ext_cross_reads() {
    for config in BITSERY_CONFIGS {
        let old = hex_file(GOLDEN_EXT, config, "growable_evo_v1");
        let new = hex_file(GOLDEN_EXT, config, "growable_evo_v2");
        let v1_as_v2 = V2 {
            id: 7,
            name: "alice".into(),
            score: 0,
            tags: vec![],
        };
        let sentinel2 = V2 {
            id: 999,
            name: "sentinel".into(),
            score: 77,
            tags: vec![9],
        };
        let sentinel1 = V1 {
            id: 999,
            name: "sentinel".into(),
        };
        cross_read(config, "growable_evo_v1 as V2", &old, &v1_as_v2, sentinel2);
        cross_read(config, "growable_evo_v2 as V1", &new, &v1(), sentinel1);
    }
}

/// Reads `bytes` (another version's) as a `T` under Bitsery's `config`, fresh, in place
/// from `start`, and from a stream, expecting `want`.
fn cross_read<T: Packed + PartialEq + Debug>(
    config: &str,
    what: &str,
    bytes: &[u8],
    want: &T,
    start: T,
) {
    match config {
        "bitsery-le" => cross_read_in::<layout::Bitsery, T>(what, bytes, want, start),
        "bitsery-be" => cross_read_in::<layout::BitseryBig, T>(what, bytes, want, start),
        other => panic!("no layout for {other}"),
    }
}

fn cross_read_in<L: Layout, T: Packed + PartialEq + Debug>(
    what: &str,
    bytes: &[u8],
    want: &T,
    start: T,
) {
    let c = packed_core::with::<L>();
    assert_eq!(
        c.from_slice::<T>(bytes).as_ref(),
        Ok(want),
        "{what}: from_slice"
    );
    let mut stream = bytes;
    assert_eq!(
        c.from_reader::<T, _>(&mut stream).as_ref(),
        Ok(want),
        "{what}: from_reader"
    );
    assert!(
        stream.is_empty(),
        "{what}: the stream is read to the record's end"
    );
    let mut into = start;
    assert_eq!(
        c.from_slice_into(bytes, &mut into),
        Ok(()),
        "{what}: from_slice_into"
    );
    assert_eq!(&into, want, "{what}: from_slice_into's value");
}

// ---------------------------------------------------------------------------------------
// testdata/growable: this repository's C++ program against the vendored Bitsery
// ---------------------------------------------------------------------------------------

#[test]
fn own_cpp_files() {
    for config in BITSERY_CONFIGS {
        check_file(OWN, config, "seq_of_records", &g_seq(), vec![]);
        let a = A {
            x: 1,
            b: B {
                y: 0x1234,
                c: C { s: "deep".into() },
                z: 7,
            },
            after: "end".into(),
        };
        check_file(OWN, config, "nested_three", &a, A::default());
        let p = P {
            a: 0xA1B2_C3D4,
            pt: Point { x: -1, y: 2 },
            pts: vec![Point { x: 3, y: -4 }],
        };
        check_file(OWN, config, "plain_in_record", &p, P::default());
        check_file(OWN, config, "evo_v1", &v1(), V1::default());
        check_file(OWN, config, "evo_v2", &v2(), V2::default());
        check_file(OWN, config, "evo_vec_v1", &vec_v1(), vec![V1::default(); 5]);
        check_file(OWN, config, "evo_vec_v2", &vec_v2(), vec![]);
        check_file(OWN, config, "evo_nested_v1", &rec1(), Rec1::default());
        check_file(OWN, config, "evo_nested_v2", &rec2(), Rec2::default());
        check_file(OWN, config, "empty_record", &Empty, Empty);
        check_file(OWN, config, "enum_v1", &shapes1(), vec![Shape1::Unknown]);
        check_file(OWN, config, "enum_v2", &shapes2(), vec![]);
        // The golden-ext files and this program's agree.
        for fixture in ["evo_v1", "evo_v2"] {
            assert_eq!(
                hex_file(OWN, config, fixture),
                hex_file(GOLDEN_EXT, config, &format!("growable_{fixture}")),
                "{config}: {fixture}"
            );
        }
    }
}

/// Bitsery's own cross reads: each `<bytes>_as_<version>` file is what Bitsery read
/// from `<bytes>` with the other version's code, written back with that code. The same
/// read here gives the value that file decodes to, and the value writes that file.
#[test]
fn own_cpp_cross_reads() {
    for config in BITSERY_CONFIGS {
        cross_file::<V2>(config, "evo_v1", "v2", V2::default());
        cross_file::<V1>(config, "evo_v2", "v1", V1::default());
        cross_file::<Vec<V2>>(config, "evo_vec_v1", "v2", vec![V2::default(); 3]);
        cross_file::<Vec<V1>>(config, "evo_vec_v2", "v1", vec![]);
        cross_file::<Rec2>(config, "evo_nested_v1", "v2", rec2());
        cross_file::<Rec1>(config, "evo_nested_v2", "v1", Rec1::default());
        cross_file::<V2>(config, "empty_record", "v2", v2());
        cross_file::<Vec<Shape2>>(config, "enum_v1", "v2", vec![]);
        cross_file::<Vec<Shape1>>(config, "enum_v2", "v1", shapes1());
    }
    // What the values are, by hand, so a wrong file cannot pass alone.
    fn le<T: Packed>(fixture: &str) -> T {
        packed_core::from_slice(&hex_file(OWN, "bitsery-le", fixture)).unwrap()
    }
    let v1_as_v2: Vec<V2> = le("evo_vec_v1_as_v2");
    assert_eq!(
        v1_as_v2,
        [
            V2 {
                id: 1,
                name: "a".into(),
                ..V2::default()
            },
            V2 {
                id: 2,
                name: "bb".into(),
                ..V2::default()
            }
        ]
    );
    let shapes: Vec<Shape1> = le("enum_v2_as_v1");
    assert_eq!(
        shapes,
        [
            Shape1::Circle { r: 5 },
            Shape1::Rect { w: 2, h: 3 },
            Shape1::Unknown
        ]
    );
    let shapes: Vec<Shape2> = le("enum_v1_as_v2");
    assert_eq!(
        shapes,
        [
            Shape2::Circle { r: 5, fill: 0 },
            Shape2::Rect { w: 2, h: 3 }
        ]
    );
}

/// `from` as a `T`, compared with `<from>_as_<to>`.
fn cross_file<T: Packed + PartialEq + Debug + Default>(
    config: &str,
    from: &str,
    to: &str,
    start: T,
) {
    let bytes = hex_file(OWN, config, from);
    let read_back = hex_file(OWN, config, &format!("{from}_as_{to}"));
    let want: T = match config {
        "bitsery-le" => packed_core::with::<layout::Bitsery>().from_slice(&read_back),
        _ => packed_core::with::<layout::BitseryBig>().from_slice(&read_back),
    }
    .unwrap_or_else(|e| panic!("{config}_{from}_as_{to}: {e}"));
    let what = format!("{config}_{from} as {to}");
    cross_read(config, &what, &bytes, &want, start);
    check_config(
        config,
        &format!("{config}_{from}_as_{to}"),
        &read_back,
        &want,
        T::default(),
    );
}

// ---------------------------------------------------------------------------------------
// Bytes worked out from the rule
// ---------------------------------------------------------------------------------------

/// A sequence of records: the count, then every element with its own size (the rule;
/// golden-ext's held-out `growable_evo_vec_*` are such sequences).
#[test]
fn sequences_of_records_by_hand() {
    let le = hex("02 0a000000 01000000 01 61   0b000000 02000000 02 6262");
    let be = hex("02 0000000a 00000001 01 61   0000000b 00000002 02 6262");
    check_bytes::<layout::Bitsery, _>("vec V1 le", &le, &vec_v1(), vec![]);
    check_bytes::<layout::BitseryBig, _>("vec V1 be", &be, &vec_v1(), vec![]);
    // Version 2's elements read as version 1: each element's tail is skipped, and the
    // next element starts where its record ends, not where version 1's fields end.
    let v2_le = hex("02 11000000 01000000 01 61 0a000000 01 0500
            10000000 02000000 02 6262 ffffffff 00");
    check_bytes::<layout::Bitsery, _>("vec V2 le", &v2_le, &vec_v2(), vec![]);
    cross_read_in::<layout::Bitsery, Vec<V1>>("vec V2 as V1", &v2_le, &vec_v1(), vec![]);
    // And version 1's as version 2: zero-filling stops at each element's end.
    let v1_as_v2: Vec<V2> = vec_v1()
        .into_iter()
        .map(|v| V2 {
            id: v.id,
            name: v.name,
            ..V2::default()
        })
        .collect();
    cross_read_in::<layout::Bitsery, Vec<V2>>("vec V1 as V2", &le, &v1_as_v2, vec_v2());
    // A map's values and an option's value are records too.
    let mut map = BTreeMap::new();
    map.insert(
        3u8,
        G {
            a: 1,
            b: "x".into(),
        },
    );
    let bytes = hex("01 03 0a000000 01000000 01 78");
    check_bytes::<layout::Bitsery, _>("map of records", &bytes, &map, BTreeMap::new());
    let some = Some(V1 {
        id: 2,
        name: String::new(),
    });
    check_bytes::<layout::Bitsery, _>("option", &hex("01 09000000 02000000 00"), &some, None);
}

/// The same record under every layout: Bitsery's frame is the same 4 bytes in the
/// layout's byte order (never compacted), after the header if the layout has one, with
/// the body exactly as a plain struct of the same fields writes it.
#[test]
fn the_frame_under_every_layout() {
    #[derive(Packed, Debug, Clone, PartialEq, Default)]
    struct Plain {
        a: i32,
        b: String,
        items: Vec<G>,
    }
    #[derive(Packed, Debug, Clone, PartialEq, Default)]
    #[packed(growable)]
    struct Framed {
        a: i32,
        b: String,
        items: Vec<G>,
    }
    let items = g_seq();
    let plain = Plain {
        a: -5,
        b: "hello".into(),
        items: items.clone(),
    };
    let framed = Framed {
        a: -5,
        b: "hello".into(),
        items,
    };
    fn one<L: Layout>(name: &str, header: usize, big: bool, plain: &Plain, framed: &Framed) {
        let body = packed_core::to_vec_as::<L, _>(plain).unwrap();
        let size = u32::try_from(body.len() - header + 4).unwrap();
        let size = if big {
            size.to_be_bytes()
        } else {
            size.to_le_bytes()
        };
        let want = [&body[..header], &size[..], &body[header..]].concat();
        check_bytes::<L, Framed>(name, &want, framed, Framed::default());
    }
    one::<layout::Bitsery>("bitsery", 0, false, &plain, &framed);
    one::<layout::BitseryBig>("bitsery-be", 0, true, &plain, &framed);
    one::<layout::Yas>("yas", 7, false, &plain, &framed);
    one::<layout::YasNoHeader>("yas-noheader", 0, false, &plain, &framed);
    one::<layout::YasBig>("yas-ebig", 7, true, &plain, &framed);
    one::<layout::YasCompacted>("yas-compacted", 7, false, &plain, &framed);
    one::<layout::YasCompactedBig>("yas-compacted-ebig", 7, true, &plain, &framed);
    one::<layout::Varint>("varint", 0, false, &plain, &framed);
    // And one by hand: YAS binary, `G {-5, "hello"}`: header, size 4 + 4 + 8 + 5.
    let yas = hex("79617330303137 15000000 fbffffff 0500000000000000 68656c6c6f");
    check_bytes::<layout::Yas, G>(
        "yas by hand",
        &yas,
        &G {
            a: -5,
            b: "hello".into(),
        },
        G::default(),
    );
    // A type's own layout gives its frame's byte order.
    #[derive(Packed, Debug, Clone, PartialEq, Default)]
    #[packed(growable, endian = "big")]
    struct BigFrame {
        a: u16,
    }
    assert_eq!(
        packed_core::to_vec(&BigFrame { a: 1 }).unwrap(),
        hex("00000006 0001")
    );
    assert_eq!(
        packed_core::from_slice(&hex("00000006 0001")),
        Ok(BigFrame { a: 1 })
    );
}

// ---------------------------------------------------------------------------------------
// Properties: version 1 and version 2 read each other
// ---------------------------------------------------------------------------------------

#[derive(Packed, Debug, Clone, PartialEq, Default)]
#[packed(growable)]
struct PIn1 {
    a: u32,
}

#[derive(Packed, Debug, Clone, PartialEq, Default)]
#[packed(growable)]
struct PIn2 {
    a: u32,
    b: String,
    c: Vec<i16>,
}

#[derive(Packed, Debug, Clone, PartialEq, Default)]
#[packed(growable)]
enum Choice1 {
    A(u32),
    B {
        s: String,
    },
    #[default]
    #[packed(other)]
    Unknown,
}

/// `Choice1` with fields appended to `A` and `B`, and two variants after `Unknown`.
#[derive(Packed, Debug, Clone, PartialEq, Default)]
#[packed(growable)]
enum Choice2 {
    A(u32, u8),
    B {
        s: String,
        t: u16,
    },
    #[default]
    #[packed(other)]
    Unknown,
    C(String),
    D,
}

#[derive(Packed, Debug, Clone, PartialEq, Default)]
#[packed(growable)]
struct P1 {
    id: u64,
    name: String,
    inner: PIn1,
    list: Vec<PIn1>,
    choice: Choice1,
}

/// `P1` with its nested records grown, and fields of every kind appended.
#[derive(Packed, Debug, Clone, PartialEq, Default)]
#[packed(growable)]
struct P2 {
    id: u64,
    name: String,
    inner: PIn2,
    list: Vec<PIn2>,
    choice: Choice2,
    // Appended:
    n8: i8,
    n16: u16,
    n32: i32,
    n64: i64,
    n128: u128,
    float: f32,
    flag: bool,
    ch: char,
    text: String,
    bytes: Vec<u8>,
    opt: Option<u32>,
    plain: Point,
    nested: PIn2,
    records: Vec<PIn2>,
    map: BTreeMap<u8, String>,
    pair: (u8, String),
    arr: [u16; 3],
    boxed: Option<Box<PIn2>>,
    #[packed(default = "Choice2::D")]
    later: Choice2,
    #[packed(default = "42")]
    answer: u32,
    #[packed(skip)]
    skipped: u8,
}

/// What version 1 reads of `p`: the fields it knows, of the records it knows.
fn project(p: &P2) -> P1 {
    P1 {
        id: p.id,
        name: p.name.clone(),
        inner: PIn1 { a: p.inner.a },
        list: p.list.iter().map(|i| PIn1 { a: i.a }).collect(),
        choice: match &p.choice {
            Choice2::A(a, _) => Choice1::A(*a),
            Choice2::B { s, .. } => Choice1::B { s: s.clone() },
            Choice2::Unknown | Choice2::C(_) | Choice2::D => Choice1::Unknown,
        },
    }
}

/// What version 2 reads of `p`: its fields, and defaults for the rest.
fn extend(p: &P1) -> P2 {
    P2 {
        id: p.id,
        name: p.name.clone(),
        inner: PIn2 {
            a: p.inner.a,
            ..PIn2::default()
        },
        list: p
            .list
            .iter()
            .map(|i| PIn2 {
                a: i.a,
                ..PIn2::default()
            })
            .collect(),
        choice: match &p.choice {
            Choice1::A(a) => Choice2::A(*a, 0),
            Choice1::B { s } => Choice2::B { s: s.clone(), t: 0 },
            Choice1::Unknown => Choice2::Unknown,
        },
        later: Choice2::D,
        answer: 42,
        ..P2::default()
    }
}

fn pin2() -> impl Strategy<Value = PIn2> {
    (
        any::<u32>(),
        ".{0,6}",
        prop::collection::vec(any::<i16>(), 0..4),
    )
        .prop_map(|(a, b, c)| PIn2 { a, b, c })
}

fn choice2() -> impl Strategy<Value = Choice2> {
    prop_oneof![
        (any::<u32>(), any::<u8>()).prop_map(|(a, b)| Choice2::A(a, b)),
        (".{0,4}", any::<u16>()).prop_map(|(s, t)| Choice2::B { s, t }),
        Just(Choice2::Unknown),
        ".{0,4}".prop_map(Choice2::C),
        Just(Choice2::D),
    ]
}

prop_compose! {
    fn p2_head()(
        id in any::<u64>(), name in ".{0,8}", inner in pin2(),
        list in prop::collection::vec(pin2(), 0..4), choice in choice2(),
        n8 in any::<i8>(), n16 in any::<u16>(), n32 in any::<i32>(), n64 in any::<i64>(),
        n128 in any::<u128>(), float in any::<i16>().prop_map(f32::from), flag in any::<bool>(),
        ch in any::<char>(),
    ) -> P2 {
        P2 { id, name, inner, list, choice, n8, n16, n32, n64, n128, float, flag, ch, ..P2::default() }
    }
}

prop_compose! {
    fn p2()(
        head in p2_head(), text in ".{0,8}", bytes in prop::collection::vec(any::<u8>(), 0..8),
        opt in any::<Option<u32>>(), x in any::<i16>(), y in any::<i16>(), nested in pin2(),
        records in prop::collection::vec(pin2(), 0..3),
        map in prop::collection::btree_map(any::<u8>(), ".{0,3}", 0..3),
        pair in (any::<u8>(), ".{0,3}"), arr in any::<[u16; 3]>(),
        boxed in prop::option::of(pin2().prop_map(Box::new)), later in choice2(),
        answer in any::<u32>(),
    ) -> P2 {
        P2 {
            text, bytes, opt, plain: Point { x, y }, nested, records, map, pair, arr, boxed,
            later, answer, ..head
        }
    }
}

/// Both versions read each other's bytes under layout `L`, from slices, streams and in
/// place, alone and as sequences, and what was read writes the reader's own bytes.
fn evolve<L: Layout>(p2: &P2, other: &P2) {
    let c = packed_core::with::<L>();
    let name = core::any::type_name::<L>();
    let b2 = c.to_vec(p2).unwrap();
    let p1 = project(p2);
    let b1 = c.to_vec(&p1).unwrap();
    let grown = extend(&p1);
    assert_eq!(
        c.from_slice::<P2>(&b2).as_ref(),
        Ok(p2),
        "{name}: v2 round trip"
    );
    assert_eq!(
        c.from_slice::<P1>(&b1).as_ref(),
        Ok(&p1),
        "{name}: v1 round trip"
    );
    assert_eq!(
        c.from_slice::<P1>(&b2).as_ref(),
        Ok(&p1),
        "{name}: v2 bytes as v1"
    );
    assert_eq!(
        c.from_slice::<P2>(&b1).as_ref(),
        Ok(&grown),
        "{name}: v1 bytes as v2"
    );
    // What was read writes the reader's bytes.
    assert_eq!(
        c.to_vec(&grown).unwrap(),
        c.to_vec(&extend(&project(p2))).unwrap()
    );
    assert_eq!(
        c.to_vec(&c.from_slice::<P1>(&b2).unwrap()).unwrap(),
        b1,
        "{name}"
    );
    // Streams: the writer counts the body first; the reader skips the tail.
    let mut sink = Vec::new();
    c.to_writer(p2, &mut sink).unwrap();
    assert_eq!(sink, b2, "{name}: to_writer");
    let twice = [&b2[..], &b1[..]].concat();
    let mut stream = &twice[..];
    assert_eq!(
        c.from_reader::<P1, _>(&mut stream).as_ref(),
        Ok(&p1),
        "{name}: stream v2 as v1"
    );
    assert_eq!(
        c.from_reader::<P2, _>(&mut stream).as_ref(),
        Ok(&grown),
        "{name}: stream v1 as v2"
    );
    assert!(stream.is_empty());
    // In place, over a value with every field set: the fields the record does not hold
    // take their defaults, as Bitsery overwrites them.
    let mut into = other.clone();
    c.from_slice_into(&b1, &mut into).unwrap();
    assert_eq!(into, grown, "{name}: v1 bytes into a v2");
    let mut into = project(other);
    c.from_slice_into(&b2, &mut into).unwrap();
    assert_eq!(into, p1, "{name}: v2 bytes into a v1");
    // Sequences: every element's tail skipped, every element's defaults filled.
    let seq2 = vec![p2.clone(), other.clone()];
    let seq1: Vec<P1> = seq2.iter().map(project).collect();
    let seq_b2 = c.to_vec(&seq2).unwrap();
    let seq_b1 = c.to_vec(&seq1).unwrap();
    assert_eq!(
        c.from_slice::<Vec<P1>>(&seq_b2),
        Ok(seq1.clone()),
        "{name}: seq v2 as v1"
    );
    let seq_grown: Vec<P2> = seq1.iter().map(extend).collect();
    assert_eq!(
        c.from_slice::<Vec<P2>>(&seq_b1),
        Ok(seq_grown.clone()),
        "{name}: seq v1 as v2"
    );
    let mut stream = &seq_b1[..];
    assert_eq!(
        c.from_reader::<Vec<P2>, _>(&mut stream),
        Ok(seq_grown),
        "{name}: seq stream"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn versions_read_each_other(p in p2(), other in p2()) {
        evolve::<layout::Bitsery>(&p, &other);
        evolve::<layout::BitseryBig>(&p, &other);
        evolve::<layout::Yas>(&p, &other);
        evolve::<layout::YasCompacted>(&p, &other);
        evolve::<layout::Varint>(&p, &other);
    }
}

// ---------------------------------------------------------------------------------------
// Hostile sizes
// ---------------------------------------------------------------------------------------

/// `bytes` as a `T`, from a slice and from a stream (which cannot tell where the input
/// ends before it gets there, so `from_stream` may differ from `want`).
fn refuse<T: Packed + Debug>(bytes: &[u8], want: DecodeError, from_stream: Option<DecodeError>) {
    let got = packed_core::from_slice::<T>(bytes)
        .map_err(packed_core::Error::into_kind)
        .map(|_| ());
    assert_eq!(got, Err(want.clone()), "slice {bytes:02x?}");
    let got = packed_core::from_reader::<T, _>(bytes)
        .map_err(packed_core::Error::into_kind)
        .map(|_| ());
    assert_eq!(got, Err(from_stream.unwrap_or(want)), "stream {bytes:02x?}");
}

#[test]
fn sizes_below_four_are_refused() {
    for size in 0u8..4 {
        let bytes = [&[size, 0, 0, 0][..], &hex("fbffffff 0568656c6c6f")].concat();
        let err = DecodeError::RecordSizeTooSmall {
            offset: 0,
            size: u32::from(size),
        };
        refuse::<G>(&bytes, err, None);
        // Nested: the inner record's size, at byte 8 of `GOuter`.
        let mut nested = hex("17000000 07000000 09000000 02696e efbe 056166746572");
        nested[8] = size;
        let err = DecodeError::RecordSizeTooSmall {
            offset: 8,
            size: u32::from(size),
        };
        refuse::<GOuter>(&nested, err, None);
    }
}

#[test]
fn sizes_past_the_input_are_refused() {
    // 15 bytes claimed, 14 there: the slice knows before reading the body; the stream
    // finds out at the end of the input.
    let bytes = hex("0f000000 fbffffff 0568656c6c6f");
    let err = DecodeError::RecordSizeTooLarge {
        offset: 0,
        size: 15,
        available: 14,
    };
    let eof = DecodeError::UnexpectedEnd {
        offset: 14,
        needed: 1,
        remaining: 0,
    };
    refuse::<G>(&bytes, err, Some(eof));
    // The largest size there is, from a stream of 8 bytes: no allocation, no hang.
    let bytes = hex("ffffffff 01000000");
    let err = DecodeError::RecordSizeTooLarge {
        offset: 0,
        size: u32::MAX,
        available: 8,
    };
    refuse::<V1>(
        &bytes,
        err,
        Some(DecodeError::UnexpectedEnd {
            offset: 8,
            needed: 1,
            remaining: 0,
        }),
    );
    // Past a byte limit: the limit's error.
    let bytes = hex("0e000000 fbffffff 0568656c6c6f");
    let limits = Limits::DEFAULT.with_max_bytes(10);
    let c = packed_core::config().limits(limits);
    let over = DecodeError::ByteLimitExceeded {
        offset: 10,
        limit: 10,
    };
    assert_eq!(
        c.take_from_slice::<G>(&bytes)
            .map(drop)
            .map_err(packed_core::Error::into_kind),
        Err(over)
    );
    // A stream finds out at the string that crosses the limit.
    let over = DecodeError::ByteLimitExceeded {
        offset: 9,
        limit: 10,
    };
    assert_eq!(
        c.from_reader::<G, _>(&bytes[..])
            .map_err(packed_core::Error::into_kind)
            .map(drop),
        Err(over)
    );
}

#[test]
fn sizes_past_the_enclosing_record_are_refused() {
    // `GOuter` (23 bytes) whose inner record claims 16 bytes from byte 8: 24, past the
    // outer record's end at 23, though not past the input (a trailing byte).
    let mut bytes = hex("17000000 07000000 10000000 02696e efbe 056166746572 00");
    let err = DecodeError::RecordSizeTooLarge {
        offset: 8,
        size: 16,
        available: 15,
    };
    let c = packed_core::config();
    assert_eq!(
        c.take_from_slice::<GOuter>(&bytes)
            .map(drop)
            .map_err(packed_core::Error::into_kind),
        Err(err.clone())
    );
    assert_eq!(
        c.from_reader::<GOuter, _>(&bytes[..])
            .map_err(packed_core::Error::into_kind)
            .map(drop),
        Err(err)
    );
    // Nested windows crossing: in a sequence of two records, the first's inner record
    // reaches into the second element.
    bytes = [
        &hex("02")[..],
        &hex("17000000 07000000 20000000 02696e efbe 056166746572"),
        &hex("17000000 07000000 09000000 02696e efbe 056166746572"),
    ]
    .concat();
    let err = DecodeError::RecordSizeTooLarge {
        offset: 9,
        size: 32,
        available: 15,
    };
    refuse::<Vec<GOuter>>(&bytes, err, None);
}

#[test]
fn a_record_ending_inside_a_field_is_refused() {
    // `G`'s record (from byte 5) ends 2 bytes into `a` at byte 9 (the input goes on:
    // `Outer`'s trailer). Slices and streams stop reads at the record's end alike.
    let bytes = hex("e9030000 01 06000000 0100 ee");
    let err = DecodeError::RecordEndsInsideField {
        offset: 9,
        record_end: 11,
    };
    refuse::<Outer>(&bytes, err, None);
    // A string whose bytes go past the record's end: its length is checked against the
    // record, as against the input, from a slice and from a stream (which knows where
    // the record ends, if not where the input does).
    let bytes = hex("0c000000 fbffffff 05 68656c 6c6f");
    let c = packed_core::config();
    let err = DecodeError::LengthExceedsInput {
        offset: 8,
        len: 5,
        remaining: 3,
    };
    assert_eq!(
        c.take_from_slice::<G>(&bytes)
            .map(drop)
            .map_err(packed_core::Error::into_kind),
        Err(err.clone())
    );
    assert_eq!(
        c.from_reader::<G, _>(&bytes[..])
            .map_err(packed_core::Error::into_kind)
            .map(drop),
        Err(err)
    );
    // A sequence whose count the record cannot hold: the count is checked against the
    // record, not the input.
    let bytes = hex("0e000000 07000000 00 00000000 05 0100 0200 0300");
    let err = DecodeError::LengthExceedsInput {
        offset: 13,
        len: 5,
        remaining: 0,
    };
    assert_eq!(
        c.take_from_slice::<V2>(&bytes)
            .map(drop)
            .map_err(packed_core::Error::into_kind),
        Err(err.clone())
    );
    assert_eq!(
        c.from_reader::<V2, _>(&bytes[..])
            .map_err(packed_core::Error::into_kind)
            .map(drop),
        Err(err)
    );
    // An enum's record must hold its tag.
    let err = DecodeError::RecordEndsInsideField {
        offset: 4,
        record_end: 4,
    };
    assert_eq!(
        c.take_from_slice::<Shape2>(&hex("04000000 00"))
            .map(drop)
            .map_err(packed_core::Error::into_kind),
        Err(err)
    );
    // A tag no variant has, where there is no `other`.
    let err = DecodeError::UnknownVariant {
        offset: 4,
        type_name: "Shape2",
        tag: 7,
    };
    refuse::<Shape2>(&hex("05000000 07"), err, None);
}

// ---------------------------------------------------------------------------------------
// Tags, discriminants, `other`, `default`
// ---------------------------------------------------------------------------------------

#[test]
fn discriminants_and_tag_set_the_tag() {
    // A discriminant is the tag; the next variant's is one more. Without `tag` on the
    // enum a tag takes the form of a `std::variant` index: Bitsery's size prefix (200
    // is `80 c8`), YAS's one raw byte.
    #[derive(Packed, Debug, Clone, PartialEq)]
    #[repr(u8)]
    enum Disc {
        A(u32) = 5,
        B,
        C { x: u8 } = 200,
    }
    assert_eq!(packed_core::to_vec(&Disc::A(1)).unwrap(), [5, 1, 0, 0, 0]);
    assert_eq!(packed_core::to_vec(&Disc::B).unwrap(), [6]);
    assert_eq!(
        packed_core::to_vec(&Disc::C { x: 9 }).unwrap(),
        [0x80, 0xc8, 9]
    );
    assert_eq!(
        packed_core::from_slice(&[0x80, 0xc8, 9]),
        Ok(Disc::C { x: 9 })
    );
    let yas = packed_core::with::<packed_core::layout::YasNoHeader>();
    assert_eq!(yas.to_vec(&Disc::C { x: 9 }).unwrap(), [200, 9]);
    assert_eq!(yas.from_slice(&[200, 9]), Ok(Disc::C { x: 9 }));
    assert_eq!(packed_core::from_slice(&[6]), Ok(Disc::B));
    assert_eq!(
        packed_core::from_slice::<Disc>(&[0]).map_err(packed_core::Error::into_kind),
        Err(DecodeError::UnknownVariant {
            offset: 0,
            type_name: "Disc",
            tag: 0
        })
    );
    // `tag = N`, on any variant, in any order, under a wider tag.
    #[derive(Packed, Debug, Clone, PartialEq)]
    #[packed(tag = "u16")]
    enum Tagged {
        #[packed(tag = 300)]
        X(u8),
        Y,
        #[packed(tag = 3)]
        Z,
    }
    assert_eq!(packed_core::to_vec(&Tagged::X(7)).unwrap(), [0x2c, 0x01, 7]);
    assert_eq!(packed_core::to_vec(&Tagged::Y).unwrap(), [0x2d, 0x01]);
    assert_eq!(packed_core::to_vec(&Tagged::Z).unwrap(), [3, 0]);
    assert_eq!(packed_core::from_slice(&[0x2d, 0x01]), Ok(Tagged::Y));
    // Fieldless enums without `repr` take their discriminants as tags too.
    #[derive(Packed, Debug, Clone, Copy, PartialEq)]
    enum Plain {
        One = 1,
        Two,
    }
    assert_eq!(packed_core::to_vec(&Plain::Two).unwrap(), [2]);
}

#[test]
fn other_catches_unknown_tags() {
    // Growable: the unknown variant's fields are skipped with the rest of its record,
    // and the next element follows.
    let seq = hex("02 09000000 07 aabbccdd   05000000 00");
    #[derive(Packed, Debug, Clone, PartialEq)]
    #[packed(growable)]
    enum Old {
        A,
        #[packed(other)]
        Other,
    }
    assert_eq!(packed_core::from_slice(&seq), Ok(vec![Old::Other, Old::A]));
    assert_eq!(
        packed_core::from_reader(&seq[..]),
        Ok(vec![Old::Other, Old::A])
    );
    assert_eq!(
        packed_core::to_vec(&Old::Other).unwrap(),
        hex("05000000 01")
    );
    // A fieldless `#[repr(int)]` enum needs no record: an unknown value has no fields.
    #[derive(Packed, Debug, Clone, Copy, PartialEq)]
    #[repr(u16)]
    enum Level {
        Low = 1,
        High = 700,
        #[packed(other)]
        Unknown = 0xFFFF,
    }
    assert_eq!(packed_core::from_slice(&[0xBC, 0x02]), Ok(Level::High));
    assert_eq!(packed_core::from_slice(&[9, 9]), Ok(Level::Unknown));
    assert_eq!(
        packed_core::from_slice::<Vec<Level>>(&[2, 1, 0, 9, 9]),
        Ok(vec![Level::Low, Level::Unknown])
    );
    assert_eq!(packed_core::to_vec(&Level::Unknown).unwrap(), [0xFF, 0xFF]);
}

#[test]
fn default_gives_the_value_of_a_field_an_old_record_lacks() {
    #[derive(Packed, Debug, Clone, PartialEq)]
    #[packed(growable)]
    struct Old {
        id: u32,
    }
    #[derive(Packed, Debug, Clone, PartialEq)]
    #[packed(growable)]
    struct New {
        id: u32,
        #[packed(default = "String::from(\"none\")")]
        name: String,
        #[packed(default = "-1")]
        score: i64,
        #[packed(skip, default = "7")]
        cache: u8,
    }
    let old = packed_core::to_vec(&Old { id: 3 }).unwrap();
    let new = New {
        id: 3,
        name: "none".into(),
        score: -1,
        cache: 7,
    };
    assert_eq!(packed_core::from_slice(&old), Ok(new.clone()));
    let mut into = New {
        id: 0,
        name: "x".into(),
        score: 5,
        cache: 0,
    };
    packed_core::from_slice_into(&old, &mut into).unwrap();
    assert_eq!(into, new);
    // `skip` with `default` outside growable records too.
    #[derive(Packed, Debug, Clone, PartialEq)]
    struct Skips {
        a: u8,
        #[packed(skip, default = "vec![1, 2]")]
        b: Vec<u8>,
    }
    assert_eq!(
        packed_core::from_slice(&[4]),
        Ok(Skips {
            a: 4,
            b: vec![1, 2]
        })
    );
}

/// `default = "..."` takes any expression, as the attribute table says: a block, an
/// `if`, a `match`, a closure, not only the paths, literals and calls that the
/// derive's own expression parser knows.
#[test]
fn default_takes_any_expression() {
    const LIMIT: u8 = 9;
    #[derive(Packed, Debug, Clone, PartialEq)]
    #[packed(growable)]
    struct Old {
        id: u32,
    }
    #[derive(Packed, Debug, Clone, PartialEq)]
    #[packed(growable)]
    struct New {
        id: u32,
        #[packed(default = "{ let base = 40; base + 2 }")]
        block: u32,
        #[packed(default = "if LIMIT > 5 { 1 } else { 2 }")]
        branch: u8,
        #[packed(default = "match LIMIT { 9 => \"nine\".to_string(), _ => String::new() }")]
        matched: String,
        #[packed(default = "[1u16, 1].iter().map(|x| x + 2).collect()")]
        called: Vec<u16>,
    }
    #[derive(Packed, Debug, PartialEq)]
    struct Skips {
        a: u8,
        #[packed(skip, default = "std::iter::repeat_n(5, 3).collect::<Vec<u8>>()")]
        b: Vec<u8>,
        #[packed(skip, default = "[0u8; 2].map(|x| x + 1)")]
        c: [u8; 2],
    }
    let old = packed_core::to_vec(&Old { id: 3 }).unwrap();
    assert_eq!(
        packed_core::from_slice(&old),
        Ok(New {
            id: 3,
            block: 42,
            branch: 1,
            matched: "nine".into(),
            called: vec![3, 3],
        })
    );
    assert_eq!(
        packed_core::from_slice(&[4]),
        Ok(Skips {
            a: 4,
            b: vec![5, 5, 5],
            c: [1, 1],
        })
    );
}

/// The fields of a record of numbers are each read where the record holds them: the
/// group a plain struct reads as one run is split where an old record ends.
#[test]
fn records_of_numbers_end_between_numbers() {
    #[derive(Packed, Debug, Clone, Copy, PartialEq, Default)]
    #[packed(growable)]
    struct Old {
        a: u32,
    }
    #[derive(Packed, Debug, Clone, Copy, PartialEq, Default)]
    #[packed(growable)]
    struct New {
        a: u32,
        b: u64,
        c: u8,
    }
    let old = vec![Old { a: 1 }, Old { a: 2 }];
    let new: Vec<New> = old
        .iter()
        .map(|o| New {
            a: o.a,
            ..New::default()
        })
        .collect();
    let bytes = packed_core::to_vec(&old).unwrap();
    assert_eq!(bytes, hex("02 08000000 01000000 08000000 02000000"));
    assert_eq!(packed_core::from_slice(&bytes), Ok(new));
    let newer = vec![New { a: 1, b: 2, c: 3 }];
    let bytes = packed_core::to_vec(&newer).unwrap();
    assert_eq!(bytes, hex("01 11000000 01000000 0200000000000000 03"));
    assert_eq!(packed_core::from_slice(&bytes), Ok(vec![Old { a: 1 }]));
}

// ---------------------------------------------------------------------------------------
// explain
// ---------------------------------------------------------------------------------------

#[test]
fn explain_shows_the_sizes() {
    let value = GOuter {
        x: 7,
        inner: GInner {
            s: "in".into(),
            v: 48879,
        },
        after: "after".into(),
    };
    let e = packed_core::explain(&value).unwrap();
    assert_eq!(
        e.bytes(),
        hex_file(GOLDEN_EXT, "bitsery-le", "growable_nested")
    );
    let spans: Vec<(Role, &str, Vec<u8>)> = e
        .spans()
        .iter()
        .map(|s| (s.role, s.path.as_str(), e.span_bytes(s).to_vec()))
        .collect();
    assert_eq!(
        spans,
        [
            (Role::Size, "", hex("17000000")),
            (Role::Value, "x", hex("07000000")),
            (Role::Size, "inner", hex("09000000")),
            (Role::Length, "inner.s", hex("02")),
            (Role::Value, "inner.s", hex("696e")),
            (Role::Value, "inner.v", hex("efbe")),
            (Role::Length, "after", hex("05")),
            (Role::Value, "after", hex("6166746572")),
        ]
    );
    let t = e.by_role();
    assert_eq!((t.size, t.length, t.value, t.total()), (8, 2, 13, 23));
    assert!(e
        .to_string()
        .contains("23 bytes: 10 framing (header 0, length 2, tag 0, flag 0, size 8) + 13 value"));
    // The comparison table gets a size column.
    let table = packed_core::compare(&value)
        .layout::<layout::Bitsery>("compact")
        .unwrap();
    assert!(table.to_string().lines().next().unwrap().contains("size"));
}

/// `explain_input`: the input's own bytes, attributed as the reader reads them.
#[test]
fn explain_input_shows_what_the_reader_skipped() {
    let c = packed_core::config();
    let spans = |e: &packed_core::explain::Explanation| -> Vec<(Role, String, Vec<u8>)> {
        e.spans()
            .iter()
            .map(|s| (s.role, s.path.clone(), e.span_bytes(s).to_vec()))
            .collect()
    };
    // Input of the reader's own version: what `explain` says of the value.
    let nested = hex_file(GOLDEN_EXT, "bitsery-le", "growable_nested");
    let value: GOuter = packed_core::from_slice(&nested).unwrap();
    let e = c.explain_input::<GOuter>(&nested).unwrap();
    assert_eq!(e, packed_core::explain(&value).unwrap());

    // Version 2's bytes read as version 1: the input's size, the fields read, the tail.
    let v2_bytes = hex_file(GOLDEN_EXT, "bitsery-le", "growable_evo_v2");
    let e = c.explain_input::<V1>(&v2_bytes).unwrap();
    assert_eq!(e.bytes(), v2_bytes);
    assert_eq!(
        spans(&e),
        [
            (Role::Size, String::new(), hex("19000000")),
            (Role::Value, "id".into(), hex("07000000")),
            (Role::Length, "name".into(), hex("05")),
            (Role::Value, "name".into(), b"alice".to_vec()),
            (
                Role::Skipped,
                String::new(),
                hex("d6ffffff 03 0100 0200 ffff")
            ),
        ]
    );
    assert_eq!(e.by_role().skipped, 11);
    assert!(e.to_string().contains("+ 11 skipped"));

    // Version 1's bytes read as version 2: the fields the record lacks have no bytes.
    let v1_bytes = hex_file(GOLDEN_EXT, "bitsery-le", "growable_evo_v1");
    let e = c.explain_input::<V2>(&v1_bytes).unwrap();
    assert_eq!(e.bytes(), v1_bytes);
    assert_eq!(spans(&e).len(), 4);
    assert_eq!(e.by_role().total(), 14);

    // Nested: the inner record's tail, and the outer one's, each where it is.
    let rec2_bytes = hex_file(OWN, "bitsery-le", "evo_nested_v2");
    let e = c.explain_input::<Rec1>(&rec2_bytes).unwrap();
    assert_eq!(e.bytes(), rec2_bytes);
    let skipped: Vec<(String, Vec<u8>)> = spans(&e)
        .into_iter()
        .filter(|s| s.0 == Role::Skipped)
        .map(|s| (s.1, s.2))
        .collect();
    assert_eq!(
        skipped,
        [
            ("inner".into(), hex("03 6e6577")),
            // After size 4, id 4, name 2 and the inner record's 10 bytes.
            (String::new(), rec2_bytes[20..].to_vec()),
        ]
    );
    // And old records read by the new version, nested and in a sequence: every byte
    // attributed, none skipped.
    let rec1_bytes = hex_file(OWN, "bitsery-le", "evo_nested_v1");
    let e = c.explain_input::<Rec2>(&rec1_bytes).unwrap();
    assert_eq!((e.bytes(), e.by_role().skipped), (&rec1_bytes[..], 0));
    let seq = hex_file(OWN, "bitsery-le", "evo_vec_v1");
    let e = c.explain_input::<Vec<V2>>(&seq).unwrap();
    assert_eq!((e.bytes(), e.by_role().total()), (&seq[..], seq.len()));

    // A variant this version does not know: its tag as the input holds it, then its
    // fields, skipped with the rest of the record.
    let shapes = hex_file(OWN, "bitsery-le", "enum_v2");
    let e = c.explain_input::<Vec<Shape1>>(&shapes).unwrap();
    assert_eq!(e.bytes(), shapes);
    let tri: Vec<(Role, String, Vec<u8>)> = spans(&e)
        .into_iter()
        .filter(|s| s.1.starts_with("[2]"))
        .collect();
    assert_eq!(
        tri,
        [
            (Role::Size, "[2]".into(), hex("0b000000")),
            (Role::Tag, "[2]".into(), hex("02")),
            (Role::Skipped, "[2]".into(), hex("0100 0200 0300")),
        ]
    );

    // A length in a longer form than this library writes (`80 05` for 5) decodes, but
    // writing the value cannot attribute its bytes.
    let long = hex("0f000000 07000000 8005 616c696365");
    assert_eq!(
        packed_core::from_slice::<V1>(&long).map(|v| v.name),
        Ok("alice".into())
    );
    assert_eq!(
        c.explain_input::<V1>(&long),
        Err(DecodeError::Unexplained { offset: 0 })
    );
}

/// A `with` module that writes one more zero byte each time it is encoded: a field
/// whose bytes change between the count of a record's body and its write.
// The signatures a `with` module must have, whose context this one does not need.
#[allow(clippy::extra_unused_type_parameters)]
mod growing {
    use std::cell::Cell;

    use packed_core::{Ctx, DecodeError, EncodeError, Reader, Writer};

    pub fn encode<C: Ctx, W: Writer + ?Sized>(
        v: &Cell<usize>,
        w: &mut W,
    ) -> Result<(), EncodeError> {
        let n = v.get();
        v.set(n + 1);
        w.write_bytes(&vec![0; n])
    }

    pub fn decode<'de, C: Ctx, R: Reader<'de> + ?Sized>(
        _r: &mut R,
    ) -> Result<Cell<usize>, DecodeError> {
        Ok(Cell::new(0))
    }
}

#[derive(Packed)]
#[packed(growable)]
struct Changing {
    a: u8,
    #[packed(with = "growing")]
    g: std::cell::Cell<usize>,
}

/// A writer that cannot go back counts a record's body before writing its size: a body
/// that then writes another length would leave a size that misframes what follows, so
/// it is refused where the writer knows what it took.
#[test]
fn a_record_that_writes_another_length_than_it_counted_is_refused() {
    let changing = || Changing {
        a: 7,
        g: std::cell::Cell::new(1),
    };
    // Into a Vec the size is patched after the write, so it agrees with the body:
    // `to_vec` sizes its vector first (one zero byte), then writes two.
    assert_eq!(
        packed_core::to_vec(&changing()).unwrap(),
        hex("07000000 07 0000")
    );
    // Counted at one zero byte (size 6), then written with two (7 bytes).
    let want = EncodeError::RecordLengthChanged {
        counted: 6,
        written: 7,
    };
    let mut buf = [0u8; 16];
    assert_eq!(
        packed_core::to_slice(&changing(), &mut buf).map_err(packed_core::Error::into_kind),
        Err(want.clone())
    );
    let mut w = packed_core::IoWriter::new(Vec::new());
    assert_eq!(
        packed_core::config().encode_to(&changing(), &mut w),
        Err(want.clone())
    );
    // An element of a sequence: counted without a zero byte (size 5), written with one.
    let mut w = packed_core::IoWriter::new(Vec::new());
    let two = vec![changing(), changing()];
    two[0].g.set(0);
    assert_eq!(
        packed_core::config().encode_to(&two, &mut w),
        Err(EncodeError::RecordLengthChanged {
            counted: 5,
            written: 6,
        })
    );
}
