//! The `kind` + `payload` envelope over raw payload bytes: [`wrap`],
//! [`wrap_into`], [`unwrap`] and [`envelope_len`].
//!
//! An envelope is the UBJSON object `{"kind": <integer>, "payload": <bytes>}`,
//! the payload being a strongly typed uint8 array `[$U#n`:
//!
//! ```text
//! 7B                      {
//! 55 04 6B 69 6E 64       key  U 4 "kind"         (keys carry no `S`)
//! 69 01                   kind i 1
//! 55 07 70 61 … 64        key  U 7 "payload"
//! 5B 24 55 23 55 02       [ $ U # U 2
//! AB AB                   the payload's bytes
//! 7D                      }
//! ```

use alloc::vec::Vec;
use core::convert::Infallible;
use core::fmt;

use crate::error::{EnvelopeError, EnvelopeKey, Error};
use crate::marker::Marker;
use crate::read::{ContainerHeader, Cursor};
use crate::write::{int_marker, into_ok, len_marker, len_to_i64, put_int_as, ByteCount, Measured};

/// How an envelope's integers (key lengths, kind, payload count) are written.
///
/// | payload bytes | [`Minimal`](Mode::Minimal) overhead | [`FixedInt32`](Mode::FixedInt32) overhead |
/// | --- | --- | --- |
/// | 0..=255 | 25 | 37 |
/// | 256..=32767 | 26 | 37 |
/// | 32768..=2^31−1 | 28 | 37 |
/// | 2^31.. | 32 | (error) |
///
/// (Minimal, with a kind in -128..=127; a kind in 128..=255 or a wider one
/// adds 0, 1, 3 or 7 bytes.) [`unwrap`] reads both modes, and any other
/// valid integer markers.
///
/// ```
/// use ubjson_envelope::{envelope_len, Mode};
///
/// assert_eq!(envelope_len(1, 100, Mode::Minimal)? - 100, 25);
/// assert_eq!(envelope_len(1, 100, Mode::FixedInt32)? - 100, 37);
/// assert_eq!(Mode::default(), Mode::Minimal);
/// # Ok::<(), ubjson_envelope::EnvelopeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Mode {
    /// The smallest integer marker everywhere: key lengths and the payload
    /// count as `U` up to 255, then `I`, `l`, `L`; the kind as `i` for
    /// -128..=127, `U` for 128..=255, then `I`, `l`, `L`. Byte-identical to
    /// `serde_ubjson` writing the same map.
    #[default]
    Minimal,
    /// Every key length, the kind and the count as `l` + 4 big-endian bytes:
    /// 37 bytes of overhead, byte-identical to the seed benchmark's C writer
    /// (`ser_ubj.c`), whose reader accepts only this form. A kind or payload
    /// length that does not fit an `i32` is an error.
    FixedInt32,
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mode::Minimal => "minimal",
            Mode::FixedInt32 => "fixed-int32",
        })
    }
}

const KIND: &[u8] = b"kind";
const PAYLOAD: &[u8] = b"payload";
/// What a uint8 typed array begins with, before its count.
const BINARY_START: &[u8] = b"[$U#";
/// What follows the payload's bytes: the end of the object.
pub(crate) const END: &[u8] = b"}";

/// `i32::MAX` as a `usize` (every supported target has `usize` ≥ 32 bits).
const FIXED_MAX_LEN: usize = 0x7FFF_FFFF;
/// The longest payload an `L` (int64) count can give: `i64::MAX`, or on a
/// 32-bit target (where the cast keeps the low bits) `usize::MAX`.
const MINIMAL_MAX_LEN: usize = i64::MAX as usize;

/// An envelope's header, everything before the payload's bytes: `{`, the key
/// `kind` and its integer, the key `payload` and the `[$U#n` that opens the
/// payload.
///
/// [`Header::new`] checks that the mode can express the kind and the count,
/// so writing a `Header` cannot fail. Its length, and the places of its parts
/// that [`explain`](crate::explain) shows, come from the same writer.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Header {
    kind: i64,
    payload_len: usize,
    mode: Mode,
}

/// Where the parts of a written [`Header`] begin, in bytes from its `{`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct HeaderSpans {
    /// The kind's integer.
    pub(crate) kind: usize,
    /// The key `payload`.
    pub(crate) payload_key: usize,
    /// The payload's count, after `[$U#`.
    pub(crate) count: usize,
    /// The end of the header, where the payload's bytes begin.
    pub(crate) end: usize,
}

