//! The standard and third-party types beyond the golden files: each one's bytes worked
//! out by hand from the rule its impl documents, a round trip, and the typed error for
//! each kind of input it refuses (with its offset). The C++ counterparts are checked
//! against the real libraries in `golden_ext.rs` and `differential.rs`.

mod common;

use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, LinkedList};
use std::fmt::Debug;
use std::io::Cursor;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use std::num::{NonZeroI16, NonZeroU32, NonZeroU8, Saturating, Wrapping};
use std::ops::Bound;
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use common::hex;
use packed_core::cpp::{Bitset, Fields, U16String, WString};
use packed_core::layout::{self, Bitsery, Varint, Yas, YasCompacted, YasNoHeader};
use packed_core::{DecodeError, DecodeOwned, Encode, EncodeError, Layout, Packed};

use DecodeError::*;

/// `value` encodes to `bytes` under `L` and back, from a slice and from a stream, and
/// its encoded length is theirs.
fn check<L: Layout, T: Encode + DecodeOwned + PartialEq + Debug>(value: &T, bytes: &[u8]) {
    assert_eq!(
        packed_core::to_vec_as::<L, T>(value).as_deref(),
        Ok(bytes),
        "{value:?}: encode"
    );
    assert_eq!(packed_core::encoded_len_as::<L, T>(value), Ok(bytes.len()));
    assert_eq!(
        packed_core::from_slice_as::<L, T>(bytes).as_ref(),
        Ok(value),
        "{value:?}: decode"
    );
    let from_stream = packed_core::with::<L>().from_reader::<T, _>(Cursor::new(bytes));
    assert_eq!(from_stream.as_ref(), Ok(value), "{value:?}: from a stream");
}

/// The error decoding `bytes` as a `T` under `L` gives from a slice. From a stream it
/// is an error too (there a length the input cannot hold is found out as the input
/// ends, not up front).
fn refused<L: Layout, T: DecodeOwned + Debug>(bytes: &[u8]) -> DecodeError {
    let e = packed_core::from_slice_as::<L, T>(bytes).expect_err("must not decode");
    let s = packed_core::with::<L>().from_reader::<T, _>(Cursor::new(bytes));
    assert!(s.is_err(), "{bytes:02x?}: a stream refuses it too");
    e.into_kind()
}

// ---------------------------------------------------------------------------------------
// Conventions: tuples, arrays, variant indices
// ---------------------------------------------------------------------------------------

#[test]
fn tuples_count_under_yas_only() {
    check::<Bitsery, _>(&(1u8, -1i16), &hex("01 ffff"));
    check::<YasNoHeader, _>(&(1u8, -1i16), &hex("02 01 ffff"));
    // The count is one raw byte, never compacted.
    check::<YasCompacted, _>(&(1u8, 1i16), &hex("79617330313137 02 01 41"));
    check::<YasNoHeader, _>(&Fields((1u8, -1i16)), &hex("01 ffff"));
    let t16 = (
        0u8, 1u8, 2u8, 3u8, 4u8, 5u8, 6u8, 7u8, 8u8, 9u8, 10u8, 11u8, 12u8, 13u8, 14u8, 15u8,
    );
    assert_eq!(
        packed_core::to_vec_as::<YasNoHeader, _>(&t16).unwrap(),
        [&[16][..], &(0..16).collect::<Vec<u8>>()].concat()
    );
    // Another count is refused at its byte.
    assert_eq!(
        refused::<YasNoHeader, (u8, i16)>(&hex("03 01 ffff")),
        LengthMismatch {
            offset: 0,
            expected: 2,
            found: 3
        }
    );
}

