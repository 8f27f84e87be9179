//! Error types of the codec ([`Error`]) and of the envelope ([`EnvelopeError`]).

use core::fmt;

use crate::envelope::Mode;

/// Which configurable [`Limits`](crate::Limits) field a [`Error::LimitExceeded`]
/// refers to.
///
/// ```
/// use ubjson_envelope::{Error, Limit, Value};
///
/// // `S U 05 "hello"` with a maximum length of 4 bytes.
/// let limits = ubjson_envelope::Limits::default().with_max_len(4);
/// let err = Value::from_slice_with(b"SU\x05hello", &limits).unwrap_err();
/// assert!(matches!(err, Error::LimitExceeded { limit: Limit::Length, .. }));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Limit {
    /// [`Limits::max_len`](crate::Limits::max_len): bytes in one string, key,
    /// high-precision number or binary (`[$U#`) value.
    Length,
    /// [`Limits::max_count`](crate::Limits::max_count): elements or entries in
    /// one container.
    Count,
    /// [`Limits::max_zero_size_elements`](crate::Limits::max_zero_size_elements):
    /// elements of typed `$Z`/`$T`/`$F` arrays in one document, which take no
    /// input bytes each.
    ZeroSizeElements,
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Limit::Length => "length",
            Limit::Count => "element count",
            Limit::ZeroSizeElements => "zero-size element",
        })
    }
}

/// An error found while decoding UBJSON.
///
/// Every variant carries the byte `offset` in the input at which the problem
/// was found; see [`Error::offset`] for what it points at in each case.
/// Messages are lowercase and carry no trailing period.
///
/// ```
/// use ubjson_envelope::{Error, Value};
///
/// // A string whose length is the int8 -1.
/// let err = Value::from_slice(b"Si\xFF").unwrap_err();
/// assert_eq!(err, Error::NegativeLength { value: -1, offset: 1 });
/// assert_eq!(err.offset(), 1);
/// assert_eq!(err.to_string(), "negative length or count -1 at offset 1");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Error {
    /// The input ended inside a value. `offset` is where the incomplete item
    /// (marker, integer, or fixed-size payload) starts.
    UnexpectedEnd {
        /// Offset of the item that could not be read completely.
        offset: usize,
    },
    /// A byte that is not a Draft 12 marker where a value was expected.
    UnknownMarker {
        /// The byte found.
        marker: u8,
        /// Its offset.
        offset: usize,
    },
    /// A Draft 12 marker that is not allowed here: an end marker outside its
    /// container (`]` at top level, `}` inside an array), `$` or `#` in place
    /// of a value, or a no-op `N` at top level or between an object key and
    /// its value.
    UnexpectedMarker {
        /// The byte found.
        marker: u8,
        /// Its offset.
        offset: usize,
    },
    /// A length or count (or an object key's length) not introduced by one of
    /// the integer markers `i U I l L`.
    ExpectedLength {
        /// The byte found instead.
        marker: u8,
        /// Its offset.
        offset: usize,
    },
    /// A negative length or count.
    NegativeLength {
        /// The decoded (negative) value.
        value: i64,
        /// Offset of the integer's marker.
        offset: usize,
    },
    /// A length or count that cannot possibly fit in the rest of the input
    /// (every element of such a container needs at least one byte; a count
    /// inside a counted container, in the bytes its later elements do not
    /// need). Reported before anything is allocated.
    LengthExceedsInput {
        /// The declared length (bytes) or count (elements).
        length: u64,
        /// Bytes left in the input after the length (for a count, those that
        /// the enclosing counted containers' later elements do not need).
        remaining: usize,
        /// Offset of the length's marker.
        offset: usize,
    },
    /// `$` (container type) not directly followed by `#` (count).
    TypeWithoutCount {
        /// Offset of the byte that should have been `#`.
        offset: usize,
    },
    /// The byte after `$` is not a valid element type (`N`, `]`, `}`, `$`,
    /// `#` or an unknown byte).
    InvalidContainerType {
        /// The byte found.
        marker: u8,
        /// Its offset.
        offset: usize,
    },
    /// A `C` (char) value above 127.
    InvalidChar {
        /// The byte found.
        value: u8,
        /// Offset of that byte (just after the `C`).
        offset: usize,
    },
    /// A string, object key or high-precision number that is not valid UTF-8.
    InvalidUtf8 {
        /// Offset of the first byte that is not valid UTF-8.
        offset: usize,
    },
    /// A high-precision (`H`) number whose text is not in JSON number syntax.
    InvalidHighPrecision {
        /// Offset of the first byte of the number's text.
        offset: usize,
    },
    /// Containers nested deeper than [`Limits::max_depth`](crate::Limits::max_depth).
    DepthLimitExceeded {
        /// The configured maximum depth.
        limit: usize,
        /// Offset of the container start that went one level too deep.
        offset: usize,
    },
    /// A configurable limit other than depth was exceeded.
    LimitExceeded {
        /// Which limit.
        limit: Limit,
        /// The requested amount (length, count, or running total).
        value: u64,
        /// The configured maximum.
        max: u64,
        /// Offset of the length or count, or of the element over the limit.
        offset: usize,
    },
    /// The memory for a typed `$Z`/`$T`/`$F` array could not be reserved.
    /// Its elements take no input bytes, so only
    /// [`Limits::max_count`](crate::Limits::max_count) and
    /// [`Limits::max_zero_size_elements`](crate::Limits::max_zero_size_elements)
    /// bound them; with both lifted, a count whose array the allocator refuses
    /// (or whose size in bytes overflows) gets this error instead of a panic
    /// or an abort. Under the default limits it does not occur. An allocator
    /// that overcommits may grant a reservation that filling it then
    /// exhausts: lifting the limits hands that bound to the system.
    AllocationFailed {
        /// The array's element count.
        count: u64,
        /// Offset of the count's marker.
        offset: usize,
    },
    /// Bytes after the end of the top-level value.
    TrailingBytes {
        /// Offset of the first byte after the value.
        offset: usize,
    },
}

