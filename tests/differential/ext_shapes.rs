//! The Rust counterparts of `gen.cpp`'s Bitsery-extension shapes (bit packing,
//! CompactValue, Growable), and their checks.
//!
//! These shapes exist in the two Bitsery configurations only, with per-field attributes,
//! so each is declared twice (`le`, `be`) rather than once per configuration. Per case
//! and configuration ([`check_ext`]):
//!
//! - decode: the C++ bytes decode (from a slice, from a stream, and in place over the
//!   previous case's value) to what Bitsery read back; where Bitsery refused its own
//!   bytes (`~ !`: a float range whose top code decodes past `max`), to a typed error;
//! - encode: the value written encodes to the C++ bytes, and `encoded_len` is their
//!   length;
//! - hostile input: every truncation of the bytes (up to 48 of them), bit flips (every
//!   bit of short messages, always the last byte's, which holds the padding, else a
//!   deterministic sample) and a trailing byte decode without a panic to a typed error
//!   or to a value that re-encodes to the mutated bytes (shapes whose format is
//!   canonical), or that encodes to bytes decoding to the same value (entropy: a listed
//!   value written as a miss; LEB128; growable records, whose unknown tails are
//!   skipped), or that at least encodes (quantised floats: a code's value may encode to
//!   the code below).

use std::collections::{BTreeMap, BTreeSet, LinkedList, VecDeque};
use std::time::{Duration, SystemTime};

use packed_core::cpp::{Bitset, Pair, U16String, WString};

use crate::shapes::{E16, E32, E8};
use packed_core::{DecodeError, DecodeOwned, Encode};

use crate::text::{record, variant, Text};
use crate::{Case, Checks, Failure, Outcome};

record!(
    pub struct Flag {
        v: bool,
    }
);
record!(
    pub struct PlainInner {
        a: u16,
        b: bool,
        c: i32,
    }
);

