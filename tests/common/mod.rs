//! Shared by `golden.rs` and `bad_input.rs`: access to the golden files of
//! `testdata/golden/` (copied from `../shared/golden/`), the fixture values of
//! `fixtures.json`, and one set of fixture types per configuration, each carrying that
//! configuration's container attributes. (The seed document is `packed-fixtures`'.)
#![allow(dead_code)]

use std::fmt::Debug;

use packed_core::{layout, Decode, Encode, Layout};

/// The golden files, in the repository (`testdata/README.md` gives their provenance).
pub const GOLDEN_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../testdata/golden/");

/// The seven configurations, as named in the golden file names.
pub const CONFIGS: [&str; 7] = packed_tests::CONFIGS;

/// The sixteen fixtures, as named in the golden file names.
pub const FIXTURES: [&str; 16] = [
    "document",
    "sizes_0",
    "sizes_1",
    "sizes_127",
    "sizes_128",
    "sizes_129",
    "sizes_16383",
    "sizes_16384",
    "sizes_70000",
    "scalars",
    "nested_vec",
    "optional_none",
    "optional_some",
    "enum_i32",
    "enum_u8",
    "ints_edge",
];

/// Decodes a lowercase hex string (whitespace around it trimmed).
pub fn unhex(text: &str) -> Vec<u8> {
    let t = text.trim();
    assert!(t.len().is_multiple_of(2), "odd hex length {}", t.len());
    (0..t.len())
        .step_by(2)
        .map(|i| {
            u8::from_str_radix(&t[i..i + 2], 16).unwrap_or_else(|e| panic!("bad hex at {i}: {e}"))
        })
        .collect()
}

/// Hex with spaces removed, for hand-written vectors: `hex("c0 00 00 40")`.
pub fn hex(s: &str) -> Vec<u8> {
    unhex(&s.split_whitespace().collect::<String>())
}

/// The bytes of `<config>_<fixture>.hex`.
pub fn golden(config: &str, fixture: &str) -> Vec<u8> {
    hex_file(GOLDEN_DIR, config, fixture)
}

/// The bytes of `<dir><config>_<fixture>.hex` (`dir` ends with a `/`).
pub fn hex_file(dir: &str, config: &str, fixture: &str) -> Vec<u8> {
    let path = format!("{dir}{config}_{fixture}.hex");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    unhex(&text)
}

/// How many `.hex` files `dir` holds.
pub fn count_hex_files(dir: &str) -> usize {
    std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot list {dir}: {e}"))
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .ends_with(".hex")
        })
        .count()
}

/// The string of the `sizes_N` fixtures: byte i is `'a' + (i mod 26)`.
pub fn sizes_string(n: usize) -> String {
    (0..n).map(|i| char::from(b'a' + (i % 26) as u8)).collect()
}

/// `N` of a `sizes_N` fixture name.
pub fn sizes_n(fixture: &str) -> Option<usize> {
    fixture
        .strip_prefix("sizes_")
        .map(|n| n.parse().expect("sizes_N"))
}

/// `document`'s items: (sku, qty, price_minor).
pub const DOC_ITEMS: [(&str, i32, i64); 8] = [
    ("sku-101", 1, 1999),
    ("sku-102", 2, 2999),
    ("sku-103", 3, 3999),
    ("sku-104", 4, 4999),
    ("sku-105", 5, 5999),
    ("sku-106", 6, 6999),
    ("sku-1007", 7, 7999),
    ("sku-1008", 8, -8999),
];

/// `nested_vec`: `[[], [1], [1, 2, 3], [0, 1, ..., 129]]`.
pub fn nested_vec() -> Vec<Vec<u16>> {
    vec![vec![], vec![1], vec![1, 2, 3], (0..=129).collect()]
}

