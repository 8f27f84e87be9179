//! `LinkedList` and `BinaryHeap`: a length prefix, then the elements one at a time, as
//! single values (YAS's `std::list`, written as its `std::deque`; Bitsery's
//! `container` of a list). A heap is written in its internal order (`as_slice`),
//! which depends on how it was built, as a `HashMap`'s does on its hasher, and is
//! rebuilt into a heap on decode.

use alloc::collections::{BinaryHeap, LinkedList};

use super::seq::{decode_vec, write_len};
use crate::explain::elements;
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

impl<T: Encode> Encode for LinkedList<T> {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        write_len::<C, W>(self.len(), w)?;
        elements(w, 0, self, |w, item| item.encode::<C::Elem, W>(w))
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for LinkedList<T> {
    const MIN_WIRE: usize = 1;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        decode_vec::<C, T, R>(r, T::decode_append::<C::Elem, R>).map(LinkedList::from_iter)
    }
}

impl<T: Encode> Encode for BinaryHeap<T> {
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        write_len::<C, W>(self.len(), w)?;
        T::encode_slice::<C::Elem, W>(self.as_slice(), 0, w)
    }
}

impl<'de, T: Decode<'de> + Ord> Decode<'de> for BinaryHeap<T> {
    const MIN_WIRE: usize = 1;
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        decode_vec::<C, T, R>(r, T::decode_append::<C::Elem, R>).map(BinaryHeap::from)
    }
}
