//! Round-trip properties: every supported field type, under every combination of length
//! prefix (7) × integer codec (3) × byte order (2), and under the YAS header and enum
//! layouts, decodes to the value it was encoded from, through every entry point
//! (`to_vec_as`/`from_slice_as`, `encoded_len_as`, `encode_into_as` on a reused buffer,
//! in-place decoding, `std::io` streams).
//!
//! Also: field-level attributes (`len`, `max`, `skip`, `with`) and how nested types
//! inherit or keep their layout.

mod common;

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::fmt::Debug;
use std::io::Cursor;
use std::marker::PhantomData;

use common::hex;
use packed_core::layout::{self, BitseryConventions, Header, NoHeader, Spec};
use packed_core::num::{Big, Fixed, Little};
use packed_core::{len, num, Decode, Encode, IoReader, IoWriter, Layout, Packed, SliceReader};
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------

/// A small derived struct, nested everywhere below.
#[derive(Packed, Debug, PartialEq, Eq, Clone, Default)]
struct Inner {
    a: u16,
    s: String,
}

/// Unit, tuple and struct variants.
#[derive(Packed, Debug, PartialEq, Clone)]
enum Shape {
    Unit,
    Tup(i32, String),
    Named { x: u64, kids: Vec<Inner> },
}

/// A tagged enum with a two-byte tag.
#[derive(Packed, Debug, PartialEq, Clone)]
#[packed(tag = "u16")]
enum Wide {
    A(u8),
    B { v: Option<i64> },
}

/// A fieldless enum written as its `i16`, with negative and multi-byte values.
#[derive(Packed, Debug, PartialEq, Eq, Clone, Copy)]
#[repr(i16)]
enum Level {
    Low = -300,
    Mid = 0,
    High = 1000,
}

/// Generic parameters, used in several positions.
#[derive(Packed, Debug, PartialEq, Clone)]
struct Generic<T, U> {
    t: T,
    us: Vec<U>,
    o: Option<T>,
}

/// A recursive list.
#[derive(Packed, Debug, PartialEq, Clone)]
struct Node {
    v: u8,
    next: Option<Box<Node>>,
}

/// Floats, compared by their bits so NaN payloads round-trip too.
#[derive(Packed, Debug, Clone, Copy)]
struct Floats(f32, f64);

impl PartialEq for Floats {
    fn eq(&self, other: &Self) -> bool {
        self.0.to_bits() == other.0.to_bits() && self.1.to_bits() == other.1.to_bits()
    }
}

/// Every owned type the runtime supports, in one struct.
#[derive(Packed, Debug, PartialEq, Clone)]
struct Everything {
    u8_: u8,
    u16_: u16,
    u32_: u32,
    u64_: u64,
    u128_: u128,
    i8_: i8,
    i16_: i16,
    i32_: i32,
    i64_: i64,
    i128_: i128,
    usize_: usize,
    isize_: isize,
    floats: Floats,
    b: bool,
    c: char,
    unit: (),
    s: String,
    bs: Box<str>,
    v: Vec<i32>,
    bytes: Vec<u8>,
    bsl: Box<[u16]>,
    arr: [i64; 3],
    opt: Option<u32>,
    bx: Box<i16>,
    tup: (u8, String, i64),
    dq: VecDeque<u32>,
    bm: BTreeMap<String, i32>,
    hm: HashMap<u16, String>,
    bset: BTreeSet<i64>,
    hset: HashSet<u32>,
    ph: PhantomData<String>,
    inner: Inner,
    shape: Shape,
    shapes: Vec<Shape>,
    wide: Wide,
    level: Level,
    levels: Vec<Level>,
    generic: Generic<u32, Inner>,
    list: Option<Box<Node>>,
    vv: Vec<Vec<u8>>,
}

/// Borrowed types, decoded from the input without copying.
#[derive(Packed, Debug, PartialEq)]
struct Borrowed<'a> {
    s: &'a str,
    b: &'a [u8],
    c: Cow<'a, str>,
    v: Vec<&'a str>,
    o: Option<&'a str>,
    n: i32,
}