#[test]
fn arrays_have_a_length_under_yas_only() {
    check::<Bitsery, _>(&[1u16, 2], &hex("0100 0200"));
    check::<YasNoHeader, _>(&[1u16, 2], &hex("0200000000000000 0100 0200"));
    check::<YasCompacted, _>(&[1u16, 2], &hex("79617330313137 82 81 82"));
    check::<layout::Varint, _>(&[1u16, 2], &hex("01 02"));
    check::<YasNoHeader, _>(&Fields([1u16, 2]), &hex("0100 0200"));
    // An array of arrays: each one's length.
    check::<YasCompacted, _>(&[[7u8; 1]; 2], &hex("79617330313137 82 81 07 81 07"));
    assert_eq!(
        refused::<YasNoHeader, [u16; 2]>(&hex("0300000000000000 0100 0200 0300")),
        LengthMismatch {
            offset: 0,
            expected: 2,
            found: 3
        }
    );
    // A length as large as the platform allows is a mismatch, not an allocation.
    assert!(matches!(
        refused::<YasNoHeader, [u8; 2]>(&hex("ffffffffffffff7f 0102")),
        LengthMismatch { offset: 0, .. }
    ));
}

/// 130 variants: index 128 is the size prefix's two-byte form under Bitsery's
/// conventions, one raw byte under YAS's; with `tag`, the integer.
#[test]
fn variant_index_forms() {
    #[derive(Packed, Debug, PartialEq)]
    enum E {
        A(u8),
        B,
    }
    #[derive(Packed, Debug, PartialEq)]
    #[packed(tag = "u16")]
    enum Wide {
        A(u8),
        B,
    }
    check::<Bitsery, _>(&E::A(5), &hex("00 05"));
    check::<Bitsery, _>(&E::B, &hex("01"));
    check::<YasNoHeader, _>(&E::B, &hex("01"));
    check::<layout::YasBig, _>(&E::B, &hex("79617330303937 01"));
    check::<YasNoHeader, _>(&Wide::B, &hex("0100"));
    check::<YasCompacted, _>(&Wide::B, &hex("79617330313137 81"));
    // The size prefix accepts its long forms for small indices, as Bitsery's reader does.
    assert_eq!(packed_core::from_slice::<E>(&hex("8001")), Ok(E::B));
    assert_eq!(
        refused::<Bitsery, E>(&hex("8002")),
        UnknownVariant {
            offset: 0,
            type_name: "E",
            tag: 2
        }
    );
}

/// An index past 255 does not fit YAS's byte: an encode error, not a wrong byte.
#[test]
fn variant_index_too_large_for_yas() {
    assert_eq!(
        packed_core::to_vec_as::<YasNoHeader, _>(&Result::<u8, u8>::Err(1)),
        Ok(hex("01 01"))
    );
    // The writer's own check, through the form a derived enum uses.
    use packed_core::__private::{write_tag, VariantIndex};
    let mut out = Vec::new();
    type C = packed_core::ctx::RootAs<YasNoHeader>;
    assert_eq!(
        write_tag::<C, VariantIndex, _>(256, &mut out),
        Err(EncodeError::VariantIndexTooLarge {
            index: 256,
            max: 255
        })
    );
    assert_eq!(write_tag::<C, VariantIndex, _>(255, &mut out), Ok(()));
    type B = packed_core::ctx::RootAs<Bitsery>;
    assert_eq!(write_tag::<B, VariantIndex, _>(256, &mut out), Ok(()));
    assert_eq!(out, hex("ff 8100"));
}

