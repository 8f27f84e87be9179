//! Memory on hostile input, measured with a counting global allocator (its own test
//! binary: `#[global_allocator]` is per binary).
//!
//! The allocator counts, per thread, the bytes currently allocated and their peak while
//! a measurement is on (a `realloc` counts the new block before the old one is freed, as
//! a moving reallocation really holds both). Tests measure one decode at a time.
//!
//! What is asserted:
//! - a length prefix that claims more than the input holds (2^30 - 1 under Bitsery's
//!   compact prefix, 2^62 under every other) is rejected before anything is allocated:
//!   peak 0, from slices; from streams, which cannot know the input's size, at most one
//!   64 KiB chunk of elements (for a hash map, the table for them);
//! - for valid and for hostile-but-plausible input, peak allocation is linear in the
//!   input length `n`: `peak <= K * n + 4096`. Why: a sequence reserves at most
//!   `remaining / max(1, T::MIN_WIRE)` elements before decoding them (if its elements
//!   hold sequences, of the bytes left that enclosing sequences have not promised to
//!   their later elements: the ledger in `packed-core/src/read.rs`), so reserving costs
//!   at most `size_of::<T>() / max(1, MIN_WIRE)` bytes per input byte, and each element's
//!   own allocations (a string's bytes, an inner vector) are backed by input bytes that
//!   element consumed. Hash maps reserve their table up front, which rounds the claimed
//!   count up to a power of two at 7/8 load: up to 16/7 buckets per pair. `K = 40`
//!   covers the types below: a `Vec<String>` or `Vec<Vec<_>>` of empty elements holds
//!   24 bytes of header per 1-byte element (measured 24.0 n), and the worst case is a
//!   `HashMap<u32, String>` claim just over 7/8 of a power of two, 16/7 * 33 / 2 = 37.7
//!   bytes per input byte (measured 37.7 n); the rest measure lower (`linear_peak`).
//!   The constant depends on the type: a `Vec<Option<[u64; 8]>>` of `None`s holds 72
//!   bytes per 1-byte element, so its bound is 72 n (`type_dependent_constant`);
//!   element types that may encode to nothing (`Box<T>`, `()`) may claim elements
//!   beyond the input up to what is left of the document's zero-width budget `B`
//!   (`Limits::max_zero_width_elements`, 4096), adding `B * size_of::<T>()`; boxes,
//!   which may hold sequences, are reserved only for the bytes left and allocated as
//!   decoded past them (`zero_wire_elements_add_a_constant`);
//! - elements that encode to nothing cost memory linear in the input plus a constant
//!   set by `B`, however they nest: a search over hostile inputs of 16, 201 and 1000
//!   bytes, from slices and streams, for `Vec<Z>`, `Vec<Vec<Z>>`, `Vec<Vec<Vec<Z>>>`,
//!   `Vec<()>`, boxes, arrays, tuples, maps and structs of them (`Z`: 64 bytes, all
//!   fields skipped) finds peaks within `k n + s B + 4096` from slices and
//!   `3 (k n + s B) + 192 KiB + 4096` from streams, with `k` and `s` worked out per
//!   type (`zero_width_peak_is_linear`); the issue's inputs are measured exactly
//!   (`zero_width_issue_inputs`);
//! - nesting does not multiply memory: what sequences reserve before reading their
//!   elements is counted once across all the levels in progress. A search over hostile
//!   inputs of 16 to 4096 bytes (the `[x, y, y, ...]` shapes and chains of claims each
//!   as large as the bytes after it allow, plus the zero-width budget), from slices, in
//!   place (`from_slice_into`) and from streams, for recursive and nested types
//!   (`VecNode { kids: Vec<VecNode> }`, `BoxNode { kids: Vec<Box<BoxNode>> }`, lists of
//!   `Option<Box<Link>>`, an enum tree with boxed children and a vector of them,
//!   `Vec<Vec<Vec<u8>>>`, a tree of `BTreeMap<String, Vec<Dir>>` and a struct of all of
//!   them with a hash map) finds peaks within `k n + c`, with `k` and `c` worked out per
//!   type and way (`nested_peak_is_linear`: 24 n for `VecNode` from a slice, where the
//!   search found 2685 n before); the inputs that found the case are measured exactly
//!   (`nesting_chain_inputs`: 2,749,440 bytes from 1024 before, 24,528 now), valid deep
//!   and wide input still decodes, reserved exactly (`valid_deep_and_wide_inputs_decode`),
//!   and a stream's sequences share one 64 KiB reserve, each giving its part back
//!   (`stream_reserve_is_shared_and_given_back`);
//! - decoding under `Limits` stops at the limit with `DepthLimitExceeded` or
//!   `ByteLimitExceeded` at the documented offset, and before the allocation that the
//!   rejected input asked for;
//! - the same for ubjson-envelope's reader and its `Limits`.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout as AllocLayout, System};
use std::cell::Cell;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Debug;
use std::io::Cursor;

use indexmap::{IndexMap, IndexSet};

use packed_core::layout::{Bitsery, Varint, Yas, YasBig, YasCompacted, YasNoHeader};
use packed_core::{Decode, DecodeError, Encode, EncodeError, Layout, Limits, Packed};
use ubjson_envelope::{Error as UbjError, Limit, Value};

/// The slice and stream decoders as they decode, without the search for an error's field path
/// that the top-level functions run after a failure (`packed_core::Error`), and
/// returning the bare kind, which allocates nothing (an `Error` is a box): these tests
/// measure what decoding hostile input allocates. The search reads the input again
/// and writes what it decodes, so it allocates in proportion to the input; that is
/// `error_paths_allocate_in_proportion_to_the_input` below.
mod packed_core {
    pub use ::packed_core::*;
    use ::packed_core::{ctx, Config, Ctx};

    /// `packed_core::Error::into_kind` for the tests: the kind of a located error (from
    /// the stream functions) or of a bare one (from the slice functions here).
    pub struct Error;

    pub trait Kinded {
        type Kind;
        fn kind_of(self) -> Self::Kind;
    }

    impl Kinded for DecodeError {
        type Kind = DecodeError;
        fn kind_of(self) -> DecodeError {
            self
        }
    }

    impl<E> Kinded for ::packed_core::Error<E> {
        type Kind = E;
        fn kind_of(self) -> E {
            self.into_kind()
        }
    }

    impl Error {
        pub fn into_kind<E: Kinded>(e: E) -> E::Kind {
            e.kind_of()
        }
    }

    fn whole<'de, C: Ctx, T: Decode<'de>>(
        c: Config<C>,
        limits: Limits,
        bytes: &'de [u8],
        into: Option<&mut T>,
    ) -> Result<Option<T>, DecodeError> {
        if bytes.len() > limits.max_bytes {
            let limit = limits.max_bytes;
            return Err(DecodeError::ByteLimitExceeded {
                offset: limit,
                limit,
            });
        }
        let mut r = SliceReader::with_limits(bytes, limits);
        let value = match into {
            Some(v) => {
                T::decode_header::<C, _>(&mut r)?;
                v.decode_in_place::<C, _>(&mut r)?;
                None
            }
            None => Some(c.decode_from::<T, _>(&mut r)?),
        };
        match r.rest().len() {
            0 => Ok(value),
            remaining => {
                let offset = bytes.len() - remaining;
                Err(DecodeError::TrailingBytes { offset, remaining })
            }
        }
    }

    pub fn from_slice_with_limits<'de, T: Decode<'de>>(
        bytes: &'de [u8],
        limits: Limits,
    ) -> Result<T, DecodeError> {
        whole::<ctx::Root, T>(config().limits(limits), limits, bytes, None).map(|v| v.unwrap())
    }

    pub fn from_slice<'de, T: Decode<'de>>(bytes: &'de [u8]) -> Result<T, DecodeError> {
        from_slice_with_limits(bytes, Limits::DEFAULT)
    }

    pub fn from_slice_as<'de, L: Layout, T: Decode<'de>>(
        bytes: &'de [u8],
    ) -> Result<T, DecodeError> {
        whole::<ctx::RootAs<L>, T>(with::<L>(), Limits::DEFAULT, bytes, None).map(|v| v.unwrap())
    }

    pub fn from_slice_into<'de, T: Decode<'de>>(
        bytes: &'de [u8],
        value: &mut T,
    ) -> Result<(), DecodeError> {
        whole::<ctx::Root, T>(config(), Limits::DEFAULT, bytes, Some(value)).map(drop)
    }

    pub fn from_reader_with_limits<T: DecodeOwned, R: std::io::BufRead>(
        source: R,
        limits: Limits,
    ) -> Result<T, DecodeError> {
        config()
            .limits(limits)
            .decode_from(&mut IoReader::with_limits(source, limits))
    }

    pub fn from_reader<T: DecodeOwned, R: std::io::BufRead>(source: R) -> Result<T, DecodeError> {
        from_reader_with_limits(source, Limits::DEFAULT)
    }
}

// ---------------------------------------------------------------------------------------
// The counting allocator
// ---------------------------------------------------------------------------------------

struct Counting;

thread_local! {
    /// (measuring, current bytes, peak bytes) of this thread since the measurement began.
    static STATE: Cell<(bool, isize, isize)> = const { Cell::new((false, 0, 0)) };
}

fn record(delta: isize) {
    let _ = STATE.try_with(|s| {
        let (on, cur, peak) = s.get();
        if on {
            let cur = cur + delta;
            s.set((on, cur, peak.max(cur)));
        }
    });
}

// SAFETY: every method forwards to `System` with the caller's arguments unchanged and
// only adds bookkeeping that neither allocates nor unwinds.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: AllocLayout) -> *mut u8 {
        // SAFETY: forwarded; the caller upholds `alloc`'s contract.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            record(layout.size() as isize);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: AllocLayout) -> *mut u8 {
        // SAFETY: forwarded.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            record(layout.size() as isize);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: AllocLayout) {
        // SAFETY: forwarded; `ptr` came from this allocator, which is `System`'s.
        unsafe { System.dealloc(ptr, layout) };
        record(-(layout.size() as isize));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: AllocLayout, new_size: usize) -> *mut u8 {
        // SAFETY: forwarded.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            record(new_size as isize);
            record(-(layout.size() as isize));
        }
        p
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// Runs `f` and returns its result with the peak number of bytes this thread had
/// allocated during the call (the result's own allocations included).
fn measure<R>(f: impl FnOnce() -> R) -> (R, usize) {
    STATE.with(|s| s.set((true, 0, 0)));
    let r = f();
    let (_, _, peak) = STATE.with(|s| {
        let v = s.get();
        s.set((false, 0, 0));
        v
    });
    (r, peak.max(0) as usize)
}

/// The allocator sees this thread's allocations, and only while measuring.
#[test]
fn the_allocator_counts() {
    let (v, peak) = measure(|| vec![0u8; 1000]);
    assert_eq!(peak, 1000);
    drop(v);
    let (_, peak) = measure(|| {
        let mut v: Vec<u64> = Vec::with_capacity(4);
        v.extend([1, 2, 3, 4, 5]); // grows to 8: 32 bytes, then 64 while both are held
        v.len()
    });
    assert_eq!(peak, 32 + 64);
    let (_, peak) = measure(|| 1 + 1);
    assert_eq!(peak, 0);
}

// ---------------------------------------------------------------------------------------
// Length prefixes that claim more than the input holds
// ---------------------------------------------------------------------------------------

#[derive(Packed, Debug, PartialEq)]
struct Tree {
    val: i32,
    kids: Vec<Tree>,
}

#[derive(Packed, Debug, PartialEq)]
enum List {
    Nil,
    Cons(i64, Box<List>),
}

/// One huge length prefix in each layout's encoding: (layout name, bytes before the
/// prefix, the prefix, the length it claims).
fn huge_prefixes() -> Vec<(&'static str, &'static [u8], Vec<u8>, u64)> {
    let big: u64 = 1 << 62;
    vec![
        // Bitsery compact, 4-byte form: 0xC0 | bits 29..24, bits 23..16, then bits 15..0
        // as a little-endian u16. FF FF FF FF = 0x3F_FF_FFFF = 2^30 - 1, the largest.
        ("bitsery", b"", vec![0xFF, 0xFF, 0xFF, 0xFF], (1 << 30) - 1),
        // YAS: 7-byte header, u64 little-endian: 2^62 is 00 .. 00 40.
        ("yas", b"yas0017", big.to_le_bytes().to_vec(), big),
        ("yas-noheader", b"", big.to_le_bytes().to_vec(), big),
        // YAS ebig: header word 0x0097, u64 big-endian: 40 00 .. 00.
        ("yas-big", b"yas0097", big.to_be_bytes().to_vec(), big),
        // YAS compacted: width byte 8, then the 8 bytes little-endian.
        (
            "yas-compacted",
            b"yas0117",
            [&[8u8][..], &big.to_le_bytes()].concat(),
            big,
        ),
        // LEB128: 62 zero bits are 8 groups of 7 (80 x8), then bit 62 is bit 6 of the
        // ninth group: 0x40.
        (
            "varint",
            b"",
            vec![0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x40],
            big,
        ),
    ]
}

fn decode_as<'a, T: Decode<'a> + Encode>(layout: &str, bytes: &'a [u8]) -> Result<T, DecodeError> {
    match layout {
        "bitsery" => {
            packed_core::from_slice_as::<Bitsery, T>(bytes).map_err(packed_core::Error::into_kind)
        }
        "yas" => packed_core::from_slice_as::<Yas, T>(bytes).map_err(packed_core::Error::into_kind),
        "yas-noheader" => packed_core::from_slice_as::<YasNoHeader, T>(bytes)
            .map_err(packed_core::Error::into_kind),
        "yas-big" => {
            packed_core::from_slice_as::<YasBig, T>(bytes).map_err(packed_core::Error::into_kind)
        }
        "yas-compacted" => packed_core::from_slice_as::<YasCompacted, T>(bytes)
            .map_err(packed_core::Error::into_kind),
        "varint" => {
            packed_core::from_slice_as::<Varint, T>(bytes).map_err(packed_core::Error::into_kind)
        }
        other => unreachable!("{other}"),
    }
}

