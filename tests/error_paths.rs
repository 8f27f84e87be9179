//! Encode and decode errors name the field path where they happened, found by running
//! the failed operation again through `explain`'s recorder (see `packed_core::Error`).
//! Every expected offset and path is worked out by hand from the layout.

use std::collections::BTreeMap;

use packed_core::{layout, DecodeError, EncodeError, Error, Packed};

#[derive(Packed, Debug, PartialEq, Clone)]
struct Item {
    #[packed(len = "u8")]
    sku: String,
    qty: u16,
}

#[derive(Packed, Debug, PartialEq, Clone, Default)]
struct Flags {
    active: bool,
    archived: bool,
}

#[derive(Packed, Debug, PartialEq, Clone)]
enum Shape {
    Point,
    Circle { radius: u32, filled: bool },
}

#[derive(Packed, Debug, PartialEq, Clone)]
struct Order {
    id: u32,
    items: Vec<Item>,
    flags: Flags,
    note: Option<String>,
    shape: Shape,
    tags: BTreeMap<u8, bool>,
}

fn order() -> Order {
    Order {
        id: 7,
        items: vec![
            Item {
                sku: "a".into(),
                qty: 1,
            },
            Item {
                sku: "bc".into(),
                qty: 2,
            },
        ],
        flags: Flags {
            active: true,
            archived: false,
        },
        note: Some("n".into()),
        shape: Shape::Circle {
            radius: 3,
            filled: true,
        },
        tags: BTreeMap::from([(1, true), (2, false)]),
    }
}

/// `order()` under Bitsery's layout, by hand, with the offset of each byte.
fn order_bytes() -> Vec<u8> {
    vec![
        7, 0, 0, 0, // 0 id
        2, // 4 items len
        1, b'a', 1, 0, // 5 items[0]: sku len (u8), "a", qty
        2, b'b', b'c', 2, 0, // 9 items[1]
        1, 0, // 14 flags.active, 15 flags.archived
        1, 1, b'n', // 16 note flag, 17 len, 18 "n"
        1, 3, 0, 0, 0, 1, // 19 shape tag, 20 radius, 24 filled
        2, 1, 1, 2, 0, // 25 tags len, 26 [0].key, 27 [0].value, 28 [1].key, 29 [1].value
    ]
}

fn decode_err(bytes: &[u8]) -> Error<DecodeError> {
    packed_core::from_slice::<Order>(bytes).unwrap_err()
}

fn with(at: usize, byte: u8) -> Vec<u8> {
    let mut b = order_bytes();
    b[at] = byte;
    b
}

#[test]
fn the_hand_written_bytes_are_the_encoding() {
    assert_eq!(packed_core::to_vec(&order()).unwrap(), order_bytes());
}

#[test]
fn decode_paths_through_structs_sequences_options_enums_and_maps() {
    let cases: &[(usize, u8, DecodeError, &str)] = &[
        (
            15,
            0xff,
            DecodeError::InvalidBool {
                offset: 15,
                byte: 0xff,
            },
            "flags.archived",
        ),
        (
            14,
            2,
            DecodeError::InvalidBool {
                offset: 14,
                byte: 2,
            },
            "flags.active",
        ),
        (
            10,
            0xff,
            DecodeError::InvalidUtf8 { offset: 10 },
            "items[1].sku",
        ),
        (
            16,
            7,
            DecodeError::InvalidOptionFlag {
                offset: 16,
                byte: 7,
            },
            "note",
        ),
        (18, 0xc3, DecodeError::InvalidUtf8 { offset: 18 }, "note"),
        (
            24,
            9,
            DecodeError::InvalidBool {
                offset: 24,
                byte: 9,
            },
            "shape.Circle.filled",
        ),
        (
            19,
            5,
            DecodeError::UnknownVariant {
                offset: 19,
                type_name: "Shape",
                tag: 5,
            },
            "shape",
        ),
        (
            27,
            3,
            DecodeError::InvalidBool {
                offset: 27,
                byte: 3,
            },
            "tags[0].value",
        ),
        (
            28,
            1,
            DecodeError::DuplicateKey { offset: 28 },
            "tags[1].key",
        ),
        (
            29,
            4,
            DecodeError::InvalidBool {
                offset: 29,
                byte: 4,
            },
            "tags[1].value",
        ),
    ];
    for (at, byte, kind, path) in cases {
        let e = decode_err(&with(*at, *byte));
        assert_eq!(
            (e.kind(), e.path()),
            (kind, Some(*path)),
            "byte {at} = {byte:#x}"
        );
    }
}

#[test]
fn display_names_the_path_after_the_offset() {
    let e = decode_err(&with(15, 0xff));
    assert_eq!(
        e.to_string(),
        "invalid bool byte 0xff at byte 15 (flags.archived)"
    );
}

#[test]
fn a_length_that_claims_too_much_names_its_sequence() {
    // items: 100 elements claimed, of at least 3 bytes each, with 25 bytes left.
    let e = decode_err(&with(4, 100));
    assert_eq!(
        e.kind(),
        &DecodeError::LengthExceedsInput {
            offset: 4,
            len: 100,
            remaining: 25
        }
    );
    assert_eq!(e.path(), Some("items"));
}