/// Explicit tags (`tag = N`, discriminants) take the same form as indices: Bitsery's
/// size prefix (128 is `80 80`, 200 is `80 c8`), YAS's raw byte (past 255 an encode
/// error); with `tag = "..."` on the enum, that integer.
#[test]
fn explicit_tags_take_the_index_form() {
    #[derive(Packed, Debug, PartialEq)]
    enum Tagged {
        #[packed(tag = 128)]
        A(u8),
        B,
        #[packed(tag = 300)]
        C,
    }
    #[derive(Packed, Debug, PartialEq)]
    #[repr(u8)]
    enum Disc {
        X(u16) = 127,
        Y,
    }
    check::<Bitsery, _>(&Tagged::A(7), &hex("8080 07"));
    check::<Bitsery, _>(&Tagged::B, &hex("8081"));
    check::<Bitsery, _>(&Tagged::C, &hex("812c"));
    check::<YasNoHeader, _>(&Tagged::A(7), &hex("80 07"));
    check::<YasNoHeader, _>(&Tagged::B, &hex("81"));
    assert_eq!(
        packed_core::to_vec_as::<YasNoHeader, _>(&Tagged::C).map_err(packed_core::Error::into_kind),
        Err(EncodeError::VariantIndexTooLarge {
            index: 300,
            max: 255
        })
    );
    check::<Bitsery, _>(&Disc::X(1), &hex("7f 0100"));
    check::<Bitsery, _>(&Disc::Y, &hex("8080"));
    check::<YasNoHeader, _>(&Disc::Y, &hex("80"));
    // A tag no variant has, in either form.
    assert_eq!(
        refused::<Bitsery, Tagged>(&hex("00")),
        UnknownVariant {
            offset: 0,
            type_name: "Tagged",
            tag: 0
        }
    );
    assert_eq!(
        refused::<YasNoHeader, Disc>(&hex("7e")),
        UnknownVariant {
            offset: 0,
            type_name: "Disc",
            tag: 126
        }
    );
}

// ---------------------------------------------------------------------------------------
// Chrono
// ---------------------------------------------------------------------------------------

#[derive(Packed, Debug, PartialEq)]
struct Times {
    #[packed(unit = "ms")]
    ms: Duration,
    #[packed(unit = "s", width = "i32")]
    s: Option<Duration>,
    t: SystemTime,
}

#[test]
fn chrono_counts() {
    let v = Times {
        ms: Duration::from_millis(1000),
        s: Some(Duration::from_secs(2)),
        t: UNIX_EPOCH - Duration::from_nanos(5),
    };
    check::<Bitsery, _>(&v, &hex("e803000000000000 01 02000000 fbffffffffffffff"));
    // YAS: every count an i64, whatever the width; compacted as an i64.
    check::<YasNoHeader, _>(
        &v,
        &hex("e803000000000000 01 0200000000000000 fbffffffffffffff"),
    );
    check::<YasCompacted, _>(&v, &hex("79617330313137 02e803 01 42 c5"));
    check::<Varint, _>(&v, &hex("d00f 01 04 09"));
}

#[test]
fn chrono_refuses_what_it_cannot_hold() {
    // Not a whole number of the unit, or too large for the width: never rounded.
    let e = EncodeError::TimeOutOfRange {
        type_name: "Duration",
        unit: "ms",
        width: 64,
    };
    let v = Times {
        ms: Duration::from_micros(1500),
        s: None,
        t: UNIX_EPOCH,
    };
    assert_eq!(
        packed_core::to_vec(&v).map_err(packed_core::Error::into_kind),
        Err(e)
    );
    let v = Times {
        ms: Duration::ZERO,
        s: Some(Duration::from_secs(1 << 31)),
        t: UNIX_EPOCH,
    };
    assert_eq!(
        packed_core::to_vec(&v).map_err(packed_core::Error::into_kind),
        Err(EncodeError::TimeOutOfRange {
            type_name: "Duration",
            unit: "s",
            width: 32
        })
    );
    // Under YAS the count is written as an i64, but the width still bounds it: YAS
    // writes a `duration<int32_t>`'s count, and reads an i64 back into one, wrapping a
    // count past it (2^31 s read as -2^31 s). Neither way lets one through.
    assert_eq!(
        packed_core::to_vec_as::<YasNoHeader, _>(&v).map_err(packed_core::Error::into_kind),
        Err(EncodeError::TimeOutOfRange {
            type_name: "Duration",
            unit: "s",
            width: 32
        })
    );
    assert_eq!(
        refused::<YasNoHeader, Times>(&hex(
            "0000000000000000 01 0000008000000000 0000000000000000"
        )),
        OutOfRange {
            offset: 9,
            type_name: "Duration"
        }
    );
    // The widest count that fits still reads, as YAS reads it.
    assert_eq!(
        packed_core::from_slice_as::<YasNoHeader, Times>(&hex(
            "0000000000000000 01 ffffff7f00000000 0000000000000000"
        ))
        .map(|t| t.s),
        Ok(Some(Duration::from_secs((1 << 31) - 1)))
    );
    assert!(packed_core::to_vec(&Duration::MAX).is_err());
    // A negative count is no `Duration`.
    assert_eq!(
        refused::<Bitsery, Duration>(&hex("ffffffffffffffff")),
        OutOfRange {
            offset: 0,
            type_name: "Duration"
        }
    );
    assert_eq!(
        refused::<Bitsery, Times>(&hex("0000000000000000 01 ffffffff 0000000000000000")),
        OutOfRange {
            offset: 9,
            type_name: "Duration"
        }
    );
}