// ---------------------------------------------------------------------------------------
// Strategies
// ---------------------------------------------------------------------------------------

/// Strings of up to 12 chars (at most 48 bytes), so everything fits a `u8` prefix.
fn text() -> impl Strategy<Value = String> {
    ".{0,12}"
}

fn inner() -> impl Strategy<Value = Inner> {
    (any::<u16>(), text()).prop_map(|(a, s)| Inner { a, s })
}

fn shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        Just(Shape::Unit),
        (any::<i32>(), text()).prop_map(|(a, s)| Shape::Tup(a, s)),
        (any::<u64>(), prop::collection::vec(inner(), 0..3))
            .prop_map(|(x, kids)| Shape::Named { x, kids }),
    ]
}

fn wide() -> impl Strategy<Value = Wide> {
    prop_oneof![
        any::<u8>().prop_map(Wide::A),
        any::<Option<i64>>().prop_map(|v| Wide::B { v })
    ]
}

fn level() -> impl Strategy<Value = Level> {
    prop_oneof![Just(Level::Low), Just(Level::Mid), Just(Level::High)]
}

fn list() -> impl Strategy<Value = Option<Box<Node>>> {
    prop::collection::vec(any::<u8>(), 0..6).prop_map(|vs| {
        vs.into_iter()
            .rev()
            .fold(None, |next, v| Some(Box::new(Node { v, next })))
    })
}

fn everything() -> impl Strategy<Value = Everything> {
    use prop::collection::{btree_map, btree_set, hash_map, hash_set, vec, vec_deque};
    let ints = (
        any::<u8>(),
        any::<u16>(),
        any::<u32>(),
        any::<u64>(),
        any::<u128>(),
        any::<i8>(),
        any::<i16>(),
        any::<i32>(),
        any::<i64>(),
        any::<i128>(),
        any::<usize>(),
        any::<isize>(),
    );
    let scalars = (
        (any::<u32>(), any::<u64>())
            .prop_map(|(a, b)| Floats(f32::from_bits(a), f64::from_bits(b))),
        any::<bool>(),
        any::<char>(),
        text(),
        text(),
        vec(any::<i32>(), 0..8),
        vec(any::<u8>(), 0..40),
        vec(any::<u16>(), 0..8),
        any::<[i64; 3]>(),
        any::<Option<u32>>(),
        any::<i16>(),
        (any::<u8>(), text(), any::<i64>()),
    );
    let collections = (
        vec_deque(any::<u32>(), 0..6),
        btree_map(text(), any::<i32>(), 0..4),
        hash_map(any::<u16>(), text(), 0..4),
        btree_set(any::<i64>(), 0..6),
        hash_set(any::<u32>(), 0..6),
        inner(),
        shape(),
        vec(shape(), 0..3),
        wide(),
        level(),
        vec(level(), 0..4),
    );
    let rest =
        (
            (any::<u32>(), vec(inner(), 0..3), any::<Option<u32>>())
                .prop_map(|(t, us, o)| Generic { t, us, o }),
            list(),
            vec(vec(any::<u8>(), 0..5), 0..4),
        );
    (ints, scalars, collections, rest).prop_map(|(i, s, c, r)| Everything {
        u8_: i.0,
        u16_: i.1,
        u32_: i.2,
        u64_: i.3,
        u128_: i.4,
        i8_: i.5,
        i16_: i.6,
        i32_: i.7,
        i64_: i.8,
        i128_: i.9,
        usize_: i.10,
        isize_: i.11,
        floats: s.0,
        b: s.1,
        c: s.2,
        unit: (),
        s: s.3,
        bs: s.4.into_boxed_str(),
        v: s.5,
        bytes: s.6,
        bsl: s.7.into_boxed_slice(),
        arr: s.8,
        opt: s.9,
        bx: Box::new(s.10),
        tup: s.11,
        dq: c.0,
        bm: c.1,
        hm: c.2,
        bset: c.3,
        hset: c.4,
        ph: PhantomData,
        inner: c.5,
        shape: c.6,
        shapes: c.7,
        wide: c.8,
        level: c.9,
        levels: c.10,
        generic: r.0,
        list: r.1,
        vv: r.2,
    })
}

