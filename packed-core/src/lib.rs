//! Positional, fixed-width packed binary records, byte-compatible with the C++
//! libraries [Bitsery] and [YAS].
//!
//! `#[derive(Packed)]` writes a type's fields in declaration order, integers at full
//! width, little-endian by default, with no names and no tags. Attributes choose the
//! framing, the size/speed trade-off: Bitsery's 1/2/4-byte length prefixes (the
//! default), YAS's 8-byte lengths and 7-byte header, YAS's compacted integers, LEB128,
//! big-endian, or fixed `u8`..`u64` prefixes per type or per field.
//!
//! ```
//! use packed_core::Packed;
//!
//! #[derive(Packed, Debug, PartialEq)]
//! struct Item { sku: String, qty: i32, price_minor: i64 }
//!
//! let item = Item { sku: "hi".into(), qty: 1, price_minor: -2 };
//! let bytes = packed_core::to_vec(&item)?;
//! assert_eq!(bytes, [2, b'h', b'i', 1, 0, 0, 0, 0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]);
//! assert_eq!(packed_core::from_slice::<Item>(&bytes)?, item);
//!
//! // The same record under YAS's layout: header, 8-byte length.
//! let yas = packed_core::to_vec_as::<packed_core::layout::Yas, _>(&item)?;
//! assert_eq!(&yas[..7], b"yas0017");
//! assert_eq!(yas.len(), 7 + 8 + 2 + 4 + 8);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Attributes
//!
//! On a struct or enum (each sets the framing of that type's own fields; a nested type
//! with attributes of its own keeps them, one without any takes its parent's):
//!
//! | attribute | values | default |
//! |---|---|---|
//! | `len` | `"compact"` (Bitsery), `"u8"`, `"u16"`, `"u32"`, `"u64"` (YAS), `"varint"` (LEB128), `"yas-compacted"`, or a path to a [`LenPrefix`](len::LenPrefix) type | `"compact"` |
//! | `int` | `"fixed"`, `"yas-compacted"`, `"varint"` (zigzag for signed) | `"fixed"` |
//! | `endian` | `"little"`, `"big"` | `"little"` |
//! | `header` | `"none"`, `"yas"` (written when the type is the top-level message) | `"none"` |
//! | `enums` | `"plain"`, `"yas"` (YAS's size byte before a raw `#[repr]` enum, none inside a slice, `Vec` or array; below) | `"plain"` |
//! | `layout` | `"bitsery"`, `"yas"`, `"yas-noheader"`, `"yas-compacted"`, `"varint"`: sets all five; keys given beside it override | |
//! | `tag` | (enums) width of the variant index: `"u8"`, `"u16"`, `"u32"` | `"u8"` |
//! | `kind` | an integer, the type's [`Kind`] for envelopes | |
//! | `crate` | path to `packed_core` if renamed | `::packed_core` |
//! | `bound` | where-predicates replacing the inferred bounds of both impls (e.g. `"T: packed_core::Packed"`; the `Decode` impl's input lifetime is named `'__de`) | `T: Encode` / `T: Decode<'__de>` for each type parameter used in a written field |
//!
//! On a field: `len` (overrides every length prefix in the field's value), `max = N`
//! (checked on encode and decode, like Bitsery's `maxSize`), `skip` (not written;
//! `Default::default()` on decode), `with = "module"` (`module::encode` and
//! `module::decode`, with the signatures of [`Encode::encode`] and [`Decode::decode`]).
//!
//! Maps and sets are a length, then their entries in iteration order: `BTreeMap` and
//! `BTreeSet` give the same bytes for the same contents, `HashMap` and `HashSet` need not
//! (their order depends on the hasher's seed); use the B-tree types where bytes are
//! compared or hashed. Decoding refuses a key that comes twice
//! ([`DecodeError::DuplicateKey`]); entries that may repeat (a C++ `std::multimap`)
//! decode as `Vec<(K, V)>`, which is written the same way.
//!
//! Fieldless enums with `#[repr(u8)]`..`#[repr(i64)]` are written as that integer, as
//! Bitsery writes enums. Other enums write the variant's index (`tag`), then its fields.
//!
//! Under `enums = "yas"` (the YAS layouts) they follow YAS, which copies an enum as raw
//! memory where it can: a one-byte enum always, a wider one under `yas` and
//! `yas-noheader` (neither compacted nor big-endian); signedness plays no part.
//! - A single enum (a field, an `Option`'s value, an element of a `VecDeque`, set or
//!   map): where raw, a size byte (the enum's size) then its bytes, little-endian;
//!   otherwise its integer in the layout's form (compacted, big-endian).
//! - The elements of a slice, `Vec`, `Box<[T]>` or array: where raw, the bytes alone,
//!   **no size byte** per element, since YAS copies a `std::vector`, `std::array` or C
//!   array of them in one piece; otherwise each one's integer, as alone. A `VecDeque`
//!   is YAS's `std::deque`, which writes one element at a time, so it keeps the size
//!   bytes. A fixed array `[E; N]` writes no length (where YAS's `std::array` writes
//!   `N`), and its elements as a `Vec`'s.
//!
//! | `#[repr(i16)]`, value `-32768` | `yas` / `yas-noheader` | `yas-compacted` | `yas` + `endian = "big"` |
//! |---|---|---|---|
//! | alone, in an `Option`, in a `VecDeque` | `02 00 80` | `82 00 80` | `80 00` |
//! | in a `Vec`, slice or array | `00 80` | `82 00 80` | `80 00` |
//!
//! # Speed
//!
//! - Slices of numbers (`Vec<f32>`, `[u16; 64]`) are one copy each way where the layout
//!   writes integers at full width in the host's byte order.
//! - A derived struct whose memory is its encoding (numbers and arrays of them, no
//!   padding: a vertex, a triangle) is a *memory image*: a `Vec` of them is one copy
//!   each way too. The derive proves it to the compiler from the fields' own proofs,
//!   the struct's size and its field offsets, and emits one `unsafe` block resting on
//!   that proof (it compiles under `#![forbid(unsafe_code)]`, as `bytemuck`'s derives
//!   do); there is nothing to opt into.
//! - Any other derived struct whose encoded size is fixed under the layout (with
//!   `bool`s, `char`s, tuples, padding: an address, a flagged sample) is written as one
//!   run and read from one borrowed slice, so its fields cost no bounds checks of their
//!   own; so are runs of consecutive scalar fields inside larger structs (`qty` and
//!   `price` of a line item; a sensor frame's forty readings).
//! - The bytes and the errors (with their offsets) are always those of the
//!   field-by-field path, which streams and [`explain`] use.
//! - Strings are short in most records, and a call to `memcpy` for a dozen bytes costs
//!   more than the copy: writing to a `Vec<u8>`, and decoding an owned `String`, move a
//!   string of 4 to 32 bytes as two overlapping words. ASCII strings are checked in
//!   words too; only a string with a byte from 0x80 up goes to `core::str::from_utf8`.
//! - A decoded element is written straight into its `Vec`: the vector grows before the
//!   element is built, so it is not built in a temporary and then copied over.
//! - `&str` and `&[u8]` fields borrow from the input; [`from_slice_into`] decodes into an
//!   existing value and reuses its `String`s and `Vec`s.
//!
//! # Safety on hostile input
//!
//! Decoding never panics, never allocates for more elements than the remaining input
//! could hold, and limits nesting depth ([`Limits`]). Errors say what and where
//! ([`DecodeError::offset`]).
//!
//! The input is counted once however deep the nesting. A sequence whose elements may
//! hold sequences themselves promises each element's least encoded size
//! ([`Decode::MIN_WIRE`]) to it until the element starts, and such a sequence's length
//! is checked against the bytes left that no enclosing sequence has promised, so a
//! nested claim cannot reserve what the later elements around it need: if it asks for
//! more, the input cannot hold both, and it is [`DecodeError::LengthExceedsInput`] at
//! its prefix. (A sequence of elements without sequences, the innermost, is the only
//! one reserving while it is decoded; it is checked against all the bytes left, as a
//! string is.) A stream, whose length is unknown, reserves at most 64 KiB ahead of the
//! input for all its sequences together.
//!
//! Elements that encode to nothing (`()`, structs whose fields are all skipped) take no
//! input, so they are bounded per document instead, by
//! [`Limits::max_zero_width_elements`] (default 4096): every such element counts, in
//! any sequence, array, map or set at any depth, and a sequence of a type that may
//! encode to nothing reserves at most one element per byte left plus the count left; a
//! sequence of boxes, which may hold sequences, only one per unpromised byte (the count
//! is checked, never reserved ahead).
//!
//! Peak memory is then linear in the input, plus the budget times the element's size,
//! at any depth. `tests/memory.rs` measures it (peak live bytes, counting allocator)
//! with searches over hostile inputs:
//!
//! - elements that encode to nothing: inputs of 16, 201 and 1000 bytes, from slices and
//!   streams, budgets 4096 and 256, for `Vec<Z>`, `Vec<Vec<Z>>`, `Vec<Vec<Vec<Z>>>`,
//!   `Vec<()>`, boxes, arrays, tuples, maps and structs of them (`Z`: 64 bytes of
//!   skipped fields): from slices `peak <= k n + s B + 4096`, from streams
//!   `peak <= 3 (k n + s B) + 192 KiB + 4096`, where `n` is the input length, `B` the
//!   budget, `s` the zero-width element's size and `k` the bytes per input byte of the
//!   structure around it (64 for `Vec<Z>`, 88 for `Vec<Vec<Z>>`, at most 1544 among
//!   those tested);
//! - nesting: inputs of 16 to 4096 bytes, including chains of claims each as large as
//!   the bytes after it allow, from slices, in place ([`from_slice_into`]) and from
//!   streams, for recursive and nested types (`struct VecNode { kids: Vec<VecNode> }`,
//!   `struct BoxNode { kids: Vec<Box<BoxNode>> }`, lists of `Option<Box<_>>`, an enum
//!   tree with boxed children, `Vec<Vec<Vec<u8>>>`, a tree of `BTreeMap<String, _>` and
//!   a struct mixing them with a `HashMap`): `peak <= k n + c` with `k` and `c` worked
//!   out per type and way: from a slice `VecNode` holds at most 24 bytes per input byte
//!   and `BoxNode` 48, with `c = 0`; from a stream, where vectors grow as elements
//!   arrive, 72 and 48 bytes per input byte plus the 64 KiB reserve and a vector's
//!   first 4 slots per level. Valid chains 128 levels deep and trees 4000 wide of each
//!   type still decode.
//!
//! [Bitsery]: https://github.com/fraillt/bitsery
//! [YAS]: https://github.com/niXman/yas
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