macro_rules! ext_shapes {
    ($m:ident, $endian:literal) => {
        pub mod $m {
            #![allow(clippy::type_complexity)]
            use super::*;

            record!(
                #[packed(bitpack, endian = $endian)]
                pub struct BpInts {
                    #[packed(max = 7)]
                    lead: Vec<Flag>,
                    #[packed(range = "-128..=127")]
                    a: i8,
                    #[packed(range = "0..=255")]
                    b: u8,
                    #[packed(range = "-32768..=-1")]
                    c: i16,
                    #[packed(range = "65534..=65535")]
                    d: u16,
                    #[packed(range = "-2147483648..=-1")]
                    e: i32,
                    #[packed(range = "0..=4294967295")]
                    f: u32,
                    #[packed(range = "-9223372036854775808..=-1")]
                    g: i64,
                    #[packed(range = "-4611686018427387904..=4611686018427387903")]
                    h: i64,
                    #[packed(range = "0..=18446744073709551615")]
                    i: u64,
                    #[packed(range = "18446744073709550615..=18446744073709551615")]
                    j: u64,
                    #[packed(range = "9223372036854775802..=9223372036854775807")]
                    k: i64,
                    #[packed(bits = 3)]
                    l: u8,
                    #[packed(bits = 17)]
                    m: u32,
                    #[packed(bits = 5)]
                    n: i16,
                    #[packed(bits = 63)]
                    o: u64,
                    p: bool,
                    #[packed(max = 3, range = "-4611686018427387904..=4611686018427387903")]
                    q: Vec<i64>,
                }
            );
            record!(
                #[packed(bitpack, endian = $endian)]
                pub struct BpScalars {
                    #[packed(max = 7)]
                    lead: Vec<Flag>,
                    a: u16,
                    b: i16,
                    c: u32,
                    d: i32,
                    e: u64,
                    f: i64,
                    g: f32,
                    h: f64,
                    i: u8,
                    j: i8,
                    k: bool,
                    #[packed(max = 100)]
                    l: Vec<u16>,
                    m: [i32; 2],
                    #[packed(align)]
                    n: u32,
                    #[packed(align)]
                    o: u64,
                    last: bool,
                }
            );
            record!(
                #[packed(bitpack, endian = $endian)]
                pub struct BpFloats {
                    #[packed(max = 7)]
                    lead: Vec<Flag>,
                    #[packed(range = "-1.0..=1.0", precision = 0.01)]
                    a: f32,
                    #[packed(range = "-1000.0..=1000.0", bits = 53)]
                    b: f64,
                    #[packed(range = "-0.7..=1.3", bits = 24)]
                    c: f32,
                    #[packed(range = "-0.1..=0.3", precision = 0.001)]
                    d: f64,
                    #[packed(range = "0.0..=1.0", bits = 1)]
                    e: f32,
                    #[packed(range = "-1e300..=1e300", bits = 40)]
                    f: f64,
                    #[packed(range = "-5.0..=-1.0", precision = 0.5)]
                    g: f32,
                    #[packed(max = 3, range = "0.0..=100.0", precision = 0.25)]
                    h: Vec<f32>,
                    #[packed(range = "-1.0..=1.0", bits = 16)]
                    i: [f64; 2],
                }
            );
            record!(
                #[packed(bitpack, endian = $endian)]
                pub struct BpEntropy {
                    #[packed(max = 7)]
                    lead: Vec<Flag>,
                    #[packed(entropy = ["only"], max = 1000)]
                    a: String,
                    #[packed(entropy = ["", "\u{e9}", "\u{436}\u{4e2d}", "GET"], align_before_data = false, max = 1000)]
                    b: String,
                    #[packed(entropy = [-1, -2147483648, 2147483647, 0, 7])]
                    c: i32,
                    #[packed(entropy = [18446744073709551615], align_before_data = false)]
                    d: u64,
                    #[packed(entropy = [0, 255])]
                    e: u8,
                    #[packed(entropy = [-1, -2147483648, 2147483647, 0, 7], align_before_data = false, max = 4)]
                    f: Vec<i32>,
                    #[packed(entropy = ["only"])]
                    g: [String; 2],
                    last: bool,
                }
            );
            record!(
                #[packed(bitpack, endian = $endian)]
                pub struct BpContainers {
                    #[packed(max = 7)]
                    lead: Vec<Flag>,
                    #[packed(max = 10)]
                    a: Vec<String>,
                    b: [bool; 5],
                    #[packed(max = 1000, range = "-300..=300")]
                    c: Vec<i16>,
                    #[packed(range = "10..=20")]
                    d: [u8; 3],
                    e: Option<u32>,
                    #[packed(align_before_data = false)]
                    f: Option<i64>,
                    g: Option<String>,
                    #[packed(align_before_data = false)]
                    h: Option<Vec<u8>>,
                    #[packed(align_before_data = false)]
                    i: Option<Option<bool>>,
                    #[packed(max = 10)]
                    j: Vec<Vec<u8>>,
                    #[packed(max = 10)]
                    k: BTreeMap<u16, String>,
                    #[packed(max = 1000)]
                    l: String,
                    m: Bitset<10>,
                    n: Bitset<3>,
                    o: Bitset<16>,
                    p: Bitset<100>,
                    last: bool,
                }
            );
            record!(
                #[packed(bitpack, endian = $endian)]
                pub struct BpStd {
                    #[packed(max = 7)]
                    lead: Vec<Flag>,
                    #[packed(unit = "ms")]
                    ms: Duration,
                    #[packed(unit = "ms", width = "i32")]
                    ms32: Duration,
                    t: SystemTime,
                    a: U16String,
                    b: WString,
                    c: BTreeSet<u16>,
                    d: (u8, i32, String),
                    e: Pair<i16, String>,
                    f: Vec<E8>,
                    g: Vec<E16>,
                    h: Option<E32>,
                    i: BTreeMap<E8, i64>,
                    j: VecDeque<i32>,
                    k: LinkedList<String>,
                    l: [E16; 3],
                    m: Bitset<12>,
                    last: bool,
                }
            );
            record!(
                #[packed(bitpack, endian = $endian)]
                pub struct BpInner {
                    x: bool,
                    #[packed(range = "-5..=5")]
                    y: i16,
                    #[packed(max = 1000)]
                    s: String,
                }
            );

            variant!(
                /// `std::variant<uint16_t, BpInner, std::string>`.
                pub enum NVar {
                    A(u16) = "0",
                    B(BpInner) = "1",
                    C(String) = "2",
                }
            );

            record!(
                #[packed(bitpack, endian = $endian)]
                pub struct BpNested {
                    flag: bool,
                    one: BpInner,
                    #[packed(max = 10)]
                    many: Vec<BpInner>,
                    #[packed(align_before_data = false)]
                    opt: Option<BpInner>,
                    plain: PlainInner,
                    #[packed(max = 10)]
                    plains: Vec<PlainInner>,
                    var: NVar,
                    last: bool,
                }
            );
            record!(
                #[packed(int = "varint", endian = $endian)]
                pub struct Compact {
                    a: u8,
                    b: i8,
                    c: u16,
                    d: i16,
                    e: u32,
                    f: i32,
                    g: u64,
                    h: i64,
                    usize: usize,
                    isize: isize,
                    #[packed(max = 100)]
                    v: Vec<i32>,
                    o: Option<i64>,
                    arr: [u16; 3],
                    #[packed(max = 1000)]
                    s: String,
                    flag: bool,
                    x: f32,
                }
            );
            record!(
                #[packed(bitpack, int = "varint", endian = $endian)]
                pub struct CompactBits {
                    #[packed(max = 7)]
                    lead: Vec<Flag>,
                    c: Compact,
                }
            );
            record!(
                #[derive(Default)]
                #[packed(growable, endian = $endian)]
                pub struct GLeaf {
                    a: i32,
                    #[packed(max = 1000)]
                    b: String,
                }
            );
            record!(
                #[derive(Default)]
                #[packed(growable, endian = $endian)]
                pub struct GNest {
                    x: u16,
                    inner: GLeaf,
                    #[packed(max = 100)]
                    list: Vec<GLeaf>,
                    opt: Option<GLeaf>,
                    #[packed(max = 1000)]
                    tail: String,
                }
            );
            record!(
                #[packed(endian = $endian)]
                pub struct Growables {
                    head: u8,
                    n: GNest,
                    #[packed(max = 100)]
                    v: Vec<GNest>,
                    trailer: u8,
                }
            );
            variant!(
                /// `std::variant<uint8_t, GLeaf, uint16_t>`.
                pub enum GVar {
                    A(u8) = "0",
                    B(GLeaf) = "1",
                    C(u16) = "2",
                }
            );

            record!(
                #[packed(endian = $endian)]
                pub struct GrowableStd {
                    head: u8,
                    m: BTreeMap<u16, GLeaf>,
                    var: GVar,
                    arr: [GLeaf; 2],
                    ov: Option<Vec<GLeaf>>,
                    tup: (GLeaf, u8),
                    trailer: u8,
                }
            );
            record!(
                #[derive(Default)]
                #[packed(growable, bitpack, endian = $endian)]
                pub struct GBits {
                    a: bool,
                    #[packed(range = "-1000..=1000")]
                    b: i16,
                    #[packed(max = 1000)]
                    c: String,
                    #[packed(align_before_data = false)]
                    d: Option<u8>,
                }
            );
            record!(
                #[packed(growable, bitpack, endian = $endian)]
                pub struct GBitsV1 {
                    a: bool,
                    #[packed(range = "-1000..=1000")]
                    b: i16,
                }
            );
            record!(
                #[packed(growable, bitpack, endian = $endian)]
                pub struct GBitsV2 {
                    a: bool,
                    #[packed(range = "-1000..=1000")]
                    b: i16,
                    #[packed(max = 1000)]
                    c: String,
                    #[packed(align_before_data = false)]
                    d: Option<u8>,
                    #[packed(range = "-50..=50")]
                    e: i32,
                    f: bool,
                }
            );
            record!(
                #[packed(endian = $endian)]
                pub struct GBitsSeq1 {
                    head: u8,
                    #[packed(max = 100)]
                    v: Vec<GBitsV1>,
                    trailer: u8,
                }
            );
            record!(
                #[packed(endian = $endian)]
                pub struct GBitsSeq2 {
                    head: u8,
                    #[packed(max = 100)]
                    v: Vec<GBitsV2>,
                    trailer: u8,
                }
            );
            record!(
                #[packed(endian = $endian)]
                pub struct GrowableBits {
                    head: u8,
                    one: GBits,
                    #[packed(max = 100)]
                    v: Vec<GBits>,
                    trailer: u8,
                }
            );
            record!(
                #[derive(Default)]
                #[packed(growable, endian = $endian)]
                pub struct EvoV1 {
                    id: u32,
                    #[packed(max = 1000)]
                    name: String,
                }
            );
            record!(
                #[derive(Default)]
                #[packed(growable, endian = $endian)]
                pub struct EvoV2 {
                    id: u32,
                    #[packed(max = 1000)]
                    name: String,
                    score: i64,
                    #[packed(max = 1000)]
                    tags: Vec<u16>,
                    extra: GLeaf,
                }
            );
            record!(
                #[packed(endian = $endian)]
                pub struct EvoSeq1 {
                    head: u8,
                    #[packed(max = 100)]
                    v: Vec<EvoV1>,
                    trailer: u8,
                }
            );
            record!(
                #[packed(endian = $endian)]
                pub struct EvoSeq2 {
                    head: u8,
                    #[packed(max = 100)]
                    v: Vec<EvoV2>,
                    trailer: u8,
                }
            );
        }
    };
}