impl Error {
    /// The byte offset in the input at which the error was found.
    ///
    /// ```
    /// use ubjson_envelope::Value;
    ///
    /// // `Z` followed by a stray byte.
    /// assert_eq!(Value::from_slice(b"ZZ").unwrap_err().offset(), 1);
    /// ```
    #[must_use]
    pub const fn offset(&self) -> usize {
        match *self {
            Error::UnexpectedEnd { offset }
            | Error::UnknownMarker { offset, .. }
            | Error::UnexpectedMarker { offset, .. }
            | Error::ExpectedLength { offset, .. }
            | Error::NegativeLength { offset, .. }
            | Error::LengthExceedsInput { offset, .. }
            | Error::TypeWithoutCount { offset }
            | Error::InvalidContainerType { offset, .. }
            | Error::InvalidChar { offset, .. }
            | Error::InvalidUtf8 { offset }
            | Error::InvalidHighPrecision { offset }
            | Error::DepthLimitExceeded { offset, .. }
            | Error::LimitExceeded { offset, .. }
            | Error::AllocationFailed { offset, .. }
            | Error::TrailingBytes { offset } => offset,
        }
    }
}

/// Formats a byte as `0x5b (`[`)`, or just `0x80` when it is not printable ASCII.
struct ByteDisplay(u8);

impl fmt::Display for ByteDisplay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_ascii_graphic() {
            write!(f, "0x{:02x} (`{}`)", self.0, char::from(self.0))
        } else {
            write!(f, "0x{:02x}", self.0)
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Error::UnexpectedEnd { offset } => {
                write!(f, "unexpected end of input at offset {offset}")
            }
            Error::UnknownMarker { marker, offset } => {
                write!(f, "unknown marker {} at offset {offset}", ByteDisplay(marker))
            }
            Error::UnexpectedMarker { marker, offset } => {
                write!(
                    f,
                    "marker {} not allowed here at offset {offset}",
                    ByteDisplay(marker)
                )
            }
            Error::ExpectedLength { marker, offset } => write!(
                f,
                "expected an integer length or count (`i`, `U`, `I`, `l`, `L`), found {} at offset {offset}",
                ByteDisplay(marker)
            ),
            Error::NegativeLength { value, offset } => {
                write!(f, "negative length or count {value} at offset {offset}")
            }
            Error::LengthExceedsInput {
                length,
                remaining,
                offset,
            } => write!(
                f,
                "length or count {length} at offset {offset} exceeds the {remaining} bytes left in the input"
            ),
            Error::TypeWithoutCount { offset } => write!(
                f,
                "container type `$` must be followed by a count `#` at offset {offset}"
            ),
            Error::InvalidContainerType { marker, offset } => write!(
                f,
                "invalid container element type {} at offset {offset}",
                ByteDisplay(marker)
            ),
            Error::InvalidChar { value, offset } => write!(
                f,
                "char value {value} above 127 at offset {offset}"
            ),
            Error::InvalidUtf8 { offset } => write!(f, "invalid utf-8 at offset {offset}"),
            Error::InvalidHighPrecision { offset } => write!(
                f,
                "high-precision number at offset {offset} is not in json number syntax"
            ),
            Error::DepthLimitExceeded { limit, offset } => write!(
                f,
                "containers nested deeper than the limit of {limit} at offset {offset}"
            ),
            Error::LimitExceeded {
                limit,
                value,
                max,
                offset,
            } => write!(
                f,
                "{limit} limit exceeded at offset {offset}: {value} > {max}"
            ),
            Error::AllocationFailed { count, offset } => write!(
                f,
                "cannot allocate a container of {count} elements at offset {offset}"
            ),
            Error::TrailingBytes { offset } => {
                write!(f, "trailing bytes after the value at offset {offset}")
            }
        }
    }
}

