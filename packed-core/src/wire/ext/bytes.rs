//! `Bytes` and `BytesMut`: as `[u8]`, a length prefix, then the bytes. Decoding copies
//! them into a new buffer.

use alloc::vec::Vec;

use bytes::{Bytes, BytesMut};

use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

macro_rules! byte_buffers {
    ($($t:ident),*) => {$(
        impl Encode for $t {
            #[inline]
            fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
                self[..].encode::<C, W>(w)
            }
        }
        impl<'de> Decode<'de> for $t {
            const MIN_WIRE: usize = 1;
            const RESERVES_AHEAD: bool = false;
            #[inline]
            fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
                Vec::<u8>::decode::<C, R>(r).map(|v| $t::from(Bytes::from(v)))
            }
        }
    )*};
}
byte_buffers!(Bytes, BytesMut);