/// A fixed value, different from what the strategy generates in every field that has
/// an allocation, to decode in place into.
fn previous() -> Everything {
    Everything {
        u8_: 1,
        u16_: 2,
        u32_: 3,
        u64_: 4,
        u128_: 5,
        i8_: -6,
        i16_: -7,
        i32_: -8,
        i64_: -9,
        i128_: -10,
        usize_: 11,
        isize_: -12,
        floats: Floats(1.0, -2.0),
        b: true,
        c: 'x',
        unit: (),
        s: "a previous string that is longer than any generated one, to be reused".into(),
        bs: "old".into(),
        v: (0..50).collect(),
        bytes: vec![9; 100],
        bsl: vec![1, 2, 3].into_boxed_slice(),
        arr: [7, 8, 9],
        opt: Some(5),
        bx: Box::new(77),
        tup: (1, "t".into(), 2),
        dq: (0..10).collect(),
        bm: [("k".to_string(), 1)].into_iter().collect(),
        hm: [(1, "v".to_string())].into_iter().collect(),
        bset: (0..10).collect(),
        hset: (0..10).collect(),
        ph: PhantomData,
        inner: Inner {
            a: 5,
            s: "inner".into(),
        },
        shape: Shape::Named {
            x: 1,
            kids: vec![Inner::default(); 5],
        },
        shapes: vec![Shape::Unit; 6],
        wide: Wide::A(1),
        level: Level::High,
        levels: vec![Level::Low; 9],
        generic: Generic {
            t: 1,
            us: vec![Inner::default(); 4],
            o: Some(3),
        },
        list: Some(Box::new(Node {
            v: 1,
            next: Some(Box::new(Node { v: 2, next: None })),
        })),
        vv: vec![vec![1; 9]; 9],
    }
}

// ---------------------------------------------------------------------------------------
// The properties
// ---------------------------------------------------------------------------------------

/// Every entry point under call-site layout `L`.
fn check_layout<L: Layout>(x: &Everything) -> Result<(), TestCaseError> {
    let name = std::any::type_name::<L>();
    let bytes = packed_core::to_vec_as::<L, _>(x).unwrap();
    prop_assert_eq!(
        &packed_core::from_slice_as::<L, Everything>(&bytes).unwrap(),
        x,
        "{}",
        name
    );
    prop_assert_eq!(
        packed_core::encoded_len_as::<L, _>(x).unwrap(),
        bytes.len(),
        "{}",
        name
    );

    // encode_into appends exactly those bytes to a non-empty, reused buffer.
    let mut buf = vec![0xEE; 5];
    prop_assert_eq!(
        packed_core::encode_into_as::<L, _>(x, &mut buf).unwrap(),
        bytes.len()
    );
    prop_assert_eq!(&buf[..5], &[0xEE; 5][..]);
    prop_assert_eq!(&buf[5..], &bytes[..], "{}", name);
    let cap = buf.capacity();
    buf.truncate(5);
    prop_assert_eq!(
        packed_core::encode_into_as::<L, _>(x, &mut buf).unwrap(),
        bytes.len()
    );
    prop_assert_eq!(&buf[5..], &bytes[..]);
    prop_assert_eq!(buf.capacity(), cap, "a reused buffer does not grow again");

    // In place, into a value that differs everywhere.
    let mut into = previous();
    let mut r = SliceReader::new(&bytes);
    <L::Header as Header>::read::<L, _>(&mut r).unwrap();
    into.decode_in_place::<packed_core::ctx::RootAs<L>, _>(&mut r)
        .unwrap();
    prop_assert!(r.rest().is_empty(), "{}", name);
    prop_assert_eq!(&into, x, "{} in place", name);

    // Streams: two messages back to back, each read exactly.
    let mut cursor = Cursor::new(Vec::new());
    let mut w = IoWriter::new(&mut cursor);
    packed_core::with::<L>().encode_to(x, &mut w).unwrap();
    packed_core::with::<L>().encode_to(&7u32, &mut w).unwrap();
    prop_assert_eq!(
        w.written(),
        bytes.len() + packed_core::encoded_len_as::<L, _>(&7u32).unwrap()
    );
    let written = cursor.into_inner();
    prop_assert_eq!(&written[..bytes.len()], &bytes[..]);
    let mut r = IoReader::new(Cursor::new(&written));
    let first: Everything = packed_core::with::<L>().decode_from(&mut r).unwrap();
    prop_assert_eq!(&first, x);
    prop_assert_eq!(packed_core::Reader::offset(&r), bytes.len());
    let second: u32 = packed_core::with::<L>().decode_from(&mut r).unwrap();
    prop_assert_eq!(second, 7);
    Ok(())
}