impl Header {
    /// The header for this kind and payload length.
    ///
    /// # Errors
    ///
    /// [`EnvelopeError::KindOutOfRange`] or [`EnvelopeError::PayloadTooLong`]
    /// when the mode cannot express the kind or the length.
    #[inline]
    pub(crate) fn new(kind: i64, payload_len: usize, mode: Mode) -> Result<Self, EnvelopeError> {
        if mode == Mode::FixedInt32 {
            if i32::try_from(kind).is_err() {
                return Err(EnvelopeError::KindOutOfRange { kind, mode });
            }
            if i32::try_from(payload_len).is_err() {
                return Err(EnvelopeError::PayloadTooLong {
                    len: payload_len,
                    max: FIXED_MAX_LEN,
                });
            }
        }
        // The widest count, `L`, is an int64: a longer payload has no count
        // (writing one would saturate it to i64::MAX). Only `envelope_len`
        // can ask: a byte slice is at most isize::MAX long.
        if i64::try_from(payload_len).is_err() {
            return Err(EnvelopeError::PayloadTooLong {
                len: payload_len,
                max: MINIMAL_MAX_LEN,
            });
        }
        Ok(Header {
            kind,
            payload_len,
            mode,
        })
    }

    /// Writes the header and returns where its parts begin.
    #[inline]
    pub(crate) fn write<S: Measured>(self, s: &mut S) -> HeaderSpans {
        into_ok(self.put(s))
    }

    #[inline]
    fn put<S: Measured>(self, s: &mut S) -> Result<HeaderSpans, Infallible> {
        // Matching the mode once, out here, leaves `put_with` constant
        // markers to write where the mode fixes them.
        match self.mode {
            Mode::Minimal => self.put_with(s, len_marker, int_marker),
            Mode::FixedInt32 => self.put_with(s, |_| Marker::Int32, |_| Marker::Int32),
        }
    }

    /// The header's one layout; the mode only chooses the integers' markers:
    /// `len_marker` for the keys' lengths and the payload's count,
    /// `kind_marker` for the kind. [`Header::new`] checked that each value
    /// fits its marker.
    #[inline]
    fn put_with<S: Measured>(
        self,
        s: &mut S,
        len_marker: impl Fn(usize) -> Marker,
        kind_marker: impl Fn(i64) -> Marker,
    ) -> Result<HeaderSpans, Infallible> {
        let put_len = |s: &mut S, len: usize| put_int_as(s, len_marker(len), len_to_i64(len));
        let start = s.position();
        s.put_byte(Marker::ObjectStart.byte())?;
        // Keys carry no `S`: a length, then the bytes.
        put_len(s, KIND.len())?;
        s.put(KIND)?;
        let kind = s.position() - start;
        put_int_as(s, kind_marker(self.kind), self.kind)?;
        let payload_key = s.position() - start;
        put_len(s, PAYLOAD.len())?;
        s.put(PAYLOAD)?;
        s.put(BINARY_START)?;
        let count = s.position() - start;
        put_len(s, self.payload_len)?;
        Ok(HeaderSpans {
            kind,
            payload_key,
            count,
            end: s.position() - start,
        })
    }

    /// The bytes of the whole envelope: the header, the payload and [`END`].
    #[inline]
    pub(crate) fn envelope_len(self) -> Result<usize, EnvelopeError> {
        let header = self.write(&mut ByteCount::default()).end;
        header
            .checked_add(self.payload_len)
            .and_then(|n| n.checked_add(END.len()))
            .ok_or(EnvelopeError::PayloadTooLong {
                len: self.payload_len,
                max: usize::MAX - header - END.len(),
            })
    }

    /// Reserves room for the whole envelope in `out`, exactly and once, and
    /// writes the header; returns the envelope's length. The caller appends
    /// `payload_len` bytes and [`END`].
    #[inline]
    pub(crate) fn begin(self, out: &mut Vec<u8>) -> Result<usize, EnvelopeError> {
        let total = self.envelope_len()?;
        out.reserve(total);
        self.write(out);
        Ok(total)
    }
}

