//! Hostile and malformed input: every case gives a typed error, with the variant and
//! offset worked out by hand, and never a panic, a stack overflow or a huge allocation.
//! Also the encode-side errors and the error types' `Display`/`Error` impls.

mod common;

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;
use std::io::Cursor;
use std::time::{Duration, Instant};

use common::{golden, hex, plain};
use packed_core::layout::{self, BitseryConventions, NoHeader, Spec};
use packed_core::num::Little;
use packed_core::{
    len, num, Decode, DecodeError, DecodeOwned, Encode, EncodeError, IoReader, Layout, Limits,
    Packed,
};

use DecodeError::*;

const MAX_COMPACT: u64 = (1 << 30) - 1;

fn slice<'de, T: Decode<'de> + Encode + Debug>(bytes: &'de [u8]) -> DecodeError {
    packed_core::from_slice::<T>(bytes)
        .expect_err("must not decode")
        .into_kind()
}

fn slice_as<'de, L: Layout, T: Decode<'de> + Encode + Debug>(bytes: &'de [u8]) -> DecodeError {
    packed_core::from_slice_as::<L, T>(bytes)
        .expect_err("must not decode")
        .into_kind()
}

fn stream<T: DecodeOwned + Debug>(bytes: &[u8]) -> DecodeError {
    packed_core::from_reader::<T, _>(Cursor::new(bytes))
        .expect_err("must not decode")
        .into_kind()
}

/// The header-less YAS compacted codec (integers and lengths only).
type Compacted = Spec<len::YasSize, num::YasCompact, Little, NoHeader, BitseryConventions>;

// ---------------------------------------------------------------------------------------
// Truncation
// ---------------------------------------------------------------------------------------

/// Decodes every proper prefix of every golden file, from a slice (all of them) and from
/// a stream (all for files up to 2 KiB, a sample of the longer ones): always an error.
struct Truncate {
    files: usize,
    prefixes: usize,
}

impl common::Visitor for Truncate {
    fn visit<A, F, L>(&mut self, config: &'static str, fixture: &'static str, _own: &A, _free: &F)
    where
        A: Encode + for<'de> Decode<'de> + PartialEq + Debug,
        F: Encode + for<'de> Decode<'de> + PartialEq + Debug,
        L: Layout,
    {
        let bytes = golden(config, fixture);
        self.files += 1;
        for i in 0..bytes.len() {
            let p = &bytes[..i];
            assert!(
                packed_core::from_slice::<A>(p).is_err(),
                "{config}_{fixture}[..{i}] decoded"
            );
            assert!(
                packed_core::from_slice_as::<L, F>(p).is_err(),
                "{config}_{fixture}[..{i}] decoded (as)"
            );
            if bytes.len() <= 2048 || i % 997 == 0 || i + 3 >= bytes.len() {
                let r = packed_core::config().decode_from::<A, _>(&mut IoReader::new(p));
                assert!(
                    r.is_err(),
                    "{config}_{fixture}[..{i}] decoded from a stream"
                );
            }
            self.prefixes += 1;
        }
    }
}

#[test]
fn every_prefix_of_every_golden_file_is_an_error() {
    let mut t = Truncate {
        files: 0,
        prefixes: 0,
    };
    common::for_each_golden(&mut t);
    assert_eq!(t.files, 112);
    assert!(t.prefixes > 100_000);
}

/// Exact errors for chosen prefixes. `bitsery-le_document` is: `0a` "doc-000123"
/// (0..11), status (11..15), `07` "eu-west" (15..23), version (23..27), count `08` (27),
/// then items of 20 bytes from 28 (`07` "sku-10N", qty, price) and two of 21; the last
/// item starts at 169: `08` "sku-1008" (169..178), qty (178..182), price (182..190).
#[test]
fn truncation_exact_errors() {
    use common::bitsery_le as ble;
    let doc = golden("bitsery-le", "document");
    assert_eq!(
        slice::<ble::Document>(&doc[..0]),
        UnexpectedEnd {
            offset: 0,
            needed: 1,
            remaining: 0
        }
    );
    // The id claims 10 bytes, 4 are left.
    assert_eq!(
        slice::<ble::Document>(&doc[..5]),
        LengthExceedsInput {
            offset: 0,
            len: 10,
            remaining: 4
        }
    );
    // status needs 4 bytes at 11, 2 are left.
    assert_eq!(
        slice::<ble::Document>(&doc[..13]),
        UnexpectedEnd {
            offset: 11,
            needed: 4,
            remaining: 2
        }
    );
    // The item count is missing.
    assert_eq!(
        slice::<ble::Document>(&doc[..27]),
        UnexpectedEnd {
            offset: 27,
            needed: 1,
            remaining: 0
        }
    );
    // 8 items of at least 3 bytes each (string, i32, i64: one byte each at least) do not
    // fit the 16 bytes after the count.
    assert_eq!(
        slice::<ble::Document>(&doc[..44]),
        LengthExceedsInput {
            offset: 27,
            len: 8,
            remaining: 16
        }
    );
    // The last price needs 8 bytes at 182, 7 are left.
    assert_eq!(
        slice::<ble::Document>(&doc[..189]),
        UnexpectedEnd {
            offset: 182,
            needed: 8,
            remaining: 7
        }
    );
    // The same through the call-site layout.
    assert_eq!(
        slice_as::<layout::Bitsery, plain::Document>(&doc[..189]),
        UnexpectedEnd {
            offset: 182,
            needed: 8,
            remaining: 7
        }
    );

    // YAS: header first, then 8-byte lengths. Cut inside the header: 3 of its 7 bytes.
    let ydoc = golden("yas-binary", "document");
    assert_eq!(
        slice::<common::yas_binary::Document>(&ydoc[..3]),
        UnexpectedEnd {
            offset: 0,
            needed: 7,
            remaining: 3
        }
    );
    assert_eq!(
        slice::<common::yas_binary::Document>(&ydoc[..7]),
        UnexpectedEnd {
            offset: 7,
            needed: 8,
            remaining: 0
        }
    );
    assert_eq!(
        slice::<common::yas_binary::Document>(&ydoc[..10]),
        UnexpectedEnd {
            offset: 7,
            needed: 8,
            remaining: 3
        }
    );

    // Compacted scalars: header, u8 `ab` (7), i16 `c2` (8), u32 width `04` (9), then
    // 4 bytes from 10.
    let s = golden("yas-binary-compacted", "scalars");
    assert_eq!(
        slice::<common::yas_compacted::Scalars>(&s[..10]),
        UnexpectedEnd {
            offset: 10,
            needed: 4,
            remaining: 0
        }
    );

    // nested_vec: `04` | `00` | `01 0100` | `03` then 6 bytes from 6, 4 left in [..10].
    let n = golden("bitsery-le", "nested_vec");
    assert_eq!(
        slice::<ble::Nested>(&n[..10]),
        UnexpectedEnd {
            offset: 6,
            needed: 6,
            remaining: 4
        }
    );
    // [..3]: 4 inner vectors (one byte each at least) after the count, 2 bytes left.
    assert_eq!(
        slice::<ble::Nested>(&n[..3]),
        LengthExceedsInput {
            offset: 0,
            len: 4,
            remaining: 2
        }
    );

    // Bitsery BE 4-byte size `c0 00 40 00`: the low u16 at 2, 1 byte left.
    let z = golden("bitsery-be", "sizes_16384");
    assert_eq!(
        slice::<common::bitsery_be::Str>(&z[..3]),
        UnexpectedEnd {
            offset: 2,
            needed: 2,
            remaining: 1
        }
    );

    // YAS enums: ebig i32 at 7 (no size byte); native: size byte at 7, i32 at 8.
    let e = golden("yas-binary-ebig", "enum_i32");
    assert_eq!(
        slice::<common::yas_ebig::EnumI32>(&e[..9]),
        UnexpectedEnd {
            offset: 7,
            needed: 4,
            remaining: 2
        }
    );
    let e = golden("yas-binary", "enum_i32");
    assert_eq!(
        slice::<common::yas_binary::EnumI32>(&e[..8]),
        UnexpectedEnd {
            offset: 8,
            needed: 4,
            remaining: 0
        }
    );
}

// ---------------------------------------------------------------------------------------
// Lengths
// ---------------------------------------------------------------------------------------

/// `FF FF FF FF` is Bitsery's largest size, 2^30 - 1; three bytes follow it.
#[test]
fn huge_compact_length_is_rejected_before_allocating() {
    let b = hex("ff ff ff ff 01 02 03");
    let want = LengthExceedsInput {
        offset: 0,
        len: MAX_COMPACT,
        remaining: 3,
    };
    assert_eq!(slice::<Vec<u64>>(&b), want);
    assert_eq!(slice::<Vec<String>>(&b), want);
    assert_eq!(slice::<String>(&b), want);
    assert_eq!(slice::<&str>(&b), want);
    assert_eq!(slice::<&[u8]>(&b), want);
    assert_eq!(slice::<Vec<u8>>(&b), want);
    assert_eq!(slice::<BTreeMap<u8, u8>>(&b), want);
    assert_eq!(slice::<HashMap<u8, u8>>(&b), want);
    // Elements that encode to nothing: the claim is over the bytes left plus the
    // document's zero-width budget (4096), so this cannot spin 2^30 times either.
    let zero_width = ZeroWidthLimitExceeded {
        offset: 0,
        limit: 4096,
    };
    assert_eq!(slice::<Vec<()>>(&b), zero_width);
    // A `Vec<()>` takes a byte (its prefix): the outer claim is over the bytes.
    assert_eq!(slice::<Vec<Vec<()>>>(&b), want);
}

