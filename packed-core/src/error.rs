//! The two kinds of error, [`EncodeError`] for values that do not fit their layout and
//! [`DecodeError`] for input that is not a valid encoding, and [`Error`], which the
//! top-level functions return: one of them with the field path where it happened.

use alloc::boxed::Box;
use core::fmt;

/// Called first on every path that builds an error, which marks the path as cold.
///
/// The errors are built inline, not by an out-of-line `#[cold]` constructor: an error
/// returned from a call is opaque to the optimizer, which then cannot tell that it is
/// not the niche value that stands for `Ok` in a `Result<_, DecodeError>`, and keeps
/// (and duplicates, past every `?`) a continuation of the decode for that case. Built
/// inline, its variant is a constant (PERF.md, "Compile time, session 6").
#[cold]
#[inline(never)]
pub(crate) fn cold_path() {}

/// An [`EncodeError`] or [`DecodeError`] with the field path where it happened
/// (`items[3].sku`): what the top-level functions ([`to_vec`](crate::to_vec),
/// [`from_slice`](crate::from_slice), [`Config`](crate::Config)'s methods) return.
///
/// The kind stays matchable through [`kind`](Error::kind), and `?` turns an `Error`
/// back into its kind (dropping the path) where a function returns the kind alone.
/// `Display` shows both: ``items[3].sku: length 300 does not fit the `u8` length
/// prefix (at most 255)`` for encoding, `invalid bool byte 0xff at byte 12
/// (flags.active)` for decoding.
///
/// ```
/// use packed_core::{DecodeError, Packed};
///
/// #[derive(Packed, Debug)]
/// struct Flags { active: bool }
/// #[derive(Packed, Debug)]
/// struct Msg { id: u16, flags: Flags }
///
/// let err = packed_core::from_slice::<Msg>(&[1, 0, 0xff]).unwrap_err();
/// assert_eq!(err.kind(), &DecodeError::InvalidBool { offset: 2, byte: 0xff });
/// assert_eq!(err.path(), Some("flags.active"));
/// assert_eq!(err.to_string(), "invalid bool byte 0xff at byte 2 (flags.active)");
/// ```
///
/// # How the path is found
/// Only when an operation fails, so success costs nothing: the top-level function runs
/// the operation again through [`explain`](crate::explain())'s recording writer, which
/// tracks field paths. For encoding, the path is where the second run fails. For
/// decoding, the input is read again up to the error's offset and completed from there
/// with the shortest values (zeros; the smallest size of a growable record; the next
/// tag where zero names no variant), the value that decodes is written, and the path is
/// that of the bytes at the error's offset (of the bit, in a bit-packed value).
/// [`path`](Error::path) is `None` where there is no field to name (an error about the
/// whole message: a header, trailing bytes, the byte limit, an I/O error, a caller's
/// buffer too small); for streams ([`from_reader`](crate::from_reader),
/// [`messages`](crate::Config::messages)), which cannot read their input again; for
/// decoding a type whose `Decode` is hand-written, or derived with type parameters, or
/// a standard type at the top level (writing the value again needs its `Encode`, which
/// a decode function does not require; a derived type around it has paths); through
/// the `packed_core::serde` functions (serde reports no fields); and where the input
/// cannot be completed within a few tries (a map whose remaining entries would all have
/// the same key). It is the empty string for the message itself (a derived enum's
/// unknown tag).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error<E> {
    /// Boxed: a `Result` of the top-level functions is no larger than its value and a
    /// pointer.
    inner: Box<Located<E>>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Located<E> {
    kind: E,
    path: Option<Box<str>>,
}

impl<E> Error<E> {
    /// An error of kind `kind` at field path `path` (`None`: unknown).
    #[must_use]
    pub fn new(kind: E, path: Option<&str>) -> Self {
        Self {
            inner: Box::new(Located {
                kind,
                path: path.map(Box::from),
            }),
        }
    }

    /// What went wrong: an [`EncodeError`] or [`DecodeError`], to match on.
    #[must_use]
    pub fn kind(&self) -> &E {
        &self.inner.kind
    }

    /// The kind, without the path.
    #[must_use]
    pub fn into_kind(self) -> E {
        self.inner.kind
    }

    /// The field path where the error happened, as [`explain`](crate::explain()) writes
    /// paths (`items[3].sku`, `shape.Circle.radius`, `tags[0].key`): `None` where it
    /// is not known (see [How the path is found](Error#how-the-path-is-found)), empty
    /// for the message itself.
    #[must_use]
    pub fn path(&self) -> Option<&str> {
        self.inner.path.as_deref()
    }
}

impl Error<DecodeError> {
    /// The byte offset the error refers to ([`DecodeError::offset`]).
    #[must_use]
    pub fn offset(&self) -> usize {
        self.kind().offset()
    }
}

