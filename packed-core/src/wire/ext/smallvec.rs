//! `SmallVec<[T; N]>`: as `Vec<T>`, a length prefix, then the elements (in the
//! contiguous form, as a `Vec`'s).

use alloc::vec::Vec;

use smallvec::SmallVec;

use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

impl<T: Encode, const N: usize> Encode for SmallVec<[T; N]> {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        self.as_slice().encode::<C, W>(w)
    }
}

impl<'de, T: Decode<'de>, const N: usize> Decode<'de> for SmallVec<[T; N]> {
    const MIN_WIRE: usize = 1;
    const RESERVES_AHEAD: bool = true;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        Vec::decode::<C, R>(r).map(SmallVec::from_vec)
    }
}
