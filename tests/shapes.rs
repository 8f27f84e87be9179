//! `to_vec` sizes its buffer by the derived `encoded_size`: in every shape a user
//! writes, it compiles, its bytes are `encode_into`'s, its capacity is its length where
//! the size is worked out exactly, and a size that cannot be allocated (a value shared
//! through `Rc` many times over, elements that encode to nothing) is never an abort.
#![deny(warnings)]
#![forbid(unsafe_code)]
#![allow(dead_code)]

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::marker::PhantomData;
use std::rc::Rc;
use std::sync::Arc;

use packed_core::{layout, Encode, EncodeError, Layout, Packed};

/// Under layout `L`: `to_vec_as` writes `encode_into_as`'s bytes; where `exact`, into a
/// buffer of exactly their size.
fn check_as<L: Layout, T: Encode + ?Sized>(v: &T, exact: bool) {
    let name = std::any::type_name::<L>();
    let mut into = vec![0xEE];
    let n = packed_core::encode_into_as::<L, T>(v, &mut into).unwrap();
    let bytes = packed_core::to_vec_as::<L, T>(v).unwrap();
    assert_eq!(&bytes[..], &into[1..], "{name}");
    assert_eq!(n, bytes.len(), "{name}");
    assert_eq!(
        packed_core::encoded_len_as::<L, T>(v).unwrap(),
        bytes.len(),
        "{name}"
    );
    let via = packed_core::with::<L>().to_vec(v).unwrap();
    assert_eq!(via, bytes, "{name}");
    if exact {
        assert_eq!(bytes.capacity(), bytes.len(), "{name}: capacity");
    }
}

fn check<T: Encode + ?Sized>(v: &T) {
    check_exact(v, true);
}

fn check_exact<T: Encode + ?Sized>(v: &T, exact: bool) {
    let mut into = Vec::new();
    packed_core::encode_into(v, &mut into).unwrap();
    let bytes = packed_core::to_vec(v).unwrap();
    assert_eq!(bytes, into);
    if exact {
        assert_eq!(bytes.capacity(), bytes.len(), "capacity");
    }
    check_as::<layout::Bitsery, T>(v, exact);
    check_as::<layout::BitseryBig, T>(v, exact);
    check_as::<layout::Yas, T>(v, exact);
    check_as::<layout::YasNoHeader, T>(v, exact);
    check_as::<layout::YasBig, T>(v, exact);
    check_as::<layout::YasCompacted, T>(v, exact);
    check_as::<layout::YasCompactedBig, T>(v, exact);
    check_as::<layout::Varint, T>(v, exact);
}

#[derive(Packed, Debug, PartialEq)]
struct Generic<T, U: Clone>
where
    T: Clone + core::fmt::Debug,
{
    a: T,
    b: Vec<U>,
    c: Option<Vec<Option<String>>>,
}

#[derive(Packed, Debug)]
enum GenericEnum<T: Clone, const N: usize>
where
    T: core::fmt::Debug,
{
    A,
    B(T, [T; N]),
    C { x: Option<T>, y: Box<[T]> },
}

#[derive(Packed)]
struct Borrowed<'a, 'b: 'a> {
    s: &'a str,
    b: &'b [u8],
    c: Cow<'a, str>,
    d: Cow<'b, [u8]>,
    p: PhantomData<&'a ()>,
}

#[derive(Packed)]
struct Unsized<T: ?Sized> {
    n: u32,
    tail: Box<T>,
    rc: Rc<T>,
}

#[derive(Packed)]
struct Pointers {
    r: Rc<String>,
    a: Arc<[u16]>,
    b: Box<str>,
    t: (u8, String, (u16, Vec<u8>)),
    m: BTreeMap<String, Vec<u32>>,
    h: HashMap<u8, String>,
    s: BTreeSet<i64>,
}

mod decimal {
    use packed_core::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};
    pub fn encode<C: Ctx, W: Writer + ?Sized>(v: &u64, w: &mut W) -> Result<(), EncodeError> {
        v.to_string().encode::<C, W>(w)
    }
    pub fn decode<'de, C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<u64, DecodeError> {
        let s = String::decode::<C, R>(r)?;
        Ok(s.parse().unwrap_or(0))
    }
}

#[derive(Packed)]
struct Attrs {
    #[packed(len = "u8")]
    a: String,
    #[packed(max = 4)]
    b: Vec<u8>,
    #[packed(skip)]
    c: Vec<String>,
    #[packed(len = "u64")]
    d: Vec<String>,
    #[packed(len = "varint")]
    e: Vec<u8>,
    #[packed(with = "decimal")]
    f: u64,
}

