//! The serde bridge (`packed_core::serde`): serde's data model written by the same
//! writers as the derive.
//!
//! - For types that derive both `Packed` and serde's traits (the golden fixtures' types,
//!   the seed document's, and types covering the rest of serde's data model: enums of
//!   every variant kind, maps, sets, tuples, `char`, 128-bit integers), the serde path
//!   writes the derive's bytes under every layout, for random values, and reads them
//!   back (proptest); types holding fixed arrays or tuples do so under the layouts that
//!   follow Bitsery's conventions and round-trip under YAS's (see the module docs).
//! - The serde path reproduces the real libraries' golden bytes.
//! - Each serde feature a positional format cannot represent is a typed error naming
//!   it; hostile input gets the derive's typed errors.
//! - `#[packed(serde)]` embeds a serde-only type in a derived record.

#[macro_use]
mod common;

use std::collections::{BTreeMap, BTreeSet};

use common::{golden, sizes_string};
use packed_core::layout::{
    Bitsery, BitseryBig, Varint, Yas, YasBig, YasCompacted, YasCompactedBig, YasNoHeader,
};
use packed_core::serde::{from_slice_as, to_vec_as, Serde};
use packed_core::{DecodeError, EncodeError, Layout, Limits, Packed};
use packed_fixtures::{Document, Item, Meta};
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

/// `scalars` of the golden fixtures.
#[derive(Packed, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Scalars {
    u8: u8,
    i16: i16,
    u32: u32,
    i64: i64,
    f32: f32,
    f64: f64,
    b_true: bool,
    b_false: bool,
}

/// `ints_edge`: arrays, written without a length by both.
#[derive(Packed, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct IntsEdge {
    i32s: [i32; 16],
    u32s: [u32; 6],
    u64s: [u64; 6],
    i64s: [i64; 4],
}

/// Every kind of variant.
#[derive(Packed, Serialize, Deserialize, Debug, PartialEq, Clone)]
enum Shape {
    Empty,
    Circle(u32),
    Pair(i16, String),
    Rect { w: u64, h: Option<i8> },
}

/// The rest of serde's data model.
#[derive(Packed, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Everything {
    shapes: Vec<Shape>,
    map: BTreeMap<String, u32>,
    set: BTreeSet<i16>,
    pair: (u8, i64, char),
    wide: (u128, i128),
    size: usize,
    nested: Vec<Vec<u16>>,
    opt: Option<Vec<String>>,
    boxed: Box<Meta>,
    unit: (),
    newtype: Newtype,
}

#[derive(Packed, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Newtype(i32);

fn meta() -> impl Strategy<Value = Meta> {
    (".{0,12}", any::<i32>()).prop_map(|(region, version)| Meta { region, version })
}

fn document() -> impl Strategy<Value = Document> {
    let item =
        ("[a-z]{0,150}", any::<i32>(), any::<i64>()).prop_map(|(sku, qty, price_minor)| Item {
            sku,
            qty,
            price_minor,
        });
    (
        ".{0,20}",
        any::<i32>(),
        meta(),
        prop::collection::vec(item, 0..20),
    )
        .prop_map(|(id, status, meta, items)| Document {
            id,
            status,
            meta,
            items,
        })
}

fn shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        Just(Shape::Empty),
        any::<u32>().prop_map(Shape::Circle),
        (any::<i16>(), ".{0,5}").prop_map(|(a, b)| Shape::Pair(a, b)),
        (any::<u64>(), any::<Option<i8>>()).prop_map(|(w, h)| Shape::Rect { w, h }),
    ]
}

fn everything() -> impl Strategy<Value = Everything> {
    (
        prop::collection::vec(shape(), 0..6),
        prop::collection::btree_map(".{0,4}", any::<u32>(), 0..4),
        prop::collection::btree_set(any::<i16>(), 0..4),
        any::<(u8, i64, char)>(),
        any::<(u128, i128)>(),
        any::<usize>(),
        prop::collection::vec(prop::collection::vec(any::<u16>(), 0..200), 0..3),
        prop::option::of(prop::collection::vec(".{0,3}", 0..3)),
        (meta(), any::<i32>()),
    )
        .prop_map(
            |(shapes, map, set, pair, wide, size, nested, opt, (meta, n))| Everything {
                shapes,
                map,
                set,
                pair,
                wide,
                size,
                nested,
                opt,
                boxed: Box::new(meta),
                unit: (),
                newtype: Newtype(n),
            },
        )
}

fn scalars() -> impl Strategy<Value = Scalars> {
    any::<(u8, i16, u32, i64, f32, f64, bool, bool)>().prop_map(
        |(u8, i16, u32, i64, f32, f64, b_true, b_false)| Scalars {
            u8,
            i16,
            u32,
            i64,
            f32,
            f64,
            b_true,
            b_false,
        },
    )
}

fn ints_edge() -> impl Strategy<Value = IntsEdge> {
    any::<([i32; 16], [u32; 6], [u64; 6], [i64; 4])>().prop_map(|(i32s, u32s, u64s, i64s)| {
        IntsEdge {
            i32s,
            u32s,
            u64s,
            i64s,
        }
    })
}

/// The serde path writes the derive's bytes under `L` and reads them back to `v`.
fn same_bytes<L: Layout, T>(v: &T) -> Result<(), TestCaseError>
where
    T: Packed + Serialize + for<'de> Deserialize<'de> + PartialEq + std::fmt::Debug,
{
    let derived = packed_core::with::<L>()
        .to_vec(v)
        .expect("the derive encodes");
    let serde = to_vec_as::<L, T>(v).expect("serde encodes");
    prop_assert_eq!(&serde, &derived, "layout {}", std::any::type_name::<L>());
    let back: T = from_slice_as::<L, T>(&derived).expect("serde decodes the derive's bytes");
    prop_assert_eq!(&back, v);
    Ok(())
}

/// The serde path reads back what it wrote under `L`.
fn round_trips<L: Layout, T>(v: &T) -> Result<(), TestCaseError>
where
    T: Serialize + for<'de> Deserialize<'de> + PartialEq + std::fmt::Debug,
{
    let bytes = to_vec_as::<L, T>(v).expect("serde encodes");
    let back: T = from_slice_as::<L, T>(&bytes).expect("serde decodes its own bytes");
    prop_assert_eq!(&back, v, "layout {}", std::any::type_name::<L>());
    Ok(())
}

/// For a type holding fixed arrays or tuples: [`same_bytes`] under the layouts that
/// follow Bitsery's conventions (bare elements), and a round trip under YAS's, where the
/// derive writes an array as a `std::array` (a length first) and a tuple with its count
/// but serde, which passes both through `serialize_tuple`, writes bare elements.
fn same_bytes_under_bitsery_conventions<T>(v: &T) -> Result<(), TestCaseError>
where
    T: Packed + Serialize + for<'de> Deserialize<'de> + PartialEq + std::fmt::Debug,
{
    same_bytes::<Bitsery, T>(v)?;
    same_bytes::<BitseryBig, T>(v)?;
    same_bytes::<Varint, T>(v)?;
    round_trips::<Yas, T>(v)?;
    round_trips::<YasNoHeader, T>(v)?;
    round_trips::<YasBig, T>(v)?;
    round_trips::<YasCompacted, T>(v)?;
    round_trips::<YasCompactedBig, T>(v)
}