/// Borrowed types under `L`: equal, and borrowed from the input.
fn check_borrowed<L: Layout>(
    s: &str,
    b: &[u8],
    c: &str,
    v: &[String],
    o: Option<&str>,
    n: i32,
) -> Result<(), TestCaseError> {
    let x = Borrowed {
        s,
        b,
        c: Cow::Borrowed(c),
        v: v.iter().map(String::as_str).collect(),
        o,
        n,
    };
    let bytes = packed_core::to_vec_as::<L, _>(&x).unwrap();
    prop_assert_eq!(
        packed_core::encoded_len_as::<L, _>(&x).unwrap(),
        bytes.len()
    );
    let got: Borrowed<'_> = packed_core::from_slice_as::<L, _>(&bytes).unwrap();
    prop_assert_eq!(&got, &x);
    prop_assert!(
        matches!(got.c, Cow::Borrowed(_)),
        "Cow<str> borrows from a slice"
    );
    let range = bytes.as_ptr_range();
    prop_assert!(range.contains(&got.s.as_ptr()) || got.s.is_empty());
    prop_assert!(range.contains(&got.b.as_ptr()) || got.b.is_empty());
    Ok(())
}

fn borrowed_input(
) -> impl Strategy<Value = (String, Vec<u8>, String, Vec<String>, Option<String>, i32)> {
    (
        text(),
        prop::collection::vec(any::<u8>(), 0..30),
        text(),
        prop::collection::vec(text(), 0..4),
        proptest::option::of(text()),
        any::<i32>(),
    )
}

/// 64 cases a property; no regression files (the suite is run from CI, not edited).
fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 64,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// All six integer × byte-order combinations for one length prefix.
macro_rules! combos_for_len {
    ($test:ident, $len:ty) => {
        proptest! {
            #![proptest_config(config())]
            #[test]
            fn $test(x in everything(), bi in borrowed_input()) {
                let (s, b, c, v, o, n) = &bi;
                macro_rules! one {
                    ($int:ty, $endian:ty) => {{
                        type L = Spec<$len, $int, $endian, NoHeader, BitseryConventions>;
                        check_layout::<L>(&x)?;
                        check_borrowed::<L>(s, b, c, v, o.as_deref(), *n)?;
                    }};
                }
                one!(Fixed, Little);
                one!(Fixed, Big);
                one!(num::YasCompact, Little);
                one!(num::YasCompact, Big);
                one!(num::ZigzagLeb128, Little);
                one!(num::ZigzagLeb128, Big);
            }
        }
    };
}

combos_for_len!(roundtrip_len_compact, len::Compact);
combos_for_len!(roundtrip_len_u8, len::U8);
combos_for_len!(roundtrip_len_u16, len::U16);
combos_for_len!(roundtrip_len_u32, len::U32);
combos_for_len!(roundtrip_len_u64, len::U64);
combos_for_len!(roundtrip_len_varint, len::Leb128);
combos_for_len!(roundtrip_len_yas_compacted, len::YasSize);