impl core::error::Error for Error {}

/// The two keys of an envelope, as named in [`EnvelopeError`]s.
///
/// ```
/// use ubjson_envelope::EnvelopeKey;
///
/// assert_eq!(EnvelopeKey::Kind.as_str(), "kind");
/// assert_eq!(EnvelopeKey::Payload.to_string(), "`payload`");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EnvelopeKey {
    /// The `kind` key (an integer).
    Kind,
    /// The `payload` key (a uint8 typed array).
    Payload,
}

impl EnvelopeKey {
    /// The key's text.
    ///
    /// ```
    /// assert_eq!(ubjson_envelope::EnvelopeKey::Payload.as_str(), "payload");
    /// ```
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            EnvelopeKey::Kind => "kind",
            EnvelopeKey::Payload => "payload",
        }
    }
}

impl fmt::Display for EnvelopeKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`", self.as_str())
    }
}

/// An error from wrapping or unwrapping an envelope, or from the typed
/// helpers that encode or decode its payload.
///
/// ```
/// use ubjson_envelope::{unwrap, EnvelopeError, EnvelopeKey};
///
/// // `{ U 04 "kind" i 01 }`: no payload.
/// let err = unwrap(b"{U\x04kindi\x01}").unwrap_err();
/// assert_eq!(err, EnvelopeError::MissingKey { key: EnvelopeKey::Payload });
/// assert_eq!(err.to_string(), "envelope has no `payload` key");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum EnvelopeError {
    /// The bytes are not well-formed UBJSON (truncation, a negative length,
    /// trailing bytes, …).
    Malformed(Error),
    /// The top-level value is not an object.
    NotAnObject {
        /// The first byte of the input.
        marker: u8,
        /// Its offset (always 0).
        offset: usize,
    },
    /// A required key is absent.
    MissingKey {
        /// The key that is missing.
        key: EnvelopeKey,
    },
    /// A key appears twice.
    DuplicateKey {
        /// The repeated key.
        key: EnvelopeKey,
        /// Offset of the second occurrence's length marker.
        offset: usize,
    },
    /// A key other than `kind` and `payload`. Envelopes are a closed schema:
    /// extra keys are rejected rather than ignored.
    UnknownKey {
        /// Offset of the key's length marker.
        offset: usize,
    },
    /// The `kind` value is not an integer (`i U I l L`).
    KindNotInteger {
        /// The marker found.
        marker: u8,
        /// Its offset.
        offset: usize,
    },
    /// The `payload` value is not a uint8 typed array (`[$U#n`).
    PayloadNotBinary {
        /// Offset of the value's first byte.
        offset: usize,
    },
    /// The kind does not fit the integer width that the [`Mode`] requires
    /// (an `i32` for [`Mode::FixedInt32`]).
    KindOutOfRange {
        /// The kind.
        kind: i64,
        /// The mode it was written with.
        mode: Mode,
    },
    /// The payload is longer than the [`Mode`] can express (`i32::MAX` bytes
    /// for [`Mode::FixedInt32`], `i64::MAX` for [`Mode::Minimal`], the
    /// widest UBJSON count).
    PayloadTooLong {
        /// The payload length in bytes.
        len: usize,
        /// The largest length the mode allows.
        max: usize,
    },
    /// The envelope's kind is not the one the caller expected.
    KindMismatch {
        /// The kind that was expected.
        expected: i64,
        /// The kind found in the envelope.
        found: i64,
    },
    /// No handler is registered for this kind (see
    /// [`Dispatcher`](crate::Dispatcher)).
    UnknownKind {
        /// The kind found in the envelope.
        kind: i64,
    },
    /// The record wrote another number of bytes than
    /// [`encoded_len`](packed_core::encoded_len) counted for it just before, so the
    /// count already in the header would be wrong: its [`Encode`](packed_core::Encode)
    /// impl (a hand-written one, or a `with` module) does not write the same bytes
    /// each time. Nothing was appended.
    PayloadLengthChanged {
        /// The bytes counted, as the header's count says.
        counted: usize,
        /// The bytes the record then wrote.
        written: usize,
    },
    /// Encoding a typed payload failed, with the field path where it did.
    Encode(packed_core::Error<packed_core::EncodeError>),
    /// Decoding a typed payload failed, with the field path where it did. Offsets
    /// in the inner error count from the start of the payload, not of the envelope.
    Decode(packed_core::Error<packed_core::DecodeError>),
}