/// [`same_bytes`] under every layout.
fn same_bytes_everywhere<T>(v: &T) -> Result<(), TestCaseError>
where
    T: Packed + Serialize + for<'de> Deserialize<'de> + PartialEq + std::fmt::Debug,
{
    same_bytes::<Bitsery, T>(v)?;
    same_bytes::<BitseryBig, T>(v)?;
    same_bytes::<Yas, T>(v)?;
    same_bytes::<YasNoHeader, T>(v)?;
    same_bytes::<YasBig, T>(v)?;
    same_bytes::<YasCompacted, T>(v)?;
    same_bytes::<YasCompactedBig, T>(v)?;
    same_bytes::<Varint, T>(v)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn seed_document_types(doc in document()) {
        same_bytes_everywhere(&doc)?;
        same_bytes_everywhere(&doc.meta)?;
    }

    #[test]
    fn golden_fixture_types(s in scalars(), e in ints_edge(), n in ".{0,300}", o in any::<Option<i32>>()) {
        // NaN is not equal to itself: compare a value that is.
        prop_assume!(!s.f32.is_nan() && !s.f64.is_nan());
        same_bytes_everywhere(&s)?;
        same_bytes_under_bitsery_conventions(&e)?;
        same_bytes_everywhere(&n)?;
        same_bytes_everywhere(&o)?;
    }

    #[test]
    fn the_rest_of_the_data_model(v in everything()) {
        same_bytes_under_bitsery_conventions(&v)?;
    }
}

/// The serde path writes and reads the real libraries' bytes.
#[test]
fn golden_bytes() {
    fn check<L: Layout>(config: &str) {
        let doc = Document {
            id: "doc-000123".into(),
            status: 2,
            meta: Meta {
                region: "eu-west".into(),
                version: 7,
            },
            items: common::DOC_ITEMS
                .iter()
                .map(|&(sku, qty, price_minor)| Item {
                    sku: sku.into(),
                    qty,
                    price_minor,
                })
                .collect(),
        };
        let bytes = golden(config, "document");
        assert_eq!(to_vec_as::<L, _>(&doc).unwrap(), bytes, "{config} document");
        assert_eq!(
            from_slice_as::<L, Document>(&bytes).unwrap(),
            doc,
            "{config} document"
        );
        for n in [0, 1, 127, 128, 129, 16383, 16384, 70000] {
            let bytes = golden(config, &format!("sizes_{n}"));
            let s = sizes_string(n);
            assert_eq!(to_vec_as::<L, _>(&s).unwrap(), bytes, "{config} sizes_{n}");
            assert_eq!(
                from_slice_as::<L, &str>(&bytes).unwrap(),
                s,
                "{config} sizes_{n}"
            );
        }
        let nested = golden(config, "nested_vec");
        assert_eq!(
            to_vec_as::<L, _>(&common::nested_vec()).unwrap(),
            nested,
            "{config}"
        );
        let some = golden(config, "optional_some");
        assert_eq!(to_vec_as::<L, _>(&Some(42i32)).unwrap(), some, "{config}");
        let none = golden(config, "optional_none");
        assert_eq!(
            from_slice_as::<L, Option<i32>>(&none).unwrap(),
            None,
            "{config}"
        );
    }
    macro_rules! each {
        (; $([$i:literal $name:literal $m:ident $attrs:tt $layout:ident])*) => {
            $(check::<packed_core::layout::$layout>($name);)*
        };
    }
    packed_tests::configurations!(each);
}

/// `&str` and `&[u8]` borrow from the input.
#[test]
fn borrows_from_a_slice() {
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Borrowed<'a> {
        name: &'a str,
        #[serde(with = "serde_bytes_like")]
        raw: &'a [u8],
    }
    /// `&[u8]` as serde bytes (what the `serde_bytes` crate does).
    mod serde_bytes_like {
        pub fn serialize<S: serde::Serializer>(b: &[u8], s: S) -> Result<S::Ok, S::Error> {
            s.serialize_bytes(b)
        }
        pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<&'de [u8], D::Error> {
            <&[u8]>::deserialize(d)
        }
        use serde::Deserialize;
    }
    let v = Borrowed {
        name: "hi",
        raw: &[1, 2, 3],
    };
    let bytes = packed_core::serde::to_vec(&v).unwrap();
    // Written as the derive writes a `&str` and a `&[u8]`.
    assert_eq!(
        bytes,
        packed_core::to_vec(&("hi", &[1u8, 2, 3][..])).unwrap()
    );
    let back: Borrowed<'_> = packed_core::serde::from_slice(&bytes).unwrap();
    assert_eq!(back, v);
    assert!(
        std::ptr::eq(back.name.as_ptr(), bytes[1..].as_ptr()),
        "the name is borrowed"
    );
}

/// Streams: `to_writer` and `from_reader`, with a second message left unread.
#[test]
fn streams() {
    let doc = packed_fixtures::seed_document();
    let mut sink = Vec::new();
    let n = packed_core::serde::to_writer_as::<Yas, _, _>(&doc, &mut sink).unwrap();
    packed_core::serde::to_writer_as::<Yas, _, _>(&7u8, &mut sink).unwrap();
    assert_eq!(n, packed_core::with::<Yas>().encoded_len(&doc).unwrap());
    let mut source = &sink[..];
    let back: Document = packed_core::serde::from_reader_as::<Yas, _, _>(&mut source).unwrap();
    assert_eq!(back, doc);
    assert_eq!(
        packed_core::serde::from_reader_as::<Yas, u8, _>(&mut source),
        Ok(7)
    );
    let mut buf = vec![0xAA];
    assert_eq!(packed_core::serde::encode_into(&"ab", &mut buf), Ok(3));
    assert_eq!(buf, [0xAA, 2, b'a', b'b']);
}

// ---------------------------------------------------------------------------------------
// What a positional format cannot represent: typed errors naming the feature
// ---------------------------------------------------------------------------------------

fn unsupported_encode<T: Serialize>(v: &T, feature: &str) {
    match packed_core::serde::to_vec(v).map_err(packed_core::Error::into_kind) {
        Err(EncodeError::SerdeUnsupported { feature: f }) => {
            assert!(f.contains(feature), "{f:?} names {feature:?}");
        }
        other => panic!("expected SerdeUnsupported({feature}), got {other:?}"),
    }
    // Nothing is appended to a buffer either.
    let mut buf = vec![1, 2];
    assert!(packed_core::serde::encode_into(v, &mut buf).is_err());
    assert_eq!(buf, [1, 2]);
}

