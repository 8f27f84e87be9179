//! Any serde type under any layout (feature `serde`): a positional `Serializer` and
//! `Deserializer` for types that implement serde's traits, not this crate's.
//!
//! A type that derives `Serialize` and `Deserialize` is written as `#[derive(Packed)]`
//! would write it: struct fields in order, sequences, strings and maps with the
//! layout's length prefix, options with the flag byte, enum variants with the derive's
//! default tag (a `std::variant` index: Bitsery's size prefix form, or one byte under
//! YAS), integers by the layout's integer codec, and the layout's header (YAS's
//! `yas0017`) before a top-level message. Each goes through the same writer and reader
//! as the derived form, so a type that derives both gives the same bytes under every
//! layout, with one exception: serde passes fixed arrays and tuples alike through
//! `serialize_tuple`, and they are written as bare elements (Bitsery's form). Under the
//! YAS layouts, which follow YAS's conventions, the derive writes a `[T; N]` as a
//! `std::array` (a length first) and a tuple with YAS's count byte, so a type holding
//! arrays or tuples has other bytes there through serde.
//!
//! ```
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! struct Item { sku: String, qty: i32, tags: Vec<u8> }
//!
//! let item = Item { sku: "hi".into(), qty: 1, tags: vec![7] };
//! let bytes = packed_core::serde::to_vec(&item)?;
//! assert_eq!(bytes, [2, b'h', b'i', 1, 0, 0, 0, 1, 7]);
//! assert_eq!(packed_core::serde::from_slice::<Item>(&bytes)?, item);
//!
//! // Under YAS's layout: its header and 8-byte lengths.
//! use packed_core::layout::Yas;
//! let yas = packed_core::serde::to_vec_as::<Yas, _>(&item)?;
//! assert_eq!(&yas[..7], b"yas0017");
//! assert_eq!(packed_core::serde::from_slice_as::<Yas, Item>(&yas)?, item);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The functions here are short forms of the crate's [`Config`](crate::Config) with
//! the [`Serde`] wrapper, which makes a serde type an [`Encode`]/[`Decode`] value:
//! `packed_core::serde::to_vec_as::<L, _>(v)` is
//! `packed_core::with::<L>().to_vec(&Serde(v))`. Through [`Serde`] a serde type also
//! goes wherever a packed value goes: limits, `to_slice`, streams of messages, the
//! `tokio` codec, `explain`.
//!
//! Inside a derived record, `#[packed(serde)]` on a field writes it through its serde
//! impls (the field's type need not implement [`Encode`]); the crate that uses it
//! enables this feature of `packed-core`:
//!
//! ```
//! use packed_core::Packed;
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! struct Foreign { a: u16, b: Option<String> }
//!
//! #[derive(Packed, Debug, PartialEq)]
//! struct Record {
//!     id: u32,
//!     #[packed(serde)]
//!     extra: Foreign,
//! }
//!
//! let r = Record { id: 1, extra: Foreign { a: 2, b: None } };
//! let bytes = packed_core::to_vec(&r)?;
//! assert_eq!(bytes, [1, 0, 0, 0, 2, 0, 0]);
//! assert_eq!(packed_core::from_slice::<Record>(&bytes)?, r);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What a positional format cannot represent
//!
//! Nothing in the bytes says which fields or variants are there, so what serde lets a
//! type decide at run time, and tells the format about, is an error naming the feature,
//! never bytes that decode to something else (but see [skips serde does not
//! report](#skips-serde-does-not-report)):
//!
//! | serde feature | error |
//! |---|---|
//! | `#[serde(skip_serializing_if = "...")]` on a named field, when it leaves the field out (present, the field is written as any other; on a tuple field, see [below](#skips-serde-does-not-report)) | [`EncodeError::SerdeUnsupported`] |
//! | `#[serde(flatten)]`, a map or sequence of unknown length | [`EncodeError::SerdeUnsupported`] |
//! | a struct writing another number of fields than it declares | [`EncodeError::SerdeUnsupported`] |
//! | an enum variant index above 255 under the YAS layouts (one byte) | [`EncodeError::VariantIndexTooLarge`] |
//! | `#[serde(untagged)]` and `#[serde(tag = "...")]` enums (also with `content`), `deserialize_any` (`serde_json::Value`, ...), `deserialize_ignored_any`, `deserialize_identifier` | [`DecodeError::SerdeUnsupported`] on decode |
//!
//! Untagged and tagged enums serialize as a plain struct or value would, so they are
//! caught when they are read back, not when written.
//!
//! A map's or set's entries go to the type's `Deserialize` impl, which decides what a
//! key that comes twice means: serde's impls for the standard maps and sets keep one
//! entry and decode the input, where the derived form refuses it
//! ([`DecodeError::DuplicateKey`]); the bridge sees the key's bytes, not the key.
//!
//! ## Skips serde does not report
//!
//! `skip_serializing_if` on a named field is caught because serde's derive reports
//! each field it leaves out (`SerializeStruct::skip_field`). What follows is not
//! reported to either side, and shifts every later read by the skipped part, to a
//! wrong value or to a later error that does not name the skip
//! ([`DecodeError::UnexpectedEnd`], [`DecodeError::TrailingBytes`], an unknown variant):
//!
//! - `skip_serializing_if` on a field of a tuple struct or tuple variant
//!   (`struct T(u8, #[serde(skip_serializing_if = "Option::is_none")] Option<u8>)`):
//!   serde's derive leaves the field out of the length it announces and calls nothing
//!   for it (tuples have no `skip_field`), so the shorter tuple is written without an
//!   error, and the reader, which reads every field, takes the next value's bytes;
//! - a field with `#[serde(skip_serializing)]` but not `skip_deserializing`: not
//!   written (the struct's declared field count leaves it out too), but read, so it
//!   takes the next field's bytes;
//! - a field with `#[serde(skip_deserializing)]` but not `skip_serializing`: written,
//!   but not read, so the next field reads its bytes;
//! - a variant with `#[serde(skip_deserializing)]`, or `#[serde(skip)]` (which is
//!   both): the writer numbers all variants, the reader only those it reads, so each
//!   later variant reads as the one after it, and the last as
//!   [`DecodeError::UnknownVariant`];
//! - a variant with `#[serde(skip_serializing)]` is serde's own error when written
//!   ([`EncodeError::SerdeCustom`], "cannot be serialized"); the other variants keep
//!   their indices, so nothing shifts.
//!
//! `#[serde(skip)]` on a field (both sides) shifts nothing: the field is neither
//! written nor read, and takes its default.
//!
//! A tag past the variants an enum reads is [`DecodeError::UnknownVariant`], also for
//! an enum with a `#[serde(other)]` variant: the bytes of an unknown variant's fields
//! follow its tag, and nothing says how many there are.
//!
//! serde does not say how small an element of a sequence or map may be, so a length
//! prefix is checked as for elements that may take no input: elements beyond the
//! bytes left count against [`Limits::max_zero_width_elements`](crate::Limits::max_zero_width_elements), and the
//! visitor is told to allocate for no more elements than bytes left.
//!
//! serde types may also recurse without a struct, enum or newtype between the levels
//! (`#[serde(transparent)] struct Tree(Vec<Tree>)`), so through serde every sequence,
//! map, tuple (fixed array) and `Some` is a level of nesting under
//! [`Limits::max_depth`](crate::Limits::max_depth), besides structs, enums and newtypes: a
//! million nested one-element sequences are [`DecodeError::DepthLimitExceeded`], not a
//! stack overflow. A serde type takes more of the depth than the derived type of the
//! same shape (a `Vec<Item>` field: two levels, not one).
//!
//! A `#[packed(serde)]` field of a `bitpack` type is written into the session as a
//! derived field of the same type would be: a `bool` in one bit, an `Option`'s flag in
//! one bit and the padding to the next byte, everything else as its bytes at the
//! current bit offset.
//!
//! Fieldless `#[repr(int)]` enums are where the two forms differ: serde's derive writes
//! the variant's index as the tag, not its discriminant in the layout's enum form.
//!
//! # Errors
//!
//! The functions here return the crate's [`Error`], as
//! [`crate::to_vec`] and [`crate::from_slice`] do, but without a field path
//! ([`Error::path`](crate::Error::path) is `None`): a path is found by writing the value
//! again through `explain`'s recorder, and serde's traversal reports no fields to it.
//! The offset of a decode error says where. [`Serde`] as the message of a
//! [`Config`](crate::Config) or the tokio codec has no path either. Inside a derived
//! record, a `#[packed(serde)]` field's errors are named after the field.