/// Decodes `input` as `T` and expects `LengthExceedsInput` for the prefix at `offset`
/// with nothing allocated.
fn rejected_without_allocating<T: for<'a> Decode<'a> + Encode + Debug>(
    layout: &str,
    input: &[u8],
    offset: usize,
    len: u64,
) {
    let (r, peak) = measure(|| decode_as::<T>(layout, input).map(|_| ()));
    // Every input has 16 bytes after its prefix.
    let want = DecodeError::LengthExceedsInput {
        offset,
        len,
        remaining: 16,
    };
    assert_eq!(r, Err(want), "{layout} {}", std::any::type_name::<T>());
    assert_eq!(
        peak,
        0,
        "{layout} {}: allocated {peak} bytes",
        std::any::type_name::<T>()
    );
}

/// 2^30 / 2^62 elements claimed in a 16-byte body: no allocation at all.
#[test]
fn huge_prefixes_allocate_nothing_from_slices() {
    for (layout, header, prefix, len) in huge_prefixes() {
        let input = [header, &prefix[..], &[0u8; 16][..]].concat();
        let at = header.len();
        rejected_without_allocating::<Vec<u8>>(layout, &input, at, len);
        rejected_without_allocating::<String>(layout, &input, at, len);
        rejected_without_allocating::<Vec<String>>(layout, &input, at, len);
        rejected_without_allocating::<Vec<Vec<u64>>>(layout, &input, at, len);
        rejected_without_allocating::<Vec<u64>>(layout, &input, at, len);
        rejected_without_allocating::<BTreeMap<String, u32>>(layout, &input, at, len);
        rejected_without_allocating::<HashMap<u32, String>>(layout, &input, at, len);
        rejected_without_allocating::<Vec<Option<[u64; 8]>>>(layout, &input, at, len);
        rejected_without_allocating::<Vec<Tree>>(layout, &input, at, len);
        // `Box<T>` may take no input as far as a claim can tell (its `MIN_WIRE` is 0):
        // the elements beyond the 16 bytes would have to come from the zero-width
        // budget, which cannot hold them either.
        let (r, peak) = measure(|| decode_as::<Vec<Box<List>>>(layout, &input).map(|_| ()));
        let want = DecodeError::ZeroWidthLimitExceeded {
            offset: at,
            limit: 4096,
        };
        assert_eq!((r, peak), (Err(want), 0), "{layout}");
    }
}

/// A hostile prefix deep inside a valid prefix of a record: the record's earlier
/// fields are decoded (and allocated), the claim is not.
#[test]
fn huge_prefix_inside_a_record() {
    #[derive(Packed, Debug)]
    struct Rec {
        name: String,
        tags: Vec<String>,
    }
    // name "abc" (03 'a' 'b' 'c'), then tags claiming 2^30 - 1 (FF FF FF FF at offset 4),
    // then 16 bytes.
    let input = [&[3u8, b'a', b'b', b'c'][..], &[0xFF; 4], &[0; 16]].concat();
    let (r, peak) = measure(|| {
        packed_core::from_slice::<Rec>(&input)
            .map_err(packed_core::Error::into_kind)
            .map(|_| ())
    });
    assert_eq!(
        r,
        Err(DecodeError::LengthExceedsInput {
            offset: 4,
            len: (1 << 30) - 1,
            remaining: 16
        })
    );
    // Only `name`'s 3 bytes, freed again when the error unwinds the partial record.
    assert_eq!(peak, 3);
}