impl<E> From<E> for Error<E> {
    /// An error whose path is not known.
    fn from(kind: E) -> Self {
        Self::new(kind, None)
    }
}

impl From<Error<EncodeError>> for EncodeError {
    fn from(e: Error<EncodeError>) -> Self {
        e.into_kind()
    }
}

impl From<Error<DecodeError>> for DecodeError {
    fn from(e: Error<DecodeError>) -> Self {
        e.into_kind()
    }
}

impl DecodeError {
    /// Whether the error concerns the whole message, not a field: no path is looked
    /// for.
    pub(crate) fn is_about_message(&self) -> bool {
        match self {
            Self::BadHeader { .. }
            | Self::UnexpectedYasHeader { .. }
            | Self::TrailingBytes { .. }
            | Self::ByteLimitExceeded { .. }
            | Self::Unexplained { .. } => true,
            #[cfg(feature = "std")]
            Self::Io { .. } => true,
            _ => false,
        }
    }
}

impl EncodeError {
    /// Whether the error concerns the whole message or its destination, not a field:
    /// no path is looked for.
    #[cfg(feature = "error-paths")]
    pub(crate) fn is_about_message(&self) -> bool {
        match self {
            Self::BufferTooSmall { .. } => true,
            #[cfg(feature = "std")]
            Self::Io(_) => true,
            _ => false,
        }
    }
}

impl fmt::Display for Error<EncodeError> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.path() {
            Some(path) if !path.is_empty() => write!(f, "{path}: {}", self.kind()),
            _ => fmt::Display::fmt(self.kind(), f),
        }
    }
}

impl fmt::Display for Error<DecodeError> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.kind(), f)?;
        match self.path() {
            Some(path) if !path.is_empty() => write!(f, " ({path})"),
            _ => Ok(()),
        }
    }
}

// No `source`: `Display` already shows the kind.
impl core::error::Error for Error<EncodeError> {}

// No `source`: `Display` already shows the kind.
impl core::error::Error for Error<DecodeError> {}

