//! The packed-core harness shared by the `decode_packed` and `roundtrip_packed` fuzz
//! targets and by `tests/fuzz_stable.rs` (which includes this file with `#[path]`, so
//! it names nothing outside itself but `packed_core`).
//!
//! An input is one selector byte and a body. The selector picks a type and a layout:
//! `type = (selector >> 3) % TYPES`, `layout = selector & 7` ([`selector`] builds one).
//! Every type index but [`OWN_TYPE`] names a type without container attributes, decoded
//! under the chosen layout with `from_slice_as::<L>`; [`OWN_TYPE`] is a family of eight types
//! with attributes of their own, decoded with `from_slice` (the low bits pick one).
//! [`GROWABLE_TYPE`] is two versions of a growable record (`#[packed(growable)]`), read
//! both ways; [`BITS_TYPE`] and [`BIT_FLOATS_TYPE`] are bit-packed (`#[packed(bitpack)]`);
//! [`GROWABLE_BITS_TYPE`] is two versions of a record that is both, read both ways.
//!
//! [`check`] never returns `Err` for bad input, only when an invariant breaks; a panic
//! anywhere is a bug too. Invariants:
//! - every decode error's offset is within the input;
//! - `from_slice` under the type's own attributes agrees with `from_slice_as::<Bitsery>`
//!   for attribute-free types, with `take_from_slice` (which only skips the trailing
//!   bytes check), with `from_reader` (a stream: no length checks against the input, so
//!   this catches a `MIN_WIRE` that overstates), with `from_slice_into` over a
//!   non-empty value (the in-place path), and with `from_slice_with_limits` under a
//!   byte limit the input does not exceed or a deeper depth limit;
//! - the bit-packed types (`#[packed(bitpack)]`, without layout attributes, so under
//!   every layout) decode from slices and streams alike; a set padding bit or a code
//!   past a range is an error, never a value;
//! - with `roundtrip`: a decoded value encodes (the layouts accept every value they
//!   decode), `encoded_len` is the encoded length, the encoding is no longer than the
//!   input (we write canonical forms; readers also accept longer ones; not for growable
//!   records, whose missing fields are written and whose unknown tails are not), and
//!   decoding it gives the value back (compared with `==`, or by bytes where `==` cannot
//!   say, as for NaN). Under a layout whose lengths and integers all have a fixed
//!   width (YAS's three), every form a reader accepts is the canonical one, so the
//!   encoding must be exactly as long as the input, for every type whose field
//!   attributes keep to fixed widths too: a map or set that dropped an entry (a
//!   duplicate key kept once) would be shorter, and so would anything else that
//!   decodes two inputs to one value;
//! - growable records: whatever the newer version decodes, the older one decodes too,
//!   to the newer value's fields that it knows.

use std::borrow::Cow;
use std::cell::OnceCell;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::fmt::Debug;
use std::marker::PhantomData;

use packed_core::cpp::Fields;
use packed_core::layout::{
    Bitsery, BitseryBig, Varint, Yas, YasBig, YasCompacted, YasCompactedBig, YasNoHeader,
};
use packed_core::{Decode, DecodeError, Encode, EncodeError, Layout, Limits, Packed};

/// Number of layouts a selector can pick: `selector & 7`.
pub const LAYOUTS: usize = 8;
/// Layout names, by index.
pub const LAYOUT_NAMES: [&str; LAYOUTS] = [
    "bitsery",
    "bitsery-big",
    "yas",
    "yas-noheader",
    "yas-big",
    "yas-compacted",
    "yas-compacted-big",
    "varint",
];
/// The index of the family of types with their own attributes (types added later come
/// after it, so that the selectors of saved inputs keep their meaning).
pub const OWN_TYPE: usize = 18;
/// The two versions of a growable record ([`GrowNew`] and [`GrowOld`]), under the
/// chosen layout.
pub const GROWABLE_TYPE: usize = 20;
/// The bit-packed types ([`Bits`]; [`BitFloats`], whose quantised floats need not
/// survive a round trip).
pub const BITS_TYPE: usize = 21;
/// [`BitFloats`].
pub const BIT_FLOATS_TYPE: usize = 22;
/// The two versions of a growable bit-packed record ([`GrowBitsNew`] and
/// [`GrowBitsOld`]).
pub const GROWABLE_BITS_TYPE: usize = 23;
/// Number of type indices.
pub const TYPES: usize = 24;

/// Type indices of the golden fixtures, for seeding.
pub mod ty {
    /// `document`.
    pub const DOCUMENT: usize = 0;
    /// `sizes_N`.
    pub const STR: usize = 1;
    /// `scalars`.
    pub const SCALARS: usize = 2;
    /// `nested_vec`.
    pub const NESTED: usize = 3;
    /// `optional_*`.
    pub const OPT: usize = 4;
    /// `enum_i32`.
    pub const ENUM_I32: usize = 5;
    /// `enum_u8`.
    pub const ENUM_U8: usize = 6;
    /// `ints_edge`.
    pub const INTS_EDGE: usize = 7;
}

/// The golden configurations in the order of their layout indices (`bitsery-le` is 0).
pub const GOLDEN_CONFIGS: [&str; 7] = [
    "bitsery-le",
    "bitsery-be",
    "yas-binary",
    "yas-binary-noheader",
    "yas-binary-ebig",
    "yas-binary-compacted",
    "yas-binary-compacted-ebig",
];

/// The golden fixtures and their type indices.
pub const GOLDEN_FIXTURES: [(&str, usize); 16] = [
    ("document", ty::DOCUMENT),
    ("sizes_0", ty::STR),
    ("sizes_1", ty::STR),
    ("sizes_127", ty::STR),
    ("sizes_128", ty::STR),
    ("sizes_129", ty::STR),
    ("sizes_16383", ty::STR),
    ("sizes_16384", ty::STR),
    ("sizes_70000", ty::STR),
    ("scalars", ty::SCALARS),
    ("nested_vec", ty::NESTED),
    ("optional_none", ty::OPT),
    ("optional_some", ty::OPT),
    ("enum_i32", ty::ENUM_I32),
    ("enum_u8", ty::ENUM_U8),
    ("ints_edge", ty::INTS_EDGE),
];