fn unsupported_decode<T: for<'de> Deserialize<'de> + std::fmt::Debug>(bytes: &[u8], feature: &str) {
    match packed_core::serde::from_slice::<T>(bytes).map_err(packed_core::Error::into_kind) {
        Err(DecodeError::SerdeUnsupported { feature: f, .. }) => {
            assert!(f.contains(feature), "{f:?} names {feature:?}");
        }
        other => panic!("expected SerdeUnsupported({feature}), got {other:?}"),
    }
}

#[test]
fn skip_serializing_if_is_an_error() {
    #[derive(Serialize)]
    struct S {
        a: u8,
        #[serde(skip_serializing_if = "Option::is_none")]
        b: Option<u8>,
        c: u8,
    }
    unsupported_encode(
        &S {
            a: 1,
            b: None,
            c: 2,
        },
        "skip_serializing_if",
    );
    // Present, it is written like any field.
    assert_eq!(
        packed_core::serde::to_vec(&S {
            a: 1,
            b: Some(3),
            c: 2
        }),
        Ok(vec![1, 1, 3, 2])
    );
}

/// What serde does not tell the format: a field or variant skipped on one side only,
/// and `skip_serializing_if` on a tuple field. `skip_serializing` (without
/// `skip_deserializing`) leaves the field out of the serializer's view altogether, and
/// `skip_deserializing` out of the deserializer's, so neither side can name it: every
/// later read is shifted, to a wrong value or a later, unrelated error. These tests pin
/// that down, so that the documentation's caveat stays true.
#[test]
fn skips_on_one_side_only_shift_later_reads() {
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct SkipSer {
        a: u8,
        #[serde(skip_serializing)]
        b: u8,
        c: u8,
    }
    // `b` is not written (two bytes, no error), but it is read: two of them read as
    // `a` and `b`, and the third a value needs is past the end.
    let two = vec![SkipSer { a: 1, b: 9, c: 2 }, SkipSer { a: 3, b: 9, c: 4 }];
    let bytes = packed_core::serde::to_vec(&two).unwrap();
    assert_eq!(bytes, [2, 1, 2, 3, 4]);
    assert!(matches!(
        packed_core::serde::from_slice::<Vec<SkipSer>>(&bytes)
            .map_err(packed_core::Error::into_kind),
        Err(DecodeError::UnexpectedEnd { .. })
    ));
    // Followed by more data, the misread is silent.
    assert_eq!(
        packed_core::serde::from_slice::<(SkipSer, u8)>(&[1, 2, 3, 4]).unwrap(),
        (SkipSer { a: 1, b: 2, c: 3 }, 4)
    );

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct SkipDe {
        a: u8,
        #[serde(skip_deserializing)]
        b: u8,
        c: u8,
    }
    // `b` is written but not read: `c` reads `b`'s byte, every later value starts one
    // byte early, and the error, if any, comes at the end (the byte left over).
    let bytes = packed_core::serde::to_vec(&(SkipDe { a: 1, b: 2, c: 3 }, 4u8, 5u8)).unwrap();
    assert_eq!(bytes, [1, 2, 3, 4, 5]);
    assert!(matches!(
        packed_core::serde::from_slice::<(SkipDe, u8, u8)>(&bytes)
            .map_err(packed_core::Error::into_kind),
        Err(DecodeError::TrailingBytes { .. })
    ));
    assert_eq!(
        packed_core::serde::from_slice::<(SkipDe, u8, u8)>(&bytes[..4]).unwrap(),
        (SkipDe { a: 1, b: 0, c: 2 }, 3, 4)
    );

    // A variant skipped when deserializing: the writer numbers all variants, the
    // reader only the ones it reads, so every later variant reads as the next one.
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    enum E {
        A,
        #[serde(skip_deserializing)]
        B,
        C,
        D,
    }
    assert_eq!(packed_core::serde::to_vec(&E::B).unwrap(), [1]);
    assert_eq!(packed_core::serde::from_slice::<E>(&[1]).unwrap(), E::C);
    assert_eq!(packed_core::serde::to_vec(&E::C).unwrap(), [2]);
    assert_eq!(packed_core::serde::from_slice::<E>(&[2]).unwrap(), E::D);
    // The last one is past the reader's list.
    assert!(matches!(
        packed_core::serde::from_slice::<E>(&[3]).map_err(packed_core::Error::into_kind),
        Err(DecodeError::UnknownVariant { .. })
    ));

    // A variant skipped when serializing is serde's own error when that variant is
    // written (a custom message); the others keep their indices and read back.
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    enum F {
        A,
        #[serde(skip_serializing)]
        B,
        C,
    }
    match packed_core::serde::to_vec(&F::B).map_err(packed_core::Error::into_kind) {
        Err(EncodeError::SerdeCustom(msg)) => {
            assert!(msg.contains("cannot be serialized"), "{msg}")
        }
        other => panic!("expected serde's own error, got {other:?}"),
    }
    assert_eq!(packed_core::serde::to_vec(&F::C).unwrap(), [2]);
    assert_eq!(packed_core::serde::from_slice::<F>(&[2]).unwrap(), F::C);

    // `skip` on a variant is `skip_deserializing` too: the variants after it shift.
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    enum G {
        A,
        #[serde(skip)]
        B,
        C(u8),
    }
    assert!(packed_core::serde::to_vec(&G::B).is_err());
    assert_eq!(packed_core::serde::to_vec(&G::C(5)).unwrap(), [2, 5]);
    assert!(matches!(
        packed_core::serde::from_slice::<G>(&[2, 5]).map_err(packed_core::Error::into_kind),
        Err(DecodeError::UnknownVariant { tag: 2, .. })
    ));

    // `skip_serializing_if` on a tuple field: serde's derive announces the shorter
    // length and calls no `skip_field` (tuples have none), so the writer cannot tell;
    // the reader reads every field. Worked out by hand: a length byte 2, then each
    // `T` as its two written `u8`s.
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct T(
        u8,
        #[serde(skip_serializing_if = "Option::is_none")] Option<u8>,
        u8,
    );
    let bytes = packed_core::serde::to_vec(&vec![T(1, None, 0), T(3, None, 4)]).unwrap();
    assert_eq!(bytes, [2, 1, 0, 3, 4]);
    // The first `T` reads `0` as `None` and `3` as its last field: the second reads
    // `4` and runs out.
    assert!(matches!(
        packed_core::serde::from_slice::<Vec<T>>(&bytes).map_err(packed_core::Error::into_kind),
        Err(DecodeError::UnexpectedEnd { offset: 5, .. })
    ));
    // Followed by more data, silently wrong.
    assert_eq!(
        packed_core::serde::from_slice::<(T, u8)>(&[1, 0, 7, 9]).unwrap(),
        (T(1, None, 7), 9)
    );
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    enum TV {
        A(
            #[serde(skip_serializing_if = "Option::is_none")] Option<u8>,
            u8,
        ),
    }
    assert_eq!(packed_core::serde::to_vec(&TV::A(None, 6)).unwrap(), [0, 6]);
    assert!(packed_core::serde::from_slice::<TV>(&[0, 6]).is_err());

    // A field skipped on both sides (`skip`): nothing shifts.
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Skip {
        a: u8,
        #[serde(skip)]
        b: u8,
        c: u8,
    }
    let bytes = packed_core::serde::to_vec(&Skip { a: 1, b: 9, c: 2 }).unwrap();
    assert_eq!(bytes, [1, 2]);
    assert_eq!(
        packed_core::serde::from_slice::<Skip>(&bytes).unwrap(),
        Skip { a: 1, b: 0, c: 2 }
    );
}