mod boxed;
mod de;
mod ser;

use alloc::vec::Vec;

use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Error, Layout, Reader, Writer};

/// An encode error of the serde functions, without the path the replay found: serde's
/// traversal reports no fields to the recorder, so that path would name the top-level
/// value whatever field failed.
#[inline]
fn unlocated<V>(result: Result<V, Error<EncodeError>>) -> Result<V, Error<EncodeError>> {
    result.map_err(|e| Error::from(e.into_kind()))
}

/// A serde value as a packed one: [`Encode`] for `T: Serialize`, [`Decode`] for
/// `T: Deserialize`. Wrap a reference to encode (`Serde(&value)`).
///
/// ```
/// use packed_core::{serde::Serde, Limits};
///
/// let c = packed_core::config().limits(Limits::DEFAULT.with_max_bytes(16));
/// let bytes = c.to_vec(&Serde(&("a", 7u8)))?;
/// let Serde((s, n)): Serde<(String, u8)> = c.from_slice(&bytes)?;
/// assert_eq!((s.as_str(), n), ("a", 7));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Serde<T>(pub T);

impl<T: ::serde::Serialize> Encode for Serde<T> {
    const REPORTS_PATHS: bool = false;

    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        self.0.serialize(ser::Serializer::<C, W>::new(w))
    }
}