ext_shapes!(le, "little");
ext_shapes!(be, "big");

/// What we do with bytes Bitsery's reader reports an error for.
enum Refused {
    /// Refuse them too.
    Error,
    /// Decode them to what Bitsery's reader holds: a newer growable bit-packed record
    /// read as an older one. Its session ends inside the record, and Bitsery's reader
    /// takes the newer fields' bits in that byte for padding (`InvalidData` when one is
    /// set); ours skips them with the rest of the record, as a growable record promises
    /// (crate docs, Bit packing). The function gives the value text we must decode
    /// from the written value's.
    Decodes(fn(&str) -> Option<String>),
}

fn refused_policy(shape: &str) -> Refused {
    match shape {
        "growable_bits_v2_as_v1" => Refused::Decodes(gbits_v2_as_v1),
        _ => Refused::Error,
    }
}

/// A sequence of version 2 growable bit-packed records as version 1 reads it: each
/// record's first two fields.
fn gbits_v2_as_v1(written: &str) -> Option<String> {
    let v2: le::GBitsSeq2 = text::parse(written).ok()?;
    let v1 = le::GBitsSeq1 {
        head: v2.head,
        v: v2
            .v
            .into_iter()
            .map(|r| le::GBitsV1 { a: r.a, b: r.b })
            .collect(),
        trailer: v2.trailer,
    };
    Some(text::print(&v1))
}