#[test]
fn flatten_is_an_error() {
    #[derive(Serialize, Deserialize, Debug)]
    struct Inner {
        x: u8,
    }
    #[derive(Serialize, Deserialize, Debug)]
    struct Outer {
        a: u8,
        #[serde(flatten)]
        inner: Inner,
    }
    unsupported_encode(
        &Outer {
            a: 1,
            inner: Inner { x: 2 },
        },
        "flatten",
    );
    // Reading one asks for a self-describing map.
    unsupported_decode::<Outer>(&[2, 0, 0], "flatten");
}

#[test]
fn a_map_of_unknown_length_is_an_error() {
    struct Evens(Vec<u8>);
    impl Serialize for Evens {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            // A filter's length is not known in advance.
            s.collect_map(self.0.iter().filter(|x| *x % 2 == 0).map(|x| (x, x)))
        }
    }
    unsupported_encode(&Evens(vec![1, 2, 4]), "map of unknown length");
    struct Odds(Vec<u8>);
    impl Serialize for Odds {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_seq(self.0.iter().filter(|x| *x % 2 == 1))
        }
    }
    unsupported_encode(&Odds(vec![1, 2, 3]), "sequence of unknown length");
}

#[test]
fn a_struct_writing_fewer_fields_than_it_declares_is_an_error() {
    struct Liar;
    impl Serialize for Liar {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            use serde::ser::SerializeStruct;
            let mut st = s.serialize_struct("Liar", 2)?;
            st.serialize_field("a", &1u8)?;
            st.end()
        }
    }
    unsupported_encode(&Liar, "another number of fields");
}

/// A variant index is the derive's default tag form: Bitsery's size prefix (300 is
/// `0x81 0x2c`: `0x80 | 300 >> 8`, then `300 & 0xff`), and one byte under YAS, where
/// 300 does not fit.
#[test]
fn a_variant_index_takes_the_variant_index_form() {
    struct Far;
    impl Serialize for Far {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_unit_variant("Far", 300, "V300")
        }
    }
    assert_eq!(packed_core::serde::to_vec(&Far).unwrap(), [0x81, 0x2c]);
    assert_eq!(
        to_vec_as::<YasNoHeader, _>(&Far).map_err(packed_core::Error::into_kind),
        Err(EncodeError::VariantIndexTooLarge {
            index: 300,
            max: 255
        })
    );
}

#[test]
fn untagged_and_internally_tagged_enums_are_errors_on_decode() {
    #[derive(Serialize, Deserialize, Debug)]
    #[serde(untagged)]
    enum Untagged {
        A(u8),
        B(String),
    }
    #[derive(Serialize, Deserialize, Debug)]
    #[serde(tag = "type")]
    enum Internal {
        A { x: u8 },
    }
    unsupported_decode::<Untagged>(&[1], "untagged");
    unsupported_decode::<Internal>(&[1, b'A', 1], "internally tagged");
    // Adjacently tagged enums write a struct of the tag and the content, but read the
    // tag as a name.
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    #[serde(tag = "t", content = "c")]
    enum Adjacent {
        A(u8),
    }
    assert_eq!(packed_core::serde::to_vec(&Adjacent::A(3)).unwrap(), [0, 3]);
    unsupported_decode::<Adjacent>(&[0, 3], "adjacently tagged");
}

#[test]
fn deserialize_any_and_ignored_any_are_errors() {
    struct Any;
    impl<'de> Deserialize<'de> for Any {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            d.deserialize_any(serde::de::IgnoredAny).map(|_| Any)
        }
    }
    impl std::fmt::Debug for Any {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("Any")
        }
    }
    unsupported_decode::<Any>(&[0], "deserialize_any");
    unsupported_decode::<serde::de::IgnoredAny>(&[0], "deserialize_ignored_any");
}

// ---------------------------------------------------------------------------------------
// Hostile input: the derive's typed errors
// ---------------------------------------------------------------------------------------

/// Every truncation of a message fails through serde with the derive's error, from a
/// slice and from a stream: the serde reader's checks ahead of a number (one
/// out-of-line call on failure) report what the number's own read would. (Types
/// without sequences: serde's sequences check their length as of elements that may
/// take no input, see `hostile_input`.)
#[test]
fn truncated_input_gets_the_derives_errors() {
    fn check<L: Layout, T>(v: &T)
    where
        T: Packed + Serialize + for<'de> Deserialize<'de> + PartialEq + std::fmt::Debug,
    {
        let bytes = packed_core::with::<L>().to_vec(v).unwrap();
        let mut over_limit = 0;
        for end in 0..bytes.len() {
            let cut = &bytes[..end];
            // The kinds: the derived type's error names a field, serde's none.
            let derived = packed_core::with::<L>()
                .from_slice::<T>(cut)
                .unwrap_err()
                .into_kind();
            let serde = from_slice_as::<L, T>(cut).unwrap_err().into_kind();
            assert_eq!(
                serde,
                derived,
                "{} bytes of {}",
                end,
                std::any::type_name::<L>()
            );
            let streamed =
                packed_core::serde::from_reader_as::<L, T, _>(std::io::BufReader::new(cut))
                    .unwrap_err();
            let derived_streamed = packed_core::with::<L>()
                .from_reader::<T, _>(std::io::BufReader::new(cut))
                .unwrap_err();
            assert_eq!(streamed, derived_streamed, "{} bytes, streamed", end);
            // The whole message, read past a byte limit: the reader's own error for it.
            let limited = packed_core::with::<L>().limits(Limits::DEFAULT.with_max_bytes(end));
            // The kinds: the derived type's error may name a field, serde's names none.
            let derived = limited
                .take_from_slice::<T>(&bytes)
                .unwrap_err()
                .into_kind();
            let serde = limited
                .take_from_slice::<Serde<T>>(&bytes)
                .unwrap_err()
                .into_kind();
            assert_eq!(serde, derived, "limited to {} bytes", end);
            over_limit += usize::from(matches!(serde, DecodeError::ByteLimitExceeded { .. }));
        }
        assert!(over_limit > 0, "no read reached the byte limit");
    }
    fn every_layout<T>(v: &T)
    where
        T: Packed + Serialize + for<'de> Deserialize<'de> + PartialEq + std::fmt::Debug,
    {
        check::<Bitsery, T>(v);
        check::<BitseryBig, T>(v);
        check::<Yas, T>(v);
        check::<YasCompacted, T>(v);
        check::<Varint, T>(v);
    }
    every_layout(&Scalars {
        u8: 1,
        i16: -300,
        u32: 70_000,
        i64: -5_000_000_000,
        f32: 1.5,
        f64: -2.25,
        b_true: true,
        b_false: false,
    });
    every_layout(&packed_fixtures::seed_document().items[0]);
    every_layout(&packed_fixtures::seed_document().meta);
    every_layout(&Shape::Rect {
        w: 1 << 40,
        h: Some(-3),
    });
    every_layout(&Shape::Pair(-2, "pair".into()));
    every_layout(&Newtype(-7));
    every_layout(&Some('é'));
    every_layout(&Some(2.5f64));
}