/// Streams cannot check a length against the input, so they reserve at most one chunk
/// (64 KiB of elements) ahead of the bytes received.
#[test]
fn huge_prefixes_from_streams_allocate_one_chunk() {
    const CHUNK: usize = 64 * 1024;
    // 2^30 - 1 elements claimed (Bitsery), then 16 bytes.
    let input = [&[0xFFu8; 4][..], &[0; 16]].concat();
    type Decoder<'a> = &'a dyn Fn(Cursor<&[u8]>) -> Result<(), DecodeError>;
    let stream = |f: Decoder<'_>| measure(|| f(Cursor::new(&input[..])));

    // Vec<u8>: read in 64 KiB steps; the input ends after 16 bytes.
    let (r, peak) = stream(&|c| decode_kind::<Vec<u8>>(c));
    assert!(matches!(r, Err(DecodeError::UnexpectedEnd { .. })), "{r:?}");
    assert!(peak <= CHUNK, "Vec<u8>: {peak}");

    // Vec<String>: capacity for 64 KiB / 24 = 2730 headers, then 16 empty strings, then
    // the end of input, where the claim (a byte at least per string) is reported.
    let (r, peak) = stream(&|c| decode_kind::<Vec<String>>(c));
    assert_eq!(
        r,
        Err(DecodeError::UnexpectedEnd {
            offset: 4,
            needed: (1 << 30) - 1,
            remaining: 16
        })
    );
    assert!(peak <= CHUNK, "Vec<String>: {peak}");

    // Vec<u64>: 8-byte elements, 8192 per chunk.
    let (r, peak) = stream(&|c| decode_kind::<Vec<u64>>(c));
    assert!(matches!(r, Err(DecodeError::UnexpectedEnd { .. })), "{r:?}");
    assert!(peak <= CHUNK, "Vec<u64>: {peak}");

    // String: bytes are read as they come.
    let (r, peak) = stream(&|c| decode_kind::<String>(c));
    assert!(matches!(r, Err(DecodeError::UnexpectedEnd { .. })), "{r:?}");
    assert!(peak <= 2 * CHUNK, "String: {peak}");

    // Hash tables: capacity for as many entries as one chunk of table holds, at most
    // 16/7 buckets of an entry and a control byte each, plus the table's 16 trailing
    // control bytes (and an `IndexMap`'s vector of entries with their hashes). The zero
    // bytes after the prefix decode to a first entry, then the same key again.
    let hashed: [(&str, Decoder<'_>, DecodeError); 6] = [
        // Pairs (0, 0) and (0, 0): the second key, at 12, is a duplicate.
        (
            "HashMap<u32, u32>",
            &|c| decode_kind::<HashMap<u32, u32>>(c),
            DecodeError::DuplicateKey { offset: 12 },
        ),
        (
            "HashSet<u8>",
            &|c| decode_kind::<HashSet<u8>>(c),
            DecodeError::DuplicateKey { offset: 5 },
        ),
        (
            "HashSet<u16>",
            &|c| decode_kind::<HashSet<u16>>(c),
            DecodeError::DuplicateKey { offset: 6 },
        ),
        (
            "IndexSet<u8>",
            &|c| decode_kind::<IndexSet<u8>>(c),
            DecodeError::DuplicateKey { offset: 5 },
        ),
        (
            "IndexSet<u16>",
            &|c| decode_kind::<IndexSet<u16>>(c),
            DecodeError::DuplicateKey { offset: 6 },
        ),
        // Entries ("", 0): an empty string's prefix and a byte, the second at 6.
        (
            "IndexMap<String, u8>",
            &|c| decode_kind::<IndexMap<String, u8>>(c),
            DecodeError::DuplicateKey { offset: 6 },
        ),
    ];
    for (name, decode, expected) in hashed {
        let (r, peak) = stream(decode);
        assert_eq!(r, Err(expected), "{name}");
        assert!(peak <= CHUNK + 64, "{name}: {peak}");
    }
}

fn decode_kind<T: packed_core::DecodeOwned>(c: Cursor<&[u8]>) -> Result<(), DecodeError> {
    packed_core::from_reader::<T, _>(c)
        .map_err(packed_core::Error::into_kind)
        .map(|_| ())
}

// ---------------------------------------------------------------------------------------
// Linear peak
// ---------------------------------------------------------------------------------------

/// `peak <= K * n + SLACK` for everything in `linear_peak`.
const K: usize = 40;
const SLACK: usize = 4096;

/// Decodes `input` as `T` under `L`, checks the outcome, and returns the peak per input
/// byte after checking it against `K`.
fn peak_of<L: Layout, T: for<'a> Decode<'a> + Encode>(
    what: &str,
    input: &[u8],
    want_ok: bool,
) -> f64 {
    let (r, peak) = measure(|| {
        packed_core::from_slice_as::<L, T>(input)
            .map_err(packed_core::Error::into_kind)
            .map(|_| ())
    });
    assert_eq!(r.is_ok(), want_ok, "{what}: {r:?}");
    let n = input.len();
    assert!(
        peak <= K * n + SLACK,
        "{what}: peak {peak} bytes for {n} input bytes (bound {K} n + {SLACK})"
    );
    peak as f64 / n as f64
}

fn encode<L: Layout, T: Encode>(v: &T) -> Vec<u8> {
    packed_core::to_vec_as::<L, T>(v)
        .map_err(packed_core::Error::into_kind)
        .expect("encodable")
}

/// A valid Bitsery compact prefix for `n` (< 2^30): hand rule of wire-format.md 1.2.
fn compact(n: usize) -> Vec<u8> {
    if n < 0x80 {
        vec![n as u8]
    } else if n < 0x4000 {
        vec![0x80 | (n >> 8) as u8, n as u8]
    } else {
        let lw = (n as u16).to_le_bytes();
        vec![0xC0 | (n >> 24) as u8, (n >> 16) as u8, lw[0], lw[1]]
    }
}

#[derive(Packed, Debug, PartialEq, Clone)]
struct Item {
    sku: String,
    qty: i32,
    price_minor: i64,
}

/// Valid input and hostile input that claims as much as the length checks allow and
/// then fails, for the common shapes; the peak per input byte stays under `K`.
#[test]
fn linear_peak() {
    let c = 20_000;
    let mut ratios: Vec<(String, f64)> = Vec::new();
    let mut note = |what: &str, r: f64| ratios.push((what.to_string(), r));

    // Vec<u8>: one exact allocation: 1 byte per byte.
    let v = vec![7u8; c];
    note(
        "Vec<u8>",
        peak_of::<Bitsery, Vec<u8>>("Vec<u8>", &encode::<Bitsery, _>(&v), true),
    );

    // Vec<String> of empty strings: each 1 byte (prefix 00), 24 bytes of header: 24 n.
    let v = vec![String::new(); c];
    note(
        "Vec<String> empty",
        peak_of::<Bitsery, Vec<String>>("Vec<String> empty", &encode::<Bitsery, _>(&v), true),
    );
    // ... of one-byte strings: 2 bytes each (01 'a'), 24 + 1 bytes: 12.5 n.
    let v = vec!["a".to_string(); c];
    note(
        "Vec<String> 1-byte",
        peak_of::<Bitsery, Vec<String>>("Vec<String> 1-byte", &encode::<Bitsery, _>(&v), true),
    );
    // Hostile: claims c strings (allowed: c bytes follow), then string 0 claims 0x7F
    // bytes that are there but are not UTF-8 (FF): the 24 c bytes were reserved.
    let input = [compact(c), vec![0x7F], vec![0xFF; c - 1]].concat();
    note(
        "Vec<String> claim+fail",
        peak_of::<Bitsery, Vec<String>>("Vec<String> claim+fail", &input, false),
    );

    // Vec<Vec<u64>> of empty vectors: 24 n, as strings.
    let v: Vec<Vec<u64>> = vec![Vec::new(); c];
    note(
        "Vec<Vec<u64>> empty",
        peak_of::<Bitsery, Vec<Vec<u64>>>("Vec<Vec<u64>> empty", &encode::<Bitsery, _>(&v), true),
    );
    // Vec<Vec<u64>> whose inner vectors each claim what is left, then fail: the outer
    // reserve (24 per byte) and one inner reserve (8 per element, one element per
    // 8 bytes left: ~1 per byte) at a time.
    let input = [compact(c), compact(c / 8 - 1), vec![0xAA; c]].concat();
    note(
        "Vec<Vec<u64>> claim+fail",
        peak_of::<Bitsery, Vec<Vec<u64>>>("Vec<Vec<u64>> claim+fail", &input, false),
    );

    // Items: 40-byte elements of at least 3 bytes (MIN_WIRE: 1 + 1 + 1), real ones
    // 1 + 5 + 4 + 8 = 18 bytes with their strings: about 40/18 + 5/18.
    let v: Vec<Item> = (0..c / 10)
        .map(|i| Item {
            sku: format!("{i:05}"),
            qty: 1,
            price_minor: 2,
        })
        .collect();
    note(
        "Vec<Item>",
        peak_of::<Bitsery, Vec<Item>>("Vec<Item>", &encode::<Bitsery, _>(&v), true),
    );
    // The same under LEB128 integers (Item is 1 + 5 + 1 + 1 = 8 bytes): 40/8 + 5/8.
    note(
        "Vec<Item> varint",
        peak_of::<Varint, Vec<Item>>("Vec<Item> varint", &encode::<Varint, _>(&v), true),
    );
    // Hostile Items: claim n/3 elements (the most MIN_WIRE = 3 allows), then fail on
    // the first: 40/3 = 13.3 n.
    let input = [compact(c / 3), vec![0x7F], vec![0xFF; c - 1]].concat();
    note(
        "Vec<Item> claim+fail",
        peak_of::<Bitsery, Vec<Item>>("Vec<Item> claim+fail", &input, false),
    );

    // Maps. BTreeMap: nodes of up to 11 entries, allocated as entries arrive.
    let m: BTreeMap<u32, u32> = (0..c as u32 / 8).map(|i| (i, i)).collect();
    note(
        "BTreeMap<u32,u32>",
        peak_of::<Bitsery, BTreeMap<u32, u32>>(
            "BTreeMap<u32,u32>",
            &encode::<Bitsery, _>(&m),
            true,
        ),
    );
    note(
        "BTreeMap<u32,u32> varint",
        peak_of::<Varint, BTreeMap<u32, u32>>(
            "BTreeMap<u32,u32> varint",
            &encode::<Varint, _>(&m),
            true,
        ),
    );
    let m: BTreeMap<String, u32> = (0..c as u32 / 10).map(|i| (format!("{i}"), i)).collect();
    note(
        "BTreeMap<String,u32>",
        peak_of::<Bitsery, BTreeMap<String, u32>>(
            "BTreeMap<String,u32>",
            &encode::<Bitsery, _>(&m),
            true,
        ),
    );
    // HashMap: reserved up front for the claimed count, then filled.
    let m: HashMap<u32, u32> = (0..c as u32 / 8).map(|i| (i, i)).collect();
    note(
        "HashMap<u32,u32>",
        peak_of::<Bitsery, HashMap<u32, u32>>("HashMap<u32,u32>", &encode::<Bitsery, _>(&m), true),
    );
    note(
        "HashMap<u32,u32> varint",
        peak_of::<Varint, HashMap<u32, u32>>(
            "HashMap<u32,u32> varint",
            &encode::<Varint, _>(&m),
            true,
        ),
    );
    // Hostile map: claims n/2 pairs (MIN_WIRE 1 + 1), then has too few bytes for the
    // first fixed-width key.
    let input = [compact(c / 2), vec![0; c]].concat();
    note(
        "HashMap<u32,u32> claim+fail",
        peak_of::<Bitsery, HashMap<u32, u32>>("HashMap<u32,u32> claim+fail", &input, false),
    );
    let input = [compact(c / 2), vec![0; c]].concat();
    note(
        "HashMap<u32,String> claim+fail",
        peak_of::<Bitsery, HashMap<u32, String>>("HashMap<u32,String> claim+fail", &input, false),
    );
    // The worst case of all: a hash table rounds its capacity up to a power of two
    // buckets at 7/8 load, so a claim of 7169 (one over 7/8 of 8192) gets 16384 buckets,
    // 16/7 per pair. (u32, String) pairs are 32 bytes + 1 control byte and take at least
    // 2 input bytes: 16/7 * 33 / 2 = 37.7 bytes per input byte. Zeros decode as
    // (0, "") pairs of 5 bytes until the input runs out.
    let input = [compact(7169), vec![0; 2 * 7169]].concat();
    note(
        "HashMap<u32,String> worst",
        peak_of::<Bitsery, HashMap<u32, String>>("HashMap<u32,String> worst", &input, false),
    );

    // Recursion. A wide tree: 32-byte nodes of 5 bytes (4 + an empty prefix).
    let t = Tree {
        val: 0,
        kids: (0..c / 5)
            .map(|i| Tree {
                val: i as i32,
                kids: vec![],
            })
            .collect(),
    };
    note(
        "Tree wide",
        peak_of::<Bitsery, Tree>("Tree wide", &encode::<Bitsery, _>(&t), true),
    );
    // Under LEB128 a leaf is 2 bytes (MIN_WIRE 1 + 1): 16 n.
    note(
        "Tree wide varint",
        peak_of::<Varint, Tree>("Tree wide varint", &encode::<Varint, _>(&t), true),
    );
    // A deep chain (100 levels, under the default depth limit of 128): one 32-byte
    // node per 5 bytes.
    let mut t = Tree {
        val: 0,
        kids: vec![],
    };
    for i in 0..100 {
        t = Tree {
            val: i,
            kids: vec![t],
        };
    }
    note(
        "Tree deep",
        peak_of::<Bitsery, Tree>("Tree deep", &encode::<Bitsery, _>(&t), true),
    );
    // A long list: each Cons is 9 bytes and one 24-byte box (the enum's size).
    let mut l = List::Nil;
    for i in 0..120 {
        l = List::Cons(i, Box::new(l));
    }
    note(
        "List deep",
        peak_of::<Bitsery, List>("List deep", &encode::<Bitsery, _>(&l), true),
    );

    for (what, r) in &ratios {
        println!("{what:32} {r:6.2} bytes per input byte");
    }
    // The measurements are what the analysis says, so the bound is neither vacuous nor
    // loose by much: empty strings 24 per byte, the hash table's worst case 37.7.
    let ratio = |what: &str| {
        ratios
            .iter()
            .find(|(w, _)| w == what)
            .map(|(_, r)| *r)
            .expect(what)
    };
    assert!(
        (23.9..=24.0).contains(&ratio("Vec<String> empty")),
        "{ratios:?}"
    );
    assert!(
        (37.0..=37.8).contains(&ratio("HashMap<u32,String> worst")),
        "{ratios:?}"
    );
}

/// The constant is the element type's size over its least encoded size: a
/// `Vec<Option<[u64; 8]>>` of `None`s is 72 bytes of memory per input byte, by design:
/// that is the size of the decoded value itself. The claim check keeps it to that.
#[test]
fn type_dependent_constant() {
    type T = Vec<Option<[u64; 8]>>;
    let per = std::mem::size_of::<Option<[u64; 8]>>();
    assert_eq!(per, 72);
    assert_eq!(<Option<[u64; 8]> as Decode>::MIN_WIRE, 1);
    let c = 10_000;
    let input = [compact(c), vec![0; c]].concat(); // c Nones
    let (r, peak) = measure(|| {
        packed_core::from_slice::<T>(&input)
            .map_err(packed_core::Error::into_kind)
            .map(|v| v.len())
    });
    assert_eq!(r, Ok(c));
    assert_eq!(peak, per * c);
    assert!(peak <= per * input.len());
    // Claiming c + 1 in the same bytes is refused before reserving.
    let input = [compact(c + 1), vec![0; c]].concat();
    let (r, peak) = measure(|| {
        packed_core::from_slice::<T>(&input)
            .map_err(packed_core::Error::into_kind)
            .map(|v| v.len())
    });
    assert_eq!(
        r,
        Err(DecodeError::LengthExceedsInput {
            offset: 0,
            len: c as u64 + 1,
            remaining: c
        })
    );
    assert_eq!(peak, 0);
}

/// Element types whose least encoded size is 0 (`Box<T>`, which does not look inside
/// `T`; `()`; structs of skipped fields) may claim elements beyond one per remaining
/// byte, up to what is left of the document's zero-width budget
/// (`Limits::max_zero_width_elements`, 4096). Boxes may hold sequences, so their
/// vector reserves only what the bytes cover, one byte promised to each, and allocates
/// the rest as they are decoded: the budget is checked, never reserved ahead, or every
/// level of a nesting chain could reserve it again (`nesting_chain_inputs`). Elements
/// that cannot hold a sequence (`Z`) are reserved for the whole claim
/// (`zero_width_issue_inputs`).
#[test]
fn zero_wire_elements_add_a_constant() {
    type T = Vec<Box<u64>>;
    assert_eq!(<Box<u64> as Decode>::MIN_WIRE, 0);
    // Claims 16 + 4096 = 4112 boxes (compact 0x1010: 90 10), has 16 bytes: two u64s.
    let input = [compact(16 + 4096), vec![0; 16]].concat();
    assert_eq!(input[..2], [0x90, 0x10]);
    let (r, peak) = measure(|| {
        packed_core::from_slice::<T>(&input)
            .map_err(packed_core::Error::into_kind)
            .map(|v| v.len())
    });
    assert_eq!(
        r,
        Err(DecodeError::UnexpectedEnd {
            offset: 18,
            needed: 8,
            remaining: 0
        })
    );
    // A vector of 16 pointers (the 16 bytes), and the two boxes decoded before the
    // input ran out.
    assert_eq!(peak, 8 * 16 + 2 * 8);
    // One more is refused before reserving.
    let input = [compact(16 + 4097), vec![0; 16]].concat();
    let (r, peak) = measure(|| {
        packed_core::from_slice::<T>(&input)
            .map_err(packed_core::Error::into_kind)
            .map(|v| v.len())
    });
    assert_eq!(
        r,
        Err(DecodeError::ZeroWidthLimitExceeded {
            offset: 0,
            limit: 4096
        })
    );
    assert_eq!(peak, 0);
    // With a smaller budget the claim is checked against it: 16 + 100 at most.
    let limits = Limits::DEFAULT.with_max_zero_width_elements(100);
    let input = [compact(16 + 100), vec![0; 16]].concat();
    let (r, peak) = measure(|| {
        packed_core::from_slice_with_limits::<T>(&input, limits)
            .map_err(packed_core::Error::into_kind)
            .map(|v| v.len())
    });
    assert!(matches!(r, Err(DecodeError::UnexpectedEnd { .. })), "{r:?}");
    assert_eq!(peak, 8 * 16 + 2 * 8);
    let input = [compact(16 + 101), vec![0; 16]].concat();
    let r = packed_core::from_slice_with_limits::<T>(&input, limits)
        .map_err(packed_core::Error::into_kind);
    assert_eq!(
        r,
        Err(DecodeError::ZeroWidthLimitExceeded {
            offset: 0,
            limit: 100
        })
    );
    // Boxes that really take no input: 4096 of them from the two bytes of their count,
    // each counted against the budget. Nothing is reserved up front; the vector doubles
    // from 4 slots to 4096 as they are decoded, ending at exactly their number, and the
    // last move (2048 slots to 4096) held 6144 slots beside 2048 boxes.
    let (r, peak) = measure(|| {
        packed_core::from_slice::<Vec<Box<Z>>>(&[0x90, 0x00])
            .map_err(packed_core::Error::into_kind)
            .map(|v| v.len())
    });
    assert_eq!(r, Ok(4096));
    assert_eq!(peak, 4096 * (8 + 64));
    assert_eq!(
        packed_core::from_slice::<Vec<Box<Z>>>(&[0x90, 0x01])
            .map_err(packed_core::Error::into_kind),
        Err(DecodeError::ZeroWidthLimitExceeded {
            offset: 0,
            limit: 4096
        })
    );
}

// ---------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------

/// A chain of `depth` trees; Bitsery: each level is `val` (4 bytes) and a one-element
/// kids prefix (01), the innermost an empty one (00): level k starts at 5 (k - 1).
fn tree_chain(depth: usize) -> Vec<u8> {
    let mut b = Vec::new();
    for i in 0..depth {
        b.extend_from_slice(&(i as i32).to_le_bytes());
        b.push(u8::from(i + 1 < depth));
    }
    b
}

/// A list of `depth` conses: each is tag 01 and an i64 (9 bytes), then Nil (00).
fn list_chain(depth: usize) -> Vec<u8> {
    let mut b = Vec::new();
    for i in 0..depth {
        b.push(1);
        b.extend_from_slice(&(i as i64).to_le_bytes());
    }
    b.push(0);
    b
}

/// Depth: the (limit + 1)-th nested derived value is refused where it starts, from
/// slices and streams alike, and what was allocated before it is bounded by the levels
/// already read.
#[test]
fn depth_limit() {
    for limit in [1usize, 3, 16, 100] {
        let limits = Limits::DEFAULT.with_max_depth(limit);
        let want = DecodeError::DepthLimitExceeded {
            offset: 5 * limit,
            limit,
        };
        let input = tree_chain(limit + 20);
        let (r, peak) = measure(|| {
            packed_core::from_slice_with_limits::<Tree>(&input, limits)
                .map_err(packed_core::Error::into_kind)
                .map(|_| ())
        });
        assert_eq!(r, Err(want.clone()), "tree, slice, limit {limit}");
        // One 32-byte kids vector per level entered.
        assert!(peak <= 32 * limit, "{peak}");
        let (r, _) = measure(|| {
            packed_core::from_reader_with_limits::<Tree, _>(Cursor::new(&input), limits)
                .map_err(packed_core::Error::into_kind)
                .map(|_| ())
        });
        assert_eq!(r, Err(want), "tree, stream, limit {limit}");
        // Exactly `limit` levels decode.
        assert!(
            packed_core::from_slice_with_limits::<Tree>(&tree_chain(limit), limits)
                .map_err(packed_core::Error::into_kind)
                .is_ok()
        );

        // Box<Self>: the (limit + 1)-th List starts at 9 limit.
        let want = DecodeError::DepthLimitExceeded {
            offset: 9 * limit,
            limit,
        };
        let input = list_chain(limit + 20);
        let (r, peak) = measure(|| {
            packed_core::from_slice_with_limits::<List>(&input, limits)
                .map_err(packed_core::Error::into_kind)
                .map(|_| ())
        });
        assert_eq!(r, Err(want.clone()), "list, slice, limit {limit}");
        assert!(peak <= 24 * limit, "{peak}");
        let r = packed_core::from_reader_with_limits::<List, _>(Cursor::new(&input), limits)
            .map_err(packed_core::Error::into_kind);
        assert_eq!(r.map(|_| ()), Err(want), "list, stream, limit {limit}");
    }
    // The default limit (128) applies without asking: 10,000 levels are refused at the
    // 129th, without exhausting the stack.
    let input = list_chain(10_000);
    assert_eq!(
        packed_core::from_slice::<List>(&input).map_err(packed_core::Error::into_kind),
        Err(DecodeError::DepthLimitExceeded {
            offset: 9 * 128,
            limit: 128
        })
    );
}

/// Bytes: a read that would go past `max_bytes` is `ByteLimitExceeded`, before the
/// allocation the length prefix asked for. Slices report the limit as the offset (the
/// input is visible up to there); streams report where the refused read starts (they
/// check the budget before reading).
#[test]
fn byte_limit_stops_before_allocating() {
    let limits = Limits::DEFAULT.with_max_bytes(1000);
    // A 100,000-byte string (prefix C0 01 A0 86: 0x01_86A0 = 100,000) in 100,004 bytes.
    let n = 100_000;
    let input = [compact(n), vec![b'a'; n]].concat();
    assert_eq!(compact(n), [0xC0, 0x01, 0xA0, 0x86]);
    let (r, peak) = measure(|| {
        packed_core::from_slice_with_limits::<String>(&input, limits)
            .map_err(packed_core::Error::into_kind)
            .map(|_| ())
    });
    assert_eq!(
        r,
        Err(DecodeError::ByteLimitExceeded {
            offset: 1000,
            limit: 1000
        })
    );
    assert_eq!(peak, 0);
    let (r, peak) = measure(|| {
        packed_core::from_reader_with_limits::<String, _>(Cursor::new(&input), limits)
            .map_err(packed_core::Error::into_kind)
            .map(|_| ())
    });
    assert_eq!(
        r,
        Err(DecodeError::ByteLimitExceeded {
            offset: 4,
            limit: 1000
        })
    );
    assert_eq!(peak, 0);

    // 2^62 bytes claimed (YAS, u64 prefix after the 7-byte header) on a stream: refused
    // at the prefix's end.
    #[derive(Packed, Debug)]
    #[packed(layout = "yas")]
    struct Blob(Vec<u8>);
    let input = [&b"yas0017"[..], &(1u64 << 62).to_le_bytes(), &[0; 64]].concat();
    let (r, peak) = measure(|| {
        packed_core::from_reader_with_limits::<Blob, _>(Cursor::new(&input), limits)
            .map_err(packed_core::Error::into_kind)
            .map(|_| ())
    });
    assert_eq!(
        r,
        Err(DecodeError::ByteLimitExceeded {
            offset: 15,
            limit: 1000
        })
    );
    // The vector reserves its first chunk (64 KiB) before the read checks the budget:
    // bounded, though not by the byte limit.
    assert!(peak <= 64 * 1024, "{peak}");

    // Many small strings on a stream: decoding stops at the budget; memory follows the
    // bytes read (at most one chunk of headers ahead).
    let c = 100_000;
    let input = [compact(c), vec![0; c]].concat(); // c empty strings
    let (r, peak) = measure(|| {
        packed_core::from_reader_with_limits::<Vec<String>, _>(Cursor::new(&input), limits)
            .map_err(packed_core::Error::into_kind)
            .map(|_| ())
    });
    // Prefix C0 01 A0 86 (4 bytes), then one byte per string: the 997th string's
    // prefix is at offset 1000, where the budget ends.
    assert_eq!(
        r,
        Err(DecodeError::ByteLimitExceeded {
            offset: 1000,
            limit: 1000
        })
    );
    assert!(peak <= 64 * 1024, "{peak}");
}

// ---------------------------------------------------------------------------------------
// ubjson-envelope's reader
// ---------------------------------------------------------------------------------------

fn ubj(bytes: &[u8], limits: &ubjson_envelope::Limits) -> (Result<(), UbjError>, usize) {
    measure(|| Value::from_slice_with(bytes, limits).map(|_| ()))
}

/// Counts beyond the input are refused before reserving; limits stop at their offset.
#[test]
fn ubjson_hostile_counts_and_limits() {
    let d = ubjson_envelope::Limits::DEFAULT;
    // `[#L` 2^62: count marker at offset 2, 0 bytes after it.
    let (r, peak) = ubj(b"[#L\x40\x00\x00\x00\x00\x00\x00\x00", &d);
    assert_eq!(
        r,
        Err(UbjError::LimitExceeded {
            limit: Limit::Count,
            value: 1 << 62,
            max: 1 << 24,
            offset: 2
        })
    );
    assert_eq!(peak, 0);
    // Under the count limit but over the input: 2^24 claimed, 3 bytes there.
    let (r, peak) = ubj(b"[#l\x01\x00\x00\x00ZZZ", &d);
    assert_eq!(
        r,
        Err(UbjError::LengthExceedsInput {
            length: 1 << 24,
            remaining: 3,
            offset: 2
        })
    );
    assert_eq!(peak, 0);
    // A 2^31 - 1 byte string claimed in 4 bytes.
    let (r, peak) = ubj(b"Sl\x7f\xff\xff\xffabcd", &d);
    assert_eq!(
        r,
        Err(UbjError::LengthExceedsInput {
            length: (1 << 31) - 1,
            remaining: 4,
            offset: 1
        })
    );
    assert_eq!(peak, 0);
    // Typed zero-size elements take no input bytes: bounded by their own limit.
    // 2^20: under the count limit (2^24), over the zero-size one (2^16).
    let (r, peak) = ubj(b"[$Z#l\x00\x10\x00\x00", &d);
    assert_eq!(
        r,
        Err(UbjError::LimitExceeded {
            limit: Limit::ZeroSizeElements,
            value: 1 << 20,
            max: 1 << 16,
            offset: 4
        })
    );
    assert_eq!(peak, 0);
    // At the limit it is allowed, and costs one `Value` per element: the one input
    // that is not linear in its length, bounded by `max_zero_size_elements` instead.
    let (r, peak) = ubj(b"[$Z#l\x00\x01\x00\x00", &d);
    assert_eq!(r, Ok(()));
    assert_eq!(peak, (1 << 16) * std::mem::size_of::<Value>());

    // Depth: the (limit + 1)-th container, at offset `limit`.
    let deep = [vec![b'['; 50], vec![b']'; 50]].concat();
    let (r, peak) = ubj(&deep, &d.with_max_depth(10));
    assert_eq!(
        r,
        Err(UbjError::DepthLimitExceeded {
            limit: 10,
            offset: 10
        })
    );
    assert_eq!(
        peak, 0,
        "empty plain arrays reserve nothing before their first element"
    );
    // Count: the 4th element of a plain array, at its offset.
    let (r, _) = ubj(b"[ZZZZZ]", &d.with_max_count(3));
    assert_eq!(
        r,
        Err(UbjError::LimitExceeded {
            limit: Limit::Count,
            value: 4,
            max: 3,
            offset: 4
        })
    );
    // Length: a 5-byte string over a limit of 4, at its length marker (offset 1).
    let (r, peak) = ubj(b"SU\x05hello", &d.with_max_len(4));
    assert_eq!(
        r,
        Err(UbjError::LimitExceeded {
            limit: Limit::Length,
            value: 5,
            max: 4,
            offset: 1
        })
    );
    assert_eq!(peak, 0);
}

/// Peak allocation of the UBJSON reader is linear in the input: values are
/// `size_of::<Value>()` bytes each and every value takes at least one input byte;
/// plain arrays grow by doubling (and a moving reallocation holds both blocks), so
/// the bound is 3 values per input byte.
#[test]
fn ubjson_linear_peak() {
    let per = std::mem::size_of::<Value>();
    let d = ubjson_envelope::Limits::DEFAULT;
    let c = 20_000;
    let cases: Vec<(&str, Vec<u8>)> = vec![
        (
            "plain array of nulls",
            [vec![b'['], vec![b'Z'; c], vec![b']']].concat(),
        ),
        (
            "counted array of nulls",
            [
                b"[#I".to_vec(),
                (c as u16).to_be_bytes().to_vec(),
                vec![b'Z'; c],
            ]
            .concat(),
        ),
        ("plain object", {
            let mut b = vec![b'{'];
            for i in 0..c / 8 {
                b.extend_from_slice(b"U\x04");
                b.extend_from_slice(format!("{:04}", i % 10_000).as_bytes());
                b.extend_from_slice(b"i\x01");
            }
            b.push(b'}');
            b
        }),
        ("nested arrays", [vec![b'['; 100], vec![b']'; 100]].concat()),
        ("strings (borrowed)", {
            let mut b = vec![b'['];
            for _ in 0..c / 4 {
                b.extend_from_slice(b"SU\x01x");
            }
            b.push(b']');
            b
        }),
    ];
    for (what, input) in cases {
        let (r, peak) = ubj(&input, &d);
        assert_eq!(r, Ok(()), "{what}");
        let n = input.len();
        assert!(
            peak <= 3 * per * n + SLACK,
            "{what}: peak {peak} for {n} bytes ({per}-byte values)"
        );
    }
}

/// Nested counted containers reserve the input once, not once per level: each level's
/// count is checked against the bytes its enclosing containers' later elements do not
/// need. The attack: 127 headers, each claiming as many elements (or entries) as the
/// bytes after it could hold. Before the promise ledger in the reader, every level
/// reserved its whole claim: 4000 bytes of `[#l` headers held 14,435,328 bytes (3609 per
/// input byte; 128 levels of 32-byte values), and a typed array of arrays 7,592,960.
#[test]
fn ubjson_nested_counts_reserve_the_input_once() {
    let per = std::mem::size_of::<Value>();
    let d = ubjson_envelope::Limits::DEFAULT;
    // `open` then a 4-byte count: `min` input bytes per element at least, and a key
    // of `key` bytes after each header (objects), so the claims stay under the input.
    let chain = |n: usize, open: &[u8], key: &[u8], min: usize| {
        let mut b = Vec::new();
        for _ in 0..127 {
            let claim = (n.saturating_sub(b.len() + open.len() + 4) / min) as u32;
            b.extend_from_slice(open);
            b.extend_from_slice(&claim.to_be_bytes());
            b.extend_from_slice(key);
        }
        b.resize(n, b'Z');
        b
    };
    for n in [1000, 4000] {
        for (what, open, key, min) in [
            ("counted arrays", &b"[#l"[..], &b""[..], 1),
            ("typed arrays of arrays", b"[$[#l", b"", 1),
            ("counted objects", b"{#l", b"U\x01k", 3),
            ("typed objects of arrays", b"{$[#l", b"U\x01k", 3),
        ] {
            let input = chain(n, open, key, min);
            let (r, peak) = ubj(&input, &d);
            assert!(r.is_err(), "{what}: the claims cannot all hold");
            // A started element owns at least one byte that no other owns, and the
            // elements not started yet are promised bytes no nested count may take:
            // one reservation of a value (an entry: a key and a value) per input byte.
            let entry = per + std::mem::size_of::<(std::borrow::Cow<str>, Value)>();
            assert!(
                peak <= entry * n + SLACK,
                "{what}: peak {peak} for {n} bytes"
            );
        }
    }
    // Valid nesting at the depth limit, counted at every level, still decodes, and an
    // exact count after a nested one is not refused: `[#U\x02 [#U\x01 Z Z]` ...
    let mut deep = Vec::new();
    for _ in 0..127 {
        deep.extend_from_slice(b"[#U\x02");
    }
    deep.push(b'Z');
    deep.extend(std::iter::repeat_n(b'Z', 127));
    let (r, _) = ubj(&deep, &d);
    assert_eq!(r, Ok(()));
    let v = Value::from_slice(b"[#U\x02[#U\x02ZZ{#U\x01U\x01kZ").unwrap();
    assert_eq!(
        v,
        Value::Array(vec![
            Value::Array(vec![Value::Null, Value::Null]),
            Value::Object(vec![(std::borrow::Cow::Borrowed("k"), Value::Null)]),
        ])
    );
}

// ---------------------------------------------------------------------------------------
// Elements that encode to nothing
// ---------------------------------------------------------------------------------------

/// Encodes to nothing (its one field is skipped) and is 64 bytes in memory: the element
/// of the zero-width attacks.
#[derive(Packed, Debug, Default, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Z {
    #[packed(skip)]
    pad: [u64; 8],
}