/// What a decoded hostile input must satisfy.
#[derive(Clone, Copy, PartialEq)]
pub enum Canon {
    /// One encoding per value but size prefixes' longer forms: a decoded input
    /// re-encodes to itself, or (a longer size form) to fewer bytes that decode to it.
    Exact,
    /// Several encodings of a value are read (entropy misses of listed values, LEB128
    /// forms, growable tails): the value re-encodes to bytes that decode to it.
    Value,
    /// Quantised floats: the value encodes (a code's value may encode to the code below).
    Encodes,
}

macro_rules! ext_table {
    ($($name:literal => $w:ident as $r:ident, $canon:ident);* $(;)?) => {
        /// Every extension shape, in `gen.cpp`'s order.
        pub const SHAPES: &[&str] = &[$($name),*];

        /// Decodes `bytes` as extension shape `name`'s type read in configuration
        /// `config` (0: LE, 1: BE), from a slice, a stream and in place; `None` if `name` is not one.
        pub fn judge(name: &str, config: usize, original: &[u8], bytes: &[u8]) -> Option<crate::judge::Ours> {
            match (name, config) {
                $(($name, 0) => Some(crate::judge::decoded::<le::$r>(original, bytes)),
                  ($name, _) => Some(crate::judge::decoded::<be::$r>(original, bytes)),)*
                _ => None,
            }
        }

        /// Checks one case of extension shape `name` in the two Bitsery configurations;
        /// false if `name` is not one.
        pub fn check_case(name: &str, case: &Case<'_>, out: &mut Outcome) -> bool {
            match name {
                $($name => {
                    check_ext::<le::$w, le::$r>(0, case, out, Canon::$canon);
                    check_ext::<be::$w, be::$r>(1, case, out, Canon::$canon);
                })*
                _ => return false,
            }
            true
        }
    };
}