/// Why a value could not be encoded.
///
/// Encoding never truncates: a length that the chosen prefix cannot represent, or that
/// exceeds a field's `max`, is reported here instead of being written wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum EncodeError {
    /// The length prefix strategy cannot represent this length
    /// (300 elements under `len = "u8"`, 2^30 under `compact`).
    LengthTooLarge {
        /// The length that was to be written.
        len: u64,
        /// The largest length the prefix can represent.
        max: u64,
        /// The prefix strategy, as named in attributes (`"compact"`, `"u8"`, ...).
        prefix: &'static str,
    },
    /// A sequence is longer than the `max` given on its field.
    LengthOverMax {
        /// The length of the sequence.
        len: usize,
        /// The field's `max`.
        max: usize,
    },
    /// The caller's buffer cannot hold the encoding
    /// ([`to_slice`](crate::to_slice), [`SliceWriter`](crate::SliceWriter)). Nothing
    /// past the buffer was written; what it holds is unspecified.
    BufferTooSmall {
        /// Bytes the value needs: from [`to_slice`](crate::to_slice), its exact encoded
        /// size; from a [`SliceWriter`](crate::SliceWriter) alone, the end of the
        /// write that did not fit (a lower bound).
        needed: usize,
        /// The buffer's size.
        capacity: usize,
    },
    /// An I/O error from a [`std::io::Write`] sink, kept whole ([`IoError`]).
    #[cfg(feature = "std")]
    Io(IoError),
    /// A value was written as one fixed-size run, but its parts wrote another number of
    /// bytes than their hidden `fixed_size` hooks promised. Not a problem with the
    /// value: a bug in a hand-written [`Encode`](crate::Encode) impl inside `type_name`
    /// (or in `packed-core`), caught before any wrong byte was written.
    FixedSizeMismatch {
        /// The type written as the run.
        type_name: &'static str,
    },
    /// The index of a data-carrying enum's variant does not fit the layout's form of
    /// it: YAS's `std::variant` writes the index as one byte, so at most 255.
    VariantIndexTooLarge {
        /// The variant's index.
        index: u64,
        /// The largest index the form can write.
        max: u64,
    },
    /// A `Duration` or `SystemTime` is not a whole number of the field's `unit`, or its
    /// count does not fit the integer it is written as (a `Duration` over 292 years in
    /// `i64` nanoseconds).
    TimeOutOfRange {
        /// The type (`"Duration"`, `"SystemTime"`).
        type_name: &'static str,
        /// The unit (`"ms"`).
        unit: &'static str,
        /// The bits of the signed integer the count is written as (64 for an `i64`).
        width: u8,
    },
    /// A `RefCell` was mutably borrowed while it was being encoded.
    AlreadyBorrowed,
    /// A value is outside the range its bit-packed field can write (`range`, `bits`,
    /// `precision`): it is never wrapped or clamped. A float that is NaN is outside
    /// every range.
    ValueOutOfRange {
        /// The field, as `Type.field`.
        field: &'static str,
        /// Its range, as written in the attribute (`"0..=100"`; `bits = 7` as
        /// `"0..=127"`).
        range: &'static str,
    },
    /// A growable record (`#[packed(growable)]`) is larger than its 4-byte size can
    /// say: more than `u32::MAX` bytes with the size itself.
    RecordTooLarge {
        /// The record's size in bytes, its 4-byte size included.
        size: usize,
    },
    /// A growable record (`#[packed(growable)]`) written to a writer that cannot go back
    /// (a [`SliceWriter`](crate::SliceWriter), an `IoWriter`, a `BufMutWriter`) wrote another number of bytes than it was counted at just before,
    /// so the size written ahead of it is wrong. Not a problem with the value: an
    /// [`Encode`](crate::Encode) impl or a `with` module inside the record that does not
    /// write the same bytes each time. What was written is not a valid message.
    RecordLengthChanged {
        /// The record's size as counted and written, its 4-byte size included.
        counted: usize,
        /// The bytes the record then took, its 4-byte size included.
        written: usize,
    },
    /// A growable record (`#[packed(growable)]`) inside a bit-packing session (a field
    /// of a `#[packed(bitpack)]` type): its size counts bytes, which the bits around it
    /// do not fill (Bitsery writes it over the bits before it). Put `bitpack` on the
    /// growable type itself: its record then holds its own session.
    RecordInBitPacking {
        /// The growable type.
        type_name: &'static str,
    },
    /// A serde feature that a positional format cannot represent
    /// ([`packed_core::serde`](crate::serde)): `skip_serializing_if`, `flatten`, a map
    /// or sequence of unknown length, an enum of more variants than its tag holds.
    /// Nothing is written for it: the bytes would not decode to the value.
    #[cfg(feature = "serde")]
    SerdeUnsupported {
        /// The feature, as serde names it.
        feature: &'static str,
    },
    /// A message from a `Serialize` impl (`serde::ser::Error::custom`).
    #[cfg(feature = "serde")]
    SerdeCustom(alloc::string::String),
    /// An error reported by user code (a `with` module). `packed-core` itself never
    /// returns it.
    Custom(&'static str),
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::LengthTooLarge { len, max, prefix } => write!(
                f,
                "length {len} does not fit the `{prefix}` length prefix (at most {max})"
            ),
            Self::LengthOverMax { len, max } => {
                write!(f, "length {len} is over the field's `max` of {max}")
            }
            Self::BufferTooSmall { needed, capacity } => write!(
                f,
                "the buffer holds {capacity} bytes; the encoding needs {needed}"
            ),
            #[cfg(feature = "std")]
            Self::Io(e) => write!(f, "i/o error while writing: {e}"),
            Self::FixedSizeMismatch { type_name } => write!(
                f,
                "`{type_name}` was written as one fixed-size run, but its parts wrote another \
                 number of bytes than their `fixed_size` promised: a bug in a hand-written \
                 `Encode` impl inside it, not in the value"
            ),
            Self::VariantIndexTooLarge { index, max } => write!(
                f,
                "variant index {index} does not fit the layout's variant index (at most {max}); \
                 give the enum a `tag` width"
            ),
            Self::TimeOutOfRange {
                type_name,
                unit,
                width,
            } => write!(
                f,
                "`{type_name}` is not a whole number of `{unit}` that fits an `i{width}`"
            ),
            Self::AlreadyBorrowed => {
                f.write_str("a `RefCell` was mutably borrowed while it was being encoded")
            }
            Self::ValueOutOfRange { field, range } => write!(
                f,
                "the value of `{field}` is outside its range {range}, which its bits cannot hold"
            ),
            Self::RecordInBitPacking { type_name } => write!(
                f,
                "growable record `{type_name}` inside a bit-packing session: its size counts \
                 bytes; put `bitpack` on the growable type itself instead"
            ),
            Self::RecordLengthChanged { counted, written } => write!(
                f,
                "growable record counted at {counted} bytes, its size written so, then took \
                 {written}: an `Encode` impl or `with` module inside it does not write the \
                 same bytes each time"
            ),
            Self::RecordTooLarge { size } => write!(
                f,
                "growable record of {size} bytes does not fit its 4-byte size (at most {})",
                u32::MAX
            ),
            #[cfg(feature = "serde")]
            Self::SerdeUnsupported { feature } => write!(
                f,
                "serde's {feature} cannot be represented in a positional format: nothing written"
            ),
            #[cfg(feature = "serde")]
            Self::SerdeCustom(msg) => write!(f, "serde: {msg}"),
            Self::Custom(msg) => f.write_str(msg),
        }
    }
}

impl core::error::Error for EncodeError {}