/// The selector byte for type index `ty` and layout index `layout`.
#[must_use]
pub fn selector(ty: usize, layout: usize) -> u8 {
    assert!(ty < TYPES && layout < LAYOUTS);
    (ty << 3 | layout) as u8
}

/// `(type, layout)` of a selector byte.
#[must_use]
pub fn split(selector: u8) -> (usize, usize) {
    (
        usize::from(selector >> 3) % TYPES,
        usize::from(selector & 7),
    )
}

// ---------------------------------------------------------------------------------------
// The types
// ---------------------------------------------------------------------------------------

/// The golden `document` and its records: the workspace's one declaration of the seed
/// document (`packed-fixtures`).
pub use packed_fixtures::{Document, Item, Meta};

/// The golden `sizes_N`.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
pub struct Str(String);

/// The golden `scalars`.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
pub struct Scalars {
    u8: u8,
    i16: i16,
    u32: u32,
    i64: i64,
    f32: f32,
    f64: f64,
    b_true: bool,
    b_false: bool,
}

/// The golden `nested_vec`.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
pub struct Nested(Vec<Vec<u16>>);

/// The golden `optional_*`.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
pub struct Opt(Option<i32>);

/// The golden `enum_i32`.
#[derive(Packed, Debug, PartialEq, Clone, Copy, Default)]
#[repr(i32)]
pub enum EnumI32 {
    /// 1.
    #[default]
    One = 1,
    /// 3.
    Three = 3,
    /// Negative.
    Neg = -7,
}

/// The golden `enum_u8`.
#[derive(Packed, Debug, PartialEq, Clone, Copy, Default)]
#[repr(u8)]
pub enum EnumU8 {
    /// 2.
    #[default]
    Two = 2,
    /// 7.
    Seven = 7,
    /// 255.
    Max = 255,
}

/// The golden `ints_edge`: values one by one (`Fields`), not `std::array`s.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
pub struct IntsEdge {
    i32s: Fields<[i32; 16]>,
    u32s: Fields<[u32; 6]>,
    u64s: Fields<[u64; 6]>,
    i64s: Fields<[i64; 4]>,
}

/// Every other primitive.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
pub struct Prims {
    c: char,
    u: u128,
    i: i128,
    us: usize,
    is: isize,
    unit: (),
    t: (u8, i16, bool),
    a: [u8; 3],
    i8: i8,
    u16: u16,
    ph: PhantomData<u32>,
    cs: Vec<char>,
}

/// An enum with data that borrows from the input and recurses through `Option<Box<_>>`.
#[derive(Packed, Debug, PartialEq, Clone)]
pub enum Shape<'a> {
    /// No fields.
    Unit,
    /// A tuple variant with a borrowed string.
    Tup(u8, &'a str),
    /// A struct variant that nests itself.
    Named {
        /// Recursion.
        x: Option<Box<Shape<'a>>>,
        /// A short list.
        #[packed(len = "u8", max = 3)]
        v: Vec<u16>,
    },
    /// A wide variant.
    Wide(u64, i32, Cow<'a, str>),
}

/// `Vec<String>`.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
pub struct Strings(Vec<String>);

/// Maps and sets.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
pub struct Maps {
    b: BTreeMap<String, u32>,
    h: HashMap<u16, Vec<u8>>,
    s: BTreeSet<i64>,
    hs: HashSet<String>,
}

/// Borrowed strings and bytes.
#[derive(Packed, Debug, PartialEq, Clone)]
pub struct Borrowed<'a> {
    s: &'a str,
    b: &'a [u8],
    c: Cow<'a, str>,
    o: Option<&'a str>,
    v: Vec<&'a str>,
}

/// A tree: recursion through `Vec<Self>`.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
pub struct Tree {
    val: i32,
    kids: Vec<Tree>,
}

/// A list: recursion through `Box<Self>`.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
pub enum List {
    /// End.
    #[default]
    Nil,
    /// One more.
    Cons(i64, Box<List>),
}

/// A `with` module that rejects odd numbers.
pub mod even {
    use packed_core::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

    /// Writes the `u32`.
    ///
    /// # Errors
    /// From the writer.
    pub fn encode<C: Ctx, W: Writer + ?Sized>(v: &u32, w: &mut W) -> Result<(), EncodeError> {
        v.encode::<C, W>(w)
    }

    /// Reads a `u32` and rejects it if odd.
    ///
    /// # Errors
    /// [`DecodeError::Custom`] for odd numbers.
    pub fn decode<'de, C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<u32, DecodeError> {
        let offset = r.offset();
        let v = u32::decode::<C, R>(r)?;
        if v % 2 == 1 {
            return Err(DecodeError::Custom {
                offset,
                message: "odd",
            });
        }
        Ok(v)
    }
}

/// Field attributes.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
pub struct Attrs {
    #[packed(len = "u16")]
    a: Vec<u8>,
    #[packed(max = 4)]
    b: Vec<u32>,
    #[packed(skip)]
    c: u32,
    #[packed(len = "varint")]
    d: String,
    #[packed(len = "u8", max = 3)]
    e: Vec<Vec<u8>>,
    #[packed(with = "even")]
    f: u32,
    #[packed(len = "yas-compacted")]
    g: Vec<String>,
}

/// Other containers.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
pub struct Containers {
    a: VecDeque<u32>,
    b: Box<str>,
    c: Box<[u16]>,
    d: [String; 2],
    e: (u8, String, Option<bool>),
    f: Vec<Option<Box<Item>>>,
}

/// An enum with a 4-byte tag.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
#[packed(tag = "u32")]
pub enum TagU32 {
    /// No fields.
    #[default]
    A,
    /// A string.
    B(String),
    /// A list.
    C {
        /// Items.
        v: Vec<i16>,
    },
}

/// A wide fieldless enum.
#[derive(Packed, Debug, PartialEq, Clone, Copy, Default)]
#[repr(i64)]
pub enum ReprI64 {
    /// Minimum.
    Min = i64::MIN,
    /// Zero.
    #[default]
    Zero = 0,
    /// Maximum.
    Max = i64::MAX,
}

/// A two-byte fieldless enum.
#[derive(Packed, Debug, PartialEq, Clone, Copy, Default)]
#[repr(u16)]
pub enum ReprU16 {
    /// 1.
    #[default]
    A = 1,
    /// 0x1234.
    B = 0x1234,
}

