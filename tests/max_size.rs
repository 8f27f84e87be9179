//! `MaxSize` and `max_size`: the bound is worked out by hand for small types under
//! every layout, reached exactly by a value at the extremes (every integer at its
//! longest form, every sequence at its `max`), never exceeded by random values, and
//! usable as a constant to size a buffer for `to_slice`.

use std::collections::BTreeMap;

use packed_core::{layout, Encode, Layout, MaxSize, Packed};
use proptest::prelude::*;

#[derive(Packed, MaxSize, Debug, Clone, PartialEq)]
#[repr(i16)]
enum Level {
    Low = -2,
    High = 700,
    /// The value whose every form is longest (zigzag 65535, magnitude 2^15).
    Lowest = -32768,
}

#[derive(Packed, MaxSize, Debug, Clone, PartialEq)]
enum Shape {
    Dot,
    Line(u16, i64, u64),
    Text {
        #[packed(max = 3)]
        label: String,
        level: Level,
    },
}

/// A type with its own layout, nested in the others: its bound follows its own
/// attributes, not its parent's.
#[derive(Packed, MaxSize, Debug, Clone, PartialEq)]
#[packed(layout = "varint")]
struct OwnVarint {
    n: u32,
    #[packed(max = 2)]
    v: Vec<i16>,
}

/// Everything bounded, except `char` (whose values stop short of `u32::MAX`).
#[derive(Packed, MaxSize, Debug, Clone, PartialEq)]
struct Bounded {
    a: u8,
    b: i16,
    c: u32,
    d: i64,
    e: u128,
    f: f32,
    g: f64,
    h: bool,
    j: usize,
    k: isize,
    #[packed(max = 5)]
    s: String,
    #[packed(max = 130)]
    v: Vec<u16>,
    #[packed(max = 2, len = "u16")]
    w: Vec<u64>,
    arr: [i32; 2],
    o: Option<u64>,
    t: (u8, i64),
    #[packed(max = 2)]
    m: BTreeMap<u8, i32>,
    shape: Shape,
    level: Level,
    own: OwnVarint,
    #[packed(skip)]
    skipped: String,
    unit: (),
}

/// `Bounded` at its longest: integers whose every form is widest (the largest
/// magnitudes, the most negative signed values), full sequences, the widest variant.
fn longest() -> Bounded {
    Bounded {
        a: u8::MAX,
        b: i16::MIN,
        c: u32::MAX,
        d: i64::MIN,
        e: u128::MAX,
        f: 1.5,
        g: -2.5,
        h: true,
        j: usize::MAX,
        k: isize::MIN,
        s: "abcde".into(),
        v: vec![u16::MAX; 130],
        w: vec![u64::MAX; 2],
        arr: [i32::MIN; 2],
        o: Some(u64::MAX),
        t: (1, i64::MIN),
        m: [(1, i32::MIN), (2, i32::MIN)].into(),
        shape: Shape::Line(u16::MAX, i64::MIN, u64::MAX),
        level: Level::Lowest,
        own: OwnVarint {
            n: u32::MAX,
            v: vec![i16::MIN; 2],
        },
        skipped: "not written".into(),
        unit: (),
    }
}

fn assert_reached<L: Layout>(value: &Bounded)
where
    Bounded: MaxSize<packed_core::ctx::RootAs<L>>,
{
    let max = packed_core::max_size_as::<L, Bounded>();
    let len = packed_core::with::<L>().encoded_len(value).unwrap();
    assert_eq!(len, max, "{}", std::any::type_name::<L>());
}

#[test]
fn the_longest_value_reaches_the_bound_under_every_layout() {
    let v = longest();
    assert_eq!(
        packed_core::to_vec(&v).unwrap().len(),
        packed_core::max_size::<Bounded>()
    );
    assert_reached::<layout::Bitsery>(&v);
    assert_reached::<layout::BitseryBig>(&v);
    assert_reached::<layout::Yas>(&v);
    assert_reached::<layout::YasNoHeader>(&v);
    assert_reached::<layout::YasBig>(&v);
    assert_reached::<layout::YasCompacted>(&v);
    assert_reached::<layout::YasCompactedBig>(&v);
    assert_reached::<layout::Varint>(&v);
}