/// A u64 length of 2^62 (`00 .. 00 40`, YAS without header), and of 2^64 - 1.
#[test]
fn huge_u64_length_is_rejected_before_allocating() {
    type Y = layout::YasNoHeader;
    let b = hex("0000000000000040 010203");
    let want = LengthExceedsInput {
        offset: 0,
        len: 1 << 62,
        remaining: 3,
    };
    assert_eq!(slice_as::<Y, Vec<u64>>(&b), want);
    assert_eq!(slice_as::<Y, Vec<String>>(&b), want);
    assert_eq!(slice_as::<Y, String>(&b), want);
    assert_eq!(slice_as::<Y, BTreeMap<u8, u8>>(&b), want);
    assert_eq!(slice_as::<Y, HashMap<u8, u8>>(&b), want);
    let zero_width = ZeroWidthLimitExceeded {
        offset: 0,
        limit: 4096,
    };
    assert_eq!(slice_as::<Y, Vec<()>>(&b), zero_width);
    let b = hex("ffffffffffffffff 01");
    assert_eq!(slice_as::<Y, Vec<()>>(&b), zero_width);
    // YAS compacted: width 8, all ones.
    let b = hex("08 ffffffffffffffff 01");
    assert_eq!(
        slice_as::<Compacted, Vec<u16>>(&b),
        LengthExceedsInput {
            offset: 0,
            len: u64::MAX,
            remaining: 1
        }
    );
    // LEB128: 2^62 = 9 bytes `80 x8 40`.
    let b = hex("808080808080808040 01");
    assert_eq!(
        slice_as::<layout::Varint, String>(&b),
        LengthExceedsInput {
            offset: 0,
            len: 1 << 62,
            remaining: 1
        }
    );
}

/// The same inside a message: the golden document with its item count replaced by
/// `FF FF FF FF` at 27; 190 - 28 = 162 bytes follow.
#[test]
fn huge_length_inside_a_message() {
    let doc = golden("bitsery-le", "document");
    let bad = [&doc[..27], &hex("ff ff ff ff"), &doc[28..]].concat();
    let want = LengthExceedsInput {
        offset: 27,
        len: MAX_COMPACT,
        remaining: 162,
    };
    assert_eq!(slice::<common::bitsery_le::Document>(&bad), want);
    assert_eq!(slice::<plain::Document>(&bad), want);
}

/// `MIN_WIRE` is a lower bound under every layout (one byte per integer), so a `Vec<u64>`
/// of 3 passes the length check with 20 bytes left and fails reading 24 at offset 1.
#[test]
fn length_check_is_a_lower_bound() {
    let b = [&[3u8][..], &[0; 20]].concat();
    assert_eq!(
        slice::<Vec<u64>>(&b),
        UnexpectedEnd {
            offset: 1,
            needed: 24,
            remaining: 20
        }
    );
    // A string that claims 5 bytes with 2 left.
    assert_eq!(
        slice::<String>(&hex("05 6162")),
        LengthExceedsInput {
            offset: 0,
            len: 5,
            remaining: 2
        }
    );
}

#[derive(Packed, Debug, PartialEq)]
struct Capped {
    n: u16,
    #[packed(max = 4)]
    s: String,
    #[packed(max = 2)]
    v: Vec<u32>,
}

/// `max` is checked on decode (at the prefix's offset) and on encode.
#[test]
fn length_over_max() {
    // n = 1 (0..2), s = 5 bytes at 2.
    let b = hex("0100 05 6162636465 00");
    assert_eq!(
        slice::<Capped>(&b),
        LengthOverMax {
            offset: 2,
            len: 5,
            max: 4
        }
    );
    // s = "abcd" (2..7), v = 3 at 7.
    let b = hex("0100 04 61626364 03 01000000 02000000 03000000");
    assert_eq!(
        slice::<Capped>(&b),
        LengthOverMax {
            offset: 7,
            len: 3,
            max: 2
        }
    );
    // Under YAS the prefix is 8 bytes; s's prefix still at 2 (no header in noheader).
    let b = hex("0100 0500000000000000 6162636465 0000000000000000");
    assert_eq!(
        slice_as::<layout::YasNoHeader, Capped>(&b),
        LengthOverMax {
            offset: 2,
            len: 5,
            max: 4
        }
    );
    // At the limit: fine.
    let ok = Capped {
        n: 1,
        s: "abcd".into(),
        v: vec![1, 2],
    };
    assert_eq!(
        packed_core::from_slice::<Capped>(&packed_core::to_vec(&ok).unwrap()).unwrap(),
        ok
    );

    let over = Capped {
        n: 1,
        s: "abcde".into(),
        v: vec![],
    };
    assert_eq!(
        packed_core::to_vec(&over).map_err(packed_core::Error::into_kind),
        Err(EncodeError::LengthOverMax { len: 5, max: 4 })
    );
    assert_eq!(
        packed_core::encoded_len(&over).map_err(packed_core::Error::into_kind),
        Err(EncodeError::LengthOverMax { len: 5, max: 4 })
    );
    let over = Capped {
        n: 1,
        s: String::new(),
        v: vec![1, 2, 3],
    };
    assert_eq!(
        packed_core::to_vec_as::<layout::Yas, _>(&over).map_err(packed_core::Error::into_kind),
        Err(EncodeError::LengthOverMax { len: 3, max: 2 })
    );
}

// ---------------------------------------------------------------------------------------
// Invalid values
// ---------------------------------------------------------------------------------------

#[derive(Packed, Debug, PartialEq)]
struct Flags {
    a: u8,
    b: bool,
    o: Option<u16>,
}

#[test]
fn invalid_bool_and_option_flag() {
    assert_eq!(
        slice::<Flags>(&hex("07 02 00")),
        InvalidBool { offset: 1, byte: 2 }
    );
    assert_eq!(
        slice::<Flags>(&hex("07 ff 00")),
        InvalidBool {
            offset: 1,
            byte: 0xFF
        }
    );
    assert_eq!(
        slice::<Flags>(&hex("07 01 02 0000")),
        InvalidOptionFlag { offset: 2, byte: 2 }
    );
    assert_eq!(
        slice::<bool>(&hex("02")),
        InvalidBool { offset: 0, byte: 2 }
    );
    assert_eq!(
        stream::<Flags>(&hex("07 01 02 0000")),
        InvalidOptionFlag { offset: 2, byte: 2 }
    );
    // In place, into a value whose option is present.
    let mut into = Flags {
        a: 0,
        b: false,
        o: Some(5),
    };
    assert_eq!(
        packed_core::from_slice_into(&hex("07 01 02 0000"), &mut into)
            .map_err(packed_core::Error::into_kind),
        Err(InvalidOptionFlag { offset: 2, byte: 2 })
    );
    // The golden optional, flag `01` -> `02`: Bitsery at 0, YAS after the header at 7.
    let mut b = golden("bitsery-le", "optional_some");
    b[0] = 2;
    assert_eq!(
        slice::<common::bitsery_le::Opt>(&b),
        InvalidOptionFlag { offset: 0, byte: 2 }
    );
    let mut b = golden("yas-binary", "optional_some");
    b[7] = 2;
    assert_eq!(
        slice::<common::yas_binary::Opt>(&b),
        InvalidOptionFlag { offset: 7, byte: 2 }
    );
}

