//! Bit packing (`#[packed(bitpack)]`) and CompactValue (`int = "varint"`), byte for byte
//! with the real Bitsery 5.2.4.
//!
//! - `testdata/golden-ext/` (a copy of `../shared/golden-ext/`), groups B and C: every
//!   `bits_*` and `compact_*` file, little- and big-endian where given, decodes to the
//!   value `fixtures.json` records (floats: the recorded `decoded` value, bit for bit)
//!   and the value encodes to the file; the readers' checks recorded there (a set padding
//!   bit, a code past the range, CompactValue's over-long forms) are typed errors here.
//! - `testdata/bit-packing/cases.tsv`, written by `tests/cpp/bitsery_bit_packing.cpp`
//!   against the vendored Bitsery: golden-ext's held-out fixtures rebuilt from their
//!   descriptions, and seeded random values of nine shapes, each case in both byte
//!   orders: the bytes decode (from a slice and from a stream) to what Bitsery read back,
//!   the value written encodes to them, `encoded_len` measures them and `explain`'s
//!   spans cover their bits exactly.

#[path = "differential/text.rs"]
#[allow(unused_macros, unused_imports)]
mod text;

mod common;

use std::fmt::Debug;

use common::{hex, hex_file};
use packed_core::explain::Explanation;
use packed_core::{layout, DecodeError, DecodeOwned, Encode, Packed};
use text::{record, Text, Tokens};

const GOLDEN_EXT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../testdata/golden-ext/");
const CASES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../testdata/bit-packing/cases.tsv"
);

fn golden_ext(config: &str, fixture: &str) -> Vec<u8> {
    hex_file(GOLDEN_EXT, config, fixture)
}

/// The spans of `e` cover its bits exactly, in order, and its bytes are `bytes`.
fn assert_bit_cover(e: &Explanation, bytes: &[u8]) {
    assert_eq!(e.bytes(), bytes);
    let mut next = 0;
    for s in e.spans() {
        assert_eq!(s.bit_offset, next, "gap or overlap at {s:?}");
        assert!(s.bit_len > 0, "empty span {s:?}");
        assert_eq!(s.offset, s.bit_offset / 8, "{s:?}");
        assert_eq!(
            s.offset + s.len,
            (s.bit_offset + s.bit_len).div_ceil(8),
            "{s:?}"
        );
        next += s.bit_len;
    }
    assert_eq!(next, 8 * bytes.len());
    assert_eq!(e.by_role().total(), bytes.len());
    assert_eq!(e.by_role_bits().total(), 8 * bytes.len());
}

/// `value` encodes to `bytes` (and measures them, and explains them), and `bytes`
/// decode to `value`, from a slice and from a stream.
fn assert_golden<T>(file: &str, value: &T, bytes: &[u8])
where
    T: Packed + PartialEq + Debug,
{
    assert_eq!(
        packed_core::to_vec(value).as_deref(),
        Ok(bytes),
        "{file}: to_vec"
    );
    assert_eq!(packed_core::encoded_len(value), Ok(bytes.len()), "{file}");
    assert_eq!(
        packed_core::from_slice::<T>(bytes).as_ref(),
        Ok(value),
        "{file}: from_slice"
    );
    assert_eq!(
        packed_core::from_reader::<T, _>(bytes).as_ref(),
        Ok(value),
        "{file}: from_reader"
    );
    assert_bit_cover(&packed_core::explain(value).unwrap(), bytes);
}

// ---------------------------------------------------------------------------------------
// Golden-ext group B: bit packing
// ---------------------------------------------------------------------------------------

/// `bits_bools_u8`: five bools of one bit, then a `u8` across the byte boundary.
#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack)]
struct BoolsU8 {
    b: [bool; 5],
    x: u8,
}

#[test]
fn bits_bools_u8() {
    let v = BoolsU8 {
        b: [true, false, true, true, false],
        x: 0xA5,
    };
    assert_golden(
        "bits_bools_u8",
        &v,
        &golden_ext("bitsery-le", "bits_bools_u8"),
    );
    // The reader check: bit 7 of the last byte, padding, set.
    assert_eq!(
        packed_core::from_slice::<BoolsU8>(&hex("ad 94")).map_err(packed_core::Error::into_kind),
        Err(DecodeError::InvalidPadding { bit_offset: 13 })
    );
}

/// `bits_range_int`: `ValueRange<int32_t>{-100, 100}` (8 bits) and
/// `ValueRange<uint16_t>{0, 1000}` (10 bits) on each element.
#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack)]
struct RangeInt {
    #[packed(range = "-100..=100")]
    i: [i32; 5],
    #[packed(range = "0..=1000")]
    u: [u16; 4],
}

#[test]
fn bits_range_int() {
    let v = RangeInt {
        i: [-100, -1, 0, 37, 100],
        u: [0, 1, 999, 1000],
    };
    assert_golden(
        "bits_range_int",
        &v,
        &golden_ext("bitsery-le", "bits_range_int"),
    );
    // The reader check: the first 8-bit code is 255, -100 + 255 = 155 > 100.
    assert_eq!(
        packed_core::from_slice::<RangeInt>(&hex("ff 63 64 89 c8 00 04 70 3e fa"))
            .map_err(packed_core::Error::into_kind),
        Err(DecodeError::ValueOutOfRange {
            bit_offset: 0,
            field: "RangeInt.i",
            range: "-100..=100",
        })
    );
}

/// `bits_range_float`: `ValueRange<float>{-1, 1, 0.01f}` (8 bits) and
/// `ValueRange<double>{-1000, 1000, BitsConstraint{20}}`.
#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack)]
struct RangeFloat {
    #[packed(range = "-1.0..=1.0", precision = 0.01)]
    f: [f32; 5],
    #[packed(range = "-1000.0..=1000.0", bits = 20)]
    d: [f64; 4],
}

#[test]
fn bits_range_float() {
    let bytes = golden_ext("bitsery-le", "bits_range_float");
    // `value_bits` and `decoded_bits` of fixtures.json.
    let written = RangeFloat {
        f: [
            0xBF80_0000u32,
            0xBF00_0000,
            0x0000_0000,
            0x3EAA_7EFA,
            0x3F80_0000,
        ]
        .map(f32::from_bits),
        d: [
            0xC08F_4000_0000_0000u64,
            0x0000_0000_0000_0000,
            0x405E_DD2F_1A9F_BE77,
            0x408F_4000_0000_0000,
        ]
        .map(f64::from_bits),
    };
    let decoded = RangeFloat {
        f: [
            0xBF80_0000u32,
            0xBF01_8182,
            0xBB80_8080,
            0x3EA6_A6A8,
            0x3F80_0000,
        ]
        .map(f32::from_bits),
        d: [
            0xC08F_4000_0000_0000u64,
            0xBF4F_4001_F400_0000,
            0x405E_DD11_CDD1_1CE0,
            0x408F_4000_0000_0000,
        ]
        .map(f64::from_bits),
    };
    assert_eq!(packed_core::to_vec(&written), Ok(bytes.clone()));
    let back = packed_core::from_slice::<RangeFloat>(&bytes).unwrap();
    assert_eq!(back.f.map(f32::to_bits), decoded.f.map(f32::to_bits));
    assert_eq!(back.d.map(f64::to_bits), decoded.d.map(f64::to_bits));
    assert_bit_cover(&packed_core::explain(&written).unwrap(), &bytes);
}

/// A float range with bounds past `f32`'s (the differential test's `bp_floats`).
#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack)]
struct HugeRange {
    #[packed(range = "-1e300..=1e300", bits = 40)]
    d: f64,
}

/// Regression: `range = "-1e300..=1e300"` on an `f64` was refused at compile time ("not
/// a finite number": the bound was also parsed as an `f32`, where it is infinite). The
/// bytes by hand from Bitsery's rule, `code = (v - MIN) / (MAX - MIN) * (2^40 - 1)`
/// truncated, 40 bits LSB first: MIN is code 0, MAX code 2^40 - 1; 0 is
/// 0.5 * (2^40 - 1) = 549755813887.5, truncated to 0x7f_ffff_ffff.
#[test]
fn float_range_with_bounds_past_f32() {
    assert_golden("min", &HugeRange { d: -1e300 }, &[0, 0, 0, 0, 0]);
    assert_golden("max", &HugeRange { d: 1e300 }, &[0xff; 5]);
    assert_eq!(
        packed_core::to_vec(&HugeRange { d: 0.0 }),
        Ok(vec![0xff, 0xff, 0xff, 0xff, 0x7f])
    );
    assert!(packed_core::to_vec(&HugeRange { d: f64::MAX }).is_err());
}

/// `bits_entropy_*`: a string through `ext::Entropy` over {"GET", "POST", "PUT"}
/// (index in 2 bits), between a bool and a `u16`.
#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack)]
struct Request {
    secure: bool,
    #[packed(entropy = ["GET", "POST", "PUT"], max = 32)]
    method: String,
    port: u16,
}

/// As [`Request`], with `alignBeforeData = false`.
#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack)]
struct RequestUnaligned {
    secure: bool,
    #[packed(entropy = ["GET", "POST", "PUT"], align_before_data = false, max = 32)]
    method: String,
    port: u16,
}

#[test]
fn bits_entropy() {
    let hit = Request {
        secure: true,
        method: "POST".into(),
        port: 8080,
    };
    assert_golden(
        "bits_entropy_hit",
        &hit,
        &golden_ext("bitsery-le", "bits_entropy_hit"),
    );
    let miss = Request {
        secure: false,
        method: "PATCH".into(),
        port: 443,
    };
    assert_golden(
        "bits_entropy_miss",
        &miss,
        &golden_ext("bitsery-le", "bits_entropy_miss"),
    );
    let hit = RequestUnaligned {
        secure: true,
        method: "GET".into(),
        port: 80,
    };
    assert_golden(
        "bits_entropy_hit_noalign",
        &hit,
        &golden_ext("bitsery-le", "bits_entropy_hit_noalign"),
    );
    // golden-ext keeps `bits_entropy_miss_noalign` back; its README gives the bytes:
    // "without alignment ... miss → 28 80 0a a2 1a 42 da 0d 00".
    let miss = RequestUnaligned {
        secure: false,
        method: "PATCH".into(),
        port: 443,
    };
    assert_golden(
        "bits_entropy_miss_noalign (README)",
        &miss,
        &hex("28 80 0a a2 1a 42 da 0d 00"),
    );
}