impl<'de, T: ::serde::Deserialize<'de>> Decode<'de> for Serde<T> {
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        T::deserialize(de::Deserializer::<C, R>::new(r))
            .map(Serde)
            .map_err(|e| match e.into_inner() {
                // A message from a `Deserialize` impl has no offset of its own.
                DecodeError::SerdeCustom {
                    offset: usize::MAX,
                    message,
                } => DecodeError::SerdeCustom {
                    offset: r.offset(),
                    message,
                },
                e => e,
            })
    }
}

/// What `#[packed(serde)]` on a field calls: the field's serde impls as a `with`
/// module's `encode` and `decode`.
#[doc(hidden)]
pub struct Field<T: ?Sized>(core::marker::PhantomData<T>, core::convert::Infallible);

impl<T: ::serde::Serialize + ?Sized> Field<T> {
    /// Writes `value` under context `C`.
    ///
    /// # Errors
    /// As [`to_vec`].
    #[inline]
    pub fn encode<C: Ctx, W: Writer + ?Sized>(value: &T, w: &mut W) -> Result<(), EncodeError> {
        Serde(value).encode::<C, W>(w)
    }
}

impl<T> Field<T> {
    /// Reads a value under context `C`.
    ///
    /// # Errors
    /// As [`from_slice`].
    #[inline]
    pub fn decode<'de, C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<T, DecodeError>
    where
        T: ::serde::Deserialize<'de>,
    {
        Serde::<T>::decode::<C, R>(r).map(|s| s.0)
    }
}

/// Encodes a serde value into a new vector under Bitsery's layout (the default).
///
/// # Errors
/// [`EncodeError::SerdeUnsupported`] for what a positional format cannot represent
/// (see the [module docs](self)), [`EncodeError::SerdeCustom`] from the type's `Serialize`,
/// and as [`crate::to_vec`].
#[inline]
pub fn to_vec<T: ::serde::Serialize + ?Sized>(value: &T) -> Result<Vec<u8>, Error<EncodeError>> {
    unlocated(crate::config().to_vec(&Serde(value)))
}

/// [`to_vec`] under layout `L`.
///
/// # Errors
/// As [`to_vec`].
#[inline]
pub fn to_vec_as<L: Layout, T: ::serde::Serialize + ?Sized>(
    value: &T,
) -> Result<Vec<u8>, Error<EncodeError>> {
    unlocated(crate::with::<L>().to_vec(&Serde(value)))
}