/// `04 61 62 ff 63`: the prefix at 0, the bytes from 1, the first bad byte at 3.
#[test]
fn invalid_utf8() {
    let b = hex("04 6162ff63");
    let want = InvalidUtf8 { offset: 3 };
    assert_eq!(slice::<String>(&b), want);
    assert_eq!(slice::<&str>(&b), want);
    assert_eq!(slice::<Cow<'_, str>>(&b), want);
    assert_eq!(slice::<Box<str>>(&b), want);
    assert_eq!(stream::<String>(&b), want);
    let r = packed_core::config().decode_from::<Cow<'_, str>, _>(&mut IoReader::new(&b[..]));
    assert_eq!(r, Err(want.clone()));
    // A lead byte without its continuation at the end: `02 61 e2` -> offset 2.
    assert_eq!(slice::<String>(&hex("02 61e2")), InvalidUtf8 { offset: 2 });
    // In place.
    let mut s = String::from("previous");
    assert_eq!(
        packed_core::from_slice_into(&b, &mut s).map_err(packed_core::Error::into_kind),
        Err(want.clone())
    );
    // Inside the golden document: "eu-west" is at 16..23; `c3` at 18 ('-') starts a
    // two-byte sequence that 'w' does not continue.
    let mut doc = golden("bitsery-le", "document");
    doc[18] = 0xC3;
    assert_eq!(
        slice::<common::bitsery_le::Document>(&doc),
        InvalidUtf8 { offset: 18 }
    );
}

#[test]
fn invalid_char() {
    assert_eq!(
        slice::<char>(&hex("00001100")),
        InvalidChar {
            offset: 0,
            value: 0x11_0000
        }
    );
    assert_eq!(
        slice::<char>(&hex("00d80000")),
        InvalidChar {
            offset: 0,
            value: 0xD800
        }
    );
    assert_eq!(
        slice_as::<layout::BitseryBig, char>(&hex("0000dfff")),
        InvalidChar {
            offset: 0,
            value: 0xDFFF
        }
    );
    // LEB128: 0x110000 = 0x44 << 14 -> `80 80 44`.
    assert_eq!(
        slice_as::<layout::Varint, char>(&hex("808044")),
        InvalidChar {
            offset: 0,
            value: 0x11_0000
        }
    );
    // After a u8.
    assert_eq!(
        slice::<(u8, char)>(&hex("61 00d80000")),
        InvalidChar {
            offset: 1,
            value: 0xD800
        }
    );
}

#[derive(Packed, Debug, PartialEq)]
enum Shape {
    Unit,
    Tup(u8),
    Named { x: u16 },
}

#[derive(Packed, Debug, PartialEq)]
#[packed(tag = "u16")]
enum Wide {
    A,
    B(u8),
}

#[test]
fn unknown_variant() {
    assert_eq!(
        slice::<Shape>(&hex("03")),
        UnknownVariant {
            offset: 0,
            type_name: "Shape",
            tag: 3
        }
    );
    assert_eq!(
        slice::<(u16, Shape)>(&hex("0100 7f")),
        UnknownVariant {
            offset: 2,
            type_name: "Shape",
            tag: 127
        }
    );
    // Without `tag`, the index takes Bitsery's size prefix form: `80 80` is 128, and
    // `ff` starts the four-byte form.
    assert_eq!(
        slice::<(u16, Shape)>(&hex("0100 8080")),
        UnknownVariant {
            offset: 2,
            type_name: "Shape",
            tag: 128
        }
    );
    assert_eq!(
        slice::<(u16, Shape)>(&hex("0100 ff")),
        UnexpectedEnd {
            offset: 3,
            needed: 1,
            remaining: 0
        }
    );
    assert_eq!(
        slice::<Wide>(&hex("0200")),
        UnknownVariant {
            offset: 0,
            type_name: "Wide",
            tag: 2
        }
    );
    assert_eq!(
        slice::<Wide>(&hex("0001")),
        UnknownVariant {
            offset: 0,
            type_name: "Wide",
            tag: 256
        }
    );
    // Big-endian tag 1 (`00 01`), then B's u8, then 2 bytes too many.
    assert_eq!(
        slice_as::<layout::BitseryBig, Wide>(&hex("0001 07 0002")),
        TrailingBytes {
            offset: 3,
            remaining: 2
        }
    );
    // The `#[repr(i32)]` enum (1, 3): 2 is unknown; -1 reads as its 64-bit two's complement.
    assert_eq!(
        slice::<plain::EnumI32>(&hex("02000000")),
        UnknownVariant {
            offset: 0,
            type_name: "EnumI32",
            tag: 2
        }
    );
    assert_eq!(
        slice::<plain::EnumI32>(&hex("ffffffff")),
        UnknownVariant {
            offset: 0,
            type_name: "EnumI32",
            tag: u64::MAX
        }
    );
    // YAS: the offset is the enum's, i.e. of its size byte after the header.
    assert_eq!(
        slice::<common::yas_binary::EnumI32>(&[&b"yas0017"[..], &hex("04 02000000")].concat()),
        UnknownVariant {
            offset: 7,
            type_name: "EnumI32",
            tag: 2
        }
    );
    assert_eq!(
        slice::<common::yas_compacted::EnumI32>(&[&b"yas0117"[..], &hex("c1")].concat()),
        UnknownVariant {
            offset: 7,
            type_name: "EnumI32",
            tag: u64::MAX
        }
    );
    assert_eq!(
        slice::<common::yas_noheader::EnumU8>(&hex("01 08")),
        UnknownVariant {
            offset: 0,
            type_name: "EnumU8",
            tag: 8
        }
    );
}

#[test]
fn invalid_yas_enum_size() {
    assert_eq!(
        slice::<common::yas_noheader::EnumI32>(&hex("03 03000000")),
        InvalidEnumSize {
            offset: 0,
            expected: 4,
            found: 3
        }
    );
    assert_eq!(
        slice::<common::yas_binary::EnumI32>(&[&b"yas0017"[..], &hex("08 03000000")].concat()),
        InvalidEnumSize {
            offset: 7,
            expected: 4,
            found: 8
        }
    );
    assert_eq!(
        slice::<common::yas_noheader::EnumU8>(&hex("02 07")),
        InvalidEnumSize {
            offset: 0,
            expected: 1,
            found: 2
        }
    );
    assert_eq!(
        slice::<common::yas_compacted_ebig::EnumU8>(&[&b"yas0197"[..], &hex("00 07")].concat()),
        InvalidEnumSize {
            offset: 7,
            expected: 1,
            found: 0
        }
    );
}

#[test]
fn bad_yas_header() {
    use common::{yas_binary as y, yas_compacted as yc};
    let with = |h: &[u8]| [h, &hex("00")[..]].concat(); // + Opt(None)
    assert_eq!(
        packed_core::from_slice::<y::Opt>(&with(b"yas0017")),
        Ok(y::Opt(None))
    );
    let bad = |expected: &[u8; 7], found: &[u8; 7]| BadHeader {
        offset: 0,
        expected: *expected,
        found: *found,
    };
    assert_eq!(
        slice::<y::Opt>(&with(b"yas0018")),
        bad(b"yas0017", b"yas0018")
    );
    assert_eq!(
        slice::<y::Opt>(&with(b"xas0017")),
        bad(b"yas0017", b"xas0017")
    );
    // Compacted expected, plain binary given (YAS itself rejects this one too).
    assert_eq!(
        slice::<yc::Opt>(&with(b"yas0017")),
        bad(b"yas0117", b"yas0017")
    );
    // And the reverse, and the endian bit, which YAS does not check but we do.
    assert_eq!(
        slice::<y::Opt>(&with(b"yas0117")),
        bad(b"yas0017", b"yas0117")
    );
    assert_eq!(
        slice::<y::Opt>(&with(b"yas0097")),
        bad(b"yas0017", b"yas0097")
    );
    // Cut inside a header that agrees so far: the input ended, as a cut value's does,
    // from a slice and from a stream alike. Cut after a byte that differs: a bad
    // header (zero-padded in the error), from both too.
    let cut = |remaining| UnexpectedEnd {
        offset: 0,
        needed: 7,
        remaining,
    };
    for (input, remaining) in [(&b"yas"[..], 3), (b"yas001", 6), (b"", 0)] {
        assert_eq!(slice::<y::Opt>(input), cut(remaining));
        assert_eq!(stream::<y::Opt>(input), cut(remaining));
    }
    assert_eq!(slice::<y::Opt>(b"yaz"), bad(b"yas0017", b"yaz\0\0\0\0"));
    assert_eq!(stream::<y::Opt>(b"yaz"), bad(b"yas0017", b"yaz\0\0\0\0"));
    assert_eq!(stream::<yc::Opt>(b"yas01"), cut(5));
    // No field path: the error is about the message, not a value in it.
    let e = packed_core::from_slice::<y::Opt>(b"yas0").unwrap_err();
    assert_eq!(e.path(), None);
    assert_eq!(stream::<yc::Opt>(b"yas0018"), bad(b"yas0117", b"yas0018"));
    assert_eq!(
        stream::<y::Opt>(&with(b"yas0018")),
        bad(b"yas0017", b"yas0018")
    );
    // The call-site layout checks the header of its own layout.
    assert_eq!(
        slice_as::<layout::YasCompactedBig, Option<i32>>(&with(b"yas0117")),
        bad(b"yas0197", b"yas0117")
    );
}

#[test]
fn trailing_bytes() {
    assert_eq!(
        slice::<u32>(&hex("01000000 0909")),
        TrailingBytes {
            offset: 4,
            remaining: 2
        }
    );
    let mut doc = golden("bitsery-le", "document");
    doc.push(0);
    assert_eq!(
        slice::<common::bitsery_le::Document>(&doc),
        TrailingBytes {
            offset: 190,
            remaining: 1
        }
    );
    let b = [golden("yas-binary", "enum_u8"), vec![1, 2, 3]].concat();
    assert_eq!(
        slice::<common::yas_binary::EnumU8>(&b),
        TrailingBytes {
            offset: 9,
            remaining: 3
        }
    );
    assert_eq!(
        slice_as::<layout::Yas, plain::EnumU8>(&b),
        TrailingBytes {
            offset: 9,
            remaining: 3
        }
    );
    let mut into = 0u32;
    assert_eq!(
        packed_core::from_slice_into(&hex("01000000 09"), &mut into)
            .map_err(packed_core::Error::into_kind),
        Err(TrailingBytes {
            offset: 4,
            remaining: 1
        })
    );
    // take_from_slice returns them instead.
    assert_eq!(
        packed_core::take_from_slice::<u32>(&hex("01000000 09")),
        Ok((1, &[9u8][..]))
    );
}

/// A compacted integer whose width byte says more bytes than the type has, or whose
/// magnitude does not fit.
#[test]
fn compacted_integer_overflow() {
    let of = |offset, type_name| IntegerOverflow { offset, type_name };
    // i32 with width 5 (positive and negative).
    assert_eq!(
        slice_as::<Compacted, i32>(&hex("05 0000000001")),
        of(0, "i32")
    );
    assert_eq!(
        slice_as::<Compacted, i32>(&hex("85 0000000001")),
        of(0, "i32")
    );
    // Width 4 but 2^31 positive does not fit an i32; negative it is i32::MIN.
    assert_eq!(
        slice_as::<Compacted, i32>(&hex("04 00000080")),
        of(0, "i32")
    );
    assert_eq!(
        packed_core::from_slice_as::<Compacted, i32>(&hex("84 00000080")),
        Ok(i32::MIN)
    );
    // u16 with width 3; u32 with width 5.
    assert_eq!(slice_as::<Compacted, u16>(&hex("03 000001")), of(0, "u16"));
    assert_eq!(
        slice_as::<Compacted, u32>(&hex("05 0000000001")),
        of(0, "u32")
    );
    // A length with width 9.
    assert_eq!(
        slice_as::<Compacted, String>(&hex("09 000000000000000001")),
        of(0, "u64")
    );
    // In the golden compacted scalars, i16 at 8: width byte `03`.
    let mut s = golden("yas-binary-compacted", "scalars");
    s[8] = 0x03;
    assert_eq!(slice::<common::yas_compacted::Scalars>(&s), of(8, "i16"));
    // usize is read as u64 and must fit (it does on 64-bit targets; 32-bit not tested).
    assert_eq!(
        packed_core::from_slice_as::<Compacted, usize>(&hex("08 ffffffffffffffff")),
        Ok(usize::MAX)
    );
}

#[test]
fn varint_overflow() {
    type V = layout::Varint;
    let of = |offset, type_name| IntegerOverflow { offset, type_name };
    // u32: 4 × 7 = 28 bits, then 0x1f has 5 bits where 4 are left.
    assert_eq!(slice_as::<V, u32>(&hex("ffffffff1f")), of(0, "u32"));
    assert_eq!(
        packed_core::from_slice_as::<V, u32>(&hex("ffffffff0f")),
        Ok(u32::MAX)
    );
    // Too many bytes, even of zeros: the 11th byte of a u64 starts at bit 70.
    assert_eq!(
        slice_as::<V, u64>(&hex("80808080808080808080 00")),
        of(0, "u64")
    );
    // i16 (zigzag in a u16): `ff ff 07` sets bit 16.
    assert_eq!(slice_as::<V, i16>(&hex("ffff07")), of(0, "i16"));
    assert_eq!(
        packed_core::from_slice_as::<V, i16>(&hex("ffff03")),
        Ok(i16::MIN)
    );
    // A length of more than 64 bits.
    assert_eq!(
        slice_as::<V, Vec<u8>>(&hex("ffffffffffffffffff 01")),
        LengthExceedsInput {
            offset: 0,
            len: u64::MAX,
            remaining: 0
        }
    );
    assert_eq!(
        slice_as::<V, Vec<u8>>(&hex("ffffffffffffffffff 03")),
        of(0, "u64")
    );
    // After a byte.
    assert_eq!(
        slice_as::<V, (u8, u32)>(&hex("07 ffffffff1f")),
        of(1, "u32")
    );
    // Truncated: the continuation bit is set on the last byte.
    assert_eq!(
        slice_as::<V, u32>(&hex("80")),
        UnexpectedEnd {
            offset: 1,
            needed: 1,
            remaining: 0
        }
    );
}

// ---------------------------------------------------------------------------------------
// Depth and byte limits
// ---------------------------------------------------------------------------------------

#[derive(Packed, Debug, PartialEq)]
struct Node {
    next: Option<Box<Node>>,
}

#[derive(Packed, Debug, PartialEq)]
struct Tree {
    kids: Vec<Tree>,
}

/// One bit per level: a flag with no padding after it.
#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack)]
struct BitList {
    #[packed(align_before_data = false)]
    next: Option<Box<BitList>>,
}

/// One byte per level: a flag, padded to the byte.
#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack)]
enum BitTree {
    Leaf,
    Node(Box<BitTree>, bool),
}

/// Node k (from 1) starts at offset k - 1 (one flag/count byte per level) and enters
/// depth k - 1; with the default limit of 128 the 129th, at offset 128, is refused.
#[test]
fn deep_nesting_is_refused_not_a_stack_overflow() {
    let deep = [vec![1u8; 100_000], vec![0]].concat();
    let want = DepthLimitExceeded {
        offset: 128,
        limit: 128,
    };
    assert_eq!(slice::<Node>(&deep), want);
    assert_eq!(slice::<Tree>(&deep), want);
    assert_eq!(stream::<Node>(&deep), want);
    assert_eq!(stream::<Tree>(&deep), want);
    // Under YAS every count is 8 bytes after the 7-byte header: Tree 129 at 7 + 8 * 128.
    let yas_deep = [
        b"yas0017".to_vec(),
        hex("0100000000000000").repeat(100_000),
        vec![0; 8],
    ]
    .concat();
    assert_eq!(
        slice_as::<layout::Yas, Tree>(&yas_deep),
        DepthLimitExceeded {
            offset: 7 + 8 * 128,
            limit: 128
        }
    );

    // In a bit-packing session, where the 129th level starts: bit 128 (byte 16) of
    // 1-bit flags, from a slice as from a stream (a slice's session reported its
    // start, byte 0, before the session's reader said where the level starts).
    let ones = vec![0xffu8; 100_000];
    let bit_want = DepthLimitExceeded {
        offset: 16,
        limit: 128,
    };
    assert_eq!(slice::<BitList>(&ones), bit_want);
    assert_eq!(stream::<BitList>(&ones), bit_want);
    // A variant index is a size prefix, 8 bits at any offset: level 129 at byte 128.
    let nodes = vec![1u8; 100_000];
    let enum_want = DepthLimitExceeded {
        offset: 128,
        limit: 128,
    };
    assert_eq!(slice::<BitTree>(&nodes), enum_want);
    assert_eq!(stream::<BitTree>(&nodes), enum_want);

    // Exactly 128 levels: fine; 129: refused.
    let ok = [vec![1u8; 127], vec![0]].concat();
    assert!(packed_core::from_slice::<Node>(&ok).is_ok());
    assert!(packed_core::from_slice::<Tree>(&ok).is_ok());
    let over = [vec![1u8; 128], vec![0]].concat();
    assert_eq!(slice::<Node>(&over), want);

    // A smaller limit.
    let limits = Limits::DEFAULT.with_max_depth(10);
    assert_eq!(
        packed_core::from_slice_with_limits::<Tree>(&deep, limits)
            .map_err(packed_core::Error::into_kind),
        Err(DepthLimitExceeded {
            offset: 10,
            limit: 10
        })
    );
    assert_eq!(
        packed_core::from_reader_with_limits::<Node, _>(Cursor::new(&deep), limits)
            .map_err(packed_core::Error::into_kind),
        Err(DepthLimitExceeded {
            offset: 10,
            limit: 10
        })
    );
}

/// `max_bytes` bounds the input: reading past it is `ByteLimitExceeded` at the limit.
#[test]
fn byte_limit() {
    let limits = Limits::DEFAULT.with_max_bytes(50);
    // 30 u32s (120 bytes, no prefix) from 120 bytes: the read of 120 bytes at 0 hits 50.
    assert_eq!(
        packed_core::from_slice_with_limits::<[u32; 30]>(&[0; 120], limits)
            .map_err(packed_core::Error::into_kind),
        Err(ByteLimitExceeded {
            offset: 50,
            limit: 50
        })
    );
    assert_eq!(
        packed_core::from_reader_with_limits::<[u32; 30], _>(Cursor::new(&[0; 120]), limits)
            .map_err(packed_core::Error::into_kind),
        Err(ByteLimitExceeded {
            offset: 0,
            limit: 50
        })
    );
    // A 99-byte vector in 100 bytes of input.
    let b = [vec![99u8], vec![7; 99]].concat();
    assert_eq!(
        packed_core::from_slice_with_limits::<Vec<u8>>(&b, limits)
            .map_err(packed_core::Error::into_kind),
        Err(ByteLimitExceeded {
            offset: 50,
            limit: 50
        })
    );
    // The prefix at 0, then 99 bytes from 1: the stream asks for 99 with 49 left.
    assert_eq!(
        packed_core::from_reader_with_limits::<Vec<u8>, _>(Cursor::new(&b), limits)
            .map_err(packed_core::Error::into_kind),
        Err(ByteLimitExceeded {
            offset: 1,
            limit: 50
        })
    );
    // Decoding from the front of a longer input (`take_from_slice`) cannot refuse it
    // whole: a claim of 99 `u16`s (198 bytes, all in the input) past the limit is the
    // limit's error, at the limit, as a read past it is; not a length the input cannot
    // hold.
    let b = [vec![99u8], vec![7; 198]].concat();
    let c = packed_core::config().limits(limits);
    let take = |input: &[u8]| {
        c.take_from_slice::<Vec<u16>>(input)
            .map(drop)
            .map_err(packed_core::Error::into_kind)
    };
    let over = Err(ByteLimitExceeded {
        offset: 50,
        limit: 50,
    });
    assert_eq!(take(&b), over);
    // A claim the whole input could not hold either is still over the limit first.
    assert_eq!(take(&b[..60]), over);
    // Within the limit, the claim is checked against the input as ever.
    assert_eq!(
        take(&b[..40]),
        Err(LengthExceedsInput {
            offset: 0,
            len: 99,
            remaining: 39
        })
    );
    // A value that ends exactly at the limit, with more input behind it, is not accepted
    // as if the input ended there.
    let b = [vec![1u8, 0, 0, 0], vec![9; 10]].concat();
    let r = packed_core::from_slice_with_limits::<u32>(&b, Limits::DEFAULT.with_max_bytes(4))
        .map_err(packed_core::Error::into_kind);
    assert_eq!(
        r,
        Err(ByteLimitExceeded {
            offset: 4,
            limit: 4
        })
    );
    // Within the limit: fine.
    let doc = golden("bitsery-le", "document");
    assert!(packed_core::from_slice_with_limits::<plain::Document>(
        &doc,
        Limits::DEFAULT.with_max_bytes(190)
    )
    .is_ok());
    assert_eq!(
        packed_core::from_slice_with_limits::<plain::Document>(
            &doc,
            Limits::DEFAULT.with_max_bytes(189)
        )
        .map_err(packed_core::Error::into_kind),
        Err(ByteLimitExceeded {
            offset: 189,
            limit: 189
        })
    );
}

// ---------------------------------------------------------------------------------------
// Streams
// ---------------------------------------------------------------------------------------

#[derive(Packed, Debug, PartialEq)]
struct BorrowsStr<'a> {
    n: u8,
    s: &'a str,
}