ext_table! {
    "bp_ints" => BpInts as BpInts, Exact;
    "bp_scalars" => BpScalars as BpScalars, Exact;
    "bp_floats" => BpFloats as BpFloats, Encodes;
    "bp_entropy" => BpEntropy as BpEntropy, Value;
    // Its map's keys in another order decode too (to the sorted map), as in Bitsery.
    "bp_containers" => BpContainers as BpContainers, Value;
    "bp_nested" => BpNested as BpNested, Exact;
    // Its set's and map's keys in another order decode too (sorted), as in Bitsery.
    "bp_std" => BpStd as BpStd, Value;
    "compact" => Compact as Compact, Value;
    "compact_bits" => CompactBits as CompactBits, Value;
    "growables" => Growables as Growables, Value;
    "growable_std" => GrowableStd as GrowableStd, Value;
    "growable_bits" => GrowableBits as GrowableBits, Value;
    "growable_v1_as_v2" => EvoSeq1 as EvoSeq2, Value;
    "growable_v2_as_v1" => EvoSeq2 as EvoSeq1, Value;
    "growable_bits_v1_as_v2" => GBitsSeq1 as GBitsSeq2, Value;
    "growable_bits_v2_as_v1" => GBitsSeq2 as GBitsSeq1, Value;
}

