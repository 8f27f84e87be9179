//! Byte compatibility with the real C++ libraries for the standard types: groups D
//! (Bitsery's std extensions) and E (YAS's std types) of `testdata/golden-ext/` (a
//! copy of `../shared/golden-ext/`; its README gives the rules, `fixtures.json` the
//! values).
//!
//! Every file of those groups whose C++ type has a Rust counterpart is decoded to the
//! fixture's value and the value encoded back to the file's bytes, under the file's
//! configuration (`with::<L>()`, with field attributes where the type needs them:
//! chrono units). The files with no Rust counterpart are listed in [`NO_COUNTERPART`]
//! with the reason, and the test checks that every file of the two groups is in one
//! list or the other. Fixtures the shared set holds back are checked against bytes
//! worked out by hand from the README's rules ([`held_out_by_the_rules`]).

#[macro_use]
mod common;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Debug;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use common::{hex, hex_file};
use packed_core::cpp::{Bitset, Fields, Pair, U16String, WString};
use packed_core::{layout, Decode, Encode, Layout, Packed};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../testdata/golden-ext/");

/// The files of groups D and E with no Rust counterpart, and why.
const NO_COUNTERPART: &[(&str, &str)] = &[
    (
        "std_unique_ptr_null",
        "ext::StdSmartPtr writes PointerLinkingContext ids (per message, in first-seen order \
         of the pointee's address); Option<Box<T>> is StdOptional's flag, not an id",
    ),
    ("std_unique_ptr_some", "as std_unique_ptr_null"),
];

/// Checks one file: `bytes` decode to `value` and `value` encodes to `bytes` under `L`.
fn check<L: Layout, T>(file: &str, bytes: &[u8], value: &T)
where
    T: Encode + for<'de> Decode<'de> + PartialEq + Debug,
{
    assert_eq!(
        packed_core::from_slice_as::<L, T>(bytes).as_ref(),
        Ok(value),
        "{file}: decode"
    );
    assert_eq!(
        packed_core::to_vec_as::<L, T>(value).as_deref(),
        Ok(bytes),
        "{file}: encode"
    );
    assert_eq!(
        packed_core::encoded_len_as::<L, T>(value),
        Ok(bytes.len()),
        "{file}: encoded_len"
    );
}

/// The checks of every configuration that has a file of `fixture`, and the files they
/// read.
struct Files(Vec<String>);

macro_rules! in_configs {
    ($files:ident, $fixture:expr, $value:expr; $([$i:literal $name:literal $m:ident $attrs:tt $layout:ident])*) => {{
        $(
            let file = format!("{}_{}.hex", $name, $fixture);
            if std::path::Path::new(DIR).join(&file).is_file() {
                let bytes = hex_file(DIR, $name, $fixture);
                check::<layout::$layout, _>(&file, &bytes, $value);
                $files.0.push(file);
            }
        )*
    }};
}

impl Files {
    fn check<T>(&mut self, fixture: &str, value: &T)
    where
        T: Encode + for<'de> Decode<'de> + PartialEq + Debug,
    {
        let before = self.0.len();
        packed_tests::configurations!(in_configs; self, fixture, value);
        assert!(self.0.len() > before, "{fixture}: no file");
    }
}

// ---------------------------------------------------------------------------------------
// The fixtures' types
// ---------------------------------------------------------------------------------------

/// `VS { u16 x; std::string y; }`, the third alternative of the variants.
#[derive(Packed, Debug, PartialEq, Clone)]
struct Vs {
    x: u16,
    y: String,
}

/// `std::variant<int32_t, std::string, VS>`: a derived enum without `tag`.
#[derive(Packed, Debug, PartialEq, Clone)]
enum Variant {
    I(i32),
    S(String),
    Vs(Vs),
}

/// `A<i> { uint8_t v; }`, every alternative of the 130-alternative variant.
#[derive(Packed, Debug, PartialEq, Clone)]
struct A {
    v: u8,
}