proptest! {
    #![proptest_config(config())]

    /// The named presets, with YAS's header and enum size byte.
    #[test]
    fn roundtrip_presets(x in everything(), bi in borrowed_input()) {
        let (s, b, c, v, o, n) = &bi;
        macro_rules! one {
            ($l:ty) => {{
                check_layout::<$l>(&x)?;
                check_borrowed::<$l>(s, b, c, v, o.as_deref(), *n)?;
            }};
        }
        one!(layout::Bitsery);
        one!(layout::BitseryBig);
        one!(layout::Yas);
        one!(layout::YasBig);
        one!(layout::YasNoHeader);
        one!(layout::YasCompacted);
        one!(layout::YasCompactedBig);
        one!(layout::Varint);
        // YAS's enum size byte with every length prefix and integer codec.
        one!(Spec<len::Compact, Fixed, Little, NoHeader, layout::YasConventions>);
        one!(Spec<len::U8, num::ZigzagLeb128, Big, layout::YasHeader, layout::YasConventions>);
    }

    /// The container attributes on a wrapper give the bytes of the call-site layout, and
    /// the `Root` entry points (`to_vec`, `from_slice`, `from_slice_into`, `take_from_slice`,
    /// `to_writer`, `from_reader`) round-trip them.
    #[test]
    fn roundtrip_attribute_wrappers(x in everything()) {
        macro_rules! one {
            ($w:ident, $l:ty) => {{
                let w = $w(x.clone());
                let bytes = packed_core::to_vec(&w).unwrap();
                prop_assert_eq!(&bytes, &packed_core::to_vec_as::<$l, _>(&x).unwrap(), "{}", stringify!($w));
                prop_assert_eq!(packed_core::encoded_len(&w).unwrap(), bytes.len());
                prop_assert_eq!(&packed_core::from_slice::<$w>(&bytes).unwrap(), &w);

                let mut buf = vec![1, 2, 3];
                prop_assert_eq!(packed_core::encode_into(&w, &mut buf).unwrap(), bytes.len());
                prop_assert_eq!(&buf[3..], &bytes[..]);

                let mut into = $w(previous());
                packed_core::from_slice_into(&bytes, &mut into).unwrap();
                prop_assert_eq!(&into, &w);

                let with_tail = [&bytes[..], &[0xAB, 0xCD]].concat();
                let (got, rest) = packed_core::take_from_slice::<$w>(&with_tail).unwrap();
                prop_assert_eq!(&got, &w);
                prop_assert_eq!(rest, &[0xAB, 0xCD][..]);

                let mut cursor = Cursor::new(Vec::new());
                prop_assert_eq!(packed_core::to_writer(&w, &mut cursor).unwrap(), bytes.len());
                prop_assert_eq!(packed_core::to_writer(&w, &mut cursor).unwrap(), bytes.len());
                let written = cursor.into_inner();
                prop_assert_eq!(&written[..bytes.len()], &bytes[..]);
                let mut cursor = Cursor::new(&written);
                prop_assert_eq!(&packed_core::from_reader::<$w, _>(&mut cursor).unwrap(), &w);
                prop_assert_eq!(cursor.position() as usize, bytes.len());
                prop_assert_eq!(&packed_core::from_reader::<$w, _>(&mut cursor).unwrap(), &w);
            }};
        }
        one!(InBitsery, layout::Bitsery);
        one!(InBitseryBig, layout::BitseryBig);
        one!(InYas, layout::Yas);
        one!(InYasBig, layout::YasBig);
        one!(InYasNoHeader, layout::YasNoHeader);
        one!(InYasCompacted, layout::YasCompacted);
        one!(InYasCompactedBig, layout::YasCompactedBig);
        one!(InVarint, layout::Varint);
        one!(InU16Varint, Spec<len::U16, num::ZigzagLeb128, Big, NoHeader, BitseryConventions>);
    }

    /// The plain `Root` path with no attributes at all is Bitsery.
    #[test]
    fn roundtrip_default_is_bitsery(x in everything()) {
        let bytes = packed_core::to_vec(&x).unwrap();
        prop_assert_eq!(&bytes, &packed_core::to_vec_as::<layout::Bitsery, _>(&x).unwrap());
        prop_assert_eq!(&packed_core::from_slice::<Everything>(&bytes).unwrap(), &x);
        let mut into = previous();
        packed_core::from_slice_into(&bytes, &mut into).unwrap();
        prop_assert_eq!(&into, &x);
        prop_assert_eq!(&packed_core::from_reader::<Everything, _>(Cursor::new(&bytes)).unwrap(), &x);
    }
}