/// `bits_align`: a bool, `adapter().align()`, a `u8`, three bools.
#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack)]
struct Aligned {
    a: bool,
    #[packed(align)]
    x: u8,
    b: bool,
    c: bool,
    d: bool,
}

#[test]
fn bits_align() {
    let v = Aligned {
        a: true,
        x: 0xAB,
        b: true,
        c: false,
        d: true,
    };
    assert_golden("bits_align", &v, &golden_ext("bitsery-le", "bits_align"));
    // A set bit in the padding of the explicit align.
    assert_eq!(
        packed_core::from_slice::<Aligned>(&hex("03 ab 05")).map_err(packed_core::Error::into_kind),
        Err(DecodeError::InvalidPadding { bit_offset: 1 })
    );
}

/// `bits_endianness`: numbers at a byte boundary take the configured byte order; those
/// between boundaries are little-endian bits in either.
#[derive(Packed, Debug, PartialEq, Clone)]
#[packed(bitpack)]
struct Endianness {
    a: u32,
    flag: bool,
    b: u32,
    c: u16,
    #[packed(align)]
    d: u16,
}

#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack, endian = "big")]
struct EndiannessBig {
    a: u32,
    flag: bool,
    b: u32,
    c: u16,
    #[packed(align)]
    d: u16,
}

#[test]
fn bits_endianness() {
    let le = Endianness {
        a: 0x1122_3344,
        flag: true,
        b: 0x1122_3344,
        c: 0xAABB,
        d: 0xAABB,
    };
    assert_golden(
        "bitsery-le_bits_endianness",
        &le,
        &golden_ext("bitsery-le", "bits_endianness"),
    );
    let be = EndiannessBig {
        a: 0x1122_3344,
        flag: true,
        b: 0x1122_3344,
        c: 0xAABB,
        d: 0xAABB,
    };
    let be_bytes = golden_ext("bitsery-be", "bits_endianness");
    assert_golden("bitsery-be_bits_endianness", &be, &be_bytes);
    // The little-endian type under Bitsery's big-endian layout, chosen at the call site.
    let with = packed_core::with::<layout::BitseryBig>();
    assert_eq!(with.to_vec(&le), Ok(be_bytes.clone()));
    assert_eq!(with.from_slice::<Endianness>(&be_bytes), Ok(le));
}

/// `bits_optional`: `StdOptional{}` aligns after the flag bit, `StdOptional{false}`
/// does not.
#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack)]
struct Optionals {
    a: bool,
    o1: Option<u16>,
    o2: Option<u16>,
    #[packed(align_before_data = false)]
    o3: Option<u16>,
    b: bool,
}

#[test]
fn bits_optional() {
    let v = Optionals {
        a: true,
        o1: Some(0x1234),
        o2: None,
        o3: Some(0x5678),
        b: true,
    };
    assert_golden(
        "bits_optional",
        &v,
        &golden_ext("bitsery-le", "bits_optional"),
    );
}

/// Every `bits_*` file is checked above.
#[test]
fn every_bits_file_is_checked() {
    let mut files: Vec<String> = std::fs::read_dir(GOLDEN_EXT)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("_bits_"))
        .collect();
    files.sort();
    assert_eq!(
        files,
        [
            "bitsery-be_bits_endianness.hex",
            "bitsery-le_bits_align.hex",
            "bitsery-le_bits_bools_u8.hex",
            "bitsery-le_bits_endianness.hex",
            "bitsery-le_bits_entropy_hit.hex",
            "bitsery-le_bits_entropy_hit_noalign.hex",
            "bitsery-le_bits_entropy_miss.hex",
            "bitsery-le_bits_optional.hex",
            "bitsery-le_bits_range_float.hex",
            "bitsery-le_bits_range_int.hex",
        ]
    );
}

// ---------------------------------------------------------------------------------------
// Golden-ext group C: CompactValue is `int = "varint"`
// ---------------------------------------------------------------------------------------

macro_rules! compact_fixtures {
    ($($fixture:literal: $le:ident, $be:ident, $t:ty, $n:literal = [$($v:expr),* $(,)?];)*) => {$(
        /// The fixture's values one after another: an array, no length prefix.
        #[derive(Packed, Debug, PartialEq)]
        #[packed(int = "varint")]
        struct $le {
            v: [$t; $n],
        }

        #[derive(Packed, Debug, PartialEq)]
        #[packed(int = "varint", endian = "big")]
        struct $be {
            v: [$t; $n],
        }
    )*

        #[test]
        fn compact_value_files() {
            $(
                let values: [$t; $n] = [$($v),*];
                for config in ["bitsery-le", "bitsery-be"] {
                    let bytes = golden_ext(config, $fixture);
                    let file = format!("{config}_{}", $fixture);
                    if config == "bitsery-le" {
                        assert_golden(&file, &$le { v: values }, &bytes);
                    } else {
                        assert_golden(&file, &$be { v: values }, &bytes);
                    }
                    // The attribute-free array under the varint layout.
                    assert_eq!(
                        packed_core::to_vec_as::<layout::Varint, _>(&values),
                        Ok(bytes.clone()),
                        "{file}"
                    );
                    assert_eq!(
                        packed_core::from_slice_as::<layout::Varint, [$t; $n]>(&bytes),
                        Ok(values),
                        "{file}"
                    );
                }
            )*
        }
    };
}

compact_fixtures! {
    "compact_u8": CompactU8, CompactU8Big, u8, 5 = [0, 1, 127, 128, 255];
    "compact_u16": CompactU16, CompactU16Big, u16, 8 = [0, 1, 127, 128, 255, 16383, 16384, 65535];
    "compact_u32": CompactU32, CompactU32Big, u32, 12 = [
        0, 1, 127, 128, 255, 16383, 16384, 2097151, 2097152, 268435455, 268435456, 4294967295,
    ];
    "compact_u64": CompactU64, CompactU64Big, u64, 15 = [
        0, 1, 127, 128, 255, 16383, 16384, 4294967295, 34359738367, 34359738368,
        72057594037927935, 72057594037927936, 9223372036854775807, 9223372036854775808,
        18446744073709551615,
    ];
    "compact_i8": CompactI8, CompactI8Big, i8, 9 = [0, 1, 63, 64, 127, -1, -64, -65, -128];
    "compact_i32": CompactI32, CompactI32Big, i32, 16 = [
        0, 1, -1, 63, 64, -64, -65, 127, 128, 255, 16383, 16384, -8192, -8193, 2147483647,
        -2147483648,
    ];
    "compact_i64": CompactI64, CompactI64Big, i64, 16 = [
        0, 1, -1, 63, 64, -64, -65, 127, 128, 255, 16383, 16384, 2147483647, -2147483648,
        9223372036854775807, -9223372036854775808,
    ];
}

/// The values golden-ext's README gives for the `i16` fixture it keeps back.
#[test]
fn compact_i16_from_the_readme() {
    for (v, bytes) in [
        (-1i16, "01"),
        (63, "7e"),
        (64, "80 01"),
        (-64, "7f"),
        (-65, "81 01"),
        (-32768, "ff ff 03"),
    ] {
        assert_eq!(
            packed_core::to_vec_as::<layout::Varint, _>(&v),
            Ok(hex(bytes)),
            "{v}"
        );
        assert_eq!(
            packed_core::from_slice_as::<layout::Varint, i16>(&hex(bytes)),
            Ok(v)
        );
    }
}

/// `bitsery_reader_checks` of the compact fixtures: non-minimal forms read as
/// Bitsery reads them; bits beyond the type, which `CompactValueAsObject` refuses with
/// `InvalidData`, are an error here too (plain `CompactValue` drops them silently).
#[test]
fn compact_value_reader_checks() {
    let varint = packed_core::with::<layout::Varint>();
    assert_eq!(varint.from_slice::<u16>(&hex("ff ff 03")), Ok(65535));
    assert_eq!(varint.from_slice::<u16>(&hex("81 00")), Ok(1));
    assert_eq!(varint.from_slice::<u32>(&hex("80 00")), Ok(0));
    assert_eq!(
        varint.from_slice::<i32>(&hex("ff ff ff ff 0f")),
        Ok(i32::MIN)
    );
    let overflow = |type_name| DecodeError::IntegerOverflow {
        offset: 0,
        type_name,
    };
    assert_eq!(
        varint
            .from_slice::<u16>(&hex("ff ff 07"))
            .map_err(packed_core::Error::into_kind),
        Err(overflow("u16"))
    );
    assert_eq!(
        varint
            .from_slice::<u16>(&hex("80 80 80 01"))
            .map_err(packed_core::Error::into_kind),
        Err(overflow("u16"))
    );
    assert_eq!(
        varint
            .from_slice::<u32>(&hex("ff ff ff ff 7f"))
            .map_err(packed_core::Error::into_kind),
        Err(overflow("u32"))
    );
    assert_eq!(
        varint
            .from_slice::<i32>(&hex("ff ff ff ff 7f"))
            .map_err(packed_core::Error::into_kind),
        Err(overflow("i32"))
    );
}

// ---------------------------------------------------------------------------------------
// testdata/bit-packing/: the C++ program's cases
// ---------------------------------------------------------------------------------------

/// A bool on its own, as the C++ `Flag`: a `Vec` of them in a session is its length,
/// then a bit each.
mod shapes {
    use super::*;

    record!(
        pub struct Flag {
            v: bool,
        }
    );

    /// `std::variant<uint16_t, std::string>` through `ext::StdVariant`: its index is a
    /// one-byte size prefix, as the enum's `u8` tag.
    #[derive(Packed, Debug, Clone)]
    pub enum Var {
        Short(u16),
        Text(String),
    }

    impl Text for Var {
        fn parse(t: &mut Tokens<'_>) -> Result<Self, String> {
            t.expect("<")?;
            let v = match t.next()? {
                "0" => Var::Short(u16::parse(t)?),
                "1" => Var::Text(String::parse(t)?),
                i => return Err(format!("variant index `{i}`")),
            };
            t.expect(">")?;
            Ok(v)
        }
        fn print(&self, out: &mut String) {
            match self {
                Var::Short(v) => {
                    out.push_str("< 0 ");
                    v.print(out);
                }
                Var::Text(v) => {
                    out.push_str("< 1 ");
                    v.print(out);
                }
            }
            out.push_str("> ");
        }
    }