/// `std::variant<A0, ..., A129>`.
#[derive(Packed, Debug, PartialEq, Clone)]
#[allow(dead_code)]
enum Variant130 {
    V0(A),
    V1(A),
    V2(A),
    V3(A),
    V4(A),
    V5(A),
    V6(A),
    V7(A),
    V8(A),
    V9(A),
    V10(A),
    V11(A),
    V12(A),
    V13(A),
    V14(A),
    V15(A),
    V16(A),
    V17(A),
    V18(A),
    V19(A),
    V20(A),
    V21(A),
    V22(A),
    V23(A),
    V24(A),
    V25(A),
    V26(A),
    V27(A),
    V28(A),
    V29(A),
    V30(A),
    V31(A),
    V32(A),
    V33(A),
    V34(A),
    V35(A),
    V36(A),
    V37(A),
    V38(A),
    V39(A),
    V40(A),
    V41(A),
    V42(A),
    V43(A),
    V44(A),
    V45(A),
    V46(A),
    V47(A),
    V48(A),
    V49(A),
    V50(A),
    V51(A),
    V52(A),
    V53(A),
    V54(A),
    V55(A),
    V56(A),
    V57(A),
    V58(A),
    V59(A),
    V60(A),
    V61(A),
    V62(A),
    V63(A),
    V64(A),
    V65(A),
    V66(A),
    V67(A),
    V68(A),
    V69(A),
    V70(A),
    V71(A),
    V72(A),
    V73(A),
    V74(A),
    V75(A),
    V76(A),
    V77(A),
    V78(A),
    V79(A),
    V80(A),
    V81(A),
    V82(A),
    V83(A),
    V84(A),
    V85(A),
    V86(A),
    V87(A),
    V88(A),
    V89(A),
    V90(A),
    V91(A),
    V92(A),
    V93(A),
    V94(A),
    V95(A),
    V96(A),
    V97(A),
    V98(A),
    V99(A),
    V100(A),
    V101(A),
    V102(A),
    V103(A),
    V104(A),
    V105(A),
    V106(A),
    V107(A),
    V108(A),
    V109(A),
    V110(A),
    V111(A),
    V112(A),
    V113(A),
    V114(A),
    V115(A),
    V116(A),
    V117(A),
    V118(A),
    V119(A),
    V120(A),
    V121(A),
    V122(A),
    V123(A),
    V124(A),
    V125(A),
    V126(A),
    V127(A),
    V128(A),
    V129(A),
}

/// Alternative `index` of `Variant130`, holding `A { v }`.
fn variant130(index: usize, v: u8) -> Variant130 {
    let a = A { v };
    match index {
        0 => Variant130::V0(a),
        1 => Variant130::V1(a),
        2 => Variant130::V2(a),
        3 => Variant130::V3(a),
        4 => Variant130::V4(a),
        5 => Variant130::V5(a),
        6 => Variant130::V6(a),
        7 => Variant130::V7(a),
        8 => Variant130::V8(a),
        9 => Variant130::V9(a),
        10 => Variant130::V10(a),
        11 => Variant130::V11(a),
        12 => Variant130::V12(a),
        13 => Variant130::V13(a),
        14 => Variant130::V14(a),
        15 => Variant130::V15(a),
        16 => Variant130::V16(a),
        17 => Variant130::V17(a),
        18 => Variant130::V18(a),
        19 => Variant130::V19(a),
        20 => Variant130::V20(a),
        21 => Variant130::V21(a),
        22 => Variant130::V22(a),
        23 => Variant130::V23(a),
        24 => Variant130::V24(a),
        25 => Variant130::V25(a),
        26 => Variant130::V26(a),
        27 => Variant130::V27(a),
        28 => Variant130::V28(a),
        29 => Variant130::V29(a),
        30 => Variant130::V30(a),
        31 => Variant130::V31(a),
        32 => Variant130::V32(a),
        33 => Variant130::V33(a),
        34 => Variant130::V34(a),
        35 => Variant130::V35(a),
        36 => Variant130::V36(a),
        37 => Variant130::V37(a),
        38 => Variant130::V38(a),
        39 => Variant130::V39(a),
        40 => Variant130::V40(a),
        41 => Variant130::V41(a),
        42 => Variant130::V42(a),
        43 => Variant130::V43(a),
        44 => Variant130::V44(a),
        45 => Variant130::V45(a),
        46 => Variant130::V46(a),
        47 => Variant130::V47(a),
        48 => Variant130::V48(a),
        49 => Variant130::V49(a),
        50 => Variant130::V50(a),
        51 => Variant130::V51(a),
        52 => Variant130::V52(a),
        53 => Variant130::V53(a),
        54 => Variant130::V54(a),
        55 => Variant130::V55(a),
        56 => Variant130::V56(a),
        57 => Variant130::V57(a),
        58 => Variant130::V58(a),
        59 => Variant130::V59(a),
        60 => Variant130::V60(a),
        61 => Variant130::V61(a),
        62 => Variant130::V62(a),
        63 => Variant130::V63(a),
        64 => Variant130::V64(a),
        65 => Variant130::V65(a),
        66 => Variant130::V66(a),
        67 => Variant130::V67(a),
        68 => Variant130::V68(a),
        69 => Variant130::V69(a),
        70 => Variant130::V70(a),
        71 => Variant130::V71(a),
        72 => Variant130::V72(a),
        73 => Variant130::V73(a),
        74 => Variant130::V74(a),
        75 => Variant130::V75(a),
        76 => Variant130::V76(a),
        77 => Variant130::V77(a),
        78 => Variant130::V78(a),
        79 => Variant130::V79(a),
        80 => Variant130::V80(a),
        81 => Variant130::V81(a),
        82 => Variant130::V82(a),
        83 => Variant130::V83(a),
        84 => Variant130::V84(a),
        85 => Variant130::V85(a),
        86 => Variant130::V86(a),
        87 => Variant130::V87(a),
        88 => Variant130::V88(a),
        89 => Variant130::V89(a),
        90 => Variant130::V90(a),
        91 => Variant130::V91(a),
        92 => Variant130::V92(a),
        93 => Variant130::V93(a),
        94 => Variant130::V94(a),
        95 => Variant130::V95(a),
        96 => Variant130::V96(a),
        97 => Variant130::V97(a),
        98 => Variant130::V98(a),
        99 => Variant130::V99(a),
        100 => Variant130::V100(a),
        101 => Variant130::V101(a),
        102 => Variant130::V102(a),
        103 => Variant130::V103(a),
        104 => Variant130::V104(a),
        105 => Variant130::V105(a),
        106 => Variant130::V106(a),
        107 => Variant130::V107(a),
        108 => Variant130::V108(a),
        109 => Variant130::V109(a),
        110 => Variant130::V110(a),
        111 => Variant130::V111(a),
        112 => Variant130::V112(a),
        113 => Variant130::V113(a),
        114 => Variant130::V114(a),
        115 => Variant130::V115(a),
        116 => Variant130::V116(a),
        117 => Variant130::V117(a),
        118 => Variant130::V118(a),
        119 => Variant130::V119(a),
        120 => Variant130::V120(a),
        121 => Variant130::V121(a),
        122 => Variant130::V122(a),
        123 => Variant130::V123(a),
        124 => Variant130::V124(a),
        125 => Variant130::V125(a),
        126 => Variant130::V126(a),
        127 => Variant130::V127(a),
        128 => Variant130::V128(a),
        129 => Variant130::V129(a),
        _ => panic!("no alternative {index}"),
    }
}

