//! The run-time side of "the layout is a type chosen at expansion".
//!
//! The expansion itself is pinned by snapshots in `packed-derive/src/snapshots/`
//! (`frame_len_u64.expected.rs`: the container's `len = "u64"` is the type
//! `__packed::len::U64` inside a `layout::Spec`, the other strategies read from the
//! default preset `layout::Bitsery`; the field's `len = "u8"` is
//! `WithLen<__packed::len::U8>`; `__packed` is the block's one `use ::packed_core`).
//! Nothing in that code branches on the layout (`packed-derive/src/snapshots.rs` lists
//! the branches a struct's expansion may have), and this one, of a `Vec` and a
//! `String`, which never take a run, has no branch at all. These tests
//! check that those types write what they name: the same struct as the snapshot, with
//! hand-worked bytes; and that a preset with keys beside it is the preset's layout
//! with just those strategies replaced.
use packed_core::{layout, len, num, DecodeError, EncodeError, Packed};

/// The snapshot's input.
#[derive(Packed, Debug, PartialEq, Clone)]
#[packed(len = "u64")]
struct Frame {
    payload: Vec<u8>,
    #[packed(len = "u8")]
    name: String,
}

/// As the snapshot, big-endian.
#[derive(Packed, Debug, PartialEq, Clone)]
#[packed(len = "u64", endian = "big")]
struct BigFrame {
    payload: Vec<u8>,
    #[packed(len = "u8")]
    name: String,
}

fn frame() -> Frame {
    Frame {
        payload: vec![0xAA, 0xBB, 0xCC],
        name: "ab".into(),
    }
}

#[test]
fn u64_field_has_an_eight_byte_prefix() {
    #[rustfmt::skip]
    let expected = [
        3, 0, 0, 0, 0, 0, 0, 0, // payload: 3 as a little-endian u64
        0xAA, 0xBB, 0xCC,
        2,                      // name: 2 as a u8 (the field's override)
        b'a', b'b',
    ];
    let f = frame();
    assert_eq!(packed_core::to_vec(&f).unwrap(), expected);
    assert_eq!(packed_core::encoded_len(&f).unwrap(), 8 + 3 + 1 + 2);
    assert_eq!(packed_core::from_slice::<Frame>(&expected).unwrap(), f);
}

#[test]
fn u64_prefix_follows_the_byte_order() {
    let f = BigFrame {
        payload: vec![0xAA],
        name: String::new(),
    };
    // 1 as a big-endian u64, the byte, then an empty name (u8 prefix 0).
    let expected = [0, 0, 0, 0, 0, 0, 0, 1, 0xAA, 0];
    assert_eq!(packed_core::to_vec(&f).unwrap(), expected);
    assert_eq!(packed_core::from_slice::<BigFrame>(&expected).unwrap(), f);
}

#[test]
fn a_long_payload_still_takes_eight_bytes() {
    // 300 = 0x012C: eight bytes whatever the length (compact would take two).
    let f = Frame {
        payload: vec![7; 300],
        name: String::new(),
    };
    let bytes = packed_core::to_vec(&f).unwrap();
    assert_eq!(bytes[..8], [0x2C, 0x01, 0, 0, 0, 0, 0, 0]);
    assert_eq!(bytes.len(), 8 + 300 + 1);
    assert_eq!(bytes[8..308], [7; 300]);
    assert_eq!(bytes[308], 0);
}

#[test]
fn the_field_override_is_a_u8_prefix() {
    // 256 bytes do not fit the name's u8 prefix: an error naming it, nothing written.
    let f = Frame {
        payload: Vec::new(),
        name: "x".repeat(256),
    };
    assert_eq!(
        packed_core::to_vec(&f).map_err(packed_core::Error::into_kind),
        Err(EncodeError::LengthTooLarge {
            len: 256,
            max: 255,
            prefix: "u8"
        })
    );
    let mut buf = vec![9];
    assert!(packed_core::encode_into(&f, &mut buf).is_err());
    assert_eq!(buf, [9]);
}

#[test]
fn another_layout_replaces_the_container_prefix_but_not_the_field_override() {
    let f = frame();
    // Bitsery: compact prefix 03 for the payload; the name keeps its u8 prefix.
    let bitsery = packed_core::to_vec_as::<layout::Bitsery, _>(&f).unwrap();
    assert_eq!(bitsery, [3, 0xAA, 0xBB, 0xCC, 2, b'a', b'b']);
    assert_eq!(
        packed_core::from_slice_as::<layout::Bitsery, Frame>(&bitsery).unwrap(),
        f
    );
    // Varint: LEB128 3 for the payload, the name again u8.
    let varint = packed_core::to_vec_as::<layout::Varint, _>(&f).unwrap();
    assert_eq!(varint, [3, 0xAA, 0xBB, 0xCC, 2, b'a', b'b']);
    // YAS without header: the same bytes as the type's own u64 layout.
    let yas = packed_core::to_vec_as::<layout::YasNoHeader, _>(&f).unwrap();
    assert_eq!(yas, packed_core::to_vec(&f).unwrap());
}