// ---------------------------------------------------------------------------------------
// Bitsets and wide strings
// ---------------------------------------------------------------------------------------

#[test]
fn bitsets() {
    let mut b = Bitset::<12>::new();
    b.set(0, true);
    b.set(11, true);
    check::<Bitsery, _>(&b, &hex("01 08"));
    check::<YasNoHeader, _>(&b, &hex("0c00000000000000 0200000000000000 01 08"));
    check::<YasCompacted, _>(&b, &hex("79617330313137 8c 82 01 08"));
    check::<Bitsery, _>(&Bitset::<0>::new(), &[]);
    assert_eq!(b.count_ones(), 2);
    // A bit past N, a bit count or a byte count other than the type's.
    assert_eq!(
        refused::<Bitsery, Bitset<12>>(&hex("01 18")),
        BitsetPadding { offset: 1 }
    );
    assert_eq!(
        refused::<YasCompacted, Bitset<12>>(&hex("79617330313137 8b 82 01 08")),
        LengthMismatch {
            offset: 7,
            expected: 12,
            found: 11
        }
    );
    assert_eq!(
        refused::<YasCompacted, Bitset<12>>(&hex("79617330313137 8c 83 01 08 00")),
        LengthMismatch {
            offset: 8,
            expected: 2,
            found: 3
        }
    );
}

#[test]
fn wide_strings() {
    let s = U16String("a\u{20ac}\u{1f600}".into());
    check::<Bitsery, _>(&s, &hex("04 6100 ac20 3dd8 00de"));
    check::<layout::BitseryBig, _>(&s, &hex("04 0061 20ac d83d de00"));
    // YAS: CESU-8, the surrogates as three bytes each.
    check::<YasNoHeader, _>(&s, &hex("0a00000000000000 61 e282ac eda0bd edb880"));
    let w = WString("a\u{1f600}".into());
    check::<Bitsery, _>(&w, &hex("02 61000000 00f60100"));
    check::<YasNoHeader, _>(&w, &hex("0500000000000000 61 f09f9880"));

    // An unpaired surrogate, at its code unit.
    assert_eq!(
        refused::<Bitsery, U16String>(&hex("02 3dd8 6100")),
        InvalidUtf16 { offset: 1 }
    );
    assert_eq!(
        refused::<Bitsery, U16String>(&hex("02 6100 00de")),
        InvalidUtf16 { offset: 3 }
    );
    assert_eq!(
        refused::<YasNoHeader, U16String>(&hex("0300000000000000 eda0bd")),
        InvalidUtf16 { offset: 8 }
    );
    // YAS's U16String is CESU-8: a four-byte UTF-8 sequence is not, nor a bad byte.
    assert_eq!(
        refused::<YasNoHeader, U16String>(&hex("0400000000000000 f09f9880")),
        InvalidUtf8 { offset: 8 }
    );
    assert_eq!(
        refused::<YasNoHeader, U16String>(&hex("0200000000000000 61 c3")),
        InvalidUtf8 { offset: 10 }
    );
    // A code point past Unicode in a WString.
    assert_eq!(
        refused::<Bitsery, WString>(&hex("01 00001100")),
        InvalidChar {
            offset: 1,
            value: 0x11_0000
        }
    );
    // A length the input cannot hold is refused before anything is allocated.
    assert!(matches!(
        refused::<Bitsery, U16String>(&hex("bfffffff 61")),
        LengthExceedsInput { offset: 0, .. }
    ));
}