#[derive(Packed)]
struct NoWith {
    #[packed(len = "u16")]
    a: String,
    #[packed(skip)]
    c: Vec<String>,
    #[packed(max = 9)]
    d: Vec<Option<u8>>,
}

#[derive(Packed, serde::Serialize, serde::Deserialize)]
struct SerdeField {
    a: u8,
    #[packed(serde)]
    b: Vec<String>,
}

#[derive(Packed)]
#[packed(tag = "u16")]
enum Tagged {
    #[packed(tag = 300)]
    A(String),
    #[packed(tag = 7)]
    B { x: u64, y: Vec<u8> },
    #[packed(tag = 65535)]
    C,
}

#[derive(Packed)]
#[packed(tag = "u32")]
enum VarTagged {
    #[packed(tag = 300)]
    A(String),
    #[packed(tag = 1)]
    B,
}

#[derive(Packed, Clone, Copy)]
#[repr(u8)]
enum Color {
    Red = 1,
    Green = 2,
    Blue = 200,
}

#[derive(Packed, Clone, Copy)]
#[repr(u32)]
enum Wide {
    A = 1,
    B = 0x0102_0304,
}

#[derive(Packed)]
struct Repr {
    one: Color,
    many: Vec<Color>,
    arr: [Color; 3],
    wide: Vec<Wide>,
    boxed: Box<[Wide]>,
}

#[derive(Packed)]
#[packed(layout = "yas")]
struct OwnYas {
    s: String,
    v: Vec<Color>,
}

#[derive(Packed)]
#[packed(layout = "varint")]
struct OwnVarint {
    n: u64,
    s: Vec<String>,
    inner: OwnYas,
}

/// A hand-written `Encode` that does not override the hook.
struct Hand(u32);
impl Encode for Hand {
    fn encode<C: packed_core::Ctx, W: packed_core::Writer + ?Sized>(
        &self,
        w: &mut W,
    ) -> Result<(), EncodeError> {
        w.write_byte(self.0 as u8)?;
        for _ in 0..self.0 {
            w.write_byte(0xAB)?;
        }
        Ok(())
    }
}
impl<'de> packed_core::Decode<'de> for Hand {
    fn decode<C: packed_core::Ctx, R: packed_core::Reader<'de> + ?Sized>(
        r: &mut R,
    ) -> Result<Self, packed_core::DecodeError> {
        let n = r.read_byte()?;
        for _ in 0..n {
            r.read_byte()?;
        }
        Ok(Hand(n.into()))
    }
}

#[derive(Packed)]
struct HoldsHand {
    a: Hand,
    b: Vec<Hand>,
    c: Option<Hand>,
}

#[derive(Packed)]
struct Arrays<const N: usize> {
    a: [u16; N],
    b: [String; N],
    c: [Option<u8>; N],
}

#[derive(Packed)]
struct Bits {
    #[packed(skip)]
    x: u8,
}

macro_rules! declare {
    ($name:ident, $e:ident) => {
        #[derive(Packed)]
        struct $name {
            a: String,
            b: Vec<u32>,
        }
        #[derive(Packed)]
        enum $e {
            X($name),
            Y { z: Option<$name> },
        }
    };
}
declare!(InMacro, InMacroEnum);

mod no_prelude {
    #![no_implicit_prelude]
    #[allow(unused_imports)]
    use ::packed_core::Packed;

    #[allow(non_upper_case_globals, dead_code)]
    const __count: u8 = 0;

    #[derive(Packed)]
    pub struct Np<'a, T> {
        pub a: &'a str,
        pub b: ::std::vec::Vec<T>,
        pub c: ::std::option::Option<::std::string::String>,
    }

    #[derive(Packed)]
    pub enum NpE<T> {
        A(T),
        B { x: u8, y: ::std::string::String },
        C,
    }
}