impl EnvelopeError {
    /// The byte offset of the problem in the envelope, when there is one.
    ///
    /// ```
    /// use ubjson_envelope::unwrap;
    ///
    /// assert_eq!(unwrap(b"[]").unwrap_err().offset(), Some(0));
    /// ```
    #[must_use]
    pub fn offset(&self) -> Option<usize> {
        match *self {
            EnvelopeError::Malformed(ref e) => Some(e.offset()),
            EnvelopeError::NotAnObject { offset, .. }
            | EnvelopeError::DuplicateKey { offset, .. }
            | EnvelopeError::UnknownKey { offset }
            | EnvelopeError::KindNotInteger { offset, .. }
            | EnvelopeError::PayloadNotBinary { offset } => Some(offset),
            _ => None,
        }
    }
}

impl fmt::Display for EnvelopeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EnvelopeError::Malformed(e) => write!(f, "malformed envelope: {e}"),
            EnvelopeError::NotAnObject { marker, offset } => write!(
                f,
                "envelope must be an object, found {} at offset {offset}",
                ByteDisplay(*marker)
            ),
            EnvelopeError::MissingKey { key } => write!(f, "envelope has no {key} key"),
            EnvelopeError::DuplicateKey { key, offset } => {
                write!(f, "duplicate envelope key {key} at offset {offset}")
            }
            EnvelopeError::UnknownKey { offset } => write!(
                f,
                "unknown envelope key at offset {offset}; expected `kind` or `payload`"
            ),
            EnvelopeError::KindNotInteger { marker, offset } => write!(
                f,
                "envelope `kind` must be an integer, found {} at offset {offset}",
                ByteDisplay(*marker)
            ),
            EnvelopeError::PayloadNotBinary { offset } => write!(
                f,
                "envelope `payload` at offset {offset} is not a uint8 typed array (`[$U#`)"
            ),
            EnvelopeError::KindOutOfRange { kind, mode } => {
                write!(f, "kind {kind} does not fit the {mode} envelope mode")
            }
            EnvelopeError::PayloadTooLong { len, max } => write!(
                f,
                "payload of {len} bytes is longer than the {max} bytes the envelope mode allows"
            ),
            EnvelopeError::KindMismatch { expected, found } => {
                write!(f, "expected envelope kind {expected}, found {found}")
            }
            EnvelopeError::UnknownKind { kind } => {
                write!(f, "no handler for envelope kind {kind}")
            }
            EnvelopeError::PayloadLengthChanged { counted, written } => write!(
                f,
                "the record wrote {written} bytes after counting {counted}: \
                 its `Encode` impl is not deterministic"
            ),
            EnvelopeError::Encode(e) => write!(f, "cannot encode payload: {e}"),
            EnvelopeError::Decode(e) => write!(f, "cannot decode payload: {e}"),
        }
    }
}

impl core::error::Error for EnvelopeError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            EnvelopeError::Malformed(e) => Some(e),
            EnvelopeError::Encode(e) => Some(e),
            EnvelopeError::Decode(e) => Some(e),
            _ => None,
        }
    }
}

impl From<Error> for EnvelopeError {
    fn from(e: Error) -> Self {
        EnvelopeError::Malformed(e)
    }
}

impl From<packed_core::DecodeError> for EnvelopeError {
    fn from(e: packed_core::DecodeError) -> Self {
        EnvelopeError::Decode(e.into())
    }
}

impl From<packed_core::Error<packed_core::DecodeError>> for EnvelopeError {
    fn from(e: packed_core::Error<packed_core::DecodeError>) -> Self {
        EnvelopeError::Decode(e)
    }
}

impl From<packed_core::EncodeError> for EnvelopeError {
    fn from(e: packed_core::EncodeError) -> Self {
        EnvelopeError::Encode(e.into())
    }
}

impl From<packed_core::Error<packed_core::EncodeError>> for EnvelopeError {
    fn from(e: packed_core::Error<packed_core::EncodeError>) -> Self {
        EnvelopeError::Encode(e)
    }
}