/// Worked out by hand from the format.
#[test]
fn bounds_by_hand() {
    // Bitsery: fixed integers; compact lengths (1 byte below 128, 2 below 2^14).
    let own_varint = 5 + (1 + 2 * 3); // LEB128 u32, 1-byte length, zigzag i16 as 3 bytes
    let bitsery = 1 + 2 + 4 + 8 + 16 + 4 + 8 + 1 + 8 + 8
        + (1 + 5)
        + (2 + 130 * 2)
        + (2 + 2 * 8)
        + 2 * 4
        + (1 + 8)
        + (1 + 8)
        + (1 + 2 * (1 + 4))
        + (1 + (2 + 8 + 8)) // tag, then the widest variant (Line: 18; Text: 1 + 3 + 2)
        + 2
        + own_varint;
    assert_eq!(packed_core::max_size::<Bounded>(), bitsery);
    // YAS: header, 8-byte lengths (the `len = "u16"` field keeps its 2), the size byte
    // before a raw repr enum (here 2 + 1 alone and inside the `Text` variant), an
    // array's length (`std::array`) and a tuple's count byte (`std::tuple`).
    let yas = 7 + 1 + 2 + 4 + 8 + 16 + 4 + 8 + 1 + 8 + 8
        + (8 + 5)
        + (8 + 130 * 2)
        + (2 + 2 * 8)
        + (8 + 2 * 4)
        + (1 + 8)
        + (1 + 1 + 8)
        + (8 + 2 * (1 + 4))
        + (1 + (2 + 8 + 8)) // Text: 8 + 3 + 1 + 2
        + (1 + 2)
        + (4 + (8 + 2 * 2)); // `with::<L>` replaces `OwnVarint`'s own layout too
    assert_eq!(packed_core::max_size_as::<layout::Yas, Bounded>(), yas);
    // Varint everywhere: LEB128 of
    // 16, 32, 64 and 128 bits takes 3, 5, 10 and 19 bytes; lengths 1 byte below 128.
    let varint = 1
        + 3
        + 5
        + 10
        + 19
        + 4
        + 8
        + 1
        + 10
        + 10
        + (1 + 5)
        + (2 + 130 * 3)
        + (2 + 2 * 10)
        + 2 * 5
        + (1 + 10)
        + (1 + 10)
        + (1 + 2 * (1 + 5))
        + (1 + (3 + 10 + 10))
        + 3
        + own_varint;
    assert_eq!(
        packed_core::max_size_as::<layout::Varint, Bounded>(),
        varint
    );
    // Single types.
    assert_eq!(packed_core::max_size::<u64>(), 8);
    assert_eq!(
        packed_core::max_size_as::<layout::YasCompacted, u64>(),
        7 + 9
    );
    assert_eq!(packed_core::max_size::<[u16; 3]>(), 6);
    assert_eq!(
        packed_core::max_size_as::<layout::YasNoHeader, [u16; 3]>(),
        8 + 6
    );
    assert_eq!(packed_core::max_size::<Option<(u8, bool)>>(), 3);
    assert_eq!(packed_core::max_size::<Level>(), 2);
    assert_eq!(packed_core::max_size_as::<layout::YasNoHeader, Level>(), 3);
    assert_eq!(
        packed_core::max_size_as::<layout::YasCompacted, Level>(),
        7 + 3
    );
    assert_eq!(packed_core::max_size::<OwnVarint>(), own_varint);
    assert_eq!(packed_core::max_size::<Shape>(), 1 + 18);
}