/// The exact size in bytes of the envelope [`wrap`] writes for this kind,
/// payload length and mode (the overhead is this minus `payload_len`).
///
/// # Errors
///
/// [`EnvelopeError::KindOutOfRange`] or [`EnvelopeError::PayloadTooLong`]
/// when the mode cannot express the kind or length.
///
/// ```
/// use ubjson_envelope::{envelope_len, Mode};
///
/// assert_eq!(envelope_len(1, 0, Mode::Minimal)?, 25);
/// assert_eq!(envelope_len(1, 256, Mode::Minimal)?, 256 + 26);
/// assert_eq!(envelope_len(1, 40_000, Mode::Minimal)?, 40_000 + 28);
/// assert_eq!(envelope_len(1, 40_000, Mode::FixedInt32)?, 40_000 + 37);
/// assert!(envelope_len(1 << 40, 0, Mode::FixedInt32).is_err());
/// # Ok::<(), ubjson_envelope::EnvelopeError>(())
/// ```
pub fn envelope_len(kind: i64, payload_len: usize, mode: Mode) -> Result<usize, EnvelopeError> {
    Header::new(kind, payload_len, mode)?.envelope_len()
}

/// Wraps a payload in an envelope, in a new vector of exactly the right
/// size.
///
/// # Errors
///
/// In [`Mode::FixedInt32`], [`EnvelopeError::KindOutOfRange`] for a kind
/// outside `i32` and [`EnvelopeError::PayloadTooLong`] for a payload over
/// `i32::MAX` bytes. [`Mode::Minimal`] never fails.
///
/// ```
/// use ubjson_envelope::{wrap, Mode};
///
/// let bytes = wrap(1, &[0xAB, 0xAB], Mode::Minimal)?;
/// let mut expected = vec![0x7B, b'U', 4];
/// expected.extend_from_slice(b"kind");
/// expected.extend_from_slice(&[b'i', 1, b'U', 7]);
/// expected.extend_from_slice(b"payload");
/// expected.extend_from_slice(&[b'[', b'$', b'U', b'#', b'U', 2, 0xAB, 0xAB, b'}']);
/// assert_eq!(bytes, expected);
///
/// let fixed = wrap(1, &[0xAB, 0xAB], Mode::FixedInt32)?;
/// assert_eq!(fixed.len(), 37 + 2);
/// assert_eq!(&fixed[..10], b"{l\x00\x00\x00\x04kind");
/// # Ok::<(), ubjson_envelope::EnvelopeError>(())
/// ```
pub fn wrap(kind: i64, payload: &[u8], mode: Mode) -> Result<Vec<u8>, EnvelopeError> {
    let mut out = Vec::new();
    wrap_into(kind, payload, mode, &mut out)?;
    Ok(out)
}

/// Appends an envelope to `out`, reserving exactly once; returns the number
/// of bytes appended. On error nothing is written.
///
/// Reuse one buffer across messages to avoid allocating per message.
///
/// # Errors
///
/// As for [`wrap`].
///
/// ```
/// use ubjson_envelope::{unwrap, wrap_into, Mode};
///
/// let mut buf = Vec::new();
/// for kind in 0..3 {
///     buf.clear();
///     let n = wrap_into(kind, b"hello", Mode::Minimal, &mut buf)?;
///     assert_eq!(n, buf.len());
///     assert_eq!(unwrap(&buf)?, (kind, &b"hello"[..]));
/// }
/// # Ok::<(), ubjson_envelope::EnvelopeError>(())
/// ```
pub fn wrap_into(
    kind: i64,
    payload: &[u8],
    mode: Mode,
    out: &mut Vec<u8>,
) -> Result<usize, EnvelopeError> {
    let total = Header::new(kind, payload.len(), mode)?.begin(out)?;
    out.extend_from_slice(payload);
    out.extend_from_slice(END);
    Ok(total)
}