// ---------------------------------------------------------------------------------------
// Numbers, wrappers, pointers
// ---------------------------------------------------------------------------------------

#[test]
fn nonzero() {
    check::<Bitsery, _>(&NonZeroU32::new(7).unwrap(), &hex("07000000"));
    check::<Varint, _>(&NonZeroI16::new(-1).unwrap(), &hex("01"));
    assert_eq!(
        refused::<Bitsery, (u8, NonZeroU8)>(&hex("01 00")),
        UnexpectedZero {
            offset: 1,
            type_name: "NonZeroU8"
        }
    );
    // A struct of them is one run like its integers, and refuses a zero there too.
    #[derive(Packed, Debug, PartialEq)]
    struct Ids {
        a: NonZeroU32,
        b: NonZeroU32,
    }
    assert_eq!(
        refused::<Bitsery, Ids>(&hex("01000000 00000000")),
        UnexpectedZero {
            offset: 4,
            type_name: "NonZeroU32"
        }
    );
}

#[test]
fn wrappers_by_value() {
    check::<Bitsery, _>(&Wrapping(5u16), &hex("0500"));
    check::<Bitsery, _>(&Saturating(-1i8), &hex("ff"));
    check::<Bitsery, _>(&Reverse(1u32), &hex("01000000"));
    check::<Bitsery, _>(&Rc::new(2u8), &hex("02"));
    check::<Bitsery, _>(&Arc::new(String::from("a")), &hex("01 61"));
    check::<Bitsery, _>(&Rc::<str>::from("ab"), &hex("02 6162"));
    check::<Bitsery, _>(&Arc::<str>::from("ab"), &hex("02 6162"));
    check::<Bitsery, _>(&Arc::<[u16]>::from(vec![1, 2]), &hex("02 0100 0200"));
    check::<Bitsery, _>(&Rc::<[u8]>::from(vec![9]), &hex("01 09"));
    assert_eq!(packed_core::to_vec(&Cell::new(3u8)), Ok(hex("03")));
    assert_eq!(
        packed_core::from_slice::<Cell<u8>>(&hex("03")).map(Cell::into_inner),
        Ok(3)
    );
    let cell = RefCell::new(vec![1u8]);
    assert_eq!(packed_core::to_vec(&cell), Ok(hex("01 01")));
    {
        let _borrow = cell.borrow_mut();
        assert_eq!(
            packed_core::to_vec(&cell).map_err(packed_core::Error::into_kind),
            Err(EncodeError::AlreadyBorrowed)
        );
    }
    let mut into = RefCell::new(vec![0u8; 8]);
    packed_core::from_slice_into(&hex("02 0506"), &mut into).unwrap();
    assert_eq!(*into.borrow(), [5, 6]);
    // A recursive type through `Rc`.
    #[derive(Packed, Debug, PartialEq)]
    struct List {
        v: u8,
        next: Option<Rc<List>>,
    }
    let l = List {
        v: 1,
        next: Some(Rc::new(List { v: 2, next: None })),
    };
    check::<Bitsery, _>(&l, &hex("01 01 02 00"));
}