/// A derived type with a `yas` layout of its own carries its header in `max_size`.
#[test]
fn a_derived_types_own_header_counts() {
    #[derive(Packed, MaxSize, Clone)]
    #[packed(layout = "yas")]
    struct Framed {
        #[packed(max = 4)]
        name: String,
    }
    assert_eq!(packed_core::max_size::<Framed>(), 7 + 8 + 4);
    let v = Framed {
        name: "abcd".into(),
    };
    assert_eq!(packed_core::to_vec(&v).unwrap().len(), 7 + 8 + 4);
    // Behind a reference or a box, as `to_vec` writes it.
    assert_eq!(packed_core::max_size::<Box<Framed>>(), 7 + 8 + 4);
    assert_eq!(packed_core::max_size::<&Framed>(), 7 + 8 + 4);
    // Behind an `Rc`, an `Arc` or a `Cow` too, and read back through one.
    let rc = std::rc::Rc::new(v);
    assert_eq!(packed_core::max_size::<std::rc::Rc<Framed>>(), 7 + 8 + 4);
    let bytes = packed_core::to_vec(&rc).unwrap();
    assert_eq!(bytes.len(), 7 + 8 + 4);
    assert_eq!(&bytes[..7], b"yas0017");
    let back: std::rc::Rc<Framed> = packed_core::from_slice(&bytes).unwrap();
    assert_eq!(back.name, "abcd");
    let arc: std::sync::Arc<Framed> = packed_core::from_slice(&bytes).unwrap();
    assert_eq!(packed_core::to_vec(&arc).unwrap(), bytes);
    let cow: std::borrow::Cow<'_, Framed> = std::borrow::Cow::Borrowed(&*arc);
    assert_eq!(packed_core::to_vec(&cow).unwrap(), bytes);
}

/// Strings, sequences and `with` fields without a bound make the type unbounded
/// (`usize::MAX`), which `max_size` refuses (at compile time in a constant).
#[test]
fn unbounded_parts_make_the_type_unbounded() {
    mod as_i64 {
        use packed_core::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};
        pub fn encode<C: Ctx, W: Writer + ?Sized>(v: &u8, w: &mut W) -> Result<(), EncodeError> {
            i64::from(*v).encode::<C, W>(w)
        }
        pub fn decode<'de, C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<u8, DecodeError> {
            let offset = r.offset();
            u8::try_from(i64::decode::<C, R>(r)?).map_err(|_| DecodeError::Custom {
                offset,
                message: "out of range",
            })
        }
    }
    #[derive(Packed, MaxSize)]
    struct NoMax {
        name: String,
    }
    #[derive(Packed, MaxSize)]
    struct With {
        #[packed(with = "as_i64")]
        n: u8,
    }
    type Root = packed_core::ctx::Root;
    assert_eq!(<String as MaxSize<Root>>::MAX_SIZE, usize::MAX);
    assert_eq!(<Vec<u8> as MaxSize<Root>>::MAX_SIZE, usize::MAX);
    assert_eq!(<NoMax as MaxSize<Root>>::MAX_SIZE, usize::MAX);
    assert_eq!(<With as MaxSize<Root>>::MAX_SIZE, usize::MAX);
    assert_eq!(<Option<NoMax> as MaxSize<Root>>::MAX_SIZE, usize::MAX);
    assert_eq!(<[NoMax; 0] as MaxSize<Root>>::MAX_SIZE, usize::MAX);
    let refused = std::panic::catch_unwind(packed_core::max_size::<NoMax>);
    assert!(refused.is_err());
}

/// A generic type is bounded when what it is given is.
#[test]
fn generic_types_take_their_parameters_bounds() {
    #[derive(Packed, MaxSize)]
    struct Pair<T> {
        a: T,
        #[packed(max = 2)]
        b: Vec<T>,
    }
    assert_eq!(packed_core::max_size::<Pair<u32>>(), 4 + 1 + 8);
    assert_eq!(
        packed_core::max_size_as::<layout::YasNoHeader, Pair<u8>>(),
        1 + 8 + 2
    );
}

/// The bound is a constant: it sizes an array, and `to_slice` fills it.
#[test]
fn the_bound_sizes_a_buffer_at_compile_time() {
    const N: usize = packed_core::max_size::<Bounded>();
    let mut buf = [0u8; N];
    let v = longest();
    assert_eq!(packed_core::to_slice(&v, &mut buf).unwrap(), N);
    assert_eq!(
        packed_core::from_slice::<Bounded>(&buf),
        Ok(Bounded {
            skipped: String::new(),
            ..v
        })
    );
}