/// Reads an envelope, returning its kind and its payload, borrowed from
/// `bytes` (no copy).
///
/// Accepted: both keys in either order; any integer marker (`i U I l L`) for
/// key lengths, the kind and the payload count (so both [`Mode`]s and other
/// writers such as `py-ubjson`); a plain object (`{` … `}`) or a counted one
/// (`{#n` …, no `}`); no-ops `N` before a key or the closing `}`.
///
/// Rejected: a top-level value that is not an object; a missing or repeated
/// key; any other key (envelopes are a closed schema: an unknown key is an
/// error, not ignored); a kind that is not an integer; a payload that is not
/// a uint8 typed array `[$U#n` (an untyped array of small integers is
/// rejected too); bytes after the object; and all malformed UBJSON.
///
/// # Errors
///
/// The [`EnvelopeError`] variant for each case above;
/// [`EnvelopeError::Malformed`] wraps the codec's [`Error`] for malformed
/// UBJSON.
///
/// ```
/// use ubjson_envelope::{unwrap, EnvelopeError, EnvelopeKey, Error};
///
/// // Keys in the other order, payload count as `i`, kind as `L`.
/// let bytes = b"{U\x07payload[$U#i\x01\xFFU\x04kindL\x00\x00\x00\x00\x00\x00\x01\x00}";
/// assert_eq!(unwrap(bytes)?, (256, &[0xFF][..]));
///
/// // A counted object: no closing brace.
/// assert_eq!(unwrap(b"{#U\x02U\x04kindi\x05U\x07payload[$U#U\x00")?, (5, &[][..]));
///
/// assert_eq!(
///     unwrap(b"{U\x04kindi\x05U\x04kindi\x05}"),
///     Err(EnvelopeError::DuplicateKey { key: EnvelopeKey::Kind, offset: 9 })
/// );
/// assert_eq!(
///     unwrap(b"{U\x04kindi\x05U\x07payload[$U#U\x00}Z"),
///     Err(EnvelopeError::Malformed(Error::TrailingBytes { offset: 25 }))
/// );
/// # Ok::<(), EnvelopeError>(())
/// ```
pub fn unwrap(bytes: &[u8]) -> Result<(i64, &[u8]), EnvelopeError> {
    let mut cur = Cursor::new(bytes);
    let first = cur.byte()?;
    if first != b'{' {
        return Err(EnvelopeError::NotAnObject {
            marker: first,
            offset: 0,
        });
    }
    let (ty, count) = match cur.container_header()? {
        ContainerHeader::Plain => (None, None),
        ContainerHeader::Counted { count, .. } => (None, Some(count)),
        ContainerHeader::Typed { ty, count, .. } => (Some(ty), Some(count)),
    };

    let mut kind = None;
    let mut payload = None;
    let mut seen: u64 = 0;
    loop {
        if count == Some(seen) {
            break;
        }
        let at = cur.pos();
        match cur.peek() {
            Some(b'}') if count.is_none() => {
                cur.skip_byte();
                break;
            }
            Some(b'N') => {
                cur.skip_byte();
                continue;
            }
            _ => {}
        }
        let key = match cur.len_prefixed(u64::MAX)? {
            KIND => EnvelopeKey::Kind,
            PAYLOAD => EnvelopeKey::Payload,
            // Our keys are ASCII, so only another key's text needs checking:
            // malformed UTF-8 is reported as such, before the unknown key.
            other => {
                cur.utf8(other)?;
                return Err(EnvelopeError::UnknownKey { offset: at });
            }
        };
        let already = match key {
            EnvelopeKey::Kind => kind.is_some(),
            EnvelopeKey::Payload => payload.is_some(),
        };
        if already {
            return Err(EnvelopeError::DuplicateKey { key, offset: at });
        }
        let value_at = cur.pos();
        let marker = match ty {
            Some(ty) => ty.byte(),
            None => cur.byte()?,
        };
        match key {
            EnvelopeKey::Kind => {
                kind = Some(cur.int_body(marker)?.ok_or(EnvelopeError::KindNotInteger {
                    marker,
                    offset: value_at,
                })?);
            }
            EnvelopeKey::Payload => payload = Some(read_payload(&mut cur, marker, value_at)?),
        }
        seen += 1;
    }
    if cur.remaining() > 0 {
        return Err(Error::TrailingBytes { offset: cur.pos() }.into());
    }
    let kind = kind.ok_or(EnvelopeError::MissingKey {
        key: EnvelopeKey::Kind,
    })?;
    let payload = payload.ok_or(EnvelopeError::MissingKey {
        key: EnvelopeKey::Payload,
    })?;
    Ok((kind, payload))
}

/// Reads `[$U#n` + n bytes, the `[` being `marker`.
fn read_payload<'a>(
    cur: &mut Cursor<'a>,
    marker: u8,
    offset: usize,
) -> Result<&'a [u8], EnvelopeError> {
    let not_binary = EnvelopeError::PayloadNotBinary { offset };
    // Anything but `[$U` is the wrong type, whatever follows it; from the `#`
    // on, the container header's own errors say what is malformed.
    if marker != b'[' || !cur.rest().starts_with(b"$U") {
        return Err(not_binary);
    }
    match cur.container_header()? {
        ContainerHeader::Typed {
            ty: Marker::UInt8,
            count,
            offset,
        } => Ok(cur.take_len(count, offset, u64::MAX)?),
        _ => Err(not_binary),
    }
}