macro_rules! wrappers {
    ($($name:ident: $($attr:meta),*;)*) => {$(
        /// `Everything` (no attributes of its own) under a parent with attributes.
        #[derive(Packed, Debug, PartialEq, Clone)]
        $(#[$attr])*
        struct $name(Everything);
    )*};
}

wrappers! {
    InBitsery: packed(layout = "bitsery");
    InBitseryBig: packed(endian = "big");
    InYas: packed(layout = "yas");
    InYasBig: packed(layout = "yas", endian = "big");
    InYasNoHeader: packed(layout = "yas-noheader");
    InYasCompacted: packed(layout = "yas-compacted");
    InYasCompactedBig: packed(layout = "yas-compacted", endian = "big");
    InVarint: packed(layout = "varint");
    InU16Varint: packed(len = "u16", int = "varint", endian = "big");
}

// ---------------------------------------------------------------------------------------
// Field-level attributes
// ---------------------------------------------------------------------------------------

/// A `with` module: a `u32` written as its decimal string, in the layout's length prefix.
mod decimal {
    use packed_core::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

    pub fn encode<C: Ctx, W: Writer + ?Sized>(v: &u32, w: &mut W) -> Result<(), EncodeError> {
        v.to_string().encode::<C, W>(w)
    }

    pub fn decode<'de, C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<u32, DecodeError> {
        let offset = r.offset();
        let s = String::decode::<C, R>(r)?;
        s.parse().map_err(|_| DecodeError::Custom {
            offset,
            message: "not a decimal u32",
        })
    }
}

#[derive(Packed, Debug, PartialEq, Clone)]
struct FieldAttrs {
    #[packed(len = "u8")]
    short: Vec<u16>,
    #[packed(max = 4)]
    capped: String,
    #[packed(skip)]
    cache: Vec<u8>,
    #[packed(with = "decimal")]
    dec: u32,
    #[packed(len = "u64")]
    wide: String,
    /// `len` applies to every prefix inside the field's value.
    #[packed(len = "u16")]
    outer: Vec<String>,
}

fn field_attrs() -> FieldAttrs {
    FieldAttrs {
        short: vec![1, 2],
        capped: "ab".into(),
        cache: vec![1, 2, 3],
        dec: 305,
        wide: "x".into(),
        outer: vec!["hi".into()],
    }
}

/// Under the default (Bitsery) layout, by hand:
/// - `short` (`len = "u8"`): `02`, then 1 and 2 as u16 LE: `02 0100 0200`;
/// - `capped` (`max = 4`, compact): `02 61 62`;
/// - `cache`: skipped, nothing;
/// - `dec` (`with = "decimal"`): the string "305" with a compact prefix: `03 33 30 35`;
/// - `wide` (`len = "u64"`): `01 00000000 00000000` then `78`;
/// - `outer` (`len = "u16"`, also for the inner strings): `0100`, then `0200 68 69`.
#[test]
fn field_attributes_bytes() {
    let v = field_attrs();
    let want = hex("02 0100 0200  02 6162  03 333035  0100000000000000 78  0100 0200 6869");
    let bytes = packed_core::to_vec(&v).unwrap();
    assert_eq!(bytes, want);
    assert_eq!(packed_core::encoded_len(&v).unwrap(), want.len());
    let back = packed_core::from_slice::<FieldAttrs>(&bytes).unwrap();
    // `skip` decodes to Default.
    assert_eq!(
        back,
        FieldAttrs {
            cache: Vec::new(),
            ..v.clone()
        }
    );

    // Decoding in place also resets the skipped field to its default.
    let mut into = FieldAttrs {
        cache: vec![9; 4],
        ..field_attrs()
    };
    packed_core::from_slice_into(&bytes, &mut into).unwrap();
    assert_eq!(into.cache, Vec::<u8>::new());
}