extern crate alloc;

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;

mod ctx;
mod error;
mod explain;
mod image;
mod impls;
pub mod layout;
pub mod len;
pub mod num;
mod read;
mod run;
mod traits;
mod write;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

use alloc::vec::Vec;

pub use ctx::{Ctx, Cx, FieldLen, Forced, LenOverride, Mode, Native, NoOverride, Root, RootAs};
pub use error::{DecodeError, EncodeError};
pub use explain::{compare, explain, explain_as, Comparison, Explanation, RoleTotals, Span};
pub use layout::Layout;
pub use packed_derive::Packed;
#[cfg(feature = "std")]
pub use read::IoReader;
pub use read::{Limits, Reader, SliceReader};
pub use traits::{Decode, DecodeOwned, Encode, Kind, Packed};
#[cfg(feature = "std")]
pub use write::IoWriter;
pub use write::{PathSeg, Role, SizeCounter, Writer};

/// Writes `value`, with its header if its layout has one, under context `C` ([`Root`]
/// for a type's own attributes, [`RootAs<L>`] for layout `L`).
///
/// # Errors
/// As [`to_vec`].
#[inline]
pub fn encode_with<C: Ctx, T: Encode + ?Sized, W: Writer + ?Sized>(
    value: &T,
    w: &mut W,
) -> Result<(), EncodeError> {
    T::encode_header::<C, W>(w)?;
    value.encode::<C, W>(w)
}