/// The checks of one case in Bitsery configuration `config` (0: LE, 1: BE): `W` is the
/// type written, `R` the type read.
fn check_ext<W, R>(config: usize, case: &Case<'_>, out: &mut Outcome, canon: Canon)
where
    W: Text + Encode,
    R: Text + Encode + DecodeOwned + 'static,
{
    let Some(cpp) = case.bytes[config].as_deref() else {
        out.generator_error(format!(
            "{} case {}: no Bitsery bytes",
            case.shape, case.index
        ));
        return;
    };
    let (written, read) = match case.value.split_once("~ ") {
        Some((w, r)) => (w, r),
        None => (case.value, case.value),
    };
    let wcase = Case {
        shape: case.shape,
        index: case.index,
        value: written,
        bytes: Vec::new(),
    };
    let Some(own) = crate::parse_value::<W>(&wcase, out) else {
        return;
    };
    if text::print(&own) != written {
        out.generator_error(format!(
            "{} case {}: the value text does not print back as itself",
            case.shape, case.index
        ));
        return;
    }
    let rcase = Case {
        shape: case.shape,
        index: case.index,
        value: read,
        bytes: Vec::new(),
    };
    let mut c = Checks {
        case: &rcase,
        cpp,
        failures: Vec::new(),
    };
    let key = (case.shape.to_string(), config);
    let previous = out
        .previous
        .remove(&key)
        .and_then(|p| p.downcast::<R>().ok());
    let refused = read.strip_prefix("! ");
    if let (Some(_), Refused::Decodes(project)) = (refused, refused_policy(case.shape)) {
        // Bitsery reports an error where we decode by design (and its reader's object
        // holds zeros from the error on): we must decode the written value's fields that
        // the reader's version has.
        let Some(expected) = project(written) else {
            out.generator_error(format!(
                "{} case {}: cannot project",
                case.shape, case.index
            ));
            return;
        };
        let c2case = Case {
            shape: case.shape,
            index: case.index,
            value: &expected,
            bytes: Vec::new(),
        };
        let mut c2 = Checks {
            case: &c2case,
            cpp,
            failures: Vec::new(),
        };
        c2.decodes("decode (from_slice; Bitsery refuses)", |b| {
            packed_core::from_slice::<R>(b)
        });
        c2.decodes("decode (from_reader; Bitsery refuses)", |b| {
            packed_core::from_reader::<R, _>(b)
        });
        c.failures.append(&mut c2.failures);
    } else if refused.is_some() {
        // Bitsery refused its own bytes: so must we, with a typed error.
        c.check(
            "decode refuses what Bitsery refuses (from_slice)",
            || packed_core::from_slice::<R>(cpp),
            |got| match got {
                Ok(v) => Some((format!("decoded {}", clip(&text::print(&v))), None)),
                Err(_) => None,
            },
        );
        c.check(
            "decode refuses what Bitsery refuses (from_reader)",
            || packed_core::from_reader::<R, _>(cpp),
            |got| match got {
                Ok(v) => Some((format!("decoded {}", clip(&text::print(&v))), None)),
                Err(_) => None,
            },
        );
    } else {
        c.decodes("decode (from_slice)", |b| packed_core::from_slice::<R>(b));
        c.decodes("decode (from_reader)", |b| {
            packed_core::from_reader::<R, _>(b)
        });
        if let Some(mut previous) = previous {
            c.decodes("decode in place (from_slice_into)", |b| {
                packed_core::from_slice_into(b, &mut *previous).map(|()| *previous)
            });
        }
        if let Ok(v) = packed_core::from_slice::<R>(cpp) {
            out.previous.insert(key, Box::new(v));
        }
    }
    c.encodes("encode (to_vec)", || packed_core::to_vec(&own));
    c.measures("encoded_len", || packed_core::encoded_len(&own));
    let mut failures = c.failures;
    hostile::<R>(cpp, canon, case, &mut failures);
    out.record(case, config, failures);
}

fn clip(s: &str) -> String {
    crate::clip(s, 300)
}

use crate::text;

/// SplitMix64, for the sample of bits to flip (deterministic per case).
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The mutated copies of `bytes` fed to the decoder, with what was done to each.
fn mutations(bytes: &[u8], seed: u64) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let n = bytes.len();
    // Truncations: every one of a short message, else the shortest and longest 24.
    for len in 0..n {
        if n <= 48 || len < 24 || len >= n - 24 {
            out.push((format!("truncated to {len} bytes"), bytes[..len].to_vec()));
        }
    }
    let mut extra = bytes.to_vec();
    extra.push(0);
    out.push(("a trailing zero byte".to_string(), extra));
    // Bit flips: all of a message up to 32 bytes; else the last byte's (padding) and
    // 192 more drawn from the case's seed.
    let mut bits: Vec<usize> = if n <= 32 {
        (0..8 * n).collect()
    } else {
        let mut s = seed;
        let mut b: Vec<usize> = (8 * (n - 1)..8 * n).collect();
        b.extend((0..192).map(|_| (splitmix(&mut s) % (8 * n as u64)) as usize));
        b
    };
    bits.sort_unstable();
    bits.dedup();
    for bit in bits {
        let mut m = bytes.to_vec();
        m[bit / 8] ^= 1 << (bit % 8);
        out.push((format!("bit {bit} flipped"), m));
    }
    out
}