#[test]
fn cows() {
    // `Cow<[T]>` decodes owned.
    check::<Bitsery, Cow<'_, [u16]>>(&Cow::Owned(vec![1, 2]), &hex("02 0100 0200"));
    // `Cow<'static, _>` fields decode owned from any input, also a stream.
    #[derive(Packed, Debug, PartialEq)]
    struct Named {
        name: Cow<'static, str>,
        raw: Option<Cow<'static, [u8]>>,
    }
    let v = Named {
        name: "n".into(),
        raw: Some(Cow::Borrowed(&[7])),
    };
    check::<Bitsery, _>(&v, &hex("01 6e 01 01 07"));
    let input = hex("01 6e 00");
    let back: Named = packed_core::from_slice(&input).unwrap();
    assert!(matches!(back.name, Cow::Owned(_)));
    // `Cow<'a, str>` of a type with a lifetime still borrows.
    #[derive(Packed, Debug, PartialEq)]
    struct Borrowing<'a> {
        name: Cow<'a, str>,
    }
    let back: Borrowing<'_> = packed_core::from_slice(&input[..2]).unwrap();
    assert!(matches!(back.name, Cow::Borrowed("n")));
    // Invalid UTF-8 in an owned field: the error's offset is the input's.
    assert_eq!(
        refused::<Bitsery, Named>(&hex("01 ff 00")),
        InvalidUtf8 { offset: 1 }
    );
}

// ---------------------------------------------------------------------------------------
// Sums, ranges, addresses, collections
// ---------------------------------------------------------------------------------------

#[test]
fn sums() {
    check::<Bitsery, Result<u8, String>>(&Ok(3), &hex("00 03"));
    check::<Bitsery, Result<u8, String>>(&Err("e".into()), &hex("01 01 65"));
    check::<Bitsery, _>(&Bound::Included(1u8), &hex("00 01"));
    check::<Bitsery, _>(&Bound::Excluded(1u8), &hex("01 01"));
    check::<Bitsery, Bound<u8>>(&Bound::Unbounded, &hex("02"));
    assert_eq!(
        refused::<Bitsery, Result<u8, u8>>(&hex("02 00")),
        UnknownVariant {
            offset: 0,
            type_name: "Result",
            tag: 2
        }
    );
    assert_eq!(
        refused::<Bitsery, Bound<u8>>(&hex("03")),
        UnknownVariant {
            offset: 0,
            type_name: "Bound",
            tag: 3
        }
    );
}

#[test]
fn ranges() {
    check::<Bitsery, _>(&(1u16..3), &hex("0100 0300"));
    check::<Bitsery, _>(&(1u16..=3), &hex("0100 0300"));
    check::<Varint, _>(&(-1i32..=1), &hex("01 02"));
}

#[test]
fn addresses() {
    let v4 = Ipv4Addr::new(192, 168, 0, 1);
    let v6 = Ipv6Addr::LOCALHOST;
    check::<Bitsery, _>(&v4, &hex("c0a80001"));
    // Network order in every layout, no length under YAS.
    check::<YasNoHeader, _>(&v4, &hex("c0a80001"));
    check::<Bitsery, _>(&IpAddr::V4(v4), &hex("00 c0a80001"));
    check::<Bitsery, _>(&IpAddr::V6(v6), &hex("01 00000000000000000000000000000001"));
    check::<Bitsery, _>(
        &SocketAddr::V4(SocketAddrV4::new(v4, 8080)),
        &hex("00 c0a80001 901f"),
    );
    check::<layout::BitseryBig, _>(
        &SocketAddr::V6(SocketAddrV6::new(v6, 80, 1, 2)),
        &hex("01 00000000000000000000000000000001 0050 00000001 00000002"),
    );
    assert_eq!(
        refused::<Bitsery, IpAddr>(&hex("02 00000000")),
        UnknownVariant {
            offset: 0,
            type_name: "IpAddr",
            tag: 2
        }
    );
    assert!(matches!(
        refused::<Bitsery, Ipv6Addr>(&hex("00")),
        UnexpectedEnd { offset: 0, .. }
    ));
}