/// Reads a value and its header, if its layout has one, under context `C`; leaves any
/// further input unread.
///
/// # Errors
/// As [`from_slice`], except that trailing input is not checked.
#[inline]
pub fn decode_with<'de, C: Ctx, T: Decode<'de>, R: Reader<'de> + ?Sized>(
    r: &mut R,
) -> Result<T, DecodeError> {
    T::decode_header::<C, R>(r)?;
    T::decode::<C, R>(r)
}

/// Encodes `value` into a new vector, sized exactly in advance.
///
/// # Errors
/// [`EncodeError::LengthTooLarge`] if a length does not fit its prefix,
/// [`EncodeError::LengthOverMax`] if it exceeds a field's `max`.
#[inline]
pub fn to_vec<T: Encode + ?Sized>(value: &T) -> Result<Vec<u8>, EncodeError> {
    to_vec_as_ctx::<Root, T>(value)
}

/// Appends the encoding of `value` to `buf` (reuse one buffer across calls to avoid
/// allocating) and returns how many bytes it wrote. On error `buf` is left as it was.
///
/// # Errors
/// As [`to_vec`].
#[inline]
pub fn encode_into<T: Encode + ?Sized>(value: &T, buf: &mut Vec<u8>) -> Result<usize, EncodeError> {
    encode_into_ctx::<Root, T>(value, buf)
}

