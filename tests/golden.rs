//! Byte compatibility with the real C++ libraries.
//!
//! `testdata/golden/` (a copy of `../shared/golden/`) holds Bitsery 5.2.4's and YAS 7.1.0's output for 16 fixtures in
//! seven configurations (112 files). For every file the matching derived type, declared
//! with that configuration's container attributes (`common::fixture_types!`), decodes
//! the file to the fixture value of `fixtures.json` and encodes that value back to the
//! file's bytes; the attribute-free types do the same through `to_vec_as::<L>` and
//! `from_slice_as::<L>`. Every combination is expressible with the attributes, so no file
//! is exempt.
//!
//! The rest of the file checks hand-worked vectors from `wire-format.md` and the golden
//! README: Bitsery's size prefix, YAS's compacted integers and header, LEB128, the fixed
//! `u8`..`u64` prefixes and the seed document's sizes.

#[macro_use]
mod common;

use std::fmt::Debug;

use common::{golden, hex, plain, CONFIGS, FIXTURES};
use packed_core::layout::{self, BitseryConventions, NoHeader, Spec, YasHeader};
use packed_core::num::{Big, Fixed, Little};
use packed_core::{
    len, num, Decode, DecodeError, Encode, EncodeError, Layout, Packed, SliceReader,
};

// ---------------------------------------------------------------------------------------
// The 112 golden files
// ---------------------------------------------------------------------------------------

/// Checks every golden file of one configuration and collects the failures, so one run
/// names every file that is wrong.
struct Check {
    config: &'static str,
    checked: Vec<&'static str>,
    failures: Vec<String>,
}

impl Check {
    fn run(config: &'static str) {
        let mut c = Check {
            config,
            checked: Vec::new(),
            failures: Vec::new(),
        };
        common::for_each_golden(&mut c);
        assert!(
            c.failures.is_empty(),
            "{config}: {} failures:\n{}",
            c.failures.len(),
            c.failures.join("\n")
        );
        assert_eq!(
            c.checked, FIXTURES,
            "{config}: every fixture is checked once"
        );
    }

    fn expect<T: PartialEq + Debug>(&mut self, file: &str, what: &str, got: T, want: T) {
        if got != want {
            self.failures
                .push(format!("{file}: {what}: got {got:?}, want {want:?}"));
        }
    }
}

impl common::Visitor for Check {
    fn visit<A, F, L>(&mut self, config: &'static str, fixture: &'static str, own: &A, free: &F)
    where
        A: Encode + for<'de> Decode<'de> + PartialEq + Debug,
        F: Encode + for<'de> Decode<'de> + PartialEq + Debug,
        L: Layout,
    {
        if config != self.config {
            return;
        }
        self.checked.push(fixture);
        let file = format!("{config}_{fixture}.hex");
        let bytes = golden(config, fixture);

        // The type with the configuration's attributes.
        self.expect(
            &file,
            "from_slice",
            packed_core::from_slice::<A>(&bytes).as_ref(),
            Ok(own),
        );
        self.expect(&file, "to_vec", packed_core::to_vec(own), Ok(bytes.clone()));
        // `to_vec` allocates once, by the size worked out without writing: exactly.
        self.expect(
            &file,
            "to_vec's capacity",
            packed_core::to_vec(own).map(|v| v.capacity()),
            Ok(bytes.len()),
        );
        self.expect(
            &file,
            "encoded_len",
            packed_core::encoded_len(own),
            Ok(bytes.len()),
        );

        // The attribute-free type with the layout chosen at the call site.
        self.expect(
            &file,
            "from_slice_as",
            packed_core::from_slice_as::<L, F>(&bytes).as_ref(),
            Ok(free),
        );
        self.expect(
            &file,
            "to_vec_as",
            packed_core::to_vec_as::<L, _>(free),
            Ok(bytes.clone()),
        );
        self.expect(
            &file,
            "to_vec_as's capacity",
            packed_core::to_vec_as::<L, _>(free).map(|v| v.capacity()),
            Ok(bytes.len()),
        );
        self.expect(
            &file,
            "encoded_len_as",
            packed_core::encoded_len_as::<L, _>(free),
            Ok(bytes.len()),
        );
    }
}