/// A signed one-byte fieldless enum.
#[derive(Packed, Debug, PartialEq, Clone, Copy, Default)]
#[repr(i8)]
pub enum ReprI8 {
    /// -1.
    #[default]
    M = -1,
    /// 5.
    P = 5,
}

/// Enums of every form.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
pub struct Enums {
    a: TagU32,
    b: ReprI64,
    c: ReprU16,
    d: Vec<ReprI8>,
    e: Option<EnumI32>,
}

/// A memory image (numbers, no padding): a `Vec` of it is one copy each way under
/// fixed host-order layouts, one run per element where the byte order differs, element
/// by element under varint.
#[derive(Packed, Debug, PartialEq, Clone, Copy, Default)]
#[repr(C)]
pub struct Vertex {
    x: f32,
    id: u32,
    pos: [i16; 2],
}

/// The three fast paths of sequences side by side: memory images (`Vertex`, arrays of
/// it), fixed-size values that are not images (a padded tuple: runs), numbers.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
pub struct ImageRec {
    images: Vec<Vertex>,
    pairs: Vec<[Vertex; 2]>,
    padded: Vec<(u8, u16)>,
    ints: Vec<u32>,
    short: Vec<u16>,
}

/// Bit packing: one session around ranges, bools, options aligned and not, an
/// entropy list, whole bytes at any bit offset, maps and tagged enums, and nested
/// bit-packed records (which join the session), under every layout.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
#[packed(bitpack)]
pub struct Bits {
    flag: bool,
    #[packed(range = "-100..=100")]
    r: i32,
    #[packed(bits = 5, max = 40)]
    small: Vec<u8>,
    s: String,
    o: Option<u16>,
    #[packed(align_before_data = false)]
    u: Option<u64>,
    #[packed(entropy = [80, 443, 8080])]
    port: u16,
    inner: Vec<BitsInner>,
    #[packed(align)]
    tail: u32,
    m: BTreeMap<u8, bool>,
}

/// Nested in [`Bits`]: its own session is the outer one.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
#[packed(bitpack)]
pub struct BitsInner {
    a: bool,
    #[packed(range = "0..=9")]
    d: [u8; 2],
    w: i16,
    t: TagU32,
    #[packed(entropy = ["x", "yy"], align_before_data = false)]
    e: String,
}

/// Quantised floats: decoding is checked, not the round trip (a decoded float may
/// re-encode one code lower: Bitsery truncates).
#[derive(Packed, Debug, PartialEq, Clone, Default)]
#[packed(bitpack)]
pub struct BitFloats {
    #[packed(range = "-1.0..=1.0", precision = 0.01)]
    a: f32,
    #[packed(range = "-1000.0..=1000.0", bits = 30)]
    b: f64,
    #[packed(range = "0.0..=1.0", bits = 1, max = 16)]
    v: Vec<f32>,
    z: bool,
}

// Two versions of a growable bit-packed record (type index `GROWABLE_BITS_TYPE`): its
// session inside its record.

/// Version 2: `score` and `extra` appended.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
#[packed(growable, bitpack)]
pub struct GrowBitsNew {
    #[packed(range = "0..=1000")]
    level: u16,
    flag: bool,
    name: String,
    #[packed(range = "-5..=1000000")]
    score: i32,
    extra: Option<u8>,
}

/// Version 1 of [`GrowBitsNew`].
#[derive(Packed, Debug, PartialEq, Clone, Default)]
#[packed(growable, bitpack)]
pub struct GrowBitsOld {
    #[packed(range = "0..=1000")]
    level: u16,
    flag: bool,
    name: String,
}

impl GrowBitsNew {
    /// What version 1 reads of this value's bytes.
    fn as_old(&self) -> GrowBitsOld {
        GrowBitsOld {
            level: self.level,
            flag: self.flag,
            name: self.name.clone(),
        }
    }
}

// Two versions of a growable record (type index `GROWABLE_TYPE`).

/// A nested record, version 2: `b` added.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
#[packed(growable)]
pub struct GrowInner {
    a: u16,
    b: Option<String>,
}

/// Version 1 of [`GrowInner`].
#[derive(Packed, Debug, PartialEq, Clone, Default)]
#[packed(growable)]
pub struct GrowInnerOld {
    a: u16,
}

/// An evolving enum, version 2: `B` gained `n`, `C` is new.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
#[packed(growable)]
pub enum GrowKind {
    /// 0.
    A(u8),
    /// 1.
    B {
        /// In both.
        s: String,
        /// Added.
        n: u16,
    },
    /// 2: tags no version knows.
    #[default]
    #[packed(other)]
    Unknown,
    /// 3: added.
    C(Vec<u8>),
}

/// Version 1 of [`GrowKind`].
#[derive(Packed, Debug, PartialEq, Clone, Default)]
#[packed(growable)]
pub enum GrowKindOld {
    /// 0.
    A(u8),
    /// 1.
    B {
        /// In both.
        s: String,
    },
    /// 2: tags this version does not know.
    #[default]
    #[packed(other)]
    Unknown,
}

/// A growable record, version 2: nested records, a sequence of itself, an enum, and
/// fields appended to version 1.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
#[packed(growable)]
pub struct GrowNew {
    id: u32,
    name: String,
    inner: GrowInner,
    kids: Vec<GrowNew>,
    kind: GrowKind,
    extra: Option<u64>,
    #[packed(default = "vec![7]")]
    more: Vec<u16>,
}

/// Version 1 of [`GrowNew`].
#[derive(Packed, Debug, PartialEq, Clone, Default)]
#[packed(growable)]
pub struct GrowOld {
    id: u32,
    name: String,
    inner: GrowInnerOld,
    kids: Vec<GrowOld>,
    kind: GrowKindOld,
}

impl GrowNew {
    /// What version 1 reads of this value's bytes.
    fn as_old(&self) -> GrowOld {
        GrowOld {
            id: self.id,
            name: self.name.clone(),
            inner: GrowInnerOld { a: self.inner.a },
            kids: self.kids.iter().map(Self::as_old).collect(),
            kind: match &self.kind {
                GrowKind::A(a) => GrowKindOld::A(*a),
                GrowKind::B { s, .. } => GrowKindOld::B { s: s.clone() },
                GrowKind::Unknown | GrowKind::C(_) => GrowKindOld::Unknown,
            },
        }
    }
}