#[test]
fn shapes_match_encode_into_with_exact_capacity() {
    check(&Generic::<u8, String> {
        a: 7,
        b: vec!["x".into(), String::new()],
        c: Some(vec![Some("ab".into()), None]),
    });
    check(&Generic::<u8, String> {
        a: 7,
        b: vec![],
        c: None,
    });
    check(&GenericEnum::<u16, 3>::A);
    check(&GenericEnum::<u16, 3>::B(1, [2, 3, 4]));
    check(&GenericEnum::<String, 2>::C {
        x: Some("q".into()),
        y: vec!["a".to_owned(), "bc".to_owned()].into_boxed_slice(),
    });
    let owned = String::from("owned");
    check(&Borrowed {
        s: "hi",
        b: &[1, 2, 3],
        c: Cow::Owned(owned),
        d: Cow::Borrowed(&[9; 300]),
        p: PhantomData,
    });
    check(&Unsized::<[u32]> {
        n: 3,
        tail: Box::new([1, 2, 3]),
        rc: Rc::new([4]),
    });
    check(&Unsized::<str> {
        n: 3,
        tail: "tail".into(),
        rc: "rc".into(),
    });
    check(&Pointers {
        r: Rc::new("rc".into()),
        a: Arc::from(&[1u16, 2][..]),
        b: "box".into(),
        t: (1, "t".into(), (2, vec![3; 200])),
        m: [("k".to_owned(), vec![1, 2])].into_iter().collect(),
        h: [(1, "one".to_owned())].into_iter().collect(),
        s: [-1, 5, 1 << 40].into_iter().collect(),
    });
    check(&NoWith {
        a: "x".repeat(70),
        c: vec!["gone".into()],
        d: vec![Some(1), None],
    });
    check(&Tagged::A("a".into()));
    check(&Tagged::B { x: 1, y: vec![2] });
    check(&Tagged::C);
    check(&VarTagged::A("a".into()));
    check(&VarTagged::B);
    check(&Repr {
        one: Color::Blue,
        many: vec![Color::Red, Color::Green, Color::Blue],
        arr: [Color::Red; 3],
        wide: vec![Wide::A, Wide::B],
        boxed: vec![Wide::B].into_boxed_slice(),
    });
    check(&vec![Color::Red, Color::Blue]);
    check(&vec![vec![Wide::B]; 3]);
    check(&OwnVarint {
        n: 1 << 50,
        s: vec!["a".into(); 3],
        inner: OwnYas {
            s: "y".into(),
            v: vec![Color::Green],
        },
    });
    check(&vec![OwnYas {
        s: "y".into(),
        v: vec![Color::Green],
    }]);
    check(&HoldsHand {
        a: Hand(3),
        b: vec![Hand(1), Hand(0), Hand(2)],
        c: Some(Hand(5)),
    });
    check(&Arrays::<2> {
        a: [1, 2],
        b: ["x".into(), "yz".into()],
        c: [None, Some(3)],
    });
    check(&Arrays::<0> {
        a: [],
        b: [],
        c: [],
    });
    check(&Bits { x: 1 });
    check(&InMacroEnum::X(InMacro {
        a: "m".into(),
        b: vec![1],
    }));
    check(&InMacroEnum::Y { z: None });
    check(&no_prelude::Np {
        a: "np",
        b: vec![1u8],
        c: Some("c".into()),
    });
    check(&no_prelude::NpE::<String>::A("a".into()));
    check(&no_prelude::NpE::<String>::B {
        x: 1,
        y: "y".into(),
    });
    check(&(1u8, "tuple", vec![Some(2u16)]));
    check(&Some(vec![Some(String::from("s")), None]));
}

#[test]
fn counted_fields_still_match() {
    // `with`/`serde` fields keep the default (the count), which is exact too.
    check(&Attrs {
        a: "x".into(),
        b: vec![1, 2],
        c: vec![],
        d: vec!["d".into()],
        e: vec![5; 130],
        f: 12345,
    });
    check(&SerdeField {
        a: 1,
        b: vec!["s".into()],
    });
}

/// A value whose parts are one `Rc` shared many times over claims an encoded size far
/// past what memory holds; its encode fails at its first length (over the `u8` prefix),
/// as the count did, with an error rather than an allocation failure.
type Nested = Rc<Vec<Rc<Vec<Rc<Vec<u8>>>>>>;

#[derive(Packed)]
struct Shared {
    #[packed(len = "u8")]
    items: Vec<Nested>,
}

#[test]
fn shared_parts_claiming_petabytes_are_an_error_not_an_abort() {
    let leaf = Rc::new(vec![0u8; 1 << 30]);
    let mid = Rc::new(vec![leaf; 1 << 6]);
    let top = Rc::new(vec![mid; 1 << 6]);
    // 300 x 2^6 x 2^6 x 2^30 bytes: 1200 TiB, under `isize::MAX`.
    let v = Shared {
        items: vec![top; 300],
    };
    let e = packed_core::to_vec(&v).unwrap_err();
    assert!(
        matches!(
            *e.kind(),
            EncodeError::LengthTooLarge {
                len: 300,
                max: 255,
                ..
            }
        ),
        "{e:?}"
    );
}