#[test]
fn truncated_input_names_the_field_it_ends_in() {
    let bytes = order_bytes();
    // Cut inside items[1].qty (bytes 12..14): the u16 needs 2 bytes at 12.
    let e = decode_err(&bytes[..13]);
    assert_eq!(
        e.kind(),
        &DecodeError::UnexpectedEnd {
            offset: 12,
            needed: 2,
            remaining: 1
        }
    );
    assert_eq!(e.path(), Some("items[1].qty"));
    // Cut just before shape's tag: everything after is missing.
    let e = decode_err(&bytes[..19]);
    assert_eq!(e.path(), Some("shape"));
}

/// The replay of a type without lifetimes runs under the default limits (it shares
/// `from_slice`'s decode), so a caller's tighter limits do not stop it: the completed
/// input may be longer than `max_bytes` allows, and the nesting that failed is let in.
#[test]
fn limits_do_not_stop_the_replay() {
    let bytes = order_bytes();
    let cut = &bytes[..13];
    let limits = packed_core::Limits::DEFAULT.with_max_bytes(cut.len());
    let e = packed_core::config()
        .limits(limits)
        .from_slice::<Order>(cut)
        .unwrap_err();
    assert_eq!(e.path(), Some("items[1].qty"));
    // Order is one level, each Item a second: the first Item is too deep.
    let limits = packed_core::Limits::DEFAULT.with_max_depth(1);
    let e = packed_core::config()
        .limits(limits)
        .from_slice::<Order>(&bytes)
        .unwrap_err();
    assert_eq!(
        e.kind(),
        &DecodeError::DepthLimitExceeded {
            offset: 5,
            limit: 1
        }
    );
    assert_eq!(e.path(), Some("items[0].sku"));
}

/// A list that nests one level per element.
#[derive(Packed, Debug)]
struct Chain {
    next: Option<Box<Chain>>,
}

/// `n` nested `Chain`s: a `1` (some) for each but the last, whose `0` is none.
fn chain_bytes(n: usize) -> Vec<u8> {
    let mut bytes = vec![1; n - 1];
    bytes.push(0);
    bytes
}

/// A depth error under a tighter limit is located, since the replay's default depth
/// lets the failed level in; one at the default depth itself is not, since the replay
/// cannot go deeper than the default (documented in the crate docs, "Errors").
#[test]
fn depth_errors_have_a_path_below_the_default_depth() {
    let limits = packed_core::Limits::DEFAULT.with_max_depth(3);
    let e = packed_core::config()
        .limits(limits)
        .from_slice::<Chain>(&chain_bytes(10))
        .unwrap_err();
    assert_eq!(
        e.kind(),
        &DecodeError::DepthLimitExceeded {
            offset: 3,
            limit: 3
        }
    );
    // The path of the byte at the offset, as for `Order` above: the fourth level's
    // own `next`, the first field of the level that was too deep.
    assert_eq!(e.path(), Some("next.next.next.next"));

    let e = packed_core::from_slice::<Chain>(&chain_bytes(200)).unwrap_err();
    assert_eq!(
        e.kind(),
        &DecodeError::DepthLimitExceeded {
            offset: 128,
            limit: 128
        }
    );
    assert_eq!(e.path(), None);
}

#[test]
fn errors_about_the_whole_message_have_no_path() {
    let mut bytes = order_bytes();
    bytes.push(0);
    let e = decode_err(&bytes);
    assert_eq!(
        e.kind(),
        &DecodeError::TrailingBytes {
            offset: 30,
            remaining: 1
        }
    );
    assert_eq!(e.path(), None);
    assert_eq!(e.to_string(), "1 trailing bytes at byte 30");
}

/// A derived type with one field: its path is the field's.
#[derive(Packed, Debug)]
struct Bools {
    all: Vec<bool>,
}

#[test]
fn a_value_outside_a_derived_type_has_no_path() {
    // A top-level standard type: its `Decode` is generic or not derived, so the search
    // (which writes the value again, needing `Encode`) does not run; the offset says
    // where.
    let e = packed_core::from_slice::<bool>(&[2]).unwrap_err();
    assert_eq!(e.path(), None);
    assert_eq!(e.to_string(), "invalid bool byte 0x02 at byte 0");
    let e = packed_core::from_slice::<Vec<bool>>(&[3, 1, 0, 2]).unwrap_err();
    assert_eq!(e.path(), None);
    assert_eq!(e.offset(), 3);
    // Inside a derived type, the same bytes name the element.
    let e = packed_core::from_slice::<Bools>(&[3, 1, 0, 2]).unwrap_err();
    assert_eq!(e.path(), Some("all[2]"));
}

/// A type that only decodes, written by hand: `from_slice` takes it (no `Encode`
/// needed) and reports no path.
#[derive(Debug, PartialEq)]
struct DecodeOnly(bool);

impl<'de> packed_core::Decode<'de> for DecodeOnly {
    fn decode<C: packed_core::Ctx, R: packed_core::Reader<'de> + ?Sized>(
        r: &mut R,
    ) -> Result<Self, DecodeError> {
        bool::decode::<C, R>(r).map(DecodeOnly)
    }
}