/// The [`std::io::Error`] of a stream or sink, kept whole in [`EncodeError::Io`] and
/// [`DecodeError::Io`]: `Display` gives its message (an OS error's text, a TLS or
/// compression layer's own), [`get_ref`](IoError::get_ref) the error itself. Shared,
/// so the errors stay `Clone`; two are equal when their kinds and messages are.
#[cfg(feature = "std")]
#[derive(Clone, Debug)]
pub struct IoError(alloc::sync::Arc<std::io::Error>);

#[cfg(feature = "std")]
impl IoError {
    /// The error's kind.
    #[must_use]
    pub fn kind(&self) -> std::io::ErrorKind {
        self.0.kind()
    }

    /// The error itself.
    #[must_use]
    pub fn get_ref(&self) -> &std::io::Error {
        &self.0
    }
}

#[cfg(feature = "std")]
impl From<std::io::Error> for IoError {
    fn from(e: std::io::Error) -> Self {
        Self(alloc::sync::Arc::new(e))
    }
}

/// An error of that kind alone, as `std::io::Error::from(kind)` makes it.
#[cfg(feature = "std")]
impl From<std::io::ErrorKind> for IoError {
    fn from(kind: std::io::ErrorKind) -> Self {
        std::io::Error::from(kind).into()
    }
}

#[cfg(feature = "std")]
impl PartialEq for IoError {
    fn eq(&self, other: &Self) -> bool {
        use alloc::string::ToString as _;
        self.kind() == other.kind() && self.0.to_string() == other.0.to_string()
    }
}

#[cfg(feature = "std")]
impl Eq for IoError {}

// The error is only read (its kind and message), never mutated through the `Arc`, so
// a panic cannot leave it half-changed: the decode and encode errors stay unwind-safe,
// as they were with the kind alone (`std::io::Error` is not, for its `dyn Error`; anyhow's
// error makes the same promise).
#[cfg(feature = "std")]
impl std::panic::UnwindSafe for IoError {}
#[cfg(feature = "std")]
impl std::panic::RefUnwindSafe for IoError {}