/// `ints_edge`, as in `fixtures.json`.
pub const EDGE_I32: [i32; 16] = [
    0,
    1,
    63,
    64,
    127,
    128,
    255,
    256,
    65535,
    65536,
    2_147_483_647,
    -1,
    -63,
    -64,
    -65,
    -2_147_483_647,
];
/// `ints_edge` u32 values.
pub const EDGE_U32: [u32; 6] = [0, 127, 128, 255, 256, 4_294_967_295];
/// `ints_edge` u64 values.
pub const EDGE_U64: [u64; 6] = [
    0,
    127,
    128,
    4_294_967_296,
    72_057_594_037_927_936,
    18_446_744_073_709_551_615,
];
/// `ints_edge` i64 values.
pub const EDGE_I64: [i64; 4] = [-1, -1_099_511_627_776, 4_611_686_018_427_387_904, -256];

/// Stamps out the fixture types with the given container attributes (none for the
/// attribute-free set), plus constructors of the fixture values.
///
/// `Document`, `Meta` and the message wrappers carry the attributes; `Item` carries none
/// and so inherits them from `Document` (the rule for nested types without attributes).
macro_rules! fixture_types {
    ($m:ident $(, #[$attr:meta])*) => {
        pub mod $m {
            use packed_core::{cpp::Fields, Packed};

            /// `document`.
            #[derive(Packed, Debug, PartialEq, Clone)]
            $(#[$attr])*
            pub struct Document {
                pub id: String,
                pub status: i32,
                pub meta: Meta,
                pub items: Vec<Item>,
            }

            /// `document.meta`.
            #[derive(Packed, Debug, PartialEq, Clone)]
            $(#[$attr])*
            pub struct Meta {
                pub region: String,
                pub version: i32,
            }

            /// `document.items[i]`: no attributes, inherits `Document`'s layout.
            #[derive(Packed, Debug, PartialEq, Clone)]
            pub struct Item {
                pub sku: String,
                pub qty: i32,
                pub price_minor: i64,
            }

            /// `sizes_N`: a bare string as the whole message.
            #[derive(Packed, Debug, PartialEq, Clone)]
            $(#[$attr])*
            pub struct Str(pub String);

            /// `scalars`.
            #[derive(Packed, Debug, PartialEq, Clone)]
            $(#[$attr])*
            pub struct Scalars {
                pub u8: u8,
                pub i16: i16,
                pub u32: u32,
                pub i64: i64,
                pub f32: f32,
                pub f64: f64,
                pub b_true: bool,
                pub b_false: bool,
            }

            /// `nested_vec`.
            #[derive(Packed, Debug, PartialEq, Clone)]
            $(#[$attr])*
            pub struct Nested(pub Vec<Vec<u16>>);

            /// `optional_none`, `optional_some`.
            #[derive(Packed, Debug, PartialEq, Clone)]
            $(#[$attr])*
            pub struct Opt(pub Option<i32>);

            /// `enum_i32`: a C++ `enum class : int32_t`, value 3.
            #[derive(Packed, Debug, PartialEq, Clone, Copy)]
            $(#[$attr])*
            #[repr(i32)]
            pub enum EnumI32 {
                One = 1,
                Three = 3,
            }

            /// `enum_u8`: a C++ `enum class : uint8_t`, value 7.
            #[derive(Packed, Debug, PartialEq, Clone, Copy)]
            $(#[$attr])*
            #[repr(u8)]
            pub enum EnumU8 {
                Two = 2,
                Seven = 7,
            }

            /// `ints_edge`: 16 i32, 6 u32, 6 u64, 4 i64, written one by one with no
            /// prefixes: `Fields` of arrays (a `[T; N]` is a `std::array`, which YAS
            /// writes with its length).
            #[derive(Packed, Debug, PartialEq, Clone)]
            $(#[$attr])*
            pub struct IntsEdge {
                pub i32s: Fields<[i32; 16]>,
                pub u32s: Fields<[u32; 6]>,
                pub u64s: Fields<[u64; 6]>,
                pub i64s: Fields<[i64; 4]>,
            }

            pub fn document() -> Document {
                Document {
                    id: "doc-000123".into(),
                    status: 2,
                    meta: Meta { region: "eu-west".into(), version: 7 },
                    items: super::DOC_ITEMS
                        .iter()
                        .map(|&(sku, qty, price_minor)| Item { sku: sku.into(), qty, price_minor })
                        .collect(),
                }
            }

            pub fn sizes(n: usize) -> Str {
                Str(super::sizes_string(n))
            }

            pub fn scalars() -> Scalars {
                Scalars {
                    u8: 0xAB,
                    i16: -2,
                    u32: 0xDEAD_BEEF,
                    i64: -1_234_567_890_123,
                    f32: 1.5,
                    // The double nearest to -0.1, bits 0xBFB999999999999A.
                    f64: f64::from_bits(0xBFB9_9999_9999_999A),
                    b_true: true,
                    b_false: false,
                }
            }

            pub fn nested() -> Nested {
                Nested(super::nested_vec())
            }

            pub fn ints_edge() -> IntsEdge {
                IntsEdge {
                    i32s: Fields(super::EDGE_I32),
                    u32s: Fields(super::EDGE_U32),
                    u64s: Fields(super::EDGE_U64),
                    i64s: Fields(super::EDGE_I64),
                }
            }
        }
    };
}

/// `fixture_types!` for every configuration of [`packed_tests::configurations`].
macro_rules! fixture_types_per_config {
    (; $([$i:literal $name:literal $m:ident $attrs:tt $layout:ident])*) => {
        $(fixture_types!($m, #[packed $attrs]);)*
    };
}

fixture_types!(plain);
packed_tests::configurations!(fixture_types_per_config);

/// One golden file's checks, as seen by a visitor: the value of the attribute type,
/// the same value as an attribute-free type with the layout `L` to apply at the call
/// site.
pub trait Visitor {
    /// Called once per (config, fixture) with the attribute type's value `own` and the
    /// attribute-free value `free`, to be used with layout `L`.
    fn visit<A, F, L>(&mut self, config: &'static str, fixture: &'static str, own: &A, free: &F)
    where
        A: Encode + for<'de> Decode<'de> + PartialEq + Debug,
        F: Encode + for<'de> Decode<'de> + PartialEq + Debug,
        L: Layout;
}

macro_rules! visit_config {
    ($v:ident, $cfg:literal, $m:ident, $l:ty) => {{
        $v.visit::<_, _, $l>($cfg, "document", &$m::document(), &plain::document());
        for (f, n) in [
            ("sizes_0", 0),
            ("sizes_1", 1),
            ("sizes_127", 127),
            ("sizes_128", 128),
            ("sizes_129", 129),
            ("sizes_16383", 16383),
            ("sizes_16384", 16384),
            ("sizes_70000", 70000),
        ] {
            // The attribute-free form is the bare `String`, not the newtype.
            $v.visit::<_, _, $l>($cfg, f, &$m::sizes(n), &sizes_string(n));
        }
        $v.visit::<_, _, $l>($cfg, "scalars", &$m::scalars(), &plain::scalars());
        $v.visit::<_, _, $l>($cfg, "nested_vec", &$m::nested(), &nested_vec());
        $v.visit::<_, _, $l>($cfg, "optional_none", &$m::Opt(None), &None::<i32>);
        $v.visit::<_, _, $l>($cfg, "optional_some", &$m::Opt(Some(42)), &Some(42i32));
        $v.visit::<_, _, $l>(
            $cfg,
            "enum_i32",
            &$m::EnumI32::Three,
            &plain::EnumI32::Three,
        );
        $v.visit::<_, _, $l>($cfg, "enum_u8", &$m::EnumU8::Seven, &plain::EnumU8::Seven);
        $v.visit::<_, _, $l>($cfg, "ints_edge", &$m::ints_edge(), &plain::ints_edge());
    }};
}

/// `visit_config!` for every configuration of [`packed_tests::configurations`].
macro_rules! visit_configs {
    ($v:ident ; $([$i:literal $name:literal $m:ident $attrs:tt $layout:ident])*) => {
        $(visit_config!($v, $name, $m, layout::$layout);)*
    };
}

/// Calls `v` for every one of the 7 × 16 golden files.
pub fn for_each_golden<V: Visitor>(v: &mut V) {
    packed_tests::configurations!(visit_configs; v);
}
