//! `ArrayVec<T, CAP>` and `ArrayString<CAP>`: as `Vec<T>` and `String`. A length over
//! `CAP` is [`DecodeError::LengthOverCapacity`], before anything is read.

use arrayvec::{ArrayString, ArrayVec};

use super::super::seq::{check_bytes, claim, element, read_len, settle, Reserve};
use crate::fast::utf8::str_from_utf8;
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

/// Reads a length prefix and checks it against `cap`.
#[inline]
fn read_len_within<'de, C: Ctx, R: Reader<'de> + ?Sized>(
    r: &mut R,
    cap: usize,
) -> Result<(usize, usize), DecodeError> {
    let (offset, len) = read_len::<C, R>(r)?;
    if len > cap {
        return Err(DecodeError::LengthOverCapacity {
            offset,
            len: len as u64,
            capacity: cap,
        });
    }
    Ok((offset, len))
}

impl<T: Encode, const CAP: usize> Encode for ArrayVec<T, CAP> {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        self.as_slice().encode::<C, W>(w)
    }
}

/// The elements one at a time, as single values: an `ArrayVec` is not a `Vec`, so no
/// speed path reads into it (YAS's raw enum elements need the `Vec` form: use
/// `Vec` for a sequence of them under the YAS layouts).
impl<'de, T: Decode<'de>, const CAP: usize> Decode<'de> for ArrayVec<T, CAP> {
    const MIN_WIRE: usize = 1;
    const RESERVES_AHEAD: bool = T::RESERVES_AHEAD;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        let (offset, len) = read_len_within::<C, R>(r, CAP)?;
        let mut c = claim::<T, R>(offset, len, Reserve::Nothing, r)?;
        let mut v = ArrayVec::new();
        for _ in 0..len {
            v.push(element::<T, R, T, _>(&mut c, offset, r, |r| {
                T::decode::<C::Elem, R>(r)
            })?);
        }
        settle(c, r);
        Ok(v)
    }
}

impl<const CAP: usize> Encode for ArrayString<CAP> {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        self.as_str().encode::<C, W>(w)
    }
}

impl<'de, const CAP: usize> Decode<'de> for ArrayString<CAP> {
    const MIN_WIRE: usize = 1;
    const RESERVES_AHEAD: bool = false;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        let (offset, len) = read_len_within::<C, R>(r, CAP)?;
        check_bytes(offset, len, r)?;
        let start = r.offset();
        let bytes = r.read_cow(len)?;
        let s = str_from_utf8(&bytes, start)?;
        let mut out = ArrayString::new();
        out.push_str(s);
        Ok(out)
    }
}