/// Appends the encoding of a serde value to `buf` and returns how many bytes it wrote;
/// on error `buf` is left as it was.
///
/// # Errors
/// As [`to_vec`].
#[inline]
pub fn encode_into<T: ::serde::Serialize + ?Sized>(
    value: &T,
    buf: &mut Vec<u8>,
) -> Result<usize, Error<EncodeError>> {
    unlocated(crate::config().encode_into(&Serde(value), buf))
}

/// [`encode_into`] under layout `L`.
///
/// # Errors
/// As [`to_vec`].
#[inline]
pub fn encode_into_as<L: Layout, T: ::serde::Serialize + ?Sized>(
    value: &T,
    buf: &mut Vec<u8>,
) -> Result<usize, Error<EncodeError>> {
    unlocated(crate::with::<L>().encode_into(&Serde(value), buf))
}

/// Encodes a serde value into a [`std::io::Write`] sink with one `write_all`, and
/// returns the bytes written.
///
/// # Errors
/// As [`to_vec`], plus [`EncodeError::Io`].
#[cfg(feature = "std")]
#[inline]
pub fn to_writer<T: ::serde::Serialize + ?Sized, W: std::io::Write>(
    value: &T,
    sink: W,
) -> Result<usize, Error<EncodeError>> {
    unlocated(crate::config().to_writer(&Serde(value), sink))
}

/// [`to_writer`] under layout `L`.
///
/// # Errors
/// As [`to_writer`].
#[cfg(feature = "std")]
#[inline]
pub fn to_writer_as<L: Layout, T: ::serde::Serialize + ?Sized, W: std::io::Write>(
    value: &T,
    sink: W,
) -> Result<usize, Error<EncodeError>> {
    unlocated(crate::with::<L>().to_writer(&Serde(value), sink))
}

/// Decodes a serde value that must take up the whole of `bytes`, under Bitsery's
/// layout. `&'de str` and `&'de [u8]` (with `serde_bytes`) fields borrow from `bytes`.
///
/// # Errors
/// [`DecodeError::SerdeUnsupported`] for what a positional format cannot read (see the
/// [module docs](self)), [`DecodeError::SerdeCustom`] from the type's `Deserialize`, and as
/// [`crate::from_slice`].
#[inline]
pub fn from_slice<'de, T: ::serde::Deserialize<'de>>(
    bytes: &'de [u8],
) -> Result<T, Error<DecodeError>> {
    crate::config().from_slice::<Serde<T>>(bytes).map(|s| s.0)
}

/// [`from_slice`] under layout `L`.
///
/// # Errors
/// As [`from_slice`].
#[inline]
pub fn from_slice_as<'de, L: Layout, T: ::serde::Deserialize<'de>>(
    bytes: &'de [u8],
) -> Result<T, Error<DecodeError>> {
    crate::with::<L>()
        .from_slice::<Serde<T>>(bytes)
        .map(|s| s.0)
}

/// Reads one serde value from a [`std::io::BufRead`], consuming no more of it than the
/// message.
///
/// # Errors
/// As [`from_slice`], plus [`DecodeError::Io`]; trailing input is left unread.
#[cfg(feature = "std")]
#[inline]
pub fn from_reader<T: ::serde::de::DeserializeOwned, R: std::io::BufRead>(
    source: R,
) -> Result<T, Error<DecodeError>> {
    crate::config()
        .from_reader::<Serde<T>, R>(source)
        .map(|s| s.0)
}

/// [`from_reader`] under layout `L`.
///
/// # Errors
/// As [`from_reader`].
#[cfg(feature = "std")]
#[inline]
pub fn from_reader_as<L: Layout, T: ::serde::de::DeserializeOwned, R: std::io::BufRead>(
    source: R,
) -> Result<T, Error<DecodeError>> {
    crate::with::<L>()
        .from_reader::<Serde<T>, R>(source)
        .map(|s| s.0)
}