#[test]
fn a_type_that_only_decodes_decodes_from_slices() {
    assert_eq!(
        packed_core::from_slice::<DecodeOnly>(&[1]),
        Ok(DecodeOnly(true))
    );
    let e = packed_core::from_slice::<DecodeOnly>(&[7]).unwrap_err();
    assert_eq!(e.kind(), &DecodeError::InvalidBool { offset: 0, byte: 7 });
    assert_eq!(e.path(), None);
    let (v, rest) = packed_core::take_from_slice::<DecodeOnly>(&[0, 9]).unwrap();
    assert_eq!((v, rest), (DecodeOnly(false), &[9][..]));
}

/// A generic derived type: its `Decode` cannot assume the parameter encodes, so no
/// path; its `Encode` can, so encode errors have one.
#[derive(Packed, Debug)]
struct Wrapper<T> {
    id: u8,
    inner: T,
}

#[test]
fn a_generic_derived_type_has_paths_on_encode_only() {
    let e = packed_core::from_slice::<Wrapper<bool>>(&[1, 5]).unwrap_err();
    assert_eq!(e.kind(), &DecodeError::InvalidBool { offset: 1, byte: 5 });
    assert_eq!(e.path(), None);
    let w = Wrapper {
        id: 1,
        inner: Item {
            sku: "x".repeat(300),
            qty: 0,
        },
    };
    assert_eq!(
        packed_core::to_vec(&w).unwrap_err().path(),
        Some("inner.sku")
    );
    // Nested in a concrete derived type, it is found.
    #[derive(Packed, Debug)]
    struct Outer {
        w: Wrapper<bool>,
    }
    let e = packed_core::from_slice::<Outer>(&[1, 5]).unwrap_err();
    assert_eq!(e.path(), Some("w.inner"));
}

#[test]
fn every_slice_entry_point_finds_the_path() {
    let bad = with(14, 2);
    let c = packed_core::config();
    assert_eq!(
        c.from_slice::<Order>(&bad).unwrap_err().path(),
        Some("flags.active")
    );
    let mut reused = order();
    let e = c.from_slice_into(&bad, &mut reused).unwrap_err();
    assert_eq!(e.path(), Some("flags.active"));
    let e = c.take_from_slice::<Order>(&bad).unwrap_err();
    assert_eq!(e.path(), Some("flags.active"));
    let e = packed_core::from_slice_with_limits::<Order>(&bad, packed_core::Limits::DEFAULT)
        .unwrap_err();
    assert_eq!(e.path(), Some("flags.active"));
}

/// A borrowing type: the decode is replayed on the caller's input, and a borrowed
/// string that crosses the error's offset is completed with zeros.
#[derive(Packed, Debug)]
struct Borrowed<'a> {
    id: u8,
    name: &'a str,
    ok: bool,
}

#[test]
fn borrowing_types_find_the_path() {
    let e = packed_core::from_slice::<Borrowed>(&[1, 3, b'a', 0xff, b'c', 1]).unwrap_err();
    assert_eq!(e.kind(), &DecodeError::InvalidUtf8 { offset: 3 });
    assert_eq!(e.path(), Some("name"));
    let e = packed_core::from_slice::<Borrowed>(&[1, 1, b'a', 5]).unwrap_err();
    assert_eq!(e.path(), Some("ok"));
}

/// An enum whose tags start at 3: completing the input with zeros names no variant, so
/// the next tags are tried.
#[derive(Packed, Debug, Clone, Copy, PartialEq)]
#[repr(u8)]
enum Level {
    Warn = 3,
    Error = 4,
}

#[derive(Packed, Debug, PartialEq)]
struct Entry {
    ok: bool,
    level: Level,
    levels: Vec<Level>,
}

#[test]
fn completion_tries_the_next_tags_where_zero_names_no_variant() {
    // ok is wrong; level and levels' two elements must be completed past zero.
    let e = packed_core::from_slice::<Entry>(&[9, 3, 2, 4, 3]).unwrap_err();
    assert_eq!(e.kind(), &DecodeError::InvalidBool { offset: 0, byte: 9 });
    assert_eq!(e.path(), Some("ok"));
    let e = packed_core::from_slice::<Entry>(&[1, 3, 2, 4, 7]).unwrap_err();
    assert_eq!(
        e.kind(),
        &DecodeError::UnknownVariant {
            offset: 4,
            type_name: "Level",
            tag: 7
        }
    );
    assert_eq!(e.path(), Some("levels[1]"));
}

#[derive(Packed, Debug, PartialEq, Default)]
#[packed(growable)]
struct Meta {
    version: u8,
    flags: Flags,
    more: Vec<Sub>,
}

#[derive(Packed, Debug, PartialEq, Default)]
#[packed(growable)]
struct Sub {
    on: bool,
}