#[test]
fn golden_bitsery_le() {
    Check::run("bitsery-le");
}

#[test]
fn golden_bitsery_be() {
    Check::run("bitsery-be");
}

#[test]
fn golden_yas_binary() {
    Check::run("yas-binary");
}

#[test]
fn golden_yas_binary_noheader() {
    Check::run("yas-binary-noheader");
}

#[test]
fn golden_yas_binary_compacted() {
    Check::run("yas-binary-compacted");
}

#[test]
fn golden_yas_binary_ebig() {
    Check::run("yas-binary-ebig");
}

#[test]
fn golden_yas_binary_compacted_ebig() {
    Check::run("yas-binary-compacted-ebig");
}

/// The files are the 112 the README lists, with the sizes of its table (so the fixtures
/// above really are the files, not empty or stale ones).
#[test]
fn golden_files_have_the_documented_sizes() {
    // Columns: bitsery-le, bitsery-be, yas-binary, noheader, compacted, ebig, compacted-ebig.
    let table: [(&str, [usize; 7]); 8] = [
        ("document", [190, 190, 274, 267, 127, 274, 127]),
        ("scalars", [29, 29, 36, 29, 35, 36, 35]),
        ("nested_vec", [274, 274, 315, 308, 149, 315, 149]),
        ("optional_none", [1, 1, 8, 1, 8, 8, 8]),
        ("optional_some", [5, 5, 12, 5, 9, 12, 9]),
        ("enum_i32", [4, 4, 12, 5, 8, 11, 8]),
        ("enum_u8", [1, 1, 9, 2, 9, 9, 9]),
        ("ints_edge", [168, 168, 175, 168, 106, 175, 106]),
    ];
    for (fixture, sizes) in table {
        for (config, size) in CONFIGS.iter().zip(sizes) {
            assert_eq!(golden(config, fixture).len(), size, "{config}_{fixture}");
        }
    }
    // sizes_N: N + 1/2/4 (Bitsery), N + 15 (YAS), N + 8 (noheader),
    // N + 7 + (1 below 128, else 1 + bytes of N) (compacted).
    for n in [0usize, 1, 127, 128, 129, 16383, 16384, 70000] {
        let fixture = format!("sizes_{n}");
        let compact = if n < 0x80 {
            1
        } else if n < 0x4000 {
            2
        } else {
            4
        };
        let yas_compacted = if n < 0x80 {
            1
        } else if n < 0x100 {
            2
        } else if n < 0x1_0000 {
            3
        } else {
            4
        };
        let want = [
            n + compact,
            n + compact,
            n + 15,
            n + 8,
            n + 7 + yas_compacted,
            n + 15,
            n + 7 + yas_compacted,
        ];
        for (config, size) in CONFIGS.iter().zip(want) {
            assert_eq!(golden(config, &fixture).len(), size, "{config}_{fixture}");
        }
    }
    let count = common::count_hex_files(common::GOLDEN_DIR);
    assert_eq!(count, CONFIGS.len() * FIXTURES.len());
    assert_eq!(count, 112);
}