    /// The shapes of `bitsery_bit_packing.cpp` with container attributes `$attr` (the
    /// byte order).
    macro_rules! shapes {
        ($m:ident, $endian:literal) => {
            pub mod $m {
                use super::{Flag, Var};
                use crate::text::record;
                use std::collections::BTreeMap;

                record!(
                    #[packed(bitpack, endian = $endian)]
                    pub struct Player {
                        #[packed(range = "-1000.0..=1000.0", precision = 0.01)]
                        x: f32,
                        #[packed(range = "-1000.0..=1000.0", precision = 0.01)]
                        y: f32,
                        #[packed(range = "-1000.0..=1000.0", precision = 0.01)]
                        z: f32,
                        #[packed(range = "0..=100")]
                        health: u8,
                        alive: bool,
                        crouching: bool,
                        firing: bool,
                        invisible: bool,
                        #[packed(max = 16)]
                        name: String,
                        #[packed(max = 8, range = "0..=1023")]
                        items: Vec<u16>,
                    }
                );
                record!(
                    #[packed(bitpack, endian = $endian)]
                    pub struct Message {
                        tick: u32,
                        #[packed(max = 1000)]
                        players: Vec<Player>,
                    }
                );
                record!(
                    #[packed(bitpack, endian = $endian)]
                    pub struct Ranges {
                        #[packed(range = "-3..=3")]
                        a: i8,
                        #[packed(range = "1000..=1999")]
                        b: u16,
                        #[packed(range = "-1000000..=1000000")]
                        c: i32,
                        #[packed(bits = 64)]
                        d: u64,
                        #[packed(range = "-1099511627776..=1099511627776")]
                        e: i64,
                        #[packed(range = "-32768..=32767")]
                        f: [i16; 3],
                        #[packed(max = 5, range = "0..=4095")]
                        g: Vec<u32>,
                        #[packed(bits = 1)]
                        h: u8,
                    }
                );
                record!(
                    #[packed(bitpack, endian = $endian)]
                    pub struct Floats {
                        #[packed(range = "-1.0..=1.0", precision = 0.01)]
                        a: f32,
                        #[packed(range = "-1000.0..=1000.0", bits = 20)]
                        b: f64,
                        #[packed(range = "0.0..=360.0", precision = 0.1)]
                        c: f32,
                        #[packed(max = 3, range = "-0.5..=2.5", precision = 1e-12)]
                        d: Vec<f64>,
                        #[packed(range = "-4096.0..=4096.0", bits = 24)]
                        e: f32,
                    }
                );
                record!(
                    #[packed(bitpack, endian = $endian)]
                    pub struct Entropies {
                        secure: bool,
                        #[packed(entropy = ["GET", "POST", "PUT"], max = 32)]
                        method: String,
                        #[packed(entropy = [80, 443, 8080, 8443, 22])]
                        port: u16,
                        #[packed(entropy = ["GET", "POST", "PUT"], align_before_data = false, max = 32)]
                        unaligned: String,
                        #[packed(entropy = [80, 443, 8080, 8443, 22], align_before_data = false, max = 4)]
                        ports: Vec<u16>,
                        last: bool,
                    }
                );
                record!(
                    #[packed(bitpack, endian = $endian)]
                    pub struct Unaligned {
                        #[packed(max = 7)]
                        lead: Vec<Flag>,
                        #[packed(max = 1000)]
                        text: String,
                        #[packed(max = 1000)]
                        bytes: Vec<u8>,
                        #[packed(max = 100)]
                        shorts: Vec<u16>,
                        word: u32,
                        wide: u64,
                        real: f64,
                        opt: Option<u16>,
                        #[packed(align_before_data = false)]
                        opt_unaligned: Option<String>,
                        #[packed(max = 10)]
                        map: BTreeMap<u8, bool>,
                        var: Var,
                        flag: bool,
                        #[packed(align)]
                        aligned: u16,
                    }
                );
                record!(
                    #[packed(bitpack, int = "varint", endian = $endian)]
                    pub struct UnalignedContainers {
                        flag: bool,
                        #[packed(max = 1000)]
                        text: String,
                        #[packed(max = 1000)]
                        bytes: Vec<u8>,
                        compact: u32,
                        last: bool,
                    }
                );
                record!(
                    #[packed(bitpack, int = "varint", endian = $endian)]
                    pub struct CompactBits {
                        flag: bool, u8: u8, i8: i8, u16: u16, i16: i16, u32: u32, i32: i32,
                        u64: u64, i64: i64,
                    }
                );
                record!(
                    #[packed(int = "varint", endian = $endian)]
                    pub struct CompactBytes {
                        flag: bool, u8: u8, i8: i8, u16: u16, i16: i16, u32: u32, i32: i32,
                        u64: u64, i64: i64,
                    }
                );
            }
        };
    }

    shapes!(le, "little");
    shapes!(be, "big");
}

/// Checks one case of a shape: `L` and `B` are its little- and big-endian types.
fn check_case<L, B>(fields: &[&str]) -> Result<(), String>
where
    L: Text + Encode + DecodeOwned,
    B: Text + Encode + DecodeOwned,
{
    let [_, _, value, decoded, le, be] = fields else {
        return Err(format!("{} fields", fields.len()));
    };
    check_config::<L>("bitsery-le", value, decoded, &text::unhex(le)?)?;
    check_config::<B>("bitsery-be", value, decoded, &text::unhex(be)?)
}

fn check_config<T: Text + Encode + DecodeOwned>(
    config: &str,
    value: &str,
    decoded: &str,
    bytes: &[u8],
) -> Result<(), String> {
    let written: T = text::parse(value)?;
    let fail = |what: &str, detail: String| Err(format!("{config}: {what}: {detail}"));
    match packed_core::to_vec(&written) {
        Ok(b) if b == bytes => {}
        Ok(b) => return fail("encode", format!("wrote {}", text::hex(&b))),
        Err(e) => return fail("encode", format!("{e}")),
    }
    if packed_core::encoded_len(&written) != Ok(bytes.len()) {
        return fail(
            "encoded_len",
            format!("{:?}", packed_core::encoded_len(&written)),
        );
    }
    for (how, back) in [
        ("from_slice", packed_core::from_slice::<T>(bytes)),
        ("from_reader", packed_core::from_reader::<T, _>(bytes)),
    ] {
        match back {
            Ok(v) if text::print(&v) == *decoded => {}
            Ok(v) => return fail(how, format!("decoded {}", text::print(&v))),
            Err(e) => return fail(how, format!("{e}")),
        }
    }
    assert_bit_cover(
        &packed_core::explain(&written).map_err(|e| e.to_string())?,
        bytes,
    );
    Ok(())
}

