//! Finding the field path of an error: only once an operation has failed, by running it
//! again through [`explain`](crate::explain())'s recording writer, which tracks field
//! paths. Nothing here runs when an operation succeeds, and the derive emits nothing
//! for it: the paths are the ones the encoders already report to every writer.
//!
//! - Encoding: the value is written again to a [`Recorder`]; where the write fails, the
//!   recorder's path is the failing field's (a field's path is popped only after the
//!   field is written).
//! - Decoding: there is no value to write, so one is made. The input is read again by
//!   a [`ProbeReader`](replay::ProbeReader), first with the byte at the error's offset
//!   set to zero (the shortest value of nearly every item: length 0, `None`, `false`,
//!   the first variant) and the rest of the input as it is, which keeps the order of a
//!   map's later entries; where that fails, with zeros from the error's offset on.
//!   Where a zero is not valid either, [`ProbeReader::repair`](replay::ProbeReader::repair)
//!   patches it (a growable record's smallest size, the next tag, the expected enum
//!   size byte) and reads again, a few times at most. The value that decodes is written
//!   to a [`Recorder`] that keeps the input's growable records as
//!   [`Config::explain_input`](crate::Config::explain_input) does, and the path is that
//!   of the bytes at the error's offset, provided the bytes written up to there are the
//!   input's (else a value in a longer form than this library writes has moved them).
//!
//! Both replays are compiled code per type (a second, cold encode and decode), so they
//! sit behind the default feature `error-paths`; without it errors carry no path.

use alloc::string::String;

#[cfg(feature = "error-paths")]
use crate::explain::Recorder;
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Error, Limits, Reader};

/// The decode replay, compiled only with the `error-paths` feature.
#[cfg(feature = "error-paths")]
mod replay;
#[cfg(feature = "error-paths")]
pub(crate) use replay::decode_path;

/// Attaches the path of `error`, which encoding `value` under context `C` returned.
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
    if error.is_about_message() {
        return error.into();
    }
    #[cfg(feature = "error-paths")]
    let path = encode_path::<C, T>(value, &error);
    #[cfg(not(feature = "error-paths"))]
    let path: Option<String> = {
        let _ = value;
        None
    };
    Error::new(error, path.as_deref())
}

/// Where encoding `value` failed with `error`: it is written again to a [`Recorder`].
#[cfg(feature = "error-paths")]
fn encode_path<C: Ctx, T: Encode + ?Sized>(value: &T, error: &EncodeError) -> Option<String> {
    let mut w = Recorder::default();
    match T::encode_header::<C, _>(&mut w).and_then(|()| value.encode::<C, _>(&mut w)) {
        // The recorder writes field by field where the first run may have written
        // runs: only an error it meets too is located.
        Err(again) if again == *error => Some(w.path_here()),
        _ => None,
    }
}

/// Attaches the path of `error`, which decoding a `T` under context `C` from `input`
/// with `limits` returned.
#[cold]
#[inline(never)]
pub(crate) fn decode_error<'de, C: Ctx, T: Decode<'de>>(
    input: &'de [u8],
    limits: Limits,
    error: DecodeError,
) -> Error<DecodeError> {
    if let Some(hint) = yas_header_hint::<C, T>(input, &error) {
        return hint.into();
    }
    if error.is_about_message() {
        return error.into();
    }
    let path = T::error_path::<C>(input, limits, &error);
    Error::new(error, path.as_deref())
}

/// [`DecodeError::UnexpectedYasHeader`] where a `T` that reads no header under `C`
/// failed inside the value on input that starts with a YAS binary header: `yas`, then four uppercase hex
/// digits of a word with version 7, type binary, and no bit past `compacted`.
fn yas_header_hint<'de, C: Ctx, T: Decode<'de>>(
    input: &'de [u8],
    error: &DecodeError,
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
    let mut r = crate::SliceReader::new(input);
    T::decode_header::<C, _>(&mut r).ok()?;
    if r.offset() != 0 {
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