#[test]
fn hostile_input() {
    use packed_core::serde::from_slice;
    // A length past the input, before anything is allocated.
    // (serde does not say how small an element may be, so elements beyond the bytes
    // left are counted as ones that take no input.)
    assert_eq!(
        from_slice::<Vec<u64>>(&[0xC0, 0xFF, 0xFF, 0xFF, 1]).map_err(packed_core::Error::into_kind),
        Err(DecodeError::ZeroWidthLimitExceeded {
            offset: 0,
            limit: 4096
        })
    );
    // A million `()`s from three bytes: the zero-width budget.
    assert!(matches!(
        from_slice::<Vec<()>>(&[0xC0, 0x0F, 0x42, 0x40]).map_err(packed_core::Error::into_kind),
        Err(DecodeError::ZeroWidthLimitExceeded { offset: 0, .. })
    ));
    // An unknown variant's tag, named by the enum.
    assert_eq!(
        from_slice::<Shape>(&[9]).map_err(packed_core::Error::into_kind),
        Err(DecodeError::UnknownVariant {
            offset: 0,
            type_name: "Shape",
            tag: 9
        })
    );
    assert_eq!(
        from_slice::<Option<u8>>(&[2, 0]).map_err(packed_core::Error::into_kind),
        Err(DecodeError::InvalidOptionFlag { offset: 0, byte: 2 })
    );
    assert_eq!(
        from_slice::<u8>(&[1, 2]).map_err(packed_core::Error::into_kind),
        Err(DecodeError::TrailingBytes {
            offset: 1,
            remaining: 1
        })
    );
    assert!(matches!(
        from_slice::<String>(&[2, 0xFF, 0xFF]).map_err(packed_core::Error::into_kind),
        Err(DecodeError::InvalidUtf8 { offset: 1 })
    ));
    // Recursion is bounded by the depth limit, as for derived types.
    #[derive(Serialize, Deserialize, Debug)]
    struct Tree(Vec<Tree>);
    let deep = vec![1u8; 1000];
    assert!(matches!(
        from_slice::<Tree>(&deep).map_err(packed_core::Error::into_kind),
        Err(DecodeError::DepthLimitExceeded { .. })
    ));
    // Also where the type recurses through sequences or options alone, visiting no
    // struct: a million nested one-element sequences (or `Some`s), from a slice and
    // from a stream. Before sequences and options were levels, each overflowed the
    // stack and aborted the process.
    #[derive(Serialize, Deserialize, Debug)]
    #[serde(transparent)]
    struct Bare(Vec<Bare>);
    #[derive(Serialize, Deserialize, Debug)]
    #[serde(transparent)]
    struct List(Option<Box<List>>);
    let million = vec![1u8; 1_000_000];
    let depth_error = |r: Result<(), packed_core::Error<DecodeError>>| {
        matches!(
            r.map_err(packed_core::Error::into_kind),
            Err(DecodeError::DepthLimitExceeded { limit: 128, .. })
        )
    };
    assert!(depth_error(from_slice::<Bare>(&million).map(drop)));
    assert!(depth_error(from_slice::<List>(&million).map(drop)));
    assert!(depth_error(
        packed_core::serde::from_reader::<Bare, _>(&million[..]).map(drop)
    ));
    // ... and a hand-written `Deserialize` recursing through tuples, reading its own
    // flags: `(true, (true, ... (false, ())))`.
    struct Chain;
    impl<'de> Deserialize<'de> for Chain {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            struct V;
            impl<'de> serde::de::Visitor<'de> for V {
                type Value = Chain;
                fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                    f.write_str("a chain")
                }
                fn visit_seq<A: serde::de::SeqAccess<'de>>(
                    self,
                    mut s: A,
                ) -> Result<Chain, A::Error> {
                    if s.next_element::<bool>()? == Some(true) {
                        s.next_element::<Chain>()?;
                    }
                    Ok(Chain)
                }
            }
            d.deserialize_tuple(2, V)
        }
    }
    assert!(depth_error(from_slice::<Chain>(&million).map(drop)));
    // Valid nesting within the limit still decodes: 127 levels of a one-element
    // sequence (the 128th empty), and 127 `Some`s.
    let mut ok = vec![1u8; 127];
    ok.push(0);
    assert!(from_slice::<Bare>(&ok).is_ok());
    assert!(from_slice::<List>(&ok).is_ok());
    // A message from a `Deserialize` impl says where decoding stopped.
    assert!(matches!(
        from_slice::<std::num::NonZeroU8>(&[0]).map_err(packed_core::Error::into_kind),
        Err(DecodeError::SerdeCustom { offset: 1, .. })
    ));
    // Limits apply through `Config`.
    let strict = packed_core::config().limits(Limits::DEFAULT.with_max_bytes(4));
    assert!(matches!(
        strict
            .from_slice::<Serde<Document>>(
                &packed_core::to_vec(&packed_fixtures::seed_document()).unwrap()
            )
            .map_err(packed_core::Error::into_kind),
        Err(DecodeError::ByteLimitExceeded { .. })
    ));
}

// ---------------------------------------------------------------------------------------
// `#[packed(serde)]`: a serde-only type inside a derived record
// ---------------------------------------------------------------------------------------

/// Has serde's traits only.
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Foreign {
    name: String,
    values: Vec<i32>,
}

#[derive(Packed, Debug, PartialEq, Clone)]
struct Host {
    id: u16,
    #[packed(serde)]
    foreign: Foreign,
    tail: String,
}

#[derive(Packed, Debug, PartialEq, Clone)]
#[packed(growable, layout = "yas")]
struct GrowableHost {
    id: u16,
    #[packed(serde)]
    foreign: Option<Foreign>,
}

/// The same fields, all `Packed`: the bytes `#[packed(serde)]` must give.
#[derive(Packed)]
struct HostMirror {
    id: u16,
    foreign: ForeignMirror,
    tail: String,
}

/// [`Foreign`]'s fields, derived: a serde struct is its fields in order.
#[derive(Packed)]
struct ForeignMirror {
    name: String,
    values: Vec<i32>,
}