#[test]
fn a_truncated_u64_prefix_is_an_error_at_offset_zero() {
    // Only 5 of the 8 prefix bytes.
    let err = packed_core::from_slice::<Frame>(&[3, 0, 0, 0, 0]).unwrap_err();
    assert!(
        matches!(err.kind(), DecodeError::UnexpectedEnd { offset: 0, .. }),
        "{err:?}"
    );
    // A prefix that claims more than the input holds.
    let err = packed_core::from_slice::<Frame>(&[0xFF, 0, 0, 0, 0, 0, 0, 0, 1]).unwrap_err();
    assert!(
        matches!(
            err.kind(),
            DecodeError::LengthExceedsInput {
                offset: 0,
                len: 255,
                ..
            }
        ),
        "{err:?}"
    );
}

/// A value every strategy shows in: lengths, a wide negative integer, numbers in a
/// sequence and a `#[repr(i16)]` enum. No attributes: it takes its parent's layout.
#[derive(Packed, Debug, PartialEq, Clone)]
struct Probe {
    text: String,
    wide: i64,
    values: Vec<u16>,
    level: Level,
    levels: Vec<Level>,
}

#[derive(Packed, Debug, PartialEq, Clone, Copy)]
#[repr(i16)]
enum Level {
    Low = -300,
    High = 300,
}

fn probe() -> Probe {
    Probe {
        text: "abc".into(),
        wide: -200_000,
        values: vec![1, 0x1234],
        level: Level::Low,
        levels: vec![Level::High, Level::Low],
    }
}

/// Declares `$name($inner)` with `$attrs` and checks that it writes (and reads) the
/// bytes of `$inner` under `$spec`, the layout spelled out from `packed_core::layout`:
/// the attributes name exactly that layout.
macro_rules! is_layout {
    ($test:ident, $name:ident, #[packed($($attrs:tt)*)], $spec:ty) => {
        #[derive(Packed, Debug, PartialEq, Clone)]
        #[packed($($attrs)*)]
        struct $name(Probe);

        #[test]
        fn $test() {
            let v = $name(probe());
            let expected = packed_core::to_vec_as::<$spec, _>(&probe()).unwrap();
            assert_eq!(packed_core::to_vec(&v).unwrap(), expected);
            assert_eq!(packed_core::from_slice::<$name>(&expected).unwrap(), v);
        }
    };
}

// A preset alone is its `layout` type; each key beside it replaces that one strategy.
is_layout!(yas_preset_alone, YasAlone, #[packed(layout = "yas")], layout::Yas);
is_layout!(
    yas_with_u8_lengths,
    YasU8,
    #[packed(layout = "yas", len = "u8")],
    layout::Spec<len::U8, num::Fixed, num::Little, layout::YasHeader, layout::YasConventions>
);
is_layout!(
    yas_noheader_with_plain_enums,
    YasNoHeaderPlain,
    #[packed(layout = "yas-noheader", conventions = "bitsery")],
    layout::Spec<len::U64, num::Fixed, num::Little, layout::NoHeader, layout::BitseryConventions>
);
is_layout!(
    yas_compacted_without_header,
    YasCompactedNoHeader,
    #[packed(header = "none", layout = "yas-compacted")],
    layout::Spec<len::YasSize, num::YasCompact, num::Little, layout::NoHeader, layout::YasConventions>
);
is_layout!(
    varint_big_endian,
    VarintBig,
    #[packed(layout = "varint", endian = "big")],
    layout::Spec<len::Leb128, num::ZigzagLeb128, num::Big, layout::NoHeader, layout::BitseryConventions>
);
is_layout!(
    bitsery_with_varint_integers,
    BitseryVarint,
    #[packed(layout = "bitsery", int = "varint")],
    layout::Spec<len::Compact, num::ZigzagLeb128, num::Little, layout::NoHeader, layout::BitseryConventions>
);
// Without `layout`, keys replace strategies of the default, Bitsery.
is_layout!(
    default_with_yas_header,
    DefaultYasHeader,
    #[packed(header = "yas")],
    layout::Spec<len::Compact, num::Fixed, num::Little, layout::YasHeader, layout::BitseryConventions>
);
is_layout!(
    every_key_replaces_the_preset,
    EveryKey,
    #[packed(layout = "varint", len = "u16", int = "yas-compacted", endian = "big", header = "yas", conventions = "yas")],
    layout::Spec<len::U16, num::YasCompact, num::Big, layout::YasHeader, layout::YasConventions>
);
