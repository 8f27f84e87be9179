//! `explain`, `explain_as` and `compare`: every byte attributed, exactly once.

use std::collections::VecDeque;
use std::fmt::Debug;

use packed_core::explain::{Explanation, Role};
use packed_core::{layout, Decode, Encode, Layout, Packed};
use proptest::prelude::*;

use packed_fixtures::{seed_document, Document};

mod common;

#[derive(Packed, Debug, Clone, PartialEq)]
enum Shape {
    Dot,
    Line(u16, Option<u32>),
    Poly {
        points: Vec<(i8, i8)>,
        #[packed(len = "u16")]
        label: String,
    },
}

#[derive(Packed, Debug, Clone, PartialEq)]
#[repr(u16)]
enum Level {
    Low = 1,
    High = 700,
}

#[derive(Packed, Debug, Clone, PartialEq)]
struct Mixed {
    shapes: Vec<Shape>,
    level: Level,
    maybe: Option<String>,
    nums: Vec<u32>,
    fixed: [u8; 3],
}

fn seed() -> Document {
    seed_document()
}

/// Spans are in order, contiguous, non-empty, and cover exactly the bytes `expected`.
fn assert_exact_cover(e: &Explanation, expected: &[u8]) {
    assert_eq!(e.bytes(), expected);
    let mut next = 0;
    let mut joined = Vec::new();
    for s in e.spans() {
        assert_eq!(s.offset, next, "gap or overlap at {s:?}");
        assert!(s.len > 0, "empty span {s:?}");
        next += s.len;
        joined.extend_from_slice(e.span_bytes(s));
    }
    assert_eq!(next, expected.len());
    assert_eq!(joined, expected);
}

#[test]
fn seed_document_role_summary() {
    let d = seed();
    // compact: 11 one-byte lengths (id, region, item count, 8 skus), 179 value bytes:
    // 75 string bytes + status 4 + version 4 + 8 × (4 + 8).
    let c = packed_core::explain(&d).unwrap();
    assert_exact_cover(&c, &packed_core::to_vec(&d).unwrap());
    let t = c.by_role();
    assert_eq!(
        (t.header, t.length, t.tag, t.flag, t.value),
        (0, 11, 0, 0, 179)
    );
    // YAS: the 7-byte header and 11 eight-byte lengths, the same 179 value bytes.
    let y = packed_core::explain_as::<layout::Yas, _>(&d).unwrap();
    assert_exact_cover(&y, &packed_core::to_vec_as::<layout::Yas, _>(&d).unwrap());
    let t = y.by_role();
    assert_eq!(
        (t.header, t.length, t.tag, t.flag, t.value),
        (7, 88, 0, 0, 179)
    );
    assert_eq!(y.spans()[0].role, Role::Header);
    assert_eq!(y.span_bytes(&y.spans()[0]), b"yas0017");
}

#[test]
fn field_paths_name_every_span() {
    let e = packed_core::explain(&seed()).unwrap();
    let paths: Vec<(&str, Role, usize)> = e
        .spans()
        .iter()
        .map(|s| (s.path.as_str(), s.role, s.len))
        .collect();
    assert_eq!(paths[0], ("id", Role::Length, 1));
    assert_eq!(paths[1], ("id", Role::Value, 9));
    assert_eq!(paths[2], ("status", Role::Value, 4));
    assert_eq!(paths[3], ("meta.region", Role::Length, 1));
    assert!(paths.contains(&("items", Role::Length, 1)));
    assert!(paths.contains(&("items[3].sku", Role::Value, 12)));
    assert!(paths.contains(&("items[7].price_minor", Role::Value, 8)));
    let by_field = e.by_field();
    let sku = by_field.iter().find(|(k, _)| k == "items[].sku").unwrap().1;
    // 8 one-byte lengths and 62 bytes of item strings (75 - 9 - 4).
    assert_eq!((sku.length, sku.value), (8, 62));
}