#[cfg(feature = "std")]
impl fmt::Display for IoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// Why input could not be decoded. Every variant that concerns the input says where:
/// `offset` is the byte offset, from the start of the input, of the item that is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum DecodeError {
    /// The input ended inside an item.
    UnexpectedEnd {
        /// Offset at which more bytes were needed.
        offset: usize,
        /// How many bytes the item needed from `offset`.
        needed: usize,
        /// How many were left.
        remaining: usize,
    },
    /// A length prefix is over the field's `max`.
    LengthOverMax {
        /// Offset of the length prefix.
        offset: usize,
        /// The length read.
        len: u64,
        /// The field's `max`.
        max: usize,
    },
    /// A length prefix claims more elements than the rest of the input can hold
    /// (each element takes at least one byte, or the element type's least encoded
    /// size), or, for elements that hold sequences, than it can hold besides what the
    /// sequences around it still need for their later elements, or more than this
    /// platform can address. Raised before anything is
    /// allocated. (Element types that may encode to nothing are bounded by
    /// [`ZeroWidthLimitExceeded`](DecodeError::ZeroWidthLimitExceeded) instead.)
    LengthExceedsInput {
        /// Offset of the length prefix.
        offset: usize,
        /// The length read.
        len: u64,
        /// Bytes left in the input after the prefix that the claim could use: for a
        /// sequence, map or set whose elements hold sequences, those that the sequences
        /// it is nested in have not promised to their later elements; otherwise all of
        /// them.
        remaining: usize,
    },
    /// A `bool` byte other than `0` or `1`.
    InvalidBool {
        /// Offset of the byte.
        offset: usize,
        /// The byte found.
        byte: u8,
    },
    /// An `Option` flag byte other than `0` or `1`.
    InvalidOptionFlag {
        /// Offset of the byte.
        offset: usize,
        /// The byte found.
        byte: u8,
    },
    /// A string is not valid UTF-8.
    InvalidUtf8 {
        /// Offset of the first invalid byte.
        offset: usize,
    },
    /// A `char` value above `0x10FFFF` or a surrogate.
    InvalidChar {
        /// Offset of the value.
        offset: usize,
        /// The value found.
        value: u32,
    },
    /// An enum tag (or a fieldless enum's integer) that names no variant.
    UnknownVariant {
        /// Offset of the tag.
        offset: usize,
        /// The enum's name.
        type_name: &'static str,
        /// The tag found (signed values as their two's-complement bits).
        tag: u64,
    },
    /// YAS writes a size byte before a natively ordered enum; this one is wrong.
    InvalidEnumSize {
        /// Offset of the size byte.
        offset: usize,
        /// The size byte expected (the enum's width in bytes).
        expected: u8,
        /// The byte found.
        found: u8,
    },
    /// An integer does not fit its type: a YAS compacted integer wider than the target,
    /// a LEB128 varint that overflows, or a 64-bit value on a 32-bit platform.
    IntegerOverflow {
        /// Offset of the integer.
        offset: usize,
        /// The target type.
        type_name: &'static str,
    },
    /// The YAS header is malformed or describes another layout. (Input that ends
    /// inside a header whose bytes agree so far, or before it, is
    /// [`UnexpectedEnd`](DecodeError::UnexpectedEnd), from slices and streams alike.)
    BadHeader {
        /// Offset of the header (0 for a top-level message).
        offset: usize,
        /// The header this layout expects, e.g. `*b"yas0017"`.
        expected: [u8; 7],
        /// The bytes found (zero-padded if the input was shorter).
        found: [u8; 7],
    },
    /// A type whose layout has no header failed to decode input that starts with a
    /// YAS header (`yas0017`): the input was written under a YAS layout with its
    /// header. Stands in for the error the headerless decode met (a length that claims
    /// too much, most often), which says nothing useful about such input. Reported by
    /// the slice functions ([`from_slice`](crate::from_slice) and the like) only.
    UnexpectedYasHeader {
        /// The header found at the start of the input.
        found: [u8; 7],
        /// The layout that writes this header (`"Yas"`, `"YasBig"`, `"YasCompacted"`,
        /// `"YasCompactedBig"`), as named in [`layout`](crate::layout).
        layout: &'static str,
    },
    /// The value ended before the input did.
    TrailingBytes {
        /// Offset of the first unread byte.
        offset: usize,
        /// How many bytes were left over.
        remaining: usize,
    },
    /// Nesting of derived types is deeper than the configured limit.
    DepthLimitExceeded {
        /// Offset at which the limit was hit.
        offset: usize,
        /// The limit.
        limit: usize,
    },
    /// The input is larger than the configured byte limit.
    ByteLimitExceeded {
        /// Offset at which the limit was hit.
        offset: usize,
        /// The limit.
        limit: usize,
    },
    /// More elements that took no input (`()`, structs whose fields are all skipped)
    /// than [`Limits::max_zero_width_elements`](crate::Limits::max_zero_width_elements)
    /// allows in one document. Also raised before anything is allocated when a
    /// sequence of an element type that may encode to nothing (`MIN_WIRE` 0, which
    /// includes `Box<T>`) claims more elements than the bytes left plus the
    /// zero-width elements left could make.
    ZeroWidthLimitExceeded {
        /// Offset of the length prefix of the sequence, map or set that went over
        /// (for an array, where it starts).
        offset: usize,
        /// The limit.
        limit: usize,
    },
    /// A map or set holds the same key twice: the count in its prefix would not
    /// match its entries, and two inputs would decode to one value.
    DuplicateKey {
        /// Offset of the second occurrence of the key.
        offset: usize,
    },
    /// A length prefix is over the capacity of a fixed-capacity type (`ArrayVec`,
    /// `ArrayString`).
    LengthOverCapacity {
        /// Offset of the length prefix.
        offset: usize,
        /// The length read.
        len: u64,
        /// The type's capacity.
        capacity: usize,
    },
    /// A length or count that a type fixes differs from the one in the input: YAS's
    /// length before a fixed array (`std::array`), its count byte before a tuple, the
    /// bit count and byte count of a bitset.
    LengthMismatch {
        /// Offset of the length or count.
        offset: usize,
        /// The length the type has.
        expected: u64,
        /// The length read.
        found: u64,
    },
    /// A zero where the type cannot hold one (`NonZeroU32`, ...).
    UnexpectedZero {
        /// Offset of the value.
        offset: usize,
        /// The type.
        type_name: &'static str,
    },
    /// A value read correctly that the Rust type cannot hold: a negative count for a
    /// `Duration`, a time `SystemTime` cannot represent, a date outside `chrono`'s
    /// range.
    OutOfRange {
        /// Offset of the value.
        offset: usize,
        /// The type.
        type_name: &'static str,
    },
    /// Bits set beyond the end of a bitset in its last byte.
    BitsetPadding {
        /// Offset of the byte.
        offset: usize,
    },
    /// A UTF-16 string with an unpaired surrogate.
    InvalidUtf16 {
        /// Offset of the code unit.
        offset: usize,
    },
    /// A borrowed type (`&str`, `&[u8]`) was decoded from a stream, which has nothing to
    /// borrow from, or from between the byte boundaries of a bit-packing session, where
    /// its bytes are not in the input as they are. Decode owned types (`String`,
    /// `Cow<str>`) there, or decode from a slice.
    CannotBorrow {
        /// Offset of the item.
        offset: usize,
    },
    /// An I/O error from a [`std::io::Read`] source (other than end of input).
    #[cfg(feature = "std")]
    Io {
        /// Bytes consumed before the error.
        offset: usize,
        /// The source's error, kept whole ([`IoError`]: its kind, message and cause).
        error: IoError,
    },
    /// A value was read as one fixed-size run, but its parts read another number of
    /// bytes than their hidden `fixed_size` hooks promised. Not a problem with the
    /// input: a bug in a hand-written [`Decode`](crate::Decode) impl inside `type_name`
    /// (or in `packed-core`).
    FixedSizeMismatch {
        /// Offset of the run.
        offset: usize,
        /// The type read as the run.
        type_name: &'static str,
    },
    /// Inside a bit-packing session, the input ended inside a value.
    UnexpectedEndOfBits {
        /// Offset of the value, in bits from the start of the input.
        bit_offset: usize,
        /// How many bits the value needed.
        needed: usize,
        /// How many were left.
        remaining: usize,
    },
    /// A padding bit of a bit-packing session (before the next byte boundary, at an
    /// `align` or at the session's end) is 1: the writer pads with zero bits.
    InvalidPadding {
        /// Offset of the padding, in bits from the start of the input.
        bit_offset: usize,
    },
    /// A bit-packed value decodes to a value outside its field's range (a code of 7
    /// bits above 100 for `range = "0..=100"`).
    ValueOutOfRange {
        /// Offset of the value's bits, from the start of the input.
        bit_offset: usize,
        /// The field, as `Type.field`.
        field: &'static str,
        /// Its range, as written in the attribute.
        range: &'static str,
    },
    /// An entropy-coded field's index is past its list of values.
    UnknownEntropyIndex {
        /// Offset of the index, in bits from the start of the input.
        bit_offset: usize,
        /// The index read (1 for the list's first value, 0 for a value written out).
        index: u64,
        /// How many values the list has.
        values: usize,
    },
    /// A growable record's size (`#[packed(growable)]`) is below 4: it counts its own
    /// 4 bytes, so no record is smaller.
    RecordSizeTooSmall {
        /// Offset of the size.
        offset: usize,
        /// The size read.
        size: u32,
    },
    /// A growable record's size reaches past the end of the input, or of the growable
    /// record it is nested in.
    RecordSizeTooLarge {
        /// Offset of the size (where the record starts).
        offset: usize,
        /// The size read.
        size: u32,
        /// Bytes from the record's start to the end of the input or of the enclosing
        /// record.
        available: usize,
    },
    /// A value inside a growable record reaches past the record's end: the record ends
    /// inside a field (a field is in a record whole or not at all), or before an enum's
    /// tag.
    RecordEndsInsideField {
        /// Offset of the read that crossed the end.
        offset: usize,
        /// Offset where the record ends.
        record_end: usize,
    },
    /// A growable record (`#[packed(growable)]`) inside a bit-packing session: see
    /// [`EncodeError::RecordInBitPacking`].
    RecordInBitPacking {
        /// Offset of the bit where the record would start, from the start of the input.
        bit_offset: usize,
        /// The growable type.
        type_name: &'static str,
    },
    /// [`Config::explain_input`](crate::Config::explain_input) only: the input decodes,
    /// but a value in it is in a longer form than this library writes (a length prefix
    /// with needless bytes), so its bytes cannot be attributed by writing the value.
    Unexplained {
        /// Where the input and the value's bytes part: the start of the growable record
        /// that holds the value, or where the shorter of the two ends.
        offset: usize,
    },
    /// A serde feature that a positional format cannot read
    /// ([`packed_core::serde`](crate::serde)): `deserialize_any` (untagged and
    /// internally tagged enums, `flatten`, self-describing types such as
    /// `serde_json::Value`) and `deserialize_ignored_any`.
    #[cfg(feature = "serde")]
    SerdeUnsupported {
        /// Where decoding stopped.
        offset: usize,
        /// The feature, as serde names it.
        feature: &'static str,
    },
    /// A message from a `Deserialize` impl (`serde::de::Error::custom`, `invalid_length`,
    /// ...).
    #[cfg(feature = "serde")]
    SerdeCustom {
        /// Where decoding stopped.
        offset: usize,
        /// The message.
        message: alloc::string::String,
    },
    /// An error reported by user code (a `with` module). `packed-core` itself never
    /// returns it.
    Custom {
        /// Offset at which the user code failed.
        offset: usize,
        /// What went wrong.
        message: &'static str,
    },
}