#[test]
fn serde_field_in_a_derived_record() {
    let host = Host {
        id: 7,
        foreign: Foreign {
            name: "f".into(),
            values: vec![-1, 300],
        },
        tail: "t".into(),
    };
    let mirror = HostMirror {
        id: 7,
        foreign: ForeignMirror {
            name: "f".into(),
            values: vec![-1, 300],
        },
        tail: "t".into(),
    };
    fn check<L: Layout>(host: &Host, mirror: &HostMirror) {
        let c = packed_core::with::<L>();
        let bytes = c.to_vec(host).unwrap();
        assert_eq!(
            bytes,
            c.to_vec(mirror).unwrap(),
            "{}",
            std::any::type_name::<L>()
        );
        assert_eq!(&c.from_slice::<Host>(&bytes).unwrap(), host);
    }
    check::<Bitsery>(&host, &mirror);
    check::<Yas>(&host, &mirror);
    check::<YasCompactedBig>(&host, &mirror);
    check::<Varint>(&host, &mirror);
    assert_eq!(
        packed_core::to_vec(&host).unwrap(),
        packed_core::to_vec(&mirror).unwrap()
    );

    let g = GrowableHost {
        id: 1,
        foreign: Some(host.foreign.clone()),
    };
    let bytes = packed_core::to_vec(&g).unwrap();
    assert_eq!(&bytes[..7], b"yas0017");
    assert_eq!(packed_core::from_slice::<GrowableHost>(&bytes).unwrap(), g);
    // A serde field's errors are the derive's: a truncated record.
    assert!(packed_core::from_slice::<Host>(&packed_core::to_vec(&host).unwrap()[..5]).is_err());
}

/// Derives both: the same value through the derive and through serde.
#[derive(Packed, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Both {
    maybe: Option<u16>,
    flag: bool,
    none: Option<bool>,
}

#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack)]
struct BitHostDerived {
    first: bool,
    inner: Both,
    last: bool,
}

#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack)]
struct BitHostSerde {
    first: bool,
    #[packed(serde)]
    inner: Both,
    last: bool,
}

/// In a bit-packing session a serde `Option` is the derive's: a flag bit and the
/// padding to the byte (Bitsery's `StdOptional{}`), not a flag byte. Worked out by
/// hand: `first` (bit 0 = 1), `maybe`'s flag (bit 1 = 1), padding to byte 1; the
/// `u16` 0x0102 little-endian (bytes 1, 2); `flag` (bit 24 = 1); `none`'s flag (bit
/// 25 = 0), padding to byte 4; `last` (bit 32 = 1), padding. Before the serde bridge
/// wrote the session's flag, its `Option`s took 8 bits each, unpadded: `03 04 02 02 04`.
#[test]
fn serde_option_in_a_bit_packing_session_is_the_derives() {
    let inner = Both {
        maybe: Some(0x0102),
        flag: true,
        none: None,
    };
    let want = [0b11, 0x02, 0x01, 0b01, 0b1];
    let derived = BitHostDerived {
        first: true,
        inner: inner.clone(),
        last: true,
    };
    let serde = BitHostSerde {
        first: true,
        inner,
        last: true,
    };
    assert_eq!(packed_core::to_vec(&derived).unwrap(), want);
    assert_eq!(packed_core::to_vec(&serde).unwrap(), want);
    assert_eq!(packed_core::encoded_len(&serde).unwrap(), want.len());
    assert_eq!(
        packed_core::from_slice::<BitHostSerde>(&want).unwrap(),
        serde
    );
    assert_eq!(
        packed_core::from_reader::<BitHostSerde, _>(&want[..]).unwrap(),
        serde
    );
    // A set padding bit after the flag is refused, as the derive refuses it.
    let mut bad = want;
    bad[0] |= 0b100;
    assert!(matches!(
        packed_core::from_slice::<BitHostSerde>(&bad).map_err(packed_core::Error::into_kind),
        Err(DecodeError::InvalidPadding { .. })
    ));
    assert!(matches!(
        packed_core::from_slice::<BitHostDerived>(&bad).map_err(packed_core::Error::into_kind),
        Err(DecodeError::InvalidPadding { .. })
    ));
}

/// A type parameter in a `#[packed(serde)]` field needs serde's traits, not
/// `Encode`/`Decode`: the derive asks for `Serialize` on the encode side and
/// `Deserialize<'__de>` on the decode side (so a borrowing `T` such as `&str` works).
/// Before, it asked for nothing, and these types did not compile.
#[derive(Packed, Debug, PartialEq)]
struct GenericHost<T> {
    id: u8,
    #[packed(serde)]
    t: T,
}

