//! The Rust counterparts of `gen.cpp`'s shapes.
//!
//! Types nested inside a shape without attributes of their own (`Leaf`, `Item`, the
//! enums, `Var`, `Vertex`, `Flagged`) are declared once and take the enclosing type's
//! layout. Each shape's top-level record, and `Inner` and `Meta` (nested types that carry
//! attributes of their own), are declared once per configuration of
//! `packed_tests::configurations!` by `shapes!`, with that configuration's container
//! attributes, as `tests/common/mod.rs` does for the golden files, and once more without
//! attributes (`plain`) for `to_vec_as::<L>`.

use std::collections::{BTreeMap, BTreeSet};

use crate::text::{record, repr_enum, Text, Tokens};

repr_enum!(E8: u8 { A = 0, B = 1, C = 7, D = 127, E = 128, F = 255 });
repr_enum!(EI8: i8 { A = -128, B = -1, C = 0, D = 1, E = 127 });
repr_enum!(E16: i16 { A = -32768, B = -300, C = -1, D = 0, E = 1, F = 63, G = 64, H = 300, I = 32767 });
repr_enum!(EU16: u16 { A = 0, B = 1, C = 255, D = 256, E = 65535 });
repr_enum!(E32: i32 {
    A = i32::MIN, B = -65, C = -64, D = -63, E = -1, F = 0, G = 1, H = 63, I = 64, J = 127,
    K = 128, L = 70000, M = i32::MAX,
});
repr_enum!(EU32: u32 { A = 0, B = 127, C = 128, D = u32::MAX });
repr_enum!(E64: i64 { A = i64::MIN, B = -1, C = 0, D = 1, E = 1 << 40, F = i64::MAX });
repr_enum!(EU64: u64 { A = 0, B = 1, C = 1 << 63, D = u64::MAX });

record!(
    pub struct Leaf {
        id: u16,
        name: String,
        delta: Option<i64>,
        kind: E32,
        flag: bool,
    }
);
record!(
    pub struct Item {
        sku: String,
        qty: i32,
        price_minor: i64,
    }
);
record!(
    #[repr(C)]
    pub struct Vertex {
        x: f32,
        y: f32,
        z: f32,
        color: u32,
    }
);
record!(
    pub struct Flagged {
        a: u16,
        f: bool,
        b: i32,
    }
);

/// `std::variant<int32_t, std::string, Leaf, uint8_t, Unit>`: a tagged enum, whose
/// one-byte tag is what Bitsery's `StdVariant` (a size prefix, one byte below 128) and
/// YAS (one raw byte) write for the index.
#[derive(packed_core::Packed, Debug, Clone)]
pub enum Var {
    I(i32),
    S(String),
    L(Leaf),
    U(u8),
    N,
}

/// `< index alternative >`; the unit variant is the empty record `{ }`.
impl Text for Var {
    fn parse(t: &mut Tokens<'_>) -> Result<Self, String> {
        t.expect("<")?;
        let v = match t.next()? {
            "0" => Var::I(i32::parse(t)?),
            "1" => Var::S(String::parse(t)?),
            "2" => Var::L(Leaf::parse(t)?),
            "3" => Var::U(u8::parse(t)?),
            "4" => {
                t.expect("{")?;
                t.expect("}")?;
                Var::N
            }
            i => return Err(format!("variant index `{i}`")),
        };
        t.expect(">")?;
        Ok(v)
    }
    fn print(&self, out: &mut String) {
        fn alternative<T: Text>(index: &str, v: &T, out: &mut String) {
            out.push_str("< ");
            out.push_str(index);
            out.push(' ');
            v.print(out);
            out.push_str("> ");
        }
        match self {
            Var::I(v) => alternative("0", v, out),
            Var::S(v) => alternative("1", v, out),
            Var::L(v) => alternative("2", v, out),
            Var::U(v) => alternative("3", v, out),
            Var::N => out.push_str("< 4 { } > "),
        }
    }
}