/// A derived struct holding zero-width sequences.
#[derive(Packed, Debug, Default, PartialEq)]
struct Holder {
    a: Vec<Z>,
    b: Vec<Vec<Z>>,
    m: BTreeMap<u8, Vec<Z>>,
    u: Vec<()>,
}

/// The issue's inputs, measured exactly. `90 00` claims 4096 `Z`s: that is the whole
/// default budget, 4096 * 64 bytes, the `s * B` term of the bound below. 100 vectors of
/// 200 `Z`s (201 bytes) held 20,000 `Z`s under the old per-sequence slack (1.28 MB of
/// them here, 253 MB with the issue's larger `Z`); now the 21st vector (prefix at 41)
/// goes over, holding the outer vector (100 * 24), 20 full inner ones and its own
/// reserve (21 * 200 * 64). (A vector of `Z`s holds no sequence, so it is checked
/// against all the bytes left, as a string is: it is the only vector reserving until
/// its `Z`s are decoded, and a stream's reserve holds its 12,800 bytes.)
#[test]
fn zero_width_issue_inputs() {
    assert_eq!(std::mem::size_of::<Z>(), 64);
    let (r, peak) = measure(|| {
        packed_core::from_slice::<Vec<Z>>(&[0x90, 0x00])
            .map_err(packed_core::Error::into_kind)
            .map(|v| v.len())
    });
    assert_eq!(r, Ok(4096));
    assert_eq!(peak, 4096 * 64);
    let issue = [vec![100], [0x80, 0xC8].repeat(100)].concat();
    for stream in [false, true] {
        let (r, peak) = measure(|| {
            if stream {
                packed_core::from_reader::<Vec<Vec<Z>>, _>(Cursor::new(&issue))
                    .map_err(packed_core::Error::into_kind)
                    .map(|_| ())
            } else {
                packed_core::from_slice::<Vec<Vec<Z>>>(&issue)
                    .map_err(packed_core::Error::into_kind)
                    .map(|_| ())
            }
        });
        assert_eq!(
            r,
            Err(DecodeError::ZeroWidthLimitExceeded {
                offset: 41,
                limit: 4096
            })
        );
        assert_eq!(peak, 100 * 24 + 21 * 200 * 64, "stream {stream}");
    }
}

/// The input `numbers` describe, exactly `n` bytes long: each number as a compact
/// prefix, cut at `n` or padded with zeros. The types searched below are made of length
/// prefixes and `u8` keys only, so every byte string is some input of theirs: a number
/// below 128 is one byte, which a map reads as its key.
fn build(numbers: &[usize], n: usize) -> Vec<u8> {
    let mut b: Vec<u8> = numbers.iter().flat_map(|&x| compact(x)).collect();
    b.resize(n, 0);
    b
}

