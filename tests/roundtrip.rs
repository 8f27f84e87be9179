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
    // `to_vec` allocates once, by the size worked out without writing: exactly.
    prop_assert_eq!(bytes.capacity(), bytes.len(), "{}", name);
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
                prop_assert_eq!(bytes.capacity(), bytes.len(), "{}", stringify!($w));
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

/// Encodes `v` to exactly `bytes` (worked out by hand at each call) and decodes them back
/// to `v`.
fn round_trip<T>(v: &T, bytes: &[u8])
where
    T: Encode + for<'de> Decode<'de> + Debug + PartialEq,
{
    assert_eq!(packed_core::to_vec(v).unwrap(), bytes, "{v:?}");
    assert_eq!(&packed_core::from_slice::<T>(bytes).unwrap(), v);
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

/// A field's `len` stops at the derived types in its value: their fields are their own,
/// framed by their type's (or their parent's) layout, as wherever else they appear.
#[test]
fn field_len_stops_at_derived_types() {
    #[derive(Packed, Debug, PartialEq)]
    struct Named {
        name: String,
    }
    #[derive(Packed, Debug, PartialEq)]
    struct LenStops {
        #[packed(len = "u16")]
        items: Vec<Named>,
        #[packed(len = "u16")]
        map: BTreeMap<String, Vec<u8>>,
    }
    let v = LenStops {
        items: vec![Named { name: "hi".into() }],
        map: [("k".to_string(), vec![7])].into(),
    };
    // items: the count as a u16 `0100`, then `name` in Named's own (compact) prefix
    // `02 6869`; map: every prefix a u16, the entry count `0100`, the key `0100 6b`,
    // the value `0100 07`.
    round_trip(&v, &hex("0100 02 6869  0100 0100 6b 0100 07"));
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

// ---------------------------------------------------------------------------------------
// Shapes of users' code
// ---------------------------------------------------------------------------------------

/// Declarations as users write them, each derived and round-tripped with bytes worked
/// out by hand: raw identifiers and fields named like prelude items, `#[cfg]` and
/// `#[cfg_attr]` on fields and variants, explicit discriminants, unit and empty
/// structs, recursion through `Self`, smart pointers and boxed slices, a map with its
/// own hasher, associated types, bounded lifetimes, const generics with defaults, a
/// derive inside a function and one from `macro_rules!` fragments, 40 fields, and an
/// enum of 300 variants (Bitsery's compact index: `80 80` for 128, then
/// `0x80 | high, low` up to 16383). All held.
#[test]
fn users_shapes_round_trip() {
    use std::rc::Rc;
    use std::sync::Arc;

    #[derive(Packed, Debug, PartialEq)]
    #[allow(non_snake_case)]
    struct Raw {
        r#type: u8,
        r#match: u16,
        Ok: u8,
        Some: u8,
        None: u8,
        Result: u8,
    }
    #[derive(Packed, Debug, PartialEq)]
    struct Cfg {
        a: u8,
        #[cfg(any())]
        b: u16,
        /// A doc comment.
        #[cfg_attr(all(), packed(len = "u16"))]
        c: Vec<u8>,
        d: u8,
    }
    #[derive(Packed, Debug, PartialEq)]
    enum CfgVariant {
        A,
        #[cfg(any())]
        B,
        C(u8),
    }
    #[derive(Packed, Debug, PartialEq, Clone, Copy)]
    #[repr(u8)]
    enum Disc {
        A = 1,
        B = 200,
    }
    #[derive(Packed, Debug, PartialEq, Clone, Copy)]
    #[repr(i16)]
    enum Signed {
        Minus = -1,
        Big = 300,
    }
    #[derive(Packed, Debug, PartialEq)]
    struct Unit;
    #[derive(Packed, Debug, PartialEq)]
    struct Empty {}
    #[derive(Packed, Debug, PartialEq)]
    struct Rec {
        v: u8,
        boxed: Option<Box<Self>>,
        kids: Vec<Self>,
    }
    #[derive(Packed, Debug, PartialEq)]
    struct Smart<'a> {
        c: Cow<'a, str>,
        cb: Cow<'a, [u8]>,
        r: Rc<u32>,
        a: Arc<String>,
        bs: Box<str>,
        bsl: Box<[u16]>,
        rs: Rc<str>,
        ars: Arc<[u8]>,
    }
    #[derive(Clone, Default)]
    struct MyHasher;
    impl std::hash::BuildHasher for MyHasher {
        type Hasher = std::collections::hash_map::DefaultHasher;
        fn build_hasher(&self) -> Self::Hasher {
            Self::Hasher::default()
        }
    }
    #[derive(Packed, Debug, PartialEq)]
    struct Hashed {
        m: HashMap<u8, String, MyHasher>,
        s: HashSet<u16, MyHasher>,
    }
    trait Tr {
        type Item;
    }
    impl Tr for u8 {
        type Item = u16;
    }
    #[derive(Packed, Debug, PartialEq)]
    struct Assoc<T: Tr> {
        x: T::Item,
        y: Vec<<T as Tr>::Item>,
    }
    #[derive(Packed, Debug, PartialEq)]
    struct Life<'a, 'b: 'a, T: 'a + ?Sized>
    where
        T: Debug,
    {
        s: &'a str,
        b: &'b [u8],
        p: PhantomData<&'a T>,
    }
    #[derive(Packed, Debug, PartialEq)]
    struct ConstDefault<const N: usize = 3, T: Copy = u8> {
        a: [T; N],
    }
    macro_rules! declare {
        ($name:ident, $t:ty) => {
            #[derive(Packed, Debug, PartialEq)]
            struct $name {
                a: $t,
                b: Vec<$t>,
            }
        };
    }
    declare!(ByMacro, u16);
    #[derive(Packed, Debug, PartialEq, Default)]
    struct Tuple40(
        u32,
        u8,
        u8,
        u32,
        u8,
        u8,
        u32,
        u8,
        u8,
        u32,
        u8,
        u8,
        u32,
        u8,
        u8,
        u32,
        u8,
        u8,
        u32,
        u8,
        u8,
        u32,
        u8,
        u8,
        u32,
        u8,
        u8,
        u32,
        u8,
        u8,
        u32,
        u8,
        u8,
        u32,
        u8,
        u8,
        u32,
        u8,
        u8,
        u32,
    );
    // Two records of the same 40 fields, growable and bit-packed.
    macro_rules! forty {
        ($($f:ident: $t:ty),*) => {
            #[derive(Packed, Debug, PartialEq, Default)]
            #[packed(growable)]
            struct Growable40 { $($f: $t),* }
            #[derive(Packed, Debug, PartialEq, Default)]
            #[packed(bitpack)]
            struct Bits40 { $($f: $t),* }
        };
    }
    forty! {
        f0: bool, f1: u16, f2: bool, f3: u16, f4: bool, f5: u16, f6: bool, f7: u16,
        f8: bool, f9: u16, f10: bool, f11: u16, f12: bool, f13: u16, f14: bool, f15: u16,
        f16: bool, f17: u16, f18: bool, f19: u16, f20: bool, f21: u16, f22: bool, f23: u16,
        f24: bool, f25: u16, f26: bool, f27: u16, f28: bool, f29: u16, f30: bool, f31: u16,
        f32: bool, f33: u16, f34: bool, f35: u16, f36: bool, f37: u16, f38: bool, f39: u16
    }
    // Two enums of the same 300 fieldless variants, under Bitsery's layout and YAS's.
    macro_rules! many {
        ($($v:ident)*) => {
            #[derive(Packed, Debug, PartialEq, Clone, Copy)]
            enum Many { $($v),* }
            #[derive(Packed, Debug, PartialEq, Clone, Copy)]
            #[packed(layout = "yas")]
            enum ManyYas { $($v),* }
        };
    }
    many! {
        V0 V1 V2 V3 V4 V5 V6 V7 V8 V9 V10 V11 V12 V13 V14
        V15 V16 V17 V18 V19 V20 V21 V22 V23 V24 V25 V26 V27 V28 V29
        V30 V31 V32 V33 V34 V35 V36 V37 V38 V39 V40 V41 V42 V43 V44
        V45 V46 V47 V48 V49 V50 V51 V52 V53 V54 V55 V56 V57 V58 V59
        V60 V61 V62 V63 V64 V65 V66 V67 V68 V69 V70 V71 V72 V73 V74
        V75 V76 V77 V78 V79 V80 V81 V82 V83 V84 V85 V86 V87 V88 V89
        V90 V91 V92 V93 V94 V95 V96 V97 V98 V99 V100 V101 V102 V103 V104
        V105 V106 V107 V108 V109 V110 V111 V112 V113 V114 V115 V116 V117 V118 V119
        V120 V121 V122 V123 V124 V125 V126 V127 V128 V129 V130 V131 V132 V133 V134
        V135 V136 V137 V138 V139 V140 V141 V142 V143 V144 V145 V146 V147 V148 V149
        V150 V151 V152 V153 V154 V155 V156 V157 V158 V159 V160 V161 V162 V163 V164
        V165 V166 V167 V168 V169 V170 V171 V172 V173 V174 V175 V176 V177 V178 V179
        V180 V181 V182 V183 V184 V185 V186 V187 V188 V189 V190 V191 V192 V193 V194
        V195 V196 V197 V198 V199 V200 V201 V202 V203 V204 V205 V206 V207 V208 V209
        V210 V211 V212 V213 V214 V215 V216 V217 V218 V219 V220 V221 V222 V223 V224
        V225 V226 V227 V228 V229 V230 V231 V232 V233 V234 V235 V236 V237 V238 V239
        V240 V241 V242 V243 V244 V245 V246 V247 V248 V249 V250 V251 V252 V253 V254
        V255 V256 V257 V258 V259 V260 V261 V262 V263 V264 V265 V266 V267 V268 V269
        V270 V271 V272 V273 V274 V275 V276 V277 V278 V279 V280 V281 V282 V283 V284
        V285 V286 V287 V288 V289 V290 V291 V292 V293 V294 V295 V296 V297 V298 V299
    }

    round_trip(
        &Raw {
            r#type: 1,
            r#match: 2,
            Ok: 3,
            Some: 4,
            None: 5,
            Result: 6,
        },
        &hex("01 0200 03 04 05 06"),
    );
    round_trip(
        &Cfg {
            a: 1,
            c: vec![9],
            d: 2,
        },
        &hex("01 0100 09 02"),
    );
    round_trip(&CfgVariant::C(3), &hex("01 03"));
    round_trip(&Disc::B, &hex("c8"));
    assert!(packed_core::from_slice::<Disc>(&[2]).is_err());
    round_trip(&Signed::Minus, &hex("ffff"));
    round_trip(&Signed::Big, &hex("2c01"));
    round_trip(&Unit, &[]);
    round_trip(&Empty {}, &[]);
    // v, the box's flag and its record, then no kids.
    let rec = Rec {
        v: 1,
        boxed: Some(Box::new(Rec {
            v: 2,
            boxed: None,
            kids: vec![],
        })),
        kids: vec![Rec {
            v: 3,
            boxed: None,
            kids: vec![],
        }],
    };
    round_trip(&rec, &hex("01 01 02 00 00 01 03 00 00"));
    let smart = Smart {
        c: "hi".into(),
        cb: Cow::Borrowed(&[1, 2]),
        r: Rc::new(5),
        a: Arc::new("x".into()),
        bs: "ab".into(),
        bsl: vec![1u16].into(),
        rs: "q".into(),
        ars: vec![7u8].into(),
    };
    let bytes = hex("02 6869 02 0102 05000000 01 78 02 6162 01 0100 01 71 01 07");
    assert_eq!(packed_core::to_vec(&smart).unwrap(), bytes);
    assert_eq!(packed_core::from_slice::<Smart<'_>>(&bytes).unwrap(), smart);
    let hashed = Hashed {
        m: [(1, "a".to_string())].into_iter().collect(),
        s: [3u16].into_iter().collect(),
    };
    round_trip(&hashed, &hex("01 01 01 61 01 0300"));
    round_trip(&Assoc::<u8> { x: 1, y: vec![2] }, &hex("0100 01 0200"));
    let life: Life<'_, '_, str> = Life {
        s: "a",
        b: &[1],
        p: PhantomData,
    };
    let bytes = hex("01 61 01 01");
    assert_eq!(packed_core::to_vec(&life).unwrap(), bytes);
    assert_eq!(
        packed_core::from_slice::<Life<'_, '_, str>>(&bytes).unwrap(),
        life
    );
    round_trip(&ConstDefault::<3> { a: [1u8, 2, 3] }, &hex("01 02 03"));
    round_trip(&ByMacro { a: 1, b: vec![2] }, &hex("0100 01 0200"));
    {
        #[derive(Packed, Debug, PartialEq)]
        struct InFn<T> {
            a: T,
        }
        round_trip(&InFn { a: 5u8 }, &[5]);
    }
    // 40 fields: the tuple's u8s and u32s, the growable record's size and its bools and
    // u16s, and the bit-packed bools (1 bit) and u16s (16 bits).
    round_trip(&Tuple40::default(), &[0; 82]);
    let mut grown = vec![0; 4 + 60];
    grown[0] = (4 + 60) as u8;
    round_trip(&Growable40::default(), &grown);
    round_trip(&Bits40::default(), &[0; 340_usize.div_ceil(8)]);
    // 300 variants: the index in Bitsery's compact size.
    round_trip(&Many::V0, &[0]);
    round_trip(&Many::V127, &[0x7f]);
    round_trip(&Many::V128, &hex("80 80"));
    round_trip(&Many::V299, &hex("81 2b"));
    // YAS writes the index in one byte: 255 is the last it can hold.
    assert_eq!(&packed_core::to_vec(&ManyYas::V255).unwrap()[7..], [0xff]);
    assert_eq!(
        packed_core::to_vec(&ManyYas::V256).map_err(packed_core::Error::into_kind),
        Err(packed_core::EncodeError::VariantIndexTooLarge {
            index: 256,
            max: 255
        })
    );
}

/// Generic types whose parameters the user bounds by a trait that has `for<'de>
/// Decode<'de>` (`Packed`, `DecodeOwned`), or `DeserializeOwned` for a serde field: the
/// derive's inferred `T: Decode<'__de>` beside that bound was ambiguous, and none of
/// these compiled (E0283, "type annotations needed: cannot satisfy `T: Decode<'__de>`").
mod owned_bounds {
    use packed_core::{Decode, DecodeOwned, Encode, Packed};

    #[derive(Packed, Debug, PartialEq)]
    pub(crate) struct Envelope<T: Packed> {
        pub(crate) id: u16,
        pub(crate) body: T,
    }

    #[derive(Packed, Debug, PartialEq)]
    pub(crate) struct Where<T>
    where
        T: DecodeOwned + Encode,
    {
        pub(crate) t: Vec<T>,
    }

    #[derive(Packed, Debug, PartialEq)]
    pub(crate) struct Hrtb<T: for<'x> Decode<'x> + Encode> {
        pub(crate) t: Option<T>,
    }

    #[derive(Packed, Debug, PartialEq)]
    pub(crate) enum Either<T: Packed, U>
    where
        U: packed_core::Packed,
    {
        A(T),
        B { u: U },
    }

    #[derive(Packed, Debug, PartialEq)]
    pub(crate) struct Borrows<'a, T: Packed> {
        pub(crate) s: &'a str,
        pub(crate) t: T,
    }

    #[derive(Packed, Debug, PartialEq)]
    #[packed(growable)]
    pub(crate) struct Grows<T: Packed + Default> {
        pub(crate) t: T,
    }

    #[derive(Packed, Debug, PartialEq)]
    pub(crate) struct SerdeOwned<T: serde::de::DeserializeOwned + serde::Serialize> {
        #[packed(serde)]
        pub(crate) t: T,
        pub(crate) n: u8,
    }
}

#[test]
fn parameters_bounded_by_owned_decoding_round_trip() {
    use owned_bounds::{Borrows, Either, Envelope, Grows, Hrtb, SerdeOwned, Where};
    round_trip(
        &Envelope {
            id: 7,
            body: vec![1u8, 2],
        },
        &[7, 0, 2, 1, 2],
    );
    round_trip(&Where { t: vec![5u32] }, &[1, 5, 0, 0, 0]);
    round_trip(&Hrtb { t: Some(1u8) }, &[1, 1]);
    round_trip(&Either::<u8, u16>::B { u: 2 }, &[1, 2, 0]);
    round_trip(&Grows { t: 5u8 }, &[5, 0, 0, 0, 5]);
    round_trip(
        &SerdeOwned {
            t: (1u8, "a".to_string()),
            n: 9,
        },
        &[1, 1, b'a', 9],
    );
    let b = Borrows { s: "hi", t: 3u8 };
    let bytes = [2, b'h', b'i', 3];
    assert_eq!(packed_core::to_vec(&b).unwrap(), bytes);
    assert_eq!(
        packed_core::from_slice::<Borrows<'_, u8>>(&bytes).unwrap(),
        b
    );
}

/// Recursive generic types whose parameter is written through serde only: the
/// recursion (`Vec<Tree<T>>`) is written by the impl being derived, and gave `T` the
/// field's bound (`T: Encode`, `T: Decode<'__de>`), which no serde-only type has, so
/// `to_vec(&Tree<Label>)` did not compile short of a hand-written `bound`.
mod serde_recursion {
    use packed_core::Packed;

    #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    pub(crate) struct Label(pub(crate) String);

    #[derive(Packed, Debug, PartialEq)]
    pub(crate) struct Tree<T> {
        #[packed(serde)]
        pub(crate) v: T,
        pub(crate) kids: Vec<Tree<T>>,
    }

    #[derive(Packed, Debug, PartialEq)]
    pub(crate) enum List<T> {
        Nil,
        Cons(#[packed(serde)] T, Box<List<T>>),
    }

    /// The other way round: the recursion through serde, whose impl asks its own
    /// bounds, so `T` keeps `Serialize`/`Deserialize` from the `serde` field.
    #[derive(Packed, serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    pub(crate) struct SerdeKids<T> {
        pub(crate) v: T,
        #[packed(serde)]
        pub(crate) kids: Vec<SerdeKids<T>>,
    }
}

#[test]
fn recursive_types_of_a_serde_parameter_round_trip() {
    use serde_recursion::{Label, List, Tree};
    let tree = Tree {
        v: Label("a".into()),
        kids: vec![Tree {
            v: Label("b".into()),
            kids: vec![],
        }],
    };
    // "a", one kid: "b", no kids.
    let bytes = [1, b'a', 1, 1, b'b', 0];
    assert_eq!(packed_core::to_vec(&tree).unwrap(), bytes);
    assert_eq!(
        packed_core::from_slice::<Tree<Label>>(&bytes).unwrap(),
        tree
    );
    let list = List::Cons(Label("x".into()), Box::new(List::Nil));
    // Cons (index 1), "x", Nil (index 0).
    let bytes = [1, 1, b'x', 0];
    assert_eq!(packed_core::to_vec(&list).unwrap(), bytes);
    assert_eq!(
        packed_core::from_slice::<List<Label>>(&bytes).unwrap(),
        list
    );
    let kids = serde_recursion::SerdeKids {
        v: 1u8,
        kids: vec![serde_recursion::SerdeKids {
            v: 2u8,
            kids: vec![],
        }],
    };
    // 1, one kid (through serde): 2, no kids.
    let bytes = [1, 1, 2, 0];
    assert_eq!(packed_core::to_vec(&kids).unwrap(), bytes);
    assert_eq!(
        packed_core::from_slice::<serde_recursion::SerdeKids<u8>>(&bytes).unwrap(),
        kids
    );
}

/// Generic types over a `?Sized` parameter held behind a pointer: the derive inferred
/// `T: Decode<'__de>`, which `str` and `[E]` lack (only `Box<str>`, `Rc<[E]>`, ...
/// decode), so `from_slice::<UnsizedBox<str>>` did not compile without a `bound`.
mod unsized_params {
    use packed_core::Packed;
    use std::rc::Rc;

    #[derive(Packed, Debug, PartialEq)]
    pub(crate) struct UnsizedBox<T: ?Sized> {
        pub(crate) b: Box<T>,
    }

    #[derive(Packed, Debug, PartialEq)]
    pub(crate) struct Two<'a, T, U, V>
    where
        T: ?Sized,
        U: ?Sized,
        V: ?Sized,
    {
        pub(crate) a: Rc<T>,
        pub(crate) b: Box<U>,
        pub(crate) c: &'a V,
        pub(crate) n: u8,
    }

    /// Recursive: the type itself asks nothing more of `T`.
    #[derive(Packed, Debug, PartialEq)]
    pub(crate) struct Chain<T: ?Sized> {
        pub(crate) b: Box<T>,
        pub(crate) next: Option<Box<Chain<T>>>,
    }
}

#[test]
fn unsized_parameters_behind_pointers_round_trip() {
    use unsized_params::{Chain, Two, UnsizedBox};
    round_trip(&UnsizedBox::<str> { b: "hi".into() }, &[2, b'h', b'i']);
    round_trip(
        &UnsizedBox::<[u16]> {
            b: vec![1, 2].into(),
        },
        &[2, 1, 0, 2, 0],
    );
    round_trip(&UnsizedBox::<u32> { b: Box::new(5) }, &[5, 0, 0, 0]);
    round_trip(
        &Chain::<str> {
            b: "a".into(),
            next: Some(Box::new(Chain {
                b: "b".into(),
                next: None,
            })),
        },
        &[1, b'a', 1, 1, b'b', 0],
    );
    let two = Two::<str, [u8], str> {
        a: "x".into(),
        b: vec![9u8].into(),
        c: "yz",
        n: 3,
    };
    let bytes = [1, b'x', 1, 9, 2, b'y', b'z', 3];
    assert_eq!(packed_core::to_vec(&two).unwrap(), bytes);
    assert_eq!(
        packed_core::from_slice::<Two<'_, str, [u8], str>>(&bytes).unwrap(),
        two
    );
}

/// A type generic over the hasher of its hash containers: the derive gave the hasher
/// `S: Encode` and `S: Decode<'__de>`, which no hasher has (it is not written), so
/// `to_vec(&Counts::<RandomState> { .. })` did not compile.
mod hasher_params {
    use packed_core::Packed;
    use std::collections::{HashMap, HashSet};
    use std::hash::BuildHasher;

    #[derive(Packed, Debug)]
    pub(crate) struct Counts<S: BuildHasher + Default> {
        pub(crate) map: HashMap<u8, u16, S>,
        pub(crate) set: HashSet<u8, S>,
        pub(crate) ordered: indexmap::IndexMap<u8, u8, S>,
        pub(crate) ordered_set: indexmap::IndexSet<u8, S>,
    }
}

#[test]
fn hasher_parameters_take_no_bound() {
    use std::collections::hash_map::RandomState;
    let mut counts = hasher_params::Counts::<RandomState> {
        map: HashMap::default(),
        set: HashSet::default(),
        ordered: indexmap::IndexMap::default(),
        ordered_set: indexmap::IndexSet::default(),
    };
    let _ = counts.map.insert(1, 0x0302);
    let _ = counts.set.insert(4);
    let _ = counts.ordered.insert(5, 6);
    let _ = counts.ordered_set.insert(7);
    // Each a one-byte length, then its entries.
    let bytes = [1, 1, 2, 3, 1, 4, 1, 5, 6, 1, 7];
    assert_eq!(packed_core::to_vec(&counts).unwrap(), bytes);
    let back = packed_core::from_slice::<hasher_params::Counts<RandomState>>(&bytes).unwrap();
    assert_eq!(back.map, counts.map);
    assert_eq!(back.set, counts.set);
    assert_eq!(back.ordered, counts.ordered);
    assert_eq!(back.ordered_set, counts.ordered_set);
}