/// The call-site layout replaces container-level settings; field-level attributes keep
/// theirs: under `to_vec_as::<Bitsery>` and `::<Yas>`, `wide` keeps its 8-byte length
/// and `short` its 1-byte length.
#[test]
fn field_attributes_survive_call_site_layout() {
    let v = field_attrs();
    let bitsery = packed_core::to_vec_as::<layout::Bitsery, _>(&v).unwrap();
    assert_eq!(bitsery, packed_core::to_vec(&v).unwrap());

    // YAS: header, `short` still u8 (`02`) but its u16 elements fixed LE, `capped` and the
    // `with` string now u64-prefixed, `wide` u64 as before, `outer` u16.
    let want = [
        b"yas0017".as_slice(),
        &hex("02 0100 0200"),
        &hex("0200000000000000 6162"),
        &hex("0300000000000000 333035"),
        &hex("0100000000000000 78"),
        &hex("0100 0200 6869"),
    ]
    .concat();
    assert_eq!(packed_core::to_vec_as::<layout::Yas, _>(&v).unwrap(), want);
    let back = packed_core::from_slice_as::<layout::Yas, FieldAttrs>(&want).unwrap();
    assert_eq!(
        back,
        FieldAttrs {
            cache: Vec::new(),
            ..v.clone()
        }
    );

    // Varint: `wide` still 8 bytes, `short` still one byte, its u16s as LEB128.
    let want = hex("02 01 02  02 6162  03 333035  0100000000000000 78  0100 0200 6869");
    assert_eq!(
        packed_core::to_vec_as::<layout::Varint, _>(&v).unwrap(),
        want
    );
}

proptest! {
    #![proptest_config(config())]

    /// Field attributes round-trip under every preset, up to their limits.
    #[test]
    fn roundtrip_field_attributes(
        short in prop::collection::vec(any::<u16>(), 0..=255),
        capped in "[a-z]{0,4}",
        cache in prop::collection::vec(any::<u8>(), 0..4),
        dec in any::<u32>(),
        wide in text(),
        outer in prop::collection::vec(text(), 0..5),
    ) {
        let v = FieldAttrs { short, capped, cache, dec, wide, outer };
        let want = FieldAttrs { cache: Vec::new(), ..v.clone() };
        macro_rules! one {
            ($l:ty) => {{
                let bytes = packed_core::to_vec_as::<$l, _>(&v).unwrap();
                prop_assert_eq!(packed_core::encoded_len_as::<$l, _>(&v).unwrap(), bytes.len());
                prop_assert_eq!(&packed_core::from_slice_as::<$l, FieldAttrs>(&bytes).unwrap(), &want);
            }};
        }
        one!(layout::Bitsery);
        one!(layout::BitseryBig);
        one!(layout::Yas);
        one!(layout::YasCompactedBig);
        one!(layout::Varint);
        let bytes = packed_core::to_vec(&v).unwrap();
        prop_assert_eq!(&packed_core::from_slice::<FieldAttrs>(&bytes).unwrap(), &want);
    }
}

// ---------------------------------------------------------------------------------------
// Nested types: inherit or keep
// ---------------------------------------------------------------------------------------

/// No attributes: takes its parent's layout.
#[derive(Packed, Debug, PartialEq, Clone)]
struct Child {
    s: String,
}

/// Attributes of its own: keeps them inside any parent.
#[derive(Packed, Debug, PartialEq, Clone)]
#[packed(len = "u8")]
struct ChildU8 {
    s: String,
}

#[derive(Packed, Debug, PartialEq, Clone)]
#[packed(layout = "yas")]
struct YasParent {
    a: Child,
    b: ChildU8,
    c: Vec<Child>,
}