/// A sequence of two-to-the-forty elements that encode to nothing: its length does not
/// fit Bitsery's prefix, an error at once (the size is not worked out one element at a
/// time first).
#[test]
fn zero_sized_elements_past_the_prefix_are_an_error_at_once() {
    // An array: `vec![(); n]` clones its element `n` times in a debug build.
    let v = [(); 1 << 40];
    assert!(matches!(
        packed_core::to_vec(&v[..]).unwrap_err().kind(),
        EncodeError::LengthTooLarge { .. }
    ));
    #[derive(Packed, Clone, Copy)]
    struct Z {
        #[packed(skip)]
        _x: (),
        _y: PhantomData<u8>,
    }
    let v = [Z {
        _x: (),
        _y: PhantomData,
    }; 1 << 40];
    assert!(matches!(
        packed_core::to_vec(&v[..]).unwrap_err().kind(),
        EncodeError::LengthTooLarge { .. }
    ));
}

/// Version 1 of a growable bit-packed record with sequences and strings.
#[derive(Packed, Debug, PartialEq, Clone)]
#[packed(growable, bitpack)]
struct BitsV1 {
    #[packed(range = "0..=1000")]
    level: u16,
    flag: bool,
    name: String,
    tags: Vec<u8>,
}

/// [`BitsV1`] with fields appended.
#[derive(Packed, Debug, PartialEq, Clone)]
#[packed(growable, bitpack)]
struct BitsV2 {
    #[packed(range = "0..=1000")]
    level: u16,
    flag: bool,
    name: String,
    tags: Vec<u8>,
    #[packed(range = "-5..=1000000")]
    score: i32,
    more: Option<Vec<String>>,
}

/// [`BitsV2`] borrowing its strings, for slices.
#[derive(Packed, Debug, PartialEq)]
#[packed(growable, bitpack)]
struct BitsV2Ref<'a> {
    #[packed(range = "0..=1000")]
    level: u16,
    flag: bool,
    name: &'a str,
    tags: &'a [u8],
    #[packed(range = "-5..=1000000")]
    score: i32,
    more: Option<Vec<&'a str>>,
}

/// Decodes `bytes` as `T` from a slice and from a stream: no panic (overflow checks on
/// in a debug build), and the same value where both succeed; where one fails, the other
/// does too, but for bytes after the message, which only a slice refuses.
fn both_ways<T>(bytes: &[u8]) -> bool
where
    T: packed_core::DecodeOwned + PartialEq + core::fmt::Debug,
{
    let slice = packed_core::from_slice::<T>(bytes);
    let stream = packed_core::from_reader::<T, _>(bytes);
    match (&slice, &stream) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "{bytes:02x?}"),
        (Err(_), Err(_)) => {}
        // A stream reads one message and leaves what follows it for the next.
        (Err(e), Ok(_)) if matches!(e.kind(), packed_core::DecodeError::TrailingBytes { .. }) => {}
        _ => panic!("slice {slice:?}, stream {stream:?} on {bytes:02x?}"),
    }
    slice.is_ok()
}

#[test]
fn mutated_growable_bit_packed_records_are_typed_errors_both_ways() {
    let v1 = BitsV1 {
        level: 999,
        flag: true,
        name: "abc".into(),
        tags: vec![1, 2, 3],
    };
    let v2 = BitsV2 {
        level: 7,
        flag: false,
        name: "héllo".into(),
        tags: vec![9; 20],
        score: -5,
        more: Some(vec!["x".into(), String::new()]),
    };
    let seeds = [
        packed_core::to_vec(&v1).unwrap(),
        packed_core::to_vec(&v2).unwrap(),
    ];
    // Old data read by the new type and new data by the old one.
    assert!(both_ways::<BitsV2>(&seeds[0]));
    assert!(both_ways::<BitsV1>(&seeds[1]));
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for round in 0..20_000 {
        let mut bytes = seeds[round % 2].clone();
        for _ in 0..=(next() % 3) {
            let at = (next() as usize) % (bytes.len() + 1);
            match next() % 4 {
                0 if at < bytes.len() => bytes[at] ^= 1 << (next() % 8),
                1 if at < bytes.len() => bytes[at] = next() as u8,
                2 => bytes.truncate(at),
                _ => bytes.insert(at, next() as u8),
            }
        }
        both_ways::<BitsV1>(&bytes);
        both_ways::<BitsV2>(&bytes);
        let borrowed = packed_core::from_slice::<BitsV2Ref<'_>>(&bytes);
        if let (Ok(b), Ok(o)) = (&borrowed, packed_core::from_slice::<BitsV2>(&bytes)) {
            assert_eq!(
                (b.level, b.name, b.tags, b.score),
                (o.level, &*o.name, &*o.tags, o.score)
            );
        }
    }
}