#[test]
fn growable_records_find_the_path() {
    // Meta: size 4 + 1 + 2 + 1 + 2 * (4 + 1) = 18; then the two Subs, 5 bytes each.
    let meta = Meta {
        version: 1,
        flags: Flags {
            active: true,
            archived: true,
        },
        more: vec![Sub { on: true }, Sub { on: false }],
    };
    let bytes = packed_core::to_vec(&meta).unwrap();
    assert_eq!(
        bytes,
        [18, 0, 0, 0, 1, 1, 1, 2, 5, 0, 0, 0, 1, 5, 0, 0, 0, 0]
    );
    let mut bad = bytes.clone();
    bad[5] = 7;
    let e = packed_core::from_slice::<Meta>(&bad).unwrap_err();
    assert_eq!(e.kind(), &DecodeError::InvalidBool { offset: 5, byte: 7 });
    // The later records are completed with the smallest size, 4.
    assert_eq!(e.path(), Some("flags.active"));
    let mut bad = bytes.clone();
    bad[12] = 2;
    let e = packed_core::from_slice::<Meta>(&bad).unwrap_err();
    assert_eq!(e.path(), Some("more[0].on"));
    let mut bad = bytes;
    bad[17] = 2;
    let e = packed_core::from_slice::<Meta>(&bad).unwrap_err();
    assert_eq!(e.path(), Some("more[1].on"));
}

#[test]
fn streams_report_the_offset_only() {
    let bad = with(14, 2);
    let e = packed_core::from_reader::<Order, _>(&bad[..]).unwrap_err();
    assert_eq!(
        e.kind(),
        &DecodeError::InvalidBool {
            offset: 14,
            byte: 2
        }
    );
    assert_eq!(e.path(), None);
    let mut m = packed_core::config().messages::<Order, _>(&bad[..]);
    assert_eq!(m.next().unwrap().unwrap_err().path(), None);
}

// ---------------------------------------------------------------------------------------
// Encoding
// ---------------------------------------------------------------------------------------

#[test]
fn encode_paths() {
    let mut o = order();
    o.items[1].sku = "x".repeat(300);
    let e = packed_core::to_vec(&o).unwrap_err();
    assert_eq!(
        e.kind(),
        &EncodeError::LengthTooLarge {
            len: 300,
            max: 255,
            prefix: "u8"
        }
    );
    assert_eq!(e.path(), Some("items[1].sku"));
    assert_eq!(
        e.to_string(),
        "items[1].sku: length 300 does not fit the `u8` length prefix (at most 255)"
    );
    // Every encoding entry point.
    let c = packed_core::config();
    assert_eq!(c.encoded_len(&o).unwrap_err().path(), Some("items[1].sku"));
    assert_eq!(
        c.encode_into(&o, &mut Vec::new()).unwrap_err().path(),
        Some("items[1].sku")
    );
    assert_eq!(
        c.to_slice(&o, &mut [0; 8]).unwrap_err().path(),
        Some("items[1].sku")
    );
    assert_eq!(
        c.to_writer(&o, Vec::new()).unwrap_err().path(),
        Some("items[1].sku")
    );
}

#[derive(Packed, Debug)]
struct Limited {
    #[packed(max = 2)]
    names: Vec<String>,
    by_kind: BTreeMap<String, Wrapped>,
    shape: Option<Big>,
}

#[derive(Packed, Debug)]
struct Wrapped {
    #[packed(max = 1)]
    ids: Vec<u8>,
}

#[derive(Packed, Debug)]
enum Big {
    Small(u8),
    Many {
        #[packed(len = "u8")]
        values: Vec<u32>,
    },
}

#[test]
fn encode_paths_through_maps_options_and_variants() {
    let ok = || Limited {
        names: vec![],
        by_kind: BTreeMap::new(),
        shape: None,
    };
    let e = packed_core::to_vec(&Limited {
        names: vec!["a".into(); 3],
        ..ok()
    })
    .unwrap_err();
    assert_eq!(e.kind(), &EncodeError::LengthOverMax { len: 3, max: 2 });
    assert_eq!(e.path(), Some("names"));
    let by_kind = BTreeMap::from([
        ("a".to_string(), Wrapped { ids: vec![1] }),
        ("b".to_string(), Wrapped { ids: vec![1, 2] }),
    ]);
    let e = packed_core::to_vec(&Limited { by_kind, ..ok() }).unwrap_err();
    assert_eq!(e.path(), Some("by_kind[1].value.ids"));
    let shape = Some(Big::Many {
        values: vec![0; 256],
    });
    let e = packed_core::to_vec(&Limited { shape, ..ok() }).unwrap_err();
    assert_eq!(e.path(), Some("shape.Many.values"));
    // The layout given for the whole tree keeps the field-level `len`.
    let shape = Some(Big::Many {
        values: vec![0; 256],
    });
    let e = packed_core::with::<layout::Yas>()
        .to_vec(&Limited { shape, ..ok() })
        .unwrap_err();
    assert_eq!(e.path(), Some("shape.Many.values"));
}

#[test]
fn a_buffer_too_small_is_about_the_message() {
    let e = packed_core::to_slice(&order(), &mut [0; 4]).unwrap_err();
    assert_eq!(
        e.kind(),
        &EncodeError::BufferTooSmall {
            needed: 30,
            capacity: 4
        }
    );
    assert_eq!(e.path(), None);
}

