//! Envelopes around `packed-core` records: the kind comes from the type's
//! [`Kind`] (`#[packed(kind = N)]`), the payload from its [`Encode`] /
//! [`Decode`] impl.

use alloc::vec::Vec;

use packed_core::{Decode, Encode, Kind};

use crate::envelope::{unwrap, Header, Mode, END};
use crate::error::EnvelopeError;

/// Encodes a record inside a [`Mode::Minimal`] envelope whose kind is
/// `T::KIND`.
///
/// # Errors
///
/// [`EnvelopeError::Encode`] if the record cannot be encoded.
///
/// ```
/// use packed_core::Packed;
///
/// #[derive(Packed, Debug, PartialEq)]
/// #[packed(kind = 7)]
/// struct Ping { seq: u16 }
///
/// let bytes = ubjson_envelope::to_vec(&Ping { seq: 0x0102 })?;
/// // `{ U 4 "kind" i 7 U 7 "payload" [$U# U 2` + the record (little-endian u16) + `}`.
/// assert_eq!(&bytes[7..9], [b'i', 7]);
/// assert_eq!(&bytes[bytes.len() - 3..], [0x02, 0x01, b'}']);
/// assert_eq!(ubjson_envelope::from_slice::<Ping>(&bytes)?, Ping { seq: 0x0102 });
/// # Ok::<(), ubjson_envelope::EnvelopeError>(())
/// ```
pub fn to_vec<T: Encode + Kind + ?Sized>(value: &T) -> Result<Vec<u8>, EnvelopeError> {
    to_vec_with(value, Mode::Minimal)
}

/// Encodes a record inside an envelope of the given [`Mode`].
///
/// # Errors
///
/// [`EnvelopeError::Encode`] if the record cannot be encoded;
/// [`EnvelopeError::KindOutOfRange`] or [`EnvelopeError::PayloadTooLong`]
/// if the mode cannot express the kind or the payload length;
/// [`EnvelopeError::PayloadLengthChanged`] if the record writes another number
/// of bytes than it was counted at (an `Encode` impl that is not deterministic).
///
/// ```
/// use packed_core::Packed;
/// use ubjson_envelope::Mode;
///
/// #[derive(Packed)]
/// #[packed(kind = 1)]
/// struct Empty {}
///
/// assert_eq!(ubjson_envelope::to_vec_with(&Empty {}, Mode::FixedInt32)?.len(), 37);
/// assert_eq!(ubjson_envelope::to_vec_with(&Empty {}, Mode::Minimal)?.len(), 25);
/// # Ok::<(), ubjson_envelope::EnvelopeError>(())
/// ```
pub fn to_vec_with<T: Encode + Kind + ?Sized>(
    value: &T,
    mode: Mode,
) -> Result<Vec<u8>, EnvelopeError> {
    let mut out = Vec::new();
    write_into(value, mode, &mut out)?;
    Ok(out)
}

/// Appends a record inside an envelope of the given [`Mode`] to `out`,
/// reserving exactly once, and returns the number of bytes appended. On error
/// `out` is left as it was.
///
/// # Errors
///
/// As for [`to_vec_with`].
///
/// ```
/// use packed_core::Packed;
/// use ubjson_envelope::Mode;
///
/// #[derive(Packed)]
/// #[packed(kind = 2)]
/// struct Tick { n: u8 }
///
/// let mut buf = Vec::new();
/// let written = ubjson_envelope::write_into(&Tick { n: 9 }, Mode::Minimal, &mut buf)?;
/// assert_eq!(written, 26);
/// assert_eq!(ubjson_envelope::unwrap(&buf)?, (2, &[9u8][..]));
/// # Ok::<(), ubjson_envelope::EnvelopeError>(())
/// ```
pub fn write_into<T: Encode + Kind + ?Sized>(
    value: &T,
    mode: Mode,
    out: &mut Vec<u8>,
) -> Result<usize, EnvelopeError> {
    let payload_len = packed_core::encoded_len(value)?;
    let start = out.len();
    let total = Header::new(T::KIND, payload_len, mode)?.begin(out)?;
    match packed_core::encode_into(value, out) {
        Ok(written) if written == payload_len => {
            out.extend_from_slice(END);
            Ok(total)
        }
        Ok(written) => {
            out.truncate(start);
            Err(EnvelopeError::PayloadLengthChanged {
                counted: payload_len,
                written,
            })
        }
        Err(e) => {
            out.truncate(start);
            Err(e.into())
        }
    }
}