#[test]
fn bitsery_cases() {
    use shapes::{be, le};
    let text = std::fs::read_to_string(CASES).unwrap_or_else(|e| panic!("{CASES}: {e}"));
    let mut failures = Vec::new();
    let mut counts = std::collections::BTreeMap::<&str, usize>::new();
    for line in text.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        let (shape, case) = (fields[0], fields[1]);
        *counts.entry(shape).or_default() += 1;
        let result = match shape {
            "player" => check_case::<le::Player, be::Player>(&fields),
            "message" => check_case::<le::Message, be::Message>(&fields),
            "ranges" => check_case::<le::Ranges, be::Ranges>(&fields),
            "floats" => check_case::<le::Floats, be::Floats>(&fields),
            "entropies" => check_case::<le::Entropies, be::Entropies>(&fields),
            "unaligned" => check_case::<le::Unaligned, be::Unaligned>(&fields),
            "unaligned_containers" => {
                check_case::<le::UnalignedContainers, be::UnalignedContainers>(&fields)
            }
            "compact_bits" => check_case::<le::CompactBits, be::CompactBits>(&fields),
            "compact_bytes" => check_case::<le::CompactBytes, be::CompactBytes>(&fields),
            other => Err(format!("unknown shape {other}")),
        };
        if let Err(e) = result {
            failures.push(format!("{shape} {case}: {e}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases fail:\n{}",
        failures.len(),
        text.lines().count(),
        failures[..failures.len().min(20)].join("\n")
    );
    // Every shape, with its random cases and the fixed ones.
    assert_eq!(counts.len(), 9, "{counts:?}");
    assert!(counts.values().all(|&n| n >= 100), "{counts:?}");
}

/// The held-out fixtures' sizes, as golden-ext's README gives them.
#[test]
fn held_out_fixtures_have_the_documented_sizes() {
    let text = std::fs::read_to_string(CASES).unwrap();
    let case = |name: &str| {
        let line = text
            .lines()
            .find(|l| l.split('\t').nth(1) == Some(name))
            .unwrap_or_else(|| panic!("no case {name}"));
        text::unhex(line.split('\t').nth(4).unwrap()).unwrap()
    };
    // 135 bits, 17 bytes, and the big-endian bytes are the same (checked by
    // `bitsery_cases`: no multi-byte value sits at a byte boundary).
    assert_eq!(case("game_state").len(), 17);
    // A flag bit, then `03 'h' 'i' '!' 80 82 00 01 ...` from bit 1.
    let u = case("unaligned_containers");
    // Bit 0 the flag, then the string's length 3 from bit 1, its top bit in byte 1
    // (0), then 'h' from bit 1 of byte 1.
    assert_eq!(u[0], 0x03 << 1 | 1);
    assert_eq!(u[1], b'h' << 1);
}

// ---------------------------------------------------------------------------------------
// Property tests: a reference bit writer, written here from the rules
// ---------------------------------------------------------------------------------------

mod reference {
    use packed_core::Packed;

    /// A bit stream written one bit at a time from golden-ext's rules: bit `k` is bit
    /// `k mod 8` of byte `k / 8`, values go least significant bit first, the last byte
    /// is padded with zero bits.
    #[derive(Default)]
    pub struct Bits {
        pub bytes: Vec<u8>,
        len: usize,
    }

    impl Bits {
        pub fn bit(&mut self, b: bool) {
            if self.len.is_multiple_of(8) {
                self.bytes.push(0);
            }
            if b {
                *self.bytes.last_mut().unwrap() |= 1 << (self.len % 8);
            }
            self.len += 1;
        }
        pub fn bits(&mut self, v: u64, n: u32) {
            for i in 0..n {
                self.bit(v >> i & 1 == 1);
            }
        }
        /// Whole bytes at any offset: 8 bits each, in order.
        pub fn bytes(&mut self, b: &[u8]) {
            for &x in b {
                self.bits(u64::from(x), 8);
            }
        }
        pub fn align(&mut self) {
            while !self.len.is_multiple_of(8) {
                self.bit(false);
            }
        }
        /// Bitsery's size prefix: 1 byte below 128, else 2 bytes high first (below 2^14).
        pub fn size(&mut self, n: usize) {
            if n < 0x80 {
                self.bytes(&[n as u8]);
            } else {
                self.bytes(&[0x80 | (n >> 8) as u8, n as u8]);
            }
        }
        pub fn text(&mut self, s: &str) {
            self.size(s.len());
            self.bytes(s.as_bytes());
        }
        pub fn finish(mut self) -> Vec<u8> {
            self.align();
            self.bytes
        }
    }

    /// The bit length of `n`.
    pub fn bit_length(n: u64) -> u32 {
        64 - n.leading_zeros()
    }

    pub const COLORS: [&str; 3] = ["red", "green", "blue"];
    /// The float range of [`Sample::f`], and its bits: `(max - min) / precision` in
    /// `f32`, as an unsigned integer, its bit length.
    pub const F_MIN: f32 = -2.0;
    pub const F_MAX: f32 = 2.0;
    pub fn f_bits() -> u32 {
        bit_length(((F_MAX - F_MIN) / 0.001f32) as u32 as u64)
    }

    #[derive(Packed, Debug, Clone, PartialEq)]
    #[packed(bitpack)]
    pub struct Inner {
        pub flag: bool,
        #[packed(range = "0..=6")]
        pub v: u8,
    }

    #[derive(Packed, Debug, Clone, PartialEq)]
    #[packed(bitpack)]
    pub struct Sample {
        pub a: bool,
        #[packed(range = "-50..=50")]
        pub r: i16,
        #[packed(bits = 13)]
        pub b13: u16,
        #[packed(max = 1000)]
        pub name: String,
        #[packed(max = 20, range = "0..=1023")]
        pub ids: Vec<u16>,
        pub maybe: Option<u32>,
        #[packed(entropy = ["red", "green", "blue"])]
        pub color: String,
        pub word: u32,
        pub inner: Inner,
        #[packed(range = "-2.0..=2.0", precision = 0.001)]
        pub f: f32,
        #[packed(align)]
        pub tail: u8,
        pub last: bool,
    }

    /// `s`'s bytes by the rules.
    pub fn encode(s: &Sample) -> Vec<u8> {
        let mut b = Bits::default();
        b.bit(s.a);
        b.bits((i64::from(s.r) + 50) as u64, bit_length(100));
        b.bits(u64::from(s.b13), 13);
        b.text(&s.name);
        b.size(s.ids.len());
        for &id in &s.ids {
            b.bits(u64::from(id), 10);
        }
        b.bit(s.maybe.is_some());
        b.align();
        if let Some(m) = s.maybe {
            b.bytes(&m.to_le_bytes());
        }
        let index = COLORS
            .iter()
            .position(|c| *c == s.color)
            .map_or(0, |i| i + 1);
        b.bits(index as u64, bit_length(3));
        b.align();
        if index == 0 {
            b.text(&s.color);
        }
        b.bytes(&s.word.to_le_bytes());
        // A nested bit-packed record joins the session: no padding after it.
        b.bit(s.inner.flag);
        b.bits(u64::from(s.inner.v), bit_length(6));
        let top = (1u32 << f_bits()) - 1;
        let code = ((s.f - F_MIN) / (F_MAX - F_MIN) * top as f32) as u32;
        b.bits(u64::from(code), f_bits());
        b.align();
        b.bytes(&[s.tail]);
        b.bit(s.last);
        b.finish()
    }
}

mod props {
    use super::reference::{self, Inner, Sample};
    use super::*;
    use proptest::prelude::*;

    fn sample() -> impl Strategy<Value = Sample> {
        let color = prop_oneof![
            prop::sample::select(reference::COLORS.to_vec()).prop_map(String::from),
            "[a-z]{0,9}",
        ];
        (
            (any::<bool>(), -50i16..=50, 0u16..8192, "\\PC{0,140}"),
            (
                prop::collection::vec(0u16..=1023, 0..=20),
                any::<Option<u32>>(),
                color,
            ),
            (
                any::<u32>(),
                any::<bool>(),
                0u8..=6,
                -2.0f32..=2.0,
                any::<u8>(),
                any::<bool>(),
            ),
        )
            .prop_map(
                |((a, r, b13, name), (ids, maybe, color), (word, flag, v, f, tail, last))| Sample {
                    a,
                    r,
                    b13,
                    name,
                    ids,
                    maybe,
                    color,
                    word,
                    inner: Inner { flag, v },
                    f,
                    tail,
                    last,
                },
            )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// A random record's bytes are the reference writer's; they decode back, the
        /// float within one quantisation step of it (Bitsery truncates, then rounds on
        /// the way back).
        #[test]
        fn random_records_match_the_reference_writer(s in sample()) {
            let bytes = packed_core::to_vec(&s).unwrap();
            prop_assert_eq!(&bytes, &reference::encode(&s));
            prop_assert_eq!(packed_core::encoded_len(&s), Ok(bytes.len()));
            let back: Sample = packed_core::from_slice(&bytes).unwrap();
            let step = (reference::F_MAX - reference::F_MIN)
                / ((1u32 << reference::f_bits()) - 1) as f32;
            prop_assert!((s.f - back.f).abs() <= step * 1.0001, "{} -> {}", s.f, back.f);
            prop_assert_eq!(Sample { f: s.f, ..back.clone() }, s.clone());
            let streamed: Sample = packed_core::from_reader(&bytes[..]).unwrap();
            prop_assert_eq!(streamed, back);
            assert_bit_cover(&packed_core::explain(&s).unwrap(), &bytes);
        }

        /// Random floats within their ranges, `f32` and `f64`, in both forms, come back
        /// within one quantisation step, and never outside the range.
        #[test]
        fn floats_round_trip_within_one_step(a in -1000.0f32..=1000.0, b in -1.0e6f64..=1.0e6, c in 0.0f32..=1.0) {
            #[derive(Packed, Debug, PartialEq)]
            #[packed(bitpack)]
            struct F {
                #[packed(range = "-1000.0..=1000.0", precision = 0.01)]
                a: f32,
                #[packed(range = "-1e6..=1e6", bits = 40)]
                b: f64,
                #[packed(range = "0.0..=1.0", bits = 3)]
                c: f32,
            }
            let back: F = packed_core::from_slice(&packed_core::to_vec(&F { a, b, c }).unwrap()).unwrap();
            let step_a = 2000.0f32 / ((1u32 << 18) - 1) as f32;
            let step_b = 2.0e6f64 / ((1u64 << 40) - 1) as f64;
            let step_c = 1.0f32 / 7.0;
            prop_assert!((a - back.a).abs() <= step_a * 1.001, "{a} {}", back.a);
            prop_assert!((b - back.b).abs() <= step_b * 1.001, "{b} {}", back.b);
            prop_assert!((c - back.c).abs() <= step_c * 1.001, "{c} {}", back.c);
            prop_assert!((-1000.0..=1000.0).contains(&back.a) && (0.0..=1.0).contains(&back.c));
        }

        /// Random integers within their ranges, including the widest, come back exactly.
        #[test]
        fn integers_round_trip_exactly(a in any::<i64>(), b in any::<u64>(), c in -7i8..=7, d in 3u32..=3) {
            #[derive(Packed, Debug, PartialEq, Clone)]
            #[packed(bitpack)]
            struct I {
                #[packed(range = "-9223372036854775808..=9223372036854775807")]
                a: i64,
                #[packed(bits = 64)]
                b: u64,
                #[packed(range = "-7..=7")]
                c: i8,
                // No bits at all: one value.
                #[packed(range = "3..=3")]
                d: u32,
            }
            let v = I { a, b, c, d };
            let bytes = packed_core::to_vec(&v).unwrap();
            prop_assert_eq!(bytes.len(), (64 + 64 + 4) / 8 + 1);
            prop_assert_eq!(packed_core::from_slice::<I>(&bytes), Ok(v));
        }

        /// Any input decodes to a value or a typed error: never a panic.
        #[test]
        fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
            let _ = packed_core::from_slice::<Sample>(&bytes);
            let _ = packed_core::from_reader::<Sample, _>(&bytes[..]);
            let _ = packed_core::from_slice::<super::shapes::le::Unaligned>(&bytes);
            let _ = packed_core::from_slice::<super::shapes::be::Entropies>(&bytes);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Hostile input and values that do not fit
// ---------------------------------------------------------------------------------------

fn sample_value() -> reference::Sample {
    reference::Sample {
        a: true,
        r: -3,
        b13: 4097,
        name: "héllo".into(),
        ids: vec![1, 1023, 512],
        maybe: Some(0xDEAD_BEEF),
        color: "green".into(),
        word: 7,
        inner: reference::Inner { flag: true, v: 6 },
        f: 0.5,
        tail: 0xAA,
        last: true,
    }
}

/// Every truncation of a bit-packed record is a typed error, from a slice and from a
/// stream, at or before the cut; errors inside the session give the bit offset.
#[test]
fn truncated_bit_streams_are_typed_errors() {
    let bytes = packed_core::to_vec(&sample_value()).unwrap();
    for end in 0..bytes.len() {
        let cut = &bytes[..end];
        for e in [
            packed_core::from_slice::<reference::Sample>(cut)
                .unwrap_err()
                .into_kind(),
            packed_core::from_reader::<reference::Sample, _>(cut)
                .unwrap_err()
                .into_kind(),
        ] {
            match e {
                DecodeError::UnexpectedEndOfBits {
                    bit_offset,
                    needed,
                    remaining,
                } => {
                    assert!(bit_offset <= 8 * end && needed > remaining, "{end}: {e:?}");
                }
                DecodeError::LengthExceedsInput { offset, .. } => assert!(offset <= end, "{e:?}"),
                other => panic!("cut at {end}: {other:?}"),
            }
        }
    }
    // The exact error of one cut: the last byte holds `last` and the padding; without
    // it, `last` (1 bit) is missing.
    assert_eq!(
        packed_core::from_slice::<reference::Sample>(&bytes[..bytes.len() - 1])
            .map_err(packed_core::Error::into_kind),
        Err(DecodeError::UnexpectedEndOfBits {
            bit_offset: 8 * (bytes.len() - 1),
            needed: 1,
            remaining: 0,
        })
    );
}

/// Strings between byte boundaries (the reader's word path, and its short-name case of 1
/// to 8 bytes) at every bit offset, of every length to 20, ASCII and not: the
/// reference writer's bytes; decoded back from a slice and from a stream; every
/// truncation a typed error at or before the cut; a set padding bit after the string's
/// last field refused at its offset.
#[test]
fn strings_at_every_bit_offset() {
    #[derive(Packed, Debug, Clone, PartialEq)]
    #[packed(bitpack)]
    struct Named {
        #[packed(max = 8)]
        lead: Vec<bool>,
        #[packed(max = 100)]
        name: String,
        last: bool,
    }
    for k in 0..8usize {
        for n in 0..=20usize {
            for text in [
                "abcdefghijklmnopqrstuvwxyz"[..n].to_string(),
                "é".repeat(n / 2) + &"z".repeat(n % 2),
            ] {
                let v = Named {
                    lead: (0..k).map(|i| i % 3 == 0).collect(),
                    name: text.clone(),
                    last: true,
                };
                let mut b = reference::Bits::default();
                b.size(k);
                for &f in &v.lead {
                    b.bit(f);
                }
                b.text(&text);
                b.bit(true);
                let (padding_at, expected) = (8 + k + 8 + 8 * text.len() + 1, b.finish());
                let bytes = packed_core::to_vec(&v).unwrap();
                assert_eq!(bytes, expected, "lead {k} {text:?}");
                assert_eq!(packed_core::from_slice::<Named>(&bytes), Ok(v.clone()));
                assert_eq!(packed_core::from_reader::<Named, _>(&bytes[..]).unwrap(), v);
                for end in 0..bytes.len() {
                    for e in [
                        packed_core::from_slice::<Named>(&bytes[..end])
                            .unwrap_err()
                            .into_kind(),
                        packed_core::from_reader::<Named, _>(&bytes[..end])
                            .unwrap_err()
                            .into_kind(),
                    ] {
                        match e {
                            DecodeError::UnexpectedEndOfBits { bit_offset, .. } => {
                                assert!(bit_offset <= 8 * end, "cut {end}: {e:?}")
                            }
                            DecodeError::LengthExceedsInput { offset, .. } => {
                                assert!(offset <= end, "cut {end}: {e:?}")
                            }
                            other => panic!("lead {k} {text:?} cut at {end}: {other:?}"),
                        }
                    }
                }
                if padding_at % 8 != 0 {
                    let mut bad = bytes.clone();
                    *bad.last_mut().unwrap() |= 0x80;
                    let e = packed_core::from_slice::<Named>(&bad).unwrap_err();
                    assert_eq!(
                        e.kind(),
                        &DecodeError::InvalidPadding {
                            bit_offset: padding_at
                        },
                        "lead {k} {text:?}"
                    );
                    // The path is `explain`'s for the padding bit.
                    let explained = packed_core::explain(&v).unwrap();
                    let span = explained
                        .spans()
                        .iter()
                        .find(|s| (s.bit_offset..s.bit_offset + s.bit_len).contains(&padding_at))
                        .unwrap();
                    assert_eq!(e.path(), Some(span.path.as_str()), "lead {k} {text:?}");
                }
            }
        }
    }
}

/// Plain numbers of 1 to 8 bytes between byte boundaries (the reader's one-read path
/// for up to 8 bytes) at every bit offset: the reference writer's bytes (little-endian
/// bits), decoded back from a slice and from a stream; every truncation from a slice is
/// the error at the cut number's first bit asking for all its bits, as the checked
/// byte-by-byte path gives it, and from a stream a typed error at or before the cut.
#[test]
fn plain_numbers_at_every_bit_offset() {
    #[derive(Packed, Debug, Clone, PartialEq)]
    #[packed(bitpack)]
    struct Plain {
        #[packed(max = 8)]
        lead: Vec<bool>,
        a: u8,
        b: u16,
        c: u32,
        d: u64,
        e: [u8; 3],
        last: bool,
    }
    for k in 0..8usize {
        let v = Plain {
            lead: (0..k).map(|i| i % 2 == 0).collect(),
            a: 0xA5,
            b: 0xBEEF,
            c: 0x8765_4321,
            d: 0xF0E1_D2C3_B4A5_9687,
            e: [0x11, 0x82, 0xFF],
            last: true,
        };
        let mut b = reference::Bits::default();
        b.size(k);
        for &f in &v.lead {
            b.bit(f);
        }
        // Each number's first bit and width, for the errors.
        let mut fields = Vec::new();
        let mut at = 8 + k;
        for (value, bytes) in [
            (u64::from(v.a), 1u32),
            (u64::from(v.b), 2),
            (u64::from(v.c), 4),
            (v.d, 8),
            // The array is read in one piece.
            (0xFF_8211, 3),
        ] {
            b.bits(value & (u64::MAX >> (64 - 8 * bytes)), 8 * bytes);
            fields.push((at, 8 * bytes as usize));
            at += 8 * bytes as usize;
        }
        b.bit(true);
        let expected = b.finish();
        let bytes = packed_core::to_vec(&v).unwrap();
        assert_eq!(bytes, expected, "lead {k}");
        assert_eq!(packed_core::from_slice::<Plain>(&bytes), Ok(v.clone()));
        assert_eq!(packed_core::from_reader::<Plain, _>(&bytes[..]).unwrap(), v);
        // Cuts from the first number on (the lead's are `truncated_bit_streams_*`'s).
        for end in (8 + k).div_ceil(8)..bytes.len() {
            let cut = &bytes[..end];
            let e = packed_core::from_slice::<Plain>(cut)
                .unwrap_err()
                .into_kind();
            let want = match fields.iter().find(|&&(at, bits)| at + bits > 8 * end) {
                Some(&(at, bits)) => DecodeError::UnexpectedEndOfBits {
                    bit_offset: at,
                    needed: bits,
                    remaining: 8 * end - at,
                },
                None => DecodeError::UnexpectedEndOfBits {
                    bit_offset: at,
                    needed: 1,
                    remaining: 8 * end - at,
                },
            };
            assert_eq!(e, want, "lead {k} cut at {end}");
            match packed_core::from_reader::<Plain, _>(cut)
                .unwrap_err()
                .into_kind()
            {
                DecodeError::UnexpectedEndOfBits { bit_offset, .. } => {
                    assert!(bit_offset <= 8 * end, "lead {k} cut {end}")
                }
                other => panic!("lead {k} cut at {end}: {other:?}"),
            }
        }
    }
}

/// A set padding bit is refused wherever the session pads: after an `Option`'s flag,
/// after an entropy index, at an `align`, at the end; at its own bit offset.
#[test]
fn set_padding_bits_are_refused() {
    let v = sample_value();
    let bytes = packed_core::to_vec(&v).unwrap();
    let e = packed_core::explain(&v).unwrap();
    let padding: Vec<_> = e
        .spans()
        .iter()
        .filter(|s| s.role == packed_core::explain::Role::Padding)
        .collect();
    let paths: Vec<&str> = padding.iter().map(|s| s.path.as_str()).collect();
    assert_eq!(paths, ["maybe", "color", ""], "{padding:?}");
    for span in padding {
        for bit in span.bit_offset..span.bit_offset + span.bit_len {
            let mut bad = bytes.clone();
            bad[bit / 8] |= 1 << (bit % 8);
            let located = packed_core::from_slice::<reference::Sample>(&bad).unwrap_err();
            // The path is the padding's own: the session's end pads at the top level.
            assert_eq!(located.path(), Some(span.path.as_str()), "bit {bit}");
            let err = located.into_kind();
            assert_eq!(
                err,
                DecodeError::InvalidPadding {
                    bit_offset: span.bit_offset
                },
                "bit {bit}"
            );
            assert_eq!(err.bit_offset(), Some(span.bit_offset));
        }
    }
}

/// Codes beyond a range, and entropy indexes past the list, are typed errors at their
/// bit offset, never a wrapped value.
#[test]
fn out_of_range_codes_and_entropy_indexes() {
    #[derive(Packed, Debug, PartialEq)]
    #[packed(bitpack)]
    struct Codes {
        #[packed(range = "0..=100")]
        health: u8,
        #[packed(entropy = ["a", "b", "c", "d", "e"])]
        word: String,
        #[packed(range = "-1.0..=1.0", bits = 4)]
        f: f32,
    }
    // health: 7 bits; 101..=127 are past the range.
    for code in 101u8..=127 {
        assert_eq!(
            packed_core::from_slice::<Codes>(&[code, 0, 0]).map_err(packed_core::Error::into_kind),
            Err(DecodeError::ValueOutOfRange {
                bit_offset: 0,
                field: "Codes.health",
                range: "0..=100",
            })
        );
    }
    // word: index in 3 bits from bit 7; 6 and 7 name no value.
    for index in 6u8..=7 {
        let bytes = [(index & 1) << 7, index >> 1, 0];
        assert_eq!(
            packed_core::from_slice::<Codes>(&bytes).map_err(packed_core::Error::into_kind),
            Err(DecodeError::UnknownEntropyIndex {
                bit_offset: 7,
                index: u64::from(index),
                values: 5,
            })
        );
    }
    let ok = Codes {
        health: 100,
        word: "e".into(),
        f: 1.0,
    };
    let bytes = packed_core::to_vec(&ok).unwrap();
    assert_eq!(bytes, [100 | 1 << 7, 0b10, 0x0F]);
    assert_eq!(packed_core::from_slice::<Codes>(&bytes), Ok(ok));
}

/// Consecutive scalars of a bit-packed struct are read as one group of bits and
/// written as one where the writer does not watch fields: the bytes and the errors are
/// the field-by-field ones (`explain`, which watches, writes them one by one), and an
/// error about a field inside a group is at that field's bit offset.
#[test]
fn grouped_fields_are_the_field_by_field_bits() {
    #[derive(Packed, Debug, PartialEq, Clone)]
    #[packed(bitpack)]
    struct Group {
        a: bool,
        #[packed(range = "0..=100")]
        h: u8,
        #[packed(range = "-1.0..=1.0", precision = 0.01)]
        x: f32,
        #[packed(range = "-5..=5")]
        n: i64,
        b: bool,
        #[packed(bits = 50)]
        wide: u64,
        c: bool,
    }
    let v = Group {
        a: true,
        h: 100,
        x: 1.0,
        n: -5,
        b: true,
        wide: (1 << 50) - 1,
        c: true,
    };
    // a, h, x, n, b: 1 + 7 + 8 + 4 + 1 = 21 bits in one group; `wide` would overflow
    // it and starts another, with `c`.
    let mut b = reference::Bits::default();
    b.bit(true);
    b.bits(100, 7);
    b.bits(255, 8);
    b.bits(0, 4);
    b.bit(true);
    b.bits((1 << 50) - 1, 50);
    b.bit(true);
    let bytes = b.finish();
    assert_eq!(packed_core::to_vec(&v), Ok(bytes.clone()));
    assert_eq!(packed_core::explain(&v).unwrap().bytes(), bytes);
    assert_eq!(packed_core::from_slice::<Group>(&bytes), Ok(v.clone()));
    // `h` is 101: past its range, at bit 1.
    let mut bad = reference::Bits::default();
    bad.bit(true);
    bad.bits(101, 7);
    bad.bits(0, 64);
    assert_eq!(
        packed_core::from_slice::<Group>(&bad.finish()).map_err(packed_core::Error::into_kind),
        Err(DecodeError::ValueOutOfRange {
            bit_offset: 1,
            field: "Group.h",
            range: "0..=100",
        })
    );
    // `n`'s code 11 is past `-5..=5` (4 bits), at bit 16.
    let mut bad = reference::Bits::default();
    bad.bits(0, 16);
    bad.bits(11, 4);
    bad.bits(0, 60);
    assert_eq!(
        packed_core::from_slice::<Group>(&bad.finish()).map_err(packed_core::Error::into_kind),
        Err(DecodeError::ValueOutOfRange {
            bit_offset: 16,
            field: "Group.n",
            range: "-5..=5",
        })
    );
    let mut out_of_range = v;
    out_of_range.n = 6;
    assert_eq!(
        packed_core::to_vec(&out_of_range).map_err(packed_core::Error::into_kind),
        Err(packed_core::EncodeError::ValueOutOfRange {
            field: "Group.n",
            range: "-5..=5",
        })
    );
}

/// A value outside its range is an encode error naming the field, never wrapped or
/// clamped; so is a NaN.
#[test]
fn values_outside_their_range_do_not_encode() {
    let mut v = sample_value();
    v.r = 51;
    assert_eq!(
        packed_core::to_vec(&v).map_err(packed_core::Error::into_kind),
        Err(packed_core::EncodeError::ValueOutOfRange {
            field: "Sample.r",
            range: "-50..=50",
        })
    );
    let mut v = sample_value();
    v.ids = vec![0, 1024];
    assert_eq!(
        packed_core::to_vec(&v).map_err(packed_core::Error::into_kind),
        Err(packed_core::EncodeError::ValueOutOfRange {
            field: "Sample.ids",
            range: "0..=1023",
        })
    );
    let mut v = sample_value();
    v.b13 = 8192;
    assert_eq!(
        packed_core::encoded_len(&v).map_err(|e| (e.path().map(String::from), e.into_kind())),
        Err((
            Some("b13".to_string()),
            packed_core::EncodeError::ValueOutOfRange {
                field: "Sample.b13",
                range: "0..=8191",
            }
        ))
    );
    for f in [f32::NAN, 2.0001, -2.0001, f32::INFINITY] {
        let mut v = sample_value();
        v.f = f;
        let e = packed_core::to_vec(&v).unwrap_err();
        assert_eq!(e.path(), Some("f"));
        assert_eq!(
            e.kind().clone(),
            packed_core::EncodeError::ValueOutOfRange {
                field: "Sample.f",
                range: "-2.0..=2.0",
            }
        );
        assert!(e.to_string().contains("Sample.f"), "{e}");
    }
}

/// A length claim inside a session is checked against the bits left before anything is
/// allocated: a ranged sequence of 10-bit elements cannot claim more than the input's
/// bits can hold.
#[test]
fn length_claims_inside_a_session_are_checked_first() {
    #[derive(Packed, Debug, PartialEq)]
    #[packed(bitpack)]
    struct Ids {
        flag: bool,
        #[packed(range = "0..=1023")]
        ids: Vec<u16>,
    }
    // The flag, then Bitsery's 4-byte size form claiming 2^29 - 1 elements, from bit 1.
    let mut b = reference::Bits::default();
    b.bit(true);
    b.bytes(&[0xDF, 0xFF, 0xFF, 0xFF]);
    let bytes = b.finish();
    assert!(matches!(
        packed_core::from_slice::<Ids>(&bytes).map_err(packed_core::Error::into_kind),
        Err(DecodeError::LengthExceedsInput { offset: 0, .. })
    ));
}

// ---------------------------------------------------------------------------------------
// Growable and bit-packed together (FEATURES.md, shared decision 4)
// ---------------------------------------------------------------------------------------

/// golden-ext README, section A, "Bit packing": Bitsery's safe pattern,
/// `growable_bitpacked_body`: `enableBitPacking` inside the Growable lambda, so the
/// session pads to a byte before the size is taken, and the size counts the padded
/// byte. Level 999 in 10 bits, two flag bits, 4 padding bits.
#[derive(Packed, packed_core::MaxSize, Debug, PartialEq, Clone, Default)]
#[packed(growable, bitpack)]
struct GrowBits {
    #[packed(range = "0..=1000")]
    level: u16,
    a: bool,
    b: bool,
}

/// The record, then a plain byte after it (`5a`).
#[derive(Packed, Debug, PartialEq)]
struct AfterGrowBits {
    rec: GrowBits,
    after: u8,
}

/// [`GrowBits`] with a field appended: a ranged integer of 20 bits.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
#[packed(growable, bitpack)]
struct GrowBitsV2 {
    #[packed(range = "0..=1000")]
    level: u16,
    a: bool,
    b: bool,
    #[packed(range = "-5..=1000000")]
    score: i32,
}

/// [`GrowBits`] with a bool appended: it fits the padding of version 1's last byte.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
#[packed(growable, bitpack)]
struct GrowBitsV3 {
    #[packed(range = "0..=1000")]
    level: u16,
    a: bool,
    b: bool,
    c: bool,
}

#[test]
fn growable_bitpacked_body() {
    let v = AfterGrowBits {
        rec: GrowBits {
            level: 999,
            a: true,
            b: false,
        },
        after: 0x5A,
    };
    // The README's bytes (LE). The size is the only number wider than a byte: the BE
    // bytes (worked out from the rule: the size in the configured byte order, the bits
    // unchanged) differ only there.
    assert_golden("growable_bitpacked_body", &v, &hex("06000000 e707 5a"));
    let be = hex("00000006 e707 5a");
    let c = packed_core::with::<layout::BitseryBig>();
    assert_eq!(c.to_vec(&v).unwrap(), be);
    assert_eq!(c.from_slice::<AfterGrowBits>(&be).unwrap(), v);
    // A stream counts the body first (no size back-patch): the same bytes.
    let mut streamed = Vec::new();
    packed_core::to_writer(&v, &mut streamed).unwrap();
    assert_eq!(streamed, hex("06000000 e707 5a"));
    // The explanation: the size, then the bits and the session's padding.
    let e = packed_core::explain(&v).unwrap();
    assert_eq!(e.by_role().size, 4);
    assert_eq!(e.by_role_bits().padding, 4);
}

/// The rule: the size frame is outside, the session inside, padded to a byte before
/// the size is taken, so the size counts whole bytes: 4 + ceil(bits / 8).
#[test]
fn growable_bitpacked_size_counts_the_padded_session() {
    for (score, bits) in [(-5, 32), (1_000_000, 32)] {
        let v = GrowBitsV2 {
            level: 1,
            a: false,
            b: true,
            score,
        };
        // 10 + 1 + 1 + 20 bits = 32: 4 bytes, no padding.
        let bytes = packed_core::to_vec(&v).unwrap();
        assert_eq!(bytes.len(), 4 + bits / 8);
        assert_eq!(bytes[..4], [8, 0, 0, 0]);
        assert_eq!(packed_core::from_slice::<GrowBitsV2>(&bytes).unwrap(), v);
    }
    let v3 = GrowBitsV3 {
        level: 1000,
        a: true,
        b: true,
        c: true,
    };
    // 13 bits: 2 bytes, 3 of padding. 1000 = 0b11_1110_1000.
    let bytes = packed_core::to_vec(&v3).unwrap();
    assert_eq!(bytes, hex("06000000 e8 1f"));
    assert_eq!(packed_core::from_slice::<GrowBitsV3>(&bytes).unwrap(), v3);
    // MaxSize: the size and the fields' bound (2 + 1 + 1 bytes).
    assert_eq!(packed_core::max_size::<GrowBits>(), 8);
}

/// Evolution, as Bitsery reads it: an older record's bits end in its last byte, which
/// does not say where, so the fields it lacks read as zero bits (the range's minimum, a
/// `false`); a newer record's bits after the reader's fields are skipped with the rest
/// of the record, not checked as padding.
#[test]
fn growable_bitpacked_records_evolve() {
    let old = AfterGrowBits {
        rec: GrowBits {
            level: 999,
            a: true,
            b: false,
        },
        after: 0x5A,
    };
    let old_bytes = packed_core::to_vec(&old.rec).unwrap();
    // Version 2 reads version 1: `score` past the record's end is zero bits, -5.
    assert_eq!(
        packed_core::from_slice::<GrowBitsV2>(&old_bytes).unwrap(),
        GrowBitsV2 {
            level: 999,
            a: true,
            b: false,
            score: -5,
        }
    );
    // Version 3 reads version 1: `c` is a padding bit of version 1's last byte, zero.
    assert!(!packed_core::from_slice::<GrowBitsV3>(&old_bytes).unwrap().c);
    // Version 1 reads versions 2 and 3: their extra bits, past the reader's fields, are
    // skipped, and a plain byte after the record is read where it is.
    #[derive(Packed, Debug, PartialEq)]
    struct After<T> {
        rec: T,
        after: u8,
    }
    for bytes in [
        packed_core::to_vec(&After {
            rec: GrowBitsV2 {
                level: 999,
                a: true,
                b: false,
                score: 1_000_000,
            },
            after: 0x5A,
        })
        .unwrap(),
        packed_core::to_vec(&After {
            rec: GrowBitsV3 {
                level: 999,
                a: true,
                b: false,
                c: true,
            },
            after: 0x5A,
        })
        .unwrap(),
    ] {
        assert_eq!(
            packed_core::from_slice::<AfterGrowBits>(&bytes).unwrap(),
            old,
            "{bytes:02x?}"
        );
        assert_eq!(
            packed_core::from_reader::<AfterGrowBits, _>(&bytes[..]).unwrap(),
            old,
            "{bytes:02x?}"
        );
    }
    // A sequence of older records read by version 2: each element's zeros stop at its
    // own end.
    let seq = vec![
        GrowBits {
            level: 7,
            a: true,
            b: true,
        };
        3
    ];
    let bytes = packed_core::to_vec(&seq).unwrap();
    for reader in [
        packed_core::from_slice::<Vec<GrowBitsV2>>(&bytes).unwrap(),
        packed_core::from_reader::<Vec<GrowBitsV2>, _>(&bytes[..]).unwrap(),
    ] {
        assert_eq!(reader.len(), 3);
        assert!(reader
            .iter()
            .all(|r| (r.level, r.a, r.b, r.score) == (7, true, true, -5)));
    }
}

/// [`GrowBits`] with strings, and a byte vector, appended: fields an older record lacks
/// whose bytes a length claims.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
#[packed(growable, bitpack)]
struct GrowBitsText {
    #[packed(range = "0..=1000")]
    level: u16,
    a: bool,
    b: bool,
    name: String,
    tag: Option<String>,
    bytes: Vec<u8>,
}

/// [`GrowBits`] with a borrowed string appended.
#[derive(Packed, Debug, PartialEq)]
#[packed(growable, bitpack)]
struct GrowBitsBorrowed<'a> {
    #[packed(range = "0..=1000")]
    level: u16,
    a: bool,
    b: bool,
    name: &'a str,
}

/// An older record's missing `&str` borrows its no bytes past the record's end, as a
/// `String` there decodes empty (it was `CannotBorrow`: the empty borrow past the end
/// was taken for bytes to read bit by bit).
#[test]
fn growable_bitpacked_missing_borrowed_strings_are_empty() {
    // Level 999 in 10 bits (e7 03), a set, b clear, padding: GrowBits's body.
    let old = hex("06000000 e707");
    let back = packed_core::from_slice::<GrowBitsBorrowed<'_>>(&old).unwrap();
    assert_eq!(
        back,
        GrowBitsBorrowed {
            level: 999,
            a: true,
            b: false,
            name: ""
        }
    );
}

/// A flag, then a string that starts between byte boundaries.
#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack)]
struct FlagThenName<S> {
    flag: bool,
    name: S,
}

/// An empty `&str` between byte boundaries borrows its no bytes; a non-empty one there
/// is `CannotBorrow`, and decodes as a `String`. Bytes by hand: the flag at bit 0, the
/// length's 8 bits from bit 1, the string's bytes after it, padding to a byte.
#[test]
fn an_empty_borrowed_string_between_byte_boundaries_decodes() {
    let empty = hex("01 00");
    let back = packed_core::from_slice::<FlagThenName<&str>>(&empty).unwrap();
    assert_eq!(
        back,
        FlagThenName {
            flag: true,
            name: ""
        }
    );
    // Length 1 (bits 1..9: 0x02 in byte 0), "a" = 0x61 at bits 9..17.
    let one = hex("03 c2 00");
    let owned = packed_core::from_slice::<FlagThenName<String>>(&one).unwrap();
    assert_eq!(owned.name, "a");
    let borrowed = packed_core::from_slice::<FlagThenName<&str>>(&one);
    assert_eq!(
        borrowed.map_err(|e| e.into_kind()),
        Err(DecodeError::CannotBorrow { offset: 1 })
    );
}

/// An older record's missing string, at a byte boundary past the record's end, reads
/// its length as zero bits and then no bytes: empty, from a slice as from a stream
/// (the slice's session looked for its 0 bytes in the input past the zeros it had
/// read, and failed with `UnexpectedEndOfBits { needed: 0 }` and a `remaining` that
/// had wrapped below zero; a debug build panicked on the subtraction). A length that
/// claims bytes past the record's end is still an error, with nothing left.
#[test]
fn growable_bitpacked_missing_strings_are_empty() {
    let old = packed_core::to_vec(&GrowBits {
        level: 999,
        a: true,
        b: false,
    })
    .unwrap();
    let want = GrowBitsText {
        level: 999,
        a: true,
        b: false,
        ..GrowBitsText::default()
    };
    assert_eq!(packed_core::from_slice::<GrowBitsText>(&old).unwrap(), want);
    assert_eq!(
        packed_core::from_reader::<GrowBitsText, _>(&old[..]).unwrap(),
        want
    );
    let mut into = GrowBitsText {
        name: "stale".into(),
        tag: Some("stale".into()),
        bytes: vec![1, 2],
        ..GrowBitsText::default()
    };
    packed_core::from_slice_into(&old, &mut into).unwrap();
    assert_eq!(into, want);
    // A record that ends after `tag`'s flag (bit 20, set) and padding: the string's
    // length, at byte 3, is past the end: `Some("")`.
    let some = hex("07000000 e70310");
    let back = packed_core::from_slice::<GrowBitsText>(&some).unwrap();
    assert_eq!(back.tag.as_deref(), Some(""));
    assert_eq!(
        packed_core::from_reader::<GrowBitsText, _>(&some[..]).unwrap(),
        back
    );
    // A length inside the record that claims bytes past its end: 3 claimed, none there.
    let claim = hex("07000000 e707 03");
    let e = packed_core::from_slice::<GrowBitsText>(&claim)
        .unwrap_err()
        .into_kind();
    assert!(
        matches!(
            e,
            DecodeError::UnexpectedEndOfBits {
                needed: 24,
                remaining: 0,
                ..
            } | DecodeError::LengthExceedsInput { .. }
        ),
        "{e:?}"
    );
}

/// Hostile sizes keep their errors; a growable record inside a session (a field of a
/// bit-packed type) is a typed error both ways, never bytes written over bits.
#[test]
fn growable_bitpacked_hostile_input_and_misuse() {
    // A size past the input, and one below 4.
    assert!(matches!(
        packed_core::from_slice::<GrowBits>(&hex("07000000 e707"))
            .map_err(packed_core::Error::into_kind),
        Err(DecodeError::RecordSizeTooLarge { offset: 0, .. })
    ));
    assert!(matches!(
        packed_core::from_slice::<GrowBits>(&hex("03000000"))
            .map_err(packed_core::Error::into_kind),
        Err(DecodeError::RecordSizeTooSmall { offset: 0, size: 3 })
    ));
    // A code past the range inside the record: 1023 > 1000.
    assert!(matches!(
        packed_core::from_slice::<GrowBits>(&hex("06000000 ff03"))
            .map_err(packed_core::Error::into_kind),
        Err(DecodeError::ValueOutOfRange { bit_offset: 32, .. })
    ));

    // A record whose body claims 16,383 elements and ends there: the claim exceeds the
    // bits left in the record, from a slice and from a stream (which knows where the
    // record ends), never 16,383 elements of zeros.
    #[derive(Packed, Debug, PartialEq)]
    #[packed(growable, bitpack)]
    struct Claims {
        items: Vec<[u8; 4]>,
    }
    let claim = hex("06000000 bfff");
    assert!(matches!(
        packed_core::from_slice::<Claims>(&claim).map_err(packed_core::Error::into_kind),
        Err(DecodeError::LengthExceedsInput { .. })
    ));
    assert!(matches!(
        packed_core::from_reader::<Claims, _>(&claim[..]).map_err(packed_core::Error::into_kind),
        Err(DecodeError::LengthExceedsInput { .. })
    ));
    // Within the bound, an older record's missing elements are zeros: 2 claimed, none
    // there.
    let short = hex("05000000 02");
    for back in [
        packed_core::from_slice::<Claims>(&short),
        packed_core::from_reader::<Claims, _>(&short[..]),
    ] {
        assert!(
            back.is_err()
                || back
                    == Ok(Claims {
                        items: vec![[0; 4]; 2]
                    }),
            "{back:?}"
        );
    }

    /// A growable record inside a session.
    #[derive(Packed, Debug, PartialEq)]
    #[packed(growable)]
    struct Inner {
        x: u8,
    }
    #[derive(Packed, Debug, PartialEq)]
    #[packed(bitpack)]
    struct Outer {
        flag: bool,
        inner: Inner,
    }
    let v = Outer {
        flag: true,
        inner: Inner { x: 1 },
    };
    assert!(matches!(
        packed_core::to_vec(&v).map_err(packed_core::Error::into_kind),
        Err(packed_core::EncodeError::RecordInBitPacking { type_name }) if type_name.ends_with("Inner")
    ));
    let mut sink = Vec::new();
    assert!(matches!(
        packed_core::to_writer(&v, &mut sink).map_err(packed_core::Error::into_kind),
        Err(packed_core::EncodeError::RecordInBitPacking { .. })
    ));
    assert!(matches!(
        packed_core::from_slice::<Outer>(&hex("01 05000000 01"))
            .map_err(packed_core::Error::into_kind),
        Err(DecodeError::RecordInBitPacking { bit_offset: 1, .. })
    ));
}

/// A type both growable and bit-packed that holds itself compiles (it did not: E0275,
/// its decode nested bit readers without end), and its `None` round-trips; `Some` is a
/// record inside its own session, refused both ways.
#[test]
fn recursive_growable_bit_packed_types_compile() {
    #[derive(Packed, Debug, PartialEq)]
    #[packed(growable, bitpack)]
    struct Node {
        x: bool,
        next: Option<Box<Node>>,
    }
    let leaf = Node {
        x: true,
        next: None,
    };
    // Size 5; x = 1 at bit 0, the option's flag 0 at bit 1, padding.
    let bytes = hex("05000000 01");
    assert_eq!(packed_core::to_vec(&leaf).unwrap(), bytes);
    assert_eq!(packed_core::from_slice::<Node>(&bytes), Ok(leaf));
    assert_eq!(
        packed_core::from_reader::<Node, _>(&bytes[..]).map_err(packed_core::Error::into_kind),
        Ok(Node {
            x: true,
            next: None
        })
    );
    let two = Node {
        x: true,
        next: Some(Box::new(Node {
            x: false,
            next: None,
        })),
    };
    assert!(matches!(
        packed_core::to_vec(&two).map_err(packed_core::Error::into_kind),
        Err(packed_core::EncodeError::RecordInBitPacking { .. })
    ));
    // The flag set at bit 1, then padding: the inner record would start inside the
    // session.
    assert!(matches!(
        packed_core::from_slice::<Node>(&hex("0a000000 03 05000000 00"))
            .map_err(packed_core::Error::into_kind),
        Err(DecodeError::RecordInBitPacking { .. })
    ));

    /// The same as an enum, through a tuple variant.
    #[derive(Packed, Debug, PartialEq)]
    #[packed(growable, bitpack)]
    enum Chain {
        End,
        Link(#[packed(range = "0..=3")] u8, Box<Chain>),
    }
    // Size 5; the tag 0 (a size prefix, 8 bits in the session).
    assert_eq!(
        packed_core::to_vec(&Chain::End).unwrap(),
        hex("05000000 00")
    );
    assert_eq!(
        packed_core::from_slice::<Chain>(&hex("05000000 00")),
        Ok(Chain::End)
    );
}

/// `MaxSize` of a bit-packed type: its fields' bounds (no field's bits exceed 8 per byte
/// of its bound, and padding only rounds up to a byte), and an `entropy` field's index
/// bytes, once per value or element.
#[test]
fn max_size_of_bit_packed_types() {
    #[derive(Packed, packed_core::MaxSize)]
    #[packed(bitpack)]
    struct Bounded {
        flag: bool,
        #[packed(entropy = [80, 443])]
        port: u16,
        #[packed(entropy = [1, 2, 3], align_before_data = false)]
        codes: [u8; 3],
        #[packed(align, range = "0..=7")]
        small: u32,
        maybe: Option<u8>,
    }
    // 1 + (2 + 1) + (3 + 3 * 1) + 4 + 2.
    assert_eq!(packed_core::max_size::<Bounded>(), 16);
    let worst = Bounded {
        flag: true,
        port: 65535,
        codes: [200; 3],
        small: 7,
        maybe: Some(255),
    };
    assert!(packed_core::to_vec(&worst).unwrap().len() <= 16);
}

/// Every layout key still applies inside a session: YAS's 8-byte lengths and
/// LEB128/zigzag integers go out as their bytes at any bit offset, and a number wider
/// than a byte takes the layout's byte order only at a byte boundary.
#[test]
fn layouts_apply_inside_a_session() {
    #[derive(Packed, Debug, PartialEq)]
    #[packed(bitpack)]
    struct Mixed {
        flag: bool,
        s: String,
        n: i32,
        #[packed(align)]
        m: u16,
    }
    let v = Mixed {
        flag: true,
        s: "yas".into(),
        n: -300,
        m: 0x1234,
    };
    let expect = |len: &[u8], n: &[u8], m: &[u8]| {
        let mut b = reference::Bits::default();
        b.bit(true);
        b.bytes(len);
        b.bytes(b"yas");
        b.bytes(n);
        b.align();
        b.bytes(m);
        b.finish()
    };
    // YAS without a header: an 8-byte length, a 4-byte integer, little-endian.
    let c = packed_core::with::<layout::YasNoHeader>();
    let yas = expect(&3u64.to_le_bytes(), &(-300i32).to_le_bytes(), &[0x34, 0x12]);
    assert_eq!(c.to_vec(&v).unwrap(), yas);
    assert_eq!(c.from_slice::<Mixed>(&yas).unwrap(), v);
    // varint: a LEB128 length, the integers LEB128, zigzag where signed (-300 as 599 =
    // d7 04; 0x1234 = b4 24).
    let c = packed_core::with::<layout::Varint>();
    let varint = expect(&[3], &[0xD7, 0x04], &[0xB4, 0x24]);
    assert_eq!(c.to_vec(&v).unwrap(), varint);
    assert_eq!(c.from_slice::<Mixed>(&varint).unwrap(), v);
    // Bitsery big-endian: the unaligned integer's bits little-endian, the aligned one
    // big-endian.
    let c = packed_core::with::<layout::BitseryBig>();
    let big = expect(&[3], &(-300i32).to_le_bytes(), &[0x12, 0x34]);
    assert_eq!(c.to_vec(&v).unwrap(), big);
    assert_eq!(c.from_slice::<Mixed>(&big).unwrap(), v);
}

/// A claim inside a growable bit-packed record is checked against the bits left in the
/// record, from a stream as from a slice. A stream knows where the record ends (its
/// size), though not where the input does; it used to read the claimed elements as the
/// zero bits past the end of an older record, and decoded what a slice refuses.
#[test]
fn a_claim_past_a_bit_packed_records_end_is_refused_from_streams_too() {
    #[derive(Packed, Debug, PartialEq)]
    #[packed(growable, bitpack)]
    struct Named {
        flag: bool,
        #[packed(range = "0..=1000")]
        n: u16,
        names: Vec<String>,
    }
    // Size 7 (4 + 3 bytes of body). The body's bits: flag (bit 0) 0; n in 10 bits
    // (bits 1-10) 0; the names' compact length in 8 bits from bit 11: 8, its bit 3 at
    // bit 14 (byte 1, bit 6: 0x40); then 5 bits of the record left, where 8 strings
    // need at least 8 bits each.
    let input = [0x07, 0, 0, 0, 0x00, 0x40, 0x00];
    let refused = DecodeError::LengthExceedsInput {
        offset: 5,
        len: 8,
        remaining: 5,
    };
    assert_eq!(
        packed_core::from_slice::<Named>(&input).map_err(packed_core::Error::into_kind),
        Err(refused.clone())
    );
    assert_eq!(
        packed_core::from_reader::<Named, _>(&input[..]).map_err(packed_core::Error::into_kind),
        Err(refused.clone())
    );
    // A stream that holds no more than the record: the same.
    let mut one_at_a_time = std::io::BufReader::with_capacity(1, &input[..]);
    assert_eq!(
        packed_core::from_reader::<Named, _>(&mut one_at_a_time)
            .map_err(packed_core::Error::into_kind),
        Err(refused)
    );
    // One name whose length (bits 19-26: 0) is in the record, as the writer left it:
    // length 1 at bit 11 (byte 1, bit 3: 0x08), then an empty string's 0 in bits
    // 19-26, past the body's 3 bytes: read as zero bits, as Bitsery reads them.
    let older = [0x07, 0, 0, 0, 0x00, 0x08, 0x00];
    let one_empty = Named {
        flag: false,
        n: 0,
        names: vec![String::new()],
    };
    assert_eq!(packed_core::from_slice::<Named>(&older), Ok(one_empty));
    assert_eq!(
        packed_core::from_reader::<Named, _>(&older[..]).map_err(packed_core::Error::into_kind),
        packed_core::from_slice::<Named>(&older).map_err(packed_core::Error::into_kind)
    );
}

/// A stream cut inside an aligned value of a bit-packing session reports the bits it
/// had, as a slice does (it said 0: the inner reader had taken them).
#[test]
fn a_stream_cut_inside_an_aligned_value_reports_the_bits_left() {
    #[derive(Packed, Debug, PartialEq)]
    #[packed(bitpack)]
    struct Tail {
        flag: bool,
        #[packed(align)]
        tail: u32,
    }
    // flag 1 in bit 0, padding to the byte, then `tail` at byte 1: two of its 4 bytes.
    let cut = [0x01, 0xAA, 0xBB];
    let expected = DecodeError::UnexpectedEndOfBits {
        bit_offset: 8,
        needed: 32,
        remaining: 16,
    };
    assert_eq!(
        packed_core::from_slice::<Tail>(&cut).map_err(packed_core::Error::into_kind),
        Err(expected.clone())
    );
    assert_eq!(
        packed_core::from_reader::<Tail, _>(&cut[..]).map_err(packed_core::Error::into_kind),
        Err(expected)
    );
}

/// A length of 2^14 or more takes the compact prefix's 4-byte form.
#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack, endian = "big")]
struct LongPrefixBig {
    flag: bool,
    data: Vec<u8>,
}

/// As [`LongPrefixBig`], starting at a byte boundary.
#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack, endian = "big")]
struct AlignedLongPrefixBig {
    data: Vec<u8>,
}

/// The compact prefix's 4-byte form inside a big-endian session: its last two bytes
/// (the length's low 16 bits) big-endian at a byte boundary, but little-endian between
/// boundaries, as every number there. Worked out by hand for a length of 0x4000:
/// `C0 00` then the low 16 bits `0x4000`.
#[test]
fn compact_four_byte_prefix_in_a_big_endian_session() {
    let data = vec![0u8; 0x4000];

    let aligned = AlignedLongPrefixBig { data: data.clone() };
    let mut want = vec![0xC0, 0x00, 0x40, 0x00];
    want.extend_from_slice(&data);
    assert_eq!(packed_core::to_vec(&aligned), Ok(want.clone()));
    assert_eq!(
        packed_core::from_slice::<AlignedLongPrefixBig>(&want),
        Ok(aligned)
    );

    // After the flag's bit: the bytes C0 00 00 40, each shifted up one bit, then the
    // data's zeros and the last byte's padding.
    let unaligned = LongPrefixBig { flag: true, data };
    let mut want = vec![0x81, 0x01, 0x00, 0x80];
    want.resize(4 + 0x4000 + 1, 0);
    assert_eq!(packed_core::to_vec(&unaligned), Ok(want.clone()));
    assert_eq!(
        packed_core::from_slice::<LongPrefixBig>(&want),
        Ok(unaligned)
    );
}
