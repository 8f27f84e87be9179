//! Strings and byte strings: `str`, `String`, `Box<str>`, `Cow<str>`, `&str`, `&[u8]`.
//!
//! A length prefix (the number of bytes), then the bytes. Strings must be UTF-8
//! ([`DecodeError::InvalidUtf8`] at the first invalid byte). `&str`, `&[u8]` and
//! `Cow<str>` borrow from a slice; decoding a borrowing type from a stream is
//! [`DecodeError::CannotBorrow`].

use alloc::{borrow::Cow, boxed::Box, string::String};

use super::seq::{check_bytes, len_size, read_len, write_len};
use crate::fast::copy::push_str_short;
use crate::fast::utf8::{str_from_utf8, string_from_slice, string_from_utf8};
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

/// Reads length-prefixed bytes, borrowed where the reader can (serde's byte strings).
#[cfg(feature = "serde")]
#[inline]
pub(crate) fn decode_bytes<'de, C: Ctx, R: Reader<'de> + ?Sized>(
    r: &mut R,
) -> Result<Cow<'de, [u8]>, DecodeError> {
    let (offset, len) = read_len::<C, R>(r)?;
    check_bytes(offset, len, r)?;
    r.read_cow(len)
}

/// Reads a string's length prefix and its bytes, borrowed where the reader can, with
/// the offset of the bytes (for [`DecodeError::InvalidUtf8`]); not checked as UTF-8.
#[cfg_attr(not(debug_assertions), inline(always))]
fn read_str_bytes<'de, C: Ctx, R: Reader<'de> + ?Sized>(
    r: &mut R,
) -> Result<(usize, Cow<'de, [u8]>), DecodeError> {
    let (offset, len) = read_len::<C, R>(r)?;
    check_bytes(offset, len, r)?;
    let start = r.offset();
    Ok((start, r.read_cow(len)?))
}

/// Reads a length-prefixed UTF-8 string, borrowed where the reader can.
#[cfg_attr(not(debug_assertions), inline(always))]
pub(crate) fn decode_str<'de, C: Ctx, R: Reader<'de> + ?Sized>(
    r: &mut R,
) -> Result<Cow<'de, str>, DecodeError> {
    match read_str_bytes::<C, R>(r)? {
        (start, Cow::Borrowed(b)) => str_from_utf8(b, start).map(Cow::Borrowed),
        (start, Cow::Owned(v)) => string_from_utf8(v, start).map(Cow::Owned),
    }
}

impl Encode for str {
    // Always inline: at `#[inline]` the compiler kept it out of line under some layouts
    // (fixed `u8` lengths), and the call cost more than the body.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        write_len::<C, W>(self.len(), w)?;
        w.write_var_bytes(self.as_bytes())
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn encoded_size<C: Ctx>(&self) -> usize {
        len_size::<C>(self.len()).wrapping_add(self.len())
    }
}

impl Encode for String {
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        self.as_str().encode::<C, W>(w)
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn encoded_size<C: Ctx>(&self) -> usize {
        self.as_str().encoded_size::<C>()
    }
}

impl<'de> Decode<'de> for String {
    const MIN_WIRE: usize = 1;
    const RESERVES_AHEAD: bool = false;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        match read_str_bytes::<C, R>(r)? {
            (start, Cow::Borrowed(b)) => string_from_slice(b, start),
            (start, Cow::Owned(v)) => string_from_utf8(v, start),
        }
    }

    #[cfg_attr(not(debug_assertions), inline(always))]
    fn decode_in_place<C: Ctx, R: Reader<'de> + ?Sized>(
        &mut self,
        r: &mut R,
    ) -> Result<(), DecodeError> {
        let s = decode_str::<C, R>(r)?;
        self.clear();
        push_str_short(self, &s);
        Ok(())
    }
}

impl<'de: 'a, 'a> Decode<'de> for &'a str {
    const MIN_WIRE: usize = 1;
    const RESERVES_AHEAD: bool = false;
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        let (offset, len) = read_len::<C, R>(r)?;
        check_bytes(offset, len, r)?;
        let start = r.offset();
        let bytes = r.borrow_bytes(len)?;
        str_from_utf8(bytes, start)
    }
}

impl<'de> Decode<'de> for Box<str> {
    const MIN_WIRE: usize = 1;
    const RESERVES_AHEAD: bool = false;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        String::decode::<C, R>(r).map(String::into_boxed_str)
    }
}

impl<'de: 'a, 'a> Decode<'de> for Cow<'a, str> {
    const MIN_WIRE: usize = 1;
    const RESERVES_AHEAD: bool = false;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        decode_str::<C, R>(r)
    }
}

/// Bytes borrowed from the input; written as any `[u8]` (a length, then the bytes).
impl<'de: 'a, 'a> Decode<'de> for &'a [u8] {
    const MIN_WIRE: usize = 1;
    const RESERVES_AHEAD: bool = false;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        let (offset, len) = read_len::<C, R>(r)?;
        check_bytes(offset, len, r)?;
        r.borrow_bytes(len)
    }
}
