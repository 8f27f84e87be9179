//! Enums: tag widths, every `#[repr]` integer, the YAS enum form, unit/tuple/struct
//! variants.
use std::fmt::Debug;

use packed_core::{DecodeOwned, Encode, Packed};

fn check<T: Encode + DecodeOwned + PartialEq + Debug>(value: &T, bytes: &[u8]) {
    assert_eq!(packed_core::to_vec(value).unwrap(), bytes, "{value:?}");
    assert_eq!(&packed_core::from_slice::<T>(bytes).unwrap(), value);
}

#[derive(Packed, Debug, PartialEq)]
enum DefaultTag {
    A,
    B(u8),
}
#[derive(Packed, Debug, PartialEq)]
#[packed(tag = "u8")]
enum Tag8 {
    A,
    B(u8),
}
#[derive(Packed, Debug, PartialEq)]
#[packed(tag = "u16")]
enum Tag16 {
    A,
    B(u8),
}
#[derive(Packed, Debug, PartialEq)]
#[packed(tag = "u32", endian = "big")]
enum Tag32Big {
    A,
    B { x: u8 },
}
#[derive(Packed, Debug, PartialEq)]
#[packed(tag = "u32", int = "varint")]
enum Tag32Varint {
    A,
    B { x: u16 },
}

macro_rules! repr_enum {
    ($name:ident, $t:ident, $v:expr) => {
        #[derive(Packed, Debug, PartialEq)]
        #[repr($t)]
        enum $name {
            Zero = 0,
            Other = $v,
        }
    };
}
repr_enum!(ReprU8, u8, 200);
repr_enum!(ReprU16, u16, 0x0102);
repr_enum!(ReprU32, u32, 0x0102_0304);
repr_enum!(ReprU64, u64, 1);
repr_enum!(ReprUsize, usize, 1);
repr_enum!(ReprI8, i8, -1);
repr_enum!(ReprI16, i16, -2);
repr_enum!(ReprI32, i32, -3);
repr_enum!(ReprI64, i64, -4);
repr_enum!(ReprIsize, isize, -5);

// A repr enum with data is tagged, not written as its integer; its discriminants are
// the tags.
#[derive(Packed, Debug, PartialEq)]
#[repr(u8)]
enum ReprWithData {
    A = 5,
    B(u16) = 9,
}

#[derive(Packed, Debug, PartialEq)]
#[packed(layout = "yas-noheader")]
struct InYas {
    e: ReprI32,
}

fn main() {
    check(&DefaultTag::B(5), &[1, 5]);
    check(&Tag8::B(5), &[1, 5]);
    check(&Tag16::B(5), &[1, 0, 5]);
    check(&Tag32Big::B { x: 5 }, &[0, 0, 0, 1, 5]);
    check(&Tag32Varint::B { x: 300 }, &[1, 0xAC, 0x02]);
    check(&Tag16::A, &[0, 0]);

    check(&ReprU8::Other, &[200]);
    check(&ReprU16::Other, &[2, 1]);
    check(&ReprU32::Other, &[4, 3, 2, 1]);
    check(&ReprU64::Other, &[1, 0, 0, 0, 0, 0, 0, 0]);
    // usize and isize are written as 64-bit integers.
    check(&ReprUsize::Other, &[1, 0, 0, 0, 0, 0, 0, 0]);
    check(&ReprI8::Other, &[0xFF]);
    check(&ReprI16::Other, &[0xFE, 0xFF]);
    check(&ReprI32::Other, &[0xFD, 0xFF, 0xFF, 0xFF]);
    check(
        &ReprI64::Other,
        &[0xFC, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
    );
    check(
        &ReprIsize::Other,
        &[0xFB, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
    );
    check(&ReprI8::Zero, &[0]);

    // The discriminant is the tag.
    check(&ReprWithData::B(3), &[9, 3, 0]);
    check(&ReprWithData::A, &[5]);

    // The nested enum has no attributes: it takes YAS's enum form from its parent.
    check(&InYas { e: ReprI32::Other }, &[4, 0xFD, 0xFF, 0xFF, 0xFF]);
}