#[test]
fn lists_and_heaps() {
    let l: LinkedList<u16> = [1, 2].into_iter().collect();
    check::<Bitsery, _>(&l, &hex("02 0100 0200"));
    check::<YasNoHeader, _>(&l, &hex("0200000000000000 0100 0200"));
    let h = BinaryHeap::from(vec![3u8]);
    assert_eq!(packed_core::to_vec(&h), Ok(hex("01 03")));
    let back: BinaryHeap<u8> = packed_core::from_slice(&hex("03 01 05 03")).unwrap();
    assert_eq!(back.into_sorted_vec(), [1, 3, 5]);
    assert!(matches!(
        refused::<Bitsery, LinkedList<u16>>(&hex("05 0100")),
        LengthExceedsInput { offset: 0, .. }
    ));
}

// ---------------------------------------------------------------------------------------
// Third-party crates (cargo features)
// ---------------------------------------------------------------------------------------

#[test]
fn uuid_and_bytes() {
    let id = uuid::Uuid::from_bytes([0x11; 16]);
    check::<Bitsery, _>(&id, &[0x11; 16]);
    check::<YasNoHeader, _>(&id, &[0x11; 16]);
    check::<Bitsery, _>(&bytes::Bytes::from_static(b"ab"), &hex("02 6162"));
    check::<Yas, _>(
        &bytes::BytesMut::from(&b"ab"[..]),
        &hex("79617330303137 0200000000000000 6162"),
    );
}

#[test]
fn smallvec_arrayvec_indexmap() {
    let s: smallvec::SmallVec<[u16; 2]> = smallvec::smallvec![1, 2, 3];
    check::<Bitsery, _>(&s, &hex("03 0100 0200 0300"));
    let mut a = arrayvec::ArrayVec::<u8, 3>::new();
    a.push(4);
    check::<Bitsery, _>(&a, &hex("01 04"));
    check::<Bitsery, _>(
        &arrayvec::ArrayString::<4>::from("ab").unwrap(),
        &hex("02 6162"),
    );
    assert_eq!(
        refused::<Bitsery, arrayvec::ArrayVec<u8, 3>>(&hex("04 01020304")),
        LengthOverCapacity {
            offset: 0,
            len: 4,
            capacity: 3
        }
    );
    assert_eq!(
        refused::<Bitsery, arrayvec::ArrayString<1>>(&hex("02 6162")),
        LengthOverCapacity {
            offset: 0,
            len: 2,
            capacity: 1
        }
    );
    // Entries in insertion order; a repeated key is refused.
    let m: indexmap::IndexMap<u8, u8> = [(2, 20), (1, 10)].into_iter().collect();
    check::<Bitsery, _>(&m, &hex("02 02 14 01 0a"));
    let set: indexmap::IndexSet<u8> = [5, 4].into_iter().collect();
    check::<Bitsery, _>(&set, &hex("02 05 04"));
    assert_eq!(
        refused::<Bitsery, indexmap::IndexMap<u8, u8>>(&hex("02 01 00 01 00")),
        DuplicateKey { offset: 3 }
    );
}