#[test]
fn streams() {
    // Where a stream ends inside an item, the error says where the item starts, what
    // it needs and what was left, as from a slice.
    // The golden document cut inside status (at 11, 2 of 4 bytes there).
    let doc = golden("bitsery-le", "document");
    assert_eq!(
        stream::<common::bitsery_le::Document>(&doc[..13]),
        UnexpectedEnd {
            offset: 11,
            needed: 4,
            remaining: 2
        }
    );
    assert_eq!(
        stream::<common::bitsery_le::Document>(&doc[..13]),
        slice::<common::bitsery_le::Document>(&doc[..13])
    );
    // A string cut short: its 5 bytes start at 1, 2 of them are there.
    assert_eq!(
        stream::<String>(&hex("05 6162")),
        UnexpectedEnd {
            offset: 1,
            needed: 5,
            remaining: 2
        }
    );
    assert_eq!(
        stream::<u64>(&[]),
        UnexpectedEnd {
            offset: 0,
            needed: 8,
            remaining: 0
        }
    );

    // Borrowed types have nothing to borrow from a stream: the length is read (offset 0
    // or 1), the bytes cannot be lent.
    let r = packed_core::config().decode_from::<&str, _>(&mut IoReader::new(&hex("02 6869")[..]));
    assert_eq!(r, Err(CannotBorrow { offset: 1 }));
    let r = packed_core::config().decode_from::<&[u8], _>(&mut IoReader::new(&hex("02 6869")[..]));
    assert_eq!(r, Err(CannotBorrow { offset: 1 }));
    let r = packed_core::config()
        .decode_from::<BorrowsStr<'_>, _>(&mut IoReader::new(&hex("07 02 6869")[..]));
    assert_eq!(r, Err(CannotBorrow { offset: 2 }));
}