#[derive(Packed, Debug, PartialEq)]
enum GenericVariants<T> {
    A(#[packed(serde)] T, u8),
    B {
        #[packed(serde)]
        x: Option<T>,
    },
}

/// `U` is written through its `Encode`, `T` through serde: each gets its own bound.
#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack)]
struct GenericBits<T, U> {
    a: bool,
    #[packed(serde)]
    t: T,
    u: U,
}

#[derive(Packed, Debug, PartialEq)]
#[packed(growable)]
struct GenericGrowable<T> {
    id: u8,
    #[packed(serde)]
    t: T,
}

#[test]
fn serde_field_of_a_type_parameter() {
    // Bitsery: `id` 01; `Foreign` is its fields: "f" (length 01, 66), one i32 (length
    // 01, ff ff ff ff).
    let g = GenericHost {
        id: 1,
        t: Foreign {
            name: "f".into(),
            values: vec![-1],
        },
    };
    let bytes = packed_core::to_vec(&g).unwrap();
    assert_eq!(bytes, [0x01, 0x01, b'f', 0x01, 0xff, 0xff, 0xff, 0xff]);
    assert_eq!(
        packed_core::from_slice::<GenericHost<Foreign>>(&bytes).unwrap(),
        g
    );

    // Borrowed from the input: `Deserialize<'__de>`, not `DeserializeOwned`.
    let input = [0x07, 0x02, b'h', b'i'];
    let b = packed_core::from_slice::<GenericHost<&str>>(&input).unwrap();
    assert_eq!(b, GenericHost { id: 7, t: "hi" });
    assert_eq!(packed_core::to_vec(&b).unwrap(), input);

    // Variant index 1 (Bitsery's size prefix, one byte), then the option's flag 00.
    let e = GenericVariants::<Foreign>::B { x: None };
    assert_eq!(packed_core::to_vec(&e).unwrap(), [0x01, 0x00]);
    // Variant 0; "f" (01 66), no values (00); then the u8 09.
    let e = GenericVariants::A(
        Foreign {
            name: "f".into(),
            values: vec![],
        },
        9,
    );
    let bytes = packed_core::to_vec(&e).unwrap();
    assert_eq!(bytes, [0x00, 0x01, b'f', 0x00, 0x09]);
    assert_eq!(
        packed_core::from_slice::<GenericVariants<Foreign>>(&bytes).unwrap(),
        e
    );

    // `a` in bit 0; the serde `Option<bool>`'s flag in bit 1, padding to the byte;
    // its `true` in bit 8; `u` in bit 9; padding.
    let bits = GenericBits {
        a: true,
        t: Some(true),
        u: true,
    };
    let bytes = packed_core::to_vec(&bits).unwrap();
    assert_eq!(bytes, [0b11, 0b11]);
    assert_eq!(
        packed_core::from_slice::<GenericBits<Option<bool>, bool>>(&bytes).unwrap(),
        bits
    );

    let grow = GenericGrowable {
        id: 2,
        t: Some(3u16),
    };
    let bytes = packed_core::to_vec(&grow).unwrap();
    assert_eq!(
        packed_core::from_slice::<GenericGrowable<Option<u16>>>(&bytes).unwrap(),
        grow
    );
}

// ---------------------------------------------------------------------------------------
// The standard library's serde impls and serde's attributes
// ---------------------------------------------------------------------------------------

/// Reads back what it wrote under every layout; every truncation is an error.
fn round_trips_everywhere<T>(v: &T) -> Vec<u8>
where
    T: Serialize + for<'de> Deserialize<'de> + PartialEq + std::fmt::Debug,
{
    fn one<L: Layout, T>(v: &T) -> Vec<u8>
    where
        T: Serialize + for<'de> Deserialize<'de> + PartialEq + std::fmt::Debug,
    {
        let bytes = to_vec_as::<L, T>(v).expect("serde encodes");
        let back: T = from_slice_as::<L, T>(&bytes).expect("serde decodes its own bytes");
        assert_eq!(&back, v, "layout {}", std::any::type_name::<L>());
        for n in 0..bytes.len() {
            assert!(from_slice_as::<L, T>(&bytes[..n]).is_err(), "{n} bytes");
        }
        bytes
    }
    one::<BitseryBig, T>(v);
    one::<Varint, T>(v);
    one::<Yas, T>(v);
    one::<YasBig, T>(v);
    one::<YasCompacted, T>(v);
    one::<Bitsery, T>(v)
}

/// serde writes these in their compact forms when `is_human_readable()` is false,
/// which both sides say. Bytes under Bitsery's layout worked out by hand from serde's
/// impls: `Duration` and `SystemTime` are structs of a `u64` and a `u32`; an IP
/// address a tuple of its octets; `SocketAddr` an enum of `(ip, port)` newtypes;
/// `Bound` an enum; `Range` a struct; `PathBuf` a string.
#[test]
fn std_types_through_serde() {
    use std::net::{Ipv4Addr, Ipv6Addr, SocketAddr};
    use std::time::{Duration, SystemTime};
    let secs_nanos = [5, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0];
    assert_eq!(round_trips_everywhere(&Duration::new(5, 7)), secs_nanos);
    assert_eq!(
        round_trips_everywhere(&(SystemTime::UNIX_EPOCH + Duration::new(5, 7))),
        secs_nanos
    );
    assert_eq!(
        round_trips_everywhere(&Ipv4Addr::new(1, 2, 3, 4)),
        [1, 2, 3, 4]
    );
    let mut v6 = [0; 16];
    v6[15] = 1;
    assert_eq!(round_trips_everywhere(&Ipv6Addr::LOCALHOST), v6);
    assert_eq!(
        round_trips_everywhere(&"1.2.3.4:80".parse::<SocketAddr>().unwrap()),
        [0, 1, 2, 3, 4, 80, 0]
    );
    let mut v6_port = vec![1];
    v6_port.extend_from_slice(&v6);
    v6_port.extend_from_slice(&[80, 0]);
    assert_eq!(
        round_trips_everywhere(&"[::1]:80".parse::<SocketAddr>().unwrap()),
        v6_port
    );
    assert_eq!(
        round_trips_everywhere(&std::ops::Bound::Included(3u16)),
        [1, 3, 0]
    );
    assert_eq!(round_trips_everywhere(&(1u8..2)), [1, 2]);
    assert_eq!(round_trips_everywhere(&(1u8..=2)), [1, 2]);
    assert_eq!(
        round_trips_everywhere(&std::path::PathBuf::from("/a/b")),
        *b"\x04/a/b"
    );
    assert_eq!(round_trips_everywhere(&Some(Some(1u8))), [1, 1, 1]);
    assert_eq!(round_trips_everywhere(&Some(None::<u8>)), [1, 0]);
    assert_eq!(round_trips_everywhere(&Some(())), [1]);
    assert_eq!(round_trips_everywhere(&[0u8; 0]), [0u8; 0]);
    assert_eq!(round_trips_everywhere(&[7u8; 32]), [7; 32]);
    assert_eq!(round_trips_everywhere(&std::num::Wrapping(3u16)), [3, 0]);
    assert_eq!(round_trips_everywhere(&std::cmp::Reverse(3u16)), [3, 0]);
    round_trips_everywhere(&Box::<str>::from("ab"));
    round_trips_everywhere(&'\u{e9}');
    round_trips_everywhere(&u128::MAX);
    round_trips_everywhere(&i128::MIN);
    round_trips_everywhere(&std::num::NonZeroU32::new(3).unwrap());
    round_trips_everywhere(&std::ffi::CString::new("ab").unwrap());
    round_trips_everywhere(&Result::<u8, String>::Err("x".into()));
    round_trips_everywhere(&std::collections::VecDeque::from([1u8, 2]));
    let mut m: std::collections::HashMap<
        u8,
        u8,
        std::hash::BuildHasherDefault<std::collections::hash_map::DefaultHasher>,
    > = Default::default();
    m.insert(1, 2);
    round_trips_everywhere(&m);
    // A zero `NonZero` is the impl's own error, with where decoding stopped.
    assert!(matches!(
        packed_core::serde::from_slice::<std::num::NonZeroU32>(&[0; 4])
            .map_err(packed_core::Error::into_kind),
        Err(DecodeError::SerdeCustom { offset: 4, .. })
    ));
}

/// Attributes that change names, defaults or conversions change no bytes: names are
/// not written, and a struct's fields are read as a sequence of all of them.
#[test]
fn serde_attributes() {
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    #[serde(rename_all = "camelCase", deny_unknown_fields, default)]
    struct Attrs {
        #[serde(rename = "X", alias = "y")]
        a_b: u8,
        #[serde(default)]
        c: Option<u16>,
        #[serde(with = "as_str")]
        d: u32,
        #[serde(skip)]
        e: u8,
    }
    impl Default for Attrs {
        fn default() -> Self {
            Attrs {
                a_b: 9,
                c: None,
                d: 1,
                e: 0,
            }
        }
    }
    mod as_str {
        pub fn serialize<S: serde::Serializer>(v: &u32, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(v)
        }
        pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
            let s: String = serde::Deserialize::deserialize(d)?;
            s.parse().map_err(serde::de::Error::custom)
        }
    }
    assert_eq!(
        round_trips_everywhere(&Attrs {
            a_b: 1,
            c: Some(2),
            d: 345,
            e: 0
        }),
        [1, 1, 2, 0, 3, b'3', b'4', b'5']
    );

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    #[serde(transparent)]
    struct Transparent(u16);
    assert_eq!(round_trips_everywhere(&Transparent(5)), [5, 0]);
    #[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
    #[serde(try_from = "u8", into = "u8")]
    struct Small(u8);
    impl TryFrom<u8> for Small {
        type Error = &'static str;
        fn try_from(v: u8) -> Result<Self, Self::Error> {
            if v < 10 {
                Ok(Small(v))
            } else {
                Err("too big")
            }
        }
    }
    impl From<Small> for u8 {
        fn from(v: Small) -> u8 {
            v.0
        }
    }
    assert_eq!(round_trips_everywhere(&Small(5)), [5]);
    assert!(matches!(
        packed_core::serde::from_slice::<Small>(&[20]).map_err(packed_core::Error::into_kind),
        Err(DecodeError::SerdeCustom { offset: 1, ref message }) if message == "too big"
    ));