#[test]
fn question_mark_turns_an_error_into_its_kind() {
    fn kind_only(bytes: &[u8]) -> Result<Order, DecodeError> {
        Ok(packed_core::from_slice(bytes)?)
    }
    assert_eq!(
        kind_only(&with(14, 2)),
        Err(DecodeError::InvalidBool {
            offset: 14,
            byte: 2
        })
    );
}

// ---------------------------------------------------------------------------------------
// A YAS header where none is expected
// ---------------------------------------------------------------------------------------

#[derive(Packed, Debug, PartialEq)]
struct Named {
    name: String,
}

/// `Named { name: "hi" }` as YAS writes it under `flags`' header: the header, then an
/// 8-byte length.
fn yas_named(header: &[u8; 7]) -> Vec<u8> {
    let mut b = header.to_vec();
    b.extend_from_slice(&[2, 0, 0, 0, 0, 0, 0, 0, b'h', b'i']);
    b
}

#[test]
fn a_headerless_decode_of_yas_output_says_so() {
    let e = packed_core::from_slice::<Named>(&yas_named(b"yas0017")).unwrap_err();
    assert_eq!(
        e.kind(),
        &DecodeError::UnexpectedYasHeader {
            found: *b"yas0017",
            layout: "Yas"
        }
    );
    assert_eq!(
        e.to_string(),
        "input starts with a YAS header `yas0017`; decode with the YAS layout (`layout::Yas`)"
    );
    // Under YAS's headerless layout, and for the other headers.
    let no_header = packed_core::with::<layout::YasNoHeader>();
    for (header, name) in [
        (b"yas0017", "Yas"),
        (b"yas0097", "YasBig"),
        (b"yas0117", "YasCompacted"),
        (b"yas0197", "YasCompactedBig"),
    ] {
        let e = no_header
            .from_slice::<Named>(&yas_named(header))
            .unwrap_err();
        assert_eq!(
            e.into_kind(),
            DecodeError::UnexpectedYasHeader {
                found: *header,
                layout: name
            }
        );
    }
    // The YAS layout itself decodes it.
    assert_eq!(
        packed_core::with::<layout::Yas>().from_slice::<Named>(&yas_named(b"yas0017")),
        Ok(Named { name: "hi".into() })
    );
}

#[test]
fn only_a_real_yas_header_gets_the_hint() {
    // Version 8, lowercase hex, a text archive (type 2), a reserved bit: not headers.
    for header in [b"yas0018", b"yas011a", b"yas0027", b"yas0217"] {
        let e = packed_core::from_slice::<Named>(&yas_named(header)).unwrap_err();
        assert!(
            matches!(
                e.kind(),
                DecodeError::LengthExceedsInput {
                    offset: 0,
                    len: 121,
                    ..
                }
            ),
            "{header:?}: {e:?}"
        );
    }
    // A type with a YAS header of its own whose body is wrong: its own header was read.
    #[derive(Packed, Debug)]
    #[packed(layout = "yas")]
    struct OwnYas {
        ok: bool,
    }
    let e = packed_core::from_slice::<OwnYas>(b"yas00172").unwrap_err();
    assert_eq!(
        e.kind(),
        &DecodeError::InvalidBool {
            offset: 7,
            byte: b'2'
        }
    );
    assert_eq!(e.path(), Some("ok"));
    // Input that decodes is never looked at.
    let bytes = [7, b'y', b'a', b's', b'0', b'0', b'1', b'7'];
    assert_eq!(
        packed_core::from_slice::<Named>(&bytes).unwrap().name,
        "yas0017"
    );
}

/// A bit-packed record: `alive` is bit 0, `health` (0..=100, 7 bits) bits 1-7, `port`'s
/// entropy index (0: the value follows, 1: 80, 2: 443; 2 bits) bits 8-9, then padding
/// to the byte.
#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack)]
struct Player {
    alive: bool,
    #[packed(range = "0..=100")]
    health: u8,
    #[packed(entropy = [80, 443])]
    port: u16,
}

#[test]
fn bit_packing_errors_name_the_field_at_their_bit() {
    let p = Player {
        alive: true,
        health: 50,
        port: 80,
    };
    // 1 | 50 << 1 = 0x65; index 1.
    assert_eq!(packed_core::to_vec(&p).unwrap(), [0x65, 0x01]);
    // A health code of 127 (1 | 127 << 1 = 0xff): out of its range, at bit 1.
    let e = packed_core::from_slice::<Player>(&[0xff, 0x01]).unwrap_err();
    assert_eq!(e.kind().bit_offset(), Some(1));
    assert_eq!(e.path(), Some("health"));
    // Entropy index 3 names no entry, at bit 8.
    let e = packed_core::from_slice::<Player>(&[0x65, 0x03]).unwrap_err();
    assert_eq!(e.kind().bit_offset(), Some(8));
    assert_eq!(e.path(), Some("port"));
    // A padding bit set after the index, at bit 10: the path is the one `explain`
    // gives the padding there.
    let explained = packed_core::explain(&Player {
        alive: true,
        health: 50,
        port: 80,
    })
    .unwrap();
    let padding = explained
        .spans()
        .iter()
        .find(|s| s.bit_offset == 10)
        .unwrap();
    assert_eq!(padding.role, packed_core::explain::Role::Padding);
    let e = packed_core::from_slice::<Player>(&[0x65, 0x05]).unwrap_err();
    assert_eq!(e.kind(), &DecodeError::InvalidPadding { bit_offset: 10 });
    assert_eq!(e.path(), Some(padding.path.as_str()));
    // Encoding out of range names the field as well.
    let p = Player {
        alive: true,
        health: 101,
        port: 80,
    };
    assert_eq!(packed_core::to_vec(&p).unwrap_err().path(), Some("health"));
}