/// A few bytes of the golden files worked out by hand from the README's rules, so the
/// quirks are pinned by name and not only by whole-file comparison.
#[test]
fn golden_quirks_by_hand() {
    // YAS enum: size byte then native-order bytes, except with ebig (plain BE) and
    // compacted (compacted integer, 3 -> 0x40 | 3).
    assert_eq!(
        golden("yas-binary", "enum_i32"),
        [b"yas0017".as_slice(), &hex("04 03000000")].concat()
    );
    assert_eq!(
        golden("yas-binary-noheader", "enum_i32"),
        hex("04 03000000")
    );
    assert_eq!(
        golden("yas-binary-ebig", "enum_i32"),
        [b"yas0097".as_slice(), &hex("00000003")].concat()
    );
    assert_eq!(
        golden("yas-binary-compacted", "enum_i32"),
        [b"yas0117".as_slice(), &hex("43")].concat()
    );
    // A one-byte enum keeps the size byte everywhere.
    for config in [
        "yas-binary",
        "yas-binary-ebig",
        "yas-binary-compacted",
        "yas-binary-compacted-ebig",
    ] {
        assert_eq!(golden(config, "enum_u8")[7..], hex("01 07"), "{config}");
    }
    assert_eq!(golden("yas-binary-noheader", "enum_u8"), hex("01 07"));
    // Bitsery: the enum's integer, no prefix.
    assert_eq!(golden("bitsery-le", "enum_i32"), hex("03000000"));
    assert_eq!(golden("bitsery-be", "enum_i32"), hex("00000003"));
    // Compacted + ebig: u32 0xDEADBEEF stays little-endian (04 ef be ad de), floats swap.
    let s = golden("yas-binary-compacted-ebig", "scalars");
    assert_eq!(&s[..7], b"yas0197");
    // After the header: u8 AB, i16 -2 -> C2, then the u32.
    assert_eq!(s[7..14], hex("ab c2 04 efbeadde"));
    // Bitsery's 4-byte size: low u16 in the configured order.
    assert_eq!(golden("bitsery-le", "sizes_70000")[..4], hex("c0 01 70 11"));
    assert_eq!(golden("bitsery-be", "sizes_70000")[..4], hex("c0 01 11 70"));
    assert_eq!(golden("bitsery-le", "sizes_16384")[..4], hex("c0 00 00 40"));
    assert_eq!(golden("bitsery-be", "sizes_16384")[..4], hex("c0 00 40 00"));
    // And our encoder agrees on exactly these prefixes.
    let s = common::sizes_string(70000);
    assert_eq!(
        packed_core::to_vec_as::<layout::Bitsery, _>(&s).unwrap()[..4],
        hex("c0 01 70 11")
    );
    assert_eq!(
        packed_core::to_vec_as::<layout::BitseryBig, _>(&s).unwrap()[..4],
        hex("c0 01 11 70")
    );
}

// ---------------------------------------------------------------------------------------
// The seed document of wire-format.md section 5
// ---------------------------------------------------------------------------------------

