//! Finding the field path of an error: only once an operation has failed, by running it
//! again through [`explain`](crate::explain())'s recording writer, which tracks field
//! paths. Nothing here runs when an operation succeeds, and the derive emits nothing
//! for it: the paths are the ones the encoders already report to every writer.
//!
//! - Encoding: the value is written again to a [`Recorder`] that keeps only the path
//!   (not the bytes, which may be many more than the value holds); where the write
//!   fails, the recorder's path is the failing field's (a field's path is popped only
//!   after the field is written).
//! - Decoding: there is no value to write, so one is made. The input is completed past
//!   the error's offset ([`ProbeReader`](replay::ProbeReader)), first with the byte at
//!   the offset set to zero (the shortest value of nearly every item: length 0, `None`,
//!   `false`, the first variant) and the rest of the input as it is, which keeps the
//!   order of a map's later entries; where that fails, with zeros from the offset on.
//!   Where a zero is not valid either, [`ProbeReader::repair`](replay::ProbeReader::repair)
//!   patches it (a growable record's smallest size, the next tag, the expected enum
//!   size byte) and the completion is decoded again, a few times at most. The value
//!   that decodes is written to a [`Recorder`] that keeps the input's growable records
//!   as [`Config::explain_input`](crate::Config::explain_input) does, and the path is
//!   that of the bytes at the error's offset, provided the bytes written up to there
//!   are the input's (else a value in a longer form than this library writes has moved
//!   them). An error about a value that starts inside a byte of a bit-packed value (an
//!   unknown tag, a length over its `max`) names that byte, which also holds earlier
//!   fields' bits: there the completion keeps the byte's lowest bits, 7 down to 1, and
//!   the path is that of the value starting right after them, if one does.
//!
//! What each type compiles for this is kept small, since every type that is decoded
//! from a slice has it: a type without lifetime parameters decodes a copy of the
//! completed input through a [`SliceReader`](crate::SliceReader), the decode that
//! `from_slice` already compiled for it; only a borrowing type, whose value must borrow
//! from the input itself, reads it through the [`ProbeReader`](replay::ProbeReader), a
//! decode of its own. Both replays then write the value with [`Record`], the one
//! recorder encode per type, which the encode replay shares; the completion, the
//! repairs and the attaching are compiled once, in this crate. Still, the recorder's
//! encode is code per type, so the replays sit behind the default feature
//! `error-paths`; without it errors carry no path.

use alloc::string::String;

#[cfg(feature = "error-paths")]
use crate::explain::Recorder;
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Error, Limits, Reader};

/// The decode replay, compiled only with the `error-paths` feature.
#[cfg(feature = "error-paths")]
mod replay;
#[cfg(feature = "error-paths")]
pub(crate) use replay::{decode_path, owned_decode_path};

/// Attaches the path of `error`, which encoding `value` under context `C` returned.
/// The generic part is the recorder's encode ([`Record`]); the rest is compiled once
/// ([`locate_encode_error`]).
#[cold]
#[inline(never)]
#[cfg_attr(
    not(feature = "error-paths"),
    allow(clippy::extra_unused_type_parameters)
)]
pub(crate) fn encode_error<C: Ctx, T: Encode + ?Sized>(
    value: &T,
    error: EncodeError,
) -> Error<EncodeError> {
    #[cfg(feature = "error-paths")]
    return if T::REPORTS_PATHS {
        locate_encode_error(error, &Record::<C, T>::new(value))
    } else {
        error.into()
    };
    #[cfg(not(feature = "error-paths"))]
    {
        let _ = value;
        error.into()
    }
}

/// `value` to be written under context `C`, with its header, to the recorder
/// ([`WriteTo`]): the one encode of a type that both replays compile, out of line so
/// that they share it. The encode replay calls it through `&dyn WriteTo`, which needs
/// neither a closure nor a shim per type.
#[cfg(feature = "error-paths")]
pub(crate) struct Record<'a, C, T: ?Sized> {
    value: &'a T,
    ctx: core::marker::PhantomData<C>,
}

#[cfg(feature = "error-paths")]
impl<'a, C, T: ?Sized> Record<'a, C, T> {
    #[inline]
    pub(crate) fn new(value: &'a T) -> Self {
        Self {
            value,
            ctx: core::marker::PhantomData,
        }
    }
}

/// Writes a value to the recorder: see [`Record`].
#[cfg(feature = "error-paths")]
pub(crate) trait WriteTo {
    fn write_to(&self, w: &mut Recorder) -> Result<(), EncodeError>;
}