#[test]
fn tags_flags_and_repr_enums_have_roles() {
    let m = Mixed {
        shapes: vec![
            Shape::Dot,
            Shape::Line(5, Some(9)),
            Shape::Poly {
                points: vec![(1, 2)],
                label: "ab".into(),
            },
        ],
        level: Level::High,
        maybe: None,
        nums: vec![1, 2, 3],
        fixed: [7, 8, 9],
    };
    let e = packed_core::explain(&m).unwrap();
    assert_exact_cover(&e, &packed_core::to_vec(&m).unwrap());
    let t = e.by_role();
    // 3 variant tags; 2 option flags (Line's Some, maybe's None);
    // lengths: shapes 1, points 1, label 2 (u16), nums 1.
    assert_eq!((t.tag, t.flag, t.length), (3, 2, 5));
    // YAS enums: the u16 repr enum gains a size byte (role tag).
    let y = packed_core::explain_as::<layout::YasNoHeader, _>(&m).unwrap();
    let level: Vec<_> = y
        .spans()
        .iter()
        .filter(|s| s.path == "level")
        .map(|s| (s.role, s.len))
        .collect();
    assert_eq!(level, [(Role::Tag, 1), (Role::Value, 2)]);
}

#[test]
fn display_is_an_annotated_dump() {
    let text = packed_core::explain_as::<layout::Yas, _>(&seed())
        .unwrap()
        .to_string();
    assert!(text.contains("79 61 73 30 30 31 37"), "{text}");
    assert!(text.contains("items[3].sku"), "{text}");
    assert!(
        text.contains("274 bytes: 95 framing (header 7, length 88, tag 0, flag 0) + 179 value"),
        "{text}"
    );
}

/// The dump's rows: (hex, field, role) of each span line, split at the columns the
/// header line sets; asserts that every role starts in the header's `role` column.
fn dump_rows(text: &str) -> Vec<(String, String, String)> {
    let mut lines = text.lines();
    let header = lines.next().expect("a header line");
    let col = |name: &str| header.find(name).expect(name);
    let (bytes_at, field_at, role_at) = (col("bytes"), col("field"), col("role"));
    let rows: Vec<_> = lines.take_while(|l| !l.contains("framing")).collect();
    rows.iter()
        .map(|line| {
            let chars: Vec<char> = line.chars().collect();
            let at = |a: usize, b: usize| chars[a..b].iter().collect::<String>();
            let role = at(role_at, chars.len());
            assert!(
                chars[role_at - 1] == ' ' && !role.starts_with(' '),
                "role out of its column:\n{text}"
            );
            (
                at(bytes_at, field_at).trim_end().to_owned(),
                at(field_at, role_at).trim_end().to_owned(),
                role,
            )
        })
        .collect()
}

/// Long field paths widen the field column instead of pushing the roles out of line.
#[test]
fn dump_keeps_roles_in_one_column() {
    #[derive(Packed)]
    struct Deep {
        a_rather_long_field_name_for_a_record: Vec<Vec<Option<u8>>>,
        x: u8,
    }
    let v = Deep {
        a_rather_long_field_name_for_a_record: vec![vec![Some(1), None]; 11],
        x: 1,
    };
    let text = packed_core::explain(&v).unwrap().to_string();
    let rows = dump_rows(&text);
    assert!(rows
        .iter()
        .any(|(_, f, r)| f == "a_rather_long_field_name_for_a_record[10][0]" && r == "flag"));
    assert!(rows.iter().any(|(_, f, r)| f == "x" && r == "value"));
    // The seed document's dump has every row in line too.
    dump_rows(&packed_core::explain(&seed()).unwrap().to_string());
}

/// Hex is elided only where that makes it shorter, and never wider than its column:
/// every run up to 13 bytes (38 characters) is shown whole, longer ones elided with a
/// count that reads "1 byte" or "n bytes".
#[test]
fn dump_elides_only_to_shorten() {
    for n in 1..=200usize {
        let text: String = (0..n).map(|i| char::from(b'a' + (i % 26) as u8)).collect();
        let bytes = text.as_bytes();
        let text = packed_core::explain(&text).unwrap().to_string();
        let rows = dump_rows(&text);
        let (hex, field, role) = &rows[1];
        assert_eq!((field.as_str(), role.as_str()), ("(message)", "value"));
        let plain: Vec<String> = bytes.iter().map(|b| format!("{b:02x}")).collect();
        let plain = plain.join(" ");
        if plain.len() <= 40 {
            assert_eq!(hex, &plain, "{n} bytes");
        } else {
            assert!(hex.chars().count() <= 40, "{n}: {hex}");
            assert!(hex.chars().count() < plain.len(), "{n}: {hex}");
            let (head, tail) = hex.split_once(" … (").unwrap();
            let (count, tail) = tail.split_once(") … ").unwrap();
            let kept = head.split(' ').count();
            assert_eq!(tail.split(' ').count(), kept, "{hex}");
            assert_eq!(count, format!("{} bytes", n - 2 * kept), "{hex}");
            assert!(plain.starts_with(head) && plain.ends_with(tail), "{hex}");
        }
        assert!(
            !text.contains(" 1 bytes") && !text.starts_with("1 bytes"),
            "{text}"
        );
    }
    let one = packed_core::explain(&true).unwrap().to_string();
    assert!(one.contains("\n1 byte: 0 framing"), "{one}");
}