/// Decodes a record from an envelope, checking that its kind is `T::KIND`.
/// The record may borrow from `bytes`.
///
/// # Errors
///
/// Any [`unwrap`] error; [`EnvelopeError::KindMismatch`] naming both kinds
/// if the envelope holds another kind; [`EnvelopeError::Decode`] if the
/// payload is not a valid `T`.
///
/// ```
/// use packed_core::Packed;
/// use ubjson_envelope::{EnvelopeError, Mode};
///
/// #[derive(Packed, Debug, PartialEq)]
/// #[packed(kind = 3)]
/// struct A { x: i32 }
///
/// #[derive(Packed, Debug, PartialEq)]
/// #[packed(kind = 4)]
/// struct B { x: i32 }
///
/// let bytes = ubjson_envelope::to_vec(&A { x: -1 })?;
/// assert_eq!(ubjson_envelope::from_slice::<A>(&bytes)?, A { x: -1 });
/// assert_eq!(
///     ubjson_envelope::from_slice::<B>(&bytes),
///     Err(EnvelopeError::KindMismatch { expected: 4, found: 3 })
/// );
/// # Ok::<(), EnvelopeError>(())
/// ```
pub fn from_slice<'de, T: Decode<'de> + Kind>(bytes: &'de [u8]) -> Result<T, EnvelopeError> {
    let (kind, payload) = unwrap(bytes)?;
    if kind != T::KIND {
        return Err(EnvelopeError::KindMismatch {
            expected: T::KIND,
            found: kind,
        });
    }
    Ok(packed_core::from_slice(payload)?)
}

/// Explains the envelope of `value` byte by byte: the UBJSON framing (role
/// [`Header`](packed_core::explain::Role::Header)), the kind (a value at path `kind`), the
/// payload count (a length at `payload`) and the record's own spans, with their own
/// paths (so an envelope lines up field by field with the bare record in
/// [`packed_core::compare`]).
///
/// ```
/// use packed_core::Packed;
///
/// #[derive(Packed)]
/// #[packed(kind = 1)]
/// struct Ping { seq: u32 }
///
/// let e = ubjson_envelope::explain(&Ping { seq: 7 }, ubjson_envelope::Mode::FixedInt32)?;
/// let t = e.by_role();
/// assert_eq!(t.total(), 4 + 37);
/// assert_eq!((t.header, t.length, t.value), (27, 5, 5 + 4));
/// assert!(e.spans().iter().any(|s| s.path == "seq"));
/// # Ok::<(), ubjson_envelope::EnvelopeError>(())
/// ```
///
/// # Errors
/// [`EnvelopeError::Encode`] if the record cannot be encoded;
/// [`EnvelopeError::KindOutOfRange`] or [`EnvelopeError::PayloadTooLong`] if the
/// mode cannot express the kind or the payload length.
pub fn explain<T: Encode + Kind + ?Sized>(
    value: &T,
    mode: Mode,
) -> Result<packed_core::explain::Explanation, EnvelopeError> {
    use packed_core::explain::Role;
    let record = packed_core::explain(value)?;
    let mut header = Vec::new();
    let at = Header::new(T::KIND, record.bytes().len(), mode)?.write(&mut header);
    Ok(record.wrapped(
        "",
        &[
            (Role::Header, "", &header[..at.kind]),
            (Role::Value, "kind", &header[at.kind..at.payload_key]),
            (Role::Header, "", &header[at.payload_key..at.count]),
            (Role::Length, "payload", &header[at.count..at.end]),
        ],
        &[(Role::Header, "", END)],
    ))
}