/// Feeds the mutations of `cpp` to the decoder of `R`.
fn hostile<R>(cpp: &[u8], canon: Canon, case: &Case<'_>, failures: &mut Vec<Failure>)
where
    R: Text + Encode + DecodeOwned,
{
    let seed = case
        .index
        .parse::<u64>()
        .unwrap_or(0)
        .wrapping_mul(0x100_0000_01B3)
        ^ cpp.len() as u64;
    for (what, input) in mutations(cpp, seed) {
        let result = std::panic::catch_unwind(|| {
            let decoded = packed_core::from_slice::<R>(&input);
            let streamed = packed_core::from_reader::<R, _>(&input[..]);
            (decoded, streamed)
        });
        let problem = match result {
            Err(_) => Some("the decoder panicked".to_string()),
            Ok((Err(_), Err(_))) => None,
            Ok((Ok(v), streamed)) => {
                let slice_text = text::print(&v);
                match streamed {
                    Ok(s) if text::print(&s) != slice_text => Some(format!(
                        "from_slice and from_reader decode different values: {} / {}",
                        clip(&slice_text),
                        clip(&text::print(&s))
                    )),
                    Err(e) => Some(format!(
                        "from_slice decodes {}, from_reader fails: {e:?}",
                        clip(&slice_text)
                    )),
                    Ok(_) => accepted(&v, &input, canon),
                }
            }
            // A stream reads one message and leaves what follows it: only a slice has
            // trailing bytes.
            Ok((Err(e), Ok(_))) if matches!(e.kind(), DecodeError::TrailingBytes { .. }) => None,
            Ok((Err(e), Ok(s))) => Some(format!(
                "from_reader decodes {}, from_slice fails: {e:?}",
                clip(&text::print(&s))
            )),
        };
        if let Some(detail) = problem {
            failures.push(Failure {
                check: "hostile input",
                detail: format!("{what}: {detail} (input {})", clip(&text::hex(&input))),
                ours: None,
            });
            // One example per case is enough to see the class of defect.
            return;
        }
    }
}

/// What is wrong with `v`, decoded from the hostile `input`, if anything.
fn accepted<R: Text + Encode + DecodeOwned>(v: &R, input: &[u8], canon: Canon) -> Option<String> {
    let again =
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| packed_core::to_vec(v))) {
            Err(_) => return Some("encoding the decoded value panicked".to_string()),
            Ok(Err(e)) => {
                return Some(format!(
                    "decoded {}, which does not encode: {e:?}",
                    clip(&text::print(v))
                ))
            }
            Ok(Ok(b)) => b,
        };
    let same_value = || match packed_core::from_slice::<R>(&again) {
        Ok(w) if text::print(&w) == text::print(v) => None,
        other => Some(format!(
            "decoded {}, encoded to {}, which decodes to {:?}",
            clip(&text::print(v)),
            clip(&text::hex(&again)),
            other.map(|w| clip(&text::print(&w)))
        )),
    };
    match canon {
        Canon::Exact if again == input => None,
        // A size prefix in its longer form (`80 02` for 2; Bitsery reads it too) is the
        // one other encoding these shapes have: it makes the input longer. Bytes of the
        // same length that decode to a value writing other bytes (a set padding bit, a
        // bit past a range's width) were accepted where they must not be.
        Canon::Exact if again.len() < input.len() => same_value(),
        Canon::Exact => Some(format!(
            "decoded {}, which encodes to other bytes: {}",
            clip(&text::print(v)),
            clip(&text::hex(&again))
        )),
        Canon::Value => match packed_core::from_slice::<R>(&again) {
            Ok(w) if text::print(&w) == text::print(v) => None,
            other => Some(format!(
                "decoded {}, encoded to {}, which decodes to {:?}",
                clip(&text::print(v)),
                clip(&text::hex(&again)),
                other.map(|w| clip(&text::print(&w)))
            )),
        },
        _ => None,
    }
}
