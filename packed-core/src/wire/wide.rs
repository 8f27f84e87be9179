//! Wide strings: [`U16String`] (`std::u16string`) and [`WString`] (`std::wstring` with
//! a 32-bit `wchar_t`).
//!
//! Under Bitsery's conventions the number of code units, then each unit as an integer
//! (`text2b`, `text4b`: the bytes of a `Vec<u16>` or `Vec<u32>` of them); under YAS's,
//! UTF-8 as a `std::string`, which YAS converts one code unit at a time
//! (`detail/tools/utf8conv.hpp`): a `WString` is then its `String`'s bytes, and a
//! `U16String` CESU-8 (each UTF-16 surrogate as a three-byte sequence).

use alloc::string::String;

use super::seq::{check_bytes, claim, read_len, settle, write_len, Reserve};
use crate::cpp::{U16String, WString};
use crate::explain::{elements, framed, Role};
use crate::layout::{Conventions, Layout};
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

/// Whether wide strings are UTF-8 under `C` (YAS).
#[cfg_attr(not(debug_assertions), inline)]
fn utf8<C: Ctx>() -> bool {
    <<C::Layout as Layout>::Conventions as Conventions>::WIDE_STRING_UTF8
}

/// A character as YAS writes a `std::u16string`'s: UTF-8 of each of its UTF-16 code
/// units (a surrogate as `ED A0..BF xx`, `ED B0..BF xx`).
fn cesu8(c: char, out: &mut [u8; 6]) -> &[u8] {
    let mut units = [0u16; 2];
    let mut n = 0;
    for &unit in c.encode_utf16(&mut units).iter() {
        let unit = u32::from(unit);
        if unit < 0x80 {
            out[n] = unit as u8;
            n += 1;
        } else if unit < 0x800 {
            out[n..n + 2].copy_from_slice(&[0xC0 | (unit >> 6) as u8, 0x80 | (unit & 0x3F) as u8]);
            n += 2;
        } else {
            out[n..n + 3].copy_from_slice(&[
                0xE0 | (unit >> 12) as u8,
                0x80 | ((unit >> 6) & 0x3F) as u8,
                0x80 | (unit & 0x3F) as u8,
            ]);
            n += 3;
        }
    }
    &out[..n]
}

/// Decodes CESU-8 (YAS's `std::u16string`) starting at input offset `start`: UTF-8 of
/// one to three bytes per UTF-16 code unit, surrogates paired.
///
/// # Errors
/// [`DecodeError::InvalidUtf8`] at a byte that starts or continues no shortest
/// sequence of one to three bytes; [`DecodeError::InvalidUtf16`] at an unpaired
/// surrogate.
fn from_cesu8(bytes: &[u8], start: usize) -> Result<String, DecodeError> {
    let mut out = String::with_capacity(bytes.len());
    let mut i = 0;
    // The next code unit and its length, or the offset of the bad byte.
    let unit = |i: usize| -> Result<(u32, usize), usize> {
        let b0 = bytes[i];
        let cont = |k: usize| match bytes.get(i + k) {
            Some(&b) if b & 0xC0 == 0x80 => Ok(u32::from(b & 0x3F)),
            _ => Err(i + k),
        };
        match b0 {
            0x00..=0x7F => Ok((u32::from(b0), 1)),
            0xC2..=0xDF => Ok((u32::from(b0 & 0x1F) << 6 | cont(1)?, 2)),
            0xE0..=0xEF => {
                let u = u32::from(b0 & 0x0F) << 12 | cont(1)? << 6 | cont(2)?;
                if u < 0x800 {
                    return Err(i);
                }
                Ok((u, 3))
            }
            _ => Err(i),
        }
    };
    while i < bytes.len() {
        let (u, n) = unit(i).map_err(|at| DecodeError::InvalidUtf8 { offset: start + at })?;
        let c = match u {
            0xD800..=0xDBFF if i + n < bytes.len() => match unit(i + n) {
                Ok((low @ 0xDC00..=0xDFFF, m)) => {
                    let c = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00);
                    i += m;
                    char::from_u32(c)
                }
                _ => None,
            },
            _ => char::from_u32(u),
        };
        match c {
            Some(c) => out.push(c),
            None => return Err(DecodeError::InvalidUtf16 { offset: start + i }),
        }
        i += n;
    }
    Ok(out)
}

impl Encode for U16String {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        if utf8::<C>() {
            let mut buf = [0u8; 6];
            let len = self.0.chars().map(|c| cesu8(c, &mut buf).len()).sum();
            write_len::<C, W>(len, w)?;
            return framed(w, Role::Value, |w| {
                self.0
                    .chars()
                    .try_for_each(|c| w.write_bytes(cesu8(c, &mut buf)))
            });
        }
        write_len::<C, W>(self.0.encode_utf16().count(), w)?;
        elements(w, 0, self.0.encode_utf16(), |w, unit| {
            unit.encode::<C::Elem, W>(w)
        })
    }
}

impl<'de> Decode<'de> for U16String {
    const MIN_WIRE: usize = 1;
    const RESERVES_AHEAD: bool = false;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        let (offset, len) = read_len::<C, R>(r)?;
        if utf8::<C>() {
            check_bytes(offset, len, r)?;
            let start = r.offset();
            return from_cesu8(&r.read_cow(len)?, start).map(U16String);
        }
        let c = claim::<u16, R>(offset, len, Reserve::vec::<u16>(), r)?;
        let mut out = String::with_capacity(c.cap);
        let mut high: Option<(usize, u16)> = None;
        for _ in 0..len {
            let at = r.offset();
            let unit = u16::decode::<C::Elem, R>(r)?;
            let c = match (high.take(), unit) {
                (None, 0xD800..=0xDBFF) => {
                    high = Some((at, unit));
                    continue;
                }
                (Some((_, h)), 0xDC00..=0xDFFF) => char::decode_utf16([h, unit]).next(),
                (Some((h_at, _)), _) => return Err(DecodeError::InvalidUtf16 { offset: h_at }),
                (None, _) => char::decode_utf16([unit]).next(),
            };
            match c {
                Some(Ok(c)) => out.push(c),
                _ => return Err(DecodeError::InvalidUtf16 { offset: at }),
            }
        }
        if let Some((at, _)) = high {
            return Err(DecodeError::InvalidUtf16 { offset: at });
        }
        settle(c, r);
        Ok(U16String(out))
    }
}

impl Encode for WString {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        if utf8::<C>() {
            return self.0.encode::<C, W>(w);
        }
        write_len::<C, W>(self.0.chars().count(), w)?;
        elements(w, 0, self.0.chars(), |w, c| {
            u32::from(c).encode::<C::Elem, W>(w)
        })
    }
}

impl<'de> Decode<'de> for WString {
    const MIN_WIRE: usize = 1;
    const RESERVES_AHEAD: bool = false;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        if utf8::<C>() {
            return String::decode::<C, R>(r).map(WString);
        }
        let (offset, len) = read_len::<C, R>(r)?;
        let c = claim::<u32, R>(offset, len, Reserve::vec::<u32>(), r)?;
        let mut out = String::with_capacity(c.cap);
        for _ in 0..len {
            let at = r.offset();
            let value = u32::decode::<C::Elem, R>(r)?;
            out.push(char::from_u32(value).ok_or(DecodeError::InvalidChar { offset: at, value })?);
        }
        settle(c, r);
        Ok(WString(out))
    }
}