fn arb_bounded() -> impl Strategy<Value = Bounded> {
    (
        (
            any::<u8>(),
            any::<i16>(),
            any::<u32>(),
            any::<i64>(),
            any::<u128>(),
            any::<usize>(),
            any::<isize>(),
        ),
        (
            "[a-z]{0,5}",
            prop::collection::vec(any::<u16>(), 0..=130),
            prop::collection::vec(any::<u64>(), 0..=2),
            any::<[i32; 2]>(),
            any::<Option<u64>>(),
            prop::collection::btree_map(any::<u8>(), any::<i32>(), 0..=2),
        ),
        (
            prop_oneof![
                Just(Shape::Dot),
                (any::<u16>(), any::<i64>(), any::<u64>())
                    .prop_map(|(a, b, c)| Shape::Line(a, b, c)),
                ("[a-z]{0,3}", any::<bool>()).prop_map(|(label, high)| Shape::Text {
                    label,
                    level: if high { Level::High } else { Level::Low }
                }),
            ],
            any::<u32>(),
            prop::collection::vec(any::<i16>(), 0..=2),
        ),
    )
        .prop_map(
            |((a, b, c, d, e, j, k), (s, v, w, arr, o, m), (shape, n, ov))| Bounded {
                a,
                b,
                c,
                d,
                e,
                f: 0.5,
                g: 0.25,
                h: false,
                j,
                k,
                s,
                v,
                w,
                arr,
                o,
                t: (a, d),
                m,
                level: if c % 2 == 0 { Level::Low } else { Level::High },
                shape,
                own: OwnVarint { n, v: ov },
                skipped: String::new(),
                unit: (),
            },
        )
}

fn within<L: Layout>(v: &Bounded) -> bool
where
    Bounded: MaxSize<packed_core::ctx::RootAs<L>> + Encode,
{
    packed_core::with::<L>().encoded_len(v).unwrap() <= packed_core::max_size_as::<L, Bounded>()
}

proptest! {
    #[test]
    fn no_value_exceeds_the_bound(v in arb_bounded()) {
        prop_assert!(packed_core::encoded_len(&v).unwrap() <= packed_core::max_size::<Bounded>());
        prop_assert!(within::<layout::Bitsery>(&v));
        prop_assert!(within::<layout::Yas>(&v));
        prop_assert!(within::<layout::YasCompacted>(&v));
        prop_assert!(within::<layout::Varint>(&v));
        let mut buf = [0u8; packed_core::max_size::<Bounded>()];
        let n = packed_core::to_slice(&v, &mut buf).unwrap();
        prop_assert_eq!(&buf[..n], packed_core::to_vec(&v).unwrap());
    }
}

/// `max_size_as::<L, T>()` is `bound`, and `value` (a longest one) reaches it.
fn reaches<L: Layout, T: Encode + MaxSize<packed_core::ctx::RootAs<L>>>(value: &T, bound: usize) {
    let name = std::any::type_name::<(L, T)>();
    assert_eq!(packed_core::max_size_as::<L, T>(), bound, "{name}");
    let len = packed_core::with::<L>().encoded_len(value).unwrap();
    assert_eq!(len, bound, "{name}");
}