/// Counts worth trying against `n` input bytes and a budget of `budget` zero-width
/// elements: the edges of the compact forms, of the budget and of the input.
fn menu(n: usize, budget: usize) -> Vec<usize> {
    let mut m = vec![0, 1, 2, 3, 7, 100, 127, 128, 200, 0x3FFF, 1 << 20];
    m.extend([
        budget / 64,
        budget / 8,
        budget.saturating_sub(1),
        budget,
        budget + 1,
        n,
        n + budget,
        n + budget + 1,
    ]);
    m.sort_unstable();
    m.dedup();
    m
}

/// The largest peak `probe` finds over `n`-byte inputs: every input of the form
/// `[x, y, y, y, ...]` over the menu (with the zero padding: one sequence of `x`
/// elements, each claiming `y`, or one big claim and empty rest), then a hill climb
/// from the best of them that changes, inserts and deletes numbers, keeping any change
/// that does not lower the peak. Returns the peak and its input.
fn search(probe: &dyn Fn(&[u8]) -> usize, n: usize, budget: usize) -> (usize, Vec<u8>) {
    search_from(probe, n, budget, &[])
}

/// [`search`], starting from `seeds` as well as the `[x, y, y, ...]` inputs.
fn search_from(
    probe: &dyn Fn(&[u8]) -> usize,
    n: usize,
    budget: usize,
    seeds: &[Vec<usize>],
) -> (usize, Vec<u8>) {
    let menu = menu(n, budget);
    let grid = menu
        .iter()
        .flat_map(|&x| menu.iter().map(move |&y| [vec![x], vec![y; n]].concat()));
    let mut best = (0, Vec::new());
    for numbers in grid.chain(seeds.iter().cloned()) {
        let peak = probe(&build(&numbers, n));
        if peak > best.0 {
            best = (peak, numbers);
        }
    }
    // xorshift64: a fixed sequence, so a failure reproduces.
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move |below: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % below as u64) as usize
    };
    let (mut peak, mut numbers) = best;
    for _ in 0..200 {
        let mut m = numbers.clone();
        let at = next(m.len().min(n) + 1);
        let value = if next(2) == 0 {
            menu[next(menu.len())]
        } else {
            next(0x4000)
        };
        match next(3) {
            0 if at < m.len() => m[at] = value,
            1 => m.insert(at, value),
            _ if at < m.len() => {
                m.remove(at);
            }
            _ => continue,
        }
        let p = probe(&build(&m, n));
        if p >= peak {
            (peak, numbers) = (p, m);
        }
    }
    (peak, build(&numbers, n))
}

/// Peak of one decode, from a slice or from a stream.
type Probe = fn(&[u8], Limits) -> usize;

fn slice_peak<T: packed_core::Packed>(input: &[u8], limits: Limits) -> usize {
    measure(|| {
        packed_core::from_slice_with_limits::<T>(input, limits)
            .map_err(packed_core::Error::into_kind)
            .map(|_| ())
    })
    .1
}

fn stream_peak<T: packed_core::DecodeOwned>(input: &[u8], limits: Limits) -> usize {
    measure(|| {
        packed_core::from_reader_with_limits::<T, _>(Cursor::new(input), limits)
            .map_err(packed_core::Error::into_kind)
            .map(|_| ())
    })
    .1
}

/// A type searched and the constants of its bound (see `zero_width_peak_is_linear`).
struct Searched {
    name: &'static str,
    slice: Probe,
    stream: Probe,
    /// Bytes per input byte.
    k: usize,
    /// Bytes per zero-width element of the budget.
    s: usize,
}

macro_rules! searched {
    ($($t:ty: $k:expr, $s:expr;)*) => {
        vec![$(Searched {
            name: stringify!($t),
            slice: slice_peak::<$t>,
            stream: stream_peak::<$t>,
            k: $k,
            s: $s,
        }),*]
    };
}

/// An upper bound on one B-tree node of a `BTreeMap<K, V>` with `key` and `value`
/// bytes: 11 keys and values, parent pointer, index and length, and 12 edges for an
/// internal node. Every node holds at least one entry.
const fn btree_node(key: usize, value: usize) -> usize {
    16 + 11 * (key + value) + 12 * 8
}

/// Peak memory of decoding hostile input with zero-width elements is linear in the
/// input, with a constant set by the budget `B` (`Limits::max_zero_width_elements`):
///
/// - from a slice, `peak <= k n + s B + 4096`;
/// - from a stream, `peak <= 3 (k n + s B) + 192 KiB + 4096`.
///
/// Why. Every sequence reserves at most the elements its claim may hold: one per
/// `MIN_WIRE` bytes left, or for zero-width element types one per byte left plus the
/// budget left. A completed sequence holds elements that each took a byte or were
/// counted against the budget. Sequences of `Z` are never nested in each other, so all
/// the `Z` slots of a document, reserved or filled, number at most `n + B`: `k` has
/// `size_of` the element (64 for `Z`) and `s` the same, and each level of sequences
/// of headers around them adds 24 (a `Vec`) per byte for the completed ones and
/// 24 for the one being filled (`Vec<Vec<Vec<Z>>>`: 24 + 2 * 24 + 64). A B-tree holds
/// at most one node per entry (`btree_node`), an entry takes at least its
/// `MIN_WIRE`; a hash table is reserved for the claim, up to 16/7 buckets per pair
/// (38 per byte for `(u8, Vec<Z>)`). Boxes may hold sequences: their vector reserves
/// only one slot per unpromised byte and grows as boxes are decoded past that, doubling,
/// up to 3 slots per box while it moves. A stream cannot check a claim against the
/// input: the sequences being decoded share one 64 KiB reserve (the table for it is
/// up to 2.36 times that), then grow by doubling, and a moving reallocation holds the
/// old block and the new, twice as large.
///
/// The search runs each type from slices and from streams over inputs of 16, 201 and
/// 1000 bytes, under the default budget (4096) and under 256. Before the budget was per
/// document it found 26.2 MB for `Vec<Vec<Z>>` from 201 bytes (130,435 n) and
/// 131 MB from 1000; the measured ratios are printed (`--nocapture`).
#[test]
fn zero_width_peak_is_linear() {
    let z = std::mem::size_of::<Z>();
    assert_eq!(z, 64);
    assert_eq!(std::mem::size_of::<Holder>(), 96);
    let map_entry = btree_node(1, 24) / 2; // (u8, Vec<Z>): nodes per 2-byte entry
    let types = searched! {
        Vec<Z>: z, z;
        Vec<Vec<Z>>: 24 + z, z;
        Vec<Vec<Vec<Z>>>: 24 + 2 * 24 + z, z;
        Vec<()>: 0, 0;
        Vec<Vec<()>>: 24, 0;
        // Up to 3 slots of 8 per byte and per budget element (reserved for the bytes,
        // doubling past them), the box (64) per budget element.
        Vec<Box<Z>>: 3 * 8, 3 * 8 + z;
        Vec<[Z; 4]>: 4 * z, 4 * z;
        Vec<(Z, Z)>: 2 * z, 2 * z;
        // `Option` reads its flag: 72 bytes per byte, nothing from the budget.
        Vec<Option<Z>>: 72, 0;
        BTreeMap<u8, Vec<Z>>: map_entry + z, z;
        HashMap<u8, Vec<Z>>: 38 + z, z;
        // One map per byte (its prefix), one entry in it (the rest would be
        // duplicates), one node of 11 (Z, Z) pairs.
        Vec<BTreeMap<Z, Z>>: 24 + btree_node(z, z), 0;
        Holder: 24 + map_entry + z, z;
        // A `Holder` reads four prefixes: 96 / 4 per byte.
        Vec<Holder>: 24 + 24 + map_entry + z, z;
    };
    search_each(&types, search_type);
}

/// Runs `search` on every type, one thread each (the allocator counts per thread, and
/// the searches take most of the test time), and prints the lines they return. Each
/// thread has the stack [`on_deep_stack`] gives.
fn search_each<T: Sync>(types: &[T], search: fn(&T) -> Vec<String>) {
    let lines: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = types
            .iter()
            .map(|t| {
                std::thread::Builder::new()
                    .stack_size(DEEP_STACK)
                    .spawn_scoped(scope, move || search(t))
                    .expect("spawn a search thread")
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a bound held"))
            .collect()
    });
    for line in lines {
        println!("{line}");
    }
}

/// Searches `t` under both budgets and input sizes and checks its bounds; returns one
/// line of measurements per run.
fn search_type(t: &Searched) -> Vec<String> {
    let mut lines = Vec::new();
    for budget in [4096, 256] {
        let limits = Limits::DEFAULT.with_max_zero_width_elements(budget);
        for n in [16, 201, 1000] {
            let slice_bound = t.k * n + t.s * budget + 4096;
            let stream_bound = 3 * (t.k * n + t.s * budget) + 192 * 1024 + 4096;
            let (slice, input) = search(&|i| (t.slice)(i, limits), n, budget);
            assert!(
                slice <= slice_bound,
                "{} from a slice, B {budget}: peak {slice} > {slice_bound} for {n} bytes {input:02x?}",
                t.name
            );
            let (stream, input) = search(&|i| (t.stream)(i, limits), n, budget);
            assert!(
                stream <= stream_bound,
                "{} from a stream, B {budget}: peak {stream} > {stream_bound} for {n} bytes {input:02x?}",
                t.name
            );
            lines.push(format!(
                "B {budget:4} n {n:4} {:22} slice {slice:8} ({:4.0}% of bound)  stream {stream:8} ({:4.0}%)",
                t.name,
                100.0 * slice as f64 / slice_bound as f64,
                100.0 * stream as f64 / stream_bound as f64,
            ));
        }
    }
    lines
}

// ---------------------------------------------------------------------------------------
// Nesting: what the sequences being decoded hold at once
// ---------------------------------------------------------------------------------------

/// A tree of vectors: a node is its kids' length prefix.
#[derive(Packed, Debug, Default, Clone, PartialEq)]
struct VecNode {
    kids: Vec<VecNode>,
}

/// The same through boxes, whose least encoded size is 0 (`Box<T>` does not look inside
/// `T`, so that recursive types stay finite).
#[derive(Packed, Debug, Default, Clone, PartialEq)]
struct BoxNode {
    #[allow(clippy::vec_box)] // the boxes are what is tested
    kids: Vec<Box<BoxNode>>,
}

/// A linked list: a value and an optional box.
#[derive(Packed, Debug, Default, Clone, PartialEq)]
struct Link {
    val: u8,
    next: Option<Box<Link>>,
}

/// An enum tree with boxed children and a vector of them.
#[derive(Packed, Debug, Default, Clone, PartialEq)]
enum Expr {
    #[default]
    Nil,
    Pair(Box<Expr>, Box<Expr>),
    Many(Vec<Expr>),
}

/// A directory tree: names to lists of subtrees.
#[derive(Packed, Debug, Default, Clone, PartialEq)]
struct Dir {
    entries: BTreeMap<String, Vec<Dir>>,
}

/// All of them in one struct, with a field after the nested ones (`tail`: bytes of its
/// own that it reads after its children).
#[derive(Packed, Debug, Default, Clone, PartialEq)]
struct Mixed {
    name: String,
    kids: Vec<Mixed>,
    #[allow(clippy::vec_box)] // the boxes are what is tested
    boxed: Vec<Box<Mixed>>,
    map: HashMap<u8, Vec<u8>>,
    next: Option<Box<Mixed>>,
    tail: u32,
}

/// Claims along a nesting chain, each of as many elements as the bytes after it could
/// hold (`rest / d + e`, `e` up to the zero-width budget): the compact prefixes of the
/// counts, each followed or preceded by `between` (an enum's tag, a map key's empty
/// length). This is the shape that stacked one reservation per level, when every level
/// checked its claim against the same bytes left.
fn claim_chain(n: usize, d: usize, e: usize, between: &[usize], before: bool) -> Vec<usize> {
    let mut numbers = Vec::new();
    let mut used = 0;
    while used < n {
        let rest = n - used;
        // The claim's own prefix is part of what it cannot count.
        let guess = rest.saturating_sub(1) / d + e;
        let x = rest.saturating_sub(compact(guess).len()) / d + e;
        if before {
            numbers.extend_from_slice(between);
        }
        numbers.push(x);
        if !before {
            numbers.extend_from_slice(between);
        }
        used += compact(x).len() + between.iter().map(|&b| compact(b).len()).sum::<usize>();
    }
    numbers
}

/// Seeds for the search over nested types: claim chains of every shape, and one claim
/// of the rest after a tag or key (`[b, rest]`, then zeros: a vector of empty nodes).
fn chains(n: usize, budget: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for between in [&[][..], &[0], &[1], &[2], &[0, 0], &[1, 0], &[2, 2]] {
        for (d, e) in [(1, 0), (1, 1), (1, budget), (2, 0), (4, 0)] {
            for before in [false, true] {
                out.push(claim_chain(n, d, e, between, before));
            }
        }
        out.push([between, &[n - 1 - between.len()]].concat());
    }
    out
}

/// Peak of one decode in place (`from_slice_into`), into a default value.
fn in_place_peak<T: packed_core::Packed + Default>(input: &[u8]) -> usize {
    let mut target = T::default();
    measure(|| {
        packed_core::from_slice_into(input, &mut target).map_err(packed_core::Error::into_kind)
    })
    .1
}

/// A nested type and the constants of its bounds: `peak <= k n + c` from a slice,
/// `ki n + ci` in place, `ks n + cs` from a stream.
struct Nested {
    name: &'static str,
    slice: Probe,
    stream: Probe,
    in_place: fn(&[u8]) -> usize,
    k: usize,
    c: usize,
    ki: usize,
    ci: usize,
    ks: usize,
    cs: usize,
}