/// A length of 2^30 - 1 from a 10-byte stream: read in bounded chunks, so it fails at
/// the end of the stream without allocating for the claim.
#[test]
fn huge_length_from_a_short_stream() {
    let start = Instant::now();
    let b = hex("ffffffff 616263646566"); // 4-byte size, then 6 bytes.
    assert_eq!(
        stream::<String>(&b),
        UnexpectedEnd {
            offset: 4,
            needed: MAX_COMPACT as usize,
            remaining: 6
        }
    );
    // Sequences report the claim too, not the step the stream was reading (the first
    // 64 KiB of elements, or one element): their count times the bytes each takes at
    // least under any layout, the rule a slice checks at the prefix (1 for a `u64`, a
    // LEB128 byte; 1 for a string; 2 for a map entry of a `u32` and a string).
    let claim = |needed| UnexpectedEnd {
        offset: 4,
        needed,
        remaining: 6,
    };
    let n = MAX_COMPACT as usize;
    assert_eq!(stream::<Vec<u8>>(&b), claim(n));
    assert_eq!(stream::<Vec<u64>>(&b), claim(n));
    assert_eq!(stream::<Vec<String>>(&b), claim(n));
    assert_eq!(stream::<BTreeMap<u32, String>>(&b), claim(2 * n));
    // u64 lengths: 2^62 and 2^64 - 1.
    let b = hex("0000000000000040 6162");
    let r = packed_core::with::<layout::YasNoHeader>()
        .decode_from::<String, _>(&mut IoReader::new(&b[..]));
    assert_eq!(
        r,
        Err(UnexpectedEnd {
            offset: 8,
            needed: 1 << 62,
            remaining: 2
        })
    );
    let b = hex("ffffffffffffffff 6162");
    let r = packed_core::with::<layout::YasNoHeader>()
        .decode_from::<Vec<u32>, _>(&mut IoReader::new(&b[..]));
    assert!(matches!(r, Err(UnexpectedEnd { offset: 8, .. })), "{r:?}");
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "took {:?}",
        start.elapsed()
    );
}

// ---------------------------------------------------------------------------------------
// Encoding errors
// ---------------------------------------------------------------------------------------

#[derive(Packed, Debug, PartialEq)]
struct ShortLen {
    a: u32,
    #[packed(len = "u8")]
    v: Vec<u8>,
}

#[test]
fn encode_length_too_large() {
    let v = ShortLen {
        a: 1,
        v: vec![0; 300],
    };
    let want = EncodeError::LengthTooLarge {
        len: 300,
        max: 255,
        prefix: "u8",
    };
    assert_eq!(
        packed_core::to_vec(&v).map_err(packed_core::Error::into_kind),
        Err(want.clone())
    );
    assert_eq!(
        packed_core::encoded_len(&v).map_err(packed_core::Error::into_kind),
        Err(want.clone())
    );
    assert_eq!(
        packed_core::to_vec_as::<layout::Yas, _>(&v).map_err(packed_core::Error::into_kind),
        Err(want.clone())
    );
    // encode_into has written `a` before failing, and takes it back.
    let mut buf = vec![1, 2, 3];
    assert_eq!(
        packed_core::encode_into(&v, &mut buf).map_err(packed_core::Error::into_kind),
        Err(want.clone())
    );
    assert_eq!(buf, [1, 2, 3]);
    assert_eq!(
        packed_core::encode_into_as::<layout::Yas, _>(&v, &mut buf)
            .map_err(packed_core::Error::into_kind),
        Err(want)
    );
    assert_eq!(buf, [1, 2, 3]);
    // 255 is fine.
    let v = ShortLen {
        a: 1,
        v: vec![0; 255],
    };
    assert_eq!(packed_core::to_vec(&v).unwrap().len(), 4 + 1 + 255);

    // Compact: 2^30 elements do not fit (a Vec<()> of 2^30 takes no memory).
    let units = vec![(); 1 << 30];
    let want = EncodeError::LengthTooLarge {
        len: 1 << 30,
        max: MAX_COMPACT,
        prefix: "compact",
    };
    assert_eq!(
        packed_core::to_vec(&units).map_err(packed_core::Error::into_kind),
        Err(want.clone())
    );
    assert_eq!(
        packed_core::encoded_len(&units).map_err(packed_core::Error::into_kind),
        Err(want.clone())
    );
    let mut buf = vec![9];
    assert_eq!(
        packed_core::encode_into(&units, &mut buf).map_err(packed_core::Error::into_kind),
        Err(want)
    );
    assert_eq!(buf, [9]);
    // 2^14 takes the 4-byte form.
    assert_eq!(packed_core::encoded_len(&vec![(); 1 << 14]), Ok(4));
    // u16 with 70000.
    type U16 = Spec<len::U16, num::Fixed, Little, NoHeader, BitseryConventions>;
    assert_eq!(
        packed_core::to_vec_as::<U16, _>(&vec![(); 70000]).map_err(packed_core::Error::into_kind),
        Err(EncodeError::LengthTooLarge {
            len: 70000,
            max: 65535,
            prefix: "u16"
        })
    );
}

/// A `with` module's own error comes back as it was made.
mod strict {
    use packed_core::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

    pub fn encode<C: Ctx, W: Writer + ?Sized>(v: &u8, w: &mut W) -> Result<(), EncodeError> {
        if *v > 100 {
            return Err(EncodeError::Custom("over 100"));
        }
        v.encode::<C, W>(w)
    }

    pub fn decode<'de, C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<u8, DecodeError> {
        let offset = r.offset();
        match u8::decode::<C, R>(r)? {
            v if v > 100 => Err(DecodeError::Custom {
                offset,
                message: "over 100",
            }),
            v => Ok(v),
        }
    }
}

#[derive(Packed, Debug, PartialEq)]
struct Percent {
    tag: u16,
    #[packed(with = "strict")]
    p: u8,
}

#[test]
fn custom_errors() {
    assert_eq!(
        slice::<Percent>(&hex("0100 65")),
        Custom {
            offset: 2,
            message: "over 100"
        }
    );
    assert_eq!(
        packed_core::from_slice::<Percent>(&hex("0100 64")),
        Ok(Percent { tag: 1, p: 100 })
    );
    assert_eq!(
        packed_core::to_vec(&Percent { tag: 1, p: 101 }).map_err(packed_core::Error::into_kind),
        Err(EncodeError::Custom("over 100"))
    );
}

// ---------------------------------------------------------------------------------------
// The error types
// ---------------------------------------------------------------------------------------