/// A fieldless enum written as its `u16`, with no variant for 1.
#[derive(Packed, Debug, PartialEq)]
#[repr(u16)]
enum Hue {
    Red = 0,
    Green = 300,
}

#[derive(Packed, Debug, PartialEq)]
enum Event {
    Idle,
    Move(u8),
}

/// Bit-packed records whose second field is a value of a byte or more starting at
/// bit 1, in the byte that also holds `flag` (bit 0).
#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack)]
struct FlagHue {
    flag: bool,
    hue: Hue,
}

#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack)]
struct FlagList {
    flag: bool,
    #[packed(max = 2)]
    list: Vec<u8>,
}

#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack)]
struct FlagEvent {
    flag: bool,
    event: Event,
}

#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack)]
struct FlagChar {
    flag: bool,
    ch: char,
}

#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack)]
struct FlagNonZero {
    flag: bool,
    n: std::num::NonZeroU16,
}

#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack)]
struct FlagDuration {
    flag: bool,
    d: std::time::Duration,
}

#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack, int = "varint")]
struct FlagVarint {
    flag: bool,
    x: u16,
}

#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack)]
struct FlagBits {
    flag: bool,
    bits: packed_core::cpp::Bitset<4>,
}

#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack)]
struct FlagMap {
    flag: bool,
    map: BTreeMap<u8, u8>,
}

/// `port`'s entropy index (bits 1-2; 1: 80, 2: 443) with no padding after it, so `hue`
/// starts at bit 3 where the port is listed and at bit 19 where it is not.
#[derive(Packed, Debug, PartialEq)]
#[packed(bitpack)]
struct FlagPortHue {
    flag: bool,
    #[packed(entropy = [80, 443], align_before_data = false)]
    port: u16,
    hue: Hue,
}

/// An error about a value that starts inside a byte of a bit-packed record (an
/// unknown tag, a length over its `max`, an invalid `char`, a zero `NonZero`, a count
/// out of a `Duration`'s range, an integer too long, a repeated key) gives the byte that holds the value's first bit, which also holds earlier
/// fields' bits: the path is the value's, not that of the byte's first field.
#[test]
fn errors_at_a_value_starting_inside_a_shared_byte_name_that_value() {
    // `flag` 1, `hue` 1 (bits 1-16): 0b11 = 0x03, then 0x00 0x00.
    let e = packed_core::from_slice::<FlagHue>(&[0x03, 0x00, 0x00]).unwrap_err();
    assert_eq!(
        e.kind(),
        &DecodeError::UnknownVariant {
            offset: 0,
            type_name: "Hue",
            tag: 1
        }
    );
    assert_eq!(e.path(), Some("hue"));
    assert_eq!(
        e.to_string(),
        "unknown tag 1 for enum `Hue` at byte 0 (hue)"
    );
    // `flag` 1, a compact length of 5 (bits 1-8): 1 | 5 << 1 = 0x0b, then 0x00.
    let e = packed_core::from_slice::<FlagList>(&[0x0b, 0x00]).unwrap_err();
    assert_eq!(
        e.kind(),
        &DecodeError::LengthOverMax {
            offset: 0,
            len: 5,
            max: 2
        }
    );
    assert_eq!(e.path(), Some("list"));
    // The same bits as a variant index: 5 names no variant.
    let e = packed_core::from_slice::<FlagEvent>(&[0x0b, 0x00]).unwrap_err();
    assert!(matches!(
        e.kind(),
        DecodeError::UnknownVariant {
            offset: 0,
            tag: 5,
            ..
        }
    ));
    assert_eq!(e.path(), Some("event"));
    // `flag` 1, a char of 0xD800 (a surrogate; bits 1-32): 1 | 0xD800 << 1 = 0x1B001.
    let e = packed_core::from_slice::<FlagChar>(&[0x01, 0xB0, 0x01, 0x00, 0x00]).unwrap_err();
    assert_eq!(
        e.kind(),
        &DecodeError::InvalidChar {
            offset: 0,
            value: 0xD800
        }
    );
    assert_eq!(e.path(), Some("ch"));
    // `flag` 1, `n` 0 (bits 1-16).
    let e = packed_core::from_slice::<FlagNonZero>(&[0x01, 0x00, 0x00]).unwrap_err();
    assert!(matches!(
        e.kind(),
        DecodeError::UnexpectedZero { offset: 0, .. }
    ));
    assert_eq!(e.path(), Some("n"));
    // `flag` 1, a count of -1 nanoseconds (64 one bits, bits 1-64).
    let bytes = [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01];
    let e = packed_core::from_slice::<FlagDuration>(&bytes).unwrap_err();
    assert!(matches!(
        e.kind(),
        DecodeError::OutOfRange { offset: 0, .. }
    ));
    assert_eq!(e.path(), Some("d"));
    // `flag` 1, then LEB128 bytes ff ff ff (bits 1-24): past a `u16`.
    let e = packed_core::from_slice::<FlagVarint>(&[0xff, 0xff, 0xff, 0xff, 0x00]).unwrap_err();
    assert!(matches!(
        e.kind(),
        DecodeError::IntegerOverflow { offset: 0, .. }
    ));
    assert_eq!(e.path(), Some("x"));
    // A bitset has no padding of its own inside a session (its last `N % 8` bits are
    // single bits, as Bitsery writes them there): `flag` 1, then the 4 bits as bits
    // 1-4, 1 | 0b1111 << 1 = 0x1f.
    assert_eq!(
        packed_core::from_slice::<FlagBits>(&[0x1f]).map(|v| v.bits),
        Ok(packed_core::cpp::Bitset([true; 4]))
    );
    // `flag` 1, length 2 (bits 1-8), then entries 2 => 4 (bits 9-24) and 2 => 4
    // (bits 25-40): the second key, in byte 3 with the first value's last bit.
    let bytes = [0x05, 0x04, 0x08, 0x04, 0x08, 0x00];
    let e = packed_core::from_slice::<FlagMap>(&bytes).unwrap_err();
    assert_eq!(e.kind(), &DecodeError::DuplicateKey { offset: 3 });
    assert_eq!(e.path(), Some("map[1].key"));
    // `flag` 1, index 1 (port 80), `hue` 1 (bits 3-18): 1 | 1 << 1 | 1 << 3 = 0x0b.
    // Read with the index's bits cleared, `port` would be a whole `u16` and `hue` later.
    let e = packed_core::from_slice::<FlagPortHue>(&[0x0b, 0x00, 0x00]).unwrap_err();
    assert!(matches!(
        e.kind(),
        DecodeError::UnknownVariant {
            offset: 0,
            tag: 1,
            ..
        }
    ));
    assert_eq!(e.path(), Some("hue"));
    // The same values, each in a byte of its own, as before: `hue` at byte 2.
    #[derive(Packed, Debug)]
    struct Apart {
        flag: bool,
        n: u8,
        hue: Hue,
    }
    let e = packed_core::from_slice::<Apart>(&[0x01, 0x00, 0x01, 0x00]).unwrap_err();
    assert_eq!((e.offset(), e.path()), (2, Some("hue")));
}