macro_rules! nested {
    ($($t:ty: $k:expr, $c:expr; $ki:expr, $ci:expr; $ks:expr, $cs:expr;)*) => {
        vec![$(Nested {
            name: stringify!($t),
            slice: slice_peak::<$t>,
            stream: stream_peak::<$t>,
            in_place: in_place_peak::<$t>,
            k: $k,
            c: $c,
            ki: $ki,
            ci: $ci,
            ks: $ks,
            cs: $cs,
        }),*]
    };
}

/// One way of decoding searched: its name, the peak of one input, and `k` and `c`.
type Way<'a> = (&'a str, &'a dyn Fn(&[u8]) -> usize, usize, usize);

/// Searches `t` over inputs of 16 to 4096 bytes and checks its bounds; returns one line
/// of measurements per size.
fn search_nested(t: &Nested) -> Vec<String> {
    let limits = Limits::DEFAULT;
    let budget = limits.max_zero_width_elements;
    let mut lines = Vec::new();
    for n in [16, 64, 256, 1024, 4096] {
        let seeds = chains(n, budget);
        let mut line = format!("n {n:4} {:18}", t.name);
        let probes: [Way<'_>; 3] = [
            ("slice", &|i| (t.slice)(i, limits), t.k, t.c),
            ("in place", &|i| (t.in_place)(i), t.ki, t.ci),
            ("stream", &|i| (t.stream)(i, limits), t.ks, t.cs),
        ];
        for (how, probe, k, c) in probes {
            let (peak, input) = search_from(probe, n, budget, &seeds);
            let bound = k * n + c;
            assert!(
                peak <= bound,
                "{} {how}: peak {peak} > {k} n + {c} for {n} bytes {input:02x?}",
                t.name
            );
            line += &format!(
                "  {how} {peak:7} ({:5.1} n, {:3.0}%)",
                peak as f64 / n as f64,
                100.0 * peak as f64 / bound as f64
            );
        }
        lines.push(line);
    }
    lines
}

/// Peak memory of nested and recursive types on hostile input is linear in the input,
/// however deep the nesting, from slices, in place and from streams.
///
/// Why (slices; the ledger's invariant, `read.rs`). A sequence whose elements may
/// reserve memory promises each element's least encoded size (`MIN_WIRE`, `m`) of the
/// bytes left until the element starts, and its claim may use only bytes not promised.
/// So every element slot reserved up front is backed by bytes of its own element (read,
/// or promised to it), which back no other slot: the slots cost at most
/// `size_of::<T>() / m` per input byte, `k` below. A sequence whose elements hold no
/// sequence (bytes, numbers) is checked against all the bytes left, as a string is: it
/// is the only one reserving until it is done, so it counts promised bytes at most
/// once more (its `size_of::<T>() / m` added to `k`). Two things come on top. An element's
/// share is released when it starts, and what it has not read of it by the time a claim
/// nested in it is checked may be counted by that claim too: at most one share per level
/// in progress, at most `D = 128` levels (`Limits::max_depth`), the `c` terms. And
/// elements of `MIN_WIRE` 0 (`Box<T>`) are promised one byte each for as many as the
/// bytes cover and allocated as they are decoded beyond that, so their vector may
/// double past its reservation: up to 3 slots per element while the old buffer and the
/// new one, twice as large, are both held, and 4 slots (a `Vec`'s least capacity) taken
/// before its first element is read, which a vector in progress at every level may
/// hold (`D * 4 * slot`). A `Vec` decoded in place reserves nothing up front and grows
/// that way too (`ki`: three times the slots). A stream reserves at most 64 KiB ahead
/// for all its sequences together, plus the 64 KiB step in which a vector of bytes is
/// read (and its move: 192 KiB), and grows as in place beyond that (`ks = 3 k`).
///
/// Before the ledger the same search found 2,749,440 bytes for `VecNode` from 1024
/// bytes (2685 n) and 4,324,352 for `BoxNode` from 256 (16,892 n), from slices; from
/// streams 8,386,560 for both (128 levels of 64 KiB). The measured ratios are printed
/// (`--nocapture`).
/// The main thread's stack on Linux, for the threads that decode at full depth.
const DEEP_STACK: usize = 8 << 20;

/// Runs `f` on a thread with [`DEEP_STACK`]. The nesting tests decode
/// chains at the full default depth (128 levels): a derived struct's decode takes about
/// 16 KiB of stack per level in a debug build (a fraction of that in release), more
/// than the 2 MiB libtest gives each test thread.
fn on_deep_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(DEEP_STACK)
            .spawn_scoped(scope, f)
            .expect("spawn a test thread")
            .join()
            .expect("the test thread panicked")
    })
}

#[test]
fn nested_peak_is_linear() {
    use std::mem::size_of;
    const D: usize = 128;
    const KIB64: usize = 64 * 1024;
    assert_eq!(Limits::DEFAULT.max_depth, D);
    let mixed = size_of::<Mixed>();
    assert_eq!(
        (
            size_of::<VecNode>(),
            size_of::<BoxNode>(),
            size_of::<Link>()
        ),
        (24, 24, 16)
    );
    assert_eq!(
        (
            size_of::<Expr>(),
            size_of::<Dir>(),
            size_of::<(u8, Vec<u8>)>()
        ),
        (24, 24, 32)
    );
    assert_eq!(<Mixed as Decode>::MIN_WIRE, 6);
    // A B-tree allocates its nodes as entries arrive, at worst one per entry of at least
    // 2 bytes (a name's and a list's prefixes).
    let dir_node = btree_node(24, 24) / 2;
    // A hash table is reserved for the claimed entries: up to 16/7 buckets per entry of
    // 32 + 1 bytes, an entry at least 2 bytes.
    let table = 16 * 33 / 7 / 2 + 1;
    // `Mixed`, per byte: its 6-byte share backs a 136-byte kids slot (23), a box for
    // `next` (23) or a boxed element (136 and up to 3 slots of 8: 27); the table (38) is
    // the most, and a name's or a map value's bytes, checked against all the bytes left,
    // may be counted once more (1). Before its kids claim it has read at least its
    // name's and its kids' prefixes, so up to 4 bytes of its share are counted again,
    // per level.
    let mixed_k = table.max((mixed + 3 * 8).div_ceil(6)) + 1;
    // What a vector growing from empty at every level in progress holds before its
    // first element is read.
    let least = |slot: usize| D * 4 * slot;
    let types = nested! {
        // A node's kids slot (24 bytes) per byte, its prefix: the share it reads first
        // (nothing counted twice).
        VecNode: 24, 0; 3 * 24, least(24); 3 * 24, KIB64 + least(24);
        // A 24-byte box and up to 3 slots of 8 per node, which reads its prefix. The
        // zero-width budget backs no reservation: a claim beyond the bytes is checked
        // against it but allocated as decoded.
        BoxNode: 24 + 3 * 8, least(8); 24 + 3 * 8, least(8); 24 + 3 * 8, KIB64 + least(8);
        // A 16-byte link (a slot or a box) per 2 bytes; no claim nests in a link, and
        // there is one vector.
        Vec<Link>: 8, 0; 3 * 8, 4 * 16; 3 * 8, KIB64 + 4 * 16;
        // A 24-byte slot or box per tag byte, read first.
        Expr: 24, 0; 3 * 24, least(24); 3 * 24, KIB64 + least(24);
        // A 24-byte slot per prefix byte; the innermost vector, of bytes, is checked
        // against all the bytes left and may count once more those promised to the
        // vectors around it: a byte per byte. Three vectors.
        Vec<Vec<Vec<u8>>>: 24 + 1, 0; 3 * 24 + 1, 2 * 4 * 24 + 8; 3 * 24 + 1, 3 * KIB64 + 2 * 4 * 24 + 8;
        // A B-tree node per entry, a 24-byte slot per subtree's prefix (a name's bytes
        // are fewer than the node).
        Dir: dir_node, 0; dir_node, least(24); 3 * dir_node, 3 * KIB64 + least(24);
        // The 64 KiB reserve as a hash table is up to 16/7 * 33/32 of it, plus a 64 KiB
        // step of bytes and its move.
        Mixed: mixed_k, D * 4 * mixed_k;
            3 * mixed_k, D * 4 * 3 * mixed_k + least(mixed);
            3 * mixed_k, 5 * KIB64 + D * 4 * 3 * mixed_k + least(mixed);
    };
    search_each(&types, search_nested);
}

/// The inputs that found the open case, measured exactly. From 1024 bytes, `VecNode`s
/// each claiming every byte after them held 2,749,440 bytes (2685 per input byte): 128
/// levels of reservations counted against the same bytes. Now the first kid's claim
/// meets the 1021 bytes its 1021 later siblings are owed and is refused where it is
/// read, holding only the outer reservation. `BoxNode`s each claiming every byte plus
/// the zero-width budget held 4,324,352 bytes from 256; now the boxes beyond the bytes
/// are not reserved, the first is promised a byte of the 254, and the first kid's claim
/// finds 4348 elements that neither bytes nor the budget can make. From a stream, 129
/// levels of 2^30 kids each reserved a 64 KiB chunk (8,386,560 bytes); now the levels
/// share one.
#[test]
fn nesting_chain_inputs() {
    on_deep_stack(|| {
        let vec_chain = build(&claim_chain(1024, 1, 0, &[], false), 1024);
        assert_eq!(vec_chain[..4], [0x83, 0xFE, 0x83, 0xFC]); // 1022, then 1020
        let (r, peak) = measure(|| {
            packed_core::from_slice::<VecNode>(&vec_chain)
                .map_err(packed_core::Error::into_kind)
                .map(|_| ())
        });
        assert_eq!(
            r,
            Err(DecodeError::LengthExceedsInput {
                offset: 2,
                len: 1020,
                remaining: 0
            })
        );
        assert_eq!(peak, 1022 * 24);
        // In place: the same error; the kids vector grows as kids are decoded (none was).
        let mut target = VecNode::default();
        let (r, peak) = measure(|| {
            packed_core::from_slice_into(&vec_chain, &mut target)
                .map_err(packed_core::Error::into_kind)
        });
        assert!(
            matches!(r, Err(DecodeError::LengthExceedsInput { offset: 2, .. })),
            "{r:?}"
        );
        assert_eq!(peak, 4 * 24);

        let box_chain = build(&claim_chain(256, 1, 4096, &[], false), 256);
        assert_eq!(box_chain[..4], [0x90, 0xFE, 0x90, 0xFC]); // 254 + 4096, then 252 + 4096
        let (r, peak) = measure(|| {
            packed_core::from_slice::<BoxNode>(&box_chain)
                .map_err(packed_core::Error::into_kind)
                .map(|_| ())
        });
        assert_eq!(
            r,
            Err(DecodeError::ZeroWidthLimitExceeded {
                offset: 2,
                limit: 4096
            })
        );
        assert_eq!(peak, 254 * 8);

        // 2^30 - 1 kids at every level (FF FF FF FF), on a stream: the first level takes
        // the 64 KiB (2730 nodes), the next 127 get nothing ahead and hold the 4 slots a
        // vector starts with; the 129th node is over the depth limit.
        let stream_chain = vec![0xFF; 4 * 130];
        let (r, peak) = measure(|| {
            packed_core::from_reader::<VecNode, _>(Cursor::new(&stream_chain))
                .map_err(packed_core::Error::into_kind)
                .map(|_| ())
        });
        assert_eq!(
            r,
            Err(DecodeError::DepthLimitExceeded {
                offset: 4 * 128,
                limit: 128
            })
        );
        assert_eq!(peak, 2730 * 24 + 127 * 4 * 24);
    });
}