// The family of types with attributes of their own (type index `OWN_TYPE`).

/// YAS with a nested attribute-free type (which inherits) and a nested type with its
/// own, different layout (which keeps it).
#[derive(Packed, Debug, PartialEq, Clone, Default)]
#[packed(layout = "yas")]
pub struct OwnYas {
    id: String,
    items: Vec<Item>,
    mix: OwnMixInner,
    e: EnumU8,
}

/// Kept inside any parent: one-byte lengths, YAS compacted integers.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
#[packed(len = "u8", int = "yas-compacted")]
pub struct OwnMixInner {
    n: i64,
    v: Vec<u32>,
    s: String,
}

/// LEB128 throughout, around a kept inner type.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
#[packed(layout = "varint")]
pub struct OwnVarint {
    inner: OwnMixInner,
    list: Vec<i64>,
    s: String,
    u: u128,
    i: i128,
    t: TagU32,
}

/// YAS compacted, big-endian, with a fieldless enum (YAS's size byte).
#[derive(Packed, Debug, PartialEq, Clone, Default)]
#[packed(layout = "yas-compacted", endian = "big")]
pub struct OwnYcb {
    a: u64,
    b: i32,
    c: f64,
    d: Vec<i16>,
    e: ReprU16,
    f: ReprI64,
}

/// A YAS header with `u32` lengths.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
#[packed(header = "yas", len = "u32")]
pub struct OwnHdrU32 {
    s: String,
    v: Vec<u8>,
    m: BTreeMap<u8, String>,
}

/// A `u16` tag through LEB128 integers.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
#[packed(tag = "u16", int = "varint")]
pub enum OwnVarEnum {
    /// A number.
    A(i64),
    /// A string.
    B {
        /// The string.
        s: String,
    },
    /// Nothing.
    #[default]
    C,
    /// Recursion.
    D(Vec<OwnVarEnum>),
}

/// Recursion under YAS without a header, big-endian.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
#[packed(layout = "yas-noheader", endian = "big")]
pub struct OwnTree {
    v: u16,
    kids: Vec<OwnTree>,
    next: Option<Box<OwnTree>>,
}

/// YAS compacted lengths with LEB128 integers, big-endian, YAS enums.
#[derive(Packed, Debug, PartialEq, Clone, Default)]
#[packed(
    len = "yas-compacted",
    int = "varint",
    endian = "big",
    conventions = "yas"
)]
pub struct OwnOdd {
    a: Vec<u64>,
    b: EnumI32,
    // Not a HashMap: with a NaN beside it, neither `==` nor the bytes (in hash order)
    // could compare two decodings.
    c: BTreeMap<i16, String>,
    d: f32,
    e: Option<char>,
}

// ---------------------------------------------------------------------------------------
// Prefilled values for the in-place path
// ---------------------------------------------------------------------------------------

/// A non-trivial value, so `from_slice_into` has strings and vectors to reuse,
/// truncate and extend.
pub trait Sample: Sized {
    /// The value.
    fn sample() -> Self;
}

fn item(n: i32) -> Item {
    Item {
        sku: format!("sku-{n}"),
        qty: n,
        price_minor: i64::from(n) * 100,
    }
}

impl Sample for Document {
    fn sample() -> Self {
        Document {
            id: "prefilled-document".into(),
            status: 9,
            meta: Meta {
                region: "nowhere".into(),
                version: 1,
            },
            items: (0..5).map(item).collect(),
        }
    }
}

macro_rules! sample {
    ($($t:ty => $e:expr;)*) => {$(
        impl Sample for $t {
            fn sample() -> Self {
                $e
            }
        }
    )*};
}

sample! {
    Str => Str("a prefilled string".into());
    Scalars => Scalars { u8: 1, i16: 2, u32: 3, i64: 4, f32: 5.0, f64: 6.0, b_true: true, b_false: true };
    Nested => Nested(vec![vec![1, 2, 3], vec![], vec![4; 9]]);
    Opt => Opt(Some(5));
    EnumI32 => EnumI32::Neg;
    EnumU8 => EnumU8::Max;
    IntsEdge => IntsEdge { i32s: Fields([7; 16]), ..IntsEdge::default() };
    Prims => Prims { c: 'x', cs: vec!['a', 'b'], ..Prims::default() };
    Strings => Strings(vec!["one".into(), "two".into(), String::new(), "four".into()]);
    Maps => Maps {
        b: [("k".to_string(), 1)].into(),
        h: [(1, vec![1, 2]), (2, vec![])].into(),
        s: [1, 2, 3].into(),
        hs: ["x".to_string()].into(),
    };
    Tree => Tree { val: 1, kids: vec![Tree { val: 2, kids: vec![Tree::default()] }, Tree::default()] };
    List => List::Cons(1, Box::new(List::Cons(2, Box::new(List::Nil))));
    Attrs => Attrs { a: vec![1; 3], b: vec![2; 4], c: 77, d: "d".into(), e: vec![vec![1], vec![]], f: 2, g: vec!["g".into()] };
    Containers => Containers { a: [1, 2].into(), b: "b".into(), c: vec![3; 3].into(), f: vec![None, Some(Box::new(item(1)))], ..Containers::default() };
    Enums => Enums { a: TagU32::C { v: vec![1, 2] }, b: ReprI64::Max, c: ReprU16::B, d: vec![ReprI8::P; 3], e: Some(EnumI32::Three) };
    OwnYas => OwnYas { id: "own".into(), items: (0..3).map(item).collect(), ..OwnYas::default() };
    OwnVarint => OwnVarint { list: vec![1, -1, 300], s: "s".into(), t: TagU32::B("t".into()), ..OwnVarint::default() };
    OwnYcb => OwnYcb { d: vec![-1; 4], ..OwnYcb::default() };
    OwnHdrU32 => OwnHdrU32 { s: "s".into(), v: vec![9; 9], m: [(1, "one".to_string())].into() };
    OwnVarEnum => OwnVarEnum::D(vec![OwnVarEnum::A(-5), OwnVarEnum::B { s: "b".into() }]);
    OwnTree => OwnTree { v: 1, kids: vec![OwnTree::default(); 2], next: Some(Box::default()) };
    ImageRec => ImageRec {
        images: vec![Vertex { x: 1.5, id: 7, pos: [-1, 2] }; 3],
        pairs: vec![[Vertex::default(); 2]; 2],
        padded: vec![(1, 300), (2, 0)],
        ints: vec![1, 2, 3],
        short: vec![9; 4],
    };
    OwnMixInner => OwnMixInner { n: -3, v: vec![1, 2, 3], s: "mix".into() };
    OwnOdd => OwnOdd { a: vec![u64::MAX, 0], c: [(-1, "m".to_string())].into(), e: Some('z'), ..OwnOdd::default() };
    GrowNew => GrowNew {
        id: 1,
        name: "grown".into(),
        inner: GrowInner { a: 2, b: Some("b".into()) },
        kids: vec![GrowNew { kind: GrowKind::C(vec![1, 2]), ..GrowNew::default() }, GrowNew::default()],
        kind: GrowKind::B { s: "s".into(), n: 3 },
        extra: Some(4),
        more: vec![5, 6],
    };
    GrowOld => GrowNew::sample().as_old();
    GrowBitsNew => GrowBitsNew { level: 999, flag: true, name: "bits".into(), score: -5, extra: Some(7) };
    GrowBitsOld => GrowBitsNew::sample().as_old();
    Bits => Bits {
        flag: true,
        r: -100,
        small: vec![31, 0, 7],
        s: "bits".into(),
        o: Some(7),
        u: Some(u64::MAX),
        port: 1234,
        inner: vec![BitsInner { a: true, d: [9, 0], w: -2, t: TagU32::B("b".into()), e: "zz".into() }],
        tail: 0xDEAD_BEEF,
        m: [(1, true), (200, false)].into(),
    };
    BitFloats => BitFloats { a: 0.5, b: -250.0, v: vec![0.0, 1.0, 1.0], z: true };
}