#[test]
fn errors_display_and_implement_error() {
    let e = slice::<common::bitsery_le::Document>(&golden("bitsery-le", "document")[..13]);
    assert_eq!(e.offset(), 11);
    let msg = e.to_string();
    assert!(
        msg.contains("11") && msg.contains('4') && msg.contains('2'),
        "{msg}"
    );
    let msg = TrailingBytes {
        offset: 190,
        remaining: 1,
    }
    .to_string();
    assert!(msg.contains("190"), "{msg}");
    let msg = BadHeader {
        offset: 0,
        expected: *b"yas0017",
        found: *b"yas\0\0\0\0",
    }
    .to_string();
    assert!(msg.contains("yas0017") && msg.contains("\\x00"), "{msg}");
    let msg = InvalidUtf8 { offset: 18 }.to_string();
    assert!(msg.contains("18"), "{msg}");
    let msg = ZeroWidthLimitExceeded {
        offset: 41,
        limit: 4096,
    }
    .to_string();
    assert!(
        msg.contains("41") && msg.contains("4096") && msg.contains("max_zero_width_elements"),
        "{msg}"
    );
    let msg = DuplicateKey { offset: 3 }.to_string();
    assert!(msg.contains("duplicate key") && msg.contains('3'), "{msg}");

    let msg = EncodeError::LengthTooLarge {
        len: 300,
        max: 255,
        prefix: "u8",
    }
    .to_string();
    assert!(
        msg.contains("300") && msg.contains("255") && msg.contains("u8"),
        "{msg}"
    );
    let msg = EncodeError::LengthOverMax { len: 5, max: 4 }.to_string();
    assert!(msg.contains('5') && msg.contains('4'), "{msg}");

    fn is_error<E: std::error::Error + Send + Sync + 'static>(_: &E) {}
    is_error(&e);
    is_error(&EncodeError::LengthOverMax { len: 5, max: 4 });
    fn boxed() -> Result<(), Box<dyn std::error::Error>> {
        packed_core::from_slice::<u32>(&[1])?;
        Ok(())
    }
    let b = boxed().unwrap_err();
    // Boxed, the error is the top-level `Error`, with its kind.
    assert_eq!(
        b.downcast_ref::<packed_core::Error<DecodeError>>()
            .map(packed_core::Error::kind),
        Some(&UnexpectedEnd {
            offset: 0,
            needed: 4,
            remaining: 1
        })
    );
}

// ---------------------------------------------------------------------------------------
// UTF-8 validation (both the ASCII fast path and the general one)
// ---------------------------------------------------------------------------------------

/// Decodes `bytes` (at most 127, behind a one-byte compact prefix) as every string type,
/// from a slice and from a stream, and checks each against `core::str::from_utf8`: the
/// same text, or `InvalidUtf8` at 1 + `valid_up_to`.
fn utf8_oracle(bytes: &[u8]) {
    assert!(bytes.len() < 0x80);
    let input = [&[bytes.len() as u8][..], bytes].concat();
    let want = std::str::from_utf8(bytes).map_err(|e| InvalidUtf8 {
        offset: 1 + e.valid_up_to(),
    });
    let want_owned = want.clone().map(str::to_owned);
    assert_eq!(
        packed_core::from_slice::<&str>(&input).map_err(packed_core::Error::into_kind),
        want,
        "{bytes:02x?}"
    );
    assert_eq!(
        packed_core::from_slice::<String>(&input).map_err(packed_core::Error::into_kind),
        want_owned,
        "{bytes:02x?}"
    );
    assert_eq!(
        packed_core::from_slice::<Cow<'_, str>>(&input)
            .map(Cow::into_owned)
            .map_err(packed_core::Error::into_kind),
        want_owned
    );
    assert_eq!(
        packed_core::from_slice::<Box<str>>(&input)
            .map(String::from)
            .map_err(packed_core::Error::into_kind),
        want_owned
    );
    assert_eq!(
        packed_core::from_reader::<String, _>(Cursor::new(&input))
            .map_err(packed_core::Error::into_kind),
        want_owned,
        "{bytes:02x?} stream"
    );
    let mut s = String::from("reused");
    assert_eq!(
        packed_core::from_slice_into(&input, &mut s)
            .map(|()| s)
            .map_err(packed_core::Error::into_kind),
        want_owned
    );
}

#[test]
fn utf8_fast_path_ascii() {
    utf8_oracle(b"");
    utf8_oracle(b"hello");
    utf8_oracle(&[0x7F; 100]); // DEL is ASCII
    utf8_oracle(&[0x00; 3]);
    // Borrowed, not copied.
    let input = hex("03 616263");
    let s: &str = packed_core::from_slice(&input).unwrap();
    assert_eq!(s.as_ptr(), input[1..].as_ptr());
    assert!(matches!(
        packed_core::from_slice::<Cow<'_, str>>(&input),
        Ok(Cow::Borrowed("abc"))
    ));
}

#[test]
fn utf8_fast_path_non_ascii() {
    utf8_oracle("héllo".as_bytes());
    utf8_oracle("€𝄞 and ascii".as_bytes());
    // Invalid bytes after a long ASCII run, at the start, at the end.
    utf8_oracle(&[b"a".repeat(100), vec![0x80]].concat()); // offset 101
    utf8_oracle(&[0xFF, b'a']); // offset 1
    utf8_oracle(&[b'a', b'b', 0xE2, 0x82]); // truncated euro sign: offset 3
    utf8_oracle(&[0xC0, 0x80]); // overlong NUL
    utf8_oracle(&[0xED, 0xA0, 0x80]); // a surrogate
    utf8_oracle(&[0xF4, 0x90, 0x80, 0x80]); // above U+10FFFF
    utf8_oracle(&[b'x', 0xC3, b'w']); // lead byte without continuation
    assert_eq!(
        slice::<&str>(&[&[101u8][..], &b"a".repeat(100), &[0x80]].concat()),
        InvalidUtf8 { offset: 101 }
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 256, failure_persistence: None, ..Default::default() })]

    /// Random bytes, mostly ASCII with some high bytes mixed in.
    #[test]
    fn utf8_fast_path_matches_std(bytes in proptest::collection::vec(
        proptest::prop_oneof![4 => 0x20u8..0x7F, 1 => proptest::num::u8::ANY], 0..100))
    {
        utf8_oracle(&bytes);
    }

    /// Valid strings of any characters.
    #[test]
    fn utf8_fast_path_valid_strings(s in ".{0,30}") {
        utf8_oracle(s.as_bytes());
    }
}

#[test]
fn streams_accept_long_sequences_of_boxes() {
    // `Box<T>` claims no minimum size (its `MIN_WIRE` is 0 so recursive types stay
    // finite), yet every element here reads a byte: 5000 of them decode from a stream as
    // from a slice. (Regression: streams refused more than 4096.)
    let v: Vec<Box<u8>> = (0..5000u32).map(|i| Box::new(i as u8)).collect();
    let bytes = packed_core::to_vec(&v).unwrap();
    assert_eq!(
        packed_core::from_reader::<Vec<Box<u8>>, _>(&bytes[..]),
        Ok(v.clone())
    );
    assert_eq!(packed_core::from_slice::<Vec<Box<u8>>>(&bytes), Ok(v));
}

// ---------------------------------------------------------------------------------------
// Elements that encode to nothing: one budget per document
// ---------------------------------------------------------------------------------------

/// Decodes `bytes` as `T` under `limits` from a slice, from a stream, and in place
/// into `prefilled`; the three must agree (errors with their offsets), and the result
/// is returned.
fn three_ways<T>(bytes: &[u8], limits: Limits, prefilled: T) -> Result<T, DecodeError>
where
    T: Packed + Debug + PartialEq,
{
    let from_slice = packed_core::from_slice_with_limits::<T>(bytes, limits)
        .map_err(packed_core::Error::into_kind);
    let from_stream = packed_core::from_reader_with_limits::<T, _>(Cursor::new(bytes), limits)
        .map_err(packed_core::Error::into_kind);
    assert_eq!(from_slice, from_stream, "slice and stream, {bytes:02x?}");
    let mut into = prefilled;
    let mut r = packed_core::SliceReader::with_limits(bytes, limits);
    let in_place = into
        .decode_in_place::<packed_core::ctx::Root, _>(&mut r)
        .and_then(|()| match r.rest().len() {
            0 => Ok(into),
            remaining => Err(TrailingBytes {
                offset: packed_core::Reader::offset(&r),
                remaining,
            }),
        });
    assert_eq!(from_slice, in_place, "slice and in place, {bytes:02x?}");
    from_slice
}

fn zero_width(offset: usize, limit: usize) -> DecodeError {
    ZeroWidthLimitExceeded { offset, limit }
}

const DEFAULT: Limits = Limits::DEFAULT;

