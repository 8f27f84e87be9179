//! Every container attribute form, with the bytes each one writes.
use std::fmt::Debug;

use packed_core::{DecodeOwned, Encode, Kind, Packed};

fn check<T: Encode + DecodeOwned + PartialEq + Debug>(value: &T, bytes: &[u8]) {
    assert_eq!(packed_core::to_vec(value).unwrap(), bytes, "{value:?}");
    assert_eq!(&packed_core::from_slice::<T>(bytes).unwrap(), value);
}

// len: every preset, and a path to a LenPrefix type (quoted presets, unquoted path).
#[derive(Packed, Debug, PartialEq)]
#[packed(len = "compact")]
struct LenCompact(Vec<u8>);
#[derive(Packed, Debug, PartialEq)]
#[packed(len = "u8")]
struct LenU8(Vec<u8>);
#[derive(Packed, Debug, PartialEq)]
#[packed(len = "u16")]
struct LenU16(Vec<u8>);
#[derive(Packed, Debug, PartialEq)]
#[packed(len = "u32")]
struct LenU32(Vec<u8>);
#[derive(Packed, Debug, PartialEq)]
#[packed(len = "u64")]
struct LenU64(Vec<u8>);
#[derive(Packed, Debug, PartialEq)]
#[packed(len = "varint")]
struct LenVarint(Vec<u8>);
#[derive(Packed, Debug, PartialEq)]
#[packed(len = "yas-compacted")]
struct LenYasCompacted(Vec<u8>);
#[derive(Packed, Debug, PartialEq)]
#[packed(len = packed_core::len::U16)]
struct LenPath(Vec<u8>);
#[derive(Packed, Debug, PartialEq)]
#[packed(len = ::packed_core::len::U32)]
struct LenAbsolutePath(Vec<u8>);

// int
#[derive(Packed, Debug, PartialEq)]
#[packed(int = "fixed")]
struct IntFixed(u32, i32);
#[derive(Packed, Debug, PartialEq)]
#[packed(int = "yas-compacted")]
struct IntYasCompacted(u32, i32);
#[derive(Packed, Debug, PartialEq)]
#[packed(int = "varint")]
struct IntVarint(u32, i32);

// endian
#[derive(Packed, Debug, PartialEq)]
#[packed(endian = "little")]
struct Little(u32);
#[derive(Packed, Debug, PartialEq)]
#[packed(endian = "big")]
struct Big(u32);

// header
#[derive(Packed, Debug, PartialEq)]
#[packed(header = "none")]
struct NoHeader(u8);
#[derive(Packed, Debug, PartialEq)]
#[packed(header = "yas", len = "u64")]
struct YasHeader(u8);

// enums (on a fieldless #[repr] enum: its own form)
#[derive(Packed, Debug, PartialEq)]
#[packed(conventions = "bitsery")]
#[repr(i32)]
enum PlainEnum {
    Three = 3,
}
#[derive(Packed, Debug, PartialEq)]
#[packed(conventions = "yas")]
#[repr(i32)]
enum YasEnum {
    Three = 3,
}

// layout: every preset, and a preset with an override beside it.
#[derive(Packed, Debug, PartialEq)]
#[packed(layout = "bitsery")]
struct Bitsery(u32, String);
#[derive(Packed, Debug, PartialEq)]
#[packed(layout = "yas")]
struct Yas(u32, String);
#[derive(Packed, Debug, PartialEq)]
#[packed(layout = "yas-noheader")]
struct YasNoHeader(u32, String);
#[derive(Packed, Debug, PartialEq)]
#[packed(layout = "yas-compacted")]
struct YasCompacted(u32, String);
#[derive(Packed, Debug, PartialEq)]
#[packed(layout = "varint")]
struct Varint(u32, String);
#[derive(Packed, Debug, PartialEq)]
#[packed(layout = "yas", endian = "big")]
struct YasBig(u32, String);
// Keys split over several attributes.
#[derive(Packed, Debug, PartialEq)]
#[packed(layout = "yas-noheader")]
#[packed(len = "u8")]
struct Split(u32, String);