/// The exact number of bytes [`to_vec`] would write, without writing them.
///
/// # Errors
/// As [`to_vec`].
#[inline]
pub fn encoded_len<T: Encode + ?Sized>(value: &T) -> Result<usize, EncodeError> {
    encoded_len_ctx::<Root, T>(value)
}

/// Decodes a `T` that must take up the whole of `bytes`. `T` may borrow from `bytes`
/// (`&str`, `&[u8]`, `Cow<str>`), without copying.
///
/// # Errors
/// [`DecodeError`] for malformed input, and [`DecodeError::TrailingBytes`] if bytes are
/// left over.
#[inline]
pub fn from_slice<'de, T: Decode<'de>>(bytes: &'de [u8]) -> Result<T, DecodeError> {
    from_slice_ctx::<Root, T>(bytes, Limits::DEFAULT)
}

/// As [`from_slice`], with explicit [`Limits`].
///
/// # Errors
/// As [`from_slice`], plus [`DecodeError::DepthLimitExceeded`] and
/// [`DecodeError::ByteLimitExceeded`] at the limits.
#[inline]
pub fn from_slice_with_limits<'de, T: Decode<'de>>(
    bytes: &'de [u8],
    limits: Limits,
) -> Result<T, DecodeError> {
    from_slice_ctx::<Root, T>(bytes, limits)
}

/// Decodes `bytes` into an existing value, reusing its `String`s and `Vec`s: the
/// allocation-free way to decode a stream of messages of one type.
///
/// # Errors
/// As [`from_slice`]. On error `value` is valid but unspecified.
#[inline]
pub fn from_slice_into<'de, T: Decode<'de>>(
    bytes: &'de [u8],
    value: &mut T,
) -> Result<(), DecodeError> {
    let mut r = SliceReader::new(bytes);
    T::decode_header::<Root, _>(&mut r)?;
    value.decode_in_place::<Root, _>(&mut r)?;
    finish(&r)
}

/// Decodes one `T` from the front of `bytes` and returns it with the rest.
///
/// # Errors
/// As [`from_slice`], except that trailing input is returned, not an error.
#[inline]
pub fn take_from_slice<'de, T: Decode<'de>>(
    bytes: &'de [u8],
) -> Result<(T, &'de [u8]), DecodeError> {
    let mut r = SliceReader::new(bytes);
    let v = decode_with::<Root, T, _>(&mut r)?;
    Ok((v, r.rest()))
}

/// Encodes `value` under layout `L` instead of its own attributes.
///
/// The rule: `L` replaces the container-level layout of every type in the value's tree
/// (the value's own and its nested types'); field-level attributes (`len`, `max`) keep
/// their setting. So one type can be compared under every layout without a second
/// declaration.
///
/// ```
/// use packed_core::{layout, Packed};
///
/// #[derive(Packed)]
/// struct Msg { name: String }
///
/// let m = Msg { name: "hi".into() };
/// assert_eq!(packed_core::to_vec_as::<layout::Bitsery, _>(&m)?.len(), 1 + 2);
/// assert_eq!(packed_core::to_vec_as::<layout::YasNoHeader, _>(&m)?.len(), 8 + 2);
/// assert_eq!(packed_core::to_vec_as::<layout::Yas, _>(&m)?.len(), 7 + 8 + 2);
/// # Ok::<(), packed_core::EncodeError>(())
/// ```
///
/// # Errors
/// As [`to_vec`].
#[inline]
pub fn to_vec_as<L: Layout, T: Encode + ?Sized>(value: &T) -> Result<Vec<u8>, EncodeError> {
    to_vec_as_ctx::<RootAs<L>, T>(value)
}

/// [`encoded_len`] under layout `L` (see [`to_vec_as`]).
///
/// # Errors
/// As [`to_vec`].
#[inline]
pub fn encoded_len_as<L: Layout, T: Encode + ?Sized>(value: &T) -> Result<usize, EncodeError> {
    encoded_len_ctx::<RootAs<L>, T>(value)
}