/// The budget is the document's, not the sequence's: 4096 `()`s by default, however
/// they are split over sequences, from slices and streams alike, at the same offset
/// (the length prefix of the sequence that went over).
#[test]
fn zero_width_budget_is_per_document() {
    assert_eq!(DEFAULT.max_zero_width_elements, 4096);
    // 4096 is compact `90 00`: allowed; 4097 (`90 01`) is not.
    let r = three_ways::<Vec<()>>(&hex("90 00"), DEFAULT, vec![(); 7]);
    assert_eq!(r.map(|v| v.len()), Ok(4096));
    let r = three_ways::<Vec<()>>(&hex("90 01"), DEFAULT, vec![(); 7]);
    assert_eq!(r, Err(zero_width(0, 4096)));
    // Two sequences share it: 4096 in the first leaves none for the second, whose
    // prefix (01) is at offset 3.
    let r = three_ways::<Vec<Vec<()>>>(&hex("02 9000 01"), DEFAULT, vec![]);
    assert_eq!(r, Err(zero_width(3, 4096)));
    let r = three_ways::<Vec<Vec<()>>>(&hex("02 8ffe 02"), DEFAULT, vec![]);
    assert_eq!(r.map(|v| v.len()), Ok(2));
    // The issue's input: 100 vectors of 200 (compact 80 c8), 201 bytes. Under the old
    // per-sequence slack all 20,000 decoded; now 20 vectors use 4000, and the 21st
    // (prefix at 1 + 2 * 20 = 41) goes over at its 97th element.
    let issue = [vec![100], [0x80, 0xC8].repeat(100)].concat();
    assert_eq!(issue.len(), 201);
    let r = three_ways::<Vec<Vec<()>>>(&issue, DEFAULT, vec![vec![(); 3]; 2]);
    assert_eq!(r, Err(zero_width(41, 4096)));
    // A larger budget lets it through.
    let roomy = DEFAULT.with_max_zero_width_elements(20_000);
    let r = three_ways::<Vec<Vec<()>>>(&issue, roomy, vec![]);
    assert_eq!(r, Ok(vec![vec![(); 200]; 100]));
    // No budget at all: no `()` anywhere, but empty sequences are fine.
    let none = DEFAULT.with_max_zero_width_elements(0);
    assert_eq!(three_ways::<Vec<()>>(&[0], none, vec![()]), Ok(vec![]));
    assert_eq!(
        three_ways::<Vec<()>>(&[1], none, vec![]),
        Err(zero_width(0, 0))
    );
    assert_eq!(
        three_ways::<Vec<Vec<()>>>(&[3, 0, 0, 0], none, vec![]),
        Ok(vec![vec![]; 3])
    );
}

/// Elements of types whose `MIN_WIRE` is 0 but that read input (`Box<T>`) are not
/// counted: long vectors of them decode even with no budget at all.
#[test]
fn boxes_that_read_input_are_not_counted() {
    let none = DEFAULT.with_max_zero_width_elements(0);
    let v: Vec<Box<u16>> = (0..20_000u16).map(Box::new).collect();
    let bytes = packed_core::to_vec(&v).unwrap();
    assert_eq!(three_ways::<Vec<Box<u16>>>(&bytes, none, vec![]), Ok(v));
    // From a slice, a claim beyond the bytes left is refused before anything is
    // allocated: 3 boxes cannot come from 2 bytes unless one takes none, which the
    // budget does not allow. A stream reads the two and runs out.
    let input = hex("03 0102");
    assert_eq!(
        packed_core::from_slice_with_limits::<Vec<Box<u8>>>(&input, none)
            .map_err(packed_core::Error::into_kind),
        Err(zero_width(0, 0))
    );
    assert_eq!(
        packed_core::from_reader_with_limits::<Vec<Box<u8>>, _>(&input[..], none)
            .map_err(packed_core::Error::into_kind),
        Err(UnexpectedEnd {
            offset: 3,
            needed: 1,
            remaining: 0
        })
    );
}

/// A struct of skipped fields: encodes to nothing.
#[derive(Packed, Debug, Default, Clone, PartialEq)]
struct Skipped {
    #[packed(skip)]
    note: String,
}

/// A derived struct holding zero-width sequences.
#[derive(Packed, Debug, Default, Clone, PartialEq)]
struct Holder {
    a: Vec<()>,
    b: Vec<Vec<Skipped>>,
}

/// Every way an element can encode to nothing is counted, under a budget of 10: in
/// vectors, arrays, tuples, boxes, maps and sets, inside derived structs.
#[test]
fn every_zero_width_element_is_counted() {
    use std::collections::{BTreeSet, HashSet};
    use std::marker::PhantomData;
    let ten = DEFAULT.with_max_zero_width_elements(10);
    let eleven = [11u8];

    // Vectors of zero-width types: 10 decode, 11 do not.
    macro_rules! ten_not_eleven {
        ($($t:ty),*) => {$(
            assert_eq!(three_ways::<Vec<$t>>(&[10], ten, vec![]).map(|v| v.len()), Ok(10), stringify!($t));
            assert_eq!(three_ways::<Vec<$t>>(&eleven, ten, vec![]), Err(zero_width(0, 10)), stringify!($t));
        )*};
    }
    ten_not_eleven!(
        (),
        PhantomData<u32>,
        Skipped,
        ((), ()),
        Box<()>,
        Box<Skipped>,
        [(); 0]
    );
    // `Option<()>` reads its flag byte: not counted.
    let somes = [vec![11], vec![1; 11]].concat();
    assert_eq!(
        three_ways::<Vec<Option<()>>>(&somes, ten, vec![]),
        Ok(vec![Some(()); 11])
    );

    // Arrays count their elements (an array has no prefix: the offset is where it
    // starts), and an array inside a sequence counts once more as that sequence's
    // element: two `[(); 4]` are 10, a third is over, refused where it starts (1).
    assert_eq!(three_ways::<[(); 10]>(&[], ten, [(); 10]), Ok([(); 10]));
    assert_eq!(
        three_ways::<[(); 11]>(&[], ten, [(); 11]),
        Err(zero_width(0, 10))
    );
    assert_eq!(
        three_ways::<Vec<[(); 4]>>(&[2], ten, vec![]),
        Ok(vec![[(); 4]; 2])
    );
    assert_eq!(
        three_ways::<Vec<[(); 4]>>(&[3], ten, vec![]),
        Err(zero_width(1, 10))
    );
    // `[Vec<()>; 2]`: the vectors read their prefixes, their elements are counted.
    assert_eq!(
        three_ways::<[Vec<()>; 2]>(&[5, 6], ten, Default::default()),
        Err(zero_width(1, 10))
    );

    // A derived struct: `a` takes 5, `b`'s one inner vector (prefix at offset 2)
    // asks for 6. In a vector of two, the second's inner vector is at offset 5.
    assert_eq!(
        three_ways::<Holder>(&[5, 1, 6], ten, Holder::default()),
        Err(zero_width(2, 10))
    );
    assert_eq!(
        three_ways::<Holder>(&[5, 1, 5], ten, Holder::default()),
        Ok(Holder {
            a: vec![(); 5],
            b: vec![vec![Skipped::default(); 5]]
        })
    );
    assert_eq!(
        three_ways::<Vec<Holder>>(&[2, 5, 0, 0, 1, 6], ten, vec![]),
        Err(zero_width(5, 10))
    );

    // Maps and sets: values that are zero-width sequences (key 1 at offset 1, its 5
    // values; key 2 at offset 3, 6 values with the prefix at offset 4)...
    let input = [2, 1, 5, 2, 6];
    assert_eq!(
        three_ways::<BTreeMap<u8, Vec<()>>>(&input, ten, BTreeMap::new()),
        Err(zero_width(4, 10))
    );
    assert_eq!(
        three_ways::<HashMap<u8, Vec<()>>>(&input, ten, HashMap::new()),
        Err(zero_width(4, 10))
    );
    // ...and entries that are zero-width themselves: one is a map, a second a
    // duplicate key (all `()`s are equal). A slice refuses a claim beyond the budget
    // before that; a stream finds the duplicate.
    assert_eq!(
        three_ways::<BTreeMap<(), ()>>(&[1], ten, BTreeMap::new()),
        Ok(BTreeMap::from([((), ())]))
    );
    assert_eq!(
        three_ways::<BTreeSet<()>>(&[2], ten, BTreeSet::new()),
        Err(DuplicateKey { offset: 1 })
    );
    assert_eq!(
        packed_core::from_slice_with_limits::<HashSet<Skipped>>(&eleven, ten)
            .map_err(packed_core::Error::into_kind),
        Err(zero_width(0, 10))
    );
    assert_eq!(
        packed_core::from_reader_with_limits::<HashSet<Skipped>, _>(&eleven[..], ten)
            .map_err(packed_core::Error::into_kind),
        Err(DuplicateKey { offset: 1 })
    );
}

impl std::hash::Hash for Skipped {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.note.hash(h);
    }
}
impl Eq for Skipped {}

std::thread_local! {
    static TICKETS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// Reads nothing and yields a new number each time: zero-width elements that are all
/// different, so a set of them is not stopped by its duplicate check.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Ticket(u32);

impl Encode for Ticket {
    fn encode<C: packed_core::Ctx, W: packed_core::Writer + ?Sized>(
        &self,
        _w: &mut W,
    ) -> Result<(), EncodeError> {
        Ok(())
    }
}

impl<'de> Decode<'de> for Ticket {
    fn decode<C: packed_core::Ctx, R: packed_core::Reader<'de> + ?Sized>(
        _r: &mut R,
    ) -> Result<Self, DecodeError> {
        Ok(Ticket(TICKETS.with(|t| {
            t.set(t.get() + 1);
            t.get()
        })))
    }

    /// Pushes `n` tickets at once without reading: a `decode_append` of its own, which
    /// the count must not miss.
    fn decode_append<C: packed_core::Ctx, R: packed_core::Reader<'de> + ?Sized>(
        n: usize,
        r: &mut R,
        out: &mut Vec<Self>,
    ) -> Result<(), DecodeError> {
        for _ in 0..n {
            out.push(Self::decode::<C, R>(r)?);
        }
        Ok(())
    }
}