// ---------------------------------------------------------------------------------------
// The checks
// ---------------------------------------------------------------------------------------

/// How to decode and encode: under a forced layout (`*_as::<L>`) or under the type's
/// own attributes.
trait Api {
    fn decode<'a, T: Decode<'a> + Encode>(b: &'a [u8]) -> Result<T, DecodeError>;
    fn encode<T: Encode>(v: &T) -> Result<Vec<u8>, EncodeError>;
    fn len<T: Encode>(v: &T) -> Result<usize, EncodeError>;
    /// Whether the layout writes every length and integer at a fixed width, so a
    /// reader accepts one form of each (see [`Roundtrip::fixed_fields`]).
    fn fixed_forms() -> bool;
}

struct As<L>(PhantomData<L>);

impl<L: Layout> Api for As<L> {
    fn decode<'a, T: Decode<'a> + Encode>(b: &'a [u8]) -> Result<T, DecodeError> {
        packed_core::from_slice_as::<L, T>(b).map_err(packed_core::Error::into_kind)
    }
    fn encode<T: Encode>(v: &T) -> Result<Vec<u8>, EncodeError> {
        packed_core::to_vec_as::<L, T>(v).map_err(packed_core::Error::into_kind)
    }
    fn len<T: Encode>(v: &T) -> Result<usize, EncodeError> {
        packed_core::encoded_len_as::<L, T>(v).map_err(packed_core::Error::into_kind)
    }
    fn fixed_forms() -> bool {
        use packed_core::{len::LenPrefix, num::IntCodec};
        let fixed_len = matches!(<L::Len as LenPrefix>::NAME, "u8" | "u16" | "u32" | "u64");
        fixed_len && <L::Int as IntCodec>::FIXED
    }
}

struct Own;

impl Api for Own {
    fn decode<'a, T: Decode<'a> + Encode>(b: &'a [u8]) -> Result<T, DecodeError> {
        packed_core::from_slice(b).map_err(packed_core::Error::into_kind)
    }
    fn encode<T: Encode>(v: &T) -> Result<Vec<u8>, EncodeError> {
        packed_core::to_vec(v).map_err(packed_core::Error::into_kind)
    }
    fn len<T: Encode>(v: &T) -> Result<usize, EncodeError> {
        packed_core::encoded_len(v).map_err(packed_core::Error::into_kind)
    }
    /// The own-attribute family mixes layouts; not checked for exact length.
    fn fixed_forms() -> bool {
        false
    }
}

/// A type given by a lifetime-generic alias, so borrowed types get the same checks.
trait Target {
    type V<'a>: Decode<'a> + Encode + PartialEq + Debug;
}

/// An owned type as a [`Target`].
struct Owned<T>(PhantomData<T>);

impl<T: for<'a> Decode<'a> + Encode + PartialEq + Debug> Target for Owned<T> {
    type V<'a> = T;
}

struct ShapeT;
impl Target for ShapeT {
    type V<'a> = Shape<'a>;
}

struct BorrowedT;
impl Target for BorrowedT {
    type V<'a> = Borrowed<'a>;
}

fn offset_in_input(e: &DecodeError, n: usize, what: &str) -> Result<(), String> {
    if e.offset() > n {
        return Err(format!(
            "{what}: error offset {} past the end of the {n}-byte input: {e:?}",
            e.offset()
        ));
    }
    Ok(())
}

/// What [`check`] does with a value that decoded.
#[derive(Clone, Copy)]
struct Roundtrip {
    /// Encode it and decode it again.
    on: bool,
    /// The type's field attributes (`len = ...`) keep to fixed-width prefixes: under
    /// a layout of fixed forms ([`Api::fixed_forms`]) its encoding must then be exactly
    /// as long as any input it decodes from.
    fixed_fields: bool,
    /// The type holds growable records, which read other versions: a record's missing
    /// fields are written when it is encoded again and its unknown tail is not, so the
    /// encoding may be longer or shorter than the input.
    evolves: bool,
}

/// Decodes `data` as `T` through `A`; with `roundtrip.on`, encodes the value and
/// decodes it again. `Ok(true)` if `data` decoded.
fn decode_and_roundtrip<T: Target, A: Api>(
    data: &[u8],
    roundtrip: Roundtrip,
) -> Result<bool, String> {
    let cell = OnceCell::new();
    decode_and_roundtrip_in::<T, A>(data, &cell, roundtrip)
}

/// `data` and the re-encoding (kept in `cell`) share one lifetime, so values decoded
/// from each have the same type and can be compared.
fn decode_and_roundtrip_in<'x, T: Target, A: Api>(
    data: &'x [u8],
    cell: &'x OnceCell<Vec<u8>>,
    roundtrip: Roundtrip,
) -> Result<bool, String> {
    let v1: T::V<'x> = match A::decode(data) {
        Ok(v) => v,
        Err(e) => return offset_in_input(&e, data.len(), "decode").map(|()| false),
    };
    if !roundtrip.on {
        return Ok(true);
    }
    let enc = A::encode(&v1).map_err(|e| format!("decoded {v1:?} but cannot encode it: {e:?}"))?;
    let len = A::len(&v1).map_err(|e| format!("encoded_len fails on {v1:?}: {e:?}"))?;
    if len != enc.len() {
        return Err(format!(
            "encoded_len {len} != encoded {} for {v1:?}",
            enc.len()
        ));
    }
    if enc.len() > data.len() && !roundtrip.evolves {
        return Err(format!(
            "canonical encoding ({} bytes) longer than the input ({} bytes) for {v1:?}",
            enc.len(),
            data.len()
        ));
    }
    if roundtrip.fixed_fields && !roundtrip.evolves && A::fixed_forms() && enc.len() != data.len() {
        return Err(format!(
            "encoding ({} bytes) shorter than the input ({} bytes) under fixed forms: \
             two inputs decode to {v1:?}",
            enc.len(),
            data.len()
        ));
    }
    let enc: &'x [u8] = cell.get_or_init(|| enc);
    let v2: T::V<'x> = A::decode(enc)
        .map_err(|e| format!("re-encoding of {v1:?} does not decode: {e:?}; bytes {enc:02x?}"))?;
    if v1 != v2 {
        // `==` is not reflexive for NaN: then the bytes must agree.
        let enc2 = A::encode(&v2).map_err(|e| format!("cannot re-encode {v2:?}: {e:?}"))?;
        if enc2 != enc {
            return Err(format!("round trip changed the value: {v1:?} -> {v2:?}"));
        }
    }
    Ok(true)
}