#[test]
fn chrono_types() {
    use chrono::{DateTime, NaiveDateTime, TimeDelta, Utc};
    #[derive(Packed, Debug, PartialEq)]
    struct C {
        #[packed(unit = "ms")]
        d: TimeDelta,
        t: DateTime<Utc>,
        #[packed(unit = "s", width = "i32")]
        n: NaiveDateTime,
    }
    let t = DateTime::<Utc>::UNIX_EPOCH + TimeDelta::nanoseconds(-5);
    let v = C {
        d: TimeDelta::milliseconds(-2),
        t,
        n: DateTime::from_timestamp(60, 0).unwrap().naive_utc(),
    };
    check::<Bitsery, _>(&v, &hex("feffffffffffffff fbffffffffffffff 3c000000"));
    // Past chrono's range (`TimeDelta` holds i64::MAX milliseconds, not seconds).
    #[derive(Packed, Debug, PartialEq)]
    struct Secs(#[packed(unit = "s")] TimeDelta);
    assert_eq!(
        refused::<Bitsery, Secs>(&hex("ffffffffffffff7f")),
        OutOfRange {
            offset: 0,
            type_name: "TimeDelta"
        }
    );
}

// ---------------------------------------------------------------------------------------
// Inside growable records
// ---------------------------------------------------------------------------------------

/// The address a record without one takes.
fn unspecified() -> SocketAddr {
    SocketAddr::from((Ipv4Addr::UNSPECIFIED, 0))
}

/// Version 1 of a growable record of the new types.
#[derive(Packed, Debug, PartialEq)]
#[packed(growable)]
struct Held1 {
    #[packed(default = "NonZeroU32::MIN")]
    id: NonZeroU32,
    #[packed(default = "unspecified()")]
    at: SocketAddr,
}

/// Version 2: fields appended, which version 1's records do not hold.
#[derive(Packed, Debug, PartialEq)]
#[packed(growable)]
struct Held2 {
    #[packed(default = "NonZeroU32::MIN")]
    id: NonZeroU32,
    #[packed(default = "unspecified()")]
    at: SocketAddr,
    #[packed(unit = "ms", width = "i32")]
    after: Duration,
    #[packed(default = "Bound::Unbounded")]
    until: Bound<u16>,
    pair: Fields<(u8, Rc<str>)>,
    bits: Bitset<4>,
}

/// The new types inside growable records: their bytes within the record's size, and
/// each version reading the other's records (the newer one's fields take their
/// `default`, the older one skips what it does not know).
#[test]
fn in_growable_records() {
    let at = SocketAddr::V4(SocketAddrV4::new(Ipv4Addr::new(10, 0, 0, 1), 80));
    let v1 = Held1 {
        id: NonZeroU32::new(7).unwrap(),
        at,
    };
    // The size (4 + 4 + 7 = 15), the id, then the address's index and octets and port.
    let v1_bytes = hex("0f000000 07000000 00 0a000001 5000");
    check::<Bitsery, _>(&v1, &v1_bytes);
    let v2 = Held2 {
        id: NonZeroU32::new(7).unwrap(),
        at,
        after: Duration::from_millis(2),
        until: Bound::Excluded(9),
        pair: Fields((1, Rc::from("a"))),
        bits: Bitset([true, false, false, true]),
    };
    // ... then 2 ms as an i32, the bound's index and value, the pair's elements with no
    // count, and the bitset's one byte: 15 + 4 + 3 + 3 + 1 = 26.
    let v2_bytes = hex("1a000000 07000000 00 0a000001 5000 02000000 01 0900 01 01 61 09");
    check::<Bitsery, _>(&v2, &v2_bytes);
    // Under YAS the count is an i64, the pair still has no count, the bitset has its
    // counts: 4 + 4 + 7 + 8 + 3 + (1 + 8 + 1) + (8 + 8 + 1).
    let yas = packed_core::to_vec_as::<YasNoHeader, _>(&v2).unwrap();
    assert_eq!(yas.len(), 4 + 4 + 7 + 8 + 3 + 10 + 17);
    assert_eq!(&yas[..4], &(yas.len() as u32).to_le_bytes());
    assert_eq!(
        packed_core::from_slice_as::<YasNoHeader, Held2>(&yas),
        Ok(v2)
    );
    // Version 2 reads version 1's record: the appended fields take their default.
    let old = packed_core::from_slice::<Held2>(&v1_bytes).unwrap();
    assert_eq!(old.until, Bound::Unbounded);
    assert_eq!((old.after, old.bits), (Duration::ZERO, Bitset::new()));
    assert_eq!(&*old.pair.0 .1, "");
    // Version 1 reads version 2's record, and skips its tail.
    assert_eq!(packed_core::from_slice::<Held1>(&v2_bytes), Ok(v1));
    // A zero id inside a record is still refused, at its offset.
    assert_eq!(
        refused::<Bitsery, Held1>(&hex("0f000000 00000000 00 0a000001 5000")),
        UnexpectedZero {
            offset: 4,
            type_name: "NonZeroU32"
        }
    );
}