/// Distinct zero-width entries in sets and maps, and a type with its own
/// `decode_append`, are counted like the rest.
#[test]
fn distinct_zero_width_entries_and_own_decode_append() {
    use std::collections::BTreeSet;
    let ten = DEFAULT.with_max_zero_width_elements(10);
    let count = |bytes: &[u8]| -> Result<usize, DecodeError> {
        let slice = packed_core::from_slice_with_limits::<BTreeSet<Ticket>>(bytes, ten)
            .map_err(packed_core::Error::into_kind);
        let stream =
            packed_core::from_reader_with_limits::<BTreeSet<Ticket>, _>(Cursor::new(bytes), ten)
                .map_err(packed_core::Error::into_kind);
        assert_eq!(
            slice.as_ref().map(BTreeSet::len),
            stream.as_ref().map(BTreeSet::len)
        );
        slice.map(|s| s.len())
    };
    assert_eq!(count(&[10]), Ok(10));
    assert_eq!(count(&[11]), Err(zero_width(0, 10)));
    // A map of ticket keys whose values are `()`: an entry is zero-width as a whole.
    let map = |bytes: &[u8]| {
        packed_core::from_reader_with_limits::<BTreeMap<Ticket, ()>, _>(Cursor::new(bytes), ten)
            .map(|m| m.len())
    };
    assert_eq!(map(&[10]), Ok(10));
    assert_eq!(
        map(&[11]).map_err(packed_core::Error::into_kind),
        Err(zero_width(0, 10))
    );
    // Vectors and arrays go through `Ticket::decode_append`.
    let vec = |bytes: &[u8]| {
        packed_core::from_reader_with_limits::<Vec<Ticket>, _>(Cursor::new(bytes), ten)
            .map(|v| v.len())
    };
    assert_eq!(vec(&[10]), Ok(10));
    assert_eq!(
        vec(&[11]).map_err(packed_core::Error::into_kind),
        Err(zero_width(0, 10))
    );
    assert_eq!(
        packed_core::from_slice_with_limits::<[Ticket; 11]>(&[], ten)
            .map(|_| ())
            .map_err(packed_core::Error::into_kind),
        Err(zero_width(0, 10))
    );
    assert_eq!(
        packed_core::from_reader_with_limits::<[Ticket; 11], _>(&[][..], ten)
            .map_err(packed_core::Error::into_kind)
            .map(|_| ()),
        Err(zero_width(0, 10))
    );
}

/// `from_slice_into` counts the elements it decodes in place, not only those it
/// appends: a value prefilled with 10 `()`s and input claiming 10 with 10 bytes after
/// them (room enough for the claim) stops at the 6th under a budget of 5, as a fresh
/// decode does.
#[test]
fn in_place_decoding_counts_reused_elements() {
    let five = DEFAULT.with_max_zero_width_elements(5);
    // (Vec<()> of 10, Vec<u8> of 9): 1 + 1 + 9 bytes.
    let input = [vec![10, 9], vec![7; 9]].concat();
    let prefilled = (vec![(); 10], vec![1u8; 3]);
    assert_eq!(
        three_ways::<(Vec<()>, Vec<u8>)>(&input, five, prefilled),
        Err(zero_width(0, 5))
    );
    let roomy = DEFAULT.with_max_zero_width_elements(10);
    assert_eq!(
        three_ways::<(Vec<()>, Vec<u8>)>(&input, roomy, (vec![(); 10], vec![])),
        Ok((vec![(); 10], vec![7; 9]))
    );
    // Reused inner vectors count too.
    let prefilled = vec![vec![(); 3000]; 2];
    let input = hex("02 8bb8 8bb8"); // two vectors of 3000
    assert_eq!(
        three_ways::<Vec<Vec<()>>>(&input, DEFAULT, prefilled),
        Err(zero_width(3, 4096))
    );
}

// ---------------------------------------------------------------------------------------
// Duplicate keys in maps and sets
// ---------------------------------------------------------------------------------------

/// The issue's input: a count of 2 and the key 1 twice. It used to decode as the
/// one-entry `{1: 20}`, which re-encodes to 3 bytes: two inputs, one value. Now the
/// second key (offset 3) is refused; the same bytes as a `Vec` of pairs (what a C++
/// `std::multimap` writes) keep both.
#[test]
fn duplicate_map_key_is_refused() {
    use std::collections::{BTreeSet, HashSet};
    let input = hex("02 01 0a 01 14");
    let dup = DuplicateKey { offset: 3 };
    let filled = BTreeMap::from([(9u8, 9u8), (1, 1)]);
    let r = three_ways::<BTreeMap<u8, u8>>(&input, DEFAULT, filled);
    assert_eq!(r, Err(dup.clone()));
    let filled = HashMap::from([(9u8, 9u8)]);
    assert_eq!(
        three_ways::<HashMap<u8, u8>>(&input, DEFAULT, filled),
        Err(dup)
    );
    assert_eq!(
        three_ways::<Vec<(u8, u8)>>(&input, DEFAULT, vec![]),
        Ok(vec![(1, 10), (1, 20)])
    );
    // As a set of (key, value) pairs they differ: fine.
    assert_eq!(
        three_ways::<BTreeSet<(u8, u8)>>(&input, DEFAULT, BTreeSet::new()),
        Ok(BTreeSet::from([(1, 10), (1, 20)]))
    );
    // As a set of `u8` the four bytes are four elements, 01 twice: again at offset 3.
    assert_eq!(
        three_ways::<HashSet<u8>>(&hex("04 01 0a 01 14"), DEFAULT, HashSet::new()),
        Err(DuplicateKey { offset: 3 })
    );
}

/// A duplicate at every position of a five-entry map and set (each entry two bytes
/// after a one-byte count: entry `j` starts at `1 + 2 j`), where the earlier copy is
/// first, in the middle or last of those before it; from slices, streams and in place,
/// for all four map and set types.
#[test]
fn duplicate_keys_at_every_position() {
    use std::collections::{BTreeSet, HashSet};
    for later in 1..5usize {
        for earlier in 0..later {
            // Keys 10, 11, 12, 13, 14, then key `later` replaced by key `earlier`.
            let mut keys: Vec<u16> = (10..15).collect();
            keys[later] = keys[earlier];
            let offset = 1 + 2 * later;
            let want = DuplicateKey { offset };
            let set: Vec<u8> = std::iter::once(5)
                .chain(keys.iter().flat_map(|k| k.to_le_bytes()))
                .collect();
            assert_eq!(
                three_ways::<BTreeSet<u16>>(&set, DEFAULT, BTreeSet::from([1])).unwrap_err(),
                want,
                "{earlier} {later}"
            );
            assert_eq!(
                three_ways::<HashSet<u16>>(&set, DEFAULT, HashSet::from([1])).unwrap_err(),
                want,
                "{earlier} {later}"
            );
            // Maps: one-byte keys and one-byte values.
            let map: Vec<u8> = std::iter::once(5)
                .chain(keys.iter().flat_map(|&k| [k as u8, 0xEE]))
                .collect();
            assert_eq!(
                three_ways::<BTreeMap<u8, u8>>(&map, DEFAULT, BTreeMap::new()).unwrap_err(),
                want
            );
            assert_eq!(
                three_ways::<HashMap<u8, u8>>(&map, DEFAULT, HashMap::from([(1, 1)])).unwrap_err(),
                want
            );
        }
    }
    // Keys of different lengths: strings "a", "bb", "a" (prefix + bytes); the second
    // "a" starts at 1 + 2 + 3 = 6, under YAS lengths at 7 + 8 + (8 + 1) + (8 + 2).
    let strings = hex("03 0161 026262 0161");
    assert_eq!(
        three_ways::<BTreeSet<String>>(&strings, DEFAULT, BTreeSet::new()),
        Err(DuplicateKey { offset: 6 })
    );
    let set: BTreeSet<&str> = ["a", "bb"].into();
    let mut yas = packed_core::to_vec_as::<layout::Yas, _>(&set).unwrap();
    yas[7] = 3; // count 3 (u64 little-endian after the header)
    yas.extend_from_slice(&[1, 0, 0, 0, 0, 0, 0, 0, b'a']);
    assert_eq!(
        packed_core::from_slice_as::<layout::Yas, BTreeSet<String>>(&yas)
            .map_err(packed_core::Error::into_kind),
        Err(DuplicateKey {
            offset: 7 + 8 + 9 + 10
        })
    );
}

/// Duplicates inside nested maps are found at their own offsets, and a duplicate outer
/// key is one even when the values differ.
#[test]
fn duplicate_keys_in_nested_maps() {
    use std::collections::BTreeSet;
    type Nested = BTreeMap<u8, BTreeSet<u8>>;
    // {1: {5, 5}}: count 1, key 1, set count 2, 5 at offset 3, 5 at offset 4.
    assert_eq!(
        three_ways::<Nested>(&hex("01 01 02 05 05"), DEFAULT, Nested::new()),
        Err(DuplicateKey { offset: 4 })
    );
    // {1: {5}, 1: {6}}: the second key 1 at offset 4.
    assert_eq!(
        three_ways::<Nested>(&hex("02 01 01 05 01 01 06"), DEFAULT, Nested::new()),
        Err(DuplicateKey { offset: 4 })
    );
    // Distinct keys at both levels decode.
    assert_eq!(
        three_ways::<Nested>(&hex("02 01 01 05 02 02 05 06"), DEFAULT, Nested::new()),
        Ok(BTreeMap::from([(1, [5].into()), (2, [5, 6].into())]))
    );
    // A vector of maps: the second map's duplicate (count at 4, entries at 5 and 7).
    assert_eq!(
        three_ways::<Vec<HashMap<u8, u8>>>(
            &hex("02 01 01 02 02 03 01 03 02"),
            DEFAULT,
            vec![HashMap::new(); 3]
        ),
        Err(DuplicateKey { offset: 7 })
    );
}