/// `==`, or equal encodings where `==` is not reflexive (NaN).
fn same<T: Encode + PartialEq>(a: &T, b: &T) -> bool {
    a == b
        || packed_core::to_vec(a)
            .map_err(packed_core::Error::into_kind)
            .ok()
            == packed_core::to_vec(b)
                .map_err(packed_core::Error::into_kind)
                .ok()
}

fn same_result<T: Encode + PartialEq>(
    a: &Result<T, DecodeError>,
    b: &Result<T, DecodeError>,
) -> bool {
    match (a, b) {
        (Ok(a), Ok(b)) => same(a, b),
        (Err(a), Err(b)) => a == b,
        _ => false,
    }
}

/// The entry points that decode under the type's own attributes, compared.
fn own_api_agrees<T>(data: &[u8]) -> Result<(), String>
where
    T: for<'a> Decode<'a> + Encode + PartialEq + Debug + Sample,
{
    let whole = packed_core::from_slice::<T>(data).map_err(packed_core::Error::into_kind);

    // take_from_slice: the same, except that trailing bytes are returned.
    let taken = packed_core::take_from_slice::<T>(data).map_err(packed_core::Error::into_kind);
    let expect_whole = match &taken {
        Ok((v, [])) => Ok(v),
        Ok((_, rest)) => Err(DecodeError::TrailingBytes {
            offset: data.len() - rest.len(),
            remaining: rest.len(),
        }),
        Err(e) => Err(e.clone()),
    };
    let agree = match (&whole, &expect_whole) {
        (Ok(a), Ok(b)) => same(a, *b),
        (Err(a), Err(b)) => a == b,
        _ => false,
    };
    if !agree {
        return Err(format!(
            "from_slice {whole:?} disagrees with take_from_slice {taken:?}"
        ));
    }

    // from_reader reads one value from a stream and leaves the rest: it must succeed
    // exactly when take_from_slice does (the stream cannot check lengths against the
    // input, so a slice-only rejection means a length check that is too strict).
    let streamed = packed_core::from_reader::<T, _>(data).map_err(packed_core::Error::into_kind);
    match (&streamed, &taken) {
        (Ok(a), Ok((b, _))) if same(a, b) => {}
        (Err(e), Err(_)) => offset_in_input(e, data.len(), "from_reader")?,
        _ => {
            return Err(format!(
                "from_reader {streamed:?} disagrees with take_from_slice {taken:?}"
            ))
        }
    }

    // from_slice_into over a value with content to reuse. It decodes the elements
    // that are already there one by one where `from_slice` reads a vector of numbers
    // in one step, so a truncation is reported as the same kind of error but possibly
    // at another offset.
    let mut into = T::sample();
    let in_place = packed_core::from_slice_into(data, &mut into)
        .map_err(packed_core::Error::into_kind)
        .map(|()| into);
    let agree = match (&in_place, &whole) {
        (Ok(a), Ok(b)) => same(a, b),
        (Err(a), Err(b)) => {
            offset_in_input(a, data.len(), "from_slice_into")?;
            std::mem::discriminant(a) == std::mem::discriminant(b)
        }
        _ => false,
    };
    if !agree {
        return Err(format!(
            "from_slice_into {in_place:?} disagrees with from_slice {whole:?}"
        ));
    }

    // A byte limit the input does not exceed changes nothing.
    let limits = Limits::DEFAULT.with_max_bytes(data.len());
    let limited = packed_core::from_slice_with_limits::<T>(data, limits)
        .map_err(packed_core::Error::into_kind);
    if !same_result(&limited, &whole) {
        return Err(format!(
            "from_slice_with_limits {limited:?} disagrees with from_slice {whole:?}"
        ));
    }
    // A deeper depth limit than the default (128) changes nothing unless the default
    // was hit. (200 levels stay within a debug test thread's 2 MiB stack.)
    let deeper = Limits::DEFAULT.with_max_depth(200);
    let deeper = packed_core::from_slice_with_limits::<T>(data, deeper)
        .map_err(packed_core::Error::into_kind);
    let hit_default = matches!(whole, Err(DecodeError::DepthLimitExceeded { .. }));
    if !hit_default && !same_result(&deeper, &whole) {
        return Err(format!(
            "depth limit 200 gives {deeper:?}, the default {whole:?}"
        ));
    }
    Ok(())
}