/// A map's entries read `[i].key` and `[i].value`; a set's elements `[i]`.
#[test]
fn map_entries_name_key_and_value() {
    use std::collections::{BTreeMap, BTreeSet};
    let m: BTreeMap<u8, String> = [(1, "a".to_owned()), (2, "bc".to_owned())].into();
    let e = packed_core::explain(&m).unwrap();
    let paths: Vec<(&str, Role, usize)> = e
        .spans()
        .iter()
        .map(|s| (s.path.as_str(), s.role, s.len))
        .collect();
    assert_eq!(
        paths,
        [
            ("", Role::Length, 1),
            ("[0].key", Role::Value, 1),
            ("[0].value", Role::Length, 1),
            ("[0].value", Role::Value, 1),
            ("[1].key", Role::Value, 1),
            ("[1].value", Role::Length, 1),
            ("[1].value", Role::Value, 2),
        ]
    );
    let folded: Vec<String> = e.by_field().into_iter().map(|(k, _)| k).collect();
    assert_eq!(folded, ["", "[].key", "[].value"]);
    let s: BTreeSet<u8> = [4, 5].into();
    let e = packed_core::explain(&s).unwrap();
    assert_eq!(e.spans()[2].path, "[1]");
}

#[test]
fn compare_renders_the_seed_table() {
    let d = seed();
    let table = packed_core::compare(&d)
        .layout::<layout::Bitsery>("compact")
        .unwrap()
        .layout::<layout::Yas>("yas")
        .unwrap()
        .layout::<layout::YasNoHeader>("yas-noheader")
        .unwrap()
        .layout::<layout::YasCompacted>("yas-compacted")
        .unwrap();
    let totals: Vec<usize> = table
        .rows()
        .iter()
        .map(|(_, e)| e.by_role().total())
        .collect();
    assert_eq!(totals, [190, 274, 267, 134]);
    let text = table.to_string();
    assert!(text.contains("+84"), "{text}");
    assert!(text.contains("-56"), "{text}");
    // By field: the 8 item skus cost 70 bytes compact and 126 (+56) under YAS.
    assert!(text.contains("items[].sku"), "{text}");
    assert!(text.contains("126 (+56)"), "{text}");
}

fn arb_shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        Just(Shape::Dot),
        (any::<u16>(), any::<Option<u32>>()).prop_map(|(a, b)| Shape::Line(a, b)),
        (
            proptest::collection::vec(any::<(i8, i8)>(), 0..5),
            "[a-z]{0,300}"
        )
            .prop_map(|(points, label)| Shape::Poly { points, label }),
    ]
}