// kind, alone and beside other keys.
#[derive(Packed, Debug, PartialEq)]
#[packed(kind = 7)]
struct Seven;
#[derive(Packed, Debug, PartialEq)]
#[packed(len = "u8", kind = -7)]
struct MinusSeven(String);

fn main() {
    let v = vec![9u8];
    // One element [9]: the prefix holds 1 in each preset's form, then the byte 09.
    check(&LenCompact(v.clone()), &[1, 9]);
    check(&LenU8(v.clone()), &[1, 9]);
    check(&LenU16(v.clone()), &[1, 0, 9]);
    check(&LenU32(v.clone()), &[1, 0, 0, 0, 9]);
    check(&LenU64(v.clone()), &[1, 0, 0, 0, 0, 0, 0, 0, 9]);
    check(&LenVarint(v.clone()), &[1, 9]);
    // YAS compacted unsigned below 128: 0x80 | v.
    check(&LenYasCompacted(v.clone()), &[0x81, 9]);
    check(&LenPath(v.clone()), &[1, 0, 9]);
    check(&LenAbsolutePath(v), &[1, 0, 0, 0, 9]);
    // Compact's 2-byte form for 200: 0x80 | 200>>8 = 0x80, then 200 = 0xC8.
    check(
        &LenCompact(vec![0; 200]),
        &[[0x80, 0xC8].as_slice(), &[0; 200]].concat(),
    );

    // u32 300 = 0x012C, i32 -2.
    check(
        &IntFixed(300, -2),
        &[0x2C, 0x01, 0, 0, 0xFE, 0xFF, 0xFF, 0xFF],
    );
    // YAS compacted: u32 300 -> 02 2C 01; i32 -2 -> 0xC0 | 2.
    check(&IntYasCompacted(300, -2), &[0x02, 0x2C, 0x01, 0xC2]);
    // LEB128: 300 -> AC 02; -2 zigzags to 3.
    check(&IntVarint(300, -2), &[0xAC, 0x02, 0x03]);

    check(&Little(0x0102_0304), &[4, 3, 2, 1]);
    check(&Big(0x0102_0304), &[1, 2, 3, 4]);

    check(&NoHeader(5), &[5]);
    // "yas" + 4 hex digits of version 7 | binary (1) << 4, little-endian, not compacted.
    check(&YasHeader(5), b"yas0017\x05");

    // Plain: the i32 alone. YAS: its size byte 4, then the i32.
    check(&PlainEnum::Three, &[3, 0, 0, 0]);
    check(&YasEnum::Three, &[4, 3, 0, 0, 0]);

    let hi = || String::from("hi");
    check(&Bitsery(1, hi()), &[1, 0, 0, 0, 2, b'h', b'i']);
    check(
        &Yas(1, hi()),
        b"yas0017\x01\x00\x00\x00\x02\x00\x00\x00\x00\x00\x00\x00hi",
    );
    check(
        &YasNoHeader(1, hi()),
        b"\x01\x00\x00\x00\x02\x00\x00\x00\x00\x00\x00\x00hi",
    );
    // Compacted header bit 8 set: 0x0117; u32 1 -> 0x81; "hi" -> 82 68 69.
    check(&YasCompacted(1, hi()), b"yas0117\x81\x82hi");
    check(&Varint(1, hi()), &[1, 2, b'h', b'i']);
    // ebig sets the header's endian bit: 0x0097.
    check(
        &YasBig(1, hi()),
        b"yas0097\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x02hi",
    );
    check(&Split(1, hi()), &[1, 0, 0, 0, 2, b'h', b'i']);

    assert_eq!(Seven::KIND, 7);
    assert_eq!(<MinusSeven as Kind>::KIND, -7);
    check(&MinusSeven(hi()), &[2, b'h', b'i']);
}