/// An attribute-free owned type under layout `layout`.
fn free_owned<T>(body: &[u8], layout: usize, roundtrip: Roundtrip) -> Result<bool, String>
where
    T: for<'a> Decode<'a> + Encode + PartialEq + Debug + Sample,
{
    if layout == 0 {
        // Root with no attributes is Bitsery: `from_slice` and `from_slice_as::<Bitsery>`
        // are the same decoder.
        own_api_agrees::<T>(body)?;
        let own = packed_core::from_slice::<T>(body).map_err(packed_core::Error::into_kind);
        let forced =
            packed_core::from_slice_as::<Bitsery, T>(body).map_err(packed_core::Error::into_kind);
        if !same_result(&own, &forced) {
            return Err(format!(
                "from_slice {own:?} disagrees with from_slice_as::<Bitsery> {forced:?}"
            ));
        }
    }
    free::<Owned<T>>(body, layout, roundtrip)
}

/// An attribute-free type under layout `layout`.
fn free<T: Target>(body: &[u8], layout: usize, roundtrip: Roundtrip) -> Result<bool, String> {
    match layout {
        0 => decode_and_roundtrip::<T, As<Bitsery>>(body, roundtrip),
        1 => decode_and_roundtrip::<T, As<BitseryBig>>(body, roundtrip),
        2 => decode_and_roundtrip::<T, As<Yas>>(body, roundtrip),
        3 => decode_and_roundtrip::<T, As<YasNoHeader>>(body, roundtrip),
        4 => decode_and_roundtrip::<T, As<YasBig>>(body, roundtrip),
        5 => decode_and_roundtrip::<T, As<YasCompacted>>(body, roundtrip),
        6 => decode_and_roundtrip::<T, As<YasCompactedBig>>(body, roundtrip),
        _ => decode_and_roundtrip::<T, As<Varint>>(body, roundtrip),
    }
}

/// A newer version of a record whose older version is `Old`.
trait Evolves: for<'a> Decode<'a> + Encode + PartialEq + Debug + Sample {
    /// The older version.
    type Old: for<'a> Decode<'a> + Encode + PartialEq + Debug + Sample;
    /// What the older version reads of this value's bytes.
    fn as_old(&self) -> Self::Old;
}

impl Evolves for GrowNew {
    type Old = GrowOld;
    fn as_old(&self) -> GrowOld {
        GrowNew::as_old(self)
    }
}

impl Evolves for GrowBitsNew {
    type Old = GrowBitsOld;
    fn as_old(&self) -> GrowBitsOld {
        GrowBitsNew::as_old(self)
    }
}

/// Both versions of a record, each read as itself; where the newer one decodes, the
/// older one must decode to the fields it knows (a growable record's unknown tail is
/// skipped; a bit-packed one's newer bits after the older fields are not padding).
fn versions<N: Evolves>(body: &[u8], layout: usize, roundtrip: Roundtrip) -> Result<bool, String> {
    let new = free_owned::<N>(body, layout, roundtrip)?;
    free_owned::<N::Old>(body, layout, roundtrip)?;
    let (as_new, as_old) = match layout {
        0 => both::<Bitsery, N>(body),
        1 => both::<BitseryBig, N>(body),
        2 => both::<Yas, N>(body),
        3 => both::<YasNoHeader, N>(body),
        4 => both::<YasBig, N>(body),
        5 => both::<YasCompacted, N>(body),
        6 => both::<YasCompactedBig, N>(body),
        _ => both::<Varint, N>(body),
    };
    if let Ok(v) = &as_new {
        if as_old.as_ref() != Ok(&v.as_old()) {
            return Err(format!(
                "version 2 decodes {v:?}, version 1 {as_old:?} (want {:?})",
                v.as_old()
            ));
        }
    }
    Ok(new)
}

/// `body` as both versions of a record under `L`.
#[allow(clippy::type_complexity)]
fn both<L: Layout, N: Evolves>(
    body: &[u8],
) -> (Result<N, DecodeError>, Result<N::Old, DecodeError>) {
    (
        packed_core::from_slice_as::<L, N>(body).map_err(packed_core::Error::into_kind),
        packed_core::from_slice_as::<L, N::Old>(body).map_err(packed_core::Error::into_kind),
    )
}

/// A type with its own attributes.
fn own<T>(body: &[u8], roundtrip: Roundtrip) -> Result<bool, String>
where
    T: for<'a> Decode<'a> + Encode + PartialEq + Debug + Sample,
{
    own_api_agrees::<T>(body)?;
    decode_and_roundtrip::<Owned<T>, Own>(body, roundtrip)
}

/// Runs the harness on one input (selector byte, then body). `Ok(true)` if the body
/// decoded, `Ok(false)` if it was rejected with an error, `Err` if an invariant broke.
///
/// # Errors
/// A description of the broken invariant.
pub fn check(data: &[u8], roundtrip: bool) -> Result<bool, String> {
    let Some((&sel, body)) = data.split_first() else {
        return Ok(false);
    };
    let (t, l) = split(sel);
    // `Attrs` (15) has fields with LEB128 and YAS compacted lengths, which readers
    // also accept in longer forms; `Bits` an entropy-coded field, which readers also
    // accept written out where it is in the list.
    let r = Roundtrip {
        on: roundtrip && t != BIT_FLOATS_TYPE,
        fixed_fields: t != 15 && t != BITS_TYPE,
        evolves: t == GROWABLE_TYPE || t == GROWABLE_BITS_TYPE,
    };
    match t {
        0 => free_owned::<Document>(body, l, r),
        1 => free_owned::<Str>(body, l, r),
        2 => free_owned::<Scalars>(body, l, r),
        3 => free_owned::<Nested>(body, l, r),
        4 => free_owned::<Opt>(body, l, r),
        5 => free_owned::<EnumI32>(body, l, r),
        6 => free_owned::<EnumU8>(body, l, r),
        7 => free_owned::<IntsEdge>(body, l, r),
        8 => free_owned::<Prims>(body, l, r),
        9 => free::<ShapeT>(body, l, r),
        10 => free_owned::<Strings>(body, l, r),
        11 => free_owned::<Maps>(body, l, r),
        12 => free::<BorrowedT>(body, l, r),
        13 => free_owned::<Tree>(body, l, r),
        14 => free_owned::<List>(body, l, r),
        15 => free_owned::<Attrs>(body, l, r),
        16 => free_owned::<Containers>(body, l, r),
        17 => free_owned::<Enums>(body, l, r),
        19 => free_owned::<ImageRec>(body, l, r),
        GROWABLE_TYPE => versions::<GrowNew>(body, l, r),
        BITS_TYPE => free_owned::<Bits>(body, l, r),
        BIT_FLOATS_TYPE => free_owned::<BitFloats>(body, l, r),
        GROWABLE_BITS_TYPE => versions::<GrowBitsNew>(body, l, r),
        _ => match l {
            0 => own::<OwnYas>(body, r),
            1 => own::<OwnVarint>(body, r),
            2 => own::<OwnYcb>(body, r),
            3 => own::<OwnHdrU32>(body, r),
            4 => own::<OwnVarEnum>(body, r),
            5 => own::<OwnTree>(body, r),
            6 => own::<OwnOdd>(body, r),
            _ => own::<OwnMixInner>(body, r),
        },
    }
    .map_err(|e| {
        let name = if t == OWN_TYPE {
            format!("own-attribute type {l}")
        } else {
            format!("type {t} under {}", LAYOUT_NAMES[l])
        };
        format!("{name}: {e}")
    })
}