/// Valid input still decodes whatever its shape: a chain as deep as the depth limit
/// allows and a wide tree, every type, from slices, streams and in place (into a
/// default value and into the value itself); deeper than the limit is refused. From a
/// slice the reservations are exact: a node's kids vector holds exactly its kids.
#[test]
fn valid_deep_and_wide_inputs_decode() {
    on_deep_stack(|| {
        fn roundtrip<T: Packed + Default + PartialEq + Debug + Clone>(what: &str, v: &T) {
            let bytes = packed_core::to_vec(v)
                .map_err(packed_core::Error::into_kind)
                .unwrap();
            assert_eq!(
                packed_core::from_slice::<T>(&bytes)
                    .map_err(packed_core::Error::into_kind)
                    .as_ref(),
                Ok(v),
                "{what} slice"
            );
            assert_eq!(
                packed_core::from_reader::<T, _>(Cursor::new(&bytes))
                    .map_err(packed_core::Error::into_kind)
                    .as_ref(),
                Ok(v),
                "{what} stream"
            );
            let mut target = T::default();
            packed_core::from_slice_into(&bytes, &mut target)
                .map_err(packed_core::Error::into_kind)
                .unwrap();
            assert_eq!(&target, v, "{what} in place");
            packed_core::from_slice_into(&bytes, &mut target)
                .map_err(packed_core::Error::into_kind)
                .unwrap();
            assert_eq!(&target, v, "{what} in place again");
        }
        const DEPTH: usize = 128;
        // `depth` nested values, each wrapping the one before.
        fn chain<T>(depth: usize, leaf: T, wrap: impl Fn(T) -> T) -> T {
            (1..depth).fold(leaf, |v, _| wrap(v))
        }
        let vec_deep = chain(DEPTH, VecNode::default(), |v| VecNode { kids: vec![v] });
        let box_deep = chain(DEPTH, BoxNode::default(), |v| BoxNode {
            kids: vec![Box::new(v)],
        });
        let link_deep = chain(DEPTH, Link::default(), |v| Link {
            val: 7,
            next: Some(Box::new(v)),
        });
        // Two levels per link: a pair holding a list.
        let expr_deep = chain(DEPTH / 2, Expr::Nil, |v| {
            Expr::Pair(
                Box::new(Expr::Many(vec![v, Expr::Nil])),
                Box::new(Expr::Nil),
            )
        });
        let dir_deep = chain(DEPTH, Dir::default(), |v| Dir {
            entries: BTreeMap::from([(String::from("d"), vec![v, Dir::default()])]),
        });
        let mixed_deep = chain(DEPTH, Mixed::default(), |v| {
            let inner = Mixed {
                name: "k".into(),
                kids: vec![v],
                tail: 1,
                ..Mixed::default()
            };
            Mixed {
                name: "b".into(),
                boxed: vec![Box::new(inner)],
                map: HashMap::from([(1, vec![1, 2])]),
                tail: 2,
                ..Mixed::default()
            }
        });
        roundtrip("VecNode deep", &vec_deep);
        roundtrip("BoxNode deep", &box_deep);
        roundtrip("Vec<Link> deep", &vec![link_deep.clone(), link_deep]);
        roundtrip("Expr deep", &expr_deep);
        roundtrip("Dir deep", &dir_deep);
        // Mixed nests two levels per link of the chain: half as many links.
        let mixed_half = chain(DEPTH / 2, Mixed::default(), |v| Mixed {
            next: Some(Box::new(v)),
            kids: vec![Mixed::default()],
            ..Mixed::default()
        });
        roundtrip("Mixed deep", &mixed_half);
        assert!(matches!(
            packed_core::from_slice::<Mixed>(&packed_core::to_vec(&mixed_deep).unwrap())
                .map_err(packed_core::Error::into_kind),
            Err(DecodeError::DepthLimitExceeded { limit: 128, .. })
        ));
        let too_deep = packed_core::to_vec(&VecNode {
            kids: vec![vec_deep.clone()],
        })
        .map_err(packed_core::Error::into_kind)
        .unwrap();
        assert!(matches!(
            packed_core::from_slice::<VecNode>(&too_deep).map_err(packed_core::Error::into_kind),
            Err(DecodeError::DepthLimitExceeded { limit: 128, .. })
        ));

        let wide = 4000;
        let vec_wide = VecNode {
            kids: vec![VecNode::default(); wide],
        };
        let box_wide = BoxNode {
            kids: vec![Box::default(); wide],
        };
        roundtrip("VecNode wide", &vec_wide);
        roundtrip("BoxNode wide", &box_wide);
        roundtrip("Vec<Link> wide", &vec![Link { val: 1, next: None }; wide]);
        roundtrip("Expr wide", &Expr::Many(vec![Expr::Nil; wide]));
        roundtrip(
            "Vec<Vec<Vec<u8>>> wide",
            &vec![vec![vec![1u8, 2], vec![]]; wide],
        );
        roundtrip(
            "Dir wide",
            &Dir {
                entries: (0..wide)
                    .map(|i| (i.to_string(), vec![Dir::default(); i % 3]))
                    .collect(),
            },
        );
        roundtrip(
            "Mixed wide",
            &Mixed {
                kids: vec![Mixed::default(); wide / 10],
                boxed: vec![Box::default(); wide / 10],
                map: (0..=255).map(|k| (k, vec![k; 3])).collect(),
                ..Mixed::default()
            },
        );

        // From a slice, each vector is reserved once, for exactly its elements: the deep
        // chains hold one kid per level, the wide trees one slot (and box) per kid.
        fn peak_of<T: packed_core::Packed>(v: &impl Encode) -> usize {
            let bytes = packed_core::to_vec(v)
                .map_err(packed_core::Error::into_kind)
                .unwrap();
            let (r, peak) = measure(|| {
                packed_core::from_slice::<T>(&bytes)
                    .map_err(packed_core::Error::into_kind)
                    .map(|_| ())
            });
            assert_eq!(r, Ok(()));
            peak
        }
        assert_eq!(peak_of::<VecNode>(&vec_deep), (DEPTH - 1) * 24);
        assert_eq!(peak_of::<BoxNode>(&box_deep), (DEPTH - 1) * (8 + 24));
        assert_eq!(peak_of::<VecNode>(&vec_wide), wide * 24);
        assert_eq!(peak_of::<BoxNode>(&box_wide), wide * (8 + 24));
    });
}

/// A stream's sequences share one 64 KiB reserve, and each gives its part back when it
/// is done: two sibling vectors of 5000 `u64`s (40,000 bytes each, more than what is
/// left after the first) are each reserved exactly, so the peak is the outer vector and
/// the two inner ones. Were the first's part not given back, the second would get what
/// is left (25,488 bytes) and grow past it.
#[test]
fn stream_reserve_is_shared_and_given_back() {
    let v: Vec<Vec<u64>> = vec![vec![7; 5000], vec![8; 5000]];
    let bytes = packed_core::to_vec(&v)
        .map_err(packed_core::Error::into_kind)
        .unwrap();
    let (r, peak) = measure(|| {
        packed_core::from_reader::<Vec<Vec<u64>>, _>(Cursor::new(&bytes))
            .map_err(packed_core::Error::into_kind)
    });
    assert_eq!(r.as_ref(), Ok(&v));
    drop(r);
    assert_eq!(peak, 2 * 24 + 2 * 40_000);
    // A hash map takes its part of the reserve too, and gives it back.
    let m: Vec<HashMap<u32, u32>> = vec![(0..3000).map(|i| (i, i)).collect(); 2];
    let bytes = packed_core::to_vec(&m)
        .map_err(packed_core::Error::into_kind)
        .unwrap();
    let r = packed_core::from_reader::<Vec<HashMap<u32, u32>>, _>(Cursor::new(&bytes))
        .map_err(packed_core::Error::into_kind);
    assert_eq!(r, Ok(m));
}

/// The search for an error's field path (`packed_core::Error`) reads the input again
/// and writes what it decodes: what it allocates follows the input, not what the
/// input claims. Strings of 1-byte words, cut inside the last one; and a length prefix
/// that claims 2^60 elements at the end of the input.
#[test]
fn error_paths_allocate_in_proportion_to_the_input() {
    // Derived types: the search runs for them (not for a top-level `Vec`).
    #[derive(Packed, Debug)]
    struct Words {
        w: Vec<String>,
    }
    #[derive(Packed, Debug)]
    struct Claim {
        bytes: Vec<u8>,
        words: Vec<u64>,
    }
    for words in [100usize, 10_000, 100_000] {
        let mut input = ::packed_core::to_vec(&vec!["w".to_string(); words]).unwrap();
        input.pop();
        let (r, peak) = measure(|| ::packed_core::from_slice::<Words>(&input));
        let e = r.unwrap_err();
        assert_eq!(e.path(), Some(format!("w[{}]", words - 1).as_str()));
        // The decode's own strings (24 bytes each) and the search's copies of the
        // input, its spans and their paths: a bounded multiple of the input.
        assert!(
            peak <= 256 * input.len() + 64 * 1024,
            "{words} words: {peak} bytes"
        );
    }
    // 4096 bytes (compact prefix `90 00`), then a prefix claiming 2^30 - 1 words.
    let mut input = vec![0x90, 0x00];
    input.extend_from_slice(&[0; 4096]);
    input.extend_from_slice(&[0xff; 9]);
    let (r, peak) = measure(|| ::packed_core::from_slice::<Claim>(&input));
    assert_eq!(r.unwrap_err().path(), Some("words"));
    assert!(peak <= 16 * input.len() + 64 * 1024, "{peak} bytes");
}

/// The search for an encode error's field path writes the value again, keeping only
/// the path: it allocates nothing in proportion to the encoding, which may be far
/// larger than the value (shared `Rc`s are written once per reference) and, for a
/// record too large for its 4-byte size, is over 4 GiB. 64 MiB of encoding from one
/// shared 4 KiB buffer, then a string too long for its `u8` prefix.
#[test]
fn encode_error_paths_allocate_nothing_for_the_encoding() {
    use std::rc::Rc;
    #[derive(Packed, Debug)]
    struct Shared {
        chunks: Vec<Rc<Vec<u8>>>,
        #[packed(len = "u8")]
        name: String,
    }
    let chunk = Rc::new(vec![7u8; 4096]);
    let value = Shared {
        chunks: vec![chunk; 16 * 1024],
        name: "n".repeat(256),
    };
    let (r, peak) = measure(|| ::packed_core::encoded_len(&value));
    let e = r.unwrap_err();
    assert_eq!(e.path(), Some("name"));
    assert!(
        matches!(e.kind(), EncodeError::LengthTooLarge { len: 256, .. }),
        "{e}"
    );
    // The error's box and path; before, the search's copy of all 64 MiB and a span
    // with its path per chunk.
    assert!(peak <= 4096, "{peak} bytes");
}

// ---------------------------------------------------------------------------------------
// Bit packing
// ---------------------------------------------------------------------------------------

/// A bit-packed record decodes from a slice without copying it: nothing is allocated
/// on the bit path (the session's reader lives on the stack and reads the input in
/// place; a `&str` at a byte boundary is borrowed), and what is allocated is what the
/// decoded values own: a `String` its bytes, a `Vec<u16>` of ranged ids its elements.
#[test]
fn bit_packed_decoding_allocates_only_what_values_own() {
    #[derive(Packed, Debug, PartialEq)]
    #[packed(bitpack)]
    struct Borrowed<'a> {
        flag: bool,
        #[packed(range = "-1000.0..=1000.0", precision = 0.01)]
        x: f32,
        #[packed(range = "0..=100")]
        health: u8,
        #[packed(align)]
        name: &'a str,
        #[packed(entropy = [80, 443])]
        port: u16,
        maybe: Option<u32>,
    }
    let v = Borrowed {
        flag: true,
        x: 12.5,
        health: 73,
        name: "a name of some length",
        port: 8080,
        maybe: Some(7),
    };
    let bytes = packed_core::to_vec(&v).unwrap();
    let (back, peak) = measure(|| packed_core::from_slice::<Borrowed<'_>>(&bytes));
    assert_eq!(back.unwrap().name, v.name);
    assert_eq!(peak, 0);

    #[derive(Packed, Debug, PartialEq)]
    #[packed(bitpack)]
    struct Owned {
        flag: bool,
        name: String,
        #[packed(max = 8, range = "0..=1023")]
        items: Vec<u16>,
    }
    let v = Owned {
        flag: true,
        name: "twelve bytes".into(),
        items: vec![1, 2, 1023],
    };
    // The string's bytes (between byte boundaries: read in words into its buffer) and
    // the three ids, reserved once.
    let bytes = packed_core::to_vec(&v).unwrap();
    let (back, peak) = measure(|| packed_core::from_slice::<Owned>(&bytes));
    assert_eq!(back.unwrap(), v);
    assert_eq!(peak, 12 + 3 * 2);
}

/// A bit-coded sequence (a `Vec` of ranged integers) from a stream reserves as any
/// other sequence does, at most 64 KiB of elements ahead of the input: its claim was
/// made for a stand-in element of no size, which a stream's rule reserves in full, so
/// a prefix of 2^30 - 1 two-bit ids held a gigabyte (`u16` ids) before the first read.
#[test]
fn bit_coded_sequences_from_streams_reserve_one_chunk() {
    const CHUNK: usize = 64 * 1024;
    #[derive(Packed, Debug)]
    #[packed(bitpack)]
    struct Ids {
        #[packed(range = "0..=3")]
        ids: Vec<u16>,
    }
    #[derive(Packed, Debug)]
    #[packed(bitpack)]
    struct Points {
        #[packed(range = "-1.0..=1.0", bits = 4)]
        xs: Vec<f64>,
    }
    // 2^30 - 1 elements claimed (Bitsery's compact size, at bit 0), then 16 bytes.
    let input = [&[0xFFu8; 4][..], &[0; 16]].concat();
    let (r, peak) = measure(|| packed_core::from_reader::<Ids, _>(Cursor::new(&input[..])));
    let r = r.map_err(packed_core::Error::into_kind);
    assert!(
        matches!(r, Err(DecodeError::UnexpectedEndOfBits { .. })),
        "{r:?}"
    );
    assert!(peak <= CHUNK, "Vec<u16> of ranged ids: {peak}");
    let (r, peak) = measure(|| packed_core::from_reader::<Points, _>(Cursor::new(&input[..])));
    let r = r.map_err(packed_core::Error::into_kind);
    assert!(
        matches!(r, Err(DecodeError::UnexpectedEndOfBits { .. })),
        "{r:?}"
    );
    assert!(peak <= CHUNK, "Vec<f64> of quantised floats: {peak}");
    // From the slice, the claim is refused before anything is allocated.
    let (r, peak) = measure(|| packed_core::from_slice::<Ids>(&input));
    assert!(r.is_err());
    assert_eq!(peak, 0);
}

/// Sets and maps of entries of no size (`HashSet<()>`, a set of a unit struct) from a
/// stream reserve as other sequences do: a stream's claim reserved every element a
/// prefix claims where the element has no size, which costs a `Vec` nothing but costs
/// a hash table a control byte per bucket, so a 4-byte prefix held 2 GiB.
#[test]
fn zero_sized_entries_from_streams_reserve_one_chunk() {
    const CHUNK: usize = 64 * 1024;
    #[derive(Packed, Debug, PartialEq, Eq, Hash)]
    struct Marker;
    // 2^30 - 1 entries claimed, then 4 bytes.
    let input = [0xFFu8, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0];
    let (r, peak) = measure(|| {
        packed_core::from_reader::<std::collections::HashSet<()>, _>(Cursor::new(&input[..]))
    });
    // The second `()` is the first one again.
    assert_eq!(
        r.map_err(packed_core::Error::into_kind),
        Err(DecodeError::DuplicateKey { offset: 4 })
    );
    assert!(peak <= 3 * CHUNK, "HashSet<()>: {peak}");
    let (r, peak) =
        measure(|| packed_core::from_reader::<HashMap<Marker, ()>, _>(Cursor::new(&input[..])));
    assert_eq!(
        r.map_err(packed_core::Error::into_kind),
        Err(DecodeError::DuplicateKey { offset: 4 })
    );
    assert!(peak <= 3 * CHUNK, "HashMap<Marker, ()>: {peak}");
    // A vector of them holds nothing, and the budget stops it.
    let (r, peak) = measure(|| packed_core::from_reader::<Vec<()>, _>(Cursor::new(&input[..])));
    assert!(matches!(
        r.map_err(packed_core::Error::into_kind),
        Err(DecodeError::ZeroWidthLimitExceeded { .. })
    ),);
    assert_eq!(peak, 0);
}