/// The serde functions: the error, without a path (serde's traversal reports no
/// fields); a `#[packed(serde)]` field inside a derived record is named.
#[test]
fn serde_errors_have_no_path_inside_serde_values() {
    #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    struct Foreign {
        a: u8,
        b: bool,
    }
    let e = packed_core::serde::from_slice::<Foreign>(&[1, 7]).unwrap_err();
    assert_eq!(e.kind(), &DecodeError::InvalidBool { offset: 1, byte: 7 });
    assert_eq!(e.path(), None);
    assert_eq!(e.to_string(), "invalid bool byte 0x07 at byte 1");

    #[derive(serde::Serialize, Debug)]
    struct Skips {
        #[serde(skip_serializing_if = "Option::is_none")]
        maybe: Option<u8>,
    }
    let e = packed_core::serde::to_vec(&Skips { maybe: None }).unwrap_err();
    assert!(matches!(e.kind(), EncodeError::SerdeUnsupported { .. }));
    assert_eq!(e.path(), None);

    #[derive(Packed, Debug)]
    struct Record {
        id: u8,
        #[packed(serde)]
        extra: Foreign,
    }
    let e = packed_core::from_slice::<Record>(&[1, 2, 7]).unwrap_err();
    assert_eq!(e.path(), Some("extra"));
}