fn arb_mixed() -> impl Strategy<Value = Mixed> {
    (
        proptest::collection::vec(arb_shape(), 0..6),
        prop_oneof![Just(Level::Low), Just(Level::High)],
        proptest::option::of("\\PC{0,20}"),
        proptest::collection::vec(any::<u32>(), 0..200),
        any::<[u8; 3]>(),
    )
        .prop_map(|(shapes, level, maybe, nums, fixed)| Mixed {
            shapes,
            level,
            maybe,
            nums,
            fixed,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn spans_cover_every_layout_exactly(m in arb_mixed()) {
        assert_exact_cover(&packed_core::explain(&m).unwrap(), &packed_core::to_vec(&m).unwrap());
        assert_exact_cover(&packed_core::explain_as::<layout::Yas, _>(&m).unwrap(), &packed_core::to_vec_as::<layout::Yas, _>(&m).unwrap());
        assert_exact_cover(&packed_core::explain_as::<layout::YasCompactedBig, _>(&m).unwrap(), &packed_core::to_vec_as::<layout::YasCompactedBig, _>(&m).unwrap());
        assert_exact_cover(&packed_core::explain_as::<layout::Varint, _>(&m).unwrap(), &packed_core::to_vec_as::<layout::Varint, _>(&m).unwrap());
    }
}

/// For every golden file: `explain` of the attribute type and `explain_as::<L>` of the
/// attribute-free type both cover the real library's bytes exactly.
struct CoverGolden {
    files: usize,
}

impl common::Visitor for CoverGolden {
    fn visit<A, F, L>(&mut self, config: &'static str, fixture: &'static str, own: &A, free: &F)
    where
        A: Encode + for<'de> Decode<'de> + PartialEq + Debug,
        F: Encode + for<'de> Decode<'de> + PartialEq + Debug,
        L: Layout,
    {
        let bytes = common::golden(config, fixture);
        assert_exact_cover(&packed_core::explain(own).unwrap(), &bytes);
        let e = packed_core::explain_as::<L, F>(free).unwrap();
        assert_exact_cover(&e, &bytes);
        // YAS headers are attributed to the header role, and only they are.
        assert_eq!(
            e.by_role().header,
            if bytes.starts_with(b"yas") { 7 } else { 0 },
            "{config}_{fixture}"
        );
        self.files += 1;
    }
}

#[test]
fn spans_cover_every_golden_file_exactly() {
    let mut v = CoverGolden { files: 0 };
    common::for_each_golden(&mut v);
    assert_eq!(v.files, 112);
}

/// A `VecDeque`'s explanation does not depend on where its storage wraps: its second
/// part is numbered on from the first (`[2]`, `[3]`, not `[0]` again), and a deque of
/// numbers, one copy either way, is one span either way. `wrapped` holds `values` with
/// its storage split after the first two.
fn deque_explains_like_its_contiguous_twin<T>(values: &[T], layout_name: &str)
where
    T: Encode + Clone + Debug,
{
    let contiguous: VecDeque<T> = values.iter().cloned().collect();
    let mut wrapped: VecDeque<T> = VecDeque::with_capacity(values.len());
    wrapped.extend(values[2..].iter().cloned());
    wrapped.push_front(values[1].clone());
    wrapped.push_front(values[0].clone());
    assert_eq!(wrapped.as_slices().0.len(), 2, "the deque wraps after two");
    let (c, w) = match layout_name {
        "yas" => (
            packed_core::explain_as::<layout::YasNoHeader, _>(&contiguous).unwrap(),
            packed_core::explain_as::<layout::YasNoHeader, _>(&wrapped).unwrap(),
        ),
        _ => (
            packed_core::explain(&contiguous).unwrap(),
            packed_core::explain(&wrapped).unwrap(),
        ),
    };
    assert_eq!(c, w, "{layout_name} {values:?}");
}

#[test]
fn deque_explanation_does_not_depend_on_its_storage() {
    let strings: Vec<String> = ["a", "bb", "ccc", "dddd"].map(String::from).to_vec();
    deque_explains_like_its_contiguous_twin(&strings, "bitsery");
    let e = packed_core::explain(&strings.iter().cloned().collect::<VecDeque<_>>()).unwrap();
    let paths: Vec<&str> = e.spans().iter().map(|s| s.path.as_str()).collect();
    assert_eq!(
        paths,
        ["", "[0]", "[0]", "[1]", "[1]", "[2]", "[2]", "[3]", "[3]"]
    );
    deque_explains_like_its_contiguous_twin(&[1u32, 2, 3, 4, 5], "bitsery");
    deque_explains_like_its_contiguous_twin(&[1u32, 2, 3, 4, 5], "yas");
    deque_explains_like_its_contiguous_twin(&[Level::Low, Level::High, Level::Low], "yas");
    // Numbers: the length, then one span of all the values, at the deque's own path.
    let e = packed_core::explain(&[1u16, 2, 3, 4].into_iter().collect::<VecDeque<_>>()).unwrap();
    let spans: Vec<(&str, Role, usize)> = e
        .spans()
        .iter()
        .map(|s| (s.path.as_str(), s.role, s.len))
        .collect();
    assert_eq!(spans, [("", Role::Length, 1), ("", Role::Value, 8)]);
}

/// A bit-packed span too wide to read as one number in the dump's column (a string,
/// a `u128`, between byte boundaries) shows the bytes it holds, in order and elided
/// as whole bytes are, not the number of its first 128 bits.
#[test]
fn wide_bit_packed_spans_show_their_bytes() {
    #[derive(Packed)]
    #[packed(bitpack)]
    struct Wide {
        flag: bool,
        text: String,
        big: u128,
    }
    let v = Wide {
        flag: true,
        text: "abcdefghijklmnopqrstuvwxyz0123456789".into(),
        big: u128::MAX - 1,
    };
    let dump = packed_core::explain(&v).unwrap().to_string();
    // `text`'s 36 bytes from bit 9 (after `flag` and the length), `big` (fe, then 15
    // bytes of ff) from bit 297; each in the 40 columns of the hex.
    let rows = dump_rows(&dump);
    let row = |field: &str, role: &str| {
        rows.iter()
            .find(|(_, f, r)| f == field && r == role)
            .map(|(hex, _, _)| hex.clone())
    };
    assert_eq!(
        row("text", "value").as_deref(),
        Some("288 bits: 61 62 … (32 bytes) … 38 39"),
        "{dump}"
    );
    assert_eq!(
        row("big", "value").as_deref(),
        Some("128 bits: fe ff … (12 bytes) … ff ff"),
        "{dump}"
    );
    assert!(dump.contains("   1.1  288 bits"), "{dump}");
    assert!(dump.contains("  37.1  128 bits"), "{dump}");
}

/// Inside a bit-packing session spans are bit-granular: they cover the message's bits
/// exactly, the padding is its own role, `by_role` still adds up to the bytes (a shared
/// byte counts for the role with most of its bits) and `by_role_bits` gives the bits;
/// the dump shows a span that is not whole bytes as `byte.bit` and its bits.
#[test]
fn bit_packed_spans() {
    #[derive(Packed, Debug, Clone, PartialEq)]
    #[packed(bitpack)]
    struct Update {
        alive: bool,
        #[packed(range = "0..=100")]
        health: u8,
        name: Option<String>,
        #[packed(align)]
        tick: u16,
        last: bool,
    }
    let v = Update {
        alive: true,
        health: 100,
        name: Some("hi".into()),
        tick: 0x1234,
        last: true,
    };
    let e = packed_core::explain(&v).unwrap();
    assert_eq!(e.bytes(), packed_core::to_vec(&v).unwrap());
    let spans: Vec<(usize, usize, &str, Role)> = e
        .spans()
        .iter()
        .map(|s| (s.bit_offset, s.bit_len, s.path.as_str(), s.role))
        .collect();
    assert_eq!(
        spans,
        [
            (0, 1, "alive", Role::Value),
            (1, 7, "health", Role::Value),
            (8, 1, "name", Role::Flag),
            (9, 7, "name", Role::Padding),
            (16, 8, "name", Role::Length),
            (24, 16, "name", Role::Value),
            (40, 16, "tick", Role::Value),
            (56, 1, "last", Role::Value),
            (57, 7, "", Role::Padding),
        ]
    );
    // Bytes 1 (flag and padding) and 7 (`last` and padding) are mostly padding.
    let t = e.by_role();
    assert_eq!(
        (t.length, t.flag, t.padding, t.value, t.total()),
        (1, 0, 2, 5, 8)
    );
    let b = e.by_role_bits();
    assert_eq!((b.flag, b.padding, b.value, b.total()), (1, 14, 41, 64));
    let dump = e.to_string();
    assert!(dump.contains("   0.1  7 bits = 0b1100100"), "{dump}");
    assert!(dump.contains("   7.1  7 bits = 0b0000000"), "{dump}");
    assert!(dump.contains("64 bits: 23 framing"), "{dump}");
    // `tick`, at a byte boundary, is whole bytes.
    assert!(dump.contains("     5  34 12"), "{dump}");
}

/// `explain_input` reads a bit-packed value's input as `from_slice` does (the session
/// borrows the slice), so hostile input gets the same error: a length claiming more
/// elements than the input holds is refused at its prefix, not read as a stream's would
/// be until the bits run out.
#[test]
fn explain_input_refuses_bit_packed_input_as_from_slice_does() {
    #[derive(Packed, Debug, PartialEq)]
    #[packed(bitpack)]
    struct Flags {
        on: bool,
        levels: Vec<u16>,
    }
    // `on` = 1 at bit 0; the length 100 (a one-byte size prefix) at bits 1..=8: `c9 00`;
    // then one u16 where 100 were claimed.
    let input = [0xc9, 0x00, 0x07, 0x00];
    let refused = packed_core::from_slice::<Flags>(&input).map_err(packed_core::Error::into_kind);
    assert!(
        matches!(
            refused,
            Err(packed_core::DecodeError::LengthExceedsInput { len: 100, .. })
        ),
        "{refused:?}"
    );
    assert_eq!(
        packed_core::config()
            .explain_input::<Flags>(&input)
            .map(|_| ()),
        refused.map(|_| ())
    );
    // With the length 1, the u16 7 at bits 9..=24 (`0e 00`, then bit 24 in a fourth
    // byte), the input is explained byte for byte.
    let one = [0x03, 0x0e, 0x00, 0x00];
    let e = packed_core::config().explain_input::<Flags>(&one).unwrap();
    assert_eq!(e.bytes(), one);
}