/// Hex of an input, for failure messages.
#[must_use]
pub fn to_hex(data: &[u8]) -> String {
    data.iter().map(|b| format!("{b:02x}")).collect()
}

// ---------------------------------------------------------------------------------------
// Seeds
// ---------------------------------------------------------------------------------------

fn shape_sample() -> Shape<'static> {
    Shape::Named {
        x: Some(Box::new(Shape::Wide(u64::MAX, -2, Cow::Borrowed("wide")))),
        v: vec![1, 2, 3],
    }
}

fn borrowed_sample() -> Borrowed<'static> {
    Borrowed {
        s: "borrowed",
        b: &[0, 1, 0xFF],
        c: Cow::Borrowed("cow"),
        o: Some("some"),
        v: vec!["a", "", "bc"],
    }
}

fn encode_free<T: Encode>(v: &T, layout: usize) -> Result<Vec<u8>, EncodeError> {
    match layout {
        0 => packed_core::to_vec_as::<Bitsery, T>(v).map_err(packed_core::Error::into_kind),
        1 => packed_core::to_vec_as::<BitseryBig, T>(v).map_err(packed_core::Error::into_kind),
        2 => packed_core::to_vec_as::<Yas, T>(v).map_err(packed_core::Error::into_kind),
        3 => packed_core::to_vec_as::<YasNoHeader, T>(v).map_err(packed_core::Error::into_kind),
        4 => packed_core::to_vec_as::<YasBig, T>(v).map_err(packed_core::Error::into_kind),
        5 => packed_core::to_vec_as::<YasCompacted, T>(v).map_err(packed_core::Error::into_kind),
        6 => packed_core::to_vec_as::<YasCompactedBig, T>(v).map_err(packed_core::Error::into_kind),
        _ => packed_core::to_vec_as::<Varint, T>(v).map_err(packed_core::Error::into_kind),
    }
}

/// One valid input for every selector: the [`Sample`] value of its type (for the
/// borrowed types, a fixed value), encoded under its layout, after the selector byte.
///
/// # Panics
/// If a sample cannot be encoded (a bug in the samples).
#[must_use]
pub fn samples() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for t in 0..TYPES {
        for l in 0..LAYOUTS {
            let body = match t {
                0 => encode_free(&Document::sample(), l),
                1 => encode_free(&Str::sample(), l),
                2 => encode_free(&Scalars::sample(), l),
                3 => encode_free(&Nested::sample(), l),
                4 => encode_free(&Opt::sample(), l),
                5 => encode_free(&EnumI32::sample(), l),
                6 => encode_free(&EnumU8::sample(), l),
                7 => encode_free(&IntsEdge::sample(), l),
                8 => encode_free(&Prims::sample(), l),
                9 => encode_free(&shape_sample(), l),
                10 => encode_free(&Strings::sample(), l),
                11 => encode_free(&Maps::sample(), l),
                12 => encode_free(&borrowed_sample(), l),
                13 => encode_free(&Tree::sample(), l),
                14 => encode_free(&List::sample(), l),
                15 => encode_free(&Attrs::sample(), l),
                16 => encode_free(&Containers::sample(), l),
                17 => encode_free(&Enums::sample(), l),
                19 => encode_free(&ImageRec::sample(), l),
                GROWABLE_TYPE => encode_free(&GrowNew::sample(), l),
                BITS_TYPE => encode_free(&Bits::sample(), l),
                BIT_FLOATS_TYPE => encode_free(&BitFloats::sample(), l),
                GROWABLE_BITS_TYPE => encode_free(&GrowBitsNew::sample(), l),
                _ => match l {
                    0 => packed_core::to_vec(&OwnYas::sample())
                        .map_err(packed_core::Error::into_kind),
                    1 => packed_core::to_vec(&OwnVarint::sample())
                        .map_err(packed_core::Error::into_kind),
                    2 => packed_core::to_vec(&OwnYcb::sample())
                        .map_err(packed_core::Error::into_kind),
                    3 => packed_core::to_vec(&OwnHdrU32::sample())
                        .map_err(packed_core::Error::into_kind),
                    4 => packed_core::to_vec(&OwnVarEnum::sample())
                        .map_err(packed_core::Error::into_kind),
                    5 => packed_core::to_vec(&OwnTree::sample())
                        .map_err(packed_core::Error::into_kind),
                    6 => packed_core::to_vec(&OwnOdd::sample())
                        .map_err(packed_core::Error::into_kind),
                    _ => packed_core::to_vec(&OwnMixInner::sample())
                        .map_err(packed_core::Error::into_kind),
                },
            };
            let body = body.unwrap_or_else(|e| panic!("sample {t}/{l} does not encode: {e:?}"));
            let mut input = vec![selector(t, l)];
            input.extend_from_slice(&body);
            out.push(input);
        }
    }
    out
}