impl DecodeError {
    /// The byte offset the error refers to, where it has one.
    #[must_use]
    ///
    /// For errors about bit-packed values, which say where as a bit offset, the byte
    /// that bit is in.
    pub fn offset(&self) -> usize {
        match *self {
            Self::UnexpectedEnd { offset, .. }
            | Self::LengthOverMax { offset, .. }
            | Self::LengthExceedsInput { offset, .. }
            | Self::InvalidBool { offset, .. }
            | Self::InvalidOptionFlag { offset, .. }
            | Self::InvalidUtf8 { offset }
            | Self::InvalidChar { offset, .. }
            | Self::UnknownVariant { offset, .. }
            | Self::InvalidEnumSize { offset, .. }
            | Self::IntegerOverflow { offset, .. }
            | Self::BadHeader { offset, .. }
            | Self::TrailingBytes { offset, .. }
            | Self::DepthLimitExceeded { offset, .. }
            | Self::ByteLimitExceeded { offset, .. }
            | Self::ZeroWidthLimitExceeded { offset, .. }
            | Self::DuplicateKey { offset }
            | Self::LengthOverCapacity { offset, .. }
            | Self::LengthMismatch { offset, .. }
            | Self::UnexpectedZero { offset, .. }
            | Self::OutOfRange { offset, .. }
            | Self::BitsetPadding { offset }
            | Self::InvalidUtf16 { offset }
            | Self::CannotBorrow { offset }
            | Self::FixedSizeMismatch { offset, .. }
            | Self::RecordSizeTooSmall { offset, .. }
            | Self::RecordSizeTooLarge { offset, .. }
            | Self::RecordEndsInsideField { offset, .. }
            | Self::Unexplained { offset }
            | Self::Custom { offset, .. } => offset,
            Self::UnexpectedYasHeader { .. } => 0,
            #[cfg(feature = "std")]
            Self::Io { offset, .. } => offset,
            #[cfg(feature = "serde")]
            Self::SerdeUnsupported { offset, .. } | Self::SerdeCustom { offset, .. } => offset,
            Self::UnexpectedEndOfBits { bit_offset, .. }
            | Self::InvalidPadding { bit_offset }
            | Self::ValueOutOfRange { bit_offset, .. }
            | Self::UnknownEntropyIndex { bit_offset, .. }
            | Self::RecordInBitPacking { bit_offset, .. } => bit_offset / 8,
        }
    }