    // `#[serde(other)]` reads a tag within the enum's list; one past it is unknown.
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    enum WithOther {
        A,
        B,
        #[serde(other)]
        Unknown,
    }
    assert_eq!(round_trips_everywhere(&WithOther::B), [1]);
    assert!(matches!(
        packed_core::serde::from_slice::<WithOther>(&[3]).map_err(packed_core::Error::into_kind),
        Err(DecodeError::UnknownVariant { tag: 3, .. })
    ));

    // Empty struct and tuple variants, unit and empty structs: a tag or nothing.
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    enum Kinds {
        U,
        E {},
        T(),
    }
    assert_eq!(round_trips_everywhere(&Kinds::E {}), [1]);
    assert_eq!(round_trips_everywhere(&Kinds::T()), [2]);
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Unit;
    assert_eq!(round_trips_everywhere(&vec![Unit, Unit]), [2]);

    // `borrow`: `Cow<str>` and `Cow<[u8]>` borrow from a slice.
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Borrowing<'a> {
        s: &'a str,
        #[serde(borrow)]
        c: std::borrow::Cow<'a, str>,
        #[serde(borrow)]
        b: std::borrow::Cow<'a, [u8]>,
    }
    let v = Borrowing {
        s: "ab",
        c: "cd".into(),
        b: (&b"ef"[..]).into(),
    };
    let bytes = packed_core::serde::to_vec(&v).unwrap();
    assert_eq!(bytes, *b"\x02ab\x02cd\x02ef");
    let back: Borrowing = packed_core::serde::from_slice(&bytes).unwrap();
    assert_eq!(back, v);
    assert!(matches!(back.c, std::borrow::Cow::Borrowed(_)));
    assert!(matches!(back.b, std::borrow::Cow::Borrowed(_)));
}

/// A type that can only borrow, read from a stream: its visitor's own error, no panic.
#[test]
fn a_borrowing_type_from_a_stream_is_an_error() {
    #[derive(Debug)]
    struct OnlyBorrowed;
    impl<'de> Deserialize<'de> for OnlyBorrowed {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            <&'de str>::deserialize(d).map(|_| OnlyBorrowed)
        }
    }
    assert!(packed_core::serde::from_slice::<OnlyBorrowed>(&[1, b'a']).is_ok());
    match packed_core::serde::from_reader::<OnlyBorrowed, _>(&[1u8, b'a'][..])
        .map_err(packed_core::Error::into_kind)
    {
        Err(DecodeError::SerdeCustom { offset: 2, message }) => {
            assert!(message.contains("borrowed"), "{message}")
        }
        other => panic!("expected the visitor's error, got {other:?}"),
    }
}
/// Every single-bit flip and every byte overwritten with 0x00, 0x7F, 0x80 or 0xFF in
/// a message holding most of serde's data model, and a run of pseudo-random inputs,
/// under every layout, from a slice and from a stream: each decodes or fails with a
/// typed error, never a panic; and since the type reads no self-describing value,
/// never `SerdeUnsupported`.
#[test]
fn corrupted_messages_are_typed_errors() {
    use std::collections::HashMap;
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    enum E {
        A,
        B(Option<Option<String>>),
        C {
            m: HashMap<String, Vec<u16>>,
            t: (u8, char),
        },
        D(std::time::Duration, std::net::SocketAddr),
    }
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct F<'a> {
        e: Vec<E>,
        s: &'a str,
        n: std::num::NonZeroU64,
        b: Box<[u32]>,
        o: Option<()>,
        w: u128,
        r: Result<i8, ()>,
    }
    fn typed<T: std::fmt::Debug>(r: Result<T, packed_core::Error<DecodeError>>) {
        if let Err(e) = r {
            assert!(
                !matches!(e.kind(), DecodeError::SerdeUnsupported { .. }),
                "{e:?}"
            );
        }
    }
    fn check<L: Layout>() {
        let v = F {
            e: vec![
                E::A,
                E::B(Some(Some("x".into()))),
                E::B(Some(None)),
                E::C {
                    m: HashMap::from([("k".to_string(), vec![1, 2])]),
                    t: (1, 'z'),
                },
                E::D(std::time::Duration::new(1, 2), "1.2.3.4:5".parse().unwrap()),
            ],
            s: "hey",
            n: std::num::NonZeroU64::new(7).unwrap(),
            b: vec![1, 2].into(),
            o: Some(()),
            w: 9,
            r: Err(()),
        };
        let bytes = to_vec_as::<L, _>(&v).unwrap();
        assert_eq!(from_slice_as::<L, F>(&bytes).unwrap(), v);
        let mut inputs = Vec::new();
        for i in 0..bytes.len() * 8 {
            let mut b = bytes.clone();
            b[i / 8] ^= 1 << (i % 8);
            inputs.push(b);
        }
        for i in 0..bytes.len() {
            for x in [0u8, 0x7F, 0x80, 0xFF] {
                let mut b = bytes.clone();
                b[i] = x;
                inputs.push(b);
            }
        }
        let mut seed = 12345u64;
        for n in 0..500usize {
            let mut b: Vec<u8> = (0..n % 64)
                .map(|_| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    (seed >> 56) as u8
                })
                .collect();
            if n % 2 == 0 && b.len() >= 7 {
                b[..7].copy_from_slice(b"yas0017");
            }
            inputs.push(b);
        }
        for b in &inputs {
            typed(from_slice_as::<L, F>(b));
            typed(packed_core::serde::from_reader_as::<L, (Vec<E>, u8), _>(
                &b[..],
            ));
        }
    }
    check::<Bitsery>();
    check::<BitseryBig>();
    check::<Varint>();
    check::<Yas>();
    check::<YasBig>();
    check::<YasCompacted>();
    check::<YasCompactedBig>();
    check::<YasNoHeader>();
}