/// Declares every shape's top-level record (and `Inner`, `Meta`) in module `$m`, with the
/// given container attributes.
macro_rules! shapes {
    ($m:ident $(, #[$attr:meta])*) => {
        pub mod $m {
            #![allow(clippy::type_complexity)]
            use super::*;

            record!($(#[$attr])* pub struct Ints {
                u8: u8, i8: i8, u16: u16, i16: i16, u32: u32, i32: i32, u64: u64, i64: i64,
                usize: usize, isize: isize, flag: bool,
            });
            record!($(#[$attr])* pub struct Floats { a: f32, b: f64, c: f32, d: f64 });
            record!($(#[$attr])* pub struct Str { s: String });
            record!($(#[$attr])* pub struct Strings { v: Vec<String>, a: String, b: String });
            record!($(#[$attr])* pub struct Bytes { u: Vec<u8>, i: Vec<i8> });
            record!($(#[$attr])* pub struct Vec16 { a: Vec<i16>, b: Vec<u16> });
            record!($(#[$attr])* pub struct Vec32 { a: Vec<i32>, b: Vec<u32> });
            record!($(#[$attr])* pub struct Vec64 { a: Vec<i64>, b: Vec<u64> });
            record!($(#[$attr])* pub struct VecFloats { a: Vec<f32>, b: Vec<f64> });
            record!($(#[$attr])* pub struct Options {
                a: Option<u8>, b: Option<i32>, c: Option<String>, d: Option<Vec<u16>>,
                e: Option<Option<i64>>, f: Option<Leaf>, g: Option<f64>,
            });
            record!($(#[$attr])* pub struct Enums {
                a: E8, b: EI8, c: E16, d: EU16, e: E32, f: EU32, g: E64, h: EU64,
            });
            record!($(#[$attr])* pub struct VecE8 { a: Vec<E8>, b: Vec<EI8> });
            record!($(#[$attr])* pub struct VecE16 { a: Vec<E16>, b: Vec<EU16> });
            record!($(#[$attr])* pub struct VecE32 { a: Vec<E32>, b: Vec<EU32> });
            record!($(#[$attr])* pub struct VecE64 { a: Vec<E64>, b: Vec<EU64> });
            record!($(#[$attr])* pub struct EnumsNested {
                a: Option<E8>, b: Option<E32>, c: Vec<Leaf>, d: (E16, E8), e: BTreeMap<E8, E64>,
            });
            record!($(#[$attr])* pub struct Maps {
                a: BTreeMap<i32, String>, b: BTreeMap<String, Vec<u16>>, c: BTreeMap<u64, Leaf>,
            });
            record!($(#[$attr])* pub struct Sets {
                a: BTreeSet<u16>, b: BTreeSet<String>, c: BTreeSet<i64>,
            });
            record!($(#[$attr])* pub struct Pairs {
                a: (u8, String), b: (i64, (u16, Vec<u32>)), c: Vec<(i32, String)>,
            });
            record!($(#[$attr])* pub struct Tuples { a: (i32, String, f64), b: (u8, Leaf) });
            record!($(#[$attr])* pub struct ArrayEach {
                a: [i32; 4], b: [u8; 3], c: [String; 2], d: [E16; 3], e: [Leaf; 2],
                f: [f64; 2], g: [u16; 64],
            });
            record!($(#[$attr])* pub struct ArrayStd {
                a: [i32; 4], b: [u16; 5], c: [String; 2], d: [E16; 3], e: [f64; 2],
            });
            record!($(#[$attr])* pub struct ArrayC { a: [i32; 4], b: [E16; 3], c: [u8; 5] });
            record!($(#[$attr])* pub struct Variants { a: Var, b: Vec<Var> });
            record!($(#[$attr])* pub struct Inner { name: String, v: i32, kids: Vec<Leaf> });
            record!($(#[$attr])* pub struct Records {
                inner: Inner, leaf: Leaf, leaves: Vec<Leaf>, boxed: Option<Box<Leaf>>,
                boxed_leaf: Box<Leaf>,
            });
            record!($(#[$attr])* pub struct Nested {
                a: Vec<Vec<Vec<u16>>>,
                b: Vec<Option<Vec<String>>>,
                c: Option<Vec<BTreeMap<String, Vec<Option<i8>>>>>,
                d: Vec<Vec<Leaf>>,
            });
            record!($(#[$attr])* pub struct Meta { region: String, version: i32 });
            record!($(#[$attr])* pub struct Document {
                id: String, status: i32, meta: Meta, items: Vec<Item>,
            });
            record!($(#[$attr])* pub struct Images {
                vertices: Vec<Vertex>, flagged: Vec<Flagged>, one: Vertex,
            });
        }
    };
}

/// `shapes!` for every configuration of [`packed_tests::configurations`].
macro_rules! shapes_per_config {
    (; $([$i:literal $name:literal $m:ident $attrs:tt $layout:ident])*) => {
        $(shapes!($m, #[packed $attrs]);)*
    };
}

shapes!(plain);
packed_tests::configurations!(shapes_per_config);

/// Checks one case of shape type `$ty` in every configuration: `check_config::<A, F, L>`
/// with `A` the type with the configuration's attributes, `F` the attribute-free type,
/// `L` the configuration's layout.
macro_rules! check_configs {
    ($ty:ident $case:ident $free:ident $out:ident ;
     $([$i:literal $name:literal $m:ident $attrs:tt $layout:ident])*) => {
        $(check_config::<$m::$ty, plain::$ty, packed_core::layout::$layout>($i, $case, $free, $out);)*
    };
}

/// The shape names `gen.cpp` prints, and their types here.
macro_rules! shape_table {
    ($($name:literal => $ty:ident),* $(,)?) => {
        /// Every shape, in `gen.cpp`'s order.
        pub const SHAPES: &[&str] = &[$($name),*];

        /// Checks one case of shape `name` in every configuration.
        pub fn check_case(name: &str, case: &crate::Case<'_>, out: &mut crate::Outcome) {
            match name {
                $($name => {
                    if let Some(free) = crate::parse_value::<plain::$ty>(case, out) {
                        let free = &free;
                        packed_tests::configurations!(check_configs; $ty case free out);
                    }
                })*
                _ => out.generator_error(format!("unknown shape `{name}`")),
            }
        }
    };
}

shape_table! {
    "ints" => Ints,
    "floats" => Floats,
    "string" => Str,
    "strings" => Strings,
    "bytes" => Bytes,
    "vec_16" => Vec16,
    "vec_32" => Vec32,
    "vec_64" => Vec64,
    "vec_floats" => VecFloats,
    "options" => Options,
    "enums" => Enums,
    "vec_e8" => VecE8,
    "vec_e16" => VecE16,
    "vec_e32" => VecE32,
    "vec_e64" => VecE64,
    "enums_nested" => EnumsNested,
    "maps" => Maps,
    "sets" => Sets,
    "pairs" => Pairs,
    "tuples" => Tuples,
    "array_each" => ArrayEach,
    "array_std" => ArrayStd,
    "array_c" => ArrayC,
    "variants" => Variants,
    "records" => Records,
    "nested" => Nested,
    "document" => Document,
    "images" => Images,
}

use crate::check_config;
