//! `Uuid`: its 16 bytes in the order `as_bytes` gives them (RFC 9562's byte order, and
//! a `boost::uuids::uuid`'s), in every layout.

use uuid::Uuid;

use crate::explain::{framed, Role};
use crate::fast::FixedSize;
use crate::{Ctx, Decode, DecodeError, Encode, EncodeError, Reader, Writer};

impl Encode for Uuid {
    #[cfg_attr(not(debug_assertions), inline)]
    fn fixed_size<C: Ctx>() -> FixedSize<Self> {
        FixedSize::of(16)
    }
    #[inline]
    fn encode<C: Ctx, W: Writer + ?Sized>(&self, w: &mut W) -> Result<(), EncodeError> {
        framed(w, Role::Value, |w| w.write_bytes(self.as_bytes()))
    }
}

impl<'de> Decode<'de> for Uuid {
    const MIN_WIRE: usize = 16;
    const RESERVES_AHEAD: bool = false;
    #[cfg_attr(not(debug_assertions), inline)]
    fn fixed_size<C: Ctx>() -> FixedSize<Self> {
        FixedSize::of(16)
    }
    #[inline]
    fn decode<C: Ctx, R: Reader<'de> + ?Sized>(r: &mut R) -> Result<Self, DecodeError> {
        let mut b = [0u8; 16];
        r.read_into(&mut b)?;
        Ok(Uuid::from_bytes(b))
    }
}