/// The standard types and the C++ counterparts, worked out by hand from the format,
/// each reached by its longest value.
#[test]
fn standard_types_bounds_by_hand() {
    use packed_core::cpp::{Bitset, Fields, Pair, U16String, WString};
    use std::cell::{Cell, RefCell};
    use std::cmp::Reverse;
    use std::collections::{BinaryHeap, LinkedList};
    use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
    use std::num::{NonZeroI64, NonZeroU32, Saturating, Wrapping};
    use std::ops::Bound;
    use std::rc::Rc;
    use std::sync::Arc;
    use std::time::{Duration, SystemTime};
    type B = layout::Bitsery;
    type Y = layout::YasNoHeader;
    type V = layout::Varint;

    // NonZero: the integer (LEB128: 5 bytes for 32 bits, 10 for 64).
    reaches::<B, _>(&NonZeroU32::MAX, 4);
    reaches::<V, _>(&NonZeroU32::MAX, 5);
    reaches::<V, _>(&NonZeroI64::MIN, 10);
    // Wrappers: the value.
    reaches::<B, _>(&Rc::new(u16::MAX), 2);
    reaches::<B, _>(&Arc::new(u64::MAX), 8);
    reaches::<B, _>(&Cell::new(-1i8), 1);
    reaches::<B, _>(&RefCell::new(u32::MAX), 4);
    reaches::<B, _>(&Wrapping(1u16), 2);
    reaches::<B, _>(&Saturating(1i32), 4);
    reaches::<B, _>(&Reverse(1u64), 8);
    // Result and Bound: the variant index (indices up to 2: one byte in Bitsery's size
    // prefix and YAS's byte alike), then the larger alternative.
    reaches::<B, Result<u8, u32>>(&Err(1), 1 + 4);
    reaches::<Y, Result<u8, u32>>(&Err(1), 1 + 4);
    reaches::<B, _>(&Bound::Excluded(1u64), 1 + 8);
    // Ranges: start and end.
    reaches::<B, _>(&(1u32..2), 8);
    reaches::<V, _>(&(i16::MIN..=i16::MIN), 6);
    // Addresses: octets, ports (u16), flow info and scope id (u32s).
    reaches::<B, _>(&Ipv4Addr::LOCALHOST, 4);
    reaches::<B, _>(&Ipv6Addr::LOCALHOST, 16);
    reaches::<B, _>(&IpAddr::V6(Ipv6Addr::LOCALHOST), 1 + 16);
    reaches::<B, _>(&SocketAddrV4::new(Ipv4Addr::LOCALHOST, 1), 4 + 2);
    let v6 = SocketAddrV6::new(Ipv6Addr::LOCALHOST, u16::MAX, u32::MAX, u32::MAX);
    reaches::<B, _>(&v6, 16 + 2 + 4 + 4);
    reaches::<V, _>(&v6, 16 + 3 + 5 + 5);
    reaches::<B, _>(&SocketAddr::V6(v6), 1 + 26);
    // Arrays: YAS writes a `std::array`'s length (8 bytes); `Fields` of one never.
    reaches::<B, _>(&[u16::MAX; 3], 6);
    reaches::<Y, _>(&[u16::MAX; 3], 8 + 6);
    reaches::<Y, _>(&Fields([u16::MAX; 3]), 6);
    // Tuples: YAS writes a count byte before a `std::tuple`; a pair has none.
    reaches::<B, _>(&(1u8, 2u16), 3);
    reaches::<Y, _>(&(1u8, 2u16), 1 + 3);
    let pair: Pair<u8, u16> = Fields((1, 2));
    reaches::<Y, _>(&pair, 3);
    let sixteen = (
        0u8, 1u8, 2u8, 3u8, 4u8, 5u8, 6u8, 7u8, 8u8, 9u8, 10u8, 11u8, 12u8, 13u8, 14u8, 15u8,
    );
    reaches::<B, _>(&sixteen, 16);
    reaches::<Y, _>(&sixteen, 1 + 16);
    // Bitset<10>: 2 bytes; YAS: the bit count and the byte count (8 bytes each) first.
    let mut bits = Bitset::<10>::new();
    bits.set(9, true);
    reaches::<B, _>(&bits, 2);
    reaches::<Y, _>(&bits, 8 + 8 + 2);
    // Chrono counts: an i64 of nanoseconds by default.
    reaches::<B, _>(&Duration::from_secs(1), 8);
    reaches::<Y, _>(&SystemTime::UNIX_EPOCH, 8);
    reaches::<V, _>(&Duration::from_nanos(i64::MAX as u64), 10);
    // Sequences with a `max`, through a derived type; a field's `unit` and `width`.
    #[derive(Packed, MaxSize)]
    struct Fields16 {
        #[packed(max = 3)]
        list: LinkedList<u32>,
        #[packed(max = 2)]
        heap: BinaryHeap<u16>,
        #[packed(max = 4)]
        wide: U16String,
        #[packed(max = 2)]
        w32: WString,
        #[packed(unit = "ms", width = "i32")]
        ms: Duration,
    }
    let longest = Fields16 {
        list: [1, 2, 3].into(),
        heap: [1, 2].into(),
        wide: U16String("\u{e9}\u{e9}\u{e9}\u{e9}".into()),
        w32: WString("ab".into()),
        ms: Duration::from_millis(5),
    };
    // Bitsery: compact lengths, code units of 2 and 4 bytes, the count as an i32.
    reaches::<B, _>(&longest, (1 + 12) + (1 + 4) + (1 + 8) + (1 + 8) + 4);
    // YAS: 8-byte lengths, wide strings as UTF-8 (`max` counts their bytes, and two
    // bytes of é make four), counts always as i64.
    let yas = Fields16 {
        wide: U16String("\u{e9}\u{e9}".into()),
        w32: WString("\u{e9}".into()),
        ..longest
    };
    reaches::<Y, _>(&yas, (8 + 12) + (8 + 4) + (8 + 4) + (8 + 2) + 8);
    // A tag in the variant index's form: Bitsery's size prefix takes two bytes for 200.
    #[derive(Packed, MaxSize)]
    enum Far {
        A(u8),
        #[packed(tag = 200)]
        B(u32),
    }
    reaches::<B, _>(&Far::B(1), 2 + 4);
    reaches::<Y, _>(&Far::B(1), 1 + 4);
    // Growable records: the 4-byte size, then the body (an enum's tag inside it).
    #[derive(Packed, MaxSize)]
    #[packed(growable)]
    struct Grown {
        a: u32,
        #[packed(default = "NonZeroU32::MIN")]
        at: NonZeroU32,
        #[packed(max = 1)]
        b: LinkedList<(u8, u16)>,
    }
    let grown = Grown {
        a: 1,
        at: NonZeroU32::MIN,
        b: [(1, 2)].into(),
    };
    reaches::<B, _>(&grown, 4 + 4 + 4 + (1 + 3));
    reaches::<Y, _>(&grown, 4 + 4 + 4 + (8 + 1 + 3));
    #[derive(Packed, MaxSize)]
    #[packed(growable)]
    enum GrownEnum {
        A(#[packed(default = "Ipv4Addr::LOCALHOST")] Ipv4Addr),
        #[packed(tag = 128)]
        B(#[packed(default = "Bound::Unbounded")] Bound<u32>),
    }
    reaches::<B, _>(&GrownEnum::B(Bound::Included(1)), 4 + 2 + (1 + 4));
}

/// The optional crates' types: fixed sizes, sequences under a `max`, and fixed
/// capacities that bound a sequence without one.
#[test]
fn optional_types_bounds_by_hand() {
    type B = layout::Bitsery;
    reaches::<B, _>(&uuid::Uuid::from_u128(1), 16);
    let mut cap = arrayvec::ArrayVec::<u32, 3>::new();
    cap.extend([1, 2, 3]);
    reaches::<B, _>(&cap, 1 + 12);
    reaches::<layout::YasNoHeader, _>(&cap, 8 + 12);
    reaches::<B, _>(&arrayvec::ArrayString::<5>::from("abcde").unwrap(), 1 + 5);
    reaches::<B, _>(&chrono::TimeDelta::seconds(1), 8);
    #[derive(Packed, MaxSize)]
    struct Held {
        #[packed(max = 4)]
        bytes: bytes::Bytes,
        #[packed(max = 3)]
        small: smallvec::SmallVec<[u8; 4]>,
        #[packed(max = 2)]
        map: indexmap::IndexMap<u8, u16>,
        #[packed(max = 2)]
        capped: arrayvec::ArrayVec<u8, 9>,
    }
    let held = Held {
        bytes: bytes::Bytes::from_static(b"abcd"),
        small: [1, 2, 3].into_iter().collect(),
        map: [(1, 2), (3, 4)].into_iter().collect(),
        capped: [1, 2].into_iter().collect(),
    };
    reaches::<B, _>(&held, (1 + 4) + (1 + 3) + (1 + 2 * 3) + (1 + 2));
}