packed_fixtures::seed_document_type!(SeedCompact, #[packed(len = "compact")]);
packed_fixtures::seed_document_type!(SeedYas, #[packed(layout = "yas")]);
packed_fixtures::seed_document_type!(SeedYasNoHeader, #[packed(layout = "yas-noheader")]);
packed_fixtures::seed_document_type!(SeedYasCompacted, #[packed(layout = "yas-compacted")]);
packed_fixtures::seed_document_type!(SeedPlain);

fn roundtrip_own<T: Packed + PartialEq + Debug>(v: &T, size: usize) {
    let b = packed_core::to_vec(v).unwrap();
    assert_eq!(b.len(), size);
    assert_eq!(packed_core::encoded_len(v).unwrap(), size);
    assert_eq!(&packed_core::from_slice::<T>(&b).unwrap(), v);
}

/// S = 75 bytes of string data: 9 (id) + 4 (region) + 62 (skus:
/// 4 + 6 + 5 + 12 + 8 + 11 + 8 + 8).
///
/// - Bitsery (`len = "compact"`): 11 one-byte sizes + 4 (status) + 4 (version) + 8 × 12
///   (qty + price) = 115, + S = 190.
/// - YAS (`layout = "yas"`): 7 (header) + 11 × 8 (sizes) + 4 + 4 + 8 × 12 = 199, + S = 274;
///   267 without the header.
/// - YAS compacted: 7 (header) + 11 one-byte sizes + status 2 -> `42` (1) + version 3 ->
///   `43` (1) + qty 87, 50, 100, 89, 7, 100, 1, 48 -> 2+1+2+2+1+2+1+1 = 12 (values >= 64
///   take a width byte and one byte) + prices 46267 (0xB4BB), 24457 (0x5F89), 78673
///   (0x13351), 37068 (0x90CC), 95464 (0x174E8), 54541 (0xD50D), 91342 (0x164CE), 12806
///   (0x3206) -> 3+3+4+3+4+3+4+3 = 27, + S = 7 + 11 + 2 + 12 + 27 + 75 = 134.
#[test]
fn seed_document_sizes() {
    roundtrip_own(&SeedCompact::seed(), 190);
    roundtrip_own(&SeedPlain::seed(), 190);
    roundtrip_own(&SeedYas::seed(), 274);
    roundtrip_own(&SeedYasNoHeader::seed(), 267);
    roundtrip_own(&SeedYasCompacted::seed(), 134);
    assert_eq!(
        &packed_core::to_vec(&SeedYas::seed()).unwrap()[..7],
        b"yas0017"
    );
    assert_eq!(
        &packed_core::to_vec(&SeedYasCompacted::seed()).unwrap()[..7],
        b"yas0117"
    );

    // The same through the call-site layout, on the attribute-free type.
    let d = SeedPlain::seed();
    for (bytes, size) in [
        (
            packed_core::to_vec_as::<layout::Bitsery, _>(&d).unwrap(),
            190,
        ),
        (packed_core::to_vec_as::<layout::Yas, _>(&d).unwrap(), 274),
        (
            packed_core::to_vec_as::<layout::YasNoHeader, _>(&d).unwrap(),
            267,
        ),
        (
            packed_core::to_vec_as::<layout::YasCompacted, _>(&d).unwrap(),
            134,
        ),
    ] {
        assert_eq!(bytes.len(), size);
    }
    let y = packed_core::to_vec_as::<layout::Yas, _>(&d).unwrap();
    assert_eq!(
        packed_core::from_slice_as::<layout::Yas, SeedPlain>(&y).unwrap(),
        d
    );
    // The attribute type and the call-site layout write the same bytes.
    assert_eq!(y, packed_core::to_vec(&SeedYas::seed()).unwrap());
    let c = packed_core::to_vec_as::<layout::YasCompacted, _>(&d).unwrap();
    assert_eq!(
        packed_core::from_slice_as::<layout::YasCompacted, SeedPlain>(&c).unwrap(),
        d
    );
    assert_eq!(c, packed_core::to_vec(&SeedYasCompacted::seed()).unwrap());
}

/// The start of the Bitsery seed document, by hand: `09 "ytglvmbsd"`, status
/// `02 00 00 00`, `04 "hokq"`, version `03 00 00 00`, 8 items, first `04 "zbug"`,
/// qty 87 = `57 00 00 00`, price 46267 = 0xB4BB = `bb b4 00 00 00 00 00 00`.
#[test]
fn seed_document_bytes_by_hand() {
    let b = packed_core::to_vec(&SeedCompact::seed()).unwrap();
    let want = [
        &[9][..],
        b"ytglvmbsd",
        &hex("02000000"),
        &[4],
        b"hokq",
        &hex("03000000"),
        &[8],
        &[4],
        b"zbug",
        &hex("57000000 bbb4000000000000"),
    ]
    .concat();
    assert_eq!(b[..want.len()], want[..]);
}

// ---------------------------------------------------------------------------------------
// Bitsery's size prefix (wire-format.md 1.1)
// ---------------------------------------------------------------------------------------

/// Writes `n` with the compact prefix strategy directly, in byte order `E`.
fn compact_write<E: num::Endian>(n: usize) -> Result<Vec<u8>, EncodeError> {
    let mut buf = Vec::new();
    <len::Compact as len::LenPrefix>::write::<E, Vec<u8>>(n, &mut buf)?;
    Ok(buf)
}

/// Reads a compact prefix in byte order `E`, returning it and the bytes consumed.
fn compact_read<E: num::Endian>(bytes: &[u8]) -> Result<(usize, usize), DecodeError> {
    let mut r = SliceReader::new(bytes);
    let n = <len::Compact as len::LenPrefix>::read::<E, _>(&mut r)?;
    Ok((n, packed_core::Reader::offset(&r)))
}

/// The "Verified encodings" table of wire-format.md 1.1.
#[test]
fn bitsery_compact_size_table() {
    let table: [(usize, &str, &str); 8] = [
        (0, "00", "00"),
        (127, "7f", "7f"),
        (128, "80 80", "80 80"),
        (0x3FF, "83 ff", "83 ff"),
        (16383, "bf ff", "bf ff"),
        (16384, "c0 00 00 40", "c0 00 40 00"),
        (0x0123_4567, "c1 23 67 45", "c1 23 45 67"),
        ((1 << 30) - 1, "ff ff ff ff", "ff ff ff ff"),
    ];
    for (n, le, be) in table {
        let (le, be) = (hex(le), hex(be));
        assert_eq!(compact_write::<Little>(n).unwrap(), le, "{n:#x} LE");
        assert_eq!(compact_write::<Big>(n).unwrap(), be, "{n:#x} BE");
        assert_eq!(compact_read::<Little>(&le), Ok((n, le.len())), "{n:#x} LE");
        assert_eq!(compact_read::<Big>(&be), Ok((n, be.len())), "{n:#x} BE");
    }
}

/// The small rows again, through a real `Vec<u8>` field and a `String`, under the
/// attribute and under `to_vec_as`.
#[test]
fn bitsery_compact_size_through_types() {
    #[derive(Packed, Debug, PartialEq)]
    #[packed(len = "compact")]
    struct Bytes {
        v: Vec<u8>,
    }
    #[derive(Packed, Debug, PartialEq)]
    #[packed(len = "compact", endian = "big")]
    struct BytesBe {
        v: Vec<u8>,
    }
    for (n, le, be) in [
        (0usize, "00", "00"),
        (127, "7f", "7f"),
        (128, "80 80", "80 80"),
        (0x3FF, "83 ff", "83 ff"),
        (16383, "bf ff", "bf ff"),
        (16384, "c0 00 00 40", "c0 00 40 00"),
    ] {
        let v: Vec<u8> = (0..n).map(|i| i as u8).collect();
        let want_le = [hex(le), v.clone()].concat();
        let want_be = [hex(be), v.clone()].concat();
        let own = Bytes { v: v.clone() };
        assert_eq!(packed_core::to_vec(&own).unwrap(), want_le, "{n}");
        assert_eq!(packed_core::from_slice::<Bytes>(&want_le).unwrap(), own);
        let own_be = BytesBe { v: v.clone() };
        assert_eq!(packed_core::to_vec(&own_be).unwrap(), want_be, "{n}");
        assert_eq!(
            packed_core::from_slice::<BytesBe>(&want_be).unwrap(),
            own_be
        );
        assert_eq!(
            packed_core::to_vec_as::<layout::BitseryBig, _>(&v).unwrap(),
            want_be
        );

        let s = common::sizes_string(n);
        let want = [hex(le), s.clone().into_bytes()].concat();
        assert_eq!(packed_core::to_vec(&s).unwrap(), want);
        assert_eq!(packed_core::from_slice::<String>(&want).unwrap(), s);
    }
}

/// Non-canonical forms read like Bitsery reads them: `80 05` is 5, and the 4-byte
/// `c0 00 05 00` (what Bitsery's release build writes for 0x1_4000_0005) is
/// `((0 << 8 | 0) << 16) | 0x0005` = 5 little-endian.
#[test]
fn bitsery_compact_non_canonical_reads() {
    assert_eq!(compact_read::<Little>(&hex("80 05")), Ok((5, 2)));
    assert_eq!(compact_read::<Little>(&hex("c0 00 05 00")), Ok((5, 4)));
    assert_eq!(compact_read::<Big>(&hex("c0 00 00 05")), Ok((5, 4)));
    let input = [&hex("80 05")[..], b"abcde"].concat();
    assert_eq!(packed_core::from_slice::<String>(&input).unwrap(), "abcde");
}

/// 2^30 does not fit: an error, where Bitsery's release build wraps to 0.
#[test]
fn bitsery_compact_rejects_2_pow_30() {
    let want = EncodeError::LengthTooLarge {
        len: 1 << 30,
        max: (1 << 30) - 1,
        prefix: "compact",
    };
    assert_eq!(compact_write::<Little>(1 << 30), Err(want.clone()));
    assert_eq!(compact_write::<Big>(1 << 30), Err(want));
}

// ---------------------------------------------------------------------------------------
// Bitsery values (wire-format.md 1.2)
// ---------------------------------------------------------------------------------------

#[derive(Packed, Debug, PartialEq, Clone, Copy)]
#[repr(i16)]
enum E16 {
    A = 0x0102,
}

#[test]
fn bitsery_values_by_hand() {
    assert_eq!(packed_core::to_vec(&-2i32).unwrap(), hex("fe ff ff ff"));
    assert_eq!(
        packed_core::to_vec_as::<layout::BitseryBig, _>(&-2i32).unwrap(),
        hex("ff ff ff fe")
    );
    assert_eq!(
        packed_core::to_vec(&0x0102_0304_0506_0708u64).unwrap(),
        hex("08 07 06 05 04 03 02 01")
    );
    assert_eq!(
        packed_core::to_vec_as::<layout::BitseryBig, _>(&0x0102_0304_0506_0708u64).unwrap(),
        hex("01 02 03 04 05 06 07 08")
    );
    // value2b(E::A) with enum class E : int16_t { A = 0x0102 } -> 02 01.
    assert_eq!(packed_core::to_vec(&E16::A).unwrap(), hex("02 01"));
    assert_eq!(
        packed_core::from_slice::<E16>(&hex("02 01")).unwrap(),
        E16::A
    );
    // text1b("hi") -> 02 68 69.
    assert_eq!(packed_core::to_vec("hi").unwrap(), hex("02 68 69"));
    // container4b(vector<int32>{1, 2}) -> 02 01000000 02000000.
    assert_eq!(
        packed_core::to_vec(&vec![1i32, 2]).unwrap(),
        hex("02 01000000 02000000")
    );
    // optional<int32>{7} -> 01 07000000; nullopt -> 00.
    assert_eq!(
        packed_core::to_vec(&Some(7i32)).unwrap(),
        hex("01 07000000")
    );
    assert_eq!(packed_core::to_vec(&None::<i32>).unwrap(), hex("00"));
    // bool -> 01 / 00; float as its bits.
    assert_eq!(packed_core::to_vec(&(true, false)).unwrap(), hex("01 00"));
    assert_eq!(packed_core::to_vec(&1.5f32).unwrap(), hex("00 00 c0 3f"));
    assert_eq!(
        packed_core::to_vec_as::<layout::BitseryBig, _>(&1.5f32).unwrap(),
        hex("3f c0 00 00")
    );
}

// ---------------------------------------------------------------------------------------
// YAS (wire-format.md 2, golden README)
// ---------------------------------------------------------------------------------------

/// The header table: `yas` + four uppercase hex digits of
/// `7 | 1 << 4 | big << 7 | compacted << 8`.
#[test]
fn yas_headers() {
    assert_eq!(YasHeader::bytes::<layout::Yas>(), *b"yas0017");
    assert_eq!(YasHeader::bytes::<layout::YasCompacted>(), *b"yas0117");
    assert_eq!(YasHeader::bytes::<layout::YasBig>(), *b"yas0097");
    assert_eq!(YasHeader::bytes::<layout::YasCompactedBig>(), *b"yas0197");
    // A message with no bytes of its own is just the header; none without one.
    assert_eq!(
        packed_core::to_vec_as::<layout::Yas, _>(&()).unwrap(),
        b"yas0017"
    );
    assert_eq!(
        packed_core::to_vec_as::<layout::YasCompactedBig, _>(&()).unwrap(),
        b"yas0197"
    );
    assert_eq!(
        packed_core::to_vec_as::<layout::YasNoHeader, _>(&()).unwrap(),
        b""
    );
    assert_eq!(
        packed_core::from_slice_as::<layout::YasBig, ()>(b"yas0097"),
        Ok(())
    );
}

#[test]
fn yas_values_by_hand() {
    // "hi" -> 02 00 00 00 00 00 00 00 68 69; with ebig 00 .. 02 68 69; compacted 82 68 69.
    assert_eq!(
        packed_core::to_vec_as::<layout::YasNoHeader, _>("hi").unwrap(),
        hex("0200000000000000 6869")
    );
    assert_eq!(
        packed_core::to_vec_as::<layout::YasBig, _>("hi").unwrap(),
        [b"yas0097".as_slice(), &hex("0000000000000002 6869")].concat()
    );
    assert_eq!(
        packed_core::to_vec_as::<layout::YasCompacted, _>("hi").unwrap(),
        [b"yas0117".as_slice(), &hex("82 6869")].concat()
    );
    // vector<int32>{1, 2} -> 02 00x7 01000000 02000000.
    assert_eq!(
        packed_core::to_vec_as::<layout::YasNoHeader, _>(&vec![1i32, 2]).unwrap(),
        hex("0200000000000000 01000000 02000000")
    );
    // int32 enum 3 -> 04 03000000 (native order); ebig 00000003; compacted 43.
    assert_eq!(
        packed_core::to_vec_as::<layout::YasNoHeader, _>(&plain::EnumI32::Three).unwrap(),
        hex("04 03000000")
    );
    assert_eq!(
        packed_core::to_vec_as::<layout::YasBig, _>(&plain::EnumI32::Three).unwrap()[7..],
        hex("00000003")
    );
    assert_eq!(
        packed_core::to_vec_as::<layout::YasCompacted, _>(&plain::EnumI32::Three).unwrap()[7..],
        hex("43")
    );
    // optional: 01 07000000 / 00.
    assert_eq!(
        packed_core::to_vec_as::<layout::YasNoHeader, _>(&Some(7i32)).unwrap(),
        hex("01 07000000")
    );
}

/// The compacted integers without a header (only the integer codec and the length
/// strategy of YAS's compacted form).
type Compacted = Spec<len::YasSize, num::YasCompact, Little, NoHeader, BitseryConventions>;
type CompactedBig = Spec<len::YasSize, num::YasCompact, Big, NoHeader, BitseryConventions>;

fn compacted<T: Encode + for<'de> Decode<'de> + PartialEq + Debug>(v: T, want: &str) {
    let want = hex(want);
    assert_eq!(
        packed_core::to_vec_as::<Compacted, _>(&v).unwrap(),
        want,
        "{v:?}"
    );
    assert_eq!(
        packed_core::from_slice_as::<Compacted, T>(&want).unwrap(),
        v,
        "{v:?}"
    );
    // ebig leaves compacted integers little-endian.
    assert_eq!(
        packed_core::to_vec_as::<CompactedBig, _>(&v).unwrap(),
        want,
        "{v:?} ebig"
    );
    assert_eq!(
        packed_core::from_slice_as::<CompactedBig, T>(&want).unwrap(),
        v,
        "{v:?} ebig"
    );
}

#[test]
fn yas_compacted_integers() {
    // Unsigned: v < 128 -> 0x80 | v; else n (bytes needed) then n bytes LE.
    compacted(0u32, "80");
    compacted(127u32, "ff");
    compacted(128u32, "01 80");
    compacted(255u32, "01 ff");
    compacted(256u32, "02 00 01");
    compacted(300u32, "02 2c 01");
    compacted(16383u32, "02 ff 3f");
    compacted(16384u32, "02 00 40");
    compacted(70000u32, "03 70 11 01");
    compacted(u32::MAX, "04 ff ff ff ff");
    compacted(1u64 << 32, "05 00000000 01");
    compacted(u64::MAX, "08 ffffffffffffffff");
    // Signed: |v| < 64 -> 0x40 | |v| (+ 0x80 if negative); else n | sign, then |v| LE.
    compacted(0i32, "40");
    compacted(1i32, "41");
    compacted(63i32, "7f");
    compacted(64i32, "01 40");
    compacted(-1i32, "c1");
    compacted(-2i32, "c2");
    compacted(-63i32, "ff");
    compacted(-64i32, "81 40");
    compacted(-65i32, "81 41");
    compacted(-256i32, "82 00 01");
    compacted(-300i32, "82 2c 01");
    compacted(-2_147_483_647i32, "84 ff ff ff 7f");
    compacted(1_000_000_000_000i64, "05 00 10 a5 d4 e8");
    compacted(-1_234_567_890_123i64, "86 cb 04 fb 71 1f 01");
    compacted(1i64 << 62, "08 0000000000000040");
    // MIN, which YAS leaves undefined (std::abs): magnitude 2^31 / 2^63, 4 / 8 bytes.
    compacted(i32::MIN, "84 00 00 00 80");
    compacted(i64::MIN, "88 00000000000000 80");
    compacted(i16::MIN, "82 00 80");
    // One-byte integers are raw bytes.
    compacted(0xABu8, "ab");
    compacted(-2i8, "fe");
    // A length: "hi" -> 82 68 69.
    compacted(String::from("hi"), "82 68 69");
}

// ---------------------------------------------------------------------------------------
// LEB128 (layout::Varint)
// ---------------------------------------------------------------------------------------

fn varint<T: Encode + for<'de> Decode<'de> + PartialEq + Debug>(v: T, want: &str) {
    let want = hex(want);
    assert_eq!(
        packed_core::to_vec_as::<layout::Varint, _>(&v).unwrap(),
        want,
        "{v:?}"
    );
    assert_eq!(
        packed_core::from_slice_as::<layout::Varint, T>(&want).unwrap(),
        v,
        "{v:?}"
    );
}

#[test]
fn varint_by_hand() {
    // Unsigned LEB128: 7 bits a byte, low group first, 0x80 on all but the last.
    varint(0u32, "00");
    varint(127u32, "7f");
    varint(128u32, "80 01");
    varint(300u32, "ac 02"); // 300 = 0b10_0101100: 0x2C | 0x80, then 0x02.
    varint(16384u32, "80 80 01");
    varint(u32::MAX, "ff ff ff ff 0f");
    varint(u64::MAX, "ff ff ff ff ff ff ff ff ff 01");
    // Zigzag: 0 -> 0, -1 -> 1, 1 -> 2, -2 -> 3, 63 -> 126, -64 -> 127, 64 -> 128.
    varint(0i32, "00");
    varint(-1i32, "01");
    varint(1i32, "02");
    varint(-2i32, "03");
    varint(63i32, "7e");
    varint(-64i32, "7f");
    varint(64i32, "80 01");
    varint(i32::MAX, "fe ff ff ff 0f"); // zigzag 0xFFFFFFFE
    varint(i32::MIN, "ff ff ff ff 0f"); // zigzag 0xFFFFFFFF
    varint(i64::MIN, "ff ff ff ff ff ff ff ff ff 01");
    // Bytes stay raw.
    varint(0xFFu8, "ff");
    // Lengths: "hi" -> 02 68 69; 300 bytes -> ac 02 then the bytes.
    varint(String::from("hi"), "02 68 69");
    let v = vec![7u8; 300];
    assert_eq!(
        packed_core::to_vec_as::<layout::Varint, _>(&v).unwrap(),
        [hex("ac 02"), v.clone()].concat()
    );
}

// ---------------------------------------------------------------------------------------
// Fixed u8..u64 prefixes
// ---------------------------------------------------------------------------------------

#[test]
fn fixed_prefixes_by_hand() {
    type P<Len, E> = Spec<Len, Fixed, E, NoHeader, BitseryConventions>;
    fn check<L: Layout>(want: &str) {
        let want = hex(want);
        assert_eq!(packed_core::to_vec_as::<L, _>("hi").unwrap(), want);
        assert_eq!(
            packed_core::from_slice_as::<L, String>(&want).unwrap(),
            "hi"
        );
    }
    check::<P<len::U8, Little>>("02 6869");
    check::<P<len::U8, Big>>("02 6869");
    check::<P<len::U16, Little>>("0200 6869");
    check::<P<len::U16, Big>>("0002 6869");
    check::<P<len::U32, Little>>("02000000 6869");
    check::<P<len::U32, Big>>("00000002 6869");
    check::<P<len::U64, Little>>("0200000000000000 6869");
    check::<P<len::U64, Big>>("0000000000000002 6869");

    // The attribute on a type gives the same bytes.
    #[derive(Packed, Debug, PartialEq)]
    #[packed(len = "u16", endian = "big")]
    struct S {
        s: String,
        n: u16,
    }
    let v = S {
        s: "hi".into(),
        n: 0x0102,
    };
    assert_eq!(packed_core::to_vec(&v).unwrap(), hex("0002 6869 0102"));
    assert_eq!(
        packed_core::from_slice::<S>(&hex("0002 6869 0102")).unwrap(),
        v
    );
}