#[cfg(feature = "error-paths")]
impl<C: Ctx, T: Encode + ?Sized> WriteTo for Record<'_, C, T> {
    #[inline(never)]
    fn write_to(&self, w: &mut Recorder) -> Result<(), EncodeError> {
        T::encode_header::<C, _>(w)?;
        self.value.encode::<C, _>(w)
    }
}

/// Where the encode that `value` writes again failed with `error`: it writes to a
/// [`Recorder`] that keeps only the path ([`Recorder::path_only`]), which is then the
/// failing field's.
#[cfg(feature = "error-paths")]
#[inline(never)]
fn locate_encode_error(error: EncodeError, value: &dyn WriteTo) -> Error<EncodeError> {
    if error.is_about_message() {
        return error.into();
    }
    let mut w = Recorder::path_only();
    let path = match value.write_to(&mut w) {
        // The recorder writes field by field where the first run may have written
        // runs: only an error it meets too is located.
        Err(again) if again == error => Some(w.path_here()),
        _ => None,
    };
    Error::new(error, path.as_deref())
}

/// Attaches the path of `error`, which decoding a `T` under context `C` from `input`
/// with `limits` returned. The generic parts are whether `T` reads a header and
/// [`Decode::error_path`]; the rest is compiled once.
#[cold]
#[inline(never)]
pub(crate) fn decode_error<'de, C: Ctx, T: Decode<'de>>(
    input: &'de [u8],
    limits: Limits,
    error: DecodeError,
) -> Error<DecodeError> {
    locate_decode_error(
        input,
        limits,
        error,
        reads_no_header::<C, T>,
        T::error_path::<C>,
    )
}

/// Whether a `T` under `C` reads no header from `input`.
fn reads_no_header<'de, C: Ctx, T: Decode<'de>>(input: &'de [u8]) -> bool {
    let mut r = crate::SliceReader::new(input);
    T::decode_header::<C, _>(&mut r).is_ok() && r.offset() == 0
}

/// [`decode_error`] past its generic parts: a YAS header's hint, else the path that
/// `path` finds.
#[inline(never)]
fn locate_decode_error<'de>(
    input: &'de [u8],
    limits: Limits,
    error: DecodeError,
    reads_no_header: fn(&'de [u8]) -> bool,
    path: fn(&'de [u8], Limits, &DecodeError) -> Option<String>,
) -> Error<DecodeError> {
    if let Some(hint) = yas_header_hint(input, &error, reads_no_header) {
        return hint.into();
    }
    if error.is_about_message() {
        return error.into();
    }
    let path = path(input, limits, &error);
    Error::new(error, path.as_deref())
}

/// [`DecodeError::UnexpectedYasHeader`] where a type that reads no header
/// (`reads_no_header`) failed inside the value on input that starts with a YAS binary header: `yas`, then four uppercase hex
/// digits of a word with version 7, type binary, and no bit past `compacted`.
fn yas_header_hint<'de>(
    input: &'de [u8],
    error: &DecodeError,
    reads_no_header: fn(&'de [u8]) -> bool,
) -> Option<DecodeError> {
    // A header of the type's own, a value that decoded whole before trailing bytes,
    // input over the byte limit: not a headerless reading of YAS output.
    if matches!(
        error,
        DecodeError::BadHeader { .. }
            | DecodeError::TrailingBytes { .. }
            | DecodeError::ByteLimitExceeded { .. }
    ) {
        return None;
    }
    let found: [u8; 7] = input.get(..7)?.try_into().ok()?;
    let upper_hex = |b: &u8| b.is_ascii_digit() || (b'A'..=b'F').contains(b);
    if &found[..3] != b"yas" || !found[3..].iter().all(upper_hex) {
        return None;
    }
    let digits = core::str::from_utf8(&found[3..]).ok()?;
    let word = u16::from_str_radix(digits, 16).ok()?;
    const VERSION: u16 = 7;
    const BINARY: u16 = 1 << 4;
    const BIG: u16 = 1 << 7;
    const COMPACTED: u16 = 1 << 8;
    if word & !(BIG | COMPACTED) != VERSION | BINARY {
        return None;
    }
    // The type reads a header of its own (a YAS layout): the header was its own.
    if !reads_no_header(input) {
        return None;
    }
    let layout = match (word & BIG != 0, word & COMPACTED != 0) {
        (false, false) => "Yas",
        (true, false) => "YasBig",
        (false, true) => "YasCompacted",
        (true, true) => "YasCompactedBig",
    };
    Some(DecodeError::UnexpectedYasHeader { found, layout })
}