/// Every collection decoded from a stream whose every length prefix claims 2^30 - 1
/// elements (all bytes 0xFF, Bitsery's compact prefix): whatever the nesting, the
/// sequences being decoded reserve at most 64 KiB ahead together, and a vector of bytes
/// reads its 64 KiB step (held twice while it moves), so no decode holds more than three
/// chunks, however the collection allocates.
#[test]
fn every_collection_from_a_hostile_stream_stays_within_its_chunks() {
    use std::collections::{BTreeSet, VecDeque};
    const CHUNK: usize = 64 * 1024;
    let input = [0xFFu8; 64];
    type Decoder = fn(Cursor<&[u8]>) -> Result<(), DecodeError>;
    let types: [(&str, Decoder); 20] = [
        ("Vec<u16>", decode_kind::<Vec<u16>>),
        ("Vec<Vec<u8>>", decode_kind::<Vec<Vec<u8>>>),
        ("Vec<Vec<u64>>", decode_kind::<Vec<Vec<u64>>>),
        ("Vec<String>", decode_kind::<Vec<String>>),
        (
            "Vec<Option<[u64; 8]>>",
            decode_kind::<Vec<Option<[u64; 8]>>>,
        ),
        ("VecDeque<u32>", decode_kind::<VecDeque<u32>>),
        ("Box<[u64]>", decode_kind::<Box<[u64]>>),
        (
            "BTreeMap<u8, Vec<u32>>",
            decode_kind::<BTreeMap<u8, Vec<u32>>>,
        ),
        ("BTreeSet<Vec<u16>>", decode_kind::<BTreeSet<Vec<u16>>>),
        (
            "HashMap<u8, Vec<u64>>",
            decode_kind::<HashMap<u8, Vec<u64>>>,
        ),
        ("HashSet<Vec<u8>>", decode_kind::<HashSet<Vec<u8>>>),
        ("HashSet<()>", decode_kind::<HashSet<()>>),
        ("IndexMap<u8, u8>", decode_kind::<IndexMap<u8, u8>>),
        ("IndexSet<Vec<u32>>", decode_kind::<IndexSet<Vec<u32>>>),
        ("Vec<HashSet<u8>>", decode_kind::<Vec<HashSet<u8>>>),
        (
            "Vec<IndexMap<u8, u8>>",
            decode_kind::<Vec<IndexMap<u8, u8>>>,
        ),
        (
            "smallvec::SmallVec<[u64; 2]>",
            decode_kind::<smallvec::SmallVec<[u64; 2]>>,
        ),
        ("bytes::Bytes", decode_kind::<bytes::Bytes>),
        ("Vec<(u8, String)>", decode_kind::<Vec<(u8, String)>>),
        ("String", decode_kind::<String>),
    ];
    for (name, decode) in types {
        let (r, peak) = measure(|| decode(Cursor::new(&input[..])));
        assert!(r.is_err(), "{name}: {r:?}");
        println!("{name}: {peak}");
        assert!(peak <= 3 * CHUNK, "{name}: {peak}");
    }
}

// ---------------------------------------------------------------------------------------
// Users' shapes on mutated input, through every entry point
// ---------------------------------------------------------------------------------------

/// Shapes of users' code (recursion through `Vec<Self>` and `Option<Box<Self>>`, smart
/// pointers, boxed slices, `Cow`, maps with their own hasher, nested tuples, an enum
/// tree, growable and bit-packed records) under mutation: every truncation, every bit
/// of the first 64 bytes flipped, huge length prefixes inserted and written over at
/// each of the first 64 positions, and random byte edits. Every entry point (slice,
/// stream whole and a byte at a time, in place, the `tokio` codec) gives a typed error
/// or a value, never a panic, and holds at most `256 n + 64 KiB` from a slice or in
/// place (the bound of the search for an error's field path, which these top-level
/// functions run: `error_paths_allocate_in_proportion_to_the_input`; the decode alone
/// holds far less) and `64 n + 192 KiB + 8 KiB` from a stream or the codec (a stream's
/// sequences reserve up to 64 KiB ahead and grow by doubling past it). Measured (about
/// 7,000 inputs of up to 260 bytes): at most 32,669 bytes from a slice (`Node` under
/// YAS, most of it the search) and 68,960 from a stream (the reserve). Nothing found.
#[test]
fn user_shapes_on_mutated_input() {
    use std::borrow::Cow;
    use std::collections::{BTreeSet, VecDeque};
    use std::rc::Rc;
    use std::sync::Arc;
    use tokio_util::codec::Decoder;

    #[derive(Packed, Debug, PartialEq, Default)]
    struct Node {
        v: u8,
        kids: Vec<Node>,
        next: Option<Box<Self>>,
        name: String,
    }
    #[derive(Clone, Default)]
    struct Hasher;
    impl std::hash::BuildHasher for Hasher {
        type Hasher = std::collections::hash_map::DefaultHasher;
        fn build_hasher(&self) -> Self::Hasher {
            Self::Hasher::default()
        }
    }
    #[derive(Packed, Debug, PartialEq, Default)]
    struct Mix {
        a: Box<[String]>,
        b: Rc<[u16]>,
        c: Arc<str>,
        d: BTreeMap<String, Vec<u8>>,
        e: HashMap<u16, BTreeSet<u8>, Hasher>,
        f: VecDeque<(u8, String)>,
        g: Option<Option<Vec<u32>>>,
        h: [Vec<u8>; 3],
        i: (Vec<String>, (u8, HashSet<String>)),
        j: Cow<'static, str>,
    }
    #[derive(Packed, Debug, PartialEq)]
    enum Tree {
        Leaf(u32),
        Branch(Vec<Tree>),
        Pair(Box<Tree>, Box<Tree>),
        Named { s: String, t: Option<Box<Tree>> },
    }
    impl Default for Tree {
        fn default() -> Self {
            Tree::Leaf(0)
        }
    }
    #[derive(Packed, Debug, PartialEq, Default)]
    #[packed(growable)]
    struct Grows {
        a: u32,
        b: Vec<Grows>,
        c: String,
    }
    #[derive(Packed, Debug, PartialEq, Default)]
    #[packed(bitpack)]
    struct Bits {
        #[packed(range = "0..=100")]
        a: u8,
        b: bool,
        #[packed(max = 10)]
        s: Vec<String>,
        #[packed(max = 8, range = "0..=1023")]
        items: Vec<u16>,
        c: Vec<Vec<bool>>,
    }

    struct Dribble<'a>(&'a [u8]);
    impl std::io::Read for Dribble<'_> {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            let n = self.0.len().min(1).min(out.len());
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    impl std::io::BufRead for Dribble<'_> {
        fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
            Ok(&self.0[..self.0.len().min(1)])
        }
        fn consume(&mut self, n: usize) {
            self.0 = &self.0[n..];
        }
    }

    fn mutants(valid: &[u8], rng: &mut packed_tests::Rng) -> Vec<Vec<u8>> {
        let mut out: Vec<Vec<u8>> = (0..valid.len()).map(|cut| valid[..cut].to_vec()).collect();
        for i in 0..valid.len().min(64) {
            for bit in 0..8 {
                let mut m = valid.to_vec();
                m[i] ^= 1 << bit;
                out.push(m);
            }
        }
        let huge: [&[u8]; 7] = [
            &[0xff, 0xff, 0xff, 0xff],
            &[0xbf, 0xff],
            &[0x7f],
            &[0xff; 8],
            &[0, 0, 0, 0x40, 0, 0, 0, 0],
            &[0xff, 0xff, 0xff, 0x0f],
            &[0x80, 0x80, 0x80, 0x80, 0x04],
        ];
        for i in 0..=valid.len().min(64) {
            for h in huge {
                let mut m = valid.to_vec();
                m.splice(i..i, h.iter().copied());
                out.push(m);
                let mut m = valid.to_vec();
                let end = (i + h.len()).min(m.len());
                m.splice(i..end, h.iter().copied());
                out.push(m);
            }
        }
        for _ in 0..200 {
            let mut m = valid.to_vec();
            for _ in 0..1 + rng.below(4) {
                if m.is_empty() {
                    break;
                }
                let i = rng.below(m.len());
                match rng.below(4) {
                    0 => m[i] = rng.byte(),
                    1 => m[i] = [0, 0xff, 0x7f, 0x80, 1][rng.below(5)],
                    2 => m.insert(i, rng.byte()),
                    _ => {
                        m.remove(i);
                    }
                }
            }
            out.push(m);
        }
        out
    }

    /// The largest peaks (from slices and in place; from streams and the codec).
    fn hammer<T, L: Layout>(name: &str, values: &[T]) -> (usize, usize)
    where
        T: Encode + packed_core::DecodeOwned + Debug + PartialEq + Default,
    {
        let cfg = ::packed_core::with::<L>();
        let mut rng = packed_tests::Rng(0x05ee_d0f5_a9e5);
        let mut worst = (0, 0);
        for v in values {
            let valid = cfg.to_vec(v).unwrap();
            assert_eq!(&cfg.from_slice::<T>(&valid).unwrap(), v, "{name}");
            for m in mutants(&valid, &mut rng) {
                let n = m.len();
                let slices: [&dyn Fn() -> bool; 2] = [&|| cfg.from_slice::<T>(&m).is_ok(), &|| {
                    cfg.from_slice_into(&m, &mut T::default()).is_ok()
                }];
                let streams: [&dyn Fn() -> bool; 3] = [
                    &|| cfg.from_reader::<T, _>(&m[..]).is_ok(),
                    &|| cfg.from_reader::<T, _>(&mut Dribble(&m)).is_ok(),
                    &|| {
                        let mut codec = ::packed_core::tokio::Codec::<T>::new().layout::<L>();
                        let mut frame = bytes::BytesMut::new();
                        frame.extend_from_slice(&u32::try_from(n).unwrap().to_be_bytes());
                        frame.extend_from_slice(&m);
                        codec.decode(&mut frame).is_ok()
                    },
                ];
                for (i, run) in slices.iter().chain(&streams).enumerate() {
                    let (r, peak) = measure(|| std::panic::catch_unwind(AssertUnwindSafe(run)));
                    assert!(r.is_ok(), "{name}: entry point {i} panicked on {m:02x?}");
                    let (bound, worst) = if i < slices.len() {
                        (256 * n + 64 * 1024, &mut worst.0)
                    } else {
                        (64 * n + 192 * 1024 + 8192, &mut worst.1)
                    };
                    assert!(
                        peak <= bound,
                        "{name}: entry point {i} held {peak} on {m:02x?}"
                    );
                    *worst = (*worst).max(peak);
                }
            }
        }
        (worst.0, worst.1)
    }
    use std::panic::AssertUnwindSafe;

    fn node(d: u8) -> Node {
        Node {
            v: d,
            kids: if d > 0 {
                vec![node(d - 1), node(d - 1)]
            } else {
                vec![]
            },
            next: (d > 1).then(|| Box::new(node(d - 2))),
            name: "n".repeat(d.into()),
        }
    }
    let mix = Mix {
        a: vec!["a".into(), "bc".into()].into(),
        b: vec![1u16, 2].into(),
        c: "xy".into(),
        d: [("k".into(), vec![1, 2])].into_iter().collect(),
        e: [(1u16, [1u8, 2].into_iter().collect())]
            .into_iter()
            .collect(),
        f: [(1, "z".into())].into_iter().collect(),
        g: Some(Some(vec![5])),
        h: [vec![1], vec![], vec![2, 3]],
        i: (
            vec!["q".into()],
            (3, ["w".to_string()].into_iter().collect()),
        ),
        j: Cow::Owned("j".into()),
    };
    let tree = Tree::Branch(vec![
        Tree::Leaf(1),
        Tree::Pair(
            Box::new(Tree::Leaf(2)),
            Box::new(Tree::Named {
                s: "s".into(),
                t: Some(Box::new(Tree::Leaf(3))),
            }),
        ),
    ]);
    let grows = Grows {
        a: 1,
        b: vec![Grows {
            a: 2,
            b: vec![],
            c: "x".into(),
        }],
        c: "yy".into(),
    };
    let bits = Bits {
        a: 5,
        b: true,
        s: vec!["ab".into()],
        items: vec![1, 1000],
        c: vec![vec![true, false]],
    };
    let peaks = [
        (
            "Node",
            hammer::<Node, Bitsery>("Node", &[Node::default(), node(3)]),
        ),
        (
            "Node, varint",
            hammer::<Node, Varint>("Node, varint", &[node(3)]),
        ),
        ("Node, YAS", hammer::<Node, Yas>("Node, YAS", &[node(2)])),
        ("Mix", hammer::<Mix, Bitsery>("Mix", &[Mix::default(), mix])),
        ("Tree", hammer::<Tree, YasCompacted>("Tree", &[tree])),
        ("Grows", hammer::<Grows, Bitsery>("Grows", &[grows])),
        ("Bits", hammer::<Bits, Bitsery>("Bits", &[bits])),
    ];
    for (name, (slice, stream)) in peaks {
        println!("{name}: largest peak {slice} bytes from a slice, {stream} from a stream");
    }
}