/// Errors whose input the replay must change in a way of its own to read past: a zero
/// for a `NonZero` (the shortest value, zero, is the error itself), a YAS
/// `std::array` length (in each YAS layout's form of the length) and a YAS enum's size
/// byte followed by an unknown value (the value is after the size, not at it). Each
/// had no path.
#[test]
fn errors_the_shortest_value_repeats_have_paths() {
    use std::num::{NonZeroU16, NonZeroU32};

    #[derive(Packed, Debug, PartialEq)]
    struct Counts {
        a: u8,
        nz: NonZeroU32,
        v: Vec<NonZeroU16>,
    }
    #[derive(Packed, Debug, PartialEq)]
    #[packed(layout = "yas-compacted")]
    struct Compacted {
        a: u8,
        nz: NonZeroU32,
    }
    #[derive(Packed, Debug, PartialEq)]
    #[packed(layout = "varint")]
    struct Leb {
        a: u8,
        nz: NonZeroU32,
    }
    #[derive(Packed, Debug, PartialEq, Clone, Copy)]
    #[repr(u32)]
    enum Level {
        Low = 1,
    }
    #[derive(Packed, Debug, PartialEq)]
    #[packed(layout = "yas")]
    struct Yas {
        a: u8,
        arr: [u16; 2],
        level: Level,
    }
    #[derive(Packed, Debug, PartialEq)]
    #[packed(layout = "yas", endian = "big")]
    struct YasBig {
        a: u8,
        arr: [u16; 2],
    }
    #[derive(Packed, Debug, PartialEq)]
    #[packed(layout = "yas-compacted")]
    struct YasCompacted {
        a: u8,
        arr: [u16; 2],
    }
    fn located<T: for<'de> packed_core::Decode<'de> + std::fmt::Debug>(
        bytes: &[u8],
    ) -> (DecodeError, Option<String>) {
        let e = packed_core::from_slice::<T>(bytes).unwrap_err();
        (e.kind().clone(), e.path().map(String::from))
    }
    let zero = |offset, type_name| DecodeError::UnexpectedZero { offset, type_name };
    let path = |p: &str| Some(p.to_string());

    // a, nz = 0 (4 bytes LE) at 1, then an empty vector.
    assert_eq!(
        located::<Counts>(&[1, 0, 0, 0, 0, 0]),
        (zero(1, "NonZeroU32"), path("nz"))
    );
    // nz = 5, two elements: 1 at 6, 0 at 8.
    assert_eq!(
        located::<Counts>(&[1, 5, 0, 0, 0, 2, 1, 0, 0, 0]),
        (zero(8, "NonZeroU16"), path("v[1]"))
    );
    // `yas0117`, a raw byte, nz's compacted zero `80` at 8.
    assert_eq!(
        located::<Compacted>(b"yas0117\x01\x80"),
        (zero(8, "NonZeroU32"), path("nz"))
    );
    // nz's compacted zero in its long form: one byte, 00.
    assert_eq!(
        located::<Compacted>(b"yas0117\x01\x01\x00"),
        (zero(8, "NonZeroU32"), path("nz"))
    );
    assert_eq!(located::<Leb>(&[1, 0]), (zero(1, "NonZeroU32"), path("nz")));

    // `yas0017`, a at 7, the array's u64 length 3 at 8 (YAS writes a std::array's size).
    let mut yas = b"yas0017\x01".to_vec();
    yas.extend_from_slice(&[3, 0, 0, 0, 0, 0, 0, 0, 1, 0, 2, 0, 4, 1, 0, 0, 0]);
    let mismatch = DecodeError::LengthMismatch {
        offset: 8,
        expected: 2,
        found: 3,
    };
    assert_eq!(located::<Yas>(&yas), (mismatch.clone(), path("arr")));
    // Big-endian: `yas0097`, the length's 3 in its last byte.
    let mut big = b"yas0097\x01".to_vec();
    big.extend_from_slice(&[0, 0, 0, 0, 0, 0, 0, 3, 0, 1, 0, 2]);
    assert_eq!(located::<YasBig>(&big), (mismatch.clone(), path("arr")));
    // Compacted: the length 3 is `83`.
    assert_eq!(
        located::<YasCompacted>(b"yas0117\x01\x83\x81\x82"),
        (mismatch, path("arr"))
    );
    // The enum at 20: its size byte 2 where a u32 enum has 4; then size 4 and the
    // unknown value 7.
    let mut yas = b"yas0017\x01".to_vec();
    yas.extend_from_slice(&[2, 0, 0, 0, 0, 0, 0, 0, 1, 0, 2, 0, 2, 1, 0, 0, 0]);
    assert_eq!(
        located::<Yas>(&yas),
        (
            DecodeError::InvalidEnumSize {
                offset: 20,
                expected: 4,
                found: 2
            },
            path("level")
        )
    );
    let n = yas.len();
    yas[n - 5..].copy_from_slice(&[4, 7, 0, 0, 0]);
    assert_eq!(
        located::<Yas>(&yas),
        (
            DecodeError::UnknownVariant {
                offset: 20,
                type_name: "Level",
                tag: 7
            },
            path("level")
        )
    );
}

/// Raw identifiers are named without `r#`, variants as fields (`match.in`, not
/// `r#match.in`) and types in errors (`Kind`, not `r#Kind`).
#[test]
fn raw_identifiers_are_named_as_written_without_r_hash() {
    #[derive(Packed, Debug, PartialEq)]
    #[allow(non_camel_case_types)]
    enum r#Kind {
        r#match { r#in: bool },
        Other,
    }
    #[derive(Packed, Debug, PartialEq)]
    struct Holder {
        r#type: r#Kind,
    }
    // Variant 0 (`match`), then an invalid bool.
    let e = packed_core::from_slice::<Holder>(&[0, 5]).unwrap_err();
    assert_eq!(e.kind(), &DecodeError::InvalidBool { offset: 1, byte: 5 });
    assert_eq!(e.path(), Some("type.match.in"));
    let e = packed_core::from_slice::<Holder>(&[2]).unwrap_err();
    assert_eq!(
        e.kind(),
        &DecodeError::UnknownVariant {
            offset: 0,
            type_name: "Kind",
            tag: 2
        }
    );
    let text = packed_core::explain(&Holder {
        r#type: r#Kind::r#match { r#in: true },
    })
    .unwrap()
    .to_string();
    assert!(text.contains("type.match.in"), "{text}");
    assert!(!text.contains("r#"), "{text}");
    let _ = r#Kind::Other;
}