    /// The bit offset the error refers to, from the start of the input, for errors
    /// about bit-packed values.
    ///
    /// ```
    /// use packed_core::DecodeError;
    /// let e = DecodeError::InvalidPadding { bit_offset: 13 };
    /// assert_eq!((e.bit_offset(), e.offset()), (Some(13), 1));
    /// ```
    #[must_use]
    pub fn bit_offset(&self) -> Option<usize> {
        match *self {
            Self::UnexpectedEndOfBits { bit_offset, .. }
            | Self::InvalidPadding { bit_offset }
            | Self::ValueOutOfRange { bit_offset, .. }
            | Self::UnknownEntropyIndex { bit_offset, .. }
            | Self::RecordInBitPacking { bit_offset, .. } => Some(bit_offset),
            _ => None,
        }
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnexpectedEnd {
                offset,
                needed,
                remaining,
            } => write!(
                f,
                "unexpected end of input at byte {offset}: needed {needed} bytes, {remaining} left"
            ),
            Self::LengthOverMax { offset, len, max } => {
                write!(
                    f,
                    "length {len} at byte {offset} is over the field's `max` of {max}"
                )
            }
            Self::LengthExceedsInput {
                offset,
                len,
                remaining,
            } => write!(
                f,
                "length {len} at byte {offset} claims more than the {remaining} bytes left"
            ),
            Self::InvalidBool { offset, byte } => {
                write!(f, "invalid bool byte {byte:#04x} at byte {offset}")
            }
            Self::InvalidOptionFlag { offset, byte } => {
                write!(f, "invalid option flag {byte:#04x} at byte {offset}")
            }
            Self::InvalidUtf8 { offset } => write!(f, "invalid utf-8 at byte {offset}"),
            Self::InvalidChar { offset, value } => {
                write!(f, "invalid char {value:#x} at byte {offset}")
            }
            Self::UnknownVariant {
                offset,
                type_name,
                tag,
            } => {
                write!(
                    f,
                    "unknown tag {tag} for enum `{type_name}` at byte {offset}"
                )
            }
            Self::InvalidEnumSize {
                offset,
                expected,
                found,
            } => write!(
                f,
                "enum size byte {found} at byte {offset}, expected {expected}"
            ),
            Self::IntegerOverflow { offset, type_name } => {
                write!(f, "integer at byte {offset} does not fit `{type_name}`")
            }
            Self::BadHeader {
                offset,
                expected,
                found,
            } => write!(
                f,
                "bad header at byte {offset}: expected {:?}, found {:?}",
                Ascii(expected),
                Ascii(found)
            ),
            Self::UnexpectedYasHeader { found, layout } => write!(
                f,
                "input starts with a YAS header `{}`; decode with the YAS layout \
                 (`layout::{layout}`)",
                Ascii(found).text()
            ),
            Self::TrailingBytes { offset, remaining } => {
                write!(f, "{remaining} trailing bytes at byte {offset}")
            }
            Self::DepthLimitExceeded { offset, limit } => {
                write!(f, "nesting deeper than {limit} at byte {offset}")
            }
            Self::ByteLimitExceeded { offset, limit } => {
                write!(
                    f,
                    "input exceeds the limit of {limit} bytes at byte {offset}"
                )
            }
            Self::ZeroWidthLimitExceeded { offset, limit } => write!(
                f,
                "more than {limit} elements that take no input in one document \
                 (Limits::max_zero_width_elements), in the sequence at byte {offset}"
            ),
            Self::DuplicateKey { offset } => {
                write!(f, "duplicate key at byte {offset}")
            }
            Self::LengthOverCapacity {
                offset,
                len,
                capacity,
            } => write!(
                f,
                "length {len} at byte {offset} is over the type's capacity of {capacity}"
            ),
            Self::LengthMismatch {
                offset,
                expected,
                found,
            } => write!(
                f,
                "length {found} at byte {offset}, but the type's length is {expected}"
            ),
            Self::UnexpectedZero { offset, type_name } => {
                write!(
                    f,
                    "zero at byte {offset} for `{type_name}`, which cannot be zero"
                )
            }
            Self::OutOfRange { offset, type_name } => {
                write!(
                    f,
                    "value at byte {offset} is out of the range of `{type_name}`"
                )
            }
            Self::BitsetPadding { offset } => {
                write!(f, "bits set past the end of the bitset in byte {offset}")
            }
            Self::InvalidUtf16 { offset } => {
                write!(f, "unpaired UTF-16 surrogate at byte {offset}")
            }
            Self::CannotBorrow { offset } => write!(
                f,
                "cannot borrow at byte {offset}: the bytes come from a stream, or lie between \
                 the byte boundaries of a bit-packing session; decode an owned type (`String`, \
                 `Cow<str>`), or from a slice"
            ),
            Self::UnexpectedEndOfBits {
                bit_offset,
                needed,
                remaining,
            } => write!(
                f,
                "unexpected end of input at bit {bit_offset}: needed {needed} bits, {remaining} left"
            ),
            Self::InvalidPadding { bit_offset } => write!(
                f,
                "padding bit set at bit {bit_offset}: a bit-packing session pads with zero bits"
            ),
            Self::ValueOutOfRange {
                bit_offset,
                field,
                range,
            } => write!(
                f,
                "the bits of `{field}` at bit {bit_offset} decode to a value outside its range {range}"
            ),
            Self::UnknownEntropyIndex {
                bit_offset,
                index,
                values,
            } => write!(
                f,
                "entropy index {index} at bit {bit_offset} is past the list of {values} values"
            ),
            #[cfg(feature = "std")]
            Self::Io { offset, error } => write!(f, "i/o error at byte {offset}: {error}"),
            Self::FixedSizeMismatch { offset, type_name } => write!(
                f,
                "`{type_name}` at byte {offset} was read as one fixed-size run, but its parts \
                 read another number of bytes than their `fixed_size` promised: a bug in a \
                 hand-written `Decode` impl inside it, not in the input"
            ),
            Self::RecordSizeTooSmall { offset, size } => write!(
                f,
                "growable record size {size} at byte {offset} is below 4, its own size"
            ),
            Self::RecordSizeTooLarge {
                offset,
                size,
                available,
            } => write!(
                f,
                "growable record size {size} at byte {offset} reaches past the end of the \
                 input or of the enclosing record ({available} bytes left from its start)"
            ),
            Self::RecordInBitPacking {
                bit_offset,
                type_name,
            } => write!(
                f,
                "growable record `{type_name}` at bit {bit_offset} inside a bit-packing \
                 session: its size counts bytes; put `bitpack` on the growable type itself instead"
            ),
            Self::RecordEndsInsideField { offset, record_end } => write!(
                f,
                "the value at byte {offset} reaches past the end of its growable record at \
                 byte {record_end}: a field is in a record whole or not at all"
            ),
            Self::Unexplained { offset } => write!(
                f,
                "the input decodes, but not in the form this library writes (near byte \
                 {offset}), so its bytes cannot be explained"
            ),
            #[cfg(feature = "serde")]
            Self::SerdeUnsupported { offset, feature } => write!(
                f,
                "serde's {feature} cannot be read from a positional format (at byte {offset})"
            ),
            #[cfg(feature = "serde")]
            Self::SerdeCustom { offset, message } => write!(f, "serde: {message} at byte {offset}"),
            Self::Custom { offset, message } => write!(f, "{message} at byte {offset}"),
        }
    }
}

impl core::error::Error for DecodeError {}

/// Shows header bytes as text where they are printable.
struct Ascii<'a>(&'a [u8; 7]);

impl Ascii<'_> {
    /// The bytes as text, unquoted.
    fn text(&self) -> AsciiText<'_> {
        AsciiText(self.0)
    }
}

/// [`Ascii`] without the quotes.
struct AsciiText<'a>(&'a [u8; 7]);

impl fmt::Display for AsciiText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &b in self.0 {
            if b.is_ascii_graphic() {
                write!(f, "{}", b as char)?;
            } else {
                write!(f, "\\x{b:02x}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Ascii<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\"", self.text())
    }
}