/// In a `layout = "yas"` parent, `Child` uses u64 lengths; `ChildU8` keeps its u8 length
/// (and, having attributes, the rest of the default layout). With a 200-byte string:
/// - `a`: `c8 00 00 00 00 00 00 00` + 200 bytes;
/// - `b`: `c8` + 200 bytes (compact would be `80 c8`);
/// - `c`: u64 count `01 00..`, then `02 00.. 68 69`.
#[test]
fn nested_types_inherit_or_keep() {
    let long = common::sizes_string(200);
    let v = YasParent {
        a: Child { s: long.clone() },
        b: ChildU8 { s: long.clone() },
        c: vec![Child { s: "hi".into() }],
    };
    let want = [
        b"yas0017".as_slice(),
        &hex("c800000000000000"),
        long.as_bytes(),
        &hex("c8"),
        long.as_bytes(),
        &hex("0100000000000000 0200000000000000 6869"),
    ]
    .concat();
    let bytes = packed_core::to_vec(&v).unwrap();
    assert_eq!(bytes, want);
    assert_eq!(packed_core::from_slice::<YasParent>(&bytes).unwrap(), v);

    // `ChildU8` at the top level: its own u8 length, no header.
    let top = packed_core::to_vec(&ChildU8 { s: long.clone() }).unwrap();
    assert_eq!(top, [&[0xC8][..], long.as_bytes()].concat());
    // `Child` at the top level: the default, compact (`80 c8`).
    let top = packed_core::to_vec(&Child { s: long.clone() }).unwrap();
    assert_eq!(top, [&[0x80, 0xC8][..], long.as_bytes()].concat());

    // Under a call-site layout the nested attributes are replaced too: `b` becomes compact.
    let forced = packed_core::to_vec_as::<layout::Bitsery, _>(&v).unwrap();
    let want = [
        &[0x80, 0xC8][..],
        long.as_bytes(),
        &[0x80, 0xC8],
        long.as_bytes(),
        &hex("01 02 6869"),
    ]
    .concat();
    assert_eq!(forced, want);
    assert_eq!(
        packed_core::from_slice_as::<layout::Bitsery, YasParent>(&forced).unwrap(),
        v
    );
}

/// A generic wrapper: the type parameter's own attributes still apply inside.
#[derive(Packed, Debug, PartialEq)]
#[packed(layout = "yas-noheader")]
struct Holder<T> {
    t: T,
    n: u16,
}

#[test]
fn generic_parent_with_nested_attributes() {
    let v = Holder {
        t: ChildU8 { s: "hi".into() },
        n: 1,
    };
    let bytes = packed_core::to_vec(&v).unwrap();
    assert_eq!(bytes, hex("02 6869 0100"));
    assert_eq!(
        packed_core::from_slice::<Holder<ChildU8>>(&bytes).unwrap(),
        v
    );
    let v = Holder {
        t: Child { s: "hi".into() },
        n: 1,
    };
    let bytes = packed_core::to_vec(&v).unwrap();
    assert_eq!(bytes, hex("0200000000000000 6869 0100"));
    assert_eq!(packed_core::from_slice::<Holder<Child>>(&bytes).unwrap(), v);
}

/// `Encode` is implemented for the borrowed forms the encoder accepts directly.
#[test]
fn unsized_and_reference_encode() {
    fn bytes<T: Encode + ?Sized>(v: &T) -> Vec<u8> {
        packed_core::to_vec(v).unwrap()
    }
    assert_eq!(bytes("hi"), bytes(&String::from("hi")));
    assert_eq!(bytes(&[1u16, 2][..]), bytes(&vec![1u16, 2]));
    assert_eq!(bytes(&&5i32), bytes(&5i32));
    assert_eq!(bytes(&Cow::<str>::Owned("x".into())), bytes("x"));
    // A `Box<str>` and `Box<[T]>` decode like their owned forms.
    let b = bytes("hey");
    assert_eq!(&*packed_core::from_slice::<Box<str>>(&b).unwrap(), "hey");
    let b = bytes(&vec![3u8, 4]);
    assert_eq!(&*packed_core::from_slice::<Box<[u8]>>(&b).unwrap(), &[3, 4]);
}