/// `std::chrono::milliseconds`.
#[derive(Packed, Debug, PartialEq, Clone)]
struct Millis(#[packed(unit = "ms")] Duration);

/// `std::chrono::nanoseconds`, negative: a `SystemTime` before the epoch holds it.
#[derive(Packed, Debug, PartialEq, Clone)]
struct Nanos(#[packed(unit = "ns")] SystemTime);

/// `std::vector<EU8>`, `enum class EU8 : uint8_t`.
#[derive(Packed, Debug, PartialEq, Clone, Copy)]
#[repr(u8)]
enum Eu8 {
    Zero = 0,
    Seven = 7,
    Max = 255,
}

/// `bp.ext(bits, ext::StdBitset{}); bp.boolValue(flag);` in `enableBitPacking`.
#[derive(Packed, Debug, PartialEq, Clone)]
#[packed(bitpack)]
struct BitsetBits {
    bits: Bitset<10>,
    flag: bool,
}

fn bitset<const N: usize>(set: &[usize]) -> Bitset<N> {
    let mut b = Bitset::new();
    for &i in set {
        b.set(i, true);
    }
    b
}

/// The text of `std_u16string` and `std_wstring`: `a`, `é`, `€`, U+1F600.
const TEXT: &str = "a\u{e9}\u{20ac}\u{1f600}";

#[test]
fn golden_ext_std_types() {
    let mut files = Files(Vec::new());
    files.check("std_variant_i32", &Variant::I(-7));
    files.check("std_variant_string", &Variant::S("hey".into()));
    files.check(
        "std_variant_struct",
        &Variant::Vs(Vs {
            x: 0x1234,
            y: "s".into(),
        }),
    );
    files.check("std_variant130_index_127", &variant130(127, 17));
    files.check("std_variant130_index_128", &variant130(128, 34));
    // A Rust tuple is a `std::tuple`: YAS's count byte, Bitsery's elements alone.
    files.check("std_tuple", &(200u8, -3i32, String::from("tup"), 2.5f64));
    let pair: Pair<u16, String> = Fields((513, "pr".into()));
    files.check("std_pair", &pair);
    files.check(
        "std_unordered_map",
        &HashMap::from([(String::from("key"), 42i32)]),
    );
    files.check(
        "std_unordered_map",
        &BTreeMap::from([(String::from("key"), 42i32)]),
    );
    files.check("std_set", &BTreeSet::from([1u16, 3, 500]));
    files.check("std_duration_ms", &Millis(Duration::from_millis(1_234_567)));
    files.check(
        "std_duration_ns",
        &Nanos(UNIX_EPOCH - Duration::from_nanos(5)),
    );
    files.check(
        "std_time_point",
        &(UNIX_EPOCH + Duration::from_nanos(1_704_164_645_123_456_789)),
    );
    files.check("std_bitset_10", &bitset::<10>(&[0, 2, 9]));
    files.check(
        "std_bitset_64",
        &bitset::<64>(&[
            3, 4, 5, 6, 9, 10, 12, 14, 18, 20, 21, 25, 28, 33, 34, 35, 36, 37, 38, 39, 41, 43, 46,
            47, 48, 50, 51, 60, 61, 62, 63,
        ]),
    );
    // Inside a bit-packing session the bits past the last whole byte are single bits:
    // `05`, then bit 8 (0), bit 9 (1) and the flag (1) at bits 8..=10: `06`.
    files.check(
        "std_bitset_10_bitpacked",
        &BitsetBits {
            bits: bitset::<10>(&[0, 2, 9]),
            flag: true,
        },
    );
    files.check("std_vector_enum_u8", &vec![Eu8::Zero, Eu8::Seven, Eu8::Max]);
    // A fixed array is a `std::array`: YAS's length first, Bitsery's elements alone.
    files.check("std_array_i16_5", &[1i16, -2, 300, -32768, 32767]);
    files.check("std_u16string", &U16String(TEXT.into()));
    files.check("std_wstring", &WString(TEXT.into()));

    // Every file of groups D and E is checked above or listed as without a counterpart.
    let mut all: Vec<String> = std::fs::read_dir(DIR)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|f| f.ends_with(".hex") && f.contains("_std_"))
        .collect();
    all.sort();
    let mut seen: Vec<String> = files.0.clone();
    seen.extend(
        all.iter()
            .filter(|f| {
                NO_COUNTERPART
                    .iter()
                    .any(|(n, _)| f.ends_with(&format!("_{n}.hex")))
            })
            .cloned(),
    );
    seen.sort();
    seen.dedup();
    assert_eq!(seen, all, "every std file is checked or has no counterpart");
}

/// Fixtures the shared set holds back, against bytes worked out by hand from the
/// golden-ext README's rules (sections D and E); the differential test compares the
/// same shapes with the real libraries on random values.
#[test]
fn held_out_by_the_rules() {
    let yas = |body: &str| hex(&format!("79617330303137 {body}"));
    let yas_compacted = |body: &str| hex(&format!("79617330313137 {body}"));

    // std_map: `StdMap` with the (key, value) lambda: the size prefix, then key, value
    // in ascending order (D); YAS: the sequence size, then key, value (E).
    let map = BTreeMap::from([
        (String::from("a"), 1i32),
        ("bb".into(), -2),
        ("ccc".into(), 300),
    ]);
    check::<layout::Bitsery, _>(
        "std_map",
        &hex("03 01 61 01000000 02 6262 feffffff 03 636363 2c010000"),
        &map,
    );
    check::<layout::BitseryBig, _>(
        "std_map (be)",
        &hex("03 01 61 00000001 02 6262 fffffffe 03 636363 0000012c"),
        &map,
    );
    check::<layout::Yas, _>(
        "std_map (yas)",
        &yas(
            "0300000000000000 0100000000000000 61 01000000 0200000000000000 6262 feffffff \
              0300000000000000 636363 2c010000",
        ),
        &map,
    );
    check::<layout::YasCompacted, _>(
        "std_map (yas compacted)",
        &yas_compacted("83 81 61 41 82 6262 c2 83 636363 02 2c01"),
        &map,
    );

    // std_bitset_100: ⌈100/8⌉ = 13 bytes, bit i in byte i/8 at bit i%8 (D); YAS: the
    // size 100, then a byte vector of 13 (E).
    let bits = bitset::<100>(&[0, 7, 8, 63, 64, 99]);
    let bytes = "81 01 00 00 00 00 00 80 01 00 00 00 08";
    check::<layout::Bitsery, _>("std_bitset_100", &hex(bytes), &bits);
    check::<layout::BitseryBig, _>("std_bitset_100 (be)", &hex(bytes), &bits);
    check::<layout::Yas, _>(
        "std_bitset_100 (yas)",
        &yas(&format!("6400000000000000 0d00000000000000 {bytes}")),
        &bits,
    );
    check::<layout::YasCompacted, _>(
        "std_bitset_100 (yas compacted)",
        &yas_compacted(&format!("e4 8d {bytes}")),
        &bits,
    );

    // std_variant130_index_129: the index with the size prefix's two-byte form,
    // `0x80 | hi, lo` = `80 81`, in either byte order (D).
    check::<layout::Bitsery, _>(
        "std_variant130_index_129",
        &hex("80 81 33"),
        &variant130(129, 0x33),
    );
    check::<layout::BitseryBig, _>(
        "std_variant130_index_129 (be)",
        &hex("80 81 33"),
        &variant130(129, 0x33),
    );
    // YAS writes the index as one raw byte (E; YAS itself stops at 19 alternatives).
    check::<layout::YasNoHeader, _>(
        "variant index 129 (yas)",
        &hex("81 33"),
        &variant130(129, 0x33),
    );
}