/// [`encode_into`] under layout `L` (see [`to_vec_as`]).
///
/// # Errors
/// As [`to_vec`].
#[inline]
pub fn encode_into_as<L: Layout, T: Encode + ?Sized>(
    value: &T,
    buf: &mut Vec<u8>,
) -> Result<usize, EncodeError> {
    encode_into_ctx::<RootAs<L>, T>(value, buf)
}

/// Decodes bytes written by [`to_vec_as::<L>`](to_vec_as).
///
/// # Errors
/// As [`from_slice`].
#[inline]
pub fn from_slice_as<'de, L: Layout, T: Decode<'de>>(bytes: &'de [u8]) -> Result<T, DecodeError> {
    from_slice_ctx::<RootAs<L>, T>(bytes, Limits::DEFAULT)
}

#[inline]
fn to_vec_as_ctx<C: Ctx, T: Encode + ?Sized>(value: &T) -> Result<Vec<u8>, EncodeError> {
    let mut buf = Vec::with_capacity(encoded_len_ctx::<C, T>(value)?);
    encode_with::<C, T, _>(value, &mut buf)?;
    Ok(buf)
}

#[inline]
fn encode_into_ctx<C: Ctx, T: Encode + ?Sized>(
    value: &T,
    buf: &mut Vec<u8>,
) -> Result<usize, EncodeError> {
    let start = buf.len();
    match encode_with::<C, T, _>(value, buf) {
        Ok(()) => Ok(buf.len() - start),
        Err(e) => {
            buf.truncate(start);
            Err(e)
        }
    }
}

#[inline]
fn encoded_len_ctx<C: Ctx, T: Encode + ?Sized>(value: &T) -> Result<usize, EncodeError> {
    let mut counter = SizeCounter::default();
    encode_with::<C, T, _>(value, &mut counter)?;
    Ok(counter.len)
}

#[inline]
fn from_slice_ctx<'de, C: Ctx, T: Decode<'de>>(
    bytes: &'de [u8],
    limits: Limits,
) -> Result<T, DecodeError> {
    // The value must take up the whole input, so input beyond the limit can never be
    // valid; refusing it here also keeps the reader from mistaking the limit for the end
    // of the input (a value ending exactly at the limit, a length checked against it).
    if bytes.len() > limits.max_bytes {
        return Err(DecodeError::ByteLimitExceeded {
            offset: limits.max_bytes,
            limit: limits.max_bytes,
        });
    }
    let mut r = SliceReader::with_limits(bytes, limits);
    let v = decode_with::<C, T, _>(&mut r)?;
    finish(&r)?;
    Ok(v)
}

#[inline]
fn finish(r: &SliceReader<'_>) -> Result<(), DecodeError> {
    match r.rest().len() {
        0 => Ok(()),
        remaining => Err(DecodeError::TrailingBytes {
            offset: r.offset(),
            remaining,
        }),
    }
}

/// Encodes `value` into a [`std::io::Write`] sink and returns the bytes written.
///
/// # Errors
/// As [`to_vec`], plus [`EncodeError::Io`].
#[cfg(feature = "std")]
pub fn to_writer<T: Encode + ?Sized, W: std::io::Write>(
    value: &T,
    sink: W,
) -> Result<usize, EncodeError> {
    let mut w = IoWriter::new(sink);
    encode_with::<Root, T, _>(value, &mut w)?;
    Ok(w.written())
}

/// Decodes one owned value from a [`std::io::Read`] source. Reads exactly the value's
/// bytes, so several messages can follow each other in one stream.
///
/// # Errors
/// As [`from_slice`] (without the trailing-bytes check), plus [`DecodeError::Io`].
#[cfg(feature = "std")]
pub fn from_reader<T: DecodeOwned, R: std::io::Read>(source: R) -> Result<T, DecodeError> {
    from_reader_with_limits(source, Limits::DEFAULT)
}

/// As [`from_reader`], with explicit [`Limits`].
///
/// # Errors
/// As [`from_reader`], plus the limit errors.
#[cfg(feature = "std")]
pub fn from_reader_with_limits<T: DecodeOwned, R: std::io::Read>(
    source: R,
    limits: Limits,
) -> Result<T, DecodeError> {
    let mut r = IoReader::with_limits(source, limits);
    decode_with::<Root, T, _>(&mut r)
}
